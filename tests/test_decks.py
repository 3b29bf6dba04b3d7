"""Deck files: TOML, text and JSON read alike; bad input is a clear DeckcheckError (exit 2)."""

from __future__ import annotations

import json

import pytest
from conftest import LEGAL_VANGUARD_TEXT, LEGAL_VANGUARD_TOML, VANGUARD_RECORDS, make_db, make_deck, rule_ids

from deckcheck.check import check_deck
from deckcheck.decks import parse_deck, resolve_deck
from deckcheck.errors import DeckcheckError


@pytest.fixture
def db():
    return make_db("vanguard", VANGUARD_RECORDS)


def deck_from(tmp_path, name: str, content: str | bytes, db):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return resolve_deck(parse_deck(path), db)


def test_toml_and_text_give_the_same_deck_and_verdict(tmp_path, db):
    toml_deck = deck_from(tmp_path, "a.deck.toml", LEGAL_VANGUARD_TOML, db)
    text_deck = deck_from(tmp_path, "a.txt", LEGAL_VANGUARD_TEXT, db)
    assert toml_deck.counts() == text_deck.counts() == {"main": 50, "g": 4}
    assert [(c.number, n) for c, n in toml_deck.cards("main")] == [(c.number, n) for c, n in text_deck.cards("main")]
    assert check_deck(toml_deck, db) == check_deck(text_deck, db) == []
    assert toml_deck.name == text_deck.name == "Test deck"


def test_toml_keeps_other_keys(tmp_path, db):
    deck = deck_from(tmp_path, "a.deck.toml", LEGAL_VANGUARD_TOML, db)
    assert deck.source.other == {"notes": "kept as is"}


def test_json_deck(tmp_path, db):
    data = {"game": "vanguard", "main": {"T-000": 1, "T-004": 4}, "g": {}}
    deck = deck_from(tmp_path, "a.json", json.dumps(data), db)
    assert deck.counts() == {"main": 5, "g": 0}


def test_byte_order_mark_and_windows_line_endings(tmp_path, db):
    text = "\ufeff" + LEGAL_VANGUARD_TEXT.replace("\n", "\r\n")
    deck = deck_from(tmp_path, "bom.txt", text.encode("utf-8"), db)
    assert deck.counts() == {"main": 50, "g": 4}
    toml_bytes = ("\ufeff" + LEGAL_VANGUARD_TOML.replace("\n", "\r\n")).encode("utf-8")
    assert deck_from(tmp_path, "bom.deck.toml", toml_bytes, db).counts() == {"main": 50, "g": 4}


def test_lines_listing_one_card_twice_are_summed(tmp_path, db):
    deck = deck_from(tmp_path, "a.txt", "game: vanguard\n2 T-004\n1 Heal\n1 ｔ-００４\n", db)
    assert [(c.number, n) for c, n in deck.cards("main")] == [("T-004", 4)]


def test_names_and_numbers_are_normalised(db):
    deck = make_deck(db, main={" t-000 ": 1, "始まりの騎士": 1, "Ｃｒｉｔ": 1})
    assert [(c.number, n) for c, n in deck.cards("main")] == [("T-000", 2), ("T-001", 1)]


def test_text_header_lines_and_comments(tmp_path, db):
    text = "# my deck\ngame: vanguard\nname: Name: with colon\n\n4 T-004 # heals\n## g\n4 Stride\n"
    deck = deck_from(tmp_path, "a.txt", text, db)
    assert deck.name == "Name: with colon"
    assert deck.counts() == {"main": 4, "g": 4}


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("", "is empty"),
        ("   \n\n", "is empty"),
        (b"\x00\x01\x02binary\xff", "binary"),
        (b"\xff\xfe\xfa not utf8", "not UTF-8"),
    ],
)
def test_unreadable_files(tmp_path, db, content, expected):
    with pytest.raises(DeckcheckError, match=expected) as caught:
        deck_from(tmp_path, "bad.txt", content, db)
    assert caught.value.path.endswith("bad.txt")


def test_malformed_toml_names_the_line(tmp_path, db):
    with pytest.raises(DeckcheckError, match="not valid TOML") as caught:
        deck_from(tmp_path, "bad.deck.toml", 'game = "vanguard"\n[main]\n"T-000" = = 1\n', db)
    assert caught.value.line == 3


def test_missing_and_unknown_game(tmp_path, db):
    with pytest.raises(DeckcheckError, match="no `game` key"):
        deck_from(tmp_path, "a.deck.toml", '[main]\n"T-000" = 1\n', db)
    with pytest.raises(DeckcheckError, match="unknown game 'pokemon'.*vanguard") as caught:
        deck_from(tmp_path, "b.txt", "game: pokemon\n4 X\n", db)
    assert caught.value.line == 1


def test_an_unreadable_text_line_is_reported_with_its_number(tmp_path, db):
    with pytest.raises(DeckcheckError, match="cannot read this line") as caught:
        deck_from(tmp_path, "a.txt", "game: vanguard\n4 T-000\nfour T-004\n", db)
    assert caught.value.line == 3
    with pytest.raises(DeckcheckError, match="unknown header 'lord:'") as caught:
        deck_from(tmp_path, "b.txt", "game: vanguard\nlord: T-000\n", db)
    assert caught.value.line == 2


def test_unknown_section_is_a_violation(tmp_path, db):
    deck = deck_from(tmp_path, "a.txt", LEGAL_VANGUARD_TEXT + "## side\n4 T-100\n", db)
    violations = check_deck(deck, db)
    assert rule_ids(violations) == ["deck.unknown-section"]
    assert violations[0].section == "side"
    assert "line 20" in violations[0].message
    assert deck.counts() == {"main": 50, "g": 4}  # the side cards count nowhere


@pytest.mark.parametrize("count", [0, -1, 1.5, "four", True])
def test_bad_counts_in_toml(db, count):
    violations = check_deck(make_deck(db, main={"T-000": count}), db)
    bad = [v for v in violations if v.rule == "deck.bad-count"]
    assert len(bad) == 1
    assert "T-000" in bad[0].message and bad[0].cards == ["T-000"]


@pytest.mark.parametrize("line", ["0 T-000", "-1 T-000", "1.5 T-000", "2,5 T-000"])
def test_bad_counts_in_text(tmp_path, db, line):
    deck = deck_from(tmp_path, "a.txt", f"game: vanguard\n{line}\n", db)
    assert "deck.bad-count" in rule_ids(check_deck(deck, db))
    assert "line 2" in [v for v in check_deck(deck, db) if v.rule == "deck.bad-count"][0].message


def test_unknown_card_counts_toward_size_and_suggests_names(db):
    deck = make_deck(db, main={"T-000": 1, "Unit 1": 4, "Unti 2": 45})
    violations = check_deck(deck, db)
    unknown = [v for v in violations if v.rule == "deck.unknown-card"]
    assert len(unknown) == 1
    assert "Unti 2" in unknown[0].message and "Unit 2" in unknown[0].message
    assert unknown[0].section == "main" and unknown[0].ref is None
    assert deck.size("main") == 50
    assert "vanguard.main-size" not in rule_ids(violations)


def test_a_section_that_is_not_a_table_is_malformed(tmp_path, db):
    with pytest.raises(DeckcheckError, match=r"section \[main\] must be a table") as caught:
        deck_from(tmp_path, "a.deck.toml", 'game = "vanguard"\nmain = 4\n', db)
    assert caught.value.field == "main"
