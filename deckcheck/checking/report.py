"""What a check found: a deck's report (:class:`DeckReport`) and a whole run's (:class:`CheckRun`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcheck._i18n import _
from deckcheck.errors import DeckcheckError
from deckcheck.model.violation import Violation

if TYPE_CHECKING:
    from deckcheck.carddb.manifest import DataNote
    from deckcheck.checking.regulations import Regulation
    from deckcheck.model.versions import RulesChoice


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
    # the rules version and format that judged it, for a game with versions of its rules (EVOLVE)
    rules: RulesChoice | None = None
    # why no regulation judged it, when regulations were on by default: "none in force on 2026-11-27: ..."; or
    # "--no-regulation" when they were turned off
    why_no_regulation: str | None = None
    # Lines of the deck file that could not be read (a partly unreadable text decklist: its error is the run's too,
    # exit 2); the violations are those of the lines that could. Such a deck is never legal.
    unreadable_lines: list[int] = field(default_factory=list)
    # (line, what it is) of each of them, which the text rendering says before the findings they distort
    unread: list[tuple[int, str]] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.unreadable_lines and not any(v.severity == "error" for v in self.violations)

    def judged_by(self, *, say_none: bool = False, format_word: Callable[[str], str] = str) -> str:
        """`rules 1.24.1, crossover; regulation NAME`: what judged the deck, for people ('' when only the game's one
        rules document and no regulation did; with `say_none`, `no regulation (why)` then); the format as
        `format_word` says it (the game's document's word: `term`)."""
        regulation = None
        if self.regulation is not None:
            regulation = _("regulation {name}").format(name=self.regulation.label(format_word))
        elif say_none and self.why_no_regulation:
            regulation = _("no regulation ({why})").format(why=self.why_no_regulation)
        elif say_none:
            regulation = _("no regulation")
        if self.rules is None:
            return regulation or ""
        if regulation is None:
            return self.rules.text(format_word)
        return _("{rules}; {regulation}").format(rules=self.rules.text(format_word), regulation=regulation)

    def fails(self, fail_on: str = "error") -> bool:
        levels = {"error"} if fail_on == "error" else {"error", "warning"}
        return any(v.severity in levels for v in self.violations)

    def to_json(self) -> dict[str, Any]:
        return (
            {
                "path": self.path,
                "game": self.game,
                "name": self.name,
                "legal": self.legal,
                "counts": self.counts,
                "violations": [v.to_json() for v in self.violations],
                "regulation": self.regulation.to_json() if self.regulation is not None else None,
            }
            | ({"rules": self.rules.to_json()} if self.rules is not None else {})
            | ({"note": self.note} if self.note else {})
            | ({"unreadable_lines": self.unreadable_lines} if self.unreadable_lines else {})
        )


@dataclass
class CheckRun:
    """Reports for every readable deck, and the problems that stopped the others (exit 2)."""

    reports: list[DeckReport] = field(default_factory=list)
    errors: list[DeckcheckError] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # about the run itself, e.g. games a --regulation does not cover
    # about the card data of the games judged, once per game: old (a live game's), or invented cards
    data_notes: list[DataNote] = field(default_factory=list)

    def summary(self) -> dict[str, int]:
        violations = [v for report in self.reports for v in report.violations]
        return {
            "decks": len(self.reports),
            "legal": sum(report.legal for report in self.reports),
            "errors": sum(v.severity == "error" for v in violations),
            "warnings": sum(v.severity == "warning" for v in violations),
        }

    def said_notes(self) -> list[str]:
        """Everything the run says about itself besides its verdicts, in the order `check` says it on stderr: the
        card databases' notes, the run's notes (a --regulation some games lack, a day before a game's first
        regulation, a link not followed), then each game's card data note (old data, invented cards)."""
        return [*self.warnings, *self.notes, *(note.message for note in self.data_notes)]

    def exit_code(self, fail_on: str = "error") -> int:
        if self.errors:
            return 2
        return 1 if any(report.fails(fail_on) for report in self.reports) else 0

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "decks": [report.to_json() for report in self.reports],
            "summary": self.summary(),
        }
        if self.data_notes:
            data["card_data"] = [note.to_json() for note in self.data_notes]
        if said := self.said_notes():  # (the card data notes' messages too: every note stderr says, in its order)
            data["notes"] = said
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
