"""Search keys: how `cards search` and unknown-card suggestions forgive how Japanese is typed.

Kept apart from deckcheck._util.normalize: its patterns take a few milliseconds to compile, which a `check` that meets
no unknown card should not pay.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_KANJI = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆ヵヶ"
_KANA = "\u3041-\u3096\u30a1-\u30faー"
# Furigana: a parenthesised run of kana right after kanji (NFKC has already made （） into ()).
_FURIGANA = re.compile(rf"(?<=[{_KANJI}])\(([{_KANA}]+)\)")
# The same with the kanji it reads, to build a key that spells the reading instead of the kanji.
_READING = re.compile(rf"[{_KANJI}]+\(([{_KANA}]+)\)")
# Typed in many ways or left out: white space, middle dots (・ ･ · after NFKC: ・ ·), hyphens and dashes, the
# look-alikes of the long-vowel mark (― ─ 〜 ~), and the double hyphens of foreign names (゠ =).
# ー itself stays: it is part of the word (ブラスター).
_SEPARATORS = re.compile(r"[\s・·•‧\-‐‑‒–—―−─━〜~゠=]+")
_KATAKANA_START, _KATAKANA_END, _KANA_SHIFT = 0x30A1, 0x30F6, 0x60


_HIRAGANA = {code: code - _KANA_SHIFT for code in range(_KATAKANA_START, _KATAKANA_END + 1)}


def fold_key(text: str) -> str:
    """Case, kana and separators folded away (the text is already NFKC)."""
    return _SEPARATORS.sub("", text.casefold().translate(_HIRAGANA))


def search_key(text: str) -> str:
    """The form names and queries are compared in: NFKC, casefolded, hiragana, no furigana, no separators."""
    return fold_key(_FURIGANA.sub("", unicodedata.normalize("NFKC", text)))


_NAME_KEYS: dict[str, tuple[str, ...]] = {}  # every name's keys, once per process (see name_keys_of)
_JOINER = "\x00"  # joins names for one pass over all of them: no name holds it, and no rule of NFKC crosses it


def name_keys(name: str) -> tuple[str, ...]:
    """A name's search keys: without its furigana (the main one), with it, and spelled by its reading."""
    keys = _NAME_KEYS.get(name)
    if keys is None:
        keys = _NAME_KEYS[name] = _keys_of(unicodedata.normalize("NFKC", name))
    return keys


def remember_name_keys(keys: dict[str, tuple[str, ...]]) -> None:
    """Keys worked out before (the card cache holds them): `name_keys` answers from them."""
    _NAME_KEYS.update(keys)


def name_keys_of(names: Iterable[str]) -> None:
    """Work out the keys of many names at once (a search looks at every name of a database: one pass over all of
    them costs a third of one pass per name); `name_keys` then answers from memory."""
    todo = [name for name in names if name not in _NAME_KEYS and _JOINER not in name]
    if not todo:
        return
    texts = unicodedata.normalize("NFKC", _JOINER.join(todo)).split(_JOINER)
    folded = fold_key(_JOINER.join(texts)).split(_JOINER)
    if len(texts) != len(todo) or len(folded) != len(todo):  # cannot happen; never risk a wrong key
        return
    for name, text, key in zip(todo, texts, folded, strict=True):
        _NAME_KEYS[name] = (key,) if "(" not in text else _keys_of(text)


def _keys_of(text: str) -> tuple[str, ...]:
    if "(" not in text:  # no furigana (most names): the three keys are one
        return (fold_key(text),)
    keys = [search_key(text), fold_key(_FURIGANA.sub(r"\1", text)), fold_key(_READING.sub(r"\1", text))]
    return tuple(dict.fromkeys(keys))
