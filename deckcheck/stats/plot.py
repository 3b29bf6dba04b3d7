"""Charts of `deckcheck stats` results: a bar chart for the terminal and a grouped bar chart file (SVG or PNG).

Every value is a probability in 0..1 (or None when it is not available: drawn as a gap, printed as "—").
SVG is written by hand and needs nothing; PNG needs the optional matplotlib (`pip install 'deckcheck[plot]'`),
imported only when a PNG is asked for. Files are written atomically: a temporary file in the target's folder,
then `os.replace`, so a failed write leaves neither a half-written chart nor a stray temporary file.
"""

from __future__ import annotations

import math
import re
import unicodedata
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO
from xml.sax.saxutils import escape

import typer

from deckcheck.atomic import atomic_write_with
from deckcheck.errors import DeckcheckError


@dataclass(frozen=True)
class Series:
    label: str  # e.g. "going first"
    values: list[float | None]  # one per category; None = not available (drawn as a gap / "—")


# Terminal colours (typer.style names) and the matching chart colours, in series order; more series cycle.
TERMINAL_COLOURS = ("cyan", "magenta", "yellow", "green", "blue", "red")
CHART_COLOURS = ("#1b9fb8", "#c2379b", "#d9a514", "#3a9a3f", "#3461c1", "#c8412f")
PARTIAL_BLOCKS = " ▏▎▍▌▋▊▉"  # index = eighths of a cell
FULL_BLOCK = "█"
MISSING = "—"
SUPPORTED_SUFFIXES = (".svg", ".png")


# ---------------------------------------------------------------------------------------------------------------
# Terminal


def bar_lines(categories: list[str], series: list[Series], *, width: int = 30, colour: bool = False) -> list[str]:
    """One line per (category, series): category, series label, a bar of `width` cells at 100 %, the percentage.

    Bars use eighth-block characters, so a bar is exact to 1/8 of a cell. Labels are padded by display width
    (a Japanese character takes two terminal columns). With `colour`, each series' bar is coloured (cyan, magenta,
    then the other ANSI colours); without it the lines hold no escape code at all.
    """
    _check_shape(categories, series)
    if width < 1:
        raise ValueError(f"bar width must be at least 1, not {width}")
    category_width = max((_display_width(c) for c in categories), default=0)
    label_width = max((_display_width(s.label) for s in series), default=0)
    lines = []
    for index, category in enumerate(categories):
        for number, one in enumerate(series):
            value = _probability(one.values[index])
            if value is None:
                bar, percent = _pad(MISSING, width), ""
            else:
                cells = _bar(value, width)
                padding = " " * (width - len(cells))
                if colour and cells:
                    cells = typer.style(cells, fg=TERMINAL_COLOURS[number % len(TERMINAL_COLOURS)])
                bar, percent = cells + padding, f"{value * 100:5.1f}%"
            line = f"{_pad(category, category_width)}  {_pad(one.label, label_width)}  {bar} {percent}"
            lines.append(line.rstrip())
    return lines


def _bar(value: float, width: int) -> str:
    """The bar of a probability (clamped to 0..1): full blocks, then one partial block for the remaining eighths."""
    eighths = round(min(max(value, 0.0), 1.0) * width * 8)
    full, rest = divmod(eighths, 8)
    return FULL_BLOCK * full + (PARTIAL_BLOCKS[rest] if rest else "")


def _display_width(text: str) -> int:
    """Terminal columns of a string: wide (CJK) characters take two, combining marks none."""
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def _pad(text: str, width: int) -> str:
    return text + " " * max(width - _display_width(text), 0)


# ---------------------------------------------------------------------------------------------------------------
# Files


def write_plot(
    path: str | Path, title: str, categories: list[str], series: list[Series], *, subtitle: str = ""
) -> Path:
    """Write a grouped bar chart (categories on x, one bar per series, y 0–100 %) to `path`; return the path.

    The file type follows the suffix: `.svg` (no dependency) or `.png` (matplotlib). Raises DeckcheckError for
    another suffix, a missing matplotlib or a file that cannot be written.
    """
    _check_shape(categories, series)
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".svg":
        data = svg_chart(title, categories, series, subtitle=subtitle).encode("utf-8")
        atomic_write_with(target, lambda handle: handle.write(data), field="plot")
    elif suffix == ".png":
        draw = _png_drawer(title, categories, series, subtitle=subtitle)
        atomic_write_with(target, draw, field="plot")
    else:
        supported = " or ".join(SUPPORTED_SUFFIXES)
        kind = f"'{target.suffix}'" if target.suffix else "a file without a suffix"
        raise DeckcheckError(f"cannot write a chart to {kind}: use {supported}", path=target, field="plot")
    return target


def _check_shape(categories: list[str], series: list[Series]) -> None:
    for one in series:
        if len(one.values) != len(categories):
            raise ValueError(f"series {one.label!r} has {len(one.values)} values for {len(categories)} categories")


def _probability(value: float | None) -> float | None:
    """None (and NaN) mean "not available"."""
    if value is None or math.isnan(value):
        return None
    return float(value)


def _percent(value: float | None) -> str:
    return MISSING if value is None else f"{value * 100:.1f}%"


# ---------------------------------------------------------------------------------------------------------------
# SVG

_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_FONT = "DejaVu Sans, Noto Sans CJK JP, Noto Sans JP, Hiragino Sans, Yu Gothic, Meiryo, sans-serif"

BAR_WIDTH = 40
BAR_GAP = 6
GROUP_PADDING = 28
PLOT_HEIGHT = 280
LEFT = 56
RIGHT = 24
LABEL_MAX = 220  # a category label wider than this (pixels) is shortened with "…" (full text in a tooltip)


def svg_chart(title: str, categories: list[str], series: list[Series], *, subtitle: str = "") -> str:
    """The grouped bar chart as an SVG document (UTF-8 text with an XML declaration)."""
    _check_shape(categories, series)
    bars_width = max(len(series), 1) * BAR_WIDTH + (max(len(series), 1) - 1) * BAR_GAP
    widest_label = max((_text_width(c, 12) for c in categories), default=0)
    group = max(bars_width + GROUP_PADDING, min(widest_label + 12, LABEL_MAX + 12))
    legend = _legend_layout(series)
    plot_width = max(group * max(len(categories), 1), 240)
    width = LEFT + plot_width + RIGHT
    width = max(width, LEFT + legend[-1][2] + RIGHT if legend else 0, _text_width(title, 18) + 2 * LEFT)
    width = max(width, _text_width(subtitle, 13) + 2 * LEFT)
    plot_width = width - LEFT - RIGHT
    group = plot_width / max(len(categories), 1)

    y = 30.0
    out: list[str] = []
    if title:
        out.append(_text(LEFT, y, title, size=18, weight="bold", cls="title"))
        y += 22
    if subtitle:
        out.append(_text(LEFT, y, subtitle, size=13, fill="#555", cls="subtitle"))
        y += 20
    if legend:
        y += 6
        for (one, x, _), number in zip(legend, range(len(series)), strict=True):
            out.append(
                f'<rect class="legend-swatch" x="{LEFT + x:.1f}" y="{y - 10:.1f}" width="12" height="12" '
                f'fill="{_chart_colour(number)}"/>'
            )
            out.append(_text(LEFT + x + 17, y, one.label, size=12, cls="legend-label"))
        y += 10
    top = y + 22  # room for the value label of a 100 % bar
    bottom = top + PLOT_HEIGHT

    for percent in range(0, 101, 20):
        line_y = bottom - PLOT_HEIGHT * percent / 100
        out.append(
            f'<line class="grid" x1="{LEFT:.1f}" y1="{line_y:.1f}" x2="{LEFT + plot_width:.1f}" y2="{line_y:.1f}" '
            'stroke="#ddd" stroke-width="1"/>'
        )
        out.append(_text(LEFT - 6, line_y + 4, f"{percent}%", size=11, fill="#555", anchor="end", cls="y-label"))

    for index, category in enumerate(categories):
        left = LEFT + group * index + (group - bars_width) / 2
        for number, one in enumerate(series):
            x = left + number * (BAR_WIDTH + BAR_GAP)
            centre = x + BAR_WIDTH / 2
            value = _probability(one.values[index])
            tooltip = f"{one.label} — {category}: {_percent(value)}"
            if value is None:
                out.append(
                    _text(
                        centre,
                        bottom - 6,
                        MISSING,
                        size=12,
                        fill="#999",
                        anchor="middle",
                        cls="missing",
                        tooltip=tooltip,
                    )
                )
                continue
            height = PLOT_HEIGHT * min(max(value, 0.0), 1.0)
            out.append(
                f'<rect class="bar" x="{x:.1f}" y="{bottom - height:.1f}" width="{BAR_WIDTH}" height="{height:.1f}" '
                f'fill="{_chart_colour(number)}"><title>{_escape(tooltip)}</title></rect>'
            )
            out.append(_text(centre, bottom - height - 4, _percent(value), size=11, anchor="middle", cls="value"))
        shown = _shorten(category, LABEL_MAX if group > LABEL_MAX else group - 8, 12)
        out.append(
            _text(
                LEFT + group * index + group / 2,
                bottom + 18,
                shown,
                size=12,
                anchor="middle",
                cls="category",
                tooltip=category if shown != category else None,
            )
        )
    out.append(  # the x axis, over the bars' feet
        f'<line class="axis" x1="{LEFT:.1f}" y1="{bottom:.1f}" x2="{LEFT + plot_width:.1f}" y2="{bottom:.1f}" '
        'stroke="#888" stroke-width="1"/>'
    )

    height = bottom + 36
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{_FONT}" role="img">\n'
        f"<title>{_escape(title)}</title>\n"
        f'<rect class="background" x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#fff"/>\n'
    )
    return head + "\n".join(out) + "\n</svg>\n"


def _legend_layout(series: list[Series]) -> list[tuple[Series, float, float]]:
    """(series, left x, right x) of each legend entry, in one row."""
    layout = []
    x = 0.0
    for one in series:
        right = x + 17 + _text_width(one.label, 12)
        layout.append((one, x, right))
        x = right + 18
    return layout


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int,
    cls: str,
    fill: str = "#222",
    anchor: str = "start",
    weight: str = "normal",
    tooltip: str | None = None,
) -> str:
    extra = f' font-weight="{weight}"' if weight != "normal" else ""
    body = _escape(text) + (f"<title>{_escape(tooltip)}</title>" if tooltip else "")
    return (
        f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}"'
        f"{extra}>{body}</text>"
    )


def _escape(text: str) -> str:
    """Text content for XML: markup characters escaped, characters XML 1.0 forbids dropped."""
    return escape(_XML_INVALID.sub("", text))


def _text_width(text: str, size: int) -> float:
    """A rough rendered width in pixels: wide (CJK) characters about one em, others about 0.6 em."""
    return sum(size if unicodedata.east_asian_width(c) in ("W", "F") else size * 0.6 for c in text)


def _shorten(text: str, pixels: float, size: int) -> str:
    if _text_width(text, size) <= pixels:
        return text
    while text and _text_width(text + "…", size) > pixels:
        text = text[:-1]
    return text + "…"


def _chart_colour(number: int) -> str:
    return CHART_COLOURS[number % len(CHART_COLOURS)]


# ---------------------------------------------------------------------------------------------------------------
# PNG (matplotlib)

_CJK_FONTS = (
    "Noto Sans CJK JP",
    "Noto Sans JP",
    "Source Han Sans",
    "IPAexGothic",
    "IPAGothic",
    "TakaoGothic",
    "VL Gothic",
    "Hiragino Sans",
    "Yu Gothic",
    "Meiryo",
    "MS Gothic",
)


def _png_drawer(
    title: str, categories: list[str], series: list[Series], *, subtitle: str
) -> Callable[[BinaryIO], None]:
    """Import matplotlib (or explain how to get it) and return a function that draws the chart into a file."""
    try:
        import matplotlib
        from matplotlib import font_manager
        from matplotlib.figure import Figure
    except ImportError as error:
        raise DeckcheckError(
            "--plot FILE.png needs matplotlib: pip install 'deckcheck[plot]' (or write .svg)", field="plot"
        ) from error
    matplotlib.use("Agg")

    def draw(handle: BinaryIO) -> None:
        installed = {font.name for font in font_manager.fontManager.ttflist}
        fallbacks = [name for name in _CJK_FONTS if name in installed]
        rc = {"font.family": ["DejaVu Sans", *fallbacks]}
        with matplotlib.rc_context(rc), warnings.catch_warnings():
            # Without a Japanese font installed, Japanese labels draw as boxes: say nothing rather than warn per glyph.
            warnings.filterwarnings("ignore", message=r"Glyph \d+ .*missing from")
            figure = _png_figure(Figure, title, categories, series, subtitle=subtitle)
            figure.savefig(handle, format="png", dpi=150)

    return draw


def _png_figure(figure_type, title: str, categories: list[str], series: list[Series], *, subtitle: str):
    count = max(len(series), 1)
    width = max(6.4, 1.2 + len(categories) * (0.45 * count + 0.5))
    figure = figure_type(figsize=(width, 4.8), layout="constrained")
    axes = figure.add_subplot()
    bar_width = 0.8 / count
    positions = range(len(categories))
    for number, one in enumerate(series):
        values = [_probability(v) for v in one.values]
        offset = (number - (count - 1) / 2) * bar_width
        xs = [p + offset for p, v in zip(positions, values, strict=True) if v is not None]
        heights = [min(max(v, 0.0), 1.0) * 100 for v in values if v is not None]
        bars = axes.bar(xs, heights, bar_width, label=one.label, color=_chart_colour(number))
        axes.bar_label(bars, labels=[_percent(v) for v in values if v is not None], padding=2, fontsize=8)
        for p, v in zip(positions, values, strict=True):
            if v is None:
                axes.text(p + offset, 1.5, MISSING, ha="center", va="bottom", color="#999", fontsize=9)
    labels = [_shorten(c, LABEL_MAX, 12) for c in categories]
    long_labels = any(_text_width(c, 10) > 70 for c in labels)
    axes.set_xticks(list(positions), labels, rotation=20 if long_labels else 0, ha="right" if long_labels else "center")
    axes.set_ylim(0, 108)
    axes.set_yticks(range(0, 101, 20), [f"{p}%" for p in range(0, 101, 20)])
    axes.yaxis.grid(True, color="#ddd")
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    if subtitle:
        axes.set_title(subtitle, fontsize=10, color="#555")
    if title:
        figure.suptitle(title, fontweight="bold")
    if series:
        figure.legend(loc="outside lower center", ncols=min(len(series), 4), frameon=False)
    return figure
