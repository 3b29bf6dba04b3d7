"""Checking in several processes (deckcheck.parallel) gives exactly the result of one process."""

from __future__ import annotations

import pickle
import re
import shutil
import sys
from pathlib import Path

import pytest
from hostile import LIMITED_FORK
from textfit import says, unfitted

from deckcheck.checking import parallel
from deckcheck.checking.judging import Judging
from deckcheck.checking.run import check_paths
from deckcheck.checking.workspace import Workspace
from deckcheck.errors import CardDatabaseError, DeckcheckError, EngineError

EXAMPLES = Path(__file__).resolve().parents[2] / "decks"


def run_summary(run) -> tuple:
    """The report (its JSON without `notes`, compared on their own), errors, warnings and notes of a run."""
    return _without_notes(run.to_json()), [str(error) for error in run.errors], run.warnings, run.notes


def _without_notes(report: dict) -> dict:
    return {key: value for key, value in report.items() if key != "notes"}


@pytest.fixture(scope="module")
def _many_decks_folder(tmp_path_factory):
    """Every example deck three times, and the decks that make a run report things: a file that is not TOML, an
    unknown card, an illegal deck, a deck's own regulation key (known and unknown), and a game (cipher) whose extra
    card database folder is broken. One for the module: no test changes it."""
    tmp_path = tmp_path_factory.mktemp("many")
    folder = tmp_path / "decks"
    examples = sorted(path for path in EXAMPLES.rglob("*") if path.is_file())
    for copy in range(3):
        for deck in examples:
            target = folder / deck.parent.name / f"{copy}-{deck.name}"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(deck, target)
    vanguard = (EXAMPLES / "vanguard" / "royal-paladin-altmile.deck.toml").read_text(encoding="utf-8")
    (folder / "broken.deck.toml").write_text('game = "vanguard"\n[main\n', encoding="utf-8")
    (folder / "unknown-card.txt").write_text("game: vanguard\n## main\n4 NO-SUCH-CARD\n", encoding="utf-8")
    (folder / "illegal.deck.toml").write_text(vanguard.replace("= 4", "= 5", 1), encoding="utf-8")
    (folder / "with-regulation.deck.toml").write_text(
        f'regulation = "Sample Standard 2026-10"\n{vanguard}', encoding="utf-8"
    )
    (folder / "unknown-regulation.deck.toml").write_text(f'regulation = "No Such"\n{vanguard}', encoding="utf-8")
    broken_db = tmp_path / "extra" / "cipher"
    broken_db.mkdir(parents=True)
    record = '[[cards]]\nnumber = "X-1"\nname = "X"\ntype = "unit"\n'
    (broken_db / "bad.toml").write_text(f'game = "cipher"\n{record}{record}', encoding="utf-8")
    return folder, tmp_path / "extra"


@pytest.fixture
def many_decks(_many_decks_folder, monkeypatch):
    """The many decks (folder, extra card folder), in the working folder, with no $DECKCHECK_CARDDB nor
    $DECKCHECK_JOBS."""
    folder, extra = _many_decks_folder
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    monkeypatch.delenv(parallel.JOBS_ENV, raising=False)
    monkeypatch.chdir(folder.parent)
    return folder, extra


@pytest.fixture(scope="module")
def _runs_in_one_process() -> dict:
    return {}


@pytest.fixture
def alone(many_decks, _runs_in_one_process):
    """check_paths of the many decks in one process: what every run with workers must equal. The same for every
    test here, so made once (by the first test that asks, in its environment)."""
    if "run" not in _runs_in_one_process:
        folder, extra = many_decks
        _runs_in_one_process["run"] = check_paths([folder], [extra], jobs=1)
    return _runs_in_one_process["run"]


@pytest.mark.parametrize("jobs", [2, 3])
def test_several_processes_give_the_same_run_as_one(many_decks, alone, jobs, monkeypatch):
    folder, extra = many_decks
    calls = []
    check_files = parallel.check_files
    monkeypatch.setattr(parallel, "check_files", lambda *args: calls.append(args[3]) or check_files(*args))
    shared = check_paths([folder], [extra], jobs=jobs)
    assert calls == [jobs]  # the workers really ran
    assert run_summary(shared) == run_summary(alone)
    # the fixture is not trivial: every kind of outcome is there
    assert len(alone.reports) >= 28  # the 27 example decks not of cipher, and 3 made-up ones
    assert not all(report.legal for report in alone.reports)
    messages = "\n".join(str(error) for error in alone.errors)
    assert "is not valid TOML" in messages
    assert "broken card database" in messages and messages.count("broken card database") == 1
    assert "No Such" in messages
    assert any(report.regulation is not None for report in alone.reports)


def test_the_progress_bar_sees_every_deck_file(many_decks):
    from deckcheck.checking.discover import find_deck_files

    folder, extra = many_decks
    seen = []

    def progress(files):
        for path in files:
            seen.append(path)
            yield path

    check_paths([folder], [extra], jobs=2, progress=progress)
    assert seen == find_deck_files([folder])[0]


@pytest.mark.parametrize(
    "asked",
    [
        {"as_of": "2026-10-01"},
        {"as_of": "2020-01-01"},  # before every regulation: a note per game, said once
        {"rules": "1.7.0"},  # a note for every game without versions
        {"format": "crossover"},  # an option most games cannot take: an error, said once
        {"regulation": "Sample Standard 2026-10"},  # the games without it: a note
        {"regulation": "No Such"},  # no game has it: an error and no report
        {"no_regulation": True},
        {"game": "vanguard"},  # every plain-text deck a pasted vanguard list
    ],
    ids=lambda asked: "-".join(f"{key}={value}" for key, value in asked.items()),
)
def test_every_judging_is_checked_in_workers_with_the_same_run(many_decks, monkeypatch, asked):
    folder, extra = many_decks
    alone = check_paths([folder], [extra], jobs=1, **asked)
    calls = []
    check_files = parallel.check_files
    monkeypatch.setattr(parallel, "check_files", lambda *args: calls.append(args[3]) or check_files(*args))
    monkeypatch.setenv(parallel.JOBS_ENV, "2")
    shared = check_paths([folder], [extra], **asked)
    assert calls == [2]  # the workers really ran, whatever the judging
    assert run_summary(shared) == run_summary(alone)
    assert alone.errors  # (the fixture's broken files, at least)
    assert bool(alone.reports) is (asked != {"regulation": "No Such"})


@pytest.mark.parametrize(
    ("decks", "jobs", "environment", "cpus", "expected"),
    [
        (parallel.MIN_DECKS - 1, None, None, 4, 1),  # too few decks for workers to pay
        (parallel.MIN_DECKS, None, None, 4, 4),
        (parallel.MIN_DECKS, None, None, 64, parallel.MAX_JOBS),
        (parallel.MIN_DECKS, None, None, 1, 1),
        (10, None, "3", 4, 3),  # the environment decides even for a few decks
        (2, None, "3", 4, 2),  # never more processes than decks
        (500, None, "1", 4, 1),
        (10, 2, "1", 4, 2),  # an explicit `jobs` wins
    ],
)
def test_workers_for(monkeypatch, decks, jobs, environment, cpus, expected):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(parallel.os, "sched_getaffinity", lambda pid: set(range(cpus)), raising=False)
    monkeypatch.setattr(parallel, "_busy_cpus", lambda watch=None: 0.0)  # a quiet machine
    monkeypatch.setattr(parallel, "CGROUP_CPU_MAX", "/nonexistent/cpu.max")
    if environment is None:
        monkeypatch.delenv(parallel.JOBS_ENV, raising=False)
    else:
        monkeypatch.setenv(parallel.JOBS_ENV, environment)
    assert parallel.workers_for(decks, jobs) == expected


def test_no_workers_where_processes_cannot_be_forked(monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setenv(parallel.JOBS_ENV, "4")
    assert parallel.workers_for(1000) == 1


@pytest.mark.parametrize("value", ["0", "-2", "two", "1.5"])
def test_a_bad_jobs_variable_is_bad_input(monkeypatch, value):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv(parallel.JOBS_ENV, value)
    with pytest.raises(DeckcheckError, match=r"\$DECKCHECK_JOBS must be a whole number"):
        parallel.workers_for(1000)


def test_a_bad_jobs_variable_is_exit_2(run_cli, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv(parallel.JOBS_ENV, "many")
    code, _, err = run_cli("check", EXAMPLES)
    assert code == 2
    assert "DECKCHECK_JOBS" in err and "Traceback" not in err


def test_the_cli_output_does_not_depend_on_the_processes(run_cli, monkeypatch, many_decks):
    folder, extra = many_decks
    outputs = []
    for jobs in ("1", "2"):
        monkeypatch.setenv(parallel.JOBS_ENV, jobs)
        outputs.append(run_cli("check", folder, "--carddb", extra, "--output", "json"))
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == 2  # unreadable files and a broken database


@pytest.mark.parametrize(
    "error",
    [
        DeckcheckError("bad count", path="a/b.toml", line=3, field="main"),
        CardDatabaseError(["x.toml record 1: number X-1 is already used", "another problem"]),
        EngineError("the engine has no setup"),
    ],
)
def test_errors_cross_a_process_boundary_unchanged(error):
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert copy.__dict__ == error.__dict__


def test_workers_keep_paths_as_given_and_report_a_bug_on_one_file(many_decks, monkeypatch):
    from deckcheck.formats import read

    real = read.parse_text

    def explode(path, text, *more):
        if path.endswith("unknown-card.txt"):
            raise ValueError("boom")
        return real(path, text, *more)

    monkeypatch.setattr(read, "parse_text", explode)  # the forked workers inherit it
    folder, extra = many_decks
    alone = check_paths(["./decks"], [extra], jobs=1)
    shared = check_paths(["./decks"], [extra], jobs=2)
    assert run_summary(shared) == run_summary(alone)
    assert all(report.path.startswith("./decks/") for report in shared.reports)
    assert any(
        e.path == "./decks/unknown-card.txt" and "internal error (ValueError: boom)" in str(e) for e in shared.errors
    )


# Workers from the CPUs actually free ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cpus", "busy", "expected"),
    [
        (2, 0.0, 2),  # a quiet 2-CPU machine: a worker per CPU
        (2, 0.4, 2),  # 1.6 free rounds to 2
        (2, 0.6, 1),  # 1.4 free: one CPU, so no workers
        (2, 2.0, 1),  # every CPU busy with other work (a shared CI runner): one process
        (8, 3.2, 5),
        (64, 0.0, parallel.MAX_JOBS),
        (4, 9.0, 1),  # more load than CPUs
    ],
)
def test_workers_follow_the_free_cpus(monkeypatch, cpus, busy, expected):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv(parallel.JOBS_ENV, raising=False)
    monkeypatch.setattr(parallel.os, "sched_getaffinity", lambda pid: set(range(cpus)), raising=False)
    monkeypatch.setattr(parallel, "CGROUP_CPU_MAX", "/nonexistent/cpu.max")
    monkeypatch.setattr(parallel, "_busy_cpus", lambda watch=None: busy)
    assert parallel.workers_for(2000) == expected


@pytest.mark.parametrize(("text", "expected"), [("max 100000\n", 8), ("200000 100000\n", 2), ("50000 100000", 1)])
def test_a_cgroup_cpu_quota_caps_the_cpus(monkeypatch, tmp_path, text, expected):
    (tmp_path / "cpu.max").write_text(text, encoding="ascii")
    monkeypatch.setattr(parallel, "CGROUP_CPU_MAX", str(tmp_path / "cpu.max"))
    monkeypatch.setattr(parallel.os, "sched_getaffinity", lambda pid: set(range(8)), raising=False)
    assert parallel.usable_cpus() == expected


def test_busy_cpus_are_measured_from_proc_stat(monkeypatch, tmp_path):
    stat = tmp_path / "stat"
    samples = iter(["cpu  100 0 100 800 0 0 0 0 0 0\n", "cpu  250 0 150 800 0 0 0 0 0 0\n"])  # 200 busy of 200

    def sleep(seconds):
        stat.write_text(next(samples), encoding="ascii")

    stat.write_text(next(samples), encoding="ascii")
    monkeypatch.setattr(parallel, "PROC_STAT", str(stat))
    monkeypatch.setattr(parallel.time, "sleep", sleep)
    monkeypatch.setattr(parallel.time, "process_time", lambda: 7.0)  # this process idle while it waits
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 2)
    assert parallel._busy_cpus() == pytest.approx(2.0)
    samples = iter(["cpu  300 0 150 900 50 0 0 0 0 0\n"])  # 50 busy, 150 idle or waiting of 200 ticks
    assert parallel._busy_cpus() == pytest.approx(0.5)


def test_the_measure_spans_the_reading_of_the_decks_without_this_process(monkeypatch, tmp_path):
    stat = tmp_path / "stat"
    stat.write_text("cpu  100 0 100 800 0 0 0 0 0 0\n", encoding="ascii")
    clock, cpu = [10.0], [3.0]
    monkeypatch.setattr(parallel, "PROC_STAT", str(stat))
    monkeypatch.setattr(parallel.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(parallel.time, "process_time", lambda: cpu[0])
    monkeypatch.setattr(parallel.time, "sleep", lambda seconds: pytest.fail("the window has passed: no waiting"))
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 2)
    watch = parallel.watch_cpus()
    # 0.1 s of reading decks: this process used 0.1 s of CPU (one CPU), and one other CPU was busy too
    clock[0], cpu[0] = 10.1, 3.1
    stat.write_text("cpu  120 0 100 800 0 0 0 0 0 0\n", encoding="ascii")  # 20 busy ticks of 20: both CPUs
    assert parallel._busy_cpus(watch) == pytest.approx(1.0)
    monkeypatch.setattr(parallel.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(parallel, "CGROUP_CPU_MAX", "/nonexistent/cpu.max")
    assert parallel.free_cpus(watch) == pytest.approx(1.0)


def test_a_short_window_is_waited_out(monkeypatch, tmp_path):
    stat = tmp_path / "stat"
    stat.write_text("cpu  100 0 100 800 0 0 0 0 0 0\n", encoding="ascii")
    clock, waited = [10.0], []
    monkeypatch.setattr(parallel, "PROC_STAT", str(stat))
    monkeypatch.setattr(parallel.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(parallel.time, "process_time", lambda: 1.0)

    def sleep(seconds):
        waited.append(seconds)
        clock[0] += seconds
        stat.write_text("cpu  100 0 100 810 0 0 0 0 0 0\n", encoding="ascii")  # 10 idle ticks: quiet

    monkeypatch.setattr(parallel.time, "sleep", sleep)
    watch = parallel.watch_cpus()
    clock[0] += 0.01
    assert parallel._busy_cpus(watch) == 0.0
    assert waited == [pytest.approx(parallel.SAMPLE_SECONDS - 0.01)]


def test_without_proc_stat_the_load_average_is_used(monkeypatch):
    monkeypatch.setattr(parallel, "PROC_STAT", "/nonexistent/stat")
    monkeypatch.setattr(parallel.os, "getloadavg", lambda: (1.25, 1.0, 1.0))
    assert parallel._busy_cpus() == 1.25


# A worker that dies (issue 14 item 10) -------------------------------------------------------------------------

_DYING_RUN = """
import json, os, signal, sys
from deckcheck.checking import parallel
from deckcheck.checking.judging import Judging
from deckcheck.checking.run import check_paths
from deckcheck.checking.workspace import Workspace

folder, extra, how = sys.argv[1:4]
real, main = parallel._check_chunk, os.getpid()

def dying(paths):
    if os.getpid() != main and any(path.endswith("illegal.deck.toml") for path in paths):  # a worker dies with it
        if how == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        os._exit(3)
    return real(paths)

parallel._check_chunk = dying  # the forked workers inherit it
run = check_paths([folder], [extra], jobs=int(os.environ["JOBS"]))
print(json.dumps([run.to_json(), [str(error) for error in run.errors], run.warnings, run.notes]))
"""


@pytest.mark.parametrize("how", ["kill", "exit"])
def test_a_worker_that_dies_never_hangs_the_run(many_decks, alone, how):
    # A real worker process dies (SIGKILL, or os._exit) while it holds a chunk; before, the pool waited for that
    # chunk forever. Run in a child process with a time limit, so that a hang fails the test instead of stalling it.
    import json
    import os
    import subprocess

    folder, extra = many_decks
    environment = {**os.environ, "JOBS": "2"}
    done = subprocess.run(
        [sys.executable, "-c", _DYING_RUN, str(folder), str(extra), how],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
    )
    assert done.returncode == 0, done.stderr
    report, errors, warnings, notes = json.loads(done.stdout)
    assert [_without_notes(report), errors, warnings] == json.loads(json.dumps(list(run_summary(alone)[:3])))
    assert any("a worker process ended abruptly" in note for note in notes)


_LIMITED_RUN = (
    """
import json, sys
from deckcheck.checking import parallel
from deckcheck.checking.judging import Judging
from deckcheck.checking.run import check_paths
from deckcheck.checking.workspace import Workspace

folder, extra, limit = sys.argv[1:4]
FORK_LIMIT = 10**9 if limit == "thread" else int(limit)
"""
    + LIMITED_FORK
    + """
if limit == "thread":  # every worker forked, then the pool's own thread refused (pids.max counts threads too)
    from concurrent.futures import process

    def refuse(self):
        raise RuntimeError("can't start new thread")

    process._ExecutorManagerThread.start = refuse
run = check_paths([folder], [extra], jobs=3)
alive = [child.pid for child in __import__("multiprocessing").active_children()]
print(json.dumps([run.to_json(), [str(error) for error in run.errors], run.warnings, run.notes, alive]))
"""
)


@pytest.mark.parametrize(
    ("limit", "said"),
    [
        ("0", "worker processes could not be started (Resource temporarily unavailable"),
        ("1", "worker processes could not be started (Resource temporarily unavailable"),  # one worker: not worth it
        ("2", "only 2 of 3 worker processes could be started (Resource temporarily unavailable"),
        ("thread", "worker processes could not be started (can't start new thread)"),
    ],
)
def test_workers_that_cannot_be_started_never_stop_or_hang_the_run(many_decks, alone, limit, said):
    # Before, a refused fork was an internal error, and with a worker already forked the run never exited (the
    # worker waited for work, and the exit waited for the worker). In a child process with a time limit.
    import json
    import os
    import subprocess

    folder, extra = many_decks
    done = subprocess.run(
        [sys.executable, "-c", _LIMITED_RUN, str(folder), str(extra), limit],
        capture_output=True,
        text=True,
        timeout=60,
        env=os.environ,
    )
    assert done.returncode == 0, done.stderr
    report, errors, warnings, notes, alive = json.loads(done.stdout)
    assert [_without_notes(report), errors, warnings] == json.loads(json.dumps(list(run_summary(alone)[:3])))
    (note,) = [note for note in notes if "worker" in note]  # said once
    assert said in note
    assert limit == "thread" or "a limit on processes, such as ulimit -u or a container's pids.max" in note
    assert alive == []  # no worker left behind


# Japanese (issue 29): the language reaches the worker processes ----------------------------------------------------


def test_a_check_in_japanese_says_every_deck_in_japanese_also_in_workers(run_cli, monkeypatch, many_decks):
    folder, extra = many_decks
    used = []
    check_files = parallel.check_files
    monkeypatch.setattr(parallel, "check_files", lambda *args: used.append(args[3]) or check_files(*args))
    outputs = {}
    for jobs in ("1", "2"):
        monkeypatch.setenv(parallel.JOBS_ENV, jobs)
        for fmt in ("text", "json"):
            outputs[jobs, fmt] = run_cli("--lang", "ja", "check", folder, "--carddb", extra, "--output", fmt)
    assert used == [2, 2]  # the runs with DECKCHECK_JOBS=2 had workers
    assert outputs["1", "text"] == outputs["2", "text"] and outputs["1", "json"] == outputs["2", "json"]
    code, text, err = outputs["2", "text"]
    assert code == 2
    assert "'NO-SUCH-CARD'（3行目）は、カードファイト!! ヴァンガードのカードデータベース" in outputs["2", "json"][1]
    assert says(
        "'NO-SUCH-CARD'は、カードファイト!! ヴァンガードのカードデータベース", text
    )  # (the line is the prefix's)
    assert text.count("  適正") >= 3 * 20 and "  legal" not in text
    assert re.search(
        r"\d+個のデッキをチェックしました。適正：\d+個（エラー\d+件、警告\d+件）、"
        r"チェックできなかったファイル：\d+個",
        unfitted(text),
    )
    assert says("カードデータベースが壊れています：", err) and "broken card database" not in err


def test_a_worker_speaks_the_language_of_its_job(tmp_path):
    """A worker started otherwise than by fork (with the process's first language) is told the language by its
    job."""
    from deckcheck import _i18n
    from deckcheck.cli import language

    deck = tmp_path / "unknown.txt"
    deck.write_text("game: vanguard\n## main\n4 NO-SUCH-CARD\n", encoding="utf-8")
    assert _i18n.language() == "en"
    no_regulation = Judging(no_regulation=True)
    parallel._job = parallel._Job(no_regulation, Workspace(), {}, today=None, language="ja")
    try:
        ((kind, report, _key),) = parallel._check_chunk([str(deck)])
    finally:
        parallel._job = None
        language.speak("en")
    assert kind == "report"
    (violation,) = [v for v in report.violations if v.rule == "deck.unknown-card"]  # (and the deck's size)
    assert violation.message.startswith("'NO-SUCH-CARD'（3行目）は、カードファイト!! ヴァンガードのカードデータベース")
