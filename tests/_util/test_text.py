"""deckcheck._util.text: wrapping and tables by terminal width (a Japanese character takes two columns)."""

from __future__ import annotations

import io

import pytest

from deckcheck._util import text
from deckcheck._util.text import DEFAULT_COLUMNS, display_width, fit_line, fit_table, output_columns, wrap_width


@pytest.mark.parametrize("width", [10, 14, 20, 36])
def test_wrapped_lines_fit_and_keep_every_word_whole(width):
    sentence = "an Ace titled 紅蓮|覇王 by own turn 1 ride chain complete (grade 1, 2, 3)"
    lines = wrap_width(sentence, width)
    assert all(display_width(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == sentence.replace(" ", "")
    latin = {word for word in sentence.split() if word.isascii()}
    assert latin <= {word for line in lines for word in line.split()}  # no Latin word is cut


def test_japanese_breaks_between_characters_and_wide_ones_count_two():
    assert wrap_width("ヴァンガード/ロイヤルパラディン", 14) == ["ヴァンガード/", "ロイヤルパラ", "ディン"]
    assert wrap_width("騎士王の威光", 10) == ["騎士王の威", "光"]


def test_no_line_starts_with_a_closing_mark_or_small_kana():
    lines = wrap_width("「サヴァス」、ショット", 10)
    assert not any(line[:1] in "」、ョッ" for line in lines)


def test_a_word_wider_than_the_line_stays_whole():
    assert wrap_width("supercalifragilistic is long", 10) == ["supercalifragilistic", "is long"]


def test_a_name_can_be_kept_whole_between_spaces():
    assert wrap_width("アクアフォース 「サヴァス」", 16, between_wide=False) == ["アクアフォース", "「サヴァス」"]


def test_fit_line_continues_under_the_last_column():
    line = "  evolve.leader        error   [6.1.1.1 「リーダーカードは 1 枚のみ用意します」; sealed B-1 6.1.1.2]"
    first, *rest = fit_line(line, 60)
    column = first.index("[")
    assert rest and all(part[:column].strip() == "" and part[column] != " " for part in rest)
    assert all(display_width(part) <= 60 for part in [first, *rest])
    assert fit_line("short", 80) == ["short"]
    assert fit_line("no indent " * 12, 40)[1].startswith("  no")  # a line without columns hangs by 2


def test_fit_table_narrows_the_widest_column_and_keeps_rows_aligned():
    headers = ["number", "name", "clans"]
    rows = [
        ["BT01/001", "騎士王 アルフレッド 騎士王 アルフレッド", "ロイヤルパラディン"],
        ["BT01/004", "x", "かげろう"],
    ]
    lines = fit_table(headers, rows, 40)
    assert all(display_width(line) <= 40 for line in lines)
    clans_at = display_width(lines[0][: lines[0].index("clans")])
    for line in lines[2:]:  # every cell starts under its header
        if "ロイヤル" in line or "かげろう" in line:
            start = next(i for i, c in enumerate(line) if c in "ロか")
            assert display_width(line[:start]) == clans_at
    assert any(line.startswith("BT01/001") for line in lines) and sum(line.startswith("BT01/") for line in lines) == 2


def test_fit_table_never_cuts_a_word_to_fit():
    lines = fit_table(["symbols"], [["blade-of-light"]], 8)
    assert "blade-of-light" in lines[2]


def test_output_columns_are_80_when_piped_and_the_terminal_width_on_a_terminal(monkeypatch):
    monkeypatch.setattr("sys.stdout", io.StringIO())
    monkeypatch.setenv("COLUMNS", "200")
    assert output_columns() == DEFAULT_COLUMNS

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdout", Terminal())
    monkeypatch.setattr(text.shutil, "get_terminal_size", lambda fallback: __import__("os").terminal_size((132, 40)))
    assert output_columns() == 132
    monkeypatch.setattr(text.shutil, "get_terminal_size", lambda fallback: __import__("os").terminal_size((20, 40)))
    assert output_columns() == text.MIN_COLUMNS


def test_a_path_breaks_at_spaces_only_without_between_wide():
    path = "/tmp/pytest-of-root/pytest-356/popen-gw1/test_stats_answers/vg.deck.toml"
    assert wrap_width(f"{path}  evolve (rules 1.7.0)", 40, between_wide=False) == [path, "evolve (rules 1.7.0)"]


def test_the_column_named_last_gives_way_only_when_no_other_can():
    from deckcheck._util.text import column_widths

    headers, rows = ["n", "name", "clans"], [["1", "ナイトメアドール ありす", "ダークイレギュラーズ"]]
    plain = column_widths(headers, rows, 40)
    kept = column_widths(headers, rows, 40, last=1)
    assert sum(plain) + 4 <= 40 and sum(kept) + 4 <= 40
    assert kept[1] > plain[1] and kept[2] < plain[2]  # the clans column narrowed instead of the name
    assert kept[2] >= 5  # down to its header, never below


def test_a_list_is_joined_as_the_language_writes_it(japanese):
    assert text.joined(["A", "B", "C"]) == "A、B、C"
    assert text.joined([]) == "" and text.joined(["A"]) == "A"


def test_an_english_list_is_joined_by_commas():
    assert text.joined(["A", "B"]) == "A, B"
