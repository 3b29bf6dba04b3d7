"""Every output format of `check` says what the JSON says, and the exit code does not depend on the format."""

from __future__ import annotations

import json
import os
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckcheck.check import DeckReport
from deckcheck.cli import app
from deckcheck.violations import Violation

EXAMPLES = Path(__file__).resolve().parent.parent / "decks"
FORMATS = ("text", "json", "github", "sarif", "junit")


@pytest.fixture
def folder(tmp_path, isolated_carddb):
    """The shipped example decks, one of them made illegal twice over, and one unreadable file."""
    target = tmp_path / "decks"
    shutil.copytree(EXAMPLES, target)
    deck = target / "vanguard" / "dawn_knights.deck.toml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("[main]\n", '[main]\n"NO-SUCH-CARD" = 2\n', 1), encoding="utf-8")
    (target / "evolve" / "broken.deck.toml").write_text('game = "evolve"\n[main\n', encoding="utf-8")
    return target


def run(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


def json_findings(output: str) -> set[tuple[str, str, str, str]]:
    data = json.loads(output)
    return {(d["path"], v["rule"], v["severity"], v["message"]) for d in data["decks"] for v in d["violations"]}


# The Actions runner's own rules (actions/runner, ActionCommand.TryParseV2 and its escape mappings): the command
# runs from "::" to the first space, properties are split on "," and "=", the data follows the next "::"; values
# are unescaped in the mappings' order, "%25" last.
_DATA_ESCAPES = (("\r", "%0D"), ("\n", "%0A"), ("%", "%25"))
_PROPERTY_ESCAPES = (("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C"), ("%", "%25"))


def _runner_unescape(value: str, mappings: tuple[tuple[str, str], ...]) -> str:
    for token, replacement in mappings:
        value = value.replace(replacement, token)
    return value


def parse_workflow_command(line: str) -> tuple[str, dict[str, str], str] | None:
    """(command, properties, data) as the runner reads a `::command k=v,...::data` line; None if it is not one."""
    if not line.startswith("::"):
        return None
    end = line.find("::", 2)
    if end < 0:
        return None
    info, data = line[2:end], line[end + 2 :]
    command, _, props = info.partition(" ")
    properties = {}
    for pair in filter(None, props.split(",")):
        key, _, value = pair.partition("=")
        properties[key] = _runner_unescape(value, _PROPERTY_ESCAPES)
    return command, properties, _runner_unescape(data, _DATA_ESCAPES)


def github_findings(output: str) -> set[tuple[str, str, str, str, int | None]]:
    found = set()
    for line in output.splitlines():
        parsed = parse_workflow_command(line)
        if parsed and parsed[1].get("title") != "deckcheck":
            command, props, data = parsed
            line_number = int(props["line"]) if "line" in props else None
            found.add((props["file"], props["title"], command, data, line_number))
    return found


def test_github_annotations_are_the_json_violations(folder):
    _, json_out = run("check", folder, "--output", "json")
    _, out = run("check", folder, "--output", "github")
    data = json.loads(json_out)
    expected = {
        (d["path"], v["rule"], v["severity"], v["message"], v["line"]) for d in data["decks"] for v in d["violations"]
    }
    assert github_findings(out) == expected
    assert any(v[4] for v in expected)  # lines are there to compare
    assert any("title=deckcheck::" in line and "broken.deck.toml" in line for line in out.splitlines())
    summary = json.loads(json_out)["summary"]
    assert out.splitlines()[-1].startswith(f"{summary['decks']} decks checked, {summary['legal']} legal")


def test_sarif_results_are_the_json_violations(folder):
    _, json_out = run("check", folder, "--output", "json")
    _, out = run("check", folder, "--output", "sarif")
    sarif = json.loads(out)
    assert sarif["version"] == "2.1.0" and "sarif-2.1.0" in sarif["$schema"]
    (only_run,) = sarif["runs"]
    driver = only_run["tool"]["driver"]
    assert driver["name"] == "deckcheck" and driver["version"]
    rules = driver["rules"]
    results = only_run["results"]
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in ("error", "warning", "note")
        assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    found = {
        (sarif_path(only_run, r), r["ruleId"], r["level"], r["message"]["text"])
        for r in results
        if r["ruleId"] != "deckcheck.unreadable"
    }
    assert found == {(os.path.abspath(path), *rest) for path, *rest in json_findings(json_out)}
    described = {rule["id"]: rule for rule in rules}
    assert "5.2" in described["vanguard.main-size"]["properties"]["ref"]  # rules-document references
    assert described["deck.unknown-card"]["shortDescription"]["text"]
    unreadable = [r for r in results if r["ruleId"] == "deckcheck.unreadable"]
    assert len(unreadable) == 1 and unreadable[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 2
    assert only_run["invocations"][0]["executionSuccessful"] is False


def sarif_path(sarif_run: dict, result: dict) -> str:
    """The file a SARIF result is about, as a consumer resolves it: its URI against its base (%SRCROOT%)."""
    from urllib.parse import unquote, urljoin, urlparse

    artifact = result["locations"][0]["physicalLocation"]["artifactLocation"]
    base = sarif_run["originalUriBaseIds"][artifact["uriBaseId"]]["uri"] if "uriBaseId" in artifact else ""
    full = urlparse(urljoin(base, artifact["uri"]))
    assert full.scheme == "file", full
    return unquote(full.path, errors="surrogateescape")


def test_junit_has_a_suite_per_game_and_a_case_per_deck(folder):
    _, json_out = run("check", folder, "--output", "json")
    _, out = run("check", folder, "--output", "junit")
    root = ET.fromstring(out)
    decks = json.loads(json_out)["decks"]
    suites = {suite.get("name"): suite for suite in root.findall("testsuite")}
    assert set(suites) == {deck["game"] for deck in decks} | {"deckcheck"}
    for deck in decks:
        (case,) = [c for c in suites[deck["game"]].findall("testcase") if c.get("name") == deck["path"]]
        failure = case.find("failure")
        assert (failure is None) == deck["legal"]
        for violation in deck["violations"]:
            assert violation["message"] in failure.text
    for suite in suites.values():
        assert int(suite.get("tests")) == len(suite.findall("testcase"))
        assert int(suite.get("failures")) == len(suite.findall("testcase/failure"))
    assert root.get("failures") == str(sum(not deck["legal"] for deck in decks))
    assert suites["deckcheck"].find("testcase/error") is not None


@pytest.mark.parametrize("fail_on", ["error", "warning"])
def test_the_exit_code_does_not_depend_on_the_format(folder, fail_on):
    codes = {fmt: run("check", folder, "--output", fmt, "--fail-on", fail_on)[0] for fmt in FORMATS}
    assert set(codes.values()) == {2}, codes  # the broken file makes every format exit 2
    (folder / "evolve" / "broken.deck.toml").unlink()
    codes = {fmt: run("check", folder, "--output", fmt, "--fail-on", fail_on)[0] for fmt in FORMATS}
    assert set(codes.values()) == {1}, codes


def test_fail_on_warning_in_every_format(tmp_path, isolated_carddb, monkeypatch):
    original = DeckReport.__init__

    def with_a_warning(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.violations.append(Violation("x.note", "warning", "main", "a note"))

    monkeypatch.setattr(DeckReport, "__init__", with_a_warning)
    legal = EXAMPLES / "vanguard" / "dawn_knights.deck.toml"
    for fmt in FORMATS:
        assert run("check", legal, "--output", fmt)[0] == 0, fmt
        assert run("check", legal, "--output", fmt, "--fail-on", "warning")[0] == 1, fmt
    _, out = run("check", legal, "--output", "github")
    assert any(line.startswith("::warning ") and "title=x.note" in line for line in out.splitlines())
    _, out = run("check", legal, "--output", "junit", "--fail-on", "warning")
    assert ET.fromstring(out).find("testsuite/testcase/failure") is not None
    _, out = run("check", legal, "--output", "junit")
    assert ET.fromstring(out).find("testsuite/testcase/failure") is None
