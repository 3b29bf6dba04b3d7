"""Option errors: the library names an option as Python does (`trials`, `as_of`), the command line as its flag."""

from __future__ import annotations

import json
import pickle
import re
from datetime import date
from pathlib import Path

import pytest
from conftest import LEGAL_VANGUARD_TOML, STARTER_DECKS

from deckcheck.carddb.db import load_carddb
from deckcheck.checking.judging import Judging
from deckcheck.checking.regulations import load_regulations
from deckcheck.checking.run import check_paths
from deckcheck.cli.options import as_flags, flag
from deckcheck.commands.convert import Printed, run_convert
from deckcheck.commands.hand import HandRequest, iter_hands
from deckcheck.commands.search import find_cards
from deckcheck.errors import DeckcheckError, EngineError, OptionError, mention
from deckcheck.games import get_game
from deckcheck.stats.options import StatsOptions
from deckcheck.stats.quick import run_odds

ROOT = Path(__file__).resolve().parents[2]
DAWN_KNIGHTS = STARTER_DECKS / "vanguard" / "dawn_knights.deck.toml"  # of the starter cards (starter_carddb)


def test_the_library_names_the_option_and_no_flag():
    error = OptionError("trials", f"{mention('trials')} must be between 1 and 100,000,000 (got 0)", field="trials")
    assert str(error) == error.reason == "trials must be between 1 and 100,000,000 (got 0)"
    assert error.option == "trials" and error.field == "trials" and error.options == ["trials"]
    assert isinstance(error, DeckcheckError)


def test_other_options_named_in_passing_are_listed_and_spelled_by_the_caller():
    error = OptionError(
        "precision", f"{mention('precision')} applies to simulation; it conflicts with {mention('method')} exact"
    )
    assert str(error) == "precision applies to simulation; it conflicts with method exact"
    assert error.options == ["precision", "method"]
    spelled = error.spelled(lambda name: f"<{name}>")
    assert spelled == "<precision> applies to simulation; it conflicts with <method> exact"


def test_a_field_that_is_not_an_option_is_said_as_for_any_error():
    error = OptionError("game_id", f"give {mention('game_id')}", path="x.json", field="game_title_id")
    assert str(error) == "x.json, field 'game_title_id': give game_id"
    error = OptionError("as_of", f"{mention('as_of')} 'x' is not a real date", path="d.toml", line=3)
    assert str(error) == "d.toml:3: as_of 'x' is not a real date"


def test_an_option_error_crosses_a_process_boundary_unchanged():
    error = OptionError("as_of", f"{mention('as_of')} 2030-06-01: choose one with {mention('regulation')} NAME")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is OptionError and str(copy) == str(error) and copy.options == ["as_of", "regulation"]
    assert copy.spelled(flag) == "--as-of 2030-06-01: choose one with --regulation NAME"


def test_the_command_line_says_the_flags():
    assert [flag(name) for name in ("trials", "as_of", "deck_size", "turns", "carddb_dirs", "game_id")] == [
        "--trials",
        "--as-of",
        "--deck-size",
        "--turn",
        "--carddb",
        "--game",
    ]
    said = as_flags(OptionError("trials", f"{mention('trials')} must be at least 1 (got 0)", field="trials"))
    assert type(said) is DeckcheckError and str(said) == "field 'trials': --trials must be at least 1 (got 0)"
    said = as_flags(OptionError("deck_size", f"{mention('deck_size')} must be at least 1", field="deck_size"))
    assert str(said) == "field 'deck-size': --deck-size must be at least 1"
    said = as_flags(OptionError("limit", f"{mention('limit')} must be at least 1 (got 0)", field="limit"))
    assert str(said) == "field '--limit': --limit must be at least 1 (got 0)"  # as `cards search` always said it
    said = as_flags(OptionError("game_id", f"give {mention('game_id')}", path="x.json", field="game_title_id"))
    assert str(said) == "x.json, field 'game_title_id': give --game"
    plain = DeckcheckError("no such file", path="x")
    assert as_flags(plain) is plain


# The library names no flag; the command line names the same options by their flags ------------------------------


def test_as_of_in_the_library_and_on_the_command_line(run_cli, vanguard_carddb, tmp_path):
    deck = tmp_path / "d.deck.toml"
    deck.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    with pytest.raises(OptionError) as error:
        check_paths([deck], [vanguard_carddb], as_of="soon")
    assert error.value.option == "as_of" and str(error.value) == "as_of must be a date YYYY-MM-DD, not 'soon'"
    code, out, err = run_cli("check", deck, "--carddb", vanguard_carddb, "--as-of", "soon")
    assert code == 2 and out == "" and err == "deckcheck: --as-of must be a date YYYY-MM-DD, not 'soon'\n"
    with pytest.raises(OptionError, match=r"^as_of '2030-02-30' is not a real date$"):
        check_paths([deck], [vanguard_carddb], as_of="2030-02-30")
    assert "deckcheck: --as-of '2030-02-30' is not a real date" in run_cli("show", deck, "--as-of", "2030-02-30")[2]


def test_a_regulation_no_game_has_in_every_output(run_cli, vanguard_carddb, tmp_path):
    deck = tmp_path / "d.deck.toml"
    deck.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    run = check_paths([deck], [vanguard_carddb], regulation="Nope")
    [error] = run.errors
    assert isinstance(error, OptionError) and error.option == "regulation" and error.field is None
    assert str(error).startswith("regulation 'Nope': none of the games checked has a regulation of that name")
    said = "--regulation 'Nope': none of the games checked has a regulation of that name"
    code, out, err = run_cli("check", deck, "--carddb", vanguard_carddb, "--regulation", "Nope", "-o", "json")
    assert code == 2 and err.startswith(f"deckcheck: {said}")
    [listed] = json.loads(out)["errors"]
    assert listed["message"].startswith(said) and listed["field"] is None
    out = run_cli("check", deck, "--carddb", vanguard_carddb, "--regulation", "Nope", "-o", "github")[1]
    assert out.startswith(f"::error title=deckcheck::{said}")


def test_two_regulations_on_the_day_asked(run_cli, vanguard_carddb, tmp_path):
    folder = vanguard_carddb / "vanguard" / "regulations"
    folder.mkdir()
    (folder / "x.toml").write_text('name = "X"\neffective = 2030-01-01\n', encoding="utf-8")
    (folder / "y.toml").write_text('name = "Y"\neffective = 2030-01-01\n', encoding="utf-8")
    deck = tmp_path / "d.deck.toml"
    deck.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    with pytest.raises(OptionError) as error:
        load_regulations("vanguard", [vanguard_carddb]).in_force(date(2030, 6, 1))
    assert error.value.options == ["as_of", "regulation"]
    assert str(error.value).startswith("as_of 2030-06-01: 'X', 'Y' both take effect on 2030-01-01 for vanguard")
    assert str(error.value).endswith("; choose one with regulation NAME")
    code, _, err = run_cli("show", deck, "--carddb", vanguard_carddb, "--as-of", "2030-06-01")
    assert code == 2 and err.startswith("deckcheck: --as-of 2030-06-01: 'X', 'Y' both take effect on 2030-01-01")
    assert err.endswith("; choose one with --regulation NAME\n")


def test_limit_in_the_library_and_on_the_command_line(run_cli, isolated_carddb):
    with pytest.raises(OptionError) as error:
        find_cards("騎士", "vanguard", limit=0)
    assert str(error.value) == "limit must be at least 1 (got 0)" and error.value.field == "limit"
    code, out, err = run_cli("cards", "search", "騎士", "--game", "vanguard", "--limit", "0")
    assert code == 2 and out == "" and err == "deckcheck: field '--limit': --limit must be at least 1 (got 0)\n"


def test_a_card_database_folder_that_does_not_exist(run_cli, isolated_carddb):
    missing = isolated_carddb / "nowhere"
    with pytest.raises(OptionError) as error:
        load_carddb("vanguard", [missing])
    assert str(error.value) == f"{missing}: card database folder does not exist (from carddb_dirs or $DECKCHECK_CARDDB)"
    code, _, err = run_cli("rules", "vanguard", "--carddb", missing)
    assert code == 2
    assert err == f"deckcheck: {missing}: card database folder does not exist (from --carddb or $DECKCHECK_CARDDB)\n"


def test_trials_in_the_library_and_on_the_command_line(run_cli, starter_carddb):
    with pytest.raises(OptionError) as error:
        StatsOptions(trials=0)
    assert error.value.option == "trials" and str(error.value) == "trials must be between 1 and 100,000,000 (got 0)"
    code, out, err = run_cli("stats", DAWN_KNIGHTS, "--want", "grade=1", "--trials", "0")
    assert code == 2 and out == ""
    assert err == "deckcheck: field 'trials': --trials must be between 1 and 100,000,000 (got 0)\n"
    with pytest.raises(OptionError) as error:
        StatsOptions(precision=0.01, method="exact")
    assert str(error.value) == "precision applies to simulation; it conflicts with method exact"
    err = run_cli("stats", DAWN_KNIGHTS, "--want", "grade=1", "--precision", "0.01", "--method", "exact")[2]
    assert err == "deckcheck: field 'method': --precision applies to simulation; it conflicts with --method exact\n"


def test_turn_and_deadlines_in_the_library_and_on_the_command_line(run_cli, starter_carddb):
    asked = dict(deck_size=50, copies=["a=4"], anys=[], options=StatsOptions(seed=1))
    with pytest.raises(OptionError) as error:
        run_odds(get_game("vanguard"), wants=["a@2"], turn=3, **asked)
    assert str(error.value) == "turn 3 applies to the wants without @N, and every want here has its own deadline"
    odds = ("odds", "--game", "vanguard", "--deck-size", "50", "--copies", "a=4", "--want")
    err = run_cli(*odds, "a@2", "--turn", "3")[2]
    assert err == (
        "deckcheck: field 'turn': --turn 3 applies to the wants without @N, and every want here has its own deadline\n"
    )
    with pytest.raises(OptionError, match=r"^turn must be between 0 and 30 \(got 31\)$"):
        run_odds(get_game("vanguard"), wants=["a"], turn=31, **asked)
    err = run_cli(*odds, "a", "--turn", "31")[2]
    assert err == "deckcheck: field 'turn': --turn must be between 0 and 30 (got 31)\n"
    # the engine's own refusal: `turns` in Python, --turn on the command line
    with pytest.raises(EngineError) as error:
        next(iter_hands(DAWN_KNIGHTS, HandRequest(seed=1, turns=31)))
    assert isinstance(error.value, OptionError) and error.value.option == "turns"
    assert str(error.value) == "turns must be between 0 and 30 (got 31): the engine models the first turns"
    err = run_cli("hand", DAWN_KNIGHTS, "--turn", "31", "--seed", "1")[2]
    assert err == "deckcheck: --turn must be between 0 and 30 (got 31): the engine models the first turns\n"


def test_hand_and_convert_options_in_the_library_and_on_the_command_line(run_cli, starter_carddb):
    with pytest.raises(OptionError) as error:
        iter_hands(DAWN_KNIGHTS, HandRequest(seed=1, wants=("grade=1",)))
    assert str(error.value) == "want says what policy optimal aims for; use it with policy optimal"
    err = run_cli("hand", DAWN_KNIGHTS, "--want", "grade=1", "--seed", "1")[2]
    assert (
        err == "deckcheck: field 'want': --want says what --mulligan optimal aims for; use it with --mulligan optimal\n"
    )
    with pytest.raises(OptionError) as error:
        run_convert(DAWN_KNIGHTS, "toml", None, printed=Printed(player="A", judging=Judging.of(as_of="2030-01-01")))
    assert error.value.options == ["player", "as_of", "to"]
    assert str(error.value) == "player and as_of apply to a printed list (to markdown or html), not toml"
    err = run_cli("convert", DAWN_KNIGHTS, "--to", "toml", "--player", "A", "--as-of", "2030-01-01")[2]
    assert err == "deckcheck: --player and --as-of apply to a printed list (--to markdown or html), not toml\n"


def test_every_option_the_library_names_is_a_flag_of_the_command_line():
    """A name given to OptionError or mention() in the library is one the CLI knows how to say as a real flag."""
    from test_app import _options_by_command

    flags = {name for options in _options_by_command().values() for name in options} | {"--help"}  # every command's
    named = set()
    for path in (ROOT / "deckcheck").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        named |= set(
            re.findall(r"""(?:mention|OptionError|NoRegulationInForce|TurnsOutOfRange)\(\s*["'](\w+)["']""", text)
        )
    assert len(named) > 20
    assert {name for name in named if flag(name).split()[0] not in flags} == set()  # (json_output: `--output json`)


# Notes, report lines and warnings name options and commands as the caller does, and no mention leaks -------------

MENTIONING_DECKS = [
    ROOT / "decks" / "cipher" / "marth-altea.deck.toml",
    ROOT / "decks" / "vanguard" / "aqua-force-thavas.deck.toml",
    ROOT / "decks" / "evolve" / "2026-03-21-rune-XEB3.deck.toml",
]
#: Runs whose notes name options: a day before every regulation, a rules version two of the games lack, and a
#: regulation only one game has.
MENTIONING_RUNS = [["--as-of", "2000-01-01", "--rules", "1.24.1"], ["--regulation", "殿堂入り 2024-06-28"]]


@pytest.mark.parametrize("output", ["text", "json", "github", "sarif", "junit"])
@pytest.mark.parametrize("options", MENTIONING_RUNS, ids=["as-of-rules", "regulation"])
def test_no_mention_leaks_into_any_output_of_check(run_cli, output, options):
    code, out, err = run_cli("check", *MENTIONING_DECKS, *options, "--output", output)
    assert code in (0, 1), err
    for text in (out, err):
        assert "\x00" not in text and "\\u0000" not in text and "\\x00" not in text
    said = [line for line in err.splitlines() if line.startswith("deckcheck: note: ")]
    notes = [line.removeprefix("deckcheck: note: ") for line in said]
    if output == "github":  # the notes are the log's notices there, not stderr's
        assert not said
        notes = [line.removeprefix("::notice::") for line in out.splitlines() if line.startswith("::notice::")]
    flags = [option for option in options if option.startswith("--")]
    assert all(any(note.startswith(flag) for note in notes) for flag in flags)  # each option's note names it so


def test_the_library_says_its_notes_with_parameter_names():
    from deckcheck.checking.output import render_github, render_json, render_junit, render_sarif, render_text

    run = check_paths(MENTIONING_DECKS, as_of="2000-01-01", rules="1.24.1")
    assert any(note.startswith("as_of 2000-01-01: no cipher regulation was in force") for note in run.notes)
    assert "rules 1.24.1: cipher has one rules document; its decks were judged by it" in run.notes
    run = check_paths(MENTIONING_DECKS, regulation="殿堂入り 2024-06-28")
    [note] = [note for note in run.notes if note.startswith("regulation ")]
    assert note.startswith("regulation '殿堂入り 2024-06-28' is not a regulation of cipher, vanguard; those decks")
    assert "own `regulation` key or as_of, else" in note
    for text in (render_text(run), render_json(run), render_github(run), render_sarif(run), render_junit(run)):
        assert "\x00" not in text and "\\u0000" not in text and "--" + "regulation" not in text


def test_a_listing_says_its_options_as_the_caller_names_them(run_cli):
    from deckcheck.commands.search import find_cards, render_found

    text = render_found(find_cards("grade=1", "vanguard", limit=1))
    assert "refine the query or raise limit" in text and "\x00" not in text
    code, out, err = run_cli("cards", "search", "-g", "vanguard", "grade=1", "--limit", "1")
    assert code == 0, err
    assert "refine the query or raise --limit" in out


def test_the_command_line_says_commands_as_command_lines():
    from deckcheck.cli.options import COMMAND_LINE
    from deckcheck.errors import mention_command

    error = DeckcheckError(
        f"no such deck file (create one with: {mention_command('new')} PATH {mention('game_id')} GAME)"
    )
    assert str(error) == "no such deck file (create one with: new PATH game_id GAME)"
    assert str(as_flags(error)) == "no such deck file (create one with: deckcheck new PATH --game GAME)"
    assert error.spelled(COMMAND_LINE) == str(as_flags(error))


def test_every_command_the_library_names_is_a_command_of_the_command_line():
    from test_app import _options_by_command

    commands = {words.split()[-1] for words in _options_by_command()}
    named = set()
    for path in (ROOT / "deckcheck").rglob("*.py"):
        named |= set(re.findall(r"""mention_command\(\s*["'](\w+)["']""", path.read_text(encoding="utf-8")))
    assert len(named) >= 5 and named - commands == set()
