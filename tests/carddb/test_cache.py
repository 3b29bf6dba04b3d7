"""The compiled card-database cache (deckcheck.cache) and the lazy imports that keep one check cheap.

The cache must never serve stale data (an edit of the same size, an added or removed file), must survive a corrupt,
truncated or old cache file and an unwritable cache folder, must never hide a broken database, and must give cards
equal to validated ones. The autouse fixture `_private_carddb_cache` below points DECKCHECK_CACHE_DIR at a fresh
temporary folder for each test (conftest.py's shares one folder across the session).
"""

from __future__ import annotations

import contextlib
import json
import marshal
import os
import signal
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from conftest import LEGAL_VANGUARD_TOML, STARTER_CARDDB, STARTER_DECKS, VANGUARD_RECORDS, cipher_unit
from typer.testing import CliRunner

import deckcheck
from deckcheck._util.searchkey import name_keys
from deckcheck.carddb import cache
from deckcheck.carddb import db as carddb
from deckcheck.carddb.db import load_carddb
from deckcheck.cli.app import app
from deckcheck.errors import CardDatabaseError
from deckcheck.games import all_games
from deckcheck.model.cards import Record

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _private_carddb_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh cache folder for each test here (overrides conftest.py's session-wide one): these tests count what is
    built and what is read, from an empty cache."""
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path_factory.mktemp("carddb-cache")))
    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The numbers of the records validated from TOML (none when the database comes from the cache)."""
    seen: list[str] = []
    original = carddb.parse_record

    def counting(game: Any, record: dict[str, Any], where: str, problems: list[str]) -> Any:
        seen.append(str(record.get("number")))
        return original(game, record, where, problems)

    monkeypatch.setattr(carddb, "parse_record", counting)
    return seen


@pytest.fixture
def layer(vanguard_carddb: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A --carddb layer holding VANGUARD_RECORDS, over an empty shipped database (so only it is parsed)."""
    empty = tmp_path / "no-shipped"
    empty.mkdir()
    monkeypatch.setattr(carddb, "shipped_carddb_dir", lambda: empty)
    yield vanguard_carddb


def fresh_load(folder: Path) -> carddb.CardDB:
    """A load as a new process would do it (the in-process functools.cache forgotten)."""
    return load_carddb("vanguard", [folder])


def cache_files() -> list[Path]:
    return sorted(cache.cache_dir().glob("*.carddb"))


def write_deck(tmp_path: Path) -> Path:
    path = tmp_path / "deck.deck.toml"
    path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    return path


def check_json(deck: Path, folder: Path) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(app, ["check", str(deck), "--carddb", str(folder), "--output", "json"])
    return result.exit_code, json.loads(result.stdout)


# The cache is used, and rebuilt when a source changes ------------------------------------------------------------


def test_the_second_load_comes_from_the_cache(layer, parses):
    first = fresh_load(layer)
    assert len(parses) == len(VANGUARD_RECORDS)
    assert len(cache_files()) == 1
    parses.clear()
    second = fresh_load(layer)
    assert parses == []
    assert second.cards == first.cards
    assert second.sources == first.sources
    assert second.warnings == first.warnings
    assert second.resolve("Crit") == first.resolve("Crit")


def test_an_edit_of_the_same_size_and_mtime_is_seen_by_check(layer, tmp_path):
    deck = write_deck(tmp_path)
    code, report = check_json(deck, layer)
    assert code == 0 and report["decks"][0]["legal"]
    source = layer / "vanguard" / "test.toml"
    before = source.stat()
    text = source.read_text(encoding="utf-8")
    assert '"Crit"' in text
    source.write_text(text.replace('"Crit"', '"Cxit"'), encoding="utf-8")  # the deck lists "Crit" by name
    os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert source.stat().st_size == before.st_size and source.stat().st_mtime_ns == before.st_mtime_ns
    code, report = check_json(deck, layer)
    assert code == 1
    unknown = [v for v in report["decks"][0]["violations"] if v["rule"] == "deck.unknown-card"]
    assert len(unknown) == 1 and "Crit" in unknown[0]["message"]


def test_an_edited_value_is_seen_by_a_new_load(layer, parses):
    fresh_load(layer)
    source = layer / "vanguard" / "test.toml"
    source.write_text(source.read_text(encoding="utf-8").replace("grade = 4", "grade = 3"), encoding="utf-8")
    parses.clear()
    assert fresh_load(layer).cards["T-201"].grade == 3
    assert parses  # rebuilt from the TOML
    parses.clear()
    assert fresh_load(layer).cards["T-201"].grade == 3
    assert parses == []  # and the rebuilt cache is used again


def test_adding_and_removing_a_file_in_a_layer(layer, parses):
    assert fresh_load(layer).resolve("T-900") is None
    extra = layer / "vanguard" / "more.toml"
    record = {"number": "T-900", "name": "New unit", "type": "normal", "grade": 1, "clans": ["C"]}
    extra.write_text(tomli_w.dumps({"game": "vanguard", "cards": [record]}), encoding="utf-8")
    assert fresh_load(layer).resolve("T-900").name == "New unit"
    extra.unlink()
    assert fresh_load(layer).resolve("T-900") is None


def test_each_set_of_layers_has_its_own_cache_file(layer, tmp_path):
    other = tmp_path / "other"
    (other / "vanguard").mkdir(parents=True)
    record = {"number": "T-901", "name": "Other unit", "type": "normal", "grade": 1, "clans": ["C"]}
    (other / "vanguard" / "o.toml").write_text(tomli_w.dumps({"cards": [record]}), encoding="utf-8")
    assert fresh_load(layer).resolve("T-901") is None
    both = load_carddb("vanguard", [layer, other])
    assert both.resolve("T-901") is not None and both.resolve("Crit") is not None
    assert len(cache_files()) == 2
    assert fresh_load(layer).resolve("T-901") is None


# Bad cache files are rebuilt ---------------------------------------------------------------------------------------


def _damage_by(kind: str, data: bytes) -> bytes:
    header = cache._HEADER
    if kind == "garbage":
        return b"not a cache at all"
    if kind == "empty":
        return b""
    if kind == "truncated":
        return data[: len(data) // 2]
    if kind == "payload-byte":
        middle = header + (len(data) - header) // 2
        return data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :]
    if kind == "payload-edit":  # still a valid payload, with another name in it: only the checksum tells
        assert data.count(b"Crit") == 2  # in the name index and in the card's own record
        return data.replace(b"Crit", b"Cxit")
    if kind == "older-format":
        start = len(cache.MAGIC)
        return data[:start] + (cache.FORMAT - 1).to_bytes(2, "big") + data[start + 2 :]
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["garbage", "empty", "truncated", "payload-byte", "payload-edit", "older-format"])
def test_a_damaged_or_old_cache_file_is_rebuilt(layer, parses, kind):
    good = fresh_load(layer)
    [path] = cache_files()
    intact = path.read_bytes()
    path.write_bytes(_damage_by(kind, intact))
    parses.clear()
    rebuilt = fresh_load(layer)
    assert rebuilt.cards == good.cards
    assert rebuilt.resolve("Crit") is not None and rebuilt.resolve("Cxit") is None
    assert len(parses) == len(VANGUARD_RECORDS)  # from the TOML, not from the damaged file
    assert path.read_bytes()[: len(cache.MAGIC) + 2] == intact[: len(cache.MAGIC) + 2]  # rewritten
    parses.clear()
    fresh_load(layer)
    assert parses == []


def signed_with_the_users_secret(path: Path, payload: bytes) -> None:
    """Give the cache file another payload with a valid MAC, as only deckcheck itself (or a bug in it) could."""
    start = path.read_bytes()[: cache._HEADER - cache._MAC_BYTES]
    secret = cache.secret_file(path.parent).read_bytes()
    path.write_bytes(start + cache._mac(secret, start, payload) + payload)


def test_a_cache_whose_payload_cannot_be_decoded_is_rebuilt(layer, parses):
    """Right magic, key and MAC, but content that is not a database: still rebuilt, never a traceback."""
    good = fresh_load(layer)
    [path] = cache_files()
    signed_with_the_users_secret(path, marshal.dumps({"fields": ["nonsense"], "cards": [[1, 2]]}))
    parses.clear()
    assert fresh_load(layer).cards == good.cards
    assert len(parses) == len(VANGUARD_RECORDS)


def test_a_cached_card_that_lacks_a_field_is_never_served_the_files_are_read_instead(layer, parses, capsys):
    """A record that passes the MAC but misses a field (only a bug can make one) must not give a card without that
    attribute, nor fail the command: the cache file is removed and the cards come from the card files."""
    good = fresh_load(layer)
    [path] = cache_files()
    payload = marshal.loads(path.read_bytes()[cache._HEADER :])
    values, mask, tagged, printed = marshal.loads(payload["records"][0])
    del values[payload["fields"].index("grade")]
    payload["records"][0] = marshal.dumps((values, mask, tagged, printed))
    signed_with_the_users_secret(path, marshal.dumps(payload))
    parses.clear()
    damaged_db = fresh_load(layer)
    assert parses == []  # the index is read from the cache ...
    number = payload["numbers"][0]
    card = damaged_db.cards[number]  # ... and the broken card only when asked for: rebuilt from the files
    assert card == good.cards[number] and card.grade == good.cards[number].grade
    assert len(parses) == len(VANGUARD_RECORDS)
    assert not path.exists()  # the next run writes a good one
    assert all(damaged_db.cards[n] == good.cards[n] for n in good.cards)
    assert capsys.readouterr().err == ""  # silent unless DECKCHECK_DEBUG
    parses.clear()
    assert fresh_load(layer).cards == good.cards
    assert len(parses) == len(VANGUARD_RECORDS) and len(cache_files()) == 1


def test_a_cache_of_another_deckcheck_version_is_rebuilt(layer, parses, monkeypatch):
    fresh_load(layer)
    monkeypatch.setattr(cache, "__version__", "0.0.0-older")  # the version the cache key reads
    parses.clear()
    fresh_load(layer)
    assert len(parses) == len(VANGUARD_RECORDS)


def test_editing_the_code_that_validates_records_invalidates_the_cache(layer, parses, monkeypatch):
    fresh_load(layer)
    monkeypatch.setattr(cache, "_fingerprints", {"vanguard": "another version of the game module"})
    parses.clear()
    fresh_load(layer)
    assert len(parses) == len(VANGUARD_RECORDS)


# A cache anyone can write to: tampered entries are rebuilt, special files never read ----------------------------------


def forge(path: Path, secret: bytes, rename: tuple[str, str]) -> None:
    """What someone who can write the cache file but not read the user's secret can do: rename a card in the payload,
    then compute the MAC (or a checksum) again with a secret of their own."""
    data = path.read_bytes()
    payload = marshal.loads(data[cache._HEADER :])
    old, new = rename
    payload["names"] = [new if name == old else name for name in payload["names"]]
    for index, record in enumerate(payload["records"]):
        values, mask, tagged, printed = marshal.loads(record)
        name = payload["fields"].index("name")
        if values[name] == old:
            values[name] = new
            payload["records"][index] = marshal.dumps((values, mask, tagged, printed))
    forged = marshal.dumps(payload)
    start = data[: cache._HEADER - cache._MAC_BYTES]
    path.write_bytes(start + cache._mac(secret, start, forged) + forged)


def test_a_payload_edited_with_its_mac_recomputed_is_never_served(layer, parses):
    good = fresh_load(layer)
    [path] = cache_files()
    forge(path, b"a guess at the secret".ljust(cache.SECRET_BYTES, b"!"), ("Crit", "Omega Knight"))
    assert b"Omega Knight" in path.read_bytes()
    parses.clear()
    rebuilt = fresh_load(layer)
    assert rebuilt.resolve("Omega Knight") is None and rebuilt.resolve("Crit") == good.resolve("Crit")
    assert len(parses) == len(VANGUARD_RECORDS)  # from the card files
    assert b"Omega Knight" not in path.read_bytes()  # and the forged file replaced


@pytest.mark.parametrize("how", ["readable by others", "owned by another user", "a link to their own"])
def test_a_secret_file_planted_by_someone_else_is_not_trusted(layer, parses, tmp_path, how):
    fresh_load(layer)
    [path] = cache_files()
    secret = cache.secret_file(path.parent)
    theirs = b"the attacker's own secret key!!!"
    assert len(theirs) == cache.SECRET_BYTES
    secret.unlink()
    if how == "a link to their own":
        elsewhere = tmp_path / "their-key"
        elsewhere.write_bytes(theirs)
        elsewhere.chmod(0o600)
        secret.symlink_to(elsewhere)
    else:
        secret.write_bytes(theirs)
        secret.chmod(0o644 if how == "readable by others" else 0o600)
        if how == "owned by another user":
            if os.geteuid() != 0:
                pytest.skip("only root can give a file to another user")
            os.chown(secret, 4242, 4242)
    forge(path, theirs, ("Crit", "Omega Knight"))
    parses.clear()
    rebuilt = fresh_load(layer)
    assert rebuilt.resolve("Omega Knight") is None and rebuilt.resolve("Crit") is not None
    assert len(parses) == len(VANGUARD_RECORDS)
    # A new private secret replaced the planted file, and the next run is served from the cache again.
    info = os.lstat(secret)
    assert stat.S_ISREG(info.st_mode) and stat.S_IMODE(info.st_mode) == 0o600 and info.st_uid == os.geteuid()
    assert secret.read_bytes() != theirs
    parses.clear()
    fresh_load(layer)
    assert parses == []


def test_the_secret_is_private_to_the_user_and_made_once(layer):
    fresh_load(layer)
    [path] = cache_files()
    secret = cache.secret_file(path.parent)
    info = os.lstat(secret)
    assert stat.S_ISREG(info.st_mode) and stat.S_IMODE(info.st_mode) == 0o600 and info.st_size == cache.SECRET_BYTES
    first = secret.read_bytes()
    load_carddb("vanguard", [layer])
    assert secret.read_bytes() == first
    assert sorted(p.name for p in path.parent.iterdir()) == sorted([path.name, secret.name])  # no temporaries


@contextlib.contextmanager
def no_longer_than(seconds: float) -> Iterator[None]:
    """Turn a hang (a FIFO opened for reading waits for a writer forever) into a failing test."""

    def expire(signum: int, frame: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def put_special_file(path: Path, kind: str) -> None:
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "character device":
        try:
            os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 5))  # a twin of /dev/zero: never ends
        except PermissionError:
            pytest.skip("only root can make a device node")
    elif kind == "huge sparse file":
        with path.open("wb") as handle:
            handle.truncate(cache.MAX_FILE_BYTES + 1)
    else:
        raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero", "character device", "huge sparse file"])
def test_a_special_file_at_the_cache_path_is_never_read_and_is_replaced(layer, parses, kind):
    good = fresh_load(layer)
    [path] = cache_files()
    put_special_file(path, kind)
    parses.clear()
    with no_longer_than(20):
        rebuilt = fresh_load(layer)
    assert rebuilt.cards == good.cards and len(parses) == len(VANGUARD_RECORDS)
    assert stat.S_ISREG(os.lstat(path).st_mode) and os.lstat(path).st_size < 1_000_000  # a cache file again
    parses.clear()
    fresh_load(layer)
    assert parses == []


def test_cache_files_are_private_whatever_the_umask(layer):
    previous = os.umask(0o002)
    try:
        fresh_load(layer)
    finally:
        os.umask(previous)
    [path] = cache_files()
    assert stat.S_IMODE(os.lstat(path).st_mode) == 0o600


@pytest.mark.parametrize("target", ["/dev/null", "a file of theirs", "nothing (dangling)"])
def test_a_link_at_the_cache_path_is_replaced_never_written_through(layer, parses, tmp_path, target):
    good = fresh_load(layer)
    [path] = cache_files()
    path.unlink()
    theirs = tmp_path / "theirs"
    if target == "a file of theirs":
        theirs.write_bytes(b"their data")
        theirs.chmod(0o666)
    path.symlink_to("/dev/null" if target == "/dev/null" else theirs)
    parses.clear()
    assert fresh_load(layer).cards == good.cards and len(parses) == len(VANGUARD_RECORDS)
    info = os.lstat(path)
    assert stat.S_ISREG(info.st_mode) and stat.S_IMODE(info.st_mode) == 0o600  # not the link target's 0666
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    if target == "a file of theirs":
        assert theirs.read_bytes() == b"their data" and stat.S_IMODE(theirs.stat().st_mode) == 0o666
    else:
        assert not theirs.exists()
    parses.clear()
    fresh_load(layer)
    assert parses == []  # served from the new file


@pytest.mark.parametrize("where", ["the secret", "the cache file"])
@pytest.mark.parametrize("folder", ["empty", "with a file in it"])
def test_a_folder_planted_at_a_cache_path_never_fails_a_load(layer, parses, capsys, where, folder):
    good = fresh_load(layer)
    [path] = cache_files()
    planted = cache.secret_file(path.parent) if where == "the secret" else path
    planted.unlink()
    planted.mkdir()
    if folder == "with a file in it":
        (planted / "x").write_text("theirs", encoding="utf-8")
    for _ in range(2):  # the first run and every later one
        parses.clear()
        loaded = fresh_load(layer)
        assert loaded.cards == good.cards and loaded.resolve("Crit") == good.resolve("Crit")
    assert capsys.readouterr().err == ""  # silent unless DECKCHECK_DEBUG
    if folder == "empty":  # ours to replace: the cache works again
        assert stat.S_ISREG(os.lstat(planted).st_mode)
        assert parses == []
    else:  # left alone, and the cards come from the card files
        assert (planted / "x").read_text(encoding="utf-8") == "theirs"
        assert len(parses) == len(VANGUARD_RECORDS)


def test_an_error_inside_the_cache_is_never_a_failed_load(layer, parses, monkeypatch):
    def broken(*_: object, **__: object) -> None:
        raise IsADirectoryError(21, "Is a directory")

    fresh_load(layer)
    monkeypatch.setattr(cache, "_load", broken)
    monkeypatch.setattr(cache, "_store", broken)
    parses.clear()
    assert fresh_load(layer).resolve("Crit") is not None and len(parses) == len(VANGUARD_RECORDS)


# Working without a cache --------------------------------------------------------------------------------------------


def test_a_cache_folder_that_is_a_file_means_no_cache_and_no_failure(
    layer, parses, tmp_path, monkeypatch, capsys, cli_notes
):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(blocker / "deckcheck"))
    for _ in range(2):
        parses.clear()
        assert fresh_load(layer).resolve("Crit") is not None
        assert len(parses) == len(VANGUARD_RECORDS)
    assert capsys.readouterr().err == ""  # silent unless DECKCHECK_DEBUG
    monkeypatch.setenv("DECKCHECK_DEBUG", "1")
    fresh_load(layer)
    assert "cannot write the card database cache" in capsys.readouterr().err


def test_an_unwritable_cache_folder_still_checks_the_deck(layer, tmp_path, monkeypatch):
    def refuse(*_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refuse)  # no file can be made in the cache folder (root ignores modes)
    deck = write_deck(tmp_path)
    for _ in range(2):
        code, report = check_json(deck, layer)
        assert code == 0 and report["summary"] == {"decks": 1, "legal": 1, "errors": 0, "warnings": 0}
    assert cache_files() == []


def test_deckcheck_no_cache_turns_it_off(layer, parses, monkeypatch):
    monkeypatch.setenv("DECKCHECK_NO_CACHE", "1")
    fresh_load(layer)
    assert cache_files() == []  # not written
    monkeypatch.delenv("DECKCHECK_NO_CACHE")
    fresh_load(layer)
    assert len(cache_files()) == 1
    monkeypatch.setenv("DECKCHECK_NO_CACHE", "1")
    parses.clear()
    fresh_load(layer)
    assert len(parses) == len(VANGUARD_RECORDS)  # not read either


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "mine"))
    assert cache.cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("DECKCHECK_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "deckcheck"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "deckcheck"


@pytest.mark.parametrize("relative", ["cache", "./cache", ".", "~/cache"])
def test_a_relative_xdg_cache_home_is_ignored(monkeypatch, tmp_path, relative):
    monkeypatch.delenv("DECKCHECK_CACHE_DIR")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", relative)
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "deckcheck"  # the XDG spec: relative means unset
    monkeypatch.setenv("XDG_CACHE_HOME", "")
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "deckcheck"


def test_a_relative_home_means_no_cache_folder(monkeypatch):
    monkeypatch.delenv("DECKCHECK_CACHE_DIR")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", "somewhere")
    assert cache.cache_dir() is None  # never a cache in whatever folder the command runs in


def test_no_home_folder_means_no_cache_and_no_failure(layer, parses, monkeypatch):
    def homeless() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("DECKCHECK_CACHE_DIR")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(homeless))
    for _ in range(2):
        parses.clear()
        assert fresh_load(layer).resolve("Crit") is not None
        assert len(parses) == len(VANGUARD_RECORDS)


# A broken database is never cached ---------------------------------------------------------------------------------


def test_a_broken_database_is_reported_on_every_load(layer):
    fresh_load(layer)  # a good cache exists for these layers
    source = layer / "vanguard" / "test.toml"
    source.write_text(source.read_text(encoding="utf-8").replace("grade = 4", 'grade = "four"'), encoding="utf-8")
    for _ in range(3):
        with pytest.raises(CardDatabaseError) as raised:
            fresh_load(layer)
        assert "T-201" in str(raised.value) and "grade" in str(raised.value)


def test_a_broken_database_writes_no_cache_and_check_exits_2_each_time(layer, tmp_path):
    bad = layer / "vanguard" / "bad.toml"
    bad.write_text('game = "vanguard"\n[[cards]]\nnumber = "T-950"\n', encoding="utf-8")
    deck = write_deck(tmp_path)
    for _ in range(2):
        result = CliRunner().invoke(app, ["check", str(deck), "--carddb", str(layer)])
        assert result.exit_code == 2
        assert "bad.toml" in result.output and "T-950" in result.output
        assert "Traceback" not in result.output
    assert cache_files() == []


def test_an_unreadable_card_file_is_a_broken_database_not_a_traceback(layer, monkeypatch):
    source = layer / "vanguard" / "test.toml"
    real_open = os.open

    def refusing_open(path, flags, *args, **options):  # as for a user without the permission (root reads anything)
        if Path(path) == source:
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args, **options)

    monkeypatch.setattr(os, "open", refusing_open)
    with pytest.raises(CardDatabaseError) as raised:
        fresh_load(layer)
    assert f"{source}: cannot be read (Permission denied)" in str(raised.value)
    assert cache_files() == []


# Cards from the cache are the validated cards ---------------------------------------------------------------------


def _same_value(a: Any, b: Any) -> bool:
    """Equal, of the same types all the way down (a str enum or tuple coming back plain would differ here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, Record):
        return a.fields_set == b.fields_set and _same_value(a.__dict__, b.__dict__)
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same_value(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(_same_value(x, y) for x, y in zip(a, b, strict=True))
    return a == b


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_cached_cards_equal_validated_cards_for_every_shipped_record(isolated_carddb, parses, game_id):
    validated = load_carddb(game_id)
    assert parses and len(validated) == len(parses)
    parses.clear()
    cached = load_carddb(game_id)
    assert parses == []  # really from the cache
    assert list(cached.cards) == list(validated.cards)
    for number, card in validated.cards.items():
        assert cached.cards[number] == card
        assert _same_value(cached.cards[number], card), number
    assert cached.sources == validated.sources and cached.warnings == validated.warnings
    assert {name: [c.number for c in cards] for name, cards in cached.by_name.items()} == {
        name: [c.number for c in cards] for name, cards in validated.by_name.items()
    }


def test_tuples_lists_and_dicts_keep_their_types_through_the_cache_format():
    value = {"a": (1, "x", [None, True, 2.5]), "b": [("y",), {"c": ()}]}
    data = marshal.loads(marshal.dumps(cache._encode(value)))
    assert _same_value(cache._decode(data), value)


class _Small(Record):
    name: str
    grade: int = 0


def test_a_record_holding_more_than_its_fields_is_not_cached():
    record = _Small(name="x")
    record.__dict__["scratch"] = ["state no field declares"]
    with pytest.raises(cache._Unencodable):
        cache._encode_fields(record, list(_Small.record_fields))


def test_a_record_comes_back_equal_with_its_own_set_of_given_fields():
    original = _Small(name="x")
    fields = list(_Small.record_fields)
    values, mask, tagged = cache._encode_fields(original, fields)
    build = cache._builder(_Small, fields)
    rebuilt, again = build(list(values), mask, tagged), build(list(values), mask, tagged)
    assert _same_value(rebuilt, original) and rebuilt.fields_set == {"name"}
    rebuilt.fields_set.add("grade")
    assert again.fields_set == {"name"}  # not shared between records


def test_a_nested_model_field_comes_back_as_its_model(isolated_carddb):
    """IC Dragon Ball leaders carry their back face as a model of its own (AwakenFace)."""
    validated = load_carddb("ic-dragonball")
    faces = {number: card.awaken for number, card in validated.cards.items() if card.awaken is not None}
    assert faces, "the shipped ic-dragonball database should have a leader with a back face"
    cached = load_carddb("ic-dragonball")
    for number, face in faces.items():
        assert _same_value(cached.cards[number].awaken, face)


# Lazy imports: one check pays only for its own game ----------------------------------------------------------------


def _python(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    return done.stdout.strip()


def test_get_game_imports_only_that_game():
    code = (
        "import sys; from deckcheck.games import get_game; get_game('build-divide'); "
        "print(sorted(m for m in sys.modules if m.startswith('deckcheck.games.')))"
    )
    assert _python(code) == "['deckcheck.games.build_divide']"


def test_unknown_games_and_module_names_are_not_games():
    from deckcheck.games import get_game

    for wrong in ("build_divide", "nope", "../vanguard", "games.vanguard", ""):
        with pytest.raises(deckcheck.DeckcheckError) as raised:
            get_game(wrong)
        assert f"the games are: {', '.join(sorted(all_games()))}" in str(raised.value)


def test_importing_the_package_imports_no_models():
    code = (
        "import sys, deckcheck; before = 'pydantic.main' in sys.modules or 'deckcheck.carddb.db' in sys.modules; "
        "from deckcheck import load_deck, check_deck, Violation; print(before, load_deck.__module__)"
    )
    assert _python(code) == "False deckcheck._api"


_PYDANTIC_MODULES = (
    "import sys; from deckcheck.cli import main; sys.argv = ['deckcheck', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit as done:\n    code = done.code\n"
    "print(code, sorted({m.split('.')[0] for m in sys.modules if m.startswith('pydantic')}), file=sys.stderr)"
)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["check", str(STARTER_DECKS / "vanguard" / "dawn_knights.deck.toml")], "1 deck checked, 1 legal"),
        (["cards", "search", "ピコル", "--game", "vanguard"], "1 card matches"),
    ],
)
def test_a_check_or_a_name_search_from_the_cache_never_imports_pydantic(tmp_path, args, said):
    """Validation is pydantic's, made on first use (deckcheck.cards); cards from the cache are plain records.

    The starter layer (the invented cards, over the shipped databases) is cached as the shipped databases are."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DECKCHECK_CACHE_DIR": str(tmp_path),
        "DECKCHECK_CARDDB": str(STARTER_CARDDB),
    }
    env.pop("DECKCHECK_NO_CACHE", None)
    command = [sys.executable, "-c", _PYDANTIC_MODULES, *args]
    runs = [subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT) for _ in range(2)]
    assert [run.stderr.strip().splitlines()[-1] for run in runs] == ["0 ['pydantic', 'pydantic_core']", "0 []"]
    assert said in runs[1].stdout


def test_a_cached_database_builds_only_the_cards_asked_for(layer, parses):
    parsed = fresh_load(layer)  # from the TOML: every card built
    cached = fresh_load(layer)
    assert parses == [record["number"] for record in VANGUARD_RECORDS]  # the second load parsed nothing
    assert isinstance(cached.cards, cache.LazyCards) and not isinstance(parsed.cards, cache.LazyCards)
    assert cached.cards._built == {}  # the index alone: numbers and names
    assert len(cached) == len(parsed) and list(cached.cards) == list(parsed.cards)
    assert cached.resolve("T-001") == parsed.resolve("T-001")
    assert cached.resolve("Crit") == parsed.resolve("Crit")  # by name, through the name index
    assert cached.resolve("Nope") is None and "T-404" not in cached.cards
    assert set(cached.cards._built) == {"T-001"}
    assert cached.suggest("Crti") == parsed.suggest("Crti")
    assert cached.by_name == parsed.by_name and cached.cards == parsed.cards  # and on demand, every card


def test_a_cached_card_keeps_its_number_and_name_as_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parses):
    """The spellings as printed are no fields: the cache keeps them beside the fields, and look-ups still compare the
    normalised forms."""
    empty = tmp_path / "no-shipped"
    empty.mkdir()
    monkeypatch.setattr(carddb, "shipped_carddb_dir", lambda: empty)
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "cards"
    (folder / "evolve").mkdir(parents=True)
    records = [
        {"number": "BP03-LDⓈ01", "name": "サロメ＆ミサキ", "type": "leader", "class": "sword"},
        {"number": "BP01-001", "name": "ローズクイーン", "type": "follower", "class": "forest", "cost": 8},
    ]
    (folder / "evolve" / "cards.toml").write_text(tomli_w.dumps({"cards": records}), encoding="utf-8")
    validated = load_carddb("evolve", [folder])
    parses.clear()
    cached = load_carddb("evolve", [folder])
    assert parses == []  # from the cache
    for db in (validated, cached):
        card = db.resolve("bp03-ldⓢ01")
        assert card is not None and card is db.resolve("BP03-LDS01") and card is db.resolve("サロメ&ミサキ")
        assert (card.number, card.name) == ("BP03-LDS01", "サロメ&ミサキ")
        assert (card.printed_number, card.printed_name) == ("BP03-LDⓈ01", "サロメ＆ミサキ")
        assert db.cards["BP01-001"].printed is None
    assert dict(cached.cards) == dict(validated.cards)


# Cipher's Japanese names (names_ja): the name index from the cache, and a changed name seen at once ---------------


@pytest.fixture
def cipher_layer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A --carddb layer of three Cipher cards, two with Japanese names, over an empty shipped database."""
    empty = tmp_path / "no-shipped"
    empty.mkdir()
    monkeypatch.setattr(carddb, "shipped_carddb_dir", lambda: empty)
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "cards" / "cipher"
    folder.mkdir(parents=True)
    records = [
        cipher_unit("B01-001", "Savior of His Realm", "Marth", names_ja=["救国の英雄 マルス"]),
        cipher_unit("B01-005", "Soul-Soothing Wings", "Caeda", names_ja=["心癒す翼 シーダ", "心癒やす翼 シーダ"]),
        cipher_unit("B07-001", "Heroic Inheritor of the Blaze", "Eliwood"),
    ]
    (folder / "cards.toml").write_text(tomli_w.dumps({"game": "cipher", "cards": records}), encoding="utf-8")
    yield tmp_path / "cards"


def fresh_cipher(folder: Path) -> carddb.CardDB:
    return load_carddb("cipher", [folder])


def test_japanese_names_come_from_the_cache_without_building_a_card(cipher_layer, parses):
    first = fresh_cipher(cipher_layer)
    assert first.resolve("心癒やす翼 シーダ").number == "B01-005"
    parses.clear()
    cached = fresh_cipher(cipher_layer)
    assert parses == [] and isinstance(cached.cards, cache.LazyCards)
    assert (
        cached.other_names_by_number
        == first.other_names_by_number
        == {
            "B01-001": ["救国の英雄 マルス"],
            "B01-005": ["心癒す翼 シーダ", "心癒やす翼 シーダ"],
        }
    )
    assert cached.numbers_by_name == first.numbers_by_name
    assert cached.cards._built == {}  # the index of names, Japanese ones included, builds no card
    assert cached.resolve("救国の英雄 マルス").number == "B01-001"
    assert cached.cards["B01-005"].names_ja == ["心癒す翼 シーダ", "心癒やす翼 シーダ"]
    # their search keys are in the file too (`cards search` and suggestions need not work them out)
    keys = cached.cards.search_keys()
    assert keys["心癒やす翼 シーダ"] == name_keys("心癒やす翼 シーダ") and "Savior of His Realm Marth" in keys
    assert len(keys) == 6  # three English names, three Japanese ones


def test_a_changed_japanese_name_invalidates_the_cache(cipher_layer, parses):
    fresh_cipher(cipher_layer)
    source = cipher_layer / "cipher" / "cards.toml"
    source.write_text(source.read_text(encoding="utf-8").replace("救国の英雄", "救国の王子"), encoding="utf-8")
    parses.clear()
    changed = fresh_cipher(cipher_layer)
    assert parses  # rebuilt from the card files
    assert changed.resolve("救国の王子 マルス").number == "B01-001" and changed.resolve("救国の英雄 マルス") is None
    parses.clear()
    assert fresh_cipher(cipher_layer).resolve("救国の王子 マルス").number == "B01-001"
    assert parses == []  # and the rebuilt cache serves the new name


def test_a_cache_whose_japanese_names_are_malformed_is_rebuilt(cipher_layer, parses):
    fresh_cipher(cipher_layer)
    [path] = cache_files()
    payload = marshal.loads(path.read_bytes()[cache._HEADER :])
    payload["other_names"] = {"B99-999": ["名前"]}  # a number the cache does not hold
    signed_with_the_users_secret(path, marshal.dumps(payload))
    parses.clear()
    assert fresh_cipher(cipher_layer).numbers_by_name.get("名前") is None
    assert len(parses) == 3


def test_a_cache_note_in_japanese(layer, tmp_path, monkeypatch, capsys, japanese, cli_notes):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(blocker / "deckcheck"))
    monkeypatch.setenv("DECKCHECK_DEBUG", "1")
    assert fresh_load(layer).resolve("Crit") is not None
    said = capsys.readouterr().err
    assert said.startswith(f"deckcheck: 注記：カードデータベースのキャッシュ {blocker / 'deckcheck'}")
    assert "を書き込めません：フォルダを作れません（" in said


# The language (issue 29) -------------------------------------------------------------------------------------------


def test_database_notes_are_never_served_in_another_language(layer, parses):
    """A database's notes are said in the language of the run that loads it: the process's cache and the cache file
    hold one language each (a Japanese run never gets the English notes, nor an English run the Japanese)."""
    from deckcheck._i18n import _
    from deckcheck.cli import language

    game = all_games()["vanguard"]
    notes = game.cards.db_warnings
    object.__setattr__(game.cards, "db_warnings", lambda cards: [_("no regulations")])  # (a note in the catalog)
    try:
        english = fresh_load(layer).warnings
        language.speak("ja")
        try:
            japanese = load_carddb("vanguard", [layer]).warnings  # in this process: loaded again, in Japanese
            parses.clear()
            japanese_from_the_file = fresh_load(layer).warnings
            assert parses == []  # from the Japanese cache file
        finally:
            language.speak("en")
        english_from_the_file = fresh_load(layer).warnings
        assert parses == []
    finally:
        object.__setattr__(game.cards, "db_warnings", notes)
    assert english == english_from_the_file == ["no regulations"]
    assert japanese == japanese_from_the_file == ["レギュレーションがありません"]
    names = [path.name for path in cache_files()]
    assert len(names) == 2 and sum(name.endswith(".ja.carddb") for name in names) == 1
