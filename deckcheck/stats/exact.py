"""Exact odds by counting: multivariate hypergeometric sums over atoms, never hand by hand.

The reached cards at the main phase of own turn k are the hand kept after the mulligan plus a uniformly random set
of further cards from the rest (every mulligan kind ends in a shuffle or draws from a shuffled rest). So each
probability is `P(base + X satisfies the wants)` where `base` is what is kept and `X` a random m-card draw from a
pool of atom counts. :meth:`ExactEngine.prob` computes that with a dynamic programme over atoms whose state is the
number of cards drawn so far and, per want, the matching count capped where it stops mattering; a want is settled
(and dropped from the state) after the last atom that matches it.

Wants with their own deadlines (`@N`) split the draws into stages, one per distinct deadline: an atom then gives
`x_s` cards to stage `s` (multinomial ways) and a want counts the stages up to its own. An `--any` group is a flag in
the state, set when one of its wants settles holding. When the game's turns depend on the hand (Vanguard's G
assist, rides, draw triggers, twin drive), the value of each hand the mulligan leaves comes from
:mod:`deckcheck.stats.chain` instead, and a kept part's value is the hypergeometric mean over the redrawn rest.

The optimal mulligan is backward induction: for a partial mulligan the value of keeping `k` is `prob(k, c-k, ...)`,
and a hand `h` keeps the best sub-hand `k <= h` (a maximum over sub-compositions, built up one card at a time); for
a full mulligan a hand is redrawn when the redraw is worth strictly more than keeping it.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import comb, prod
from operator import add, sub

from deckcheck._i18n import _, ngettext, pgettext, translate
from deckcheck.engine.procedure import MulliganKind
from deckcheck.stats.chain import MAX_STATES, Chain, ChainTooLarge, DeckOut, hypergeometric
from deckcheck.stats.chain import MAX_WORK as CHAIN_WORK
from deckcheck.stats.chain import STEP_SECONDS as CHAIN_STEP_SECONDS
from deckcheck.stats.model import Composition, MulliganPlan, OddsModel, compositions, count_compositions

#: The exact engine refuses at once (and the caller simulates) when its cost estimate passes this: hopeless, since
#: the estimate runs 1-50 times the steps really taken (MAX_STEPS stops the others while they run).
MAX_WORK = 1_000_000_000
#: The exact engine gives up (and the caller simulates) after this many DP steps (about 2-3 µs each: about 2 s).
MAX_STEPS = 800_000
#: `--method exact` asks for the exact answer however long: it allows this many times every budget (about 20 s of
#: work) before it refuses.
PATIENT = 10
#: About how long one unit of the plain engine's cost estimate takes (seconds), for "exact would take about ...":
#: a DP step's time over the estimate's usual overcount.
STEP_SECONDS = 2e-7
#: The chain is refused at once above this estimate; below it, the chain itself stops at its MAX_WORK. The estimate
#: ignores settled wants and shared states: it runs 1.5-12 times the real count on the shipped Vanguard deck.
CHAIN_ESTIMATE = 10 * CHAIN_WORK
#: How many times the real count the chain's estimate runs at most (for "exact would take more than ...").
CHAIN_OVERCOUNT = 12


class ExactUnavailable(Exception):
    """The exact engine does not cover this model or would take too long; the reason says which."""


class ExactTooLarge(ExactUnavailable):
    """The question is past the exact engine's budget (MAX_WORK, the chain's estimate): simulated instead, and the
    command says so on stderr. `waits`: whether `--method exact` (PATIENT times the budget) would likely answer it."""

    def __init__(self, reason: str, *, waits: bool = False) -> None:
        super().__init__(reason)
        self.waits = waits


class ExactGaveUp(ExactTooLarge):
    """The chain ran to its budget and stopped (seconds spent): the same wants going second, or by a later turn,
    reach more states, so they would stop too."""


def _more_than(seconds: float) -> str:
    """`more than 12 s`, `more than an hour`."""
    if seconds >= 3600:
        return _("more than an hour")
    if seconds >= 120:
        return _("more than {n} min").format(n=f"{seconds / 60:.0f}")
    return _("more than {n} s").format(n=f"{seconds:.0f}" if seconds >= 10 else f"{seconds:.1f}")


def _about(seconds: float) -> str:
    """`about 12 s`, `about 3 min`, `more than an hour` for how long exact would take."""
    if seconds >= 3600:
        return _("more than an hour")
    if seconds >= 120:
        return _("about {n} min").format(n=f"{seconds / 60:.0f}")
    return _("about {n} s").format(n=f"{seconds:.0f}" if seconds >= 10 else f"{seconds:.1f}")


@dataclass(frozen=True)
class Decision:
    """One opening hand (by atom composition), what the policy does with it, and its chance of success after."""

    hand: Composition
    chance: Fraction  # probability of this opening hand
    keep: Composition  # what stays (the whole hand when nothing is returned; nothing after a full redraw)
    redraw: bool
    value: Fraction  # probability of the query after this decision


@dataclass(frozen=True)
class ExactResult:
    probability: Fraction
    plan: MulliganPlan
    decisions: tuple[Decision, ...]


def _sub(a: Composition, b: Composition) -> Composition:
    return tuple(x - y for x, y in zip(a, b, strict=True))


class ExactEngine:
    def __init__(
        self,
        model: OddsModel,
        *,
        patient: bool = False,
        budget: float = 1.0,
        counted: Callable[[int, int], None] | None = None,
    ) -> None:
        """`patient`: `--method exact`, which waits PATIENT times the budgets before it refuses; `budget`: the share
        of the documented budget of work (MAX_STEPS, the chain's MAX_WORK) the engine may spend before it gives up,
        patient or not (the estimates that refuse a hopeless question at once, MAX_WORK and CHAIN_ESTIMATE, stay);
        `counted(done, total)` is told as the hands are valued (a progress bar's share of the question)."""
        self.model = model
        self.counted = counted
        self.patience = PATIENT if patient else 1
        self.spending = budget * self.patience  # how many times the documented work it may spend
        self.c: Composition = model.counts
        self.n = model.hand_size
        self.size = model.size
        self.deadlines = model.deadlines
        self.turn_draws = [model.draws_by(t) for t in self.deadlines]  # cumulative draws by each deadline
        self.d = self.turn_draws[-1]
        self.chain: Chain | None = None
        if model.turns.process is not None:
            self.chain = Chain(model, patience=self.spending)
        elif model.turns.simulate_only:
            raise ExactUnavailable(translate(model.turns.simulate_only))
        if self.size < self.n:
            raise ExactUnavailable(
                ngettext(
                    "the deck has {n} card, fewer than a {size}-card hand",
                    "the deck has {n} cards, fewer than a {size}-card hand",
                    self.size,
                ).format(n=self.size, size=self.n)
            )
        atoms = model.atoms
        wants = model.wants
        self.stage_of = [self.deadlines.index(want.turn) for want in wants]
        self.caps = [want.cap for want in wants]
        seek = model.turns.seek
        if seek and len(self.deadlines) > 1:
            raise ExactUnavailable(_("per-want deadlines with a seek step are simulated"))
        self.seek_look = seek.look if seek else 0
        # Dimensions of the DP state: one per want, "a seek card has reached the hand" when there is a seek, and
        # "one of the --any group holds" when there is such a group.
        self.dims = [[j for j in range(len(wants)) if atom.mask >> j & 1] for atom in atoms]
        self.seek_atoms = [model.matches(atom, model.seek_bit) for atom in atoms] if seek else [False] * len(atoms)
        self.seek_dim = self.or_dim = None
        if seek:
            self.seek_dim = len(self.caps)
            self.caps.append(1)
            for a, is_seek in enumerate(self.seek_atoms):
                if is_seek:
                    self.dims[a].append(self.seek_dim)
        if model.has_any:
            self.or_dim = len(self.caps)
            self.caps.append(1)
        seek_touched = {j for a, is_seek in enumerate(self.seek_atoms) if is_seek for j in self.dims[a]}
        last: dict[int, int] = {}
        for a, dims in enumerate(self.dims):
            for j in dims:
                last[j] = a
        # Wants settled after atom a (never those a seek card could still change); wants no atom matches: at once.
        self.settle: list[list[int]] = [[] for _ in atoms]
        self.settle_first = [j for j in range(len(wants)) if j not in last]
        for j, a in last.items():
            if j < len(wants) and j not in seek_touched:
                self.settle[a].append(j)
        self.open_at_end = [j for j in range(len(wants)) if j in seek_touched]
        self._memo: dict[tuple[Composition, Composition, tuple[int, ...]], Fraction] = {}
        self._kept_ways: dict[Composition, int] | None = None
        self.steps = 0
        # For "exact would take about ...": when the chain began, how many hands it is to value, how many it has.
        self._began: float | None = None
        self._to_value = 0
        self._valued = 0

    # ---- the core sum -------------------------------------------------------------------------------------

    def _holds(self, j: int, count: int) -> bool:
        return self.model.wants[j].holds(count)

    def stage_draws(self, first: int) -> tuple[int, ...]:
        """Cards drawn in each stage (one per deadline) when `first` cards are drawn before the turns begin."""
        draws = [self.turn_draws[0] + first]
        draws += [b - a for a, b in zip(self.turn_draws, self.turn_draws[1:], strict=False)]
        return tuple(draws)

    def prob(self, base: Composition, pool: Composition, draws: tuple[int, ...]) -> Fraction:
        """P(every want holds for `base` plus uniformly random draws from `pool`, `draws[s]` of them by deadline
        s), seek step included."""
        key = (base, pool, draws)
        if key not in self._memo:
            self._memo[key] = self._prob(base, pool, draws)
        return self._memo[key]

    def _settle(self, j: int, counts: list[int]) -> bool:
        """Settle want j in a DP state: False when a --want fails; an --any want that holds sets the group's flag."""
        holds = self._holds(j, counts[j])
        counts[j] = 0
        if self.model.wants[j].any_of:
            if holds and self.or_dim is not None:
                counts[self.or_dim] = 1
            return True
        return holds

    def _prob(self, base: Composition, pool: Composition, draws: tuple[int, ...]) -> Fraction:
        total = sum(pool)
        m = sum(draws)
        if m > total:
            raise ExactUnavailable(
                pgettext(_context(self.model), "the deck runs out: {n} more cards are needed from {total}").format(
                    n=m, total=total
                )
            )
        caps = self.caps
        stages = len(draws)
        start = [0] * len(caps)
        for a, x in enumerate(base):
            for j in self.dims[a]:
                start[j] += x
        start = [min(v, cap) for v, cap in zip(start, caps, strict=True)]
        for j in self.settle_first:
            if not self._settle(j, start):
                return Fraction(0)
        states: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {((0,) * stages, tuple(start)): 1}
        remaining = total
        for a, available in enumerate(pool):
            remaining -= available
            settle = self.settle[a]
            # per dimension of this atom: the stage by which its cards count (a want's deadline; the seek: the last)
            dims = [(j, self.stage_of[j] if j < len(self.stage_of) else -1, caps[j]) for j in self.dims[a]]
            # (counts, cards by each stage) -> the counts after this atom, None when a settled --want fails: the
            # states share a few of these, so each is worked out once per atom.
            after: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...] | None] = {}
            new: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
            for (drawn, counts), ways in states.items():
                needs = tuple(map(sub, draws, drawn))
                splits = _splits(available, needs, remaining)
                self.steps += len(splits)
                for split, weight, by_stage in splits:
                    if dims or settle:
                        step = (counts, by_stage)
                        if step in after:
                            updated = after[step]
                        else:
                            updated = after[step] = self._counts_after(counts, by_stage, dims, settle)
                        if updated is None:
                            continue
                    else:
                        updated = counts
                    key = (tuple(map(add, drawn, split)), updated)
                    new[key] = new.get(key, 0) + ways * weight
            states = new
            if self.steps > spend_limit(MAX_STEPS, self.spending):
                raise self._out_of_budget(
                    _("the exact engine would need more than {steps} steps for {groups} card groups").format(
                        steps=f"{spend_limit(MAX_STEPS, self.spending):,}", groups=len(self.c)
                    )
                )
        good = self._final(states, pool, m)
        return good / _multinomial(total, draws)

    def _counts_after(
        self,
        counts: tuple[int, ...],
        by_stage: tuple[int, ...],
        dims: list[tuple[int, int, int]],
        settle: list[int],
    ) -> tuple[int, ...] | None:
        """The DP's want counts after an atom gives `by_stage[s]` cards by each stage s, with the wants settled after
        it; None when one of them is a --want that fails."""
        updated = list(counts)
        if by_stage[-1]:
            for j, stage, cap in dims:
                updated[j] = min(updated[j] + by_stage[stage], cap)
        if not all([self._settle(j, updated) for j in settle]):
            return None
        return tuple(updated)

    def _final(self, states: dict[tuple[tuple[int, ...], tuple[int, ...]], int], pool: Composition, m: int) -> Fraction:
        """Success ways among the finished states, with the seek step where it applies."""
        open_wants = self.open_at_end
        if not self.seek_look:
            return Fraction(sum(w for (_drawn, counts), w in states.items() if self._all_hold(counts, open_wants)))
        seek_dim = self.seek_dim
        assert seek_dim is not None
        left = sum(pool) - m
        seek_left = [x if s else 0 for x, s in zip(pool, self.seek_atoms, strict=True)]
        t = sum(seek_left)
        look = min(self.seek_look, left)
        found = 1 - Fraction(comb(left - t, look), comb(left, look)) if t else Fraction(0)
        good = Fraction(0)
        for (_drawn, counts), ways in states.items():
            if counts[seek_dim]:
                good += ways if self._all_hold(counts, open_wants) else 0
                continue
            value = (1 - found) * self._all_hold(counts, open_wants)
            for a, x in enumerate(seek_left):
                if x:
                    added = list(counts)
                    for j in self.dims[a]:
                        added[j] = min(added[j] + 1, self.caps[j])
                    value += found * Fraction(x, t) * self._all_hold(tuple(added), open_wants)
            good += ways * value
        return good

    def _all_hold(self, counts: tuple[int, ...], wants: list[int]) -> bool:
        """The wants still open at the end, and the --any group."""
        flag = self.or_dim is not None and bool(counts[self.or_dim])
        for j in wants:
            holds = self._holds(j, counts[j])
            if self.model.wants[j].any_of:
                flag = flag or holds
            elif not holds:
                return False
        return flag or self.or_dim is None

    # ---- hands and mulligans ------------------------------------------------------------------------------

    def hands(self) -> Iterator[tuple[Composition, Fraction]]:
        """Every opening hand composition with its probability."""
        total = comb(self.size, self.n)
        for hand in compositions(self.c, self.n):
            yield hand, Fraction(prod(comb(c, h) for c, h in zip(self.c, hand, strict=True)), total)

    def keep_value(self, keep: Composition) -> Fraction:
        """Keep these cards (a partial mulligan returns the rest), then the turns' draws."""
        if self.chain is not None:
            return self._chain_value(keep, _sub(self.c, keep), self.n - sum(keep))
        value = self.prob(keep, _sub(self.c, keep), self.stage_draws(self.n - sum(keep)))
        self._one_valued()
        return value

    def _one_valued(self) -> None:
        self._valued += 1
        if self.counted is not None and self._to_value:
            self.counted(min(self._valued, self._to_value), self._to_value)

    def _chain_value(self, base: Composition, pool: Composition, m: int) -> Fraction:
        """The chain's value of `base` plus a uniformly random `m`-card draw from `pool` (the mulligan's redraw)."""
        assert self.chain is not None
        total = Fraction(0)
        try:
            for drawn in compositions(pool, m):
                hand = tuple(b + x for b, x in zip(base, drawn, strict=True))
                total += hypergeometric(pool, drawn) * self.chain.value(hand)
        except ChainTooLarge:
            raise self._out_of_budget(
                _(
                    "the exact turns would need more than {steps} steps or {states} states for {groups} card groups"
                ).format(steps=f"{self.chain.max_work:,}", states=f"{MAX_STATES:,}", groups=len(self.c))
            ) from None
        except DeckOut:
            raise ExactUnavailable(
                pgettext(_context(self.model), "the deck can run out by then on some draws")
            ) from None
        self._one_valued()
        return total

    def _out_of_budget(self, why: str) -> ExactGaveUp:
        """Giving up past the budget, with how long exact would take in all: from the share of the hands valued
        before the budget ran out (later hands reuse the earlier ones' work, so this leans long)."""
        spent = time.perf_counter() - (self._began or time.perf_counter())
        if not self._valued or not self._to_value:
            return ExactGaveUp(_("{why}; exact would take {time}").format(why=why, time=_more_than(spent)))
        seconds = spent * self._to_value / self._valued
        waits = seconds <= spent * PATIENT / self.patience
        return ExactGaveUp(_("{why}; exact would take {time}").format(why=why, time=_about(seconds)), waits=waits)

    def redraw_value(self, hand: Composition) -> Fraction:
        """Redraw the whole hand under the game's full-mulligan rule."""
        kind = self.model.mulligan
        empty = (0,) * len(self.c)
        if kind is MulliganKind.FULL_SHUFFLE:
            if self.chain is not None:
                return self._chain_value(empty, self.c, self.n)
            return self.prob(empty, self.c, self.stage_draws(self.n))
        if self.chain is not None:
            raise ExactUnavailable(_("hand-dependent turns after a {kind} mulligan are simulated").format(kind=kind))
        rest = _sub(self.c, hand)
        if kind is MulliganKind.FULL_BOTTOM:
            if self.n + self.d > self.size - self.n:
                raise ExactUnavailable(
                    pgettext(
                        _context(self.model),
                        "the draws reach the hand put on the bottom; its order is the player's choice",
                    )
                )
            return self.prob(empty, rest, self.stage_draws(self.n))
        # FULL_SET_ASIDE: the new hand comes from the rest, then the old hand is shuffled back in. Every kept hand's
        # value shares the denominator of the turns' draws from N-n cards, so the sum runs on integers.
        scale = _multinomial(self.size - self.n, self.stage_draws(0))
        if self._kept_ways is None:
            self._kept_ways = {h: int(self.keep_value(h) * scale) for h in compositions(self.c, self.n)}
        ways = 0
        for new, kept in self._kept_ways.items():
            if all(x <= r for x, r in zip(new, rest, strict=True)):
                ways += prod(comb(r, x) for r, x in zip(rest, new, strict=True)) * kept
        return Fraction(ways, comb(self.size - self.n, self.n) * scale)

    def evaluate(self, plan: MulliganPlan) -> ExactResult:
        """The probability under a given plan (`none`, `keep:FILTER`, a table)."""
        self.check_work(optimal=False)
        self._to_value = count_compositions(self.c, self.n)
        decisions = []
        for hand, chance in self.hands():
            if self.model.mulligan.partial:
                keep = plan.keep(hand)
                decisions.append(Decision(hand, chance, keep, False, self.keep_value(keep)))
            elif plan.redraw(hand):
                decisions.append(Decision(hand, chance, (0,) * len(hand), True, self.redraw_value(hand)))
            else:
                decisions.append(Decision(hand, chance, hand, False, self.keep_value(hand)))
        return self._result(plan, decisions)

    def optimal(self) -> ExactResult:
        """The keep/return decisions that maximise the probability, by backward induction over hands."""
        self.check_work(optimal=True)
        if self.model.mulligan.partial:
            best = self._best_sub_hands()
            decisions = [Decision(h, p, best[h][1], False, best[h][0]) for h, p in self.hands()]
        else:
            self._to_value = 2 * count_compositions(self.c, self.n)
            decisions = []
            for hand, chance in self.hands():
                keep, redraw = self.keep_value(hand), self.redraw_value(hand)
                if redraw > keep:
                    decisions.append(Decision(hand, chance, (0,) * len(hand), True, redraw))
                else:
                    decisions.append(Decision(hand, chance, hand, False, keep))
        table = {d.hand: d for d in decisions}
        plan = MulliganPlan(
            "optimal",
            keep=lambda h: table[h].keep,
            redraw=lambda h: table[h].redraw,
        )
        return self._result(plan, decisions)

    def keep_values(self) -> dict[Composition, Fraction]:
        """The value of keeping each composition of at most n cards (a partial mulligan redraws the rest).

        Only the full hands are valued by the engine (or the chain). Redrawing `r` cards from the shuffled rest is
        drawing them one at a time, so a smaller keep `k` is worth the mean over the next card drawn:
        `value(k) = sum_a (c_a - k_a) / (N - |k|) * value(k + a)`, the same fraction as the hypergeometric sum over
        every redraw, in (keeps x atoms) operations instead of (keeps x hands) sums or one DP per keep."""
        self._to_value = count_compositions(self.c, self.n)
        values = {hand: self.keep_value(hand) for hand in compositions(self.c, self.n)}
        for size in range(self.n - 1, -1, -1):
            left = self.size - size
            for keep in compositions(self.c, size):
                total = Fraction(0)
                for a, (count, x) in enumerate(zip(self.c, keep, strict=True)):
                    if count > x:
                        total += (count - x) * values[(*keep[:a], x + 1, *keep[a + 1 :])]
                values[keep] = total / left
        return values

    def _best_sub_hands(self) -> dict[Composition, tuple[Fraction, Composition]]:
        """For every composition of at most n cards, the best sub-composition to keep and its value.

        Ties keep more cards (a player changes nothing that does not help)."""
        values = self.keep_values()
        best: dict[Composition, tuple[Fraction, Composition]] = {}
        for size in range(self.n + 1):
            for keep in compositions(self.c, size):
                value, chosen = values[keep], keep
                for a, x in enumerate(keep):
                    if x:
                        smaller = best[(*keep[:a], x - 1, *keep[a + 1 :])]
                        if smaller[0] > value:
                            value, chosen = smaller
                best[keep] = (value, chosen)
        return best

    def _result(self, plan: MulliganPlan, decisions: list[Decision]) -> ExactResult:
        probability = sum((d.chance * d.value for d in decisions), Fraction(0))
        return ExactResult(probability, plan, tuple(decisions))

    # ---- feasibility --------------------------------------------------------------------------------------

    def work(self, optimal: bool) -> int:
        """A rough cost in DP steps (about 0.1-0.3 µs each), to refuse before a query could hang.

        Settled wants keep the DP state small, so a call costs about atoms x draws x a few states. The chain's own
        cost is bounded while it runs (MAX_STATES); here it counts the hands it values and the redraws it sums."""
        atoms = len(self.c)
        hands = count_compositions(self.c, self.n)
        if self.chain is not None:
            estimate = self._chain_estimate()
            if estimate > CHAIN_ESTIMATE * self.patience:
                raise ExactTooLarge(
                    _(
                        "the exact turns would need about {steps} steps for {groups} card groups (limit {limit}); "
                        "exact would take {time}"
                    ).format(
                        steps=f"{estimate:,}",
                        groups=atoms,
                        limit=f"{CHAIN_ESTIMATE * self.patience:,}",
                        time=_more_than(estimate / CHAIN_OVERCOUNT * CHAIN_STEP_SECONDS),
                    ),
                    waits=estimate <= CHAIN_ESTIMATE * PATIENT,
                )
            return hands * 4 + self._keeps_work(optimal)
        spread = prod(d + 1 for d in self.stage_draws(self.n))
        per_call = atoms * spread * min(prod(cap + 1 for cap in self.caps), 4)
        calls = hands * 2
        extra = 6 * hands * hands if self.model.mulligan is MulliganKind.FULL_SET_ASIDE else 0
        return calls * per_call + extra + self._keeps_work(optimal)

    def _keeps_work(self, optimal: bool) -> int:
        """The optimal partial mulligan's smaller keeps, each valued from the keeps one card larger (keep_values)."""
        if not (self.model.mulligan.partial and optimal):
            return 0
        keeps = sum(count_compositions(self.c, j) for j in range(self.n))
        return keeps * len(self.c) * 10

    def _chain_estimate(self) -> int:
        """An upper estimate of the chain's transitions: per own turn, the compositions of the cards reached before
        it (two more per turn for draw triggers and G assist) times the ways its cards can come (atoms ** cards).
        Wants settled early (a ride chain) make the real count several times smaller; the chain stops at MAX_WORK."""
        atoms = len(self.c)
        total = before = 0
        for t in range(1, self.model.horizon + 1):
            now = self.model.draws_by(t)
            reached = count_compositions(self.c, min(self.size, self.n + before + 2 * (t - 1)))
            total += reached * atoms ** (now - before + 1)
            before = now
        return total

    def check_work(self, optimal: bool) -> None:
        self._began = time.perf_counter()
        work = self.work(optimal)
        if work > MAX_WORK * self.patience:
            raise ExactTooLarge(
                _(
                    "the exact engine would need about {steps} steps for {groups} card groups (limit {limit}); "
                    "exact would take {time}"
                ).format(
                    steps=f"{work:,}",
                    groups=len(self.c),
                    limit=f"{MAX_WORK * self.patience:,}",
                    time=_about(work * STEP_SECONDS),
                ),
                waits=work <= MAX_WORK * PATIENT,
            )


def spend_limit(documented: int, share: float) -> int:
    """`share` times a documented budget, in whole steps (at least one)."""
    return max(1, int(documented * share))


def _multinomial(total: int, draws: tuple[int, ...]) -> int:
    """Ways to deal `draws[0]`, `draws[1]`, ... cards in turn from `total` (the rest stays)."""
    ways = 1
    for d in draws:
        ways *= comb(total, d)
        total -= d
    return ways


Split = tuple[tuple[int, ...], int, tuple[int, ...]]  # cards per stage, ways, cards by each stage


@functools.lru_cache(maxsize=1 << 16)
def _splits(available: int, needs: tuple[int, ...], slack: int) -> tuple[Split, ...]:
    """How an atom of `available` cards can give x_s cards to each stage (x_s <= needs[s]), leaving at most `slack`
    of the stages' needs to the later atoms: each split with its number of ways (multinomial) and its running sums
    (cards given by each stage). The DP asks for the same few splits again and again: they are made once."""
    return tuple(
        (split, ways, tuple(_running_sums(split))) for split, ways in _split_ways(available, list(needs), slack)
    )


def _running_sums(values: tuple[int, ...]) -> Iterator[int]:
    total = 0
    for value in values:
        total += value
        yield total


def _split_ways(available: int, needs: list[int], slack: int) -> Iterator[tuple[tuple[int, ...], int]]:
    if len(needs) == 1:
        need = needs[0]
        for x in range(max(0, need - slack), min(available, need) + 1):
            yield (x,), comb(available, x)
        return
    least = sum(needs) - slack

    def walk(s: int, left: int, prefix: tuple[int, ...], ways: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if s == len(needs):
            if sum(prefix) >= least:
                yield prefix, ways
            return
        for x in range(min(left, needs[s]) + 1):
            yield from walk(s + 1, left - x, (*prefix, x), ways * comb(left, x))

    yield from walk(0, available, (), 1)


def exact_probability(model: OddsModel, plan: MulliganPlan | None) -> ExactResult:
    """`plan=None` asks for the optimal mulligan."""
    engine = ExactEngine(model)
    return engine.optimal() if plan is None else engine.evaluate(plan)


def _context(model: OddsModel) -> str:
    """The catalog context of the model's game (its own words), '' for a model built without a deck."""
    deck = getattr(model, "deck", None)
    return deck.game.id if deck is not None else ""
