"""What a cloned repository may hold under a deck, card or regulation file's name, and a guard that fails a test
which would otherwise wait forever on it (issue 26). Imported by the tests as `from hostile import ...`."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class Expired(BaseException):
    """Raised by `within` (not an OSError or Exception, which the code under test may catch and carry on)."""


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail (rather than hang the suite) when the block waits longer than `seconds` (a FIFO opened for reading)."""

    def expire(*_: object) -> None:
        raise Expired(f"still waiting after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def plant(path: Path, kind: str) -> None:
    """`device`, `fifo` or `sparse` at `path` (its folder made)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "device":
        path.symlink_to("/dev/zero")  # never ends: read whole, it filled memory until the OOM killer came
    elif kind == "fifo":
        os.mkfifo(path)  # no writer: reading it waited forever
    else:
        with path.open("wb") as handle:
            handle.truncate(10 * 2**30)  # 10 GB of holes: read whole, minutes and gigabytes


# what each is called when refused (the start of the message; the file's kind follows)
HOSTILE = {
    "device": "is not a regular file (a FIFO, socket or device is never read as a",
    "fifo": "is not a regular file (a FIFO, socket or device is never read as a",
    "sparse": "is larger than 64 MiB: not a",
}


# Python source that plays a process limit (ulimit -u, a container's pids.max) allowing FORK_LIMIT live children, for
# a test's child process to run before deckcheck: root ignores ulimit -u, so the refusal is played on os.fork.
LIMITED_FORK = """
import os
_real_fork, _children = os.fork, set()

def _limited_fork():
    for pid in list(_children):
        try:
            gone = os.waitpid(pid, os.WNOHANG)[0]
        except ChildProcessError:
            gone = pid
        if gone:
            _children.discard(pid)
    if len(_children) >= FORK_LIMIT:
        raise BlockingIOError(11, "Resource temporarily unavailable")
    pid = _real_fork()
    if pid:
        _children.add(pid)
    return pid

os.fork = _limited_fork
"""
