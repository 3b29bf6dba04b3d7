"""Finding decks in folders (deckcheck.checking): which files, each once, paths as given, and every path that cannot
be walked reported for that path while the rest is checked (issues 13 and 14 item 8)."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from conftest import LEGAL_VANGUARD_TEXT, LEGAL_VANGUARD_TOML
from hostile import within
from typer.testing import CliRunner

from deckcheck.checking.discover import find_deck_files
from deckcheck.checking.run import check_paths
from deckcheck.cli.app import app


@pytest.fixture
def tree(vanguard_carddb, monkeypatch):
    """decks/ with a TOML, a text and a JSON deck (one in a subfolder), and files that are not decks."""
    monkeypatch.setenv("DECKCHECK_CARDDB", str(vanguard_carddb))
    root = Path.cwd() / "decks"
    (root / "sub").mkdir(parents=True)
    (root / "a.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    (root / "b.txt").write_text(LEGAL_VANGUARD_TEXT, encoding="utf-8")
    deck_json = {"game": "vanguard", "main": {"T-000": 1}}
    (root / "sub" / "c.json").write_text(json.dumps(deck_json), encoding="utf-8")
    (root / "sub" / "d.deck.json").write_text(json.dumps(deck_json), encoding="utf-8")
    (root / "package.json").write_text('{"name": "not a deck"}', encoding="utf-8")
    (root / "notes.txt").write_text("no game line\n", encoding="utf-8")
    return root


def check_json(*args: object) -> tuple[int, dict, str]:
    result = CliRunner().invoke(app, ["check", *map(str, args), "--output", "json"])
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result.exit_code, json.loads(result.stdout), result.stderr


def test_json_decks_are_found_in_folders(tree):
    files, errors = find_deck_files(["decks"])
    assert errors == []
    assert files == ["decks/a.deck.toml", "decks/b.txt", "decks/sub/c.json", "decks/sub/d.deck.json"]


def test_each_deck_once_however_it_is_reached(tree):
    (tree / "link.deck.toml").symlink_to(tree / "a.deck.toml")
    files, errors = find_deck_files(["decks/a.deck.toml", "decks", "decks/sub", "./decks/a.deck.toml"])
    assert errors == []
    assert files == ["decks/a.deck.toml", "decks/b.txt", "decks/sub/c.json", "decks/sub/d.deck.json"]


def test_paths_are_printed_as_given(tree):
    code, data, _ = check_json("./decks/a.deck.toml", "./decks/sub")
    assert [deck["path"] for deck in data["decks"]] == [
        "./decks/a.deck.toml",
        "./decks/sub/c.json",
        "./decks/sub/d.deck.json",
    ]
    result = CliRunner().invoke(app, ["check", "./decks/a.deck.toml"])
    assert result.stdout.startswith("./decks/a.deck.toml  vanguard")
    assert result.stdout.rstrip().endswith("1 deck checked, 1 legal")


def test_a_symlink_loop_is_reported_and_the_rest_checked(tree):
    (tree / "sub" / "back").symlink_to(tree)  # decks/sub/back -> decks: a loop
    (tree / "self.deck.toml").symlink_to(tree / "self.deck.toml")  # a link to itself
    code, data, err = check_json("decks")
    assert code == 2 and len(data["decks"]) == 4
    problems = {error["path"]: error["message"] for error in data["errors"]}
    assert "symbolic link loop" in problems["decks/sub/back"]
    assert "symbolic link loop" in problems["decks/self.deck.toml"]
    assert "decks/sub/back" in err


def test_an_unreadable_folder_and_file_are_each_reported(tree, monkeypatch):
    # Simulated (root can read anything): the listing of one folder and the bytes of one deck are refused.
    (tree / "locked").mkdir()
    (tree / "locked" / "x.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    (tree / "secret.txt").write_text(LEGAL_VANGUARD_TEXT, encoding="utf-8")
    _refuse_reading(monkeypatch, folder="locked", file="secret.txt")
    code, data, _ = check_json("decks")
    assert code == 2 and len(data["decks"]) == 4  # the rest is checked
    problems = {error["path"]: error["message"] for error in data["errors"]}
    assert "folder cannot be read (Permission denied)" in problems["decks/locked"]
    assert "cannot be read (Permission denied)" in problems["decks/secret.txt"]  # not skipped silently


def test_a_broken_link_and_a_fifo_given_are_errors_not_hangs(tree):
    os.mkfifo("fifo.deck.toml")
    Path("dangling.deck.toml").symlink_to("nowhere.deck.toml")
    code, data, _ = check_json("fifo.deck.toml", "dangling.deck.toml", "decks/a.deck.toml")
    assert code == 2 and [deck["path"] for deck in data["decks"]] == ["decks/a.deck.toml"]
    problems = {error["path"]: error["message"] for error in data["errors"]}
    assert "is not a regular file" in problems["fifo.deck.toml"]
    assert "broken link" in problems["dangling.deck.toml"]


def test_a_bug_on_one_file_is_reported_for_that_file(tree, monkeypatch):
    from deckcheck.formats import read

    real = read.parse_text

    def explode(path, text, *more):
        if path.endswith("b.txt"):
            raise RecursionError("maximum recursion depth exceeded")
        return real(path, text, *more)

    monkeypatch.setattr(read, "parse_text", explode)
    run = check_paths(["decks"], jobs=1)
    assert [report.path for report in run.reports] == ["decks/a.deck.toml", "decks/sub/c.json", "decks/sub/d.deck.json"]
    (error,) = run.errors
    assert error.path == "decks/b.txt" and "internal error (RecursionError" in str(error)


@pytest.mark.parametrize(
    ("environment", "tty", "coloured"),
    [
        ({}, True, True),
        ({}, False, False),
        ({"NO_COLOR": "1"}, True, False),
        ({"NO_COLOR": ""}, True, True),  # an empty NO_COLOR does not count (no-color.org)
        ({"FORCE_COLOR": "1"}, False, True),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, False),
        ({"TERM": "dumb"}, True, False),
        ({"TERM": "dumb", "FORCE_COLOR": "1"}, True, True),
    ],
)
def test_colour_conventions(monkeypatch, environment, tty, coloured):
    from deckcheck.cli import output

    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(output.sys.stdout, "isatty", lambda: tty)
    assert output.use_colour() is coloured


def test_forced_colour_reaches_a_pipe(tree, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    result = CliRunner().invoke(app, ["check", "decks/a.deck.toml"])
    assert "\x1b[" in result.stdout
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in CliRunner().invoke(app, ["check", "decks/a.deck.toml"]).stdout


def test_each_violation_stands_on_its_entry_its_header_or_no_line(tree):
    Path("odd.deck.toml").write_text('game = "vanguard"\n\n[foo]  # not a section\n"T-000" = 1\n', encoding="utf-8")
    text = LEGAL_VANGUARD_TEXT.replace("name: Test deck", "first_vanguard: NOPE").replace("4 T-004", "5 T-004")
    Path("odd.txt").write_text(text, encoding="utf-8")
    _, data, _ = check_json("odd.deck.toml", "odd.txt")
    toml, txt = ({v["rule"]: v["line"] for v in deck["violations"]} for deck in data["decks"])
    assert toml["deck.unknown-section"] == 3  # its header
    assert toml["vanguard.main-size"] is None  # no [main] at all
    assert txt["deck.unknown-card"] == 2  # the first_vanguard header line
    assert txt["vanguard.copies"] == text.split("\n").index("5 T-004") + 1
    # a text decklist's cards before any header belong to `main`, which then has no header: its first entry stands
    Path("headless.txt").write_text("game: vanguard\n# no header\n1 T-000\n4 T-001\n", encoding="utf-8")
    _, data, _ = check_json("headless.txt")
    lines = {v["rule"]: v["line"] for v in data["decks"][0]["violations"]}
    assert lines["vanguard.main-size"] == 3


def test_a_finding_about_a_deck_key_stands_on_the_key(tmp_path, isolated_carddb):
    # evolve.basis names no section; with no misfit card it points at the `basis` key (TOML and JSON alike)
    real = Path(__file__).resolve().parents[2] / "decks" / "evolve" / "2026-03-21-rune-XEB3.deck.toml"
    text = real.read_text(encoding="utf-8")
    for value in ("xyz", "title"):  # not a basis; a basis the leader (no title) cannot set
        Path("ev.deck.toml").write_text(text.replace('basis = "class"', f'basis = "{value}"'), encoding="utf-8")
        _, data, _ = check_json("ev.deck.toml")
        (violation,) = data["decks"][0]["violations"]
        assert violation["rule"] == "evolve.basis"
        assert violation["line"] == text.split("\n").index('basis = "class"') + 1
    CliRunner().invoke(app, ["convert", "ev.deck.toml", "--to", "json", "--out-file", "ev.json"])
    json_text = Path("ev.json").read_text(encoding="utf-8")
    _, data, _ = check_json("ev.json")
    (violation,) = data["decks"][0]["violations"]
    assert json_text.split("\n")[violation["line"] - 1].strip().startswith('"basis"')


def test_a_deck_regulation_key_naming_no_regulation_is_reported_on_its_line(tree):
    toml = LEGAL_VANGUARD_TOML.replace('name = "Test deck"\n', 'name = "Test deck"\n\nregulation = "Nope"\n')
    Path("reg.deck.toml").write_text(toml, encoding="utf-8")
    Path("reg.txt").write_text(LEGAL_VANGUARD_TEXT + "regulation: Nope\n", encoding="utf-8")
    code, data, _ = check_json("reg.deck.toml", "reg.txt")
    assert code == 2
    lines = {error["path"]: (error["field"], error["line"]) for error in data["errors"]}
    assert lines["reg.deck.toml"] == ("regulation", toml.split("\n").index('regulation = "Nope"') + 1)
    assert lines["reg.txt"] == ("regulation", len(LEGAL_VANGUARD_TEXT.split("\n")))
    github = CliRunner().invoke(app, ["check", "reg.deck.toml", "--output", "github"]).stdout
    assert github.startswith(f"::error file=reg.deck.toml,line={lines['reg.deck.toml'][1]},title=deckcheck::")


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif", "junit"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_path_that_cannot_be_walked_is_reported_in_every_format(tree, monkeypatch, fmt, jobs):
    # issue 14 item 8: a link loop, an unreadable folder, an unreadable deck and a FIFO named as a deck are each
    # reported for their path, in every format and with workers too; the readable decks are all checked. Reading is
    # refused by a stand-in (root can read anything); the FIFO is real and must not block the walk.
    (tree / "sub" / "back").symlink_to(tree)
    (tree / "locked").mkdir()
    (tree / "locked" / "x.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    (tree / "secret.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    os.mkfifo(tree / "sub" / "pipe.deck.toml")
    _refuse_reading(monkeypatch, folder="locked", file="secret.deck.toml")
    monkeypatch.setenv("DECKCHECK_JOBS", jobs)
    unwalkable = {
        "decks/sub/back": "symbolic link loop",
        "decks/locked": "folder cannot be read (Permission denied)",
        "decks/secret.deck.toml": "cannot be read (Permission denied)",
        "decks/sub/pipe.deck.toml": "is not a regular file",
    }
    readable = ["decks/a.deck.toml", "decks/b.txt", "decks/sub/c.json", "decks/sub/d.deck.json"]
    result = CliRunner().invoke(app, ["check", "decks", "--output", fmt])
    assert result.exit_code == 2 and "internal error" not in result.output
    for path, reason in unwalkable.items():
        assert f"deckcheck: {path}: " in result.stderr and reason in result.stderr
    out = result.stdout
    if fmt == "json":
        data = json.loads(out)
        assert [deck["path"] for deck in data["decks"]] == readable
        assert {error["path"] for error in data["errors"]} == set(unwalkable)
    elif fmt in ("text", "junit"):
        assert all(path in out for path in readable)
        assert fmt == "text" or all(path in out for path in unwalkable)
    elif fmt == "github":
        assert all(f"file={path}," in out or f"file={path}::" in out for path in unwalkable)
    else:
        uris = {
            place["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(out)["runs"][0]["results"]
            if r["ruleId"] == "deckcheck.unreadable"
            for place in r["locations"]
        }
        assert uris == set(unwalkable)


def _refuse_reading(monkeypatch, *, folder: str, file: str) -> None:
    """Make listing `folder` and reading `file` fail as for a user without the permission (root reads anything)."""
    from deckcheck._util import files

    real_scandir, real_read = os.scandir, files.read_input

    def scandir(path):
        if str(path).endswith(folder):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)

    def read_input(path, *args, **options):
        if Path(path).name == file:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_read(path, *args, **options)

    monkeypatch.setattr("deckcheck.checking.discover.os.scandir", scandir)
    monkeypatch.setattr(files, "read_input", read_input)  # how every deck file is read


def test_messages_count_and_name_in_good_english(tmp_path, isolated_carddb):
    """'1 card', not '1 cards'; 'an IC Carddass Dragon Ball deck section', not 'a IC ...'."""
    vanguard = tmp_path / "one.txt"
    vanguard.write_text("game: vanguard\n1 BT01/002\n", encoding="utf-8")  # ブラスター・ブレード
    dragonball = tmp_path / "sections.txt"
    dragonball.write_text("game: ic-dragonball\n## sideboard\n1 DC-DB-013\n", encoding="utf-8")
    run = check_paths([vanguard, dragonball])
    messages = [violation.message for report in run.reports for violation in report.violations]
    assert any(message.startswith("The main deck has 1 card;") for message in messages)
    assert any("is not an IC Carddass Dragon Ball deck section" in message for message in messages)
    assert not any(" 1 cards" in message or " a IC " in message for message in messages)


# Every file `check FILE` reads is found in its folder, whatever its encoding (issue 25 item 1) -----------------

ILLEGAL_VANGUARD_TEXT = LEGAL_VANGUARD_TEXT.replace("4 T-002\n", "4 T-002\n4 T-002\n")  # 8 copies: too many
ILLEGAL_TOML = LEGAL_VANGUARD_TOML.replace('"T-002" = 4', '"T-002" = 8')


@pytest.mark.parametrize(
    ("name", "encode"),
    [
        ("sjis.txt", lambda text: text.encode("cp932")),
        ("utf16.txt", lambda text: text.encode("utf-16")),  # with its BOM, as Windows Notepad saves "Unicode"
        ("utf16be.txt", lambda text: "\ufeff".encode("utf-16-be") + text.encode("utf-16-be")),
        ("crlf-bom.txt", lambda text: text.replace("\n", "\r\n").encode("utf-8-sig")),
        ("upper.txt", lambda text: text.replace("game:", "Game:").encode("utf-8")),
        ("fullwidth.txt", lambda text: text.replace("game:", "game：").encode("utf-8")),
        ("sjis-fullwidth.txt", lambda text: text.replace("game:", "GAME：").encode("cp932")),
        ("sjis.toml", lambda text: ILLEGAL_TOML.replace("Test deck", "テスト").encode("cp932")),
    ],
)
def test_a_deck_check_file_reads_is_found_in_its_folder(tree, name, encode):
    text = ILLEGAL_VANGUARD_TEXT.replace("name: Test deck", "name: テストデッキ")
    (tree / "sub" / name).write_bytes(encode(text))
    files, errors = find_deck_files([tree])
    assert f"{tree}/sub/{name}" in files and not errors
    code, data, _ = check_json(tree / "sub" / name)  # as a file: the same verdict as in its folder
    code_in_folder, in_folder, _ = check_json(tree)
    (alone,) = data["decks"]
    (found,) = [deck for deck in in_folder["decks"] if deck["path"].endswith(name)]
    assert found["violations"] == alone["violations"] and found["legal"] is False
    assert code == code_in_folder == 1  # CI fails: never a false green


def test_a_file_that_looks_like_a_deck_but_cannot_be_read_is_reported_for_its_path(tree):
    # the game line is readable, another line is in no encoding deckcheck reads
    (tree / "broken.txt").write_bytes(b"game: vanguard\n4 T-000\n\x81\x20\x81\n")
    # the game line itself is unreadable, but the bytes say `game:`
    (tree / "garbled.txt").write_bytes(b"\x81\x20 game: vanguard \x81\n\x82\x20\n")
    (tree / "binary.txt").write_bytes(b"\x00\x01\x02\x03 no deck here")  # not a deck: still skipped
    code, data, _ = check_json(tree)
    assert code == 2
    by_path = {error["path"]: error for error in data["errors"]}
    assert set(by_path) == {f"{tree}/broken.txt", f"{tree}/garbled.txt"}
    assert by_path[f"{tree}/broken.txt"]["line"] == 3
    assert "not UTF-8, UTF-16 or Shift_JIS text" in by_path[f"{tree}/broken.txt"]["message"]
    assert "not UTF-8, UTF-16 or Shift_JIS text" in by_path[f"{tree}/garbled.txt"]["message"]
    assert "byte" not in json.dumps(data["errors"]) and "binary" not in json.dumps(data["errors"])


def test_folder_search_stays_fast_on_plain_utf8_decks(tree):
    """The common case costs one UTF-8 decode: a file that is UTF-8 is never tried in another encoding."""
    from deckcheck._util import files as util_files

    decoded = util_files.decode_text(LEGAL_VANGUARD_TEXT.encode("utf-8"))
    assert decoded.encoding == "utf-8" and decoded.bad_lines == ()


# Links between folders and deep trees: each real folder walked once, no recursion (issue 26 items 4 and 5) -------


def counting_scandir(monkeypatch) -> list[str]:
    """The folders the walk lists, in order (each listing is one visit)."""
    listed: list[str] = []
    real_scandir = os.scandir

    def scandir(path):
        listed.append(os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr("deckcheck.checking.discover.os.scandir", scandir)
    return listed


def test_a_maze_of_links_is_walked_once_per_real_folder(tree, monkeypatch):
    # decks/maze/d0 ... d12, each holding two links to the next: 2**12 paths lead to d12, one real folder does
    maze = tree / "maze"
    for level in range(13):
        (maze / f"d{level}").mkdir(parents=True)
    for level in range(12):
        for name in ("a", "b"):
            (maze / f"d{level}" / name).symlink_to(f"../d{level + 1}")
    (maze / "d12" / "deep.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    listed = counting_scandir(monkeypatch)
    with within(20):
        files, errors = find_deck_files(["decks"])
    assert errors == []
    assert files == [
        "decks/a.deck.toml",
        "decks/b.txt",
        "decks/maze/d12/deep.deck.toml",  # at its own path, not through a link
        "decks/sub/c.json",
        "decks/sub/d.deck.json",
    ]
    assert len(listed) == len(set(map(os.path.realpath, listed))) == 3 + 13  # decks, sub, maze and d0 ... d12


def test_a_link_inside_the_folder_is_followed_once_to_what_the_walk_does_not_reach(tree):
    (tree / ".archive").mkdir()  # a hidden folder is not searched, but a link to it is followed
    (tree / ".archive" / "old.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    (tree / "archive").symlink_to(".archive")
    (tree / "again").symlink_to("sub")  # sub is walked as itself: its decks are shown once, at their own paths
    notes: list[str] = []
    files, errors = find_deck_files(["decks"], notes=notes)
    assert errors == [] and notes == []
    assert files == [
        "decks/a.deck.toml",
        "decks/archive/old.deck.toml",
        "decks/b.txt",
        "decks/sub/c.json",
        "decks/sub/d.deck.json",
    ]


def test_a_link_to_the_root_folder_is_a_loop_said_at_once(tree, monkeypatch):
    (tree / "sub" / "everything").symlink_to("/")
    listed = counting_scandir(monkeypatch)
    with within(10):
        code, data, _ = check_json("decks")
    assert code == 2 and len(data["decks"]) == 4
    problems = {error["path"]: error["message"] for error in data["errors"]}
    reason = "is a symbolic link loop (it leads back to a folder above it); not followed"
    assert problems == {"decks/sub/everything": f"decks/sub/everything: {reason}"}
    walked = [path for path in listed if path.startswith(("decks", "/"))]  # (the card databases are listed too)
    assert walked[:2] == ["decks", "decks/sub"] and "/" not in walked  # not a folder of the machine besides
    assert not any(path.startswith("decks/sub/everything") for path in walked)


def test_a_link_to_a_folder_outside_is_not_followed_and_said_in_a_note(tree, tmp_path, monkeypatch):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "x.deck.toml").write_text(LEGAL_VANGUARD_TOML.replace('"T-002" = 4', '"T-002" = 8'), encoding="utf-8")
    (tree / "shared").symlink_to(outside)
    listed = counting_scandir(monkeypatch)
    code, data, err = check_json("decks")
    # the decks of the folder given (c and d are illegal) and no error; not the deck outside
    assert code == 1 and "errors" not in data
    assert [deck["path"] for deck in data["decks"]] == [
        "decks/a.deck.toml",
        "decks/b.txt",
        "decks/sub/c.json",
        "decks/sub/d.deck.json",
    ]
    assert f"deckcheck: note: decks/shared: a link to a folder outside decks ({outside}); not followed" in err
    assert "give that folder on the command line" in err
    assert str(outside) not in listed
    code, data, _ = check_json("decks", "decks/shared")  # given, it is checked
    assert code == 1 and data["decks"][-1]["path"] == "decks/shared/x.deck.toml"


def nested(top: Path, levels: int) -> Path:
    """`top`/d/d/.../d, `levels` folders below `top` (made one level at a time: os.makedirs recurses)."""
    folder = top
    for _ in range(levels):
        folder = folder / "d"
        folder.mkdir()
    return folder


def test_a_folder_deeper_than_the_search_goes_is_reported_and_the_rest_checked(tree):
    from deckcheck.checking.discover import MAX_DEPTH

    (nested(tree, MAX_DEPTH) / "deepest.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    (nested(tree / "sub", MAX_DEPTH) / "too-deep.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    files, errors = find_deck_files(["decks"])
    deepest = "decks/" + "d/" * MAX_DEPTH + "deepest.deck.toml"  # MAX_DEPTH folders down: found
    assert deepest in files and len(files) == 5
    (error,) = errors
    assert error.path == "decks/sub/" + "/".join(["d"] * MAX_DEPTH)  # the folder MAX_DEPTH + 1 down: not entered
    assert error.reason.startswith(f"is more than {MAX_DEPTH} folders below decks, deeper than folder search goes")


def test_a_tree_a_thousand_levels_deep_is_no_internal_error_and_other_decks_are_reported(tree, deep_folders):
    deep_folders(tree / "sub", 1000)
    code, data, err = check_json("decks/sub", "decks/a.deck.toml")  # (check_json: no internal error)
    assert code == 2
    assert [deck["path"] for deck in data["decks"]] == [
        "decks/sub/c.json",
        "decks/sub/d.deck.json",
        "decks/a.deck.toml",
    ]
    (error,) = data["errors"]
    assert error["path"] == "decks/sub/" + "/".join(["d"] * 101)  # reported where the search stopped
    assert error["message"] == (
        f"{error['path']}: is more than 100 folders below decks/sub, deeper than folder search goes; its decks were "
        "not checked (give a folder nearer to them)"
    )
    assert error["path"] in err


# Japanese (issue 29) -----------------------------------------------------------------------------------------------


def test_paths_that_cannot_be_checked_in_japanese(tree, run_cli):
    empty = tree / "empty"
    empty.mkdir()
    (tree / "loop").symlink_to(tree / "loop")
    code, out, err = run_cli("--lang", "ja", "check", tree / "missing.toml", empty, tree / "loop", tree / "a.deck.toml")
    assert code == 2
    assert f"{tree / 'missing.toml'}: ファイルもフォルダもありません" in err
    assert f"{empty}: このフォルダの下にデッキが見つかりません（*.deck.toml、`game` キーのある *.toml" in err
    assert f"{tree / 'loop'}: シンボリックリンクがループしています" in err
    assert out.splitlines()[-1] == "1個のデッキをチェックしました。適正：1個、チェックできなかったファイル：3個"


def test_a_folder_deeper_than_search_goes_in_japanese(tmp_path, deep_folders, japanese):
    from deckcheck.checking.discover import MAX_DEPTH

    deep_folders(tmp_path, MAX_DEPTH + 2)
    _, errors = find_deck_files([tmp_path])
    assert any(f"{MAX_DEPTH}段より深いフォルダで、フォルダ検索の範囲外です" in str(error) for error in errors)


def test_the_notes_of_a_run_in_japanese(tree, run_cli, monkeypatch):
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-11-27")
    code, _, err = run_cli("--lang", "ja", "check", tree / "a.deck.toml", "--as-of", "1999-01-01")
    assert code == 0
    assert "--as-of 1999-01-01：vanguard のレギュレーションは施行されていませんでした" in err
    code, _, err = run_cli("--lang", "ja", "check", tree / "a.deck.toml", "--regulation", "Nope")
    assert (
        code == 2 and "--regulation 'Nope'：チェックしたどのゲームにも、その名前のレギュレーションはありません" in err
    )
    code, _, err = run_cli("--lang", "ja", "check", tree / "a.deck.toml", "--game", "evolve")
    assert (
        code == 2
        and "vanguard のデッキですが、--game は evolve を指定しています。--game なしでチェックしてください" in err
    )


def test_path_filter_globs():
    from deckcheck.checking.discover import PathFilter

    chosen = PathFilter(["/r/decks/**/keep-*", "*.deck.toml"], ["old", "/r/decks/draft/*"])
    assert chosen.excluded("/r/decks/old") and chosen.excluded("/r/x/old")
    assert chosen.excluded("/r/decks/draft/a.toml") and not chosen.excluded("/r/decks/draft/sub/a.toml")
    assert chosen.included("/r/decks/a/b/keep-1.toml", "/r") and chosen.included("/r/decks/keep-1.toml", "/r")
    assert chosen.included("/r/x/a.deck.toml", "/r") and not chosen.included("/r/x/a.toml", "/r")
    folder = PathFilter(["decks"])
    assert folder.included("/r/decks/v/a.toml", "/r") and not folder.included("/r/other/a.toml", "/r")
    assert not folder.included("/decks/r/a.toml", "/decks/r")  # a folder above the one searched does not count
    odd = PathFilter(["[", "a[!b]c", "[]]"])
    assert odd.included("/r/[", "/r") and odd.included("/r/axc", "/r") and not odd.included("/r/abc", "/r")
