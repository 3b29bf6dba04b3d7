"""The `deckcheck stats` command's work, kept out of deckcheck.cli so other commands never import it."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import typer

from deckcheck.carddb import load_carddb
from deckcheck.decks import parse_deck, resolve_deck
from deckcheck.engine import Going
from deckcheck.errors import DeckcheckError
from deckcheck.stats.answer import Method, StatsOptions, answer, default_report, parse_queries, turn_table
from deckcheck.stats.plot import Axes, Series, write_plot
from deckcheck.stats.render import (
    cell_json,
    decisions_json,
    render_query_text,
    render_report_text,
    series_for_report,
    series_for_rows,
)


def _progress() -> Callable[[int], None] | None:
    """A one-line progress note on a terminal (stderr); nothing when piped."""
    if not sys.stderr.isatty():
        return None

    def show(done: int) -> None:
        sys.stderr.write(f"\rsimulating… {done:,} setups")
        sys.stderr.flush()

    return show


def run_stats(
    path: Path,
    *,
    wants: list[str],
    turn: int,
    going: Going,
    mulligan: str | None,
    method: Method | None,
    trials: int,
    seed: int | None,
    precision: float | None,
    explain: bool,
    plot: Path | None,
    choices: dict[str, str],
    json_output: bool,
    colour: bool,
    carddb_dirs: tuple[Path, ...],
) -> str:
    if plot is not None and plot.suffix.lower() not in (".svg", ".png"):
        raise DeckcheckError(f"--plot {plot}: the chart is written as .svg or .png", field="plot")
    source = parse_deck(path)
    deck = resolve_deck(source, load_carddb(source.game_id, carddb_dirs))
    options = StatsOptions(
        mulligan=mulligan,
        method=method,
        trials=trials,
        seed=seed,
        precision=precision,
        choices=choices,
        progress=_progress(),
    )
    try:
        if not wants:
            results = default_report(deck, options)
            if plot is not None and results:
                categories, series = series_for_report(results)
                title = f"{deck.name or deck.path} — {deck.game.title}"
                _draw(plot, title, categories, series, subtitle="the game's default report", x_title=REPORT_AXIS)
            if json_output:
                return _dump(
                    {
                        "path": deck.path,
                        "game": deck.game.id,
                        "name": deck.name,
                        "seed": options.seed,
                        "report": [
                            {
                                "label": r.line.label,
                                "want": list(r.line.wants),
                                "turn": r.line.turn,
                                **{seat: cell_json(cell) for seat, cell in r.cells.items()},
                            }
                            for r in results
                        ],
                    }
                )
            return render_report_text(deck, results, colour=colour, seed=options.seed)
        queries = parse_queries(wants, deck)
        rows = turn_table(deck, queries, turn=turn, options=options)
        primary = rows[-1].cells[going]
        if isinstance(primary, str):  # the asked seat never reaches this turn: the same refusal as the engine's
            primary = answer(deck, queries, going=going, turn=turn, options=options)
    finally:
        if options.progress is not None:
            sys.stderr.write("\r\033[K")
    if plot is not None:
        categories, series = series_for_rows(rows)
        subtitle = f"{deck.name or deck.path} — mulligan {primary.mulligan}"
        _draw(plot, " & ".join(wants), categories, series, subtitle=subtitle, x_title=TURN_AXIS)
    if json_output:
        data = {
            "path": deck.path,
            "game": deck.game.id,
            "name": deck.name,
            "want": wants,
            **primary.to_json(),
            "table": [{"turn": row.turn, **{seat: cell_json(c) for seat, c in row.cells.items()}} for row in rows],
        }
        if explain:
            data["decisions"] = decisions_json(primary)
        return _dump(data)
    return render_query_text(deck, primary, rows, colour=colour, explain=explain, seed=options.seed)


TURN_AXIS = "by the main phase of own turn N (turn 0 = the opening hand, after the mulligan)"
REPORT_AXIS = "each line of the report, by the turn it names (turn 0 = the opening hand)"


def _draw(plot: Path, title: str, categories: list[str], series: list[Series], *, subtitle: str, x_title: str) -> None:
    """Write the chart and say so on stderr (stdout holds the answer, maybe JSON), with any warning about it."""
    axes = Axes(x_title=x_title, y_title="probability (going first and second)")
    write_plot(plot, title, categories, series, subtitle=subtitle, axes=axes, warn=_warn)
    typer.echo(f"deckcheck: wrote {plot}", err=True)


def _warn(message: str) -> None:
    typer.echo(f"deckcheck: warning: {message}", err=True)


def _dump(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
