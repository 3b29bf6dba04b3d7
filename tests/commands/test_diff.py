"""`deckcheck diff`: two versions of a deck compared — cards per section, keys, verdicts and the default report's odds
with each line's change in points — through the library body and the command line."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from deckcheck._util.text import display_width
from deckcheck.checking.judging import Judging
from deckcheck.checking.workspace import Workspace
from deckcheck.cli.app import app
from deckcheck.commands.diff import (
    DeckInput,
    diff_decks,
    diff_json,
    inputs_of,
    markdown_cell,
    render_diff_markdown,
    render_diff_text,
)
from deckcheck.errors import DeckcheckError

ROOT = Path(__file__).resolve().parents[2]
ALTMILE = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"
MARTH = ROOT / "decks" / "cipher" / "marth-altea.deck.toml"


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder outside any git repository, with no card database from the environment."""
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def edited(source: Path, target: Path, *changes: tuple[str, str]) -> Path:
    """A copy of a shipped deck with each (old line start, new line) replaced: one line each, as a pull request
    edits a deck."""
    lines = source.read_text(encoding="utf-8").splitlines()
    for start, new in changes:
        found = [index for index, line in enumerate(lines) if line.startswith(start)]
        assert len(found) == 1, (start, found)
        lines[found[0]] = new
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def run(*args: str) -> tuple[int, str]:
    """(exit code, stdout; or, when the command failed with 2, everything it said: its message is on stderr)."""
    result = CliRunner().invoke(app, ["diff", *map(str, args)])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.stdout if result.exit_code != 2 else result.output


def as_json(*args: str) -> dict[str, Any]:
    code, output = run(*args, "--output", "json")
    assert code in (0, 1), output
    return json.loads(output)


def compare(old: Path, new: Path) -> Any:
    return diff_decks(DeckInput(old), DeckInput(new), Judging(), Workspace())


# Cards per section ----------------------------------------------------------------------------------------------


def test_added_removed_and_changed_cards_per_section(work: Path) -> None:
    new = edited(
        ALTMILE,
        work / "new.deck.toml",
        ('"G-BT06/025" = 2', '"BT01/042" = 2   # 小さな賢者 マロン'),  # removed, and another card added
        ('"G-TD02/005" = 3', '"G-TD02/005" = 4'),  # changed, up
        ('"G-BT14/006" = 2', '"G-BT14/006" = 1'),  # changed, down
    )
    diff = compare(ALTMILE, new)
    main, g = diff.sections
    assert (main.section, g.section) == ("main", "g")
    changes = {(card.change, card.number, card.old, card.new) for card in main.cards}
    assert changes == {
        ("added", "BT01/042", 0, 2),
        ("removed", "G-BT06/025", 2, 0),
        ("changed", "G-TD02/005", 3, 4),
        ("changed", "G-BT14/006", 2, 1),
    }
    assert [card.change for card in main.cards] == ["added", "removed", "changed", "changed"]
    assert g.cards == [] and (g.old_size, g.new_size) == (16, 16)
    assert not diff.identical
    text = render_diff_text(diff, columns=80)
    assert re.search(r"^  added    0 → 2  BT01/042    小さな賢者 マロン$", text, re.M), text
    assert re.search(r"^  removed  2 → 0  G-BT06/025  逆風の騎士 セリム$", text, re.M), text
    assert re.search(r"^  changed  3 → 4  G-TD02/005  絶剣の騎士 リヴァーロ$", text, re.M), text
    assert "g: 16 cards, unchanged" in text
    # (a single word wider than the line, the temporary folder's path, stays whole by design)
    assert all(display_width(line) <= 80 or len(line.split()) == 1 for line in text.splitlines()), text


def test_a_card_written_by_name_in_one_deck_and_by_number_in_the_other_is_the_same_card(work: Path) -> None:
    new = edited(ALTMILE, work / "new.deck.toml", ('"G-BT06/025" = 2', '"逆風の騎士 セリム" = 2'))
    diff = compare(ALTMILE, new)
    assert diff.identical, [section.cards for section in diff.sections]


def test_a_section_only_in_one_deck(work: Path) -> None:
    text = ALTMILE.read_text(encoding="utf-8")
    old = work / "old.deck.toml"
    old.write_text(text.split("[g]")[0], encoding="utf-8")  # no G deck yet
    diff = compare(old, ALTMILE)
    g = next(section for section in diff.sections if section.section == "g")
    assert (g.old_size, g.new_size) == (0, 16)
    assert {card.change for card in g.cards} == {"added"} and sum(card.new for card in g.cards) == 16
    code, output = run(old, ALTMILE)
    assert code == 0, output
    assert "g: 0 → 16 cards" in output


def test_a_section_the_game_lacks_is_said_so_and_its_deck_is_not_counted(work: Path) -> None:
    new = work / "new.deck.toml"
    new.write_text(ALTMILE.read_text(encoding="utf-8") + '\n[side]\n"G-BT06/025" = 2\n', encoding="utf-8")
    diff = compare(ALTMILE, new)
    side = next(section for section in diff.sections if section.section == "side")
    assert not side.known and [(card.change, card.new) for card in side.cards] == [("added", 2)]
    assert diff.new.odds is None and diff.new.no_odds  # `stats` refuses such a deck: the diff says why
    assert diff.old.odds is not None
    text = render_diff_text(diff, columns=80)
    assert "side (not a Cardfight!! Vanguard section): 0 → 2 cards" in text
    assert "new: not counted:" in text


def test_identical_decks_say_so(work: Path) -> None:
    copy = work / "copy.deck.toml"
    shutil.copy(ALTMILE, copy)
    code, output = run(ALTMILE, copy)
    assert code == 0
    assert "The decks are identical" in output
    data = as_json(ALTMILE, copy)
    assert data["identical"] is True and data["keys"] == []
    assert all(section["cards"] == [] for section in data["sections"])
    assert all(line[seat]["points"] == 0 for line in data["odds"]["lines"] for seat in ("first", "second"))


def test_a_changed_key_is_a_change(work: Path) -> None:
    new = edited(MARTH, work / "new.deck.toml", ('name = "', 'name = "Marth, tuned"'))
    diff = compare(MARTH, new)
    assert not diff.identical
    assert [(change.key, change.old, change.new) for change in diff.keys] == [
        ("name", "Altean Knights (Marth, B01)", "Marth, tuned")
    ]


def test_a_changed_card_key_is_written_as_the_file_has_it_and_shown_as_its_card(work: Path) -> None:
    new = edited(MARTH, work / "new.deck.toml", ('lord = "', 'lord = "B01-002"'))
    data = as_json(MARTH, new)
    assert data["keys"] == [{"key": "lord", "old": "B01-003", "new": "B01-002"}]
    code, output = run(MARTH, new)
    assert "  lord: Altean Prince Marth (B01-003) → Prince of a Fallen Land Marth (B01-002)" in output


# The verdict ----------------------------------------------------------------------------------------------------


def test_the_verdict_before_and_after_and_the_exit_code(work: Path) -> None:
    illegal = edited(MARTH, work / "illegal.deck.toml", ('"B01-002" = 4', '"B01-002" = 5'))  # 5 copies of a card
    code, output = run(MARTH, illegal)
    assert code == 1, output  # the new deck breaks a rule: as `check`
    assert re.search(r"^verdict: legal → not legal, 1 error$", output, re.M), output
    assert re.search(r"^  new:\n    Not legal: 1 error", output, re.M), output
    assert (
        "error cipher.copies (main) [12.1.1.2]: The deck has 5 copies" in output
    )  # the violation with its rule id, as `show` and `check` print it
    data = as_json(MARTH, illegal)
    assert data["old"]["legal"] is True and data["new"]["legal"] is False
    assert [violation["rule"] for violation in data["new"]["violations"]] == ["cipher.copies"]
    code, _output = run(illegal, MARTH)  # fixing a deck: the new deck passes
    assert code == 0


def test_fail_on_warning_fails_on_a_new_warning(work: Path) -> None:
    # a number written with another card's name: a deck.number-name warning (text decklists)
    old = work / "old.txt"
    old.write_text("game: cipher\nlord: B01-003\n" + _marth_text(), encoding="utf-8")
    new = work / "new.txt"
    new.write_text(
        "game: cipher\nlord: B01-003\n" + _marth_text().replace("4 B01-010\n", "4 B01-010 Red Knight Cain\n")
    )
    assert run(old, new)[0] == 0
    code, output = run(old, new, "--fail-on", "warning")
    assert code == 1, output
    assert "deck.number-name" in output


def _marth_text() -> str:
    counts = re.findall(r'^"(B01-\d+)" = (\d)', MARTH.read_text(encoding="utf-8"), re.M)
    return "".join(f"{count} {number}\n" for number, count in counts)


# The odds -------------------------------------------------------------------------------------------------------


def _class_change_by(turn: int, copies: int, going: str) -> Fraction:
    """Cipher's default report, worked out by hand: at least one of `copies` copies of Marth's class change by own
    turn `turn`, under the optimal mulligan. The lord leaves the 50-card deck first (49 left); 6 cards are dealt; the
    one full mulligan shuffles them back and deals 6 again; the orbs are 5 unseen cards; going first draws from own
    turn 2, second from turn 1. A hand with the card is kept; one without it is kept or redrawn, whichever is better."""
    deck, hand = 49, 6
    draws = turn - 1 if going == "first" else turn

    def none_in(cards: int, of: int, seen: int) -> Fraction:  # none of `copies` in `seen` cards of `of`
        return Fraction(comb(of - copies, seen), comb(of, seen))

    missed = none_in(hand, deck, hand)
    keep = 1 - none_in(draws, deck - hand, draws)
    redraw = 1 - none_in(hand + draws, deck, hand + draws)
    return (1 - missed) + missed * max(keep, redraw)


def test_each_line_s_change_in_points_is_exact(work: Path) -> None:
    new = edited(
        MARTH,
        work / "new.deck.toml",
        ('"B01-001" = 4', '"B01-001" = 3'),  # one class change fewer
        ('"B01-024" = 2', '"B01-024" = 3'),  # the deck stays 50 cards
    )
    data = as_json(MARTH, new)
    lines = data["odds"]["lines"]
    assert [line["turn"] for line in lines] == [1, 2, 3]
    for line in lines:
        for going in ("first", "second"):
            before, after = _class_change_by(line["turn"], 4, going), _class_change_by(line["turn"], 3, going)
            cell = line[going]
            assert cell["old"]["exact"] == f"{before.numerator}/{before.denominator}"
            assert cell["new"]["exact"] == f"{after.numerator}/{after.denominator}"
            change = after - before
            assert cell["change_exact"] == f"{change.numerator}/{change.denominator}"
            assert cell["points"] == pytest.approx(float(change) * 100, abs=1e-9)
    # the text says each change in points, as stats rounds: two decimals, signed
    code, output = run(MARTH, new)
    assert code == 0
    change = _class_change_by(1, 3, "first") - _class_change_by(1, 4, "first")
    said = f"{float(change) * 100:+.2f}".replace("-", "−")
    assert re.search(rf"going first\s+\S+% → \S+%\s+{re.escape(said)} pt$", output, re.M), output


def test_the_odds_are_those_of_stats(work: Path) -> None:
    """Each side's line is what `deckcheck stats DECK --output json` answers for that deck."""
    new = edited(
        ALTMILE,
        work / "new.deck.toml",
        ('"G-BT14/006" = 2', '"G-BT14/006" = 1'),
        ('"G-TD02/005" = 3', '"G-TD02/005" = 4'),
    )
    data = as_json(ALTMILE, new)
    for side, path in (("old", ALTMILE), ("new", new)):
        result = CliRunner().invoke(app, ["stats", str(path), "--output", "json"])
        assert result.exit_code == 0, result.output
        report = json.loads(result.stdout)["report"]
        assert [line["label"] for line in report] == [line["label"] for line in data["odds"]["lines"]]
        for asked, line in zip(report, data["odds"]["lines"], strict=True):
            for going in ("first", "second"):
                assert line[going][side]["exact"] == asked[going]["exact"]


# --rev: a deck at a git revision -----------------------------------------------------------------------------------


def git(folder: Path, *args: str) -> str:
    environment = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t"}
    environment["GIT_COMMITTER_EMAIL"] = "t@t"
    done = subprocess.run(["git", *args], cwd=folder, env=environment, capture_output=True, text=True, check=True)
    return done.stdout


@pytest.fixture
def repository(work: Path) -> Path:
    """A git repository with a deck committed twice (decks/rp.deck.toml: the shipped one, then a card fewer of a
    grade 3 and one more of a grade 2), and changed again in the working copy (a grade 1 swapped)."""
    if shutil.which("git") is None:
        pytest.fail("these tests need git")
    git(work, "init", "-q")
    (work / "decks").mkdir()
    deck = work / "decks" / "rp.deck.toml"
    shutil.copy(ALTMILE, deck)
    git(work, "add", ".")
    git(work, "commit", "-qm", "first")
    edited(deck, deck, ('"G-BT14/006" = 2', '"G-BT14/006" = 1'), ('"G-TD02/005" = 3', '"G-TD02/005" = 4'))
    git(work, "commit", "-qam", "second")
    edited(deck, deck, ('"G-BT06/025" = 2', '"BT01/042" = 2'))
    return work


def test_rev_compares_the_file_at_a_revision_with_the_working_copy(repository: Path) -> None:
    data = as_json("decks/rp.deck.toml", "--rev", "HEAD")
    assert data["old"]["path"] == "HEAD:decks/rp.deck.toml" and data["old"]["revision"] == "HEAD"
    assert data["new"]["path"] == "decks/rp.deck.toml" and data["new"]["revision"] is None
    cards = [(card["change"], card["number"]) for card in data["sections"][0]["cards"]]
    assert cards == [("added", "BT01/042"), ("removed", "G-BT06/025")]


def test_rev_from_a_subfolder_finds_the_file_from_the_repository_s_root(repository: Path, monkeypatch) -> None:
    monkeypatch.chdir(repository / "decks")
    data = as_json("rp.deck.toml", "--rev", "HEAD~1")
    changed = {(card["number"], card["old"], card["new"]) for card in data["sections"][0]["cards"]}
    assert ("G-BT14/006", 2, 1) in changed and ("BT01/042", 0, 2) in changed


def test_rev_twice_compares_two_revisions(repository: Path) -> None:
    data = as_json("decks/rp.deck.toml", "--rev", "HEAD~1", "--rev", "HEAD")
    assert (data["old"]["path"], data["new"]["path"]) == ("HEAD~1:decks/rp.deck.toml", "HEAD:decks/rp.deck.toml")
    changed = {(card["number"], card["old"], card["new"]) for card in data["sections"][0]["cards"]}
    assert changed == {("G-BT14/006", 2, 1), ("G-TD02/005", 3, 4)}
    lines = data["odds"]["lines"]
    assert lines[2]["first"]["points"] < 0  # a grade 3 fewer: grade 3 by turn 3 less often


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["decks/rp.deck.toml", "--rev", "no-such-branch"], "HEAD"),
        (["decks/rp.deck.toml", "--rev", "--all"], "is not a revision"),
        (["decks/other.deck.toml", "--rev", "HEAD"], "no such file at revision HEAD"),
        (["decks/rp.deck.toml", "decks/rp.deck.toml", "--rev", "HEAD"], "give one DECK"),
        (["decks/rp.deck.toml", "--rev", "HEAD", "--rev", "HEAD", "--rev", "HEAD"], "at most twice"),
        (["decks/rp.deck.toml"], "--rev REV"),
    ],
)
def test_rev_errors_exit_2_with_a_message(repository: Path, args: list[str], said: str) -> None:
    code, output = run(*args)
    assert code == 2, output
    assert output.startswith("deckcheck: ") and len(output.strip().splitlines()) == 1, output
    if said == "HEAD":
        assert "no revision no-such-branch in this git repository" in output
    else:
        assert said in output


def test_rev_outside_a_git_repository(work: Path) -> None:
    deck = work / "rp.deck.toml"
    shutil.copy(ALTMILE, deck)
    code, output = run(deck, "--rev", "HEAD")
    assert code == 2
    assert "is not in a git repository: --rev needs one" in output


def test_rev_without_git(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = work / "rp.deck.toml"
    shutil.copy(ALTMILE, deck)
    monkeypatch.setenv("PATH", str(work / "nothing-here"))
    code, output = run(deck, "--rev", "HEAD")
    assert code == 2
    assert "--rev needs git, which is not installed" in output


# Other bad input ----------------------------------------------------------------------------------------------------


def test_decks_of_two_games(work: Path) -> None:
    code, output = run(ALTMILE, MARTH)
    assert code == 2
    assert "is a vanguard deck and" in output and "a cipher deck: a diff compares two decks of one game" in output


@pytest.mark.parametrize("content", [None, "", "game = [", "\x00\x01binary"])
def test_an_unreadable_file(work: Path, content: str | None) -> None:
    bad = work / "bad.deck.toml"
    if content is not None:
        bad.write_text(content, encoding="utf-8")
    code, output = run(ALTMILE, bad)
    assert code == 2, output
    assert output.startswith(f"deckcheck: {bad}"), output


def test_inputs_of_reads_the_command_line() -> None:
    a, b = Path("a.toml"), Path("b.toml")
    assert inputs_of([a, b], []) == (DeckInput(a), DeckInput(b))
    assert inputs_of([a], ["HEAD~1"]) == (DeckInput(a, "HEAD~1"), DeckInput(a))
    assert inputs_of([a], ["v1", "v2"]) == (DeckInput(a, "v1"), DeckInput(a, "v2"))
    for decks, revisions in (([], []), ([a], []), ([a, b], ["x"]), ([a, b, a], [])):
        with pytest.raises(DeckcheckError):
            inputs_of(decks, revisions)


# JSON and Markdown --------------------------------------------------------------------------------------------------


def test_json_shape(work: Path) -> None:
    new = edited(MARTH, work / "new.deck.toml", ('"B01-001" = 4', '"B01-001" = 3'), ('"B01-024" = 2', '"B01-024" = 3'))
    data = as_json(MARTH, new)
    assert list(data) == ["game", "identical", "old", "new", "keys", "sections", "odds", "notes"]
    assert data["game"] == "cipher" and data["identical"] is False
    for side in ("old", "new"):
        assert {"path", "file", "revision", "legal", "counts", "violations", "regulation", "name"} <= set(data[side])
    section = data["sections"][0]
    assert list(section) == ["section", "known", "old_count", "new_count", "cards"]
    assert list(section["cards"][0]) == ["change", "key", "number", "name", "old", "new"]
    assert list(data["odds"]) == ["seed", "not_counted", "lines"]
    assert data["odds"]["not_counted"] == {"old": None, "new": None}
    line = data["odds"]["lines"][0]
    assert list(line) == ["label", "old_label", "new_label", "turn", "first", "second"]
    assert list(line["first"]) == ["old", "new", "points", "change_exact"]
    assert line["first"]["old"]["method"] == "exact"


def test_markdown_table(work: Path) -> None:
    new = edited(MARTH, work / "new.deck.toml", ('"B01-001" = 4', '"B01-001" = 3'), ('"B01-024" = 2', '"B01-024" = 3'))
    code, output = run(MARTH, new, "--output", "markdown")
    assert code == 0, output
    lines = output.splitlines()
    assert lines[0].startswith("### Altean Knights (Marth, B01) — ")
    header = lines.index("| section | change | number | card | old | new |")
    assert lines[header + 1] == "|---|---|---|---|---:|---:|"
    rows = lines[header + 2 : header + 4]
    assert rows == [
        "| main | changed | B01-001 | Savior of His Realm Marth | 4 | 3 |",
        "| main | changed | B01-024 | Scarlet Sword Navarre | 2 | 3 |",
    ]
    assert "**Verdict:** legal → legal" in output
    odds = lines.index("| line | going first | change (pt) | going second | change (pt) |")
    assert lines[odds + 1] == "|---|---:|---:|---:|---:|"
    assert all(row.count(" | ") == 4 for row in lines[odds + 2 : odds + 5])  # five cells each


def test_markdown_escapes_what_would_break_a_table() -> None:
    assert markdown_cell("a|b") == "a\\|b"
    assert markdown_cell("<script>") == "\\<script\\>"
    assert markdown_cell("two\nlines") == "two lines"
    assert "|" not in markdown_cell("x | y").replace("\\|", "")


def test_markdown_escapes_a_deck_name(work: Path) -> None:
    old = edited(MARTH, work / "old.deck.toml", ('name = "', 'name = "A | B <b>"'))
    diff = compare(old, old)
    text = render_diff_markdown(diff)
    assert text.splitlines()[0].startswith("### A \\| B \\<b\\> — ")


# Japanese -----------------------------------------------------------------------------------------------------------


def test_japanese_output_names_the_sections_as_show_does(work: Path, japanese) -> None:
    new = edited(ALTMILE, work / "new.deck.toml", ('"G-BT06/025" = 2', '"BT01/042" = 2'))
    text = render_diff_text(compare(ALTMILE, new), columns=80)
    assert "メインデッキ [main]：50枚" in text
    assert "Gデッキ [g]：16枚、変更なし" in text
    assert re.search(r"^  追加  0 → 2  BT01/042    小さな賢者 マロン$", text, re.M), text
    assert "判定：適正 → 適正" in text
    assert "先攻" in text and "後攻" in text and "ポイント" in text
    # (a single word wider than the line, the temporary folder's path, stays whole by design)
    assert all(display_width(line) <= 80 or len(line.split()) == 1 for line in text.splitlines()), text
    markdown = render_diff_markdown(compare(ALTMILE, new)).splitlines()
    assert "| セクション | 変更 | カード番号 | カード | 変更前 | 変更後 |" in markdown
    assert "| メインデッキ \\[main\\] | 追加 | BT01/042 | 小さな賢者 マロン | 0 | 2 |" in markdown
    assert "| 行 | 先攻 | 変化（ポイント） | 後攻 | 変化（ポイント） |" in markdown


def test_json_is_the_same_in_japanese_but_for_the_words(work: Path) -> None:
    from conftest import for_programs, in_english_and_japanese

    new = edited(ALTMILE, work / "new.deck.toml", ('"G-BT06/025" = 2', '"BT01/042" = 2'))
    english, japanese = in_english_and_japanese(lambda: as_json(ALTMILE, new))
    for data in (english, japanese):
        for line in data["odds"]["lines"]:
            line.pop("old_label"), line.pop("new_label")
    assert for_programs(english) == for_programs(japanese)


# README's workflow ----------------------------------------------------------------------------------------------


def _workflow_script() -> str:
    """The `run: |` script of README's deck diff workflow, as the runner's bash gets it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Comparing two versions of a deck") :]
    workflow = re.findall(r"```yaml\n(.*?)```", section, flags=re.DOTALL)[0]
    lines = workflow.splitlines()
    start = next(index for index, line in enumerate(lines) if line.strip() == "run: |") + 1
    indent = len(lines[start]) - len(lines[start].lstrip())
    script = []
    for line in lines[start:]:
        if line.strip() and len(line) - len(line.lstrip()) < indent:
            break
        script.append(line[indent:])
    return "\n".join(script) + "\n"


def test_the_readme_workflow_writes_each_modified_deck_s_diff_to_the_job_summary(repository: Path) -> None:
    """The script runs as GitHub's runner runs it (bash -e, $GITHUB_STEP_SUMMARY, $BASE the base branch): the
    modified deck's diff is in the summary, a deck the branch adds is left to `check`, and an illegal change fails
    the step after writing."""
    git(repository, "branch", "-M", "main")
    git(repository, "checkout", "-qb", "pr")
    deck = repository / "decks" / "rp.deck.toml"
    edited(deck, deck, ('"G-BT06/003" = 4', '"G-BT06/003" = 5'))  # (with the working copy's swap) 5 copies: illegal
    shutil.copy(MARTH, repository / "decks" / "added.deck.toml")
    git(repository, "add", ".")
    git(repository, "commit", "-qm", "pr")
    bin_folder = repository / "bin"
    bin_folder.mkdir()
    shim = bin_folder / "deckcheck"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m deckcheck "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    summary = repository / "summary.md"
    environment = {
        **os.environ,
        "PATH": f"{bin_folder}{os.pathsep}{os.environ['PATH']}",
        "PYTHONPATH": str(ROOT),
        "BASE": "main",
        "GITHUB_STEP_SUMMARY": str(summary),
        "DECKCHECK_LANG": "en",
    }
    done = subprocess.run(
        ["bash", "-e", "-c", _workflow_script()], cwd=repository, env=environment, capture_output=True, text=True
    )
    assert done.returncode == 1, done.stderr  # the new version is illegal
    written = summary.read_text(encoding="utf-8")
    assert written.startswith("### ロイヤルパラディン")
    assert "| main | changed | G-BT06/003 | 反攻の騎士 スレイマン | 4 | 5 |" in written
    assert re.search(r"^\*\*Verdict:\*\* legal → \*\*not legal, \d errors?\*\*$", written, re.M), written
    assert "- new: error `vanguard." in written
    assert "added.deck.toml" not in written and "Altean" not in written


def test_the_card_data_s_note_is_said_on_stderr_and_in_json(work: Path) -> None:
    """Build Divide's shipped cards are invented: said as `show` says it, never in the diff's own lines."""
    guren, yoiyami = (
        ROOT / "decks" / "build-divide" / "guren.txt",
        ROOT / "decks" / "build-divide" / "yoiyami.deck.toml",
    )
    result = CliRunner().invoke(app, ["diff", str(guren), str(yoiyami)])
    assert result.exit_code == 0, result.output
    assert "deckcheck: card data note: the Build Divide cards deckcheck ships are invented" in result.stderr
    assert "invented" not in result.stdout
    data = as_json(guren, yoiyami)
    assert [(note["game"], note["kind"]) for note in data["card_data"]] == [("build-divide", "invented")]


@pytest.mark.parametrize("output", ["text", "markdown", "json"])
def test_no_english_reaches_a_japanese_user(work: Path, output: str, japanese) -> None:
    """The scan of tests/test_japanese_everywhere.py over a diff that changes cards, a key and the verdict."""
    from test_japanese_everywhere import english_left

    new = edited(MARTH, work / "new.deck.toml", ('"B01-002" = 4', '"B01-002" = 5'), ('lord = "', 'lord = "B01-002"'))
    result = CliRunner().invoke(app, ["diff", str(MARTH), str(new), "--output", output])
    assert result.exit_code == 1, result.output
    source = MARTH.read_text(encoding="utf-8") + new.read_text(encoding="utf-8")
    assert english_left(result.stdout, source) == []


def test_report_lines_are_paired_by_label_else_by_place_and_turn() -> None:
    """Build Divide asks for an Ace of the territory's titles: another territory, another label, the same question."""
    guren, yoiyami = (
        ROOT / "decks" / "build-divide" / "guren.txt",
        ROOT / "decks" / "build-divide" / "yoiyami.deck.toml",
    )
    diff = compare(guren, yoiyami)
    labels = [(line.old_label, line.new_label, line.turn) for line in diff.odds]
    assert labels[:3] == [
        (f"an Ace titled 紅蓮|覇王 by own turn {turn}", f"an Ace titled 宵闇 by own turn {turn}", turn)
        for turn in (1, 2, 3)
    ]
    assert labels[3:] == [(f"a unit of cost <= 2 by own turn {turn}",) * 2 + (turn,) for turn in (1, 2)]
    text = render_diff_text(diff, columns=80)
    assert "  an Ace titled 宵闇 by own turn 1\n    (was: an Ace titled 紅蓮|覇王 by own turn 1)\n" in text


def test_a_line_only_one_report_has_stands_alone(work: Path) -> None:
    """Cipher asks about the lord's class change: a lord with none in the deck has no report."""
    no_change = edited(
        MARTH,
        work / "new.deck.toml",
        ('"B01-001" = 4', "# no class change of Marth"),
        ('"B01-024" = 2', '"B01-024" = 4'),
        ('"B01-022" = 2', '"B01-022" = 4'),
    )
    diff = compare(MARTH, no_change)
    assert [(line.old_label is not None, line.new_label) for line in diff.odds] == [(True, None)] * 3
    text = render_diff_text(diff, columns=80)
    assert "a class change for the lord Marth by own turn 1 (no longer asked)" in text
    assert re.search(r"going first\s+66\.07% → —\s*$", text, re.M), text


def test_a_simulated_line_s_change_is_marked_and_has_no_exact_fraction(work: Path) -> None:
    from deckcheck.stats.options import StatsOptions

    new = edited(MARTH, work / "new.deck.toml", ('"B01-001" = 4', '"B01-001" = 3'), ('"B01-024" = 2', '"B01-024" = 3'))
    options = StatsOptions(method="simulate", seed=5, trials=20_000)
    diff = diff_decks(DeckInput(MARTH), DeckInput(new), Judging(), Workspace(), options=options)
    line = diff_json(diff)["odds"]["lines"][0]["first"]
    assert line["old"]["method"] == "simulate" and line["change_exact"] is None
    assert line["points"] == pytest.approx((line["new"]["probability"] - line["old"]["probability"]) * 100)
    assert re.search(
        r"going first\s+\S+% ±\d\.\d\d → \S+% ±\d\.\d\d\s+≈[+−±]\d+\.\d\d pt$", render_diff_text(diff), re.M
    )
