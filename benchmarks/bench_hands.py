"""Benchmark the engine: hands dealt per second for each game's first example deck, opening hand and turn 3.

Run: python benchmarks/bench_hands.py [--hands N]. Not part of the test run; report the figures in issue notes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from deckcheck.carddb.db import (
    load_carddb,  # noqa: E402
    resolve_deck,
)
from deckcheck.engine.deal import deal  # noqa: E402
from deckcheck.formats.read import parse_deck  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000)
    args = parser.parse_args()
    for folder in sorted((ROOT / "decks").iterdir()):
        path = sorted(folder.glob("*.deck.toml"))[0]
        source = parse_deck(path)
        deck = resolve_deck(source, load_carddb(source.game_id))
        rates = []
        for turns in (0, 3):
            start = time.perf_counter()
            for seed in range(args.hands):
                deal(deck, seed=seed, going="second", turns=turns)
            rates.append(args.hands / (time.perf_counter() - start))
        print(
            f"{source.game_id:<14} {path.name:<34} turn 0: {rates[0]:>7.0f} hands/s   turn 3: {rates[1]:>7.0f} hands/s"
        )


if __name__ == "__main__":
    main()
