"""`check --game` and `convert --game` on a list pasted from a blog (issue 28): the verdict with every guess as a
deck.pasted-reading warning in every output format, standard input, a clean deck written with the guesses on stderr,
and bad input ending in a clear message and exit 2."""

from __future__ import annotations

import io
import json
import sys
import tomllib
from pathlib import Path

import pytest
from textfit import says

from deckcheck._util import files

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"

# A Vanguard list as a shop's blog shows it: a title, grade headings, counts in three shapes, a product after a name,
# one name written without its middle dot, a total that agrees.
PASTED = """\
■かげろう ドラゴニック・オーバーロード
デッキレシピ
G3
4x ドラゴニック・オーバーロード (騎士王降臨
G2
ドラゴンナイト ネハーレン ×4
アシュラカイザー×4
計12枚
"""


@pytest.fixture
def pasted(tmp_path, isolated_carddb):
    path = tmp_path / "pasted.txt"
    path.write_text(PASTED, encoding="utf-8")
    return path


def test_check_judges_a_pasted_list_with_its_guesses_as_warnings(run_cli, pasted):
    code, out, err = run_cli("check", pasted, "--game", "vanguard", "--output", "json")
    assert code == 1, err  # 12 cards: the main deck must have 50
    (deck,) = json.loads(out)["decks"]
    assert deck["name"] == "かげろう ドラゴニック・オーバーロード" and deck["counts"]["main"] == 12
    (guess,) = [v for v in deck["violations"] if v["rule"] == "deck.pasted-reading"]
    assert guess["severity"] == "warning" and guess["line"] == 7 and "アシュラ・カイザー" in guess["message"]


def test_fail_on_warning_refuses_a_list_that_needed_guessing(run_cli, tmp_path, isolated_carddb):
    exact = tmp_path / "exact.txt"
    exact.write_text("ドラゴンナイト ネハーレン ×4\n", encoding="utf-8")
    guessed = tmp_path / "guessed.txt"
    guessed.write_text("ドラゴンナイト・ネハーレン ×4\n", encoding="utf-8")
    for path, warnings in ((exact, 0), (guessed, 1)):
        code, out, _ = run_cli("check", path, "--game", "vanguard", "--output", "json", "--no-regulation")
        summary = json.loads(out)["summary"]
        assert summary["warnings"] == warnings


def test_the_reading_rule_is_described_in_sarif_and_named_in_junit(run_cli, pasted):
    import jsonschema
    import xmlschema

    _, out, _ = run_cli("check", pasted, "--game", "vanguard", "--output", "sarif")
    jsonschema.Draft4Validator(json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text("utf-8"))).validate(
        json.loads(out)
    )
    run = json.loads(out)["runs"][0]
    rules = {rule["id"]: rule for rule in run["tool"]["driver"]["rules"]}
    assert "pasted list" in rules["deck.pasted-reading"]["shortDescription"]["text"]
    (result,) = [r for r in run["results"] if r["ruleId"] == "deck.pasted-reading"]
    assert result["level"] == "warning" and result["locations"][0]["physicalLocation"]["region"]["startLine"] == 7
    _, out, _ = run_cli("check", pasted, "--game", "vanguard", "--output", "junit", "--fail-on", "warning")
    xmlschema.XMLSchema(str(SCHEMAS / "jenkins-xunit-junit-10.xsd")).validate(out)
    assert "deck.pasted-reading" in out


def test_check_reads_a_pasted_list_from_standard_input(run_cli, monkeypatch, isolated_carddb):
    monkeypatch.setattr(files, "_stdin_read", [])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(PASTED.encode("utf-8")), encoding="utf-8"))
    code, out, _ = run_cli("check", "-", "--game", "vanguard")
    assert code == 1 and out.startswith("<stdin>  vanguard") and "<stdin>:7: warning deck.pasted-reading" in out


def test_without_game_a_pasted_list_is_read_as_a_deck_file_as_before(run_cli, pasted):
    code, _, err = run_cli("check", pasted)
    assert code == 2 and "no `game:` line" in err and "--game GAME" in err


def test_a_deck_file_of_another_game_is_refused_with_game(run_cli, tmp_path, isolated_carddb):
    deck = tmp_path / "d.deck.toml"
    deck.write_text('game = "evolve"\n[main]\n"BP01-001" = 3\n', encoding="utf-8")
    code, _, err = run_cli("check", deck, "--game", "vanguard")
    assert code == 2 and "is an evolve deck, but --game says vanguard" in err


def test_convert_writes_a_clean_deck_and_lists_every_guess_on_stderr(run_cli, pasted):
    code, out, err = run_cli("convert", pasted, "--game", "vanguard", "--to", "toml")
    assert code == 0, err
    deck = tomllib.loads(out)
    assert deck["name"] == "かげろう ドラゴニック・オーバーロード"
    assert sum(deck["main"].values()) == 12 and all("/" in key for key in deck["main"])  # card numbers
    assert "# アシュラ・カイザー" in out and "# デッキレシピ" in out  # names and the lead-in as comments
    assert "guessed: line 7: 'アシュラカイザー'" in err


def test_convert_reads_a_pasted_list_from_standard_input(run_cli, monkeypatch, pasted):
    """`convert -` as `check -`: before, `-` was looked for as a file ("-: no such file")."""
    monkeypatch.setattr(files, "_stdin_read", [])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(PASTED.encode("utf-8")), encoding="utf-8"))
    code, out, err = run_cli("convert", "-", "--game", "vanguard", "--to", "toml")
    assert code == 0, err
    _, expected, _ = run_cli("convert", pasted, "--game", "vanguard", "--to", "toml")
    assert tomllib.loads(out) == tomllib.loads(expected) and "guessed: line 7:" in err


def test_convert_refuses_a_card_line_without_a_count(run_cli, tmp_path, isolated_carddb):
    path = tmp_path / "p.txt"
    path.write_text("4 ドラゴンナイト ネハーレン\nドラゴニック・オーバーロード\n", encoding="utf-8")
    code, out, err = run_cli("convert", path, "--game", "vanguard", "--to", "toml")
    assert code == 2 and out == "" and "line 2: 'BT01/004' (no count)" in err and "nothing written" in err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("G3\nドラゴニック・オーバーロード×4\nG2\nドラゴンナイト ネハーレン×4\nG3\nアシュラ・カイザー×4\n", "line 5"),
        ("ベビーエルフ・メイ ×3\nロイヤルセイバー・オーレリア ×3\n", "--game evolve?"),
        ("\n".join(f"雑音 {index} ％＄ lorem" for index in range(10_000)), "nothing could be read"),
    ],
    ids=["two decks", "another game", "noise"],
)
def test_bad_pasted_input_ends_in_a_clear_message_and_exit_2(run_cli, tmp_path, isolated_carddb, text, said):
    path = tmp_path / "p.txt"
    path.write_text(text, encoding="utf-8")
    for command in (("check",), ("convert", "--to", "toml")):
        code, out, err = run_cli(command[0], path, "--game", "vanguard", *command[1:])
        assert code == 2 and said in err and "Traceback" not in err


# One pasted list in every command that reads a deck (issue 40): check, show, hand and stats read the same deck ------

ROOT = Path(__file__).resolve().parents[2]
_HEADINGS = {"main": "メインデッキ", "g": "Gデッキ"}


def _blog_list() -> tuple[str, int]:
    """A shop blog's list of the shipped Royal Paladin deck: a title, a lead-in, Japanese headings, `名前 ×N` lines,
    one name written without its middle dot (a guess). Returns the text and the guessed line's number."""
    from deckcheck.checking.workspace import Workspace

    deck = Workspace().deck(ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml")
    lines, guessed = ["■ロイヤルパラディン アルトマイル", "デッキレシピ"], 0
    for section in deck.game.sections:
        lines.append(_HEADINGS[section])
        for entry in deck.section_entries(section):
            assert entry.card is not None
            name = entry.card.printed_name
            if name == "ヒーリング・ペガサス":
                name, guessed = "ヒーリングペガサス", len(lines) + 1
            lines.append(f"{name} ×{entry.count}")
    assert guessed
    return "\n".join(lines) + "\n", guessed


@pytest.fixture
def blog(tmp_path, isolated_carddb):
    text, guessed = _blog_list()
    path = tmp_path / "blog.txt"
    path.write_text(text, encoding="utf-8")
    return path, guessed


@pytest.fixture
def blog_as_toml(run_cli, blog, tmp_path):
    """The same list written as a deck file by `convert --game`: the deck every command should read."""
    path, _guessed = blog
    out = tmp_path / "blog.deck.toml"
    code, _, err = run_cli("convert", path, "--game", "vanguard", "--to", "toml", "--out-file", out)
    assert code == 0, err
    return out


def _sections(shown: dict) -> dict[str, dict[str, int]]:
    return {name: {c["number"]: c["count"] for c in s["cards"]} for name, s in shown["sections"].items()}


def test_check_and_show_read_the_same_pasted_deck_with_the_same_warning(run_cli, blog, blog_as_toml):
    path, guessed = blog
    code, out, err = run_cli("check", path, "--game", "vanguard", "--output", "json", "--no-regulation")
    assert code == 0, err
    (checked,) = json.loads(out)["decks"]
    code, out, err = run_cli("show", path, "--game", "vanguard", "--output", "json", "--no-regulation")
    assert code == 0, err
    shown = json.loads(out)
    _, written, _ = run_cli("show", blog_as_toml, "--output", "json", "--no-regulation")
    assert _sections(shown) == _sections(json.loads(written))
    assert {name: s["count"] for name, s in shown["sections"].items()} == checked["counts"] == {"main": 50, "g": 16}
    assert shown["name"] == checked["name"] == "ロイヤルパラディン アルトマイル"
    readings = [(v["rule"], v["line"], v["severity"]) for v in shown["violations"]]
    assert readings == [(v["rule"], v["line"], v["severity"]) for v in checked["violations"]]
    assert readings == [("deck.pasted-reading", guessed, "warning")]
    code, out, _ = run_cli("show", path, "--game", "vanguard", "--no-regulation")
    assert code == 0 and says(f"blog.txt:{guessed}: warning deck.pasted-reading (main): 'ヒーリングペガサス'", out)


def test_hand_deals_the_pasted_deck_as_its_deck_file_and_notes_the_guess(run_cli, blog, blog_as_toml):
    path, guessed = blog
    code, out, err = run_cli("hand", path, "--game", "vanguard", "--seed", "7", "--turn", "2", "--output", "json")
    assert code == 0, err
    dealt = json.loads(out)
    _, expected, _ = run_cli("hand", blog_as_toml, "--seed", "7", "--turn", "2", "--output", "json")
    same = {key: value for key, value in json.loads(expected).items() if key != "path"}
    assert {key: value for key, value in dealt.items() if key != "path"} == same
    assert f"blog.txt:{guessed}: 'ヒーリングペガサス' is not a printed name" in err
    assert "(deck.pasted-reading)" in err


def test_stats_counts_the_pasted_deck_as_its_deck_file_and_notes_the_guess(run_cli, blog, blog_as_toml):
    path, guessed = blog
    asked = ("--want", "grade=3", "--turn", "1", "--output", "json")
    code, out, err = run_cli("stats", path, "--game", "vanguard", *asked)
    assert code == 0, err
    _, expected, _ = run_cli("stats", blog_as_toml, *asked)
    answer, same = json.loads(out), json.loads(expected)
    answer.pop("path"), same.pop("path")
    assert answer == same
    assert f"blog.txt:{guessed}: 'ヒーリングペガサス'" in err
    code, out, err = run_cli("stats", path, "--game", "vanguard")  # the default report too
    assert code == 0, err


def test_hand_stats_and_show_read_a_pasted_list_from_standard_input(run_cli, monkeypatch, blog):
    path, guessed = blog
    for command in (("show",), ("hand", "--seed", "1"), ("stats", "--want", "grade=1")):
        monkeypatch.setattr(files, "_stdin_read", [])
        stdin = io.TextIOWrapper(io.BytesIO(path.read_bytes()), encoding="utf-8")
        monkeypatch.setattr(sys, "stdin", stdin)
        code, out, err = run_cli(command[0], "-", "--game", "vanguard", *command[1:])
        assert code == 0, (command, err)
        if command[0] == "show":
            assert f"<stdin>:{guessed}: warning deck.pasted-reading (main): 'ヒーリングペガサス'" in out
        else:
            assert f"<stdin>:{guessed}: 'ヒーリングペガサス'" in err, command


def test_hand_and_stats_refuse_a_pasted_list_with_an_unknown_card(run_cli, tmp_path, isolated_carddb):
    path = tmp_path / "p.txt"
    path.write_text("ドラゴンナイト ネハーレン ×4\n存在しないカードの名前 ×4\n", encoding="utf-8")
    for command in (("hand",), ("stats", "--want", "grade=1")):
        code, out, err = run_cli(command[0], path, "--game", "vanguard", *command[1:])
        assert code == 2 and out == "" and "存在しないカードの名前" in err, (command, err)


def test_show_hand_stats_refuse_another_games_deck_and_an_unknown_game(run_cli, tmp_path, isolated_carddb):
    deck = tmp_path / "d.deck.toml"
    deck.write_text('game = "evolve"\n[main]\n"BP01-001" = 3\n', encoding="utf-8")
    for command in (("show",), ("hand",), ("stats", "--want", "cost=1")):
        code, _, err = run_cli(command[0], deck, "--game", "vanguard", *command[1:])
        assert code == 2 and "is an evolve deck, but --game says vanguard: read it without --game" in err, command
        code, _, err = run_cli(command[0], deck, "--game", "nosuchgame", *command[1:])
        assert code == 2 and "nosuchgame" in err and "Traceback" not in err, (command, err)
