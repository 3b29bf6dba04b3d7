"""The configuration file (issue 42): deckcheck.toml or pyproject.toml's [tool.deckcheck], found from the working
folder upwards; the command line wins over it, it wins over the defaults; every bad value is a message naming the
file, the line and the key (exit 2), never a traceback."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A deck repository (its root holds .git) with one legal Vanguard deck, the working folder its root."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "decks" / "vanguard").mkdir(parents=True)
    shutil.copy(DECK, root / "decks" / "vanguard" / DECK.name)
    monkeypatch.chdir(root)
    for variable in ("DECKCHECK_CONFIG", "DECKCHECK_LANG", "DECKCHECK_CARDDB", "DECKCHECK_TODAY"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    return root


def shown(run_cli, *args, flag: bool = True) -> dict:
    code, out, err = run_cli("check", "--show-config", *(["--output", "json"] if flag else []), *args)
    assert code == 0, err
    return json.loads(out)


def test_the_file_is_found_from_the_working_folder_upwards(repo, run_cli, monkeypatch):
    (repo / "deckcheck.toml").write_text('# the repository\'s settings\n\nfail-on = "warning"\n', encoding="utf-8")
    monkeypatch.chdir(repo / "decks" / "vanguard")
    document = shown(run_cli)
    assert document["config_file"] == str(repo / "deckcheck.toml")
    assert document["found_by"] == "search"
    assert document["settings"]["fail-on"] == {
        "value": "warning",
        "source": "file",
        "path": str(repo / "deckcheck.toml"),
        "line": 3,
    }


def test_a_pyproject_without_the_table_does_not_stop_the_search(repo, run_cli, monkeypatch):
    (repo / "deckcheck.toml").write_text('fail-on = "warning"\n', encoding="utf-8")
    (repo / "decks" / "pyproject.toml").write_text(
        '[project]\nname = "decks"\ndependencies = ["deckcheck"]\n', encoding="utf-8"
    )
    monkeypatch.chdir(repo / "decks" / "vanguard")
    assert shown(run_cli)["config_file"] == str(repo / "deckcheck.toml")


def test_a_pyproject_with_the_table_is_read_and_the_nearest_file_wins(repo, run_cli, monkeypatch):
    (repo / "deckcheck.toml").write_text('fail-on = "warning"\n', encoding="utf-8")
    (repo / "decks" / "pyproject.toml").write_text(
        '[project]\nname = "decks"\n\n[tool.deckcheck]\nas-of = 2026-06-01\n', encoding="utf-8"
    )
    monkeypatch.chdir(repo / "decks" / "vanguard")
    document = shown(run_cli)
    assert document["config_file"] == str(repo / "decks" / "pyproject.toml")
    assert document["settings"]["as-of"]["line"] == 5
    assert document["settings"]["fail-on"] == {"value": "error", "source": "default"}  # one file only


def test_deckcheck_toml_wins_over_pyproject_in_one_folder(repo, run_cli):
    (repo / "pyproject.toml").write_text('[tool.deckcheck]\nfail-on = "error"\n', encoding="utf-8")
    (repo / "deckcheck.toml").write_text('fail-on = "warning"\n', encoding="utf-8")
    assert shown(run_cli)["settings"]["fail-on"]["value"] == "warning"


def test_the_search_stops_at_the_repository_root(repo, run_cli, monkeypatch):
    (repo.parent / "deckcheck.toml").write_text('fail-on = "warning"\n', encoding="utf-8")
    document = shown(run_cli)
    assert document["config_file"] is None
    assert document["settings"]["fail-on"]["source"] == "default"


def test_the_file_s_values_judge_and_the_command_line_wins(repo, run_cli):
    (repo / "deckcheck.toml").write_text("as-of = 2026-06-01\n", encoding="utf-8")
    code, out, err = run_cli("check", "decks")
    assert code == 0, err
    assert "regulation Sample Standard 2026-04" in " ".join(out.split())  # the file's day chose the regulation
    code, out, err = run_cli("check", "decks", "--no-regulation")  # the command line's choice, and no conflict
    assert code == 0, err
    assert "regulation Sample" not in out
    document = shown(run_cli, "--as-of", "2026-05-01")
    assert document["settings"]["as-of"] == {"value": "2026-05-01", "source": "command-line"}


def test_the_command_line_s_no_regulation_sets_aside_the_file_s_day(repo, run_cli):
    (repo / "deckcheck.toml").write_text('regulation = "Sample Standard 2026-04"\n', encoding="utf-8")
    document = shown(run_cli, "--no-regulation")
    assert document["settings"]["regulation"]["source"] == "default"
    assert document["settings"]["no-regulation"] == {"value": True, "source": "command-line"}


@pytest.mark.parametrize(
    ("line", "key", "value"),
    [
        ("as-of = 2026-06-01", "as-of", "2026-06-01"),
        ('as-of = "2026-06-01"', "as-of", "2026-06-01"),
        ('regulation = "Sample Standard 2026-04"', "regulation", "Sample Standard 2026-04"),
        ("no-regulation = true", "no-regulation", True),
        ('rules = "2024"', "rules", "2024"),
        ('format = "standard"', "format", "standard"),
        ('fail-on = "warning"', "fail-on", "warning"),
        ('output = "json"', "output", "json"),  # (then --show-config prints JSON too)
        ('include = ["*.deck.toml"]', "include", ["*.deck.toml"]),
        ('exclude = ["old", "decks/draft-*"]', "exclude", ["old", "{repo}/decks/draft-*"]),
        ('carddb = ["cards", "/abs/cards"]', "carddb", ["{repo}/cards", "/abs/cards"]),
    ],
)
def test_each_key_takes_its_kind_of_value(repo, run_cli, line, key, value):
    (repo / "deckcheck.toml").write_text(f"# settings\n{line}\n", encoding="utf-8")
    expected = [item.format(repo=repo) for item in value] if isinstance(value, list) else value
    setting = shown(run_cli, flag=key != "output")["settings"][key]
    assert setting == {"value": expected, "source": "file", "path": str(repo / "deckcheck.toml"), "line": 2}


def test_carddb_folders_are_relative_to_the_file_s_folder(repo, run_cli, monkeypatch):
    (repo / "deckcheck.toml").write_text('carddb = ["my-cards"]\n', encoding="utf-8")
    monkeypatch.chdir(repo / "decks")
    code, _out, err = run_cli("check", "vanguard")
    assert code == 2
    assert str(repo / "my-cards") in err and "does not exist" in err
    (repo / "my-cards" / "vanguard").mkdir(parents=True)
    code, out, err = run_cli("check", "vanguard")
    assert code == 0, err
    assert "1 legal" in out


@pytest.mark.parametrize(
    ("line", "key", "expected"),
    [
        ("as-of = 20260601", "as-of", "expected a date (YYYY-MM-DD), not 20260601"),
        ('as-of = "2026-02-30"', "as-of", "expected a date (YYYY-MM-DD), not '2026-02-30'"),
        ("as-of = 2026-06-01T10:00:00", "as-of", "expected a date (YYYY-MM-DD), not 2026-06-01T10:00:00"),
        ("regulation = 3", "regulation", "expected a string, not 3"),
        ('rules = ""', "rules", "expected a string, not ''"),
        ('no-regulation = "yes"', "no-regulation", "expected true or false, not 'yes'"),
        ('fail-on = "fatal"', "fail-on", "expected one of error, warning, not 'fatal'"),
        ("fail-on = []", "fail-on", "expected one of error, warning, not a list"),
        ('output = "xml"', "output", "expected one of text, json, github, sarif, junit, not 'xml'"),
        ('carddb = "cards"', "carddb", "expected a list of folder paths (strings), not 'cards'"),
        ("carddb = [1]", "carddb", "expected a list of folder paths (strings), not a list"),
        ("include = {a = 1}", "include", "expected a list of glob patterns (strings), not a table"),
        ('lang = "fr"', "lang", "expected a language deckcheck speaks: en (English), ja (日本語), not 'fr'"),
    ],
)
def test_a_value_of_the_wrong_kind_names_the_file_line_and_key(repo, run_cli, line, key, expected):
    (repo / "deckcheck.toml").write_text(f"\n{line}\n", encoding="utf-8")
    code, out, err = run_cli("check", "decks")
    assert (code, out) == (2, "")
    assert err == f"deckcheck: deckcheck.toml:2, field '{key}': {expected}\n"


def test_an_unknown_key_is_an_error_with_its_line_and_a_suggestion(repo, run_cli):
    (repo / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.deckcheck]\nfail_on = "warning"\n')
    code, _out, err = run_cli("check", "decks")
    assert code == 2
    assert err.startswith("deckcheck: pyproject.toml:5, field 'fail_on': unknown key; the keys are: as-of, ")
    assert "(did you mean fail-on?)" in err


def test_the_tool_table_in_deckcheck_toml_is_said_to_belong_in_pyproject(repo, run_cli):
    (repo / "deckcheck.toml").write_text('[tool.deckcheck]\nfail-on = "warning"\n', encoding="utf-8")
    code, _out, err = run_cli("check", "decks")
    assert code == 2
    assert "deckcheck.toml:1, field 'tool'" in err and "[tool.deckcheck] is for pyproject.toml" in err


def test_no_regulation_with_a_day_in_the_file_is_a_conflict(repo, run_cli):
    (repo / "deckcheck.toml").write_text("as-of = 2026-06-01\nno-regulation = true\n", encoding="utf-8")
    code, _out, err = run_cli("check", "decks")
    assert code == 2
    assert (
        err
        == "deckcheck: deckcheck.toml:2, field 'no-regulation': no-regulation = true conflicts with as-of: keep one\n"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'fail-on = "warning"\nfail-on = "error"\n',
            'deckcheck.toml:2: the key "fail-on" is written twice, on lines 1',
        ),
        ('fail-on = "warning\n', "deckcheck.toml:1: is not valid TOML: "),
        ("x = [[[[\n", "deckcheck.toml: is not valid TOML"),
        ("as-of = " + "[" * 1000 + "]" * 1000 + "\n", "deckcheck.toml:1: is nested more than"),
        ("rules = " + "9" * 5000 + "\n", "deckcheck.toml:1: holds a number of more than"),
        ("\ufeffrules = '2024'\nformat = 3\n", "deckcheck.toml:2, field 'format'"),
    ],
)
def test_broken_toml_is_a_message_with_the_file_and_line(repo, run_cli, text, expected):
    (repo / "deckcheck.toml").write_text(text, encoding="utf-8")
    code, out, err = run_cli("check", "decks")
    assert (code, out) == (2, "")
    assert err.startswith("deckcheck: " + expected), err
    assert "Traceback" not in err


def test_a_file_that_is_not_utf8_is_said_so(repo, run_cli):
    (repo / "deckcheck.toml").write_bytes('rules = "規則"\n'.encode("shift_jis"))
    code, _out, err = run_cli("check", "decks")
    assert (code, err) == (2, "deckcheck: deckcheck.toml: is not UTF-8 text\n")


def test_a_pyproject_whose_tool_deckcheck_is_not_a_table(repo, run_cli):
    (repo / "pyproject.toml").write_text("[tool]\ndeckcheck = 3\n", encoding="utf-8")
    code, _out, err = run_cli("check", "decks")
    assert (code, err) == (2, "deckcheck: pyproject.toml:2: [tool.deckcheck] must be a table of settings\n")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _loop(path: Path) -> None:
    path.symlink_to(path.name)


def _broken(path: Path) -> None:
    path.symlink_to("nowhere.toml")


def _huge(path: Path) -> None:
    with open(path, "wb") as file:
        file.truncate(2 * 1024 * 1024)  # sparse: nothing is written, and it is never read


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (Path.mkdir, "is a folder, not a configuration file"),
        (_loop, "is a symbolic link loop"),
        (_broken, "is a broken link (its target does not exist)"),
        (_fifo, "is not a regular file (a FIFO, socket or device is never read as a configuration file)"),
        (_huge, "is larger than 1 MiB: not a configuration file"),
    ],
)
def test_a_config_path_that_is_no_file_is_a_message(repo, run_cli, make, reason):
    make(repo / "deckcheck.toml")
    code, out, err = run_cli("check", "decks")
    assert (code, out, err) == (2, "", f"deckcheck: deckcheck.toml: {reason}\n")


def test_an_unreadable_file_is_a_message(repo, run_cli, monkeypatch):
    from deckcheck._util import files

    (repo / "deckcheck.toml").write_text('fail-on = "warning"\n', encoding="utf-8")

    def refused(*_args, **_kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(files, "_read_capped", refused)  # (the tests run as root, whom chmod does not stop)
    code, _out, err = run_cli("check", "decks")
    assert (code, err) == (2, "deckcheck: deckcheck.toml: cannot be read (Permission denied)\n")


def test_show_config_in_text(repo, run_cli, monkeypatch):
    (repo / "deckcheck.toml").write_text('fail-on = "warning"\nexclude = ["old"]\n', encoding="utf-8")
    code, out, err = run_cli("check", "--show-config", "--as-of", "2026-06-01")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Configuration file: deckcheck.toml (found from the working folder upwards)"
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:]}
    assert rows["fail-on"] == ["warning", "deckcheck.toml:1"]
    assert rows["exclude"] == ["[old]", "deckcheck.toml:2"]
    assert rows["as-of"] == ["2026-06-01", "command", "line"]
    assert rows["regulation"] == ["(not", "set)", "default"]
    assert rows["lang"] == ["en", "default"]
    assert all(len(line) <= 80 for line in lines)


def test_show_config_without_a_file(repo, run_cli):
    code, out, _err = run_cli("check", "--show-config")
    assert code == 0
    assert out.startswith("Configuration file: none\n")


def test_config_and_no_config_and_the_variable(repo, run_cli, monkeypatch, tmp_path):
    (repo / "deckcheck.toml").write_text('fail-on = "warning"\n', encoding="utf-8")
    other = tmp_path / "ci.toml"
    other.write_text('output = "github"\n', encoding="utf-8")
    document = shown(run_cli, "--config", str(other))
    assert (document["config_file"], document["found_by"]) == (str(other), "--config")
    assert document["settings"]["fail-on"]["source"] == "default"
    monkeypatch.setenv("DECKCHECK_CONFIG", str(other))
    assert shown(run_cli)["found_by"] == "DECKCHECK_CONFIG"
    assert shown(run_cli, "--config", "deckcheck.toml")["settings"]["fail-on"]["value"] == "warning"
    assert shown(run_cli, "--no-config")["config_file"] is None
    code, _out, err = run_cli("check", "decks", "--config", str(tmp_path / "missing.toml"))
    assert code == 2 and "missing.toml: cannot be read (No such file or directory)" in err


def test_a_named_pyproject_needs_the_table(repo, run_cli):
    (repo / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    code, _out, err = run_cli("check", "decks", "--config", "pyproject.toml")
    assert (code, err) == (2, "deckcheck: pyproject.toml: has no [tool.deckcheck] table\n")


def test_include_and_exclude_choose_what_folder_search_checks(repo, run_cli):
    for name in ("old", "new"):
        (repo / "decks" / name).mkdir()
        shutil.copy(DECK, repo / "decks" / name / f"{name}.deck.toml")
    (repo / "deckcheck.toml").write_text('exclude = ["old"]\n', encoding="utf-8")
    code, out, _err = run_cli("check", ".")
    assert code == 0
    assert "new.deck.toml" in out and "old.deck.toml" not in out and "2 decks checked" in out
    code, out, _err = run_cli("check", ".", "--exclude", "new")  # the command line's list replaces the file's
    assert "old.deck.toml" in out and "new.deck.toml" not in out
    code, out, _err = run_cli("check", ".", "--include", "decks/vanguard/**")
    assert "1 deck checked" in out and DECK.name in out
    code, out, _err = run_cli("check", "decks/old/old.deck.toml")  # a file given is always checked
    assert code == 0 and "old.deck.toml" in out


def test_the_file_s_lang_speaks_and_the_variable_and_flag_win(repo, run_cli, monkeypatch):
    (repo / "deckcheck.toml").write_text('lang = "ja"\nfail-on = "fatal"\n', encoding="utf-8")
    code, _out, err = run_cli("check", "decks")  # the file's valid lang speaks its other problem
    assert code == 2
    assert err == (
        "deckcheck: deckcheck.toml:2（フィールド 'fail-on'）: error、warning のいずれかを指定してください"
        "（'fatal' ではなく）\n"
    )
    code, _out, err = run_cli("--lang", "en", "check", "decks")
    assert err.startswith("deckcheck: deckcheck.toml:2, field 'fail-on': expected")
    monkeypatch.setenv("DECKCHECK_LANG", "en")
    code, _out, err = run_cli("check", "decks")
    assert err.startswith("deckcheck: deckcheck.toml:2, field 'fail-on': expected")


def test_the_file_s_lang_in_show_config(repo, run_cli):
    (repo / "deckcheck.toml").write_text('lang = "ja"\n', encoding="utf-8")
    document = shown(run_cli)
    assert document["settings"]["lang"] == {
        "value": "ja",
        "source": "file",
        "path": str(repo / "deckcheck.toml"),
        "line": 1,
    }
    code, out, _err = run_cli("check", "--show-config")
    assert code == 0 and out.startswith("設定ファイル：")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bogus = 1\n", "deckcheck: deckcheck.toml:1（フィールド 'bogus'）: 不明なキーです。キーは次のとおりです："),
        ("x = [\n", "deckcheck: deckcheck.toml: TOML として正しくありません："),
        ("\n\ncarddb = 'x'\n", "deckcheck: deckcheck.toml:3（フィールド 'carddb'）: フォルダのパス（文字列）のリスト"),
    ],
)
def test_messages_in_japanese(repo, run_cli, text, expected):
    (repo / "deckcheck.toml").write_text(text, encoding="utf-8")
    code, _out, err = run_cli("--lang", "ja", "check", "decks")
    assert code == 2
    assert err.startswith(expected), err


def test_show_stats_and_hand_read_the_file(repo, run_cli):
    (repo / "deckcheck.toml").write_text('carddb = ["missing"]\n', encoding="utf-8")
    deck = f"decks/vanguard/{DECK.name}"
    for command in (["show", deck], ["stats", deck], ["hand", deck, "--seed", "1"]):
        code, _out, err = run_cli(*command)
        assert code == 2, command
        assert str(repo / "missing") in err, command
        code, _out, err = run_cli(*command, "--no-config")
        assert code == 0, (command, err)


def test_commands_that_do_not_read_the_file_ignore_a_broken_one(repo, run_cli):
    (repo / "deckcheck.toml").write_text("x = [\n", encoding="utf-8")
    code, _out, _err = run_cli("games")
    assert code == 0
    code, out, _err = run_cli("--version")
    assert code == 0 and out.startswith("deckcheck ")


@pytest.mark.parametrize("kind", ["device", "fifo", "sparse"])
def test_a_hostile_config_is_refused_without_waiting_or_reading_it(repo, run_cli, kind):
    from hostile import plant, within

    plant(repo / "deckcheck.toml", kind)
    with within(10):
        code, out, err = run_cli("check", "decks")
    assert (code, out) == (2, "")
    assert err.startswith("deckcheck: deckcheck.toml: is ") and "Traceback" not in err


@pytest.mark.parametrize("kind", ["device", "fifo", "sparse"])
def test_a_hostile_config_never_stops_a_command_that_does_not_read_it(repo, run_cli, kind):
    from hostile import plant, within

    plant(repo / "deckcheck.toml", kind)
    with within(10):
        code, out, _err = run_cli("games")
    assert code == 0 and out


@pytest.mark.parametrize("kind", ["device", "fifo", "folder", "broken link"])
def test_a_pyproject_that_is_no_regular_file_is_passed_by(repo, run_cli, kind, tmp_path):
    from hostile import plant, within

    (tmp_path / "deckcheck.toml").write_text('fail-on = "warning"\n', encoding="utf-8")  # above the repository
    (repo / ".git").rmdir()
    if kind == "folder":
        (repo / "pyproject.toml").mkdir()
    elif kind == "broken link":
        (repo / "pyproject.toml").symlink_to("nowhere.toml")
    else:
        plant(repo / "pyproject.toml", kind)
    with within(10):
        document = shown(run_cli)
    assert document["config_file"] == str(tmp_path / "deckcheck.toml")


def test_a_huge_pyproject_is_refused(repo, run_cli):
    from hostile import plant

    plant(repo / "pyproject.toml", "sparse")
    code, _out, err = run_cli("check", "decks")
    assert (code, err) == (2, "deckcheck: pyproject.toml: is larger than 1 MiB: not a configuration file\n")


def test_a_removed_working_folder_reads_no_file(repo, run_cli, monkeypatch, tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    code, out, _err = run_cli("check", "--show-config")
    assert code == 0 and out.startswith("Configuration file: none")


def test_a_message_about_the_file_s_value_names_its_key_and_line(repo, run_cli):
    (repo / "deckcheck.toml").write_text('# judging\nformat = "nope"\nas-of = 2026-03-01\n', encoding="utf-8")
    code, _out, err = run_cli("check", "decks")
    assert code == 0
    assert "deckcheck: note: format (deckcheck.toml:2) nope: vanguard has one format (standard)" in err
    assert "deckcheck: note: as-of (deckcheck.toml:3) 2026-03-01: no vanguard regulation was in force" in err
    code, _out, err = run_cli("show", f"decks/vanguard/{DECK.name}")
    assert (code, err) == (2, "deckcheck: format (deckcheck.toml:2) 'nope': vanguard has one format only (standard)\n")
    code, _out, err = run_cli("show", f"decks/vanguard/{DECK.name}", "--format", "x")  # the command line's flag
    assert (code, err) == (2, "deckcheck: --format 'x': vanguard has one format only (standard)\n")
    code, _out, err = run_cli("--lang", "ja", "show", f"decks/vanguard/{DECK.name}")
    assert code == 2 and err.startswith("deckcheck: format（deckcheck.toml:2） 'nope'")
