"""Benchmark unknown-card suggestions (issue 14 item 11: "a 1 MB deck of unknown keys takes ~18 s").

Run: python benchmarks/bench_suggest.py [--cards N] [--keys N]. Not part of the test run. Prints:
- the time of one suggestion for a mistyped key against an invented database of N cards (names of random kana
  and kanji, like a real set list), first ask and remembered;
- the wall time of `deckcheck check` (text, json, sarif), `show` and `convert --to markdown|html` on a 1 MB text
  decklist of 50,000 unknown keys (a fresh process, warm cache).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KANA = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワンー"
KANJI = "騎士王竜剣姫光闇炎氷風雷聖魔獣天星月"


def invented_names(count: int, rng: random.Random) -> list[str]:
    names = set()
    while len(names) < count:
        title = "".join(rng.choice(KANJI) for _ in range(rng.randint(2, 4)))
        name = "".join(rng.choice(KANA) for _ in range(rng.randint(3, 8)))
        names.add(f"{title}の{rng.choice(KANJI)} {name}")
    return sorted(names)


def suggestion_cost(cards: int, keys: int) -> None:
    from deckcheck.carddb.db import build_carddb

    rng = random.Random(1)
    names = invented_names(cards, rng)
    records = [
        {"number": f"BM-{i:05d}", "name": name, "type": "normal", "grade": 1, "clans": ["C"]}
        for i, name in enumerate(names)
    ]
    db = build_carddb("vanguard", records)
    mistyped = [name[:-1] + "ア" for name in rng.sample(names, keys)]
    start = time.perf_counter()
    for key in mistyped:
        db.suggest(key)
    first = (time.perf_counter() - start) / keys
    start = time.perf_counter()
    for key in mistyped:
        db.suggest(key)
    again = (time.perf_counter() - start) / keys
    print(f"suggestion, {cards:,} cards: {first * 1000:.2f} ms first ask, {again * 1e6:.1f} µs remembered")


def unknown_deck_check() -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        deck = Path(folder) / "unknown.txt"
        lines = ["game: vanguard", "## main"] + [f"1 UNKNOWN-{rng.randrange(10**9):09d}" for _ in range(50_000)]
        deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
        env = {**os.environ, "DECKCHECK_CACHE_DIR": str(Path(folder) / "cache"), "NO_COLOR": "1"}
        size = deck.stat().st_size
        print(f"a {size / 1e6:.2f} MB deck of 50,000 unknown keys (load average {os.getloadavg()[0]:.2f}):")
        # every command that judges the deck and prints its problems: each must stay proportional to the deck
        for args in (
            ["check"],
            ["check", "--output", "json"],
            ["check", "--output", "sarif"],
            ["show"],
            ["convert", "--to", "markdown"],
            ["convert", "--to", "html"],
        ):
            command = [sys.executable, "-m", "deckcheck", args[0], str(deck), *args[1:]]
            subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=False)  # warm the card cache
            start = time.perf_counter()
            done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=False)
            elapsed = time.perf_counter() - start
            print(f"  deckcheck {' '.join(args)}: {elapsed:.2f} s (exit {done.returncode})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=7_000)
    parser.add_argument("--keys", type=int, default=200)
    args = parser.parse_args()
    suggestion_cost(args.cards, args.keys)
    unknown_deck_check()


if __name__ == "__main__":
    main()
