"""Card filters and queries: the contract's grammar, aliases, list fields and bad input."""

from __future__ import annotations

import pytest
from conftest import VANGUARD_RECORDS, make_db

from deckcheck.errors import DeckcheckError
from deckcheck.games import get_game
from deckcheck.query import parse_filter, parse_query

VANGUARD = get_game("vanguard")


@pytest.fixture
def db():
    return make_db("vanguard", VANGUARD_RECORDS)


def matching(db, text: str) -> list[str]:
    card_filter = parse_filter(text, VANGUARD)
    return sorted(card.number for card in db.cards.values() if card_filter(card))


def test_field_values_compare_as_stored(db):
    assert matching(db, "trigger=heal") == ["T-004"]
    assert matching(db, "trigger=ヒールトリガー") == ["T-004"]  # a Japanese alias
    assert matching(db, "trigger=治") == ["T-004"]  # an icon glyph
    assert matching(db, "grade=3") == ["T-102", "T-105", "T-108"]
    assert matching(db, "grade=３") == ["T-102", "T-105", "T-108"]
    assert matching(db, "sentinel=true") == []


def test_or_within_a_field_and_across_fields(db):
    assert matching(db, "trigger=heal|draw") == ["T-002", "T-004"]
    assert matching(db, "grade=0,type=normal") == ["T-000"]
    assert matching(db, "grade=3,skill=twin-drive") == ["T-102", "T-105", "T-108"]


def test_names_exact_and_by_substring(db):
    assert matching(db, "name=Unit 1") == ["T-101"]
    assert matching(db, "name=Ｕｎｉｔ　１") == ["T-101"]
    assert matching(db, "name~=騎士") == ["T-000"]


def test_list_fields_match_by_membership(db):
    assert len(matching(db, "clans=C")) == len(VANGUARD_RECORDS)
    assert matching(db, "clans=D") == []


@pytest.mark.parametrize(
    ("text", "at_least", "k"), [("grade=1", True, 1), (">=2 trigger=heal", True, 2), ("<=0 grade=3", False, 0)]
)
def test_queries(text, at_least, k):
    query = parse_query(text, VANGUARD)
    assert (query.at_least, query.k) == (at_least, k)
    assert query.holds(k) and query.holds(k + 1) == at_least


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("colour=red", "no field 'colour'"),
        ("grade=high", "not a valid value"),
        ("trigger=rainbow", "not a valid value"),
        ("grade", "expected field=value"),
        ("grade=", "expected field=value"),
        (">=2trigger=heal", "one space"),
    ],
)
def test_bad_queries(text, message):
    with pytest.raises(DeckcheckError, match=message):
        parse_query(text, VANGUARD)


def test_other_games_fields_and_aliases():
    evolve = get_game("evolve")
    assert parse_filter("class=エルフ", evolve).conditions[0].values == ("forest",)
    cipher = get_game("cipher")
    condition = parse_filter("symbols=光の剣", cipher).conditions[0]
    assert condition.is_list and condition.values == ("blade-of-light",)
    assert parse_filter("cost=Ｘ", cipher).conditions[0].values == ("X",)
