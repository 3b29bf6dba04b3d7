"""Shadowverse EVOLVE's card model (spec "Card model"), the versions, formats and titles its rules name, and what the
card database and the builder read of a card."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Annotated, Any

from deckcheck._i18n import N_, _, translate
from deckcheck._util.normalize import norm_name
from deckcheck.model.cards import (
    After,
    Before,
    Bounds,
    Card,
    choice,
    invalid_fields,
    plain_int,
    record_field,
    validates_after,
    validates_before,
)

# The copy limit of a name in each deck without a deck_limit (6.1.1.4).
DEFAULT_COPIES = 3

CardType = choice(
    ("leader", "follower", "amulet", "spell", "equipment", "crest"),
    {
        "リーダー": "leader",
        "フォロワー": "follower",
        "アミュレット": "amulet",
        "スペル": "spell",
        "イクイップメント": "equipment",
        "クレスト": "crest",
    },
)

CLASS_NAMES = {
    "forest": N_("Forestcraft (エルフ)"),
    "sword": N_("Swordcraft (ロイヤル)"),
    "rune": N_("Runecraft (ウィッチ)"),
    "dragon": N_("Dragoncraft (ドラゴン)"),
    "abyss": N_("Abysscraft (ナイトメア)"),
    "haven": N_("Havencraft (ビショップ)"),
    "neutral": N_("Neutral (ニュートラル)"),
}


def class_name(value: str) -> str:
    """A class as messages name it: 'Forestcraft (エルフ)' in English, 「エルフ」 in Japanese."""
    return translate(CLASS_NAMES[value])


ClassName = choice(
    tuple(CLASS_NAMES),
    {
        "エルフ": "forest",
        "Forestcraft": "forest",
        "ロイヤル": "sword",
        "Swordcraft": "sword",
        "ウィッチ": "rune",
        "Runecraft": "rune",
        "ドラゴン": "dragon",
        "Dragoncraft": "dragon",
        "ナイトメア": "abyss",
        "Abysscraft": "abyss",
        "ビショップ": "haven",
        "Havencraft": "haven",
        "ニュートラル": "neutral",
    },
)

# Words of a combined type line (「フォロワー・エボルヴ」, "Spell / Token") after its first part.
_FLAG_WORDS = {
    "エボルヴ": "evolve",
    "エボルブ": "evolve",
    "evolve": "evolve",
    "アドバンス": "advance",
    "advance": "advance",
    "トークン": "token",
    "token": "token",
}
# The special kinds as messages name them ("EVOLVE" in English, 「エボルヴ」 in Japanese).
_FLAG_NAMES = {"evolve": N_("EVOLVE"), "advance": N_("ADVANCE"), "token": N_("TOKEN")}
# The card types as messages name them (「フォロワー」 in Japanese).
_TYPE_NAMES = {
    "leader": N_("leader"),
    "follower": N_("follower"),
    "amulet": N_("amulet"),
    "spell": N_("spell"),
    "equipment": N_("equipment"),
    "crest": N_("crest"),
}
_TYPE_LINE_SPLIT = re.compile(r"\s*[・/]\s*")
_BLANKS = {"", "-", "ー", "―", "—", "–", "なし"}


def word_key(value: str) -> str:
    return unicodedata.normalize("NFKC", value).strip().casefold()


def _blank_to_none(value: Any) -> Any:
    """「-」 or an empty cell means the field is absent (a card with no class, a leader's cost)."""
    if isinstance(value, str) and word_key(value) in _BLANKS:
        return None
    return value


def _optional_name(value: str | None) -> str | None:
    return None if value is None else norm_name(value)


def _traits(value: Any) -> Any:
    """A list of traits; a printed line 「兵士・指揮官」 is split on 「・」 or '/'."""
    if value is None:
        return []
    if isinstance(value, str):
        value = _TYPE_LINE_SPLIT.split(unicodedata.normalize("NFKC", value).strip())
    if isinstance(value, list):
        return [norm_name(str(item)) for item in value if str(item).strip()]
    return value


def _optional_int(value: Any) -> Any:
    return plain_int(_blank_to_none(value))


OptionalClass = Annotated[ClassName | None, Before(_blank_to_none)]  # type: ignore[valid-type]
OptionalText = Annotated[str | None, Before(_blank_to_none), After(_optional_name)]
Cost = Annotated[Annotated[int, Bounds(ge=0)] | None, Before(_optional_int)]
Stat = Annotated[int | None, Before(_optional_int)]
Traits = Annotated[list[str], Before(_traits)]

# The trigger icon of a Vanguard-title card (14.4.1.1, rules Ver.1.24.1): none is no field (or 「なし」, "none").
TriggerIcon = choice(
    ("critical", "draw", "stand", "heal"),
    {
        "クリティカル": "critical",
        "クリティカルトリガー": "critical",
        "ドロー": "draw",
        "ドロートリガー": "draw",
        "スタンド": "stand",
        "スタンドトリガー": "stand",
        "ヒール": "heal",
        "ヒールトリガー": "heal",
    },
)


def _no_trigger(value: Any) -> Any:
    """「-」, 「なし」 or "none" is no trigger icon."""
    if isinstance(value, str) and word_key(value) == "none":
        return None
    return _blank_to_none(value)


def _printed_name(value: str | None) -> str | None:
    return None if value is None else value.strip()


OptionalTrigger = Annotated[TriggerIcon | None, Before(_no_trigger)]  # type: ignore[valid-type]


def _name_parts(value: Any) -> Any:
    """Name parts (『カットスロート』), one or a list, each compared after norm_name."""
    if isinstance(value, str):
        value = [value]
    if isinstance(value, list):
        return [norm_name(str(item)) for item in value if str(item).strip()]
    return value


NameParts = Annotated[list[str], Before(_name_parts)]
OptionalLimit = Annotated[Annotated[int, Bounds(ge=0)] | None, Before(_optional_int)]
# A name shown as written (trimmed): face 2 of a double-sided card, never compared (2.15.2).
PrintedName = Annotated[str | None, Before(_blank_to_none), After(_printed_name)]


class EvolveCard(Card):
    schema_config = {"populate_by_name": True}  # `class` in a record, `class_` in code

    type: CardType  # type: ignore[valid-type]
    evolve: bool = False
    # ADVANCE (「フォロワー・アドバンス」, a kind newer than Ver.1.7.0): built into the evolve deck like EVOLVE cards
    # (spec, Importer notes "Later products").
    advance: bool = False
    token: bool = False
    class_: OptionalClass = record_field(None, alias="class")
    title: OptionalText = None
    collab_name: OptionalText = None
    cost: Cost = None
    attack: Stat = None
    defense: Stat = None
    traits: Traits = []
    # Facts of rules Ver.1.24.1 (spec/evolve-1.24.1.md §2): 【スタートアミュレット】 (14.4.4), the trigger icon
    # (14.4.1.1), and a double-sided card (2.15), one record keyed by face 1; `back_name` is face 2's name, for
    # display only (the copy limit counts face 1's name, 6.1.1.4.1).
    start_amulet: bool = False
    trigger: OptionalTrigger = None
    double_sided: bool = False
    back_name: PrintedName = None
    # A construction condition the card sets for the other cards while it is in the deck (6.1.2; spec evolve-2026
    # §3, BP19-110 機鋒の咎人・カットスロート): every card name that contains none of `others_except` may have at most
    # `others_limit` copies in the main deck and in the evolve deck each; `construction` is the card's sentence, as
    # printed, which messages quote. Its own limit stays `deck_limit`; both are read by `construction_conditions`.
    others_limit: OptionalLimit = None
    others_except: NameParts = []
    construction: PrintedName = None

    @validates_before
    @classmethod
    def _split_type_line(cls, data: Any) -> Any:
        """「フォロワー・エボルヴ」 / 「スペル・トークン」 become `type` plus the `evolve` / `token` flags."""
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            return data
        parts = [part for part in _TYPE_LINE_SPLIT.split(unicodedata.normalize("NFKC", data["type"]).strip()) if part]
        if len(parts) < 2:
            return data
        flags = [_FLAG_WORDS.get(word_key(part)) for part in parts[1:]]
        if None in flags:
            return data  # left whole, so the `type` field reports the line it cannot read
        data = dict(data)
        for flag in flags:
            assert flag is not None  # (None is not in flags)
            given = data.get(flag)
            if given is not None and given is not True and str(given).strip().lower() not in {"true", "1", "yes"}:
                raise ValueError(
                    _("type line {line!r} marks the card {kind}, but the record says {field} = {given!r}").format(
                        line=data["type"], kind=translate(_FLAG_NAMES[flag]), field=flag, given=given
                    )
                )
            data[flag] = True
        data["type"] = parts[0]
        return data

    @validates_after
    def _equipment_is_a_token(self) -> EvolveCard:
        # 「イクイップメント・トークン」, a later kind, exists only as a token (spec, "Later products"); so does a
        # crest, 「クレスト・トークン」 (BP20; spec evolve-2026 §1: never a deck card).
        if self.type == "equipment" and not self.token:
            raise ValueError(
                _("an equipment card exists only as a token (「イクイップメント・トークン」): set token = true")
            )
        if self.type == "crest" and not self.token:
            raise ValueError(_("a crest exists only as a token (「クレスト・トークン」): set token = true"))
        return self

    @validates_after
    def _others_except_limits_the_others(self) -> EvolveCard:
        if self.others_except and self.others_limit is None:
            message = _("others_except names the cards that others_limit leaves alone: set others_limit too")
            raise invalid_fields(
                type(self).__name__, [("others_except", "no_others_limit", message, self.others_except)]
            )
        return self

    @validates_after
    def _back_name_is_of_a_double_sided_card(self) -> EvolveCard:
        if self.back_name is not None and not self.double_sided:
            message = _(
                "only a double-sided card (2.15) has a face-2 name: set double_sided = true, or remove back_name"
            )
            raise invalid_fields(type(self).__name__, [("back_name", "not_double_sided", message, self.back_name)])
        return self

    def kind(self) -> str:
        """'follower', 'EVOLVE follower', 'spell token', 'leader card' ... for messages."""
        words = [self.type]
        if self.evolve:
            words.insert(0, "EVOLVE")
        if self.advance:
            words.insert(0, "ADVANCE")
        if self.token:
            words.append("token")
        elif self.type == "leader":
            words.append("card")
        return " ".join(words)

    def kind_phrase(self) -> str:
        """The kind in a sentence, in the chosen language: 'an EVOLVE follower' (as :meth:`kind`, with its article),
        「フォロワー・エボルヴ」 (the printed type line) in Japanese."""
        kind = translate(_TYPE_NAMES.get(str(self.type), str(self.type)))
        if self.evolve:
            kind = _("EVOLVE {kind}").format(kind=kind)
        if self.advance:
            kind = _("ADVANCE {kind}").format(kind=kind)
        if self.token:
            kind = _("{kind} token").format(kind=kind)
        elif self.type == "leader":
            kind = _("{kind} card").format(kind=kind)
        article = _("an {kind}") if self.kind()[:1].lower() in "aeiou" else _("a {kind}")
        return article.format(kind=kind)


def in_evolve_deck(card: Card) -> bool:
    """An EVOLVE or ADVANCE card: built into the evolve deck, never the main deck (6.1.1.3; later products)."""
    return bool(getattr(card, "evolve", False) or getattr(card, "advance", False))


# The rules versions, formats and titles the rules name -------------------------------------------------


V1_24 = "1.24.1"  # the version of the formats, start amulets and the Vanguard title's conditions
V1_26 = "1.26.1"  # the newest known version (2026-06-09): 1.24.1's construction and setup, crests (appendix C)
STANDARD, CROSSOVER, SEALED = "standard", "crossover", "sealed"
VANGUARD_TITLE = norm_name("カードファイト!! ヴァンガード")
CINDERELLA_GIRLS = norm_name("アイドルマスター シンデレラガールズ")


# The card database and the builder --------------------------------------------------------------------


def db_warnings(cards: Sequence[Card]) -> list[str]:
    notes = []
    for card in cards:
        assert isinstance(card, EvolveCard)
        if card.type == "leader" and card.evolve:
            notes.append(_("{card}: a leader card marked EVOLVE").format(card=card.label()))
        elif card.type == "leader" and card.token:
            notes.append(_("{card}: a leader card marked token").format(card=card.label()))
        if card.type == "leader" and card.cost is not None:
            notes.append(_("{card}: a leader card with a cost (leaders print none)").format(card=card.label()))
        if card.evolve and not card.advance and card.cost is not None:
            notes.append(
                _("{card}: an EVOLVE card with a cost (it keeps its base card's cost, 5.15.2)").format(
                    card=card.label()
                )
            )
        if card.type == "leader" and card.class_ is None and card.title is None:
            notes.append(
                _("{card}: a leader with neither class nor title (no deck can be built on it)").format(
                    card=card.label()
                )
            )
    return notes


def home_section(card: Card) -> str:
    if card.type == "leader":
        return "leader"
    return "evolve" if in_evolve_deck(card) else "main"
