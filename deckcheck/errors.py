"""Errors that stop a command from doing its job (exit code 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


class DeckcheckError(Exception):
    """Bad input: a file, line or field that is not what was expected.

    The CLI prints ``str(error)`` and exits with code 2; it never shows a traceback.
    """

    def __init__(
        self,
        reason: str,
        *,
        path: str | Path | None = None,
        line: int | None = None,
        field: str | None = None,
        details: list[Problem] | None = None,
    ) -> None:
        self.reason = reason
        self.path = str(path) if path is not None else None
        self.line = line
        self.field = field
        # Several problems found at once (every unreadable line of a decklist, every broken card record), each
        # with its own place: the CI formats give each its own annotation.
        self.details: list[Problem] = list(details or [])
        super().__init__(self.describe())

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt exactly as it was when it crosses a process boundary (deckcheck.checking's parallel workers); the
        # default would call __init__ with the message alone, which subclasses such as CardDatabaseError misread.
        return _rebuild, (type(self), self.args, dict(self.__dict__))

    def describe(self) -> str:
        where = []
        if self.path:
            where.append(self.path if self.line is None else f"{self.path}:{self.line}")
        elif self.line is not None:
            where.append(f"line {self.line}")
        if self.field:
            where.append(f"field '{self.field}'")
        prefix = ", ".join(where)
        return f"{prefix}: {self.reason}" if prefix else self.reason


class Problem(str):
    """The text of one problem, and the file and line it is about (when known)."""

    path: str | None
    line: int | None

    def __new__(cls, text: str, path: str | Path | None = None, line: int | None = None) -> Problem:
        problem = super().__new__(cls, text)
        problem.path = str(path) if path is not None else None
        problem.line = line
        return problem


class CardDatabaseError(DeckcheckError):
    """A card database that cannot be used: every broken record is listed."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        details = [problem if isinstance(problem, Problem) else Problem(problem) for problem in problems]
        super().__init__("broken card database:\n  " + "\n  ".join(problems), details=details)


def _rebuild(cls: type[DeckcheckError], args: tuple[Any, ...], state: dict[str, Any]) -> DeckcheckError:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class EngineError(DeckcheckError):
    """The setup cannot run on this deck, or a step was asked that the rules forbid."""
