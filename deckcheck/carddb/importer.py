"""`deckcheck cards import`: CSV, TSV or JSON card lists become validated TOML records in a card database folder.

The input:

- ``.csv`` (comma-separated) or ``.tsv`` (tab-separated): the first row names the columns, which are the record
  fields of the game's card model (aliases such as evolve's ``class`` included; letter case and full-width letters do
  not matter). Every cell is text: an empty cell means the field is absent, except in a list column the model
  requires (vanguard ``clans``, cipher ``symbols``, build-divide ``colors``), where it is the empty list. List cells
  are split on ``|``, ``;`` or ``、`` (one value alone is left to the model, which may split a printed line itself,
  e.g. evolve's 「兵士・指揮官」). Yes/no cells accept true/false, yes/no, 1/0, y/n, ○/×, はい/いいえ (any case,
  full-width too). Integer cells may use full-width digits. Rows that are entirely blank are skipped. Row numbers
  count the header as row 1.
- ``.json``: a list of objects, or an object ``{"game": ..., "cards": [...]}``. Values are taken as they are (a
  ``null`` is an absent field). Items count from 1.
- A game's public fan lists, handed in by the caller (``formats``: the game's converter in ``deckcheck.realdata``
  knows them, e.g. EVOLVE's fan CSV ``card_code,name,class,card_type,...`` and the simulator's JSON) and recognised
  by a CSV's header or a JSON document's shape: each row or item goes through the format's mapping, which may give
  several records (one per printing), reject it (row or item number, field, reason) or leave it out with a note
  (a point marker); the records are then validated as above. The report names the format read.
- UTF-8 with or without a BOM, UTF-16 with a BOM (Excel's "Unicode text"), else cp932 (Shift_JIS, what Japanese
  Excel writes), which the output mentions.

Every row is validated with :func:`deckcheck.carddb.parse_record`, so its messages are the database loader's. The
valid rows are merged into ``INTO/<game>/<FILE stem>.toml`` (same number: replaced in place or unchanged; new
numbers appended) and written atomically; nothing is written when no record changes, so a re-import is idempotent.
Rows that would break the database folder (a number held by another file, records of one copy-limit identity that
disagree on ``deck_limit``) are rejected like invalid rows; so are rows whose ``deck_limit`` disagrees with a card of
another layer the folder is read with (shipped, the git root's ``carddb/``, ``$DECKCHECK_CARDDB``, ``--carddb``),
which would make every later command of the game exit 2. Two imports into one folder at once take turns (a lock on
the game's folder), so neither misses the other's records.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import types
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple, Union, get_args, get_origin

import tomli
import tomli_w

from deckcheck._i18n import N_, _
from deckcheck._util.atomic import atomic_write, folder_lock
from deckcheck._util.files import decode_text, read_input, read_repository_file
from deckcheck._util.normalize import norm_number
from deckcheck._util.safetext import one_line, quoted, quoted_list
from deckcheck._util.toml_scan import toml_comment_lines, toml_error_position
from deckcheck.carddb.db import (
    CARD_FILE,
    layer_folders,
    limit_disagreements,
    load_file,
    load_layers,
    parse_record,
    record_number,
)
from deckcheck.carddb.listformat import LeftOut, ListFormat, RowError
from deckcheck.errors import DeckcheckError, OptionError, mention
from deckcheck.games import get_game
from deckcheck.model.cards import Card
from deckcheck.model.game import Game

if TYPE_CHECKING:
    from pydantic import BaseModel

LIST_SEPARATORS = re.compile(r"[|;、]")
TRUE_WORDS = {"true", "yes", "1", "y", "○", "〇", "◯", "はい"}
FALSE_WORDS = {"false", "no", "0", "n", "×", "いいえ"}
_INTEGER = re.compile(r"[+-]?\d+")


class Rejection(NamedTuple):
    """One problem of a rejected row: its row (CSV, header = 1) or item (JSON, from 1), the field, why."""

    row: int
    field: str | None
    reason: str


@dataclass
class ImportReport:
    """What an import did; numbers are normalised card numbers."""

    source: Path
    target: Path
    unit: str  # "row" (CSV/TSV) or "item" (JSON)
    encoding: str
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    written: bool = False
    comments_dropped: bool = False
    format: ListFormat | None = None  # the public list format read (None: deckcheck's own record fields)
    left_out: list[Rejection] = field(default_factory=list)  # items that are no card of a deck (a point marker)

    @property
    def rejected_rows(self) -> list[int]:
        return sorted({rejection.row for rejection in self.rejected})


@dataclass
class _Row:
    """One input row as a record dict (None: not an object), with the problems found while reading it."""

    index: int
    record: dict[str, Any] | None
    problems: list[Rejection] = field(default_factory=list)


@dataclass
class _Input:
    """What was read from the file: its unit ("row" or "item"), its rows, the public format it is in (if any) and
    the items that format leaves out on purpose."""

    unit: str
    rows: list[_Row]
    format: ListFormat | None = None
    left_out: list[Rejection] = field(default_factory=list)


@dataclass
class _Entry:
    """A card of the folder after the import: where it comes from, and the input row that changes it (if any)."""

    card: Card
    source: str
    row: int | None = None


# The command ---------------------------------------------------------------------------------------------


def import_cards(
    file: Path,
    game_id: str,
    into: Path,
    *,
    force: bool = False,
    carddb_dirs: Iterable[str | Path] = (),
    formats: Sequence[ListFormat] = (),
) -> ImportReport:
    """Validate the rows of `file` and merge the valid ones into `into/<game>/<stem>.toml` (see the module doc);
    `carddb_dirs` are further folders the result will be read with (besides shipped, git root, $DECKCHECK_CARDDB);
    `formats` are the game's public list formats, recognised by a file's header or shape (deckcheck.realdata)."""
    game = get_game(game_id)
    text, encoding = _read_text(file)
    read = _read_rows(file, text, game, formats)
    target = into / game.id / f"{file.stem}.toml"
    if target.is_dir():
        raise DeckcheckError(_("cannot write: it is a folder"), path=target)
    # Another import into this folder waits: it reads the whole folder too, and its check would miss these rows.
    # A game folder created here and left empty (nothing written) is removed again.
    with folder_lock(target.parent):
        return _import_locked(game, read, file, encoding, target, force, carddb_dirs)


def _import_locked(
    game: Game[Any],
    read: _Input,
    file: Path,
    encoding: str,
    target: Path,
    force: bool,
    carddb_dirs: Iterable[str | Path],
) -> ImportReport:
    existing = _Target.load(target, game)
    others = _other_cards(game, target)
    layers = _other_layers(game, target.parent.parent, carddb_dirs)
    unit = read.unit
    report = ImportReport(source=file, target=target, unit=unit, encoding=encoding)
    report.format, report.left_out = read.format, read.left_out
    accepted = _validate_rows(game, unit, read.rows, others, report)
    _reject_limit_conflicts(game, unit, accepted, existing, others, layers, report)
    records = _merge(existing, accepted, report)
    report.rejected.sort(key=lambda rejection: rejection.row)  # stable: a row's problems keep their order
    if report.added or report.replaced:
        if existing.comment_line is not None and not force:
            raise OptionError(
                "force",
                _(
                    "holds TOML comments (line {line}) that rewriting it would drop; remove them or use {force} to "
                    "rewrite it without them"
                ).format(line=existing.comment_line, force=mention("force")),
                path=target,
            )
        _write(target, existing.document(game, records))
        report.written = True
        report.comments_dropped = existing.comment_line is not None
    return report


# Reading the input file ----------------------------------------------------------------------------------


def _read_text(path: Path) -> tuple[str, str]:
    """The file's text and the encoding it was read with."""
    if path.is_dir():
        raise DeckcheckError(_("is a folder, not a CSV or JSON card list"), path=path)
    try:
        data = read_input(path, N_("card list"))
    except FileNotFoundError:
        raise DeckcheckError(_("no such file"), path=path) from None
    except OSError as error:
        raise DeckcheckError(_("cannot read: {error}").format(error=error.strerror or error), path=path) from None
    decoded = decode_text(data)
    return decoded.require_whole(path), decoded.encoding


def _read_rows(path: Path, text: str, game: Game[Any], formats: Sequence[ListFormat]) -> _Input:
    suffix = path.suffix.lower()
    if suffix in (".csv", ".tsv"):
        return _csv_rows(path, text, game, "\t" if suffix == ".tsv" else ",", formats)
    if suffix == ".json":
        return _json_rows(path, text, game, formats)
    raise DeckcheckError(
        _("unknown card list format {suffix}: expected .csv, .tsv or .json").format(suffix=quoted(path.suffix)),
        path=path,
    )


def _json_rows(path: Path, text: str, game: Game[Any], formats: Sequence[ListFormat]) -> _Input:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DeckcheckError(
            _("is not valid JSON: {reason} (column {column})").format(reason=error.msg, column=error.colno),
            path=path,
            line=error.lineno,
        ) from None
    from deckcheck._util.positions import json_key_lines  # deferred: a JSON card list only

    json_key_lines(text, path)  # a key written twice is a malformed file (read last-wins, a field would be lost)
    for list_format in formats:
        if list_format.shape == "json" and list_format.recognises(data):
            items = list_format.items(data) if list_format.items is not None else data
            return _format_rows(list_format, "item", list(enumerate(items, start=1)))
    if isinstance(data, dict):
        data = _json_cards(path, data, game)
    if not isinstance(data, list):
        raise DeckcheckError(
            _('expected a list of card objects, or an object {{"game": ..., "cards": [...]}}').format(), path=path
        )
    rows = []
    for index, item in enumerate(data, start=1):
        if isinstance(item, dict):
            # JSON null means "not given" (TOML has no null).
            rows.append(_Row(index, {key: value for key, value in item.items() if value is not None}))
        else:
            reason = _("is not an object with the card's fields (got {type} {value})").format(
                type=type(item).__name__, value=quoted(item)
            )
            rows.append(_Row(index, None, [Rejection(index, None, reason)]))
    return _Input("item", rows)


def _format_rows(list_format: ListFormat, unit: str, items: list[tuple[int, Any]]) -> _Input:
    """The rows of a list in a public format: each item through the format's mapping (one row per record it gives;
    an item it cannot map is a rejection, one it leaves out a note)."""
    read = _Input(unit, [], list_format)
    context = list_format.context([item for _index, item in items if not isinstance(item, Rejection)])
    for index, item in items:
        if isinstance(item, Rejection):
            read.rows.append(_Row(index, None, [item]))
            continue
        try:
            records = list_format.records(item, context)
        except RowError as error:
            read.rows.append(
                _Row(index, None, [Rejection(index, None if error.field == "-" else error.field, error.reason)])
            )
            continue
        except LeftOut as note:
            read.left_out.append(Rejection(index, None, note.reason))
            continue
        read.rows += [_Row(index, record) for record in records]
    return read


def _json_cards(path: Path, data: dict[str, Any], game: Game[Any]) -> Any:
    unknown = sorted(set(data) - {"game", "cards"})
    if unknown:
        raise DeckcheckError(
            _("unknown key(s) {keys}: a card list object has `cards` and optionally `game`").format(
                keys=", ".join(map(repr, unknown))
            ),
            path=path,
        )
    if "game" in data and data["game"] != game.id:
        raise DeckcheckError(
            _("the list is for game {given}, not {game}").format(given=quoted(data["game"]), game=quoted(game.id)),
            path=path,
            field="game",
        )
    if "cards" not in data:
        raise DeckcheckError(_("has no `cards` list"), path=path)
    if not isinstance(data["cards"], list):
        raise DeckcheckError(_("must be a list of card objects"), path=path, field="cards")
    return data["cards"]


def _csv_rows(path: Path, text: str, game: Game[Any], delimiter: str, formats: Sequence[ListFormat]) -> _Input:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        table = list(reader)
    except csv.Error as error:
        raise DeckcheckError(
            _("is not valid CSV: {reason}").format(reason=error), path=path, line=reader.line_num
        ) from None
    if not table or not any(cell.strip() for cell in table[0]):
        raise DeckcheckError(_("is empty: expected a header row naming the card fields"), path=path)
    header = [_header_key(cell) for cell in table[0]]
    for list_format in formats:
        if list_format.shape == "table" and list_format.recognises(header):
            return _format_rows(list_format, "row", _table_items(path, table, header))
    columns = _columns(path, table, game)
    fields = _field_kinds(game)
    rows = []
    for index, cells in enumerate(table[1:], start=2):
        if any(cell.strip() for cell in cells):
            rows.append(_csv_row(index, cells, columns, fields))
    return _Input("row", rows)


def _table_items(path: Path, table: list[list[str]], header: list[str]) -> list[tuple[int, Any]]:
    """The rows of a table in a public format as {column: cell} (non-empty cells; the format ignores the columns it
    does not read); a row longer than the header is its rejection, as in a list of deckcheck's own columns."""
    twice = sorted(name for name, count in Counter(name for name in header if name).items() if count > 1)
    if twice:
        raise DeckcheckError(
            _("the column {name} appears twice in the header").format(name=quoted(twice[0])), path=path, line=1
        )
    items: list[tuple[int, Any]] = []
    for index, cells in enumerate(table[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue
        if any(cell.strip() for cell in cells[len(header) :]):
            reason = _("has {cells} cells but the header names {columns} columns").format(
                cells=len(cells), columns=len(header)
            )
            items.append((index, Rejection(index, None, reason)))
            continue
        cells_of = zip(header, cells, strict=False)
        items.append((index, {name: cell.strip() for name, cell in cells_of if name and cell.strip()}))
    return items


def _columns(path: Path, table: list[list[str]], game: Game[Any]) -> list[str | None]:
    """The field of each header cell (None: an unnamed, empty column); a bad header is exit 2."""
    known = {_header_key(name): name for name in _field_kinds(game)}
    columns: list[str | None] = []
    unknown: list[str] = []
    for position, cell in enumerate(table[0], start=1):
        if not cell.strip():
            if any(len(row) >= position and row[position - 1].strip() for row in table[1:]):
                raise DeckcheckError(
                    _("column {position} has no name in the header but holds values").format(position=position),
                    path=path,
                    line=1,
                )
            columns.append(None)
            continue
        name = known.get(_header_key(cell))
        if name is None:
            unknown.append(cell.strip())
        elif name in columns:
            raise DeckcheckError(
                _("the column {name} appears twice in the header").format(name=quoted(name)), path=path, line=1
            )
        columns.append(name)
    missing = [name for name in _required_columns(game) if name not in columns]
    if unknown or missing:
        lacks = ", ".join(map(repr, missing))
        extra = quoted_list(unknown)
        if missing and unknown:
            reason = _(
                "the header lacks the required column(s) {missing} and has column(s) that are not {game} card fields: "
                "{unknown}; {fields}"
            )
        elif missing:
            reason = _("the header lacks the required column(s) {missing}; {fields}")
        else:
            reason = _("the header has column(s) that are not {game} card fields: {unknown}; {fields}")
        raise DeckcheckError(
            reason.format(missing=lacks, unknown=extra, game=game.id, fields=_fields_text(game)), path=path, line=1
        )
    return columns


def _header_key(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


def _fields_text(game: Game[Any]) -> str:
    required = _required_columns(game)
    optional = [name for name in _field_kinds(game) if name not in required]
    return _("the {game} fields are: required {required}; optional {optional}").format(
        game=game.id, required=", ".join(required), optional=", ".join(optional)
    )


def _csv_row(index: int, cells: list[str], columns: list[str | None], fields: dict[str, _Kinds]) -> _Row:
    record: dict[str, Any] = {}
    row = _Row(index, record)
    if any(cell.strip() for cell in cells[len(columns) :]):
        reason = _("has {cells} cells but the header names {columns} columns").format(
            cells=len(cells), columns=len(columns)
        )
        row.problems.append(Rejection(index, None, reason))
    for name, cell in zip(columns, cells, strict=False):
        if name is None:
            continue
        try:
            value = _cell_value(cell, fields[name])
        except ValueError as error:
            row.problems.append(Rejection(index, name, str(error)))
            continue
        if value is not None:
            record[name] = value
    return row


#: A card's number fields (cost, power, grade, ...) are small; a longer cell is a mistake, and past 4,300 digits
#: Python would refuse it with a message about its own limits.
MAX_INT_CELL_DIGITS = 18


def _cell_value(cell: str, kinds: _Kinds) -> Any:
    """A CSV cell as the model expects it (None: the field is absent)."""
    text = cell.strip()
    if not text:
        return [] if kinds.is_list and kinds.required else None
    if kinds.is_list:
        parts = [part.strip() for part in LIST_SEPARATORS.split(text) if part.strip()]
        return parts if len(parts) != 1 else parts[0]
    if kinds.is_bool:
        return _yes_no(text)
    if kinds.is_int and _INTEGER.fullmatch(plain := unicodedata.normalize("NFKC", text)):
        if len(plain.lstrip("+-")) > MAX_INT_CELL_DIGITS:
            digits = f"{len(plain.lstrip('+-')):,}"
            raise ValueError(_("expected a small whole number (got a number of {digits} digits)").format(digits=digits))
        return int(plain)
    return text


def _yes_no(text: str) -> bool:
    word = unicodedata.normalize("NFKC", text).strip().casefold()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(
        _("expected yes or no (true/false, yes/no, 1/0, y/n, ○/×, はい/いいえ) (got {value})").format(
            value=quoted(text)
        )
    )


# What the game's card model says about its fields ----------------------------------------------------------


@dataclass(frozen=True)
class _Kinds:
    """How a CSV cell of one field is read."""

    is_list: bool
    is_bool: bool
    is_int: bool
    required: bool


def _field_kinds(game: Game[Any]) -> dict[str, _Kinds]:
    """The record fields (by the name a record uses: the alias if any), in the model's order."""
    kinds = {}
    for name, info in game.card_model.schema().model_fields.items():
        leaves = _leaf_types(info.annotation)
        kinds[info.alias or name] = _Kinds(
            is_list=list in leaves, is_bool=bool in leaves, is_int=int in leaves, required=info.is_required()
        )
    return kinds


def _leaf_types(annotation: Any) -> set[Any]:
    """The outer types an annotation allows: list, bool, int, str, a Literal's value types ..."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _leaf_types(get_args(annotation)[0])
    if origin in (Union, types.UnionType):
        return set().union(*(_leaf_types(arg) for arg in get_args(annotation)))
    if origin is Literal:
        return {type(value) for value in get_args(annotation)}
    if origin is list:
        return {list}
    return {annotation}


def _required_columns(game: Game[Any]) -> list[str]:
    """Fields every row needs: required by the model and not filled in by it for some card type (vanguard's
    `trigger` of normal units, cipher's unit fields of markers), so a list of only such cards may leave them out."""
    filled = _filled_by_model(game.card_model.schema())
    fields = _field_kinds(game)
    return [name for name, kinds in fields.items() if kinds.required and name not in filled]


def _filled_by_model(model: type[BaseModel]) -> set[str]:
    type_field = model.model_fields.get("type")
    values = get_args(type_field.annotation) if type_field is not None else ()
    filled: set[str] = set()
    for decorator in model.__pydantic_decorators__.model_validators.values():
        if decorator.info.mode != "before":
            continue
        for value in values:
            try:
                result = decorator.func({"type": value})
            except Exception:  # a validator that wants more than a type fills nothing here
                continue
            if isinstance(result, dict):
                filled.update(set(result) - {"type"})
    return filled


# The target file and the rest of its folder ----------------------------------------------------------------


@dataclass
class _Target:
    """The file the import writes: its other top-level keys, its records and their cards (by record index)."""

    path: Path
    extra: dict[str, Any] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)
    cards: dict[int, Card] = field(default_factory=dict)
    comment_line: int | None = None
    _index: dict[str, int] | None = field(default=None, repr=False)

    @classmethod
    def load(cls, path: Path, game: Game[Any]) -> _Target:
        target = cls(path)
        if path.is_dir():
            raise DeckcheckError(_("cannot write: it is a folder"), path=path)
        if not path.exists():
            return target
        text = _read_toml_text(path)
        try:
            data = tomli.loads(text)
        except tomli.TOMLDecodeError as error:
            reason, line = toml_error_position(error)
            raise DeckcheckError(_("is not valid TOML: {reason}").format(reason=reason), path=path, line=line) from None
        problems: list[str] = []
        loaded = load_file(game, path, problems)
        if problems:
            raise _broken_folder(problems)
        target.extra = {key: value for key, value in data.items() if key not in ("game", "cards")}
        target.records = list(data.get("cards", []))
        target.cards = {index - 1: card for index, card in loaded}
        target.comment_line = next(iter(toml_comment_lines(text)), None)
        return target

    def index_of(self, number: str) -> int | None:
        """The record index of a card number (a dict made once: a scan per row made a re-import quadratic)."""
        if self._index is None:
            self._index = {}
            for index, card in self.cards.items():
                self._index.setdefault(card.number, index)
        return self._index.get(number)

    def document(self, game: Game[Any], records: list[dict[str, Any]]) -> dict[str, Any]:
        return {"game": game.id, **self.extra, "cards": records}


def _read_toml_text(path: Path) -> str:
    try:
        return read_repository_file(path, CARD_FILE).decode("utf-8-sig")  # never a FIFO, a device, a huge file
    except UnicodeDecodeError:
        raise DeckcheckError(_("is not UTF-8 text"), path=path) from None


def _broken_folder(problems: list[str]) -> DeckcheckError:
    return DeckcheckError(
        _("the card database folder is broken already; fix it first:") + "\n  " + "\n  ".join(problems)
    )


def _other_cards(game: Game[Any], target: Path) -> dict[str, _Entry]:
    """The cards of the folder's other files, by number. The target's own records take part in the checks: a
    folder that is broken already (a repeated number, a deck_limit disagreement) is exit 2."""
    problems: list[str] = []
    entries: dict[str, _Entry] = {}
    in_target: set[str] = set()
    for path in sorted(target.parent.glob("*.toml")):  # a file that is none (a FIFO, a device) makes it broken
        loaded = load_file(game, path, problems)  # a file that cannot be read: a DeckcheckError naming it
        for index, card in loaded:
            source = f"{one_line(str(path))} record {index}"
            if card.number in entries:
                problems.append(
                    _("{source}: number {number} is already used by {other}").format(
                        source=source, number=card.number, other=entries[card.number].source
                    )
                )
                continue
            entries[card.number] = _Entry(card, source)
            if path.name == target.name:
                in_target.add(card.number)
    cards = {number: entry.card for number, entry in entries.items()}
    problems.extend(limit_disagreements(game, cards, {number: entry.source for number, entry in entries.items()}))
    if problems:
        raise _broken_folder(problems)
    return {number: entry for number, entry in entries.items() if number not in in_target}


# Validating and merging ----------------------------------------------------------------------------------------


def _validate_rows(
    game: Game[Any], unit: str, rows: list[_Row], others: dict[str, _Entry], report: ImportReport
) -> list[tuple[int, Card, dict[str, Any]]]:
    """The valid rows as (row, card, record to write); every problem of the others goes to the report."""
    seen: dict[str, int] = {}
    accepted = []
    for row in rows:
        problems = list(row.problems)
        card = None
        if row.record is not None:
            record = dict(row.record)
            problems += _row_identity_problems(game, unit, row.index, record, seen)
            card = _parse(game, unit, row.index, record, problems)
            if card is not None and card.number in others:
                reason = _(
                    "number {number} is already in {other}; a number is unique within one card database folder"
                ).format(number=card.number, other=others[card.number].source)
                problems.append(Rejection(row.index, "number", reason))
        if problems or card is None:
            report.rejected.extend(problems)
        else:
            accepted.append((row.index, card, _stored_record(game, card)))
    return accepted


def _row_identity_problems(
    game: Game[Any], unit: str, index: int, record: dict[str, Any], seen: dict[str, int]
) -> list[Rejection]:
    """A repeated number, or a `game` other than the one imported (the latter is removed from `record`)."""
    problems = []
    number = record.get("number")
    if isinstance(number, str) and norm_number(number):
        key = norm_number(number)
        if key in seen:
            reason = _("number {number} already on {place}").format(number=key, place=_place(unit, seen[key]))
            problems.append(Rejection(index, "number", reason))
        else:
            seen[key] = index
    given = record.pop("game", game.id)
    if not isinstance(given, str) or given.strip() != game.id:
        reason = _("{given} is not the game being imported ({game})").format(given=quoted(given), game=quoted(game.id))
        problems.append(Rejection(index, "game", reason))
    return problems


def _parse(game: Game[Any], unit: str, index: int, record: dict[str, Any], problems: list[Rejection]) -> Card | None:
    """Validate like the database loader, turning its 'where (number): field 'f': reason' lines into rejections."""
    where = _place(unit, index)
    messages: list[str] = []
    card = parse_record(game, record, where, messages)
    prefix = f"{where} ({record_number(record)}): "
    for message in messages:
        match = re.fullmatch(r"field '(.*?)': (.*)", message.removeprefix(prefix), flags=re.DOTALL)
        if match is None:
            problems.append(Rejection(index, None, message.removeprefix(prefix)))
        else:
            problems.append(Rejection(index, None if match[1] == "-" else match[1], match[2]))
    return card


def _stored_record(game: Game[Any], card: Card) -> dict[str, Any]:
    """The record as written: the fields the row gave (or the model derived from them, e.g. evolve's type line),
    in their stored form; no defaults the row did not give, no nulls (TOML has none)."""
    record = card.to_dict(by_alias=True, exclude_unset=True, exclude_none=True, exclude={"game"})
    # Only a record that reads back as the same card may be written this way (a safety net, not a path in use).
    reread = game.card_model.validate(record)
    if reread.to_dict() != card.to_dict():
        raise DeckcheckError(
            _("card {number}: its stored form does not read back as the same card (a bug)").format(number=card.number)
        )
    return record


def _reject_limit_conflicts(
    game: Game[Any],
    unit: str,
    accepted: list[tuple[int, Card, dict[str, Any]]],
    existing: _Target,
    others: dict[str, _Entry],
    layers: _Layers,
    report: ImportReport,
) -> None:
    """Reject rows whose card would make records of one copy-limit identity disagree on `deck_limit`, in the
    folder or in the database it is read as a layer of."""
    while True:
        folder = {entry.card.number: entry for entry in _folder_after(unit, existing, accepted, others)}
        entries = {**layers.before, **folder, **layers.after}  # later layers win by number, as the loader merges
        bad = _conflicting_rows(game, list(entries.values()))
        if not bad:
            return
        report.rejected.extend(bad)
        rows = {rejection.row for rejection in bad}
        accepted[:] = [item for item in accepted if item[0] not in rows]


@dataclass
class _Layers:
    """The cards of the database layers read before and after the import's folder, by number."""

    before: dict[str, _Entry] = field(default_factory=dict)
    after: dict[str, _Entry] = field(default_factory=dict)


def _other_layers(game: Game[Any], into: Path, carddb_dirs: Iterable[str | Path]) -> _Layers:
    """Every layer the folder will be read with (shipped, the git root's carddb/, $DECKCHECK_CARDDB, --carddb),
    loaded as the commands load them; `into` takes its own place among them, else comes last (--carddb INTO).
    A database broken without the import is exit 2, as for every command of the game."""
    layers = layer_folders((*carddb_dirs, into))
    here = Path(os.path.realpath(into))
    position = layers.index(here) if here in layers else len(layers)
    return _Layers(_layer_entries(game, layers[:position]), _layer_entries(game, layers[position + 1 :]))


def _layer_entries(game: Game[Any], layers: list[Path]) -> dict[str, _Entry]:
    if not layers:
        return {}
    db = load_layers(game.id, layers)
    return {number: _Entry(card, db.sources.get(number, number)) for number, card in db.cards.items()}


def _folder_after(
    unit: str, existing: _Target, accepted: list[tuple[int, Card, dict[str, Any]]], others: dict[str, _Entry]
) -> list[_Entry]:
    """Every card of the folder once the accepted rows are merged (rows that change nothing count as kept)."""
    target = {
        card.number: _Entry(card, f"{existing.path} record {index + 1}") for index, card in existing.cards.items()
    }
    for row, card, _record in accepted:
        kept = target.get(card.number)
        if kept is None or kept.card.to_dict() != card.to_dict():
            target[card.number] = _Entry(card, _place(unit, row), row)
    return [*others.values(), *target.values()]


def _conflicting_rows(game: Game[Any], entries: list[_Entry]) -> list[Rejection]:
    groups: dict[Any, list[_Entry]] = defaultdict(list)
    for entry in entries:
        identity = game.copies.identity(entry.card)
        if identity is not None:
            groups[identity].append(entry)
    bad = []
    for identity, group in groups.items():
        limit = {entry.card.copy_limit(game.copies.default) for entry in group}
        if len(limit) < 2:
            continue
        # The records already in the folder agree (it was checked); rows that differ from them are the problem.
        kept = {entry.card.copy_limit(game.copies.default) for entry in group if entry.row is None}
        listed = "; ".join(
            f"{entry.source} {entry.card.number} "
            f"deck_limit={entry.card.deck_limit if entry.card.deck_limit is not None else 'default'}"
            for entry in group
        )
        label = " / ".join(map(str, identity)) if isinstance(identity, tuple) else str(identity)
        reason = _("records of one card ({card}) would disagree on deck_limit: {listed}").format(
            card=label, listed=listed
        )
        for entry in group:
            if entry.row is not None and (not kept or entry.card.copy_limit(game.copies.default) not in kept):
                bad.append(Rejection(entry.row, "deck_limit", reason))
    return bad


def _merge(existing: _Target, accepted: list[tuple[int, Card, dict[str, Any]]], report: ImportReport) -> list[Any]:
    """The target's records after the import: same number replaced in place (or kept when unchanged), new ones
    appended; the report lists which."""
    records: list[Any] = list(existing.records)
    for _row, card, record in accepted:
        index = existing.index_of(card.number)
        if index is None:
            records.append(record)
            report.added.append(card.number)
        elif existing.cards[index].to_dict() == card.to_dict():
            report.unchanged.append(card.number)
        else:
            records[index] = record
            report.replaced.append(card.number)
    return records


def _place(unit: str, index: int) -> str:
    """A row of a CSV file or an item of a JSON list, in words: `row 3`, `item 2`."""
    return (_("row {index}") if unit == "row" else _("item {index}")).format(index=index)


def _write(target: Path, document: dict[str, Any]) -> None:
    """Write atomically (the game's folder exists: folder_lock made it, and removes it again if the write fails)."""
    atomic_write(target, tomli_w.dumps(document))


# Output --------------------------------------------------------------------------------------------------------
