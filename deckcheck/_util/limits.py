"""Input beyond what the parsers hold: malformed files, reported with their file and line, never as internal errors.

Python converts decimal text of at most 4,300 digits to an integer, and an integer to text only up to that size
(sys.get_int_max_str_digits, a guard against quadratic time); tomli refuses inline arrays and tables nested more than
400 levels deep, and json stops near Python's recursion limit. tomli and json report either as a plain ValueError or
RecursionError with no position: :func:`parse_within_limits` turns them into a DeckcheckError naming the line where
the number or the nesting stands.
"""

from __future__ import annotations

import math
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

from deckcheck._i18n import _
from deckcheck.errors import DeckcheckError

#: The most decimal digits Python converts between an integer and text.
INT_DIGITS = sys.get_int_max_str_digits() or 4300
#: The bits of the largest integer that can still be printed in decimal.
INT_BITS = int(INT_DIGITS * math.log2(10))
#: Nesting deeper than this is reported (tomli's own limit; a deck or card file needs three levels at most).
NESTING = 400
#: A deck file or card list larger than this is not read to its end (a device such as /dev/zero never ends; a deck
#: is a few kilobytes, a list of every card of a game a few megabytes).
MAX_INPUT_BYTES = 64 * 1024 * 1024

T = TypeVar("T")


def _long_number_reason() -> str:
    return _(
        "holds a number of more than {digits} digits, more than Python reads or prints (a count or card field is a "
        "small whole number)"
    ).format(digits=f"{INT_DIGITS:,}")


def _nesting_reason() -> str:
    return _(
        "is nested more than {levels} levels deep (arrays or tables inside each other); a deck or card file needs "
        "three at most"
    ).format(levels=NESTING)


def is_long_number_error(error: BaseException) -> bool:
    """Whether `error` is Python refusing to convert an integer of too many digits."""
    return isinstance(error, ValueError) and "integer string conversion" in str(error)


def parse_within_limits(parse: Callable[[str], T], text: str, path: str | Path | None, fmt: str) -> T:
    """`parse(text)`, with a number too long or nesting too deep raised as DeckcheckError (file and line). The
    parser's own errors (TOMLDecodeError, JSONDecodeError) pass through for the caller to report."""
    try:
        data = parse(text)
    except RecursionError:
        raise DeckcheckError(_nesting_reason(), path=path, line=nesting_line(text)) from None
    except ValueError as error:
        if not is_long_number_error(error):
            raise
        raise DeckcheckError(_long_number_reason(), path=path, line=long_number_line(text)) from None
    if fmt == "toml" and _has_prefixed_integers(text):
        refuse_unprintable_integers(data, text, path)
    return data


def limit_error(error: BaseException, text: str, path: str | Path | None) -> DeckcheckError | None:
    """The DeckcheckError for a parser limit hit while reading `text` (None: `error` is something else)."""
    if isinstance(error, RecursionError):
        return DeckcheckError(_nesting_reason(), path=path, line=nesting_line(text))
    if is_long_number_error(error):
        return DeckcheckError(_long_number_reason(), path=path, line=long_number_line(text))
    return None


@contextmanager
def reading(path: Path) -> Iterator[None]:
    """A parser limit hit inside the block (by code that reads `path` without :func:`parse_within_limits`) raised
    as DeckcheckError for `path`; any other error passes unchanged."""
    try:
        yield
    except (ValueError, RecursionError) as error:
        if (malformed := limit_error_of_file(error, path)) is None:
            raise
        raise malformed from None


def limit_error_of_file(error: BaseException, path: Path) -> DeckcheckError | None:
    """:func:`limit_error` for a file read elsewhere (its line found when its text can be read as UTF-8)."""
    text = ""
    with suppress(OSError), open(path, "rb", opener=_without_waiting) as handle:
        if stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # read again: never a FIFO (it could block) or a device
            text = handle.read(MAX_INPUT_BYTES + 1).decode("utf-8-sig", errors="replace")
    return limit_error(error, text, path)


def _without_waiting(path: str, flags: int) -> int:
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


# Integers -------------------------------------------------------------------------------------------------

# Strings and comments (skipped), number literals, brackets and line ends of a TOML or JSON text.
_TOKENS = re.compile(
    r'(?P<skip>"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*)'
    r"|(?<![\w.])[+-]?(?:0(?P<base>[xob])(?P<prefixed>[0-9A-Fa-f_]+)|(?P<digits>\d[\d_]*))(?P<after>[.eE:-]?)"
    r"|(?P<open>[\[{])|(?P<close>[\]}])|\n"
)
_BASES = {"x": 16, "o": 8, "b": 2}


def long_number_line(text: str) -> int | None:
    """The line of the first integer literal too large to convert (strings, comments and floats skipped)."""
    line = 1
    for match in _TOKENS.finditer(text):
        if match["skip"] is not None:
            line += match["skip"].count("\n")
        elif match[0] == "\n":
            line += 1
        elif (match["digits"] or match["prefixed"]) and not match["after"] and _too_large(match):
            is_key = text[match.end() :].lstrip(" \t").startswith("=")  # a bare key made of digits
            if not is_key:
                return line
    return None


def _too_large(match: re.Match[str]) -> bool:
    if match["digits"] is not None:
        return len(match["digits"].replace("_", "")) > INT_DIGITS
    digits = match["prefixed"].replace("_", "")
    return len(digits) * math.log2(_BASES[match["base"]]) > INT_BITS


def _has_prefixed_integers(text: str) -> bool:
    return "0x" in text or "0o" in text or "0b" in text


def refuse_unprintable_integers(data: Any, text: str, path: str | Path | None) -> None:
    """TOML's hexadecimal, octal and binary integers are read at any size, yet one of more than INT_DIGITS decimal
    digits cannot be printed (in a message, a converted deck): refused as malformed, like a decimal one."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, int) and value.bit_length() > INT_BITS:
            raise DeckcheckError(_long_number_reason(), path=path, line=long_number_line(text))


# Nesting --------------------------------------------------------------------------------------------------


def nesting_line(text: str) -> int | None:
    """The line where arrays and tables first nest NESTING levels deep (else where they nest deepest), strings and
    comments skipped."""
    depth, deepest, deepest_line, line = 0, 0, None, 1
    for match in _TOKENS.finditer(text):
        if match["open"]:
            depth += 1
            if depth > deepest:
                deepest, deepest_line = depth, line
                if depth >= NESTING:
                    return line
        elif match["close"]:
            depth = max(depth - 1, 0)
        elif match["skip"] is not None:
            line += match["skip"].count("\n")
        elif match[0] == "\n":
            line += 1
    return deepest_line
