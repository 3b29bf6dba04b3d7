"""Every output format of `check` says what the JSON says, and the exit code does not depend on the format."""

from __future__ import annotations

import json
import os
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import STARTER_DECKS
from typer.testing import CliRunner

from deckcheck._util.safetext import escape_controls
from deckcheck.checking.output import said_once
from deckcheck.checking.report import DeckReport
from deckcheck.cli.app import app
from deckcheck.model.violation import Violation

EXAMPLES = Path(__file__).resolve().parents[2] / "decks"
FORMATS = ("text", "json", "github", "sarif", "junit")


@pytest.fixture(autouse=True)
def wide_lines(monkeypatch):
    """These tests read what a line says (a deck's heading, `path:line:`, under a long temporary path), not how it is
    laid out: the text is fitted to a wide terminal here (the fitting's own tests: tests/commands/test_on_screen.py)."""
    monkeypatch.setattr("deckcheck.checking.output.output_columns", lambda: 1000)


@pytest.fixture(scope="module")
def _shipped_decks(tmp_path_factory):
    """The shipped example decks, one of them made illegal twice over, and one unreadable file: one copy for the
    module (the tests only read it)."""
    target = tmp_path_factory.mktemp("shipped") / "decks"
    shutil.copytree(EXAMPLES, target)
    deck = target / "vanguard" / "royal-paladin-altmile.deck.toml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("[main]\n", '[main]\n"NO-SUCH-CARD" = 2\n', 1), encoding="utf-8")
    (target / "evolve" / "broken.deck.toml").write_text('game = "evolve"\n[main\n', encoding="utf-8")
    return target


@pytest.fixture
def folder(_shipped_decks, isolated_carddb):
    return _shipped_decks


@pytest.fixture(scope="module")
def _folder_outputs() -> dict[tuple[str, str], tuple[int, str]]:
    return {}


@pytest.fixture
def check_folder(folder, _folder_outputs):
    """(exit code, stdout) of `check FOLDER --output FMT --fail-on LEVEL`: each variant run once for the module, and
    the tests compare from it."""

    def check(fmt: str, fail_on: str = "error") -> tuple[int, str]:
        if (fmt, fail_on) not in _folder_outputs:
            _folder_outputs[fmt, fail_on] = run("check", folder, "--output", fmt, "--fail-on", fail_on)
        return _folder_outputs[fmt, fail_on]

    return check


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
        if parsed and parsed[0] != "notice" and parsed[1].get("title") != "deckcheck":  # (notices: the run's notes)
            command, props, data = parsed
            line_number = int(props["line"]) if "line" in props else None
            found.add((props["file"], props["title"], command, data, line_number))
    return found


def test_github_annotations_are_the_json_violations(check_folder):
    _, json_out = check_folder("json")
    _, out = check_folder("github")
    data = json.loads(json_out)
    expected = {
        (d["path"], v["rule"], v["severity"], v["message"], v["line"]) for d in data["decks"] for v in d["violations"]
    }
    assert github_findings(out) == expected
    assert any(v[4] for v in expected)  # lines are there to compare
    assert any("title=deckcheck::" in line and "broken.deck.toml" in line for line in out.splitlines())
    summary = json.loads(json_out)["summary"]
    assert out.splitlines()[-1].startswith(f"{summary['decks']} decks checked, {summary['legal']} legal")


def test_sarif_results_are_the_json_violations(check_folder):
    _, json_out = check_folder("json")
    _, out = check_folder("sarif")
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


def test_junit_has_a_suite_per_game_and_a_case_per_deck(check_folder):
    _, json_out = check_folder("json")
    _, out = check_folder("junit")
    root = ET.fromstring(out)
    decks = json.loads(json_out)["decks"]
    suites = {suite.get("name"): suite for suite in root.findall("testsuite")}
    assert set(suites) == {deck["game"] for deck in decks} | {"deckcheck"}
    for deck in decks:
        (case,) = [c for c in suites[deck["game"]].findall("testcase") if c.get("name") == deck["path"]]
        failure = case.find("failure")
        assert (failure is None) == deck["legal"]
        for violation in deck["violations"]:  # as the text output says it: the [ref] not said again
            said = said_once(violation["message"], violation["ref"], violation["line"])
            assert f"[{violation['ref'] or '-'}] {said}" in failure.text
    for suite in suites.values():
        assert int(suite.get("tests")) == len(suite.findall("testcase"))
        assert int(suite.get("failures")) == len(suite.findall("testcase/failure"))
    assert root.get("failures") == str(sum(not deck["legal"] for deck in decks))
    assert suites["deckcheck"].find("testcase/error") is not None


def test_junit_does_not_repeat_the_rule_number_that_text_output_removes():
    from deckcheck.checking.output import _failure_line  # noqa: PLC0415

    repeated = Violation("v.x", "error", "main", "The main deck has 49 cards; it must have exactly 50 (5.2.2.1).")
    repeated.ref, repeated.line = "5.2.2.1", 4
    assert (
        _failure_line("d.txt", repeated)
        == "d.txt:4: error v.x [5.2.2.1] The main deck has 49 cards; it must have exactly 50."
    )
    other = Violation("v.y", "error", "main", "Too many (5-1-3-1, 2-16-2-1).", ref="5-1-3-1", line=2)
    assert _failure_line("d.txt", other).endswith("[5-1-3-1] Too many (also 2-16-2-1).")  # the other number stays


@pytest.mark.parametrize("fail_on", ["error", "warning"])
def test_the_exit_code_does_not_depend_on_the_format(folder, check_folder, tmp_path, fail_on):
    codes = {fmt: check_folder(fmt, fail_on)[0] for fmt in FORMATS}
    assert set(codes.values()) == {2}, codes  # the broken file makes every format exit 2
    readable = shutil.copytree(folder, tmp_path / "readable")  # (the module's folder stays whole)
    (readable / "evolve" / "broken.deck.toml").unlink()
    codes = {fmt: run("check", readable, "--output", fmt, "--fail-on", fail_on)[0] for fmt in FORMATS}
    assert set(codes.values()) == {1}, codes


def test_fail_on_warning_in_every_format(tmp_path, starter_carddb, monkeypatch):
    original = DeckReport.__init__

    def with_a_warning(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.violations.append(Violation("x.note", "warning", "main", "a note"))

    monkeypatch.setattr(DeckReport, "__init__", with_a_warning)
    legal = STARTER_DECKS / "vanguard" / "dawn_knights.deck.toml"
    for fmt in FORMATS:
        assert run("check", legal, "--output", fmt)[0] == 0, fmt
        assert run("check", legal, "--output", fmt, "--fail-on", "warning")[0] == 1, fmt
    _, out = run("check", legal, "--output", "github")
    assert any(line.startswith("::warning ") and "title=x.note" in line for line in out.splitlines())
    _, out = run("check", legal, "--output", "junit", "--fail-on", "warning")
    assert ET.fromstring(out).find("testsuite/testcase/failure") is not None
    _, out = run("check", legal, "--output", "junit")
    assert ET.fromstring(out).find("testsuite/testcase/failure") is None


# CI consumers: schemas, GitHub's ingestion rules, hostile names (issue 13, issue 14 item 12) ----------------------

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"  # vendored; see tests/schemas/README.md
HOSTILE = "a, b: 50% 暁\x07"  # spaces, a comma, a colon, %, Japanese and a control character
BELL_CARD = {"number": "T-900", "name": "Bell\x07Knight, 50%: 暁", "type": "normal", "grade": 1, "clans": ["C"]}


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def scenario_cards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The card folder the scenarios need (VANGUARD_RECORDS and a card with a hostile name), one for the module:
    the tests only read it (the one that breaks it breaks a copy), so the database of the shipped Vanguard cards
    with it on top is validated once, not once per test."""
    import tomli_w
    from conftest import VANGUARD_RECORDS

    cards = tmp_path_factory.mktemp("scenario-cards")
    (cards / "vanguard").mkdir()
    records = {"game": "vanguard", "cards": VANGUARD_RECORDS}
    (cards / "vanguard" / "test.toml").write_text(tomli_w.dumps(records), encoding="utf-8")
    (cards / "vanguard" / "bell.toml").write_text(tomli_w.dumps({"cards": [BELL_CARD]}), encoding="utf-8")
    return cards


@pytest.fixture
def scenarios(scenario_cards, tmp_path, monkeypatch):
    """Folders of decks by kind (legal, illegal, malformed, hostile names) and the card folder they need; the decks
    in a work folder of the test's own (the working folder), outside any git repository."""
    from conftest import LEGAL_VANGUARD_TOML

    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    root = tmp_path / "work"
    root.mkdir()
    monkeypatch.chdir(root)
    legal = _write(root / "legal" / "deck.deck.toml", LEGAL_VANGUARD_TOML).parent
    illegal = LEGAL_VANGUARD_TOML.replace('"T-108" = 1\n', '"T-108" = 1\n"T-900" = 5\n"NO-SUCH" = 1\n')
    _write(root / "illegal" / "deck.deck.toml", illegal)
    _write(root / "illegal" / "deck.json", json.dumps({"game": "vanguard", "main": {"T-100": 9}}))
    _write(root / "malformed" / "broken.deck.toml", 'game = "vanguard"\n[main\n')
    _write(root / "malformed" / "lines.txt", "game: vanguard\n4 T-100\nnot a line\n4 T-101\nneither\n")
    _write(root / "malformed" / "dup.deck.json", '{"game": "vanguard",\n "main": {"T-100": 4,\n "T-100": 4}}\n')
    hostile_text = illegal.replace('name = "Test deck"', 'name = "evil\\u001b]0;pwned\\u0007"') + '"\\u0007x" = 1\n'
    _write(root / f"{HOSTILE} dir" / f"{HOSTILE}.deck.toml", hostile_text)
    _write(root / f"{HOSTILE} dir" / f"{HOSTILE} bad.deck.toml", 'game = "vanguard"\n[main]\n"a\\u0007" = \n')
    kinds = {"legal": [legal], "illegal": [root / "illegal"], "malformed": [root / "malformed"]}
    kinds["hostile"] = [root / f"{HOSTILE} dir"]
    kinds["all"] = [path for paths in kinds.values() for path in paths]
    return kinds, scenario_cards


KINDS = ("legal", "illegal", "malformed", "hostile", "all")


def _check(paths: list[Path], cards: Path, fmt: str) -> tuple[int, str]:
    return run("check", *paths, "--carddb", cards, "--output", fmt)


@pytest.mark.parametrize("kind", KINDS)
def test_sarif_is_valid_and_meets_github_code_scanning_rules(scenarios, kind):
    import jsonschema

    kinds, cards = scenarios
    code, out = _check(kinds[kind], cards, "sarif")
    assert code == {"legal": 0, "illegal": 1}.get(kind, 2)
    sarif = json.loads(out)
    schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(sarif)
    (only_run,) = sarif["runs"]
    assert only_run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == Path.cwd().as_uri() + "/"
    for rule in only_run["tool"]["driver"]["rules"]:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["help"]["text"] and rule["help"]["markdown"] and "helpUri" not in rule
    keys = []
    for result in only_run["results"]:
        location = result["locations"][0]["physicalLocation"]
        uri = location["artifactLocation"]["uri"]
        assert re.fullmatch(r"(?:[A-Za-z0-9\-._~!$&'()*+;=@/]|%[0-9A-F]{2})+", uri), uri  # RFC 3986, relative
        assert location["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert location["region"]["startLine"] >= 1
        assert result["partialFingerprints"]
        keys.append((uri, location["region"]["startLine"], result["ruleId"], result["message"]["text"]))
    assert keys == sorted(keys)
    if kind in ("illegal", "all"):
        uris = {sarif_path(only_run, r) for r in only_run["results"]}
        assert os.path.abspath("illegal/deck.deck.toml") in uris
    if kind in ("hostile", "all"):
        hostile = [
            r
            for r in only_run["results"]
            if "%E6%9A%81%07" in r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        ]
        assert hostile and all(sarif_path(only_run, r).startswith(os.path.abspath(f"{HOSTILE} dir")) for r in hostile)


def test_sarif_points_each_violation_at_its_entry(scenarios):
    kinds, cards = scenarios
    _, out = _check(kinds["illegal"], cards, "sarif")
    (only_run,) = json.loads(out)["runs"]
    lines = {
        (r["ruleId"], Path(sarif_path(only_run, r)).name): r["locations"][0]["physicalLocation"]["region"]["startLine"]
        for r in only_run["results"]
    }
    toml_lines = (Path("illegal") / "deck.deck.toml").read_text(encoding="utf-8").split("\n")
    assert toml_lines[lines[("deck.unknown-card", "deck.deck.toml")] - 1].startswith('"NO-SUCH"')
    assert toml_lines[lines[("vanguard.copies", "deck.deck.toml")] - 1].startswith('"T-900"')
    assert toml_lines[lines[("vanguard.main-size", "deck.deck.toml")] - 1] == "[main]"
    assert lines[("vanguard.copies", "deck.json")] == 1  # the JSON entry's line


def test_sarif_fingerprints_stay_when_unrelated_lines_move(scenarios):
    kinds, cards = scenarios
    deck = Path("illegal") / "deck.deck.toml"

    def findings() -> dict[str, tuple[str, int]]:
        (only_run,) = json.loads(_check([deck], cards, "sarif")[1])["runs"]
        return {
            r["partialFingerprints"]["deckcheckFinding/v1"]: (
                r["ruleId"],
                r["locations"][0]["physicalLocation"]["region"]["startLine"],
            )
            for r in only_run["results"]
        }

    before = findings()
    deck.write_text("# a comment\n\n# another\n" + deck.read_text(encoding="utf-8"), encoding="utf-8")
    after = findings()
    assert set(after) == set(before) and len(before) >= 3
    assert all(after[key] == (rule, line + 3) for key, (rule, line) in before.items())


@pytest.mark.parametrize("kind", KINDS)
def test_junit_is_well_formed_and_valid_against_the_jenkins_schema(scenarios, kind):
    import xmlschema

    kinds, cards = scenarios
    _, out = _check(kinds[kind], cards, "junit")
    schema = xmlschema.XMLSchema(str(SCHEMAS / "jenkins-xunit-junit-10.xsd"))
    schema.validate(out)  # also proves it is well-formed XML
    root = ET.fromstring(out)
    assert all(
        element.get("time") is not None
        for element in root.iter()
        if element.tag != "failure" and element.tag != "error"
    )
    if kind in ("hostile", "all"):
        text = ET.tostring(root, encoding="unicode")
        assert "\x07" not in text and "\x1b" not in text
        assert "Bell\\x07Knight" in text and f"{HOSTILE}".replace("\x07", "\\x07") in text


@pytest.mark.parametrize("kind", KINDS)
def test_github_annotations_parse_back_to_the_json(scenarios, kind):
    kinds, cards = scenarios
    _, json_out = _check(kinds[kind], cards, "json")
    _, out = _check(kinds[kind], cards, "github")
    data = json.loads(json_out)
    expected = {
        (escape_controls(d["path"]), v["rule"], v["severity"], escape_controls(v["message"]), v["line"])
        for d in data["decks"]
        for v in d["violations"]
    }
    assert github_findings(out) == expected
    # every problem of an unreadable file is an annotation on its own line of its file
    places = {(p["path"], p["line"]) for e in data.get("errors", []) for p in e.get("problems", [e])}
    annotations = {
        (props["file"], int(props["line"]) if "line" in props else None)
        for command, props, _ in filter(None, map(parse_workflow_command, out.splitlines()))
        if props.get("title") == "deckcheck" and command != "notice"  # (a notice: GitHub shows 10 of each kind)
    }
    assert annotations == {(escape_controls(path), line) for path, line in places}
    last = out.splitlines()[-1]
    assert re.match(rf"{data['summary']['decks']} decks? checked", last)


@pytest.mark.parametrize("fmt", ["text", "github", "junit"])
def test_control_characters_never_reach_the_output_raw(scenarios, fmt):
    kinds, cards = scenarios
    result = CliRunner().invoke(app, ["check", *map(str, kinds["hostile"]), "--carddb", str(cards), "-o", fmt])
    for stream in (result.stdout, result.stderr):
        assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", stream), stream
    assert "evil\\x1b]0;pwned\\x07" in result.stdout or fmt != "text"  # the deck name, escaped
    assert "\\x07" in result.stdout


def test_text_output_says_path_and_line(scenarios):
    kinds, cards = scenarios
    _, out = _check(kinds["illegal"], cards, "text")
    deck = os.path.join(str(kinds["illegal"][0]), "deck.deck.toml")
    line = (Path("illegal") / "deck.deck.toml").read_text(encoding="utf-8").split("\n").index('"NO-SUCH" = 1') + 1
    unknown = next(text for text in out.splitlines() if "deck.unknown-card" in text)
    assert unknown.strip().startswith(f"{deck}:{line}: error deck.unknown-card")


def test_one_deck_is_one_deck(scenarios):
    kinds, cards = scenarios
    _, text = _check(kinds["legal"], cards, "text")
    _, github = _check(kinds["legal"], cards, "github")
    assert text.splitlines()[-1] == "1 deck checked, 1 legal"
    assert github.splitlines()[-1] == "1 deck checked, 1 legal, 0 errors, 0 warnings"


@pytest.mark.parametrize("fmt", FORMATS)
def test_one_bad_file_never_stops_a_folder_check(scenarios, fmt):
    # issue 14 item 7: every readable deck is reported, in every format, and the exit code is 2
    kinds, cards = scenarios
    _, json_out = _check(kinds["all"], cards, "json")
    data = json.loads(json_out)
    readable = {deck["path"] for deck in data["decks"]}
    # malformed/lines.txt is partly unreadable (issue 25 item 3): a deck with its violations, and an error too
    assert len(readable) == 5 and len(data["errors"]) == 4
    assert any(path.endswith("lines.txt") for path in readable)
    code, out = _check(kinds["all"], cards, fmt)
    assert code == 2
    if fmt == "sarif":
        (only_run,) = json.loads(out)["runs"]
        reported = {sarif_path(only_run, r) for r in only_run["results"] if r["ruleId"] != "deckcheck.unreadable"}
        illegal = {os.path.abspath(d["path"]) for d in data["decks"] if not d["legal"]}
        assert reported == illegal
    elif fmt == "github":
        assert {f for f, *_ in github_findings(out)} == {
            escape_controls(d["path"]) for d in data["decks"] if not d["legal"]
        }
    elif fmt == "junit":
        names = {
            case.get("name") for case in ET.fromstring(out).iter("testcase") if case.get("classname") != "deckcheck"
        }
        assert names == {escape_controls(path) for path in readable}
    elif fmt == "json":
        assert {deck["path"] for deck in json.loads(out)["decks"]} == readable
    else:
        for path in readable:
            assert escape_controls(path) in out


def test_a_broken_card_database_points_at_the_card_file_and_record(scenarios):
    import jsonschema

    kinds, shared = scenarios
    cards = Path(shutil.copytree(shared, Path.cwd().parent / "cards"))  # a copy: the module's folder stays whole
    broken = cards / "vanguard" / "broken.toml"
    broken.write_text(
        '[[cards]]\nnumber = "B-1"\nname = "Fine"\ntype = "normal"\ngrade = 1\nclans = []\n\n'
        '[[cards]]\nnumber = "B-2"\nname = "Bad"\ntype = "normal"\ngrade = "high"\nclans = []\n',
        encoding="utf-8",
    )
    code, out = _check(kinds["legal"], cards, "sarif")
    assert code == 2
    sarif = json.loads(out)
    jsonschema.Draft4Validator(json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text("utf-8"))).validate(sarif)
    (only_run,) = sarif["runs"]
    (result,) = only_run["results"]
    assert sarif_path(only_run, result) == str(broken)  # outside the repository: an absolute file URI
    assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 8  # the second [[cards]]
    assert "field 'grade'" in result["message"]["text"]
    _, out = _check(kinds["legal"], cards, "github")
    (annotation,) = [parsed for parsed in map(parse_workflow_command, out.splitlines()) if parsed]
    assert annotation[1]["file"] == str(broken) and annotation[1]["line"] == "8"
    _, out = _check(kinds["legal"], cards, "json")
    (problem,) = json.loads(out)["errors"][0]["problems"]
    assert (problem["path"], problem["line"]) == (str(broken), 8)
    _, out = _check(kinds["legal"], cards, "junit")
    (case,) = [case for case in ET.fromstring(out).iter("testcase") if case.find("error") is not None]
    assert case.get("name") == str(broken)  # the card file, not a placeholder


def test_sarif_uris_are_relative_to_the_repository_root_from_a_subfolder(scenarios, monkeypatch):
    kinds, cards = scenarios
    (Path.cwd() / ".git").mkdir()  # the working folder is a repository's root
    root_uri = Path.cwd().as_uri() + "/"
    (Path.cwd() / "sub").mkdir()
    monkeypatch.chdir("sub")
    for given in ("../illegal/deck.deck.toml", str(kinds["illegal"][0] / "deck.deck.toml")):  # relative, absolute
        (only_run,) = json.loads(_check([Path(given)], cards, "sarif")[1])["runs"]
        assert only_run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == root_uri
        uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in only_run["results"]}
        assert uris == {"illegal/deck.deck.toml"}


def test_junit_paths_stay_on_one_line(scenarios):
    # a newline or tab in a file name is escaped as in the text output, so each failure line is still `path:line:`
    import xmlschema

    kinds, cards = scenarios
    odd = Path.cwd() / "odd" / "new\nline\t.deck.toml"
    _write(odd, (Path("illegal") / "deck.deck.toml").read_text(encoding="utf-8"))
    _, out = _check([odd.parent], cards, "junit")
    xmlschema.XMLSchema(str(SCHEMAS / "jenkins-xunit-junit-10.xsd")).validate(out)
    (case,) = ET.fromstring(out).iter("testcase")
    shown = escape_controls(str(odd))
    assert case.get("name") == shown and "\\x0a" in shown
    failures = case.find("failure").text.split("\n")
    assert len(failures) == int(case.find("failure").get("message").split()[0])
    assert all(re.match(rf"{re.escape(shown)}:\d+: error ", line) for line in failures)


def test_sarif_region_spans_an_entry_written_over_several_lines(scenarios):
    import jsonschema

    kinds, cards = scenarios
    toml = (Path("illegal") / "deck.deck.toml").read_text(encoding="utf-8")
    toml = toml.replace('"T-100" = 4\n', '"T-100" = [\n  4,\n]\n')  # a count that is an array: deck.bad-count
    _write(Path("spans") / "deck.deck.toml", toml)
    _write(Path("spans") / "deck.json", '{"game": "vanguard", "main": {\n "T-100":\n   9}}\n')  # vanguard.copies
    _, out = _check([Path("spans")], cards, "sarif")
    sarif = json.loads(out)
    jsonschema.Draft4Validator(json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text("utf-8"))).validate(sarif)
    regions = {
        (Path(sarif_path(only_run, r)).name, r["ruleId"]): r["locations"][0]["physicalLocation"]["region"]
        for only_run in sarif["runs"]
        for r in only_run["results"]
    }
    start = toml.split("\n").index('"T-100" = [') + 1
    assert regions[("deck.deck.toml", "deck.bad-count")] == {"startLine": start, "endLine": start + 2}
    assert regions[("deck.json", "vanguard.copies")] == {"startLine": 2, "endLine": 3}
    assert "endLine" not in regions[("deck.deck.toml", "deck.unknown-card")]  # one line: startLine only


# A partly unreadable decklist (issue 25 item 3): every unreadable line AND every violation of the readable lines ----

PARTLY = "game: vanguard\nname: Partly\n4 T-100\nnot a line\n9 T-101\n## g\n??\n"  # lines 4 and 7 unreadable


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif", "junit"])
def test_a_partly_unreadable_decklist_reports_its_lines_and_its_violations_in_every_format(scenarios, fmt):
    import jsonschema

    _, cards = scenarios
    path = _write(Path.cwd() / "partly" / "deck.txt", PARTLY)
    code, out = _check([path.parent], cards, fmt)
    assert code == 2  # partly unreadable: exit 2 whatever the violations
    json_code, json_out = _check([path.parent], cards, "json")
    data = json.loads(json_out)
    (deck,) = data["decks"]
    (error,) = data["errors"]
    assert json_code == 2 and deck["path"] == error["path"] == str(path)
    assert deck["unreadable_lines"] == [4, 7] and deck["legal"] is False
    assert [problem["line"] for problem in error["problems"]] == [4, 7]
    rules = {violation["rule"] for violation in deck["violations"]}
    assert {"vanguard.copies", "vanguard.main-size"} <= rules  # 9 × T-101 on line 5 is still judged
    copies = next(v for v in deck["violations"] if v["rule"] == "vanguard.copies")
    assert copies["line"] == 5
    if fmt == "text":
        assert f"{path}  vanguard “Partly”  [main 13, g 0]  partly unreadable (lines 4, 7)" in out
        assert f"{path}:5: error vanguard.copies" in out
    elif fmt == "github":
        assert f"::error file={path},line=5,title=vanguard.copies::" in out
        assert f"::error file={path},line=4,title=deckcheck::" in out
        assert f"::error file={path},line=7,title=deckcheck::" in out
    elif fmt == "sarif":
        sarif = json.loads(out)
        schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
        jsonschema.Draft4Validator(schema).validate(sarif)
        (only_run,) = sarif["runs"]
        found = {
            (r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in only_run["results"]
        }
        assert {("vanguard.copies", 5), ("deckcheck.unreadable", 4), ("deckcheck.unreadable", 7)} <= found
        assert only_run["invocations"][0]["executionSuccessful"] is False
    elif fmt == "junit":
        root = ET.fromstring(out)
        cases = [case for case in root.iter("testcase") if case.get("name") == str(path)]
        assert sorted(case.get("classname") for case in cases) == ["deckcheck", "vanguard"]
        deck_case = next(case for case in cases if case.get("classname") == "vanguard")
        failure = deck_case.find("failure")
        assert failure is not None and f"{path}:5: error vanguard.copies" in (failure.text or "")
        error_case = next(case for case in cases if case.get("classname") == "deckcheck")
        assert error_case.find("error") is not None
        assert root.get("errors") == "1" and root.get("failures") == "1"


def test_the_lines_not_read_come_first_under_the_heading_before_the_findings_they_distort(scenarios):
    """(issue 40: a heading not understood put 10 evolve cards in main, and its eight consequences came first)"""
    _, cards = scenarios
    path = _write(Path.cwd() / "partly" / "deck.txt", PARTLY)
    _code, out = _check([path.parent], cards, "text")
    lines = out.splitlines()
    start = next(index for index, line in enumerate(lines) if "partly unreadable (lines 4, 7)" in line)
    assert lines[start + 1].strip() == (
        f"{path}:4: error deckcheck.unreadable: not read: 'not a line'; the counts and findings below leave this "
        "line out"
    )
    assert lines[start + 2].strip().startswith(f"{path}:7: error deckcheck.unreadable: not read: '??'")
    assert f"{path}:5: error vanguard.copies" in "\n".join(lines[start + 3 :])  # the findings after them


def test_a_partly_unreadable_decklist_is_checked_alike_by_workers(scenarios, monkeypatch):
    from deckcheck.checking.run import check_paths

    _, cards = scenarios
    folder = Path.cwd() / "many"
    for index in range(6):
        _write(folder / f"d{index}.txt", PARTLY)
    alone, shared = check_paths([folder], [cards], jobs=1), check_paths([folder], [cards], jobs=2)
    assert [r.to_json() for r in alone.reports] == [r.to_json() for r in shared.reports]
    assert [str(e) for e in alone.errors] == [str(e) for e in shared.errors] and len(alone.errors) == 6
    assert all(report.unreadable_lines == [4, 7] for report in shared.reports)


def test_other_commands_still_refuse_a_partly_unreadable_decklist(scenarios):
    _, cards = scenarios
    path = _write(Path.cwd() / "partly" / "deck.txt", PARTLY)
    code, out = run("show", path, "--carddb", cards)
    assert code == 2 and out == ""


# ---- a violation line says each fact once --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "ref", "line", "said"),
    [
        (
            "It has 12 cards; it must have exactly 50 (5.2.2.1).",
            "5.2.2.1",
            5,
            "It has 12 cards; it must have exactly 50.",
        ),
        ("at most 4 (5.2.2.4, corrected: its text says X).", "5.2.2.4", 7, "at most 4 (corrected: its text says X)."),
        ("It has 39 (6.1.1.2: 40 to 50 cards).", "6.1.1.2", 3, "It has 39 (40 to 50 cards)."),
        ("no grade-0 unit (5.4.3; chapter 5 has none).", "5.4.3", 4, "no grade-0 unit (chapter 5 has none)."),
        ("at most 3 of one number (5-1-3-1, 2-16-2-1).", "5-1-3-1", 4, "at most 3 of one number (also 2-16-2-1)."),
        ("or tokens (6.1.1.2): a leader belongs there.", "6.1.1.2", 9, "or tokens: a leader belongs there."),
        ("'X' on line 8 is not a card number", None, 8, "'X' is not a card number"),
        ("'X' (line 8) is not a card number", None, 8, "'X' is not a card number"),
        ("40枚以上必要です（6.1.1.2：40〜50枚）。", "6.1.1.2", 3, "40枚以上必要です（40〜50枚）。"),
        ("4枚までです（5.2.2.4）。", "5.2.2.4", 3, "4枚までです。"),
        ("選べません（5.4.3。第5章にはありません）。", "5.4.3", 4, "選べません（第5章にはありません）。"),
        # in Japanese a number before a blank is the sentence's object: kept whole
        (
            "4枚までです（5.2.2.4 を訂正して適用：原文の「トリガーを持つカード」では矛盾するため）。",
            "5.2.2.4",
            3,
            "4枚までです（5.2.2.4 を訂正して適用：原文の「トリガーを持つカード」では矛盾するため）。",
        ),
    ],
)
def test_a_message_does_not_repeat_the_prefix(message, ref, line, said):
    from deckcheck.checking.output import said_once

    assert said_once(message, ref, line) == said


@pytest.mark.parametrize(
    ("message", "ref", "line"),
    [
        ("'X' on line 18 is not a card number", None, 8),  # another line is news
        ("'X' on line 8 and 'Y' on line 80", None, 80),
        ("exactly 50 (5.2.2.10).", "5.2.2.1", None),  # another rule number
        ("the 16 triggers of 5.2.2.3 apply", "5.2.2.3", None),  # a number in the sentence, not a parenthesis
    ],
)
def test_other_lines_and_rule_numbers_stay(message, ref, line):
    from deckcheck.checking.output import said_once

    kept = said_once(message, ref, line)
    assert "18" in kept if line == 8 else True
    assert "5.2.2.10" in kept if ref == "5.2.2.1" else True
    assert "5.2.2.3" in kept if ref == "5.2.2.3" else True
    if line == 80:
        assert kept == "'X' on line 8 and 'Y'"


def test_violation_lines_carry_neither_the_rule_number_nor_the_line_twice():
    from deckcheck.checking.output import violation_line
    from deckcheck.model.violation import Violation

    v = Violation("vanguard.main-size", "error", "main", "It has 12 cards; it must have 50 (5.2.2.1).", "5.2.2.1")
    v.line = 5
    assert violation_line(v, lambda text, **_: text, "a.txt").endswith("[5.2.2.1]: It has 12 cards; it must have 50.")
    unknown = Violation("deck.unknown-card", "error", "main", "'X' on line 5 is not a card", None)
    unknown.line = 5
    assert (
        violation_line(unknown, lambda text, **_: text, "a.txt")
        == "  a.txt:5: error deck.unknown-card (main): 'X' is not a card"
    )
    # without a path (show) the line is not in the prefix: the message keeps it
    assert "on line 5" in violation_line(unknown, lambda text, **_: text)


# Japanese (issue 29): the machine outputs keep every key, id, level, structure and exit code; only the texts for
# people follow the language -----------------------------------------------------------------------------------------


def _check_in(tag: str, paths: list[Path], cards: Path, fmt: str) -> tuple[int, str]:
    """`check` in-process, speaking `tag` (English again after it)."""
    from deckcheck.cli import language

    language.speak(tag)
    try:
        return _check(paths, cards, fmt)
    finally:
        language.speak("en")


#: JSON and SARIF keys whose values are texts for people (a SARIF `message` is an object: its `text`).
_TEXT_KEYS = {"message", "note", "text", "markdown"}
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _structure(value: object) -> object:
    """`value` with every text for people replaced by one placeholder; the texts, in order, appended to _texts."""
    if isinstance(value, dict):
        return {
            key: "<text>"
            if key in _TEXT_KEYS and isinstance(item, str)
            else ["<text>"] * len(item)
            if key == "notes"  # the run's notes, said in the language
            else _structure(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_structure(item) for item in value]
    return value


def _texts(value: object) -> list[str]:
    if isinstance(value, dict):
        return [
            text
            for key, item in value.items()
            for text in (
                [item] if key in _TEXT_KEYS and isinstance(item, str) else item if key == "notes" else _texts(item)
            )
        ]
    if isinstance(value, list):
        return [text for item in value for text in _texts(item)]
    return []


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_json_and_sarif_in_japanese_differ_from_english_only_in_their_texts(scenarios, fmt):
    kinds, cards = scenarios
    code_en, english = _check_in("en", kinds["all"], cards, fmt)
    code_ja, japanese = _check_in("ja", kinds["all"], cards, fmt)
    assert code_en == code_ja == 2
    english_data, japanese_data = json.loads(english), json.loads(japanese)
    # keys, rule ids, levels, lines, counts, cards, refs, fingerprints, locations: all the same
    assert _structure(japanese_data) == _structure(english_data)
    english_texts, japanese_texts = _texts(english_data), _texts(japanese_data)
    assert len(english_texts) == len(japanese_texts) > 10
    translated = [ja for en, ja in zip(english_texts, japanese_texts, strict=True) if en != ja]
    assert len(translated) >= 5  # (unknown cards, unreadable files, rule descriptions ...: each game's own too)
    assert all(_JAPANESE.search(text) for text in translated)  # every text that changed is Japanese


def test_json_messages_in_japanese_say_the_findings_of_this_area(scenarios):
    kinds, cards = scenarios
    _, out = _check_in("ja", kinds["all"], cards, "json")
    data = json.loads(out)
    messages = [v["message"] for deck in data["decks"] for v in deck["violations"]]
    unknown = [m for m in messages if "NO-SUCH" in m]
    assert unknown and all("のカードデータベースにあるカード番号でもカード名でもありません。" in m for m in unknown)
    assert any("（" in m and "行目）" in m for m in unknown)  # the line, said in Japanese
    errors = [error["message"] for error in data["errors"]]
    assert any("キー 'T-100' が重複しています（最初は2行目）" in error for error in errors)
    assert data["summary"] == json.loads(_check_in("en", kinds["all"], cards, "json")[1])["summary"]


def test_junit_in_japanese_differs_from_english_only_in_its_texts(scenarios):
    kinds, cards = scenarios
    english = ET.fromstring(_check_in("en", kinds["all"], cards, "junit")[1])
    japanese = ET.fromstring(_check_in("ja", kinds["all"], cards, "junit")[1])

    def shape(root: ET.Element) -> list[tuple[str, dict[str, str]]]:
        return [
            (
                element.tag,
                {
                    k: v
                    for k, v in element.attrib.items()
                    if k != "time" and not (element.tag in ("failure", "error") and k == "message")
                },
            )
            for element in root.iter()
        ]

    assert shape(japanese) == shape(english)  # suites, cases, names, counts, types (times are measured)
    failures = [element for element in japanese.iter() if element.tag == "failure"]
    assert failures and all(re.fullmatch(r"違反\d+件", f.get("message", "")) for f in failures)
    assert all(" エラー " in (f.text or "") or " 警告 " in (f.text or "") for f in failures)


def test_github_annotations_in_japanese_keep_their_commands_and_properties(scenarios):
    kinds, cards = scenarios
    english = _check_in("en", kinds["all"], cards, "github")[1].splitlines()
    japanese = _check_in("ja", kinds["all"], cards, "github")[1].splitlines()
    assert len(japanese) == len(english)
    for en, ja in zip(english[:-1], japanese[:-1], strict=True):
        parsed_en, parsed_ja = parse_workflow_command(en), parse_workflow_command(ja)
        assert parsed_en is not None and parsed_ja is not None
        assert parsed_ja[:2] == parsed_en[:2]  # ::error / ::warning, file, line, title (the rule id)
    assert re.fullmatch(
        r"\d+個のデッキをチェックしました。適正：\d+個、エラー\d+件、警告\d+件、チェックできなかったファイル：\d+個",
        japanese[-1],
    )


@pytest.mark.parametrize("kind", KINDS)
def test_sarif_in_japanese_is_valid_too(scenarios, kind):
    import jsonschema

    kinds, cards = scenarios
    _, out = _check_in("ja", kinds[kind], cards, "sarif")
    sarif = json.loads(out)
    jsonschema.Draft4Validator(json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))).validate(
        sarif
    )
    for rule in sarif["runs"][0]["tool"]["driver"]["rules"]:
        assert _JAPANESE.search(rule["shortDescription"]["text"]) and _JAPANESE.search(rule["help"]["text"])


@pytest.mark.parametrize("kind", KINDS)
def test_junit_in_japanese_is_valid_against_the_jenkins_schema_too(scenarios, kind):
    import xmlschema

    kinds, cards = scenarios
    _, out = _check_in("ja", kinds[kind], cards, "junit")
    xmlschema.XMLSchema(str(SCHEMAS / "jenkins-xunit-junit-10.xsd")).validate(out)


def test_sarif_fingerprints_do_not_depend_on_the_language(scenarios):
    kinds, cards = scenarios

    def fingerprints(tag: str) -> list[str]:
        (only_run,) = json.loads(_check_in(tag, kinds["all"], cards, "sarif")[1])["runs"]
        return [r["partialFingerprints"]["deckcheckFinding/v1"] for r in only_run["results"]]

    english = fingerprints("en")
    assert english == fingerprints("ja") and len(set(english)) == len(english) > 3


def test_the_summary_line_reads_naturally_in_japanese(scenarios):
    kinds, cards = scenarios
    _, legal = _check_in("ja", kinds["legal"], cards, "text")
    assert legal.splitlines()[-1] == "1個のデッキをチェックしました。適正：1個"
    assert legal.splitlines()[0].endswith("  適正")
    _, every = _check_in("ja", kinds["all"], cards, "text")
    assert re.fullmatch(
        r"\d+個のデッキをチェックしました。適正：1個（エラー\d+件、警告0件）、チェックできなかったファイル：\d+個",
        every.splitlines()[-1],
    )
    assert "  不適正" in every and "一部読めません（" in every
    assert re.search(
        r":\d+: エラー deck\.unknown-card \(main\): 'NO-SUCH'は", every
    )  # the line said once, in the prefix


@pytest.mark.parametrize(
    ("message", "ref", "line", "said"),
    [
        (
            "メインデッキは12枚です。ちょうど50枚必要です（5.2.2.1）。",
            "5.2.2.1",
            5,
            "メインデッキは12枚です。ちょうど50枚必要です。",
        ),
        ("メインデッキは39枚です（6.1.1.2：40〜50枚）。", "6.1.1.2", 3, "メインデッキは39枚です（40〜50枚）。"),
        ("同じカード番号は3枚まで（5-1-3-1、2-16-2-1）。", "5-1-3-1", 4, "同じカード番号は3枚まで（関連：2-16-2-1）。"),
        (
            "'X'（8行目）は、カード番号でもカード名でもありません。",
            None,
            8,
            "'X'は、カード番号でもカード名でもありません。",
        ),
        (
            "'X'（18行目）は、カード番号でもカード名でもありません。",
            None,
            8,
            "'X'（18行目）は、カード番号でもカード名でもありません。",
        ),
    ],
)
def test_a_japanese_message_does_not_repeat_the_prefix(japanese, message, ref, line, said):
    from deckcheck.checking.output import said_once

    assert said_once(message, ref, line) == said
