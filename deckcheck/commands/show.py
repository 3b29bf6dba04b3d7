"""`deckcheck show`: a deck's sections as written, the distributions that matter for its game, and its verdict."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from deckcheck._i18n import _, language, ngettext, translate, translate_as
from deckcheck._util.safetext import escape_controls  # one look for violations, as `deckcheck check` prints them
from deckcheck._util.style import style
from deckcheck._util.text import display_width, output_columns, pad, wrap_width
from deckcheck.carddb.db import shipped_carddb_dir
from deckcheck.carddb.manifest import DataNote, data_notes
from deckcheck.checking.deck import judge_deck
from deckcheck.checking.judging import Judging
from deckcheck.checking.output import fitted, violation_line
from deckcheck.checking.report import DeckReport
from deckcheck.checking.rules import PASTED_READING
from deckcheck.checking.workspace import Workspace
from deckcheck.errors import DeckcheckError
from deckcheck.formats.printable import key_rows, sections_of
from deckcheck.model.cards import Card
from deckcheck.model.deck import Deck, Entry
from deckcheck.model.game import Distribution, Game, term
from deckcheck.model.versions import FORMAT_KEY

Style = Callable[..., str]


def _plain(text: str, **_styles: object) -> str:
    return text


@dataclass(frozen=True)
class Shown:
    """A deck looked up and judged, ready to be shown (render_show_text, render_show_json), with what its game's
    card data says of itself on the day it was judged (how old it is, or that its cards are invented: said on stderr
    by the command line, as `check` says them; JSON `card_data`)."""

    deck: Deck[Any]
    report: DeckReport
    data_notes: list[DataNote] = field(default_factory=list)


def show_deck(path: Path, judging: Judging, workspace: Workspace, game: str | None = None) -> Shown:
    """The deck at `path` and its verdict; a malformed file raises DeckcheckError (exit 2). The verdict is judged by
    `judging` (as `check` judges: its regulation, else the deck's `regulation` key, else the one in force on its
    day, else today's; none with `no_regulation`; its rules version and format), with `workspace`'s cards. With
    `game` (`--game`), a plain-text deck is a pasted list of that game, read as `check --game` reads it: what was
    guessed or not understood is a deck.pasted-reading warning of the verdict."""
    deck = workspace.deck(path, game)
    report = judge_deck(deck, workspace.carddb(deck.game.id), judging, workspace)
    return Shown(deck, report, data_notes([deck.game.id], judging.as_of or _today(), shipped_carddb_dir()))


def _today() -> date:
    """The day of the check as `check` takes it ($DECKCHECK_TODAY, else the clock's; a bad value: the clock's, as
    the regulation that needed it has said already)."""
    from deckcheck.checking.regulations import current_day  # deferred: as checking.session reads it

    try:
        return current_day()
    except DeckcheckError:
        return date.today()


def render_show_json(shown: Shown) -> str:
    data = show_json(shown.deck, shown.report)
    if shown.data_notes:  # as `check`'s JSON: only when there is one
        data["card_data"] = [note.to_json() for note in shown.data_notes]
    return json.dumps(data, ensure_ascii=False, indent=2)


def render_shown(shown: Shown, *, colour: bool = False) -> str:
    """The text `deckcheck show` prints, coloured for a terminal when `colour`."""
    return render_show_text(shown.deck, shown.report, style if colour else _plain)


# Text --------------------------------------------------------------------------------------------------


def render_show_text(deck: Deck[Any], report: DeckReport, style: Style = _plain, columns: int | None = None) -> str:
    """The text of `show`, each line fitted to `columns` terminal columns (the terminal's by default, see
    output_columns): a longer line wraps at a blank or between Japanese characters, never inside a word, a number or a
    card number, and continues under its last column (a card's name) or its indent."""
    columns = output_columns() if columns is None else columns
    title = escape_controls(deck.name or Path(deck.path or "<deck>").name)  # a name cannot command the terminal
    lines = [f"{style(title, bold=True)} — {deck.game.said_title}", f"  {escape_controls(str(deck.path))}"]
    lines += [
        "  " + _("{key}: {value}").format(key=translate(key), value=escape_controls(value))
        for key, _label, value in key_rows(deck)
    ]
    said = report.judged_by(say_none=True, format_word=lambda format: term(deck.game, FORMAT_KEY, format))
    judged = _("judged by: {judged}").format(judged=escape_controls(said))
    lines.append(f"  {judged}")
    width = max((display_width(_number(entry)) for entry in deck.entries), default=0)
    for section in shown_sections(deck, report):
        lines += ["", _section_heading(deck, section, style)]
        entries = deck.section_entries(section)
        lines += [_entry_line(entry, width) for entry in entries] or ["  " + _("(empty)")]
    profile = [
        (_("{title}:").format(title=translate(one.title)), _buckets(deck.game, one))
        for one in deck.game.profile.distributions(deck)
    ]
    if profile:
        lines.append("")
        title_width = max(display_width(title) for title, _buckets in profile)
        for title, buckets in profile:  # continued under the values: a bucket (`フォロワー×19`) stays whole
            first, *more = wrap_width(buckets, max(columns - title_width - 1, 20), between_wide=False)
            lines += [f"{pad(title, title_width)} {first}", *(" " * (title_width + 1) + part for part in more)]
    lines += ["", *_verdict(report, style, str(deck.path))]  # (escaped by violation_line)
    if report.note:
        lines.append(_("note: {note}").format(note=report.note))
    return "\n".join(fitted(lines, columns))


def shown_sections(deck: Deck[Any], report: DeckReport) -> list[str]:
    """The sections `show` lists: the game's sections of the format that judged the deck (EVOLVE's sealed `pool`
    only in sealed), a section of another format only when the file fills it, then the file's unknown sections."""
    format = report.rules.format if report.rules is not None else deck.format
    of_format = deck.game.sections_of(format)
    return [
        section
        for section in sections_of(deck)
        if section in of_format or section not in deck.game.sections or deck.section_entries(section)
    ]


def _section_heading(deck: Deck[Any], section: str, style: Style) -> str:
    size = ngettext("{n} card", "{n} cards", deck.size(section)).format(n=deck.size(section))
    section = escape_controls(section)
    label = deck.game.wording.section_labels.get(section)
    if section in deck.game.sections and label and language() != "en":  # the game's own word, the file's id after it
        said = _("{label} [{section}]: {size}")
        return said.format(label=style(translate_as(deck.game.id, label), bold=True), section=section, size=size)
    if section in deck.game.sections:
        return _("{section}: {size}").format(section=style(section, bold=True), size=size)
    said = _("{section}: {size} (not a {game} section)")
    return said.format(section=style(section, bold=True), size=size, game=deck.game.said_title)


def _number(entry: Entry[Any]) -> str:
    """The number column: the card's number as printed, or the key as written when it matched no card."""
    return escape_controls(entry.card.printed_number if entry.card is not None else entry.key)


def _entry_line(entry: Entry[Any], width: int) -> str:
    name = escape_controls(entry.shown_name) if entry.shown_name is not None else _("(unknown card)")
    if entry.count is None:
        return f"  {entry.raw_count!s:>3}  {pad(_number(entry), width)}  " + _("{name} (bad count)").format(name=name)
    return f"  {entry.count:>3}  {pad(_number(entry), width)}  {name}"


def _buckets(game: Game[Any], distribution: Distribution) -> str:
    """`フォロワー×19  スペル×21`: each bucket as the game's document says its field's value (`term`)."""
    said = (
        f"{term(game, distribution.field, bucket) if distribution.field else bucket}×{copies}"
        for bucket, copies in distribution.buckets.items()
    )
    return "  ".join(said) or _("none")


def _verdict(report: DeckReport, style: Style, path: str) -> list[str]:
    """The verdict and every violation; what reading a pasted list guessed (`--game`) starts `path:line:` as in
    `check`, since the file's line is all that names what was guessed."""
    errors = sum(v.severity == "error" for v in report.violations)
    warnings = len(report.violations) - errors
    if not report.violations:
        return [style(_("Legal."), fg="green", bold=True)]
    if report.legal:
        said = ngettext("Legal, with {n} warning:", "Legal, with {n} warnings:", warnings).format(n=warnings)
        head = style(said, fg="yellow", bold=True)
    else:
        said = _("Not legal: {errors}, {warnings}").format(
            errors=ngettext("{n} error", "{n} errors", errors).format(n=errors),
            warnings=ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings),
        )
        head = style(said, fg="red", bold=True)
    return [
        head,
        *(
            violation_line(violation, style, path if violation.rule == PASTED_READING else None)
            for violation in report.violations
        ),
    ]


# JSON --------------------------------------------------------------------------------------------------


def show_json(deck: Deck[Any], report: DeckReport) -> dict[str, Any]:
    data: dict[str, Any] = {
        "path": deck.path,
        "game": deck.game.id,
        "game_title": deck.game.title,
        "name": deck.name,
        # what judged the deck (as `check`'s JSON: name, effective, sample; null when none did); the deck's own
        # `regulation` key, when it has one, is among its keys
        "regulation": report.regulation.to_json() if report.regulation is not None else None,
        "keys": ({"regulation": deck.source.regulation} if deck.source.regulation is not None else {})
        | {key: deck.key(key) for key in deck.game.deck_keys if deck.key(key) is not None},
        "key_cards": {key: _card_json(card) for key, card in deck.key_cards.items()},
        "sections": {
            section: {
                "count": deck.size(section),
                "known": section in deck.game.sections,
                "cards": [_entry_json(entry) for entry in deck.section_entries(section)],
            }
            for section in sections_of(deck)
        },
        "profile": {one.title: one.buckets for one in deck.game.profile.distributions(deck)},
    }
    data.update({key: value for key, value in report.to_json().items() if key not in data})
    data["notes"] = [report.note] if report.note else []
    return data


def _card_json(card: Card | None) -> dict[str, str] | None:
    return None if card is None else {"number": card.printed_number, "name": card.printed_name}


def _entry_json(entry: Entry[Any]) -> dict[str, Any]:
    return {
        "key": entry.key,
        "number": entry.card.printed_number if entry.card is not None else None,
        "name": entry.card.printed_name if entry.card is not None else None,
        "count": entry.count if entry.count is not None else _json_value(entry.raw_count),
    }


def _json_value(value: Any) -> Any:
    """A bad count as written, when JSON can hold it (a TOML date cannot)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # TOML's nan and inf are no JSON numbers
    return value if isinstance(value, str | int | float | bool) or value is None else str(value)
