"""README never lies: its CI workflow commands, pre-commit hook and regulation example run as written."""

from __future__ import annotations

import json
import os
import re
import shlex
import tomllib
from pathlib import Path

import pytest
from textfit import says
from typer.testing import CliRunner

from deckcheck.checking.regulations import load_regulations
from deckcheck.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def blocks(language: str, after: str) -> list[str]:
    section = README[README.index(after) :]
    return re.findall(rf"```{language}\n(.*?)```", section, flags=re.DOTALL)


def run(argv: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(app, argv)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


@pytest.fixture
def at_root(monkeypatch, isolated_carddb):
    monkeypatch.chdir(ROOT)


def workflow_commands() -> list[str]:
    """The deckcheck commands of the section's workflow steps (the step without the action)."""
    workflows = blocks("yaml", "## In CI and at tournaments")[:2]
    return [line.split("run: ", 1)[1] for text in workflows for line in text.splitlines() if "run: deckcheck" in line]


def test_the_workflow_uses_the_action_and_uploads_its_sarif_file():
    import yaml  # the test extra's pyyaml

    workflow = yaml.safe_load(blocks("yaml", "## In CI and at tournaments")[0])
    (job,) = workflow["jobs"].values()
    uses = [step.get("uses", "") for step in job["steps"]]
    assert uses[0].startswith("actions/checkout@")
    assert re.fullmatch(r"OWNER/deckcheck@[0-9a-f]{40}", uses[1])  # a commit: no tag exists yet
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert set(job["steps"][1]["with"]) <= set(action["inputs"])
    assert job["steps"][2]["uses"].startswith("github/codeql-action/upload-sarif@")
    assert job["steps"][2]["if"] == "always()"
    assert job["steps"][2]["with"]["sarif_file"] == action["inputs"]["sarif-file"]["default"]
    assert workflow["permissions"]["security-events"] == "write"


def test_the_workflow_without_the_action_checks_once_with_every_output():
    (command,) = workflow_commands()
    assert "--output github" in command and "--sarif" in command and '--summary "$GITHUB_STEP_SUMMARY"' in command


@pytest.mark.parametrize("command", workflow_commands())
def test_each_workflow_command_runs_on_the_example_decks(at_root, command, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # the reports it writes land here; the decks are the repository's
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp_path / "summary.md"))
    argv = [os.path.expandvars(part) for part in shlex.split(command)]
    assert argv[0] == "deckcheck"
    argv = [str(ROOT / part) if part == "decks/" else part for part in argv[1:]]
    code, output = run(argv)
    assert code == 0, output  # the shipped example decks are legal
    assert output.splitlines()[-1].endswith(" legal, 0 errors, 0 warnings")
    assert json.loads((tmp_path / "deckcheck.sarif").read_text(encoding="utf-8"))["version"] == "2.1.0"
    assert "## deckcheck: deck check" in (tmp_path / "summary.md").read_text(encoding="utf-8")


def test_the_pre_commit_hook_runs_as_declared(at_root):
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    entry = re.search(r"^\s*entry: (.+)$", hooks, re.MULTILINE)[1]
    args = re.search(r"^\s*args: \[(.*)\]$", hooks, re.MULTILINE)[1].split(",")
    assert re.search(r"^- id: deckcheck$", hooks, re.MULTILINE)
    assert re.search(r"^\s*pass_filenames: false$", hooks, re.MULTILINE)
    argv = shlex.split(entry)[1:] + [arg.strip() for arg in args]
    code, output = run(argv)
    assert code == 0 and "legal" in output


def test_the_regulation_example_is_a_shipped_regulation(at_root):
    example = tomllib.loads(blocks("toml", "Regulations (banned cards")[0])
    regulation = load_regulations("vanguard").require(example["name"])
    assert str(regulation.effective) == str(example["effective"]) and regulation.sample is example["sample"]


def test_the_2026_regulation_example_judges_as_its_comments_say(isolated_carddb):
    text = blocks("toml", "The publisher's own words work too")[0]
    layer = isolated_carddb / "my-carddb"
    (layer / "evolve" / "regulations").mkdir(parents=True)
    (layer / "evolve" / "regulations" / "restricted-2026-10.toml").write_text(text, encoding="utf-8")
    deck = (ROOT / "decks" / "evolve" / "2026-03-21-rune-XEB3.deck.toml").read_text(encoding="utf-8")
    deck = deck.replace('"BP07-035" = 3', '"BP07-072" = 1\n"BP14-022" = 2')  # エンネア, ジエモン
    deck = deck.replace('"BP12-036" = 3', '"BP14-023" = 3')  # ジエモン's EVOLVE card, not counted
    (isolated_carddb / "d.deck.toml").write_text(deck, encoding="utf-8")
    argv = ["check", "d.deck.toml", "--carddb", str(layer), "--as-of", "2026-10-01", "--output", "json"]
    _, output = run(argv)
    (report,) = json.loads(output)["decks"]
    assert report["regulation"]["name"] == "使用制限 2026-10-01" and report["regulation"]["format"] == "standard"
    found = [(v["rule"], v["section"], v["count"]) for v in report["violations"] if v["rule"].startswith("regulation")]
    assert sorted(found) == [("regulation.banned", "main", 1), ("regulation.restricted", "main", 2)]
    _, output = run([*argv[:2], "--carddb", str(layer), "--as-of", "2026-09-30", "--output", "json"])
    assert json.loads(output)["decks"][0]["regulation"]["name"] == "使用制限 2026-01-30"  # the day before


def test_the_japanese_2026_regulation_example_is_the_english_one_in_the_publisher_s_words():
    japanese = (ROOT / "README.ja.md").read_text(encoding="utf-8")
    ja = tomllib.loads(re.findall(r"```toml\n(.*?)```", japanese[japanese.index("my-carddb/evolve") - 10 :], re.S)[0])
    en = tomllib.loads(blocks("toml", "The publisher's own words work too")[0])
    words = {"禁止": "banned", "制限": "limited"}
    ja["entries"] = [{**e, "kind": words[e["kind"]]} for e in ja["entries"]]
    assert {k: v for k, v in ja.items() if k != "notes"} == {k: v for k, v in en.items() if k != "notes"}


@pytest.mark.parametrize("command", [line for line in blocks("sh", "Regulations (banned cards")[0].splitlines()])
def test_the_regulation_commands_run(at_root, command):
    argv = shlex.split(command.split("#")[0])[1:]
    code, output = run(argv)
    assert code in (0, 1), output  # 1: the samples ban cards some example decks hold


def test_the_library_example_runs_and_prints_what_its_comments_say(isolated_carddb):
    """README, "As a library": the block runs as written from the repository's root; each printed line matches the
    comment beside the print (up to a trailing `...`)."""
    import subprocess
    import sys

    block = blocks("python", "## As a library")[0]
    done = subprocess.run([sys.executable, "-c", block], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    printed = done.stdout.strip().split("\n")
    prints = [line for line in block.split("\n") if line.startswith("print(")]
    assert len(printed) == len(prints)
    for output, statement in zip(printed, prints, strict=True):
        if "# " in statement:  # `# 0.971... exact optimal`: the output starts with what stands before the `...`
            said = statement.split("# ", 1)[1].strip()
            assert output.startswith(said.split("...")[0]), (output, said)
            if "..." not in said:
                assert output == said


def test_the_pasted_list_example_reads_as_shown(tmp_path, monkeypatch, isolated_carddb):
    """The pasted list of "Pasted lists" gives the verdict and warnings shown, and converts to a legal deck."""
    example, shown = blocks("text", "### Pasted lists")[:2]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pasted.txt").write_text(example, encoding="utf-8")
    code, output = run(["check", "pasted.txt", "--game", "vanguard"])
    assert code == 0 and all(says(line, output) for line in shown.strip().splitlines()), output  # (fitted)
    code, _ = run(["convert", "pasted.txt", "--game", "vanguard", "--to", "toml", "--out-file", "kagerou.deck.toml"])
    assert code == 0
    code, output = run(["check", "kagerou.deck.toml", "--output", "json"])
    assert code == 0 and json.loads(output)["summary"]["warnings"] == 0


def test_the_japanese_readme_starts_with_the_same_two_commands_and_is_linked():
    japanese = (ROOT / "README.ja.md").read_text(encoding="utf-8")
    first_block = re.compile(r"```sh\n(.*?)```", re.DOTALL)
    english_commands = first_block.search(README)
    japanese_commands = first_block.search(japanese)
    assert english_commands is not None and japanese_commands is not None
    assert japanese_commands.group(1) == english_commands.group(1)
    assert len(english_commands.group(1).splitlines()) == 2
    assert "(README.ja.md)" in README and "(README.md)" in japanese


def test_the_building_sequence_runs_as_written(tmp_path, monkeypatch, isolated_carddb):
    """README, "Building decks": every command runs (exit 0) in order in an empty folder, and the first vanguard is
    added before `set first_vanguard` names it, so that key is one the setup can use (5.4.3)."""
    monkeypatch.chdir(tmp_path)
    for line in blocks("sh", "## Building decks")[0].splitlines():
        argv = shlex.split(line.split("  #")[0])[1:]
        code, output = run(argv)
        assert code == 0, (line, output)
    code, output = run(["check", "rp.deck.toml", "--output", "json", "--no-regulation"])
    keyed = [v for v in json.loads(output)["decks"][0]["violations"] if v["section"] == "first_vanguard"]
    assert keyed == []


def test_the_configuration_example_is_read_as_its_show_config_says(tmp_path, monkeypatch, run_cli):
    """The "Configuration file" section's deckcheck.toml is valid, and --show-config prints for it what README shows
    (its paths those of the example's repository, its columns as wide as they need)."""
    section = README[README.index("## Configuration file") : README.index("## Test hands")]
    example = blocks("toml", "## Configuration file")[0]
    shown = re.findall(r"```\n(Configuration file: .*?)```", section, flags=re.DOTALL)[0]
    repository = tmp_path / "decks"
    (repository / ".git").mkdir(parents=True)
    (repository / "deckcheck.toml").write_text(example, encoding="utf-8")
    monkeypatch.chdir(repository)
    for variable in ("DECKCHECK_CONFIG", "DECKCHECK_LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr("deckcheck.cli.output.output_columns", lambda: 300)  # (the temporary folder's long path)
    command = re.search(r"`deckcheck (--lang en check --show-config [^`]*)`", section)[1]
    code, out, err = run_cli(*shlex.split(command))
    assert (code, err) == (0, "")

    def words(text: str) -> list[list[str]]:
        return [line.split() for line in text.replace("/home/me/decks", str(repository)).splitlines()]

    assert words(out) == words(shown)


def test_the_japanese_configuration_example_is_the_english_one():
    japanese = (ROOT / "README.ja.md").read_text(encoding="utf-8")
    section = japanese[japanese.index("### 設定ファイル") :]
    example = re.findall(r"```toml\n(.*?)```", section, flags=re.DOTALL)[0]
    assert tomllib.loads(example) == tomllib.loads(blocks("toml", "## Configuration file")[0])
