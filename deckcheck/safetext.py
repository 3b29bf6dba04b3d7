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
