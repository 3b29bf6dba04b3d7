"""Shadowverse EVOLVE construction rules (shared/spec/evolve.md), examples 1–13 and the boundaries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import STARTER_DECKS, make_db, make_deck, rule_ids, violations_of

from deckcheck import check_deck, load_deck, parse_deck, resolve_deck
from deckcheck.carddb.db import load_carddb
from deckcheck.errors import CardDatabaseError
from deckcheck.games.evolve import GAME, EvolveCard, basis_status, effective_basis

REPO = Path(__file__).resolve().parents[2]
UMA = "ウマ娘 プリティーダービー"
CG = "アイドルマスター シンデレラガールズ"


def rec(number: str, name: str, type_: str = "follower", cls: str | None = "forest", **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"number": number, "name": name, "type": type_}
    if cls is not None:
        record["class"] = cls
    if type_ != "leader" and not fields.get("evolve"):
        record["cost"] = 2
    record.update(fields)
    return record


# The main-deck names M00–M17 (forest or neutral followers, spells, amulets). M00–M03 have EVOLVE versions.
MAIN_TYPES = ["follower"] * 6 + ["spell"] * 3 + ["amulet"] * 3 + ["follower", "spell"] + ["follower"] * 4
MAIN_CLASSES = ["forest"] * 12 + ["neutral"] * 2 + ["forest"] * 4
M = [f"M{i:02}" for i in range(18)]
E = [f"E{i:02}" for i in range(4)]

BASE_RECORDS = [
    rec("L-FOREST", "試験の森の長", "leader"),
    *(rec(M[i], f"試験の森人{i:02}", MAIN_TYPES[i], MAIN_CLASSES[i]) for i in range(18)),
    *(rec(E[i], f"試験の森人{i:02}", evolve=True, attack=4, defense=4) for i in range(4)),
]
EXTRA_RECORDS = [
    rec("L-FOREST2", "二人目の森の長", "leader"),
    rec("L-RUNE", "試験の魔女", "leader", "rune"),
    rec("L-SWORD", "試験の騎士王", "leader", "sword"),
    rec("L-SWORD-T", "試験の騎手", "leader", "sword", title=UMA),
    rec("L-TITLE", "試験の走者", "leader", None, title=UMA),
    rec("L-CG", "試験のプロデューサー", "leader", None, title=CG),
    rec("L-NONE", "試験の旅人", "leader", None),
    rec("E-LONE", "相方のいない進化体", evolve=True),  # an EVOLVE card whose name no main card has
    rec("TOKEN-F", "試験の森の小人", token=True),
    rec("TOKEN-S", "試験の火花", "spell", "neutral", token=True),
    rec("TOKEN-EV", "試験の進化トークン", evolve=True, token=True),
    rec("F-LONE", "ひとりの森人"),
    rec("RUNE-1", "試験の魔導士", cls="rune"),
    rec("R-010", "試験の双剣士"),
    rec("R-SL10", "試験の双剣士"),  # a reprint of R-010
    rec("X-1", "月影"),
    rec("X-2", "月影ナイト"),
    *(rec(f"FT-{i}", f"走る森人{i}", title=UMA) for i in range(3)),  # titled forest cards
    rec("UNTITLED-N", "無題の旅芸人", cls="neutral"),
]

BASE_MAIN = {**{M[i]: 3 for i in range(13)}, M[13]: 1}
BASE_EVOLVE = {E[0]: 3, E[1]: 3, E[2]: 3, E[3]: 1}
LEADER = {"L-FOREST": 1}


@pytest.fixture(scope="module")
def db():
    return make_db("evolve", BASE_RECORDS + EXTRA_RECORDS)


def with_(base: dict[str, int], **changes: int) -> dict[str, int]:
    """A copy of a section with counts changed (0 removes the card)."""
    section = {**base, **changes}
    return {key: count for key, count in section.items() if count}


def check(db, leader=None, main=None, evolve=None, **keys: Any):
    sections: dict[str, Any] = {"leader": LEADER if leader is None else leader, "main": main or BASE_MAIN}
    if evolve is not None:
        sections["evolve"] = evolve
    return violations_of(db, **sections, **keys)


def deck(db, leader=None, main=None, evolve=None, **keys: Any):
    sections: dict[str, Any] = {"leader": LEADER if leader is None else leader, "main": main or BASE_MAIN}
    if evolve is not None:
        sections["evolve"] = evolve
    return make_deck(db, **sections, **keys)


def only(violations, rule_id):
    assert rule_ids(violations) == [rule_id], [v.message for v in violations]
    return [v for v in violations if v.rule == rule_id]


def test_rules_in_spec_order():
    assert [rule.id for rule in GAME.rules] == [
        "evolve.leader",
        "evolve.main-size",
        "evolve.main-types",
        "evolve.evolve-size",
        "evolve.evolve-types",
        "evolve.copies",
        "evolve.basis",
        "evolve.crossover-classes",
        "evolve.start-amulet",
        "evolve.vg-start-amulet",
        "evolve.vg-trigger-class",
        "evolve.sealed-pool",
    ]
    assert GAME.sections == ("leader", "main", "evolve", "pool")
    assert GAME.sections_of("standard") == ("leader", "main", "evolve")
    assert GAME.keys.words == ("basis",) and GAME.deck_keys == ("basis", "rules", "format")


# Example 1: the base deck -----------------------------------------------------------------------------

FIFTY = {**{M[i]: 3 for i in range(16)}, M[16]: 2}


def test_example_1_base_deck_is_legal(db):
    assert sum(BASE_MAIN.values()) == 40 and sum(BASE_EVOLVE.values()) == 10
    assert check(db, evolve=BASE_EVOLVE) == []


def test_example_1_fifty_card_main_deck_is_legal(db):
    assert sum(FIFTY.values()) == 50
    assert check(db, main=FIFTY, evolve=BASE_EVOLVE) == []


def test_example_1_absent_evolve_section_is_legal(db):
    built = deck(db)
    assert built.counts() == {"leader": 1, "main": 40, "evolve": 0}
    assert check_deck(built, db) == []


# Example 2–3 and the size boundaries ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("main", "size", "limit"),
    [
        (with_(BASE_MAIN, M13=0), 39, 40),
        ({**FIFTY, M[17]: 1}, 51, 50),
    ],
)
def test_example_2_main_size(db, main, size, limit):
    assert sum(main.values()) == size
    (found,) = only(check(db, main=main, evolve=BASE_EVOLVE), "evolve.main-size")
    assert (found.count, found.limit, found.section, found.ref) == (size, limit, "main", "6.1.1.2")
    assert str(size) in found.message and "6.1.1.2" in found.message


@pytest.mark.parametrize(("size", "legal"), [(39, False), (40, True), (45, True), (50, True), (51, False)])
def test_main_size_boundaries(db, size, legal):
    names = [M[i] for i in range(17)]
    main = {name: 3 for name in names[: size // 3]}
    if size % 3:
        main[names[size // 3]] = size % 3
    assert sum(main.values()) == size
    assert (rule_ids(check(db, main=main)) == []) is legal
    if not legal:
        assert rule_ids(check(db, main=main)) == ["evolve.main-size"]


def test_unknown_cards_count_toward_the_main_size(db):
    found = check(db, main=with_(BASE_MAIN, M13=0, **{"誰も知らないカード": 1}))
    assert rule_ids(found) == ["deck.unknown-card"]


def test_example_3_evolve_size(db):
    evolve = with_(BASE_EVOLVE, E03=2)
    assert sum(evolve.values()) == 11
    (found,) = only(check(db, evolve=evolve), "evolve.evolve-size")
    assert (found.count, found.limit, found.section, found.ref) == (11, 10, "evolve", "6.1.1.3")
    assert "11" in found.message and "10" in found.message


@pytest.mark.parametrize(
    ("evolve", "legal"),
    [({}, True), ({"E00": 1}, True), (BASE_EVOLVE, True), (with_(BASE_EVOLVE, E03=2), False)],
)
def test_evolve_size_boundaries(db, evolve, legal):
    found = check(db, evolve=evolve)
    assert (found == []) is legal


# Example 4: copies counted per section ----------------------------------------------------------------


def test_example_4_three_plus_three_is_legal(db):
    # M00 in main and its EVOLVE card E00 share the name; 3 + 3 is the 「計 6 枚」.
    assert db.cards["M00"].name == db.cards["E00"].name
    assert check(db, main=BASE_MAIN, evolve=BASE_EVOLVE) == []


def test_example_4_four_plus_two_fails_in_main(db):
    main = with_(BASE_MAIN, M00=4, M01=2)
    evolve = with_(BASE_EVOLVE, E00=2, E03=2)
    assert (sum(main.values()), sum(evolve.values())) == (40, 10)
    (found,) = only(check(db, main=main, evolve=evolve), "evolve.copies")
    assert (found.section, found.count, found.limit, found.cards) == ("main", 4, 3, ["M00"])
    assert "試験の森人00" in found.message and "M00" in found.message and "6.1.1.4" in found.message
    assert "3 + 3" in found.message  # the spec's correction of 「計 6 枚」


def test_example_4_two_plus_four_fails_in_evolve(db):
    main = with_(BASE_MAIN, M00=2, M13=2)
    evolve = with_(BASE_EVOLVE, E00=4, E02=2)
    assert (sum(main.values()), sum(evolve.values())) == (40, 10)
    (found,) = only(check(db, main=main, evolve=evolve), "evolve.copies")
    assert (found.section, found.count, found.limit, found.cards) == ("evolve", 4, 3, ["E00"])
    assert "evolve deck" in found.message


# Example 5: reprints pool, partial names do not --------------------------------------------------------


def test_example_5_reprints_pool(db):
    main = with_(BASE_MAIN, M12=0, **{"R-010": 2, "R-SL10": 2})
    (found,) = only(check(db, main=main), "evolve.copies")
    assert (found.count, found.limit, found.cards) == (4, 3, ["R-010", "R-SL10"])
    assert "試験の双剣士" in found.message and "R-010" in found.message and "R-SL10" in found.message


def test_example_5_no_partial_name_matching(db):
    main = with_(BASE_MAIN, M11=0, M12=0, **{"X-1": 3, "X-2": 3})
    assert check(db, main=main) == []


def test_names_pool_after_nfkc():
    wide = make_db(
        "evolve",
        [*BASE_RECORDS, rec("W-1", "ＤＣ試作機　アルファ"), rec("W-2", "DC試作機 アルファ")],
    )
    assert wide.cards["W-1"].name == "DC試作機 アルファ"
    (found,) = only(check(wide, main=with_(BASE_MAIN, M12=0, **{"W-1": 2, "W-2": 2})), "evolve.copies")
    assert (found.count, found.cards) == (4, ["W-1", "W-2"])


@pytest.mark.parametrize(("count", "legal"), [(3, True), (4, False)])
def test_copies_boundary(db, count, legal):
    main = with_(BASE_MAIN, M00=count, M13=4 - count)
    assert (check(db, main=main) == []) is legal


# Examples 6–7: deck_limit ------------------------------------------------------------------------------


def limit_db(limit: int | str):
    return make_db(
        "evolve",
        [
            *BASE_RECORDS,
            rec("C-MAIN", "群れの試験兵", deck_limit=limit),
            rec("C-EVO", "群れの試験兵", evolve=True),  # its EVOLVE record prints no such text
        ],
    )


TWENTY_OTHERS = {**{M[i]: 3 for i in range(6)}, M[6]: 2}


@pytest.mark.parametrize("limit", [50, "any"])
def test_example_6_deck_limit_allows_twenty(limit):
    main = {"C-MAIN": 20, **TWENTY_OTHERS}
    assert sum(main.values()) == 40
    assert check(limit_db(limit), main=main, evolve=BASE_EVOLVE) == []


@pytest.mark.parametrize("limit", [50, "any"])
def test_example_6_size_rules_still_apply(limit):
    main = {"C-MAIN": 31, **TWENTY_OTHERS}
    (found,) = only(check(limit_db(limit), main=main, evolve=BASE_EVOLVE), "evolve.main-size")
    assert (found.count, found.limit) == (51, 50)


@pytest.mark.parametrize(("count", "legal"), [(5, True), (6, False)])
def test_numeric_deck_limit_boundary(count, legal):
    main = with_(BASE_MAIN, M12=0, **{"C-MAIN": count})
    found = check(limit_db(5), main=main, evolve=BASE_EVOLVE)
    if legal:
        assert found == []
    else:
        (violation,) = only(found, "evolve.copies")
        assert (violation.count, violation.limit, violation.cards) == (6, 5, ["C-MAIN"])
        assert "6.1.2" in violation.message


@pytest.mark.parametrize("limit", [50, "any"])
def test_example_7_main_override_does_not_carry_into_evolve(limit):
    main = {"C-MAIN": 20, **TWENTY_OTHERS}
    evolve = {"C-EVO": 4, E[0]: 3, E[1]: 3}
    (found,) = only(check(limit_db(limit), main=main, evolve=evolve), "evolve.copies")
    assert (found.section, found.count, found.limit, found.cards) == ("evolve", 4, 3, ["C-EVO"])
    assert "群れの試験兵" in found.message


def test_evolve_records_own_limit_applies_in_evolve():
    lifted = make_db("evolve", [*BASE_RECORDS, rec("C-EVO", "群れの試験兵", evolve=True, deck_limit="any")])
    assert check(lifted, evolve={"C-EVO": 7, E[0]: 3}) == []
    # ...but not to a same-name main record without the text.
    lifted2 = make_db(
        "evolve",
        [*BASE_RECORDS, rec("C-EVO", "群れの試験兵", evolve=True, deck_limit="any"), rec("C-MAIN", "群れの試験兵")],
    )
    (found,) = only(check(lifted2, main=with_(BASE_MAIN, M12=0, M13=0, **{"C-MAIN": 4})), "evolve.copies")
    assert (found.section, found.limit) == ("main", 3)


def test_deck_limit_disagreement_is_a_broken_database():
    with pytest.raises(CardDatabaseError) as error:
        make_db("evolve", [*BASE_RECORDS, rec("C-1", "群れの試験兵", deck_limit=50), rec("C-2", "群れの試験兵")])
    assert "C-1" in str(error.value) and "C-2" in str(error.value)


def test_main_and_evolve_records_may_differ_in_deck_limit():
    assert GAME.copies.identity(limit_db(50).cards["C-MAIN"]) == ("群れの試験兵", False)
    assert GAME.copies.identity(limit_db(50).cards["C-EVO"]) == ("群れの試験兵", True)


# Example 8: main-deck types -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "kind"),
    [("E-LONE", "EVOLVE follower"), ("TOKEN-F", "follower token"), ("L-FOREST2", "leader card")],
)
def test_example_8_main_types(db, card, kind):
    main = with_(BASE_MAIN, M13=0, **{card: 1})
    assert sum(main.values()) == 40
    (found,) = only(check(db, main=main, evolve=BASE_EVOLVE), "evolve.main-types")
    assert (found.section, found.cards, found.count, found.ref) == ("main", [card], None, "6.1.1.2")
    assert db.cards[card].name in found.message and kind in found.message and "6.1.1.2" in found.message


def test_main_types_one_finding_per_name(db):
    main = with_(BASE_MAIN, M12=0, M13=0, **{"E-LONE": 2, "TOKEN-F": 1, "TOKEN-S": 1})
    found = only(check(db, main=main), "evolve.main-types")
    assert [v.cards for v in found] == [["E-LONE"], ["TOKEN-F"], ["TOKEN-S"]]
    assert found[0].count is None and "2 copies" in found[0].message
    assert "9.1.1.1" in found[1].message  # tokens are not cards


# Example 9: evolve-deck types ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "kind"),
    [("F-LONE", "a follower"), ("TOKEN-F", "a follower token"), ("TOKEN-EV", "EVOLVE follower token")],
)
def test_example_9_evolve_types(db, card, kind):
    evolve = with_(BASE_EVOLVE, E03=0, **{card: 1})
    (found,) = only(check(db, evolve=evolve), "evolve.evolve-types")
    assert (found.section, found.cards, found.count, found.ref) == ("evolve", [card], None, "6.1.1.3")
    assert db.cards[card].name in found.message and kind in found.message


def test_a_leader_in_the_evolve_deck(db):
    (found,) = only(check(db, evolve={"L-FOREST2": 1}), "evolve.evolve-types")
    assert "leader card" in found.message


# ADVANCE cards (a later kind): built into the evolve deck like EVOLVE cards, never the main deck -----------

ADVANCE_RECORDS = [
    rec("ADV-F", "試験の先駆け", advance=True, attack=5, defense=5),
    rec("ADV-S", "試験の先駆けの術", "spell", advance=True),
]


@pytest.fixture(scope="module")
def adb():
    return make_db("evolve", BASE_RECORDS + ADVANCE_RECORDS)


@pytest.mark.parametrize("card", ["ADV-F", "ADV-S"])
def test_an_advance_card_is_accepted_in_the_evolve_deck(adb, card):
    assert adb.cards[card].advance and not adb.cards[card].evolve
    assert check(adb, evolve=with_(BASE_EVOLVE, E03=0, **{card: 1})) == []


@pytest.mark.parametrize(("card", "kind"), [("ADV-F", "ADVANCE follower"), ("ADV-S", "ADVANCE spell")])
def test_an_advance_card_in_main_fires_main_types(adb, card, kind):
    main = with_(BASE_MAIN, M13=0, **{card: 1})
    assert sum(main.values()) == 40
    (found,) = only(check(adb, main=main, evolve=BASE_EVOLVE), "evolve.main-types")
    assert (found.section, found.cards, found.count, found.ref) == ("main", [card], None, "6.1.1.2")
    assert adb.cards[card].name in found.message and kind in found.message


@pytest.mark.parametrize(("count", "legal"), [(3, True), (4, False)])
def test_advance_copies_boundary_in_the_evolve_deck(adb, count, legal):
    evolve = {"ADV-F": count, E[0]: 3, E[1]: 3}
    found = check(adb, evolve=evolve)
    if legal:
        assert found == []
    else:
        (violation,) = only(found, "evolve.copies")
        assert (violation.section, violation.count, violation.limit, violation.cards) == ("evolve", 4, 3, ["ADV-F"])
        assert "試験の先駆け" in violation.message


# Example 10: the leader -----------------------------------------------------------------------------------

RUNE_MAIN = with_(BASE_MAIN, M13=0, **{"RUNE-1": 1})  # would fail evolve.basis if it were judged


@pytest.mark.parametrize(
    ("leader", "count"),
    [({}, 0), ({"L-FOREST": 1, "L-FOREST2": 1}, 2), ({"L-FOREST": 2}, 2)],
)
def test_example_10_leader_count(db, leader, count):
    (found,) = only(check(db, leader=leader, main=RUNE_MAIN), "evolve.leader")
    assert (found.section, found.count, found.limit, found.ref) == ("leader", count, 1, "6.1.1.1")
    assert "6.1.1.1" in found.message


def test_example_10_a_follower_as_leader(db):
    (found,) = only(check(db, leader={"F-LONE": 1}, main=RUNE_MAIN), "evolve.leader")
    assert found.cards == ["F-LONE"] and "ひとりの森人" in found.message and "not a leader card" in found.message
    assert effective_basis(deck(db, leader={"F-LONE": 1})) is None


def test_an_unknown_leader_is_only_an_unknown_card(db):
    assert rule_ids(check(db, leader={"存在しないリーダー": 1}, main=RUNE_MAIN)) == ["deck.unknown-card"]


# Example 11: class basis ----------------------------------------------------------------------------------


def test_example_11_a_rune_card_breaks_the_class_basis(db):
    (found,) = only(check(db, main=RUNE_MAIN, evolve=BASE_EVOLVE), "evolve.basis")
    assert (found.cards, found.count, found.ref) == (["RUNE-1"], 1, "6.1.1.5.1")
    assert found.extra["passes"] == []
    assert "試験の魔導士" in found.message and "Forestcraft" in found.message


def test_example_11_titles_do_not_matter_for_the_class_basis(db):
    main = with_(BASE_MAIN, M11=0, M12=0, M13=0, **{"FT-0": 3, "FT-1": 3, "FT-2": 1})
    assert check(db, main=main, evolve=BASE_EVOLVE) == []


def test_a_card_with_no_class_fails_the_class_basis():
    classless = make_db("evolve", [*BASE_RECORDS, rec("NO-CLASS", "無所属の試験体", cls=None)])
    (found,) = only(check(classless, main=with_(BASE_MAIN, M13=0, **{"NO-CLASS": 1})), "evolve.basis")
    assert found.cards == ["NO-CLASS"]


# Examples 12–13: title basis and both ------------------------------------------------------------------

MIXED = ["forest", "sword", "neutral", "rune"]
TITLE_RECORDS = [
    *(rec(f"T{i:02}", f"題名付き{i:02}", cls=MIXED[i % 4], title=UMA) for i in range(14)),
    *(rec(f"TE{i}", f"題名付き{i:02}", cls=MIXED[i % 4], title=UMA, evolve=True) for i in range(2)),
    rec("T-UNT", "題名なしの中立", cls="neutral"),
    *(rec(f"S{i:02}", f"剣の試験体{i:02}", cls="sword" if i % 3 else "neutral") for i in range(10)),
    rec("S-UMA", "剣のウマ娘", cls="sword", title=UMA),
    rec("S-CG", "剣のアイドル", cls="sword", title=CG),
    rec("L-SWORD-T", "試験の騎手", "leader", "sword", title=UMA),
    rec("L-TITLE", "試験の走者", "leader", None, title="ウマ娘　プリティーダービー"),  # NFKC: a full-width space
    rec("L-SWORD", "試験の騎士王", "leader", "sword"),
    rec("L-NONE", "試験の旅人", "leader", None),
    rec("L-CG", "試験のプロデューサー", "leader", None, title=CG),
]
TITLED_MAIN = {**{f"T{i:02}": 3 for i in range(13)}, "T13": 1}
TITLED_EVOLVE = {"TE0": 3, "TE1": 2}
SWORD_MAIN = {**{f"S{i:02}": 3 for i in range(10)}, "S-UMA": 3, "S-CG": 3, "T01": 3, "T02": 1}  # T01 sword, T02 neutral


@pytest.fixture(scope="module")
def tdb():
    return make_db("evolve", TITLE_RECORDS)


def test_example_12_title_only_leader(tdb):
    assert {tdb.cards[n].class_ for n in TITLED_MAIN} == set(MIXED)
    built = deck(tdb, leader={"L-TITLE": 1}, main=TITLED_MAIN, evolve=TITLED_EVOLVE)
    assert check_deck(built, tdb) == []
    status = basis_status(built)
    assert status is not None and status.passes == ["title"] and status.legal
    assert effective_basis(built) == "title"


def test_example_12_an_untitled_neutral_card_breaks_the_title_basis(tdb):
    main = with_(TITLED_MAIN, T13=0, **{"T-UNT": 1})
    (found,) = only(check(tdb, leader={"L-TITLE": 1}, main=main, evolve=TITLED_EVOLVE), "evolve.basis")
    assert (found.cards, found.ref, found.extra["passes"]) == (["T-UNT"], "6.1.1.5.2", [])
    assert "題名なしの中立" in found.message and UMA in found.message


def test_example_13_both_no_basis_class_passes(tdb):
    assert sum(SWORD_MAIN.values()) == 40
    built = deck(tdb, leader={"L-SWORD-T": 1}, main=SWORD_MAIN)
    assert check_deck(built, tdb) == []
    assert basis_status(built).passes == ["class"]
    assert effective_basis(built) == "class"


def test_example_13_both_declared_title_fails(tdb):
    (found,) = only(check(tdb, leader={"L-SWORD-T": 1}, main=SWORD_MAIN, basis="title"), "evolve.basis")
    assert found.extra["passes"] == ["class"] and found.ref == "6.1.1.5.2"
    assert "declares the title basis" in found.message
    assert "S00" in found.cards and "S-CG" in found.cards and "S-UMA" not in found.cards
    # The declared basis is also what setup uses, even on a broken deck.
    assert effective_basis(deck(tdb, leader={"L-SWORD-T": 1}, main=SWORD_MAIN, basis="title")) == "title"


def test_example_13_both_no_basis_title_passes(tdb):
    built = deck(tdb, leader={"L-SWORD-T": 1}, main=TITLED_MAIN, evolve=TITLED_EVOLVE)
    assert check_deck(built, tdb) == []
    assert basis_status(built).passes == ["title"]
    assert effective_basis(built) == "title"


def test_example_13_both_no_basis_both_pass_prefers_title(tdb):
    # Titled sword and neutral cards only: both bases hold.
    main = {"T01": 3, "T05": 3, "T09": 3, "T13": 3, "T02": 3, "T06": 3, "T10": 3, "S-UMA": 3}
    main.update({f"X{i}": 3 for i in range(6)})
    extra = [rec(f"X{i}", f"剣題{i}", cls="sword", title=UMA) for i in range(6)]
    both = make_db("evolve", TITLE_RECORDS + extra)
    built = deck(both, leader={"L-SWORD-T": 1}, main=main)
    assert check_deck(built, both) == []
    assert basis_status(built).passes == ["class", "title"]
    assert effective_basis(built) == "title"
    assert effective_basis(deck(both, leader={"L-SWORD-T": 1}, main=main, basis="class")) == "class"


def test_example_13_both_fail(tdb):
    main = with_(SWORD_MAIN, S00=0, **{"T00": 3})  # T00 is a forest card with the title: fails both
    (found,) = only(check(tdb, leader={"L-SWORD-T": 1}, main=main), "evolve.basis")
    assert found.extra["passes"] == [] and found.ref == "6.1.1.5"
    assert "class basis" in found.message and "title basis" in found.message and "T00" in found.cards


def test_example_13_class_only_leader_declares_title(tdb):
    built_main = {f"S{i:02}": 3 for i in range(10)} | {"T01": 3, "T02": 3, "T06": 3, "T10": 1}
    assert sum(built_main.values()) == 40
    assert check(tdb, leader={"L-SWORD": 1}, main=built_main) == []
    (found,) = only(check(tdb, leader={"L-SWORD": 1}, main=built_main, basis="title"), "evolve.basis")
    assert "has no title" in found.message and "試験の騎士王" in found.message and found.ref == "6.2.1.3"
    assert found.extra["passes"] == ["class"]


def test_title_only_leader_declares_class(tdb):
    (found,) = only(
        check(tdb, leader={"L-TITLE": 1}, main=TITLED_MAIN, evolve=TITLED_EVOLVE, basis="class"), "evolve.basis"
    )
    assert "has no class" in found.message and found.extra["passes"] == ["title"]


def test_leader_with_neither_class_nor_title(tdb):
    (found,) = only(check(tdb, leader={"L-NONE": 1}, main=TITLED_MAIN), "evolve.basis")
    assert "neither a class nor a title" in found.message and "試験の旅人" in found.message
    assert effective_basis(deck(tdb, leader={"L-NONE": 1}, main=TITLED_MAIN)) is None


def test_a_different_title_fails(tdb):
    (found,) = only(check(tdb, leader={"L-CG": 1}, main=TITLED_MAIN), "evolve.basis")
    assert CG in found.message and len(found.cards) == 14


@pytest.mark.parametrize(
    ("value", "canonical"),
    [("title", "title"), ("Title", "title"), ("タイトル", "title"), ("クラス", "class"), (" CLASS ", "class")],
)
def test_basis_values_and_aliases(tdb, value, canonical):
    built = deck(tdb, leader={"L-SWORD-T": 1}, main=TITLED_MAIN, basis=value)
    assert effective_basis(built) == canonical


@pytest.mark.parametrize("value", ["both", "neutral", ""])
def test_a_basis_other_than_class_or_title(tdb, value):
    (found,) = only(check(tdb, leader={"L-SWORD-T": 1}, main=SWORD_MAIN, basis=value), "evolve.basis")
    assert "class or title" in found.message and found.extra["allowed"] == ["class", "title"]
    assert found.extra["passes"] == ["class"] and found.ref == "6.2.1.3"


def test_a_bad_basis_is_reported_even_without_a_leader(tdb):
    assert rule_ids(check(tdb, leader={}, main=SWORD_MAIN, basis="both")) == ["evolve.leader", "evolve.basis"]


def test_basis_header_in_a_text_decklist(tdb):
    text = "game: evolve\nbasis: title\n## leader\n1 L-SWORD-T\n## main\n" + "".join(
        f"{n} {key}\n" for key, n in SWORD_MAIN.items()
    )
    source = parse_deck("deck.txt", text)
    assert source.keys == {"basis": "title"}
    (found,) = only(check_deck(resolve_deck(source, tdb), tdb), "evolve.basis")
    assert "declares the title basis" in found.message


def test_basis_json_carries_passes(tdb):
    (found,) = check(tdb, leader={"L-SWORD-T": 1}, main=SWORD_MAIN, basis="title")
    data = found.to_json()
    assert data["passes"] == ["class"] and data["rule"] == "evolve.basis" and data["severity"] == "error"


def test_every_rule_fires_at_once(db):
    main = with_(FIFTY, M00=4, **{"E-LONE": 1, "RUNE-1": 1, "誰も知らない": 1})
    evolve = with_(BASE_EVOLVE, E03=2, **{"F-LONE": 1})
    found = check(db, leader={"L-FOREST": 1, "L-RUNE": 1}, main=main, evolve=evolve)
    assert rule_ids(found) == [
        "deck.unknown-card",
        "evolve.leader",
        "evolve.main-size",
        "evolve.main-types",
        "evolve.evolve-size",
        "evolve.evolve-types",
        "evolve.copies",
    ]


# The card model -------------------------------------------------------------------------------------------


def card(**fields: Any) -> EvolveCard:
    return make_db("evolve", [{"number": "C-1", "name": "模型", **fields}]).cards["C-1"]  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("リーダー", "leader"),
        ("Leader", "leader"),
        ("フォロワー", "follower"),
        ("Follower", "follower"),
        ("アミュレット", "amulet"),
        ("Amulet", "amulet"),
        ("スペル", "spell"),
        ("Spell", "spell"),
    ],
)
def test_type_aliases(alias, canonical):
    assert card(type=alias).type == canonical


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("エルフ", "forest"),
        ("Forestcraft", "forest"),
        ("ロイヤル", "sword"),
        ("Swordcraft", "sword"),
        ("ウィッチ", "rune"),
        ("Runecraft", "rune"),
        ("ドラゴン", "dragon"),
        ("Dragoncraft", "dragon"),
        ("ナイトメア", "abyss"),
        ("Abysscraft", "abyss"),
        ("ビショップ", "haven"),
        ("Havencraft", "haven"),
        ("ニュートラル", "neutral"),
        ("Neutral", "neutral"),
        ("forest", "forest"),
    ],
)
def test_class_aliases(alias, canonical):
    assert card(type="follower", **{"class": alias}).class_ == canonical


@pytest.mark.parametrize("blank", ["-", "", " ", "－", "ー"])
def test_a_blank_class_is_absent(blank):
    assert card(type="follower", **{"class": blank}).class_ is None


@pytest.mark.parametrize(
    ("line", "type_", "evolve", "token"),
    [
        ("フォロワー・エボルヴ", "follower", True, False),
        ("スペル・トークン", "spell", False, True),
        ("アミュレット･トークン", "amulet", False, True),  # a half-width middle dot
        ("Follower / Evolve", "follower", True, False),
        ("フォロワー・エボルヴ・トークン", "follower", True, True),
        ("フォロワー", "follower", False, False),
    ],
)
def test_type_lines_split_into_flags(line, type_, evolve, token):
    made = card(type=line)
    assert (made.type, made.evolve, made.token) == (type_, evolve, token)


@pytest.mark.parametrize("line", ["エンブレム", "フォロワー・クレスト", "evolve"])
def test_other_types_are_rejected(line):
    with pytest.raises(CardDatabaseError) as error:
        card(type=line)
    assert "type" in str(error.value) and "C-1" in str(error.value)


def test_a_crest_is_a_token_only():
    """BP20's 「クレスト・トークン」 (spec evolve-2026 §1: a crest is a token, never a deck card)."""
    made = card(type="クレスト・トークン")
    assert (made.type, made.token) == ("crest", True)
    with pytest.raises(CardDatabaseError, match="a crest exists only as a token"):
        card(type="クレスト")


@pytest.mark.parametrize(
    ("line", "type_"),
    [("フォロワー・アドバンス", "follower"), ("スペル・アドバンス", "spell"), ("Follower / Advance", "follower")],
)
def test_advance_type_lines_set_the_advance_flag(line, type_):
    made = card(type=line)
    assert (made.type, made.advance, made.evolve, made.token) == (type_, True, False, False)
    assert made.kind() == f"ADVANCE {type_}"


def test_equipment_exists_only_as_a_token():
    assert card(type="イクイップメント・トークン").kind() == "equipment token"
    with pytest.raises(CardDatabaseError, match="only as a token"):
        card(type="イクイップメント")


def test_a_type_line_that_contradicts_the_flag_is_rejected():
    with pytest.raises(CardDatabaseError) as error:
        card(type="フォロワー・エボルヴ", evolve=False)
    assert "evolve" in str(error.value)
    assert card(type="フォロワー・エボルヴ", evolve=True).evolve


def test_fields_normalise():
    made = card(
        type="follower",
        title="ウマ娘　プリティーダービー ",
        traits="兵士・指揮官",
        cost="３",
        attack="2",
        defense="-",
        collab_name="魔法の　アイテム",
    )
    assert made.title == UMA and made.traits == ["兵士", "指揮官"] and made.cost == 3 and made.attack == 2
    assert made.defense is None and made.collab_name == "魔法の アイテム"
    assert card(type="leader").traits == [] and card(type="leader").title is None


def test_negative_cost_and_unknown_fields_are_rejected():
    with pytest.raises(CardDatabaseError):
        card(type="follower", cost=-1)
    with pytest.raises(CardDatabaseError) as error:
        card(type="follower", タイプ="兵士")
    assert "タイプ" in str(error.value)


def test_consistency_warnings():
    odd = make_db(
        "evolve",
        [
            rec("W-1", "矛盾一", "leader", evolve=True),
            rec("W-2", "矛盾二", "leader", cost=3),
            rec("W-3", "矛盾三", evolve=True, cost=2),
            rec("W-4", "矛盾四", "leader", None),
        ],
    )
    for number in ("W-1", "W-2", "W-3", "W-4"):
        assert any(number in note for note in odd.warnings), number


def test_test_records_raise_no_other_warnings(db):
    assert len(db.warnings) == 1 and "L-NONE" in db.warnings[0]  # the leader with neither class nor title


# The shipped database and example decks -----------------------------------------------------------------


def test_starter_database_covers_the_fields(starter_carddb):
    """The invented starter cards (tests/data/starter, once shipped) still cover every field the rules read."""
    shipped = load_carddb("evolve")
    cards: list[EvolveCard] = [c for c in shipped.cards.values() if c.number.startswith("DC-SV-")]  # type: ignore
    assert len(cards) >= 60 and shipped.warnings == []
    leaders = [c for c in cards if c.type == "leader"]
    assert len({c.class_ for c in leaders if c.class_}) >= 5
    assert any(c.class_ and c.title for c in leaders) and any(c.title and not c.class_ for c in leaders)
    assert {c.type for c in cards} == {"leader", "follower", "amulet", "spell"}
    evolve_names = {c.name for c in cards if c.evolve}
    assert len(evolve_names & {c.name for c in cards if not c.evolve and not c.token}) >= 5
    assert any(c.token and c.name == "魔法のアイテム" for c in cards)
    assert any(c.class_ == "neutral" for c in cards)
    assert {c.title for c in cards if c.type != "leader"} >= {UMA, CG}
    starter_names = {c.name for c in cards}
    assert any(
        len({c.number for c in same}) > 1 and not same[0].evolve
        for name, same in shipped.by_name.items()
        if name in starter_names
    )
    assert any(c.deck_limit is not None for c in cards)


@pytest.mark.parametrize(
    ("deck_file", "basis"),
    [("forest-fairies.deck.toml", "class"), ("cinderella-stage.txt", "title"), ("royal-paddock.deck.toml", "class")],
)
def test_starter_decks_are_legal(starter_carddb, deck_file, basis):
    example = load_deck(STARTER_DECKS / "evolve" / deck_file)
    assert example.size("leader") == 1
    assert 40 <= example.size("main") <= 50 and 0 <= example.size("evolve") <= 10
    assert check_deck(example) == []
    assert effective_basis(example) == basis


# Card facts of rules Ver.1.24.1 (spec/evolve-1.24.1.md §2) ----------------------------------------------------


def test_the_1_24_1_facts_default_to_none():
    plain = card(type="follower", cost=2)
    assert (plain.start_amulet, plain.trigger, plain.double_sided, plain.back_name) == (False, None, False, None)


@pytest.mark.parametrize(
    ("written", "trigger"),
    [
        ("heal", "heal"),
        ("ヒールトリガー", "heal"),
        ("ヒール", "heal"),
        ("クリティカル", "critical"),
        ("クリティカルトリガー", "critical"),
        ("ドロー", "draw"),
        ("ドロートリガー", "draw"),
        ("スタンドトリガー", "stand"),
        ("ＳＴＡＮＤ", "stand"),
        ("none", None),
        ("なし", None),
    ],
)
def test_trigger_accepts_the_japanese_names(written, trigger):
    assert card(type="follower", cost=2, trigger=written).trigger == trigger


def test_an_unknown_trigger_is_refused():
    with pytest.raises(CardDatabaseError) as error:
        card(type="follower", cost=2, trigger="boost")
    assert "field 'trigger'" in str(error.value) and "'critical', 'draw', 'stand' or 'heal'" in str(error.value)


def test_back_name_needs_double_sided():
    front = card(type="follower", cost=2, double_sided=True, back_name=" 第2面 ")
    assert front.double_sided and front.back_name == "第2面" and front.name == "模型"
    with pytest.raises(CardDatabaseError) as error:
        card(type="follower", cost=2, back_name="第2面")
    assert "back_name" in str(error.value) and "double_sided" in str(error.value)


def test_the_1_24_1_facts_are_query_fields():
    from deckcheck.errors import DeckcheckError
    from deckcheck.model.query import parse_filter

    eric = card(type="amulet", cost=2, start_amulet=True)
    healer = card(type="follower", cost=2, trigger="ヒール")
    plain = card(type="follower", cost=2)
    start = parse_filter("start_amulet=true", GAME)
    assert (start(eric), start(healer), start(plain)) == (True, False, False)
    heal = parse_filter("trigger=heal", GAME)
    assert (heal(eric), heal(healer), heal(plain)) == (False, True, False)
    assert parse_filter("trigger=ヒールトリガー|draw", GAME).conditions[0].values == ("heal", "draw")
    assert parse_filter("double_sided=false", GAME)(plain)
    with pytest.raises(DeckcheckError):
        parse_filter("trigger=boost", GAME)
