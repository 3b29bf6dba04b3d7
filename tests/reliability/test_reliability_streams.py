"""Every command against hostile output streams (issue 26 items 9-11): stdout on a full disk (/dev/full), stdout
closed (``>&-``, with stderr closed too), and stdout in an encoding that lacks characters we print (cp932, what
Python uses on Japanese Windows when output is redirected, and latin-1). Never a traceback nor an internal error;
exit code 2 when the output is lost, unless the command had already changed a file, which it then says (its own
exit code, the change kept); a refused run changes nothing; JSON stays valid in every encoding.

Each stream setup is one real interpreter started with it (a closed descriptor, PYTHONIOENCODING), which then forks
once per command line: a command pays only for its own work, not for Python's start-up (the whole file runs in a
few seconds).
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from xml.etree.ElementTree import canonicalize

import pytest
import typer

from deckcheck.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "decks" / "build-divide" / "guren.txt"  # Japanese card names and deck name, the shipped database
CSV = "number,name,type,set,colors,cost,total_cost\nX-BD-1,テスト剣士—改,unit,BD-01,black,1,1\n"
WANT = ["--want", "name=爆炎の一撃", "--mulligan", "none"]
ODDS = ["odds", "-g", "build-divide", "--deck-size", "40", "--copies", "爆炎=8", "--want", "爆炎"]

#: Each command's cheapest lines: (arguments, exit code, the file it writes or None). A command's first line and every
#: line that writes run under every stream setup; the others (JSON) under the encodings, where their escapes matter.
RUNS: dict[str, list[tuple[list[str], int, str | None]]] = {
    "check": [
        (["check", "d.txt"], 0, None),
        (["check", "d.txt", "--output", "json"], 0, None),
        (["check", "紅蓮.txt", "--output", "junit"], 0, None),  # XML: its testcase is named after the file
    ],
    "show": [(["show", "d.txt"], 0, None), (["show", "d.txt", "--output", "json"], 0, None)],
    "diff": [(["diff", "d.txt", "d.txt"], 0, None), (["diff", "d.txt", "d.txt", "--output", "json"], 0, None)],
    "stats": [(["stats", "d.txt", *WANT], 0, None), (["stats", "d.txt", *WANT, "--output", "json"], 0, None)],
    "hand": [(["hand", "d.txt", "--seed", "1"], 0, None), (["hand", "d.txt", "--seed", "1", "-o", "json"], 0, None)],
    "odds": [(ODDS, 0, None), ([*ODDS, "-o", "json"], 0, None)],
    "rules": [(["rules", "build-divide"], 0, None), (["rules", "build-divide", "-o", "json"], 0, None)],
    "games": [(["games"], 0, None), (["games", "--output", "json"], 0, None)],
    "cards search": [
        (["cards", "search", "-g", "build-divide", "爆炎"], 0, None),
        (["cards", "search", "-g", "build-divide", "爆炎", "-o", "json"], 0, None),
    ],
    "cards import": [
        (["cards", "import", "c.csv", "-g", "build-divide", "--into", "db"], 0, "db/build-divide/c.toml"),
        (["cards", "import", "r.csv", "-g", "build-divide", "--into", "db"], 1, "db/build-divide/r.toml"),  # 1 refused
    ],
    "convert": [
        (["convert", "d.txt", "--to", "toml"], 0, None),
        (["convert", "d.txt", "--to", "json"], 0, None),
        (["convert", "d.txt", "--to", "html"], 0, None),
        (["convert", "d.txt", "--to", "text"], 0, None),
        (["convert", "d.txt", "--to", "text", "--out-file", "o.txt"], 0, "o.txt"),
    ],
    "new": [(["new", "n.deck.toml", "-g", "build-divide", "--name", "紅蓮—"], 0, "n.deck.toml")],
    "add": [(["add", "d.txt", "DC-BD-010"], 0, "d.txt")],
    "remove": [(["remove", "d.txt", "DC-BD-010"], 0, "d.txt")],
    "set": [(["set", "d.txt", "name", "蒼—"], 0, "d.txt")],
}

# The stream setups: (shell redirections of the interpreter's start, PYTHONIOENCODING, every line or the first).
SETUPS = {
    "utf-8": ("1>/dev/null", "utf-8", True),  # what the others are compared with
    "full": ("1>/dev/full", "utf-8", False),
    "closed": ("1>&-", "utf-8", False),
    "both-closed": ("1>&- 2>&-", "utf-8", False),
    "cp932": ("1>/dev/null", "cp932:strict", True),
    "latin-1": ("1>/dev/null", "latin-1", True),
}

# Runs in the started interpreter: one fork per job, its stderr (and, under an encoding, its stdout) to files; the
# child ends as the interpreter would (its streams flushed: a failure there is "Exception ignored", exit code 120).
HARNESS = r"""
import json, os, sys, traceback
jobs, results = sys.argv[1], sys.argv[2]
with open(jobs, encoding="utf-8") as file:
    jobs = json.load(file)
import deckcheck.cli.app as cli
import deckcheck._api, deckcheck.commands.build, deckcheck.commands.convert, deckcheck.commands.hand
import deckcheck.commands.search, deckcheck.commands.show, deckcheck.commands.stats, deckcheck.commands.listing
import deckcheck.carddb.importer, deckcheck.commands.importing


def into(path, fd):
    opened = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    if opened != fd:
        os.dup2(opened, fd)
        os.close(opened)  # (a closed stdout stays closed: the file was opened there first only if it was free)


def child(job):
    os.chdir(job["cwd"])
    into(job["stderr"], 2)
    if job["stdout"] and sys.stdout is not None:
        into(job["stdout"], 1)
    sys.argv = ["deckcheck", *job["args"]]
    code = 0
    try:
        cli.main()
    except SystemExit as error:
        code = error.code if isinstance(error.code, int) else 0 if error.code is None else 1
    except BaseException:
        traceback.print_exc()
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except BaseException:
            os.write(2, b"Exception ignored on flushing the standard streams\n" + traceback.format_exc().encode())
            code = 120
    return code


done = []
for job in jobs:
    pid = os.fork()
    if pid == 0:
        os._exit(child(job))
    done.append(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
with open(results, "w", encoding="utf-8") as file:
    json.dump(done, file)
"""


def _commands() -> set[str]:
    found: set[str] = set()

    def walk(command: object, prefix: tuple[str, ...]) -> None:
        for name, sub in getattr(command, "commands", {}).items():
            if getattr(sub, "commands", None):
                walk(sub, (*prefix, name))
            else:
                found.add(" ".join((*prefix, name)))

    walk(typer.main.get_command(app), ())
    return found


def test_every_command_has_its_runs():
    """A new command fails here until it has its line in RUNS (and so is attacked by every setup below)."""
    assert set(RUNS) == _commands()


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict]]:
    """Every setup's runs: each with its job, exit code, stderr, stdout (encodings) and the folder before and
    after."""
    base = tmp_path_factory.mktemp("streams")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DECKCHECK_", "FORCE_COLOR"))}
    env |= {"DECKCHECK_CACHE_DIR": str(base / "cache"), "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    found: dict[str, list[dict]] = {}
    for setup, (redirect, encoding, every_line) in SETUPS.items():
        jobs = []
        for name, lines in RUNS.items():
            for index, (args, code, writes) in enumerate(lines):
                if index and not (every_line or writes):
                    continue
                cwd = base / setup / f"{name.replace(' ', '-')}-{index}"
                cwd.mkdir(parents=True)
                shutil.copy(DECK, cwd / "d.txt")
                shutil.copy(DECK, cwd / "紅蓮.txt")
                (cwd / "c.csv").write_text(CSV, encoding="utf-8")
                (cwd / "r.csv").write_text(CSV + "X-BD-2,壊れ,unit,BD-01,black,x,1\n", encoding="utf-8")
                job = {"cwd": str(cwd), "args": args, "code": code, "writes": writes, "before": _snapshot(cwd)}
                job["stderr"] = str(cwd.parent / f"{cwd.name}.err")
                job["stdout"] = str(cwd.parent / f"{cwd.name}.out") if every_line else None  # the encodings
                jobs.append(job)
        (base / f"{setup}.json").write_text(
            json.dumps([{key: job[key] for key in ("cwd", "args", "stderr", "stdout")} for job in jobs]),
            encoding="utf-8",
        )
        results = base / f"{setup}.results"
        shell = f'exec "$@" </dev/null {redirect}'
        command = ["sh", "-c", shell, "sh", sys.executable, "-c", HARNESS, base / f"{setup}.json", results]
        started = subprocess.run(command, env=env | {"PYTHONIOENCODING": encoding}, capture_output=True, timeout=120)
        assert started.returncode == 0, started.stderr.decode(errors="replace")
        for job, code in zip(jobs, json.loads(results.read_text(encoding="utf-8")), strict=True):
            job["exit"] = code
            job["err"] = Path(job["stderr"]).read_bytes().decode(encoding.split(":")[0], errors="replace")
            job["out"] = Path(job["stdout"]).read_bytes() if job["stdout"] else b""
            job["after"] = _snapshot(Path(job["cwd"]))
        found[setup] = jobs
    return found


def _no_crash(job: dict) -> None:
    for sign in ("Traceback", "internal error", "Exception ignored"):
        assert sign not in job["err"], (job["args"], job["err"])


def _junit(text: str) -> str:
    """JUnit XML read as its elements say it, less the times it measured."""
    return re.sub(r' time="[0-9.]+"', "", canonicalize(text))


def _said(job: dict) -> str:
    return " ".join(job["args"])


def test_a_full_disk_is_said_and_a_change_made_is_said_as_made(outcomes):
    """Item 9: "cannot write the output: no space left on device", exit 2; a command that had written its file
    says so and keeps its own exit code (the change stands: 2 would tell a script nothing was done)."""
    for job in outcomes["full"]:
        _no_crash(job)
        if job["writes"] is None:
            assert job["exit"] == 2, _said(job)
            assert job["err"].endswith("deckcheck: cannot write the output: no space left on device\n"), job["err"]
            assert job["after"] == job["before"], _said(job)
        else:
            assert job["exit"] == job["code"], (_said(job), job["err"])
            assert f"{job['writes']} was " in job["err"], job["err"]
            assert "but the output could not be written: no space left on device" in job["err"], job["err"]
            assert job["after"].get(job["writes"]) != job["before"].get(job["writes"]), _said(job)


@pytest.mark.parametrize("setup", ["closed", "both-closed"])
def test_a_closed_stdout_is_refused_before_anything_is_done(outcomes, setup):
    """Item 10: a message on stderr (none to say when stderr is closed too, and no traceback), exit 2, no file
    changed."""
    for job in outcomes[setup]:
        _no_crash(job)
        assert job["exit"] == 2, (_said(job), job["err"])
        assert job["after"] == job["before"], _said(job)
        expected = "" if setup == "both-closed" else "deckcheck: the standard output is closed, so nothing was done"
        assert job["err"].startswith(expected), job["err"]


@pytest.mark.parametrize("setup", ["cp932", "latin-1"])
def test_an_encoding_that_lacks_characters_shows_them_another_way(outcomes, setup):
    """Item 11: every command runs as under UTF-8 (its exit code, its change), its output in the encoding; JSON,
    TOML, XML and HTML are ASCII there, with their own escapes: they read back as under UTF-8."""
    for job, utf8 in zip(outcomes[setup], outcomes["utf-8"], strict=True):
        _no_crash(utf8)
        _no_crash(job)
        assert (job["exit"], utf8["exit"]) == (job["code"], job["code"]), (_said(job), job["err"])
        text, utf8_text = job["out"].decode(setup), utf8["out"].decode()  # strict: the bytes are the encoding's
        language = next((word for word in ("json", "toml", "junit", "html") if word in job["args"]), None)
        if language is not None and "--out-file" not in job["args"]:
            assert text.isascii(), _said(job)
            read = {"json": json.loads, "toml": tomllib.loads, "junit": _junit, "html": html.unescape}[language]
            assert read(text) == read(utf8_text), _said(job)
            assert not utf8_text.isascii(), _said(job)  # (there was something to escape)
        if language is None and setup == "cp932":  # every name is in cp932, every decoration has a near character
            assert "\\u" not in text + job["err"], (_said(job), text, job["err"])
        if job["args"] == ["convert", "d.txt", "--to", "text"]:  # a decklist whose names latin-1 lacks says so
            assert ("lacks 146 characters of this list, written as escapes" in job["err"]) == (setup == "latin-1")
        assert job["after"] == utf8["after"], _said(job)
