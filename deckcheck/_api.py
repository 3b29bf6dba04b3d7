"""The library's entry points that compose several layers (a deck file read, its cards looked up)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from deckcheck.carddb.db import load_carddb, resolve_deck
from deckcheck.formats.read import parse_deck
from deckcheck.model.deck import Deck


def load_deck(path: str | Path, carddb_dirs: Iterable[str | Path] = ()) -> Deck:
    """Read a deck file and look its cards up (shipped databases plus any extra folders)."""
    source = parse_deck(path)
    return resolve_deck(source, load_carddb(source.game_id, carddb_dirs))
