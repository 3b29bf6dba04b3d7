"""Build Divide setup and first turns in the engine (shared/spec/build-divide.md, "Setup procedure")."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import make_db, make_deck
from test_build_divide import territory, unit

from deckcheck import load_deck
from deckcheck.engine.deal import KeepFilter, deal, mulligan
from deckcheck.engine.procedure import MulliganKind
from deckcheck.engine.table import Table
from deckcheck.errors import EngineError
from deckcheck.games.build_divide import GAME
from deckcheck.model.query import parse_filter

REPO = Path(__file__).resolve().parents[2]


RECORDS = [
    unit("A-01", "A", buster=True),
    unit("B-01", "B", buster=True),
    unit("C-01", "C", buster=True, type="command"),
    unit("D-01", "D", shot=True),
    unit("E-01", "E", shot=True, type="command"),
    *(unit(f"{n}-01", n) for n in "FGHIJNOP"),
    territory("T-00", "閉じた門", "T"),
    territory("T-01", "霧の門", "T"),
    # 40 different cards, so that every physical card of the deck can be told apart.
    *(unit(f"U-{i:02d}", f"U{i}", buster=i < 12) for i in range(40)),
]


@pytest.fixture(scope="module")
def db():
    return make_db("build-divide", RECORDS)


def deck_b(db, **changes: Any):
    """Deck B: A–J ×4 in main (A–C busters, D–E shots), empty D deck, starting territory T."""
    sections: dict[str, Any] = {"main": {n: 4 for n in "ABCDEFGHIJ"}, "d": {}, "territory": {"T-00": 1}}
    sections.update(changes)
    return make_deck(db, **sections)


def expected_inventory(deck) -> Counter[str]:
    return Counter({card.number: n for s in GAME.sections for card, n in deck.cards(s)}) - Counter()


class Always:
    name = "always"

    def returns(self, table: Table, hand):
        return []

    def redraw(self, table: Table, hand) -> bool:
        return True

    def bottom_order(self, table: Table, hand):
        return list(hand)


def numbers(cards) -> list[str]:
    return [c.number for c in cards]


# Setup: placements and sizes -----------------------------------------------------------------------------


@pytest.mark.parametrize("going", ["first", "second"])
def test_after_setup_hand_5_life_10_energy_2_deck_23(db, going):
    deck = deck_b(db)
    table = deal(deck, seed=1, going=going)
    assert len(table.hand) == 5
    assert len(table.zone("life")) == 10
    assert len(table.zone("energy")) == 2
    assert len(table.deck) == 23
    assert numbers(table.zone("territory")) == ["T-00"]
    assert "d-deck" not in table.zones or table.zone("d-deck") == []
    assert table.inventory() == expected_inventory(deck)
    assert "face-up" in str(table.notes["energy"])
    steps = [(e.step, e.ref) for e in table.events]
    for step in [("deck", "602-1b"), ("territory", "602-1c"), ("d deck", "602-1d"), ("first player", "602-1e")]:
        assert step in steps
    assert [e.ref for e in table.events if e.step in {"life", "energy"}] == ["602-1h", "602-1i"]


def test_fifty_card_main_and_d_deck(db):
    deck = deck_b(db, main={n: 4 for n in "ABCDEFGHIJ"} | {"N": 4, "O": 4, "P": 2}, d={"T-01": 3})
    table = deal(deck, seed=3, going="first")
    assert len(table.deck) == 33
    assert Counter(numbers(table.zone("d-deck"))) == Counter({"T-01": 3})
    assert table.notes["d deck"] == 3
    assert table.inventory() == expected_inventory(deck)


def test_life_and_energy_come_from_the_top_after_the_mulligan(db):
    deck = deck_b(db)
    table = deal(deck, seed=5, going="first")
    (life_event,) = [e for e in table.events if e.step == "life"]
    (energy_event,) = [e for e in table.events if e.step == "energy"]
    assert numbers(life_event.cards) == numbers(table.zone("life"))
    assert numbers(energy_event.cards) == numbers(table.zone("energy"))
    steps = [e.step for e in table.events]
    assert steps.index("mulligan") < steps.index("life") < steps.index("energy")


def test_same_seed_same_result(db):
    deck = deck_b(db)
    a = deal(deck, seed=42, policy=Always(), turns=3)
    b = deal(deck, seed=42, policy=Always(), turns=3)
    assert a.going == b.going
    assert numbers(a.hand) == numbers(b.hand)
    assert numbers(a.deck) == numbers(b.deck)
    assert numbers(a.zone("life")) == numbers(b.zone("life"))
    assert numbers(a.zone("energy")) == numbers(b.zone("energy"))


# Redraw (602-1g) ----------------------------------------------------------------------------------------


def test_redraw_sets_the_old_hand_aside_then_shuffles_it_back(db):
    deck = deck_b(db, main={f"U-{i:02d}": 1 for i in range(40)})
    for seed in range(30):
        kept = deal(deck, seed=seed, going="first")
        table = deal(deck, seed=seed, going="first", policy=Always())
        old, new = table.mulligan_returned, table.mulligan_drawn
        assert numbers(old) == numbers(kept.hand)  # the same opening 5 before the decision
        assert len(old) == 5 and numbers(new) == numbers(table.hand) and len(new) == 5
        # The new hand never contains the old cards: it is the next 5 of the deck, taken before they go back.
        assert not set(numbers(old)) & set(numbers(new))
        opened = [e for e in kept.events if e.step == "opening hand"][0]
        assert opened.ref == "602-1f"
        shuffles = [e.ref for e in table.events if e.step == "shuffle"]
        assert shuffles == ["602-1b", "602-1g"]  # the deck was shuffled once more
        assert [e.ref for e in kept.events if e.step == "shuffle"] == ["602-1b"]  # keeping does not shuffle
        assert table.inventory() == expected_inventory(deck)
        assert len(table.deck) == 23


def test_redraw_takes_the_next_five_of_the_deck(db):
    deck = deck_b(db)
    table = deal(deck, seed=9, going="first")
    table2 = deal(deck, seed=9, going="first", policy=Always())
    # Same seed, same shuffle: a keeper's next 5 cards under the hand went to life, a redrawer's to the new hand.
    assert numbers(table2.hand) == numbers(table.zone("life")[:5])


def test_mulligan_only_once(db):
    table = deal(deck_b(db), seed=2, going="second", policy=Always())
    with pytest.raises(EngineError):
        mulligan(table, MulliganKind.FULL_SET_ASIDE, 5, Always(), "602-1g")
    kept = deal(deck_b(db), seed=2, going="second")
    with pytest.raises(EngineError):
        mulligan(kept, MulliganKind.FULL_SET_ASIDE, 5, Always(), "602-1g")


def test_keep_filter_redraws_only_when_no_card_matches(db):
    deck = deck_b(db)
    policy = KeepFilter(parse_filter("name=A", GAME))
    redrawn = kept = 0
    for seed in range(60):
        table = deal(deck, seed=seed, going="first", policy=policy)
        if table.mulligan_returned:
            redrawn += 1
            assert not any(c.name == "A" for c in table.mulligan_returned)
            assert len(table.hand) == 5
        else:
            kept += 1
            assert any(c.name == "A" for c in table.hand)
    assert redrawn and kept


# First turns (703-3, 703-3a) ----------------------------------------------------------------------------


def test_first_player_turn_1_has_no_draw_second_player_draws(db):
    deck = deck_b(db)
    first = deal(deck, seed=4, going="first", turns=1)
    second = deal(deck, seed=4, going="second", turns=1)
    assert len(first.hand) == 5 and len(first.deck) == 23
    assert len(second.hand) == 6 and len(second.deck) == 22
    assert ("draw", "703-3a") in [(e.step, e.ref) for e in first.events]
    assert not [e for e in first.events if e.step == "draw" and e.cards]
    assert [len(e.cards) for e in second.events if e.step == "draw"] == [1]


@pytest.mark.parametrize(("going", "k", "hand"), [("first", 3, 7), ("second", 3, 8), ("first", 0, 5), ("second", 0, 5)])
def test_hand_by_own_turn_k(db, going, k, hand):
    deck = deck_b(db)
    table = deal(deck, seed=11, going=going, turns=k, policy=Always())
    assert len(table.hand) == hand
    assert len(table.deck) == 23 - (hand - 5)
    assert table.inventory() == expected_inventory(deck)


def test_empty_deck_draw_takes_life_then_loses(db):
    # 17 cards: the deck is empty after setup; each draw takes the top life card (507-1a) until none is left.
    deck = deck_b(db, main={"A": 4, "B": 4, "C": 4, "D": 4, "E": 1})
    table = deal(deck, seed=0, going="second", turns=10)
    assert len(table.hand) == 15 and table.zone("life") == [] and table.deck == []
    assert [e.ref for e in table.events if e.step == "draw"] == ["507-1a"] * 10
    assert table.inventory() == expected_inventory(deck)
    with pytest.raises(EngineError, match="507-1b"):
        deal(deck, seed=0, going="second", turns=11)


# First player: random, no choice (602-1e) ----------------------------------------------------------------


def test_first_player_is_random_and_not_a_choice(db):
    deck = deck_b(db)
    assert GAME.setup.choices == ()
    goings = {deal(deck, seed=seed).going for seed in range(40)}
    assert goings == {"first", "second"}
    with pytest.raises(EngineError, match="no setup choice"):
        deal(deck, seed=1, choices={"going": "first"})
    table = deal(deck, seed=1)
    assert "random" in str(table.notes["first player"])


# Setup cannot run ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "territory_section",
    [{}, {"T-00": 2}, {"T-00": 1, "T-01": 1}, {"A": 1}],
    ids=["none", "two-copies", "two-territories", "a-unit"],
)
def test_territory_section_must_hold_exactly_one_territory(db, territory_section):
    with pytest.raises(EngineError, match="602-1a"):
        deal(deck_b(db, territory=territory_section), seed=1, going="first")


def test_main_deck_smaller_than_17_cannot_set_up(db):
    with pytest.raises(EngineError, match="16 cards"):
        deal(deck_b(db, main={"A": 4, "B": 4, "C": 4, "D": 4}), seed=1, going="first")
    table = deal(deck_b(db, main={"A": 4, "B": 4, "C": 4, "D": 4, "E": 1}), seed=1, going="first")
    assert table.deck == [] and len(table.hand) == 5


# Shipped example decks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["guren.txt", "yoiyami.deck.toml"])
def test_shipped_decks_deal(name, isolated_carddb):
    deck = load_deck(REPO / "decks" / "build-divide" / name)
    n = deck.size("main")
    for going in ("first", "second"):
        table = deal(deck, seed=7, going=going, turns=2, policy=Always())
        assert len(table.deck) == n - 17 - (1 if going == "first" else 2)
        assert len(table.zone("territory")) == 1
        assert table.inventory() == expected_inventory(deck)


# Japanese (issue 29) -----------------------------------------------------------------------------------------------


def test_japanese_setup_log_keeps_its_step_ids_and_zones(db):
    """The log's texts and notes follow the language; steps, refs, zones and note keys (JSON) stay as in English."""
    from deckcheck.cli import language

    deck = deck_b(db, d={"T-01": 1})
    english = deal(deck, seed=3, going="second", turns=1, policy=KeepFilter(parse_filter("shot=true", GAME)))
    language.speak("ja")
    japanese = deal(deck, seed=3, going="second", turns=1, policy=KeepFilter(parse_filter("shot=true", GAME)))
    assert [(e.step, e.ref, e.cards) for e in english.events] == [(e.step, e.ref, e.cards) for e in japanese.events]
    assert list(english.zones) == list(japanese.zones) and list(english.notes) == list(japanese.notes)
    texts = [e.text for e in japanese.events]
    assert texts[:5] == [
        "メインデッキ（40枚）を山札に置く",
        "デッキをシャッフルする",
        "テリトリーカードを未開放状態・スタンド状態でテリトリーゾーンに置く",
        "Dデッキ（1枚）をDデッキゾーンに置く",
        "無作為に決定：このプレイヤーは後攻（選択なし、6.02.1.e.1）",
    ]
    assert "山札の上から10枚をライフゾーンに置く" in texts and "山札の上から2枚をエナジーゾーンに置く" in texts
    assert "自分の1ターン目（ゲームの2ターン目）：カードをすべてスタンドする" in texts and "1枚引く" in texts
    assert japanese.notes["territory"] == "閉じた門 (T-00)、未開放（開放面：T）"
    assert japanese.notes["first player"] == "無作為、選択なし（602-1e、6.02.1.e.1）"


def test_japanese_setup_refusals(db, japanese):
    with pytest.raises(EngineError) as error:
        deal(deck_b(db, territory={"A": 1}), seed=1, going="first")
    assert error.value.reason == (
        "ゲームを始めるには、テリトリーにテリトリーカードがちょうど1枚必要です（602-1a）。現在のテリトリー：A (A-01)"
    )
    with pytest.raises(EngineError) as error:
        deal(deck_b(db, main={"A": 4, "B": 4, "C": 4, "D": 4}), seed=1, going="first")
    assert error.value.reason == (
        "メインデッキは16枚です。ゲームの準備でそこから17枚を移動します（手札5枚、ライフ10枚、エナジー2枚：602-1f、"
        "602-1h、602-1i）"
    )
    with pytest.raises(
        EngineError, match="自分の11ターン目：山札もライフゾーンも空なので、このプレイヤーは敗北しています"
    ):
        deal(deck_b(db, main={"A": 4, "B": 4, "C": 4, "D": 4, "E": 1}), seed=0, going="second", turns=11)


def test_japanese_default_report_labels(db, japanese):
    labels = [label for label, _wants, _turn in GAME.profile.stats_report(deck_b(db))]
    assert labels == [
        "自分の1ターン目までにエース（覇王）",
        "自分の2ターン目までにエース（覇王）",
        "自分の3ターン目までにエース（覇王）",
        "自分の1ターン目までにコスト2以下のユニット",
        "自分の2ターン目までにコスト2以下のユニット",
    ]
