"""Benchmark `deckcheck check` of a hostile cloned repository against the same clone without its traps (issue 26).

Run: python benchmarks/bench_hostile_repo.py [--runs N]. Not part of the test run: tests/reliability/
test_reliability_repo.py asserts what "promptly" means as work (bytes read, folders walked, workers tried), this
measures the time. Every figure is the median wall time of N fresh processes (`python -m deckcheck check decks`
from the checkout, a warm card-database cache in a temporary folder), the plain and the hostile clone in turn so that
a slow moment of the machine hits them alike. Before issue 26 several traps never ended. The folder traps should
cost little next to the plain clone; the card traps break the Vanguard database, which is then never cached (a
broken database is read from its files on every run, so that its error is said each time): a run validates the
shipped Vanguard cards again, which is what that figure shows.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # tests/hostile.py plants the traps

from hostile import plant  # noqa: E402

GOOD_DECK = ROOT / "decks" / "evolve" / "2026-03-17-forest-22N3Q.deck.toml"
VANGUARD_DECK = ROOT / "decks" / "vanguard" / "aqua-force-thavas.deck.toml"


def clone(root: Path) -> Path:
    """A clone as the tests make it: .git, carddb/, decks/ with an EVOLVE and a Vanguard deck."""
    (root / ".git").mkdir(parents=True)
    (root / "carddb").mkdir()
    (root / "decks").mkdir()
    shutil.copyfile(GOOD_DECK, root / "decks" / "good.deck.toml")
    shutil.copyfile(VANGUARD_DECK, root / "decks" / "vanguard.deck.toml")
    return root


def plant_card_traps(root: Path) -> None:
    """Card and regulation files that are no files: /dev/zero, a FIFO, a sparse giant."""
    for kind in ("device", "fifo", "sparse"):
        plant(root / "carddb" / "vanguard" / f"{kind}.toml", kind)
        plant(root / "carddb" / "vanguard" / "regulations" / f"{kind}.toml", kind)


def plant_folder_traps(root: Path) -> None:
    """Among the decks: a maze of links, a link to /, a link outside, a thousand-level tree, a FIFO, a sparse giant
    and /dev/zero."""
    decks = root / "decks"
    maze = decks / "maze"
    for level in range(19):
        (maze / f"d{level}").mkdir(parents=True)
    for level in range(18):
        for name in ("a", "b"):
            (maze / f"d{level}" / name).symlink_to(f"../d{level + 1}")
    (decks / "root").symlink_to("/")
    (decks / "outside").symlink_to(root / "carddb")
    folder = decks / "deep"
    for _ in range(1000):
        folder = folder / "d"
        folder.mkdir(parents=True)
    os.mkfifo(decks / "pipe.deck.toml")
    plant(decks / "big.deck.toml", "sparse")
    plant(decks / "zero.deck.toml", "device")


def seconds(repo: Path, env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "deckcheck", "check", "decks", "--no-regulation"],
        cwd=repo,
        env=env,
        capture_output=True,
        timeout=600,
        check=False,
    )
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    scratch = Path(tempfile.mkdtemp(prefix="deckcheck-bench-hostile-"))
    try:
        clones = {name: clone(scratch / name) for name in ("plain", "folder traps", "card traps")}
        plant_folder_traps(clones["folder traps"])
        plant_card_traps(clones["card traps"])
        env = {**os.environ, "DECKCHECK_CACHE_DIR": str(scratch / "cache"), "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
        env.pop("DECKCHECK_CARDDB", None)
        seconds(clones["plain"], env)  # warms the card-database cache
        times: dict[str, list[float]] = {name: [] for name in clones}
        for _ in range(runs):
            for name, repo in clones.items():
                times[name].append(seconds(repo, env))
        plain = statistics.median(times["plain"])
        for name, values in times.items():
            median = statistics.median(values)
            print(f"check decks, {name}: {median:.3f} s (median of {runs}), {median / plain:.2f}x the plain clone")
    finally:
        _remove_deep_tree(scratch / "folder traps" / "decks" / "deep")  # shutil.rmtree would recurse once per level
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


def _remove_deep_tree(top: Path) -> None:
    folders = []
    folder = top
    while folder.is_dir():
        folders.append(folder)
        folder = folder / "d"
    for folder in reversed(folders):
        folder.rmdir()


if __name__ == "__main__":
    sys.exit(main())
