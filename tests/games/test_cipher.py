"""TCG Fire Emblem 0 (Cipher): construction rules (shared/spec/cipher.md), card records and the shipped data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import (
    CIPHER_JAPANESE_MAIN,
    CIPHER_JAPANESE_TEXT,
    STARTER_DECKS,
    cipher_unit,
    in_english_and_japanese,
    make_db,
    make_deck,
    rule_ids,
    violations_of,
)

from deckcheck._api import load_deck
from deckcheck.carddb.db import load_carddb
from deckcheck.checking.deck import check_deck
from deckcheck.engine.deal import deal
from deckcheck.errors import CardDatabaseError, EngineError
from deckcheck.games.cipher import GAME, CipherCard, _chosen_lord, limit_identity

ROOT = Path(__file__).resolve().parents[2]
L = "L-001"  # 見習い君主 リーフィ, printed cost 1


unit = cipher_unit


def marker(number: str, name: str, type_: str = "主人公マーカーカード") -> dict[str, Any]:
    return {"number": number, "name": name, "type": type_}


# Base deck B: 12 names x 4 + 1 name x 2 = 50. L (N00) has printed cost 1; the others cost 2-5.
BASE = [unit(L, "見習い君主", "リーフィ", 1)] + [
    unit(f"N{i:02d}", f"称号{i}", f"ユニット{i}", 2 + i % 4) for i in range(1, 13)
]
BASE_MAIN = {L: 4, **{f"N{i:02d}": 4 for i in range(1, 12)}, "N12": 2}


def base_db(*extra: dict[str, Any]) -> Any:
    return make_db("cipher", [*BASE, *extra])


def base_main(**changes: int) -> dict[str, int]:
    """B with some counts changed (0 removes an entry)."""
    main = dict(BASE_MAIN)
    for key, count in changes.items():
        main[key] = count
    return {key: count for key, count in main.items() if count}


def test_base_deck_is_fifty_cards() -> None:
    assert sum(BASE_MAIN.values()) == 50
    assert violations_of(base_db(), main=BASE_MAIN) == []


# Row 1 ------------------------------------------------------------------------------------------------


def test_row1_one_over_fifty_is_legal() -> None:
    assert violations_of(base_db(), main=base_main(N12=3)) == []


def test_row1_two_hundred_cards_is_legal_no_maximum() -> None:
    records = [unit(L, "見習い君主", "リーフィ", 1)] + [unit(f"M{i:02d}", f"称号{i}", "ユニット", 3) for i in range(49)]
    db = make_db("cipher", records)
    main = {record["number"]: 4 for record in records}
    assert sum(main.values()) == 200
    assert violations_of(db, main=main) == []


# Row 2: cipher.main-size -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("n12", "size", "legal"), [(1, 49, False), (2, 50, True), (3, 51, True)])
def test_row2_main_size_boundaries(n12: int, size: int, legal: bool) -> None:
    found = violations_of(base_db(), main=base_main(N12=n12))
    if legal:
        assert found == []
        return
    assert rule_ids(found) == ["cipher.main-size"]
    (violation,) = found
    assert (violation.count, violation.limit, violation.ref, violation.section) == (49, 50, "12.1.1", "main")
    assert "49 cards" in violation.message and "at least 50" in violation.message and "12.1.1" in violation.message


def test_empty_deck_fails_every_applicable_rule() -> None:
    found = violations_of(base_db(), main={})
    assert rule_ids(found) == ["cipher.main-size", "cipher.lord"]
    assert found[0].count == 0


def test_unknown_card_counts_toward_size_only() -> None:
    found = violations_of(base_db(), main={**base_main(N12=1), "NO-SUCH-CARD": 1})
    assert rule_ids(found) == ["deck.unknown-card"]


# Row 3: cipher.copies -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "legal"), [(3, True), (4, True), (5, False)])
def test_row3_copies_boundaries(count: int, legal: bool) -> None:
    found = violations_of(base_db(), main=base_main(N01=count, N12=2 + 4 - count))
    assert sum(base_main(N01=count, N12=2 + 4 - count).values()) == 50
    if legal:
        assert found == []
        return
    (violation,) = found
    assert violation.rule == "cipher.copies"
    assert (violation.count, violation.limit, violation.cards, violation.ref) == (5, 4, ["N01"], "12.1.1.2")
    assert "称号1 ユニット1 (N01)" in violation.message and "12.1.1.2" in violation.message


def test_row3_fifth_copy_added_to_b() -> None:
    found = violations_of(base_db(), main=base_main(N05=5))
    assert rule_ids(found) == ["cipher.copies"]
    assert (found[0].count, found[0].limit, found[0].cards) == (5, 4, ["N05"])


# Row 4: printings pool -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second"),
    [(("B02-010", 3), ("P03-005", 2)), (("B01-001N", 4), ("B01-001SR", 1))],
    ids=["reprint", "parallel-rarity"],
)
def test_row4_printings_of_one_name_pool(first: tuple[str, int], second: tuple[str, int]) -> None:
    db = base_db(
        unit(first[0], "T", "U", 3, rarity="N", set=first[0][:3]),
        unit(second[0], "T", "U", 3, rarity="SR", set=second[0][:3]),
    )
    main = {**base_main(N11=0, N12=1), first[0]: first[1], second[0]: second[1]}
    assert sum(main.values()) == 50
    found = violations_of(db, main=main)
    assert rule_ids(found) == ["cipher.copies"]
    (violation,) = found
    assert (violation.count, violation.limit) == (5, 4)
    assert violation.cards == [first[0], second[0]]
    assert first[0] in violation.message and second[0] in violation.message and "T U" in violation.message


def test_row4_four_copies_over_two_printings_is_legal() -> None:
    db = base_db(unit("B01-001N", "T", "U", 3), unit("B01-001SR", "T", "U", 3))
    main = {**base_main(N11=0), "B01-001N": 2, "B01-001SR": 2}
    assert violations_of(db, main=main) == []


def test_row4_a_number_without_its_rarity_names_its_lowest_printing() -> None:
    """Records kept by their printed codes (B20-001SR, B20-001SR+): the bare number, as players write it, finds them."""
    db = base_db(unit("B20-001SR+", "T", "U", 3, genders=["female"]), unit("B20-001SR", "T", "U", 3, genders=["male"]))
    assert db.resolve("B20-001").number == db.resolve("b20-001").number == "B20-001SR"
    assert db.resolve("B20-001SR+").number == "B20-001SR+" and db.resolve("B20-002") is None
    main = {**base_main(N11=0, N12=1), "B20-001": 3, "B20-001SR+": 2}
    found = violations_of(db, main=main)
    assert rule_ids(found) == ["cipher.copies"] and (found[0].count, found[0].limit) == (5, 4)


# Row 5: titles never pool ----------------------------------------------------------------------------------


def test_row5_same_unit_name_under_three_titles_is_legal() -> None:
    db = base_db(unit("T1-001", "T1", "マルス"), unit("T2-001", "T2", "マルス"), unit("T3-001", "T3", "マルス"))
    main = {**base_main(N09=0, N10=0, N11=0), "T1-001": 4, "T2-001": 4, "T3-001": 4}
    assert sum(main.values()) == 50
    assert violations_of(db, main=main) == []


def test_row5_each_title_has_its_own_limit() -> None:
    db = base_db(unit("T1-001", "T1", "マルス"), unit("T2-001", "T2", "マルス"))
    found = violations_of(db, main={**base_main(N10=0, N11=0), "T1-001": 5, "T2-001": 4})
    assert rule_ids(found) == ["cipher.copies"]
    (violation,) = found
    assert (violation.count, violation.cards) == (5, ["T1-001"])


# Row 6: normalisation, parentheses ------------------------------------------------------------------------


def test_row6_spaces_and_width_normalise_to_one_name() -> None:
    db = base_db(
        unit("X-001", "T", "U", 3),
        unit("X-002", "Ｔ", "Ｕ", 3, name="T\u3000U"),  # full-width space and letters
    )
    found = violations_of(db, main={**base_main(N11=0, N12=1), "X-001": 3, "X-002": 2})
    assert rule_ids(found) == ["cipher.copies"]
    assert (found[0].count, found[0].cards) == (5, ["X-001", "X-002"])


def test_row6_inner_space_runs_in_title_collapse() -> None:
    db = base_db(unit("X-001", "蒼の 剣士", "U", 3), unit("X-002", " 蒼の   剣士 ", "U", 3, name="蒼の 剣士 U"))
    found = violations_of(db, main={**base_main(N11=0, N12=1), "X-001": 3, "X-002": 2})
    assert rule_ids(found) == ["cipher.copies"]


def test_row6_female_and_male_kamui_are_two_names() -> None:
    db = base_db(unit("K-001", "T", "カムイ（女）"), unit("K-002", "T", "カムイ(男)"))
    main = {**base_main(N10=0, N11=0), "K-001": 4, "K-002": 4}
    assert violations_of(db, main=main) == []


def test_row6_nfkc_unifies_brackets_but_keeps_them() -> None:
    db = base_db(unit("K-001", "T", "カムイ（女）"), unit("K-002", "T", "カムイ(女)"), unit("K-003", "T", "カムイ"))
    found = violations_of(db, main={**base_main(N10=0, N11=0), "K-001": 4, "K-002": 1, "K-003": 4})
    assert rule_ids(found) == ["cipher.copies"]
    (violation,) = found
    assert (violation.count, violation.cards) == (5, ["K-001", "K-002"])  # カムイ without brackets is another name


# Row 7 and 8: cipher.lord --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "replacement",
    [
        unit("R-X", "混沌の", "エックス", "X"),
        unit("R-TEXT", "言霊の", "テキスト", 2, text="【常時型】このユニットの出撃コストは1になる。"),
        unit("R-0", "無銭の", "ゼロ", 0),
    ],
    ids=["cost-X", "cost-2-text-makes-1", "cost-0"],
)
def test_row7_no_printed_cost_one(replacement: dict[str, Any]) -> None:
    found = violations_of(base_db(replacement), main={**base_main(**{L: 0}), replacement["number"]: 4})
    assert rule_ids(found) == ["cipher.lord"]
    (violation,) = found
    assert (violation.count, violation.limit, violation.ref) == (0, 1, "12.1.1.1")
    assert "printed cost of 1" in violation.message and "12.1.1.1" in violation.message


def test_row7_cost_x_message_names_the_x_cards() -> None:
    found = violations_of(base_db(unit("R-X", "混沌の", "エックス", "Ｘ")), main={**base_main(**{L: 0}), "R-X": 4})
    assert found[0].cards == ["R-X"]
    assert "混沌の エックス (R-X)" in found[0].message and "4.2.3" in found[0].message


def test_row7_deck_limit_never_satisfies_lord() -> None:
    db = base_db(unit("R-ANY", "無限の", "エニー", 2, deck_limit="any"))
    found = violations_of(db, main={**base_main(**{L: 0}), "R-ANY": 4})
    assert rule_ids(found) == ["cipher.lord"]


@pytest.mark.parametrize("lords", [1, 4])
def test_row8_one_cost_one_card_is_enough(lords: int) -> None:
    db = base_db(unit("C2", "代役", "ツー", 2))
    main = {**base_main(**{L: lords}), "C2": 4 - lords}
    assert violations_of(db, main={key: count for key, count in main.items() if count}) == []


def test_marker_never_counts_as_cost_one() -> None:
    db = base_db({**marker("MK-1", "証"), "cost": 1}, unit("C2", "代役", "ツー", 2))
    found = violations_of(db, main={**base_main(**{L: 0}), "C2": 4, "MK-1": 1})
    assert rule_ids(found) == ["cipher.lord", "cipher.markers"]


# Row 9: cipher.markers ------------------------------------------------------------------------------------


def test_row9_marker_added_to_b() -> None:
    found = violations_of(base_db(marker("MK-1", "蒼の証")), main={**BASE_MAIN, "MK-1": 1})
    assert rule_ids(found) == ["cipher.markers"]
    (violation,) = found
    assert (violation.cards, violation.count, violation.ref) == (["MK-1"], None, "12.1.1.3")
    assert "蒼の証 (MK-1)" in violation.message and "12.1.1.3" in violation.message


def test_row9_marker_does_not_count_toward_fifty() -> None:
    found = violations_of(base_db(marker("MK-1", "蒼の証")), main={**base_main(N12=1), "MK-1": 1})
    assert rule_ids(found) == ["cipher.main-size", "cipher.markers"]
    size = found[0]
    assert (size.count, size.limit) == (49, 50)
    assert "蒼の証 (MK-1)" in size.message


def test_row9_one_finding_per_marker_name() -> None:
    db = base_db(marker("MK-1", "蒼の証"), marker("MK-1H", "蒼の証", "ホロマーカーカード"), marker("MK-2", "白の証"))
    found = violations_of(db, main={**BASE_MAIN, "MK-1": 2, "MK-1H": 1, "MK-2": 1})
    markers = [v for v in found if v.rule == "cipher.markers"]
    assert [(v.cards, v.count, v.limit) for v in markers] == [(["MK-1", "MK-1H"], None, None), (["MK-2"], None, None)]
    assert ["3 copies" in markers[0].message, "1 copy" in markers[1].message] == [True, True]
    assert rule_ids(found) == ["cipher.markers"]  # markers never reach the copy count


# Row 10: deck_limit ------------------------------------------------------------------------------------------


def test_row10_any_allows_ten_copies() -> None:
    db = base_db(unit("A-1", "無限の", "エニー", 3, deck_limit="any"))
    main = {L: 4, **{f"N{i:02d}": 4 for i in range(1, 10)}, "A-1": 10}
    assert sum(main.values()) == 50
    assert violations_of(db, main=main) == []


@pytest.mark.parametrize(("limit", "count", "legal"), [(1, 1, True), (1, 2, False), (0, 1, False), (6, 6, True)])
def test_row10_integer_deck_limit(limit: int, count: int, legal: bool) -> None:
    db = base_db(unit("D-1", "限定の", "ワン", 3, deck_limit=limit))
    found = violations_of(db, main={**BASE_MAIN, "D-1": count})
    if legal:
        assert found == []
        return
    (violation,) = found
    assert violation.rule == "cipher.copies"
    assert (violation.count, violation.limit, violation.cards) == (count, limit, ["D-1"])


def test_row10_printings_disagreeing_on_deck_limit_break_the_database() -> None:
    with pytest.raises(CardDatabaseError) as error:
        base_db(unit("D-1", "T", "U", deck_limit=4), unit("D-1SR", "T", "U", deck_limit="any"))
    text = str(error.value)
    assert "D-1 " in text and "D-1SR" in text and "deck_limit" in text


def test_row10_normalised_names_must_agree_on_deck_limit() -> None:
    with pytest.raises(CardDatabaseError) as error:
        base_db(unit("K-1", "T", "カムイ（女）", deck_limit=1), unit("K-2", "T", "カムイ(女)"))
    assert "K-1" in str(error.value) and "K-2" in str(error.value)


def test_explicit_default_limit_agrees_with_absent_field() -> None:
    db = base_db(unit("D-1", "T", "U", deck_limit=4), unit("D-1SR", "T", "U"))
    found = violations_of(db, main={**BASE_MAIN, "D-1": 3, "D-1SR": 2})
    assert [(v.rule, v.limit) for v in found] == [("cipher.copies", 4)]


def test_different_titles_may_have_different_limits() -> None:
    base_db(unit("D-1", "T1", "U", deck_limit=1), unit("D-2", "T2", "U", deck_limit="any"))


# Row 11: everything reported at once ----------------------------------------------------------------------


def test_row11_all_three_reported() -> None:
    main = {f"N{i:02d}": 4 for i in range(1, 11)} | {"N11": 5, "N12": 2}
    assert sum(main.values()) == 47
    found = violations_of(base_db(), main=main)
    assert rule_ids(found) == ["cipher.main-size", "cipher.copies", "cipher.lord"]
    assert [(v.count, v.limit) for v in found] == [(47, 50), (5, 4), (0, 1)]


# Row 12: the lord key (issue 39: a key the setup cannot use is an error on its line) -------------------------


@pytest.mark.parametrize("lord", [L, "見習い君主 リーフィ"], ids=["L", "L-by-name"])
def test_row12_a_lord_key_naming_a_cost_1_card_of_the_deck_is_legal(lord: str) -> None:
    db = base_db(unit("OUT-1", "外の", "ユニット", 1))
    deck = make_deck(db, main=BASE_MAIN, lord=lord)
    assert deck.key_cards["lord"] is not None
    assert check_deck(deck, db) == []


@pytest.mark.parametrize(
    ("lord", "said"),
    [
        ("N01", "its printed cost is 3, and the lord needs a printed cost of exactly 1"),
        ("OUT-1", "is not in main (12.2.1.1: the lord comes from the deck)"),
    ],
    ids=["cost-2", "not-in-main"],
)
def test_row12_a_lord_key_the_setup_cannot_use_is_cipher_lord_on_the_key(lord: str, said: str) -> None:
    """12.2.1.1: the lord is a card of the deck with a printed cost of 1; `hand` refuses the deck with the same
    words."""
    db = base_db(unit("OUT-1", "外の", "ユニット", 1))
    deck = make_deck(db, main=BASE_MAIN, lord=lord)
    (found,) = check_deck(deck, db)
    assert (found.rule, found.section, found.ref, found.cards) == ("cipher.lord", "lord", "12.2.1.1", [lord])
    assert said in found.message
    with pytest.raises(EngineError) as refused:
        deal(deck, seed=1)
    assert found.message == f"{refused.value.reason}."


def test_row12_unknown_lord_is_unknown_card() -> None:
    found = violations_of(base_db(), main=BASE_MAIN, lord="誰でもない")
    assert rule_ids(found) == ["deck.unknown-card"]
    assert found[0].section == "lord"


# Card records ----------------------------------------------------------------------------------------------


def card(**fields: Any) -> CipherCard:
    db = make_db("cipher", [{**unit("C-1", "T", "U"), **fields}])
    result = db.cards["C-1"]
    assert isinstance(result, CipherCard)
    return result


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("光の剣", "blade-of-light"),
        ("聖痕", "brand"),
        ("白夜", "hoshido"),
        ("暗夜", "nohr"),
        ("メダリオン", "medallion"),
        ("神器", "divine-weapons"),
        ("聖戦旗", "holy-war-flag"),
        ("女神紋", "goddess-crest"),
    ],
)
def test_symbol_aliases(alias: str, canonical: str) -> None:
    assert card(symbols=[alias]).symbols == [canonical]


@pytest.mark.parametrize(("alias", "canonical"), [("男性", "male"), ("女性", "female")])
def test_gender_aliases(alias: str, canonical: str) -> None:
    assert card(genders=alias).genders == [canonical]


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("剣", "sword"),
        ("槍", "lance"),
        ("斧", "axe"),
        ("弓", "bow"),
        ("魔法", "magic"),
        ("杖", "staff"),
        ("竜石", "dragonstone"),
        ("暗器", "hidden-weapon"),
        ("牙", "fang"),
        ("拳", "fist"),
    ],
)
def test_weapon_aliases(alias: str, canonical: str) -> None:
    assert card(weapons=[alias]).weapons == [canonical]


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("アーマー", "armor"),
        ("獣馬", "beast"),
        ("飛行", "flier"),
        ("竜", "dragon"),
        ("幻影", "mirage"),
        ("魔物", "monster"),
    ],
)
def test_type_aliases(alias: str, canonical: str) -> None:
    assert card(types=[alias, "飛行"]).types == [canonical, "flier"]


@pytest.mark.parametrize("alias", ["ユニット", "ユニットカード", "unit"])
def test_unit_type_aliases(alias: str) -> None:
    assert card(type=alias).type == "unit"


@pytest.mark.parametrize(
    "alias",
    [
        "マーカーカード",
        "主人公マーカーカード",
        "スペシャルマーカーカード",
        "ホロマーカーカード",
        "バックバトル用主人公マーカーカード",
    ],
)
def test_marker_type_aliases_need_only_number_name_type(alias: str) -> None:
    db = make_db("cipher", [marker("M-1", "印", alias)])
    result = db.cards["M-1"]
    assert result.type == "marker"
    assert limit_identity(result) is None


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        (1, "1"),
        ("３", "3"),
        ("1-2", "1-2"),
        ("１－２", "1-2"),
        ("1−3", "1-3"),
        ("2–3", "2-3"),
        ("1～2", "1-2"),
        ("射程1-2", "1-2"),
        ("-", "-"),
        ("射程-", "-"),
        ("「-」", "-"),
        ("「－」", "-"),
        ("－", "-"),
    ],
)
def test_range_values(given: Any, stored: str) -> None:
    assert card(range=given).range == stored


@pytest.mark.parametrize(("given", "stored"), [(1, 1), ("１", 1), ("X", "X"), ("Ｘ", "X"), ("x", "X"), (0, 0)])
@pytest.mark.parametrize("field", ["cost", "cc_cost", "attack", "support"])
def test_numbers_accept_full_width_and_x(field: str, given: Any, stored: Any) -> None:
    assert getattr(card(**{field: given}), field) == stored


def test_cc_cost_absent_means_no_class_change() -> None:
    assert card().cc_cost is None


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"cost": -1}, "'cost'"),
        ({"range": "4"}, "'range'"),
        ({"symbols": ["光の剣", "聖痕", "白夜"]}, "'symbols'"),
        ({"symbols": ["赤"]}, "'symbols"),  # colour words are not aliases
        ({"weapons": ["槌"]}, "'weapons"),
        ({"colour": "red"}, "'colour'"),
    ],
)
def test_bad_fields_break_the_database(fields: dict[str, Any], problem: str) -> None:
    with pytest.raises(CardDatabaseError) as error:
        make_db("cipher", [unit("C-1", "T", "U", **fields)])
    assert problem in str(error.value)


@pytest.mark.parametrize(
    "missing", ["title", "unit_name", "cost", "symbols", "attack", "support", "range", "class_name"]
)
def test_unit_fields_are_required_for_units(missing: str) -> None:
    record = unit("C-1", "T", "U")
    del record[missing]
    with pytest.raises(CardDatabaseError) as error:
        make_db("cipher", [record])
    assert f"'{missing}'" in str(error.value)


def test_two_symbols_and_no_symbol_are_valid() -> None:
    assert card(symbols=["光の剣", "メダリオン"]).symbols == ["blade-of-light", "medallion"]
    assert card(symbols=[]).symbols == []


def test_limit_identity_keeps_parentheses() -> None:
    assert limit_identity(card(unit_name="カムイ（女）")) == ("t", "カムイ(女)")  # titles: case-insensitively


def test_name_mismatch_is_a_database_warning() -> None:
    db = make_db("cipher", [unit("C-1", "T", "U", name="T V")])
    assert len(db.warnings) == 1 and "C-1" in db.warnings[0]


def test_game_declares_lord_key_and_rules_in_spec_order() -> None:
    assert GAME.keys.cards == ("lord",)
    assert GAME.sections == ("main",)
    assert [rule.id for rule in GAME.rules] == ["cipher.main-size", "cipher.copies", "cipher.lord", "cipher.markers"]


# Shipped data and example decks -----------------------------------------------------------------------------


def test_starter_database(starter_carddb: Path) -> None:
    """The invented starter cards (tests/data/starter, once shipped) still cover every field the rules read."""
    db = load_carddb("cipher")
    assert db.warnings == []
    cards = [c for c in db.cards.values() if isinstance(c, CipherCard) and c.number.startswith("DC-FE-")]
    units = [c for c in cards if c.type == "unit"]
    assert len(cards) >= 60
    assert any(c.cost == 1 for c in units) and any(c.cost == "X" for c in units)
    assert any(c.type == "marker" for c in cards)
    assert any(c.cc_cost is not None for c in units)
    assert any(len(c.symbols or []) == 2 for c in units) and any(c.symbols == [] for c in units)
    by_name: dict[Any, set[str]] = {}
    titles: dict[str, set[str]] = {}
    for c in units:
        by_name.setdefault(limit_identity(c), set()).add(c.number)
        titles.setdefault(c.unit_name or "", set()).add(c.title or "")
    assert max(len(numbers) for numbers in by_name.values()) >= 3  # reprints and parallel rarities
    assert max(len(t) for t in titles.values()) >= 3  # one unit name under several titles


@pytest.mark.parametrize(
    "path",
    [*sorted((ROOT / "decks" / "cipher").iterdir()), *sorted((STARTER_DECKS / "cipher").iterdir())],
    ids=lambda p: f"{p.parent.parent.name}/{p.name}",
)
def test_example_decks_are_legal(starter_carddb: Path, path: Path) -> None:
    deck = load_deck(path)
    assert deck.game.id == "cipher"
    assert deck.size("main") >= 50
    assert any(isinstance(c, CipherCard) and c.printed_cost_one for c, _ in deck.cards("main"))
    assert check_deck(deck, load_carddb("cipher")) == []


@pytest.mark.parametrize("folder", [ROOT / "decks" / "cipher", STARTER_DECKS / "cipher"])
def test_example_decks_cover_both_formats_and_a_lord(folder: Path) -> None:
    names = [p.name for p in folder.iterdir()]
    assert any(n.endswith(".deck.toml") for n in names) and any(n.endswith(".txt") for n in names)
    assert any("lord:" in p.read_text(encoding="utf-8") for p in folder.iterdir())


# Japanese card names (names_ja): a second name of the same card ------------------------------------------------


def test_a_deck_written_in_japanese_is_judged_as_the_same_deck_by_number(isolated_carddb, tmp_path) -> None:
    japanese = tmp_path / "ja.txt"
    japanese.write_text(CIPHER_JAPANESE_TEXT, encoding="utf-8")
    by_number = load_deck(ROOT / "decks" / "cipher" / "marth-altea.deck.toml")
    deck = load_deck(japanese)
    assert deck.source.format == "text" and all(entry.card is not None for entry in deck.entries)
    assert sorted((c.number, n) for c, n in deck.cards("main")) == sorted(
        (c.number, n) for c, n in by_number.cards("main")
    )
    assert check_deck(deck) == [] and deck.key_cards["lord"].number == "B01-003"


def test_japanese_and_english_names_of_one_card_count_together(isolated_carddb) -> None:
    db = load_carddb("cipher")
    deck = make_deck(db, main={"救国の英雄 マルス": 3, "Savior of His Realm Marth": 2, "アリティアの王子 マルス": 45})
    [finding] = [v for v in check_deck(deck, db) if v.rule == "cipher.copies" and "B01-001" in v.cards]
    assert (finding.count, finding.limit, finding.cards) == (5, 4, ["B01-001"])


def test_the_lord_may_be_named_in_japanese(isolated_carddb) -> None:
    db = load_carddb("cipher")
    deck = make_deck(db, main=dict(CIPHER_JAPANESE_MAIN))
    assert _chosen_lord(deck, "アリティアの王子 マルス").number == "B01-003"
    assert _chosen_lord(deck, "アリティアの王子　マルス").number == "B01-003"  # a full-width space
    with pytest.raises(EngineError, match="its printed cost is 5"):
        _chosen_lord(deck, "救国の英雄 マルス")


def test_an_unknown_japanese_name_asks_for_the_card_number(isolated_carddb, tmp_path) -> None:
    path = tmp_path / "ja.txt"
    path.write_text(CIPHER_JAPANESE_TEXT + "1 封印の剣を継ぐ者 ロイ\n1 救国の英雄マルス\n", encoding="utf-8")
    deck = load_deck(path)
    found = check_deck(deck, deck.db)
    unknown = [v for v in found if v.rule == "deck.unknown-card"]
    assert [v.line for v in unknown] == [19]
    assert unknown[0].message == (
        "'封印の剣を継ぐ者 ロイ' on line 19 is not a TCG Fire Emblem 0 (Cipher) card number or name in the card "
        "database. Japanese names are known here only for the cards of B01–B06, P01–P06 and S01–S08: for a card of "
        "another set, write its card number instead. Did you mean: 封炎を受け継ぎし者 ロイ (B05-001); 剣聖を継ぐ者 "
        "フィル (B05-034)?"
    )
    # a space left out of a Japanese name that names exactly one card is read, with a warning (issue 40), never
    # silently: 救国の英雄マルス is 救国の英雄 マルス (B01-001)
    [slip] = [v for v in found if v.line == 20]
    assert slip.rule == "deck.pasted-reading" and slip.severity == "warning" and "B01-001" in slip.message
    english = tmp_path / "en.txt"
    english.write_text(CIPHER_JAPANESE_TEXT + "1 Unknown Hero Roy\n", encoding="utf-8")
    deck = load_deck(english)
    [violation] = [v for v in check_deck(deck, deck.db) if v.rule == "deck.unknown-card"]
    assert "Japanese names" not in violation.message  # an English name: no word about Japanese names


# In Japanese (issue 29) ----------------------------------------------------------------------------------------


def _machine_fields(violations) -> list[dict[str, Any]]:
    return [{k: v for k, v in violation.to_json().items() if k != "message"} for violation in violations]


def test_every_rule_speaks_japanese_with_its_rule_number_and_the_same_machine_fields() -> None:
    db = base_db(marker("MK-1", "主人公マーカー"), unit("CX", "混沌の", "エックス", "X"))
    main = {f"N{i:02d}": 4 for i in range(1, 11)} | {"N11": 5, "N12": 2, "MK-1": 2, "CX": 1}
    english, japanese = in_english_and_japanese(lambda: violations_of(db, main=main))
    assert _machine_fields(japanese) == _machine_fields(english)
    assert [v.message for v in japanese] == [
        "デッキは48枚です（マーカーカード2枚を除く：主人公マーカー (MK-1)）。50枚以上必要です（12.1.1）。",
        "デッキにカード名「称号11 ユニット11」のカードが5枚あります（N11）。同じカード名（称号とユニット名。"
        "カード番号やレアリティは問いません）のカードは4枚までです（12.1.1.2）。",
        "デッキに出撃コストが1と書かれたカードがないため、主人公を選べません。1枚以上必要です（12.1.1.1。"
        "数えるのはカードに書かれた出撃コストだけです：12.2.1.1.1）。出撃コストXのカード（混沌の エックス (CX)）は"
        "出撃コスト0として扱います（4.2.3）。",
        "「主人公マーカー」（MK-1）はマーカーカードです（2枚）。マーカーカードはデッキに使用できず、50枚にも数えません"
        "（12.1.1.3）。",
    ]


def test_a_short_deck_without_markers_and_a_lordless_deck_without_cost_x_in_japanese() -> None:
    main = {f"N{i:02d}": 4 for i in range(1, 11)}
    _english, japanese = in_english_and_japanese(lambda: violations_of(base_db(), main=main))
    assert [v.message for v in japanese] == [
        "デッキは40枚です。50枚以上必要です（12.1.1）。",
        "デッキに出撃コストが1と書かれたカードがないため、主人公を選べません。1枚以上必要です（12.1.1.1。"
        "数えるのはカードに書かれた出撃コストだけです：12.2.1.1.1）。",
    ]


def test_database_problems_in_japanese() -> None:
    records = [unit("C-1", "T", "U", name="T V"), unit("C-2", "二重", "シンボル", symbols=["brand", "brand"])]
    english, japanese = in_english_and_japanese(lambda: make_db("cipher", records).warnings)
    assert len(english) == 2
    assert japanese == [
        "T V (C-1)：name が title + ' ' + unit_name ではありません（'T'、'U'）（4.14.1）",
        "二重 シンボル (C-2)：同じシンボルが2回書かれています",
    ]

    def refused() -> str:
        with pytest.raises(CardDatabaseError) as error:
            make_db("cipher", [{**unit("C-3", "T", "U"), "title": None, "range": None}])
        return str(error.value)

    assert (
        "ユニットカードには title、range が必要です（省略できるのはマーカーカードだけです）"
        in in_english_and_japanese(refused)[1]
    )


def test_the_profile_titles_stay_english_keys() -> None:
    deck = make_deck(base_db(), main=BASE_MAIN)
    english, japanese = in_english_and_japanese(lambda: GAME.profile.distributions(deck))
    assert japanese == english and [one.title for one in japanese] == ["costs", "symbols", "class-change costs"]
