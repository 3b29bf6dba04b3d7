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
