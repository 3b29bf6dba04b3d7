"""The GitHub Action's check (action.yml's `check` step, run by bash as the runner runs it: one `deckcheck check`
writing annotations, a SARIF file and the job summary) against a warm local `deckcheck check decks` (issue 42: the
action's second run, its card cache restored, within 1.2x), and its first run with an empty cache folder.

Run: python benchmarks/bench_action.py [--runs N] (pyyaml, from the test extra, reads action.yml). Not part of the
test run; report the figures in issue notes. Each figure is the median wall time of N fresh processes, the commands
run in turn (bench_check's helpers).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

import yaml
from bench_check import ROOT, deckcheck, environment, interleaved, run_once, verdict


def check_step(folder: Path, cache: Path) -> tuple[list[str], dict[str, str]]:
    """The action's check step as a command and its environment (the inputs' defaults, paths `decks`)."""
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    (step,) = [step for step in action["runs"]["steps"] if step.get("id") == "check"]
    script = folder / "check-step.sh"
    script.write_text(step["run"], encoding="utf-8")
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()} | {"paths": "decks"}
    env = environment(cache) | {f"INPUT_{name.upper().replace('-', '_')}": value for name, value in inputs.items()}
    env |= {
        "DECKCHECK_PYTHON": sys.executable,
        "GITHUB_WORKSPACE": str(ROOT),
        "GITHUB_STEP_SUMMARY": str(folder / "step-summary.md"),
        "GITHUB_OUTPUT": str(folder / "output"),
        "INPUT_SARIF_FILE": str(folder / "deckcheck.sarif"),
        "PYTHONPATH": str(ROOT),
    }
    return ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=11, help="processes per figure (median)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        step, step_env = check_step(folder, folder / "action-cache")
        local_env = environment(folder / "local-cache")
        runs = {
            "action's check (cache restored)": (step, step_env),
            "local check decks": (deckcheck("check", "decks"), local_env),
        }
        for command, env in runs.values():  # warm the caches and the file system
            run_once(command, env)
        warm = interleaved(runs, args.runs)
        cold_cache = folder / "cold-cache"
        _cold_step, cold_env = check_step(folder, cold_cache)
        cold = interleaved(
            {"action's check (empty cache)": (step, cold_env)},
            args.runs,
            before=lambda _label: shutil.rmtree(cold_cache, ignore_errors=True),
        )
    local = warm["local check decks"]
    for label, seconds in (*warm.items(), *cold.items()):
        print(f"{label:34} {seconds * 1000:8.1f} ms")
    print(f"second run / local: {verdict(warm[next(iter(warm))] / local, 1.2)}")
    print(f"first run / local:  {cold[next(iter(cold))] / local:4.2f}x")


if __name__ == "__main__":
    main()
