"""The judging options are declared once (deckcheck.cli.options.judged, issue 37): every verdict command takes the
same five, in the same place, and `hand` and `stats` the two that choose the setup; the body gets one Judging."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from deckcheck.cli import options
from deckcheck.cli.app import app

VERDICT = ["--regulation", "--as-of", "--no-regulation", "--rules", "--format"]


def _options_of(name: str) -> list[str]:
    group = typer.main.get_command(app)
    command = group.commands[name]  # type: ignore[attr-defined]
    return [flag for param in command.params for flag in param.opts if flag.startswith("--")]


def test_every_verdict_command_takes_the_judging_options_in_one_place():
    for name in ("check", "show", "add", "remove", "set", "convert"):
        flags = _options_of(name)
        start = flags.index("--regulation")
        assert flags[start : start + 5] == VERDICT, name
        assert flags[start + 5] == "--carddb", name  # and the card databases right after, as before
    for name in ("hand", "stats"):
        flags = _options_of(name)
        assert "--regulation" not in flags and "--as-of" not in flags
        assert flags[flags.index("--rules") : flags.index("--rules") + 2] == ["--rules", "--format"]


def test_the_body_gets_one_judging_built_from_the_options():
    seen = []

    @options.judged()
    def body(path: str, judging: object = options.JUDGED) -> None:
        seen.append(judging)

    little = typer.Typer()
    little.command()(body)
    little.command("other")(lambda: None)
    result = CliRunner().invoke(little, ["body", "x", "--as-of", "2026-01-30", "--rules", "1.24.1"])
    assert result.exit_code == 0, result.output
    (judging,) = seen
    assert (str(judging.as_of), judging.rules, judging.regulation, judging.no_regulation) == (
        "2026-01-30",
        "1.24.1",
        None,
        False,
    )


def test_a_conflict_of_judging_options_is_exit_2_in_every_verdict_command(tmp_path):
    deck = tmp_path / "d.deck.toml"
    deck.write_text('game = "vanguard"\n[main]\n"G-TD02/014" = 1\n', encoding="utf-8")
    for argv in (["check"], ["show"], ["add", "G-TD02/014"], ["set", "name", "x"]):
        command, *rest = argv
        result = CliRunner().invoke(app, [command, str(deck), *rest, "--no-regulation", "--as-of", "2026-01-01"])
        assert result.exit_code == 2 and "Traceback" not in result.output, (argv, result.output)
