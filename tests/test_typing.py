"""The package type-checks: `mypy` (settings in pyproject.toml's [tool.mypy]) finds no error in deckcheck."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_errors() -> None:
    # From the repository root, so that mypy reads pyproject.toml (the packages to check and the settings).
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"mypy found errors:\n{result.stdout}{result.stderr}"
