"""The plain-text decklist: its grammar (shared with the editor, :mod:`deckcheck.formats.edit`) and its reader."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.files import NOT_TEXT, unreadable_text
from deckcheck._util.limits import INT_DIGITS
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.errors import DeckcheckError, Problem, mention
from deckcheck.games import get_game
from deckcheck.model.deck import COMMON_KEYS, DeckSource, Entry

if TYPE_CHECKING:
    from deckcheck.model.game import Game

# `4 name`, `4x name`, `4 x name`, `4×name`, `3枚 name`: the count first. A Latin x is a multiplication sign only
# when a blank or a non-ASCII character follows it, so that `4 Xander` stays the card Xander.
COUNT_LINE = re.compile(
    r"^(?P<count>[-+]?\d+(?:[.,]\d+)?)(?:\s*[×✕ｘ]\s*|\s*[xX](?:\s+|(?=[^\x00-\x7f]))|\s*枚\s*|\s+)(?P<key>\S.*)$"
)
# `name ×3`, `name×3`, `name x3`, `name x 3` (a Latin x after a blank or a non-ASCII character), `name 3`, `name 3枚`:
# the count last. Whether the line means that is decided with the card database (an Entry's `whole`).
COUNT_LAST_LINE = re.compile(
    r"^(?P<key>\S.*?)(?:\s*[×✕ｘ]\s*|(?:\s+|(?<=[^\x00-\x7f]))[xX]\s*|\s+)(?P<count>\d{1,3})\s*枚?$"
)
# A card number written before the name (`BP01-015 name`): letters and digits in groups joined by - or /, a digit
# among them.
NUMBER_AND_NAME = re.compile(r"^(?P<number>(?=[^\s]*\d)[A-Za-z0-9]+(?:[-/][A-Za-z0-9]+)+)\s+(?P<name>\S.*)$")
# `game: vanguard`, `Game: Evolve`, `game：evolve` (the full-width colon a Japanese IME types).
HEADER_LINE = re.compile(r"^(?P<key>[A-Za-z_][A-Za-z0-9_-]*)\s*[:：]\s*(?P<value>.*)$")
SECTION_LINE = re.compile(r"^##\s*(?P<section>[^#\s][^#]*?)\s*$")
# A comment after an entry: " # ..." (a `#` with a blank on either side), so that a name such as "#UNICUS" stays a name.
TRAILING_COMMENT = re.compile(r"\s+#(?:\s.*)?$")
# What may follow a section word: its count `(43)`, `（12枚）`, a colon.
_SECTION_TAIL = re.compile(r"\s*(?:[(（]\s*\d+\s*枚?\s*[)）])?\s*[:：]?$")
# The count in that tail (after NFKC), which the card lines under the heading must add up to.
_SECTION_COUNT = re.compile(r"\((?P<count>\d{1,4})\s*枚?\s*\)\s*:?$")


def game_id(path: str | Path, value: Any, line: int | None = None) -> str:
    if value is None:
        raise DeckcheckError(_("has no `game` key: say which game the deck is for"), path=path, line=line)
    if not isinstance(value, str):
        raise DeckcheckError(_("must be a game id string"), path=path, line=line, field="game")
    return get_game(unicodedata.normalize("NFKC", value).strip().lower(), path=path, line=line).id


def parse_text(path: str, text: str, bad_lines: tuple[int, ...] = (), partial: bool = False) -> DeckSource:
    """A plain-text decklist. `bad_lines` are lines that no encoding read (they stand empty in `text`). Every line
    not understood is reported at once: a DeckcheckError, or, with `partial` (once the game is known), the
    DeckSource of the readable lines with that error as its `unreadable`."""
    header: dict[str, tuple[str, int]] = {}
    raw_entries: list[Entry[Any]] = []
    section_lines: dict[str, int] = {}
    headings: list[tuple[int, str, int | None]] = []
    unreadable: list[_LineProblem] = [_line_problem(path, number, translate(NOT_TEXT)) for number in bad_lines]
    section = "main"
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line:
            continue
        if line[0] == "#":
            if match := SECTION_LINE.match(line):
                section = _section_word(match["section"])
                section_lines.setdefault(section, number)
                said = _SECTION_COUNT.search(unicodedata.normalize("NFKC", match["section"]))
                headings.append((number, section, int(said["count"]) if said else None))
            continue
        if "#" in line:
            line = TRAILING_COMMENT.sub("", line)
        if match := COUNT_LINE.match(line):
            count = match["count"]
            if len(count) > INT_DIGITS:  # more digits than Python reads: not a count (nor a readable line)
                digits = _("a count of {digits} digits").format(digits=f"{len(count):,}")
                unreadable.append(_line_problem(path, number, digits))
                continue
            raw_count = int(count) if count.isdecimal() else _text_count(count)
            raw_entries.append(_entry(section, match["key"].strip(), raw_count, number))
            continue
        if match := HEADER_LINE.match(line):
            key = unicodedata.normalize("NFKC", match["key"]).lower()
            if key in header:  # which one was meant? (read last-wins, the other would be silently ignored)
                raise DeckcheckError(
                    _("the header '{key}:' is given twice, on lines {first} and {second}; keep one").format(
                        key=key, first=header[key][1], second=number
                    ),
                    path=path,
                    line=number,
                    field=key,
                )
            header[key] = (match["value"].strip(), number)
            continue
        if match := COUNT_LAST_LINE.match(line):
            entry = _entry(section, match["key"].strip(), int(match["count"]), number)
            entry.whole = line  # `name 3` unless the line as a whole names a card (decided by resolve_deck)
            raw_entries.append(entry)
            continue
        if NUMBER_AND_NAME.match(line):
            raw_entries.append(_entry(section, line, 1, number))
            continue
        unreadable.append(_line_problem(path, number, quoted(raw.strip())))
    if bad_lines and not raw_entries and not header and len(bad_lines) * 2 > text.count("\n") + 1:
        raise unreadable_text(path, bad_lines)  # not a text file at all (a binary file, another encoding)
    game_value, game_line = header.pop("game", (None, None))
    try:
        game = get_game(game_id(path, game_value, game_line))
    except DeckcheckError as error:
        if unreadable:
            lines = _unreadable_lines(path, sorted(unreadable, key=_line_of))
            if game_value is None:  # no game and lines not read: a list pasted from a page, most likely
                lines.reason = _("{reason}; and it has no `game:` line: {hint}").format(
                    reason=lines.template, hint=_pasted_hint()
                )
            raise lines from None
        if game_value is None:
            error.reason = _("{reason} (a `game:` line; {hint})").format(reason=error.template, hint=_pasted_hint())
        raise
    allowed = joined(("game", *COMMON_KEYS, *game.deck_keys))
    unknown = [
        _line_problem(
            path,
            number,
            _("unknown header '{key}:' (this game's deck headers are: {allowed})").format(key=key, allowed=allowed),
        )
        for key, (_value, number) in header.items()
        if key not in COMMON_KEYS and key not in game.deck_keys
    ]
    problem: DeckcheckError | None = None
    if unknown and not unreadable and len(unknown) == 1:
        problem = DeckcheckError(unknown[0].detail, path=path, line=unknown[0].line)
    elif unreadable or unknown:  # every line not understood, at once (contract, "Deck files")
        problem = _unreadable_lines(path, sorted(unreadable + unknown, key=_line_of))
    if problem is not None and not partial:
        raise problem
    words = section_words(game)
    for entry in raw_entries:
        entry.section = words.get(entry.section, entry.section)
    source = DeckSource(path=str(path), game_id=game.id, format="text", entries=raw_entries)
    source.unreadable = problem
    for key, (value, number) in header.items():
        if key in COMMON_KEYS or key in game.deck_keys:
            source.key_lines[key] = number
            source.set_key(key, value)
    source.headings = [(number, words.get(word, word), said) for number, word, said in headings]
    for word, number in section_lines.items():
        source.section_lines.setdefault(words.get(word, word), number)
    for name, number in source.section_lines.items():
        if name not in game.sections:
            source.sections[name] = number
    return source


def _line_of(problem: Problem) -> int:
    return problem.line or 0


class _LineProblem(Problem):
    """A problem of one line: `line N: detail`, and the detail alone (said after the line's place)."""

    detail: str


def _line_problem(path: str, number: int, detail: str) -> _LineProblem:
    text = _("line {number}: {problem}").format(number=number, problem=detail)
    problem = _LineProblem(text, path, number)
    problem.detail = detail
    return problem


def _section_word(written: str) -> str:
    """A section header as written, ready to look up: NFKC, lower case, without a count `(43)` or a colon."""
    word = unicodedata.normalize("NFKC", written).strip().lower()
    return _SECTION_TAIL.sub("", word) or word


def section_words(game: Game[Any]) -> dict[str, str]:
    """Every word a header may name a section of `game` by (as _section_word leaves it): its ids, the labels people
    read (`g deck`), and the game's own `section_words` (`gデッキ`)."""
    words = {section: section for section in game.sections}
    for section, label in game.wording.section_labels.items():
        words.setdefault(_section_word(label), section)
    for word, section in game.wording.section_words.items():
        words[_section_word(word)] = section
    return words


def _entry(section: str, key: str, raw_count: int | float | str, line: int) -> Entry[Any]:
    """An entry; `BP01-015 name` is the number with the name written beside it (the number wins)."""
    if match := NUMBER_AND_NAME.match(key):
        entry: Entry[Any] = Entry(section, match["number"], raw_count, line=line)
        entry.name = match["name"].strip()
        return entry
    return Entry(section, key, raw_count, line=line)


_PASTED_HINT = N_("a list pasted from a page or a blog is read with `{option} GAME` (`check`, `convert`)")


def _pasted_hint() -> str:
    return translate(_PASTED_HINT).format(option=mention("game"))


def _unreadable_lines(path: str, lines: list[_LineProblem]) -> DeckcheckError:
    forms = _("expected '<count> <card number or name>', a '## section' header, a 'key: value' header or a '# comment'")
    if len(lines) == 1:
        (only,) = lines
        return DeckcheckError(
            _("cannot read this line: {text} ({forms})").format(text=only.detail, forms=forms),
            path=path,
            line=only.line,
        )
    listed = "".join(f"\n  {problem}" for problem in lines)
    reason = ngettext("cannot read {n} line ({forms}):", "cannot read {n} lines ({forms}):", len(lines))
    return DeckcheckError(
        reason.format(n=len(lines), forms=forms) + listed,
        path=path,
        line=lines[0].line,
        details=list(lines),
    )


def _text_count(text: str) -> int | float | str:
    try:
        return int(text)
    except ValueError:
        try:
            return float(text.replace(",", "."))
        except ValueError:
            return text
