"""deckcheck.stats.render: the stats text for people."""

from __future__ import annotations

import re

import pytest

from deckcheck.stats.answer import Answer, TurnRow
from deckcheck.stats.render import _notes


def _simulated(trials: int, half: float, note: str) -> Answer:
    return Answer(0.97, "simulate", 1, "first", "optimal", ci95=(0.97 - half, 0.97 + half), trials=trials, notes=[note])


def _rows(*cells: Answer) -> list[TurnRow]:
    return [TurnRow(turn, {"first": cell, "second": cell}) for turn, cell in enumerate(cells)]


def test_precision_reached_is_said_once_with_the_span_of_trials():
    rows = _rows(
        _simulated(500_000, 0.0005, "stopped after 500,000 trials: the 95% interval is within ±0.0006"),
        _simulated(250_000, 0.0002, "stopped after 250,000 trials: the 95% interval is within ±0.0006"),
        _simulated(250_000, 0.0001, "stopped after 250,000 trials: the 95% interval is within ±0.0006"),
    )
    notes = _notes(rows, seed=1)
    stopped = [note for note in notes if "stopped after" in note]
    assert stopped == ["note: stopped after 250,000–500,000 trials: the 95% interval is within ±0.0006"]
    assert notes[0].startswith("note: simulated with seed 1")


def test_one_trial_count_is_not_a_span():
    rows = _rows(*[_simulated(250_000, 0.001, "stopped after 250,000 trials: the 95% interval is within ±0.01")] * 2)
    assert "note: stopped after 250,000 trials: the 95% interval is within ±0.01" in _notes(rows, seed=3)


def test_precision_not_reached_is_said_once_with_the_widest_interval(command_line):
    def capped(half: str) -> str:
        return (
            f"--precision 0.0001 not reached: the cap of 20,000 trials (--trials) came first, with the 95% interval "
            f"±{half}; raise --trials to go on"
        )

    rows = _rows(_simulated(20_000, 0.002, capped("0.002327")), _simulated(20_000, 0.0007, capped("0.0007188")))
    notes = [note for note in _notes(rows, seed=None) if "not reached" in note]
    assert notes == [
        "note: --precision 0.0001 not reached: the cap of 20,000 trials (--trials) came first, with 95% intervals "
        "up to ±0.002327; raise --trials to go on"
    ]


def test_other_notes_keep_their_order():
    exact = Answer(0.5, "exact", 1, "first", "optimal", notes=["a note", "another"])
    assert _notes(_rows(exact, exact), seed=None) == ["note: a note", "note: another"]


def test_the_notes_merged_are_the_ones_the_answers_write():
    from deckcheck.stats.answer import _precision_notes
    from deckcheck.stats.render import _CAPPED, _STOPPED
    from deckcheck.stats.simulate import PRECISION_RULE, SimResult

    (reached,) = _precision_notes(SimResult(242_500, 250_000, 1, stopped_early=True), 0.001, PRECISION_RULE)
    (capped,) = _precision_notes(SimResult(19_400, 20_000, 1, stopped_early=False), 0.0001, PRECISION_RULE)
    assert _STOPPED.fullmatch(reached) and _CAPPED.fullmatch(capped)


def test_the_build_divide_report_fits_80_columns_and_its_japanese_labels_align(run_cli):
    from deckcheck._util.text import display_width

    code, out, _ = run_cli("stats", "decks/build-divide/guren.txt")
    assert code == 0
    lines = out.splitlines()
    assert all(display_width(line) <= 80 for line in lines), max(lines, key=display_width)
    table = [line for line in lines if "% exact" in line]
    assert len(table) == 5
    # each row's first value starts in the same terminal column, Japanese labels or not
    starts = {display_width(line[: re.search(r"[<>]?\d+\.\d+% exact", line).start()]) for line in table}
    assert len(starts) == 1
    assert any("紅蓮" in line for line in table)


@pytest.mark.parametrize("columns", [40, 60, 80, 120])
def test_bars_fit_the_columns_with_long_labels(columns):
    from deckcheck._util.text import display_width
    from deckcheck.stats.plot import Series, bar_lines

    categories = ["an Ace titled 紅蓮|覇王 by own turn 1", "turn 2"]
    series = [Series("going first", [0.7, 0.99]), Series("going second", [0.73, 1.0])]
    lines = bar_lines(categories, series, columns=columns)
    assert all(display_width(line) <= columns for line in lines), lines
    assert sum("going first" in line for line in lines) == 2
    assert all("紅蓮" not in line or "█" not in line for line in lines) or columns >= 120


# In Japanese (issue 29) ----------------------------------------------------------------------------------------


def test_precision_notes_are_written_and_merged_in_japanese(japanese, command_line):
    from deckcheck.stats.answer import _precision_notes
    from deckcheck.stats.simulate import PRECISION_RULE, SimResult

    (first,) = _precision_notes(SimResult(242_500, 250_000, 1, stopped_early=True), 0.001, PRECISION_RULE)
    (second,) = _precision_notes(SimResult(485_000, 500_000, 1, stopped_early=True), 0.001, PRECISION_RULE)
    assert first == (
        "250,000回の試行で停止しました：95%信頼区間が±0.001以内です（停止規則はすべての確認時点で同時に95%を保つ信頼系列）"
    )
    rows = _rows(_simulated(250_000, 0.0005, first), _simulated(500_000, 0.0004, second))
    notes = _notes(rows, seed=4)
    assert notes[0] == "注記：シード 4 でシミュレーションしました（--seed 4 で再現できます）。±は95%信頼区間の半幅です"
    assert [note for note in notes if "停止しました" in note] == [
        "注記：250,000–500,000回の試行で停止しました：95%信頼区間が±0.001以内です（停止規則はすべての確認時点で同時に95%を保つ信頼系列）"
    ]


def test_precision_not_reached_is_merged_in_japanese(japanese, command_line):
    from deckcheck.stats.answer import _precision_notes
    from deckcheck.stats.simulate import SimResult

    capped = [
        _precision_notes(SimResult(successes, 20_000, 1, stopped_early=False), 0.0001, "rule")[0]
        for successes in (19_400, 10_000)
    ]
    notes = [note for note in _notes(_rows(*(_simulated(20_000, 0.002, note) for note in capped)), seed=None)]
    assert notes == [
        "注記：--precision 0.0001 に届きませんでした：先に試行回数の上限20,000回（--trials）に達し、95%信頼区間は"
        "最大±0.006929です。続けるには --trials を増やしてください"
    ]


def test_describe_and_an_unreached_turn_in_japanese(japanese):
    from deckcheck.stats.render import describe

    exact = Answer(0.971, "exact", 1, "first", "optimal")
    simulated = Answer(0.9, "simulate", 1, "first", "optimal", ci95=(0.89, 0.91))
    assert (describe(exact), describe(simulated), describe("lost")) == (
        "97.10% 厳密",
        "90.00% ±1.00 近似",
        "—（到達しない）",
    )
    assert _notes([TurnRow(5, {"first": exact, "second": "the deck is empty"})], seed=None) == [
        "注記：5ターン目・後攻：the deck is empty"
    ]
