"""Key lines in TOML and JSON texts (deckcheck.positions): where a finding points."""

from __future__ import annotations

import pytest

from deckcheck._util.positions import (
    json_key_lines,
    load_json,
    toml_duplicate,
    toml_duplicate_message,
    toml_key_lines,
    toml_table_array_lines,
)
from deckcheck.errors import DeckcheckError

TOML = '''game = "vanguard"   # comment with a = sign
notes = """
[main]
"not a key" = 4
"""
[main]
"G-BT01/001" = 4
bare-key = 2
'single' = 1
"esc\\u0041ped" = 3
  "indented" = 1 # trailing comment
[ g ]
"X" = 1
inline = { "A" = 1, "B" = 2 }
main2."dotted" = 5
[[cards]]
number = "A"
[[cards]]
number = "B"
'''


def test_toml_key_lines_follow_tables_and_skip_strings_and_comments():
    lines = toml_key_lines(TOML)
    assert lines[("game",)] == 1 and lines[("notes",)] == 2
    assert lines[("main",)] == 6  # the real header, not the one inside the multi-line string
    assert ("main", "not a key") not in lines
    assert lines[("main", "G-BT01/001")] == 7
    assert lines[("main", "bare-key")] == 8
    assert lines[("main", "single")] == 9
    assert lines[("main", "escAped")] == 10  # decoded as the parser decodes it
    assert lines[("main", "indented")] == 11
    assert lines[("g",)] == 12 and lines[("g", "X")] == 13 and lines[("g", "inline")] == 14
    assert lines[("g", "main2", "dotted")] == 15
    assert toml_table_array_lines(TOML, "cards") == [16, 18]


def test_json_key_lines_by_path():
    text = '{\n "game": "v",\n "main": {\n  "a,b": 1,\n  "c\\"d": 2\n },\n "list": [\n  {"k": 1},\n  {"k": 2}\n ]\n}'
    lines = json_key_lines(text)
    assert lines[("game",)] == 2 and lines[("main",)] == 3
    assert lines[("main", "a,b")] == 4 and lines[("main", 'c"d')] == 5
    assert lines[("list", 0, "k")] == 8 and lines[("list", 1, "k")] == 9


def test_load_json_refuses_a_duplicate_key_and_names_both_lines():
    with pytest.raises(DeckcheckError, match=r"duplicate key 'k' in '1' \(first on line 2\)") as caught:
        load_json('[{"k": 1},\n {"k": 1,\n  "k": 2}]', "cards.json")
    assert caught.value.line == 3 and caught.value.path == "cards.json"
    with pytest.raises(DeckcheckError, match="is not valid JSON") as caught:
        load_json('{"a": }', "x.json")
    assert caught.value.line == 1


def test_toml_key_lines_without_multi_line_strings_take_the_fast_path():
    text = 'game = "v" # c\n[main] # the main deck\n"a#b" = 1 # hash in a key\n# "c" = 2\n[[cards]] # one\nx = 1\n'
    lines = toml_key_lines(text)
    assert lines == {("game",): 1, ("main",): 2, ("main", "a#b"): 3, ("cards",): 5, ("cards", "x"): 6}
    assert toml_table_array_lines(text, "cards") == [5]


def test_where_a_value_over_several_lines_ends():
    ends: dict = {}
    lines = toml_key_lines(TOML + '"Y" = [\n  1,  # one\n  2,\n]\n# after\n\n"Z" = 1\n', ends)
    assert lines[("cards", "Y")] == 20 and ends[("cards", "Y")] == 23  # the closing bracket, not the comment after
    assert ends[("notes",)] == 5  # a multi-line string, to its closing quotes
    assert ("cards", "Z") not in ends and ("main", "G-BT01/001") not in ends  # one line: nothing said
    fast: dict = {}  # without multi-line strings
    toml_key_lines('[main]\n"A" = [1,\n  # c\n  2]\n\n# gap\n"B" = 1\n', fast)
    assert fast == {("main", "A"): 4}
    ends = {}
    json_key_lines('{"main": {\n "A": 1,\n "B":\n  4,\n "C": [1,\n  2] },\n "g": {}}', ends=ends)
    assert ends == {("main", "B"): 4, ("main", "C"): 6, ("main",): 6}


def test_toml_duplicate_finds_the_first_repeat_and_follows_records_of_an_array_of_tables():
    assert toml_duplicate('a = 1\n[t]\na = 2\n"b" = 1\nb = 2\n') == (("t", "b"), 4, 5)
    records = '[[cards]]\nnumber = "1"\n[[cards]]\nnumber = "2"  # a new record: no repeat\nname = "x"\nname = "y"\n'
    assert toml_duplicate(records) == (("cards", 2, "name"), 5, 6)
    assert toml_duplicate('[t]\na = """\na = 2\n"""\n') is None  # inside a multi-line string: not a key


def test_keys_written_twice_in_japanese(japanese):

    assert toml_duplicate_message('[main]\n"T-1" = 1\n"T-1" = 2\n') == (
        '[main] のキー "T-1" が2行目と3行目の2回書かれています。1つにしてください',
        3,
    )
    assert (
        toml_duplicate_message("[main]\n[main]\n")[0]
        == "テーブル [main] が1行目と2行目の2回書かれています。1つにしてください"
    )
    with pytest.raises(DeckcheckError) as twice:
        load_json('{"main": {"X": 1,\n "X": 2}}', "d.json")
    assert str(twice.value) == (
        "d.json:2: 'main' のキー 'X' が重複しています（最初は1行目）。"
        "JSON のオブジェクトには同じキーを1回しか書けません"
    )
    with pytest.raises(DeckcheckError, match="^d.json:1: 有効な JSON ではありません："):
        load_json("{", "d.json")


def test_a_toml_error_s_column_in_japanese(japanese):
    import tomli

    from deckcheck._util.toml_scan import toml_error_position

    with pytest.raises(tomli.TOMLDecodeError) as error:
        tomli.loads("a = \n")
    reason, line = toml_error_position(error.value)
    assert line == 1 and reason.endswith("（5列目）")
