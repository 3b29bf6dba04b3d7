"""Benchmark `deckcheck diff` against one `deckcheck stats` default report (issue 42: a diff of two versions of a
shipped deck within 2.5x one report).

The old deck is the shipped Royal Paladin deck; the new one a copy with two cards swapped (a grade 3 out, a grade 2
in: its default report changes). Each run is a whole process (start-up included), the two commands in turn (diff,
stats, diff, stats, ...) so that a drift of the machine's speed falls on both; the ratio is taken pair by pair.

Run: python benchmarks/bench_diff.py [RUNS]. Not part of the test run; report the medians and the ratio.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"
#: The two swapped cards: one 神明の騎士 アルトマイル (grade 3) fewer, one 絶剣の騎士 リヴァーロ (grade 2) more.
SWAPS = (('"G-BT14/006" = 2', '"G-BT14/006" = 1'), ('"G-TD02/005" = 3', '"G-TD02/005" = 4'))


def swapped(folder: Path) -> Path:
    text = DECK.read_text(encoding="utf-8")
    for old, new in SWAPS:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = folder / "swapped.deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
    seconds = time.perf_counter() - start
    assert done.returncode == 0, done.stderr.decode()
    return seconds


def main(runs: int = 11) -> None:
    with tempfile.TemporaryDirectory() as folder:
        new = swapped(Path(folder))
        diff = [sys.executable, "-m", "deckcheck", "diff", str(DECK), str(new)]
        stats = [sys.executable, "-m", "deckcheck", "stats", str(DECK)]
        timed(diff), timed(stats)  # warm: the card cache and the file system's
        diffs, reports, ratios = [], [], []
        for _ in range(runs):
            a, b = timed(diff), timed(stats)
            diffs.append(a)
            reports.append(b)
            ratios.append(a / b)
    print(f"deckcheck diff (two versions of {DECK.name}): median {statistics.median(diffs) * 1000:.0f} ms")
    print(f"deckcheck stats {DECK.name} (default report): median {statistics.median(reports) * 1000:.0f} ms")
    print(f"ratio diff / stats, pair by pair: median {statistics.median(ratios):.2f} (target: at most 2.5)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 11)
