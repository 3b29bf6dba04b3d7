"""What the distributions promise (issue 42): every runtime dependency's lower bound is the version .ci/lowest
installs and smoke-tests, and the sdist holds every file of the checkout, so its own tests can run."""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pins() -> dict[str, str]:
    lines = (ROOT / ".ci" / "lowest.txt").read_text(encoding="utf-8").splitlines()
    pins = [line.split("==") for line in lines if line and not line.startswith("#")]
    return {name.strip().lower(): version.strip() for name, version in pins}


def test_every_lower_bound_is_the_version_ci_smoke_tests():
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    bounds = {}
    for requirement in dependencies:
        found = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9.]+)", requirement)
        assert found, f"{requirement!r}: a runtime dependency is written NAME>=LOWEST (the version .ci/lowest tests)"
        bounds[found.group(1).lower()] = found.group(2)
    pins = _pins()
    assert {name: pins.get(name) for name in bounds} == {name: _full(v) for name, v in bounds.items()}
    assert set(pins) - set(bounds) == {"click"}  # typer's own dependency, at its lowest allowed by that typer


def _full(version: str) -> str:
    """1.0 and 1.0.0 name the same release; the pin is written with three parts."""
    parts = version.split(".")
    return ".".join(parts + ["0"] * (3 - len(parts)))


def _tracked() -> set[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:  # an unpacked sdist: what is on disk is what was shipped
        return {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    return {line for line in listed.stdout.splitlines() if (ROOT / line).is_file()}


def test_the_sdist_holds_every_file_of_the_checkout(tmp_path):
    build = subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", tmp_path],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    archive = next(tmp_path.glob("deckcheck-*.tar.gz"))
    with tarfile.open(archive) as sdist:
        shipped = {name.partition("/")[2] for name in sdist.getnames()}
    missing = sorted(name for name in _tracked() if name not in shipped and name != ".gitignore")
    assert missing == [], "add them to [tool.hatch.build.targets.sdist] include"
