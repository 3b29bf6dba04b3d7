"""The helpers every game shares (deckcheck.model.game): their messages in English and Japanese (issue 29)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from deckcheck.cli import language
from deckcheck.model.game import Rule, limit_text, size_violations


class _Deck:
    """A deck of `sizes` copies per section, in a game with `phrases` (what size_violations reads)."""

    def __init__(self, sizes: dict[str, int], phrases: dict[str, str]) -> None:
        self.sizes = sizes
        self.game = SimpleNamespace(id="test", wording=SimpleNamespace(section_phrases=phrases))

    def size(self, section: str) -> int:
        return self.sizes.get(section, 0)


RULE = Rule("game.size", "1.1", "", lambda rule, deck: ())


def _messages(deck: _Deck, **limits) -> list[str]:
    return [v.message for section in deck.sizes for v in size_violations(RULE, deck, section, ref="1.1", **limits)]


@pytest.mark.parametrize(
    ("limits", "english", "japanese"),
    [
        (
            {"low": 40, "high": 40},
            "The main deck has 39 cards; it must have exactly 40 (1.1).",
            "メインデッキは39枚です。ちょうど40枚でなければなりません（1.1）。",
        ),
        (
            {"low": 40, "at_least": "needs at least"},
            "The main deck has 39 cards; it needs at least 40 (1.1).",
            "メインデッキは39枚です。40枚以上必要です（1.1）。",
        ),
        (
            {"low": 40, "high": 50},
            "The main deck has 39 cards; it must have at least 40 (1.1).",
            "メインデッキは39枚です。40枚以上でなければなりません（1.1）。",
        ),
        (
            {"high": 38, "note": ", not counting the leader"},
            "The main deck has 39 cards; it may have at most 38, not counting the leader (1.1).",
            "メインデッキは39枚です。リーダーを除いて38枚までです（1.1）。",
        ),
    ],
)
def test_size_messages_in_both_languages(limits, english, japanese):
    deck = _Deck({"main": 39}, {"main": "the main deck"})
    assert _messages(deck, **limits) == [english]
    language.speak("ja")
    assert _messages(deck, **limits) == [japanese]


def test_a_section_without_a_phrase_and_one_card():
    deck = _Deck({"extra": 1}, {})
    assert _messages(deck, high=0) == ["The extra section has 1 card; it may have at most 0 (1.1)."]
    assert _messages(_Deck({"extra": 0}, {}), low=0) == []
    language.speak("ja")
    assert _messages(deck, high=0) == ["「extra」セクションは1枚です。0枚までです（1.1）。"]


def test_limit_text(japanese):
    assert (limit_text(None), limit_text(3)) == ("制限なし", "3")
