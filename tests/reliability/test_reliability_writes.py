"""Reliability (issue 26): no change that reported success is lost, and no output target is replaced.

Real processes: every command that writes a deck (add, remove, set, convert in place) races `add` on one deck, and
each change a command reported is checked in the file at the end. Then `--out-file` (and `--plot`) into
/dev/stdout appended to a log, inside a shell group `{ …; } > f`, and into a pipe: what the shell put there stays
and the output goes where the shell said. Self-contained: its helpers are here, its card database is built here.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
import tomli_w

RECORDS = [
    {"number": "T-000", "name": "Starter", "type": "normal", "grade": 0, "clans": ["C"]},
    *(
        {"number": f"T-1{i:02d}", "name": f"Unit {i}", "type": "normal", "grade": 1 + i % 3, "clans": ["C"]}
        for i in range(4)
    ),
]
DECK = 'game = "vanguard"\nname = "Race"\n[main]\n"T-000" = 1\n"T-100" = 4\n"T-101" = 4\n"T-102" = 4\n'

# One process running a command `rounds` times (after `go` appears, so that all start together); each round's
# exit code and first line are printed. "{i}" in an argument is the round's number.
_LOOP = """
import json, os, sys, time
from typer.testing import CliRunner
from deckcheck.cli.app import app
rounds, go, args = int(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])
runner = CliRunner()
while not os.path.exists(go):
    time.sleep(0.01)
for i in range(rounds):
    result = runner.invoke(app, [arg.replace("{i}", str(i)) for arg in args])
    first = result.output.splitlines()[0] if result.output else repr(result.exception)
    print(result.exit_code, first, flush=True)
"""


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A card database folder and an environment whose card database cache is built once for the whole file (each
    process would otherwise build it again), away from the user's cache."""
    root = tmp_path_factory.mktemp("writes")
    cards = root / "cards" / "vanguard"
    cards.mkdir(parents=True)
    (cards / "t.toml").write_text(tomli_w.dumps({"game": "vanguard", "cards": RECORDS}), encoding="utf-8")
    env = {**os.environ, "DECKCHECK_CACHE_DIR": str(root / "cache"), "DECKCHECK_LOCK_TIMEOUT": "60"}
    env.pop("DECKCHECK_CARDDB", None)
    deck = root / "warm.deck.toml"
    deck.write_text(DECK, encoding="utf-8")
    warm = [sys.executable, "-m", "deckcheck", "convert", str(deck), "--to", "toml", "--carddb", str(root / "cards")]
    subprocess.run(warm, capture_output=True, env=env, cwd=root, timeout=120, check=True)
    return root / "cards", env


@pytest.fixture
def place(tmp_path: Path, shared: tuple[Path, dict[str, str]]) -> tuple[Path, Path, dict[str, str]]:
    """(deck, card database folder, environment): the deck in a folder of its own."""
    deck = tmp_path / "race.deck.toml"
    deck.write_text(DECK, encoding="utf-8")
    return deck, *shared


def _race(place: tuple[Path, Path, dict[str, str]], commands: list[list[str]], rounds: int) -> list[list[str]]:
    """Run each command `rounds` times in a process of its own, all at once; each process's lines."""
    deck, _, env = place
    go = deck.parent / "go"
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", _LOOP, str(rounds), str(go), json.dumps(args)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=deck.parent,
        )
        for args in commands
    ]
    time.sleep(0.3)
    go.touch()
    outputs = [process.communicate(timeout=120) for process in processes]
    assert [process.returncode for process in processes] == [0] * len(commands), [err for _, err in outputs]
    return [out.splitlines() for out, _ in outputs]


@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_every_deck_writer_racing_add_loses_no_change(place, fmt):
    """Two processes adding, and one each removing, setting the name and converting the deck in place, at once.
    Every change a command reported is in the deck at the end (`convert DECK --out-file DECK --force` once read
    the deck, then renamed over it: an add between was lost though it had said "Added", 28–29 of 30 kept)."""
    deck, cards, env = place
    if fmt == "json":  # a JSON deck, converted to JSON in place (rewritten whole every time)
        json_deck = deck.with_suffix(".json")
        json_deck.write_text(json.dumps(tomllib.loads(DECK)), encoding="utf-8")
        deck.unlink()
        deck, place = json_deck, (json_deck, cards, env)
    db = ["--carddb", str(cards)]
    adder = ["add", str(deck), "T-100", *db]
    lines = _race(
        place,
        [
            adder,
            adder,
            ["remove", str(deck), "T-101", *db],  # 4 copies, removed one a round
            ["set", str(deck), "name", "Round {i}", *db],
            ["convert", str(deck), "--to", fmt, "--out-file", str(deck), "--force", *db],
        ],
        4,
    )
    adds, removes, sets, converts = lines[0] + lines[1], lines[2], lines[3], lines[4]
    assert all(line.startswith("0 Added 1 × ") for line in adds), adds
    assert all(line.startswith("0 Removed 1 × ") for line in removes), removes
    assert all(line.startswith("0 Set name to ") for line in sets), sets
    assert all(line.startswith("0 Wrote ") for line in converts), converts
    text = deck.read_text(encoding="utf-8")
    data = json.loads(text) if fmt == "json" else tomllib.loads(text)
    assert data["main"]["T-100"] == 4 + 2 * 4  # no add lost
    assert "T-101" not in data["main"]  # every remove kept
    assert data["name"] == "Round 3"  # the last set kept
    assert sorted(path.name for path in deck.parent.iterdir()) == ["go", deck.name]  # no temporary left


# Output targets that are not files to replace -------------------------------------------------------------------


def _shell(script: str, place: tuple[Path, Path, dict[str, str]]) -> subprocess.CompletedProcess[str]:
    deck, _, env = place
    deckcheck = " ".join(shlex.quote(part) for part in (sys.executable, "-m", "deckcheck"))
    return subprocess.run(
        ["sh", "-c", script.replace("DECKCHECK", deckcheck)],
        capture_output=True,
        text=True,
        env=env,
        cwd=deck.parent,
        timeout=60,
    )


def _deck(text: str) -> dict[str, int]:
    """The main section of the TOML deck `text` must be, whole (no line of anything else in it)."""
    return tomllib.loads(text)["main"]


def test_out_file_dev_stdout_appended_to_a_log_keeps_the_log(place):
    deck, cards, _ = place
    log = deck.parent / "log.txt"
    log.write_text("earlier line\n", encoding="utf-8")
    done = _shell(
        f"DECKCHECK convert {deck} --to toml --out-file /dev/stdout --force --carddb {cards} >> log.txt", place
    )
    assert done.returncode == 0, done.stderr
    text = log.read_text(encoding="utf-8")
    assert text.startswith("earlier line\n"), text
    assert _deck(text.removeprefix("earlier line\n"))["T-100"] == 4
    assert "wrote /dev/stdout (toml)." in done.stderr  # said on stderr: the output is the deck alone


def test_out_file_dev_stdout_inside_a_shell_group_keeps_what_is_around_it(place):
    deck, cards, _ = place
    script = (
        f"{{ echo a; DECKCHECK convert {deck} --to toml --out-file /dev/stdout --force --carddb {cards}; echo b; }} > f"
    )
    done = _shell(script, place)
    assert done.returncode == 0, done.stderr
    text = (deck.parent / "f").read_text(encoding="utf-8")
    assert text.startswith("a\n") and text.endswith("b\n"), text
    assert _deck(text[2:-2])["T-100"] == 4


def test_out_file_dev_stdout_into_a_pipe(place):
    """Into a pipe it once failed: `/proc/N/fd/pipe:[…]: No such file or directory`."""
    deck, cards, _ = place
    done = _shell(
        f"DECKCHECK convert {deck} --to toml --out-file /dev/stdout --force --carddb {cards} | cat > f", place
    )
    assert done.returncode == 0 and "No such file" not in done.stderr, done.stderr
    assert _deck((deck.parent / "f").read_text(encoding="utf-8"))["T-100"] == 4


def test_plot_through_a_link_to_dev_stdout_appended_to_a_log(place):
    deck, cards, _ = place
    (deck.parent / "chart.svg").symlink_to("/dev/stdout")
    (deck.parent / "log.txt").write_text("earlier line\n", encoding="utf-8")
    script = f"DECKCHECK stats {deck} --want grade=1 --plot chart.svg --force --carddb {cards} >> log.txt"
    done = _shell(script, place)
    assert done.returncode == 0, done.stderr
    text = (deck.parent / "log.txt").read_text(encoding="utf-8")
    assert text.startswith("earlier line\n") and "<svg" in text and "</svg>" in text, text[:300]
    assert (deck.parent / "chart.svg").is_symlink()


def test_out_file_dev_stdout_closed_is_a_clear_error(place):
    deck, cards, _ = place
    done = _shell(f"DECKCHECK convert {deck} --to toml --out-file /dev/stdout --force --carddb {cards} >&-", place)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
