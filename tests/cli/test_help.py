"""Every `--help` reads well: no Typer placeholders, 80 columns, and each example in it runs on the shipped data."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from deckcheck._util.text import display_width
from deckcheck.carddb.db import load_carddb
from deckcheck.cli.app import app
from deckcheck.games import all_games, warning_rules

ROOT = Path(__file__).resolve().parents[2]


def _command_paths() -> list[tuple[str, ...]]:
    """Every command and subcommand, as the words after `deckcheck` (the app itself is ())."""
    paths: list[tuple[str, ...]] = [()]

    def walk(command, prefix: tuple[str, ...]) -> None:
        for name, sub in getattr(command, "commands", {}).items():
            paths.append((*prefix, name))
            walk(sub, (*prefix, name))

    walk(typer.main.get_command(app), ())
    return paths


COMMANDS = _command_paths()


def _help(run_cli, words: tuple[str, ...]) -> str:
    code, out, err = run_cli(*words, "--help")
    assert code == 0, err
    return out


def test_every_command_is_found():
    assert {("check",), ("stats",), ("hand",), ("cards", "search"), ("cards", "import"), ("rules",)} <= set(COMMANDS)


@pytest.mark.parametrize("words", COMMANDS, ids=lambda words: " ".join(words) or "deckcheck")
def test_help_has_no_placeholder_and_fits_80_columns(run_cli, words):
    text = _help(run_cli, words)
    assert not re.search(r"\{[A-Z_]+\}|<list\[|range>|<[a-z]+\[", text), text
    assert "[OPTIONS]" in text
    wide = [line for line in text.splitlines() if display_width(line) > 80]
    assert wide == []
    # lines are broken at spaces, never inside a hyphenated word such as carddb/<game-id> or ic-dragonball
    assert not [line for line in text.splitlines() if re.search(r"[a-z]-$", line)]


def test_an_argument_is_named_as_click_names_it(run_cli):
    text = _help(run_cli, ("check",))
    assert "check [OPTIONS] PATHS...\n" in text
    assert "\n  PATHS...  Deck files or folders" in text
    assert "add [OPTIONS] DECK CARD\n" in _help(run_cli, ("add",))
    assert "-n, --count N " in _help(run_cli, ("add",))


def _examples(text: str) -> list[str]:
    """The command lines of a help's Examples block."""
    block = text.split("Examples:\n", 1)[1] if "Examples:\n" in text else ""
    return [line.strip() for line in block.splitlines() if line.strip().startswith("deckcheck ")]


def test_the_commands_that_matter_have_examples(run_cli):
    for words in [("check",), ("hand",), ("stats",), ("odds",), ("cards", "search"), ("rules",), ("new",)]:
        assert _examples(_help(run_cli, words)), words


EXAMPLES = [
    (words, example) for words in COMMANDS for example in _examples(CliRunner().invoke(app, [*words, "--help"]).output)
]


@pytest.mark.parametrize("example", [example for _, example in EXAMPLES])
def test_every_help_example_runs_on_the_shipped_data(run_cli, example, tmp_path, monkeypatch):
    """Run in a copy of the shipped decks (the editing examples change files): exit 0 or 1, never 2."""
    shutil.copytree(ROOT / "decks", tmp_path / "decks")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    words = [word.strip("'") for word in re.findall(r"'[^']*'|\S+", example)][1:]
    code, out, err = run_cli(*words)
    assert code in (0, 1), (example, err)
    assert out.strip() or "Examples" not in out


def test_examples_are_found():
    assert len(EXAMPLES) >= 10


def test_every_card_number_in_help_ships(run_cli):
    """A card a help names (e.g. lord=B01-003) is in a shipped card database."""
    numbers = set()
    for words in COMMANDS:
        numbers |= set(re.findall(r"\b[A-Z]{1,4}\d{0,3}(?:-[A-Z]{1,4})?-\d{3}[A-Za-z]*\b", _help(run_cli, words)))
    assert numbers
    shipped = {number for game in all_games() for number in load_carddb(game).cards}
    assert numbers <= shipped


def test_fail_on_warning_is_explained_from_the_rule_books(run_cli):
    text = " ".join(_help(run_cli, ("check",)).split())
    warned = warning_rules()
    assert ("vanguard", "vanguard.unverified") in warned
    for _, rule in warned:
        assert rule in text
    quiet = [game for game in all_games() if game not in {game for game, _ in warned}]
    assert f"The other games ({', '.join(quiet)}) have no warning rule" in text
