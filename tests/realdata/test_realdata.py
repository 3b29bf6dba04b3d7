"""The real card databases: the converter (deckcheck.realdata), the shipped EVOLVE and Cipher data, name resolution by
section, EVOLVE's restricted list, and the 12 real tournament decks.

The source excerpts and the tournament sample in tests/data/realdata/ are copies of the realdata files described in
carddb/README.md (EVOLVE: jeyukburrito/sve-meta, commit b49f3d98; Cipher: Decksteria/Decksteria.FECipher, commit
8ff15abd).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import unicodedata
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from conftest import cipher_unit, make_db, make_deck, rule_ids

from deckcheck._api import load_deck
from deckcheck._util.text import display_width
from deckcheck.carddb.db import load_carddb
from deckcheck.checking.deck import check_deck
from deckcheck.checking.regulations import load_regulations
from deckcheck.engine.deal import deal
from deckcheck.games.cipher import CipherCard
from deckcheck.games.evolve import EvolveCard, basis_status
from deckcheck.realdata import main, validate
from deckcheck.realdata.cipher import add_names
from deckcheck.realdata.cipher import convert as convert_cipher
from deckcheck.realdata.evolve import convert as convert_evolve

DATA = Path(__file__).resolve().parents[1] / "data" / "realdata"
REPO = Path(__file__).resolve().parents[2]
SAMPLE_DECKS = json.loads((DATA / "evolve-tournament-decks-sample.json").read_text(encoding="utf-8"))
PRICONNE = "プリンセスコネクト!Re:Dive"


def excerpt(name: str) -> list[dict[str, Any]]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def facts_excerpt() -> list[dict[str, Any]]:
    """The entries of facts-1.24.1.json for the excerpt's 4 CP03/CSD03a records."""
    return json.loads((DATA / "evolve-facts-1.24.1-excerpt.json").read_text(encoding="utf-8"))["cards"]


def by_number(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {record["number"]: record for record in records}


def shipped_records(game: str) -> dict[str, dict[str, Any]]:
    with open(REPO / "carddb" / game / "cards.toml", "rb") as file:
        return by_number(tomllib.load(file)["cards"])


# The EVOLVE converter -----------------------------------------------------------------------------------------


def test_evolve_excerpt_maps_every_kind():
    conversion = convert_evolve(excerpt("evolve-cards-excerpt.json"))
    assert validate(conversion) == [] and conversion.rejected == []
    records = by_number(conversion.records)
    assert records["BP01-086"] == {
        "number": "BP01-086",
        "name": "神龍",
        "type": "follower",
        "class": "dragon",
        "cost": 5,
        "attack": 4,
        "defense": 5,
        "traits": ["竜族"],
        "set": "BP01",
    }
    assert records["BP01-087"]["evolve"] is True and "cost" not in records["BP01-087"]
    assert records["BP10-004"]["advance"] is True and records["BP10-004"]["type"] == "follower"
    assert records["BP01-T01"]["token"] is True and records["BP01-T01"]["type"] == "spell"
    assert records["CP04-PR33"] | {} == records["CP04-PR33"] and records["CP04-PR33"]["type"] == "equipment"
    assert records["CP04-PR33"]["token"] is True and records["CP04-PR33"]["title"] == PRICONNE
    assert "title" not in records["BP01-LD01"] and records["BP01-LD01"]["class"] == "forest"
    assert records["CP01-LD01"]["title"] == "ウマ娘 プリティーダービー" and records["CP01-LD01"]["class"] == "forest"
    assert records["PR-032"]["title"] == "ウマ娘 プリティーダービー"  # a promo: the title its traits name
    assert records["CSD03a-017"]["title"] == "カードファイト!! ヴァンガード"
    assert records["ECP01-001"]["name"] == records["ECP01-002"]["name"] == "ホッコータルマエ"
    # the construction sentences, for the section each names
    assert records["BP09-049"]["deck_limit"] == 50 and "evolve" not in records["BP09-049"]
    assert records["CP01-085"]["deck_limit"] == records["PR-052"]["deck_limit"] == 10
    assert records["CP01-085"]["evolve"] is True
    # EP/SEP are point markers: left out with a note naming the record
    assert "BP12-EP" not in records
    assert conversion.notes == [(8, "BP12-EP", "EP (a point marker, not a card of a deck): left out")]


def test_the_shipped_evolve_records_are_the_converters_output():
    conversion = convert_evolve(excerpt("evolve-cards-excerpt.json"), facts_excerpt())
    shipped = shipped_records("evolve")
    for number, record in by_number(conversion.records).items():
        assert shipped[number] == record


def test_evolve_odd_widths_are_read_and_numbers_and_names_kept_as_printed():
    item = {"card_code": "ＢＰ０１－００１", "name": " ローズ　クイーン ", "class": "ｴﾙﾌ", "card_type": "フォロワー"}
    item |= {"sub_type": "植物族", "cost": "８", "attack": "7", "hp": "7", "set": "BP01"}
    conversion = convert_evolve([item])
    assert conversion.rejected == [] and conversion.records[0]["number"] == "ＢＰ０１－００１"  # only trimmed
    assert conversion.records[0]["name"] == "ローズ　クイーン" and conversion.records[0]["cost"] == 8
    assert conversion.records[0]["class"] == "forest"
    evolved = item | {"card_code": "BP01-002", "card_type": "ﾌｫﾛﾜｰ ･ ｴﾎﾞﾙｳﾞ", "cost": "-"}
    [record] = convert_evolve([evolved]).records  # half-width kind, spaces around the middle dot
    assert (record["type"], record["evolve"]) == ("follower", True)


GOOD = {"card_code": "X-1", "name": "A", "class": "エルフ", "card_type": "フォロワー", "sub_type": "-"}
GOOD |= {"cost": "1", "attack": "1", "hp": "1", "set": "BP01"}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"card_type": "クレスト"}, "field 'card_type': unknown kind 「クレスト」"),
        ({"card_type": "フォロワー・クレスト"}, "field 'card_type': unknown kind"),
        ({"card_type": "リーダー・エボルヴ"}, "field 'card_type': unknown kind 「リーダー・エボルヴ」"),
        ({"card_type": "イクイップメント"}, "field 'card_type': unknown kind 「イクイップメント」"),
        ({"card_type": "フォロワー・エボルヴ・アドバンス"}, "field 'card_type': unknown kind"),
        ({"card_type": "スペル・トークン・トークン"}, "field 'card_type': unknown kind"),
        ({"card_code": ""}, "field 'card_code': is missing or empty"),
        ({"card_code": None}, "field 'card_code': is missing or empty"),
        ({"name": "  "}, "field 'name': is missing or empty"),
        ({"cost": "2+"}, "field 'cost': '2+' is not a whole number (up to 6 digits) or '-'"),
        ({"hp": "9" * 5000}, "field 'hp': '" + "9" * 39 + "… (5002 characters) is not a whole number (up to 6"),
        ({"attack": "X"}, "field 'attack': 'X' is not a whole number (up to 6 digits) or '-'"),
        ({"class": "ネクロマンサー"}, "field 'class': unknown class 「ネクロマンサー」"),
        ({"deckbuilding": ["これは強い"]}, "field 'deckbuilding': 「これは強い」 is not a construction sentence"),
        (
            {"deckbuilding": ["『B』は自分のデッキに50枚まで入れることができる"]},
            "field 'deckbuilding': 「『B』は自分のデッキに50枚まで入れることができる」 is about another card",
        ),
        (
            {"deckbuilding": ["これはエボルヴデッキに10枚まで入れることができる"]},
            "names the evolve deck, but the card is not built there",
        ),
    ],
)
def test_evolve_records_that_cannot_be_mapped_are_named(change, reason):
    conversion = convert_evolve([GOOD | {"card_code": "X-0"}, GOOD | change])
    assert [r["number"] for r in conversion.records] == ["X-0"]
    [(index, _, why)] = conversion.rejected
    assert index == 2 and reason in why


def test_evolve_duplicate_number_keeps_the_first():
    conversion = convert_evolve([GOOD, GOOD | {"name": "B"}, GOOD | {"card_code": "x-1"}])
    assert [r["name"] for r in conversion.records] == ["A"]
    assert [(i, n) for i, n, _ in conversion.rejected] == [(2, "X-1"), (3, "x-1")]
    assert "duplicate number (record 1 has it too)" in conversion.rejected[0][2]


# The facts of rules Ver.1.24.1 (facts-1.24.1.json) -------------------------------------------------------------


def test_evolve_facts_are_added_to_the_records_they_name():
    conversion = convert_evolve(excerpt("evolve-cards-excerpt.json"), facts_excerpt())
    assert validate(conversion) == [] and conversion.rejected == []
    records = by_number(conversion.records)
    assert records["CP03-015"]["trigger"] == "critical" and records["CP03-018"]["trigger"] == "heal"
    assert records["CP03-021"]["start_amulet"] is True and records["CSD03a-016"]["start_amulet"] is True
    assert "start_amulet" not in records["CP03-015"] and "trigger" not in records["CP03-021"]
    assert not any(
        "trigger" in r or "start_amulet" in r for n, r in records.items() if not n.startswith(("CP03", "CSD03"))
    )
    assert conversion.notes[-1] == (0, "facts-1.24.1.json", "4 entries: start_amulet added to 2 records, trigger to 2")


ERIC = {"card_code": "CP03-021", "name": "士官候補生 エリック", "class": "エルフ", "start_amulet": True}


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (ERIC | {"card_code": "CP03-999"}, "field 'card_code': no record of the source has this number"),
        (ERIC | {"card_code": "BP12-EP"}, "field 'card_code': the source record 8 of this number is not written"),
        (
            ERIC | {"name": "士官候補生 アンドゥー"},
            "field 'name': 「士官候補生 アンドゥー」, but the source names CP03-021",
        ),
        (ERIC | {"class": "ロイヤル"}, "field 'class': 「ロイヤル」, but the source gives CP03-021 forest"),
        (ERIC | {"start_amulet": "yes"}, "field 'start_amulet': must be true or false, not 'yes'"),
        (ERIC | {"trigger": "boost"}, "field 'trigger': unknown trigger 'boost' (known: critical, draw, stand, heal)"),
        (ERIC | {"double_sided": True}, "field 'double_sided': is not a fact deckcheck reads"),
        ({"card_code": "CP03-021", "name": "士官候補生 エリック"}, "gives neither start_amulet = true nor a trigger"),
        ({"name": "士官候補生 エリック", "start_amulet": True}, "field 'card_code': is missing or empty"),
        ("CP03-021", "must be an object, not str"),
    ],
)
def test_a_facts_entry_that_cannot_be_applied_is_rejected_by_its_entry(entry, reason):
    conversion = convert_evolve(excerpt("evolve-cards-excerpt.json"), [facts_excerpt()[0], entry])
    [(index, where, why)] = conversion.rejected
    assert index == 0 and where.startswith("facts-1.24.1.json entry 2") and reason in why
    records = by_number(conversion.records)
    assert "start_amulet" not in records["CP03-021"] and records["CP03-015"]["trigger"] == "critical"


def test_a_card_named_by_two_facts_entries_keeps_the_first():
    conversion = convert_evolve(excerpt("evolve-cards-excerpt.json"), [ERIC, ERIC | {"trigger": "heal"}])
    assert conversion.rejected == [
        (0, "facts-1.24.1.json entry 2, CP03-021", "field 'card_code': entry 1 gives the facts of this card already")
    ]
    assert "trigger" not in by_number(conversion.records)["CP03-021"]


# The Cipher converter ----------------------------------------------------------------------------------------


def test_cipher_excerpt_maps_symbols_costs_ranges_and_printings():
    conversion = convert_cipher(excerpt("cipher-cards-excerpt.json"))
    assert validate(conversion) == [] and conversion.rejected == []
    records = by_number(conversion.records)
    marth = records["B01-001"]
    assert marth["name"] == "Savior of His Realm Marth" and marth["symbols"] == ["blade-of-light"]
    assert (marth["cost"], marth["cc_cost"], marth["range"]) == (5, 4, "1")
    assert marth["printings"] == ["B01-001SR", "B01-001SR+"] and marth["rarity"] == "SR / SR+"
    assert (marth["genders"], marth["weapons"]) == (["male"], ["sword"])
    assert "cc_cost" not in records["B01-002"]  # '-' = no class-change cost
    assert any(r["cost"] == "X" or r.get("cc_cost") == "X" for r in records.values())
    assert any(r["symbols"] == [] for r in records.values())  # None = no symbol
    assert any(r["symbols"] == ["hoshido", "nohr"] for r in records.values())
    assert any(r["range"] in ("1-3", "2-3", "3") for r in records.values())
    # Risen a/b/c: one number, three cards; "any number" by their own text
    risen = [r for n, r in records.items() if n.startswith("B08-047")]
    assert [r["number"] for r in risen] == ["B08-047a", "B08-047b", "B08-047c"]
    assert {r["deck_limit"] for r in risen} == {"any"} and risen[2]["range"] == "1"
    # printings of one number whose facts differ keep their own codes
    assert {"B20-001SR", "B20-001SR+"} <= set(records) and "B20-001" not in records
    # a printing the source lists twice under two translations: kept with the first, the other left out
    assert records["B02-093"]["name"] == "Well-Dressed Prince Forrest"
    assert records["B02-093"]["printings"] == ["B02-093R", "B02-093R+"]
    notes = [(number, reason) for _, number, reason in conversion.notes]
    assert any(n == "B02-093R+" and "left out" in why and "Beautiful Prince Forrest" in why for n, why in notes)


def test_the_shipped_cipher_records_are_the_converters_output():
    conversion = convert_cipher(excerpt("cipher-cards-excerpt.json"))
    add_names(conversion, excerpt("cipher-names-ja-excerpt.json"))
    shipped = shipped_records("cipher")
    for number, record in by_number(conversion.records).items():
        assert shipped[number] == record
    assert shipped["B01-001"]["names_ja"] == ["救国の英雄 マルス"]
    # S02-005 (a Japanese name whose card the excerpt of the English list leaves out) is named, not dropped
    assert [(where, reason) for _, where, reason in conversion.rejected] == [
        ("names-ja.json entry 7, S02-005", "field 'number': no written record has this number")
    ]


def test_cipher_japanese_names_are_added_after_the_name_with_both_spellings():
    conversion = convert_cipher([CIPHER_GOOD, CIPHER_GOOD | {"printings": [{"CardCode": "B99-002N"}]}])
    entries: list[Any] = [
        {"number": "B99-001", "name_ja": " 心癒す翼 シーダ ", "alt_name_ja": "心癒やす翼 シーダ"},
        {"number": "b99-002", "name_ja": "同じ 名前", "alt_name_ja": "同じ 名前"},  # one spelling once
        {"number": "B99-001", "name_ja": "二度目"},
        {"number": "B99-003", "name_ja": "ない カード"},
        {"number": "B99-002", "name_ja": ""},
        {"number": "B99-002", "name_ja": "制御\x1b文字"},
        "not an object",
    ]
    add_names(conversion, entries)
    first, second = conversion.records
    assert list(first)[:3] == ["number", "name", "names_ja"]
    assert first["names_ja"] == ["心癒す翼 シーダ", "心癒やす翼 シーダ"] and second["names_ja"] == ["同じ 名前"]
    assert [(where, reason) for _, where, reason in conversion.rejected] == [
        ("names-ja.json entry 3, B99-001", "field 'number': entry 1 gives the names of this card already"),
        ("names-ja.json entry 4, B99-003", "field 'number': no written record has this number"),
        ("names-ja.json entry 5, B99-002", "field 'name_ja': is missing or empty"),
        ("names-ja.json entry 6, B99-002", "field 'name_ja': '制御\\x1b文字' holds a control or format character"),
        ("names-ja.json entry 7", "field '-': must be an object, not str"),
    ]
    assert ("names-ja.json", "7 entries: Japanese names added to 2 records") in [n[1:] for n in conversion.notes]
    assert validate(conversion) == []  # the records load as cards


def test_cipher_conversion_reads_the_japanese_names_beside_the_source(tmp_path, capsys):
    source = tmp_path / "cards.json"
    source.write_text(json.dumps([CIPHER_GOOD]), encoding="utf-8")
    (tmp_path / "out").mkdir()
    assert main(["cipher", str(source), str(tmp_path / "out")]) == 0
    assert "not beside the source: the Japanese names (names_ja) were not added" in capsys.readouterr().out
    assert "names_ja" not in (tmp_path / "out" / "cipher" / "cards.toml").read_text(encoding="utf-8")
    (tmp_path / "names-ja.json").write_text(json.dumps([{"number": "B99-001", "name_ja": "名前 ユ"}]), encoding="utf-8")
    assert main(["cipher", str(source), str(tmp_path / "out")]) == 0
    written = (tmp_path / "out" / "cipher" / "cards.toml").read_text(encoding="utf-8")
    assert 'names_ja = ["名前 ユ"]' in written
    assert "# Also from names-ja.json: UDON-man/FE-Cipher-Online" in written  # the provenance, in the header
    (tmp_path / "names-ja.json").write_text("{}", encoding="utf-8")
    assert main(["cipher", str(source), str(tmp_path / "out")]) == 2
    assert "names-ja.json: must be a JSON list" in capsys.readouterr().err


CIPHER_GOOD = {"Character": "U", "Title": "T", "Color": ["Red"], "Cost": "1", "ClassChangeCost": "-"}
CIPHER_GOOD |= {"Class": "C", "Type": ["Male", "Sword "], "MinRange": 1, "MaxRange": 2, "Attack": "40", "Support": "10"}
CIPHER_GOOD |= {"printings": [{"CardCode": "B99-001N", "SetCode": "B99", "Rarity": "N"}]}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"Color": ["Pink"]}, "field 'Color': unknown colour 'Pink'"),
        ({"Color": ["None", "Red"]}, "field 'Color': None (no symbol) cannot stand beside other colours"),
        ({"Cost": "one"}, "field 'Cost': 'one' is not a whole number (up to 6 digits), X or '-'"),
        ({"Cost": "-"}, "field 'Cost': is missing: every unit card prints it"),
        ({"Type": ["Wizard"]}, "field 'Type': unknown word 'Wizard'"),
        ({"MinRange": 3, "MaxRange": 1}, "field 'MinRange': range 3-1"),
        ({"printings": []}, "field 'printings': is missing or empty"),
        ({"printings": [{"CardCode": "nonsense"}]}, "field 'printings[0].CardCode': 'nonsense' is not a card code"),
        ({"Title": ""}, "field 'Title': is missing or empty"),
    ],
)
def test_cipher_records_that_cannot_be_mapped_are_named(change, reason):
    other = CIPHER_GOOD | {"printings": [{"CardCode": "B99-002N", "SetCode": "B99", "Rarity": "N"}]}
    conversion = convert_cipher([other, CIPHER_GOOD | change])
    assert [r["number"] for r in conversion.records] == ["B99-002"]
    [(index, _, why)] = conversion.rejected
    assert index == 2 and reason in why


def test_cipher_stray_spaces_and_case_in_types_are_forgiven():
    conversion = convert_cipher([CIPHER_GOOD | {"Type": ["Female", "STaff", " Lance "]}])
    assert conversion.records[0]["weapons"] == ["staff", "lance"] and conversion.records[0]["range"] == "1-2"


# The command: one file written atomically, rejected rows listed ------------------------------------------------


def run_command(tmp_path: Path, game: str, items: Any, capsys) -> tuple[int, str, str]:
    source = tmp_path / "source.json"
    source.write_text(json.dumps(items, ensure_ascii=False) if not isinstance(items, str) else items, "utf-8")
    (tmp_path / "out").mkdir(exist_ok=True)
    code = main([game, str(source), str(tmp_path / "out")])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_command_writes_a_loadable_database(tmp_path, capsys, monkeypatch):
    code, out, _ = run_command(tmp_path, "evolve", excerpt("evolve-cards-excerpt.json"), capsys)
    assert code == 0 and "19 records" in out and "record 8 (BP12-EP)" in out
    assert "record - (facts-1.24.1.json): not beside the source: the facts of rules Ver.1.24.1" in out
    written = (tmp_path / "out" / "evolve" / "cards.toml").read_text(encoding="utf-8")
    assert written.startswith("# Generated by `python -m deckcheck.realdata evolve")
    assert "unofficial" in written
    monkeypatch.setattr("deckcheck.carddb.db.shipped_carddb_dir", lambda: tmp_path / "out")
    monkeypatch.chdir(tmp_path)
    db = load_carddb("evolve")
    assert len(db) == 19 and db.resolve("ホッコータルマエ", "evolve").number == "ECP01-002"
    assert not any(card.start_amulet or card.trigger for card in db.cards.values())  # type: ignore[attr-defined]


def test_the_command_reads_the_facts_beside_the_source(tmp_path, capsys, monkeypatch):
    facts = json.loads((DATA / "evolve-facts-1.24.1-excerpt.json").read_text(encoding="utf-8"))
    (tmp_path / "facts-1.24.1.json").write_text(json.dumps(facts, ensure_ascii=False), "utf-8")
    code, out, _ = run_command(tmp_path, "evolve", excerpt("evolve-cards-excerpt.json"), capsys)
    assert code == 0 and "record - (facts-1.24.1.json): 4 entries: start_amulet added to 2 records, trigger to 2" in out
    monkeypatch.setattr("deckcheck.carddb.db.shipped_carddb_dir", lambda: tmp_path / "out")
    monkeypatch.chdir(tmp_path)
    db = load_carddb("evolve")
    assert db.cards["CP03-018"].trigger == "heal" and db.cards["CP03-021"].start_amulet  # type: ignore[attr-defined]
    facts["cards"][1]["card_code"] = "CP03-999"
    (tmp_path / "facts-1.24.1.json").write_text(json.dumps(facts, ensure_ascii=False), "utf-8")
    code, out, _ = run_command(tmp_path, "evolve", excerpt("evolve-cards-excerpt.json"), capsys)
    assert code == 1 and "rejected: 1" in out
    assert "record - (facts-1.24.1.json entry 2, CP03-999): field 'card_code': no record of the source" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [("{not json", "is not valid JSON"), ("[]", "must be a JSON object with a list `cards` of facts entries")],
)
def test_an_unreadable_facts_file_writes_nothing(tmp_path, capsys, text, message):
    (tmp_path / "facts-1.24.1.json").write_text(text, "utf-8")
    code, _, err = run_command(tmp_path, "evolve", excerpt("evolve-cards-excerpt.json"), capsys)
    assert code == 2 and message in err and "facts-1.24.1.json" in err
    assert not (tmp_path / "out" / "evolve").exists()


def test_the_command_lists_rejected_rows_and_exits_1(tmp_path, capsys):
    code, out, _ = run_command(tmp_path, "cipher", [CIPHER_GOOD, CIPHER_GOOD | {"Cost": "?"}], capsys)
    assert code == 1
    assert "rejected: 1" in out and "record 2 (B99-001N): field 'Cost': '?' is not a whole number" in out
    assert "B99-001" in (tmp_path / "out" / "cipher" / "cards.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("items", "message"),
    [
        ("{not json", "is not valid JSON"),
        ({"cards": []}, "must be a JSON list of card records, not dict"),
        ("[" + "9" * 5000 + "]", "cannot be read as card records: Exceeds the limit"),
        ("[" * 100_000 + "]" * 100_000, "cannot be read as card records"),
    ],
)
def test_an_unreadable_source_writes_nothing(tmp_path, capsys, items, message):
    code, _, err = run_command(tmp_path, "evolve", items, capsys)
    assert code == 2 and message in err and "source.json" in err
    assert not (tmp_path / "out" / "evolve").exists()


def test_a_broken_result_writes_nothing(tmp_path, capsys):
    """Records of one name that disagree on deck_limit would make a database the loader refuses."""
    limited = GOOD | {"card_code": "X-2", "deckbuilding": ["『A』は自分のデッキに50枚まで入れることができる"]}
    code, _, err = run_command(tmp_path, "evolve", [GOOD, limited], capsys)
    assert code == 2 and "disagree on deck_limit" in err
    assert not (tmp_path / "out" / "evolve").exists()


def test_unknown_game_and_usage(tmp_path, capsys):
    assert run_command(tmp_path, "ic-dragonball", [], capsys)[0] == 2
    assert main(["evolve"]) == 2 and "usage" in capsys.readouterr().err
    assert main(["--help"]) == 0
    assert "python -m deckcheck.realdata cipher SOURCE/cipher/cards.json carddb/" in capsys.readouterr().err


# The shipped databases ------------------------------------------------------------------------------------------


@pytest.fixture
def evolve_db(isolated_carddb):
    return load_carddb("evolve")


def test_shipped_evolve_database(evolve_db):
    cards: list[EvolveCard] = list(evolve_db.cards.values())  # type: ignore[assignment]
    # 6,549 records less 68 EP/SEP, and the updates' 530 + 251 less 2 SEP (spec evolve-2026 §3)
    assert len(cards) == 7260 and evolve_db.warnings == []
    leaders = [c for c in cards if c.type == "leader"]
    assert {c.class_ for c in leaders} == {"forest", "sword", "rune", "dragon", "abyss", "haven"}
    titles = {c.title for c in leaders if c.title}
    assert titles == {
        "ウマ娘 プリティーダービー",
        "アイドルマスター シンデレラガールズ",
        "カードファイト!! ヴァンガード",
        PRICONNE,
    }
    assert sum(c.advance for c in cards) == 32 and not any(c.advance and c.evolve for c in cards)
    assert sum(c.token for c in cards) == 490 and all(c.token for c in cards if c.type in ("equipment", "crest"))
    limited = {(c.name, c.deck_limit) for c in cards if c.deck_limit is not None}
    assert ("オニオン軍団", 50) in limited and ("ラピッドファイア", 6) in limited and ("にんじん", 10) in limited


def test_shipped_evolve_database_has_the_1_24_1_facts(evolve_db):
    """spec/evolve-1.24.1.md §2: 16 start amulets (8 names), 56 trigger cards (24 names, 14 of each kind), all
    of the Vanguard title; no double-sided card in the source."""
    cards: list[EvolveCard] = list(evolve_db.cards.values())  # type: ignore[assignment]
    starts = [c for c in cards if c.start_amulet]
    assert len(starts) == 16 and len({c.name for c in starts}) == 8
    assert {c.type for c in starts} == {"amulet"} and {c.cost for c in starts} == {2}
    triggers = [c for c in cards if c.trigger]
    assert len(triggers) == 56 and len({c.name for c in triggers}) == 24
    assert Counter(c.trigger for c in triggers) == {"critical": 14, "draw": 14, "stand": 14, "heal": 14}
    assert {c.type for c in triggers} == {"follower"} and not any(c.start_amulet for c in triggers)
    assert {c.title for c in starts + triggers} == {"カードファイト!! ヴァンガード"}
    assert (
        len({(c.class_, c.trigger) for c in triggers}) == len({(c.class_, c.trigger, c.name) for c in triggers}) == 24
    )
    assert evolve_db.resolve("士官候補生 エリック", "main").start_amulet
    assert not any(c.double_sided or c.back_name for c in cards)


def test_shipped_cipher_database(isolated_carddb):
    db = load_carddb("cipher")
    cards: list[CipherCard] = list(db.cards.values())  # type: ignore[assignment]
    assert len(cards) == 2593 and db.warnings == []
    assert sum(len(c.printings) for c in cards) == 3180 - 3  # three printings the source lists twice
    assert {len(c.symbols or []) for c in cards} == {0, 1, 2}
    anything = {(c.title, c.unit_name) for c in cards if c.deck_limit == "any"}
    assert len(anything) == 10
    # the Japanese names of shared/realdata/cipher/names-ja.json: 722 numbers, 11 of them spelt two ways
    named = [c for c in cards if c.names_ja]
    assert len(named) == 722 and sum(len(c.names_ja) == 2 for c in named) == 11
    assert Counter(c.number[:1] for c in named) == {"B": 602, "P": 80, "S": 40}


# Name resolution by section (contract, "Fixed details") ------------------------------------------------------


def test_a_shared_name_means_the_follower_in_main_and_the_evolve_card_in_evolve(evolve_db):
    deck = make_deck(evolve_db, leader={"アリサ": 1}, main={"ホッコータルマエ": 3}, evolve={"ホッコータルマエ": 3})
    assert [c.number for c, _ in deck.cards("main")] == ["ECP01-001"]
    assert [c.number for c, _ in deck.cards("evolve")] == ["ECP01-002"]
    assert [c.number for c, _ in deck.cards("leader")] == ["BP01-LD01"]
    assert "evolve.main-types" not in rule_ids(check_deck(deck, evolve_db))
    assert "evolve.evolve-types" not in rule_ids(check_deck(deck, evolve_db))


def test_a_name_no_card_of_the_section_has_falls_back_to_the_lowest_number(evolve_db):
    deck = make_deck(evolve_db, leader={"アリサ": 1}, evolve={"ローズクイーン": 1})
    assert [c.number for c, _ in deck.cards("evolve")] == ["BP01-001"]
    assert "evolve.evolve-types" in rule_ids(check_deck(deck, evolve_db))


def test_advance_cards_belong_in_the_evolve_deck(evolve_db):
    ok = make_deck(evolve_db, leader={"BP01-LD01": 1}, evolve={"BP10-004": 1})
    assert not {"evolve.evolve-types", "evolve.main-types"} & set(rule_ids(check_deck(ok, evolve_db)))
    wrong = make_deck(evolve_db, leader={"BP01-LD01": 1}, main={"BP10-004": 1})
    [finding] = [v for v in check_deck(wrong, evolve_db) if v.rule == "evolve.main-types"]
    assert "ADVANCE follower" in finding.message and "belong in the evolve deck" in finding.message


def test_cipher_printed_codes_pool_by_card_name(isolated_carddb):
    db = load_carddb("cipher")
    assert db.resolve("B01-001SR+").number == db.resolve("b01-001sr").number == "B01-001"
    assert db.resolve("B08-047bN").number == "B08-047B"
    deck = make_deck(db, main={"B01-001SR": 3, "B01-001SR+": 2, "B01-003": 45})
    [finding] = [v for v in check_deck(deck, db) if v.rule == "cipher.copies" and "B01-001" in v.cards]
    assert (finding.count, finding.limit, finding.cards) == (5, 4, ["B01-001"])


def test_a_cipher_number_kept_by_its_printed_codes_is_found_without_them(isolated_carddb, tmp_path):
    """B20-001's printings differ (male and female Corrin), so each keeps its code; a list saying B20-001 checks."""
    db = load_carddb("cipher")
    assert db.resolve("B20-001").number == "B20-001SR" and db.resolve("B20-001SR+").number == "B20-001SR+"
    path = tmp_path / "corrin.txt"
    lines = ["game: cipher", "lord: B01-003", "3 B20-001", "2 B20-001SR+", "4 B01-003", "4 B01-002", "4 B01-001"]
    lines += [f"4 B01-0{n:02d}" for n in range(4, 12)] + ["1 B01-012"]  # 50 cards
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    [finding] = check_deck(load_deck(path))
    assert (finding.rule, finding.count, finding.limit) == ("cipher.copies", 5, 4)
    assert "Monarch Forging a New Future Corrin" in finding.message


def test_cipher_any_number_cards(isolated_carddb):
    db = load_carddb("cipher")
    deck = make_deck(
        db,
        main={"B08-047a": 20, "B08-047b": 10, "B01-003": 4, "B01-002": 4, "B01-001": 4} | {"B01-006": 4, "B01-005": 4},
    )
    assert check_deck(deck, db) == []


# EVOLVE's restricted list (殿堂入り) -----------------------------------------------------------------------


def restricted(evolve_db, as_of: str, **sections: Any) -> list[tuple[str, int]]:
    deck = make_deck(evolve_db, leader={"BP01-LD07": 1}, **sections)
    regulation = load_regulations("evolve").in_force(date.fromisoformat(as_of))
    return [(v.cards[0], v.count) for v in regulation.bind(evolve_db).violations(deck)]


def test_the_restricted_list_grows_with_its_dates(evolve_db):
    main = {"BP01-086": 2, "BP06-039": 2, "BP03-048": 2}
    assert restricted(evolve_db, "2022-12-16", main=main) == [("BP01-086", 2)]  # the day itself is in force
    assert restricted(evolve_db, "2023-01-01", main=main) == [("BP01-086", 2)]
    assert restricted(evolve_db, "2023-10-27", main=main) == [("BP01-086", 2), ("BP06-039", 2)]
    assert len(restricted(evolve_db, "2026-01-29", main=main)) == 3
    # evolve-2026.md §2: 神龍 and カースエンチャンター are on neither 2026 list, released from 2026-01-30
    assert restricted(evolve_db, "2026-01-30", main=main) == [("BP03-048", 2)]
    assert restricted(evolve_db, "2026-11-23", main=main) == [("BP03-048", 2)]


def test_a_restricted_cards_evolve_version_may_still_be_3(evolve_db):
    assert restricted(evolve_db, "2025-11-23", main={"神龍": 1}, evolve={"神龍": 3}) == []
    assert restricted(evolve_db, "2025-11-23", main={"神龍": 2}, evolve={"神龍": 3}) == [("BP01-086", 2)]


def test_the_shipped_regulations_are_real_not_samples(isolated_carddb):
    regulations = load_regulations("evolve").ordered()
    assert [(r.name, r.format) for r in regulations] == [
        ("殿堂入り 2022-12-16", "standard"),
        ("殿堂入り 2023-10-27", "standard"),
        ("殿堂入り 2024-06-28", "standard"),
        ("使用制限 2026-01-30", "standard"),
        ("使用制限 クロスオーバー 2026-01-30", "crossover"),
    ]
    assert not any(r.sample for r in regulations)
    for r in regulations[3:]:  # what is known about the day, in English and in Japanese
        texts = dict(r.notes)
        assert "not published" in texts["en"] and "公表されていません" in texts["ja"]
        assert r.said_notes == texts["en"]  # the tests speak English


# The 12 real tournament decks --------------------------------------------------------------------------------

CLASS_LEADERS = {"エルフ": "BP01-LD01", "ロイヤル": "BP01-LD03", "ウィッチ": "BP01-LD05", "ナイトメア": "BP01-LD09"}


@pytest.mark.parametrize("entry", SAMPLE_DECKS, ids=lambda entry: entry["registry_code"])
def test_every_sample_tournament_deck_is_legal(evolve_db, entry):
    """A leader of the deck's class or title and the basis it registered are added (the source records neither)."""
    registered = entry["deck_class_or_title"]
    basis = "class" if registered in CLASS_LEADERS else "title"
    leader = CLASS_LEADERS.get(registered, "CP04-PR01")  # 〔プリンセスフォーム〕コッコロ: forest + the title
    deck = make_deck(evolve_db, leader={leader: 1}, main=entry["main"], evolve=entry["evolve"], basis=basis)
    assert check_deck(deck, evolve_db) == []
    status = basis_status(deck)
    assert status is not None and basis in status.passes
    assert basis == "class" or status.leader.title == PRICONNE
    when = date.fromisoformat(entry["date"])  # the restricted list of its day
    assert load_regulations("evolve").in_force(when).bind(evolve_db).violations(deck) == []


def test_the_shipped_evolve_decks_are_the_sample_decks(isolated_carddb):
    shipped = sorted((REPO / "decks" / "evolve").glob("*.deck.toml"))
    assert len(shipped) == len(SAMPLE_DECKS) == 12
    codes = {entry["registry_code"]: entry for entry in SAMPLE_DECKS}
    for path in shipped:
        deck = load_deck(path)
        entry = codes[path.name.split("-")[-1].removesuffix(".deck.toml")]
        assert {c.number: n for c, n in deck.cards("main")} == {k.upper(): v for k, v in entry["main"].items()}
        assert {c.number: n for c, n in deck.cards("evolve")} == {k.upper(): v for k, v in entry["evolve"].items()}
        assert check_deck(deck) == [] and deck.key("basis") in ("class", "title")


def test_a_real_deck_deals(evolve_db):
    entry = SAMPLE_DECKS[0]
    deck = make_deck(evolve_db, leader={"BP01-LD01": 1}, main=entry["main"], evolve=entry["evolve"], basis="class")
    table = deal(deck, seed=1, going="second", turns=1)
    assert len(table.hand) == 5 and len(table.deck) == 35 and len(table.zone("evolve-deck")) == 10


def test_add_by_a_shared_name_takes_the_card_of_the_section(run_cli, isolated_carddb):
    path = isolated_carddb / "d.deck.toml"
    assert run_cli("new", path, "--game", "evolve")[0] == 0
    assert run_cli("add", path, "神龍", "--section", "evolve")[0] in (0, 1)
    assert run_cli("add", path, "神龍", "--section", "main")[0] in (0, 1)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["evolve"] == {"BP01-087": 1} and data["main"] == {"BP01-086": 1}
    code, out, _ = run_cli("add", path, "神龍")  # no section: what a deck file's main-deck line means
    assert code in (0, 1) and "(BP01-086) to the main deck (now 2)" in out
    assert "'神龍' is also the name of 神龍 (BP01-087) [evolve]: give its number, or --section evolve" in out


def test_a_printed_code_chooses_the_lord(isolated_carddb):
    deck = load_deck(REPO / "decks" / "cipher" / "marth-altea.deck.toml")
    table = deal(deck, seed=1, going="first", choices={"lord": "B01-003N"})
    assert table.zone("lord")[0].number == "B01-003"


def test_the_regulation_listing_aligns_japanese_names(isolated_carddb):
    from deckcheck._util.text import display_width
    from deckcheck.checking.regulations import regulation_lines

    lines = [line for line in regulation_lines("evolve")[1:] if "effective" in line]
    assert len(lines) == 5 and all("殿堂入り" in line or "使用制限" in line for line in lines)
    starts = [line.index(" crossover," if "crossover," in line else " standard,") for line in lines]
    assert len({display_width(line[:start]) for line, start in zip(lines, starts, strict=True)}) == 1


def half_width(text: str) -> str:
    """Katakana as some players type it: half-width (ﾎｯｺｰﾀﾙﾏｴ for ホッコータルマエ, voiced marks apart)."""
    table: dict[str, str] = {}
    for code in range(0xFF61, 0xFFA0):
        char = chr(code)
        table.setdefault(unicodedata.normalize("NFKC", char), char)
        for mark in ("\uff9e", "\uff9f"):  # voiced and semi-voiced marks compose with the letter before them
            composed = unicodedata.normalize("NFKC", char + mark)
            if len(composed) == 1:
                table.setdefault(composed, char + mark)
    return "".join(table.get(char, char) for char in text)


@pytest.mark.parametrize("width", ["as printed", "half-width"])
@pytest.mark.parametrize("entry", SAMPLE_DECKS, ids=lambda entry: entry["registry_code"])
def test_a_sample_deck_pasted_by_card_names_checks_legal(evolve_db, tmp_path, entry, width):
    """Names, not numbers, as a player pastes a list: a follower and its EVOLVE card share a name, and the section
    decides which is meant; half-width katakana reads as the printed name."""
    typed = half_width if width == "half-width" else str
    registered = entry["deck_class_or_title"]
    basis = "class" if registered in CLASS_LEADERS else "title"
    leader = evolve_db.cards[CLASS_LEADERS.get(registered, "CP04-PR01")].name
    lines = ["game: evolve", f"basis: {basis}", "## leader", f"1 {typed(leader)}", "## main"]
    lines += [f"{n} {typed(evolve_db.cards[number.upper()].name)}" for number, n in entry["main"].items()]
    lines += ["## evolve"]
    lines += [f"{n} {typed(evolve_db.cards[number.upper()].name)}" for number, n in entry["evolve"].items()]
    path = tmp_path / "pasted.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    deck = load_deck(path)
    names = {evolve_db.cards[number.upper()].name: n for number, n in entry["main"].items()}
    assert {c.name: n for c, n in deck.cards("main")} == names
    assert all(c.type != "leader" and not c.evolve and not c.advance for c, _ in deck.cards("main"))
    assert all(c.evolve or c.advance for c, _ in deck.cards("evolve"))
    assert check_deck(deck) == []
    when = date.fromisoformat(entry["date"])
    assert load_regulations("evolve").in_force(when).bind(evolve_db).violations(deck) == []


def test_a_pasted_deck_needs_resolution_by_section(evolve_db):
    """Some sample decks name a follower and its EVOLVE card alike: the case the test above resolves by section."""

    def names(entry: dict[str, Any], section: str) -> set[str]:
        return {evolve_db.cards[number.upper()].name for number in entry[section]}

    assert any(names(entry, "main") & names(entry, "evolve") for entry in SAMPLE_DECKS)


# Cipher: one card that the source spells two ways is one card name --------------------------------------------

CIPHER_FILLER = {f"B01-0{n:02d}": 4 for n in range(1, 12)} | {"B01-012": 2}  # 46 cards; B01-003 costs 1


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("B09-072", "P09-007"),  # Jemmie: "As Strong As One Brigade" / "As Strong as One Brigade" (case)
        ("B19-023", "P19-009"),  # Sothis: "...Enigmatic Power" / "...Engimatic Power" (a typo of the source)
        ("P01-006", "S01-003"),  # Jagen: "Faithful Veteran" / "Faithful Verteran" (a typo of the source)
        ("B04-003", "P03-002"),  # 夢見る女子高生 織部つばさ: "High School Dreamer" / "Dreaming High Schooler"
        ("P04-005", "P03-009"),  # (its other two printings, one of each translation)
    ],
)
def test_one_card_the_source_spells_two_ways_is_one_card_name(isolated_carddb, first, second):
    db = load_carddb("cipher")
    deck = make_deck(db, main=CIPHER_FILLER | {first: 4, second: 4})
    [finding] = check_deck(deck, db)
    assert (finding.rule, finding.count, finding.limit, finding.cards) == ("cipher.copies", 8, 4, [first, second])
    assert check_deck(make_deck(db, main=CIPHER_FILLER | {first: 2, second: 2}), db) == []


def test_cipher_title_typos_are_corrected_and_case_is_kept():
    def record(unit: str, title: str, code: str) -> dict[str, Any]:
        [converted] = convert_cipher([CIPHER_GOOD | {"Character": unit, "Title": title}]).records
        return converted | {"code": code}

    jagen = record("Jagen", "Faithful Verteran", "S01-003")
    assert (jagen["title"], jagen["name"]) == ("Faithful Veteran", "Faithful Veteran Jagen")
    sothis = record("Sothis", " Lass Possessed of Engimatic Power", "P19-009")
    assert sothis["title"] == "Lass Possessed of Enigmatic Power"
    jemmie = record("Jemmie", "As Strong as One Brigade", "P09-007")  # case alone: the card model compares it
    assert jemmie["title"] == "As Strong as One Brigade"
    assert record("Marth", "Altean Hero-Prince", "B15-002")["title"] == "Altean Hero-Prince"  # another card
    tsubasa = record("Tsubasa Oribe", "Dreaming High Schooler", "P03-002")  # a second translation of one title
    assert (tsubasa["title"], tsubasa["name"]) == ("High School Dreamer", "High School Dreamer Tsubasa Oribe")


def test_tsubasa_is_one_card_name_whatever_name_the_deck_writes(isolated_carddb):
    db = load_carddb("cipher")
    deck = make_deck(db, main=CIPHER_FILLER | {"夢見る女子高生 織部つばさ": 3, "P03-002": 2})  # 5 of one card
    [finding] = check_deck(deck, db)
    assert (finding.rule, finding.count, finding.limit) == ("cipher.copies", 5, 4)


def test_cipher_titles_compare_case_insensitively_for_the_copy_limit():
    db = make_db("cipher", [cipher_unit("C-1", "As Strong As One", "U"), cipher_unit("C-2", "As Strong as One", "U")])
    [finding] = [v for v in check_deck(make_deck(db, main={"C-1": 3, "C-2": 2}), db) if v.rule == "cipher.copies"]
    assert (finding.count, finding.cards) == (5, ["C-1", "C-2"])


# EVOLVE: promo printings of crossover cards, guild traits ----------------------------------------------------

UMA_MUSUME = "ウマ娘 プリティーダービー"
VANGUARD = "カードファイト!! ヴァンガード"


@pytest.mark.parametrize(
    ("leader", "promo"), [("CP01-LD01", "PR-052"), ("CP03-LD01", "PR-259"), ("CP03-LD01", "PR-285")]
)
def test_a_title_deck_may_hold_the_promo_printing_of_its_crossover_card(evolve_db, leader, promo):
    """にんじん PR-052 and ドライブポイント PR-259/PR-285 print no title traits ('-'): they take the title of the
    crossover product that prints their name, so a title deck holding them is legal."""
    title = evolve_db.cards[leader].title
    assert title == {"PR-052": UMA_MUSUME}.get(promo, VANGUARD) == evolve_db.cards[promo].title
    names: dict[str, str] = {}
    for card in sorted(evolve_db.cards.values(), key=lambda card: card.number):
        plain = not (card.evolve or card.advance or card.token) and card.type != "leader" and card.deck_limit is None
        if card.title == title and plain:
            names.setdefault(card.name, card.number)
    numbers = list(names.values())
    main = {number: 3 for number in numbers[:13]} | {numbers[13]: 1}  # 40 cards of the title
    # Ver.1.7.0: the title alone (Ver.1.24.1 adds the Vanguard title's own conditions, tested in test_evolve)
    deck = make_deck(evolve_db, leader={leader: 1}, main=main, evolve={promo: 3}, basis="title", rules="1.7.0")
    assert check_deck(deck, evolve_db) == []


def test_a_promo_without_title_traits_takes_the_title_of_the_product_printing_its_name():
    carrot = {"name": "にんじん", "card_type": "スペル・エボルヴ", "class": "ニュートラル", "cost": "-", "attack": "-"}
    carrot |= {"hp": "-", "sub_type": "-"}
    product = GOOD | carrot | {"card_code": "CP01-085", "set": "CP01"}
    promo = GOOD | carrot | {"card_code": "PR-052", "set": "PR"}
    other = GOOD | {"card_code": "PR-001", "set": "PR", "name": "B"}
    records = by_number(convert_evolve([promo, other, product]).records)  # the promo before its product
    assert records["PR-052"]["title"] == records["CP01-085"]["title"] == UMA_MUSUME
    assert "title" not in records["PR-001"]
    both = GOOD | carrot | {"card_code": "CP03-099", "set": "CP03"}  # a name two titles print: no guess
    conversion = convert_evolve([promo, product, both])
    assert [number for _, number, _ in conversion.rejected] == ["PR-052"]
    assert "crossover products of several titles print this name" in conversion.rejected[0][2]


def test_traits_split_only_outside_guild_names():
    [record] = convert_evolve([GOOD | {"sub_type": "プリコネ・〈ジオ・ゲヘナ〉・人間"}]).records
    assert record["traits"] == ["プリコネ", "〈ジオ・ゲヘナ〉", "人間"]


def test_shipped_guild_names_are_whole_traits(evolve_db):
    guilds = Counter(t for card in evolve_db.cards.values() for t in card.traits if "〈" in t or "〉" in t)
    assert guilds == {
        "〈ジオ・テオゴニア〉": 12,
        "〈レイジ・レギオン〉": 9,
        "〈ジオ・ゲヘナ〉": 4,
        "〈ジオ・ニヴルヘル〉": 4,
    }
    assert sum(guilds.values()) == 29  # records: each holds one guild


# Numbers and names as printed, compared normalised ------------------------------------------------------------


def test_shipped_numbers_and_names_are_as_printed(evolve_db):
    shipped = shipped_records("evolve")
    assert "BP03-LDⓈ01" in shipped and "BP03-LDS01" not in shipped
    assert shipped["CP02-SL19a"]["number"] == "CP02-SL19a"
    assert shipped["BP11-003"]["name"] == "優美な猫姉妹・シャム＆シャマ"
    assert shipped_records("cipher")["B08-047a"]["number"] == "B08-047a"


@pytest.mark.parametrize(
    "key",
    ["BP03-LDⓈ01", "BP03-LDS01", "bp03-ldⓢ01", "ＢＰ０３－ＬＤⓈ０１"],
    ids=["as-printed", "plain-letter", "lower-case", "full-width"],
)
def test_a_number_printed_with_a_circled_letter_is_found_however_it_is_typed(evolve_db, key):
    card = evolve_db.resolve(key)
    assert card is not None and (card.number, card.printed_number) == ("BP03-LDS01", "BP03-LDⓈ01")


def test_show_prints_numbers_and_names_as_printed(isolated_carddb, run_cli, tmp_path):
    evolve = tmp_path / "salome.deck.toml"
    evolve.write_text(
        'game = "evolve"\n[leader]\n"bp03-ldⓢ01" = 1\n[main]\n"優美な猫姉妹・シャム&シャマ" = 3\n"CP02-SL19A" = 1\n',
        encoding="utf-8",
    )
    _, out, _ = run_cli("show", evolve)
    assert "BP03-LDⓈ01" in out and "BP03-LDS01" not in out
    assert "優美な猫姉妹・シャム＆シャマ" in out and "CP02-SL19a" in out
    cipher = tmp_path / "risen.deck.toml"
    cipher.write_text('game = "cipher"\n[main]\n"B08-047A" = 4\n"b08-047bn" = 2\n', encoding="utf-8")
    _, out, _ = run_cli("show", cipher)
    assert "B08-047a" in out and "B08-047b" in out and "B08-047A" not in out
    _, out, _ = run_cli("show", cipher, "--output", "json")
    numbers = [entry["number"] for entry in json.loads(out)["sections"]["main"]["cards"]]
    assert numbers == ["B08-047a", "B08-047b"]


# Japanese (issue 29) ----------------------------------------------------------------------------------------------


def test_the_converter_speaks_japanese(tmp_path, capsys, japanese):
    source = tmp_path / "cards.json"
    source.write_text(
        json.dumps([{"number": "BT01/001", "name": "x", "type": "weird", "grade": 1}, 3], ensure_ascii=False),
        encoding="utf-8",
    )
    (tmp_path / "out").mkdir()
    assert main(["vanguard", str(source), str(tmp_path / "out")]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{tmp_path / 'out' / 'vanguard' / 'cards.toml'} を書き込みました：0レコード",
        "不採用：2件",
        "  レコード 1（BT01/001）：field 'type': 不明なユニットの種類 'weird' です（あるもの：normal, trigger, "
        "g-unit）",
        "  レコード 2（None）：field '-': オブジェクトでなければなりません（int です）",
    ]  # the field names and values as the source writes them
    assert main(["vanguard", str(tmp_path / "nope.json"), str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err.startswith(f"エラー：{tmp_path / 'nope.json'}: 読めません：")
    assert main(["--help"]) == 0
    said = capsys.readouterr().err
    assert said.startswith("同梱のデータベースを元のファイル")
    assert "    python -m deckcheck.realdata evolve SOURCE/evolve/cards.json carddb/\n" in said  # commands as written
    assert said.endswith("使い方: python -m deckcheck.realdata {cipher|evolve|vanguard} SOURCE.json CARDDB_FOLDER\n")
    assert max(display_width(line) for line in said.splitlines()[:-1]) <= 80  # (the usage line: a command)


def test_python_m_deckcheck_realdata_follows_the_locale(tmp_path):
    """`python -m deckcheck.realdata` chooses its language as `deckcheck` does: $DECKCHECK_LANG, else the locale (an
    unknown $DECKCHECK_LANG: the locale's)."""
    base = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "LANG", "DECKCHECK_LANG"))}
    for extra, first in (
        ({"LANG": "ja_JP.UTF-8"}, "同梱のデータベースを"),
        ({"LANG": "ja_JP.UTF-8", "DECKCHECK_LANG": "en"}, "One command re-creates"),
        ({"LANG": "C.UTF-8", "DECKCHECK_LANG": "ja"}, "同梱のデータベースを"),
        ({"LANG": "ja_JP.UTF-8", "DECKCHECK_LANG": "klingon"}, "同梱のデータベースを"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "deckcheck.realdata", "--help"],
            env={**base, **extra, "PYTHONIOENCODING": "utf-8"},
            capture_output=True,
            text=True,
            encoding="utf-8",
            cwd=tmp_path,
            check=False,
        )
        assert (done.returncode, done.stderr.split("\n")[0][: len(first)]) == (0, first), extra
