"""Small edits of a deck file's top-level keys (`name`, `regulation`, `lord`, ...) for `deckcheck set`.

Like :mod:`deckcheck.surgery` for card counts: the key's own line is replaced, or a line is added among the
top-level keys, so comments and layout stay as written. None means "not editable line by line" (the key's value
spans lines, the file has no place for top-level keys, JSON); the caller then rewrites the whole file. The caller
always reads the result back and compares it with the intended deck.
"""

from __future__ import annotations

import re

import tomli_w

from deckcheck.formats.edit import _HEADER, _KEY_LINE, _scan_toml, _toml_key
from deckcheck.model.deck import _HEADER_LINE, _SECTION_LINE


def set_key_text(text: str, fmt: str, key: str, value: str) -> str | None:
    """The deck text with top-level `key` set to `value` (None when a line edit is not possible)."""
    if fmt == "toml":
        return _set_toml_key(text, key, value)
    if fmt == "text":
        return _set_text_key(text, key, value)
    return None


def _set_toml_key(text: str, key: str, value: str) -> str | None:
    lines = text.split("\n")
    info = _scan_toml(text)
    written = tomli_w.dumps({key: value}).rstrip("\n")
    last_key = None
    for index, line in enumerate(lines):
        code = line[: info[index].comment] if info[index].comment is not None else line
        if info[index].in_string:
            if last_key == index - 1:  # a multi-line value goes on: a new key goes after its end
                last_key = index
            continue
        if _HEADER.match(code):
            break  # the first table: top-level keys end here
        match = _KEY_LINE.match(code)
        if match is None:
            continue
        last_key = index
        if _toml_key(match["key"]) != key:
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
        if _SECTION_LINE.match(line):
            break  # header lines belong before the sections
        if not line or line.startswith("#") or not (match := _HEADER_LINE.match(line)):
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
