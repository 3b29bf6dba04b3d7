"""Concurrent edits and killed writes (issue 14 item 1: "in 200 rounds 113 lost a card").

Run: python benchmarks/bench_concurrent_edits.py [--rounds N] [--processes P] [--kills K] [--pythonpath DIR].
Not part of the test run. Real `deckcheck add` processes (python -m deckcheck) on one deck:

- rounds: each round starts P `add` processes at once on the same deck; a round loses a card when the deck's count
  afterwards is not the count before plus P. Prints rounds, rounds with a loss, cards lost, non-zero exits.
- kills: each kill starts one `add` and SIGKILLs it after a random delay within a typical run; afterwards the deck
  must read as valid TOML with the count before or before + 1. Prints kills, torn or wrong decks, the temporary
  files left beside the deck (hidden, named like ours, removed by a later write once older than 15 minutes).

--pythonpath runs another checkout of deckcheck (e.g. an older commit unpacked with git archive) for comparison.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

CARD = "DC-VG-021"  # a card of the shipped vanguard database
DECK = f'game = "vanguard"\nname = "bench"\n[main]\n"{CARD}" = 1\n[g]\n'


def count(deck: Path) -> int:
    return tomllib.loads(deck.read_text(encoding="utf-8"))["main"][CARD]


def add_command(deck: Path) -> list[str]:
    return [sys.executable, "-m", "deckcheck", "add", str(deck), CARD]


def concurrent_rounds(work: Path, rounds: int, processes: int, env: dict[str, str]) -> None:
    deck = work / "concurrent.deck.toml"
    deck.write_text(DECK, encoding="utf-8")
    lossy = lost = failed = 0
    started = time.perf_counter()
    for _ in range(rounds):
        before = count(deck)
        runs = [subprocess.Popen(add_command(deck), env=env, stdout=subprocess.DEVNULL) for _ in range(processes)]
        failed += sum(run.wait() != 0 for run in runs)
        missing = before + processes - count(deck)
        lossy += missing > 0
        lost += missing
    seconds = time.perf_counter() - started
    print(
        f"concurrent: {rounds} rounds of {processes} adds: {lossy} rounds lost a card ({lost} cards lost), "
        f"{failed} non-zero exits; {seconds:.0f} s"
    )


def killed_writes(work: Path, kills: int, env: dict[str, str], rng: random.Random) -> None:
    deck = work / "killed.deck.toml"
    deck.write_text(DECK, encoding="utf-8")
    started = time.perf_counter()
    subprocess.run(add_command(deck), env=env, stdout=subprocess.DEVNULL, check=True)
    typical = time.perf_counter() - started
    bad = 0
    for _ in range(kills):
        before = count(deck)
        run = subprocess.Popen(add_command(deck), env=env, stdout=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.5, 1.1) * typical)
        run.send_signal(signal.SIGKILL)
        run.wait()
        try:
            bad += count(deck) not in (before, before + 1)
        except (tomllib.TOMLDecodeError, KeyError, OSError):
            bad += 1
    leftovers = [path.name for path in work.iterdir() if path.name.startswith(f".{deck.name}.")]
    print(
        f"killed: {kills} adds killed after {0.5 * typical:.2f}-{1.1 * typical:.2f} s: {bad} torn or wrong decks, "
        f"{len(leftovers)} temporary files left beside the deck"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--kills", type=int, default=0)
    parser.add_argument("--pythonpath", help="run the deckcheck found here instead of the installed one")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        env = {**os.environ, "DECKCHECK_CACHE_DIR": str(work / "cache"), "DECKCHECK_LOCK_TIMEOUT": "120"}
        env.pop("DECKCHECK_CARDDB", None)
        if args.pythonpath:
            env["PYTHONPATH"] = args.pythonpath
        os.chdir(work)  # outside any git repository: only the shipped databases
        if args.rounds:
            concurrent_rounds(work, args.rounds, args.processes, env)
        if args.kills:
            killed_writes(work, args.kills, env, random.Random(args.seed))
    loadavg = Path("/proc/loadavg")
    print(f"load: {loadavg.read_text().strip()}" if loadavg.exists() else "")


if __name__ == "__main__":
    main()
