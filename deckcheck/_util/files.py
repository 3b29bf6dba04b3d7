"""Reading a user's file: its bytes without waiting on a FIFO, and its text as UTF-8 with any line endings."""

from __future__ import annotations

import os
from pathlib import Path

from deckcheck._util.limits import MAX_INPUT_BYTES
from deckcheck.errors import DeckcheckError


def read_input(path: Path, what: str = "deck file", shown: str | Path | None = None) -> bytes:
    """A file's bytes, never waiting on a FIFO that nobody writes to: the open does not block (a FIFO without a
    writer then reads as empty), while a pipe or FIFO with a writer, as `show <(...)` gives, is read to its end; more
    than MAX_INPUT_BYTES (a device that never ends, /dev/zero) is refused, not read into memory."""
    no_wait = getattr(os, "O_NONBLOCK", 0)  # POSIX; elsewhere a plain open
    flags = os.O_RDONLY | no_wait | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)  # bytes as they are
    descriptor = os.open(path, flags)
    with os.fdopen(descriptor, "rb") as handle:
        if no_wait:
            os.set_blocking(descriptor, True)  # opened without waiting; now read to the end
        data = handle.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise DeckcheckError(f"is larger than {MAX_INPUT_BYTES // 2**20} MiB: not a {what}", path=shown or path)
    return data


def read_text(path: Path, shown: str | None = None) -> str:
    """A file's text: UTF-8 with or without a byte-order mark, any line endings. Errors name the file as `shown`
    (the path as the user gave it) when given."""
    where: str | Path = shown if shown is not None else path
    try:
        data = read_input(path, shown=where)
    except FileNotFoundError:
        raise DeckcheckError("no such file", path=where) from None
    except IsADirectoryError:
        raise DeckcheckError("is a folder, not a file", path=where) from None
    except OSError as error:
        raise DeckcheckError(f"cannot be read ({error.strerror})", path=where) from None
    if b"\x00" in data:
        raise DeckcheckError("is a binary file, not a deck (expected TOML, JSON or a text decklist)", path=where)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DeckcheckError(f"is not UTF-8 text (byte {error.start}); save the deck as UTF-8", path=where) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")
