"""`deckcheck cards import`: what an import did, for people or as JSON, and the exit code (1: some rows rejected)."""

from __future__ import annotations

import json

from deckcheck._i18n import _, translate
from deckcheck._util.safetext import one_line, quoted
from deckcheck.carddb.importer import ImportReport
from deckcheck.errors import mention, spoken


def exit_code(report: ImportReport) -> int:
    """0 every row imported, 1 some rows rejected (each listed; the valid rows are written)."""
    return 1 if report.rejected else 0


def render_text(report: ImportReport) -> str:
    lines = []
    if report.format is not None:
        said = _("note: {path} was read as {format}.")
        lines.append(said.format(path=one_line(str(report.source)), format=translate(report.format.name)))
    if report.encoding == "cp932":
        said = _("note: {path} is not UTF-8; it was read as cp932 (Shift_JIS).")
        lines.append(said.format(path=one_line(str(report.source))))
    if report.comments_dropped:
        said = _("note: the comments of {path} were dropped ({option}).")
        lines.append(spoken(said.format(path=one_line(str(report.target)), option=mention("force"))))
    if report.rejected and not (report.added or report.replaced or report.unchanged):
        if report.unit == "item":
            lines.append(_("note: nothing was written: every item was rejected."))
        else:
            lines.append(_("note: nothing was written: every row was rejected."))
    lines.append(
        _(
            "Imported {source} into {target}: {added} added, {replaced} replaced, {unchanged} unchanged, "
            "{rejected} rejected."
        ).format(
            source=one_line(str(report.source)),
            target=one_line(str(report.target)),
            added=len(report.added),
            replaced=len(report.replaced),
            unchanged=len(report.unchanged),
            rejected=len(report.rejected_rows),
        )
    )
    item = report.unit == "item"
    for note in report.left_out:
        said = _("item {row}: {reason}") if item else _("row {row}: {reason}")
        lines.append(said.format(row=note.row, reason=note.reason))
    for rejection in report.rejected:
        if rejection.field is not None:
            said = _("item {row}, field {field}: {reason}") if item else _("row {row}, field {field}: {reason}")
        else:
            said = _("item {row}: {reason}") if item else _("row {row}: {reason}")
        field = quoted(rejection.field) if rejection.field is not None else ""
        lines.append(said.format(row=rejection.row, field=field, reason=rejection.reason))
    return "\n".join(lines)


def render_json(report: ImportReport) -> str:
    data = {
        "file": str(report.source),
        "target": str(report.target),
        "encoding": report.encoding,
        "format": report.format.id if report.format is not None else "deckcheck",
        "written": report.written,
        "added": report.added,
        "replaced": report.replaced,
        "unchanged": report.unchanged,
        "rejected": [
            {"row": rejection.row, "field": rejection.field, "reason": rejection.reason}
            for rejection in report.rejected
        ],
        "left_out": [{"row": note.row, "reason": note.reason} for note in report.left_out],
    }
    return json.dumps(data, ensure_ascii=False, indent=2)
