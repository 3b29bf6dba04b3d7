"""Renderings of a check run: text for people, JSON for programs, and CI formats (GitHub, SARIF, JUnit)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck._i18n import _, language, ngettext, translate, translate_as
from deckcheck._util.safetext import escape_controls, utf8_bytes
from deckcheck._util.text import (
    HELD_BLANK,
    MIN_COLUMNS,
    NO_BREAK,
    display_width,
    fit_line,
    held,
    joined,
    output_columns,
)
from deckcheck._version import __version__
from deckcheck.checking.report import CheckRun, DeckReport
from deckcheck.checking.rules import SHARED_RULES, UNREADABLE
from deckcheck.errors import DeckcheckError
from deckcheck.games import all_games, get_game
from deckcheck.model.game import Game, rules_document_of, term
from deckcheck.model.versions import FORMAT_KEY
from deckcheck.model.violation import Violation

if TYPE_CHECKING:
    from xml.etree import ElementTree as ET

Style = Callable[..., str]


def _plain(text: str, **_: object) -> str:
    return text


def render_text(run: CheckRun, style: Style = _plain, verbose: bool = True, columns: int | None = None) -> str:
    """Grouped by deck; a legal deck takes one line, every violation of the others is listed (`path:line:`); each
    line fitted to `columns` terminal columns (the terminal's by default: output_columns), continued with a hanging
    indent. Not `verbose` (`--quiet`): only the decks with something to say (a violation, a warning included, or an
    unreadable line) and the closing line; a legal deck without findings takes no line."""
    columns = output_columns() if columns is None else columns
    lines: list[str] = []
    for report in run.reports:
        if not verbose and report.legal and not report.violations:
            continue
        lines += fitted([_deck_heading(report, style)], columns, hang=HEADING_HANG, listing=False)
        found = ["  " + _("note: {note}").format(note=escape_controls(report.note))] if report.note else []
        if not report.legal or report.violations:
            found += [_unread_line(report, line, what, style) for line, what in report.unread]
            found += [violation_line(violation, style, report.path or "<deck>") for violation in report.violations]
        lines += fitted(found, columns)
    summary = run.summary()
    decks = summary["decks"]
    closing = ngettext("{n} deck checked, {legal} legal", "{n} decks checked, {legal} legal", decks).format(
        n=decks, legal=summary["legal"]
    )
    if summary["errors"] or summary["warnings"]:
        closing = _("{summary} ({errors}, {warnings})").format(
            summary=closing, errors=_errors(summary["errors"]), warnings=_warnings(summary["warnings"])
        )
    if run.errors:
        closing = ngettext(
            "{summary}; {n} file could not be checked", "{summary}; {n} files could not be checked", len(run.errors)
        ).format(summary=closing, n=len(run.errors))
    if lines:
        lines.append("")
    lines += fitted([style(closing, bold=True)], columns, listing=False)
    return "\n".join(lines)


#: How far a continued line reaches in: a deck's heading under its violations (indented 2), a violation past its
#: start.
HEADING_HANG, HANG = 4, 2
# A slash is part of a path (`path:line:`, which an editor jumps to), a number or a card number (`G-BT06/051`,
# `5/0`), where no line may break: it stands in as a character of the same width while the line is wrapped.
_HELD_SLASH = "\u2215"


def fitted(lines: list[str], columns: int, hang: int = HANG, *, listing: bool = True) -> list[str]:
    """Each line fitted to `columns` terminal columns (deckcheck._util.text.fit_line: by display width, at blanks or
    between Japanese characters, never inside a word, a number or a card number): a listing's line continues under
    its last column, any other `hang` blanks past its own indent; several lines in one are fitted one by one."""
    out = []
    for line in (one for text in lines for one in text.split("\n")):
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        held = body.replace("/", _HELD_SLASH) if _HELD_SLASH not in body else body
        for part in fit_line(held, max(columns - indent, MIN_COLUMNS // 2), hang, listing=listing):
            part = part.replace(_HELD_SLASH, "/") if held is not body else part
            out.append(" " * indent + part.replace(HELD_BLANK, " ").replace(NO_BREAK, ""))
    return out


def _errors(count: int) -> str:
    return ngettext("{n} error", "{n} errors", count).format(n=count)


def _warnings(count: int) -> str:
    return ngettext("{n} warning", "{n} warnings", count).format(n=count)


def severity_word(severity: str) -> str:
    """'error' or 'warning' for people, in the chosen language (the JSON and CI formats keep the value itself)."""
    return {"error": _("error"), "warning": _("warning")}.get(severity, severity)


def _deck_heading(report: DeckReport, style: Style) -> str:
    verdict = style(_("legal"), fg="green", bold=True) if report.legal else style(_("illegal"), fg="red", bold=True)
    if report.unreadable_lines:  # some lines could not be read (listed as an error): no verdict on the whole deck
        unreadable = ngettext(
            "partly unreadable (line {lines})", "partly unreadable (lines {lines})", len(report.unreadable_lines)
        ).format(lines=joined(map(str, report.unreadable_lines)))
        verdict = style(unreadable, fg="red")
    game = _game(report.game)
    counts = _counts(report, game)
    # the deck's name stays whole on one line (its blanks held while the heading is fitted): a name is no prose
    # (on a narrow terminal, a name that cannot fit on a line breaks at its blanks)
    name = escape_controls(report.name or "")
    columns = output_columns()
    quoted_name = f"“{name}”" if display_width(name) > columns - 10 else f"“{name.replace(' ', HELD_BLANK)}”"
    if display_width(name) <= columns - 10:
        quoted_name = held(quoted_name)
    title = f" {quoted_name}" if report.name else ""
    judged_by = report.judged_by(format_word=(lambda format: term(game, FORMAT_KEY, format)) if game else str)
    # Translators: after the game's title in a deck's heading (the leading blank is the English spacing)
    rules = _(" ({judged})").format(judged=escape_controls(judged_by)) if judged_by else ""
    said_game = held(game.said_title) if game is not None and language() != "en" else report.game  # English: the id
    return (
        f"{style(escape_controls(report.path or '<deck>'), bold=True)}  {said_game}{rules}{title}  [{counts}]  "
        f"{verdict}"
    )


def _game(game_id: str) -> Game[Any] | None:
    """The report's game (loading its module only: `check` loads the games of its decks), None for an unknown id."""
    try:
        return get_game(game_id)
    except DeckcheckError:
        return None


def _counts(report: DeckReport, game: Game[Any] | None) -> str:
    """`main 54, g 20` in English (the ids a deck file writes); in another language each section as its game names
    it, its cards counted (`メインデッキ 54枚、Gデッキ 20枚`)."""
    if language() == "en" or game is None:
        return ", ".join(f"{escape_controls(section)} {count}" for section, count in report.counts.items())
    return joined(  # each section's count stays whole on a line (エボルヴデッキ 10枚, not エボ / ルヴデッキ)
        held(
            _("{section} {n}")
            .format(
                section=escape_controls(translate_as(game.id, game.wording.section_labels.get(section, section))),
                n=count,
            )
            .replace(" ", HELD_BLANK)
        )
        for section, count in report.counts.items()
    )


def _label(game: Game[Any], section: str) -> str:
    """A section as its game names it (Cipher's only deck is デッキ: the catalog's entry of the game's context)."""
    return translate_as(game.id, game.wording.section_labels.get(section, section))


def _unread_line(report: DeckReport, line: int, what: str, style: Style) -> str:
    """A line of the deck that could not be read, said before the findings (they judge the deck without it)."""
    label = f"{style(severity_word('error'), fg='red')} {style(UNREADABLE.id, bold=True)}"
    where = escape_controls(report.path or "<deck>") + (f":{line}" if line else "")
    said = _("not read: {what}; the counts and findings below leave this line out").format(what=what)
    return f"  {where}: {label}: {escape_controls(said)}"


def violation_line(violation: Violation, style: Style, path: str | None = None) -> str:
    """One violation for people; with the deck's path it starts `path:line:` (as compilers do, so editors and
    terminals can jump there)."""
    colour = "red" if violation.severity == "error" else "yellow"
    ref = f" [{escape_controls(violation.ref)}]" if violation.ref else ""
    section = f" ({escape_controls(violation.section)})" if violation.section else ""
    label = f"{style(severity_word(violation.severity), fg=colour)} {style(violation.rule, bold=True)}"
    where = ""
    if path is not None:
        where = f"{escape_controls(path)}:{violation.line}: " if violation.line else f"{escape_controls(path)}: "
    message = said_once(violation.message, violation.ref, violation.line if path is not None else None)
    return f"  {where}{label}{section}{ref}: {escape_controls(message)}"


def said_once(message: str, ref: str | None, line: int | None) -> str:
    """A violation's message without what its line's prefix already says: the rule number in `[ref]` ("… (5.2.2.1)."
    → "…."; "(5.2.2.4, corrected: …)" → "(corrected: …)") and the line in `path:line:` ("'X' on line 8 is" →
    "'X' is"). Other rule numbers and lines stay ("(5-1-3-1, 2-16-2-1)" → "(also 2-16-2-1)"). The Japanese forms
    too: full-width brackets "（5.2.2.1）", "（6.1.1.2：40〜50枚）", and the line as "（8行目）"."""
    if line is not None:
        message = re.sub(rf" on line {line}(?!\d)| \(line {line}\)|（{line}行目）", "", message)
    if ref:
        number = re.escape(ref)
        message = re.sub(rf" \({number}\)|（{number}）", "", message)
        # "(5.2.2.4, corrected: …)", "(6.1.1.2: 40 to 50 cards)", "(5.2.2.4 as corrected; …)": the rest stays, and
        # a rule number left first is one more rule ("(5-1-3-1, 2-16-2-1)" → "(also 2-16-2-1)")
        # Translators: before a rule number a message cites besides the one in [brackets]: "(also 2-16-2-1)"
        also = _("also ")
        message = re.sub(
            rf"\({number}(?:[,;:] | )(?=(\d+[.-]\d)?)", lambda match: "(" + also if match[1] else "(", message
        )
        # (in Japanese a number followed by a blank is the sentence's object, "（5.2.2.4 を訂正して適用：…）": kept)
        message = re.sub(
            rf"（{number}[、，；：。,;:] ?(?=(\d+[.-]\d)?)",
            lambda match: "（" + also if match[1] else "（",
            message,
        )
    return message


def render_json(run: CheckRun) -> str:
    import json  # deferred: the text rendering (most runs) does not need it

    text = json.dumps(run.to_json(), ensure_ascii=False, indent=2)
    # A lone surrogate (a file name that is not UTF-8) cannot be written as UTF-8; JSON carries it as \udcXX.
    return text.encode("utf-8", "backslashreplace").decode("utf-8") if _has_surrogate(text) else text


_SURROGATE = re.compile("[\ud800-\udfff]")


def _has_surrogate(text: str) -> bool:
    # a regular expression, not a loop over the characters: a SARIF log of 50,000 findings is 40 MB of text
    return not text.isascii() and _SURROGATE.search(text) is not None


# GitHub Actions workflow commands ----------------------------------------------------------------------------


def _escape_data(text: str) -> str:
    """A command's message, as the Actions runner unescapes it (`%25`, `%0D`, `%0A`)."""
    return escape_controls(text, keep_newlines=True).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    """A command's property value, as the runner unescapes it (also `%3A` and `%2C`)."""
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _annotation(level: str, message: str, path: str | None, line: int | None, title: str) -> str:
    props = []
    if path:
        props.append(f"file={_escape_property(path)}")
        if line:
            props.append(f"line={line}")
    props.append(f"title={_escape_property(title)}")
    return f"::{level} {','.join(props)}::{_escape_data(message)}"


#: How many annotations of each kind (error, warning, notice) GitHub shows for one step; the job log has the rest.
GITHUB_SHOWN = 10
WORKSPACE_ENV = "GITHUB_WORKSPACE"


def workspace_path(path: str, workspace: str | None) -> str:
    """A path as the Actions runner reads an annotation's `file`: relative to the workspace (the repository's
    checkout, $GITHUB_WORKSPACE) when it lies inside it, whatever folder the run was started from; a path outside
    the workspace, standard input (`<stdin>`) or a run with no workspace keeps the path as given."""
    inside = in_workspace(path, workspace)
    return path if inside is None else inside


def in_workspace(path: str, workspace: str | None) -> str | None:
    """The path relative to the workspace (`/`-separated), None when there is none or the path is outside it."""
    if not workspace or path.startswith("<"):
        return None
    for resolve in (os.path.abspath, os.path.realpath):  # a workspace reached through a link, too
        try:
            relative = Path(resolve(path)).relative_to(resolve(workspace))
        except ValueError:
            continue
        return relative.as_posix() if relative.parts else "."
    return None


def render_github(run: CheckRun, workspace: str | None = None, *, full_report: str | None = None) -> str:
    """GitHub Actions workflow commands: the run's notes as `::notice::` lines, one annotation per violation (on its
    line) and per problem of an unreadable file, then a summary. `::error file=PATH,line=N,title=RULE::message`
    (warnings as `::warning`), PATH relative to `workspace` (default: $GITHUB_WORKSPACE, see workspace_path).

    GitHub shows GITHUB_SHOWN annotations of each kind per step: when more were written, a notice says how many of
    each, and that the job log (and `full_report`, the SARIF file written beside, if any) has them all. That notice
    is the last one written, or the GITHUB_SHOWN-th when the notes alone would push it out of sight."""
    workspace = os.environ.get(WORKSPACE_ENV) if workspace is None else workspace
    notices = [f"::notice::{_escape_data(note)}" for note in run.said_notes()]
    lines = []
    counts = {"error": 0, "warning": 0}
    for report in run.reports:
        path = workspace_path(report.path, workspace) if report.path else None
        for v in report.violations:
            lines.append(_annotation(v.severity, v.message, path, v.line, v.rule))
            counts[v.severity] = counts.get(v.severity, 0) + 1
    for error in run.errors:
        for path, line, message in error_places(error):
            shown = workspace_path(path, workspace) if path else None
            lines.append(_annotation("error", message, shown, line, "deckcheck"))
            counts["error"] += 1
    if max(counts["error"], counts["warning"], len(notices)) > GITHUB_SHOWN:
        said = _github_overflow(counts["error"], counts["warning"], len(notices), full_report)
        # last of the notices, or the last one GitHub shows when the notes alone fill them
        notices.insert(min(len(notices), GITHUB_SHOWN - 1), f"::notice title=deckcheck::{_escape_data(said)}")
        if len(notices) <= GITHUB_SHOWN:
            lines.append(notices.pop())  # after every annotation: the step's last word before the summary
    return "\n".join([*notices, *lines, _summary_line(run)])


def _github_overflow(errors: int, warnings: int, notes: int, full_report: str | None) -> str:
    counts = {"errors": _errors(errors), "warnings": _warnings(warnings), "notes": _notes(notes)}
    if full_report:
        return _(
            "GitHub shows {shown} annotations of each kind per step, and this step wrote {errors}, {warnings} and "
            "{notes}: the job log and {file} have them all"
        ).format(shown=GITHUB_SHOWN, file=full_report, **counts)
    return _(
        "GitHub shows {shown} annotations of each kind per step, and this step wrote {errors}, {warnings} and "
        "{notes}: the job log has them all"
    ).format(shown=GITHUB_SHOWN, **counts)


def _notes(count: int) -> str:
    return ngettext("{n} note", "{n} notes", count).format(n=count)


def error_places(error: DeckcheckError) -> list[tuple[str | None, int | None, str]]:
    """(path, line, message) for each problem of an error: its details when it has several, else itself."""
    if not error.details:
        return [(error.path, error.line, str(error))]
    where = f"{error.path}: " if error.path else ""
    return [
        (detail.path or error.path, detail.line, f"{where}{error_headline(error)}: {detail}")
        for detail in error.details
    ]


def error_headline(error: DeckcheckError) -> str:
    """The first line of an error's reason (an error with several problems lists them on the next lines)."""
    return error.reason.split("\n", 1)[0].rstrip(":：")


def _summary_line(run: CheckRun) -> str:
    summary = run.summary()
    decks = summary["decks"]
    line = ngettext(
        "{n} deck checked, {legal} legal, {errors}, {warnings}",
        "{n} decks checked, {legal} legal, {errors}, {warnings}",
        decks,
    ).format(
        n=decks, legal=summary["legal"], errors=_errors(summary["errors"]), warnings=_warnings(summary["warnings"])
    )
    if not run.errors:
        return line
    return ngettext(
        "{summary}, {n} file could not be checked", "{summary}, {n} files could not be checked", len(run.errors)
    ).format(summary=line, n=len(run.errors))


# A Markdown job summary ----------------------------------------------------------------------------------------

#: At most this many problems in a summary's table, and at most this many bytes of them (GitHub takes 1 MiB of
#: summary per step, shared with the step's other writers): the rest are counted below the table.
SUMMARY_ROWS = 100
SUMMARY_TABLE_BYTES = 128 * 1024
#: A message longer than this (a hostile deck's, a long card list) is cut in its cell, ending with "…".
SUMMARY_CELL_CHARACTERS = 500
_MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]|~#])")


def markdown_cell(text: str, limit: int = SUMMARY_CELL_CHARACTERS) -> str:
    """`text` as one cell of a Markdown table, read as written: control characters made visible, HTML's `&<>` as
    entities, Markdown's own characters (`|` that would end the cell, `*`, `_`, a backtick ...) escaped, line breaks
    as `<br>`, cut to `limit` characters."""
    text = escape_controls(text.strip().replace("\r\n", "\n"), keep_newlines=True)  # a lone CR: made visible
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MARKDOWN_SPECIALS.sub(r"\\\1", text)
    return text.replace("\n", "<br>")


def _line_link(path: str | None, line: int, workspace: str | None) -> str:
    """A problem's line in the summary: in a GitHub Actions job ($GITHUB_SERVER_URL, $GITHUB_REPOSITORY,
    $GITHUB_SHA), a link to that line of the file as the job's commit has it, for a file inside the workspace;
    else the number."""
    from urllib.parse import quote  # deferred: a summary in a job only

    server, repository, commit = (os.environ.get(name, "") for name in _LINK_ENV)
    inside = in_workspace(path, workspace) if path else None
    if not (server and repository and commit and inside and inside != "."):
        return str(line)
    file = quote(utf8_bytes(inside), safe="/")
    target = f"{server.rstrip('/')}/{quote(repository, safe='/')}/blob/{quote(commit, safe='')}/{file}#L{line}"
    return f"[{line}](<{quote(target, safe=':/#%')}>)"


_LINK_ENV = ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA")


def render_summary(
    run: CheckRun,
    workspace: str | None = None,
    *,
    full_report: str | None = None,
    max_rows: int = SUMMARY_ROWS,
    max_table_bytes: int = SUMMARY_TABLE_BYTES,
) -> str:
    """A Markdown job summary of the run (GitHub's `$GITHUB_STEP_SUMMARY`): a title and the verdict, the counts
    (decks, legal, with errors, warnings; files that could not be checked), a table of the problems (deck, line,
    severity, rule, message; paths as in `render_github`, each line a link to it in a job), at most `max_rows`
    rows and `max_table_bytes` bytes of them with a line saying how many were left out (and that the job log and
    `full_report` have them), and the run's notes."""
    workspace = os.environ.get(WORKSPACE_ENV) if workspace is None else workspace
    summary = run.summary()
    decks, legal = summary["decks"], summary["legal"]
    with_errors = sum(not report.legal for report in run.reports)
    lines = ["## " + _("deckcheck: deck check"), ""]
    sentences = []
    if with_errors or not run.errors:
        sentences.append(
            ngettext("{bad} of {n} deck breaks a rule.", "{bad} of {n} decks break a rule.", decks).format(
                bad=with_errors, n=decks
            )
            if with_errors
            else ngettext("{n} deck checked: it is legal.", "{n} decks checked: every one is legal.", decks).format(
                n=decks
            )
        )
    if run.errors:
        sentences.append(
            ngettext("{n} file could not be checked.", "{n} files could not be checked.", len(run.errors)).format(
                n=len(run.errors)
            )
        )
    verdict = (" " if language() == "en" else "").join(sentences)  # (Japanese sentences follow each other unspaced)
    lines += [f"**{markdown_cell(verdict)}**", ""]
    headers = [_("Decks"), _("Legal"), _("With errors"), _("Warnings")]
    values = [decks, legal, with_errors, summary["warnings"]]
    if run.errors:
        headers.append(_("Not checked"))
        values.append(len(run.errors))
    lines += [
        "| " + " | ".join(markdown_cell(header) for header in headers) + " |",
        "|" + " ---: |" * len(headers),
        "| " + " | ".join(str(value) for value in values) + " |",
    ]
    problems: list[tuple[str | None, int | None, str, str, str]] = []  # (path as found, line, severity, rule, said)
    for report in run.reports:
        problems += [(report.path, v.line, v.severity, v.rule, v.message) for v in report.violations]
    for error in run.errors:
        problems += [(place, line, "error", UNREADABLE.id, said) for place, line, said in error_places(error)]
    if problems:
        lines += ["", "### " + _("Problems"), ""]
        headers = [_("Deck"), _("Line"), _("Severity"), _("Rule"), _("Message")]
        lines += [
            "| " + " | ".join(markdown_cell(header) for header in headers) + " |",
            "| --- | ---: | --- | --- | --- |",
        ]
        used = 0
        shown_rows = 0
        for path, line, severity, rule, message in problems:
            row = (
                "| "
                + " | ".join(
                    [
                        markdown_cell(workspace_path(path, workspace) if path else ""),
                        _line_link(path, line, workspace) if line else "",
                        markdown_cell(severity_word(severity)),
                        markdown_cell(rule),
                        markdown_cell(message),
                    ]
                )
                + " |"
            )
            used += len(utf8_bytes(row)) + 1
            if shown_rows >= max_rows or used > max_table_bytes:
                break
            lines.append(row)
            shown_rows += 1
        left_out = len(problems) - shown_rows
        if left_out:
            if full_report:
                said = ngettext(
                    "{n} more problem is not shown here: the job log and {file} have every one.",
                    "{n} more problems are not shown here: the job log and {file} have every one.",
                    left_out,
                ).format(n=left_out, file=full_report)
            else:
                said = ngettext(
                    "{n} more problem is not shown here: the job log has every one.",
                    "{n} more problems are not shown here: the job log has every one.",
                    left_out,
                ).format(n=left_out)
            lines += ["", f"*{markdown_cell(said)}*"]
    notes = run.said_notes()
    if notes:
        lines += ["", "### " + _("Notes"), ""]
        lines += [f"- {markdown_cell(note)}" for note in notes]
    return "\n".join(lines) + "\n"


# SARIF ---------------------------------------------------------------------------------------------------------

SRCROOT = "%SRCROOT%"
FINGERPRINT = "deckcheckFinding/v1"


def _sarif_rule(rule_id: str) -> dict[str, Any]:
    """A rule as GitHub code scanning wants it: short and full descriptions and a help text naming the rules
    document's rule (no helpUri: there is no page that would resolve)."""
    for game in all_games().values():
        for rule in game.rules:
            if rule.id == rule_id:
                summary, refs, document = translate(rule.summary), translate(rule.refs), rules_document_of(game)
                said = {"summary": summary, "refs": refs, "document": document, "game": game.said_title}
                full = _("{summary} ({game}, rule {refs} of {document}).").format(**said)
                help_text = _("{summary}\n\nSee rule {refs} of {document} ({game}).").format(**said)
                help_markdown = _("{summary}\n\nSee rule **{refs}** of *{document}* ({game}).").format(**said)
                return {
                    "id": rule.id,
                    "name": _rule_name(rule.id),
                    "shortDescription": {"text": summary},
                    "fullDescription": {"text": full},
                    "help": {"text": help_text, "markdown": help_markdown},
                    "defaultConfiguration": {"level": rule.severity},
                    "properties": {"ref": rule.refs, "game": game.id},
                }
    shared = SHARED_RULES.get(rule_id) or (UNREADABLE if rule_id == UNREADABLE.id else None)
    if shared:
        summary, section = translate(shared.summary), shared.contract_section
    else:
        summary, section = _("The rule {rule}.").format(rule=rule_id), ""
    where = (
        _('the section "{section}" of deckcheck\'s product contract').format(section=section)
        if section
        else _("deckcheck's product contract")
    )
    return {
        "id": rule_id,
        "name": _rule_name(rule_id),
        "shortDescription": {"text": summary},
        "fullDescription": {
            "text": _("{summary} Shared by every game; see {where}.").format(summary=summary, where=where)
        },
        "help": {
            "text": _("{summary}\n\nA rule of every game; see {where} (README.md).").format(
                summary=summary, where=where
            ),
            "markdown": _("{summary}\n\nA rule of every game; see {where} (`README.md`).").format(
                summary=summary, where=where
            ),
        },
        "defaultConfiguration": {"level": "error"},
    }


def _rule_name(rule_id: str) -> str:
    """A rule's PascalCase name (SARIF's `name`): `vanguard.main-size` -> `VanguardMainSize`."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", rule_id) if part)


class _Locator:
    """Artifact locations: URI references relative to the repository root (%SRCROOT%), percent-encoded."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or _repository_root()).absolute()

    def base_ids(self) -> dict[str, Any]:
        return {SRCROOT: {"uri": self.root.as_uri().rstrip("/") + "/"}}

    def artifact(self, path: str) -> dict[str, Any]:
        from urllib.parse import quote  # deferred: SARIF only

        absolute = Path(os.path.abspath(path))
        try:
            relative = absolute.relative_to(self.root)
        except ValueError:  # outside the repository: an absolute file URI
            return {"uri": "file://" + quote(_surrogates_as_bytes(absolute.as_posix()), safe="/")}
        return {"uri": quote(_surrogates_as_bytes(relative.as_posix()), safe="/"), "uriBaseId": SRCROOT}


def _surrogates_as_bytes(text: str) -> bytes:
    return utf8_bytes(text)  # a file name that is not UTF-8: its own bytes, percent-encoded


def _repository_root() -> Path:
    """The git repository around the working folder (where code scanning's paths start), else the folder."""
    here = Path.cwd()
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    return here


def _identity(violation: Violation) -> str:
    """What tells a violation from another of the same rule, section and cards, whatever the language and wherever
    its lines moved: its machine fields (count, limit, ref, the key an unknown card was written as ...), not its
    message, which follows the language (a CI runner's locale must not turn every alert into a new one)."""
    import json  # deferred: SARIF only

    fields = {key: value for key, value in violation.to_json().items() if key not in ("message", "line")}
    return json.dumps(fields, ensure_ascii=False, sort_keys=True, default=str)


def _fingerprint(*parts: object) -> str:
    import hashlib  # deferred: SARIF only

    text = "\x1f".join(str(part) for part in parts)
    return hashlib.sha256(utf8_bytes(text)).hexdigest()[:32]


def render_sarif(run: CheckRun, root: Path | None = None) -> str:
    """SARIF 2.1.0 as GitHub code scanning ingests it: one result per violation (on its line, to the entry's last
    line when it spans several; line 1 when it has none, as code scanning needs a region) and per problem of an
    unreadable file, sorted; problems about no file (a regulation no game has) are tool notifications.
    `partialFingerprints` hold what identifies a finding (rule, file, section, cards, key), not its line, so an
    alert stays the same alert when unrelated lines move."""
    import json  # deferred: as in render_json

    locator = _Locator(root)
    findings: list[tuple[Any, ...]] = []  # (artifact, line, rule, level, message, identity, properties, end line)
    identity: tuple[Any, ...]  # a violation's (rule, file, section, cards, message), an unreadable file's fewer
    for report in run.reports:
        if not report.path:
            continue
        artifact = locator.artifact(report.path)
        regulation = report.regulation.to_json() if report.regulation is not None else None
        for v in report.violations:
            identity = (v.rule, artifact["uri"], v.section, ",".join(v.cards), _identity(v))
            properties = {k: val for k, val in v.to_json().items() if k not in ("rule", "message")}
            properties["regulation"] = regulation  # which regulation judged the deck, or null: none did
            findings.append((artifact, v.line or 1, v.rule, v.severity, v.message, identity, properties, v.end_line))
    notifications = []
    for error in run.errors:
        for path, line, message in error_places(error):
            if not path:
                notifications.append({"level": "error", "message": {"text": message}})
                continue
            artifact = locator.artifact(path)
            identity = (UNREADABLE.id, artifact["uri"], type(error).__name__, error.field)
            findings.append((artifact, line or 1, UNREADABLE.id, "error", message, identity, {}, None))
    findings.sort(key=lambda f: (f[0]["uri"], f[1], f[2], f[4]))
    rule_ids = sorted({finding[2] for finding in findings})
    rule_index = {rule_id: index for index, rule_id in enumerate(rule_ids)}
    results = []
    occurrences: dict[tuple[Any, ...], int] = {}
    for artifact, line, rule_id, level, message, identity, properties, end_line in findings:
        occurrences[identity] = occurrences.get(identity, 0) + 1  # the same finding twice in one file stays two
        region = {"startLine": line, "endLine": end_line} if end_line and end_line > line else {"startLine": line}
        result: dict[str, Any] = {
            "ruleId": rule_id,
            "ruleIndex": rule_index[rule_id],
            "level": level,
            "message": {"text": message},
            "locations": [{"physicalLocation": {"artifactLocation": artifact, "region": region}}],
            "partialFingerprints": {FINGERPRINT: _fingerprint(*identity, occurrences[identity])},
        }
        if properties:
            result["properties"] = properties
        results.append(result)
    invocation: dict[str, Any] = {"executionSuccessful": not run.errors}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    driver = {
        "name": "deckcheck",
        "version": __version__,
        "semanticVersion": __version__,
        "rules": [_sarif_rule(rule_id) for rule_id in rule_ids],
    }
    sarif = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": driver},
                "originalUriBaseIds": locator.base_ids(),
                "invocations": [invocation],
                "results": results,
                "columnKind": "unicodeCodePoints",
            }
        ],
    }
    text = json.dumps(sarif, ensure_ascii=False, indent=2)
    return text.encode("utf-8", "backslashreplace").decode("utf-8") if _has_surrogate(text) else text


# JUnit ---------------------------------------------------------------------------------------------------------


def _xml(text: str) -> str:
    """Text XML 1.0 can carry: every control character it cannot (and C1, DEL, lone surrogates) as a visible
    `\\xHH` / `\\uHHHH` escape (see escape_controls); line breaks and tabs kept."""
    return escape_controls(text, keep_newlines=True)


def _failure_line(path: str, violation: Violation) -> str:
    where = f"{escape_controls(path)}:{violation.line}" if violation.line else escape_controls(path)
    severity = severity_word(violation.severity)
    message = said_once(violation.message, violation.ref, violation.line)  # as the text output says it
    return f"{where}: {severity} {violation.rule} [{violation.ref or '-'}] {message}"


def _error_name(error: DeckcheckError) -> str:
    """The test case of an unreadable file: its path (one line, controls escaped); for a broken card database or
    regulation, the first file its problems name."""
    path = error.path or next((detail.path for detail in error.details if detail.path), None)
    return escape_controls(path) if path else "<input>"


def _seconds(value: float) -> str:
    return f"{value:.3f}"


def render_junit(run: CheckRun, fail_on: str = "error") -> str:
    """JUnit XML (valid against the Jenkins xunit schema): one test suite per game, one test case per deck with
    its `time`, a failure per deck failing at `--fail-on` listing each violation as `path:line: ...`; every
    unreadable file an error in the suite "deckcheck"."""
    from xml.etree import ElementTree as ET  # deferred: only this format needs it

    root = ET.Element("testsuites", name="deckcheck")
    suites: dict[str, ET.Element] = {}
    for report in run.reports:
        suite = suites.get(report.game)
        if suite is None:
            suite = suites[report.game] = ET.SubElement(root, "testsuite", name=report.game)
        path = report.path or "<deck>"
        name = escape_controls(path)  # a path is one line, as in the text output
        case = ET.SubElement(suite, "testcase", classname=report.game, name=name, time=_seconds(report.seconds))
        if report.fails(fail_on):
            shown = [v for v in report.violations if fail_on == "warning" or v.severity == "error"]
            said = ngettext("{n} violation", "{n} violations", len(shown)).format(n=len(shown))
            failure = ET.SubElement(case, "failure", message=said, type="illegal deck")
            failure.text = "\n".join(_xml(_failure_line(path, v)) for v in shown)
    if run.errors:
        suite = ET.SubElement(root, "testsuite", name="deckcheck")
        for error in run.errors:
            case = ET.SubElement(suite, "testcase", classname="deckcheck", name=_error_name(error), time=_seconds(0))
            ET.SubElement(case, "error", message=_xml(str(error)), type="unreadable file")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    total_time = 0.0
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
        seconds = sum(float(case.get("time", "0")) for case in suite)
        suite.set("time", _seconds(seconds))
        total_time += seconds
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", _seconds(total_time))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")
