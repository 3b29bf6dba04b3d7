"""Regulations as data: dated banned and restricted lists in `carddb/<game-id>/regulations/*.toml`.

A regulation file::

    name = "Sample 2026-10"          # required, unique per game within one database folder
    effective = 2026-10-01           # a TOML date (or "YYYY-MM-DD"); the day itself is in force
    format = "crossover"             # optional: the format it is for (a game's format or alias); absent: the first
    sample = true                    # optional: shipped sample data, said wherever the regulation is cited
    notes = "..."                    # optional: what is known of it (sources, day), shown by `rules`;
    # (or notes.en = "..." and notes.ja = "...": the notes in each language)
    banned = ["DC-VG-003", "名前"]   # card numbers or exact names, resolved like deck keys
    [limits]
    "DC-VG-010" = 1                  # at most N copies; 0 means banned
    [[entries]]                      # one card each, as the publisher lists it
    card = "名前"                    # a card number or exact name
    kind = "limited"                 # banned (禁止, 0 copies) or limited (制限, also 殿堂入り: 1 copy)
    copies = 1                       # optional, limited only: at most this many (default 1)
    section = "main"                 # optional: counted in that deck section only
    note = "..."                     # optional

A listed card's limit applies to its copy-limit identity, counted exactly as the game counts copies
(``Game.copies.groups``); an entry with a `section` counts only that section's copies. The regulation in force for a
deck is the newest of the deck's format; where none of its format is in force, the newest of the game's first format
(standard) applies, as it did before regulations had formats. Regulations layer like cards (shipped, git root,
$DECKCHECK_CARDDB, --carddb): a later folder's regulation with the same name replaces an earlier one. The files are
read only when a regulation is asked for (--regulation, a deck's `regulation` key, --as-of) or by default (the
regulation in force today, TODAY_ENV); a Workspace (deckcheck.checking.workspace) keeps them for a run, reading them
again when a file changes. A sample regulation (`sample = true`) applies only when asked for (by name or by --as-
of), never by default: invented lists must not judge real decks.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli

from deckcheck._i18n import N_, _, ngettext, read_texts, said_date, said_text, translate
from deckcheck._util.files import read_repository_file
from deckcheck._util.limits import parse_within_limits
from deckcheck._util.normalize import norm_name
from deckcheck._util.safetext import one_line, quoted
from deckcheck._util.text import display_width, joined
from deckcheck._util.toml_scan import toml_error_position
from deckcheck.carddb.db import carddb_layers
from deckcheck.checking.rules import BANNED, RESTRICTED
from deckcheck.errors import DeckcheckError, OptionError, Problem, mention, os_reason, spoken
from deckcheck.games import get_game
from deckcheck.model.game import CopyGroup, Tally, section_phrase, term
from deckcheck.model.versions import FORMAT_KEY, known_format
from deckcheck.model.violation import Violation

if TYPE_CHECKING:
    from deckcheck.carddb.db import CardDB
    from deckcheck.model.cards import Card
    from deckcheck.model.deck import Deck, DeckSource

FOLDER = "regulations"
#: The day deckcheck takes for today (YYYY-MM-DD), for tests and reproducible runs; unset: the system clock's date.
TODAY_ENV = "DECKCHECK_TODAY"
_KEYS = ("game", "name", "effective", "format", "sample", "notes", "banned", "limits", "entries")
_ENTRY_KEYS = ("card", "kind", "copies", "section", "note")
#: The kinds of an entry, as the publishers word them: banned (禁止: 0 copies), limited (制限: 1 copy, or `copies`);
#: 殿堂入り, the older name of a 1-copy list, is limited.
KINDS = {"banned": "banned", "禁止": "banned", "limited": "limited", "制限": "limited", "殿堂入り": "limited"}
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ENTRY_HEADER = re.compile(r"""^\s*\[\[\s*["']?entries["']?\s*\]\]""")


class RegulationError(DeckcheckError):
    """Regulation files that cannot be used: every problem is listed (file, line, field, reason)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        # Each problem with its file and line (a Problem) becomes its own annotation in the CI formats.
        details = [problem if isinstance(problem, Problem) else Problem(problem) for problem in problems]
        super().__init__(_("broken regulation data:") + "\n  " + "\n  ".join(problems), details=details)


# Reading -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Listing:
    """One card a regulation limits, as written."""

    key: str
    limit: int  # 0: banned
    where: str  # "path:line: field '...'" for messages about this listing
    path: str | None = None  # the file and line it is written on, for problems about it
    line: int | None = None
    section: str | None = None  # counted in this deck section only (None: as the game counts copies)

    def problem(self, text: str) -> Problem:
        return Problem(f"{self.where}: {text}", self.path, self.line)


@dataclass(frozen=True)
class Regulation:
    """A regulation as read from its file (cards not yet looked up)."""

    game: str
    name: str
    effective: date
    sample: bool
    path: str
    listings: tuple[Listing, ...] = ()
    format: str = "standard"  # the format it is for (the game's first when the file names none)
    notes: tuple[tuple[str, str], ...] = ()  # (language tag, text): one text, or one per language the file gives

    @property
    def said_notes(self) -> str | None:
        """The notes in the language deckcheck speaks, else in English, else the first the file gives."""
        return said_text(self.notes)

    @property
    def ref(self) -> str:
        """What a violation cites: the regulation's name and date (contract: `ref`)."""
        return f"{self.name} ({self.effective.isoformat()})" + (" (sample)" if self.sample else "")

    @property
    def shown_format(self) -> str | None:
        """The format as people are told it: None for a game of one format (nothing to tell apart)."""
        return self.format if len(get_game(self.game).play.formats) > 1 else None

    @property
    def said_format(self) -> str | None:
        """`shown_format` as the game's documents name it in the chosen language (シールド戦 for `sealed`)."""
        shown = self.shown_format
        return term(get_game(self.game), FORMAT_KEY, shown) if shown is not None else None

    def describe(self) -> str:
        shown = self.said_format
        if shown is not None:
            said = (
                _("the {format} regulation '{name}' (effective {date}, sample data)")
                if self.sample
                else _("the {format} regulation '{name}' (effective {date})")
            )
            return said.format(name=self.name, date=said_date(self.effective.isoformat()), format=shown)
        said = (
            _("the regulation '{name}' (effective {date}, sample data)")
            if self.sample
            else _("the regulation '{name}' (effective {date})")
        )
        return said.format(name=self.name, date=said_date(self.effective.isoformat()))

    def label(self, format_word: Callable[[str], str] = str) -> str:
        """`NAME` or `NAME (crossover)`: the regulation named on a deck's header line (the format as `format_word`
        says it)."""
        shown = self.shown_format
        return _("{name} ({format})").format(name=self.name, format=format_word(shown)) if shown else self.name

    def to_json(self) -> dict[str, Any]:
        effective = self.effective.isoformat()
        return {"name": self.name, "effective": effective, "sample": self.sample, "format": self.format}

    def bind(self, db: CardDB, *, strict: bool = True) -> BoundRegulation:
        """Look every listed card up in the game's card database; unknown cards are a broken regulation, unless not
        `strict` (a regulation applied by default to a database made in code, which may not hold its cards: a
        card the database lacks cannot be in its decks, so its listing is left out)."""
        if db.game.id != self.game:
            raise DeckcheckError(
                _("the regulation '{name}' is for {game}, not {other}").format(
                    name=self.name, game=self.game, other=db.game.id
                ),
                path=self.path,
            )
        problems: list[str] = []
        limits: dict[Hashable, list[Restriction]] = {}
        for listing in self.listings:
            if not strict and db.resolve(listing.key) is None:
                continue
            restriction = _restriction(db, listing, problems)
            if restriction is None:
                continue
            same = limits.setdefault(restriction.identity, [])
            earlier = next((r for r in same if r.section == restriction.section), None)
            if earlier is not None and earlier.limit != restriction.limit:
                problems.append(
                    listing.problem(
                        _(
                            "{key} is the same card for the copy limit as {earlier}, listed with a different limit "
                            "({limit} against {earlier_limit})"
                        ).format(
                            key=quoted(listing.key),
                            earlier=quoted(earlier.key),
                            limit=_limit_word(restriction.limit),
                            earlier_limit=_limit_word(earlier.limit),
                        )
                    )
                )
                continue
            if earlier is None:
                same.append(restriction)
        if problems:
            raise RegulationError(problems)
        return BoundRegulation(self, limits)


@dataclass(frozen=True)
class Restriction:
    """A listed card resolved: the copy-limit identity its limit applies to."""

    identity: Hashable
    limit: int
    card: Card
    key: str
    where: str
    section: str | None = None  # counted in this deck section only


def _limit_word(limit: int) -> str:
    return _("banned") if limit == 0 else _("at most {n}").format(n=limit)


def _restriction(db: CardDB, listing: Listing, problems: list[str]) -> Restriction | None:
    card = db.resolve(listing.key)
    if card is None:
        hints = db.suggest(listing.key)
        hint = _("; did you mean: {cards}?").format(cards="; ".join(hints)) if hints else ""
        title = db.game.title
        said = (
            _("{key} is not an {game} card number or name in the card database{hint}")
            if title[:1].lower() in "aeiou"
            else _("{key} is not a {game} card number or name in the card database{hint}")
        )
        problems.append(listing.problem(said.format(key=quoted(listing.key), game=db.game.said_title, hint=hint)))
        return None
    identity = db.game.copies.identity(card)
    if identity is None:
        problems.append(
            listing.problem(
                _(
                    "{card} has no copy limit in {game} (it is not counted as a deck card), so a regulation cannot "
                    "limit it"
                ).format(card=card.label(), game=db.game.said_title)
            )
        )
        return None
    return Restriction(identity, listing.limit, card, listing.key, listing.where, listing.section)


_QUOTES = "\"'"
_QUOTE_MARKS = re.compile(r"[\"']")


def _core(text: str, right: bool = True) -> str:
    """`text` without the blanks and quotes at its start (and, with `right`, at its end): what stands around a key
    before its `=`."""
    start, end = 0, len(text)
    while start < end and (text[start].isspace() or text[start] in _QUOTES):
        start += 1
    while right and end > start and (text[end - 1].isspace() or text[end - 1] in _QUOTES):
        end -= 1
    return text[start:end]


def _assigned(key: str) -> tuple[str, str]:
    """A line that sets `key` (bare or quoted)."""
    return ("assigned", key)


def _quoted(value: str) -> tuple[str, str]:
    """A line holding `value` as a string."""
    return ("quoted", value)


def _pattern(where: tuple[str, str]) -> str:
    kind, text = where
    if kind == "assigned":
        return rf"""^\s*["']?{re.escape(text)}["']?\s*="""
    return rf"""["']{re.escape(text)}["']"""


class _Lines:
    """Where a regulation file's keys and strings stand, indexed in one pass over its lines (each listing asking for
    its line scanned the whole file: quadratic in the entries), each answer the first line its pattern (`_pattern`)
    matches, as a scan of every line finds it."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.found: dict[tuple[str, str], int | None] = {}
        # a key line's core (the text before its first `=`, blanks and quotes taken off its ends) -> its lines, and
        # the same with them taken off its start only (a key holding a `=`: the line's first `=` is the key's)
        self.cores: dict[str, list[int]] = {}
        self.starts: dict[str, list[int]] = {}
        # the text between two quotes next to each other on a line -> the first such line
        self.strings: dict[str, int] = {}
        # the same, kept for every line (a string holding a quote is looked for among the lines of its first part)
        self.string_lines: dict[str, list[int]] = {}
        self.entry_headers = [n for n, line in enumerate(self.lines, start=1) if _ENTRY_HEADER.match(line)]
        for number, line in enumerate(self.lines, start=1):
            if (equals := line.find("=")) >= 0:
                self.cores.setdefault(_core(line[:equals]), []).append(number)
                self.starts.setdefault(_core(line[:equals], right=False), []).append(number)
            marks = [mark.start() for mark in _QUOTE_MARKS.finditer(line)]
            for start, end in zip(marks, marks[1:], strict=False):
                inner = line[start + 1 : end]
                self.strings.setdefault(inner, number)
                lines = self.string_lines.setdefault(inner, [])
                if not lines or lines[-1] != number:
                    lines.append(number)

    def line(self, where: tuple[str, str]) -> int | None:
        if where not in self.found:
            self.found[where] = self._first(where)
        return self.found[where]

    def _first(self, where: tuple[str, str]) -> int | None:
        kind, text = where
        if kind == "quoted" and not any(quote in text for quote in _QUOTES):
            return self.strings.get(text)  # between two quotes with none between them: exactly a string's text
        if kind == "quoted":
            candidates = self.string_lines.get(_QUOTE_MARKS.split(text)[0], [])
        elif "=" in text:
            candidates = self.starts.get(_core(text.split("=")[0], right=False), [])
        else:
            candidates = self.cores.get(_core(text), [])
        found = re.compile(_pattern(where))
        return next((number for number in candidates if found.search(self.lines[number - 1])), None)


class _FileReader:
    """Reads one regulation file, collecting every problem rather than stopping at the first."""

    def __init__(self, game_id: str, path: Path, problems: list[str]) -> None:
        self.game_id, self.path, self.problems = game_id, path, problems
        self.text = ""
        self._lines: _Lines | None = None

    def line_of(self, where: tuple[str, str]) -> int | None:
        """The first line of the file that `where` names (see _Lines)."""
        if self._lines is None:
            self._lines = _Lines(self.text)
        return self._lines.line(where)

    def at(self, field_name: str, pattern: tuple[str, str] | None = None) -> str:
        line = self.line_of(pattern) if pattern else None
        where = f"{one_line(str(self.path))}:{line}" if line else one_line(str(self.path))
        return _("{where}: field '{field}'").format(where=where, field=field_name)

    def problem(self, field_name: str, reason: str, pattern: tuple[str, str] | None = None) -> None:
        line = self.line_of(pattern) if pattern else None
        self.problems.append(Problem(f"{self.at(field_name, pattern)}: {reason}", self.path, line))

    def listing(
        self, key: str, limit: int, field_name: str, pattern: tuple[str, str], item: int | None = None
    ) -> Listing:
        where = self.at(field_name, pattern)
        if item is not None:
            where = _("{where}, item {index}").format(where=where, index=item)
        return Listing(key, limit, where, str(self.path), self.line_of(pattern))

    def entry_at(self, index: int) -> tuple[str, int | None]:
        """'path:line: entry N' for the N-th `[[entries]]` table (its header's line), and that line."""
        if self._lines is None:
            self._lines = _Lines(self.text)
        headers = self._lines.entry_headers
        line = headers[index - 1] if index <= len(headers) else self.line_of(_assigned("entries"))
        where = f"{one_line(str(self.path))}:{line}" if line else one_line(str(self.path))
        return _("{where}: entry {index}").format(where=where, index=index), line

    def entry_problem(self, index: int, reason: str) -> None:
        where, line = self.entry_at(index)
        self.problems.append(Problem(f"{where}: {reason}", self.path, line))

    def read(self) -> Regulation | None:
        data = self._load()
        if data is None:
            return None
        before = len(self.problems)
        self._check_keys(data)
        name = self._name(data.get("name"))
        effective = self._effective(data.get("effective"))
        format = self._format(data.get("format"))
        sample = self._sample(data.get("sample", False))
        notes = self._notes(data.get("notes"))
        listings = [
            *self._banned(data.get("banned", [])),
            *self._limits(data.get("limits", {})),
            *self._entries(data.get("entries", [])),
        ]
        if len(self.problems) > before or name is None or effective is None or format is None:
            return None
        return Regulation(self.game_id, name, effective, sample, str(self.path), tuple(listings), format, notes)

    def _load(self) -> dict[str, Any] | None:
        try:
            data = read_repository_file(self.path, N_("regulation file"))  # never a FIFO, a device, a huge file
            self.text = data.decode("utf-8-sig").replace("\r\n", "\n")
            return parse_within_limits(tomli.loads, self.text, self.path, "toml")
        except DeckcheckError as error:  # unreadable, not a regular file, a number too long or nesting too deep
            self.problems.append(Problem(str(error), self.path, error.line))
        except tomli.TOMLDecodeError as error:
            reason, line = toml_error_position(error)
            where = f"{one_line(str(self.path))}:{line}" if line else one_line(str(self.path))
            said = _("{where}: is not valid TOML: {reason}").format(where=where, reason=reason)
            self.problems.append(Problem(said, self.path, line))
        except UnicodeDecodeError:
            said = _("{where}: is not UTF-8 text").format(where=one_line(str(self.path)))
            self.problems.append(Problem(said, self.path))
        except OSError as error:
            said = _("{where}: cannot be read ({reason})").format(
                where=one_line(str(self.path)), reason=os_reason(error)
            )
            self.problems.append(Problem(said, self.path))
        return None

    def _check_keys(self, data: dict[str, Any]) -> None:
        for key in data:
            if key not in _KEYS:
                self.problem(
                    key, _("is not a regulation key (the keys are: {keys})").format(keys=joined(_KEYS)), _assigned(key)
                )
        game = data.get("game", self.game_id)
        if game != self.game_id:
            said = _("{game} disagrees with its folder {folder}").format(game=repr(game), folder=repr(self.game_id))
            self.problem("game", said, _assigned("game"))

    def _name(self, value: Any) -> str | None:
        if value is None:
            said = _("is required but missing (the name that {option} and a deck's key select)")
            self.problem("name", spoken(said.format(option=mention("regulation"))))
            return None
        if not isinstance(value, str) or not norm_name(value):
            said = _("must be a non-empty string, not {value}").format(value=quoted(value))
            self.problem("name", said, _assigned("name"))
            return None
        return norm_name(value)

    def _effective(self, value: Any) -> date | None:
        if value is None:
            said = _("is required but missing (the date the regulation takes effect, YYYY-MM-DD)")
            self.problem("effective", said)
            return None
        if isinstance(value, datetime | time) or not isinstance(value, date | str):
            shown = value.isoformat() if isinstance(value, datetime | time) else quoted(value)
            said = _("must be a date YYYY-MM-DD without a time, not {value}").format(value=shown)
            self.problem("effective", said, _assigned("effective"))
            return None
        if isinstance(value, date):
            return value
        try:
            return parse_day(value, N_("the effective date"))
        except DeckcheckError as error:
            self.problem("effective", error.reason, _assigned("effective"))
            return None

    def _format(self, value: Any) -> str | None:
        """The format named (a game's format or its alias), else the game's first; None when it names none."""
        game = get_game(self.game_id)
        if value is None:
            return game.play.formats[0]
        found = known_format(game, value) if isinstance(value, str) else None
        if found is None:
            said = _("{value} is not a format of {game} (the formats are: {formats})").format(
                value=quoted(value), game=self.game_id, formats=joined(game.play.formats)
            )
            self.problem("format", said, _assigned("format"))
        return found

    def _notes(self, value: Any) -> tuple[tuple[str, str], ...]:
        """A string, or a table of language tags (en, ja) to strings: the notes in each language."""
        texts = read_texts(value)
        if texts is None:
            said = _("must be a string or a table of en/ja strings, not {value}").format(value=quoted(value))
            self.problem("notes", said, _assigned("notes"))
            return ()
        return texts

    def _entries(self, value: Any) -> Iterator[Listing]:
        if not isinstance(value, list):
            said = _("must be an array of tables [[entries]] (card, kind, copies, section, note), not {value}").format(
                value=quoted(value)
            )
            self.problem("entries", said, _assigned("entries"))
            return
        for index, entry in enumerate(value, start=1):
            listing = self._entry(index, entry)
            if listing is not None:
                yield listing

    def _entry(self, index: int, entry: Any) -> Listing | None:
        """One `[[entries]]` table; every problem of it is said, with its file and line."""
        if not isinstance(entry, dict):
            self.entry_problem(index, _("must be a table (card, kind, ...), not {value}").format(value=quoted(entry)))
            return None
        before = len(self.problems)
        for key in entry:
            if key not in _ENTRY_KEYS:
                said = _("{key} is not a key of an entry (the keys are: {keys})").format(
                    key=quoted(key), keys=joined(_ENTRY_KEYS)
                )
                self.entry_problem(index, said)
        card = entry.get("card")
        if not isinstance(card, str) or not card.strip():
            shown = _("nothing") if card is None else quoted(card)
            self.entry_problem(index, _("'card' must be a card number or name, not {value}").format(value=shown))
        kind = KINDS.get(entry["kind"].strip()) if isinstance(entry.get("kind"), str) else None
        if kind is None:
            shown = _("nothing") if entry.get("kind") is None else quoted(entry.get("kind"))
            said = _("'kind' must be one of {kinds}, not {value}").format(kinds=joined(KINDS), value=shown)
            self.entry_problem(index, said)
        limit = self._entry_copies(index, entry, kind)
        section = self._entry_section(index, entry.get("section"))
        if len(self.problems) > before or not isinstance(card, str) or limit is None:
            return None
        where, line = self.entry_at(index)
        return Listing(card, limit, where, str(self.path), line, section)

    def _entry_copies(self, index: int, entry: dict[str, Any], kind: str | None) -> int | None:
        copies = entry.get("copies")
        if kind == "banned":
            if copies is not None and copies != 0:
                said = _("a banned card has no 'copies' (0 copies); write kind = \"limited\" to allow {value}")
                self.entry_problem(index, said.format(value=quoted(copies)))
                return None
            return 0
        if copies is None:
            return 1
        if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
            said = _("'copies' must be a whole number of at least 1 (the copies a limited card may have), not {value}")
            self.entry_problem(index, said.format(value=quoted(copies)))
            return None
        return copies

    def _entry_section(self, index: int, value: Any) -> str | None:
        if value is None:
            return None
        sections = get_game(self.game_id).sections
        if isinstance(value, str) and value.strip() in sections:
            return value.strip()
        said = _("'section' {value} is not a deck section of {game} (the sections are: {sections})").format(
            value=quoted(value), game=self.game_id, sections=joined(sections)
        )
        self.entry_problem(index, said)
        return None

    def _sample(self, value: Any) -> bool:
        if not isinstance(value, bool):
            said = _("must be true or false, not {value}").format(value=quoted(value))
            self.problem("sample", said, _assigned("sample"))
            return False
        return value

    def _banned(self, value: Any) -> Iterator[Listing]:
        if not isinstance(value, list):
            said = _("must be a list of card numbers or names, not {value}").format(value=quoted(value))
            self.problem("banned", said, _assigned("banned"))
            return
        for index, key in enumerate(value, start=1):
            if not isinstance(key, str) or not key.strip():
                said = _("item {index} must be a card number or name, not {value}").format(
                    index=index, value=quoted(key)
                )
                self.problem("banned", said, _assigned("banned"))
                continue
            yield self.listing(key, 0, "banned", _quoted(key), index)

    def _limits(self, value: Any) -> Iterator[Listing]:
        if not isinstance(value, dict):
            said = _("must be a table of card = copies, not {value}").format(value=quoted(value))
            self.problem("limits", said, _assigned("limits"))
            return
        for key, limit in value.items():
            if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
                self.problem(
                    f"limits.{key}",
                    _(
                        "must be a whole number of copies (0 = banned, 1 or more = at most that many), not {value}"
                    ).format(value=quoted(limit)),
                    _assigned(key),
                )
                continue
            yield self.listing(key, limit, f"limits.{key}", _assigned(key))


def parse_day(value: date | str, what: str = N_("a date"), *, option: str | None = None) -> date:
    """A YYYY-MM-DD date (a date object passes); anything else is bad input. `what` names the value in the message
    (marked with N_ where it is written); a value given for an `option` (`as_of`) is refused with an OptionError that
    names it."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value

    def refused(reason: str, shown: str) -> DeckcheckError:
        if option is None:
            return DeckcheckError(reason.format(what=translate(what), value=shown))
        return OptionError(option, reason.format(what=mention(option), value=shown))

    text = str(value).strip()
    if not _DAY.match(text):
        raise refused(_("{what} must be a date YYYY-MM-DD, not {value}"), quoted(value))
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise refused(_("{what} {value} is not a real date"), quoted(text)) from None


def current_day() -> date:
    """Today's date: $DECKCHECK_TODAY when set (YYYY-MM-DD, anything else is bad input), else the clock's."""
    value = os.environ.get(TODAY_ENV, "").strip()
    if not value:
        return date.today()
    return parse_day(value, f"${TODAY_ENV}")


# The regulations of a game ---------------------------------------------------------------------------------


@dataclass
class RegulationSet:
    """Every regulation of one game after layering, by normalised name."""

    game: str
    regulations: dict[str, Regulation] = field(default_factory=dict)
    folders: tuple[str, ...] = ()

    def get(self, name: str) -> Regulation | None:
        return self.regulations.get(norm_name(name))

    def require(self, name: str, *, path: str | None = None, field_name: str | None = None) -> Regulation:
        found = self.get(name)
        if found is None:
            raise DeckcheckError(
                _("unknown regulation {name} for {game}; {known}").format(
                    name=quoted(name), game=self.game, known=self.known()
                ),
                path=path,
                field=field_name,
            )
        return found

    def ordered(self) -> list[Regulation]:
        return sorted(self.regulations.values(), key=lambda r: (r.effective, r.name))

    def known(self) -> str:
        """'the regulations are: A (2026-04-01, sample); B (...)', or where none was found."""
        if not self.regulations:
            where = ", ".join(self.folders) or f"carddb/{self.game}/{FOLDER}/"
            return _("{game} has no regulations (looked for *.toml in {where})").format(game=self.game, where=where)
        return _("the regulations are: {names}").format(names=self.names())

    def names(self) -> str:
        sample = _(", sample")
        listed = [f"{r.name} ({r.effective.isoformat()}{sample if r.sample else ''})" for r in self.ordered()]
        return joined(listed) or _("none")

    def of_format(self, regulations: list[Regulation], format: str | None) -> list[Regulation]:
        """Those of `format` (None: the game's first); where there are none, those of the game's first format (a
        regulation of one format applies to the decks of every format without a list of its own)."""
        first = get_game(self.game).play.formats[0]
        own = [r for r in regulations if r.format == (format or first)]
        return own or [r for r in regulations if r.format == first]

    def in_force(self, day: date, format: str | None = None) -> Regulation:
        """The regulation of the deck's `format` with the latest effective date on or before `day` (the day itself
        is in force); where none of that format is in force, the game's first format's (standard)."""
        started = self.of_format([r for r in self.ordered() if r.effective <= day], format)
        if not started:
            if not self.regulations:
                raise NoRegulationInForce(
                    "as_of",
                    _("{option} {day}: {known}").format(
                        option=mention("as_of"), day=day.isoformat(), known=self.known()
                    ),
                )
            first = self.ordered()[0]
            raise NoRegulationInForce(
                "as_of",
                _(
                    "{option} {day} is before every {game} regulation: the earliest is '{name}', effective {date} "
                    "({known})"
                ).format(
                    option=mention("as_of"),
                    day=day.isoformat(),
                    game=self.game,
                    name=first.name,
                    date=said_date(first.effective.isoformat()),
                    known=self.known(),
                ),
            )
        latest = [r for r in started if r.effective == started[-1].effective]
        if len(latest) > 1:
            raise OptionError(
                "as_of",
                _(
                    "{option} {day}: {names} both take effect on {date} for {game}; choose one with {regulation} NAME"
                ).format(
                    option=mention("as_of"),
                    day=day.isoformat(),
                    names=joined([repr(r.name) for r in latest]),
                    date=said_date(latest[0].effective.isoformat()),
                    game=self.game,
                    regulation=mention("regulation"),
                ),
            )
        return latest[0]

    def current(self, day: date, format: str | None = None) -> Regulation | None:
        """The regulation in force on `day` when nobody asked for one (the default): the latest of the deck's `format`
        (as in_force) effective on or before it that is not sample data; None when none is. Two on that latest date
        is an OptionError (choose by name)."""
        started = self.of_format([r for r in self.ordered() if r.effective <= day and not r.sample], format)
        if not started:
            return None
        latest = [r for r in started if r.effective == started[-1].effective]
        if len(latest) > 1:
            raise OptionError(
                "regulation",
                _(
                    "today ({day}): {names} both take effect on {date} for {game}; choose one with {regulation} NAME "
                    "(or {no_regulation})"
                ).format(
                    day=said_date(day.isoformat()),
                    names=joined([repr(r.name) for r in latest]),
                    date=said_date(latest[0].effective.isoformat()),
                    game=self.game,
                    regulation=mention("regulation"),
                    no_regulation=mention("no_regulation"),
                ),
            )
        return latest[0]

    def why_none(self, day: date) -> str:
        """Why no regulation is in force on `day` by default (current() is None), in a few words."""
        if not self.regulations:
            return _("no regulations")
        if all(r.sample for r in self.regulations.values()):
            return _("only sample data, which applies when asked for")
        first = min(r.effective for r in self.regulations.values() if not r.sample)
        return _("the first takes effect on {date}").format(date=said_date(first.isoformat()))

    def listing(self) -> list[str]:
        """`deckcheck rules GAME`'s closing lines: every regulation, oldest first, with its date and size (in the
        chosen language)."""
        if not self.regulations:
            return [_("Regulations: none ({known}).").format(known=self.known())]
        said = _(
            "Regulations ({folder}/*.toml in the card database folders; select with {regulation} NAME, a "
            "deck's `regulation` key or {as_of}; by default the one in force today, sample data "
            "excepted):"
        )
        lines = [
            spoken(said.format(folder=FOLDER, regulation=mention("regulation"), as_of=f"{mention('as_of')} YYYY-MM-DD"))
        ]
        width = max([32, *(display_width(r.name) for r in self.ordered())])
        for r in self.ordered():
            banned = sum(1 for listing in r.listings if listing.limit == 0)
            limited = len(r.listings) - banned
            padding = " " * (width - display_width(r.name))  # Japanese names take two columns a character
            sample = "  " + _("sample data") if r.sample else ""
            counts = _("({banned}, {limited})").format(
                banned=ngettext("{n} banned card", "{n} banned cards", banned).format(n=banned),
                limited=ngettext("{n} limited card", "{n} limited cards", limited).format(n=limited),
            )
            day = said_date(r.effective.isoformat())
            effective = _("effective {date}").format(date=day)
            if r.said_format is not None:
                effective = _("{format}, effective {date}").format(format=r.said_format, date=day)
            lines.append(f"  {r.name}{padding} {effective}{sample}  {counts}")
            if r.said_notes:
                lines.append("    " + _("notes: {notes}").format(notes=r.said_notes))
        return lines


def regulation_lines(game_id: str, carddb_dirs: Iterable[str | Path] = ()) -> list[str]:
    """The listing of a game's regulations for `deckcheck rules GAME` (a broken file raises RegulationError)."""
    return load_regulations(game_id, carddb_dirs).listing()


def load_regulations(game_id: str, carddb_dirs: Iterable[str | Path] = (), cwd: Path | None = None) -> RegulationSet:
    """The layered regulations of a game, read now (a broken file raises RegulationError); a
    deckcheck.checking.workspace.Workspace keeps them for a run."""
    return read_regulations(game_id, tuple(carddb_layers(carddb_dirs, cwd)))


def regulation_files(game_id: str, layers: tuple[Path, ...]) -> tuple[tuple[tuple[int, Path], ...], tuple[object, ...]]:
    """The regulation files of a game in these layer folders (layer index, path) and their stamps (modification
    time and size): what a reading of them is keyed by, so that a changed file is read again."""
    resolved = tuple(layer.resolve() for layer in layers)
    files = tuple((index, path) for index, layer in enumerate(resolved) for path in _files(layer / game_id / FOLDER))
    return files, tuple(_stamp(path) for _index, path in files)


def read_regulations(game_id: str, layers: tuple[Path, ...]) -> RegulationSet:
    """The layered regulations of a game in these resolved layer folders, read now."""
    files, _stamps = regulation_files(game_id, layers)
    folders = tuple(str(layer.resolve() / game_id / FOLDER) for layer in layers)
    return _read(game_id, files, folders)


def _files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def _stamp(path: Path) -> tuple[int, int]:
    try:
        stat = path.stat()
    except OSError:
        return (-1, -1)
    return (stat.st_mtime_ns, stat.st_size)


def _read(game_id: str, files: tuple[tuple[int, Path], ...], folders: tuple[str, ...]) -> RegulationSet:
    problems: list[str] = []
    layers: dict[int, dict[str, Regulation]] = {}
    for index, path in files:
        regulation = _FileReader(game_id, path, problems).read()
        if regulation is None:
            continue
        same_layer = layers.setdefault(index, {})
        if regulation.name in same_layer:
            said = _(
                "{where}: field 'name': {name} is already the name of a regulation in {other} (a name is unique "
                "within one database folder)"
            ).format(where=one_line(str(path)), name=repr(regulation.name), other=same_layer[regulation.name].path)
            problems.append(Problem(said, path))
            continue
        same_layer[regulation.name] = regulation
    if problems:
        raise RegulationError(problems)
    regulations: dict[str, Regulation] = {}
    for index in sorted(layers):
        regulations.update(layers[index])  # a later layer's regulation of the same name replaces
    return RegulationSet(game_id, regulations, folders)


# Checking a deck ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoundRegulation:
    """A regulation with its cards looked up: copy-limit identity → restriction."""

    regulation: Regulation
    limits: dict[Hashable, list[Restriction]]

    def violations(self, deck: Deck[Any]) -> list[Violation]:
        """`regulation.banned` / `regulation.restricted`, counted as the game counts copies; an entry limited to one
        section counts that section's copies only."""
        found = []
        groups = list(deck.game.copies.groups(deck))
        for group in groups:
            for restriction in self.limits.get(group.identity, ()):
                if restriction.section is None and group.tally.count > restriction.limit:
                    found.append(self._violation(group, restriction))
        for restrictions in self.limits.values():
            for restriction in restrictions:
                if restriction.section is not None:
                    counted = _in_section(deck, groups, restriction)
                    if counted is not None and counted.tally.count > restriction.limit:
                        found.append(self._violation(counted, restriction))
        return found

    def _violation(self, group: CopyGroup[Any], restriction: Restriction) -> Violation:
        entry = group.tally
        scope_of = translate(group.scope)  # (a game's words: "the main deck", "the main deck and D deck together")
        scope = scope_of[:1].upper() + scope_of[1:]
        count = entry.count
        if " and " in group.scope:
            held = ngettext("{scope} hold {n} copy of {cards}", "{scope} hold {n} copies of {cards}", count)
        else:
            held = ngettext("{scope} has {n} copy of {cards}", "{scope} has {n} copies of {cards}", count)
        held = held.format(scope=scope, n=count, cards=_cards_text(group))
        listed = _("listed as {key}").format(key=quoted(restriction.key))
        if restriction.section is not None:
            listed = _("listed as {key}, for {scope} only").format(key=quoted(restriction.key), scope=scope_of)
        regulation = self.regulation.describe()
        if restriction.limit == 0:
            rule = BANNED
            message = _("{held}, which {regulation} bans ({listed}).").format(
                held=held, regulation=regulation, listed=listed
            )
        else:
            rule = RESTRICTED
            limit = restriction.limit
            message = ngettext(
                "{held}; {regulation} allows at most {n} copy ({listed}).",
                "{held}; {regulation} allows at most {n} copies ({listed}).",
                limit,
            ).format(held=held, regulation=regulation, n=limit, listed=listed)
        return Violation(
            rule=rule,
            severity="error",
            section=group.section,
            message=message,
            ref=self.regulation.ref,
            cards=entry.numbers,
            count=entry.count,
            limit=restriction.limit,
        )


def _in_section(deck: Deck[Any], groups: list[CopyGroup[Any]], restriction: Restriction) -> CopyGroup[Any] | None:
    """The copies of a restriction's identity in its section alone (None: none there): the game's group where it
    counts that section by itself, else (a game that counts sections together) the section's copies recounted."""
    section = restriction.section
    if section is None:
        return None
    identity = deck.game.copies.identity
    mine = [g for g in groups if g.section == section and g.identity == restriction.identity]
    cards = [(card, n) for card, n in deck.cards(section) if identity(card) == restriction.identity]
    count = sum(n for _card, n in cards)
    if mine and mine[0].tally.count == count:
        return mine[0]
    if not count:
        return None
    tally: Tally[Any] = Tally(count, [card for card, _n in cards])
    return CopyGroup(section, restriction.identity, tally, section_phrase(deck.game, section))


def _cards_text(group: CopyGroup[Any]) -> str:
    """'A (N1, N2), B (N3)', plus the name they were counted under when no card carries it (a territory's open
    face, a name given by card text). Names and numbers as printed; the cards group by their normalised name."""
    numbers: dict[str, tuple[str, list[str]]] = {}
    for card in group.tally.cards:
        numbers.setdefault(card.name, (card.said_name, []))[1].append(card.printed_number)
    text = joined(f"{shown} ({joined(dict.fromkeys(found))})" for shown, found in numbers.values())
    identity = group.identity
    if isinstance(identity, str) and identity not in numbers and identity not in group.tally.numbers:
        text = _("{cards}, counted under the name {name}").format(cards=text, name=identity)
    return text


# Choosing the regulation of a deck ----------------------------------------------------------------------------


def choose(
    regulations: RegulationSet,
    *,
    name: str | None = None,
    deck_key: str | None = None,
    day: date | None = None,
    deck_path: str | None = None,
    name_required: bool = True,
    format: str | None = None,
) -> Regulation | None:
    """The contract's order: --regulation NAME, else the deck's `regulation` key, else the one of the deck's `format`
    in force on --as-of, else none. With ``name_required=False`` (several games in one check) a game without NAME
    falls through."""
    if name is not None:
        found = regulations.get(name)
        if found is not None:
            return found
        if name_required:
            regulations.require(name)
    if deck_key is not None:
        return regulations.require(deck_key, path=deck_path, field_name="regulation")
    if day is not None:
        return regulations.in_force(day, format)
    return None


class NoRegulationInForce(OptionError):
    """`as_of` names a day before every regulation of the game (or it has none): none was in force that day. Asked
    for alone, that is not bad input: the deck is judged without a regulation, as `check` does (with a note)."""


def deck_regulation(source: DeckSource) -> str | None:
    """The regulation a deck file names; a blank `regulation` key names none."""
    value = source.regulation
    return value if value is not None and value.strip() else None
