"""Terminal styling without the CLI framework: ANSI escapes exactly as click.style (and so typer.style) writes them,
so that the library can colour a report that the command line then prints."""

from __future__ import annotations

_COLOURS = {"black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36, "white": 37}


def style(text: str, fg: str | None = None, bold: bool | None = None) -> str:
    """`text` in the named foreground colour and/or bold, then a reset (click.style's codes and order)."""
    codes = ""
    if fg is not None:
        codes += f"\033[{_COLOURS[fg]}m"
    if bold is not None:
        codes += f"\033[{1 if bold else 22}m"
    return f"{codes}{text}\033[0m"


def plain(text: str, **_: object) -> str:
    """The same call without styling (no terminal, NO_COLOR)."""
    return text
