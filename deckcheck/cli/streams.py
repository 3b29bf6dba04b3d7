"""The process's standard streams, made safe to write (issue 26 items 9-11).

- stdout that cannot be written (a full disk, a closed pipe, an I/O error) raises :class:`OutputError`, which the
  entry point reports as "cannot write the output: <reason>", never as an internal error; the output that is still
  buffered is then dropped, so the interpreter's last flush cannot fail after the message.
- stderr that cannot be written is dropped silently: there is nowhere left to say anything.
- A closed stdout (``>&-``: ``sys.stdout`` is None) is refused before the command does anything; a closed stderr
  becomes the null device.
- A stream whose encoding cannot show every character (cp932 on Japanese Windows, latin-1) shows what it lacks as
  a near character it has (``—`` as ``―`` in cp932, ``-`` in latin-1), else as a visible escape (``\\u25b8``), never
  as a crash; JSON, TOML and XML are written in ASCII there, with their own escapes, so they stay valid (and UTF-8,
  as those languages expect) whatever reads them.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
from dataclasses import dataclass
from typing import TextIO

from deckcheck._i18n import _

#: The error handler of a stream whose encoding lacks characters (registered with the codecs module).
FALLBACK = "deckcheck.fallback"

#: The decoration characters deckcheck prints around names, each with what stands for it where an encoding lacks
#: it: first a character every Japanese code page (cp932, shift_jis, euc-jp) has, then ASCII.
_FALLBACKS = {
    "—": ("―", "-"),  # EM DASH: not in cp932 nor shift_jis; HORIZONTAL BAR is their dash
    "–": ("-",),
    "‒": ("-",),
    "‑": ("-",),
    "−": ("-",),
    "─": ("-",),
    "━": ("-",),
    "·": ("・", "."),  # MIDDLE DOT: not in the Japanese code pages; KATAKANA MIDDLE DOT is theirs
    "•": ("・", "*"),
    "▸": (">",),  # one column, as the mark it stands for
    "“": ('"',),
    "”": ('"',),
    "‘": ("'",),
    "’": ("'",),
    "…": ("...",),
    "→": ("->",),
    "≈": ("≒", "~"),
    "≤": ("≦", "<="),
    "≥": ("≧", ">="),
    "×": ("x",),
    "✕": ("×", "x"),
    "±": ("+/-",),
    # a bar's blocks (stats' chart): one column each, as the blocks are (cp932's ■ is two on a Japanese terminal)
    "█": ("#",),
    **dict.fromkeys("▉▊▋▌", ("=",)),
    **dict.fromkeys("▍▎▏", ("-",)),
}
_encodable: dict[tuple[str, str], bool] = {}


def _can_encode(text: str, encoding: str) -> bool:
    known = _encodable.get((encoding, text))
    if known is None:
        try:
            text.encode(encoding)
        except UnicodeError:
            known = False
        else:
            known = True
        _encodable[(encoding, text)] = known
    return known


def _escape(char: str) -> str:
    """What the codecs' "backslashreplace" writes: ``\\xb7``, ``\\u25b8``, ``\\U0001f600``."""
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _fallback(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    shown = []
    for char in error.object[error.start : error.end]:
        near = next((near for near in _FALLBACKS.get(char, ()) if _can_encode(near, error.encoding)), None)
        shown.append(near if near is not None else _escape(char))
    return "".join(shown), error.end


codecs.register_error(FALLBACK, _fallback)


def covers_unicode(encoding: str | None) -> bool:
    """Whether `encoding` (a UTF) can write every character."""
    try:
        name = codecs.lookup(encoding or "ascii").name
    except LookupError:
        return False
    return name.startswith("utf")


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match[0])
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # a JSON surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def _toml_escape(match: re.Match[str]) -> str:
    code = ord(match[0])  # TOML has no surrogate pairs
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _xml_escape(match: re.Match[str]) -> str:
    return f"&#x{ord(match[0]):x};"


_ESCAPES = {"json": _json_escape, "toml": _toml_escape, "xml": _xml_escape}


def as_ascii(text: str, encoding: str | None, language: str) -> str:
    """A JSON, TOML or XML document for a stream in `encoding`: as it is on a UTF, else with every non-ASCII
    character as the language's own escape (``\\u7d05``, TOML's ``\\U0001f600``, XML's ``&#x7d05;``). The same
    document then reads back whole whatever the reader decodes it as (the language's UTF-8, or the code page):
    those languages are ASCII outside their strings, text and comments (where an escape is plain text), so every
    escape lands where it is read as the character, or shown as itself."""
    if encoding is None or covers_unicode(encoding) or text.isascii():
        return text
    return _NON_ASCII.sub(_ESCAPES[language], text)


def written_as_utf8(encoding: str | None) -> bool:
    """Whether text printed on a stream in `encoding` reaches it as UTF-8: a UTF, or ASCII (or no encoding), which
    Typer's click takes for a misconfigured locale and replaces by UTF-8 over the same file when it prints."""
    if encoding is None or covers_unicode(encoding):
        return True
    try:
        return codecs.lookup(encoding).name == "ascii"
    except LookupError:
        return False


def escaped(text: str, encoding: str | None) -> int:
    """How many characters of `text` a stream in `encoding` writes as escapes (neither it nor a near character is
    in the encoding): a name written so is not the name. None on a stream printed as UTF-8 (see
    :func:`written_as_utf8`): an ASCII stdout receives every name raw."""
    if text.isascii() or encoding is None or written_as_utf8(encoding):
        return 0
    return sum(
        not _can_encode(char, encoding) and not any(_can_encode(near, encoding) for near in _FALLBACKS.get(char, ()))
        for char in _NON_ASCII.findall(text)
    )


class OutputError(Exception):
    """stdout could not be written; its message is the reason (``no space left on device``)."""

    def __init__(self, error: OSError) -> None:
        self.errno = error.errno
        text = os.strerror(error.errno) if error.errno else str(error)
        super().__init__(text[:1].lower() + text[1:])


class _GuardedRaw(io.RawIOBase):
    """A standard stream's file: a failed write raises :class:`OutputError` (stdout) or is dropped (stderr); every
    write after a failure is dropped."""

    def __init__(self, raw: io.RawIOBase, *, raises: bool) -> None:
        super().__init__()
        self._raw = raw
        self._raises = raises
        self.failed = False

    def writable(self) -> bool:
        return True

    def write(self, data: object) -> int:
        size = memoryview(data).nbytes  # type: ignore[arg-type]
        if self.failed:
            return size
        try:
            written = self._raw.write(data)  # type: ignore[arg-type]
        except OSError as error:
            self.failed = True
            if self._raises:
                raise OutputError(error) from error
            return size
        return size if written is None else written

    def fileno(self) -> int:
        return self._raw.fileno()

    def isatty(self) -> bool:
        return self._raw.isatty()


def _guarded(stream: TextIO, *, raises: bool) -> TextIO:
    """`stream` (a standard stream of the process) rebuilt over a guarded file, with the fallback error handler when
    its encoding is not a UTF. Any other stream (a test's capture) is left as it is."""
    if not isinstance(stream, io.TextIOWrapper):
        return stream
    buffer = stream.buffer
    unbuffered = isinstance(buffer, io.RawIOBase)  # python -u, PYTHONUNBUFFERED: the file itself
    raw = buffer if unbuffered else getattr(buffer, "raw", None)
    if not isinstance(raw, io.RawIOBase) or isinstance(raw, _GuardedRaw):
        return stream
    stream.flush()
    errors = stream.errors if covers_unicode(stream.encoding) else FALLBACK
    return io.TextIOWrapper(
        io.BufferedWriter(_GuardedRaw(raw, raises=raises)),  # buffered: a partial write of the file is finished
        encoding=stream.encoding,
        errors=errors,
        line_buffering=stream.line_buffering or unbuffered,
        write_through=stream.write_through,
    )


def install() -> None:
    """Guard the standard streams (see the module's docstring); a closed stdout is exit code 2, nothing done."""
    global change
    change = None
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (the process's stderr, never closed)
    else:
        sys.stderr = _guarded(sys.stderr, raises=False)
    if sys.stdout is None:
        said = _(
            "deckcheck: the standard output is closed, so nothing was done (to discard the output, send it to "
            "{devnull})"
        )
        print(said.format(devnull=os.devnull), file=sys.stderr)
        raise SystemExit(2)
    sys.stdout = _guarded(sys.stdout, raises=True)


@dataclass(frozen=True)
class Change:
    """What a command changed before it printed its report, and its exit code."""

    done: str
    exit_code: int = 0


#: The change the running command has made (a deck written, cards imported), if any: when its report then cannot be
#: written, the change is said and its exit code kept, never reported as a failure.
change: Change | None = None


def changed(done: str, exit_code: int = 0) -> None:
    """The command has made a change, `done` ("decks/x.deck.toml was changed"), that stands whatever its output."""
    global change
    change = Change(done, exit_code)
