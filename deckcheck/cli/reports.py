"""The reports one `check` run writes beside its output (`--sarif FILE`, `--junit FILE`, `--summary FILE`), so that a
CI job checks every deck once and still gets annotations, code-scanning results, test reports and a job summary.

Each file is written atomically (deckcheck._util.atomic: a temporary file renamed over the target, through a
symbolic link to its target, into a descriptor such as /dev/stdout where it is written in place), except the job
summary GitHub Actions gives a step (`$GITHUB_STEP_SUMMARY`, the same file however it is named), which is appended to,
as the runner expects of every step that adds to it. A file that cannot be written is said on stderr (its path and
why) and makes the run's exit code 2; the other files are still written."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from deckcheck._i18n import _
from deckcheck._util.safetext import one_line
from deckcheck.checking.output import WORKSPACE_ENV, render_junit, render_sarif, render_summary, workspace_path
from deckcheck.cli.output import say, say_data_notes
from deckcheck.errors import DeckcheckError, os_reason

if TYPE_CHECKING:
    from deckcheck.checking.report import CheckRun

STEP_SUMMARY_ENV = "GITHUB_STEP_SUMMARY"


def say_notes(run: CheckRun) -> None:
    """The run's notes on stderr (every output format but `github`, which writes them as `::notice::` lines)."""
    for warning in run.warnings:
        say(_("deckcheck: card data note: {note}").format(note=warning))
    for note in run.notes:
        say(_("deckcheck: note: {note}").format(note=note))
    say_data_notes(run.data_notes)


def full_report(sarif: Path | None) -> str | None:
    """How the GitHub annotations and the summary name the file that has every finding: the SARIF file, relative to
    the workspace in a GitHub Actions job (as the annotations name their files), else as given."""
    if sarif is None:
        return None
    return one_line(workspace_path(str(sarif), os.environ.get(WORKSPACE_ENV)))


def write_reports(
    run: CheckRun, *, sarif: Path | None, junit: Path | None, summary: Path | None, fail_on: str
) -> list[DeckcheckError]:
    """Write each report asked for; the problems of those that could not be written (each naming its file and
    option), in the order sarif, junit, summary."""
    problems = []
    for option, target, render in (
        ("sarif", sarif, lambda: render_sarif(run)),
        ("junit", junit, lambda: render_junit(run, fail_on)),
        ("summary", summary, lambda: render_summary(run, full_report=full_report(sarif))),
    ):
        if target is None:
            continue
        try:
            if option == "summary" and is_step_summary(target):
                append(target, render(), field=option)
            else:
                from deckcheck._util.atomic import atomic_write  # deferred: a run that writes no report never needs it

                atomic_write(target, render(), field=option)
        except DeckcheckError as error:
            problems.append(error)
    return problems


def is_step_summary(target: Path) -> bool:
    """True when `target` is the job summary file the Actions runner gave this step ($GITHUB_STEP_SUMMARY), by its
    path or as the same file through another name."""
    given = os.environ.get(STEP_SUMMARY_ENV)
    if not given:
        return False
    if os.path.abspath(target) == os.path.abspath(given):
        return True
    try:
        return os.path.samefile(target, given)
    except OSError:
        return False


def append(target: Path, text: str, *, field: str | None = None) -> None:
    """Add `text` at the end of the file (created if missing) in one write, as every step adding to a job summary
    does: what earlier steps wrote stays, and a summary that does not end a line gets one first."""
    data = text.encode("utf-8")
    try:
        descriptor = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError as error:
        reason = os_reason(error)
        raise DeckcheckError(_("cannot write: {reason}").format(reason=reason), path=target, field=field) from None
    try:
        if os.fstat(descriptor).st_size and not _ends_a_line(target):
            data = b"\n" + data
        while data:
            written = os.write(descriptor, data)
            data = data[written:]
    except OSError as error:
        raise DeckcheckError(
            _("cannot write: {reason}").format(reason=os_reason(error)), path=target, field=field
        ) from None
    finally:
        os.close(descriptor)


def _ends_a_line(target: Path) -> bool:
    try:
        with open(target, "rb") as handle:
            handle.seek(-1, os.SEEK_END)
            return handle.read(1) == b"\n"
    except OSError:
        return True  # cannot tell (a FIFO): add nothing
