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

from deckcheck._version import __version__ as __version__

#: public name → the module that defines it
_EXPORTS = {
    "CardDB": "deckcheck.carddb.db",
    "build_carddb": "deckcheck.carddb.db",
    "load_carddb": "deckcheck.carddb.db",
    "CheckRun": "deckcheck.check",
    "DeckReport": "deckcheck.check",
    "check_deck": "deckcheck.check",
    "check_paths": "deckcheck.check",
    "report_deck": "deckcheck.check",
    "Deck": "deckcheck.model.deck",
    "DeckSource": "deckcheck.model.deck",
    "load_deck": "deckcheck._api",
    "parse_deck": "deckcheck.formats.read",
    "resolve_deck": "deckcheck.carddb.db",
    "source_from_mapping": "deckcheck.formats.read",
    "CardDatabaseError": "deckcheck.errors",
    "DeckcheckError": "deckcheck.errors",
    "OptionError": "deckcheck.errors",
    "all_games": "deckcheck.games",
    "get_game": "deckcheck.games",
    "Violation": "deckcheck.model.violation",
}

__all__ = [
    "CardDB",
    "CardDatabaseError",
    "CheckRun",
    "Deck",
    "DeckReport",
    "DeckSource",
    "DeckcheckError",
    "OptionError",
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
    from deckcheck._api import load_deck
    from deckcheck.carddb.db import CardDB, build_carddb, load_carddb, resolve_deck
    from deckcheck.check.deck import check_deck, report_deck
    from deckcheck.check.report import CheckRun, DeckReport
    from deckcheck.check.run import check_paths
    from deckcheck.errors import CardDatabaseError, DeckcheckError, OptionError
    from deckcheck.formats.read import parse_deck, source_from_mapping
    from deckcheck.games import all_games, get_game
    from deckcheck.model.deck import Deck, DeckSource
    from deckcheck.model.violation import Violation


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'deckcheck' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
