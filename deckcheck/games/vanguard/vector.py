"""Cardfight!! Vanguard's own turns for the simulation: :mod:`deckcheck.games.vanguard.odds`'s turns on NumPy arrays
of per-trial card counts (deckcheck.stats.simulate.VectorState). Loaded only when a simulation runs."""

from __future__ import annotations

from typing import Any

import numpy as np

from deckcheck._i18n import _
from deckcheck.errors import EngineError
from deckcheck.games.vanguard.card import G_ASSIST_LOOK, attack_allowed, vanguard_of
from deckcheck.games.vanguard.odds import DRIVE, FIRES, GRADE, NORMAL, UNIT
from deckcheck.stats.simulate import p_seen, pick_one, row_sums, sample_counts


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
            state.draw_one(None, _("the draw step of own turn {turn}").format(turn=k))
            self.g_assist()
            self.ride()
            if (state.deck_sizes() == 0).any():
                raise EngineError(
                    _(
                        "the deck is empty in own turn {turn}: the fighter loses at the next check timing (1.2.2.2); "
                        "the engine models the first turns only"
                    ).format(turn=k)
                )
            state.turn_done(k)

    def drive_checks(self, k: int) -> None:
        """`_drive_checks`: check c for the rows whose vanguard's drive is c or more; a firing draw trigger draws
        one more card for its row."""

        what = _("the drive check before own turn {turn}").format(turn=k)
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
