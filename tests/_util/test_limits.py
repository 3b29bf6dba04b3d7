"""Input beyond what the parsers hold (issue 14 item 6): a number of more than 4,300 digits or nesting deeper than
the parsers go is a malformed file, exit 2 naming the file and line, in every command; never "internal error"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import LEGAL_VANGUARD_TOML
from typer.testing import CliRunner

from deckcheck._util.limits import INT_DIGITS, NESTING, long_number_line, nesting_line, parse_within_limits
from deckcheck.cli.app import app
from deckcheck.errors import DeckcheckError

HUGE = "9" * (INT_DIGITS + 700)  # more digits than Python converts
DEEP = 5_000  # arrays inside each other: beyond tomli's 400 levels and json's recursion limit


def invoke(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "internal error" not in result.output + result.stderr
    return result.exit_code, result.stdout, result.stderr


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


#: Deck files a parser cannot hold, and the line each one's trouble starts on.
HOSTILE_DECKS = {
    "count.deck.toml": (f'game = "vanguard"\n[main]\n"T-100" = 4\n"T-101" = {HUGE}\n', 4),
    "other-key.deck.toml": (f'game = "vanguard"\nnotes = [1, 2,\n  {HUGE}]\n[main]\n"T-100" = 4\n', 3),
    "underscores.deck.toml": (f'game = "vanguard"\n[main]\n"T-100" = 1_{HUGE}\n', 3),
    "hex.deck.toml": (f'game = "vanguard"\n[main]\n"T-100" = 0x{"f" * 3800}\n', 3),  # read by tomli, unprintable
    "nested.deck.toml": ('game = "vanguard"\n# [[[ in a comment\nx = "[[["\ny = ' + "[" * DEEP + "]" * DEEP, 4),
    "count.json": ('{"game": "vanguard",\n "main": {"T-100": 4,\n  "T-101": ' + HUGE + "}}", 3),
    "negative.json": ('{"game": "vanguard",\n "main": {"T-100": -' + HUGE + "}}", 2),
    "nested.json": ('{"game": "vanguard",\n "name": "[[[[",\n "x": ' + "[" * DEEP + "]" * DEEP + "}", 3),
    "count.txt": (f"game: vanguard\n4 T-100\n{HUGE} T-101\n", 3),
}


@pytest.mark.parametrize("name", HOSTILE_DECKS)
def test_a_hostile_deck_is_malformed_at_its_line_in_every_command(vanguard_carddb, name):
    text, line = HOSTILE_DECKS[name]
    deck = _write(Path(name), text)
    for command in (["check"], ["show"], ["hand"], ["stats"], ["convert", "--to", "json"], ["add", "--force"]):
        args = [*command[:1], deck, *(["T-100"] if command[0] == "add" else []), *command[1:]]
        code, _, err = invoke(*args, "--carddb", vanguard_carddb)
        assert code == 2, (command, err)
        assert f"{name}:{line}:" in err, (command, err)
    assert Path(name).read_text(encoding="utf-8") == text  # `add` wrote nothing


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif", "junit"])
def test_hostile_decks_never_stop_a_folder_check(vanguard_carddb, fmt):
    for name, (text, _) in HOSTILE_DECKS.items():
        _write(Path("decks") / name, text)
    _write(Path("decks") / "legal.deck.toml", LEGAL_VANGUARD_TOML)
    code, out, err = invoke("check", "decks", "--carddb", vanguard_carddb, "--output", fmt)
    assert code == 2
    for name, (_, line) in HOSTILE_DECKS.items():
        assert f"decks/{name}:{line}:" in err
    if fmt == "json":
        data = json.loads(out)
        # count.txt is partly unreadable (issue 25 item 3): its readable lines are checked too
        assert [deck["path"] for deck in data["decks"]] == ["decks/count.txt", "decks/legal.deck.toml"]
        assert data["decks"][0]["unreadable_lines"] == [3]
        assert {(error["path"], error["line"]) for error in data["errors"]} == {
            (f"decks/{name}", line) for name, (_, line) in HOSTILE_DECKS.items()
        }
    elif fmt == "github":  # a legal deck has no annotation; the summary counts it
        assert out.splitlines()[-1].startswith("2 decks checked, 1 legal")
        assert all(f"file=decks/{name},line={line}," in out for name, (_, line) in HOSTILE_DECKS.items())
    elif fmt == "sarif":  # a legal deck has no result; each hostile file has one on its line
        (run,) = json.loads(out)["runs"]
        places = {
            (place["physicalLocation"]["artifactLocation"]["uri"], place["physicalLocation"]["region"]["startLine"])
            for result in run["results"]
            if result["ruleId"] == "deckcheck.unreadable"
            for place in result["locations"]
        }
        assert places == {(f"decks/{name}", line) for name, (_, line) in HOSTILE_DECKS.items()}
    elif fmt == "junit":
        assert "decks/legal.deck.toml" in out and all(name in out for name in HOSTILE_DECKS)
    else:
        assert out.splitlines()[-1].startswith("2 decks checked, 1 legal (")
        assert out.splitlines()[-1].endswith("; 9 files could not be checked")


def test_counts_of_thousands_of_digits_are_bad_counts_whose_sums_still_print(vanguard_carddb):
    # two counts of 4,300 digits (read by Python) add up to 4,301: no sum of counts may need to be printed
    long = "9" * INT_DIGITS
    text = LEGAL_VANGUARD_TOML.replace('"T-100" = 4', f'"T-100" = {long}').replace('"T-101" = 4', f'"T-101" = {long}')
    deck = _write(Path("long.deck.toml"), text)
    code, out, _ = invoke("check", deck, "--carddb", vanguard_carddb, "--output", "json")
    assert code == 1
    messages = [v["message"] for v in json.loads(out)["decks"][0]["violations"] if v["rule"] == "deck.bad-count"]
    assert len(messages) == 2 and all(f"{INT_DIGITS:,} digits" in message for message in messages)
    assert all(len(message) < 300 for message in messages)
    for command in (["show"], ["hand"], ["convert", "--to", "text"]):
        code, _, _ = invoke(*command[:1], deck, *command[1:], "--carddb", vanguard_carddb)
        assert code in (0, 1, 2)  # a verdict or a refusal, never a crash (checked by invoke)


def test_a_card_file_or_regulation_beyond_the_limits_is_a_broken_card_database(vanguard_carddb):
    _write(Path("deck.deck.toml"), LEGAL_VANGUARD_TOML)
    cards = vanguard_carddb / "vanguard" / "huge.toml"
    record = '[[cards]]\nnumber = "T-990"\nname = "Huge"\ntype = "normal"\nclans = ["C"]\n'
    for text, line in ((f"{record}grade = {HUGE}\n", 6), (f"{record}grade = 1\nx = " + "[" * DEEP + "]" * DEEP, 7)):
        cards.write_text(text, encoding="utf-8")
        for command in (["check", "deck.deck.toml"], ["cards", "search", "Huge", "--game", "vanguard"]):
            code, _, err = invoke(*command, "--carddb", vanguard_carddb)
            assert code == 2 and f"huge.toml:{line}:" in err, err
    cards.unlink()
    regulation = _write(vanguard_carddb / "vanguard" / "regulations" / "r.toml", f'name = "R"\neffective = {HUGE}\n')
    code, _, err = invoke("check", "deck.deck.toml", "--carddb", vanguard_carddb, "--regulation", "R")
    assert code == 2 and f"{regulation}:2:" in err, err


@pytest.mark.parametrize(
    "text, line",
    [
        ('[{"number": "T-1", "name": "A", "type": "normal", "clans": ["C"],\n "grade": ' + HUGE + "}]", 2),
        ("[\n" + "[" * DEEP + "]" * DEEP + "]", 2),
    ],
    ids=["number", "nesting"],
)
def test_a_card_list_beyond_the_limits_is_not_imported(tmp_path, isolated_carddb, text, line):
    source = _write(tmp_path / "list.json", text)
    code, _, err = invoke("cards", "import", source, "--game", "vanguard", "--into", tmp_path / "db")
    assert code == 2 and f"list.json:{line}:" in err, err
    assert not (tmp_path / "db").exists()


def test_a_csv_card_list_rejects_the_row_of_a_huge_number(tmp_path, isolated_carddb):
    source = _write(tmp_path / "list.csv", f"number,name,type,grade,clans\nT-1,A,normal,{HUGE},C\nT-2,B,normal,1,C\n")
    code, out, _ = invoke("cards", "import", source, "--game", "vanguard", "--into", tmp_path / "db")
    assert code == 1 and "row 2, field 'grade'" in out


@pytest.mark.parametrize(
    "text, field, line",
    [
        ('{"list": [\n {"card_number": "T-100", "num": 4},\n {"card_number": "T-101", "num": ' + HUGE + "}]}", None, 3),
        ('{"list": [\n {"card_number": "T-100",\n  "num": "²"}]}', "list[0].num", 3),  # a digit int() refuses
        ('{"list": [\n {"card_number": "T-100",\n  "num": "' + HUGE + '"}]}', "list[0].num", 3),
        ('{"deck": {"list": ' + "[" * DEEP + "]" * DEEP + "}}", None, 1),
    ],
    ids=["number", "superscript", "long-text", "nesting"],
)
def test_registry_json_beyond_the_limits_is_malformed(tmp_path, vanguard_carddb, text, field, line):
    source = _write(tmp_path / "registry.json", text)
    code, _, err = invoke("convert", source, "--game", "vanguard", "--to", "toml")
    assert code == 2
    assert f"registry.json:{line}" in err and (field is None or f"field '{field}'" in err), err


@pytest.mark.parametrize(
    "args",
    [
        ["stats", "deck.deck.toml", "--want", f">={HUGE} grade=1"],
        ["stats", "deck.deck.toml", "--want", f"grade={HUGE}"],
        ["stats", "deck.deck.toml", "--want", f"grade>={HUGE}"],
        ["stats", "deck.deck.toml", "--want", "grade=1", "--mulligan", f"keep:grade={HUGE}"],
        ["hand", "deck.deck.toml", "--mulligan", f"keep:grade={HUGE}"],
        ["cards", "search", f"grade={HUGE}", "--game", "vanguard"],
        ["hand", "deck.deck.toml", "--seed", HUGE],
        ["hand", "deck.deck.toml", "--count", HUGE],
        ["stats", "deck.deck.toml", "--turn", HUGE],
        ["add", "deck.deck.toml", "T-100", "--count", HUGE],
    ],
    ids=lambda args: " ".join(arg[:12] for arg in args[:4]),
)
def test_huge_numbers_on_the_command_line_are_bad_input(vanguard_carddb, args):
    _write(Path("deck.deck.toml"), LEGAL_VANGUARD_TOML)
    code, _, _ = invoke(*args, "--carddb", vanguard_carddb)
    assert code == 2
    assert Path("deck.deck.toml").read_text(encoding="utf-8") == LEGAL_VANGUARD_TOML


def test_a_digits_only_string_or_key_is_no_number():
    # a 5,000-digit card name (a string) or bare key is not a number: the line is the integer's
    text = f'name = "{HUGE}"\n{HUGE} = 1\n# {HUGE}\n[t]\nv = 1.{HUGE}\nn = {HUGE}\n'
    assert long_number_line(text) == 6


def test_nesting_is_placed_where_it_reaches_the_limit():
    text = 'a = "[[[["\n# [[[[\nb = [\n' + "[" * (NESTING - 1) + "\n" + "]" * NESTING + "\n"
    assert nesting_line(text) == 4
    with pytest.raises(DeckcheckError) as raised:
        parse_within_limits(json.loads, '{"a":\n' + "[" * DEEP + "]" * DEEP + "}", "x.json", "json")
    assert raised.value.line == 2 and raised.value.path == "x.json"


def test_a_number_too_long_and_nesting_too_deep_in_japanese(japanese):
    with pytest.raises(DeckcheckError) as long:
        parse_within_limits(json.loads, '{"main":\n {"X": ' + HUGE + "}}", "d.json", "json")
    assert str(long.value) == (
        f"d.json:2: {INT_DIGITS:,}桁を超える数があります。Python が読み書きできる桁数を超えています"
        "（枚数やカードの項目は小さな整数です）"
    )
    with pytest.raises(DeckcheckError) as deep:
        parse_within_limits(json.loads, "[" * 100_000, "d.json", "json")
    assert f"{NESTING}段より深くなっています" in str(deep.value)
