"""What every real-data converter shares: the conversion's result, a record that cannot be mapped, and the readers
of a source's text and printed numbers.

Card numbers and names are written as printed (:func:`printed_text`: trimmed, nothing else), so that deckcheck shows
``BP03-LDⓈ01`` and 『ビューティ＆ビースト』 as the card does; deckcheck compares them after NFKC (its loader and
look-ups normalise). Every other source value is read for matching (:func:`source_text`: NFKC and single spaces),
since it becomes an enum, a number or a word the rules compare."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckcheck._i18n import _
from deckcheck.carddb.listformat import RowError
from deckcheck.errors import DeckcheckError


class RecordError(RowError):
    """A source record that cannot be mapped: the field and the reason (what `cards import` reports of a row of a
    public list format, too: its reader maps the row with the converter's functions)."""


@dataclass
class Conversion:
    """The records made from a source list, and every source record left out (index from 1, number, reason)."""

    game_id: str
    records: list[dict[str, Any]] = field(default_factory=list)
    notes: list[tuple[int, str, str]] = field(default_factory=list)  # left out on purpose
    rejected: list[tuple[int, str, str]] = field(default_factory=list)  # could not be mapped
    also_from: list[str] = field(default_factory=list)  # further source files the records draw on (the file header)

    def note(self, index: int, number: str, reason: str) -> None:
        self.notes.append((index, number, reason))

    def reject(self, index: int, number: str, reason: str) -> None:
        self.rejected.append((index, number, reason))


def source_text(value: Any, field_name: str, *, required: bool = True) -> str:
    """A source string for matching, NFKC-normalised and trimmed (odd widths and spaces become plain ones)."""
    text = unicodedata.normalize("NFKC", printed_text(value, field_name, required=required))
    return re.sub(r"\s+", " ", text).strip()


def printed_text(value: Any, field_name: str, *, required: bool = True) -> str:
    """A source string as printed, only trimmed: a card number or name, which deckcheck shows as it is (and
    normalises itself wherever it compares one)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise RecordError(field_name, _("is missing or empty"))
        return ""
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise RecordError(
            field_name, _("must be text, not {type} {value}").format(type=type(value).__name__, value=repr(value))
        )
    return str(value).strip()


def shown(value: Any, limit: int = 40) -> str:
    """A value for a message, cut short (a hostile record may hold megabytes)."""
    text = repr(value)
    return text if len(text) <= limit else _("{start}… ({n} characters)").format(start=text[:limit], n=len(text))


NONE_WORDS = {"-", "ー", "―", "—", "–", "−", ""}


def number_or_none(value: Any, field_name: str, *, allow_x: bool = False) -> int | str | None:
    """A printed number: '-' (none printed) is None; full-width digits are read; 'X' only where allowed."""
    text = source_text(value, field_name, required=False)
    if text in NONE_WORDS:
        return None
    if allow_x and text.upper() == "X":
        return "X"
    if not re.fullmatch(r"\d{1,6}", text):  # no card prints more; a longer run of digits is a broken record
        expected = (
            _("{value} is not a whole number (up to 6 digits), X or '-'")
            if allow_x
            else _("{value} is not a whole number (up to 6 digits) or '-'")
        )
        raise RecordError(field_name, expected.format(value=shown(value)))
    return int(text)


def read_json(path: Path) -> Any:
    """A source file's JSON value; DeckcheckError (naming the file) if it cannot be read."""
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except OSError as error:
        raise DeckcheckError(_("cannot be read: {error}").format(error=error.strerror or error), path=path) from None
    except UnicodeDecodeError:
        raise DeckcheckError(_("is not UTF-8 text"), path=path) from None
    except json.JSONDecodeError as error:
        raise DeckcheckError(
            _("is not valid JSON: {reason}").format(reason=error.msg), path=path, line=error.lineno
        ) from None
    except (ValueError, RecursionError) as error:  # an integer of more than 4,300 digits; nesting too deep
        raise DeckcheckError(_("cannot be read as card records: {error}").format(error=error), path=path) from None
