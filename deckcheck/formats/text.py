"""The plain-text decklist: its grammar (shared with the editor, :mod:`deckcheck.formats.edit`) and its reader."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from deckcheck._util.limits import INT_DIGITS
from deckcheck.errors import DeckcheckError, Problem
from deckcheck.games import get_game
from deckcheck.model.deck import COMMON_KEYS, DeckSource, Entry

COUNT_LINE = re.compile(r"^(?P<count>[-+]?\d+(?:[.,]\d+)?)\s*[xX×]?\s+(?P<key>\S.*)$")
HEADER_LINE = re.compile(r"^(?P<key>[A-Za-z_][A-Za-z0-9_-]*)\s*:\s*(?P<value>.*)$")
SECTION_LINE = re.compile(r"^##\s*(?P<section>[^#\s][^#]*?)\s*$")
# A comment after an entry: " # ..." (a `#` with a blank on either side), so that a name such as "#UNICUS" stays a name.
TRAILING_COMMENT = re.compile(r"\s+#(?:\s.*)?$")


def game_id(path: str | Path, value: Any, line: int | None = None) -> str:
    if value is None:
        raise DeckcheckError("has no `game` key: say which game the deck is for", path=path, line=line)
    if not isinstance(value, str):
        raise DeckcheckError("must be a game id string", path=path, line=line, field="game")
    return get_game(value.strip(), path=path, line=line).id


def parse_text(path: str, text: str) -> DeckSource:
    header: dict[str, tuple[str, int]] = {}
    raw_entries: list[Entry] = []
    section_lines: dict[str, int] = {}
    unreadable: list[Problem] = []
    section = "main"
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line:
            continue
        if line[0] == "#":
            if match := SECTION_LINE.match(line):
                section = match["section"].strip().lower()
                section_lines.setdefault(section, number)
            continue
        if "#" in line:
            line = TRAILING_COMMENT.sub("", line)
        if match := COUNT_LINE.match(line):
            count = match["count"]
            if len(count) > INT_DIGITS:  # more digits than Python reads: not a count (nor a readable line)
                unreadable.append(Problem(f"line {number}: a count of {len(count):,} digits", path, number))
                continue
            raw_count = int(count) if count.isdecimal() else _text_count(count)
            raw_entries.append(Entry(section, match["key"].strip(), raw_count, line=number))
            continue
        if match := HEADER_LINE.match(line):
            key = match["key"].lower()
            if key in header:  # which one was meant? (read last-wins, the other would be silently ignored)
                raise DeckcheckError(
                    f"the header '{key}:' is given twice, on lines {header[key][1]} and {number}; keep one",
                    path=path,
                    line=number,
                    field=key,
                )
            header[key] = (match["value"].strip(), number)
            continue
        unreadable.append(Problem(f"line {number}: {raw.strip()!r}", path, number))
    game_value, game_line = header.pop("game", (None, None))
    try:
        game = get_game(game_id(path, game_value, game_line))
    except DeckcheckError:
        if unreadable:
            raise _unreadable_lines(path, unreadable) from None
        raise
    allowed = ", ".join(("game", *COMMON_KEYS, *game.deck_keys))
    unknown = [
        Problem(f"line {number}: unknown header '{key}:' (this game's deck headers are: {allowed})", path, number)
        for key, (_, number) in header.items()
        if key not in COMMON_KEYS and key not in game.deck_keys
    ]
    if unknown and not unreadable and len(unknown) == 1:
        raise DeckcheckError(unknown[0].split(": ", 1)[1], path=path, line=unknown[0].line)
    if unreadable or unknown:  # every line not understood, at once (contract, "Deck files")
        raise _unreadable_lines(path, sorted(unreadable + unknown, key=lambda problem: problem.line or 0))
    source = DeckSource(path=str(path), game_id=game.id, format="text", entries=raw_entries)
    for key, (value, number) in header.items():
        source.key_lines[key] = number
        source.set_key(key, value)
    source.section_lines = section_lines
    for name, number in section_lines.items():
        if name not in game.sections:
            source.sections[name] = number
    return source


_TEXT_LINE_FORMS = (
    "expected '<count> <card number or name>', a '## section' header, a 'key: value' header or a '# comment'"
)


def _unreadable_lines(path: str, lines: list[Problem]) -> DeckcheckError:
    if len(lines) == 1:
        (only,) = lines
        text = only.split(": ", 1)[1]
        return DeckcheckError(f"cannot read this line: {text} ({_TEXT_LINE_FORMS})", path=path, line=only.line)
    listed = "".join(f"\n  {problem}" for problem in lines)
    return DeckcheckError(
        f"cannot read {len(lines)} lines ({_TEXT_LINE_FORMS}):{listed}", path=path, line=lines[0].line, details=lines
    )


def _text_count(text: str) -> int | float | str:
    try:
        return int(text)
    except ValueError:
        try:
            return float(text.replace(",", "."))
        except ValueError:
            return text
