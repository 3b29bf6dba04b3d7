"""TCG Fire Emblem 0 (Cipher): the engine's setup and first turns (shared/spec/cipher.md, "Setup procedure")."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import STARTER_CARDDB, STARTER_DECKS, deck_multiset, in_english_and_japanese, make_db, make_deck
from test_cipher import unit

from deckcheck._api import load_deck
from deckcheck.engine.deal import KeepFilter, NoMulligan, deal, mulligan
from deckcheck.engine.procedure import MulliganKind
from deckcheck.engine.table import Table
from deckcheck.errors import DeckcheckError, EngineError
from deckcheck.games.cipher import GAME, SETUP
from deckcheck.model.deck import Deck
from deckcheck.model.query import parse_filter

ROOT = Path(__file__).resolve().parents[2]
L = "L-001"  # 見習い君主 リーフィ, printed cost 1


# Base deck B (spec examples): 12 names x 4 + 1 name x 2 = 50; only L has printed cost 1.
BASE = [unit(L, "見習い君主", "リーフィ", 1)] + [
    unit(f"N{i:02d}", f"称号{i}", f"ユニット{i}", 2 + i % 4) for i in range(1, 13)
]
BASE_MAIN = {L: 4, **{f"N{i:02d}": 4 for i in range(1, 12)}, "N12": 2}
EXTRA = [
    unit("C1-A", "若き騎士", "アルド", 1),
    unit("C1-B", "若き騎士", "アルド", 1, rarity="SR"),  # a second printing of the same name
    unit("C1-C", "見習い僧", "ベルナ", 1),
    unit("CX", "混沌の", "エックス", "X"),
    unit("C0", "無償の", "ゼロ", 0),
    {"number": "MK-1", "name": "主人公マーカー", "type": "主人公マーカーカード"},
]
DB = make_db("cipher", [*BASE, *EXTRA])


def base_deck(**keys: Any) -> Deck:
    return make_deck(DB, main=BASE_MAIN, **keys)


class Redraw:
    name = "always-redraw"

    def returns(self, table: Table, hand: list) -> list[int]:
        return []

    def redraw(self, table: Table, hand: list) -> bool:
        return True

    def bottom_order(self, table: Table, hand: list) -> list:
        return list(hand)


def test_game_declares_the_setup() -> None:
    assert GAME.setup is SETUP
    assert SETUP.hand_size == 6
    assert SETUP.mulligan is MulliganKind.FULL_SHUFFLE
    assert SETUP.mulligan_ref == "12.2.1.5.1"
    assert SETUP.opening_ref == "12.2.1.4"
    assert SETUP.choices == ("lord",)


# Example 13: the setup of B step by step -------------------------------------------------------------------


def test_example13_setup_step_by_step() -> None:
    deck = base_deck(lord=L)
    table = Table(rng=random.Random(13), going="first")
    SETUP.prepare(table, deck, {"lord": L})
    assert [card.number for card in table.zone("lord")] == [L]
    assert len(table.deck) == 49
    assert sum(card.number == L for card in table.deck) == 3

    table.draw(SETUP.hand_size, "opening hand", SETUP.opening_ref)
    assert (len(table.hand), len(table.deck)) == (6, 43)

    old_hand, deck_before = list(table.hand), list(table.deck)
    expected_rng = copy.deepcopy(table.rng)
    mulligan(table, SETUP.mulligan, SETUP.hand_size, Redraw(), SETUP.mulligan_ref)
    # The whole hand went back (deck 49), the deck was shuffled, and 6 were drawn from its top (deck 43).
    back = deck_before + old_hand
    assert len(back) == 49
    expected_rng.shuffle(back)
    assert table.mulligan_returned == old_hand
    assert table.hand == back[:6] == table.mulligan_drawn
    assert table.deck == back[6:]
    assert (len(table.hand), len(table.deck)) == (6, 43)

    with pytest.raises(EngineError, match="only once"):
        mulligan(table, SETUP.mulligan, SETUP.hand_size, Redraw(), SETUP.mulligan_ref)
    assert (len(table.hand), len(table.deck)) == (6, 43)

    top_five = table.deck[:5]
    SETUP.after_mulligan(table)
    assert table.zone("orbs") == top_five
    assert len(table.deck) == 38
    assert table.inventory() == deck_multiset(deck)


@pytest.mark.parametrize(("going", "hand", "left"), [("first", 6, 38), ("second", 7, 37)])
def test_example13_turn_one(going: str, hand: int, left: int) -> None:
    table = deal(base_deck(lord=L), seed=13, going=going, policy=Redraw(), turns=1)
    assert (len(table.hand), len(table.deck)) == (hand, left)
    assert len(table.zone("orbs")) == 5
    assert table.inventory() == deck_multiset(base_deck())


def test_first_player_skips_the_turn_one_draw_and_draws_from_turn_two() -> None:
    before = deal(base_deck(), seed=5, going="first")
    after = deal(base_deck(), seed=5, going="first", turns=3)
    assert after.hand == before.hand + before.deck[:2]
    assert after.deck == before.deck[2:]
    skipped = [e for e in after.events if e.ref == "13.2.1.5.1"]
    assert len(skipped) == 1 and skipped[0].cards == []
    assert [len(e.cards) for e in after.events if e.ref == "13.2.1.5"] == [1, 1]


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("turns", [0, 1, 2, 5])
def test_hand_size_by_own_turn_and_conservation(going: str, turns: int) -> None:
    deck = base_deck()
    table = deal(deck, seed=turns, going=going, turns=turns)
    expected = 6 + (turns - 1 if going == "first" and turns else turns)
    assert len(table.hand) == expected
    assert len(table.deck) == 38 - (expected - 6)
    assert len(table.zone("lord")) == 1 and len(table.zone("orbs")) == 5
    assert table.inventory() == deck_multiset(deck)


def test_orbs_are_placed_after_the_redraw_from_the_new_deck() -> None:
    table = deal(base_deck(), seed=0, going="second", policy=Redraw())
    steps = [e.step for e in table.events]
    assert steps.index("orbs") > max(i for i, step in enumerate(steps) if step == "mulligan")
    orbs = [e for e in table.events if e.ref == "12.2.1.6"]
    assert len(orbs) == 1 and orbs[0].cards == table.zone("orbs")
    assert (len(table.hand), len(table.zone("orbs")), len(table.deck)) == (6, 5, 38)


def test_events_carry_rule_numbers_in_setup_order() -> None:
    table = deal(base_deck(), seed=1, going="second", policy=Redraw(), turns=1)
    refs = [e.ref for e in table.events]
    assert refs == ["12.2.1.1", "12.2.1.2", "12.2.1.4", *["12.2.1.5.1"] * 3, "12.2.1.6", "13.2.1.5"]


def test_opening_hand_is_six_and_keeping_changes_nothing() -> None:
    table = deal(base_deck(), seed=3, going="first", policy=NoMulligan())
    assert len(table.hand) == 6
    assert table.mulligan_returned == [] and table.mulligan_drawn == []
    assert table.mulliganed


def test_keep_filter_redraws_only_when_nothing_matches() -> None:
    keep_lord = KeepFilter(parse_filter("cost=1", GAME))  # only the 3 remaining copies of L match
    keep_any = KeepFilter(parse_filter("type=unit", GAME))
    redrawn = [deal(base_deck(), seed=s, going="first", policy=keep_lord) for s in range(40)]
    for table in redrawn:
        first_hand = next(e.cards for e in table.events if e.step == "opening hand")
        had_lord = any(card.number == L for card in first_hand)
        assert bool(table.mulligan_returned) is not had_lord
        assert len(table.hand) == 6
    assert any(t.mulligan_returned for t in redrawn) and any(not t.mulligan_returned for t in redrawn)
    assert not deal(base_deck(), seed=0, going="first", policy=keep_any).mulligan_returned


def test_same_seed_same_result() -> None:
    one = deal(base_deck(), seed=42, policy=Redraw(), turns=3)
    two = deal(base_deck(), seed=42, policy=Redraw(), turns=3)
    assert one.going == two.going
    assert [c.number for c in one.hand] == [c.number for c in two.hand]
    assert [c.number for c in one.zone("orbs")] == [c.number for c in two.zone("orbs")]
    assert [c.number for c in one.deck] == [c.number for c in two.deck]
    hands = {tuple(c.number for c in deal(base_deck(), seed=s, going="first").hand) for s in range(10)}
    assert len(hands) > 1


# The lord (12.2.1.1 and the spec's "Deck-file lord") ------------------------------------------------------------


def test_lord_key_by_number_or_name_and_notes() -> None:
    for value in (L, "見習い君主 リーフィ", "l-001"):
        table = deal(base_deck(lord=value), seed=0, going="first")
        assert [c.number for c in table.zone("lord")] == [L]
        assert table.notes["lord"] == table.zone("lord")[0].label()


def test_choice_argument_overrides_the_deck_key() -> None:
    deck = make_deck(DB, main={**BASE_MAIN, "N12": 1, "C1-C": 1}, lord=L)
    table = deal(deck, seed=0, going="first", choices={"lord": "C1-C"})
    assert [c.number for c in table.zone("lord")] == ["C1-C"]
    assert sum(c.number == L for c in table.deck + table.hand + table.zone("orbs")) == 4
    assert table.notes["lord chosen by"] == "chosen on the command line"


def test_lord_source_says_where_the_lord_came_from() -> None:
    assert deal(base_deck(lord=L), seed=0).notes["lord chosen by"] == "the deck's lord"
    assert deal(base_deck(), seed=0, choices={"lord": L}).notes["lord chosen by"] == "chosen on the command line"
    assert "most copies" in deal(base_deck(), seed=0).notes["lord chosen by"]


def test_default_lord_is_the_cost_one_name_with_most_copies() -> None:
    # ベルナ (3) is listed before L (4): L wins on copies.
    main = {"C1-C": 3, **BASE_MAIN, "N12": 1, "N11": 0}
    deck = make_deck(DB, main={k: v for k, v in main.items() if v})
    assert [c.number for c in deal(deck, seed=0).zone("lord")] == [L]


def test_default_lord_pools_printings_and_uses_the_first_listed_printing() -> None:
    # アルド: 2 + 3 copies over two printings (5, counted as for cipher.copies) beats L's 4; C1-B is listed first.
    main = {"N01": 4, "C1-B": 3, L: 4, "C1-A": 2, **{f"N{i:02d}": 4 for i in range(2, 11)}, "N11": 1}
    deck = make_deck(DB, main=main)
    assert sum(main.values()) == 50
    assert [c.number for c in deal(deck, seed=0).zone("lord")] == ["C1-B"]


def test_default_lord_tie_goes_to_the_first_listed() -> None:
    main = {"C1-C": 4, **BASE_MAIN, "N11": 0}
    deck = make_deck(DB, main={k: v for k, v in main.items() if v})
    assert [c.number for c in deal(deck, seed=0).zone("lord")] == ["C1-C"]
    main = {**BASE_MAIN, "C1-C": 4, "N11": 0}
    deck = make_deck(DB, main={k: v for k, v in main.items() if v})
    assert [c.number for c in deal(deck, seed=0).zone("lord")] == [L]


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("N01", "printed cost is 3"),
        ("C1-C", "not in main"),
        ("CX", "printed cost is X"),  # not in main either: its cost is said first, as adding it would not help
        ("誰でもない", "names no card in main"),
    ],
)
def test_lord_that_cannot_be_chosen_is_an_engine_error(value: str, reason: str) -> None:
    deck = base_deck(lord=value)
    with pytest.raises(EngineError, match=reason) as raised:
        deal(deck, seed=0)
    assert value in str(raised.value)
    assert isinstance(raised.value, DeckcheckError)  # exit code 2


@pytest.mark.parametrize("replacement", ["CX", "C0"])
def test_no_printed_cost_one_card_is_an_engine_error(replacement: str) -> None:
    deck = make_deck(DB, main={**{k: v for k, v in BASE_MAIN.items() if k != L}, replacement: 4})
    with pytest.raises(EngineError, match="no card with a printed cost of 1"):
        deal(deck, seed=0)


def test_chosen_cost_x_card_is_refused() -> None:
    deck = make_deck(DB, main={**BASE_MAIN, "CX": 1}, lord="CX")
    with pytest.raises(EngineError, match="printed cost is X"):
        deal(deck, seed=0)


def test_marker_named_as_lord_is_refused() -> None:
    deck = make_deck(DB, main={**BASE_MAIN, "MK-1": 1}, lord="MK-1")
    with pytest.raises(EngineError, match="marker card"):
        deal(deck, seed=0)


def test_markers_are_never_dealt() -> None:
    deck = make_deck(DB, main={**BASE_MAIN, "MK-1": 2})
    table = deal(deck, seed=0, going="second", turns=10)
    assert [c.number for c in table.zone("out-of-game")] == ["MK-1", "MK-1"]
    assert all(c.number != "MK-1" for c in table.hand + table.deck + table.zone("orbs"))
    assert table.inventory() == deck_multiset(deck)


# Decks that cannot be dealt or played on ------------------------------------------------------------------------


def test_deck_too_small_for_the_setup() -> None:
    deck = make_deck(DB, main={L: 4, "N01": 4, "N02": 3})
    with pytest.raises(EngineError, match="11 cards; the setup needs at least 12"):
        deal(deck, seed=0)


def test_smallest_deck_runs_the_setup_and_then_loses_on_an_empty_deck() -> None:
    deck = make_deck(DB, main={L: 4, "N01": 4, "N02": 4})
    table = deal(deck, seed=0, going="second", turns=0)
    assert (len(table.hand), len(table.deck), len(table.zone("orbs"))) == (6, 0, 5)
    with pytest.raises(EngineError, match=r"3\.1\.2"):
        deal(deck, seed=0, going="second", turns=1)


def test_unknown_choice_is_refused() -> None:
    with pytest.raises(EngineError, match="no setup choice basis"):
        deal(base_deck(), seed=0, choices={"basis": "class"})


# Shipped example decks ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["aozora-kishidan.deck.toml", "hakuya-anya.txt"])
def test_example_decks_deal(name: str) -> None:
    deck = load_deck(STARTER_DECKS / "cipher" / name, [STARTER_CARDDB])
    table = deal(deck, seed=7, going="second", policy=Redraw(), turns=2)
    lord = table.zone("lord")[0]
    assert lord.printed_cost_one
    if deck.key("lord"):
        assert lord.number == deck.key_cards["lord"].number
    else:  # ゼフィリア (2 + 1 + 1 printings) ties at 4 with later names: the first listed printing wins
        assert lord.number == "DC-FE-001N"
    assert len(table.hand) == 8
    assert table.inventory() == deck_multiset(deck)


# In Japanese (issue 29) ----------------------------------------------------------------------------------------


def test_the_setup_logs_and_notes_in_japanese_with_the_same_steps_and_keys() -> None:
    deck = make_deck(DB, main={**BASE_MAIN, "MK-1": 2})
    english, japanese = in_english_and_japanese(lambda: deal(deck, seed=0, going="first", turns=2))
    assert [(e.step, e.ref, [c.number for c in e.cards]) for e in japanese.events] == [
        (e.step, e.ref, [c.number for c in e.cards]) for e in english.events
    ]
    assert list(japanese.notes) == list(english.notes) == ["lord", "lord chosen by", "orbs"]
    lord = japanese.zone("lord")[0].label()
    said = {(e.step, e.ref): e.text for e in japanese.events}
    assert said[("deck", "12.1.1.3")] == "マーカーカードはデッキのカードではないので配らない"
    how = "出撃コスト1と書かれたカードのうち最も枚数の多いカード名"
    assert said[("lord", "12.2.1.1")] == f"「{lord}」を主人公として裏向きで前衛エリアに配置する（{how}）"
    assert said[("draw", "13.2.1.5.1")] == (
        "先攻のプレイヤーの最初のターンはカードを引かない（13.2.1.5.1 を訂正して適用：13.2.1.5 のドローを行わない）"
    )
    assert japanese.notes["lord chosen by"] == how
    assert japanese.notes["orbs"] == "裏向きで5枚（持ち主にも非公開、6.4.5）"
    assert deal(base_deck(lord=L), seed=0).notes["lord chosen by"] == "the deck's lord"
    assert in_english_and_japanese(lambda: deal(base_deck(lord=L), seed=0).notes["lord chosen by"])[1] == (
        "デッキで指定した主人公"
    )


@pytest.mark.parametrize(
    ("main", "lord", "message"),
    [
        (
            BASE_MAIN,
            "N01",
            "lord 'N01'（称号1 ユニット1 (N01)）は主人公にできません：カードに書かれた出撃コストは3です。",
        ),
        (
            {**BASE_MAIN, "MK-1": 1},
            "MK-1",
            "lord 'MK-1'（主人公マーカー (MK-1)）は主人公にできません：マーカーカードです。",
        ),
        (
            BASE_MAIN,
            "C1-C",
            "lord 'C1-C' は主人公にできません：見習い僧 ベルナ (C1-C) は main にありません（12.2.1.1：主人公は",
        ),
        (
            BASE_MAIN,
            "誰でもない",
            "lord '誰でもない' は主人公にできません：main のどのカードも指していません（12.2.1.1",
        ),
    ],
)
def test_a_lord_that_cannot_be_chosen_in_japanese(main: dict[str, int], lord: str, message: str) -> None:
    def refused() -> str:
        with pytest.raises(EngineError) as error:
            deal(make_deck(DB, main=main, lord=lord), seed=0)
        return error.value.reason

    assert in_english_and_japanese(refused)[1].startswith(message)


def test_decks_that_cannot_be_dealt_or_played_on_in_japanese() -> None:
    def refused(deck: Deck, **options: Any) -> str:
        with pytest.raises(EngineError) as error:
            deal(deck, seed=0, **options)
        return error.value.reason

    small = make_deck(DB, main={L: 4, "N01": 4, "N02": 3})
    assert in_english_and_japanese(lambda: refused(small))[1] == (
        "デッキは11枚です。ゲームの準備には12枚以上必要です（主人公、6枚の手札、5枚のオーブ。12.2.1.1-12.2.1.6）"
    )
    lordless = make_deck(DB, main={**{k: v for k, v in BASE_MAIN.items() if k != L}, "CX": 4})
    assert in_english_and_japanese(lambda: refused(lordless))[1] == (
        "デッキに出撃コストが1と書かれたカードがないため、主人公を選べません（12.1.1.1、12.2.1.1。出撃コストXは0、4.2.3）"
    )
    smallest = make_deck(DB, main={L: 4, "N01": 4, "N02": 4})
    assert in_english_and_japanese(lambda: refused(smallest, going="second", turns=1))[1] == (
        "自分の1ターン目：デッキ（置場）と退避エリアがどちらも空なので、プレイヤーは敗北しています（3.1.2、11.3.1）"
    )


def test_the_default_report_speaks_japanese() -> None:
    records = [*BASE, unit("CC-1", "見習い君主", "リーフィ", 3, cc_cost=2)]
    deck = make_deck(make_db("cipher", records), main={**BASE_MAIN, "N12": 1, "CC-1": 1}, lord=L)
    english, japanese = in_english_and_japanese(lambda: GAME.profile.stats_report(deck))
    assert [label for label, _wants, _turn in japanese] == [
        f"自分の{k}ターン目までに主人公「リーフィ」のクラスチェンジ先" for k in (1, 2, 3)
    ]
    assert [line[1:] for line in japanese] == [line[1:] for line in english]
