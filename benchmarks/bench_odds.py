"""Benchmark the statistics questions of issue 27 ("Instant odds") against one `check`, side by side.

Run: python benchmarks/bench_odds.py [--runs N] [--only SUBSTRING]. Not part of the test run; report the figures in
issue notes. Every figure is the median wall time of N fresh processes (`python -m deckcheck ...` from the checkout,
bytecode compiled, the card-database cache warmed once: cold process, warm cache), the commands of one round run in
turn so that a slow moment of the machine hits them alike. The reference is `deckcheck check` of one deck.

The questions: the issue's Vanguard questions on the shipped Vanguard example deck, the default report (`stats DECK`
with no --want) of every shipped deck of every game, and per game the heaviest line of its default report asked as a
table one turn later (`--want W --turn T+1`; a line whose wants all carry `@N` has its last deadline moved one turn
later, since --turn changes nothing there). Each answer is read from `--output json`: the benchmark says which
questions were not answered exactly (every cell's `method`), and the target is every question exact within 10x one
check.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VANGUARD = "decks/vanguard/royal-paladin-altmile.deck.toml"
EVOLVE = "decks/evolve/2026-03-22-priconne-28T2P.deck.toml"
RATIO = 10.0

ISSUE_QUESTIONS: dict[str, list[str]] = {
    "VG grade 1, 2, 3 by turn 3 (optimal)": [
        VANGUARD,
        "--want",
        "grade=1",
        "--want",
        "grade=2",
        "--want",
        "grade=3",
        "--turn",
        "3",
    ],
    "VG grade 3 by turn 4, no mulligan": [VANGUARD, "--want", "grade=3", "--turn", "4", "--mulligan", "none"],
    "VG grade 3 and a heal by turn 3": [VANGUARD, "--want", "grade=3", "--want", "trigger=heal", "--turn", "3"],
    "VG ride chain + 2 heals by turn 3": [
        VANGUARD,
        "--want",
        "grade=1@1",
        "--want",
        "grade=2@2",
        "--want",
        "grade=3@3",
        "--want",
        "2+trigger=heal",
        "--turn",
        "3",
    ],
    "VG >=2 grade 3 and a heal by turn 4": [VANGUARD, "--want", ">=2 grade=3", "--want", "trigger=heal", "--turn", "4"],
    "BD --any (ace or cost<=2 by 1, unit by 2)": [
        "decks/build-divide/yoiyami.deck.toml",
        "--any",
        "subtypes=ace@1",
        "--any",
        "type=unit,cost=0|1|2@1",
        "--want",
        "type=unit@2",
    ],
}

# The heaviest line of each game's default report (measured: the one with the most wants, at the latest turn), asked
# one turn later.
LATER_LINES: dict[str, list[str]] = {
    "VG ride chain, grade 3 by turn 4 (report +1)": [
        VANGUARD,
        "--want",
        "grade=1@1",
        "--want",
        "grade=2@2",
        "--want",
        "grade=3@4",
    ],
    "VG grade 3 by turn 4 table (report +1)": [VANGUARD, "--want", "grade=3", "--turn", "4"],
    "VG neo-nectar grade 3 by turn 4 (report +1)": [
        "decks/vanguard/neo-nectar-ahsha.txt",
        "--want",
        "grade=3",
        "--turn",
        "4",
    ],
    "EVOLVE curve 2..5, cost 5 by turn 6 (report +1)": [
        EVOLVE,
        *[arg for n in range(2, 5) for arg in ("--want", f"type=follower,cost={n}@{n}")],
        "--want",
        "type=follower,cost=5@6",
    ],
    "EVOLVE cost 4 by turn 5 table (report +1)": [EVOLVE, "--want", "type=follower,cost=4", "--turn", "5"],
    "Cipher class change by turn 4 (report +1)": [
        "decks/cipher/chrom-shepherds.txt",
        "--want",
        "number=B01-051",
        "--turn",
        "4",
    ],
    "BD ace by turn 4 (report +1)": [
        "decks/build-divide/guren.txt",
        "--want",
        "subtypes=ace,titles=紅蓮|覇王",
        "--turn",
        "4",
    ],
    "DB level <= 4 by turn 4 (report +1)": [
        "decks/ic-dragonball/hayate-co-op.txt",
        "--want",
        "level=0|1|2|3|4",
        "--turn",
        "4",
    ],
}


def environment(cache: Path) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("DECKCHECK_CARDDB", "DECKCHECK_NO_CACHE", "DECKCHECK_DEBUG", "DECKCHECK_JOBS", "DECKCHECK_LANG"):
        env.pop(name, None)
    env["DECKCHECK_CACHE_DIR"] = str(cache)
    env["NO_COLOR"] = "1"
    return env


def methods(document: Any) -> Iterator[str]:
    """Every `method` value anywhere in a JSON document (each answered cell has one)."""
    if isinstance(document, dict):
        for key, value in document.items():
            if key == "method" and isinstance(value, str):
                yield value
            else:
                yield from methods(value)
    elif isinstance(document, list):
        for item in document:
            yield from methods(item)


def questions() -> dict[str, list[str]]:
    found = dict(ISSUE_QUESTIONS)
    for deck in sorted((ROOT / "decks").rglob("*")):
        if deck.is_file():
            found[f"default report {deck.parent.name}/{deck.name}"] = [str(deck.relative_to(ROOT))]
    found.update(LATER_LINES)
    return found


def timed(command: list[str], env: dict[str, str]) -> tuple[float, bytes]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr.decode()[-2000:]}")
    return elapsed, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="only the questions whose label holds this")
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", "deckcheck"], cwd=ROOT, check=True)
    asked = {label: argv for label, argv in questions().items() if args.only in label}
    base = [sys.executable, "-m", "deckcheck"]
    check = [*base, "check", VANGUARD]
    with tempfile.TemporaryDirectory() as cache:
        env = environment(Path(cache))
        timed(check, env)  # warm the card-database cache
        worst = 0.0
        inexact = []
        print(f"{'question':58} {'median s':>9} {'check s':>8} {'ratio':>6}  exact")
        for label, argv in asked.items():
            command = [*base, "stats", *argv, "--output", "json"]
            mine, reference = [], []
            output = b""
            for _ in range(args.runs):
                seconds, output = timed(command, env)
                mine.append(seconds)
                reference.append(timed(check, env)[0])
            found = list(methods(json.loads(output)))
            exact = bool(found) and all(method == "exact" for method in found)
            if not exact:
                inexact.append(label)
            ratio = statistics.median(mine) / statistics.median(reference)
            worst = max(worst, ratio)
            print(
                f"{label[:58]:58} {statistics.median(mine):9.3f} {statistics.median(reference):8.3f} {ratio:6.1f}  "
                f"{'yes' if exact else 'NO (' + ', '.join(sorted(set(found))) + ')'}",
                flush=True,
            )
    print(f"worst ratio {worst:.1f} (target <= {RATIO:g}); not exact: {', '.join(inexact) or 'none'}")


if __name__ == "__main__":
    main()
