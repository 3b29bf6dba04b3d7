"""`deckcheck cards search`: the cards found, as a table for people (padded by display width) or JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from deckcheck._i18n import NP_, _, language, ngettext, translate_as
from deckcheck._util.safetext import quoted
from deckcheck._util.text import (
    NO_BREAK,
    column_widths,
    display_width,
    fit_table,
    held,
    joined,
    output_columns,
    wrap_width,
)
from deckcheck.carddb.db import CardDB
from deckcheck.carddb.search import (
    TEXT_LIMIT,
    check_query,
    filter_fields,
    search_cards,
    text_search,
    unknown_field_error,
)
from deckcheck.checking.workspace import Workspace, default_workspace
from deckcheck.errors import DeckcheckError, OptionError, mention, spoken
from deckcheck.games import all_games, get_game
from deckcheck.model.cards import Card
from deckcheck.model.game import Game, term


@dataclass(frozen=True)
class Found:
    """The cards a query finds, with the database they come from (render_text, render_json)."""

    db: CardDB
    query: str
    cards: list[Card]
    limit: int | None  # None: the text shows the default number, JSON every card
    tokens_left_out: int = 0  # tokens that matched but are shown only with --tokens
    tokens_shown: bool = False  # --tokens: the table has a token column (for a game that has tokens)


@dataclass(frozen=True)
class FoundEverywhere:
    """The cards a query finds in every game (`cards search` without --game), one Found per game that has any."""

    query: str
    found: list[Found]
    limit: int | None


def find_cards(
    query: str,
    game_id: str | None,
    *,
    limit: int | None = None,
    workspace: Workspace | None = None,
    tokens: bool = False,
) -> Found | FoundEverywhere:
    """The `cards search` command's search (bad input raises DeckcheckError): in one game, or in every game when
    `game_id` is None, in the card databases of `workspace` (None: the shipped and configured layers). Tokens (cards
    that come from no deck) are left out unless `tokens`."""
    workspace = workspace or default_workspace()
    check_query(query)
    if limit is not None and limit < 1:
        said = _("{option} must be at least 1 (got {limit})").format(option=mention("limit"), limit=limit)
        raise OptionError("limit", said, field="limit")
    if game_id is not None:
        return _find_in(workspace.carddb(get_game(game_id).id), query, limit, tokens)
    found: list[Found] = []
    refused: list[DeckcheckError] = []
    for game in all_games():
        db = workspace.carddb(game)
        lacking = unknown_field_error(db, query)
        if lacking is not None and not text_search(db, query):  # a filter on a field this game lacks: skipped
            refused.append(lacking)
            continue
        found.append(_find_in(db, query, limit, tokens))
    if not found:
        raise DeckcheckError(_("{reason} (and no other game's cards have it)").format(reason=refused[0].reason))
    return FoundEverywhere(query, found, limit)


def _find_in(db: CardDB, query: str, limit: int | None, tokens: bool) -> Found:
    cards = search_cards(db, query)
    if tokens:
        return Found(db, query, cards, limit, tokens_shown=True)
    kept = [card for card in cards if not is_token(card)]
    return Found(db, query, kept, limit, len(cards) - len(kept))


def is_token(card: Card) -> bool:
    """A token: a card that comes from no deck (EVOLVE's `token = true`), made by effects during play."""
    return bool(getattr(card, "token", False))


def render_found(found: Found | FoundEverywhere, *, json_output: bool = False) -> str:
    if isinstance(found, FoundEverywhere):
        return _render_everywhere(found, json_output)
    if json_output:
        return render_json(found.db.game.id, found.query, found.cards, found.limit)
    limit = TEXT_LIMIT if found.limit is None else found.limit
    text = render_text(found.db, found.query, found.cards, limit, found.limit is None, tokens=found.tokens_shown)
    return text + _tokens_note(found.tokens_left_out)


def _tokens_note(count: int) -> str:
    if not count:
        return ""
    said = ngettext(
        "({n} token also matches; {option} shows them)", "({n} tokens also match; {option} shows them)", count
    )
    return "\n" + spoken(said.format(n=count, option=mention("tokens")))


def _render_everywhere(everywhere: FoundEverywhere, json_output: bool) -> str:
    query, limit = everywhere.query, everywhere.limit
    matched = [found for found in everywhere.found if found.cards]
    if json_output:
        records = [
            {"game": found.db.game.id} | _printed_record(card)
            for found in matched
            for card in (found.cards if limit is None else found.cards[:limit])
        ]
        counts = {found.db.game.id: len(found.cards) for found in matched}
        data = {"game": None, "query": query, "count": sum(counts.values()), "games": counts, "cards": records}
        return json.dumps(data, ensure_ascii=False, indent=2)
    tokens = sum(found.tokens_left_out for found in everywhere.found)
    if not matched:
        hints = [f"{hint} [{found.db.game.id}]" for found in everywhere.found for hint in found.db.suggest(query, 1)]
        message = _("No card of any game matches {query}.").format(query=quoted(query))
        if hints and filter_fields(query) is None:
            message += "\n" + _("Did you mean: {cards}?").format(cards="; ".join(hints))
        return message + _tokens_note(tokens)
    shown = TEXT_LIMIT if limit is None else limit
    blocks = []
    for found in matched:
        count = len(found.cards)
        said = ngettext("{game} ({option} {id}): {n} card", "{game} ({option} {id}): {n} cards", count)
        game = found.db.game
        heading = spoken(said.format(game=game.said_title, option=mention("game_id"), id=game.id, n=count))
        table = render_text(found.db, query, found.cards, shown, limit is None, tokens=found.tokens_shown)
        blocks.append("\n".join([heading, table]))
    total = sum(len(found.cards) for found in matched)
    games = ngettext("{n} game", "{n} games", len(matched)).format(n=len(matched))
    closing = ngettext("{n} card in {games} match", "{n} cards in {games} match", total).format(n=total, games=games)
    return "\n\n".join(blocks) + "\n\n" + closing + _tokens_note(tokens)


def render_json(game_id: str, query: str, cards: list[Card], limit: int | None) -> str:
    shown = cards if limit is None else cards[:limit]
    # number and name as printed (the fields hold the normalised forms that the search compared)
    records = [_printed_record(card) for card in shown]
    return json.dumps(
        {"game": game_id, "query": query, "count": len(cards), "cards": records}, ensure_ascii=False, indent=2
    )


def _printed_record(card: Card) -> dict[str, Any]:
    return card.to_dict(by_alias=True, exclude_none=True) | {"number": card.printed_number, "name": card.printed_name}


def render_text(
    db: CardDB, query: str, cards: list[Card], limit: int, default_limit: bool, *, tokens: bool = False
) -> str:
    if not cards:
        return _no_match(db, query)
    headers, cells = _columns(db, cards[:limit])
    if tokens and "token" in db.game.card_model.record_fields:  # --tokens: say which rows are tokens
        headers.append("token")  # the field's name, as a query writes it (token=true)
        cells.append(lambda card: _cell(is_token(card)))
    rows = [[cell(card) for cell in cells] for card in cards[:limit]]
    lines = _table(headers, rows)
    lines.append(ngettext("{n} card matches", "{n} cards match", len(cards)).format(n=len(cards)))
    if len(cards) > limit:
        if default_limit:
            said = _("showing the first {limit} of {n}; refine the query or use {option}")
        else:
            said = _("showing the first {limit} of {n}; refine the query or raise {option}")
        lines.append(spoken(said.format(limit=limit, n=len(cards), option=mention("limit"))))
    return "\n".join(lines)


def _no_match(db: CardDB, query: str) -> str:
    message = _("No {game} card matches {query}.").format(game=db.game.said_title, query=quoted(query))
    if filter_fields(query) is not None:
        return message  # suggesting names for `grade=9` would only confuse
    hints = db.suggest(query)
    note = db.unknown_name_note(query).strip()  # a Japanese name of a set without them here: give the number
    said = "\n" + _("Did you mean: {cards}?").format(cards="; ".join(hints)) if hints else ""
    return message + (f"\n{note}" if note else "") + said


def _columns(db: CardDB, shown: list[Card]) -> tuple[list[str], list[Callable[[Card], str]]]:
    """Headers (a field's alias where it has one, e.g. evolve `class`) and cell makers of the table for the cards
    `shown`."""
    game = db.game
    fields = game.card_model.record_fields  # the declared fields: no validator needed to name a column
    headers = [_("number"), _("name")]  # the other columns are named by their fields, as a query writes them
    cells: list[Callable[[Card], str]] = [lambda card: card.printed_number, lambda card: card.printed_name]
    # Cipher's Japanese names beside the English: the first (a second spelling another source gives is found too,
    # and --output json lists it); only where a card shown has one, so a table of later sets keeps its width. In
    # Japanese the Japanese name comes first, under カード名, and the English one beside it
    for attribute in game.card_model.other_name_fields:
        if not any(getattr(card, attribute, None) for card in shown):
            continue

        def names(card: Card, attribute: str = attribute) -> str:
            return next(iter(getattr(card, attribute, None) or ()), "—")

        if language() == "en":
            headers.append(attribute)
            cells.append(names)
            continue

        def local_first(card: Card, names: Callable[[Card], str] = names) -> str:
            return card.printed_name if names(card) == "—" else names(card)

        def english(card: Card, names: Callable[[Card], str] = names) -> str:
            return "—" if names(card) == "—" else card.printed_name

        cells[1] = local_first
        # Translators: `cards search`'s column of a card's English name, beside its Japanese name (Cipher)
        headers.append(_("English name"))
        cells.append(english)
    for attribute in game.cards.search_columns:
        spec = fields.get(attribute)
        name = (spec.alias if spec is not None else None) or attribute
        headers.append(_header(game, name))

        def cell(card: Card, attribute: str = attribute, name: str = name) -> str:
            return _cell(card.shown_value(attribute), lambda value: _said(game, name, value))

        cells.append(cell)
    return headers, cells


#: Column headers the catalog words for a table (a field whose document word is too long for a column, or that has
#: none): `cards search`'s header in Japanese, context "card field".
_HEADERS = (NP_("card field", "cc_cost"), NP_("card field", "advance"))


def _header(game: Game[Any], name: str) -> str:
    """A column's header: the field's name as a query writes it (`grade`) in English; in another language the rules
    document's word for the field, which a query takes too (グレード), else the catalog's word for the field."""
    if language() == "en":
        return name
    words = [one.word for one in game.cards.field_words if one.field == name]
    said = translate_as("card field", name)  # (a word the catalog gives wins: クラスチェンジ コスト, two lines)
    # the shortest of the document's words (トリガー, not トリガーアイコン), each word of it whole
    return held(said if said != name or not words else min(words, key=display_width))


def _said(game: Game[Any], field_name: str, value: str) -> str:
    """A stored value as the game's document says it (`term`); Vanguard's `none` (no trigger) is a dash outside
    English, as a missing value is."""
    if value == "none" and language() != "en":
        return "—"
    return term(game, field_name, value)


def _cell(value: Any, said: Callable[[str], str] = str) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        return "/".join(_cell(item, said) for item in value) if value else "—"
    return said(str(value))


_HELD_SLASH = "\u2215"  # (in place of a card number's slash while the table is fitted; one column, as the slash)
#: The display columns a card name keeps (8 Japanese characters a line): narrower, the last columns are left out.
NAME_FLOOR = 16


def _table(headers: list[str], rows: list[list[str]]) -> list[str]:
    """The table in the terminal's width (80 when piped): the widest columns wrap onto more lines of their row, the
    name (column 2) last; when it would still be squeezed below NAME_FLOOR, the last columns (never --tokens'
    `token`) are left out, and a line says which."""
    columns = output_columns()
    kept = list(range(len(headers)))
    left_out: list[str] = []

    def cut(row: list[str]) -> list[str]:
        return [row[i] for i in kept]

    # a card number is never broken (at its slash: `G-BT02/S06`): held as one word while the table is fitted; outside
    # English a cell breaks only at its blanks, never inside a Japanese word (ブラスター・ブ / レード, フォロ / ワー):
    # the last columns are left out instead
    local = language() != "en"
    rows = [[row[0].replace("/", _HELD_SLASH), *(held(cell) if local else cell for cell in row[1:])] for row in rows]
    name_width = min(NAME_FLOOR, max(display_width(row[1]) for row in [headers, *rows]))

    def squeezed() -> bool:
        widths = column_widths(cut(headers), [cut(row) for row in rows], columns, last=1)
        return widths[1] < name_width or (local and sum(widths) + 2 * (len(widths) - 1) > columns)

    while len(kept) > 3 and squeezed():
        dropped = next(i for i in reversed(kept) if headers[i] != "token")
        kept.remove(dropped)
        left_out.insert(0, headers[dropped].replace(NO_BREAK, ""))
    lines = fit_table(cut(headers), [cut(row) for row in rows], columns, last=1)
    lines = [line.replace(_HELD_SLASH, "/").replace(NO_BREAK, "") for line in lines]
    if left_out:
        said = _("(left out for the width: {fields}; {json} has every field)")
        note = spoken(said.format(fields=joined(left_out), json=mention("json_output")))
        lines += wrap_width(note, columns)
    return lines
