"""Monte Carlo answers for `deckcheck stats`: a vectorised NumPy simulation on atom counts, and the engine itself.

:func:`simulate` deals whole batches of trials at once. It never handles single cards: a trial is a row of per-atom
counts (see :mod:`deckcheck.stats.model`), and every draw is a multivariate hypergeometric sample from the row's
deck. That is exact because each step of the games' setups leaves the deck uniformly shuffled (or draws only from
a shuffled part of it), so only the deck's composition matters. A game whose later turns depend on the hand (Vanguard's
G assist and rides) runs them itself on the same arrays through ``model.turns.vector_turns`` (a
:class:`VectorState`).

:func:`simulate_engine` is the slow reference: it runs :func:`deckcheck.engine.deal.deal` card by card for every trial.
The tests prove the two agree; it is also a fallback for setups the vectorised model cannot express.

NumPy is imported only when a simulation runs, so the other commands start without it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np  # this module is loaded only when a simulation runs (stats.answer defers it)

from deckcheck._i18n import _, ngettext, pgettext, translate
from deckcheck.engine.deal import deal
from deckcheck.engine.procedure import MulliganKind
from deckcheck.engine.table import Table
from deckcheck.errors import DeckcheckError, EngineError
from deckcheck.model.cards import Card
from deckcheck.stats import sequential
from deckcheck.stats.model import (
    MulliganPlan,
    OddsModel,
    PlanPolicy,
    atom_of,
    check_run,
    compositions,
    count_compositions,
    population,
)

#: The 97.5% quantile of the standard normal distribution: the z of a two-sided 95% interval.
Z95 = 1.959963984540054
#: Mixed-radix hand codes up to this many values index a dense lookup table; beyond it, a sorted search.
_DENSE_LOOKUP = 1 << 22
#: Up to this many possible opening hands, every decision is looked up once; beyond it, only the hands drawn.
_ENUMERATE_HANDS = 50_000


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% with the default z)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class SimResult:
    successes: int
    trials: int
    seed: int
    stopped_early: bool  # `precision` was reached before `trials`
    # With --precision: the 95% confidence sequence at the stop (valid however often the run looked); else None and
    # the interval is Wilson's for the fixed number of trials.
    interval: tuple[float, float] | None = None

    @property
    def probability(self) -> float:
        return self.successes / self.trials if self.trials else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return self.interval if self.interval is not None else wilson(self.successes, self.trials)


# Sampling helpers on per-trial count arrays (also used by the games' `vector_turns`) ------------------------------


def sample_counts(rng: np.random.Generator, pool: np.ndarray, take: Any) -> np.ndarray:
    """Draw `take` cards without replacement from each row's pool of per-atom counts: an (rows, atoms) array.

    Sequential conditional hypergeometric: atom a gets Hyp(pool_a, cards of the later atoms, still to draw).
    `take` is an int or one int per row, at most the row's pool.
    """
    rows, atoms = pool.shape
    left = np.array(np.broadcast_to(take, (rows,)), dtype=np.int64)
    out = np.zeros((rows, atoms), dtype=pool.dtype)
    if rows == 0 or atoms == 0:
        return out
    if isinstance(take, int) and take == 1:  # one card: its atom is proportional to the counts
        if not pool.any(axis=1).all():
            raise EngineError(_("a draw asks for more cards than the deck holds"))
        out[np.arange(rows), pick_one(rng, pool)] = 1
        return out
    # later[:, a] = cards of atoms after a
    later = np.zeros((rows, atoms), dtype=pool.dtype)
    if atoms > 1:
        later[:, :-1] = np.cumsum(pool[:, :0:-1], axis=1)[:, ::-1]
    if (left > pool[:, 0] + later[:, 0]).any() or (left < 0).any():
        raise EngineError(_("a draw asks for more cards than the deck holds"))
    for a in range(atoms - 1):
        if not left.any():
            return out
        drawn = rng.hypergeometric(pool[:, a], later[:, a], left)
        out[:, a] = drawn
        left -= drawn
    out[:, -1] = left
    return out


def row_sums(counts: np.ndarray) -> np.ndarray:
    """Each row's total: column by column when the atoms are few (numpy's sum along a short last axis is slow)."""
    if counts.shape[1] > 16 or counts.shape[1] == 0:
        return counts.sum(axis=1)
    total = counts[:, 0].astype(counts.dtype)
    for column in range(1, counts.shape[1]):
        total = total + counts[:, column]
    return total


def pick_one(rng: np.random.Generator, weights: np.ndarray) -> np.ndarray:
    """One atom per row, with probability proportional to the row's counts (every row must hold a card)."""
    totals = row_sums(weights)
    chosen = rng.integers(0, totals)  # a uniformly random card of the row
    return _atom_at(weights, chosen)


def _atom_at(weights: np.ndarray, chosen: np.ndarray) -> np.ndarray:
    """The atom holding card number `chosen` (0-based) of each row: how many atoms' cards end at or before it.

    Column by column: the atoms are few and the rows many, and numpy's cumsum along a short last axis is slow."""
    atoms = np.zeros(len(chosen), dtype=np.int64)
    running = np.zeros(len(chosen), dtype=np.int64)
    for column in range(weights.shape[1] - 1):
        running += weights[:, column]
        atoms += running <= chosen
    return atoms


def p_seen(deck_size: np.ndarray, qualifying: np.ndarray, look: int) -> np.ndarray:
    """P(at least one of `qualifying` cards is among the top `look` of a shuffled deck): 1 - C(R-q, L) / C(R, L)."""
    size = deck_size.astype(np.float64)
    others = (deck_size - qualifying).astype(np.float64)
    none = np.ones(len(size))
    for i in range(look):
        active = i < deck_size  # L = min(look, R)
        term = np.where(active, np.maximum(others - i, 0.0) / np.maximum(size - i, 1.0), 1.0)
        none *= term
    return 1.0 - none


@dataclass
class VectorState:
    """Per-trial card counts for a game's `vector_turns`: every array has one row per trial, one column per atom.

    `deck` is the (shuffled) deck, `hand` the cards in hand now, `reached` every card that has reached the hand
    (what the wants count; cards leaving the hand stay in it). `details` is each atom's refinement key (the game's
    `TurnModel.refine`), `table` the population's table after the game's `prepare` (its set-aside zones: the first
    vanguard, the G zone ...). `counters` is free for the game's per-trial values (vanguard grade, G zone size).
    """

    deck: np.ndarray
    hand: np.ndarray
    reached: np.ndarray
    details: tuple[object, ...]
    table: Table[Any]
    rng: np.random.Generator
    counters: dict[str, np.ndarray] = field(default_factory=dict)
    # Called by the game at the main phase of each own turn t (the wants due then are applied to `reached`).
    turn_done: Callable[[int], None] = lambda t: None

    @property
    def trials(self) -> int:
        return len(self.deck)

    def draw(self, count: int, rows: np.ndarray | None = None) -> np.ndarray:
        """Move `count` cards from the top of the deck to the hand (they reach it); returns them per atom."""
        if rows is None:
            drawn = sample_counts(self.rng, self.deck, count)
            self.deck -= drawn
            self.hand += drawn
            self.reached += drawn
            return drawn
        drawn = sample_counts(self.rng, self.deck[rows], count)
        self.deck[rows] -= drawn
        self.hand[rows] += drawn
        self.reached[rows] += drawn
        return drawn

    def draw_one(self, rows: np.ndarray | None, what: str) -> np.ndarray:
        """The top card of each row's deck (all rows, or these) to its hand: returns its atom per row.

        A row whose deck is empty has lost by then (1.2.2.2 in Vanguard): an EngineError naming `what`."""
        deck = self.deck if rows is None else self.deck[rows]
        sizes = row_sums(deck)
        if sizes.size and not sizes.all():
            raise EngineError(
                _(
                    "the deck has 0 cards at {what}: the fighter has lost by then (an empty deck); the engine models "
                    "the first turns only"
                ).format(what=what)
            )
        chosen = self.rng.integers(0, sizes) if sizes.size else sizes
        atoms = _atom_at(deck, chosen)
        at = np.arange(len(deck)) if rows is None else rows
        self.deck[at, atoms] -= 1
        self.hand[at, atoms] += 1
        self.reached[at, atoms] += 1
        return atoms

    def add_to_hand(self, rows: np.ndarray, atoms: np.ndarray) -> None:
        """One card of atom atoms[i] moves from the deck of trial rows[i] to its hand (a search, a seek)."""
        self.deck[rows, atoms] -= 1
        self.hand[rows, atoms] += 1
        self.reached[rows, atoms] += 1

    def deck_sizes(self) -> np.ndarray:
        return row_sums(self.deck)


# The vectorised simulation ----------------------------------------------------------------------------------------


class _Vectorised:
    """Everything fixed for one model and plan: counts, the plan's decisions per hand, the wants as atom columns."""

    def __init__(self, model: OddsModel, plan: MulliganPlan) -> None:
        self.model = model
        # Card counts per trial as small integers: the arrays are read and written every step, so their width is
        # most of the time a step takes (a deck of at most MAX_CARDS cards fits in 16 bits).
        self.dtype = np.int16 if sum(model.counts) < 2**15 else np.int64
        self.counts: np.ndarray = np.array(model.counts, dtype=self.dtype)
        self.counts64 = np.array(model.counts, dtype=np.int64)
        self.size = int(self.counts64.sum())
        self.hand_size = model.hand_size
        self.kind = model.mulligan
        self.vector_turns = model.turns.vector_turns
        if model.turns.simulate_only and self.vector_turns is None:
            raise EngineError(translate(model.turns.simulate_only))
        self.draws = 0 if self.vector_turns else model.turns.draws
        # Cumulative draws by each deadline (plain turns): the wants due then count the cards reached so far.
        self.deadlines = model.deadlines
        self.stage_draws = [0 if self.vector_turns else model.draws_by(t) for t in self.deadlines]
        if self.hand_size > self.size:
            raise EngineError(
                ngettext(
                    "the deck has {n} card to draw from; the opening hand needs {size}",
                    "the deck has {n} cards to draw from; the opening hand needs {size}",
                    self.size,
                ).format(n=self.size, size=self.hand_size)
            )
        if self.hand_size + self.draws > self.size:
            raise EngineError(
                pgettext(
                    model.deck.game.id,
                    "by own turn {turn} the rules draw {n} cards, but only {size} can be drawn: "
                    "the deck runs out first",
                ).format(turn=model.turn, n=self.hand_size + self.draws, size=self.size)
            )
        if self.vector_turns is not None:
            if any(atom.detail is None for atom in model.atoms):
                raise DeckcheckError("this turn needs a model built with refine=True for the vectorised simulation")
            if self.kind is MulliganKind.FULL_BOTTOM:
                raise EngineError(
                    pgettext(
                        model.deck.game.id,
                        "vectorised turns need a shuffled deck, which a full-bottom mulligan does not leave",
                    )
                )
            self.table = population(model.deck, model.going, {}, model.floor)[0]
        self._build_lookup(plan)
        self.wants = [
            (np.array([i for i, atom in enumerate(model.atoms) if atom.mask >> bit & 1], dtype=np.int64), want)
            for bit, want in enumerate(model.wants)
        ]
        self.due = {t: [(columns, want) for columns, want in self.wants if want.turn == t] for t in self.deadlines}
        seek = model.turns.seek
        self.seek = seek if seek is not None and not self.vector_turns else None
        if self.seek is not None and len(self.deadlines) > 1:
            raise EngineError(_("per-want deadlines with a seek step need the engine card by card"))
        if self.seek is not None:
            self.seek_atoms = np.array([model.matches(atom, model.seek_bit) for atom in model.atoms])

    def _build_lookup(self, plan: MulliganPlan) -> None:
        """Record the plan's decision for every opening hand once (when there are few), else per distinct hand drawn."""
        self.plan = plan
        self.decided: dict[tuple[int, ...], tuple[int, ...] | bool] = {}
        self.enumerated = count_compositions(self.model.counts, self.hand_size) <= _ENUMERATE_HANDS
        if not self.enumerated:
            return
        hands = compositions(self.model.counts, self.hand_size)
        matrix = np.array(hands, dtype=np.int64).reshape(len(hands), len(self.counts))
        radix = [min(count, self.hand_size) + 1 for count in self.model.counts]
        weights, total = [], 1
        for r in radix:
            weights.append(total)
            total *= r
        if total < 1 << 62:
            self.weights: np.ndarray | None = np.array(weights, dtype=np.int64)
            codes = matrix @ self.weights
            if total <= _DENSE_LOOKUP:
                self.dense: np.ndarray | None = np.full(total, -1, dtype=np.int64)
                self.dense[codes] = np.arange(len(hands))
            else:
                self.dense = None
                self.order = np.argsort(codes)
                self.sorted_codes = codes[self.order]
        else:  # too many atoms for a 63-bit code: look rows up through a dictionary
            self.weights = None
            self.by_row = {hand: i for i, hand in enumerate(hands)}
        self.table_keep, self.table_redraw = self._decisions(matrix)

    def _decisions(self, hands: np.ndarray) -> tuple[np.ndarray | None, np.ndarray | None]:
        """The plan's keep (partial) or redraw (full) decision for each row of distinct hands."""
        rows = [tuple(int(x) for x in row) for row in hands]
        if self.kind.partial:
            keep = np.array([self._decide(row) for row in rows], dtype=np.int64).reshape(hands.shape)
            if (keep < 0).any() or (keep > hands).any():
                raise EngineError(
                    _("the mulligan plan {policy} keeps cards that are not in the hand").format(policy=self.plan.name)
                )
            return keep, None
        redraw = np.array([bool(self._decide(row)) for row in rows], dtype=bool)
        if (
            self.kind is MulliganKind.FULL_BOTTOM
            and redraw.any()
            and self.hand_size + self.draws > self.size - self.hand_size
        ):
            raise EngineError(
                pgettext(
                    self.model.deck.game.id,
                    "by own turn {turn} the draws reach the {n} cards put on the bottom of the deck by the mulligan; "
                    "the simulation models the draws before them only",
                ).format(turn=self.model.turn, n=self.hand_size)
            )
        return None, redraw

    def _decide(self, row: tuple[int, ...]) -> tuple[int, ...] | bool:
        if row not in self.decided:
            self.decided[row] = self.plan.keep(row) if self.kind.partial else self.plan.redraw(row)
        return self.decided[row]

    def _decide_batch(self, hands: np.ndarray) -> tuple[np.ndarray | None, np.ndarray | None]:
        """Decisions for a batch of drawn hands (keep rows or redraw flags)."""
        if self.enumerated:
            index = self._index(hands)
            if self.kind.partial:
                assert self.table_keep is not None  # (a partial mulligan's decisions are keep rows)
                return self.table_keep[index], None
            assert self.table_redraw is not None  # (a full mulligan's are redraw flags)
            return None, self.table_redraw[index]
        distinct, inverse = np.unique(hands, axis=0, return_inverse=True)
        keep, redraw = self._decisions(distinct)
        inverse = inverse.reshape(-1)
        if keep is not None:
            return keep[inverse], None
        assert redraw is not None  # (_decisions gives one of the two)
        return None, redraw[inverse]

    def _index(self, hands: np.ndarray) -> np.ndarray:
        if self.weights is None:
            return np.array([self.by_row[tuple(int(x) for x in row)] for row in hands], dtype=np.int64)
        codes = hands @ self.weights
        if self.dense is not None:
            return self.dense[codes]
        return self.order[np.searchsorted(self.sorted_codes, codes)]

    def run(self, rng: np.random.Generator, trials: int) -> int:
        """Successes among `trials` new trials."""
        counts, n = self.counts, self.hand_size
        hands = rng.multivariate_hypergeometric(self.counts64, n, size=trials, method="count").astype(self.dtype)
        keep, redraw = self._decide_batch(hands)
        if keep is not None:
            keep = keep.astype(self.dtype)
        # After the mulligan: reached = base + `first` more cards from `pool`, the shuffled deck (per trial), then
        # the turns' draws, deadline by deadline.
        if self.kind.partial:
            assert keep is not None  # (a partial mulligan's decisions are keep rows)
            base = keep
            pool = counts - base
            first: np.ndarray | int = n - row_sums(base)
        else:
            assert redraw is not None  # (a full mulligan's are redraw flags)
            if self.kind is MulliganKind.FULL_SET_ASIDE:
                base = hands
                rows = np.flatnonzero(redraw)
                base[rows] = sample_counts(rng, counts - hands[rows], n)  # the old hand is aside meanwhile
                pool = counts - base
                first = 0
            else:
                base = np.where(redraw[:, None], 0, hands)
                if self.kind is MulliganKind.FULL_SHUFFLE:
                    pool = np.where(redraw[:, None], counts, counts - hands)
                else:  # FULL_BOTTOM: the old hand waits at the bottom, below every draw
                    pool = counts - hands
                first = np.where(redraw, n, 0)
        verdict = _Verdict(trials)
        drawn = sample_counts(rng, pool, first + self.stage_draws[0])
        reached = base + drawn
        deck = pool - drawn
        if self.vector_turns is not None:
            state = VectorState(
                deck=deck,
                hand=reached.copy(),
                reached=reached,
                details=tuple(atom.detail for atom in self.model.atoms),
                table=self.table,
                rng=rng,
                turn_done=lambda t: verdict.apply(self.due.get(t, ()), state.reached),
            )
            state.turn_done(0)
            self.vector_turns(state, rng, self.model)
            return verdict.successes(self.model.has_any)
        for stage, t in enumerate(self.deadlines):
            if stage:
                more = sample_counts(rng, deck, self.stage_draws[stage] - self.stage_draws[stage - 1])
                reached = reached + more
                deck = deck - more
            if self.seek is not None:
                self._seek(rng, reached, deck)
            verdict.apply(self.due[t], reached)
        return verdict.successes(self.model.has_any)

    def _seek(self, rng: np.random.Generator, reached: np.ndarray, deck: np.ndarray) -> None:
        """If no reached card matches the seek filter, the topmost matching card of the next `look` joins them.

        `deck` is the shuffled part of the deck (after a full-bottom redraw, the old hand below it is not in it).
        """
        assert self.seek is not None  # (run seeks only for a model with a seek step)
        rows = np.flatnonzero(reached[:, self.seek_atoms].sum(axis=1) == 0)
        if not rows.size:
            return
        left = deck[rows]
        qualifying = left * self.seek_atoms
        found = rng.random(rows.size) < p_seen(left.sum(axis=1), qualifying.sum(axis=1), self.seek.look)
        rows, qualifying = rows[found], qualifying[found]
        if rows.size:
            # The topmost qualifying card of a shuffled deck is a uniformly random one of them.
            reached[rows, pick_one(rng, qualifying)] += 1


class _Verdict:
    """Per-trial outcome while the wants are applied deadline by deadline: every --want, and the --any group."""

    def __init__(self, trials: int) -> None:
        self.ok = np.ones(trials, dtype=bool)
        self.any_ok = np.zeros(trials, dtype=bool)

    def apply(self, wants: Any, reached: np.ndarray) -> None:
        for columns, want in wants:
            matching = row_sums(reached[:, columns])
            holds = matching >= want.k if want.at_least else matching <= want.k
            if want.any_of:
                self.any_ok |= holds
            else:
                self.ok &= holds

    def successes(self, has_any: bool) -> int:
        return int((self.ok & self.any_ok).sum() if has_any else self.ok.sum())


def simulate(
    model: OddsModel,
    plan: MulliganPlan,
    *,
    trials: int,
    seed: int,
    precision: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    batch: int = 250_000,
) -> SimResult:
    """The probability that every want holds, by vectorised simulation of `trials` setups (in batches).

    The same seed gives the same result for the same model, plan and batch size. `progress(0, total)` is called
    before the first batch and `progress(done, total)` after each (see :func:`run_trials`); with `precision`, the run
    stops at the first look whose 95% confidence sequence lies within ±precision of the estimate
    (:mod:`deckcheck.stats.sequential`), `trials` being the cap.
    """
    check_run(trials, seed)
    if batch < 1:
        raise DeckcheckError(f"the batch size must be at least 1 (got {batch})")
    simulation = _Vectorised(model, plan)
    rng = np.random.Generator(np.random.PCG64(seed))
    return run_trials(
        lambda size: simulation.run(rng, size),
        trials=trials,
        seed=seed,
        precision=precision,
        progress=progress,
        batch=batch,
    )


#: --precision's stopping rule, as the answer's note names it.
PRECISION_RULE = sequential.RULE
#: With --precision, the first look comes after this many trials, and no two looks are closer.
SMALLEST_LOOK = 1_000


def run_trials(
    sample: Callable[[int], int],
    *,
    trials: int,
    seed: int,
    precision: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    batch: int = 250_000,
    smallest: int = SMALLEST_LOOK,
) -> SimResult:
    """Run `trials` trials through `sample(size)` (the successes among `size` new trials), `batch` at a time.

    Without `precision`: batches of `batch` trials, and the Wilson interval of the whole count (the trials were fixed
    beforehand). With `precision` P: `trials` is a cap, and the count is looked at after every batch; the run stops
    at the first look where the 95% confidence sequence (:func:`sequential.confidence_sequence`, valid at every look
    at once) lies within ±P of the estimate, and that interval is the result's. The first look comes after
    `smallest` trials; each later one where the rule would be met if the estimate stayed as it is
    (:func:`sequential.trials_needed`; at least `smallest` and at most `batch` trials after the last look), so the
    run stops within about `smallest` trials of where it could.

    `progress(done, total)` is called before the first batch (done = 0) and after each: `total` is `trials`, or with
    `precision` the trials the run expects to need by then (at most `trials`)."""
    done = successes = 0
    if precision is None:
        if progress is not None:
            progress(0, trials)
        while done < trials:
            size = min(batch, trials - done)
            successes += sample(size)
            done += size
            if progress is not None:
                progress(done, trials)
        return SimResult(successes, done, seed, stopped_early=False)
    expected = sequential.expected_trials(precision, trials)
    if progress is not None:
        progress(0, expected)
    size = min(smallest, trials)
    while True:
        successes += sample(size)
        done += size
        interval = sequential.confidence_sequence(successes, done, precision, trials)
        half = sequential.half_width(interval, successes, done)
        reached = half <= precision
        if reached or done >= trials:
            if progress is not None:
                progress(done, done)
            return SimResult(successes, done, seed, stopped_early=reached, interval=interval)
        # (the estimate costs a few dozen intervals: worked out only when it can move a look or is shown)
        needed = done + smallest
        if batch > smallest or progress is not None:
            needed = sequential.trials_needed(successes, done, precision, trials)
        size = min(sequential.next_look(done, needed, smallest=smallest, largest=max(batch, smallest)), trials - done)
        if progress is not None:
            progress(done, max(needed, done + size))


def simulate_engine(
    model: OddsModel,
    plan: MulliganPlan,
    *,
    trials: int,
    seed: int,
    choices: dict[str, str] | None = None,
    precision: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    batch: int = 10_000,
) -> SimResult:
    """The same probability through the real engine, card by card (slow; the reference for :func:`simulate`).

    Trial i deals with the i-th seed of ``random.Random(seed)`` and counts a success when every want holds on the
    cards that reached the hand (``table.reached``). `precision` and `progress` work as in :func:`simulate`, every
    `batch` trials at most.
    """
    check_run(trials, seed)
    find = atom_of(model)
    atom_by_number: dict[str, int] = {}  # one card number is one card: find its atom once

    def atom(card: Card) -> int:
        index = atom_by_number.get(card.number)
        if index is None:
            index = atom_by_number[card.number] = find(card)
        return index

    masks = [a.mask for a in model.atoms]
    policy = PlanPolicy(plan, model)
    seeds = random.Random(seed)

    def sample(size: int) -> int:
        successes = 0
        for _trial in range(size):
            table = deal(
                model.deck,
                seed=seeds.getrandbits(64),
                going=model.going,
                policy=policy,
                turns=model.horizon,
                choices=choices,
                floor=model.floor,
            )
            counts = []
            for bit, want in enumerate(model.wants):  # each want on the cards reached by its own deadline
                reached = table.reached[: table.reached_at[want.turn]]
                counts.append(sum(1 for card in reached if masks[atom(card)] >> bit & 1))
            if model.success(counts):
                successes += 1
        return successes

    return run_trials(sample, trials=trials, seed=seed, precision=precision, progress=progress, batch=batch)
