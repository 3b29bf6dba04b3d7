"""deckcheck.errors: where an error stands and why, said in the chosen language (issue 29)."""

from __future__ import annotations

import errno
import os

import pytest

from deckcheck.errors import CardDatabaseError, DeckcheckError, OptionError, mention, os_reason


def test_an_error_says_its_place_in_english():
    assert str(DeckcheckError("bad", path="a.toml", line=3, field="game")) == "a.toml:3, field 'game': bad"
    assert str(DeckcheckError("bad", line=3)) == "line 3: bad"
    assert str(DeckcheckError("bad", field="game")) == "field 'game': bad"
    assert str(CardDatabaseError(["one", "two"])) == "broken card database:\n  one\n  two"


def test_an_error_says_its_place_in_japanese(japanese):
    assert str(DeckcheckError("理由", path="a.toml", line=3, field="game")) == "a.toml:3（フィールド 'game'）: 理由"
    assert str(DeckcheckError("理由", line=3)) == "3行目: 理由"
    assert str(DeckcheckError("理由", field="game")) == "フィールド 'game': 理由"
    assert str(CardDatabaseError(["one"])) == "カードデータベースが壊れています：\n  one"
    # an option's own field is not said twice, in either language
    assert str(OptionError("as_of", f"{mention('as_of')} 理由", field="as_of")) == "as_of 理由"


@pytest.mark.parametrize(
    ("code", "english", "japanese"),
    [
        (errno.EACCES, "Permission denied", "アクセスが拒否されました"),
        (errno.ENOENT, "No such file or directory", "そのようなファイルやフォルダはありません"),
        (errno.ENOSPC, "No space left on device", "デバイスに空き容量がありません"),
    ],
)
def test_the_systems_reason_follows_the_language(code, english, japanese):
    from deckcheck.cli import language

    error = OSError(code, os.strerror(code))
    assert os_reason(error) == english
    language.speak("ja")
    try:
        assert os_reason(error) == japanese
    finally:
        language.speak("en")


def test_a_reason_deckcheck_does_not_know_stays_the_systems(japanese):
    assert os_reason(OSError(errno.EACCES, "Zugriff verweigert")) == "Zugriff verweigert"  # another libc's words
    assert os_reason(OSError(errno.ENOEXEC, os.strerror(errno.ENOEXEC))) == os.strerror(errno.ENOEXEC)
    assert os_reason(OSError("no errno")) == "no errno"


def test_an_errors_text_comes_from_its_fields_as_they_are_now():
    error = DeckcheckError("bad", path="a.toml", field="game")
    error.reason = f"worse ({error.reason})"
    error.line = 3
    assert str(error) == "a.toml:3, field 'game': worse (bad)"


def test_a_changed_error_crosses_a_process_boundary_as_it_is_now():
    import pickle

    error = OptionError("as_of", f"{mention('as_of')} 'x' is not a real date", path="d.toml")
    error.line = 4
    error.reason = f"{error.template}; give {mention('regulation')} instead"
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is OptionError and str(copy) == "d.toml:4: as_of 'x' is not a real date; give regulation instead"
    assert copy.options == ["as_of", "regulation"]


def test_mentions_are_said_as_the_caller_names_them():
    from deckcheck.errors import AS_NAMED, Spelling, mention_command, speaking, spoken

    text = f"{mention('as_of')} 2030-01-01: none in force (`{mention_command('check')}` says so)"
    assert spoken(text) == AS_NAMED.said(text) == "as_of 2030-01-01: none in force (`check` says so)"
    shouting = Spelling(option=lambda name: f"--{name.upper()}", command=lambda name: f"run {name}")
    error = DeckcheckError(text, path="a.toml")
    with speaking(shouting):
        assert spoken(text) == "--AS_OF 2030-01-01: none in force (`run check` says so)"
        assert str(error) == "a.toml: --AS_OF 2030-01-01: none in force (`run check` says so)"
    assert str(error) == "a.toml: as_of 2030-01-01: none in force (`check` says so)"  # the library's names again
    assert "\x00" not in str(error) and "\x00" not in error.reason
