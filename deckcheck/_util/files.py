"""Reading a user's file: its bytes without waiting on a FIFO, and its text (UTF-8, UTF-16 or Shift_JIS) with any line
endings."""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from pathlib import Path

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.limits import MAX_INPUT_BYTES
from deckcheck._util.safetext import quoted
from deckcheck.errors import DeckcheckError, os_reason

#: What a file is read as, named in messages about it ("is a folder, not a deck file"): the callers' `what`, marked
#: here so that every one has its translation (translate(what) where it is said).
WHATS = (N_("deck file"), N_("card file"), N_("card list"), N_("regulation file"))

#: What a file the user names is, by default, when it cannot be one (said as "not a deck file").
DECK_FILE = N_("deck file")


def read_input(path: Path, what: str = N_("deck file"), shown: str | Path | None = None) -> bytes:
    """A file's bytes, never waiting on a FIFO that nobody writes to: the open does not block (a FIFO without a
    writer then reads as empty), while a pipe or FIFO with a writer, as `show <(...)` gives, is read to its end; more
    than MAX_INPUT_BYTES (a device that never ends, /dev/zero) is refused, not read into memory, and a regular file
    that large before a byte of it is read."""
    return _read_capped(path, what, shown or path, regular_only=False)


def read_repository_file(path: Path, what: str) -> bytes:
    """The bytes of a file that a folder holds rather than one the user named (a card database's or regulation's
    `*.toml`, a card file beside the one `cards import` writes): as :func:`read_input`, and only a regular file.
    A cloned repository may hold a link to /dev/zero, a FIFO or a huge sparse file under such a name: each is a
    DeckcheckError naming the file (never read to its end, never waited on), as is a file that cannot be read."""
    try:
        return _read_capped(path, what, path, regular_only=True)
    except FileNotFoundError:
        reason = _("is a broken link (its target does not exist)") if os.path.islink(path) else _("no such file")
        raise DeckcheckError(reason, path=path) from None
    except IsADirectoryError:
        raise DeckcheckError(_("is a folder, not a {what}").format(what=translate(what)), path=path) from None
    except OSError as error:
        raise DeckcheckError(_("cannot be read ({reason})").format(reason=os_reason(error)), path=path) from None


def _too_large(what: str, shown: str | Path) -> DeckcheckError:
    return DeckcheckError(
        _("is larger than {size} MiB: not a {what}").format(size=MAX_INPUT_BYTES // 2**20, what=translate(what)),
        path=shown,
    )


def _read_capped(path: Path, what: str, shown: str | Path, *, regular_only: bool) -> bytes:
    no_wait = getattr(os, "O_NONBLOCK", 0)  # POSIX; elsewhere a plain open
    flags = os.O_RDONLY | no_wait | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)  # bytes as they are
    descriptor = os.open(path, flags)
    with os.fdopen(descriptor, "rb") as handle:
        info = os.fstat(descriptor)
        mode, size = info.st_mode, info.st_size
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if regular_only and not stat.S_ISREG(mode):
            reason = _("is not a regular file (a FIFO, socket or device is never read as a {what})").format(
                what=translate(what)
            )
            raise DeckcheckError(reason, path=shown)
        if stat.S_ISREG(mode) and size > MAX_INPUT_BYTES:
            raise _too_large(what, shown)  # said at once: a 10 GB (perhaps sparse) file is not read at all
        if no_wait:
            os.set_blocking(descriptor, True)  # opened without waiting; now read to the end
        data = handle.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise _too_large(what, shown)
    return data


#: What a line that no encoding reads says (contract, "Deck files": UTF-8, UTF-16 with a BOM, Shift_JIS).
NOT_TEXT = N_("not UTF-8, UTF-16 or Shift_JIS text")  # (said with translate(NOT_TEXT))


class Decoded:
    """A file's text as read: its encoding, and the lines (counted from 1) that it could not read, which stand in
    the text as empty lines so that every other line keeps its number."""

    __slots__ = ("text", "encoding", "bad_lines", "nul_at")

    def __init__(
        self, text: str, encoding: str, bad_lines: tuple[int, ...] = (), nul_at: dict[int, str] | None = None
    ) -> None:
        self.text, self.encoding, self.bad_lines = text, encoding, bad_lines
        # the bad lines whose only fault is a NUL byte: what to say of each (where the NUL stands, the line shown)
        self.nul_at = nul_at or {}

    def require_whole(self, path: str | Path) -> str:
        """The text, or a DeckcheckError on the first line that could not be read (a file read as one piece)."""
        if self.bad_lines:
            raise unreadable_text(path, self.bad_lines, self.nul_at)
        return self.text


def unreadable_text(
    path: str | Path, bad_lines: tuple[int, ...], nul_at: dict[int, str] | None = None
) -> DeckcheckError:
    first, others = bad_lines[0], len(bad_lines) - 1
    if nul_at and first in nul_at:
        said = nul_at[first]
        if others:
            said += ngettext(" (and {n} more line not read)", " (and {n} more lines not read)", others).format(n=others)
        return DeckcheckError(_("holds {what}").format(what=said), path=path, line=first)
    if not others:
        reason = _("is not UTF-8, UTF-16 or Shift_JIS text; save the file as UTF-8")
    else:
        reason = ngettext(
            "is not UTF-8, UTF-16 or Shift_JIS text (and {n} more line); save the file as UTF-8",
            "is not UTF-8, UTF-16 or Shift_JIS text (and {n} more lines); save the file as UTF-8",
            others,
        ).format(n=others)
    return DeckcheckError(reason, path=path, line=first)


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def decode_text(data: bytes) -> Decoded:
    """Bytes as text: UTF-8 with or without a BOM, UTF-16 with a BOM, else Shift_JIS (cp932, what Japanese Windows
    and Excel write); any line endings, read as "\\n". A file that is wholly none of these is read line by line in the
    one that reads most of its lines, and the lines it cannot read are `bad_lines` (empty in `text`). A NUL byte
    is never text (a binary file; UTF-16 without its BOM is told by where its NULs stand): its line is a bad line."""
    if data.startswith(_UTF16_BOMS):
        try:
            return Decoded(_lines(data.decode("utf-16")), "utf-16")
        except UnicodeDecodeError:
            pass
    if b"\x00" in data:
        if (without_bom := _utf16_without_bom(data)) is not None:
            return without_bom
    else:
        try:
            return Decoded(_lines(data.decode("utf-8-sig")), "utf-8")
        except UnicodeDecodeError:
            pass
        try:
            return Decoded(_lines(data.decode("cp932")), "cp932")
        except UnicodeDecodeError:
            pass
    return _by_line(data)


def _utf16_without_bom(data: bytes) -> Decoded | None:
    """UTF-16 saved without its BOM, told by its NUL bytes all standing on one side of each pair (line breaks and
    ASCII characters, a quarter of a decklist at least, are NUL on that side; a binary file has NULs on both, or
    control characters)."""
    if len(data) % 2:
        return None
    high_odd, high_even = data[1::2].count(0), data[0::2].count(0)
    pairs = len(data) // 2
    if high_odd * 4 >= pairs and not high_even:
        encoding = "utf-16-le"
    elif high_even * 4 >= pairs and not high_odd:
        encoding = "utf-16-be"
    else:
        return None
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        return None
    return None if _CONTROLS.search(text) else Decoded(_lines(text), "utf-16")


_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _lines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _by_line(data: bytes) -> Decoded:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    raw = _lines_of_bytes(data)
    best: tuple[int, str] | None = None
    for encoding in ("utf-8", "cp932"):
        readable = sum(1 for line in raw if _decodes(line, encoding))
        if best is None or readable > best[0]:
            best = (readable, encoding)
    encoding = best[1] if best else "utf-8"
    texts: list[str] = []
    bad: list[int] = []
    nul_at: dict[int, str] = {}
    for number, line in enumerate(raw, start=1):
        if _decodes(line, encoding):
            texts.append(line.decode(encoding))
        else:
            texts.append("")
            bad.append(number)
            if b"\x00" in line and _decodes(line.replace(b"\x00", b""), encoding):
                nul_at[number] = nul_said(line.decode(encoding))
    return Decoded("\n".join(texts), encoding, tuple(bad), nul_at)


def nul_said(text: str) -> str:
    """Why a line holding a NUL byte is not read, and where: "a NUL byte (\\x00) at column 3 of '反転\\x00する翼'
    (a NUL is never text: bytes of another file or program got into the list)"."""

    return _(
        "a NUL byte (\\x00) at column {column} of {line}, which no text holds (bytes of another file or program got "
        "into it); delete it"
    ).format(column=text.index("\x00") + 1, line=quoted(text.strip("\r")))


def _lines_of_bytes(data: bytes) -> list[bytes]:
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")


def _decodes(line: bytes, encoding: str) -> bool:
    if b"\x00" in line:
        return False
    try:
        line.decode(encoding)
    except UnicodeDecodeError:
        return False
    return True


#: The path that names standard input (`check -`), and how a deck read from it is shown.
STDIN, STDIN_SHOWN = "-", "<stdin>"
_stdin_read: list[Decoded] = []  # standard input, once read: reading it again gives the same deck


def read_stdin() -> Decoded:
    """Standard input's bytes, decoded as a file's are (see decode_text). Read once per process: a second `-`
    is the same deck, not an empty one. More than MAX_INPUT_BYTES is refused, not read into memory."""
    if not _stdin_read:
        stream = sys.stdin
        if stream is None:
            raise DeckcheckError(_("there is no standard input to read a deck from"), path=STDIN_SHOWN)
        raw = getattr(stream, "buffer", None)
        data = raw.read(MAX_INPUT_BYTES + 1) if raw is not None else stream.read().encode("utf-8")
        if len(data) > MAX_INPUT_BYTES:
            raise _too_large(N_("deck file"), STDIN_SHOWN)
        _stdin_read.append(decode_text(data))
    return _stdin_read[0]


def read_decoded(path: Path, shown: str | None = None, what: str = N_("deck file")) -> Decoded:
    """A file's bytes read (see read_input) and decoded (see decode_text). Errors name the file as `shown` (the
    path as the user gave it) when given."""
    where: str | Path = shown if shown is not None else path
    try:
        data = read_input(path, what, shown=where)
    except FileNotFoundError:
        raise DeckcheckError(_("no such file"), path=where) from None
    except IsADirectoryError:
        raise DeckcheckError(_("is a folder, not a file"), path=where) from None
    except OSError as error:
        raise DeckcheckError(_("cannot be read ({reason})").format(reason=os_reason(error)), path=where) from None
    return decode_text(data)


def read_text(path: Path, shown: str | None = None) -> str:
    """A file's whole text (see decode_text); a line no encoding reads is a DeckcheckError on that line."""
    return read_decoded(path, shown).require_whole(shown if shown is not None else path)
