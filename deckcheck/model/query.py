"""Card filters and hand queries of the contract: `>=2 trigger=heal`, `cost=1|2,class=forest`, `name~=騎士`.

A FILTER is `field=value` pairs joined by `,` (all must hold); values joined by `|` (any may hold). Values are
compared as the record stores them: each value goes through the field's own validator, so integers, booleans and
the Japanese aliases of enum values all work. A list field (`clans`, `traits`) matches when it contains the value.
`name=` matches the normalised name exactly and `name~=` by substring. A number field also takes ranges that an
unquoted shell leaves alone, `grade=2..` (2 or more), `cost=..3` (3 or less), `grade=2..3` (both ends included),
mixed with plain values by `|` (`cost=0|3..5`), and `>=`, `<=`, `>` and `<` with one whole number (`grade>=2`, which
a shell needs quoted); a card whose value is not a number (no value, cost X) never matches a range or comparison.
A field is named as the card records name it (or by its alias) or by the word the game's rules document names the
printed field with (`グレード=3`, `コスト<=2`: Game.cards.field_words), after NFKC. A field the game does not have is
an error.

A QUERY's count prefix is `>=K ` or `<=K ` (`>=2 trigger=heal`), or `K+` without a space or a shell character
(`2+trigger=heal`: at least 2).
"""

from __future__ import annotations

import operator
import re
import types
import typing
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Annotated, Any

from deckcheck._i18n import _
from deckcheck._util.normalize import norm_name
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.errors import DeckcheckError
from deckcheck.model.cards import Card, value_validator
from deckcheck.model.game import Game

#: A condition: a field (a record field, or a word of the rules document such as グレード: any letters, as after NFKC),
#: an operator and its values.
# (the values are the rest of the line without its blanks at either end, each run of blanks inside them taken whole and
# only where a value follows: one pass, where a lazy group before a run of blanks tried the run once per blank)
_CONDITION = re.compile(
    r"^\s*(?P<field>[^\W\d][\w-]*)\s*(?P<op>~=|>=|<=|=|>|<)\s*+(?P<values>(?:\S++|[^\S\n]++(?=\S))*+)\s*+$"
)
#: Comparisons of a number field with one whole number (`grade>=2`, `cost<=3`, `power>10000`).
_COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
}
_QUERY = re.compile(r"^(?P<op>>=|<=)(?P<k>\d{1,18}) (?P<filter>.+)$")
#: The shell-safe count prefix: `2+grade=3` (at least 2), no space, nothing a shell reads.
_PLUS_QUERY = re.compile(r"^(?P<k>\d{1,18})\+\s*(?P<filter>[^\W\d].*)$")
#: A range of whole numbers, `2..`, `..3`, `2..3` (after NFKC: full-width digits and dots too).
_RANGE = re.compile(r"^\s*+(?P<low>-?\d{1,18})?\s*+\.\.\s*+(?P<high>-?\d{1,18})?\s*+$")


@dataclass(frozen=True)
class Condition:
    field: str
    substring: bool
    values: tuple[Any, ...]
    is_list: bool

    def matches(self, card: Card) -> bool:
        stored = getattr(card, self.field, None)
        if self.field == "name" and card.other_name_fields:  # a card's other names (Japanese) are names too
            names = [card.name, *card.other_names]
            if self.substring:
                return any(value in name for value in self.values for name in names)
            return any(name in self.values for name in names)
        if self.substring:
            if isinstance(stored, list):  # a list of texts (traits): any of them holds the part
                return any(value in item for value in self.values for item in stored)
            return any(value in (stored or "") for value in self.values)
        if self.is_list:
            return any(value in (stored or ()) for value in self.values)
        return stored in self.values


@dataclass(frozen=True)
class Comparison:
    """A number field compared with a whole number: `grade>=2`."""

    field: str
    op: str
    bound: int

    def matches(self, card: Card) -> bool:
        stored = getattr(card, self.field, None)
        return type(stored) is int and _COMPARISONS[self.op](stored, self.bound)


@dataclass(frozen=True)
class Ranges:
    """A number field within one of some ranges, both ends included (None: open): `grade=2..`, `cost=0|3..5`."""

    field: str
    ranges: tuple[tuple[int | None, int | None], ...]

    def matches(self, card: Card) -> bool:
        stored = getattr(card, self.field, None)
        return type(stored) is int and any(
            (low is None or stored >= low) and (high is None or stored <= high) for low, high in self.ranges
        )


@dataclass(frozen=True)
class CardFilter:
    text: str
    conditions: tuple[Condition | Comparison | Ranges, ...]

    def __call__(self, card: Card) -> bool:
        return all(condition.matches(card) for condition in self.conditions)


@dataclass(frozen=True)
class Query:
    """At least (`>=`) or at most (`<=`) K cards of the hand match the filter."""

    text: str
    at_least: bool
    k: int
    filter: CardFilter
    deadline: int | None = None  # a trailing `@N`: by own turn N (stats); None: the command's --turn

    def holds(self, matching: int) -> bool:
        return matching >= self.k if self.at_least else matching <= self.k


def condition_of(part: str) -> re.Match[str] | None:
    """A filter's part read as `field OP values`: as written, else after NFKC (`グレード＝３`, `ｃｏｓｔ＜＝２`)."""
    return _CONDITION.match(part) or _CONDITION.match(_nfkc(part))


def _field_info(game: Game[Any], name: str) -> tuple[str, Any]:
    """The record field a filter names (its attribute or alias, or the rules document's word for it) and its info;
    a name the game's cards lack is a DeckcheckError naming the fields."""
    fields = game.card_model.declared_fields()
    wanted = game.cards.field_of_word(name) or _nfkc(name)
    for attribute, info in fields.items():
        if wanted in (attribute, info.alias) and attribute != "game":
            return attribute, info
    known = sorted(info.alias or attribute for attribute, info in fields.items() if attribute != "game")
    raise DeckcheckError(
        _("{game} cards have no field {field}; the fields are: {fields}").format(
            game=game.said_title, field=quoted(name), fields=joined(known)
        ),
        field=name,
    )


def _value_parser(info: Any) -> tuple[Callable[[str], Any], bool]:
    """A parser turning query text into the stored value, and whether the field is a list."""
    annotation = info.annotation
    is_list = False
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and len(args) == 1:
        annotation = args[0]  # Optional[X] → X
    if typing.get_origin(annotation) is list:
        annotation, is_list = typing.get_args(annotation)[0], True
        metadata: list[Any] = []
    else:
        metadata = list(info.metadata)
    validate = value_validator(Annotated[annotation, *metadata] if metadata else annotation)

    def parse(text: str) -> Any:
        candidates: list[Any] = [text]
        if text.lower() in ("true", "false"):
            candidates.insert(0, text.lower() == "true")
        if re.fullmatch(r"-?\d{1,18}", text):  # longer: no card stores it (and int() stops at 4,300 digits)
            candidates.insert(0, int(text))
        for candidate in candidates:
            try:
                return validate(candidate)
            except ValueError:  # pydantic's ValidationError
                continue
        raise ValueError(text)

    return parse, is_list


def parse_filter(text: str, game: Game[Any]) -> CardFilter:
    """`field=value|value,field=value` → a card predicate; an unknown field or bad value is a DeckcheckError."""
    conditions: list[Condition | Comparison | Ranges] = []
    for part in text.split(","):
        match = condition_of(part)
        if not match or not match["values"]:
            raise DeckcheckError(
                _(
                    "cannot read the filter {filter} at {part}: expected field=value or a number range such as "
                    "grade=2.. or cost=1..3 (values joined by '|', conditions by ',')"
                ).format(filter=quoted(text), part=quoted(part.strip()))
            )
        name, op = match["field"], match["op"]
        attribute, info = _field_info(game, name)
        if op in _COMPARISONS:
            conditions.append(_comparison(game, name, attribute, info, op, match["values"]))
            continue
        raw_values = [value.strip() for value in match["values"].split("|")]
        if op == "=" and attribute != "name" and any(_RANGE.match(_nfkc(value)) for value in raw_values):
            conditions.append(_ranges(game, name, attribute, info, raw_values))
            continue
        if op == "~=" and not _holds_text(info.annotation):
            if _takes_numbers(info):
                template = _(
                    "{name}~={values}: ~= finds part of a text (e.g. name~=騎士), and the {game} field {field} holds "
                    "{kind}; use {name}=VALUE or a comparison such as {name}>=VALUE"
                )
            else:
                template = _(
                    "{name}~={values}: ~= finds part of a text (e.g. name~=騎士), and the {game} field {field} holds "
                    "{kind}; use {name}=VALUE"
                )
            raise DeckcheckError(
                template.format(
                    name=name, values=match["values"], game=game.id, field=quoted(name), kind=_kind_of(info.annotation)
                ),
                field=name,
            )
        if op == "~=" or attribute == "name":
            values = tuple(norm_name(value) for value in raw_values)
            conditions.append(Condition(attribute, op == "~=", values, is_list=False))
            continue
        parse, is_list = _value_parser(info)
        parsed: list[Any] = []
        for value in raw_values:
            try:
                result = parse(value)
            except ValueError:
                raise DeckcheckError(
                    _("{value} is not a valid value of {game} field {field}").format(
                        value=quoted(value), game=game.id, field=quoted(name)
                    ),
                    field=name,
                ) from None
            if isinstance(result, list):  # a list field whose validator wraps one value into a list
                is_list = True
                parsed.extend(result)
            else:
                parsed.append(result)
        conditions.append(Condition(attribute, False, tuple(parsed), is_list))
    return CardFilter(text, tuple(conditions))


def _comparison(game: Game[Any], name: str, attribute: str, info: Any, op: str, value: str) -> Comparison:
    """`field>=N`: N must be a whole number, and the field one whose records store whole numbers."""
    if not re.fullmatch(r"-?\d{1,18}", value):
        raise DeckcheckError(
            _(
                "{name}{op}{value}: {op} compares with one whole number of at most 18 digits (e.g. {name}{op}2), "
                "not {quoted}"
            ).format(name=name, op=op, value=value, quoted=quoted(value)),
            field=name,
        )
    _check_number_field(game, name, info, f"{name}{op}{value}", op, value)
    return Comparison(attribute, op, int(value))


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _ranges(game: Game[Any], name: str, attribute: str, info: Any, raw_values: list[str]) -> Ranges:
    """`field=2..`, `field=..3`, `field=2..3`, with plain whole numbers among them (`cost=0|3..5`)."""
    shown = "|".join(raw_values)
    ranges: list[tuple[int | None, int | None]] = []
    for value in raw_values:
        text = _nfkc(value)
        match = _RANGE.match(text)
        if match and (match["low"] or match["high"]):
            low = int(match["low"]) if match["low"] else None
            high = int(match["high"]) if match["high"] else None
            if low is not None and high is not None and low > high:
                raise DeckcheckError(
                    _(
                        "{name}={shown}: the range {value} is empty (from {low} up to {high}); write the smaller "
                        "number first, e.g. {name}={high}..{low}"
                    ).format(name=name, shown=shown, value=value, low=low, high=high),
                    field=name,
                )
            ranges.append((low, high))
        elif re.fullmatch(r"\s*-?\d{1,18}\s*", text):
            ranges.append((int(text), int(text)))
        else:
            raise DeckcheckError(
                _(
                    "{name}={shown}: a range is whole numbers around '..' (e.g. {name}=2.., {name}=..3, "
                    "{name}=2..3), and {value} is not one"
                ).format(name=name, shown=shown, value=quoted(value)),
                field=name,
            )
    _check_number_field(
        game, name, info, f"{name}={shown}", _("a range"), str(next(b for r in ranges for b in r if b is not None))
    )
    return Ranges(attribute, tuple(ranges))


def _check_number_field(game: Game[Any], name: str, info: Any, shown: str, what: str, value: str) -> None:
    """Refuse a range or comparison on a field whose records do not store whole numbers."""
    parse, is_list = _value_parser(info)
    try:
        stored = parse(value)
    except ValueError:
        stored = None  # out of the field's range (grade>=9): still a comparison, it just matches nothing
        if not _takes_numbers(info):
            stored = ""
    if is_list or isinstance(stored, bool | str | list):
        raise DeckcheckError(
            _(
                "{shown}: the {game} field {field} is not a number, so {what} cannot compare it; use {name}=VALUE"
            ).format(shown=shown, game=game.id, field=quoted(name), what=what, name=name),
            field=name,
        )


def _holds_text(annotation: Any) -> bool:
    """Whether a field stores text (or a list of texts): what `~=` can find a part of."""
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _holds_text(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        parts = [part for part in typing.get_args(annotation) if part is not type(None)]
        return all(_holds_text(part) for part in parts)
    if origin is list:
        return _holds_text(typing.get_args(annotation)[0])
    if origin is typing.Literal:
        return all(isinstance(value, str) for value in typing.get_args(annotation))
    return annotation is str


def _kind_of(annotation: Any) -> str:
    text = repr(annotation)
    if re.search(r"\bbool\b", text):
        return _("true or false")
    if re.search(r"\bint\b", text):
        return _("a number")
    return _("no plain text")


def _takes_numbers(info: Any) -> bool:
    """Whether a field's type mentions int (its validator may still refuse a given number)."""
    return re.search(r"\bint\b", repr(info.annotation)) is not None


def parse_query(text: str, game: Game[Any]) -> Query:
    """`[>=K |<=K |K+]FILTER[@N]`, default `>=1`; a trailing `@N` is the query's own deadline (own turn N)."""
    text, deadline = split_deadline(text)
    match = _QUERY.match(text.strip())
    plus = _PLUS_QUERY.match(_nfkc(text.strip()))
    if match:
        query = Query(text, match["op"] == ">=", int(match["k"]), parse_filter(match["filter"], game))
    elif plus:
        query = Query(text, True, int(plus["k"]), parse_filter(plus["filter"], game))
    elif text.strip()[:2] in (">=", "<="):
        raise DeckcheckError(
            _(
                "cannot read the query {query}: expected '>=K FILTER' or '<=K FILTER' (one space), or K+FILTER "
                "(at least K, e.g. 2+grade=3)"
            ).format(query=quoted(text))
        )
    else:
        query = Query(text, True, 1, parse_filter(text, game))
    return query if deadline is None else replace(query, deadline=deadline)


_WORD = re.compile(r"\S+")


def _deadline(text: str) -> tuple[str, str] | None:
    """The query and the turn of `query @ turn`: the first `@` followed by at most one word (the turn), the query
    before it without its trailing blanks, on one line; None when no `@` is followed so. (What the pattern
    `^(?P<query>.*?)\\s*@\\s*(?P<turn>\\S*)\\s*$` finds, found in one pass: it tried each `@` to the end of the text,
    quadratic on a run of `@` or of blanks.)"""
    ends = [word.end() for word in _WORD.finditer(text)][-2:]
    at = text.find("@", ends[0] - 1 if len(ends) == 2 else 0)  # (from the last letter of the word before the last)
    if at < 0:
        return None
    query = text[:at].rstrip()
    return None if "\n" in query else (query, text[at + 1 :].strip())


def split_deadline(text: str) -> tuple[str, int | None]:
    """`grade=1@2` → (`grade=1`, 2): the text after the last `@` is a whole turn number (no card value holds `@`)."""
    found = _deadline(text)
    if found is None:
        return text, None
    query, turn = found
    if not re.fullmatch(r"\d{1,6}", turn):
        raise DeckcheckError(
            _(
                "cannot read the deadline of {query}: @ is followed by an own turn number, e.g. grade=1@1 "
                "(by the main phase of own turn 1; @0 is the opening hand after the mulligan)"
            ).format(query=quoted(text)),
            field="want",
        )
    if not query.strip():
        raise DeckcheckError(
            _("{query} has a deadline but no query before the @").format(query=quoted(text)), field="want"
        )
    return query.strip(), int(turn)
