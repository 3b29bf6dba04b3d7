"""Decoding a user's file (deckcheck._util.files.decode_text, shared by deck reading and `cards import`), and
reading the files a folder holds (read_repository_file: card databases, regulations) without a hang or a runaway."""

from __future__ import annotations

import os

import pytest
from hostile import within

from deckcheck._util import files
from deckcheck._util.files import decode_text, read_input, read_repository_file
from deckcheck._util.limits import MAX_INPUT_BYTES
from deckcheck.errors import DeckcheckError

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


# Files a folder holds: a cloned repository's card database or regulation file (issue 26 item 3) ----------------


def test_a_regular_file_is_read(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_bytes(b'game = "vanguard"\n')
    assert read_repository_file(path, "card file") == b'game = "vanguard"\n'


def test_a_link_to_a_device_that_never_ends_is_refused_unread(tmp_path, monkeypatch):
    link = tmp_path / "x.toml"
    link.symlink_to("/dev/zero")
    reads: list[int] = []
    real_fdopen = os.fdopen

    def counting_fdopen(*args, **options):
        handle = real_fdopen(*args, **options)
        real_read = handle.read
        handle.read = lambda size=-1: reads.append(size) or real_read(size)
        return handle

    monkeypatch.setattr(files.os, "fdopen", counting_fdopen)
    with pytest.raises(DeckcheckError) as raised:
        read_repository_file(link, "card file")
    assert str(raised.value) == f"{link}: is not a regular file (a FIFO, socket or device is never read as a card file)"
    assert reads == []  # refused by what it is, not after 64 MiB of zeros


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "r.toml"
    os.mkfifo(fifo)
    with within(5), pytest.raises(DeckcheckError) as raised:
        read_repository_file(fifo, "regulation file")
    assert raised.value.path == str(fifo) and "not a regular file" in raised.value.reason
    assert "regulation file" in raised.value.reason


@pytest.mark.parametrize("reader", [read_repository_file, read_input])
def test_a_huge_sparse_file_is_refused_by_its_size_without_reading_it(tmp_path, monkeypatch, reader):
    huge = tmp_path / "big.toml"
    with huge.open("wb") as handle:
        handle.truncate(10 * 2**30)  # 10 GB of holes: no disk used, and minutes to read
    monkeypatch.setattr(files.os, "set_blocking", lambda *_: pytest.fail("the file was about to be read"))
    with pytest.raises(DeckcheckError) as raised:
        reader(huge, "card file")
    assert str(raised.value) == f"{huge}: is larger than {MAX_INPUT_BYTES // 2**20} MiB: not a card file"


def test_a_file_just_within_the_limit_is_read(tmp_path):
    path = tmp_path / "cards.toml"
    with path.open("wb") as handle:
        handle.truncate(MAX_INPUT_BYTES)
    assert len(read_repository_file(path, "card file")) == MAX_INPUT_BYTES


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda path: path.mkdir(), "is a folder, not a card file"),
        (lambda path: path.symlink_to(path.parent / "nowhere"), "is a broken link (its target does not exist)"),
        (lambda path: None, "no such file"),
    ],
)
def test_what_cannot_be_read_is_named_with_its_reason(tmp_path, make, reason):
    path = tmp_path / "x.toml"
    make(path)
    with pytest.raises(DeckcheckError) as raised:
        read_repository_file(path, "card file")
    assert str(raised.value) == f"{path}: {reason}"


def test_files_that_cannot_be_read_in_japanese(tmp_path, japanese):
    with pytest.raises(DeckcheckError, match=r"missing\.txt: ファイルがありません$"):
        files.read_decoded(tmp_path / "missing.txt")
    with pytest.raises(DeckcheckError, match=r": フォルダです（ファイルではありません）$"):
        files.read_decoded(tmp_path)
    with pytest.raises(DeckcheckError, match=r": フォルダです（レギュレーションファイルではありません）$"):
        read_repository_file(tmp_path, "regulation file")
    error = files.unreadable_text("d.txt", (3, 5, 9))
    assert (
        str(error) == "d.txt:3: UTF-8、UTF-16、Shift_JIS のどのテキストでもありません（ほかに2行）。"
        "ファイルを UTF-8 で保存してください"
    )
