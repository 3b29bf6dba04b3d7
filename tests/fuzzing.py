"""Hypothesis strategies and properties for fuzzing deckcheck's readers (issue 14): deck files (TOML, text, JSON),
card files, card lists (`cards import`), filters and queries, and the deck registry's JSON.

The property of every reader: it returns a result or raises DeckcheckError with a message; any other exception is a
bug (an "internal error" for the user). A deck that parses is also checked and printed in every format, as `check`
and `convert` would, under the same property.

Used by tests/test_fuzz_parsers.py (a few hundred examples per reader, in the normal run) and by
benchmarks/fuzz_parsers.py (as many as asked). Inputs are valid files of each kind, generated from the games' own
sections and card fields, then mutated: characters and lines inserted, deleted and repeated, and hostile pieces
spliced in (numbers of 5,000 digits, nesting 1,000 deep, control characters, byte-order marks, CRLF, NUL).
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import strategies as st

from deckcheck.errors import DeckcheckError
from deckcheck.games import all_games, get_game

GAMES = sorted(all_games())
HUGE = "9" * 5000

#: Pieces that have broken parsers: spliced into otherwise valid files.
HOSTILE = [
    HUGE,
    "-" + HUGE,
    "0x" + "f" * 4000,
    "1_" + HUGE[:4400],
    "[" * 1000,
    "{" * 1000,
    '{"a":' * 600,
    "]" * 1000,
    "\x00",
    "\ufeff",
    "\r",
    "\r\n",
    "\x1b]0;pwned\x07",
    "\x9b",
    "\x7f",
    "\u2028",
    "²",
    "４",
    "٤",
    "1e99999",
    "-1e99999",
    "nan",
    "inf",
    "-0",
    "1.5",
    "true",
    "1979-05-27T07:32:00Z",
    '"""',
    "'''",
    '"',
    "'",
    "\\",
    "\\u0000",
    "\\uD800",
    "=",
    "==",
    "[[cards]]",
    "[main]",
    "## main",
    "# ",
    ": ",
    "game: vanguard",
    'game = "vanguard"',
    '"game": "vanguard"',
    ",",
    "|",
    "~=",
    ">=",
    "@",
    "ブラスター・ブレード",
    "ﾌﾞﾗｽﾀｰ",
    "\t",
    " " * 40,
]

# Any character a file can hold (no lone surrogates), without a codec: Hypothesis works out a codec's characters once
# per process, which cost 6 s.
characters = st.characters(exclude_categories=("Cs",))


def texts(min_size: int = 0, max_size: int = 12) -> st.SearchStrategy[str]:
    return st.text(characters, min_size=min_size, max_size=max_size)


# Values a field, a count or a key may take: well-formed, wrong-typed and hostile.
scalars = st.one_of(
    st.integers(min_value=-5, max_value=60),
    st.integers(),
    st.sampled_from([10**4000, -(10**4000), 2**64, 0]),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    texts(max_size=12),
    st.sampled_from(HOSTILE),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(texts(max_size=6), inner, max_size=3)),
    max_leaves=6,
)
card_keys = st.one_of(texts(min_size=1, max_size=16), st.sampled_from(["T-100", "DC-VG-001", "ブラスター・ブレード"]))


# A value in TOML (`key = 4`), JSON (`"key": 4`) or a text decklist (`4 card`, `game: x`), up to its line's end.
_VALUE = re.compile(r"(=\s*|:\s*|^)([^,\n}\]]*)", re.MULTILINE)


@st.composite
def mutated(draw: st.DrawFn, base: str) -> str:
    """`base` with a few edits: hostile pieces spliced in, characters or lines deleted, repeated or inserted."""
    text = base
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 1, 2, 3]))):  # a valid file now and then, so readers go deep
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["value", "value", "hostile", "text", "delete", "repeat-line", "truncate"]))
        values_at = [match.span(2) for match in _VALUE.finditer(text)]
        if kind == "value" and values_at:  # a value (count, field, header) replaced by a hostile piece
            start, end = draw(st.sampled_from(values_at))
            text = text[:start] + draw(st.sampled_from(HOSTILE)) + text[end:]
        elif kind == "hostile":
            text = text[:at] + draw(st.sampled_from(HOSTILE)) + text[at:]
        elif kind == "text":
            text = text[:at] + draw(texts(max_size=8)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)) :]
        elif kind == "repeat-line":
            lines = text.split("\n")
            index = draw(st.integers(0, len(lines) - 1))
            lines.insert(index, lines[index])
            text = "\n".join(lines)
        else:
            text = text[:at]
    return text


@st.composite
def deck_mappings(draw: st.DrawFn) -> dict[str, Any]:
    """A deck as the native format's mapping: a game (now and then a wrong one), its keys and sections."""
    game_id = draw(st.sampled_from([*GAMES * 4, "", "VANGUARD", "chess", None]))
    data: dict[str, Any] = {} if game_id is None else {"game": game_id}
    game = get_game(game_id) if game_id in GAMES else None
    sections = list(game.sections) if game else ["main"]
    keys = ["name", "regulation", *(game.deck_keys if game else ())]
    for key in draw(st.lists(st.sampled_from(keys), max_size=3, unique=True)):
        data[key] = draw(st.one_of(texts(max_size=12), values))
    for section in draw(st.lists(st.sampled_from([*sections, "side", "extra"]), max_size=4, unique=True)):
        data[section] = draw(
            st.one_of(st.dictionaries(card_keys, st.one_of(st.integers(1, 4), scalars), max_size=6), values)
        )
    if draw(st.booleans()):
        data["notes"] = draw(values)
    return data


def _toml(data: dict[str, Any]) -> str:
    try:
        return tomli_w.dumps(data)
    except (TypeError, ValueError):  # a value TOML cannot hold (None, a mixed array in old tomli_w, nan keys...)
        return tomli_w.dumps({key: value for key, value in data.items() if isinstance(value, str | int | dict)})


def _json(data: Any) -> str:
    try:
        return json.dumps(data, ensure_ascii=False, indent=1)
    except ValueError:  # 10**4000 cannot be printed: the mutations splice such numbers in as text instead
        return json.dumps({"game": data.get("game")} if isinstance(data, dict) else [], ensure_ascii=False)


def _text(data: dict[str, Any]) -> str:
    lines = [f"{key}: {value}" for key, value in data.items() if not isinstance(value, dict)]
    for section, entries in data.items():
        if isinstance(entries, dict):
            lines.append(f"## {section}")
            lines += [f"{_shown(count)} {key}" for key, count in entries.items()]
    return "\n".join(lines)


def _shown(value: Any) -> str:
    return (
        value if isinstance(value, str) else str(value) if not isinstance(value, int) or abs(value) < 10**100 else HUGE
    )


toml_decks = deck_mappings().map(_toml).flatmap(mutated)
json_decks = deck_mappings().map(_json).flatmap(mutated)
text_decks = deck_mappings().map(_text).flatmap(mutated)

# A pasted list in the catalogue's shapes (shared/realdata/decklist-styles.md), mutated (issue 28).
PASTED = (
    "デッキレシピ\n■かげろう【デッキコード:AB1】\n◆G3(8枚)\n4x ドラゴニック・オーバーロード (騎士王降臨\n"
    "• 「アシュラカイザー」×4★\nG4\n≪エンシェントエルフ≫:3-2\nパッケージ3×5種:15-4\n名前(主人公):1\n"
    "■4c 名前(2枚)\nA-S1-03SD | 名前 | 5 | 5500 | 1 | ユニット | 4\nグレード カード名 枚数\n3 名前 4\n"
    "テリトリー:名前\n計50枚(★は主人公カード)\n"
)
pasted_lists = st.builds(lambda: PASTED).flatmap(mutated)


# Card records ---------------------------------------------------------------------------------------------


def _field_names(game_id: str) -> list[str]:
    fields = get_game(game_id).card_model.schema().model_fields
    return [info.alias or name for name, info in fields.items()]


@st.composite
def card_records(draw: st.DrawFn, game_id: str) -> dict[str, Any]:
    names = _field_names(game_id)
    record: dict[str, Any] = {"number": draw(card_keys), "name": draw(card_keys), "type": draw(texts(max_size=8))}
    for name in draw(st.lists(st.sampled_from([*names, "colour"]), max_size=6, unique=True)):
        record[name] = draw(values)
    return record


@st.composite
def card_files(draw: st.DrawFn) -> tuple[str, str]:
    """(game id, the text of a card database file of that game)."""
    game_id = draw(st.sampled_from(GAMES))
    records = draw(st.lists(card_records(game_id), max_size=4))
    head = {"game": draw(st.sampled_from([game_id] * 5 + ["chess"]))}
    return game_id, draw(mutated(_toml({**head, "cards": records})))


@st.composite
def card_lists(draw: st.DrawFn) -> tuple[str, str, str]:
    """(game id, suffix, the text of a card list for `cards import`: CSV, TSV or JSON)."""
    game_id = draw(st.sampled_from(GAMES))
    records = draw(st.lists(card_records(game_id), max_size=4))
    suffix = draw(st.sampled_from([".csv", ".tsv", ".json"]))
    if suffix == ".json":
        shaped = records if draw(st.booleans()) else {"game": game_id, "cards": records}
        return game_id, suffix, draw(mutated(_json(shaped)))
    columns = sorted({name for record in records for name in record}) or ["number", "name"]
    separator = "," if suffix == ".csv" else "\t"
    rows = [separator.join(columns)]
    rows += [separator.join(_shown(record.get(column, "")) for column in columns) for record in records]
    return game_id, suffix, draw(mutated("\n".join(rows)))


# EVOLVE's public fan lists (issue 38): the fan CSV, its fields in JSON, the simulator's JSON, with plausible and
# hostile values (card text with construction sentences and drive-check reminders, kinds, numbers, printings).
FAN_CSV_COLUMNS = ["card_code", "name", "class", "card_type", "sub_type", "cost", "attack", "hp", "effect"]
FAN_WORDS = [
    "BP22-001",
    "PR-601",
    "エルフ",
    "Forestcraft",
    "フォロワー",
    "フォロワー・エボルヴ",
    "クレスト・トークン",
    "crest",
    "follower",
    "SEP",
    "-",
    "3",
    "学院・〈ジオ・ゲヘナ〉",
    "（ドライブチェックによってこれが捲れたなら、1枚引く）",
    "ドライブチェックによってこれが捲れたなら",
    "『x』は自分のデッキに50枚まで入れることができる。",
    "これはエボルヴデッキに10枚まで入れることができる",
    "【スタートアミュレット】\n―――――――\n『x』は自分のデッキに50枚まで入れることができる。",
]
fan_values = st.one_of(st.sampled_from(FAN_WORDS), texts(max_size=8), values)


@st.composite
def simulator_cards(draw: st.DrawFn) -> dict[str, Any]:
    card: dict[str, Any] = {"names": {"ja": draw(st.one_of(st.sampled_from(FAN_WORDS), values))}}
    keys = ["id", "printings", "class", "type", "evolved", "token", "cost", "attack", "defense", "traits"]
    for key in draw(st.lists(st.sampled_from(keys), max_size=8, unique=True)):
        card[key] = draw(fan_values) if key != "printings" else draw(st.lists(fan_values, max_size=3))
    if draw(st.booleans()):
        card["text"] = {"ja": draw(fan_values)}
    return card


@st.composite
def fan_lists(draw: st.DrawFn) -> tuple[str, str, str]:
    """(evolve, suffix, the text of one of EVOLVE's fan lists)."""
    kind = draw(st.sampled_from(["csv", "json", "simulator"]))
    if kind == "simulator":
        return "evolve", ".json", draw(mutated(_json({"format": 1, "cards": draw(st.lists(simulator_cards()))})))
    rows = draw(st.lists(st.lists(fan_values, min_size=len(FAN_CSV_COLUMNS), max_size=len(FAN_CSV_COLUMNS))))
    if kind == "json":
        items = [dict(zip(FAN_CSV_COLUMNS, row, strict=True)) for row in rows]
        return "evolve", ".json", draw(mutated(_json(items)))
    lines = [",".join(FAN_CSV_COLUMNS)] + [",".join(_shown(cell).replace(",", "") for cell in row) for row in rows]
    return "evolve", ".csv", draw(mutated("\n".join(lines)))


# Queries and registry exports -----------------------------------------------------------------------------


@st.composite
def queries(draw: st.DrawFn) -> tuple[str, str]:
    """(game id, a --want / keep: / cards search text): conditions on the game's fields, joined as the grammar says."""
    game_id = draw(st.sampled_from(GAMES))
    fields = st.sampled_from(_field_names(game_id) * 3 + ["colour", "", "na me"])
    operators = st.sampled_from(["=", "=", "~=", ">=", "<=", ">", "<", "==", "=~"])
    value = st.one_of(
        st.sampled_from(["0", "1", "3", "true", "false", "heal", "none", "forest", "X", "unit", "ユニット", "騎士"]),
        texts(max_size=8),
        st.integers().map(str),
        st.sampled_from(HOSTILE),
    )
    condition = st.builds(
        lambda f, o, v: f"{f}{o}{v}", fields, operators, st.lists(value, min_size=1, max_size=3).map("|".join)
    )
    text = ",".join(draw(st.lists(condition, min_size=1, max_size=3)))
    prefix = draw(st.sampled_from(["", "", "", ">=2 ", "<=0 ", ">=" + HUGE + " ", ">=1", ">= 1 "]))
    suffix = draw(st.sampled_from(["", "", "", "", "@3", "@" + HUGE, "@-1", "@x"]))
    return game_id, draw(mutated(prefix + text + suffix))


@st.composite
def registry_exports(draw: st.DrawFn) -> str:
    """The deck registry's JSON: lists of {card_number, num}, a game_title_id, now and then wrapped in `deck`."""
    item = st.fixed_dictionaries(
        {"card_number": st.one_of(card_keys, card_keys, values), "num": st.one_of(st.integers(1, 4), values)}
    )
    deck = {
        name: draw(st.lists(item, max_size=4))
        for name in draw(st.sets(st.sampled_from(["list", "sub_list", "p_list"]), min_size=1))
    }
    if draw(st.booleans()):
        deck["game_title_id"] = draw(st.one_of(st.just(6), values))
    deck["title"] = draw(texts(max_size=8))
    data = {"deck": deck} if draw(st.booleans()) else deck
    return draw(mutated(_json(data)))


# The properties ---------------------------------------------------------------------------------------------

_scratch = tempfile.TemporaryDirectory(prefix="deckcheck-fuzz-")
SCRATCH = Path(_scratch.name)


def only_deckcheck_errors(run: Callable[[], Any]) -> BaseException | None:
    """None when `run` returns or raises DeckcheckError with a message; else the exception (a bug)."""
    try:
        run()
    except DeckcheckError as error:
        return None if str(error).strip() else AssertionError(f"a DeckcheckError without a message: {error!r}")
    except Exception as error:  # noqa: BLE001 - any other exception is what the fuzzing looks for
        return error
    return None


def read_deck(text: str, fmt: str) -> None:
    """Parse a deck as `check` does; a deck that parses is looked up, checked and printed in every format."""
    from deckcheck.carddb.db import load_carddb, resolve_deck
    from deckcheck.checking.deck import report_deck
    from deckcheck.checking.output import render_github, render_json, render_junit, render_sarif, render_text
    from deckcheck.checking.report import CheckRun
    from deckcheck.formats.read import parse_deck
    from deckcheck.formats.write import check_round_trip, render

    suffix = {"toml": ".deck.toml", "json": ".json", "text": ".txt"}[fmt]
    source = parse_deck(f"fuzz{suffix}", text, fmt)
    db = load_carddb(source.game_id)
    report = report_deck(resolve_deck(source, db), db)
    run = CheckRun(reports=[report])
    for printer in (render_text, render_json, render_github, render_sarif, render_junit):
        printer(run)
    for target in ("toml", "json", "text"):
        check_round_trip(source, render(source, target), target)


def read_pasted(text: str, game_id: str) -> None:
    """Read a pasted list as `check --game` does; one that reads is checked and printed in every format."""
    from deckcheck.carddb.db import load_carddb, resolve_deck
    from deckcheck.checking.deck import report_deck
    from deckcheck.checking.output import render_github, render_json, render_junit, render_sarif, render_text
    from deckcheck.checking.report import CheckRun
    from deckcheck.formats.read import parse_deck

    source = parse_deck("pasted.txt", text, game=game_id)
    db = load_carddb(source.game_id)
    report = report_deck(resolve_deck(source, db), db)
    run = CheckRun(reports=[report])
    for printer in (render_text, render_json, render_github, render_sarif, render_junit):
        printer(run)


def read_card_file(game_id: str, text: str) -> None:
    from deckcheck.carddb.db import _parse_file
    from deckcheck.errors import CardDatabaseError

    problems: list[str] = []
    _parse_file(get_game(game_id), SCRATCH / "cards.toml", text.encode("utf-8", "surrogatepass"), problems)
    if problems:
        raise CardDatabaseError(problems)


def read_card_list(game_id: str, suffix: str, text: str) -> None:
    """Read and validate the rows as `cards import` does (within limits.reading, as the command runs it)."""
    from deckcheck._util.limits import reading
    from deckcheck.carddb.importer import _parse, _read_rows
    from deckcheck.realdata import list_formats

    game = get_game(game_id)
    path = SCRATCH / f"list{suffix}"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")  # where the command would find the line
    with reading(path):
        read = _read_rows(path, text, game, list_formats(game_id))  # the game's fan formats, as the CLI hands them
        for row in read.rows:
            if row.record is not None:  # an item that is not an object is rejected as it is read (as the command)
                _parse(game, read.unit, row.index, row.record, [])


def read_query(game_id: str, text: str) -> None:
    from deckcheck.carddb.db import load_carddb
    from deckcheck.model.query import parse_filter, parse_query

    game = get_game(game_id)
    cards = list(load_carddb(game_id).cards.values())[:200]
    try:  # as `cards search` and `keep:` read it
        card_filter = parse_filter(text, game)
    except DeckcheckError:
        pass
    else:
        for card in cards:
            card_filter(card)
    query = parse_query(text, game)  # as --want reads it
    for card in cards:
        query.filter(card)


def read_registry(text: str, game_id: str | None) -> None:
    from deckcheck.commands.convert import read_any
    from deckcheck.formats.write import render

    path = SCRATCH / "registry.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    source, _notes = read_any(path, game_id)
    render(source, "toml")


#: name -> (strategy of arguments, the reader): what the test and the benchmark fuzz.
TARGETS: dict[str, tuple[st.SearchStrategy[Any], Callable[..., None]]] = {
    "deck-toml": (toml_decks.map(lambda text: (text, "toml")), read_deck),
    "deck-json": (json_decks.map(lambda text: (text, "json")), read_deck),
    "deck-text": (text_decks.map(lambda text: (text, "text")), read_deck),
    "pasted": (st.tuples(st.one_of(pasted_lists, text_decks), st.sampled_from(GAMES)), read_pasted),
    "card-file": (card_files(), read_card_file),
    "card-list": (card_lists(), read_card_list),
    "fan-list": (fan_lists(), read_card_list),
    "query": (queries(), read_query),
    "registry": (
        st.tuples(registry_exports(), st.sampled_from([None, *GAMES, "evolve", "evolve"])),
        read_registry,
    ),
}
