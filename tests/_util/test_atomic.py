"""deckcheck.atomic: writes through links, into devices and FIFOs, never over special files; leftovers of killed
writes; the edit lock."""

from __future__ import annotations

import os
import socket
import stat
import threading
import time
from pathlib import Path

import pytest

from deckcheck._util import atomic
from deckcheck._util.atomic import atomic_write, edit_lock, folder_lock, remove_stale_temporaries
from deckcheck.errors import DeckcheckError


def names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


# Links and special files ------------------------------------------------------------------------------------------


def test_a_symlink_is_written_through_to_its_target_and_stays_a_link(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "deck.toml"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    links = tmp_path / "links"
    links.mkdir()
    link = links / "deck.toml"
    link.symlink_to(os.path.relpath(target, links))
    atomic_write(link, "new")
    assert link.is_symlink() and os.readlink(link) == os.path.relpath(target, links)
    assert target.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the target's mode is kept
    assert names(links) == ["deck.toml"] and names(real) == ["deck.toml"]  # no temporary left in either folder


def test_a_chain_of_links_reaches_the_last_target(tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("old", encoding="utf-8")
    (tmp_path / "one").symlink_to("target.txt")
    (tmp_path / "two").symlink_to("one")
    atomic_write(tmp_path / "two", "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert (tmp_path / "one").is_symlink() and (tmp_path / "two").is_symlink()


def test_a_dangling_link_creates_its_target(tmp_path):
    link = tmp_path / "link"
    link.symlink_to("made.txt")
    atomic_write(link, "new")
    assert link.is_symlink() and (tmp_path / "made.txt").read_text(encoding="utf-8") == "new"


def test_a_link_loop_is_refused(tmp_path):
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(DeckcheckError, match="loops"):
        atomic_write(tmp_path / "a", "new")
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()


def test_a_fifo_is_written_by_opening_it_and_stays_a_fifo(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    atomic_write(fifo, "through the pipe")
    reader.join(timeout=30)
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert names(tmp_path) == ["pipe"]


def character_device(tmp_path: Path) -> Path:
    """A null device: a private twin of /dev/null where we may make one (root), else /dev/null itself, which a
    user who is not root cannot replace anyway, so a failing test cannot break the machine."""
    twin = tmp_path / "null"
    try:
        os.mknod(twin, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except OSError:
        return Path("/dev/null")
    return twin


def test_a_character_device_is_written_by_opening_it_and_stays_a_device(tmp_path):
    device = character_device(tmp_path)
    before = os.lstat(device)
    atomic_write(device, "discarded")
    after = os.lstat(device)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev and after.st_ino == before.st_ino
    assert [name for name in names(device.parent) if name.endswith(atomic.TEMP_SUFFIX)] == []


def test_a_socket_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        with pytest.raises(DeckcheckError, match="socket, not a regular file"):
            atomic_write(path, "x")
        assert stat.S_ISSOCK(os.lstat(path).st_mode)
    assert names(tmp_path) == ["s"]


def test_a_folder_is_refused(tmp_path):
    (tmp_path / "d").mkdir()
    with pytest.raises(DeckcheckError, match="folder"):
        atomic_write(tmp_path / "d", "x")


def test_own_files_replace_a_link_instead_of_following_it(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("keep", encoding="utf-8")
    planted = tmp_path / "cache.bin"
    planted.symlink_to(victim)
    atomic.atomic_write_with(planted, lambda handle: handle.write(b"cache"), own_file=True)
    assert victim.read_text(encoding="utf-8") == "keep"
    assert not planted.is_symlink() and planted.read_bytes() == b"cache"


def test_own_files_replace_a_fifo_without_opening_it(tmp_path):
    fifo = tmp_path / "cache.bin"
    os.mkfifo(fifo)
    atomic.atomic_write_with(fifo, lambda handle: handle.write(b"cache"), own_file=True)  # would block if opened
    assert stat.S_ISREG(os.lstat(fifo).st_mode) and fifo.read_bytes() == b"cache"


def test_exclusive_never_replaces_a_file(tmp_path):
    path = tmp_path / "new.toml"
    atomic_write(path, "first", exclusive=True)
    with pytest.raises(DeckcheckError, match="already exists"):
        atomic_write(path, "second", exclusive=True)
    assert path.read_text(encoding="utf-8") == "first"
    assert names(tmp_path) == ["new.toml"]


# Leftovers of killed writes ---------------------------------------------------------------------------------------


def test_stale_temporaries_of_ours_are_removed_and_nothing_else(tmp_path):
    target = tmp_path / "d.deck.toml"
    target.write_text("deck", encoding="utf-8")
    old = time.time() - atomic.STALE_TEMP_SECONDS - 60
    ours_stale = tmp_path / f".d.deck.toml.abcd_123{atomic.TEMP_SUFFIX}"
    ours_fresh = tmp_path / f".d.deck.toml.zzzz9999{atomic.TEMP_SUFFIX}"  # a write in progress may own it
    users = tmp_path / ".d.deck.toml.abcd_123.tmp"  # not our suffix
    other_target = tmp_path / f".e.deck.toml.abcd_123{atomic.TEMP_SUFFIX}"  # another file's: its own write cleans it
    odd_middle = tmp_path / f".d.deck.toml.my-notes{atomic.TEMP_SUFFIX}"  # not what mkstemp makes
    for path in (ours_stale, ours_fresh, users, other_target, odd_middle):
        path.write_text("x", encoding="utf-8")
    for path in (ours_stale, users, other_target, odd_middle):
        os.utime(path, (old, old))
    atomic_write(target, "new deck")
    left = names(tmp_path)
    assert ours_stale.name not in left
    assert {ours_fresh.name, users.name, other_target.name, odd_middle.name, "d.deck.toml"} == set(left)


def test_a_stale_folder_or_link_named_like_ours_is_left_alone(tmp_path):
    target = tmp_path / "d.txt"
    folder = tmp_path / f".d.txt.abcdefgh{atomic.TEMP_SUFFIX}"
    folder.mkdir()
    link = tmp_path / f".d.txt.hgfedcba{atomic.TEMP_SUFFIX}"
    link.symlink_to(target)
    old = time.time() - atomic.STALE_TEMP_SECONDS - 60
    os.utime(folder, (old, old))
    os.utime(link, (old, old), follow_symlinks=False)
    remove_stale_temporaries(target)
    assert folder.is_dir() and link.is_symlink()


# The edit lock ----------------------------------------------------------------------------------------------------


def hold_lock(path: Path) -> int:
    """Lock `path` as another deckcheck process would (flock locks belong to an open file, so one process can
    play both sides); close the returned descriptor to release it."""
    import fcntl

    descriptor = os.open(path, os.O_RDONLY)
    fcntl.flock(descriptor, fcntl.LOCK_EX)
    return descriptor


def test_a_lock_that_cannot_be_had_in_time_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv(atomic.LOCK_TIMEOUT_ENV, "0.2")
    path = tmp_path / "d.toml"
    path.write_text("x", encoding="utf-8")
    held = hold_lock(path)
    try:
        expected = r"another deckcheck command is changing this file.*0\.2 s"
        with pytest.raises(DeckcheckError, match=expected) as raised, edit_lock(path):
            pytest.fail("the lock was held by another")
        assert str(path) in str(raised.value)
    finally:
        os.close(held)
    with edit_lock(path):  # free again
        pass


def test_a_waiter_locks_the_file_that_replaced_the_one_it_waited_for(tmp_path):
    path = tmp_path / "d.toml"
    path.write_text("1", encoding="utf-8")
    held = hold_lock(path)
    seen: list[str] = []

    def waiter() -> None:
        with edit_lock(path):
            seen.append(path.read_text(encoding="utf-8"))

    thread = threading.Thread(target=waiter)
    thread.start()
    time.sleep(0.2)
    assert seen == []  # still waiting
    atomic_write(path, "2")  # the holder replaces the file, then lets go of the old one
    os.close(held)
    thread.join(timeout=30)
    assert seen == ["2"]
    # The waiter holds the new file's lock while it works: a second holder of the new file would have blocked it.
    held = hold_lock(path)
    os.close(held)


def test_the_lock_is_taken_on_a_links_target(tmp_path, monkeypatch):
    monkeypatch.setenv(atomic.LOCK_TIMEOUT_ENV, "0.1")
    target = tmp_path / "d.toml"
    target.write_text("x", encoding="utf-8")
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    held = hold_lock(target)
    try:
        with pytest.raises(DeckcheckError, match="another deckcheck command"), edit_lock(link):
            pass
    finally:
        os.close(held)


@pytest.mark.parametrize(("given", "seconds"), [("", 10.0), ("2.5", 2.5), ("0", 0.0), ("-1", 10.0), ("x", 10.0)])
def test_lock_timeout_from_the_environment(monkeypatch, given, seconds):
    monkeypatch.setenv(atomic.LOCK_TIMEOUT_ENV, given)
    assert atomic.lock_timeout() == seconds


def test_a_missing_file_cannot_be_locked(tmp_path):
    with pytest.raises(DeckcheckError, match="no such file"), edit_lock(tmp_path / "gone.toml"):
        pass


def test_folder_lock_creates_the_folder_and_removes_it_if_left_empty(tmp_path):
    folder = tmp_path / "db" / "vanguard"
    with folder_lock(folder) as created:
        assert folder.is_dir() and created == [tmp_path / "db", folder]
    assert names(tmp_path) == []
    with folder_lock(folder):
        (folder / "cards.toml").write_text("x", encoding="utf-8")
    assert (folder / "cards.toml").exists()
    with folder_lock(folder) as created:  # there already: made by no one, removed by no one
        assert created == []
    assert (folder / "cards.toml").exists()


def test_folder_lock_waits_for_another_holder(tmp_path, monkeypatch):
    monkeypatch.setenv(atomic.LOCK_TIMEOUT_ENV, "0.2")
    folder = tmp_path / "db"
    folder.mkdir()
    held = hold_lock(folder)
    try:
        with pytest.raises(DeckcheckError, match="another deckcheck command"), folder_lock(folder):
            pass
    finally:
        os.close(held)


# Descriptors: written into, never replaced (issue 26 item 2) -----------------------------------------------------


def test_a_descriptor_of_a_pipe_is_written_into(tmp_path):
    """/dev/stdout into a pipe resolved to `/proc/N/fd/pipe:[…]`, which no rename can replace: 'No such file'."""
    reading, writing = os.pipe()
    try:
        atomic_write(f"/dev/fd/{writing}", "deck\n")
        os.close(writing)
        writing = -1
        assert os.read(reading, 100) == b"deck\n"
    finally:
        os.close(reading)
        if writing >= 0:
            os.close(writing)
    assert names(tmp_path) == []


@pytest.mark.parametrize("spelling", ["/dev/fd/{n}", "/proc/self/fd/{n}", "/proc/{pid}/fd/{n}"])
def test_a_descriptor_open_for_appending_keeps_what_the_file_held(tmp_path, spelling):
    """`deckcheck … --out-file /dev/stdout >> log`: the log's earlier lines stay, the deck is appended."""
    log = tmp_path / "log.txt"
    log.write_text("earlier\n", encoding="utf-8")
    with open(log, "ab") as handle:
        path = spelling.format(n=handle.fileno(), pid=os.getpid())
        atomic_write(path, "deck\n")
        handle.write(b"later\n")
    assert log.read_text(encoding="utf-8") == "earlier\ndeck\nlater\n"
    assert names(tmp_path) == ["log.txt"]


def test_a_descriptor_is_written_at_its_offset_between_what_the_shell_wrote(tmp_path):
    """`{ echo a; deckcheck … --out-file /dev/stdout --force; echo b; } > f` keeps a and b."""
    out = tmp_path / "f"
    with open(out, "wb", buffering=0) as handle:
        handle.write(b"a\n")
        link = tmp_path / "stdout"  # as /dev/stdout: a link to the descriptor
        link.symlink_to(f"/proc/self/fd/{handle.fileno()}")
        atomic_write(link, "deck\n")
        handle.write(b"b\n")
    assert out.read_text(encoding="utf-8") == "a\ndeck\nb\n"
    assert link.is_symlink()


def test_a_closed_descriptor_is_a_clear_error(tmp_path):
    reading, writing = os.pipe()
    os.close(reading)
    os.close(writing)
    with pytest.raises(DeckcheckError, match="cannot write: the descriptor is not open"):
        atomic_write(f"/dev/fd/{writing}", "deck\n")


def test_another_process_descriptor_is_appended_to_not_replaced(tmp_path):
    import subprocess
    import sys

    log = tmp_path / "log.txt"
    log.write_text("earlier\n", encoding="utf-8")
    with open(log, "ab") as handle:
        holder = subprocess.Popen(
            [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE, stdout=handle
        )
        try:
            atomic_write(f"/proc/{holder.pid}/fd/1", "deck\n")
        finally:
            holder.communicate(b"")
    assert log.read_text(encoding="utf-8") == "earlier\ndeck\n"


def test_lock_if_file_locks_a_regular_file_and_nothing_else(tmp_path, monkeypatch):
    import fcntl

    monkeypatch.setenv(atomic.LOCK_TIMEOUT_ENV, "0.2")
    deck = tmp_path / "d.toml"
    deck.write_text("x", encoding="utf-8")
    held = os.open(deck, os.O_RDONLY)
    fcntl.flock(held, fcntl.LOCK_EX)
    try:
        with pytest.raises(DeckcheckError, match="another deckcheck command"), atomic.lock_if_file(deck):
            pass
    finally:
        os.close(held)
    for free in (tmp_path / "new.toml", Path("/dev/null")):
        with atomic.lock_if_file(free):
            pass


# Owner and group of a replaced file (issue 26 item 15) ------------------------------------------------------------


def test_root_keeps_the_owner_and_group_of_a_file_it_rewrites(tmp_path):
    """`sudo deckcheck add` (or an edit by root) once gave the deck to root; its owner then found it read-only."""
    if os.geteuid() != 0:
        pytest.skip("needs root: only root may give a file to a second user (this suite runs as root in CI)")
    deck = tmp_path / "d.toml"
    deck.write_text("old", encoding="utf-8")
    deck.chmod(0o644)
    os.chown(deck, 1234, 2345)  # a second user's deck
    atomic_write(deck, "new")
    info = deck.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (1234, 2345, 0o644)
    assert deck.read_text(encoding="utf-8") == "new"


def _chown_only_groups(allowed_group: int | None):
    """os.chown as a user who may not give files away and may use only `allowed_group`."""
    real = os.chown

    def chown(path, uid, gid, *args, **kwargs):
        if uid != -1 or gid != allowed_group:
            raise PermissionError(1, "Operation not permitted")
        return real(path, os.stat(path).st_uid, gid)

    return chown


def test_a_user_who_may_not_give_the_file_away_keeps_the_group_and_says_so(tmp_path, monkeypatch, capsys, cli_notes):
    deck = tmp_path / "d.toml"
    deck.write_text("old", encoding="utf-8")
    mine = os.stat(deck)
    monkeypatch.setattr(atomic.os, "stat", _stat_owned_by(deck, 4321, mine.st_gid))
    monkeypatch.setattr(atomic.os, "chown", _chown_only_groups(mine.st_gid))
    atomic_write(deck, "new")
    err = capsys.readouterr().err
    assert f"deckcheck: note: {deck}: the rewritten file is yours, not owner 4321" in err
    assert "group" not in err.split("not owner")[1].split("(only root")[0]  # the group was kept
    assert deck.read_text(encoding="utf-8") == "new"


def test_an_owner_and_group_that_cannot_be_kept_are_both_said(tmp_path, monkeypatch, capsys, cli_notes):
    deck = tmp_path / "d.toml"
    deck.write_text("old", encoding="utf-8")
    monkeypatch.setattr(atomic.os, "stat", _stat_owned_by(deck, 4321, 4322))
    monkeypatch.setattr(atomic.os, "chown", _chown_only_groups(None))
    atomic_write(deck, "new")
    err = capsys.readouterr().err
    assert "not owner 4321 and group 4322 as before (only root may give a file to another user)" in err


def test_a_new_file_or_one_of_ones_own_needs_no_chown_and_no_note(tmp_path, monkeypatch, capsys):
    def chown(*args, **kwargs):
        raise AssertionError("no chown needed")

    monkeypatch.setattr(atomic.os, "chown", chown)
    deck = tmp_path / "d.toml"
    atomic_write(deck, "new")
    atomic_write(deck, "newer")
    assert capsys.readouterr().err == ""


def _stat_owned_by(path: Path, uid: int, gid: int):
    """os.stat that shows `path` owned by uid:gid (as another user's file looks), everything else as it is."""
    real = os.stat

    def fake(target, *args, **kwargs):
        result = real(target, *args, **kwargs)
        if os.fspath(target) != os.fspath(path):
            return result
        values = list(result)
        values[stat.ST_UID], values[stat.ST_GID] = uid, gid
        return os.stat_result(values)

    return fake


def test_an_own_file_planted_by_another_user_is_not_given_back_to_them(tmp_path, monkeypatch, capsys):
    """The cache (own_file) stays the process's: keeping a planter's owner would let them change root's cache."""
    monkeypatch.setattr(atomic.os, "chown", lambda *args, **kwargs: pytest.fail("chown of an own file"))
    cache = tmp_path / "cache.bin"
    cache.write_bytes(b"planted")
    monkeypatch.setattr(atomic.os, "stat", _stat_owned_by(cache, 4321, 4321))
    atomic.atomic_write_with(cache, lambda handle: handle.write(b"ours"), own_file=True)
    assert cache.read_bytes() == b"ours" and capsys.readouterr().err == ""


# Japanese (issue 29) -----------------------------------------------------------------------------------------------


def test_a_locked_file_in_japanese(tmp_path, monkeypatch, japanese):
    monkeypatch.setenv(atomic.LOCK_TIMEOUT_ENV, "0.2")
    path = tmp_path / "d.toml"
    path.write_text("x", encoding="utf-8")
    held = hold_lock(path)
    try:
        with pytest.raises(DeckcheckError) as raised, edit_lock(path):
            pytest.fail("the lock was held by another")
    finally:
        os.close(held)
    assert str(raised.value) == (
        f"{path}: ほかの deckcheck コマンドがこのファイルを変更しています。0.2秒待ちましたが、あきらめました（何も"
        "変更していません。もう一度実行するか、DECKCHECK_LOCK_TIMEOUT を設定してもっと長く待ってください）"
    )


def test_write_errors_in_japanese(tmp_path, japanese):
    with pytest.raises(DeckcheckError, match="書き込めません：フォルダです$"):
        atomic_write(tmp_path, "x")
    with pytest.raises(DeckcheckError, match="ファイルがありません$"), edit_lock(tmp_path / "missing.toml"):
        pass
    taken = tmp_path / "taken.toml"
    taken.write_text("x", encoding="utf-8")
    with pytest.raises(DeckcheckError, match="すでに存在します。何も書き込んでいません$"):
        atomic_write(taken, "y", exclusive=True)
