"""The library's notes (deckcheck._util.notes, issue 37): a command says them on stderr for its own length; a program
using deckcheck as a library is never printed to, and finds them in the standard logger "deckcheck"."""

from __future__ import annotations

import logging
import os

from typer.testing import CliRunner

from deckcheck._util import notes
from deckcheck._util.atomic import atomic_write
from deckcheck.cli.app import app


def test_a_library_caller_is_never_printed_to_and_can_log_the_notes(capsys, caplog):
    with caplog.at_level(logging.DEBUG, logger="deckcheck"):
        notes.note("a note")
        notes.note("a debug note", debug=True)
    assert capsys.readouterr() == ("", "")
    assert [(r.name, r.levelno, r.getMessage()) for r in caplog.records] == [
        ("deckcheck", logging.INFO, "a note"),
        ("deckcheck", logging.DEBUG, "a debug note"),
    ]
    assert any(isinstance(h, logging.NullHandler) for h in logging.getLogger("deckcheck").handlers)


def test_a_listener_hears_every_note_until_it_is_replaced():
    heard: list[tuple[str, bool]] = []
    previous = notes.listen(lambda message, debug: heard.append((message, debug)))
    try:
        notes.note("one")
        notes.note("two", debug=True)
    finally:
        assert notes.listen(previous) is not None
    notes.note("three")  # to the logger again
    assert heard == [("one", False), ("two", True)]


def test_the_command_line_says_notes_on_stderr_and_debug_notes_only_when_asked(cli_notes, capsys, monkeypatch):
    monkeypatch.delenv("DECKCHECK_DEBUG", raising=False)
    notes.note("for the user")
    notes.note("for a developer", debug=True)
    assert capsys.readouterr().err == "deckcheck: note: for the user\n"
    monkeypatch.setenv("DECKCHECK_DEBUG", "1")
    notes.note("for a developer", debug=True)
    assert capsys.readouterr().err == "deckcheck: note: for a developer\n"


def test_a_command_listens_for_its_own_length_only(tmp_path):
    before = notes.listen(None)
    notes.listen(before)
    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 0
    assert notes.listen(before) is before  # the command put the listener back as it found it


def test_a_library_write_that_loses_the_owner_notes_it_to_the_logger_not_stderr(tmp_path, monkeypatch, capsys, caplog):
    from deckcheck._util import atomic

    deck = tmp_path / "d.toml"
    deck.write_text("old", encoding="utf-8")
    real_stat, mine = os.stat, os.stat(deck)

    def stat(path, *args, **kwargs):
        found = real_stat(path, *args, **kwargs)
        if str(path) == str(deck):
            return os.stat_result((*found[:4], 4321, mine.st_gid, *found[6:]))
        return found

    monkeypatch.setattr(atomic.os, "stat", stat)
    monkeypatch.setattr(atomic.os, "chown", lambda *a, **k: (_ for _ in ()).throw(PermissionError(1, "no")))
    with caplog.at_level(logging.INFO, logger="deckcheck"):
        atomic_write(deck, "new")
    assert capsys.readouterr().err == ""
    assert f"{deck}: the rewritten file is yours, not owner 4321" in caplog.text
