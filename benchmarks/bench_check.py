"""Benchmark `deckcheck check`: cold CLI runs on the shipped decks, and the library on many decks.

Run: python benchmarks/bench_check.py [--copies N]. Not part of the test run; report the figures in issue notes.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing


def cold_cli(runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "deckcheck", "check", ROOT / "decks"], capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return times


def many_decks(copies: int) -> tuple[int, float]:
    from deckcheck.check import check_paths

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        decks = [p for p in (ROOT / "decks").rglob("*") if p.is_file()]
        for i in range(copies):
            for deck in decks:
                target = folder / deck.parent.name / f"{i:05d}-{deck.name}"
                target.parent.mkdir(exist_ok=True)
                shutil.copyfile(deck, target)
        start = time.perf_counter()
        run = check_paths([folder])
        elapsed = time.perf_counter() - start
        assert run.exit_code() == 0, run.errors
        return len(run.reports), elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--copies", type=int, default=200, help="copies of every example deck for the bulk run")
    parser.add_argument("--runs", type=int, default=5, help="cold CLI runs")
    args = parser.parse_args()
    cold = cold_cli(args.runs)
    print(
        f"deckcheck check decks/ (cold process): median {statistics.median(cold) * 1000:.0f} ms over {args.runs} runs"
    )
    count, elapsed = many_decks(args.copies)
    print(f"check_paths on {count} decks: {elapsed:.2f} s ({count / elapsed:.0f} decks/s)")


if __name__ == "__main__":
    main()
