"""Where keys stand in a TOML or JSON file: the line of each key path, so a finding can point at its entry.

tomli and json return values without positions. These small scanners walk a file that the parser has already
accepted and map each key path (``("main", "G-BT01/001")``) to the line (from 1) where that key is written. The
JSON scanner also refuses a key written twice in one object, which json.loads would silently read last-wins.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from deckcheck.errors import DeckcheckError

KeyPath = tuple[str | int, ...]

# TOML ---------------------------------------------------------------------------------------------------

_PART = r"(?:\"(?:[^\"\\]|\\.)*\"|'[^']*'|[A-Za-z0-9_-]+)"
_DOTTED = rf"{_PART}(?:\s*\.\s*{_PART})*"
_TOML_HEADER = re.compile(rf"^\s*\[(?P<double>\[)?\s*(?P<key>{_DOTTED})\s*\]\]?\s*(?:#.*)?$")
_TOML_KEY = re.compile(rf"^\s*(?P<key>{_DOTTED})\s*=")
_BARE = re.compile(r"[A-Za-z0-9_-]+")


def toml_key_lines(text: str) -> dict[KeyPath, int]:
    """The line of every table header and key of a TOML text (the first line, for a key written twice)."""
    found: dict[KeyPath, int] = {}
    table: KeyPath | None = ()
    for number, code in _code_lines(text):
        if match := _TOML_HEADER.match(code):
            table = _key_path(match["key"])
            if table is not None:
                found.setdefault(table, number)
        elif table is not None and (match := _TOML_KEY.match(code)):
            path = _key_path(match["key"])
            if path is not None:
                found.setdefault(table + path, number)
    return found


def _code_lines(text: str) -> list[tuple[int, str]]:
    """(line number, the line without its comment) for every line that does not start inside a multi-line
    string. Without multi-line strings a comment cannot hide a header or key (the patterns allow a trailing one),
    so the character scanner, the slow part, runs only for files that have them."""
    lines = text.split("\n")
    if '"""' not in text and "'''" not in text:
        return list(enumerate(lines, start=1))
    from deckcheck.surgery import _scan_toml  # the comment and multi-line string scanner the editor uses

    return [
        (number, line[: info.comment] if info.comment is not None else line)
        for number, (line, info) in enumerate(zip(lines, _scan_toml(text), strict=True), start=1)
        if not info.in_string
    ]


def toml_table_array_lines(text: str, name: str) -> list[int]:
    """The line of each `[[name]]` header, in order: the N-th record of an array of tables starts there."""
    result = []
    for number, code in _code_lines(text):
        match = _TOML_HEADER.match(code)
        if match and match["double"] and _key_path(match["key"]) == (name,):
            result.append(number)
    return result


def _key_path(text: str) -> KeyPath | None:
    """The key path a (possibly dotted, quoted) TOML key stands for; None if it is not one."""
    text = text.strip()
    if _BARE.fullmatch(text):
        return (text,)
    if len(text) >= 2 and text[0] == text[-1] == "'" and "'" not in text[1:-1]:
        return (text[1:-1],)
    if len(text) >= 2 and text[0] == text[-1] == '"' and not re.search(r'["\\]', text[1:-1]):
        return (text[1:-1],)
    import tomli  # an escaped or dotted key: let the parser decode it

    try:
        value: Any = tomli.loads(f"{text} = 0")
    except (tomli.TOMLDecodeError, ValueError):
        return None
    path: list[str | int] = []
    while isinstance(value, dict) and len(value) == 1:
        (key, value), *_ = value.items()
        path.append(key)
    return tuple(path) if value == 0 and path else None


# JSON ---------------------------------------------------------------------------------------------------

_JSON_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\],:\n]')


def load_json(text: str, path: str | Path | None = None) -> tuple[Any, dict[KeyPath, int]]:
    """A JSON text's value and the line of each object key. Malformed JSON, and a key written twice in one
    object, raise DeckcheckError naming the line."""
    import json

    from deckcheck.limits import parse_within_limits

    try:
        data = parse_within_limits(json.loads, text, path, "json")  # a 5,000-digit number, 10,000 nested arrays
    except json.JSONDecodeError as error:
        raise DeckcheckError(f"is not valid JSON: {error.msg}", path=path, line=error.lineno) from None
    return data, json_key_lines(text, path)


def json_key_lines(text: str, path: str | Path | None = None) -> dict[KeyPath, int]:
    """The line of every object key of a valid JSON text, by key path (array items by index)."""
    import json

    found: dict[KeyPath, int] = {}
    # Each open container: [key path, is object, keys seen (object) -> line, current key or index, expects key].
    stack: list[list[Any]] = []
    line = 1
    for match in _JSON_TOKEN.finditer(text):
        token = match[0]
        if token == "\n":
            line += 1
        elif token in "{[":
            child = _child_path(stack)
            stack.append([child, token == "{", {}, 0, token == "{"])
        elif token in "}]":
            stack.pop()
        elif token == ",":
            if stack:
                top = stack[-1]
                if top[1]:
                    top[4] = True
                else:
                    top[3] += 1
        elif token == ":":
            if stack:
                stack[-1][4] = False
        elif stack and stack[-1][1] and stack[-1][4]:  # a string where a key is expected: the key
            top = stack[-1]
            key = json.loads(token)
            if key in top[2]:
                where = ".".join(str(part) for part in top[0])
                inside = f" in {where!r}" if where else ""
                raise DeckcheckError(
                    f"duplicate key {key!r}{inside} (first on line {top[2][key]}): a JSON object may hold each key "
                    "only once",
                    path=path,
                    line=line,
                )
            top[2][key] = line
            top[3] = key
            found.setdefault((*top[0], key), line)
    return found


def _child_path(stack: list[list[Any]]) -> KeyPath:
    if not stack:
        return ()
    path, _is_object, _seen, current, _expects_key = stack[-1]
    return (*path, current)
