"""Writing decks: what a write would lose, and the counts no deck file may hold, said in the chosen language."""

from __future__ import annotations

import pytest

from deckcheck.errors import DeckcheckError
from deckcheck.formats.write import content, count_text, losses, merged_entries, require_counts, require_encodable
from deckcheck.model.deck import COUNT_DIGITS, DeckSource, Entry


def source(*entries: Entry, **keys: str) -> DeckSource:
    deck = DeckSource(path="deck.toml", game_id="vanguard", format="toml", entries=list(entries))
    for key, value in keys.items():
        deck.set_key(key, value)
    return deck


def test_losses_in_japanese(japanese) -> None:
    before = content(source(Entry("main", "A", 4), Entry("main", "B", 2), name="x"))
    after = content(source(Entry("main", "B", 3), name="y"))
    assert losses(before, after) == [
        "`name`（'x' が 'y' に変わります）",
        "[main] 'A' = 4",
        "[main] 'B'：枚数 2 が 3 に変わります",
    ]


def test_losses_in_english() -> None:
    before = content(source(Entry("main", "A", 4), Entry("main", "B", 2), name="x"))
    after = content(source(Entry("main", "B", 3), name="y"))
    assert losses(before, after) == ["`name` ('x' became 'y')", "[main] 'A' = 4", "[main] 'B': count 2 became 3"]


def test_counts_no_file_may_hold_in_japanese(japanese) -> None:
    huge = 10 ** (COUNT_DIGITS + 10)
    assert count_text(huge) == f"100000…（{COUNT_DIGITS + 11:,}桁）"
    with pytest.raises(DeckcheckError) as error:
        require_counts(source(Entry("main", "A", huge)))
    assert str(error.value).startswith(
        f"deck.toml（フィールド 'main'）: [main] 'A'：枚数 100000…（{COUNT_DIGITS + 11:,}桁） "
        f"は枚数の上限の{COUNT_DIGITS}桁を超えます"
    )
    with pytest.raises(DeckcheckError, match=r"セクション \[main\] に 'A' が2回あり、その枚数が正の整数ではありません"):
        merged_entries(source(Entry("main", "A", "x"), Entry("main", "A", 2)))
    with pytest.raises(DeckcheckError, match="対になっていないサロゲートのエスケープ '\\\\udc80' を含み"):
        require_encodable(source(name="n\udc80"))
