"""Cardfight!! Vanguard's own turns for the statistics as exact transitions on card counts (the chain of
deckcheck.stats.chain); :mod:`deckcheck.games.vanguard.vector` runs the same turns on arrays of counts for the
simulation. Loaded only when odds are asked for (the game module's turn model imports it); no NumPy here, so an exact
answer does not pay NumPy's import (about 0.1 s, most of a `check`)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from math import comb
from operator import add
from typing import Any

from deckcheck._i18n import _
from deckcheck._util.text import joined
from deckcheck.games.vanguard.card import G_ASSIST_LOOK, VanguardCard, is_unit
from deckcheck.stats.chain import CERTAIN, DeckOut, add_into
from deckcheck.stats.model import compositions

# A card's detail for the statistics' hand-dependent turns: what the rules read of it.
GRADE, UNIT, NORMAL, FIRES, DRIVE = range(5)


@dataclass(frozen=True)
class Detail:
    """(grade, is a unit, is a normal unit, a draw trigger that draws, its drive as the vanguard)."""

    fires: frozenset[str]
    floor: bool

    def __call__(self, card: VanguardCard) -> tuple[int, bool, bool, bool, int]:
        drive = 1 if self.floor else card.drive
        return (card.grade, is_unit(card), card.type == "normal", card.number in self.fires, drive)

    @staticmethod
    def describe(detail: Any) -> str:
        """For people: `grade 0, a draw trigger that draws`, `grade 3, twin drive`."""
        parts = [_("grade {grade}").format(grade=detail[GRADE])]
        if detail[FIRES]:
            parts.append(_("a draw trigger that draws"))
        elif not detail[UNIT]:
            parts.append(_("not a unit"))
        elif not detail[NORMAL]:
            parts.append(_("a trigger unit"))
        if detail[DRIVE] == 2:
            parts.append(_("twin drive"))
        elif detail[DRIVE] == 3:
            parts.append(_("triple drive"))
        elif detail[DRIVE] > 1:
            parts.append(_("drive {drive}").format(drive=detail[DRIVE]))
        return joined(parts)


@dataclass(frozen=True)
class ExactTurns:
    """`_own_turn` as exact transitions on card counts (deckcheck.stats.chain). Every step leaves the deck uniformly
    shuffled (G assist shuffles it either way), so each card taken is a uniformly random one of the deck's.

    The game values are (vanguard grade, its drive, G zone size, fodder). Hand cards of a grade at most the
    vanguard's are *fodder*: never ridden again, never the grade G assist looks for, and paid for G assist before
    any other card; which of them is paid changes nothing later, so only their number is kept (and not even that
    once G assist can no longer happen). The hand per class holds only the cards above the vanguard's grade.
    """

    fv_grade: int
    fv_drive: int
    g_zone: int
    going: str

    def start(self, chain: Any, hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return _fold(chain, _groups(chain.classes, chain.details), hand, (self.fv_grade, self.fv_drive, self.g_zone, 0))

    def turn_key(self, k: int) -> bool:
        return k - 1 >= 1 and not (self.going == "first" and k - 1 == 1)  # own turn k-1 attacked (7.2.1.3)

    def own_turn(self, chain: Any, state: Any, k: int) -> Any:
        groups = _groups(chain.classes, chain.details)
        reached, hand, game = state
        deck = tuple(c - r for c, r in zip(chain.counts, reached, strict=True))
        checks = game[1] if self.turn_key(k) else 0
        arrivals = _arrivals(deck, checks, groups.fires, chain.class_of)
        chain.work += len(arrivals)
        ridden: dict[Any, Any] = {}
        settle = groups.settled_after_ride
        can_assist = game[0] < 3 and game[2] >= 2
        for (p, p_of), to_atoms, to_classes in arrivals:
            drawn = (tuple(map(add, reached, to_atoms)), tuple(map(add, hand, to_classes)), game)
            assisted = _exact_g_assist(chain, groups, drawn) if can_assist else ((CERTAIN, drawn),)
            chain.work += len(assisted)
            for (q, q_of), (reached_after, hand_after, game_after) in assisted:
                key = (hand_after, game_after)
                after = settle.get(key)
                if after is None:
                    after = settle[key] = _fold(chain, groups, *_exact_ride(chain, groups, key))
                add_into(ridden, (reached_after, *after), (p * q, p_of * q_of))
        return ridden


@functools.lru_cache(maxsize=1 << 14)
def _arrivals(
    deck: tuple[int, ...], checks: int, fires: tuple[bool, ...], class_of: tuple[int, ...]
) -> tuple[tuple[tuple[int, int], tuple[int, ...], tuple[int, ...]], ...]:
    """The cards that `checks` drive checks (a firing draw trigger first draws one more) and then the draw step
    bring from a shuffled deck of these counts: each outcome's chance and its cards per atom and per class.

    They depend on the deck alone, and many states of a turn share their deck (they differ in what was ridden or
    paid), so each deck's outcomes are counted once."""
    dist: dict[tuple[int, ...], tuple[int, int]] = {(0,) * len(deck): CERTAIN}
    for _check in range(checks):
        dist = _one_more(dist, deck, fires)
    dist = _one_more(dist, deck, None)
    classes = max(class_of, default=-1) + 1
    outcomes = []
    for added, weight in dist.items():
        to_classes = [0] * classes
        for a, x in enumerate(added):
            to_classes[class_of[a]] += x
        outcomes.append((weight, added, tuple(to_classes)))
    return tuple(outcomes)


def _one_more(
    dist: dict[tuple[int, ...], tuple[int, int]], deck: tuple[int, ...], fires: tuple[bool, ...] | None
) -> dict[tuple[int, ...], tuple[int, int]]:
    """The top card of the shuffled rest to the hand; with `fires` (a drive check), a firing draw trigger checked
    draws one more."""
    result: dict[tuple[int, ...], tuple[int, int]] = {}
    for added, (p, p_of) in dist.items():
        left = [n - x for n, x in zip(deck, added, strict=True)]
        total = sum(left)
        if total == 0:
            raise DeckOut
        for a, n in enumerate(left):
            if not n:
                continue
            checked = added[:a] + (added[a] + 1,) + added[a + 1 :]
            if fires is None or not fires[a]:
                add_into(result, checked, (p * n, p_of * total))
                continue
            if total == 1:
                raise DeckOut
            for b, m in enumerate(left):
                m -= a == b
                if m:
                    drawn = checked[:b] + (checked[b] + 1,) + checked[b + 1 :]
                    add_into(result, drawn, (p * n * m, p_of * total * (total - 1)))
    return result


def _fold(
    chain: Any, groups: _Groups, hand: tuple[int, ...], game: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Move the hand's cards of a grade at most the vanguard's into the fodder count; drop what no longer matters
    (the fodder and the G zone once G assist cannot happen again)."""
    grade, drive, g_zone, fodder = game
    low = groups.classes_up_to(grade)
    if any(hand[c] for c in low):
        fodder += sum(hand[c] for c in low)
        hand = tuple(0 if c in low else x for c, x in enumerate(hand))
    if grade >= 3 or g_zone < 2:
        fodder = g_zone = 0
    return hand, (grade, drive, g_zone, fodder)


@dataclass(frozen=True)
class _Groups:
    """Atom and class indices the exact turns look up, per grade."""

    fires: tuple[bool, ...]  # per atom
    atoms_of_grade: dict[int, tuple[int, ...]]
    classes_of_grade: dict[int, tuple[int, ...]]
    grades: tuple[int, ...]  # ascending: the G assist's cost pays the lowest first
    ride_classes: dict[int, tuple[int, ...]]  # unit classes of a grade, the preferred first (normal, then drive)
    low_classes: dict[int, frozenset[int]]  # classes of a grade at most g
    # (hand per class, game values) after the draws and G assist -> the same after the ride and _fold: a turn's next
    # states share them, so each is worked out once per kind of chain.
    settled_after_ride: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False)
    # (hand per class, fodder, vanguard grade) -> G assist's payments (_exact_pay_lowest), worked out once
    paid: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False)

    def classes_up_to(self, grade: int) -> frozenset[int]:
        found = self.low_classes.get(grade)
        if found is None:
            below = [g for g in self.low_classes if g <= grade]
            return self.low_classes[max(below)] if below else frozenset()
        return found


@functools.lru_cache(maxsize=64)
def _groups(classes: tuple[Any, ...], details: tuple[Any, ...]) -> _Groups:
    grades = tuple(sorted({detail[GRADE] for detail in classes}))
    ride = {
        g: tuple(
            sorted(
                (c for c, d in enumerate(classes) if d[GRADE] == g and d[UNIT]),
                key=lambda c: (not classes[c][NORMAL], -classes[c][DRIVE], c),
            )
        )
        for g in grades
    }
    return _Groups(
        fires=tuple(detail[FIRES] for detail in details),
        atoms_of_grade={g: tuple(a for a, d in enumerate(details) if d[GRADE] == g) for g in grades},
        classes_of_grade={g: tuple(c for c, d in enumerate(classes) if d[GRADE] == g) for g in grades},
        grades=grades,
        ride_classes=ride,
        low_classes={g: frozenset(c for c, d in enumerate(classes) if d[GRADE] <= g) for g in grades},
    )


def _exact_g_assist(chain: Any, groups: _Groups, state: Any) -> Any:
    """`_g_assist`: when allowed, the topmost grade-(VG+1) card of the top 5 (a uniformly random one of the deck's,
    if any is there) for the 2 lowest-grade other hand cards (random among ties) and 2 G-zone cards."""

    reached, hand, (grade, drive, g_zone, fodder) = state
    target = grade + 1
    if grade >= 3 or g_zone < 2 or any(hand[c] for c in groups.classes_of_grade.get(target, ())):
        return [(CERTAIN, state)]
    counts = chain.counts
    total = chain.cards - sum(reached)
    hits = [(a, n) for a in groups.atoms_of_grade.get(target, ()) if (n := counts[a] - reached[a])]
    qualifying = sum(n for _atom, n in hits)
    look = min(G_ASSIST_LOOK, total)
    # None of the qualifying cards among the top `look`: C(R - q, L) of the C(R, L) equally likely tops.
    misses, tops = comb(total - qualifying, look), comb(total, look)
    out = [((misses, tops), state)] if misses else []
    if not qualifying:
        return out
    paying = groups.paid.get((hand, fodder, grade))
    if paying is None:
        paying = groups.paid[(hand, fodder, grade)] = _exact_pay_lowest(hand, fodder, grade, groups, 2)
    for (q, q_of), paid, left in paying:
        game = (grade, drive, g_zone - 2, left)
        for atom, n in hits:
            c = chain.class_of[atom]
            added = reached[:atom] + (reached[atom] + 1,) + reached[atom + 1 :]
            kept = paid[:c] + (paid[c] + 1,) + paid[c + 1 :]
            out.append((((tops - misses) * n * q, tops * qualifying * q_of), (added, kept, game)))
    return out


def _exact_pay_lowest(
    hand: tuple[int, ...], fodder: int, grade: int, groups: _Groups, count: int
) -> list[tuple[Any, tuple[int, ...], int]]:
    """(chance, hand per class, fodder left) after paying the `count` lowest-grade hand cards, random among ties.

    Fodder (grade at most the vanguard's, counted or still in a class) goes first; which of it goes is immaterial."""

    low = groups.classes_up_to(grade)
    fodder += sum(hand[c] for c in low)
    hand = tuple(0 if c in low else x for c, x in enumerate(hand))
    paid_fodder = min(count, fodder)
    results = [(CERTAIN, hand)]
    need = min(count - paid_fodder, sum(hand))
    for level in groups.grades:
        if not need:
            break
        classes = groups.classes_of_grade[level]
        held = [hand[c] for c in classes]
        there = sum(held)
        if not there:
            continue
        take = min(need, there)
        need -= take
        spread = []
        for paid in compositions(held, take):
            ways = 1
            for h, x in zip(held, paid, strict=True):
                ways *= comb(h, x)
            spread.append(((ways, comb(there, take)), paid))
        updated = []
        for (p, p_of), current in results:
            for (q, q_of), paid in spread:
                left = list(current)
                for c, x in zip(classes, paid, strict=True):
                    left[c] -= x
                updated.append(((p * q, p_of * q_of), tuple(left)))
        results = updated
    return [(p, paid, fodder - paid_fodder) for p, paid in results]


def _exact_ride(
    chain: Any, groups: _Groups, hand_and_game: tuple[tuple[int, ...], tuple[int, ...]]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`_ride`: a grade-(VG+1) unit from the hand (a normal one, then the largest drive) becomes the vanguard."""
    hand, (grade, drive, g_zone, fodder) = hand_and_game
    for c in groups.ride_classes.get(grade + 1, ()):
        if hand[c]:
            riding = (grade + 1, chain.classes[c][DRIVE], g_zone, fodder)
            return hand[:c] + (hand[c] - 1,) + hand[c + 1 :], riding
    return hand_and_game
