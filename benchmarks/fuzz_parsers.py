"""Fuzz deckcheck's readers for longer than the test run does (issue 14): the properties of tests/fuzzing.py.

Run: python benchmarks/fuzz_parsers.py [--examples N] [--target NAME ...] [--seed S]. Not part of the test run.
For each reader (deck TOML, JSON and text; card files; card lists; queries; registry JSON) Hypothesis generates N
inputs; every input must give a result or a DeckcheckError with a message. Prints, per reader, the tries, how many
gave a result, how many a DeckcheckError, the failures (any other exception, grouped by type, message and place,
with one input for each) and the time; then the totals and the load average. Exit code 1 when anything failed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
# outside any repository and the user's cache: the shipped card databases only, cached in a scratch folder
os.environ.pop("DECKCHECK_CARDDB", None)
os.environ["DECKCHECK_CACHE_DIR"] = tempfile.mkdtemp(prefix="deckcheck-fuzz-cache-")
os.chdir(tempfile.mkdtemp(prefix="deckcheck-fuzz-"))

from fuzzing import TARGETS  # noqa: E402
from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402

from deckcheck.errors import DeckcheckError  # noqa: E402


def fuzz(name: str, examples: int, random_seed: int) -> tuple[Counter[str], dict[tuple[str, ...], list], float]:
    strategy, read = TARGETS[name]
    outcomes: Counter[str] = Counter()
    failures: dict[tuple[str, ...], list] = {}

    @seed(random_seed)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],  # every input is counted, none is shrunk: failures are recorded, not raised
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def run(arguments):
        try:
            read(*arguments)
        except DeckcheckError as error:
            outcomes["deckcheck error" if str(error).strip() else "failure"] += 1
            if not str(error).strip():
                _record(failures, AssertionError("a DeckcheckError without a message"), arguments)
        except Exception as error:  # noqa: BLE001 - what the fuzzing looks for
            outcomes["failure"] += 1
            _record(failures, error, arguments)
        else:
            outcomes["result"] += 1

    started = time.perf_counter()
    run()
    return outcomes, failures, time.perf_counter() - started


def _record(failures: dict[tuple[str, ...], list], error: BaseException, arguments: tuple) -> None:
    frame = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
    place = f"{Path(frame.filename).name}:{frame.lineno}" if frame else "?"
    key = (type(error).__name__, str(error).split("\n")[0][:120], place)
    failures.setdefault(key, [0, arguments])[0] += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=3000, help="inputs per reader (default 3000)")
    parser.add_argument("--target", action="append", choices=sorted(TARGETS), help="only this reader (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="Hypothesis' random seed (default 0)")
    args = parser.parse_args()
    total: Counter[str] = Counter()
    seconds = 0.0
    failed = 0
    for name in args.target or sorted(TARGETS):
        outcomes, failures, elapsed = fuzz(name, args.examples, args.seed)
        total.update(outcomes)
        seconds += elapsed
        tries = sum(outcomes.values())
        print(
            f"{name:<10} {tries:>7,} tries  {outcomes['result']:>7,} results  {outcomes['deckcheck error']:>7,} "
            f"DeckcheckError  {outcomes['failure']:>5,} failures  {elapsed:7.1f} s"
        )
        for (kind, message, place), (count, arguments) in failures.items():
            failed += count
            print(f"    {count:>5,} × {kind} at {place}: {message}")
            print(f"            e.g. {repr(arguments)[:300]}")
    tries = sum(total.values())
    print(
        f"{'total':<10} {tries:>7,} tries  {total['result']:>7,} results  {total['deckcheck error']:>7,} "
        f"DeckcheckError  {total['failure']:>5,} failures  {seconds:7.1f} s  (load average {os.getloadavg()[0]:.2f})"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
