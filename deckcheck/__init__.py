"""deckcheck: deck builder, legality checker and opening-hand lab for five Japanese trading card games.

The command line is a thin layer over these functions::

    from deckcheck import load_deck, check_deck
    deck = load_deck("decks/vanguard/dawn_knights.deck.toml")
    for violation in check_deck(deck):
        print(violation.rule, violation.message)

The names below are imported on first use (PEP 562), so that a command pays only for the modules it needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: public name → the module that defines it
_EXPORTS = {
    "CardDB": "deckcheck.carddb",
    "build_carddb": "deckcheck.carddb",
    "load_carddb": "deckcheck.carddb",
    "CheckRun": "deckcheck.check",
    "DeckReport": "deckcheck.check",
    "check_deck": "deckcheck.check",
    "check_paths": "deckcheck.check",
    "report_deck": "deckcheck.check",
    "Deck": "deckcheck.decks",
    "DeckSource": "deckcheck.decks",
    "load_deck": "deckcheck.decks",
    "parse_deck": "deckcheck.decks",
    "resolve_deck": "deckcheck.decks",
    "source_from_mapping": "deckcheck.decks",
    "CardDatabaseError": "deckcheck.errors",
    "DeckcheckError": "deckcheck.errors",
    "all_games": "deckcheck.games",
    "get_game": "deckcheck.games",
    "Violation": "deckcheck.violations",
}

__all__ = [
    "CardDB",
    "CardDatabaseError",
    "CheckRun",
    "Deck",
    "DeckReport",
    "DeckSource",
    "DeckcheckError",
    "Violation",
    "all_games",
    "build_carddb",
    "check_deck",
    "check_paths",
    "get_game",
    "load_carddb",
    "load_deck",
    "parse_deck",
    "report_deck",
    "resolve_deck",
    "source_from_mapping",
]

if TYPE_CHECKING:
    from deckcheck.carddb import CardDB, build_carddb, load_carddb
    from deckcheck.check import CheckRun, DeckReport, check_deck, check_paths, report_deck
    from deckcheck.decks import Deck, DeckSource, load_deck, parse_deck, resolve_deck, source_from_mapping
    from deckcheck.errors import CardDatabaseError, DeckcheckError
    from deckcheck.games import all_games, get_game
    from deckcheck.violations import Violation


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'deckcheck' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
