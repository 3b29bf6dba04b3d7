"""--precision's stopping rule (issue 27): a 95% confidence sequence, looked at after every batch."""

from __future__ import annotations

import math

import numpy as np
import pytest

from deckcheck.stats import sequential
from deckcheck.stats.sequential import confidence_sequence, half_width, log_evidence
from deckcheck.stats.simulate import run_trials, wilson


def _fake_sampler(p: float, seed: int):
    """Successes among `size` new trials of a known probability p: a stand-in for a deck's simulation."""
    rng = np.random.Generator(np.random.PCG64(seed))
    return lambda size: int(rng.binomial(size, p))


@pytest.mark.parametrize(("successes", "trials"), [(0, 50), (1, 50), (25, 50), (49, 50), (50, 50), (300, 2_000)])
@pytest.mark.parametrize("precision", [0.2, 0.05, 0.01])
def test_the_interval_is_every_probability_the_evidence_keeps(successes, trials, precision):
    """The bisection's interval is the whole set {p : evidence < 20} on a fine grid, never narrower: the set is one
    piece around the estimate."""
    low, high = confidence_sequence(successes, trials, precision)
    c = sequential.concentration(precision)
    grid = [i / 4000 for i in range(1, 4000)]
    kept = [p for p in grid if log_evidence(successes, trials, p, c) < math.log(20)]
    assert kept, (low, high)
    assert low <= kept[0] and kept[-1] <= high
    assert all(low <= p <= high for p in kept)
    assert all(p in kept for p in grid if low + 1e-9 < p < high - 1e-9)  # one piece: nothing inside left out
    assert low <= successes / trials <= high


def test_the_sequence_is_wider_than_a_fixed_size_interval():
    """The price of looking at every batch: wider than Wilson's interval for the same count."""
    low, high = confidence_sequence(4_000, 10_000, 0.01)
    w_low, w_high = wilson(4_000, 10_000)
    assert low < w_low and high > w_high


def test_a_run_stops_at_the_first_look_within_the_precision_not_at_a_batch_multiple():
    looks = []
    result = run_trials(
        _fake_sampler(0.3, 1),
        trials=10_000_000,
        seed=1,
        precision=0.01,
        progress=lambda done, total: looks.append(done),
    )
    assert result.stopped_early
    assert 0 < result.trials < 250_000  # before: the first check came after 250,000 trials
    assert result.ci95 == confidence_sequence(result.successes, result.trials, 0.01, 10_000_000)  # the rule's
    assert half_width(result.ci95, result.successes, result.trials) <= 0.01
    # every earlier look was not within the precision (each look's count, recomputed from the same sampler)
    sample = _fake_sampler(0.3, 1)
    successes = done = 0
    earlier = [look for look in looks if 0 < look < result.trials]
    assert earlier, looks
    for look in earlier:
        successes += sample(look - done)
        done = look
        interval = confidence_sequence(successes, done, 0.01, 10_000_000)
        assert half_width(interval, successes, done) > 0.01, done
    assert successes + sample(result.trials - done) == result.successes


def test_the_looks_close_in_on_the_stop():
    """After the first look, the next ones come about where the width says the precision is reached: a handful of
    looks, the last within SMALLEST_LOOK-ish of the stop, not a fixed grid of batches."""
    looks = []
    result = run_trials(
        _fake_sampler(0.5, 2), trials=10_000_000, seed=2, precision=0.002, progress=lambda d, t: looks.append(d)
    )
    looks = sorted(set(looks) - {0})
    assert looks[-1] == result.trials and len(looks) <= 12, looks
    assert result.trials % 250_000 != 0


def test_the_same_seed_gives_the_same_result():
    first = run_trials(_fake_sampler(0.7, 5), trials=1_000_000, seed=5, precision=0.005)
    again = run_trials(_fake_sampler(0.7, 5), trials=1_000_000, seed=5, precision=0.005)
    assert first == again and first.interval is not None


def test_the_cap_reports_the_sequence_too():
    result = run_trials(_fake_sampler(0.5, 3), trials=2_000, seed=3, precision=0.001)
    assert not result.stopped_early and result.trials == 2_000
    assert result.ci95 == confidence_sequence(result.successes, 2_000, 0.001, 2_000)


def test_a_precision_past_the_cap_still_gets_the_narrowest_interval_the_cap_allows():
    """The mixture aims at the cap when P needs more trials than it: --precision 1e-12 --trials 5000 reports an
    interval as narrow as one aimed at 5,000 trials, not [0, 1]; and a huge concentration never breaks the
    arithmetic."""
    aimed = confidence_sequence(2_500, 5_000, 1e-12, 5_000)
    assert half_width(aimed, 2_500, 5_000) < 0.05
    assert aimed == pytest.approx(confidence_sequence(2_500, 5_000, math.sqrt(2.5 / 5_000), 5_000))
    low, high = confidence_sequence(2_500, 5_000, 1e-12)  # aimed at 2.5e24 trials: clamped, still valid and sane
    assert 0 <= low < 0.5 < high <= 1
    result = run_trials(_fake_sampler(0.5, 6), trials=3_000, seed=6, precision=1e-300, progress=lambda d, t: None)
    assert not result.stopped_early and result.trials == 3_000  # (its square underflows to 0: no division by it)


def test_without_precision_the_trials_are_fixed_and_the_interval_is_wilson():
    result = run_trials(_fake_sampler(0.4, 4), trials=30_000, seed=4, batch=7_000)
    assert result.trials == 30_000 and result.interval is None
    assert result.ci95 == wilson(result.successes, 30_000)


def _coverage(p: float, precision: float, runs: int) -> float:
    """The share of `runs` stopped runs whose reported interval holds p. Looks every 25 trials (far more often than
    the simulation looks), so each run has dozens of chances to stop on a lucky streak."""
    covered = 0
    for run in range(runs):
        result = run_trials(
            _fake_sampler(p, 1_000 + run), trials=100_000, seed=run, precision=precision, batch=25, smallest=25
        )
        assert result.stopped_early
        low, high = result.ci95
        covered += low <= p <= high
    return covered / runs


@pytest.mark.parametrize("p", [0.2, 0.03])
def test_the_stopped_interval_keeps_its_95_percent_coverage(p):
    """300 runs stopped by the rule on a known p. The sequence guarantees at least 95% (it is conservative: every one
    of the 300 intervals holds p here). With 300 runs the share's standard error at a true 95% is
    sqrt(0.95 * 0.05 / 300) = 0.0126, so 0.93 is 1.6 standard errors below a rule that only just keeps 95%, while a
    rule whose real coverage is 90% would pass with probability about 4% (1.7 standard errors of 0.0173 above it);
    the seeds are fixed, so the test is deterministic."""
    assert _coverage(p, 0.06, 300) >= 0.93


def test_the_coverage_test_fails_a_rule_that_looks_too_narrow(monkeypatch):
    """The same harness with a one-standard-error interval (68% at a fixed size) in place of the sequence: it fails,
    so the test above can fail."""
    from deckcheck.stats import simulate

    monkeypatch.setattr(simulate.sequential, "confidence_sequence", lambda s, n, _p, _cap: wilson(s, n, z=1.0))
    assert _coverage(0.2, 0.05, 200) < 0.8
