"""The line-level deck editor's TOML scanner: where comments are (a `#` outside every kind of string)."""

from __future__ import annotations

import tomllib

import pytest

from deckcheck.formats.edit import comment_lines


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('a = "x" # c\n', 1),
        ("a = \"#\"\nb = '#'\n", None),
        ('a = """\n# not a comment\n"""\n# yes\n', 4),
        ("a = '''\n#\n'''\n", None),
        ('a = """x\\\n# still text"""\n', None),
        ('a = """x""""\nb = 1 # c\n', 2),
        ('a = "\\"#"\n', None),
        ('["#"]\nx = 1\n', None),
        ('a = """x""""  # c\n', 1),
    ],
)
def test_toml_comment_lines(text: str, line: int | None) -> None:
    tomllib.loads(text)  # every case is valid TOML
    assert next(iter(comment_lines(text, "toml")), None) == line
