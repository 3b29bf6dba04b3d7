"""Pasted decklists: a list as players publish it (a shop's report, a blog, a note), read line by line with the card
database's help (issue 28; Forge's DeckRecognizer and hocg-deck-convert are the models).

Every line gets a class, none is dropped: a card line (a count and a name in any of the shapes of
shared/realdata/decklist-styles.md, either character width), a heading (mapped to the game's sections, see
`Game.wording.pasted`), a total (checked against the counts), a deck code, a title or lead-in (the deck's name, else a
comment), a comment, a header (`game:`, `name:` as in a text deck), or not understood (reported with its line).

Names are resolved honestly: exactly (a card number, a printed name) first; then with widths folded and white space,
middle dots, punctuation and symbols left out, which is a reading note naming the line and the printed name; anything
further is an unknown card (`deck.unknown-card`, with suggestions). An annotation (`(FV)`, `★`, `“ドロートリガー”`,
`(帝国の暴竜)`, an unclosed `(騎士王降臨`) is left out only when what remains names a card, so a bracket that belongs
to the name stays. What the reading guessed or could not read is a `deck.pasted-reading` warning (`check`), listed on
stderr by `convert`.

The lines are read in two steps: :func:`pasted_source` (no card database) makes the DeckSource, and its
:class:`PastedList` reads the lines when :func:`deckcheck.carddb.resolve_deck` gives it the database.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcheck._i18n import _, ngettext
from deckcheck._util.files import unreadable_text
from deckcheck._util.normalize import loose_name
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined, text_lines
from deckcheck.errors import DeckcheckError, mention
from deckcheck.formats.headings import (
    DECK_LABEL,
    MARK_BRACKETS,
    deck_name,
    headings_of,
    no_section_said,
    section_word,
)
from deckcheck.formats.text import BRACKET_HEADING, HEADER_LINE, NUMBER_AND_NAME, SECTION_LINE, game_id
from deckcheck.games import get_game
from deckcheck.model.deck import COMMON_KEYS, DeckSource, Entry

if TYPE_CHECKING:
    from collections.abc import Sequence

    from deckcheck.model.cards import Card
    from deckcheck.model.game import Game

# The classes of a line.
CARD, HEADING, TOTAL, CODE, TITLE, LEAD_IN, COMMENT, HEADER, BLANK, NOT_UNDERSTOOD = (
    "card",
    "heading",
    "total",
    "code",
    "title",
    "lead-in",
    "comment",
    "header",
    "blank",
    "not-understood",
)

# Bullets and decorations before a line's content: `• `, `- `, `・`, `■`, `◆`, `〇` ...
_BULLET = re.compile(r"^(?:[•・●○◎〇◆◇■□▪▫►▶▷→※]+|[-*+](?=\s))\s*")
_DECORATION = " \t◆◇■□▼▲▽△●○◎〇【】[]<>〈〉=＝―─━~〜・:*"
# A subtotal at the end of a heading: `(9枚)`, `(43)`, `(テリトリー解放カード 8枚)`.
_SUBTOTAL = re.compile(r"\s*\((?:[^()]*?\s)?(?P<count>\d{1,3})\s*枚?\)\s*:?$")
_COUNT = r"(?P<count>\d{1,3})"
# `name:3-2` (main and evolve copies), `name:3`, `name(2枚)`.
_PAIR = re.compile(r"^(?P<name>.+?)\s*:\s*(?P<first>\d{1,3})\s*-\s*(?P<second>\d{1,3})$")
_COLON = re.compile(rf"^(?P<name>.+?)\s*:\s*{_COUNT}\s*枚?$")
_IN_BRACKETS = re.compile(rf"^(?P<name>.+?)\s*\(\s*{_COUNT}\s*枚\s*\)$")
# `4x name`, `4x名前`, `4 × name`, `3枚 name`, `4 name`, `1(FV) name`: the count first (a Latin x only before a
# blank or a non-ASCII character, so that `4 Xander` stays the card Xander).
_COUNT_FIRST = re.compile(
    rf"^{_COUNT}(?:\s*[×✕]\s*|\s*[xX](?:\s+|(?=[^\x00-\x7f]))|\s*枚\s*|\s+|(?=\())(?P<name>\S.*)$"
)
# `name×2`, `name ×2`, `- name × 3`, `《name》 x 4`, `name 4`, `「name」×4★`: the count last (the name ends in a
# non-blank, so that a run of blanks is scanned once, not once per blank before it).
_COUNT_LAST = re.compile(
    rf"^(?P<name>\S(?:.*?\S)??)(?:\s*[×✕]\s*|(?:\s+|(?<=[^\x00-\x7f]))[xX]\s*|\s+){_COUNT}\s*枚?\s*(?P<marks>[★☆]*)$"
)
# Notes after the count (`name ×4 “ドロートリガー”`, `name 4(FV)`): taken off before the count is looked for.
# (linear: no star or blank may stand before the first note, each run is taken whole, and the notes never give back a
# character, so that a line of stars followed by anything else is one pass, not 2**n tries)
_AFTER_COUNT = re.compile(r"(?<![\s★☆])(?:\s*+(?:“[^“”]*+”|\"[^\"]*+\"|\([^()]*+\)|【[^【】]*+】|[★☆]++))++$")
_NOTE = re.compile(r"“[^“”]*”|\"[^\"]*\"|\([^()]*\)|【[^【】]*】|[★☆]+")
# A multiplication sign before something that is not a number: a count that is not a number.
_NOT_A_NUMBER = re.compile(r"^(?P<name>\S.*?)\s*[×✕]\s*(?P<count>[^\d\s★☆][^★☆]*?)\s*[★☆]*$")
# A flattened table row under `グレード カード名 枚数`: the first number is the grade, the last the count.
_GRADE_ROW = re.compile(rf"^\d{{1,2}}\s+(?P<name>\S.*?)\s+{_COUNT}\s*枚?$")
_COST_PREFIX = re.compile(r"^\d{1,2}\s*c\s+", re.IGNORECASE)
_MAYBE_NUMBER = re.compile(r"\d.*[-/]|[-/].*\d")
_NUMBER = re.compile(r"^(?=[^\s]*\d)[A-Za-z0-9]+(?:[-/][A-Za-z0-9]+)+$")
# Totals: `計50枚`, `合計 50`, `黄30 紫20 計50枚`, `計50枚(★は主人公カード)`.
_TOTAL = re.compile(r"(?:合計|総計|計|total)\s*:?\s*(?P<count>\d{1,3})\s*枚?", re.IGNORECASE)
# Deck codes: `デッキコード:XXXX`, `dc : XXXX`, `【デッキコード:XXXX】` after a deck's name.
_CODE = re.compile(r"(?:デッキコード|deck\s*code|^dc)\s*[:：]\s*(?P<code>[A-Za-z0-9_-]+)", re.IGNORECASE)
# Lead-ins: `デッキレシピ`, `〇デッキレシピ`, `[デッキレシピ]`, `使用リスト`, `構成は以下`, `デッキリスト`.
_LEAD_IN = re.compile(
    r"(?:デッキ)?(?:レシピ|リスト)|使用(?:デッキ|リスト|レシピ)|構成は以下.*|(?:以下|下記)の(?:構成|デッキ|リスト).*"
)
_LEAD_IN_END = re.compile(r"(?:デッキ)?(?:レシピ|リスト)$")
# A title behind a bracketed tag: `【デッキレシピ】マルス軸`, `[デッキリスト] 名前`.
_TAGGED_TITLE = re.compile(r"[【\[](?P<tag>[^】\]]+)[】\]]\s*(?P<rest>\S.*)")
# A table's column header: `グレード カード名 枚数`.
_TABLE_HEADER = re.compile(r"(?P<first>\S+)?.*(?:カード名|名前).*枚数")
_SENTENCE = re.compile(r"[。！？!?]|、.*、|です|ます")
# An aside (`(※もし…なら名前×4、名前×1)`): the author's note, never card lines.
_ASIDE = re.compile(r"^\(?※")
_PACKAGE = re.compile(r"パッケージ")
# A line of information about the deck (`使用クラス: ビショップ`): a short label, a colon and a value.
_INFO = re.compile(r"^[^\d:]{1,12}\s*:\s*\S")
# A mark then a card's name: `主人公:name` (Cipher's lord).
_MARKED_NAME = re.compile(r"(?P<mark>[^\d:]{1,6}?)\s*:\s*(?P<name>\S.*)")
# What a name form may lose at its end, at its start, and the quotes around it.
_TRAILING = re.compile(
    r"\s*(?:\([^()]*\)|\[[^\[\]]*\]|【[^【】]*】|“[^“”]*”|\"[^\"]*\"|『[^『』]*』|〈[^〈〉]*〉|[★☆]+|\([^()]*|第\d+弾|\s+\S+弾)$"
)
_LEADING = re.compile(r"^(?:\([^()]*\)|【[^【】]*】|\[[^\[\]]*\]|[★☆]+)\s*")
_QUOTED = re.compile(r"^[「《≪『【〈<\[](?P<inner>.*?)[」》≫』】〉>\]]$")
_OPENERS, _CLOSERS = "「《≪『【〈", "」》≫』】〉"
#: Name forms tried per reading of a line (the text, then without quotes and annotations, least taken off first).
_FORMS = 8
#: Most lines a pasted list is read with (a decklist has a few dozen; a page of prose a few hundred): a longer text
#: is refused at once, as reading it line by line would take long for nothing.
MOST_LINES = 20_000
#: Longest line read at all (the longest card line, with a product name and notes, is far shorter): a longer one is
#: not understood, and no pattern ever meets a line long enough to cost time.
_LONGEST = 120
_SPACES = re.compile(r"\s+")
#: Longest line taken for a title (a longer one is prose).
_TITLE_LENGTH = 40


class CardIndex:
    """What the reader asks of a card database (deckcheck.carddb.CardDB): a card by number or exact name (for a
    name several cards share, the one `section` can hold), the names a key equals loosely, its game."""

    game: Game[Any]

    def resolve(self, key: str, section: str | None = None) -> Card | None:  # pragma: no cover - an interface
        raise NotImplementedError

    def loosely_named(self, key: str) -> list[str]:  # pragma: no cover - an interface
        raise NotImplementedError

    def kana_named(self, key: str) -> list[str]:  # pragma: no cover - an interface
        raise NotImplementedError

    def starting(self, key: str) -> list[str]:  # pragma: no cover - an interface
        raise NotImplementedError

    def resolve_name(self, key: str, section: str | None = None) -> Card | None:  # pragma: no cover - an interface
        raise NotImplementedError


@dataclass
class PastedLine:
    """One line of a pasted list and what it was read as."""

    number: int
    kind: str
    text: str
    section: str | None = None
    entries: list[Entry[Any]] = field(default_factory=list)
    # what the reading says of it: the printed name a loose match stands for, an annotation left out, why not read
    note: str | None = None


@dataclass
class ReadingNote:
    """What reading a pasted list guessed or could not read: a `deck.pasted-reading` warning."""

    line: int | None
    section: str | None
    kind: str  # "name", "not-understood", "total", "subtotal", "mark", "number"
    message: str


@dataclass
class _Reading:
    """One way of reading a card line: its counts (one per section; None: no count) and the name text."""

    counts: tuple[Any, ...]
    name: str
    marks: tuple[str, ...] = ()
    number_check: str | None = None  # a name written beside a card number (a table row), compared with its card


@dataclass
class _Found:
    card: Card
    form: str
    left_out: tuple[str, ...]
    loose: bool
    kana: bool = False  # loose with hiragana read as katakana (`べリアルオウル`)


class PastedList:
    """The lines of a pasted list, read once the card database is known (:meth:`read`)."""

    def __init__(
        self, source: DeckSource, text: str, bad_lines: Sequence[int] = (), nul_at: dict[int, str] | None = None
    ) -> None:
        self.source = source
        self.nul_at = nul_at or {}
        self.raw_lines = text_lines(text)
        self.bad_lines = set(bad_lines)
        self.lines: list[PastedLine] = []
        self.notes: list[ReadingNote] = []
        self.comments: list[str] = []  # lead-ins, titles, codes and lines not understood, for a written deck
        self.done = False

    # the reading ---------------------------------------------------------------------------------------------

    def read(self, db: CardIndex) -> None:
        """Read every line with the card database (once); raises DeckcheckError when no line is a card line of the
        game, or the list holds two decks."""
        if self.done:
            return
        self.done = True
        game = db.game
        reader = _Reader(self, db, game)
        for number, raw in enumerate(self.raw_lines, start=1):
            reader.line(number, raw)
        reader.finish()

    def guesses(self) -> list[str]:
        """Every note as a line for stderr: `line N: ...`."""
        said = []
        for note in sorted(self.notes, key=lambda note: note.line or 0):
            if note.kind == "name":
                said.append(_("guessed: line {line}: {message}") if note.line else _("guessed: {message}"))
            else:
                said.append(_("note: line {line}: {message}") if note.line else _("note: {message}"))
            said[-1] = said[-1].format(line=note.line, message=note.message)
        return said


class _Reader:
    def __init__(self, pasted: PastedList, db: CardIndex, game: Game[Any]) -> None:
        self.pasted, self.db, self.game = pasted, db, game
        self.source = pasted.source
        self.heads = headings_of(game)  # the section words, headings and marks a text deck reads too
        self.words, self.marks = self.heads.words, self.heads.marks
        self.section = "main"
        self.headed = False  # a heading has named a section
        self.grade_table = False
        self.pending: list[PastedLine] = []  # card lines whose name is no card: unknown cards or prose, decided last
        self.marked: dict[str, list[tuple[int, Card]]] = {}
        # the open headings with a subtotal: (line, section-level?, count said, copies read under it)
        self.subtotals: list[list[Any]] = []
        self.seen_headings: dict[tuple[str, ...], tuple[int, int]] = {}  # heading -> (line, cards read before it)
        self.cards_read = 0
        self.last_card_line = 0  # the line of the last card read
        self.codes: list[tuple[int, int, int]] = []  # each deck code: (line, cards read before it, last card line)
        self.last_section_heading: str | None = None
        self.totals: list[tuple[int, int, str]] = []  # (line, count said, section at that line)
        self.total_then_cards: int | None = None  # the first card line after a total line

    # one line ------------------------------------------------------------------------------------------------

    def line(self, number: int, raw: str) -> None:
        text = raw.strip()
        if number in self.pasted.bad_lines:
            self._not_understood(number, text, self.pasted.nul_at.get(number) or _("no encoding reads this line"))
            return
        if not text:
            self._add(PastedLine(number, BLANK, text))
            return
        if text[0] == "#" and not text.startswith("##"):  # a text deck's comment line, however long (README)
            self._add(PastedLine(number, COMMENT, text))
            return
        text = _without_comment(text)  # `4 BP01-159  # note`: a text deck's trailing comment, as it reads it
        if len(text) > _LONGEST:
            # (the quote says how long it is: `'ああ…'… (300 characters)`; the reason says only why that is too long)
            self._not_understood(number, text, _("longer than any card line"))
            return
        norm = _SPACES.sub(" ", unicodedata.normalize("NFKC", text)).strip()  # names compare with spaces collapsed
        if norm.startswith("#"):
            if match := SECTION_LINE.match(norm):
                self._section_header(number, text, match["section"])
            else:
                self._add(PastedLine(number, COMMENT, text))
            return
        if (match := HEADER_LINE.match(norm)) and self._header(number, text, match):
            return
        body = _BULLET.sub("", norm).strip()
        quick = None if self.grade_table else _COUNT_FIRST.match(body) or _COUNT_LAST.match(body)
        if quick is not None:  # a count and a card's exact name or number, maybe with notes (most lines of a list)
            reading = _Reading((int(quick["count"]),), quick["name"], tuple(quick.groupdict().get("marks") or ()))
            card = self._exact(reading.name)  # as written, before any form is made (nearly every card line)
            found = _Found(card, reading.name, (), False) if card else self._exactly(reading, _name_forms(reading.name))
            if found is not None:
                self._read_card(number, text, reading, found)
                return
        if not body:
            self._add(PastedLine(number, COMMENT, text))
            return
        if match := _CODE.search(body):
            self._code(number, text, body, match)
            return
        if _ASIDE.match(body):
            self._add(PastedLine(number, COMMENT, text))
            return
        if (total := _TOTAL.search(body)) and not self._names_a_card(body):
            self.totals.append((number, int(total["count"]), self.section))
            self._add(PastedLine(number, TOTAL, text, self.section))
            return
        if _PACKAGE.search(body):
            self._not_understood(
                number, text, _("it stands for a package of cards; list the package's cards one per line")
            )
            return
        if self._heading(number, text, body):
            return
        if "枚数" in body and _TABLE_HEADER.match(body) and not _COUNT_LAST.match(body):
            first = section_word(_TABLE_HEADER.match(body)["first"] or "")  # type: ignore[index]
            self.grade_table = first in ("グレード", "grade", "コスト", "cost")
            self._add(PastedLine(number, HEADING, text, self.section, note="a table's column header"))
            return
        self._card_line(number, text, body)

    def _names_a_card(self, body: str) -> bool:
        """Whether a line that looks like a total (`計50枚`) is a card line instead (a name holding 計)."""
        return _COUNT_LAST.match(body) is not None and self._resolve(self._readings(body)[:-1]) is not None

    def _add(self, line: PastedLine) -> None:
        self.pasted.lines.append(line)

    def _not_understood(self, number: int, text: str, why: str, section: str | None = None) -> None:
        note = _("not understood: {text} ({why})").format(text=quoted(text), why=why)
        self._add(PastedLine(number, NOT_UNDERSTOOD, text, section, note=why))
        self.pasted.notes.append(ReadingNote(number, section, NOT_UNDERSTOOD, note))
        self.pasted.comments.append(_("line {number} not understood: {text}").format(number=number, text=text))

    def _header(self, number: int, text: str, match: re.Match[str]) -> bool:
        """A text deck's header line (`game:`, `name:`, `lord:`): read as a text deck reads it."""
        key = unicodedata.normalize("NFKC", match["key"]).lower()
        value = match["value"].strip()
        if key == "game":
            written = game_id(self.source.path or "<pasted>", value, number)
            if written != self.game.id:
                reason = (
                    _(
                        "is an {written} deck, not {game} (its `game:` line says {written}, and {option} reads it as a "
                        "pasted {game} list): give one game"
                    )
                    if written[:1].lower() in "aeiou"
                    else _(
                        "is a {written} deck, not {game} (its `game:` line says {written}, and {option} reads it as a "
                        "pasted {game} list): give one game"
                    )
                )
                raise DeckcheckError(
                    reason.format(written=written, game=self.game.id, option=mention("game")),
                    path=self.source.path,
                    line=number,
                )
        elif key in COMMON_KEYS or key in self.game.deck_keys:
            self.source.set_key(key, value)
            self.source.key_lines[key] = number
        else:
            return False
        self._add(PastedLine(number, HEADER, text))
        return True

    def _section_header(self, number: int, text: str, written: str) -> None:
        found = self.heads.section(written)  # `## Gデッキ`, and a part of a section as a text deck reads it: `## G3`
        if found is None:
            why = _("not a section of {game}: {sections}").format(
                game=self.game.said_title, sections=", ".join(self.game.sections)
            )
            self._not_understood(number, text, why)
            return
        section, level = found
        word = ("##", section) if level else ("##", section_word(written))
        self._enter(number, text, section, level=level, word=word, subtotal=None)

    def _code(self, number: int, text: str, body: str, match: re.Match[str]) -> None:
        written = _BULLET.sub("", text).strip()  # the name as written (`（…）` stays full-width) where it can be found
        raw = _CODE.search(written)
        before = (written[: raw.start()] if raw else body[: match.start()]).strip(_DECORATION + "【[(（")
        if before and self.source.name is None and not self.cards_read:
            self.source.name = before
        self._second_code(number, text)
        self.codes.append((number, self.cards_read, self.last_card_line))
        self._add(PastedLine(number, CODE, text, note=f"deck code {match['code']}"))
        said = _("deck code: {code} ({name})") if before else _("deck code: {code}")
        self.pasted.comments.append(said.format(code=match["code"], name=before))

    def _second_code(self, number: int, text: str) -> None:
        """A deck code after another one with cards read between them: two decks pasted one after the other, each
        with its own code, refused where the second begins. Its start is its title (a short line that is no card,
        kept for the end), else the code itself; with codes below their lists (the first one after cards), the
        first line after the first code."""
        if not self.codes:
            return
        first, cards_before, _last = self.codes[0]
        if self.cards_read == cards_before:
            return  # no card between the two codes: one deck's code said twice
        boundary = first if cards_before else self.last_card_line
        before = [line for line in self.pending if line.kind != CARD and line.number > boundary]
        after_first = [line for line in self.pasted.lines if line.number > boundary and line.kind not in (BLANK,)]
        starts = [(line.number, line.text) for line in (*before, *after_first)]
        start, said = (
            min(starts, default=(number, text))
            if cards_before
            else min([(line.number, line.text) for line in before], default=(number, text))
        )
        self._two_decks(start, said, self._first_line())

    def _first_line(self) -> int:
        """The first line of the list that is not blank."""
        return min((line.number for line in (*self.pasted.lines, *self.pending) if line.kind != BLANK), default=1)

    def _heading(self, number: int, text: str, body: str) -> bool:
        """A section or sub-section heading (`メインデッキ(43)`, `◆G3(9枚)`, `3コスト`, `テリトリー:name`)."""
        word = body.strip(_DECORATION)
        subtotal = None
        if match := _SUBTOTAL.search(word):
            subtotal = int(match["count"])
            word = word[: match.start()].strip(_DECORATION)
        inline = ""
        if ":" in word and not _COLON.match(word) and not _PAIR.match(word):
            word, inline = (part.strip() for part in word.split(":", 1))
        if not word:
            return False
        key = section_word(word)
        found = self.heads.section(word)
        if found is None or (inline and subtotal is not None):
            return False
        section, level = found
        if inline:  # `テリトリー:name`, `使用クラス:` is no section word and comes here never
            self._enter(number, text, section, level=level, word=(key,), subtotal=None, add=False)
            self._card_line(number, text, inline, inline_heading=True)
            return True
        self._enter(number, text, section, level=level, word=(section, key), subtotal=subtotal)
        return True

    def _enter(
        self,
        number: int,
        text: str,
        section: str,
        *,
        level: bool,
        word: tuple[str, ...],
        subtotal: int | None,
        add: bool = True,
    ) -> None:
        """A heading: its section is the current one; a heading met again after other ones and cards starts a
        second deck (refused)."""
        if word in self.seen_headings:
            first, cards_then = self.seen_headings[word]
            if self.cards_read > cards_then:
                self._two_decks(number, text, first)
        self.seen_headings[word] = (number, self.cards_read)
        # a section heading closes every open heading, a sub-heading the open sub-headings
        self._close_subtotals(lambda open_: level or not open_[1])
        if subtotal is not None:
            self.subtotals.append([number, level, subtotal, 0, section])
        self.section, self.headed = section, True
        if add:
            self._add(PastedLine(number, HEADING, text, section))

    def _two_decks(self, number: int, text: str, first: int) -> None:
        raise DeckcheckError(
            _(
                "holds two decks: a second one starts on line {number} ({text}, as line {first} began the first); "
                "paste one deck at a time"
            ).format(number=number, text=quoted(text), first=first),
            path=self.source.path,
            line=number,
        )

    # card lines --------------------------------------------------------------------------------------------

    def _card_line(self, number: int, text: str, body: str, inline_heading: bool = False) -> None:
        readings = self._readings(body)
        found = self._resolve(readings)
        if found is None:
            self._unresolved(number, text, body, readings, inline_heading)
            return
        reading, hit = found
        self._read_card(number, text, reading, hit)

    def _readings(self, body: str) -> list[_Reading]:
        readings: list[_Reading] = []
        if "|" in body or "\t" in body:
            readings.extend(_cells(body))
        if self.grade_table and (match := _GRADE_ROW.match(body)):
            readings.append(_Reading((int(match["count"]),), match["name"]))
        if self.game.wording.pasted.pair is not None and (match := _PAIR.match(body)):
            readings.append(_Reading((int(match["first"]), int(match["second"])), match["name"]))
        elif match := _PAIR.match(body):
            readings.append(_Reading(("pair",), match["name"]))
        if match := _COLON.match(body):
            readings.append(_Reading((int(match["count"]),), match["name"]))
        if match := _IN_BRACKETS.match(body):
            readings.append(_Reading((int(match["count"]),), _COST_PREFIX.sub("", match["name"])))
        first = _COUNT_FIRST.match(body)
        last = _COUNT_LAST.match(body)
        if first:
            readings.append(_Reading((int(first["count"]),), first["name"]))
        if last:
            marks = tuple(last["marks"]) if last["marks"] else ()
            readings.append(_Reading((int(last["count"]),), last["name"], marks))
        elif (notes := _AFTER_COUNT.search(body)) and (last := _COUNT_LAST.match(body[: notes.start()])):
            marks = (*tuple(last["marks"]), *_NOTE.findall(notes[0]))
            readings.append(_Reading((int(last["count"]),), last["name"], marks))
        if first and last and not self.grade_table:  # `4 name 4`: which number is the count?
            inner = _COUNT_LAST.match(first["name"])
            if inner:
                readings.append(_Reading(("two",), inner["name"]))
        if not readings and (match := _NOT_A_NUMBER.match(body)):
            readings.append(_Reading((match["count"],), match["name"]))
        readings.append(_Reading((None,), body))
        return readings

    def _resolve(self, readings: list[_Reading]) -> tuple[_Reading, _Found] | None:
        """The first reading whose name is a card exactly, else the first whose name is one loosely (only one)."""
        forms = []
        for reading in readings:  # forms made as they are needed: most lines end at their first reading
            options = _name_forms(reading.name)
            forms.append((reading, options))
            if (found := self._exactly(reading, options)) is not None:
                return reading, found
        for kana in (False, True):  # spaces, dots and punctuation left out; then a kana slip too (`べ` for `ベ`)
            for reading, options in forms:
                for form, left_out in options:
                    names = self.db.kana_named(form) if kana else self.db.loosely_named(form)
                    if len(names) == 1 and (card := self.db.resolve(names[0], self.section)) is not None:
                        return reading, _Found(card, form, left_out, loose=True, kana=kana)
        return None

    def _exactly(self, reading: _Reading, options: list[tuple[str, tuple[str, ...]]]) -> _Found | None:
        """The first form of a reading's name that is a card's exact name or number."""
        for form, left_out in options:
            card = self._exact(form)
            if card is not None:
                return _Found(card, form, left_out, loose=False)
        return None

    def _exact(self, form: str) -> Card | None:
        if not _MAYBE_NUMBER.search(form):  # no card number (they all have a digit and - or /): a name or nothing
            return self.db.resolve_name(form, self.section)
        card = self.db.resolve(form, self.section)
        if card is None and (match := NUMBER_AND_NAME.match(form)):
            card = self.db.resolve(match["number"], self.section)
            if card is not None and loose_name(match["name"]) != loose_name(card.name):
                return None  # a number with another card's name: not this card for sure
        return card

    def _read_card(self, number: int, text: str, reading: _Reading, hit: _Found) -> None:
        card = hit.card
        counts = reading.counts
        section = self.section
        home = self.game.cards.home_section(card)
        if not self.headed and home != section and home in self.game.sections:
            section = home  # no heading yet: a G unit, a leader, a territory goes where only it can
        one_card = self.game.wording.pasted.one_card
        if counts == (None,) and (section in one_card or home in one_card):
            section, counts = (section if section in one_card else home), (1,)
        if counts and counts[0] in ("two", "pair"):
            why = (
                _("two numbers around the name: which is the count?")
                if counts[0] == "two"
                else _("two counts (main-other) that a {game} list does not have").format(game=self.game.said_title)
            )
            self._not_understood(number, text, why, section)
            return
        line = PastedLine(number, CARD, text, section)
        if len(counts) == 2:  # `name:3-2`: the main deck's and the evolve deck's copies of the name
            pair = self.game.wording.pasted.pair
            assert pair is not None
            cards = {part: self.db.resolve(card.name, part) for part in pair}
            wrong = [
                part for part, count in zip(pair, counts, strict=True) if count and self._home(cards[part]) != part
            ]
            if wrong:
                why = _("{card} has no card for the {section} section; the pair is not read").format(
                    card=card.said_name, section=wrong[0]
                )
                self._not_understood(number, text, why)
                return
            for part, count in zip(pair, counts, strict=True):
                if count:
                    chosen = cards[part]
                    assert chosen is not None
                    line.entries.append(Entry(part, chosen.printed_number, count, line=number))
        else:
            line.entries.append(Entry(section, card.printed_number, counts[0], line=number))
        notes = []
        if hit.loose:
            notes.append(f"read as {card.printed_name} ({card.printed_number})")
            said = (
                _(
                    "{form} is not a printed name; read as {name} ({number}), the card it names with hiragana and "
                    "katakana alike"
                )
                if hit.kana
                else _(
                    "{form} is not a printed name; read as {name} ({number}), the card it names with spaces, "
                    "dots and punctuation left out"
                )
            )
            self.pasted.notes.append(
                ReadingNote(
                    number,
                    section,
                    "name",
                    said.format(form=quoted(_unquoted(hit.form)), name=card.said_name, number=card.printed_number),
                )
            )
        left = [part for part in (*hit.left_out, *reading.marks) if not self._mark(part, number, card)]
        if left:
            notes.append(f"left out: {' '.join(left)}")
        line.note = "; ".join(notes) or None
        self._add(line)
        copies = sum(entry.raw_count for entry in line.entries if isinstance(entry.raw_count, int))
        self.cards_read += 1
        self.last_card_line = number
        if self.totals and self.total_then_cards is None:
            self.total_then_cards = number
        by_section: dict[str, int] = {}
        for entry in line.entries:
            if isinstance(entry.raw_count, int):
                by_section[entry.section] = by_section.get(entry.section, 0) + entry.raw_count
        for open_ in self.subtotals:
            # `≪name≫:3-2` under `メインデッキ(40枚)`: only its main copies are under that heading
            open_[3] += by_section.get(open_[4], 0) if len(by_section) > 1 else copies

    def _home(self, card: Card | None) -> str | None:
        return self.game.cards.home_section(card) if card is not None else None

    def _mark(self, part: str, number: int, card: Card) -> bool:
        """Whether a left-out annotation is a mark the game reads (`★`, `(主人公)`, `(FV)`): noted for its key."""
        key = self.heads.mark(part)
        if key is None:
            return False
        self.marked.setdefault(key, []).append((number, card))
        return True

    def _marked_line(self, number: int, text: str, marked: re.Match[str]) -> bool:
        """`主人公:name` (a mark the game reads, then a card's name): that card is marked as `name(主人公)` is."""
        mark = unicodedata.normalize("NFKC", marked["mark"]).strip(MARK_BRACKETS)
        if mark not in self.marks:
            return False
        card = self._exact(_unquoted(marked["name"].strip()))
        if card is None:
            return False
        self._mark(mark, number, card)
        self._add(PastedLine(number, COMMENT, text, note=f"marks {card.printed_name} as the {self.marks[mark]}"))
        self.pasted.comments.append(text)
        return True

    def _unresolved(self, number: int, text: str, body: str, readings: list[_Reading], inline_heading: bool) -> None:
        counted = [reading for reading in readings if reading.counts != (None,)]
        if inline_heading and not counted:  # `テリトリー:name` whose name is no card: one unknown card
            counted = [_Reading((1,), readings[-1].name)]
        if (named := deck_name(_BULLET.sub("", text))) is not None and self.source.name is None:
            self.source.name = named
            self._add(PastedLine(number, TITLE, text, note="the deck's name"))
            return
        if not counted and (marked := _MARKED_NAME.fullmatch(body)) and self._marked_line(number, text, marked):
            return
        if not counted and _INFO.match(body):
            self._add(PastedLine(number, COMMENT, text))
            self.pasted.comments.append(text)
            return
        if not counted or _SENTENCE.search(body):
            self.pending.append(PastedLine(number, NOT_UNDERSTOOD, text, self.section))
            return
        reading = counted[0]
        if reading.counts[0] in ("two", "pair"):
            reading = next((r for r in counted if r.counts[0] not in ("two", "pair")), reading)
        key = _unquoted(reading.name)
        counts = reading.counts
        count = counts[0] if counts[0] not in ("two", "pair") else None
        line = PastedLine(number, CARD, text, self.section, note="no card of this name")
        line.entries.append(Entry(self.section, key, count, line=number))
        self.pending.append(line)

    # the end ----------------------------------------------------------------------------------------------

    def finish(self) -> None:
        pasted, source = self.pasted, self.source
        read = [line for line in pasted.lines if line.kind == CARD]
        start = min((line.number for line in read), default=None)
        listed = self._list_blocks(read)
        unknown_keys: list[str] = []
        for line in self.pending:
            if line.kind == CARD and self._block[line.number] in listed:
                pasted.lines.append(line)
            elif line.kind == CARD:
                unknown_keys.append(line.entries[0].key)
                self._not_understood(line.number, line.text, _("apart from the list, and no card of this name"))
            elif start is None or line.number < start:
                if not _SENTENCE.search(line.text) and len(line.text) <= _TITLE_LENGTH:
                    line.kind = TITLE
                    pasted.lines.append(line)
                else:
                    self._not_understood(line.number, line.text, _("prose, not a card line"))
            else:
                why = _("prose, not a card line") if _SENTENCE.search(line.text) else self._cut_short(line.text)
                if BRACKET_HEADING.match(line.text.strip()):  # `【トークン】` among the cards: what it was read as
                    why = no_section_said(self.heads, line.text.strip())
                self._not_understood(line.number, line.text, why, line.section)
        pasted.lines.sort(key=lambda line: line.number)
        if start is None:
            self._nothing_read(unknown_keys)
        titles = [line for line in pasted.lines if line.kind in (TITLE, LEAD_IN)]
        kept = []
        for line in titles:
            if line.note == "the deck's name":  # `デッキ名:name`, set when read
                continue
            cleaned = line.text.strip()
            tag = _TAGGED_TITLE.fullmatch(cleaned)
            if tag is not None and _LEAD_IN.fullmatch(tag["tag"].strip()):  # `【デッキレシピ】マルス軸`: the name
                cleaned = tag["rest"]
            cleaned = cleaned.strip(_DECORATION)
            if cleaned[:1] + cleaned[-1:] in ("“”", "「」", '""'):  # a catch-phrase in quotes
                cleaned = cleaned[1:-1].strip()
            # `デッキレシピ`, and `【大会優勝】デッキレシピ`: a lead-in, not the deck's name
            lead_in = _LEAD_IN.fullmatch(cleaned) is not None or _LEAD_IN_END.search(cleaned) is not None
            lead_in = lead_in or DECK_LABEL.fullmatch(cleaned) is not None  # `【デッキ名】` alone: the name follows
            if line.kind == TITLE and source.name is None and cleaned and not lead_in:
                source.name = cleaned
                line.note = "the deck's name"
            else:
                line.kind = LEAD_IN if lead_in else line.kind
                kept.append(line.text)
        pasted.comments[:0] = kept
        if self.total_then_cards is not None and len(self.totals) > 1 and self.totals[1][0] > self.total_then_cards:
            card_line = next(line for line in pasted.lines if line.number == self.total_then_cards)
            self._two_decks(self.total_then_cards, card_line.text, min(line.number for line in read))
        source.entries = [entry for line in pasted.lines for entry in line.entries]
        self._check_totals()
        self._set_marks()
        pasted.notes.sort(key=lambda note: note.line or 0)

    def _cut_short(self, text: str) -> str:
        """Why a line among the cards is none: neither a card nor a heading, and the one name it starts, when it
        starts exactly one (a line a web page cut short: `新鋭の騎士 `)."""
        started = self.db.starting(_unquoted(_BULLET.sub("", text)))
        card = self.db.resolve(started[0], self.section) if len(started) == 1 else None
        if card is None:
            return _("neither a card nor a heading")
        return _("neither a card nor a heading; it starts the name {card}: was the line cut short?").format(
            card=card.label()
        )

    def _list_blocks(self, read: list[PastedLine]) -> set[int]:
        """The blocks of lines that hold the list: lines split where prose, a total or two blank lines stand, and the
        blocks with a card line read. A line with a count in such a block is an unknown card; elsewhere, prose."""
        prose = {line.number for line in self.pending if line.kind != CARD and _SENTENCE.search(line.text)}
        barriers = prose | {number for number, _said, _section in self.totals}
        self._block: dict[int, int] = {}
        block, blanks = 0, 0
        for number, raw in enumerate(self.pasted.raw_lines, start=1):
            blanks = blanks + 1 if not raw.strip() else 0
            if number in barriers or blanks == 2:
                block += 1
            self._block[number] = block
        return {self._block[line.number] for line in read}

    def _nothing_read(self, unknown_keys: list[str]) -> None:
        lines = len(self.pasted.raw_lines)
        if unknown_keys:
            error = DeckcheckError(
                ngettext(
                    "no line of it names a {game} card ({n} line looks like card lines, such as {key}): "
                    "nothing could be read",
                    "no line of it names a {game} card ({n} lines look like card lines, such as {key}): "
                    "nothing could be read",
                    len(unknown_keys),
                ).format(game=self.game.said_title, n=f"{len(unknown_keys):,}", key=quoted(unknown_keys[0])),
                path=self.source.path,
            )
            error.keys = unknown_keys  # type: ignore[attr-defined]  # for the other-game hint (resolve_deck)
            raise error
        first = next((line for line in self.pasted.lines if line.kind == NOT_UNDERSTOOD), None)
        if first is not None:
            reason = ngettext(
                "no card line found in its {n} line; line {line} reads {text}: nothing could be read as a {game} "
                "decklist (expected lines such as `4 name`, `name ×4`, `「name」×4`)",
                "no card line found in its {n} lines; line {line} reads {text}: nothing could be read as a {game} "
                "decklist (expected lines such as `4 name`, `name ×4`, `「name」×4`)",
                lines,
            )
        else:
            reason = ngettext(
                "no card line found in its {n} line: nothing could be read as a {game} decklist (expected lines "
                "such as `4 name`, `name ×4`, `「name」×4`)",
                "no card line found in its {n} lines: nothing could be read as a {game} decklist (expected lines "
                "such as `4 name`, `name ×4`, `「name」×4`)",
                lines,
            )
        raise DeckcheckError(
            reason.format(
                n=f"{lines:,}",
                line=first.number if first is not None else None,
                text=quoted(first.text) if first is not None else None,
                game=self.game.said_title,
            ),
            path=self.source.path,
            line=first.number if first is not None else None,
        )

    def _check_totals(self) -> None:
        sizes: dict[str, int] = {}
        for entry in self.source.entries:
            if isinstance(entry.raw_count, int):
                sizes[entry.section] = sizes.get(entry.section, 0) + entry.raw_count
        whole = sum(sizes.values())
        for number, said, section in self.totals:
            if said not in (whole, sizes.get("main", 0), sizes.get(section, 0)):
                parts = joined(f"{name} {size}" for name, size in sizes.items())
                self.pasted.notes.append(
                    ReadingNote(
                        number,
                        None,
                        TOTAL,
                        _("the list says {said} cards, but its card lines add up to {whole} ({parts})").format(
                            said=said, whole=whole, parts=parts
                        ),
                    )
                )
        self._close_subtotals(lambda open_: True)

    def _close_subtotals(self, closes: Any) -> None:
        """Close the open headings `closes` says, each with a subtotal (`◆G3(9枚)`) checked against the copies read
        under it."""
        kept = []
        for open_ in self.subtotals:
            if not closes(open_):
                kept.append(open_)
                continue
            number, _level, said, copies, section = open_
            if said != copies:
                self.pasted.notes.append(
                    ReadingNote(
                        number,
                        section,
                        "subtotal",
                        _("the heading says {said} cards, but the card lines under it add up to {copies}").format(
                            said=said, copies=copies
                        ),
                    )
                )
        self.subtotals = kept

    def _set_marks(self) -> None:
        for key, marked in self.marked.items():
            cards = {card.number: card for _line, card in marked}
            lines = joined(str(number) for number, _card in marked)
            if key in self.source.keys:
                continue  # a `lord:` header says it
            if len(cards) > 1:
                self.pasted.notes.append(
                    ReadingNote(
                        marked[0][0],
                        None,
                        "mark",
                        _("{n} different cards are marked as the {key} (lines {lines}); {key} is not set").format(
                            n=len(cards), key=key, lines=lines
                        ),
                    )
                )
                continue
            (card,) = cards.values()
            self.source.keys[key] = card.printed_number
            self.source.key_lines[key] = marked[0][0]


def _without_comment(text: str) -> str:
    """`text` without a text deck's trailing comment (a `#` after a blank, then a blank or the end: what
    formats.text's TRAILING_COMMENT takes off), found in one pass over the line, whatever its length."""
    at = text.find("#")
    while at > 0:
        if text[at - 1].isspace() and (at + 1 == len(text) or text[at + 1].isspace()):
            return text[:at].rstrip()
        at = text.find("#", at + 1)
    return text


def _cells(body: str) -> list[_Reading]:
    """A table row (`A-S1-03SD | name | 5 | 5500 | 1 | ユニット | 4`): the card number and name, the last cell the
    count."""
    cells = [cell.strip() for cell in re.split(r"\s*[|\t]\s*", body.strip("| ")) if cell.strip()]
    if len(cells) < 2 or not cells[-1].isdecimal() or len(cells[-1]) > 3:
        return []
    count = int(cells[-1])
    if _NUMBER.match(cells[0]) and len(cells) >= 3:
        return [_Reading((count,), f"{cells[0]} {cells[1]}"), _Reading((count,), cells[0])]
    return [_Reading((count,), cells[0])]


def _name_forms(name: str) -> list[tuple[str, tuple[str, ...]]]:
    """The forms a name text may stand for, least taken off first: as written, without the quotes around it
    (`「name」`, `≪name≫`, a lone `name」`), without annotations at its end (`(帝国の暴竜)`, `“ドロートリガー”`, `★`, an
    unclosed `(騎士王降臨`) or its start (`(FV)`); each with what was taken off."""
    seen: dict[str, tuple[str, ...]] = {}
    queue: list[tuple[str, tuple[str, ...]]] = [(name.strip(), ())]
    while queue and len(seen) < _FORMS:
        text, left_out = queue.pop(0)
        if not text or text in seen:
            continue
        seen[text] = left_out
        if match := _QUOTED.match(text):
            queue.append((match["inner"].strip(), left_out))
        elif text[0] in _OPENERS and not any(closer in text for closer in _CLOSERS):
            queue.append((text[1:].strip(), left_out))
        elif text[-1] in _CLOSERS and not any(opener in text for opener in _OPENERS):
            queue.append((text[:-1].strip(), left_out))
        if (match := _TRAILING.search(text)) and match.start() > 0:
            queue.append((text[: match.start()].strip(), (match[0].strip(), *left_out)))
        if (match := _LEADING.match(text)) and match.end() < len(text):
            queue.append((text[match.end() :].strip(), (*left_out, match[0].strip())))
    return list(seen.items())


def _unquoted(name: str) -> str:
    """An unknown card's name as written, without the quotes around it and a trailing mark."""
    text = name.strip().rstrip("★☆").strip()
    if match := _QUOTED.match(text):
        return match["inner"].strip()
    return text.strip(_OPENERS + _CLOSERS) or text


def pasted_source(
    path: str, text: str, game: str, bad_lines: Sequence[int] = (), nul_at: dict[int, str] | None = None
) -> DeckSource:
    """A pasted list of `game` (an id), its lines read when the card database resolves it."""
    chosen = get_game(game_id(path, game))
    lines = text.count("\n") + (not text.endswith("\n"))  # (a last line ended by a newline is one line)
    if lines > MOST_LINES:
        raise DeckcheckError(
            _(
                "has {n} lines; a pasted list is read up to {most} lines (a decklist has a few dozen): paste the list "
                "alone"
            ).format(n=f"{lines:,}", most=f"{MOST_LINES:,}"),
            path=path,
        )
    if bad_lines and len(bad_lines) * 2 > text.count("\n") + 1:
        raise unreadable_text(
            path, tuple(bad_lines), nul_at
        )  # not a text file at all (a binary file, another encoding)
    source = DeckSource(path=path, game_id=chosen.id, format="pasted", text=text)
    source.pasted = PastedList(source, text, bad_lines, nul_at)
    return source
