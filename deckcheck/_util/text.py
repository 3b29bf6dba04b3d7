"""Text for people: terminal width of Japanese text, English plurals and articles."""

from __future__ import annotations

import re
import shutil
import sys
import unicodedata
from collections.abc import Iterable, Sequence

from deckcheck._i18n import _, language

#: The word joiner: no line breaks beside it, and it takes no column (see :func:`held`).
NO_BREAK = "\u2060"
#: A blank no line breaks at (a deck's name in its heading), one column wide, a blank again once fitted.
HELD_BLANK = "\u2423"


def display_width(text: str) -> int:
    """Terminal columns: East Asian wide and full-width characters take two, combining marks and the word joiner
    none."""
    return sum(
        0
        if unicodedata.combining(char) or char == NO_BREAK
        else 2
        if unicodedata.east_asian_width(char) in ("W", "F")
        else 1
        for char in text
    )


def held(text: str) -> str:
    """`text` with a word joiner between every two of its non-blank characters: fitted, a line breaks only at its
    blanks, never inside a Japanese word (ビルディ / バイド). The fitter's caller takes the joiners out again."""
    return " ".join(NO_BREAK.join(word) for word in text.split(" "))


def pad(text: str, width: int) -> str:
    """`text` followed by blanks up to `width` terminal columns."""
    return text + " " * max(width - display_width(text), 0)


def joined(items: Iterable[str]) -> str:
    """Items listed in the chosen language: 'A, B, C' in English, 'A、B、C' in Japanese."""
    # Translators: the separator between the items of a list (Japanese: the ideographic comma).
    return _(", ").join(items)


def plural(count: int, word: str, plural_word: str | None = None) -> str:
    """'1 card', '2 cards' ('2 copies' with `plural_word`)."""
    return f"{count} {word if count == 1 else (plural_word or word + 's')}"


def with_article(text: str) -> str:
    """'a Cardfight!! Vanguard', 'an IC Carddass Dragon Ball', 'an EVOLVE follower' (by the first letter)."""
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


#: What a terminal shows when stdout is not one (a pipe, a file, a golden test): the same lines on every machine.
DEFAULT_COLUMNS = 80
#: Never wrap narrower than this, however narrow the terminal says it is.
MIN_COLUMNS = 40


def output_columns() -> int:
    """The width to lay text out in: the terminal's when stdout is one (at least MIN_COLUMNS), else 80, so that
    piped and recorded output is the same on every machine, whatever COLUMNS says."""
    if not sys.stdout.isatty():
        return DEFAULT_COLUMNS
    return max(shutil.get_terminal_size((DEFAULT_COLUMNS, 24)).columns, MIN_COLUMNS)


SOFT_FLOOR = 10
# (a quote mark too: the closing mark of a quoted name never starts a line)
_NO_BREAK_BEFORE = set(
    "、。，．・ー」』）)]｝〕〉》】ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞヽヾ!?！？:;,.'\"”’"
)
_NO_BREAK_AFTER = set("「『（([｛〔〈《【")
_BREAK_AFTER = set("/|")
_SENTENCE_MARKS = set("、。！？」』）")  # after these a line may end even before a Latin word


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _may_break(text: str, index: int, between_wide: bool = True) -> bool:
    """Whether a line may end before text[index]: at a space, after a slash or bar, or between Japanese characters
    (which have no spaces), never inside a run of Latin letters or digits (a word)."""
    before, after = text[index - 1], text[index]
    if NO_BREAK in (before, after):
        return False
    if after.isspace() or before.isspace():
        return True
    if not between_wide or after in _NO_BREAK_BEFORE or before in _NO_BREAK_AFTER:
        return False  # (without between_wide: at spaces only, so a path or a name stays whole)
    if (_latin(before) and _wide(after)) or (_wide(before) and _latin(after) and before not in _SENTENCE_MARKS):
        return False  # a number stays with its counter, a Latin word with what it is glued to (10枚, 2ターン目, PPを)
    return before in _BREAK_AFTER or _wide(before) or _wide(after)


def _latin(char: str) -> bool:
    return char.isascii() and char.isalnum()


def wrap_width(text: str, width: int, *, between_wide: bool = True) -> list[str]:
    """`text` on lines of at most `width` terminal columns (display width: a Japanese character takes two), broken
    at spaces, after '/' or '|', or between Japanese characters; never inside a word. A word wider than a whole line
    stays whole on a line of its own. Without `between_wide`, lines break at spaces only (a path, a name)."""
    lines: list[str] = []
    rest = text.strip()
    while display_width(rest) > width:
        used, fits = 0, 0  # fits: how many characters fill at most `width` columns
        for char in rest:
            used += display_width(char)
            if used > width:
                break
            fits += 1
        breaks = [i for i in range(1, len(rest)) if _may_break(rest, i, between_wide)]
        cut = max((i for i in breaks if i <= fits), default=None)
        if cut is None:  # one word wider than the line: it goes whole, up to its end
            cut = min((i for i in breaks if i > fits), default=len(rest))
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest or not lines:
        lines.append(rest)
    return lines


def fit_line(line: str, columns: int, hang: int = 2, *, between_wide: bool = True, listing: bool = True) -> list[str]:
    """A line wider than `columns`, wrapped (see wrap_width): a listing's line continues under its last column
    (after a gap of two or more blanks), any other line under its indent, or `hang` blanks in."""
    if display_width(line) <= columns:
        return [line]
    # the last column of a listing that starts within the first line ("  id   error   [ref …]": under "[ref")
    gaps = re.finditer(r" {2,}(?=\S)" if listing else r"^ +(?=\S)", line)
    starts = [m.end() for m in gaps if display_width(line[: m.end()]) <= columns - 20]
    column = starts[-1] if starts else 0
    head, body = line[:column], line[column:]
    first, *more = wrap_width(body, max(columns - display_width(head), MIN_COLUMNS // 2), between_wide=between_wide)
    if not more:
        return [line]
    further = display_width(head) or hang
    # the text after the first line as it was (joining the lines with a blank would put one between two Japanese
    # characters the first wrap had split)
    remaining = body.strip()[len(first) :].lstrip()
    rest = wrap_width(remaining, max(columns - further, MIN_COLUMNS // 2), between_wide=between_wide)
    return [head + first, *(" " * further + part for part in rest)]


def column_widths(
    headers: list[str], rows: list[list[str]], columns: int, gap: int = 2, last: int | None = None
) -> list[int]:
    """The width of each column of :func:`fit_table`'s table; column `last` (a card's name) gives way only when no
    other column can."""
    count = len(headers)
    widths = [max(display_width(row[i]) for row in [headers, *rows]) for i in range(count)]
    # a column is never narrower than its header or its longest unbreakable word, nor, while others can give
    # way, than SOFT_FLOOR columns (a name wrapped two characters a line helps nobody)
    # (a header of several words may take more lines: `クラスチェンジ コスト`, each word held whole)
    hard = [
        max(
            max(display_width(word) for word in headers[i].split() or [""]),
            *(display_width(word) for row in rows for word in wrap_width(row[i], 1)),
        )
        for i in range(count)
    ]
    for floors in ([max(hard[i], min(widths[i], SOFT_FLOOR)) for i in range(count)], hard):
        while sum(widths) + gap * (count - 1) > columns:
            narrowable = [i for i in range(count) if widths[i] > floors[i]]
            if len(narrowable) > 1 and last in narrowable:
                narrowable.remove(last)
            if not narrowable:
                break
            widest = max(narrowable, key=lambda i: widths[i])
            widths[widest] -= 1
    return widths


def fit_table(
    headers: list[str], rows: list[list[str]], columns: int, gap: int = 2, last: int | None = None
) -> list[str]:
    """A table of left-aligned columns padded by display width, with a rule under the headers, that fits `columns`:
    while it is too wide, its widest column is narrowed and the cells that no longer fit wrap onto further lines of
    their row. A table whose columns cannot narrow enough (each keeps its header and its longest word)
    stays wider than `columns` rather than break a word."""
    widths = column_widths(headers, rows, columns, gap, last)

    def lines_of(cells: list[str]) -> list[str]:
        parts = [wrap_width(cell, width) for cell, width in zip(cells, widths, strict=True)]
        height = max(len(part) for part in parts)
        out = []
        for number in range(height):
            padded = (
                pad(part[number] if number < len(part) else "", width)
                for part, width in zip(parts, widths, strict=True)
            )
            out.append((" " * gap).join(padded).rstrip())
        return out

    table = [*lines_of(headers), (" " * gap).join("-" * width for width in widths)]
    for row in rows:
        table += lines_of(row)
    return table


#: A slash between letters or digits (a card number's `G-BT06/003`, `1/2`): wrapping may not break after it.
_JOINED_SLASH = re.compile(r"(?<=[0-9A-Za-z])/(?=[0-9A-Za-z])")
_HELD_SLASH = "\u2215"  # (held in place of such a slash while wrapping; one column wide, as the slash)


def held_whole(text: str, columns: int | None = None) -> str:
    """A game's title or a short deck name kept whole on one line of the heading, as `check`'s heading keeps them
    outside English (English keeps its layout)."""
    columns = output_columns() if columns is None else columns
    if language() == "en" or display_width(text) > min(_HELD_WIDTH, columns // 2):
        return text
    return held(text.replace(" ", HELD_BLANK))


#: A title or name up to this many columns (and half the terminal's) is never broken inside.
_HELD_WIDTH = 40


def fit_lines(lines: Sequence[str], columns: int | None = None, *, heading: bool = False) -> list[str]:
    """The lines fitted to the terminal's width by display width (text.fit_line), never breaking a card number,
    a number or a word: a wider line continues under its last column; with `heading`, the first line (a path, the
    game and the deck's name) continues two blanks in, as prose does (under its last column a name kept whole
    would stand past the edge)."""
    columns = output_columns() if columns is None else columns
    out: list[str] = []
    for index, line in enumerate(lines):
        kept = _JOINED_SLASH.sub(_HELD_SLASH, line) if "/" in line else line
        for part in fit_line(kept, columns, listing=not (heading and index == 0)):
            part = part.replace(_HELD_SLASH, "/") if kept is not line else part
            out.append(
                part.replace(HELD_BLANK, " ").replace(NO_BREAK, "") if HELD_BLANK in part or NO_BREAK in part else part
            )
    return out


# The line breaks a copy from an app or a web page can carry besides "\n" (which decoding made of \r\n and \r): the
# line separator U+2028, the paragraph separator U+2029 and NEL U+0085. A list copied so is read line by line, as a
# text editor shows it, never as one line.
_OTHER_BREAKS = "\u2028\u2029\u0085"
_BREAKS = str.maketrans(dict.fromkeys(_OTHER_BREAKS, "\n"))


def text_lines(text: str) -> list[str]:
    """The lines of a text deck or a pasted list: split at "\\n", U+2028, U+2029 and U+0085 (and nowhere else: a
    form feed or a vertical tab stays a character of its line, as str.splitlines would not keep it)."""
    if text.isascii() or not any(mark in text for mark in _OTHER_BREAKS):
        return text.split("\n")
    return text.translate(_BREAKS).split("\n")
