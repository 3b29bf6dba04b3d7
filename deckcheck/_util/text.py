"""Text for people: terminal width of Japanese text, English plurals and articles."""

from __future__ import annotations

import unicodedata


def display_width(text: str) -> int:
    """Terminal columns: East Asian wide and full-width characters take two, combining marks none."""
    return sum(
        0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
        for char in text
    )


def pad(text: str, width: int) -> str:
    """`text` followed by blanks up to `width` terminal columns."""
    return text + " " * max(width - display_width(text), 0)


def plural(count: int, word: str, plural_word: str | None = None) -> str:
    """'1 card', '2 cards' ('2 copies' with `plural_word`)."""
    return f"{count} {word if count == 1 else (plural_word or word + 's')}"


def with_article(text: str) -> str:
    """'a Cardfight!! Vanguard', 'an IC Carddass Dragon Ball', 'an EVOLVE follower' (by the first letter)."""
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text
