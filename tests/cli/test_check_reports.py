"""`check --sarif FILE --junit FILE --summary FILE` (issue 42): one run writes every report a CI job needs beside its
--output, each atomically (the job summary GitHub gives a step appended to), and a report that cannot be written is
exit code 2 naming its file; `--quiet`; the run's notes as notices in `--output github` only."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckcheck.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "tests" / "schemas"
DECK = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"


@pytest.fixture
def repo(isolated_carddb, monkeypatch):
    """A repository (the working folder) with a legal deck and an illegal one under decks/, and no Actions
    variables."""
    for name in ("GITHUB_WORKSPACE", "GITHUB_STEP_SUMMARY"):
        monkeypatch.delenv(name, raising=False)
    decks = isolated_carddb / "decks"
    decks.mkdir()
    shutil.copy(DECK, decks / "legal.deck.toml")
    text = DECK.read_text(encoding="utf-8").replace("[main]\n", '[main]\n"NO-SUCH-CARD" = 2\n', 1)
    (decks / "illegal.deck.toml").write_text(text, encoding="utf-8")
    return isolated_carddb


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_one_run_writes_annotations_sarif_junit_and_a_summary(repo):
    import jsonschema

    code, out, _ = run(
        "check", "decks", "--output", "github", "--sarif", "out.sarif", "--junit", "out.xml", "--summary", "sum.md"
    )
    assert code == 1  # the exit code of the check, as without the reports
    assert any(line.startswith("::error file=decks/illegal.deck.toml,") for line in out.splitlines())
    sarif = json.loads((repo / "out.sarif").read_text(encoding="utf-8"))
    schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(sarif)
    assert sarif == json.loads(run("check", "decks", "--output", "sarif")[1])  # the same as --output sarif
    junit = ET.fromstring((repo / "out.xml").read_text(encoding="utf-8"))
    assert junit.get("tests") == "2" and junit.get("failures") == "1"
    summary = (repo / "sum.md").read_text(encoding="utf-8")
    assert "**1 of 2 decks break a rule.**" in summary and "| decks/illegal.deck.toml |" in summary


def test_the_reports_do_not_change_what_the_output_prints(repo):
    plain = run("check", "decks", "--output", "json")
    with_reports = run("check", "decks", "--output", "json", "--sarif", "a.sarif", "--summary", "s.md")
    assert plain == with_reports


def test_the_step_summary_is_appended_to_and_any_other_file_replaced(repo, monkeypatch):
    step = repo / "step_summary"
    step.write_text("# from an earlier step", encoding="utf-8")  # (no final newline: one is added)
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(step))
    assert run("check", "decks", "--summary", step)[0] == 1
    assert run("check", "decks", "--summary", "./step_summary")[0] == 1  # the same file by another name
    text = step.read_text(encoding="utf-8")
    assert text.startswith("# from an earlier step\n## deckcheck: deck check\n")
    assert text.count("## deckcheck: deck check") == 2
    mine = repo / "mine.md"
    mine.write_text("old content\n", encoding="utf-8")
    assert run("check", "decks", "--summary", mine)[0] == 1
    assert mine.read_text(encoding="utf-8").startswith("## deckcheck")  # written anew, atomically


def test_a_report_through_a_link_writes_its_target_and_keeps_the_link(repo):
    (repo / "reports").mkdir()
    (repo / "latest.sarif").symlink_to(repo / "reports" / "run.sarif")
    assert run("check", "decks", "--sarif", "latest.sarif")[0] == 1
    assert (repo / "latest.sarif").is_symlink()
    assert json.loads((repo / "reports" / "run.sarif").read_text(encoding="utf-8"))["version"] == "2.1.0"


@pytest.mark.parametrize("option", ["--sarif", "--junit", "--summary"])
def test_a_report_that_cannot_be_written_is_exit_2_naming_it_and_the_others_are_written(repo, option):
    others = {"--sarif": "ok.sarif", "--junit": "ok.xml", "--summary": "ok.md"}
    others[option] = "no/such/folder/report"
    argv = [part for pair in others.items() for part in pair]
    code, out, err = run("check", "decks", *argv)
    assert code == 2
    assert out.splitlines()[-1].startswith("2 decks checked, 1 legal (")  # the output is still printed
    (line,) = [line for line in err.splitlines() if "no/such/folder/report" in line]
    assert line.startswith("deckcheck: no/such/folder/report") and "cannot write" in line
    assert option.removeprefix("--") in line  # which option it was
    assert "Traceback" not in err
    for flag, name in others.items():
        if flag != option:
            assert (repo / name).is_file()


def test_a_report_at_a_folder_is_refused(repo):
    (repo / "taken").mkdir()
    code, _, err = run("check", "decks", "--junit", "taken")
    assert code == 2 and "deckcheck: taken" in err and "folder" in err


def test_the_step_summary_that_cannot_be_appended_to_is_exit_2(repo, monkeypatch):
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(repo / "missing" / "summary"))
    code, _, err = run("check", "decks", "--summary", repo / "missing" / "summary")
    assert code == 2 and "cannot write" in err and "Traceback" not in err


def test_a_legal_run_with_reports_exits_0(repo):
    (repo / "decks" / "illegal.deck.toml").unlink()
    assert run("check", "decks", "--sarif", "a.sarif", "--junit", "a.xml", "--summary", "a.md")[0] == 0


def test_quiet_prints_only_the_decks_with_problems_and_the_closing_line(repo):
    code, out, _ = run("check", "decks", "--quiet")
    assert code == 1
    assert "legal.deck.toml" not in out.replace("illegal.deck.toml", "")
    assert "illegal.deck.toml" in out and out.splitlines()[-1].startswith("2 decks checked, 1 legal")
    (repo / "decks" / "illegal.deck.toml").unlink()
    assert run("check", "decks", "-q")[1] == "1 deck checked, 1 legal\n"


def test_quiet_changes_no_other_format(repo):
    assert run("check", "decks", "--output", "json", "--quiet") == run("check", "decks", "--output", "json")


def test_the_notes_are_notices_in_github_output_and_on_stderr_otherwise(repo):
    as_of = ("--as-of", "2019-01-01")  # before Vanguard's first regulation: a note
    _, out, err = run("check", "decks", "--output", "github", *as_of)
    notice = [line for line in out.splitlines() if line.startswith("::notice::")]
    assert len(notice) == 1 and "no vanguard regulation was in force" in notice[0]
    assert "regulation" not in err  # said once, in the log's own way
    _, out, err = run("check", "decks", *as_of)
    assert "::notice" not in out and "deckcheck: note: --as-of 2019-01-01: no vanguard regulation" in err
    _, out, _ = run("check", "decks", "--output", "json", *as_of)
    assert any("no vanguard regulation was in force" in note for note in json.loads(out)["notes"])


def test_github_paths_are_relative_to_the_workspace_when_run_from_a_subfolder(repo, monkeypatch):
    monkeypatch.setenv("GITHUB_WORKSPACE", str(repo))
    monkeypatch.chdir(repo / "decks")
    _, out, _ = run("check", ".", "--output", "github", "--summary", repo / "s.md")
    files = {line.split("file=", 1)[1].split(",", 1)[0] for line in out.splitlines() if "file=" in line}
    assert files == {"decks/illegal.deck.toml"} and (repo / files.pop()).is_file()
    assert "| decks/illegal.deck.toml |" in (repo / "s.md").read_text(encoding="utf-8")


def test_the_summary_in_japanese(repo, japanese):  # (as --lang ja speaks: the language is chosen before the app)
    assert run("check", "decks", "--summary", "s.md")[0] == 1
    text = (repo / "s.md").read_text(encoding="utf-8")
    assert "## deckcheck：デッキのチェック" in text and "2個のデッキのうち1個がルールに反しています。" in text
    assert "| デッキ | 行 | 重大度 | ルール | 内容 |" in text


def test_the_overflow_notice_names_the_sarif_file_as_the_workspace_sees_it(repo, monkeypatch):
    text = DECK.read_text(encoding="utf-8")
    unknown = "".join(f'"NO-SUCH-{n}" = 1\n' for n in range(11))  # 11 unknown cards: 11 errors and more
    (repo / "decks" / "many.deck.toml").write_text(text.replace("[main]\n", "[main]\n" + unknown, 1), encoding="utf-8")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(repo))
    monkeypatch.chdir(repo / "decks")
    code, out, _ = run("check", ".", "--output", "github", "--sarif", repo / "out.sarif")
    assert code == 1
    (notice,) = [line for line in out.splitlines() if line.startswith("::notice title=deckcheck::")]
    assert notice.endswith("the job log and out.sarif have them all")
    assert out.splitlines()[-2] == notice
