"""The line-level deck editor's TOML scanner: where comments are (a `#` outside every kind of string)."""

from __future__ import annotations

import difflib
import re
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.formats.comments import commented_text, text_comments, written_headings
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
    ("heading", "new"),
    [("【メインデッキ】", "【Gデッキ】"), ("グレード0", "## Gデッキ"), ("【メインデッキ】(4)", "【Gデッキ】")],
)
def test_a_new_section_of_a_deck_headed_as_players_publish_is_headed_so_too(heading, new):
    # issue 40: a deck whose headings are no `## ` lines (【…】, a grade heading) gets a new section it reads back
    text = f"game: vanguard\n{heading}\n4 G-BT01/001\n"
    added = _edited(text, Change("g", "G-BT01/003", 1, comment="神鳴りの剣神 タケミカヅチ"))
    assert added.startswith(text) and f"\n{new}\n1 G-BT01/003" in added
    assert _read(added) == {"main": [("G-BT01/001", 4)], "g": [("G-BT01/003", 1)]}


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


@pytest.mark.parametrize(
    ("line", "changed"),
    [
        ("デッキ名: 旧", "デッキ名: 新"),
        ("デッキ名：旧  # メモ", "デッキ名：新  # メモ"),
        ("【デッキ名】旧", "【デッキ名】新"),
        ("デッキ名【旧】", "デッキ名【新】"),
    ],
)
def test_a_key_written_in_the_players_words_is_set_on_its_own_line(line, changed):
    # issue 40: `set name` on a deck that names itself as players publish changes that line, nothing else
    text = f"game: vanguard\n{line}\n## メインデッキ\n4 T-100\n"
    assert set_key_text(text, "text", "name", "新") == text.replace(line, changed)
    assert parse_text("d.txt", text.replace(line, changed)).name == "新"


def test_a_lord_given_by_its_japanese_key_is_set_on_its_line():
    text = "game: cipher\n主人公: 旧\n## main\n4 B01-001\n"
    assert set_key_text(text, "text", "lord", "B01-003") == "game: cipher\n主人公: B01-003\n## main\n4 B01-001\n"


def test_a_key_is_set_where_and_as_the_player_wrote_it():
    text = "game: evolve\n## メインデッキ\n3 BP01-001\nName：旧  # メモ\n"
    assert set_key_text(text, "text", "name", "新") == "game: evolve\n## メインデッキ\n3 BP01-001\nName：新  # メモ\n"
    # a new key goes before the sections, below the other header lines
    assert set_key_text("game: evolve\n## リーダー\n1 BP01-LD01\n", "text", "name", "新") == (
        "game: evolve\nname: 新\n## リーダー\n1 BP01-LD01\n"
    )


def test_a_card_written_by_name_and_by_number_with_that_name_are_two_lines():
    text = "game: evolve\n## メインデッキ\n3 BP01-001 ルナ\n2 ルナ\n"
    assert _edited(text, Change("main", "ルナ", 0)) == "game: evolve\n## メインデッキ\n3 BP01-001 ルナ\n"
    assert _edited(text, Change("main", "BP01-001", 1)) == "game: evolve\n## メインデッキ\n1 BP01-001 ルナ\n2 ルナ\n"


def test_an_edit_it_cannot_make_is_left_to_the_caller():
    assert edit_text("game: vanguard\n## メインデッキ\n4 T-100\n", "text", [Change("main", "T-999", 0)]) is None
    assert edit_text("4 T-100\n", "text", [Change("main", "T-100", 1)]) is None  # no game: not a deck it reads


# A property: any sequence of edits keeps a player's headings and comments and reads back as intended ----------

_NAMES = ["ルナ", "ミント", "竜騎士 アルファ", "Blaster Blade", "ベリアルオウル"]
_STYLES = [("{n} {key}",), ("{key} ×{n}",), ("{n}枚 {key}",), ("{key}×{n}",), ("{n}x {key}",)]


@st.composite
def _decks(draw: st.DrawFn) -> tuple[str, str, list[tuple[str, str, int]]]:
    """A text deck of a registered game, its headings in one of the game's words for each section (the id, or a
    Japanese word), with or without counts, comment lines and trailing comments; and its entries (section, key,
    count), no key twice."""
    game_id = draw(st.sampled_from(sorted(all_games())))
    game = all_games()[game_id]
    japanese = draw(st.booleans())
    style = draw(st.sampled_from(_STYLES))[0]
    counted = draw(st.sampled_from(["", "({n})", "（{n}枚）"]))
    sections = draw(st.lists(st.sampled_from(game.sections), min_size=1, max_size=len(game.sections), unique=True))
    if draw(st.integers(0, 5)) == 0:  # bad input: a second heading naming a section (`## main`, `## メインデッキ`)
        sections.append(draw(st.sampled_from(sections)))
    lines = [f"game: {game_id}"]
    if draw(st.booleans()):
        lines.append("name: テスト")
    entries: list[tuple[str, str, int]] = []
    serial = 0
    for heading in [None, *sections]:  # None: the main deck's lines before the first heading
        if heading is None and draw(st.integers(0, 3)):
            continue
        section = heading or "main"
        block: list[str] = []
        total = 0
        for _ in range(draw(st.integers(0, 4))):
            serial += 1
            count = draw(st.integers(1, 4))
            key = f"AB{serial:02d}-{serial:03d}"
            written = draw(st.sampled_from([key, f"{key} {draw(st.sampled_from(_NAMES))}"]))
            if draw(st.integers(0, 4)) == 0:
                block.append(f"# comment {serial}")
            line = style.format(n=count, key=written)
            block.append(line + (f"  # note {serial}" if draw(st.integers(0, 3)) == 0 else ""))
            entries.append((section, key, count))
            total += count
        if heading is not None:
            words = [word for word, named in game.wording.section_words.items() if named == section] or [section]
            word = draw(st.sampled_from(words)) if japanese else section
            said = counted.format(n=total if draw(st.integers(0, 5)) else total + 7)  # now and then a wrong count
            if draw(st.booleans()):
                lines.append(f"# about {section}")
            lines.append(f"## {word}{said}")
        lines += block
        if draw(st.booleans()):
            lines.append("")
    return "\n".join(lines) + "\n", game_id, entries


_OPERATION = st.tuples(st.sampled_from(["add", "set", "remove", "name"]), st.integers(0, 50), st.integers(1, 5))


def _skeleton(text: str) -> list[str]:
    """What an edit of cards never changes: every line but the card lines, heading counts masked, the `name:` line
    aside; trailing blank lines dropped."""
    entry_lines = {entry.line for entry in parse_text("d.txt", text).entries}
    kept = [
        re.sub(r"[0-9０-９]+", "N", line) if line.startswith("##") else line
        for number, line in enumerate(text.split("\n"), start=1)
        if number not in entry_lines and not line.startswith("name:")
    ]
    while kept and not kept[-1]:
        kept.pop()
    return kept


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(_decks(), st.lists(_OPERATION, min_size=1, max_size=6))
def test_any_sequence_of_edits_keeps_headings_comments_and_reads_back(deck, operations):
    text, game_id, entries = deck
    game = all_games()[game_id]
    intended: dict[str, dict[str, int]] = {}
    for section, key, count in entries:
        intended.setdefault(section, {})[key] = count
    comments = [line for line in text.split("\n") if line.startswith("#") and not line.startswith("##")]
    notes = {  # the key of each line with a trailing comment: kept on its line while the line stays
        entry.key: text.split("\n")[entry.line - 1].split("  # ")[1]
        for entry in parse_text("d.txt", text).entries
        if "  # " in text.split("\n")[entry.line - 1]
    }
    before = parse_text("d.txt", text)
    right = [said is None or said == _under(before, index) for index, (_n, _s, said) in enumerate(before.headings)]
    said_at_first = [said for _n, _s, said in before.headings]
    skeleton = _skeleton(text)
    name = before.name
    serial = 900
    for kind, pick, count in operations:
        held = [(section, key) for section, keys in intended.items() for key in keys]
        if kind == "name":
            name = f"デッキ {pick}"
            edited = set_key_text(text, "text", "name", name)
            if edited is None:  # no header line after `game:` to go beside: the caller rewrites (not this test's)
                continue
        elif kind == "add" or not held:
            serial += 1
            section = game.sections[pick % len(game.sections)]
            key = f"NW{serial}-{serial}"
            new_section = section not in {named for _n, named, _s in parse_text("d.txt", text).headings}
            new_section = new_section and not (section == "main" and intended.get("main"))
            edited = _edited(text, Change(section, key, count, comment=_NAMES[pick % len(_NAMES)]))
            intended.setdefault(section, {})[key] = count
            _assert_in_first_block(parse_text("d.txt", edited), section, key)
            if new_section:
                heading = parse_text("d.txt", edited).headings[-1]
                assert heading[1] == section  # a new heading for a section the deck lacked, which reads so
                skeleton = [*skeleton, "", re.sub(r"[0-9０-９]+", "N", edited.split("\n")[heading[0] - 1])]
                right.append(True)
                said_at_first.append(heading[2])
        else:
            section, key = held[pick % len(held)]
            new_count = count if kind == "set" else 0
            edited = _edited(text, Change(section, key, new_count))
            if new_count:
                intended[section][key] = new_count
            else:
                del intended[section][key]
                notes.pop(key, None)
        text = edited
        after = parse_text("d.txt", text)
        read: dict[str, dict[str, int]] = {}
        for entry in after.entries:
            read.setdefault(entry.section, {})[entry.key] = entry.raw_count
        assert read == {section: keys for section, keys in intended.items() if keys}
        assert after.name == name
        assert [line for line in text.split("\n") if line.startswith("#") and not line.startswith("##")] == comments
        assert _skeleton(text) == skeleton
        for index, (_n, _s, said) in enumerate(after.headings):  # a count said rightly stays right, a wrong one kept
            first = said_at_first[index]
            assert said == (first if first is None or not right[index] else _under(after, index))
        lines = text.split("\n")
        assert {e.key: lines[e.line - 1].split("  # ")[1] for e in after.entries if e.key in notes} == notes
    _assert_converted_alike(text)


def _assert_converted_alike(text: str) -> None:
    """`convert --to text` of the edited deck: the same entries, every comment kept, in its place (in order) where
    each section has one heading over lines of its own."""
    source = parse_text("d.txt", text)
    converted = commented_text(source, text_comments(text, source), {}, written_headings(text, source))
    back = parse_text("d.txt", converted)
    assert [(e.section, e.key, e.raw_count) for e in back.entries] == sorted(
        ((e.section, e.key, e.raw_count) for e in source.entries),
        key=lambda entry: [e.section for e in source.entries].index(entry[0]),
    )

    def comments(written: str) -> list[str]:
        return [line.strip() for line in written.split("\n") if line.strip().startswith("#") and "##" not in line]

    assert sorted(comments(converted)) == sorted(comments(text))
    sections = [section for _n, section, _s in source.headings]
    lines_under = {e.section for e in source.entries}
    before_first = any(source.headings and e.line < source.headings[0][0] for e in source.entries)
    if len(set(sections)) == len(sections) and set(sections) <= lines_under and not before_first:
        assert comments(converted) == comments(text)
        assert [line for line in converted.split("\n") if line.startswith("##")] == [
            line for line in text.split("\n") if line.startswith("##")
        ]


def _under(source, index: int) -> int:
    """The copies of the card lines under the `index`-th heading."""
    start = source.headings[index][0]
    end = source.headings[index + 1][0] if index + 1 < len(source.headings) else None
    return sum(entry.raw_count for entry in source.entries if start < entry.line and (end is None or entry.line < end))


def _assert_in_first_block(source, section: str, key: str) -> None:
    """The new entry stands under its section's first heading (the lines before any heading, for main, if it has
    any), before a second heading naming the section."""
    line = next(entry.line for entry in source.entries if entry.key == key)
    starts = [number for number, named, _said in source.headings]
    own = [number for number, named, _said in source.headings if named == section]
    top = starts[0] if starts else None
    if section == "main" and any(top is None or e.line < top for e in source.entries if e.key != key):
        assert top is None or line < top
    elif own:
        assert own[0] < line and (len(own) == 1 or line < own[1])
