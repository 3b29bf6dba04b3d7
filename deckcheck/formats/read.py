"""Deck files: the native TOML format, plain-text decklists and JSON, read into one :class:`DeckSource`.

:func:`parse_deck` turns a file into a :class:`DeckSource` (game id, keys and entries as written; a malformed file
raises :class:`DeckcheckError`); :func:`deckcheck.carddb.resolve_deck` then looks every entry up.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tomli  # the standard library's tomllib, compiled: the same results and errors, ~2.4x faster

from deckcheck._i18n import _
from deckcheck._util.files import STDIN, STDIN_SHOWN, Decoded, read_decoded, read_stdin, unreadable_text
from deckcheck._util.limits import parse_within_limits
from deckcheck._util.safetext import one_line
from deckcheck._util.toml_scan import toml_error_position
from deckcheck.errors import DeckcheckError, mention, mention_command
from deckcheck.formats.text import game_id, parse_text
from deckcheck.games import get_game
from deckcheck.model.deck import COMMON_KEYS, DeckSource, Entry


def deck_format(path: Path, text: str) -> str:
    """'toml', 'json' or 'text', by extension, else by content."""
    suffix = path.suffix.lower()
    if suffix == ".toml":
        return "toml"
    if suffix == ".json":
        return "json"
    if suffix in {".txt", ".dek", ".deck"}:
        return "text"
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return "json"
    if re.search(r"^\s*game\s*=", text, re.MULTILINE):
        return "toml"
    return "text"


def parse_deck(
    path: str | Path,
    text: str | Decoded | None = None,
    fmt: str | None = None,
    partial: bool = False,
    game: str | None = None,
) -> DeckSource:
    """Read a deck file (or the given text, or the bytes read and decoded) into a :class:`DeckSource`. The path is
    kept as given (a string stays as written: `./a.deck.toml` is reported as `./a.deck.toml`); `-` is standard
    input, shown as `<stdin>` (its format told by its content).

    A text decklist with lines that cannot be read raises a DeckcheckError listing them all; with `partial`, its
    readable lines are read and that error is the source's `unreadable` (`check`: a partly unreadable file).

    With `game` (`--game`), a plain-text deck is a pasted list of that game (deckcheck.formats.pasted): its lines are
    read when resolve_deck gives it the card database. A TOML or JSON deck is read as always."""
    shown = path if isinstance(path, str) else str(path)
    bad_lines: tuple[int, ...] = ()
    nul_at: dict[int, str] = {}
    if text is None and shown == STDIN:  # `-`: the deck on standard input
        shown, path, text = STDIN_SHOWN, STDIN_SHOWN, read_stdin()
    if text is None:
        text = read_decoded(Path(path), shown)
    if isinstance(text, Decoded):
        bad_lines, nul_at = text.bad_lines, text.nul_at
        text = text.text.lstrip("\ufeff")
    else:
        text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip() and not bad_lines:
        raise DeckcheckError(_("is empty: expected a deck (a `game` key and its sections)"), path=shown)
    fmt = fmt or deck_format(Path(path), text)
    if fmt == "text" and game is not None:
        from deckcheck.formats.pasted import pasted_source  # deferred: a pasted list only (`--game`)

        return pasted_source(shown, text, game, bad_lines, nul_at)
    if fmt == "text":
        return parse_text(shown, text, bad_lines, partial)
    if bad_lines:
        raise unreadable_text(shown, bad_lines, nul_at)
    if fmt == "toml":
        data = _load_toml(shown, text)
        source = _mapping_at_lines(shown, data, fmt, lambda: _toml_lines(text))
        source.text = text  # its lines are found when a finding needs them (DeckSource.locate)
        return source
    from deckcheck._util.positions import load_json  # deferred: a JSON deck only

    data, lines = load_json(text, shown)  # a key written twice is a malformed file, as in TOML
    if not isinstance(data, dict):
        raise DeckcheckError(_("must hold a JSON object with a `game` key"), path=shown)
    _refuse_registry_export(shown, data)
    source = _mapping_at_lines(shown, data, fmt, lambda: lines)
    source.apply_lines(lines)
    source.text = text  # where entries over several lines end is found when a finding needs it (locate)
    return source


def _toml_lines(text: str) -> dict[tuple[Any, ...], int]:
    from deckcheck._util.positions import toml_key_lines  # deferred: a finding about a key only

    return toml_key_lines(text)


def _mapping_at_lines(
    path: str, data: dict[str, Any], fmt: str, lines: Callable[[], dict[tuple[Any, ...], int]]
) -> DeckSource:
    """The deck of a parsed mapping; an error about a key (a section that is not a table, a name that is not a
    string) gets the key's line, found only then."""
    try:
        return _from_mapping(path, data, fmt)
    except DeckcheckError as error:
        if error.line is None and error.field is not None and (line := lines().get((error.field,))):
            error.line = line
        raise


def _load_toml(path: str, text: str) -> dict[str, Any]:
    try:
        return parse_within_limits(tomli.loads, text, path, "toml")  # a 5,000-digit count: a malformed file
    except tomli.TOMLDecodeError as error:
        reason, line = toml_error_position(error)
        if reason.startswith("Cannot "):  # tomllib's "Cannot overwrite a value" / "Cannot declare ... twice"
            from deckcheck._util.positions import toml_duplicate_message  # deferred: a malformed deck only

            if (repeated := toml_duplicate_message(text)) is not None:
                raise DeckcheckError(repeated[0], path=path, line=repeated[1]) from None
        raise DeckcheckError(_("is not valid TOML: {reason}").format(reason=reason), path=path, line=line) from None


def _refuse_registry_export(path: str | Path, data: dict[str, Any]) -> None:
    """The official deck registry's JSON is not a deck file: say how to convert it (issue 15 item 6)."""
    inner = deck if isinstance(deck := data.get("deck"), dict) else data
    if "game" not in data and any(isinstance(inner.get(key), list) for key in ("list", "sub_list", "p_list")):
        raise DeckcheckError(
            _(
                "is a deck registry export (list / sub_list / p_list), not a deck file: convert it first, e.g. "
                "`{convert} {path} {to} toml > deck.deck.toml` (add {game} GAME unless the export "
                "carries game_title_id)"
            ).format(
                path=one_line(str(path)), convert=mention_command("convert"), to=mention("to"), game=mention("game_id")
            ),
            path=path,
        )


def source_from_mapping(data: dict[str, Any], path: str | Path = "<deck>", fmt: str = "toml") -> DeckSource:
    """A deck given as the native format's mapping (as tomllib or json would return it)."""
    return _from_mapping(str(path), data, fmt)


def _from_mapping(path: str, data: dict[str, Any], fmt: str) -> DeckSource:
    game = get_game(game_id(path, data.get("game")))
    source = DeckSource(path=str(path), game_id=game.id, format=fmt)
    for key, value in data.items():
        if key == "game":
            continue
        if key in COMMON_KEYS or key in game.deck_keys:
            if not isinstance(value, str):
                raise DeckcheckError(
                    _("must be a string, not {type}").format(type=type(value).__name__), path=path, field=key
                )
            source.set_key(key, value)
        elif key in game.sections:
            _add_section(source, path, key, value)
        elif isinstance(value, dict):
            source.sections[key] = None
            _add_section(source, path, key, value)
        else:
            source.other[key] = value
    return source


def _add_section(source: DeckSource, path: str, section: str, value: Any) -> None:
    if isinstance(value, str):  # `leader = "X"`: one card, as a user would mean it
        value = {value: 1}
    if not isinstance(value, dict):
        raise DeckcheckError(
            _("section [{section}] must be a table of card = count, not {type}").format(
                section=section, type=type(value).__name__
            ),
            path=path,
            field=section,
        )
    for key, count in value.items():
        source.entries.append(Entry(section=section, key=str(key), raw_count=count))
