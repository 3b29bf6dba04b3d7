"""`deckcheck stats` output: text for people (answers, per-turn table, bars, decision table) and JSON."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from deckcheck._util.safetext import echoed, one_line
from deckcheck._util.text import display_width, fit_line, output_columns, pad, plural, wrap_width
from deckcheck.model.deck import Deck
from deckcheck.stats.answer import SEATS, Answer, ReportResult, TurnRow
from deckcheck.stats.exact import Decision, ExactResult
from deckcheck.stats.model import OddsModel
from deckcheck.stats.plot import Series, bar_lines, percent

EXPLAIN_ROWS = 15
VALUE_COLUMN = 18  # the first seat's column in the report: "91.80% ±0.17 sim" and a gap
LABEL_FLOOR = 12  # a report label's column is never narrower, however narrow the terminal


def describe(answer: Answer | str) -> str:
    """`97.10% exact` or `91.80% ±0.17 simulated`, or the reason a turn is not reached."""
    if isinstance(answer, str):
        return "— (not reached)"
    if answer.ci95 is None:
        return f"{percent(answer.probability)} exact"
    low, high = answer.ci95
    return f"{percent(answer.probability)} ±{100 * (high - low) / 2:.2f} sim"


def cell_json(answer: Answer | str) -> dict[str, Any]:
    return {"error": answer} if isinstance(answer, str) else answer.to_json()


def _heading(deck: Deck) -> str:
    title = f" “{echoed(deck.name)}”" if deck.name else ""
    rules = f" ({deck.rules.text()})" if deck.game.rules_versions else ""  # the version whose setup dealt the odds
    return f"{one_line(str(deck.path))}  {deck.game.id}{rules}{title}"


def _wants(model: OddsModel) -> list[str]:
    """One line per want: what it asks, its own deadline when it has one, and how many cards match."""
    lines = []
    dated = any(want.turn != model.turn for want in model.wants)
    for bit, want in enumerate(model.wants):
        matching = sum(atom.count for atom in model.atoms if atom.mask >> bit & 1)
        kind = "any " if want.any_of else "want"
        when = f" by own turn {want.turn}" if dated or want.any_of else ""
        lines.append(
            f"{kind} {want.text}{when}  ({matching} of the {plural(model.size, 'card')} the hand is drawn from)"
        )
    if model.has_any:
        lines.append("every want, and at least one any, must hold")
    return lines


def counting(deck: Deck, floor: bool) -> list[str]:
    """What the odds count, for a game whose count has a documented floor (Vanguard's drive checks)."""
    setup = deck.game.setup
    if setup is None or not setup.floor:
        return []
    if floor:
        return [f"counting the documented floor (--floor): {setup.floor}"]
    return [f"counting every card the rules bring: {setup.floor_counting}"]


def render_query_text(
    deck: Deck,
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
    moment = "the opening hand after the mulligan" if primary.turn == 0 else f"main phase of own turn {primary.turn}"
    if model is not None and len({want.turn for want in model.wants}) > 1:
        moment = f"each want by its own turn (the last: {moment})"
    lines.append(f"by {moment}; mulligan {primary.mulligan}")
    last = rows[-1]
    for seat in SEATS:
        marker = "▸" if seat == primary.going else " "
        lines.append(f" {marker} going {seat:<6}  {describe(last.cells[seat])}")
    if len(rows) > 1:
        lines.append("")
        lines.append(f"{'turn':>4}  {'going first':<24}{'going second':<24}")
        for row in rows:
            lines.append(f"{row.turn:>4}  {describe(row.cells['first']):<24}{describe(row.cells['second']):<24}")
    lines = _fitted(lines, columns)
    lines.append("")
    categories = [f"turn {row.turn}" for row in rows]
    lines += bar_lines(categories, _series(rows), colour=colour, columns=columns)
    lines += _fitted(_notes(rows, seed), columns)
    if explain:
        lines.append("")
        lines += _fitted(render_decisions(primary), columns)
    return "\n".join(lines)


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
    return Series(f"going {seat}", values, intervals)


def series_for_rows(rows: Sequence[TurnRow]) -> tuple[list[str], list[Series]]:
    return [f"turn {row.turn}" for row in rows], _series(rows)


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
                note = f"turn {row.turn}, going {seat}: {cell}"
            else:
                simulated = simulated or cell.method == "simulate"
                for text in cell.notes:
                    if text not in notes:
                        notes.append(text)
                continue
            notes.append(note)
    notes = _one_precision_note(notes)
    if simulated and seed is not None:
        notes.insert(0, f"simulated with seed {seed} (repeat with --seed {seed}); ± is the 95% interval's half-width")
    return [f"note: {note}" for note in notes]


_STOPPED = re.compile(r"stopped after (?P<trials>[\d,]+) trials: (?P<rest>.*)")
_CAPPED = re.compile(
    r"(?P<head>--precision \S+ not reached: .*, with the 95% interval ±)(?P<half>[\d.e+-]+)(?P<rest>;.*)"
)


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
                merged.append(f"stopped after {span} trials: {match['rest']}")
        elif (match := _CAPPED.fullmatch(note)) is not None:
            if note == capped[0].string:
                widest = max(capped, key=lambda m: float(m["half"]))
                several = len({m["half"] for m in capped}) > 1
                head = (
                    widest["head"].replace("the 95% interval ±", "95% intervals up to ±") if several else widest["head"]
                )
                merged.append(f"{head}{widest['half']}{widest['rest']}")
        else:
            merged.append(note)
    return merged


def render_report_text(
    deck: Deck, results: Sequence[ReportResult], *, colour: bool, seed: int | None, columns: int | None = None
) -> str:
    """The default report for people, laid out in `columns` terminal columns (default: the terminal's, else 80):
    labels padded by display width and wrapped onto more lines (at spaces or between Japanese characters) when
    the table would be wider."""
    columns = columns or output_columns()
    lines = [_heading(deck)]
    if not results:
        lines.append(f"{deck.game.title} has no default report for this deck; ask with --want QUERY")
        return "\n".join(_fitted(lines, columns))
    lines.append(f"default report (deckcheck stats --help); mulligan {_policies(results)}")
    answers = [cell for result in results for cell in result.cells.values() if isinstance(cell, Answer)]
    if answers and answers[0].model is not None:
        lines += counting(deck, answers[0].model.floor)
    lines = _fitted(lines, columns)
    second = max(len("going second"), *(len(describe(result.cells["second"])) for result in results))
    value_width = 2 + VALUE_COLUMN + second  # the gap and the two seats' columns
    width = max(display_width(result.line.label) for result in results)
    width = max(min(width, columns - 2 - value_width), LABEL_FLOOR)
    lines.append(f"  {pad('', width)}  {'going first':<{VALUE_COLUMN}}{'going second'}".rstrip())
    for result in results:
        cells = result.cells
        label, *more = wrap_width(result.line.label, width)
        values = f"{describe(cells['first']):<{VALUE_COLUMN}}{describe(cells['second'])}"
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
    return ", ".join(names) or "-"


# ---- the decision table ----------------------------------------------------------------------------------------


def decisions_source(answer: Answer) -> ExactResult | None:
    return answer.exact if answer.exact is not None else answer.decisions


def render_decisions(answer: Answer) -> list[str]:
    result = decisions_source(answer)
    if result is None:
        return [f"no decision table: the mulligan was {answer.mulligan} and no exact model was built"]
    model = answer.decisions_model or answer.model
    assert model is not None
    letters = _letters(len(model.atoms))
    lines = [f"mulligan decisions ({result.plan.name}, going {answer.going}, turn {answer.turn}):"]
    if answer.decisions is not None:
        lines.append("  (decided and valued on the draws alone, without the hand-dependent steps the simulation adds)")
    for letter, atom in zip(letters, model.atoms, strict=True):
        lines.append(f"  {letter} = {model.describe_atom(atom)} ({plural(atom.count, 'card')}, e.g. {atom.label()})")
    kept_whole = [d for d in result.decisions if not d.redraw and d.keep == d.hand]
    others = sorted((d for d in result.decisions if d not in kept_whole), key=lambda d: -d.chance)
    lines.append(f"  {'hand':<22}{'chance':>8}   {'decision':<28}{'then':>8}")
    for decision in others[:EXPLAIN_ROWS]:
        lines.append(
            f"  {_hand(decision.hand, letters):<22}{percent(float(decision.chance)):>8}   "
            f"{_decision(decision, letters):<28}{percent(float(decision.value)):>8}"
        )
    if len(others) > EXPLAIN_ROWS:
        rest = others[EXPLAIN_ROWS:]
        rest_chance = float(sum(d.chance for d in rest))
        lines.append(
            f"  … {len(rest)} rarer hands ({percent(rest_chance)}) with other returns (--output json lists all)"
        )
    if kept_whole:
        chance = sum(d.chance for d in kept_whole)
        value = sum(d.chance * d.value for d in kept_whole) / chance
        lines.append(
            f"  {'every other hand':<22}{percent(float(chance)):>8}   {'keep the whole hand':<28}"
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
        return "redraw the whole hand"
    returned = [h - k for h, k in zip(decision.hand, decision.keep, strict=True)]
    total = sum(returned)
    if total == sum(decision.hand):
        return f"return all {total}"
    return f"keep {_hand(decision.keep, letters)}, return {total}"


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
