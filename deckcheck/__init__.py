"""deckcheck: deck builder, legality checker and opening-hand lab for five Japanese trading card games.

The command line is a thin layer over these functions::

    from deckcheck import load_deck, check_deck
    deck = load_deck("decks/vanguard/dawn_knights.deck.toml")
    for violation in check_deck(deck):
        print(violation.rule, violation.message)
"""

from deckcheck.carddb import CardDB, build_carddb, load_carddb
from deckcheck.check import CheckRun, DeckReport, check_deck, check_paths, report_deck
from deckcheck.decks import Deck, DeckSource, load_deck, parse_deck, resolve_deck, source_from_mapping
from deckcheck.errors import CardDatabaseError, DeckcheckError
from deckcheck.games import all_games, get_game
from deckcheck.violations import Violation

__version__ = "0.1.0"

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
