"""Where keys stand in a TOML or JSON file: the line of each key path, so a finding can point at its entry.

tomli and json return values without positions. These small scanners walk a file that the parser has already
accepted and map each key path (``("main", "G-BT01/001")``) to the line (from 1) where that key is written. The
JSON scanner also refuses a key written twice in one object, which json.loads would silently read last-wins.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import tomli

from deckcheck._i18n import _
from deckcheck._util.limits import parse_within_limits
from deckcheck._util.safetext import quoted
from deckcheck._util.toml_scan import scan_toml
from deckcheck.errors import DeckcheckError

KeyPath = tuple[str | int, ...]

# TOML ---------------------------------------------------------------------------------------------------

_PART = r"(?:\"(?:[^\"\\]|\\.)*\"|'[^']*'|[A-Za-z0-9_-]+)"
_DOTTED = rf"{_PART}(?:\s*\.\s*{_PART})*"
_TOML_HEADER = re.compile(rf"^\s*\[(?P<double>\[)?\s*(?P<key>{_DOTTED})\s*\]\]?\s*(?:#.*)?$")
_TOML_KEY = re.compile(rf"^\s*(?P<key>{_DOTTED})\s*=")
_BARE = re.compile(r"[A-Za-z0-9_-]+")


def toml_key_lines(text: str, ends: dict[KeyPath, int] | None = None) -> dict[KeyPath, int]:
    """The line of every table header and key of a TOML text (the first line, for a key written twice). With
    `ends`, also the last line of each key's value where it spans lines (a multi-line array or string)."""
    found: dict[KeyPath, int] = {}
    table: KeyPath | None = ()
    code = _code_lines(text)
    value = _ValueEnds(text, code, ends) if ends is not None else None
    for number, line in code:
        if match := _TOML_HEADER.match(line):
            if value:
                value.close(number)
            table = _key_path(match["key"])
            if table is not None:
                found.setdefault(table, number)
        elif table is not None and (match := _TOML_KEY.match(line)):
            path = _key_path(match["key"])
            if value:
                value.close(number)
                value.open(table + path if path is not None else None, number)
            if path is not None:
                found.setdefault(table + path, number)
    if value:
        value.close(text.count("\n") + 2)
    return found


def toml_duplicate(text: str) -> tuple[KeyPath, int, int] | None:
    """The first key (or table) a TOML text writes twice: (key path, its first line, the line that repeats it);
    None when no key is written twice as this scanner sees keys (tomllib's own error then stands)."""
    seen: dict[KeyPath, int] = {}
    tables: dict[KeyPath, int] = {}
    records: dict[KeyPath, int] = {}
    table: KeyPath | None = ()
    for number, line in _code_lines(text):
        if match := _TOML_HEADER.match(line):
            table = _key_path(match["key"])
            if table is not None and match["double"]:  # each [[name]] starts a new record: (name, its index)
                records[table] = records.get(table, 0) + 1
                table = (*table, records[table])
            elif table is not None:
                if table in tables:
                    return table, tables[table], number
                tables[table] = number
        elif table is not None and (match := _TOML_KEY.match(line)):
            path = _key_path(match["key"])
            if path is None:
                continue
            if table + path in seen:
                return table + path, seen[table + path], number
            seen[table + path] = number
    return None


def toml_duplicate_message(text: str) -> tuple[str, int] | None:
    """A key or table written twice, in words ('the key "T-1" of [main] is written twice, on lines 3 and 5;
    keep one'), and the line of the repeat; None when no repeat is found."""
    found = toml_duplicate(text)
    if found is None:
        return None
    path, first, again = found
    *table, key = path
    if (path, first) in _headers(text):
        said = _("the table [{table}] is written twice, on lines {first} and {again}; keep one")
        name = ".".join(map(str, path))
    elif table and isinstance(table[-1], int):  # a key of an array of tables' record
        said = _(
            'the key "{key}" of [[{table}]] number {number} is written twice, on lines {first} and {again}; keep one'
        )
        name = ".".join(map(str, table[:-1]))
    elif table:
        said = _('the key "{key}" of [{table}] is written twice, on lines {first} and {again}; keep one')
        name = ".".join(map(str, table))
    else:
        said = _('the key "{key}" is written twice, on lines {first} and {again}; keep one')
        name = ""
    number = table[-1] if table else ""
    return said.format(key=key, table=name, number=number, first=first, again=again), again


def _headers(text: str) -> set[tuple[KeyPath, int]]:
    return {
        (path, number)
        for number, line in _code_lines(text)
        if (match := _TOML_HEADER.match(line)) and (path := _key_path(match["key"])) is not None
    }


class _ValueEnds:
    """Where each key's value ends: on the last line before the next key or header that is neither blank nor only
    a comment (a line inside a multi-line string counts). Nearly every value ends on its key's line; only the others
    are recorded."""

    def __init__(self, text: str, code: list[tuple[int, str]], ends: dict[KeyPath, int]) -> None:
        self.lines, self.code, self.ends = text.split("\n"), dict(code), ends
        self.key: tuple[KeyPath | None, int] | None = None

    def open(self, path: KeyPath | None, line: int) -> None:
        self.key = (path, line)

    def close(self, next_line: int) -> None:
        if self.key is None:
            return
        (path, start), self.key = self.key, None
        for number in range(min(next_line - 1, len(self.lines)), start, -1):
            if self._holds_value(number):
                if path is not None:
                    self.ends.setdefault(path, number)
                return

    def _holds_value(self, number: int) -> bool:
        code = self.code.get(number)
        if code is None:  # inside a multi-line string
            return bool(self.lines[number - 1].strip())
        code = code.strip()
        return bool(code) and not code.startswith("#")


def _code_lines(text: str) -> list[tuple[int, str]]:
    """(line number, the line without its comment) for every line that does not start inside a multi-line
    string. Without multi-line strings a comment cannot hide a header or key (the patterns allow a trailing one),
    so the character scanner, the slow part, runs only for files that have them."""
    lines = text.split("\n")
    if '"""' not in text and "'''" not in text:
        return list(enumerate(lines, start=1))
    return [
        (number, line[: info.comment] if info.comment is not None else line)
        for number, (line, info) in enumerate(zip(lines, scan_toml(text), strict=True), start=1)
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

    try:
        value: Any = tomli.loads(f"{text} = 0")
    except (tomli.TOMLDecodeError, ValueError):
        return None
    path: list[str | int] = []
    while isinstance(value, dict) and len(value) == 1:
        (key, value), *_rest = value.items()
        path.append(key)
    return tuple(path) if value == 0 and path else None


# JSON ---------------------------------------------------------------------------------------------------

_JSON_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\],:\n]')
# Literals (numbers, true, false, null) too: only to find where a value ends (a third slower, so asked for only then).
_JSON_TOKEN_ALL = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\],:\n]|[^\s"{}\[\],:]+')


def load_json(text: str, path: str | Path | None = None) -> tuple[Any, dict[KeyPath, int]]:
    """A JSON text's value and the line of each object key. Malformed JSON, and a key written twice in one
    object, raise DeckcheckError naming the line."""
    try:
        data = parse_within_limits(json.loads, text, path, "json")  # a 5,000-digit number, 10,000 nested arrays
    except json.JSONDecodeError as error:
        raise DeckcheckError(
            _("is not valid JSON: {reason}").format(reason=error.msg), path=path, line=error.lineno
        ) from None
    return data, json_key_lines(text, path)


def json_key_lines(
    text: str, path: str | Path | None = None, ends: dict[KeyPath, int] | None = None
) -> dict[KeyPath, int]:
    """The line of every object key of a valid JSON text, by key path (array items by index). With `ends`, also
    the last line of each member whose value goes on past its key's line (`"X":\n 4`, an array over lines)."""
    found: dict[KeyPath, int] = {}
    # Each open container: [key path, is object, keys seen (object) -> line, current key or index, expects key].
    stack: list[list[Any]] = []
    line = last = 1  # the current line; the line of the last token before this one
    for match in (_JSON_TOKEN if ends is None else _JSON_TOKEN_ALL).finditer(text):
        token = match[0]
        if token == "\n":
            line += 1
            continue
        if ends is not None and token in ",}" and stack and stack[-1][1] and stack[-1][4] is False:
            top = stack[-1]  # a member's value ends here
            if last > top[2][top[3]]:
                ends.setdefault((*top[0], top[3]), last)
        last = line
        if token in "{[":
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
                said = (
                    _(
                        "duplicate key {key} in {where} (first on line {first}): a JSON object may hold each key "
                        "only once"
                    )
                    if where
                    else _("duplicate key {key} (first on line {first}): a JSON object may hold each key only once")
                )
                raise DeckcheckError(
                    said.format(key=quoted(key), where=quoted(where), first=top[2][key]), path=path, line=line
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
