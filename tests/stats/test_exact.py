"""The exact statistics engine (deckcheck.stats.exact) on hand-built models: closed forms, card-by-card brute force.

Every model here is an :class:`OddsModel` of synthetic atoms (a mask of the predicates its cards match and a card
count), so each expected value is computed independently in the test: with `math.comb`, or by enumerating the
physical cards of a small deck one by one under the game's mulligan rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from math import comb

import pytest

from deckcheck.engine.procedure import MulliganKind, Seek, TurnModel
from deckcheck.stats.exact import ExactEngine, ExactResult, ExactUnavailable, exact_probability
from deckcheck.stats.model import (
    Atom,
    Composition,
    MulliganPlan,
    OddsModel,
    Want,
    compositions,
    keep_filter_plan,
    no_mulligan,
)

PARTIAL = MulliganKind.PARTIAL_SHUFFLE
FULL_SHUFFLE = MulliganKind.FULL_SHUFFLE
FULL_BOTTOM = MulliganKind.FULL_BOTTOM
SET_ASIDE = MulliganKind.FULL_SET_ASIDE


def want(text: str) -> Want:
    """`>=K X` / `<=K X` (the filter part is only a label here: the atoms' masks say which cards match)."""
    op, rest = text[:2], text[2:]
    k, _, _ = rest.partition(" ")
    return Want(text, op == ">=", int(k))


def model(
    atoms: Sequence[tuple[int, int]],
    wants: Sequence[str],
    *,
    hand: int,
    kind: MulliganKind = PARTIAL,
    draws: int = 0,
    keep_bit: int | None = None,
    seek: Seek | None = None,
    seek_bit: int | None = None,
) -> OddsModel:
    """A model of synthetic atoms `(mask, count)`; bit i of a mask is want i (then the keep and seek filters)."""
    return OddsModel(
        None,
        "first",
        0,
        hand,
        kind,
        tuple(want(text) for text in wants),
        tuple(Atom(mask, count, ()) for mask, count in atoms),
        keep_bit,
        seek_bit,
        TurnModel(draws=draws, seek=seek),
        (),
    )


def at_least(k: int, matching: int, size: int, cards: int) -> Fraction:
    """P(at least k of `matching` cards among `cards` drawn from `size`), with math.comb."""
    ways = sum(comb(matching, i) * comb(size - matching, cards - i) for i in range(k, min(matching, cards) + 1))
    return Fraction(ways, comb(size, cards))


def at_most(k: int, matching: int, size: int, cards: int) -> Fraction:
    return 1 - at_least(k + 1, matching, size, cards)


def miss(matching: int, size: int, cards: int) -> Fraction:
    return Fraction(comb(size - matching, cards), comb(size, cards))


# 1. Hypergeometric values by hand --------------------------------------------------------------------------------


def test_one_of_17_in_5_from_50():
    result = exact_probability(model([(1, 17), (0, 33)], [">=1 hit"], hand=5), None)
    none = exact_probability(model([(1, 17), (0, 33)], [">=1 hit"], hand=5), no_mulligan(None))
    assert none.probability == 1 - Fraction(comb(33, 5), comb(50, 5))
    assert round(float(none.probability), 6) == 0.887984
    assert result.probability > none.probability  # the optimal mulligan helps


def test_a_3_of_in_5_from_40():
    result = exact_probability(model([(1, 3), (0, 37)], [">=1 x"], hand=5), no_mulligan(None))
    assert result.probability == 1 - Fraction(comb(37, 5), comb(40, 5))
    assert round(float(result.probability), 6) == 0.337551


def test_two_different_3_ofs_both_in_5_from_40():
    m = model([(1, 3), (2, 3), (0, 34)], [">=1 a", ">=1 b"], hand=5)
    result = exact_probability(m, no_mulligan(m))
    # inclusion-exclusion: 1 - P(no a) - P(no b) + P(neither)
    expected = 1 - 2 * Fraction(comb(37, 5), comb(40, 5)) + Fraction(comb(34, 5), comb(40, 5))
    assert result.probability == expected
    assert round(float(result.probability), 6) == 0.097978


@pytest.mark.parametrize(("k", "matching", "draws"), [(0, 12, 0), (1, 12, 2), (2, 8, 3), (3, 20, 1)])
def test_at_most_k(k, matching, draws):
    m = model([(1, matching), (0, 40 - matching)], [f"<={k} x"], hand=5, draws=draws)
    assert exact_probability(m, no_mulligan(m)).probability == at_most(k, matching, 40, 5 + draws)


@pytest.mark.parametrize(("k", "matching", "draws"), [(2, 8, 1), (2, 17, 0), (3, 12, 4), (5, 12, 0)])
def test_at_least_k(k, matching, draws):
    m = model([(1, matching), (0, 50 - matching)], [f">={k} x"], hand=5, draws=draws)
    assert exact_probability(m, no_mulligan(m)).probability == at_least(k, matching, 50, 5 + draws)


def test_at_least_and_at_most_on_disjoint_filters():
    """`>=2 a` with `<=1 b` on 6 + 10 of 40 cards in 7: the sum over the a and b counts, written out."""
    m = model([(1, 6), (2, 10), (0, 24)], [">=2 a", "<=1 b"], hand=5, draws=2)
    ways = sum(comb(6, i) * comb(10, j) * comb(24, 7 - i - j) for i in range(2, 7) for j in range(0, 2) if i + j <= 7)
    assert exact_probability(m, no_mulligan(m)).probability == Fraction(ways, comb(40, 7))


def test_a_want_no_card_matches():
    """`>=1` of nothing never holds; `<=0` of nothing always does."""
    atoms = [(0, 40)]
    assert exact_probability(model(atoms, [">=1 x"], hand=5), no_mulligan(None)).probability == 0
    assert exact_probability(model(atoms, ["<=0 x"], hand=5), no_mulligan(None)).probability == 1


# 2. Closed forms of `none` and `keep:FILTER` under every mulligan kind -----------------------------------------


N, C, HAND, D = 40, 6, 5, 3
ONE_WANT = [(0b11, C), (0, N - C)]  # bit 0: the want, bit 1: the keep filter (the same cards)


def closed_form_keep(kind: MulliganKind) -> Fraction:
    """`>=1 X` with `keep:X`: fails only when the first hand misses and so does what follows the mulligan."""
    first = miss(C, N, HAND)
    if kind in (PARTIAL, FULL_SHUFFLE):  # all 5 back and shuffled: n + d cards from the whole deck
        after = miss(C, N, HAND + D)
    elif kind is FULL_BOTTOM:  # the old hand waits at the bottom: n + d cards from the other N - n
        after = miss(C, N - HAND, HAND + D)
    else:  # set aside: a new hand from the other N - n, then the old hand back and d draws from N - n
        after = miss(C, N - HAND, HAND) * miss(C, N - HAND, D)
    return 1 - first * after


@pytest.mark.parametrize("kind", list(MulliganKind))
def test_keep_filter_and_none_equal_their_closed_forms(kind):
    m = model(ONE_WANT, [">=1 x"], hand=HAND, kind=kind, draws=D, keep_bit=1)
    engine = ExactEngine(m)
    assert engine.evaluate(no_mulligan(m)).probability == 1 - miss(C, N, HAND + D)
    kept = engine.evaluate(keep_filter_plan(m, "x"))
    assert kept.probability == closed_form_keep(kind)
    assert kept.plan.name == "keep:x"
    # for a single `>=1` want, `optimal` is the same policy (spec: keep:FILTER = optimal)
    assert engine.optimal().probability == closed_form_keep(kind)


def test_partial_keep_filter_for_at_least_two():
    """`>=2 X` with `keep:X`, partial mulligan: keep the j copies, draw 5 - j + d from the other N - j cards."""
    m = model(ONE_WANT, [">=2 x"], hand=HAND, draws=D, keep_bit=1)
    expected = sum(
        (at_least(j, C, N, HAND) - at_least(j + 1, C, N, HAND))  # exactly j copies in the first hand
        * at_least(max(0, 2 - j), C - j, N - j, HAND - j + D)
        for j in range(HAND + 1)
    )
    assert ExactEngine(m).evaluate(keep_filter_plan(m, "x")).probability == expected


def test_partial_optimal_for_at_least_two_is_the_best_sub_hand():
    """Optimal = for each first hand (i copies, o others), the best kept (j <= i, p <= o), by comb alone."""
    m = model([(1, C), (0, N - C)], [">=2 x"], hand=HAND, draws=D)

    def value(j: int, p: int) -> Fraction:
        return at_least(max(0, 2 - j), C - j, N - j - p, HAND - j - p + D)

    expected = sum(
        Fraction(comb(C, i) * comb(N - C, HAND - i), comb(N, HAND))
        * max(value(j, p) for j in range(i + 1) for p in range(HAND - i + 1))
        for i in range(HAND + 1)
    )
    assert ExactEngine(m).optimal().probability == expected


def test_the_deck_running_out_is_refused():
    m = model([(1, 2), (0, 6)], [">=1 x"], hand=5, draws=4)
    with pytest.raises(ExactUnavailable, match="runs out"):
        ExactEngine(m).evaluate(no_mulligan(m))
    with pytest.raises(ExactUnavailable, match="fewer than"):
        ExactEngine(model([(1, 2), (0, 2)], [">=1 x"], hand=5))


def test_full_bottom_draws_reaching_the_old_hand_are_refused():
    m = model([(1, 2), (0, 10)], [">=1 x"], hand=4, kind=FULL_BOTTOM, draws=5, keep_bit=0)
    engine = ExactEngine(m)
    assert engine.evaluate(no_mulligan(m)).probability == 1 - miss(2, 12, 9)
    with pytest.raises(ExactUnavailable, match="bottom"):
        engine.evaluate(keep_filter_plan(m, "x"))


def test_simulate_only_models_are_refused():
    m = model([(1, 2), (0, 10)], [">=1 x"], hand=4)
    m = replace(m, turns=TurnModel(draws=1, simulate_only="hand-dependent turns"))
    with pytest.raises(ExactUnavailable, match="hand-dependent turns"):
        ExactEngine(m)


def test_work_limit_refuses_large_models():
    """Many atoms of one card each: the engine refuses before counting (the answer simulates instead)."""
    atoms = [(mask, 1) for mask in range(1, 64)] + [(0, 10)]
    m = model(atoms, [f">=1 w{i}" for i in range(6)], hand=5)
    engine = ExactEngine(m)
    with pytest.raises(ExactUnavailable, match="limit"):
        engine.evaluate(no_mulligan(m))
    with pytest.raises(ExactUnavailable, match="limit"):
        engine.optimal()
    assert engine.steps == 0


# 3. Card-by-card brute force on small decks: every mulligan kind, plans and the optimum ------------------------

# 10 cards: bits 0-2 are the wants `>=2 A`, `>=1 B`, `<=1 C`; bit 3 is the keep filter. Atoms overlap on purpose.
SMALL_ATOMS = [(0b1011, 2), (0b0001, 1), (0b1010, 1), (0b0110, 2), (0b1100, 1), (0, 3)]
SMALL_WANTS = [">=2 A", ">=1 B", "<=1 C"]
SMALL_HAND, SMALL_DRAWS = 3, 2


def small_model(kind: MulliganKind, wants: Sequence[str] = SMALL_WANTS) -> OddsModel:
    return model(SMALL_ATOMS, wants, hand=SMALL_HAND, kind=kind, draws=SMALL_DRAWS, keep_bit=3)


class BruteForce:
    """The physical cards of a model (card i belongs to atom atom_of[i]), every draw enumerated card by card."""

    def __init__(self, m: OddsModel, seek_look: int = 0) -> None:
        self.m = m
        self.atom_of = [a for a, atom in enumerate(m.atoms) for _ in range(atom.count)]
        self.cards = frozenset(range(len(self.atom_of)))
        self.n = m.hand_size
        self.d = m.turns.draws
        self.seek_look = seek_look

    def composition(self, cards) -> Composition:
        found = [0] * len(self.m.atoms)
        for card in cards:
            found[self.atom_of[card]] += 1
        return tuple(found)

    def holds(self, reached) -> bool:
        for bit, w in enumerate(self.m.wants):
            matching = sum(1 for card in reached if self.m.atoms[self.atom_of[card]].mask >> bit & 1)
            if not w.holds(matching):
                return False
        return True

    def succeeds(self, reached: frozenset) -> Fraction:
        """Success given the reached cards; with a seek, the next `look` cards of the shuffled rest, in order."""
        if not self.seek_look or any(self.m.matches(self.m.atoms[self.atom_of[c]], self.m.seek_bit) for c in reached):
            return Fraction(self.holds(reached))
        rest = sorted(self.cards - reached)
        orders = list(permutations(rest, min(self.seek_look, len(rest))))
        total = 0
        for order in orders:
            found = next((c for c in order if self.m.matches(self.m.atoms[self.atom_of[c]], self.m.seek_bit)), None)
            total += self.holds(reached if found is None else reached | {found})
        return Fraction(total, len(orders))

    @cache  # noqa: B019 - one small object per test
    def draw(self, base: frozenset, pool: frozenset, m: int) -> Fraction:
        """P(success) for `base` plus a uniformly random m-card subset of `pool`."""
        outcomes = [self.succeeds(base | set(extra)) for extra in combinations(sorted(pool), m)]
        return sum(outcomes, Fraction(0)) / len(outcomes)

    def hands(self):
        hands = list(combinations(sorted(self.cards), self.n))
        for hand in hands:
            yield frozenset(hand), Fraction(1, len(hands))

    def keep_value(self, kept: frozenset) -> Fraction:
        return self.draw(kept, self.cards - kept, self.n - len(kept) + self.d)

    def redraw_value(self, hand: frozenset) -> Fraction:
        kind, rest = self.m.mulligan, self.cards - hand
        if kind is FULL_SHUFFLE:
            return self.draw(frozenset(), self.cards, self.n + self.d)
        if kind is FULL_BOTTOM:
            return self.draw(frozenset(), rest, self.n + self.d)
        # set aside: a new hand from the rest, then the old hand back into the deck and the turns' draws
        news = list(combinations(sorted(rest), self.n))
        total = sum((self.draw(frozenset(new), self.cards - set(new), self.d) for new in news), Fraction(0))
        return total / len(news)

    def kept_cards(self, hand: frozenset, keep: Composition) -> frozenset:
        """Which cards of the hand a kept composition means (cards of one atom are interchangeable)."""
        left = list(keep)
        kept = set()
        for card in sorted(hand):
            if left[self.atom_of[card]]:
                left[self.atom_of[card]] -= 1
                kept.add(card)
        assert sum(left) == 0, "the plan keeps cards that are not in the hand"
        return frozenset(kept)

    def evaluate(self, plan: MulliganPlan) -> Fraction:
        total = Fraction(0)
        for hand, chance in self.hands():
            h = self.composition(hand)
            if self.m.mulligan.partial:
                total += chance * self.keep_value(self.kept_cards(hand, plan.keep(h)))
            elif plan.redraw(h):
                total += chance * self.redraw_value(hand)
            else:
                total += chance * self.keep_value(hand)
        return total

    def optimal(self) -> Fraction:
        total = Fraction(0)
        for hand, chance in self.hands():
            if self.m.mulligan.partial:
                subsets = (frozenset(s) for size in range(self.n + 1) for s in combinations(sorted(hand), size))
                best = max(self.keep_value(kept) for kept in subsets)
            else:
                best = max(self.keep_value(hand), self.redraw_value(hand))
            total += chance * best
        return total


def random_plan(m: OddsModel, seed: int) -> MulliganPlan:
    """A table of arbitrary decisions per opening hand: a random sub-hand to keep, a coin to redraw."""
    rng = random.Random(seed)
    keeps, redraws = {}, {}
    for hand in compositions(m.counts, m.hand_size):
        keeps[hand] = tuple(rng.randint(0, x) for x in hand)
        redraws[hand] = rng.random() < 0.5
    return MulliganPlan(f"random {seed}", keep=keeps.__getitem__, redraw=redraws.__getitem__)


@pytest.fixture(scope="module", params=list(MulliganKind), ids=str)
def small(request) -> tuple[OddsModel, BruteForce, ExactEngine]:
    m = small_model(request.param)
    return m, BruteForce(m), ExactEngine(m)


def test_small_deck_none_and_keep_match_the_brute_force(small):
    m, brute, engine = small
    assert m.size == 10
    for plan in (no_mulligan(m), keep_filter_plan(m, "keep")):
        exact = engine.evaluate(plan).probability
        assert exact == brute.evaluate(plan), plan.name
        assert 0 < exact < 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_small_deck_arbitrary_plans_match_the_brute_force(small, seed):
    m, brute, engine = small
    plan = random_plan(m, seed)
    assert engine.evaluate(plan).probability == brute.evaluate(plan)


def test_small_deck_optimal_is_the_brute_force_optimum(small):
    m, brute, engine = small
    result = engine.optimal()
    assert result.probability == brute.optimal()
    assert result.plan.name == "optimal"
    # the decisions reproduce the probability, and re-evaluating the optimal plan gives the same number
    assert sum(d.chance for d in result.decisions) == 1
    assert engine.evaluate(result.plan).probability == result.probability


def test_small_deck_optimal_beats_every_other_plan(small):
    m, _, engine = small
    best = engine.optimal().probability
    others = [no_mulligan(m), keep_filter_plan(m, "keep"), *(random_plan(m, seed) for seed in range(10, 30))]
    for plan in others:
        assert engine.evaluate(plan).probability <= best, plan.name


@pytest.mark.parametrize("kind", list(MulliganKind), ids=str)
@pytest.mark.parametrize("wants", [[">=1 A", "<=0 B"], ["<=1 A", ">=2 B"], [">=3 A"]], ids=str)
def test_small_deck_other_wants(kind, wants):
    m = small_model(kind, wants)
    brute, engine = BruteForce(m), ExactEngine(m)
    assert engine.evaluate(no_mulligan(m)).probability == brute.evaluate(no_mulligan(m))
    assert engine.optimal().probability == brute.optimal()


# 3b. Per-want deadlines (`@N`) and the --any group, against the brute force ----------------------------------

# The same 10 cards; cumulative draws by own turns 0, 1, 2 and 3 (as a game's turn model gives them).
STAGED_DRAWS = (0, 1, 3, 4)


def staged_model(
    kind: MulliganKind, wants: Sequence[tuple[str, int]], anys: Sequence[tuple[str, int]] = ()
) -> OddsModel:
    """SMALL_ATOMS with wants (text, deadline) and an --any group; bits in order: wants, then anys, then keep (3).

    The anys reuse the masks' bits 0-2 (A, B, C), so a want and an any may share a bit (one filter asked twice)."""
    asked = [(*w, False) for w in wants] + [(*a, True) for a in anys]
    letters = "ABC"
    bit_of = [letters.index(text[-1]) for text, _, _ in asked]
    atoms = tuple(
        Atom(
            sum(1 << j for j, b in enumerate(bit_of) if mask >> b & 1) | (1 << len(asked) if mask & 0b1000 else 0),
            n,
            (),
        )
        for mask, n in SMALL_ATOMS
    )
    horizon = max(turn for _, turn, _ in asked)
    return OddsModel(
        None,
        "first",
        horizon,
        SMALL_HAND,
        kind,
        tuple(replace(want(text), turn=turn, any_of=any_of) for text, turn, any_of in asked),
        atoms,
        len(asked),
        None,
        TurnModel(draws=STAGED_DRAWS[horizon]),
        (),
        STAGED_DRAWS[:horizon],
    )


class StagedBruteForce(BruteForce):
    """The brute force with each want applied to the cards reached by its own deadline (the draws dealt stage by
    stage, every subset enumerated), and the --any group: at least one of them must hold."""

    def __init__(self, m: OddsModel) -> None:
        super().__init__(m)
        self.deadlines = sorted({w.turn for w in m.wants})
        self.turn_draws = [m.draws_by(t) for t in self.deadlines]

    def success(self, prefixes: tuple[frozenset, ...]) -> bool:
        alternatives = []
        for bit, w in enumerate(self.m.wants):
            reached = prefixes[self.deadlines.index(w.turn)]
            holds = w.holds(sum(1 for card in reached if self.m.atoms[self.atom_of[card]].mask >> bit & 1))
            if w.any_of:
                alternatives.append(holds)
            elif not holds:
                return False
        return not alternatives or any(alternatives)

    @cache  # noqa: B019 - one small object per test
    def staged(self, base: frozenset, pool: frozenset, first: int) -> Fraction:
        draws = [self.turn_draws[0] + first] + [
            b - a for a, b in zip(self.turn_draws, self.turn_draws[1:], strict=False)
        ]
        return self._walk(base, pool, tuple(draws), ())

    def _walk(self, reached: frozenset, pool: frozenset, draws: tuple[int, ...], prefixes: tuple) -> Fraction:
        if len(prefixes) == len(draws):
            return Fraction(self.success(prefixes))
        outcomes = []
        for extra in combinations(sorted(pool), draws[len(prefixes)]):
            now = reached | set(extra)
            outcomes.append(self._walk(now, pool - set(extra), draws, (*prefixes, now)))
        return sum(outcomes, Fraction(0)) / len(outcomes)

    def keep_value(self, kept: frozenset) -> Fraction:
        return self.staged(kept, self.cards - kept, self.n - len(kept))

    def redraw_value(self, hand: frozenset) -> Fraction:
        kind, rest = self.m.mulligan, self.cards - hand
        if kind is FULL_SHUFFLE:
            return self.staged(frozenset(), self.cards, self.n)
        if kind is FULL_BOTTOM:
            return self.staged(frozenset(), rest, self.n)
        news = list(combinations(sorted(rest), self.n))
        total = sum((self.staged(frozenset(new), self.cards - set(new), 0) for new in news), Fraction(0))
        return total / len(news)


STAGED_QUESTIONS = [
    ([(">=1 A", 0), (">=1 B", 2)], []),
    ([(">=2 A", 1), ("<=1 C", 3)], []),
    ([(">=1 B", 1), (">=2 A", 2), ("<=0 C", 2)], []),
    ([(">=1 A", 3)], [(">=1 B", 0), ("<=0 C", 2)]),
    ([], [(">=2 A", 1), (">=1 C", 0)]),
    ([("<=1 A", 2)], [(">=1 A", 0), (">=2 B", 3)]),
]


@pytest.mark.parametrize("kind", list(MulliganKind), ids=str)
@pytest.mark.parametrize(("wants", "anys"), STAGED_QUESTIONS, ids=str)
def test_deadlines_and_any_match_the_brute_force(kind, wants, anys):
    m = staged_model(kind, wants, anys)
    brute, engine = StagedBruteForce(m), ExactEngine(m)
    for plan in (no_mulligan(m), keep_filter_plan(m, "keep"), random_plan(m, 5)):
        assert engine.evaluate(plan).probability == brute.evaluate(plan), plan.name
    optimal = engine.optimal()
    assert optimal.probability == brute.optimal()
    assert 0 < optimal.probability < 1


def test_one_deadline_for_every_want_is_the_plain_answer():
    """Every want at the same deadline: one stage, the same numbers as the single-turn engine."""
    m = staged_model(PARTIAL, [(">=2 A", 2), (">=1 B", 2), ("<=1 C", 2)])
    plain = small_model(PARTIAL)
    plain = replace(plain, turns=TurnModel(draws=STAGED_DRAWS[2]))
    assert ExactEngine(m).optimal().probability == ExactEngine(plain).optimal().probability


# 4. The seek step (Vanguard's G assist on own turn 1) ----------------------------------------------------------

# 9 cards: bit 0 `>=1 A`, bit 1 `<=1 B`, bit 2 the seek filter; the seek can add an A card, and a B card.
SEEK_ATOMS = [(0b111, 2), (0b100, 1), (0b011, 1), (0b010, 2), (0, 3)]


def seek_model(wants: Sequence[str], look: int = 2, hand: int = 3, draws: int = 1) -> OddsModel:
    seek = Seek(lambda card: True, look, "seek", "test")
    return model(SEEK_ATOMS, wants, hand=hand, draws=draws, seek=seek, seek_bit=2)


@pytest.mark.parametrize("wants", [[">=1 A", "<=1 B"], [">=1 A"], ["<=0 A"], [">=2 A", "<=1 B"]], ids=str)
@pytest.mark.parametrize("look", [1, 2, 3])
def test_seek_matches_the_brute_force(wants, look):
    m = seek_model(wants, look=look)
    brute, engine = BruteForce(m, seek_look=look), ExactEngine(m)
    assert engine.evaluate(no_mulligan(m)).probability == brute.evaluate(no_mulligan(m))
    assert engine.optimal().probability == brute.optimal()


def test_seek_closed_form_vanguard_grade_1_on_turn_1():
    """14 grade-1 of 49, 6 cards by turn 1, else the topmost grade 1 of the next 5: the spec's 0.9857."""
    seek = Seek(lambda card: True, 5, "grade 1 (G assist)", "6.4.1.2")
    m = model([(0b11, 14), (0, 35)], [">=1 grade=1"], hand=5, draws=1, seek=seek, seek_bit=1)
    expected = 1 - Fraction(comb(35, 6), comb(49, 6)) * Fraction(comb(29, 5), comb(43, 5))
    assert exact_probability(m, no_mulligan(m)).probability == expected
    assert round(float(expected), 4) == 0.9857


def test_seek_of_other_cards_changes_nothing_for_a_want_they_do_not_match():
    """The seek adds a card that matches no want: `>=2 x` is the plain hypergeometric value."""
    seek = Seek(lambda card: True, 5, "other", "test")
    m = model([(0b01, 8), (0b10, 10), (0, 31)], [">=2 x"], hand=5, draws=1, seek=seek, seek_bit=1)
    assert exact_probability(m, no_mulligan(m)).probability == at_least(2, 8, 49, 6)


# 5. Decisions ---------------------------------------------------------------------------------------------------


def decisions_by_hand(result: ExactResult) -> dict[Composition, object]:
    return {d.hand: d for d in result.decisions}


def test_partial_optimal_returns_a_hand_without_the_card_and_keeps_one_with_it():
    m = model([(1, 14), (0, 35)], [">=1 grade=1"], hand=5)
    table = decisions_by_hand(ExactEngine(m).optimal())
    assert table[(0, 5)].keep == (0, 0)  # nothing wanted: return all 5
    assert table[(1, 4)].keep == (1, 4)  # the want already holds: nothing is returned (ties keep more cards)
    assert table[(1, 4)].value == 1
    assert table[(0, 5)].value == 1 - miss(14, 49, 5)
    assert sum(d.chance for d in table.values()) == 1


def test_partial_optimal_returns_cards_a_want_caps():
    """`<=1 x`: a hand with 3 copies keeps one of them (or none) and returns the rest."""
    m = model([(1, 10), (0, 30)], ["<=1 x"], hand=5)
    table = decisions_by_hand(ExactEngine(m).optimal())
    assert table[(3, 2)].keep[0] <= 1
    assert table[(0, 5)].keep == (0, 5)


@pytest.mark.parametrize("kind", [FULL_SHUFFLE, FULL_BOTTOM, SET_ASIDE], ids=str)
def test_full_optimal_redraws_only_without_the_card(kind):
    m = model([(1, 4), (0, 36)], [">=1 x"], hand=5, kind=kind, draws=2)
    table = decisions_by_hand(ExactEngine(m).optimal())
    assert table[(0, 5)].redraw and table[(0, 5)].keep == (0, 0)
    assert not table[(1, 4)].redraw and table[(1, 4)].keep == (1, 4)


def test_full_optimal_keeps_a_hand_when_redrawing_is_worth_no_more():
    """A want that always holds: the redraw is never strictly better, so every hand is kept."""
    m = model([(1, 4), (0, 36)], ["<=5 x"], hand=5, kind=FULL_SHUFFLE)
    result = ExactEngine(m).optimal()
    assert result.probability == 1
    assert not any(d.redraw for d in result.decisions)


# 6. The optimal partial mulligan values only the full hands (issue 26, item 7) ---------------------------------


@pytest.mark.parametrize(("wants", "anys"), STAGED_QUESTIONS, ids=str)
def test_keep_values_are_the_sum_over_every_redraw(wants, anys):
    """Each smaller keep's value, from the keeps one card larger, is the very fraction of the hypergeometric sum
    over every redraw (one DP per keep, as the optimal mulligan computed it before)."""
    m = staged_model(PARTIAL, wants, anys)
    values = ExactEngine(m).keep_values()
    direct = ExactEngine(m)
    assert set(values) == {k for size in range(SMALL_HAND + 1) for k in compositions(m.counts, size)}
    for keep, value in values.items():
        assert value == direct.keep_value(keep), keep


def test_the_optimal_partial_mulligan_runs_one_dp_per_full_hand(monkeypatch):
    """Before: one DP per keep of every size (and with the chain, every keep times every redraw); now only the full
    hands go to the engine, and the answer is the brute force's."""
    m = staged_model(PARTIAL, [(">=1 A", 3)], [(">=1 B", 0), ("<=0 C", 2)])
    engine = ExactEngine(m)
    valued: list[Composition] = []
    keep_value = ExactEngine.keep_value

    def spy(self, keep):
        valued.append(keep)
        return keep_value(self, keep)

    monkeypatch.setattr(ExactEngine, "keep_value", spy)
    result = engine.optimal()
    assert sorted(valued) == sorted(compositions(m.counts, SMALL_HAND))
    assert result.probability == StagedBruteForce(m).optimal()


def test_the_optimal_partial_mulligans_work_counts_no_keep_times_hand():
    """The work estimate follows the algorithm: a partial optimal mulligan costs the hands' DPs and a few fraction
    operations per smaller keep, not a DP per keep."""
    m = small_model(PARTIAL)
    engine = ExactEngine(m)
    keeps = sum(len(compositions(m.counts, j)) for j in range(SMALL_HAND))
    assert engine.work(optimal=True) == engine.work(optimal=False) + keeps * len(m.atoms) * 10


def test_a_one_card_deck_is_said_in_the_singular():
    """Issue 26, item 21: "1 cards"."""
    with pytest.raises(ExactUnavailable, match=r"^the deck has 1 card, fewer than a 3-card hand$"):
        ExactEngine(model([(0b1, 1)], [">=1 A"], hand=3))


@pytest.mark.parametrize(
    ("seconds", "english", "japanese"),
    [
        (4.25, "about 4.2 s", "約4.2秒"),
        (42, "about 42 s", "約42秒"),
        (600, "about 10 min", "約10分"),
        (7200, "more than an hour", "1時間以上"),
    ],
)
def test_how_long_exact_would_take_in_both_languages(seconds, english, japanese):
    from deckcheck.cli.language import speak
    from deckcheck.stats.exact import _about, _more_than

    assert _about(seconds) == english
    assert _more_than(seconds) == english.replace("about", "more than")
    speak("ja")
    assert _about(seconds) == japanese
    assert _more_than(seconds) == japanese if seconds >= 3600 else japanese.replace("約", "") + "以上"
