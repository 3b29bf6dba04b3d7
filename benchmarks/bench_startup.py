"""How long each command takes from a cold process, against `python -c "import typer, pydantic"`.

Run: python benchmarks/bench_startup.py [--runs N]. Not part of the test run; report the figures in issue notes.
Every figure is the median wall time of N fresh processes (`python -m deckcheck ...` from the checkout), the
commands run in turn so that a slow moment of the machine hits them alike (bench_check's helpers). The card cache
lives in a temporary folder warmed first (a user's second run); edits work on a copy of an example deck.

With --languages, every command runs twice in turn, under LANG=C.UTF-8 (English) and LANG=ja_JP.UTF-8 (Japanese,
issue 29: the Japanese path reads the compiled catalog), and the table gives both medians and their ratio.

It also says which commands import pydantic: a command that validates nothing (cards from the cache, no filter)
should not (see deckcheck.model.cards, the seam).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_check import ROOT, deckcheck, environment, interleaved, run_once  # the same way of timing

VANGUARD = "decks/vanguard/royal-paladin-altmile.deck.toml"
EVOLVE = "decks/evolve/2026-03-17-forest-22N3Q.deck.toml"


def commands(work: Path) -> dict[str, list[str]]:
    deck = str(work / "edit.deck.toml")
    return {
        "check": ["check", VANGUARD],
        "check decks/": ["check", "decks"],
        "show": ["show", EVOLVE],
        "hand": ["hand", VANGUARD, "--seed", "1"],
        "hand keep:": ["hand", VANGUARD, "--seed", "1", "--mulligan", "keep:grade=1"],
        "stats --want": ["stats", VANGUARD, "--want", "grade=1"],
        "cards search NAME": ["cards", "search", "ピコル", "--game", "vanguard"],
        "cards search FILTER": ["cards", "search", "grade=3", "--game", "vanguard"],
        "add": ["add", deck, "G-BT06/025"],
        "remove": ["remove", deck, "G-BT06/025"],
        "set": ["set", deck, "name", "Bench"],
        "convert": ["convert", VANGUARD, "--to", "text"],
        "games": ["games"],
        "rules": ["rules", "vanguard"],
    }


PROBE = (
    "import sys, runpy; sys.argv = ['deckcheck', *sys.argv[1:]]\n"
    "try:\n    runpy.run_module('deckcheck', run_name='__main__')\nexcept SystemExit:\n    pass\n"
    "print('pydantic' in sys.modules, file=sys.stderr)"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=11, help="processes per figure (median)")
    parser.add_argument("--languages", action="store_true", help="each command in English and Japanese")
    args = parser.parse_args()
    if args.languages:
        languages(args.runs)
        return
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "deckcheck")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copyfile(ROOT / VANGUARD, work / "edit.deck.toml")
        env = environment(work / "cache")
        runs = {"baseline": ([sys.executable, "-c", "import typer, pydantic"], env)}
        runs |= {label: (deckcheck(*argv), env) for label, argv in commands(work).items()}
        for command, command_env in runs.values():  # warm the cache and the file system
            run_once(command, command_env)
        times = interleaved(runs, args.runs)
        imports = {
            label: subprocess.run(
                [sys.executable, "-c", PROBE, *argv], cwd=ROOT, env=env, capture_output=True, text=True, check=False
            )
            .stderr.strip()
            .splitlines()[-1:]
            == ["True"]
            for label, argv in commands(work).items()
        }
    base = times.pop("baseline") * 1000
    print(f"median of {args.runs} fresh processes each; baseline `python -c 'import typer, pydantic'` {base:.0f} ms")
    for label, seconds in times.items():
        ms = seconds * 1000
        pydantic = "imports pydantic" if imports[label] else ""
        print(f"  {label:<22} {ms:6.0f} ms  {ms / base:5.2f}x  {pydantic}")


def languages(runs_per_figure: int) -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "deckcheck")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copyfile(ROOT / VANGUARD, work / "edit.deck.toml")
        env = environment(work / "cache")
        for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "DECKCHECK_LANG"):
            env.pop(name, None)
        english, japanese = env | {"LANG": "C.UTF-8"}, env | {"LANG": "ja_JP.UTF-8"}
        runs = {}
        for label, argv in commands(work).items():
            runs[f"en {label}"] = (deckcheck(*argv), english)
            runs[f"ja {label}"] = (deckcheck(*argv), japanese)
        for command, command_env in runs.values():
            run_once(command, command_env)
        times = interleaved(runs, runs_per_figure)
    print(f"median of {runs_per_figure} fresh processes each, English (LANG=C.UTF-8) and Japanese (LANG=ja_JP.UTF-8)")
    for label in commands(work):
        en, ja = times[f"en {label}"] * 1000, times[f"ja {label}"] * 1000
        print(f"  {label:<22} en {en:6.0f} ms  ja {ja:6.0f} ms  ja/en {ja / en:5.2f}")


if __name__ == "__main__":
    main()
