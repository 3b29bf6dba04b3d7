"""deckcheck.checking.deck: the order of a deck's violations."""

from __future__ import annotations

from pathlib import Path

from deckcheck.checking.run import check_paths

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
