"""The `deckcheck stats` command's work, kept out of deckcheck.cli so other commands never import it."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from deckcheck._i18n import N_, _, language, ngettext, translate
from deckcheck._util.progress import ProgressBar
from deckcheck._util.safetext import echoed, one_line
from deckcheck._util.text import display_width, fit_lines, held, held_whole, joined, pad
from deckcheck.carddb.db import refuse_unknown_cards
from deckcheck.checking.judging import Judging
from deckcheck.checking.workspace import Workspace, default_workspace, say_reading
from deckcheck.engine.deal import deal
from deckcheck.engine.procedure import DEALT_WITHOUT, dealt_without
from deckcheck.engine.table import Going
from deckcheck.errors import DeckcheckError, EngineError, OptionError, mention, mention_command, spoken
from deckcheck.model.deck import Deck
from deckcheck.model.game import shown_value
from deckcheck.model.query import Query
from deckcheck.stats.answer import advise_hand, answer, default_report, turn_table
from deckcheck.stats.options import StatsOptions
from deckcheck.stats.plot import Axes, Series, write_plot
from deckcheck.stats.queries import SEATS, check_floor, check_reachable, horizon, parse_queries, turn_for
from deckcheck.stats.render import (
    cell_json,
    decisions_json,
    policy_label,
    render_query_text,
    render_report_text,
    series_for_report,
    series_for_rows,
)

#: A simulation expected to run longer than this says so on stderr even when stderr is not a terminal.
LONG_RUN_SECONDS = 5.0
#: How often a long run that is not on a terminal says how far it has come.
PIPED_PROGRESS_SECONDS = 15.0
#: The least time a simulation runs before its rate is trusted for an estimate said when not on a terminal.
RATE_SECONDS = 0.5


class SimulationProgress:
    """Progress of the command's questions on stderr.

    On a terminal: a bar (:class:`ProgressBar`) that appears once the command has run for about a second, names the
    question being answered (``going second, own turn 3``), moves by question (each seat x turn of the table, each
    line of the default report) and, within a simulated question, by its setups; it is erased when the command ends.
    Elsewhere (a CI log, a pipe): no bar, but one line with the estimate once a simulation is seen to take over
    LONG_RUN_SECONDS, then a line every PIPED_PROGRESS_SECONDS. Nothing for the short runs that are most of them."""

    def __init__(
        self,
        terminal: bool,
        questions: int = 1,
        bar: ProgressBar | None = None,
        estimated: bool = False,
        stream: TextIO | None = None,
    ) -> None:
        self.terminal = terminal
        self.stream = stream  # where its lines and the command's notes go (None: nowhere)
        # --precision: the setups told are the run's estimate of what it needs (it stops when the interval is narrow
        # enough), not a fixed number
        self.estimated = estimated
        self.bar = bar if terminal else None
        self.started: float | None = None
        self.said_at: float | None = None
        # The questions of the command (seats x turns, or the report's lines) and the one being answered: the
        # estimate is for the running simulation only, and the line says which question of how many that is.
        self.questions = questions
        self.asked = 0
        self.current = ""

    def question(self, going: Going, turn: int) -> None:
        """A question of the command begins (exact or simulated)."""
        self.asked = min(self.asked + 1, max(self.questions, 1))
        self.current = (
            _("going first by own turn {turn}") if going == "first" else _("going second by own turn {turn}")
        ).format(turn=turn)
        if self.bar is not None:
            self.bar.update(self.asked - 1, self.questions, self._label(going, turn), detail="")

    def counted(self, done: int, total: int) -> None:
        """An exact question has valued `done` of its `total` opening hands (the bar's share of the question)."""
        if self.bar is not None and total:
            part = min(done / total, 1.0)
            detail = _("counting exactly: {done} of {total} hands").format(done=f"{done:,}", total=f"{total:,}")
            self.bar.update(max(self.asked - 1, 0) + part, self.questions, detail=detail)

    def step(self, label: str, done: int = 0, total: int = 1) -> None:
        """A step of the command that is no seat x turn question (`--hand`'s choices, drawing the chart)."""
        if self.bar is not None:
            self.bar.update(done, total, label, detail="")

    def _label(self, going: Going, turn: int) -> str:
        where = (_("going first, own turn {turn}") if going == "first" else _("going second, own turn {turn}")).format(
            turn=turn
        )
        if self.questions <= 1:
            return where
        return _("{where} (question {n} of {total})").format(where=where, n=self.asked, total=self.questions)

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done <= 0 or self.started is None:  # a simulation begins: its rate and estimate are its own
            self.started, self.said_at = now, None
            if self.bar is not None:
                detail = _("simulating 0 of {total} setups").format(total=f"{total:,}")
                self.bar.update(max(self.asked - 1, 0), self.questions, detail=detail)
            return
        rate = done / max(now - self.started, 1e-9)
        left = (total - done) / rate
        if self.bar is not None:
            part = min(done / total, 1.0) if total else 1.0
            detail = (
                _("simulating {done} of about {total} setups, about {left} left for this question")
                if self.estimated
                else _("simulating {done} of {total} setups, about {left} left for this question")
            ).format(done=f"{done:,}", total=f"{total:,}", left=_duration(left))
            self.bar.update(max(self.asked - 1, 0) + part, self.questions, detail=detail)
            return
        if self.questions > 1 and self.asked:
            line = (
                _(
                    "simulating {question} (question {n} of {questions})… {done} of about {total} setups, about "
                    "{left} left for this question"
                )
                if self.estimated
                else _(
                    "simulating {question} (question {n} of {questions})… {done} of at most {total} setups, about "
                    "{left} left for this question"
                )
            )
        else:
            line = (
                _("simulating… {done} of about {total} setups, about {left} left")
                if self.estimated
                else _("simulating… {done} of at most {total} setups, about {left} left")
            )
        line = line.format(
            question=self.current,
            n=self.asked,
            questions=self.questions,
            done=f"{done:,}",
            total=f"{total:,}",
            left=_duration(left),
        )
        # (the first estimate waits for a little work: the rate of --precision's first small look is mostly set-up)
        if (self.said_at is None and left > LONG_RUN_SECONDS and now - self.started >= RATE_SECONDS) or (
            self.said_at is not None and done < total and now - self.said_at >= PIPED_PROGRESS_SECONDS
        ):
            self._write(line)
            self.said_at = now

    def say(self, line: str) -> None:
        """A line of the command on the stream (a question simulated instead, a chart written), the bar kept off."""
        with self.paused():
            self._write(line)

    def _write(self, line: str) -> None:
        if self.stream is not None:
            self.stream.write(f"deckcheck: {line}\n")
            self.stream.flush()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Keep the bar off the screen while the block writes on stderr."""
        if self.bar is None:
            yield
            return
        with self.bar.paused():
            yield

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _duration(seconds: float) -> str:
    if seconds < 90:
        return _("{n} s").format(n=f"{max(seconds, 0):.0f}")
    if seconds < 5400:
        return _("{n} min").format(n=f"{seconds / 60:.0f}")
    return _("{n} h").format(n=f"{seconds / 3600:.1f}")


@dataclass(frozen=True)
class StatsRequest:
    """What `stats` is asked: the wants (every one holds) and the anys (one of them holds too), none for the game's
    default report; the turn of the wants without `@N` (None: 0); the seat of the headline answer and of JSON; and
    `hand`, an opening hand as dealt to keep or return cards of (card numbers or names joined by ',')."""

    wants: tuple[str, ...] = ()
    anys: tuple[str, ...] = ()
    turn: int | None = None
    going: Going = "first"
    hand: str | None = None


@dataclass(frozen=True)
class StatsOutput:
    """What is shown besides the answer: the mulligan's decision table (`explain`), a chart drawn to `plot` (.svg or
    .png), and where progress and notes go. JSON or text, in colour or not, is the caller's choice (render_stats)."""

    explain: bool = False
    plot: Path | None = None
    # Where progress and notes go (the command line's stderr); None, as for a library caller: nowhere
    stderr: TextIO | None = None


@dataclass(frozen=True)
class StatsResult:
    """What `stats` answered: its JSON object (for programs) and its text (for people, coloured on request), shown
    in one step chosen by the output format (:func:`render_stats`)."""

    data: dict[str, Any]
    text: Callable[[bool], str]  # colour -> the text

    def to_json(self) -> str:
        return _dump(self.data)


def render_stats(result: StatsResult, *, as_json: bool, colour: bool = False) -> str:
    """The answer as JSON, or as text (coloured when `colour`)."""
    return result.to_json() if as_json else result.text(colour)


def run_stats(
    path: Path,
    request: StatsRequest,
    options: StatsOptions,
    output: StatsOutput,
    *,
    workspace: Workspace | None = None,
    judging: Judging | None = None,
    game: str | None = None,
) -> StatsResult:
    """`deckcheck stats`: the answer to `request` about the deck at `path` (its cards from `workspace`; None: the
    shipped and configured layers), computed as `options` say (its listeners are the command's: progress, and a
    line for a question past the exact budget, on `output.stderr`) and shown as `output` says; `judging`'s rules
    version and format choose the setup that deals the hands. With `game` (`--game`), a plain-text deck is a pasted
    list of that game, read as `check --game` reads it (what was guessed said as notes:
    checking.workspace.say_reading)."""
    stream = output.stderr
    terminal = stream is not None and stream.isatty()  # a bar on a terminal only: never piped, never on stdout
    progress = SimulationProgress(
        terminal=terminal,
        bar=ProgressBar(stream) if stream is not None and terminal else None,
        estimated=options.precision is not None,
        stream=stream,
    )
    try:
        _check_plot(output.plot)
        progress.step(_("reading {path}").format(path=one_line(str(path))))
        deck = (workspace or default_workspace()).deck(path, game)
        say_reading(deck)
        refuse_unknown_cards(deck, _("counting the odds"))
        if judging is not None:  # the setup (and its odds) of that rules version and format
            judging.choose_rules(deck)
        options = replace(
            options, say=_said_once(progress), question=progress.question, progress=progress, counted=progress.counted
        )
        check_floor(deck, options.floor)
        notes = _dealt_without(deck, options.choices)  # a registry export without its leader: counted, with a note
        if not request.wants and not request.anys:
            return _report(deck, request, options, output, progress, notes)
        asked = (parse_queries(request.wants, deck), parse_queries(request.anys, deck, "any"))
        if request.hand is not None:
            return _advise(deck, request, options, output, asked, progress)
        return _table(deck, request, options, output, asked, progress, notes)
    finally:
        progress.close()


def _check_plot(plot: Path | None) -> None:
    if plot is not None and plot.suffix.lower() not in (".svg", ".png"):
        raise OptionError(
            "plot",
            _("{option} {path}: the chart is written as .svg or .png").format(
                option=mention("plot"), path=one_line(str(plot))
            ),
            field="plot",
        )


def _said_once(progress: SimulationProgress) -> Callable[[str], None]:
    """A question past the exact budget, simulated instead: said on stderr once per reason."""
    said: set[str] = set()

    def say(line: str) -> None:
        if line not in said:
            said.add(line)
            progress.say(line)

    return say


def _report(
    deck: Deck[Any],
    request: StatsRequest,
    options: StatsOptions,
    output: StatsOutput,
    progress: SimulationProgress,
    notes: list[str],
) -> StatsResult:
    """No want: the game's default report, each line for both seats."""
    if request.hand is not None:
        raise OptionError(
            "hand",
            _("{option} needs what the hand should hold: give {want}").format(
                option=mention("hand"), want=mention("want")
            ),
        )
    if request.turn is not None:
        raise OptionError(
            "turn",
            _("{option} applies to {want} queries; the default report names its own turns").format(
                option=mention("turn"), want=mention("want")
            ),
            field="turn",
        )
    check_setup(deck, options.choices)
    progress.questions = 2 * len(list(deck.game.profile.stats_report(deck)))
    results = default_report(deck, options)
    if output.plot is not None and results:
        categories, series = series_for_report(results)
        title = f"{echoed(deck.name or str(deck.path))} — {deck.game.said_title}"
        subtitle = _("the game's default report")
        _draw(output.plot, title, categories, series, progress, subtitle=subtitle, x_title=translate(REPORT_AXIS))
    data = {
        "path": deck.path,
        "game": deck.game.id,
        "name": deck.name,
        **_rules_json(deck),
        "seed": options.seed,
        "notes": notes,
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

    def text(colour: bool) -> str:
        return _with_notes(render_report_text(deck, results, colour=colour, seed=options.seed), notes)

    return StatsResult(data, text)


def _table(
    deck: Deck[Any],
    request: StatsRequest,
    options: StatsOptions,
    output: StatsOutput,
    asked: tuple[list[Query], list[Query]],
    progress: SimulationProgress,
    notes: list[str],
) -> StatsResult:
    """The wants (`asked`: the request's wants and anys, read) by each turn up to the request's, for both seats."""
    queries, alternatives = asked
    going = request.going
    turn = turn_for([query.deadline for query in [*queries, *alternatives]], request.turn, say_how=True)
    # A turn the asked seat never reaches is refused now, as `hand --turn` refuses it, not after the table's
    # earlier turns are worked out (`--turn 30`: 0.3 s instead of minutes); likewise a want's own deadline.
    last = horizon([*queries, *alternatives], turn)
    deadline = (
        None
        if last == turn
        else _("the deadline @{turn} of {owner}").format(turn=last, owner=_deadline_owner(queries, alternatives, last))
    )
    check_reachable(deck, going, last, options.choices, options.floor, deadline)
    dated = all(query.deadline is not None for query in [*queries, *alternatives])
    progress.questions = len(SEATS) * (1 if dated else turn + 1)  # as turn_table asks them
    rows = turn_table(deck, queries, turn=turn, options=options, anys=alternatives)
    primary = rows[-1].cells[going]
    if isinstance(primary, str):  # the asked seat never reaches this turn: the same refusal as the engine's
        primary = answer(deck, queries, going=going, turn=turn, options=options, anys=alternatives)
    if output.plot is not None:
        categories, series = series_for_rows(rows)
        subtitle = _("{deck} — mulligan {policy}").format(
            deck=echoed(deck.name or str(deck.path)), policy=policy_label(primary.mulligan)
        )
        title = " & ".join(request.wants)
        _draw(output.plot, title, categories, series, progress, subtitle=subtitle, x_title=translate(TURN_AXIS))
    data = {
        "path": deck.path,
        "game": deck.game.id,
        "name": deck.name,
        **_rules_json(deck),
        "want": list(request.wants),
        "any": list(request.anys),
        **primary.to_json(),
        "table": [{"turn": row.turn, **{seat: cell_json(c) for seat, c in row.cells.items()}} for row in rows],
    }
    data["notes"] = [*notes, *data.get("notes", [])]  # (always there: programs read it)
    if output.explain:
        data["decisions"] = decisions_json(primary)

    def text(colour: bool) -> str:
        shown = render_query_text(deck, primary, rows, colour=colour, explain=output.explain, seed=options.seed)
        return _with_notes(shown, notes)

    return StatsResult(data, text)


def _advise(
    deck: Deck[Any],
    request: StatsRequest,
    options: StatsOptions,
    output: StatsOutput,
    asked: tuple[list[Query], list[Query]],
    progress: SimulationProgress,
) -> StatsResult:
    """`--hand A,B,C,D,E`: keep this opening hand, or return which cards, with both chances (exact). `asked`: the
    request's wants and anys, read."""
    queries, alternatives = asked
    going, choices = request.going, options.choices
    assert request.hand is not None
    for option, given in (("mulligan", options.mulligan), ("plot", output.plot)):
        if given is not None:
            raise OptionError(
                option,
                _("{option} answers for one hand; {other} does not apply").format(
                    option=mention("hand"), other=mention(option)
                ),
            )
    keys = [key.strip() for key in re.split(r"[,、，]", request.hand) if key.strip()]
    turn = turn_for([query.deadline for query in [*queries, *alternatives]], request.turn, say_how=True)
    working = (
        _("the hand's choices, going first, own turn {turn}")
        if going == "first"
        else _("the hand's choices, going second, own turn {turn}")
    ).format(turn=turn)

    def step(done: int, total: int) -> None:  # each way to keep or return the hand, worked out exactly
        progress.step(working, done, total)

    advice = advise_hand(deck, queries, keys, going=going, turn=turn, choices=choices, anys=alternatives, progress=step)
    data = {"path": deck.path, "game": deck.game.id, "want": [q.text for q in queries], **advice.to_json()}
    return StatsResult(data, lambda _colour: _advice_text(deck, advice, going, turn))


def _advice_text(deck: Deck[Any], advice: Any, going: Going, turn: int) -> str:
    """`--hand`'s answer for people: the hand, the want, and keep or return which cards, with both chances."""
    column = deck.game.profile.hand_column

    def label(card: Any) -> str:
        said = f"{card.label()}" + (f" [{held(shown_value(deck.game, card, column))}]" if column else "")
        return said if language() == "en" else held(said)  # a Japanese card name whole on a line

    partial = advice.model.mulligan.partial
    rule = _("return any cards, then draw as many") if partial else _("keep the whole hand or redraw it")
    wants = " & ".join(want.label(turn) for want in advice.model.wants)
    dealt = _("hand as dealt, going first: {cards}") if going == "first" else _("hand as dealt, going second: {cards}")
    lines = [
        f"{one_line(str(deck.path))}  {held_whole(deck.game.heading_name)}",
        dealt.format(cards=joined(label(card) for card in advice.hand)),
        _("want {wants} by the main phase of own turn {turn}; the mulligan rule: {rule}").format(
            wants=wants, turn=turn, rule=rule
        ),
    ]
    returned = len(advice.returned)
    keep_it = _("keep it")
    if advice.decision == "keep":
        lines.append(f"  {keep_it}  " + _("{percent} exact").format(percent=_percent(advice.keep)))
        lines.append(
            _("advice: keep it (no return does better)") if partial else _("advice: keep it (no redraw does better)")
        )
        return "\n".join(fit_lines(lines, heading=language() != "en"))
    what = (
        _("redraw the hand")
        if advice.decision == "redraw"
        else ngettext("return {n} card", "return {n} cards", returned).format(n=returned)
    )
    best = (
        _("{percent} exact").format(percent=_percent(advice.best))
        if advice.decision == "redraw"
        else _("{percent} exact: {cards}").format(
            percent=_percent(advice.best), cards=joined(label(card) for card in advice.returned)
        )
    )
    width = max(display_width(what), display_width(keep_it)) + 2
    lines.append(f"  {pad(keep_it, width)}" + _("{percent} exact").format(percent=_percent(advice.keep)))
    lines.append(f"  {pad(what, width)}{best}")
    lines.append(
        _("advice: {what} ({best} instead of {keep})").format(
            what=what, best=_percent(advice.best), keep=_percent(advice.keep)
        )
    )
    return "\n".join(
        fit_lines(lines, heading=language() != "en")
    )  # fitted to the terminal, never inside a card number or a word


def _with_notes(text: str, notes: list[str]) -> str:
    return "\n".join([text, *(_("note: {note}").format(note=note) for note in notes)]) if notes else text


def _percent(value: Any) -> str:
    return f"{float(value) * 100:.2f}%"


def _deadline_owner(queries: list[Query], alternatives: list[Query], turn: int) -> str:
    for option, group in (("--want", queries), ("--any", alternatives)):
        for query in group:
            if query.deadline == turn:
                return f"{option} '{query.text}@{turn}'"
    return _("own turn {turn}").format(turn=turn)


def _rules_json(deck: Deck[Any]) -> dict[str, Any]:
    """`"rules": {...}` for a game with versions of its rules (as `check --output json` has it), else nothing."""
    return {"rules": deck.rules.to_json()} if deck.game.play.versions else {}


def _dealt_without(deck: Deck[Any], choices: dict[str, str]) -> list[str]:
    """A note for each card setup places that the deck lacks and no draw depends on (a leader a registry export
    did not record): the odds are those of the deck with it."""
    if all(deck.size(section) for section in deck.game.sections):
        return []
    try:
        notes = deal(deck, seed=0, turns=0, choices=choices).notes
    except EngineError:
        return []  # the refusal is said where the odds are worked out
    check, add, option = mention_command("check"), mention_command("add"), mention("section")
    return [
        # (the engine's DEALT_WITHOUT after "none, ", one sentence: tests/commands/test_stats.py holds them equal)
        spoken(
            _(
                "{path} has no {zone} card: dealt without one, as it changes no draw (`{check}` reports it "
                "missing; `{add} DECK NUMBER {option} {zone}` adds one)"
            ).format(path=one_line(str(deck.path)), zone=zone, check=check, add=add, option=option)
        )
        for zone, value in notes.items()
        if value in (DEALT_WITHOUT.replace("SECTION", zone), dealt_without(zone, translated=False))
    ]


def check_setup(deck: Deck[Any], choices: dict[str, str]) -> None:
    """Refuse (exit 2, with the rules' reason) a deck whose setup cannot run from either seat: the default report
    would otherwise be a table of dashes."""
    for seat in SEATS:
        try:
            deal(deck, seed=0, going=seat, turns=0, choices=choices)
        except EngineError as why:
            raise DeckcheckError(_("no odds to give: {reason}").format(reason=why.reason), path=deck.path) from None


TURN_AXIS = N_("by the main phase of own turn N (turn 0 = the opening hand, after the mulligan)")
REPORT_AXIS = N_("each line of the report, by the turn it names (turn 0 = the opening hand)")


def _draw(
    plot: Path,
    title: str,
    categories: list[str],
    series: list[Series],
    progress: SimulationProgress,
    *,
    subtitle: str,
    x_title: str,
) -> None:
    """Write the chart and say so on stderr (stdout holds the answer, maybe JSON), with any warning about it."""
    axes = Axes(x_title=x_title, y_title=_("probability (going first and second)"))
    progress.step(_("drawing {path}").format(path=one_line(str(plot))))

    def warn(message: str) -> None:
        progress.say(_("warning: {message}").format(message=message))

    write_plot(plot, title, categories, series, subtitle=subtitle, axes=axes, warn=warn)
    progress.say(_("wrote {path}").format(path=one_line(str(plot))))


def _dump(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
