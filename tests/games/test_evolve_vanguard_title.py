"""Shadowverse EVOLVE Ver.1.24.1: the カードファイト!! ヴァンガード title's conditions (14.4.2), start amulets (14.4.4)
and double-sided cards (6.1.1.4.1) — shared/spec/evolve-1.24.1.md examples 1–6, 13 and 15, on invented records
shaped like the real ones (CP03-LD01, 士官候補生 エリック, ...)."""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Any

import pytest
from conftest import make_db, make_deck, rule_ids, violations_of

from deckcheck import check
from deckcheck.engine.deal import deal
from deckcheck.games.evolve import GAME, basis_status, effective_basis
from deckcheck.model.query import parse_query
from deckcheck.stats.answer import answer as stats_answer
from deckcheck.stats.options import StatsOptions

VG = "カードファイト!! ヴァンガード"
CG = "アイドルマスター シンデレラガールズ"


def rec(number: str, name: str, type_: str = "follower", cls: str | None = "forest", **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"number": number, "name": name, "type": type_, **({"class": cls} if cls else {})}
    if type_ != "leader" and not fields.get("evolve"):
        record["cost"] = 2
    return record | fields


RECORDS = [
    rec("CP03-LD01", "ヴァンガードの森のリーダー", "leader", title=VG),
    rec("SD01-LD01", "森の長", "leader"),
    rec("SD02-LD01", "騎士王", "leader", "sword"),
    *(rec(f"S-{i}", f"騎士{i}", cls="sword") for i in range(4)),
    rec("CP03-021", "士官候補生 エリック", "amulet", title=VG, start_amulet=True),
    rec("CSD03a-016", "スターダスト・トランペッター", "amulet", "sword", title=VG, start_amulet=True),
    rec("CP03-015", "バトルシップ・インテリジェンス", title=VG, trigger="critical"),
    rec("CP03-016", "輝石通信のラッコ兵", title=VG, trigger="draw"),
    rec("CP03-017", "高速遊撃のイルカ兵", title=VG, trigger="stand"),
    rec("CP03-018", "虹色秘薬の医療士官", title=VG, trigger="heal"),
    rec("CP03-035", "未来の騎士 リュー", cls="sword", title=VG, trigger="critical"),
    rec("CP03-NT", "中立のトリガー", cls="neutral", title=VG, trigger="draw"),
    rec("CP03-120", "メイデン・オブ・ライブラ", cls="haven", title=VG),
    *(rec(f"CP03-F{i}", f"森のヴァンガード{i}", title=VG) for i in range(10)),
    *(rec(f"CP03-E{i}", f"森の進化体{i}", title=VG, evolve=True) for i in range(4)),
    rec("CP03-127", "ドライブポイント", "spell", "neutral", title=VG, evolve=True, deck_limit=10),
    # double-sided (example 13): X shows A on face 1 and B on face 2
    rec("DS-X", "両面のA", title=VG, evolve=True, double_sided=True, back_name="両面のB"),
    rec("DS-A", "両面のA", title=VG, evolve=True),
    rec("DS-B", "両面のB", title=VG, evolve=True),
    rec("CG-LD", "プロデューサー", "leader", None, title=CG),
    rec("BP01-135", "無題の聖職者", cls="haven"),
    rec("CSD02b-007", "鷹富士茄子", cls="haven", title=CG),
    *(rec(f"CG-{i}", f"アイドル{i}", cls="neutral", title=CG) for i in range(13)),
]
# Base deck V: 40 VG cards, 12 two-cost followers among them; no basis; a haven card so the class basis fails.
V_MAIN = {
    "CP03-021": 1,
    "CP03-015": 3,
    "CP03-016": 3,
    "CP03-017": 3,
    "CP03-018": 3,
    "CP03-120": 3,
    **{f"CP03-F{i}": 3 for i in range(8)},
}
V_EVOLVE = {"CP03-127": 3, "CP03-E0": 3, "CP03-E1": 3, "CP03-E2": 1}
V_LEADER = {"CP03-LD01": 1}


@pytest.fixture(scope="module")
def db():
    return make_db("evolve", RECORDS)


def violations(db, main=None, leader=None, evolve=None, **keys: Any):
    return violations_of(db, leader=leader or V_LEADER, main=main or V_MAIN, evolve=evolve or V_EVOLVE, **keys)


def swapped(base: dict[str, int], out: str, into: str, n: int = 1) -> dict[str, int]:
    section = dict(base)
    section[out] -= n
    section[into] = section.get(into, 0) + n
    return {k: v for k, v in section.items() if v}


def test_the_base_deck_v_is_a_legal_vanguard_title_deck(db):
    assert sum(V_MAIN.values()) == 40 and sum(V_EVOLVE.values()) == 10
    assert violations(db) == []
    deck = make_deck(db, leader=V_LEADER, main=V_MAIN, evolve=V_EVOLVE)
    status = basis_status(deck)
    assert status is not None and status.passes == ["title"] and effective_basis(deck) == "title"


def test_example_2_no_start_amulet(db):
    main = swapped(V_MAIN, "CP03-021", "CP03-F8")
    (finding,) = [v for v in violations(db, main=main) if v.rule == "evolve.vg-start-amulet"]
    assert rule_ids(violations(db, main=main)) == ["evolve.vg-start-amulet"]
    assert (finding.count, finding.limit, finding.ref) == (0, 1, "14.4.2.1.1")
    assert violations(db, main=main, rules="1.7.0") == []  # Ver.1.7.0 has no such condition


def test_a_deck_meeting_neither_basis_gets_evolve_basis_alone(db):
    """No basis declared, the class basis fails (a haven card) and so does the title (an untitled card): only
    evolve.basis, not also the title's own conditions (issue 39). With the title's cards all VG, the missing start
    amulet is reported (example 2, the boundary)."""
    no_amulet = swapped(V_MAIN, "CP03-021", "CP03-F8")
    untitled = swapped(no_amulet, "CP03-F0", "BP01-135")
    assert rule_ids(violations(db, main=untitled)) == ["evolve.basis"]
    assert rule_ids(violations(db, main=no_amulet)) == ["evolve.vg-start-amulet"]
    # declared: the title's conditions are reported beside the basis
    assert sorted(rule_ids(violations(db, main=untitled, basis="title"))) == ["evolve.basis", "evolve.vg-start-amulet"]


def test_example_3_two_start_amulet_names(db):
    main = swapped(V_MAIN, "CP03-F0", "CSD03a-016")
    found = violations(db, main=main)
    assert rule_ids(found) == ["evolve.start-amulet"]  # start amulets have no trigger: no vg-trigger-class
    (finding,) = found
    assert (finding.count, finding.limit) == (2, 1)


def test_example_4_a_trigger_of_another_class(db):
    main = swapped(V_MAIN, "CP03-F0", "CP03-035", 2)
    found = violations(db, main=main)
    assert rule_ids(found) == ["evolve.vg-trigger-class"]
    (finding,) = found
    assert finding.count == 2 and finding.cards == ["CP03-035"]


def test_a_neutral_trigger_is_not_of_the_leaders_class(db):
    main = swapped(V_MAIN, "CP03-F0", "CP03-NT")
    assert rule_ids(violations(db, main=main)) == ["evolve.vg-trigger-class"]


def test_example_5_a_class_deck_of_vg_cards_without_a_start_amulet(db):
    mono = {f"CP03-01{i}": 3 for i in range(5, 9)} | {f"CP03-F{i}": 3 for i in range(10)}  # 42 forest cards
    assert sum(mono.values()) == 42
    deck = make_deck(db, leader=V_LEADER, main=mono, evolve=V_EVOLVE)
    report = check(deck)
    assert report.legal and basis_status(deck).passes == ["class"]
    assert "14.4.2.1.1" in (report.note or "")
    assert effective_basis(deck) == "class"  # no start-amulet step at setup
    titled = make_deck(db, leader=V_LEADER, main=mono, evolve=V_EVOLVE, basis="title")
    assert rule_ids(check(titled).violations) == ["evolve.vg-start-amulet"]


def test_example_6_a_class_deck_may_hold_a_start_amulet(db):
    main = {"CP03-021": 3, **{f"CP03-F{i}": 3 for i in range(8)}, "CP03-015": 3, "CP03-016": 3, "CP03-017": 3}
    main |= {"CP03-018": 3, "CP03-F8": 1}
    assert sum(main.values()) == 40
    found = violations_of(db, leader={"SD01-LD01": 1}, main=main, evolve=V_EVOLVE)
    assert found == []  # the vg-* rules are not evaluated for a class leader


def test_example_13_a_double_sided_card_counts_by_its_first_face(db):
    legal = violations(db, evolve={"DS-X": 3, "DS-B": 3, "CP03-127": 3, "CP03-E0": 1})
    assert legal == []  # X counts as A, never as B
    found = violations(db, evolve={"DS-X": 2, "DS-A": 2, "CP03-127": 3, "CP03-E0": 3})
    (finding,) = [v for v in found if v.rule == "evolve.copies"]
    assert (finding.section, finding.count, finding.limit) == ("evolve", 4, 3)


@pytest.mark.parametrize("rules", ["1.7.0", "1.24.1"])
def test_example_15_a_cg_title_deck_with_an_untitled_card(db, rules):
    main = {f"CG-{i}": 3 for i in range(12)} | {"CG-12": 1}
    untitled = violations_of(db, leader={"CG-LD": 1}, main=main | {"BP01-135": 3}, rules=rules)
    assert "evolve.basis" in rule_ids(untitled)
    titled = violations_of(db, leader={"CG-LD": 1}, main=main | {"CSD02b-007": 3}, rules=rules)
    assert titled == []


# Setup under Ver.1.24.1 (spec §5): the start amulet set aside before the shuffle, SEP, the renumbered steps ---------


def test_example_1_setup_sets_the_start_amulet_aside_face_down_then_turns_it_up(db):
    deck = make_deck(db, leader=V_LEADER, main=V_MAIN, evolve=V_EVOLVE)
    table = deal(deck, seed=3, going="first", turns=1)
    assert [card.number for card in table.zone("field")] == ["CP03-021"]
    assert len(table.deck) == 35  # 40 - the start amulet - 4 in hand; the first player draws nothing on turn 1
    steps = [(event.step, event.ref) for event in table.events]
    assert steps.index(("start amulet", "14.4.3.1")) < steps.index(("main deck", "6.2.1.4"))
    assert ("SEP", "6.2.1.11") in steps and ("after the mulligan", "6.2.1.13") in steps
    assert ("start", "6.2.1.14") in steps and ("leader health", "6.2.1.12") in steps
    assert table.notes["SEP"] == 1 and table.notes["EP"] == 0 and "face up" in str(table.notes["start amulet"])
    assert deal(deck, seed=3, going="second").notes["EP"] == 3
    assert table.inventory() == Counter({c.number: n for s in ("leader", "main", "evolve") for c, n in deck.cards(s)})


def test_example_6_a_class_deck_shuffles_its_start_amulet_in(db):
    main = {"CP03-021": 3, **{f"CP03-F{i}": 3 for i in range(8)}, "CP03-015": 3, "CP03-016": 3, "CP03-017": 3}
    main |= {"CP03-018": 3, "CP03-F8": 1}
    table = deal(make_deck(db, leader={"SD01-LD01": 1}, main=main, evolve=V_EVOLVE), seed=1, going="first")
    assert not table.zone("field") and len(table.deck) == 36
    assert not any(event.step == "start amulet" for event in table.events)


def test_under_1_7_0_the_setup_is_as_it_was(db):
    deck = make_deck(db, leader=V_LEADER, main=V_MAIN, evolve=V_EVOLVE, rules="1.7.0")
    table = deal(deck, seed=3, going="first")
    steps = [(event.step, event.ref) for event in table.events]
    assert not table.zone("field") and len(table.deck) == 36
    assert ("leader health", "6.2.1.11") in steps and ("start", "6.2.1.12") in steps and "SEP" not in table.notes


def test_example_14_the_odds_count_the_deck_without_its_start_amulet(db):
    """Opening hand of 4, no mulligan: P(a card of a name with k copies) = 1 - C(D' - k, 4) / C(D', 4), D' = 39."""
    deck = make_deck(db, leader=V_LEADER, main=V_MAIN, evolve=V_EVOLVE)
    odds = stats_answer(
        deck,
        [parse_query("name=森のヴァンガード0", GAME)],
        going="first",
        turn=0,
        options=StatsOptions(mulligan="none"),
    )
    assert odds.method == "exact"
    assert odds.probability == pytest.approx(1 - comb(39 - 3, 4) / comb(39, 4))
    class_deck = make_deck(db, leader=V_LEADER, main=V_MAIN, evolve=V_EVOLVE, rules="1.7.0")
    plain = stats_answer(
        class_deck,
        [parse_query("name=森のヴァンガード0", GAME)],
        going="first",
        turn=0,
        options=StatsOptions(mulligan="none"),
    )
    assert plain.probability == pytest.approx(1 - comb(40 - 3, 4) / comb(40, 4))


def test_crossover_and_sealed_setups(db):
    sealed = make_deck(db, main={f"CP03-F{i}": 3 for i in range(10)}, format="sealed")
    table = deal(sealed, seed=2, going="first")
    assert not table.zone("leader") and "leader health" not in table.notes and len(table.deck) == 26


def test_example_8_a_crossover_deck_with_two_start_amulet_names(db):
    main = {"CP03-021": 1, "CSD03a-016": 1, **{f"CP03-F{i}": 3 for i in range(8)}, **{f"S-{i}": 3 for i in range(4)}}
    main |= {"CP03-F8": 2}
    assert sum(main.values()) == 40
    found = violations_of(db, leader={"SD01-LD01": 1, "SD02-LD01": 1}, main=main, format="crossover")
    assert rule_ids(found) == ["evolve.start-amulet"]


def test_a_real_vanguard_title_deck_is_judged_by_the_shipped_facts(isolated_carddb):
    """The shipped database carries start_amulet and trigger (facts-1.24.1.json): a forest VG deck with 士官候補生
    エリック is legal; without it, or with a sword trigger, it is not."""
    from deckcheck.carddb.db import load_carddb  # noqa: PLC0415 - the shipped database, for this test only

    real = load_carddb("evolve")
    forest = sorted(
        (c for c in real.cards.values() if c.title == VG and c.class_ == "forest" and c.type != "leader"),
        key=lambda c: c.number,
    )
    plain = list(dict.fromkeys(c.number for c in forest if not (c.evolve or c.advance or c.token or c.start_amulet)))
    names: dict[str, str] = {}
    for number in plain:
        names.setdefault(real.cards[number].name, number)
    main = {number: 3 for number in list(names.values())[:13]} | {"CP03-021": 1}
    assert sum(main.values()) == 40 and real.cards["CP03-021"].start_amulet
    assert real.cards["CP03-035"].trigger == "critical" and real.cards["CP03-035"].class_ == "sword"
    leader = {"CP03-LD01": 1}
    assert violations_of(real, leader=leader, main=main, basis="title") == []
    without = {k: v for k, v in main.items() if k != "CP03-021"} | {list(names.values())[13]: 1}
    assert rule_ids(violations_of(real, leader=leader, main=without, basis="title")) == ["evolve.vg-start-amulet"]
    sword = dict(main)
    sword[next(iter(sword))] -= 1
    sword["CP03-035"] = 1
    found = violations_of(real, leader=leader, main=sword, basis="title")
    assert "evolve.vg-trigger-class" in rule_ids(found)
