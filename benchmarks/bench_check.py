"""Benchmark `deckcheck check` and the "speed at scale" targets of issue 6.

Run: python benchmarks/bench_check.py [--runs N] [--copies N]. Not part of the test run; report the figures in
issue notes. Every figure is the median wall time of N fresh processes (`python -m deckcheck ...` from the checkout),
the commands of one comparison run in turn so that a slow moment of the machine hits them alike.

Realistic conditions: the package's bytecode is compiled first (`python -m compileall deckcheck`; a pip-installed
deckcheck has its .pyc files, while PYTHONDONTWRITEBYTECODE=1 would otherwise make every run compile our modules
from source), and the compiled card-database cache lives in a temporary folder (DECKCHECK_CACHE_DIR) that is warmed
by one run first, as a user's second run would find it; the cold figures empty it before every run.

Many decks (issue 15): the default (workers for the CPUs actually free) must never be slower than DECKCHECK_JOBS=1;
the figure with a worker per CPU however busy shows what the old decision cost on a loaded machine.

The targets (issue 6): one check <= 1.5x `python -c "import typer, pydantic"`; 2,000 decks <= 3x one check; one
deck against a 7,000-card database <= 1.3x the same deck against the starter database; the optimal-mulligan stats
query on a Vanguard deck <= 3x one check. The older figures are kept too: a cold `check decks/` and the library's
check_paths on many decks in one process.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

DECK = "decks/vanguard/royal-paladin-altmile.deck.toml"
SYNTHETIC_CARDS = 7_000
BULK_DECKS = 2_000


def environment(cache: Path) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("DECKCHECK_CARDDB", "DECKCHECK_NO_CACHE", "DECKCHECK_DEBUG", "DECKCHECK_JOBS"):
        env.pop(name, None)
    env["DECKCHECK_CACHE_DIR"] = str(cache)
    env["NO_COLOR"] = "1"
    return env


def run_once(command: Sequence[str], env: dict[str, str], expect: Sequence[int] = (0,)) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in expect:
        raise SystemExit(f"{' '.join(map(str, command))} exited {done.returncode}:\n{done.stderr.decode()[-2000:]}")
    return elapsed


def interleaved(
    commands: dict[str, tuple[list[str], dict[str, str]]], runs: int, before: Callable[[str], None] | None = None
) -> dict[str, float]:
    """The median time of each command, the commands run in turn `runs` times."""
    times: dict[str, list[float]] = {label: [] for label in commands}
    for _ in range(runs):
        for label, (command, env) in commands.items():
            if before is not None:
                before(label)
            times[label].append(run_once(command, env))
    return {label: statistics.median(values) for label, values in times.items()}


def deckcheck(*args: str) -> list[str]:
    return [sys.executable, "-m", "deckcheck", *args]


def copy_decks(folder: Path, count: int) -> None:
    """`count` deck files: the shipped example decks copied in turn (every game, TOML and text)."""
    decks = sorted(p for p in (ROOT / "decks").rglob("*") if p.is_file())
    for i in range(count):
        deck = decks[i % len(decks)]
        target = folder / deck.parent.name / f"{i:05d}-{deck.name}"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(deck, target)


def synthetic_layer(folder: Path, count: int) -> None:
    """A --carddb layer of `count` made-up but valid Vanguard records, ten files, realistic field sizes."""
    import tomli_w

    triggers = ["critical", "draw", "stand", "heal"]
    per_file = count // 10
    for part in range(10):
        cards = []
        for n in range(part * per_file, (part + 1) * per_file):
            grade = n % 4
            trigger = triggers[n % 4] if grade == 0 and n % 3 == 0 else "none"
            card = {
                "number": f"SY-VG/{n:05d}",
                "name": f"合成ユニット 第{n:05d}号 の騎士",
                "type": "trigger" if trigger != "none" else "normal",
                "set": f"SY-VG-BT{part:02d}",
                "grade": grade,
                "trigger": trigger,
                "sentinel": False,
                "clans": ["合成クラン"],
                "nation": "united-sanctuary",
                "power": 5000 + 1000 * grade,
                "critical": 1,
                "skill": "boost" if grade < 2 else "twin-drive",
                "text": f"【自】：このユニットがアタックした時、そのバトル中、このユニットのパワー+{n % 10}000。",
            }
            if grade < 3:
                card["shield"] = 10000
            cards.append(card)
        path = folder / "vanguard" / f"synthetic-{part:02d}.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(tomli_w.dumps({"game": "vanguard", "cards": cards}), encoding="utf-8")


def cold_cli(runs: int, env: dict[str, str]) -> list[float]:
    return [run_once(deckcheck("check", str(ROOT / "decks")), env) for _ in range(runs)]


def many_decks(copies: int) -> tuple[int, float]:
    from deckcheck.checking.run import check_paths

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        decks = [p for p in (ROOT / "decks").rglob("*") if p.is_file()]
        copy_decks(folder, copies * len(decks))
        start = time.perf_counter()
        run = check_paths([folder])
        elapsed = time.perf_counter() - start
        assert run.exit_code() == 0, run.errors
        return len(run.reports), elapsed


def verdict(ratio: float, target: float) -> str:
    return f"{ratio:4.2f}x  (target <= {target:.1f}x: {'met' if ratio <= target else 'MISSED'})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="processes per figure (median)")
    parser.add_argument("--copies", type=int, default=200, help="copies of every example deck for the library run")
    args = parser.parse_args()

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "deckcheck")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cache, bulk, big = work / "cache", work / "bulk", work / "bigdb"
        copy_decks(bulk, BULK_DECKS)
        synthetic_layer(big, SYNTHETIC_CARDS)
        env = environment(cache)
        no_cache = {**env, "DECKCHECK_NO_CACHE": "1"}
        one_process = {**env, "DECKCHECK_JOBS": "1"}
        commands = {
            "baseline": ([sys.executable, "-c", "import typer, pydantic"], env),
            "one": (deckcheck("check", DECK), env),
            "one-no-cache": (deckcheck("check", DECK), no_cache),
            "bulk": (deckcheck("check", str(bulk)), env),
            "bulk-serial": (deckcheck("check", str(bulk)), one_process),
            "bulk-forced": (
                deckcheck("check", str(bulk)),
                {**env, "DECKCHECK_JOBS": str(len(os.sched_getaffinity(0)))},
            ),
            "big": (deckcheck("check", DECK, "--carddb", str(big)), env),
            "stats": (deckcheck("stats", DECK, "--want", "grade=1"), env),
        }
        for command, command_env in commands.values():  # warm the cache (and the file system)
            run_once(command, command_env)
        warm = interleaved(commands, args.runs)

        def empty_cache(_: str) -> None:
            shutil.rmtree(cache, ignore_errors=True)

        cold = interleaved(
            {"big-cold": commands["big"], "one-cold": commands["one"]}, max(3, args.runs // 2), empty_cache
        )
        older = cold_cli(args.runs, env)
        from deckcheck.checking import parallel

        free, decided = parallel.free_cpus(), parallel.workers_for(BULK_DECKS)  # before DECKCHECK_JOBS=1 below
        os.environ["DECKCHECK_CACHE_DIR"] = str(cache)  # the library run below must not touch the user's cache
        os.environ["DECKCHECK_JOBS"] = "1"  # the library figure is one process's speed
        count, elapsed = many_decks(args.copies)

    ms = {label: value * 1000 for label, value in {**warm, **cold}.items()}
    one = ms["one"]

    def row(label: str, value: float, note: str = "") -> None:
        print(f"  {label:<62} {value:7.0f} ms  {note}")

    print(f"Bytecode compiled first; card cache in a temporary folder; median of {args.runs} fresh processes each.")
    row("baseline: python -c 'import typer, pydantic'", ms["baseline"])
    row(f"one check: deckcheck check {DECK}", one, verdict(one / ms["baseline"], 1.5))
    row("  the same without the cache (DECKCHECK_NO_CACHE=1)", ms["one-no-cache"])
    row("  the same, cache emptied before each run (rebuilt)", ms["one-cold"])
    row(f"{BULK_DECKS:,} decks (copies of the example decks, every game)", ms["bulk"], verdict(ms["bulk"] / one, 3))
    row(
        f"  the same in one process (DECKCHECK_JOBS=1; {os.cpu_count()} CPUs here)",
        ms["bulk-serial"],
        f"({ms['bulk-serial'] / one:.2f}x)",
    )
    row(
        f"  the same with a worker per CPU however busy (DECKCHECK_JOBS={len(os.sched_getaffinity(0))})",
        ms["bulk-forced"],
        f"({ms['bulk-forced'] / ms['bulk-serial']:.2f}x one process)",
    )
    print(
        f"  (default workers decide from the free CPUs: {free:.2f} of {parallel.usable_cpus()} free "
        f"after the runs, so {decided} process(es); load average {os.getloadavg()[0]:.2f})"
    )
    row(f"one deck, +{SYNTHETIC_CARDS:,}-card --carddb layer (warm cache)", ms["big"], verdict(ms["big"] / one, 1.3))
    row("  the same, cache emptied before each run (rebuilt)", ms["big-cold"], f"({ms['big-cold'] / one:.2f}x)")
    row("stats DECK --want grade=1 (optimal mulligan, exact)", ms["stats"], verdict(ms["stats"] / one, 3))
    print(
        f"deckcheck check decks/ (cold process): median {statistics.median(older) * 1000:.0f} ms over {args.runs} runs"
    )
    print(f"check_paths on {count} decks (one process, library): {elapsed:.2f} s ({count / elapsed:.0f} decks/s)")


if __name__ == "__main__":
    main()
