"""Shadowverse EVOLVE setup and first turns in the embedded engine (shared/spec/evolve.md, "Setup procedure",
example 14)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import STARTER_DECKS, deck_multiset, make_db, make_deck

from deckcheck import load_deck
from deckcheck.engine.deal import KeepFilter, deal, mulligan
from deckcheck.engine.table import Table
from deckcheck.errors import EngineError
from deckcheck.games.evolve import GAME, MAGIC_ITEM, card_inventory, magic_item_token
from deckcheck.model.cards import Card
from deckcheck.model.query import parse_filter

REPO = Path(__file__).resolve().parents[2]
CG = "アイドルマスター シンデレラガールズ"
C = [f"C{i:02}" for i in range(1, 41)]  # c1…c40 of example 14, one copy each


def rec(number: str, name: str, type_: str = "follower", cls: str | None = "forest", **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"number": number, "name": name, "type": type_}
    if cls is not None:
        record["class"] = cls
    if type_ != "leader" and not fields.get("evolve"):
        record.setdefault("cost", 2)
    record.update(fields)
    return record


RECORDS = [
    rec("L-FOREST", "試験の森の長", "leader"),
    rec("L-FOREST2", "二人目の森の長", "leader"),
    rec("L-CG", "試験のプロデューサー", "leader", None, title=CG),
    rec("L-SWORD-CG", "試験の王子様", "leader", "sword", title=CG),
    *(rec(c, f"試験の森人{c}", cost=1 + i % 5) for i, c in enumerate(C)),
    *(rec(f"E{i}", f"試験の森人{C[i]}", evolve=True) for i in range(4)),
    *(rec(f"CG{i:02}", f"試験のアイドル{i:02}", cls=("sword", "neutral")[i % 2], title=CG) for i in range(14)),
    rec("CG-RUNE", "試験の魔法少女", cls="rune", title=CG),
]
F_MAIN = {c: 1 for c in C}
F_EVOLVE = {"E0": 3, "E1": 3, "E2": 3, "E3": 1}
CG_MAIN = {f"CG{i:02}": 3 for i in range(13)} | {"CG13": 1}


@pytest.fixture(scope="module")
def db():
    return make_db("evolve", RECORDS)


def forest(db, **changes: Any):
    sections = {"leader": {"L-FOREST": 1}, "main": F_MAIN, "evolve": F_EVOLVE} | changes
    return make_deck(db, **{k: v for k, v in sections.items() if v is not None})


def idol(db, leader: str = "L-CG", **changes: Any):
    return make_deck(db, **({"leader": {leader: 1}, "main": CG_MAIN} | changes))


@pytest.fixture
def fixed_shuffle(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every shuffle leaves the order as listed (c1 on top); returns a list recording each call's length."""
    calls: list[int] = []
    monkeypatch.setattr(random.Random, "shuffle", lambda self, cards: calls.append(len(cards)))
    return calls


class Redraw:
    """Always take the mulligan, putting the hand on the bottom in a fixed order of hand positions."""

    name = "redraw"

    def __init__(self, order: tuple[int, ...] = (0, 1, 2, 3)) -> None:
        self.order = order

    def returns(self, table: Table, hand: list[Card]) -> list[int]:
        return list(range(len(hand)))

    def redraw(self, table: Table, hand: list[Card]) -> bool:
        return True

    def bottom_order(self, table: Table, hand: list[Card]) -> list[Card]:
        return [hand[i] for i in self.order]


def numbers(cards: list[Card]) -> list[str]:
    return [card.number for card in cards]


# Example 14 -------------------------------------------------------------------------------------------------


def test_example_14_first_player_mulligans_to_the_bottom_without_shuffle(db, fixed_shuffle):
    table = deal(forest(db), seed=1, going="first", policy=Redraw((2, 0, 3, 1)))
    assert numbers(table.mulligan_returned) == C[0:4]
    assert numbers(table.hand) == C[4:8]  # hand c5–c8
    assert table.deck[0].number == C[8]  # deck top c9
    assert numbers(table.deck[-4:]) == [C[2], C[0], C[3], C[1]]  # c1–c4 at the bottom, in the chosen order
    assert numbers(table.deck) == C[8:] + [C[2], C[0], C[3], C[1]]
    assert len(table.deck) == 36
    assert fixed_shuffle == [40]  # the setup shuffle of 6.2.1.4 only: no reshuffle
    assert [e.ref for e in table.events if e.step == "shuffle"] == ["6.2.1.4"]


def test_example_14_first_player_turn_1_does_not_draw(db, fixed_shuffle):
    table = deal(forest(db), seed=1, going="first", policy=Redraw(), turns=1)
    assert numbers(table.hand) == C[4:8]
    assert len(table.deck) == 36
    assert table.notes["PP max"] == 1
    assert table.notes["EP"] == 0
    assert any(e.ref == "7.2.4.1" for e in table.events)
    assert not any(e.ref == "7.2.4" for e in table.events)


def test_example_14_second_player_keeps_and_draws_on_turn_1(db, fixed_shuffle):
    table = deal(forest(db), seed=1, going="second", turns=1)
    assert table.mulligan_returned == [] and table.mulligan_drawn == []
    assert numbers(table.hand) == C[0:5]  # the opening 4, then c5 on turn 1
    assert len(table.hand) == 5
    assert len(table.deck) == 35
    assert table.notes["PP max"] == 1
    assert table.notes["EP"] == 3


# Setup steps --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("going", ["first", "second"])
def test_opening_hand_and_placements(db, going):
    deck = forest(db)
    table = deal(deck, seed=7, going=going)
    assert len(table.hand) == 4
    assert len(table.deck) == 36
    assert numbers(table.zone("leader")) == ["L-FOREST"]
    # the evolve deck is set aside unshuffled, in the deck's order, and none of it reaches the hand
    assert numbers(table.zone("evolve-deck")) == ["E0"] * 3 + ["E1"] * 3 + ["E2"] * 3 + ["E3"]
    assert not any(card.number.startswith("E") for card in table.hand + table.deck)
    assert table.notes["PP max"] == 0
    assert table.notes["EP"] == (0 if going == "first" else 3)
    assert table.notes["leader health"] == 20
    assert table.notes["basis"] == "class"
    assert "ex-area" not in table.zones
    refs = [e.ref for e in table.events]
    order = ["6.2.1.1", "6.2.1.2", "6.2.1.3", "6.2.1.4", "6.2.1.5", "6.2.1.6", "6.2.1.7", "6.2.1.8"]
    order += ["6.2.1.9", "6.2.1.10", "6.2.1.11", "6.2.1.12"]
    assert list(dict.fromkeys(ref for ref in refs if ref in order)) == order


def test_no_evolve_deck_is_declared(db):
    table = deal(forest(db, evolve=None), seed=3, going="first")
    assert table.zone("evolve-deck") == []
    assert any(e.ref == "6.2.1.1.1" for e in table.events)
    assert card_inventory(table) == deck_multiset(forest(db, evolve=None))


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("policy", [None, Redraw((3, 2, 1, 0))])
@pytest.mark.parametrize("turns", [0, 1, 5, 30])
def test_card_conservation(db, going, policy, turns):
    deck = forest(db, main=F_MAIN | {C[0]: 3, C[1]: 3, C[2]: 3})  # 46 cards, some with copies
    table = deal(deck, seed=11, going=going, policy=policy, turns=turns)
    assert table.inventory() == deck_multiset(deck)
    assert card_inventory(table) == deck_multiset(deck)
    seen = 4 + (turns if going == "second" else max(turns - 1, 0))
    assert len(table.hand) == seen
    assert len(table.deck) == 46 - seen


@pytest.mark.parametrize(("going", "turns", "hand"), [("first", 1, 4), ("first", 2, 5), ("first", 3, 6)])
def test_first_player_skips_only_the_first_draw(db, going, turns, hand):
    table = deal(forest(db), seed=5, going=going, turns=turns)
    assert len(table.hand) == hand
    assert [e.ref for e in table.events].count("7.2.4") == turns - 1


def test_second_player_draws_every_turn(db):
    table = deal(forest(db), seed=5, going="second", turns=3)
    assert len(table.hand) == 7  # the hand limit only discards in the end phase, after the main phase
    assert [e.ref for e in table.events].count("7.2.4") == 3


def test_pp_max_is_capped_at_10(db):
    assert deal(forest(db), seed=5, going="first", turns=10).notes["PP max"] == 10
    assert deal(forest(db), seed=5, going="first", turns=12).notes["PP max"] == 10


def test_mulligan_only_once(db):
    table = deal(forest(db), seed=2, going="first", policy=Redraw())
    with pytest.raises(EngineError, match="only once"):
        mulligan(table, GAME.setup.mulligan, GAME.setup.hand_size, Redraw(), GAME.setup.mulligan_ref)
    table = deal(forest(db), seed=2, going="second")  # a kept hand used the mulligan too
    with pytest.raises(EngineError, match="only once"):
        mulligan(table, GAME.setup.mulligan, GAME.setup.hand_size, Redraw(), GAME.setup.mulligan_ref)


def test_keep_filter_redraws_only_when_nothing_matches(db, fixed_shuffle):
    # c1–c4 cost 1, 2, 3, 4; c5–c8 cost 5, 1, 2, 3
    keep5 = KeepFilter(parse_filter("cost=5", GAME))
    table = deal(forest(db), seed=1, going="first", policy=keep5)
    assert numbers(table.hand) == C[4:8]
    assert numbers(table.deck[-4:]) == C[0:4]  # KeepFilter keeps the hand's order
    keep2 = KeepFilter(parse_filter("cost=2", GAME))
    table = deal(forest(db), seed=1, going="first", policy=keep2)
    assert numbers(table.hand) == C[0:4]
    assert table.mulligan_returned == []
    assert table.mulliganed


def test_same_seed_same_result(db):
    one = deal(forest(db), seed=42, policy=Redraw(), turns=3)
    two = deal(forest(db), seed=42, policy=Redraw(), turns=3)
    assert one.going == two.going
    assert numbers(one.hand) == numbers(two.hand)
    assert numbers(one.deck) == numbers(two.deck)
    assert [(e.step, e.ref, e.text, numbers(e.cards)) for e in one.events] == [
        (e.step, e.ref, e.text, numbers(e.cards)) for e in two.events
    ]
    hands = {tuple(numbers(deal(forest(db), seed=s, going="first").hand)) for s in range(10)}
    assert len(hands) > 1


# Magic items (14.3.1.2) ---------------------------------------------------------------------------------------


def test_cinderella_girls_title_deck_creates_5_magic_items_before_turn_order(db, isolated_carddb):
    deck = idol(db)
    table = Table(rng=random.Random(1), going="first")
    GAME.setup.prepare(table, deck, {})
    ex_area = table.zone("ex-area")
    assert len(ex_area) == 5 and all(card.name == MAGIC_ITEM and card.token for card in ex_area)
    assert len(table.deck) == 40 and table.hand == []
    refs = [e.ref for e in table.events]
    assert refs.index("6.2.1.5") < refs.index("14.3.1.2") < refs.index("6.2.1.6")

    table = deal(deck, seed=1, going="second", turns=2)
    assert len(table.zone("ex-area")) == 5
    assert len(table.hand) == 6 and len(table.deck) == 34
    assert table.notes["basis"] == "title"
    # tokens come from no deck: the deck's cards are conserved, and the tokens are counted apart
    assert card_inventory(table) == deck_multiset(deck)
    token = table.zone("ex-area")[0]
    assert table.inventory() == deck_multiset(deck) + Counter({token.number: 5})
    assert table.notes["not from the deck"] == ["ex-area"]


def test_magic_item_token_comes_from_the_card_database(starter_carddb):
    from deckcheck.carddb import load_carddb

    token = magic_item_token(load_carddb("evolve"))
    assert token.number == "DC-SV-110" and token.token and token.name == MAGIC_ITEM


def test_magic_item_token_comes_from_the_decks_own_database(db):
    """The token is looked up in the database the deck was resolved with (so `hand --carddb X` consults X)."""
    token = rec("MY-TOKEN", MAGIC_ITEM, "amulet", cls=None, token=True, title=CG)
    with_token = make_db("evolve", [*RECORDS, token])
    table = deal(idol(with_token), seed=1, going="first")
    assert numbers(table.zone("ex-area")) == ["MY-TOKEN"] * 5


def test_magic_item_token_stand_in_when_the_database_has_none(db):
    token = magic_item_token(None)
    assert token.name == MAGIC_ITEM and token.token and token.title == CG
    assert magic_item_token(db) == token  # a database without the token record
    table = deal(idol(db), seed=1, going="first")
    assert numbers(table.zone("ex-area")) == [token.number] * 5


def test_class_and_title_leader_declared_class_gets_no_tokens(db, isolated_carddb):
    both = idol(db, leader="L-SWORD-CG")  # sword/neutral cards all titled CG: both bases hold
    assert len(deal(both, seed=1, going="first").zone("ex-area")) == 5  # default: title
    declared = idol(db, leader="L-SWORD-CG", basis="class")
    table = deal(declared, seed=1, going="first")
    assert table.zone("ex-area") == [] and table.notes["basis"] == "class"
    assert deal(both, seed=1, going="first", choices={"basis": "class"}).zone("ex-area") == []
    assert len(deal(declared, seed=1, going="first", choices={"basis": "タイトル"}).zone("ex-area")) == 5


def test_class_basis_fallback_gets_no_tokens(db):
    # one rune card (titled CG): the class basis fails, the title basis holds → title, tokens
    deck = idol(db, leader="L-SWORD-CG", main={**{f"CG{i:02}": 3 for i in range(13)}, "CG-RUNE": 1})
    assert deal(deck, seed=1, going="first").notes["basis"] == "title"
    with pytest.raises(EngineError, match="basis=class"):
        deal(deck, seed=1, going="first", choices={"basis": "class"})


def test_starter_decks(starter_carddb):
    stage = load_deck(STARTER_DECKS / "evolve" / "cinderella-stage.txt")
    table = deal(stage, seed=3, going="first", turns=2)
    assert numbers(table.zone("ex-area")) == ["DC-SV-110"] * 5
    assert card_inventory(table) == deck_multiset(stage)
    for name in ("forest-fairies.deck.toml", "royal-paddock.deck.toml"):
        deck = load_deck(STARTER_DECKS / "evolve" / name)
        table = deal(deck, seed=3, going="second", turns=2)
        assert "ex-area" not in table.zones
        assert table.inventory() == deck_multiset(deck)
        assert len(table.hand) == 6


# Setup that cannot run ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("leader", "reason"),
    [
        ({"L-FOREST": 1, "L-FOREST2": 1}, "has 2 cards"),
        ({"L-FOREST": 2}, "has 2 cards"),
        ({C[0]: 1}, "is not a leader card"),
        ({"NO-SUCH-LEADER": 1}, "not in the card database"),
    ],
)
def test_no_single_leader(db, leader, reason):
    with pytest.raises(EngineError, match=reason):
        deal(forest(db, leader=leader), seed=1, going="first")


def test_no_leader_at_all_is_dealt_without_one_with_a_note(db):
    # A registry export records no leader; the leader changes no draw, so the deck is dealt as it would be with one.
    table = deal(forest(db, leader={}), seed=1, going="first")
    led = deal(forest(db), seed=1, going="first")
    assert table.zone("leader") == [] and str(table.notes["leader"]).startswith("none, dealt without one")
    assert [card.number for card in table.hand] == [card.number for card in led.hand]


def test_main_deck_too_small_for_the_opening_hand(db):
    with pytest.raises(EngineError, match="draws 4"):
        deal(forest(db, main={C[0]: 3}), seed=1, going="first")
    table = deal(forest(db, main={C[0]: 3, C[1]: 1}), seed=1, going="first", policy=Redraw())
    assert len(table.hand) == 4 and table.deck == []


def test_drawing_from_an_empty_deck_is_refused(db):
    small = forest(db, main={C[0]: 3, C[1]: 2})
    assert len(deal(small, seed=1, going="first", turns=2).hand) == 5
    with pytest.raises(EngineError, match="deck is empty"):
        deal(small, seed=1, going="first", turns=3)
    with pytest.raises(EngineError, match="deck is empty"):
        deal(small, seed=1, going="second", turns=2)


@pytest.mark.parametrize(
    ("deck_args", "choices", "reason"),
    [
        ({}, {"basis": "both"}, "not a basis"),
        ({}, {"basis": "title"}, "has no title"),
        ({"basis": "title"}, None, "has no title"),
        ({"main": {**F_MAIN, "CG00": 1}}, {"basis": "class"}, "basis=class"),
    ],
)
def test_bad_basis_choice(db, deck_args, choices, reason):
    with pytest.raises(EngineError, match=reason):
        deal(forest(db, **deck_args), seed=1, going="first", choices=choices)


def test_title_leader_cannot_declare_class(db):
    with pytest.raises(EngineError, match="has no class"):
        deal(idol(db), seed=1, going="first", choices={"basis": "class"})


def test_unknown_setup_choice(db):
    with pytest.raises(EngineError, match="no setup choice lord"):
        deal(forest(db), seed=1, going="first", choices={"lord": "x"})


# Setup under Ver.1.24.1 (shared/spec/evolve-1.24.1.md §4 setup for crossover and sealed, §5, §8 examples 1, 5, 6) ----

VG = "カードファイト!! ヴァンガード"
VG_RECORDS = [
    rec("VG-LD", "試験の先導者", "leader", title=VG),
    rec("CP03-021", "試験の士官候補生", "amulet", title=VG, start_amulet=True),
    rec("PR-290", "試験の士官候補生", "amulet", title=VG, start_amulet=True),  # the same name, a higher number
    rec("VG-S0", "試験の騎士", cls="sword", title=VG),
    *(rec(f"VG-F{i:02}", f"試験の森の先導者{i:02}", title=VG, cost=1 + i % 5) for i in range(13)),
    rec("VG-E0", "試験の森の進化体", title=VG, evolve=True),
]
VG_MAIN = {"CP03-021": 1} | {f"VG-F{i:02}": 3 for i in range(13)}  # 40 cards, one start amulet


@pytest.fixture(scope="module")
def vg_db():
    return make_db("evolve", RECORDS + VG_RECORDS)


def vanguard(vg_db, **changes: Any):
    sections = {"leader": {"VG-LD": 1}, "main": VG_MAIN, "evolve": {"VG-E0": 3}} | changes
    return make_deck(vg_db, **{k: v for k, v in sections.items() if v is not None})


def steps(table: Table) -> list[tuple[str, str]]:
    return [(event.step, event.ref) for event in table.events]


def test_the_start_amulet_leaves_the_main_deck_before_the_shuffle(vg_db, fixed_shuffle):
    """Step 3a (14.4.3.1): face down to the field before 6.2.1.4, so the shuffle and the opening hand see D - 1."""
    table = deal(vanguard(vg_db), seed=1, going="first", policy=Redraw())
    assert fixed_shuffle == [39]  # the only shuffle of setup shuffles the 39 others
    assert numbers(table.zone("field")) == ["CP03-021"]  # the mulligan leaves it there
    assert len(table.hand) == 4 and len(table.deck) == 35 and "CP03-021" not in numbers(table.hand + table.deck)
    order = steps(table)
    assert order.index(("start amulet", "14.4.3.1")) < order.index(("shuffle", "6.2.1.4"))
    face_up = order.index(("after the mulligan", "6.2.1.13"))
    assert order.index(("mulligan", "6.2.1.8")) < order.index(("SEP", "6.2.1.11")) < face_up
    assert face_up < order.index(("start", "6.2.1.14"))
    set_aside = table.events[order.index(("start amulet", "14.4.3.1"))]
    assert set_aside.text.endswith("face down on the field (the main deck: 39)")


def test_the_lowest_numbered_start_amulet_is_the_one_set_aside(vg_db):
    deck = vanguard(vg_db, main=VG_MAIN | {"PR-290": 1, "CP03-021": 2, "VG-F12": 1})  # PR-290 listed first
    table = deal(deck, seed=5, going="second", turns=1)
    assert numbers(table.zone("field")) == ["CP03-021"]
    assert table.notes["start amulet"] == "試験の士官候補生 (CP03-021) (face up)"
    assert card_inventory(table) == deck_multiset(deck)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("policy", [None, Redraw((3, 2, 1, 0))])
@pytest.mark.parametrize("turns", [0, 1, 5, 30])
def test_card_conservation_with_a_start_amulet_on_the_field(vg_db, going, policy, turns):
    deck = vanguard(vg_db)
    table = deal(deck, seed=13, going=going, policy=policy, turns=turns)
    assert table.inventory() == deck_multiset(deck)
    assert len(table.deck) + len(table.hand) == 39


def test_a_title_deck_without_a_start_amulet_skips_the_step_with_a_note(vg_db):
    """Example 5 with basis = "title" (illegal: evolve.vg-start-amulet): the step is skipped, the deck shuffles 40."""
    deck = vanguard(vg_db, main={"VG-S0": 1} | {f"VG-F{i:02}": 3 for i in range(13)}, basis="title")
    table = deal(deck, seed=2, going="first")
    skip = [event for event in table.events if event.step == "start amulet"]
    assert [(event.ref, event.cards) for event in skip] == [("14.4.3.1", [])] and "skipped" in skip[0].text
    assert not table.zones.get("field") and "start amulet" not in table.notes and len(table.deck) == 36
    assert ("after the mulligan", "6.2.1.13") not in steps(table) and table.notes["SEP"] == 1


def test_a_class_basis_shuffles_the_start_amulet_in(vg_db):
    """Example 6's idea: no title basis, no step 3a (the start amulet is one more main-deck card)."""
    deck = vanguard(vg_db, basis="class")
    table = deal(deck, seed=2, going="first")
    assert not table.zones.get("field") and len(table.deck) == 36
    assert not any(event.step in ("start amulet", "after the mulligan") for event in table.events)


def test_a_crossover_deck_has_both_leaders_no_declaration_no_magic_items_and_no_start_amulet(vg_db):
    """B-2: both leaders to the leader area; never a declaration, 『魔法のアイテム』 or step 3a, even with a Cinderella
    Girls leader and a start amulet in the main deck."""
    main = {"CP03-021": 1, "VG-S0": 3} | {f"VG-F{i:02}": 3 for i in range(12)}
    deck = make_deck(vg_db, leader={"L-FOREST": 1, "L-SWORD-CG": 1}, main=main, format="crossover")
    table = deal(deck, seed=4, going="second", turns=1)
    assert numbers(table.zone("leader")) == ["L-FOREST", "L-SWORD-CG"]
    assert "ex-area" not in table.zones and not table.zones.get("field") and len(table.deck) == 35
    assert table.notes["basis"] == "class" and table.notes["SEP"] == 1 and table.notes["leader health"] == 20
    assert not any(event.step in ("magic items", "start amulet") for event in table.events)
    assert card_inventory(table) == deck_multiset(deck)


@pytest.mark.parametrize("leader", [{}, {"VG-LD": 1}, {"L-CG": 1}])
def test_sealed_has_no_basis_steps_and_the_leader_steps_only_with_a_leader(vg_db, leader):
    """B-1: no basis, so no 『魔法のアイテム』 and no start amulet; without a leader 6.2.1.2, 6.2.1.3 and 6.2.1.12 are
    skipped."""
    main = {"CP03-021": 3, "CG00": 3} | {f"VG-F{i:02}": 2 for i in range(12)}
    deck = make_deck(vg_db, main=main, format="sealed", **({"leader": leader} if leader else {}))
    table = deal(deck, seed=6, going="first")
    assert len(table.deck) == 26 and not table.zones.get("field") and "ex-area" not in table.zones
    assert table.notes["basis"] == "none" and table.notes["SEP"] == 1
    assert not any(event.step in ("magic items", "start amulet") for event in table.events)
    refs = {event.ref for event in table.events}
    if leader:
        assert numbers(table.zone("leader")) == list(leader) and {"6.2.1.2", "6.2.1.12"} <= refs
    else:
        assert not table.zone("leader") and not {"6.2.1.2", "6.2.1.3", "6.2.1.12"} & refs
        assert "leader health" not in table.notes
    assert card_inventory(table) == deck_multiset(deck)


def test_under_1_7_0_a_vanguard_title_deck_sets_nothing_aside_and_keeps_the_old_numbers(vg_db):
    table = deal(vanguard(vg_db, rules="1.7.0"), seed=1, going="first")
    assert not table.zones.get("field") and len(table.deck) == 36 and "SEP" not in table.notes
    assert [ref for _, ref in steps(table)][-2:] == ["6.2.1.11", "6.2.1.12"]  # leader health, start
    assert table.notes["rules"] == "Ver.1.7.0, standard"
