"""A compiled catalog that cannot be read (issue 45): missing, truncated, garbage, a folder, unreadable, a link to
/dev/zero, a FIFO, too large. Under a Japanese locale every command, `--help` included, runs in English with one note
on stderr: never a traceback, never exit code 1 (what `check` says for "a deck breaks a rule"), never a wait."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from deckcheck import _i18n

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = _i18n.LOCALE_DIR / "ja" / "LC_MESSAGES" / f"{_i18n.DOMAIN}.mo"


def _missing(path: Path) -> None:
    pass


def _truncated(path: Path) -> None:
    path.write_bytes(SHIPPED.read_bytes()[:1000])


def _cut_in_its_table(path: Path) -> None:  # the header whole, the strings' table cut short
    path.write_bytes(SHIPPED.read_bytes()[:40])


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _garbage(path: Path) -> None:
    path.write_bytes(bytes(range(256)) * 20)


def _a_po_file(path: Path) -> None:  # the source catalog where the compiled one belongs
    path.write_bytes((SHIPPED.parent / f"{_i18n.DOMAIN}.po").read_bytes())


def _folder(path: Path) -> None:
    path.mkdir()


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _dangling_link(path: Path) -> None:
    path.symlink_to(path.parent / "nowhere.mo")


def _fifo(path: Path) -> None:  # opened without waiting for a writer, never read
    os.mkfifo(path)


BROKEN: dict[str, Callable[[Path], None]] = {
    "missing": _missing,
    "truncated": _truncated,
    "cut in its table": _cut_in_its_table,
    "empty": _empty,
    "garbage": _garbage,
    "a .po file": _a_po_file,
    "a folder": _folder,
    "a link to /dev/zero": _dev_zero,
    "a dangling link": _dangling_link,
    "a FIFO": _fifo,
}


def _locale(tmp_path: Path, form: Callable[[Path], None]) -> Path:
    """A locale folder whose Japanese catalog is broken so."""
    folder = tmp_path / "locale" / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    form(folder / f"{_i18n.DOMAIN}.mo")
    return tmp_path / "locale"


@pytest.mark.parametrize("form", BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_catalog_is_english_and_a_reason(tmp_path, monkeypatch, form):
    monkeypatch.setattr(_i18n, "LOCALE_DIR", _locale(tmp_path, form))
    _i18n.choose("ja")
    assert _i18n.language() == "en" and _i18n.translation() is None
    assert _i18n._("Missing option {name}.") == "Missing option {name}."
    problem = _i18n.catalog_problem()
    assert problem is not None and problem[0] == "ja" and problem[1].endswith("deckcheck.mo") and problem[2]
    _i18n.choose("en")
    assert _i18n.catalog_problem() is None


def test_an_unreadable_catalog_is_english_and_its_reason(tmp_path, monkeypatch):
    # (the tests run as root, who reads any file: the refusal is the operating system's, mocked)
    locale = _locale(tmp_path, _truncated)
    real_open = os.open

    def refusing(path, *args, **kwargs):
        if str(path).endswith(".mo"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(_i18n, "LOCALE_DIR", locale)
    monkeypatch.setattr(_i18n.os, "open", refusing)
    _i18n.choose("ja")
    assert _i18n.language() == "en" and _i18n.catalog_problem()[2] == "Permission denied"  # type: ignore[index]


def test_a_catalog_larger_than_any_is_not_read(tmp_path, monkeypatch):
    locale = tmp_path / "locale" / "ja" / "LC_MESSAGES"
    locale.mkdir(parents=True)
    shutil.copy(SHIPPED, locale / f"{_i18n.DOMAIN}.mo")
    monkeypatch.setattr(_i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setattr(_i18n, "CATALOG_LIMIT", 1000)
    _i18n.choose("ja")
    assert _i18n.language() == "en" and _i18n.catalog_problem()[2] == "too large"  # type: ignore[index]


def test_the_shipped_catalog_is_read():
    _i18n.choose("ja")
    assert _i18n.language() == "ja" and _i18n.catalog_problem() is None
    assert _i18n._("Missing option {name}.") != "Missing option {name}."


# every command, in-process, under a Japanese locale ------------------------------------------------------------------

COMMANDS = [
    ("--help",),
    ("--version",),
    ("games",),
    ("games", "--help"),
    ("check", "--help"),
    ("check", str(ROOT / "decks" / "vanguard")),
    ("rules", "vanguard"),
    ("chek",),
    ("check", "--no-such-option"),
]


@pytest.mark.parametrize("form", [_missing, _garbage, _dev_zero], ids=["missing", "garbage", "a link to /dev/zero"])
def test_every_command_runs_in_english_with_one_note(run_cli, tmp_path, monkeypatch, form):
    monkeypatch.setattr(_i18n, "LOCALE_DIR", _locale(tmp_path, form))
    monkeypatch.delenv("DECKCHECK_LANG", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")
    english = {}
    for args in COMMANDS:
        code, out, err = run_cli(*args)
        assert code in (0, 2), (args, code, err)
        assert err.count("deckcheck: note: the catalog of 日本語") == 1, (args, err)
        assert "speaking English" in err and "Traceback" not in err and "internal error" not in err
        english[args] = (code, out)
    monkeypatch.setenv("LC_ALL", "C")
    for args in COMMANDS:  # word for word what English says
        code, out, err = run_cli(*args)
        assert (code, out) == english[args], args
        assert "catalog" not in err


def test_an_installed_package_with_a_broken_catalog_runs_in_english(tmp_path):
    """The package as installed (a copy whose catalog is a link to /dev/zero), started as a user starts it."""
    shutil.copytree(ROOT / "deckcheck", tmp_path / "deckcheck", ignore=shutil.ignore_patterns("__pycache__"))
    catalog = tmp_path / "deckcheck" / "locale" / "ja" / "LC_MESSAGES" / f"{_i18n.DOMAIN}.mo"
    catalog.unlink()
    catalog.symlink_to("/dev/zero")
    environ = {key: value for key, value in os.environ.items() if key not in ("DECKCHECK_LANG", "LANGUAGE")}
    environ.update(PYTHONPATH=str(tmp_path), LC_ALL="ja_JP.UTF-8", PYTHONIOENCODING="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "deckcheck", "--help"], capture_output=True, env=environ, cwd=tmp_path, timeout=60
    )
    err = done.stderr.decode()
    assert done.returncode == 0 and b"Usage:" in done.stdout and "Traceback" not in err
    assert err.count("deckcheck: note: the catalog of 日本語") == 1
