"""Cardfight!! Vanguard construction rules (shared/spec/vanguard.md), examples 1–14 and the boundaries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tomli_w
from conftest import in_english_and_japanese, make_db, make_deck, rule_ids, violations_of

from deckcheck import check, check_deck, load_deck
from deckcheck.carddb.db import load_carddb, load_layers
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
    # facts the real card data cannot tell (spec, "Real card data: facts that may be unknown")
    rec("T-SON", "謎の見習い ミステリ", "normal", 0, "stand-or-none"),
    rec("T-SON2", "謎の見習い ミステリツー", "normal", 0, "stand-or-none"),
    rec("T-SEU", "謎の大盾 アンノウン", "normal", 1, sentinel="unknown"),
    rec("T-SEU2", "謎の大盾 アンノウンツー", "normal", 1, sentinel="unknown"),
    rec("T-G4N", "主デッキの超越龍 ヌーベル", "normal", 4, skill="twin-drive"),  # EB09/001's kind: main-deck grade 4
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


def test_a_grade_4_normal_unit_is_legal_in_main_and_no_note(db):
    assert violations_of(db, main=main_with(T_G3A=3, T_G4N=1), g=BASE_G) == []


def test_base_records_raise_no_warnings(db):
    assert db.warnings == []


# The shipped database and example decks ----------------------------------------------------------------


def test_shipped_database_is_the_real_card_list(isolated_carddb):
    shipped = load_carddb("vanguard")
    cards = list(shipped.cards.values())
    assert len(cards) == 7722 and len(shipped.by_name) >= 5600
    assert shipped.warnings == []  # the seven grade-4 normal units are real cards, not notes (spec)
    assert {c.trigger for c in cards} == {"none", "critical", "draw", "stand", "heal", "stand-or-none"}
    assert sum(c.trigger == "stand-or-none" for c in cards) == 158  # the source README's count
    # the source's 454 unknown sentinels, and 18 old perfect guards it calls no sentinel (shield 0: the converter
    # makes them unknown); 158 known sentinels and 2 promo printings of two of them
    assert sum(c.sentinel == "unknown" for c in cards) == 472 and sum(c.sentinel is True for c in cards) == 160
    assert {c.grade for c in cards if c.type == "normal"} == {0, 1, 2, 3, 4}
    assert all(c.grade == 4 and c.skill == "triple-drive" for c in cards if c.type == "g-unit")
    assert any(c.type == "g-unit" and c.shield for c in cards)  # G guardians
    assert all(c.skill == "twin-drive" for c in cards if c.type == "normal" and c.grade == 3)
    assert sum(not c.clans for c in cards) == 18  # ゼロスドラゴン G units, クレイエレメンタル cards
    assert {c.nation for c in cards} == {
        "united-sanctuary",
        "dragon-empire",
        "star-gate",
        "dark-zone",
        "magallanica",
        "zoo",
        "cray-elemental",
        None,
    }
    assert len(shipped.named("ブラスター・ブレード")) == 10  # reprints share one name
    # names that differ only by width or spacing in the source are one name
    assert len({c.number for c in shipped.named("スノーエレメント ブリーザ")}) >= 2


@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("G-BT01/001", "G-BT01/001"),
        ("g-bt01/001", "G-BT01/001"),
        ("Ｇ－ＢＴ０１／００１", "G-BT01/001"),
        ("G-BT01-001", "G-BT01/001"),
        ("PR/0471 W", "PR/0471 W"),
        ("PR/0471W", "PR/0471 W"),
        ("PR/0471  B", "PR/0471 B"),
        ("G-BT01/023PR", "G-BT01/023 PR"),
        ("G-BT01/023 PR", "G-BT01/023 PR"),
        ("G-CB01/031BPR", "G-CB01/031B PR"),
        ("G-BT07/001SGR", "G-BT07/001 SGR"),
        ("EB10/024W", "EB10/024W"),
        ("EB10/024 W", "EB10/024W"),
        ("BT16/024PR_", "BT16/024PR_"),
        ("G-BT09/Re:01", "G-BT09/RE:01"),
    ],
)
def test_printed_numbers_and_the_spellings_players_type(isolated_carddb, typed, number):
    card = load_carddb("vanguard").resolve(typed)
    assert card is not None and card.number == number
    assert card.printed_number.upper() == number  # shown as printed: `G-BT09/Re:01`


def test_names_shared_by_different_cards_pool_for_the_copy_limit(isolated_carddb):
    # ドラゴンナイト レザー is printed at grade 1 and grade 2: one name, one limit (5.2.2.2.1)
    shipped = load_carddb("vanguard")
    razers = shipped.named("ドラゴンナイト レザー")
    assert {c.grade for c in razers} == {1, 2}
    assert len({c.name for c in razers}) == 1


EXAMPLE_DECKS = sorted(path.name for path in (REPO / "decks" / "vanguard").iterdir())


@pytest.mark.parametrize("deck_file", EXAMPLE_DECKS)
def test_example_decks_are_legal_real_decks(isolated_carddb, deck_file):
    deck = load_deck(REPO / "decks" / "vanguard" / deck_file)
    assert deck.size("main") == 50 and deck.size("g") == 16
    main = deck.cards("main")
    assert sum(n for c, n in main if c.is_trigger) == 16
    assert not any(c.number.startswith("DC-") for section in ("main", "g") for c, _ in deck.cards(section))
    assert check_deck(deck) == []


def test_example_decks_cover_every_nation_and_name_cards_by_name(isolated_carddb):
    assert len(EXAMPLE_DECKS) >= 6
    decks = [load_deck(REPO / "decks" / "vanguard" / name) for name in EXAMPLE_DECKS]
    nations = {card.nation for deck in decks for card, _ in deck.cards("main")}
    assert nations >= {"united-sanctuary", "dragon-empire", "star-gate", "dark-zone", "magallanica", "zoo"}
    by_name = [
        deck
        for deck in decks
        if deck.source.entries and all(entry.key == entry.card.name for entry in deck.source.entries if entry.card)
    ]
    assert by_name, "no example deck names its cards by name"


# Real card data: facts that may be unknown (spec) --------------------------------------------------------------
# A verdict is never built on a guess: proven broken is an error, proven to hold is nothing, otherwise the warning
# vanguard.unverified names the cards. Deck sizes stay at 50 so that only the rule under test can fire.


def _unverified(violations):
    found = only(violations, "vanguard.unverified")
    assert all(v.severity == "warning" for v in found)
    return found


@pytest.mark.parametrize(
    ("counts", "expected", "phrase"),
    [
        # known 16, no unknown card: proven to hold
        ({}, [], None),
        # 15 known + 1 stand-or-none: 16 only if it is a stand trigger
        ({"T_DRW": 3, "T_SON": 1}, ["vanguard.unverified"], "only if this copy is a stand trigger"),
        # 16 known + 1 stand-or-none (replacing a grade 1): 16 only if it is not
        ({"T_G1C": 1, "T_SON": 1}, ["vanguard.unverified"], "only if this copy is not a stand trigger"),
        # 14 known + 3: exactly 2 of the 3 copies
        ({"T_DRW": 2, "T_SON": 3, "T_G1C": 1}, ["vanguard.unverified"], "exactly 2 of these 3 copies are stand"),
        # 13 known + 3: all 3
        ({"T_DRW": 1, "T_SON": 3, "T_G1C": 2}, ["vanguard.unverified"], "all 3 of these copies are stand triggers"),
        # 17 known (+1 unknown): broken whatever it is
        ({"T_STD2": 1, "T_SON": 1, "T_G1C": 0}, ["vanguard.triggers"], None),
        # 13 known + 2 unknown: 15 at most, broken whatever they are
        ({"T_DRW": 1, "T_SON": 2, "T_G1C": 3}, ["vanguard.triggers"], None),
    ],
)
def test_triggers_with_stand_or_none_cards(db, counts, expected, phrase):
    main = main_with(**counts)
    assert sum(main.values()) == 50
    violations = violations_of(db, main=main, g=BASE_G)
    assert rule_ids(violations) == expected, [v.message for v in violations]
    if phrase is not None:
        (finding,) = _unverified(violations)
        data = finding.to_json()
        known = sum(n for k, n in main.items() if db.cards[k].is_trigger)
        assert (data["unverified"], data["ref"], data["count"], data["limit"]) == (
            "vanguard.triggers",
            "5.2.2.3",
            known,
            16,
        )
        assert data["unknown"] == main["T-SON"] and data["cards"] == ["T-SON"]
        assert phrase in finding.message and "謎の見習い ミステリ ×" in finding.message


def test_triggers_broken_with_unknown_cards_say_the_most_they_could_be(db):
    violations = violations_of(db, main=main_with(T_DRW=1, T_SON=2, T_G1C=3), g=BASE_G)
    (finding,) = only(violations, "vanguard.triggers")
    assert "2 cards that may be stand triggers" in finding.message and "15 at most" in finding.message


@pytest.mark.parametrize(
    ("counts", "expected", "phrase"),
    [
        ({"T_SEN": 3, "T_SEU": 1}, [], None),  # 3 known + 1 unknown: at most 4 whatever it is
        ({"T_G1C": 1, "T_SEU": 1}, ["vanguard.unverified"], "only if this copy is not a sentinel"),  # 4 + 1 unknown
        ({"T_SEN": 2, "T_SEU": 3, "T_G1C": 1}, ["vanguard.unverified"], "at most 2 of these 3 copies are sentinels"),
        ({"T_SEN2": 1, "T_SEU": 2, "T_G1C": 0, "G_BT01_010": 3}, ["vanguard.sentinels"], None),  # 5 known: broken
    ],
)
def test_sentinels_with_unknown_cards(db, counts, expected, phrase):
    main = main_with(**counts)
    assert sum(main.values()) == 50
    violations = violations_of(db, main=main, g=BASE_G)
    assert rule_ids(violations) == expected, [v.message for v in violations]
    if phrase is not None:
        (finding,) = _unverified(violations)
        data = finding.to_json()
        assert (data["unverified"], data["ref"], data["limit"], data["unknown"]) == (
            "vanguard.sentinels",
            "5.2.2.5",
            4,
            main["T-SEU"],
        )
        assert phrase in finding.message


def test_both_counts_unverified_give_one_warning_each_and_fail_only_on_warning(db):
    deck = make_deck(db, main=main_with(T_DRW=3, T_SON=1, T_G1C=1, T_SEU=1), g=BASE_G)
    violations = check_deck(deck, db)
    assert [v.to_json()["unverified"] for v in _unverified(violations)] == ["vanguard.triggers", "vanguard.sentinels"]
    report = check(deck)
    assert report.legal and not report.fails("error") and report.fails("warning")


def test_stand_or_none_is_never_a_heal_and_may_be_the_first_vanguard(db):
    # the only grade-0 normal unit is a stand-or-none card: it is a grade-0 unit whatever its icon
    main = main_with(T_FV=0, T_SON=1)
    violations = violations_of(db, main=main, g=BASE_G)
    assert rule_ids(violations) == ["vanguard.unverified"]


def test_a_layer_settles_an_unknown_fact(tmp_path):
    records = records_with()
    stand = {"type": "trigger", "trigger": "stand"}
    settled = make_db("vanguard", records_with({"T-SON": stand}))
    main = main_with(T_DRW=3, T_SON=1)
    assert violations_of(settled, main=main, g=BASE_G) == []
    plain = make_db("vanguard", records_with({"T-SON": {"trigger": "none"}}))
    assert rule_ids(violations_of(plain, main=main, g=BASE_G)) == ["vanguard.triggers"]
    # the same through a --carddb layer over a database that says stand-or-none
    base, layer = tmp_path / "base" / "vanguard", tmp_path / "layer" / "vanguard"
    base.mkdir(parents=True)
    layer.mkdir(parents=True)
    (base / "cards.toml").write_text(tomli_w.dumps({"cards": records}), encoding="utf-8")
    record = next(r for r in records if r["number"] == "T-SON")
    (layer / "mine.toml").write_text(tomli_w.dumps({"cards": [{**record, **stand}]}), encoding="utf-8")
    assert load_layers("vanguard", [base.parent]).cards["T-SON"].trigger == "stand-or-none"
    layered = load_layers("vanguard", [base.parent, layer.parent])
    assert layered.cards["T-SON"].trigger == "stand"
    assert violations_of(layered, main=main, g=BASE_G) == []


@pytest.mark.parametrize(
    ("field", "value", "stored"),
    [("trigger", "stand?", "stand-or-none"), ("sentinel", "unknown", "unknown"), ("sentinel", "?", "unknown")],
)
def test_unknown_facts_are_read_and_shown_as_unknown(field, value, stored):
    grade = 0 if field == "trigger" else 1
    card = make_db("vanguard", [rec("U-1", "謎 いち", "normal", grade, **{field: value})]).cards["U-1"]
    assert getattr(card, field) == stored
    assert card.shown_value(field) == ("stand?" if field == "trigger" else "?")
    assert card.shown_value("grade") == grade


def test_unknown_facts_in_the_profile(db):
    deck = make_deck(db, main=main_with(T_DRW=3, T_SON=1, T_G1C=1, T_SEU=1), g=BASE_G)
    profile = {one.title: one.buckets for one in GAME.profile.distributions(deck)}
    assert profile["triggers"]["stand?"] == 1 and profile["sentinels"] == {"sentinel": 4, "sentinel?": 1}


def test_the_shipped_sample_regulations_name_real_cards_and_judge_the_example_decks(isolated_carddb):
    from deckcheck.checking.run import check_paths  # noqa: PLC0415 - the checking layer, for this test only

    folder = REPO / "decks" / "vanguard"
    findings = {
        regulation: {
            Path(report.path).name: [(v.rule, v.section, v.count) for v in report.violations]
            for report in check_paths([folder], regulation=regulation).reports
            if report.violations
        }
        for regulation in ("Sample Standard 2026-04", "Sample Standard 2026-10")
    }
    assert findings["Sample Standard 2026-04"] == {}
    assert findings["Sample Standard 2026-10"] == {
        "kagerou-overlord-destiny.txt": [("regulation.banned", "g", 2)],  # a G unit banned by name
        "royal-paladin-altmile.deck.toml": [("regulation.restricted", "main", 4)],  # 4 of a name limited to 2
    }


def test_real_printings_pool_by_name_whatever_their_number_or_spacing(isolated_carddb, tmp_path):
    # an art pair (B/W), typed as printed and without its space; G units whose names are printed with a full-width
    # space (G-BT02/043 PR) and with two spaces (G-BT14/004), typed with one: the copies of a name count together
    deck_file = tmp_path / "pairs.txt"
    deck_file.write_text(
        "game: vanguard\n## main\n2 PR/0471 B\n2 PR/0471W\n1 PR/0471 W\n"
        "## g\n3 スノーエレメント ブリーザ\n2 G-BT02/043PR\n4 不滅の聖剣 フィデス\n1 G-BT14/004\n",
        encoding="utf-8",
    )
    deck = load_deck(deck_file)
    copies = sorted((len(v.cards), v.count) for v in check_deck(deck) if v.rule == "vanguard.copies")
    assert copies == [(1, 5), (2, 5), (2, 5)]  # one finding per name, naming each number the deck used
    assert {card.name for card, _ in deck.cards("g")} == {"スノーエレメント ブリーザ", "不滅の聖剣 フィデス"}


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("リザードガンナー アンドゥー", "リザードランナー アンドゥー"),  # a player's mistake (decklist-styles.md)
        ("希望の火エルモ", "希望の火 エルモ"),  # an epithet run into the name
        ("ブラスターブレード・スピリッツ", "ブラスター・ブレード・スピリット"),
    ],
)
def test_a_misspelt_real_name_suggests_the_real_card_first(isolated_carddb, typed, meant):
    suggestions = load_carddb("vanguard").suggest(typed)
    assert suggestions and suggestions[0].startswith(f"{meant} (")


# In Japanese (issue 29) ----------------------------------------------------------------------------------------


def _machine_fields(violations):
    return [{k: v for k, v in violation.to_json().items() if k != "message"} for violation in violations]


def test_every_rule_speaks_japanese_with_its_rule_number_and_the_same_machine_fields():
    main = {"T-GA": 5, "T-HEL": 5, "T-HEL2": 1, "T-SEN": 4, "T-SEN2": 1, "T-G1B": 1}
    db = make_db("vanguard", records_with({n: {"grade": 1} for n in ("T-HEL", "T-HEL2")}))
    english, japanese = in_english_and_japanese(lambda: violations_of(db, main=main, g={"T-G1N": 17}))
    assert _machine_fields(japanese) == _machine_fields(english)
    by_rule = {}
    for violation in japanese:
        by_rule.setdefault(violation.rule, []).append(violation.message)
    assert (
        "メインデッキにカード名「試験の超越王 ジェネシス」のカードが5枚あります（T-GA）。"
        in by_rule["vanguard.copies"][0]
    )
    assert by_rule["vanguard.copies"][0].endswith(
        "同じカード名のカードは、デッキごとにそれぞれ4枚までです（5.2.2.2）。"
    )
    assert any(
        m.startswith("Gデッキにカード名「新顔の従騎士 ニューワン」のカードが17枚") for m in by_rule["vanguard.copies"]
    )
    assert by_rule["vanguard.triggers"] == [
        "メインデッキのトリガーユニットは6枚です（試験の癒し手 ヒーラ (T-HEL)、二人目の癒し手 ヒーラツー (T-HEL2)）。"
        "すべてのカード名を合わせて16枚ちょうど必要です（5.2.2.3）。"
    ]
    assert by_rule["vanguard.heal-triggers"][0].startswith("メインデッキのヒールトリガーは6枚です（")
    assert "4枚までです（5.2.2.4 を訂正して適用" in by_rule["vanguard.heal-triggers"][0]
    assert by_rule["vanguard.sentinels"] == [
        "メインデッキの守護者を持つカードは5枚です（試験の大盾 センチネラ (T-SEN)、二人目の大盾 センチネルツー "
        "(T-SEN2)）。すべてのカード名を合わせて4枚までです（5.2.2.5）。"
    ]
    assert by_rule["vanguard.main-types"] == [
        "「試験の超越王 ジェネシス」（T-GA）はGユニットです。メインデッキに入れられるのはノーマルユニットとトリガー"
        "ユニットだけです（5.2.2.6）。この5枚はGデッキに入れてください。"
    ]
    assert by_rule["vanguard.g-types"] == [
        "「新顔の従騎士 ニューワン」（T-G1N、17枚）はノーマルユニットです。Gデッキに入れられるのはGユニットだけです"
        "（5.3.3）。"
    ]
    assert by_rule["vanguard.first-vanguard"][0].startswith(
        "メインデッキにグレード0のユニットがないため、ゲーム前の準備でファーストヴァンガードを選べません（5.4.3。"
    )
    # (the size rules' messages come from the shared size_violations of deckcheck.model.game)
    own = [
        m
        for rule, messages in by_rule.items()
        if rule not in ("vanguard.main-size", "vanguard.g-size")
        for m in messages
    ]
    assert not [m for m in own if any(word in m for word in ("copies", "deck", "unit"))]


def test_a_trigger_unit_in_the_g_deck_and_a_deck_limit_in_japanese(db):
    limited = make_db("vanguard", records_with({"T-GA": {"deck_limit": 1}}))
    english, japanese = in_english_and_japanese(
        lambda: violations_of(limited, main=main_with(T_CRI=3), g=g_with(T_GA=2, T_GB=1, T_CRI=1))
    )
    assert _machine_fields(japanese) == _machine_fields(english)
    messages = [v.message for v in japanese]
    assert (
        "Gデッキにカード名「試験の超越王 ジェネシス」のカードが2枚あります（T-GA）。"
        "このカードのテキストにより1枚までです（1.3.1。5.3.2.1 の4枚に代わります）。" in messages
    )
    assert (
        "「試験の射手 クリティア」（T-CRI、1枚）はトリガーユニットです。"
        "Gデッキに入れられるのはGユニットだけです（5.3.3）。" in messages
    )


@pytest.mark.parametrize(
    ("counts", "phrase"),
    [
        (
            {"T_DRW": 3, "T_SON": 1},
            "メインデッキのトリガーがちょうど16枚になるのは、この1枚がスタンドトリガーである場合だけです",
        ),
        ({"T_G1C": 1, "T_SON": 1}, "この1枚がスタンドトリガーでない場合だけです（5.2.2.3）"),
        ({"T_DRW": 2, "T_SON": 3, "T_G1C": 1}, "この3枚のうちちょうど2枚がスタンドトリガーである場合だけです"),
        ({"T_DRW": 1, "T_SON": 3, "T_G1C": 2}, "この3枚がすべてスタンドトリガーである場合だけです"),
        (
            {"T_G1C": 1, "T_SEU": 1},
            "守護者を持つカードが4枚以下になるのは、この1枚が守護者を持たない場合だけです",
        ),
        ({"T_SEN": 2, "T_SEU": 3, "T_G1C": 1}, "この3枚のうち守護者を持つのが2枚以下である場合だけです（5.2.2.5）"),
    ],
)
def test_unverified_counts_in_japanese(db, counts, phrase, command_line):
    english, japanese = in_english_and_japanese(lambda: violations_of(db, main=main_with(**counts), g=BASE_G))
    assert _machine_fields(japanese) == _machine_fields(english)
    (finding,) = japanese
    assert phrase in finding.message, finding.message
    assert "自分のカードファイル（--carddb）" in finding.message and "謎の" in finding.message


def test_too_few_triggers_with_unknown_cards_in_japanese(db):
    _english, japanese = in_english_and_japanese(
        lambda: violations_of(db, main=main_with(T_DRW=1, T_SON=2, T_G1C=3), g=BASE_G)
    )
    (finding,) = japanese
    assert "スタンドトリガーかもしれないカード2枚（謎の見習い ミステリ ×2）で、多くても15枚です。" in finding.message


def test_database_notes_in_japanese():
    records = [
        rec("W-1", "矛盾の試験体 いち", "trigger", 0, "none"),
        rec("W-3", "矛盾の試験体 さん", "g-unit", 3, sentinel=True),
        rec("W-4", "矛盾の試験体 よん", "normal", 3, skill=None),
        rec("W-5", "矛盾の試験体 ご", "trigger", 1, "draw"),
        rec("W-6", "矛盾の試験体 ろく", "normal", 2, "stand-or-none"),
    ]
    english, japanese = in_english_and_japanese(lambda: make_db("vanguard", records).warnings)
    assert len(japanese) == len(english)
    assert japanese == [
        "矛盾の試験体 いち (W-1)：type が trigger なのに trigger が none です",
        "矛盾の試験体 さん (W-3)：守護者とされたGユニットです（Gユニットは守護者を持ちません）",
        "矛盾の試験体 さん (W-3)：グレード3のGユニットです（発売されたGユニットはグレード4です）",
        "矛盾の試験体 さん (W-3)：スキルが twin-drive のGユニットです（発売されたGユニットは triple-drive を持ちます）",
        "矛盾の試験体 よん (W-4)：スキルの指定がないグレード3のノーマルユニットです（ドライブ1として数えます。"
        "発売されたものは twin-drive を持ちます）",
        "矛盾の試験体 ご (W-5)：グレード1のトリガーユニットです（発売されたトリガーユニットはグレード0です）",
        "矛盾の試験体 ろく (W-6)：グレード2のユニットに trigger stand-or-none があります（stand-or-none になるのは"
        "グレード0だけです）",
    ]


def test_the_profile_titles_stay_english_keys_and_the_stats_report_speaks_japanese(db):
    deck = make_deck(db, main=BASE_MAIN, g=BASE_G)
    english, japanese = in_english_and_japanese(
        lambda: (GAME.profile.distributions(deck), GAME.profile.stats_report(deck))
    )
    assert japanese[0] == english[0]  # JSON keys of `show -o json`; `show` translates them where it prints them
    assert [label for label, _wants, _turn in japanese[1]] == [
        "自分の1ターン目のライドフェイズまでにグレード1",
        "自分の2ターン目のライドフェイズまでにグレード2",
        "自分の3ターン目のライドフェイズまでにグレード3",
        "ライドがすべて成功（自分の1・2・3ターン目までにグレード1・2・3）",
    ]
    assert [line[1:] for line in japanese[1]] == [line[1:] for line in english[1]]


def test_check_json_in_japanese_differs_from_english_only_in_the_messages(run_cli):
    """`deckcheck --lang ja check -o json` on broken Vanguard and Cipher decks: every machine field as in English."""
    import json  # noqa: PLC0415

    folder = REPO / "tests" / "golden" / "carddb" / "ja"
    code_en, out_en, _err = run_cli("check", folder, "-o", "json")
    code_ja, out_ja, _err = run_cli("--lang", "ja", "check", folder, "-o", "json")
    assert code_en == code_ja == 1
    english, japanese = json.loads(out_en), json.loads(out_ja)
    found = [v for deck in japanese["decks"] for v in deck["violations"]]
    assert {v["rule"] for v in found} >= {"cipher.copies", "cipher.lord", "vanguard.triggers", "vanguard.g-types"}
    by_rule = {v["rule"]: v["message"] for v in found}
    for deck in (*english["decks"], *japanese["decks"]):
        for violation in deck["violations"]:
            violation.pop("message")
    for run in (english, japanese):
        run.pop("notes", None)  # the run's notes are messages too
    assert japanese == english
    assert by_rule["cipher.lord"].startswith("デッキに出撃コストが1と書かれたカードがないため、主人公を選べません。")
    assert by_rule["vanguard.sentinels"].endswith("すべてのカード名を合わせて4枚までです（5.2.2.5）。")
