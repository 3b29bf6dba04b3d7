"""`deckcheck show`: sections as written, the game's distributions and the verdict, end to end through the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from conftest import CIPHER_JAPANESE_TEXT, LEGAL_VANGUARD_TEXT, LEGAL_VANGUARD_TOML, VANGUARD_RECORDS, cipher_unit
from typer.testing import CliRunner

from deckcheck._util.text import display_width
from deckcheck.checking.judging import Judging
from deckcheck.checking.workspace import Workspace
from deckcheck.cli.app import app
from deckcheck.commands.show import render_shown, show_deck


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder outside any git repository, with no card database from the environment."""
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def carddb(root: Path, game: str, records: list[dict[str, Any]]) -> Path:
    folder = root / "cards" / game
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "test.toml").write_text(tomli_w.dumps({"game": game, "cards": records}), encoding="utf-8")
    return root / "cards"


def write_deck(root: Path, data: dict[str, Any], name: str = "deck.deck.toml") -> Path:
    path = root / name
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def show(path: Path, cards: Path, *args: str) -> tuple[int, str]:
    """(exit code, stdout; or, when the command failed, everything it said: its message is on stderr). The card data
    notes of a game (EVOLVE's age, Build Divide's invented cards) are on stderr and not part of the shown deck."""
    result = CliRunner().invoke(app, ["show", str(path), "--carddb", str(cards), *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout if result.exit_code == 0 else result.output


def show_json(path: Path, cards: Path) -> dict[str, Any]:
    code, output = show(path, cards, "--output", "json")
    assert code == 0, output
    return json.loads(output)


def profile_line(output: str, title: str) -> str:
    """The buckets of one distribution line (the titles are padded to a common width)."""
    match = re.search(rf"^{re.escape(title)}:\s+(.*)$", output, re.MULTILINE)
    assert match, f"no '{title}:' line in\n{output}"
    return match[1]


def entry_lines(output: str, section: str) -> list[list[str]]:
    """The entries listed under a section heading, each split into count, number and name."""
    block = output.split(f"\n{section}: ", 1)[1].split("\n\n", 1)[0]
    return [re.split(r"\s{2,}", line.strip(), maxsplit=2) for line in block.splitlines()[1:]]


# Vanguard ------------------------------------------------------------------------------------------------


@pytest.fixture
def vg(work: Path) -> Path:
    return carddb(work, "vanguard", VANGUARD_RECORDS)


def test_vanguard_legal_text(work: Path, vg: Path) -> None:
    path = work / "rp.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    before = path.read_bytes()
    code, output = show(path, vg)
    assert code == 0
    lines = output.splitlines()
    assert lines[0] == "Test deck — Cardfight!! Vanguard"
    assert lines[1].strip() == str(path)
    assert "\nmain: 50 cards\n" in output and "\ng: 4 cards\n" in output
    main = entry_lines(output, "main")
    assert len(main) == 14
    assert main[0] == ["1", "T-000", "始まりの騎士"]
    assert main[1] == ["4", "T-001", "Crit"]  # written by name, shown with its number
    assert main[-1] == ["1", "T-108", "Unit 8"]
    assert entry_lines(output, "g") == [["4", "T-201", "Stride"]]
    # Grade 0: the starter and 16 triggers; units T-1xx have grade 1 + i % 3, T-108 (grade 3) once.
    assert profile_line(output, "grades") == "0×17  1×12  2×12  3×9"
    assert profile_line(output, "triggers") == "critical×4  draw×4  heal×4  none×34  stand×4"
    assert profile_line(output, "sentinels") == "none"
    assert profile_line(output, "G deck grades") == "4×4"
    assert lines[-1] == "Legal."
    assert "\x1b[" not in output
    assert path.read_bytes() == before  # show never writes


def test_vanguard_text_decklist_and_first_vanguard_key(work: Path, vg: Path) -> None:
    path = work / "rp.txt"
    path.write_text(LEGAL_VANGUARD_TEXT.replace("name: Test deck", "first_vanguard: 始まりの騎士"), encoding="utf-8")
    code, output = show(path, vg)
    assert code == 0
    assert output.splitlines()[0] == "rp.txt — Cardfight!! Vanguard"  # no name: the file name
    assert "  first_vanguard: 始まりの騎士 (T-000)\n" in output
    assert output.rstrip().endswith("Legal.")


def test_control_characters_in_a_deck_are_shown_escaped(work: Path, vg: Path) -> None:
    # issue 14 item 12: `name = "\u001b]0;pwned\u0007"` must not retitle the terminal
    path = work / "evil.deck.toml"
    text = LEGAL_VANGUARD_TOML.replace('name = "Test deck"', 'name = "\\u001b]0;pwned\\u0007"')
    path.write_text(text + '"bell\\u0007" = 1\n', encoding="utf-8")
    code, output = show(path, vg)
    assert code == 0
    assert output.splitlines()[0] == "\\x1b]0;pwned\\x07 — Cardfight!! Vanguard"
    assert "bell\\x07" in output and not any(char in output for char in "\x1b\x07")


def test_vanguard_illegal_lists_every_violation(work: Path, vg: Path) -> None:
    path = work / "bad.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML.replace('"T-004" = 4', '"T-004" = 5'), encoding="utf-8")
    code, output = show(path, vg)
    assert code == 0  # a readable deck is shown, legal or not
    assert "\nmain: 51 cards\n" in output
    assert profile_line(output, "triggers") == "critical×4  draw×4  heal×5  none×34  stand×4"
    verdict = output.split("\nNot legal: ", 1)[1].splitlines()
    errors = re.findall(r"^  error (\S+)", output, re.MULTILINE)
    assert verdict[0] == f"{len(errors)} errors, 0 warnings"
    assert "vanguard.main-size" in errors
    assert any(line.startswith("  error vanguard.main-size (main) [") and "51" in line for line in verdict)
    assert "Legal." not in output


def test_vanguard_json(work: Path, vg: Path) -> None:
    path = work / "rp.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    data = show_json(path, vg)
    assert (data["path"], data["game"], data["name"], data["legal"]) == (str(path), "vanguard", "Test deck", True)
    assert data["counts"] == {"main": 50, "g": 4}
    assert data["violations"] == []
    assert data["keys"] == {}
    main = data["sections"]["main"]
    assert main["count"] == 50
    assert main["cards"][1] == {"key": "Crit", "number": "T-001", "name": "Crit", "count": 4}
    assert [card["key"] for card in main["cards"]][:3] == ["T-000", "Crit", "T-002"]
    assert data["sections"]["g"]["cards"] == [{"key": "T-201", "number": "T-201", "name": "Stride", "count": 4}]
    assert data["profile"]["grades"] == {"0": 17, "1": 12, "2": 12, "3": 9}
    assert data["profile"]["sentinels"] == {}
    assert list(data["profile"]) == ["grades", "triggers", "sentinels", "G deck grades"]


def test_vanguard_json_illegal(work: Path, vg: Path) -> None:
    path = work / "bad.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML.replace('"T-108" = 1\n', ""), encoding="utf-8")
    data = show_json(path, vg)
    assert data["legal"] is False and data["counts"]["main"] == 49
    (size,) = [v for v in data["violations"] if v["rule"] == "vanguard.main-size"]
    assert (size["severity"], size["section"], size["count"], size["limit"]) == ("error", "main", 49, 50)
    assert set(size) >= {"rule", "severity", "section", "message", "ref", "cards", "count", "limit"}


def test_unknown_cards_sections_and_bad_counts_are_shown(work: Path, vg: Path) -> None:
    text = LEGAL_VANGUARD_TOML.replace('"T-108" = 1\n', '"NO-SUCH" = 1\n"Unit 8" = 0\n')
    path = work / "odd.deck.toml"
    path.write_text(text + '[extra]\n"T-100" = 2\n', encoding="utf-8")
    code, output = show(path, vg)
    assert code == 0
    main = entry_lines(output, "main")
    assert ["1", "NO-SUCH", "(unknown card)"] in main
    assert ["0", "T-108", "Unit 8 (bad count)"] in main
    assert "\nmain: 50 cards\n" in output  # the unknown card counts toward the size, the bad count does not
    assert "\nextra: 2 cards (not a Cardfight!! Vanguard section)\n" in output
    assert entry_lines(output, "extra") == [["2", "T-100", "Unit 0"]]
    rules = re.findall(r"^  error (\S+)", output, re.MULTILINE)
    assert {"deck.unknown-card", "deck.bad-count", "deck.unknown-section"} <= set(rules)

    data = show_json(path, vg)
    unknown = [card for card in data["sections"]["main"]["cards"] if card["key"] == "NO-SUCH"]
    assert unknown == [{"key": "NO-SUCH", "number": None, "name": None, "count": 1}]
    assert {"key": "Unit 8", "number": "T-108", "name": "Unit 8", "count": 0} in data["sections"]["main"]["cards"]
    assert data["sections"]["extra"] == {
        "count": 2,
        "known": False,
        "cards": [{"key": "T-100", "number": "T-100", "name": "Unit 0", "count": 2}],
    }
    assert "extra" not in data["counts"]  # counts: the game's sections only (contract)


def test_colour_only_when_asked(work: Path, vg: Path) -> None:
    good = work / "good.deck.toml"
    good.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    bad = work / "bad.deck.toml"
    bad.write_text(LEGAL_VANGUARD_TOML.replace('"T-004" = 4', '"T-004" = 5'), encoding="utf-8")
    coloured = render_shown(show_deck(good, Judging(), Workspace([vg])), colour=True)
    assert "\x1b[32m" in coloured.splitlines()[-1]  # green verdict
    assert "\x1b[31m" in render_shown(show_deck(bad, Judging(), Workspace([vg])), colour=True)
    assert "\x1b[" not in render_shown(show_deck(bad, Judging(), Workspace([vg])))


# Shadowverse EVOLVE: leader and basis ---------------------------------------------------------------------


def ev(number: str, name: str, type_: str = "follower", cls: str = "forest", **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"number": number, "name": name, "type": type_, "class": cls}
    if type_ != "leader" and not fields.get("evolve"):
        record["cost"] = 2
    return record | fields


EVOLVE_RECORDS = [
    ev("EV-L1", "試験の森の長", "leader"),
    ev("EV-L2", "二人目の森の長", "leader"),
    *(ev(f"EV-{i:02}", f"森人{i:02}", cost=1 + i % 3) for i in range(12)),
    ev("EV-12", "森人12", cost=1),
    ev("EV-SP", "森の呪文", "spell", "neutral", cost=1),
    ev("EV-E0", "森人00", evolve=True),
]
EVOLVE_DECK = {
    "game": "evolve",
    "name": "森の試験",
    "basis": "class",
    "leader": {"EV-L1": 1},
    "main": {**{f"EV-{i:02}": 3 for i in range(12)}, "EV-SP": 3, "森人12": 1},
    "evolve": {"EV-E0": 2},
}


def test_evolve_legal_text_and_json(work: Path) -> None:
    cards = carddb(work, "evolve", EVOLVE_RECORDS)
    path = write_deck(work, EVOLVE_DECK)
    code, output = show(path, cards)
    assert code == 0
    assert output.splitlines()[0] == "森の試験 — Shadowverse EVOLVE"
    assert "  basis: class\n" in output
    assert entry_lines(output, "leader") == [["1", "EV-L1", "試験の森の長"]]
    assert "\nmain: 40 cards\n" in output and "\nevolve: 2 cards\n" in output
    assert entry_lines(output, "main")[-1] == ["1", "EV-12", "森人12"]  # by name, in file order
    # Costs 1 + i % 3 for EV-00..EV-11 (x3); EV-12 and the spell cost 1.
    assert profile_line(output, "costs") == "1×16  2×12  3×12"
    assert profile_line(output, "classes") == "forest×37  neutral×3"
    assert profile_line(output, "types") == "follower×37  spell×3"
    assert output.rstrip().endswith("Legal.")

    data = show_json(path, cards)
    assert data["keys"] == {"basis": "class"} and data["key_cards"] == {}
    assert data["counts"] == {"leader": 1, "main": 40, "evolve": 2}
    assert data["profile"]["costs"] == {"1": 16, "2": 12, "3": 12}
    assert data["legal"] is True


def test_evolve_two_leaders_is_not_legal(work: Path) -> None:
    cards = carddb(work, "evolve", EVOLVE_RECORDS)
    path = write_deck(work, EVOLVE_DECK | {"leader": {"EV-L1": 1, "EV-L2": 1}})
    code, output = show(path, cards)
    assert code == 0
    assert entry_lines(output, "leader") == [["1", "EV-L1", "試験の森の長"], ["1", "EV-L2", "二人目の森の長"]]
    assert "\nNot legal: 1 error, 0 warnings\n" in output
    assert re.search(r"^  error evolve\.leader \(leader\) \[", output, re.MULTILINE)
    data = show_json(path, cards)
    assert [v["rule"] for v in data["violations"]] == ["evolve.leader"]


# Build Divide: the territory --------------------------------------------------------------------------------


def bd_unit(number: str, name: str, **fields: Any) -> dict[str, Any]:
    return {"number": number, "name": name, "type": "unit", "colors": ["black"], "cost": 2, "total_cost": 2} | fields


BD_RECORDS = [
    *(bd_unit(f"BD-{c}", f"ユニット{c}", buster=c in "ABC", shot=c in "DE") for c in "ABCDEFGHIJ"),
    bd_unit("BD-R", "赤の術", type="command", colors=["red"], cost=1, total_cost=1),
    {"number": "BD-T", "name": "閉じた門", "type": "territory", "open_name": "門", "colors": ["red"], "total_cost": 6},
]
BD_DECK = {
    "game": "build-divide",
    "main": {f"BD-{c}": 4 for c in "ABCDEFGHIJ"},
    "d": {"BD-R": 2},
    "territory": {"BD-T": 1},
}


def test_build_divide_legal_text_and_json(work: Path) -> None:
    cards = carddb(work, "build-divide", BD_RECORDS)
    path = write_deck(work, BD_DECK, "bd.deck.toml")
    code, output = show(path, cards)
    assert code == 0
    assert output.splitlines()[0] == "bd.deck.toml — Build Divide"
    assert entry_lines(output, "territory") == [["1", "BD-T", "閉じた門"]]
    assert entry_lines(output, "d") == [["2", "BD-R", "赤の術"]]
    assert profile_line(output, "busters") == "buster×12"
    assert profile_line(output, "shots") == "shot×8"
    assert profile_line(output, "colours") == "black×40"  # the D deck is not in the main deck's distribution
    assert output.rstrip().endswith("Legal.")
    data = show_json(path, cards)
    assert data["counts"] == {"main": 40, "d": 2, "territory": 1}
    assert data["profile"]["busters"] == {"buster": 12}


def test_build_divide_without_territory(work: Path) -> None:
    cards = carddb(work, "build-divide", BD_RECORDS)
    deck = {key: value for key, value in BD_DECK.items() if key != "territory"}
    path = write_deck(work, deck, "bd.deck.toml")
    code, output = show(path, cards)
    assert code == 0
    assert "\nterritory: 0 cards\n  (empty)\n" in output
    assert re.search(r"^  error build-divide\.territory \(territory\) \[602-1a\]", output, re.MULTILINE)
    assert "\nNot legal: 1 error, 0 warnings\n" in output
    data = show_json(path, cards)
    assert data["sections"]["territory"] == {"count": 0, "known": True, "cards": []}
    assert data["legal"] is False


# Cipher: the lord ---------------------------------------------------------------------------------------------

CIPHER_RECORDS = [cipher_unit("CL-001", "見習い君主", "リーフィ", 1)] + [
    cipher_unit(f"CN{i:02d}", f"称号{i}", f"ユニット{i}", 2 + i % 4) for i in range(1, 13)
]
CIPHER_MAIN = {"CL-001": 4, **{f"CN{i:02d}": 4 for i in range(1, 12)}, "CN12": 2}


def test_cipher_legal_with_lord(work: Path) -> None:
    cards = carddb(work, "cipher", CIPHER_RECORDS)
    path = write_deck(work, {"game": "cipher", "name": "Lord deck", "lord": "見習い君主 リーフィ", "main": CIPHER_MAIN})
    code, output = show(path, cards)
    assert code == 0
    assert "  lord: 見習い君主 リーフィ (CL-001)\n" in output
    assert "\nmain: 50 cards\n" in output
    # Costs 2 + i % 4 for CN01..CN12: 3, 4, 5, 2, ... ; CN12 (cost 2) twice.
    assert profile_line(output, "costs") == "1×4  2×10  3×12  4×12  5×12"
    assert profile_line(output, "symbols") == "blade-of-light×50"
    assert output.rstrip().endswith("Legal.")
    data = show_json(path, cards)
    assert data["keys"] == {"lord": "見習い君主 リーフィ"}
    assert data["key_cards"] == {"lord": {"number": "CL-001", "name": "見習い君主 リーフィ"}}


def test_cipher_short_deck_and_unknown_lord(work: Path) -> None:
    cards = carddb(work, "cipher", CIPHER_RECORDS)
    path = write_deck(work, {"game": "cipher", "lord": "誰でもない", "main": CIPHER_MAIN | {"CN12": 1}})
    code, output = show(path, cards)
    assert code == 0
    assert "  lord: 誰でもない (unknown card)\n" in output
    assert "\nNot legal: 2 errors, 0 warnings\n" in output
    assert re.search(r"^  error cipher\.main-size \(main\) \[12\.1\.1\]: .*49", output, re.MULTILINE)
    assert re.search(r"^  error deck\.unknown-card \(lord\): .*誰でもない", output, re.MULTILINE)
    data = show_json(path, cards)
    assert data["key_cards"] == {"lord": None}
    assert [v["rule"] for v in data["violations"]] == ["deck.unknown-card", "cipher.main-size"]


# Bad input ---------------------------------------------------------------------------------------------------


def test_malformed_toml_is_exit_2(work: Path, vg: Path) -> None:
    path = work / "broken.deck.toml"
    path.write_text('game = "vanguard"\n[main]\n"T-000" = = 1\n', encoding="utf-8")
    code, output = show(path, vg)
    assert code == 2
    assert f"{path}:3" in output and "not valid TOML" in output


def test_unreadable_text_line_is_exit_2(work: Path, vg: Path) -> None:
    path = work / "broken.txt"
    path.write_text("game: vanguard\n4 T-000\nfour of T-001\n", encoding="utf-8")
    code, output = show(path, vg)
    assert code == 2
    assert f"{path}:3" in output and "cannot read this line" in output


def test_missing_file_is_exit_2(work: Path, vg: Path) -> None:
    code, output = show(work / "nope.deck.toml", vg)
    assert code == 2
    assert "nope.deck.toml" in output and "no such file" in output


def test_unknown_game_is_exit_2(work: Path, vg: Path) -> None:
    path = write_deck(work, {"game": "pokemon", "main": {"X": 1}})
    code, output = show(path, vg, "--output", "json")
    assert code == 2
    assert "pokemon" in output


# Cipher's Japanese names --------------------------------------------------------------------------------------------


def test_a_card_named_in_japanese_is_shown_by_that_name_with_the_english_after_it(isolated_carddb) -> None:
    path = isolated_carddb / "ja.txt"
    path.write_text(
        CIPHER_JAPANESE_TEXT.replace("4 救国の英雄 マルス\n", "4 B01-001\n") + "4 心癒やす翼 シーダ\n", "utf-8"
    )
    result = CliRunner().invoke(app, ["show", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "    4  B01-003  アリティアの王子 マルス (Altean Prince Marth)" in lines
    assert "    4  B01-005  心癒やす翼 シーダ (Soul-Soothing Wings Caeda)" in lines  # the spelling the deck used
    assert "    4  B01-001  Savior of His Realm Marth" in lines  # named by its number: the card's own name
    result = CliRunner().invoke(app, ["show", str(path), "-o", "json"])
    cards = json.loads(result.output)["sections"]["main"]["cards"]
    marth = next(card for card in cards if card["number"] == "B01-003")
    assert marth == {"key": "アリティアの王子 マルス", "number": "B01-003", "name": "Altean Prince Marth", "count": 4}


def test_a_printed_list_shows_the_japanese_name_the_deck_used_alone(isolated_carddb) -> None:
    path = isolated_carddb / "ja.txt"
    path.write_text(CIPHER_JAPANESE_TEXT, encoding="utf-8")
    result = CliRunner().invoke(app, ["convert", str(path), "--to", "markdown"])
    assert result.exit_code == 0, result.output
    assert "| 4 | B01-003 | アリティアの王子 マルス |" in result.output  # a list handed in: one language


# -- in Japanese (issue 29) -------------------------------------------------------------------------------------------


def test_show_in_japanese_aligns_by_display_width(work: Path, vg: Path, japanese) -> None:
    text = LEGAL_VANGUARD_TOML.replace('"T-108" = 1\n', '"騎士王 アルフレッドもどき" = 1\n"Unit 8" = 0\n')
    path = work / "odd.deck.toml"
    path.write_text(text + '[extra]\n"T-100" = 2\n', encoding="utf-8")
    shown = render_shown(show_deck(path, Judging(), Workspace([vg])))
    lines = shown.splitlines()
    assert "\n  判定基準：" in shown and "\nメインデッキ [main]：50枚\n" in shown  # the game's word, the file's id
    assert "\nextra：2枚（カードファイト!! ヴァンガードのセクションではありません）\n" in shown
    assert "  騎士王 アルフレッドもどき  （不明なカード）" in shown and "Unit 8（枚数が不正）" in shown
    assert "\n構築条件を満たしていません：エラー3件、警告0件\n" in shown
    # every card's name starts in one column (the Japanese key takes two columns a character)
    entries = [line for line in lines if re.match(r" +\d+  \S", line)]
    starts = {display_width(re.match(r" +\d+  \S+(?: \S+)*  +", line)[0]) for line in entries}
    assert len(entries) > 10 and len(starts) == 1, starts
    # the distributions' values start in one column
    profile = [line for line in lines if re.match(r"\S[^：]*： +\S+×", line)]
    assert len(profile) >= 2
    assert len({display_width(re.match(r"\S[^：]*： +", line)[0]) for line in profile}) == 1


def test_show_s_json_is_the_same_in_japanese(work: Path, vg: Path, monkeypatch) -> None:
    path = work / "rp.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    english = show_json(path, vg)
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    from deckcheck.cli import language

    language.speak("ja")
    assert _machine_fields(show_json(path, vg)) == _machine_fields(english)


def _machine_fields(data: Any) -> Any:
    """JSON without its human-readable fields (`message` and `notes` follow the language, issue 29)."""
    if isinstance(data, dict):
        return {key: _machine_fields(value) for key, value in data.items() if key not in ("message", "notes")}
    if isinstance(data, list):
        return [_machine_fields(item) for item in data]
    return data
