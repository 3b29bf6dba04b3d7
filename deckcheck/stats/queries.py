"""What a stats question asks, read and checked: the `want`/`any` queries against the deck, the turn of the wants
without `@N`, and the turns the rules reach; refused (OptionError, EngineError) before any odds are worked out.

Shared by `deckcheck stats`, `deckcheck odds` and `hand --mulligan optimal` (the one check of each).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any

from deckcheck._i18n import _, ngettext, pgettext
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.engine.deal import MAX_TURN, deal
from deckcheck.engine.table import Going
from deckcheck.errors import EngineError, OptionError, mention
from deckcheck.model.deck import Deck
from deckcheck.model.game import section_phrase
from deckcheck.model.query import Query, parse_query

SEATS: tuple[Going, Going] = ("first", "second")


def parse_queries(
    texts: Sequence[str], deck: Deck[Any], option: str = "want", *, must_match: bool = True
) -> list[Query]:
    """The texts of `option` (`want`, or `any`); a trailing `@N` is the query's own deadline, within the turns the
    engine models. `must_match`: a query whose filter matches no card of the main deck is refused (its odds would
    be 0% by construction); a game's default report asks its own questions and leaves it out."""
    named = mention(option)
    for text in texts:
        if not text.strip():
            raise OptionError(
                option,
                _("an empty {option}: give a QUERY such as grade=1 or '>=2 trigger=heal'").format(option=named),
                field=option,
            )
    queries = [parse_query(text, deck.game) for text in texts]
    total = sum(count for _card, count in deck.cards("main")) if "main" in deck.game.sections else 0
    main_deck = section_phrase(deck.game, "main")  # in the game's words: Cipher's only deck is デッキ
    if must_match:
        for query in queries:
            check_matches(query, deck, option)
    for query in queries:
        if query.at_least and query.k > total:
            raise OptionError(
                option,
                ngettext(
                    "{option} {query} asks for {n} card, but {section} has only {total}",
                    "{option} {query} asks for {n} cards, but {section} has only {total}",
                    query.k,
                ).format(option=named, query=quoted(query.text), n=query.k, section=main_deck, total=total),
                field=option,
            )
        if query.deadline is not None and query.deadline > MAX_TURN:
            raise OptionError(
                option,
                _(
                    "{option} '{query}@{turn}': the deadline is own turn {turn}, beyond the turns the engine models "
                    "(0 to {last})"
                ).format(option=named, query=query.text, turn=query.deadline, last=MAX_TURN),
                field=option,
            )
    return queries


#: How many cards or values a message about a filter that matches nothing names at most.
_SHOWN = 5


def check_matches(query: Query, deck: Deck[Any], option: str = "want") -> None:
    """Refuse a query whose filter matches no card of the main deck (the cards the hand is drawn from): its odds are
    0% (or 100% for `<=K`) by construction, never what was meant. The message says whether cards of the database
    (or of another section of the deck) match it, and what is close: names for a name, the deck's values for a
    field."""
    main = deck.cards("main")
    game = deck.game.id  # the context of a message that names the main deck (Cipher's and IC's only deck: デッキ)
    card_filter = query.filter
    if any(card_filter(card) for card, _count in main):
        return
    outcome = (
        pgettext(game, "{option} {query} matches no card of the main deck, so its odds would be 0% by construction")
        if query.at_least
        else pgettext(
            game, "{option} {query} matches no card of the main deck, so its odds would be certain by construction"
        )
    )
    lines = [outcome.format(option=mention(option), query=quoted(query.text))]
    elsewhere = sorted(
        {
            _("{card} in {section}").format(card=card.label(), section=section)
            for section in deck.game.sections
            if section != "main"
            for card, _count in deck.cards(section)
            if card_filter(card)
        }
    )
    if elsewhere:
        lines.append(
            _("it matches cards of the deck that are never drawn: {cards}").format(cards=joined(elsewhere[:_SHOWN]))
        )
    cards = getattr(deck.db, "cards", None)
    in_db = [card for card in cards.values() if card_filter(card)] if cards is not None else []
    if in_db:
        first: dict[str, str] = {}
        for card in in_db:
            first.setdefault(card.name, card.label())  # a name once, by its first printing
        names = list(first.values())
        shown = joined(names[:_SHOWN])
        if len(names) > _SHOWN:
            shown = _("{names} and {n} more").format(names=shown, n=len(names) - _SHOWN)
        lines.append(
            ngettext(
                "{n} card of the {game} database matches it ({names}), none of them in {section}",
                "{n} cards of the {game} database match it ({names}), none of them in {section}",
                len(in_db),
            ).format(n=len(in_db), game=deck.game.said_title, names=shown, section=section_phrase(deck.game, "main"))
        )
    else:
        lines.append(_("no card of the {game} database matches it either").format(game=deck.game.said_title))
    hints = _closest(query, deck, main, in_db=bool(in_db))
    if not hints and len(query.filter.conditions) > 1:
        hints.append(
            pgettext(game, "each of its conditions matches some card of the main deck, but no card meets them all")
        )
    lines.extend(hints)
    # Translators: the end of each line of a message of several lines but the last (Japanese: 。)
    raise OptionError(option, (_(";") + "\n  ").join(lines))


def _closest(query: Query, deck: Deck[Any], main: Sequence[tuple[Any, int]], *, in_db: bool) -> list[str]:
    """What is close to a filter that matches nothing: names close to a name (in the deck; in the database when none
    of its cards matches), and the main deck's values of each other field whose condition alone matches none."""
    hints = []
    for condition in query.filter.conditions:
        if any(condition.matches(card) for card, _count in main):
            continue
        values = getattr(condition, "values", ())
        if condition.field == "name" and values:
            names = {card.name: card.label() for card, _count in main}
            for card, _count in main:  # a card's other names (Cipher's Japanese names) are names too
                names.update(
                    {name: f"{card.printed_other_name(name)} ({card.printed_number})" for name in card.other_names}
                )
            close: dict[str, None] = {}
            for value in values:
                for name in difflib.get_close_matches(value, list(names), n=3, cutoff=0.4):
                    close[names[name]] = None
                if not getattr(condition, "substring", False):
                    close.update(dict.fromkeys(label for n, label in names.items() if value in n or n in value))
            if close:
                hints.append(_("closest names in the deck: {names}").format(names=joined(list(close)[:_SHOWN])))
            suggest = getattr(deck.db, "suggest", None)
            if suggest is not None and not in_db:  # (cards of the database that match are named already)
                found = [hint for value in values for hint in suggest(value)]
                if found:
                    shown = joined(list(dict.fromkeys(found))[:_SHOWN])
                    hints.append(_("closest names in the database: {names}").format(names=shown))
            continue
        seen = {card.shown_value(condition.field) for card, _count in main}
        listed = sorted((_show(value) for value in seen), key=lambda text: (len(text), text))
        if listed:
            hints.append(
                pgettext(deck.game.id, "the main deck's {field} values: {values}").format(
                    field=condition.field, values=joined(listed)
                )
            )
    return hints


def _show(value: object) -> str:
    if value is None:
        return _("none")
    if isinstance(value, list | tuple):
        return "/".join(map(str, value)) or _("none")
    return str(value)


def horizon(queries: Sequence[Query], turn: int) -> int:
    """The last turn the rules must run to: the latest deadline (a query without `@N` has --turn)."""
    return max((turn if query.deadline is None else query.deadline for query in queries), default=turn)


def check_turn(turn: int) -> None:
    """A turn the engine models (0 to MAX_TURN): the one check for `stats` and `odds`."""
    if not 0 <= turn <= MAX_TURN:
        raise OptionError(
            "turn",
            _("{option} must be between 0 and {last} (got {value})").format(
                option=mention("turn"), last=MAX_TURN, value=turn
            ),
            field="turn",
        )


def turn_for(deadlines: Sequence[int | None], turn: int | None, *, say_how: bool = False) -> int:
    """The turn of the wants without `@N`: `turn`, else 0 (`deadlines`: each want's own, None without `@N`).

    When every want has its own deadline, the answer is by the latest of them, and a `turn` given would change
    nothing: it is refused (`say_how`: the message says how to fix it). The one check for `stats` and `odds`."""
    dated = [deadline for deadline in deadlines if deadline is not None]
    if not deadlines or len(dated) < len(deadlines):
        return 0 if turn is None else turn
    if turn is not None:
        message = (
            _(
                "{option} {turn} applies to the wants without @N, and every want here has its own deadline; leave "
                "out {option} or a @N"
            )
            if say_how
            else _("{option} {turn} applies to the wants without @N, and every want here has its own deadline")
        )
        raise OptionError("turn", message.format(option=mention("turn"), turn=turn), field="turn")
    return max(dated)


def check_reachable(
    deck: Deck[Any], going: Going, turn: int, choices: dict[str, str], floor: bool = False, asked: str | None = None
) -> None:
    """Refuse a turn the rules never reach with this deck (the player has lost by then), as the engine does.

    `asked` names what asks for the turn when it is a want's own deadline (`--want 'grade=3@9'`)."""
    check_turn(turn)
    try:
        deal(deck, seed=0, going=going, turns=turn, choices=choices, floor=floor)
    except EngineError as error:
        where = _("going first, {asked}: {reason}") if going == "first" else _("going second, {asked}: {reason}")
        raise EngineError(where.format(asked=asked or f"{mention('turn')} {turn}", reason=error.template)) from None


def check_floor(deck: Deck[Any], floor: bool) -> None:
    """`--floor` only for a game whose count has a documented floor (Vanguard's drive checks)."""
    if floor and not deck.game.setup.floor:
        raise OptionError(
            "floor",
            _(
                "{option} counts Vanguard's documented floor (one drive check per attack, no trigger effects); "
                "{game} has no such floor: every count is already what its rules bring"
            ).format(option=mention("floor"), game=deck.game.said_title),
            field="floor",
        )
