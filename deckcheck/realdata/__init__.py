"""The real card lists (fan-maintained, facts only) converted into deckcheck card databases.

One command re-creates the shipped databases from the source files, or a newer dump of the same lists:

    python -m deckcheck.realdata evolve SOURCE/evolve/cards.json carddb/
    python -m deckcheck.realdata cipher SOURCE/cipher/cards.json carddb/
    python -m deckcheck.realdata vanguard SOURCE/vanguard/cards.json carddb/

Each run writes one file, ``OUT/<game>/cards.toml``, atomically; every source record that is not written is
listed with its record index, number and reason. Records left out on purpose (EVOLVE's EP/SEP point markers; a
Cipher printing that the source lists twice) are notes; a record that cannot be mapped (unknown kind, missing or
duplicate number, a cost that is not a number, a Vanguard trigger on a grade-3 unit, ...) is rejected and the exit
code is 1, as ``cards import`` does; the exit code is 2 when the source cannot be read at all (nothing is written).
EVOLVE's converter also reads ``facts-1.24.1.json`` from the source's folder (start amulets and trigger icons, rules
Ver.1.24.1); a facts entry it cannot apply is rejected the same way, and without the file a note says so. It then
merges the card update files of the folder's ``updates/`` (``*.json`` objects with a list ``cards``, in name order,
spec evolve-2026 §3): a number already known is not repeated (a note), one repeated with other facts stops the run,
naming both records (exit 2, nothing written).

A converter may also give ``LIST_FORMATS`` (:func:`list_formats`): the public card lists ``deckcheck cards import``
reads for its game as they are (EVOLVE: the fan CSV, the same fields in JSON, the simulator's JSON), mapped by the
converter's own functions, so a user can bring the next set before a release ships it.

The source formats are described in ``carddb/README.md``; the mapping follows ``spec/evolve.md`` ("Importer notes",
"Later products"), ``spec/cipher.md`` (colour → symbol, cost X, ranges, copy identity by title + unit name) and
``spec/vanguard.md`` ("Real card data": the facts the source cannot tell stay unknown).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import tomli_w

from deckcheck._i18n import N_, _, translate
from deckcheck._util.atomic import atomic_write
from deckcheck.carddb.db import limit_disagreements, parse_record
from deckcheck.carddb.listformat import ListFormat
from deckcheck.errors import DeckcheckError
from deckcheck.games import get_game
from deckcheck.model.cards import Card
from deckcheck.realdata._common import Conversion, RecordError, read_json

__all__ = [
    "Conversion",
    "RecordError",
    "converters",
    "list_formats",
    "main",
    "read_source",
    "render_toml",
    "report",
    "run",
    "validate",
]


def converters() -> dict[str, ModuleType]:
    """The converters by game id: each module of this package named after a game (`convert`, `SOURCE`)."""
    modules = (name for _, name, _ in pkgutil.iter_modules(__path__) if not name.startswith("_"))
    return {name.replace("_", "-"): importlib.import_module(f"{__name__}.{name}") for name in sorted(modules)}


def list_formats(game_id: str) -> tuple[ListFormat, ...]:
    """The public card list formats `cards import` reads for a game (its converter's `LIST_FORMATS`), none for a game
    without a converter or without such formats."""
    modules = {name for _, name, _ in pkgutil.iter_modules(__path__) if not name.startswith("_")}
    name = game_id.replace("-", "_")
    if name not in modules:
        return ()
    return tuple(getattr(importlib.import_module(f"{__name__}.{name}"), "LIST_FORMATS", ()))


def convert_with(game_id: str) -> tuple[Callable[[list[Any]], Conversion], str]:
    """The game's converter and the source it reads."""
    module = converters()[game_id]
    return module.convert, module.SOURCE


def validate(conversion: Conversion) -> list[str]:
    """Every record through the game's card model, as the loader will read it; the database's own problems
    (records of one copy identity that disagree on deck_limit) too. Invalid records are rejected."""
    game = get_game(conversion.game_id)
    cards: dict[str, Card] = {}
    sources: dict[str, str] = {}
    kept = []
    for record in conversion.records:
        problems: list[str] = []
        card = parse_record(game, record, "converted record", problems)
        if card is None:
            conversion.reject(0, record["number"], "; ".join(problems))
            continue
        cards[card.number] = card
        sources[card.number] = record["number"]
        kept.append(record)
    conversion.records = kept
    return limit_disagreements(game, cards, sources)


def read_source(path: Path) -> list[Any]:
    data = read_json(path)
    if not isinstance(data, list):
        raise DeckcheckError(
            _("must be a JSON list of card records, not {type}").format(type=type(data).__name__), path=path
        )
    return data


def render_toml(conversion: Conversion, source_path: str) -> str:
    _, origin = convert_with(conversion.game_id)
    header = (
        f"# Generated by `python -m deckcheck.realdata {conversion.game_id} {source_path} carddb/`; do not edit.\n"
        f"# Source: {origin}. An unofficial, fan-maintained list reduced to facts (no card text).\n"
        + "".join(f"# Also from {also}.\n" for also in conversion.also_from)
        + f"# {len(conversion.records)} records.\n"
    )
    body = "".join(f"\n[[cards]]\n{_toml_table(record)}" for record in conversion.records)
    return f'{header}game = "{conversion.game_id}"\n{body}'


def _toml_value(value: Any) -> str:
    """One value, inline: a JSON string or array of strings is a TOML basic string or array (same escapes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        return json.dumps(value, ensure_ascii=False)
    return tomli_w.dumps({"v": value}).removeprefix("v = ").strip()


def _toml_table(record: dict[str, Any]) -> str:
    return "".join(f"{key} = {_toml_value(value)}\n" for key, value in record.items())


def run(game_id: str, source: Path, out: Path) -> tuple[Conversion, int]:
    """Convert and write OUT/<game>/cards.toml; (the conversion, the exit code)."""
    if game_id not in (known := converters()):
        raise DeckcheckError(
            _("no real-data converter for game {game} (known: {known})").format(
                game=repr(game_id), known=", ".join(known)
            )
        )
    items = read_source(source)
    module = converters()[game_id]
    # A converter that also reads files beside the source (EVOLVE's facts-1.24.1.json) has `convert_source`.
    conversion = module.convert_source(items, source) if hasattr(module, "convert_source") else module.convert(items)
    problems = validate(conversion)
    if problems:  # a database the loader would refuse: nothing is written
        raise DeckcheckError(
            _("the converted records would make a broken card database: {problems}").format(
                problems="; ".join(problems)
            )
        )
    if not out.is_dir():
        raise DeckcheckError(_("is not a folder (give the card database folder, e.g. carddb/)"), path=out)
    target = out / game_id / "cards.toml"
    target.parent.mkdir(exist_ok=True)
    atomic_write(target, render_toml(conversion, f"SOURCE/{game_id}/{source.name}"))
    return conversion, 1 if conversion.rejected else 0


def report(conversion: Conversion, target: Path) -> str:
    lines = [_("wrote {target}: {n} records").format(target=target, n=len(conversion.records))]
    for title, entries in ((_("notes: {n}"), conversion.notes), (_("rejected: {n}"), conversion.rejected)):
        if entries:
            lines.append(title.format(n=len(entries)))
            lines.extend(
                "  " + _("record {index} ({number}): {reason}").format(index=index or "-", number=number, reason=reason)
                for index, number, reason in entries
            )
    return "\n".join(lines)


#: `--help`: what the module's doc says of a run (the commands themselves are not translated).
_HELP_RUN = N_("One command re-creates the shipped databases from the source files, or a newer dump of the same lists:")
_HELP_WHAT = N_(
    "Each run writes one file, ``OUT/<game>/cards.toml``, atomically; every source record that is not written is\n"
    "listed with its record index, number and reason. Records left out on purpose (EVOLVE's EP/SEP point markers; a\n"
    "Cipher printing that the source lists twice) are notes; a record that cannot be mapped (unknown kind, missing or\n"
    "duplicate number, a cost that is not a number, a Vanguard trigger on a grade-3 unit, ...) is rejected and the "
    "exit\n"
    "code is 1, as ``cards import`` does; the exit code is 2 when the source cannot be read at all (nothing is "
    "written).\n"
    "EVOLVE's converter also reads ``facts-1.24.1.json`` from the source's folder (start amulets and trigger icons, "
    "rules\n"
    "Ver.1.24.1); a facts entry it cannot apply is rejected the same way, and without the file a note says so.\n"
    "It then merges the card update files of ``updates/`` beside the source, in name order (the 2026 products): a\n"
    "number already known is a note; a number repeated with other facts names both records, exit 2, nothing written.\n"
    "Update ``carddb/<game>/manifest.toml`` (date, newest product, products, sources) with the new ``cards.toml``."
)


def help_text() -> str:
    """`--help` in the chosen language: the module doc's account of a run, its commands as written."""
    commands = __doc__.split("\n\n")[2]
    return "\n\n".join((translate(_HELP_RUN), commands, translate(_HELP_WHAT)))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 3 or args[0] in ("-h", "--help"):
        print(help_text() if args and args[0] in ("-h", "--help") else "", file=sys.stderr)
        games = "{" + "|".join(converters()) + "}"
        print(
            _("usage: python -m deckcheck.realdata {games} SOURCE.json CARDDB_FOLDER").format(games=games),
            file=sys.stderr,
        )
        return 0 if args and args[0] in ("-h", "--help") else 2
    game_id, source, out = args[0], Path(args[1]), Path(args[2])
    try:
        conversion, code = run(game_id, source, out)
    except DeckcheckError as error:
        print(_("error: {error}").format(error=error), file=sys.stderr)
        return 2
    print(report(conversion, out / game_id / "cards.toml"))
    return code
