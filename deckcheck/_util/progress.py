"""A progress bar for long work, on stderr and only on a terminal (issue 27).

`check` shows click's bar over many deck files; `stats` and `hand --count` show this one, which the layers below the
CLI may use (typer and click are the CLI's alone) and which waits: nothing is drawn before the work has run for
:data:`DELAY` seconds, so a fast answer prints nothing extra. Once shown, the line is redrawn in place (``\\r``) at
most every :data:`REDRAW` seconds, with what is being computed, how far it has come and the time spent; a
background thread redraws it too, so that one long step (an exact question that takes seconds) still shows the
time moving. :meth:`ProgressBar.close` erases the line, leaving the terminal as it was.

Nothing is ever drawn when the stream is not a terminal (a pipe, a file, a CI log): piped and JSON output stay
byte for byte what they were.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from deckcheck._i18n import _
from deckcheck._util.text import display_width

#: Seconds of work before the bar first appears.
DELAY = 1.0
#: The least time between two drawings of the line.
REDRAW = 0.1
#: The cells of the bar itself (the line is cut to the terminal's width).
BAR_WIDTH = 24
#: How often the background thread looks whether the line is due to be redrawn.
TICK = 0.2


class ProgressBar:
    """One line of progress on `stream` (the process's stderr), drawn only when `stream` is a terminal.

    `update(done, total, label)` says how far the work has come (`done` of `total`, a float: the questions answered
    and the part of the current one) and what it is doing; `close()` ends it, erasing the line. Use it as a context
    manager. `clock` is for tests; `tick=None` runs no background thread (tests drive :meth:`tick` themselves)."""

    def __init__(
        self,
        stream: TextIO,
        *,
        delay: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        tick: float | None = TICK,
        columns: Callable[[], int] | None = None,
    ) -> None:
        self.stream = stream
        self.enabled = _is_terminal(stream)
        self.delay = DELAY if delay is None else delay  # (read now: tests shorten it)
        self.clock = clock
        self.started = clock()
        self.done = 0.0
        self.total = 0.0
        self.label = ""
        self.detail = ""
        self.drawn = False  # the line is on the screen now
        self.shown = False  # the line has been on the screen (the delay is over)
        self._last = float("-inf")
        self._paused = 0  # inside paused(): never drawn, even by this thread
        self._columns = columns or self._terminal_columns
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if self.enabled and tick is not None:
            self._thread = threading.Thread(target=self._ticking, args=(tick,), name="deckcheck-progress", daemon=True)
            self._thread.start()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def update(
        self, done: float, total: float, label: str | None = None, detail: str | None = None, *, now: bool = False
    ) -> None:
        """`done` of `total` (each a count, or a fraction of one), doing `label`, with `detail` after the bar.

        `now`: redraw at once (once the delay is over), not after REDRAW: the line was just erased for other output
        and would otherwise stay off the screen."""
        with self._lock:
            self.done, self.total = done, total
            if label is not None:
                self.label = label
            if detail is not None:
                self.detail = detail
            self._draw_if_due(force=now)

    def tick(self) -> None:
        """Redraw when due (the time spent moves even when nothing else does): the background thread's step."""
        with self._lock:
            self._draw_if_due(force=False)

    def clear(self) -> None:
        """Erase the line (it comes back at the next update or tick): before other output to the same terminal."""
        with self._lock:
            self._erase()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Erase the line and keep it off the screen while the block writes (a note on stderr, a hand on stdout)."""
        with self._lock:
            self._erase()
            self._paused += 1
            try:
                yield
            finally:
                self._paused -= 1

    def close(self) -> None:
        """End the bar: stop the background thread and erase the line."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()
        with self._lock:
            self._erase()
            self.enabled = False

    def line(self, columns: int) -> str:
        """The line as drawn, at most `columns - 1` characters (the last column would wrap on some terminals)."""
        fraction = min(max(self.done / self.total, 0.0), 1.0) if self.total > 0 else 0.0
        filled = round(fraction * BAR_WIDTH)
        bar = f"[{'#' * filled}{'-' * (BAR_WIDTH - filled)}] {fraction * 100:3.0f}%"
        parts = [part for part in (self.label, bar, _elapsed(self.clock() - self.started), self.detail) if part]
        text = "deckcheck: " + "  ".join(parts)
        limit = max(columns - 1, 10)
        if display_width(text) <= limit:
            return text
        # by terminal columns: a Japanese name takes two each, and a line that wraps is not redrawn in place
        while text and display_width(text) > limit - 1:
            text = text[:-1]
        return text + "…"

    def _draw_if_due(self, *, force: bool) -> None:
        if not self.enabled or self._paused:
            return
        now = self.clock()
        if now - self.started < self.delay or (not force and now - self._last < REDRAW):  # (REDRAW read now too)
            return
        self._write(f"\r\033[K{self.line(self._columns())}")
        self._last = now
        self.drawn = self.shown = True

    def _erase(self) -> None:
        if self.drawn:
            self._write("\r\033[K")
            self.drawn = False

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a terminal gone (closed, hung up): no bar, and no crash for it
            self.enabled = False
            self.drawn = False

    def _terminal_columns(self) -> int:
        """The width of the terminal the stream writes to (stdout may be a file meanwhile), else $COLUMNS or 80."""
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = 0
        return columns or shutil.get_terminal_size((80, 24)).columns  # (a new pseudo-terminal may say 0 columns)

    def _ticking(self, every: float) -> None:
        while not self._stop.wait(every):
            self.tick()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


def _elapsed(seconds: float) -> str:
    seconds = max(seconds, 0.0)
    if seconds < 60:
        return _("{seconds} s").format(seconds=f"{seconds:.1f}")
    return _("{minutes} min {seconds} s").format(minutes=int(seconds // 60), seconds=f"{int(seconds % 60):02d}")
