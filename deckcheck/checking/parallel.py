"""Checking many decks in several processes: the same result as one process, sooner.

Worker processes are forked from the running one (Linux only), so they start with deckcheck, the card databases
and the deck texts already in memory. Each parses and checks a share of the deck files in file order and sends back,
per file, the parse error, the report, or (for a deck that needs a regulation, or whose game's card database is
broken) the parsed deck, which the parent checks itself: everything that is reported once per run (database notes,
broken databases, regulation problems) is decided by the parent's session, in file order, exactly as a run in one
process decides it.

$DECKCHECK_JOBS sets the number of processes (1: no workers); otherwise a run with at least MIN_DECKS decks uses one
per CPU that is actually free, up to MAX_JOBS: the CPUs this process may run on (its affinity and its cgroup's CPU
quota) less the ones other work keeps busy right now (measured from /proc/stat, else the load average). The
measure spans the time the deck files take to find and read (check_paths starts it with :func:`watch_cpus`, this
process's own CPU time is taken out), so a large run does not wait for it. Workers only pay when they have a CPU
each: on a busy machine they made a run 1.35x slower than one process, so with fewer than two free CPUs there are
none.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from deckcheck import _i18n
from deckcheck._i18n import _, ngettext
from deckcheck._util.files import Decoded
from deckcheck.checking.judging import Judging
from deckcheck.checking.report import CheckRun
from deckcheck.checking.session import CheckSession, Progress, internal_error, parse_source, progress_over
from deckcheck.checking.workspace import Workspace
from deckcheck.errors import DeckcheckError, os_reason

JOBS_ENV = "DECKCHECK_JOBS"
MIN_DECKS = 200  # below this, starting workers costs more than it saves
MAX_JOBS = 8
CHUNK = 50  # decks per task: small enough to share the work evenly, large enough to send few messages

#: ("error", DeckcheckError, None) | ("report", DeckReport, its deck's `regulation` key) | ("source", DeckSource, None)
Outcome = tuple[str, Any, str | None]


def workers_for(decks: int, jobs: int | None = None, watch: CpuWatch | None = None) -> int:
    """How many processes check `decks` decks: `jobs` if given, else $DECKCHECK_JOBS, else one per free CPU (up to
    MAX_JOBS, measured since `watch` began) when there are at least MIN_DECKS decks; never more than the decks, and
    1 where processes cannot be forked."""
    if not sys.platform.startswith("linux"):
        return 1  # fork is Linux's; elsewhere a worker would start Python afresh, which costs more than it saves
    if jobs is None:
        jobs = _jobs_from_environment()
    if jobs is None:
        if decks < MIN_DECKS:
            return 1
        jobs = min(round(free_cpus(watch)), MAX_JOBS)
        if jobs < 2:
            return 1  # one free CPU: the parent alone is faster than workers taking turns on it
    return max(1, min(jobs, decks))


def free_cpus(watch: CpuWatch | None = None) -> float:
    """The CPUs this process may use that no other work keeps busy right now (since `watch` began, if given)."""
    usable = usable_cpus()
    busy = _busy_cpus(watch)
    return max(usable - busy, 0.0) if busy is not None else float(usable)


def usable_cpus() -> int:
    """The CPUs this process may run on: its affinity, capped by its cgroup's CPU quota (a container's limit)."""
    cpus = len(os.sched_getaffinity(0))
    try:
        quota, period = Path(CGROUP_CPU_MAX).read_text(encoding="ascii").split()[:2]
        if quota != "max":
            cpus = min(cpus, max(1, int(int(quota) / int(period))))
    except (OSError, ValueError):
        pass  # no cgroup v2 limit to read: the affinity stands
    return cpus


PROC_STAT = "/proc/stat"
CGROUP_CPU_MAX = "/sys/fs/cgroup/cpu.max"
#: How long /proc/stat is watched at least to see how busy the CPUs are (its counters tick every 10 ms).
SAMPLE_SECONDS = 0.05


@dataclass(frozen=True)
class CpuWatch:
    """The start of a measure of how busy the CPUs are: /proc/stat's counters, this process's CPU time, the clock."""

    ticks: tuple[int, int] | None
    own: float
    started: float


def watch_cpus() -> CpuWatch:
    """Start measuring now (one read of /proc/stat): whatever runs until the decision is the measure's window."""
    return CpuWatch(_cpu_times(), time.process_time(), time.monotonic())


def _busy_cpus(watch: CpuWatch | None = None) -> float | None:
    """CPUs busy with other work: from /proc/stat since `watch` began (waiting until SAMPLE_SECONDS have passed),
    less what this process used meanwhile; else the 1-minute load average (which lags: a run that just ended still
    counts), else None."""
    watch = watch or watch_cpus()
    first = watch.ticks
    if first is not None:
        if (wait := SAMPLE_SECONDS - (time.monotonic() - watch.started)) > 0:
            time.sleep(wait)
        second = _cpu_times()
        if second is not None and second[0] > first[0]:
            total, idle = second[0] - first[0], second[1] - first[1]
            elapsed = max(time.monotonic() - watch.started, SAMPLE_SECONDS)
            own = (time.process_time() - watch.own) / elapsed  # the CPUs this process kept busy (reading decks)
            return max((os.cpu_count() or 1) * (1 - idle / total) - own, 0.0)
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def _cpu_times() -> tuple[int, int] | None:
    """(all, idle) clock ticks of every CPU since boot, from /proc/stat's first line (idle counts iowait too)."""
    try:
        with open(PROC_STAT, encoding="ascii") as handle:
            fields = handle.readline().split()
        ticks = [int(value) for value in fields[1:9]]
    except (OSError, ValueError):
        return None
    if len(ticks) < 5:
        return None
    return sum(ticks), ticks[3] + ticks[4]


def _jobs_from_environment() -> int | None:
    value = os.environ.get(JOBS_ENV, "").strip()
    if not value:
        return None
    if not value.isdecimal() or int(value) < 1:
        raise DeckcheckError(
            _("${variable} must be a whole number of processes, 1 or more (got {value})").format(
                variable=JOBS_ENV, value=repr(value)
            )
        )
    return int(value)


def check_files(
    files: list[str],
    texts: dict[str, Decoded],
    session: CheckSession,
    workers: int,
    progress: Progress | None = None,
) -> bool:
    """Check `files` in `workers` processes, adding reports and errors to `session.run` as one process would; False
    (and no report) when the regulation asked for by name is no regulation of any game checked."""
    global _job
    _job = _Job(session.judging, session.workspace, texts, session.today, session.game, _i18n.language())
    try:
        outcomes = _collect(files, workers, progress, session.run.notes)
    finally:
        _job = None
    run = session.run
    run.errors.extend(value for kind, value, _key in outcomes if kind == "error")  # parse errors first, in file order
    if session.name is not None:
        games = [value.game if kind == "report" else value.game_id for kind, value, _key in outcomes if kind != "error"]
        if not session.someone_has(session.name, games):
            return False
    for kind, value, key in outcomes:
        if kind == "report":
            format = value.rules.format if value.rules is not None else None
            session.replay(value.game, key, value.path, format)  # what one process would have said, once
            run.reports.append(value)
        elif kind == "source" and (report := session.check(value)) is not None:
            run.reports.append(report)
    return True


def _collect(files: list[str], workers: int, progress: Progress | None, notes: list[str]) -> list[Outcome]:
    """Every file's outcome, in file order. A worker that dies (killed, out of memory) never hangs the run: the pool
    reports it at once, and the decks whose results were lost are checked here, in this process (said in `notes`).
    Workers that cannot be started (a process limit) never stop it either: it goes on with those that could be, or
    in this process alone (said in `notes`, once)."""
    size = max(1, min(CHUNK, len(files) // (workers * 4)))  # a few tasks per worker, so none waits on another
    chunks = [files[start : start + size] for start in range(0, len(files), size)]
    results: list[list[Outcome] | None] = []
    with progress_over(files, progress) as items:
        ticks = iter(items)  # the bar moves as results come in
        try:
            for result in _results(chunks, workers, notes):
                results.append(result)
                for _outcome in result or ():
                    next(ticks, None)
        except _NoWorkers as refused:  # raised before any result: every deck is checked here
            decks = len(files)
            notes.append(
                ngettext(
                    "worker processes could not be started ({why}); the {n} deck file was checked in the main "
                    "process alone",
                    "worker processes could not be started ({why}); the {n} deck files were checked in the main "
                    "process alone",
                    decks,
                ).format(why=refused, n=decks)
            )
            results = [None] * len(chunks)
        else:
            lost = [chunk for chunk, result in zip(chunks, results, strict=True) if result is None]
            if lost:
                decks = sum(map(len, lost))
                notes.append(
                    ngettext(
                        "a worker process ended abruptly (killed, or out of memory), which stops the pool; the "
                        "{n} deck file not yet reported was checked in the main process",
                        "a worker process ended abruptly (killed, or out of memory), which stops the pool; the "
                        "{n} deck files not yet reported were checked in the main process",
                        decks,
                    ).format(n=decks)
                )
        for index, chunk in enumerate(chunks):
            if results[index] is None:
                results[index] = _check_chunk(chunk)
                for _path in chunk:
                    next(ticks, None)
    return [outcome for result in results for outcome in result or ()]


class _NoWorkers(Exception):
    """No worker process could be started (or too few to be worth it): why, for the note."""


def _results(chunks: list[list[str]], workers: int, notes: list[str]) -> Iterator[list[Outcome] | None]:
    """Each chunk's outcomes from the worker processes, in order; None for a chunk lost with a worker that died.

    The pool forks its workers when the first chunk is sent. Where a fork (or a thread) is refused, as under a process
    limit (`ulimit -u`, a container's pids.max), the workers that did start are stopped (left waiting, they would keep
    the run from ever exiting), and the pool starts again with as many as started, if two or more did (said in
    `notes`); else _NoWorkers is raised, before any result."""
    # deferred: the process pool only when workers start (this module also decides whether they do)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context("fork")
    wanted, reason = workers, ""
    while True:
        before = {child.pid for child in multiprocessing.active_children()}
        executor = ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_interrupts)
        try:
            futures = [executor.submit(_check_chunk, chunk) for chunk in chunks]
            break
        except (OSError, RuntimeError) as error:  # a fork refused (OSError), or a thread (RuntimeError)
            executor.shutdown(wait=False, cancel_futures=True)
            started = _stop_children_since(before)
            reason = _refusal(error)
            if started < 2 or started >= workers:  # too few to be worth it, or refused again with as many
                raise _NoWorkers(reason) from None
            workers = started
    if workers < wanted:
        notes.append(
            _(
                "only {workers} of {wanted} worker processes could be started ({why}); the check went on with {workers}"
            ).format(workers=workers, wanted=wanted, why=reason)
        )
    try:
        for future in futures:
            try:
                yield future.result()
            except BrokenProcessPool:  # a worker died: this chunk's results, and those not yet in, are lost
                yield None
    finally:
        executor.shutdown(wait=False, cancel_futures=True)  # on Ctrl-C too: no new chunk starts


def _refusal(error: BaseException) -> str:
    if isinstance(error, OSError):
        return _("{reason}: a limit on processes, such as ulimit -u or a container's pids.max").format(
            reason=os_reason(error)
        )
    return f"{error}"


def _stop_children_since(before: set[int | None]) -> int:
    """Stop (and wait for) the child processes started since `before` was taken; how many there were."""
    import multiprocessing  # deferred: as in _results

    started = [child for child in multiprocessing.active_children() if child.pid not in before]
    for child in started:
        child.terminate()
    for child in started:
        child.join(STOP_SECONDS)
        if child.is_alive():
            child.kill()
            child.join()
    return len(started)


#: How long a worker stopped before it had work is waited for after SIGTERM before it is killed.
STOP_SECONDS = 5.0


class _Job:
    """What the forked workers inherit: how decks are judged, the parent's workspace (its card databases already
    loaded), the deck texts already read, the parent's today, the game of pasted lists and the language its messages
    are said in. Everything but the workspace is plain data that pickles (the Judging too)."""

    def __init__(
        self,
        judging: Judging,
        workspace: Workspace,
        texts: dict[str, Decoded],
        today: date | None,
        game: str | None = None,
        language: str = "en",
    ) -> None:
        self.judging, self.workspace, self.texts, self.today = judging, workspace, texts, today
        self.game, self.language = game, language


_job: _Job | None = None


def _ignore_interrupts() -> None:
    import signal  # deferred: in a worker only

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops the workers


def _check_chunk(paths: list[str]) -> list[Outcome]:
    """Each deck checked as the parent's session would check it; a deck whose check met any problem of the run
    (a broken database or regulation, an option its game cannot take, its own key naming no regulation, a bug) goes
    back to the parent as its source, whose session reports those problems once per run, in file order."""
    assert _job is not None, "a worker runs only inside check_files"
    if _i18n.language() != _job.language:  # a forked worker speaks its parent's language already; any other would not
        _i18n.choose(_job.language)
    session = CheckSession(CheckRun(), _job.judging, _job.workspace, game=_job.game)
    session.today = _job.today  # the parent's today, even past midnight
    outcomes: list[Outcome] = []
    for path in paths:
        try:
            source = parse_source(path, _job.texts.get(path), _job.game)
            if source.unreadable is not None:  # partly unreadable: said, and the readable lines still checked
                outcomes.append(("error", source.unreadable, None))
        except DeckcheckError as error:
            outcomes.append(("error", error, None))
            continue
        except Exception as error:  # a bug on one file: reported for it, the others still checked
            outcomes.append(("error", internal_error(path, error), None))
            continue
        key = source.regulation
        report = None if session.run.errors else session.check(source)
        if report is None or session.run.errors:  # as read, not as the check left it (a pasted list half read)
            outcomes.append(("source", parse_source(path, _job.texts.get(path), _job.game), None))
        else:
            outcomes.append(("report", report, key.strip() or None if key is not None else None))
    return outcomes
