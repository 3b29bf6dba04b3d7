"""The plain-text decklist: its grammar (shared with the editor, :mod:`deckcheck.formats.edit`) and its reader."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.files import NOT_TEXT, unreadable_text
from deckcheck._util.limits import INT_DIGITS
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.errors import DeckcheckError, Problem, mention
from deckcheck.formats.headings import Headings, deck_name, headings_of, no_section_said, section_word
from deckcheck.formats.headings import section_words as section_words  # (read by the editor as the reader reads it)
from deckcheck.games import get_game
from deckcheck.model.deck import COMMON_KEYS, DeckSource, Entry

if TYPE_CHECKING:
    from deckcheck.model.game import Game

# `4 name`, `4x name`, `4 x name`, `4×name`, `3枚 name`: the count first. A Latin x is a multiplication sign only
# when a blank or a non-ASCII character follows it, so that `4 Xander` stays the card Xander.
COUNT_LINE = re.compile(
    r"^(?P<count>[-+]?\d+(?:[.,]\d+)?)(?:\s*[×✕ｘ]\s*|\s*[xX](?:\s+|(?=[^\x00-\x7f]))|\s*枚\s*|\s+)(?P<key>\S.*)$"
)
# `name ×3`, `name×3`, `name x3`, `name x 3` (a Latin x after a blank or a non-ASCII character), `name 3`, `name 3枚`:
# the count last. Whether the line means that is decided with the card database (an Entry's `whole`). The key ends in
# a non-blank, so that a run of blanks is scanned once (not once per blank before it: `a<20,000 blanks>b`).
COUNT_LAST_LINE = re.compile(
    r"^(?P<key>\S(?:.*?\S)??)(?:\s*[×✕ｘ]\s*|(?:\s+|(?<=[^\x00-\x7f]))[xX]\s*|\s+)(?P<count>\d{1,3})\s*枚?$"
)
# A card number written before the name (`BP01-015 name`): letters and digits in groups joined by - or /, a digit
# among them.
NUMBER_AND_NAME = re.compile(r"^(?P<number>(?=[^\s]*\d)[A-Za-z0-9]+(?:[-/][A-Za-z0-9]+)+)\s+(?P<name>\S.*)$")
# `game: vanguard`, `Game: Evolve`, `game：evolve` (the full-width colon a Japanese IME types).
HEADER_LINE = re.compile(r"^(?P<key>[A-Za-z_][A-Za-z0-9_-]*)\s*[:：]\s*(?P<value>.*)$")
# `## name`: the section is the rest of the line, stripped, without a `#` (each run of blanks inside it taken whole and
# only where a word follows, so that the pattern is one pass).
SECTION_LINE = re.compile(r"^##\s*+(?P<section>[^#\s](?:[^#\s]++|\s++(?=[^#\s]))*+)\s*+$")
# A comment after an entry: " # ..." (a `#` with a blank on either side), so that a name such as "#UNICUS" stays a name.
TRAILING_COMMENT = re.compile(r"(?<!\s)\s++#(?:\s.*)?$")  # (from a run's start only: one pass)
# A header whose key is a Japanese word (`主人公: name`, `デッキ名：name`): a header when the word names a deck key of
# the game (deckcheck.formats.headings), else the line is read as any other.
WORD_HEADER_LINE = re.compile(r"^(?P<key>[^\x00-\x7f\s:：#\d][^:：]{0,15}?)\s*[:：]\s*(?P<value>\S.*)$")
# A heading as players write it outside `## `: a bracketed word (`【エボルヴデッキ】`, `【メインデッキ】(40)`), or a
# bare line that is a section word or one of the game's headings (`メインデッキ`, `グレード2`, `◆G3(9枚)`), decided
# once the game is known.
BRACKET_HEADING = re.compile(
    r"^[【\[［]\s*(?P<word>[^【】\[\]［］]+?)\s*[】\]］](?P<tail>\s*(?:[(（]\s*\d+\s*枚?\s*[)）])?\s*[:：]?)$"
)
_DECORATIONS = "◆◇■□▼▲▽△●○◎〇・=＝―─━~〜 "
# A count last followed by marks (`名前 ×4★`): the marks are read when the game has them (Cipher's ★).
MARKS_AFTER_COUNT = re.compile(r"^(?P<line>.*?\d)\s*(?P<marks>[★☆]+)$")
# A count first then a bracketed mark with no blank between (`1(FV) name`).
COUNT_THEN_MARK = re.compile(r"^(?P<count>\d{1,3})(?P<key>[(（【\[][^)）】\]]{1,20}[)）】\]]\s*\S.*)$")
# The count in that tail (after NFKC), which the card lines under the heading must add up to.
_SECTION_COUNT = re.compile(r"\((?P<count>\d{1,4})\s*枚?\s*\)\s*:?$")
# What a deferred heading stands for in the sections of the entries under it until the game is known.
_PENDING = "\x00"


def game_id(path: str | Path, value: Any, line: int | None = None) -> str:
    if value is None:
        raise DeckcheckError(_("has no `game` key: say which game the deck is for"), path=path, line=line)
    if not isinstance(value, str):
        raise DeckcheckError(_("must be a game id string"), path=path, line=line, field="game")
    return get_game(unicodedata.normalize("NFKC", value).strip().lower(), path=path, line=line).id


def parse_text(path: str, text: str, bad_lines: tuple[int, ...] = (), partial: bool = False) -> DeckSource:
    """A plain-text decklist. `bad_lines` are lines that no encoding read (they stand empty in `text`). Every line
    not understood is reported at once: a DeckcheckError, or, with `partial` (once the game is known), the
    DeckSource of the readable lines with that error as its `unreadable`.

    Headings and marks are those a pasted list reads (deckcheck.formats.headings): `## G3`, `【エボルヴデッキ】`,
    `グレード2`, `1 (FV) name`, `name ×4★`, `主人公: name`, `デッキ名: name`; a line whose reading needs the game
    (a heading outside `## `, a header with a Japanese key) waits until the `game:` line is read."""
    header: dict[str, tuple[str, int]] = {}
    raw_entries: list[Entry[Any]] = []
    section_lines: dict[str, int] = {}
    headings: list[tuple[int, str, int | None]] = []
    unreadable: list[_LineProblem] = [_line_problem(path, number, translate(NOT_TEXT)) for number in bad_lines]
    # lines read once the game is known: (line, text, "key" or "heading", the section in force there)
    waiting: list[tuple[int, str, str, str]] = []
    marks_after: dict[int, str] = {}  # line -> the marks after its count (`name ×4★`)
    parts: set[int] = set()  # the headings of a part of a section (`## G3`)
    section = "main"
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line:
            continue
        if line[0] == "#":
            if match := SECTION_LINE.match(line):
                section = _section_word(match["section"])
                section_lines.setdefault(section, number)
                said = _SECTION_COUNT.search(unicodedata.normalize("NFKC", match["section"]))
                headings.append((number, section, int(said["count"]) if said else None))
            continue
        if "#" in line:
            line = TRAILING_COMMENT.sub("", line)
        if match := COUNT_LINE.match(line):
            count = match["count"]
            if len(count) > INT_DIGITS:  # more digits than Python reads: not a count (nor a readable line)
                digits = _("a count of {digits} digits").format(digits=f"{len(count):,}")
                unreadable.append(_line_problem(path, number, digits))
                continue
            raw_count = int(count) if count.isdecimal() else _text_count(count)
            raw_entries.append(_entry(section, match["key"].strip(), raw_count, number))
            continue
        if match := HEADER_LINE.match(line):
            key = unicodedata.normalize("NFKC", match["key"]).lower()
            if key in header:  # which one was meant? (read last-wins, the other would be silently ignored)
                raise _twice(path, key, header[key][1], number)
            header[key] = (match["value"].strip(), number)
            continue
        if WORD_HEADER_LINE.match(line) or deck_name(line) is not None:
            waiting.append((number, line, "key", section))
            continue
        if (entry := _card_line(section, line, number, marks_after)) is not None:
            raw_entries.append(entry)
            continue
        if len(line) <= _LONGEST_HEADING:  # a heading outside `## `, or a line not understood: the game decides
            waiting.append((number, line, "heading", section))
            section = f"{_PENDING}{number}"
            continue
        unreadable.append(_line_problem(path, number, quoted(raw.strip()), line))
    if bad_lines and not raw_entries and not header and len(bad_lines) * 2 > text.count("\n") + 1:
        raise unreadable_text(path, bad_lines)  # not a text file at all (a binary file, another encoding)
    game_value, game_line = header.pop("game", (None, None))
    try:
        game = get_game(game_id(path, game_value, game_line))
    except DeckcheckError as error:
        unreadable += [_line_problem(path, number, quoted(line)) for number, line, _kind, _section in waiting]
        if unreadable:
            lines = _unreadable_lines(path, sorted(unreadable, key=_line_of))
            if game_value is None:  # no game and lines not read: a list pasted from a page, most likely
                lines.reason = _("{reason}; and it has no `game:` line: {hint}").format(
                    reason=lines.template, hint=_pasted_hint()
                )
            raise lines from None
        if game_value is None:
            error.reason = _("{reason} (a `game:` line; {hint})").format(reason=error.template, hint=_pasted_hint())
        raise
    heads = headings_of(game)
    keys: dict[str, tuple[str, int]] = {}
    for key, (value, number) in header.items():  # `FV: name` is the first vanguard's key
        mapped = heads.key(key) or key
        if mapped in keys:
            raise _twice(path, mapped, keys[mapped][1], number)
        keys[mapped] = (value, number)
    resolved: dict[str, str] = {}  # a waiting heading -> the section it names

    placed: dict[str, str] = {}

    def place(word: str) -> str:
        """The section a heading's word (or a waiting heading) names; a word naming none stays itself."""
        if word[:1] == _PENDING:
            return resolved[word]
        section = placed.get(word)
        if section is None:
            found = heads.section(word) if word not in heads.words else (heads.words[word], True)
            section = placed[word] = found[0] if found is not None else word
        return section

    for number, line, kind, before in waiting:
        if kind == "key":
            if _key_line(path, heads, keys, number, line):
                continue
            if (entry := _card_line(before, line, number, marks_after)) is not None:
                raw_entries.append(entry)
            else:
                unreadable.append(_line_problem(path, number, quoted(line), line))
            continue
        token = f"{_PENDING}{number}"
        bracketed = BRACKET_HEADING.match(line)
        word = bracketed["word"] + bracketed["tail"] if bracketed else line.strip(_DECORATIONS)
        found = heads.section(word) if word else None
        if found is None:
            resolved[token] = place(before)  # the cards under it stay where they were (and the line is reported)
            unreadable.append(
                _line_problem(path, number, no_section_said(heads, line) if bracketed else quoted(line), line)
            )
            continue
        resolved[token] = found[0]
        if not found[1]:
            parts.add(number)
        section_lines.setdefault(token, number)
        said = _SECTION_COUNT.search(unicodedata.normalize("NFKC", word))
        headings.append((number, token, int(said["count"]) if said else None))
    if any(kind == "key" for _number, _line, kind, _section in waiting):  # a line read as a card line after all
        raw_entries.sort(key=lambda entry: entry.line or 0)
    headings.sort(key=lambda heading: heading[0])
    unreadable += _marks(path, heads, raw_entries, marks_after, keys)
    allowed = joined(("game", *COMMON_KEYS, *game.deck_keys))
    unknown = [
        _line_problem(
            path,
            number,
            _("unknown header '{key}:' (this game's deck headers are: {allowed})").format(key=key, allowed=allowed),
        )
        for key, (_value, number) in keys.items()
        if key not in COMMON_KEYS and key not in game.deck_keys
    ]
    problem: DeckcheckError | None = None
    if unknown and not unreadable and len(unknown) == 1:
        problem = DeckcheckError(unknown[0].detail, path=path, line=unknown[0].line)
    elif unreadable or unknown:  # every line not understood, at once (contract, "Deck files")
        problem = _unreadable_lines(path, sorted(unreadable + unknown, key=_line_of), game=game)
    if problem is not None and not partial:
        raise problem
    for entry in raw_entries:
        entry.section = place(entry.section)
    source = DeckSource(path=str(path), game_id=game.id, format="text", entries=raw_entries)
    source.unreadable = problem
    for key, (value, number) in keys.items():
        if key in COMMON_KEYS or key in game.deck_keys:
            source.key_lines[key] = number
            source.set_key(key, value)
    source.headings = [(number, place(word), said) for number, word, said in headings]
    source.part_headings = parts | {
        number for number, word, _said in headings if word[:1] != _PENDING and word not in heads.words
    }
    for word, number in sorted(section_lines.items(), key=lambda item: item[1]):
        source.section_lines.setdefault(place(word), number)
    for name, number in source.section_lines.items():
        if name not in game.sections:
            source.sections[name] = number
    return source


#: Longest line read as a heading outside `## ` (a heading is a word or two; a longer line is reported as it is).
_LONGEST_HEADING = 60


def _twice(path: str, key: str, first: int, second: int) -> DeckcheckError:
    return DeckcheckError(
        _("the header '{key}:' is given twice, on lines {first} and {second}; keep one").format(
            key=key, first=first, second=second
        ),
        path=path,
        line=second,
        field=key,
    )


def _card_line(section: str, line: str, number: int, marks_after: dict[int, str]) -> Entry[Any] | None:
    """A card line not in the count-first form: `1(FV) name`, `name 3` (maybe with marks after: `name ×4★`),
    `BP01-015 name`; None for any other line."""
    if match := COUNT_THEN_MARK.match(line):
        return _entry(section, match["key"].strip(), int(match["count"]), number)
    marked = MARKS_AFTER_COUNT.match(line)
    if match := COUNT_LAST_LINE.match(marked["line"] if marked else line):
        entry = _entry(section, match["key"].strip(), int(match["count"]), number)
        entry.whole = match[0]  # `name 3` unless the line as a whole names a card (decided by resolve_deck)
        if marked:
            marks_after[number] = marked["marks"]
        return entry
    if NUMBER_AND_NAME.match(line):
        return _entry(section, line, 1, number)
    return None


def _key_line(path: str, heads: Headings, keys: dict[str, tuple[str, int]], number: int, line: str) -> bool:
    """A header whose key is a word of the game (`主人公: name`, `デッキ名：name`, `【デッキ名】name`): read into
    `keys`; False for a line whose word names no key (a card line with a colon, or a line not understood)."""
    named = deck_name(line)
    if named is not None:
        key: str | None = "name"
        value = named
    else:
        match = WORD_HEADER_LINE.match(line)
        assert match is not None
        key, value = heads.key(match["key"]), match["value"].strip()
    if key is None:
        return False
    if key in keys:
        raise _twice(path, key, keys[key][1], number)
    keys[key] = (value, number)
    return True


_LEADING_MARK = re.compile(r"^(?:[(（【\[](?P<word>[^)）】\]]{1,20})[)）】\]]|(?P<stars>[★☆]+))\s*")
_TRAILING_MARK = re.compile(r"\s*(?:[(（【\[](?P<word>[^)）】\]]{1,20})[)）】\]]|(?P<stars>[★☆]+))$")


# What a key starts or ends with when it holds a mark: a bracket or a star.
_MARK_ENDS = "(（【[★☆)）】]"


def _take_marks(heads: Headings, entry: Entry[Any], found: list[str]) -> None:
    """Take the game's marks off an entry's key, at its start (`(FV) name`) and its end (`name★`, `name(主人公)`)."""
    for pattern in (_LEADING_MARK, _TRAILING_MARK):
        while (match := pattern.search(entry.key)) and len(match[0]) < len(entry.key):
            key = heads.mark(match[0])
            if key is None:
                break
            found.append(key)
            entry.key = (entry.key[: match.start()] + entry.key[match.end() :]).strip()
            if entry.whole is not None:
                entry.whole = None  # the line with its mark is no card's name


def _marks(
    path: str,
    heads: Headings,
    entries: list[Entry[Any]],
    marks_after: dict[int, str],
    keys: dict[str, tuple[str, int]],
) -> list[_LineProblem]:
    """The marks of the game in card lines (`1 (FV) name`, `name(主人公) 1`, `name ×4★`), taken off their entries'
    keys: a mark names its card for a key (the first vanguard, the lord) unless a header does; marks the game does
    not have, or one key marked on two cards, are problems of their lines."""
    problems: list[_LineProblem] = []
    marked: dict[str, list[tuple[int, str]]] = {}
    if not heads.marks and not marks_after:
        return problems
    for entry in entries:
        number = entry.line or 0
        found: list[str] = []
        if (after := marks_after.get(number)) is not None:
            if (key := heads.mark(after)) is None:
                why = _("{marks} after the count is no mark of {game}").format(
                    marks=quoted(after), game=heads.game.said_title
                )
                problems.append(_line_problem(path, number, why))
            else:
                found.append(key)
        written = entry.key  # (nearly every line has no bracket or star at either end: nothing to take off)
        if heads.marks and written and (written[0] in _MARK_ENDS or written[-1] in _MARK_ENDS):
            _take_marks(heads, entry, found)
        for key in found:
            marked.setdefault(key, []).append((number, entry.key))
    for key, places in marked.items():
        if key in keys:
            continue  # a header says it
        cards = dict.fromkeys(card for _number, card in places)
        if len(cards) > 1:
            (first, first_card), *_rest = places
            second = next(number for number, card in places if card != first_card)
            why = _(
                "marks a second card as the {key} (line {first} marks {card}); mark one card, or write a `{key}:` "
                "header"
            ).format(key=key, first=first, card=quoted(first_card))
            problems.append(_line_problem(path, second, why))
            continue
        keys[key] = (places[0][1], places[0][0])
    return problems


def _line_of(problem: Problem) -> int:
    return problem.line or 0


class _LineProblem(Problem):
    """A problem of one line: `line N: detail`, and the detail alone (said after the line's place)."""

    detail: str
    # a line in a style of the lists players publish (Japanese text, 「」, ×, ★): the pasted list reader may read it
    published: bool


def _line_problem(path: str, number: int, detail: str, line: str = "") -> _LineProblem:
    text = _("line {number}: {problem}").format(number=number, problem=detail)
    problem = _LineProblem(text, path, number)
    problem.detail = detail
    problem.published = not line.isascii()
    return problem


#: (the editor and the comment keeper read section words as the reader does: deckcheck.formats.headings)
_section_word = section_word


def _entry(section: str, key: str, raw_count: int | float | str, line: int) -> Entry[Any]:
    """An entry; `BP01-015 name` is the number with the name written beside it (the number wins)."""
    if match := NUMBER_AND_NAME.match(key):
        entry: Entry[Any] = Entry(section, match["number"], raw_count, line=line)
        entry.name = match["name"].strip()
        return entry
    return Entry(section, key, raw_count, line=line)


_PASTED_HINT = N_(
    "a list pasted from a page or a blog is read with `{option} GAME` (`check`, `show`, `hand`, `stats`, `convert`)"
)


def _pasted_hint() -> str:
    return translate(_PASTED_HINT).format(option=mention("game"))


def _unreadable_lines(path: str, lines: list[_LineProblem], game: Game[Any] | None = None) -> DeckcheckError:
    forms = _("expected '<count> <card number or name>', a '## section' header, a 'key: value' header or a '# comment'")
    if game is not None and any(problem.published for problem in lines):  # a style of a published list
        forms = _("{forms}; {hint}").format(forms=forms, hint=_pasted_hint())
    if len(lines) == 1:
        (only,) = lines
        error = DeckcheckError(
            _("cannot read this line: {text} ({forms})").format(text=only.detail, forms=forms),
            path=path,
            line=only.line,
        )
    else:
        listed = "".join(f"\n  {problem}" for problem in lines)
        reason = ngettext("cannot read {n} line ({forms}):", "cannot read {n} lines ({forms}):", len(lines))
        error = DeckcheckError(
            reason.format(n=len(lines), forms=forms) + listed,
            path=path,
            line=lines[0].line,
            details=list(lines),
        )
    # (line, what it is) of each line not read: `check` says them before the findings they distort
    error.unread = [(problem.line or 0, problem.detail) for problem in lines]  # type: ignore[attr-defined]
    return error


def _text_count(text: str) -> int | float | str:
    try:
        return int(text)
    except ValueError:
        try:
            return float(text.replace(",", "."))
        except ValueError:
            return text
