"""No reader is super-linear (issue 45): every reader of input a deck repository can hold or a user can type (text
decks, pasted lists, TOML scanning, regulation files, card files, `--want` filters, the message templates said in
Japanese) fed lines built from runs of each character class at 1×, 10× and 100× length.

Work is measured as CPU time, never against a clock: the n× input (n from 1 to 100, in steps) may take at most
SLACK × n times what the 1× input takes (a linear reader: about n times, less where a fixed cost dominates; a quadratic
one: about n² times), a fast call repeated until it is long enough to measure, the least of a few runs after a
warm-up. A failure is measured again
before it is reported, so that a busy machine cannot fail it alone.

Round four's reproducers, each in its reader: a pasted line of 30 stars then another character (exponential: minutes),
`## a<1,000 blanks>b` (cubic), `a<20,000 blanks>b` (quadratic), a TOML table named `["a<60 KB of blanks>b"]`
(quadratic), a regulation file of thousands of entries (quadratic), a 60,000-character mistyped option said in
Japanese (quadratic)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
import tomli

from deckcheck._i18n import match_template
from deckcheck._util.positions import toml_key_lines
from deckcheck._util.toml_scan import KEY_LINE, TABLE_HEADER, TOML_MESSAGES, scan_toml, toml_comment_lines
from deckcheck.carddb.db import load_file
from deckcheck.checking.regulations import _FileReader
from deckcheck.cli.language import CLICK_MESSAGES
from deckcheck.errors import DeckcheckError
from deckcheck.formats.read import parse_deck
from deckcheck.formats.text import parse_text
from deckcheck.games import get_game
from deckcheck.model.query import parse_query

#: The n× input may take at most SLACK × n times the 1× input's work (at 100×: 300 times).
SLACK = 3
#: Sizes of the runs, in times a base length: 1×, 10× and 100×, and steps between them.
SCALES = (1, 2, 5, 10, 20, 50, 100)

#: The character classes the runs are made of.
CLASSES = {
    "blanks": " ",
    "tabs": "\t",
    "full-width blanks": "\u3000",
    "stars": "★",
    "asterisks": "*",
    "hyphens": "-",
    "dots": ".",
    "digits": "1",
    "letters": "a",
    "Japanese": "あ",
    "hashes": "#",
    "times signs": "×",
    "double quotes": '"',
    "single quotes": "'",
    "corner brackets": "「",
    "parentheses": "(",
    "square brackets": "[",
    "lenticular brackets": "【",
    "colons": ":",
    "equals signs": "=",
    "at signs": "@",
    "bars": "|",
}


def _cpu(call: Callable[[], object], warm: bool = True) -> float:
    """The CPU time one call takes, the least of a few runs (after a warm-up with `warm`); a fast call is repeated
    until a run of it lasts long enough to be measured (and divided back)."""
    if warm:
        call()
    start = time.process_time()
    call()
    once = time.process_time() - start
    if once >= 0.002:  # (long enough: one measure; a failure is measured again)
        return once
    repeat = max(1, int(0.002 / max(once, 1e-7)))
    best = once
    for _ in range(3 if repeat > 1 else 1):
        start = time.process_time()
        for _ in range(repeat):
            call()
        best = min(best, (time.process_time() - start) / repeat)
    return max(best, 1e-7)


def assert_linear(make: Callable[[int], Callable[[], object]], what: str) -> None:
    """`make(n)` is a call on input n times the base size: at each size up to 100×, the call takes at most SLACK × n
    times the call at 1× (the steps between stop a super-linear reader early, before a large input could take hours:
    an exponential one between 10 and 20 stars). Measured twice before it fails: a busy machine slows one measure,
    not both."""
    for _attempt in range(2):
        small = _cpu(make(1))  # (its warm-up compiles the patterns, fills the caches)
        seen = [f"1× {small * 1e3:.3f} ms"]
        for scale in SCALES[1:]:
            took = _cpu(make(scale), warm=False)
            seen.append(f"{scale}× {took * 1e3:.3f} ms")
            if took > SLACK * scale * small:
                break
        else:
            return
    pytest.fail(f"{what}: {', '.join(seen)} (more than {SLACK} × n times the 1× work at n×; linear is about n)")


def _quietly(call: Callable[[], object]) -> Callable[[], object]:
    """The call, a refusal of its input (bad input) being an answer as good as any."""

    def run() -> object:
        try:
            return call()
        except (DeckcheckError, tomli.TOMLDecodeError):
            return None

    return run


# text decks ------------------------------------------------------------------------------------------------------

TEXT_SHAPES = (
    "{r}",
    "a{r}b",
    "## a{r}b",
    "## {r}(4)",
    "4 {r}",
    "4 a{r}b",
    "a{r} 4",
    "a{r}×4",
    "a{r}x 4★",
    "a{r} # b",
    "【{r}】",
    "デッキ名:{r}",
    "key:{r}",
    "1({r}) a",
    "BP01-{r} a",
)


@pytest.mark.parametrize("char", CLASSES.values(), ids=CLASSES.keys())
def test_a_text_deck_is_read_in_linear_time(char):
    def make(scale: int) -> Callable[[], object]:
        run = char * 100 * scale
        text = "game: evolve\n" + "\n".join(shape.format(r=run) for shape in TEXT_SHAPES) + "\n"
        return _quietly(lambda: parse_text("deck.txt", text))

    assert_linear(make, "a text deck")


# pasted lists (each line read at most 120 characters long: the runs are 1, 10 and 100 long) ---------------------

PASTED_SHAPES = (
    "{r}",
    "{r}x",
    "a{r}b",
    "a ×4 {r}x",
    "4 a{r}",
    "a{r} 4",
    "a×{r}",
    "■{r}(4枚)",
    "計{r}",
    "デッキコード:{r}",
    "主人公:{r}",
)


@pytest.fixture(scope="module")
def evolve_db(shipped):
    return shipped("evolve")


@pytest.mark.parametrize("char", CLASSES.values(), ids=CLASSES.keys())
def test_a_pasted_list_is_read_in_linear_time(char, evolve_db):
    def make(scale: int) -> Callable[[], object]:
        lines = [shape.format(r=char * scale) for shape in PASTED_SHAPES]

        def read() -> None:
            for line in lines:  # one list per line: each line read as the list's only one
                _quietly(lambda: parse_deck("pasted.txt", line, game="evolve").pasted.read(evolve_db))()  # noqa: B023

        return read

    assert_linear(make, "a pasted list")


def test_a_line_of_stars_then_another_character_is_read_in_linear_time(evolve_db):
    """The exponential case itself (30 stars then a letter took minutes), with a card line before it."""

    def make(scale: int) -> Callable[[], object]:
        text = "ベルエンジェル ×3\n" + "★" * scale + "x\n"
        return _quietly(lambda: parse_deck("pasted.txt", text, game="evolve").pasted.read(evolve_db))

    assert_linear(make, "a line of stars then a letter")


# TOML scanning (the editor, the line finder, the readers of deck and card files) --------------------------------

TOML_SHAPES = (
    '["a{r}b"]',
    "[{r}]",
    "[[a{r}b]]",
    '"a{r}b" = 1',
    "a{r}b = 1",
    'a = "{r}"',
    "a = '{r}'",
    'a = """{r}"""',
    "a = '''{r}'''",
    "a = 1 # {r}",
    "{r}",
)


@pytest.mark.parametrize("char", CLASSES.values(), ids=CLASSES.keys())
def test_toml_is_scanned_in_linear_time(char):
    def make(scale: int) -> Callable[[], object]:
        run = char * 20 * scale
        lines = [shape.format(r=run) for shape in TOML_SHAPES]
        text = 'game = "evolve"\n[main]\n' + "\n".join(lines) + "\n"

        def scan() -> None:
            scan_toml(text)
            toml_comment_lines(text)
            for line in lines:
                TABLE_HEADER.match(line)
                KEY_LINE.match(line)
            _quietly(lambda: toml_key_lines(text, {}))()

        return scan

    assert_linear(make, "TOML scanning")


def test_a_valid_toml_deck_with_a_long_quoted_table_name_is_scanned_in_linear_time():
    def make(scale: int) -> Callable[[], object]:
        text = 'game = "evolve"\n["a' + " " * 600 * scale + 'b"]\nz = 1\n'
        tomli.loads(text)  # (valid TOML: what `add` reads)
        return lambda: [TABLE_HEADER.match(line) for line in text.split("\n")] and toml_key_lines(text, {})

    assert_linear(make, "a quoted table name with a run of blanks")


# regulation files ------------------------------------------------------------------------------------------------


def _regulation(folder: Path, entries: int, run: str) -> Path:
    lines = ['name = "long"', "effective = 2024-01-01", 'format = "standard"', "banned = ["]
    lines += [f'  "B{run}{index}",' for index in range(entries)]
    lines += ["]", "[limits]"]
    lines += [f'"L{run}{index}" = 1' for index in range(entries)]
    lines += [f'[[entries]]\ncard = "E{run}{index}"\nkind = "banned"' for index in range(entries)]
    path = folder / f"r{entries}-{len(run)}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _read_regulation(path: Path) -> Callable[[], object]:
    return lambda: _FileReader("evolve", path, []).read()


def test_a_regulation_file_is_read_in_linear_time_in_its_entries(tmp_path):
    assert_linear(lambda scale: _read_regulation(_regulation(tmp_path, 10 * scale, "")), "a regulation's entries")


@pytest.mark.parametrize("char", [c for c in CLASSES.values() if c not in "\"'"], ids=lambda c: repr(c))
def test_a_regulation_file_is_read_in_linear_time_in_its_lines(tmp_path, char):
    assert_linear(
        lambda scale: _read_regulation(_regulation(tmp_path, 3, char * 100 * scale)), "a regulation's long lines"
    )


# card files ------------------------------------------------------------------------------------------------------

CARD = """[[cards]]
number = "DC-{r}-1"
name = "a{r}b"
type = "follower"
class = "neutral"
cost = 2
traits = ["{r}"]
"a{r}b" = 1
set = "DC-SV01"
"""


@pytest.mark.parametrize("char", [c for c in CLASSES.values() if c not in "\"'"], ids=lambda c: repr(c))
def test_a_card_file_is_read_in_linear_time(tmp_path, char):
    game = get_game("evolve")

    def make(scale: int) -> Callable[[], object]:
        path = tmp_path / f"cards{scale}.toml"
        path.write_text('game = "evolve"\n' + CARD.replace("{r}", char * 100 * scale), encoding="utf-8")
        return _quietly(lambda: load_file(game, path, []))

    assert_linear(make, "a card file")


# filters (`--want`, `--filter`) -----------------------------------------------------------------------------------

QUERY_SHAPES = (
    "{r}",
    "a{r}b",
    "grade={r}",
    "grade=1{r}",
    "grade=a{r}b",
    "name~={r}x",
    "grade=1..{r}",
    "grade={r}..3",
    "grade=1{r}@{r}2",
    "grade=1@{r}",
    "{r}@1",
    ">=2 {r}",
    "2+{r}",
    "grade=1,{r}",
)


@pytest.mark.parametrize("char", CLASSES.values(), ids=CLASSES.keys())
def test_a_filter_is_read_in_linear_time(char):
    game = get_game("vanguard")

    def make(scale: int) -> Callable[[], object]:
        queries = [shape.format(r=char * 100 * scale) for shape in QUERY_SHAPES]

        def read() -> None:
            for query in queries:
                _quietly(lambda: parse_query(query, game))()  # noqa: B023 (called at once)

        return read

    assert_linear(make, "a filter")


# the message templates (click's and the TOML parser's words said in Japanese) -------------------------------------

MESSAGE_SHAPES = (
    "No such option: --{r}",
    "No such option: --{r} Did you mean {r}?",
    "No such option: --{r}. Did you mean {r}",
    "{r}. Did you mean {r}",
    "Invalid value for {r}: {r}",
    "{r} is not one of {r}",
    "Expected {r}",
    "Got unexpected extra argument(s) ({r}",
    "{r}",
)


@pytest.mark.parametrize("char", CLASSES.values(), ids=CLASSES.keys())
def test_a_message_is_matched_against_the_templates_in_linear_time(char):
    templates = (*CLICK_MESSAGES, *TOML_MESSAGES)

    def make(scale: int) -> Callable[[], object]:
        run = char * 100 * scale
        messages = [shape.format(r=run) for shape in MESSAGE_SHAPES]
        messages.append(f"No such option: --{'. Did you mean x' * 10 * scale}")
        messages.append(f"x{' is not one of ' * 10 * scale}")
        return lambda: [match_template(message, templates) for message in messages]

    assert_linear(make, "the message templates")
