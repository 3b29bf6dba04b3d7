"""deckcheck: deck builder, legality checker and opening-hand lab for five Japanese trading card games.

The command line is a thin layer over these functions::

    import deckcheck

    deck = deckcheck.load("decks/vanguard/royal-paladin-altmile.deck.toml")  # a shipped example deck
    report = deckcheck.check(deck)
    for violation in report.violations:
        print(violation.rule, violation.message)
    print(report.legal, deckcheck.answer(deck, ["grade=1"]).probability)

The names below are imported on first use (PEP 562), so that a command pays only for the modules it needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from deckcheck._version import __version__ as __version__

#: public name → the module that defines it
_EXPORTS = {
    "check": "deckcheck._api",
    "load": "deckcheck._api",
    "load_deck": "deckcheck._api",
    "answer": "deckcheck._api",
    "odds": "deckcheck._api",
    "Odds": "deckcheck._api",
    "list_games": "deckcheck._api",
    "list_rules": "deckcheck._api",
    "RuleListing": "deckcheck._api",
    "deal": "deckcheck.engine.deal",
    "Table": "deckcheck.engine.table",
    "StatsOptions": "deckcheck.stats.options",
    "Answer": "deckcheck.stats.answer",
    "CardDB": "deckcheck.carddb.db",
    "build_carddb": "deckcheck.carddb.db",
    "load_carddb": "deckcheck.carddb.db",
    "resolve_deck": "deckcheck.carddb.db",
    "CheckRun": "deckcheck.checking.report",
    "DeckReport": "deckcheck.checking.report",
    "check_deck": "deckcheck.checking.deck",
    "check_paths": "deckcheck.checking.run",
    "Judging": "deckcheck.checking.judging",
    "Workspace": "deckcheck.checking.workspace",
    "report_deck": "deckcheck.checking.deck",
    "Deck": "deckcheck.model.deck",
    "DeckSource": "deckcheck.model.deck",
    "parse_deck": "deckcheck.formats.read",
    "source_from_mapping": "deckcheck.formats.read",
    "CardDatabaseError": "deckcheck.errors",
    "DeckcheckError": "deckcheck.errors",
    "OptionError": "deckcheck.errors",
    "all_games": "deckcheck.games",
    "get_game": "deckcheck.games",
    "Violation": "deckcheck.model.violation",
}

__all__ = [
    "Answer",
    "CardDB",
    "CardDatabaseError",
    "CheckRun",
    "Deck",
    "DeckReport",
    "DeckSource",
    "DeckcheckError",
    "Judging",
    "Odds",
    "RuleListing",
    "StatsOptions",
    "Table",
    "OptionError",
    "Violation",
    "Workspace",
    "all_games",
    "answer",
    "build_carddb",
    "check",
    "check_deck",
    "check_paths",
    "deal",
    "get_game",
    "list_games",
    "list_rules",
    "load",
    "load_carddb",
    "load_deck",
    "odds",
    "parse_deck",
    "report_deck",
    "resolve_deck",
    "source_from_mapping",
]

if TYPE_CHECKING:
    from deckcheck._api import (
        Odds,
        RuleListing,
        answer,
        check,
        list_games,
        list_rules,
        load,
        load_deck,
        odds,
    )
    from deckcheck.carddb.db import CardDB, build_carddb, load_carddb, resolve_deck
    from deckcheck.checking.deck import check_deck, report_deck
    from deckcheck.checking.judging import Judging
    from deckcheck.checking.report import CheckRun, DeckReport
    from deckcheck.checking.run import check_paths
    from deckcheck.checking.workspace import Workspace
    from deckcheck.engine.deal import deal
    from deckcheck.engine.table import Table
    from deckcheck.errors import CardDatabaseError, DeckcheckError, OptionError
    from deckcheck.formats.read import parse_deck, source_from_mapping
    from deckcheck.games import all_games, get_game
    from deckcheck.model.deck import Deck, DeckSource
    from deckcheck.model.violation import Violation
    from deckcheck.stats.answer import Answer
    from deckcheck.stats.options import StatsOptions


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'deckcheck' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
