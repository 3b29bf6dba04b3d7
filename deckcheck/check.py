"""Checking decks: the rules every game shares, the game's own rules, and finding decks in folders."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckcheck.carddb import CardDB, load_carddb
from deckcheck.decks import Deck, parse_deck, read_text, resolve_deck
from deckcheck.errors import CardDatabaseError, DeckcheckError
from deckcheck.violations import Violation


@dataclass
class DeckReport:
    """The verdict on one deck."""

    path: str | None
    game: str
    name: str | None
    counts: dict[str, int]
    violations: list[Violation]

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
        }


@dataclass
class CheckRun:
    """Reports for every readable deck, and the problems that stopped the others (exit 2)."""

    reports: list[DeckReport] = field(default_factory=list)
    errors: list[DeckcheckError] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

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
            data["errors"] = [
                {"path": e.path, "line": e.line, "field": e.field, "message": str(e)} for e in self.errors
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
                message=f"Section '{section}'{at} is not a {game.title} deck section; "
                f"the sections are: {', '.join(game.sections)}.",
            )
        )
    for entry in deck.entries:
        at = f" on line {entry.line}" if entry.line else ""
        if entry.count is None:
            found.append(
                Violation(
                    rule="deck.bad-count",
                    severity="error",
                    section=entry.section,
                    message=f"'{entry.key}'{at} has count {entry.raw_count!r}; "
                    "a count must be a positive whole number.",
                    cards=[entry.card.number] if entry.card else [],
                )
            )
        if entry.card is None and entry.section in game.sections:
            found.append(_unknown_card(deck, entry.section, entry.key, at, db))
    for key, card in deck.key_cards.items():
        if card is None:
            found.append(_unknown_card(deck, key, deck.source.keys[key], "", db))
    return found


def _unknown_card(deck: Deck, section: str, key: str, at: str, db: CardDB | None) -> Violation:
    hints = db.suggest(key) if db is not None else []
    hint = f" Did you mean: {'; '.join(hints)}?" if hints else ""
    return Violation(
        rule="deck.unknown-card",
        severity="error",
        section=section,
        message=f"'{key}'{at} is not a {deck.game.title} card number or name in the card database.{hint}",
        extra={"key": key, "suggestions": hints},
    )


def check_deck(deck: Deck, db: CardDB | None = None) -> list[Violation]:
    """Every violation of a deck: the shared deck rules first, then the game's rules in spec order."""
    violations = common_violations(deck, db)
    for rule in deck.game.rules:
        violations.extend(rule.run(deck))
    return violations


def report_deck(deck: Deck, db: CardDB | None = None) -> DeckReport:
    return DeckReport(
        path=deck.path,
        game=deck.game.id,
        name=deck.name,
        counts=deck.counts(),
        violations=check_deck(deck, db),
    )


# Finding decks -------------------------------------------------------------------------------------

_TEXT_GAME_LINE = re.compile(r"^\s*game\s*:", re.MULTILINE)
_SKIPPED_FOLDERS = {"carddb", "node_modules", "__pycache__"}


def is_deck_file(path: Path) -> bool:
    """Whether a file met while walking a folder is a deck (contract, "Checking")."""
    name = path.name.lower()
    if name.endswith(".deck.toml"):
        return True
    if name.endswith(".toml"):
        try:
            return "game" in tomllib.loads(read_text(path))
        except (tomllib.TOMLDecodeError, DeckcheckError):
            # A broken TOML file among decks is reported, not silently skipped.
            return _mentions_game(path)
    if name.endswith(".txt"):
        try:
            return bool(_TEXT_GAME_LINE.search(read_text(path)))
        except DeckcheckError:
            return False
    return False


def _mentions_game(path: Path) -> bool:
    try:
        return b"game" in path.read_bytes()[:4096]
    except OSError:
        return False


def find_deck_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[DeckcheckError]]:
    """Deck files under the given files and folders, in path order; missing paths are errors."""
    files: list[Path] = []
    errors: list[DeckcheckError] = []
    for given in paths:
        path = Path(given)
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            found = sorted(_walk(path))
            if not found:
                errors.append(
                    DeckcheckError(
                        "no decks found under this folder (looked for *.deck.toml, *.toml with a `game` key "
                        "and *.txt decklists with a 'game:' line)",
                        path=path,
                    )
                )
            files.extend(found)
        else:
            errors.append(DeckcheckError("no such file or folder", path=path))
    return files, errors


def _walk(folder: Path) -> Iterable[Path]:
    for child in folder.iterdir():
        if child.name.startswith(".") or child.name in _SKIPPED_FOLDERS:
            continue
        if child.is_dir():
            yield from _walk(child)
        elif child.is_file() and is_deck_file(child):
            yield child


def check_paths(
    paths: Iterable[str | Path],
    carddb_dirs: Iterable[str | Path] = (),
    progress: Callable[[list[Path]], Iterable[Path]] | None = None,
) -> CheckRun:
    """Check every deck under the given paths; an unreadable file never stops the others."""
    run = CheckRun()
    files, run.errors = find_deck_files(paths)
    extra = tuple(carddb_dirs)
    warned: set[str] = set()
    broken: dict[str, CardDatabaseError] = {}
    iterable = progress(files) if progress else files
    with iterable if hasattr(iterable, "__enter__") else nullcontext(iterable) as items:
        for path in items:
            report = _check_file(path, extra, broken, run, warned)
            if report is not None:
                run.reports.append(report)
    run.errors.extend(broken.values())
    return run


def _check_file(
    path: Path, extra: tuple, broken: dict[str, CardDatabaseError], run: CheckRun, warned: set[str]
) -> DeckReport | None:
    try:
        source = parse_deck(path)
    except DeckcheckError as error:
        run.errors.append(error)
        return None
    if source.game_id in broken:
        return None
    try:
        db = load_carddb(source.game_id, extra)
    except CardDatabaseError as error:
        broken[source.game_id] = error  # reported once, not once per deck
        return None
    except DeckcheckError as error:
        run.errors.append(error)
        return None
    if db.game.id not in warned:
        warned.add(db.game.id)
        run.warnings.extend(db.warnings)
    return report_deck(resolve_deck(source, db), db)
