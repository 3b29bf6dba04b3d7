"""Checking decks and reporting the findings: one deck (deck), every deck under some paths (run, with discover,
session and parallel), regulations, and the output formats. May import: carddb, formats, games and below."""

from deckcheck.checking.deck import check_deck, report_deck
from deckcheck.checking.report import CheckRun, DeckReport
from deckcheck.checking.run import check_paths

__all__ = ["CheckRun", "DeckReport", "check_deck", "check_paths", "report_deck"]
