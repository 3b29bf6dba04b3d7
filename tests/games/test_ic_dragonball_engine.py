"""IC Carddass Dragon Ball setup engine (shared/spec/ic-dragonball.md "Setup procedure"), examples 13 and 14."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import make_db, make_deck

from deckcheck._api import load_deck
from deckcheck.engine.deal import KeepFilter, deal, mulligan
from deckcheck.engine.table import Table
from deckcheck.errors import EngineError
from deckcheck.games.ic_dragonball import GAME as DRAGONBALL
from deckcheck.games.ic_dragonball import REDRAW_REF, SETUP
from deckcheck.model.deck import Deck
from deckcheck.model.query import parse_filter

GAME = "ic-dragonball"
DECKS = Path(__file__).resolve().parents[2] / "decks" / GAME


def leader(number: str) -> dict[str, Any]:
    return dict(
        number=number,
        name=f"リーダー{number}",
        type="leader",
        power=10000,
        strike=1,
        character="悟空",
        traits=[],
        age="A",
    )


def battle(number: str, level: int = 2) -> dict[str, Any]:
    return dict(
        number=number,
        name=f"バトル{number}",
        type="battle",
        level=level,
        power=7000,
        strike=1,
        character=f"キャラ{number}",
        traits=["武道家"],
        age="A",
    )


def extra(number: str) -> dict[str, Any]:
    return dict(number=number, name=f"エクストラ{number}", type="extra", level=1)


BATTLES = [f"B{i:02d}" for i in range(1, 11)]
EXTRAS = ["E01", "E02", "E03"]
UNIQUE = [f"U{i:02d}" for i in range(40)]
RECORDS = [
    leader("L1"),
    leader("L2"),
    *(battle(number) for number in BATTLES),
    *(extra(number) for number in EXTRAS),
    battle("S", level=0),
    *(battle(number) for number in UNIQUE),
]


@pytest.fixture(scope="module")
def db():
    return make_db(GAME, RECORDS)


def d40_main() -> dict[str, int]:
    """D40's main: 13 numbers × 3 + S × 1 = 40 (31 battle, 9 extra)."""
    return {**{number: 3 for number in BATTLES + EXTRAS}, "S": 1}


@pytest.fixture(scope="module")
def d40(db) -> Deck:
    return make_deck(db, leader={"L1": 1}, main=d40_main())


@pytest.fixture(scope="module")
def unique40(db) -> Deck:
    """40 different numbers × 1, so every physical card can be followed by its number."""
    return make_deck(db, leader={"L1": 1}, main={number: 1 for number in UNIQUE})


def multiset(deck: Deck) -> Counter[str]:
    return Counter({card.number: count for section in ("leader", "main") for card, count in deck.cards(section)})


class Return:
    """A redraw policy that returns the hand cards at fixed positions (and remembers what it saw)."""

    name = "return"

    def __init__(self, *indices: int) -> None:
        self.indices = list(indices)
        self.seen: list[int] = []

    def returns(self, table: Table, hand: list) -> list[int]:
        self.seen.append(len(table.deck))
        return self.indices

    def redraw(self, table: Table, hand: list) -> bool:  # pragma: no cover - partial game
        return False

    def bottom_order(self, table: Table, hand: list) -> list:  # pragma: no cover - partial game
        return list(hand)


class RecordingRandom(random.Random):
    """A seeded random source that records the size of every shuffled deck."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.shuffled: list[int] = []

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        self.shuffled.append(len(x))
        super().shuffle(x)


def sizes(table: Table) -> tuple[int, int, int, int]:
    return len(table.hand), len(table.zone("life")), len(table.deck), len(table.zone("energy"))


# Setup: leader, shuffle, opening hand, life --------------------------------------------------------------


def test_game_has_the_setup():
    assert DRAGONBALL.setup is SETUP
    assert (SETUP.hand_size, SETUP.mulligan.value, SETUP.mulligan_ref) == (3, "partial-shuffle", REDRAW_REF)
    assert REDRAW_REF == "5-2-1-5/5-2-1-3-1"  # never a bare 5-2-1-3-1 (spec, "wrong or unclear")


@pytest.mark.parametrize("going", ["first", "second"])
def test_row13_after_setup_hand_3_life_7_deck_30_energy_0(d40, going):
    table = deal(d40, seed=13, going=going)
    assert sizes(table) == (3, 7, 30, 0)
    assert [card.number for card in table.zone("leader")] == ["L1"]
    assert table.notes["leader"] == "リーダーL1 (L1)"
    assert table.inventory() == multiset(d40)
    assert "L1" not in Counter(card.number for card in [*table.deck, *table.hand, *table.zone("life")])


def test_setup_steps_are_logged_in_order_with_their_rules(d40):
    table = deal(d40, seed=1, going="first", turns=1)
    steps = [(event.step, event.ref) for event in table.events]
    assert steps == [
        ("leader", "5-2-1-2"),
        ("shuffle", "5-2-1-3"),
        ("opening hand", "5-2-1-5"),
        ("mulligan", REDRAW_REF),
        ("life", "5-2-1-6"),
        ("draw", "6-2-2"),
        ("charge", "6-2-4"),
    ]
    assert "no card" in table.events[5].text and table.events[5].cards == []


def test_the_leader_is_front_side_up_and_never_in_the_deck(db):
    # The leader section's card is not shuffled into the deck, even if another leader is (illegally) in main.
    deck = make_deck(db, leader={"L2": 1}, main={**d40_main(), "B01": 2, "L1": 1})
    table = deal(deck, seed=3, going="first")
    assert [card.number for card in table.zone("leader")] == ["L2"]
    assert table.inventory() == multiset(deck)


def test_life_is_the_top_7_of_the_deck_after_the_redraw(unique40):
    table = Table(rng=random.Random(7), going="first")
    SETUP.prepare(table, unique40, {})
    table.draw(3, "opening hand", "5-2-1-5")
    mulligan(table, SETUP.mulligan, 3, Return(0, 1, 2), SETUP.mulligan_ref)
    top7, rest = table.deck[:7], table.deck[7:]
    SETUP.after_mulligan(table)
    assert table.zone("life") == top7 and table.deck == rest  # no shuffle, no choice, stack order kept


# Row 13: the first turns -------------------------------------------------------------------------------


def test_row13_first_player_turn1_draws_nothing_and_charges_1(d40):
    before = deal(d40, seed=5, going="first")
    table = deal(d40, seed=5, going="first", turns=1)
    assert sizes(table) == (3, 7, 29, 1)
    assert table.hand == before.hand  # the skipped draw (6-2-2)
    assert table.zone("energy") == before.deck[:1]  # the charge is the top card (6-2-4)
    assert table.inventory() == multiset(d40)


def test_row13_second_player_turn1_draws_1_and_charges_1(d40):
    before = deal(d40, seed=5, going="second")
    table = deal(d40, seed=5, going="second", turns=1)
    assert sizes(table) == (4, 7, 28, 1)
    assert table.hand == before.hand + before.deck[:1]  # draw first (6-2-2) ...
    assert table.zone("energy") == before.deck[1:2]  # ... then the charge (6-2-4)
    assert table.inventory() == multiset(d40)


@pytest.mark.parametrize("turn", [1, 2, 3, 7, 14])
def test_deck_count_table_p1_31_minus_2t_and_p2_30_minus_2t(d40, turn):
    first = deal(d40, seed=turn, going="first", turns=turn)
    second = deal(d40, seed=turn, going="second", turns=turn)
    assert sizes(first) == (3 + turn - 1, 7, 31 - 2 * turn, turn)
    assert sizes(second) == (3 + turn, 7, 30 - 2 * turn, turn)
    assert first.inventory() == second.inventory() == multiset(d40)


def test_row13_first_player_is_random_about_50_50_over_seeds(d40):
    firsts = sum(deal(d40, seed=seed).going == "first" for seed in range(1000))
    assert 430 <= firsts <= 570


def test_deck_out_second_player_turn15_charge_first_player_turn16_draw(d40):
    """Example 15 (engine part): a deck reaching 0 loses at once; P1's deck is then 1."""
    assert len(deal(d40, seed=2, going="second", turns=14).deck) == 2
    with pytest.raises(EngineError, match=r"charge of this player's own turn 15.*9-2-4"):
        deal(d40, seed=2, going="second", turns=15)
    assert len(deal(d40, seed=2, going="first", turns=15).deck) == 1
    with pytest.raises(EngineError, match=r"draw of this player's own turn 16"):
        deal(d40, seed=2, going="first", turns=16)


# Row 14: the redraw --------------------------------------------------------------------------------------


def test_row14_return_2_deck_39_shuffle_draw_2(d40):
    table = Table(rng=RecordingRandom(14), going="first")
    SETUP.prepare(table, d40, {})
    table.draw(3, "opening hand", "5-2-1-5")
    hand = list(table.hand)
    policy = Return(0, 2)
    mulligan(table, SETUP.mulligan, 3, policy, SETUP.mulligan_ref)
    assert policy.seen == [37]
    assert table.rng.shuffled == [40, 39]  # the deck shuffle (5-2-1-3), then the redraw shuffle of 37 + 2
    assert table.mulligan_returned == [hand[0], hand[2]]
    assert len(table.mulligan_drawn) == 2
    assert table.hand == [hand[1], *table.mulligan_drawn]
    assert (len(table.hand), len(table.deck)) == (3, 37)
    SETUP.after_mulligan(table)
    assert sizes(table) == (3, 7, 30, 0)
    assert table.inventory() == multiset(d40)


def test_row14_redraw_through_deal_logs_return_shuffle_draw(d40):
    table = deal(d40, seed=21, going="second", policy=Return(1, 2))
    mulligan_events = [(e.step, e.ref, len(e.cards)) for e in table.events if e.ref == REDRAW_REF]
    assert mulligan_events == [("mulligan", REDRAW_REF, 2), ("shuffle", REDRAW_REF, 0), ("mulligan", REDRAW_REF, 2)]
    assert [e.step for e in table.events].index("life") > [e.step for e in table.events].index("mulligan")
    assert sizes(table) == (3, 7, 30, 0)
    assert table.inventory() == multiset(d40)


def test_row14_returned_cards_may_come_back(unique40):
    came_back = 0
    for seed in range(200):
        table = deal(unique40, seed=seed, going="first", policy=Return(0, 1, 2))
        returned = {card.number for card in table.mulligan_returned}
        assert len(returned) == 3 and table.mulligan_drawn
        came_back += bool(returned & {card.number for card in table.hand})
        assert table.inventory() == multiset(unique40)
    # P(at least 1 of the 3 returned cards among 3 drawn from 40) = 1 - C(37,3)/C(40,3) ≈ 0.219
    assert 20 <= came_back <= 75


def test_row14_k0_leaves_the_hand_unchanged_and_does_not_shuffle(d40):
    kept = deal(d40, seed=8, going="first", policy=Return())
    plain = deal(d40, seed=8, going="first")
    assert kept.hand == plain.hand and kept.deck == plain.deck
    assert [e.step for e in kept.events].count("shuffle") == 1
    assert kept.mulligan_returned == [] and kept.mulligan_drawn == []


def test_row14_a_second_redraw_is_refused(d40):
    table = deal(d40, seed=4, going="first", policy=Return(0))
    with pytest.raises(EngineError, match="only once"):
        mulligan(table, SETUP.mulligan, SETUP.hand_size, Return(0), SETUP.mulligan_ref)
    kept = deal(d40, seed=4, going="first")  # keeping (k = 0) is the player's one redraw too
    with pytest.raises(EngineError, match="only once"):
        mulligan(kept, SETUP.mulligan, SETUP.hand_size, Return(1), SETUP.mulligan_ref)


def test_keep_filter_returns_every_card_that_does_not_match(d40):
    policy = KeepFilter(parse_filter("type=extra", DRAGONBALL))
    for seed in range(30):
        table = deal(d40, seed=seed, going="first", policy=policy)
        assert all(card.type != "extra" for card in table.mulligan_returned)
        plain = deal(d40, seed=seed, going="first")
        assert len(table.mulligan_returned) == sum(card.type != "extra" for card in plain.hand)
        assert sizes(table) == (3, 7, 30, 0)
        assert table.inventory() == multiset(d40)


# Reproducibility and shipped decks ----------------------------------------------------------------------


def test_same_seed_same_result(d40):
    one = deal(d40, seed=99, going="second", policy=Return(0), turns=3)
    two = deal(d40, seed=99, going="second", policy=Return(0), turns=3)
    assert one.hand == two.hand and one.deck == two.deck and one.zones == two.zones
    other = deal(d40, seed=100, going="second", policy=Return(0), turns=3)
    assert (other.hand, other.deck) != (one.hand, one.deck)


@pytest.mark.parametrize("path", sorted(DECKS.iterdir()), ids=lambda p: p.name)
def test_shipped_example_decks_deal(path):
    deck = load_deck(path)
    for going in ("first", "second"):
        table = deal(deck, seed=1, going=going, turns=2)
        assert len(table.zone("leader")) == 1 and len(table.zone("life")) == 7
        assert table.inventory() == multiset(deck)


# The setup cannot run ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "leader_section",
    [{"L1": 1, "L2": 1}, {"L1": 2}, {"B01": 1}],
    ids=["two-leaders", "two-copies", "battle-card"],
)
def test_the_leader_section_must_hold_exactly_one_leader_card(db, leader_section):
    deck = make_deck(db, leader=leader_section, main=d40_main())
    with pytest.raises(EngineError, match="exactly 1 leader card"):
        deal(deck, seed=1, going="first")


def test_no_leader_at_all_is_dealt_without_one_with_a_note(db):
    # A registry export records no leader; the leader changes no draw, so the deck is dealt as it would be with one.
    table = deal(make_deck(db, leader={}, main=d40_main()), seed=1, going="first")
    led = deal(make_deck(db, leader={"L1": 1}, main=d40_main()), seed=1, going="first")
    assert table.zone("leader") == [] and str(table.notes["leader"]).startswith("none, dealt without one")
    assert [card.number for card in table.hand] == [card.number for card in led.hand]


def test_a_deck_of_fewer_than_10_cards_cannot_be_set_up(db):
    with pytest.raises(EngineError, match="9 cards.*at least 10"):
        deal(make_deck(db, leader={"L1": 1}, main={"B01": 3, "B02": 3, "B03": 3}), seed=1)
    table = deal(make_deck(db, leader={"L1": 1}, main={"B01": 3, "B02": 3, "B03": 3, "S": 1}), seed=1)
    assert sizes(table) == (3, 7, 0, 0)


def test_there_is_no_setup_choice(d40):
    with pytest.raises(EngineError, match="no setup choice lord"):
        deal(d40, seed=1, choices={"lord": "L1"})


# Japanese (issue 29) -----------------------------------------------------------------------------------------------


def test_japanese_setup_log_keeps_its_step_ids(d40):
    from deckcheck.cli import language

    english = deal(d40, seed=2, going="first", turns=2)
    language.speak("ja")
    japanese = deal(d40, seed=2, going="first", turns=2)
    assert [(e.step, e.ref, e.cards) for e in english.events] == [(e.step, e.ref, e.cards) for e in japanese.events]
    assert list(english.zones) == list(japanese.zones) and list(english.notes) == list(japanese.notes)
    assert [e.text for e in japanese.events] == [
        "リーダーL1 (L1) を表面を上にしてリーダーエリアに置く",
        "デッキ（40枚）をシャッフルしてデッキエリアに置く",
        "3枚引く",
        "手札をそのまま残す",
        "デッキの上から7枚をライフエリアに置く",
        "先攻の1ターン目はカードを引けない",
        "デッキの上から1枚をエネルギーエリアに置く",
        "1枚引く",
        "デッキの上から1枚をエネルギーエリアに置く",
    ]


def test_japanese_no_leader_note_and_refusals(db, japanese):
    table = deal(make_deck(db, leader={}, main=d40_main()), seed=1, going="first")
    assert str(table.notes["leader"]).startswith("なし。引くカードに影響しないため、なしで配りました（")
    assert table.events[0].text.startswith("リーダーカードなし：引くカードに影響しないため、なしで配りました（")
    with pytest.raises(EngineError) as error:
        deal(make_deck(db, leader={"L1": 1, "B01": 1}, main=d40_main()), seed=1)
    assert error.value.reason == (
        "ゲームの準備には、リーダーエリアに置くリーダーカードがリーダーにちょうど1枚必要です（5-2-1-2、5-1-2）。"
        "2枚あります：リーダーL1 (L1) (リーダー)、バトルB01 (B01) (バトル)"
    )
    with pytest.raises(EngineError) as error:
        deal(make_deck(db, leader={"L1": 1}, main={"B01": 3, "B02": 3, "B03": 3}), seed=1)
    assert error.value.reason == (
        "デッキは9枚です。ゲームの準備には10枚以上必要です（最初の手札に3枚、5-2-1-5、ライフに7枚、5-2-1-6）"
    )
    with pytest.raises(EngineError) as error:
        deal(make_deck(db, leader={"L1": 1}, main=d40_main()), seed=1, going="first", turns=16)
    assert error.value.reason.startswith(
        "このプレイヤーの自分の16ターン目のドローでデッキが0枚になり、ただちに敗北するため（9-2-4、9-2-1、"
    )


def test_japanese_default_report_labels(d40, japanese):
    assert [label for label, _wants, _turn in DRAGONBALL.profile.stats_report(d40)] == [
        "自分の1ターン目にレベル1以下のカード",
        "自分の2ターン目にレベル2以下のカード",
        "自分の3ターン目にレベル3以下のカード",
    ]
