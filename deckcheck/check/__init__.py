"""Checking decks and reporting the findings."""

from deckcheck.check.run import CheckRun, DeckReport, check_deck, check_paths, report_deck

__all__ = ["CheckRun", "DeckReport", "check_deck", "check_paths", "report_deck"]
