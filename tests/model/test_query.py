"""Card filters and queries: the contract's grammar, aliases, list fields and bad input."""

from __future__ import annotations

import json

import pytest
from conftest import VANGUARD_RECORDS, cipher_unit, make_db, registered_games

from deckcheck.errors import DeckcheckError
from deckcheck.games import get_game
from deckcheck.model.query import parse_filter, parse_query

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


# Number comparisons: grade>=2, cost<=3, power>10000 -----------------------------------------------------------


def test_comparisons_at_their_boundaries(db):
    # grades: T-000..T-004 are 0; T-100.. are 1 + i % 3 (1, 2, 3, 1, 2, 3, 1, 2, 3); T-201 is 4
    grade = {card.number: card.grade for card in db.cards.values()}
    for op, test in (
        (">=", lambda g: g >= 2),
        (">", lambda g: g > 2),
        ("<=", lambda g: g <= 2),
        ("<", lambda g: g < 2),
    ):
        assert matching(db, f"grade{op}2") == sorted(n for n, g in grade.items() if test(g)), op
    assert matching(db, "grade>=4") == ["T-201"]
    assert matching(db, "grade>4") == []
    assert matching(db, "grade<0") == []
    assert matching(db, "grade >= ２") == matching(db, "grade>=2")  # spaces and full-width digits
    assert matching(db, "grade>=9") == []  # beyond the field's range: a comparison that matches nothing


def test_comparisons_combine_with_other_conditions_and_the_count_prefix(db):
    assert matching(db, "grade>=1,grade<=1,skill=twin-drive") == []
    assert matching(db, "grade>1,grade<3") == matching(db, "grade=2")
    query = parse_query(">=2 grade>=3", VANGUARD)
    assert (query.at_least, query.k) == (True, 2)
    assert matching(db, query.filter.text) == matching(db, "grade=3|4")


def test_a_card_without_a_number_never_matches_a_comparison():
    cipher = make_db("cipher", [cipher_unit("X-1", "混沌の", "エックス", "X"), cipher_unit("C-1", "見習い", "A", 1)])
    card_filter = parse_filter("cost<=5", cipher.game)
    assert [card.number for card in cipher.cards.values() if card_filter(card)] == ["C-1"]
    card_filter = parse_filter("cost>=0", cipher.game)
    assert [card.number for card in cipher.cards.values() if card_filter(card)] == ["C-1"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("trigger>=1", "field 'trigger' is not a number"),
        ("name<3", "field 'name' is not a number"),
        ("clans>1", "field 'clans' is not a number"),
        ("sentinel>0", "field 'sentinel' is not a number"),
        ("grade>=x", "compares with one whole number"),
        ("grade>=2|3", "compares with one whole number"),
        ("grade>=1.5", "compares with one whole number"),
        ("grade>=" + "9" * 5000, "compares with one whole number"),
        ("colour>=1", "no field 'colour'"),
        ("grade>=", "expected field=value"),
    ],
)
def test_bad_comparisons(text, message):
    with pytest.raises(DeckcheckError, match=message):
        parse_filter(text, VANGUARD)


def test_comparisons_in_every_filter(run_cli, tmp_path, vanguard_carddb):
    from conftest import LEGAL_VANGUARD_TOML

    deck = tmp_path / "d.deck.toml"
    deck.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    code, out, _ = run_cli(
        "cards", "search", "grade>=3", "--game", "vanguard", "--carddb", vanguard_carddb, "-o", "json"
    )
    assert code == 0 and {card["number"] for card in json.loads(out)["cards"]} >= {"T-102", "T-105", "T-108", "T-201"}
    args = ("stats", deck, "--carddb", vanguard_carddb, "-o", "json", "--mulligan", "none")
    by_comparison = json.loads(run_cli(*args, "--want", "grade>=2")[1])
    by_values = json.loads(run_cli(*args, "--want", "grade=2|3")[1])
    assert by_comparison["probability"] == by_values["probability"]
    code, out, _ = run_cli("hand", deck, "--carddb", vanguard_carddb, "--seed", "1", "--mulligan", "keep:grade<=1")
    assert code == 0 and "keep:grade<=1" in out


# ~= finds part of a text (issue 14 item 9) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "holds"),
    [("grade~=1", "a number"), ("sentinel~=true", "true or false"), ("power~=1", "a number"), ("grade~=x", "a number")],
)
def test_part_of_a_number_or_a_flag_is_bad_input(text, holds):
    with pytest.raises(DeckcheckError, match=f"~= finds part of a text.*holds {holds}"):
        parse_filter(text, VANGUARD)


def test_part_of_a_text_a_choice_or_a_list_of_texts(db):
    assert matching(db, "name~=Unit") == [f"T-1{i:02d}" for i in range(9)]
    assert matching(db, "trigger~=hea") == ["T-004"]  # a choice stores its text
    evolve = make_db(
        "evolve",
        [
            {
                "number": "E-1",
                "name": "A",
                "type": "follower",
                "class": "forest",
                "cost": 1,
                "traits": ["妖精", "戦士"],
            },
            {"number": "E-2", "name": "B", "type": "follower", "class": "forest", "cost": 1, "traits": ["兵士"]},
        ],
    )
    card_filter = parse_filter("traits~=戦", evolve.game)
    assert [card.number for card in evolve.cards.values() if card_filter(card)] == ["E-1"]


@pytest.mark.parametrize(
    "args",
    [
        ["stats", "DECK", "--want", "grade~=1"],
        ["stats", "DECK", "--want", "grade=1", "--mulligan", "keep:grade~=1"],
        ["hand", "DECK", "--mulligan", "keep:grade~=1"],
        ["cards", "search", "grade~=1", "--game", "vanguard"],
    ],
    ids=["want", "stats keep", "hand keep", "cards search"],
)
def test_part_of_a_number_in_every_command(run_cli, tmp_path, vanguard_carddb, args):
    from conftest import LEGAL_VANGUARD_TOML

    deck = tmp_path / "d.deck.toml"
    deck.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    code, _, err = run_cli(*[deck if arg == "DECK" else arg for arg in args], "--carddb", vanguard_carddb)
    assert code == 2 and "field 'grade'" in err and "~= finds part of a text" in err, err
    assert "internal error" not in err


@pytest.mark.parametrize("game_id", registered_games())
def test_filter_values_read_from_the_declaration_as_from_the_pydantic_model(game_id, isolated_carddb):
    """A filter reads its values through the record's declared fields (no model schema built); every field of every
    game must read every value exactly as through the pydantic model's FieldInfo, which it replaced."""
    from deckcheck.carddb.db import load_carddb
    from deckcheck.model.query import _value_parser

    game = get_game(game_id)
    declared = game.card_model.declared_fields()
    model_fields = game.card_model.schema().model_fields
    cards = list(load_carddb(game_id).cards.values())[:300]
    for name in declared:
        texts = {"", "0", "1", "3", "-1", "99999", "X", "x", "true", "false", "none", "any", "無制限", "☆", "エルフ"}
        for card in cards:
            value = getattr(card, name)
            texts.update(str(item) for item in (value if isinstance(value, list) else [value]))
        mine, theirs = _value_parser(declared[name]), _value_parser(model_fields[name])
        assert mine[1] == theirs[1], name
        for text in sorted(texts):
            outcomes = []
            for parse in (mine[0], theirs[0]):
                try:
                    outcomes.append(("ok", parse(text)))
                except ValueError:
                    outcomes.append(("refused", None))
            assert outcomes[0] == outcomes[1], (name, text)


# Shell-safe ranges and count prefix: grade=2.., cost=..3, grade=2..3, 2+grade=3 (issue 25 item 13) -------------


def test_ranges_match_as_the_comparisons_they_stand_for(db):
    grade = {card.number: card.grade for card in db.cards.values()}
    for text, test in (
        ("grade=2..", lambda g: g >= 2),
        ("grade=..2", lambda g: g <= 2),
        ("grade=2..3", lambda g: 2 <= g <= 3),
        ("grade=2..2", lambda g: g == 2),
        ("grade=0|3..", lambda g: g == 0 or g >= 3),
        ("grade=-5..0", lambda g: g <= 0),
    ):
        expected = sorted(n for n, g in grade.items() if test(g))
        assert expected and matching(db, text) == expected, text
    assert matching(db, "grade=2..") == matching(db, "grade>=2")
    assert matching(db, "grade=..1") == matching(db, "grade<=1")
    assert matching(db, "grade=4..") == ["T-201"]  # the boundary itself is inside
    assert matching(db, "grade=5..") == [] and matching(db, "grade=9..12") == []
    assert matching(db, "grade = ２．．３") == matching(db, "grade=2..3")  # spaces, full-width digits and dots
    assert matching(db, "grade=1..2,skill=twin-drive") == []


def test_a_card_without_a_number_is_in_no_range():
    cipher = make_db("cipher", [cipher_unit("X-1", "混沌の", "エックス", "X"), cipher_unit("C-1", "見習い", "A", 1)])
    card_filter = parse_filter("cost=0..", cipher.game)
    assert [card.number for card in cipher.cards.values() if card_filter(card)] == ["C-1"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("grade=3..2", "the range 3..2 is empty"),
        ("grade=..", "a range is whole numbers around '..'"),
        ("grade=1..2|x", "'x' is not one"),
        ("grade=1.5..2", "not a valid value"),
        ("trigger=1..2", "field 'trigger' is not a number, so a range cannot compare it"),
        ("clans=1..", "field 'clans' is not a number"),
        ("sentinel=0..1", "field 'sentinel' is not a number"),
    ],
)
def test_bad_ranges(text, message):
    with pytest.raises(DeckcheckError, match=message):
        parse_filter(text, VANGUARD)


def test_a_name_may_hold_two_dots():
    assert parse_filter("name=2..", VANGUARD).conditions[0].values == ("2..",)


@pytest.mark.parametrize(("text", "k"), [("2+grade=3", 2), ("2+ grade=3", 2), ("１０+grade=3", 10), ("1+grade=3..", 1)])
def test_the_shell_safe_count_prefix(text, k):
    query = parse_query(text, VANGUARD)
    assert (query.at_least, query.k, query.deadline) == (True, k, None)
    assert parse_query(f"{text}@2", VANGUARD).deadline == 2


def test_ranges_in_every_command_unquoted(run_cli, tmp_path, vanguard_carddb):
    """The forms need no quotes: each reaches the command as one word that a shell leaves alone."""
    import shlex

    from conftest import LEGAL_VANGUARD_TOML

    for word in ("grade=2..", "cost=..3", "grade=2..3", "2+grade=3", "2+grade=2..@1"):
        assert shlex.split(f"--want {word}") == ["--want", word]
    deck = tmp_path / "d.deck.toml"
    deck.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    code, out, _ = run_cli(
        "cards", "search", "grade=3..", "--game", "vanguard", "--carddb", vanguard_carddb, "-o", "json"
    )
    assert code == 0 and {card["number"] for card in json.loads(out)["cards"]} >= {"T-102", "T-105", "T-108", "T-201"}
    args = ("stats", deck, "--carddb", vanguard_carddb, "-o", "json", "--mulligan", "none")
    by_range = json.loads(run_cli(*args, "--want", "grade=2..")[1])
    by_comparison = json.loads(run_cli(*args, "--want", "grade>=2")[1])
    assert by_range["exact"] == by_comparison["exact"]
    at_least = json.loads(run_cli(*args, "--want", "2+grade=2..3", "--turn", "1")[1])
    prefixed = json.loads(run_cli(*args, "--want", ">=2 grade>=2,grade<=3", "--turn", "1")[1])
    assert at_least["exact"] == prefixed["exact"]
    code, out, _ = run_cli("hand", deck, "--carddb", vanguard_carddb, "--seed", "1", "--mulligan", "keep:grade=..1")
    assert code == 0 and "keep:grade=..1" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("colour=red", "ヴァンガード"),  # replaced below: the game's title as the catalog names it
        ("grade=high", "'high' は vanguard のフィールド 'grade' の値として正しくありません"),
        (
            "grade",
            "フィルター 'grade' の 'grade' を読めません。field=value か、grade=2.. や cost=1..3 のような数の範囲を"
            "書いてください（値は '|'、条件は ',' でつなぎます）",
        ),
        (">=2trigger=heal", "クエリ '>=2trigger=heal' を読めません。"),
        ("grade=3..1", "grade=3..1：範囲 3..1 は空です（3から1まで）。小さい数を先に書いてください（例：grade=1..3）"),
        ("grade>=x", "grade>=x：>= で比べられるのは18桁までの整数1つです（例：grade>=2）。'x' は比べられません"),
        ("grade~=2", "~= は文字列の一部を探します（例：name~=騎士）が、vanguard のフィールド 'grade' は数です。"),
        ("clans>=2", "clans>=2：vanguard のフィールド 'clans' は数ではないので、>= では比べられません。"),
        ("grade=1@x", "'grade=1@x' の期限を読めません。@ の後には自分のターン数を書きます"),
        ("@2", "'@2' には期限がありますが、@ の前にクエリがありません"),
    ],
)
def test_bad_queries_in_japanese(text, message, japanese):
    from deckcheck._i18n import translate

    if text == "colour=red":  # the title is translated where the Vanguard module marks it, else shown as it is
        message = f"{translate(VANGUARD.title)}のカードにフィールド 'colour' はありません。フィールド："
    with pytest.raises(DeckcheckError) as error:
        parse_query(text, VANGUARD)
    assert message in error.value.reason
