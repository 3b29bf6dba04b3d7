"""Benchmark `deckcheck stats --method simulate`: Vanguard setups per second on one core.

Vanguard's example deck (decks/vanguard/*.deck.toml), wants `grade=1`, `grade=2`, `grade=3`, going first, a table
plan that returns every card that is not grade 1 (a partial mulligan), then 3 own turns:
- plain: the `g` section removed: draws, rides and drive checks (a checked draw trigger's card: `vector_turns`);
- G assist: with the G deck, own turns 1-3 run G assist, rides, drive checks and draw triggers on arrays;
- engine: the same setups dealt card by card by the real engine (`simulate_engine`).

Run: python benchmarks/bench_simulate.py [--trials N] [--engine-trials N] [--profile]. The targets are at least
1,000,000 setups per second on one core for the G assist path (issue 16). Not part of the test run; report the
figures in issue notes with `cat /proc/loadavg`.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

# One core: keep NumPy's threaded kernels (if any) on one thread. Set before NumPy is imported.
for variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(variable, "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from deckcheck._api import load_deck
from deckcheck.model.deck import Deck  # noqa: E402
from deckcheck.model.query import parse_query  # noqa: E402
from deckcheck.stats.model import MulliganPlan, OddsModel, build_model, compositions  # noqa: E402
from deckcheck.stats.simulate import simulate, simulate_engine  # noqa: E402

WANTS = ("grade=1", "grade=2", "grade=3")


def table_plan(model: OddsModel) -> MulliganPlan:
    """A plan as a table of decisions per opening hand (as `optimal` produces): keep the grade-1 cards only."""
    grade_1 = [bool(atom.mask & 1) for atom in model.atoms]  # want 0 is grade=1
    table = {
        hand: tuple(x if keep else 0 for x, keep in zip(hand, grade_1, strict=True))
        for hand in compositions(model.counts, model.hand_size)
    }
    return MulliganPlan("table: return every non-grade-1 card", keep=table.__getitem__, redraw=lambda hand: False)


def model_for(deck: Deck) -> OddsModel:
    queries = [parse_query(text, deck.game) for text in WANTS]
    return build_model(deck, queries, going="first", turn=3, refine=True)


def rate(run, trials: int) -> tuple[float, float]:
    start = time.perf_counter()
    result = run(trials)
    elapsed = time.perf_counter() - start
    return trials / elapsed, result.probability


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=2_000_000)
    parser.add_argument("--engine-trials", type=int, default=5_000)
    parser.add_argument("--batch", type=int, default=250_000)
    parser.add_argument("--profile", action="store_true", help="profile the G assist vectorised run")
    args = parser.parse_args()
    path = sorted((ROOT / "decks" / "vanguard").glob("*.deck.toml"))[0]
    with_g = load_deck(path)
    plain = load_deck_without_g(path)
    for label, deck in (("plain (no G deck)", plain), ("G assist (vector_turns)", with_g)):
        model = model_for(deck)
        plan = table_plan(model)
        simulate(model, plan, trials=min(args.batch, args.trials), seed=0, batch=args.batch)  # warm up
        per_second, p = rate(
            lambda n, model=model, plan=plan: simulate(model, plan, trials=n, seed=1, batch=args.batch), args.trials
        )
        print(
            f"vectorised {label:<24} {per_second:>12,.0f} setups/s   "
            f"p = {p:.4f}   ({args.trials:,} trials, {len(model.atoms)} atoms)"
        )
        if args.profile and deck is with_g:
            profiler = cProfile.Profile()
            profiler.enable()
            simulate(model, plan, trials=args.trials, seed=2, batch=args.batch)
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
    for label, deck in (("plain (no G deck)", plain), ("G assist", with_g)):
        model = model_for(deck)
        plan = table_plan(model)
        per_second, p = rate(
            lambda n, model=model, plan=plan: simulate_engine(model, plan, trials=n, seed=1), args.engine_trials
        )
        print(f"engine     {label:<24} {per_second:>12,.0f} setups/s   p = {p:.4f}   ({args.engine_trials:,} trials)")


def load_deck_without_g(path: Path) -> Deck:
    """The deck file with its `g` section left out (the plain path: no G assist)."""
    from deckcheck.carddb.db import load_carddb, resolve_deck
    from deckcheck.formats.read import parse_deck

    source = parse_deck(path)
    source.entries = [entry for entry in source.entries if entry.section != "g"]
    source.sections.pop("g", None)
    return resolve_deck(source, load_carddb(source.game_id))


if __name__ == "__main__":
    main()
