"""How a stats question is computed (deckcheck.stats.options): the StatsOptions value and the exact budget."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import deckcheck
from deckcheck.errors import DeckcheckError
from deckcheck.stats import chain
from deckcheck.stats.options import DEFAULT_TRIALS, PRECISION_TRIALS_CAP, StatsOptions

RP = Path(__file__).resolve().parents[2] / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"


def test_the_defaults_are_worked_out_once_and_the_value_is_frozen(monkeypatch):
    monkeypatch.delenv("DECKCHECK_EXACT_BUDGET", raising=False)
    options = StatsOptions()
    assert options.trials == DEFAULT_TRIALS and options.budget == options.exact_budget == 1.0
    assert options.seed is not None and StatsOptions(precision=0.01).trials == PRECISION_TRIALS_CAP
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.seed = 3  # type: ignore[misc]
    again = dataclasses.replace(options, say=print)  # (a command adds its listeners so)
    assert (again.seed, again.trials, again.say) == (options.seed, options.trials, print)
    assert options.dealing == StatsOptions(seed=1).dealing and StatsOptions(floor=True).dealing.floor


def test_the_exact_budget_comes_from_the_options_else_the_environment(monkeypatch):
    monkeypatch.setenv("DECKCHECK_EXACT_BUDGET", " 0.25 ")
    assert StatsOptions().budget == 0.25
    assert StatsOptions(budget=3).budget == 3  # given: the environment is not read
    monkeypatch.setenv("DECKCHECK_EXACT_BUDGET", "")
    assert StatsOptions().budget == 1.0


@pytest.mark.parametrize("value", [0, -0.5, float("nan"), float("inf"), 1001])
def test_a_budget_out_of_range_is_refused_naming_the_parameter(value):
    with pytest.raises(DeckcheckError) as error:
        StatsOptions(budget=value)
    assert error.value.field == "budget"
    assert str(error.value) == f"field 'budget': budget must be between 0 and 1000 (got {value})"


def test_a_lowered_budget_stops_the_exact_chain_sooner_and_the_question_is_simulated():
    """The budget reaches the engine through the library: the chain gives up at the lowered limit (said in the note)
    and the question is simulated."""
    deck = deckcheck.load(RP)
    asked = dict(anys=["grade=3"], turn=1, going="first")
    low = deckcheck.answer(deck, ["grade=1"], **asked, options=StatsOptions(budget=0.0001, trials=2000, seed=1))
    limit = chain.MAX_WORK // 10_000
    assert low.method == "simulate" and low.gave_up is not None
    assert any(f"the exact turns would need more than {limit:,} steps" in note for note in low.notes), low.notes
    quick = deckcheck.odds("vanguard", ["outs@3"], deck_size=50, copies=["outs=17"], options=StatsOptions(budget=0.5))
    assert quick.answers["first"].method == "exact"  # a plain question is far within any budget
