"""`--precision`'s stopping rule: a 95% confidence sequence for a success probability (issue 27).

A simulation with `--precision P` looks at its count after every batch and stops at the first look where the 95%
interval lies within ±P of the estimate. Looking many times and stopping when the interval happens to be narrow
breaks a fixed-sample interval's 95% (each look is another chance to stop on a lucky streak), so the interval used
here is a *confidence sequence*: one that holds at every number of trials at once, with probability at least 95%,
so that it holds in particular at whatever look the run stops (or at the --trials cap, if that comes first).

The sequence (Robbins' method of mixtures for a Bernoulli mean): for each candidate probability p, the evidence
against p after S successes in n trials is the likelihood of the trials under a probability q drawn from a beta
distribution centred on p, over their likelihood under p:

    M_n(p) = [B(c·p + S, c·(1 − p) + n − S) / B(c·p, c·(1 − p))] / [p^S · (1 − p)^(n − S)]

For the true p this is a nonnegative martingale with M_0 = 1 (a mixture of likelihood ratios, the mixing chosen
before any trial), so by Ville's inequality it ever reaches 1/α = 20 with probability at most α = 5%. The interval
after n trials is every p whose evidence is below 20: it covers the true p at all n simultaneously with probability
at least 95%. The price of being allowed to look at every batch is width: at the stopping point the interval needs
about 2.5–3 times the trials a single fixed-size 95% interval (Wilson's) would (see :data:`TUNING`).

The mixture's concentration c is fixed from P alone (never from the data): ``c = TUNING / P²``, which puts the
interval's narrowest point near the trials that P needs (Howard et al., "Time-uniform, nonparametric,
nonasymptotic confidence sequences", 2021, on tuning a mixture to a sample size). Everything here is plain
floating-point arithmetic on (S, n): the same counts give the same interval on every machine.
"""

from __future__ import annotations

import math

from deckcheck._i18n import N_

#: The level: the interval covers the true probability at every look with probability at least 1 − ALPHA.
ALPHA = 0.05
#: c = TUNING / P²: the mixture's weight near the trials --precision P needs. 0.03 keeps the trials at the stop within
#: about 2.5–3.1 times a fixed-size Wilson interval's for probabilities from 1% to 99% and P from 0.01 to 0.001 (a
#: larger value is narrower for p near 0.5 and wider near 0 or 1; a smaller one the reverse).
TUNING = 0.03
#: The rule, in the note that says where a run stopped.
RULE = N_("a confidence sequence, 95% at every look at once")
#: Bisection steps for each end of the interval: 2^-60 of the range, below a double's resolution near p.
_STEPS = 60


#: The largest concentration: the one for P = 0.0000055, whose stop (about 80 billion setups) is far past any --trials;
#: beyond it the beta functions' logarithms would lose the digits the evidence is read from.
MAX_CONCENTRATION = 1e9


def concentration(precision: float, cap: int | None = None) -> float:
    """The beta mixture's concentration c for --precision P and the --trials cap (both fixed before the first trial,
    so any value is valid): TUNING / P², which aims at the trials P needs (about 2.5 / P²); when the cap comes
    before those, at the cap instead (a P that cannot be reached still gets the narrowest interval the cap allows)."""
    c = TUNING * _inverse_square(precision)
    if cap is not None:
        c = min(c, TUNING * cap / 2.5)
    return min(c, MAX_CONCENTRATION)


def log_evidence(successes: int, trials: int, p: float, c: float) -> float:
    """log M_n(p): the evidence after `successes` in `trials` against the probability p (0 < p < 1)."""
    failures = trials - successes
    a, b = c * p, c * (1.0 - p)
    mixture = _log_beta(a + successes, b + failures) - _log_beta(a, b)
    return mixture - successes * math.log(p) - failures * math.log1p(-p)


def confidence_sequence(successes: int, trials: int, precision: float, cap: int | None = None) -> tuple[float, float]:
    """The 95% interval after `successes` in `trials`, valid at every look of a run whose --precision is P and whose
    --trials cap is `cap`.

    Every p whose evidence is below 1/ALPHA, found by bisection on each side of the estimate (the evidence grows
    away from it); each end is rounded outward (the interval reported is never narrower than the set)."""
    if trials <= 0:
        return (0.0, 1.0)
    c = concentration(precision, cap)
    level = math.log(1.0 / ALPHA)
    estimate = successes / trials
    tiny = 1e-15

    def edge(rejected: float, kept: float) -> float:
        for _ in range(_STEPS):
            middle = (rejected + kept) / 2
            if log_evidence(successes, trials, middle, c) >= level:
                rejected = middle
            else:
                kept = middle
        return rejected

    low = 0.0
    if successes > 0 and log_evidence(successes, trials, tiny, c) >= level:
        low = edge(tiny, min(max(estimate, tiny), 1 - tiny))
    high = 1.0
    if successes < trials and log_evidence(successes, trials, 1 - tiny, c) >= level:
        high = edge(1 - tiny, min(max(estimate, tiny), 1 - tiny))
    return (low, high)


def half_width(interval: tuple[float, float], successes: int, trials: int) -> float:
    """How far the interval reaches from the estimate, on its wider side: "within ±half_width"."""
    estimate = successes / trials if trials else 0.5
    low, high = interval
    return max(estimate - low, high - estimate)


def trials_needed(successes: int, trials: int, precision: float, cap: int) -> int:
    """About the trials the run needs in all (at most `cap`): the fewest at which the interval would lie within
    ±precision if the estimate stayed where it is now. It sets when the rule is next checked and the progress shown,
    never the rule: the sequence holds at every look, wherever the looks fall."""
    estimate = successes / trials

    def within(n: int) -> bool:
        count = round(estimate * n)
        return half_width(confidence_sequence(count, n, precision, cap), count, n) <= precision

    if within(trials) or not within(cap):
        return trials if within(trials) else cap
    low, high = trials, cap  # not within at low, within at high
    while high - low > max(1, low // 1_000):  # to a thousandth: a look a little early costs one more small batch
        middle = (low + high) // 2
        low, high = (low, middle) if within(middle) else (middle, high)
    return high


def next_look(done: int, needed: int, *, smallest: int, largest: int) -> int:
    """Trials to run before the next look: what is still `needed`, at least `smallest` and at most `largest`."""
    return min(max(needed - done, smallest), largest)


def expected_trials(precision: float, cap: int) -> int:
    """About the most trials --precision P needs (at a probability near 0.5), at most `cap`: the progress shown
    before the first look."""
    needed = 2.5 * _inverse_square(precision)
    return cap if needed >= cap else math.ceil(needed)


def _inverse_square(precision: float) -> float:
    square = precision * precision
    return 1.0 / square if square > 0 else math.inf  # (--precision 1e-300: the square underflows to 0)


def _log_beta(a: float, b: float) -> float:
    return math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)
