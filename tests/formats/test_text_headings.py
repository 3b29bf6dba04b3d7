"""Text decklists read the headings, marks and key words pasted lists read (issue 40): `【エボルヴデッキ】`,
`グレード2`, `## G3`, `1 (FV) name`, `name ×4★`, `主人公: name`, `デッキ名：name`; what reads as a heading
but names no section, a mark the game does not have and one key marked on two cards are named with their lines,
never dropped."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from deckcheck.carddb.db import build_carddb, resolve_deck
from deckcheck.checking.deck import check_deck
from deckcheck.errors import DeckcheckError
from deckcheck.formats.headings import deck_name, headings_of
from deckcheck.formats.text import parse_text
from deckcheck.games import all_games, get_game

ROOT = Path(__file__).resolve().parents[2]


def sections(source) -> list[tuple[int | None, str, str]]:
    return [(entry.line, entry.section, entry.key) for entry in source.entries]


def evolve_text(heading: str) -> str:
    """The shipped rune deck (leader, 40 main, 10 evolve) under headings written as `heading` writes a word."""
    data = tomllib.loads((ROOT / "decks/evolve/2026-03-21-rune-XEB3.deck.toml").read_text(encoding="utf-8"))
    lines = ["game: evolve", "basis: class"]
    for section, word in (("leader", "リーダー"), ("main", "メインデッキ"), ("evolve", "エボルヴデッキ")):
        lines.append(heading.format(word=word))
        lines += [f"{count} {number}" for number, count in data[section].items()]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("heading", ["【{word}】", "[{word}]", "{word}", "■{word}", "## {word}", "【{word}】:"])
def test_evolve_headings_as_players_write_them_put_each_card_in_its_section(shipped, heading):
    source = parse_text("list.txt", evolve_text(heading))
    deck = resolve_deck(source, shipped("evolve"))
    assert deck.counts() == {"leader": 1, "main": 40, "evolve": 10}
    assert source.sections == {} and source.unreadable is None
    assert set(source.section_lines) == {"leader", "main", "evolve"}
    assert not [v for v in check_deck(deck, shipped("evolve")) if v.severity == "error"]


def test_the_evolve_heading_the_issue_named_no_longer_puts_ten_evolve_cards_in_main(shipped):
    """(before: 51 main cards, eight consequential errors, the cause last)"""
    deck = resolve_deck(parse_text("list.txt", evolve_text("【{word}】")), shipped("evolve"))
    evolve_cards = {"BP07-036", "BP12-036", "BP17-042", "BP17-114"}
    assert deck.counts()["main"] == 40 and {e.section for e in deck.entries if e.key in evolve_cards} == {"evolve"}


@pytest.mark.parametrize(
    ("heading", "section"),
    [
        ("## G3", "main"),
        ("## g0", "main"),
        ("## グレード2", "main"),
        ("グレード1", "main"),
        ("G3", "main"),
        ("◆G3(4枚)", "main"),
        ("【トリガー】", "main"),
        ("## G4", "g"),
        ("Gユニット", "g"),
        ("【Gデッキ】", "g"),
        ("## G", "g"),  # the section id itself
    ],
)
def test_vanguard_grade_and_g_headings(heading, section):
    source = parse_text("list.txt", f"game: vanguard\n## main\n4 BT01/002\n{heading}\n4 ドラゴンナイト ネハーレン\n")
    assert sections(source) == [(3, "main", "BT01/002"), (5, section, "ドラゴンナイト ネハーレン")]
    assert source.sections == {} and source.unreadable is None


def test_a_part_heading_count_counts_its_part_and_a_section_heading_its_whole_section(shipped):
    text = "game: evolve\n【メインデッキ】(6)\n3コスト(3)\n3 BP01-015\n2コスト\n3 BP01-001\n"
    with pytest.raises(DeckcheckError, match="line 3: '3コスト"):
        parse_text("l.txt", text)  # 3コスト is Cipher's heading, not EVOLVE's
    text = "game: cipher\n【デッキ】(8)\n3コスト(4)\n4 B01-003\n2コスト(3)\n4 B01-002\n"
    deck = resolve_deck(parse_text("l.txt", text), shipped("cipher"))
    found = [(v.line, v.message) for v in check_deck(deck) if v.rule == "deck.pasted-reading"]
    # the section's (8) counts both parts; the part 2コスト(3) only its own line
    assert found == [(5, "The heading says 3 cards, but the card lines under it add up to 4.")]


def test_the_first_vanguard_mark_and_header(shipped):
    source = parse_text("l.txt", "game: vanguard\n1 (FV) リクパレイト・ドラコキッド\n4 BT01/002\n")
    assert source.keys == {"first_vanguard": "リクパレイト・ドラコキッド"} and source.key_lines["first_vanguard"] == 2
    assert sections(source)[0] == (2, "main", "リクパレイト・ドラコキッド")
    glued = parse_text("l.txt", "game: vanguard\n1(FV)リクパレイト・ドラコキッド\n")
    assert glued.keys == {"first_vanguard": "リクパレイト・ドラコキッド"} and glued.entries[0].raw_count == 1
    for header in ("FV: BT01/002", "ファーストヴァンガード：BT01/002"):
        keyed = parse_text("l.txt", f"game: vanguard\n{header}\n1 (FV) リクパレイト・ドラコキッド\n")
        assert keyed.keys == {"first_vanguard": "BT01/002"}  # the header says it; the mark is only taken off
        assert keyed.entries[0].key == "リクパレイト・ドラコキッド"


@pytest.mark.parametrize(
    "text",
    [
        "主人公: アリティアの王子 マルス\n4 B01-003\n",
        "主人公：アリティアの王子 マルス\n4 B01-003\n",
        "4 アリティアの王子 マルス★\n",
        "アリティアの王子 マルス ×4★\n",
        "4 アリティアの王子 マルス(主人公)\n",
        "4 【主人公】アリティアの王子 マルス\n",
    ],
)
def test_the_lord_by_its_japanese_key_or_its_mark(shipped, text):
    source = parse_text("l.txt", f"game: cipher\n{text}")
    deck = resolve_deck(source, shipped("cipher"))
    assert source.unreadable is None and source.key_lines["lord"] == 2
    assert deck.key_cards["lord"].number == "B01-003"
    assert all(entry.card is not None for entry in deck.entries)


def test_the_deck_name_by_its_japanese_key_keeps_its_own_characters():
    for line in (
        "デッキ名：ロイヤル（速攻）",
        "デッキ名: ロイヤル（速攻）",
        "【デッキ名】ロイヤル（速攻）",
        "デッキ名【ロイヤル（速攻）】",
    ):
        source = parse_text("l.txt", f"game: vanguard\n{line}\n4 BT01/002\n")
        assert source.name == "ロイヤル（速攻）" and source.key_lines["name"] == 2
    assert deck_name("デッキ名ロイヤル") is None and deck_name("4 BT01/002") is None
    regulated = parse_text("l.txt", "game: vanguard\nレギュレーション：スタンダード\n4 BT01/002\n")
    assert regulated.regulation == "スタンダード" and regulated.key_lines["regulation"] == 2


def test_a_grade_heading_of_another_game_is_an_unknown_section():
    source = parse_text("l.txt", "game: evolve\n## G3\n3 BP01-015\n")
    assert source.sections == {"g3": 2} and source.entries[0].section == "g3"


def test_a_key_written_twice_in_two_languages_is_refused_with_both_lines():
    with pytest.raises(DeckcheckError, match="'lord:' is given twice, on lines 2 and 3"):
        parse_text("l.txt", "game: cipher\nlord: B01-003\n主人公: B01-002\n")
    with pytest.raises(DeckcheckError, match="'first_vanguard:' is given twice, on lines 2 and 3"):
        parse_text("l.txt", "game: vanguard\nfirst_vanguard: BT01/002\nFV: BT01/002\n")


# Bad input: named with what it was read as, never dropped --------------------------------------------------------


def test_a_bracketed_heading_of_another_game_is_named_as_a_heading_with_the_words_to_write():
    text = "game: evolve\n## main\n3 BP01-015\n【Gデッキ】\n3 BP01-001\n"
    with pytest.raises(DeckcheckError) as caught:
        parse_text("l.txt", text)
    message = str(caught.value)
    assert caught.value.line == 4
    assert "'【Gデッキ】' is read as a heading, but names no section of Shadowverse EVOLVE" in message
    assert "## エボルヴデッキ" in message and "--game" not in message  # the library names the option `game`
    assert "`game GAME`" in message  # the pasted reader reads the list's styles
    source = parse_text("l.txt", text, partial=True)
    assert sections(source) == [(3, "main", "BP01-015"), (5, "main", "BP01-001")]  # still where they stood
    assert [problem.line for problem in source.unreadable.details or [source.unreadable]] == [4]


def test_a_bracketed_word_that_names_no_section_is_a_line_not_read():
    source = parse_text("l.txt", "game: vanguard\n4 BT01/002\n【トークン】\n4 BT01/002\n", partial=True)
    assert "'【トークン】' is read as a heading" in str(source.unreadable) and source.unreadable.line == 3
    assert [entry.section for entry in source.entries] == ["main", "main"]


def test_a_mark_the_game_does_not_have_is_named_and_a_star_inside_a_name_stays():
    source = parse_text("l.txt", "game: evolve\n3 スウィート★メドゥーサ\n自然の導き ×3★\n", partial=True)
    assert [entry.key for entry in source.entries] == ["スウィート★メドゥーサ", "自然の導き"]
    assert "'★' after the count is no mark of Shadowverse EVOLVE" in str(source.unreadable)
    assert source.unreadable.line == 3


def test_one_key_marked_on_two_cards_is_named_and_not_set():
    source = parse_text("l.txt", "game: cipher\n4 B01-003★\n4 B01-002★\n4 B01-003★\n", partial=True)
    assert "lord" not in source.keys and source.unreadable.line == 3
    assert "marks a second card as the lord (line 2 marks 'B01-003')" in str(source.unreadable)
    same = parse_text("l.txt", "game: cipher\n4 B01-003★\n1 B01-003(主人公)\n")
    assert same.keys == {"lord": "B01-003"} and same.key_lines == {"lord": 2}


def test_a_japanese_key_that_names_no_key_is_read_as_any_other_line():
    with pytest.raises(DeckcheckError) as caught:
        parse_text("l.txt", "game: cipher\n色: 赤\n4 B01-003\n")
    assert caught.value.line == 2 and "'色: 赤'" in str(caught.value)


def test_a_published_style_line_not_read_names_the_pasted_reader_and_an_ascii_one_does_not():
    with pytest.raises(DeckcheckError) as japanese_style:
        parse_text("l.txt", "game: evolve\n≪自然の導き≫:3-0\n")
    assert "a list pasted from a page or a blog is read with `game GAME`" in str(japanese_style.value)
    with pytest.raises(DeckcheckError) as garbage:
        parse_text("l.txt", "game: evolve\nthis is garbage\n")
    assert "pasted" not in str(garbage.value)


def test_without_a_game_line_a_heading_is_a_line_not_read_with_the_pasted_hint():
    with pytest.raises(DeckcheckError) as caught:
        parse_text("l.txt", "【メインデッキ】\n3 BP01-015\n")
    assert "'【メインデッキ】'" in str(caught.value) and "no `game:` line" in str(caught.value)


def test_every_games_heading_words_and_key_words_are_its_own():
    for game in all_games().values():
        heads = headings_of(game)
        assert set(heads.key_words.values()) <= {"name", "regulation", *game.deck_keys}, game.id
        assert all(heads.section(word) == (section, True) for word, section in game.wording.section_words.items())
    assert headings_of(get_game("cipher")).key("主人公") == "lord"
    assert headings_of(get_game("vanguard")).key("FV") == "first_vanguard"
    assert headings_of(get_game("evolve")).key("主人公") is None


# Names as written in a text deck: a slip read with a warning, never silently -----------------------------------


def test_a_kana_slip_naming_one_card_is_read_with_a_reading_warning(shipped):
    deck = resolve_deck(parse_text("l.txt", "game: vanguard\n4 べリアルオウル\n"), shipped("vanguard"))
    assert deck.entries[0].card.name == "ベリアルオウル"
    (warning,) = [v for v in check_deck(deck) if v.rule == "deck.pasted-reading"]
    assert (warning.severity, warning.line, warning.extra) == ("warning", 2, {"kind": "name"})
    assert "'べリアルオウル' is not a printed name; read as ベリアルオウル" in warning.message
    assert "hiragana and katakana" in warning.message
    assert not [v for v in check_deck(deck) if v.rule == "deck.unknown-card"]


def test_a_dropped_space_naming_one_card_is_read_with_a_reading_warning_and_quotes_silently(shipped):
    deck = resolve_deck(
        parse_text("l.txt", "game: vanguard\n4 希望の火エルモ\n4 「ブラスター・ブレード」\n"), shipped("vanguard")
    )
    assert [entry.card.name for entry in deck.entries] == ["希望の火 エルモ", "ブラスター・ブレード"]
    warnings = [(v.line, v.message) for v in check_deck(deck) if v.rule == "deck.pasted-reading"]
    assert [line for line, _message in warnings] == [2]
    assert "spaces, dots and punctuation left out" in warnings[0][1]


def test_a_kana_slip_that_names_two_cards_stays_an_unknown_card():
    base = {"type": "normal", "grade": 0, "clans": ["C"]}
    db = build_carddb(
        "vanguard", [{**base, "number": "T-1", "name": "アイ"}, {**base, "number": "T-2", "name": "あイ"}]
    )
    deck = resolve_deck(parse_text("l.txt", "game: vanguard\n4 アい\n"), db)
    assert deck.entries[0].card is None
    assert [v.rule for v in check_deck(deck, db) if v.rule.startswith("deck.")] == ["deck.unknown-card"]


def test_a_card_number_is_never_read_loosely_as_a_name(shipped):
    deck = resolve_deck(parse_text("l.txt", "game: vanguard\n4 BT01-002\n"), shipped("vanguard"))
    assert deck.entries[0].card is None or deck.entries[0].card.number == "BT01/002"
    assert not [v for v in check_deck(deck) if v.rule == "deck.pasted-reading"]
