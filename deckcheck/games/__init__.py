"""The registry of games: every module in this package that defines ``GAME`` is a game.

A game's module is named after its id (``-`` → ``_``): :func:`get_game` imports only that module, so checking a
Vanguard deck does not pay for the other games' models; :func:`all_games` imports them all (listings, messages).
A game may be a module or a package (vanguard: its odds model is a module of its own, loaded for odds only).

A new game is one more module here (with its card database, carddb/<id>/, and its spec, docs/spec/<id>.md): the
registry finds it, and the commands, listings, helps and the tests that cover every game read it from here. A folder
added to this package's ``__path__`` holds games too (tests/games/test_sixth_game.py adds a toy game so, without
writing into the package); :func:`forget_games` makes the registry look again.

Everything that is a game's own lives here: its card model, sections and their labels, construction rules, setup
and odds model. May import stats, engine, model, _util and errors; nothing outside this package imports a game's
module (tests/test_architecture.py).
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path
from typing import Any

from deckcheck._i18n import _
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.errors import DeckcheckError
from deckcheck.model.game import Game

_MODULE_NAME = re.compile(r"[a-z][a-z0-9_]*")


@cache
def all_games() -> dict[str, Game[Any]]:
    import pkgutil  # deferred: listing every game is rare (a check imports only its games' modules)

    games: dict[str, Game[Any]] = {}
    for module_info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            games[game.id] = game
    return dict(sorted(games.items()))


@cache
def _game_by_module(game_id: str) -> Game[Any] | None:
    """The game whose module is named after `game_id`, importing that module alone; None if there is none."""
    module_name = game_id.replace("-", "_")
    if not _MODULE_NAME.fullmatch(module_name):
        return None
    qualified = f"{__name__}.{module_name}"
    try:
        module = importlib.import_module(qualified)
    except ModuleNotFoundError as error:
        if error.name == qualified:
            return None
        raise
    game = getattr(module, "GAME", None)
    return game if isinstance(game, Game) and game.id == game_id else None


def forget_games() -> None:
    """Forget the games found so far: the next look finds the game modules on the package's path again (a folder
    of games added to ``deckcheck.games.__path__``, or taken away)."""
    all_games.cache_clear()
    _game_by_module.cache_clear()


def is_game_id(text: str) -> bool:
    """Whether `text` is a game's id (importing that game's module only, as get_game does)."""
    return _game_by_module(text) is not None


def get_game(game_id: str, *, path: str | Path | None = None, line: int | None = None) -> Game[Any]:
    if (game := _game_by_module(game_id)) is not None:
        return game
    games = all_games()  # a game whose module is named otherwise, or an unknown id (the message lists them all)
    if game_id in games:
        return games[game_id]
    raise DeckcheckError(
        _("unknown game {game}; the games are: {games}").format(game=quoted(game_id), games=joined(games)),
        path=path,
        line=line,
        field="game",
    )


def warning_rules() -> list[tuple[str, str]]:
    """(game id, rule id) of every rule whose violations are warnings, not errors (what `--fail-on warning` adds)."""
    return [(game.id, rule.id) for game in all_games().values() for rule in game.rules if rule.severity == "warning"]
