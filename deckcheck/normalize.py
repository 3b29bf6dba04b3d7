"""The normalisations every command and game agree on (contract, "Fixed details")."""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")


def norm_name(value: str) -> str:
    """NFKC, trimmed, inner runs of white space collapsed to one ASCII space."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", value)).strip()


def norm_number(value: str) -> str:
    """NFKC, trimmed, upper-cased."""
    return unicodedata.normalize("NFKC", value).strip().upper()
