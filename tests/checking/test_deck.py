"""Checking one deck: a deck of one game naming another game's cards is told which game they belong to; the order
of a deck's violations."""

from __future__ import annotations

import json
from pathlib import Path

from textfit import says
from typer.testing import CliRunner

from deckcheck.carddb import db as carddb_db
from deckcheck.checking.run import check_paths
from deckcheck.cli.app import app
from deckcheck.model.deck import COUNT_DIGITS

ROOT = Path(__file__).resolve().parents[2]
EVOLVE_DECK = ROOT / "decks" / "evolve" / "2026-03-21-forest-4C1VD.deck.toml"


def invoke(*args: object) -> tuple[int, str]:
    """The exit code and stdout (notes go to stderr)."""
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


def test_a_deck_naming_another_games_cards_gets_the_game_as_a_hint(tmp_path, isolated_carddb):
    deck = tmp_path / "wrong.deck.toml"
    deck.write_text(EVOLVE_DECK.read_text(encoding="utf-8").replace('game = "evolve"', 'game = "vanguard"'), "utf-8")
    code, output = invoke("check", deck, "-o", "json")
    assert code == 1
    unknown = [v for v in json.loads(output)["decks"][0]["violations"] if v["rule"] == "deck.unknown-card"]
    main = [v for v in unknown if v["section"] == "main"]
    hinted = [v for v in unknown if "Shadowverse EVOLVE cards" in v["message"]]
    assert len(hinted) == 1 and hinted[0] is unknown[0]  # said once, on the first unknown card
    assert hinted[0]["message"].endswith(
        f'These {len(main)} unknown cards are Shadowverse EVOLVE cards: game = "evolve"?'
    )


def test_a_text_deck_gets_the_hint_in_its_own_syntax_and_one_card_is_it(tmp_path, isolated_carddb):
    deck = tmp_path / "wrong.txt"
    deck.write_text("game: vanguard\n4 BP01-015\n", encoding="utf-8")
    code, output = invoke("check", deck)
    assert code == 1 and says("It is a Shadowverse EVOLVE card: game: evolve?", output)
    deck.write_text("game: vanguard\n4 BP01-015\n4 no such card anywhere\n", encoding="utf-8")
    code, output = invoke("check", deck)
    assert says("1 of the 2 unknown cards is a Shadowverse EVOLVE card: game: evolve?", output)  # (was "are ... cards")


def test_other_games_are_looked_at_only_for_a_deck_with_unknown_cards(tmp_path, isolated_carddb, monkeypatch):
    def refuse(*_: object) -> None:
        raise AssertionError("another game's database was loaded for a deck without unknown cards")

    monkeypatch.setattr(carddb_db, "other_games_of", refuse)
    monkeypatch.setattr("deckcheck.checking.deck.other_games_of", refuse)
    code, output = invoke("check", EVOLVE_DECK)
    assert code == 0, output


def test_unknown_cards_of_no_other_game_get_no_hint(tmp_path, isolated_carddb):
    deck = tmp_path / "d.txt"
    deck.write_text("game: vanguard\n4 XYZZY-PLUGH-999\n", encoding="utf-8")
    code, output = invoke("check", deck)
    assert code == 1 and "deck.unknown-card" in output and "cards:" not in output and "card:" not in output


ILLEGAL = Path(__file__).resolve().parents[1] / "golden" / "carddb" / "decks" / "illegal.deck.toml"


def test_violations_are_listed_in_line_order_then_rule_order():
    (report,) = check_paths([ILLEGAL]).reports
    lines = [v.line for v in report.violations]
    assert len(lines) >= 5 and None not in lines
    assert lines == sorted(lines)  # an unknown section on line 17 comes last, not first as the shared rules ran
    assert report.violations[-1].rule == "deck.unknown-section"
    on_seven = [v.rule for v in report.violations if v.line == 7]  # one line: the rules in spec order
    assert on_seven == ["vanguard.copies", "vanguard.triggers", "vanguard.heal-triggers"]


def test_a_violation_about_the_whole_deck_comes_first(tmp_path):
    deck = tmp_path / "no-leader.txt"
    deck.write_text("game: ic-dragonball\n\n## main\n4 DC-DB-007\n", encoding="utf-8")
    (report,) = check_paths([deck]).reports
    assert report.violations[0].line is None and report.violations[0].rule == "ic-dragonball.leader"
    assert [v.line for v in report.violations[1:]] == sorted(v.line or 0 for v in report.violations[1:])


# Japanese (issue 29) -----------------------------------------------------------------------------------------------


def test_the_rules_of_every_deck_in_japanese(tmp_path, vanguard_carddb, japanese):
    deck = tmp_path / "bad.deck.toml"
    huge = "9" * 40
    deck.write_text(
        'game = "vanguard"\n[main]\n"T-000" = 0\n"T-100" = '
        + huge
        + '\n"Unit 1" = "four"\n"NO-SUCH" = 1\n[side]\n"T-001" = 1\n',
        encoding="utf-8",
    )
    code, output = invoke("check", deck, "--carddb", vanguard_carddb, "-o", "json")
    assert code == 1
    (report,) = json.loads(output)["decks"]
    said = {(v["rule"], v["line"]): v["message"] for v in report["violations"]}
    assert said["deck.bad-count", 3] == "'T-000'（3行目）の枚数が0です。枚数は1以上の整数でなければなりません。"
    assert said["deck.bad-count", 4] == (
        f"'T-100'（4行目）の枚数が99999999…（40桁。枚数は{COUNT_DIGITS}桁まで）です。"
        "枚数は1以上の整数でなければなりません。"
    )
    assert said["deck.bad-count", 5] == "'Unit 1'（5行目）の枚数が'four'です。枚数は1以上の整数でなければなりません。"
    assert said["deck.unknown-card", 6].startswith(
        "'NO-SUCH'（6行目）は、カードファイト!! ヴァンガード"
        "のカードデータベースにあるカード番号でもカード名でもありません。"
    )
    assert said["deck.unknown-section", 7] == (
        "セクション 'side'はカードファイト!! ヴァンガードのデッキのセクションではありません。"
        "セクションは main、g です。"
    )
    code, text = invoke("check", deck, "--carddb", vanguard_carddb)
    assert says(":6: エラー deck.unknown-card (main): 'NO-SUCH'は、", text)  # the line said once, by the prefix


def test_the_hint_of_another_game_in_japanese(tmp_path, isolated_carddb, japanese):
    deck = tmp_path / "wrong.txt"
    deck.write_text("game: vanguard\n4 BP01-015\n", encoding="utf-8")
    _, output = invoke("check", deck)
    assert says("Shadowverse EVOLVEのカードです。game: evolve ではありませんか？", output)
    deck.write_text("game: vanguard\n4 BP01-015\n4 no such card anywhere\n", encoding="utf-8")
    _, output = invoke("check", deck)
    assert says("不明なカード2種類のうち1種類はShadowverse EVOLVEのカードです。game: evolve ではありませんか？", output)


def test_no_regulation_with_a_date_in_japanese(tmp_path, japanese):
    import pytest

    from deckcheck.checking.judging import Judging
    from deckcheck.errors import OptionError

    with pytest.raises(OptionError) as refused:
        Judging.of(no_regulation=True, as_of="2026-01-01")
    assert refused.value.spelled(lambda name: "--" + name.replace("_", "-")) == (
        "--no-regulation と --as-of は同時に指定できません。どちらか一方にしてください"
    )
