"""Finding the deck files under the paths given to `check` (folders walked, other files left alone)."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections import deque
from collections.abc import Iterable, Iterator
from pathlib import Path

import tomli

from deckcheck._i18n import _
from deckcheck._util import files as _files
from deckcheck._util.files import STDIN, STDIN_SHOWN, Decoded, decode_text, read_stdin
from deckcheck.errors import DeckcheckError, os_reason

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
    paths: Iterable[str | Path],
    texts: dict[str, Decoded] | None = None,
    notes: list[str] | None = None,
    *,
    include: Iterable[str] = (),
    exclude: Iterable[str] = (),
) -> tuple[list[str], list[DeckcheckError]]:
    """Deck files under the given files and folders, as given and in path order, each once (a file given twice, or
    reached through two given folders or a link, is checked once). A missing path, a link loop, an unreadable
    folder, a folder too deep are errors; the rest is still found. A link to a folder outside the folder given is
    not followed, said in `notes` (see _Walk). The texts read to recognise decks are kept in `texts`.

    `include` and `exclude` are globs (see :class:`PathFilter`) for the folder search: it skips the files and
    folders `exclude` matches and, when `include` has any, the decks it does not match. A file given is always
    checked."""
    chosen = PathFilter(include, exclude)
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
            walk = _Walk(texts, errors, notes, chosen)
            found = sorted(walk.decks(shown), key=_path_order)
            if not found and not walk.failed:
                errors.append(
                    DeckcheckError(
                        _(
                            "no decks found under this folder (looked for *.deck.toml, *.toml with a `game` key, "
                            "*.json decks and *.txt decklists with a 'game:' line)"
                        ),
                        path=shown,
                    )
                )
            for path in found:
                add(path)
        else:
            errors.append(DeckcheckError(kind, path=shown))
    return files, errors


def _kind(path: str) -> str:
    """'file', 'folder', or why the path cannot be checked (in the chosen language)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return (
            _("is a broken link (its target does not exist)") if os.path.islink(path) else _("no such file or folder")
        )
    except OSError as error:
        if error.errno == errno.ELOOP:
            return _("is a symbolic link loop")
        return _("cannot be read ({reason})").format(reason=os_reason(error))
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISREG(mode):
        return "file"
    return _("is not a regular file (a FIFO, socket or device is not read)")


def _path_order(path: str) -> list[str]:
    return os.path.normpath(path).split(os.sep)  # the order of sorted(paths), without Path objects


#: How many folders below a given folder its search goes: a deeper folder is reported (exit 2), not entered. Deck
#: folders are a few levels deep; a tree of a thousand levels is a trap (or a mistake), not a deck collection.
MAX_DEPTH = 100


class _Walk:
    """One given folder, walked: the deck files under it, and a problem for each path that could not be walked.

    The walk keeps its own list of folders to visit (no recursion, however deep the tree) and enters each real folder
    once (by device and inode), so that links between folders, however many, cost one visit per folder. The folders
    themselves are walked first and those reached only through a link afterwards, so a deck is shown at its own path.
    A link to a folder above it is a loop (reported), and a link to a folder outside the given folder is not followed
    (a note: give that folder on the command line to check its decks); a folder more than MAX_DEPTH levels down is
    reported and not entered."""

    def __init__(
        self,
        texts: dict[str, Decoded] | None,
        errors: list[DeckcheckError],
        notes: list[str] | None = None,
        chosen: PathFilter | None = None,
    ) -> None:
        self.texts, self.errors, self.failed = texts, errors, False
        self.notes = notes if notes is not None else []
        self.chosen = chosen if chosen is not None and chosen.active else None
        self.top = ""

    def problem(self, reason: str, path: str) -> None:
        self.failed = True
        self.errors.append(DeckcheckError(reason, path=path))

    def decks(self, top: str) -> Iterator[str]:
        inside = os.path.join(os.path.realpath(top), "")  # a path below the given folder starts so
        self.top = top
        visited: set[tuple[int, int]] = set()
        folders: list[tuple[str, int]] = [(top, 0)]  # (path, levels below `top`), the last one walked next
        linked: deque[tuple[str, int]] = deque()  # folders reached through a link: walked once the others are
        while folders or linked:
            if folders:
                folder, depth = folders.pop()
            else:
                folder, depth = linked.popleft()
                if not self._may_follow(folder, top, inside):
                    continue
            try:
                info = os.stat(folder)
            except OSError as error:
                self.problem(_folder_unreadable(error), folder)
                continue
            if (here := (info.st_dev, info.st_ino)) in visited:
                continue  # walked already (through another link, or as itself): its decks are found once
            visited.add(here)
            if depth > MAX_DEPTH:
                self.problem(
                    _(
                        "is more than {depth} folders below {top}, deeper than folder search goes; its decks were not "
                        "checked (give a folder nearer to them)"
                    ).format(depth=MAX_DEPTH, top=top),
                    folder,
                )
                continue
            try:
                with os.scandir(folder) as listing:
                    children = sorted(listing, key=_name)  # problems and notes in the same order on every run
            except OSError as error:
                self.problem(_folder_unreadable(error), folder)
                continue
            yield from self._files(folder, depth, children, folders, linked)

    def _files(
        self,
        folder: str,
        depth: int,
        children: list[os.DirEntry[str]],
        folders: list[tuple[str, int]],
        linked: deque[tuple[str, int]],
    ) -> Iterator[str]:
        for child in children:
            if child.name.startswith(".") or child.name in _SKIPPED_FOLDERS:
                continue
            path = os.path.join(folder, child.name)
            if self.chosen is not None and self.chosen.excluded(path):
                continue
            try:
                is_dir = child.is_dir()  # the listing already says which child is a folder: no stat
                is_file = not is_dir and child.is_file()
            except OSError:  # a link loop, a vanished file, a permission problem: said for this path
                self.problem(_kind(path), path)
                continue
            if is_dir:
                if child.is_symlink():
                    linked.append((path, depth + 1))
                else:
                    folders.append((path, depth + 1))
            elif is_file:
                if self.chosen is not None and not self.chosen.included(path, self.top):
                    continue
                if is_deck_file(path, self.texts):
                    yield path
            elif child.is_symlink() and child.name.lower().endswith(_DECK_SUFFIXES):
                self.problem(_kind(path), path)  # a broken link or a loop where a deck should be
            elif child.name.lower().endswith((".deck.toml", ".deck.json")):
                self.problem(_kind(path), path)  # a FIFO, socket or device named as a deck: not read (it may block)

    def _may_follow(self, link: str, top: str, inside: str) -> bool:
        """Whether to walk the folder a link leads to: not when it leads back above the link (a loop), nor when it
        leads out of the given folder `top` (`inside`: its real path and a separator)."""
        target = os.path.join(os.path.realpath(link), "")
        if os.path.join(os.path.realpath(os.path.dirname(link)), "").startswith(target):
            self.problem(_("is a symbolic link loop (it leads back to a folder above it); not followed"), link)
            return False
        if not target.startswith(inside):
            self.notes.append(
                _(
                    "{link}: a link to a folder outside {top} ({target}); not followed (folder search stays inside "
                    "the folder given: give that folder on the command line to check its decks)"
                ).format(link=link, top=top, target=target[:-1] or os.sep)
            )
            return False
        return True


def _folder_unreadable(error: OSError) -> str:
    return _("folder cannot be read ({reason}); its decks were not checked").format(reason=os_reason(error))


def _name(entry: os.DirEntry[str]) -> str:
    return entry.name


def folder_finds(path: str | Path) -> bool:
    """Whether a walk of its folder can find this file as a deck by its name (is_deck_file's suffixes): a deck
    named otherwise is checked only when named itself."""
    return os.path.basename(path).lower().endswith(_DECK_SUFFIXES)


def findable_name(path: str | Path) -> Path:
    """The name `deckcheck new` suggests for a TOML deck that folder search would not find: `n3` → `n3.deck.toml`."""
    path = Path(path)
    return path.with_name(path.name + (".toml" if path.name.lower().endswith(".deck") else ".deck.toml"))


class PathFilter:
    """The include and exclude globs of a folder search (`check`'s --include and --exclude, the configuration
    file's `include` and `exclude`). A glob without a `/` matches a file's or folder's name at any depth
    (`*.draft.toml`, `old`); one with a `/` matches a whole path, absolute (the caller anchors a relative one at its
    folder). `*` and `?` stay within one name, `[...]` is a character class, and `**` spans any number of folders
    (`/repo/decks/**/draft-*`). A file is included when it, or a folder above it up to the folder searched, matches
    an include glob."""

    def __init__(self, include: Iterable[str] = (), exclude: Iterable[str] = ()) -> None:
        self.include = [_compiled_glob(pattern) for pattern in include]
        self.exclude = [_compiled_glob(pattern) for pattern in exclude]
        self.active = bool(self.include or self.exclude)

    def excluded(self, path: str) -> bool:
        return bool(self.exclude) and _matches(self.exclude, path)

    def included(self, path: str, top: str) -> bool:
        if not self.include:
            return True
        full, stop = _slashed(os.path.abspath(path)), _slashed(os.path.abspath(top))
        while True:
            if _matches(self.include, full, absolute=True):
                return True
            if full == stop or "/" not in full.strip("/"):
                return False
            full = full.rsplit("/", 1)[0] or "/"


def _slashed(path: str) -> str:
    return path.replace(os.sep, "/") if os.sep != "/" else path


def _matches(globs: list[tuple[bool, re.Pattern[str]]], path: str, absolute: bool = False) -> bool:
    full = path if absolute else _slashed(os.path.abspath(path))
    name = full.rsplit("/", 1)[-1]
    return any(pattern.fullmatch(full if anchored else name) for anchored, pattern in globs)


def _compiled_glob(pattern: str) -> tuple[bool, re.Pattern[str]]:
    """(whether the glob is a path, its regular expression)."""
    pattern = _slashed(pattern)
    try:
        return _compile_glob(pattern)
    except re.error:  # a character class no regular expression takes: the glob as its own characters
        return "/" in pattern, re.compile(re.escape(pattern))


def _compile_glob(pattern: str) -> tuple[bool, re.Pattern[str]]:
    if "/" not in pattern:
        return False, re.compile(_glob_part(pattern))
    parts = pattern.split("/")
    regex = ""
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if part == "**":
            regex += ".*" if last else "(?:[^/]*/)*"
        else:
            regex += _glob_part(part) + ("" if last else "/")
    return True, re.compile(regex)


def _glob_part(part: str) -> str:
    """One name's glob as a regular expression: `*`, `?` and `[...]` within the name."""
    out, index = [], 0
    while index < len(part):
        char = part[index]
        index += 1
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[" and (end := part.find("]", index + 1 if part[index : index + 1] in ("!", "]") else index)) > 0:
            inside = part[index:end]
            index = end + 1
            if inside.startswith("!"):
                inside = "^" + inside[1:]
            out.append("[" + inside.replace("\\", "\\\\").replace("/", "") + "]")
        else:
            out.append(re.escape(char))
    return "".join(out)
