"""Regulations as data: selection (name, deck key, date), banned/restricted counted as each game counts copies,
broken regulation files, layering, and the shipped samples."""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from conftest import LEGAL_VANGUARD_TOML, STARTER_DECKS, cipher_unit, make_db, make_deck
from hostile import HOSTILE, plant, within
from typer.testing import CliRunner

from deckcheck._api import load_deck
from deckcheck.carddb.db import load_carddb
from deckcheck.checking.deck import report_deck
from deckcheck.checking.regulations import Listing, Regulation, RegulationError, load_regulations, regulation_lines
from deckcheck.checking.run import check_paths
from deckcheck.cli.app import app
from deckcheck.errors import DeckcheckError, OptionError
from deckcheck.games import all_games

REPO = Path(__file__).resolve().parents[2]


TEST_A_JSON = {"name": "Test A", "effective": "2030-01-01", "sample": False, "format": "standard"}
REG_A = """name = "Test A"
effective = 2030-01-01
banned = ["T-108"]          # Unit 8: one copy in the legal deck
"""
REG_B = """name = "Test B"
effective = "2031-01-01"    # a string date is accepted too
sample = true
[limits]
"Unit 0" = 2                # T-100: four copies in the legal deck
"""


@pytest.fixture
def no_shipped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Hide the shipped card databases (and their sample regulations), so each test sees only its own."""
    empty = tmp_path / "no-shipped"
    empty.mkdir()
    monkeypatch.setattr("deckcheck.carddb.db.shipped_carddb_dir", lambda: empty)


@pytest.fixture
def cards(vanguard_carddb: Path, no_shipped: None) -> Path:
    """VANGUARD_RECORDS (plus a reprint of Unit 0) with the regulations Test A (2030-01-01) and Test B (2031-01-01)."""
    (vanguard_carddb / "vanguard" / "reprint.toml").write_text(
        '[[cards]]\nnumber = "T-100S"\nname = "Unit 0"\ntype = "normal"\ngrade = 1\nclans = ["C"]\n',
        encoding="utf-8",
    )
    write_regulation(vanguard_carddb, "a.toml", REG_A)
    write_regulation(vanguard_carddb, "b.toml", REG_B)
    return vanguard_carddb


def write_regulation(layer: Path, filename: str, text: str, game: str = "vanguard") -> Path:
    folder = layer / game / "regulations"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / filename
    path.write_text(text, encoding="utf-8")
    return path


def write_deck(folder: Path, regulation: str | None = None, name: str = "deck.deck.toml") -> Path:
    text = LEGAL_VANGUARD_TOML
    if regulation is not None:
        text = text.replace('name = "Test deck"\n', f'name = "Test deck"\nregulation = "{regulation}"\n')
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def check_json(*args: Any) -> tuple[int, dict[str, Any], str]:
    """`deckcheck check ARGS --output json` through CliRunner: (exit code, JSON from stdout, stderr)."""
    result = CliRunner().invoke(app, ["check", *map(str, args), "--output", "json"])
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.stdout) if result.stdout.strip() else {}, result.stderr


def check_fails(*args: Any) -> str:
    """`deckcheck check ARGS` that must stop with exit code 2 and no traceback; returns everything printed."""
    result = CliRunner().invoke(app, ["check", *map(str, args)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.output


def regulation_rules(deck_json: dict[str, Any]) -> list[tuple[str, str | None, int | None, int | None]]:
    return [
        (v["rule"], v["section"], v["count"], v["limit"])
        for v in deck_json["violations"]
        if v["rule"].startswith("regulation.")
    ]


# Selection -------------------------------------------------------------------------------------------------


def today_is(monkeypatch: pytest.MonkeyPatch, day: str) -> None:
    monkeypatch.setenv("DECKCHECK_TODAY", day)


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        ("2029-12-31", None),  # the day before Test A takes effect: none in force yet
        ("2030-01-01", "Test A"),  # its effective day: in force
        ("2031-06-01", "Test A"),  # Test B (2031-01-01) is sample data: it applies only when asked for
    ],
)
def test_today_s_regulation_by_default(cards: Path, monkeypatch: pytest.MonkeyPatch, day: str, expected: str) -> None:
    today_is(monkeypatch, day)
    code, data, err = check_json(write_deck(Path.cwd()), "--carddb", cards)
    regulation = data["decks"][0]["regulation"]
    assert (regulation and regulation["name"]) == expected
    assert code == (1 if expected else 0)  # Test A bans a card of the deck
    if expected is None:
        assert err == (
            f"deckcheck: note: no vanguard regulation in force today ({day}: the first takes effect on 2030-01-01); "
            "its decks were checked without a regulation\n"
        )
    else:
        assert err == ""


def test_no_regulation_turns_regulations_off(cards: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    today_is(monkeypatch, "2031-06-01")
    write_regulation(cards, "broken.toml", "name = [not toml")  # proves the files are not even read
    deck = write_deck(Path.cwd(), regulation="Test B")  # the deck's own key is off too
    code, data, err = check_json(deck, "--carddb", cards, "--no-regulation")
    assert code == 0 and err == ""
    assert data["decks"][0]["regulation"] is None and data["decks"][0]["violations"] == []
    (cards / "vanguard" / "regulations" / "broken.toml").unlink()
    assert check_json(deck, "--carddb", cards)[1]["decks"][0]["regulation"]["name"] == "Test B"  # without it


@pytest.mark.parametrize("other", [["--regulation", "Test A"], ["--as-of", "2030-01-01"]])
@pytest.mark.parametrize("command", ["check", "show", "add", "remove", "set", "convert"])
def test_no_regulation_with_another_choice_is_an_option_conflict(
    run_cli: Any, cards: Path, command: str, other: list[str]
) -> None:
    deck = write_deck(Path.cwd())
    before = deck.read_bytes()
    args = {
        "check": [deck],
        "show": [deck],
        "add": [deck, "T-108"],
        "remove": [deck, "T-108"],
        "set": [deck, "name", "Other"],
        "convert": [deck, "--to", "markdown"],
    }[command]
    code, out, err = run_cli(command, *args, "--carddb", cards, "--no-regulation", *other)
    assert code == 2 and "Traceback" not in err
    assert f"--no-regulation and {other[0]} cannot go together" in err
    assert deck.read_bytes() == before  # nothing written


@pytest.mark.parametrize("command", ["show", "add", "set", "convert"])
def test_every_verdict_follows_today_s_default(
    run_cli: Any, cards: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    today_is(monkeypatch, "2030-06-01")  # Test A in force: it bans T-108, which the deck holds once
    deck = write_deck(Path.cwd())
    args = {
        "show": [deck],
        "add": [deck, "T-108", "--force"],
        "set": [deck, "name", "Other"],
        "convert": [deck, "--to", "markdown"],
    }[command]
    code, out, err = run_cli(command, *args, "--carddb", cards)
    assert "regulation.banned" in out + err, out + err
    off = run_cli(command, *args, "--carddb", cards, "--no-regulation")
    assert "regulation.banned" not in off[1] + off[2]


def test_a_bad_today_is_bad_input(cards: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    today_is(monkeypatch, "2030-02-30")
    output = check_fails(write_deck(Path.cwd()), "--carddb", cards)
    assert "$DECKCHECK_TODAY" in output and "not a real date" in output
    code, _, _ = check_json(write_deck(Path.cwd()), "--carddb", cards, "--no-regulation")
    assert code == 0  # regulations off: today is not asked


def test_library_check_judges_by_today_s_regulation(cards: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from deckcheck import check

    today_is(monkeypatch, "2030-06-01")
    deck = load_deck(write_deck(Path.cwd()), [cards])
    report = check(deck, carddb_dirs=[cards])
    assert report.regulation is not None and report.regulation.name == "Test A" and not report.legal
    off = check(deck, carddb_dirs=[cards], no_regulation=True)
    # the library names the option as the caller wrote it (the command line says --no-regulation)
    assert off.regulation is None and off.legal and off.why_no_regulation == "no_regulation"
    with pytest.raises(OptionError, match="no_regulation and as_of cannot go together"):
        check(deck, carddb_dirs=[cards], no_regulation=True, as_of="2030-06-01")
    today_is(monkeypatch, "2029-06-01")
    early = check(deck, carddb_dirs=[cards])
    assert early.regulation is None and early.why_no_regulation == (
        "none in force on 2029-06-01: the first takes effect on 2030-01-01"
    )
    run = check_paths([deck.path], [cards])  # check_paths too
    assert run.reports[0].regulation is None and any("no vanguard regulation in force today" in n for n in run.notes)


def test_sarif_results_name_the_regulation(cards: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    today_is(monkeypatch, "2031-06-01")
    deck = write_deck(Path.cwd(), regulation="Test B")
    illegal = Path.cwd() / "c.deck.toml"
    illegal.write_text(LEGAL_VANGUARD_TOML.replace('"T-000" = 1\n', ""), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(deck), str(illegal), "--carddb", str(cards), "-o", "sarif"])
    (sarif_run,) = json.loads(result.stdout)["runs"]
    by_file = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: r for r in sarif_run["results"]}
    assert by_file["deck.deck.toml"]["properties"]["regulation"] == {
        "name": "Test B",
        "effective": "2031-01-01",
        "sample": True,
        "format": "standard",
    }
    assert by_file["c.deck.toml"]["properties"]["regulation"] == {
        "name": "Test A",
        "effective": "2030-01-01",
        "sample": False,
        "format": "standard",
    }
    off = CliRunner().invoke(app, ["check", str(illegal), "--carddb", str(cards), "-o", "sarif", "--no-regulation"])
    results = json.loads(off.stdout)["runs"][0]["results"]
    assert results and all(r["properties"]["regulation"] is None for r in results)  # none judged it: said as null


def test_a_blank_deck_key_names_no_regulation(cards: Path) -> None:
    code, data, _ = check_json(write_deck(Path.cwd(), regulation="  "), "--carddb", cards)
    assert code == 0 and data["decks"][0]["regulation"] is None


def test_selection_by_name(cards: Path) -> None:
    code, data, _ = check_json(write_deck(Path.cwd()), "--carddb", cards, "--regulation", "Test A")
    (deck,) = data["decks"]
    assert code == 1 and deck["legal"] is False
    assert deck["regulation"] == TEST_A_JSON
    (violation,) = deck["violations"]
    assert violation == {
        "rule": "regulation.banned",
        "severity": "error",
        "section": "main",
        "message": violation["message"],
        "ref": "Test A (2030-01-01)",
        "cards": ["T-108"],
        "count": 1,
        "limit": 0,
        "line": 18,  # the "T-108" key of LEGAL_VANGUARD_TOML
    }
    assert "Unit 8 (T-108)" in violation["message"] and "'Test A'" in violation["message"]


def test_selection_by_deck_key_and_sample_in_ref(cards: Path) -> None:
    code, data, _ = check_json(write_deck(Path.cwd(), regulation="Test B"), "--carddb", cards)
    (deck,) = data["decks"]
    assert code == 1
    assert deck["regulation"] == {"name": "Test B", "effective": "2031-01-01", "sample": True, "format": "standard"}
    assert regulation_rules(deck) == [("regulation.restricted", "main", 4, 2)]
    (violation,) = deck["violations"]
    assert violation["ref"] == "Test B (2031-01-01) (sample)"
    assert violation["cards"] == ["T-100"]
    assert "sample data" in violation["message"] and "at most 2" in violation["message"]


def test_text_decklist_regulation_header(cards: Path) -> None:
    from conftest import LEGAL_VANGUARD_TEXT

    path = Path.cwd() / "deck.txt"
    path.write_text(LEGAL_VANGUARD_TEXT.replace("name: Test deck\n", "name: Test deck\nregulation: Test A\n"), "utf-8")
    code, data, _ = check_json(path, "--carddb", cards)
    assert code == 1 and data["decks"][0]["regulation"]["name"] == "Test A"


def test_regulation_option_beats_deck_key(cards: Path) -> None:
    code, data, _ = check_json(write_deck(Path.cwd(), regulation="Test B"), "--carddb", cards, "--regulation", "Test A")
    (deck,) = data["decks"]
    assert deck["regulation"]["name"] == "Test A"
    assert regulation_rules(deck) == [("regulation.banned", "main", 1, 0)]


def test_deck_key_beats_as_of(cards: Path) -> None:
    deck = write_deck(Path.cwd(), regulation="Test A")
    code, data, _ = check_json(deck, "--carddb", cards, "--as-of", "2031-06-01")
    assert data["decks"][0]["regulation"]["name"] == "Test A"


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        ("2030-01-01", "Test A"),  # A's own effective day: in force
        ("2030-12-31", "Test A"),  # the day before B takes effect: still A
        ("2031-01-01", "Test B"),  # B's effective day: B
        ("2099-12-31", "Test B"),
    ],
)
def test_selection_by_date_with_boundaries(cards: Path, day: str, expected: str) -> None:
    code, data, _ = check_json(write_deck(Path.cwd()), "--carddb", cards, "--as-of", day)
    assert data["decks"][0]["regulation"]["name"] == expected
    assert code == 1


def test_as_of_before_every_regulation_means_none_in_force(cards: Path) -> None:
    # Issue 13: not "could not be checked" (exit 2), which broke multi-game runs: a note, and the verdicts decide.
    code, data, err = check_json(write_deck(Path.cwd()), "--carddb", cards, "--as-of", "2029-12-31")
    assert code == 0 and data["decks"][0]["regulation"] is None and "errors" not in data
    assert "--as-of 2029-12-31: no vanguard regulation was in force (its first takes effect on 2030-01-01)" in err
    # the day the first takes effect, it is in force
    code, data, _ = check_json(write_deck(Path.cwd()), "--carddb", cards, "--as-of", "2030-01-01")
    assert code == 1 and data["decks"][0]["regulation"]["name"] == "Test A"


def test_as_of_before_every_regulation_in_a_multi_game_run(cards: Path) -> None:
    write_deck(Path.cwd(), name="b.deck.toml")
    illegal = LEGAL_VANGUARD_TOML.replace('"T-000" = 1\n', "")
    (Path.cwd() / "c.deck.toml").write_text(illegal, encoding="utf-8")
    code, data, err = check_json(Path.cwd(), "--carddb", cards, "--as-of", "1999-01-01")
    assert code == 1 and len(data["decks"]) == 2  # exit by the verdicts, every deck checked
    assert err.count("no vanguard regulation was in force") == 1  # said once per game


@pytest.mark.parametrize("day", ["2030/01/01", "tomorrow", "2030-1-1", "2030-02-30", "20300101"])
def test_as_of_not_a_date(cards: Path, day: str) -> None:
    output = check_fails(write_deck(Path.cwd()), "--carddb", cards, "--as-of", day)
    assert "--as-of" in output and ("YYYY-MM-DD" in output or "not a real date" in output)


def test_unknown_regulation_name_lists_the_regulations(cards: Path) -> None:
    code, data, err = check_json(write_deck(Path.cwd()), "--carddb", cards, "--regulation", "Test C")
    assert code == 2 and data["decks"] == []  # nothing checked against a regulation that does not exist
    assert "'Test C'" in err and "Test A (2030-01-01)" in err and "Test B (2031-01-01, sample)" in err


def test_unknown_deck_key_is_an_error_of_that_deck_only(cards: Path) -> None:
    bad = write_deck(Path.cwd(), regulation="Nope", name="a.deck.toml")
    good = write_deck(Path.cwd(), name="b.deck.toml")
    code, data, err = check_json(bad, good, "--carddb", cards)
    assert code == 2
    assert [deck["path"] for deck in data["decks"]] == [str(good)]
    (error,) = data["errors"]
    assert error["path"] == str(bad) and error["field"] == "regulation"
    assert "unknown regulation 'Nope' for vanguard" in error["message"] and "Test A (2030-01-01)" in error["message"]


def test_regulation_names_compare_after_normalisation(cards: Path) -> None:
    code, data, _ = check_json(write_deck(Path.cwd()), "--carddb", cards, "--regulation", "  Ｔｅｓｔ   A ")
    assert data["decks"][0]["regulation"]["name"] == "Test A"


def test_limit_zero_is_banned_and_reprints_count_by_name(cards: Path) -> None:
    write_regulation(cards, "c.toml", 'name = "Test C"\neffective = 2032-01-01\n[limits]\n"T-100S" = 0\n')
    deck = Path.cwd() / "r.deck.toml"
    deck.write_text(LEGAL_VANGUARD_TOML.replace('"T-100" = 4', '"T-100" = 2\n"T-100S" = 2'), encoding="utf-8")
    code, data, _ = check_json(deck, "--carddb", cards, "--regulation", "Test C")
    (found,) = data["decks"][0]["violations"]
    assert (found["rule"], found["count"], found["limit"]) == ("regulation.banned", 4, 0)
    assert found["cards"] == ["T-100", "T-100S"]  # listed by the reprint's number, the name's copies all count


# Several games in one run ---------------------------------------------------------------------------------------


def test_regulation_name_applies_to_the_games_that_have_it(starter_carddb: Path) -> None:
    code, data, err = check_json(
        STARTER_DECKS / "vanguard", REPO / "decks" / "cipher", "--regulation", "Starter Sample 2026-10"
    )
    by_game = {deck["game"]: deck["regulation"] for deck in data["decks"]}
    assert by_game == {
        "vanguard": {"name": "Starter Sample 2026-10", "effective": "2026-10-01", "sample": True, "format": "standard"},
        "cipher": None,  # no cipher regulation has that name, and these decks name none
    }
    assert len(data["decks"]) == 4
    assert "is not a regulation of cipher" in err
    assert code == 1


def test_as_of_selects_per_game_where_the_name_does_not_apply(isolated_carddb: Path) -> None:
    code, data, _ = check_json(
        REPO / "decks" / "vanguard",
        REPO / "decks" / "cipher",
        "--regulation",
        "Sample Standard 2026-04",
        "--as-of",
        "2026-12-31",
    )
    names = {(deck["game"], deck["regulation"]["name"]) for deck in data["decks"]}
    assert names == {("vanguard", "Sample Standard 2026-04"), ("cipher", "Sample Cipher 2026-07")}


# Counting as each game counts copies (library) --------------------------------------------------------------


def regulation(game: str, *, banned: tuple[str, ...] = (), limits: dict[str, int] | None = None) -> Regulation:
    listings = [Listing(key, 0, f"test: banned {key}") for key in banned]
    listings += [Listing(key, n, f"test: limits {key}") for key, n in (limits or {}).items()]
    return Regulation(game, "R", date(2030, 1, 1), False, "<test>", tuple(listings))


def found(db: Any, rules: Regulation, **sections: Any) -> list[tuple[str, str | None, list[str], int | None, int]]:
    report = report_deck(make_deck(db, **sections), db, rules)
    assert report.regulation is rules
    return [
        (v.rule, v.section, v.cards, v.count, v.limit) for v in report.violations if v.rule.startswith("regulation.")
    ]


def vg(number: str, name: str, type_: str = "normal", grade: int = 1) -> dict[str, Any]:
    return {"number": number, "name": name, "type": type_, "grade": grade, "clans": ["C"]}


def test_vanguard_counts_by_name_across_reprints_per_section() -> None:
    db = make_db(
        "vanguard", [vg("V-1", "騎士A"), vg("V-1S", "騎士A"), vg("V-2", "騎士B"), vg("G-1", "騎士A", "g-unit", 4)]
    )
    limit_two = regulation("vanguard", limits={"V-1S": 2})
    assert found(db, limit_two, main={"V-1": 2, "V-1S": 1}) == [
        ("regulation.restricted", "main", ["V-1", "V-1S"], 3, 2)
    ]
    assert found(db, limit_two, main={"V-1": 2}, g={"G-1": 2}) == []  # 2 and 2: each deck counted separately
    assert found(db, limit_two, main={"V-1": 1}, g={"G-1": 3}) == [("regulation.restricted", "g", ["G-1"], 3, 2)]
    assert found(db, regulation("vanguard", banned=("騎士B",)), main={"V-2": 1}) == [
        ("regulation.banned", "main", ["V-2"], 1, 0)
    ]


def ev(number: str, name: str, **fields: Any) -> dict[str, Any]:
    record = {"number": number, "name": name, "type": "follower", "class": "forest", **fields}
    return record if fields.get("evolve") or fields.get("type") == "leader" else {**record, "cost": 2}


def test_evolve_counts_per_section_and_a_limit_follows_its_record() -> None:
    db = make_db(
        "evolve",
        [ev("L-1", "森の長", type="leader"), ev("M-1", "踊り子"), ev("M-1E", "踊り子", evolve=True), ev("M-2", "狩人")],
    )
    main_limit = regulation("evolve", limits={"M-1": 1})
    assert found(db, main_limit, main={"M-1": 2}, evolve={"M-1E": 3}) == [
        ("regulation.restricted", "main", ["M-1"], 2, 1)  # the EVOLVE card keeps its own 3 in the evolve deck
    ]
    assert found(db, main_limit, main={"M-1": 1}, evolve={"M-1E": 1}) == []  # 1 and 1: never pooled to 2
    evolve_limit = regulation("evolve", limits={"M-1E": 1})
    assert found(db, evolve_limit, main={"M-1": 3}, evolve={"M-1E": 2}) == [
        ("regulation.restricted", "evolve", ["M-1E"], 2, 1)
    ]
    assert found(db, regulation("evolve", banned=("森の長",)), leader={"L-1": 1}, main={"M-2": 3}) == [
        ("regulation.banned", "leader", ["L-1"], 1, 0)
    ]


def bd_unit(number: str, name: str, **fields: Any) -> dict[str, Any]:
    return {"number": number, "name": name, "type": "unit", "colors": ["red"], "cost": 2, "total_cost": 2, **fields}


def bd_territory(number: str, name: str, open_name: str) -> dict[str, Any]:
    return {
        "number": number,
        "name": name,
        "type": "territory",
        "open_name": open_name,
        "colors": ["red"],
        "total_cost": 6,
    }


def test_build_divide_counts_main_and_d_together_by_name_set() -> None:
    db = make_db(
        "build-divide",
        [
            bd_unit("A-01", "剣士"),
            bd_unit("A-02", "剣士"),  # a reprint
            bd_unit("S-01", "影の剣士", extra_names=["剣士"]),  # 【名称ルール】「剣士」
            bd_territory("T-01", "荒野", "城"),
            bd_territory("T-02", "砦", "城"),
        ],
    )
    two = regulation("build-divide", limits={"A-01": 2})
    assert found(db, two, main={"A-01": 1}, d={"A-02": 1}) == []
    assert found(db, two, main={"A-01": 1, "S-01": 1}, d={"A-02": 1}) == [
        ("regulation.restricted", "main", ["A-01", "S-01", "A-02"], 3, 2)
    ]
    assert found(db, two, d={"A-02": 3}) == [("regulation.restricted", "d", ["A-02"], 3, 2)]
    castle = regulation("build-divide", banned=("T-01",))  # a territory counts by the name on its open face
    report = report_deck(make_deck(db, territory={"T-02": 1}, main={"A-01": 1}), db, castle)
    (violation,) = [v for v in report.violations if v.rule == "regulation.banned"]
    assert (violation.section, violation.cards, violation.count) == ("territory", ["T-02"], 1)
    assert "counted under the name 城" in violation.message


def ic_card(number: str, name: str, type_: str = "battle") -> dict[str, Any]:
    record: dict[str, Any] = {"number": number, "name": name, "type": type_, "power": 5000, "color": "赤"}
    if type_ == "leader":
        return {**record, "strike": 1, "character": name, "traits": ["武道家"], "age": "大武会篇"}
    return {**record, "level": 1, "strike": 1, "character": name, "traits": ["武道家"], "age": "大武会篇"}


def test_ic_dragonball_counts_by_number() -> None:
    db = make_db("ic-dragonball", [ic_card("L1", "ライガ", "leader"), ic_card("B1", "ミカゲ"), ic_card("B2", "ミカゲ")])
    one = regulation("ic-dragonball", limits={"B1": 1})
    assert found(db, one, main={"B1": 2, "B2": 3}) == [("regulation.restricted", "main", ["B1"], 2, 1)]
    by_name = regulation("ic-dragonball", limits={"ミカゲ": 1})  # a shared name stands for its lowest number
    assert found(db, by_name, main={"B2": 3}) == []
    assert found(db, regulation("ic-dragonball", banned=("L1",)), leader={"L1": 1}) == [
        ("regulation.banned", "leader", ["L1"], 1, 0)
    ]


def test_cipher_counts_by_card_name_and_markers_cannot_be_limited() -> None:
    db = make_db(
        "cipher",
        [
            cipher_unit("C1-N", "蒼穹", "ゼフィ", 1),
            cipher_unit("C1-SR", "蒼穹", "ゼフィ", 1),
            cipher_unit("C2", "月影", "ゼフィ"),  # same unit name, another title: another card name
            {"number": "MK", "name": "証", "type": "主人公マーカーカード"},
        ],
    )
    two = regulation("cipher", limits={"C1-N": 2})
    assert found(db, two, main={"C1-N": 2, "C1-SR": 1, "C2": 4}) == [
        ("regulation.restricted", "main", ["C1-N", "C1-SR"], 3, 2)
    ]
    with pytest.raises(RegulationError, match="MK.*has no copy limit"):
        regulation("cipher", banned=("MK",)).bind(db)


# Bad regulation files -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('name = "X"\neffective = "2030-02-30"\n', ["b.toml:2: field 'effective'", "not a real date"]),
        ('name = "X"\neffective = "30.1.2030"\n', ["field 'effective'", "YYYY-MM-DD"]),
        ('name = "X"\neffective = 2030-01-01T10:00:00\n', ["field 'effective'", "without a time"]),
        ('name = "X"\n', ["field 'effective'", "required but missing"]),
        ('effective = 2030-01-01\nbanned = ["T-100"]\n', ["field 'name'", "required but missing"]),
        ('name = "X"\neffective = 2030-01-01\n[limits]\n"T-100" = 1.5\n', ["b.toml:4: field 'limits.T-100'", "1.5"]),
        ('name = "X"\neffective = 2030-01-01\n[limits]\n"T-100" = -1\n', ["field 'limits.T-100'", "whole number"]),
        ('name = "X"\neffective = 2030-01-01\n[limits]\n"T-100" = "one"\n', ["field 'limits.T-100'", "'one'"]),
        ('name = "X"\neffective = 2030-01-01\nbanned = "T-100"\n', ["field 'banned'", "must be a list"]),
        ('name = "X"\neffective = 2030-01-01\nsample = "yes"\n', ["field 'sample'", "true or false"]),
        ('name = "X"\neffective = 2030-01-01\nbaned = ["T-100"]\n', ["field 'baned'", "not a regulation key"]),
        ('name = "X"\neffective = 2030-01-01\ngame = "cipher"\n', ["field 'game'", "disagrees with its folder"]),
        ('name = "X"\neffective = 2030-01-01\nbanned = ["T-100"\n', ["b.toml:", "is not valid TOML"]),
    ],
)
def test_broken_regulation_file(vanguard_carddb: Path, no_shipped: None, text: str, expected: list[str]) -> None:
    write_regulation(vanguard_carddb, "b.toml", text)
    output = check_fails(write_deck(Path.cwd()), "--carddb", vanguard_carddb, "--regulation", "X")
    assert "broken regulation data" in output
    for fragment in expected:
        assert fragment in output


def test_unknown_card_in_regulation(vanguard_carddb: Path, no_shipped: None) -> None:
    write_regulation(vanguard_carddb, "b.toml", 'name = "X"\neffective = 2030-01-01\nbanned = ["T-100", "Unit O"]\n')
    code, data, err = check_json(write_deck(Path.cwd()), "--carddb", vanguard_carddb, "--as-of", "2030-01-01")
    assert code == 2 and data["decks"] == []  # no verdict without the regulation asked for
    assert "b.toml:3: field 'banned', item 2: 'Unit O' is not a Cardfight!! Vanguard card number or name" in err
    assert "did you mean: Unit" in err  # the closest names are suggested


def test_conflicting_limits_for_one_card(vanguard_carddb: Path, no_shipped: None) -> None:
    text = 'name = "X"\neffective = 2030-01-01\nbanned = ["Unit 0"]\n[limits]\n"T-100" = 2\n'
    write_regulation(vanguard_carddb, "b.toml", text)
    output = check_fails(write_deck(Path.cwd()), "--carddb", vanguard_carddb, "--regulation", "X")
    assert "field 'limits.T-100'" in output and "same card for the copy limit as 'Unit 0'" in output


def test_duplicate_names_within_one_layer(vanguard_carddb: Path, no_shipped: None) -> None:
    write_regulation(vanguard_carddb, "one.toml", 'name = "X"\neffective = 2030-01-01\n')
    write_regulation(vanguard_carddb, "two.toml", 'name = "X"\neffective = 2031-01-01\n')
    output = check_fails(write_deck(Path.cwd()), "--carddb", vanguard_carddb, "--as-of", "2031-01-01")
    assert "two.toml: field 'name': 'X' is already the name of a regulation in" in output and "one.toml" in output


def test_two_regulations_on_one_day_need_a_name(vanguard_carddb: Path, no_shipped: None) -> None:
    write_regulation(vanguard_carddb, "one.toml", 'name = "X"\neffective = 2030-01-01\n')
    write_regulation(vanguard_carddb, "two.toml", 'name = "Y"\neffective = 2030-01-01\n')
    output = check_fails(write_deck(Path.cwd()), "--carddb", vanguard_carddb, "--as-of", "2030-06-01")
    assert "'X', 'Y' both take effect on 2030-01-01" in output and "--regulation" in output


def test_a_game_without_regulations(vanguard_carddb: Path, no_shipped: None) -> None:
    # None in force on any day: a note, the deck checked without one (issue 13), not exit 2
    code, data, err = check_json(write_deck(Path.cwd()), "--carddb", vanguard_carddb, "--as-of", "2030-06-01")
    assert code == 0 and data["decks"][0]["regulation"] is None
    assert "vanguard has no regulations" in err


# Layers -------------------------------------------------------------------------------------------------------


def test_a_later_layer_replaces_a_regulation_of_the_same_name(
    cards: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env_layer = tmp_path / "env-layer"
    write_regulation(env_layer, "r.toml", 'name = "R"\neffective = 2030-01-01\nbanned = ["T-108"]\n')
    monkeypatch.setenv("DECKCHECK_CARDDB", str(env_layer))
    deck = write_deck(Path.cwd())
    code, data, _ = check_json(deck, "--regulation", "R", "--carddb", cards)
    assert regulation_rules(data["decks"][0]) == [("regulation.banned", "main", 1, 0)]  # only the env layer has R
    write_regulation(cards, "r.toml", 'name = "R"\neffective = 2030-06-01\n[limits]\n"T-101" = 3\n')
    code, data, _ = check_json(deck, "--regulation", "R", "--carddb", cards)
    (deck_json,) = data["decks"]
    assert deck_json["regulation"]["effective"] == "2030-06-01"  # --carddb comes after $DECKCHECK_CARDDB
    assert regulation_rules(deck_json) == [("regulation.restricted", "main", 4, 3)]


def test_an_edited_regulation_file_is_read_again(cards: Path) -> None:
    path = write_regulation(cards, "c.toml", 'name = "C"\neffective = 2032-01-01\n')
    assert load_regulations("vanguard", [cards]).get("C").listings == ()
    path.write_text('name = "C"\neffective = 2032-01-01\nbanned = ["T-108"]\n', encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    assert [x.key for x in load_regulations("vanguard", [cards]).get("C").listings] == ["T-108"]


def test_regulation_files_are_not_cards(cards: Path) -> None:
    assert sorted(load_carddb("vanguard", [cards]).cards) == sorted(
        ["T-000", "T-001", "T-002", "T-003", "T-004", *(f"T-1{i:02d}" for i in range(9)), "T-100S", "T-201"]
    )


# Library ------------------------------------------------------------------------------------------------------


def test_library_check_paths_and_report_deck(cards: Path) -> None:
    deck_path = write_deck(Path.cwd(), regulation="Test B")
    run = check_paths([deck_path], [cards], regulation="Test A")
    assert run.reports[0].regulation.name == "Test A" and run.exit_code() == 1
    run = check_paths([deck_path], [cards], as_of=date(2030, 5, 1))  # the deck's key still wins over the date
    assert run.reports[0].regulation.name == "Test B"

    deck = load_deck(deck_path, [cards])
    db = load_carddb("vanguard", [cards])
    assert report_deck(deck, db).regulation is None  # low level: nothing asked, nothing applied
    assert report_deck(deck, db, deck_key=True, carddb_dirs=[cards]).regulation.name == "Test B"
    assert report_deck(deck, db, as_of="2030-05-01", carddb_dirs=[cards]).regulation.name == "Test A"
    chosen = report_deck(deck, db, "Test A", carddb_dirs=[cards])
    assert [v.rule for v in chosen.violations] == ["regulation.banned"]
    assert chosen.to_json()["regulation"] == TEST_A_JSON
    with pytest.raises(DeckcheckError, match="unknown regulation 'Nope'"):
        report_deck(deck, db, "Nope", carddb_dirs=[cards])
    with pytest.raises(DeckcheckError, match="YYYY-MM-DD"):
        check_paths([deck_path], [cards], as_of="01/05/2030")


def test_other_outputs_carry_regulation_violations(cards: Path) -> None:
    deck = write_deck(Path.cwd())
    for output in ("github", "sarif", "junit", "text"):
        result = CliRunner().invoke(
            app, ["check", str(deck), "--carddb", str(cards), "-o", output, "--as-of", "2031-01-01"]
        )
        assert result.exit_code == 1, result.output
        assert "regulation.restricted" in result.stdout


# The shipped samples ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(set(all_games()) - {"evolve"}))  # evolve ships its real restricted list
def test_shipped_samples_load_and_bind(isolated_carddb: Path, game: str) -> None:
    regulations = load_regulations(game)
    assert regulations.regulations, f"no shipped regulation for {game}"
    db = load_carddb(game)
    for found_regulation in regulations.regulations.values():
        assert found_regulation.sample is True
        assert "SAMPLE DATA" in Path(found_regulation.path).read_text(encoding="utf-8")
        assert found_regulation.bind(db).limits
    lines = regulation_lines(game)
    assert lines[0].startswith("Regulations") and all("sample data" in line for line in lines[1:])


def test_shipped_samples_apply_to_the_example_decks(isolated_carddb: Path) -> None:
    code, data, err = check_json(REPO / "decks", "--as-of", "2026-12-31")
    assert code == 1 and "errors" not in data
    for deck in data["decks"]:  # EVOLVE's shipped regulation is its real list of 2026 (使用制限), not a sample
        evolve = deck["game"] == "evolve"
        assert deck["regulation"]["sample"] is not evolve
        assert not evolve or deck["regulation"]["name"] == "使用制限 2026-01-30"
    by_name = {Path(deck["path"]).name: regulation_rules(deck) for deck in data["decks"]}
    # the real Vanguard decks under the shipped samples: tests/games/test_vanguard.py; the starter decks: below
    assert by_name["guren.txt"] == [("regulation.restricted", "main", 4, 2)]  # through 【名称ルール】
    assert all(rules == [] for name, rules in by_name.items() if name.startswith("2026-03-"))  # real EVOLVE decks
    assert by_name["hayate-co-op.txt"] == [("regulation.restricted", "main", 3, 1)]  # DC-DB-010 only
    assert by_name["raiga-martial-artists.deck.toml"] == [("regulation.banned", "main", 1, 0)]
    assert by_name["marth-altea.deck.toml"] == [("regulation.restricted", "main", 4, 2)]
    assert by_name["chrom-shepherds.txt"] == []


def test_shipped_vanguard_samples_show_the_date_selection(isolated_carddb: Path) -> None:
    code, data, _ = check_json(REPO / "decks" / "vanguard", "--as-of", "2026-09-30")
    assert code == 0 and {d["regulation"]["name"] for d in data["decks"]} == {"Sample Standard 2026-04"}
    code, data, _ = check_json(REPO / "decks" / "vanguard", "--as-of", "2026-10-01")
    assert code == 1 and {d["regulation"]["name"] for d in data["decks"]} == {"Sample Standard 2026-10"}
    code, data, err = check_json(REPO / "decks" / "vanguard", "--as-of", "2026-03-31")
    assert code == 0 and {d["regulation"] for d in data["decks"]} == {None}
    assert "no vanguard regulation was in force (its first takes effect on 2026-04-01)" in err


def test_starter_samples_apply_to_the_starter_decks(starter_carddb: Path) -> None:
    # By name: over the shipped databases, each starter sample takes effect on the day a shipped one does, so an
    # --as-of date would be ambiguous in this layer (test_two_regulations_on_one_day_need_a_name).
    code, data, _ = check_json(STARTER_DECKS / "vanguard", "--regulation", "Starter Sample 2026-04")
    assert code == 0 and {d["regulation"]["name"] for d in data["decks"]} == {"Starter Sample 2026-04"}
    assert all(regulation_rules(deck) == [] for deck in data["decks"]) and len(data["decks"]) == 2
    code, data, _ = check_json(STARTER_DECKS / "vanguard", "--regulation", "Starter Sample 2026-10")
    assert code == 1 and {d["regulation"]["name"] for d in data["decks"]} == {"Starter Sample 2026-10"}
    by_name = {Path(deck["path"]).name: regulation_rules(deck) for deck in data["decks"]}
    assert by_name == {
        "dawn_knights.deck.toml": [("regulation.restricted", "main", 4, 2)],  # 009 + 009S by name
        "ember_wings.txt": [("regulation.banned", "g", 1, 0)],
    }


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('name = "X"\neffective = 2030-01-01\n[limits]\n"T-100" = "one"\n', 4),  # a field of the file
        ('name = "X"\neffective = 2030-01-01\nbanned = ["T-100",\n  "Unit O"]\n', 4),  # a card no database has
        ('name = "X"\neffective = 2030-01-01\n[limits\n"T-100" = 1\n', 3),  # not TOML
    ],
)
def test_a_broken_regulation_points_at_its_file_and_line(
    vanguard_carddb: Path, no_shipped: None, text: str, line: int
) -> None:
    # each problem is an annotation (github, SARIF) on the regulation file's line, never a problem about no file
    path = write_regulation(vanguard_carddb, "b.toml", text)
    deck = write_deck(Path.cwd())
    code, data, _ = check_json(deck, "--carddb", vanguard_carddb, "--regulation", "X")
    assert code == 2
    ((problem,),) = [error["problems"] for error in data["errors"]]
    assert (problem["path"], problem["line"]) == (str(path), line)
    github = CliRunner().invoke(
        app, ["check", str(deck), "--carddb", str(vanguard_carddb), "--regulation", "X", "-o", "github"]
    )
    assert github.stdout.startswith(f"::error file={path},line={line},title=deckcheck::broken regulation data: ")
    sarif = CliRunner().invoke(
        app, ["check", str(deck), "--carddb", str(vanguard_carddb), "--regulation", "X", "-o", "sarif"]
    )
    (sarif_run,) = json.loads(sarif.stdout)["runs"]
    (result,) = sarif_run["results"]
    assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == line
    assert "toolExecutionNotifications" not in sarif_run["invocations"][0]


# Today's regulations and the shipped data -----------------------------------------------------------------------


def test_an_evolve_deck_with_three_houses_of_sweets_is_illegal_by_default(
    isolated_carddb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 25, item 8: お菓子の家 (BP03-048) is restricted to 1 since 2024-06-28 (殿堂入り), a real list, not a sample;
    # limited (制限) on the 2026 standard list too (issue 38)
    text = (REPO / "decks" / "evolve" / "2026-03-21-rune-XEB3.deck.toml").read_text(encoding="utf-8")
    deck = isolated_carddb / "sweets.deck.toml"
    deck.write_text(text.replace('"BP07-035" = 3', '"BP03-048" = 3'), encoding="utf-8")
    code, data, err = check_json(deck)
    (report,) = data["decks"]
    assert code == 1 and report["regulation"]["name"] == "使用制限 2026-01-30"
    assert err == f"deckcheck: card data note: {data['card_data'][0]['message']}\n"  # the data is old on TODAY
    assert regulation_rules(report) == [("regulation.restricted", "main", 3, 1)]
    code, data, _ = check_json(deck, "--no-regulation")
    assert code == 0 and data["decks"][0]["violations"] == []
    code, data, _ = check_json(deck, "--as-of", "2024-06-27")  # the day before it was restricted
    assert code == 0 and data["decks"][0]["regulation"]["name"] == "殿堂入り 2023-10-27"
    today_is(monkeypatch, "2024-06-28")  # the day it was restricted is "today"
    assert check_json(deck)[0] == 1


def test_every_shipped_deck_is_legal_by_default(isolated_carddb: Path) -> None:
    # README's first command: `deckcheck check decks/` exits 0. The real EVOLVE list applies; the other games'
    # shipped regulations are samples, which apply only when asked for (they would ban real cards of real decks).
    code, data, err = check_json(REPO / "decks")
    assert code == 0 and data["summary"]["legal"] == data["summary"]["decks"] == 24
    assert {d["game"] for d in data["decks"] if d["regulation"]} == {"evolve"}
    assert err == (
        "deckcheck: note: no build-divide, cipher, ic-dragonball, vanguard regulation in force today (2026-11-27: "
        "only sample data, which applies when asked for); their decks were checked without a regulation\n"
        "deckcheck: card data note: the Build Divide cards deckcheck ships are invented examples, not the real card "
        "list: its verdicts say only whether a deck keeps the construction rules with those cards\n"
        "deckcheck: card data note: deckcheck's Shadowverse EVOLVE card data is 132 days old on 2026-11-27 (its date "
        "2026-07-18, newest product BP21): cards of later products are unknown to it; add them with `deckcheck cards "
        "import`, or use a newer deckcheck\n"
        "deckcheck: card data note: the IC Carddass Dragon Ball cards deckcheck ships are invented examples, not the "
        "real card list: its verdicts say only whether a deck keeps the construction rules with those cards\n"
    )


def test_workers_judge_by_today_s_regulation_as_one_process_does(isolated_carddb: Path) -> None:
    one = check_paths([REPO / "decks"], jobs=1)
    two = check_paths([REPO / "decks"], jobs=2)
    assert [r.to_json() for r in two.reports] == [r.to_json() for r in one.reports]
    assert [r.why_no_regulation for r in two.reports] == [r.why_no_regulation for r in one.reports]
    assert two.notes == one.notes and len(one.notes) == 1
    assert {r.regulation.name for r in one.reports if r.regulation} == {"使用制限 2026-01-30"}


def test_show_json_names_the_regulation_that_judged_the_deck(
    run_cli: Any, cards: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    today_is(monkeypatch, "2030-06-01")
    code, out, _ = run_cli("show", write_deck(Path.cwd()), "--carddb", cards, "-o", "json")
    shown = json.loads(out)
    assert code == 0 and shown["regulation"] == TEST_A_JSON
    assert "regulation" not in shown["keys"] and shown["legal"] is False  # today's: Test A bans T-108
    keyed = write_deck(Path.cwd(), regulation="Test B", name="keyed.deck.toml")
    shown = json.loads(run_cli("show", keyed, "--carddb", cards, "-o", "json")[1])
    assert shown["regulation"]["name"] == "Test B" and shown["keys"]["regulation"] == "Test B"  # the deck's own key
    shown = json.loads(run_cli("show", keyed, "--carddb", cards, "-o", "json", "--no-regulation")[1])
    assert shown["regulation"] is None and shown["legal"] is True


# A regulation file that is no file: a link to /dev/zero, a FIFO, a huge sparse file (issue 26 item 3) ---------------


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_regulation_file_that_is_no_file_is_broken_regulation_data_at_once(
    vanguard_carddb: Path, no_shipped: None, kind: str
) -> None:
    path = vanguard_carddb / "vanguard" / "regulations" / "x.toml"
    plant(path, kind)
    with within(10):
        listed = CliRunner().invoke(app, ["rules", "vanguard", "--carddb", str(vanguard_carddb)])
    with within(10):
        output = check_fails(write_deck(Path.cwd()), "--carddb", vanguard_carddb)
    assert listed.exit_code == 2 and "Traceback" not in listed.output
    for said in (listed.output, output):
        assert "broken regulation data" in said
        assert f"{path}: {HOSTILE[kind]} regulation file" in said


# Japanese (issue 29) -----------------------------------------------------------------------------------------------


def test_regulation_violations_and_notes_in_japanese(cards: Path, japanese: None) -> None:
    deck = write_deck(cards.parent, regulation="Test B")
    code, data, err = check_json(deck, "--carddb", cards)
    assert code == 1
    (violation,) = [v for v in data["decks"][0]["violations"] if v["rule"] == "regulation.restricted"]
    assert (violation["count"], violation["limit"], violation["ref"]) == (4, 2, "Test B (2031-01-01) (sample)")
    assert "が4枚あります。" in violation["message"]
    assert violation["message"].endswith(
        "レギュレーション「Test B」（2031年1月1日施行、サンプルデータ）では2枚までです（'Unit 0' として記載）。"
    )


def test_regulation_problems_in_japanese(cards: Path, japanese: None) -> None:
    write_regulation(cards, "c.toml", 'name = "Test C"\neffective = "2032-13-01"\nbanned = ["T-108", 3]\n')
    said = check_fails(write_deck(cards.parent, regulation="Test A"), "--carddb", cards)
    assert "レギュレーションのデータが壊れています：" in said
    assert "c.toml:2: フィールド 'effective': 施行日 '2032-13-01' は存在しない日付です" in said
    assert "c.toml:3: フィールド 'banned': 2番目の項目はカード番号またはカード名でなければなりません（値：3）" in said
    assert "broken regulation data" not in said


def test_an_unknown_regulation_in_japanese(cards: Path, japanese: None) -> None:
    said = check_fails(write_deck(cards.parent, regulation="No Such"), "--carddb", cards)
    assert "vanguard に 'No Such' というレギュレーションはありません。レギュレーション：" in said


def test_regulations_read_in_one_language_are_not_served_in_another(cards: Path) -> None:
    """The regulations are read once per process: a listing's place ("field 'banned'") is said in the language of
    the run that reads them, so another language reads them again."""
    from deckcheck.cli import language

    write_regulation(cards, "a.toml", 'name = "Test A"\neffective = 2030-01-01\nbanned = ["NO-SUCH"]\n')
    db = load_carddb("vanguard", [cards])
    with pytest.raises(RegulationError) as english:
        load_regulations("vanguard", [cards]).get("Test A").bind(db)  # type: ignore[union-attr]
    language.speak("ja")
    try:
        with pytest.raises(RegulationError) as japanese:
            load_regulations("vanguard", [cards]).get("Test A").bind(db)  # type: ignore[union-attr]
    finally:
        language.speak("en")
    assert "field 'banned', item 1: 'NO-SUCH' is not a Cardfight!! Vanguard card number" in str(english.value)
    assert "フィールド 'banned'、1番目の項目: 'NO-SUCH' は、カードファイト!! ヴァンガードのカードデータベース" in str(
        japanese.value
    )
    assert "field" not in str(japanese.value)
