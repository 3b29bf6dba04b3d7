"""A hostile deck repository, checked as CI checks a clone: `deckcheck check` (and `rules`) in a subprocess with a
time and memory limit must finish promptly, name every trap, exit 2, and still report the good decks (issue 26
items 3 to 6). Each trap once made a run hang, fill memory, or end in an internal error."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hostile import LIMITED_FORK, plant

REPO = Path(__file__).resolve().parents[2]
GOOD_DECK = REPO / "decks" / "evolve" / "2026-03-17-forest-22N3Q.deck.toml"
VANGUARD_DECK = REPO / "decks" / "vanguard" / "aqua-force-thavas.deck.toml"
SECONDS = 20  # a run takes well under 2 s; before, several never ended
MEMORY = 2 * 2**30  # before, a link to /dev/zero grew ~2 GB/s until the OOM killer came


def deckcheck(repo: Path, *args: str, wrapper: str | None = None, **env: str) -> tuple[int, str, str, float]:
    """Run deckcheck in `repo` (a git repository: its carddb/ is a layer) with limits; (code, stdout, stderr, s)."""

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    environment = {**os.environ, "DECKCHECK_CACHE_DIR": str(repo.parent / "cache"), "NO_COLOR": "1", **env}
    environment.pop("DECKCHECK_CARDDB", None)
    command = [sys.executable, "-c", wrapper, *args] if wrapper else [sys.executable, "-m", "deckcheck", *args]
    started = time.monotonic()
    done = subprocess.run(
        command, cwd=repo, env=environment, capture_output=True, text=True, timeout=SECONDS, preexec_fn=limits
    )
    return done.returncode, done.stdout, done.stderr, time.monotonic() - started


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
    code, out, err, seconds = deckcheck(repo, "check", "decks")
    assert seconds < 10 and code == 2 and "internal error" not in err
    assert f"{planted}: {TOLD[kind]}" in err and "card file" in err
    assert "decks/good.deck.toml" in out  # the other game's deck is still checked


@pytest.mark.parametrize("kind", sorted(TOLD))
def test_a_regulation_file_that_is_no_file_is_said_by_rules_and_check(repo, kind):
    planted = repo / "carddb" / "vanguard" / "regulations" / "x.toml"
    plant(planted, kind)
    for args in (("rules", "vanguard"), ("check", "decks")):
        code, out, err, seconds = deckcheck(repo, *args)
        assert seconds < 10 and code == 2 and "internal error" not in err
        assert f"{planted}: {TOLD[kind]}" in err and "regulation file" in err
    assert "decks/good.deck.toml" in out


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
    code, out, err, seconds = deckcheck(repo, "check", "decks", "--no-regulation")
    assert seconds < 10 and code == 2 and "internal error" not in err
    assert "decks/root: is a symbolic link loop" in err
    assert "decks/outside: a link to a folder outside decks" in err and "not followed" in err
    assert "is more than 100 folders below decks" in err
    assert "decks/pipe.deck.toml: is not a regular file" in err
    assert "decks/zero.deck.toml: is not a regular file" in err
    assert "decks/big.deck.toml: is larger than 64 MiB" in err
    for good in ("decks/good.deck.toml", "decks/maze/d18/maze.deck.toml", "decks/vanguard.deck.toml"):
        assert out.count(good) == 1


_PROCESS_LIMIT = (
    """
import os, sys
FORK_LIMIT = int(os.environ["LIVE_CHILDREN"])
"""
    + LIMITED_FORK
    + """
sys.argv[0] = "deckcheck"
from deckcheck.__main__ import main
main()
"""
)


@pytest.mark.parametrize(("live", "said"), [("0", "could not be started"), ("2", "only 2 of 3")])
def test_a_process_limit_neither_stops_nor_hangs_the_check(repo, live, said):
    for copy in range(6):
        shutil.copyfile(GOOD_DECK, repo / "decks" / f"copy{copy}.deck.toml")
    code, out, err, seconds = deckcheck(
        repo, "check", "decks", wrapper=_PROCESS_LIMIT, DECKCHECK_JOBS="3", LIVE_CHILDREN=live
    )
    assert seconds < 10 and code == 0 and "internal error" not in err
    assert "8 decks checked, 8 legal" in out
    assert err.count("worker process") == 1 and said in err
