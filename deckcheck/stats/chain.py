"""Exact odds when a game's own turns depend on the hand (Vanguard's drive checks, draw triggers, G assist, rides).

The plain exact engine (:mod:`deckcheck.stats.exact`) needs the number of cards the rules bring to be fixed. When it is
not, the turns are a Markov chain on card counts: a state is the cards that have reached the hand per atom (the deck
is the rest, uniformly shuffled: every step of these games draws from a shuffled deck or shuffles it), the cards
still in the hand per *class* (atoms whose cards the game's rules treat alike, ``Atom.detail``), and the game's own
values (the vanguard's grade and drive, the G zone). The game's ``TurnModel.process`` gives one own turn as a
distribution over next states; this module runs the turns, applies each want at its own deadline, and gives the
exact probability of success from any hand the mulligan leaves (backward induction with a memo, in fractions).
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Hashable
from fractions import Fraction
from math import comb, gcd
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from deckcheck.stats.model import Composition, OddsModel

#: The chain refuses (and the caller simulates) beyond this many distinct (turn, state) values, or beyond MAX_WORK
#: transitions and next states checked (about 2 µs each since own turns share their draws: 1.5-2 seconds; before
#: the next states counted, a question ran 4-7 s before it gave up).
MAX_STATES = 400_000
MAX_WORK = 800_000
#: About how long one unit of MAX_WORK takes (seconds).
STEP_SECONDS = 2e-6

State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # (reached per atom, hand per class, game values)
# A chance within one own turn: numerator and denominator as plain integers, reduced only when they grow long. A
# turn's branches share their denominators (deck sizes, C(R, 5)), so this spares a gcd per branch; fractions are
# made once per next state.
Weight = tuple[int, int]
Dist = dict[State, Weight]
# What add_into sums under: a State, or () where only the total matters.
KeyT = TypeVar("KeyT", bound=Hashable)
ONE = Fraction(1)
CERTAIN: Weight = (1, 1)


def times(a: Weight, b: Weight) -> Weight:
    return (a[0] * b[0], a[1] * b[1])


def add_into(dist: dict[KeyT, Weight], state: KeyT, weight: Weight) -> None:
    """dist[state] += weight."""
    old = dist.get(state)
    if old is None:
        dist[state] = weight
    elif old[1] == weight[1]:
        dist[state] = (old[0] + weight[0], old[1])
    else:
        numerator, denominator = old[0] * weight[1] + weight[0] * old[1], old[1] * weight[1]
        if denominator.bit_length() > 256:
            common = gcd(numerator, denominator)
            numerator, denominator = numerator // common, denominator // common
        dist[state] = (numerator, denominator)


class ChainTooLarge(Exception):
    """The chain would visit more states than MAX_STATES or compute more transitions than MAX_WORK."""


class ExactTurns(Protocol):
    """A game's own turns as exact transitions on :data:`State` (see the module's docstring)."""

    def start(self, chain: Chain, hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The hand per class and the game's own values after the mulligan (the first vanguard's grade and drive,
        the G zone ...), from the hand per class; a game may fold the hand into fewer distinct states."""
        ...

    def own_turn(self, chain: Chain, state: State, k: int) -> Dist:
        """Own turn k up to the start of its main phase, from `state`: the next states and their chances."""
        ...

    def turn_key(self, k: int) -> Hashable:
        """What own turn k's transitions depend on besides the atoms and the state (Vanguard: whether own turn k-1
        attacked). Equal keys give equal transitions, so a table's turns and both seats share them."""
        ...


#: Own turns already computed, per (atom counts, atom details, turn key): the next states of each state. A table
#: asks the same turns again for every row and both seats; kept for the few latest kinds of chain only.
_TURNS: OrderedDict[Hashable, dict[State, Dist]] = OrderedDict()
TURN_KINDS_KEPT = 4


def forget_turns() -> None:
    """Empty the shared own turns (tests that count the chain's work start from nothing)."""
    _TURNS.clear()


class Chain:
    """One model's chain: atoms, classes, and the wants with their deadlines."""

    def __init__(self, model: OddsModel, *, patience: float = 1) -> None:
        """`patience`: how many times MAX_WORK the chain may spend (`--method exact` waits longer; a lowered budget
        less)."""
        if model.turns.process is None:
            raise ValueError("the model's turns are not hand-dependent")
        self.model = model
        # The chain's own atom order: by what the cards are, not by the wants they match (the model's order), so
        # that the questions of one command whose atoms are the same cards (a report's "grade 3 by turn 3" and its
        # ride chain) have the same states and share their own turns (_TURNS).
        atoms = model.atoms
        self._order = tuple(
            sorted(
                range(len(atoms)),
                key=lambda a: (repr(atoms[a].detail), sorted(_number(card) for card in atoms[a].cards)),
            )
        )
        self.counts = tuple(atoms[a].count for a in self._order)
        self.cards = sum(self.counts)
        self.details = tuple(atoms[a].detail for a in self._order)
        self.classes = tuple(sorted(set(self.details), key=repr))
        self.class_of = tuple(self.classes.index(detail) for detail in self.details)
        self.process: ExactTurns = model.turns.process
        self.horizon = model.horizon
        self._want_atoms = [
            tuple(i for i, a in enumerate(self._order) if atoms[a].mask >> bit & 1) for bit in range(len(model.wants))
        ]
        self._due = {t: [j for j, want in enumerate(model.wants) if want.turn == t] for t in range(self.horizon + 1)}
        anys = [want.turn for want in model.wants if want.any_of]
        self._or_closes = max(anys) if anys else None
        self._memo: dict[tuple[int, State, bool], Fraction] = {}
        self._turns: dict[int, dict[State, Dist]] = {}  # own turn k -> its entry of _TURNS
        self.work = 0  # transitions computed so far (each a few fraction operations)
        self.patience = patience
        self.max_work = max(1, int(MAX_WORK * patience))  # the transitions it may compute before it gives up

    # ---- helpers for the games' transitions ---------------------------------------------------------------------

    def deck(self, state: State) -> tuple[int, ...]:
        return tuple(c - r for c, r in zip(self.counts, state[0], strict=True))

    # ---- the value of a hand ------------------------------------------------------------------------------------

    def value(self, hand: Composition) -> Fraction:
        """P(success) when the mulligan leaves this hand (per atom; it has reached the hand, the deck is the rest)."""
        hand = tuple(hand[a] for a in self._order)
        classes = [0] * len(self.classes)
        for a, x in enumerate(hand):
            classes[self.class_of[a]] += x
        state: State = (tuple(hand), *self.process.start(self, tuple(classes)))
        flag = self._check(0, state, False)
        return Fraction(0) if flag is None else self._value(0, state, flag)

    def _counts(self, state: State) -> list[int]:
        reached = state[0]
        return [
            reached[atoms[0]] if len(atoms) == 1 else sum(map(reached.__getitem__, atoms)) for atoms in self._want_atoms
        ]

    def _check(self, t: int, state: State, flag: bool) -> bool | None:
        """The wants due at the main phase of own turn t: None when a --want fails (or the --any group is closed
        without one holding), else the --any group's flag."""
        due = self._due.get(t, [])
        if due:
            counts = self._counts(state)
            for j in due:
                want = self.model.wants[j]
                if want.holds(counts[j]):
                    flag = flag or want.any_of
                elif not want.any_of:
                    return None
        if t == self._or_closes and not flag:
            return None
        return flag

    def _settled(self, t: int, state: State, flag: bool) -> Fraction | None:
        """1 or 0 when the wants still open after turn t can no longer change the outcome, else None.

        Reached cards only grow: a `>=K` want that holds now holds at its deadline; a `<=K` one that fails, fails."""
        counts = self._counts(state)
        certain = True
        or_done = flag or self._or_closes is None
        for j, want in enumerate(self.model.wants):
            if want.turn <= t:
                continue
            holds = want.holds(counts[j])
            if want.any_of:
                or_done = or_done or (holds and want.at_least)
            elif not holds and not want.at_least:
                return Fraction(0)
            elif not (holds and want.at_least):
                certain = False  # a `>=K` want not there yet, or a `<=K` want that may still fail
        return ONE if certain and or_done else None

    def _value(self, t: int, state: State, flag: bool) -> Fraction:
        """P(success) from `state` at the main phase of own turn t (the wants due by t already applied)."""
        if t >= self.horizon:
            return ONE
        key = (t, state, flag)
        found = self._memo.get(key)
        if found is not None:
            return found
        settled = self._settled(t, state, flag)
        if settled is not None:
            return settled
        if len(self._memo) >= MAX_STATES:
            raise ChainTooLarge
        # The next states' chances times their values, summed as integers (a Fraction per term would reduce each).
        summed: dict[tuple[()], Weight] = {}
        after_turn = self._own_turn(state, t + 1)
        # Each next state is folded, checked against the wants due and looked up: work as much as a transition.
        self.work += len(after_turn)
        if self.work > self.max_work:
            raise ChainTooLarge
        last = t + 1 >= self.horizon  # every next state that passes the wants due is worth 1
        for after, weight in after_turn.items():
            next_flag = self._check(t + 1, after, flag)
            if next_flag is None:
                continue
            if last:
                add_into(summed, (), weight)
                continue
            value = self._value(t + 1, after, next_flag)
            top, bottom = value.numerator, value.denominator
            if top == bottom:
                add_into(summed, (), weight)
            elif top:
                add_into(summed, (), (weight[0] * top, weight[1] * bottom))
        total = Fraction(*summed[()]) if summed else Fraction(0)
        self._memo[key] = total
        return total

    def _own_turn(self, state: State, k: int) -> Dist:
        """The process's own turn k from `state`, computed once for every chain of the same atoms (see _TURNS)."""
        known = self._turns.get(k)
        if known is None:  # looked up once per turn of this chain, not per state
            kind = (self.counts, self.details, self.process.turn_key(k))
            known = _TURNS.get(kind)
            if known is None:
                known = _TURNS[kind] = {}
                if len(_TURNS) > TURN_KINDS_KEPT:
                    _TURNS.popitem(last=False)
            else:
                _TURNS.move_to_end(kind)
            self._turns[k] = known
        found = known.get(state)
        if found is None:
            found = known[state] = self.process.own_turn(self, state, k)
        return found

    @property
    def states(self) -> int:
        return len(self._memo)


def _number(card: object) -> str:
    return str(getattr(card, "number", card))


class DeckOut(Exception):
    """A step needs a card from an empty deck (the fighter has lost by then)."""


@functools.lru_cache(maxsize=1 << 16)
def ratio(numerator: int, denominator: int) -> Fraction:
    """A shared Fraction for the small ratios every step uses (count / deck size): built once, not per state."""
    return Fraction(numerator, denominator)


def hypergeometric(pool: Composition, draw: Composition) -> Fraction:
    """P(a uniformly random sum(draw)-card sample of `pool` has exactly `draw` per atom)."""
    ways = 1
    for n, x in zip(pool, draw, strict=True):
        ways *= comb(n, x)
    return Fraction(ways, comb(sum(pool), sum(draw)))
