"""Shared fixtures: small card databases and decks built in code, so each test shows its own case."""

from __future__ import annotations

import gc
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

import pytest

from deckcheck.carddb.db import CardDB, build_carddb, resolve_deck
from deckcheck.checking.deck import check_deck
from deckcheck.formats.read import source_from_mapping
from deckcheck.games import all_games
from deckcheck.model.deck import Deck
from deckcheck.model.violation import Violation

# The invented EVOLVE and Cipher cards and decks that deckcheck shipped before the real card lists (numbers DC-SV-*,
# DC-FE-*): many tests use them as a small, known card-database layer on top of the shipped real databases. The
# decks sit inside the layer's folder (a layer reads only <layer>/<game-id>/*.toml), because `deckcheck check .`
# skips folders named carddb and must not meet decks whose cards are not shipped.
STARTER_CARDDB = Path(__file__).resolve().parent / "data" / "starter" / "carddb"
STARTER_DECKS = STARTER_CARDDB / "decks"


T = TypeVar("T")


def registered_games(*, with_setup: bool = False) -> list[str]:
    """The id of every registered game (deckcheck.games.all_games), sorted: what a test about every game
    parametrises over, so that a new game is in it without an edit (`with_setup`: the games the engine can deal)."""
    return [game_id for game_id, game in all_games().items() if game.setup is not None or not with_setup]


def per_game(table: Mapping[str, T], game_id: str) -> T:
    """A test's own data for a registered game: a game the table has no entry for fails the test, saying so (a new
    game is never silently left out of a test about every game)."""
    if game_id not in table:
        pytest.fail(f"this test has no data for the game {game_id!r}: add an entry for it", pytrace=False)
    return table[game_id]


@pytest.fixture
def deep_folders():
    """Makes `top`/d/d/.../d, `levels` folders below `top`, and removes them after the test without recursion.

    pytest's own clean-up of old temporary folders (shutil.rmtree) recurses once per level: a thousand levels left
    behind end a later run in a RecursionError before any test runs.
    """
    made: list[Path] = []

    def make(top: Path, levels: int) -> Path:
        folder = top
        for _ in range(levels):  # one level at a time: os.makedirs recurses too
            folder = folder / "d"
            folder.mkdir()
        made.append(top / "d")
        return folder

    yield make
    for first in made:
        _remove_without_recursion(first)


def _remove_without_recursion(top: Path) -> None:
    folders, pending = [], [str(top)]
    while pending:
        folder = pending.pop()
        folders.append(folder)
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    pending.append(entry.path)
                else:
                    os.unlink(entry.path)
    for folder in reversed(folders):  # every folder after the ones below it
        os.rmdir(folder)


def make_db(game_id: str, records: Iterable[dict[str, Any]]) -> CardDB:
    """A card database of the given records (validated exactly as a TOML file's would be)."""
    return build_carddb(game_id, records)


def make_deck(db: CardDB, **sections_and_keys: Any) -> Deck:
    """A deck of `db`'s game: keyword arguments are sections ({card: count}) or top-level keys."""
    data = {"game": db.game.id, **sections_and_keys}
    return resolve_deck(source_from_mapping(data), db)


def violations_of(db: CardDB, **sections_and_keys: Any) -> list[Violation]:
    return check_deck(make_deck(db, **sections_and_keys), db)


def deck_multiset(deck: Deck) -> Counter[str]:
    """Every card of a deck's sections by number: what card conservation compares the engine's zones with."""
    return Counter({card.number: n for section in deck.game.sections for card, n in deck.cards(section)})


@pytest.fixture(scope="session")
def _session_carddb_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One compiled card-database cache for the session (each xdist worker its own): the shipped databases are
    compiled from their TOML once, not once per test (a check of every game's deck from a cold cache costs seconds)."""
    return tmp_path_factory.mktemp("carddb-cache")


@pytest.fixture(autouse=True)
def _private_carddb_cache(_session_carddb_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled card-database cache goes to a temporary folder of this session, never the user's ~/.cache. The
    cache never serves stale data (its key hashes every source file), so tests may share it; the tests of the cache
    itself (tests/carddb/test_cache.py) override this fixture with a fresh folder per test."""
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(_session_carddb_cache))
    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)


#: Default workspaces (the library facade's, deckcheck.checking.workspace) a test may leave in the process for the next
#: ones: the shipped databases'. Beyond that they are dropped after the test: the others were made for a test's own
#: temporary folders and would never be asked again.
DEFAULT_WORKSPACES_KEPT = 1


@pytest.fixture(autouse=True)
def _bounded_process_state() -> Iterator[None]:
    """What a test leaves in this process is bounded: the card databases its default workspaces hold (see
    DEFAULT_WORKSPACES_KEPT), and no object stays frozen out of the garbage collector's sight (the CLI's start-up
    calls gc.freeze(): the cycles of every test before would never be collected)."""
    yield
    gc.unfreeze()
    if _default_workspaces() > DEFAULT_WORKSPACES_KEPT:
        from deckcheck.checking.workspace import forget_defaults

        forget_defaults()


def _default_workspaces() -> int:
    """How many default workspaces this process holds."""
    from deckcheck.checking import workspace

    return len(workspace._defaults)


@pytest.fixture(scope="module")
def shipped() -> Callable[[str], Any]:
    """The shipped card databases, each game's loaded once per test module: `shipped("vanguard")`."""
    from deckcheck.carddb.db import load_carddb

    loaded: dict[str, Any] = {}

    def db(game: str) -> Any:
        if game not in loaded:
            loaded[game] = load_carddb(game, ())
        return loaded[game]

    return db


@pytest.fixture
def cli_notes() -> Iterator[None]:
    """The library's notes (deckcheck._util.notes) said on stderr as a command says them, for a test that calls the
    library directly; every command of the CLI listens so itself, for its own length."""
    from deckcheck._util import notes
    from deckcheck.cli.output import say_note

    previous = notes.listen(say_note)
    yield
    notes.listen(previous)


@pytest.fixture(autouse=True)
def _fresh_chain_turns() -> None:
    """The exact chain's shared own turns (deckcheck.stats.chain) start empty: a test that counts the chain's work
    or its budget must not find turns another test computed."""
    from deckcheck.stats.chain import forget_turns

    forget_turns()


@pytest.fixture(scope="session")
def golden_session() -> Iterator[Any]:
    """The scratch folder and environment the golden command lines run in (tests/golden/runner.py), one for the
    session (each xdist worker its own), shared by tests/test_golden.py and tests/test_japanese_everywhere.py: the
    first case that reads a game's card database builds its cache for all the others."""
    from golden.runner import GoldenSession

    with GoldenSession() as session:
        yield session


#: The day the tests take for today ($DECKCHECK_TODAY): the regulation in force by default must not follow the calendar.
TODAY = "2026-11-27"


@pytest.fixture(autouse=True)
def _fixed_today(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs on TODAY, so a regulation in force by default is the same whatever the clock says."""
    monkeypatch.setenv("DECKCHECK_TODAY", TODAY)


@pytest.fixture(autouse=True)
def _outside_github_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs as outside a GitHub Actions job, even when the suite runs in one: `check --output github` names
    paths relative to $GITHUB_WORKSPACE, and `--summary` appends to $GITHUB_STEP_SUMMARY's file. A test of a job sets
    them itself."""
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test speaks English whatever the machine's locale (the golden outputs and every message compared are
    English); a test of the Japanese path asks for it. The language chosen in-process is English again after it."""
    from deckcheck.cli import language

    monkeypatch.setenv("DECKCHECK_LANG", "en")
    yield
    language.speak("en")  # click's and Typer's words too


#: The JSON keys whose values are written for people: they follow the language (README, "Machines see no change").
HUMAN_TEXT_KEYS = frozenset({"message", "text", "label", "note", "notes"})


def for_programs(value: Any) -> Any:
    """A JSON document without the values written for people: what must be the same in every language."""
    if isinstance(value, dict):
        return {key: for_programs(item) for key, item in value.items() if key not in HUMAN_TEXT_KEYS}
    return [for_programs(item) for item in value] if isinstance(value, list) else value


def in_english_and_japanese(produce: Callable[[], Any]) -> tuple[Any, Any]:
    """What `produce()` gives in English, then in Japanese (English spoken again after)."""
    from deckcheck.cli import language

    english = produce()
    language.speak("ja")
    try:
        return english, produce()
    finally:
        language.speak("en")


@pytest.fixture
def japanese() -> Iterator[None]:
    """Speak Japanese in this test (in-process: deckcheck's messages, click's and Typer's words); English after it."""
    from deckcheck.cli import language

    language.speak("ja")
    yield
    language.speak("en")


@pytest.fixture
def command_line() -> Iterator[None]:
    """Messages said in this test as the command line says them: the options they name as flags, the commands as
    command lines (a library caller reads the names)."""
    from deckcheck.cli.options import COMMAND_LINE
    from deckcheck.errors import speaking

    with speaking(COMMAND_LINE):
        yield


@pytest.fixture
def starter_carddb(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The starter cards as the $DECKCHECK_CARDDB layer (over the shipped databases), outside any git repository."""
    monkeypatch.setenv("DECKCHECK_CARDDB", str(STARTER_CARDDB))
    monkeypatch.chdir(tmp_path)
    return STARTER_CARDDB


@pytest.fixture
def run_cli(capsys, monkeypatch):
    """Run `deckcheck ARGS...` in-process, as a user would; returns (exit code, stdout, stderr)."""
    from deckcheck.cli.app import main

    def run(*args: Any) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "argv", ["deckcheck", *map(str, args)])
        with pytest.raises(SystemExit) as done:
            main()
        captured = capsys.readouterr()
        return done.value.code or 0, captured.out, captured.err

    return run


def rule_ids(violations: Iterable[Violation]) -> list[str]:
    """The rule ids found, in order, each once."""
    return list(dict.fromkeys(v.rule for v in violations))


@pytest.fixture
def isolated_carddb(monkeypatch: pytest.MonkeyPatch, tmp_path):
    """Run with no DECKCHECK_CARDDB and outside any git repository (only the shipped databases)."""
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


# A minimal legal Vanguard deck, written to files by the CLI and format tests ---------------------------------

VANGUARD_RECORDS = [
    {"number": "T-000", "name": "始まりの騎士", "type": "normal", "grade": 0, "clans": ["C"]},
    {"number": "T-001", "name": "Crit", "type": "trigger", "trigger": "critical", "grade": 0, "clans": ["C"]},
    {"number": "T-002", "name": "Draw", "type": "trigger", "trigger": "draw", "grade": 0, "clans": ["C"]},
    {"number": "T-003", "name": "Stand", "type": "trigger", "trigger": "stand", "grade": 0, "clans": ["C"]},
    {"number": "T-004", "name": "Heal", "type": "trigger", "trigger": "heal", "grade": 0, "clans": ["C"]},
    *[
        {"number": f"T-1{i:02d}", "name": f"Unit {i}", "type": "normal", "grade": 1 + i % 3, "clans": ["C"]}
        | ({"skill": "twin-drive"} if i % 3 == 2 else {})
        for i in range(9)
    ],
    {"number": "T-201", "name": "Stride", "type": "g-unit", "grade": 4, "clans": ["C"], "skill": "triple-drive"},
]

#: 1 + 16 triggers + 33 units = 50 main; 4 G units.
LEGAL_VANGUARD_TOML = """game = "vanguard"
name = "Test deck"
notes = "kept as is"
[main]
"T-000" = 1
"Crit" = 4
"T-002" = 4
"T-003" = 4
"T-004" = 4
"T-100" = 4
"T-101" = 4
"T-102" = 4
"T-103" = 4
"T-104" = 4
"T-105" = 4
"T-106" = 4
"T-107" = 4
"T-108" = 1
[g]
"T-201" = 4
"""

LEGAL_VANGUARD_TEXT = """game: vanguard
name: Test deck
# main comes first
1 始まりの騎士
4x Crit
4 T-002
4 T-003
4 T-004
4 T-100
4 T-101
4 T-102
4 T-103
4 T-104
4 T-105
4 T-106
4 T-107
1 T-108
## g
4 Stride
"""


@pytest.fixture
def vanguard_carddb(tmp_path, monkeypatch):
    """A card database folder holding VANGUARD_RECORDS, and an environment isolated from the user's."""
    import tomli_w

    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    folder = tmp_path / "cards" / "vanguard"
    folder.mkdir(parents=True)
    (folder / "test.toml").write_text(tomli_w.dumps({"game": "vanguard", "cards": VANGUARD_RECORDS}), encoding="utf-8")
    return tmp_path / "cards"


def cipher_unit(number: str, title: str, unit_name: str, cost: Any = 2, **fields: Any) -> dict[str, Any]:
    """A valid Cipher unit record; keyword arguments override or add fields."""
    record = {
        "number": number,
        "name": f"{title} {unit_name}",
        "type": "unit",
        "title": title,
        "unit_name": unit_name,
        "cost": cost,
        "symbols": ["blade-of-light"],
        "attack": 40,
        "support": 10,
        "range": "1",
        "class_name": "剣士",
    }
    record.update(fields)
    return record


# decks/cipher/marth-altea.deck.toml written with the cards' Japanese names (carddb/cipher names_ja), as a Japanese
# player writes it: 50 cards, legal, its lord named in Japanese too.
CIPHER_JAPANESE_MAIN = {
    "アリティアの王子 マルス": 4,  # B01-003, the lord (printed cost 1)
    "亡国の王子 マルス": 4,  # B01-002
    "救国の英雄 マルス": 4,  # B01-001
    "タリスの王女 シーダ": 4,  # B01-006
    "愛を説く翼 シーダ": 4,  # B01-004
    "赤の騎士 カイン": 4,  # B01-008
    "猛牛と呼ばれし騎士 カイン": 4,  # B01-007
    "緑の騎士 アベル": 4,  # B01-010
    "黒豹と呼ばれし騎士 アベル": 4,  # B01-009
    "護りの騎士 ドーガ": 3,  # B01-012
    "アリティアの盾 ドーガ": 3,  # B01-011
    "マケドニアの妹姫 マリア": 2,  # B01-033
    "天真爛漫な司祭 マリア": 2,  # B01-032
    "紅の剣士 ナバール": 2,  # B01-024
    "紅の死神 ナバール": 2,  # B01-022
}
CIPHER_JAPANESE_TEXT = "game: cipher\nname: アリティアの騎士\nlord: アリティアの王子 マルス\n" + "".join(
    f"{count} {name}\n" for name, count in CIPHER_JAPANESE_MAIN.items()
)
