"""Text that is safe to print: control characters made visible, for terminals and for XML."""

from __future__ import annotations

import re

# Characters a terminal or an XML 1.0 parser must not receive raw: C0 controls (newline and tab are kept where a
# format allows them), DEL, C1 controls, lone surrogates (undecodable file names) and the XML non-characters.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_UNSAFE_OR_BREAK = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def escape_controls(text: str, keep_newlines: bool = False) -> str:
    """`text` with every control character written as a visible escape: U+0007 becomes the four characters
    `\\x07`, U+009B `\\x9b`, a lone surrogate `\\udc80`. A name like `\\x1b]0;title\\x07` then reaches a
    terminal (or an XML parser) as text, never as a command. `keep_newlines` keeps line breaks and tabs."""
    pattern = _UNSAFE if keep_newlines else _UNSAFE_OR_BREAK
    if not pattern.search(text):
        return text  # nearly always
    return pattern.sub(_escape_one, text)


def _escape_one(match: re.Match[str]) -> str:
    code = ord(match[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


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
# raw: DEL and the C1 controls (U+009B is a terminal's CSI).
_JSON_RAW_CONTROLS = re.compile("[\x7f-\x9f]")


def escape_json_controls(text: str) -> str:
    """JSON text with DEL and the C1 controls written as `\\u00XX` escapes: the same JSON, safe on a terminal."""
    if not _JSON_RAW_CONTROLS.search(text):
        return text
    return _JSON_RAW_CONTROLS.sub(lambda match: f"\\u{ord(match[0]):04x}", text)
