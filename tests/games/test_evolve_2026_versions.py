"""Shadowverse EVOLVE's rules versions in 2026 (spec evolve-2026 §1): Ver.1.26.1 (2026-06-09) by date and by default,
and the Vanguard-title conditions of Ver.1.24.1 applied to a dated choice of Ver.1.7.0 from 2024-06-28 on."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from conftest import make_db, make_deck, rule_ids

from deckcheck import check_deck
from deckcheck.engine.deal import deal
from deckcheck.games.evolve import GAME, VANGUARD_RULES
from deckcheck.model.versions import choose_rules

VG = "カードファイト!! ヴァンガード"


def rec(number: str, name: str, type_: str = "follower", cls: str | None = "forest", **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"number": number, "name": name, "type": type_, **({"class": cls} if cls else {})}
    if type_ != "leader" and not fields.get("evolve"):
        record["cost"] = 2
    return record | fields


RECORDS = [
    rec("CP03-LD01", "ヴァンガードの森のリーダー", "leader", title=VG),
    rec("SD01-LD01", "森の長", "leader"),
    rec("CP03-021", "士官候補生 エリック", "amulet", title=VG, start_amulet=True),
    rec("CSD03a-016", "スターダスト・トランペッター", "amulet", "sword", title=VG, start_amulet=True),
    rec("CP03-035", "未来の騎士 リュー", cls="sword", title=VG, trigger="critical"),
    rec("CP03-120", "メイデン・オブ・ライブラ", cls="haven", title=VG),
    *(rec(f"CP03-F{i}", f"森のヴァンガード{i}", title=VG) for i in range(14)),
]
# a legal Vanguard-title deck: the start amulet, a haven card (the class basis fails), 36 forest VG followers
V_MAIN = {"CP03-021": 1, "CP03-120": 3, **{f"CP03-F{i}": 3 for i in range(12)}}
TWO_AMULETS = {**V_MAIN, "CP03-F0": 2, "CSD03a-016": 1}
NO_AMULET = {**V_MAIN, "CP03-021": 0, "CP03-F12": 1}
OFF_CLASS_TRIGGER = {**V_MAIN, "CP03-F0": 2, "CP03-035": 1}


@pytest.fixture(scope="module")
def db():
    return make_db("evolve", RECORDS)


def judged(db, main: dict[str, int], **choice: Any):
    deck = make_deck(db, leader={"CP03-LD01": 1}, main={k: v for k, v in main.items() if v})
    deck.chosen_rules = choose_rules(GAME, deck.source.keys, **choice)
    return deck, rule_ids(check_deck(deck, db))


def test_1_26_1_is_the_default_and_chosen_from_its_day():
    assert choose_rules(GAME, {}).version == "1.26.1"
    assert choose_rules(GAME, {}, as_of=date(2026, 6, 9)).version == "1.26.1"
    assert choose_rules(GAME, {}, as_of=date(2026, 6, 8)).version == "1.24.1"
    assert choose_rules(GAME, {}, rules="1.26.1").by == "--rules"


@pytest.mark.parametrize(
    ("main", "rule"),
    [
        (TWO_AMULETS, "evolve.start-amulet"),
        (NO_AMULET, "evolve.vg-start-amulet"),
        (OFF_CLASS_TRIGGER, "evolve.vg-trigger-class"),
    ],
)
def test_the_vanguard_conditions_apply_from_2024_06_28(db, main, rule):
    assert judged(db, V_MAIN, as_of=date(2025, 6, 1))[1] == []
    assert judged(db, main, as_of=date(2025, 6, 1))[1] == [rule]
    assert judged(db, main, as_of=date(2024, 6, 28))[1] == [rule]  # the day the products came out
    assert judged(db, main, as_of=date(2024, 6, 27))[1] == []  # Ver.1.7.0 alone, the day before
    assert judged(db, main, rules="1.7.0")[1] == []  # a pinned 1.7.0 is 1.7.0 as printed
    for version in ("1.24.1", "1.26.1"):
        assert judged(db, main, rules=version)[1] == [rule]


def test_the_dated_choice_stays_1_7_0_and_says_so():
    chosen = choose_rules(GAME, {}, as_of=date(2025, 6, 1))
    assert (chosen.version, chosen.additions) == ("1.7.0", VANGUARD_RULES)
    [note] = chosen.notes
    assert "with the Vanguard-title conditions of Ver.1.24.1 (6.1.1.5.2.1, 14.4.2–14.4.4" in note
    assert "2024-06-28" in note and "versions 1.8–1.24.0" in note
    assert choose_rules(GAME, {}, as_of=date(2024, 6, 27)).additions == ()
    # a format of Ver.1.24.1 moves the deck to 1.24.1, which has the rules itself
    assert choose_rules(GAME, {"format": "crossover"}, as_of=date(2025, 6, 1)).additions == ()


def test_the_setup_of_the_dated_1_7_0_is_1_7_0s_and_1_26_1s_is_1_24_1s(db):
    deck = make_deck(db, leader={"CP03-LD01": 1}, main=V_MAIN)
    deck.chosen_rules = choose_rules(GAME, deck.source.keys, as_of=date(2025, 6, 1))
    table = deal(deck, seed=1, going="first", turns=1)
    assert "SEP" not in table.notes and "start amulet" not in table.notes and len(table.deck) == 36
    deck.chosen_rules = choose_rules(GAME, deck.source.keys, rules="1.26.1")
    table = deal(deck, seed=1, going="first", turns=1)
    assert table.notes["SEP"] == 1 and "face up" in str(table.notes["start amulet"]) and len(table.deck) == 35


def test_the_command_line_takes_rules_1_26_1_and_judges_2025_by_the_vanguard_conditions(
    run_cli, tmp_path, isolated_carddb
):
    deck = tmp_path / "two.deck.toml"
    amulets = "\n".join(f'"{number}" = {n}' for number, n in (("CP03-021", 1), ("CSD03a-016", 1)))
    deck.write_text(f'game = "evolve"\n[leader]\n"BP01-LD01" = 1\n[main]\n{amulets}\n', encoding="utf-8")
    code, out, _ = run_cli("check", deck, "--rules", "1.26.1", "--output", "json")
    [report] = json.loads(out)["decks"]
    assert report["rules"] == {"version": "1.26.1", "format": "standard", "by": "--rules"}
    assert "evolve.start-amulet" in {v["rule"] for v in report["violations"]}
    code, out, _ = run_cli("check", deck, "--as-of", "2025-06-01", "--output", "json")
    [report] = json.loads(out)["decks"]
    assert report["rules"]["version"] == "1.7.0" and "evolve.start-amulet" in {v["rule"] for v in report["violations"]}
    code, out, _ = run_cli("check", deck, "--as-of", "2024-06-27", "--output", "json")
    [report] = json.loads(out)["decks"]
    assert "evolve.start-amulet" not in {v["rule"] for v in report["violations"]}


def test_rules_lists_1_26_1_and_the_dated_addition(run_cli, isolated_carddb):
    code, out, _ = run_cli("rules", "evolve", "--output", "json")
    listing = json.loads(out)
    assert [v["version"] for v in listing["rules_versions"]] == ["1.7.0", "1.24.1", "1.26.1"]
    rules = {rule["id"]: rule for rule in listing["rules"]}
    for rule_id in VANGUARD_RULES:
        assert rules[rule_id]["also"] == [{"version": "1.7.0", "from": "2024-06-28"}]
    assert "also" not in rules["evolve.crossover-classes"]
    code, out, _ = run_cli("rules", "evolve")
    assert "Ver.1.24.1 on, and Ver.1.7.0 from 2024-06-28" in " ".join(out.split())
