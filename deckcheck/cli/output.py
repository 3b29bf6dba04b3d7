"""What the command line writes: a command's output on stdout, its messages on stderr, with no control character raw,
colour on a terminal only, and a progress bar on a terminal only."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

import typer

from deckcheck._i18n import _
from deckcheck._util.safetext import (
    echoed,
    escape_controls,
    escape_controls_keeping_style,
    escape_json_controls,
    one_line,
)
from deckcheck._util.text import fit_line, output_columns
from deckcheck.cli import streams
from deckcheck.cli.options import as_flags
from deckcheck.errors import DeckcheckError

if TYPE_CHECKING:
    from deckcheck.carddb.manifest import DataNote


def use_colour() -> bool:
    """Colour on a terminal, by the common conventions: NO_COLOR set to anything but the empty string turns it off
    (no-color.org), FORCE_COLOR set non-empty turns it on even when piped (force-color.org; NO_COLOR wins), and
    TERM=dumb turns it off."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return os.environ.get("TERM") != "dumb" and sys.stdout.isatty()


def error_line(error: DeckcheckError) -> str:
    """The error as the command line says it (see as_flags), its path and field on one line each (a file named
    `a\nFAKE LINE` cannot forge a line) and a field the user typed cut short."""
    error = as_flags(error)
    if error.path is None and error.field is None:
        return f"deckcheck: {error}"
    path = one_line(error.path) if error.path is not None else None
    field = echoed(error.field) if error.field is not None else None
    said = DeckcheckError(error.reason, path=path, line=error.line, field=field)
    return f"deckcheck: {said}"


def say(message: str) -> None:
    """A message on stderr, its control characters made visible (a deck name cannot retitle the terminal)."""
    typer.echo(escape_controls(message, keep_newlines=True), err=True)


def say_data_notes(notes: Iterable[DataNote]) -> None:
    """How old a game's card data is, or that its cards are invented (carddb.manifest.DataNote), on stderr: once a
    run, whatever the command."""
    for data_note in notes:
        say(_("deckcheck: card data note: {note}").format(note=data_note.message))


def say_note(message: str, debug: bool) -> None:
    """A note of the library (deckcheck._util.notes) on stderr; a debug note only with $DECKCHECK_DEBUG."""
    if not debug or os.environ.get("DECKCHECK_DEBUG"):
        say(_("deckcheck: note: {note}").format(note=message))


def echo_fitted(lines: Iterable[str]) -> None:
    """Lines of a listing, each wrapped to the terminal's width (80 when stdout is not a terminal) and continued
    under its own indent."""
    columns = output_columns()
    for line in lines:
        for part in fit_line(line, columns):
            echo(part)


def say_warning(message: str) -> None:
    say(_("deckcheck: warning: {message}").format(message=message))


def echo(
    text: str,
    *,
    colour: bool | None = None,
    json_text: bool = False,
    nl: bool = True,
    language: Literal["json", "toml", "xml"] | None = None,
) -> None:
    """Print a command's output with no control character raw (issue 14 item 12): JSON (and TOML) with DEL and C1 as
    `\\u` escapes, text with every control character made visible, except deckcheck's own colour codes when `colour`.
    On a stdout whose encoding is not a UTF, JSON (`json_text`, or `language` json or toml) and XML (`language`) are
    written in ASCII with their own escapes, so they stay valid; text shows what the encoding lacks as the stream's
    fallback does (see deckcheck.cli.streams)."""
    if json_text:
        safe = escape_json_controls(text)
    elif colour:
        safe = escape_controls_keeping_style(text)
    else:
        safe = escape_controls(text, keep_newlines=True)
    if json_text or language:
        safe = streams.as_ascii(safe, getattr(sys.stdout, "encoding", None), language or "json")
    typer.echo(safe, color=colour, nl=nl)


def echo_errors(errors: list[DeckcheckError]) -> None:
    for error in errors:
        say(error_line(error))


def no_style(text: str, **_: object) -> str:
    return text


def progress(files: list[str]) -> Iterable[str]:
    if len(files) < 20:
        return files
    return typer.progressbar(files, label=_("Checking decks"), file=sys.stderr)
