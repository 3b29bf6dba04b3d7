"""Small edits of a deck file's text that keep everything else as the user wrote it (comments included).

:func:`edit_text` sets the count of a key in a section: the number on the key's line is replaced, a line is removed
for a count of 0, or a line is added at the end of the section (a new section at the end of the file; in a text
decklist, under the section's first heading whatever words it uses, in the file's own style). It returns
None when the file's layout is not one it can edit line by line (an inline table, a dotted key, ...); the caller
then rewrites the whole file. The caller always reads the result back and compares it with the intended deck, so
this module may be simple rather than a full TOML editor.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Any

import tomli
import tomli_w

from deckcheck._util.toml_scan import KEY_LINE, TABLE_HEADER, scan_toml, toml_comment_lines, toml_key
from deckcheck.errors import DeckcheckError
from deckcheck.formats.headings import deck_name_span
from deckcheck.formats.text import (
    COUNT_LAST_LINE,
    COUNT_LINE,
    HEADER_LINE,
    SECTION_LINE,
    TRAILING_COMMENT,
    WORD_HEADER_LINE,
    _section_word,
    parse_text,
)
from deckcheck.games import get_game
from deckcheck.model.deck import DeckSource, Entry


@dataclass(frozen=True)
class Change:
    """Set the total count of `key` in `section` (0 removes it); `line` is where it is written, if anywhere."""

    section: str
    key: str
    count: int
    line: int | None = None
    comment: str | None = None  # written after a new line (the card's name beside its number), not on a changed one


def edit_text(text: str, fmt: str, changes: list[Change]) -> str | None:
    edit = _edit_toml if fmt == "toml" else _edit_text if fmt == "text" else None
    if edit is None:
        return None
    for change in changes:
        result = edit(text, change)
        if result is None:
            return None
        text = result
    return text


def comment_lines(text: str, fmt: str) -> list[int]:
    """Line numbers (from 1) holding a comment that a whole rewrite would drop."""
    if fmt == "toml":
        return toml_comment_lines(text)
    if fmt == "text":
        return [
            number
            for number, line in enumerate(text.split("\n"), start=1)
            if (line.strip().startswith("#") and not SECTION_LINE.match(line.strip())) or re.search(r"\s#", line)
        ]
    return []


# TOML ---------------------------------------------------------------------------------------------------


def _edit_toml(text: str, change: Change) -> str | None:
    lines = text.split("\n")
    info = scan_toml(text)
    headers: list[tuple[int, str | None]] = []  # (index, table name; None for any other header)
    for index, line in enumerate(lines):
        code = line[: info[index].comment] if info[index].comment is not None else line
        if info[index].in_string or not (match := TABLE_HEADER.match(code)):
            continue
        headers.append((index, None if match["double"] else toml_key(match["key"])))
    mine = [index for index, name in headers if name == change.section]
    if not mine:
        if _mentions_table(text, change.section) or change.count == 0:
            return None
        block = tomli_w.dumps({change.section: {change.key: change.count}}).rstrip("\n")
        return text.rstrip("\n") + "\n\n" + block + _trailing(change) + "\n"
    start = mine[0] + 1
    end = next((index for index, _ in headers if index > mine[0]), len(lines))
    last_key = mine[0]
    for index in range(start, end):
        code = lines[index][: info[index].comment] if info[index].comment is not None else lines[index]
        if info[index].in_string or not (match := KEY_LINE.match(code)):
            continue
        last_key = index
        if toml_key(match["key"]) != change.key:
            continue
        if change.count == 0:
            del lines[index]
            return "\n".join(lines)
        value_start, value_end = match.start("value"), len(code.rstrip())
        if value_end <= value_start or match["value"].lstrip()[:1] in ("[", "{", '"""', "'''"):
            return None
        lines[index] = lines[index][:value_start] + str(change.count) + lines[index][value_end:]
        return "\n".join(lines)
    if change.count == 0:
        return None
    line = tomli_w.dumps({change.key: change.count}).rstrip("\n")
    if lines[last_key].lstrip().startswith('"') and not line.startswith('"'):  # quote keys as the section does
        line = tomli_w.dumps({"key": change.key})[len("key = ") :].rstrip("\n") + f" = {change.count}"
    lines.insert(last_key + 1, line + _trailing(change))
    return "\n".join(lines)


def _trailing(change: Change) -> str:
    """`  # comment` for a new line (a comment of one line of printable text only), else ''."""
    comment = change.comment
    return f"  # {comment}" if comment and comment.isprintable() and comment != change.key else ""


def _mentions_table(text: str, section: str) -> bool:
    try:
        return section in tomli.loads(text)
    except tomli.TOMLDecodeError:
        return True


# Plain-text decklists ---------------------------------------------------------------------------------------
#
# The text editor knows the file as the reader reads it (deckcheck.formats.text.parse_text): each entry's line and
# section, each heading's section, whatever words the headings use (`## メインデッキ(50)` is main). It changes the
# lines of the change's card only, and writes a new line as the file's other lines are written: their count style
# (`3 name`, `name ×3`, `3枚 name`), a name beside the number where the lines show names (else the name as a
# comment), under the first heading of its section; a section the deck lacks gets a heading in the deck's words.
# A heading that said its section's count rightly (`## Gデッキ(16)`) is kept right.

# A card number as the reader splits it from a name (NUMBER_AND_NAME): letters and digits joined by - or /.
_NUMBER = re.compile(r"^(?=[^\s]*\d)[A-Za-z0-9]+(?:[-/][A-Za-z0-9]+)+$")
_FULL_DIGITS = str.maketrans("0123456789", "０１２３４５６７８９")


@dataclass
class _Layout:
    """A text decklist as the reader reads it: its lines, entries (by line index), headings and style."""

    lines: list[str]
    source: DeckSource

    @classmethod
    def read(cls, text: str) -> _Layout | None:
        try:
            source = parse_text("<edit>", text, partial=True)
        except DeckcheckError:
            return None
        return cls(text.split("\n"), source)

    def blocks(self, section: str) -> list[tuple[int | None, int, int]]:
        """The parts of the file holding `section`'s lines: (heading index or None, first, end line index); the
        lines before the first heading are main's."""
        headings = [number - 1 for number, _section, _said in self.source.headings]
        found: list[tuple[int | None, int, int]] = []
        if section == "main":
            found.append((None, 0, headings[0] if headings else len(self.lines)))
        for position, (number, named, _said) in enumerate(self.source.headings):
            if named == section:
                end = headings[position + 1] if position + 1 < len(headings) else len(self.lines)
                found.append((number - 1, number, end))
        return found

    def entry_lines(self, section: str, key: str) -> list[int]:
        """The line indexes of `section`'s entries of `key`: as the reader reads them, else as the card database may
        read them (`3 BP01-015 name` keyed by `name` where the number is no card)."""
        mine = [entry for entry in self.source.entries if entry.section == section and entry.line is not None]
        exact = [entry.line - 1 for entry in mine if entry.key == key and entry.line is not None]
        return exact or [entry.line - 1 for entry in mine if entry.line is not None and key in _keys_of(entry)]

    def count_style(self) -> tuple[str, str, str]:
        """How most entry lines write their count: ("first", separator, "") as `3 name`, `3x name`, `3枚 name`, or
        ("last", separator, suffix) as `name ×3`, `name 3枚`; a tie is the plain `3 name`."""
        styles: Counter[tuple[str, str, str]] = Counter()
        for entry in self.source.entries:
            if entry.line is not None:
                style = _count_style(_split_line(self.lines[entry.line - 1])[1])
                if style is not None:
                    styles[style] += 1
        plain = ("first", " ", "")
        if not styles:
            return plain
        most = max(styles.values())
        return plain if styles[plain] == most else next(style for style, n in styles.items() if n == most)

    def names_beside(self) -> bool:
        """Whether most entry lines show the card's name in the line itself (`3 BP01-015 name`, or by name alone),
        rather than a number with its name as a comment or no name."""
        beside = 0
        for entry in self.source.entries:
            if entry.line is not None:
                beside += 1 if entry.name is not None or not _NUMBER.match(entry.key) else -1
        return beside > 0

    def heading_of(self, section: str) -> str:
        """A new heading for `section` in the words, marks and count style of the file's headings (`## Gデッキ(1)`);
        `{n}` stands for the count where the headings say theirs."""
        game = get_game(self.source.game_id)
        written = [self.lines[number - 1].strip() for number, _section, _said in self.source.headings]
        if not written:
            return f"## {section}"
        kinds: Counter[str] = Counter()
        for line in written:
            match = SECTION_LINE.match(line)
            word = _section_word(match["section"]) if match else ""
            labels = {_section_word(label) for label in game.wording.section_labels.values()}
            kinds["id" if word in game.sections else "label" if word in labels else "word"] += 1
        kind = max(kinds, key=lambda name: (kinds[name], -[*kinds].index(name)))
        name = section
        if kind == "word":
            name = next((word for word, named in game.wording.section_words.items() if named == section), section)
        elif kind == "label":
            name = game.wording.section_labels.get(section, section)
        first = SECTION_LINE.match(written[0])
        if first is None:  # a heading as players publish it (【メインデッキ】, グレード2): bracketed if it was
            return f"【{name}】" if written[0].startswith("【") else f"## {name}"
        tail = _SECTION_TAIL_WRITTEN.search(first["section"])
        mark = first.string[: first.start("section")]
        if tail is None or not tail[0]:
            return f"{mark}{name}"
        digits = re.search(r"\d+", tail[0])
        if digits is None:
            return f"{mark}{name}{tail[0]}"
        wide = not digits[0].isascii()
        said = tail[0][: digits.start()] + ("{n_wide}" if wide else "{n}") + tail[0][digits.end() :]
        return f"{mark}{name}{said}"


# What may follow a section word as written (before NFKC): its count `(43)`, `（１２枚）`, a colon. (Tried only where
# a run of blanks starts, each run taken whole: one pass, as deckcheck.formats.headings' _SECTION_TAIL.)
_SECTION_TAIL_WRITTEN = re.compile(r"(?<!\s)\s*+(?:[(（]\s*+\d++\s*+枚?\s*+[)）])?\s*+[:：]?$")


def _keys_of(entry: Entry[Any]) -> set[str]:
    """The keys an entry line may go by: as read, and as the card database may read it (`3 BP01-015 name` is also
    `BP01-015 name` or `name` where the number is no card; `name 3` the whole line where that is a card's name)."""
    keys = {entry.key}
    if entry.name is not None:
        keys |= {entry.name, f"{entry.key} {entry.name}"}
    if entry.whole is not None:
        keys.add(entry.whole)
    return keys


def _worded_key_line(text: str, key: str) -> int | None:
    """The line a text deck gives `key` on in the words players write (a Japanese key word, a deck-name label, a
    mark), as the reader reads it; None when it has none or gives it as `key: value`."""
    try:
        source = parse_text("deck.txt", text, partial=True)
    except DeckcheckError:
        return None
    number = source.key_lines.get(key)
    if number is None:
        return None
    _indent, code, _rest = _split_line(text.split("\n")[number - 1])
    match = HEADER_LINE.match(code)
    return None if match and unicodedata.normalize("NFKC", match["key"]).lower() == key else number


def _split_line(raw: str) -> tuple[str, str, str]:
    """A line as (indent, code, rest): the rest is its trailing comment and blanks, kept as they are."""
    stripped = raw.strip()
    indent = raw[: len(raw) - len(raw.lstrip())]
    comment = TRAILING_COMMENT.search(stripped) if "#" in stripped else None
    code = stripped[: comment.start()] if comment else stripped
    return indent, code, raw[len(indent) + len(code) :]


def _count_style(code: str) -> tuple[str, str, str] | None:
    if match := COUNT_LINE.match(code):
        return ("first", code[match.end("count") : match.start("key")], "")
    if HEADER_LINE.match(code):
        return None
    if match := COUNT_LAST_LINE.match(code):
        return ("last", code[match.end("key") : match.start("count")], code[match.end("count") :])
    return None


def _digits(count: int, like: str) -> str:
    """`count` in the digits of `like` (full-width where `like` is: `３枚`)."""
    return str(count).translate(_FULL_DIGITS) if like and not like.isascii() else str(count)


def _with_count(body: str, count: int, style: tuple[str, str, str]) -> str:
    kind, separator, suffix = style
    return f"{count}{separator}{body}" if kind == "first" else f"{body}{separator}{count}{suffix}"


def _recounted(raw: str, count: int, style: tuple[str, str, str]) -> str:
    """The entry line `raw` with its count set to `count`, its style, name and comment kept."""
    indent, code, rest = _split_line(raw)
    if (match := COUNT_LINE.match(code)) or (not HEADER_LINE.match(code) and (match := COUNT_LAST_LINE.match(code))):
        start, end = match.span("count")
        code = code[:start] + _digits(count, match["count"]) + code[end:]
    else:  # `BP01-015 name`, one copy without a count: the file's count style
        code = _with_count(code, count, style)
    return indent + code + rest


def _edit_text(text: str, change: Change) -> str | None:
    layout = _Layout.read(text)
    if layout is None:
        return None
    lines = layout.lines
    found = layout.entry_lines(change.section, change.key)
    if found:
        first, *others = found
        if change.count:
            lines[first] = _recounted(lines[first], change.count, layout.count_style())
        for index in sorted(others if change.count else found, reverse=True):
            del lines[index]
        return _headings_kept(layout, "\n".join(lines))
    if change.count == 0:
        return None
    for candidate in _new_lines(layout, change):
        blocks = [block for block in layout.blocks(change.section) if block[0] is not None or _has_lines(layout, block)]
        if blocks:
            heading, start, end = blocks[0]  # the first heading of the section (two naming one section: the first)
            last = [
                entry.line - 1
                for entry in layout.source.entries
                if entry.line is not None and start <= entry.line - 1 < end and entry.section == change.section
            ]
            at = last[-1] + 1 if last else (heading + 1 if heading is not None else end)
            edited = [*lines[:at], candidate, *lines[at:]]
            result = _headings_kept(layout, "\n".join(edited))
        else:
            heading_text = layout.heading_of(change.section)
            heading_text = heading_text.format(n=change.count, n_wide=_digits(change.count, "０"))
            result = text.rstrip("\n") + f"\n\n{heading_text}\n{candidate}\n"
        if _reads_as(result, change):
            return result
    return None


def _has_lines(layout: _Layout, block: tuple[int | None, int, int]) -> bool:
    _heading, start, end = block
    return any(entry.line is not None and start <= entry.line - 1 < end for entry in layout.source.entries)


def _new_lines(layout: _Layout, change: Change) -> list[str]:
    """The line to add in the file's style, then plainer ones (`3 KEY  # name`, `3 KEY`) in case it would not read
    back as the change."""
    style = layout.count_style()
    name = change.comment if change.comment and change.comment.isprintable() and change.comment != change.key else None
    plain = f"{change.count} {change.key}"
    candidates = []
    if name is not None and layout.names_beside() and _NUMBER.match(change.key) and "#" not in name:
        candidates.append(_with_count(f"{change.key} {name}", change.count, style))
    candidates.append(_with_count(change.key, change.count, style) + _trailing(change))
    candidates += [plain + _trailing(change), plain]
    return list(dict.fromkeys(candidates))


def _reads_as(text: str, change: Change) -> bool:
    """Whether `text` holds the change's key in its section with its count (as the reader reads it)."""
    layout = _Layout.read(text)
    if layout is None:
        return False
    counts = [
        entry.raw_count
        for entry in layout.source.entries
        if entry.section == change.section and entry.key == change.key
    ]
    return counts == [change.count]


def _headings_kept(before: _Layout, text: str) -> str:
    """`text` with each heading that said its section's count rightly before the edit saying the new count."""
    if not any(said is not None for _number, _section, said in before.source.headings):
        return text
    after = _Layout.read(text)
    if after is None or len(after.source.headings) < len(before.source.headings):
        return text
    lines = text.split("\n")
    for old, new in zip(_heading_sums(before), _heading_sums(after), strict=False):
        (_, said, had), (index, _said, has) = old, new
        if said is not None and said == had and has != had:
            match = _SECTION_TAIL_WRITTEN.search(lines[index].rstrip())
            digits = re.search(r"\d+", match[0]) if match else None
            if match is not None and digits is not None:
                at, line = match.start() + digits.start(), lines[index]
                lines[index] = line[:at] + _digits(has, digits[0]) + line[at + len(digits[0]) :]
    return "\n".join(lines)


def _heading_sums(layout: _Layout) -> list[tuple[int, int | None, int]]:
    """Each heading as (line index, the count it says, the copies of the card lines under it)."""
    headings = layout.source.headings
    sums = []
    for position, (number, _section, said) in enumerate(headings):
        end = headings[position + 1][0] if position + 1 < len(headings) else None
        copies = sum(
            entry.count or 0
            for entry in layout.source.entries
            if entry.line is not None and number < entry.line and (end is None or entry.line < end)
        )
        sums.append((number - 1, said, copies))
    return sums


# Top-level keys (`deckcheck set`) ------------------------------------------------------------------------


def set_key_text(text: str, fmt: str, key: str, value: str) -> str | None:
    """The deck text with top-level `key` set to `value` (None when a line edit is not possible)."""
    if fmt == "toml":
        return _set_toml_key(text, key, value)
    if fmt == "text":
        return _set_text_key(text, key, value)
    return None


def _set_toml_key(text: str, key: str, value: str) -> str | None:
    lines = text.split("\n")
    info = scan_toml(text)
    written = tomli_w.dumps({key: value}).rstrip("\n")
    last_key = None
    for index, line in enumerate(lines):
        code = line[: info[index].comment] if info[index].comment is not None else line
        if info[index].in_string:
            if last_key == index - 1:  # a multi-line value goes on: a new key goes after its end
                last_key = index
            continue
        if TABLE_HEADER.match(code):
            break  # the first table: top-level keys end here
        match = KEY_LINE.match(code)
        if match is None:
            continue
        last_key = index
        if toml_key(match["key"]) != key:
            continue
        if match["value"].lstrip()[:3] in ('"""', "'''") or match["value"].lstrip()[:1] in ("[", "{"):
            return None  # a value over several lines, or not a string: rewrite the whole file
        value_start, value_end = match.start("value"), len(code.rstrip())
        lines[index] = line[:value_start] + written.split(" = ", 1)[1] + line[value_end:]  # spacing, comment kept
        return "\n".join(lines)
    if last_key is None:
        return written + "\n" + text
    lines.insert(last_key + 1, written)
    return "\n".join(lines)


def _set_text_key(text: str, key: str, value: str) -> str | None:
    lines = text.split("\n")
    worded = _worded_key_line(text, key)
    if worded is not None:  # `デッキ名：旧`, `【デッキ名】旧`, `主人公: 旧`: changed where it was written
        indent, code, rest = _split_line(lines[worded - 1])
        match = WORD_HEADER_LINE.match(code)
        span = match.span("value") if match else deck_name_span(code)
        if span is None:
            return None  # a mark on a card line (`1 (FV) name`): not a line edit
        lines[worded - 1] = indent + code[: span[0]] + value + code[span[1] :] + rest
        return "\n".join(lines)
    last_header = None
    in_sections = False  # a new header line goes before the sections; one already written is changed where it is
    for index, raw in enumerate(lines):
        line = raw.strip()
        if SECTION_LINE.match(line):
            in_sections = True
        indent, code, rest = _split_line(raw)
        if not code or code.startswith("#") or COUNT_LINE.match(code) or not (match := HEADER_LINE.match(code)):
            continue
        if not in_sections:
            last_header = index
        if unicodedata.normalize("NFKC", match["key"]).lower() != key:
            continue
        lines[index] = indent + code[: match.start("value")] + value + rest  # the key as written, its comment kept
        return "\n".join(lines)
    if last_header is None:
        return None
    lines.insert(last_header + 1, f"{key}: {value}")
    return "\n".join(lines)
