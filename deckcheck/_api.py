"""The library's entry points that compose several layers: a deck file read and its cards looked up, the games and
their rules listed. deckcheck/__init__.py re-exports them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from deckcheck.carddb.db import load_carddb, resolve_deck
from deckcheck.check.regulations import RegulationSet, load_regulations
from deckcheck.check.rules import SHARED_RULES, SharedRule
from deckcheck.formats.read import parse_deck
from deckcheck.games import all_games, get_game
from deckcheck.model.deck import Deck
from deckcheck.model.game import Game


def load_deck(path: str | Path, carddb_dirs: Iterable[str | Path] = ()) -> Deck:
    """Read a deck file and look its cards up (shipped databases plus any extra folders)."""
    source = parse_deck(path)
    return resolve_deck(source, load_carddb(source.game_id, carddb_dirs))


def list_games() -> list[Game]:
    """Every game deckcheck knows, by id."""
    return list(all_games().values())


@dataclass(frozen=True)
class RuleListing:
    """A game's construction rules, the rules every game shares, and the regulations its card databases hold."""

    game: Game
    shared: tuple[SharedRule, ...]
    regulations: RegulationSet


def list_rules(game_id: str, carddb_dirs: Iterable[str | Path] = ()) -> RuleListing:
    """A game's rules and regulations (from every card database folder, `carddb_dirs` included)."""
    game = get_game(game_id)
    return RuleListing(game, tuple(SHARED_RULES.values()), load_regulations(game.id, tuple(carddb_dirs)))
