"""One registry of the rules every game shares (deckcheck.checking.rules), and no rule id declared twice."""

from __future__ import annotations

import pytest

from deckcheck.checking.rules import SHARED_RULES, UNREADABLE, SharedRules
from deckcheck.games import all_games
from deckcheck.model.game import RuleBook


def test_the_shared_rules_are_the_contracts_seven():
    assert list(SHARED_RULES) == [
        "deck.unknown-card",
        "deck.bad-count",
        "deck.unknown-section",
        "deck.number-name",
        "deck.pasted-reading",
        "regulation.banned",
        "regulation.restricted",
    ]
    assert all(rule.summary.endswith(".") and rule.contract_section for rule in SHARED_RULES.values())
    assert UNREADABLE.id not in SHARED_RULES  # a file that could not be read is no rule of the games


def test_a_shared_rule_declared_twice_is_refused():
    rules = SharedRules()
    rules.declare("deck.x", "One.")
    with pytest.raises(ValueError, match="'deck.x' is declared twice"):
        rules.declare("deck.x", "Two.")


def test_a_game_rule_declared_twice_is_refused():
    book = RuleBook()
    book.rule("demo.size", ref="1.1", summary="Size.")(lambda rule, deck: [])
    with pytest.raises(ValueError, match="'demo.size' is declared twice"):
        book.rule("demo.size", ref="1.2", summary="Size again.")


def test_no_rule_id_is_used_twice_across_the_games_and_the_shared_rules():
    ids = [rule.id for game in all_games().values() for rule in game.rules] + list(SHARED_RULES)
    assert len(ids) == len(set(ids))
    assert all(rule.id.startswith(f"{game.id}.") for game in all_games().values() for rule in game.rules)


def test_rules_listing_and_sarif_read_the_registry(tmp_path, monkeypatch):
    import json

    from deckcheck._api import list_rules
    from deckcheck.checking.output import render_sarif
    from deckcheck.checking.run import check_paths
    from deckcheck.commands.listing import rules_json

    assert rules_json(list_rules("cipher"))["common_rules"] == list(SHARED_RULES)
    deck = tmp_path / "a.deck.toml"
    deck.write_text('game = "vanguard"\n[main]\n"NO-SUCH-CARD" = 4\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    sarif = json.loads(render_sarif(check_paths([deck.name]), root=tmp_path))
    described = {rule["id"]: rule for rule in sarif["runs"][0]["tool"]["driver"]["rules"]}
    unknown = SHARED_RULES["deck.unknown-card"]
    assert described[unknown.id]["shortDescription"]["text"] == unknown.summary
    assert f'the section "{unknown.contract_section}"' in described[unknown.id]["fullDescription"]["text"]
