"""Every `--help` reads well: no Typer placeholders, 80 columns, and each example in it runs on the shipped data."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
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
    if "--rev" in example:  # `diff --rev`: the copy is a git repository with the decks committed
        _committed(tmp_path)
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    words = [word.strip("'") for word in re.findall(r"'[^']*'|\S+", example)][1:]
    code, out, err = run_cli(*words)
    assert code in (0, 1), (example, err)
    assert out.strip() or "Examples" not in out


def _committed(folder: Path) -> None:
    names = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    for args in (["init", "-q"], ["add", "."], ["commit", "-qm", "decks"]):
        subprocess.run(["git", *args], cwd=folder, env={**os.environ, **names}, check=True, capture_output=True)


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


def test_the_helps_that_list_games_list_the_registry(run_cli):
    """The app's help names every registered game by its title, `set`'s every game's own deck keys, --rules and
    --format the games that have several: from the registry, so a new game is in them without an edit of the
    command line."""
    text = " ".join(_help(run_cli, ()).split())
    assert all(game.title in text for game in all_games().values())
    text = " ".join(_help(run_cli, ("set",)).split())
    owned = [(key, game.id) for game in all_games().values() for key in (*game.keys.cards, *game.keys.words)]
    assert owned and all(f"{key} ({game})" in text for key, game in owned)
    assert "{" not in text
    text = " ".join(_help(run_cli, ("check",)).split())
    versions = [game for game in all_games().values() if len(game.play.versions) > 1]
    formats = [game for game in all_games().values() if len(game.play.formats) > 1]
    assert versions and formats
    assert all(f"{game.id}: {' or '.join(v.version for v in game.play.versions)}" in text for game in versions)
    assert all(f"{game.id}: {', '.join(game.play.formats)}" in text for game in formats)
    assert "{" not in text


# -- in Japanese (issue 29) -------------------------------------------------------------------------------------------


def _english_runs(text: str) -> list[str]:
    """Runs of three or more plain English words ("Show this message") in a help, outside what stays as written:
    the usage line, the examples' command lines and `quoted commands`. An option name (--fail-on), a value a user
    types (grade=1) or a metavar (FILE) is no plain word."""
    prose = [
        line
        for line in text.splitlines()
        if not line.startswith("使い方: ") and not line.strip().startswith("deckcheck ")
    ]
    words = re.sub(r"`[^`]*`", " ", " ".join(prose)).split()
    runs, run = [], []
    for word in [*words, ""]:
        if re.fullmatch(r"[A-Za-z][a-z]+[,.;:]?", word):
            run.append(word)
            continue
        if len(run) >= 3:
            runs.append(" ".join(run))
        run = []
    return runs


def test_the_english_runs_check_sees_english():
    assert _english_runs("  Show this message and exit.\n") == ["Show this message and exit."]
    assert _english_runs("使い方: deckcheck rules [OPTIONS] GAME\n  --fail-on warning は `deckcheck rules GAME`") == []


@pytest.mark.parametrize("words", COMMANDS, ids=lambda words: " ".join(words) or "deckcheck")
def test_help_in_japanese_has_no_english_sentence_and_fits_80_columns(run_cli, monkeypatch, words):
    english = _help(run_cli, words)
    assert _english_runs(english)  # the check would see English
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    text = _help(run_cli, words)
    assert text.startswith("使い方: ") and "deckcheck" in text.splitlines()[0] and "オプション:" in text
    assert _english_runs(text) == []
    assert [line for line in text.splitlines() if display_width(line) > 80] == []
    # the metavars, option names and examples stay as written
    assert set(re.findall(r"--[a-z-]+", text)) == set(re.findall(r"--[a-z-]+", english))
    assert _examples(english) == [line.strip() for line in text.splitlines() if line.strip() in _examples(english)]


def _helps(command, path: str = "deckcheck") -> dict[str, str]:
    """Every help text of a click command tree, by where it stands."""
    texts = {f"{path}:{name}": getattr(command, name) for name in ("help", "short_help") if getattr(command, name)}
    for param in command.params:
        if getattr(param, "help", None):
            texts[f"{path} {param.name}"] = param.help
    for name, sub in getattr(command, "commands", {}).items():
        texts |= _helps(sub, f"{path} {name}")
    return texts


def test_every_help_text_has_a_japanese_translation(japanese):
    from deckcheck.cli import language

    built = typer.main.get_command(app)  # translated as the command line is built
    language.translate_help(built)  # and Typer's own options (--install-completion) as the command line shows them
    japanese_helps = _helps(built)
    language.speak("en")
    english_helps = _helps(typer.main.get_command(app))
    assert japanese_helps.keys() == english_helps.keys() and len(english_helps) > 100
    untranslated = [where for where, text in english_helps.items() if japanese_helps[where] == text]
    assert untranslated == []
    assert all(re.search(r"[ぁ-んァ-ヶ一-龯]", text) for text in japanese_helps.values())


def test_the_check_epilog_in_japanese_names_the_warning_rules(run_cli, monkeypatch):
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    text = "".join(_help(run_cli, ("check",)).split())
    assert "--fail-onwarningを指定すると警告でも失敗になります。" in text
    for _game, rule in warning_rules():
        assert rule in text
    quiet = "、".join(game for game in all_games() if game not in {game for game, _ in warning_rules()})
    assert f"ほかのゲーム（{quiet}）には独自の警告ルールはありません。" in text
    assert "例：" in text and "Examples" not in text
