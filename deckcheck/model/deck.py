"""Deck files: the native TOML format, plain-text decklists and JSON, read into one :class:`Deck`.

Reading happens in two steps: :func:`parse_deck` turns a file into a :class:`DeckSource` (game id, keys and
entries as written; a malformed file raises :class:`DeckcheckError`), and :func:`resolve_deck` looks every
entry up in the game's card database.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli  # the standard library's tomllib, compiled: the same results and errors, ~2.4x faster

from deckcheck._util.limits import INT_DIGITS, MAX_INPUT_BYTES
from deckcheck.errors import DeckcheckError, Problem
from deckcheck.model.cards import Card

if TYPE_CHECKING:
    from deckcheck.carddb.db import CardDB
    from deckcheck.model.game import Game

#: Top-level keys every deck may carry besides its sections.
COMMON_KEYS = ("game", "name", "regulation")
#: A count has at most this many digits: a larger number is no count of copies (a `deck.bad-count`), and sums of
#: counts stay far below the 4,300 digits Python prints.
COUNT_DIGITS = 18
MAX_COUNT = 10**COUNT_DIGITS - 1


@dataclass
class Entry:
    """One line or key of a deck: a card reference and its count, as written."""

    section: str
    key: str
    raw_count: Any
    line: int | None = None
    card: Card | None = None
    end_line: int | None = None  # the last line of an entry written over several lines (else None)

    @property
    def count(self) -> int | None:
        """The count if it is a positive integer, else None (a `deck.bad-count` error)."""
        value = self.raw_count
        if type(value) is int:  # nearly always (bool is not int here); asked for every entry by every rule
            return value if 1 <= value <= MAX_COUNT else None
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_COUNT:
            return None
        return value


@dataclass
class DeckSource:
    """A deck file as written, before its cards are looked up."""

    path: str | None
    game_id: str
    name: str | None = None
    regulation: str | None = None
    keys: dict[str, str] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    # Sections as written that the game does not have, with the line they start on (text) or None.
    sections: dict[str, int | None] = field(default_factory=dict)
    other: dict[str, Any] = field(default_factory=dict)
    format: str = "toml"
    # Where things stand in the file (line from 1), for findings: filled while reading a text decklist or JSON, and
    # on first need (see locate) for TOML, whose parser keeps no positions.
    section_lines: dict[str, int] = field(default_factory=dict, compare=False)
    key_lines: dict[str, int] = field(default_factory=dict, compare=False)
    text: str | None = field(default=None, repr=False, compare=False)
    key_paths: dict[tuple[Any, ...], int] | None = field(default=None, repr=False, compare=False)

    def set_key(self, key: str, value: str) -> None:
        """Set a deck key: `name`, `regulation` or one of the game's own (`lord`, `basis`, `first_vanguard`)."""
        if key == "name":
            self.name = value
        elif key == "regulation":
            self.regulation = value
        else:
            self.keys[key] = value

    def locate(self) -> None:
        """Give every entry, section and key its line (and where an entry over several lines ends), reading the
        kept TOML or JSON text once (a legal deck never asks)."""
        if self.key_paths is not None or self.text is None or self.format not in ("toml", "json"):
            return
        from deckcheck._util.positions import json_key_lines, toml_key_lines

        ends: dict[tuple[Any, ...], int] = {}  # where entries written over several lines end
        if self.format == "toml":
            self.key_paths = toml_key_lines(self.text, ends)
        else:  # JSON: its lines were applied while reading; only the ends are new
            self.key_paths = json_key_lines(self.text, self.path, ends)
        self.apply_lines(self.key_paths, ends)

    def apply_lines(self, lines: dict[tuple[Any, ...], int], ends: dict[tuple[Any, ...], int] | None = None) -> None:
        for entry in self.entries:
            if entry.line is None:
                entry.line = lines.get((entry.section, entry.key)) or lines.get((entry.section,))
            if ends:
                entry.end_line = ends.get((entry.section, entry.key))
        for path, number in lines.items():
            if len(path) == 1 and isinstance(name := path[0], str):  # a section's header or a top-level key
                self.section_lines.setdefault(name, number)
                self.key_lines.setdefault(name, number)


@dataclass
class Deck:
    """A deck with every entry looked up in its game's card database."""

    game: Game
    source: DeckSource
    key_cards: dict[str, Card | None] = field(default_factory=dict)

    @property
    def path(self) -> str | None:
        return self.source.path

    @property
    def name(self) -> str | None:
        return self.source.name

    @property
    def entries(self) -> list[Entry]:
        return self.source.entries

    def key(self, name: str) -> str | None:
        return self.source.keys.get(name)

    # The rules ask for a section's entries, size and cards again and again; a resolved deck is final (edits make
    # a new one), so each is worked out once.

    @cached_property
    def _by_section(self) -> dict[str, list[Entry]]:
        grouped: dict[str, list[Entry]] = {}
        for entry in self.entries:
            grouped.setdefault(entry.section, []).append(entry)
        return grouped

    @cached_property
    def _sizes(self) -> dict[str, int]:
        return {section: sum(entry.count or 0 for entry in entries) for section, entries in self._by_section.items()}

    @cached_property
    def _cards_by_section(self) -> dict[str, list[tuple[Card, int]]]:
        return {section: _summed_cards(entries) for section, entries in self._by_section.items()}

    def section_entries(self, section: str) -> list[Entry]:
        return list(self._by_section.get(section, ()))

    def size(self, section: str) -> int:
        """Copies in a section, unknown cards included (the player meant a card), bad counts excluded."""
        return self._sizes.get(section, 0)

    def cards(self, section: str) -> list[tuple[Card, int]]:
        """The known cards of a section with their counts, summed by number, in the order first listed."""
        return list(self._cards_by_section.get(section, ()))

    def all_cards(self, sections: Iterable[str]) -> list[tuple[Card, int]]:
        return [item for section in sections for item in self.cards(section)]

    def counts(self) -> dict[str, int]:
        return {section: self.size(section) for section in self.game.sections}


def _summed_cards(entries: list[Entry]) -> list[tuple[Card, int]]:
    totals: dict[str, list[Any]] = {}
    for entry in entries:
        count = entry.count
        if entry.card is None or count is None:
            continue
        slot = totals.setdefault(entry.card.number, [entry.card, 0])
        slot[1] += count
    return [(card, count) for card, count in totals.values()]


# Reading -----------------------------------------------------------------------------------------------

_COUNT_LINE = re.compile(r"^(?P<count>[-+]?\d+(?:[.,]\d+)?)\s*[xX×]?\s+(?P<key>\S.*)$")
_HEADER_LINE = re.compile(r"^(?P<key>[A-Za-z_][A-Za-z0-9_-]*)\s*:\s*(?P<value>.*)$")
_SECTION_LINE = re.compile(r"^##\s*(?P<section>[^#\s][^#]*?)\s*$")
# A comment after an entry: " # ..." (a `#` with a blank on either side), so that a name such as "#UNICUS" stays a name.
_TRAILING_COMMENT = re.compile(r"\s+#(?:\s.*)?$")


def read_input(path: Path, what: str = "deck file", shown: str | Path | None = None) -> bytes:
    """A file's bytes, never waiting on a FIFO that nobody writes to: the open does not block (a FIFO without a
    writer then reads as empty), while a pipe or FIFO with a writer, as `show <(...)` gives, is read to its end; more
    than MAX_INPUT_BYTES (a device that never ends, /dev/zero) is refused, not read into memory."""
    no_wait = getattr(os, "O_NONBLOCK", 0)  # POSIX; elsewhere a plain open
    flags = os.O_RDONLY | no_wait | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)  # bytes as they are
    descriptor = os.open(path, flags)
    with os.fdopen(descriptor, "rb") as handle:
        if no_wait:
            os.set_blocking(descriptor, True)  # opened without waiting; now read to the end
        data = handle.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise DeckcheckError(f"is larger than {MAX_INPUT_BYTES // 2**20} MiB: not a {what}", path=shown or path)
    return data


def read_text(path: Path, shown: str | None = None) -> str:
    """A file's text: UTF-8 with or without a byte-order mark, any line endings. Errors name the file as `shown`
    (the path as the user gave it) when given."""
    where = shown if shown is not None else path
    try:
        data = read_input(path, shown=where)
    except FileNotFoundError:
        raise DeckcheckError("no such file", path=where) from None
    except IsADirectoryError:
        raise DeckcheckError("is a folder, not a file", path=where) from None
    except OSError as error:
        raise DeckcheckError(f"cannot be read ({error.strerror})", path=where) from None
    if b"\x00" in data:
        raise DeckcheckError("is a binary file, not a deck (expected TOML, JSON or a text decklist)", path=where)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DeckcheckError(f"is not UTF-8 text (byte {error.start}); save the deck as UTF-8", path=where) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def deck_format(path: Path, text: str) -> str:
    """'toml', 'json' or 'text', by extension, else by content."""
    suffix = path.suffix.lower()
    if suffix == ".toml":
        return "toml"
    if suffix == ".json":
        return "json"
    if suffix in {".txt", ".dek", ".deck"}:
        return "text"
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return "json"
    if re.search(r"^\s*game\s*=", text, re.MULTILINE):
        return "toml"
    return "text"


def parse_deck(path: str | Path, text: str | None = None, fmt: str | None = None) -> DeckSource:
    """Read a deck file (or the given text) into a :class:`DeckSource`. The path is kept as given (a string stays
    as written: `./a.deck.toml` is reported as `./a.deck.toml`)."""
    shown = path if isinstance(path, str) else str(path)
    if text is None:
        text = read_text(Path(path), shown)
    else:
        text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise DeckcheckError("is empty: expected a deck (a `game` key and its sections)", path=shown)
    fmt = fmt or deck_format(Path(path), text)
    if fmt == "text":
        return _parse_text(shown, text)
    if fmt == "toml":
        data = _load_toml(shown, text)
        source = _mapping_at_lines(shown, data, fmt, lambda: _toml_lines(text))
        source.text = text  # its lines are found when a finding needs them (DeckSource.locate)
        return source
    from deckcheck._util.positions import load_json

    data, lines = load_json(text, shown)  # a key written twice is a malformed file, as in TOML
    if not isinstance(data, dict):
        raise DeckcheckError("must hold a JSON object with a `game` key", path=shown)
    _refuse_registry_export(shown, data)
    source = _mapping_at_lines(shown, data, fmt, lambda: lines)
    source.apply_lines(lines)
    source.text = text  # where entries over several lines end is found when a finding needs it (locate)
    return source


def _toml_lines(text: str) -> dict[tuple[Any, ...], int]:
    from deckcheck._util.positions import toml_key_lines

    return toml_key_lines(text)


def _mapping_at_lines(
    path: str, data: dict[str, Any], fmt: str, lines: Callable[[], dict[tuple[Any, ...], int]]
) -> DeckSource:
    """The deck of a parsed mapping; an error about a key (a section that is not a table, a name that is not a
    string) gets the key's line, found only then."""
    try:
        return _from_mapping(path, data, fmt)
    except DeckcheckError as error:
        if error.line is None and error.field is not None and (line := lines().get((error.field,))):
            error.line = line
            error.args = (error.describe(),)
        raise


def _load_toml(path: str, text: str) -> dict[str, Any]:
    from deckcheck._util.limits import parse_within_limits

    try:
        return parse_within_limits(tomli.loads, text, path, "toml")  # a 5,000-digit count: a malformed file
    except tomli.TOMLDecodeError as error:
        reason, line = toml_error_position(error)
        raise DeckcheckError(f"is not valid TOML: {reason}", path=path, line=line) from None


def _refuse_registry_export(path: str | Path, data: dict[str, Any]) -> None:
    """The official deck registry's JSON is not a deck file: say how to convert it (issue 15 item 6)."""
    inner = data.get("deck") if isinstance(data.get("deck"), dict) else data
    if "game" not in data and any(isinstance(inner.get(key), list) for key in ("list", "sub_list", "p_list")):
        raise DeckcheckError(
            "is a deck registry export (list / sub_list / p_list), not a deck file: convert it first, e.g. "
            f"`deckcheck convert {path} --to toml > deck.deck.toml` (add --game GAME unless the export carries "
            "game_title_id)",
            path=path,
        )


def toml_error_position(error: tomli.TOMLDecodeError) -> tuple[str, int | None]:
    """The reason and line of a TOML error (Python 3.11's tomllib puts them in the message only)."""
    text = str(error)
    if match := re.search(r"\(at line (\d+), column (\d+)\)", text):
        return f"{text[: match.start()].strip()} (column {match[2]})", int(match[1])
    return text, None


def _game_id(path: str | Path, value: Any, line: int | None = None) -> str:
    from deckcheck.games import get_game  # the registry imports every game module

    if value is None:
        raise DeckcheckError("has no `game` key: say which game the deck is for", path=path, line=line)
    if not isinstance(value, str):
        raise DeckcheckError("must be a game id string", path=path, line=line, field="game")
    return get_game(value.strip(), path=path, line=line).id


def source_from_mapping(data: dict[str, Any], path: str | Path = "<deck>", fmt: str = "toml") -> DeckSource:
    """A deck given as the native format's mapping (as tomllib or json would return it)."""
    return _from_mapping(str(path), data, fmt)


def _from_mapping(path: str, data: dict[str, Any], fmt: str) -> DeckSource:
    from deckcheck.games import get_game

    game = get_game(_game_id(path, data.get("game")))
    source = DeckSource(path=str(path), game_id=game.id, format=fmt)
    for key, value in data.items():
        if key == "game":
            continue
        if key in ("name", "regulation") or key in game.deck_keys:
            if not isinstance(value, str):
                raise DeckcheckError(f"must be a string, not {type(value).__name__}", path=path, field=key)
            source.set_key(key, value)
        elif key in game.sections:
            _add_section(source, path, key, value)
        elif isinstance(value, dict):
            source.sections[key] = None
            _add_section(source, path, key, value)
        else:
            source.other[key] = value
    return source


def _add_section(source: DeckSource, path: str, section: str, value: Any) -> None:
    if isinstance(value, str):  # `leader = "X"`: one card, as a user would mean it
        value = {value: 1}
    if not isinstance(value, dict):
        raise DeckcheckError(
            f"section [{section}] must be a table of card = count, not {type(value).__name__}",
            path=path,
            field=section,
        )
    for key, count in value.items():
        source.entries.append(Entry(section=section, key=str(key), raw_count=count))


def _parse_text(path: str, text: str) -> DeckSource:
    from deckcheck.games import get_game

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
            if match := _SECTION_LINE.match(line):
                section = match["section"].strip().lower()
                section_lines.setdefault(section, number)
            continue
        if "#" in line:
            line = _TRAILING_COMMENT.sub("", line)
        if match := _COUNT_LINE.match(line):
            count = match["count"]
            if len(count) > INT_DIGITS:  # more digits than Python reads: not a count (nor a readable line)
                unreadable.append(Problem(f"line {number}: a count of {len(count):,} digits", path, number))
                continue
            raw_count = int(count) if count.isdecimal() else _text_count(count)
            raw_entries.append(Entry(section, match["key"].strip(), raw_count, line=number))
            continue
        if match := _HEADER_LINE.match(line):
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
        game = get_game(_game_id(path, game_value, game_line))
    except DeckcheckError:
        if unreadable:
            raise _unreadable_lines(path, unreadable) from None
        raise
    allowed = ", ".join(("game", "name", "regulation", *game.deck_keys))
    unknown = [
        Problem(f"line {number}: unknown header '{key}:' (this game's deck headers are: {allowed})", path, number)
        for key, (_, number) in header.items()
        if key not in ("name", "regulation") and key not in game.deck_keys
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


# Looking cards up --------------------------------------------------------------------------------------


def resolve_deck(source: DeckSource, db: CardDB) -> Deck:
    """Look every entry (and card-valued key such as cipher's `lord`) up in the card database."""
    for entry in source.entries:
        entry.card = db.resolve(entry.key, entry.section)
    # a card key resolves like a `main` key (cipher's `lord`, spec)
    key_cards = {key: db.resolve(value, "main") for key, value in source.keys.items() if key in db.game.card_keys}
    return Deck(game=db.game, source=source, key_cards=key_cards)


def load_deck(path: str | Path, carddb_dirs: Iterable[str | Path] = ()) -> Deck:
    """Read a deck file and look its cards up (shipped databases plus any extra folders)."""
    from deckcheck.carddb.db import load_carddb

    source = parse_deck(path)
    return resolve_deck(source, load_carddb(source.game_id, carddb_dirs))
