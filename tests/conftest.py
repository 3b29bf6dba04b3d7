"""Shared fixtures: small card databases and decks built in code, so each test shows its own case."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from deckcheck.carddb import CardDB, build_carddb
from deckcheck.check import check_deck
from deckcheck.decks import Deck, resolve_deck, source_from_mapping
from deckcheck.violations import Violation


def make_db(game_id: str, records: Iterable[dict[str, Any]]) -> CardDB:
    """A card database of the given records (validated exactly as a TOML file's would be)."""
    return build_carddb(game_id, records)


def make_deck(db: CardDB, **sections_and_keys: Any) -> Deck:
    """A deck of `db`'s game: keyword arguments are sections ({card: count}) or top-level keys."""
    data = {"game": db.game.id, **sections_and_keys}
    return resolve_deck(source_from_mapping(data), db)


def violations_of(db: CardDB, **sections_and_keys: Any) -> list[Violation]:
    return check_deck(make_deck(db, **sections_and_keys), db)


def rule_ids(violations: Iterable[Violation]) -> list[str]:
    """The rule ids found, in order, each once."""
    return list(dict.fromkeys(v.rule for v in violations))


@pytest.fixture
def isolated_carddb(monkeypatch: pytest.MonkeyPatch, tmp_path):
    """Run with no DECKCHECK_CARDDB and outside any git repository (only the shipped databases)."""
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path
