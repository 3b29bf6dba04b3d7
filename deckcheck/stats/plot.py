"""Charts of `deckcheck stats` results: a bar chart for the terminal and a grouped bar chart file (SVG or PNG).

Every value is a probability in 0..1 (or None when it is not available: drawn as a gap, printed as "—").
SVG is written by hand and needs nothing; PNG needs the optional matplotlib (`pip install 'deckcheck[plot]'`),
imported only when a PNG is asked for. Both files have one layout: title and subtitle, the legend, the bars with
their values (a simulated value with its 95% interval as an error bar and "≈" before it), category labels wrapped
onto whole lines (never cut), both axis titles, and a closing note that says which values are exact. A PNG with
Japanese text uses an installed Japanese font; without one it still draws, and the caller is warned with the font
package to install. Files are written atomically: a temporary file in the target's folder, then `os.replace`, so
a failed write leaves neither a half-written chart nor a stray temporary file.
"""

from __future__ import annotations

import contextlib
import importlib.util
import math
import re
import unicodedata
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from html import escape  # xml.sax.saxutils.escape does the same, but imports urllib.request (~18 ms)
from pathlib import Path
from typing import Any, BinaryIO

from deckcheck._i18n import N_, _, translate
from deckcheck._util.atomic import atomic_write_with
from deckcheck._util.style import style
from deckcheck._util.text import display_width, pad, wrap_width
from deckcheck.errors import DeckcheckError, OptionError, mention


@dataclass(frozen=True)
class Series:
    label: str  # e.g. "going first"
    values: list[float | None]  # one per category; None = not available (drawn as a gap / "—")
    # One per category: the 95% interval of a simulated value (drawn as an error bar), None for an exact value.
    intervals: list[tuple[float, float] | None] | None = None

    def interval(self, index: int) -> tuple[float, float] | None:
        return self.intervals[index] if self.intervals is not None else None


@dataclass(frozen=True)
class Axes:
    """What a chart file says about its axes (the same words in SVG and PNG)."""

    x_title: str = ""
    y_title: str = N_("probability")  # (translated where it is drawn)


# Terminal colours (names as _util.style takes them) and the matching chart colours, in series order; more series cycle.
TERMINAL_COLOURS = ("cyan", "magenta", "yellow", "green", "blue", "red")
CHART_COLOURS = ("#1b9fb8", "#c2379b", "#d9a514", "#3a9a3f", "#3461c1", "#c8412f")
PARTIAL_BLOCKS = " ▏▎▍▌▋▊▉"  # index = eighths of a cell
FULL_BLOCK = "█"
MISSING = "—"
SUPPORTED_SUFFIXES = (".svg", ".png")


# ---------------------------------------------------------------------------------------------------------------
# Terminal


def bar_lines(
    categories: list[str], series: list[Series], *, width: int = 30, colour: bool = False, columns: int = 80
) -> list[str]:
    """One line per (category, series): category, series label, a bar of `width` cells at 100 %, the percentage.

    Bars use eighth-block characters, so a bar is exact to 1/8 of a cell. Labels are padded by display width
    (a Japanese character takes two terminal columns). With `colour`, each series' bar is coloured (cyan, magenta,
    then the other ANSI colours); without it the lines hold no escape code at all. The lines fit `columns`
    terminal columns: when the categories are too wide to stand before the bars, each category gets a line of its
    own (wrapped, never inside a word) and its bars follow, indented; a narrow terminal gets shorter bars.
    """
    _check_shape(categories, series)
    if width < 1:
        raise ValueError(f"bar width must be at least 1, not {width}")
    category_width = max((display_width(c) for c in categories), default=0)
    label_width = max((display_width(s.label) for s in series), default=0)
    tail = 2 + label_width + 2 + 1 + 6  # the gaps, the series label and the percentage
    if category_width + tail + width <= columns:
        return _bar_rows(categories, series, width, colour, category_width, label_width)
    width = max(min(width, columns - tail), 8)
    lines = []
    for index, category in enumerate(categories):
        lines += wrap_width(category, columns)
        lines += _bar_rows([""] * len(categories), series, width, colour, 0, label_width, only=index)
    return lines


def _bar_rows(
    categories: list[str],
    series: list[Series],
    width: int,
    colour: bool,
    category_width: int,
    label_width: int,
    only: int | None = None,
) -> list[str]:
    lines = []
    for index, category in enumerate(categories):
        if only is not None and index != only:
            continue
        for number, one in enumerate(series):
            value = _probability(one.values[index])
            if value is None:
                bar, shown = pad(MISSING, width), ""
            else:
                cells = _bar(value, width)
                padding = " " * (width - len(cells))
                if colour and cells:
                    cells = style(cells, fg=TERMINAL_COLOURS[number % len(TERMINAL_COLOURS)])
                bar, shown = cells + padding, f"{percent(value, 1):>6}"
            line = f"{pad(category, category_width)}  {pad(one.label, label_width)}  {bar} {shown}"
            lines.append(line.rstrip())
    return lines


def _bar(value: float, width: int) -> str:
    """The bar of a probability (clamped to 0..1): full blocks, then one partial block for the remaining eighths."""
    eighths = round(min(max(value, 0.0), 1.0) * width * 8)
    full, rest = divmod(eighths, 8)
    return FULL_BLOCK * full + (PARTIAL_BLOCKS[rest] if rest else "")


# ---------------------------------------------------------------------------------------------------------------
# Files


def write_plot(
    path: str | Path,
    title: str,
    categories: list[str],
    series: list[Series],
    *,
    subtitle: str = "",
    axes: Axes | None = None,
    warn: Callable[[str], None] | None = None,
) -> Path:
    """Write a grouped bar chart (categories on x, one bar per series, y 0–100 %) to `path`; return the path.

    The file type follows the suffix: `.svg` (no dependency) or `.png` (matplotlib). Raises DeckcheckError for
    another suffix, a missing matplotlib or a file that cannot be written. `warn` hears what the user should know
    about the file (a PNG whose Japanese text no installed font can draw).
    """
    _check_shape(categories, series)
    axes = axes or Axes()
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".svg":
        data = svg_chart(title, categories, series, subtitle=subtitle, axes=axes).encode("utf-8")
        atomic_write_with(target, lambda handle: handle.write(data), field="plot")
    elif suffix == ".png":
        draw, problem = _png_drawer(title, categories, series, subtitle=subtitle, axes=axes)
        atomic_write_with(target, draw, field="plot")
        if problem and warn is not None:
            warn(problem)
    else:
        supported = _(" or ").join(SUPPORTED_SUFFIXES)
        kind = f"'{target.suffix}'" if target.suffix else _("a file without a suffix")
        raise DeckcheckError(
            _("cannot write a chart to {kind}: use {supported}").format(kind=kind, supported=supported),
            path=target,
            field="plot",
        )
    return target


def _check_shape(categories: list[str], series: list[Series]) -> None:
    for one in series:
        if len(one.values) != len(categories):
            raise ValueError(f"series {one.label!r} has {len(one.values)} values for {len(categories)} categories")
        if one.intervals is not None and len(one.intervals) != len(categories):
            raise ValueError(
                f"series {one.label!r} has {len(one.intervals)} intervals for {len(categories)} categories"
            )


def _probability(value: float | None) -> float | None:
    """None (and NaN) mean "not available"."""
    if value is None or math.isnan(value):
        return None
    return float(value)


def _percent(value: float | None) -> str:
    return MISSING if value is None else percent(value, 1)


def percent(value: float, decimals: int = 2) -> str:
    """A probability as a percentage; one that only rounds to 100% or 0% says so (">99.99%", "<0.01%"), so that
    100% and 0% always mean certain and impossible."""
    text = f"{value * 100:.{decimals}f}%"
    step = 10.0**-decimals
    if value < 1 and text == f"{100:.{decimals}f}%":
        return f">{100 - step:.{decimals}f}%"
    if value > 0 and text == f"{0:.{decimals}f}%":
        return f"<{step:.{decimals}f}%"
    return text


def _value_label(value: float, interval: tuple[float, float] | None) -> str:
    """ "97.5%" for an exact value, "≈97.5%" for a simulated one."""
    return ("≈" if interval is not None else "") + _percent(value)


def closing_note(series: list[Series]) -> str:
    """Which values are exact and which simulated (the same sentence under both kinds of file)."""
    simulated = any(one.interval(i) is not None for one in series for i in range(len(one.values)))
    exact = any(
        one.interval(i) is None and _probability(v) is not None for one in series for i, v in enumerate(one.values)
    )
    if simulated and exact:
        return _("Plain values are exact; ≈ values are simulated, with their 95% interval as an error bar.")
    if simulated:
        return _("Every value is simulated (≈), with its 95% interval as an error bar.")
    return _("Every value is exact.")


def _clamp(value: float) -> float:
    return min(max(value, 0.0), 1.0)


ZOOM_FROM = 0.5  # values all above this: the y axis starts near the lowest one instead of at 0 %
_STEPS = (0.005, 0.01, 0.02, 0.05, 0.1)


def y_range(series: list[Series]) -> tuple[float, float]:
    """The y axis's (floor, step) as probabilities: (0, 0.2) for the whole 0–100 %, or, when every value (and
    every interval's low end) is at least 50 %, a floor a little under the lowest one, so that 95.7 % and 99.8 %
    look different; at most six ticks."""
    lows = [
        _clamp(low)
        for one in series
        for index, raw in enumerate(one.values)
        if (value := _probability(raw)) is not None
        for low in (value, *(one.interval(index) or ()))
    ]
    if not lows or min(lows) < ZOOM_FROM:
        return 0.0, 0.2
    lowest = min(lows)
    for step in _STEPS:
        floor = math.floor((lowest - step / 2) / step) * step
        if (1 - floor) / step <= 5 + 1e-9:
            return max(round(floor, 4), 0.0), step
    return 0.0, 0.2


def _height(value: float, floor: float) -> float:
    """A value's share of the plot's height on an axis that starts at `floor`."""
    return min(max((_clamp(value) - floor) / (1 - floor), 0.0), 1.0)


def _tick_label(value: float, step: float) -> str:
    return f"{value * 100:.{1 if step < 0.01 else 0}f}%"


def y_axis_title(title: str, floor: float, step: float) -> str:
    """The y axis title, saying when the axis does not start at 0 %."""
    if floor <= 0:
        return translate(title)
    return _("{title} (axis from {floor}, not 0%)").format(title=translate(title), floor=_tick_label(floor, step))


def wrap_label(text: str, pixels: float, size: int) -> list[str]:
    """A label on as many lines as it needs to fit `pixels`: broken at spaces where it can, else between
    characters (Japanese has no spaces); never shortened. The lines are balanced (no lone last word): the
    narrowest width that still needs no more lines is used."""
    lines = _wrap(text, pixels, size)
    narrowest = pixels
    while len(lines) > 1 and narrowest > size:
        narrower = _wrap(text, narrowest - size / 2, size)
        if len(narrower) > len(lines):
            break
        narrowest -= size / 2
        lines = narrower
    return lines


def _wrap(text: str, pixels: float, size: int) -> list[str]:
    """Greedy wrapping: as many words on each line as fit."""
    lines: list[str] = []
    line = ""
    for word in re.split(r"(\s+)", text):
        if not word:
            continue
        candidate = line + word
        if _text_width(candidate.rstrip(), size) <= pixels or not line.strip():
            line = candidate
        else:
            lines.append(line.rstrip())
            line = word.lstrip()
        while _text_width(line.rstrip(), size) > pixels and len(line.strip()) > 1:  # one word wider than a line
            cut = len(line)
            while cut > 1 and _text_width(line[:cut], size) > pixels:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
    if line.strip() or not lines:
        lines.append(line.strip())
    return lines


# ---------------------------------------------------------------------------------------------------------------
# SVG

_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_FONT = "DejaVu Sans, Noto Sans CJK JP, Noto Sans JP, Hiragino Sans, Yu Gothic, Meiryo, sans-serif"

BAR_WIDTH = 40
BAR_GAP = 6
GROUP_PADDING = 28
PLOT_HEIGHT = 280
LEFT = 78  # room for the y labels and the y axis title
RIGHT = 24
LABEL_MAX = 220  # a category label wider than this (pixels) is wrapped onto more lines
LINE_HEIGHT = 15
WHISKER = 8  # the width of an error bar's caps


def svg_chart(
    title: str, categories: list[str], series: list[Series], *, subtitle: str = "", axes: Axes | None = None
) -> str:
    """The grouped bar chart as an SVG document (UTF-8 text with an XML declaration)."""
    _check_shape(categories, series)
    axes = axes or Axes()
    bars_width = max(len(series), 1) * BAR_WIDTH + (max(len(series), 1) - 1) * BAR_GAP
    widest_label = max((_text_width(c, 12) for c in categories), default=0)
    group = max(bars_width + GROUP_PADDING, min(widest_label + 12, LABEL_MAX + 12))
    legend = _legend_layout(series)
    note = closing_note(series)
    plot_width = max(group * max(len(categories), 1), 240)
    width = LEFT + plot_width + RIGHT
    width = max(width, LEFT + legend[-1][2] + RIGHT if legend else 0, _text_width(title, 18) + 2 * LEFT)
    width = max(width, _text_width(subtitle, 13) + 2 * LEFT, _text_width(note, 11) + LEFT + RIGHT)
    width = max(width, _text_width(axes.x_title, 12) + LEFT + RIGHT)
    plot_width = width - LEFT - RIGHT
    group = plot_width / max(len(categories), 1)
    labels = [wrap_label(category, group - 8, 12) for category in categories]

    y = 30.0
    out: list[str] = []
    if title:
        out.append(_text(LEFT, y, title, _TITLE))
        y += 22
    if subtitle:
        out.append(_text(LEFT, y, subtitle, _SUBTITLE))
        y += 20
    if legend:
        y += 6
        for (one, x, _right), number in zip(legend, range(len(series)), strict=True):
            out.append(
                f'<rect class="legend-swatch" x="{LEFT + x:.1f}" y="{y - 10:.1f}" width="12" height="12" '
                f'fill="{_chart_colour(number)}"/>'
            )
            out.append(_text(LEFT + x + 17, y, one.label, _LEGEND_LABEL))
        y += 10
    top = y + 22  # room for the value label of a 100 % bar
    bottom = top + PLOT_HEIGHT

    floor, step = y_range(series)
    ticks = round((1 - floor) / step)
    for number in range(ticks + 1):
        tick = floor + number * step
        line_y = bottom - PLOT_HEIGHT * _height(tick, floor)
        out.append(
            f'<line class="grid" x1="{LEFT:.1f}" y1="{line_y:.1f}" x2="{LEFT + plot_width:.1f}" y2="{line_y:.1f}" '
            'stroke="#ddd" stroke-width="1"/>'
        )
        label = _tick_label(tick, step)
        out.append(_text(LEFT - 6, line_y + 4, label, _Y_LABEL))
    if axes.y_title:
        middle = bottom - PLOT_HEIGHT / 2
        y_title = y_axis_title(axes.y_title, floor, step)
        out.append(_text(LEFT - 50, middle, y_title, _Y_TITLE))

    for index, category in enumerate(categories):
        left = LEFT + group * index + (group - bars_width) / 2
        for number, one in enumerate(series):
            out += _svg_bar(left + number * (BAR_WIDTH + BAR_GAP), bottom, category, one, index, number, floor)
        out.append(_svg_label(LEFT + group * index + group / 2, bottom + 18, category, labels[index]))
    out.append(  # the x axis, over the bars' feet
        f'<line class="axis" x1="{LEFT:.1f}" y1="{bottom:.1f}" x2="{LEFT + plot_width:.1f}" y2="{bottom:.1f}" '
        'stroke="#888" stroke-width="1"/>'
    )
    y = bottom + 18 + LINE_HEIGHT * max((len(lines) for lines in labels), default=1) + 8
    if axes.x_title:
        out.append(_text(LEFT + plot_width / 2, y, axes.x_title, _X_TITLE))
        y += 20
    out.append(_text(LEFT, y, note, _NOTE))

    height = y + 14
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{_FONT}" role="img">\n'
        f"<title>{_escape(title)}</title>\n"
        f'<rect class="background" x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#fff"/>\n'
    )
    return head + "\n".join(out) + "\n</svg>\n"


def _svg_bar(
    x: float, bottom: float, category: str, one: Series, index: int, number: int, floor: float = 0.0
) -> list[str]:
    """One bar with its value above it (and its error bar when simulated), or a dash for no value."""
    centre = x + BAR_WIDTH / 2
    value = _probability(one.values[index])
    interval = one.interval(index)
    tooltip = f"{one.label} — {category}: {_percent(value)}"
    if value is None:
        return [_text(centre, bottom - 6, MISSING, _MISSING_VALUE, tooltip=tooltip)]
    if interval is not None:
        tooltip += _(" (simulated; 95% interval {low}–{high})").format(
            low=_percent(interval[0]), high=_percent(interval[1])
        )
    height = PLOT_HEIGHT * _height(value, floor)
    out = [
        f'<rect class="bar" x="{x:.1f}" y="{bottom - height:.1f}" width="{BAR_WIDTH}" height="{height:.1f}" '
        f'fill="{_chart_colour(number)}"><title>{_escape(tooltip)}</title></rect>'
    ]
    label_y = bottom - height - 4
    if interval is not None:
        low, high = (bottom - PLOT_HEIGHT * _height(end, floor) for end in interval)
        half = WHISKER / 2
        out.append(
            f'<path class="error-bar" d="M{centre:.1f} {low:.1f}V{high:.1f}M{centre - half:.1f} {low:.1f}'
            f'h{WHISKER}M{centre - half:.1f} {high:.1f}h{WHISKER}" stroke="#222" stroke-width="1.2" fill="none"/>'
        )
        label_y = min(label_y, high - 4)
    out.append(_text(centre, label_y, _value_label(value, interval), _VALUE))
    return out


def _svg_label(x: float, y: float, category: str, lines: list[str]) -> str:
    """A category label: one <text>, a <tspan> per line, the whole label as its tooltip when wrapped."""
    spans = "".join(
        f'<tspan x="{x:.1f}" dy="{0 if number == 0 else LINE_HEIGHT}">{_escape(line)}</tspan>'
        for number, line in enumerate(lines)
    )
    tooltip = f"<title>{_escape(category)}</title>" if len(lines) > 1 else ""
    return (
        f'<text class="category" x="{x:.1f}" y="{y:.1f}" font-size="12" fill="#222" text-anchor="middle">'
        f"{spans}{tooltip}</text>"
    )


def _legend_layout(series: list[Series]) -> list[tuple[Series, float, float]]:
    """(series, left x, right x) of each legend entry, in one row."""
    layout = []
    x = 0.0
    for one in series:
        right = x + 17 + _text_width(one.label, 12)
        layout.append((one, x, right))
        x = right + 18
    return layout


@dataclass(frozen=True)
class _TextStyle:
    """How one kind of the chart's text is drawn: its SVG class, size, colour, anchor, weight, and whether it runs
    up the page (the y axis's title)."""

    cls: str
    size: int
    fill: str = "#222"
    anchor: str = "start"
    weight: str = "normal"
    rotate: bool = False


_TITLE = _TextStyle("title", 18, weight="bold")
_SUBTITLE = _TextStyle("subtitle", 13, fill="#555")
_LEGEND_LABEL = _TextStyle("legend-label", 12)
_Y_LABEL = _TextStyle("y-label", 11, fill="#555", anchor="end")
_Y_TITLE = _TextStyle("y-title", 12, fill="#333", anchor="middle", rotate=True)
_X_TITLE = _TextStyle("x-title", 12, fill="#333", anchor="middle")
_NOTE = _TextStyle("note", 11, fill="#555")
_MISSING_VALUE = _TextStyle("missing", 12, fill="#999", anchor="middle")
_VALUE = _TextStyle("value", 11, anchor="middle")


def _text(x: float, y: float, text: str, style: _TextStyle, *, tooltip: str | None = None) -> str:
    extra = f' font-weight="{style.weight}"' if style.weight != "normal" else ""
    if style.rotate:
        extra += f' transform="rotate(-90 {x:.1f} {y:.1f})"'
    body = _escape(text) + (f"<title>{_escape(tooltip)}</title>" if tooltip else "")
    return (
        f'<text class="{style.cls}" x="{x:.1f}" y="{y:.1f}" font-size="{style.size}" fill="{style.fill}" '
        f'text-anchor="{style.anchor}"{extra}>{body}</text>'
    )


def _escape(text: str) -> str:
    """Text content for XML: markup characters escaped, characters XML 1.0 forbids dropped."""
    return escape(_XML_INVALID.sub("", text), quote=False)


def _text_width(text: str, size: int) -> float:
    """A rough rendered width in pixels: wide (CJK) characters about one em, others about 0.6 em."""
    return sum(size if unicodedata.east_asian_width(c) in ("W", "F") else size * 0.6 for c in text)


def _chart_colour(number: int) -> str:
    return CHART_COLOURS[number % len(CHART_COLOURS)]


# ---------------------------------------------------------------------------------------------------------------
# PNG (matplotlib)

_CJK_FONTS = (
    "Noto Sans CJK JP",
    "Noto Sans JP",
    "Source Han Sans",
    "Source Han Sans JP",
    "IPAexGothic",
    "IPAGothic",
    "IPAPGothic",
    "TakaoGothic",
    "TakaoPGothic",
    "VL Gothic",
    "VL PGothic",
    "Hiragino Sans",
    "Hiragino Kaku Gothic ProN",
    "Yu Gothic",
    "Meiryo",
    "MS Gothic",
)
#: Kana, kanji and full-width forms: text DejaVu Sans cannot draw.
_CJK_TEXT = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
NO_CJK_FONT = N_(
    "the PNG's Japanese text is drawn as empty boxes: no Japanese font is installed. Install one (Debian/Ubuntu: "
    "apt install fonts-noto-cjk; Fedora: dnf install google-noto-sans-cjk-ttc-fonts; Arch: pacman -S "
    "noto-fonts-cjk; macOS and Windows have one) and draw again: deckcheck looks in the usual font folders itself, "
    "so matplotlib's font cache need not be rebuilt. Or write the chart as .svg"
)
#: Where installed Japanese fonts are, by system (globs): matplotlib's font cache, built before a font was
#: installed, does not know them; deckcheck adds the files it finds here (fontManager.addfont).
CJK_FONT_FILES = (
    "/usr/share/fonts/**/*CJK*",
    "/usr/share/fonts/**/*[Ii][Pp][Aa]*",
    "/usr/share/fonts/**/*Takao*",
    "/usr/share/fonts/**/*[Vv][Ll]-*Gothic*",
    "/usr/share/fonts/**/*SourceHan*",
    "/usr/local/share/fonts/**/*CJK*",
    "~/.local/share/fonts/**/*CJK*",
    "~/.fonts/**/*CJK*",
    "/System/Library/Fonts/*ヒラギノ*",
    "/System/Library/Fonts/Hiragino*",
    "/Library/Fonts/*CJK*",
    "C:/Windows/Fonts/meiryo.ttc",
    "C:/Windows/Fonts/YuGoth*.tt*",
    "C:/Windows/Fonts/msgothic.ttc",
)
_FONT_SUFFIXES = (".ttf", ".otf", ".ttc")
#: Python packages that ship a Japanese font (installed with `deckcheck[plot]`, so that a fresh machine draws Japanese
#: without a system font): the package, and its font files' folder. Looked up without importing the package.
FONT_PACKAGES = (("japanize_matplotlib", "fonts"),)  # IPAexGothic (IPA Font License)


def installed_cjk_fonts() -> list[str]:
    """The Japanese fonts matplotlib can use here, in order of preference: those in its font cache, else the font
    files found in the usual folders (CJK_FONT_FILES), added to matplotlib for this run, so that a font installed
    after the cache was built is found without rebuilding it."""
    from matplotlib import font_manager  # deferred: matplotlib on the PNG path only

    def known() -> list[str]:
        installed = {font.name for font in font_manager.fontManager.ttflist}
        return [name for name in _CJK_FONTS if name in installed]

    if found := known():
        return found
    for path in [*cjk_font_files(), *packaged_cjk_font_files()]:
        with contextlib.suppress(Exception):  # a file that is not a font matplotlib can read is passed over
            font_manager.fontManager.addfont(path)
    return known()


def packaged_cjk_font_files(packages: tuple[tuple[str, str], ...] | None = None) -> list[str]:
    """The Japanese font files that installed Python packages ship (FONT_PACKAGES, or `packages`): the system's fonts
    come first, these where the machine has none."""
    found: list[str] = []
    for package, folder in FONT_PACKAGES if packages is None else packages:
        try:
            spec = importlib.util.find_spec(package)
        except (ImportError, ValueError):
            continue
        if spec is None or spec.origin is None:
            continue
        fonts = Path(spec.origin).parent / folder
        found += sorted(str(path) for path in fonts.glob("*") if path.suffix.lower() in _FONT_SUFFIXES)
    return found


def cjk_font_files(patterns: tuple[str, ...] | None = None) -> list[str]:
    """The font files matching CJK_FONT_FILES (or `patterns`) on this machine."""
    import glob  # deferred: font search on the PNG path only
    import os.path  # deferred: with it

    found: list[str] = []
    for pattern in CJK_FONT_FILES if patterns is None else patterns:
        for path in sorted(glob.glob(os.path.expanduser(pattern), recursive=True)):
            if path.lower().endswith(_FONT_SUFFIXES) and path not in found:
                found.append(path)
    return found


def _png_drawer(
    title: str, categories: list[str], series: list[Series], *, subtitle: str, axes: Axes
) -> tuple[Callable[[BinaryIO], None], str | None]:
    """Import matplotlib (or explain how to get it); return a function that draws the chart into a file, and the
    warning the user needs (None when every character can be drawn)."""
    try:
        import matplotlib  # deferred: matplotlib on the PNG path only (an optional dependency)
        from matplotlib.figure import Figure
    except ImportError as error:
        raise OptionError(
            "plot",
            _("{option} FILE.png needs matplotlib: pip install 'deckcheck[plot]' (or write .svg)").format(
                option=mention("plot")
            ),
            field="plot",
        ) from error
    import logging  # deferred: matplotlib's loggers, on the PNG path only with matplotlib itself

    matplotlib.use("Agg")
    fallbacks = installed_cjk_fonts()
    texts = [title, subtitle, axes.x_title, translate(axes.y_title), *categories, *(one.label for one in series)]
    problem = translate(NO_CJK_FONT) if not fallbacks and any(_CJK_TEXT.search(text) for text in texts) else None

    def draw(handle: BinaryIO) -> None:
        rc: dict[Any, Any] = {"font.family": ["DejaVu Sans", *fallbacks]}  # (matplotlib types rc names as Literals)
        font_log = logging.getLogger("matplotlib.font_manager")  # "no bold weight" for a Japanese font: harmless
        level = font_log.level
        font_log.setLevel(logging.ERROR)
        with matplotlib.rc_context(rc), warnings.catch_warnings(), contextlib.ExitStack() as restore:
            restore.callback(font_log.setLevel, level)
            # The missing-font case is said once (the returned warning), not once per glyph.
            warnings.filterwarnings("ignore", message=r"Glyph \d+ .*missing from")
            figure = _png_figure(Figure, title, categories, series, subtitle=subtitle, axes=axes)
            figure.savefig(handle, format="png", dpi=150)

    return draw, problem


def _png_figure(
    figure_type: type, title: str, categories: list[str], series: list[Series], *, subtitle: str, axes: Axes
) -> Any:
    """The SVG's layout in matplotlib: title, subtitle and legend on top, wrapped labels, axis titles, the note."""
    count = max(len(series), 1)
    floor, step = y_range(series)
    lift = 1.5 * (1 - floor)  # a value label's gap above its bar, in axis units
    group_inches = max(0.45 * count + 0.5, min(max((_text_width(c, 12) for c in categories), default=0), 220) / 90)
    width = max(6.4, 1.4 + len(categories) * group_inches)
    figure = figure_type(figsize=(width, 5.2), layout="constrained")
    plot = figure.add_subplot()
    bar_width = 0.7 / count
    positions = range(len(categories))
    for number, one in enumerate(series):
        offset = (number - (count - 1) / 2) * bar_width
        shown = [(p, v, one.interval(p)) for p, v in enumerate(map(_probability, one.values)) if v is not None]
        heights = [_clamp(v) * 100 for _, v, _ in shown]
        bars = plot.bar(
            [p + offset for p, _, _ in shown], heights, bar_width, label=one.label, color=_chart_colour(number)
        )
        simulated = [(p, v, i) for p, v, i in shown if i is not None]
        if simulated:  # error bars on the simulated values only
            plot.errorbar(
                [p + offset for p, _, _ in simulated],
                [_clamp(v) * 100 for _, v, _ in simulated],
                yerr=[
                    [(_clamp(v) - _clamp(i[0])) * 100 for _, v, i in simulated],
                    [(_clamp(i[1]) - _clamp(v)) * 100 for _, v, i in simulated],
                ],
                fmt="none",
                ecolor="#222",
                elinewidth=1.2,
                capsize=3,
            )
        for bar, (_place, v, i) in zip(bars, shown, strict=True):  # above the bar, or above its error bar
            top = max(_clamp(v), _clamp(i[1]) if i else 0.0) * 100
            centre = bar.get_x() + bar.get_width() / 2
            plot.text(centre, top + lift, _value_label(v, i), ha="center", va="bottom", fontsize=8)
        for p, value in enumerate(one.values):
            if _probability(value) is None:
                plot.text(p + offset, floor * 100 + lift, MISSING, ha="center", va="bottom", color="#999", fontsize=9)
    pixels_per_group = group_inches * 90 - 8
    plot.set_xticks(list(positions), ["\n".join(wrap_label(c, pixels_per_group, 12)) for c in categories])
    ticks = [floor + number * step for number in range(round((1 - floor) / step) + 1)]
    plot.set_ylim(floor * 100, 100 + 10 * (1 - floor))
    plot.set_yticks([tick * 100 for tick in ticks], [_tick_label(tick, step) for tick in ticks])
    plot.yaxis.grid(True, color="#ddd")
    plot.set_axisbelow(True)
    for side in ("top", "right"):
        plot.spines[side].set_visible(False)
    if axes.y_title:
        plot.set_ylabel(y_axis_title(axes.y_title, floor, step), color="#333")
    if axes.x_title:
        plot.set_xlabel(axes.x_title, color="#333")
    if title:
        figure.suptitle(title, fontweight="bold", x=0.02, ha="left")
    if series:  # above the bars, under the title and subtitle, as in the SVG
        plot.legend(loc="lower left", bbox_to_anchor=(0, 1.0), ncols=min(len(series), 4), frameon=False)
    if subtitle:
        plot.set_title(subtitle + "\n", loc="left", fontsize=10, color="#555", pad=14)
    figure.supxlabel(closing_note(series), fontsize=8, color="#555", x=0.02, ha="left")
    return figure
