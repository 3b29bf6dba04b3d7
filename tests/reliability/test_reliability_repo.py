"""A hostile deck repository, checked as CI checks a clone: `deckcheck check` (and `rules`) in a subprocess with a
memory limit must end, name every trap, exit 2, and still report the good decks (issue 26 items 3 to 6). Each trap
once made a run hang, fill memory, or end in an internal error.

"Promptly" is asserted as the work done, not as seconds (a loaded machine is slow, never wrong; the time is
benchmarks/bench_hostile_repo.py's): the run reads fewer bytes than one trap's size limit (no trap read whole),
lists each real folder once (a maze of links is not walked path by path), and tries workers at most twice. A time limit
only turns a hang into a failure.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hostile import LIMITED_FORK, plant

REPO = Path(__file__).resolve().parents[2]
GOOD_DECK = REPO / "decks" / "evolve" / "2026-03-17-forest-22N3Q.deck.toml"
VANGUARD_DECK = REPO / "decks" / "vanguard" / "aqua-force-thavas.deck.toml"
HANG_SECONDS = 300  # a run takes about 1 s; before, several never ended (this only stops a hang)
MEMORY = 2 * 2**30  # before, a link to /dev/zero grew ~2 GB/s until the OOM killer came
#: Bytes a run may read in all (its modules, card databases, decks): less than one trap's size limit (64 MiB).
READ_LIMIT = 64 * 2**20

# Python source run before deckcheck in the child: counts the folders listed (os.scandir: the walk of the decks and
# the globs of the card folders) and the worker processes forked, and writes them with the bytes read (Linux's
# /proc/self/io rchar: every read of the process) to $COUNTS at exit. FORK_LIMIT is LIMITED_FORK's.
_COUNTED = (
    """
import atexit, json, os, sys
_listed, _forks = [], [0]
_real_scandir = os.scandir

def _scandir(path="."):
    _listed.append(os.path.realpath(path) if not isinstance(path, int) else path)
    return _real_scandir(path)

os.scandir = _scandir
FORK_LIMIT = int(os.environ.get("LIVE_CHILDREN", 10**9))
"""
    + LIMITED_FORK
    + """
_limited = os.fork

def _counted_fork():
    _forks[0] += 1
    return _limited()

os.fork = _counted_fork
_main = os.getpid()

def _report():
    if os.getpid() != _main:
        return
    try:
        with open("/proc/self/io", encoding="ascii") as io:
            read = int(dict(line.split(": ") for line in io.read().splitlines())["rchar"])
    except OSError:  # not Linux
        read = None
    with open(os.environ["COUNTS"], "w", encoding="utf-8") as out:
        json.dump({"listed": _listed, "forks": _forks[0], "read": read}, out)

atexit.register(_report)
sys.argv[0] = "deckcheck"
from deckcheck.__main__ import main
main()
"""
)


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str
    listed: list[str]  # the real path of every folder listed, once per listing
    forks: int  # worker processes forked, or tried
    read: int | None  # bytes read in all (None where the system does not say)

    def assert_bounded(self, decks: Path) -> None:
        """The work the traps once made endless is bounded: fewer bytes read than one trap's size limit (a 10 GB
        file or /dev/zero read whole is far more), and no folder of the decks walked twice (a maze of links walked
        path by path lists its 19 folders 2**18 times)."""
        assert self.read is None or self.read < READ_LIMIT, f"{self.read} bytes read"
        walked = self.walked(decks)
        twice = sorted({path for path in walked if walked.count(path) > 1})
        assert not twice, f"walked more than once: {twice}"

    def walked(self, decks: Path) -> list[str]:
        """The folders listed at or below `decks`, once per listing."""
        top = str(decks.resolve())
        return [path for path in self.listed if path == top or path.startswith(top + os.sep)]


def deckcheck(repo: Path, *args: str, **env: str) -> Run:
    """Run deckcheck in `repo` (a git repository: its carddb/ is a layer) with a memory limit, counting its work."""

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    counts = repo.parent / "counts.json"
    environment = {**os.environ, "DECKCHECK_CACHE_DIR": str(repo.parent / "cache"), "NO_COLOR": "1", **env}
    environment |= {"COUNTS": str(counts)}
    environment.pop("DECKCHECK_CARDDB", None)
    done = subprocess.run(
        [sys.executable, "-c", _COUNTED, *args],
        cwd=repo,
        env=environment,
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,
        preexec_fn=limits,
    )
    counted = json.loads(counts.read_text(encoding="utf-8"))
    counts.unlink()
    return Run(done.returncode, done.stdout, done.stderr, counted["listed"], counted["forks"], counted["read"])


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A clone: .git, carddb/, and decks/ holding a good EVOLVE deck and a Vanguard deck."""
    root = tmp_path / "clone"
    (root / ".git").mkdir(parents=True)
    (root / "carddb").mkdir()
    (root / "decks").mkdir()
    shutil.copyfile(GOOD_DECK, root / "decks" / "good.deck.toml")
    shutil.copyfile(VANGUARD_DECK, root / "decks" / "vanguard.deck.toml")
    return root


TOLD = {"device": "is not a regular file", "fifo": "is not a regular file", "sparse": "is larger than 64 MiB"}


@pytest.mark.parametrize("kind", sorted(TOLD))
def test_a_card_file_that_is_no_file_breaks_its_game_only(repo, kind):
    planted = repo / "carddb" / "vanguard" / "x.toml"
    plant(planted, kind)
    run = deckcheck(repo, "check", "decks")
    run.assert_bounded(repo / "decks")
    assert run.code == 2 and "internal error" not in run.err
    assert f"{planted}: {TOLD[kind]}" in run.err and "card file" in run.err
    assert "decks/good.deck.toml" in run.out  # the other game's deck is still checked


@pytest.mark.parametrize("kind", sorted(TOLD))
def test_a_regulation_file_that_is_no_file_is_said_by_rules_and_check(repo, kind):
    planted = repo / "carddb" / "vanguard" / "regulations" / "x.toml"
    plant(planted, kind)
    for args in (("rules", "vanguard"), ("check", "decks")):
        run = deckcheck(repo, *args)
        run.assert_bounded(repo / "decks")
        assert run.code == 2 and "internal error" not in run.err
        assert f"{planted}: {TOLD[kind]}" in run.err and "regulation file" in run.err
    assert "decks/good.deck.toml" in run.out


def test_folder_traps_are_each_named_and_the_good_decks_checked(repo, deep_folders):
    decks = repo / "decks"
    maze = decks / "maze"  # 18 folders, each with two links to the next: 2**18 paths, 19 folders
    for level in range(19):
        (maze / f"d{level}").mkdir(parents=True)
    for level in range(18):
        for name in ("a", "b"):
            (maze / f"d{level}" / name).symlink_to(f"../d{level + 1}")
    shutil.copyfile(GOOD_DECK, maze / "d18" / "maze.deck.toml")
    (decks / "root").symlink_to("/")  # the whole machine
    (decks / "outside").symlink_to(repo / "carddb")  # a folder outside the one given
    (decks / "deep").mkdir()
    deep_folders(decks / "deep", 1000)  # a thousand levels: once a RecursionError
    os.mkfifo(decks / "pipe.deck.toml")
    plant(decks / "big.deck.toml", "sparse")
    plant(decks / "zero.deck.toml", "device")
    run = deckcheck(repo, "check", "decks", "--no-regulation")
    run.assert_bounded(repo / "decks")
    assert run.code == 2 and "internal error" not in run.err
    err, out = run.err, run.out
    assert len(run.walked(decks)) <= 1 + 19 + 101  # decks/, the maze's folders, the deep tree's first 100 levels
    assert "decks/root: is a symbolic link loop" in err
    assert "decks/outside: a link to a folder outside decks" in err and "not followed" in err
    assert "is more than 100 folders below decks" in err
    assert "decks/pipe.deck.toml: is not a regular file" in err
    assert "decks/zero.deck.toml: is not a regular file" in err
    assert "decks/big.deck.toml: is larger than 64 MiB" in err
    for good in ("decks/good.deck.toml", "decks/maze/d18/maze.deck.toml", "decks/vanguard.deck.toml"):
        assert out.count(good) == 1


@pytest.mark.parametrize(("live", "said"), [("0", "could not be started"), ("2", "only 2 of 3")])
def test_a_process_limit_neither_stops_nor_hangs_the_check(repo, live, said):
    for copy in range(6):
        shutil.copyfile(GOOD_DECK, repo / "decks" / f"copy{copy}.deck.toml")
    run = deckcheck(repo, "check", "decks", DECKCHECK_JOBS="3", LIVE_CHILDREN=live)
    run.assert_bounded(repo / "decks")
    assert run.code == 0 and "internal error" not in run.err
    assert run.forks <= 3 + 2  # 3 workers tried, then once more as many as started (2 at most): never a retry loop
    assert "8 decks checked, 8 legal" in run.out
    assert run.err.count("worker process") == 1 and said in run.err
