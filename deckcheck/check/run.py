"""Checking decks: the rules every game shares, the game's own rules, and finding decks in folders."""

from __future__ import annotations

import errno
import os
import re
import time
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli

from deckcheck._util.files import read_text
from deckcheck.carddb.db import CardDB, layer_folders, load_carddb, resolve_deck
from deckcheck.errors import DeckcheckError
from deckcheck.formats.read import parse_deck
from deckcheck.model.deck import COUNT_DIGITS, MAX_COUNT, Deck, DeckSource
from deckcheck.model.game import with_article
from deckcheck.model.violation import Violation

if TYPE_CHECKING:  # deckcheck.regulations is imported only when a regulation is asked for
    from deckcheck.check.regulations import BoundRegulation, Regulation, RegulationSet


@dataclass
class DeckReport:
    """The verdict on one deck."""

    path: str | None
    game: str
    name: str | None
    counts: dict[str, int]
    violations: list[Violation]
    regulation: Regulation | None = None  # the regulation the deck was checked against, if any
    seconds: float = 0.0  # how long checking it took (JUnit's `time`)
    note: str | None = None  # e.g. --as-of before the game's first regulation: judged without one

    @property
    def legal(self) -> bool:
        return not any(v.severity == "error" for v in self.violations)

    def fails(self, fail_on: str = "error") -> bool:
        levels = {"error"} if fail_on == "error" else {"error", "warning"}
        return any(v.severity in levels for v in self.violations)

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "game": self.game,
            "name": self.name,
            "legal": self.legal,
            "counts": self.counts,
            "violations": [v.to_json() for v in self.violations],
            "regulation": self.regulation.to_json() if self.regulation is not None else None,
        }


@dataclass
class CheckRun:
    """Reports for every readable deck, and the problems that stopped the others (exit 2)."""

    reports: list[DeckReport] = field(default_factory=list)
    errors: list[DeckcheckError] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # about the run itself, e.g. games a --regulation does not cover

    def summary(self) -> dict[str, int]:
        violations = [v for report in self.reports for v in report.violations]
        return {
            "decks": len(self.reports),
            "legal": sum(report.legal for report in self.reports),
            "errors": sum(v.severity == "error" for v in violations),
            "warnings": sum(v.severity == "warning" for v in violations),
        }

    def exit_code(self, fail_on: str = "error") -> int:
        if self.errors:
            return 2
        return 1 if any(report.fails(fail_on) for report in self.reports) else 0

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "decks": [report.to_json() for report in self.reports],
            "summary": self.summary(),
        }
        if self.errors:
            data["errors"] = [_error_json(error) for error in self.errors]
        return data


def _error_json(error: DeckcheckError) -> dict[str, Any]:
    data: dict[str, Any] = {"path": error.path, "line": error.line, "field": error.field, "message": str(error)}
    if error.details:  # several problems at once (unreadable lines, broken card records), each with its place
        data["problems"] = [
            {"path": detail.path or error.path, "line": detail.line, "message": str(detail)} for detail in error.details
        ]
    return data


# The rules of every game ---------------------------------------------------------------------------


def common_violations(deck: Deck, db: CardDB | None = None) -> list[Violation]:
    """`deck.unknown-section`, `deck.bad-count` and `deck.unknown-card`, in file order."""
    found: list[Violation] = []
    game = deck.game
    for section, line in deck.source.sections.items():
        at = f" (line {line})" if line else ""
        found.append(
            Violation(
                rule="deck.unknown-section",
                severity="error",
                section=section,
                message=f"Section '{section}'{at} is not {with_article(game.title)} deck section; "
                f"the sections are: {', '.join(game.sections)}.",
            )
        )
    sections = game.sections
    asked: set[str] = set()  # the unknown keys suggestions were worked out for
    for entry in deck.entries:
        if entry.card is not None and entry.count is not None:
            continue  # nearly every entry: nothing to say
        deck.source.locate()
        at = f" on line {entry.line}" if entry.line else ""
        if entry.count is None:
            found.append(
                Violation(
                    rule="deck.bad-count",
                    severity="error",
                    section=entry.section,
                    message=f"'{entry.key}'{at} has count {_shown_count(entry.raw_count)}; "
                    "a count must be a positive whole number.",
                    cards=[entry.card.number] if entry.card else [],
                    line=entry.line,
                    end_line=entry.end_line,
                )
            )
        if entry.card is None and entry.section in sections:
            unknown = _unknown_card(deck, entry.section, entry.key, at, _suggesting(db, entry.key, asked), entry.line)
            unknown.end_line = entry.end_line
            found.append(unknown)
    for key, card in deck.key_cards.items():
        if card is None:
            deck.source.locate()
            suggesting = _suggesting(db, key, asked)
            found.append(
                _unknown_card(deck, key, deck.source.keys[key], "", suggesting, deck.source.key_lines.get(key))
            )
    return found


def _shown_count(value: Any) -> str:
    """A bad count as written; a whole number too large to be a count by its size (it may have thousands of
    digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_COUNT:
        return f"{repr(value)[:8]}… ({len(str(value)):,} digits, more than the {COUNT_DIGITS} a count may have)"
    return repr(value)


#: Suggestions are worked out for this many different unknown keys of a deck; a deck of thousands of unknown keys
#: (a wrong game, a damaged file) is reported without them, in time proportional to its size.
SUGGESTED_KEYS_PER_DECK = 25


def _suggesting(db: CardDB | None, key: str, asked: set[str]) -> CardDB | None:
    """`db` while the deck's budget of suggested keys lasts (a key already asked about costs nothing), else None."""
    if db is None or (key not in asked and len(asked) >= SUGGESTED_KEYS_PER_DECK):
        return None
    asked.add(key)
    return db


def _unknown_card(deck: Deck, section: str, key: str, at: str, db: CardDB | None, line: int | None = None) -> Violation:
    hints = db.suggest(key) if db is not None else []
    hint = f" Did you mean: {'; '.join(hints)}?" if hints else ""
    return Violation(
        rule="deck.unknown-card",
        severity="error",
        section=section,
        message=f"'{key}'{at} is not {with_article(deck.game.title)} card number or name in the card database.{hint}",
        extra={"key": key, "suggestions": hints},
        line=line,
    )


def check_deck(deck: Deck, db: CardDB | None = None, regulation: BoundRegulation | None = None) -> list[Violation]:
    """Every violation of a deck: the shared deck rules first, then the game's rules in spec order, then the
    regulation's banned and restricted cards (when one is given)."""
    violations = common_violations(deck, db)
    for rule in deck.game.rules:
        violations.extend(rule.run(deck))
    if regulation is not None:
        violations.extend(regulation.violations(deck))
    if violations:
        place_violations(deck, violations)
    return violations


def place_violations(deck: Deck, violations: list[Violation]) -> None:
    """Give each violation its line (contract, "Checking"): the first entry of its cards in the file, else its
    section's header (or its key, for `lord`), else the deck key it is about (evolve's `basis`), else none."""
    source = deck.source
    source.locate()
    for violation in violations:
        if violation.line is None:
            violation.line, violation.end_line = _lines_of(deck, violation)


def _lines_of(deck: Deck, violation: Violation) -> tuple[int | None, int | None]:
    """The violation's line, and the last line of its entry when that entry spans lines."""
    if violation.cards:
        wanted = set(violation.cards)
        involved = [e for e in deck.entries if e.card is not None and e.card.number in wanted and e.line]
        in_section = [e for e in involved if e.section == violation.section]
        if in_section or involved:
            first = min(in_section or involved, key=lambda entry: entry.line or 0)
            return first.line, first.end_line
    return _line_of(deck, violation), None


def _line_of(deck: Deck, violation: Violation) -> int | None:
    source = deck.source
    if violation.cards:
        wanted = set(violation.cards)
        keyed = [key for key, card in deck.key_cards.items() if card is not None and card.number in wanted]
        if keyed and (line := source.key_lines.get(keyed[0])):
            return line
    if violation.section is not None:
        section = violation.section
        # its header, else (a text decklist's cards before any header: `main` has none) its first entry
        first_entry = min((e.line for e in deck.entries if e.section == section and e.line), default=None)
        return source.section_lines.get(section) or source.key_lines.get(section) or first_entry
    if violation.deck_key is not None:  # about a key (evolve's `basis`) or a whole section (its leader)
        key = violation.deck_key
        entries = [e.line for e in deck.entries if e.section == key and e.line]
        return source.key_lines.get(key) or min(entries, default=None) or source.section_lines.get(key)
    return None


def report_deck(
    deck: Deck,
    db: CardDB | None = None,
    regulation: str | Regulation | BoundRegulation | None = None,
    *,
    as_of: date | str | None = None,
    deck_key: bool = False,
    carddb_dirs: Iterable[str | Path] = (),
) -> DeckReport:
    """The verdict on one deck.

    `regulation` is a regulation name (or a Regulation); `as_of` a date (or "YYYY-MM-DD") selecting the regulation
    in force that day; with ``deck_key=True`` the deck's own `regulation` key counts too, as `deckcheck check` does
    (order: the name, the deck's key, the date). With none of them no regulation applies and no regulation file is
    read. An unknown name or a broken regulation file raises DeckcheckError; a date before every regulation of the
    game selects none (judged without one, `note` says so).
    """
    started = time.perf_counter()
    bound = _bound_regulation(deck, db, regulation, as_of, deck_key, tuple(carddb_dirs))
    report = DeckReport(
        path=deck.path,
        game=deck.game.id,
        name=deck.name,
        counts=deck.counts(),
        violations=check_deck(deck, db, bound),
        regulation=bound.regulation if bound is not None else None,
    )
    if bound is None and as_of is not None:  # only a date before every regulation of the game selects none
        day = as_of.isoformat() if isinstance(as_of, date) else as_of
        report.note = f"--as-of {day}: no {deck.game.id} regulation was in force; judged without a regulation"
    report.seconds = time.perf_counter() - started
    return report


def _bound_regulation(
    deck: Deck,
    db: CardDB | None,
    regulation: str | Regulation | BoundRegulation | None,
    as_of: date | str | None,
    deck_key: bool,
    carddb_dirs: tuple[str | Path, ...],
) -> BoundRegulation | None:
    if regulation is None and as_of is None and not (deck_key and (deck.source.regulation or "").strip()):
        return None
    from deckcheck.check.regulations import BoundRegulation, Regulation, regulation_for

    if isinstance(regulation, BoundRegulation):
        return regulation
    db = db if db is not None else load_carddb(deck.game.id, carddb_dirs)
    if isinstance(regulation, Regulation):
        return regulation.bind(db)
    return regulation_for(deck, db, name=regulation, as_of=as_of, deck_key=deck_key, carddb_dirs=carddb_dirs)


# Finding decks -------------------------------------------------------------------------------------

#: A progress bar over the deck files: given the paths, yields each as it is done (optionally a context manager).
Progress = Callable[[list[str]], Iterable[str]]

_TEXT_GAME_LINE = re.compile(r"^\s*game\s*:", re.MULTILINE)
_SKIPPED_FOLDERS = {"carddb", "node_modules", "__pycache__"}
_DECK_SUFFIXES = (".toml", ".txt", ".json")


def is_deck_file(path: str | Path, texts: dict[str, str] | None = None) -> bool:
    """Whether a file met while walking a folder is a deck (contract, "Checking"). A text read to decide is kept
    in `texts` (when given), so the deck is not read twice. A file that cannot be read is said to be one, so that
    checking it reports why (never skipped silently)."""
    name = os.path.basename(path).lower()
    if name.endswith((".deck.toml", ".deck.json")):
        return True
    if not name.endswith(_DECK_SUFFIXES):
        return False
    try:
        text = read_text(Path(path))
    except DeckcheckError as error:
        if "cannot be read" in error.reason:
            return True
        return not name.endswith(".txt") and _mentions_game(path)  # a binary or non-UTF-8 .txt is not a deck
    try:
        found = _has_game(name, text)
    except Exception:  # a broken file among decks (any parser error) is reported, not silently skipped
        found = "game" in text[:4096]
    if found and texts is not None:
        texts[os.fspath(path)] = text
    return found


def _mentions_game(path: str | Path) -> bool:
    try:
        with open(path, "rb") as file:
            return b"game" in file.read(4096)
    except OSError:
        return True


def _has_game(name: str, text: str) -> bool:
    if name.endswith(".txt"):
        return bool(_TEXT_GAME_LINE.search(text))
    if name.endswith(".json"):
        import json

        data = json.loads(text)
        return isinstance(data, dict) and "game" in data
    return "game" in tomli.loads(text)


def find_deck_files(
    paths: Iterable[str | Path], texts: dict[str, str] | None = None
) -> tuple[list[str], list[DeckcheckError]]:
    """Deck files under the given files and folders, as given and in path order, each once (a file given twice, or
    reached through two given folders or a link, is checked once). A missing path, a link loop, an unreadable
    folder are errors; the rest is still found. The texts read to recognise decks are kept in `texts`."""
    files: list[str] = []
    errors: list[DeckcheckError] = []
    seen: set[str] = set()  # real paths of the decks found

    def add(shown: str) -> None:
        real = os.path.realpath(shown)
        if real not in seen:
            seen.add(real)
            files.append(shown)

    for given in paths:
        shown = os.fspath(given)
        kind = _kind(shown)
        if kind == "file":
            add(shown)
        elif kind == "folder":
            walk = _Walk(texts, errors)
            found = sorted(walk.decks(shown), key=_path_order)
            if not found and not walk.failed:
                errors.append(
                    DeckcheckError(
                        "no decks found under this folder (looked for *.deck.toml, *.toml with a `game` key, "
                        "*.json decks and *.txt decklists with a 'game:' line)",
                        path=shown,
                    )
                )
            for path in found:
                add(path)
        else:
            errors.append(DeckcheckError(kind, path=shown))
    return files, errors


def _kind(path: str) -> str:
    """'file', 'folder', or why the path cannot be checked."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "is a broken link (its target does not exist)" if os.path.islink(path) else "no such file or folder"
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "is a symbolic link loop"
        return f"cannot be read ({error.strerror})"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISREG(mode):
        return "file"
    return "is not a regular file (a FIFO, socket or device is not read)"


def _path_order(path: str) -> list[str]:
    return os.path.normpath(path).split(os.sep)  # the order of sorted(paths), without Path objects


class _Walk:
    """One given folder, walked: the deck files under it, and a problem for each path that could not be walked."""

    def __init__(self, texts: dict[str, str] | None, errors: list[DeckcheckError]) -> None:
        self.texts, self.errors, self.failed = texts, errors, False

    def problem(self, reason: str, path: str) -> None:
        self.failed = True
        self.errors.append(DeckcheckError(reason, path=path))

    def decks(self, folder: str, ancestors: tuple[tuple[int, int], ...] = ()) -> Iterable[str]:
        try:
            info = os.stat(folder)
            children = list(os.scandir(folder))
        except OSError as error:
            self.problem(f"folder cannot be read ({error.strerror}); its decks were not checked", folder)
            return
        here = (info.st_dev, info.st_ino)
        if here in ancestors:  # a link back to a folder above it: walking on would never end
            self.problem("is a symbolic link loop (it leads back to a folder above it); not followed", folder)
            return
        for child in children:
            if child.name.startswith(".") or child.name in _SKIPPED_FOLDERS:
                continue
            path = os.path.join(folder, child.name)
            try:
                is_dir = child.is_dir()  # the listing already says which child is a folder: no stat
                is_file = not is_dir and child.is_file()
            except OSError:  # a link loop, a vanished file, a permission problem: said for this path
                self.problem(_kind(path), path)
                continue
            if is_dir:
                yield from self.decks(path, (*ancestors, here))
            elif is_file:
                if is_deck_file(path, self.texts):
                    yield path
            elif child.is_symlink() and child.name.lower().endswith(_DECK_SUFFIXES):
                self.problem(_kind(path), path)  # a broken link or a loop where a deck should be
            elif child.name.lower().endswith((".deck.toml", ".deck.json")):
                self.problem(_kind(path), path)  # a FIFO, socket or device named as a deck: not read (it may block)


def check_paths(
    paths: Iterable[str | Path],
    carddb_dirs: Iterable[str | Path] = (),
    progress: Progress | None = None,
    regulation: str | None = None,
    as_of: date | str | None = None,
    jobs: int | None = None,
) -> CheckRun:
    """Check every deck under the given paths; an unreadable file never stops the others.

    Regulations follow the contract: `regulation` (a name) for the decks of every game that has it, else a deck's
    own `regulation` key, else the regulation in force on `as_of`. A name that no checked game has, or an `as_of`
    that is not a date, is bad input (DeckcheckError from here; exit code 2).

    `jobs`: processes to share the decks among (see deckcheck.parallel); None decides by the number of decks and
    CPUs and $DECKCHECK_JOBS. The result is the same whatever it is.
    """
    paths = list(paths)
    run = CheckRun()
    if carddb_dirs := tuple(carddb_dirs):
        layer_folders(carddb_dirs)  # a --carddb folder that does not exist is said once, before any work
    session = _Session(run, carddb_dirs, regulation, as_of)  # a bad --as-of stops before any work
    texts: dict[str, str] = {}
    watch = None
    if len(paths) > 1 or any(os.path.isdir(path) for path in paths):  # one deck file never needs workers
        from deckcheck.check import parallel

        watch = parallel.watch_cpus()  # how busy the CPUs are while the files are read decides the workers
    files, run.errors = find_deck_files(paths, texts)
    workers = 1
    if regulation is None and as_of is None and len(files) > 1:  # regulations are decided in one process
        from deckcheck.check import parallel

        workers = parallel.workers_for(len(files), jobs, watch)
    if workers > 1:
        parallel.check_files(files, texts, session, workers, progress)
    elif not _check_in_order(files, texts, session, progress):
        return run
    run.errors.extend(session.broken.values())
    return run


def _check_in_order(files: list[str], texts: dict[str, str], session: _Session, progress: Progress | None) -> bool:
    """Parse every file, then check the decks; False when --regulation names a regulation no game has."""
    run = session.run
    parsed = [(path, source) for path in files if (source := _parse(path, run, texts.pop(path, None))) is not None]
    if session.name is not None and not session.someone_has(session.name, [source for _, source in parsed]):
        return False
    sources = iter(source for _, source in parsed)
    with progress_over([path for path, _ in parsed], progress) as items:
        for _path in items:
            report = session.check(next(sources))
            if report is not None:
                run.reports.append(report)
    return True


def progress_over(paths: list[str], progress: Progress | None) -> AbstractContextManager[Iterable[str]]:
    """The paths, through the progress bar when there is one (a context manager or a plain iterable)."""
    iterable = progress(paths) if progress else paths
    return iterable if isinstance(iterable, AbstractContextManager) else nullcontext(iterable)


def _parse(path: str, run: CheckRun, text: str | None) -> DeckSource | None:
    try:
        return parse_deck(path, text)
    except DeckcheckError as error:
        run.errors.append(error)
        return None
    except Exception as error:  # a bug must not cost the other decks their reports (they are still checked)
        run.errors.append(internal_error(path, error))
        return None


def internal_error(path: str, error: Exception) -> DeckcheckError:
    """An unexpected failure on one file, reported for that file (exit 2) so the run goes on."""
    return DeckcheckError(
        f"could not be checked: internal error ({type(error).__name__}: {error}). This is a bug; the other files "
        "were checked",
        path=path,
    )


class _Session:
    """What one `check` run loads once per game: card databases and regulations, and the problems met."""

    def __init__(
        self, run: CheckRun, extra: tuple[str | Path, ...], name: str | None, as_of: date | str | None
    ) -> None:
        self.run, self.extra, self.name = run, extra, name
        self.day = None
        if as_of is not None:
            from deckcheck.check.regulations import parse_day

            self.day = parse_day(as_of, "--as-of")
        self.broken: dict[str, DeckcheckError] = {}  # game -> the error that stops its decks (reported once)
        self.warned: set[str] = set()
        self.dbs: dict[str, CardDB] = {}
        self.regulation_sets: dict[str, RegulationSet] = {}
        self.bound: dict[tuple[str, str], BoundRegulation | DeckcheckError] = {}
        self.failed_dates: dict[str, str] = {}  # game -> the --as-of problem, reported once

    def someone_has(self, name: str, sources: list[DeckSource]) -> bool:
        """Whether some game of the decks has the regulation NAME; if none has, the run stops with the list."""
        games = list(dict.fromkeys(source.game_id for source in sources))
        sets = [found for game in games if (found := self.regulations(game)) is not None]
        without = [found.game for found in sets if found.get(name) is None]
        if len(without) < len(games):  # some game has it (or is broken, which is reported)
            if without:
                self.run.notes.append(
                    f"--regulation {name!r} is not a regulation of {', '.join(without)}; those decks were checked "
                    "by their own `regulation` key or --as-of, else without a regulation"
                )
            return True
        listed = "; ".join(f"{found.game}: {found.names()}" for found in sets)
        self.run.errors.append(
            DeckcheckError(f"--regulation {name!r}: none of the games checked has a regulation of that name ({listed})")
        )
        return False

    def db(self, game: str) -> CardDB | None:
        if game in self.broken:
            return None
        if game in self.dbs:  # the layers are looked up once per game and run, not once per deck
            return self.dbs[game]
        try:
            db = load_carddb(game, self.extra)
        except DeckcheckError as error:
            self.broken[game] = error  # reported once, not once per deck
            return None
        if game not in self.warned:
            self.warned.add(game)
            self.run.warnings.extend(db.warnings)
        self.dbs[game] = db
        return db

    def regulations(self, game: str) -> RegulationSet | None:
        if game in self.broken:
            return None
        if game not in self.regulation_sets:
            from deckcheck.check.regulations import load_regulations

            try:
                self.regulation_sets[game] = load_regulations(game, self.extra)
            except DeckcheckError as error:
                self.broken[game] = error
                return None
        return self.regulation_sets[game]

    def check(self, source: DeckSource) -> DeckReport | None:
        db = self.db(source.game_id)
        if db is None:
            return None
        try:
            bound = self.regulation_of(source, db)
        except _Skipped:
            return None
        except DeckcheckError as error:  # the deck's own `regulation` key names no regulation
            self.run.errors.append(_at_key_line(error, source))
            return None
        try:
            return report_deck(resolve_deck(source, db), db, bound)
        except Exception as error:  # a bug on one deck: reported for that deck, the others still checked
            self.run.errors.append(internal_error(source.path or "<deck>", error))
            return None

    def regulation_of(self, source: DeckSource, db: CardDB) -> BoundRegulation | None:
        """The deck's regulation bound to its game's cards (None: none asked for)."""
        if self.name is None and self.day is None and not (source.regulation or "").strip():
            return None  # a plain check never imports nor reads regulations
        from deckcheck.check.regulations import choose, deck_regulation

        key = deck_regulation(source)
        regulations = self.regulations(source.game_id)
        if regulations is None:
            raise _Skipped
        if key is None and (self.name is None or regulations.get(self.name) is None) and self._before_all(regulations):
            return None  # --as-of before the game's first regulation: none was in force (a note, said once)
        try:
            chosen = choose(
                regulations,
                name=self.name,
                deck_key=key,
                day=self.day,
                deck_path=source.path,
                name_required=False,
            )
        except DeckcheckError as error:
            if error.path is not None:
                raise  # the deck's own key: an error of that deck file
            self._date_failed(source.game_id, error)
            raise _Skipped from None
        return self._bind(chosen, db) if chosen is not None else None

    def _before_all(self, regulations: RegulationSet) -> bool:
        """Whether --as-of is before every regulation of the game (or it has none): then none is in force."""
        if self.day is None or any(r.effective <= self.day for r in regulations.regulations.values()):
            return False
        game = regulations.game
        if game not in self.failed_dates:
            self.failed_dates[game] = "before"
            first = min((r.effective for r in regulations.regulations.values()), default=None)
            since = f"its first takes effect on {first.isoformat()}" if first else f"{game} has no regulations"
            self.run.notes.append(
                f"--as-of {self.day.isoformat()}: no {game} regulation was in force ({since}); its decks were "
                "checked without a regulation"
            )
        return True

    def _date_failed(self, game: str, error: DeckcheckError) -> None:
        """--as-of selects nothing for this game: said once, and its decks that rely on the date are not checked."""
        if game not in self.failed_dates:
            self.failed_dates[game] = str(error)
            self.run.errors.append(error)

    def _bind(self, chosen: Regulation, db: CardDB) -> BoundRegulation:
        """Look the regulation's cards up once; a broken one stops only the decks that select it (said once)."""
        key = (chosen.game, chosen.name)
        if key not in self.bound:
            try:
                self.bound[key] = chosen.bind(db)
            except DeckcheckError as error:
                self.bound[key] = error
                self.run.errors.append(error)
        bound = self.bound[key]
        if isinstance(bound, DeckcheckError):
            raise _Skipped
        return bound


def _at_key_line(error: DeckcheckError, source: DeckSource) -> DeckcheckError:
    """An error about a deck key (its `regulation`), placed on that key's line so CI annotations land there."""
    if error.line is None and error.field is not None and error.path == source.path:
        source.locate()
        if line := source.key_lines.get(error.field):
            error.line = line
            error.args = (error.describe(),)
    return error


class _Skipped(Exception):
    """A deck that cannot be checked; its problem has been reported once for its game."""
