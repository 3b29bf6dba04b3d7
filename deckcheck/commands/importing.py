"""`deckcheck cards import`: what an import did, for people or as JSON, and the exit code (1: some rows rejected)."""

from __future__ import annotations

import json

from deckcheck._util.safetext import one_line, quoted
from deckcheck.carddb.importer import ImportReport


def exit_code(report: ImportReport) -> int:
    """0 every row imported, 1 some rows rejected (each listed; the valid rows are written)."""
    return 1 if report.rejected else 0


def render_text(report: ImportReport) -> str:
    lines = []
    if report.encoding == "cp932":
        lines.append(f"note: {one_line(str(report.source))} is not UTF-8; it was read as cp932 (Shift_JIS).")
    if report.comments_dropped:
        lines.append(f"note: the comments of {one_line(str(report.target))} were dropped (--force).")
    if report.rejected and not (report.added or report.replaced or report.unchanged):
        lines.append(f"note: nothing was written: every {report.unit} was rejected.")
    lines.append(
        f"Imported {one_line(str(report.source))} into {one_line(str(report.target))}: {len(report.added)} added, "
        f"{len(report.replaced)} replaced, "
        f"{len(report.unchanged)} unchanged, {len(report.rejected_rows)} rejected."
    )
    for rejection in report.rejected:
        where = f"{report.unit} {rejection.row}"
        if rejection.field is not None:
            where += f", field {quoted(rejection.field)}"
        lines.append(f"{where}: {rejection.reason}")
    return "\n".join(lines)


def render_json(report: ImportReport) -> str:
    data = {
        "file": str(report.source),
        "target": str(report.target),
        "encoding": report.encoding,
        "written": report.written,
        "added": report.added,
        "replaced": report.replaced,
        "unchanged": report.unchanged,
        "rejected": [
            {"row": rejection.row, "field": rejection.field, "reason": rejection.reason}
            for rejection in report.rejected
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2)
