"""IC Carddass Dragon Ball construction rules (shared/spec/ic-dragonball.md), examples 1–12 and boundaries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import make_db, make_deck, rule_ids, violations_of

from deckcheck._api import load_deck
from deckcheck.carddb.db import load_carddb, resolve_deck
from deckcheck.checking.deck import check_deck
from deckcheck.errors import CardDatabaseError
from deckcheck.formats.read import parse_deck
from deckcheck.games.ic_dragonball import DragonBallCard

GAME = "ic-dragonball"
DECKS = Path(__file__).resolve().parents[2] / "decks" / GAME


def leader(number: str, name: str | None = None, **fields: Any) -> dict[str, Any]:
    record = dict(
        number=number,
        name=name or f"リーダー{number}",
        type="leader",
        power=10000,
        strike=1,
        character=f"キャラ{number}",
        traits=["武道家"],
        age="大武会篇",
        color="赤",
    )
    return {**record, **fields}


def battle(number: str, name: str | None = None, **fields: Any) -> dict[str, Any]:
    record = dict(
        number=number,
        name=name or f"バトル{number}",
        type="battle",
        level=2,
        power=7000,
        strike=1,
        character=f"キャラ{number}",
        traits=["武道家"],
        age="大武会篇",
        color="青",
    )
    return {**record, **fields}


def extra(number: str, name: str | None = None, **fields: Any) -> dict[str, Any]:
    record = dict(number=number, name=name or f"エクストラ{number}", type="extra", level=1, color="青")
    return {**record, **fields}


# D40: leader L1 (red); main = 10 battle numbers × 3 + 3 extra numbers × 3 + S × 1 (battle) = 40,
# 31 battle and 9 extra cards, all blue (colours differ from the leader's and are ignored).
BATTLES = [f"B{i:02d}" for i in range(1, 11)]
EXTRAS = ["E01", "E02", "E03"]
RECORDS = [
    leader("L1", "覇王ライガ"),
    leader("L2", "星間帝王ベルザ"),
    *(battle(number) for number in BATTLES),
    *(extra(number) for number in EXTRAS),
    battle("S", "修行僧ソラ", level=0),
    battle("A", "孫悟空", level=1),
    battle("B", "孫悟空", level=3),
    battle("X", "量産型人造戦士", deck_limit="any"),
    battle("Y", "試作型人造戦士ゼロ", deck_limit=1),
    *(extra(f"F{i:02d}") for i in range(1, 15)),
]


@pytest.fixture(scope="module")
def db():
    return make_db(GAME, RECORDS)


def d40(**changes: int) -> dict[str, int]:
    main = {number: 3 for number in BATTLES + EXTRAS}
    main["S"] = 1
    for number, count in changes.items():
        if count:
            main[number] = count
        else:
            main.pop(number, None)
    return main


LEADER = {"L1": 1}


def only(violations, rule_id):
    found = [v for v in violations if v.rule == rule_id]
    assert found, f"{rule_id} did not fire: {[v.rule for v in violations]}"
    return found


# Row 1 ------------------------------------------------------------------------------------------------


def test_row1_d40_is_legal_and_colours_are_ignored(db):
    deck = make_deck(db, leader=LEADER, main=d40())
    assert deck.counts() == {"leader": 1, "main": 40}
    assert sum(n for c, n in deck.cards("main") if c.type == "battle") == 31
    assert sum(n for c, n in deck.cards("main") if c.type == "extra") == 9
    assert {c.color for c, _ in deck.cards("main")} == {"青"} != {db.resolve("L1").color}
    assert check_deck(deck, db) == []


# Rows 2, 3 and the size boundaries ---------------------------------------------------------------------


def test_row2_39_cards_fire_main_size(db):
    violations = violations_of(db, leader=LEADER, main=d40(B01=2))
    assert rule_ids(violations) == ["ic-dragonball.main-size"]
    (v,) = violations
    assert (v.section, v.count, v.limit, v.ref) == ("main", 39, 40, "5-1-3")
    assert "39 cards" in v.message and "exactly 40" in v.message and "5-1-3" in v.message


def test_row3_41_cards_with_two_copies_of_s_fire_main_size_only(db):
    violations = violations_of(db, leader=LEADER, main=d40(S=2))
    assert rule_ids(violations) == ["ic-dragonball.main-size"]
    assert (violations[0].count, violations[0].limit) == (41, 40)


@pytest.mark.parametrize(("s_copies", "size", "fires"), [(0, 39, True), (1, 40, False), (2, 41, True)])
def test_main_size_boundaries(db, s_copies, size, fires):
    violations = violations_of(db, leader=LEADER, main=d40(S=s_copies))
    assert ("ic-dragonball.main-size" in rule_ids(violations)) is fires
    if fires:
        assert only(violations, "ic-dragonball.main-size")[0].count == size


def test_main_size_counts_leader_cards_in_main_and_ignores_the_leader_section(db):
    # 40 in main, one of them a leader card; the leader section's card is not part of the deck.
    violations = violations_of(db, leader=LEADER, main=d40(S=0, L2=1))
    assert "ic-dragonball.main-size" not in rule_ids(violations)


def test_an_unknown_card_counts_toward_the_size_only(db):
    main = d40(S=0)
    main["DC-DB-999"] = 1
    violations = violations_of(db, leader=LEADER, main=main)
    assert rule_ids(violations) == ["deck.unknown-card"]


def test_main_size_with_an_empty_main(db):
    violations = violations_of(db, leader=LEADER)
    assert rule_ids(violations) == ["ic-dragonball.main-size"]
    assert violations[0].count == 0


# Row 4 and the leader boundaries ----------------------------------------------------------------------


def test_row4a_empty_leader_section(db):
    violations = violations_of(db, main=d40())
    assert rule_ids(violations) == ["ic-dragonball.leader"]
    (v,) = violations
    assert (v.section, v.count, v.limit, v.ref, v.cards) == ("leader", 0, 1, "5-1-2", [])
    assert "0 cards" in v.message and "5-1-2" in v.message


def test_row4b_two_leader_cards(db):
    violations = violations_of(db, leader={"L1": 1, "L2": 1}, main=d40())
    assert rule_ids(violations) == ["ic-dragonball.leader"]
    (v,) = violations
    assert (v.count, v.limit, v.cards) == (2, 1, ["L1", "L2"])
    assert "覇王ライガ (L1)" in v.message and "星間帝王ベルザ (L2)" in v.message


def test_row4c_a_battle_card_as_leader(db):
    violations = violations_of(db, leader={"B01": 1}, main=d40())
    assert rule_ids(violations) == ["ic-dragonball.leader"]
    (v,) = violations
    assert v.cards == ["B01"]
    assert "バトルB01 (B01)" in v.message and "battle card" in v.message


@pytest.mark.parametrize(("copies", "fires"), [(1, False), (2, True), (3, True)])
def test_leader_count_boundaries_with_one_number(db, copies, fires):
    violations = violations_of(db, leader={"L1": copies}, main=d40())
    assert ("ic-dragonball.leader" in rule_ids(violations)) is fires
    if fires:
        assert only(violations, "ic-dragonball.leader")[0].count == copies


def test_an_extra_card_as_leader(db):
    violations = violations_of(db, leader={"E01": 1}, main=d40())
    assert rule_ids(violations) == ["ic-dragonball.leader"]
    assert "extra card" in violations[0].message


def test_two_cards_of_the_wrong_type_report_the_count_and_each_card(db):
    violations = only(violations_of(db, leader={"B01": 1, "E01": 1}, main=d40()), "ic-dragonball.leader")
    # the size finding counts the cards; each wrong-type finding is a type rule's (count null, contract)
    assert [(v.count, v.cards) for v in violations] == [(2, ["B01", "E01"]), (None, ["B01"]), (None, ["E01"])]


def test_a_leader_card_in_main_does_not_satisfy_the_leader_rule(db):
    violations = violations_of(db, main=d40(S=0, L1=1))
    assert rule_ids(violations) == ["ic-dragonball.leader", "ic-dragonball.main-types"]


# Row 5 and main-types -----------------------------------------------------------------------------------


def test_row5_leader_card_in_main_fires_main_types_only(db):
    violations = violations_of(db, leader=LEADER, main=d40(B01=2, L2=1))
    assert rule_ids(violations) == ["ic-dragonball.main-types"]
    (v,) = violations
    assert (v.section, v.cards, v.count, v.limit, v.ref) == ("main", ["L2"], None, None, "5-1-3")
    assert "星間帝王ベルザ (L2)" in v.message and "leader card" in v.message


def test_main_types_reports_once_per_offending_number(db):
    violations = violations_of(db, leader=LEADER, main=d40(B01=1, L1=1, L2=1))
    found = only(violations, "ic-dragonball.main-types")
    assert [v.cards for v in found] == [["L1"], ["L2"]]


def test_main_types_counts_copies_of_one_number_in_one_finding(db):
    found = only(violations_of(db, leader=LEADER, main=d40(B01=1, L2=2)), "ic-dragonball.main-types")
    assert [(v.cards, v.count) for v in found] == [(["L2"], None)] and "has 2 × " in found[0].message


# Row 6 and copies boundaries -------------------------------------------------------------------------------


def test_row6_four_copies_of_s_fire_copies_for_s_only(db):
    main = d40(B01=0, S=4)
    assert sum(main.values()) == 40
    violations = violations_of(db, leader=LEADER, main=main)
    assert rule_ids(violations) == ["ic-dragonball.copies"]
    (v,) = violations
    assert (v.section, v.cards, v.count, v.limit, v.ref) == ("main", ["S"], 4, 3, "5-1-3-1")
    assert "修行僧ソラ" in v.message and "S" in v.message and "5-1-3-1" in v.message


@pytest.mark.parametrize(("copies", "fires"), [(3, False), (4, True)])
def test_copies_boundary(db, copies, fires):
    violations = violations_of(db, leader=LEADER, main=d40(B01=copies, S=4 - copies))
    assert rule_ids(violations) == (["ic-dragonball.copies"] if fires else [])


def test_copies_reports_one_finding_per_number(db):
    violations = violations_of(db, leader=LEADER, main=d40(B01=4, B02=4, E01=1, S=0))
    found = only(violations, "ic-dragonball.copies")
    assert [(v.cards, v.count) for v in found] == [(["B01"], 4), (["B02"], 4)]


def test_copies_ignores_the_leader_section(db):
    # Three L1 in main plus the L1 leader: main-types fires, copies does not (the leader is outside the deck).
    violations = violations_of(db, leader=LEADER, main=d40(B01=0, L1=3, S=1))
    assert "ic-dragonball.copies" not in rule_ids(violations)


# Row 7: one name under two numbers -------------------------------------------------------------------------


def test_row7_same_name_under_two_numbers_counts_separately(db):
    main = d40(B01=0, B02=0, A=3, B=3, S=1)
    assert sum(main.values()) == 40
    assert db.resolve("A").name == db.resolve("B").name == "孫悟空"
    assert violations_of(db, leader=LEADER, main=main) == []


def test_row7_boundary_four_of_one_number_names_that_number_only(db):
    main = d40(B01=0, B02=0, A=4, B=3, S=0)
    violations = violations_of(db, leader=LEADER, main=main)
    assert rule_ids(violations) == ["ic-dragonball.copies"]
    assert violations[0].cards == ["A"] and violations[0].count == 4


# Row 8: two lines with the same number pool --------------------------------------------------------------


def _row8_lines() -> list[str]:
    lines = [f"3 {number}" for number in BATTLES[1:] + EXTRAS]
    return ["game: ic-dragonball", "## leader", "1 L1", "## main", *lines]


def test_row8_text_decklist_with_the_same_number_twice(db):
    text = "\n".join([*_row8_lines(), "2 A", "2 A"])
    source = parse_deck("row8.txt", text=text)
    deck = resolve_deck(source, db)
    assert deck.counts() == {"leader": 1, "main": 40}
    violations = check_deck(deck, db)
    assert rule_ids(violations) == ["ic-dragonball.copies"]
    (v,) = violations
    assert (v.cards, v.count, v.limit) == (["A"], 4, 3)


def test_row8_toml_keyed_once_by_number_and_once_by_name(db):
    # B01's name バトルB01 belongs to no other number.
    main = {number: 3 for number in BATTLES[1:] + EXTRAS}
    main.update({"B01": 2, "バトルB01": 2})
    text = 'game = "ic-dragonball"\n[leader]\nL1 = 1\n[main]\n' + "\n".join(f'"{k}" = {n}' for k, n in main.items())
    deck = resolve_deck(parse_deck("row8.deck.toml", text=text), db)
    assert deck.counts()["main"] == 40
    violations = check_deck(deck, db)
    assert rule_ids(violations) == ["ic-dragonball.copies"]
    assert (violations[0].cards, violations[0].count, violations[0].limit) == (["B01"], 4, 3)


def test_row8_boundary_two_lines_pooling_to_three_are_legal(db):
    text = "\n".join([*_row8_lines(), "1 S", "2 A", "1 A"])
    deck = resolve_deck(parse_deck("row8.txt", text=text), db)
    assert deck.counts()["main"] == 40
    assert check_deck(deck, db) == []


def test_numbers_are_nfkc_normalised_before_pooling(db):
    # "Ｂ０１" (full width) and "b01" are the number B01: 2 + 2 pool to 4.
    violations = violations_of(db, leader=LEADER, main=d40(B01=0, S=0) | {"Ｂ０１": 2, "b01": 2})
    assert rule_ids(violations) == ["ic-dragonball.copies"]
    assert (violations[0].cards, violations[0].count) == (["B01"], 4)


# Rows 9 and 10: deck_limit --------------------------------------------------------------------------------


def test_row9_deck_limit_any_allows_ten_copies(db):
    main = {"X": 10, **{number: 3 for number in BATTLES}}
    assert sum(main.values()) == 40
    assert violations_of(db, leader=LEADER, main=main) == []


def test_row10_deck_limit_one_fires_at_two(db):
    main = d40(B01=2, S=0, Y=2)
    assert sum(main.values()) == 40
    violations = violations_of(db, leader=LEADER, main=main)
    assert rule_ids(violations) == ["ic-dragonball.copies"]
    (v,) = violations
    assert (v.cards, v.count, v.limit) == (["Y"], 2, 1)
    assert "試作型人造戦士ゼロ" in v.message and "deck_limit" in v.message and "5-1-3-2" in v.message


def test_row10_deck_limit_one_allows_one(db):
    assert violations_of(db, leader=LEADER, main=d40(S=0, Y=1)) == []


def test_row10_deck_limit_any_never_changes_the_size(db):
    main = {"X": 11, **{number: 3 for number in BATTLES}}
    violations = violations_of(db, leader=LEADER, main=main)
    assert rule_ids(violations) == ["ic-dragonball.main-size"]
    assert violations[0].count == 41


@pytest.mark.parametrize(("copies", "fires"), [(5, False), (6, True)])
def test_a_higher_deck_limit_replaces_three(copies, fires):
    local = make_db(GAME, [*RECORDS, battle("Z", "五人衆の戦士", deck_limit=5)])
    main = d40(B01=0, B02=7 - copies, S=0, Z=copies)
    assert sum(main.values()) == 40
    violations = violations_of(local, leader=LEADER, main=main)
    assert rule_ids(violations) == (["ic-dragonball.copies"] if fires else [])
    if fires:
        assert violations[0].limit == 5


def test_deck_limit_affects_only_its_own_number(db):
    # X (any) in the deck does not lift the limit of S.
    main = {"X": 6, "S": 4, **{number: 3 for number in BATTLES[1:]}}
    violations = only(violations_of(db, leader=LEADER, main=main), "ic-dragonball.copies")
    assert [v.cards for v in violations] == [["S"]]


# Rows 11 and 12 -------------------------------------------------------------------------------------------


def test_row11_all_extra_cards_is_legal(db):
    main = {f"F{i:02d}": 3 for i in range(1, 14)} | {"F14": 1}
    assert sum(main.values()) == 40
    assert violations_of(db, leader=LEADER, main=main) == []


def test_row12_every_rule_is_reported_at_once(db):
    main = d40(B01=4, S=0, L2=1)
    assert sum(main.values()) == 41
    violations = violations_of(db, main=main)
    assert rule_ids(violations) == [
        "ic-dragonball.leader",
        "ic-dragonball.main-size",
        "ic-dragonball.main-types",
        "ic-dragonball.copies",
    ]
    assert only(violations, "ic-dragonball.copies")[0].cards == ["B01"]
    assert only(violations, "ic-dragonball.main-types")[0].cards == ["L2"]


# The card record -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("リーダー", "leader"),
        ("リーダーカード", "leader"),
        ("LEADER", "leader"),
        ("Leader", "leader"),
        ("バトル", "battle"),
        ("バトルカード", "battle"),
        ("BATTLE", "battle"),
        ("エクストラ", "extra"),
        ("エクストラカード", "extra"),
        ("ＥＸＴＲＡ", "extra"),
    ],
)
def test_type_aliases(alias, canonical):
    base = {"leader": leader, "battle": battle, "extra": extra}[canonical]("T1")
    card = make_db(GAME, [{**base, "type": alias}]).resolve("T1")
    assert card.type == canonical


def test_an_unknown_type_is_a_data_error():
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, [battle("T1", type="unit")])
    assert "record 1 (T1): field 'type'" in str(error.value)


@pytest.mark.parametrize(
    ("record", "field", "rule"),
    [
        (leader("T1", level=2), "level", "2-10-2"),
        (extra("T1", power=3000), "power", "2-8-2"),
        (extra("T1", strike=1), "strike", "2-9-2"),
        (extra("T1", character="ソラ"), "character", "2-5-4"),
        (extra("T1", traits=[]), "traits", "2-6-6"),
        (extra("T1", age="大武会篇"), "age", "2-7-4"),
    ],
)
def test_a_field_on_a_type_that_cannot_have_it_is_a_data_error(record, field, rule):
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, [record])
    message = str(error.value)
    assert f"record 1 (T1): field '{field}'" in message and rule in message


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (battle, "level"),
        (battle, "power"),
        (battle, "strike"),
        (battle, "character"),
        (battle, "traits"),
        (battle, "age"),
        (leader, "power"),
        (leader, "strike"),
        (leader, "character"),
        (leader, "traits"),
        (leader, "age"),
        (extra, "level"),
    ],
)
def test_a_required_field_of_the_type_is_a_data_error(make, field):
    record = make("T1")
    del record[field]
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, [record])
    assert f"record 1 (T1): field '{field}': is required" in str(error.value)


def test_the_loader_reports_the_file_record_and_field(tmp_path):
    folder = tmp_path / GAME
    folder.mkdir()
    (folder / "bad.toml").write_text(
        'game = "ic-dragonball"\n[[cards]]\nnumber = "T1"\nname = "x"\ntype = "extra"\nlevel = 1\nstrike = 2\n',
        encoding="utf-8",
    )
    with pytest.raises(CardDatabaseError) as error:
        load_carddb(GAME, [tmp_path])
    assert "bad.toml record 1 (T1): field 'strike': an extra card has no strike (2-9-2)" in str(error.value)


@pytest.mark.parametrize("field", ["level", "power", "strike"])
def test_numbers_must_not_be_negative(field):
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, [battle("T1", **{field: -1})])
    assert f"field '{field}'" in str(error.value)


def test_levels_zero_to_five_and_text_numbers():
    cards = make_db(GAME, [battle(f"T{level}", level=level) for level in range(6)] + [battle("P", power="５,０００")])
    assert [cards.resolve(f"T{level}").level for level in range(6)] == list(range(6))
    assert cards.resolve("P").power == 5000


def test_a_single_trait_string_becomes_one_item_and_is_never_split():
    card = make_db(GAME, [battle("T1", traits="武道家 宇宙人")]).resolve("T1")
    assert card.traits == ["武道家 宇宙人"]


def test_traits_may_be_empty_on_a_battle_card():
    assert make_db(GAME, [battle("T1", traits=[])]).resolve("T1").traits == []


@pytest.mark.parametrize(
    ("traits", "co_op"), [(["共闘"], True), ("共闘", True), (["武道家", "共闘"], True), (["武道家"], False)]
)
def test_co_op_follows_the_kyoutou_trait(traits, co_op):
    assert make_db(GAME, [battle("T1", traits=traits)]).resolve("T1").co_op is co_op


def test_co_op_and_melee_flags_default_false_and_may_be_set():
    cards = make_db(GAME, [extra("T1"), extra("T2", co_op=True), battle("T3", melee=True)])
    assert (cards.resolve("T1").co_op, cards.resolve("T1").melee) == (False, False)
    assert cards.resolve("T2").co_op and cards.resolve("T3").melee


def test_special_age_is_kept_verbatim():
    assert make_db(GAME, [battle("T1", age="スペシャル")]).resolve("T1").age == "スペシャル"


def test_a_leader_may_have_an_awaken_back_face():
    record = leader("T1", awaken={"name": "覚醒ライガ", "power": "13000", "strike": 2, "traits": "武道家"})
    card = make_db(GAME, [record]).resolve("T1")
    assert isinstance(card, DragonBallCard)
    assert (card.awaken.name, card.awaken.power, card.awaken.strike, card.awaken.traits) == (
        "覚醒ライガ",
        13000,
        2,
        ["武道家"],
    )
    assert make_db(GAME, [leader("T2", awaken={})]).resolve("T2").awaken is not None


@pytest.mark.parametrize("make", [battle, extra])
def test_awaken_on_a_non_leader_is_a_data_error(make):
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, [make("T1", awaken={"power": 9000})])
    assert "field 'awaken'" in str(error.value) and "2-3-2-1-2" in str(error.value)


def test_awaken_rejects_fields_it_cannot_hold():
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, [leader("T1", awaken={"level": 3})])
    assert "field 'awaken.level'" in str(error.value)


def test_numbers_and_names_are_nfkc_normalised():
    card = make_db(GAME, [battle("ｄｃ－ｄｂ－００１", "ﾊﾔﾃ  疾風")]).resolve("DC-DB-001")
    assert (card.number, card.name) == ("DC-DB-001", "ハヤテ 疾風")


# deck_limit agreement (the identity is the number) -------------------------------------------------------


def test_two_records_of_one_number_make_a_broken_database_naming_both():
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, [battle("DC-1", deck_limit=1), battle("ｄｃ-1", deck_limit="any")])
    message = str(error.value)
    assert "record 2" in message and "record 1" in message and "DC-1" in message


def test_one_name_may_have_different_deck_limits_under_different_numbers():
    cards = make_db(GAME, [battle("N1", "同名の戦士", deck_limit=1), battle("N2", "同名の戦士")])
    assert cards.game.copies.identity(cards.resolve("N1")) == "N1"
    assert (cards.resolve("N1").deck_limit, cards.resolve("N2").deck_limit) == (1, None)


def test_limit_disagreement_between_layers_is_resolved_by_replacement(tmp_path):
    # A user's layer replaces a shipped record by number, so the two never need to agree.
    folder = tmp_path / GAME
    folder.mkdir()
    (folder / "mine.toml").write_text(
        'game = "ic-dragonball"\n[[cards]]\nnumber = "DC-DB-013"\nname = "砂漠の戦士ゴウラ"\ntype = "battle"\n'
        'level = 0\npower = 4000\nstrike = 1\ncharacter = "ゴウラ"\ntraits = ["獣人"]\nage = "大武会篇"\n'
        "deck_limit = 1\n",
        encoding="utf-8",
    )
    assert load_carddb(GAME, [tmp_path]).resolve("DC-DB-013").deck_limit == 1


# The shipped database and example decks ------------------------------------------------------------------


def test_the_shipped_database(isolated_carddb):
    shipped = load_carddb(GAME)
    cards = list(shipped.cards.values())
    assert len(cards) >= 60
    assert shipped.warnings == []
    assert all(card.number.startswith("DC-DB-") for card in cards)
    assert {card.type for card in cards} == {"leader", "battle", "extra"}
    assert any(card.type == "leader" and card.awaken is not None for card in cards)
    assert any(card.co_op for card in cards) and any(card.melee for card in cards)
    assert {card.deck_limit for card in cards} >= {1, "any"}
    assert {card.level for card in cards if card.level is not None} == set(range(6))
    assert any(len(same) > 1 for same in shipped.by_name.values())


@pytest.mark.parametrize("name", ["raiga-martial-artists.deck.toml", "hayate-co-op.txt"])
def test_the_example_decks_are_legal(isolated_carddb, name):
    deck = load_deck(DECKS / name)
    assert deck.game.id == GAME
    assert deck.counts() == {"leader": 1, "main": 40}
    assert all(entry.card is not None for entry in deck.entries)
    assert check_deck(deck, load_carddb(GAME)) == []


# Japanese (issue 29) ----------------------------------------------------------------------------------------------


def test_japanese_messages_keep_every_machine_field(db):
    from deckcheck.cli import language

    decks = [
        {"leader": {"L1": 1, "S": 1}, "main": d40(B01=4, S=0, L2=1, E03=2)},
        {"leader": {}, "main": d40(Y=2)},
    ]

    def check():
        return [v for deck in decks for v in violations_of(db, **deck)]

    english = check()
    language.speak("ja")
    japanese = check()
    assert [{**v.to_json(), "message": None} for v in english] == [{**v.to_json(), "message": None} for v in japanese]
    messages = [v.message for v in japanese]
    assert messages == [
        "リーダーは2枚です（覇王ライガ (L1)、修行僧ソラ (S)）。リーダーカードはちょうど1枚でなければなりません"
        "（5-1-2、ちょうど1枚と読みます：リーダーエリアに置くリーダーは1枚です）。",
        "リーダーの 修行僧ソラ (S) はバトルカードで、リーダーカードではありません。リーダーはカード種類「リーダー」の"
        "カードでなければなりません（5-1-2、2-3-2-1）。",
        "デッキにリーダーカードの 星間帝王ベルザ (L2) が1枚あります。デッキに入れられるのはバトルカードと"
        "エクストラカードだけです（5-1-3）。リーダーカードはリーダーに入れてください。",
        "デッキにカードナンバー B01（バトルB01）が4枚あります。同一のカードナンバーのカードはデッキに3枚までです"
        "（5-1-3-1、2-16-2-1）。",
        "リーダーは0枚です。リーダーカードはちょうど1枚でなければなりません（5-1-2、ちょうど1枚と読みます：リーダー"
        "エリアに置くリーダーは1枚です）。",
        "デッキは42枚です。リーダーを除いてちょうど40枚でなければなりません（5-1-3）。",
        "デッキにカードナンバー Y（試作型人造戦士ゼロ）が2枚あります。このカードのテキストにより上限は1枚です"
        "（deck_limit。5-1-3-2 により 5-1-3-1 の3枚を置き換えます）。",
    ]


def test_japanese_card_record_problems(japanese):
    with pytest.raises(CardDatabaseError) as error:
        make_db(GAME, [extra("Z1", power=1000, awaken={"name": "x"}), {**battle("Z2"), "age": None}])
    text = str(error.value)
    assert "field 'power': エクストラカードに power はありません（2-8-2）。このフィールドを削除してください" in text
    assert "field 'awaken': 裏面を持つのはリーダーカードだけですが、これはエクストラカードです（2-3-2-1-2）" in text
    assert "field 'age': バトルカードには必須です（2-7）" in text
