"""Small edits of a deck file's text that keep everything else as the user wrote it (comments included).

:func:`edit_text` sets the count of a key in a section: the number on the key's line is replaced, a line is removed
for a count of 0, or a line is added at the end of the section (a new section at the end of the file). It returns
None when the file's layout is not one it can edit line by line (an inline table, a dotted key, ...); the caller
then rewrites the whole file. The caller always reads the result back and compares it with the intended deck, so
this module may be simple rather than a full TOML editor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import tomli
import tomli_w

from deckcheck._util.toml_scan import KEY_LINE, TABLE_HEADER, scan_toml, toml_comment_lines, toml_key
from deckcheck.formats.text import COUNT_LINE, HEADER_LINE, SECTION_LINE


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


def _edit_text(text: str, change: Change) -> str | None:
    lines = text.split("\n")
    section = "main"
    entries: dict[str, list[tuple[int, str]]] = {}  # section -> (line index, key) of its entry lines
    headers: dict[str, int] = {}
    for index, raw in enumerate(lines):
        line = raw.strip()
        if match := SECTION_LINE.match(line):
            section = match["section"].strip().lower()
            headers.setdefault(section, index)
        elif line and not line.startswith("#") and (match := COUNT_LINE.match(re.sub(r"\s+#.*$", "", line))):
            entries.setdefault(section, []).append((index, match["key"].strip()))
    mine = entries.get(change.section, [])
    lines_of_key = [index for index, key in mine if key == change.key]
    if lines_of_key:
        first, *others = lines_of_key
        for index in reversed(others):
            del lines[index]
        if change.count == 0:
            del lines[first]
        else:
            counted = re.sub(r"^(\s*)[-+]?\d+(?:[.,]\d+)?", lambda m: f"{m[1]}{change.count}", lines[first], count=1)
            lines[first] = counted
        return "\n".join(lines)
    if change.count == 0:
        return None
    new_line = f"{change.count} {change.key}" + _trailing(change)
    if mine:
        lines.insert(mine[-1][0] + 1, new_line)
    elif change.section in headers:
        lines.insert(headers[change.section] + 1, new_line)
    elif change.section == "main" and headers:
        lines.insert(min(headers.values()), new_line)  # before the first header: where main's lines go
    else:
        return text.rstrip("\n") + f"\n\n## {change.section}\n{new_line}\n"
    return "\n".join(lines)


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
    last_header = None
    for index, raw in enumerate(lines):
        line = raw.strip()
        if SECTION_LINE.match(line):
            break  # header lines belong before the sections
        if not line or line.startswith("#") or not (match := HEADER_LINE.match(line)):
            continue
        last_header = index
        if match["key"].lower() != key:
            continue
        comment = re.search(r"\s+#.*$", raw)
        indent = raw[: len(raw) - len(raw.lstrip())]
        lines[index] = f"{indent}{key}: {value}" + (comment[0] if comment else "")
        return "\n".join(lines)
    if last_header is None:
        return None
    lines.insert(last_header + 1, f"{key}: {value}")
    return "\n".join(lines)
