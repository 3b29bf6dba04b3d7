"""What the official deck registry's export says of a Shadowverse EVOLVE deck besides its lists (`deck_param2`)."""

from __future__ import annotations

import re
from typing import Any

from deckcheck._i18n import _
from deckcheck._util.normalize import norm_name
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.errors import DeckcheckError
from deckcheck.games.evolve.basis import BASIS_WORDS
from deckcheck.games.evolve.card import CINDERELLA_GIRLS, CLASS_NAMES, CROSSOVER, VANGUARD_TITLE, word_key


def registry_keys(data: dict[str, Any]) -> tuple[dict[str, str], list[str]]:
    """What a registry export's `deck_param2` says (spec evolve-1.24.1 §1, "Output and convert"): the basis as a
    word (クラス / タイトル, class / title); a class (the deck is built on its class); a pair of two classes
    (「エルフ/ロイヤル」: the crossover format, B-2, with no basis; its two leaders are in `p_list`); or a title (the
    deck is built on that title). Any other value is an error naming the field, never taken for a title."""
    raw = data.get("deck_param2")
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return {}, []
    text = norm_name(str(raw)) if isinstance(raw, str) else ""
    if (word := BASIS_WORDS.get(word_key(text))) is not None:
        return {"basis": word}, []
    if _registry_class(text) is not None:
        return {"basis": "class"}, []
    pair = [_registry_class(part) for part in re.split(r"[/／]", text)]
    if len(pair) == 2 and None not in pair and len(set(pair)) == 2:
        # two classes: the crossover format (B-2), its two leaders in `p_list`; it has no basis to declare
        note = _("deck_param2 {value} is a pair of classes: format = crossover (B-2)").format(value=quoted(raw))
        return {"format": CROSSOVER}, [note]
    if text and _title_key(text) in {_title_key(title) for title in REGISTRY_TITLES}:
        note = _("deck_param2 {value} is the title the deck is built on: basis = title").format(value=quoted(raw))
        return {"basis": "title"}, [note]
    raise DeckcheckError(
        _(
            "{value} is neither a class, a pair of two different classes (a crossover deck, e.g. 'エルフ/ロイヤル') "
            "nor a title deckcheck knows ({titles}): its basis or format cannot be read"
        ).format(value=quoted(raw), titles=joined(REGISTRY_TITLES)),
        field="deck_param2",
    )


# The classes a registry export names: the six leader classes in English or Japanese (not Neutral, no leader's class).
_REGISTRY_CLASSES = {word_key(name): name for name in CLASS_NAMES if name != "neutral"} | {
    word_key(word): name
    for word, name in (
        ("エルフ", "forest"),
        ("ロイヤル", "sword"),
        ("ウィッチ", "rune"),
        ("ドラゴン", "dragon"),
        ("ナイトメア", "abyss"),
        ("ビショップ", "haven"),
    )
}
# The titles of the crossover products (the shipped database's four): the titles a registry export may build on.
REGISTRY_TITLES = (
    norm_name("ウマ娘 プリティーダービー"),
    CINDERELLA_GIRLS,
    VANGUARD_TITLE,
    norm_name("プリンセスコネクト!Re:Dive"),
)


def _registry_class(text: str) -> str | None:
    return _REGISTRY_CLASSES.get(word_key(text))


def _title_key(text: str) -> str:
    """A title compared without its spacing or case: 「ウマ娘　プリティーダービー」 is ウマ娘 プリティーダービー."""
    return "".join(word_key(text).split())
