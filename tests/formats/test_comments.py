"""Comments that travel with a deck: a TOML or text deck's comments by what they stand beside, and card names."""

from __future__ import annotations

import pytest

from deckcheck.formats.comments import commented_text, commented_toml, text_comments, toml_comments, written_headings
from deckcheck.formats.read import parse_deck
from deckcheck.games import all_games

TOML = """# top 1
# top 2
game = "vanguard"
name = "X"  # the name

# above main
[main]
"T-100" = 4  # core
# above T-101
"T-101" = 2
# at the end
"""


def test_toml_comments_stand_with_their_key_section_or_entry():
    comments = toml_comments(TOML)
    assert comments.top == ["top 1", "top 2"]
    assert comments.trailing == {("key", "name"): "the name", ("entry", "main", "T-100"): "core"}
    assert comments.above == {("section", "main"): ["above main"], ("entry", "main", "T-101"): ["above T-101"]}
    assert comments.end == ["at the end"]


def test_toml_to_toml_and_to_text_keep_each_comment_in_place_and_name_the_numbers(tmp_path):
    source = parse_deck(tmp_path / "d.deck.toml", text=TOML)
    names = {("entry", "main", "T-101"): "Unit 1", ("entry", "main", "T-100"): "Unit 0"}
    toml = commented_toml(source, toml_comments(TOML), names)
    assert toml.splitlines() == [
        "# top 1",
        "# top 2",
        'game = "vanguard"',
        'name = "X"  # the name',
        "",
        "# above main",
        "[main]",
        "T-100 = 4  # core",  # the user's comment wins over the name
        "# above T-101",
        "T-101 = 2  # Unit 1",
        "# at the end",
    ]
    text = commented_text(source, toml_comments(TOML), names)
    assert "# above main\n## main\n4 T-100  # core\n# above T-101\n2 T-101  # Unit 1\n" in text
    back = parse_deck(tmp_path / "d.txt", text=text)
    assert [(e.key, e.raw_count) for e in back.entries] == [("T-100", 4), ("T-101", 2)] and back.name == "X"
    assert text_comments(text).trailing == toml_comments(toml).trailing  # the text reads them back alike


def test_a_section_comment_goes_above_a_text_header_which_takes_none_after_it(tmp_path):
    text = 'game = "vanguard"\n[main]  # mine\n"T-100" = 1\n'
    source = parse_deck(tmp_path / "d.deck.toml", text=text)
    written = commented_text(source, toml_comments(text), {})
    assert "# mine\n## main\n1 T-100\n" in written
    assert [e.section for e in parse_deck(tmp_path / "d.txt", text=written).entries] == ["main"]


def test_a_comment_of_a_key_the_target_does_not_write_is_kept_at_the_end(tmp_path):
    text = 'game = "vanguard"\nnotes = "n"  # about notes\n[main]\n"T-100" = 1\n'
    source = parse_deck(tmp_path / "d.deck.toml", text=text)
    source.other.clear()  # as if the target could not hold `notes`
    assert commented_toml(source, toml_comments(text), {}).endswith("# about notes\n")


JAPANESE = """game: vanguard
# 店舗大会のメモ
## メインデッキ(6)
4 T-100  # 主力
# トリガー
T-101 Unit 1 ×2
# Gゾーン
## Gデッキ
1 T-201
# おわり
"""


def test_text_comments_stand_with_the_section_the_heading_names_whatever_its_words(tmp_path):
    source = parse_deck(tmp_path / "d.txt", text=JAPANESE)
    comments = text_comments(JAPANESE, source)
    assert comments.above == {
        ("section", "main"): ["店舗大会のメモ"],
        ("entry", "main", "T-101"): ["トリガー"],  # `NUMBER name ×2` is the entry T-101
        ("section", "g"): ["Gゾーン"],
    }
    assert comments.trailing == {("entry", "main", "T-100"): "主力"} and comments.end == ["おわり"]


@pytest.mark.parametrize(
    ("game_id", "word", "section"),
    [
        pytest.param(game_id, word, section, id=f"{game_id}-{word}")
        for game_id, game in all_games().items()
        for word, section in game.wording.section_words.items()
    ],
)
def test_converting_keeps_each_comment_in_place_under_every_heading_word(tmp_path, game_id, word, section):
    text = f"game: {game_id}\n# above\n## {word}（３枚）\n3 AB01-001  # mine\n# below\n"
    source = parse_deck(tmp_path / "d.txt", text=text)
    comments = text_comments(text, source)
    written = commented_text(source, comments, {}, written_headings(text, source))
    assert written == f"game: {game_id}\n\n# above\n## {word}（３枚）\n3 AB01-001  # mine\n# below\n"
    as_toml = commented_toml(source, comments, {})
    assert f"# above\n[{section}]\nAB01-001 = 3  # mine\n# below\n" in as_toml
    plain = commented_text(source, comments, {})  # no headings given: the ids
    assert f"# above\n## {section}\n3 AB01-001  # mine\n# below\n" in plain
