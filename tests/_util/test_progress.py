"""The progress bar of long work (issue 27): on a terminal only, after a delay, erased at the end."""

from __future__ import annotations

import io
import time

from deckcheck._util import progress
from deckcheck._util.progress import ProgressBar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_nothing_is_drawn_when_the_stream_is_no_terminal():
    stream = io.StringIO()
    clock = Clock()
    with ProgressBar(stream, clock=clock, delay=0, tick=None) as bar:
        clock.now += 5
        bar.update(1, 2, "going first, own turn 3")
        bar.tick()
    assert stream.getvalue() == "" and bar._thread is None


def test_the_bar_waits_for_the_delay_then_names_the_work_and_is_erased_at_the_end():
    stream, clock = Terminal(), Clock()
    bar = ProgressBar(stream, clock=clock, delay=1.0, tick=None, columns=lambda: 200)
    bar.update(1, 4, "going second, own turn 3 (question 2 of 4)")
    clock.now += 0.9
    bar.tick()
    assert stream.getvalue() == ""  # a fast answer prints nothing extra
    clock.now += 0.2
    bar.update(2, 4, detail="simulating 250,000 of 1,000,000 setups")
    drawn = stream.getvalue()
    assert drawn.startswith("\r\033[Kdeckcheck: going second, own turn 3 (question 2 of 4)  [")
    assert " 50%  1.1 s  simulating 250,000 of 1,000,000 setups" in drawn
    assert "[" + "#" * 12 + "-" * 12 + "]" in drawn
    bar.close()
    assert stream.getvalue() == drawn + "\r\033[K"  # erased: the terminal is left as it was
    clock.now += 5
    bar.update(3, 4)
    assert stream.getvalue() == drawn + "\r\033[K"  # nothing after the end


def test_redraws_are_spaced_and_the_line_fits_the_terminal():
    stream, clock = Terminal(), Clock()
    bar = ProgressBar(stream, clock=clock, delay=0, tick=None, columns=lambda: 40)
    bar.update(0, 10, "a label long enough to be cut at the terminal's width")
    bar.update(1, 10)  # the same instant: not drawn again
    assert stream.getvalue().count("\r\033[K") == 1
    line = stream.getvalue().removeprefix("\r\033[K")
    assert len(line) == 39 and line.endswith("…")  # the last column is left free (it would wrap)
    clock.now += progress.REDRAW + 0.01
    bar.update(2, 10)
    assert stream.getvalue().count("\r\033[K") == 2


def test_a_japanese_label_is_cut_by_terminal_columns_not_characters():
    from deckcheck._util.text import display_width

    stream, clock = Terminal(), Clock()
    bar = ProgressBar(stream, clock=clock, delay=0, tick=None, columns=lambda: 40)
    bar.update(0, 10, "drawing ロイヤルパラディンの勝率グラフ.svg")
    line = stream.getvalue().removeprefix("\r\033[K")
    assert display_width(line) <= 39 and line.endswith("…")  # it fits: a wrapped line is not redrawn in place


def test_paused_keeps_the_line_off_the_screen_while_other_output_is_written():
    stream, clock = Terminal(), Clock()
    bar = ProgressBar(stream, clock=clock, delay=0, tick=None, columns=lambda: 80)
    bar.update(1, 2, "dealing hands")
    with bar.paused():
        stream.write("a hand\n")
        clock.now += 1
        bar.tick()  # (not drawn: the background thread waits for the lock meanwhile, this one is told no)
    assert stream.getvalue().endswith("\r\033[Ka hand\n")
    bar.tick()
    assert stream.getvalue().split("a hand\n")[1].startswith("\r\033[Kdeckcheck: dealing hands")
    bar.close()


def test_the_background_thread_shows_a_long_step_without_updates():
    """One long step (an exact question of seconds) still shows the bar, and its time moving."""
    stream = Terminal()
    with ProgressBar(stream, delay=0.05, tick=0.01, columns=lambda: 80) as bar:
        bar.update(0, 1, "going first, own turn 4")
        time.sleep(0.3)
    text = stream.getvalue()
    assert text.count("deckcheck: going first, own turn 4") >= 2, text
    assert text.endswith("\r\033[K") and not bar._thread.is_alive()


def test_a_terminal_that_fails_ends_the_bar_quietly():
    class Gone(Terminal):
        def write(self, text: str) -> int:
            raise OSError(5, "Input/output error")

    bar = ProgressBar(Gone(), delay=0, tick=None)
    bar.update(1, 2, "x")
    bar.close()
    assert not bar.enabled


def test_the_time_spent_in_japanese(japanese):
    assert progress._elapsed(3.25) == "3.2秒"
    assert progress._elapsed(125) == "2分05秒"
