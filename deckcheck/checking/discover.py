"""Finding the deck files under the paths given to `check` (folders walked, other files left alone)."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path

import tomli

from deckcheck._util.files import read_text
from deckcheck.errors import DeckcheckError

_TEXT_GAME_LINE = re.compile(r"^\s*game\s*:", re.MULTILINE)
_SKIPPED_FOLDERS = {"carddb", "node_modules", "__pycache__"}
_DECK_SUFFIXES = (".toml", ".txt", ".json")


def is_deck_file(path: str | Path, texts: dict[str, str] | None = None) -> bool:
    """Whether a file met while walking a folder is a deck (contract, "Checking"). A text read to decide is kept
    in `texts` (when given), so the deck is not read twice. A file that cannot be read is said to be one, so that
    checking it reports why (never skipped silently)."""
    name = os.path.basename(path).lower()
    if name.endswith((".deck.toml", ".deck.json")):
        return True
    if not name.endswith(_DECK_SUFFIXES):
        return False
    try:
        text = read_text(Path(path))
    except DeckcheckError as error:
        if "cannot be read" in error.reason:
            return True
        return not name.endswith(".txt") and _mentions_game(path)  # a binary or non-UTF-8 .txt is not a deck
    try:
        found = _has_game(name, text)
    except Exception:  # a broken file among decks (any parser error) is reported, not silently skipped
        found = "game" in text[:4096]
    if found and texts is not None:
        texts[os.fspath(path)] = text
    return found


def _mentions_game(path: str | Path) -> bool:
    try:
        with open(path, "rb") as file:
            return b"game" in file.read(4096)
    except OSError:
        return True


def _has_game(name: str, text: str) -> bool:
    if name.endswith(".txt"):
        return bool(_TEXT_GAME_LINE.search(text))
    if name.endswith(".json"):
        import json  # deferred: a JSON file whose name does not say it is a deck

        data = json.loads(text)
        return isinstance(data, dict) and "game" in data
    return "game" in tomli.loads(text)


def find_deck_files(
    paths: Iterable[str | Path], texts: dict[str, str] | None = None
) -> tuple[list[str], list[DeckcheckError]]:
    """Deck files under the given files and folders, as given and in path order, each once (a file given twice, or
    reached through two given folders or a link, is checked once). A missing path, a link loop, an unreadable
    folder are errors; the rest is still found. The texts read to recognise decks are kept in `texts`."""
    files: list[str] = []
    errors: list[DeckcheckError] = []
    seen: set[str] = set()  # real paths of the decks found

    def add(shown: str) -> None:
        real = os.path.realpath(shown)
        if real not in seen:
            seen.add(real)
            files.append(shown)

    for given in paths:
        shown = os.fspath(given)
        kind = _kind(shown)
        if kind == "file":
            add(shown)
        elif kind == "folder":
            walk = _Walk(texts, errors)
            found = sorted(walk.decks(shown), key=_path_order)
            if not found and not walk.failed:
                errors.append(
                    DeckcheckError(
                        "no decks found under this folder (looked for *.deck.toml, *.toml with a `game` key, "
                        "*.json decks and *.txt decklists with a 'game:' line)",
                        path=shown,
                    )
                )
            for path in found:
                add(path)
        else:
            errors.append(DeckcheckError(kind, path=shown))
    return files, errors


def _kind(path: str) -> str:
    """'file', 'folder', or why the path cannot be checked."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "is a broken link (its target does not exist)" if os.path.islink(path) else "no such file or folder"
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "is a symbolic link loop"
        return f"cannot be read ({error.strerror})"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISREG(mode):
        return "file"
    return "is not a regular file (a FIFO, socket or device is not read)"


def _path_order(path: str) -> list[str]:
    return os.path.normpath(path).split(os.sep)  # the order of sorted(paths), without Path objects


class _Walk:
    """One given folder, walked: the deck files under it, and a problem for each path that could not be walked."""

    def __init__(self, texts: dict[str, str] | None, errors: list[DeckcheckError]) -> None:
        self.texts, self.errors, self.failed = texts, errors, False

    def problem(self, reason: str, path: str) -> None:
        self.failed = True
        self.errors.append(DeckcheckError(reason, path=path))

    def decks(self, folder: str, ancestors: tuple[tuple[int, int], ...] = ()) -> Iterable[str]:
        try:
            info = os.stat(folder)
            children = list(os.scandir(folder))
        except OSError as error:
            self.problem(f"folder cannot be read ({error.strerror}); its decks were not checked", folder)
            return
        here = (info.st_dev, info.st_ino)
        if here in ancestors:  # a link back to a folder above it: walking on would never end
            self.problem("is a symbolic link loop (it leads back to a folder above it); not followed", folder)
            return
        for child in children:
            if child.name.startswith(".") or child.name in _SKIPPED_FOLDERS:
                continue
            path = os.path.join(folder, child.name)
            try:
                is_dir = child.is_dir()  # the listing already says which child is a folder: no stat
                is_file = not is_dir and child.is_file()
            except OSError:  # a link loop, a vanished file, a permission problem: said for this path
                self.problem(_kind(path), path)
                continue
            if is_dir:
                yield from self.decks(path, (*ancestors, here))
            elif is_file:
                if is_deck_file(path, self.texts):
                    yield path
            elif child.is_symlink() and child.name.lower().endswith(_DECK_SUFFIXES):
                self.problem(_kind(path), path)  # a broken link or a loop where a deck should be
            elif child.name.lower().endswith((".deck.toml", ".deck.json")):
                self.problem(_kind(path), path)  # a FIFO, socket or device named as a deck: not read (it may block)


def folder_finds(path: str | Path) -> bool:
    """Whether a walk of its folder can find this file as a deck by its name (is_deck_file's suffixes): a deck
    named otherwise is checked only when named itself."""
    return os.path.basename(path).lower().endswith(_DECK_SUFFIXES)


def findable_name(path: str | Path) -> Path:
    """The name `deckcheck new` suggests for a TOML deck that folder search would not find: `n3` → `n3.deck.toml`."""
    path = Path(path)
    return path.with_name(path.name + (".toml" if path.name.lower().endswith(".deck") else ".deck.toml"))
