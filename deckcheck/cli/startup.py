"""The command line's start-up, in one place: what the `deckcheck` program does with Python's garbage collector.

A run is short and its start-up (Typer, our modules) allocates tens of thousands of objects that live to the end:
collecting garbage among them is wasted time (~5 ms of a ~80 ms check). So the program pauses the collector while it
starts (:func:`pause`, called by deckcheck/__main__.py before anything else loads), and switches it back on, with
those objects frozen out of its sight, when the command starts its work (:func:`resume`); a card database the run
loads is frozen too once loaded (:func:`loaded`, the hook the command line's workspaces call), for the same reason.
These are a program's choices: the library never makes them (a host that imports deckcheck keeps its collector as it
set it), nor does the command line run inside another program (Typer's CliRunner), unless asked to by
`deckcheck.cli.app.main(resume_gc=True)`."""

from __future__ import annotations

import gc
from typing import Any

_paused = False  # the collector was paused for the start-up and is not yet back on
_program = False  # this process is the deckcheck program (its start-up paused the collector)


def pause() -> None:
    """The program starts (deckcheck/__main__.py): no collection while its modules load."""
    gc.disable()


def begin(resume_gc: bool) -> None:
    """The command line starts: `resume_gc` says its caller paused the collector for the start-up (main)."""
    global _paused, _program
    _paused = _program = resume_gc


def resume() -> None:
    """Switch the collector back on after a paused start-up, the start-up's objects frozen (never scanned again:
    they live as long as the process)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()


def loaded(_db: Any) -> None:
    """A card database was loaded: in the program, frozen with everything alive so far (it lives until the process
    ends, yet every full collection, the one at exit included, would scan its objects)."""
    if _program:
        gc.freeze()
