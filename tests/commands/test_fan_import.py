"""`deckcheck cards import` of Shadowverse EVOLVE's public fan lists (issue 38): the fan CSV of
jeyukburrito/sve_rag_judge (data/carddb/*.csv), the same fields in JSON (the shipped update files), and the simulator
JSON of eireetm/ShadowverseEvolve-NEXT (packages/core/data/*.json). Each is recognised by its header or shape, mapped
by the shipped converter (deckcheck.realdata.evolve), and imported as a layer a deck of the next set is checked with."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from deckcheck.carddb.db import load_carddb
from deckcheck.realdata.evolve import LIST_FORMATS, evolve_record

ROOT = Path(__file__).resolve().parents[2]
REAL_DECK = ROOT / "decks" / "evolve" / "2026-03-17-forest-22N3Q.deck.toml"  # legal with the shipped cards

FAN_CSV = """card_code,name,class,card_type,sub_type,cost,attack,hp,effect
BP22-001,試験の森人・テスト,エルフ,フォロワー,エルフ族・学院,2,2,2,ファンファーレ
BP22-002,試験の森人・テスト,エルフ,フォロワー・エボルヴ,エルフ族・学院,-,3,3,【進化時】1枚引く。
BP22-010,試験の呪文,エルフ,スペル,-,1,-,-,1枚引く。
BP22-020,テスト兵,ニュートラル,フォロワー,兵士,1,1,1,『テスト兵』は自分のデッキに50枚まで入れることができる。 【守護】
BP22-P60,クレスト 試験の森人・テスト,エルフ,クレスト・トークン,エルフ族・学院,-,-,-,起動
BP22-T01,試験の像,エルフ,アミュレット・トークン,-,1,-,-,

BP22-030,壊れた行,エルフ,フォロワー,-,x,1,1,
BP22-031,未知の種類,エルフ,リーダー・エボルヴ,-,-,-,-,
BP22-SEP,SEP,-,SEP,-,-,-,-,
"""

EXPECTED_CSV_RECORDS = [
    {
        "number": "BP22-001",
        "name": "試験の森人・テスト",
        "type": "follower",
        "set": "BP22",
        "class": "forest",
        "cost": 2,
        "attack": 2,
        "defense": 2,
        "traits": ["エルフ族", "学院"],
    },
    {
        "number": "BP22-002",
        "name": "試験の森人・テスト",
        "type": "follower",
        "set": "BP22",
        "evolve": True,
        "class": "forest",
        "attack": 3,
        "defense": 3,
        "traits": ["エルフ族", "学院"],
    },
    {"number": "BP22-010", "name": "試験の呪文", "type": "spell", "set": "BP22", "class": "forest", "cost": 1},
    {
        "number": "BP22-020",
        "name": "テスト兵",
        "type": "follower",
        "set": "BP22",
        "deck_limit": 50,  # the card's own construction sentence, read from the effect column
        "class": "neutral",
        "cost": 1,
        "attack": 1,
        "defense": 1,
        "traits": ["兵士"],
    },
    {
        "number": "BP22-P60",
        "name": "クレスト 試験の森人・テスト",
        "type": "crest",
        "set": "BP22",
        "token": True,
        "class": "forest",
        "traits": ["エルフ族", "学院"],
    },
    {
        "number": "BP22-T01",
        "name": "試験の像",
        "type": "amulet",
        "set": "BP22",
        "token": True,
        "class": "forest",
        "cost": 1,
    },
]


def _card(number: str, name: str, kind: str, **more: object) -> dict[str, object]:
    """A card of the simulator's JSON, as packages/core/data/BP21.json writes them."""
    card: dict[str, object] = {
        "id": number,
        "printings": [number],
        "name": "English name",
        "names": {"en": "English name", "ja": name},
        "class": "Forestcraft",
        "type": kind,
        "evolved": False,
        "token": False,
        "cost": 2,
        "attack": 2,
        "defense": 2,
        "text": {"en": "", "ja": ""},
        "traits": ["学院"],
    }
    return card | more


SIMULATOR = {
    "format": 1,
    "set": "BP22",
    "printings": 9,
    "cards": [
        _card("BP22-001", "試験の森人・テスト", "follower", printings=["BP22-001", "BP22-SL01", "PR-601"]),
        _card(
            "BP22-002", "試験の森人・テスト", "follower", evolved=True, cost=None, attack=3, defense=3, printings=None
        ),
        _card(
            "BP22-012",
            "試験の学習",
            "spell",
            **{"class": "Neutral"},
            attack=None,
            defense=None,
            traits=[],
            # the sentence after the ――― rule is a token's reminder, not this card's
            text={"ja": "1枚引く。\n―――――――――――――――\n『試験の学習』は自分のデッキに50枚まで入れることができる。"},
        ),
        _card("BP22-T02", "試験の紋章", "crest", token=True, cost=None, attack=None, defense=None),
        _card("BP22-040", "試験の門", "amulet", attack=None, defense=None, text={"ja": "【スタートアミュレット】"}),
        _card(
            "BP22-041",
            "試験の騎兵",
            "follower",
            **{"class": "Swordcraft"},
            text={"ja": "（ドライブチェックによってこれが捲れたなら、自分のリーダーは【体力】+3する）"},
        ),
        _card("BP22-098", "種類違い", "leader"),
        _card("BP22-099", "壊れたコスト", "follower", cost="x"),
    ],
}


def _records(path: Path) -> list[dict]:
    return tomllib.loads(path.read_text(encoding="utf-8"))["cards"]


def _by_number(path: Path) -> dict[str, dict]:
    return {record["number"]: record for record in _records(path)}


def test_the_fan_csv_is_read_into_a_layer_and_rejects_what_the_mapping_cannot_map(run_cli, isolated_carddb):
    (isolated_carddb / "BP22.csv").write_text(FAN_CSV, encoding="utf-8")
    code, out, err = run_cli("cards", "import", "BP22.csv", "-g", "evolve", "--into", "layer")
    assert code == 1, out + err  # rows were rejected; the valid ones are written
    lines = out.splitlines()
    assert lines[0] == (
        "note: BP22.csv was read as the fan CSV of jeyukburrito/sve_rag_judge (card_code, name, class, card_type, "
        "sub_type, ...)."
    )
    target = Path("layer") / "evolve" / "BP22.toml"
    assert lines[1] == f"Imported BP22.csv into {target}: 6 added, 0 replaced, 0 unchanged, 2 rejected."
    # Rows count the header as row 1 and the blank line too (it is skipped, not renumbered).
    assert lines[2] == "row 11: SEP (a point marker, not a card of a deck): left out"
    assert lines[3] == "row 9, field 'cost': 'x' is not a whole number (up to 6 digits) or '-'"
    assert lines[4].startswith("row 10, field 'card_type': unknown kind 「リーダー・エボルヴ」 (known: フォロワー, ")
    assert lines[4].endswith(", クレスト・トークン, EP, SEP)")
    assert len(lines) == 5
    assert _records(isolated_carddb / target) == EXPECTED_CSV_RECORDS

    db = load_carddb("evolve", [isolated_carddb / "layer"])
    assert db.cards["BP22-002"].evolve is True
    assert db.cards["BP22-P60"].type == "crest" and db.cards["BP22-P60"].token is True
    assert db.cards["BP22-020"].deck_limit == 50


def test_a_re_import_changes_nothing(run_cli, isolated_carddb):
    (isolated_carddb / "BP22.csv").write_text(FAN_CSV, encoding="utf-8")
    assert run_cli("cards", "import", "BP22.csv", "-g", "evolve", "--into", "layer")[0] == 1
    target = isolated_carddb / "layer" / "evolve" / "BP22.toml"
    before = (target.read_bytes(), target.stat().st_mtime_ns)
    code, out, _err = run_cli("cards", "import", "BP22.csv", "-g", "evolve", "--into", "layer", "-o", "json")
    assert code == 1
    report = json.loads(out)
    assert report["format"] == "sve_rag_judge-csv"
    assert report["written"] is False
    assert (report["added"], report["replaced"]) == ([], [])
    assert report["unchanged"] == [record["number"] for record in EXPECTED_CSV_RECORDS]
    assert [(row["row"], row["field"]) for row in report["rejected"]] == [(9, "cost"), (10, "card_type")]
    assert report["left_out"] == [{"row": 11, "reason": "SEP (a point marker, not a card of a deck): left out"}]
    assert (target.read_bytes(), target.stat().st_mtime_ns) == before


def test_a_deck_of_the_next_set_is_legal_with_the_imported_layer(run_cli, isolated_carddb):
    (isolated_carddb / "BP22.csv").write_text(FAN_CSV, encoding="utf-8")
    run_cli("cards", "import", "BP22.csv", "-g", "evolve", "--into", "layer")
    text = REAL_DECK.read_text(encoding="utf-8")
    assert '"BP18-001" = 3' in text and '"BP18-006" = 2' in text
    deck = isolated_carddb / "next.deck.toml"
    deck.write_text(text.replace('"BP18-001" = 3', '"BP22-001" = 3').replace('"BP18-006" = 2', '"BP22-002" = 2'))

    code, out, err = run_cli("check", deck, "--carddb", "layer", "-o", "json")
    assert code == 0, out + err
    assert json.loads(out)["decks"][0]["legal"] is True

    # Without the layer the same deck does not know the new cards: the check above could fail.
    code, out, _err = run_cli("check", deck, "-o", "json")
    unknown = [v for v in json.loads(out)["decks"][0]["violations"] if v["rule"] == "deck.unknown-card"]
    assert code == 1 and len(unknown) == 2


def test_the_simulator_json_gives_one_record_per_printing(run_cli, isolated_carddb):
    (isolated_carddb / "BP22.json").write_text(json.dumps(SIMULATOR, ensure_ascii=False), encoding="utf-8")
    code, out, err = run_cli("cards", "import", "BP22.json", "-g", "evolve", "--into", "layer")
    assert code == 1, out + err
    lines = out.splitlines()
    assert lines[0] == (
        "note: BP22.json was read as the simulator JSON of eireetm/ShadowverseEvolve-NEXT (cards with names, type, "
        "traits, printings)."
    )
    assert lines[1].endswith(": 8 added, 0 replaced, 0 unchanged, 2 rejected.")
    assert lines[2].startswith("item 7, field 'type': unknown kind 「leader」 (known: follower, spell, amulet, crest)")
    assert lines[3] == "item 8, field 'cost': 'x' is not a whole number (up to 6 digits) or '-'"
    records = _by_number(isolated_carddb / "layer" / "evolve" / "BP22.toml")
    assert list(records) == [
        "BP22-001",
        "BP22-SL01",
        "PR-601",
        "BP22-002",
        "BP22-012",
        "BP22-T02",
        "BP22-040",
        "BP22-041",
    ]
    follower = {
        "number": "BP22-001",
        "name": "試験の森人・テスト",
        "type": "follower",
        "set": "BP22",
        "class": "forest",
        "cost": 2,
        "attack": 2,
        "defense": 2,
        "traits": ["学院"],
    }
    assert records["BP22-001"] == follower
    # Each printing repeats the card's facts, with its own number and product.
    assert records["BP22-SL01"] == follower | {"number": "BP22-SL01"}
    assert records["PR-601"] == follower | {"number": "PR-601", "set": "PR"}
    evolved = {key: value for key, value in follower.items() if key != "cost"}  # null: the card prints no cost
    assert records["BP22-002"] == evolved | {"number": "BP22-002", "evolve": True, "attack": 3, "defense": 3}
    assert records["BP22-012"] == {
        "number": "BP22-012",
        "name": "試験の学習",
        "type": "spell",
        "set": "BP22",
        "class": "neutral",
        "cost": 2,
    }  # no deck_limit: the sentence after the ――― rule is a token's
    assert records["BP22-T02"]["type"] == "crest" and records["BP22-T02"]["token"] is True
    assert records["BP22-040"]["start_amulet"] is True
    assert records["BP22-041"]["trigger"] == "heal" and records["BP22-041"]["class"] == "sword"

    # A re-import changes nothing, in the simulator's format too.
    code, out, _err = run_cli("cards", "import", "BP22.json", "-g", "evolve", "--into", "layer", "-o", "json")
    report = json.loads(out)
    assert code == 1 and report["format"] == "shadowverse-evolve-next-json" and report["written"] is False
    assert len(report["unchanged"]) == 8 and report["added"] == report["replaced"] == []


def test_the_shipped_update_file_imports_as_the_shipped_records(run_cli, isolated_carddb):
    """The fan fields in JSON (the shipped updates/*.json) give, through the same mapping, the shipped records."""
    items = [
        {"card_code": "BP21-001", "name": "新緑の新入生・カステル", "class": "エルフ", "card_type": "フォロワー"}
        | {"sub_type": "エルフ族・学院・超克", "cost": "1", "attack": "1", "hp": "2", "set": "BP21"},
        {"card_code": "BP21-003", "name": "無謬の偶像・ライル", "class": "エルフ", "card_type": "フォロワー・エボルヴ"}
        | {"sub_type": "人形・学院", "cost": "-", "attack": "2", "hp": "4", "set": "BP21"},
    ]
    source = isolated_carddb / "update.json"
    source.write_text(json.dumps({"about": "an excerpt", "cards": items}, ensure_ascii=False), encoding="utf-8")
    code, out, err = run_cli("cards", "import", source, "-g", "evolve", "--into", "layer", "-o", "json")
    assert code == 0, out + err
    assert json.loads(out)["format"] == "sve-fan-json"
    shipped = {record["number"]: record for record in _records(ROOT / "carddb" / "evolve" / "cards.toml")}
    assert _records(isolated_carddb / "layer" / "evolve" / "update.toml") == [shipped["BP21-001"], shipped["BP21-003"]]


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        ("bad.json", '{"cards": [{"id": "BP22-001", "names": {"ja": "x"}', "is not valid JSON"),
        ("twice.csv", "card_code,name,card_type,card_code\nBP22-001,x,フォロワー,BP22-002\n", "appears twice"),
    ],
)
def test_an_unreadable_fan_list_is_exit_2_naming_the_file(run_cli, isolated_carddb, name, text, said):
    (isolated_carddb / name).write_text(text, encoding="utf-8")
    code, out, err = run_cli("cards", "import", name, "-g", "evolve", "--into", "layer")
    assert code == 2 and out == ""
    assert name in err and said in err
    assert not (isolated_carddb / "layer" / "evolve").exists()


def test_deckcheck_s_own_columns_are_read_as_before(run_cli, isolated_carddb):
    """A list of deckcheck's own record fields is not taken for a fan list (no format note; JSON says deckcheck)."""
    (isolated_carddb / "own.csv").write_text("number,name,type,class\nEV-1,E,フォロワー・エボルヴ,エルフ\n", "utf-8")
    code, out, err = run_cli("cards", "import", "own.csv", "-g", "evolve", "--into", "layer", "-o", "json")
    assert code == 0, out + err
    assert json.loads(out)["format"] == "deckcheck"


def test_a_fan_list_in_japanese(run_cli, isolated_carddb, monkeypatch):
    (isolated_carddb / "BP22.csv").write_text(FAN_CSV, encoding="utf-8")
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    code, out, _err = run_cli("cards", "import", "BP22.csv", "-g", "evolve", "--into", "layer")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("注記：BP22.csv を jeyukburrito/sve_rag_judge のファン CSV")
    assert "\n11行目：SEP（ポイントマーカーで、デッキのカードではありません）：除きました\n" in out


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"names": "x"}, "names", "must be an object of names by language, with a Japanese name (ja)"),
        ({"names": {"en": "only English"}}, "names.ja", "is missing or empty"),
        ({"class": "Portalcraft"}, "class", "unknown class 「Portalcraft」 (known: Forestcraft, Swordcraft, "),
        ({"evolved": "yes"}, "evolved", "must be true or false, not 'yes'"),
        ({"traits": "学院"}, "traits", "must be a list of texts, not '学院'"),
        ({"cost": 2.5}, "cost", "must be a whole number or null, not 2.5"),
        ({"cost": True}, "cost", "must be a whole number or null, not True"),
        ({"attack": 10**30}, "attack", "is not a whole number (up to 6 digits) or '-'"),
        ({"printings": "BP22-001"}, "printings", "must be a list of card numbers, not 'BP22-001'"),
        ({"id": None}, "id", "is missing or empty"),
        ({"type": "crest"}, "card_type", "unknown kind 「クレスト」"),  # a crest exists only as a token
    ],
)
def test_a_simulator_card_the_mapping_cannot_read_is_rejected_naming_its_field(
    run_cli, isolated_carddb, change, field, reason
):
    cards = [_card("BP22-001", "良いカード", "follower"), _card("BP22-002", "悪いカード", "follower") | change]
    (isolated_carddb / "s.json").write_text(json.dumps({"cards": cards}, ensure_ascii=False), encoding="utf-8")
    code, out, err = run_cli("cards", "import", "s.json", "-g", "evolve", "--into", "layer", "-o", "json")
    assert code == 1, out + err
    report = json.loads(out)
    assert report["added"] == ["BP22-001"]
    [rejected] = report["rejected"]
    assert (rejected["row"], rejected["field"]) == (2, field)
    assert reason in rejected["reason"]


def test_a_fan_csv_row_longer_than_its_header_or_with_an_unreadable_reminder_is_rejected(run_cli, isolated_carddb):
    rows = [
        "card_code\tname\tclass\tcard_type\tsub_type\tcost\tattack\thp",  # a TSV: the same columns
        "BP22-001\t良い\tエルフ\tフォロワー\t-\t1\t1\t1",
        "BP22-002\t長い\tエルフ\tフォロワー\t-\t1\t1\t1\t余り",
        "BP22-003\t謎\tエルフ\tフォロワー\t-\t1\t1\t1",
    ]
    (isolated_carddb / "s.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (isolated_carddb / "t.csv").write_text(
        "card_code,name,class,card_type,sub_type,cost,attack,hp,effect\n"
        "BP22-010,謎の騎兵,ロイヤル,フォロワー,-,1,1,1,（ドライブチェックによってこれが捲れたなら、何かする）\n",
        encoding="utf-8",
    )
    code, out, _err = run_cli("cards", "import", "s.tsv", "-g", "evolve", "--into", "layer", "-o", "json")
    report = json.loads(out)
    assert code == 1 and report["format"] == "sve_rag_judge-csv"
    assert report["added"] == ["BP22-001", "BP22-003"]
    assert report["rejected"] == [
        {"row": 3, "field": None, "reason": "has 9 cells but the header names 8 columns"},
    ]
    code, out, _err = run_cli("cards", "import", "t.csv", "-g", "evolve", "--into", "layer", "-o", "json")
    [rejected] = json.loads(out)["rejected"]
    assert code == 1 and (rejected["row"], rejected["field"]) == (2, "effect")
    assert "names no single trigger effect" in rejected["reason"]


def test_real_simulator_cards_map_to_the_shipped_records_of_their_printings():
    """Three cards of eireetm/ShadowverseEvolve-NEXT packages/core/data/BP21.json (commit 153427d4, facts and the
    Japanese text as given; English and Chinese left out) give the records the shipped data made from the same file
    (updates/2026-bp21.json), printing by printing."""
    [simulator] = [list_format for list_format in LIST_FORMATS if list_format.id == "shadowverse-evolve-next-json"]
    lyelth = (
        "【進化時】『ライルの人形』1枚をEXエリアに置く。\n―――――――――――――――\n『ライルの人形』エルフ人形・学院・フォロワー"
    )
    cards = [
        _card("BP21-003", "無謬の偶像・ライル", "follower", printings=["BP21-003", "BP21-SL03"], evolved=True)
        | {"cost": None, "attack": 2, "defense": 4, "traits": ["人形", "学院"], "text": {"ja": lyelth}},
        _card("BP21-007", "フォレストシバルリー・シンシア", "follower", printings=["BP21-007", "PR-575"])
        | {"cost": 3, "attack": 4, "defense": 2, "traits": ["エルフ族"], "text": {"ja": "【突進】【指定攻撃】"}},
        _card("BP21-012", "妖精の学習", "spell", printings=["BP21-012", "BP21-P06"])
        | {"cost": 1, "attack": None, "defense": None, "traits": ["妖精", "学院"], "text": {"ja": "1枚引く。"}},
    ]
    shipped = {
        "BP21-003": ("無謬の偶像・ライル", "フォロワー・エボルヴ", "人形・学院", "-", "2", "4", "BP21"),
        "BP21-SL03": ("無謬の偶像・ライル", "フォロワー・エボルヴ", "人形・学院", "-", "2", "4", "BP21"),
        "BP21-007": ("フォレストシバルリー・シンシア", "フォロワー", "エルフ族", "3", "4", "2", "BP21"),
        "PR-575": ("フォレストシバルリー・シンシア", "フォロワー", "エルフ族", "3", "4", "2", "PR"),
        "BP21-012": ("妖精の学習", "スペル", "妖精・学院", "1", "-", "-", "BP21"),
        "BP21-P06": ("妖精の学習", "スペル", "妖精・学院", "1", "-", "-", "BP21"),
    }
    keys = ("name", "card_type", "sub_type", "cost", "attack", "hp", "set")
    expected = [
        evolve_record({"card_code": number, "class": "エルフ", **dict(zip(keys, facts, strict=True))})
        for number, facts in shipped.items()
    ]
    context = simulator.context(cards)
    assert [record for card in cards for record in simulator.records(card, context)] == expected


def test_a_plain_list_of_simulator_cards_and_the_drive_check_reminder_s_icons(run_cli, isolated_carddb):
    reminders = {
        "BP22-051": (
            "（ドライブチェックによってこれが捲れたなら、自分の場のフォロワー1体は《攻撃力》+2する）",
            "critical",
        ),
        "BP22-052": ("（ドライブチェックによってこれが捲れたなら、1枚引く）", "draw"),
        "BP22-053": ("（ドライブチェックによってこれが捲れたなら、自分の場のフォロワー1体をスタンドする。", "stand"),
        "BP22-054": ("（ドライブチェックによってこれが捲れたなら、自分のリーダーは体力＋３する）", "heal"),
    }
    cards = [_card(number, number, "follower", text={"ja": text}) for number, (text, _trigger) in reminders.items()]
    (isolated_carddb / "list.json").write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    code, out, err = run_cli("cards", "import", "list.json", "-g", "evolve", "--into", "layer", "-o", "json")
    assert code == 0, out + err
    assert json.loads(out)["format"] == "shadowverse-evolve-next-json"
    records = _by_number(isolated_carddb / "layer" / "evolve" / "list.toml")
    assert {number: record["trigger"] for number, record in records.items()} == {
        number: trigger for number, (_text, trigger) in reminders.items()
    }
