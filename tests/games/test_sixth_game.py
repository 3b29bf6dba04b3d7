"""A sixth game asks for nothing outside its module, its card database and its spec (issue 37).

tests/data/sixth-game/ holds a toy game as a new game would come: one module (toy.py, with one section and a size
rule) and its card database (carddb/toy/). The `toy_game` fixture puts that folder on the game registry's path, as
if toy.py were in deckcheck/games/, and the card database on $DECKCHECK_CARDDB; no file of deckcheck is edited. Every
command a game needs then works for it, and the tests that cover every game take it in.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import per_game, registered_games

import deckcheck
import deckcheck.games as registry
from deckcheck.games import all_games, get_game, is_game_id

TESTS = Path(__file__).resolve().parents[1]
TOY = TESTS / "data" / "sixth-game"
CARDS = [f"TOY-{number:03d}" for number in range(1, 11)]


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy game registered (its folder on the registry's path, its cards on $DECKCHECK_CARDDB), and gone after."""
    monkeypatch.setattr(registry, "__path__", [*registry.__path__, str(TOY)])
    monkeypatch.setenv("DECKCHECK_CARDDB", str(TOY / "carddb"))
    registry.forget_games()
    yield
    monkeypatch.undo()
    sys.modules.pop("deckcheck.games.toy", None)
    registry.forget_games()


def _deck(folder: Path, copies: dict[str, int], name: str = "toy.deck.toml") -> Path:
    path = folder / name
    lines = ['game = "toy"', 'name = "Twenty toys"', "", "[main]"]
    lines += [f'"{number}" = {n}' for number, n in copies.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


LEGAL = {number: 4 for number in CARDS[:5]}  # 20 cards


def test_the_registry_finds_the_toy_game(toy_game):
    game = get_game("toy")
    assert is_game_id("toy") and all_games()["toy"] is game
    assert game.title == "Toy Duel" and game.sections == ("main",)
    assert list(all_games()) == sorted(all_games()) and "toy" in registered_games()


def test_without_the_fixture_there_is_no_toy_game():
    assert "toy" not in all_games() and not is_game_id("toy")


def test_the_tests_about_every_game_take_it_in_or_fail_for_it(toy_game):
    """A test parametrised by registered_games() runs for the toy game; a test whose data has no entry for it fails,
    saying so, instead of leaving it out."""
    assert "toy" in registered_games() and "toy" not in registered_games(with_setup=True)  # no setup: no odds
    with pytest.raises(pytest.fail.Exception, match="no data for the game 'toy'"):
        per_game({"vanguard": 1}, "toy")


def test_games_lists_it(toy_game, run_cli):
    code, out, err = run_cli("games")
    assert code == 0 and err == ""
    assert any(line.split() == ["toy", "Toy", "Duel"] for line in out.splitlines())
    code, out, _ = run_cli("games", "--output", "json")
    games = {game["id"]: game for game in json.loads(out)["games"]}
    assert code == 0 and games["toy"]["title"] == "Toy Duel" and games["toy"]["sections"] == ["main"]
    assert [game.id for game in deckcheck.list_games()] == registered_games()


def test_rules_lists_its_rules(toy_game, run_cli):
    code, out, _ = run_cli("rules", "toy")
    assert code == 0 and "toy.main-size" in out and "The main deck has exactly 20 cards." in out
    assert "deck.unknown-card" in out  # the shared rules apply to it too
    code, out, _ = run_cli("rules", "toy", "--output", "json")
    assert code == 0 and "toy.main-size" in out


def test_check_judges_its_decks(toy_game, run_cli, tmp_path):
    code, out, err = run_cli("check", _deck(tmp_path, LEGAL))
    assert code == 0, err
    short = _deck(tmp_path, {**LEGAL, CARDS[0]: 3}, "short.deck.toml")
    code, out, _ = run_cli("check", short, "--output", "json")
    [deck] = json.loads(out)["decks"]
    assert code == 1 and deck["game"] == "toy"
    [found] = deck["violations"]
    assert (found["rule"], found["count"], found["limit"]) == ("toy.main-size", 19, 20)
    unknown = _deck(tmp_path, {**LEGAL, "TOY-999": 1}, "unknown.deck.toml")
    code, out, _ = run_cli("check", unknown, "--output", "json")
    rules = [violation["rule"] for violation in json.loads(out)["decks"][0]["violations"]]
    assert code == 1 and "deck.unknown-card" in rules


def test_show_and_convert_read_its_decks(toy_game, run_cli, tmp_path):
    deck = _deck(tmp_path, LEGAL)
    code, out, err = run_cli("show", deck)
    assert code == 0, err
    assert "Toy card 1" in out and "Twenty toys" in out
    code, out, err = run_cli("convert", deck, "--to", "text")
    assert code == 0, err
    assert "game: toy" in out and "TOY-001" in out


def test_cards_search_finds_its_cards(toy_game, run_cli):
    code, out, err = run_cli("cards", "search", "power>=9000", "--game", "toy", "--output", "json")
    assert code == 0, err
    assert [card["number"] for card in json.loads(out)["cards"]] == ["TOY-009", "TOY-010"]


def test_the_helps_name_it(toy_game, run_cli):
    code, out, _ = run_cli("--help")
    assert code == 0 and "Toy Duel" in " ".join(out.split())
    code, out, _ = run_cli("check", "--help")
    assert code == 0 and "ic-dragonball, toy) have no warning rule of their own" in " ".join(out.split())


def test_hand_and_stats_say_it_has_no_setup_yet(toy_game, run_cli, tmp_path):
    """A game without a setup (deckcheck.engine.procedure.Setup) is checked, shown and searched; the engine says
    plainly that it cannot deal it (bad input, exit 2), never an internal error."""
    deck = _deck(tmp_path, LEGAL)
    for command in ("hand", "stats"):
        code, _, err = run_cli(command, deck)
        assert code == 2 and "the engine has no setup for Toy Duel yet" in err, (command, err)


def _test_module(path: str) -> Any:
    """A test module of this suite, loaded afresh from its file (to run its tests with the toy game registered)."""
    spec = importlib.util.spec_from_file_location(f"sixth_{Path(path).stem}", TESTS / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_listing_tests_take_it_in(toy_game, run_cli):
    """The suite's own tests of the listings and helps, run as they are with the toy game registered, pass: they
    read the games from the registry, so the toy game is in what they check."""
    app_tests = _test_module("cli/test_app.py")
    app_tests.test_games_and_rules(run_cli)
    app_tests.test_games_as_json(run_cli)
    _test_module("test_api.py").test_list_games_and_rules()
    _test_module("cli/test_help.py").test_the_helps_that_list_games_list_the_registry(run_cli)


def test_the_golden_cases_take_it_in_or_ask_for_its_searches(toy_game):
    """tests/golden/cases.py, read with the toy game registered, has its rules cases; its card searches are the
    game's own data, so tests/test_golden.py's check of them fails for it until some are given."""
    script = (
        "import sys; import deckcheck.games as registry; registry.__path__.append(sys.argv[1]);"
        "from golden.cases import CASES; print(*sorted(case.id for case in CASES if 'toy' in case.id))"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS.parent), str(TESTS)])}
    done = subprocess.run([sys.executable, "-c", script, str(TOY)], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["rules-toy-json", "rules-toy-text"]
