"""Text that is safe to print: control characters made visible, for terminals and for XML."""

from __future__ import annotations

import re
from collections.abc import Sequence

from deckcheck._i18n import _

# Invisible characters that change how the text around them is shown: every format character (Unicode category Cf:
# the bidi controls U+202A-202E and U+2066-2069 that make a terminal reorder the rest of a line, the marks U+200E,
# U+200F and U+061C, the zero-width U+200B-200D, U+2060 and U+FEFF that make two names look alike, the soft hyphen,
# the tag characters ...; tests/_util/test_safetext.py holds this list to unicodedata's), and the line and
# paragraph separators U+2028 and U+2029. No card name needs one: Japanese text has none, and the card data has none.
_FORMAT = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064"
    "\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
)
# Characters a terminal or an XML 1.0 parser must not receive raw: C0 controls (newline and tab are kept where a
# format allows them), DEL, C1 controls, lone surrogates (undecodable file names), the XML non-characters, and the
# invisible format characters above.
_UNSAFE = f"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff{_FORMAT}]"
_UNSAFE_OR_BREAK = f"[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff{_FORMAT}]"
_compiled: dict[str, re.Pattern[str]] = {}


def _pattern(source: str) -> re.Pattern[str]:
    """The compiled pattern, compiled when first used (each costs about half a millisecond, and every command
    imports this module: most use one of them)."""
    pattern = _compiled.get(source)
    if pattern is None:
        pattern = _compiled[source] = re.compile(source)
    return pattern


def escape_controls(text: str, keep_newlines: bool = False) -> str:
    """`text` with every control character written as a visible escape: U+0007 becomes the four characters
    `\\x07`, U+009B `\\x9b`, a lone surrogate `\\udc80`, the bidi override U+202E `\\u202e`, a tag character
    `\\U000e0041`. A name like `\\x1b]0;title\\x07` then reaches a terminal (or an XML parser) as text, never as a
    command, and no invisible character reorders a line or makes two names look alike. `keep_newlines` keeps line
    breaks and tabs."""
    pattern = _pattern(_UNSAFE if keep_newlines else _UNSAFE_OR_BREAK)
    if not pattern.search(text):
        return text  # nearly always
    return pattern.sub(_escape_one, text)


def _escape_one(match: re.Match[str]) -> str:
    code = ord(match[0])
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


# Colour codes (SGR, `ESC [ digits m`): what deckcheck's own styling writes on a terminal.
_STYLE = re.compile(r"(\x1b\[[0-9;]*m)")


def escape_controls_keeping_style(text: str) -> str:
    """:func:`escape_controls` (line breaks kept) for text that deckcheck has coloured: its colour codes stay, every
    other control character is made visible. (A colour code inside a name would stay a colour code too: it can
    change colours, never retitle the terminal, move the cursor or clear the screen.)"""
    if "\x1b" not in text:
        return escape_controls(text, keep_newlines=True)
    parts = _STYLE.split(text)
    return "".join(part if index % 2 else escape_controls(part, keep_newlines=True) for index, part in enumerate(parts))


# In JSON text these characters can stand only inside strings (its structure is ASCII), where json.dumps leaves them
# raw: DEL, the C1 controls (U+009B is a terminal's CSI), the invisible format characters, and lone surrogates (a
# JSON deck's "\ud800" or "\udc80" escape, a file name that is not UTF-8), which no UTF-8 stream can carry.
_JSON_RAW_CONTROLS = f"[\x7f-\x9f\ud800-\udfff{_FORMAT}]"


def escape_json_controls(text: str) -> str:
    """JSON text with DEL, the C1 controls, the format characters and lone surrogates written as `\\uXXXX` escapes
    (a character beyond U+FFFF as its surrogate pair, as JSON spells it): the same JSON, safe on a terminal and
    valid UTF-8."""
    pattern = _pattern(_JSON_RAW_CONTROLS)
    if not pattern.search(text):
        return text
    return pattern.sub(_json_escape, text)


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match[0])
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


# Lone surrogates that surrogateescape cannot give back as a byte: all but U+DC80-U+DCFF (the bytes of a file name
# that is not UTF-8). A JSON deck spells any of them as an escape: "k\ud800", "k\udc00".
_NOT_A_BYTE = "([\ud800-\udc7f\udd00-\udfff]+)"


def utf8_bytes(text: str) -> bytes:
    """`text` as UTF-8 bytes whatever it holds, for a hash or a percent-encoded URI: a lone surrogate U+DC80-U+DCFF
    as the byte of the file name it stands for (surrogateescape), any other lone surrogate (a JSON `\\ud800`
    escape) as its three bytes (surrogatepass), which no UTF-8 text has, so two different texts never give the same
    bytes."""
    try:
        return text.encode("utf-8", "surrogateescape")  # nearly always
    except UnicodeEncodeError:
        parts = _pattern(_NOT_A_BYTE).split(text)
        return b"".join(
            part.encode("utf-8", "surrogatepass" if index % 2 else "surrogateescape")
            for index, part in enumerate(parts)
        )


# Echoes of what the user gave (issue 26 items 17-18) ---------------------------------------------------------------

#: How much of a user's input a message repeats: a 40,000-character card name is not echoed whole.
ECHO_LIMIT = 200


def one_line(text: str) -> str:
    """A path, name or key inside a line of output: :func:`escape_controls` with line breaks and tabs escaped too, so
    that a file named `a\\nFAKE LINE` cannot forge a line of output."""
    return escape_controls(text)


def cut(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` whole when it has at most `limit` characters, else its first `limit`, an ellipsis and its length:
    `abab… (40,000 characters)`."""
    return text if len(text) <= limit else f"{text[:limit]}…{_characters(len(text))}"


def _characters(length: int) -> str:
    """' (40,000 characters)': how long a text cut short was."""
    return _(" ({n} characters)").format(n=f"{length:,}")


def echoed(text: str, limit: int = ECHO_LIMIT) -> str:
    """User input repeated inside a message: cut to `limit` characters (its length said) and on one line."""
    return one_line(cut(text, limit))


def quoted(value: object, limit: int = ECHO_LIMIT) -> str:
    """A value quoted in a message as `{value!r}` would, cut: `'abab'… (40,000 characters)`. A string's repr escapes
    line breaks, tabs, control and format characters, so the quote is one line."""
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}…{_characters(len(value))}"
    try:
        text = repr(value)
    except ValueError:  # an int of more digits than Python prints
        return _("a number too long to print")
    return one_line(cut(text, limit))


def quoted_list(values: Sequence[object], limit: int = ECHO_LIMIT) -> str:
    """Values quoted (see :func:`quoted`) and joined by commas, as many as fit in about `limit` characters, then how
    many there are in all: a header of 100,000 unknown columns is not echoed whole."""
    shown: list[str] = []
    length = 0
    for value in values:
        item = quoted(value, limit)
        if shown and length + len(item) > limit:
            return _("{values}, … ({n} in all)").format(values=", ".join(shown), n=f"{len(values):,}")
        shown.append(item)
        length += len(item) + 2
    return ", ".join(shown)
