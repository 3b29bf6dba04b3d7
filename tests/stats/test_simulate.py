"""The vectorised simulation of `deckcheck stats` (deckcheck.stats.simulate) against the engine and closed forms."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import STARTER_CARDDB, STARTER_DECKS, make_db, make_deck, per_game, registered_games

from deckcheck._api import load_deck
from deckcheck.carddb.db import load_carddb, resolve_deck
from deckcheck.engine.procedure import MulliganKind
from deckcheck.errors import DeckcheckError, EngineError, OptionError
from deckcheck.formats.read import parse_deck
from deckcheck.model.deck import Deck
from deckcheck.model.query import parse_filter, parse_query
from deckcheck.stats.model import (
    Dealing,
    MulliganPlan,
    OddsModel,
    build_model,
    compositions,
    keep_filter_plan,
    no_mulligan,
)
from deckcheck.stats.options import StatsOptions
from deckcheck.stats.simulate import SimResult, simulate, simulate_engine, wilson

REPO = Path(__file__).resolve().parents[2]
DECKS = REPO / "decks"


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> dict[str, Deck]:
    """Every example deck by file name, shipped cards only; the starter EVOLVE, Cipher and Vanguard decks with the
    starter cards. The Vanguard ones also as `-no-g` / `-g2` variants."""
    found: dict[str, Deck] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("DECKCHECK_CARDDB", raising=False)
        patch.chdir(tmp_path_factory.mktemp("outside-git"))
        for folder, layers in ((DECKS, []), (STARTER_DECKS, [STARTER_CARDDB])):
            for path in sorted(folder.glob("*/*")):
                found[path.name] = load_deck(path, layers)
                if path.parent.name == "vanguard":
                    found[f"{path.name}-no-g"] = _vanguard_variant(path, layers, g_cards=0)
                    found[f"{path.name}-g2"] = _vanguard_variant(path, layers, g_cards=2)
    return found


def _vanguard_variant(path: Path, layers: list[Path], g_cards: int) -> Deck:
    """The deck with its G deck cut to its first `g_cards` cards (0: the `g` section removed)."""
    source = parse_deck(path)
    kept, left = [], g_cards
    for entry in source.entries:
        if entry.section != "g":
            kept.append(entry)
        elif left > 0:
            entry.raw_count = min(int(entry.raw_count), left)
            left -= entry.raw_count
            kept.append(entry)
    source.entries = kept
    if g_cards == 0:
        source.sections.pop("g", None)
    return resolve_deck(source, load_carddb("vanguard", layers))


def model_of(
    deck: Deck,
    wants: list[str],
    *,
    going: str,
    turn: int,
    keep: str | None = None,
    anys: list[str] = (),
    floor: bool = False,
) -> OddsModel:
    queries = [parse_query(text, deck.game) for text in wants]
    keep_filter = parse_filter(keep, deck.game) if keep else None
    alternatives = [parse_query(text, deck.game) for text in anys]
    return build_model(
        deck,
        queries,
        going=going,
        turn=turn,
        keep=keep_filter,
        refine=True,
        anys=alternatives,
        dealing=Dealing(floor=floor),
    )


def table_plan(model: OddsModel) -> MulliganPlan:
    """A hand-made table of decisions per opening hand, unlike any keep filter: a partial game keeps one card of the
    first want (from the first atom holding one) and returns the rest; a full game redraws unless the hand holds 2."""
    wanted = [bool(atom.mask & 1) for atom in model.atoms]
    keeps, redraws = {}, {}
    for hand in compositions(model.counts, model.hand_size):
        first = next((i for i, (x, w) in enumerate(zip(hand, wanted, strict=True)) if x and w), None)
        keeps[hand] = tuple(1 if i == first else 0 for i in range(len(hand)))
        redraws[hand] = sum(x for x, w in zip(hand, wanted, strict=True) if w) < 2
    return MulliganPlan("table", keep=keeps.__getitem__, redraw=redraws.__getitem__)


def plan_of(model: OddsModel, kind: str, keep: str | None) -> MulliganPlan:
    if kind == "none":
        return no_mulligan(model)
    if kind == "keep":
        return keep_filter_plan(model, keep)
    return table_plan(model)


# Wants and keep filter per game: probabilities well inside (0, 1), so a wrong draw count shows.
GAME_WANTS = {
    "vanguard": (["grade=1", ">=2 grade=2"], "grade=1|2"),
    "ic-dragonball": (["level=0|1", ">=1 type=extra"], "level=0"),
    "cipher": ([">=2 cost=1", "cost=2"], "cost=1"),
    "build-divide": (["cost=4|5", ">=2 cost=1"], "cost=1|4|5"),
    "evolve": ([">=2 cost=2,type=follower", "<=1 type=spell"], "cost=2,type=follower"),
}

# (deck file, plan, going, turn): every game sees all three plans, both seats and turns 0, 1 and 3; every example
# deck is dealt at least once. Vanguard: with its G deck at turns 1, 2 and 3 (vector_turns: G assist, rides, draw
# triggers), with a G deck of 2 (one G assist at most) and without a G deck (the
# drive checks still depend on the deck: vector_turns).
AGREEMENT_CASES = [
    ("guren.txt", "none", "first", 3),
    ("yoiyami.deck.toml", "keep", "second", 1),
    ("yoiyami.deck.toml", "table", "first", 0),
    ("aozora-kishidan.deck.toml", "none", "second", 1),
    ("aozora-kishidan.deck.toml", "table", "first", 3),
    ("hakuya-anya.txt", "keep", "first", 0),
    ("cinderella-stage.txt", "none", "first", 1),
    ("forest-fairies.deck.toml", "keep", "second", 3),
    ("royal-paddock.deck.toml", "table", "second", 0),
    ("hayate-co-op.txt", "table", "second", 1),
    ("raiga-martial-artists.deck.toml", "none", "first", 0),
    ("raiga-martial-artists.deck.toml", "keep", "second", 3),
    ("dawn_knights.deck.toml", "none", "first", 1),
    ("dawn_knights.deck.toml", "keep", "second", 2),
    ("dawn_knights.deck.toml", "table", "first", 3),
    ("ember_wings.txt", "none", "second", 3),
    ("ember_wings.txt", "table", "second", 1),
    ("dawn_knights.deck.toml-g2", "none", "second", 3),
    ("dawn_knights.deck.toml-no-g", "keep", "first", 3),
    ("ember_wings.txt-no-g", "table", "first", 0),
]


@pytest.mark.parametrize(("name", "kind", "going", "turn"), AGREEMENT_CASES)
def test_vectorised_simulation_agrees_with_the_engine(decks, name, kind, going, turn):
    deck = decks[name]
    wants, keep = per_game(GAME_WANTS, deck.game.id)
    model = model_of(deck, wants, going=going, turn=turn, keep=keep if kind == "keep" else None)
    plan = plan_of(model, kind, keep)
    fast = simulate(model, plan, trials=30_000, seed=11)
    slow = simulate_engine(model, plan, trials=2_500, seed=12)
    p1, p2 = fast.probability, slow.probability
    assert 0.03 < p2 < 0.97, "a probability near 0 or 1 would hide a wrong draw model"
    error = math.sqrt(p1 * (1 - p1) / fast.trials + p2 * (1 - p2) / slow.trials)
    assert abs(p1 - p2) <= 4 * error, f"vectorised {p1:.4f} vs engine {p2:.4f} ({len(model.atoms)} atoms)"


def test_the_cases_use_every_path(decks):
    """The agreement cases reach every game the engine deals, every mulligan kind, plain draws and Vanguard's
    vector_turns."""
    kinds, plain, vector = set(), 0, 0
    assert {decks[name].game.id for name, *_ in AGREEMENT_CASES} == set(registered_games(with_setup=True))
    for name, _, going, turn in AGREEMENT_CASES:
        deck = decks[name]
        model = model_of(deck, GAME_WANTS[deck.game.id][0], going=going, turn=turn)
        kinds.add(model.mulligan)
        plain += deck.game.id == "vanguard" and model.turns.vector_turns is None
        vector += model.turns.vector_turns is not None
    assert kinds == set(MulliganKind)
    assert plain >= 1 and vector >= 5


# Per-want deadlines, --any and the floor: the vectorised simulation against the engine card by card.
DEADLINE_CASES = [
    # (deck, wants, anys, going, turn, floor)
    ("dawn_knights.deck.toml", ["grade=1@1", "grade=2@2", "grade=3@3"], [], "first", 3, False),
    ("dawn_knights.deck.toml", ["grade=1@1", "grade=2@2", "grade=3@3"], [], "second", 3, True),
    ("dawn_knights.deck.toml", [">=2 grade=3@4", ">=10 grade=0|1|2|3"], [], "second", 3, False),
    ("dawn_knights.deck.toml", [">=16 grade=0|1|2|3"], [], "first", 5, False),  # twin drive on turns 4 and 5
    ("dawn_knights.deck.toml", ["grade=2@2"], ["trigger=heal@1", "sentinel=true@3"], "first", 3, False),
    ("dawn_knights.deck.toml-no-g", [">=3 grade=0@4"], ["grade=3@3", "<=0 trigger=draw"], "second", 2, False),
    ("guren.txt", ["cost=1@1", ">=2 cost=2@3"], [], "first", 3, False),
    ("forest-fairies.deck.toml", [">=2 cost=2,type=follower@2"], ["<=1 type=spell@0", "cost=1@1"], "second", 1, False),
    ("raiga-martial-artists.deck.toml", ["level=0|1@0"], ["type=extra@2", ">=2 level=2@3"], "first", 1, False),
]


@pytest.mark.parametrize(("name", "wants", "anys", "going", "turn", "floor"), DEADLINE_CASES)
def test_deadlines_and_any_agree_with_the_engine(decks, name, wants, anys, going, turn, floor):
    model = model_of(decks[name], wants, going=going, turn=turn, anys=anys, floor=floor)
    plan = no_mulligan(model)
    fast = simulate(model, plan, trials=30_000, seed=13)
    slow = simulate_engine(model, plan, trials=2_500, seed=14)
    p1, p2 = fast.probability, slow.probability
    assert 0.03 < p2 < 0.97, "a probability near 0 or 1 would hide a wrong model"
    error = math.sqrt(p1 * (1 - p1) / fast.trials + p2 * (1 - p2) / slow.trials)
    assert abs(p1 - p2) <= 4 * error, f"vectorised {p1:.4f} vs engine {p2:.4f}"


# G assist on arrays: the details that change later turns ------------------------------------------------------

G_ASSIST_RECORDS = [
    {"number": "T-FV", "name": "FV", "type": "normal", "grade": 0, "clans": ["C"]},
    *[
        {"number": f"T-{grade}", "name": f"Grade {grade}", "type": "normal", "grade": grade, "clans": ["C"]}
        | {"deck_limit": "any"}
        for grade in (1, 2, 3)
    ],
    {"number": "T-0", "name": "Zero", "type": "trigger", "trigger": "critical", "grade": 0, "clans": ["C"]}
    | {"deck_limit": "any"},
    {"number": "T-G", "name": "G", "type": "g-unit", "grade": 4, "clans": ["C"], "skill": "triple-drive"}
    | {"deck_limit": "any"},
]


@pytest.mark.parametrize(
    ("main", "g", "want"),
    [
        # No grade-0 cards: an assist on turn 1 pays grade-2 cards (the lowest), so turn 2 may assist for grade 2
        # again; paying other cards (or none) would give about 0.34 instead of 0.41.
        ({"T-1": 6, "T-2": 6, "T-3": 35, "T-0": 2}, 16, ">=2 grade=2"),
        # A G deck of 2 pays for one assist only; not paying from the G zone would give about 0.79 instead of 0.70.
        ({"T-1": 4, "T-2": 4, "T-3": 4, "T-0": 37}, 2, "grade=2"),
    ],
)
def test_g_assist_costs_agree_with_the_engine(main, g, want):
    deck = make_deck(make_db("vanguard", G_ASSIST_RECORDS), main={"T-FV": 1, **main}, g={"T-G": g})
    model = model_of(deck, [want], going="first", turn=3)
    fast = simulate(model, no_mulligan(model), trials=40_000, seed=71)
    slow = simulate_engine(model, no_mulligan(model), trials=3_000, seed=72)
    p1, p2 = fast.probability, slow.probability
    error = math.sqrt(p1 * (1 - p1) / fast.trials + p2 * (1 - p2) / slow.trials)
    assert abs(p1 - p2) <= 4 * error, f"vectorised {p1:.4f} vs engine {p2:.4f}"


# Closed forms ---------------------------------------------------------------------------------------------------


def q(cards: int, population: int, matching: int) -> float:
    """P(at least one of `matching` cards among `cards` drawn from `population`)."""
    return 1 - math.comb(population - matching, cards) / math.comb(population, cards)


def assert_agrees(result: SimResult, exact: float, rounding: float = 0.0) -> None:
    """`exact` (rounded to `rounding` at most) lies in the simulation's interval at z = 4.

    A fixed seed's 95% interval misses the true value for 1 seed in 20, so asserting it would pin the test to lucky
    seeds; z = 4 misses 1 in 16,000. The 95% interval must still be narrow, so the check keeps its power.
    """
    low, high = wilson(result.successes, result.trials, z=4.0)
    assert low - rounding <= exact <= high + rounding, f"{exact} outside [{low:.5f}, {high:.5f}] (z = 4)"
    low95, high95 = result.ci95
    assert low95 <= result.probability <= high95 and high95 - low95 < 0.005


def test_one_of_17_in_5_from_50():
    records = [
        {"number": "T-FV", "name": "FV", "type": "normal", "grade": 0, "clans": ["C"]},
        {"number": "T-HIT", "name": "Hit", "type": "normal", "grade": 1, "clans": ["C"], "deck_limit": "any"},
        {"number": "T-MISS", "name": "Miss", "type": "normal", "grade": 2, "clans": ["C"], "deck_limit": "any"},
    ]
    deck = make_deck(make_db("vanguard", records), main={"T-FV": 1, "T-HIT": 17, "T-MISS": 33})
    model = model_of(deck, ["grade=1"], going="first", turn=0)
    assert model.size == 50
    result = simulate(model, no_mulligan(model), trials=200_000, seed=5)
    assert math.isclose(q(5, 50, 17), 0.887984, abs_tol=1e-6)
    assert_agrees(result, 0.887984)


def return_all_unless(model: OddsModel) -> MulliganPlan:
    """Return the whole hand unless it holds a card of the first want (the spec's `optimal` for one want)."""
    wanted = [bool(atom.mask & 1) for atom in model.atoms]
    hit = lambda h: any(x for x, w in zip(h, wanted, strict=True) if w)  # noqa: E731
    return MulliganPlan("return all unless", keep=lambda h: h if hit(h) else (0,) * len(h), redraw=lambda h: not hit(h))


@pytest.mark.parametrize(
    ("name", "turn", "optimal", "exact"),
    [
        ("dawn_knights.deck.toml", 0, False, 0.8298),
        ("dawn_knights.deck.toml", 0, True, 0.9710),
        ("dawn_knights.deck.toml", 1, False, 0.9857),  # G assist (g = 16)
        ("dawn_knights.deck.toml", 1, True, 0.9976),
        ("dawn_knights.deck.toml-no-g", 1, False, 0.8839),
    ],
)
@pytest.mark.parametrize("going", ["first", "second"])
def test_vanguard_spec_values(decks, name, turn, optimal, exact, going):
    """The spec's deck B (the starter Dawn Knights deck has its shape): `--want grade=1`, 14 of 49."""
    model = model_of(decks[name], ["grade=1"], going=going, turn=turn)
    plan = return_all_unless(model) if optimal else no_mulligan(model)
    result = simulate(model, plan, trials=200_000, seed=20 + 2 * turn + optimal + 10 * (going == "first"))
    assert_agrees(result, exact, rounding=5e-5)  # the spec rounds to 4 places


@pytest.mark.parametrize("going", ["first", "second"])
def test_vanguard_turn_2_grade_1_closed_form(decks, going):
    """Deck B, `--want grade=1 --turn 2`, vectorised turns: the only way to miss is no grade 1 among the 6 cards of
    turn 1, none among the top 5 of 43 (G assist), none among turn 2's new cards (the draw; going second also the
    drive check of turn 1) and none among the top 5 of the rest (a second G assist: the vanguard is still grade 0)."""
    model = model_of(decks["dawn_knights.deck.toml"], ["grade=1"], going=going, turn=2)
    assert model.turns.vector_turns is not None
    new = 1 if going == "first" else 2
    miss = math.comb(35, 6) / math.comb(49, 6) * math.comb(29, 5) / math.comb(43, 5)
    miss *= math.comb(29, new) / math.comb(43, new) * math.comb(29 - new, 5) / math.comb(43 - new, 5)
    result = simulate(model, no_mulligan(model), trials=200_000, seed=25 + new)
    assert_agrees(result, 1 - miss)


@pytest.mark.parametrize(
    ("going", "turn", "optimal", "cards"),
    [("first", 0, False, 3), ("first", 1, False, 3), ("second", 1, False, 4), ("first", 2, False, 4)],
)
def test_ic_dragonball_three_copies(decks, going, turn, optimal, cards):
    """Spec example 15: 3 copies of one number in 40; P(>=1 in the opening 3) = 0.2136, in 4 cards 0.2773."""
    deck = decks["raiga-martial-artists.deck.toml"]
    model = model_of(deck, ["number=DC-DB-013"], going=going, turn=turn)
    assert model.size == 40
    result = simulate(model, no_mulligan(model), trials=200_000, seed=30 + turn + 3 * (going == "first"))
    assert_agrees(result, q(cards, 40, 3))
    assert round(q(3, 40, 3), 4) == 0.2136 and round(q(4, 40, 3), 4) == 0.2773


@pytest.mark.parametrize(("going", "turn", "exact"), [("first", 0, 0.3815), ("second", 1, 0.4317)])
def test_ic_dragonball_return_all_three(decks, going, turn, exact):
    """With "return all 3 if none" (partial redraw of the whole hand): 0.3815 opening, P2 turn 1 0.4317."""
    model = model_of(decks["raiga-martial-artists.deck.toml"], ["number=DC-DB-013"], going=going, turn=turn)
    result = simulate(model, return_all_unless(model), trials=200_000, seed=36 + turn)
    assert_agrees(result, exact, rounding=5e-5)


@pytest.fixture(scope="module")
def evolve_12(decks) -> Deck:
    """A 40-card EVOLVE deck with 12 two-cost followers (spec curve example)."""
    db = load_carddb("evolve", [STARTER_CARDDB])
    paddock = decks["royal-paddock.deck.toml"]
    leader = {card.number: n for card, n in paddock.cards("leader")}
    main = {"DC-SV-045": 12, "DC-SV-050": 3, "DC-SV-052": 3, "DC-SV-053": 3, "DC-SV-054": 3, "DC-SV-055": 3}
    main |= {"DC-SV-080": 3, "DC-SV-084": 3, "DC-SV-085": 3, "DC-SV-041": 3, "DC-SV-044": 1}
    return make_deck(db, leader=leader, main=main, basis="class")


@pytest.mark.parametrize(
    ("going", "keep", "exact", "seen"),
    [("first", False, 0.851, 5), ("second", False, 0.902, 6), ("first", True, 0.975, 9), ("second", True, 0.985, 10)],
)
def test_evolve_two_cost_followers_on_turn_2(evolve_12, going, keep, exact, seen):
    """Spec: 12 two-cost followers of 40, `--turn 2`: 85.1% / 90.2% keeping, 97.5% / 98.5% mulligan-if-none (the
    4 cards go to the bottom and cannot come back: cards 1-9 / 1-10 of the deck)."""
    text = "cost=2,type=follower"
    model = model_of(evolve_12, [text], going=going, turn=2, keep=text if keep else None)
    assert model.size == 40 and model.mulligan is MulliganKind.FULL_BOTTOM
    plan = keep_filter_plan(model, text) if keep else no_mulligan(model)
    result = simulate(model, plan, trials=200_000, seed=40 + seen)
    assert round(q(seen, 40, 12), 3) == exact
    assert_agrees(result, q(seen, 40, 12))


@pytest.mark.parametrize(("going", "turn"), [("first", 1), ("second", 3)])
def test_cipher_full_redraw_closed_form(decks, going, turn):
    """Full shuffle, redraw unless >=1 copy: P = q6 + (1 - q6) q(6 + d), the redraw independent of the first hand."""
    deck = decks["aozora-kishidan.deck.toml"]
    model = model_of(deck, ["cost=5"], going=going, turn=turn, keep="cost=5")
    size, matching, draws = model.size, 2, model.turns.draws
    assert sum(a.count for a in model.atoms if a.mask & 1) == matching
    exact = q(6, size, matching) + (1 - q(6, size, matching)) * q(6 + draws, size, matching)
    result = simulate(model, keep_filter_plan(model, "cost=5"), trials=200_000, seed=50 + turn)
    assert_agrees(result, exact)


def test_build_divide_set_aside_redraw_closed_form(decks):
    """Set aside: a redrawn hand comes from the other N-5 cards; the old hand returns before the turn draws."""
    deck = decks["yoiyami.deck.toml"]
    model = model_of(deck, ["cost=4"], going="second", turn=3, keep="cost=4")
    size, matching, draws = model.size, 4, model.turns.draws
    assert draws == 3 and sum(a.count for a in model.atoms if a.mask & 1) == matching
    second = q(5, size - 5, matching)
    exact = q(5, size, matching) + (1 - q(5, size, matching)) * (second + (1 - second) * q(draws, size - 5, matching))
    result = simulate(model, keep_filter_plan(model, "cost=4"), trials=200_000, seed=61)
    assert_agrees(result, exact)


# Run control ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [(0, 10, 0.0, 0.277533), (10, 10, 0.722467, 1.0), (5, 10, 0.236593, 0.763407)],
)
def test_wilson_interval_known_values(successes, trials, low, high):
    got = wilson(successes, trials)
    assert got == pytest.approx((low, high), abs=1e-6)
    assert SimResult(successes, trials, 0, False).ci95 == got


@pytest.mark.parametrize(("successes", "trials"), [(1, 10), (81, 263), (9_990, 10_000), (500_000, 1_000_000)])
def test_wilson_bounds_solve_the_score_equation(successes, trials):
    """Each bound p0 solves (p - p0)^2 = z^2 p0 (1 - p0) / n, and the interval holds the observed p."""
    p = successes / trials
    low, high = wilson(successes, trials)
    for bound in (low, high):
        assert (p - bound) ** 2 == pytest.approx(1.959963984540054**2 * bound * (1 - bound) / trials, rel=1e-9)
    assert low < p < high


def test_wilson_without_trials_is_the_whole_range():
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.fixture(scope="module")
def small(decks) -> OddsModel:
    return model_of(decks["dawn_knights.deck.toml-no-g"], [">=2 grade=1"], going="first", turn=1)


def test_precision_stops_at_the_first_look_within_it(small):
    """Issue 27: the run looks after each batch (the first after 1,000 trials, then as the width says) and stops at
    the first look whose 95% confidence sequence is within ±precision: not at a batch multiple."""
    from deckcheck.stats.sequential import confidence_sequence, half_width

    done = []
    result = simulate(
        small,
        no_mulligan(small),
        trials=1_000_000,
        seed=3,
        precision=0.01,
        progress=lambda done_, total: done.append((done_, total)),
    )
    assert result.stopped_early and 1_000 < result.trials < 250_000
    assert result.ci95 == confidence_sequence(result.successes, result.trials, 0.01, 1_000_000)
    assert half_width(result.ci95, result.successes, result.trials) <= 0.01
    assert done[0][0] == 0 and done[-1] == (result.trials, result.trials)
    assert all(total <= 1_000_000 for _, total in done)
    again = simulate(small, no_mulligan(small), trials=1_000_000, seed=3, precision=0.01)
    assert again == result  # same seed, same looks, same stop


def test_precision_not_reached_runs_every_trial(small):
    result = simulate(small, no_mulligan(small), trials=20_000, seed=3, precision=0.001, batch=5_000)
    assert not result.stopped_early and result.trials == 20_000


def test_progress_reports_cumulative_trials(small):
    done = []
    result = simulate(
        small, no_mulligan(small), trials=25_000, seed=4, batch=10_000, progress=lambda d, t: done.append((d, t))
    )
    assert done == [(0, 25_000), (10_000, 25_000), (20_000, 25_000), (25_000, 25_000)] and result.trials == 25_000


def test_same_seed_same_result_other_seed_other_result(decks):
    model = model_of(decks["dawn_knights.deck.toml"], ["grade=1", ">=2 grade=2"], going="second", turn=3)
    plan = no_mulligan(model)
    first = simulate(model, plan, trials=20_000, seed=9, batch=7_000)
    assert simulate(model, plan, trials=20_000, seed=9, batch=7_000) == first
    assert simulate(model, plan, trials=20_000, seed=10, batch=7_000).successes != first.successes
    engine = simulate_engine(model, plan, trials=200, seed=9)
    assert simulate_engine(model, plan, trials=200, seed=9) == engine
    assert first.seed == 9 and not first.stopped_early


# Refusals -------------------------------------------------------------------------------------------------------


def test_vector_turns_need_a_refined_model(decks):
    deck = decks["dawn_knights.deck.toml"]
    model = build_model(deck, [parse_query("grade=1", deck.game)], going="first", turn=2)
    assert model.turns.vector_turns is not None
    model = replace(model, atoms=tuple(replace(atom, detail=None) for atom in model.atoms))
    with pytest.raises(DeckcheckError, match="refine=True"):
        simulate(model, no_mulligan(model), trials=10, seed=0)


def test_a_plan_keeping_cards_not_in_the_hand_is_refused(small):
    greedy = MulliganPlan("greedy", keep=lambda h: tuple(x + 1 for x in h), redraw=lambda h: False)
    with pytest.raises(EngineError, match="keeps cards that are not in the hand"):
        simulate(small, greedy, trials=10, seed=0)


def test_full_bottom_redraw_into_the_old_hand_is_refused(decks):
    """A 20-card EVOLVE deck: by the second player's turn 14 a redrawn hand (4 + 14 cards) reaches the old hand."""
    leader = {card.number: n for card, n in decks["royal-paddock.deck.toml"].cards("leader")}
    deck = make_deck(load_carddb("evolve", [STARTER_CARDDB]), leader=leader, main={"DC-SV-045": 10, "DC-SV-050": 10})
    text = "cost=2,type=follower"
    model = model_of(deck, [">=5 " + text], going="second", turn=14, keep=text)
    assert model.size == 20 and model.turns.draws == 14
    with pytest.raises(EngineError, match="bottom"):
        simulate(model, keep_filter_plan(model, text), trials=10, seed=0)
    # keeping every hand never reaches cards the mulligan put on the bottom: answered (18 of 20 cards seen)
    assert simulate(model, no_mulligan(model), trials=1_000, seed=0).probability == 1.0


@pytest.mark.parametrize(("trials", "seed", "field"), [(0, 1, "trials"), (10, -1, "seed")])
def test_bad_trials_or_seed(small, trials, seed, field):
    with pytest.raises(DeckcheckError) as error:
        simulate(small, no_mulligan(small), trials=trials, seed=seed)
    assert error.value.field == field


@pytest.mark.parametrize(
    ("trials", "seed", "message"),
    [
        (0, 1, "trials must be between 1 and 100,000,000 (got 0)"),
        (100_000_001, 1, "trials must be between 1 and 100,000,000 (got 100000001)"),
        (10, -1, "seed must be 0 or more (got -1)"),
    ],
)
def test_a_run_is_checked_as_stats_options_check_it(small, trials, seed, message):
    """One check, one message: the simulation refuses what StatsOptions refuses, in the same words."""
    for run in (simulate, simulate_engine):
        with pytest.raises(OptionError) as error:
            run(small, no_mulligan(small), trials=trials, seed=seed)
        assert str(error.value) == message
    with pytest.raises(OptionError) as error:
        StatsOptions(trials=trials, seed=seed)
    assert str(error.value) == message
