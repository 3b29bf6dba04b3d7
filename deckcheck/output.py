"""Renderings of a check run: text for people, JSON for programs, and CI formats (GitHub, SARIF, JUnit)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from deckcheck import __version__
from deckcheck.check import CheckRun, DeckReport
from deckcheck.games import all_games
from deckcheck.violations import Violation

if TYPE_CHECKING:
    from xml.etree import ElementTree as ET

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
            lines.append(violation_line(violation, style))
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


def violation_line(violation: Violation, style: Style) -> str:
    colour = "red" if violation.severity == "error" else "yellow"
    ref = f" [{violation.ref}]" if violation.ref else ""
    section = f" ({violation.section})" if violation.section else ""
    label = f"{style(violation.severity, fg=colour)} {style(violation.rule, bold=True)}"
    return f"  {label}{section}{ref}: {violation.message}"


def render_json(run: CheckRun) -> str:
    import json  # the text rendering (most runs) does not need it

    return json.dumps(run.to_json(), ensure_ascii=False, indent=2)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(run: CheckRun) -> str:
    """GitHub Actions workflow commands: one annotation per violation and per unreadable file, then a summary.

    `::error file=PATH,title=RULE::message` (warnings as `::warning`); GitHub shows them on the pull request.
    """
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
    lines.append(_summary_line(run))
    return "\n".join(lines)


def _summary_line(run: CheckRun) -> str:
    summary = run.summary()
    line = f"{summary['decks']} decks checked, {summary['legal']} legal, {summary['errors']} errors, "
    line += f"{summary['warnings']} warnings"
    return line + (f", {len(run.errors)} files could not be checked" if run.errors else "")


#: Descriptions of the rules every game shares (the games describe their own).
COMMON_RULES = {
    "deck.unknown-card": "A deck entry resolves to no card of the game's card database.",
    "deck.bad-count": "A count is not a positive whole number.",
    "deck.unknown-section": "A section the game does not have.",
    "regulation.banned": "A card the selected regulation bans.",
    "regulation.restricted": "More copies of a card than the selected regulation allows.",
    "deckcheck.unreadable": "A file that could not be read as a deck (exit code 2).",
}


def _sarif_rule(rule_id: str) -> dict[str, Any]:
    for game in all_games().values():
        for rule in game.rules:
            if rule.id == rule_id:
                text = f"{rule.summary} ({game.title}, rules document {rule.refs})"
                return {
                    "id": rule.id,
                    "shortDescription": {"text": rule.summary},
                    "fullDescription": {"text": text},
                    "help": {"text": f"See rule {rule.refs} of {game.rules_document}."},
                    "defaultConfiguration": {"level": rule.severity},
                    "properties": {"ref": rule.refs, "game": game.id},
                }
    summary = COMMON_RULES.get(rule_id, rule_id)
    return {"id": rule_id, "shortDescription": {"text": summary}, "fullDescription": {"text": summary}}


def _sarif_result(rule_index: dict[str, int], rule_id: str, level: str, message: str, location: dict) -> dict:
    return {
        "ruleId": rule_id,
        "ruleIndex": rule_index[rule_id],
        "level": level,
        "message": {"text": message},
        "locations": [{"physicalLocation": location}],
    }


def render_sarif(run: CheckRun) -> str:
    """SARIF 2.1.0, the format code-scanning dashboards read: one result per violation and per unreadable file."""
    used = [v.rule for report in run.reports for v in report.violations]
    used += ["deckcheck.unreadable"] if run.errors else []
    rule_ids = list(dict.fromkeys(used))
    rule_index = {rule_id: index for index, rule_id in enumerate(rule_ids)}
    results = []
    for report in run.reports:
        for v in report.violations:
            location = {"artifactLocation": {"uri": _uri(report.path)}}
            result = _sarif_result(rule_index, v.rule, v.severity, v.message, location)
            result["properties"] = {k: val for k, val in v.to_json().items() if k not in ("rule", "message")}
            results.append(result)
    for error in run.errors:
        location: dict[str, Any] = {"artifactLocation": {"uri": _uri(error.path)}}
        if error.line:
            location["region"] = {"startLine": error.line}
        results.append(_sarif_result(rule_index, "deckcheck.unreadable", "error", str(error), location))
    driver = {
        "name": "deckcheck",
        "version": __version__,
        "informationUri": "https://pypi.org/project/deckcheck/",
        "rules": [_sarif_rule(rule_id) for rule_id in rule_ids],
    }
    sarif = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": driver},
                "invocations": [{"executionSuccessful": not run.errors}],
                "results": results,
            }
        ],
    }
    import json

    return json.dumps(sarif, ensure_ascii=False, indent=2)


def _uri(path: str | None) -> str:
    return (path or "").replace("\\", "/")


def render_junit(run: CheckRun, fail_on: str = "error") -> str:
    """JUnit XML: one test suite per game, one test case per deck, a failure per deck failing at `--fail-on`."""
    from xml.etree import ElementTree as ET  # only this format needs it

    root = ET.Element("testsuites", name="deckcheck")
    suites: dict[str, ET.Element] = {}
    for report in run.reports:
        suite = suites.get(report.game)
        if suite is None:
            suite = suites[report.game] = ET.SubElement(root, "testsuite", name=report.game)
        case = ET.SubElement(suite, "testcase", classname=report.game, name=report.path or "<deck>")
        if report.fails(fail_on):
            shown = [v for v in report.violations if fail_on == "warning" or v.severity == "error"]
            failure = ET.SubElement(case, "failure", message=f"{len(shown)} violation(s)", type="illegal deck")
            failure.text = "\n".join(f"{v.severity} {v.rule} [{v.ref or '-'}] {v.message}" for v in shown)
    if run.errors:
        suite = ET.SubElement(root, "testsuite", name="deckcheck")
        for error in run.errors:
            case = ET.SubElement(suite, "testcase", classname="deckcheck", name=error.path or "<input>")
            ET.SubElement(case, "error", message=str(error), type="unreadable file")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for suite in root:
        counts = {
            "tests": len(suite),
            "failures": sum(case.find("failure") is not None for case in suite),
            "errors": sum(case.find("error") is not None for case in suite),
        }
        for key, value in counts.items():
            suite.set(key, str(value))
            totals[key] += value
        suite.set("skipped", "0")
    for key, value in totals.items():
        root.set(key, str(value))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")
