"""The card record every game shares, and helpers for game-specific fields.

Each game subclasses :class:`Card` with its own fields (see ``deckcheck/games/``). Enum fields accept
the Japanese aliases of the rules document through :func:`choice`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from deckcheck.limits import INT_DIGITS
from deckcheck.normalize import norm_name, norm_number

Number = Annotated[str, Field(min_length=1), AfterValidator(norm_number)]
Name = Annotated[str, Field(min_length=1), AfterValidator(norm_name)]


def _alias_key(value: str) -> str:
    return unicodedata.normalize("NFKC", value).strip().casefold()


def _any_limit(value: Any) -> Any:
    if isinstance(value, str) and _alias_key(value) in {"any", "無制限"}:
        return "any"
    return value


DeckLimit = Annotated[Annotated[int, Field(ge=0)] | Literal["any"] | None, BeforeValidator(_any_limit)]


def choice(values: Iterable[str], aliases: Mapping[str, str] | None = None) -> Any:
    """An enum field stored as its canonical string, accepting aliases (case- and width-insensitive)."""
    canonical = tuple(values)
    table = {_alias_key(v): v for v in canonical}
    table.update({_alias_key(a): v for a, v in (aliases or {}).items()})

    def to_canonical(value: Any) -> Any:
        if isinstance(value, str):
            return table.get(_alias_key(value), value)
        return value

    return Annotated[Literal[canonical], BeforeValidator(to_canonical)]  # type: ignore[valid-type]


def as_list(value: Any) -> Any:
    """A single value where a list is expected becomes a one-item list."""
    if value is None:
        return []
    if isinstance(value, str | int):
        return [value]
    return value


def int_or_x(value: Any) -> Any:
    """Integers and the printed 'X' (full-width digits and Ｘ accepted); X is kept as "X"."""
    if isinstance(value, str):
        text = unicodedata.normalize("NFKC", value).strip()
        if text.upper() == "X":
            return "X"
        if _whole(text):
            return int(text)
    return value


def plain_int(value: Any) -> Any:
    """Integers written as text (full-width digits, a trailing '+', thousands commas) become ints."""
    if isinstance(value, str):
        text = unicodedata.normalize("NFKC", value).strip().rstrip("+").replace(",", "")
        if _whole(text):
            return int(text)
    return value


def _whole(text: str) -> bool:
    """Whether int() reads `text`: decimal digits ("²" is a digit int() refuses), at most INT_DIGITS of them (a
    longer number is left to the validator, which refuses it as too large)."""
    digits = text.removeprefix("-")
    return digits.isdecimal() and len(digits) <= INT_DIGITS


IntOrX = Annotated[int | Literal["X"], BeforeValidator(int_or_x)]
PlainInt = Annotated[int, BeforeValidator(plain_int)]


class Card(BaseModel):
    """Fields common to every game's card record."""

    # defer_build: the validation schema is built on the first validation, not when a game module is imported, so
    # a run that takes its cards from the compiled cache (deckcheck.cache restores them unvalidated) never builds it.
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, defer_build=True)

    game: str | None = None
    number: Number
    name: Name
    type: str
    set: str | None = None
    deck_limit: DeckLimit = None
    text: str | None = None

    def copy_limit(self, default: int) -> int | None:
        """The copy limit of this card: its own `deck_limit`, else the game's default. None = no limit."""
        if self.deck_limit == "any":
            return None
        return default if self.deck_limit is None else self.deck_limit

    def label(self) -> str:
        return f"{self.name} ({self.number})"
