"""Test hands: deal through a game's real setup and describe the result for people and programs."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckcheck._i18n import _, language, pgettext, translate, translate_as
from deckcheck._util.safetext import echoed, one_line, quoted
from deckcheck._util.text import display_width, fit_lines, held, held_whole, joined, output_columns, pad
from deckcheck.carddb.db import refuse_unknown_cards
from deckcheck.checking.deck import check_deck
from deckcheck.checking.judging import Judging
from deckcheck.checking.workspace import Workspace, default_workspace, say_reading
from deckcheck.engine.deal import KeepFilter, MulliganPolicy, NoMulligan, deal
from deckcheck.engine.procedure import note_said
from deckcheck.engine.table import Going, Table
from deckcheck.errors import DeckcheckError, OptionError, mention, mention_command, spoken
from deckcheck.model.cards import Card
from deckcheck.model.deck import Deck
from deckcheck.model.game import Game, shown_value, term
from deckcheck.model.query import parse_filter
from deckcheck.model.versions import FORMAT_KEY, RULES_KEY

#: Zones whose cards nobody may look at (the owner included); shown as counts in text output.
HIDDEN_ZONES = {"life", "orbs"}
#: Setup notes that count cards (a section set aside): said with the chosen language's counter (10枚).
CARD_COUNT_NOTES = {"evolve deck", "d deck"}
#: Setup notes whose value is a card field's value (EVOLVE's `going`: first/second), said as the document says it.
SEAT_NOTES = {"going"}


def shown_name(name: str, game: Game[Any] | None = None) -> str:
    """A zone's, a step's or a setup note's name in the chosen language, where its game marks it for translation, in
    the game's own words where the catalog has its context (Build Divide's エナジー; the JSON keeps the engine's
    names: they are keys)."""
    return translate(name) if game is None else translate_as(game.id, name)


def parse_policy(
    text: str,
    deck: Deck[Any],
    *,
    wants: Sequence[str] = (),
    turn: int = 0,
    choices: dict[str, str] | None = None,
    anys: Sequence[str] = (),
) -> MulliganPolicy:
    """`none`, `keep:FILTER`, or `optimal` for the `wants` (and one of the `anys`) by `turn` (the decisions `stats`
    computes)."""
    text = text.strip()
    if (wants or anys) and text != "optimal":
        option = "want" if wants else "any"
        raise OptionError(
            option,
            _("{option} says what {policy} optimal aims for; use it with {policy} optimal").format(
                option=mention(option), policy=mention("policy")
            ),
            field=option,
        )
    if text == "none":
        return NoMulligan()
    if text.startswith("keep:"):
        return KeepFilter(parse_filter(text.removeprefix("keep:"), deck.game))
    if text == "optimal":
        if not wants and not anys:
            raise OptionError(
                "policy",
                _("{policy} optimal needs what to aim for: give {wants} QUERY (as for `{stats}`)").format(
                    policy=mention("policy"), wants=mention("wants"), stats=mention_command("stats")
                ),
                field="policy",
            )
        from deckcheck.stats.answer import OptimalMulligan  # deferred: the optimal mulligan only
        from deckcheck.stats.queries import parse_queries

        return OptimalMulligan(
            deck,
            parse_queries(list(wants), deck),
            turn,
            dict(choices or {}),
            anys=parse_queries(list(anys), deck),
        )
    raise DeckcheckError(
        _("unknown mulligan policy {policy}: use none, keep:FILTER or optimal").format(policy=quoted(text)),
        field="mulligan",
    )


def _aim(wants: Sequence[str], anys: Sequence[str], turn: int, *, spoken: bool = False) -> str:
    """'optimal for grade=1 & (grade=3 | name=X) by turn 2': the wants all hold, and one of the anys. `spoken`: in
    the chosen language, for the text (the JSON's `mulligan` keeps the English)."""
    parts = list(wants)
    if anys:
        parts.append(anys[0] if len(anys) == 1 else f"({' | '.join(anys)})")
    if spoken:
        return _("optimal for {wants} by turn {turn}").format(wants=" & ".join(parts), turn=turn)
    return f"optimal for {' & '.join(parts)} by turn {turn}"


def _policy_text(dealt: DealtHand) -> str:
    """The policy as the text names it: in the chosen language (the JSON keeps `none`, `optimal for ...`)."""
    if dealt.aim is not None:
        return _aim(*dealt.aim, dealt.turns, spoken=True)
    if dealt.policy == "none":
        return _("none")
    if dealt.policy == "optimal":
        return _("optimal")
    return dealt.policy


@dataclass
class DealtHand:
    deck: Deck[Any]
    table: Table[Any]
    seed: int
    policy: str
    turns: int
    legal: bool
    aim: tuple[Sequence[str], Sequence[str]] | None = None  # the optimal policy's wants and anys, for the text

    def to_json(self) -> dict[str, Any]:
        table = self.table
        column = self.deck.game.profile.hand_column
        return {
            "path": self.deck.path,
            "game": self.deck.game.id,
            "name": self.deck.name,
            "legal": self.legal,
            "seed": self.seed,
            "going": table.going,
            "mulligan": self.policy,
            "turn": self.turns,
            "hand": cards_json(table.hand, column),
            "mulligan_returned": cards_json(table.mulligan_returned, column),
            "mulligan_drawn": cards_json(table.mulligan_drawn, column),
            "zones": {name: cards_json(cards, column) for name, cards in table.zones.items()},
            "deck_count": len(table.deck),
            "notes": {key: _plain(note_said(value, key)) for key, value in table.notes.items()},
            "events": [
                {"step": e.step, "ref": e.ref, "text": e.text, "cards": [c.number for c in e.cards]}
                for e in table.events
            ],
        }


def cards_json(cards: list[Card], column: str | None = None) -> list[dict[str, Any]]:
    """Each card's number and name, and the value `hand` shows beside it (`column`: the game's `grade`, `cost` or
    `level`) where the game has one."""
    result: list[dict[str, Any]] = []
    for card in cards:
        entry: dict[str, Any] = {"number": card.printed_number, "name": card.printed_name}
        if column is not None:
            entry[column] = card.shown_value(column)
        result.append(entry)
    return result


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return {"number": value.printed_number, "name": value.printed_name}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class HandRequest:
    """Which hands to deal: `count` of them, with seeds seed, seed+1, ... (None: a random seed), from a seat (None: a
    fair coin), to the main phase of own turn `turns`, under the mulligan `policy` (`none`, `keep:FILTER` or
    `optimal`, which aims for every one of `wants` and one of `anys` by that turn), with the setup's `choices`."""

    seed: int | None = None
    count: int = 1
    going: Going | None = None
    policy: str = "none"
    turns: int = 0
    choices: dict[str, str] = field(default_factory=dict)
    wants: tuple[str, ...] = ()
    anys: tuple[str, ...] = ()


def iter_hands(
    path: str | Path,
    request: HandRequest | None = None,
    *,
    workspace: Workspace | None = None,
    judging: Judging | None = None,
    game: str | None = None,
) -> Iterator[DealtHand]:
    """Deal the hands `request` asks for (by default one, from a random seed) one at a time: `--count 1000000000`
    prints each hand as it is dealt, in constant memory. The deck's cards come from `workspace` (None: the shipped
    and configured layers); `judging`'s rules version and format choose the setup that deals them (as `check
    --rules --format`). With `game` (`--game`), a plain-text deck is a pasted list of that game, read as `check
    --game` reads it, what was guessed said as notes (checking.workspace.say_reading). Bad input (the deck, the
    policy, the count) is raised here, before the first hand."""
    request = request or HandRequest()
    seed, count, going, turns, choices = request.seed, request.count, request.going, request.turns, request.choices
    wants, anys = request.wants, request.anys
    workspace = workspace or default_workspace()
    deck = workspace.deck(path, game)
    db = workspace.carddb(deck.game.id)
    say_reading(deck)
    refuse_unknown_cards(deck, _("dealing a test hand"))
    if judging is not None:
        judging.choose_rules(deck)
    legal = not any(v.severity == "error" for v in check_deck(deck, db))
    chosen_policy = parse_policy(request.policy, deck, wants=wants, turn=turns, choices=choices, anys=anys)
    policy_name = _aim(wants, anys, turns) if wants or anys else chosen_policy.name
    aim = (tuple(wants), tuple(anys)) if wants or anys else None
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if count < 1:
        raise OptionError(
            "count",
            _("{option} must be at least 1 (got {value})").format(option=mention("count"), value=count),
            field="count",
        )
    first = DealtHand(
        deck,
        deal(deck, seed=seed, going=going, policy=chosen_policy, turns=turns, choices=choices),
        seed,
        policy_name,
        turns,
        legal,
        aim,
    )  # dealt now: a deck the engine cannot deal is refused before anything is printed

    def hands() -> Iterator[DealtHand]:
        yield first
        for i in range(1, count):
            table = deal(deck, seed=seed + i, going=going, policy=chosen_policy, turns=turns, choices=choices)
            yield DealtHand(deck, table, seed + i, policy_name, turns, legal, aim)

    return hands()


def render_hand_text(dealt: DealtHand, *, log: bool = False) -> str:
    """The hand for people; with `log`, every step of the setup and the turns before it, with its rule number."""
    table, deck = dealt.table, dealt.deck
    title = " " + held_whole(_("“{name}”").format(name=echoed(deck.name))) if deck.name else ""
    seat = (
        _("seed {seed} · going first · mulligan {policy} · turn {turn}")
        if table.going == "first"
        else _("seed {seed} · going second · mulligan {policy} · turn {turn}")
    )
    said_game = deck.game.id if language() == "en" else held_whole(deck.game.said_title)  # English: the id, as `check`
    lines = [
        f"{one_line(str(deck.path))}  {said_game}{title}",
        _kept_whole(seat.format(seed=dealt.seed, policy=_policy_text(dealt), turn=dealt.turns)),
    ]
    if not dealt.legal:
        said = _("note: this deck is not legal (run `{check}`); dealt anyway")
        lines.append(spoken(said.format(check=mention_command("check"))))
    for key, value in table.notes.items():
        said = _note_value(deck, key, note_said(value, key))
        lines.append(_("{key}: {value}").format(key=shown_name(key, deck.game), value=said))
    if table.mulligan_returned:
        returned, drawn = table.mulligan_returned, table.mulligan_drawn
        lines.append(_("mulligan returned {n}: {cards}").format(n=len(returned), cards=_names(returned)))
        lines.append(_("mulligan drew {n}: {cards}").format(n=len(drawn), cards=_names(drawn)))
    else:
        lines.append(_("mulligan: kept"))
    lines.append(_("hand ({n}):").format(n=len(table.hand)))
    width = max((display_width(card.printed_number) for card in table.hand), default=0)
    column = deck.game.profile.hand_column
    shown = [shown_value(deck.game, card, column) for card in table.hand]
    value_width = max(map(display_width, shown), default=0)
    lines.extend(
        f"  {pad(card.printed_number, width)}  " + (f"{pad(value, value_width)}  " if column else "") + card.said_name
        for card, value in zip(table.hand, shown, strict=True)
    )
    zones = [
        _("{zone} {n}").format(zone=shown_name(name, deck.game), n=len(cards))
        if name in HIDDEN_ZONES or len(cards) > 4
        else _("{zone}: {cards}").format(zone=shown_name(name, deck.game), cards=_names(cards) or "-")
        for name, cards in table.zones.items()
    ]
    deck_left = pgettext(deck.game.id, "deck {n}").format(n=len(table.deck))
    lines.append(_("zones: {zones}").format(zones=_("; ").join([*zones, deck_left])))
    lines = fit_lines(lines, heading=language() != "en")  # (English keeps its layout)
    if log:
        lines.extend(_log_lines(table, deck.game))
    return "\n".join(lines)


def _kept_whole(text: str) -> str:
    """Outside English, a line broken only at its blanks, never inside a Japanese word (0ター / ン目)."""
    return text if language() == "en" else held(text)


def _log_lines(table: Table[Any], game: Game[Any]) -> list[str]:
    """The events in order: `N. step [rule]: what happened` (the cards are named in the text itself); a step wider
    than the terminal continues under its text."""
    width = len(str(len(table.events)))
    count = len(table.events)
    columns = output_columns()
    lines = [_("log ({n} steps):").format(n=count)]
    for index, event in enumerate(table.events, 1):
        ref = f" [{event.ref}]" if event.ref else ""
        line = _("  {index}. {step}{ref}: {text}").format(
            index=f"{index:>{width}}", step=shown_name(event.step, game), ref=ref, text=event.text
        )
        hang = 4 + width
        first, *more = fit_lines([line], columns)
        lines.append(first)
        if more:
            rest = line[len(first) :].strip()
            # (each part under the text: fitted's own hanging indent would put the third line further in)
            lines.extend(" " * hang + part.lstrip() for part in fit_lines([rest], columns - hang))
    return lines


def _names(cards: list[Card]) -> str:
    return joined(card.label() for card in cards)


def _note_value(deck: Deck[Any], key: str, value: Any) -> str:
    """A setup note's value as the text says it: a count of cards with its counter, a seat as the document says it,
    the rules version and the format as the deck's header says them (the JSON keeps the stored `Ver.1.26.1,
    standard`)."""
    if key == RULES_KEY and deck.rules is not None and deck.rules.version:
        # Translators: a test hand's `rules:` line: the rules version and the format played
        said = _("Ver.{version}, {format}")
        return said.format(version=deck.rules.version, format=term(deck.game, FORMAT_KEY, deck.rules.format))
    if key in CARD_COUNT_NOTES and isinstance(value, int):
        return pgettext("card count", "{n}").format(n=value)
    if key in SEAT_NOTES and value == "first":
        return pgettext("going", "first")
    if key in SEAT_NOTES and value == "second":
        return pgettext("going", "second")
    return _describe(value)


def _describe(value: Any) -> str:
    if isinstance(value, Card):
        return value.label()
    if isinstance(value, list | tuple):
        return joined(_describe(v) for v in value)
    return translate(str(value))  # (in Japanese where its game marks it for translation)
