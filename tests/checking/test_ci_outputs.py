"""What a CI run reads from `check` (issue 42): GitHub annotations that point at the repository's files wherever the
run started, the run's notes as notices, a notice when GitHub would hide annotations, JSON's `notes`, and the
Markdown job summary."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_output import parse_workflow_command

from deckcheck.checking.output import (
    GITHUB_SHOWN,
    markdown_cell,
    render_github,
    render_json,
    render_summary,
    render_text,
    workspace_path,
)
from deckcheck.checking.report import CheckRun, DeckReport
from deckcheck.errors import DeckcheckError
from deckcheck.model.violation import Violation


@pytest.fixture(autouse=True)
def no_workspace(monkeypatch):
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)


def violation(n: int, severity: str = "error", message: str | None = None) -> Violation:
    return Violation(f"vanguard.rule-{n}", severity, "main", message or f"problem {n}", line=n + 1)  # type: ignore[arg-type]


def a_run(errors: int = 0, warnings: int = 0, notes: int = 0, path: str = "decks/a.deck.toml") -> CheckRun:
    found = [violation(i) for i in range(errors)] + [violation(100 + i, "warning") for i in range(warnings)]
    report = DeckReport(path, "vanguard", "A", {"main": 50}, found)
    return CheckRun(reports=[report], notes=[f"note {i}" for i in range(notes)])


def commands(output: str) -> list[tuple[str, dict[str, str], str]]:
    return [parsed for line in output.splitlines() if (parsed := parse_workflow_command(line)) is not None]


def overflow_notices(output: str) -> list[str]:
    return [data for command, props, data in commands(output) if command == "notice" and props.get("title")]


# Paths relative to the workspace ----------------------------------------------------------------------------------


def test_a_path_is_made_relative_to_the_workspace_wherever_the_run_started(tmp_path, monkeypatch):
    (tmp_path / "decks" / "vanguard").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "decks")
    assert workspace_path("vanguard/a.deck.toml", str(tmp_path)) == "decks/vanguard/a.deck.toml"
    assert workspace_path("./vanguard/../vanguard/a.deck.toml", str(tmp_path)) == "decks/vanguard/a.deck.toml"
    assert workspace_path(str(tmp_path / "decks" / "b.txt"), str(tmp_path)) == "decks/b.txt"
    assert workspace_path("vanguard/a.deck.toml", None) == "vanguard/a.deck.toml"  # no workspace: as given


def test_a_path_outside_the_workspace_and_standard_input_stay_as_given(tmp_path, monkeypatch):
    (tmp_path / "repo").mkdir()
    monkeypatch.chdir(tmp_path)
    assert workspace_path("other/a.deck.toml", str(tmp_path / "repo")) == "other/a.deck.toml"
    assert workspace_path("/etc/a.deck.toml", str(tmp_path / "repo")) == "/etc/a.deck.toml"
    assert workspace_path("<stdin>", str(tmp_path)) == "<stdin>"


def test_a_workspace_reached_through_a_link_still_holds_its_files(tmp_path, monkeypatch):
    (tmp_path / "real" / "decks").mkdir(parents=True)
    (tmp_path / "link").symlink_to(tmp_path / "real")
    monkeypatch.chdir(tmp_path / "real" / "decks")
    assert workspace_path("a.deck.toml", str(tmp_path / "link")) == "decks/a.deck.toml"


def test_github_annotations_take_the_workspace_from_the_environment(tmp_path, monkeypatch):
    (tmp_path / "decks").mkdir()
    monkeypatch.chdir(tmp_path / "decks")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    run = a_run(errors=1)
    run.reports[0].path = "a.deck.toml"
    run.errors = [DeckcheckError("broken", path="b.deck.toml", line=3)]
    files = {props["file"] for _command, props, _data in commands(render_github(run))}
    assert files == {"decks/a.deck.toml", "decks/b.deck.toml"}


# Notes as notices -------------------------------------------------------------------------------------------------


def test_the_run_notes_are_notices_escaped_as_the_runner_reads_them():
    run = a_run(errors=1)
    run.warnings = ["a card database note"]
    run.notes = ["100% sure:\nline two, with a comma\r"]
    output = render_github(run)
    notices = [(props, data) for command, props, data in commands(output) if command == "notice"]
    # (a carriage return is made visible, as in every annotation: it could hide what precedes it in the log)
    assert notices == [({}, "a card database note"), ({}, "100% sure:\nline two, with a comma\\x0d")]
    assert "::notice::100%25 sure:%0Aline two, with a comma\\x0d" in output.splitlines()
    assert output.splitlines()[-1] == "1 deck checked, 0 legal, 1 error, 0 warnings"  # the summary stays last


def test_json_carries_the_run_notes_in_stderr_order_and_only_when_there_are_some():
    run = a_run()
    assert "notes" not in json.loads(render_json(run))  # the existing shape, unchanged
    run.warnings, run.notes = ["db note"], ["run note"]
    assert json.loads(render_json(run))["notes"] == ["db note", "run note"]


# At most 10 of each kind shown ------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["error", "warning"])
def test_exactly_as_many_annotations_as_github_shows_need_no_notice(kind):
    run = a_run(**{f"{kind}s": GITHUB_SHOWN, "notes": GITHUB_SHOWN - 1})
    assert overflow_notices(render_github(run)) == []


@pytest.mark.parametrize("kind", ["error", "warning"])
def test_one_annotation_more_than_github_shows_is_said_in_a_final_notice(kind):
    run = a_run(**{f"{kind}s": GITHUB_SHOWN + 1, "notes": 1})
    output = render_github(run)
    (said,) = overflow_notices(output)
    errors, warnings = (11, 0) if kind == "error" else (0, 11)
    assert f"this step wrote {errors} error" in said and f"{warnings} warning" in said and "1 note" in said
    assert "the job log has them all" in said
    lines = output.splitlines()
    assert parse_workflow_command(lines[-2])[1] == {"title": "deckcheck"}  # the last annotation, before the summary
    assert sum(line.startswith(f"::{kind} ") for line in lines) == GITHUB_SHOWN + 1  # every one still written


def test_the_overflow_notice_names_the_sarif_file_that_has_every_finding():
    (said,) = overflow_notices(render_github(a_run(errors=12), full_report="out/deckcheck.sarif"))
    assert said.endswith("the job log and out/deckcheck.sarif have them all")


def test_notes_alone_past_the_limit_keep_the_overflow_notice_among_those_shown():
    output = render_github(a_run(notes=GITHUB_SHOWN + 2))
    notices = [(props, data) for command, props, data in commands(output) if command == "notice"]
    assert len(notices) == GITHUB_SHOWN + 3
    assert notices[GITHUB_SHOWN - 1][0] == {"title": "deckcheck"}  # the tenth notice: one GitHub shows
    assert "12 notes" in notices[GITHUB_SHOWN - 1][1]
    assert [data for props, data in notices if not props] == [f"note {i}" for i in range(GITHUB_SHOWN + 2)]


def test_exactly_ten_notes_and_no_other_overflow_need_no_notice():
    assert overflow_notices(render_github(a_run(errors=3, notes=GITHUB_SHOWN))) == []


def test_the_unreadable_files_count_among_the_errors():
    run = a_run(errors=GITHUB_SHOWN)
    assert overflow_notices(render_github(run)) == []
    run.errors = [DeckcheckError("broken", path="b.deck.toml")]
    assert "11 errors" in overflow_notices(render_github(run))[0]


# --quiet ----------------------------------------------------------------------------------------------------------


def test_quiet_text_leaves_out_the_legal_decks_without_findings():
    legal = DeckReport("decks/legal.deck.toml", "vanguard", "L", {"main": 50}, [])
    warned = DeckReport("decks/warned.deck.toml", "vanguard", "W", {"main": 50}, [violation(1, "warning")])
    illegal = DeckReport("decks/bad.deck.toml", "vanguard", "B", {"main": 50}, [violation(2)])
    run = CheckRun(reports=[legal, warned, illegal])
    quiet = render_text(run, verbose=False, columns=200)
    assert "legal.deck.toml" not in quiet
    assert "warned.deck.toml" in quiet and "bad.deck.toml" in quiet
    assert quiet.splitlines()[-1] == render_text(run, columns=200).splitlines()[-1]
    assert "legal.deck.toml" in render_text(run, columns=200)


def test_quiet_text_of_legal_decks_is_the_closing_line_alone():
    run = CheckRun(reports=[DeckReport("a.deck.toml", "vanguard", None, {"main": 50}, [])])
    assert render_text(run, verbose=False, columns=80) == "1 deck checked, 1 legal"


# The Markdown job summary -----------------------------------------------------------------------------------------


def test_markdown_cells_escape_what_would_break_the_table_or_format_text():
    assert markdown_cell("a|b") == "a\\|b"
    assert markdown_cell("one\ntwo\r\nthree") == "one<br>two<br>three"
    assert markdown_cell("<img src=x> & *bold* _it_ `code` [l](u)") == (
        "&lt;img src=x&gt; &amp; \\*bold\\* \\_it\\_ \\`code\\` \\[l\\](u)"
    )
    assert markdown_cell("\x1b[31m") == "\\\\x1b\\[31m"  # a control character visible, never raw
    assert markdown_cell("x" * 600).endswith("…") and len(markdown_cell("x" * 600)) == 500


def test_the_summary_has_a_title_the_counts_the_problems_and_the_notes(tmp_path, monkeypatch):
    (tmp_path / "decks").mkdir()
    monkeypatch.chdir(tmp_path / "decks")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    legal = DeckReport("legal.deck.toml", "vanguard", "L", {"main": 50}, [])
    bad = DeckReport("bad.deck.toml", "vanguard", "B", {"main": 50}, [violation(1, message="5 | 4 copies")])
    run = CheckRun(reports=[legal, bad], notes=["no vanguard regulation in force"])
    text = render_summary(run)
    lines = text.splitlines()
    assert lines[0] == "## deckcheck: deck check"
    assert "**1 of 2 decks break a rule.**" in lines
    assert "| Decks | Legal | With errors | Warnings |" in lines and "| 2 | 1 | 1 | 0 |" in lines
    assert "| decks/bad.deck.toml | 2 | error | vanguard.rule-1 | 5 \\| 4 copies |" in lines
    assert lines[lines.index("### Notes") + 2] == "- no vanguard regulation in force"
    assert text.endswith("\n")


def test_a_summary_of_legal_decks_has_no_problem_table():
    run = CheckRun(reports=[DeckReport("a.deck.toml", "vanguard", None, {"main": 50}, [])])
    text = render_summary(run)
    assert "**1 deck checked: it is legal.**" in text and "### Problems" not in text and "### Notes" not in text


def test_the_unreadable_files_are_counted_and_listed():
    run = a_run(errors=1)
    run.errors = [DeckcheckError("cannot read", path="b.deck.toml", line=4)]
    text = render_summary(run)
    assert "1 file could not be checked.**" in text
    assert "| Decks | Legal | With errors | Warnings | Not checked |" in text
    assert "| b.deck.toml | 4 | error | deckcheck.unreadable |" in text


def rows(text: str) -> list[str]:
    table = text.split("### Problems", 1)[1]
    return [line for line in table.splitlines() if line.startswith("| ") and not line.startswith(("| Deck ", "| ---"))]


def test_the_problem_table_is_bounded_and_says_how_many_were_left_out():
    assert len(rows(render_summary(a_run(errors=5), max_rows=5))) == 5
    assert "more problem" not in render_summary(a_run(errors=5), max_rows=5)
    text = render_summary(a_run(errors=6), max_rows=5, full_report="deckcheck.sarif")
    assert len(rows(text)) == 5
    assert "*1 more problem is not shown here: the job log and deckcheck.sarif have every one.*" in text


def test_the_problem_table_stays_within_its_bytes_whatever_the_messages():
    run = a_run(errors=3000)
    for v in run.reports[0].violations:
        v.message = "長" * 2000  # cut to 500 characters in its cell, 1,500 bytes
    text = render_summary(run)
    assert len(text.encode()) < 160 * 1024  # far below GitHub's 1 MiB per step
    assert f"{3000 - len(rows(text))} more problems are not shown here" in text


def test_the_summary_is_in_japanese_under_lang_ja(japanese):
    text = render_summary(a_run(errors=1, notes=1))
    notice = overflow_notices(render_github(a_run(errors=11)))[0]
    assert "## deckcheck：デッキのチェック" in text and "| デッキ数 | 適正 | エラーあり | 警告 |" in text
    assert "1個のデッキのうち1個がルールに反しています。" in text
    assert "エラー11件、警告0件、注記0件" in notice


def test_the_summary_and_annotations_name_paths_as_given_without_a_workspace(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run = a_run(errors=1, path=os.path.join("sub", "a.deck.toml"))
    assert "| sub/a.deck.toml | 1 |" in render_summary(run)
    assert commands(render_github(run))[0][1]["file"] == str(Path("sub") / "a.deck.toml")


def test_the_verdict_says_both_the_broken_decks_and_the_files_not_checked():
    run = a_run(errors=1)
    run.errors = [DeckcheckError("cannot read", path="b.deck.toml")]
    assert "**1 of 1 deck breaks a rule. 1 file could not be checked.**" in render_summary(run)


def test_the_japanese_verdict_runs_its_sentences_together(japanese):
    run = a_run(errors=1)
    run.errors = [DeckcheckError("cannot read", path="b.deck.toml")]
    assert (
        "**1個のデッキのうち1個がルールに反しています。チェックできなかったファイルが1個あります。**"
        in render_summary(run)
    )


def test_in_a_job_each_line_links_to_the_file_at_the_jobs_commit(tmp_path, monkeypatch):
    (tmp_path / "decks").mkdir()
    monkeypatch.chdir(tmp_path / "decks")
    run = a_run(errors=1, path="my deck#1.deck.toml")
    run.errors = [DeckcheckError("broken", path="/elsewhere/b.deck.toml", line=2)]
    assert "| decks/my deck\\#1.deck.toml | 1 |" in render_summary(run, str(tmp_path))  # no job: the number
    monkeypatch.setenv("GITHUB_SERVER_URL", "https://github.com")
    monkeypatch.setenv("GITHUB_REPOSITORY", "owner/decks")
    monkeypatch.setenv("GITHUB_SHA", "0123abc")
    text = render_summary(run, str(tmp_path))
    link = "[1](<https://github.com/owner/decks/blob/0123abc/decks/my%20deck%231.deck.toml#L1>)"
    assert f"| decks/my deck\\#1.deck.toml | {link} |" in text
    assert "| /elsewhere/b.deck.toml | 2 |" in text  # outside the workspace: no link
    assert "| my deck\\#1.deck.toml | 1 |" in render_summary(run, "")  # no workspace: no link
