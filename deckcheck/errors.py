"""Errors that stop a command from doing its job (exit code 2)."""

from __future__ import annotations

import contextlib
import errno
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck._i18n import N_, _, translate

if TYPE_CHECKING:
    from typing import TypedDict, Unpack


class DeckcheckError(Exception):
    """Bad input: a file, line or field that is not what was expected.

    ``str(error)`` says it from its fields (``path:line, field 'x': reason``), as they are now: changing ``reason``
    changes it. The reason may name an option or a command (:func:`mention`, :func:`mention_command`): ``reason``
    and ``str(error)`` say them as the caller names them (see :func:`speaking`), :meth:`spelled` as another caller
    would. The CLI prints ``str(error)`` (an :class:`OptionError`'s field as a flag too) and exits with code 2; it
    never shows a traceback.
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
        self.template = reason  # the reason with its mentions: see spelled()
        self.path = str(path) if path is not None else None
        self.line = line
        self.field = field
        # Several problems found at once (every unreadable line of a decklist, every broken card record), each
        # with its own place: the CI formats give each its own annotation.
        self.details: list[Problem] = list(details or [])
        super().__init__(reason)

    @property
    def reason(self) -> str:
        """Why, its mentions said as the caller names them."""
        return spoken(self.template)

    @reason.setter
    def reason(self, reason: str) -> None:
        self.template = reason

    def __str__(self) -> str:
        return self.describe()

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt exactly as it was when it crosses a process boundary (deckcheck.checking's parallel workers); the
        # default would call __init__ with the message alone, which subclasses such as CardDatabaseError misread.
        return _rebuild, (type(self), self.args, dict(self.__dict__))

    def spelled(self, spelling: Spelling | Callable[[str], str]) -> str:
        """The reason with every option and command it names as ``spelling`` says them (a function: the options)."""
        if not isinstance(spelling, Spelling):
            spelling = Spelling(option=spelling)
        return spelling.said(self.template)

    def describe(self) -> str:
        return _placed(self.reason, self.path, self.line, self.field)


def _placed(reason: str, path: str | None, line: int | None, field: str | None) -> str:
    """`path:line, field 'x': reason`, with the parts that are known (in the chosen language)."""
    place = ""
    if path:
        place = path if line is None else f"{path}:{line}"
    elif line is not None:
        place = _("line {line}").format(line=line)
    if field:
        said = _("{place}, field '{field}'") if place else _("field '{field}'")
        place = said.format(place=place, field=field)
    return f"{place}: {reason}" if place else reason


#: The system's words for the errors of files met most (its strerror, in English whatever the locale), translated
#: where deckcheck speaks another language: `os_reason(error)`.
_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"),
    errno.EEXIST: N_("File exists"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.EIO: N_("Input/output error"),
    errno.EMFILE: N_("Too many open files"),
    errno.ENFILE: N_("Too many open files in system"),
    errno.EAGAIN: N_("Resource temporarily unavailable"),
    errno.ENXIO: N_("No such device or address"),
    errno.ETXTBSY: N_("Text file busy"),
    errno.EXDEV: N_("Invalid cross-device link"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EBADF: N_("Bad file descriptor"),
    errno.EINVAL: N_("Invalid argument"),
}


def os_reason(error: OSError) -> str:
    """Why the system refused (its strerror: 'Permission denied'), in the chosen language where deckcheck knows the
    error; the system's own words otherwise."""
    reason = _OS_REASONS.get(error.errno) if error.errno is not None else None
    if reason is not None and error.strerror == reason:
        return translate(reason)
    return error.strerror or str(error)


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
        super().__init__(_("broken card database:") + "\n  " + "\n  ".join(problems), details=details)


def _rebuild(cls: type[DeckcheckError], args: tuple[Any, ...], state: dict[str, Any]) -> DeckcheckError:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class EngineError(DeckcheckError):
    """The setup cannot run on this deck, or a step was asked that the rules forbid."""


#: What a message names (see `mention`, `mention_command`): NUL, `-` for a command, the name, NUL.
_MENTION = re.compile(r"\x00(-?)([A-Za-z_][A-Za-z0-9_]*)\x00")


def mention(option: str) -> str:
    """An option named inside a message, e.g. ``_("{option} exact is not available here").format(option=
    mention("method"))``: the library writes it as its name (``method``), the command line as its flag
    (``--method``). In an error's reason it stays a mention until the error is said; any other text says it at once
    with :func:`spoken`."""
    return f"\x00{option}\x00"


def mention_command(command: str) -> str:
    """A deckcheck command named inside a message (``check``, ``add``): the command line says ``deckcheck check``,
    the library ``check`` (its own functions do each command's work)."""
    return f"\x00-{command}\x00"


def _as_named(name: str) -> str:
    return name


class Spelling:
    """How a caller names the options and commands that messages mention: the library by their names, the command
    line as its flags and command lines (deckcheck.cli.options)."""

    def __init__(self, option: Callable[[str], str] = _as_named, command: Callable[[str], str] = _as_named) -> None:
        self.option, self.command = option, command

    def said(self, text: str) -> str:
        """The text with every mention spelled."""
        if "\x00" not in text:
            return text
        return _MENTION.sub(lambda found: (self.command if found[1] else self.option)(found[2]), text)


#: The library's spelling (a Python caller reads `as_of`, `check`).
AS_NAMED = Spelling()
_spelling = AS_NAMED


def spoken(text: str) -> str:
    """The text with every option and command it mentions named as the caller names them (see speaking): a note,
    a line of a report, anything but an error's reason, which says its mentions itself."""
    return _spelling.said(text)


@contextlib.contextmanager
def speaking(spelling: Spelling) -> Iterator[None]:
    """Within the block, messages name options and commands as ``spelling`` says them (the command line's flags), as
    _i18n's language says their words; then as before. Forked workers inherit it."""
    global _spelling
    before, _spelling = _spelling, spelling
    try:
        yield
    finally:
        _spelling = before


if TYPE_CHECKING:  # a TypedDict for type checkers only: errors.py is imported by every command

    class _Where(TypedDict, total=False):
        """Where a DeckcheckError stands (its keyword arguments), for the errors that pass them on."""

        path: str | Path | None
        line: int | None
        field: str | None
        details: list[Problem] | None


class OptionError(DeckcheckError):
    """An option given a value that cannot be used (or options that cannot go together): a keyword argument of a
    library call such as ``StatsOptions(trials=0)``, which the command line takes as a flag (``--trials 0``).

    ``option`` is the option's name as the library knows it: the Python parameter (``trials``, ``as_of``). The
    reason names every option it is about with :func:`mention`, this one included where the sentence names it:
    ``OptionError("trials", f"{mention('trials')} must be at least 1")``. ``str(error)`` and ``reason`` name them
    as the caller does ("trials must be at least 1" for the library); :meth:`spelled` names them as another caller
    does (the command line: "--trials must be at least 1"). A ``field`` that is one of those options is not said
    again before the reason, which names it already.
    """

    def __init__(self, option: str, reason: str, **where: Unpack[_Where]) -> None:
        self.option = option
        super().__init__(reason, **where)

    @property
    def options(self) -> list[str]:
        """The option the error is about, then every other option its reason names, each once."""
        named = [found[2] for found in _MENTION.finditer(self.template) if not found[1]]
        return list(dict.fromkeys([self.option, *named]))

    def describe(self) -> str:
        return _placed(self.reason, self.path, self.line, None if self.field in self.options else self.field)
