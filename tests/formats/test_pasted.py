"""Pasted decklists (issue 28): one list per line style of shared/realdata/decklist-styles.md and game, read with the
shipped card databases; every card line's count and section, every other line's class and every approximation
reported are asserted."""

from __future__ import annotations

import pytest

from deckcheck.carddb.db import build_carddb, resolve_deck
from deckcheck.checking.deck import check_deck
from deckcheck.errors import DeckcheckError
from deckcheck.formats.pasted import pasted_source
from deckcheck.formats.read import parse_deck
from deckcheck.model.deck import DeckSource


def read(shipped, game: str, text: str) -> DeckSource:
    source = parse_deck("pasted.txt", text, game=game)
    resolve_deck(source, shipped(game))
    return source


def cards(source: DeckSource) -> dict[int, list[tuple[str, str | None, object]]]:
    """line -> [(section, the card's printed name, count)] of each card line."""
    found: dict[int, list[tuple[str, str | None, object]]] = {}
    for entry in source.entries:
        name = entry.card.printed_name if entry.card is not None else None
        found.setdefault(entry.line, []).append((entry.section, name, entry.raw_count))
    return found


def kinds(source: DeckSource) -> dict[int, str]:
    return {line.number: line.kind for line in source.pasted.lines if line.kind != "blank"}


def noted(source: DeckSource) -> dict[int | None, str]:
    return {note.line: note.kind for note in source.pasted.notes}


def numbered(text: str) -> str:
    return text.strip("\n") + "\n"


# Vanguard -----------------------------------------------------------------------------------------------------

VANGUARD_PRODUCT_AFTER_NAME = numbered("""
デッキレシピ
4x ドラゴニック・オーバーロード (騎士王降臨
4x ドラゴニック・オーバーロード “The Destiny” (ブースター
4xドラゴンダンサー エカテリーナ(帝国の暴竜)“ドロートリガー”
4x ドラゴンナイト ネハーレン
""")


def test_vanguard_count_x_name_with_its_product_after_it(shipped):
    source = read(shipped, "vanguard", VANGUARD_PRODUCT_AFTER_NAME)
    assert kinds(source) == {1: "lead-in", 2: "card", 3: "card", 4: "card", 5: "card"}
    assert cards(source) == {
        2: [("main", "ドラゴニック・オーバーロード", 4)],
        3: [("main", "ドラゴニック・オーバーロード “The Destiny”", 4)],  # the quotes belong to this name
        4: [("main", "ドラゴンダンサー エカテリーナ", 4)],
        5: [("main", "ドラゴンナイト ネハーレン", 4)],
    }
    assert noted(source) == {}  # annotations left out where the rest is a card: nothing guessed
    assert source.pasted.lines[3].note == "left out: (帝国の暴竜) “ドロートリガー”"


VANGUARD_HEADINGS = numbered("""
■かげろう ドラゴニック・オーバーロード
◆G3(9枚)
ドラゴニック・オーバーロード×4
ドラゴニック・オーバーロード “The Destiny” ×4
グレード2
ドラゴンナイト ネハーレン  ×4
Gゼロ
1 (FV) リクパレイト・ドラコキッド
トリガー
4 ドラゴンダンサー エカテリーナ
G4
時空竜 クロノスコマンド・ドラゴン ２
Gガーディアン
2 《炎帝龍王 ルートフレア・ドラゴン》
計50枚
""")


def test_vanguard_headings_map_to_the_main_and_g_decks(shipped):
    source = read(shipped, "vanguard", VANGUARD_HEADINGS)
    assert kinds(source) == {
        1: "title",
        2: "heading",
        3: "card",
        4: "card",
        5: "heading",
        6: "card",
        7: "heading",
        8: "card",
        9: "heading",
        10: "card",
        11: "heading",
        12: "card",
        13: "heading",
        14: "card",
        15: "total",
    }
    assert {line: [part[0] for part in parts] for line, parts in cards(source).items()} == {
        3: ["main"],
        4: ["main"],
        6: ["main"],
        8: ["main"],
        10: ["main"],
        12: ["g"],
        14: ["g"],
    }
    assert source.name == "かげろう ドラゴニック・オーバーロード"
    fv = shipped("vanguard").resolve("リクパレイト・ドラコキッド")
    assert source.keys["first_vanguard"] == fv.printed_number  # `(FV)` marks the first vanguard
    # the heading said 9 cards, 8 are under it; 21 read against 計50枚
    assert noted(source) == {2: "subtotal", 15: "total"}


def test_vanguard_names_written_differently_are_read_and_reported(shipped):
    source = read(
        shipped,
        "vanguard",
        "アシュラカイザー×4\nMrインビンシブル ×4\nドラゴンナイト・ネハーレン×4\n希望の火エルモ x 2\n",
    )
    assert cards(source) == {
        1: [("main", "アシュラ・カイザー", 4)],
        2: [("main", "Mr.インビンシブル", 4)],
        3: [("main", "ドラゴンナイト ネハーレン", 4)],
        4: [("main", "希望の火 エルモ", 2)],
    }
    assert noted(source) == {1: "name", 2: "name", 3: "name", 4: "name"}
    note = source.pasted.notes[0]
    assert "'アシュラカイザー'" in note.message and "アシュラ・カイザー" in note.message
    warnings = [v for v in check_deck(resolve_deck(source, shipped("vanguard"))) if v.rule == "deck.pasted-reading"]
    assert [(v.line, v.severity) for v in warnings] == [(1, "warning"), (2, "warning"), (3, "warning"), (4, "warning")]


def test_a_plain_mistake_is_an_unknown_card_with_suggestions_never_a_match(shipped):
    source = read(shipped, "vanguard", "アシュラ・カイザー ×4\nリザードガンナー アンドゥー ×3\n")
    assert cards(source) == {1: [("main", "アシュラ・カイザー", 4)], 2: [("main", None, 3)]}
    assert kinds(source) == {1: "card", 2: "card"}
    deck = resolve_deck(source, shipped("vanguard"))
    (unknown,) = [v for v in check_deck(deck, shipped("vanguard")) if v.rule == "deck.unknown-card"]
    assert unknown.line == 2 and "リザードランナー アンドゥー" in unknown.message


@pytest.mark.parametrize(
    "line",
    [
        "ドラゴンナイト ネハーレン×2",
        "ドラゴンナイト ネハーレン ×2",
        "ドラゴンナイト ネハーレン  ×2",
        "ドラゴンナイト ネハーレン× 2",
        "- ドラゴンナイト ネハーレン × 2",
        "《ドラゴンナイト ネハーレン》 x 2",
        "《ドラゴンナイト ネハーレン》 ｘ ２",  # full-width x and digit
        "2 《ドラゴンナイト ネハーレン》",
        "２　ドラゴンナイト　ネハーレン",  # full-width digit and spaces
        "ドラゴンナイト ネハーレン 2",
        "ドラゴンナイト ネハーレン：2",
        "ドラゴンナイト ネハーレン(2枚)",
        "ドラゴンナイト ネハーレン（２枚）",
        "• 「ドラゴンナイト ネハーレン」×2",
        "2x ドラゴンナイト ネハーレン",
        "2枚 ドラゴンナイト ネハーレン",
    ],
)
def test_every_count_style_in_both_widths_reads_two_copies(shipped, line):
    source = read(shipped, "vanguard", line + "\n")
    assert cards(source) == {1: [("main", "ドラゴンナイト ネハーレン", 2)]}
    assert noted(source) == {}


def test_the_official_table_flattened_gives_the_grade_first_and_the_count_last(shipped):
    source = read(
        shipped,
        "vanguard",
        "グレード カード名 枚数\n3 ドラゴニック・オーバーロード 4\n2 ドラゴンナイト ネハーレン 3\n",
    )
    assert kinds(source) == {1: "heading", 2: "card", 3: "card"}
    assert cards(source) == {
        2: [("main", "ドラゴニック・オーバーロード", 4)],
        3: [("main", "ドラゴンナイト ネハーレン", 3)],
    }


def test_two_numbers_without_the_table_header_are_reported_not_guessed(shipped):
    source = read(shipped, "vanguard", "3 ドラゴニック・オーバーロード 4\n4 ドラゴンナイト ネハーレン\n")
    assert kinds(source)[1] == "not-understood" and 1 not in cards(source)
    assert "which is the count" in source.pasted.notes[0].message


def test_a_card_line_without_a_count_is_no_count_not_one(shipped):
    source = read(shipped, "vanguard", "4 ドラゴンナイト ネハーレン\nドラゴニック・オーバーロード\n")
    assert cards(source)[2] == [("main", "ドラゴニック・オーバーロード", None)]
    deck = resolve_deck(source, shipped("vanguard"))
    assert any(v.rule == "deck.bad-count" and v.line == 2 for v in check_deck(deck))


def test_a_count_that_is_not_a_number_is_a_bad_count(shipped):
    source = read(shipped, "vanguard", "ドラゴンナイト ネハーレン ×四\n")
    assert cards(source) == {1: [("main", "ドラゴンナイト ネハーレン", "四")]}
    deck = resolve_deck(source, shipped("vanguard"))
    (bad,) = [v for v in check_deck(deck) if v.rule == "deck.bad-count"]
    assert bad.line == 1 and "'四'" in bad.message


@pytest.mark.parametrize(
    "lead", ["デッキレシピ", "〇デッキレシピ", "◆デッキレシピ", "[デッキレシピ]", "使用リスト", "構成は以下"]
)
def test_lead_ins_are_comments_not_names(shipped, lead):
    source = read(shipped, "vanguard", f"{lead}\n4 ドラゴンナイト ネハーレン\n")
    assert kinds(source) == {1: "lead-in", 2: "card"} and source.name is None


def test_deck_codes_and_a_title_with_its_code(shipped):
    source = read(
        shipped,
        "vanguard",
        "かげろうデッキ【デッキコード:AB12C】\nデッキコード:XY9\ndc : ZZ1\n4 ドラゴンナイト ネハーレン\n",
    )
    assert kinds(source) == {1: "code", 2: "code", 3: "code", 4: "card"}
    assert source.name == "かげろうデッキ"
    assert "deck code: XY9" in source.pasted.comments


def test_prose_around_the_list_is_not_read_as_cards(shipped):
    text = numbered("""
こんにちは、店長です。今日は大会の優勝デッキを紹介します。
ドローは4枚、ヒールは4枚です。

4 ドラゴンナイト ネハーレン
ドラゴニック・オーバーロード×4

ぜひ参考にしてください！
このデッキ 4
""")
    source = read(shipped, "vanguard", text)
    assert set(cards(source)) == {4, 5}
    assert {line: kind for line, kind in noted(source).items()} == {
        1: "not-understood",
        2: "not-understood",
        7: "not-understood",
        8: "not-understood",
    }


def test_two_decks_in_one_paste_are_refused_with_the_line_where_the_second_starts(shipped):
    text = "G3\nドラゴニック・オーバーロード×4\nG2\nドラゴンナイト ネハーレン×4\nG3\nアシュラ・カイザー×4\n"
    with pytest.raises(DeckcheckError, match="second one starts on line 5") as refused:
        read(shipped, "vanguard", text)
    assert refused.value.line == 5


def test_two_decks_after_two_totals_are_refused(shipped):
    text = "ドラゴニック・オーバーロード×4\n計4枚\nアシュラ・カイザー×4\n計4枚\n"
    with pytest.raises(DeckcheckError, match="second one starts on line 3"):
        read(shipped, "vanguard", text)


def test_another_games_list_names_that_game(shipped, command_line):
    with pytest.raises(DeckcheckError, match="--game evolve") as refused:
        read(shipped, "vanguard", "ベビーエルフ・メイ ×3\nロイヤルセイバー・オーレリア ×3\n")
    assert "nothing could be read" in str(refused.value)


def test_ten_thousand_lines_of_noise_are_refused(shipped):
    noise = "\n".join(f"ノイズ{index} ％＄ lorem ipsum {index % 7}" for index in range(10_000))
    with pytest.raises(DeckcheckError, match="nothing could be read"):  # (its time: benchmarks/bench_pasted.py)
        read(shipped, "vanguard", noise)


def test_a_package_line_is_reported_never_half_read(shipped):
    source = read(shipped, "vanguard", "4 ドラゴンナイト ネハーレン\nパッケージ3×5種:15-4\n")
    assert kinds(source)[2] == "not-understood" and 2 not in cards(source)
    assert "package" in source.pasted.notes[0].message


def test_an_aside_with_counts_is_a_comment(shipped):
    source = read(shipped, "vanguard", "4 ドラゴンナイト ネハーレン\n(※もしなければドラゴニック・オーバーロード×4)\n")
    assert kinds(source) == {1: "card", 2: "comment"} and set(cards(source)) == {1}


def test_a_strict_text_deck_reads_the_same_as_a_pasted_list(shipped):
    text = "game: vanguard\nname: t\n## main\n4 ドラゴンナイト ネハーレン\n## g\n2 炎帝龍王 ルートフレア・ドラゴン\n"
    strict = resolve_deck(parse_deck("d.txt", text), shipped("vanguard"))
    pasted = read(shipped, "vanguard", text)
    assert [(e.section, e.card.number, e.raw_count, e.line) for e in strict.entries] == [
        (e.section, e.card.number, e.raw_count, e.line) for e in pasted.entries
    ]
    assert pasted.name == "t" and noted(pasted) == {}


def test_a_game_line_of_another_game_is_refused(shipped):
    with pytest.raises(DeckcheckError, match="is an evolve deck, not vanguard"):
        read(shipped, "vanguard", "game: evolve\n4 ドラゴンナイト ネハーレン\n")


# Shadowverse EVOLVE ---------------------------------------------------------------------------------------------

EVOLVE_LIST = numbered("""
▼デッキ▼
使用クラス: エルフ
リーダー: アリサ
メインデッキ
≪エンシェントエルフ≫:3-2
≪ベビーエルフ・メイ≫:3-0
≪ベビーエルフ・メイ≫:1-1
希望の火エルモ×3
エボルヴデッキ
リノセウス×2
""")


def test_evolve_main_and_evolve_copies_together_and_its_headings(shipped):
    source = read(shipped, "evolve", EVOLVE_LIST)
    assert kinds(source) == {
        1: "heading",
        2: "comment",
        3: "card",
        4: "heading",
        5: "card",
        6: "card",
        7: "not-understood",  # ベビーエルフ・メイ has no EVOLVE card: not read by half
        8: "card",
        9: "heading",
        10: "card",
    }
    db = shipped("evolve")
    assert cards(source) == {
        3: [("leader", "アリサ", 1)],
        5: [("main", "エンシェントエルフ", 3), ("evolve", "エンシェントエルフ", 2)],
        6: [("main", "ベビーエルフ・メイ", 3)],
        8: [("main", "希望の火 エルモ", 3)],
        10: [("evolve", "リノセウス", 2)],
    }
    main, evolve = (entry.card for entry in source.entries if entry.line == 5)
    assert db.game.cards.home_section(main) == "main" and db.game.cards.home_section(evolve) == "evolve"
    assert noted(source) == {7: "not-understood", 8: "name"}


def test_a_main_deck_subtotal_counts_only_the_main_copies_of_pair_lines(shipped):
    text = "メインデッキ(6枚)\n≪エンシェントエルフ≫:3-2\n希望の火 エルモ×3\nエボルヴデッキ\nリノセウス×2\n"
    source = read(shipped, "evolve", text)
    assert noted(source) == {}  # 3 + 3 main copies: the heading's 6 (the 2 evolve copies are not under it)
    wrong = read(shipped, "evolve", text.replace("(6枚)", "(8枚)"))
    assert noted(wrong) == {1: "subtotal"}


def test_evolve_pair_lines_are_reported_for_another_game(shipped):
    source = read(shipped, "vanguard", "4 ドラゴンナイト ネハーレン\n≪ドラゴニック・オーバーロード≫:3-2\n")
    assert kinds(source)[2] == "not-understood" and 2 not in cards(source)


# Build Divide (the shipped invented cards) ----------------------------------------------------------------------

BUILD_DIVIDE_LIST = numbered("""
テリトリー:静かなる夜の街
メインデッキ(12)
エース(テリトリー解放カード 8枚)
- 宵闇の剣士クロガネ × 4
夜鴉の斥候× 4
アイコンなし(4枚)
DC-BD-003 | 影縫いの術 | 2 | - | 1 | コマンド | 4
Dデッキ(2枚):
- 焔帝竜ホムラ × 2
""")


def test_build_divide_territory_icon_sections_and_table_rows(shipped):
    source = read(shipped, "build-divide", BUILD_DIVIDE_LIST)
    assert kinds(source) == {
        1: "card",
        2: "heading",
        3: "heading",
        4: "card",
        5: "card",
        6: "heading",
        7: "card",
        8: "heading",
        9: "card",
    }
    assert cards(source) == {
        1: [("territory", "静かなる夜の街", 1)],
        4: [("main", "宵闇の剣士クロガネ", 4)],
        5: [("main", "夜鴉の斥候", 4)],
        7: [("main", "影縫いの術", 4)],
        9: [("d", "焔帝竜ホムラ", 2)],
    }
    assert noted(source) == {}  # every subtotal agrees with its lines


def test_build_divide_a_lone_territory_line_is_the_territory(shipped):
    source = read(shipped, "build-divide", "《霧の街角》(宵闇戦記)\n- 宵闇の剣士クロガネ × 4\n")
    assert cards(source)[1] == [("territory", "霧の街角", 1)]


# Cipher -----------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cipher_ja(shipped):
    """Cipher cards under Japanese names (the shipped ones are English), one with a bracket in its name."""
    shipped_db = shipped("cipher")
    records = []
    for number, name in [
        ("B01-001", "救国の英雄 マルス"),
        ("B01-002", "アリティアの王子 マルス"),
        ("B01-003", "眩き光竜の神子 カムイ(男)"),
        ("B01-004", "白き翼の王女 シーダ"),
    ]:
        record = {key: value for key, value in shipped_db.cards[number].to_dict().items() if value is not None}
        record.update(number=number, name=name, title=name.split()[0], unit_name=name.split()[-1])
        records.append(record)
    return build_carddb("cipher", records)


CIPHER_LIST = numbered("""
3コスト
• 「救国の英雄 マルス」×4★
• アリティアの王子 マルス」×4
• 「眩き光竜の神子 カムイ(男)」×2
白き翼の王女 シーダ(主人公):1
■4c 白き翼の王女 シーダ(2枚)
計13枚(★は主人公カード)
""")


def test_cipher_styles_the_protagonist_mark_and_a_bracket_of_the_name(cipher_ja):
    source = pasted_source("pasted.txt", CIPHER_LIST, "cipher")
    resolve_deck(source, cipher_ja)
    assert kinds(source) == {1: "heading", 2: "card", 3: "card", 4: "card", 5: "card", 6: "card", 7: "total"}
    assert cards(source) == {
        2: [("main", "救国の英雄 マルス", 4)],
        3: [("main", "アリティアの王子 マルス", 4)],
        4: [("main", "眩き光竜の神子 カムイ(男)", 2)],  # the bracket belongs to the name
        5: [("main", "白き翼の王女 シーダ", 1)],
        6: [("main", "白き翼の王女 シーダ", 2)],
    }
    # ★ (line 2) and (主人公) (line 5) mark two different cards: the lord is not set, and that is said
    assert "lord" not in source.keys and noted(source) == {2: "mark"}


def test_cipher_one_protagonist_mark_sets_the_lord(cipher_ja):
    source = pasted_source("pasted.txt", "「救国の英雄 マルス」×4★\n計4枚\n", "cipher")
    resolve_deck(source, cipher_ja)
    assert source.keys["lord"] == "B01-001" and noted(source) == {}


def test_a_total_that_disagrees_names_both(cipher_ja):
    source = pasted_source("pasted.txt", "「救国の英雄 マルス」×4\n計50枚\n", "cipher")
    resolve_deck(source, cipher_ja)
    (note,) = source.pasted.notes
    assert note.line == 2 and "says 50" in note.message and "add up to 4" in note.message


def test_notes_after_the_count_are_left_out_and_marks_among_them_read(shipped):
    source = read(
        shipped,
        "vanguard",
        "ドラゴンダンサー エカテリーナ ×4 “ドロートリガー”\n《リクパレイト・ドラコキッド》 x 1 (FV)\n",
    )
    assert cards(source) == {
        1: [("main", "ドラゴンダンサー エカテリーナ", 4)],
        2: [("main", "リクパレイト・ドラコキッド", 1)],
    }
    assert source.keys["first_vanguard"] == shipped("vanguard").resolve("リクパレイト・ドラコキッド").printed_number


def test_a_title_keeps_the_quotes_of_a_name_and_drops_the_quotes_of_a_catch_phrase(shipped):
    named = read(shipped, "vanguard", "■かげろう “The Destiny”\n4 ドラゴンナイト ネハーレン\n")
    assert named.name == "かげろう “The Destiny”"
    caught = read(shipped, "vanguard", "“燃え上がれ、竜の魂”\n4 ドラゴンナイト ネハーレン\n")
    assert caught.name == "燃え上がれ、竜の魂"


def test_a_line_longer_than_any_card_line_is_not_understood_at_once(shipped):
    long_line = "名前" + " " * 5000 + "×" + " " * 5000 + "四"
    source = read(shipped, "vanguard", f"4 ドラゴンナイト ネハーレン\n{long_line}\n")
    assert kinds(source)[2] == "not-understood" and "characters" in source.pasted.notes[0].message


def test_a_text_of_more_lines_than_a_pasted_list_is_refused_at_once():
    from deckcheck.formats.pasted import MOST_LINES, pasted_source

    line = "4 ドラゴンナイト ネハーレン\n"
    assert pasted_source("p.txt", line * MOST_LINES, "vanguard").pasted is not None  # the most: taken
    assert pasted_source("p.txt", line * (MOST_LINES - 1) + line.strip(), "vanguard").pasted is not None
    with pytest.raises(DeckcheckError, match=f"has {MOST_LINES + 1:,} lines; a pasted list is read up to"):
        pasted_source("p.txt", line * (MOST_LINES + 1), "vanguard")


@pytest.mark.parametrize(
    "line",
    [
        "ドラゴンナイト ネハーレン(GMD)×2",  # an abbreviation in brackets
        "2 ドラゴンナイト ネハーレン 第1弾",  # the product's number
        "2x ドラゴンナイト ネハーレン (ブースター第1弾「騎士王降臨」",  # run-together link texts, unclosed
        "2xドラゴンナイト ネハーレン(騎士王降臨)“スタンドトリガー”",
    ],
)
def test_annotations_are_left_out_where_the_rest_names_a_card(shipped, line):
    source = read(shipped, "vanguard", f"{line}\n黄1 紫1 計2枚\n")
    assert cards(source) == {1: [("main", "ドラゴンナイト ネハーレン", 2)]}
    assert kinds(source) == {1: "card", 2: "total"} and noted(source) == {}


def test_a_lead_in_with_a_prefix_is_no_name_and_the_title_after_it_is(shipped):
    source = read(shipped, "vanguard", "【大会優勝】デッキレシピ\n■かげろう\n4 ドラゴンナイト ネハーレン\n")
    assert kinds(source) == {1: "lead-in", 2: "title", 3: "card"}
    assert source.name == "かげろう" and source.pasted.comments == ["【大会優勝】デッキレシピ"]


def test_a_tagged_title_is_the_name_after_its_tag(shipped):
    source = read(shipped, "vanguard", "【デッキレシピ】かげろう\n4 ドラゴンナイト ネハーレン\n")
    assert source.name == "かげろう" and kinds(source)[1] == "title"


@pytest.mark.parametrize("colon", [":", "：", " : "])
def test_a_protagonist_line_names_the_lord_with_the_shipped_japanese_names(shipped, colon):
    text = f"主人公{colon}アリティアの王子 マルス\n4x アリティアの王子 マルス\n4x 亡国の王子 マルス\n"
    source = read(shipped, "cipher", text)
    assert source.keys["lord"] == "B01-003" and kinds(source)[1] == "comment"
    assert cards(source)[2][0][2] == 4  # the card lines are read as before


def test_a_colon_line_naming_no_card_stays_a_comment(shipped):
    source = read(shipped, "cipher", "主人公:だれか\n4x アリティアの王子 マルス\n")
    assert "lord" not in source.keys and kinds(source)[1] == "comment"


@pytest.mark.parametrize("label", ["デッキ名:", "■デッキ名：", "デッキタイトル : "])
def test_a_deck_name_label_names_the_deck(shipped, label):
    source = read(shipped, "vanguard", f"かげろう速報\n{label}ネハーレン軸\n4 ドラゴンナイト ネハーレン\n")
    assert source.name == "ネハーレン軸" and kinds(source)[2] == "title"
    assert source.pasted.comments == ["かげろう速報"]  # the other title is kept as a comment


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("【デッキ名】ロイヤル ミッドレンジ", "ロイヤル ミッドレンジ"),
        ("■【デッキ名】 ロイヤル", "ロイヤル"),
        ("[デッキ名] ロイヤル", "ロイヤル"),
        ("【デッキ名】：ロイヤル", "ロイヤル"),
        ("デッキ名【ロイヤル】", "ロイヤル"),
        ("デッキ名「ロイヤル（速攻）」", "ロイヤル（速攻）"),
        ("デッキ名：ロイヤル（速攻） ２号", "ロイヤル（速攻） ２号"),  # as written: no width folded, digits kept
    ],
)
def test_a_deck_name_tag_names_the_deck_with_its_own_characters(shipped, line, name):
    source = read(shipped, "vanguard", f"{line}\n4 ドラゴンナイト ネハーレン\n")
    assert source.name == name and kinds(source) == {1: "title", 2: "card"}
    assert source.pasted.comments == [] and noted(source) == {}


def test_a_name_before_a_deck_code_keeps_its_own_characters(shipped):
    source = read(shipped, "vanguard", "ロイヤル（速攻）【デッキコード：AB12】\n4 ドラゴンナイト ネハーレン\n")
    assert source.name == "ロイヤル（速攻）" and kinds(source)[1] == "code"


def test_a_deck_name_tag_alone_is_a_lead_in_and_the_title_after_it_the_name(shipped):
    source = read(shipped, "vanguard", "【デッキ名】\nロイヤル（速攻）\n4 ドラゴンナイト ネハーレン\n")
    assert source.name == "ロイヤル（速攻）" and kinds(source) == {1: "lead-in", 2: "title", 3: "card"}
    unclosed = read(shipped, "vanguard", "デッキ名【ロイヤル\n4 ドラゴンナイト ネハーレン\n")
    assert unclosed.name == "デッキ名【ロイヤル"  # no tag: a title as written, never cut at a guess


@pytest.mark.parametrize("line", ["べリアルオウル ×4", "4x べリアルオウル", "「べリアルオウル」×4"])
def test_a_kana_slip_naming_one_card_is_read_with_a_reading_note(shipped, line):
    source = read(shipped, "vanguard", f"4 ドラゴンナイト ネハーレン\n{line}\n")
    assert cards(source)[2] == [("main", "ベリアルオウル", 4)]
    (note,) = source.pasted.notes
    assert (note.line, note.kind) == (2, "name")
    assert "'べリアルオウル' is not a printed name; read as ベリアルオウル (G-BT10/011)" in note.message
    assert "hiragana and katakana alike" in note.message


def test_a_kana_slip_naming_two_cards_is_an_unknown_card():
    base = {"type": "normal", "grade": 0, "clans": ["C"]}
    db = build_carddb(
        "vanguard", [{**base, "number": "T-1", "name": "アイ"}, {**base, "number": "T-2", "name": "あイ"}]
    )
    source = parse_deck("p.txt", "4 T-1\n4 アい\n", game="vanguard")
    deck = resolve_deck(source, db)
    assert [entry.card for entry in deck.entries][1:] == [None]
    assert [v.rule for v in check_deck(deck, db) if v.rule.startswith("deck.")] == ["deck.unknown-card"]


def test_a_bracketed_word_among_the_cards_that_names_no_section_is_said_as_a_heading(shipped):
    source = read(shipped, "vanguard", "4 ドラゴンナイト ネハーレン\n【トークン】\n4 ドラゴンナイト ネハーレン\n")
    (note,) = source.pasted.notes
    assert (note.line, note.kind) == (2, "not-understood")
    assert "'【トークン】' is read as a heading, but names no section of Cardfight!! Vanguard" in note.message
    assert "## Gデッキ" in note.message and cards(source)[3] == [("main", "ドラゴンナイト ネハーレン", 4)]


def test_grade_headings_after_hashes_are_read_as_a_text_deck_reads_them(shipped):
    text = "## G3\n4 ドラゴンナイト ネハーレン\n## G2\n4 まぁるがる\n## G4\n2 炎帝龍王 ルートフレア・ドラゴン\n"
    source = read(shipped, "vanguard", text)
    assert [entry.section for entry in source.entries] == ["main", "main", "g"]
    assert kinds(source) == {1: "heading", 2: "card", 3: "heading", 4: "card", 5: "heading", 6: "card"}
    assert noted(source) == {}  # two parts of main are no second deck


def test_a_line_cut_short_that_starts_one_name_suggests_it(shipped):
    source = read(shipped, "vanguard", "4 ドラゴンナイト ネハーレン\n新鋭の騎士 \n4 ドラゴンナイト ネハーレン\n")
    (note,) = source.pasted.notes
    assert (
        note.line == 2
        and "it starts the name 新鋭の騎士 ダヴィド (G-BT03/052): was the line cut short?" in note.message
    )
    # a start shared by several names suggests none of them
    many = read(shipped, "vanguard", "4 ドラゴンナイト ネハーレン\nドラゴンナイト\n4 ドラゴンナイト ネハーレン\n")
    assert "cut short" not in many.pasted.notes[0].message


# Japanese (issue 29) ----------------------------------------------------------------------------------------------

NOTES_OF_EVERY_KIND = numbered("""
メインデッキ(12枚)
4 ドラゴンナイトネハーレン
4 まぁるがる 4
これはパッケージです
計50枚
""")


def test_reading_notes_in_japanese_with_the_same_kinds_lines_and_sections(shipped, japanese):
    source = read(shipped, "vanguard", NOTES_OF_EVERY_KIND)
    assert [(note.line, note.section, note.kind) for note in source.pasted.notes] == [
        (1, "main", "subtotal"),
        (2, "main", "name"),
        (3, "main", "not-understood"),
        (4, None, "not-understood"),
        (5, None, "total"),
    ]  # what a machine reads of a note is the same in every language
    assert source.pasted.guesses() == [
        "注記：1行目：見出しには12枚とありますが、その下のカードの行の合計は4枚です",
        "推測：2行目：'ドラゴンナイトネハーレン' は印刷されたカード名ではありません。空白・中黒・記号を除くと一致する "
        "ドラゴンナイト ネハーレン（BT01/022）として読みました",
        "注記：3行目：読めない行：'4 まぁるがる 4'（名前の前後に数字があり、どちらが枚数かわかりません）",
        "注記：4行目：読めない行：'これはパッケージです'（カードのパッケージを指す行です。パッケージのカードを"
        "1行に1種類ずつ書いてください）",
        "注記：5行目：リストには50枚とありますが、カードの行の合計は4枚です（main 4）",
    ]
    assert source.pasted.comments == [
        "3行目は読めませんでした：4 まぁるがる 4",
        "4行目は読めませんでした：これはパッケージです",
    ]
    assert cards(source) == {2: [("main", "ドラゴンナイト ネハーレン", 4)]}


def test_pasted_list_errors_in_japanese(shipped, japanese, command_line):
    with pytest.raises(DeckcheckError) as error:
        read(shipped, "vanguard", "game: evolve\n4 ドラゴンナイト ネハーレン\n")
    assert str(error.value) == (
        "pasted.txt:1: evolve のデッキで、vanguard のデッキではありません（`game:` 行は evolve ですが、--game は "
        "vanguard の貼り付けたリストとして読みます）。ゲームを1つにしてください"
    )
    with pytest.raises(DeckcheckError) as error:
        read(shipped, "vanguard", "メインデッキ\n4 まぁるがる\nGデッキ\n4 まぁるがる\nメインデッキ\n4 まぁるがる\n")
    assert str(error.value).startswith("pasted.txt:5: デッキが2個あります：1行目から始まる1個目のあと、5行目（")
    with pytest.raises(DeckcheckError) as error:
        read(shipped, "vanguard", "こんにちは。\n今日は晴れです。\n")
    assert str(error.value) == (
        "pasted.txt:1: 3行の中にカードの行がありません（1行目：'こんにちは。'）。"
        "カードファイト!! ヴァンガードのデッキリストとして"
        "何も読めませんでした（`4 name`、`name ×4`、`「name」×4` のような行が必要です）"
    )


def test_a_line_longer_than_any_card_line_says_its_length_once(shipped):
    # issue 40: the quote says how long the line is; the reason says only why that is no card line
    source = read(shipped, "vanguard", "閃きの騎士 ミーリウス ×1\n" + "あ" * 300 + "\n")
    (note,) = [note.message for note in source.pasted.notes if note.line == 2]
    assert note.count("300") == 1 and "longer than any card line" in note, note
