"""Decoding a user's file (deckcheck._util.files.decode_text, shared by deck reading and `cards import`)."""

from __future__ import annotations

import pytest

from deckcheck._util.files import decode_text

TEXT = "game: evolve\r\n3 自然の導き\r\n## エボルヴデッキ\r\n"


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (TEXT.encode("utf-8"), "utf-8"),
        (TEXT.encode("utf-8-sig"), "utf-8"),
        (TEXT.encode("utf-16"), "utf-16"),
        (b"\xfe\xff" + TEXT.encode("utf-16-be"), "utf-16"),
        (TEXT.encode("utf-16-le"), "utf-16"),  # saved without its BOM: told by where its NUL bytes stand
        (TEXT.encode("cp932"), "cp932"),
    ],
)
def test_every_encoding_reads_the_same_text(data, encoding):
    decoded = decode_text(data)
    assert (decoded.text, decoded.encoding, decoded.bad_lines) == (TEXT.replace("\r\n", "\n"), encoding, ())


def test_lines_no_encoding_reads_are_named_and_the_others_kept_in_place():
    decoded = decode_text("game: evolve\n3 自然の導き\n".encode() + b"\x81\x20\x81\n" + "1 ローズクイーン\n".encode())
    assert decoded.bad_lines == (3,)
    assert decoded.text.split("\n") == ["game: evolve", "3 自然の導き", "", "1 ローズクイーン", ""]


def test_a_binary_file_is_no_text_and_no_utf16():
    decoded = decode_text(b"\x00\x01\x02binary\xff\x00")
    assert decoded.bad_lines == (1,)
