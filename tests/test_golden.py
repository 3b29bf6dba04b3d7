"""Golden outputs: every case of tests/golden/cases.py prints exactly the recorded stdout and stderr and exits with
the recorded code (tests/golden/expected/<case>.out, .err, .code, and the files a case writes), byte for byte,
after the normalisation in tests/golden/runner.py (absolute paths, JUnit times, simulation progress lines).

A difference is shown as a unified diff. If the change is intended, re-record with `python tests/golden/record.py`
(or `python tests/golden/record.py CASE-ID` for some cases) and review `git diff tests/golden/expected`.

Each test runs its own case's command line (a case of a work folder also the cases of that folder before it that
have not run yet, whose state it starts from), so a test costs what its case costs and `-k` or pytest-xdist (`-n 2`:
each worker a session of its own) runs only what its tests need.
"""

from __future__ import annotations

import difflib

import pytest
from golden.cases import CASES, Case
from golden.runner import EXPECTED, RECORD_COMMAND, GoldenSession, expected_names, read_text, recorded_files

from deckcheck.games import all_games


def _diff(name: str, expected: str, actual: str) -> str:
    lines = difflib.unified_diff(
        expected.splitlines(keepends=True),
        actual.splitlines(keepends=True),
        fromfile=f"tests/golden/expected/{name} (recorded)",
        tofile=f"{name} (this run)",
    )
    text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)
    return text or f"{name}: the texts differ only in invisible ways: {expected!r} != {actual!r}\n"


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_golden_output(golden_session: GoldenSession, case: Case) -> None:
    actual = recorded_files(case, golden_session.result(case))
    problems = []
    for name, content in actual.items():
        path = EXPECTED / name
        if not path.exists():
            problems.append(f"{name}: not recorded\n")
        elif (expected := read_text(path)) != content:
            problems.append(_diff(name, expected, content))
    if problems:
        command = " ".join(["deckcheck" if case.module == "deckcheck" else f"python -m {case.module}", *case.argv])
        pytest.fail(
            f"`{command}` no longer gives its recorded output:\n\n"
            + "\n".join(problems)
            + f"\nIf this change is intended, re-record: {RECORD_COMMAND} {case.id}",
            pytrace=False,
        )


def test_no_stale_expected_files() -> None:
    """Every file in expected/ belongs to a case (a renamed or removed case leaves none behind)."""
    wanted = {name for case in CASES for name in expected_names(case)}
    stale = sorted(path.name for path in EXPECTED.iterdir() if path.name not in wanted)
    assert not stale, f"files of no golden case in tests/golden/expected (re-record with {RECORD_COMMAND}): {stale}"


@pytest.mark.parametrize("game", list(all_games()))
def test_every_game_has_its_cases(game: str) -> None:
    """Every registered game's rules listing and card searches are golden cases (the rules cases come from the
    registry; the searches are each game's own, in golden/cases.py's _SEARCHES): a new game is never left out."""
    ids = {case.id for case in CASES}
    wanted = [f"rules-{game}-text", f"rules-{game}-json", f"cards-search-{game}-1", f"cards-search-{game}-json"]
    assert [case_id for case_id in wanted if case_id not in ids] == [], f"add {game}'s searches to golden/cases.py"
