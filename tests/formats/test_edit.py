"""The line-level deck editor's TOML scanner: where comments are (a `#` outside every kind of string)."""

from __future__ import annotations

import difflib
import tomllib

import pytest

from deckcheck.formats.edit import Change, comment_lines, edit_text, set_key_text
from deckcheck.formats.text import parse_text
from deckcheck.games import all_games


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('a = "x" # c\n', 1),
        ("a = \"#\"\nb = '#'\n", None),
        ('a = """\n# not a comment\n"""\n# yes\n', 4),
        ("a = '''\n#\n'''\n", None),
        ('a = """x\\\n# still text"""\n', None),
        ('a = """x""""\nb = 1 # c\n', 2),
        ('a = "\\"#"\n', None),
        ('["#"]\nx = 1\n', None),
        ('a = """x""""  # c\n', 1),
    ],
)
def test_toml_comment_lines(text: str, line: int | None) -> None:
    tomllib.loads(text)  # every case is valid TOML
    assert next(iter(comment_lines(text, "toml")), None) == line


# Text decklists: the editor knows a section by what the reader maps its heading to (issue 40) -----------------

HEADING_WORDS = [
    pytest.param(game_id, word, section, id=f"{game_id}-{word}")
    for game_id, game in all_games().items()
    for word, section in game.wording.section_words.items()
]


def _edited(text: str, *changes: Change) -> str:
    result = edit_text(text, "text", list(changes))
    assert result is not None, text
    return result


def _read(text: str) -> dict[str, list[tuple[str, object]]]:
    sections: dict[str, list[tuple[str, object]]] = {}
    for entry in parse_text("d.txt", text).entries:
        sections.setdefault(entry.section, []).append((entry.key, entry.raw_count))
    return sections


def _changed_lines(before: str, after: str) -> list[str]:
    """The lines that differ, as difflib says them (`- old`, `+ new`)."""
    return [line for line in difflib.ndiff(before.split("\n"), after.split("\n")) if line[:1] in "+-"]


@pytest.mark.parametrize(("game_id", "word", "section"), HEADING_WORDS)
@pytest.mark.parametrize("tail", ["", "(5)", "（５枚）"])
def test_an_edit_under_a_games_own_heading_word_changes_only_its_lines(game_id, word, section, tail):
    heading = f"## {word}{tail}"
    text = f"game: {game_id}\n# shop event\n{heading}\n3 AB01-001\n# side\n2 AB01-002  # kept\n"
    assert _read(text) == {section: [("AB01-001", 3), ("AB01-002", 2)]}  # the reader reads the word so
    said = {"": "", "(5)": "(6)", "（５枚）": "（６枚）"}[tail]  # the heading's count stays right
    added = _edited(text, Change(section, "AB01-003", 1, comment="名前"))
    assert _changed_lines(text, added) == [
        *([f"- {heading}", f"+ ## {word}{said}"] if tail else []),
        "+ 1 AB01-003  # 名前",
    ]
    assert added.split("\n").index("1 AB01-003  # 名前") == 6  # at the end of its section, below the comment line
    assert _changed_lines(text, _edited(text, Change(section, "AB01-001", 3 + 1 if tail else 7))) == [
        *([f"- {heading}", f"+ ## {word}{said}"] if tail else []),
        "- 3 AB01-001",
        f"+ {4 if tail else 7} AB01-001",
    ]
    removed = _edited(text, Change(section, "AB01-002", 0))
    shrunk = {"": "", "(5)": "(3)", "（５枚）": "（３枚）"}[tail]
    assert _changed_lines(text, removed) == [
        *([f"- {heading}", f"+ ## {word}{shrunk}"] if tail else []),
        "- 2 AB01-002  # kept",
    ]
    assert _read(removed) == {section: [("AB01-001", 3)]}


@pytest.mark.parametrize(("game_id", "word", "section"), HEADING_WORDS)
def test_a_heading_that_said_a_wrong_count_is_left_as_the_player_wrote_it(game_id, word, section):
    text = f"game: {game_id}\n## {word}(40)\n3 AB01-001\n"
    assert _edited(text, Change(section, "AB01-001", 4)) == f"game: {game_id}\n## {word}(40)\n4 AB01-001\n"


@pytest.mark.parametrize("game_id", list(all_games()))
def test_a_section_the_deck_lacks_is_headed_in_the_decks_words(game_id):
    game = all_games()[game_id]
    first_word = {}
    for word, section in game.wording.section_words.items():
        first_word.setdefault(section, word)
    for section, word in first_word.items():
        others = [other for other in first_word if other != section]
        if not others:  # a game of one section: nothing else to head the deck with
            continue
        lines = [f"game: {game_id}", "# about the deck"]
        for other in others:
            lines += [f"## {first_word[other]}", "1 AB01-009  # a card"]
        text = "\n".join(lines) + "\n"
        added = _edited(text, Change(section, "AB01-001", 2, comment="名前"))
        assert added == text + f"\n## {word}\n2 AB01-001  # 名前\n"
        assert _read(added)[section] == [("AB01-001", 2)]
        # the ids as headings: the id; a heading with its count: the new one says its count, in the same marks
        assert _edited(f"game: {game_id}\n## {others[0]}\n1 AB01-009\n", Change(section, "X01-001", 1)).endswith(
            f"\n## {section}\n1 X01-001\n"
        )
        counted = f"game: {game_id}\n##{first_word[others[0]]}（１枚）\n1 AB01-009\n"
        assert _edited(counted, Change(section, "X01-001", 3)).endswith(f"\n##{word}（３枚）\n3 X01-001\n")


def test_vanguard_a_g_unit_goes_under_the_g_deck_heading_not_a_second_g_section():
    text = "game: vanguard\n# 店舗大会\n## メインデッキ(4)\n4 G-BT01/001\n## Gデッキ\n1 G-BT01/002\n"
    added = _edited(text, Change("g", "G-BT01/003", 1, comment="神鳴りの剣神 タケミカヅチ"))
    assert added == (
        "game: vanguard\n# 店舗大会\n## メインデッキ(4)\n4 G-BT01/001\n## Gデッキ\n1 G-BT01/002\n"
        "1 G-BT01/003  # 神鳴りの剣神 タケミカヅチ\n"
    )
    assert added.count("##") == 2


@pytest.mark.parametrize(
    ("lines", "new"),
    [
        # the count style of most lines, and the name beside the number where the lines show names
        (["ルナ ×3", "BP01-002 ミント ×2", "3 BP01-003"], "BP18-019 名前 ×2"),
        (["ルナ×3", "ミント×2"], "BP18-019 名前×2"),
        (["3枚 ルナ", "2枚 BP01-002 ミント"], "2枚 BP18-019 名前"),
        (["3 ルナ", "2 ミント"], "2 BP18-019 名前"),
        (["ルナ 3枚", "ミント 2枚"], "BP18-019 名前 2枚"),
        (["3 BP01-001  # ルナ", "2 BP01-002  # ミント"], "2 BP18-019  # 名前"),
        (["3 BP01-001", "2 BP01-002"], "2 BP18-019  # 名前"),  # numbers alone: the name for people, as a comment
        (["3x BP01-001", "2 BP01-002"], "2 BP18-019  # 名前"),  # a tie: the plain `3 name`
        (["３枚 ルナ", "２枚 ミント"], "2枚 BP18-019 名前"),
    ],
)
def test_a_new_line_is_written_as_the_files_other_lines(lines, new):
    text = "game: evolve\n## メインデッキ\n" + "\n".join(lines) + "\n"
    added = _edited(text, Change("main", "BP18-019", 2, comment="名前"))
    assert _changed_lines(text, added) == [f"+ {new}"]
    assert _read(added)["main"][-1] == ("BP18-019", 2)


@pytest.mark.parametrize(
    ("line", "count", "changed"),
    [
        ("ルナ ×3", 4, "ルナ ×4"),
        ("ルナ×3  # 主力", 1, "ルナ×1  # 主力"),
        ("３枚 ルナ", 4, "４枚 ルナ"),
        ("ルナ 3枚", 2, "ルナ 2枚"),
        ("  2 BP01-001 ルナ  # 主力", 3, "  3 BP01-001 ルナ  # 主力"),
        ("BP01-001 ルナ", 3, "3 BP01-001 ルナ"),  # one copy without a count: the file's count style
    ],
)
def test_a_changed_line_keeps_its_count_style_name_and_comment(line, count, changed):
    text = f"game: evolve\n## メインデッキ\n{line}\n"
    key = _read(text)["main"][0][0]
    assert _edited(text, Change("main", key, count)) == f"game: evolve\n## メインデッキ\n{changed}\n"


def test_two_headings_naming_one_section_an_edit_adds_to_the_first_and_loses_nothing():
    text = "game: vanguard\n## main\n4 T-100\n## メインデッキ\n2 T-101\n## Gデッキ\n1 T-201\n"
    assert _read(text) == {"main": [("T-100", 4), ("T-101", 2)], "g": [("T-201", 1)]}  # the reader reads both
    added = _edited(text, Change("main", "T-102", 3))
    assert _changed_lines(text, added) == ["+ 3 T-102"]
    assert added.split("\n")[3] == "3 T-102"  # below the first heading's lines
    assert _read(added) == {"main": [("T-100", 4), ("T-102", 3), ("T-101", 2)], "g": [("T-201", 1)]}
    recounted = _edited(added, Change("main", "T-101", 1))
    assert _read(recounted)["main"] == [("T-100", 4), ("T-102", 3), ("T-101", 1)]


def test_a_key_set_beside_japanese_headings_changes_its_line_only():
    text = "game: vanguard\n# メモ\nname: 旧\n## メインデッキ\n4 T-100\n"
    assert set_key_text(text, "text", "name", "新しいデッキ") == text.replace("name: 旧", "name: 新しいデッキ")


def test_an_edit_it_cannot_make_is_left_to_the_caller():
    assert edit_text("game: vanguard\n## メインデッキ\n4 T-100\n", "text", [Change("main", "T-999", 0)]) is None
    assert edit_text("4 T-100\n", "text", [Change("main", "T-100", 1)]) is None  # no game: not a deck it reads
