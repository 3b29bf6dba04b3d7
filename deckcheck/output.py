"""Renderings of a check run: text for people, JSON for programs, and CI formats (GitHub, SARIF, JUnit)."""

from __future__ import annotations

import json
from collections.abc import Callable
from xml.etree import ElementTree as ET

from deckcheck import __version__
from deckcheck.check import CheckRun, DeckReport
from deckcheck.games import all_games
from deckcheck.violations import Violation

Style = Callable[..., str]


def _plain(text: str, **_: object) -> str:
    return text


def render_text(run: CheckRun, style: Style = _plain, verbose: bool = True) -> str:
    """Grouped by deck; a legal deck takes one line, every violation of the others is listed."""
    lines: list[str] = []
    for report in run.reports:
        lines.append(_deck_heading(report, style))
        if report.legal and not report.violations:
            continue
        for violation in report.violations:
            lines.append(_violation_line(violation, style))
    summary = run.summary()
    problems = f"{summary['errors']} error{'s' if summary['errors'] != 1 else ''}, "
    problems += f"{summary['warnings']} warning{'s' if summary['warnings'] != 1 else ''}"
    closing = f"{summary['decks']} deck{'s' if summary['decks'] != 1 else ''} checked, {summary['legal']} legal"
    if summary["errors"] or summary["warnings"]:
        closing += f" ({problems})"
    if run.errors:
        closing += f"; {len(run.errors)} file{'s' if len(run.errors) != 1 else ''} could not be checked"
    if lines:
        lines.append("")
    lines.append(style(closing, bold=True))
    return "\n".join(lines)


def _deck_heading(report: DeckReport, style: Style) -> str:
    verdict = style("legal", fg="green", bold=True) if report.legal else style("illegal", fg="red", bold=True)
    counts = ", ".join(f"{section} {count}" for section, count in report.counts.items())
    title = f" “{report.name}”" if report.name else ""
    return f"{style(report.path or '<deck>', bold=True)}  {report.game}{title}  [{counts}]  {verdict}"


def _violation_line(violation: Violation, style: Style) -> str:
    colour = "red" if violation.severity == "error" else "yellow"
    ref = f" [{violation.ref}]" if violation.ref else ""
    section = f" ({violation.section})" if violation.section else ""
    label = f"{style(violation.severity, fg=colour)} {style(violation.rule, bold=True)}"
    return f"  {label}{section}{ref}: {violation.message}"


def render_json(run: CheckRun) -> str:
    return json.dumps(run.to_json(), ensure_ascii=False, indent=2)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(run: CheckRun) -> str:
    """GitHub Actions workflow commands, one annotation per violation and per unreadable file."""
    lines = []
    for report in run.reports:
        for v in report.violations:
            props = f"file={_escape_property(report.path or '')},title={_escape_property(v.rule)}"
            lines.append(f"::{v.severity} {props}::{_escape_data(v.message)}")
    for error in run.errors:
        props = f"file={_escape_property(error.path or '')}"
        if error.line:
            props += f",line={error.line}"
        lines.append(f"::error {props},title=deckcheck::{_escape_data(str(error))}")
    summary = run.summary()
    lines.append(f"{summary['decks']} decks checked, {summary['legal']} legal")
    return "\n".join(lines)


def render_sarif(run: CheckRun) -> str:
    """SARIF 2.1.0, the format code-scanning dashboards read."""
    rules = {
        rule.id: {"id": rule.id, "shortDescription": {"text": rule.summary}, "properties": {"ref": rule.refs}}
        for game in all_games().values()
        for rule in game.rules
    }
    results = []
    used: dict[str, dict] = {}
    for report in run.reports:
        for v in report.violations:
            used[v.rule] = rules.get(v.rule, {"id": v.rule, "shortDescription": {"text": v.rule}})
            results.append(
                {
                    "ruleId": v.rule,
                    "level": v.severity,
                    "message": {"text": v.message},
                    "locations": [{"physicalLocation": {"artifactLocation": {"uri": report.path or ""}}}],
                    "properties": {k: val for k, val in v.to_json().items() if k not in ("rule", "message")},
                }
            )
    for error in run.errors:
        used["deckcheck.unreadable"] = {"id": "deckcheck.unreadable", "shortDescription": {"text": "unreadable file"}}
        location: dict = {"artifactLocation": {"uri": error.path or ""}}
        if error.line:
            location["region"] = {"startLine": error.line}
        results.append(
            {
                "ruleId": "deckcheck.unreadable",
                "level": "error",
                "message": {"text": str(error)},
                "locations": [{"physicalLocation": location}],
            }
        )
    sarif = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "deckcheck", "version": __version__, "rules": list(used.values())}},
                "results": results,
            }
        ],
    }
    return json.dumps(sarif, ensure_ascii=False, indent=2)


def render_junit(run: CheckRun, fail_on: str = "error") -> str:
    """JUnit XML: one test case per deck, failing when the deck fails at the `--fail-on` level."""
    suite = ET.Element("testsuite", name="deckcheck")
    failures = errors = 0
    for report in run.reports:
        case = ET.SubElement(suite, "testcase", classname=report.game, name=report.path or "<deck>")
        if report.fails(fail_on):
            failures += 1
            shown = [v for v in report.violations if fail_on == "warning" or v.severity == "error"]
            failure = ET.SubElement(case, "failure", message=f"{len(shown)} violation(s)")
            failure.text = "\n".join(f"{v.rule} [{v.ref or '-'}] {v.message}" for v in shown)
    for error in run.errors:
        errors += 1
        case = ET.SubElement(suite, "testcase", classname="deckcheck", name=error.path or "<input>")
        ET.SubElement(case, "error", message=str(error))
    suite.set("tests", str(len(run.reports) + len(run.errors)))
    suite.set("failures", str(failures))
    suite.set("errors", str(errors))
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")
