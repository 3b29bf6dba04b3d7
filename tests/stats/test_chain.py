"""The exact chain for hand-dependent turns (deckcheck.stats.chain, Vanguard's process) against a card-by-card brute
force written from the spec: drive checks at the vanguard's drive, a checked draw trigger of its clan drawing a card,
G assist (the topmost grade-(VG+1) card of the top 5, revealed one card at a time; the 2 lowest-grade other hand cards
paid, random among ties), rides (a normal unit, then the largest drive), each want at its own deadline, an --any group.

The brute force keeps every card apart (no atoms, no fodder) and gives each uniformly random card its own branch, so
it shares nothing with the chain but the rules.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

import pytest
from conftest import make_db, make_deck

from deckcheck.model.cards import Card
from deckcheck.model.query import parse_query
from deckcheck.stats.exact import ExactEngine
from deckcheck.stats.model import (
    Composition,
    Dealing,
    atom_of,
    build_model,
    keep_filter_plan,
    no_mulligan,
    population,
)

CLAN = ["テストパラディン"]


def unit(number: str, grade: int, trigger: str = "none", skill: str = "boost", clans=CLAN) -> dict:
    kind = "normal" if trigger == "none" else "trigger"
    return {"number": number, "name": number, "type": kind, "grade": grade, "trigger": trigger, "clans": clans}


RECORDS = [
    unit("FV", 0) | {"skill": "boost"},
    unit("Z0", 0),
    unit("G1", 1),
    unit("G1T", 1) | {"skill": "twin-drive"},  # the engine reads the skill, not the grade (2.16.2, 11.2)
    unit("G2", 2),
    unit("G3", 3) | {"skill": "twin-drive"},
    unit("DRW", 0, "draw"),
    unit("CRI", 0, "critical"),
    unit("XDRW", 0, "draw", clans=["よそのクラン"]),  # of no vanguard's clan: never draws
    {"number": "GU", "name": "GU", "type": "g-unit", "grade": 4, "trigger": "none", "clans": CLAN},
]
# 14 cards after the first vanguard: 13 + the hand of 5 leave 9 to draw, more than own turn 2 can take (8).
MAIN = {"FV": 1, "Z0": 1, "G1": 2, "G1T": 1, "G2": 3, "G3": 1, "DRW": 2, "CRI": 2, "XDRW": 1}


@pytest.fixture(scope="module")
def db():
    return make_db("vanguard", RECORDS)


def drive_of(card: Card, floor: bool) -> int:
    return 1 if floor else {"twin-drive": 2, "triple-drive": 3}.get(card.skill or "", 1)


Bag = tuple[tuple[str, int], ...]  # a multiset of card numbers, sorted


def bag(counts: dict[str, int]) -> Bag:
    return tuple(sorted((number, n) for number, n in counts.items() if n))


def plus(b: Bag, number: str, n: int = 1) -> Bag:
    counts = dict(b)
    counts[number] = counts.get(number, 0) + n
    return bag(counts)


def size(b: Bag) -> int:
    return sum(n for _, n in b)


class Brute:
    """Exact odds on the cards themselves: the state is the multiset of reached cards (by number: copies are alike),
    the hand, the vanguard's number and the G zone; each card number the deck can give is a branch."""

    def __init__(self, model, wants, anys):
        self.model = model
        self.by_number: dict[str, Card] = {}
        counts: dict[str, int] = {}
        for card, n in population(model.deck, "first", {})[1]:  # the 14 cards after the first vanguard
            self.by_number[card.number] = card
            counts[card.number] = counts.get(card.number, 0) + n
        self.deck_counts = counts
        self.fv = next(card for card, _ in model.deck.cards("main") if card.number == "FV")
        self.by_number["FV"] = self.fv
        self.g_zone = sum(n for _, n in model.deck.cards("g"))
        self.going, self.floor = model.going, model.floor
        self.asked = [(query, False) for query in wants] + [(query, True) for query in anys]
        self.deadline = [model.turn if query.deadline is None else query.deadline for query, _ in self.asked]
        self.horizon = max(self.deadline)
        any_deadlines = [d for (_, any_of), d in zip(self.asked, self.deadline, strict=True) if any_of]
        self.or_closes = max(any_deadlines) if any_deadlines else None
        self.atom = atom_of(model)

    def card(self, number: str) -> Card:
        return self.by_number[number]

    # ---- the wants ------------------------------------------------------------------------------------------

    def check(self, t: int, reached: Bag, flag: bool) -> bool | None:
        for (query, any_of), deadline in zip(self.asked, self.deadline, strict=True):
            if deadline != t:
                continue
            holds = query.holds(sum(n for number, n in reached if query.filter(self.card(number))))
            if any_of:
                flag = flag or holds
            elif not holds:
                return None
        if t == self.or_closes and not flag:
            return None
        return flag

    # ---- one own turn ---------------------------------------------------------------------------------------

    def deck(self, reached: Bag) -> dict[str, int]:
        left = dict(self.deck_counts)
        for number, n in reached:
            left[number] -= n
        return {number: n for number, n in left.items() if n}

    def draws(self, state):
        """Every card number the deck may give, with chance copies / deck size."""
        reached, hand, *rest = state
        deck = self.deck(reached)
        total = sum(deck.values())
        for number, n in sorted(deck.items()):
            yield Fraction(n, total), (plus(reached, number), plus(hand, number), *rest), number

    def drive_checks(self, state):
        vanguard = self.card(state[2])
        out = [(Fraction(1), state)]
        for _ in range(drive_of(vanguard, self.floor)):
            step = []
            for p, s in out:
                for q, checked, number in self.draws(s):
                    card = self.card(number)
                    draws = not self.floor and card.trigger == "draw" and set(card.clans) & set(vanguard.clans)
                    if draws:
                        step += [(p * q * r, after) for r, after, _ in self.draws(checked)]
                    else:
                        step.append((p * q, checked))
            out = step
        return out

    @cache  # noqa: B019 - one small object per test
    def reveal(self, deck: Bag, grade: int, look: int) -> tuple[tuple[str | None, Fraction], ...]:
        """The topmost card of the grade among the top `look` of a shuffled deck, revealing one card at a time."""
        total = size(deck)
        if look == 0 or not total:
            return ((None, Fraction(1)),)
        found: dict[str | None, Fraction] = {}
        for number, n in deck:
            p = Fraction(n, total)
            if self.card(number).grade == grade:
                found[number] = found.get(number, 0) + p
            else:
                for other, q in self.reveal(plus(deck, number, -1), grade, look - 1):
                    found[other] = found.get(other, 0) + p * q
        return tuple(found.items())

    def g_assist(self, state):
        reached, hand, at, g_zone = state
        vanguard = self.card(at)
        target = vanguard.grade + 1
        if vanguard.grade >= 3 or g_zone < 2 or any(self.card(number).grade == target for number, _ in hand):
            return [(Fraction(1), state)]
        out = []
        for found, p in self.reveal(bag(self.deck(reached)), target, 5):
            if found is None:
                out.append((p, state))
                continue
            for q, left in self.payments(hand):
                out.append((p * q, (plus(reached, found), plus(left, found), at, g_zone - 2)))
        return out

    def payments(self, hand: Bag):
        """The hands left after paying the 2 lowest-grade cards, each pair of cards among ties equally likely."""
        cards = [number for number, n in hand for _ in range(n)]
        if len(cards) <= 2:
            return [(Fraction(1), ())]
        ordered = sorted(cards, key=lambda number: self.card(number).grade)
        cut = self.card(ordered[1]).grade
        below = [number for number in ordered if self.card(number).grade < cut]
        tied = [i for i, number in enumerate(ordered) if self.card(number).grade == cut]
        pairs = list(combinations(tied, 2 - len(below)))  # positions: copies are distinct cards here
        out: dict[Bag, Fraction] = {}
        for pair in pairs:
            left = dict(hand)
            for number in below:
                left[number] -= 1
            for i in pair:
                left[ordered[i]] -= 1
            key = bag(left)
            out[key] = out.get(key, 0) + Fraction(1, len(pairs))
        return [(p, left) for left, p in out.items()]

    def ride(self, state):
        reached, hand, at, g_zone = state
        grade = self.card(at).grade + 1
        candidates = [number for number, _ in hand if self.card(number).grade == grade]
        candidates = [number for number in candidates if self.card(number).type != "g-unit"]
        if not candidates:
            return state
        best = max(candidates, key=lambda n: (self.card(n).type == "normal", drive_of(self.card(n), self.floor)))
        return (reached, plus(hand, best, -1), best, g_zone)

    def own_turn(self, state, k: int):
        out = [(Fraction(1), state)]
        if k - 1 >= 1 and not (self.going == "first" and k - 1 == 1):
            out = [(p * q, after) for p, s in out for q, after in self.drive_checks(s)]
        out = [(p * q, after) for p, s in out for q, after, _ in self.draws(s)]
        out = [(p * q, after) for p, s in out for q, after in self.g_assist(s)]
        return [(p, self.ride(s)) for p, s in out]

    # ---- values -------------------------------------------------------------------------------------------

    @cache  # noqa: B019
    def value(self, t: int, state, flag: bool) -> Fraction:
        if t == self.horizon:
            return Fraction(1)
        total = Fraction(0)
        for p, after in self.own_turn(state, t + 1):
            next_flag = self.check(t + 1, after[0], flag)
            if next_flag is not None:
                total += p * self.value(t + 1, after, next_flag)
        return total

    @cache  # noqa: B019
    def after_mulligan(self, hand: Bag) -> Fraction:
        flag = self.check(0, hand, False)
        if flag is None:
            return Fraction(0)
        return self.value(0, (hand, hand, "FV", self.g_zone), flag)

    def samples(self, pool: dict[str, int], count: int):
        """Every multiset of `count` cards from `pool`, with its chance (copies are distinct cards)."""
        numbers = sorted(pool)
        total = comb(sum(pool.values()), count)

        def walk(i: int, left: int, taken: tuple):
            if left == 0:
                yield taken
                return
            if i == len(numbers):
                return
            for x in range(min(pool[numbers[i]], left), -1, -1):
                yield from walk(i + 1, left - x, (*taken, (numbers[i], x)) if x else taken)

        for taken in walk(0, count, ()):
            ways = 1
            for number, x in taken:
                ways *= comb(pool[number], x)
            yield Fraction(ways, total), bag(dict(taken))

    @cache  # noqa: B019
    def keep_value(self, kept: Bag) -> Fraction:
        pool = dict(self.deck_counts)
        for number, n in kept:
            pool[number] -= n
        return sum(
            (
                p * self.after_mulligan(bag(dict(kept)) if not extra else _union(kept, extra))
                for p, extra in self.samples(pool, 5 - size(kept))
            ),
            Fraction(0),
        )

    def composition(self, hand: Bag) -> Composition:
        found = [0] * len(self.model.atoms)
        for number, n in hand:
            found[self.atom(self.card(number))] += n
        return tuple(found)

    def evaluate(self, plan) -> Fraction:
        total = Fraction(0)
        for p, hand in self.samples(self.deck_counts, 5):
            keep = list(plan.keep(self.composition(hand)))
            kept: dict[str, int] = {}
            for number, n in hand:
                a = self.atom(self.card(number))
                x = min(n, keep[a])
                keep[a] -= x
                kept[number] = x
            total += p * self.keep_value(bag(kept))
        return total

    def optimal(self) -> Fraction:
        total = Fraction(0)
        for p, hand in self.samples(self.deck_counts, 5):
            total += p * max(self.keep_value(sub) for sub in _sub_bags(hand))
        return total


def _union(a: Bag, b: Bag) -> Bag:
    counts = dict(a)
    for number, n in b:
        counts[number] = counts.get(number, 0) + n
    return bag(counts)


def _sub_bags(hand: Bag):
    def walk(i: int, taken: tuple):
        if i == len(hand):
            yield bag(dict(taken))
            return
        number, n = hand[i]
        for x in range(n + 1):
            yield from walk(i + 1, (*taken, (number, x)))

    yield from walk(0, ())


QUESTIONS = [
    # (wants, anys, going, turn, floor, g deck)
    (["G1@1", "grade=2@2"], [], "second", 2, False, 16),
    ([">=2 grade=2"], [], "second", 2, False, 4),
    ([">=9 grade=0|1|2|3"], [], "second", 2, False, 0),  # 8 cards, and more by draw triggers and G1T's twin drive
    ([">=3 grade=0"], [], "second", 2, True, 0),  # the floor: exactly 8 cards
    (["grade=1@1"], ["G3@2", ">=2 trigger=draw@2"], "second", 2, False, 16),
    (["<=1 grade=2@1", "grade=3@2"], [], "first", 2, False, 16),
]


def asked(deck, texts):
    return [parse_query(text if "=" in text.split("@")[0] else f"number={text}", deck.game) for text in texts]


@pytest.mark.parametrize(("wants", "anys", "going", "turn", "floor", "g"), QUESTIONS, ids=str)
def test_the_chain_matches_the_card_by_card_brute_force(db, wants, anys, going, turn, floor, g):
    deck = make_deck(db, main=MAIN, **({"g": {"GU": g}} if g else {}))
    queries, alternatives = asked(deck, wants), asked(deck, anys)
    keep = parse_query("grade=1", deck.game).filter
    model = build_model(
        deck, queries, going=going, turn=turn, anys=alternatives, dealing=Dealing(floor=floor), keep=keep
    )
    assert model.turns.process is not None or floor
    engine, brute = ExactEngine(model), Brute(model, queries, alternatives)
    for plan in (no_mulligan(model), keep_filter_plan(model, "grade=1")):
        exact = engine.evaluate(plan).probability
        assert exact == brute.evaluate(plan), plan.name
        assert 0 < exact < 1
    assert engine.optimal().probability == brute.optimal()


@pytest.mark.parametrize(("wants", "anys", "going", "turn", "floor", "g"), QUESTIONS[:2] + QUESTIONS[4:5], ids=str)
def test_keep_values_from_the_full_hands_equal_the_chain_over_every_redraw(db, wants, anys, going, turn, floor, g):
    """With the chain, a keep's value from the keeps one card larger equals the hypergeometric sum of the chain's
    values over every redraw (the optimal mulligan's sum before, keeps x hands chain values)."""
    deck = make_deck(db, main=MAIN, **({"g": {"GU": g}} if g else {}))
    model = build_model(
        deck, asked(deck, wants), going=going, turn=turn, anys=asked(deck, anys), dealing=Dealing(floor=floor)
    )
    values = ExactEngine(model).keep_values()
    direct = ExactEngine(model)
    for keep, value in values.items():
        assert value == direct.keep_value(keep), keep


def test_the_chain_counts_the_next_states_it_checks(db, monkeypatch):
    """The budget counts each next state an own turn gives (folded, checked, looked up) as well as the transitions
    inside the turn: a budget the transitions alone fit in, but not with the next states, gives up (before, such a
    question ran on, 4-7 s on the shipped Vanguard deck where the budget meant about 2 s)."""
    from deckcheck.stats import chain as chain_module
    from deckcheck.stats.exact import ExactGaveUp

    deck = make_deck(db, main=MAIN, g={"GU": 16})
    model = build_model(deck, asked(deck, ["grade=3"]), going="second", turn=2, anys=asked(deck, ["grade=2"]))

    counted = {"transitions": 0, "next states": 0}
    process = type(model.turns.process)
    own_turn = process.own_turn

    def counting_turn(self, chain, state, k):
        before = chain.work  # what the turn counts inside: its transitions
        result = own_turn(self, chain, state, k)
        counted["transitions"] += chain.work - before
        counted["next states"] += len(result)
        return result

    monkeypatch.setattr(process, "own_turn", counting_turn)
    engine = ExactEngine(model)
    engine.evaluate(no_mulligan(model))
    assert engine.chain is not None
    transitions = counted["transitions"]
    assert engine.chain.work == transitions + counted["next states"] and counted["next states"] > 0
    monkeypatch.setattr(chain_module, "MAX_WORK", transitions)
    chain_module.forget_turns()  # else the second engine finds every turn computed: no work to count
    with pytest.raises(ExactGaveUp):
        ExactEngine(model).evaluate(no_mulligan(model))


def test_questions_on_the_same_cards_share_their_own_turns_and_their_fractions(db):
    """Issue 27: "grade 2 by turn 2" and the ride chain (grade 1, 2 by turns 1, 2) group the deck into the same
    atoms in another order (the model orders them by the wants); the chain orders them by the cards, so the second
    question finds most own turns it needs computed, and its answer is the fraction it has alone."""
    from deckcheck.stats import chain as chain_module

    deck = make_deck(db, main=MAIN, g={"GU": 16})
    grade_2 = build_model(deck, asked(deck, ["grade=2"]), going="second", turn=2)
    ride = build_model(deck, asked(deck, ["grade=1@1", "grade=2@2"]), going="second", turn=2)
    assert [atom.mask for atom in grade_2.atoms] != [atom.mask for atom in ride.atoms]
    chain_module.forget_turns()
    alone = ExactEngine(ride).optimal().probability
    needed = {kind: len(turns) for kind, turns in chain_module._TURNS.items()}
    chain_module.forget_turns()
    ExactEngine(grade_2).optimal()
    before = {kind: len(turns) for kind, turns in chain_module._TURNS.items()}
    assert before.keys() == needed.keys()  # the same kinds of chain: the same atoms, in the chain's order
    assert ExactEngine(ride).optimal().probability == alone
    after = {kind: len(turns) for kind, turns in chain_module._TURNS.items()}
    new = sum(after.values()) - sum(before.values())
    assert new < sum(needed.values()) // 2, (new, needed)  # most of the turns it needs were there
