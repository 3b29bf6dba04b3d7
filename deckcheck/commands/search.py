"""`deckcheck cards search`: the cards found, as a table for people (padded by display width) or JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckcheck._util.text import fit_table, output_columns
from deckcheck.carddb.db import CardDB, load_carddb
from deckcheck.carddb.search import TEXT_LIMIT, check_query, filter_fields, search_cards
from deckcheck.errors import OptionError, mention
from deckcheck.games import get_game
from deckcheck.model.cards import Card


@dataclass(frozen=True)
class Found:
    """The cards a query finds, with the database they come from (render_text, render_json)."""

    db: CardDB
    query: str
    cards: list[Card]
    limit: int | None  # None: the text shows the default number, JSON every card


def find_cards(query: str, game_id: str, *, limit: int | None = None, carddb_dirs: tuple[Path, ...] = ()) -> Found:
    """The `cards search` command's search (bad input raises DeckcheckError)."""
    game = get_game(game_id)
    check_query(query)
    if limit is not None and limit < 1:
        raise OptionError("limit", f"{mention('limit')} must be at least 1 (got {limit})", field="limit")
    db = load_carddb(game.id, carddb_dirs)
    return Found(db, query, search_cards(db, query), limit)


def render_found(found: Found, *, json_output: bool = False) -> str:
    if json_output:
        return render_json(found.db.game.id, found.query, found.cards, found.limit)
    limit = TEXT_LIMIT if found.limit is None else found.limit
    return render_text(found.db, found.query, found.cards, limit, found.limit is None)


def render_json(game_id: str, query: str, cards: list[Card], limit: int | None) -> str:
    shown = cards if limit is None else cards[:limit]
    # number and name as printed (the fields hold the normalised forms that the search compared)
    records = [_printed_record(card) for card in shown]
    return json.dumps(
        {"game": game_id, "query": query, "count": len(cards), "cards": records}, ensure_ascii=False, indent=2
    )


def _printed_record(card: Card) -> dict[str, Any]:
    return card.to_dict(by_alias=True, exclude_none=True) | {"number": card.printed_number, "name": card.printed_name}


def render_text(db: CardDB, query: str, cards: list[Card], limit: int, default_limit: bool) -> str:
    if not cards:
        return _no_match(db, query)
    headers, cells = _columns(db)
    rows = [[cell(card) for cell in cells] for card in cards[:limit]]
    lines = _table(headers, rows)
    lines.append(f"{len(cards)} cards match" if len(cards) != 1 else "1 card matches")
    if len(cards) > limit:
        hint = "refine the query or use --limit" if default_limit else "refine the query or raise --limit"
        lines.append(f"showing the first {limit} of {len(cards)}; {hint}")
    return "\n".join(lines)


def _no_match(db: CardDB, query: str) -> str:
    message = f"No {db.game.title} card matches '{query}'."
    if filter_fields(query) is not None:
        return message  # suggesting names for `grade=9` would only confuse
    hints = db.suggest(query)
    return message + (f"\nDid you mean: {'; '.join(hints)}?" if hints else "")


def _columns(db: CardDB) -> tuple[list[str], list[Callable[[Card], str]]]:
    """Headers (a field's alias where it has one, e.g. evolve `class`) and cell makers of the table."""
    fields = db.game.card_model.record_fields  # the declared fields: no validator needed to name a column
    headers = ["number", "name"]
    cells: list[Callable[[Card], str]] = [lambda card: card.printed_number, lambda card: card.printed_name]
    for attribute in db.game.search_columns:
        spec = fields.get(attribute)
        headers.append((spec.alias if spec is not None else None) or attribute)

        def cell(card: Card, attribute: str = attribute) -> str:
            return _cell(card.shown_value(attribute))

        cells.append(cell)
    return headers, cells


def _cell(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return "/".join(_cell(item) for item in value) if value else "—"
    return str(value)


def _table(headers: list[str], rows: list[list[str]]) -> list[str]:
    """The table in the terminal's width (80 when piped): the widest columns wrap onto more lines of their row."""
    return fit_table(headers, rows, output_columns())
