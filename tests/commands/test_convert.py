"""`deckcheck convert`: round trips between the formats, the official registry's JSON, refusals."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
from conftest import LEGAL_VANGUARD_TEXT, LEGAL_VANGUARD_TOML
from typer.testing import CliRunner

from deckcheck.cli.app import app
from deckcheck.formats.read import parse_deck
from deckcheck.formats.write import content

EXAMPLES = sorted(Path(__file__).resolve().parents[2].joinpath("decks").glob("*/*.*"))


def invoke(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def without_comments(text: str) -> list[str]:
    return [line.split("  # ")[0] for line in text.splitlines() if line and not line.startswith("#")]


def sections_of(path: Path) -> dict[str, dict[str, int]]:
    """Counts per section and card key, summed as the contract reads a deck."""
    result: dict[str, dict[str, int]] = {}
    for entry in parse_deck(path).entries:
        slot = result.setdefault(entry.section, {})
        slot[entry.key] = slot.get(entry.key, 0) + entry.raw_count
    return result


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.name)
def test_toml_text_json_toml_keeps_every_count_and_section(tmp_path, isolated_carddb, example):
    first = tmp_path / "a.deck.toml"
    assert invoke("convert", example, "--to", "toml", "--out-file", first)[0] == 0
    assert invoke("convert", first, "--to", "text", "--out-file", tmp_path / "b.txt")[0] == 0
    assert invoke("convert", tmp_path / "b.txt", "--to", "json", "--out-file", tmp_path / "c.json")[0] == 0
    assert invoke("convert", tmp_path / "c.json", "--to", "toml", "--out-file", tmp_path / "d.deck.toml")[0] == 0
    expected = sections_of(example)
    for written in ("a.deck.toml", "b.txt", "c.json", "d.deck.toml"):
        assert sections_of(tmp_path / written) == expected, written
        assert content(parse_deck(tmp_path / written))["keys"] == parse_deck(example).keys
    # the same lines but for comments: the example's own are kept in a (and b), and JSON (c, d) has none
    a, d = ((tmp_path / name).read_text(encoding="utf-8") for name in ("a.deck.toml", "d.deck.toml"))
    assert without_comments(a) == without_comments(d)


def test_stdout_when_no_output_file(tmp_path):
    (tmp_path / "d.txt").write_text(LEGAL_VANGUARD_TEXT, encoding="utf-8")
    code, output = invoke("convert", tmp_path / "d.txt", "--to", "toml")
    assert code == 0
    data = tomllib.loads(output)
    assert data["name"] == "Test deck" and data["main"]["Crit"] == 4 and data["g"] == {"Stride": 4}


def test_a_card_on_two_text_lines_is_summed(tmp_path):
    (tmp_path / "d.txt").write_text("game: vanguard\n2 T-100\n4 Crit\n1 T-100\n", encoding="utf-8")
    code, output = invoke("convert", tmp_path / "d.txt", "--to", "json")
    assert code == 0
    assert json.loads(output)["main"] == {"T-100": 3, "Crit": 4}


def test_a_key_the_text_format_cannot_hold_is_refused_then_dropped_with_force(tmp_path):
    source = tmp_path / "d.deck.toml"
    source.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")  # has notes = "kept as is"
    out = tmp_path / "d.txt"
    code, output = invoke("convert", source, "--to", "text", "--out-file", out)
    assert code == 2 and "notes" in output and "--force" in output
    assert not out.exists()
    code, output = invoke("convert", source, "--to", "text", "--out-file", out, "--force")
    assert code == 0 and "dropped" in output and "notes" in output
    assert parse_deck(out).other == {}


def test_json_keeps_other_keys(tmp_path):
    source = tmp_path / "d.deck.toml"
    source.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    code, output = invoke("convert", source, "--to", "json")
    assert code == 0 and json.loads(output)["notes"] == "kept as is"


def test_an_existing_output_is_not_overwritten_without_force(tmp_path):
    source = tmp_path / "d.txt"
    source.write_text(LEGAL_VANGUARD_TEXT, encoding="utf-8")
    out = tmp_path / "out.deck.toml"
    out.write_bytes(b"precious")
    code, output = invoke("convert", source, "--to", "toml", "--out-file", out)
    assert code == 2 and "already exists" in output
    assert out.read_bytes() == b"precious"
    assert invoke("convert", source, "--to", "toml", "--out-file", out, "--force")[0] == 0
    assert tomllib.loads(out.read_text(encoding="utf-8"))["game"] == "vanguard"


def test_a_file_that_is_not_a_deck(tmp_path):
    source = tmp_path / "x.toml"
    source.write_text('title = "no"\n', encoding="utf-8")
    code, output = invoke("convert", source, "--to", "text")
    assert code == 2 and "no `game` key" in output


def test_game_option_must_agree_with_a_native_deck(tmp_path):
    source = tmp_path / "d.txt"
    source.write_text(LEGAL_VANGUARD_TEXT, encoding="utf-8")
    code, output = invoke("convert", source, "--to", "toml", "--game", "evolve")
    assert code == 2 and "is a vanguard deck, not evolve" in output


# The official registry's JSON -----------------------------------------------------------------------------


def registry(**lists: list[tuple[str, object]]) -> dict:
    return {
        "title": "公式デッキ",
        **{
            name: [{"card_number": number, "num": num, "name": "x"} for number, num in items]
            for name, items in lists.items()
        },
    }


@pytest.mark.parametrize(
    ("game", "lists", "expected_sections", "expected_keys"),
    [
        (
            "vanguard",
            {"list": [("A-1", 4), ("A-2", "3")], "sub_list": [("G-1", 2)]},
            {"main": {"A-1": 4, "A-2": 3}, "g": {"G-1": 2}},
            {},
        ),
        (
            "evolve",
            {"list": [("M-1", 3)], "sub_list": [("E-1", 2)], "p_list": [("L-1", 1)]},
            {"main": {"M-1": 3}, "evolve": {"E-1": 2}, "leader": {"L-1": 1}},
            {},
        ),
        (
            "build-divide",
            {"list": [("M-1", 4)], "sub_list": [("D-1", 1)], "p_list": [("T-1", 1)]},
            {"main": {"M-1": 4}, "d": {"D-1": 1}, "territory": {"T-1": 1}},
            {},
        ),
        (
            "ic-dragonball",
            {"list": [("B-1", 3)], "p_list": [("L-1", 1)]},
            {"main": {"B-1": 3}, "leader": {"L-1": 1}},
            {},
        ),
        ("cipher", {"list": [("U-1", 4)], "p_list": [("U-1", 1)]}, {"main": {"U-1": 4}}, {"lord": "U-1"}),
    ],
)
def test_registry_lists_go_to_the_games_sections(tmp_path, game, lists, expected_sections, expected_keys):
    source = tmp_path / "registry.json"
    source.write_text(json.dumps(registry(**lists), ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "d.deck.toml"
    code, output = invoke("convert", source, "--to", "toml", "--game", game, "--out-file", out)
    assert code == 0, output
    data = tomllib.loads(out.read_text(encoding="utf-8"))
    assert data["game"] == game and data["name"] == "公式デッキ"
    assert {key: data[key] for key in expected_sections} == expected_sections
    assert {key: data[key] for key in expected_keys} == expected_keys


def test_a_registry_list_the_game_has_no_place_for_is_reported(tmp_path):
    source = tmp_path / "registry.json"
    source.write_text(json.dumps(registry(list=[("A-1", 4)], p_list=[("P-9", 1)])), encoding="utf-8")
    code, output = invoke("convert", source, "--to", "toml", "--game", "vanguard")
    assert code == 0
    assert "not imported: `p_list` (1 × P-9)" in output and "list → main, sub_list → g" in output
    assert "P-9" not in output.split("deckcheck:")[0]


def test_the_registry_game_key_replaces_the_option(tmp_path):
    source = tmp_path / "registry.json"
    source.write_text(json.dumps({"game": "vanguard", **registry(list=[("A-1", 4)])}), encoding="utf-8")
    code, output = invoke("convert", source, "--to", "text")
    assert code == 0 and "4 A-1" in output


def test_registry_without_a_game_needs_the_option(tmp_path):
    source = tmp_path / "registry.json"
    source.write_text(json.dumps(registry(list=[("A-1", 4)])), encoding="utf-8")
    code, output = invoke("convert", source, "--to", "toml")
    assert code == 2 and "--game" in output


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"list": {"A-1": 4}}, "field 'list'"),
        ({"list": ["A-1"]}, "field 'list[0]'"),
        ({"list": [{"card_number": 5, "num": 1}]}, "field 'list[0].card_number'"),
        ({"list": [{"card_number": "A-1", "num": "four"}]}, "field 'list[0].num'"),
        ({"list": [{"card_number": "A-1", "num": 0}]}, "field 'list[0].num'"),
        ({"sub_list": [{"card_number": "A-1"}], "list": []}, "field 'sub_list[0].num'"),
    ],
)
def test_registry_json_with_wrong_types(tmp_path, data, field):
    source = tmp_path / "registry.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "out.deck.toml"
    code, output = invoke("convert", source, "--to", "toml", "--game", "vanguard", "--out-file", out)
    assert code == 2 and field in output
    assert not out.exists()


# A real Shadowverse EVOLVE export: game_title_id 6 and the basis in deck_param2 (issue 12, issue 15 item 6) -------

# 7B5FM, a real deck of the sample (tests/data/realdata/evolve-tournament-decks-sample.json) as a registry export.
EVOLVE_EXPORT = {
    "game_title_id": 6,
    "title": "エルフ 7B5FM",
    "deck_param1": "N",
    "deck_param2": "エルフ",
    "p_list": [{"card_number": "BP01-LD01", "num": 1}],
    "list": [
        {"card_number": number, "num": num}
        for number, num in {
            "BP01-015": 3,
            "BP04-010": 3,
            "BP05-109": 3,
            "BP10-005": 3,
            "BP11-003": 3,
            "BP16-007": 1,
            "BP16-009": 3,
            "BP16-118": 2,
            "BP17-001": 3,
            "BP18-004": 3,
            "BP18-019": 3,
            "CP02-006": 2,
            "CP04-001": 2,
            "ECP02-004": 3,
            "SP01-045": 3,
        }.items()
    ],
    "sub_list": [
        {"card_number": number, "num": num}
        for number, num in {"BP04-011": 3, "BP10-006": 2, "BP16-010": 2, "BP16-119": 2, "CP04-002": 1}.items()
    ],
}


def without_notes(output: str) -> str:
    return "\n".join(line for line in output.splitlines() if not line.startswith("deckcheck:"))


def write_export(tmp_path, **changes) -> Path:
    source = tmp_path / "export.json"
    source.write_text(json.dumps(EVOLVE_EXPORT | changes, ensure_ascii=False), encoding="utf-8")
    return source


def test_a_real_evolve_export_converts_without_game_and_checks_legal(tmp_path, isolated_carddb):
    code, output = invoke("convert", write_export(tmp_path), "--to", "toml")
    assert code == 0, output
    data = tomllib.loads(output)
    assert data["game"] == "evolve" and data["basis"] == "class" and data["leader"] == {"BP01-LD01": 1}
    assert sum(data["main"].values()) == 40 and sum(data["evolve"].values()) == 10
    deck = tmp_path / "deck.deck.toml"
    deck.write_text(output, encoding="utf-8")
    code, output = invoke("check", deck)
    assert code == 0 and "legal" in output


@pytest.mark.parametrize(
    ("param", "basis"),
    [
        ("エルフ", "class"),
        ("クラス", "class"),
        ("title", "title"),
        ("プリンセスコネクト！Re:Dive", "title"),
        ("ウマ娘　プリティーダービー", "title"),  # a title as the registry may space it
        ("カードファイト!! ヴァンガード", "title"),
        ("", None),
    ],
)
def test_deck_param2_keeps_the_basis(tmp_path, param, basis):
    code, output = invoke("convert", write_export(tmp_path, deck_param2=param), "--to", "toml")
    assert code == 0, output
    assert tomllib.loads(without_notes(output)).get("basis") == basis


@pytest.mark.parametrize("param", [3, "エルフ/エルフ", "エルフ/ネメシス", "エルフ/ロイヤル/ウィッチ", "新しいコラボ"])
def test_a_deck_param2_that_is_no_class_pair_or_known_title_is_an_error_naming_the_field(tmp_path, param):
    """shared/spec/evolve-1.24.1.md §1: a class pair is crossover, a title stays a title, any other value is an error
    naming the field, never a title."""
    out = tmp_path / "out.deck.toml"
    code, output = invoke("convert", write_export(tmp_path, deck_param2=param), "--to", "toml", "--out-file", out)
    assert code == 2, output
    assert "field 'deck_param2'" in output and "export.json" in output and repr(param) in output
    assert not out.exists()


def test_a_class_pair_export_converts_to_a_crossover_deck_that_checks_with_both_leaders(tmp_path, isolated_carddb):
    """Spec evolve-1.24.1 example 16: 「エルフ/ロイヤル」 is the crossover format, no basis, the leaders of `p_list`;
    the deck written is judged as a crossover deck (two leaders, both classes in the main deck) and is legal."""
    sword = [{"card_number": "BP01-034", "num": 3}]  # メイドリーダー (Swordcraft) for 3 of the Neutral SP01-045
    main = [item for item in EVOLVE_EXPORT["list"] if item["card_number"] != "SP01-045"] + sword
    leaders = [{"card_number": "BP01-LD01", "num": 1}, {"card_number": "BP01-LD03", "num": 1}]
    source = write_export(tmp_path, deck_param2="エルフ/ロイヤル", p_list=leaders, list=main)
    code, output = invoke("convert", source, "--to", "toml", "--out-file", tmp_path / "x.deck.toml")
    assert code == 0 and "format = crossover (B-2)" in output
    data = tomllib.loads((tmp_path / "x.deck.toml").read_text(encoding="utf-8"))
    assert data["format"] == "crossover" and "basis" not in data
    assert data["leader"] == {"BP01-LD01": 1, "BP01-LD03": 1}
    result = CliRunner().invoke(app, ["check", str(tmp_path / "x.deck.toml"), "--output", "json"])
    assert result.exit_code == 0, result.output
    deck = json.loads(result.stdout)["decks"][0]  # (stderr: how old the EVOLVE data is on the tests' today)
    assert deck["legal"] and deck["rules"]["format"] == "crossover" and deck["counts"]["leader"] == 2


def test_a_game_option_that_contradicts_game_title_id_is_refused(tmp_path):
    code, output = invoke("convert", write_export(tmp_path), "--to", "toml", "--game", "vanguard")
    assert code == 2 and "is a Shadowverse EVOLVE export (game_title_id 6), not a" in output
    assert "field 'game_title_id'" in output
    assert invoke("convert", write_export(tmp_path), "--to", "toml", "--game", "evolve")[0] == 0


def test_another_games_export_is_refused_for_evolve(tmp_path):
    code, output = invoke("convert", write_export(tmp_path, game_title_id=1), "--to", "toml", "--game", "evolve")
    assert code == 2 and "an export of another game (game_title_id 1; Shadowverse EVOLVE is 6)" in output
    code, output = invoke("convert", write_export(tmp_path, game_title_id=1), "--to", "toml")
    assert code == 2 and "game_title_id 1 is not a game deckcheck knows" in output and "--game" in output


@pytest.mark.parametrize("value", ["six", True, -6, 2.5])
def test_a_game_title_id_that_is_not_a_number(tmp_path, value):
    code, output = invoke("convert", write_export(tmp_path, game_title_id=value), "--to", "toml")
    assert code == 2 and "field 'game_title_id': must be a whole number" in output


@pytest.mark.parametrize("wrapped", [False, True])
def test_check_on_a_registry_export_says_to_convert_it(tmp_path, wrapped):
    source = tmp_path / "export.json"
    source.write_text(json.dumps({"deck": EVOLVE_EXPORT} if wrapped else EVOLVE_EXPORT), encoding="utf-8")
    code, output = invoke("check", source)
    assert code == 2 and "is a deck registry export" in output and "deckcheck convert" in output


def test_a_wrapped_export_keeps_the_game_title_id_beside_the_deck(tmp_path):
    inner = {key: value for key, value in EVOLVE_EXPORT.items() if key != "game_title_id"}
    source = tmp_path / "export.json"
    source.write_text(json.dumps({"game_title_id": 6, "deck": inner}, ensure_ascii=False), encoding="utf-8")
    code, output = invoke("convert", source, "--to", "toml")
    assert code == 0, output
    assert tomllib.loads(without_notes(output))["game"] == "evolve"


def test_an_export_without_a_leader_says_how_to_add_one_and_stats_counts_it(tmp_path, isolated_carddb):
    source = write_export(tmp_path)
    data = json.loads(source.read_text(encoding="utf-8"))
    del data["p_list"]
    source.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    deck = tmp_path / "deck.deck.toml"
    code, output = invoke("convert", source, "--to", "toml", "--out", deck)
    assert code == 0, output
    assert "the export's p_list is empty, so the deck has no [leader] card" in output
    assert f"`deckcheck add {deck} NUMBER --section leader`" in output
    assert "leader" not in tomllib.loads(deck.read_text(encoding="utf-8"))
    code, output = invoke("add", deck, "BP01-LD01", "--section", "leader")  # the command said works
    assert code == 0, output
    code, output = invoke("convert", write_export(tmp_path), "--to", "toml")  # with its leader: no note
    assert code == 0 and "p_list is empty" not in output


def test_an_evolve_deck_without_a_leader_is_dealt_with_a_note(tmp_path, isolated_carddb):
    deck = tmp_path / "deck.deck.toml"
    deck.write_text(
        'game = "evolve"\n[main]\n' + "".join(f'"{n}" = 3\n' for n in ("BP01-015", "BP04-010", "BP05-109")),
        encoding="utf-8",
    )
    code, output = invoke("hand", deck, "--seed", "1")
    assert code == 0 and "leader: none, dealt without one, as it changes no draw" in output
    code, output = invoke("stats", deck, "--want", "cost<=2")
    assert code == 0 and f"note: {deck} has no leader card" in output


COMMENTED_DECK = """# my deck
game = "evolve"
basis = "class"  # elves
[leader]
"BP01-LD01" = 1
[main]
# the engine
"BP01-015" = 3  # keep 3
"BP04-010" = 3
"不思議な青空・アリス" = 2
"""


def test_convert_keeps_toml_comments_in_toml_and_text_and_names_each_number(tmp_path, isolated_carddb):
    deck = tmp_path / "d.deck.toml"
    deck.write_text(COMMENTED_DECK, encoding="utf-8")
    code, toml = invoke("convert", deck, "--to", "toml")
    assert code == 0 and "dropped" not in toml
    lines = toml.splitlines()
    assert lines[0] == "# my deck" and 'basis = "class"  # elves' in lines
    assert "# the engine" in lines and "BP01-015 = 3  # keep 3" in lines  # the user's comment is kept
    assert "BP01-LD01 = 1  # アリサ" in lines and "BP04-010 = 3  # 小さな勇士・スクナ" in lines  # names added
    assert '"不思議な青空・アリス" = 2' in lines  # a name needs no comment
    text_file = tmp_path / "d.txt"
    assert invoke("convert", deck, "--to", "text", "--out-file", text_file)[0] == 0
    text = text_file.read_text(encoding="utf-8").splitlines()
    assert text[0] == "# my deck" and "3 BP01-015  # keep 3" in text and "3 BP04-010  # 小さな勇士・スクナ" in text
    code, back = invoke("convert", text_file, "--to", "toml")  # text to TOML keeps them too
    assert code == 0 and "BP01-015 = 3  # keep 3" in back.splitlines() and "# the engine" in back.splitlines()
    code, output = invoke("convert", deck, "--to", "json")
    assert code == 0 and "deckcheck: dropped: 4 comments (JSON has no comments)" in output


# Writing safely (issue 26) ------------------------------------------------------------------------------------------


def test_a_dangling_link_at_the_output_is_an_existing_file(tmp_path):
    """In a sticky shared folder another user's dangling link once let convert create the file that user chose."""
    source = tmp_path / "d.txt"
    source.write_text(LEGAL_VANGUARD_TEXT, encoding="utf-8")
    link = tmp_path / "out.toml"
    link.symlink_to(tmp_path / "chosen-by-someone-else.toml")
    code, output = invoke("convert", source, "--to", "toml", "--out-file", link)
    assert code == 2 and f"{link}: already exists; use --force to overwrite it" in output, output
    assert link.is_symlink() and not (tmp_path / "chosen-by-someone-else.toml").exists()
    assert invoke("convert", source, "--to", "toml", "--out-file", link, "--force")[0] == 0  # said: written through
    assert (tmp_path / "chosen-by-someone-else.toml").exists()


def test_a_file_made_while_converting_is_not_replaced_without_force(tmp_path, monkeypatch):
    from deckcheck.commands import convert

    source = tmp_path / "d.txt"
    source.write_text(LEGAL_VANGUARD_TEXT, encoding="utf-8")
    out = tmp_path / "out.toml"
    real = convert.read_any

    def read_any_then_another_command_writes(*args, **kwargs):
        result = real(*args, **kwargs)
        out.write_bytes(b"precious")
        return result

    monkeypatch.setattr(convert, "read_any", read_any_then_another_command_writes)
    code, output = invoke("convert", source, "--to", "toml", "--out-file", out)
    assert code == 2 and "already exists; nothing written" in output, output
    assert out.read_bytes() == b"precious"


def test_converting_a_deck_in_place_takes_the_edit_lock(tmp_path, monkeypatch):
    """`convert DECK --out-file DECK --force` read the deck, then renamed over it: an `add` between was lost."""
    import fcntl

    deck = tmp_path / "d.deck.toml"
    deck.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    monkeypatch.setenv("DECKCHECK_LOCK_TIMEOUT", "0.3")
    held = os.open(deck, os.O_RDONLY)  # an `add` in the middle of its edit
    fcntl.flock(held, fcntl.LOCK_EX)
    try:
        code, output = invoke("convert", deck, "--to", "toml", "--out-file", deck, "--force")
        assert code == 2 and "another deckcheck command is changing this file" in output, output
    finally:
        os.close(held)
    assert deck.read_text(encoding="utf-8") == LEGAL_VANGUARD_TOML
    assert invoke("convert", deck, "--to", "toml", "--out-file", deck, "--force")[0] == 0


def test_the_output_on_a_pipe_descriptor_is_written_into_it(tmp_path):
    source = tmp_path / "d.txt"
    source.write_text(LEGAL_VANGUARD_TEXT, encoding="utf-8")
    reading, writing = os.pipe()
    try:
        code, output = invoke("convert", source, "--to", "toml", "--out-file", f"/dev/fd/{writing}", "--force")
        os.close(writing)
        writing = -1
        written = os.read(reading, 1 << 16).decode("utf-8")
    finally:
        os.close(reading)
        if writing >= 0:
            os.close(writing)
    assert code == 0, output
    assert tomllib.loads(written)["main"]["T-100"] == 4


@pytest.mark.parametrize("to", ["toml", "json", "text", "markdown"])
def test_a_lone_surrogate_in_a_json_deck_is_refused_naming_the_field(tmp_path, isolated_carddb, to):
    """`"name": "n\\udc80"` passes check, but no UTF-8 file holds it: convert crashed on it."""
    source = tmp_path / "s.json"
    source.write_text('{"game": "vanguard", "name": "n\\udc80", "main": {"T-100": 1}}', encoding="utf-8")
    out = tmp_path / f"out.{to}"
    code, output = invoke("convert", source, "--to", to, "--out-file", out)
    assert code == 2, output
    assert f"{source}, field 'name': holds '\\udc80', a lone surrogate escape" in output and "nothing written" in output
    assert not out.exists()


def test_a_lone_surrogate_in_a_card_key_is_named_with_its_section(tmp_path):
    source = tmp_path / "s.json"
    source.write_text('{"game": "vanguard", "main": {"T-100\\ud800": 1}}', encoding="utf-8")
    code, output = invoke("convert", source, "--to", "toml")
    assert code == 2 and "field 'main.T-100\\ud800': holds '\\ud800'" in output, output


@pytest.mark.parametrize(
    ("items", "field", "said"),
    [
        ([{"card_number": "T-100", "num": 10**23}], "list[0].num", "num 100000000000000000000000 has more than"),
        (
            [{"card_number": "T-100", "num": "999999999999999999"}] * 2,
            "list[1].num",
            "the nums of 'T-100' add up to 1999999999999999998,",
        ),
        ([{"card_number": "T-100", "num": 10**18 - 1}], None, None),  # 18 digits: a count
    ],
)
def test_a_registry_count_of_more_than_18_digits_is_refused(tmp_path, items, field, said):
    source = tmp_path / "r.json"
    source.write_text(json.dumps({"list": items}), encoding="utf-8")
    out = tmp_path / "out.toml"
    code, output = invoke("convert", source, "--game", "vanguard", "--to", "toml", "--out-file", out)
    if field is None:
        assert code == 0, output
        assert tomllib.loads(out.read_text(encoding="utf-8"))["main"]["T-100"] == 10**18 - 1
        return
    assert code == 2 and f"field '{field}': {said}" in output and "18 digits a count may have" in output, output
    assert not out.exists()


@pytest.mark.parametrize("to", ["toml", "json", "text"])
def test_deck_counts_that_sum_or_stand_past_18_digits_are_refused(tmp_path, to):
    lines = tmp_path / "t.txt"
    lines.write_text("game: vanguard\n## main\n999999999999999999 T-100\n1 T-100\n", encoding="utf-8")
    code, output = invoke("convert", lines, "--to", to)
    assert code == 2 and f"{lines}:4: section [main] lists 'T-100' on several lines whose counts add up to" in output
    big = tmp_path / "big.json"
    big.write_text('{"game": "vanguard", "main": {"T-100": 100000000000000000000000}}', encoding="utf-8")
    code, output = invoke("convert", big, "--to", to)
    assert code == 2 and "the count 100000000000000000000000 has more than the 18 digits" in output, output


def test_a_deck_in_japanese_names_keeps_them_and_a_name_after_a_number_becomes_its_comment(tmp_path, isolated_carddb):
    source = tmp_path / "ja.txt"
    source.write_text("game: cipher\n4 救国の英雄 マルス\n4 B01-005 心癒やす翼 シーダ\n4 B01-006\n", encoding="utf-8")
    code, out = invoke("convert", source, "--to", "toml")
    assert code == 0, out
    assert '"救国の英雄 マルス" = 4\n' in out  # the key as the user wrote it, no English comment beside it
    assert "B01-005 = 4  # 心癒やす翼 シーダ\n" in out and "B01-006 = 4  # Talys's Heart Caeda\n" in out
    code, out = invoke("convert", source, "--to", "json")
    assert json.loads(out)["main"] == {"救国の英雄 マルス": 4, "B01-005": 4, "B01-006": 4}


def test_comments_stay_in_place_when_the_headings_are_the_games_words(tmp_path, isolated_carddb):
    """Issue 40: a shop-event note above `## メインデッキ(50)` stays above it (and every other comment in its place),
    in TOML and in text, whose headings stay as written."""
    source = tmp_path / "ja.txt"
    written = (
        "game: cipher\n# 店舗大会のメモ\n## メインデッキ（８枚）\n4 B01-005 心癒やす翼 シーダ  # 主力\n"
        "# 後で見直す\n4 B01-006\n# おわり\n"
    )
    source.write_text(written, encoding="utf-8")
    code, toml = invoke("convert", source, "--to", "toml")
    assert code == 0, toml
    assert (
        "# 店舗大会のメモ\n[main]\nB01-005 = 4  # 主力\n# 後で見直す\nB01-006 = 4  # Talys's Heart Caeda\n# おわり\n"
        in toml
    )
    code, text = invoke("convert", source, "--to", "text")
    assert code == 0, text
    assert text == (
        "game: cipher\n\n# 店舗大会のメモ\n## メインデッキ（８枚）\n4 B01-005 心癒やす翼 シーダ  # 主力\n# 後で見直す\n"
        "4 B01-006  # Talys's Heart Caeda\n# おわり\n"
    )


# -- in Japanese (issue 29) -------------------------------------------------------------------------------------------

SHIPPED = Path(__file__).resolve().parents[2] / "decks"


def test_convert_speaks_japanese_and_writes_the_same_deck(run_cli, monkeypatch, isolated_carddb):
    source = SHIPPED / "cipher" / "chrom-shepherds.txt"
    english = run_cli("convert", source, "--to", "toml")
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    assert run_cli("convert", source, "--to", "toml") == english  # a deck file is the same in every language
    code, out, err = run_cli("convert", source, "--to", "json", "--out-file", "x.json")
    assert code == 0 and out == "x.json を書き込みました（json）。\n"
    assert err == "deckcheck: 2行のコメントを捨てました（JSON にはコメントがありません）\n"
    code, out, err = run_cli("convert", source, "--to", "json", "--out-file", "x.json")
    assert code == 2 and err == "deckcheck: x.json: すでに存在します。上書きするには --force を指定してください\n"
    code, out, err = run_cli("convert", source, "--to", "toml", "--player", "me", "--event", "e")
    assert code == 2
    assert "--player と --event は提出用リスト（--to markdown か html）にだけ使えます（toml には使えません）" in err


def test_convert_s_registry_notes_in_japanese(run_cli, monkeypatch, isolated_carddb):
    registry = isolated_carddb / "reg.json"
    registry.write_text('{"list": [{"card_number": "BP01-001", "num": 3}]}', encoding="utf-8")
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    code, out, err = run_cli("convert", registry, "--to", "toml")
    assert code == 2 and "ゲームが書かれていません。--game を指定してください" in err
    code, out, err = run_cli("convert", registry, "--to", "toml", "-g", "evolve")
    assert code == 0 and 'game = "evolve"' in out
    assert err.startswith("deckcheck: 注記：エクスポートの p_list が空なので、デッキに [leader] のカードがありません")
    assert "`deckcheck add DECK NUMBER --section leader` で追加してください。" in err


def test_a_printed_list_of_an_illegal_deck_warns_in_japanese(run_cli, monkeypatch, isolated_carddb, tmp_path):
    deck = tmp_path / "short.txt"
    deck.write_text("game: vanguard\n## main\n4 G-TD02/014\n", encoding="utf-8")
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    code, out, err = run_cli("convert", deck, "--to", "markdown")
    assert code == 0 and out
    assert "deckcheck: 警告：デッキは構築条件を満たしていません（エラー" in err
    assert "vanguard.main-size" in err and "提出用リストにはすべての問題に印をつけています" in err


_EVOLVE_DECK = next(path for path in EXAMPLES if path.parent.name == "evolve")


@pytest.mark.parametrize(
    "judging",
    [
        ["--format", "crossover"],  # a leader too few: not legal
        ["--rules", "1.7.0"],
        ["--format", "sealed", "--rules", "1.24.1"],  # a note on the missing pool
        ["--as-of", "2024-01-01"],  # the rules version of that day
        ["--no-regulation"],
        ["--regulation", "Nope"],  # selects nothing: exit 2, as show says
    ],
)
def test_a_printed_list_takes_every_judging_option_show_takes(run_cli, judging):
    """convert --to markdown/html carries a verdict: it is judged as `show` judges the deck, by the same options."""
    code, shown, show_err = run_cli("show", _EVOLVE_DECK, "-o", "json", *judging)
    printed = run_cli("convert", _EVOLVE_DECK, "--to", "markdown", *judging)
    assert printed[0] == code
    if code:
        assert printed[2] == show_err
        return
    verdict = json.loads(shown)
    errors = list(dict.fromkeys(v["rule"] for v in verdict["violations"] if v["severity"] == "error"))
    assert ("the deck is not legal" in printed[2]) is bool(errors)
    assert all(rule in printed[1] and rule in printed[2] for rule in errors)
    assert all(f"note: {note}" in printed[2] for note in verdict["notes"])  # each note said once, as show says it
    assert printed[2].count("note: ") == len(verdict["notes"])


def test_the_judging_options_of_a_printed_list_are_refused_for_a_deck_format(run_cli):
    code, _, err = run_cli("convert", _EVOLVE_DECK, "--to", "toml", "--rules", "1.7.0", "--format", "crossover")
    assert code == 2
    assert err == "deckcheck: --rules and --format apply to a printed list (--to markdown or html), not toml\n"
