"""Every command line of the golden cases (tests/golden/cases.py) again in Japanese: no English sentence may reach the
user (issue 29). The golden outputs pin the English; this test holds the Japanese complete where the catalog test
cannot see: a string never marked for translation prints English here, and fails.

What may stay English (the issue's "never translated"): card names, card numbers, rule ids, rule numbers, option
names, file paths, values a user typed (quoted), JSON keys, the game's own Latin-letter names, command lines in
examples. The scan removes those and fails on what is left that reads as English: two or more Latin words in a
row, one of them written in small letters ("the deck", "No such").
"""

from __future__ import annotations

import json
import re
import tomllib
from functools import cache
from pathlib import Path

import pytest
from golden.cases import CASES, Case
from golden.runner import GoldenSession

ROOT = Path(__file__).resolve().parent.parent

#: The machine's locale stays C.UTF-8 (as in the golden runs); the language is asked for as a user can.
JAPANESE = {"DECKCHECK_LANG": "ja"}

#: Proper names that are written in Latin letters in Japanese too (the games' and products' own spelling).
PROPER_NAMES = (
    "Cardfight!! Vanguard",
    "Shadowverse EVOLVE",
    "IC Carddass Dragon Ball",
    "Fire Emblem",
    "Build Divide",
    "Markdown",
    "HTML",
    "JSON",
    "SARIF",
    "JUnit",
    "GitHub",
    "TOML",
    "CSV",
    "PNG",
    "SVG",
    "deckcheck",
    "cards search",  # the command names, in a group's help
    "cards import",
)


def _japanese_case(case: Case) -> Case:
    env = dict(case.env) | JAPANESE
    return Case(
        f"{case.id}-in-japanese",
        case.argv,
        case.stdin,
        tuple(env.items()),
        None if case.workdir is None else f"{case.workdir}-ja",
        case.files,
        case.capture,
        case.module,
    )


def _one_deck_of_each_kind() -> set[str]:
    """Of the shipped decks, which every deck case runs through each command and format: the first of each game and
    file format (the others say the same things about other cards)."""
    decks = sorted({case.argv[1] for case in CASES if case.id.startswith("deck-") and len(case.argv) > 1})
    first: dict[tuple[str, str], str] = {}
    for deck in decks:
        first.setdefault((Path(deck).parent.name, Path(deck).suffix), deck)
    return set(first.values())


_KINDS = _one_deck_of_each_kind()

#: Every golden case not already asking for a language, in Japanese (of the deck cases, one deck of each kind).
JAPANESE_CASES = [
    _japanese_case(case)
    for case in CASES
    if not any(name in ("LANG", "LC_ALL", "DECKCHECK_LANG") for name, _value in case.env)
    and "--lang" not in case.argv
    and (not case.id.startswith("deck-") or case.argv[1] in _KINDS)
]


@cache
def _latin_names() -> tuple[str, ...]:
    """Every card name written in Latin letters, of every card database the cases read (a name is never translated)."""
    names: set[str] = set()
    for folder in (ROOT / "carddb", ROOT / "tests"):
        for path in folder.rglob("*.toml"):
            try:
                data = tomllib.loads(path.read_text(encoding="utf-8"))
            except (tomllib.TOMLDecodeError, UnicodeDecodeError):
                continue  # a broken file of a bad-input case
            names |= set(_names_in(data))
    return tuple(sorted((name for name in names if re.search(r"[A-Za-z]{2}", name)), key=len, reverse=True))


@cache
def _card_names() -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, _latin_names())) or r"(?!)")


@cache
def _all_names() -> str:
    """The Latin names in one text: a phrase found in it is part of a name (a table cuts a long name short)."""
    return "\n".join(_latin_names())


def _names_in(data: object) -> list[str]:
    if isinstance(data, dict):
        found = [data[key] for key in ("name", "title", "unit_name") if isinstance(data.get(key), str)]
        return found + [name for value in data.values() for name in _names_in(value)]
    if isinstance(data, list):
        return [name for value in data for name in _names_in(value)]
    return []


_FITTED_NAME = re.compile(r"“[^”\n]*\n[^”\n]*”")
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|“[^”\n]*”|「[^」\n]*」|『[^』\n]*』")
_TECHNICAL = re.compile(
    r"(?:--?[A-Za-z][\w-]*(?:=\S*)?)"  # options
    r"|(?:\S*[/\\]\S*)"  # paths
    r"|(?:\S+\.(?:toml|txt|json|md|html|csv|png|svg|sarif|xml|deck)\b)"  # file names
    r"|(?:https?://\S+)"
    r"|(?:\b[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+\b)"  # rule ids, keys, snake_case, kebab-case
    r"|(?:\b[A-Z][A-Z0-9_]+\b)"  # metavars and environment variables (TEXT, PATH, DECKCHECK_LANG)
    r"|(?:\b\w+=\S*)"  # key=value as typed
    r"|(?:\[[a-z|]+\])"  # choices
)
#: Two Latin words in a row, one of them in small letters: English prose.
_ENGLISH = re.compile(r"\b[A-Za-z][a-z]+(?: [A-Za-z][a-z]*)+\b")


#: The JSON keys whose values are written for people (the rest are for programs, identical in every language).
HUMAN_KEYS = frozenset({"message", "text", "label", "markdown", "note", "notes", "warning", "warnings", "hint"})


def english_left(text: str, source: str = "") -> list[str]:
    """The English phrases of `text` once everything that may stay English is removed. `source` is the text of the
    files the command read: the player's own words there (comments, a deck's name) are not deckcheck's."""
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        try:
            return [phrase for value in _human_strings(json.loads(stripped)) for phrase in english_left(value)]
        except json.JSONDecodeError:
            pass
    if stripped.lower().startswith(("<!doctype html", "<html")):
        text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.DOTALL | re.IGNORECASE)
        text = re.sub(r"<[^>]*>", " ", text)
    elif stripped.startswith("<?xml"):  # JUnit: the text and the message attributes are for people
        text = re.sub(r"<[^>]*?(?:message=\"([^\"]*)\")?[^>]*>", lambda m: f" {m.group(1) or ''} ", text)
    # a deck's name in “ ” may be broken over two fitted lines (at its own blanks): it is the player's, not ours
    text = _FITTED_NAME.sub(" ", text)
    found = []
    for line in text.splitlines():
        if re.match(r"\s*(\$ )?(deckcheck|python -m) ", line):  # an example's command line
            continue
        comment = line.partition("#")[2].strip()
        if comment and source and comment in source:
            line = line.partition("#")[0]
        line = _card_names().sub(" ", line)
        for name in PROPER_NAMES:
            line = line.replace(name, " ")
        line = _TECHNICAL.sub(" ", _QUOTED.sub(" ", line))
        found += [
            phrase
            for phrase in (match.group() for match in _ENGLISH.finditer(line))
            if not phrase.istitle() and phrase not in source and phrase not in _all_names()
        ]
    return found


def _human_strings(data: object, key: str = "") -> list[str]:
    """The strings of a JSON document written for people: the values of HUMAN_KEYS, however deep."""
    if isinstance(data, dict):
        return [text for name, value in data.items() for text in _human_strings(value, name)]
    if isinstance(data, list):
        return [text for value in data for text in _human_strings(value, key)]
    return [data] if isinstance(data, str) and key in HUMAN_KEYS else []


def _source_of(case: Case) -> str:
    """The text of the files a case names (their comments and names are the player's)."""
    texts = [case.stdin or ""]
    for arg in case.argv:
        path = ROOT / arg
        if not arg.startswith("-") and path.is_file():
            texts.append(path.read_text(encoding="utf-8", errors="replace"))
    return "\n".join(texts)


def test_the_scan_sees_english_and_lets_the_allowed_words_be():
    assert english_left("The main deck has 10 cards; it needs at least 40.")
    assert english_left("デッキ: no such file")
    assert english_left('{"message": "the deck is legal"}')
    assert not english_left('{"step": "opening hand", "message": "初手"}')  # a value for programs
    assert english_left("<!doctype html><style>td { }</style><p>Main deck</p><p>total cards</p>")
    assert not english_left("<!doctype html><style>tfoot td { }</style><p>メインデッキ</p>")
    assert not english_left("# composed for the examples", source="# composed for the examples\n")
    assert not english_left("メインデッキは10枚です。40枚以上必要です（6.1.1.2：40〜50枚）。")
    assert not english_left("evolve.main-size: decks/evolve/x.deck.toml:3 「Savior of His Realm Marth」 --want grade=3")
    assert not english_left("  deckcheck stats decks/vanguard/x.deck.toml --want grade=3")
    assert not english_left('{"rule": "evolve.main-size", "message": "メインデッキは10枚です。"}')


@pytest.mark.parametrize("case", JAPANESE_CASES, ids=[case.id for case in JAPANESE_CASES])
def test_no_english_reaches_a_japanese_user(golden_session: GoldenSession, case: Case) -> None:
    result = golden_session.result(case, JAPANESE_CASES)  # (a case of a work folder after those before it)
    source = _source_of(case)
    left = english_left(result.stdout, source) + english_left(result.stderr, source)
    command = " ".join(["deckcheck" if case.module == "deckcheck" else f"python -m {case.module}", *case.argv])
    assert left == [], f"`DECKCHECK_LANG=ja {command}` still says in English: {sorted(set(left))}"
