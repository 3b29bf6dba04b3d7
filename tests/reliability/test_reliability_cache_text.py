"""Reliability (issue 26 items 12, 13, 16, 17, 18), through the real command in a subprocess.

The card database cache with entries planted in it (a folder at the secret's path or at a cache file's path, a link to
/dev/null, a dangling link, a FIFO, garbage bytes, a relative XDG_CACHE_HOME): every command that reads cards still
succeeds with the right output, and the cache file written is a private regular file. File names and deck names with
a newline, a tab, a bidi override and a zero-width space, through the commands that echo them (all of them, in
process: tests/_util/test_safetext.py): no forged line, no raw bidi or zero-width character. Inputs of 40,000
characters and a 100,000-column header: echoed cut.

Build Divide's deck is used: its card database is the smallest shipped one, so a cache miss costs ~0.3 s.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "decks" / "build-divide" / "yoiyami.deck.toml"
LEGAL = "[main 47, d 0, territory 1]  legal"


def deckcheck(*args: str | Path, cwd: Path, cache: Path | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1", "NO_COLOR": "1", **env}
    for name in ("DECKCHECK_CARDDB", "DECKCHECK_NO_CACHE", "DECKCHECK_DEBUG", "FORCE_COLOR"):
        environment.pop(name, None)
    environment.pop("DECKCHECK_CACHE_DIR", None)
    if cache is not None:
        environment["DECKCHECK_CACHE_DIR"] = str(cache)
    return subprocess.run(
        [sys.executable, "-m", "deckcheck", *map(str, args)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=cwd,
        timeout=60,
    )


# The cache with planted entries ------------------------------------------------------------------------------------


def _plant(where: Path, kind: str) -> None:
    if where.is_dir() and not where.is_symlink():
        shutil.rmtree(where)
    elif os.path.lexists(where):
        where.unlink()
    if kind == "a folder with a file in it":
        where.mkdir()
        (where / "theirs").write_text("planted", encoding="utf-8")
    elif kind == "an empty folder":
        where.mkdir()
    elif kind == "a link to /dev/null":
        where.symlink_to("/dev/null")
    elif kind == "a dangling link":
        where.symlink_to(where.parent / "nowhere")
    elif kind == "a FIFO":
        os.mkfifo(where)
    elif kind == "garbage bytes":
        where.write_bytes(b"\x00garbage\xff" * 100)
    else:  # pragma: no cover
        raise AssertionError(kind)


KINDS = ["a folder with a file in it", "an empty folder", "a link to /dev/null", "a dangling link", "a FIFO"]


@pytest.fixture(scope="module")
def warm(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """A deck, and the names of the cache file and of the secret its check writes."""
    work = tmp_path_factory.mktemp("cache-names")
    shutil.copy(DECK, work / "deck.deck.toml")
    done = deckcheck("check", "deck.deck.toml", cwd=work, cache=work / "cache")
    assert done.returncode == 0 and LEGAL in done.stdout, done.stderr
    [cache_file] = (work / "cache").glob("*.carddb")
    [secret] = (work / "cache").glob("mac-key*")
    return work, cache_file.name, secret.name


@pytest.mark.parametrize("kind", [*KINDS, "garbage bytes"])
@pytest.mark.parametrize("at", ["the cache file", "the secret"])
def test_a_planted_cache_entry_never_fails_a_command(warm, tmp_path, at, kind):
    source, cache_name, secret_name = warm
    shutil.copy(source / "deck.deck.toml", tmp_path / "deck.deck.toml")
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    _plant(cache / (cache_name if at == "the cache file" else secret_name), kind)
    # a check (which writes the cache), then a search (which reads what the check left)
    for args in (["check", "deck.deck.toml"], ["cards", "search", "宵闇", "--game", "build-divide"]):
        done = deckcheck(*args, cwd=tmp_path, cache=cache)
        assert done.returncode == 0, (args, done.stderr)
        assert "error" not in done.stderr
        assert (LEGAL in done.stdout) if args[0] == "check" else ("DC-BD-001" in done.stdout)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)  # never replaced or written through
    written = cache / cache_name
    if os.path.lexists(written) and stat.S_ISREG(
        os.lstat(written).st_mode
    ):  # what deckcheck wrote: private, never a link's mode
        assert stat.S_IMODE(os.lstat(written).st_mode) == 0o600
    if kind == "a folder with a file in it":
        planted = cache / (cache_name if at == "the cache file" else secret_name)
        assert (planted / "theirs").read_text(encoding="utf-8") == "planted"  # someone else's folder left alone
    else:  # the cache works again
        assert stat.S_ISREG(os.lstat(written).st_mode)


def test_a_relative_xdg_cache_home_is_ignored(tmp_path):
    shutil.copy(DECK, tmp_path / "deck.deck.toml")
    home = tmp_path / "home"
    home.mkdir()
    done = deckcheck("check", "deck.deck.toml", cwd=tmp_path, HOME=str(home), XDG_CACHE_HOME="relative-cache")
    assert done.returncode == 0 and LEGAL in done.stdout
    assert not (tmp_path / "relative-cache").exists()  # never a cache in the folder the command runs in
    assert list((home / ".cache" / "deckcheck").glob("*.carddb"))  # ~/.cache instead, as the XDG spec says


# Names and paths that would forge a line or reorder one -------------------------------------------------------------

FORGING = "a\nFORGED LINE\tTAB\u202eevil\u200b"


def _forged(stream: str) -> list[str]:
    found = [line for line in stream.split("\n") if line.startswith("FORGED")]
    return found + (["tab"] if "\tTAB" in stream else []) + [c for c in "\u202e\u200b" if c in stream]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("hostile-names")
    text = DECK.read_text(encoding="utf-8").replace(
        'name = "宵闇の王城"', 'name = "x\\nFORGED\\tTAB\\u202e\\u200bname"'
    )
    (work / f"{FORGING}.deck.toml").write_text(text, encoding="utf-8")
    (work / f"{FORGING}.csv").write_text("number,name,type,cost\nZ-1,Zed,unit,1\n", encoding="utf-8")
    return work


@pytest.mark.parametrize(
    "args",
    [
        ["check", f"{FORGING}.deck.toml"],
        ["new", f"{FORGING}.new.deck.toml", "--game", "build-divide"],
        ["add", f"{FORGING}.deck.toml", "DC-BD-008"],
        ["convert", f"{FORGING}.deck.toml", "--to", "json", "--out-file", f"{FORGING}.json", "--force"],
        ["cards", "import", f"{FORGING}.csv", "--game", "build-divide", "--into", f"{FORGING}-db"],
        ["hand", f"{FORGING}.deck.toml", "--seed", "1"],
        ["stats", f"{FORGING}.deck.toml", "--want", "cost=1", "--plot", f"{FORGING}.jpg"],
        ["add", f"{FORGING}.deck.toml", FORGING],
    ],
    ids=lambda args: " ".join(a for a in args if a.isascii())[:40],
)
def test_no_name_or_path_forges_a_line(hostile, args):
    done = deckcheck(*args, cwd=hostile, cache=hostile / "cache")
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
    assert _forged(done.stdout) == [] and _forged(done.stderr) == [], (done.stdout, done.stderr)
    assert "FORGED" in done.stdout + done.stderr  # echoed, escaped


# Long input ----------------------------------------------------------------------------------------------------------

LONG = "ab" * 20_000


@pytest.mark.parametrize(
    "args",
    [
        ["add", "deck.deck.toml", LONG],
        ["cards", "search", LONG, "--game", "build-divide"],
        ["stats", "deck.deck.toml", "--want", LONG],
    ],
    ids=["add", "cards search", "stats --want"],
)
def test_a_40000_character_input_is_echoed_cut(warm, args):
    source, _, _ = warm
    done = deckcheck(*args, cwd=source, cache=source / "cache")
    assert "internal error" not in done.stderr
    assert len(done.stdout) + len(done.stderr) < 2_000  # was 40 KB to 120 KB
    assert "(40,000 characters)" in done.stdout + done.stderr


def test_a_100000_column_header_is_echoed_cut(tmp_path):
    columns = ["number", "name", "type", "cost", *(f"extra{index}" for index in range(100_000))]
    (tmp_path / "wide.csv").write_text(",".join(columns) + "\n", encoding="utf-8")
    done = deckcheck("cards", "import", "wide.csv", "--game", "build-divide", "--into", "db", cwd=tmp_path)
    assert done.returncode == 2 and len(done.stderr) < 2_000  # was a 1 MB line
    assert "(100,000 in all)" in done.stderr
