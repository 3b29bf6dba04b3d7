"""EVOLVE's 2026 products (spec evolve-2026 §3): the converter merges the update files after the source, in name
order (a number already known is not repeated; one repeated with other facts stops it, naming both records), crest
tokens are tokens, the result is byte-reproducible, and the shipped database holds BP19, BP20, BP21, SCS01 and the
promos up to PR-589.

The update excerpts in tests/data/realdata/ are copies of records of shared/realdata/evolve/updates/ (README there).
"""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from deckcheck.carddb.db import load_carddb
from deckcheck.errors import DeckcheckError
from deckcheck.games.evolve import EvolveCard
from deckcheck.realdata import main, render_toml
from deckcheck.realdata.evolve import convert_source

DATA = Path(__file__).resolve().parents[1] / "data" / "realdata"
REPO = Path(__file__).resolve().parents[2]
UPDATES = ("evolve-update-bp19-bp20-excerpt.json", "evolve-update-bp21-excerpt.json")


def source_folder(tmp_path: Path, updates: dict[str, Any] | None = None) -> Path:
    """A source folder as shared/realdata/evolve is laid out: cards.json, and the update files in updates/."""
    folder = tmp_path / "evolve"
    (folder / "updates").mkdir(parents=True)
    shutil.copy(DATA / "evolve-cards-excerpt.json", folder / "cards.json")
    files = updates if updates is not None else {name: json.loads((DATA / name).read_text("utf-8")) for name in UPDATES}
    for name, data in files.items():
        (folder / "updates" / name).write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return folder / "cards.json"


def convert_folder(source: Path):
    return convert_source(json.loads(source.read_text("utf-8")), source)


def test_the_updates_are_merged_after_the_source_in_name_order(tmp_path):
    conversion = convert_folder(source_folder(tmp_path))
    numbers = [record["number"] for record in conversion.records]
    assert len(numbers) == 19 + 8 + 3 and conversion.rejected == []  # the SEP of the first update is left out
    assert numbers[19:] == [
        "BP19-001",
        "BP19-002",
        "BP19-110",
        "BP19-SL26",
        "BP20-LD01",
        "BP20-T01",
        "PR-509",
        "SCS01-001",
        "BP21-001",
        "BP21-T10",
        "PR-589",
    ]
    assert ("SEP (a point marker, not a card of a deck): left out") in [why for _i, _n, why in conversion.notes]
    assert conversion.also_from == [f"SOURCE/evolve/updates/{name}" for name in UPDATES]


def test_crest_tokens_are_tokens_and_the_bp20_leader_a_leader(tmp_path):
    records = {r["number"]: r for r in convert_folder(source_folder(tmp_path)).records}
    assert records["BP20-T01"] | {} == {
        "number": "BP20-T01",
        "name": "クレスト 不殺の継承者・クルル",
        "type": "crest",
        "token": True,
        "class": "forest",
        "traits": ["絶傑", "継承者", "狩人"],
        "set": "BP20",
    }
    assert records["BP21-T10"]["type"] == "crest" and records["BP21-T10"]["token"] is True
    assert records["BP20-LD01"]["type"] == "leader" and records["BP20-LD01"]["class"] == "forest"


def test_cutthroats_sentence_becomes_its_condition_on_the_other_cards(tmp_path):
    records = {r["number"]: r for r in convert_folder(source_folder(tmp_path)).records}
    for number in ("BP19-110", "BP19-SL26"):
        record = records[number]
        assert (record["others_limit"], record["others_except"]) == (1, ["カットスロート"])
        assert record["construction"] == (
            "カード名に『カットスロート』を含まないカードは、メインデッキやエボルヴデッキにそれぞれ1枚までしか入れられない"
        )
        assert "deck_limit" not in record


def test_a_printing_without_the_sentence_takes_it_from_its_card(tmp_path):
    first = json.loads((DATA / UPDATES[0]).read_text("utf-8"))
    cutthroat = next(item for item in first["cards"] if item["card_code"] == "BP19-110")
    promo = {key: value for key, value in cutthroat.items() if key != "deckbuilding"} | {"card_code": "PR-514"}
    evolved = promo | {"card_code": "BP19-111", "card_type": "フォロワー・エボルヴ", "cost": "-"}
    first["cards"] += [promo, evolved]
    conversion = convert_folder(source_folder(tmp_path, {UPDATES[0]: first}))
    records = {r["number"]: r for r in conversion.records}
    assert records["PR-514"]["others_limit"] == 1 and records["PR-514"]["construction"].startswith("カード名に")
    assert "others_limit" not in records["BP19-111"]  # the EVOLVE card is another kind: its own text
    assert (0, "PR-514", "takes the construction sentence of BP19-110, a printing of the same card") in conversion.notes


def test_a_number_already_known_with_the_same_facts_is_not_repeated(tmp_path):
    first = json.loads((DATA / UPDATES[0]).read_text("utf-8"))
    again = {"about": "x", "cards": [first["cards"][0], first["cards"][0]]}  # BP19-001 twice more
    conversion = convert_folder(source_folder(tmp_path, {UPDATES[0]: first, "zz-later.json": again}))
    assert [r["number"] for r in conversion.records].count("BP19-001") == 1
    notes = [(n, why) for _i, n, why in conversion.notes if "not repeated" in why]
    assert notes == [
        ("zz-later.json: BP19-001", f"already known ({UPDATES[0]} record 1 (BP19-001)): not repeated"),
        ("zz-later.json: BP19-001", f"already known ({UPDATES[0]} record 1 (BP19-001)): not repeated"),
    ]


def test_a_number_repeated_with_other_facts_names_both_records_and_writes_nothing(tmp_path, capsys):
    base = json.loads((DATA / "evolve-cards-excerpt.json").read_text("utf-8"))
    changed = dict(base[0]) | {"cost": "9"}  # the source's first record, with another cost
    source = source_folder(tmp_path, {"2026-a.json": {"about": "x", "cards": [changed]}})
    with pytest.raises(DeckcheckError) as raised:
        convert_folder(source)
    message = str(raised.value)
    assert f"2026-a.json record 1 ({changed['card_code']}) repeats the number of the source's record of" in message
    assert "with other facts (cost: 8 ≠ 9)" in message
    (tmp_path / "out").mkdir()
    assert main(["evolve", str(source), str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "2026-a.json record 1" in err and "the source's record of" in err
    assert not (tmp_path / "out" / "evolve").exists()


def test_two_update_files_that_disagree_name_both_files(tmp_path):
    first = json.loads((DATA / UPDATES[0]).read_text("utf-8"))
    other = dict(first["cards"][0]) | {"name": "別の名前"}
    source = source_folder(tmp_path, {UPDATES[0]: first, "zz-later.json": {"about": "x", "cards": [other]}})
    with pytest.raises(DeckcheckError, match=r"zz-later\.json record 1 \(BP19-001\) repeats the number of "):
        convert_folder(source)
    with pytest.raises(DeckcheckError, match=rf"{UPDATES[0]} record 1 \(BP19-001\) with other facts \(name: "):
        convert_folder(source)


def test_a_file_without_cards_is_left_alone_and_a_broken_one_stops(tmp_path):
    source = source_folder(tmp_path, {"regulations-2026.json": {"about": "lists", "lists": []}})
    assert len(convert_folder(source).records) == 19
    (source.parent / "updates" / "2026-broken.json").write_text('{"cards": {}}', "utf-8")
    with pytest.raises(DeckcheckError, match="must be a JSON object with a list `cards`"):
        convert_folder(source)


def test_a_rebuild_is_byte_identical(tmp_path):
    source = source_folder(tmp_path)
    first, second = convert_folder(source), convert_folder(source)
    assert render_toml(first, "SOURCE/evolve/cards.json") == render_toml(second, "SOURCE/evolve/cards.json")
    (tmp_path / "out").mkdir()
    assert main(["evolve", str(source), str(tmp_path / "out")]) == 0
    written = (tmp_path / "out" / "evolve" / "cards.toml").read_bytes()
    assert main(["evolve", str(source), str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "evolve" / "cards.toml").read_bytes() == written
    assert b"# Also from SOURCE/evolve/updates/evolve-update-bp21-excerpt.json.\n" in written


def test_the_shipped_update_records_are_the_converters_output(tmp_path):
    with open(REPO / "carddb" / "evolve" / "cards.toml", "rb") as file:
        shipped = {record["number"]: record for record in tomllib.load(file)["cards"]}
    for record in convert_folder(source_folder(tmp_path)).records[19:]:
        assert shipped[record["number"]] == record


def test_the_shipped_database_holds_the_2026_products(isolated_carddb):
    db = load_carddb("evolve")
    cards: list[EvolveCard] = list(db.cards.values())  # type: ignore[assignment]
    by_set: dict[str, int] = {}
    for card in cards:
        by_set[card.set or ""] = by_set.get(card.set or "", 0) + 1
    assert (by_set["BP19"], by_set["BP20"], by_set["BP21"], by_set["SCS01"]) == (198, 271, 233, 9)  # SCS01: 1 SEP
    promos = {int(c.number.removeprefix("PR-")) for c in cards if c.number.startswith("PR-")}
    assert max(promos) == 589 and {509, 562, 565, 589} <= promos
    leaders = [c for c in cards if c.set == "BP20" and c.type == "leader"]
    assert len(leaders) == 6 and len({c.class_ for c in leaders}) == 6
    crests = [c for c in cards if c.type == "crest"]
    assert len(crests) == 20 and all(c.token for c in crests)
    cutthroats = [c for c in cards if c.name == "機鋒の咎人・カットスロート"]
    # the follower's printings carry its sentence (PR-514 takes it from BP19-110); its EVOLVE cards have none
    limiting = {c.number for c in cutthroats if c.others_limit == 1 and c.others_except == ["カットスロート"]}
    assert limiting == {"BP19-110", "BP19-SL26", "PR-514"}
    assert {c.number for c in cutthroats if c.evolve} == {"BP19-111", "BP19-SL27", "BP19-U07"}
