"""A card's own construction conditions (6.1.2; spec evolve-2026 §3): 機鋒の咎人・カットスロート's limit on the other
cards and the per-card `deck_limit`, one mechanism (deckcheck/games/evolve/conditions.py), at their boundaries."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import make_db, make_deck

from deckcheck import check_deck
from deckcheck.carddb.db import load_carddb

SENTENCE = (
    "カード名に『カットスロート』を含まないカードは、メインデッキやエボルヴデッキにそれぞれ1枚までしか入れられない"
)
CUTTHROAT = {
    "number": "BP19-110",
    "name": "機鋒の咎人・カットスロート",
    "type": "follower",
    "class": "neutral",
    "cost": 1,
    "others_limit": 1,
    "others_except": ["カットスロート"],
    "construction": SENTENCE,
}


def rec(number: str, name: str, **fields: Any) -> dict[str, Any]:
    return {"number": number, "name": name, "type": "follower", "class": "forest", "cost": 2} | fields


RECORDS = [
    {"number": "L-1", "name": "試験の森の長", "type": "leader", "class": "forest"},
    CUTTHROAT,
    CUTTHROAT | {"number": "BP19-SL26"},
    rec("BP19-111", "機鋒の咎人・カットスロート", evolve=True, cost=None, **{"class": "neutral"}),
    rec("K-1", "カットスロートの刃"),  # its name contains 『カットスロート』
    rec("ONION", "試験の軍団", deck_limit=50),
    *(rec(f"F-{i:02}", f"試験の森人{i:02}") for i in range(50)),
    *(rec(f"E-{i:02}", f"試験の森人{i:02}", evolve=True, cost=None) for i in range(10)),
    # the next such card is a record: no excepted name part, a limit of 2
    rec("NEXT-1", "二枚の掟", others_limit=2, construction="このカード以外のカードは2枚までしか入れられない"),
]


@pytest.fixture(scope="module")
def db():
    return make_db("evolve", RECORDS)


def deck_of(db, main: dict[str, int], evolve: dict[str, int] | None = None, **keys: Any):
    return make_deck(db, leader={"L-1": 1}, main=main, evolve=evolve or {}, **keys)


def singles(n: int, start: int = 0) -> dict[str, int]:
    return {f"F-{i:02}": 1 for i in range(start, start + n)}


def copies_of(db, main: dict[str, int], evolve: dict[str, int] | None = None, **keys: Any):
    return [v for v in check_deck(deck_of(db, main, evolve, **keys), db) if v.rule == "evolve.copies"]


def test_one_copy_of_every_other_card_is_legal(db):
    deck = deck_of(db, {"BP19-110": 1, **singles(39)}, {f"E-{i:02}": 1 for i in range(10)})
    assert check_deck(deck, db) == []


def test_two_copies_of_another_card_break_the_condition_naming_cutthroat(db):
    [finding] = copies_of(db, {"BP19-110": 1, "F-00": 2, **singles(37, 1)})
    assert (finding.section, finding.ref, finding.count, finding.limit) == ("main", "6.1.2", 2, 1)
    assert finding.cards == ["F-00"] and finding.extra == {"imposed_by": "BP19-110"}
    assert "while 機鋒の咎人・カットスロート (BP19-110) is in the deck" in finding.message
    assert "whose name does not contain 『カットスロート』" in finding.message and f"「{SENTENCE}」" in finding.message


def test_one_finding_per_offending_card(db):
    found = copies_of(db, {"BP19-110": 1, "F-00": 2, "F-01": 3, **singles(35, 2)})
    assert [(v.cards, v.count, v.limit) for v in found] == [(["F-00"], 2, 1), (["F-01"], 3, 1)]


def test_without_cutthroat_three_copies_are_legal_and_four_are_not(db):
    assert copies_of(db, {"F-00": 3, **singles(37, 1)}) == []
    [finding] = copies_of(db, {"F-00": 4, **singles(36, 1)})
    assert (finding.ref, finding.limit) == ("6.1.1.4", 3) and "imposed_by" not in finding.extra


def test_cutthroat_itself_and_names_containing_it_keep_their_limit(db):
    assert copies_of(db, {"BP19-110": 2, "BP19-SL26": 1, "K-1": 3, **singles(34)}) == []
    [finding] = copies_of(db, {"BP19-110": 2, "BP19-SL26": 2, **singles(36)})  # 4 of its own name: the 3 of 6.1.1.4
    assert (finding.cards, finding.count, finding.limit, finding.ref) == (["BP19-110", "BP19-SL26"], 4, 3, "6.1.1.4")


def test_the_evolve_deck_is_limited_separately(db):
    main = {"BP19-110": 1, **singles(39)}
    assert copies_of(db, main, {"E-00": 1, "BP19-111": 3}) == []  # its own EVOLVE card contains the name
    [finding] = copies_of(db, main, {"E-00": 2})
    assert (finding.section, finding.count, finding.limit) == ("evolve", 2, 1)
    assert "evolve deck" in finding.message and finding.extra == {"imposed_by": "BP19-110"}


def test_a_cards_own_higher_limit_yields_to_the_prohibition(db):
    """1.3.3: the prohibition wins; without カットスロート the card's own deck_limit (50) holds."""
    assert copies_of(db, {"ONION": 40}) == []
    [finding] = copies_of(db, {"BP19-110": 1, "ONION": 39})
    assert (finding.count, finding.limit, finding.extra) == (39, 1, {"imposed_by": "BP19-110"})


def test_the_condition_holds_only_while_cutthroat_is_in_the_main_deck(db):
    """Listed in the evolve deck (where evolve.evolve-types rejects it), the follower sets no condition."""
    violations = check_deck(deck_of(db, {"F-00": 2, **singles(38, 1)}, {"BP19-110": 1}), db)
    assert "evolve.evolve-types" in {v.rule for v in violations}
    assert not [v for v in violations if v.rule == "evolve.copies"]


def test_sealed_has_no_copy_limit(db):
    assert copies_of(db, {"BP19-110": 1, "F-00": 5, **singles(29, 1)}, format="sealed") == []


def test_the_next_such_card_is_a_record(db):
    assert copies_of(db, {"NEXT-1": 1, "F-00": 2, **singles(37, 1)}) == []
    [finding] = copies_of(db, {"NEXT-1": 1, "F-00": 3, **singles(36, 1)})
    assert (finding.count, finding.limit, finding.extra) == (3, 2, {"imposed_by": "NEXT-1"})
    assert "at most 2 of each other card" in finding.message
    assert "「このカード以外のカードは2枚までしか入れられない」" in finding.message


def test_a_record_that_excepts_names_without_a_limit_is_refused():
    with pytest.raises(Exception, match="others_except"):
        make_db("evolve", [rec("X-1", "試験", others_except=["試験"])])


def test_the_shipped_cutthroat_and_its_promo_impose_it(isolated_carddb):
    real = load_carddb("evolve")
    filler = [c.number for c in real.cards.values() if c.set == "BP19" and c.type == "follower" and not c.evolve]
    filler = [n for n in filler if "カットスロート" not in real.cards[n].name]
    names: dict[str, str] = {}
    for number in filler:
        names.setdefault(real.cards[number].name, number)
    main = {number: 1 for number in list(names.values())[:38]}
    first = next(iter(main))
    for imposer in ("BP19-110", "PR-514"):
        deck = make_deck(real, leader={"BP01-LD01": 1}, main={imposer: 1, **main, first: 2})
        found = [v for v in check_deck(deck, real) if v.rule == "evolve.copies"]
        assert [(v.count, v.limit, v.extra["imposed_by"]) for v in found] == [(2, 1, imposer)]
        assert SENTENCE in found[0].message
