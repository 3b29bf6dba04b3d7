"""Comments that travel with a deck: the user's TOML comments kept by `convert` (TOML to TOML or text), and the card's
name written as a comment next to a card number (`"BP01-015" = 3  # 自然の導き`), so that people can read a deck
written by numbers.

A comment is kept with what it stands next to (an *anchor*): the top-level key, section header or card entry on its
line (a trailing comment) or on the next such line (the comment lines above it). Comments before the first key stay
at the top; comments after the last anchor stay at the end.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import tomli_w

from deckcheck._util.toml_scan import KEY_LINE, TABLE_HEADER, scan_toml, toml_key
from deckcheck.formats.text import COUNT_LINE, HEADER_LINE, SECTION_LINE, TRAILING_COMMENT
from deckcheck.formats.write import deck_mapping, merged_entries
from deckcheck.model.deck import DeckSource

# ("key", name) a top-level key; ("section", name) a section header; ("entry", section, key) a card entry.
Anchor = tuple[str, ...]


@dataclass
class Comments:
    """A deck file's comments by what they stand next to (comment text without the `#` and one space)."""

    top: list[str] = field(default_factory=list)
    above: dict[Anchor, list[str]] = field(default_factory=dict)
    trailing: dict[Anchor, str] = field(default_factory=dict)
    end: list[str] = field(default_factory=list)

    def count(self) -> int:
        return len(self.top) + sum(map(len, self.above.values())) + len(self.trailing) + len(self.end)


def toml_comments(text: str) -> Comments:
    """The comments of a TOML deck file, each with its anchor."""
    placing = _Placing()
    table: str | None = None  # None: top level; a section name; "" inside a table that is no section
    for line, info in zip(text.split("\n"), scan_toml(text), strict=True):
        if info.in_string:
            continue
        code = line[: info.comment] if info.comment is not None else line
        comment = _comment_text(line[info.comment :]) if info.comment is not None else None
        anchor: Anchor | None = None
        if match := TABLE_HEADER.match(code):
            name = toml_key(match["key"]) if not match["double"] else None
            table = name if name is not None else ""
            anchor = ("section", name) if name is not None else None
        elif match := KEY_LINE.match(code):
            key = toml_key(match["key"])
            if key is not None:
                anchor = ("key", key) if table is None else ("entry", table, key) if table else None
        placing.place(anchor, comment)  # no anchor: a comment line, or one after a value's last line
    return placing.done()


def text_comments(text: str, source: DeckSource | None = None) -> Comments:
    """The comments of a plain-text decklist, each with its anchor (a line it cannot place still keeps its
    comments: they go with the next anchor). With `source`, the deck as the reader read `text`, a heading stands for
    the section it names (`## メインデッキ(50)` is main) and an entry line for its entry (`3 BP01-015 name`,
    `name ×3`), as the writer writes them."""
    placing = _Placing()
    section = "main"
    headings = {number: named for number, named, _said in source.headings} if source is not None else {}
    entries = {entry.line: entry for entry in source.entries if entry.line is not None} if source is not None else {}
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line:
            continue
        if match := SECTION_LINE.match(line):
            section = headings.get(number, match["section"].strip().lower())
            anchor: Anchor | None = ("section", section)
            comment = None
        elif line.startswith("#"):
            placing.place(None, _comment_text(line))
            continue
        else:
            trailing = TRAILING_COMMENT.search(line)
            comment = _comment_text(trailing[0].strip()) if trailing else None
            code = line[: trailing.start()] if trailing else line
            if (entry := entries.get(number)) is not None:
                anchor = ("entry", entry.section, entry.key)
            elif source is None and (match := COUNT_LINE.match(code)):
                anchor = ("entry", section, match["key"].strip())
            elif match := HEADER_LINE.match(code):
                anchor = ("key", unicodedata.normalize("NFKC", match["key"]).lower())
            else:
                anchor = None
        placing.place(anchor, comment)
    return placing.done()


class _Placing:
    """Comments met line by line, each given to its anchor: a trailing one to its line's anchor, comment lines to the
    next anchor (before the first anchor: the top; after the last: the end)."""

    def __init__(self) -> None:
        self.comments = Comments()
        self.pending: list[str] = []
        self.seen_anchor = False

    def place(self, anchor: Anchor | None, comment: str | None) -> None:
        comments = self.comments
        if anchor is None:
            if comment is not None:
                self.pending.append(comment)
            return
        if self.pending:
            (comments.above.setdefault(anchor, []) if self.seen_anchor else comments.top).extend(self.pending)
            self.pending = []
        self.seen_anchor = True
        if comment is not None:
            comments.trailing[anchor] = comment

    def done(self) -> Comments:
        comments = self.comments
        comments.end = self.pending
        if not self.seen_anchor:
            comments.top, comments.end = comments.end, []
        return comments


def _comment_text(raw: str) -> str:
    text = raw[1:] if raw.startswith("#") else raw
    return text[1:] if text.startswith(" ") else text


def _comment(text: str) -> str:
    return f"# {text}" if text else "#"


def name_comments(source: DeckSource, name_of: Callable[[str, str], str | None]) -> dict[Anchor, str]:
    """The card's name for each entry written by number: `name_of(section, key)` gives it (None: no comment)."""
    names: dict[Anchor, str] = {}
    for section, entries in merged_entries(source).items():
        for entry in entries:
            name = name_of(section, entry.key)
            if name is not None and name != entry.key:
                names[("entry", section, entry.key)] = name
    return names


def commented_toml(source: DeckSource, comments: Comments, names: dict[Anchor, str]) -> str:
    """The native TOML (tomli-w, as `to_toml`) with the comments in place and a name beside each card number that
    has no comment of its own."""
    lines: list[tuple[str, Anchor | None]] = []
    table: str | None = None
    for line in tomli_w.dumps(deck_mapping(source)).rstrip("\n").split("\n"):
        anchor: Anchor | None = None
        if match := TABLE_HEADER.match(line):
            name = toml_key(match["key"]) if not match["double"] else None
            table = name if name is not None else ""
            anchor = ("section", name) if name is not None else None
        elif (match := KEY_LINE.match(line)) and (key := toml_key(match["key"])) is not None:
            anchor = ("key", key) if table is None else ("entry", table, key) if table else None
        lines.append((line, anchor))
    return _placed(lines, comments, names)


def written_headings(text: str, source: DeckSource) -> dict[str, str]:
    """The heading line of each section that one heading names in the text decklist `text` (read as `source`), as
    written (`## メインデッキ(50)`): what a text deck converted to text keeps."""
    lines = text.split("\n")
    named = Counter(section for _number, section, _said in source.headings)
    return {
        section: lines[number - 1].strip()
        for number, section, _said in source.headings
        if named[section] == 1 and number <= len(lines) and SECTION_LINE.match(lines[number - 1].strip())
    }


def commented_text(
    source: DeckSource,
    comments: Comments,
    names: dict[Anchor, str],
    headings: Mapping[str, str] | None = None,
    beside: Mapping[Anchor, str] | None = None,
) -> str:
    """The plain-text decklist (as `to_text`) with the comments in place and a name beside each card number; a
    section's heading is `headings`' where given (the words the deck was written with), else `## section`; an entry
    of `beside` has its name after its number in the line (`4 B01-005 name`, as the text deck wrote it) instead."""
    beside = beside or {}
    lines: list[tuple[str, Anchor | None]] = [(f"game: {source.game_id}", ("key", "game"))]
    if source.name is not None:
        lines.append((f"name: {source.name}", ("key", "name")))
    if source.regulation is not None:
        lines.append((f"regulation: {source.regulation}", ("key", "regulation")))
    lines.extend((f"{key}: {value}", ("key", key)) for key, value in source.keys.items())
    for section, entries in merged_entries(source).items():
        lines.append(("", None))
        lines.append(((headings or {}).get(section, f"## {section}"), ("section", section)))
        for entry in entries:
            anchor = ("entry", section, entry.key)
            name = f" {beside[anchor]}" if anchor in beside else ""
            lines.append((f"{entry.raw_count} {entry.key}{name}", anchor))
    return _placed(lines, comments, {anchor: name for anchor, name in names.items() if anchor not in beside})


def _placed(lines: list[tuple[str, Anchor | None]], comments: Comments, names: dict[Anchor, str]) -> str:
    """The lines with the comments placed; a comment whose anchor is not written (a key the target format does not
    hold) goes to the end, never lost. A section line of a text decklist takes no trailing comment (`## main  # x`
    would not read as a header): it goes above."""
    out = [_comment(text) for text in comments.top]
    written = {anchor for _, anchor in lines if anchor is not None}
    for line, anchor in lines:
        if anchor is not None:
            out.extend(_comment(text) for text in comments.above.get(anchor, ()))
            trailing = comments.trailing.get(anchor, names.get(anchor))
            if trailing is not None and line.startswith("##"):
                out.append(_comment(trailing))
            elif trailing is not None:
                line = f"{line}  {_comment(trailing)}"
        out.append(line)
    for anchor, texts in comments.above.items():
        if anchor not in written:
            out.extend(_comment(text) for text in texts)
    out.extend(_comment(text) for anchor, text in comments.trailing.items() if anchor not in written)
    out.extend(_comment(text) for text in comments.end)
    return "\n".join(out) + "\n"
