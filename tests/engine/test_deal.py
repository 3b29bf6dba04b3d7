"""The engine core: each mulligan kind moves exactly the cards its rule says, once per player."""

from __future__ import annotations

import random

import pytest
from conftest import make_db

from deckcheck.engine.deal import KeepFilter, NoMulligan, mulligan
from deckcheck.engine.procedure import MulliganKind
from deckcheck.engine.table import Table
from deckcheck.errors import EngineError
from deckcheck.games import get_game
from deckcheck.model.query import parse_filter

DISTINCT = make_db(
    "vanguard",
    [
        {"number": f"E-{i:03d}", "name": f"Card {i}", "type": "normal", "grade": i % 4, "clans": []}
        | ({"skill": "twin-drive"} if i % 4 == 3 else {})
        for i in range(40)
    ],
)
CARDS = sorted(DISTINCT.cards.values(), key=lambda card: card.number)


def table_with_hand(hand_size: int, seed: int = 1) -> Table:
    table = Table(rng=random.Random(seed), going="first", deck=list(CARDS))
    table.draw(hand_size, "opening hand", "")
    return table


class ReturnFirst:
    """Returns the first `n` cards; redraws; puts the hand on the bottom reversed."""

    name = "test"

    def __init__(self, n: int) -> None:
        self.n = n

    def returns(self, table, hand):
        return list(range(self.n))

    def redraw(self, table, hand):
        return True

    def bottom_order(self, table, hand):
        return list(reversed(hand))


def numbers(cards) -> list[str]:
    return [card.number for card in cards]


def test_partial_shuffle_returns_only_the_chosen_cards():
    table = table_with_hand(5)
    kept = table.hand[2:]
    mulligan(table, MulliganKind.PARTIAL_SHUFFLE, 5, ReturnFirst(2), "ref")
    assert len(table.hand) == 5 and len(table.deck) == 35
    assert table.hand[:3] == kept
    assert numbers(table.mulligan_returned) == ["E-000", "E-001"]
    assert sorted(numbers([*table.deck, *table.hand])) == numbers(CARDS)
    assert [e.step for e in table.events].count("shuffle") == 1


def test_partial_with_nothing_returned_does_not_shuffle():
    table = table_with_hand(5)
    deck_before = list(table.deck)
    mulligan(table, MulliganKind.PARTIAL_SHUFFLE, 5, NoMulligan(), "ref")
    assert table.deck == deck_before and "shuffle" not in [e.step for e in table.events]


def test_full_shuffle_returns_the_whole_hand_even_if_a_policy_wants_part():
    table = table_with_hand(6)
    mulligan(table, MulliganKind.FULL_SHUFFLE, 6, ReturnFirst(1), "ref")
    assert len(table.mulligan_returned) == 6 and len(table.hand) == 6 and len(table.deck) == 34
    assert sorted(numbers([*table.deck, *table.hand])) == numbers(CARDS)


def test_full_bottom_puts_the_hand_under_the_deck_in_the_chosen_order_without_shuffle():
    table = table_with_hand(4)
    old = list(table.hand)
    next_four = table.deck[:4]
    mulligan(table, MulliganKind.FULL_BOTTOM, 4, ReturnFirst(0), "ref")
    assert table.hand == next_four
    assert table.deck[-4:] == list(reversed(old))
    assert "shuffle" not in [e.step for e in table.events]


def test_full_set_aside_never_redraws_the_old_hand():
    for seed in range(30):
        table = table_with_hand(5, seed)
        old = set(numbers(table.hand))
        mulligan(table, MulliganKind.FULL_SET_ASIDE, 5, ReturnFirst(0), "ref")
        assert not old & set(numbers(table.hand))
        assert old <= set(numbers(table.deck))
        assert len(table.deck) == 35


def test_a_player_mulligans_only_once():
    table = table_with_hand(5)
    mulligan(table, MulliganKind.PARTIAL_SHUFFLE, 5, NoMulligan(), "5.4.3.4")
    with pytest.raises(EngineError, match="only once"):
        mulligan(table, MulliganKind.PARTIAL_SHUFFLE, 5, ReturnFirst(1), "5.4.3.4")


def test_keep_filter_policy():
    policy = KeepFilter(parse_filter("grade=1", get_game("vanguard")))
    hand = [CARDS[0], CARDS[1], CARDS[2], CARDS[5]]  # grades 0, 1, 2, 1
    assert policy.returns(None, hand) == [0, 2]
    assert policy.redraw(None, hand) is False
    assert policy.redraw(None, [CARDS[0], CARDS[2]]) is True
    assert policy.name == "keep:grade=1"


def test_a_policy_cannot_return_a_card_outside_the_hand():
    class Bad(ReturnFirst):
        def returns(self, table, hand):
            return [7]

    table = table_with_hand(5)
    with pytest.raises(EngineError, match="not in the hand"):
        mulligan(table, MulliganKind.PARTIAL_SHUFFLE, 5, Bad(0), "ref")


# Japanese (issue 29) ----------------------------------------------------------------------------------------------


def test_japanese_mulligan_logs_keep_their_step_ids(japanese):
    partial, full = table_with_hand(5), table_with_hand(5)
    mulligan(partial, MulliganKind.PARTIAL_SHUFFLE, 5, ReturnFirst(2), "5.2.3.4")
    mulligan(full, MulliganKind.FULL_SET_ASIDE, 5, ReturnFirst(0), "602-1g")
    assert [(e.step, e.text) for e in partial.events] == [
        ("opening hand", "5枚引く"),
        ("mulligan", "2枚をデッキに戻す"),
        ("shuffle", "デッキをシャッフルする"),
        ("mulligan", "2枚引く"),
    ]
    assert [e.text for e in full.events[1:]] == [
        "手札すべて（5枚）を脇に置く",
        "5枚引く",
        "脇に置いた手札をデッキに戻す",
        "デッキをシャッフルする",
    ]
    with pytest.raises(EngineError) as error:
        mulligan(partial, MulliganKind.PARTIAL_SHUFFLE, 5, NoMulligan(), "5.2.3.4")
    assert error.value.reason == "引き直しは1人1回までです（5.2.3.4）"


def test_japanese_engine_refusals(japanese):
    from deckcheck.engine.deal import deal
    from deckcheck.model.deck import Deck, DeckSource

    deck = Deck(get_game("vanguard"), DeckSource(None, "vanguard"))
    with pytest.raises(EngineError) as error:
        deal(deck, seed=1, turns=31)
    assert error.value.reason == "turns は0から30までです（指定は31）。エンジンが扱うのは最初の数ターンです"
    with pytest.raises(EngineError) as error:
        deal(Deck(get_game("ic-dragonball"), DeckSource(None, "ic-dragonball")), seed=1, choices={"lord": "x"})
    assert (
        error.value.reason
        == "ICカードダス ドラゴンボールにはゲーム準備の選択 lord がありません（選択できるもの：なし）"
    )


def test_the_dealt_without_note_in_both_languages():
    from deckcheck.cli import language
    from deckcheck.cli.options import COMMAND_LINE
    from deckcheck.engine.procedure import (
        DEALT_WITHOUT,
        DEALT_WITHOUT_REASON,
        dealt_without,
        dealt_without_reason,
        is_dealt_without,
    )
    from deckcheck.errors import speaking

    assert DEALT_WITHOUT.removeprefix("none, ") == DEALT_WITHOUT_REASON
    english = dealt_without("leader")  # the library's names for the command and the option
    assert english == (
        "none, dealt without one, as it changes no draw (`check` reports it missing; "
        "`add DECK NUMBER section leader` adds one)"
    )
    assert dealt_without_reason("leader") == english.removeprefix("none, ")
    with speaking(COMMAND_LINE):
        said = dealt_without("leader")
        assert said == (
            "none, dealt without one, as it changes no draw (`deckcheck check` reports it missing; "
            "`deckcheck add DECK NUMBER --section leader` adds one)"
        )
        assert is_dealt_without(said, "leader") and is_dealt_without(
            DEALT_WITHOUT.replace("SECTION", "leader"), "leader"
        )
        language.speak("ja")
        try:
            japanese = dealt_without("leader")
            assert japanese.startswith("なし。") and "`deckcheck add DECK NUMBER --section leader`" in japanese
            assert dealt_without_reason("leader") == japanese.removeprefix("なし。")
            assert is_dealt_without(japanese, "leader") and is_dealt_without(said, "leader")
            assert not is_dealt_without(japanese, "lord")
        finally:
            language.speak("en")
