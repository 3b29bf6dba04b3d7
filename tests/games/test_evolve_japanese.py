"""Shadowverse EVOLVE in Japanese (issue 29): every message of deckcheck.games.evolve in the rules document's terms,
its rule numbers and placeholders filled, and the same machine fields as in English."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import make_db, make_deck

from deckcheck import check_deck
from deckcheck._util.text import with_article
from deckcheck.cli import language
from deckcheck.engine.deal import deal
from deckcheck.errors import CardDatabaseError, DeckcheckError, EngineError
from deckcheck.games.evolve import GAME, EvolveCard
from deckcheck.model.violation import Violation

REPO = Path(__file__).resolve().parents[2]
UMA = "ウマ娘 プリティーダービー"
CG = "アイドルマスター シンデレラガールズ"
VG = "カードファイト!! ヴァンガード"


def rec(number: str, name: str, type_: str = "follower", cls: str | None = "forest", **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"number": number, "name": name, "type": type_}
    if cls is not None:
        record["class"] = cls
    if type_ != "leader" and not fields.get("evolve"):
        record["cost"] = fields.pop("cost", 2)
    record.update(fields)
    return record


F = [f"F{i:02}" for i in range(14)]
RECORDS = [
    rec("L-FOREST", "試験の森の長", "leader"),
    rec("L-SWORD", "試験の騎士王", "leader", "sword"),
    rec("L-SWORD2", "二人目の騎士王", "leader", "sword"),
    rec("L-BOTH", "試験の騎手", "leader", "sword", title=UMA),
    rec("L-CG", "試験のプロデューサー", "leader", None, title=CG),
    *(rec(F[i], f"試験の森人{i:02}", cost=2 + i % 3) for i in range(14)),
    rec("E00", "試験の森人00", evolve=True),
    rec("TOKEN-F", "試験の森の小人", token=True),
    rec("RUNE-1", "試験の魔導士", cls="rune"),
    *(rec(f"S{i}", f"試験の剣士{i}", cls="sword") for i in range(10)),
    rec("CG-1", "試験のアイドル", cls=None, title=CG, cost=2),
]
MAIN = {**{F[i]: 3 for i in range(13)}, F[13]: 1}  # 40 forest cards


@pytest.fixture(scope="module")
def db():
    return make_db("evolve", RECORDS)


def deck(db, **sections: Any):
    data = {"leader": {"L-FOREST": 1}, "main": MAIN} | sections
    return make_deck(db, **{key: value for key, value in data.items() if value is not None})


def found(db, rule: str, **sections: Any) -> list[Violation]:
    return [v for v in check_deck(deck(db, **sections), db) if v.rule == rule]


def both(db, rule: str, **sections: Any) -> tuple[list[Violation], list[Violation]]:
    """The rule's violations in English, then in Japanese."""
    english = found(db, rule, **sections)
    language.speak("ja")
    try:
        japanese = found(db, rule, **sections)
    finally:
        language.speak("en")
    return english, japanese


def machine(violation: Violation) -> dict[str, Any]:
    return {key: value for key, value in violation.to_json().items() if key != "message"}


# Violations -------------------------------------------------------------------------------------------------------


def test_main_size_in_japanese_with_its_numbers_and_the_same_machine_fields(db):
    english, japanese = both(db, "evolve.main-size", main={**MAIN, F[13]: 0})
    assert english[0].message == "The main deck has 39 cards; it needs at least 40 (6.1.1.2: 40 to 50 cards)."
    assert japanese[0].message == "メインデッキは39枚です。40枚以上必要です（6.1.1.2：40〜50枚）。"
    assert [machine(v) for v in japanese] == [machine(v) for v in english]
    assert japanese[0].count == 39 and japanese[0].limit == 40


@pytest.mark.usefixtures("japanese")
def test_main_size_at_most_and_the_sealed_minimum(db):
    over = found(db, "evolve.main-size", main={**MAIN, F[13]: 3, "S0": 3, "S1": 3, "S2": 3})
    assert over[0].message == "メインデッキは51枚です。50枚までしか入れられません（6.1.1.2：40〜50枚）。"
    sealed = found(db, "evolve.main-size", format="sealed", main={F[0]: 3})
    assert sealed[0].message.startswith("メインデッキは3枚です。30枚以上必要です（B-1 6.1.1.3「")
    assert found(db, "evolve.main-size", main=MAIN) == []


@pytest.mark.usefixtures("japanese")
def test_leader_messages(db):
    empty = found(db, "evolve.leader", leader={})
    assert empty[0].message == "リーダーがありません。デッキにはリーダーカードがちょうど1枚必要です（6.1.1.1）。"
    wrong = found(db, "evolve.leader", leader={"L-FOREST": 1, F[0]: 1})
    assert wrong[0].message == (
        "リーダーが2枚あります（試験の森の長 (L-FOREST)、試験の森人00 (F00)）。"
        "デッキにはリーダーカードがちょうど1枚必要です（6.1.1.1）。"
    )
    assert wrong[1].message == (
        "リーダーにある 試験の森人00 (F00) はフォロワーで、リーダーカードではありません。"
        "リーダーにはリーダーカードのみを入れます（6.1.1.1）。"
    )


@pytest.mark.usefixtures("japanese")
def test_crossover_leaders_of_one_class_name_the_class_in_japanese(db):
    same = found(db, "evolve.leader", format="crossover", leader={"L-SWORD": 1, "L-SWORD2": 1})
    assert same[0].message == (
        "2枚のリーダー（試験の騎士王 (L-SWORD)、二人目の騎士王 (L-SWORD2)）がどちらもロイヤルです。"
        "クロスオーバーのデッキはクラスが異なるリーダーカードを2枚使います"
        "（B-2 6.1.1.1「互いにクラスが異なる 2 枚」）。"
    )


@pytest.mark.parametrize(
    ("number", "kind"),
    [("TOKEN-F", "フォロワー・トークン"), ("E00", "フォロワー・エボルヴ"), ("L-SWORD", "リーダーカード")],
)
def test_main_types_name_the_kind_as_the_type_line_prints_it(db, number, kind, japanese):
    wrong = found(db, "evolve.main-types", main={**MAIN, number: 1})
    assert len(wrong) == 1
    assert f"が1枚ありますが、これは{kind}です。" in wrong[0].message
    assert (
        "メインデッキにはリーダーカード、エボルヴカード、アドバンスカード、トークンは入れられません（6.1.1.2）。"
        in (wrong[0].message)
    )


def test_the_english_kind_is_unchanged_for_every_combination():
    for type_ in ("leader", "follower", "amulet", "spell", "equipment"):
        for evolve in (False, True):
            for advance in (False, True):
                for token in (False, True):
                    if type_ == "equipment" and not token:
                        continue
                    card = EvolveCard(
                        number="X", name="X", type=type_, evolve=evolve, advance=advance, token=token, class_="forest"
                    )
                    assert card.kind_phrase() == with_article(card.kind())


@pytest.mark.usefixtures("japanese")
def test_evolve_deck_messages(db):
    big = found(db, "evolve.evolve-size", evolve={"E00": 11})
    assert big[0].message == "エボルヴデッキは11枚です。10枚までしか入れられません（6.1.1.3：0〜10枚）。"
    token = found(db, "evolve.evolve-types", evolve={"TOKEN-F": 1})
    assert token[0].message.startswith("エボルヴデッキに 試験の森の小人 (TOKEN-F) が1枚ありますが、")
    assert token[0].message.endswith("トークンはカードではなく、デッキには入れません（9.1.1.1、9.1.4）。")


@pytest.mark.usefixtures("japanese")
def test_copies_in_japanese(db):
    many = found(db, "evolve.copies", main={**MAIN, F[13]: 4})
    assert many[0].message == (
        "メインデッキに 試験の森人13 (F13) が4枚あります。同一のカード名のカードはメインデッキに3枚までで、"
        "エボルヴデッキとは別に数えます（6.1.1.4。「計 6 枚」は3枚＋3枚のことで、合わせて6枚ではありません）。"
    )


def test_class_basis_lists_the_misfits_with_the_class_in_japanese(db):
    main = {**{F[i]: 3 for i in range(10)}, **{f"S{i}": 1 for i in range(10)}}
    english, japanese = both(db, "evolve.basis", main=main, basis="class")
    assert english[0].message.startswith("The deck declares the class basis, but 10 cards are neither Forestcraft")
    assert japanese[0].message.startswith(
        "デッキはクラスを基準とすると宣言していますが、エルフでもニュートラルでもないカードが10種類あります："
        "試験の剣士0 (S0)、"
    )
    assert "、ほか2種類（6.1.1.5.1：" in japanese[0].message
    assert [machine(v) for v in japanese] == [machine(v) for v in english]


@pytest.mark.usefixtures("japanese")
def test_an_unknown_basis_value_stays_as_typed(db):
    wrong = found(db, "evolve.basis", basis="colour")
    assert wrong[0].message == "デッキの basis 'colour' は使えません。使える値は class または title です（6.2.1.3）。"


@pytest.mark.usefixtures("japanese")
def test_sealed_pool_and_its_note(db):
    short = found(db, "evolve.sealed-pool", format="sealed", leader={}, pool={F[0]: 1}, main=MAIN)
    assert short[0].message == (
        "デッキは 試験の森人00 (F00) を3枚使っていますが、プールにあるのは1枚です"
        "（B-1 6.1.1：開封したパックのカードのみ）。"
    )
    no_pool = deck(db, format="sealed", leader=None, main=MAIN)
    check_deck(no_pool, db)
    assert "シールド戦：`pool` セクションがないため、開封したパックのカードとは照合していません" in no_pool.rules_notes


# Setup, the engine's log, errors ------------------------------------------------------------------------------------


@pytest.mark.usefixtures("japanese")
def test_setup_log_in_japanese_with_its_rule_numbers(db):
    table = deal(deck(db, evolve={"E00": 1}), seed=1, going="second", turns=1)
    texts = {(event.ref, event.text) for event in table.events}
    assert ("6.2.1.1", "リーダーカード、メインデッキ（40枚）、エボルヴデッキ（1枚）を提示する") in texts
    assert ("6.2.1.3", "宣言なし：リーダーはクラスのみを持つ") in texts
    assert ("6.2.1.4", "メインデッキ（40枚）をデッキ置き場に置く") in texts
    assert ("6.2.1.6", "このプレイヤーは後攻") in texts
    assert ("6.2.1.10", "EPを3にする（後攻プレイヤー）") in texts
    assert ("7.2.1", "自分の1ターン目：PP最大値 1") in texts
    # the machine side is the same in both languages: step names, note keys and their values
    assert {event.step for event in table.events} >= {"present", "leader", "basis", "start phase"}
    assert table.notes["basis"] == "class" and table.notes["EP"] == 3


@pytest.mark.usefixtures("japanese")
def test_magic_item_tokens_are_said_in_japanese(db):
    table = deal(deck(db, leader={"L-CG": 1}, main={"CG-1": 40}, evolve=None), seed=1)
    assert any(
        event.text == "EXエリアに『魔法のアイテム』トークン5枚を置く（トークン。デッキのカードではありません）"
        for event in table.events
    )
    assert table.notes["ex area"].endswith("（トークン）")


@pytest.mark.usefixtures("japanese")
def test_engine_refusals_in_japanese(db):
    with pytest.raises(EngineError) as tiny:
        deal(deck(db, main={F[0]: 3}), seed=1)
    assert str(tiny.value.reason) == "メインデッキが3枚です。ゲームの準備で手札として4枚引きます（6.2.1.7）"
    with pytest.raises(EngineError) as declared:
        deal(deck(db), seed=1, choices={"basis": "title"})
    assert str(declared.value.reason) == (
        "basis=title は宣言できません：リーダー 試験の森の長 (L-FOREST) にはタイトルがありません（6.2.1.3）"
    )
    with pytest.raises(EngineError) as two:
        deal(deck(db, leader={"L-FOREST": 1, "L-SWORD": 1}), seed=1)
    assert "リーダーが2枚あります（試験の森の長 (L-FOREST)、試験の騎士王 (L-SWORD)）" in str(two.value.reason)


# Stats questions, the registry, the card database ------------------------------------------------------------------


@pytest.mark.usefixtures("japanese")
def test_stats_questions_in_japanese_keep_their_queries(db):
    lines = GAME.profile.stats_report(deck(db, evolve={"E00": 1}))
    labels = [label for label, _wants, _turn in lines]
    assert labels[0] == "自分の2ターン目にコスト2のフォロワー（PP2）"
    assert labels[4] == "自分の6ターン目にコスト6のフォロワー（PP6）— デッキになし"
    assert (
        labels[5] == "フォロワーのカーブ：自分のNターン目ごとにコストNのフォロワー（N = 2〜5）— コスト5のフォロワーなし"
    )
    assert labels[6] == "自分の3ターン目までに、エボルヴデッキで進化できるフォロワー"
    assert [wants for _label, wants, _turn in lines][0] == ("type=follower,cost=2",)


@pytest.mark.usefixtures("japanese")
def test_registry_value_errors_and_notes_in_japanese():
    keys, notes = GAME.registry.keys({"deck_param2": "エルフ/ロイヤル"})
    assert keys == {"format": "crossover"}
    assert notes == ["deck_param2 'エルフ/ロイヤル' は2つのクラスの組です：format = crossover（B-2）"]
    with pytest.raises(DeckcheckError) as wrong:
        GAME.registry.keys({"deck_param2": "なにか"})
    assert str(wrong.value.reason).startswith("'なにか' はクラスでも、異なる2つのクラスの組")
    assert "ウマ娘 プリティーダービー、" in str(wrong.value.reason)
    assert wrong.value.field == "deck_param2"


@pytest.mark.usefixtures("japanese")
def test_card_database_warnings_and_record_errors_in_japanese():
    odd = make_db("evolve", [rec("L-X", "旅人", "leader", None), rec("L-C", "値札の長", "leader", cost=1)])
    assert "旅人 (L-X)：クラスもタイトルも持たないリーダーカード（これを基準にデッキは構築できません）" in odd.warnings
    assert "値札の長 (L-C)：コストのあるリーダーカード（リーダーカードにコストは印刷されていません）" in odd.warnings
    with pytest.raises(CardDatabaseError) as equipment:
        make_db("evolve", [rec("Q-1", "試験の剣", "equipment")])
    assert "イクイップメントはトークンとしてのみ存在します（「イクイップメント・トークン」）" in str(equipment.value)


def test_check_json_keeps_every_machine_field_and_translates_the_messages(run_cli, tmp_path):
    deck_file = tmp_path / "small.deck.toml"
    shipped = (REPO / "decks" / "evolve" / "2026-03-21-sword-11MFC.deck.toml").read_text(encoding="utf-8")
    deck_file.write_text(shipped.replace('"BP07-P06" = 3', '"BP07-P06" = 1'), encoding="utf-8")
    code_en, out_en, _err = run_cli("--lang", "en", "check", deck_file, "--output", "json")
    code_ja, out_ja, _err = run_cli("--lang", "ja", "check", deck_file, "--output", "json")
    english, japanese = json.loads(out_en), json.loads(out_ja)
    assert code_en == code_ja == 1

    def without_messages(value: Any) -> Any:
        if isinstance(value, dict):
            return {
                key: without_messages(item) for key, item in value.items() if key not in ("message", "notes")
            }  # (the run's notes are messages)
        if isinstance(value, list):
            return [without_messages(item) for item in value]
        return value

    assert without_messages(japanese) == without_messages(english)
    (found,) = japanese["decks"][0]["violations"]
    assert found["rule"] == "evolve.main-size" and found["message"] == (
        "メインデッキは38枚です。40枚以上必要です（6.1.1.2：40〜50枚）。"
    )


# The Vanguard title's conditions (14.4.2, 14.4.4) ------------------------------------------------------------------

VG_RECORDS = [
    rec("VG-LD", "ヴァンガードの森のリーダー", "leader", title=VG),
    rec("VG-A1", "士官候補生 エリック", "amulet", title=VG, start_amulet=True),
    rec("VG-A2", "スターダスト・トランペッター", "amulet", "sword", title=VG, start_amulet=True),
    rec("VG-T1", "未来の騎士 リュー", cls="sword", title=VG, trigger="critical"),
    rec("VG-H", "メイデン・オブ・ライブラ", cls="haven", title=VG),
    *(rec(f"VG-F{i}", f"森のヴァンガード{i}", title=VG) for i in range(12)),
]
VG_MAIN = {"VG-A1": 1, "VG-H": 3, **{f"VG-F{i}": 3 for i in range(12)}}  # 40; the haven card fails the class basis


@pytest.fixture(scope="module")
def vg_db():
    return make_db("evolve", VG_RECORDS)


@pytest.mark.usefixtures("japanese")
def test_vanguard_title_conditions_in_japanese(vg_db):
    def rule_found(rule: str, main: dict[str, int]) -> list[Violation]:
        made = make_deck(vg_db, leader={"VG-LD": 1}, main=main)
        return [v for v in check_deck(made, vg_db) if v.rule == rule]

    (none,) = rule_found("evolve.vg-start-amulet", {**VG_MAIN, "VG-A1": 0, "VG-F0": 4})
    assert none.message == (
        "カードファイト!! ヴァンガードのタイトルを基準とするデッキには【スタートアミュレット】能力を持つカードを"
        "1枚以上入れる必要があります（14.4.2.1.1）が、1枚もありません。"
    )
    (trigger,) = rule_found("evolve.vg-trigger-class", {**VG_MAIN, "VG-F0": 1, "VG-T1": 2})
    assert trigger.message.startswith(
        "未来の騎士 リュー (VG-T1)（2枚）はリーダー ヴァンガードの森のリーダー (VG-LD)（エルフ）と異なるクラスの"
        "トリガーを持つカードです。"
    )
    (two,) = rule_found("evolve.start-amulet", {**VG_MAIN, "VG-F0": 2, "VG-A2": 1})
    assert two.message.startswith(
        "デッキに【スタートアミュレット】能力を持つカードのカード名が2種類あります"
        "（士官候補生 エリック (VG-A1)、スターダスト・トランペッター (VG-A2)）。"
    )


@pytest.mark.usefixtures("japanese")
def test_the_start_amulet_is_set_aside_in_japanese(vg_db):
    table = deal(make_deck(vg_db, leader={"VG-LD": 1}, main=VG_MAIN), seed=1)
    texts = [event.text for event in table.events if event.ref in ("14.4.3.1", "6.2.1.13")]
    assert texts == [
        "士官候補生 エリック (VG-A1) を裏向きで場に出す（メインデッキ：39枚）",
        "士官候補生 エリック (VG-A1) を表向きにする（14.4.3.2）",
    ]
    assert table.notes["start amulet"] == "士官候補生 エリック (VG-A1)（表向き）"
