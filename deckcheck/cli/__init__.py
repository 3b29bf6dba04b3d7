"""The command line: Typer declarations over deckcheck.commands; the only package that imports typer."""

from typing import Any

__all__ = ["main"]


def __getattr__(name: str) -> Any:
    """`deckcheck.cli.main`, the command line's entry point: imported when asked for, so that the program's start-up
    (deckcheck.cli.startup) can pause the garbage collector before Typer and the commands load."""
    if name == "main":
        from deckcheck.cli.app import main  # deferred: after the program's start-up (deckcheck/__main__.py)

        return main
    raise AttributeError(f"module 'deckcheck.cli' has no attribute {name!r}")
