"""Atomic writes: a temporary file beside the target, flushed to disk, then renamed over it.

A reader (or a crash) sees either the old file or the new one, never half of one, and a failed write leaves no
stray temporary file. The new file keeps the mode of the file it replaces (a new file: 0o666 less the umask, not
mkstemp's 0o600). Failures are :class:`DeckcheckError` naming the path, so the CLI exits 2.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from deckcheck.errors import DeckcheckError


def atomic_write(path: str | Path, text: str, *, field: str | None = None) -> None:
    """Write `text` to `path` as UTF-8 with '\\n' line ends, atomically."""
    data = text.encode("utf-8")
    atomic_write_with(Path(path), lambda handle: handle.write(data), field=field)


def atomic_write_with(target: Path, write: Callable[[BinaryIO], object], *, field: str | None = None) -> None:
    """Call `write` on a temporary binary file in the target's folder, then replace the target in one step."""
    folder = target.parent
    if target.is_dir():
        raise DeckcheckError("cannot write: it is a folder", path=target, field=field)
    if target.exists() and not os.access(target, os.W_OK):
        raise DeckcheckError("cannot write: the file is read-only", path=target, field=field)
    try:
        descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as error:
        raise DeckcheckError(f"cannot write: {_reason(error)}", path=target, field=field) from error
    try:
        with os.fdopen(descriptor, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, _new_file_mode(target))
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise DeckcheckError(f"cannot write: {_reason(error)}", path=target, field=field) from error
        raise


def _new_file_mode(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _reason(error: OSError) -> str:
    return error.strerror or str(error)
