"""Command-line values converted without pydantic (deckcheck.clitypes): the same values and usage errors."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from deckcheck.cli import clitypes
from deckcheck.cli.options import OutputFormat


class Descriptor:
    """What Typer hands to its runtime-parameter builder: an annotation and the option's settings."""

    def __init__(self, annotation, **settings) -> None:
        self.annotation = annotation
        self.file_annotation = None
        self.parameter_info = SimpleNamespace(**{"case_sensitive": True, "clamp": False, **settings})


@pytest.mark.parametrize(
    ("annotation", "given", "expected"),
    [
        (str, "x", "x"),
        (Path, "a/b.toml", Path("a/b.toml")),
        (int, "42", 42),
        (int, " -3 ", -3),
        (bool, "true", True),
        (bool, False, False),
        (OutputFormat, "json", OutputFormat.json),
        (OutputFormat, OutputFormat.sarif, OutputFormat.sarif),  # a default arrives as the member
        (int | None, "7", 7),
        (float | None, "0.001", 0.001),
        (float, " 1e-3 ", 0.001),
        (float, 2, 2.0),
        (list[Path] | None, "d", Path("d")),
    ],
)
def test_plain_values_convert(annotation, given, expected):
    convert = clitypes.plain_converter(Descriptor(annotation))
    assert convert is not None and convert(given) == expected


@pytest.mark.parametrize(
    ("annotation", "given", "message"),
    [
        (int, "x", "'x' is not a whole number"),
        (int, "1.5", "'1.5' is not a whole number"),
        (float, "abc", "'abc' is not a number"),
        (int, "9" * 5000, r"^'9{200}'… \(5,000 characters\) is not a whole number$"),  # not printed whole
        (float, True, "True is not a number"),
        (bool, "maybe", "'maybe' is not true or false"),
        (OutputFormat, "bogus", "'bogus' is not one of 'text', 'json', 'github', 'sarif', 'junit'"),
    ],
)
def test_bad_values_say_what_is_expected(annotation, given, message):
    convert = clitypes.plain_converter(Descriptor(annotation))
    with pytest.raises(clitypes.ConversionError, match=message):
        convert(given)


@pytest.mark.parametrize(
    ("annotation", "settings"),
    [
        (str, {"parser": str.upper}),
        (int, {"min": 1, "clamp": True}),
        (str, {"min": 1}),
        (dict, {}),
        (str, {"clamp": True}),
    ],
)
def test_anything_else_keeps_typers_own_conversion(annotation, settings):
    assert clitypes.plain_converter(Descriptor(annotation, **settings)) is None


@pytest.mark.parametrize(
    ("annotation", "settings", "given", "result"),
    [
        (int, {"min": 1}, "1", 1),
        (int, {"min": 1}, "0", "0 is less than the minimum of 1"),
        (int, {"max": 9}, "9", 9),
        (int, {"max": 9}, "10", "10 is more than the maximum of 9"),
        (int, {"min": 1, "max": 9}, "x", "'x' is not a whole number"),
        (float, {"min": 0.5}, "0.25", "0.25 is less than the minimum of 0.5"),
    ],
)
def test_numbers_within_bounds(annotation, settings, given, result):
    convert = clitypes.plain_converter(Descriptor(annotation, **settings))
    assert convert is not None
    if isinstance(result, str):
        with pytest.raises(clitypes.ConversionError, match=result):
            convert(given)
    else:
        assert convert(given) == result


def test_usage_errors_through_the_command_line(run_cli, tmp_path):
    code, _, err = run_cli("check", tmp_path, "--output", "bogus")
    assert code == 2 and "Invalid value for '--output' / '-o': 'bogus' is not one of 'text', 'json'" in err
    code, _, err = run_cli("hand", tmp_path / "d.txt", "--count", "many")
    assert code == 2 and "Invalid value for '--count': 'many' is not a whole number" in err
    code, _, err = run_cli("add", tmp_path / "d.txt", "X", "--count", "0")  # a range: Typer's own check
    assert code == 2 and "--count" in err


def test_install_is_idempotent_and_replaces_typers_builder():
    from typer import core

    clitypes.install()
    builder = core.build_runtime_param
    clitypes.install()
    assert core.build_runtime_param is builder
