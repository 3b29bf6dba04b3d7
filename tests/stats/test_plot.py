"""Charts of stats results: terminal bars (eighth blocks, colour, gaps) and chart files (SVG by hand, PNG via
matplotlib when installed), written atomically."""

from __future__ import annotations

import os
import re
import shutil
import stat
import sys
import xml.etree.ElementTree as ET

import pytest

from deckcheck._util import atomic
from deckcheck._util.text import display_width
from deckcheck.errors import DeckcheckError
from deckcheck.stats import plot
from deckcheck.stats.plot import Axes, Series, bar_lines, write_plot

SVG = "{http://www.w3.org/2000/svg}"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
BLOCKS = "█▉▊▋▌▍▎▏"


def only_bar(value: float | None, width: int, **options) -> str:
    """The bar cells of a one-category, one-series chart (labels "c" and "s": the bar starts at column 6)."""
    (line,) = bar_lines(["c"], [Series("s", [value])], width=width, **options)
    assert line.startswith("c  s  ")
    return ANSI.sub("", line)[6 : 6 + width]


# --- terminal bars ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "full_cells"),
    [(0.0, 0), (0.5, 10), (1.0, 20)],
    ids=["empty", "half", "full"],
)
def test_bar_length_is_proportional_to_the_probability(value, full_cells):
    bar = only_bar(value, 20)
    assert bar == "█" * full_cells + " " * (20 - full_cells)


def test_bar_of_width_30_at_one_is_30_full_blocks():
    (line,) = bar_lines(["c"], [Series("s", [1.0])])
    assert line.count("█") == 30
    assert line.endswith("█ 100.0%")


@pytest.mark.parametrize(
    ("eighths", "block"),
    [(1, "▏"), (2, "▎"), (3, "▍"), (4, "▌"), (5, "▋"), (6, "▊"), (7, "▉")],
)
def test_eighth_blocks_give_the_fraction_of_a_cell(eighths, block):
    assert only_bar(eighths / 8, 1) == block
    # three full cells and the fraction of the fourth: 3 + eighths/8 cells of 10
    assert only_bar((3 + eighths / 8) / 10, 10).rstrip() == "███" + block


def test_bar_rounds_to_the_nearest_eighth():
    assert only_bar(0.999, 30) == "█" * 30  # 239.76 eighths -> 240
    assert only_bar(0.001, 30) == " " * 30  # 0.24 eighths -> nothing
    assert only_bar(1 / 3, 3).rstrip() == "█"  # exactly one cell


def test_bar_is_clamped_to_the_width():
    assert only_bar(1.2, 5) == "█████"
    assert only_bar(-0.1, 5) == "     "


@pytest.mark.parametrize(
    ("value", "percent"), [(0.975, " 97.5%"), (1.0, "100.0%"), (0.0, "  0.0%"), (0.1234, " 12.3%")]
)
def test_percentage_has_one_decimal(value, percent):
    (line,) = bar_lines(["c"], [Series("s", [value])], width=4)
    assert line.endswith(" " + percent)


def test_none_prints_a_dash_instead_of_a_bar():
    lines = bar_lines(["c", "d"], [Series("s", [None, 0.5])], width=8)
    assert lines[0] == "c  s  —"
    assert not any(block in lines[0] for block in BLOCKS)
    assert "%" not in lines[0]
    assert lines[1] == "d  s  ████      50.0%"


def test_nan_counts_as_not_available():
    assert bar_lines(["c"], [Series("s", [float("nan")])]) == ["c  s  —"]


def test_one_line_per_category_and_series_with_padded_labels():
    lines = bar_lines(
        ["short", "a longer one"], [Series("going first", [0.25, 0.5]), Series("second", [0.75, 1.0])], width=4
    )
    assert lines == [
        "short         going first  █     25.0%",
        "short         second       ███   75.0%",
        "a longer one  going first  ██    50.0%",
        "a longer one  second       ████ 100.0%",
    ]


def test_japanese_labels_are_padded_by_display_width():
    # "ドロー" takes six terminal columns: the bars of every line start in the same column
    lines = bar_lines(["ab", "ドロー", "ヒール2枚"], [Series("先攻", [1.0, 1.0, 1.0]), Series("go", [1.0, 1.0, 1.0])])
    columns = {display_width(line[: line.index("█")]) for line in lines}
    assert columns == {9 + 2 + 4 + 2}  # "ヒール2枚" (4 wide + 1 narrow), gap, "先攻", gap


def test_no_escape_codes_without_colour():
    lines = bar_lines(["c", "d"], [Series("a", [0.5, None]), Series("b", [1.0, 0.0])])
    assert not any("\x1b" in line for line in lines)


def test_each_series_has_its_own_colour():
    series = [Series(f"s{n}", [0.5]) for n in range(7)]
    coloured = bar_lines(["c"], series, width=10, colour=True)
    plain = bar_lines(["c"], series, width=10)
    assert coloured[0].count("\x1b[36m") == 1  # first series cyan
    assert coloured[1].count("\x1b[35m") == 1  # second magenta
    assert coloured[6].count("\x1b[36m") == 1  # the colours cycle
    assert len({ANSI.findall(line)[0] for line in coloured[:6]}) == 6
    assert [ANSI.sub("", line) for line in coloured] == plain  # colour changes nothing else


def test_empty_and_missing_bars_are_not_coloured():
    lines = bar_lines(["c", "d"], [Series("s", [0.0, None])], width=4, colour=True)
    assert not any("\x1b" in line for line in lines)


def test_values_must_match_the_categories():
    with pytest.raises(ValueError, match="2 values for 3 categories"):
        bar_lines(["a", "b", "c"], [Series("s", [0.1, 0.2])])
    with pytest.raises(ValueError):
        write_plot("unused.svg", "t", ["a"], [Series("s", [0.1, 0.2])])


# --- SVG ---------------------------------------------------------------------------------------------------------

CATEGORIES = [">=1 grade:0", "ドロートリガー 2枚", 'heal <&> "draw"']
SERIES = [Series("going first", [1.0, 0.5, None]), Series("後攻", [0.975, 0.0, 0.25])]


def write_svg(tmp_path, **options):
    path = write_plot(tmp_path / "chart.svg", "初手の確率 <odds>", CATEGORIES, SERIES, **options)
    return path, ET.parse(path).getroot()


def texts(root, cls):
    """The visible text of the <text> elements of a class (a <title> child is a tooltip, not shown; the lines of
    a wrapped label, its <tspan> children, are joined by spaces)."""
    found = []
    for t in root.iter(f"{SVG}text"):
        if t.get("class") == cls:
            spans = [span.text or "" for span in t.iter(f"{SVG}tspan")]
            found.append(" ".join(spans) if spans else t.text)
    return found


def bars(root):
    return [r for r in root.iter(f"{SVG}rect") if r.get("class") == "bar"]


def test_svg_is_utf8_xml_with_a_declaration(tmp_path):
    path, root = write_svg(tmp_path)
    data = path.read_bytes()
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
    assert "ドロートリガー 2枚".encode() in data
    assert root.tag == f"{SVG}svg"


def test_svg_has_one_rect_per_available_value(tmp_path):
    _, root = write_svg(tmp_path)
    assert len(bars(root)) == 5  # six values, one None
    assert [r.get("fill") for r in bars(root)] == [plot.CHART_COLOURS[n] for n in (0, 1, 0, 1, 1)]


def test_svg_bar_heights_are_proportional(tmp_path):
    _, root = write_svg(tmp_path)
    heights = [float(r.get("height")) for r in bars(root)]
    full, almost, half, zero, quarter = heights
    assert full == plot.PLOT_HEIGHT
    assert half == pytest.approx(full / 2)
    assert quarter == pytest.approx(full / 4)
    assert almost == pytest.approx(full * 0.975, abs=0.1)
    assert zero == 0
    feet = {float(r.get("y")) + float(r.get("height")) for r in bars(root)}
    assert len(feet) == 1  # every bar stands on the same axis


def test_svg_texts_title_subtitle_legend_categories_values(tmp_path):
    _, root = write_svg(tmp_path, subtitle="Vanguard · 10000 hands")
    assert root.find(f"{SVG}title").text == "初手の確率 <odds>"
    assert texts(root, "title") == ["初手の確率 <odds>"]
    assert texts(root, "subtitle") == ["Vanguard · 10000 hands"]
    assert texts(root, "legend-label") == ["going first", "後攻"]
    assert texts(root, "category") == CATEGORIES
    assert texts(root, "value") == ["100.0%", "97.5%", "50.0%", "0.0%", "25.0%"]
    assert texts(root, "missing") == ["—"]
    assert len([r for r in root.iter(f"{SVG}rect") if r.get("class") == "legend-swatch"]) == 2


def test_svg_y_axis_has_grid_lines_every_20_percent(tmp_path):
    _, root = write_svg(tmp_path)
    assert texts(root, "y-label") == ["0%", "20%", "40%", "60%", "80%", "100%"]
    grid = [float(line.get("y1")) for line in root.iter(f"{SVG}line") if line.get("class") == "grid"]
    assert len(grid) == 6
    steps = {round(a - b, 3) for a, b in zip(grid, grid[1:], strict=False)}
    assert steps == {plot.PLOT_HEIGHT / 5}


def test_svg_without_subtitle_has_no_subtitle(tmp_path):
    _, root = write_svg(tmp_path)
    assert texts(root, "subtitle") == []


def test_svg_long_category_is_wrapped_whole_never_cut(tmp_path):
    long = ">=2 (type:trigger and trigger:heal) or name:ものすごく長いカードの名前"
    path = write_plot(tmp_path / "c.svg", "t", [long], [Series("s", [0.5])])
    (label,) = [t for t in ET.parse(path).getroot().iter(f"{SVG}text") if t.get("class") == "category"]
    lines = [span.text for span in label.iter(f"{SVG}tspan")]
    assert len(lines) > 1 and "…" not in "".join(lines)
    assert "".join(lines).replace(" ", "") == long.replace(" ", "")  # every character is there
    assert all(plot._text_width(line, 12) <= plot.LABEL_MAX + 12 for line in lines)
    assert label.find(f"{SVG}title").text == long


def test_svg_drops_characters_xml_cannot_hold(tmp_path):
    path = write_plot(tmp_path / "c.svg", "bad\x01title", ["x\x0by"], [Series("s\x1f", [0.5])])
    root = ET.parse(path).getroot()
    assert texts(root, "title") == ["badtitle"]
    assert texts(root, "category") == ["xy"]


def test_suffix_is_case_insensitive(tmp_path):
    path = write_plot(tmp_path / "CHART.SVG", "t", ["a"], [Series("s", [0.5])])
    assert ET.parse(path).getroot().tag == f"{SVG}svg"


def test_write_plot_accepts_a_string_path_and_returns_the_path(tmp_path):
    target = str(tmp_path / "c.svg")
    assert write_plot(target, "t", ["a"], [Series("s", [0.5])]) == tmp_path / "c.svg"


# --- PNG ---------------------------------------------------------------------------------------------------------


def test_png_without_matplotlib_says_how_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(DeckcheckError) as caught:
        write_plot(tmp_path / "chart.png", "t", ["a"], [Series("s", [0.5])])
    assert caught.value.field == "plot"
    assert caught.value.reason == "plot FILE.png needs matplotlib: pip install 'deckcheck[plot]' (or write .svg)"
    assert list(tmp_path.iterdir()) == []


def test_png_with_matplotlib(tmp_path):  # matplotlib is in the `test` extra
    path = write_plot(tmp_path / "chart.png", "初手", CATEGORIES, SERIES, subtitle="sub")
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert [p.name for p in tmp_path.iterdir()] == ["chart.png"]


# --- suffixes and writing ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["chart.pdf", "chart.txt", "chart"])
def test_other_suffixes_are_refused(tmp_path, name):
    with pytest.raises(DeckcheckError) as caught:
        write_plot(tmp_path / name, "t", ["a"], [Series("s", [0.5])])
    assert ".svg" in str(caught.value) and ".png" in str(caught.value)
    assert caught.value.field == "plot"
    assert list(tmp_path.iterdir()) == []


def test_folder_under_a_regular_file_is_an_error_not_a_traceback(tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    target = blocker / "chart.svg"
    with pytest.raises(DeckcheckError) as caught:
        write_plot(target, "t", ["a"], [Series("s", [0.5])])
    assert str(target) in str(caught.value)
    assert os.strerror(20) in str(caught.value)  # ENOTDIR: "Not a directory"
    assert list(tmp_path.iterdir()) == [blocker]
    assert blocker.read_text() == "not a folder"


def test_missing_folder_is_an_error(tmp_path):
    target = tmp_path / "no such folder" / "chart.svg"
    with pytest.raises(DeckcheckError, match="No such file or directory"):
        write_plot(target, "t", ["a"], [Series("s", [0.5])])
    assert list(tmp_path.iterdir()) == []


def test_a_folder_in_the_way_leaves_no_temporary_file(tmp_path):
    (tmp_path / "chart.svg").mkdir()
    with pytest.raises(DeckcheckError, match="chart.svg"):
        write_plot(tmp_path / "chart.svg", "t", ["a"], [Series("s", [0.5])])
    assert [p.name for p in tmp_path.iterdir()] == ["chart.svg"]
    assert list((tmp_path / "chart.svg").iterdir()) == []


def test_failed_replace_keeps_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "chart.svg"
    target.write_text("old chart")

    def refuse(source, destination):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.os, "replace", refuse)
    with pytest.raises(DeckcheckError, match="Permission denied"):
        write_plot(target, "t", ["a"], [Series("s", [0.5])])
    assert target.read_text() == "old chart"
    assert [p.name for p in tmp_path.iterdir()] == ["chart.svg"]


def test_failed_drawing_leaves_no_temporary(tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(plot, "svg_chart", broken)
    with pytest.raises(RuntimeError):
        write_plot(tmp_path / "chart.svg", "t", ["a"], [Series("s", [0.5])])
    assert list(tmp_path.iterdir()) == []


def test_replacing_a_chart_keeps_its_mode(tmp_path):
    target = tmp_path / "chart.svg"
    target.write_text("old chart")
    target.chmod(0o640)
    write_plot(target, "t", ["a"], [Series("s", [0.5])])
    assert target.read_text().startswith("<?xml")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["chart.svg"]


def test_new_chart_gets_the_usual_mode(tmp_path):
    umask = os.umask(0o022)
    try:
        path = write_plot(tmp_path / "chart.svg", "t", ["a"], [Series("s", [0.5])])
    finally:
        os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644  # not the temporary file's 0o600


# --- whole labels, axis titles, exact and simulated, fonts (issue 15 item 9) -----------------------------------


@pytest.mark.parametrize(
    "label",
    [
        "grade 1 by the ride phase of own turn 1",
        "ものすごく長いカードの名前が入ったラベルで折り返しが必要なもの",
        "supercalifragilisticexpialidocious-and-more-without-any-space",
        "short",
    ],
)
def test_wrap_label_keeps_every_character_on_lines_that_fit(label):
    lines = plot.wrap_label(label, 120, 12)
    assert "".join(lines).replace(" ", "") == label.replace(" ", "")
    assert all(plot._text_width(line, 12) <= 120 for line in lines)
    assert (len(lines) == 1) == (plot._text_width(label, 12) <= 120)


def test_wrap_label_breaks_at_spaces_where_it_can():
    assert plot.wrap_label("grade 1 by own turn 1", 80, 12) == ["grade 1 by", "own turn 1"]  # 7.2 px a letter


SIMULATED = [Series("first", [0.2, 0.5], [None, (0.45, 0.55)]), Series("second", [0.3, None], [None, None])]


def test_svg_marks_simulated_values_with_an_error_bar_and_says_which_are_exact(tmp_path):
    path = write_plot(tmp_path / "c.svg", "t", ["turn 0", "turn 1"], SIMULATED)
    root = ET.parse(path).getroot()
    assert texts(root, "value") == ["20.0%", "30.0%", "≈50.0%"]
    (error_bar,) = [p for p in root.iter(f"{SVG}path") if p.get("class") == "error-bar"]
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", error_bar.get("d"))]
    bottom = {float(r.get("y")) + float(r.get("height")) for r in bars(root)}.pop()
    assert numbers[1] == pytest.approx(bottom - plot.PLOT_HEIGHT * 0.45, abs=0.1)  # from the low end ...
    assert numbers[2] == pytest.approx(bottom - plot.PLOT_HEIGHT * 0.55, abs=0.1)  # ... to the high end
    value_y = [float(t.get("y")) for t in root.iter(f"{SVG}text") if t.get("class") == "value"][-1]
    assert value_y < numbers[2]  # the value stands above its error bar
    assert texts(root, "note") == [plot.closing_note(SIMULATED)]
    assert "≈ values are simulated" in texts(root, "note")[0]


def test_closing_note_says_which_values_are_exact():
    exact = [Series("s", [0.5, None])]
    assert plot.closing_note(exact) == "Every value is exact."
    simulated = [Series("s", [0.5], [(0.4, 0.6)])]
    assert plot.closing_note(simulated).startswith("Every value is simulated")
    assert plot.closing_note(SIMULATED).startswith("Plain values are exact; ≈ values are simulated")


def test_svg_has_both_axis_titles(tmp_path):
    axes = plot.Axes(x_title="by own turn N (turn 0 = the opening hand)", y_title="probability")
    path = write_plot(tmp_path / "c.svg", "t", ["turn 0"], [Series("s", [0.5])], axes=axes)
    root = ET.parse(path).getroot()
    assert texts(root, "x-title") == ["by own turn N (turn 0 = the opening hand)"]
    (y_title,) = [t for t in root.iter(f"{SVG}text") if t.get("class") == "y-title"]
    assert y_title.text == "probability" and y_title.get("transform").startswith("rotate(-90")


@pytest.mark.parametrize(
    ("value", "shown"), [(0.9995, ">99.9%"), (1.0, "100.0%"), (0.0002, "<0.1%"), (0.0, "0.0%"), (0.5, "50.0%")]
)
def test_chart_values_never_round_to_100_or_0_percent(value, shown):
    assert plot._percent(value) == shown


JAPANESE = ["初手", "turn 1"]


def test_png_with_japanese_and_no_japanese_font_warns_with_the_package_to_install(tmp_path, monkeypatch):
    monkeypatch.setattr(plot, "installed_cjk_fonts", lambda: [])
    heard: list[str] = []
    path = write_plot(tmp_path / "c.png", "t", JAPANESE, [Series("s", [0.5, 0.6])], warn=heard.append)
    assert path.read_bytes().startswith(b"\x89PNG")  # still drawn
    assert heard == [plot.NO_CJK_FONT] and "fonts-noto-cjk" in heard[0]


def test_png_uses_an_installed_japanese_font_and_does_not_warn(tmp_path, monkeypatch):
    import matplotlib

    monkeypatch.setattr(plot, "installed_cjk_fonts", lambda: ["DejaVu Serif"])  # as if it were a Japanese font
    families: list[list[str]] = []
    real = matplotlib.rc_context

    def spy(rc=None, fname=None):
        families.append(list((rc or {}).get("font.family", [])))
        return real(rc, fname)

    monkeypatch.setattr(matplotlib, "rc_context", spy)
    heard: list[str] = []
    write_plot(tmp_path / "c.png", "初手", JAPANESE, [Series("s", [0.5, 0.6])], warn=heard.append)
    assert heard == [] and families == [["DejaVu Sans", "DejaVu Serif"]]


def test_png_without_japanese_text_never_warns(tmp_path, monkeypatch):
    monkeypatch.setattr(plot, "installed_cjk_fonts", lambda: [])
    heard: list[str] = []
    write_plot(tmp_path / "c.png", "odds", ["turn 0"], SIMULATED[:1] and [Series("s", [0.5])], warn=heard.append)
    assert heard == []


def test_png_draws_simulated_values_with_error_bars(tmp_path):
    axes = plot.Axes(x_title="turn", y_title="probability")
    path = write_plot(tmp_path / "c.png", "t", ["turn 0", "turn 1"], SIMULATED, axes=axes)
    assert path.read_bytes().startswith(b"\x89PNG")


def test_png_and_svg_say_the_same_words(tmp_path, monkeypatch):
    """The same title, subtitle, legend, labels, values, axis titles and note in both files."""
    axes = plot.Axes(x_title="by own turn N", y_title="probability")
    categories = ["grade 1 by the ride phase of own turn 1", "b"]
    drawn: list = []
    real = plot._png_figure
    monkeypatch.setattr(plot, "_png_figure", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    write_plot(tmp_path / "c.png", "title", categories, SIMULATED, subtitle="sub", axes=axes)
    (figure,) = drawn
    words = {text.get_text().strip().replace("\n", " ") for text in figure.findobj(lambda o: hasattr(o, "get_text"))}
    svg = ET.parse(write_plot(tmp_path / "c.svg", "title", categories, SIMULATED, subtitle="sub", axes=axes))
    for cls in ("title", "subtitle", "legend-label", "value", "category", "x-title", "y-title", "note"):
        for text in texts(svg.getroot(), cls):
            assert text in words, (cls, text)


def test_wrapped_lines_are_balanced_not_a_lone_last_word():
    lines = plot.wrap_label("a card of cost <= 1 on own turn 1", 200, 12)
    assert len(lines) == 2 and len(lines[-1].split()) > 1
    widths = [plot._text_width(line, 12) for line in lines]
    assert max(widths) - min(widths) <= 3 * 7.2  # within about a short word of each other


@pytest.mark.parametrize(
    ("value", "decimals", "shown"),
    [
        (1.0, 2, "100.00%"),
        (273438879 / 273438880, 2, ">99.99%"),  # exact, yet not certain: never "100.00%"
        (0.99996, 1, ">99.9%"),
        (0.9994, 1, "99.9%"),
        (0.5, 2, "50.00%"),
        (0.0, 2, "0.00%"),
        (0.00004, 2, "<0.01%"),
        (0.00004, 1, "<0.1%"),
    ],
)
def test_percent_never_rounds_to_certain_or_impossible(value, decimals, shown):
    from deckcheck.stats.plot import percent

    assert percent(value, decimals) == shown


# ---- the y axis shows the range that matters -----------------------------------------------------------------


def test_high_values_zoom_the_axis_so_957_and_998_look_different():
    from deckcheck.stats.plot import svg_chart, y_range

    series = [Series("going first", [0.957, 0.998])]
    floor, step = y_range(series)
    assert (floor, step) == (0.95, 0.01)
    svg = svg_chart("t", ["a", "b"], series, axes=Axes(y_title="probability"))
    heights = [float(h) for h in re.findall(r'<rect class="bar"[^>]* height="([\d.]+)"', svg)]
    assert heights[1] > 5 * heights[0]  # 99.8 % bar far taller than the 95.7 % one (0–100 %: 1.04 times)
    assert "axis from 95%, not 0%" in svg
    assert re.findall(r'class="y-label"[^>]*>([^<]*)<', svg) == ["95%", "96%", "97%", "98%", "99%", "100%"]


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([0.2, 0.99], (0.0, 0.2)),  # a low value: the whole 0–100 %
        ([None, None], (0.0, 0.2)),
        ([0.5, 0.9], (0.0, 0.2)),  # a zoom would need more than six ticks
        ([0.7, 0.9], (0.6, 0.1)),
        ([0.999, 0.9995], (0.995, 0.005)),
    ],
)
def test_y_range_floors_and_steps(values, expected):
    from deckcheck.stats.plot import y_range

    floor, step = y_range([Series("s", values)])
    assert (round(floor, 4), step) == expected
    assert (1 - floor) / step <= 5 + 1e-9


def test_an_interval_reaching_lower_widens_the_zoom():
    from deckcheck.stats.plot import y_range

    assert y_range([Series("s", [0.97], [(0.93, 0.99)])])[0] <= 0.93


def test_a_full_axis_says_nothing_more():
    from deckcheck.stats.plot import svg_chart

    svg = svg_chart("t", ["a"], [Series("s", [0.3])], axes=Axes(y_title="probability"))
    assert "not 0%" not in svg and ">0%<" in svg


# ---- a Japanese font installed after matplotlib's font cache was built ----------------------------------------


def test_a_font_installed_after_the_cache_was_built_is_found_without_rebuilding_it(tmp_path, monkeypatch):
    """As after `apt install fonts-noto-cjk`: the file is in a font folder, matplotlib's cache does not list it."""
    matplotlib = pytest.importorskip("matplotlib")
    from matplotlib import font_manager

    source = os.path.join(matplotlib.get_data_path(), "fonts", "ttf", "DejaVuSerif.ttf")
    folder = tmp_path / "fonts" / "opentype" / "noto"
    folder.mkdir(parents=True)
    shutil.copyfile(source, folder / "NotoSansCJK-Regular.ttf")  # stands in for a Japanese font
    (folder / "README-CJK.txt").write_text("not a font")
    monkeypatch.setattr(plot, "_CJK_FONTS", ("DejaVu Serif",))  # the name that file carries
    monkeypatch.setattr(plot, "CJK_FONT_FILES", (str(tmp_path / "fonts" / "**" / "*CJK*"),))
    cached = [font for font in font_manager.fontManager.ttflist if font.name != "DejaVu Serif"]
    monkeypatch.setattr(font_manager.fontManager, "ttflist", cached)  # the stale cache
    assert plot.cjk_font_files() == [str(folder / "NotoSansCJK-Regular.ttf")]  # fonts only, not the README
    assert plot.installed_cjk_fonts() == ["DejaVu Serif"]
    assert "font cache need not be rebuilt" in plot.NO_CJK_FONT


def test_no_font_file_means_no_font(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    from matplotlib import font_manager

    monkeypatch.setattr(plot, "_CJK_FONTS", ("No Such Font JP",))
    monkeypatch.setattr(plot, "CJK_FONT_FILES", (str(tmp_path / "*CJK*"),))
    monkeypatch.setattr(font_manager.fontManager, "ttflist", list(font_manager.fontManager.ttflist))
    assert plot.installed_cjk_fonts() == []


def test_the_chart_notes_and_axis_title_in_japanese(japanese):
    exact = Series("先攻", [0.9, 0.95])
    simulated = Series("後攻", [0.9, 0.95], [(0.89, 0.91), None])
    assert plot.closing_note([exact]) == "すべての値は厳密な値です。"
    assert plot.closing_note([simulated]).startswith("記号のない値は厳密な値、≈の値はシミュレーションによる値で")
    assert plot.y_axis_title(Axes().y_title, 0.0, 0.2) == "確率"
    assert plot.y_axis_title("確率（先攻・後攻）", 0.8, 0.05) == "確率（先攻・後攻）、軸は80%から"


def test_a_chart_of_another_suffix_is_refused_in_japanese(japanese, tmp_path):
    with pytest.raises(DeckcheckError) as refused:
        write_plot(tmp_path / "chart", "t", ["a"], [Series("先攻", [0.5])])
    assert "拡張子のないファイル にはグラフを書き出せません：.svg または .png を使ってください" in str(refused.value)


def test_a_font_a_python_package_ships_is_found(tmp_path, monkeypatch):
    """`deckcheck[plot]` brings japanize-matplotlib for its IPAexGothic: found without importing the package."""
    package = tmp_path / "fontpack"
    (package / "fonts").mkdir(parents=True)
    (package / "__init__.py").write_text("raise RuntimeError('never imported')\n")
    (package / "fonts" / "gothic.ttf").write_bytes(b"")
    (package / "fonts" / "README.txt").write_text("not a font")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert plot.packaged_cjk_font_files((("fontpack", "fonts"), ("no_such_package", "fonts"))) == [
        str(package / "fonts" / "gothic.ttf")
    ]


def test_a_japanese_png_is_drawn_with_the_packaged_font(tmp_path, monkeypatch, japanese):
    """On a machine without a system Japanese font (none of the usual folders), the font `deckcheck[plot]` installs
    draws the Japanese text: no warning about empty boxes."""
    monkeypatch.setattr(plot, "CJK_FONT_FILES", ())
    assert plot.packaged_cjk_font_files(), "japanize-matplotlib (of deckcheck[plot] and [test]) ships a font"
    assert "IPAexGothic" in plot.installed_cjk_fonts()
    heard: list[str] = []
    axes = Axes(x_title="自分のNターン目のメインフェイズまで", y_title="確率（先攻・後攻）")
    write_plot(
        tmp_path / "odds.png", "紅蓮の玉座", ["0ターン目"], [Series("先攻", [0.5])], axes=axes, warn=heard.append
    )
    assert heard == [] and (tmp_path / "odds.png").read_bytes().startswith(b"\x89PNG")
