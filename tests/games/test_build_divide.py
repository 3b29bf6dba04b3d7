"""Build Divide / Build Divide Bright construction rules (shared/spec/build-divide.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import make_db, rule_ids, violations_of

from deckcheck import check_deck, load_deck
from deckcheck.carddb.db import load_carddb
from deckcheck.errors import CardDatabaseError

GAME = "build-divide"
REPO = Path(__file__).resolve().parents[2]


def unit(number: str, name: str, **fields: Any) -> dict[str, Any]:
    record = {"number": number, "name": name, "type": "unit", "colors": ["black"], "cost": 2, "total_cost": 2}
    record.update(fields)
    return record


def territory(number: str, name: str, open_name: str, **fields: Any) -> dict[str, Any]:
    record = {
        "number": number,
        "name": name,
        "type": "territory",
        "open_name": open_name,
        "colors": ["red"],
        "total_cost": 6,
        "titles": ["覇王"],
    }
    record.update(fields)
    return record


RECORDS = [
    # Base deck B: A–C buster, D–E shot, F–J plain; G also has a reprint under another number.
    unit("A-01", "A", buster=True),
    unit("B-01", "B", buster=True),
    unit("C-01", "C", buster=True, type="command"),
    unit("D-01", "D", shot=True),
    unit("E-01", "E", shot=True, type="command"),
    unit("F-01", "F"),
    unit("X-01", "G"),
    unit("Y-05", "G"),
    unit("H-01", "H"),
    unit("I-01", "I"),
    unit("J-01", "J"),
    # More plain names (#2)
    unit("K-01", "K"),
    unit("L-01", "L"),
    unit("M-01", "M"),
    unit("N-01", "N"),
    unit("O-01", "O"),
    unit("P-01", "P"),
    # Naming rules (#6, #7): name sets {P2,S}, {Q,S}, {Q}; {Z,H}
    unit("PS-01", "P2", extra_names=["S"]),
    unit("QS-01", "Q", extra_names=["S"]),
    unit("Q-01", "Q"),
    unit("ZH-01", "Z", extra_names=["H"]),
    # Icons (#8, #9, #15)
    unit("BX-01", "BX", buster=True),
    unit("SX-01", "SX", shot=True),
    unit("SY-01", "SY", shot=True),
    unit("BS-01", "BS1", buster=True, shot=True),
    unit("BS-02", "BS2", buster=True, shot=True),
    unit("BS-03", "BS3", buster=True, shot=True),
    # deck_limit (#14)
    unit("V-01", "V", deck_limit="any"),
    unit("W-01", "W", deck_limit=1),
    unit("WB-01", "WB", extra_names=["W"]),
    unit("KB-01", "KB", deck_limit=1, extra_names=["K"]),
    # Territories: open face T under several unopened names (#12, #13), one of them named A; open face U.
    territory("T-00", "閉じた門", "T"),
    territory("T-0A", "A", "T"),
    territory("T-0B", "霧の門", "T"),
    territory("T-0C", "砂の門", "T"),
    territory("T-0D", "氷の門", "T"),
    territory("U-00", "閉じた塔", "U"),
    territory("R-01", "古い祠", "R", deck_limit=1),
    territory("R-02", "古い祠の跡", "R2", extra_names=["R"]),
]


@pytest.fixture(scope="module")
def db():
    return make_db(GAME, RECORDS)


def base(**changes: Any) -> dict[str, dict[str, int]]:
    """Deck B: A–J ×4 in main (A–C busters, D–E shots), empty D deck, starting territory with open name T."""
    main = {name: 4 for name in "ABCDEF"} | {"X-01": 4, "H": 4, "I": 4, "J": 4}
    deck = {"main": main, "d": {}, "territory": {"T-00": 1}}
    for section, entries in changes.items():
        merged = dict(deck[section])
        for key, count in entries.items():
            if count:
                merged[key] = count
            else:
                merged.pop(key, None)
        deck[section] = merged
    return deck


def only(violations, rule: str):
    found = [v for v in violations if v.rule == rule]
    assert found, f"no {rule} in {[v.rule for v in violations]}"
    return found


# Example 1 and 2 ------------------------------------------------------------------------------------


def test_1_base_deck_is_legal(db):
    assert violations_of(db, **base()) == []


def test_2_both_maximums_are_legal(db):
    deck = base(main={"K": 4, "L": 4, "M": 2}, d={"N": 4, "O": 4, "P": 4})
    assert violations_of(db, **deck) == []


# Example 3: sizes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("main_changes", "size", "limit"),
    [
        ({"J": 3}, 39, 40),
        ({"K": 4, "L": 4, "M": 3}, 51, 50),
    ],
)
def test_3_main_size_out_of_range(db, main_changes, size, limit):
    found = violations_of(db, **base(main=main_changes))
    assert rule_ids(found) == ["build-divide.main-size"]
    (v,) = found
    assert (v.count, v.limit, v.section, v.ref) == (size, limit, "main", "601-1a")
    assert str(size) in v.message and str(limit) in v.message


@pytest.mark.parametrize("main_changes", [{}, {"K": 4, "L": 4, "M": 2}], ids=["40", "50"])
def test_3_main_size_boundaries_legal(db, main_changes):
    assert violations_of(db, **base(main=main_changes)) == []


def test_3_d_size_13(db):
    found = violations_of(db, **base(d={"N": 4, "O": 4, "P": 4, "Q": 1}))
    assert rule_ids(found) == ["build-divide.d-size"]
    (v,) = found
    assert (v.count, v.limit, v.section) == (13, 12, "d")


def test_3_missing_d_section_is_legal(db):
    deck = base()
    del deck["d"]
    assert violations_of(db, **deck) == []


def test_unknown_card_counts_toward_main_size(db):
    # 39 known cards plus one unknown entry: 40 cards, so only deck.unknown-card.
    found = violations_of(db, **base(main={"J": 3, "no such card": 1}))
    assert rule_ids(found) == ["deck.unknown-card"]


# Examples 4–7: copies -------------------------------------------------------------------------------


def test_4_main_and_d_pool(db):
    found = violations_of(db, **base(main={"F": 3, "K": 1}, d={"F": 2}))
    assert rule_ids(found) == ["build-divide.copies"]
    (v,) = found
    assert (v.count, v.limit, v.section, v.cards, v.ref) == (5, 4, "main", ["F-01"], "601-1b")
    assert "F (F-01)" in v.message and "601-1b" in v.message


def test_4_four_across_main_and_d_is_legal(db):
    assert violations_of(db, **base(main={"F": 3, "K": 1}, d={"F": 1})) == []


def test_5_reprints_pool_by_name(db):
    found = violations_of(db, **base(main={"X-01": 2, "Y-05": 3, "J": 3}))
    assert rule_ids(found) == ["build-divide.copies"]
    (v,) = found
    assert (v.count, v.limit) == (5, 4)
    assert v.cards == ["X-01", "Y-05"]
    assert "G (X-01)" in v.message and "G (Y-05)" in v.message


def _naming_deck(**main_extra: int) -> dict[str, dict[str, int]]:
    # B with F, G, H replaced by {P2,S}×3, {Q,S}×1, {Q}×3 and fillers.
    return base(main={"F": 0, "X-01": 0, "H": 0, "PS-01": 3, "QS-01": 1, "Q-01": 3, "K": 4, "L": 1, **main_extra})


def test_6_name_sets_count_per_name_not_transitively(db):
    deck = _naming_deck()
    assert sum(deck["main"].values()) == 40
    assert violations_of(db, **deck) == []


def test_7_one_more_q_s_breaks_q_and_s(db):
    found = violations_of(db, **_naming_deck(**{"QS-01": 2, "L": 0}))
    assert rule_ids(found) == ["build-divide.copies"]
    by_name = {v.extra["name"]: v for v in found}
    assert set(by_name) == {"Q", "S"}
    assert (by_name["Q"].count, by_name["Q"].limit) == (5, 4)
    assert sorted(by_name["Q"].cards) == ["Q-01", "QS-01"]
    assert (by_name["S"].count, by_name["S"].limit) == (5, 4)
    assert sorted(by_name["S"].cards) == ["PS-01", "QS-01"]
    assert "1407-3" in by_name["S"].message and "P2 (PS-01)" in by_name["S"].message


def test_7_borrowed_name_in_d_counts(db):
    found = violations_of(db, **base(d={"ZH-01": 1}))
    assert rule_ids(found) == ["build-divide.copies"]
    (v,) = found
    assert (v.extra["name"], v.count, v.limit, v.section) == ("H", 5, 4, "main")
    assert v.cards == ["H-01", "ZH-01"]
    assert "Z (ZH-01)" in v.message


def test_copies_section_is_d_when_no_counted_card_is_in_main(db):
    found = violations_of(db, **base(d={"K": 5}))
    (v,) = only(found, "build-divide.copies")
    assert (v.section, v.count, v.limit) == ("d", 5, 4)


# Examples 8, 9, 15: icons -----------------------------------------------------------------------------


def test_8_eleven_busters_in_main_plus_one_in_d(db):
    found = violations_of(db, **base(main={"A": 3, "K": 1}, d={"A": 1}))
    assert rule_ids(found) == ["build-divide.busters"]
    (v,) = found
    assert (v.count, v.limit, v.section, v.ref) == (11, 12, "main", "601-1c")
    assert set(v.cards) == {"A-01", "B-01", "C-01"}
    assert "A (A-01)" in v.message and "D deck's 1 does not count" in v.message


def test_8_thirteen_busters(db):
    found = violations_of(db, **base(main={"J": 3, "BX": 1}))
    assert rule_ids(found) == ["build-divide.busters"]
    (v,) = found
    assert (v.count, v.limit) == (13, 12)
    assert "BX (BX-01)" in v.message


def test_8_busters_in_d_are_exempt(db):
    assert violations_of(db, **base(d={"BX": 4})) == []


def test_busters_zero(db):
    found = violations_of(db, **base(main={"A": 0, "B": 0, "C": 0, "K": 4, "L": 4, "M": 4}))
    (v,) = only(found, "build-divide.busters")
    assert (v.count, v.limit, v.cards) == (0, 12, [])


def test_9_no_shots_is_legal(db):
    assert violations_of(db, **base(main={"D": 0, "E": 0, "K": 4, "L": 4})) == []


def test_9_twelve_shots_in_main_plus_four_in_d_is_legal(db):
    assert violations_of(db, **base(main={"F": 0, "SX": 4}, d={"SY": 4})) == []


def test_9_thirteen_shots(db):
    found = violations_of(db, **base(main={"F": 0, "SX": 4, "J": 3, "SY": 1}))
    assert rule_ids(found) == ["build-divide.shots"]
    (v,) = found
    assert (v.count, v.limit, v.section, v.ref) == (13, 12, "main", "601-1d")
    assert set(v.cards) == {"D-01", "E-01", "SX-01", "SY-01"}
    assert "SY (SY-01)" in v.message


def _both_icons(**extra: int) -> dict[str, dict[str, int]]:
    main = {"BS-01": 4, "BS-02": 4, "BS-03": 4, "F": 4, "X-01": 4, "H": 4, "I": 4, "J": 4, "K": 4, "L": 4, **extra}
    return {"main": main, "territory": {"T-00": 1}}


def test_15_cards_with_both_icons_count_for_both(db):
    assert violations_of(db, **_both_icons()) == []


def test_15_one_more_shot(db):
    found = violations_of(db, **_both_icons(SX=1))
    assert rule_ids(found) == ["build-divide.shots"]
    (v,) = found
    assert (v.count, v.limit) == (13, 12)


# Examples 10–13: territories ---------------------------------------------------------------------------


@pytest.mark.parametrize("d", [{}, {"T-0B": 1}])  # a territory in `d` is not the starting territory
def test_10_no_territory(db, d):
    deck = base(d=d)
    deck["territory"] = {}
    found = violations_of(db, **deck)
    assert rule_ids(found) == ["build-divide.territory"]
    (v,) = found
    assert (v.count, v.limit, v.section, v.ref) == (0, 1, "territory", "602-1a")


def test_10_missing_territory_section(db):
    deck = base()
    del deck["territory"]
    assert rule_ids(violations_of(db, **deck)) == ["build-divide.territory"]


def test_10_two_territories(db):
    found = violations_of(db, **base(territory={"U-00": 1}))
    assert rule_ids(found) == ["build-divide.territory"]
    (v,) = found
    assert (v.count, v.limit) == (2, 1)
    assert "閉じた門 (T-00)" in v.message and "閉じた塔 (U-00)" in v.message


def test_10_two_copies_of_one_territory(db):
    found = violations_of(db, **base(territory={"T-00": 2}))
    assert rule_ids(found) == ["build-divide.territory"]
    assert found[0].count == 2


def test_10_unit_as_territory(db):
    deck = base()
    deck["territory"] = {"K": 1}
    found = violations_of(db, **deck)
    assert rule_ids(found) == ["build-divide.territory"]
    (v,) = found
    assert v.cards == ["K-01"] and "K (K-01) is a unit" in v.message


def test_10_the_same_territory_moved_to_the_territory_section_is_legal(db):
    deck = base()
    deck["territory"] = {"T-0B": 1}
    assert deck["d"] == {}
    assert violations_of(db, **deck) == []


def test_unknown_starting_territory_is_only_unknown_card(db):
    deck = base()
    deck["territory"] = {"nowhere": 1}
    assert rule_ids(violations_of(db, **deck)) == ["deck.unknown-card"]


def test_11_territory_in_main(db):
    found = violations_of(db, **base(main={"J": 3, "T-0B": 1}))
    assert rule_ids(found) == ["build-divide.main-territory"]
    (v,) = found  # a type rule: count and limit are null (contract)
    assert (v.count, v.limit, v.cards, v.ref) == (None, None, ["T-0B"], "601-1e")
    assert "霧の門 (T-0B)" in v.message


def test_12_three_t_territories_in_d_is_legal(db):
    assert violations_of(db, **base(d={"T-0A": 1, "T-0B": 1, "T-0C": 1})) == []


def test_12_four_t_territories_in_d(db):
    found = violations_of(db, **base(d={"T-0A": 1, "T-0B": 1, "T-0C": 1, "T-0D": 1}))
    assert rule_ids(found) == ["build-divide.territory-copies"]
    (v,) = found
    assert (v.extra["name"], v.count, v.limit, v.section, v.ref) == ("T", 5, 4, "territory", "601-1e")
    assert sorted(v.cards) == ["T-00", "T-0A", "T-0B", "T-0C", "T-0D"]
    assert "閉じた門 (T-00)" in v.message and "open face" in v.message


def test_13_territories_count_by_open_name_only(db):
    deck = base(d={"T-0A": 1, "T-0B": 1, "T-0C": 1, "T-0D": 1})
    deck["territory"] = {"U-00": 1}
    assert violations_of(db, **deck) == []


def test_territory_copies_section_is_d_without_the_starting_territory(db):
    deck = base(d={"T-0A": 2, "T-0B": 1, "T-0C": 1, "T-0D": 1})
    deck["territory"] = {"U-00": 1}
    (v,) = only(violations_of(db, **deck), "build-divide.territory-copies")
    assert (v.section, v.count) == ("d", 5)


def test_territory_deck_limit_and_borrowed_open_name(db):
    deck = base(d={"R-02": 1})
    deck["territory"] = {"R-01": 1}
    (v,) = only(violations_of(db, **deck), "build-divide.territory-copies")
    assert (v.extra["name"], v.count, v.limit) == ("R", 2, 1)
    assert "1407-3" in v.message


def test_territory_in_main_is_not_counted_by_territory_copies(db):
    found = violations_of(db, **base(main={"J": 0, "T-0A": 1, "T-0B": 1, "T-0C": 1, "T-0D": 1}))
    assert rule_ids(found) == ["build-divide.main-territory"]
    assert found[0].count is None and "4 territory cards" in found[0].message


# Example 14 and per-card limits ------------------------------------------------------------------------


def test_14_any_limit(db):
    assert violations_of(db, **base(main={"V": 10})) == []


def test_14_limit_one(db):
    found = violations_of(db, **base(main={"W": 2}))
    assert rule_ids(found) == ["build-divide.copies"]
    (v,) = found
    assert (v.count, v.limit, v.cards, v.ref) == (2, 1, ["W-01"], "601-2a")
    assert "W (W-01)" in v.message and "at most 1" in v.message


def test_a_cards_own_limit_counts_the_main_deck_only(db):
    """601-2a: 「デッキ」 in a construction ability means the main deck. W (「デッキに1枚まで」) ×1 in main and ×1
    in the D deck is legal; ×2 in main breaks its own limit (601-2a, never 601-1b)."""
    assert violations_of(db, **base(main={"W": 1}, d={"W": 1})) == []
    (own,) = only(violations_of(db, **base(main={"W": 2})), "build-divide.copies")
    assert (own.ref, own.section, own.count, own.limit, own.cards) == ("601-2a", "main", 2, 1, ["W-01"])
    assert "601-2a" in own.message and "601-1b" not in own.message


def test_a_cards_own_limit_and_601_1b_both_break(db):
    """W ×3 in main and ×2 in the D deck: its own limit (3 > 1 in main, 601-2a) and 601-1b's 4 (5 in both decks)."""
    found = only(violations_of(db, **base(main={"W": 3}, d={"W": 2})), "build-divide.copies")
    assert sorted((v.ref, v.count, v.limit) for v in found) == [("601-1b", 5, 4), ("601-2a", 3, 1)]
    pooled = next(v for v in found if v.ref == "601-1b")
    assert "(601-1b)" in pooled.message and "601-2a" not in pooled.message
    # 601-1b's 4 still counts both decks: W ×1 in main and ×4 in the D deck breaks only 601-1b
    (v,) = only(violations_of(db, **base(main={"W": 1}, d={"W": 4})), "build-divide.copies")
    assert (v.ref, v.count, v.limit) == ("601-1b", 5, 4)


def test_a_card_allowing_any_number_counts_no_pooled_4(db):
    # 「デッキに何枚でも」: the main deck holds any number, and 601-1b's 4 is replaced for its name (601-2)
    assert violations_of(db, **base(main={"V": 10}, d={"V": 2})) == []


@pytest.mark.parametrize("order", [("W", "WB"), ("WB", "W")])
def test_borrowed_name_is_limited_by_the_card_that_owns_it(db, order):
    found = violations_of(db, **base(main=dict.fromkeys(order, 1)))
    (v,) = only(found, "build-divide.copies")
    assert (v.extra["name"], v.count, v.limit) == ("W", 2, 1)


def test_borrowers_own_limit_does_not_govern_the_borrowed_name(db):
    # KB (deck_limit 1) carries K through 【名称ルール】: K is limited by K's default 4, KB by its own 1.
    assert violations_of(db, **base(main={"J": 0, "KB": 1, "K": 3})) == []
    found = violations_of(db, **base(main={"J": 0, "KB": 1, "K": 4}))
    (v,) = only(found, "build-divide.copies")
    assert (v.extra["name"], v.count, v.limit) == ("K", 5, 4)


def test_borrowed_name_alone_gets_the_default_limit(db):
    assert violations_of(db, **base(main={"WB": 4})) == []


# Card records -------------------------------------------------------------------------------------------


def test_japanese_aliases():
    db = make_db(
        GAME,
        [
            unit("J-1", "黒い剣士", type="ユニット", colors=["黒", "青"], subtypes=["エース", "剣士"]),
            unit("J-2", "白い祈り", type="コマンド", colors=["白", "赤"]),
            territory("J-3", "閉じた門", "開いた門", type="テリトリー", colors=["赤"]),
        ],
    )
    card = db.resolve("J-1")
    assert (card.type, card.colors, card.subtypes) == ("unit", ["black", "blue"], ["ace", "剣士"])
    assert card.is_ace
    assert (db.resolve("J-2").type, db.resolve("J-2").colors) == ("command", ["white", "red"])
    assert (db.resolve("J-3").type, db.resolve("J-3").colors) == ("territory", ["red"])


def test_defaults_and_colourless():
    card = make_db(GAME, [unit("Z-1", "無色の人形", colors=[])]).resolve("Z-1")
    assert (card.buster, card.shot, card.extra_names, card.colors) == (False, False, [], [])


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({**unit("E-1", "e"), "cost": None}, "cost"),
        ({k: v for k, v in unit("E-1", "e").items() if k != "cost"}, "cost"),
        (territory("E-1", "e", "f", cost=3), "cost"),
        ({k: v for k, v in territory("E-1", "e", "f").items() if k != "open_name"}, "open_name"),
        (unit("E-1", "e", open_name="f"), "open_name"),
        (unit("E-1", "e", colors=["green"]), "colors"),
        (unit("E-1", "e", type="leader"), "type"),
        ({k: v for k, v in unit("E-1", "e").items() if k != "colors"}, "colors"),
        ({k: v for k, v in unit("E-1", "e").items() if k != "total_cost"}, "total_cost"),
        (unit("E-1", "e", cost=-1), "cost"),
    ],
)
def test_bad_records(record, field):
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, [record])
    assert f"field '{field}" in str(error.value)


def test_name_rule_text_gives_extra_names():
    card = make_db(GAME, [unit("N-1", "影法師", text="【名称ルール】「夜鴉の斥候」\n【登場時】…")]).resolve("N-1")
    assert card.extra_names == ["夜鴉の斥候"]


def test_explicit_extra_names_win_over_text():
    card = make_db(GAME, [unit("N-1", "影法師", text="【名称ルール】「夜鴉」", extra_names=[])]).resolve("N-1")
    assert card.extra_names == []


def test_nfkc_names_and_extra_names(db):
    wide = make_db(GAME, [*RECORDS, unit("FW-01", "ＦＷ", extra_names=["Ｈ"])])
    assert wide.resolve("FW-01").name == "FW"
    found = violations_of(wide, **base(main={"ＦＷ": 1, "J": 3}))
    (v,) = only(found, "build-divide.copies")
    assert (v.extra["name"], v.count) == ("H", 5)


def test_deck_limit_disagreement_names_both_records():
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, [unit("W-1", "W", deck_limit=1), unit("W-2", "W")])
    assert "W-1" in str(error.value) and "W-2" in str(error.value)


def test_territory_limit_identity_is_the_open_name():
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, [territory("R-1", "x", "R", deck_limit=1), territory("R-2", "y", "R")])
    assert "R-1" in str(error.value) and "R-2" in str(error.value)
    # Same unopened name, different open names: different cards, limits may differ.
    make_db(GAME, [territory("R-1", "x", "R", deck_limit=1), territory("R-2", "x", "R2")])


# The shipped database and example decks -----------------------------------------------------------------


def test_shipped_database_and_example_decks(isolated_carddb):
    db = load_carddb(GAME)
    assert len(db) >= 60
    cards = list(db.cards.values())
    assert any(c.buster and c.shot for c in cards)
    assert any(c.type == "territory" and c.extra_names for c in cards)
    assert {color for c in cards for color in c.colors} == {"black", "blue", "white", "red"}
    assert any(c.colors == [] for c in cards)
    open_names = [c.open_name for c in cards if c.type == "territory"]
    assert any(open_names.count(n) >= 3 for n in open_names)
    decks = sorted((REPO / "decks" / GAME).iterdir())
    assert len(decks) >= 2
    for path in decks:
        deck = load_deck(path)
        assert check_deck(deck, db) == [], path
        assert 40 <= deck.size("main") <= 50 and deck.size("territory") == 1
    assert any(load_deck(path).size("d") > 0 for path in decks)


# Japanese (issue 29) ----------------------------------------------------------------------------------------------


def _in_both_languages(check):
    """`check()`'s violations in English, then in Japanese (the language stays Japanese for the rest of the test)."""
    from deckcheck.cli import language

    english = check()
    language.speak("ja")
    return english, check()


def _same_but_message(english, japanese) -> None:
    """Every machine field of the violations alike in both languages; only the message differs."""
    assert len(english) == len(japanese)
    for en, ja in zip(english, japanese, strict=True):
        assert {**en.to_json(), "message": None} == {**ja.to_json(), "message": None}
        assert en.message != ja.message


def test_japanese_sizes_say_the_count_the_limit_and_the_rule(db):
    english, japanese = _in_both_languages(lambda: violations_of(db, **base(main={"J": 3}, d={"K": 13})))
    _same_but_message(english, japanese)
    messages = {v.rule: v.message for v in japanese}
    assert messages["build-divide.main-size"] == "メインデッキは39枚です。40枚以上でなければなりません（601-1a）。"
    assert messages["build-divide.d-size"] == "Dデッキは13枚です。12枚までです（601-1a）。"


def test_japanese_copies_name_the_borrowed_name_and_1407_3(db):
    english, japanese = _in_both_languages(lambda: violations_of(db, **_naming_deck(**{"QS-01": 2, "L": 0})))
    _same_but_message(english, japanese)
    (message,) = [v.message for v in japanese if v.extra["name"] == "S"]
    assert message.startswith("メインデッキとDデッキを合わせて、カード名「S」のカードが5枚あります（")
    assert "カード名が同一のカードは両方を合わせて4枚までです（601-1b）。" in message
    assert "P2 (PS-01)、Q (QS-01) は【名称ルール】により「S」をカード名として持ち" in message
    assert message.endswith("カード名が同一のカードとみなされます（1407-3）。")


def test_japanese_busters_say_what_the_d_deck_holds(db):
    english, japanese = _in_both_languages(lambda: violations_of(db, **base(main={"A": 3, "K": 1}, d={"A": 1})))
    _same_but_message(english, japanese)
    (v,) = japanese
    assert v.message == (
        "メインデッキのバスターカードは11枚です（A (A-01) ×3、B (B-01) ×4、C (C-01) ×4）。バスターアイコンを持つ"
        "カードはちょうど12枚でなければなりません（601-1c、Dデッキの1枚は数えません）。"
    )


def test_japanese_territory_messages(db):
    none = base()
    none["territory"] = {}
    unit_as_territory = base()
    unit_as_territory["territory"] = {"K": 1}
    decks = [none, base(territory={"U-00": 1}), unit_as_territory, base(main={"J": 0, "T-0B": 4})]

    def check():
        return [v for deck in decks for v in violations_of(db, **deck)]

    english, japanese = _in_both_languages(check)
    _same_but_message(english, japanese)
    messages = [v.message for v in japanese]
    assert "開始時のテリトリーがありません。テリトリーカードをちょうど1枚用意してください（602-1a）。" in messages
    assert (
        "テリトリーは2枚です（閉じた門 (T-00)、閉じた塔 (U-00)）。開始時のテリトリーはテリトリーカードちょうど1枚で"
        "（602-1a）、ほかのテリトリーカードはDデッキに入れます（601-1e）。" in messages
    )
    assert (
        "K (K-01) はユニットで、テリトリーカードではありません。開始時のテリトリーはテリトリーカードでなければ"
        "なりません（602-1a、601-1e）。" in messages
    )
    assert any(m.startswith("メインデッキにテリトリーカードが4枚あります（霧の門 (T-0B) ×4）。") for m in messages)


def test_japanese_card_record_problems(japanese):
    bad = [
        territory("E-1", "e", "f", cost=3),
        unit("E-2", "e2", open_name="f"),
        unit("E-3", "e3", colors=["green"]),
        {k: v for k, v in unit("E-4", "e4").items() if k != "cost"},
    ]
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, bad)
    text = str(error.value)
    assert "field 'cost': テリトリーはプレイコストを持ちません（306-2e）。cost は書かないか null にしてください" in text
    assert "field 'open_name': 開放面を持つのはテリトリーだけです。ユニットに open_name は書けません" in text
    assert "field 'colors.0': 'black'、'blue'、'white'、'red' のいずれかでなければなりません" in text
    assert "field 'cost': ユニットには必須です（306-1）" in text


def test_japanese_database_notes(japanese):
    from deckcheck.games.build_divide import GAME as BUILD_DIVIDE

    cards = make_db(GAME, [unit("N-1", "n", cost=1, total_cost=2), territory("N-2", "t", "u", titles=[])]).cards
    notes = BUILD_DIVIDE.cards.db_warnings(list(cards.values()))
    assert notes == [
        "n (N-1)：cost 1 が total_cost 2 と違います（プレイコストは色指定コストと不特定コストの合計です、306-2）",
        "t (N-2)：称号のないテリトリーなので、どのエースも開放できません（902-2）",
    ]
