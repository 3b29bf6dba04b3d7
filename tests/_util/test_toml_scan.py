"""deckcheck._util.toml_scan: where a TOML error stands, and the parser's reason in the chosen language."""

from __future__ import annotations

import re

import pytest
import tomli


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a = \n", "値が正しくありません（5列目）"),
        ("a = [1, 2\n", "配列が閉じていません"),
        ("a = 1\na = 2\n", "値を上書きすることはできません"),
        ('a = "x\n', "使えない文字 '\\n' があります"),
        ("[t\n", "テーブルの宣言の終わりに ']' が必要です"),
    ],
)
def test_the_toml_parser_s_reason_in_japanese(japanese, text, said):
    from deckcheck._util.toml_scan import toml_error_position

    with pytest.raises(tomli.TOMLDecodeError) as error:
        tomli.loads(text)
    reason, line = toml_error_position(error.value)
    assert said in reason
    assert not re.search(r"[A-Za-z]{3}", reason)


def test_the_toml_parser_s_reason_stays_as_written_in_english():
    from deckcheck._util.toml_scan import toml_error_position

    with pytest.raises(tomli.TOMLDecodeError) as error:
        tomli.loads("a = \n")
    assert toml_error_position(error.value) == ("Invalid value (column 5)", 1)
    with pytest.raises(tomli.TOMLDecodeError) as error:
        tomli.loads("a = [1, 2\n")
    assert toml_error_position(error.value) == ("Unclosed array (at end of document)", None)
