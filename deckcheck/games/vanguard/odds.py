"""Cardfight!! Vanguard's own turns for the statistics: as exact transitions on card counts (the chain of
deckcheck.stats.chain) and on arrays of counts for the simulation (deckcheck.stats.simulate). Loaded only when odds
are asked for (the game module's turn model imports it)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from deckcheck.errors import EngineError
from deckcheck.games.vanguard.card import G_ASSIST_LOOK, VanguardCard, attack_allowed, is_unit, vanguard_of
from deckcheck.stats.chain import CERTAIN, DeckOut, add_into
from deckcheck.stats.model import compositions
from deckcheck.stats.simulate import p_seen, pick_one, row_sums, sample_counts

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
        parts = [f"grade {detail[GRADE]}"]
        if detail[FIRES]:
            parts.append("a draw trigger that draws")
        elif not detail[UNIT]:
            parts.append("not a unit")
        elif not detail[NORMAL]:
            parts.append("a trigger unit")
        if detail[DRIVE] > 1:
            parts.append({2: "twin drive", 3: "triple drive"}.get(detail[DRIVE], f"drive {detail[DRIVE]}"))
        return ", ".join(parts)


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

    def own_turn(self, chain: Any, state: Any, k: int) -> Any:

        groups = _groups(chain.classes, chain.details)
        dist = {state: CERTAIN}
        if k - 1 >= 1 and not (self.going == "first" and k - 1 == 1):  # own turn k-1 attacked (7.2.1.3)
            dist = chain.expand(dist, lambda s: _exact_drive_checks(chain, groups, s))
        dist = chain.draw(dist)
        dist = chain.expand(dist, lambda s: _exact_g_assist(chain, groups, s))
        ridden: dict[Any, Any] = {}
        for s, weight in dist.items():
            reached, hand, game = _exact_ride(chain, groups, s)
            add_into(ridden, (reached, *_fold(chain, groups, hand, game)), weight)
        return ridden


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


def _exact_drive_checks(chain: Any, groups: _Groups, state: Any) -> Any:
    """The vanguard's drive checks, each card to the hand; a firing draw trigger first draws one more."""

    dist = {state: CERTAIN}
    for _ in range(state[2][1]):
        dist = chain.expand(dist, lambda s: _exact_check(chain, groups, s))
    return [(weight, s) for s, weight in dist.items()]


def _exact_check(chain: Any, groups: _Groups, state: Any) -> Any:

    deck = chain.deck(state)
    total = sum(deck)
    if total == 0:
        raise DeckOut
    for atom, n in enumerate(deck):
        if not n:
            continue
        checked = chain.take(state, atom)
        if groups.fires[atom]:
            for (m, of), after in chain.draw_one(checked):
                yield (n * m, total * of), after
        else:
            yield (n, total), checked


def _exact_g_assist(chain: Any, groups: _Groups, state: Any) -> Any:
    """`_g_assist`: when allowed, the topmost grade-(VG+1) card of the top 5 (a uniformly random one of the deck's,
    if any is there) for the 2 lowest-grade other hand cards (random among ties) and 2 G-zone cards."""

    reached, hand, (grade, drive, g_zone, fodder) = state
    target = grade + 1
    if grade >= 3 or g_zone < 2 or any(hand[c] for c in groups.classes_of_grade.get(target, ())):
        return [(CERTAIN, state)]
    deck = chain.deck(state)
    total = sum(deck)
    hits = [(a, deck[a]) for a in groups.atoms_of_grade.get(target, ()) if deck[a]]
    qualifying = sum(n for _, n in hits)
    look = min(G_ASSIST_LOOK, total)
    # None of the qualifying cards among the top `look`: C(R - q, L) of the C(R, L) equally likely tops.
    misses, tops = comb(total - qualifying, look), comb(total, look)
    out = [((misses, tops), state)] if misses else []
    if not qualifying:
        return out
    for (q, q_of), paid, left in _exact_pay_lowest(hand, fodder, grade, groups, 2):
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


def _exact_ride(chain: Any, groups: _Groups, state: Any) -> Any:
    """`_ride`: a grade-(VG+1) unit from the hand (a normal one, then the largest drive) becomes the vanguard."""
    reached, hand, (grade, drive, g_zone, fodder) = state
    for c in groups.ride_classes.get(grade + 1, ()):
        if hand[c]:
            riding = (grade + 1, chain.classes[c][DRIVE], g_zone, fodder)
            return (reached, hand[:c] + (hand[c] - 1,) + hand[c + 1 :], riding)
    return state


def _take_rows(array: Any, rows: Any) -> Any:
    """array[rows], without the copy when `rows` is every row in order (most trials at the first turns)."""
    return array if len(rows) == len(array) else array[rows]


def vector_turns(state: Any, rng: Any, model: Any) -> None:
    """`_own_turn` for own turns 1..model.horizon on per-trial atom counts (deckcheck.stats.simulate.VectorState).

    Atom details are :class:`Detail`'s. Every step leaves the deck uniformly shuffled (G assist shuffles it either
    way), so a draw or drive check is a uniformly random card of the deck's counts and the topmost grade-(VG+1) card
    of the top 5 is a uniformly random one of the deck's grade-(VG+1) cards.
    """
    _VectorTurns(state, rng).run(model.horizon)


class _VectorTurns:
    """The per-trial values (vanguard grade and drive, G zone) and the atom masks the turns look up by grade."""

    def __init__(self, state: Any, rng: Any) -> None:

        self.state, self.rng = state, rng
        details = state.details
        self.grade = np.array([detail[GRADE] for detail in details], dtype=np.int64)
        levels = int(self.grade.max(initial=0)) + 2
        of_grade = self.grade[None, :] == np.arange(levels)[:, None]
        unit = np.array([detail[UNIT] for detail in details], dtype=bool)
        self.of_grade = of_grade.astype(state.hand.dtype)  # row g: the atoms of grade g
        self.rideable = (of_grade & unit[None, :]).astype(state.hand.dtype)  # row g: the units of grade g
        self.fires = np.array([detail[FIRES] for detail in details], dtype=bool)
        self.drives = np.array([detail[DRIVE] for detail in details], dtype=np.int64)
        self.preference = np.array([10 * detail[NORMAL] + detail[DRIVE] for detail in details], dtype=np.int64)
        # Grades whose units differ in preference: only there does a ride choose among kinds.
        self.choosy = {
            g for g in range(levels) if len({int(self.preference[a]) for a in np.flatnonzero(self.rideable[g])}) > 1
        }
        self.can_ride = self.rideable.any(axis=1)  # grades with a unit to ride
        self.levels = levels
        fv = vanguard_of(state.table)
        trials = state.trials
        self.vanguard = np.full(trials, fv.grade, dtype=np.int64)
        self.drive = np.full(trials, 1 if state.table.floor else fv.drive, dtype=np.int64)
        self.g_zone = np.full(trials, len(state.table.zone("g-zone")), dtype=np.int64)
        state.counters.update({"vanguard grade": self.vanguard, "g-zone": self.g_zone, "drive": self.drive})

    def run(self, horizon: int) -> None:
        state = self.state
        for k in range(1, horizon + 1):
            if attack_allowed(state.table, k - 1):
                self.drive_checks(k)
            state.draw_one(None, f"the draw step of own turn {k}")
            self.g_assist()
            self.ride()
            if (state.deck_sizes() == 0).any():
                raise EngineError(
                    f"the deck is empty in own turn {k}: the fighter loses at the next check timing (1.2.2.2); "
                    "the engine models the first turns only"
                )
            state.turn_done(k)

    def drive_checks(self, k: int) -> None:
        """`_drive_checks`: check c for the rows whose vanguard's drive is c or more; a firing draw trigger draws
        one more card for its row."""

        what = f"the drive check before own turn {k}"
        for check in range(1, int(self.drive.max()) + 1):
            rows = None if check == 1 else np.flatnonzero(self.drive >= check)
            checked = self.state.draw_one(rows, what)
            if self.fires.any():
                triggered = np.flatnonzero(self.fires[checked])
                if triggered.size:
                    self.state.draw_one(triggered if rows is None else rows[triggered], what)

    def g_assist(self) -> None:
        """`_g_assist`: allowed rows look at the top 5; a hit pays the 2 lowest-grade other hand cards."""

        state = self.state
        rows = np.flatnonzero((self.vanguard < 3) & (self.g_zone >= 2))
        if not rows.size:
            return
        wanted = self.of_grade[np.minimum(self.vanguard[rows] + 1, self.levels - 1)]
        allowed = row_sums(_take_rows(state.hand, rows) * wanted) == 0
        rows, wanted = rows[allowed], wanted[allowed]
        if not rows.size:
            return
        deck = state.deck[rows]
        qualifying = deck * wanted
        hit = self.rng.random(rows.size) < p_seen(row_sums(deck), row_sums(qualifying), G_ASSIST_LOOK)
        rows = rows[hit]
        if not rows.size:
            return
        found = pick_one(self.rng, qualifying[hit])
        self.pay_lowest(rows, 2)
        state.add_to_hand(rows, found)
        self.g_zone[rows] -= 2

    def pay_lowest(self, rows: Any, count: int) -> None:
        """Remove the `count` lowest-grade hand cards of these rows, random among ties (∝ counts within a grade)."""

        hand = self.state.hand[rows]
        need = np.minimum(count, hand.sum(axis=1))
        for level in range(self.levels):
            columns = np.flatnonzero(self.grade == level)
            if not columns.size:
                continue
            take = np.minimum(need, hand[:, columns].sum(axis=1))
            if take.any():
                hand[:, columns] -= sample_counts(self.rng, hand[:, columns], take).astype(hand.dtype)
                need -= take
            if not need.any():
                break
        self.state.hand[rows] = hand

    def ride(self) -> None:
        """`_ride`: a grade VG+1 unit in hand (the preferred kind: normal, then drive) leaves the hand; the vanguard's
        grade goes up by 1 and its drive becomes the ridden unit's."""

        state = self.state
        target = np.minimum(self.vanguard + 1, self.levels - 1)
        rows = np.flatnonzero(self.can_ride[target])
        if not rows.size:
            return
        target = target[rows]
        units = _take_rows(state.hand, rows) * self.rideable[target]
        some = row_sums(units) > 0
        rows, units, target = rows[some], units[some], target[some]
        if not rows.size:
            return
        if self.choosy and np.isin(target, list(self.choosy)).any():
            score = np.where(units > 0, self.preference[None, :], -1)
            units = units * (score == score.max(axis=1)[:, None])
        chosen = pick_one(self.rng, units)
        state.hand[rows, chosen] -= 1
        self.vanguard[rows] += 1
        self.drive[rows] = self.drives[chosen]
