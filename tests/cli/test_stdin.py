"""A decklist from standard input (issue 25 item 4): `check -`, `show -`, `stats -` and `hand -` read it (text, TOML
or JSON, told by its content; any encoding a file may have), shown as `<stdin>`; commands that write refuse it."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from conftest import LEGAL_VANGUARD_TEXT, LEGAL_VANGUARD_TOML

from deckcheck._util import files


@pytest.fixture
def stdin(monkeypatch, vanguard_carddb):
    """Put bytes on standard input (read once per process: the cache is emptied for each test)."""
    monkeypatch.setenv("DECKCHECK_CARDDB", str(vanguard_carddb))
    monkeypatch.setattr(files, "_stdin_read", [])

    def give(data: bytes) -> None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))

    return give


ILLEGAL_TEXT = LEGAL_VANGUARD_TEXT.replace("4 T-002\n", "4 T-002\n4 T-002\n")
DECK_JSON = json.dumps({"game": "vanguard", "name": "Test deck", "main": {"T-000": 1}})


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (LEGAL_VANGUARD_TEXT.encode("utf-8"), 0),
        (LEGAL_VANGUARD_TOML.encode("utf-8"), 0),
        (DECK_JSON.encode("utf-8"), 1),
        (ILLEGAL_TEXT.encode("cp932"), 1),
        (LEGAL_VANGUARD_TEXT.encode("utf-16"), 0),
    ],
)
def test_check_reads_a_deck_of_any_format_from_standard_input(run_cli, stdin, data, code):
    stdin(data)
    exit_code, out, err = run_cli("check", "-", "--output", "json")
    assert exit_code == code, err
    (deck,) = json.loads(out)["decks"]
    assert deck["path"] == "<stdin>" and deck["game"] == "vanguard"


def test_the_path_shown_is_stdin_in_text_and_ci_formats(run_cli, stdin):
    stdin(ILLEGAL_TEXT.encode("utf-8"))
    code, out, _ = run_cli("check", "-")
    assert code == 1 and out.startswith("<stdin>  vanguard") and "<stdin>:" in out
    code, out, _ = run_cli("check", "-", "--output", "github")  # read once: the same deck again
    assert code == 1 and "::error file=<stdin>,line=" in out


def test_dash_twice_and_among_other_paths(run_cli, stdin, tmp_path):
    stdin(ILLEGAL_TEXT.encode("utf-8"))
    other = tmp_path / "other.deck.toml"
    other.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    code, out, _ = run_cli("check", "-", other, "-", "--output", "json")
    paths = [deck["path"] for deck in json.loads(out)["decks"]]
    assert code == 1 and sorted(paths) == sorted(["<stdin>", str(other)])  # stdin checked once


def test_an_empty_standard_input_is_a_clear_error(run_cli, stdin):
    stdin(b"")
    code, out, err = run_cli("check", "-")
    assert code == 2 and "<stdin>: is empty: expected a deck" in err


def test_a_partly_unreadable_deck_on_standard_input(run_cli, stdin):
    stdin(LEGAL_VANGUARD_TEXT.encode("utf-8") + b"\x81\x20\x81\n")
    code, out, err = run_cli("check", "-")
    assert code == 2 and "partly unreadable" in out
    assert "<stdin>:" in err and "not UTF-8, UTF-16 or Shift_JIS text" in err


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("show", "-"), "<stdin>"),
        (("stats", "-", "--trials", "200", "--seed", "1"), "<stdin>"),
        (("hand", "-", "--seed", "1"), "<stdin>"),
    ],
)
def test_show_stats_and_hand_read_standard_input(run_cli, stdin, args, expected):
    stdin(LEGAL_VANGUARD_TEXT.encode("cp932"))
    code, out, err = run_cli(*args)
    assert code == 0, err
    assert expected in out


@pytest.mark.parametrize("args", [("add", "-", "T-000"), ("remove", "-", "T-000"), ("set", "-", "name", "X")])
def test_commands_that_write_refuse_standard_input(run_cli, stdin, args):
    stdin(LEGAL_VANGUARD_TEXT.encode("utf-8"))
    code, out, err = run_cli(*args)
    assert code == 2 and out == ""
    assert "<stdin>: a deck on standard input cannot be edited: name the deck file to change" in err


def test_a_real_pipe(vanguard_carddb, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "deckcheck", "check", "-"],
        input=ILLEGAL_TEXT.encode("cp932"),
        capture_output=True,
        env={**os.environ, "DECKCHECK_CARDDB": str(vanguard_carddb), "PYTHONDONTWRITEBYTECODE": "1"},
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert result.stdout.decode("utf-8").startswith("<stdin>  vanguard")


@pytest.mark.parametrize(("encoding", "name"), [("cp932", "Shift_JIS (cp932)"), ("utf-16", "UTF-16")])
def test_commands_that_write_refuse_a_deck_they_would_re_encode(
    run_cli, vanguard_carddb, monkeypatch, tmp_path, encoding, name
):
    monkeypatch.setenv("DECKCHECK_CARDDB", str(vanguard_carddb))
    deck = tmp_path / "sjis.txt"
    data = LEGAL_VANGUARD_TEXT.replace("Test deck", "テスト").encode(encoding)
    deck.write_bytes(data)
    assert run_cli("check", deck)[0] == 0  # read as it is
    code, out, err = run_cli("add", deck, "T-000")
    assert code == 2 and f"is {name} text; add, remove and set write decks as UTF-8 only" in err
    assert deck.read_bytes() == data  # untouched
