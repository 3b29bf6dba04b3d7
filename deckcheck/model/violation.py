"""A finding of the checker: one broken rule, explained."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Severity = Literal["error", "warning"]


@dataclass
class Violation:
    rule: str
    severity: Severity
    section: str | None
    message: str
    ref: str | None = None
    cards: list[str] = field(default_factory=list)
    count: int | None = None
    limit: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    # The deck file line of the first card entry involved, else of the section's header, else None (contract,
    # "Checking"); set by deckcheck.checking when the deck is checked.
    line: int | None = None
    # The top-level deck key (or section) a finding about no section is about, e.g. evolve's `basis`: where its line
    # is looked for when it names no card entry. Not part of the JSON (its `line` says it).
    deck_key: str | None = None
    # The last line of that entry when it is written over several lines (SARIF's `endLine`), else None.
    end_line: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rule": self.rule,
            "severity": self.severity,
            "section": self.section,
            "message": self.message,
            "ref": self.ref,
            "cards": list(self.cards),
            "count": self.count,
            "limit": self.limit,
            "line": self.line,
        }
        data.update(self.extra)
        return data
