"""action.yml, the composite GitHub Action (issue 42), run as the Actions runner runs it: each `run:` step's script in
`bash --noprofile --norc -eo pipefail` with the step's `env` and `working-directory` (their `${{ ... }}` expressions
filled in from the inputs, the defaults and earlier steps' outputs), the runner's variables (GITHUB_WORKSPACE,
GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_ACTION_PATH, RUNNER_TEMP, RUNNER_OS) set, from a subfolder of the
workspace. The `uses:` steps are the runner's own actions: actions/setup-python stands here as this test's Python
(its `python-path` output), actions/cache is not run (its path is checked to be the cache folder deckcheck fills).
The install step (`pip install "$GITHUB_ACTION_PATH"`) is skipped: deckcheck is already installed in the test
environment, and this checkout is put first on PYTHONPATH, so the step's deckcheck is the one under test."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml  # the test extra's pyyaml: the action is read as the runner reads YAML

ROOT = Path(__file__).resolve().parent.parent
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
DECK = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"
SCHEMAS = ROOT / "tests" / "schemas"
_EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def steps() -> list[dict]:
    return ACTION["runs"]["steps"]


def evaluate(text: str, context: dict[str, dict]) -> str:
    """`text` with every `${{ inputs.x }}` and `${{ steps.id.outputs.x }}` filled in, as the runner does; any other
    expression is a test failure (the runner's other contexts are not emulated here)."""

    def value(match: re.Match[str]) -> str:
        expression = match[1]
        if found := re.fullmatch(r"inputs\.([\w-]+)", expression):
            return context["inputs"][found[1]]
        if found := re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expression):
            return context["steps"].get(found[1], {}).get(found[2], "")  # the runner: an unset output is ''
        raise AssertionError(f"an expression this test does not emulate: {expression}")

    return _EXPRESSION.sub(value, str(text))


def read_outputs(path: Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    return dict(line.split("=", 1) for line in text.splitlines() if line)


class Runner:
    """The runner's side of a job: a workspace, a step summary, a temporary folder; `run(**inputs)` runs the action's
    steps and returns (the check step's exit code, its stdout, its stderr, the action's outputs)."""

    def __init__(self, root: Path) -> None:
        self.workspace = root / "workspace"
        self.temp = root / "runner-temp"
        self.summary = root / "step-summary.md"
        self.workspace.mkdir()
        self.temp.mkdir()
        (self.workspace / ".git").mkdir()  # a checkout: code scanning's paths start at its root

    def run(self, **given: str) -> tuple[int, str, str, dict[str, str]]:
        inputs = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
        unknown = set(given) - set(inputs)
        assert not unknown, f"not inputs of the action: {unknown}"
        inputs.update(given)
        context: dict[str, dict] = {"inputs": inputs, "steps": {}}
        base = {key: value for key, value in os.environ.items() if not key.startswith(("GITHUB_", "INPUT_", "RUNNER_"))}
        base.pop("DECKCHECK_CACHE_DIR", None)
        base |= {
            "GITHUB_WORKSPACE": str(self.workspace),
            "GITHUB_STEP_SUMMARY": str(self.summary),
            "GITHUB_ACTION_PATH": str(ROOT),
            "GITHUB_ACTIONS": "true",
            "RUNNER_TEMP": str(self.temp),
            "RUNNER_OS": "Linux",
            "PYTHONPATH": str(ROOT),  # the deckcheck under test (the skipped install step would install it)
        }
        result: tuple[int, str, str] | None = None
        for index, step in enumerate(steps()):
            uses = step.get("uses", "")
            if uses.startswith("actions/setup-python@"):
                assert step["with"]["update-environment"] is False  # the job's own Python is left alone
                context["steps"][step["id"]] = {"python-path": sys.executable}
                continue
            if uses.startswith("actions/cache@"):
                self.cache_path = evaluate(step["with"]["path"], context)
                continue
            assert not uses, f"a step this test does not emulate: {uses}"
            if step["name"] == "Install deckcheck":
                assert '-m pip install --quiet --disable-pip-version-check "$GITHUB_ACTION_PATH"' in step["run"]
                continue
            assert step["shell"] == "bash"
            output = self.temp / f"output-{index}"
            env = base | {key: evaluate(value, context) for key, value in step.get("env", {}).items()}
            env["GITHUB_OUTPUT"] = str(output)
            script = self.temp / f"step-{index}.sh"
            script.write_text(evaluate(step["run"], context), encoding="utf-8")
            assert "${{" not in script.read_text(encoding="utf-8")
            folder = self.workspace / evaluate(step.get("working-directory", "."), context)
            done = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                cwd=folder,
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
            )
            if "id" in step:
                context["steps"][step["id"]] = read_outputs(output)
            if step.get("id") == "check":
                result = (done.returncode, done.stdout, done.stderr)
            else:
                assert done.returncode == 0, done.stderr
        assert result is not None, "the action has no check step"
        self.steps = context["steps"]
        outputs = {name: evaluate(spec["value"], context) for name, spec in ACTION["outputs"].items()}
        return (*result, outputs)


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    job = Runner(tmp_path)
    decks = job.workspace / "decks" / "vanguard"
    decks.mkdir(parents=True)
    shutil.copy(DECK, decks / "legal.deck.toml")
    text = DECK.read_text(encoding="utf-8").replace("[main]\n", '[main]\n"NO-SUCH-CARD" = 2\n', 1)
    (decks / "illegal.deck.toml").write_text(text, encoding="utf-8")
    job.summary.write_text("## an earlier step's summary\n", encoding="utf-8")
    return job


def annotations(stdout: str) -> list[tuple[str, dict[str, str]]]:
    found = []
    for line in stdout.splitlines():
        if match := re.match(r"::(error|warning|notice)( [^:]*)?::", line):
            props = dict(pair.split("=", 1) for pair in filter(None, (match[2] or "").strip().split(",")))
            found.append((match[1], props))
    return found


def test_the_action_declares_what_its_steps_use():
    text = (ROOT / "action.yml").read_text(encoding="utf-8")
    used = set(re.findall(r"inputs\.([\w-]+)", text))
    assert used <= set(ACTION["inputs"]), used - set(ACTION["inputs"])
    assert ACTION["runs"]["using"] == "composite"
    ids = {step.get("id") for step in steps()}
    assert set(re.findall(r"steps\.([\w-]+)\.outputs", text)) <= ids
    checks = [step for step in steps() if "-m deckcheck" in step.get("run", "")]
    assert len(checks) == 1 and checks[0]["run"].count("-m deckcheck") == 1  # one check run, every output in it
    for step in steps():
        assert "${{" not in step.get("run", ""), "inputs reach a script through env, never pasted into it"


def test_one_run_from_a_subfolder_writes_annotations_on_real_files_sarif_and_the_summary(runner):
    import jsonschema

    code, stdout, stderr, outputs = runner.run(**{"working-directory": "decks", "paths": "vanguard"})
    assert code == 1, stderr  # the illegal deck: deckcheck's exit code is the step's
    assert outputs["exit-code"] == "1"
    found = [props for kind, props in annotations(stdout) if kind == "error"]
    assert found and {props["file"] for props in found} == {"decks/vanguard/illegal.deck.toml"}
    assert all((runner.workspace / props["file"]).is_file() for props in found)  # where the runner looks
    sarif_path = Path(outputs["sarif-file"])
    assert sarif_path == runner.workspace / "deckcheck.sarif"  # the default, at the repository root
    sarif = json.loads(sarif_path.read_text(encoding="utf-8"))
    schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(sarif)
    (run,) = sarif["runs"]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == runner.workspace.as_uri() + "/"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
    assert uris == {"decks/vanguard/illegal.deck.toml"}
    summary = runner.summary.read_text(encoding="utf-8")
    assert summary.startswith("## an earlier step's summary\n## deckcheck: deck check\n")  # appended
    assert "| decks/vanguard/illegal.deck.toml |" in summary
    assert list(Path(runner.cache_path).glob("vanguard-*.carddb"))  # the folder actions/cache keeps is deckcheck's
    assert Path(runner.cache_path) == runner.temp / "deckcheck-cache"
    # the cache's key: deckcheck's version and a hash of its code and shipped card databases
    from deckcheck import __version__

    assert re.fullmatch(rf"deckcheck-Linux-{re.escape(__version__)}-[0-9a-f]{{20}}-", runner.steps["key"]["prefix"])


def test_the_inputs_reach_deckcheck(runner):
    (runner.workspace / "decks" / "vanguard" / "illegal.deck.toml").unlink()
    code, stdout, _, outputs = runner.run(
        **{
            "paths": "decks",
            "as-of": "2019-01-01",
            "lang": "ja",
            "sarif-file": "",
            "junit-file": "junit.xml",
            "args": "--no-regulation",
        }
    )
    assert code == 2 and outputs["exit-code"] == "2"  # --as-of with --no-regulation: a bad command line
    assert outputs["sarif-file"] == "" and not (runner.workspace / "deckcheck.sarif").exists()
    code, stdout, _, outputs = runner.run(
        **{"paths": "decks", "as-of": "2019-01-01", "lang": "ja", "junit-file": "junit.xml", "fail-on": "warning"}
    )
    assert code == 0 and outputs["exit-code"] == "0"
    notices = [line for line in stdout.splitlines() if line.startswith("::notice::")]
    assert notices and "--as-of 2019-01-01：vanguard のレギュレーション" in notices[0]  # --as-of and --lang ja
    assert (runner.workspace / "junit.xml").read_text(encoding="utf-8").startswith("<?xml")
    assert runner.summary.read_text(encoding="utf-8").count("## deckcheck：デッキのチェック") == 1


def test_paths_and_args_on_several_lines_are_each_a_word_and_never_globbed(runner):
    (runner.workspace / "other").mkdir()
    shutil.copy(DECK, runner.workspace / "other" / "*.deck.toml")  # a name a shell would glob
    code, stdout, _, _ = runner.run(
        paths="decks/vanguard/legal.deck.toml\nother/*.deck.toml\n", args="--as-of\n2019-01-01"
    )
    assert code == 0
    assert stdout.splitlines()[-1].startswith("2 decks checked, 2 legal")
    assert any(line.startswith("::notice::--as-of 2019-01-01: ") for line in stdout.splitlines())


def test_no_summary_when_asked_for_none(runner):
    code, _, _, _ = runner.run(paths="decks", summary="false")
    assert code == 1
    assert runner.summary.read_text(encoding="utf-8") == "## an earlier step's summary\n"
