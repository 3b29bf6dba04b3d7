"""Benchmark the real card databases (issue 12): EVOLVE and Vanguard checks, `cards search`, suggestions, the wheel.

Run: python benchmarks/bench_realdata.py [--runs N] [--game evolve|vanguard|all]. Not part of the test run; report
the figures in issue notes. Every timed figure is the median wall time of N fresh processes, the commands of one
comparison run in turn (see bench_check.py, whose helpers this uses: bytecode compiled first, the card cache in a
temporary folder). The processes run from a temporary folder outside any git repository, as an installed deckcheck
run from a player's folder would: run from the checkout, its `carddb/` would be layered on top of any shipped folder
(the starter run would load the real records too). The load average is printed with every figure (the machine is
shared).

For each game (EVOLVE: 6,481 records; Vanguard: 7,722 printings, 5,644 names):
- one real deck (EVOLVE: decks/evolve/, by numbers; Vanguard: one deck by numbers and one by Japanese names) against
  the starter deck with the starter database of before the real data (tests/data/starter/carddb) as the shipped
  layer, both through the same small launcher so that only the database differs; target: <= 1.3x, cache warm;
- the same real checks with the cache emptied before each run (the first run after an install);
- `cards search` (kana and half-width queries, warm cache): EVOLVE's against the same over the starter database,
  Vanguard's against the same kind of query over EVOLVE's names (target: as fast as EVOLVE's, read as <= 1.1x: the
  noise of a fresh process on a shared machine), and the search itself in one process;
- Vanguard only: `deckcheck check` of a small deck of misspelt names (the suggestions), against the same deck spelt
  right, the suggestion lists checked to hold the real card;
- the wheel (`pip wheel . --no-deps`, the real EVOLVE, Cipher and Vanguard databases inside): its size, the size of
  each real database in it, and the time `pip install` takes to install it into a fresh venv, without its
  dependencies (the wheel's own cost) and with them (from the package index or pip's cache).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Game:
    id: str
    starter_deck: str
    real_decks: dict[str, str]  # how the deck names its cards -> the deck
    searches: dict[str, str]  # kind of query -> query, over the real database
    starter_search: str | None = None  # the kana query over the starter database (EVOLVE's figure of before)


GAMES = {
    "evolve": Game(
        id="evolve",
        starter_deck=STARTER_DECK,
        real_decks={"numbers": REAL_DECK},
        searches={"kana": "ほっこーたるまえ", "half-width": "ﾎｯｺｰﾀﾙﾏｴ"},
        starter_search="ぽぷり",
    ),
    "vanguard": Game(
        id="vanguard",
        starter_deck="tests/data/starter/carddb/decks/vanguard/dawn_knights.deck.toml",
        real_decks={
            "numbers": "decks/vanguard/royal-paladin-altmile.deck.toml",
            "names": "decks/vanguard/kagerou-overlord-destiny.txt",
        },
        searches={"kana": "あるとまいる", "half-width": "ｱﾙﾄﾏｲﾙ"},
    ),
}
# Misspelt Vanguard names -> the printed name the suggestions must hold.
MISSPELT = {
    "ブラスターブレード": "ブラスター・ブレード",
    "ドラゴニックオーバーロード": "ドラゴニック・オーバーロード",
    "リザードガンナー アンドゥー": "リザードランナー アンドゥー",
}
REAL_DATABASES = ("evolve", "cipher", "vanguard")


def launcher(shipped: str, *args: str) -> list[str]:
    return [sys.executable, "-c", LAUNCHER, shipped, *args]


def load_average() -> str:
    return "load " + " ".join(Path("/proc/loadavg").read_text().split()[:3])


Command = tuple[list[str], dict[str, str], Sequence[int]]  # command, environment, accepted exit codes


def run_in(folder: Path, command: list[str], env: dict[str, str], expect: Sequence[int] = (0,)) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one process, run from `folder` (outside any git repository).
    CPU time barely moves when other work shares the machine; wall time does."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in expect:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr.decode()[-2000:]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def interleaved_in(
    folder: Path,
    commands: dict[str, Command],
    runs: int,
    before: Callable[[str], None] | None = None,
) -> dict[str, tuple[float, float, str]]:
    """(median wall seconds, median CPU seconds, load average after the runs) of each command, the commands run
    in turn `runs` times."""
    times: dict[str, list[tuple[float, float]]] = {label: [] for label in commands}
    for _ in range(runs):
        for label, (command, env, expect) in commands.items():
            if before is not None:
                before(label)
            times[label].append(run_in(folder, command, env, expect))
    load = load_average()
    return {
        label: (statistics.median(w for w, _ in pairs), statistics.median(c for _, c in pairs), load)
        for label, pairs in times.items()
    }


def warm_and_time(folder: Path, commands: dict[str, Command], runs: int) -> dict[str, tuple[float, float, str]]:
    for command, env, expect in commands.values():  # warm the cache
        run_in(folder, command, env, expect)
    return interleaved_in(folder, commands, runs)


def layers_seen_from(folder: Path, shipped: Path) -> list[Path]:
    """The database folders a run from `folder` reads with `shipped` as the shipped layer (the launcher's view)."""
    import deckcheck.carddb.db as carddb

    saved = carddb.shipped_carddb_dir
    carddb.shipped_carddb_dir = lambda: shipped
    try:
        return carddb.carddb_layers(cwd=folder)
    finally:
        carddb.shipped_carddb_dir = saved


def database_size(game: str) -> tuple[int, int]:
    """(records, distinct names) of the shipped database of `game`."""
    from deckcheck.carddb.db import load_carddb

    db = load_carddb(game)
    return len(db.cards), len({card.name for card in db.cards.values()})


def search_in_process(game: str, query: str, repeats: int = 20) -> tuple[int, float]:
    from deckcheck.carddb.db import load_carddb
    from deckcheck.carddb.search import search_cards

    db = load_carddb(game)
    start = time.perf_counter()
    for _ in range(repeats):
        found = search_cards(db, query)
    return len(found), (time.perf_counter() - start) / repeats


def suggest_in_process(game: str, keys: Sequence[str]) -> tuple[float, float]:
    """(seconds of the first suggestion asked in a process: the index of every name is made then, seconds of one
    suggestion afterwards, the average of the other keys), the database loaded first."""
    from deckcheck.carddb.db import load_carddb

    db = load_carddb(game)
    db.numbers_by_name  # noqa: B018 - made by the check's look-ups before any suggestion
    start = time.perf_counter()
    db.suggest(keys[0])
    first = time.perf_counter() - start
    start = time.perf_counter()
    for key in keys[1:]:
        db.suggest(key)
    return first, (time.perf_counter() - start) / max(1, len(keys) - 1)


def suggestions_of(folder: Path, deck: Path, env: dict[str, str]) -> dict[str, list[str]]:
    """{unknown key: its suggestions} in `deckcheck check --output json` of `deck`."""
    done = subprocess.run(
        launcher("", "check", str(deck), "--output", "json"), cwd=folder, env=env, capture_output=True, check=False
    )
    report = json.loads(done.stdout)
    return {
        violation["key"]: violation.get("suggestions", [])
        for deck_report in report["decks"]
        for violation in deck_report["violations"]
        if violation["rule"] == "deck.unknown-card"
    }


def small_deck(folder: Path, name: str, cards: Sequence[str]) -> Path:
    deck = folder / name
    deck.write_text("game: vanguard\n## main\n" + "".join(f"4 {card}\n" for card in cards), encoding="utf-8")
    return deck


def wheel_figures(work: Path) -> tuple[int, dict[str, tuple[int, int]], dict[str, tuple[float, str]]]:
    """(wheel size in bytes, {real database: (bytes in the wheel, bytes unpacked)}, {how: (seconds to pip-install
    it into a fresh venv, load average)}), without and with its dependencies (those from the package index, or
    pip's cache)."""
    wheels = work / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(ROOT)], check=True)
    wheel = next(wheels.glob("deckcheck-*.whl"))
    databases = {}
    with zipfile.ZipFile(wheel) as archive:
        for game in REAL_DATABASES:
            members = [i for i in archive.infolist() if i.filename.startswith(f"deckcheck/_carddb/{game}/")]
            databases[game] = (sum(i.compress_size for i in members), sum(i.file_size for i in members))
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
    return wheel.stat().st_size, databases, installs


def row(label: str, value: str, load: str, note: str = "") -> None:
    from deckcheck._util.text import display_width

    padding = " " * max(0, 84 - display_width(label))  # Japanese labels take two columns a character
    print(f"  {label}{padding} {value:>9}  {load:<20} {note}".rstrip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="processes per figure (median)")
    parser.add_argument("--game", choices=[*GAMES, "all"], default="all", help="the game(s) to measure")
    args = parser.parse_args()
    games = [GAMES[g] for g in GAMES if args.game in (g, "all")]

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "deckcheck")], check=True)
    print(f"Bytecode compiled first; card cache in a temporary folder; median of {args.runs} fresh processes each.")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cache = work / "cache"
        env = environment(cache)
        os.environ["DECKCHECK_CACHE_DIR"] = str(cache)  # the in-process figures
        starter = ROOT / "tests" / "data" / "starter" / "carddb"
        layers = layers_seen_from(work, starter)
        if layers != [starter]:  # the comparison would be meaningless
            raise SystemExit(f"the starter run would read {layers}, not only {starter}")
        sizes = {game: database_size(game) for game in GAMES}

        def empty_cache(_: str) -> None:
            shutil.rmtree(cache, ignore_errors=True)

        # 1 and 2: one real deck against the starter deck, cache warm, then emptied before each run
        for game in games:
            records, names = sizes[game.id]
            checks: dict[str, Command] = {
                "starter": (launcher(str(starter), "check", str(ROOT / game.starter_deck)), env, (0,)),
                **{
                    f"real {how}": (launcher("", "check", str(ROOT / deck)), env, (0,))
                    for how, deck in game.real_decks.items()
                },
            }
            warm = warm_and_time(work, checks, args.runs)
            cold = interleaved_in(work, checks, max(3, args.runs // 2), empty_cache)
            print(f"{game.id}: `check`, one deck ({records:,} records, {names:,} names in the real database)")
            base_ms, base_cpu = warm["starter"][0] * 1000, warm["starter"][1] * 1000
            row(f"one deck, starter database: {Path(game.starter_deck).name}", f"{base_ms:.0f} ms", warm["starter"][2])
            for how, deck in game.real_decks.items():
                wall, cpu_time, load = warm[f"real {how}"]
                row(
                    f"one real deck by {how}, real database: {Path(deck).name}",
                    f"{wall * 1000:.0f} ms",
                    load,
                    verdict(wall * 1000 / base_ms, 1.3),
                )
                row(
                    "  the same in CPU time (user + system, median)",
                    f"{cpu_time * 1000:.0f} ms",
                    f"(starter {base_cpu:.0f} ms)",
                    verdict(cpu_time * 1000 / base_cpu, 1.3),
                )
            for label, (wall, cpu_time, load) in cold.items():
                row(
                    f"  {label}, cache emptied before each run (first run after install)",
                    f"{wall * 1000:.0f} ms",
                    load,
                    f"CPU {cpu_time * 1000:.0f} ms",
                )

        # 3: `cards search`; EVOLVE's queries are the yardstick of Vanguard's, so they always run
        searches: dict[str, Command] = {}
        for game in [GAMES["evolve"], *(g for g in games if g.id != "evolve")]:
            for kind, query in game.searches.items():
                searches[f"{game.id} {kind}"] = (launcher("", "cards", "search", query, "--game", game.id), env, (0,))
            if game.starter_search and game in games:
                command = launcher(str(starter), "cards", "search", game.starter_search, "--game", game.id)
                searches[f"{game.id} starter"] = (command, env, (0,))
        found = warm_and_time(work, searches, args.runs)
        print("`cards search` (a fresh process, warm cache; then the search itself in one process, 20 times)")
        for game in [GAMES["evolve"], *(g for g in games if g.id != "evolve")]:
            records, names = sizes[game.id]
            for kind, query in game.searches.items():
                wall, cpu_time, load = found[f"{game.id} {kind}"]
                note = f"CPU {cpu_time * 1000:.0f} ms"
                if game.id != "evolve":
                    # "as fast as EVOLVE's": within 10% (the noise of one fresh process on a shared machine)
                    yardstick = found[f"evolve {kind}"]
                    note += f"; vs EVOLVE's: wall {verdict(wall / yardstick[0], 1.1)}"
                    note += f"; CPU {verdict(cpu_time / yardstick[1], 1.1)}"
                row(
                    f"cards search {query} --game {game.id} ({names:,} names)",
                    f"{wall * 1000:.0f} ms",
                    load,
                    note,
                )
                count, per_search = search_in_process(game.id, query)
                row(
                    f"  the search itself in one process ({count} cards found)",
                    f"{per_search * 1000:.1f} ms",
                    load_average(),
                )
            if game.starter_search and game in games:
                wall, _, load = found[f"{game.id} starter"]
                row(
                    f"  in the starter database: cards search {game.starter_search} --game {game.id}",
                    f"{wall * 1000:.0f} ms",
                    load,
                    f"(kana query {found[f'{game.id} kana'][0] / wall:4.2f}x this)",
                )

        # 4: suggestions for misspelt Vanguard names
        if GAMES["vanguard"] in games:
            misspelt = small_deck(work, "misspelt.txt", list(MISSPELT))
            spelt = small_deck(work, "spelt.txt", list(MISSPELT.values()))
            suggest = warm_and_time(
                work,
                {
                    "misspelt": (launcher("", "check", str(misspelt)), env, (1,)),  # too small: illegal either way
                    "spelt": (launcher("", "check", str(spelt)), env, (1,)),
                },
                args.runs,
            )
            print("vanguard: suggestions for misspelt names (a 12-card deck, so illegal anyway; warm cache)")
            row(
                f"check of {len(MISSPELT)} misspelt names (suggestions)",
                f"{suggest['misspelt'][0] * 1000:.0f} ms",
                suggest["misspelt"][2],
                f"+{(suggest['misspelt'][0] - suggest['spelt'][0]) * 1000:.0f} ms on the deck spelt right;"
                f" CPU {suggest['misspelt'][1] * 1000:.0f} ms",
            )
            row(
                "  the same deck spelt right",
                f"{suggest['spelt'][0] * 1000:.0f} ms",
                suggest["spelt"][2],
                f"CPU {suggest['spelt'][1] * 1000:.0f} ms",
            )
            first, later = suggest_in_process("vanguard", list(MISSPELT))
            row(
                "  in one process: the first suggestion (its name index made)", f"{first * 1000:.1f} ms", load_average()
            )
            row("  in one process: each later suggestion", f"{later * 1000:.1f} ms", load_average())
            offered = suggestions_of(work, misspelt, env)
            for key, printed in MISSPELT.items():
                names = [s.rsplit(" (", 1)[0] for s in offered.get(key, [])]
                where = names.index(printed) + 1 if printed in names else 0
                outcome = f"found, #{where} of {len(names)}" if where else "MISSING"
                print(f"    {key!r} -> {printed!r}: {outcome}: {'; '.join(offered.get(key, [])) or '(none)'}")

        # 5: the wheel
        size, databases, installs = wheel_figures(work)
    row("wheel size (the real EVOLVE, Cipher and Vanguard databases inside)", f"{size / 1024:.0f} KiB", "")
    for game, (packed, unpacked) in databases.items():
        row(f"  carddb/{game}/ in the wheel (unpacked {unpacked / 1024:.0f} KiB)", f"{packed / 1024:.0f} KiB", "")
    for how, (seconds, load) in installs.items():
        row(f"pip install of the wheel into a fresh venv ({how})", f"{seconds:.2f} s", load)


if __name__ == "__main__":
    main()
