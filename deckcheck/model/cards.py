"""The card record every game shares, and the small declarative layer its fields are written in.

Each game subclasses :class:`Card` with its own fields (see ``deckcheck/games/``). Enum fields accept
the Japanese aliases of the rules document through :func:`choice`.

Records are plain at run time, validated by pydantic when they are read. A record class declares its fields as
annotations, with :class:`Before`, :class:`After` and :class:`Bounds` in ``Annotated`` metadata, :func:`record_field`
for an alias or a validated default, and :func:`validates_before`, :func:`validates_after` and :func:`validates_field`
on its checks. Nothing of this imports pydantic: a run that takes its cards from the compiled cache
(``deckcheck.carddb.cache``) never does, which was half the start-up of one check. The pydantic model of a record class
(:meth:`Record.schema`) is made from that declaration the first time a record is validated (``cards import`` also
reads its fields); filters read the declaration itself (:meth:`Record.declared_fields`) and check their values with
:func:`value_validator`. This module is the seam: no other imports pydantic (a test holds it), and validation errors
reach callers as :class:`RecordError`.
"""

from __future__ import annotations

import builtins
import typing
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import UnionType
from typing import Annotated, Any, Literal, TypedDict, TypeVar, cast

from deckcheck._i18n import N_, _, language, ngettext, translate, translation
from deckcheck._util.limits import INT_DIGITS
from deckcheck._util.normalize import norm_name, norm_number
from deckcheck._util.safetext import quoted

if typing.TYPE_CHECKING:
    from pydantic import BaseModel

R = TypeVar("R", bound="Record")


# Field metadata, turned into pydantic's when a schema is made ------------------------------------------------------


@dataclass(frozen=True)
class Before:
    """Runs on the raw value before the type is checked (pydantic's BeforeValidator)."""

    func: Callable[[Any], Any]

    def pydantic(self) -> Any:
        # deferred: the pydantic seam (module docstring)
        from pydantic import BeforeValidator

        return BeforeValidator(self.func)


@dataclass(frozen=True)
class After:
    """Runs on the checked value (pydantic's AfterValidator)."""

    func: Callable[[Any], Any]

    def pydantic(self) -> Any:
        # deferred: the pydantic seam (module docstring)
        from pydantic import AfterValidator

        return AfterValidator(self.func)


@dataclass(frozen=True)
class Bounds:
    """Limits on a number (ge, le) or a length (min_length, max_length), as pydantic's Field takes them."""

    ge: int | None = None
    le: int | None = None
    min_length: int | None = None
    max_length: int | None = None

    def pydantic(self) -> Any:
        # deferred: the pydantic seam (module docstring)
        from pydantic import Field

        return Field(**{name: value for name, value in vars(self).items() if value is not None})


_REQUIRED: Any = object()  # the default of a field that has none


@dataclass(frozen=True)
class RecordField:
    """A field's default and options (see :func:`record_field`)."""

    default: Any = _REQUIRED
    alias: str | None = None
    validate_default: bool = False


def record_field(default: Any = _REQUIRED, *, alias: str | None = None, validate_default: bool = False) -> Any:
    """A field's default with options: the name records use for it (`alias`, e.g. evolve's ``class``), or
    `validate_default` so that its validators also judge a record that leaves it out."""
    return RecordField(default, alias, validate_default)


def _tagged(kind: str, mode: str, fields: tuple[str, ...] = ()) -> Callable[[Any], Any]:
    def tag(method: Any) -> Any:
        method.__validation__ = (kind, mode, fields)
        return method

    return tag


#: ``@validates_before`` on a classmethod (cls, data) -> data: reshapes the raw record before its fields are read.
validates_before = _tagged("model", "before")
#: ``@validates_after`` on a method (self) -> self: judges the record once every field is read (raise ValueError).
validates_after = _tagged("model", "after")


def validates_field(*fields: str) -> Callable[[Any], Any]:
    """On a classmethod (cls, value, info) -> value: judges those fields, with the fields read before them in
    ``info.data`` (pydantic's field_validator)."""
    return _tagged("field", "after", fields)


@dataclass(frozen=True)
class DeclaredField:
    """A field as its class declares it (no pydantic needed): its type, with the top-level ``Annotated`` metadata
    apart as pydantic's FieldInfo keeps it, the name records use for it, and whether a record must give it."""

    annotation: Any
    metadata: tuple[Any, ...]
    alias: str | None
    required: bool


def value_validator(annotation: Any) -> Callable[[Any], Any]:
    """A function validating one value as a field of type `annotation` (this module's metadata, or pydantic's) would:
    it returns the stored value, or raises ValueError (pydantic's ValidationError is one). For query values.

    The plain cases (a whole number for an int field, text for a text or choice field, true/false for a flag) are
    decided here, as pydantic would decide them (a test compares the two on every game's fields): importing
    pydantic for them was half the start-up of a `stats` run. Anything else goes to pydantic."""
    plain = _plain_shape(annotation)
    adapter: list[Callable[[Any], Any]] = []

    def validate(value: Any) -> Any:
        if plain is not None:
            decided = _validate_plain(plain, value)
            if decided is not _UNDECIDED:
                return decided
        if not adapter:
            # deferred: the pydantic seam (module docstring)
            from pydantic import TypeAdapter

            adapter.append(TypeAdapter(_pydantic_type(annotation)).validate_python)
        return adapter[0](value)

    return validate


_UNDECIDED: Any = object()


@dataclass(frozen=True)
class _PlainShape:
    """An annotation of one base type (int, str, bool or a Literal of strings) with at most one Before and one After
    function and Bounds: the shapes :func:`value_validator` decides without pydantic."""

    base: Any
    before: Callable[[Any], Any] | None
    after: Callable[[Any], Any] | None
    bounds: Bounds | None


def _plain_shape(annotation: Any) -> _PlainShape | None:
    """The annotation as a :class:`_PlainShape` (nested Annotated flattened, outer Before first), else None."""
    before: list[Callable[[Any], Any]] = []
    after: list[Callable[[Any], Any]] = []
    bounds: list[Bounds] = []
    while typing.get_origin(annotation) is Annotated:
        annotation, *metadata = typing.get_args(annotation)
        for item in metadata:
            if isinstance(item, Before):
                before.insert(0, item.func)  # an inner Before runs after the outer one: nearer the type
            elif isinstance(item, After):
                after.append(item.func)
            elif isinstance(item, Bounds):
                bounds.append(item)
            else:
                return None
    if len(before) > 1 or len(after) > 1 or len(bounds) > 1:
        return None
    literal = typing.get_origin(annotation) is Literal and all(isinstance(v, str) for v in typing.get_args(annotation))
    if annotation not in (int, str, bool) and not literal:
        return None
    return _PlainShape(
        annotation, before[0] if before else None, after[0] if after else None, bounds[0] if bounds else None
    )


def _validate_plain(shape: _PlainShape, value: Any) -> Any:
    """`value` validated as pydantic would, or _UNDECIDED where its rules are not this simple (bool for int, a
    number for text, ...)."""
    if shape.before is not None:
        value = shape.before(value)
    base = shape.base
    if base is bool:
        if type(value) is not bool:
            return _UNDECIDED
    elif base is int:
        if type(value) is not int:
            return _UNDECIDED
    elif type(value) is not str:
        return _UNDECIDED
    elif base is not str and value not in typing.get_args(base):
        raise ValueError(_("{value} is not one of the field's values").format(value=quoted(value)))
    bounds = shape.bounds
    if bounds is not None:
        if base is int and (
            (bounds.ge is not None and value < bounds.ge) or (bounds.le is not None and value > bounds.le)
        ):
            raise ValueError(_("{value} is out of the field's range").format(value=value))
        if base is str and (
            (bounds.min_length is not None and len(value) < bounds.min_length)
            or (bounds.max_length is not None and len(value) > bounds.max_length)
        ):
            raise ValueError(_("{value} is not of the field's length").format(value=quoted(value)))
        if base not in (int, str) and vars(bounds) != vars(Bounds()):
            return _UNDECIDED
    return value if shape.after is None else shape.after(value)


class RecordError(ValueError):
    """A record that does not validate. `str(error)` names every field and reason; ``errors()`` lists them as
    pydantic does (type, loc, msg, input), so code written for pydantic's ValidationError works unchanged."""

    def __init__(self, title: str, errors: list[dict[str, Any]]) -> None:
        self.title = title
        self._errors = _ErrorList(errors)
        count = len(errors)
        details = "; ".join(_field_and_reason(detail) for detail in errors)
        super().__init__(
            ngettext(
                "{n} validation error for {title}: {details}", "{n} validation errors for {title}: {details}", count
            ).format(n=count, title=title, details=details)
        )

    @property
    def errors(self) -> _ErrorList:
        """The problems: call it (``error.errors()``, as with pydantic); used as a list (``error.errors[0]``, the
        older form) it still works."""
        return self._errors

    def error_count(self) -> int:
        return len(self._errors)

    def __reduce__(self) -> tuple[Any, ...]:  # picklable (a worker process hands it back): made again from its parts
        return (type(self), (self.title, list(self._errors)))


class _ErrorList(list[dict[str, Any]]):
    """RecordError's problems: a list that can also be called, returning a copy of itself (pydantic's
    ``errors()``)."""

    def __call__(self) -> list[dict[str, Any]]:
        return list(self)


def _field_and_reason(detail: dict[str, Any]) -> str:
    loc = ".".join(str(part) for part in detail.get("loc", ())) or "-"
    reason = str(detail.get("msg", detail.get("type", "invalid"))).removeprefix("Value error, ")
    given = detail.get("input")
    if given is None or isinstance(given, dict) or detail.get("type") == "missing":
        return _("field '{field}': {reason}").format(field=loc, reason=reason)
    return _("field '{field}': {reason} (got {value})").format(field=loc, reason=reason, value=quoted(given))


#: pydantic's messages for the problems a card record commonly has, by error type, with the `ctx` values they name:
#: what a record's problems say in a language other than English (pydantic speaks English only). A type not listed
#: keeps pydantic's message.
_PYDANTIC_MESSAGES = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_type": N_("Input should be a valid integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "string_type": N_("Input should be a valid string"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "bool_type": N_("Input should be a valid boolean"),
    "list_type": N_("Input should be a valid list"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_type": N_("Input should be a valid dictionary"),
    "literal_error": N_("Input should be {expected}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "string_too_short": N_("String should have at least {min_length} characters"),
    "string_too_long": N_("String should have at most {max_length} characters"),
}


def _in_language(errors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """pydantic's problems with their `msg` in the chosen language (unchanged in English, and for an unlisted type;
    a record's own checks raise their reasons translated already)."""
    if translation() is None:
        return errors
    result = []
    for detail in errors:
        template = _PYDANTIC_MESSAGES.get(str(detail.get("type")))
        if template is not None:
            context = {key: str(value) for key, value in (detail.get("ctx") or {}).items()}
            if "expected" in context:  # "'unit', 'command' or 'territory'": a list in the chosen language
                context["expected"] = _(", ").join(context["expected"].replace(" or ", ", ").split(", "))
            try:
                said = translate(template).format(**context)
            except (KeyError, IndexError):  # a message whose values pydantic did not give: its own words
                said = str(detail.get("msg", ""))
            detail = {**detail, "msg": said}
        result.append(detail)
    return result


def invalid_fields(title: str, problems: Iterable[tuple[str, str, str, Any]]) -> Exception:
    """The error an ``@validates_after`` check raises to report several fields at once: one (field, error type,
    message, input) each, as if each field had failed on its own."""
    # deferred: the pydantic seam (module docstring)
    from pydantic import ValidationError
    from pydantic_core import InitErrorDetails, PydanticCustomError

    details = [
        InitErrorDetails(type=PydanticCustomError(kind, message), loc=(field,), input=value)
        for field, kind, message, value in problems
    ]
    return ValidationError.from_exception_data(title, details)


# Records --------------------------------------------------------------------------------------------------------


class Record:
    """A record with declared fields: plain attributes at run time, validated through :meth:`schema`.

    Instances come from :meth:`validate` (or the constructor, which validates its keywords) and from the cache,
    always with every field in ``__dict__``; `fields_set` names the fields the record gave (not defaults)."""

    __slots__ = ("__dict__", "fields_set")

    fields_set: set[str]

    # The declared fields, in pydantic's order (a parent's first; one redeclared keeps its place). Set per class.
    record_fields: typing.ClassVar[dict[str, RecordField]] = {}
    # pydantic's model_config of the schema; a subclass's entries are added to its parents'.
    schema_config: typing.ClassVar[dict[str, Any]] = {"extra": "forbid", "str_strip_whitespace": True}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = dict(cls.record_fields)
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue
            default = cls.__dict__.get(name, _REQUIRED)
            spec = default if isinstance(default, RecordField) else RecordField(default)
            fields[name] = spec
            if isinstance(default, RecordField):
                if spec.default is _REQUIRED:
                    delattr(cls, name)
                else:
                    setattr(cls, name, spec.default)
        cls.record_fields = fields

    def __init__(self, /, **data: Any) -> None:
        made = type(self).validate(data)
        self.__dict__ = made.__dict__
        self.fields_set = made.fields_set

    @classmethod
    def validate(cls: type[R], data: Any) -> R:
        """The record read from `data` (a dict as a card file gives it); RecordError names every problem."""
        # deferred: the pydantic seam (module docstring)
        from pydantic import ValidationError

        try:
            model = cls.schema().model_validate(data)
        except ValidationError as error:
            # cast: pydantic's ErrorDetails is a TypedDict, a plain dict at run time (no pydantic type leaves here)
            problems = cast("list[dict[str, Any]]", error.errors(include_url=False))
            raise RecordError(cls.__name__, _in_language(problems)) from None
        return cls.from_model(model)

    @classmethod
    def from_model(cls: type[R], model: Any) -> R:
        """The plain record of a validated schema instance (nested records are plain already)."""
        record = cls.__new__(cls)
        record.__dict__ = {name: model.__dict__[name] for name in cls.record_fields}
        record.fields_set = set(model.model_fields_set)
        return record

    @classmethod
    def declared_fields(cls) -> dict[str, DeclaredField]:
        """The declared fields by attribute name (made once per class): what a filter needs to read a value."""
        made = cls.__dict__.get("_declared")
        if made is None:
            hints = typing.get_type_hints(cls, include_extras=True)
            made = {}
            for name, spec in cls.record_fields.items():
                annotation, metadata = hints[name], ()
                if typing.get_origin(annotation) is Annotated:
                    annotation, *rest = typing.get_args(annotation)
                    metadata = tuple(rest)
                made[name] = DeclaredField(annotation, metadata, spec.alias, spec.default is _REQUIRED)
            type.__setattr__(cls, "_declared", made)
        return made

    @classmethod
    def schema(cls) -> type[BaseModel]:
        """The pydantic model that validates this class's records, made once per class on first use."""
        made = cls.__dict__.get("_schema")
        if made is None:
            made = _make_schema(cls)
            type.__setattr__(cls, "_schema", made)
        return made

    def to_dict(
        self,
        *,
        by_alias: bool = False,
        exclude_none: bool = False,
        exclude_unset: bool = False,
        exclude: Iterable[str] = (),
    ) -> dict[str, Any]:
        """The fields as plain data (pydantic's model_dump with the same options; nested records too)."""
        skip = set(exclude)
        nested: _DumpOptions = {"by_alias": by_alias, "exclude_none": exclude_none, "exclude_unset": exclude_unset}
        result = {}
        for name, spec in type(self).record_fields.items():
            if name in skip or (exclude_unset and name not in self.fields_set):
                continue
            value = self.__dict__[name]
            if exclude_none and value is None:
                continue
            key = spec.alias if by_alias and spec.alias else name
            result[key] = _plain(value, nested)
        return result

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]  # mutable and compared by value, as pydantic's models

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items())
        return f"{type(self).__name__}({fields})"


class _DumpOptions(TypedDict):
    """The options of :meth:`Record.to_dict` that nested records are dumped with."""

    by_alias: bool
    exclude_none: bool
    exclude_unset: bool


def _plain(value: Any, options: _DumpOptions) -> Any:
    if isinstance(value, Record):
        return value.to_dict(**options)
    if isinstance(value, list | tuple):
        return type(value)(_plain(item, options) for item in value)
    if isinstance(value, dict):
        return {key: _plain(item, options) for key, item in value.items()}
    return value


def _make_schema(cls: type[Record]) -> type[BaseModel]:
    # deferred: the pydantic seam (module docstring)
    from pydantic import ConfigDict, Field, create_model, field_validator, model_validator

    declared = cls.declared_fields()
    definitions: dict[str, Any] = {}
    for name, spec in cls.record_fields.items():
        field = declared[name]
        annotation = Annotated[(field.annotation, *field.metadata)] if field.metadata else field.annotation
        options: dict[str, Any] = {}
        if spec.default is not _REQUIRED:
            options["default"] = spec.default
        if spec.alias is not None:
            options["alias"] = spec.alias
        if spec.validate_default:
            options["validate_default"] = True
        definitions[name] = (_pydantic_type(annotation), Field(**options))
    validators: dict[str, Any] = {}
    config: ConfigDict = {}
    for klass in reversed(cls.__mro__):
        config.update(klass.__dict__.get("schema_config", {}))
        for attribute, value in klass.__dict__.items():
            tag = getattr(value, "__validation__", None)
            if tag is None:
                continue
            kind, mode, fields = tag
            validators[attribute] = (
                model_validator(mode=mode)(value) if kind == "model" else field_validator(*fields, mode=mode)(value)
            )
    return create_model(
        cls.__name__,
        __config__=ConfigDict(**config, defer_build=True),  # built on first validation: `fields` alone is cheap
        __module__=cls.__module__,
        __validators__=validators,
        **definitions,
    )


def _pydantic_type(annotation: Any) -> Any:
    """The annotation with this module's metadata turned into pydantic's and nested record classes into their
    schemas (each value read back as the plain record)."""
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        base, *metadata = typing.get_args(annotation)
        converted = [item.pydantic() if isinstance(item, Before | After | Bounds) else item for item in metadata]
        return Annotated[(_pydantic_type(base), *converted)]
    if origin is Literal:
        return annotation
    args = typing.get_args(annotation)
    if origin is not None and args:  # list[...], dict[...], tuple[...], X | Y: the same shape, its parts converted
        parts = tuple(_pydantic_type(arg) for arg in args)
        if origin is typing.Union or origin is UnionType:
            return typing.Union[parts]  # noqa: UP007
        return origin[parts]
    if isinstance(annotation, type) and issubclass(annotation, Record):
        return Annotated[annotation.schema(), After(annotation.from_model).pydantic()]
    return annotation


# Field types every game uses ------------------------------------------------------------------------------------

Number = Annotated[str, Bounds(min_length=1), After(norm_number)]
Name = Annotated[str, Bounds(min_length=1), After(norm_name)]


def _alias_key(value: str) -> str:
    return unicodedata.normalize("NFKC", value).strip().casefold()


def _any_limit(value: Any) -> Any:
    if isinstance(value, str) and _alias_key(value) in {"any", "無制限"}:
        return "any"
    return value


DeckLimit = Annotated[Annotated[int, Bounds(ge=0)] | Literal["any"] | None, Before(_any_limit)]


def choice(values: Iterable[str], aliases: Mapping[str, str] | None = None) -> Any:
    """An enum field stored as its canonical string, accepting aliases (case- and width-insensitive)."""
    canonical = tuple(values)
    table = {_alias_key(v): v for v in canonical}
    table.update({_alias_key(a): v for a, v in (aliases or {}).items()})

    def to_canonical(value: Any) -> Any:
        if isinstance(value, str):
            return table.get(_alias_key(value), value)
        return value

    return Annotated[Literal[canonical], Before(to_canonical)]


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


PlainInt = Annotated[int, Before(plain_int)]


_C = TypeVar("_C", bound="Card")


class Card(Record):
    """Fields common to every game's card record.

    `number` and `name` hold the normalised forms (norm_number: NFKC, trimmed, upper-cased; norm_name: NFKC, trimmed,
    single spaces), which every look-up and comparison reads: the database's keys, copy identities, searches. Where
    the record spells them otherwise (``BP03-LDⓈ01``, ``B08-047a``, a full-width ``！``), the card also keeps that
    spelling, trimmed, for display: :attr:`printed_number`, :attr:`printed_name` and :meth:`label` show what is
    printed. The spellings are not fields (no record gives them, ``to_dict`` leaves them out); the compiled cache
    keeps them beside the fields."""

    # (number, name) as the record spells them where that differs from the field (else None); None: both alike.
    # `_named`: the other name a deck names this card by (as printed), on the deck's copy of it (see `named_by`).
    __slots__ = ("_named", "_printed")

    game: str | None = None
    number: Number
    name: Name
    type: str
    set: str | None = None
    deck_limit: DeckLimit = None
    text: str | None = None

    # The fields that hold the card's other names (Cipher's Japanese names, `names_ja`): names a deck may use for the
    # card as well as `name`, found by every look-up by name (deckcheck.carddb.db.CardDB.numbers_by_name), `cards
    # search` and `name=` / `name~=` filters. Each holds a list of names as printed (compared after norm_name).
    other_name_fields: typing.ClassVar[tuple[str, ...]] = ()
    # What the other names are called in messages and tables ("Japanese name").
    other_name_label: typing.ClassVar[str] = N_("other name")  # marked N_: shown with `translate`
    # The language the other names are in ("ja": Cipher's names_ja): an interface in it shows the first of them
    # before the card's own name (`local_name`); None: only a deck naming the card by one does.
    other_name_language: typing.ClassVar[str | None] = None

    # Field values that say the card data cannot tell the fact (a trigger that may be a stand trigger or none): a
    # filter on the field counts known cards only, and says how many it left out.
    unknown_facts: typing.ClassVar[dict[str, tuple[Any, ...]]] = {}

    def __init__(self, /, **data: Any) -> None:
        super().__init__(**data)
        self._printed = printed_forms(data, self.number, self.name)
        self._named: str | None = None

    @classmethod
    def validate(cls: builtins.type[_C], data: Any) -> _C:  # builtins: `type` is a field here
        card = super().validate(data)
        card._printed = printed_forms(data, card.number, card.name)
        return card

    @property
    def printed(self) -> tuple[str | None, str | None] | None:
        """The record's own spellings of (number, name) where they differ from the fields; None when neither does."""
        try:
            return self._printed
        except AttributeError:  # made without a record (Record.from_model): the fields are all there is
            return None

    @property
    def printed_number(self) -> str:
        """The number as printed (as the record spells it): for display, never for comparing."""
        printed = self.printed
        return printed[0] or self.number if printed else self.number

    @property
    def printed_name(self) -> str:
        """The name as printed (as the record spells it): for display, never for comparing."""
        printed = self.printed
        return printed[1] or self.name if printed else self.name

    @property
    def printed_other_names(self) -> list[str]:
        """The card's other names as printed (see `other_name_fields`), each once, in the record's order."""
        names: dict[str, None] = {}
        for field_name in self.other_name_fields:
            names.update(dict.fromkeys(getattr(self, field_name, None) or ()))
        return list(names)

    @property
    def other_names(self) -> list[str]:
        """The card's other names, normalised (norm_name) as every look-up compares them, each once."""
        return list(dict.fromkeys(norm_name(name) for name in self.printed_other_names))

    def printed_other_name(self, name: str) -> str | None:
        """The card's other name as printed whose normalised form is `name` (None: no other name of the card)."""
        return next((printed for printed in self.printed_other_names if norm_name(printed) == name), None)

    def __eq__(self, other: object) -> bool:
        same = super().__eq__(other)
        if same is not True:
            return same
        assert isinstance(other, Card)
        return self.printed == other.printed

    def copy_limit(self, default: int) -> int | None:
        """The copy limit of this card: its own `deck_limit`, else the game's default. None = no limit."""
        if self.deck_limit == "any":
            return None
        return default if self.deck_limit is None else self.deck_limit

    def named_by(self: _C, name: str) -> _C:
        """This card as a deck names it by its other name `name` (as printed, one of `printed_other_names`): a copy
        that shows that name first (`local_name`), equal to the card. The card database's own record is left as
        it is: another deck may name the card otherwise."""
        copy = object.__new__(type(self))
        copy.__dict__ = self.__dict__  # the fields are shared: a record is not changed once read
        copy.fields_set = self.fields_set
        copy._printed = self.printed
        copy._named = name
        return copy

    @property
    def named(self) -> str | None:
        """The other name the deck names this card by (as printed; see `named_by`), else None."""
        try:
            return self._named
        except AttributeError:  # the database's own record
            return None

    @property
    def local_name(self) -> str | None:
        """The other name shown before the card's own (as printed): the one the deck names the card by, else under
        an interface in the other names' language (Japanese for Cipher) the first of them; None: the card's own
        name is shown alone."""
        named = self.named
        if named is not None:
            return named
        if self.other_name_language is None or language() != self.other_name_language:
            return None
        names = self.printed_other_names
        return names[0] if names else None

    @property
    def said_name(self) -> str:
        """The card's name as the interface says it in prose and in lines with room: the local name (`local_name`,
        a Japanese name) first with the card's own beside it, `亡国の王子 マルス（Prince of a Fallen Land Marth）`
        (half-width brackets in an English interface), else the name as printed. This, `listed_name` and `label`
        are the one place that says a card's name to people; JSON keeps `printed_name`."""
        local = self.local_name
        if local is None:
            return self.printed_name
        if language() == "ja":
            return f"{local}（{self.printed_name}）"
        return f"{local} ({self.printed_name})"

    @property
    def listed_name(self) -> str:
        """The card's name where one name alone is written (a printed deck list handed in, a narrow column): the
        local name (`local_name`) alone, else the name as printed."""
        return self.local_name or self.printed_name

    def label(self) -> str:
        """'name (number)' as printed, for messages; a card shown by its local name (a Japanese name) says it first,
        with its own name and number beside: `亡国の王子 マルス（Prince of a Fallen Land Marth、B01-002）`."""
        return self.label_with([self.printed_number])

    def listed_label(self) -> str:
        """:meth:`label` where one name alone is written (a deck list's keys, its 主人公 line): `listed_name` and the
        number, `亡国の王子 マルス（B01-002）`."""
        local = self.local_name
        if local is None:
            return self.label()
        return f"{local}（{self.printed_number}）" if language() == "ja" else f"{local} ({self.printed_number})"

    def label_with(self, numbers: Iterable[str]) -> str:
        """:meth:`label` with the numbers given (as printed: the printings a message counts) in place of the
        card's own."""
        local = self.local_name
        if local is None:
            return f"{self.printed_name} ({', '.join(numbers)})"
        if language() == "ja":
            return f"{local}（{'、'.join([self.printed_name, *numbers])}）"
        return f"{local} ({', '.join([self.printed_name, *numbers])})"

    def shown_value(self, attribute: str) -> Any:
        """A field as tables show it; a game's card overrides it where a stored value reads badly (an unknown fact
        that must read as unknown)."""
        return getattr(self, attribute, None)


def printed_forms(data: Any, number: str, name: str) -> tuple[str | None, str | None] | None:
    """The record's spellings of number and name (trimmed) where they differ from the normalised `number` and
    `name` of its card; None when both are alike."""
    if not isinstance(data, Mapping):
        return None
    given = []
    for key, normalised in (("number", number), ("name", name)):
        value = data.get(key)
        text = value.strip() if isinstance(value, str) else None
        given.append(text if text and text != normalised else None)
    return None if given == [None, None] else (given[0], given[1])


#: A game's card record class, for what is generic over it (a deck, a game, a table: ``Deck[CipherCard]``).
CardT = TypeVar("CardT", bound=Card)
