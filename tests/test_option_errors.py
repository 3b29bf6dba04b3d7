"""Option errors: the library names an option as Python does (`trials`, `as_of`), the command line as its flag."""

from __future__ import annotations

import pickle

from deckcheck.cli.app import as_flags, flag
from deckcheck.errors import DeckcheckError, OptionError, mention


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
