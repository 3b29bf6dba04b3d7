"""`deckcheck new`, `add` and `remove` end to end through Typer's CliRunner."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
import tomli_w
from conftest import LEGAL_VANGUARD_TOML, VANGUARD_RECORDS
from textfit import says
from typer.testing import CliRunner

from deckcheck._util import atomic
from deckcheck.cli.app import app
from deckcheck.formats.read import parse_deck


def invoke(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.fixture
def cards(vanguard_carddb):
    """The test Vanguard database folder (VANGUARD_RECORDS) plus two same-name pairs, for `--carddb`."""
    extra = [
        {"number": "T-300", "name": "Twin", "type": "normal", "grade": 1, "clans": ["C"]},
        {"number": "T-301", "name": "Twin", "type": "normal", "grade": 2, "clans": ["C"]},  # a different card
        {"number": "T-400", "name": "Reprint", "type": "normal", "grade": 1, "clans": ["C"], "set": "A"},
        {"number": "T-401", "name": "Reprint", "type": "normal", "grade": 1, "clans": ["C"], "set": "B"},
    ]
    (vanguard_carddb / "vanguard" / "extra.toml").write_text(tomli_w.dumps({"cards": extra}), encoding="utf-8")
    return vanguard_carddb


def deck_data(path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


# new -------------------------------------------------------------------------------------------------------


def test_new_writes_an_empty_deck_with_every_section(tmp_path):
    path = tmp_path / "decks" / "rp.deck.toml"
    code, output = invoke("new", path, "--game", "vanguard", "--name", "ロイヤル")
    assert code == 0, output
    assert "Created" in output and "main, g" in output
    assert deck_data(path) == {"game": "vanguard", "name": "ロイヤル", "main": {}, "g": {}}


def test_new_refuses_to_overwrite(tmp_path):
    path = tmp_path / "rp.deck.toml"
    path.write_bytes(b"# mine\n")
    code, output = invoke("new", path, "--game", "vanguard")
    assert code == 2 and "already exists" in output
    assert path.read_bytes() == b"# mine\n"


def test_new_text_and_json_follow_the_suffix(tmp_path):
    assert invoke("new", tmp_path / "a.txt", "--game", "evolve")[0] == 0
    assert (tmp_path / "a.txt").read_text(encoding="utf-8").startswith("game: evolve\n")
    assert invoke("new", tmp_path / "a.json", "--game", "cipher", "--name", "x")[0] == 0
    assert parse_deck(tmp_path / "a.json").name == "x"


def test_new_unknown_game_writes_nothing(tmp_path):
    code, output = invoke("new", tmp_path / "x.deck.toml", "--game", "pokemon")
    assert code == 2 and "unknown game" in output
    assert list(tmp_path.iterdir()) == []


# add ---------------------------------------------------------------------------------------------------------


def test_add_by_number_and_by_name_counts_one_entry(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    invoke("new", path, "--game", "vanguard")
    code, output = invoke("add", path, "T-100", "--count", "3", "--carddb", cards)
    assert code == 0, output
    assert "Added 3 × Unit 0 (T-100) to the main deck (now 3)" in output
    code, output = invoke("add", path, "Unit 0", "--carddb", cards)
    assert "(now 4)" in output
    assert deck_data(path)["main"] == {"T-100": 4}


def test_add_prints_sizes_and_broken_rules_then_legal(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML.replace('"T-108" = 1\n', "").replace('"T-201" = 4', '"T-201" = 3'), "utf-8")
    code, output = invoke("add", path, "T-201", "--carddb", cards)  # a G unit goes to the G deck by itself
    state = output.strip().splitlines()[-1]
    assert "main 49 · g 4" in state
    assert "not legal yet" in state and "vanguard.main-size (49/50)" in state
    code, output = invoke("add", path, "T-108", "--carddb", cards)
    assert output.strip().endswith("main 50 · g 4 — legal"), output


def test_add_goes_to_the_cards_own_section_unless_told(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    invoke("new", path, "--game", "vanguard")
    invoke("add", path, "Stride", "--carddb", cards)
    invoke("add", path, "Stride", "--section", "main", "--carddb", cards)
    assert deck_data(path)["g"] == {"T-201": 1}
    assert deck_data(path)["main"] == {"T-201": 1}


@pytest.mark.parametrize(
    ("game", "card", "section"),
    [
        ("evolve", "BP01-LD01", "leader"),  # アリサ
        ("evolve", "BP01-087", "evolve"),  # 神龍's EVOLVE card
        ("evolve", "BP10-004", "evolve"),  # an ADVANCE card
        ("build-divide", "DC-BD-101", "territory"),
        ("ic-dragonball", "DC-DB-001", "leader"),
        ("vanguard", "G-BT01/001", "g"),  # 時空竜 クロノスコマンド・ドラゴン, a G unit
    ],
)
def test_leaders_territories_and_extra_decks_go_to_their_section(tmp_path, isolated_carddb, game, card, section):
    path = tmp_path / "d.deck.toml"
    invoke("new", path, "--game", game)
    code, output = invoke("add", path, card)
    assert code == 0, output
    assert deck_data(path)[section] == {card: 1}


def test_add_unknown_card_lists_closest_and_changes_nothing(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    invoke("new", path, "--game", "vanguard")
    before = path.read_bytes()
    code, output = invoke("add", path, "Crti", "--carddb", cards)
    assert code == 2
    assert "no Cardfight!! Vanguard card has the number or name 'Crti'" in output and "Crit (T-001)" in output
    assert path.read_bytes() == before


def test_add_a_name_of_two_different_cards_means_what_a_deck_file_means_and_names_the_other(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    invoke("new", path, "--game", "vanguard")
    code, output = invoke("add", path, "Twin", "--carddb", cards)
    assert code == 0, output  # a deck file's "Twin" = 1 is T-300 (the lowest number): add writes that card
    assert deck_data(path)["main"] == {"T-300": 1}
    assert "'Twin' is also the name of Twin (T-301): give its number for that card" in output
    other = tmp_path / "e.deck.toml"
    other.write_text('game = "vanguard"\n[main]\n"Twin" = 1\n', encoding="utf-8")
    assert parse_and_resolve(other, cards).entries[0].card.number == "T-300"  # the same card


def test_add_a_name_of_reprints_takes_the_lowest_number(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    invoke("new", path, "--game", "vanguard")
    code, output = invoke("add", path, "Reprint", "--carddb", cards)
    assert code == 0, output
    assert deck_data(path)["main"] == {"T-400": 1}


def test_add_to_a_section_the_game_lacks(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    invoke("new", path, "--game", "vanguard")
    before = path.read_bytes()
    code, output = invoke("add", path, "T-100", "--section", "leader", "--carddb", cards)
    assert code == 2 and "no section 'leader'" in output and "main, g" in output
    assert path.read_bytes() == before


def test_add_count_below_one_is_refused(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    invoke("new", path, "--game", "vanguard")
    code, _ = invoke("add", path, "T-100", "--count", "0", "--carddb", cards)
    assert code == 2


@pytest.mark.parametrize(
    ("first", "then", "said"),
    [
        ("999999999999999999", None, None),  # 18 digits: the most a count may have
        ("999999999999999999", "1", "the count would be 1000000000000000000"),  # one over, by adding to it
        ("1", "99999999999999999999999", "cannot add 99999999999999999999999"),
        ("1", "9" * 4300, "cannot add 999999… (4,300 digits)"),  # still printable, cut in the message
    ],
)
def test_add_never_writes_a_count_of_more_than_18_digits(tmp_path, cards, first, then, said):
    path = tmp_path / "d.deck.toml"
    invoke("new", path, "--game", "vanguard")
    assert invoke("add", path, "T-100", "--count", first, "--carddb", cards)[0] == 0
    if then is None:
        return
    before = path.read_bytes()
    code, output = invoke("add", path, "T-100", "--count", then, "--carddb", cards)
    assert code == 2 and said in output and "more than the 18 digits a count may have" in output
    assert path.read_bytes() == before  # nothing written


def test_add_to_a_missing_file_says_how_to_create_it(tmp_path, cards):
    code, output = invoke("add", tmp_path / "none.deck.toml", "T-100", "--carddb", cards)
    assert code == 2 and "deckcheck new" in output


def test_add_to_a_file_that_is_not_a_deck(tmp_path, cards):
    path = tmp_path / "x.toml"
    path.write_text('title = "not a deck"\n', encoding="utf-8")
    code, output = invoke("add", path, "T-100", "--carddb", cards)
    assert code == 2 and "no `game` key" in output
    assert path.read_text(encoding="utf-8") == 'title = "not a deck"\n'


# remove ------------------------------------------------------------------------------------------------------


def test_remove_lowers_and_then_deletes_the_entry(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    code, output = invoke("remove", path, "T-100", "-n", "3", "--carddb", cards)
    assert code == 0, output
    assert "Removed 3 × Unit 0 (T-100) from the main deck (now 1)" in output
    assert "main 47 · g 4" in output
    assert deck_data(path)["main"]["T-100"] == 1
    invoke("remove", path, "T-100", "--carddb", cards)
    assert "T-100" not in deck_data(path)["main"]
    assert deck_data(path)["notes"] == "kept as is"


def test_remove_below_zero_is_refused_and_changes_nothing(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    code, output = invoke("remove", path, "T-100", "-n", "5", "--carddb", cards)
    assert code == 2 and "cannot remove 5" in output and "holds 4" in output
    assert path.read_text(encoding="utf-8") == LEGAL_VANGUARD_TOML


def test_remove_by_number_an_entry_written_by_name(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")  # "Crit" = 4 is T-001
    invoke("remove", path, "T-001", "-n", "4", "--carddb", cards)
    assert "Crit" not in deck_data(path)["main"]


def test_remove_a_card_the_deck_does_not_hold(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    code, output = invoke("remove", path, "T-300", "--carddb", cards)
    assert code == 2 and "has no Twin (T-300)" in output
    assert path.read_text(encoding="utf-8") == LEGAL_VANGUARD_TOML


def test_remove_fixes_an_unknown_entry_by_its_key(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    path.write_text('game = "vanguard"\n[main]\n"Typo Card" = 2\n"T-100" = 1\n', encoding="utf-8")
    code, output = invoke("remove", path, "typo card", "-n", "2", "--carddb", cards)
    assert code == 0, output
    assert deck_data(path)["main"] == {"T-100": 1}


def test_remove_from_two_sections_needs_the_section(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    path.write_text('game = "vanguard"\n[main]\n"T-201" = 1\n[g]\n"T-201" = 2\n', encoding="utf-8")
    before = path.read_bytes()
    code, output = invoke("remove", path, "T-201", "--carddb", cards)
    assert code == 2 and "--section" in output
    assert path.read_bytes() == before
    assert invoke("remove", path, "T-201", "--section", "g", "--carddb", cards)[0] == 0
    assert deck_data(path)["g"] == {"T-201": 1}


def test_remove_across_two_keys_of_one_card(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    path.write_text('game = "vanguard"\n[main]\n"Unit 0" = 2\n"T-100" = 3\n', encoding="utf-8")
    code, output = invoke("remove", path, "T-100", "-n", "4", "--carddb", cards)
    assert code == 0, output
    assert deck_data(path)["main"] == {"Unit 0": 1}


# The file as the user wrote it -------------------------------------------------------------------------------

COMMENTED = """# My Royal Paladin list
game = "vanguard"
name = "RP"   # for the regional
notes = "side: 2 heals"

[main]
"T-100" = 4  # core
# triggers below
"T-001" = 4

[g]
"T-201" = 2
"""


def test_edits_keep_comments_and_layout(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    path.write_text(COMMENTED, encoding="utf-8")
    assert invoke("remove", path, "T-100", "--carddb", cards)[0] == 0
    assert invoke("add", path, "T-002", "-n", "4", "--carddb", cards)[0] == 0
    assert invoke("add", path, "T-201", "--carddb", cards)[0] == 0
    expected = COMMENTED.replace('"T-100" = 4  # core', '"T-100" = 3  # core')
    expected = expected.replace('"T-001" = 4\n', '"T-001" = 4\n"T-002" = 4  # Draw\n').replace(
        '"T-201" = 2', '"T-201" = 3'
    )
    assert path.read_text(encoding="utf-8") == expected


def test_a_rewrite_that_would_drop_comments_is_refused_without_force(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    text = '# keep me\ngame = "vanguard"\nmain = { "T-100" = 4 }  # inline\n'
    path.write_text(text, encoding="utf-8")
    code, output = invoke("add", path, "T-100", "--carddb", cards)
    assert code == 2 and "comments" in output and "lines 1, 3" in output and "--force" in output
    assert path.read_text(encoding="utf-8") == text
    code, output = invoke("add", path, "T-100", "--force", "--carddb", cards)
    assert code == 0, output
    assert deck_data(path) == {"game": "vanguard", "main": {"T-100": 5}}


def test_an_inline_table_without_comments_is_rewritten(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    path.write_text('game = "vanguard"\nmain = { "T-100" = 4 }\n', encoding="utf-8")
    assert invoke("remove", path, "T-100", "--carddb", cards)[0] == 0
    assert deck_data(path) == {"game": "vanguard", "main": {"T-100": 3}}


def test_text_decklists_are_edited_line_by_line(tmp_path, cards):
    path = tmp_path / "d.txt"
    path.write_text("game: vanguard\n# opening\n4x T-100  # core\n2 T-100\n## g\n2 Stride\n", encoding="utf-8")
    assert invoke("remove", path, "T-100", "--carddb", cards)[0] == 0
    assert invoke("add", path, "T-101", "-n", "2", "--carddb", cards)[0] == 0
    assert invoke("add", path, "Stride", "--carddb", cards)[0] == 0
    assert path.read_text(encoding="utf-8") == (
        "game: vanguard\n# opening\n5x T-100  # core\n2 T-101  # Unit 1\n## g\n3 Stride\n"
    )


def test_a_text_deck_gets_a_new_section_at_the_end(tmp_path, cards):
    path = tmp_path / "d.txt"
    path.write_text("game: vanguard\n4 T-100\n", encoding="utf-8")
    assert invoke("add", path, "T-201", "--carddb", cards)[0] == 0
    assert path.read_text(encoding="utf-8") == "game: vanguard\n4 T-100\n\n## g\n1 T-201  # Stride\n"


JAPANESE_HEADINGS = """game: vanguard
# 店舗大会用（12/6）
## メインデッキ（５枚）
Unit 0 ×4
# トリガーは後で
始まりの騎士 ×1

## Gデッキ(1)
Stride ×1  # 超越
"""


def test_a_text_deck_with_japanese_headings_is_edited_line_by_line(tmp_path, cards):
    """Issue 40: the game's own section words (and a comment) are no reason to rewrite the player's file."""
    path = tmp_path / "d.txt"
    path.write_text(JAPANESE_HEADINGS, encoding="utf-8")
    code, output = invoke("add", path, "T-201", "--carddb", cards)
    assert code == 0, output
    assert "to the G deck (now 2)" in output
    code, output = invoke("add", path, "Unit 2", "-n", "3", "--carddb", cards)
    assert code == 0, output
    code, output = invoke("remove", path, "始まりの騎士", "--carddb", cards)
    assert code == 0, output
    code, output = invoke("set", path, "name", "ロイヤル", "--carddb", cards)
    assert code == 0, output
    assert path.read_text(encoding="utf-8") == (
        "game: vanguard\n"
        "name: ロイヤル\n"
        "# 店舗大会用（12/6）\n"
        "## メインデッキ（７枚）\n"  # the count it said rightly, kept right in its own digits
        "Unit 0 ×4\n"
        "# トリガーは後で\n"
        "T-102 Unit 2 ×3\n"  # the number (exact), its name beside it, the count as the other lines write it
        "\n"
        "## Gデッキ(2)\n"  # not a second `## g` section
        "Stride ×2  # 超越\n"
    )
    code, output = invoke("check", path, "--carddb", cards, "--output", "json", "--no-regulation")
    assert json.loads(output)["decks"][0]["counts"] == {"main": 7, "g": 2}
    assert "pasted-reading" not in output  # no heading count left wrong


def test_a_new_section_of_a_japanese_deck_gets_the_games_word(tmp_path, cards):
    path = tmp_path / "d.txt"
    path.write_text("game: vanguard\n# メモ\n## メインデッキ\n4 T-100 Unit 0\n", encoding="utf-8")
    assert invoke("add", path, "Stride", "--carddb", cards)[0] == 0
    assert path.read_text(encoding="utf-8") == (
        "game: vanguard\n# メモ\n## メインデッキ\n4 T-100 Unit 0\n\n## Gデッキ\n1 T-201 Stride\n"
    )


def test_a_line_edit_that_would_not_read_back_is_refused(tmp_path, cards, monkeypatch):
    """An edit never writes a file it could not read back the same way (exit 2, nothing written); --force rewrites
    the deck whole instead."""
    from deckcheck.commands import build

    path = tmp_path / "d.txt"
    text = "game: vanguard\n## メインデッキ\n4 T-100\n2 T-101\n"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(build, "edit_text", lambda text, fmt, changes: text.replace("2 T-101\n", "3 T-101\n"))
    code, output = invoke("add", path, "T-100", "--carddb", cards)
    assert code == 2 and "would not read back as intended" in output and "--force" in output, output
    assert "[main] 'T-100': count 5 became 4" in output and "count 2 became 3" in output
    assert path.read_text(encoding="utf-8") == text
    code, output = invoke("add", path, "T-100", "--force", "--carddb", cards)
    assert code == 0, output
    assert path.read_text(encoding="utf-8") == "game: vanguard\n\n## main\n5 T-100\n2 T-101\n"


def test_windows_line_ends_and_byte_order_mark_are_kept(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    path.write_bytes(b'\xef\xbb\xbfgame = "vanguard"\r\n[main]\r\n"T-100" = 1\r\n')
    assert invoke("add", path, "T-100", "--carddb", cards)[0] == 0
    assert path.read_bytes() == b'\xef\xbb\xbfgame = "vanguard"\r\n[main]\r\n"T-100" = 2\r\n'


def test_json_decks_keep_other_keys(tmp_path, cards):
    path = tmp_path / "d.json"
    path.write_text('{"game": "vanguard", "notes": "n", "main": {"T-100": 1}}', encoding="utf-8")
    assert invoke("add", path, "T-101", "--carddb", cards)[0] == 0
    source = parse_deck(path)
    assert source.other == {"notes": "n"}
    assert [(e.key, e.raw_count) for e in source.entries] == [("T-100", 1), ("T-101", 1)]


def test_a_failed_write_leaves_the_deck_and_no_temporary(tmp_path, cards, monkeypatch):
    (tmp_path / "decks").mkdir()
    path = tmp_path / "decks" / "d.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")

    def refuse(source, destination):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.os, "replace", refuse)
    code, output = invoke("add", path, "T-100", "--carddb", cards)
    assert code == 2 and "Permission denied" in output
    assert path.read_text(encoding="utf-8") == LEGAL_VANGUARD_TOML
    assert [p.name for p in path.parent.iterdir()] == ["d.deck.toml"]


def test_a_read_only_deck_is_refused(tmp_path, cards, monkeypatch):
    path = tmp_path / "d.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    real_access = os.access
    # As for a user without write access to the deck (root may write anything, so it is simulated).
    monkeypatch.setattr(
        atomic.os, "access", lambda target, mode: not (target == path and mode == os.W_OK) and real_access(target, mode)
    )
    code, output = invoke("remove", path, "T-100", "--carddb", cards)
    assert code == 2 and "read-only" in output
    assert path.read_text(encoding="utf-8") == LEGAL_VANGUARD_TOML


def test_records_used_by_the_fixture_have_what_the_tests_assume():
    names = {record["number"]: record["name"] for record in VANGUARD_RECORDS}
    assert names["T-100"] == "Unit 0" and names["T-001"] == "Crit" and names["T-201"] == "Stride"


def test_the_state_line_applies_the_decks_regulation(tmp_path, isolated_carddb):
    path = tmp_path / "r.deck.toml"
    path.write_text('game = "vanguard"\nregulation = "Sample Standard 2026-10"\n[main]\n', encoding="utf-8")
    code, output = invoke("add", path, "BT01/015")  # ワイバーンガード バリィ: banned by the shipped samples
    assert code == 0, output
    assert "regulation.banned (1/0)" in output
    path.write_text(path.read_text(encoding="utf-8").replace("2026-10", "2099"), encoding="utf-8")
    code, output = invoke("add", path, "BT01/015")
    assert code == 0 and "regulation not applied: unknown regulation 'Sample Standard 2099'" in output
    assert deck_data(path)["main"] == {"BT01/015": 2}


# --regulation and --as-of on add / remove / show (one option, one meaning) ---------------------------------------


def test_add_and_remove_judge_under_the_regulation_given(tmp_path, isolated_carddb):
    path = tmp_path / "r.deck.toml"
    path.write_text('game = "vanguard"\n[main]\n', encoding="utf-8")
    code, output = invoke("add", path, "BT01/015")  # no regulation: nothing banned
    assert code == 0 and "regulation.banned" not in output
    code, output = invoke("add", path, "BT01/015", "--regulation", "Sample Standard 2026-10")
    assert code == 0 and "regulation.banned (2/0)" in output
    code, output = invoke("remove", path, "BT01/015", "--as-of", "2026-05-01")  # 2026-04's list bans it too
    assert code == 0 and "regulation.banned (1/0)" in output
    code, output = invoke("remove", path, "BT01/015", "--as-of", "2026-05-01")
    assert code == 0 and "regulation.banned" not in output


def test_an_unknown_regulation_or_date_changes_nothing(tmp_path, isolated_carddb):
    path = tmp_path / "r.deck.toml"
    path.write_text('game = "vanguard"\n[main]\n"BT01/015" = 1\n', encoding="utf-8")
    before = path.read_bytes()
    code, output = invoke("add", path, "BT01/015", "--regulation", "No Such List")
    assert code == 2 and "unknown regulation 'No Such List'" in output
    code, output = invoke("add", path, "BT01/015", "--as-of", "not-a-date")
    assert code == 2 and "not-a-date" in output
    assert path.read_bytes() == before


def test_a_date_before_the_first_regulation_judges_without_one_and_says_so(tmp_path, isolated_carddb):
    # as `check` does (issue 13): not bad input; every single-deck command says no regulation was in force
    path = tmp_path / "r.deck.toml"
    path.write_text('game = "vanguard"\n[main]\n"BT01/015" = 2\n', encoding="utf-8")
    said = "--as-of 1999-01-01: no vanguard regulation was in force; judged without a regulation"
    code, output = invoke("remove", path, "BT01/015", "--as-of", "1999-01-01")
    assert code == 0 and says(f"({said})", output) and "regulation.banned" not in output
    assert '"BT01/015" = 1' in path.read_text(encoding="utf-8")
    code, output = invoke("show", path, "--as-of", "1999-01-01")
    assert code == 0 and says(f"note: {said}", output)
    code, output = invoke("show", path, "--as-of", "1999-01-01", "-o", "json")
    assert code == 0 and json.loads(output)["notes"] == [said]
    code, output = invoke("show", path, "--as-of", "2026-11-01")  # a day with a regulation in force: no note
    assert code == 0 and "no vanguard regulation was in force" not in output


def test_show_judges_under_the_regulation_given(tmp_path, isolated_carddb):
    path = tmp_path / "r.deck.toml"
    path.write_text('game = "vanguard"\n[main]\n"BT01/015" = 1\n', encoding="utf-8")
    assert "regulation.banned" not in invoke("show", path)[1]
    assert "regulation.banned" in invoke("show", path, "--regulation", "Sample Standard 2026-10")[1]
    assert "regulation.banned" in invoke("show", path, "--as-of", "2026-04-01", "--output", "json")[1]


# new: the state line, --carddb ---------------------------------------------------------------------------------


def test_new_prints_the_state_of_the_empty_deck_with_the_carddb_given(tmp_path, cards):
    code, output = invoke("new", tmp_path / "a.deck.toml", "--game", "vanguard", "--carddb", cards)
    assert code == 0, output
    assert "a.deck.toml: main 0 · g 0 — not legal yet: vanguard.main-size (0/50)" in output


def test_new_with_a_broken_carddb_writes_nothing(tmp_path):
    broken = tmp_path / "broken" / "vanguard"
    broken.mkdir(parents=True)
    (broken / "bad.toml").write_text("[[cards]]\nnumber = 1\n", encoding="utf-8")
    code, output = invoke("new", tmp_path / "a.deck.toml", "--game", "vanguard", "--carddb", broken.parent)
    assert code == 2 and "bad.toml" in output
    assert not (tmp_path / "a.deck.toml").exists()


# set -------------------------------------------------------------------------------------------------------------

SET_TOML = """# my deck
game = "cipher"
name = "Old"   # the name on the sheet
[main]
"B01-053" = 4  # lord material
"""


def test_set_changes_only_the_keys_line_and_keeps_comments(tmp_path, isolated_carddb):
    path = tmp_path / "c.deck.toml"
    path.write_text(SET_TOML, encoding="utf-8")
    code, output = invoke("set", path, "name", "新しい名前")
    assert code == 0, output
    assert "Set name to '新しい名前' (was 'Old')." in output
    assert "c.deck.toml: main 4 — not legal yet" in output
    assert path.read_text(encoding="utf-8") == SET_TOML.replace('"Old"', '"新しい名前"')
    code, output = invoke("set", path, "lord", "B01-053")
    assert code == 0, output
    assert path.read_text(encoding="utf-8") == SET_TOML.replace('"Old"', '"新しい名前"').replace(
        "the sheet\n", 'the sheet\nlord = "B01-053"\n'
    )


def test_set_in_a_text_decklist_and_a_json_deck(tmp_path, isolated_carddb):
    text = tmp_path / "e.txt"
    text.write_text("game: evolve\n# header comment\nname: A  # kept\n\n## main\n", encoding="utf-8")
    code, output = invoke("set", text, "basis", "title")
    assert code == 0, output
    assert (
        text.read_text(encoding="utf-8") == "game: evolve\n# header comment\nname: A  # kept\nbasis: title\n\n## main\n"
    )
    code, output = invoke("set", text, "name", "B")
    assert text.read_text(encoding="utf-8").startswith("game: evolve\n# header comment\nname: B  # kept\n")
    deck = tmp_path / "v.json"
    deck.write_text('{"game": "vanguard", "notes": "kept", "main": {"G-TD02/014": 1}}', encoding="utf-8")
    code, output = invoke("set", deck, "first_vanguard", "G-TD02/014")
    assert code == 0, output
    source = parse_deck(deck)
    assert source.keys == {"first_vanguard": "G-TD02/014"} and source.other == {"notes": "kept"}
    assert [(e.key, e.raw_count) for e in source.entries] == [("G-TD02/014", 1)]


def test_set_keeps_windows_line_ends_and_the_byte_order_mark(tmp_path, isolated_carddb):
    path = tmp_path / "c.deck.toml"
    path.write_bytes(b"\xef\xbb\xbf" + SET_TOML.replace("\n", "\r\n").encode())
    assert invoke("set", path, "name", "N")[0] == 0
    written = path.read_bytes()
    assert written.startswith(b"\xef\xbb\xbf") and written.count(b"\r\n") == SET_TOML.count("\n")
    assert b'name = "N"' in written


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("basis", "class", "have no key 'basis'; the keys `set` changes are: name, regulation, lord"),
        ("lord", "DC-FE-999X", "no TCG Fire Emblem 0 (Cipher) card has the number or name 'DC-FE-999X'"),
        ("regulation", "Nope", "unknown regulation 'Nope'"),
        ("name", "   ", "one line of printable text"),
        ("name", "two\nlines", "one line of printable text"),
        ("name", "\x1b]0;pwned\x07", "one line of printable text"),
        ("game", "vanguard", "have no key 'game'"),
    ],
)
def test_set_refuses_what_the_deck_cannot_hold_and_changes_nothing(tmp_path, isolated_carddb, key, value, message):
    path = tmp_path / "c.deck.toml"
    path.write_text(SET_TOML, encoding="utf-8")
    code, output = invoke("set", path, key, value)
    assert code == 2 and message in output
    assert path.read_text(encoding="utf-8") == SET_TOML


def test_set_refuses_a_lord_the_setup_never_takes_with_the_words_check_says(tmp_path, isolated_carddb):
    """12.2.1.1: the lord has a printed cost of 1. `set lord` to a cost-2 card refuses (nothing written) with the
    words `check` says on the key's line; a cost-1 card the deck does not hold yet is written, with a warning."""
    path = tmp_path / "c.deck.toml"
    path.write_text(SET_TOML + '"B01-002" = 4\n', encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    code, output = invoke("set", path, "lord", "B01-002")  # Marth, printed cost 2
    said = "lord 'B01-002' (Prince of a Fallen Land Marth (B01-002)) cannot be the lord: its printed cost is 2"
    assert code == 2 and said in output and "nothing written" in output, output
    assert path.read_text(encoding="utf-8") == before
    code, output = invoke("set", path, "lord", "B01-003")  # Marth, printed cost 1, not in the deck yet
    assert code == 0, output
    assert "warning: lord 'B01-003' cannot be the lord: Altean Prince Marth (B01-003) is not in main" in output
    assert "cipher.lord" in output  # the state line
    code, checked = invoke("check", path, "--output", "json", "--no-regulation")
    (finding,) = [v for v in json.loads(checked)["decks"][0]["violations"] if v["rule"] == "cipher.lord"]
    assert (finding["section"], finding["ref"], finding["line"]) == ("lord", "12.2.1.1", 4)
    assert finding["message"].startswith("lord 'B01-003' cannot be the lord: Altean Prince Marth (B01-003) is not")
    code, output = invoke("set", path, "lord", "B01-053")  # in the deck, cost 1: no warning
    assert code == 0 and "warning" not in output and "cipher.lord" not in output, output


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("G-TD02/002", "first_vanguard 青天の騎士 アルトマイル (G-TD02/002) is grade 3; the first vanguard must be"),
        ("飛天の聖騎士 アルトマイル", "is a G unit; the first vanguard must be a grade-0 unit (5.4.3)"),
    ],
)
def test_set_refuses_a_first_vanguard_that_is_no_grade_0_unit(tmp_path, isolated_carddb, value, said):
    path = tmp_path / "v.deck.toml"
    text = 'game = "vanguard"\n[main]\n"G-TD02/002" = 4\n[g]\n"飛天の聖騎士 アルトマイル" = 1\n'
    path.write_text(text, encoding="utf-8")
    code, output = invoke("set", path, "first_vanguard", value)
    assert code == 2 and said in output and "nothing written" in output, output
    assert path.read_text(encoding="utf-8") == text


def test_set_first_vanguard_before_the_card_is_added_warns_and_check_says_it_on_the_key(tmp_path, isolated_carddb):
    path = tmp_path / "v.deck.toml"
    path.write_text('game = "vanguard"\n[main]\n"G-TD02/002" = 4\n', encoding="utf-8")
    code, output = invoke("set", path, "first_vanguard", "G-TD02/014")
    said = "first_vanguard 'G-TD02/014' is not a card of the main deck; the first vanguard is chosen from it (5.4.3)"
    assert code == 0 and f"warning: {said}" in output, output
    code, checked = invoke("check", path, "--output", "json", "--no-regulation")
    found = [v for v in json.loads(checked)["decks"][0]["violations"] if v["section"] == "first_vanguard"]
    assert [(v["rule"], v["ref"], v["line"], v["message"]) for v in found] == [
        ("vanguard.first-vanguard", "5.4.3", 2, f"{said}.")
    ]
    code, output = invoke("hand", path, "--seed", "1")
    assert code == 2
    assert invoke("add", path, "G-TD02/014")[0] == 0
    code, checked = invoke("check", path, "--output", "json", "--no-regulation")
    assert not [v for v in json.loads(checked)["decks"][0]["violations"] if v["rule"] == "vanguard.first-vanguard"]


def test_set_regulation_is_applied_by_the_state_line(tmp_path, isolated_carddb):
    path = tmp_path / "v.deck.toml"
    path.write_text('game = "vanguard"\n[main]\n"BT01/015" = 1\n', encoding="utf-8")
    code, output = invoke("set", path, "regulation", "Sample Standard 2026-10")
    assert code == 0 and "regulation.banned (1/0)" in output
    assert deck_data(path)["regulation"] == "Sample Standard 2026-10"


def test_set_a_multiline_value_needs_a_whole_rewrite_and_force(tmp_path, isolated_carddb):
    path = tmp_path / "c.deck.toml"
    path.write_text('game = "cipher"\nname = """a\nb"""  # two lines\n[main]\n', encoding="utf-8")
    code, output = invoke("set", path, "name", "one")
    assert code == 2 and "drop its comments" in output
    code, output = invoke("set", path, "name", "one", "--force")
    assert code == 0 and deck_data(path)["name"] == "one"


def test_set_on_a_missing_deck(tmp_path):
    code, output = invoke("set", tmp_path / "none.deck.toml", "name", "x")
    assert code == 2 and "no such deck file" in output


@pytest.mark.parametrize("command", [("add", "T-001"), ("remove", "T-001"), ("set", "name", "x")])
def test_a_fifo_or_a_device_is_not_edited(tmp_path, command):
    fifo = tmp_path / "f.deck.toml"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/null")):  # never waited on (a FIFO is read once: it cannot be written back)
        code, output = invoke(command[0], path, *command[1:])
        assert code == 2 and "is not a regular file (a FIFO or a device)" in output


def test_set_adds_a_key_after_a_multiline_value_not_inside_it(tmp_path, isolated_carddb):
    path = tmp_path / "c.deck.toml"
    text = 'game = "cipher"\nnotes = """one\ntwo"""  # notes\n[main]\n"B01-053" = 4\n'
    path.write_text(text, encoding="utf-8")
    code, output = invoke("set", path, "name", "N")
    assert code == 0, output
    assert path.read_text(encoding="utf-8") == text.replace("# notes\n", '# notes\nname = "N"\n')


# Concurrent edits, links, line ends, duplicate keys ---------------------------------------------------------------

_EDITOR = """
import pathlib, sys, time
from typer.testing import CliRunner
from deckcheck.cli.app import app

deck, cards, rounds, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), pathlib.Path(sys.argv[4])
runner = CliRunner()
runner.invoke(app, ["cards", "search", "T-1", "--game", "vanguard", "--carddb", cards])  # load before the start
while not go.exists():
    time.sleep(0.002)
for _ in range(rounds):
    result = runner.invoke(app, ["add", deck, "T-100", "--carddb", cards])
    print(result.exit_code, result.output.splitlines()[0] if result.output else "", flush=True)
"""


def test_concurrent_adds_from_several_processes_are_all_kept(tmp_path, cards):
    """Real processes editing one deck at once: each add reads the deck, changes it and renames the new file over
    it; without the lock two of them read the same deck and one add is lost (issue 14: 113 of 200 rounds)."""
    path = tmp_path / "d.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    go = tmp_path / "go"
    processes, rounds = 3, 12
    env = {**os.environ, "DECKCHECK_LOCK_TIMEOUT": "120"}
    editors = [
        subprocess.Popen(
            [sys.executable, "-c", _EDITOR, str(path), str(cards), str(rounds), str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(processes)
    ]
    time.sleep(0.5)
    go.touch()
    outputs = [editor.communicate(timeout=600) for editor in editors]
    lines = [line for out, _ in outputs for line in out.splitlines()]
    assert [editor.returncode for editor in editors] == [0] * processes, [err for _, err in outputs]
    assert len(lines) == processes * rounds and all(line.startswith("0 Added 1 × ") for line in lines), lines
    assert deck_data(path)["main"]["T-100"] == 4 + processes * rounds
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards", "d.deck.toml", "go", "work"]  # no leftovers


def test_an_edit_that_cannot_get_the_lock_changes_nothing_and_exits_2(tmp_path, cards, monkeypatch):
    import fcntl

    path = tmp_path / "d.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    monkeypatch.setenv("DECKCHECK_LOCK_TIMEOUT", "0.3")
    held = os.open(path, os.O_RDONLY)  # another deckcheck in the middle of its edit
    fcntl.flock(held, fcntl.LOCK_EX)
    try:
        for command in (("add", path, "T-100"), ("remove", path, "T-100"), ("set", path, "name", "X")):
            code, output = invoke(*command, "--carddb", cards)
            assert code == 2 and "another deckcheck command is changing this file" in output, output
            assert str(path) in output
    finally:
        os.close(held)
    assert path.read_text(encoding="utf-8") == LEGAL_VANGUARD_TOML
    assert invoke("add", path, "T-100", "--carddb", cards)[0] == 0  # free again


def test_add_through_a_symlink_edits_the_deck_it_points_to(tmp_path, cards):
    real = tmp_path / "shared" / "d.deck.toml"
    real.parent.mkdir()
    real.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    link = tmp_path / "mine.deck.toml"
    link.symlink_to(real)
    code, output = invoke("add", link, "T-100", "--carddb", cards)
    assert code == 0, output
    assert link.is_symlink()
    assert deck_data(real)["main"]["T-100"] == 5
    assert invoke("set", link, "name", "Linked")[0] == 0
    assert link.is_symlink() and deck_data(real)["name"] == "Linked"
    assert sorted(p.name for p in real.parent.iterdir()) == ["d.deck.toml"]


def test_one_crlf_line_in_an_lf_deck_stays_the_only_one(tmp_path, cards):
    path = tmp_path / "d.deck.toml"
    original = b'game = "vanguard"\n# from a Windows editor\r\n[main]\n"T-100" = 1\n"T-101" = 2\n'
    path.write_bytes(original)
    assert invoke("add", path, "T-102", "--carddb", cards)[0] == 0
    assert invoke("add", path, "T-100", "--carddb", cards)[0] == 0
    assert path.read_bytes() == original.replace(b'"T-100" = 1', b'"T-100" = 2') + b'"T-102" = 1  # Unit 2\n'


def test_a_crlf_deck_with_one_lf_line_keeps_both_and_new_lines_are_crlf(tmp_path, cards):
    path = tmp_path / "d.txt"
    path.write_bytes(b"game: vanguard\r\n4 T-100\n1 T-101\r\n")
    assert invoke("add", path, "T-102", "--carddb", cards)[0] == 0
    assert invoke("add", path, "T-100", "--carddb", cards)[0] == 0
    assert path.read_bytes() == b"game: vanguard\r\n5 T-100\n1 T-101\r\n1 T-102  # Unit 2\r\n"


def test_a_json_deck_with_a_duplicate_key_is_refused_byte_for_byte(tmp_path, cards):
    """Read last-wins, the deck would lose an entry, and `add` would write the file without it."""
    path = tmp_path / "d.json"
    original = b'{"game": "vanguard",\n "main": {"T-100": 1,\n          "T-100": 3, "T-101": 2}}\n'
    path.write_bytes(original)
    code, output = invoke("add", path, "T-101", "--carddb", cards)
    assert code == 2
    assert "d.json:3" in output and "duplicate key 'T-100'" in output and "first on line 2" in output
    assert path.read_bytes() == original


def test_new_never_replaces_a_deck_made_meanwhile(tmp_path, cards, monkeypatch):
    """Another `new` of the same path between the check and the write: the first deck is kept."""
    path = tmp_path / "d.deck.toml"
    real_write = atomic.atomic_write

    def someone_else_first(target, text, **options):
        path.write_text("# theirs\n", encoding="utf-8")
        return real_write(target, text, **options)

    monkeypatch.setattr("deckcheck.commands.build.atomic_write", someone_else_first)
    code, output = invoke("new", path, "--game", "vanguard", "--carddb", cards)
    assert code == 2 and "already exists" in output
    assert path.read_text(encoding="utf-8") == "# theirs\n"


def test_new_writes_the_format_of_play_and_refuses_an_unknown_one(run_cli, tmp_path, isolated_carddb):
    path = tmp_path / "x.deck.toml"
    code, out, _ = run_cli("new", path, "--game", "evolve", "--format", "クロスオーバー")
    assert code == 0 and 'format = "crossover"' in path.read_text(encoding="utf-8")
    assert "an empty crossover Shadowverse EVOLVE deck (sections: leader, main, evolve)" in out
    assert "evolve.leader (0/2)" in out  # judged as a crossover deck: two leaders
    code, _, err = run_cli("new", tmp_path / "y.deck.toml", "--game", "evolve", "--format", "draft")
    assert code == 2 and "--format 'draft' is not a format of evolve" in err and not (tmp_path / "y.deck.toml").exists()
    code, _, err = run_cli("new", tmp_path / "z.deck.toml", "--game", "vanguard", "--format", "crossover")
    assert code == 2 and "--format 'crossover': vanguard has one format only (standard)" in err


def test_set_refuses_an_unknown_rules_version_or_format_and_writes_nothing(run_cli, tmp_path, isolated_carddb):
    path = tmp_path / "d.deck.toml"
    real = Path(__file__).resolve().parents[2] / "decks" / "evolve" / "2026-03-21-rune-XEB3.deck.toml"
    path.write_text(real.read_text(encoding="utf-8"), encoding="utf-8")
    before = path.read_bytes()
    code, _, err = run_cli("set", path, "rules", "9.9")
    assert code == 2 and "known: 1.7.0, 1.24.1" in err and path.read_bytes() == before
    assert run_cli("set", path, "rules", "1.7.0")[0] == 0
    pinned = path.read_bytes()
    code, _, err = run_cli("set", path, "format", "crossover")  # crossover needs Ver.1.24.1: refused, not written
    assert code == 2 and "needs rules Ver.1.24.1" in err and path.read_bytes() == pinned


def test_new_accepts_the_one_format_of_a_game_that_has_one(run_cli, tmp_path, isolated_carddb):
    """`--format` refuses only a format the game does not have: Vanguard's standard writes no key, as without it."""
    path = tmp_path / "v.deck.toml"
    code, _, err = run_cli("new", path, "--game", "vanguard", "--format", "Standard")
    assert code == 0, err
    assert "format" not in path.read_text(encoding="utf-8")
    code, _, err = run_cli("new", tmp_path / "w.deck.toml", "--game", "vanguard", "--format", "sealed")
    assert code == 2 and "--format 'sealed': vanguard has one format only (standard)" in err


def parse_and_resolve(path, carddb):
    from deckcheck.carddb.db import load_carddb, resolve_deck

    source = parse_deck(path)
    return resolve_deck(source, load_carddb(source.game_id, [carddb])).source


@pytest.mark.parametrize(
    ("game", "typed", "number"),
    [
        ("cipher", "Prince of a Fallen Land Marth", "B01-002"),  # printings B01-002 and P01-012: one card
        ("cipher", "prince of a fallen land MARTH", "B01-002"),  # Cipher's English names in any case
        ("cipher", "B01-001SR+", "B01-001"),  # a printed code with its rarity
        ("vanguard", "g-bt01-001", "G-BT01/001"),  # a printed number typed with a dash, in lower case
        ("evolve", "エンシェントエルフ", "BP01-002"),  # a follower and its EVOLVE card: main means the follower
    ],
)
def test_add_takes_every_name_a_deck_file_takes(tmp_path, isolated_carddb, game, typed, number):
    path = tmp_path / "d.deck.toml"
    invoke("new", path, "--game", game)
    code, output = invoke("add", path, typed)
    assert code == 0, output
    written = {
        key: count
        for section in deck_data(path).values()
        if isinstance(section, dict)
        for key, count in section.items()
    }
    assert written == {number: 1}
    listed = tmp_path / "listed.deck.toml"
    listed.write_text(f'game = "{game}"\n[main]\n"{typed}" = 1\n', encoding="utf-8")
    from deckcheck.carddb.db import load_carddb, resolve_deck

    assert resolve_deck(parse_deck(listed), load_carddb(game)).entries[0].card.number == number


def test_add_a_shared_name_to_the_evolve_deck_takes_the_evolve_card(tmp_path, isolated_carddb):
    path = tmp_path / "d.deck.toml"
    invoke("new", path, "--game", "evolve")
    code, output = invoke("add", path, "エンシェントエルフ")
    assert "--section evolve for that card" in output
    code, output = invoke("add", path, "エンシェントエルフ", "--section", "evolve")
    assert code == 0, output
    assert deck_data(path)["evolve"] == {"BP01-003": 1}


@pytest.mark.parametrize("typed", ["altean prince marth", "B01-003SR", "Altean Prince Marth"])
def test_set_lord_takes_every_name_a_deck_file_takes(tmp_path, isolated_carddb, typed):
    path = tmp_path / "c.deck.toml"
    invoke("new", path, "--game", "cipher")
    code, output = invoke("set", path, "lord", typed)
    assert code == 0, output
    from deckcheck.carddb.db import load_carddb, resolve_deck

    deck = resolve_deck(parse_deck(path), load_carddb("cipher"))
    assert deck.key_cards["lord"] is not None and deck.key_cards["lord"].number == "B01-003"


@pytest.mark.parametrize(
    ("name", "suggested"), [("n3", "n3.deck.toml"), ("n4.deck", "n4.deck.toml"), ("list.yaml", "list.yaml.deck.toml")]
)
def test_new_without_a_deck_suffix_warns_that_folder_search_will_not_find_it(
    run_cli, tmp_path, isolated_carddb, name, suggested
):
    from deckcheck.checking.discover import is_deck_file

    code, out, err = run_cli("new", tmp_path / name, "-g", "cipher")
    assert code == 0 and f"Created {tmp_path / name}" in out
    assert "deckcheck: warning:" in err and "*.deck.toml" in err
    assert f"Name it {tmp_path / suggested} to be found" in err
    assert not is_deck_file(tmp_path / name)  # what the warning says is so ...
    (tmp_path / name).rename(tmp_path / suggested)
    assert is_deck_file(tmp_path / suggested)  # ... and the name it suggests is found


@pytest.mark.parametrize("name", ["a.deck.toml", "a.toml", "a.txt", "a.json", "A.DECK.TOML"])
def test_new_with_a_deck_suffix_does_not_warn(run_cli, tmp_path, isolated_carddb, name):
    code, _out, err = run_cli("new", tmp_path / name, "-g", "cipher")
    assert code == 0 and err == ""


# Input no file can hold (issue 26 items 19, 20) ------------------------------------------------------------------


_SURROGATE_DECK = '{"game": "vanguard", "name": "n\\udc80", "main": {"T-100": 4}}'


@pytest.mark.parametrize(
    "command",
    [("add", "T-100"), ("remove", "T-100"), ("set", "regulation", "none-such"), ("set", "first_vanguard", "T-000")],
)
def test_a_lone_surrogate_in_a_json_deck_is_refused_by_every_edit(tmp_path, cards, command):
    deck = tmp_path / "s.json"
    deck.write_text(_SURROGATE_DECK, encoding="utf-8")
    code, output = invoke(command[0], deck, *command[1:], "--carddb", cards)
    assert code == 2, output
    if "none-such" not in command:
        assert f"{deck}, field 'name': holds '\\udc80', a lone surrogate escape" in output, output
    assert "internal error" not in output
    assert deck.read_text(encoding="utf-8") == _SURROGATE_DECK


def test_setting_the_name_replaces_a_lone_surrogate(tmp_path, cards):
    deck = tmp_path / "s.json"
    deck.write_text(_SURROGATE_DECK, encoding="utf-8")
    assert invoke("set", deck, "name", "Fixed", "--carddb", cards)[0] == 0
    assert json.loads(deck.read_text(encoding="utf-8"))["name"] == "Fixed"


def test_new_refuses_a_name_that_is_not_text(tmp_path):
    """`new --name $'\\xfe'` gives Python '\\udcfe', which no file can hold: refused as `set name` refuses it."""
    path = tmp_path / "n.toml"
    code, output = invoke("new", path, "--game", "vanguard", "--name", "\udcfe")
    assert code == 2 and "field 'name': the name must be one line of printable text, not '\\udcfe'" in output
    assert not path.exists()


def test_set_basis_takes_only_a_basis(tmp_path, isolated_carddb):
    deck = tmp_path / "e.txt"
    before = "game: evolve\nbasis: class\n\n## main\n"
    deck.write_text(before, encoding="utf-8")
    code, output = invoke("set", deck, "basis", "nonsense")
    assert code == 2 and "field 'basis': the basis must be one of class, title, クラス, タイトル" in output, output
    assert deck.read_text(encoding="utf-8") == before
    for word in ("ＴＩＴＬＥ", "タイトル", "Class"):
        code, output = invoke("set", deck, "basis", word)
        assert code == 0, output
        assert f"basis: {word}\n" in deck.read_text(encoding="utf-8")


# Cipher's Japanese names ------------------------------------------------------------------------------------------


def test_add_remove_and_set_take_a_japanese_name_and_write_the_number_with_it(isolated_carddb) -> None:
    deck = isolated_carddb / "ja.deck.toml"
    assert invoke("new", deck, "--game", "cipher")[0] == 0
    code, out = invoke("add", deck, "救国の英雄 マルス", "-n", "3")
    assert code == 0 and "Added 3 × Savior of His Realm Marth (B01-001)" in out, out
    assert invoke("add", deck, "救国の英雄　マルス")[0] == 0  # a full-width space: the same card, counted on
    assert invoke("add", deck, "心癒やす翼 シーダ", "-n", "2")[0] == 0
    assert invoke("remove", deck, "心癒す翼 シーダ")[0] == 0  # the other spelling names the same card
    code, out = invoke("set", deck, "lord", "救国の英雄 マルス")  # printed cost 5: never a lord (12.2.1.1)
    assert code == 2 and "its printed cost is 5" in out, out
    code, out = invoke("set", deck, "lord", "アリティアの王子 マルス")  # cost 1, not in the deck yet: a warning
    assert code == 0 and "Set lord to 'アリティアの王子 マルス'" in out and "is not in main" in out, out
    text = deck.read_text(encoding="utf-8")
    # the card number stays the key; the name the user wrote (as the card data spells it) is the comment
    assert "B01-001 = 4  # 救国の英雄 マルス\nB01-005 = 1  # 心癒やす翼 シーダ\n" in text
    code, out = invoke("add", deck, "封印の剣を継ぐ者 ロイ")
    assert code == 2 and "no TCG Fire Emblem 0 (Cipher) card has the number or name '封印の剣を継ぐ者 ロイ'" in out
    assert "Japanese names are known here only for the cards of B01–B06, P01–P06 and S01–S08" in out
    assert "write its card number instead" in out


# -- in Japanese (issue 29) -------------------------------------------------------------------------------------------

SHIPPED = Path(__file__).resolve().parents[2] / "decks"


@pytest.fixture
def in_japanese(run_cli, monkeypatch, isolated_carddb):
    """`deckcheck ARGS` in Japanese, in a folder of its own (isolated_carddb) holding a copy of a shipped deck."""
    (isolated_carddb / "marth.deck.toml").write_bytes((SHIPPED / "cipher" / "marth-altea.deck.toml").read_bytes())
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    return run_cli


def test_new_add_remove_and_set_speak_japanese(in_japanese):
    code, out, err = in_japanese("new", "mine.deck.toml", "-g", "cipher", "--name", "Marth")
    assert code == 0 and err == ""
    created = (
        "mine.deck.toml を作成しました：TCG ファイアーエムブレム0（サイファ）の空のデッキです（セクション：main）。\n"
    )
    assert out.startswith(created)
    assert "mine.deck.toml: main 0 — まだ不適正：cipher.main-size (0/50)、cipher.lord (0/1)" in out
    code, out, err = in_japanese("add", "mine.deck.toml", "B01-003", "-n", "2")
    assert (
        code == 0
        and "アリティアの王子 マルス（Altean Prince Marth、B01-003） を" in out
        and "に2枚追加しました（現在2枚）。" in out
    )
    code, out, err = in_japanese("remove", "mine.deck.toml", "B01-003")
    assert code == 0 and "から1枚抜きました（現在1枚）。" in out
    code, out, err = in_japanese("set", "mine.deck.toml", "name", "アリティア")
    assert code == 0 and out.startswith("name を 'アリティア' にしました（以前は 'Marth'）。\n")
    code, out, err = in_japanese("set", "mine.deck.toml", "lord", "B01-003")
    assert code == 0 and out.startswith("lord を 'B01-003' にしました。\n")


def test_the_builder_s_bad_input_in_japanese(in_japanese):
    code, out, err = in_japanese("new", "marth.deck.toml", "-g", "cipher")
    assert (code, out) == (2, "")
    assert "marth.deck.toml: すでに存在します。deckcheck new はファイルを上書きしません（deckcheck add で編集" in err
    code, out, err = in_japanese("remove", "marth.deck.toml", "B01-003", "-n", "9")
    assert (
        code == 2
        and "アリティアの王子 マルス（Altean Prince Marth、B01-003） を9枚抜けません：" in err
        and "には4枚しかありません" in err
    )
    code, out, err = in_japanese("set", "marth.deck.toml", "nope", "x")
    assert code == 2 and "TCG ファイアーエムブレム0（サイファ）のデッキにはキー 'nope' はありません。" in err
    assert "`set` で変えられるキー：name、regulation、lord" in err
    code, out, err = in_japanese("add", "marth.deck.toml", "B01-003", "--section", "side")
    assert code == 2 and "セクション 'side' はありません。セクション：main" in err
    code, out, err = in_japanese("add", "missing.deck.toml", "B01-003")
    assert code == 2
    assert "missing.deck.toml: デッキファイルがありません（作るには：deckcheck new PATH --game GAME）" in err
    code, out, err = in_japanese("add", "marth.deck.toml", "ZZZ-999")
    assert code == 2
    assert "カード番号またはカード名が 'ZZZ-999' のTCG ファイアーエムブレム0（サイファ）のカードはありません" in err


def test_new_warns_in_japanese_of_a_name_check_does_not_find(in_japanese):
    code, out, err = in_japanese("new", "n3", "-g", "evolve", "--format", "crossover")
    assert code == 0
    assert out.startswith("n3 を作成しました：Shadowverse EVOLVEの空の crossover デッキです（セクション：")
    assert "（セクション：leader、main、evolve）。\n" in out
    assert err.startswith("deckcheck: 警告：n3 は TOML のデッキですが、")
    assert "名前を n3.deck.toml にしてください（mv n3 n3.deck.toml）。" in err
