"""Printable decklists for tournament registration: Markdown and a standalone HTML page.

Both renderings are reproducible (the same deck gives the same bytes: no date, no random order) and list every
entry the player wrote: cards summed by number, then entries that match no card, marked as such. A sheet has
player and event fields (blank lines to fill in by hand unless given), keeps the deck's other keys (`notes`, ...),
and, given the deck's violations, says at the top that the deck is not legal, lists every problem and marks each
row whose card a problem names. In HTML, Japanese text is marked `lang="ja"` so that it is set in a Japanese font.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from deckcheck._i18n import N_, _, language, ngettext, translate, translate_as
from deckcheck._util.normalize import norm_number
from deckcheck._util.safetext import escape_controls
from deckcheck._util.text import joined
from deckcheck.model.deck import Deck
from deckcheck.model.game import Game, term
from deckcheck.model.versions import FORMAT_KEY
from deckcheck.model.violation import Violation

# What a judge writes by hand when the field was not given.
BLANK = "_" * 24


@dataclass(frozen=True)
class Sheet:
    """What a printed list holds besides the deck: who plays it where, and what the checker found."""

    player: str | None = None
    event: str | None = None
    violations: Sequence[Violation] = field(default_factory=tuple)

    def fields(self) -> list[tuple[str, str | None]]:
        return [(_("Player"), self.player), (_("Event"), self.event)]

    def problems_title(self) -> str | None:
        errors = sum(v.severity == "error" for v in self.violations)
        warnings = len(self.violations) - errors
        if not self.violations:
            return None
        parts = []
        if errors:
            parts.append(ngettext("{n} error", "{n} errors", errors).format(n=errors))
        if warnings:
            parts.append(ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings))
        counted = joined(parts)
        return (_("NOT LEGAL: {problems}") if errors else _("Legal, with {problems}")).format(problems=counted)

    def rules_of(self, number: str, section: str | None = None) -> list[str]:
        """The rules whose violations name this card number (as printed or as the database keeps it) in `section`:
        a violation of one section never marks the same number in another; one about no section (the whole deck)
        marks the number wherever it stands."""
        if not number:
            return []
        found = self._rules_by_number.get(norm_number(number), {})
        return [rule for (rule, of), _ in found.items() if section is None or of is None or of == section]

    @cached_property
    def _rules_by_number(self) -> dict[str, dict[tuple[str, str | None], None]]:
        # Indexed once: asking every row of a deck of 40,000 unknown keys through every violation took 20 s.
        index: dict[str, dict[tuple[str, str | None], None]] = {}
        for violation in self.violations:
            for number in violation.cards:
                index.setdefault(norm_number(number), {})[(violation.rule, violation.section)] = None
        return index


@dataclass(frozen=True)
class Row:
    """One line of a section's table: a card (number and name) or an entry that matched no card."""

    count: int | str
    number: str
    name: str
    note: str | None = None  # "unknown card", "bad count" (in the chosen language)


@dataclass(frozen=True)
class SectionTable:
    section: str
    label: str
    rows: list[Row]
    total: int
    known: bool  # False: a section the game does not have


def section_label(game: Game[Any], section: str) -> str:
    """The section's heading as the game names it ("G deck"); a section the game does not have keeps its id."""
    return translate_as(game.id, game.wording.section_labels.get(section, section))  # (Cipher: デッキ)


def sections_of(deck: Deck[Any]) -> list[str]:
    """The game's sections in game order, then any section the file has that the game lacks."""
    extra = [name for name in deck.source.sections if name not in deck.game.sections]
    return [*deck.game.sections, *extra]


def key_rows(deck: Deck[Any]) -> list[tuple[str, str, str]]:
    """(key, label, value) of the deck keys that are set, for people: a card key shows the card it resolved to, a word
    key and the format their value as the game's document says it (`term`)."""
    rows = []
    for key in deck.game.deck_keys:
        value = deck.key(key)
        if value is None:
            continue
        if key in deck.game.keys.cards:
            card = deck.key_cards.get(key)
            value = card.listed_label() if card is not None else _("{value} (unknown card)").format(value=value)
        elif key in deck.game.keys.words or key == FORMAT_KEY:
            value = term(deck.game, key, value)  # a word as the game's document says it (EVOLVE's basis, the format)
        rows.append((key, translate_as(deck.game.id, deck.game.wording.key_labels.get(key, key)), value))
    if deck.source.regulation:
        rows.append(("regulation", _("Regulation"), deck.source.regulation))
    return rows


def other_keys(deck: Deck[Any]) -> list[tuple[str, str]]:
    """The deck's keys deckcheck does not read (`notes`, ...), as text: a sheet never drops them silently."""
    shown = []
    for key, value in deck.source.other.items():
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
        shown.append((key, text))
    return shown


def section_tables(deck: Deck[Any], sheet: Sheet | None = None) -> list[SectionTable]:
    """The tables to print, in game order; empty sections only where a legal deck needs them."""
    tables = []
    for section in sections_of(deck):
        known = section in deck.game.sections
        rows = _marked(_rows(deck, section), sheet, section)
        if not rows and (not known or section not in deck.game.wording.always_listed):
            continue
        tables.append(SectionTable(section, section_label(deck.game, section), rows, deck.size(section), known))
    return tables


def _rows(deck: Deck[Any], section: str) -> list[Row]:
    # a card the deck names by its Japanese name (Cipher's), or any under a Japanese interface: by it alone (a list
    # handed in is in one language; Card.listed_name)
    rows = [Row(count, card.printed_number, card.listed_name) for card, count in deck.cards(section)]
    for entry in deck.section_entries(section):
        if entry.count is None:  # kept visible: a sheet must not silently lose what the player wrote
            number = entry.card.printed_number if entry.card else ""
            rows.append(Row(str(entry.raw_count), number, entry.key, _("bad count")))
        elif entry.card is None:
            rows.append(Row(entry.count, "", entry.key, _("unknown card")))
    return rows


def _marked(rows: list[Row], sheet: Sheet | None, section: str) -> list[Row]:
    """Each row whose card a violation of its section (or of the whole deck) names gets the rule ids in its note."""
    if sheet is None or not sheet.violations:
        return rows
    marked = []
    for row in rows:
        rules = sheet.rules_of(row.number, section)
        if rules:
            see = _("see {rules}").format(rules=joined(rules))
            note = _("{note}; {see}").format(note=row.note, see=see) if row.note else see
            row = Row(row.count, row.number, row.name, note)
        marked.append(row)
    return marked


def grand_total(tables: list[SectionTable]) -> str:
    parts = joined(_("{section} {n}").format(section=table.label, n=table.total) for table in tables)
    total = sum(table.total for table in tables)
    return ngettext("Total: {n} card ({sections})", "Total: {n} cards ({sections})", total).format(
        n=total, sections=parts
    )


def deck_title(deck: Deck[Any]) -> str:
    return deck.name.strip() if deck.name and deck.name.strip() else _("Untitled deck")


#: A problem's severity as a printed list says it.
_SEVERITIES = {"error": N_("error"), "warning": N_("warning")}


def _severity(severity: str) -> str:
    return translate(_SEVERITIES[severity]) if severity in _SEVERITIES else severity


def _notes_label(key: str) -> str:
    """The heading of a deck key deckcheck does not read: `notes` in words, any other as its key."""
    return _("Notes") if key == "notes" else key


# Markdown ----------------------------------------------------------------------------------------------

# ASCII punctuation that means something in Markdown (a backslash escapes any of it, CommonMark 2.4).
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#&~])")
_SPACES = re.compile(r"\s+")


def md_escape(text: str) -> str:
    """One line of literal text: white space collapsed (a newline would end a table row), markup escaped, control
    characters written as visible escapes (`\\x1b`: a name cannot command the terminal the list is shown in)."""
    return _MD_SPECIAL.sub(r"\\\1", escape_controls(_SPACES.sub(" ", text).strip()))


def render_markdown(deck: Deck[Any], sheet: Sheet | None = None) -> str:
    sheet = sheet or Sheet()
    lines = [f"# {md_escape(deck_title(deck))}", "", f"- {_said(_('Game'), md_escape(deck.game.said_title))}"]
    lines += [f"- {_said(label, md_escape(value))}" for _, label, value in key_rows(deck)]
    lines += [f"- {_said(label, md_escape(value or BLANK))}" for label, value in sheet.fields()]
    lines += _md_other_keys(deck)
    lines += _md_problems(sheet)
    tables = section_tables(deck, sheet)
    for table in tables:
        header = "| {} | {} | {} |".format(_("Count"), _("Number"), _("Name"))
        lines += ["", f"## {md_escape(_heading(table))}", "", header, "|---:|---|---|"]
        lines += [f"| {md_escape(str(row.count))} | {md_escape(row.number)} | {_md_name(row)} |" for row in table.rows]
        total = _("{section} total").format(section=md_escape(table.label))
        lines.append(f"| **{table.total}** | | **{total}** |")
    lines += ["", f"**{md_escape(grand_total(tables))}**"]
    return "\n".join(lines) + "\n"


def _said(label: str, value: str) -> str:
    """`Label: value` (Japanese: with the full-width colon)."""
    return _("{key}: {value}").format(key=label, value=value)


def _md_other_keys(deck: Deck[Any]) -> list[str]:
    lines = []
    for key, text in other_keys(deck):
        lines += ["", f"**{md_escape(_notes_label(key))}**", ""]
        lines += [f"> {md_escape(line)}" if line.strip() else ">" for line in text.strip().splitlines()] or [">"]
    return lines


def _problems(sheet: Sheet, escape: Callable[[str], str]) -> tuple[str, list[tuple[str, str, str, str]]] | None:
    """The problems' heading and (severity, rule, " (section)", message) of each, escaped for the format; None when
    the sheet lists none."""
    title = sheet.problems_title()
    if title is None:
        return None
    items = [
        (
            escape(_severity(v.severity)),
            escape(v.rule),
            f" ({escape(v.section)})" if v.section else "",
            escape(v.message),
        )
        for v in sheet.violations
    ]
    return escape(title), items


def _md_problems(sheet: Sheet) -> list[str]:
    if (problems := _problems(sheet, md_escape)) is None:
        return []
    title, items = problems
    return [
        "",
        f"## {title}",
        "",
        *(f"- **{severity}** {rule}{where}: {text}" for severity, rule, where, text in items),
    ]


def _heading(table: SectionTable) -> str:
    return table.label if table.known else _("{section} (not a section of this game)").format(section=table.label)


def _md_name(row: Row) -> str:
    name = md_escape(row.name)
    return f"{name} *({row.note})*" if row.note else name


# HTML --------------------------------------------------------------------------------------------------

_STYLE = """\
body { font-family: system-ui, sans-serif; font-size: 11pt; margin: 2em auto; max-width: 48em; color: #000; }
h1 { font-size: 16pt; margin-bottom: 0.2em; }
h2 { font-size: 12pt; margin: 1.2em 0 0.3em; break-after: avoid; }
dl.deck { display: grid; grid-template-columns: max-content auto; gap: 0.1em 1em; margin: 0.5em 0; }
dl.deck dt { font-weight: bold; }
dl.deck dd { margin: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #444; padding: 0.15em 0.5em; text-align: left; }
td.count, th.count { text-align: right; width: 4em; }
td.number { white-space: nowrap; width: 10em; }
tfoot td { font-weight: bold; }
tr { break-inside: avoid; }
.note { font-style: italic; }
dl.deck dd.blank { border-bottom: 1px solid #000; min-width: 16em; }
blockquote.notes { white-space: pre-wrap; margin: 0.5em 0; padding-left: 0.8em; border-left: 3px solid #888; }
section.problems { border: 2px solid #b00; padding: 0 0.8em 0.5em; margin: 1em 0; }
section.problems h2 { color: #b00; }
tr.problem td { background: #fdd; }
p.total { font-weight: bold; margin-top: 1.2em; }
@page { margin: 15mm; }
@media print { body { margin: 0; max-width: none; } }"""


def _e(text: object) -> str:
    # control characters are no HTML text (a parse error, and raw on a terminal showing the page): made visible
    return html.escape(escape_controls(str(text), keep_newlines=True), quote=True)


# Kana and kanji: text holding them is Japanese, set in a Japanese font (lang="ja"), not a Chinese fallback.
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]")


def _lang(text: object) -> str:
    """` lang="ja"` for an element holding Japanese text on an English page (a Japanese page is all "ja")."""
    return ' lang="ja"' if language() != "ja" and _JAPANESE.search(str(text)) else ""


def render_html(deck: Deck[Any], sheet: Sheet | None = None) -> str:
    sheet = sheet or Sheet()
    title = deck_title(deck)
    parts = [
        "<!doctype html>",
        f'<html lang="{language()}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)} — {_e(deck.game.said_title)}</title>",
        f"<style>\n{_STYLE}\n</style>",
        "</head>",
        "<body>",
        f"<h1{_lang(title)}>{_e(title)}</h1>",
        '<dl class="deck">',
        f"<dt>{_e(_('Game'))}</dt><dd>{_e(deck.game.said_title)}</dd>",
        *(f"<dt>{_e(label)}</dt><dd{_lang(value)}>{_e(value)}</dd>" for _, label, value in key_rows(deck)),
        *(
            f"<dt>{_e(label)}</dt><dd{_lang(value)}>{_e(value)}</dd>"
            if value
            else f'<dt>{_e(label)}</dt><dd class="blank"></dd>'
            for label, value in sheet.fields()
        ),
        "</dl>",
    ]
    for key, text in other_keys(deck):
        label = _e(_notes_label(key))
        parts.append(f'<p class="key"><b>{label}</b></p><blockquote class="notes"{_lang(text)}>{_e(text)}</blockquote>')
    parts += _html_problems(sheet)
    tables = section_tables(deck, sheet)
    for table in tables:
        parts += _html_table(table)
    parts += [f'<p class="total">{_e(grand_total(tables))}</p>', "</body>", "</html>"]
    return "\n".join(parts) + "\n"


def _html_problems(sheet: Sheet) -> list[str]:
    if (problems := _problems(sheet, _e)) is None:
        return []
    title, items = problems
    listed = [f"<li><b>{severity}</b> {rule}{where}: {text}</li>" for severity, rule, where, text in items]
    return ['<section class="problems">', f"<h2>{title}</h2>", "<ul>", *listed, "</ul>", "</section>"]


def _html_table(table: SectionTable) -> list[str]:
    lines = [
        f'<section class="section" data-section="{_e(table.section)}">',
        f"<h2>{_e(_heading(table))}</h2>",
        "<table>",
        '<thead><tr><th class="count">{}</th><th>{}</th><th>{}</th></tr></thead>'.format(
            _e(_("Count")), _e(_("Number")), _e(_("Name"))
        ),
        "<tbody>",
    ]
    for row in table.rows:
        note = f' <span class="note">({_e(row.note)})</span>' if row.note else ""
        marked = ' class="problem"' if row.note else ""
        lines.append(
            f'<tr{marked}><td class="count">{_e(row.count)}</td><td class="number">{_e(row.number)}</td>'
            f"<td{_lang(row.name)}>{_e(row.name)}{note}</td></tr>"
        )
    lines += [
        "</tbody>",
        '<tfoot><tr><td class="count">{}</td><td></td><td>{}</td></tr></tfoot>'.format(
            table.total, _e(_("{section} total").format(section=table.label))
        ),
        "</table>",
        "</section>",
    ]
    return lines
