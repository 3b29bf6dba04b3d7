"""deckcheck.cli.streams: the standard streams made safe to write (issue 26 items 9-11). Every command against
hostile streams, through real processes: tests/reliability/test_reliability_streams.py."""

from __future__ import annotations

import errno
import io
import json
import os
import sys
import tomllib
from xml.etree import ElementTree

import pytest

from deckcheck.cli import streams

_kept: list[io.TextIOWrapper] = []


def _stream(path: str, encoding: str = "utf-8", errors: str = "strict") -> io.TextIOWrapper:
    """A stream as Python makes stdout: text over a buffer over the file, kept alive as sys.__stdout__ keeps the
    process's (closing it would close the file under the guarded stream)."""
    raw = io.FileIO(os.open(path, os.O_WRONLY), "w")
    stream = io.TextIOWrapper(io.BufferedWriter(raw), encoding=encoding, errors=errors)
    _kept.append(stream)
    return stream


@pytest.mark.parametrize(
    ("text", "encoding", "shown"),
    [
        ("a — b", "cp932", "a ― b"),  # EM DASH: HORIZONTAL BAR, the Japanese code pages' dash
        ("a — b", "shift_jis", "a ― b"),
        ("a — b", "euc_jp", "a ― b"),
        ("a — b", "latin-1", "a - b"),
        ("seed 1 · going first", "cp932", "seed 1 ・ going first"),
        ("seed 1 · going first", "latin-1", "seed 1 · going first"),  # latin-1 has it
        ("▸ first", "cp932", "> first"),  # one column, as the mark
        ("“紅蓮”", "latin-1", '"\\u7d05\\u84ee"'),  # what has no near character is a visible escape
        ("“紅蓮”", "cp932", "“紅蓮”"),
        ("😀", "cp932", "\\U0001f600"),
        ("≈97.5%", "cp932", "≒97.5%"),
        ("≈97.5%", "ascii", "~97.5%"),
        ("██▊   ", "cp932", "##=   "),  # a bar keeps its columns
        ("█▎", "latin-1", "#-"),
    ],
)
def test_a_character_the_encoding_lacks_is_shown_near_or_escaped(text, encoding, shown):
    assert text.encode(encoding, errors=streams.FALLBACK).decode(encoding) == shown


def test_the_fallback_handler_is_for_writing_only():
    with pytest.raises(UnicodeDecodeError):
        b"\xff".decode("utf-8", errors=streams.FALLBACK)


@pytest.mark.parametrize("encoding", ["utf-8", "UTF8", "utf-16", "utf_32"])
def test_a_utf_covers_unicode(encoding):
    assert streams.covers_unicode(encoding)


@pytest.mark.parametrize("encoding", ["cp932", "shift_jis", "latin-1", "ascii", "no-such-codec", None])
def test_other_encodings_do_not(encoding):
    assert not streams.covers_unicode(encoding)


DATA = {"name": "紅蓮の玉座 — “Guren”", "emoji": "😀", "plain": "abc", "nested": ["爆炎·一撃"]}


@pytest.mark.parametrize("encoding", ["cp932", "euc_jp", "latin-1", "ascii"])
def test_json_is_ascii_and_keeps_its_meaning_on_a_stream_that_is_not_utf(encoding):
    text = streams.as_ascii(json.dumps(DATA, ensure_ascii=False, indent=2), encoding, "json")
    assert text.isascii()  # valid as UTF-8 (RFC 8259) and as the code page alike
    assert json.loads(text) == DATA
    assert "\\u7d05\\u84ee" in text
    assert "\\ud83d\\ude00" in text  # beyond U+FFFF: a JSON surrogate pair


def test_toml_is_ascii_and_keeps_its_meaning():
    document = '"紅蓮—😀" = 4  # a comment — kept\nname = "“Guren”"\n'
    text = streams.as_ascii(document, "cp932", "toml")
    assert text.isascii()
    assert "\\U0001f600" in text  # TOML has no surrogate pairs
    assert tomllib.loads(text) == tomllib.loads(document)


def test_xml_is_ascii_and_keeps_its_meaning():
    document = '<?xml version="1.0" encoding="UTF-8"?>\n<a name="紅蓮.txt">爆炎 — 😀 &amp; “x”</a>\n'
    text = streams.as_ascii(document, "cp932", "xml")
    assert text.isascii()
    parsed, original = ElementTree.fromstring(text.encode()), ElementTree.fromstring(document.encode())
    assert (parsed.attrib, parsed.text) == (original.attrib, original.text)


@pytest.mark.parametrize("language", ["json", "toml", "xml"])
def test_a_document_on_a_utf_or_in_ascii_is_left_alone(language):
    text = json.dumps(DATA, ensure_ascii=False)
    assert streams.as_ascii(text, "utf-8", language) is text
    assert streams.as_ascii(text, None, language) is text
    plain = '{"a": 1}'
    assert streams.as_ascii(plain, "cp932", language) is plain


@pytest.mark.parametrize(
    ("text", "encoding", "count"),
    [
        ("紅蓮 — 爆炎", "latin-1", 4),  # the dash has a near character, the names none
        ("紅蓮 — 爆炎", "cp932", 0),
        ("a — b · c", "ascii", 0),
        ("😀", "cp932", 1),
        ("紅蓮", "utf-8", 0),
        ("紅蓮", None, 0),
    ],
)
def test_escaped_counts_what_has_no_near_character(text, encoding, count):
    assert streams.escaped(text, encoding) == count


def test_a_full_disk_raises_output_error_once_then_drops_the_rest():
    stream = streams._guarded(_stream("/dev/full"), raises=True)
    stream.write("a line\n")
    with pytest.raises(streams.OutputError) as raised:
        stream.flush()
    assert str(raised.value) == "no space left on device"
    assert raised.value.errno == errno.ENOSPC
    stream.write("more\n")
    stream.flush()  # the interpreter's last flush cannot fail after the message
    stream.close()


def test_stderr_on_a_full_disk_drops_what_it_cannot_write():
    stream = streams._guarded(_stream("/dev/full"), raises=False)
    stream.write("deckcheck: a message\n")
    stream.flush()
    stream.close()


def test_a_guarded_stream_writes_through_and_keeps_its_encoding(tmp_path):
    target = tmp_path / "out"
    target.touch()
    stream = streams._guarded(_stream(str(target), "cp932"), raises=True)
    assert stream.encoding == "cp932"
    assert stream.errors == streams.FALLBACK
    assert not stream.isatty()
    stream.write("紅蓮 — 爆炎 · ▸\n")
    stream.flush()
    assert target.read_bytes().decode("cp932") == "紅蓮 ― 爆炎 ・ >\n"
    assert streams._guarded(stream, raises=True) is stream  # guarded once
    stream.close()


def test_a_utf_8_stream_keeps_its_error_handler(tmp_path):
    target = tmp_path / "out"
    target.touch()
    stream = streams._guarded(_stream(str(target), "utf-8", "surrogateescape"), raises=True)
    assert stream.errors == "surrogateescape"
    stream.close()


def test_an_unbuffered_stream_is_guarded_too(tmp_path):
    """python -u, PYTHONUNBUFFERED: the text stream is over the file itself."""
    raw = io.FileIO(os.open("/dev/full", os.O_WRONLY), "w")
    _kept.append(unbuffered := io.TextIOWrapper(raw, write_through=True))  # type: ignore[arg-type]
    stream = streams._guarded(unbuffered, raises=True)
    with pytest.raises(streams.OutputError):
        stream.write("a line\n")  # line-buffered: written at its newline, as unbuffered output would be
    stream.close()


def test_a_capture_is_left_as_it_is():
    capture = io.StringIO()
    assert streams._guarded(capture, raises=True) is capture  # type: ignore[arg-type]


def test_a_closed_stdout_is_refused_before_anything_is_done(monkeypatch):
    said = io.StringIO()
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", said)
    with pytest.raises(SystemExit) as raised:
        streams.install()
    assert raised.value.code == 2
    assert said.getvalue().startswith("deckcheck: the standard output is closed, so nothing was done")


def test_a_closed_stderr_becomes_the_null_device(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", None)
    streams.install()
    assert sys.stderr is not None
    assert not sys.stderr.isatty()
    print("nowhere", file=sys.stderr)
    sys.stderr.close()
    assert sys.stdout is out


def test_install_forgets_the_last_run_s_change(monkeypatch):
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    streams.changed("x.deck.toml was changed", 1)
    assert streams.change == streams.Change("x.deck.toml was changed", 1)
    streams.install()
    assert streams.change is None
