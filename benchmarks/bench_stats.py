"""Benchmark the exact statistics: the optimal partial mulligan (Vanguard rule) for 4- and 8-atom queries, and
whole `deckcheck stats` runs on the shipped Vanguard deck.

Run: python benchmarks/bench_stats.py. Targets (issue 4): 4 atoms well under 1 s, 8 atoms under 2 s; (issue 16) the
whole ride chain with the optimal mulligan under 1 s. Not part of the test run; report the figures in issue notes.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from deckcheck.carddb.db import (
    load_carddb,  # noqa: E402
    resolve_deck,
)
from deckcheck.formats.read import parse_deck  # noqa: E402
from deckcheck.stats.answer import answer  # noqa: E402
from deckcheck.stats.options import StatsOptions
from deckcheck.stats.queries import parse_queries

DECK = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"
QUERIES = {
    # grade 1, 2, 3 and the rest: 4 atoms
    "3 wants": ["grade=1", "grade=2", "grade=3"],
    # overlapping wants (grade x trigger kind x sentinel)
    "6 wants": ["grade=0", "trigger=critical|draw", "trigger=heal|stand", "sentinel=true", "grade=1", "grade=2"],
}


def best_of(repeat: int, run) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    source = parse_deck(DECK)
    deck = resolve_deck(source, load_carddb(source.game_id))
    # Without the G deck, later turns are draws and drive checks (with draw triggers: the exact chain).
    no_g = replace(source, entries=[entry for entry in source.entries if entry.section == "main"])
    deck_no_g = resolve_deck(no_g, load_carddb(source.game_id))
    for label, wants in QUERIES.items():
        queries = parse_queries(wants, deck)
        for turn in (0, 1, 3):
            target = deck if turn < 2 else deck_no_g
            result = answer(target, queries, going="first", turn=turn, options=StatsOptions(seed=0))
            atoms = len(result.model.atoms) if result.model else "?"
            seconds = best_of(
                3, lambda t=target, k=turn, q=queries: answer(t, q, going="first", turn=k, options=StatsOptions(seed=0))
            )
            print(
                f"optimal partial mulligan, {label} ({atoms} atoms), turn {turn}: {seconds * 1000:8.1f} ms  "
                f"p = {result.probability:.6f} ({result.method})"
            )
    synthetic()
    ride_chain(deck)
    cli = [sys.executable, "-m", "deckcheck", "stats", str(DECK), "--want", "grade=1"]
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run(cli, check=True, capture_output=True, cwd=ROOT)
        runs.append(time.perf_counter() - start)
    print(
        f"`deckcheck stats {DECK.name} --want grade=1` (cold process): median {statistics.median(runs) * 1000:.0f} ms"
    )
    imports = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import typer, pydantic"], check=True, cwd=ROOT)
        imports.append(time.perf_counter() - start)
    print(f"`python -c 'import typer, pydantic'`: median {statistics.median(imports) * 1000:.0f} ms")


def ride_chain(deck) -> None:
    """Issue 16: the whole ride chain (grade 1, 2, 3 by own turns 1, 2, 3) as one exact probability with the optimal
    mulligan, on the 50-card Dawn Knights deck with its G deck (target: under 1 s), by the rules and on the floor."""
    queries = parse_queries(["grade=1@1", "grade=2@2", "grade=3@3"], deck)
    for floor in (False, True):
        for going in ("first", "second"):
            options = StatsOptions(seed=0, floor=floor)
            result = answer(deck, queries, going=going, turn=3, options=options)
            seconds = best_of(3, lambda g=going, o=options: answer(deck, queries, going=g, turn=3, options=o))
            counted = "floor" if floor else "rules"
            print(
                f"ride chain complete, optimal, going {going:<6} ({counted}): {seconds * 1000:8.1f} ms  "
                f"p = {result.probability:.6f} ({result.method}, {len(result.model.atoms)} atoms)"
            )


def synthetic() -> None:
    """8 atoms exactly, on a 49-card Vanguard population: all 8 match patterns of 3 overlapping wants, and 7
    disjoint wants plus the rest."""
    from deckcheck.engine.procedure import MulliganKind, TurnModel
    from deckcheck.stats.exact import ExactEngine
    from deckcheck.stats.model import Atom, OddsModel, Want

    shapes = {
        "3 overlapping wants": ([(m, 6) for m in range(1, 8)] + [(0, 7)], 3),
        "7 disjoint wants": ([(1 << j, 4) for j in range(7)] + [(0, 21)], 7),
    }
    for label, (masks, wants) in shapes.items():
        for turn, draws in ((0, 0), (1, 1), (3, 4)):
            atoms = tuple(Atom(mask, count, ()) for mask, count in masks)
            model = OddsModel(
                None, "first", turn, 5, MulliganKind.PARTIAL_SHUFFLE,
                tuple(Want(f"w{j}", True, 1) for j in range(wants)), atoms, None, None, TurnModel(draws=draws), (),
            )  # fmt: skip
            result = ExactEngine(model).optimal()
            seconds = best_of(3, lambda m=model: ExactEngine(m).optimal())
            print(
                f"optimal partial mulligan, 8 atoms ({label}), turn {turn}: {seconds * 1000:8.1f} ms  "
                f"p = {float(result.probability):.6f}"
            )


if __name__ == "__main__":
    main()
