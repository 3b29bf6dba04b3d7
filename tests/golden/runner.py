"""Run golden cases the way a user runs deckcheck, and read / write their recorded outputs.

Shared by `tests/golden/record.py` (writes `tests/golden/expected/`) and `tests/test_golden.py` (compares with it).
Each case runs as `sys.executable -m deckcheck ARGS...` in a subprocess (the real entry point), with the repository
root as its working folder (or a fresh scratch folder for the cases that write files), in an environment built from
scratch: no colour, fixed width, UTC, a fixed today (TODAY), a HOME and a card-database cache of this session's own
(so neither the user's home nor a warm cache from an earlier run is relied upon).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .cases import CASES, WARM_UP, Case

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = Path(__file__).resolve().parent / "expected"
RECORD_COMMAND = "python tests/golden/record.py"

#: The day every case takes for today (DECKCHECK_TODAY): regulations in force by default are those of this day.
TODAY = "2026-11-27"
#: Longest a single case may take (the slowest, a default `stats` report of an EVOLVE deck, takes about 2 s).
TIMEOUT_SECONDS = 300
#: A file a case should have written but did not: recorded as this text, so the difference shows in a diff.
NOT_WRITTEN = "<deckcheck-golden: the command did not write this file>\n"


@dataclass(frozen=True)
class Result:
    """What one case produced, normalised (see `normalise`)."""

    stdout: str
    stderr: str
    code: int
    files: tuple[tuple[str, str], ...] = ()  # (path relative to the case's work folder, content) per captured file


# Recorded files ------------------------------------------------------------------------------------------------


def captured_file_name(case: Case, path: str) -> str:
    """The expected/ file that holds the captured file `path` of `case`: `<id>.file.<path with / as ~>.captured`.

    (The suffix keeps `deckcheck check .` from taking a recorded `rp.deck.toml` for one of the repository's decks.)"""
    return f"{case.id}.file.{path.replace('/', '~')}.captured"


def recorded_files(case: Case, result: Result) -> dict[str, str]:
    """expected/ file name -> content, for one case's result: `<id>.out`, `<id>.err`, `<id>.code` and its files."""
    files = {f"{case.id}.out": result.stdout, f"{case.id}.err": result.stderr, f"{case.id}.code": f"{result.code}\n"}
    for path, content in result.files:
        files[captured_file_name(case, path)] = content
    return files


def expected_names(case: Case) -> list[str]:
    names = [f"{case.id}.out", f"{case.id}.err", f"{case.id}.code"]
    return names + [captured_file_name(case, path) for path in case.capture]


def read_text(path: Path) -> str:
    # Bytes as they are: no newline translation, and bytes that are not UTF-8 survive the round trip.
    return path.read_bytes().decode("utf-8", "surrogateescape")


def write_text(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8", "surrogateescape"))


# Normalisation -------------------------------------------------------------------------------------------------

# The only parts of deckcheck's output that legitimately differ between two runs of the same code. Each substitution
# is applied to stdout, stderr and captured files alike; everything else must match byte for byte.
_JUNIT_TIME = re.compile(r'\btime="\d+(?:\.\d+)?"')
_SIMULATION_PROGRESS = re.compile(r"^deckcheck: simulating[ …][^\n]*\n", re.MULTILINE)


def normalise(text: str, scratch: Path) -> str:
    # 1. Absolute paths. SARIF's `originalUriBaseIds.%SRCROOT%` is the repository's `file://` URI, and messages about
    #    files written into a scratch folder name that folder: both differ between machines (CI clones elsewhere)
    #    and between runs (a new temporary folder each session). Longest first, in case one lies inside the other.
    places = {ROOT: "<REPO>", scratch: "<TMP>"}
    places |= {path.resolve(): token for path, token in places.items()}  # /tmp may be a link (macOS: /private/tmp)
    for path, token in sorted(places.items(), key=lambda item: -len(str(item[0]))):
        text = text.replace(path.as_uri(), f"file://{token}").replace(str(path), token)
    # 2. JUnit's `time="0.003"` attributes (seconds spent checking each deck, and their sums) are wall-clock times.
    text = _JUNIT_TIME.sub('time="<T>"', text)
    # 3. `stats --method simulate` prints "deckcheck: simulating… N of at most M setups, about K s left" (or
    #    "simulating going first by own turn 1 (question 2 of 4)… ...") on stderr
    #    only when a run is estimated to take over 5 s: whether and how often it appears depends on the machine's
    #    speed. (The cases keep simulations short, so it should not appear at all; this keeps a slow CI stable.)
    return _SIMULATION_PROGRESS.sub("", text)


# Running -------------------------------------------------------------------------------------------------------


def groups_of(cases: Iterable[Case]) -> list[list[Case]]:
    """Cases that share a work folder run one after the other, in order, in that folder; every other case alone."""
    groups: dict[str, list[Case]] = {}
    for case in cases:
        groups.setdefault(case.workdir or f"\0{case.id}", []).append(case)
    return list(groups.values())


class GoldenSession:
    """A scratch folder (HOME, card-database cache, work folders) and the environment every case runs in."""

    def __init__(self) -> None:
        self.scratch = Path(tempfile.mkdtemp(prefix="deckcheck-golden-"))
        home = self.scratch / "home"
        home.mkdir()
        self.env = {
            "PATH": os.environ.get("PATH", os.defpath),
            "HOME": str(home),
            "XDG_CACHE_HOME": str(home / ".cache"),
            "DECKCHECK_CACHE_DIR": str(self.scratch / "cache"),  # fresh: the first runs build it, later ones read it
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TZ": "UTC",
            "DECKCHECK_TODAY": TODAY,  # the regulation in force "today" must not change with the calendar
            "NO_COLOR": "1",
            "TERM": "dumb",
            "COLUMNS": "120",
            "LINES": "50",
        }
        if "SYSTEMROOT" in os.environ:  # Windows cannot start Python without it
            self.env["SYSTEMROOT"] = os.environ["SYSTEMROOT"]
        self._results: dict[str, Result] = {}
        self._lock = threading.Lock()
        self._group_locks: dict[str, threading.Lock] = {}  # one per work folder: its cases run one at a time, in order

    def close(self) -> None:
        shutil.rmtree(self.scratch, ignore_errors=True)

    def __enter__(self) -> GoldenSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run_one(self, case: Case, cwd: Path) -> Result:
        env = dict(self.env)
        for name, value in case.env:
            if value is None:
                env.pop(name, None)
            else:
                env[name] = value
        done = subprocess.run(
            [sys.executable, "-m", case.module, *case.argv],
            cwd=cwd,
            env=env,
            input=None if case.stdin is None else case.stdin.encode("utf-8"),
            stdin=subprocess.DEVNULL if case.stdin is None else None,
            capture_output=True,
            timeout=TIMEOUT_SECONDS,
            check=False,
        )
        files = []
        for path in case.capture:
            target = cwd / path
            content = read_text(target) if target.is_file() else NOT_WRITTEN
            files.append((path, normalise(content, self.scratch)))
        return Result(
            stdout=normalise(done.stdout.decode("utf-8", "surrogateescape"), self.scratch),
            stderr=normalise(done.stderr.decode("utf-8", "surrogateescape"), self.scratch),
            code=done.returncode,
            files=tuple(files),
        )

    def run_group(self, group: Sequence[Case]) -> dict[str, Result]:
        """Every case of a group, in order, in a fresh work folder (when it has one)."""
        cwd = self._fresh_workdir(group)
        results = {case.id: self.run_one(case, cwd) for case in group}
        with self._lock:
            self._results.update(results)
        return results

    def _fresh_workdir(self, group: Sequence[Case]) -> Path:
        """The group's work folder, emptied and given the files its cases copy in (the repository for no folder)."""
        if not (workdir := group[0].workdir):
            return ROOT
        cwd = self.scratch / "work" / workdir
        shutil.rmtree(cwd, ignore_errors=True)
        cwd.mkdir(parents=True)
        for case in group:
            for name, source in case.files:
                (cwd / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(ROOT / source, cwd / name)
        return cwd

    def run_all(self, cases: Sequence[Case], jobs: int | None = None) -> dict[str, Result]:
        """Every case, `jobs` subprocesses at a time; the slow groups (`stats`) start first.

        `check decks/` runs alone first when it is among them: it fills the fresh card-database cache for every game,
        which the cases started together would otherwise each build at once (a second each for EVOLVE's)."""
        groups = sorted(groups_of(cases), key=lambda group: -max(case.cost for case in group))
        if first := [group for group in groups if group[0].id == WARM_UP]:
            self.run_group(first[0])
            groups.remove(first[0])
        with ThreadPoolExecutor(max_workers=jobs or default_jobs()) as pool:
            for future in [pool.submit(self.run_group, group) for group in groups]:
                future.result()
        return {case.id: self._results[case.id] for case in cases}

    def result(self, case: Case, cases: Sequence[Case] = CASES) -> Result:
        """The case's result, run now if it has not run yet: alone, or for a case of a work folder after the cases
        of its folder listed before it that have not run yet (their state is what it starts from). `cases`: the
        list `case` is one of (its groups)."""
        if not case.workdir:
            with self._lock:
                known = self._results.get(case.id)
            if known is None:
                known = self.run_one(case, ROOT)
                with self._lock:
                    self._results[case.id] = known
            return known
        with self._lock:
            group_lock = self._group_locks.setdefault(case.workdir, threading.Lock())
        with group_lock:
            group = next(group for group in groups_of(cases) if case in group)
            with self._lock:
                ran = [member for member in group if member.id in self._results]
            cwd = self._fresh_workdir(group) if not ran else self.scratch / "work" / case.workdir
            for member in group[len(ran) : group.index(case) + 1]:
                outcome = self.run_one(member, cwd)
                with self._lock:
                    self._results[member.id] = outcome
            with self._lock:
                return self._results[case.id]


def default_jobs() -> int:
    """Subprocesses at a time: twice the CPUs (each spends part of its time starting up), 2 to 8; $GOLDEN_JOBS."""
    if given := os.environ.get("GOLDEN_JOBS", "").strip():
        return max(1, int(given))
    return max(2, min(8, 2 * (os.cpu_count() or 1)))
