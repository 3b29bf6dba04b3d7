"""Benchmark the real card databases (issue 12): one EVOLVE check, `cards search`, the first run, the wheel.

Run: python benchmarks/bench_realdata.py [--runs N]. Not part of the test run; report the figures in issue notes.
Every timed figure is the median wall time of N fresh processes, the commands of one comparison run in turn (see
bench_check.py, whose helpers this uses: bytecode compiled first, the card cache in a temporary folder). The
processes run from a temporary folder outside any git repository, as an installed deckcheck run from a player's
folder would: run from the checkout, its `carddb/` would be layered on top of any shipped folder (the starter run
would load the real 6,481 records too). The load average is printed with every figure (the machine is shared).

- one real deck (decks/evolve/, 6,481-record database) against one starter deck with the starter database of
  before the real data (tests/data/starter/carddb) as the shipped layer, both through the same small launcher so
  that only the database differs; target: <= 1.3x, cache warm;
- the same real check with the cache emptied before each run (the first run after an install);
- `cards search` over the 6,481 Japanese names (kana and width-insensitive), warm cache, against the same over
  the starter database, and in one process;
- the wheel (`pip wheel . --no-deps`): its size, and the time `pip install` takes to install it into a fresh venv,
  without its dependencies (the wheel's own cost) and with them (from the package index or pip's cache).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import ROOT, environment, verdict  # noqa: E402

REAL_DECK = "decks/evolve/2026-03-21-forest-7B5FM.deck.toml"
STARTER_DECK = "tests/data/starter/carddb/decks/evolve/forest-fairies.deck.toml"
# `deckcheck ARGS` with the shipped databases replaced by FOLDER (or left alone when FOLDER is empty).
LAUNCHER = (
    "import sys; from pathlib import Path; import deckcheck.carddb.db as c; folder = sys.argv.pop(1)\n"
    "if folder: c.shipped_carddb_dir = lambda: Path(folder)\n"
    "from deckcheck.cli import main; sys.argv = ['deckcheck', *sys.argv[1:]]; main()"
)


def launcher(shipped: str, *args: str) -> list[str]:
    return [sys.executable, "-c", LAUNCHER, shipped, *args]


def load_average() -> str:
    return "load " + " ".join(Path("/proc/loadavg").read_text().split()[:3])


def run_in(folder: Path, command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one process, run from `folder` (outside any git repository).
    CPU time barely moves when other work shares the machine; wall time does."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr.decode()[-2000:]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def interleaved_in(
    folder: Path,
    commands: dict[str, tuple[list[str], dict[str, str]]],
    runs: int,
    before: Callable[[str], None] | None = None,
) -> dict[str, tuple[float, float, str]]:
    """(median wall seconds, median CPU seconds, load average after the runs) of each command, the commands run
    in turn `runs` times."""
    times: dict[str, list[tuple[float, float]]] = {label: [] for label in commands}
    for _ in range(runs):
        for label, (command, env) in commands.items():
            if before is not None:
                before(label)
            times[label].append(run_in(folder, command, env))
    load = load_average()
    return {
        label: (statistics.median(w for w, _ in pairs), statistics.median(c for _, c in pairs), load)
        for label, pairs in times.items()
    }


def layers_seen_from(folder: Path, shipped: Path) -> list[Path]:
    """The database folders a run from `folder` reads with `shipped` as the shipped layer (the launcher's view)."""
    import deckcheck.carddb.db as carddb

    saved = carddb.shipped_carddb_dir
    carddb.shipped_carddb_dir = lambda: shipped
    try:
        return carddb.carddb_layers(cwd=folder)
    finally:
        carddb.shipped_carddb_dir = saved


def search_in_process(query: str, repeats: int = 20) -> tuple[int, float]:
    from deckcheck.carddb.db import load_carddb
    from deckcheck.carddb.search import search_cards

    db = load_carddb("evolve")
    start = time.perf_counter()
    for _ in range(repeats):
        found = search_cards(db, query)
    return len(found), (time.perf_counter() - start) / repeats


def wheel_figures(work: Path) -> tuple[int, dict[str, tuple[float, str]]]:
    """(wheel size in bytes, {how: (seconds to pip-install it into a fresh venv, load average)}), without and with
    its dependencies (those from the package index, or pip's cache)."""
    wheels = work / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(ROOT)], check=True)
    wheel = next(wheels.glob("deckcheck-*.whl"))
    installs = {}
    for how, options in (("no-deps", ["--no-deps"]), ("with-deps", [])):
        venv = work / f"venv-{how}"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
        python = venv / "bin" / "python"
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", *options, str(wheel)], check=True
        )
        installs[how] = (time.perf_counter() - start, load_average())
    return wheel.stat().st_size, installs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="processes per figure (median)")
    args = parser.parse_args()

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "deckcheck")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cache = work / "cache"
        env = environment(cache)
        starter = ROOT / "tests" / "data" / "starter" / "carddb"
        layers = layers_seen_from(work, starter)
        if layers != [starter]:  # the comparison would be meaningless
            raise SystemExit(f"the starter run would read {layers}, not only {starter}")
        commands = {
            "starter": (launcher(str(starter), "check", str(ROOT / STARTER_DECK)), env),
            "real": (launcher("", "check", str(ROOT / REAL_DECK)), env),
            "search": (launcher("", "cards", "search", "ほっこーたるまえ", "--game", "evolve"), env),
            "search-starter": (launcher(str(starter), "cards", "search", "ぽぷり", "--game", "evolve"), env),
        }
        for command, command_env in commands.values():  # warm the cache
            run_in(work, command, command_env)
        warm = interleaved_in(work, commands, args.runs)

        def empty_cache(_: str) -> None:
            shutil.rmtree(cache, ignore_errors=True)

        first = {"real-cold": commands["real"], "starter-cold": commands["starter"]}
        cold = interleaved_in(work, first, max(3, args.runs // 2), empty_cache)
        os.environ["DECKCHECK_CACHE_DIR"] = str(cache)
        found, per_search = search_in_process("ほっこーたるまえ")
        search_load = load_average()
        size, installs = wheel_figures(work)

    figures = {**warm, **cold}
    ms = {label: value * 1000 for label, (value, _, _) in figures.items()}
    cpu = {label: value * 1000 for label, (_, value, _) in figures.items()}

    from deckcheck._util.text import display_width

    def row(label: str, value: str, load: str, note: str = "") -> None:
        padding = " " * max(0, 80 - display_width(label))  # Japanese labels take two columns a character
        print(f"  {label}{padding} {value:>9}  {load:<20} {note}".rstrip())

    print(f"Bytecode compiled first; card cache in a temporary folder; median of {args.runs} fresh processes each.")
    row(
        f"one deck, starter database (DC-SV, 80 records): {Path(STARTER_DECK).name}",
        f"{ms['starter']:.0f} ms",
        figures["starter"][2],
    )
    row(
        f"one real deck, real database (6,481 records): {Path(REAL_DECK).name}",
        f"{ms['real']:.0f} ms",
        figures["real"][2],
        verdict(ms["real"] / ms["starter"], 1.3),
    )
    row(
        "  the same two in CPU time (user + system, median): real deck",
        f"{cpu['real']:.0f} ms",
        f"(starter {cpu['starter']:.0f} ms)",
        verdict(cpu["real"] / cpu["starter"], 1.3),
    )
    row(
        "  the real deck, cache emptied before each run (first run after install)",
        f"{ms['real-cold']:.0f} ms",
        figures["real-cold"][2],
    )
    row("  the starter deck, cache emptied before each run", f"{ms['starter-cold']:.0f} ms", figures["starter-cold"][2])
    row(
        "  the same two first runs in CPU time: real deck",
        f"{cpu['real-cold']:.0f} ms",
        f"(starter {cpu['starter-cold']:.0f} ms)",
    )
    row(
        "cards search ほっこーたるまえ --game evolve (process, warm cache)",
        f"{ms['search']:.0f} ms",
        figures["search"][2],
    )
    row(
        "  the same in the starter database: cards search ぽぷり --game evolve",
        f"{ms['search-starter']:.0f} ms",
        figures["search-starter"][2],
        f"{ms['search'] / ms['search-starter']:4.2f}x",
    )
    row(f"  the search itself in one process ({found} cards found)", f"{per_search * 1000:.1f} ms", search_load)
    row("wheel size (all five games' databases inside)", f"{size / 1024:.0f} KiB", "")
    for how, (seconds, load) in installs.items():
        row(f"pip install of the wheel into a fresh venv ({how})", f"{seconds:.2f} s", load)


if __name__ == "__main__":
    main()
