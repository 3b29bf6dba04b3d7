"""The embedded engine: one player's side of a game's setup and first turns, step by step.

A game module describes its setup with a :class:`Setup` (what is set aside, the opening hand, the mulligan kind,
what is placed afterwards and what each own turn brings to the hand). :func:`deal` runs it on a checked deck with
a seeded ``random.Random``, so the same seed gives the same hand on any machine. Only the deck owner's side is
modelled: nothing the opponent does moves this player's cards before the first turns.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from deckcheck._i18n import N_, _
from deckcheck._util.text import joined
from deckcheck.engine.procedure import MulliganKind
from deckcheck.engine.table import Going, Table
from deckcheck.errors import EngineError, OptionError, mention
from deckcheck.model.cards import Card, CardT
from deckcheck.model.deck import Deck

if TYPE_CHECKING:
    from deckcheck.model.query import CardFilter

#: The engine refuses decks larger than this before materialising a single card (10^12 copies must not OOM).
MAX_CARDS = 10_000
#: `--turn` beyond this is refused: the engine models the first turns, not a whole game.
MAX_TURN = 30


class TurnsOutOfRange(EngineError, OptionError):
    """`turns` beyond the turns the engine models: the engine refuses it (an EngineError), and it is an option's
    value (an OptionError: the command line says `--turn`)."""


class MulliganPolicy(Protocol):
    """What the engine asks at the mulligan step. The engine enforces the game's rule whatever the answer."""

    @property
    def name(self) -> str: ...

    def returns(self, table: Table[Any], hand: list[Card]) -> list[int]:
        """Indices of hand cards to return (a partial-mulligan game)."""
        ...

    def redraw(self, table: Table[Any], hand: list[Card]) -> bool:
        """Whether to redraw the whole hand (a full-mulligan game)."""
        ...

    def bottom_order(self, table: Table[Any], hand: list[Card]) -> list[Card]:
        """The order the returned hand goes to the bottom (first = nearest the top)."""
        ...


class NoMulligan:
    name = "none"

    def returns(self, table: Table[Any], hand: list[Card]) -> list[int]:
        return []

    def redraw(self, table: Table[Any], hand: list[Card]) -> bool:
        return False

    def bottom_order(self, table: Table[Any], hand: list[Card]) -> list[Card]:
        return list(hand)


@dataclass
class KeepFilter:
    """`keep:FILTER`: return every card that does not match; in a full game, redraw when none matches."""

    filter: CardFilter

    @property
    def name(self) -> str:
        return f"keep:{self.filter.text}"

    def returns(self, table: Table[Any], hand: list[Card]) -> list[int]:
        return [i for i, card in enumerate(hand) if not self.filter(card)]

    def redraw(self, table: Table[Any], hand: list[Card]) -> bool:
        return not any(self.filter(card) for card in hand)

    def bottom_order(self, table: Table[Any], hand: list[Card]) -> list[Card]:
        return list(hand)


def mulligan(table: Table[Any], kind: MulliganKind, hand_size: int, policy: MulliganPolicy, ref: str) -> None:
    """The game's mulligan, once per player, exactly as its rules move the cards."""
    if table.mulliganed:
        raise EngineError(_("a player may mulligan only once ({ref})").format(ref=ref))
    table.mulliganed = True
    if kind.partial:
        indices = sorted(set(policy.returns(table, list(table.hand))))
        if any(not 0 <= i < len(table.hand) for i in indices):
            raise EngineError(_("the mulligan policy returned a card that is not in the hand"))
        if not indices:
            table.log(N_("mulligan"), ref, _("keep the hand"))
            return
        returned = [table.hand[i] for i in indices]
        table.hand = [card for i, card in enumerate(table.hand) if i not in set(indices)]
        for card in returned:
            table.reached.remove(card)
        table.deck.extend(returned)
        table.log(N_("mulligan"), ref, _("return {n} to the deck").format(n=len(returned)), returned)
        table.shuffle(ref)
        table.mulligan_returned = returned
        table.mulligan_drawn = table.draw(len(returned), N_("mulligan"), ref)
        return
    if not policy.redraw(table, list(table.hand)):
        table.log(N_("mulligan"), ref, _("keep the hand"))
        return
    old = table.hand
    table.hand = []
    table.reached = []
    table.mulligan_returned = old
    if kind is MulliganKind.FULL_SHUFFLE:
        table.deck.extend(old)
        table.log(N_("mulligan"), ref, _("return the whole hand ({n}) to the deck").format(n=len(old)), old)
        table.shuffle(ref)
        table.mulligan_drawn = table.draw(hand_size, N_("mulligan"), ref)
    elif kind is MulliganKind.FULL_BOTTOM:
        order = policy.bottom_order(table, list(old))
        if Counter(c.number for c in order) != Counter(c.number for c in old):
            raise EngineError(_("the mulligan policy must put exactly the old hand on the bottom"))
        table.deck.extend(order)
        table.log(
            N_("mulligan"),
            ref,
            _("put the whole hand ({n}) on the bottom of the deck, no shuffle").format(n=len(old)),
            order,
        )
        table.mulligan_drawn = table.draw(hand_size, N_("mulligan"), ref)
    else:  # FULL_SET_ASIDE
        table.log(N_("mulligan"), ref, _("set the whole hand ({n}) aside").format(n=len(old)), old)
        table.mulligan_drawn = table.draw(hand_size, N_("mulligan"), ref)
        table.deck.extend(old)
        table.log(N_("mulligan"), ref, _("put the set-aside hand back into the deck"), old)
        table.shuffle(ref)


def setup_choices(deck: Deck[Any], choices: dict[str, str] | None) -> dict[str, str]:
    """The deck's own setup keys (cipher `lord`, ...), overridden by `--choose KEY=VALUE`."""
    setup = deck.game.setup
    chosen = {key: value for key, value in deck.source.keys.items() if key in setup.choices}
    chosen.update(choices or {})
    unknown = set(choices or {}) - set(setup.choices)
    if unknown:
        allowed = joined(setup.choices) or _("none")
        raise EngineError(
            _("{game} has no setup choice {keys} (choices: {allowed})").format(
                game=deck.game.said_title, keys=joined(sorted(unknown)), allowed=allowed
            )
        )
    return chosen


def deal(
    deck: Deck[CardT],
    *,
    seed: int,
    going: Going | None = None,
    policy: MulliganPolicy | None = None,
    turns: int = 0,
    choices: dict[str, str] | None = None,
    floor: bool = False,
) -> Table[CardT]:
    """Run a game's setup, the mulligan and `turns` own turns; returns the player's table.

    `floor` plays the statistics' documented floor instead of the rules (see :attr:`Table.floor`).
    """
    setup = deck.game.setup
    if setup is None:
        raise EngineError(_("the engine has no setup for {game} yet").format(game=deck.game.said_title))
    if not 0 <= turns <= MAX_TURN:
        raise TurnsOutOfRange(
            "turns",
            _("{option} must be between 0 and {most} (got {turns}): the engine models the first turns").format(
                option=mention("turns"), most=MAX_TURN, turns=turns
            ),
        )
    dealt = [section for section in deck.game.sections if section not in setup.not_dealt]
    total = sum(count for section in dealt for _card, count in deck.cards(section))
    if total > MAX_CARDS:
        raise EngineError(
            _("the deck has {n} cards; the engine deals decks of at most {most} cards").format(n=total, most=MAX_CARDS)
        )
    rng = random.Random(seed)
    if going is None:
        going = "first" if rng.random() < 0.5 else "second"
    table: Table[CardT] = Table(rng=rng, going=going, floor=floor)
    setup.prepare(table, deck, setup_choices(deck, choices))
    table.draw(setup.hand_size, N_("opening hand"), setup.opening_ref)
    mulligan(table, setup.mulligan, setup.hand_size, policy or NoMulligan(), setup.mulligan_ref)
    setup.after_mulligan(table)
    table.reached_at.append(len(table.reached))
    for k in range(1, turns + 1):
        table.turn = k
        setup.own_turn(table, k)
        table.reached_at.append(len(table.reached))
    return table
