"""The public API (deckcheck/__init__.py, deckcheck/_api.py): what a Python user imports and calls."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import STARTER_DECKS, registered_games

import deckcheck

DAWN_KNIGHTS = STARTER_DECKS / "vanguard" / "dawn_knights.deck.toml"  # of the starter cards (starter_carddb)


def test_every_public_name_resolves_and_is_listed():
    assert sorted(deckcheck.__all__) == sorted(deckcheck._EXPORTS)
    for name in deckcheck.__all__:
        assert getattr(deckcheck, name) is not None
    assert set(deckcheck.__all__) <= set(dir(deckcheck))
    with pytest.raises(AttributeError):
        deckcheck.no_such_name  # noqa: B018


def test_check_stays_the_function_after_the_checking_package_is_imported():
    """A subpackage named like a public function would replace it on first import: the layer is `checking`."""
    import deckcheck.checking.run  # noqa: F401

    assert callable(deckcheck.check) and deckcheck.check.__module__ == "deckcheck._api"


def test_load_and_check_a_deck_file_or_a_loaded_deck(starter_carddb):
    deck = deckcheck.load(DAWN_KNIGHTS)
    assert deck.counts() == {"main": 50, "g": 16}
    by_deck, by_path = deckcheck.check(deck), deckcheck.check(DAWN_KNIGHTS)
    assert by_deck.violations == by_path.violations == [] and by_deck.counts == by_path.counts
    assert by_path.legal and not by_path.fails("warning")


def test_check_reports_what_the_command_reports(tmp_path, isolated_carddb):
    deck = tmp_path / "broken.deck.toml"
    deck.write_text('game = "vanguard"\n[main]\n"NO-SUCH" = 4\n', encoding="utf-8")
    report = deckcheck.check(deck)
    command = subprocess.run(
        [sys.executable, "-m", "deckcheck", "check", str(deck), "-o", "json"], capture_output=True, text=True
    )
    (listed,) = json.loads(command.stdout)["decks"]
    assert [v.rule for v in report.violations] == [v["rule"] for v in listed["violations"]]
    assert "deck.unknown-card" in {v.rule for v in report.violations}


def test_answer_takes_wants_as_written_on_the_command_line(starter_carddb):
    from deckcheck.stats.answer import answer
    from deckcheck.stats.options import StatsOptions
    from deckcheck.stats.queries import parse_queries

    deck = deckcheck.load(DAWN_KNIGHTS)
    odds = deckcheck.answer(deck, ["grade=1"])
    direct = answer(deck, parse_queries(["grade=1"], deck), going="first", turn=0, options=StatsOptions())
    assert odds.probability == direct.probability and odds.method == "exact"
    second = deckcheck.answer(deck, ["grade=1"], going="second", turn=1)
    assert second.probability > odds.probability  # a turn's draws can only help


def test_answer_refuses_a_deck_with_unknown_cards(starter_carddb, tmp_path):
    path = tmp_path / "typo.txt"
    path.write_text("game: vanguard\n## main\n1 DC-VG-021\n4 DC-VG-029\n4 NOPE-1\n", encoding="utf-8")
    with pytest.raises(deckcheck.DeckcheckError, match=r"typo.txt:5: 4 × 'NOPE-1' in main is not a"):
        deckcheck.answer(deckcheck.load(path), ["grade=1"])


def test_deal_is_seeded(starter_carddb):
    deck = deckcheck.load(DAWN_KNIGHTS)
    first, again = deckcheck.deal(deck, seed=5), deckcheck.deal(deck, seed=5)
    assert [c.number for c in first.hand] == [c.number for c in again.hand] and len(first.hand) == 5


def test_odds_without_a_deck_file_answers_both_seats():
    odds = deckcheck.odds("vanguard", ["outs@3"], deck_size=50, copies=["outs=17"])
    assert odds.turn == 3 and set(odds.answers) == {"first", "second"}
    assert 0.99 < odds.answers["first"].probability < odds.answers["second"].probability <= 1


def test_list_games_and_rules():
    ids = [game.id for game in deckcheck.list_games()]
    assert ids == registered_games() and {"build-divide", "cipher", "evolve", "ic-dragonball", "vanguard"} <= set(ids)
    listing = deckcheck.list_rules("cipher")
    assert listing.game.id == "cipher" and listing.game.rules
    assert [rule.id for rule in listing.shared][:1] == ["deck.unknown-card"]
    with pytest.raises(deckcheck.DeckcheckError, match="unknown game"):
        deckcheck.list_rules("nope")
