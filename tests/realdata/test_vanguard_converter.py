"""The Vanguard converter (deckcheck.realdata.vanguard): the real card list's facts kept as printed, the unknown
facts kept unknown, and every record it cannot vouch for named with its field."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from deckcheck.carddb.db import load_carddb
from deckcheck.realdata import main, render_toml, validate
from deckcheck.realdata.vanguard import convert

DATA = Path(__file__).resolve().parents[1] / "data" / "realdata"
REPO = Path(__file__).resolve().parents[2]
EXCERPT = json.loads((DATA / "vanguard-cards-excerpt.json").read_text(encoding="utf-8"))


def by_number(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {record["number"]: record for record in records}


def test_the_excerpt_converts_whole_and_keeps_what_is_printed():
    conversion = convert(EXCERPT)
    assert validate(conversion) == [] and conversion.rejected == []
    # ワイバーンガード バリィ, a perfect guard of BT01 the source calls no sentinel: unknown, said in a note
    assert [(index, number) for index, number, _ in conversion.notes] == [(6, "BT01/015")]
    records = by_number(conversion.records)
    assert len(records) == len(EXCERPT)
    assert records["BT01/001"] == {
        "number": "BT01/001",
        "name": "騎士王 アルフレッド",
        "type": "normal",
        "grade": 3,
        "trigger": "none",
        "sentinel": False,
        "clans": ["ロイヤルパラディン"],
        "nation": "united-sanctuary",
        "set": "BT01",
        "power": 10000,
        "critical": 1,
        "skill": "twin-drive",
    }
    # odd printed numbers are kept as printed (the card database compares them upper-cased)
    for number in ("G-BT01/023 PR", "PR/0471 W", "G-CB01/031B PR", "G-BT09/Re:01", "BT16/024PR_", "EB10/024W"):
        assert number in records
    # the unknown facts stay unknown (never none / false)
    assert records["BT01/003"]["trigger"] == "stand-or-none" and records["BT01/003"]["type"] == "normal"
    assert records["BT02/032"]["sentinel"] == records["BT01/015"]["sentinel"] == "unknown"
    # grade-4 normal units are main-deck cards; G units have no trigger and triple drive
    assert (records["EB09/001"]["type"], records["EB09/001"]["grade"]) == ("normal", 4)
    assert records["G-BT01/001"]["type"] == "g-unit" and records["G-BT01/001"]["skill"] == "triple-drive"
    # no clan, and no nation
    assert any(record["clans"] == [] for record in records.values())
    assert any("nation" not in record for record in records.values())
    assert any(record.get("nation") == "cray-elemental" for record in records.values())


def test_the_shipped_vanguard_records_are_the_converters_output():
    with open(REPO / "carddb" / "vanguard" / "cards.toml", "rb") as file:
        shipped = by_number(tomllib.load(file)["cards"])
    assert len(shipped) == 7722
    for number, record in by_number(convert(EXCERPT).records).items():
        assert shipped[number] == record


def test_a_rebuild_is_byte_identical():
    first, second = convert(EXCERPT), convert(json.loads(json.dumps(EXCERPT)))
    assert render_toml(first, "SOURCE/vanguard/cards.json") == render_toml(second, "SOURCE/vanguard/cards.json")


GOOD = {
    "number": "BT99/001",
    "set": "BT99",
    "name": "試験の騎士",
    "type": "normal",
    "grade": 1,
    "trigger": "none",
    "sentinel": False,
    "clans": ["ロイヤルパラディン"],
    "nation": "ユナイテッドサンクチュアリ",
}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"type": "ユニット"}, "field 'type': unknown unit type 'ユニット' (known: normal, trigger, g-unit)"),
        ({"type": None}, "field 'type': unknown unit type None"),
        ({"grade": None}, "field 'grade': is missing"),
        ({"grade": 5}, "field 'grade': 5 is not a grade of the G era (0–4)"),
        ({"grade": True}, "field 'grade': True is not a grade"),
        ({"grade": 3, "trigger": "critical", "type": "trigger"}, "a critical trigger on a grade-3 unit"),
        ({"trigger": "heal"}, "field 'trigger': a heal trigger on a grade-1 unit"),
        ({"grade": 0, "trigger": "heal"}, "'heal' does not fit unit type 'normal'"),
        ({"grade": 0, "type": "trigger"}, "'none' does not fit unit type 'trigger'"),
        ({"trigger": "stand-or-none"}, "field 'trigger': stand-or-none on a grade-1 unit"),
        ({"trigger": "glitter"}, "field 'trigger': unknown trigger 'glitter'"),
        ({"grade": 2, "sentinel": "unknown"}, "field 'sentinel': 'unknown' on a grade-2 normal unit"),
        ({"sentinel": "maybe"}, "field 'sentinel': 'maybe' is not true, false or \"unknown\""),
        ({"sentinel": 1}, "field 'sentinel': 1 is not true, false"),
        ({"number": "BT99/001  PR"}, "field 'number': 'BT99/001  PR' is not a printed card number"),
        ({"number": "BT99/001\tPR"}, "field 'number'"),
        ({"number": " BT99/001"}, "field 'number'"),
        ({"number": "BT99 /001"}, "field 'number'"),
        ({"number": "BT99/001 XYZQ"}, "field 'number'"),
        ({"number": ""}, "field 'number': is missing"),
        ({"number": 7}, "field 'number': is missing or not text"),
        ({"name": "  "}, "field 'name': is missing or empty"),
        ({"name": "騎士\x00"}, "field 'name': '騎士\\x00' holds a control character"),
        ({"clans": "ロイヤルパラディン"}, "field 'clans': 'ロイヤルパラディン' is not a list of clan names"),
        ({"nation": "アトランティス"}, "field 'nation': unknown nation 'アトランティス'"),
        ({"power": -5}, "field 'power': -5 is not a whole number from 0 to 1,000,000"),
        ({"power": 10**400}, "field 'power'"),
        ({"skill": "quad-drive"}, "field 'skill': unknown skill 'quad-drive'"),
    ],
)
def test_records_that_cannot_be_mapped_are_named(change, reason):
    conversion = convert([GOOD, GOOD | {"number": "BT99/002"} | change])
    assert [record["number"] for record in conversion.records] == ["BT99/001"]
    [(index, _number, message)] = conversion.rejected
    assert index == 2 and reason in message


def test_printings_of_one_card_share_its_sentinel():
    sentinel = GOOD | {"sentinel": True, "shield": 0}
    promo = GOOD | {"number": "PR/9999", "set": "PR", "sentinel": False, "shield": 0}
    other_grade = GOOD | {"number": "BT99/003", "grade": 2}  # the same name at grade 2 is another card
    conversion = convert([promo, sentinel, other_grade])
    assert [record["sentinel"] for record in conversion.records] == [True, True, False]
    assert conversion.notes == [
        (1, "PR/9999", "sentinel false → true: BT99/001, a printing of the same card, is a sentinel")
    ]


def test_an_old_perfect_guard_called_no_sentinel_is_unknown_not_false():
    guard = GOOD | {"shield": 0}  # a grade-1 unit printed with shield 0, sentinel false in the source
    plain = GOOD | {"number": "BT99/002", "name": "盾なし", "shield": 5000}
    conversion = convert([guard, plain])
    assert [record["sentinel"] for record in conversion.records] == ["unknown", False]
    [(index, number, reason)] = conversion.notes
    assert (index, number) == (1, "BT99/001") and reason.startswith("sentinel false → unknown")


def test_a_duplicate_number_keeps_the_first():
    conversion = convert([GOOD, GOOD | {"name": "二枚目"}, GOOD | {"number": "bt99/001"}])
    assert [record["name"] for record in conversion.records] == ["試験の騎士"]
    assert [(index, message[:40]) for index, _, message in conversion.rejected] == [
        (2, "field 'number': duplicate number (record"),
        (3, "field 'number': 'bt99/001' is not a prin"),  # printed numbers are upper case
    ]


def test_a_record_that_is_no_object_is_named():
    conversion = convert([GOOD, ["BT99/003"], None])
    assert [(index, message) for index, _, message in conversion.rejected] == [
        (2, "field '-': must be an object, not list"),
        (3, "field '-': must be an object, not NoneType"),
    ]


def test_the_command_writes_a_loadable_database_and_lists_rejects(tmp_path, capsys, monkeypatch):
    source = tmp_path / "cards.json"
    source.write_text(json.dumps([*EXCERPT, GOOD | {"grade": None}], ensure_ascii=False), encoding="utf-8")
    (tmp_path / "out").mkdir()
    assert main(["vanguard", str(source), str(tmp_path / "out")]) == 1
    out = capsys.readouterr().out
    assert f"{len(EXCERPT)} records" in out and f"record {len(EXCERPT) + 1} (BT99/001): field 'grade'" in out
    written = tmp_path / "out" / "vanguard" / "cards.toml"
    assert written.read_text(encoding="utf-8").startswith("# Generated by `python -m deckcheck.realdata vanguard")
    monkeypatch.setattr("deckcheck.carddb.db.shipped_carddb_dir", lambda: tmp_path / "out")
    monkeypatch.chdir(tmp_path)
    db = load_carddb("vanguard")
    assert len(db) == len(EXCERPT) and db.warnings == []
    assert db.resolve("PR/0471W").number == "PR/0471 W"
