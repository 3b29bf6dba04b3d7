"""Comments that travel with a deck: a TOML or text deck's comments by what they stand beside, and card names."""

from __future__ import annotations

from deckcheck.formats.comments import commented_text, commented_toml, text_comments, toml_comments
from deckcheck.formats.read import parse_deck

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
