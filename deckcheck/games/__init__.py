"""The registry of games: every module in this package that defines ``GAME`` is a game."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path

from deckcheck.errors import DeckcheckError
from deckcheck.game import Game


@cache
def all_games() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for module_info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            games[game.id] = game
    return dict(sorted(games.items()))


def get_game(game_id: str, *, path: str | Path | None = None, line: int | None = None) -> Game:
    games = all_games()
    if game_id in games:
        return games[game_id]
    raise DeckcheckError(
        f"unknown game {game_id!r}; the games are: {', '.join(games)}", path=path, line=line, field="game"
    )
