"""`deckcheck cards search`: Japanese text queries, numbers, field filters, ordering, limits, JSON, bad input.

Most tests search a small card database written in the test, with the shipped cards switched off so that counts
are exact; a few search the shipped databases (carddb/<game>/*.toml) by names taken from those files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner

from deckcheck._util.text import display_width
from deckcheck.carddb.db import load_carddb
from deckcheck.carddb.search import check_query, search_cards, search_key
from deckcheck.cli.app import app
from deckcheck.errors import DeckcheckError

VANGUARD = [
    {
        "number": "BT01/001",
        "name": "ブラスター・ブレード",
        "type": "normal",
        "grade": 2,
        "clans": ["ロイヤルパラディン"],
    },
    {"number": "BT01/002", "name": "ブラスター・ダーク", "type": "normal", "grade": 2, "clans": ["シャドウパラディン"]},
    {
        "number": "BT01/003",
        "name": "騎士王(きしおう)アルフレッド",
        "type": "normal",
        "grade": 3,
        "clans": ["ロイヤルパラディン"],
    },
    {
        "number": "BT01/004",
        "name": "ＤＣ試作機 ゼロワン",
        "type": "normal",
        "grade": 0,
        "clans": ["ノヴァグラップラー"],
    },
    {
        "number": "BT01/005",
        "name": "ぽーんがる",
        "type": "trigger",
        "trigger": "heal",
        "grade": 0,
        "clans": ["ロイヤルパラディン", "ゴールドパラディン"],
    },
    {"number": "BT01/006", "name": "Power=Love", "type": "normal", "grade": 1, "clans": ["C"], "power": 8000},
    {
        "number": "BT02/001",
        "name": "光輪（こうりん）の騎士",
        "type": "normal",
        "grade": 3,
        "clans": ["C"],
        "power": 11000,
    },
    {"number": "BT02/002", "name": "双翼の紋章（スペシャルマーカー）", "type": "normal", "grade": 1, "clans": ["C"]},
]


@pytest.fixture
def cards_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Write card databases under tmp_path; the shipped cards, the git root and $DECKCHECK_CARDDB are out."""
    empty = tmp_path / "no-shipped-cards"
    empty.mkdir()
    monkeypatch.setattr("deckcheck.carddb.db.shipped_carddb_dir", lambda: empty)
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    monkeypatch.chdir(tmp_path)
    root = tmp_path / "cards"

    def write(game: str, records: list[dict[str, Any]]) -> Path:
        folder = root / game
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "test.toml").write_text(tomli_w.dumps({"game": game, "cards": records}), encoding="utf-8")
        return root

    return write


@pytest.fixture
def vanguard_db(cards_dir) -> Path:
    return cards_dir("vanguard", VANGUARD)


def search(*args: Any) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["cards", "search", *map(str, args)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def numbers_found(folder: Path, query: str, game: str = "vanguard", *extra: str) -> list[str]:
    code, out = search(query, "--game", game, "--carddb", folder, "--output", "json", *extra)
    assert code == 0, out
    return [card["number"] for card in json.loads(out)["cards"]]


# The search key -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("ＢＬＡＳＴＥＲ", "blaster"),  # full-width letters, any case
        ("ﾌﾞﾗｽﾀｰ･ﾌﾞﾚｰﾄﾞ", "ぶらすたーぶれーど"),  # half-width katakana, its middle dot and long-vowel mark
        ("ブラスター・ブレード", "ぶらすたーぶれーど"),
        ("ブラスター　ブレード", "ぶらすたーぶれーど"),  # an ideographic space
        ("ブラスター－ブレード", "ぶらすたーぶれーど"),  # a full-width hyphen
        ("ヴァンガード", "ゔぁんがーど"),
        ("騎士王(きしおう)アルフレッド", "騎士王あるふれっど"),
        ("騎士王（きしおう）アルフレッド", "騎士王あるふれっど"),  # full-width brackets
        ("ブレード(ぶれーど)", "ぶれーど(ぶれーど)"),  # after katakana: not furigana
        ("騎士王(Knight)", "騎士王(knight)"),  # not kana: not furigana
        ("G-BT01/001", "gbt01/001"),
    ],
)
def test_search_key_folds_what_people_type_differently(text: str, key: str) -> None:
    assert search_key(text) == key


def test_display_width_counts_wide_characters_twice() -> None:
    assert display_width("abc") == 3
    assert display_width("ブラスター") == 10
    assert display_width("ﾌﾞﾗｽﾀｰ") == 6  # half-width katakana are narrow
    assert display_width("—") == 1


# Japanese text queries ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    ["ブラスター・ブレード", "ブラスターブレード", "ぶらすたーぶれーど", "ﾌﾞﾗｽﾀｰﾌﾞﾚｰﾄﾞ", "ﾌﾞﾗｽﾀｰ･ﾌﾞﾚｰﾄﾞ", "ぶれーど"],
)
def test_a_name_is_found_however_its_kana_and_dot_are_typed(vanguard_db: Path, query: str) -> None:
    assert numbers_found(vanguard_db, query) == ["BT01/001"]


def test_the_long_vowel_mark_is_part_of_the_word(vanguard_db: Path) -> None:
    assert numbers_found(vanguard_db, "ぶらすたぶれーど") == []
    assert numbers_found(vanguard_db, "ブラスタ") == ["BT01/001", "BT01/002"]


@pytest.mark.parametrize("query", ["dc試作機", "ＤＣ試作機", "ｄｃ試作機ｾﾞﾛﾜﾝ", "DC 試作機 ゼロワン"])
def test_full_width_and_half_width_letters_are_alike(vanguard_db: Path, query: str) -> None:
    assert numbers_found(vanguard_db, query) == ["BT01/004"]


@pytest.mark.parametrize(
    ("query", "number"),
    [
        ("騎士王アルフレッド", "BT01/003"),  # without the furigana
        ("騎士王(きしおう)アルフレッド", "BT01/003"),  # as printed
        ("きしおうアルフレッド", "BT01/003"),  # by the reading
        ("きしおう", "BT01/003"),
        ("光輪の騎士", "BT02/001"),  # full-width brackets in the name
        ("こうりんの騎士", "BT02/001"),  # the reading stands for the bracketed kanji only
        ("スペシャルマーカー", "BT02/002"),  # a bracketed katakana note is still searchable
        ("双翼の紋章", "BT02/002"),
    ],
)
def test_furigana_is_optional(vanguard_db: Path, query: str, number: str) -> None:
    assert numbers_found(vanguard_db, query) == [number]


def test_hiragana_names_are_found_by_katakana(vanguard_db: Path) -> None:
    assert numbers_found(vanguard_db, "ポーンガル") == ["BT01/005"]


def test_every_word_must_match(vanguard_db: Path) -> None:
    assert numbers_found(vanguard_db, "ブラスター ダーク") == ["BT01/002"]
    assert numbers_found(vanguard_db, "ダーク ブラスター") == ["BT01/002"]
    assert numbers_found(vanguard_db, "ブラスター 騎士") == []


def test_a_repeated_word_asks_nothing_more_and_costs_no_more(vanguard_db: Path, monkeypatch) -> None:
    """Issue 26, item 8: 2,000 repeated words took 6 s (20,000: 24-97 s), the names' keys joined again per word.
    Now the words are each taken once and the names' keys joined once per search: the same cards, and as many
    looks at the names' search keys as for the word alone."""
    from deckcheck.carddb import search

    looks = 0
    name_keys = search.name_keys

    def counting(name: str):
        nonlocal looks
        looks += 1
        return name_keys(name)

    monkeypatch.setattr(search, "name_keys", counting)
    once = numbers_found(vanguard_db, "ブラスター")
    alone = looks
    looks = 0
    assert numbers_found(vanguard_db, " ".join(["ブラスター"] * 500)) == once == ["BT01/001", "BT01/002"]
    assert looks == alone
    looks = 0
    assert numbers_found(vanguard_db, " ".join(["ブラスター", "ダーク"] * 500)) == ["BT01/002"]
    assert looks <= alone + 2  # one more word: one more look at the names it may be in


# Numbers ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["BT01/001", "bt01/001", "ＢＴ０１／００１", " BT01/001 "])
def test_an_exact_number_finds_its_card(vanguard_db: Path, query: str) -> None:
    assert numbers_found(vanguard_db, query) == ["BT01/001"]


def test_part_of_a_number_finds_every_card_with_it(vanguard_db: Path) -> None:
    assert numbers_found(vanguard_db, "BT01/00") == [f"BT01/00{i}" for i in range(1, 7)]
    assert numbers_found(vanguard_db, "bt02") == ["BT02/001", "BT02/002"]


# Ordering -----------------------------------------------------------------------------------------------------


def test_exact_name_then_prefix_then_substring_each_by_number(cards_dir) -> None:
    folder = cards_dir(
        "vanguard",
        [
            {"number": "N-001", "name": "ブラスター・ダーク", "type": "normal", "grade": 2, "clans": ["C"]},
            {"number": "N-002", "name": "ザ・ブラスター", "type": "normal", "grade": 2, "clans": ["C"]},
            {"number": "N-003", "name": "ブラスター・ブレード", "type": "normal", "grade": 2, "clans": ["C"]},
            {"number": "N-005", "name": "ブラスター", "type": "normal", "grade": 2, "clans": ["C"]},
            {"number": "N-004", "name": "ブラスター", "type": "normal", "grade": 2, "clans": ["C"]},
            {"number": "N-000", "name": "アルフレッド", "type": "normal", "grade": 3, "clans": ["C"]},
        ],
    )
    assert numbers_found(folder, "ぶらすたー") == ["N-004", "N-005", "N-001", "N-003", "N-002"]


def test_an_exact_number_comes_before_names(cards_dir) -> None:
    folder = cards_dir(
        "vanguard",
        [
            {"number": "DC-10", "name": "十番", "type": "normal", "grade": 1, "clans": ["C"]},
            {"number": "A-9", "name": "DC-1 改", "type": "normal", "grade": 1, "clans": ["C"]},
            {"number": "DC-1", "name": "一番", "type": "normal", "grade": 1, "clans": ["C"]},
            {"number": "B-1", "name": "旧型 DC-1", "type": "normal", "grade": 1, "clans": ["C"]},
        ],
    )
    # exact number DC-1; name prefix "DC-1 改"; then substrings by number: "旧型 DC-1" (B-1) and DC-10.
    assert numbers_found(folder, "dc-1") == ["DC-1", "A-9", "B-1", "DC-10"]


# Field filters ------------------------------------------------------------------------------------------------


def test_vanguard_filter(vanguard_db: Path) -> None:
    assert numbers_found(vanguard_db, "grade=3,trigger=none") == ["BT01/003", "BT02/001"]
    assert numbers_found(vanguard_db, "grade=0") == ["BT01/004", "BT01/005"]
    assert numbers_found(vanguard_db, "trigger=ヒールトリガー") == ["BT01/005"]  # a Japanese alias
    assert numbers_found(vanguard_db, "clans=ゴールドパラディン") == ["BT01/005"]  # a list field contains it
    assert numbers_found(vanguard_db, "grade=2|3, power=11000") == ["BT02/001"]
    assert numbers_found(vanguard_db, "name~=ブラスター") == ["BT01/001", "BT01/002"]


def test_evolve_filter_with_japanese_alias_values(cards_dir) -> None:
    follower = {"type": "follower", "attack": 1, "defense": 1}
    folder = cards_dir(
        "evolve",
        [
            {"number": "E-1", "name": "森の子", "class": "forest", "cost": 2, **follower},
            {"number": "E-2", "name": "森の長", "class": "エルフ", "cost": 3, **follower},
            {"number": "E-3", "name": "剣の子", "class": "sword", "cost": 2, **follower},
            {"number": "E-4", "name": "若葉", "class": "Forestcraft", "cost": 2, **follower},
        ],
    )
    expected = ["E-1", "E-4"]
    assert numbers_found(folder, "cost=2,class=forest", "evolve") == expected
    assert numbers_found(folder, "cost=2,class=エルフ", "evolve") == expected
    assert numbers_found(folder, "cost=２,class=ｴﾙﾌ", "evolve") == expected


def test_a_filter_that_matches_nothing_says_so(vanguard_db: Path) -> None:
    code, out = search("grade=4", "--game", "vanguard", "--carddb", vanguard_db)
    assert code == 0
    assert out.strip() == "No Cardfight!! Vanguard card matches 'grade=4'."


def test_an_unknown_field_is_an_error_listing_the_fields(vanguard_db: Path) -> None:
    code, out = search("grade=3,colour=red", "--game", "vanguard", "--carddb", vanguard_db)
    assert code == 2
    assert "no field 'colour'" in out
    assert "clans, critical, deck_limit, grade" in out
    assert "Traceback" not in out


def test_an_unknown_field_that_is_a_card_name_searches_the_name(vanguard_db: Path) -> None:
    # `Power` is not a field (fields are lower case), but "Power=Love" is a card's name.
    assert numbers_found(vanguard_db, "Power=Love") == ["BT01/006"]
    assert numbers_found(vanguard_db, "power=8000") == ["BT01/006"]  # the field: a filter


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("grade=9", "'9' is not a valid value of vanguard field 'grade'"),
        ("trigger=big", "'big' is not a valid value of vanguard field 'trigger'"),
        ("grade=3,oops", "cannot read the filter"),
        ("grade=", "cannot read the filter"),
    ],
)
def test_a_bad_filter_is_an_error(vanguard_db: Path, query: str, expected: str) -> None:
    code, out = search(query, "--game", "vanguard", "--carddb", vanguard_db)
    assert code == 2
    assert expected in out


# Text output --------------------------------------------------------------------------------------------------


def _column_starts(line: str, cells: list[str]) -> list[int]:
    """The display column at which each cell starts in a table line."""
    starts, at = [], 0
    for cell in cells:
        index = line.index(cell, at)
        starts.append(display_width(line[:index]))
        at = index + len(cell)
    return starts


def test_text_table_has_game_columns_aligned_by_display_width(vanguard_db: Path, monkeypatch) -> None:
    monkeypatch.setattr("deckcheck.commands.search.output_columns", lambda: 200)  # a wide terminal: a row a line
    code, out = search("BT01/00", "--game", "vanguard", "--carddb", vanguard_db)
    assert code == 0
    lines = out.splitlines()
    header = ["number", "name", "type", "grade", "trigger", "sentinel", "clans", "power", "shield"]
    assert lines[0].split() == header
    assert set(lines[1]) <= {"-", " "}
    rows = lines[2:-1]
    records = VANGUARD[:6]
    assert [row.split()[0] for row in rows] == [record["number"] for record in records]
    assert "ロイヤルパラディン/ゴールドパラディン" in rows[4]  # a list joined with "/"
    assert rows[0].split()[4:6] == ["none", "no"]  # trigger, sentinel (yes, no or ?)
    assert rows[0].split()[-2:] == ["—", "—"]  # no power, no shield
    header_starts = _column_starts(lines[0], ["number", "name", "type", "grade"])
    for row, record in zip(rows, records, strict=True):
        shown = [record["number"], record["name"], record["type"], str(record["grade"])]  # number and name as printed
        assert _column_starts(row, shown) == header_starts, row
    assert lines[-1] == "6 cards match"


def test_text_queries_search_names_and_numbers_not_other_fields(vanguard_db: Path) -> None:
    code, out = search("ロイヤル", "--game", "vanguard", "--carddb", vanguard_db)  # only a clan has it
    assert (code, out.splitlines()[0]) == (0, "No Cardfight!! Vanguard card matches 'ロイヤル'.")


def test_evolve_table_shows_the_class_alias_as_header(cards_dir, monkeypatch) -> None:
    monkeypatch.setattr("deckcheck.commands.search.output_columns", lambda: 200)  # one line a row
    folder = cards_dir(
        "evolve",
        [
            {
                "number": "E-1",
                "name": "森の子",
                "type": "follower",
                "class": "forest",
                "cost": 2,
                "traits": ["妖精", "兵士"],
            }
        ],
    )
    code, out = search("森", "--game", "evolve", "--carddb", folder)
    assert code == 0
    header, _, row, count = out.splitlines()
    assert header.split() == [
        "number",
        "name",
        "type",
        "class",
        "cost",
        "attack",
        "defense",
        "evolve",
        "advance",
        "traits",
    ]
    assert row.split() == ["E-1", "森の子", "follower", "forest", "2", "—", "—", "no", "no", "妖精/兵士"]
    assert count == "1 card matches"


def test_evolve_table_says_which_cards_are_advance_cards(cards_dir, monkeypatch) -> None:
    """ADVANCE cards are built into the evolve deck without being EVOLVE cards: the table says so (issue 12)."""
    monkeypatch.setattr("deckcheck.commands.search.output_columns", lambda: 200)  # one line a row
    advance = {"number": "A-1", "name": "超克の子", "type": "follower", "class": "forest", "cost": 10, "advance": True}
    code, out = search("超克", "--game", "evolve", "--carddb", cards_dir("evolve", [advance]))
    assert code == 0
    header, _, row, _ = out.splitlines()
    cells = dict(zip(header.split(), row.split(), strict=True))
    assert (cells["evolve"], cells["advance"]) == ("no", "yes")


def test_no_match_suggests_close_names(vanguard_db: Path) -> None:
    code, out = search("ブラスター・ブレイド", "--game", "vanguard", "--carddb", vanguard_db)
    assert code == 0
    first, second = out.strip().splitlines()
    assert first == "No Cardfight!! Vanguard card matches 'ブラスター・ブレイド'."
    assert second.startswith("Did you mean: ブラスター・ブレード (BT01/001)")


# Limits and JSON ----------------------------------------------------------------------------------------------

MANY = [
    {"number": f"M-{i:03d}", "name": f"量産型 {i}", "type": "normal", "grade": 1, "clans": ["C"]} for i in range(60)
]


def test_text_output_shows_50_by_default_and_says_how_many_were_left_out(cards_dir) -> None:
    folder = cards_dir("vanguard", MANY)
    code, out = search("量産型", "--game", "vanguard", "--carddb", folder)
    assert code == 0
    lines = out.splitlines()
    assert len([line for line in lines if line.startswith("M-")]) == 50
    assert lines[-2:] == ["60 cards match", "showing the first 50 of 60; refine the query or use --limit"]
    assert "M-049" in out and "M-050" not in out


def test_limit_caps_text_and_json(cards_dir) -> None:
    folder = cards_dir("vanguard", MANY)
    code, out = search("量産型", "--game", "vanguard", "--carddb", folder, "--limit", "3")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()[2:5]] == ["M-000", "M-001", "M-002"]
    assert out.splitlines()[-1].startswith("showing the first 3 of 60")
    code, out = search("量産型", "--game", "vanguard", "--carddb", folder, "--limit", "60")
    assert "showing" not in out and out.splitlines()[-1] == "60 cards match"
    assert numbers_found(folder, "量産型") == [f"M-{i:03d}" for i in range(60)]  # JSON: all by default
    data = json.loads(search("量産型", "--game", "vanguard", "--carddb", folder, "-o", "json", "--limit", "2")[1])
    assert data["count"] == 60
    assert [card["number"] for card in data["cards"]] == ["M-000", "M-001"]


def test_json_shape(cards_dir) -> None:
    folder = cards_dir(
        "evolve", [{"number": "e-1", "name": "森の子", "type": "フォロワー", "class": "エルフ", "cost": 2}]
    )
    code, out = search("森の子", "--game", "evolve", "--carddb", folder, "--output", "json")
    assert code == 0
    assert json.loads(out) == {
        "game": "evolve",
        "query": "森の子",
        "count": 1,
        "cards": [
            {
                "number": "e-1",  # as the record spells it (looked up normalised)
                "name": "森の子",
                "type": "follower",  # the Japanese alias read as its canonical value
                "class": "forest",  # the field's alias, not the attribute class_
                "cost": 2,
                "evolve": False,
                "advance": False,
                "token": False,
                "traits": [],
                "start_amulet": False,  # rules Ver.1.24.1's facts (a trigger or back name only when given)
                "double_sided": False,
                "others_except": [],  # no construction sentence on the other cards (カットスロート's kind, issue 38)
            }
        ],
    }


def test_json_of_no_match(vanguard_db: Path) -> None:
    code, out = search("存在しない", "--game", "vanguard", "--carddb", vanguard_db, "--output", "json")
    assert code == 0
    assert json.loads(out) == {"game": "vanguard", "query": "存在しない", "count": 0, "cards": []}


# Bad input ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["ブラスター", "--game", "yugioh"], "unknown game 'yugioh'"),
        (["", "--game", "vanguard"], "the search query is empty"),
        (["   ", "--game", "vanguard"], "the search query is empty"),
        (["・ －", "--game", "vanguard"], "has no letters or digits"),
        (["ブラスター", "--game", "vanguard", "--limit", "0"], "--limit must be at least 1"),
        (["ブラスター", "--game", "vanguard", "--limit", "-3"], "--limit must be at least 1"),
    ],
)
def test_bad_input_is_exit_2_with_a_message(vanguard_db: Path, args: list[str], expected: str) -> None:
    code, out = search(*args, "--carddb", vanguard_db)
    assert code == 2
    assert expected in out
    assert "Traceback" not in out


def test_the_library_function_orders_like_the_command(vanguard_db: Path) -> None:
    db = load_carddb("vanguard", [vanguard_db])
    assert [card.number for card in search_cards(db, "ブラスター")] == ["BT01/001", "BT01/002"]
    assert [card.number for card in search_cards(db, "grade=3")] == ["BT01/003", "BT02/001"]


# The shipped card databases -----------------------------------------------------------------------------------


@pytest.fixture
def shipped(isolated_carddb) -> None:
    """Only the shipped databases (no git root, no $DECKCHECK_CARDDB)."""


def shipped_numbers(query: str, game: str) -> list[str]:
    code, out = search(query, "--game", game, "--output", "json")
    assert code == 0, out
    return [card["number"] for card in json.loads(out)["cards"]]


@pytest.mark.usefixtures("shipped")
@pytest.mark.parametrize(
    ("game", "query", "numbers"),
    [
        ("vanguard", "ばりぃ", ["BT01/015"]),  # ワイバーンガード バリィ: hiragana for katakana, part of the name
        ("vanguard", "ﾜｲﾊﾞｰﾝｶﾞｰﾄﾞﾊﾞﾘｨ", ["BT01/015"]),  # half-width katakana, without the space
        ("vanguard", "ｔｈｅ　ｘ", ["G-BT01/006", "G-BT01/S05"]),  # stored as "ドラゴニック・オーバーロード “The X”"
        # 煉獄皇竜 ドラゴニック・オーバーロード・ザ・グレート, without its middle dots
        ("vanguard", "ドラゴニックオーバーロードザグレート", ["MBT01/003", "MBT01/L03", "MBT01/S03"]),
        ("cipher", "ｓａｖｉｏｒ　ｏｆ　ｈｉｓ　ｒｅａｌｍ", ["B01-001"]),  # the real Savior of His Realm Marth
        ("build-divide", "くろがね", ["DC-BD-001", "DC-BD-001P"]),  # 宵闇の剣士クロガネ and its reprint
        ("ic-dragonball", "見習い ぶどうか", []),  # kanji are not read as kana
        ("ic-dragonball", "見習い武道家", ["DC-DB-007"]),  # 見習い武道家ソラ
        # ホッコータルマエ: the follower and its EVOLVE card, each in four printings (real cards)
        (
            "evolve",
            "ほっこーたるまえ",
            ["ECP01-001", "ECP01-002", "ECP01-SL01", "ECP01-SL02"]
            + ["ECP01-SP01", "ECP01-SP02", "ECP01-SSP01", "ECP01-SSP02"],
        ),
    ],
)
def test_shipped_cards_by_japanese_name(game: str, query: str, numbers: list[str]) -> None:
    assert shipped_numbers(query, game) == numbers


@pytest.mark.usefixtures("shipped")
def test_a_shipped_name_in_hiragana_finds_its_printings_first() -> None:
    # ぶらすたーぶれーど: ブラスター・ブレード in hiragana and without its middle dot; its every printing comes before
    # the names that only contain it (ブラスター・ブレード・スピリット, ...)
    printings = sorted(c.number for c in load_carddb("vanguard").cards.values() if c.name == "ブラスター・ブレード")
    assert "BT01/002" in printings and len(printings) > 1
    found = shipped_numbers("ぶらすたーぶれーど", "vanguard")
    assert found[: len(printings)] == printings and len(found) > len(printings)


@pytest.mark.usefixtures("shipped")
def test_shipped_vanguard_filter_matches_the_records() -> None:
    db = load_carddb("vanguard")
    matching = sorted((c for c in db.cards.values() if c.grade == 3 and c.trigger == "none"), key=lambda c: c.number)
    expected = [c.printed_number for c in matching]  # as printed (`G-BT09/Re:01`), in the order of the numbers
    assert expected  # the shipped data has some
    assert shipped_numbers("grade=3,trigger=none", "vanguard") == expected


@pytest.mark.usefixtures("shipped")
def test_shipped_evolve_filter_with_japanese_class() -> None:
    db = load_carddb("evolve")
    found = sorted(
        (c for c in db.cards.values() if c.cost == 2 and c.class_ == "forest" and not c.token),  # no --tokens
        key=lambda c: c.number,
    )
    expected = [c.printed_number for c in found]  # in the order of the normalised numbers, shown as printed
    assert len(expected) >= 2
    assert shipped_numbers("cost=2,class=エルフ", "evolve") == expected
    assert shipped_numbers("cost=2,class=forest", "evolve") == expected


def test_text_table_fits_80_columns_when_piped(vanguard_db: Path) -> None:
    from deckcheck._util.text import display_width

    code, out = search("BT01/00", "--game", "vanguard", "--carddb", vanguard_db)
    assert code == 0
    assert max(display_width(line) for line in out.splitlines()) <= 80
    rows = [line for line in out.splitlines()[2:-1] if not line.startswith((" ", "("))]
    assert [row.split()[0] for row in rows] == [f"BT01/00{n}" for n in range(1, 7)]  # each card's row starts a line
    # the name keeps 8 characters a line; a column that leaves no room for it is left out, and said
    assert "(left out for the width: shield; --output json has every field)" in out


@pytest.mark.parametrize(
    ("query", "said"),
    [
        (
            "",
            "検索語が空です。名前の一部、カード番号、または 項目=値 の絞り込み（例：grade=3,trigger=none）"
            "を指定してください",
        ),
        (
            "・",
            "検索語 '・' には検索できる文字も数字もありません。名前の一部、カード番号、または 項目=値 の絞り込み"
            "（例：grade=3,trigger=none）を指定してください",
        ),
    ],
)
def test_a_query_with_nothing_to_search_for_in_japanese(query: str, said: str, japanese) -> None:
    with pytest.raises(DeckcheckError) as error:
        check_query(query)
    assert str(error.value) == said
