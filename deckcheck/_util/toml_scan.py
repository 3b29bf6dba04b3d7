"""Reading TOML text line by line, where a parser keeps no positions: which lines start inside a multi-line string,
where comments start, header and key lines, and where a parse error stands. Used by the deck editor, the line finder
(:mod:`deckcheck._util.positions`) and the readers of deck and card files."""

from __future__ import annotations

import re
from typing import NamedTuple

import tomli

from deckcheck._i18n import N_, _, language, match_template, translate


class ScannedLine(NamedTuple):  # a NamedTuple: this module is loaded by every check, and builds faster
    in_string: bool  # the line starts inside a multi-line string
    comment: int | None  # the column where a comment starts


def scan_toml(text: str) -> list[ScannedLine]:
    """Per line: whether it starts inside a multi-line string, and where its comment starts."""
    result: list[ScannedLine] = []
    state = ""  # "", '"', "'", '"""', "'''"
    for line in text.split("\n"):
        starts_inside = state in ('"""', "'''")
        comment = None
        i = 0
        while i < len(line):
            if state == "":
                if line[i] == "#":
                    comment = i
                    break
                for quote in ('"""', "'''", '"', "'"):
                    if line.startswith(quote, i):
                        state = quote
                        i += len(quote)
                        break
                else:
                    i += 1
                continue
            if state in ('"', '"""') and line[i] == "\\":
                i += 2
                continue
            if line[i] == state[0]:
                if len(state) == 1:
                    i += 1
                    state = ""
                    continue
                end = i  # (the run counted where it stands, never a copy of the rest of the line per quote)
                while end < len(line) and line[end] == state[0]:
                    end += 1
                # up to two quotes before a closing triple quote belong to the string
                state = "" if end - i >= len(state) else state
                i = end
                continue
            i += 1
        if state in ('"', "'"):  # a one-line string cannot continue on the next line
            state = ""
        result.append(ScannedLine(starts_inside, comment))
    return result


# (the key starts and ends with a non-blank, each run of blanks taken whole: one pass over a quoted name holding a long
# run of blanks)
TABLE_HEADER = re.compile(r"^\s*+\[(?P<double>\[)?\s*+(?P<key>[^\[\]\s](?:[^\[\]]*?[^\[\]\s])??)\s*+\]\]?\s*+$")
KEY_LINE = re.compile(r"^(?P<indent>\s*)(?P<key>\"(?:[^\"\\]|\\.)*\"|'[^']*'|[A-Za-z0-9_-]+)\s*=\s*(?P<value>.*)$")


def toml_key(text: str) -> str | None:
    """The key a bare or quoted key text stands for (None for a dotted key)."""
    try:
        parsed = tomli.loads(f"{text} = 0")
    except tomli.TOMLDecodeError:
        return None
    (key, value), *rest = parsed.items()
    return key if not rest and value == 0 else None


def toml_comment_lines(text: str) -> list[int]:
    """Line numbers (from 1) holding a comment."""
    if "#" not in text:  # no comment can start without one (a file of 50,000 records: 4 s saved)
        return []
    return [number for number, info in enumerate(scan_toml(text), start=1) if info.comment is not None]


#: The TOML parser's own messages (tomli's, in English): said from the catalog in another language, the most
#: specific first ({name} stands for the part the parser fills in: a key, a character, what it expected).
TOML_MESSAGES = (
    N_("Invalid value"),
    N_("Invalid statement"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Expected newline or end of document after a statement"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Expected {expected}"),
    N_("Found invalid character {char}"),
    N_("Illegal character {char}"),
    N_("Cannot declare {key} twice"),
    N_("Cannot overwrite a value"),
    N_("Cannot mutate immutable namespace {key}"),
    N_("Cannot redefine namespace {key}"),
    N_("Invalid initial character for a key part"),
    N_("Unclosed array"),
    N_("Unclosed inline table"),
    N_("Duplicate inline table key {key}"),
    N_("Unescaped '\\' in a string"),
    N_("Invalid hex value"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Unterminated string"),
    N_("Invalid date or datetime"),
)


def _toml_said(reason: str) -> str:
    """The parser's English reason in the chosen language (an unknown one as it is)."""
    matched = None if language() == "en" else match_template(reason, TOML_MESSAGES)
    return reason if matched is None else translate(matched[0]).format(**matched[1])


def toml_error_position(error: tomli.TOMLDecodeError) -> tuple[str, int | None]:
    """The reason and line of a TOML error (Python 3.11's tomllib puts them in the message only), the reason in the
    chosen language."""
    text = str(error)
    if match := re.search(r"\(at line (\d+), column (\d+)\)", text):
        reason = _("{reason} (column {column})").format(
            reason=_toml_said(text[: match.start()].strip()), column=match[2]
        )
        return reason, int(match[1])
    if text.endswith("(at end of document)") and language() != "en":
        reason = _toml_said(text.removesuffix("(at end of document)").strip())
        return _("{reason} (at the end of the file)").format(reason=reason), None
    return _toml_said(text), None
