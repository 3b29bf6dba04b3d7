"""Checking every deck under some paths: :func:`check_paths`, in one process or several (checking.parallel)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from deckcheck._util.files import Decoded
from deckcheck.checking.discover import find_deck_files
from deckcheck.checking.judging import CheckKeywords, Judging, judging_from
from deckcheck.checking.report import CheckRun
from deckcheck.checking.session import CheckSession, Progress, parse_reporting, progress_over
from deckcheck.checking.workspace import Workspace

if TYPE_CHECKING:
    from typing import Unpack


def check_paths(
    paths: Iterable[str | Path],
    carddb_dirs: Iterable[str | Path] = (),
    progress: Progress | None = None,
    *,
    judging: Judging | None = None,
    workspace: Workspace | None = None,
    jobs: int | None = None,
    game: str | None = None,
    include: Iterable[str] | None = (),
    exclude: Iterable[str] | None = (),
    **keywords: Unpack[CheckKeywords],
) -> CheckRun:
    """Check every deck under the given paths; an unreadable file never stops the others.

    `judging` says how each deck is judged, as `check` judges (its mode aside); without it the keywords build one
    (Judging.of): `regulation`, `as_of`, `rules`, `format`, `no_regulation`. Regulations follow the contract: the
    regulation named for the decks of every game that has it, else a deck's own `regulation` key, else the
    regulation in force on `as_of`, else the one in force today (regulations.current_day(), sample data excepted; a
    game with none is named in a note); `no_regulation` turns regulations off (with `regulation` or `as_of` it is an
    OptionError). A name that no checked game has, or an `as_of` that is not a date, is bad input (DeckcheckError
    from here; exit code 2). `rules` and `format` choose the rules version and format of the decks of every game
    that has them (deckcheck.model.versions); `as_of` chooses the version in force that day too.

    `workspace` gives the card databases and regulations (None: a new one of `carddb_dirs`, dropped after the run).
    `jobs`: processes to share the decks among (see checking.parallel); None decides by the number of decks and CPUs
    and $DECKCHECK_JOBS. The result is the same whatever it is, whatever the judging.

    `game` (`--game`): every plain-text deck is read as a pasted list of that game (deckcheck.formats.pasted); a
    TOML or JSON deck of another game is an error of its file.

    `include` and `exclude`: globs for the folder search (deckcheck.checking.discover.PathFilter; a file given is
    always checked).
    """
    paths = list(paths)
    if judging is None:
        judging = judging_from(keywords, "check")  # a bad as_of, or no_regulation with another, stops here
    elif keywords:
        raise TypeError("check_paths takes a Judging or its keywords, not both")
    if workspace is None:
        workspace = Workspace(carddb_dirs)
    run = CheckRun()
    if workspace.carddb_dirs:
        workspace.layers()  # a --carddb folder that does not exist is said once, before any work
    session = CheckSession(run, judging, workspace, game=game)  # a bad $DECKCHECK_TODAY or --game: before any work
    texts: dict[str, Decoded] = {}
    watch = None
    if len(paths) > 1 or any(os.path.isdir(path) for path in paths):  # one deck file never needs workers
        from deckcheck.checking import parallel  # deferred: several decks only

        watch = parallel.watch_cpus()  # how busy the CPUs are while the files are read decides the workers
    files, run.errors = find_deck_files(paths, texts, run.notes, include=include or (), exclude=exclude or ())
    workers = 1
    if len(files) > 1:
        from deckcheck.checking import parallel  # deferred: several decks only

        workers = parallel.workers_for(len(files), jobs, watch)
    if workers > 1:
        if not parallel.check_files(files, texts, session, workers, progress):
            return run
    elif not _check_in_order(files, texts, session, progress):
        return run
    session.finish()
    run.errors.extend(session.broken.values())
    return run


def _check_in_order(
    files: list[str], texts: dict[str, Decoded], session: CheckSession, progress: Progress | None
) -> bool:
    """Parse every file, then check the decks; False when --regulation names a regulation no game has."""
    run = session.run
    parsed = [
        (path, source)
        for path in files
        if (source := parse_reporting(path, run, texts.pop(path, None), session.game)) is not None
    ]
    if session.name is not None and not session.someone_has(session.name, [source.game_id for _path, source in parsed]):
        return False
    sources = iter(source for _path, source in parsed)
    with progress_over([path for path, _ in parsed], progress) as items:
        for _path in items:
            report = session.check(next(sources))
            if report is not None:
                run.reports.append(report)
    return True
