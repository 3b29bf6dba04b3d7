"""Text decklists as Japanese players write them (issue 25 item 2): count forms, card numbers beside names, each
game's own section words, header keys in any case and with a full-width colon; names with digits or an x in them
(real cards of the shipped databases) are never misread as counts."""

from __future__ import annotations

import pytest

from deckcheck.carddb.db import resolve_deck
from deckcheck.checking.deck import check_deck
from deckcheck.errors import DeckcheckError
from deckcheck.formats.text import parse_text
from deckcheck.games import all_games
from deckcheck.model.deck import Deck


def read(shipped, text: str) -> Deck:
    source = parse_text("list.txt", text)
    return resolve_deck(source, shipped(source.game_id))


def entries(deck: Deck) -> list[tuple[str, str | None, object, int | None]]:
    """(section, card number, count, line) of each entry."""
    return [(e.section, e.card.number if e.card else None, e.raw_count, e.line) for e in deck.entries]


@pytest.mark.parametrize(
    "line",
    [
        "自然の導き ×3",
        "自然の導き×3",
        "自然の導き x3",
        "自然の導き x 3",
        "自然の導き× 3",
        "自然の導き ×３",  # full-width digit
        "3枚 自然の導き",
        "3枚自然の導き",
        "自然の導き 3",
        "自然の導き 3枚",
        "3x自然の導き",
        "3 × 自然の導き",
        "3 BP01-015 自然の導き",
        "BP01-015 自然の導き ×3",
    ],
)
def test_every_count_form_reads_three_of_the_card(shipped, line):
    deck = read(shipped, f"game: evolve\n{line}\n")
    assert entries(deck) == [("main", "BP01-015", 3, 2)]
    assert not [v for v in check_deck(deck) if v.rule.startswith("deck.")]


def test_a_number_and_name_without_a_count_is_one_copy(shipped):
    deck = read(shipped, "game: evolve\nBP01-015 自然の導き\n")
    assert entries(deck) == [("main", "BP01-015", 1, 2)]


def test_a_name_that_disagrees_with_its_number_is_a_warning_naming_both_and_the_number_wins(shipped):
    deck = read(shipped, "game: evolve\n3 BP01-015 ローズクイーン\n")
    assert entries(deck) == [("main", "BP01-015", 3, 2)]
    (warning,) = [v for v in check_deck(deck) if v.rule == "deck.number-name"]
    assert warning.severity == "warning" and warning.line == 2 and warning.cards == ["BP01-015"]
    assert "'ローズクイーン'" in warning.message and "BP01-015 (自然の導き)" in warning.message
    assert "number wins" in warning.message


def test_a_name_typed_another_way_beside_its_number_is_no_warning(shipped):
    deck = read(shipped, "game: evolve\n3 BP01-015 《自然の導き》\n3 BP01-001 ろーずくいーん\n")
    assert [v for v in check_deck(deck) if v.rule == "deck.number-name"] == []


def test_a_number_that_is_no_card_is_counted_by_its_name_with_a_warning(shipped):
    deck = read(shipped, "game: evolve\n3 BP99-999 自然の導き\n")
    assert entries(deck) == [("main", "BP01-015", 3, 2)]
    (warning,) = [v for v in check_deck(deck) if v.rule == "deck.number-name"]
    assert "'BP99-999' is no card's number" in warning.message


@pytest.mark.parametrize(
    ("game", "line", "number", "count"),
    [
        # a name ending in a number after a blank: the number is part of the name, not a count
        ("vanguard", "2 パーフェクト・レフリー 2.99", "G-BT06/078", 2),
        ("vanguard", "パーフェクト・レフリー 2.99 ×2", "G-BT06/078", 2),
        ("vanguard", "パーフェクト・レフリー 2.99 2", "G-BT06/078", 2),
        ("vanguard", "G-BT06/078 パーフェクト・レフリー 2.99", "G-BT06/078", 1),
        # a name ending in digits with no blank
        ("vanguard", "あいさいちゃん2017 ×1", "PR/0587", 1),
        ("vanguard", "あいさいちゃん2017 1", "PR/0587", 1),
        ("vanguard", "1 あいさいちゃん2017", "PR/0587", 1),
        # a × inside a name
        ("evolve", "2 〔すく×2あかりんご〕辻野あかり", "ECP02-040", 2),
        ("evolve", "〔すく×2あかりんご〕辻野あかり ×2", "ECP02-040", 2),
        # a Latin x inside a name, and a name that starts with X
        ("cipher", "4 Noble Thief x Lady Nina", "B03-091", 4),
        ("cipher", "Noble Thief x Lady Nina x4", "B03-091", 4),
        ("cipher", "4 Dark Paladin Xander", "B02-056", 4),
        ("cipher", "4x Dark Paladin Xander", "B02-056", 4),
    ],
)
def test_real_names_with_digits_or_an_x_are_not_misread(shipped, game, line, number, count):
    deck = read(shipped, f"game: {game}\n{line}\n")
    assert entries(deck) == [("main", number, count, 2)]


def test_a_line_that_is_a_card_name_ending_in_a_number_is_that_card_without_a_count(tmp_path):
    """`name 3` is three of `name` only when `name` is a card or the line is no card's name: here the whole line
    is a card's name and its first words are none, so the line has no count (deck.bad-count, not 3 of a card)."""
    from conftest import make_db

    db = make_db("vanguard", [{"number": "T-1", "name": "Bar 2", "type": "normal", "grade": 0, "clans": ["C"]}])
    deck = resolve_deck(parse_text("l.txt", "game: vanguard\nBar 2\n"), db)
    assert entries(deck) == [("main", "T-1", None, 2)]
    (bad,) = [v for v in check_deck(deck, db) if v.rule == "deck.bad-count"]
    assert "'Bar 2' on line 2 names a card but has no count" in bad.message
    # and a name that names no card either way is read as `name N` (clearly a count), reported as unknown
    deck = resolve_deck(parse_text("l.txt", "game: vanguard\nBaz 2\n"), db)
    assert [(e.key, e.raw_count) for e in deck.entries] == [("Baz", 2)]


@pytest.mark.parametrize(
    ("game", "text", "sections"),
    [
        ("vanguard", "## メインデッキ\n4 BT01/002\n## Gデッキ\n1 G-BT01/001\n", ["main", "g"]),
        ("vanguard", "## main deck\n4 BT01/002\n## G deck\n1 G-BT01/001\n", ["main", "g"]),
        ("evolve", "## リーダー\n1 BP01-LD01\n## メインデッキ\n3 BP01-015\n## エボルヴデッキ\n1 BP01-P01\n", None),
        ("evolve", "## メインデッキ(40)\n3 BP01-015\n## エボルヴデッキ（10枚）:\n1 BP01-P01\n", None),
        ("build-divide", "## メインデッキ\n## Dデッキ\n## テリトリー\n", []),
        ("ic-dragonball", "## リーダー\n## デッキ\n", []),
        ("cipher", "## デッキ\n", []),
    ],
)
def test_each_games_own_section_words_are_its_sections(shipped, game, text, sections):
    source = parse_text("list.txt", f"game: {game}\n{text}")
    assert source.sections == {}  # no unknown section
    assert set(source.section_lines) <= set(all_games()[game].sections)
    if sections is not None:
        assert [e.section for e in source.entries] == sections
    if game == "evolve":
        assert [e.section for e in source.entries][-2:] == ["main", "evolve"]


def test_section_words_are_data_of_each_game():
    for game in all_games().values():
        assert game.wording.section_words, game.id
        assert set(game.wording.section_words.values()) <= set(game.sections), game.id


def test_an_unknown_japanese_section_is_still_an_unknown_section():
    source = parse_text("list.txt", "game: vanguard\n## サイドデッキ\n4 BT01/002\n")
    assert source.sections == {"サイドデッキ": 2}


@pytest.mark.parametrize(
    "header", ["game: evolve", "Game: evolve", "GAME: Evolve", "game：evolve", "Game：ＥＶＯＬＶＥ", "game : evolve"]
)
def test_header_keys_in_any_case_and_with_a_full_width_colon(header):
    source = parse_text("list.txt", f"{header}\nName：My deck\nBASIS: class\n3 BP01-015\n")
    assert (source.game_id, source.name, source.keys) == ("evolve", "My deck", {"basis": "class"})


def test_an_unreadable_line_is_still_said_with_its_number():
    with pytest.raises(DeckcheckError) as caught:
        parse_text("list.txt", "game: evolve\n3 BP01-015\nこれは何\n")
    assert caught.value.line == 3 and "'これは何'" in str(caught.value)


# A heading's count (issue 39 item 4): compared with the card lines under it, as a pasted list's subtotal is ------


def heading_findings(shipped, text: str) -> list[tuple[int | None, str | None, str]]:
    deck = read(shipped, text)
    return [(v.line, v.section, v.message) for v in check_deck(deck) if v.rule == "deck.pasted-reading"]


@pytest.mark.parametrize("heading", ["## main (6)", "## メインデッキ（６枚）", "## main(6):", "## main (6枚)："])
def test_a_heading_count_that_matches_its_lines_is_no_warning(shipped, heading):
    assert heading_findings(shipped, f"game: evolve\n{heading}\n3 BP01-015\n自然の導き ×1\n2 BP01-001\n") == []


@pytest.mark.parametrize(("said", "lines"), [(5, 6), (7, 6), (6, 0)])
def test_a_heading_count_one_off_is_the_pasted_readers_subtotal_warning(shipped, said, lines):
    cards = "3 BP01-015\n1 BP01-002\n2 BP01-001\n" if lines else ""
    deck = read(shipped, f"game: evolve\nname: d\n## main ({said})\n{cards}## evolve\n3 BP01-016\n")
    (warning,) = [v for v in check_deck(deck) if v.rule == "deck.pasted-reading"]
    assert (warning.severity, warning.line, warning.section, warning.extra) == (
        "warning",
        3,
        "main",
        {"kind": "subtotal"},
    )
    assert warning.message == f"The heading says {said} cards, but the card lines under it add up to {lines}."


def test_each_heading_counts_only_the_lines_under_it(shipped):
    text = "game: vanguard\n## main (4)\n4 G-BT06/051\n## g (1)\n1 G-BT01/001\n## main (3)\n4 G-BT02/011\n"
    # the first main heading and the g heading are right; the second main heading (line 6) says 3 over 4 copies
    assert [(line, section) for line, section, _m in heading_findings(shipped, text)] == [(6, "main")]


def test_a_heading_without_a_count_and_a_deck_without_headings_say_nothing(shipped):
    assert heading_findings(shipped, "game: evolve\n## main\n3 BP01-015\n") == []
    assert heading_findings(shipped, "game: evolve\n3 BP01-015\n") == []


def test_the_heading_count_warning_in_japanese(shipped, japanese):
    (message,) = [m for _l, _s, m in heading_findings(shipped, "game: evolve\n## メインデッキ(4)\n3 BP01-015\n")]
    assert "4" in message and "3" in message and message == message.strip() and "heading" not in message
