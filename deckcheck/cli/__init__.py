"""The command line: Typer declarations over deckcheck.commands; the only package that imports typer."""

from deckcheck.cli.startup import main

__all__ = ["main"]
