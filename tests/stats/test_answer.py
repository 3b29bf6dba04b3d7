"""`deckcheck stats` as a library (deckcheck.stats.answer) on decks built in code, through each game's real setup.

The spec's check values of every game (shared/spec/*.md, "Statistics" and "Examples the tests must cover"), the
mulligan policies, agreement with the vectorised simulation, the fallback to simulation, bad input and the games'
default reports.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from conftest import cipher_unit, make_db, make_deck, per_game, registered_games

from deckcheck.engine.procedure import MulliganKind
from deckcheck.errors import DeckcheckError, EngineError, OptionError
from deckcheck.games import get_game
from deckcheck.model.deck import Deck
from deckcheck.stats.answer import Answer, answer, default_report, turn_table
from deckcheck.stats.model import OddsModel
from deckcheck.stats.options import StatsOptions
from deckcheck.stats.queries import parse_queries, turn_for
from deckcheck.stats.quick import run_odds
from deckcheck.stats.simulate import simulate, wilson

# Decks of each game ----------------------------------------------------------------------------------------------


def vanguard_rec(number: str, grade: int, type_: str = "normal", trigger: str = "none", **fields: Any) -> dict:
    record = {
        "number": number,
        "name": f"試験のユニット {number}",
        "type": type_,
        "grade": grade,
        "trigger": trigger,
        "sentinel": False,
        "clans": ["テストパラディン"],
        "skill": {3: "twin-drive", 4: "triple-drive"}.get(grade, "boost"),
    }
    return record | fields


VANGUARD = make_db(
    "vanguard",
    [
        vanguard_rec("V-FV", 0),
        *(vanguard_rec(f"V-T{t}", 0, "trigger", t) for t in ("critical", "draw", "stand", "heal")),
        vanguard_rec("V-S1", 1, sentinel=True, shield=0),
        *(vanguard_rec(f"V-1{x}", 1) for x in "ABC"),
        *(vanguard_rec(f"V-2{x}", 2) for x in "ABC"),
        *(vanguard_rec(f"V-3{x}", 3) for x in "AB"),
        *(vanguard_rec(f"V-G{x}", 4, "g-unit") for x in "ABCD"),
    ],
)
# Deck B of the spec: FV + 16 triggers + 14 grade 1 (4 sentinels) + 11 grade 2 + 8 grade 3; population 49.
VANGUARD_MAIN = {"V-FV": 1, **{f"V-T{t}": 4 for t in ("critical", "draw", "stand", "heal")}}
VANGUARD_MAIN |= {"V-S1": 4, "V-1A": 4, "V-1B": 4, "V-1C": 2, "V-2A": 4, "V-2B": 4, "V-2C": 3, "V-3A": 4, "V-3B": 4}
VANGUARD_G = {f"V-G{x}": 4 for x in "ABCD"}


def cipher_record(number: str, unit_name: str, cost: int, **fields: Any) -> dict:
    return cipher_unit(number, f"称号{number}", unit_name, cost, **fields)


CIPHER = make_db(
    "cipher",
    [
        cipher_record("L-001", "リーフィ", 1),  # the lord L
        cipher_record("CC-001", "リーフィ", 3, cc_cost=2),  # a class-change card with L's unit name
        *(cipher_record(f"N{i:02d}", f"ユニット{i}", 2 + i % 4) for i in range(1, 12)),
    ],
)
# Example 14: N = 50, the lord L (4 copies, one set aside), 4 copies of the class-change card.
CIPHER_MAIN = {"L-001": 4, "CC-001": 4, **{f"N{i:02d}": 4 for i in range(1, 11)}, "N11": 2}


def bd_unit(number: str, **fields: Any) -> dict:
    record = {"number": number, "name": f"ユニット{number}", "type": "unit", "colors": ["black"]}
    return record | {"cost": 2, "total_cost": 2} | fields


TERRITORY = {"number": "T-00", "name": "閉じた門", "type": "territory", "open_name": "T", "colors": ["red"]}
BUILD_DIVIDE = make_db(
    "build-divide",
    [
        *(bd_unit(f"{x}-01", buster=x in "ABC", shot=x in "DE") for x in "ABCDEFGHIJKLM"),
        bd_unit("ACE-01", cost=3, total_cost=3, subtypes=["ace"], titles=["覇王"]),
        TERRITORY | {"total_cost": 6, "titles": ["覇王"]},  # its unopened face's title: an Ace 覇王 opens it
    ],
)
# Deck B with J replaced by an Ace: A-I and the Ace x4 (A-C busters: 12); the 50-card deck adds K, L x4 and M x2.
BD_40 = {f"{x}-01": 4 for x in "ABCDEFGHI"} | {"ACE-01": 4}
BD_50 = BD_40 | {"K-01": 4, "L-01": 4, "M-01": 2}


def evolve_rec(number: str, name: str, type_: str = "follower", cost: int | None = 2) -> dict:
    record = {"number": number, "name": name, "type": type_, "class": "forest"}
    return record | ({"cost": cost} if cost is not None else {})


EVOLVE = make_db(
    "evolve",
    [
        evolve_rec("L-F", "試験の森の長", "leader", None),
        evolve_rec("F2", "二コストの森人"),
        *(
            evolve_rec(f"M{i}", f"試験の森人{i}", ("follower", "spell", "amulet")[i % 3], (1, 3, 4, 5)[i % 4])
            for i in range(10)
        ),
    ],
)
# Example 15: 40 cards, 12 two-cost followers (no other card costs 2).
EVOLVE_MAIN = {"F2": 12, **{f"M{i}": 3 for i in range(9)}, "M9": 1}


def db_battle(number: str, level: int = 2) -> dict:
    record = {"number": number, "name": f"バトル{number}", "type": "battle", "level": level, "power": 7000}
    return record | {"strike": 1, "character": f"キャラ{number}", "traits": ["武道家"], "age": "A"}


DB_LEADER = {"number": "L1", "name": "リーダーL1", "type": "leader", "power": 10000, "strike": 1, "character": "悟空"}
IC_DRAGONBALL = make_db(
    "ic-dragonball",
    [
        DB_LEADER | {"traits": [], "age": "A"},
        *(db_battle(f"B{i:02d}", i % 3) for i in range(1, 11)),
        *({"number": f"E0{i}", "name": f"エクストラE0{i}", "type": "extra", "level": 1} for i in range(1, 4)),
        db_battle("S", 0),
    ],
)
# D40: 13 numbers x 3 + S x 1 = 40; B01 is the 3-copy number X of example 15.
IC_MAIN = {**{f"B{i:02d}": 3 for i in range(1, 11)}, **{f"E0{i}": 3 for i in range(1, 4)}, "S": 1}


@pytest.fixture(scope="module")
def decks() -> dict[str, Deck]:
    return {
        "vanguard": make_deck(VANGUARD, main=VANGUARD_MAIN, g=VANGUARD_G),
        "vanguard-no-g": make_deck(VANGUARD, main=VANGUARD_MAIN),
        "cipher": make_deck(CIPHER, main=CIPHER_MAIN, lord="L-001"),
        "build-divide": make_deck(BUILD_DIVIDE, main=BD_40, d={}, territory={"T-00": 1}),
        "build-divide-50": make_deck(BUILD_DIVIDE, main=BD_50, d={}, territory={"T-00": 1}),
        "evolve": make_deck(EVOLVE, leader={"L-F": 1}, main=EVOLVE_MAIN),
        "ic-dragonball": make_deck(IC_DRAGONBALL, leader={"L1": 1}, main=IC_MAIN),
    }


def ask(deck: Deck, wants: list[str], *, going: str = "first", turn: int = 0, **options: Any) -> Answer:
    options.setdefault("seed", 1)
    return answer(deck, parse_queries(wants, deck), going=going, turn=turn, options=StatsOptions(**options))


def test_the_decks_have_the_spec_populations(decks):
    sizes = {"vanguard": 49, "cipher": 49, "build-divide": 40, "build-divide-50": 50, "evolve": 40}
    sizes["ic-dragonball"] = 40
    for name, size in sizes.items():
        result = ask(decks[name], ["grade=1" if "vanguard" in name else "number=" + _first_number(decks[name])])
        assert result.model.size == size, name


def _first_number(deck: Deck) -> str:
    return next(card.number for card, _ in deck.cards("main"))


# 1. The spec's check values -------------------------------------------------------------------------------------

SPEC_VALUES = [
    # Vanguard, deck B, `--want grade=1` (14 of 49)
    ("vanguard-no-g", "grade=1", "first", 0, "none", 0.8298),
    ("vanguard", "grade=1", "second", 0, "none", 0.8298),
    ("vanguard", "grade=1", "first", 0, "optimal", 0.9710),
    ("vanguard", "grade=1", "second", 0, None, 0.9710),  # the default is optimal
    ("vanguard", "grade=1", "first", 1, "none", 0.9857),  # G assist (g = 16)
    ("vanguard", "grade=1", "second", 1, "none", 0.9857),
    ("vanguard-no-g", "grade=1", "first", 1, "none", 0.8839),  # 6 cards
    ("vanguard-no-g", "grade=1", "second", 1, "none", 0.8839),
    ("vanguard", "grade=1", "first", 1, "optimal", 0.9976),
    ("vanguard", "grade=1", "second", 1, "optimal", 0.9976),
    # Cipher example 14: 4 class-change cards in the 49 left after the lord
    ("cipher", "number=CC-001", "first", 1, "none", 0.4175),
    ("cipher", "number=CC-001", "first", 2, "none", 0.4717),
    ("cipher", "number=CC-001", "first", 3, "none", 0.5220),
    ("cipher", "number=CC-001", "second", 1, "none", 0.4717),
    ("cipher", "number=CC-001", "first", 1, "keep:number=CC-001", 0.6607),
    ("cipher", "number=CC-001", "first", 2, "keep:number=CC-001", 0.6923),
    ("cipher", "number=CC-001", "first", 3, "keep:number=CC-001", 0.7216),
    ("cipher", "number=CC-001", "first", 1, "optimal", 0.6607),
    ("cipher", "number=CC-001", "first", 2, "optimal", 0.6923),
    ("cipher", "number=CC-001", "first", 3, None, 0.7216),
    # Build Divide: a 4-of in the opening 5, N = 40 / 50
    ("build-divide", "number=F-01", "first", 0, "none", 0.4271),
    ("build-divide-50", "number=F-01", "second", 0, "none", 0.3530),
    ("build-divide", "number=F-01", "first", 0, "keep:number=F-01", 0.7001),
    ("build-divide-50", "number=F-01", "first", 0, "keep:number=F-01", 0.6032),
    ("build-divide", "number=F-01", "second", 0, "optimal", 0.7001),
    ("build-divide-50", "number=F-01", "second", 0, "optimal", 0.6032),
    ("build-divide", "buster=true", "first", 0, "none", 0.8506),
    ("build-divide-50", "buster=true", "first", 0, "none", 0.7631),
    ("build-divide", "number=F-01", "first", 3, "none", 0.5522),  # 7 cards
    ("build-divide", "number=F-01", "second", 3, "none", 0.6065),  # 8 cards
    # EVOLVE example 15: 12 two-cost followers of 40, `--turn 2`
    ("evolve", "cost=2,type=follower", "first", 2, "none", 0.851),
    ("evolve", "cost=2,type=follower", "first", 2, "optimal", 0.975),
    ("evolve", "cost=2,type=follower", "first", 2, "keep:cost=2,type=follower", 0.975),
    ("evolve", "cost=2,type=follower", "second", 2, "none", 0.902),
    ("evolve", "cost=2,type=follower", "second", 2, "optimal", 0.985),
    ("evolve", "cost=2,type=follower", "second", 2, "keep:cost=2,type=follower", 0.985),
    # IC Dragon Ball example 15: 3 copies of B01 in 40
    ("ic-dragonball", "number=B01", "first", 0, "none", 0.2136),
    ("ic-dragonball", "number=B01", "second", 0, "none", 0.2136),
    ("ic-dragonball", "number=B01", "first", 1, "none", 0.2136),
    ("ic-dragonball", "number=B01", "first", 0, "optimal", 0.3815),
    ("ic-dragonball", "number=B01", "first", 0, "keep:number=B01", 0.3815),
    ("ic-dragonball", "number=B01", "second", 1, "none", 0.2773),  # 4 cards
    ("ic-dragonball", "number=B01", "first", 2, "none", 0.2773),
    ("ic-dragonball", "number=B01", "second", 1, "optimal", 0.4317),
]


@pytest.mark.parametrize(("deck", "want", "going", "turn", "mulligan", "expected"), SPEC_VALUES)
def test_spec_check_values(decks, deck, want, going, turn, mulligan, expected):
    result = ask(decks[deck], [want], going=going, turn=turn, mulligan=mulligan)
    half_unit = 5e-4 if deck == "evolve" else 5e-5  # the spec rounds EVOLVE to 3 places, the others to 4
    assert abs(result.probability - expected) <= half_unit
    assert result.method == "exact" and result.ci95 is None and result.notes == []
    assert result.mulligan == (mulligan or "optimal")
    assert (result.going, result.turn) == (going, turn)
    assert result.exact is not None and float(result.exact.probability) == result.probability


def hyper_miss(matching: int, size: int, cards: int) -> Fraction:
    return Fraction(math.comb(size - matching, cards), math.comb(size, cards))


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("turn", [0, 1, 2, 3])
def test_vanguard_cards_reached_table(decks, going, turn):
    """The spec's table is the floor (drive 1, no draw triggers): first 5/6/7/9, second 5/6/8/10 at own turns 0-3:
    `>=n` of the 45 non-sentinels among n cards is C(45, n) / C(49, n), and `>=n+1` of anything is impossible."""
    cards = {"first": [5, 6, 7, 9], "second": [5, 6, 8, 10]}[going][turn]
    deck = decks["vanguard-no-g"]
    result = ask(deck, [f">={cards} sentinel=false"], going=going, turn=turn, mulligan="none", floor=True)
    assert result.exact.probability == hyper_miss(4, 49, cards)
    same = ask(deck, ["<=0 sentinel=true"], going=going, turn=turn, mulligan="none", floor=True)
    assert same.exact.probability == hyper_miss(4, 49, cards)
    more = ask(deck, [f">={cards + 1} grade=0|1|2|3"], going=going, turn=turn, mulligan="none", floor=True)
    assert more.probability == 0
    every = ask(deck, [f">={cards} grade=0|1|2|3"], going=going, turn=turn, mulligan="none", floor=True)
    assert every.probability == 1
    # The rules: the floor is still reached, and a checked draw trigger brings one card more once there is a check.
    rules = ask(deck, [f">={cards + 1} grade=0|1|2|3"], going=going, turn=turn, mulligan="none")
    checks = {"first": [0, 0, 0, 1], "second": [0, 0, 1, 2]}[going][turn]
    assert (rules.probability > 0) == (checks > 0)
    assert ask(deck, [f">={cards} grade=0|1|2|3"], going=going, turn=turn, mulligan="none").probability == 1


@pytest.mark.parametrize("going", ["first", "second"])
def test_vanguard_g_deck_changes_nothing_before_turn_1(decks, going):
    for want in ("grade=1", ">=2 grade=2", "<=1 trigger=heal"):
        with_g = ask(decks["vanguard"], [want], going=going, turn=0, mulligan="none")
        without = ask(decks["vanguard-no-g"], [want], going=going, turn=0, mulligan="none")
        assert with_g.exact.probability == without.exact.probability


def test_cipher_keep_filter_closed_form(decks):
    """P = q6 + (1 - q6) qn: the redrawn hand comes from the reshuffled 49 cards (spec cipher "Statistics")."""
    for going, turn in (("first", 1), ("first", 3), ("second", 1), ("second", 3)):
        n = 6 + (turn - 1 if going == "first" else turn)
        q6, qn = 1 - hyper_miss(4, 49, 6), 1 - hyper_miss(4, 49, n)
        result = ask(decks["cipher"], ["number=CC-001"], going=going, turn=turn, mulligan="keep:number=CC-001")
        assert result.exact.probability == q6 + (1 - q6) * qn
        none = ask(decks["cipher"], ["number=CC-001"], going=going, turn=turn, mulligan="none")
        assert none.exact.probability == qn


def test_evolve_closed_forms(decks):
    """Keeping every hand: 1 - C(D-k, 4+d)/C(D, 4+d); mulligan-if-none: 1 - C(D-k, 8+d)/C(D, 8+d)."""
    for going in ("first", "second"):
        for turn in (1, 2, 3):
            d = max(turn - 1, 0) if going == "first" else turn
            none = ask(decks["evolve"], ["cost=2,type=follower"], going=going, turn=turn, mulligan="none")
            keep = ask(decks["evolve"], ["cost=2,type=follower"], going=going, turn=turn, mulligan="keep:cost=2")
            assert none.exact.probability == 1 - hyper_miss(12, 40, 4 + d)
            assert keep.exact.probability == 1 - hyper_miss(12, 40, 8 + d)


def test_build_divide_set_aside_closed_form(decks):
    """Redraw unless a copy: the new 5 from the other N - 5, then the old hand back and the draws from N - 5."""
    for deck, size in (("build-divide", 40), ("build-divide-50", 50)):
        for going, turn in (("first", 0), ("second", 3)):
            d = turn if going == "second" else max(turn - 1, 0)
            first = hyper_miss(4, size, 5)
            after = hyper_miss(4, size - 5, 5) * hyper_miss(4, size - 5, d)
            result = ask(decks[deck], ["number=F-01"], going=going, turn=turn, mulligan="keep:number=F-01")
            assert result.exact.probability == 1 - first * after


def test_ic_dragonball_partial_keep_filter_closed_form(decks):
    """Partial: keep the copies, return the rest; `>=2` with j kept needs 2 - j of 3 - j among 3 - j + d."""
    deck = decks["ic-dragonball"]
    for going, turn in (("first", 0), ("second", 2)):
        d = turn if going == "second" else max(turn - 1, 0)
        expected = Fraction(0)
        for j in range(4):
            chance = Fraction(math.comb(3, j) * math.comb(37, 3 - j), math.comb(40, 3))
            left = 3 - j + d
            success = 1 - sum(
                Fraction(math.comb(3 - j, i) * math.comb(37, left - i), math.comb(40 - j, left))
                for i in range(max(0, 2 - j))
            )
            expected += chance * success
        result = ask(deck, [">=2 number=B01"], going=going, turn=turn, mulligan="keep:number=B01")
        assert result.exact.probability == expected


# 2. Policies: optimal maximises, its decisions -------------------------------------------------------------------

POLICY_CASES = [
    ("vanguard", ["grade=1", ">=2 grade=2"], ["grade=1", "grade=1|2", "trigger=none"], 0),
    ("vanguard", ["grade=1", "<=1 trigger=heal"], ["grade=1", "grade=2"], 1),
    ("vanguard-no-g", [">=2 grade=1", "grade=3"], ["grade=1|3", "grade=1"], 3),
    ("cipher", ["number=CC-001", ">=2 cost=2"], ["number=CC-001", "cost=2", "cost=2|3"], 1),
    ("build-divide", ["number=F-01", ">=2 buster=true"], ["number=F-01", "buster=true"], 3),
    ("evolve", [">=2 cost=2,type=follower", "<=1 type=spell"], ["cost=2", "type=follower"], 2),
    ("ic-dragonball", ["number=B01|B02", "type=extra"], ["number=B01|B02", "type=extra", "level=0"], 1),
]


@pytest.mark.parametrize(("deck", "wants", "keeps", "turn"), POLICY_CASES)
@pytest.mark.parametrize("going", ["first", "second"])
def test_optimal_is_at_least_every_other_policy(decks, deck, wants, keeps, turn, going):
    best = ask(decks[deck], wants, going=going, turn=turn, mulligan="optimal")
    assert best.method == "exact" and best.mulligan == "optimal"
    default = ask(decks[deck], wants, going=going, turn=turn)
    assert default.exact.probability == best.exact.probability and default.mulligan == "optimal"
    others = [ask(decks[deck], wants, going=going, turn=turn, mulligan="none")]
    others += [ask(decks[deck], wants, going=going, turn=turn, mulligan=f"keep:{keep}") for keep in keeps]
    for other in others:
        assert other.exact.probability <= best.exact.probability, other.mulligan
    assert best.exact.probability > others[0].exact.probability  # the mulligan helps these queries
    assert 0 < best.probability < 1


def _atom_index(model: OddsModel, bit: int) -> int:
    (index,) = [i for i, atom in enumerate(model.atoms) if atom.mask >> bit & 1]
    return index


def test_vanguard_optimal_decisions_for_obvious_hands(decks):
    result = ask(decks["vanguard"], ["grade=1"], turn=0, mulligan="optimal")
    model, plan = result.model, result.exact.plan
    assert len(model.atoms) == 2 and model.mulligan is MulliganKind.PARTIAL_SHUFFLE
    hit = _atom_index(model, 0)
    none_in_hand = tuple(0 if i == hit else 5 for i in range(2))
    one_in_hand = tuple(1 if i == hit else 4 for i in range(2))
    assert plan.keep(none_in_hand) == (0, 0)  # no grade 1: return all 5
    assert plan.keep(one_in_hand)[hit] == 1  # the grade 1 stays
    assert plan.keep(one_in_hand) == one_in_hand  # and nothing else is changed: it would not help
    decisions = {d.hand: d for d in result.exact.decisions}
    assert decisions[one_in_hand].value == 1
    assert decisions[none_in_hand].value == 1 - hyper_miss(14, 49, 5)


def test_cipher_optimal_redraws_exactly_the_hands_without_a_copy(decks):
    result = ask(decks["cipher"], ["number=CC-001"], turn=2)
    model = result.model
    hit = _atom_index(model, 0)
    assert model.mulligan is MulliganKind.FULL_SHUFFLE
    for decision in result.exact.decisions:
        assert decision.redraw == (decision.hand[hit] == 0)
        assert decision.keep == ((0,) * len(decision.hand) if decision.redraw else decision.hand)


def test_evolve_optimal_decisions_match_keep_filter(decks):
    """For one `>=1` want, optimal and keep:FILTER are the same policy on every hand."""
    text = "cost=2,type=follower"
    best = ask(decks["evolve"], [text], going="second", turn=2)
    keep = ask(decks["evolve"], [text], going="second", turn=2, mulligan=f"keep:{text}")
    assert [d.redraw for d in best.exact.decisions] == [d.redraw for d in keep.exact.decisions]


def test_json_of_an_exact_answer(decks):
    result = ask(decks["ic-dragonball"], ["number=B01"], going="second", turn=1)
    data = result.to_json()
    assert {"probability", "method", "turn", "going", "mulligan", "ci95"} <= set(data)
    assert (data["method"], data["turn"], data["going"], data["mulligan"], data["ci95"]) == (
        "exact",
        1,
        "second",
        "optimal",
        None,
    )
    assert Fraction(data["exact"]) == result.exact.probability
    assert "trials" not in data and "seed" not in data


# 3. Exact agrees with the vectorised simulation -------------------------------------------------------------------

AGREEMENT = [
    ("vanguard", ["grade=1", ">=2 grade=2"], 0),
    ("vanguard-no-g", ["grade=1", ">=2 grade=2"], 3),
    ("vanguard", ["grade=2", "<=1 trigger=heal"], 1),  # the G assist seek
    ("cipher", ["number=CC-001", ">=2 cost=2"], 0),
    ("cipher", ["number=CC-001", ">=2 cost=2"], 3),
    ("build-divide", ["number=F-01", ">=2 buster=true"], 0),
    ("build-divide", ["number=F-01", ">=2 buster=true"], 3),
    ("evolve", [">=2 cost=2,type=follower", "<=1 type=spell"], 0),
    ("evolve", [">=2 cost=2,type=follower", "<=1 type=spell"], 3),
    ("ic-dragonball", ["number=B01|B02", "type=extra"], 0),
    ("ic-dragonball", ["number=B01|B02", "type=extra"], 3),
]


@pytest.mark.parametrize(("deck", "wants", "turn"), AGREEMENT)
@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("mulligan", ["none", "optimal"])
def test_exact_agrees_with_the_simulation(decks, deck, wants, turn, going, mulligan):
    """200,000 vectorised trials of the same model and plan hold the exact value at z = 4 (1 miss in 16,000)."""
    exact = ask(decks[deck], wants, going=going, turn=turn, mulligan=mulligan)
    assert exact.method == "exact"
    p = exact.probability
    assert 0.02 < p < 0.98, "a probability near 0 or 1 would hide a wrong draw model"
    seed = sum(map(ord, f"{deck}{turn}{going}{mulligan}"))
    result = simulate(exact.model, exact.exact.plan, trials=200_000, seed=seed)
    low, high = wilson(result.successes, result.trials, z=4.0)
    assert low <= p <= high, f"exact {p:.5f} outside [{low:.5f}, {high:.5f}]"


# 4. Falling back to simulation ------------------------------------------------------------------------------------

# 49 different cards (one copy each) and 6 overlapping wants: 20 groups of cards, too many hands to count.
SINGLES = make_db(
    "vanguard",
    [vanguard_rec("V-FV", 0), *(vanguard_rec(f"U{i:02d}", 1 + i % 3) for i in range(49))],
)
OVERLAPS = [0b000111, 0b001011, 0b010011, 0b100101, 0b011001, 0b101010, 0b110100, 0b001110, 0b010101, 0b100011]
OVERLAPS += [0b111000, 0b000110, 0b011100, 0b101001, 0b110010, 0b001101, 0b010110, 0b100110, 0b111111, 0]


def overlapping_wants() -> list[str]:
    """Card i belongs to group i % 20; want j matches the groups whose pattern has bit j."""
    wants = []
    for j in range(6):
        numbers = [f"U{i:02d}" for i in range(49) if OVERLAPS[i % 20] >> j & 1]
        wants.append("number=" + "|".join(numbers))
    return wants


@pytest.fixture(scope="module")
def singles() -> Deck:
    return make_deck(SINGLES, main={"V-FV": 1, **{f"U{i:02d}": 1 for i in range(49)}})


def test_many_atoms_within_the_step_budget_are_exact(singles):
    """Issue 27: the cost estimate (38 million steps) refused this question, which takes about 750,000 DP steps
    (about 2 s); now the estimate only refuses the hopeless, and the engine stops itself at MAX_STEPS."""
    from deckcheck.stats import exact

    result = ask(singles, overlapping_wants(), mulligan="none")
    assert result.method == "exact" and result.model is not None and len(result.model.atoms) == 20
    assert exact.ExactEngine(result.model).work(optimal=False) > 20_000_000  # the old limit refused it


@pytest.fixture
def small_step_budget(monkeypatch):
    """The question of `singles` past the step budget (and past ten times it), as a larger question would be."""
    from deckcheck.stats import exact

    monkeypatch.setattr(exact, "MAX_STEPS", 1_000)


def test_many_atoms_are_simulated_and_the_answer_says_why(singles, small_step_budget):
    result = ask(singles, overlapping_wants(), mulligan="none", trials=20_000, seed=5)
    assert len(result.model.atoms) == 20
    assert result.method == "simulate" and result.mulligan == "none"
    assert result.notes and result.notes[0].startswith("simulated: ")
    assert "would need more than 1,000 steps" in result.notes[0] and "exact would take" in result.notes[0]
    low, high = result.ci95
    assert low <= result.probability <= high and high - low < 0.02
    assert result.trials == 20_000 and result.seed == 5 and result.exact is None
    data = result.to_json()
    assert data["method"] == "simulate" and data["ci95"] == [low, high] and data["trials"] == 20_000
    assert data["notes"] == result.notes


def test_many_atoms_with_the_default_mulligan_fall_back_to_none(singles, small_step_budget):
    result = ask(singles, overlapping_wants(), trials=5_000)
    assert result.method == "simulate" and result.mulligan == "none"
    assert any(note.startswith("mulligan none: the optimal mulligan cannot be computed") for note in result.notes)


def test_many_atoms_refuse_method_exact_and_mulligan_optimal(singles, small_step_budget):
    with pytest.raises(OptionError, match="^method exact is not available") as error:
        ask(singles, overlapping_wants(), mulligan="none", method="exact")
    assert error.value.field == error.value.option == "method"
    with pytest.raises(OptionError, match="^mulligan optimal cannot be computed") as error:
        ask(singles, overlapping_wants(), mulligan="optimal", trials=1_000)
    assert error.value.field == "mulligan"


@pytest.mark.parametrize("going", ["first", "second"])
def test_vanguard_turn_2_with_a_g_deck_is_exact_and_the_simulation_agrees(decks, going):
    """G assist and rides turn after turn: the exact chain, and the simulation within its interval."""
    result = ask(decks["vanguard"], ["grade=2"], going=going, turn=2)
    assert result.method == "exact" and result.ci95 is None and result.mulligan == "optimal"
    simulated = ask(decks["vanguard"], ["grade=2"], going=going, turn=2, method="simulate", trials=200_000, seed=4)
    low, high = wilson(round(simulated.probability * simulated.trials), simulated.trials, z=4.0)
    assert low <= result.probability <= high
    assert any("hand-dependent" in note for note in simulated.notes)
    # the same question without a G deck, on the floor, is plain draws: 7 / 8 cards
    plain = ask(decks["vanguard-no-g"], ["grade=1"], going=going, turn=2, mulligan="none", floor=True)
    assert plain.method == "exact"
    assert plain.exact.probability == 1 - hyper_miss(14, 49, {"first": 7, "second": 8}[going])


def _larger_or_same(a: tuple[str, int], b: tuple[str, int]) -> bool:
    """Whether question a (seat, turn) reaches at least the states of b: a later turn, going second not first."""
    return a[1] >= b[1] and (a[0] == b[0] or b[0] == "first")


@pytest.mark.parametrize(("budget", "tried_expected"), [(500, 3), (2_000, 5)])
def test_a_chain_that_gave_up_is_not_tried_again_for_larger_questions(decks, monkeypatch, budget, tried_expected):
    """Going second draws more than going first, a later turn more than an earlier one: once the chain has spent its
    budget on a question, the larger ones of turn_table are simulated at once (each would spend it again)."""
    from deckcheck.stats import chain, exact

    monkeypatch.setattr(chain, "MAX_WORK", budget)  # turn 1 fits, turn 2 or 3 does not
    tried: list[tuple[str, int]] = []
    chain_value = exact.ExactEngine._chain_value

    def spy(self, base, pool, m):
        tried.append((self.model.going, self.model.turn))
        return chain_value(self, base, pool, m)

    monkeypatch.setattr(exact.ExactEngine, "_chain_value", spy)
    options = StatsOptions(seed=3, trials=20_000)
    rows = turn_table(decks["vanguard"], parse_queries(["grade=2"], decks["vanguard"]), turn=3, options=options)
    cells = {(seat, row.turn): cell for row in rows for seat, cell in row.cells.items()}
    simulated = {question for question, cell in cells.items() if cell.method == "simulate"}
    gave_up = simulated & set(tried)  # tried, and given up on
    assert len(set(tried)) == tried_expected and gave_up
    assert all(cells[question].method == "exact" for question in set(tried) - gave_up)
    for question in simulated - gave_up:  # never tried: larger than one given up on, and the note says so
        assert any(_larger_or_same(question, smaller) for smaller in gave_up)
        assert any("and this question needs more" in note for note in cells[question].notes)
    for question in gave_up:  # each tried only when no smaller question had given up
        assert not any(_larger_or_same(question, other) for other in gave_up - {question})
    assert all(cell.method == "exact" for (seat, turn), cell in cells.items() if turn <= 1)


def test_method_simulate_on_an_exact_question(decks):
    result = ask(decks["ic-dragonball"], ["number=B01"], mulligan="none", method="simulate", trials=50_000, seed=9)
    assert result.method == "simulate" and result.notes == []
    low, high = wilson(round(result.probability * result.trials), result.trials, z=4.0)
    assert low <= 1 - hyper_miss(3, 40, 3) <= high


# 4b. Per-want deadlines and --any on every game: exact, and the simulation agrees within its interval ----------

DEADLINE_QUESTIONS = {
    "vanguard": (["grade=1@1", "grade=2@2"], ["trigger=heal@1", "sentinel=true@0"]),
    "cipher": (["number=CC-001@2"], ["cost=2@0", ">=2 cost=3@1"]),
    "build-divide": (["subtypes=ace@1"], ["buster=true@0", ">=2 shot=true@2"]),
    "evolve": ([">=2 cost=2@2", "<=1 type=spell@1"], ["cost=1@1", "type=amulet@3"]),
    "ic-dragonball": (["level=0|1@0", "number=B01@3"], ["type=extra@1", ">=2 level=2@2"]),
}


@pytest.mark.parametrize("game", registered_games(with_setup=True))
def test_deadlines_and_any_exact_and_simulated_agree_on_every_game(decks, game):
    deck = per_game(decks, game)
    wants, anys = per_game(DEADLINE_QUESTIONS, game)
    queries, alternatives = parse_queries(wants, deck), parse_queries(anys, deck, "any")
    for going in ("first", "second"):
        options = StatsOptions(seed=5)
        exact = answer(deck, queries, going=going, turn=0, options=options, anys=alternatives)
        assert exact.method == "exact" and exact.mulligan == "optimal" and 0.02 < exact.probability < 0.98
        simulated = answer(
            deck,
            queries,
            going=going,
            turn=0,
            options=StatsOptions(seed=6, method="simulate", mulligan="none", trials=200_000),
            anys=alternatives,
        )
        plain = answer(deck, queries, going=going, turn=0, options=StatsOptions(mulligan="none"), anys=alternatives)
        low, high = wilson(round(simulated.probability * simulated.trials), simulated.trials, z=4.0)
        assert low <= plain.probability <= high, (game, going)
        assert plain.probability <= exact.probability
        data = exact.to_json()
        assert [(w["query"], w["turn"], w["group"]) for w in data["wants"]] == [
            *((q.text, q.deadline, "all") for q in queries),
            *((q.text, q.deadline, "any") for q in alternatives),
        ]


def test_an_any_group_is_at_least_its_likeliest_member_and_at_most_their_sum(decks):
    deck = decks["evolve"]
    one = ask(deck, ["cost=1"], turn=1, mulligan="none").probability
    other = ask(deck, ["type=amulet"], turn=1, mulligan="none").probability
    both = answer(
        deck,
        [],
        going="first",
        turn=1,
        options=StatsOptions(mulligan="none"),
        anys=parse_queries(["cost=1", "type=amulet"], deck),
    ).probability
    assert max(one, other) <= both <= one + other


# 5. Bad input -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "want", "message"),
    [
        ("ic-dragonball", "grade=1", "no field 'grade'"),
        ("vanguard", "level=1", "no field 'level'"),
        ("vanguard", ">=51 grade=1", "only 50"),
        ("ic-dragonball", ">=41 type=battle", "only 40"),
    ],
)
def test_bad_queries(decks, deck, want, message):
    with pytest.raises(DeckcheckError, match=message):
        parse_queries([want], decks[deck])


@pytest.mark.parametrize(
    ("want", "message"),
    [
        ("grade=1@31", "beyond the turns the engine models"),
        ("grade=1@", "cannot read the deadline"),
        ("grade=1@x", "cannot read the deadline"),
        ("@3", "no query before the @"),
        ("   ", "an empty want: give a QUERY"),
    ],
)
def test_bad_deadlines(decks, want, message):
    with pytest.raises(DeckcheckError, match=message):
        parse_queries([want], decks["vanguard"])


def test_an_empty_any_is_refused(decks):
    with pytest.raises(OptionError, match="^an empty any: give a QUERY") as error:
        parse_queries([""], decks["vanguard"], "any")
    assert error.value.field == error.value.option == "any"


def test_a_deadline_beyond_the_deck_names_the_want(decks):
    """IC Dragon Ball: going second, the deck is empty at own turn 15; a want's own deadline there is refused."""
    deck = decks["ic-dragonball"]
    queries = parse_queries(["number=B01", "level=0@15"], deck)
    with pytest.raises(EngineError, match="going second, the deadline of 'level=0@15'"):
        answer(deck, queries, going="second", turn=1, options=StatsOptions(seed=1))


def test_floor_on_a_game_without_one_is_refused(decks):
    with pytest.raises(DeckcheckError, match="no such floor") as error:
        ask(decks["evolve"], ["cost=2"], turn=1, floor=True)
    assert error.value.field == "floor"


def test_turn_31_is_refused(decks):
    with pytest.raises(DeckcheckError, match="between 0 and 30") as error:
        ask(decks["evolve"], ["cost=2"], turn=31)
    assert error.value.field == "turn"
    with pytest.raises(DeckcheckError, match="between 0 and 30"):
        ask(decks["evolve"], ["cost=2"], turn=-1)


def test_a_turn_beyond_the_deck_is_an_engine_error(decks):
    """IC Dragon Ball: the second player loses at the charge of its own turn 15 (deck 0); the first is still in."""
    deck = decks["ic-dragonball"]
    with pytest.raises(EngineError, match="going second, turn 15"):  # (the command line: --turn 15)
        ask(deck, ["number=B01"], going="second", turn=15)
    assert ask(deck, ["number=B01"], going="second", turn=14, mulligan="none").probability > 0.6
    assert ask(deck, ["number=B01"], going="first", turn=15, mulligan="none").method == "exact"


def test_turn_table_holds_the_reason_for_an_unreachable_turn(decks):
    rows = turn_table(
        decks["ic-dragonball"],
        parse_queries(["number=B01"], decks["ic-dragonball"]),
        turn=15,
        options=StatsOptions(mulligan="none", seed=1),
    )
    assert [row.turn for row in rows] == list(range(16))
    assert isinstance(rows[15].cells["second"], str) and isinstance(rows[15].cells["first"], Answer)
    assert all(isinstance(row.cells["second"], Answer) for row in rows[:15])
    probabilities = [row.cells["first"].probability for row in rows]
    assert probabilities == sorted(probabilities)  # more cards, more chances


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"trials": 0}, "trials"),
        ({"trials": -5}, "trials"),
        ({"precision": 0.01, "method": "exact"}, "method"),
        ({"precision": 0.7}, "precision"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_options(options, field):
    with pytest.raises(DeckcheckError) as error:
        StatsOptions(**options)
    assert error.value.field == field


@pytest.mark.parametrize("policy", ["sometimes", "keep:", "keep", "keep:nofield=1"])
def test_unknown_mulligan_policy(decks, policy):
    with pytest.raises(DeckcheckError):
        ask(decks["cipher"], ["number=CC-001"], mulligan=policy)


def test_no_query_is_refused(decks):
    with pytest.raises(OptionError, match="^no want query was given$"):
        answer(decks["cipher"], [], going="first", turn=0, options=StatsOptions(seed=1))


# 6. Default reports -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", [*registered_games(with_setup=True), "vanguard-no-g"])
def test_default_report_lines_parse_and_answer(decks, deck):
    results = default_report(per_game(decks, deck), StatsOptions(seed=2, trials=4_000))
    assert results
    for result in results:
        assert result.line.label and result.line.wants
        parse_queries(list(result.line.wants), decks[deck], must_match=False)  # (a report line may match none)
        assert set(result.cells) == {"first", "second"}
        for seat, cell in result.cells.items():
            assert isinstance(cell, Answer), cell
            assert 0 <= cell.probability <= 1
            assert (cell.going, cell.turn) == (seat, result.line.turn)


def test_vanguard_report_is_grades_1_2_3_at_turns_1_2_3_and_the_whole_chain(decks):
    results = default_report(decks["vanguard"], StatsOptions(seed=2, trials=4_000))
    assert [(r.line.wants, r.line.turn) for r in results] == [
        (("grade=1",), 1),
        (("grade=2",), 2),
        (("grade=3",), 3),
        (("grade=1@1", "grade=2@2", "grade=3@3"), 3),
    ]
    first = results[0].cells["first"]
    assert first.method == "exact" and round(first.probability, 4) == 0.9976  # optimal with G assist
    assert all(r.cells[seat].method == "exact" for r in results for seat in ("first", "second"))
    for seat in ("first", "second"):
        chain = results[3].cells[seat].probability
        assert chain <= min(r.cells[seat].probability for r in results[:3])
    # Under one policy the whole chain is at least the separate figures' joint lower bound (Fréchet); with each
    # line's own optimal mulligan it need not be.
    plain = default_report(decks["vanguard"], StatsOptions(mulligan="none"))
    for seat in ("first", "second"):
        chain = plain[3].cells[seat].probability
        assert 1 - sum(1 - r.cells[seat].probability for r in plain[:3]) - 1e-12 <= chain
        assert chain <= min(r.cells[seat].probability for r in plain[:3])


def test_evolve_report_the_follower_curve_is_no_likelier_than_any_of_its_turns(decks):
    results = default_report(decks["evolve"], StatsOptions(seed=2, mulligan="none"))
    curve = next(r for r in results if r.line.label.startswith("the follower curve"))
    assert curve.line.wants == tuple(f"type=follower,cost={n}@{n}" for n in range(2, 6))
    turns = [r for r in results if r.line.label.startswith("a follower of cost") and r.line.turn <= 5]
    assert [r.line.turn for r in turns] == [2, 3, 4, 5]
    for seat in ("first", "second"):
        assert curve.cells[seat].method == "exact"
        assert curve.cells[seat].probability <= min(r.cells[seat].probability for r in turns)


def test_report_values_of_the_other_games(decks):
    """Spot checks: the report answers the questions its labels ask."""
    cipher = default_report(decks["cipher"], StatsOptions(seed=2))
    assert [r.line.wants for r in cipher] == [("number=CC-001",)] * 3
    assert [round(r.cells["first"].probability, 4) for r in cipher] == [0.6607, 0.6923, 0.7216]
    build_divide = default_report(decks["build-divide"], StatsOptions(seed=2))
    assert [r.line.wants[0] for r in build_divide[:3]] == ["subtypes=ace,titles=覇王"] * 3
    assert round(build_divide[0].cells["first"].probability, 4) == 0.7001  # a 4-of, redraw if none
    evolve = default_report(decks["evolve"], StatsOptions(seed=2))
    assert [r.line.turn for r in evolve][:6] == [2, 3, 4, 5, 6, 5]  # then the follower curve 2-5 (by own turn 5)
    dragonball = default_report(decks["ic-dragonball"], StatsOptions(seed=2))
    assert [r.line.wants for r in dragonball] == [("level=0|1",), ("level=0|1|2",), ("level=0|1|2|3",)]
    assert dragonball[2].cells["first"].probability == 1  # every card has level <= 2


def test_a_query_splitting_the_deck_into_49_groups_simulates_only_the_hands_drawn(singles):
    """About 1.9 million possible hands: the simulation must decide only the hands it draws (it used to list all)."""
    wants = ["number=" + "|".join(f"U{i:02d}" for i in range(49) if (i + 1) >> j & 1) for j in range(6)]
    for mulligan in ("none", "keep:grade=1"):
        result = ask(singles, wants, mulligan=mulligan, trials=2_000, seed=1)
        assert len(result.model.atoms) >= 40
        assert result.method == "simulate" and result.trials == 2_000
        low, high = result.ci95
        assert 0 <= low <= result.probability <= high <= 1


def test_turn_for_is_the_turn_of_the_wants_without_a_deadline():
    assert turn_for([None, 2], None) == 0 and turn_for([None, 2], 3) == 3 and turn_for([], 4) == 4
    assert turn_for([1, 3], None) == 3  # every want has its own deadline: by the latest


def test_turn_for_refuses_a_turn_that_would_change_nothing():
    with pytest.raises(OptionError) as error:
        turn_for([1, 3], 2)
    assert error.value.option == error.value.field == "turn"
    assert str(error.value) == "turn 2 applies to the wants without @N, and every want here has its own deadline"
    with pytest.raises(OptionError) as error:
        turn_for([1], 2, say_how=True)
    assert str(error.value).endswith("its own deadline; leave out turn or a @N")


def test_stats_and_odds_check_the_turn_in_the_same_words(decks):
    for turn in (31, -1):
        with pytest.raises(OptionError) as asked:
            ask(decks["vanguard"], ["grade=1"], turn=turn)
        with pytest.raises(OptionError) as odds:
            run_odds(
                get_game("vanguard"),
                deck_size=50,
                copies=["a=4"],
                wants=["a"],
                anys=[],
                turn=turn,
                options=StatsOptions(seed=1),
            )
        assert str(asked.value) == str(odds.value) == f"turn must be between 0 and 30 (got {turn})"
