"""Reliability round four (issue 45): the attacks on keys, pasted lists, sealed pools, line separators and
regulation layers, each reproduced first, in process (run_cli) on the test Vanguard database or the shipped ones.

(The pattern-linearity and broken-catalog attacks of the same issue have their own tests.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import LEGAL_VANGUARD_TOML

ROOT = Path(__file__).resolve().parents[2]

# 1. Lone surrogates of both halves in a JSON deck's keys -----------------------------------------------------------

# A JSON deck can spell any lone surrogate as an escape; round three made the low ones U+DC80-U+DCFF (the bytes of a
# file name that is not UTF-8) safe, which surrogateescape gives back as bytes. The high ones and the low ones below
# U+DC80 crashed every output that hashed or wrote them as UTF-8.
SURROGATES = ["\\ud800", "\\udc00", "\\udc80"]  # high; low, not a byte; low, a byte (round three)


def _json_deck(where: str, escape: str) -> str:
    lines = [line for line in LEGAL_VANGUARD_TOML.splitlines() if " = " in line]
    main = {key.strip('"'): int(count) for key, count in (line.split(" = ") for line in lines[3:17])}
    deck: dict[str, object] = {"game": "vanguard", "name": "Test deck", "main": main, "g": {"T-201": 4}}
    if where == "name":
        deck["name"] = "Test deck @"
    elif where == "card key":
        main["T-100 @"] = 1
    elif where == "section":
        deck["side @"] = {"T-100": 1}
    else:
        deck["key @"] = 1
    return json.dumps(deck).replace("@", escape)


CASES = [
    *[(("check", "-o", "sarif"), where) for where in ("card key", "section", "deck key")],
    *[(("check", "-o", "json"), where) for where in ("card key", "section")],
    *[(("show", "-o", "json"), where) for where in ("name", "card key", "section", "deck key")],
    (("diff", "-o", "json"), "card key"),
    (("stats", "-o", "json"), "name"),
    (("hand", "-o", "json"), "name"),
]


@pytest.mark.parametrize("escape", SURROGATES)
@pytest.mark.parametrize(("args", "where"), CASES, ids=[" ".join(args) + f" ({where})" for args, where in CASES])
def test_a_lone_surrogate_of_either_half_is_escaped_in_json_and_sarif(
    run_cli, vanguard_carddb, tmp_path, escape, where, args
):
    deck = tmp_path / "d.deck.json"
    deck.write_text(_json_deck(where, escape), encoding="utf-8")
    before = tmp_path / "before.deck.json"
    before.write_text(_json_deck("nowhere", ""), encoding="utf-8")
    decks = (before, deck) if args[0] == "diff" else (deck,)
    code, out, err = run_cli(
        *args, *decks, "--carddb", vanguard_carddb, *(("--trials", "2000") if args[0] == "stats" else ())
    )
    assert "internal error" not in err and code in (0, 1), err
    out.encode("utf-8")  # (strict: no lone surrogate reached the stream)
    data = json.loads(out)  # the same lone surrogate, as a JSON escape
    if (args[0] == "show" and where != "deck key") or (args[0] == "check" and where == "card key"):
        character = escape.encode().decode("unicode_escape")
        assert character in json.dumps(data, ensure_ascii=False), out


def test_fingerprints_of_keys_differing_by_a_lone_surrogate_differ(run_cli, vanguard_carddb, tmp_path):
    """The SARIF fingerprint hashes the key's bytes: a high surrogate and its escape spelled out are two keys."""
    prints = []
    for key in ("\\ud800", "\\\\ud800", "\\udbff"):
        deck = tmp_path / "d.deck.json"
        deck.write_text(_json_deck("card key", key), encoding="utf-8")
        code, out, err = run_cli("check", "-o", "sarif", deck, "--carddb", vanguard_carddb)
        assert code == 1, err
        results = json.loads(out)["runs"][0]["results"]
        unknown = next(result for result in results if result["ruleId"] == "deck.unknown-card")
        prints.append(unknown["partialFingerprints"])
    assert len({json.dumps(one, sort_keys=True) for one in prints}) == 3, prints


# 2c. The ASCII warning tells the truth --------------------------------------------------------------------------


@pytest.mark.parametrize(("encoding", "warned"), [("ascii", False), ("latin-1", True), ("utf-8", False)])
def test_the_escapes_warning_says_what_the_stream_received(tmp_path, encoding, warned):
    """On an ASCII stdout, click prints UTF-8 (it takes ASCII for a misconfigured locale): `convert --to text`
    warned that 146 characters were written as escapes while every name was written raw. Now it warns only where
    the names are escaped (latin-1), and there they are."""
    done = subprocess.run(
        [sys.executable, "-m", "deckcheck", "convert", ROOT / "decks" / "build-divide" / "guren.txt", "--to", "text"],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": encoding, "DECKCHECK_LANG": "en"},
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    said = "lacks 146 characters of this list, written as escapes" in done.stderr.decode()
    assert said == warned, done.stderr
    assert (b"\\u" in done.stdout) == warned
    if not warned:
        assert not done.stdout.decode("utf-8").isascii()  # the names, raw


# 2b. A sealed pool is not dealt ----------------------------------------------------------------------------------

_SEALED = {
    number: 3
    for number in (
        *("CP03-001", "CP03-003", "CP03-004", "CP03-005", "CP03-007"),
        *("CP03-008", "CP03-009", "CP03-010", "CP03-011", "CP03-012"),
    )
}


def _sealed_deck(path: Path, pool: int) -> Path:
    lines = ['game = "evolve"', 'format = "sealed"', "[leader]", "[main]"]
    lines += [f'"{number}" = {n}' for number, n in _SEALED.items()]
    lines += ["[evolve]", "[pool]", *[f'"{number}" = {pool}' for number in _SEALED if pool]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_sealed_pool_of_10000_opened_cards_is_not_dealt(run_cli, isolated_carddb):
    """`hand` and `stats` refused this deck as one of 10,030 cards ("the engine deals decks of at most 10000"): the
    pool lists the opened cards, it is never dealt. The odds are those of the same deck without a pool."""
    big = _sealed_deck(isolated_carddb / "big.deck.toml", 1000)
    none = _sealed_deck(isolated_carddb / "none.deck.toml", 0)
    assert run_cli("check", big)[0] == 0
    code, out, err = run_cli("hand", big, "--seed", "1", "-o", "json")
    assert code == 0, err
    assert len(json.loads(out)["hand"]) == 4 or "10030" not in err
    odds = []
    for deck in (big, none):
        code, out, err = run_cli("stats", deck, "--want", "cost=2", "-o", "json")
        assert code == 0, err
        odds.append(json.loads(out)["exact"])
    assert odds[0] == odds[1]


# 2a. Two pasted decks, each with its own deck code ---------------------------------------------------------------


def _listed(deck: str) -> list[str]:
    """The card lines of a shipped EVOLVE deck as `convert --to text` writes them."""
    path = ROOT / "decks" / "evolve" / deck

    done = subprocess.run(
        [sys.executable, "-m", "deckcheck", "convert", "-o", "text", path],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    return [line for line in done.stdout.splitlines() if line[:1].isdigit()]


@pytest.mark.parametrize("codes", ["above", "below"])
def test_two_pasted_decks_each_with_its_code_are_refused_where_the_second_begins(run_cli, isolated_carddb, codes):
    """Summed into one deck of 81 cards and written by `convert --game` (exit 0): now refused, naming the line where
    the second deck begins (its title when it has one above its code, else the line after the first deck's code)."""
    first, second = _listed("2026-03-21-sword-1FN4K.deck.toml"), _listed("2026-03-21-abyss-YF8Z.deck.toml")
    if codes == "above":
        lines = ["ロイヤル 優勝デッキ", "デッキコード:1FN4K", *first, "", "アビス 準優勝", "デッキコード:YF8Z", *second]
        start = len(first) + 4
    else:
        lines = [*first, "デッキコード:1FN4K", "", *second, "デッキコード:YF8Z"]
        start = len(first) + 3
    pasted = isolated_carddb / "two.txt"
    pasted.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run_cli("convert", pasted, "--game", "evolve", "-o", "toml")
    assert code == 2 and out == "", err
    assert f"two.txt:{start}: holds two decks: a second one starts on line {start} " in err, err
    assert f"{lines[start - 1].split('  #')[0]!r}" in err  # (the line, its trailing comment taken off)
    # one deck with its code below it still reads
    one = isolated_carddb / "one.txt"
    one.write_text("\n".join(["ロイヤル", *first, "デッキコード:1FN4K"]) + "\n", encoding="utf-8")
    code, out, err = run_cli("convert", one, "--game", "evolve", "-o", "toml")
    assert code == 0, err


# 3. Lines as apps copy them ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085", "\r\n"])
def test_a_pasted_list_split_by_a_line_separator_is_read_line_by_line(run_cli, isolated_carddb, separator):
    """U+2028, U+2029 and NEL (as some apps and web pages copy text) joined the list into one line: "no line of it
    names a Shadowverse EVOLVE card (1 line looks like card lines ...)". Each is a line break now."""
    pasted = isolated_carddb / "copied.txt"
    pasted.write_text(separator.join(["ベルエンジェル 4枚", "反転する翼 3枚", "エリカ 1枚"]), encoding="utf-8")
    code, out, err = run_cli("convert", pasted, "--game", "evolve", "-o", "json")
    assert code == 0, err
    deck = json.loads(out)
    assert deck["main"] == {"BP01-159": 4, "BP03-117": 3} and deck["leader"] == {"BP01-LD03": 1}, out


def test_a_text_deck_reads_the_same_with_game(run_cli, isolated_carddb):
    """README: a deck file reads the same with `--game`. Its comment lines (one of 150 characters too) and trailing
    comments were "not understood" there, and a card line with a one-blank comment was no card at all."""
    lines = [
        "game: evolve",
        "#nospace comment",
        "# " + "x" * 150,
        "   # indented",
        "#",
        "## main",
        "3 BP01-159  # " + "y" * 130,
        "3 BP03-117 # a note",
    ]
    deck = isolated_carddb / "d.txt"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    plain, with_game = (run_cli("convert", deck, *extra, "-o", "json") for extra in ((), ("--game", "evolve")))
    assert plain[0] == with_game[0] == 0, (plain[2], with_game[2])
    assert json.loads(plain[1])["main"] == json.loads(with_game[1])["main"] == {"BP01-159": 3, "BP03-117": 3}
    assert "not understood" not in with_game[2], with_game[2]


@pytest.mark.parametrize("args", [("convert", "-o", "toml"), ("check",)], ids=" ".join)
def test_a_nul_byte_in_a_pasted_line_is_said_with_where_it_stands(run_cli, isolated_carddb, args):
    """It was blamed on the encoding ("is not UTF-8, UTF-16 or Shift_JIS text") and showed nothing of the line."""
    pasted = isolated_carddb / "nul.txt"
    pasted.write_bytes("ベルエンジェル 3枚\n反転\x00する翼 3枚\n".encode())
    code, out, err = run_cli(*args, pasted, "--game", "evolve")
    said = (out + err).replace("\n    ", " ")
    assert "a NUL byte (\\x00) at column 3 of '反転\\x00する翼 3枚'" in said, said
    assert "Shift_JIS" not in said
