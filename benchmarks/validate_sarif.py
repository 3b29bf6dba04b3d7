"""Run Microsoft's SARIF validator, with GitHub code scanning's rules, on `deckcheck check --output sarif` outputs.

Run: python benchmarks/validate_sarif.py [--multitool PATH] [--keep DIR]; PATH is the validator's binary or the
folder it was installed into (`cd /tmp/sarifmt && npm install @microsoft/sarif-multitool`, then
`--multitool /tmp/sarifmt`). Not part of the test run (it needs Node
and the validator); the tests validate the same outputs against the SARIF 2.1.0 schema. Report its result in issue
notes: the goal is no errors.

The validator is `npm install @microsoft/sarif-multitool`, run as `sarif-multitool validate --rule-kind "Sarif;Gh"
FILE`. Without --multitool (or $SARIF_MULTITOOL) this script installs it with npm into a temporary folder and runs
its platform binary directly (`npx` hands the arguments to a shell, which splits "Sarif;Gh" at the semicolon).

The outputs: decks that are legal, illegal (an unknown card, too many copies, a JSON deck, entries written over
several lines, whose regions have an endLine), malformed (broken TOML,
unreadable text lines, a duplicate JSON key), with hostile file and card names (spaces, commas, colons, %, Japanese,
control characters), a broken card database, and all of them in one run, checked from a git repository's root as
in a GitHub workflow.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEGAL = (ROOT / "decks" / "vanguard" / "dawn_knights.deck.toml").read_text(encoding="utf-8")
HOSTILE = "a, b: 50% 暁\x07"


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def make_repository(root: Path) -> dict[str, list[str]]:
    """A git repository of deck folders; returns the paths to check for each case."""
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    illegal = LEGAL.replace('"DC-VG-003" = 4\n', '"DC-VG-003" = 5\n"NO-SUCH" = 1\n', 1)
    write(root / "legal" / "dawn.deck.toml", LEGAL)
    write(root / "illegal" / "dawn.deck.toml", illegal)
    write(root / "illegal" / "small.json", json.dumps({"game": "vanguard", "main": {"DC-VG-001": 9}}))
    write(root / "illegal" / "spans.json", '{"game": "vanguard", "main": {\n "DC-VG-001":\n   9}}\n')
    write(root / "illegal" / "spans.deck.toml", LEGAL.replace('"DC-VG-003" = 4\n', '"DC-VG-003" = [\n  4,\n]\n', 1))
    write(root / "malformed" / "broken.deck.toml", 'game = "vanguard"\n[main\n')
    write(root / "malformed" / "lines.txt", "game: vanguard\nnot a line\n4 DC-VG-001\nneither\n")
    write(root / "malformed" / "dup.deck.json", '{"game": "vanguard",\n "main": {"DC-VG-001": 4,\n "DC-VG-001": 4}}\n')
    hostile = illegal.replace('name = "', 'name = "evil\\u001b]0;pwned\\u0007 ', 1) + '"bell\\u0007card" = 1\n'
    write(root / f"{HOSTILE} dir" / f"{HOSTILE}.deck.toml", hostile)
    write(root / f"{HOSTILE} dir" / f"{HOSTILE} bad.deck.toml", 'game = "vanguard"\n[main]\n"a\\u0007" = \n')
    write(root / "cards" / "vanguard" / "broken.toml", '[[cards]]\nnumber = "B-1"\nname = "Bad"\ngrade = "x"\n')
    cases = {
        "legal": ["legal"],
        "illegal": ["illegal"],
        "malformed": ["malformed"],
        "hostile": [f"{HOSTILE} dir"],
        "broken-carddb": ["legal", "--carddb", "cards"],
    }
    cases["all"] = ["legal", "illegal", "malformed", f"{HOSTILE} dir"]
    return cases


def multitool(given: str | None, scratch: Path) -> Path:
    if given and not Path(given).is_dir():
        return Path(given)
    folder = Path(given) if given else scratch / "npm"
    if not given:
        folder.mkdir()
        command = ["npm", "install", "--silent", "--prefix", str(folder), "@microsoft/sarif-multitool"]
        subprocess.run(command, check=True)
    found = sorted(folder.glob("node_modules/@microsoft/sarif-multitool-*/Sarif.Multitool"))
    if not found:
        sys.exit(f"no validator binary under {folder} (node_modules/@microsoft/sarif-multitool-*/Sarif.Multitool)")
    found[0].chmod(0o755)  # npm may skip the package's own postinstall chmod (install scripts not allowed)
    return found[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--multitool",
        default=os.environ.get("SARIF_MULTITOOL"),
        help="the Sarif.Multitool binary, or the folder `npm install @microsoft/sarif-multitool` ran in",
    )
    parser.add_argument("--keep", type=Path, help="write the SARIF files into this folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        tool = multitool(args.multitool, scratch)
        repository = scratch / "repository"
        cases = make_repository(repository)
        outputs = args.keep or scratch / "sarif"
        outputs.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, DECKCHECK_CACHE_DIR=str(scratch / "cache"), PYTHONPATH=str(ROOT))
        env.pop("DECKCHECK_CARDDB", None)
        failed = 0
        for case, paths in cases.items():
            done = subprocess.run(
                [sys.executable, "-m", "deckcheck", "check", *paths, "--output", "sarif"],
                cwd=repository,
                env=env,
                capture_output=True,
                text=True,
            )
            target = outputs / f"{case}.sarif"
            target.write_text(done.stdout, encoding="utf-8")
            results = len(json.loads(done.stdout)["runs"][0]["results"])
            check = subprocess.run(
                [str(tool), "validate", "--rule-kind", "Sarif;Gh", str(target)], capture_output=True, text=True
            )
            lines = [line for line in check.stdout.splitlines() if ": error " in line or ": warning " in line]
            errors = sum(": error " in line for line in lines)
            failed += bool(errors) or check.returncode != 0
            print(
                f"{case}: deckcheck exit {done.returncode}, {results} results; validator exit {check.returncode}, "
                f"{errors} errors, {len(lines) - errors} warnings"
            )
            for line in lines:
                print("   ", line.replace(str(target), target.name))
        print("no validation errors" if not failed else f"{failed} outputs with validation errors")
        if args.keep is None:
            shutil.rmtree(outputs, ignore_errors=True)
        sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
