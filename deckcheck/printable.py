"""Printable decklists for tournament registration: Markdown and a standalone HTML page.

Both renderings are reproducible (the same deck gives the same bytes: no date, no random order) and list every
entry the player wrote: cards summed by number, then entries that match no card, marked as such.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from deckcheck.decks import Deck

# Friendlier headings for the sections the five games use; any other section keeps its id.
SECTION_LABELS = {
    "main": "Main deck",
    "g": "G deck",
    "d": "D deck",
    "evolve": "EVOLVE deck",
    "leader": "Leader",
    "territory": "Starting territory",
}
KEY_LABELS = {"first_vanguard": "First vanguard", "lord": "Lord", "basis": "Deck basis"}
# Sections a legal deck always fills: listed even when empty, so a sheet never hides a missing leader.
ALWAYS_LISTED = ("main", "leader", "territory")


@dataclass(frozen=True)
class Row:
    """One line of a section's table: a card (number and name) or an entry that matched no card."""

    count: int | str
    number: str
    name: str
    note: str | None = None  # "unknown card", "bad count"


@dataclass(frozen=True)
class SectionTable:
    section: str
    label: str
    rows: list[Row]
    total: int
    known: bool  # False: a section the game does not have


def section_label(section: str) -> str:
    return SECTION_LABELS.get(section, section)


def sections_of(deck: Deck) -> list[str]:
    """The game's sections in game order, then any section the file has that the game lacks."""
    extra = [name for name in deck.source.sections if name not in deck.game.sections]
    return [*deck.game.sections, *extra]


def key_rows(deck: Deck) -> list[tuple[str, str, str]]:
    """(key, label, value) of the deck keys that are set; a card key shows the card it resolved to."""
    rows = []
    for key in deck.game.deck_keys:
        value = deck.key(key)
        if value is None:
            continue
        if key in deck.game.card_keys:
            card = deck.key_cards.get(key)
            value = card.label() if card is not None else f"{value} (unknown card)"
        rows.append((key, KEY_LABELS.get(key, key), value))
    if deck.source.regulation:
        rows.append(("regulation", "Regulation", deck.source.regulation))
    return rows


def section_tables(deck: Deck) -> list[SectionTable]:
    """The tables to print, in game order; empty sections only where a legal deck needs them."""
    tables = []
    for section in sections_of(deck):
        known = section in deck.game.sections
        rows = _rows(deck, section)
        if not rows and (not known or section not in ALWAYS_LISTED):
            continue
        tables.append(SectionTable(section, section_label(section), rows, deck.size(section), known))
    return tables


def _rows(deck: Deck, section: str) -> list[Row]:
    rows = [Row(count, card.number, card.name) for card, count in deck.cards(section)]
    for entry in deck.section_entries(section):
        if entry.count is None:  # kept visible: a sheet must not silently lose what the player wrote
            rows.append(Row(str(entry.raw_count), entry.card.number if entry.card else "", entry.key, "bad count"))
        elif entry.card is None:
            rows.append(Row(entry.count, "", entry.key, "unknown card"))
    return rows


def grand_total(tables: list[SectionTable]) -> str:
    parts = ", ".join(f"{table.label} {table.total}" for table in tables)
    total = sum(table.total for table in tables)
    return f"Total: {total} card{'' if total == 1 else 's'} ({parts})"


def deck_title(deck: Deck) -> str:
    return deck.name.strip() if deck.name and deck.name.strip() else "Untitled deck"


# Markdown ----------------------------------------------------------------------------------------------

# ASCII punctuation that means something in Markdown (a backslash escapes any of it, CommonMark 2.4).
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#&~])")
_SPACES = re.compile(r"\s+")


def md_escape(text: str) -> str:
    """One line of literal text: white space collapsed (a newline would end a table row), markup escaped."""
    return _MD_SPECIAL.sub(r"\\\1", _SPACES.sub(" ", text).strip())


def render_markdown(deck: Deck) -> str:
    lines = [f"# {md_escape(deck_title(deck))}", "", f"- Game: {md_escape(deck.game.title)}"]
    lines += [f"- {label}: {md_escape(value)}" for _, label, value in key_rows(deck)]
    tables = section_tables(deck)
    for table in tables:
        lines += ["", f"## {md_escape(_heading(table))}", "", "| Count | Number | Name |", "|---:|---|---|"]
        lines += [f"| {md_escape(str(row.count))} | {md_escape(row.number)} | {_md_name(row)} |" for row in table.rows]
        lines.append(f"| **{table.total}** | | **{md_escape(table.label)} total** |")
    lines += ["", f"**{md_escape(grand_total(tables))}**"]
    return "\n".join(lines) + "\n"


def _heading(table: SectionTable) -> str:
    return table.label if table.known else f"{table.label} (not a section of this game)"


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
p.total { font-weight: bold; margin-top: 1.2em; }
@page { margin: 15mm; }
@media print { body { margin: 0; max-width: none; } }"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def render_html(deck: Deck) -> str:
    title = deck_title(deck)
    parts = [
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)} — {_e(deck.game.title)}</title>",
        f"<style>\n{_STYLE}\n</style>",
        "</head>",
        "<body>",
        f"<h1>{_e(title)}</h1>",
        '<dl class="deck">',
        f"<dt>Game</dt><dd>{_e(deck.game.title)}</dd>",
        *(f"<dt>{_e(label)}</dt><dd>{_e(value)}</dd>" for _, label, value in key_rows(deck)),
        "</dl>",
    ]
    tables = section_tables(deck)
    for table in tables:
        parts += _html_table(table)
    parts += [f'<p class="total">{_e(grand_total(tables))}</p>', "</body>", "</html>"]
    return "\n".join(parts) + "\n"


def _html_table(table: SectionTable) -> list[str]:
    lines = [
        f'<section class="section" data-section="{_e(table.section)}">',
        f"<h2>{_e(_heading(table))}</h2>",
        "<table>",
        '<thead><tr><th class="count">Count</th><th>Number</th><th>Name</th></tr></thead>',
        "<tbody>",
    ]
    for row in table.rows:
        note = f' <span class="note">({_e(row.note)})</span>' if row.note else ""
        lines.append(
            f'<tr><td class="count">{_e(row.count)}</td><td class="number">{_e(row.number)}</td>'
            f"<td>{_e(row.name)}{note}</td></tr>"
        )
    lines += [
        "</tbody>",
        f'<tfoot><tr><td class="count">{table.total}</td><td></td><td>{_e(table.label)} total</td></tr></tfoot>',
        "</table>",
        "</section>",
    ]
    return lines
