"""Atomic writes, and the lock that serialises edits of one file.

A write goes to a temporary file beside the target, flushed to disk, then renamed over it: a reader (or a crash)
sees either the old file or the new one, never half of one, and a failed write leaves no stray temporary file. The
new file keeps the mode of the file it replaces (a new file: 0o666 less the umask, not mkstemp's 0o600), and its owner
and group where the process may give them (root: both; another user: the group, if it is one of theirs; what it
cannot keep is said on stderr, since the file's owner may then find it read-only). Failures
are :class:`DeckcheckError` naming the path, so the CLI exits 2.

What is at the path decides how it is written:

- a descriptor of this process (``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``, ``/proc/self/fd/N``): written
  into the open descriptor itself, at its offset and in its mode, so ``>> log``, ``{ ...; } > f`` and a pipe get the
  text where the shell put them (resolving the link and renaming over what it names would replace the log, or fail
  on a pipe); another process's ``/proc/PID/fd/N`` is opened for appending;
- a symbolic link: its target is written (the temporary file beside the target), the link stays a link;
- a character device or a FIFO (``/dev/null``, a named pipe): opened and written, as a shell's ``>`` would;
  renaming over it would replace the device itself;
- a folder, a socket or a block device: refused, nothing written.

A write of deckcheck's own file (the card database cache, ``own_file=True``) never follows a link nor opens a special
file: whatever is at the path is replaced, so a link planted in a shared cache folder cannot redirect the write.

Temporary files are named ``.<name>.<random>.deckcheck-tmp``. A process killed between creating one and renaming it
leaves it behind; the next write of the same target removes such leftovers of ours once they are old enough that no
running write can still own them.

:func:`edit_lock` makes read-modify-write of a user's file safe against other deckcheck processes doing the same
(two `deckcheck add` on one deck): it holds ``flock`` on the file itself, so no lock file is left anywhere.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from deckcheck._i18n import _
from deckcheck._util import notes
from deckcheck.errors import DeckcheckError, os_reason

try:
    import fcntl
    import grp
    import pwd
except ImportError:  # pragma: no cover - Windows: edits are not serialised there, and files have no owner to keep
    fcntl = grp = pwd = None  # type: ignore[assignment]

TEMP_SUFFIX = ".deckcheck-tmp"
STALE_TEMP_SECONDS = 15 * 60  # far longer than any write takes: an older temporary file of ours is a leftover
LOCK_TIMEOUT_ENV = "DECKCHECK_LOCK_TIMEOUT"
DEFAULT_LOCK_TIMEOUT = 10.0  # seconds a command waits for another one editing the same file

_TEMP_RANDOM = re.compile(r"[a-z0-9_]{8}")  # what tempfile.mkstemp puts between prefix and suffix
# A descriptor's path once its folder is resolved: /proc/self/fd/N, /dev/fd/N (-> /proc/PID/fd/N), a thread's.
_DESCRIPTOR_PATH = re.compile(r"/proc/(\d+)(?:/task/\d+)?/fd/(\d+)")
_MAX_LINKS = 40  # as the kernel's limit on the links one path may pass through
_SPECIAL_KINDS = {
    stat.S_IFSOCK: "socket",
    stat.S_IFBLK: "block device",
}


def atomic_write(path: str | Path, text: str, *, field: str | None = None, exclusive: bool = False) -> None:
    """Write `text` to `path` as UTF-8 with '\\n' line ends, atomically (`exclusive`: only if nothing is there)."""
    data = text.encode("utf-8")
    atomic_write_with(Path(path), lambda handle: handle.write(data), field=field, exclusive=exclusive)


def atomic_write_with(
    target: Path,
    write: Callable[[BinaryIO], object],
    *,
    field: str | None = None,
    own_file: bool = False,
    exclusive: bool = False,
) -> None:
    """Call `write` on a temporary binary file in the target's folder, then replace the target in one step (see
    the module doc for links and special files; `exclusive`: refuse if anything is at the path, even at the last
    moment)."""
    target = Path(target)
    if not own_file:
        opened = _descriptor_of(target)
        if opened is not None:
            _write_descriptor(opened, target, write, field)
            return
        target = _through_links(target, field)
        if _opened_not_renamed(target, field):
            _write_into(target, write, field)
            return
    if target.is_dir():
        raise DeckcheckError(_("cannot write: it is a folder"), path=target, field=field)
    if target.exists() and not os.access(target, os.W_OK):
        raise DeckcheckError(_("cannot write: the file is read-only"), path=target, field=field)
    folder = target.parent
    try:
        descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=TEMP_SUFFIX)
    except OSError as error:
        raise DeckcheckError(_cannot_write(_reason(error)), path=target, field=field) from error
    try:
        with os.fdopen(descriptor, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        if not own_file:  # deckcheck's own file stays the process's: one planted by another user is not theirs to keep
            _keep_owner(temporary, target)
        os.chmod(temporary, _new_file_mode(target))  # after chown, which may clear set-id bits
        if exclusive:
            _link_new(temporary, target, field)
        else:
            os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise DeckcheckError(_cannot_write(_reason(error)), path=target, field=field) from error
        raise
    remove_stale_temporaries(target)


def _descriptor_of(target: Path) -> tuple[int, int] | None:
    """(pid, descriptor) when `target`, or a link it leads through, is a descriptor's path (/dev/stdout, /dev/fd/N,
    /proc/PID/fd/N); None otherwise. The chain is followed link by link, since resolving /proc/PID/fd/N itself gives
    the file it has open (a log, `pipe:[...]`), not the descriptor."""
    current = os.path.abspath(target)
    for _step in range(_MAX_LINKS):
        folder, name = os.path.split(current)
        current = os.path.join(os.path.realpath(folder), name)
        found = _DESCRIPTOR_PATH.fullmatch(current)
        if found is not None:
            return int(found.group(1)), int(found.group(2))
        if not os.path.islink(current):
            return None
        try:
            current = os.path.join(os.path.dirname(current), os.readlink(current))
        except OSError:
            return None
    return None


def writes_stdout(target: Path) -> bool:
    """True when a write of `target` goes into this process's standard output (/dev/stdout, /dev/fd/1, ...): a
    command then says what it wrote on stderr, so that the output stays the file alone."""
    return _descriptor_of(target) == (os.getpid(), 1)


def _write_descriptor(
    found: tuple[int, int], target: Path, write: Callable[[BinaryIO], object], field: str | None
) -> None:
    """Write into an open descriptor: this process's own (a duplicate of it, so that the text goes where the shell's
    redirection put it, appended or at its offset), or another process's, opened for appending (never truncated)."""
    pid, number = found
    try:
        if pid == os.getpid():
            for stream in (sys.stdout, sys.stderr):  # what was printed before comes before the file
                with contextlib.suppress(Exception):
                    stream.flush()
            descriptor = os.dup(number)
        else:
            descriptor = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
            os.set_blocking(descriptor, True)
        with os.fdopen(descriptor, "wb") as handle:
            write(handle)
    except OSError as error:
        reason = _("the descriptor is not open") if error.errno == errno.EBADF else _reason(error)
        raise DeckcheckError(_cannot_write(reason), path=target, field=field) from error


def _keep_owner(temporary: str, target: Path) -> None:
    """Give the new file the owner and group of the file it replaces, as far as this process may (chown to another
    user needs root; a group of one's own is allowed); say on stderr what could not be kept."""
    try:
        old = os.stat(target)
        new = os.stat(temporary)
    except OSError:
        return  # a new file: the process's own
    if (old.st_uid, old.st_gid) == (new.st_uid, new.st_gid):
        return
    try:
        os.chown(temporary, old.st_uid, old.st_gid)
        return
    except OSError:
        pass
    kept_group = old.st_gid == new.st_gid
    if not kept_group:
        with contextlib.suppress(OSError):
            os.chown(temporary, -1, old.st_gid)
            kept_group = True
    owner = old.st_uid != new.st_uid
    if owner and not kept_group:
        lost = _("owner {user} and group {group}").format(user=_user(old.st_uid), group=_group(old.st_gid))
    elif owner:
        lost = _("owner {user}").format(user=_user(old.st_uid))
    elif not kept_group:
        lost = _("group {group}").format(group=_group(old.st_gid))
    else:
        return
    notes.note(
        _(
            "{path}: the rewritten file is yours, not {lost} as before (only root may give a file to another user); "
            "that user may now be unable to change it"
        ).format(path=target, lost=lost)
    )


def _user(uid: int) -> str:
    try:
        return f"{pwd.getpwuid(uid).pw_name} ({uid})"
    except (AttributeError, KeyError):  # no pwd (Windows), or no name for the id
        return str(uid)


def _group(gid: int) -> str:
    try:
        return f"{grp.getgrgid(gid).gr_name} ({gid})"
    except (AttributeError, KeyError):
        return str(gid)


def _through_links(target: Path, field: str | None) -> Path:
    """The file a write of `target` must change: a symbolic link's final target (kept as given otherwise)."""
    if not os.path.islink(target):
        return target
    resolved = Path(os.path.realpath(target))
    if os.path.islink(resolved):  # realpath stops at a loop
        raise DeckcheckError(_("cannot write: the symbolic link loops back on itself"), path=target, field=field)
    return resolved


def _opened_not_renamed(target: Path, field: str | None) -> bool:
    """True for a character device or a FIFO (written by opening it); a socket or block device is refused."""
    try:
        mode = os.lstat(target).st_mode
    except OSError:
        return False  # nothing there (or not reachable): the rename path reports what is wrong
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return True
    kind = _SPECIAL_KINDS.get(stat.S_IFMT(mode))
    if kind is not None:
        said = (
            _("cannot write: it is a socket, not a regular file; nothing written")
            if kind == "socket"
            else _("cannot write: it is a block device, not a regular file; nothing written")
        )
        raise DeckcheckError(said, path=target, field=field)
    return False


def _write_into(target: Path, write: Callable[[BinaryIO], object], field: str | None) -> None:
    """Write to a device or FIFO through the file itself (a FIFO waits for its reader, as the shell's `>` does)."""
    try:
        with open(target, "wb", buffering=0) as handle:
            write(handle)
    except OSError as error:
        raise DeckcheckError(_cannot_write(_reason(error)), path=target, field=field) from error


def _link_new(temporary: str, target: Path, field: str | None) -> None:
    """Put the temporary file at `target` only if nothing is there (a hard link cannot replace a file)."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise DeckcheckError(_("already exists; nothing written"), path=target, field=field) from None
    except OSError:  # a file system without hard links: claim the name, then replace the empty claim
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        os.replace(temporary, target)
        return
    os.unlink(temporary)


def remove_stale_temporaries(target: Path) -> None:
    """Remove temporary files of ours for `target` that a killed write left behind (regular files of this user,
    named like ours, untouched for STALE_TEMP_SECONDS). Never fails: what cannot be removed stays."""
    prefix = f".{target.name}."
    oldest = time.time() - STALE_TEMP_SECONDS
    with contextlib.suppress(OSError), os.scandir(target.parent) as entries:
        for entry in entries:
            name = entry.name
            if not (name.startswith(prefix) and name.endswith(TEMP_SUFFIX)):
                continue
            if not _TEMP_RANDOM.fullmatch(name[len(prefix) : -len(TEMP_SUFFIX)]):
                continue
            with contextlib.suppress(OSError):
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) and info.st_uid == os.geteuid() and info.st_mtime < oldest:
                    os.unlink(entry.path)


def _new_file_mode(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _reason(error: OSError) -> str:
    return os_reason(error)


def _cannot_write(reason: str) -> str:
    return _("cannot write: {reason}").format(reason=reason)


# Serialising edits -----------------------------------------------------------------------------------------------


def lock_timeout() -> float:
    """Seconds to wait for another command's edit: $DECKCHECK_LOCK_TIMEOUT, else DEFAULT_LOCK_TIMEOUT."""
    given = os.environ.get(LOCK_TIMEOUT_ENV, "").strip()
    try:
        seconds = float(given) if given else DEFAULT_LOCK_TIMEOUT
    except ValueError:
        return DEFAULT_LOCK_TIMEOUT
    return seconds if seconds >= 0 else DEFAULT_LOCK_TIMEOUT  # NaN and negative values are not a time


@contextlib.contextmanager
def edit_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the file at `path` (a link: its target) while it is read, changed and replaced.

    The lock is taken on the file itself. An edit replaces the file with a new one (atomic_write), so a process that
    waited on the old file finds, once it has the lock, that the path now names another file: it locks that one
    instead. A deckcheck process killed while holding the lock loses it with its file descriptors."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    deadline = time.monotonic() + lock_timeout()
    while True:
        descriptor = _open_for_lock(path)
        try:
            if _lock(descriptor, path, deadline):
                break
        except BaseException:
            os.close(descriptor)
            raise
        os.close(descriptor)  # replaced while we waited: lock the new file
    try:
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


@contextlib.contextmanager
def lock_if_file(path: Path) -> Iterator[None]:
    """`edit_lock` when `path` names a regular file (through links) that a write would replace, so a command that
    rewrites a deck it may also have read (`convert DECK --out-file DECK --force`) takes the lock `add` takes;
    nothing to lock for a new file, a device, a FIFO or a descriptor (written into, never replaced)."""
    try:
        regular = _descriptor_of(path) is None and stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        regular = False
    if not regular:
        yield
        return
    with edit_lock(path):
        yield


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[list[Path]]:
    """Create `folder` (and missing parents) and hold an exclusive lock on it; yields the folders created here.

    For edits that read a whole folder before writing one of its files (`cards import`). Folders this call created
    and that are still empty at the end are removed while the lock is still held (a command that waited for it then
    creates the folder again)."""
    deadline = time.monotonic() + lock_timeout()
    while True:
        created = _make_folders(folder)
        try:
            descriptor = _open_for_lock(folder)
        except DeckcheckError:
            if os.path.lexists(folder) or time.monotonic() >= deadline:
                raise
            continue  # removed by the command we waited for (it had created it): make it again
        try:
            if fcntl is None or _lock(descriptor, folder, deadline):  # pragma: no branch
                break
        except BaseException:
            os.close(descriptor)
            raise
        os.close(descriptor)
    try:
        yield created
    finally:
        for made in reversed(created):
            with contextlib.suppress(OSError):
                made.rmdir()  # only an empty folder goes
        os.close(descriptor)


def _make_folders(folder: Path) -> list[Path]:
    missing = [parent for parent in (folder, *folder.parents) if not parent.exists()]
    made = []
    for parent in reversed(missing):
        try:
            parent.mkdir()
        except FileExistsError:
            continue
        except OSError as error:
            raise DeckcheckError(
                _("cannot create the folder: {reason}").format(reason=_reason(error)), path=parent
            ) from None
        made.append(parent)
    return made


def _open_for_lock(path: Path) -> int:
    try:
        # O_NONBLOCK: a FIFO at the path must not block the open; O_RDONLY is enough for flock
        return os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise DeckcheckError(_("no such file"), path=path) from None
    except OSError as error:
        raise DeckcheckError(
            _("cannot open it to lock it for the edit: {reason}").format(reason=_reason(error)), path=path
        ) from None


def _lock(descriptor: int, path: Path, deadline: float) -> bool:
    """Wait for the lock until `deadline` (DeckcheckError after it); True when the locked file is still the one at
    `path`, False when it was replaced or removed meanwhile."""
    pause = 0.005
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise DeckcheckError(
                    _(
                        "another deckcheck command is changing this file; gave up waiting after {seconds} s (nothing "
                        "changed; run the command again, or set {variable} to wait longer)"
                    ).format(seconds=f"{lock_timeout():g}", variable=LOCK_TIMEOUT_ENV),
                    path=path,
                ) from None
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
        except OSError:  # a file system without flock (some network mounts): edit without the lock
            return True
    try:
        now = os.stat(path)
    except OSError:
        return False
    locked = os.fstat(descriptor)
    return (now.st_dev, now.st_ino) == (locked.st_dev, locked.st_ino)
