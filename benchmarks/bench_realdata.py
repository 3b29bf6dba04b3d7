"""Benchmark the real card databases (issue 12): one EVOLVE check, `cards search`, the first run, the wheel.

Run: python benchmarks/bench_realdata.py [--runs N]. Not part of the test run; report the figures in issue notes.
Every timed figure is the median wall time of N fresh processes, the commands of one comparison run in turn (see
bench_check.py, whose helpers this uses: bytecode compiled first, the card cache in a temporary folder).

- one real deck (decks/evolve/, 6,481-record database) against one starter deck with the starter database of
  before the real data (tests/data/starter/carddb) as the shipped layer, both through the same small launcher so
  that only the database differs; target: <= 1.3x, cache warm;
- the same real check with the cache emptied before each run (the first run after an install);
- `cards search` over the 6,481 Japanese names (kana and width-insensitive), warm cache, and in one process;
- the wheel: its size, and the time `pip install --no-deps` takes to install it into a fresh venv.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import ROOT, environment, interleaved, run_once, verdict  # noqa: E402

REAL_DECK = "decks/evolve/2026-03-21-forest-7B5FM.deck.toml"
STARTER_DECK = "tests/data/starter/carddb/decks/evolve/forest-fairies.deck.toml"
# `deckcheck ARGS` with the shipped databases replaced by FOLDER (or left alone when FOLDER is empty).
LAUNCHER = (
    "import sys; from pathlib import Path; import deckcheck.carddb as c; folder = sys.argv.pop(1)\n"
    "if folder: c.shipped_carddb_dir = lambda: Path(folder)\n"
    "from deckcheck.cli import main; sys.argv = ['deckcheck', *sys.argv[1:]]; main()"
)


def launcher(shipped: str, *args: str) -> list[str]:
    return [sys.executable, "-c", LAUNCHER, shipped, *args]


def search_in_process(query: str, repeats: int = 20) -> tuple[int, float]:
    from deckcheck.carddb import load_carddb
    from deckcheck.search import search_cards

    db = load_carddb("evolve")
    start = time.perf_counter()
    for _ in range(repeats):
        found = search_cards(db, query)
    return len(found), (time.perf_counter() - start) / repeats


def wheel_figures(work: Path) -> tuple[int, float]:
    """(wheel size in bytes, seconds to pip-install it with --no-deps into a fresh venv)."""
    wheels = work / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(wheels), str(ROOT)],
        check=True,
    )
    wheel = next(wheels.glob("deckcheck-*.whl"))
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel)], check=True
    )
    return wheel.stat().st_size, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="processes per figure (median)")
    args = parser.parse_args()

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "deckcheck")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cache = work / "cache"
        env = environment(cache)
        starter = str(ROOT / "tests" / "data" / "starter" / "carddb")
        commands = {
            "starter": (launcher(starter, "check", STARTER_DECK), env),
            "real": (launcher("", "check", REAL_DECK), env),
            "search": (launcher("", "cards", "search", "ほっこーたるまえ", "--game", "evolve"), env),
        }
        for command, command_env in commands.values():  # warm the cache
            run_once(command, command_env)
        warm = interleaved(commands, args.runs)

        def empty_cache(_: str) -> None:
            shutil.rmtree(cache, ignore_errors=True)

        cold = interleaved({"real-cold": commands["real"]}, max(3, args.runs // 2), empty_cache)
        import os

        os.environ["DECKCHECK_CACHE_DIR"] = str(cache)
        found, per_search = search_in_process("ほっこーたるまえ")
        size, install = wheel_figures(work)

    ms = {label: value * 1000 for label, value in {**warm, **cold}.items()}

    def row(label: str, value: str, note: str = "") -> None:
        print(f"  {label:<66} {value:>10}  {note}")

    print(f"Bytecode compiled first; card cache in a temporary folder; median of {args.runs} fresh processes each.")
    row(f"one deck, starter database (DC-SV, 80 records): {Path(STARTER_DECK).name}", f"{ms['starter']:.0f} ms")
    row(
        f"one real deck, real database (6,481 records): {Path(REAL_DECK).name}",
        f"{ms['real']:.0f} ms",
        verdict(ms["real"] / ms["starter"], 1.3),
    )
    row("  the same, cache emptied before each run (first run after install)", f"{ms['real-cold']:.0f} ms")
    row("cards search ほっこーたるまえ --game evolve (process, warm cache)", f"{ms['search']:.0f} ms")
    row(f"  the search itself in one process ({found} cards found)", f"{per_search * 1000:.1f} ms")
    row("wheel size (all five games' databases inside)", f"{size / 1024:.0f} KiB")
    row("pip install --no-deps of the wheel into a fresh venv", f"{install:.2f} s")


if __name__ == "__main__":
    main()
