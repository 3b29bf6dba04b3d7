"""The statistics' view of a deck: wants, atoms and the draw model of one seat and one turn.

Cards that match exactly the same filters (the `--want` filters, the `keep:` filter, a seek filter) behave alike in
every probability, so the deck is grouped into *atoms*: one per distinct pattern of matches, with its card count.
Both the exact engine and the vectorised simulation work on atom counts, never on single cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from deckcheck._i18n import N_, _, translate
from deckcheck.engine.deal import setup_choices
from deckcheck.engine.procedure import MulliganKind, TurnModel
from deckcheck.engine.table import Going, Table
from deckcheck.errors import EngineError, OptionError, mention
from deckcheck.model.cards import Card, CardT
from deckcheck.model.deck import Deck
from deckcheck.model.query import CardFilter, Query


@dataclass(frozen=True)
class Want:
    """`>=K FILTER` or `<=K FILTER` over the cards that have reached the hand by the main phase of own turn `turn`.

    `any_of`: one of the `--any` group, which holds when at least one of its wants holds (the `--want`s must all).
    """

    text: str
    at_least: bool
    k: int
    turn: int = 0
    any_of: bool = False

    def holds(self, matching: int) -> bool:
        return matching >= self.k if self.at_least else matching <= self.k

    def label(self, default_turn: int | None = None) -> str:
        """The want as asked: its text, with `@N` when its deadline is not the command's --turn."""
        return self.text if self.turn == default_turn else f"{self.text}@{self.turn}"

    @property
    def cap(self) -> int:
        """Counting beyond this changes nothing: K for `>=K`, K+1 (already failed) for `<=K`."""
        return self.k if self.at_least else self.k + 1


@dataclass(frozen=True)
class Atom:
    mask: int  # bit i set: the cards match predicate i (wants first, then the keep and seek filters)
    count: int
    cards: tuple[Card, ...]  # the distinct cards grouped here, for labels
    detail: object = None  # the game's refinement key (vectorised simulation only)

    def label(self, limit: int = 2) -> str:
        distinct = list({card.name: card.listed_name for card in self.cards}.values())  # as printed, each name once
        names = distinct[:limit]
        more = len(distinct) - limit
        return " / ".join(names) + (f" +{more}" if more > 0 else "")


@dataclass(frozen=True)
class OddsModel:
    """One seat at one turn: the population the hand is drawn from, grouped into atoms, and what the rules draw."""

    deck: Deck[Any]
    going: Going
    turn: int
    hand_size: int
    mulligan: MulliganKind
    wants: tuple[Want, ...]
    atoms: tuple[Atom, ...]
    keep_bit: int | None
    seek_bit: int | None
    turns: TurnModel[Any]  # the game's rules up to the last deadline (`horizon`)
    filters: tuple[CardFilter | Callable[[Card], bool], ...]
    # Cards the rules bring whatever the hand holds, by the main phase of own turn t, for t = 0..horizon - 1 (the
    # horizon's are `turns.draws`).
    draws_at: tuple[int, ...] = ()
    floor: bool = False  # the documented floor instead of every card the rules bring (Vanguard's drive checks)

    @property
    def horizon(self) -> int:
        """The last deadline: the turn up to which the rules run."""
        return max((want.turn for want in self.wants), default=self.turn)

    def draws_by(self, t: int) -> int:
        """Cards the rules bring whatever the hand holds by the main phase of own turn t (t <= horizon)."""
        return self.turns.draws if t >= self.horizon else self.draws_at[t]

    @property
    def deadlines(self) -> tuple[int, ...]:
        """The distinct deadlines, in order."""
        return tuple(sorted({want.turn for want in self.wants}))

    @property
    def has_any(self) -> bool:
        return any(want.any_of for want in self.wants)

    def success(self, counts: Sequence[int]) -> bool:
        """Every --want holds and, when there are --any wants, at least one of them (matching counts per want)."""
        holds = [want.holds(count) for want, count in zip(self.wants, counts, strict=True)]
        wants = [ok for ok, want in zip(holds, self.wants, strict=True) if not want.any_of]
        anys = [ok for ok, want in zip(holds, self.wants, strict=True) if want.any_of]
        return all(wants) and (not anys or any(anys))

    @property
    def size(self) -> int:
        return sum(atom.count for atom in self.atoms)

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(atom.count for atom in self.atoms)

    def matches(self, atom: Atom, bit: int | None) -> bool:
        return bit is not None and bool(atom.mask >> bit & 1)

    def describe_atom(self, atom: Atom, *, spoken: bool = False) -> str:
        """The wants an atom's cards satisfy, e.g. `grade=1`, or `other` for none. `spoken`: the words (`other`,
        `keep filter`) in the chosen language, for the text table (the JSON keeps them in English)."""
        say = translate if spoken else str
        parts = [want.text.removeprefix(">=1 ") for i, want in enumerate(self.wants) if atom.mask >> i & 1]
        if self.keep_bit is not None and atom.mask >> self.keep_bit & 1:
            parts.append(say(N_("keep filter")))
        if self.seek_bit is not None and atom.mask >> self.seek_bit & 1:
            parts.append(self.turns.seek.text if self.turns.seek else say(N_("seek")))
        text = " & ".join(parts) if parts else say(N_("other"))
        describe = getattr(self.turns.refine, "describe", None)
        if describe is not None and sum(other.mask == atom.mask for other in self.atoms) > 1:
            text += f" ({describe(atom.detail)})"  # atoms the wants alike but the game's turns apart
        return text


def population(
    deck: Deck[CardT], going: Going, choices: dict[str, str], floor: bool = False
) -> tuple[Table[CardT], list[tuple[CardT, int]]]:
    """The cards the opening hand is drawn from, after the game's set-asides (first vanguard, lord, ...)."""
    setup = deck.game.setup
    if setup is None:
        raise EngineError(_("the engine has no setup for {game} yet").format(game=deck.game.said_title))
    table: Table[CardT] = Table(rng=random.Random(0), going=going, floor=floor)
    setup.prepare(table, deck, setup_choices(deck, choices))
    counts: dict[str, list[Any]] = {}
    for card in table.deck:
        entry = counts.setdefault(card.number, [card, 0])
        entry[1] += 1
    return table, [(card, count) for card, count in counts.values()]


@dataclass(frozen=True)
class Dealing:
    """How the deck is set up and counted: the setup's choices (`lord=B01-003`), and `floor`, the game's documented
    floor instead of every card its rules bring (Vanguard: one drive check per attack, no trigger effects)."""

    choices: dict[str, str] = field(default_factory=dict)
    floor: bool = False


def build_model(
    deck: Deck[Any],
    queries: Sequence[Query],
    *,
    going: Going,
    turn: int,
    keep: CardFilter | None = None,
    dealing: Dealing | None = None,
    refine: bool = False,
    anys: Sequence[Query] = (),
) -> OddsModel:
    """Group the deck into atoms for these queries; `refine` also splits atoms by the game's simulation detail.

    A query's own deadline (`@N`) is its turn, else `turn`. `anys` is the --any group (one of them must hold).
    `dealing`: the setup's choices and the floor (default: none, every card the rules bring).
    """
    if not queries and not anys:
        raise OptionError("want", _("no {option} query was given").format(option=mention("want")), field="want")
    setup = deck.game.setup
    dealing = dealing or Dealing()
    floor = dealing.floor
    table, cards = population(deck, going, dealing.choices, floor)
    asked = [*((query, False) for query in queries), *((query, True) for query in anys)]
    wants = tuple(
        Want(query.text, query.at_least, query.k, turn if query.deadline is None else query.deadline, any_of)
        for query, any_of in asked
    )
    horizon = max(want.turn for want in wants)
    turns = setup.turn_model(table, horizon)
    draws_at = tuple(setup.turn_model(table, t).draws for t in range(horizon))
    filters: list[CardFilter | Callable[[Card], bool]] = [query.filter for query, _ in asked]
    keep_bit = seek_bit = None
    if keep is not None:
        keep_bit = len(filters)
        filters.append(keep)
    if turns.seek is not None:
        seek_bit = len(filters)
        filters.append(turns.seek.filter)
    # The exact engine's hand-dependent turns need the game's detail as much as the vectorised simulation does.
    detail = turns.refine if (refine or turns.process is not None) and turns.refine else None
    groups: dict[tuple[int, object], list[Any]] = {}
    for card, count in cards:
        mask = sum(1 << bit for bit, matches in enumerate(filters) if matches(card))
        key = (mask, detail(card) if detail else None)
        group = groups.setdefault(key, [[], 0])
        group[0].append(card)
        group[1] += count
    # Atoms matching nothing go last: the exact engine fills the remaining draws from them.
    ordered = sorted(groups.items(), key=lambda item: (item[0][0] == 0, -item[0][0], -item[1][1]))
    atoms = tuple(Atom(mask, count, tuple(group), extra) for (mask, extra), (group, count) in ordered)
    return OddsModel(
        deck=deck,
        going=going,
        turn=turn,
        hand_size=setup.hand_size,
        mulligan=setup.mulligan,
        wants=wants,
        atoms=atoms,
        keep_bit=keep_bit,
        seek_bit=seek_bit,
        turns=turns,
        filters=tuple(filters),
        draws_at=draws_at,
        floor=floor,
    )


Composition = tuple[int, ...]  # cards per atom, in the model's atom order


@dataclass(frozen=True)
class MulliganPlan:
    """A mulligan policy as decisions on hand compositions, usable by every path (exact, vectorised, engine).

    `keep(h)` is what a partial-mulligan game keeps (per atom, ≤ h); `redraw(h)` whether a full-mulligan game
    redraws the whole hand. `name` is the contract's policy name (`none`, `optimal`, `keep:FILTER`).
    """

    name: str
    keep: Callable[[Composition], Composition]
    redraw: Callable[[Composition], bool]


def compositions(counts: Sequence[int], size: int) -> list[Composition]:
    """Every way to take `size` cards from atoms of these counts (per-atom numbers, not card identities)."""
    result: list[Composition] = []
    suffix = [0] * (len(counts) + 1)  # cards available from atom i on
    for i in range(len(counts) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + counts[i]

    def walk(i: int, left: int, prefix: list[int]) -> None:
        if i == len(counts) - 1:
            if left <= counts[i]:
                result.append((*prefix, left))
            return
        for x in range(max(0, left - suffix[i + 1]), min(counts[i], left) + 1):
            prefix.append(x)
            walk(i + 1, left - x, prefix)
            prefix.pop()

    if counts and size <= suffix[0]:
        walk(0, size, [])
    return result


def count_compositions(counts: Composition, size: int) -> int:
    """How many compositions of `size` cards these atoms allow (without listing them)."""
    ways = [1] + [0] * size
    for c in counts:
        new = [0] * (size + 1)
        for total, w in enumerate(ways):
            if w:
                for x in range(min(c, size - total) + 1):
                    new[total + x] += w
        ways = new
    return ways[size]


def atom_of(model: OddsModel) -> Callable[[Card], int]:
    """The atom index of a card (for running a plan on the engine's card-by-card tables)."""
    index = {(atom.mask, atom.detail): i for i, atom in enumerate(model.atoms)}
    detail = model.turns.refine if any(atom.detail is not None for atom in model.atoms) else None

    def find(card: Card) -> int:
        mask = sum(1 << bit for bit, matches in enumerate(model.filters) if matches(card))
        return index[(mask, detail(card) if detail else None)]

    return find


@dataclass
class PlanPolicy:
    """Runs a :class:`MulliganPlan` as the engine's MulliganPolicy (simulation through the real engine)."""

    plan: MulliganPlan
    model: OddsModel

    def __post_init__(self) -> None:
        self._atom = atom_of(self.model)

    @property
    def name(self) -> str:
        return self.plan.name

    def _composition(self, hand: list[Card]) -> tuple[list[int], Composition]:
        atoms = [self._atom(card) for card in hand]
        return atoms, tuple(atoms.count(i) for i in range(len(self.model.atoms)))

    def returns(self, table: Table[Any], hand: list[Card]) -> list[int]:
        atoms, composition = self._composition(hand)
        keep = list(self.plan.keep(composition))
        returned = []
        for index, atom in enumerate(atoms):
            if keep[atom] > 0:
                keep[atom] -= 1
            else:
                returned.append(index)
        return returned

    def redraw(self, table: Table[Any], hand: list[Card]) -> bool:
        return self.plan.redraw(self._composition(hand)[1])

    def bottom_order(self, table: Table[Any], hand: list[Card]) -> list[Card]:
        return list(hand)


def no_mulligan(model: OddsModel) -> MulliganPlan:
    return MulliganPlan("none", keep=lambda h: h, redraw=lambda h: False)


def keep_filter_plan(model: OddsModel, text: str) -> MulliganPlan:
    """`keep:FILTER`: keep the matching cards (partial); redraw when none matches (full)."""
    keeps = [model.matches(atom, model.keep_bit) for atom in model.atoms]
    return MulliganPlan(
        f"keep:{text}",
        keep=lambda h: tuple(x if k else 0 for x, k in zip(h, keeps, strict=True)),
        redraw=lambda h: not any(x for x, k in zip(h, keeps, strict=True) if k),
    )


MAX_TRIALS = 100_000_000


def check_run(trials: int, seed: int | None) -> None:
    """A simulation's size and seed: 1 to MAX_TRIALS setups, a seed of 0 or more (None: drawn later). The one check
    for StatsOptions and for the simulations (kept here, apart from numpy, so that options are checked without it)."""
    if not 1 <= trials <= MAX_TRIALS:
        raise OptionError(
            "trials",
            _("{option} must be between 1 and {last} (got {value})").format(
                option=mention("trials"), last=f"{MAX_TRIALS:,}", value=trials
            ),
            field="trials",
        )
    if seed is not None and seed < 0:
        raise OptionError(
            "seed",
            _("{option} must be 0 or more (got {value})").format(option=mention("seed"), value=seed),
            field="seed",
        )
