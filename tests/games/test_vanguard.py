"""Cardfight!! Vanguard construction rules (shared/spec/vanguard.md), examples 1–14 and the boundaries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import make_db, rule_ids, violations_of

from deckcheck import check_deck, load_deck
from deckcheck.carddb.db import load_carddb
from deckcheck.errors import CardDatabaseError
from deckcheck.games.vanguard import GAME

REPO = Path(__file__).resolve().parents[2]


def rec(number: str, name: str, type_: str, grade: int, trigger: str = "none", **fields: Any) -> dict[str, Any]:
    skill = {3: "twin-drive", 4: "triple-drive"}.get(grade, "boost")
    record = {
        "number": number,
        "name": name,
        "type": type_,
        "grade": grade,
        "trigger": trigger,
        "sentinel": False,
        "clans": ["テストパラディン"],
        "skill": skill,
    }
    record.update(fields)
    return record


# Base deck B of the spec: every card of one clan.
BASE_RECORDS = [
    rec("T-FV", "試験の見習い ファーストン", "normal", 0),
    rec("T-CRI", "試験の射手 クリティア", "trigger", 0, "critical"),
    rec("T-DRW", "試験の書記 ドローネ", "trigger", 0, "draw"),
    rec("T-STD", "試験の鐘守 スタンディ", "trigger", 0, "stand"),
    rec("T-HEL", "試験の癒し手 ヒーラ", "trigger", 0, "heal"),
    rec("T-SEN", "試験の大盾 センチネラ", "normal", 1, sentinel=True, shield=0),
    rec("G-BT01/010", "試験の槍騎士 ランサー", "normal", 1),
    rec("G-BT01/S10", "試験の槍騎士 ランサー", "normal", 1),  # a reprint of the name above
    rec("T-G1B", "試験の弓兵 アーチャ", "normal", 1),
    rec("T-G1C", "試験の旗手 フラッグ", "normal", 1),
    rec("T-G2A", "試験の剣士 ブレード", "normal", 2),
    rec("T-G2B", "試験の斧士 アクス", "normal", 2),
    rec("T-G2C", "試験の賢者 セージ", "normal", 2),
    rec("T-G3A", "試験の騎士王 キング", "normal", 3),
    rec("T-G3B", "試験の聖騎士 パラディン", "normal", 3),
    rec("T-GA", "試験の超越王 ジェネシス", "g-unit", 4, power=15000),
    rec("T-GB", "試験の裁き手 ジャッジ", "g-unit", 4, power=15000),
    rec("T-GC", "試験の守護天使 ガーディ", "g-unit", 4, shield=15000),  # a G guardian
    rec("T-GD", "試験の輝剣 シャイン", "g-unit", 4, power=15000),
]
EXTRA_RECORDS = [
    rec("T-G2N", "新顔の重騎士 ニューツー", "normal", 2),
    rec("T-G1N", "新顔の従騎士 ニューワン", "normal", 1),
    rec("T-G3N", "新顔の騎士王 ニュースリー", "normal", 3),
    rec("T-HEL2", "二人目の癒し手 ヒーラツー", "trigger", 0, "heal"),
    rec("T-STD2", "二人目の鐘守 スタンドツー", "trigger", 0, "stand"),
    rec("T-SEN2", "二人目の大盾 センチネルツー", "normal", 1, sentinel=True, shield=0),
    rec("T-GE", "五人目の超越者 フィフス", "g-unit", 4),
    rec("T-X1", "同名の双子 エックス", "normal", 1),
    rec("T-X4", "同名の双子 エックス", "g-unit", 4),
    rec("T-ANY", "群れ成す試験兵 スウォーム", "normal", 1, deck_limit="any"),
]

BASE_MAIN = {
    "T-FV": 1,
    "T-CRI": 4,
    "T-DRW": 4,
    "T-STD": 4,
    "T-HEL": 4,
    "T-SEN": 4,
    "G-BT01/010": 4,
    "T-G1B": 4,
    "T-G1C": 2,
    "T-G2A": 4,
    "T-G2B": 4,
    "T-G2C": 3,
    "T-G3A": 4,
    "T-G3B": 4,
}
BASE_G = {"T-GA": 4, "T-GB": 4, "T-GC": 4, "T-GD": 4}


def records_with(changes: dict[str, dict[str, Any]] | None = None, extra: list[dict[str, Any]] | None = None):
    """The base and extra records, with some fields of some numbers changed."""
    changes = changes or {}
    result = [{**record, **changes.get(record["number"], {})} for record in BASE_RECORDS + EXTRA_RECORDS]
    return result + (extra or [])


@pytest.fixture(scope="module")
def db():
    return make_db("vanguard", records_with())


def edit(base: dict[str, int], **counts: int) -> dict[str, int]:
    """A copy of a section with some counts changed (0 removes the entry)."""
    result = {**base}
    for number, count in counts.items():
        number = number.replace("_", "-").replace("G-BT01-", "G-BT01/")
        if count:
            result[number] = count
        else:
            result.pop(number, None)
    return result


def main_with(**counts: int) -> dict[str, int]:
    return edit(BASE_MAIN, **counts)


def g_with(**counts: int) -> dict[str, int]:
    return edit(BASE_G, **counts)


def only(violations, rule_id):
    assert rule_ids(violations) == [rule_id], [v.message for v in violations]
    return [v for v in violations if v.rule == rule_id]


# 1, 2: the base deck and an empty G deck -------------------------------------------------------------


def test_base_deck_matches_the_spec_shape(db):
    cards = [(db.cards[number], count) for number, count in BASE_MAIN.items()]
    assert sum(BASE_MAIN.values()) == 50
    assert sum(n for c, n in cards if c.trigger != "none") == 16
    assert sum(n for c, n in cards if c.trigger == "heal") == 4
    assert sum(n for c, n in cards if c.sentinel) == 4
    assert sum(n for c, n in cards if c.grade == 3 and c.skill == "twin-drive") == 8
    assert sum(BASE_G.values()) == 16


def test_base_deck_is_legal_at_every_boundary(db):
    # g = 16, triggers = 16, heals = 4, sentinels = 4; 16 triggers is not read as "trigger cards <= 4".
    assert violations_of(db, main=BASE_MAIN, g=BASE_G) == []


@pytest.mark.parametrize("g", [None, {}], ids=["g-absent", "g-empty"])
def test_g_deck_may_be_absent_or_empty(db, g):
    sections = {"main": BASE_MAIN} if g is None else {"main": BASE_MAIN, "g": g}
    assert violations_of(db, **sections) == []


# 3: main size ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("main", "size"),
    [(main_with(T_G3B=3), 49), (main_with(T_G2N=1), 51)],
    ids=["49", "51"],
)
def test_main_size_must_be_exactly_50(db, main, size):
    (found,) = only(violations_of(db, main=main, g=BASE_G), "vanguard.main-size")
    assert (found.count, found.limit, found.section, found.ref) == (size, 50, "main", "5.2.2.1")
    assert f"{size} cards" in found.message and "5.2.2.1" in found.message


def test_unknown_card_still_counts_toward_main_size(db):
    violations = violations_of(db, main=main_with(T_G1C=1, **{"no such card": 1}), g=BASE_G)
    assert rule_ids(violations) == ["deck.unknown-card"]


# 4, 5, 12, 13: copies -------------------------------------------------------------------------------


def test_five_copies_of_a_name_in_main(db):
    (found,) = only(violations_of(db, main=main_with(T_G2A=5, T_G2C=2), g=BASE_G), "vanguard.copies")
    assert (found.section, found.count, found.limit, found.ref, found.cards) == ("main", 5, 4, "5.2.2.2", ["T-G2A"])
    assert "試験の剣士 ブレード" in found.message and "T-G2A" in found.message


def test_reprints_pool_by_name(db):
    main = main_with(G_BT01_010=3, G_BT01_S10=2, T_G1C=1)
    (found,) = only(violations_of(db, main=main, g=BASE_G), "vanguard.copies")
    assert (found.count, found.limit) == (5, 4)
    assert found.cards == ["G-BT01/010", "G-BT01/S10"]
    assert "試験の槍騎士 ランサー" in found.message and "G-BT01/S10" in found.message


def test_reprints_two_and_two_are_legal(db):
    main = main_with(G_BT01_010=2, G_BT01_S10=2)
    assert violations_of(db, main=main, g=BASE_G) == []


def test_a_name_listed_by_number_and_by_name_is_summed(db):
    main = main_with(T_G2A=2, T_G2C=2, **{"試験の剣士 ブレード": 3})
    (found,) = only(violations_of(db, main=main, g=BASE_G), "vanguard.copies")
    assert found.count == 5


def test_one_finding_per_name_over_the_limit(db):
    main = main_with(T_G2A=5, T_G2B=5, T_G2C=1)
    found = only(violations_of(db, main=main, g=BASE_G), "vanguard.copies")
    assert sorted(v.cards[0] for v in found) == ["T-G2A", "T-G2B"]


def test_main_and_g_are_counted_separately(db):
    # 6: a normal unit and a G unit both named X; 4 in main and 4 in g.
    main = main_with(T_G1B=0, T_X1=4)
    g = g_with(T_GA=0, T_X4=4)
    assert violations_of(db, main=main, g=g) == []


def test_five_copies_of_a_name_in_g(db):
    (found,) = only(violations_of(db, main=BASE_MAIN, g=g_with(T_GA=5, T_GD=3)), "vanguard.copies")
    assert (found.section, found.count, found.limit, found.ref, found.cards) == ("g", 5, 4, "5.3.2.1", ["T-GA"])
    assert "G deck" in found.message and "試験の超越王 ジェネシス" in found.message and "5.3.2.1" in found.message


# 5.2.2.2.1 as corrected: reprints pool by name in the G deck too (one G-unit name under two numbers).
G_REPRINTS = [rec(number, "再録の超越者 リプライズ", "g-unit", 4) for number in ("T-GR1", "T-GR2")]


@pytest.fixture(scope="module")
def reprint_db():
    return make_db("vanguard", records_with(extra=G_REPRINTS))


def test_g_reprints_pool_by_name(reprint_db):
    g = g_with(T_GA=0, T_GB=3, T_GR1=3, T_GR2=2)
    assert sum(g.values()) == 16
    (found,) = only(violations_of(reprint_db, main=BASE_MAIN, g=g), "vanguard.copies")
    assert (found.section, found.count, found.limit, found.ref) == ("g", 5, 4, "5.3.2.1")
    assert found.cards == ["T-GR1", "T-GR2"]
    assert "再録の超越者 リプライズ" in found.message and "G deck" in found.message


def test_g_reprints_two_and_two_are_legal(reprint_db):
    assert violations_of(reprint_db, main=BASE_MAIN, g=g_with(T_GA=0, T_GR1=2, T_GR2=2)) == []


@pytest.mark.parametrize(("first", "second", "legal"), [(1, 3, True), (3, 1, True), (1, 4, False), (4, 1, False)])
def test_g_reprints_pooled_boundary(reprint_db, first, second, legal):
    g = g_with(T_GA=0, T_GB=3, T_GR1=first, T_GR2=second)
    assert sum(g.values()) == 11 + first + second <= 16
    violations = violations_of(reprint_db, main=BASE_MAIN, g=g)
    if legal:
        assert violations == []
    else:
        (found,) = only(violations, "vanguard.copies")
        assert (found.section, found.count, found.limit, found.cards) == ("g", 5, 4, ["T-GR1", "T-GR2"])


def test_deck_limit_any_allows_eight(db):
    main = main_with(G_BT01_010=0, T_G1B=0, T_ANY=8)
    assert violations_of(db, main=main, g=BASE_G) == []


@pytest.mark.parametrize(("copies", "legal"), [(1, True), (2, False)])
def test_deck_limit_one(copies, legal):
    limited = make_db("vanguard", records_with({"T-ANY": {"deck_limit": 1}}))
    main = main_with(T_G1C=2 - copies, T_ANY=copies)
    violations = violations_of(limited, main=main, g=BASE_G)
    if legal:
        assert violations == []
    else:
        (found,) = only(violations, "vanguard.copies")
        assert (found.count, found.limit, found.cards) == (2, 1, ["T-ANY"])
        assert "own text" in found.message and "群れ成す試験兵 スウォーム" in found.message


def test_deck_limit_applies_in_the_g_deck():
    limited = make_db("vanguard", records_with({"T-GE": {"deck_limit": 1}}))
    assert violations_of(limited, main=BASE_MAIN, g=g_with(T_GD=3, T_GE=1)) == []
    (found,) = only(violations_of(limited, main=BASE_MAIN, g=g_with(T_GD=2, T_GE=2)), "vanguard.copies")
    assert (found.section, found.count, found.limit) == ("g", 2, 1)


def test_deck_limit_any_heal_still_counts_as_a_heal():
    free_heal = make_db("vanguard", records_with({"T-HEL": {"deck_limit": "any"}}))
    (found,) = only(violations_of(free_heal, main=main_with(T_CRI=3, T_HEL=5), g=BASE_G), "vanguard.heal-triggers")
    assert (found.count, found.limit) == (5, 4)


# 7: heal triggers -----------------------------------------------------------------------------------


def test_five_heal_triggers(db):
    main = main_with(T_CRI=3, T_HEL2=1)
    (found,) = only(violations_of(db, main=main, g=BASE_G), "vanguard.heal-triggers")
    assert (found.count, found.limit, found.ref, found.section) == (5, 4, "5.2.2.4", "main")
    assert found.cards == ["T-HEL", "T-HEL2"]
    assert "試験の癒し手 ヒーラ" in found.message and "二人目の癒し手 ヒーラツー" in found.message
    assert "5.2.2.4" in found.message and "corrected" in found.message


# 8: trigger count -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("main", "count"),
    [(main_with(T_DRW=3, T_G1N=1), 15), (main_with(T_G1C=1, T_STD2=1), 17)],
    ids=["15", "17"],
)
def test_triggers_must_be_exactly_16(db, main, count):
    (found,) = only(violations_of(db, main=main, g=BASE_G), "vanguard.triggers")
    assert (found.count, found.limit, found.ref) == (count, 16, "5.2.2.3")
    assert f"{count} trigger units" in found.message and "試験の射手 クリティア" in found.message


# 9: sentinels -----------------------------------------------------------------------------------------


def test_five_sentinels_of_two_names(db):
    (found,) = only(violations_of(db, main=main_with(T_G1C=1, T_SEN2=1), g=BASE_G), "vanguard.sentinels")
    assert (found.count, found.limit, found.ref, found.cards) == (5, 4, "5.2.2.5", ["T-SEN", "T-SEN2"])
    assert "二人目の大盾 センチネルツー" in found.message


def test_sentinels_in_g_are_not_counted():
    # A (wrongly) sentinel-flagged G unit in g: only main is counted (11.9.1 vs 5.2.2.5).
    flagged = make_db("vanguard", records_with({"T-GA": {"sentinel": True}}))
    assert violations_of(flagged, main=BASE_MAIN, g=BASE_G) == []
    assert any("T-GA" in note for note in flagged.warnings)


# 10: types --------------------------------------------------------------------------------------------


def test_g_unit_in_main(db):
    found = only(violations_of(db, main=main_with(T_G3B=3, T_GA=1), g=BASE_G), "vanguard.main-types")
    assert len(found) == 1
    assert (found[0].cards, found[0].count, found[0].ref) == (["T-GA"], None, "5.2.2.6")
    assert "試験の超越王 ジェネシス" in found[0].message and "G unit" in found[0].message


def test_one_main_types_finding_per_name(db):
    found = only(violations_of(db, main=main_with(T_G3B=2, T_GA=1, T_GB=1), g=BASE_G), "vanguard.main-types")
    assert [v.cards for v in found] == [["T-GA"], ["T-GB"]]


def test_normal_unit_in_g(db):
    (found,) = only(violations_of(db, main=BASE_MAIN, g=g_with(T_GD=3, T_G3N=1)), "vanguard.g-types")
    assert (found.section, found.cards, found.count, found.ref) == ("g", ["T-G3N"], None, "5.3.3")
    assert "新顔の騎士王 ニュースリー" in found.message and "normal" in found.message


def test_trigger_unit_in_g(db):
    (found,) = only(violations_of(db, main=BASE_MAIN, g=g_with(T_GD=3, T_HEL2=1)), "vanguard.g-types")
    assert "trigger unit" in found.message


# 11: G deck size --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("g", "legal"), [({}, True), ({"T-GA": 1}, True), (BASE_G, True), (g_with(T_GE=1), False)])
def test_g_size_boundaries(db, g, legal):
    violations = violations_of(db, main=BASE_MAIN, g=g)
    if legal:
        assert violations == []
    else:
        (found,) = only(violations, "vanguard.g-size")
        assert (found.section, found.count, found.limit, found.ref) == ("g", 17, 16, "5.3.2")
        assert "17" in found.message and "16" in found.message


# 14: first vanguard -------------------------------------------------------------------------------------


def test_a_grade_0_trigger_may_be_the_first_vanguard(db):
    assert violations_of(db, main=main_with(T_FV=0, T_G1N=1), g=BASE_G) == []


def test_no_grade_0_unit():
    grade1_triggers = {n: {"grade": 1} for n in ("T-CRI", "T-DRW", "T-STD", "T-HEL")}
    no_zero = make_db("vanguard", records_with(grade1_triggers))
    (found,) = only(violations_of(no_zero, main=main_with(T_FV=0, T_G1N=1), g=BASE_G), "vanguard.first-vanguard")
    assert (found.ref, found.section) == ("5.4.3", "main")
    assert "5.4.3" in found.message


def test_a_grade_0_g_unit_is_no_first_vanguard():
    grade1_triggers = {n: {"grade": 1} for n in ("T-CRI", "T-DRW", "T-STD", "T-HEL")}
    odd = make_db("vanguard", records_with({**grade1_triggers, "T-GE": {"grade": 0}}))
    violations = violations_of(odd, main=main_with(T_FV=0, T_GE=1), g=BASE_G)
    assert rule_ids(violations) == ["vanguard.main-types", "vanguard.first-vanguard"]


def test_every_rule_fires_at_once_in_spec_order():
    # every error rule; vanguard.unverified (a warning) fires only where the card data cannot tell (tests below)
    main = {"T-GA": 5, "T-HEL": 5, "T-HEL2": 1, "T-SEN": 4, "T-SEN2": 1, "T-G1B": 1}
    violations = violations_of(
        make_db("vanguard", records_with({n: {"grade": 1} for n in ("T-HEL", "T-HEL2")})),
        main=main,
        g={"T-G1N": 17},
    )
    assert rule_ids(violations) == [rule.id for rule in GAME.rules if rule.severity == "error"]


# The card record --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "alias", "canonical"),
    [
        ("type", "ノーマルユニット", "normal"),
        ("type", "トリガーユニット", "trigger"),
        ("type", "Gユニット", "g-unit"),
        ("type", "Ｇユニット", "g-unit"),
        ("trigger", "アイコンなし", "none"),
        ("trigger", "なし", "none"),
        ("trigger", "クリティカルトリガー", "critical"),
        ("trigger", "ドロートリガー", "draw"),
        ("trigger", "スタンドトリガー", "stand"),
        ("trigger", "ヒールトリガー", "heal"),
        ("trigger", "☆", "critical"),
        ("trigger", "引", "draw"),
        ("trigger", "醒", "stand"),
        ("trigger", "治", "heal"),
        ("nation", "ユナイテッドサンクチュアリ", "united-sanctuary"),
        ("nation", "ドラゴンエンパイア", "dragon-empire"),
        ("nation", "スターゲート", "star-gate"),
        ("nation", "ダークゾーン", "dark-zone"),
        ("nation", "メガラニカ", "magallanica"),
        ("nation", "ズー", "zoo"),
        ("skill", "ブースト", "boost"),
        ("skill", "インターセプト", "intercept"),
        ("skill", "ツインドライブ!!", "twin-drive"),
        ("skill", "ツインドライブ！！", "twin-drive"),
        ("skill", "ツインドライブ", "twin-drive"),
        ("skill", "トリプルドライブ!!!", "triple-drive"),
        ("skill", "トリプルドライブ", "triple-drive"),
    ],
)
def test_japanese_aliases(field, alias, canonical):
    record = rec("A-1", "別名の試験体", "normal", 1, **{field: alias})
    card = make_db("vanguard", [record]).cards["A-1"]
    assert getattr(card, field) == canonical


def test_unknown_enum_value_is_a_broken_database():
    with pytest.raises(CardDatabaseError, match="trigger"):
        make_db("vanguard", [rec("A-1", "謎の試験体", "trigger", 0, "super")])


@pytest.mark.parametrize("type_", ["normal", "g-unit", "ノーマルユニット", "Ｇユニット"])
def test_trigger_defaults_to_none_for_iconless_types(type_):
    record = rec("A-1", "無印の試験体", type_, 1)
    del record["trigger"]
    assert make_db("vanguard", [record]).cards["A-1"].trigger == "none"


@pytest.mark.parametrize("type_", ["trigger", "トリガーユニット"])
def test_trigger_unit_must_state_its_trigger(type_):
    record = rec("A-1", "無印の試験体", type_, 0)
    del record["trigger"]
    with pytest.raises(CardDatabaseError, match="'trigger': is required"):
        make_db("vanguard", [record])


@pytest.mark.parametrize(("grade", "ok"), [(-1, False), (0, True), (4, True), (5, False), ("３", True)])
def test_grade_range(grade, ok):
    record = {**rec("A-1", "段位の試験体", "normal", 1), "grade": grade}
    if ok:
        assert make_db("vanguard", [record]).cards["A-1"].grade in (0, 3, 4)
    else:
        with pytest.raises(CardDatabaseError, match="grade"):
            make_db("vanguard", [record])


def test_power_drops_the_printed_plus_and_clans_accepts_one_string():
    card = make_db("vanguard", [rec("A-1", "力の試験体", "g-unit", 4, power="15000+", clans="かげろう")]).cards["A-1"]
    assert (card.power, card.clans) == (15000, ["かげろう"])


@pytest.mark.parametrize(("skill", "drive"), [(None, 1), ("boost", 1), ("twin-drive", 2), ("triple-drive", 3)])
def test_drive_comes_from_the_skill_icon(skill, drive):
    card = make_db("vanguard", [rec("A-1", "駆動の試験体", "normal", 3, skill=skill)]).cards["A-1"]
    assert card.drive == drive


def test_names_pool_after_nfkc(db):
    wide = make_db(
        "vanguard",
        records_with(
            {"T-G2A": {"name": "ＤＣ試作機　アルファ"}},
            extra=[rec("T-G2A2", "DC試作機 アルファ", "normal", 2)],
        ),
    )
    assert wide.cards["T-G2A"].name == "DC試作機 アルファ"
    main = main_with(T_G2A=3, T_G2A2=2, T_G2C=2)
    (found,) = only(violations_of(wide, main=main, g=BASE_G), "vanguard.copies")
    assert (found.count, found.cards) == (5, ["T-G2A", "T-G2A2"])
    # A deck may name the card in either width.
    assert violations_of(wide, main=main_with(T_G2A=0, **{"ＤＣ試作機 アルファ": 4}), g=BASE_G) == []


def test_deck_limit_disagreement_is_a_broken_database():
    with pytest.raises(CardDatabaseError) as error:
        make_db("vanguard", records_with({"G-BT01/S10": {"deck_limit": 1}}))
    assert "G-BT01/010" in str(error.value) and "G-BT01/S10" in str(error.value)


def test_consistency_warnings():
    odd = make_db(
        "vanguard",
        [
            rec("W-1", "矛盾の試験体 いち", "trigger", 0, "none"),
            rec("W-2", "矛盾の試験体 に", "normal", 0, "heal"),
            rec("W-3", "矛盾の試験体 さん", "g-unit", 3),
            rec("W-4", "矛盾の試験体 よん", "normal", 3, skill="boost"),
            rec("W-5", "矛盾の試験体 ご", "trigger", 1, "draw"),
        ],
    )
    for number in ("W-1", "W-2", "W-3", "W-4", "W-5"):
        assert any(number in note for note in odd.warnings), number


def test_base_records_raise_no_warnings(db):
    assert db.warnings == []


# The shipped database and example decks ----------------------------------------------------------------


def test_shipped_database_covers_the_fields(isolated_carddb):
    shipped = load_carddb("vanguard")
    cards = list(shipped.cards.values())
    assert len(cards) >= 60
    assert shipped.warnings == []
    assert {c.trigger for c in cards} == {"none", "critical", "draw", "stand", "heal"}
    assert any(c.sentinel for c in cards)
    assert {c.grade for c in cards if c.type == "normal"} == {0, 1, 2, 3}
    assert all(c.grade == 4 and c.skill == "triple-drive" for c in cards if c.type == "g-unit")
    assert any(c.type == "g-unit" and c.shield for c in cards)  # a G guardian
    assert all(c.skill == "twin-drive" for c in cards if c.type == "normal" and c.grade == 3)
    assert len({clan for c in cards for clan in c.clans}) >= 5
    assert {c.nation for c in cards} >= {
        "united-sanctuary",
        "dragon-empire",
        "star-gate",
        "dark-zone",
        "magallanica",
        "zoo",
        None,
    }
    assert any(len(same) > 1 for same in shipped.by_name.values())  # a reprint
    assert {c.deck_limit for c in cards} >= {None, "any", 1}


@pytest.mark.parametrize("deck_file", ["dawn_knights.deck.toml", "ember_wings.txt"])
def test_example_decks_are_legal(isolated_carddb, deck_file):
    deck = load_deck(REPO / "decks" / "vanguard" / deck_file)
    assert deck.size("main") == 50
    assert 0 < deck.size("g") <= 16
    main = deck.cards("main")
    assert sum(n for c, n in main if c.trigger != "none") == 16
    assert any(c.grade == 0 and c.type == "normal" for c, _ in main)
    assert check_deck(deck) == []
