"""`deckcheck cards import`: CSV / TSV / JSON card lists into a card database folder, end to end through the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from hostile import within
from typer.testing import CliRunner

from deckcheck.carddb.db import load_carddb
from deckcheck.carddb.importer import import_cards
from deckcheck.cli.app import app
from deckcheck.errors import DeckcheckError

HEADER = "number,name,type,grade,trigger,clans,sentinel,power\n"
GOOD_CSV = (
    HEADER + 'X-001,テスト騎士,ノーマルユニット,１,,ロイヤルパラディン,いいえ,"10,000"\n'
    "X-002,治療の天使,トリガーユニット,0,ヒール,ロイヤルパラディン|かげろう,×,5000\n"
    "X-003,護りの盾,トリガーユニット,0,引,ロイヤルパラディン;かげろう、なるかみ,○,5000\n"
)


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder outside any git repository, with no $DECKCHECK_CARDDB."""
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def invoke(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def check_json(*args: object) -> tuple[int, dict]:
    """`deckcheck check ARGS --output json`: the exit code and the JSON on stdout (notes go to stderr)."""
    result = CliRunner().invoke(app, ["check", *map(str, args), "--output", "json"])
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.stdout)


def write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode(encoding))
    return path


def records(path: Path) -> list[dict]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return data["cards"]


def do_import(source: Path, game: str = "vanguard", *more: object) -> tuple[int, str]:
    """Import as a user in the working folder would: paths relative to it, into `db/`."""
    return invoke("cards", "import", os.path.relpath(source), "--game", game, "--into", "db", *more)


# Good lists ------------------------------------------------------------------------------------------------


def test_good_csv_with_japanese_values_lists_and_yes_no(work: Path) -> None:
    code, output = do_import(write(work / "rp.csv", GOOD_CSV))
    target = Path("db") / "vanguard" / "rp.toml"
    assert code == 0, output
    assert output.strip() == f"Imported rp.csv into {target}: 3 added, 0 replaced, 0 unchanged, 0 rejected."
    text = (work / target).read_text(encoding="utf-8")
    assert text.startswith('game = "vanguard"\n')
    assert records(work / target) == [
        # Stored as the model stores them; defaults the row did not give are not written (no skill, no shield).
        {
            "number": "X-001",
            "name": "テスト騎士",
            "type": "normal",
            "grade": 1,
            "trigger": "none",
            "clans": ["ロイヤルパラディン"],
            "sentinel": False,
            "power": 10000,
        },
        {
            "number": "X-002",
            "name": "治療の天使",
            "type": "trigger",
            "grade": 0,
            "trigger": "heal",
            "clans": ["ロイヤルパラディン", "かげろう"],
            "sentinel": False,
            "power": 5000,
        },
        {
            "number": "X-003",
            "name": "護りの盾",
            "type": "trigger",
            "grade": 0,
            "trigger": "draw",
            "clans": ["ロイヤルパラディン", "かげろう", "なるかみ"],
            "sentinel": True,
            "power": 5000,
        },
    ]


def test_imported_cards_load_and_are_found_by_check(work: Path) -> None:
    assert do_import(write(work / "rp.csv", GOOD_CSV))[0] == 0
    db = load_carddb("vanguard", [work / "db"])
    assert db.cards["X-002"].trigger == "heal"
    assert db.resolve("治療の天使").number == "X-002"
    deck = write(work / "d.deck.toml", 'game = "vanguard"\n[main]\n"X-002" = 4\n"テスト騎士" = 1\n')

    code, data = check_json(deck, "--carddb", "db")
    found = data["decks"][0]
    assert code == 1  # far from a legal deck, but every card is known
    assert "deck.unknown-card" not in {v["rule"] for v in found["violations"]}
    assert found["counts"]["main"] == 5

    # Without the imported folder the same deck does not know the cards: the check above could fail.
    code, data = check_json(deck)
    unknown = [v for v in data["decks"][0]["violations"] if v["rule"] == "deck.unknown-card"]
    assert len(unknown) == 2


def test_tsv_and_header_spelling(work: Path) -> None:
    source = write(work / "list.tsv", "Number\tＮＡＭＥ\t type \tgrade\tclans\nT-1\tA, B\tnormal\t1\tC\n")
    code, output = do_import(source)
    assert code == 0, output
    assert records(work / "db/vanguard/list.toml") == [
        {"number": "T-1", "name": "A, B", "type": "normal", "grade": 1, "trigger": "none", "clans": ["C"]}
    ]


def test_empty_cell_is_absent_but_an_empty_required_list_is_empty(work: Path) -> None:
    source = write(work / "e.csv", "number,name,type,grade,clans,power,nation\nE-1,E,normal,1,,,\n")
    code, output = do_import(source)
    assert code == 0, output
    assert records(work / "db/vanguard/e.toml") == [
        {"number": "E-1", "name": "E", "type": "normal", "grade": 1, "trigger": "none", "clans": []}
    ]


def test_blank_rows_are_skipped_and_rows_count_the_header_as_row_1(work: Path) -> None:
    source = write(work / "b.csv", "number,name,type,grade,clans\nB-1,B,normal,1,C\n,,,,\n\nB-2,B2,normal,9,C\n")
    code, output = do_import(source)
    assert code == 1
    assert "1 added, 0 replaced, 0 unchanged, 1 rejected." in output
    assert "row 5, field 'grade': Input should be less than or equal to 4 (got 9)" in output


def test_evolve_class_alias_type_line_and_traits(work: Path) -> None:
    source = write(
        work / "ev.csv",
        "number,name,type,class,cost,attack,defense,traits,token\n"
        "EV-1,剣の騎士,フォロワー・エボルヴ,ロイヤル,,5,5,兵士・指揮官,\n"
        "EV-2,見習い,フォロワー,Swordcraft,２,2,2,兵士|学生,いいえ\n"
        "EV-3,魔法の粉,スペル・トークン,-,1,,,,\n",
    )
    code, output = do_import(source, "evolve")
    assert code == 0, output
    assert records(work / "db/evolve/ev.toml") == [
        {
            "number": "EV-1",
            "name": "剣の騎士",
            "type": "follower",
            "evolve": True,
            "class": "sword",
            "attack": 5,
            "defense": 5,
            "traits": ["兵士", "指揮官"],
        },
        {
            "number": "EV-2",
            "name": "見習い",
            "type": "follower",
            "token": False,
            "class": "sword",
            "cost": 2,
            "attack": 2,
            "defense": 2,
            "traits": ["兵士", "学生"],
        },
        {"number": "EV-3", "name": "魔法の粉", "type": "spell", "token": True, "cost": 1},
    ]
    assert load_carddb("evolve", [work / "db"]).cards["EV-1"].evolve is True


def test_build_divide_full_width_integers(work: Path) -> None:
    source = write(
        work / "bd.csv",
        "number,name,type,colors,cost,total_cost,buster\nBD-1,黒の剣士,ユニット,黒,４,４,Ｙｅｓ\n",
    )
    code, output = do_import(source, "build-divide")
    assert code == 0, output
    assert records(work / "db/build-divide/bd.toml") == [
        {"number": "BD-1", "name": "黒の剣士", "type": "unit", "colors": ["black"], "cost": 4, "total_cost": 4}
        | {"buster": True}
    ]


def test_cipher_marker_list_needs_no_unit_columns(work: Path) -> None:
    source = write(work / "m.csv", "number,name,type\nMK-1,主人公マーカー,マーカーカード\n")
    code, output = do_import(source, "cipher")
    assert code == 0, output
    # `symbols = []` is what the model stores for a marker (it prints none).
    assert records(work / "db/cipher/m.toml") == [
        {"number": "MK-1", "name": "主人公マーカー", "type": "marker", "symbols": []}
    ]
    # A unit row in the same list is told which unit fields it lacks (a row problem, not a header problem).
    write(work / "m.csv", "number,name,type\nMK-2,Unit,unit\n")
    code, output = do_import(work / "m.csv", "cipher")
    assert code == 1
    assert "row 2, field 'title': is required but missing" in output
    assert "row 2, field 'class_name': is required but missing" in output
    assert records(work / "db/cipher/m.toml")[0]["number"] == "MK-1"  # the file is left as it was


# Bad rows ----------------------------------------------------------------------------------------------------


def test_bad_rows_are_reported_and_valid_ones_written(work: Path) -> None:
    source = write(
        work / "bad.csv",
        HEADER + "X-001,Good,normal,1,,C,,\n"
        "X-002,Bad grade,normal,abc,,C,,\n"
        "X-003,Bad yes,normal,1,,C,maybe,\n"
        "X-004,No trigger,trigger,0,,C,,\n"
        "X-005,Bad type,ブースター,1,,C,,1000\n"
        "X-006,Wide,normal,1,,C,,,surplus\n",
    )
    code, output = do_import(source)
    assert code == 1
    lines = output.strip().splitlines()
    target = Path("db/vanguard/bad.toml")
    assert lines[0] == f"Imported bad.csv into {target}: 1 added, 0 replaced, 0 unchanged, 5 rejected."
    assert lines[1:] == [
        "row 3, field 'grade': Input should be a valid integer, unable to parse string as an integer (got 'abc')",
        "row 4, field 'sentinel': expected yes or no (true/false, yes/no, 1/0, y/n, ○/×, はい/いいえ) (got 'maybe')",
        "row 5, field 'trigger': is required but missing",
        "row 6, field 'type': Input should be 'normal', 'trigger' or 'g-unit' (got 'ブースター')",
        "row 6, field 'trigger': is required but missing",  # no type, so no default for it either
        "row 7: has 9 cells but the header names 8 columns",
    ]
    assert [r["number"] for r in records(work / "db/vanguard/bad.toml")] == ["X-001"]


@pytest.mark.parametrize("digits", [19, 4_301, 50_000])
def test_a_huge_number_cell_is_a_rejected_row_in_our_words(work: Path, digits: int) -> None:
    source = write(
        work / "huge.csv", HEADER + "X-001,Good,normal,1,,C,,\n" + f"X-002,Huge,normal,{'9' * digits},,C,,\n"
    )
    code, output = do_import(source)
    assert code == 1
    assert f"row 3, field 'grade': expected a small whole number (got a number of {digits:,} digits)" in output
    assert "set_int_max_str_digits" not in output
    assert [r["number"] for r in records(work / "db/vanguard/huge.toml")] == ["X-001"]


def test_a_row_for_another_game_is_rejected(work: Path) -> None:
    source = write(
        work / "g.csv", "game,number,name,type,grade,clans\nvanguard,G-1,A,normal,1,C\ncipher,G-2,B,normal,1,C\n"
    )
    code, output = do_import(source)
    assert code == 1
    assert "row 3, field 'game': 'cipher' is not the game being imported ('vanguard')" in output
    assert records(work / "db/vanguard/g.toml") == [
        {"number": "G-1", "name": "A", "type": "normal", "grade": 1, "trigger": "none", "clans": ["C"]}
    ]


def test_duplicate_numbers_after_normalisation(work: Path) -> None:
    source = write(
        work / "dup.csv",
        "number,name,type,grade,clans\nx-001,First,normal,1,C\nX-002,Second,normal,1,C\n Ｘ-００１ ,Again,normal,2,C\n",
    )
    code, output = do_import(source)
    assert code == 1
    assert "row 4, field 'number': number X-001 already on row 2" in output
    assert [(r["number"], r["name"]) for r in records(work / "db/vanguard/dup.toml")] == [
        ("X-001", "First"),
        ("X-002", "Second"),
    ]


def test_every_row_rejected_writes_nothing(work: Path) -> None:
    source = write(work / "all.csv", "number,name,type,grade,clans\nA-1,A,normal,7,C\nA-2,B,normal,-1,C\n")
    code, output = do_import(source)
    assert code == 1
    assert "note: nothing was written: every row was rejected." in output
    assert "0 added, 0 replaced, 0 unchanged, 2 rejected." in output
    assert not (work / "db").exists()


def test_a_header_without_rows_imports_nothing(work: Path) -> None:
    code, output = do_import(write(work / "h.csv", "number,name,type,grade,clans\n"))
    assert code == 0
    assert "0 added, 0 replaced, 0 unchanged, 0 rejected." in output
    assert not (work / "db").exists()


def test_json_list_with_wrong_types(work: Path) -> None:
    items = [
        {"number": "J-1", "name": "Good", "type": "normal", "grade": 1, "clans": ["C"], "skill": None},
        {"number": "J-2", "name": "Bad grade", "type": "normal", "grade": "abc", "clans": ["C"]},
        {"number": "J-3", "name": "Bad clans", "type": "normal", "grade": 1, "clans": 3},
        "J-4",
        {"number": "J-5", "name": "Unknown key", "type": "normal", "grade": 1, "clans": [], "rarity": "RR"},
    ]
    source = write(work / "list.json", json.dumps(items, ensure_ascii=False))
    code, output = do_import(source, "vanguard", "--output", "json")
    assert code == 1
    data = json.loads(output)
    assert data["target"] == str(Path("db/vanguard/list.toml"))
    assert (data["added"], data["replaced"], data["unchanged"]) == (["J-1"], [], [])
    assert [(r["row"], r["field"]) for r in data["rejected"]] == [
        (2, "grade"),
        (3, "clans.0"),
        (4, None),
        (5, "rarity"),
    ]
    assert data["rejected"][1]["reason"] == "Input should be a valid string (got 3)"
    assert data["rejected"][2]["reason"] == "is not an object with the card's fields (got str 'J-4')"
    assert data["rejected"][3]["reason"] == "is not a field of this game's card record"

    code, output = do_import(source)
    assert "item 2, field 'grade': Input should be a valid integer" in output
    assert "item 4: is not an object" in output


def test_json_object_with_game_and_cards(work: Path) -> None:
    card = {"number": "O-1", "name": "O", "type": "trigger", "trigger": "クリティカル", "grade": "０", "clans": "C"}
    source = write(work / "obj.json", json.dumps({"game": "vanguard", "cards": [card]}, ensure_ascii=False))
    code, output = do_import(source)
    assert code == 0, output
    assert records(work / "db/vanguard/obj.toml") == [
        {"number": "O-1", "name": "O", "type": "trigger", "trigger": "critical", "grade": 0, "clans": ["C"]}
    ]

    write(source, json.dumps({"game": "cipher", "cards": [card]}))
    code, output = do_import(source)
    assert code == 2
    assert "field 'game': the list is for game 'cipher', not 'vanguard'" in output


def test_a_duplicate_key_in_a_json_card_list_is_malformed(work: Path) -> None:
    # issue 14 item 3: read last-wins, the first `name` would be silently lost
    text = '[{"number": "D-1", "name": "First",\n  "name": "Second", "type": "normal", "grade": 1, "clans": []}]'
    source = write(work / "dup.json", text)
    code, output = do_import(source)
    assert code == 2 and not (work / "db").exists()
    assert "dup.json:2: duplicate key 'name' in '0' (first on line 1)" in output


# The header ----------------------------------------------------------------------------------------------------


def test_missing_required_column_is_exit_2_and_writes_nothing(work: Path) -> None:
    source = write(work / "m.csv", "number,name,type,clans\nM-1,M,normal,C\n")
    code, output = do_import(source)
    assert code == 2
    assert "m.csv:1: the header lacks the required column(s) 'grade'" in output
    assert "the vanguard fields are: required number, name, type, grade, clans; optional game, set," in output
    assert not (work / "db").exists()


def test_unknown_column_is_exit_2(work: Path) -> None:
    source = write(work / "u.csv", "number,name,type,grade,clans,rarity,Race\nU-1,U,normal,1,C,RR,human\n")
    code, output = do_import(source)
    assert code == 2
    assert "has column(s) that are not vanguard card fields: 'rarity', 'Race'" in output
    assert not (work / "db").exists()


def test_evolve_class_column_is_known_but_class_underscore_is_not(work: Path) -> None:
    source = write(work / "c.csv", "number,name,type,class_\nC-1,C,leader,sword\n")
    code, output = do_import(source, "evolve")
    assert code == 2
    assert "'class_'" in output and "optional game, set, deck_limit, text, evolve, advance, token, class," in output


# Merging into an existing file ------------------------------------------------------------------------------


def test_reimport_is_idempotent_and_byte_identical(work: Path) -> None:
    source = write(work / "rp.csv", GOOD_CSV)
    assert do_import(source)[0] == 0
    target = work / "db/vanguard/rp.toml"
    before = target.read_bytes()
    code, output = do_import(source)
    assert code == 0
    assert "0 added, 0 replaced, 3 unchanged, 0 rejected." in output
    assert target.read_bytes() == before


def test_reimport_looks_up_each_number_without_a_scan(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26, item 8: each row's number was found by a scan of the target's cards (20,000 unchanged rows: 13.5
    s, 50,000: 60 s). Now the target's cards are gone through once, whatever the number of rows."""
    from deckcheck.carddb import importer

    rows = "".join(f"Z-{i:04d},カード{i},normal,{i % 4},テスト\n" for i in range(300))
    source = write(work / "many.csv", "number,name,type,grade,clans\n" + rows)
    assert do_import(source)[0] == 0
    scans = 0

    class Counting(dict):
        def items(self):
            nonlocal scans
            scans += 1
            return super().items()

    load = importer._Target.load.__func__

    def counting_load(cls, path, game):
        target = load(cls, path, game)
        target.cards = Counting(target.cards)
        return target

    monkeypatch.setattr(importer._Target, "load", classmethod(counting_load))
    code, output = do_import(source)
    assert code == 0 and "0 added, 0 replaced, 300 unchanged, 0 rejected." in output
    assert scans <= 3  # (once per pass over the folder, not once per row)


def test_changed_record_is_replaced_in_place_and_others_kept(work: Path) -> None:
    target = write(
        work / "db/vanguard/rp.toml",
        'game = "vanguard"\nnote = "kept"\n\n[[cards]]\nnumber = "OLD-1"\nname = "Old"\ntype = "ノーマルユニット"\n'
        'grade = 1\nclans = ["C"]\n\n[[cards]]\nnumber = "x-001"\nname = "Before"\ntype = "normal"\ngrade = 1\n'
        'clans = ["C"]\n',
    )
    source = write(work / "rp.csv", GOOD_CSV)
    code, output = do_import(source)
    assert code == 0, output
    assert "2 added, 1 replaced, 0 unchanged, 0 rejected." in output
    data = tomllib.loads(target.read_text(encoding="utf-8"))
    assert data["note"] == "kept"
    assert [(r["number"], r["name"]) for r in data["cards"]] == [
        ("OLD-1", "Old"),
        ("X-001", "テスト騎士"),
        ("X-002", "治療の天使"),
        ("X-003", "護りの盾"),
    ]
    assert data["cards"][0]["type"] == "ノーマルユニット"  # a record not imported again is kept as written


def test_unchanged_means_the_same_card_not_the_same_spelling(work: Path) -> None:
    target = write(
        work / "db/vanguard/s.toml",
        'game = "vanguard"\n[[cards]]\nnumber = "S-1"\nname = "S"\ntype = "ノーマルユニット"\ngrade = 1\nclans = "C"\n',
    )
    before = target.read_bytes()
    source = write(work / "s.csv", "number,name,type,grade,clans,sentinel\ns-1,S,normal,1,C,no\n")
    code, output = do_import(source, "vanguard", "--output", "json")
    assert code == 0
    assert json.loads(output)["unchanged"] == ["S-1"]
    assert target.read_bytes() == before


def test_number_in_another_file_of_the_folder_is_rejected(work: Path) -> None:
    write(
        work / "db/vanguard/base.toml",
        'game = "vanguard"\n[[cards]]\nnumber = "B-1"\nname = "Base"\ntype = "normal"\ngrade = 1\nclans = ["C"]\n',
    )
    source = write(work / "new.csv", "number,name,type,grade,clans\nb-1,Copy,normal,2,C\nN-1,New,normal,2,C\n")
    code, output = do_import(source)
    assert code == 1
    other = Path("db") / "vanguard" / "base.toml"
    assert f"row 2, field 'number': number B-1 is already in {other} record 1; a number is unique" in output
    assert [r["number"] for r in records(work / "db/vanguard/new.toml")] == ["N-1"]
    assert len(load_carddb("vanguard", [work / "db"])) >= 2  # the folder still loads


def test_deck_limit_disagreement_is_rejected(work: Path) -> None:
    write(
        work / "db/vanguard/base.toml",
        'game = "vanguard"\n[[cards]]\nnumber = "L-1"\nname = "Limited"\ntype = "normal"\ngrade = 1\n'
        'clans = ["C"]\ndeck_limit = 1\n',
    )
    source = write(
        work / "l.csv",
        "number,name,type,grade,clans,deck_limit\nL-2,Limited,normal,1,C,\nL-3,Limited,normal,1,C,１\n"
        "L-4,Free,normal,1,C,any\nL-5,Free,normal,1,C,2\n",
    )
    code, output = do_import(source)
    assert code == 1
    lines = output.strip().splitlines()
    assert lines[0].endswith("1 added, 0 replaced, 0 unchanged, 3 rejected.")
    assert lines[1].startswith("row 2, field 'deck_limit': records of one card (Limited) would disagree on deck_limit:")
    assert "L-1 deck_limit=1; row 2 L-2 deck_limit=default" in lines[1]
    # Two new rows that disagree with each other, and nothing already in the folder: both are rejected.
    assert [line.split(":")[0] for line in lines[2:]] == ["row 4, field 'deck_limit'", "row 5, field 'deck_limit'"]
    assert [r["number"] for r in records(work / "db/vanguard/l.toml")] == ["L-3"]
    assert load_carddb("vanguard", [work / "db"]).cards["L-3"].deck_limit == 1


def test_a_broken_folder_is_exit_2(work: Path) -> None:
    write(work / "db/vanguard/x.toml", 'game = "vanguard"\n[[cards]]\nnumber = "B-1"\nname = "B"\n')
    code, output = do_import(write(work / "ok.csv", "number,name,type,grade,clans\nO-1,O,normal,1,C\n"))
    assert code == 2
    assert "the card database folder is broken already" in output
    assert "x.toml record 1 (B-1): field 'type': is required but missing" in output
    assert not (work / "db/vanguard/ok.toml").exists()


# Comments, encodings, read-only targets --------------------------------------------------------------------


COMMENTED = (
    '# my notes\ngame = "vanguard"\n[[cards]]\nnumber = "X-001"\nname = "Old"\ntype = "normal"\ngrade = 1\n'
    'clans = ["C"]\n'
)


def test_comments_in_the_target_are_refused_unless_force(work: Path) -> None:
    target = write(work / "db/vanguard/rp.toml", COMMENTED)
    source = write(work / "rp.csv", GOOD_CSV)
    code, output = do_import(source)
    assert code == 2
    assert "holds TOML comments (line 1) that rewriting it would drop" in output and "--force" in output
    assert target.read_text(encoding="utf-8") == COMMENTED

    code, output = do_import(source, "vanguard", "--force")
    assert code == 0, output
    assert f"note: the comments of {Path('db/vanguard/rp.toml')} were dropped (--force)." in output
    assert "2 added, 1 replaced, 0 unchanged" in output
    assert "#" not in target.read_text(encoding="utf-8")


def test_a_hash_inside_a_string_is_not_a_comment(work: Path) -> None:
    target = write(
        work / "db/vanguard/rp.toml",
        'game = "vanguard"\n[[cards]]\nnumber = "X-001"\nname = "Old"\ntype = "normal"\ngrade = 1\n'
        'clans = ["C"]\ntext = "#1 \\"の\\" 効果"\n',
    )
    code, output = do_import(write(work / "rp.csv", GOOD_CSV))
    assert code == 0, output
    assert records(target)[0]["name"] == "テスト騎士"


def test_cp932_file_is_read_and_said_so(work: Path) -> None:
    source = write(work / "sj.csv", GOOD_CSV, encoding="cp932")
    code, output = do_import(source)
    assert code == 0, output
    assert "note: sj.csv is not UTF-8; it was read as cp932 (Shift_JIS)." in output
    assert records(work / "db/vanguard/sj.toml")[1]["name"] == "治療の天使"


def test_bom_file(work: Path) -> None:
    source = write(work / "bom.csv", GOOD_CSV, encoding="utf-8-sig")
    code, output = do_import(source, "vanguard", "--output", "json")
    assert code == 0, output
    assert json.loads(output)["encoding"] == "utf-8"
    assert len(records(work / "db/vanguard/bom.toml")) == 3


def test_utf16_file_from_excel(work: Path) -> None:
    source = write(work / "u16.tsv", GOOD_CSV.replace(",", "\t").replace('"10\t000"', "10000"), encoding="utf-16")
    code, output = do_import(source)
    assert code == 0, output
    assert records(work / "db/vanguard/u16.toml")[0]["power"] == 10000


def test_read_only_target_file_simulated(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same as above where the tests run as root: the writer is told the file is not writable."""
    target = write(work / "db/vanguard/rp.toml", COMMENTED.removeprefix("# my notes\n"))
    before = target.read_bytes()
    monkeypatch.setattr("deckcheck._util.atomic.os.access", lambda path, mode: Path(path) != target.relative_to(work))
    code, output = do_import(write(work / "rp.csv", GOOD_CSV))
    assert code == 2
    assert "rp.toml: cannot write: the file is read-only" in output
    assert target.read_bytes() == before


def test_unwritable_folder_changes_nothing(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a read-only folder does to the writer (simulated: the tests may run as root, which chmod cannot stop)."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("deckcheck._util.atomic.tempfile.mkstemp", refuse)
    target = write(work / "db/vanguard/rp.toml", COMMENTED.removeprefix("# my notes\n"))
    before = target.read_bytes()
    code, output = do_import(write(work / "rp.csv", GOOD_CSV))
    assert code == 2
    assert "rp.toml: cannot write: Permission denied" in output
    assert target.read_bytes() == before
    assert sorted(p.name for p in target.parent.iterdir()) == ["rp.toml"]

    # A new game folder created for the write is removed again.
    code, output = do_import(write(work / "ev.csv", "number,name,type\nE-1,E,leader\n"), "evolve")
    assert code == 2
    assert not (work / "db/evolve").exists()


# Files that cannot be read at all ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("missing.csv", None, "missing.csv: no such file"),
        ("folder.csv", "DIR", "folder.csv: is a folder, not a CSV or JSON card list"),
        ("bin.csv", b"number,name\x00\x01\x02", "bin.csv:1: holds a NUL byte (\\x00) at column 12"),
        ("bad.json", b'[{"number": "A",}]', "bad.json:1: is not valid JSON: Expecting property name"),
        ("scalar.json", b"3", 'scalar.json: expected a list of card objects, or an object {"game": ..., "cards"'),
        ("nocards.json", b'{"game": "vanguard"}', "nocards.json: has no `cards` list"),
        ("extra.json", b'{"cards": [], "deck": 1}', "extra.json: unknown key(s) 'deck'"),
        ("quote.csv", b'number,name\n"A-1,unterminated\n', "quote.csv:2: is not valid CSV: unexpected end of data"),
        ("empty.csv", b"", "empty.csv: is empty: expected a header row"),
        ("list.xlsx", b"PK", "list.xlsx: unknown card list format '.xlsx': expected .csv, .tsv or .json"),
        ("latin.csv", b"number,name\n\x81\x20", "latin.csv:2: is not UTF-8, UTF-16 or Shift_JIS text"),
    ],
)
def test_unreadable_files_are_exit_2(work: Path, name: str, content: bytes | str | None, message: str) -> None:
    path = work / name
    if content == "DIR":
        path.mkdir()
    elif content is not None:
        path.write_bytes(content)  # type: ignore[arg-type]
    code, output = do_import(path)
    assert code == 2
    assert message in output
    assert not (work / "db").exists()


def test_unknown_game_is_exit_2(work: Path) -> None:
    code, output = do_import(write(work / "rp.csv", GOOD_CSV), "pokemon")
    assert code == 2
    assert "unknown game 'pokemon'" in output


def test_library_function_returns_a_report(work: Path) -> None:
    source = write(
        work / "rp.csv", GOOD_CSV.replace("X-003,護りの盾,トリガーユニット,0", "X-003,護りの盾,トリガーユニット,x")
    )
    (work / "lib").mkdir()
    assert "X-001" not in load_carddb("vanguard", [work / "lib"]).cards
    report = import_cards(source, "vanguard", work / "lib")
    assert report.target == work / "lib/vanguard/rp.toml"
    assert (report.added, report.replaced, report.unchanged) == (["X-001", "X-002"], [], [])
    assert [(r.row, r.field) for r in report.rejected] == [(4, "grade")]
    assert report.rejected_rows == [4] and report.written
    # A database loaded before the import in the same process sees the new cards afterwards.
    assert "X-001" in load_carddb("vanguard", [work / "lib"]).cards


# The layers the folder is read with, and imports at the same time ---------------------------------------------------

LIMITED_BASE = (
    'game = "vanguard"\n[[cards]]\nnumber = "L-1"\nname = "Limited"\ntype = "normal"\ngrade = 1\nclans = ["C"]\n'
    "deck_limit = 1\n"
)
LIMITED_ROW = "number,name,type,grade,clans,deck_limit\nL-9,Limited,normal,1,C,\n"


def refused_against_another_layer(output: str, layer_file: Path) -> bool:
    return (
        "row 2, field 'deck_limit': records of one card (Limited) would disagree on deck_limit:" in output
        and f"{layer_file} record 1 L-1 deck_limit=1" in output
        and "row 2 L-9 deck_limit=default" in output
    )


def test_a_deck_limit_conflict_with_a_carddb_layer_is_refused(work: Path) -> None:
    base = write(work / "base/vanguard/base.toml", LIMITED_BASE)
    code, output = do_import(write(work / "l.csv", LIMITED_ROW), "vanguard", "--carddb", "base")
    assert code == 1 and refused_against_another_layer(output, Path(os.path.realpath(base))), output
    assert "nothing was written" in output
    assert not (work / "db").exists()
    # What was refused would have made every command of the game exit 2 with both folders; they still work.
    (work / "db").mkdir()
    code, output = invoke("cards", "search", "Limited", "--game", "vanguard", "--carddb", "base", "--carddb", "db")
    assert code == 0, output


def test_a_deck_limit_conflict_with_the_environment_layer_is_refused(work: Path, monkeypatch) -> None:
    base = write(work / "env/vanguard/base.toml", LIMITED_BASE)
    monkeypatch.setenv("DECKCHECK_CARDDB", str(work / "env"))
    code, output = do_import(write(work / "l.csv", LIMITED_ROW))
    assert code == 1 and refused_against_another_layer(output, Path(os.path.realpath(base))), output
    assert not (work / "db").exists()


def test_a_deck_limit_conflict_with_the_shipped_database_is_refused(work: Path, monkeypatch) -> None:
    from deckcheck.carddb import db as carddb

    base = write(work / "shipped/vanguard/base.toml", LIMITED_BASE)
    monkeypatch.setattr(carddb, "shipped_carddb_dir", lambda: work / "shipped")
    code, output = do_import(write(work / "l.csv", LIMITED_ROW))
    assert code == 1 and refused_against_another_layer(output, Path(os.path.realpath(base))), output


def test_a_later_layer_counts_too(work: Path, monkeypatch) -> None:
    """The folder imported into is itself $DECKCHECK_CARDDB; a --carddb folder is read after it."""
    (work / "db").mkdir()
    monkeypatch.setenv("DECKCHECK_CARDDB", str(work / "db"))
    later = write(work / "later/vanguard/base.toml", LIMITED_BASE)
    code, output = do_import(write(work / "l.csv", LIMITED_ROW), "vanguard", "--carddb", "later")
    assert code == 1 and refused_against_another_layer(output, Path(os.path.realpath(later))), output


def test_a_row_that_replaces_another_layers_card_by_number_is_judged_with_it_replaced(work: Path) -> None:
    """A later layer wins by number: replacing L-1 (deck_limit 1) with a default-limit L-1 lets a default-limit
    L-9 of the same name in, since the old L-1 is no longer read."""
    write(work / "base/vanguard/base.toml", LIMITED_BASE)
    rows = "number,name,type,grade,clans,deck_limit\nL-9,Limited,normal,1,C,\nL-1,Limited,normal,2,C,\n"
    code, output = do_import(write(work / "l.csv", rows), "vanguard", "--carddb", "base")
    assert code == 0, output
    assert [r["number"] for r in records(work / "db/vanguard/l.toml")] == ["L-9", "L-1"]
    code, output = invoke("cards", "search", "Limited", "--game", "vanguard", "--carddb", "base", "--carddb", "db")
    assert code == 0, output


_IMPORTER = """
import pathlib, sys, time
from typer.testing import CliRunner
from deckcheck.cli.app import app
from deckcheck.errors import DeckcheckError

folder, me, rounds, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), pathlib.Path(sys.argv[4])
runner = CliRunner()
while not go.exists():
    time.sleep(0.002)
for round in range(rounds):
    result = runner.invoke(app, ["cards", "import", f"{folder}/in/r{round}-{me}.csv", "--game", "vanguard",
                                 "--into", f"{folder}/db"])
    print(result.exit_code, flush=True)
"""


def test_imports_into_one_folder_at_once_never_break_it(work: Path) -> None:
    """Two processes import a card of one name with different deck_limits into two files of one folder, at once:
    the folder's check of each must see the other's record, so exactly one is accepted each round."""
    rounds = 6
    for round in range(rounds):
        for me, limit in (("a", "1"), ("b", "2")):
            write(
                work / f"in/r{round}-{me}.csv",
                f"number,name,type,grade,clans,deck_limit\nR{round}-{me},Round {round},normal,1,C,{limit}\n",
            )
    go = work / "go"
    importers = [
        subprocess.Popen(
            [sys.executable, "-c", _IMPORTER, str(work), me, str(rounds), str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "DECKCHECK_LOCK_TIMEOUT": "120"},
        )
        for me in "ab"
    ]
    time.sleep(0.5)
    go.touch()
    outputs = [importer.communicate(timeout=600) for importer in importers]
    assert [importer.returncode for importer in importers] == [0, 0], [err for _, err in outputs]
    codes = [out.split() for out, _ in outputs]
    assert all(sorted((a, b)) == ["0", "1"] for a, b in zip(*codes, strict=True)), codes
    db = load_carddb("vanguard", [work / "db"])  # the folder loads: no deck_limit disagreement got in
    assert sorted(number for number in db.cards if number.startswith("R")) == sorted(
        f"R{round}-{'A' if a == '0' else 'B'}" for round, (a, _) in enumerate(zip(*codes, strict=True))
    )


# A card file beside the import, or the one it rewrites, that is no file (issue 26 item 3) ---------------------------


@pytest.mark.parametrize("name", ["other.toml", "rp.toml"])  # a file beside the target, the target itself
@pytest.mark.parametrize("kind", ["device", "fifo", "sparse"])
def test_a_card_file_of_the_folder_that_is_no_file_stops_the_import_naming_it(work: Path, kind: str, name: str) -> None:
    folder = work / "db" / "vanguard"
    folder.mkdir(parents=True)
    planted = folder / name
    if kind == "device":
        planted.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(planted)
    else:
        with planted.open("wb") as handle:
            handle.truncate(10 * 2**30)
    with within(10):
        code, output = do_import(write(work / "rp.csv", GOOD_CSV))
    assert code == 2
    reason = "is larger than 64 MiB" if kind == "sparse" else "is not a regular file"
    assert f"{Path('db') / 'vanguard' / name}: {reason}" in output
    assert sorted(path.name for path in folder.iterdir()) == [name]  # nothing written


# Japanese (issue 29): why a row is rejected in Japanese; its row, field and the report's numbers as in English ----


def test_rejections_in_japanese_with_the_same_rows_and_fields(work: Path, japanese) -> None:
    source = write(
        work / "bad.csv",
        HEADER + "X-001,Good,normal,1,,C,,\n"
        "X-003,Bad yes,normal,1,,C,maybe,\n"
        "X-004,No trigger,trigger,0,,C,,\n"
        "X-001,Again,normal,1,,C,,\n"
        "X-006,Wide,normal,1,,C,,,surplus\n",
    )
    report = import_cards(source, "vanguard", work / "db")
    assert [(rejection.row, rejection.field, rejection.reason) for rejection in report.rejected] == [
        (3, "sentinel", "はいかいいえが必要です（true/false、yes/no、1/0、y/n、○/×、はい/いいえ）（値：'maybe'）"),
        (4, "trigger", "必須ですがありません"),
        (5, "number", "カード番号 X-001 はすでに2行目にあります"),
        (6, None, "セルが9個ありますが、ヘッダーの列は8個です"),
    ]
    assert report.added == ["X-001"] and report.unit == "row"


def test_a_bad_card_list_in_japanese(work: Path, japanese) -> None:
    header = write(work / "h.csv", "number,name,foo\n1,2,3\n")
    with pytest.raises(DeckcheckError) as error:
        import_cards(header, "vanguard", work / "db")
    assert str(error.value).startswith(
        f"{header}:1: ヘッダーに必須の列 'type', 'grade', 'clans' がなく、vanguard のカードの項目ではない列があります："
        "'foo'。vanguard の項目：必須 number, name, type, grade, clans、任意 game, set, "
    )
    broken = write(work / "d.json", "[1,")
    with pytest.raises(DeckcheckError) as error:
        import_cards(broken, "vanguard", work / "db")
    assert str(error.value) == f"{broken}:1: JSON として正しくありません：Expecting value（4桁目）"
    keys = write(work / "k.json", '{"cards": [], "extra": 1}')
    with pytest.raises(DeckcheckError, match="不明なキー 'extra' があります。カードリストのオブジェクトのキーは"):
        import_cards(keys, "vanguard", work / "db")
    with pytest.raises(DeckcheckError, match=r"不明なカードリストの形式 '\.xml' です。\.csv、\.tsv、\.json のいずれか"):
        import_cards(write(work / "x.xml", "<x/>"), "vanguard", work / "db")
    items = write(work / "i.json", '[1, {"number": "X/1"}]')
    report = import_cards(items, "vanguard", work / "db")
    assert (report.unit, report.rejected[0].row, report.rejected[0].reason) == (
        "item",
        1,
        "カードの項目を持つオブジェクトではありません（値：int 1）",
    )
