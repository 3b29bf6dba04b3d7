"""Benchmark the reader of pasted lists (issue 28): reading a 60-line pasted list costs no more than 1.2x reading the
same deck as a deck file.

Run: python benchmarks/bench_pasted.py [--runs N] [--repeat N]. Not part of the test run; report the figures in the
issue notes.

The pasted list is made from the shipped deck decks/vanguard/kagerou-overlord-destiny.txt (31 cards) as a shop's
blog would show it: a title, a lead-in, grade and G-deck headings with subtotals, the counts in the catalogue's
shapes (`4x name (product`, `name ×4`, `「name」×4`, `name 4`, `- name × 4`, `《name》 x 4`), trigger notes in curly
quotes, the first vanguard marked `(FV)`, two names written without their middle dot, a total and prose around it:
60 lines. The same deck is read as a deck file twice: the shipped text decklist (cards by name) and the native TOML
(cards by number). For comparison, the deck file's own lines without its `game:` line, read with --game (a pasted
list in the plainest style).

Two figures, each the median of interleaved runs:
- reading (the target): in one process with the card database loaded, parse + resolve of each input, repeated;
  each database index a reading needs (names, and for the pasted list its loose-name index) is built before timing,
  as the first deck of a run builds it once;
- the whole command: `deckcheck check FILE` (with `--game vanguard` for the pasted list) in fresh processes, the
  card-database cache warm.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

DECK = ROOT / "decks" / "vanguard" / "kagerou-overlord-destiny.txt"
STYLES = (
    "{n}x {name} (ブースター",
    "{name} ×{n}",
    "• 「{name}」×{n}",
    "{name} {n}",
    "- {name} × {n}",
    "《{name}》 x {n}",
)


def pasted_text() -> str:
    """The deck as a blog shows it (60 lines)."""
    from deckcheck.carddb.db import load_carddb, resolve_deck
    from deckcheck.formats.read import parse_deck

    db = load_carddb("vanguard")
    deck = resolve_deck(parse_deck(DECK), db)
    lines = [
        "こんにちは！今週のショップ大会の優勝デッキを紹介します。",
        "",
        "■かげろう オーバーロード “The Destiny”",
        "デッキレシピ",
        "",
    ]
    by_grade: dict[str, list[tuple[object, int]]] = {}
    for entry in deck.entries:
        card = entry.card
        heading = "G4" if entry.section == "g" else f"G{card.grade}"
        by_grade.setdefault(heading, []).append((card, entry.count))
    style = 0
    loose = 2  # two names written without their middle dot
    for heading in ("G3", "G2", "G1", "G0", "G4"):
        cards = by_grade.get(heading, [])
        lines.append(f"◆{heading}({sum(n for _, n in cards)}枚)")
        for card, count in cards:
            name = card.printed_name
            if loose and "・" in name and "“" not in name:
                name, loose = name.replace("・", ""), loose - 1
            if heading == "G0" and count == 1:
                lines.append(f"{count} (FV) {name}")
                continue
            line = STYLES[style % len(STYLES)].format(n=count, name=name)
            if card.trigger not in (None, "none"):
                line += " “トリガー”"
            lines.append(line)
            style += 1
        lines.append("")
    total = sum(entry.count for entry in deck.entries if entry.section == "main")
    lines += [f"計{total}枚", "", "ポイントは序盤の動きです。", "質問があれば店頭でどうぞ！"]
    while len(lines) < 60:
        lines.append("")
    return "\n".join(lines[:60]) + "\n"


def reading(runs: int, repeat: int, pasted: str) -> dict[str, float]:
    """Median seconds per reading (parse + resolve), interleaved."""
    from deckcheck.carddb.db import load_carddb, resolve_deck
    from deckcheck.formats.read import parse_deck
    from deckcheck.formats.write import render

    db = load_carddb("vanguard")
    strict = DECK.read_text(encoding="utf-8")
    native = render(parse_deck(DECK), "toml")
    clean = "\n".join(line for line in strict.splitlines() if not line.startswith(("game:", "#"))) + "\n"
    inputs = {
        "deck file (text, by name)": lambda: resolve_deck(parse_deck("d.txt", strict), db),
        "deck file (TOML, by number)": lambda: resolve_deck(parse_deck("d.toml", native), db),
        "pasted list (--game)": lambda: resolve_deck(parse_deck("p.txt", pasted, game="vanguard"), db),
        "plain `4 name` lines (--game)": lambda: resolve_deck(parse_deck("c.txt", clean, game="vanguard"), db),
    }
    for read in inputs.values():  # the indexes a first deck builds once
        read()
    times: dict[str, list[float]] = {label: [] for label in inputs}
    for _ in range(runs):
        for label, read in inputs.items():
            start = time.perf_counter()
            for _ in range(repeat):
                read()
            times[label].append((time.perf_counter() - start) / repeat)
    return {label: statistics.median(values) for label, values in times.items()}


def whole_command(runs: int, pasted: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        env = {key: value for key, value in os.environ.items() if not key.startswith("DECKCHECK_")}
        env |= {"DECKCHECK_CACHE_DIR": str(Path(tmp) / "cache"), "NO_COLOR": "1"}
        path = Path(tmp) / "pasted.txt"
        path.write_text(pasted, encoding="utf-8")
        commands = {
            "deck file (text, by name)": ["check", str(DECK)],
            "pasted list (--game)": ["check", str(path), "--game", "vanguard"],
        }
        times: dict[str, list[float]] = {label: [] for label in commands}
        for round_ in range(runs + 1):
            for label, args in commands.items():
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "deckcheck", *args], cwd=ROOT, env=env, capture_output=True)
                if round_:  # the first round fills the card-database cache
                    times[label].append(time.perf_counter() - start)
        return {label: statistics.median(values) for label, values in times.items()}


def noise(lines: int = 10_000) -> float:
    """Seconds to refuse `lines` lines of noise (the bad input of issue 28; the test only checks the refusal)."""
    from deckcheck.carddb.db import load_carddb, resolve_deck
    from deckcheck.errors import DeckcheckError
    from deckcheck.formats.read import parse_deck

    db = load_carddb("vanguard")
    text = "\n".join(f"ノイズ{index} ％＄ lorem ipsum {index % 7}" for index in range(lines))
    start = time.perf_counter()
    with contextlib.suppress(DeckcheckError):
        resolve_deck(parse_deck("noise.txt", text, game="vanguard"), db)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "deckcheck")], check=True)
    pasted = pasted_text()
    print(f"pasted list: {len(pasted.splitlines())} lines, made from {DECK.relative_to(ROOT)}")
    read = reading(args.runs, args.repeat, pasted)
    base = read["deck file (text, by name)"]
    print(f"reading (parse + resolve, median of {args.runs} x {args.repeat}):")
    for label, seconds in read.items():
        print(f"  {label:30} {seconds * 1000:7.3f} ms  {seconds / base:4.2f}x")
    ratio = read["pasted list (--game)"] / base
    print(f"  target: pasted <= 1.2x the deck file: {ratio:4.2f}x {'met' if ratio <= 1.2 else 'MISSED'}")
    print(f"10,000 lines of noise refused in {noise():.2f} s")
    whole = whole_command(max(3, args.runs // 3), pasted)
    base = whole["deck file (text, by name)"]
    print("whole command (`deckcheck check`, fresh processes, warm cache):")
    for label, seconds in whole.items():
        print(f"  {label:30} {seconds * 1000:7.1f} ms  {seconds / base:4.2f}x")


if __name__ == "__main__":
    main()
