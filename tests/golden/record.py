"""Record the golden outputs: run every case of tests/golden/cases.py and write tests/golden/expected/.

    python tests/golden/record.py            # every case; files of cases that no longer exist are removed
    python tests/golden/record.py PATTERN... # only the cases whose id is, or else contains, one of the patterns

Re-record only when a change of output is intended, and read the diff (`git diff tests/golden/expected`) before
committing it: tests/test_golden.py asserts that deckcheck's stdout, stderr and exit code stay byte-identical.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, so that `golden` is importable

from golden.cases import CASES  # noqa: E402
from golden.runner import EXPECTED, GoldenSession, default_jobs, expected_names, recorded_files, write_text  # noqa: E402


def main(patterns: list[str]) -> int:
    ids = {case.id for case in CASES}
    exact = [pattern for pattern in patterns if pattern in ids]  # a whole case id selects that case only
    cases = [
        case
        for case in CASES
        if not patterns or case.id in exact or any(pattern in case.id for pattern in patterns if pattern not in exact)
    ]
    if not cases:
        print(f"no golden case id contains any of {patterns}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    with GoldenSession() as session:
        results = session.run_all(cases)
    EXPECTED.mkdir(exist_ok=True)
    written = changed = 0
    for case in cases:
        for name, content in recorded_files(case, results[case.id]).items():
            path = EXPECTED / name
            old = path.read_bytes() if path.exists() else None
            new = content.encode("utf-8", "surrogateescape")
            if old != new:
                write_text(path, content)
                changed += 1
            written += 1
    removed = 0
    if not patterns:  # a full recording: drop the files of cases that are gone
        wanted = {name for case in CASES for name in expected_names(case)}
        for path in sorted(EXPECTED.iterdir()):
            if path.name not in wanted:
                path.unlink()
                removed += 1
    seconds = time.perf_counter() - started
    print(
        f"recorded {len(cases)} cases ({written} files, {changed} changed, {removed} removed) "
        f"in {seconds:.1f} s with {default_jobs()} jobs into {EXPECTED}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
