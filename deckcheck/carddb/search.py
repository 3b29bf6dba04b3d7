"""`deckcheck cards search`: find cards by name, number or field filters.

A text query matches names by substring on a search key that forgives how Japanese is typed: full-width and
half-width alike (NFKC), case-insensitive, katakana and hiragana alike, furigana in parentheses optional, and
spaces, middle dots and dashes ignored. Several words must all match. A query of `field=value` pairs is a filter
in the contract's query language (deckcheck.query).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from deckcheck._util.normalize import norm_name, norm_number
from deckcheck._util.searchkey import fold_key, name_keys, search_key
from deckcheck._util.text import display_width, pad
from deckcheck.carddb.db import CardDB, load_carddb
from deckcheck.errors import DeckcheckError, OptionError, mention
from deckcheck.games import get_game
from deckcheck.model.cards import Card
from deckcheck.model.query import _CONDITION, _field_info, parse_filter

TEXT_LIMIT = 50
_WHAT_TO_GIVE = "give part of a name, a card number or field=value filters (e.g. grade=3,trigger=none)"

# Matching ---------------------------------------------------------------------------------------------------

EXACT_NUMBER, EXACT_NAME, NAME_PREFIX, SUBSTRING = range(4)


class _Word:
    """One word of a text query, its forms computed once (a search runs it over thousands of names)."""

    def __init__(self, word: str) -> None:
        self.key = search_key(word)
        self.number = norm_number(word)
        self.may_be_in_a_number = bool(self.key) and self.key.isascii()  # numbers are ASCII

    def in_name(self, name: str) -> bool:
        return bool(self.key) and any(self.key in name_key for name_key in name_keys(name))

    def in_number(self, number: str) -> bool:
        if not self.number:
            return False
        return self.number in number or (self.may_be_in_a_number and self.key in fold_key(number))


def _text_rank(query: str, number: str, name: str) -> int:
    """Where a matching card (its number and name) stands for a text query."""
    if norm_number(query) == number:
        return EXACT_NUMBER
    whole = search_key(query)
    keys = name_keys(name)
    if norm_name(query) == name or whole in keys:
        return EXACT_NAME
    if whole and any(key.startswith(whole) for key in keys):
        return NAME_PREFIX
    return SUBSTRING


def _text_words(query: str) -> list[_Word]:
    """The words of a text query; a word that is only separators (a lone ・ or -) says nothing."""
    words = unicodedata.normalize("NFKC", query).split()
    return [_Word(word) for word in words if search_key(word) or _is_number(word)]


def _is_number(word: str) -> bool:
    # A lone '-' or '/' would match every number; only a word with a letter or digit searches numbers.
    return any(char.isalnum() for char in norm_number(word))


def text_search(db: CardDB, query: str) -> list[Card]:
    """Cards whose name (or number) matches every word of the query, best matches first. Only the numbers and
    names are read, so a cached database builds just the cards found."""
    words = _text_words(query)
    if not words:
        return []
    ranked = []
    for name, numbers in db.numbers_by_name.items():
        rest = [word for word in words if not word.in_name(name)]  # each name is looked at once, not per number
        for number in numbers:
            if all(word.in_number(number) for word in rest):
                ranked.append((_text_rank(query, number, name), number))
    return [db.cards[number] for _, number in sorted(ranked)]


def _filter_fields(query: str) -> list[str] | None:
    """The field names of a query that looks like `field=value[,field=value]`, else None (a text query)."""
    fields: list[str] = []
    for part in query.split(","):
        match = _CONDITION.match(part)
        if match is None:
            return fields if fields else None  # parse_filter reports a later malformed part
        fields.append(match["field"])
    return fields


def search_cards(db: CardDB, query: str) -> list[Card]:
    """Cards matching a query: field filters (`grade=3,trigger=none`) or text (name or number parts).

    Text results come exact number first, then exact name, name prefix, substring; each group (and filter
    results) by number. A filter naming a field the game lacks is a DeckcheckError, unless the query read as
    text matches some card (a name may hold '=').
    """
    _check_query(query)
    fields = _filter_fields(query)
    if fields is None:
        return text_search(db, query)
    unknown = _unknown_field_error(db, fields)
    if unknown is not None:
        as_text = text_search(db, query)
        if as_text:
            return as_text
        raise unknown
    matches = parse_filter(query, db.game)
    return sorted((card for card in db.cards.values() if matches(card)), key=lambda card: card.number)


def _check_query(query: str) -> None:
    """A blank query, or one of separators only (a lone ・ or -), would list every card: say so instead."""
    if not query.strip():
        raise DeckcheckError(f"the search query is empty; {_WHAT_TO_GIVE}")
    if _filter_fields(query) is None and not _text_words(query):
        raise DeckcheckError(f"the search query {query!r} has no letters or digits to search for; {_WHAT_TO_GIVE}")


def _unknown_field_error(db: CardDB, fields: list[str]) -> DeckcheckError | None:
    for name in fields:
        try:
            _field_info(db.game, name)
        except DeckcheckError as error:
            return error
    return None


# Output -----------------------------------------------------------------------------------------------------


def run_search(query: str, game_id: str, *, limit: int | None, json_output: bool, carddb_dirs: tuple[Path, ...]) -> str:
    """The `cards search` command: the rendered result (bad input raises DeckcheckError)."""
    game = get_game(game_id)
    _check_query(query)
    if limit is not None and limit < 1:
        raise OptionError("limit", f"{mention('limit')} must be at least 1 (got {limit})", field="limit")
    db = load_carddb(game.id, carddb_dirs)
    cards = search_cards(db, query)
    if json_output:
        return render_json(game.id, query, cards, limit)
    return render_text(db, query, cards, TEXT_LIMIT if limit is None else limit, limit is None)


def render_json(game_id: str, query: str, cards: list[Card], limit: int | None) -> str:
    shown = cards if limit is None else cards[:limit]
    records = [card.to_dict(by_alias=True, exclude_none=True) for card in shown]
    return json.dumps(
        {"game": game_id, "query": query, "count": len(cards), "cards": records}, ensure_ascii=False, indent=2
    )


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
    if _filter_fields(query) is not None:
        return message  # suggesting names for `grade=9` would only confuse
    hints = db.suggest(query)
    return message + (f"\nDid you mean: {'; '.join(hints)}?" if hints else "")


def _columns(db: CardDB) -> tuple[list[str], list[Callable[[Card], str]]]:
    """Headers (a field's alias where it has one, e.g. evolve `class`) and cell makers of the table."""
    fields = db.game.card_model.record_fields  # the declared fields: no validator needed to name a column
    headers = ["number", "name"]
    cells: list[Callable[[Card], str]] = [lambda card: card.number, lambda card: card.name]
    for attribute in db.game.search_columns:
        spec = fields.get(attribute)
        headers.append((spec.alias if spec is not None else None) or attribute)

        def cell(card: Card, attribute: str = attribute) -> str:
            return _cell(getattr(card, attribute, None))

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
    widths = [max(display_width(row[i]) for row in [headers, *rows]) for i in range(len(headers))]

    def line(cells: list[str]) -> str:
        padded = (pad(cell, width) for cell, width in zip(cells, widths, strict=True))
        return "  ".join(padded).rstrip()

    return [line(headers), line(["-" * width for width in widths]), *(line(row) for row in rows)]
