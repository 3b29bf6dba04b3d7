"""The headings, marks and key words of a decklist as players write it, shared by the text deck reader
(:mod:`deckcheck.formats.text`) and the pasted list reader (:mod:`deckcheck.formats.pasted`), so that both read a
heading or a mark alike: a section word (`メインデッキ`, `Gデッキ`, a section id, a label), a heading of the game's
`PastedWords` (`G3`, `グレード2`, `3コスト`: the main deck), a mark (`(FV)`, `★`, `(主人公)`) and the Japanese words of
the deck keys (`主人公:` for Cipher's lord, `デッキ名:` for the name)."""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Any

from deckcheck._i18n import _
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined

if TYPE_CHECKING:
    from deckcheck.model.game import Game

# What may follow a section word: its count `(43)`, `（12枚）`, a colon.
# (tried only where a run of blanks starts, each run taken whole: one pass, where two runs over the same blanks were
# cubic on `## a<1,000 blanks>b`)
_SECTION_TAIL = re.compile(r"(?<!\s)\s*+(?:[(（]\s*+\d++\s*+枚?\s*+[)）])?\s*+[:：]?$")
# The brackets a mark stands in (`(FV)`, `【主人公】`), taken off before the mark is looked up.
MARK_BRACKETS = '()[]【】“”"『』〈〉 '
# The deck's name as a label, matched against the line as written (its bullet taken off), so that the name keeps its
# own characters (`（…）` stays full-width): `デッキ名:name`, `【デッキ名】name`, `[デッキ名] name`, `デッキ名【name】`,
# `デッキ名「name」`.
DECK_LABEL = re.compile(r"デッキ(?:名|タイトル|ネーム)")
_DECK_NAME = re.compile(
    r"(?P<open>[【\[［(（])?\s*デッキ(?:名|タイトル|ネーム)\s*"
    r"(?:(?(open)[】\]］)）]\s*[:：]?|[:：])\s*(?P<name>\S.*)|[【\[［「『](?P<inner>[^】\]］」』]+)[】\]］」』])"
)
#: The Japanese words of the keys every deck may carry (the game's own come from its marks: `主人公`, `FV`).
KEY_WORDS = {"デッキ名": "name", "デッキタイトル": "name", "デッキネーム": "name", "レギュレーション": "regulation"}


def section_word(written: str) -> str:
    """A section header as written, ready to look up: NFKC, lower case, without a count `(43)` or a colon."""
    word = unicodedata.normalize("NFKC", written).strip().lower()
    return _SECTION_TAIL.sub("", word) or word


def section_words(game: Game[Any]) -> dict[str, str]:
    """Every word a header may name a section of `game` by (as section_word leaves it): its ids, the labels people
    read (`g deck`), and the game's own `section_words` (`gデッキ`)."""
    words = {section: section for section in game.sections}
    for section, label in game.wording.section_labels.items():
        words.setdefault(section_word(label), section)
    for word, section in game.wording.section_words.items():
        words[section_word(word)] = section
    return words


def deck_name(line: str) -> str | None:
    """The deck's name a label line gives (`【デッキ名】ロイヤル`, `デッキ名【ロイヤル】`, `デッキ名:ロイヤル`), as
    written; None for any other line."""
    named = _DECK_NAME.fullmatch(line.strip())
    if named is None:
        return None
    return str(named["name"] or named["inner"]).strip() or None


def deck_name_span(line: str) -> tuple[int, int] | None:
    """Where in `line` (stripped) a deck-name label's name stands (`【デッキ名】ロイヤル`: the span of ロイヤル), for an
    edit that changes the name in place; None for any other line."""
    named = _DECK_NAME.fullmatch(line)
    if named is None:
        return None
    group = "name" if named["name"] is not None else "inner"
    return named.span(group)


class Headings:
    """One game's heading words, heading patterns, marks and key words (made once per game: :func:`headings_of`)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.words = section_words(game)
        pasted = game.wording.pasted
        self.patterns = [(re.compile(pattern, re.IGNORECASE), section) for pattern, section in pasted.headings]
        self.marks = {unicodedata.normalize("NFKC", mark): key for mark, key in pasted.marks.items()}
        # the deck keys by their words: `デッキ名`, and a mark that is a word (`主人公`, `FV`; not `★`)
        keys = dict(KEY_WORDS)
        for mark, key in self.marks.items():
            if key in game.deck_keys and len(mark) > 1:
                keys[mark] = key
        self.key_words = {section_word(word): key for word, key in keys.items()}

    def section(self, word: str) -> tuple[str, bool] | None:
        """The section a heading's word names and whether it names the section itself (`メインデッキ`) rather than a
        part of one (`G3`, `3コスト`); None: no heading of this game."""
        key = section_word(word)
        section = self.words.get(key)
        if section is not None:
            return section, True
        for pattern, part_of in self.patterns:
            if pattern.fullmatch(key) or pattern.fullmatch(word.strip()):
                return part_of, False
        return None

    def mark(self, part: str) -> str | None:
        """The key a mark names (`(FV)`, `★★`, `【主人公】`; brackets taken off); None: no mark of the game."""
        mark = unicodedata.normalize("NFKC", part).strip(MARK_BRACKETS)
        return self.marks.get(mark) or (self.marks.get(mark[:1]) if mark and set(mark) == {mark[0]} else None)

    def key(self, written: str) -> str | None:
        """The deck key a header's key word names (`主人公` -> `lord`, `デッキ名` -> `name`), None when none."""
        return self.key_words.get(section_word(written))


def no_section_said(heads: Headings, line: str) -> str:
    """Why a bracketed line (`【Gデッキ】` in an EVOLVE deck) is no heading: what it was read as, and the words to
    write."""
    game = heads.game
    words = joined(f"## {word}" for word in (*game.wording.section_words, *game.sections))
    return _("{text} is read as a heading, but names no section of {game}; write one of: {words}").format(
        text=quoted(line), game=game.said_title, words=words
    )


_MADE: dict[str, Headings] = {}


def headings_of(game: Game[Any]) -> Headings:
    """The game's Headings, made once."""
    made = _MADE.get(game.id)
    if made is None or made.game is not game:
        made = _MADE[game.id] = Headings(game)
    return made
