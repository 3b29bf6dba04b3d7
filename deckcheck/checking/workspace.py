"""Where a run's cards come from: a :class:`Workspace` holds the card databases and regulations it loads, once per
game, and frees them when it is dropped.

A command builds one at its edge (the CLI from `--carddb`) and gives it to every body it calls; a Python caller makes
one (``Workspace(carddb_dirs=[...])``), reuses it across many decks and drops it. The library's facade functions
(`deckcheck.load`, `deckcheck.check`, `report_deck` without one) share a few default workspaces, one per set of
folders (:func:`default_workspace`), so repeated calls stay fast.
"""

from __future__ import annotations

import os
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck import _i18n
from deckcheck._i18n import _
from deckcheck._util import notes
from deckcheck._util.safetext import one_line
from deckcheck.carddb.db import ENV_VAR, CardDB, layer_folders, load_layers, resolve_deck
from deckcheck.errors import DeckcheckError, mention
from deckcheck.games import get_game

if TYPE_CHECKING:
    from deckcheck.checking.regulations import RegulationSet
    from deckcheck.model.deck import Deck, DeckSource

#: A card database's cache key: the game, the resolved layer folders and the language its notes are said in.
_DBKey = tuple[str, tuple[Path, ...], str]


class Workspace:
    """The card databases and regulations of a run: each game's loaded on first use and kept until the workspace is
    dropped (or :meth:`forget` is called).

    `carddb_dirs` are the extra card database folders (`--carddb`), layered over the shipped data, the git root's
    `carddb/` and $DECKCHECK_CARDDB (deckcheck.carddb.db.carddb_layers), resolved on first use; `cwd` is where the git
    root is looked for (None: the current directory). A database is kept per game and language of its notes;
    regulations are read again when one of their files changes. `on_load`, if given, hears
    of every database loaded (the CLI freezes the garbage collector's view of it there: a library never does)."""

    def __init__(
        self,
        carddb_dirs: Iterable[str | Path] = (),
        *,
        cwd: Path | None = None,
        on_load: Callable[[CardDB], None] | None = None,
    ) -> None:
        self.carddb_dirs: tuple[str | Path, ...] = tuple(carddb_dirs)
        self.cwd = cwd
        self.on_load = on_load
        self._layers: tuple[Path, ...] | None = None
        self._carddbs: dict[_DBKey, CardDB] = {}
        self._regulations: dict[tuple[object, ...], RegulationSet] = {}

    def __repr__(self) -> str:
        return f"Workspace(carddb_dirs={self.carddb_dirs!r}, {len(self._carddbs)} databases loaded)"

    def layers(self) -> tuple[Path, ...]:
        """The resolved card database folders, in the order they apply, resolved on first use and kept; a
        `carddb_dirs` folder that does not exist is bad input (DeckcheckError)."""
        if self._layers is None:
            self._layers = tuple(layer_folders(self.carddb_dirs, self.cwd))
        return self._layers

    def carddb(self, game_id: str) -> CardDB:
        """The game's layered card database, loaded once (a broken one raises CardDatabaseError, every time)."""
        return self._carddb(game_id, self.layers())

    def _carddb(self, game_id: str, layers: tuple[Path, ...]) -> CardDB:
        key = (game_id, layers, _i18n.language())
        db = self._carddbs.get(key)
        if db is None:
            db = load_layers(game_id, layers)
            db.others = _others_of(self, layers)
            self._carddbs[key] = db
            if self.on_load is not None:
                self.on_load(db)
        return db

    def regulations(self, game_id: str) -> RegulationSet:
        """The game's layered regulations (a broken file raises RegulationError), read again when a file changes."""
        from deckcheck.checking.regulations import read_regulations, regulation_files  # deferred: regulations asked

        layers = self.layers()
        key = (game_id, layers, *regulation_files(game_id, layers), _i18n.language())
        found = self._regulations.get(key)
        if found is None:
            for old in [old for old in self._regulations if old[:2] == key[:2]]:
                del self._regulations[old]  # a file changed: the old reading is of no more use
            found = self._regulations[key] = read_regulations(game_id, layers)
        return found

    def deck(self, path: str | Path, game: str | None = None) -> Deck[Any]:
        """Read a deck file and look its cards up in its game's database. With `game` (`--game`), a plain-text deck is
        a list pasted from a blog of that game, read as `check --game` reads it (deckcheck.formats.pasted: what was
        guessed is in the deck's `source.pasted.notes`), and a TOML or JSON deck of another game a DeckcheckError."""
        from deckcheck.formats.read import parse_deck  # deferred: a deck is read (`cards search` reads none)

        if game is not None:
            game = get_game(game).id  # an unknown game stops before the file is read
            source = parse_deck(path, game=game)
            refuse_other_game(source, game)
        else:
            source = parse_deck(path)
        return resolve_deck(source, self.carddb(source.game_id))

    def forget(self) -> None:
        """Drop what was loaded (after card files were written): the next use loads afresh."""
        self._carddbs.clear()
        self._regulations.clear()


def refuse_other_game(source: DeckSource, game: str | None, *, checked: bool = False) -> None:
    """With `game` (`--game`), a deck of another game (a TOML or JSON deck that names its own) is a DeckcheckError
    (`checked`: `check`'s, which says to check it without the option; else to read it without)."""
    if game is not None and source.game_id != game:
        vowel = source.game_id[:1].lower() in "aeiou"
        if checked:
            said = (
                _("is an {found} deck, but {option} says {game}: check it without {option}")
                if vowel
                else _("is a {found} deck, but {option} says {game}: check it without {option}")
            )
        else:
            said = (
                _("is an {found} deck, but {option} says {game}: read it without {option}")
                if vowel
                else _("is a {found} deck, but {option} says {game}: read it without {option}")
            )
        reason = said.format(found=source.game_id, game=game, option=mention("game"))
        raise DeckcheckError(reason, path=source.path)


def say_reading(deck: Deck[Any]) -> None:
    """What reading a pasted list (`--game`) guessed or could not read, each a library note (the command line's
    stderr) naming its file, line and the rule `check` reports it under (`hand`, `stats`: a deck dealt or counted
    from a list read by half is never silent about it)."""
    if deck.source.pasted is None:
        return
    from deckcheck.checking.rules import PASTED_READING  # deferred: a pasted list only (`--game`)

    path = one_line(str(deck.path))
    for note in sorted(deck.source.pasted.notes, key=lambda note: note.line or 0):
        said = _("{path}:{line}: {message} ({rule})") if note.line else _("{path}: {message} ({rule})")
        notes.note(said.format(path=path, line=note.line, message=note.message, rule=PASTED_READING))


def _others_of(workspace: Workspace, layers: tuple[Path, ...]) -> Callable[[str], CardDB]:
    """How a database loads another game's database of the same folders (a deck naming another game's cards): from
    the workspace, which it must not keep alive (a weak reference: dropping the workspace frees every database)."""
    owner = weakref.ref(workspace)

    def other(game_id: str) -> CardDB:
        alive = owner()
        return alive._carddb(game_id, layers) if alive is not None else load_layers(game_id, layers)

    return other


#: How many default workspaces the facade keeps (one per set of `carddb_dirs`, the most recently used).
DEFAULT_WORKSPACES = 4
_defaults: OrderedDict[tuple[str, ...], Workspace] = OrderedDict()


def default_workspace(carddb_dirs: Iterable[str | Path] = ()) -> Workspace:
    """The workspace the facade functions use when given none: one per set of `carddb_dirs` (and current directory
    and $DECKCHECK_CARDDB, which choose the layers too), the last DEFAULT_WORKSPACES kept, so repeated
    `deckcheck.check` calls load each database once."""
    dirs = tuple(carddb_dirs)
    key = (*map(str, dirs), os.getcwd(), os.environ.get(ENV_VAR, ""))
    found = _defaults.get(key)
    if found is None:
        found = _defaults[key] = Workspace(dirs)
        while len(_defaults) > DEFAULT_WORKSPACES:
            _defaults.popitem(last=False)
    _defaults.move_to_end(key)
    return found


def forget_defaults() -> None:
    """Drop the default workspaces (and so every database the facade loaded)."""
    _defaults.clear()
