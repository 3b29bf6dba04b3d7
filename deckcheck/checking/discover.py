"""Finding the deck files under the paths given to `check` (folders walked, other files left alone)."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path

import tomli

from deckcheck._util import files as _files
from deckcheck._util.files import STDIN, STDIN_SHOWN, Decoded, decode_text, read_stdin
from deckcheck.errors import DeckcheckError

# A text decklist's game line as its reader takes it (deckcheck.formats.text.HEADER_LINE): any case, either colon.
_TEXT_GAME_LINE = re.compile(r"^[ \t]*game[ \t]*[:：]", re.MULTILINE | re.IGNORECASE)
# The same in bytes a reader could not decode: "game" and a colon (ASCII, UTF-8's or Shift_JIS's full-width one).
_GAME_BYTES = re.compile(rb"(?i)game\s*(?::|\xef\xbc\x9a|\x81\x46)")
_SKIPPED_FOLDERS = {"carddb", "node_modules", "__pycache__"}
_DECK_SUFFIXES = (".toml", ".txt", ".json")


def is_deck_file(path: str | Path, texts: dict[str, Decoded] | None = None) -> bool:
    """Whether a file met while walking a folder is a deck: one that `check FILE` would read as a deck, whatever
    its encoding (contract, "Checking"). A text read to decide is kept in `texts` (when given), so the deck is not
    read twice. A file that cannot be read, or that looks like a deck but has lines no encoding reads, is said to be
    one, so that checking it reports why (never skipped silently)."""
    name = os.path.basename(path).lower()
    if name.endswith((".deck.toml", ".deck.json")):
        return True
    if not name.endswith(_DECK_SUFFIXES):
        return False
    try:
        data = _files.read_input(Path(path))  # (looked up here: tests make it fail)
    except OSError:
        return True  # checking it says why it cannot be read
    except DeckcheckError:  # larger than any deck: one only if it says so
        return not name.endswith(".txt") and _mentions_game(path)
    decoded = decode_text(data)
    try:
        found = _has_game(name, decoded.text)
    except Exception:  # a broken file among decks (any parser error) is reported, not silently skipped
        found = "game" in decoded.text[:4096]
    if not found and decoded.bad_lines:  # the game line may be among the lines no encoding reads
        found = _GAME_BYTES.search(data) is not None
    if found and texts is not None:
        texts[os.fspath(path)] = decoded
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
    paths: Iterable[str | Path], texts: dict[str, Decoded] | None = None
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
        if shown == STDIN:  # the deck on standard input: read once, however often `-` is given
            if STDIN_SHOWN not in files:
                try:
                    decoded = read_stdin()
                except DeckcheckError as error:
                    errors.append(error)
                    continue
                files.append(STDIN_SHOWN)
                if texts is not None:
                    texts[STDIN_SHOWN] = decoded
            continue
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

    def __init__(self, texts: dict[str, Decoded] | None, errors: list[DeckcheckError]) -> None:
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
