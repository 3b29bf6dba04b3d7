"""Shell completion's answers (issue 42): game ids, the sections of a deck's game, and the numbers and names of its
cards. Typer calls these only when the shell asks (`deckcheck --install-completion`, then TAB), so a normal run never
imports what they import. They never fail: a deck that cannot be read, or any other problem, completes nothing.
"""

import importlib
from pathlib import Path
from typing import Any

#: At most this many card completions (a shell lists them all; the largest database has thousands).
MOST_CARDS = 50


def games(incomplete: str) -> list[str]:
    """The game ids that start with what is typed."""
    from deckcheck.games import all_games  # deferred: only a TAB pays for the registry

    return [game_id for game_id in all_games() if game_id.startswith(incomplete)]


def sections(ctx: Any, incomplete: str) -> list[str]:
    """The sections of the deck's game (the DECK argument already typed) that start with what is typed; every game's
    when the deck cannot be told (click leaves the arguments unparsed while an option's value is being typed)."""
    from deckcheck.games import all_games  # deferred: as above

    game = _deck_game(ctx)
    games = [game] if game is not None else list(all_games().values())
    found = dict.fromkeys(section for one in games for section in one.sections)
    return [section for section in found if section.startswith(incomplete)]


def cards(ctx: Any, param: Any, incomplete: str) -> list[Any]:
    """The cards of the deck's game whose number or name starts with what is typed, compared as the reader compares
    names (width, case and kana folded: `ぶらすたー` finds ブラスター・ブレード), each with its other half as help.
    A click `shell_complete` function, not a Typer `autocompletion` one: Typer keeps only answers that start with
    the typed text as it was typed, which would drop every kana- or width-folded match."""
    game = _deck_game(ctx)
    if game is None:
        return []
    try:
        completion_item = _completion_item()  # deferred: only a shell's TAB pays for it
        return [completion_item(value, help=other) for value, other in _cards_of(game.id, incomplete)]
    except Exception:  # noqa: BLE001 (a completion must never break the shell's line)
        return []


def _cards_of(game_id: str, incomplete: str) -> list[tuple[str, str]]:
    from deckcheck._util.searchkey import search_key  # deferred: only a TAB reads cards
    from deckcheck.checking.workspace import default_workspace

    db = default_workspace().carddb(game_id)
    typed = search_key(incomplete)
    prefix = incomplete.upper()
    found: list[tuple[str, str]] = []
    for name, numbers in db.numbers_by_name.items():  # names and numbers only: no card record is built
        found += [(number, name) for number in numbers if number.upper().startswith(prefix)]
        if typed and search_key(name).startswith(typed):
            found.append((name, numbers[0]))
        if len(found) >= MOST_CARDS:
            break
    return list(dict.fromkeys(found))[:MOST_CARDS]


def _completion_item() -> Any:
    """click's CompletionItem of the click Typer runs on: its own (typer 0.26 and later vendor click as typer._click
    and no longer install click), else click's. The contexts these functions get are of that click too, so they are
    typed Any rather than as one click's classes."""
    for module in ("typer._click.shell_completion", "click.shell_completion"):
        try:
            return importlib.import_module(module).CompletionItem
        except ImportError:
            continue
    raise ImportError("no click shell_completion module")


def _deck_game(ctx: Any) -> Any:
    """The game of the deck named by the command's DECK argument, else None."""
    path = ctx.params.get("path")
    if path is None:
        return None
    try:
        from deckcheck.checking.workspace import default_workspace  # deferred: as above

        return default_workspace().deck(Path(path)).game
    except Exception:  # noqa: BLE001 (an unreadable deck completes nothing)
        return None
