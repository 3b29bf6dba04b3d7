"""Fuzzing the readers (issue 14): every reader of deck files, card files, card lists, queries and registry JSON
returns a result or raises DeckcheckError with a message, never another exception. A few hundred examples per
reader here; benchmarks/fuzz_parsers.py runs the same properties as long as asked."""

from __future__ import annotations

import pytest
from fuzzing import TARGETS, only_deckcheck_errors
from hypothesis import HealthCheck, given, settings

EXAMPLES = 100  # per reader: ~1 s each; benchmarks/fuzz_parsers.py runs thousands


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_readers_raise_only_deckcheck_errors(target, isolated_carddb):
    strategy, read = TARGETS[target]

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,  # the same inputs on every run, so CI's verdict is repeatable; the script explores anew
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(strategy)
    def reads(arguments):
        problem = only_deckcheck_errors(lambda: read(*arguments))
        assert problem is None, f"{type(problem).__name__}: {problem}"

    reads()
