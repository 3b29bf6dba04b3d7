"""The command line, run in-process as a user would: output formats, exit codes and bad input."""

from __future__ import annotations

import inspect
import io
import json
import os
import stat
import subprocess
import sys
import threading
import typing
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import typer
from conftest import LEGAL_VANGUARD_TEXT, LEGAL_VANGUARD_TOML, STARTER_CARDDB, STARTER_DECKS, registered_games

from deckcheck.cli.app import app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def decks(tmp_path, vanguard_carddb):
    """A folder with one legal and one illegal deck (heal triggers 5, main 51)."""
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "a-legal.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    (folder / "b-illegal.txt").write_text(LEGAL_VANGUARD_TEXT.replace("4 T-004", "5 T-004"), encoding="utf-8")
    (folder / "notes.txt").write_text("not a deck\n", encoding="utf-8")
    return folder


def test_check_text_output(run_cli, decks, vanguard_carddb):
    code, out, err = run_cli("check", decks, "--carddb", vanguard_carddb)
    assert code == 1
    assert "a-legal.deck.toml" in out and "b-illegal.txt" in out
    assert "vanguard.heal-triggers" in out and "vanguard.main-size" in out
    assert out.strip().splitlines()[-1].startswith("2 decks checked, 1 legal")
    assert "\x1b[" not in out  # no colour when not a terminal
    assert err == (  # the shipped Vanguard regulations are samples: none is in force by default
        "deckcheck: note: no vanguard regulation in force today (2026-11-27: only sample data, which applies when "
        "asked for); its decks were checked without a regulation\n"
    )


def test_check_json_output_follows_the_contract(run_cli, decks, vanguard_carddb):
    code, out, _ = run_cli("check", decks, "--carddb", vanguard_carddb, "--output", "json")
    assert code == 1
    data = json.loads(out)
    assert data["summary"] == {"decks": 2, "legal": 1, "errors": 4, "warnings": 0}
    legal, illegal = data["decks"]
    assert legal["path"].endswith("a-legal.deck.toml") and legal["legal"] is True
    assert legal == {**legal, "game": "vanguard", "name": "Test deck", "counts": {"main": 50, "g": 4}}
    assert legal["violations"] == []
    assert illegal["counts"] == {"main": 51, "g": 4}
    heal = next(v for v in illegal["violations"] if v["rule"] == "vanguard.heal-triggers")
    assert heal == {
        **heal,
        "severity": "error",
        "section": "main",
        "ref": "5.2.2.4",
        "cards": ["T-004"],
        "count": 5,
        "limit": 4,
    }
    assert set(heal) >= {"rule", "severity", "section", "message", "ref", "cards", "count", "limit"}


def test_a_legal_deck_exits_zero(run_cli, decks, vanguard_carddb):
    code, out, _ = run_cli("check", decks / "a-legal.deck.toml", "--carddb", vanguard_carddb)
    assert code == 0
    assert "1 deck checked, 1 legal" in out


def test_a_missing_path_is_exit_2_but_other_decks_are_still_checked(run_cli, decks, vanguard_carddb):
    code, out, err = run_cli("check", decks / "a-legal.deck.toml", decks / "nope.toml", "--carddb", vanguard_carddb)
    assert code == 2
    assert "1 deck checked, 1 legal" in out
    assert "nope.toml" in err and "no such file" in err


def test_a_malformed_file_is_exit_2_and_named(run_cli, decks, vanguard_carddb):
    (decks / "c-broken.deck.toml").write_text('game = "vanguard"\n[main\n', encoding="utf-8")
    code, out, err = run_cli("check", decks, "--carddb", vanguard_carddb, "--output", "json")
    assert code == 2
    data = json.loads(out)
    assert data["summary"]["decks"] == 2  # the readable decks are still reported
    assert "c-broken.deck.toml:2" in err and "not valid TOML" in err
    assert "Traceback" not in err


def test_a_folder_with_no_decks(run_cli, tmp_path, vanguard_carddb):
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "readme.txt").write_text("hello\n", encoding="utf-8")
    code, _, err = run_cli("check", empty)
    assert code == 2
    assert "no decks found" in err


def test_fail_on_warning(run_cli, decks, vanguard_carddb, monkeypatch):
    from deckcheck.checking.report import DeckReport
    from deckcheck.model.violation import Violation

    original = DeckReport.__init__

    def with_a_warning(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.violations.append(Violation("x.note", "warning", "main", "a note"))

    monkeypatch.setattr(DeckReport, "__init__", with_a_warning)
    legal = decks / "a-legal.deck.toml"
    assert run_cli("check", legal, "--carddb", vanguard_carddb)[0] == 0
    assert run_cli("check", legal, "--carddb", vanguard_carddb, "--fail-on", "warning")[0] == 1


def test_github_output(run_cli, decks, vanguard_carddb):
    code, out, _ = run_cli("check", decks, "--carddb", vanguard_carddb, "--output", "github")
    assert code == 1
    lines = [line for line in out.splitlines() if line.startswith("::error ")]
    assert len(lines) == 4
    assert all("b-illegal.txt" in line for line in lines)
    assert any("title=vanguard.heal-triggers::" in line for line in lines)


def test_sarif_output(run_cli, decks, vanguard_carddb):
    _, out, _ = run_cli("check", decks, "--carddb", vanguard_carddb, "--output", "sarif")
    sarif = json.loads(out)
    assert sarif["version"] == "2.1.0"
    results = sarif["runs"][0]["results"]
    assert {r["ruleId"] for r in results} == {
        "vanguard.heal-triggers",
        "vanguard.main-size",
        "vanguard.copies",
        "vanguard.triggers",
    }
    assert {r["id"] for r in sarif["runs"][0]["tool"]["driver"]["rules"]} == {r["ruleId"] for r in results}


def test_junit_output(run_cli, decks, vanguard_carddb):
    _, out, _ = run_cli("check", decks, "--carddb", vanguard_carddb, "--output", "junit")
    suite = ET.fromstring(out).find("testsuite")
    assert suite.get("tests") == "2" and suite.get("failures") == "1"
    failure = suite.find("testcase/failure")
    assert "vanguard.heal-triggers" in failure.text


def test_bad_arguments_are_exit_2(run_cli, decks):
    assert run_cli("check")[0] == 2
    assert run_cli("check", decks, "--output", "xml")[0] == 2
    code, _, err = run_cli("rules", "pokemon")
    assert code == 2 and "unknown game 'pokemon'" in err


def test_a_missing_carddb_folder_is_exit_2(run_cli, decks, tmp_path):
    code, out, err = run_cli("check", decks, "--carddb", tmp_path / "nowhere")
    assert code == 2
    assert "nowhere" in err and "does not exist" in err
    assert err.count("does not exist") == 1 and out == ""  # said once, not once per game; nothing checked


def test_games_and_rules(run_cli):
    code, out, _ = run_cli("games")
    assert code == 0
    for game_id in registered_games():
        assert game_id in out
    code, out, _ = run_cli("rules", "vanguard")
    assert code == 0
    assert "vanguard.heal-triggers" in out and "5.2.2.4" in out


def test_version(run_cli):
    code, out, _ = run_cli("--version")
    assert code == 0 and out.startswith("deckcheck ")


def test_a_broken_card_database_is_exit_2_and_reported_once(run_cli, decks, tmp_path):
    folder = tmp_path / "broken" / "vanguard"
    folder.mkdir(parents=True)
    (folder / "bad.toml").write_text(
        '[[cards]]\nnumber = "B-1"\nname = "x"\ntype = "normal"\ngrade = "two"\nclans = []\n', encoding="utf-8"
    )
    code, out, err = run_cli("check", decks, "--carddb", tmp_path / "broken")
    assert code == 2
    assert err.count("broken card database") == 1
    assert "bad.toml record 1 (B-1): field 'grade'" in err
    assert "Traceback" not in err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _TerminalInput(io.StringIO):
    buffer = None  # (read_stdin reads the text itself)

    def isatty(self) -> bool:
        return True


def test_a_deck_typed_on_a_terminal_is_prompted_for_by_the_command_line_only(monkeypatch, capsys):
    """The library reads standard input silently; the command line says how to end a deck typed on a terminal."""
    from deckcheck._util import files
    from deckcheck.cli import app as cli

    monkeypatch.setattr(files, "_stdin_read", [])
    monkeypatch.setattr(sys, "stdin", _TerminalInput("game: vanguard\n"))
    files.read_stdin()
    assert capsys.readouterr().err == ""
    cli._prompt_for_stdin("decks", "-")
    assert capsys.readouterr().err == "deckcheck: reading a deck from standard input (end it with Ctrl-D)\n"
    cli._prompt_for_stdin(Path("a.deck.toml"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # piped: nothing to say
    cli._prompt_for_stdin("-")
    assert capsys.readouterr().err == ""


def test_a_progress_bar_on_a_terminal_only(run_cli, tmp_path, vanguard_carddb, monkeypatch):
    from deckcheck.cli import output

    folder = tmp_path / "many"
    folder.mkdir()
    for index in range(25):
        (folder / f"{index:02d}.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    code, out, err = run_cli("check", folder, "--carddb", vanguard_carddb, "--output", "json")
    assert code == 0 and "Checking decks" not in err  # not a terminal: quiet, and stdout stays JSON
    assert json.loads(out)["summary"]["decks"] == 25
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    files = sorted(folder.iterdir())
    with output.progress(files) as bar:
        assert list(bar) == files
    assert "Checking decks" in terminal.getvalue() and "100%" in terminal.getvalue()
    assert list(output.progress(files[:5])) == files[:5]  # a few decks: no bar


@pytest.mark.parametrize("output", ["text", "json"])
def test_hand_count_shows_the_hands_dealt_on_a_terminal_only(run_cli, monkeypatch, capsys, output):
    """Issue 27: `hand --count N` that takes over a second shows a bar over the hands dealt on stderr, when stderr
    is a terminal; the hands on stdout are byte for byte the piped run's, and the bar is erased at the end."""
    from deckcheck._util import progress
    from deckcheck.cli.app import main

    deck = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"
    args = ["hand", str(deck), "--seed", "3", "--count", "40", "--output", output]
    code, piped, piped_err = run_cli(*args)
    assert code == 0 and piped_err == ""  # not a terminal: no bar
    monkeypatch.setattr(progress, "DELAY", 0.0)  # (the run is short: the bar shows at once)
    monkeypatch.setattr(progress, "REDRAW", 0.0)
    monkeypatch.setenv("COLUMNS", "200")
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(sys, "argv", ["deckcheck", *args])
    with pytest.raises(SystemExit) as done:
        main()
    assert (done.value.code or 0) == 0
    assert capsys.readouterr().out == piped
    err = terminal.getvalue()
    assert "\r\033[Kdeckcheck: dealing hands  [" in err and "1 of 40 hands" in err and "40 of 40 hands" in err
    assert err.endswith("\r\033[K")


def test_hand_count_on_one_terminal_keeps_the_bar_below_the_hands(run_cli, monkeypatch):
    """stdout and stderr the same terminal: the bar is erased before each hand is printed and drawn again below it
    at once, so the hands read exactly as without a bar."""
    import re

    from deckcheck._util import progress
    from deckcheck.cli.app import main

    deck = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"
    args = ["hand", str(deck), "--seed", "3", "--count", "5"]
    _, piped, _ = run_cli(*args)
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "REDRAW", 60.0)  # (the throttle would keep it off the screen: `now` overrides it)
    monkeypatch.setenv("COLUMNS", "80")  # the width the piped run was fitted to
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setattr(sys, "argv", ["deckcheck", *args])
    with pytest.raises(SystemExit):
        main()
    screen = terminal.getvalue()
    bars = re.findall(r"\r\033\[Kdeckcheck: dealing hands [^\r]*", screen)
    assert [bar.split("  ")[-1] for bar in bars] == [f"{n} of 5 hands" for n in range(1, 6)]
    assert re.sub(r"\r\033\[K(deckcheck: dealing hands [^\r]*)?", "", screen) == piped


def test_hand_count_waits_a_second_before_showing_a_bar(monkeypatch, capsys):
    from deckcheck.cli.app import main

    deck = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(sys, "argv", ["deckcheck", "hand", str(deck), "--seed", "3", "--count", "3"])
    with pytest.raises(SystemExit):
        main()
    assert terminal.getvalue() == ""  # three hands: well under a second, nothing extra


# The lean app (only the command being run is turned into click parameters) -----------------------------------


@pytest.mark.parametrize(
    "args",
    [["check", "--help"], ["stats", "--help"], ["cards", "search", "--help"], ["cards", "--help"], ["new", "--help"]],
)
def test_a_command_alone_has_the_same_help_as_in_the_whole_app(args):
    from typer.testing import CliRunner

    from deckcheck.cli.app import app, app_for

    lean = app_for(args)
    assert lean is not app
    runner = CliRunner()
    whole = runner.invoke(app, args, prog_name="deckcheck")
    alone = runner.invoke(lean, args, prog_name="deckcheck")
    assert whole.exit_code == alone.exit_code == 0
    assert alone.output == whole.output


@pytest.mark.parametrize("args", [[], ["--help"], ["--version"], ["nope"], ["-x", "check"]])
def test_no_command_named_first_gets_the_whole_app(args):
    from deckcheck.cli.app import app, app_for

    assert app_for(args) is app


def test_the_lean_app_registers_only_the_command_run():
    from deckcheck.cli.app import app_for

    lean = app_for(["show", "deck.toml"])
    assert [info.callback.__name__ for info in lean.registered_commands] == ["show"]
    assert lean.registered_groups == []


def test_an_unknown_option_of_a_command_is_the_same_usage_error(run_cli):
    code, _, err = run_cli("check", "--no-such-option", "x.toml")
    assert code == 2
    assert "No such option: --no-such-option" in err


def test_a_paused_garbage_collector_is_switched_back_on_when_the_command_runs(monkeypatch, capsys):
    import gc

    from deckcheck.cli import app as cli

    monkeypatch.setattr(sys, "argv", ["deckcheck", "games"])
    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))  # the test process must not freeze its objects
    gc.disable()
    try:
        with pytest.raises(SystemExit) as done:
            cli.main(resume_gc=True)
        assert done.value.code in (0, None)
        assert gc.isenabled()
        assert frozen == [True]
    finally:
        gc.enable()
    assert "vanguard" in capsys.readouterr().out


def test_the_collector_is_left_alone_when_the_caller_did_not_pause_it(monkeypatch, capsys):
    import gc

    from deckcheck.cli import app as cli

    monkeypatch.setattr(sys, "argv", ["deckcheck", "games"])
    gc.disable()
    try:
        with pytest.raises(SystemExit):
            cli.main()
        assert not gc.isenabled()  # a library caller's choice is kept
    finally:
        gc.enable()


# One option, one meaning (issue 15 item 2) ------------------------------------------------------------------


def _options_by_command() -> dict[str, dict[str, type]]:
    """Every command's options by each of their names and the type they take, e.g. {"check": {"-o": OutputFormat}}."""
    from deckcheck.cli.app import cards_app

    commands = [(info, "") for info in app.registered_commands]
    commands += [(info, "cards ") for info in cards_app.registered_commands]
    found: dict[str, dict[str, type]] = {}
    for info, group in commands:
        name = group + (info.name or typer.main.get_command_name(info.callback.__name__))
        options: dict[str, type] = {}
        for parameter in inspect.signature(info.callback, eval_str=True).parameters.values():
            base, *extras = typing.get_args(parameter.annotation) or (parameter.annotation,)
            for extra in extras:
                if isinstance(extra, typer.models.OptionInfo):
                    declared = [extra.default, *extra.param_decls] if isinstance(extra.default, str) else []
                    names = extra.param_decls or (f"--{parameter.name.replace('_', '-')}",)
                    options.update({decl: base for decl in [*names, *declared] if decl.startswith("-")})
        found[name] = options
    return found


#: The commands that read card databases (everything but listing the games).
READS_CARDS = (
    "check",
    "hand",
    "stats",
    "cards search",
    "new",
    "add",
    "remove",
    "set",
    "show",
    "diff",
    "convert",
    "rules",
)
#: The commands that print a legality verdict.
PRINTS_A_VERDICT = ("check", "add", "remove", "set", "show", "diff", "convert")


@pytest.mark.parametrize("command", READS_CARDS)
def test_every_command_that_reads_cards_takes_carddb(command):
    assert "--carddb" in _options_by_command()[command]


def _arguments_of(command: str, tmp_path: Path) -> list[str]:
    deck = tmp_path / "deck.deck.toml"
    deck.write_bytes((STARTER_DECKS / "vanguard" / "dawn_knights.deck.toml").read_bytes())
    return {
        "check": [deck],
        "hand": [deck],
        "stats": [deck, "--want", "grade=1"],
        "cards search": ["ピコル", "--game", "vanguard"],
        "new": [tmp_path / "new.deck.toml", "--game", "vanguard"],
        "add": [deck, "DC-VG-001"],
        "remove": [deck, "DC-VG-001"],
        "set": [deck, "name", "X"],
        "show": [deck],
        "diff": [deck, deck],
        "convert": [deck, "--to", "text"],
        "rules": ["vanguard"],
    }[command]


@pytest.mark.parametrize("command", READS_CARDS)
def test_every_command_refuses_a_carddb_folder_that_does_not_exist(run_cli, tmp_path, starter_carddb, command):
    args = _arguments_of(command, tmp_path)
    before = {path: path.read_bytes() for path in tmp_path.iterdir()}
    code, out, err = run_cli(*command.split(), *args, "--carddb", tmp_path / "nowhere")
    assert code == 2 and "nowhere" in err and "does not exist" in err and out == ""
    assert {path: path.read_bytes() for path in tmp_path.iterdir()} == before  # nothing written


@pytest.mark.parametrize("command", PRINTS_A_VERDICT)
def test_every_command_that_prints_a_verdict_takes_regulation_and_as_of(command):
    options = _options_by_command()[command]
    assert "--regulation" in options and "--as-of" in options


def test_output_is_the_output_format_everywhere():
    for command, options in _options_by_command().items():
        for name in ("-o", "--output"):
            if name in options:
                choices = [member.value for member in options[name]] if isinstance(options[name], type) else []
                assert "json" in choices, f"{command} {name} is not an output format"
                assert options[name] is options.get("--output"), f"{command}: -o and --output differ"


def test_convert_takes_the_format_as_output_and_the_file_as_out_file(run_cli, tmp_path):
    deck = tmp_path / "d.txt"
    deck.write_text("game: vanguard\n1 BT01/002\n", encoding="utf-8")
    code, out, _ = run_cli("convert", deck, "-o", "json")
    assert code == 0 and json.loads(out)["main"] == {"BT01/002": 1}
    code, out, err = run_cli("convert", deck, "--output", "toml", "--out-file", tmp_path / "d.deck.toml")
    assert code == 0 and 'game = "vanguard"' in (tmp_path / "d.deck.toml").read_text(encoding="utf-8")
    code, _, err = run_cli("convert", deck, "--to", "toml", "-o", tmp_path / "x.toml")
    assert code == 2 and "x.toml" in err and not (tmp_path / "x.toml").exists()


def test_games_as_json(run_cli):
    code, out, _ = run_cli("games", "--output", "json")
    games = {game["id"]: game for game in json.loads(out)["games"]}
    assert code == 0 and list(games) == registered_games()
    assert games["evolve"]["sections"] == ["leader", "main", "evolve"]
    assert games["cipher"]["keys"] == ["name", "regulation", "lord"]
    assert games["vanguard"]["rules_document"].startswith("総合ルール")


def test_rules_as_json_with_the_regulations_of_a_carddb(run_cli, tmp_path, isolated_carddb):
    folder = tmp_path / "cards" / "cipher" / "regulations"
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text(
        'name = "Local 2027"\neffective = 2027-01-01\nbanned = ["DC-FE-101N"]\n[limits]\n"DC-FE-106N" = 1\n'
        '"DC-FE-104N" = 2\n',
        encoding="utf-8",
    )
    code, out, _ = run_cli("rules", "cipher", "-o", "json", "--carddb", tmp_path / "cards")
    data = json.loads(out)
    assert code == 0 and data["game"] == "cipher"
    assert any(rule["id"] == "cipher.lord" and rule["ref"] for rule in data["rules"])
    assert "deck.unknown-card" in data["common_rules"]
    local = [r for r in data["regulations"] if r["name"] == "Local 2027"]
    assert local == [
        {
            "name": "Local 2027",
            "effective": "2027-01-01",
            "sample": False,
            "format": "standard",
            "banned": 1,
            "limited": 2,
        }
    ]
    code, out, _ = run_cli("rules", "cipher", "--carddb", tmp_path / "cards")
    assert code == 0 and "Local 2027" in out
    assert "Local 2027" not in run_cli("rules", "cipher")[1]


def test_stats_plot_never_overwrites_a_file_without_force(run_cli, starter_carddb, tmp_path):
    deck = STARTER_DECKS / "vanguard" / "dawn_knights.deck.toml"
    target = tmp_path / "odds.svg"
    target.write_text("my own drawing", encoding="utf-8")
    code, _, err = run_cli("stats", deck, "--want", "grade=1", "--plot", target)
    assert code == 2 and "odds.svg" in err and "already exists; use --force" in err
    assert target.read_text(encoding="utf-8") == "my own drawing"
    code, _, err = run_cli("stats", deck, "--want", "grade=1", "--plot", target, "--force")
    assert code == 0, err
    assert ET.parse(target).getroot().tag.endswith("svg")


def test_convert_into_a_device_or_a_fifo_writes_through_it(run_cli, tmp_path):
    """`-o /dev/null --force` run as root once replaced /dev/null itself with a regular file."""
    deck = tmp_path / "d.txt"
    deck.write_text("game: vanguard\n1 BT01/002\n", encoding="utf-8")
    device = tmp_path / "null"
    try:  # a private twin of /dev/null where we may make one (root); else /dev/null, which only root could replace
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except OSError:
        device = Path("/dev/null")
    code, _, err = run_cli("convert", deck, "--to", "json", "--out-file", device, "--force")
    assert code == 0, err
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    code, _, err = run_cli("convert", deck, "--to", "json", "--out-file", fifo, "--force")
    reader.join(timeout=60)
    assert code == 0, err
    assert json.loads(received[0])["main"] == {"BT01/002": 1}
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_help_with_h_and_whole_summaries(run_cli):
    code, out, _ = run_cli("-h")
    assert code == 0 and "Commands:" in out
    commands = out[out.index("Commands:") :]
    assert "..." not in commands  # every command's summary whole (click cuts a long first sentence)
    for command in (
        "check",
        "hand",
        "stats",
        "odds",
        "new",
        "add",
        "remove",
        "set",
        "show",
        "diff",
        "convert",
        "games",
    ):
        code, out, _ = run_cli(command, "-h")
        assert code == 0 and out.startswith("Usage:"), command
    assert run_cli("cards", "search", "-h")[0] == 0


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize(
    "args",
    [
        ["show", "{fifo}"],
        ["hand", "{fifo}"],
        ["stats", "{fifo}"],
        ["convert", "{fifo}", "--to", "text"],
        ["add", "{fifo}", "BT01/002"],
        ["cards", "import", "{fifo}", "--game", "vanguard", "--into", "{tmp}/out"],
    ],
)
def test_a_fifo_nobody_writes_to_is_bad_input_not_a_hang(tmp_path, args):
    import subprocess

    fifo = tmp_path / ("cards.csv" if args[0] == "cards" else "deck.deck.toml")
    os.mkfifo(fifo)
    argv = [part.format(fifo=fifo, tmp=tmp_path) for part in args]
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "DECKCHECK_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run(
        [sys.executable, "-m", "deckcheck", *argv], capture_output=True, text=True, env=env, timeout=60
    )
    # add (as remove and set) refuses a FIFO as a deck to edit: read once, it could not be read again to write back
    said = "is not a regular file (a FIFO or a device)" if args[0] == "add" else "is empty"
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr


def test_a_pipe_with_a_writer_is_read(tmp_path):
    """`deckcheck show <(...)`: the shell hands over a pipe; it is read to its end."""
    import subprocess

    root = Path(__file__).resolve().parents[2]
    deck = STARTER_DECKS / "vanguard" / "dawn_knights.deck.toml"
    env = {
        **os.environ,
        "PYTHONPATH": str(root),
        "DECKCHECK_CACHE_DIR": str(tmp_path / "cache"),
        "DECKCHECK_CARDDB": str(STARTER_CARDDB),
    }
    with open(deck, "rb") as source:
        done = subprocess.run(
            [sys.executable, "-m", "deckcheck", "show", "/dev/stdin"],
            stdin=source,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
    assert done.returncode == 0 and "Dawn Knights" in done.stdout


@pytest.mark.parametrize("command", [["show"], ["hand"], ["stats"], ["convert", "--to", "text"]])
def test_a_device_that_never_ends_is_refused_not_read_into_memory(run_cli, command):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    code, out, err = run_cli(*command, "/dev/zero")
    assert code == 2 and "/dev/zero: is larger than 64 MiB: not a deck file" in err and out == ""


# -- the command line's own messages in Japanese (deckcheck.cli.app, clitypes, streams; issue 29) ----------------

_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "DECKCHECK_LANG")


def _deckcheck(*args: str, **environ: str) -> subprocess.CompletedProcess[bytes]:
    """`deckcheck ARGS` in a process of its own, under exactly the locale variables given."""
    env = {k: v for k, v in os.environ.items() if k not in _LOCALE_VARIABLES} | environ
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], capture_output=True, env=env, cwd=ROOT)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["hand", "decks/cipher/marth-altea.deck.toml", "--seed", "abc"],
            "'--seed' の値が無効です：'abc' は整数ではありません",
        ),
        (["stats", "decks/cipher/marth-altea.deck.toml", "--precision", "x"], "'x' は数値ではありません"),
        (["add", "decks/cipher/marth-altea.deck.toml", "B01-003", "-n", "0"], "0 は最小値 1 より小さいです"),
        (
            ["hand", "decks/cipher/marth-altea.deck.toml", "--going", "third"],
            "'third' は 'first'、'second' のいずれでも",
        ),
    ],
)
def test_parameter_parse_errors_in_japanese(run_cli, monkeypatch, args, expected):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    code, out, err = run_cli(*args)
    assert code == 2 and out == "" and expected in err and "エラー：" in err


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["stats", "decks/cipher/marth-altea.deck.toml", "--explain"], "--explain は --want の条件についての判断"),
        (
            ["stats", "decks/cipher/marth-altea.deck.toml", "--method", "exact", "--seed", "1"],
            "--method exact とは併用",
        ),
        (
            ["hand", "decks/cipher/marth-altea.deck.toml", "--choose", "lord"],
            "--choose には KEY=VALUE を指定します（'lord'",
        ),
        (
            ["odds", "-g", "vanguard", "--deck-size", "50", "--copies", "outs=8"],
            "--want QUERY（または --any）を少なくとも1つ",
        ),
    ],
)
def test_the_command_line_s_own_errors_in_japanese(run_cli, monkeypatch, args, expected):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    code, out, err = run_cli(*args)
    assert code == 2 and out == "" and err.startswith("deckcheck: ") and expected in err


def test_a_group_without_its_command_shows_its_help_in_japanese(run_cli, monkeypatch):
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    code, out, err = run_cli("cards")
    assert code == 2 and err.startswith("使い方: ")  # (the program's name as the test runner gives it)
    assert "cards [OPTIONS] COMMAND [ARGS]...\n\n  カードデータベースを検索" in err
    assert "エラー" not in err


def test_japanese_falls_back_to_english_where_the_streams_cannot_show_it():
    done = _deckcheck("games", LANG="ja_JP.UTF-8", PYTHONIOENCODING="latin-1")
    # English (a rules document's Japanese name stays an escape)
    assert done.returncode == 0 and b"sections: main, g" in done.stdout
    done = _deckcheck("games", LANG="ja_JP.UTF-8", PYTHONIOENCODING="cp932")
    assert "セクション：メインデッキ（main）、Gデッキ（g）" in done.stdout.decode("cp932")


def test_a_full_disk_is_said_in_japanese_not_as_an_internal_error():
    env = {k: v for k, v in os.environ.items() if k not in _LOCALE_VARIABLES} | {"LANG": "ja_JP.UTF-8"}
    env["PYTHONPATH"] = str(ROOT)
    with open("/dev/full", "w") as full:  # (Linux) every write fails: no space left on device
        command = [sys.executable, "-m", "deckcheck", "games"]
        done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, env=env)
    assert done.returncode == 2 and done.stderr.decode() == "deckcheck: 出力を書き込めません：no space left on device\n"


def test_a_closed_stdout_is_said_in_japanese():
    env = {k: v for k, v in os.environ.items() if k not in _LOCALE_VARIABLES} | {"LANG": "ja_JP.UTF-8"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        ["sh", "-c", f"'{sys.executable}' -m deckcheck games >&-"], stderr=subprocess.PIPE, env=env, cwd=ROOT
    )
    assert done.returncode == 2
    assert done.stderr.decode().startswith("deckcheck: 標準出力が閉じているため、何もしませんでした（出力を捨てるには")


def test_check_s_notes_are_said_in_japanese(run_cli, monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    code, out, err = run_cli("check", ROOT / "decks" / "vanguard", ROOT / "decks" / "evolve", "--format", "crossover")
    assert code in (0, 1) and "deckcheck: 注記：" in err and "deckcheck: note: " not in err
