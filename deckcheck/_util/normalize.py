"""The normalisations every command and game agree on (contract, "Fixed details")."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_SPACES = re.compile(r"\s+")
# What a loose comparison of names leaves out: white space, middle dots, punctuation and symbols (all but letters and
# digits; ー and 々 are letters).
_NOT_WORD = re.compile(r"[\W_]+")


# Rules and look-ups normalise the same few thousand names and numbers for every deck: remembered, not redone.
@lru_cache(maxsize=1 << 16)
def norm_name(value: str) -> str:
    """NFKC, trimmed, inner runs of white space collapsed to one ASCII space."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", value)).strip()


@lru_cache(maxsize=1 << 16)
def norm_number(value: str) -> str:
    """NFKC, trimmed, upper-cased."""
    return unicodedata.normalize("NFKC", value).strip().upper()


def loose_name(value: str) -> str:
    """A name compared loosely: NFKC (width), without white space, middle dots, punctuation and symbols
    (`希望の火エルモ` and `希望の火 エルモ`, `Mrインビンシブル` and `Mr.インビンシブル` alike; case and kana kept)."""
    return _NOT_WORD.sub("", unicodedata.normalize("NFKC", value))


# Hiragana that has a katakana twin (ぁ..ゖ, ゝゞ): the commonest IME slip is one kana in the other script.
_HIRAGANA = {code: code + 0x60 for code in (*range(0x3041, 0x3097), 0x309D, 0x309E)}


def kana_name(value: str) -> str:
    """A name compared loosely with hiragana read as katakana (`べリアルオウル` and `ベリアルオウル` alike): the key of
    a kana slip, which the readers take only when it names exactly one card, and say so."""
    return loose_name(value).translate(_HIRAGANA)
