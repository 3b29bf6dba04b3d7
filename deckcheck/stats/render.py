"""`deckcheck stats` output: text for people (answers, per-turn table, bars, decision table) and JSON."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.safetext import echoed, one_line
from deckcheck._util.text import display_width, fit_line, joined, output_columns, pad, wrap_width
from deckcheck.errors import mention, mention_command, spoken
from deckcheck.model.deck import Deck
from deckcheck.model.game import term
from deckcheck.model.versions import FORMAT_KEY
from deckcheck.stats.answer import Answer, ReportResult, TurnRow
from deckcheck.stats.exact import Decision, ExactResult
from deckcheck.stats.model import OddsModel
from deckcheck.stats.options import CAPPED_MENTIONS, CAPPED_NOTE, CAPPED_SEVERAL_NOTE, STOPPED_NOTE, capped_note
from deckcheck.stats.plot import Series, bar_lines, percent
from deckcheck.stats.queries import SEATS

EXPLAIN_ROWS = 15
VALUE_COLUMN = 18  # the first seat's column in the report: "91.80% ±0.17 sim" and a gap
LABEL_FLOOR = 12  # a report label's column is never narrower, however narrow the terminal


#: The seats as people read them (the JSON keeps "first" and "second").
SEAT_LABELS = {"first": N_("going first"), "second": N_("going second")}
#: The mulligan policies that are words (a keep:FILTER policy is shown as typed).
POLICY_LABELS = {"optimal": N_("optimal"), "none": N_("none")}


def seat_label(seat: str) -> str:
    """`going first` / `going second` in the chosen language."""
    return translate(SEAT_LABELS[seat]) if seat in SEAT_LABELS else seat


def policy_label(name: str) -> str:
    """A mulligan policy's name as people read it: `optimal`, `none` in the chosen language; `keep:grade=1` as is."""
    return translate(POLICY_LABELS[name]) if name in POLICY_LABELS else name


def turn_label(turn: int) -> str:
    """`turn 2`: a row of the table, a category of the bars and of the chart."""
    return _("turn {turn}").format(turn=turn)


def describe(answer: Answer | str) -> str:
    """`97.10% exact` or `91.80% ±0.17 simulated`, or the reason a turn is not reached."""
    if isinstance(answer, str):
        return _("— (not reached)")
    if answer.ci95 is None:
        return _("{percent} exact").format(percent=percent(answer.probability))
    low, high = answer.ci95
    return _("{percent} ±{half} sim").format(percent=percent(answer.probability), half=f"{100 * (high - low) / 2:.2f}")


def cell_json(answer: Answer | str) -> dict[str, Any]:
    return {"error": answer} if isinstance(answer, str) else answer.to_json()


def _heading(deck: Deck[Any]) -> str:
    title = " " + _("“{name}”").format(name=echoed(deck.name)) if deck.name else ""
    game = deck.game
    said = deck.rules.text(format_word=lambda one: term(game, FORMAT_KEY, one)) if game.play.versions else ""
    rules = _(" ({judged})").format(judged=said) if said else ""  # the version whose setup dealt the odds
    return f"{one_line(str(deck.path))}  {game.heading_name}{rules}{title}"


def _wants(model: OddsModel) -> list[str]:
    """One line per want: what it asks, its own deadline when it has one, and how many cards match."""
    lines = []
    dated = any(want.turn != model.turn for want in model.wants)
    for bit, want in enumerate(model.wants):
        matching = sum(atom.count for atom in model.atoms if atom.mask >> bit & 1)
        if want.any_of:
            line = ngettext(
                "any  {query} by own turn {turn}  ({matching} of the {n} card the hand is drawn from)",
                "any  {query} by own turn {turn}  ({matching} of the {n} cards the hand is drawn from)",
                model.size,
            )
        elif dated:
            line = ngettext(
                "want {query} by own turn {turn}  ({matching} of the {n} card the hand is drawn from)",
                "want {query} by own turn {turn}  ({matching} of the {n} cards the hand is drawn from)",
                model.size,
            )
        else:
            line = ngettext(
                "want {query}  ({matching} of the {n} card the hand is drawn from)",
                "want {query}  ({matching} of the {n} cards the hand is drawn from)",
                model.size,
            )
        lines.append(line.format(query=want.text, turn=want.turn, matching=matching, n=model.size))
    if model.has_any:
        lines.append(_("every want, and at least one any, must hold"))
    return lines


def counting(deck: Deck[Any], floor: bool) -> list[str]:
    """What the odds count, for a game whose count has a documented floor (Vanguard's drive checks)."""
    setup = deck.game.setup
    if setup is None or not setup.floor:
        return []
    if floor:
        said = _("counting the documented floor ({option}): {floor}")
        return [spoken(said.format(option=mention("floor"), floor=translate(setup.floor)))]
    return [_("counting every card the rules bring: {counting}").format(counting=translate(setup.floor_counting))]


def render_query_text(
    deck: Deck[Any],
    primary: Answer,
    rows: Sequence[TurnRow],
    *,
    colour: bool,
    explain: bool,
    seed: int | None,
    columns: int | None = None,
) -> str:
    """The answer for people, laid out in `columns` terminal columns (default: the terminal's, else 80)."""
    columns = columns or output_columns()
    model = primary.model
    lines = [_heading(deck)]
    if model is not None:
        lines += _wants(model)
        lines += counting(deck, model.floor)
    each = model is not None and len({want.turn for want in model.wants}) > 1
    if primary.turn == 0:
        moment = (
            _("by each want by its own turn (the last: the opening hand after the mulligan); mulligan {mulligan}")
            if each
            else _("by the opening hand after the mulligan; mulligan {mulligan}")
        )
    else:
        moment = (
            _("by each want by its own turn (the last: main phase of own turn {turn}); mulligan {mulligan}")
            if each
            else _("by main phase of own turn {turn}; mulligan {mulligan}")
        )
    lines.append(moment.format(turn=primary.turn, mulligan=policy_label(primary.mulligan)))
    last = rows[-1]
    seat_width = max(display_width(seat_label(seat)) for seat in SEATS)
    for seat in SEATS:
        marker = "▸" if seat == primary.going else " "
        lines.append(f" {marker} {pad(seat_label(seat), seat_width)}  {describe(last.cells[seat])}")
    if len(rows) > 1:
        lines.append("")
        turn_width = max(4, display_width(_("turn")))
        lines.append(f"{_rjust(_('turn'), turn_width)}  {pad(seat_label('first'), 24)}{pad(seat_label('second'), 24)}")
        for row in rows:
            first, second = describe(row.cells["first"]), describe(row.cells["second"])
            lines.append(f"{_rjust(str(row.turn), turn_width)}  {pad(first, 24)}{pad(second, 24)}")
    lines = _fitted(lines, columns)
    lines.append("")
    categories = [turn_label(row.turn) for row in rows]
    lines += bar_lines(categories, _series(rows), colour=colour, columns=columns)
    lines += _fitted(_notes(rows, seed), columns)
    if explain:
        lines.append("")
        lines += _fitted(render_decisions(primary), columns)
    return "\n".join(lines)


def _rjust(text: str, width: int) -> str:
    """`text` after blanks up to `width` terminal columns (display width)."""
    return " " * max(width - display_width(text), 0) + text


def _fitted(lines: list[str], columns: int) -> list[str]:
    """Lines of text (no colour codes) wrapped to `columns`, each continuing under itself; the heading (path, game
    and deck name) only at spaces, so that a name stays whole."""
    fitted = fit_line(lines[0], columns, between_wide=False, listing=False) if lines and lines[0] else lines[:1]
    return fitted + [part for line in lines[1:] for part in fit_line(line, columns)]


def _series(rows: Sequence[TurnRow]) -> list[Series]:
    return [_seat_series(seat, [row.cells[seat] for row in rows]) for seat in SEATS]


def _seat_series(seat: str, cells: Sequence[Answer | str]) -> Series:
    """One seat's values, with the 95% interval of each simulated one (a chart draws it as an error bar)."""
    values = [None if isinstance(cell, str) else cell.probability for cell in cells]
    intervals = [None if isinstance(cell, str) else cell.ci95 for cell in cells]
    return Series(seat_label(seat), values, intervals)


def series_for_rows(rows: Sequence[TurnRow]) -> tuple[list[str], list[Series]]:
    return [turn_label(row.turn) for row in rows], _series(rows)


def series_for_report(results: Sequence[ReportResult]) -> tuple[list[str], list[Series]]:
    categories = [result.line.label for result in results]
    return categories, [_seat_series(seat, [r.cells[seat] for r in results]) for seat in SEATS]


def _notes(rows: Sequence[TurnRow], seed: int | None) -> list[str]:
    notes: list[str] = []
    simulated = False
    for row in rows:
        for seat in SEATS:
            cell = row.cells[seat]
            if isinstance(cell, str):
                where = _("turn {turn}, going first: {reason}") if seat == "first" else None
                where = where or _("turn {turn}, going second: {reason}")
                note = where.format(turn=row.turn, reason=cell)
            else:
                simulated = simulated or cell.method == "simulate"
                for text in cell.notes:
                    if text not in notes:
                        notes.append(text)
                continue
            notes.append(note)
    notes = _one_precision_note(notes)
    if simulated and seed is not None:
        notes.insert(
            0,
            spoken(
                _(
                    "simulated with seed {seed} (repeat with {option} {seed}); ± is the 95% interval's half-width"
                ).format(seed=seed, option=mention("seed"))
            ),
        )
    return [_("note: {note}").format(note=note) for note in notes]


#: What each placeholder of a precision note matches when the note is read back (to merge a table's notes).
_FIELDS = {"trials": r"[\d,]+", "precision": r"\S+", "half": r"[\d.e+-]+", "rest": r".*"}


class _Note:
    """A note the answers write (stats.answer.precision_notes), read back in the chosen language: its template is
    translated when it is matched, and each placeholder becomes a named group (see _FIELDS)."""

    def __init__(self, template: str) -> None:
        self.template = template

    def fullmatch(self, text: str) -> re.Match[str] | None:
        parts = re.split(r"\{(\w+)\}", translate(self.template))
        pattern = "".join(re.escape(part) if index % 2 == 0 else self._field(part) for index, part in enumerate(parts))
        return re.fullmatch(pattern, text)

    @staticmethod
    def _field(name: str) -> str:
        if name in CAPPED_MENTIONS:  # an option the note names, as the caller names it (the same in every note)
            return re.escape(spoken(mention(CAPPED_MENTIONS[name])))
        return f"(?P<{name}>{_FIELDS[name]})"


_STOPPED = _Note(STOPPED_NOTE)
_CAPPED = _Note(CAPPED_NOTE)


def _one_precision_note(notes: list[str]) -> list[str]:
    """--precision's outcome said once for the table, not once per seat and turn: "stopped after 250,000–500,000
    trials: …" (the fewest and most any answer needed), and the widest interval the --trials cap left."""
    stopped = [match for note in notes if (match := _STOPPED.fullmatch(note))]
    capped = [match for note in notes if (match := _CAPPED.fullmatch(note))]
    merged: list[str] = []
    for note in notes:
        if (match := _STOPPED.fullmatch(note)) is not None:
            if note == stopped[0].string:  # the first of them stands for all (notes are distinct)
                counts = sorted({int(m["trials"].replace(",", "")) for m in stopped})
                span = f"{counts[0]:,}" if len(counts) == 1 else f"{counts[0]:,}–{counts[-1]:,}"
                merged.append(translate(STOPPED_NOTE).format(trials=span, rest=match["rest"]))
        elif (match := _CAPPED.fullmatch(note)) is not None:
            if note == capped[0].string:
                widest = max(capped, key=lambda m: float(m["half"]))
                several = len({m["half"] for m in capped}) > 1
                merged.append(
                    capped_note(
                        CAPPED_SEVERAL_NOTE if several else CAPPED_NOTE,
                        precision=widest["precision"],
                        trials=widest["trials"],
                        half=widest["half"],
                    )
                )
        else:
            merged.append(note)
    return merged


def render_report_text(
    deck: Deck[Any], results: Sequence[ReportResult], *, colour: bool, seed: int | None, columns: int | None = None
) -> str:
    """The default report for people, laid out in `columns` terminal columns (default: the terminal's, else 80):
    labels padded by display width and wrapped onto more lines (at spaces or between Japanese characters) when
    the table would be wider."""
    columns = columns or output_columns()
    lines = [_heading(deck)]
    if not results:
        said = _("{game} has no default report for this deck; ask with {option} QUERY")
        lines.append(spoken(said.format(game=deck.game.said_title, option=mention("wants"))))
        return "\n".join(_fitted(lines, columns))
    said = _("default report ({stats} {help}); mulligan {policies}")
    help_ = {"stats": mention_command("stats"), "help": mention("help")}
    lines.append(spoken(said.format(**help_, policies=_policies(results))))
    answers = [cell for result in results for cell in result.cells.values() if isinstance(cell, Answer)]
    if answers and answers[0].model is not None:
        lines += counting(deck, answers[0].model.floor)
    lines = _fitted(lines, columns)
    second = max(
        display_width(seat_label("second")), *(display_width(describe(result.cells["second"])) for result in results)
    )
    value_width = 2 + VALUE_COLUMN + second  # the gap and the two seats' columns
    width = max(display_width(result.line.label) for result in results)
    width = max(min(width, columns - 2 - value_width), LABEL_FLOOR)
    lines.append(f"  {pad('', width)}  {pad(seat_label('first'), VALUE_COLUMN)}{seat_label('second')}".rstrip())
    for result in results:
        cells = result.cells
        label, *more = wrap_width(result.line.label, width)
        values = f"{pad(describe(cells['first']), VALUE_COLUMN)}{describe(cells['second'])}"
        lines.append(f"  {pad(label, width)}  {values}".rstrip())
        lines += [f"  {part}" for part in more]
    lines.append("")
    categories, series = series_for_report(results)
    lines += bar_lines(categories, series, colour=colour, columns=columns)
    rows = [TurnRow(result.line.turn, result.cells) for result in results]
    lines += _fitted(_notes(rows, seed), columns)
    return "\n".join(lines)


def _policies(results: Sequence[ReportResult]) -> str:
    names = sorted({c.mulligan for r in results for c in r.cells.values() if isinstance(c, Answer)})
    return joined(policy_label(name) for name in names) or "-"


# ---- the decision table ----------------------------------------------------------------------------------------


def decisions_source(answer: Answer) -> ExactResult | None:
    return answer.exact if answer.exact is not None else answer.decisions


def render_decisions(answer: Answer) -> list[str]:
    result = decisions_source(answer)
    if result is None:
        return [
            _("no decision table: the mulligan was {mulligan} and no exact model was built").format(
                mulligan=policy_label(answer.mulligan)
            )
        ]
    model = answer.decisions_model or answer.model
    assert model is not None
    letters = _letters(len(model.atoms))
    heading = (
        _("mulligan decisions ({policy}, going first, turn {turn}):")
        if answer.going == "first"
        else _("mulligan decisions ({policy}, going second, turn {turn}):")
    )
    lines = [heading.format(policy=policy_label(result.plan.name), turn=answer.turn)]
    if answer.decisions is not None:
        lines.append(
            "  " + _("(decided and valued on the draws alone, without the hand-dependent steps the simulation adds)")
        )
    for letter, atom in zip(letters, model.atoms, strict=True):
        group = ngettext(
            "{letter} = {group} ({n} card, e.g. {card})", "{letter} = {group} ({n} cards, e.g. {card})", atom.count
        )
        lines.append(
            "  "
            + group.format(letter=letter, group=model.describe_atom(atom, spoken=True), n=atom.count, card=atom.label())
        )
    kept_whole = [d for d in result.decisions if not d.redraw and d.keep == d.hand]
    others = sorted((d for d in result.decisions if d not in kept_whole), key=lambda d: -d.chance)
    lines.append(f"  {pad(_('hand'), 22)}{_rjust(_('chance'), 8)}   {pad(_('decision'), 28)}{_rjust(_('then'), 8)}")
    for decision in others[:EXPLAIN_ROWS]:
        lines.append(
            f"  {pad(_hand(decision.hand, letters), 22)}{percent(float(decision.chance)):>8}   "
            f"{pad(_decision(decision, letters), 28)}{percent(float(decision.value)):>8}"
        )
    if len(others) > EXPLAIN_ROWS:
        rest = others[EXPLAIN_ROWS:]
        rest_chance = float(sum(d.chance for d in rest))
        lines.append(
            "  "
            + spoken(
                _("… {n} rarer hands ({percent}) with other returns ({json} lists all)").format(
                    n=len(rest), percent=percent(rest_chance), json=mention("json_output")
                )
            )
        )
    if kept_whole:
        chance = sum(d.chance for d in kept_whole)
        value = sum(d.chance * d.value for d in kept_whole) / chance
        lines.append(
            f"  {pad(_('every other hand'), 22)}{percent(float(chance)):>8}   {pad(_('keep the whole hand'), 28)}"
            f"{percent(float(value)):>8}"
        )
    return lines


def _letters(count: int) -> list[str]:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return [alphabet[i] if i < 26 else f"A{i}" for i in range(count)]


def _hand(hand: Sequence[int], letters: Sequence[str]) -> str:
    return " ".join(f"{x}{letter}" for x, letter in zip(hand, letters, strict=True) if x) or "-"


def _decision(decision: Decision, letters: Sequence[str]) -> str:
    if decision.redraw:
        return _("redraw the whole hand")
    returned = [h - k for h, k in zip(decision.hand, decision.keep, strict=True)]
    total = sum(returned)
    if total == sum(decision.hand):
        return _("return all {n}").format(n=total)
    return _("keep {hand}, return {n}").format(hand=_hand(decision.keep, letters), n=total)


def decisions_json(answer: Answer) -> dict[str, Any] | None:
    result = decisions_source(answer)
    model = answer.decisions_model or answer.model
    if result is None or model is None:
        return None
    return {
        "policy": result.plan.name,
        "groups": [{"group": model.describe_atom(atom), "cards": atom.count} for atom in model.atoms],
        "hands": [
            {
                "hand": list(d.hand),
                "chance": float(d.chance),
                "keep": list(d.keep),
                "redraw": d.redraw,
                "then": float(d.value),
            }
            for d in result.decisions
        ],
    }
