"""How a stats question is computed (:class:`StatsOptions`): the mulligan, the method, the simulation's size, seed and
precision, the exact engine's budget, the setup's choices; and the listeners a command gives it (progress, notes).

The policy lives here: the default trials and the cap with a precision, the precision's notes, the exact budget's
share ($DECKCHECK_EXACT_BUDGET). The questions themselves are read in :mod:`deckcheck.stats.queries` and answered in
:mod:`deckcheck.stats.answer`.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from deckcheck._i18n import N_, _, translate
from deckcheck._util.safetext import quoted
from deckcheck.engine.table import Going
from deckcheck.errors import DeckcheckError, OptionError, mention, spoken
from deckcheck.stats.model import Dealing, check_run

Method = Literal["exact", "simulate"]
DEFAULT_TRIALS = 100_000
#: The default cap with --precision: a 95% half-width of 0.001 needs at most ~960,000 setups (p = 0.5), 0.0005 about
#: 3.8 million; 10 million reaches about 0.0003.
PRECISION_TRIALS_CAP = 10_000_000
#: The exact engine's budget as a share of the documented one (about 2 s of work; `--method exact` ten times that):
#: a slow machine or a test lowers it, a patient user raises it.
EXACT_BUDGET_ENV = "DECKCHECK_EXACT_BUDGET"
MAX_EXACT_BUDGET = 1000

#: --precision's notes (stats.render reads them back, in the chosen language, to say them once for a table).
STOPPED_NOTE = N_("stopped after {trials} trials: {rest}")
REACHED_NOTE = N_("the 95% interval is within ±{precision} (rule: {rule})")
CAPPED_NOTE = N_(
    "{option} {precision} not reached: the cap of {trials} trials ({cap}) came first, with the 95% interval "
    "±{half}; raise {cap} to go on"
)
CAPPED_SEVERAL_NOTE = N_(
    "{option} {precision} not reached: the cap of {trials} trials ({cap}) came first, with 95% intervals up "
    "to ±{half}; raise {cap} to go on"
)
#: The options the capped notes name: {option} is precision, {cap} trials.
CAPPED_MENTIONS = {"option": "precision", "cap": "trials"}


def capped_note(template: str, **values: str) -> str:
    """A capped note (CAPPED_NOTE, CAPPED_SEVERAL_NOTE) in the chosen language, its options said as the caller names
    them."""
    named = {key: mention(option) for key, option in CAPPED_MENTIONS.items()}
    return spoken(translate(template).format(**named, **values))


@dataclass(frozen=True)
class StatsOptions:
    """Everything a stats question needs besides the deck and the queries: how it is computed, and who is told how
    it goes. Checked when made (a bad value raises OptionError naming the parameter)."""

    mulligan: str | None = None  # None: optimal where it can be computed, else none
    method: Method | None = None  # None: exact where feasible, else simulate
    trials: int | None = None  # None: DEFAULT_TRIALS, or PRECISION_TRIALS_CAP with `precision` (then it is a cap)
    seed: int | None = None
    precision: float | None = None
    choices: dict[str, str] = field(default_factory=dict)
    progress: Callable[[int, int], None] | None = None  # (setups done, setups at most) after each batch
    # (opening hands valued, of how many) as an exact question goes: its share done, for the progress bar
    counted: Callable[[int, int], None] | None = None
    floor: bool = False  # count the game's documented floor (Vanguard: drive 1, no trigger effects), not the rules
    # Told (one line, no prefix) when a question is past the exact engine's budget and is simulated instead: the
    # command writes it on stderr, so that a slow or simulated answer is never a surprise.
    say: Callable[[str], None] | None = None
    # Told (seat, turn) as each question of a run begins, exact or simulated: the progress line says which question
    # of the command its estimate is for.
    question: Callable[[Going, int], None] | None = None
    # The share of the exact engine's documented budget it may spend before it gives up (1: about 2 s of work, ten
    # times that with method "exact"); None: $DECKCHECK_EXACT_BUDGET, else 1.
    budget: float | None = None

    def __post_init__(self) -> None:
        if self.trials is None:
            self._set("trials", DEFAULT_TRIALS if self.precision is None else PRECISION_TRIALS_CAP)
        assert self.trials is not None
        check_run(self.trials, self.seed)
        if self.precision is not None and not 0 < self.precision < 0.5:
            raise OptionError(
                "precision",
                _("{option} must be between 0 and 0.5 (got {value})").format(
                    option=mention("precision"), value=self.precision
                ),
                field="precision",
            )
        if self.method == "exact" and self.precision is not None:
            raise OptionError(
                "precision",
                _("{option} applies to simulation; it conflicts with {method} exact").format(
                    option=mention("precision"), method=mention("method")
                ),
                field="method",
            )
        if self.budget is None:
            self._set("budget", exact_budget_from_environment())
        elif not _is_budget(self.budget):  # (a DeckcheckError: the command line has no flag for it, only $...)
            raise DeckcheckError(
                _("{option} must be between 0 and {last} (got {value})").format(
                    option="budget", last=MAX_EXACT_BUDGET, value=self.budget
                ),
                field="budget",
            )
        if self.seed is None:
            self._set("seed", random.SystemRandom().randrange(2**32))

    def _set(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)  # a default worked out once, as the value is made (frozen after)

    @property
    def dealing(self) -> Dealing:
        """How the deck is set up and counted: the setup's choices and the floor."""
        return Dealing(self.choices, self.floor)

    @property
    def exact_budget(self) -> float:
        """`budget`, worked out (never None once made)."""
        assert self.budget is not None
        return self.budget


def exact_budget_from_environment() -> float:
    """$DECKCHECK_EXACT_BUDGET (a share of the documented exact budget, more than 0), else 1."""
    text = os.environ.get(EXACT_BUDGET_ENV, "").strip()
    if not text:
        return 1.0
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not _is_budget(value):
        raise DeckcheckError(
            _("{option} must be between 0 and {last} (got {value})").format(
                option=f"${EXACT_BUDGET_ENV}", last=MAX_EXACT_BUDGET, value=quoted(text)
            )
        )
    return value


def _is_budget(value: float) -> bool:
    return 0 < value <= MAX_EXACT_BUDGET  # (NaN is neither)


def parse_mulligan(text: str | None) -> tuple[str, str | None]:
    """(`none` | `optimal` | `keep` | `default`, the keep filter text)."""
    if text is None:
        return "default", None
    text = text.strip()
    if text in ("none", "optimal"):
        return text, None
    if text.startswith("keep:") and text.removeprefix("keep:").strip():
        return "keep", text.removeprefix("keep:").strip()
    raise DeckcheckError(
        _("unknown mulligan policy {policy}: use none, optimal or keep:FILTER").format(policy=quoted(text)),
        field="mulligan",
    )
