"""Shadowverse EVOLVE, comprehensive rules Ver.1.7.0 (shared/spec/evolve.md).

Choices this module makes where the spec leaves room (documented here, tested in tests/games/test_evolve.py):

- A leader with both a class and a title, no declared `basis`, and a deck legal by either basis: the deck is legal
  and no violation is emitted (every violation is an error or a warning, and a warning would fail
  ``--fail-on warning`` for a legal deck). The setup declaration of 6.2.1.3 is left to the engine, which reads
  :func:`effective_basis` (``title`` when the title basis holds, else ``class``); :func:`basis_status` gives the
  full verdict, including which bases pass.
- A `basis` value other than class/title (English or クラス/タイトル, any case or width) is an `evolve.basis`
  violation even when `evolve.leader` fails: it is a mistake in the deck file, not a basis that cannot be judged.
- A leader entry that resolves to no card is reported by `deck.unknown-card` only; `evolve.basis` is then skipped,
  because the leader that sets the reference is unknown.
- The copy limit of a name in a section comes from that section's records of the name; records that belong in the
  section (EVOLVE records in `evolve`, others in `main`) decide, else the others. Records of one limit identity
  (name, EVOLVE flag) agree on `deck_limit`, so the choice is unique.

Engine setup (:data:`SETUP`, spec "Setup procedure"):

- The setup choice `basis` (the deck key, or a `choices` entry that overrides it) must name a basis the leader
  carries and the deck meets (6.1.1.5, 6.2.1.3); otherwise the setup refuses to run. Without one, the engine uses
  :func:`effective_basis`.
- The 5 『魔法のアイテム』 tokens of 14.3.1.2 are the card database's token record of that name (the default
  layers, since a deck does not carry its database), else a stand-in record. Tokens come from no deck, so card
  conservation is measured by :func:`card_inventory` (``table.inventory()`` without tokens), which always equals
  the multiset of the deck's leader, main and evolve sections; ``table.inventory()`` also counts the 5 tokens,
  and ``table.notes["not from the deck"]`` names the zone that holds them (``["ex-area"]``).
- The main deck must hold at least 4 cards (the opening hand, 6.2.1.7); an own-turn draw from an empty deck is
  refused, as it loses the game (1.2.1.2, 11.2.2).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Annotated, Any

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.normalize import norm_name
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.engine.procedure import DEALT_WITHOUT, MulliganKind, Setup, expand
from deckcheck.errors import DeckcheckError, EngineError
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
from deckcheck.model.deck import Deck
from deckcheck.model.game import (
    CopyGroup,
    Game,
    PastedWords,
    Rule,
    RuleBook,
    Tally,
    histogram,
    tally,
)
from deckcheck.model.versions import RulesVersion
from deckcheck.model.violation import Violation

if TYPE_CHECKING:
    from deckcheck.engine.table import Table
    from deckcheck.model.deck import CardLookup

DEFAULT_COPIES = 3
MAIN_MIN, MAIN_MAX = 40, 50
SEALED_MAIN_MIN = 30  # B-1 6.1.1.3, no maximum
EVOLVE_MAX = 10
BASES = ("class", "title")

CardType = choice(
    ("leader", "follower", "amulet", "spell", "equipment"),
    {
        "リーダー": "leader",
        "フォロワー": "follower",
        "アミュレット": "amulet",
        "スペル": "spell",
        "イクイップメント": "equipment",
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
}
_TYPE_LINE_SPLIT = re.compile(r"\s*[・/]\s*")
_BLANKS = {"", "-", "ー", "―", "—", "–", "なし"}


def _key(value: str) -> str:
    return unicodedata.normalize("NFKC", value).strip().casefold()


def _blank_to_none(value: Any) -> Any:
    """「-」 or an empty cell means the field is absent (a card with no class, a leader's cost)."""
    if isinstance(value, str) and _key(value) in _BLANKS:
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
    if isinstance(value, str) and _key(value) == "none":
        return None
    return _blank_to_none(value)


def _printed_name(value: str | None) -> str | None:
    return None if value is None else value.strip()


OptionalTrigger = Annotated[TriggerIcon | None, Before(_no_trigger)]  # type: ignore[valid-type]
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

    @validates_before
    @classmethod
    def _split_type_line(cls, data: Any) -> Any:
        """「フォロワー・エボルヴ」 / 「スペル・トークン」 become `type` plus the `evolve` / `token` flags."""
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            return data
        parts = [part for part in _TYPE_LINE_SPLIT.split(unicodedata.normalize("NFKC", data["type"]).strip()) if part]
        if len(parts) < 2:
            return data
        flags = [_FLAG_WORDS.get(_key(part)) for part in parts[1:]]
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
        # 「イクイップメント・トークン」, a later kind, exists only as a token (spec, "Later products").
        if self.type == "equipment" and not self.token:
            raise ValueError(
                _("an equipment card exists only as a token (「イクイップメント・トークン」): set token = true")
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


rules = RuleBook()


# evolve.leader ----------------------------------------------------------------------------------------


def leader_card(deck: Deck[EvolveCard]) -> EvolveCard | None:
    """The deck's leader when `evolve.leader` holds (exactly one card in `leader`, a known leader card)."""
    entries = [entry for entry in deck.section_entries("leader") if entry.count is not None]
    if deck.size("leader") != 1 or len(entries) != 1:
        return None
    card = entries[0].card
    if isinstance(card, EvolveCard) and card.type == "leader":
        return card
    return None


V1_24 = "1.24.1"  # the version of the formats, start amulets and the Vanguard title's conditions
STANDARD, CROSSOVER, SEALED = "standard", "crossover", "sealed"
VANGUARD_TITLE = norm_name("カードファイト!! ヴァンガード")


def crossover_leaders(deck: Deck[EvolveCard]) -> list[EvolveCard] | None:
    """A crossover deck's two leaders when `evolve.leader` holds for it (B-2 6.1.1.1), else None."""
    listed = [card for card, n in deck.cards("leader") for _copy in range(n)]
    if deck.size("leader") != 2 or len(listed) != 2 or any(card.type != "leader" for card in listed):
        return None
    first, second = listed
    if first.class_ is None or second.class_ is None or first.class_ == second.class_:
        return None
    return listed


@rules.rule(
    "evolve.leader",
    ref="6.1.1.1",
    refs=N_("6.1.1.1 「リーダーカードは 1 枚のみ用意します」; crossover B-2 6.1.1.1; sealed B-1 6.1.1.2"),
    summary=N_(
        "The leader section holds exactly 1 card, and it is a leader card (crossover: 2 leaders of different "
        "classes; sealed: 0 or 1)."
    ),
)
def leader(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    size = deck.size("leader")
    listed = deck.cards("leader")
    if deck.format == CROSSOVER:
        yield from _crossover_leaders(rule, deck)
        return
    if deck.format == SEALED:
        if size > 1:
            yield rule.violation(
                "leader",
                ngettext(
                    "The leader section has {n} card ({cards}); a sealed deck may use at most 1 leader card "
                    "(B-1 6.1.1.2 「リーダーカードを使用する義務はありません」).",
                    "The leader section has {n} cards ({cards}); a sealed deck may use at most 1 leader card "
                    "(B-1 6.1.1.2 「リーダーカードを使用する義務はありません」).",
                    size,
                ).format(n=size, cards=_names(c for c, _count in listed)),
                ref="B-1 6.1.1.2",
                cards=[card.number for card, _count in listed],
                count=size,
                limit=1,
            )
        yield from _not_leaders(rule, listed, "B-1 6.1.1.2")
        return
    if size != 1:
        if size == 0:
            message = _("The leader section is empty; a deck needs exactly 1 leader card (6.1.1.1).")
        else:
            message = ngettext(
                "The leader section has {n} card ({cards}); a deck needs exactly 1 leader card (6.1.1.1).",
                "The leader section has {n} cards ({cards}); a deck needs exactly 1 leader card (6.1.1.1).",
                size,
            ).format(n=size, cards=_names(c for c, _count in listed))
        yield rule.violation(
            "leader",
            message,
            cards=[card.number for card, _count in listed],
            count=size,
            limit=1,
        )
    yield from _not_leaders(rule, listed, "6.1.1.1")


def _names(cards: Iterable[Card]) -> str:
    """'A (N1), B (N2)' for a message, each card once (「A (N1)、B (N2)」 in Japanese)."""
    return joined(dict.fromkeys(card.label() for card in cards))


def _not_leaders(rule: Rule, listed: Sequence[tuple[EvolveCard, int]], ref: str) -> Iterator[Violation]:
    for card, _count in listed:
        if card.type != "leader":
            yield rule.violation(
                "leader",
                _(
                    "{card} in the leader section is {kind}, not a leader card; "
                    "the leader section must hold leader cards only ({ref})."
                ).format(card=card.label(), kind=card.kind_phrase(), ref=ref),
                ref=ref if ref != "6.1.1.1" else None,
                cards=[card.number],
            )


def _crossover_leaders(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    size, listed = deck.size("leader"), deck.cards("leader")
    ref = "B-2 6.1.1.1"
    rule_text = _(
        "a crossover deck uses 2 leader cards of different classes ({ref} 「互いにクラスが異なる 2 枚」)"
    ).format(ref=ref)
    if size != 2:
        if size == 0:
            message = _("The leader section is empty; {rule}.").format(rule=rule_text)
        else:
            message = ngettext(
                "The leader section has {n} card ({cards}); {rule}.",
                "The leader section has {n} cards ({cards}); {rule}.",
                size,
            ).format(n=size, cards=_names(c for c, _count in listed), rule=rule_text)
        yield rule.violation(
            "leader",
            message,
            ref=ref,
            cards=[c.number for c, _count in listed],
            count=size,
            limit=2,
        )
    yield from _not_leaders(rule, listed, ref)
    leaders = [card for card, n in listed for _copy in range(n) if card.type == "leader"]
    if size == 2 and len(leaders) == 2:
        first, second = leaders
        if first.class_ is None or second.class_ is None:
            classless = joined(card.label() for card in leaders if card.class_ is None)
            yield rule.violation(
                "leader",
                _("{cards} has no class; {rule}.").format(cards=classless, rule=rule_text),
                ref=ref,
                cards=[c.number for c in leaders],
            )
        elif first.class_ == second.class_:
            yield rule.violation(
                "leader",
                _("Both leaders ({first}, {second}) are {cls}; {rule}.").format(
                    first=first.label(), second=second.label(), cls=class_name(first.class_), rule=rule_text
                ),
                ref=ref,
                cards=list(dict.fromkeys(c.number for c in leaders)),
            )


# evolve.main-size / main-types ------------------------------------------------------------------------


@rules.rule(
    "evolve.main-size",
    ref="6.1.1.2",
    refs="6.1.1.2 「40 枚以上 50 枚以下」",
    summary=N_("The main deck has 40–50 cards."),
)
def main_size(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    size = deck.size("main")
    if deck.format == SEALED:
        if size < SEALED_MAIN_MIN:
            message = ngettext(
                "The main deck has {n} card; it needs at least {low} "
                "(B-1 6.1.1.3 「メインデッキは 30 枚以上のカードで構成します」).",
                "The main deck has {n} cards; it needs at least {low} "
                "(B-1 6.1.1.3 「メインデッキは 30 枚以上のカードで構成します」).",
                size,
            )
            yield rule.violation("main", message.format(n=size, low=SEALED_MAIN_MIN), count=size, limit=SEALED_MAIN_MIN)
        return
    if size < MAIN_MIN:
        message = ngettext(
            "The main deck has {n} card; it needs at least {low} (6.1.1.2: {low} to {high} cards).",
            "The main deck has {n} cards; it needs at least {low} (6.1.1.2: {low} to {high} cards).",
            size,
        )
        yield rule.violation("main", message.format(n=size, low=MAIN_MIN, high=MAIN_MAX), count=size, limit=MAIN_MIN)
    elif size > MAIN_MAX:
        message = ngettext(
            "The main deck has {n} card; it may have at most {high} (6.1.1.2: {low} to {high} cards).",
            "The main deck has {n} cards; it may have at most {high} (6.1.1.2: {low} to {high} cards).",
            size,
        )
        yield rule.violation("main", message.format(n=size, low=MAIN_MIN, high=MAIN_MAX), count=size, limit=MAIN_MAX)


def _by_name(items: Iterable[tuple[Card, int]]) -> dict[Any, Tally]:
    return tally(items, lambda card: [card.name])


@rules.rule(
    "evolve.main-types",
    ref="6.1.1.2",
    refs=N_("6.1.1.2 「リーダーカードや特殊な種類がエボルヴやトークンであるカードは入れられません」; 9.1.1.1"),
    summary=N_("The main deck holds no leader cards, no EVOLVE or ADVANCE cards and no tokens."),
)
def main_types(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    wrong = [(c, n) for c, n in deck.cards("main") if c.type == "leader" or in_evolve_deck(c) or c.token]
    for entry in _by_name(wrong).values():
        cards: list[EvolveCard] = entry.cards
        advice = []
        if any(card.type == "leader" for card in cards):
            advice.append(_("a leader card belongs in the leader section"))
        if any(in_evolve_deck(card) and not card.token for card in cards):
            advice.append(_("EVOLVE and ADVANCE cards belong in the evolve deck"))
        if any(card.token for card in cards):
            advice.append(_("tokens are not cards and are never put in a deck (9.1.1.1, 9.1.4)"))
        message = ngettext(
            "The main deck has {n} copy of {card}, which is {kinds}; the main deck may not hold leader cards, "
            "EVOLVE or ADVANCE cards or tokens (6.1.1.2): {advice}.",
            "The main deck has {n} copies of {card}, which is {kinds}; the main deck may not hold leader cards, "
            "EVOLVE or ADVANCE cards or tokens (6.1.1.2): {advice}.",
            entry.count,
        )
        yield rule.violation(
            "main",
            message.format(n=entry.count, card=entry.label(), kinds=_kinds(cards), advice=_clauses(advice)),
            cards=entry.numbers,
        )


def _kinds(cards: Iterable[EvolveCard]) -> str:
    """'a follower and an EVOLVE follower': the kinds of one name's records (「フォロワーとフォロワー・エボルヴ」)."""
    kinds = list(dict.fromkeys(card.kind_phrase() for card in cards))
    text = kinds[0]
    for kind in kinds[1:]:
        text = _("{kind} and {other}").format(kind=text, other=kind)
    return text


def _clauses(clauses: Sequence[str]) -> str:
    """Clauses of one sentence, 'A; B; C' (each its own sentence in Japanese)."""
    text = clauses[0]
    for clause in clauses[1:]:
        text = _("{first}; {second}").format(first=text, second=clause)
    return text


# evolve.evolve-size / evolve-types --------------------------------------------------------------------


@rules.rule(
    "evolve.evolve-size",
    formats=("standard", "crossover"),  # sealed: 0 or more (B-1 6.1.1.4)
    ref="6.1.1.3",
    refs=N_("6.1.1.3 「0 枚以上 10 枚以下」; 6.2.1.1.1"),
    summary=N_("The evolve deck has 0–10 cards (an absent section is an empty evolve deck)."),
)
def evolve_size(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    size = deck.size("evolve")
    if size > EVOLVE_MAX:
        message = ngettext(
            "The evolve deck has {n} card; it may have at most {high} (6.1.1.3: 0 to {high} cards).",
            "The evolve deck has {n} cards; it may have at most {high} (6.1.1.3: 0 to {high} cards).",
            size,
        )
        yield rule.violation("evolve", message.format(n=size, high=EVOLVE_MAX), count=size, limit=EVOLVE_MAX)


@rules.rule(
    "evolve.evolve-types",
    ref="6.1.1.3",
    refs=N_("6.1.1.3 「特殊な種類がエボルヴであるカードのみ」; 9.1.1.1, 9.1.4"),
    summary=N_("The evolve deck holds only EVOLVE and ADVANCE cards, and no tokens."),
)
def evolve_types(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    wrong = [(c, n) for c, n in deck.cards("evolve") if not in_evolve_deck(c) or c.token]
    for entry in _by_name(wrong).values():
        cards: list[EvolveCard] = entry.cards
        message = ngettext(
            "The evolve deck has {n} copy of {card}, which is {kinds}; the evolve deck may hold only EVOLVE cards "
            "(6.1.1.3) and ADVANCE cards (a later kind, built into the evolve deck).",
            "The evolve deck has {n} copies of {card}, which is {kinds}; the evolve deck may hold only EVOLVE cards "
            "(6.1.1.3) and ADVANCE cards (a later kind, built into the evolve deck).",
            entry.count,
        ).format(n=entry.count, card=entry.label(), kinds=_kinds(cards))
        if any(c.token for c in cards):
            message = _("{message} {note}").format(
                message=message, note=_("Tokens are not cards and are never put in a deck (9.1.1.1, 9.1.4).")
            )
        yield rule.violation("evolve", message, cards=entry.numbers)


# evolve.copies ----------------------------------------------------------------------------------------

_DECK_NAMES = {"main": N_("main deck"), "evolve": N_("evolve deck")}
# Where copies are counted, as messages name it (CopyGroup.scope: "the main deck").
_SCOPES = {"leader": N_("the leader section"), "main": N_("the main deck"), "evolve": N_("the evolve deck")}


def section_limit(section: str, cards: Sequence[Card]) -> int | None:
    """The copy limit of one name in one section, from that section's records of the name (None: no limit)."""
    belonging = [card for card in cards if in_evolve_deck(card) == (section == "evolve")]
    deciding = belonging or list(cards)
    for card in deciding:
        if card.deck_limit is not None:
            return card.copy_limit(DEFAULT_COPIES)
    return DEFAULT_COPIES


def copy_groups(deck: Deck[EvolveCard]) -> Iterator[CopyGroup[tuple[str, bool]]]:
    """Copies by card name, each section counted separately (6.1.1.4: 3 in main and 3 in evolve, never a pooled 6).
    The identity is (name, whether the section is the evolve deck), as `limit_identity` gives it for a record: a
    limit on a main-deck record applies in the main deck, on an EVOLVE record in the evolve deck (6.1.2)."""
    for section in ("leader", "main", "evolve"):
        for name, entry in _by_name(deck.cards(section)).items():
            yield CopyGroup(section, (name, section == "evolve"), entry, _SCOPES[section])


@rules.rule(
    "evolve.copies",
    ref="6.1.1.4",
    refs=N_("6.1.1.4 「メインデッキとエボルヴデッキにそれぞれ 3 枚ずつ(計 6 枚)」; 6.1.2"),
    summary=N_(
        "At most 3 cards of one name in the main deck, and separately at most 3 in the evolve deck "
        "(a record's deck_limit replaces 3 in its own section)."
    ),
    formats=("standard", "crossover"),  # sealed: no copy limit (B-1 6.1.1.5)
)
def copies(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    for section, _identity, entry, _scope in copy_groups(deck):
        if section == "leader":
            continue  # the leader is not counted (6.1.1.4 names the main and evolve decks)
        limit = section_limit(section, entry.cards)
        if limit is None or entry.count <= limit:
            continue
        other = translate(_DECK_NAMES["evolve" if section == "main" else "main"])
        if limit == DEFAULT_COPIES:
            message = _(
                "The {deck} has {count} copies of {card}; at most {limit} of one card name are allowed in the {deck}, "
                "counted separately from the {other} (6.1.1.4; its 「計 6 枚」 is only 3 + 3, never a pooled 6)."
            )
        else:
            message = _(
                "The {deck} has {count} copies of {card}; its card text allows at most {limit} in the {deck} (6.1.2), "
                "counted separately from the {other} (6.1.1.4; its 「計 6 枚」 is only 3 + 3, never a pooled 6)."
            )
        yield rule.violation(
            section,
            message.format(
                deck=translate(_DECK_NAMES[section]), count=entry.count, card=entry.label(), limit=limit, other=other
            ),
            cards=entry.numbers,
            count=entry.count,
            limit=limit,
        )


# evolve.basis -----------------------------------------------------------------------------------------

_BASIS_WORDS = {"class": "class", "title": "title", "クラス": "class", "タイトル": "title"}


@dataclass
class BasisStatus:
    """The verdict of 6.1.1.5 on a deck whose leader is known (see :func:`basis_status`)."""

    leader: EvolveCard
    declared: str | None  # "class", "title", None (no key) or the raw invalid value
    valid_declaration: bool
    class_ok: bool
    title_ok: bool
    class_misfits: list[tuple[EvolveCard, int]] = field(default_factory=list)
    title_misfits: list[tuple[EvolveCard, int]] = field(default_factory=list)
    # the Vanguard title's conditions (14.4.2, Ver.1.24.1): always met by other titles and under Ver.1.7.0
    vg_ok: bool = True

    @property
    def passes(self) -> list[str]:
        title = self.title_ok and self.vg_ok
        return [basis for basis, ok in (("class", self.class_ok), ("title", title)) if ok]

    @property
    def legal(self) -> bool:
        if not self.valid_declaration:
            return False
        if self.declared == "class":
            return self.class_ok
        if self.declared == "title":
            return self.title_ok
        return self.class_ok or self.title_ok

    @property
    def effective(self) -> str | None:
        """The basis the engine uses: the declared one, else the only one the leader carries, else title if it
        holds, else class (spec, 6.2.1.3 in "wrong or unclear")."""
        if self.valid_declaration and self.declared:
            return self.declared
        has_class, has_title = self.leader.class_ is not None, self.leader.title is not None
        if has_class and has_title:
            return "title" if self.title_ok and self.vg_ok else "class"
        if has_title:
            return "title"
        return "class" if has_class else None


def declared_basis(deck: Deck[EvolveCard]) -> tuple[str | None, bool]:
    """The deck's `basis` key, canonical, and whether it is a valid value (no key counts as valid)."""
    raw = deck.key("basis")
    if raw is None:
        return None, True
    word = _BASIS_WORDS.get(_key(raw))
    return (word, True) if word else (raw, False)


def basis_status(deck: Deck[EvolveCard]) -> BasisStatus | None:
    """The class and title verdicts of 6.1.1.5, or None when `evolve.leader` fails or the leader is unknown."""
    lead = leader_card(deck)
    if lead is None:
        return None
    declared, valid = declared_basis(deck)
    cards: list[tuple[EvolveCard, int]] = deck.all_cards(("main", "evolve"))
    class_misfits = [(c, n) for c, n in cards if c.class_ is None or c.class_ not in {lead.class_, "neutral"}]
    title_misfits = [(c, n) for c, n in cards if c.title is None or c.title != lead.title]
    return BasisStatus(
        leader=lead,
        declared=declared,
        valid_declaration=valid,
        class_ok=lead.class_ is not None and not class_misfits,
        title_ok=lead.title is not None and not title_misfits,
        class_misfits=class_misfits,
        title_misfits=title_misfits,
        vg_ok=not vanguard_conditions_apply(deck, lead) or not _vg_failures(deck, lead),
    )


def vanguard_conditions_apply(deck: Deck[EvolveCard], lead: EvolveCard) -> bool:
    """The Vanguard title's conditions (14.4.2) exist: Ver.1.24.1, the standard format, a leader of that title."""
    chosen = deck.rules
    return chosen.format == STANDARD and chosen.version == V1_24 and norm_name(lead.title or "") == VANGUARD_TITLE


def start_amulets(deck: Deck[EvolveCard]) -> list[tuple[EvolveCard, int]]:
    return [(card, n) for card, n in deck.all_cards(("main", "evolve")) if getattr(card, "start_amulet", False)]


def off_class_triggers(deck: Deck[EvolveCard], lead: EvolveCard) -> list[tuple[EvolveCard, int]]:
    """Trigger cards (14.4.1) whose class is not the leader's (Neutral is not; a classless leader fails them all)."""
    cards = deck.all_cards(("main", "evolve"))
    return [
        (c, n) for c, n in cards if getattr(c, "trigger", None) and (lead.class_ is None or c.class_ != lead.class_)
    ]


def _vg_failures(deck: Deck[EvolveCard], lead: EvolveCard) -> list[str]:
    """The 14.4.2.1 conditions a deck fails: `start-amulet` (14.4.2.1.1) and `trigger-class` (14.4.2.1.2)."""
    failures = []
    if not start_amulets(deck):
        failures.append("start-amulet")
    if off_class_triggers(deck, lead):
        failures.append("trigger-class")
    return failures


def vanguard_basis_in_play(deck: Deck[EvolveCard]) -> EvolveCard | None:
    """The leader when the Vanguard title basis is in play (spec §3): the title is declared, or no basis is declared
    and the class basis fails, so only the title basis could make the deck legal."""
    status = basis_status(deck)
    if status is None or not vanguard_conditions_apply(deck, status.leader):
        return None
    if status.declared == "title" or (status.declared is None and status.valid_declaration and not status.class_ok):
        return status.leader
    return None


def effective_basis(deck: Deck[EvolveCard]) -> str | None:
    """The basis setup uses (6.2.1.3, 14.3.1.2): `class`, `title`, or None when no basis can be judged."""
    status = basis_status(deck)
    return None if status is None else status.effective


def _misfit_labels(misfits: Sequence[tuple[EvolveCard, int]]) -> tuple[int, str]:
    """How many card names miss the basis, and their cards listed (at most 8 shown: 'A (n1), B (n2) and 3 more')."""
    labels = list(dict.fromkeys(card.label() for card, _count in misfits))
    names = len({card.name for card, _count in misfits})
    listed = joined(labels[:8])
    if len(labels) > 8:
        listed = _("{cards} and {n} more").format(cards=listed, n=len(labels) - 8)
    return names, listed


def _class_misfits(misfits: Sequence[tuple[EvolveCard, int]], classes: str) -> str:
    """'2 cards are neither Forestcraft (エルフ) nor Neutral: A (n1), B (n2)'."""
    names, listed = _misfit_labels(misfits)
    return ngettext(
        "{n} card is neither {classes} nor Neutral: {cards}",
        "{n} cards are neither {classes} nor Neutral: {cards}",
        names,
    ).format(n=names, classes=classes, cards=listed)


def _title_misfits(misfits: Sequence[tuple[EvolveCard, int]], title: str) -> str:
    """'2 cards lack the leader's title 「…」: A (n1), B (n2)'."""
    names, listed = _misfit_labels(misfits)
    return ngettext(
        "{n} card lacks the leader's title 「{title}」: {cards}",
        "{n} cards lack the leader's title 「{title}」: {cards}",
        names,
    ).format(n=names, title=title, cards=listed)


_BASIS_NAMES = {"class": N_("class"), "title": N_("title")}


def _basis_failure(
    basis: str, declared: str | None, status: BasisStatus
) -> tuple[str, str, list[tuple[EvolveCard, int]]]:
    """(ref, message, misfits) when the class or title basis does not hold; a declared basis the leader cannot set
    is 6.2.1.3 (only reachable by declaring it)."""
    lead = status.leader
    if basis == "class":
        number, value = "6.1.1.5.1", lead.class_
        rule_text = _("6.1.1.5.1: every card must be of the leader's class or Neutral")
        failure, misfits = _failure(status, "class"), status.class_misfits
    else:
        number, value = "6.1.1.5.2", lead.title
        rule_text = _("6.1.1.5.2: every card must have the leader's title")
        failure, misfits = _failure(status, "title"), status.title_misfits
    name = translate(_BASIS_NAMES[basis])
    if value is None:
        message = _("The deck declares the {basis} basis, but {failure} ({rule}).")
        return "6.2.1.3", message.format(basis=name, failure=failure, rule=rule_text), []
    if declared:
        message = _("The deck declares the {basis} basis, but {failure} ({rule}).")
    else:
        message = _("The leader {leader} sets the {basis} basis, but {failure} ({rule}).")
    return number, message.format(leader=lead.label(), basis=name, failure=failure, rule=rule_text), misfits


def _failure(status: BasisStatus, basis: str) -> str:
    """Why the class or title basis does not hold: the leader has no such value, or the cards that miss it."""
    lead = status.leader
    value = lead.class_ if basis == "class" else lead.title
    if value is None:
        if basis == "class":
            return _("the leader {leader} has no class, so the class basis cannot hold").format(leader=lead.label())
        return _("the leader {leader} has no title, so the title basis cannot hold").format(leader=lead.label())
    if basis == "class":
        return _class_misfits(status.class_misfits, class_name(value))
    return _title_misfits(status.title_misfits, value)


@rules.rule(
    "evolve.basis",
    ref="6.1.1.5",
    refs=N_("6.1.1.5, 6.1.1.5.1, 6.1.1.5.2, 6.2.1.3; crossover B-2 6.1.1.5"),
    summary=N_(
        "The deck meets the class basis or the title basis set by its leader (the declared one, if any); "
        "crossover: the class basis of both leaders."
    ),
    formats=("standard", "crossover"),  # sealed: classes and titles need not match (B-1 6.1.1.6)
)
def basis(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    if deck.format == CROSSOVER:
        yield from _crossover_basis(rule, deck)
        return
    declared, valid = declared_basis(deck)
    status = basis_status(deck)
    if status is not None and status.legal and not status.vg_ok and status.class_ok and declared is None:
        reasons = [translate(_VG_NOTES[failure]) for failure in _vg_failures(deck, status.leader)]
        deck.rules_notes.append(
            _(
                "legal by the class basis; the title basis of カードファイト!! ヴァンガード does not hold: {reasons}"
            ).format(reasons=_clauses(reasons))
        )
    passes = status.passes if status is not None else []
    at = "basis" if deck.key("basis") is not None else "leader"  # where the finding stands without misfit cards
    if not valid:
        yield rule.violation(
            None,
            _("The deck's basis {value} is not allowed; the allowed values are class or title (6.2.1.3).").format(
                value=quoted(declared)
            ),
            ref="6.2.1.3",
            deck_key=at,
            passes=passes,
            allowed=list(BASES),
        )
        return
    if status is None or status.legal:
        return  # leader broken or unknown (no basis can be judged), or a basis holds
    lead = status.leader
    misfits: list[tuple[EvolveCard, int]] = []
    if declared == "class" or (declared is None and lead.class_ is not None and lead.title is None):
        ref, message, misfits = _basis_failure("class", declared, status)
    elif declared == "title" or (declared is None and lead.title is not None and lead.class_ is None):
        ref, message, misfits = _basis_failure("title", declared, status)
    elif lead.class_ is None and lead.title is None:
        ref = "6.1.1.5"
        message = _(
            "The leader {leader} has neither a class nor a title, so neither the class nor the title basis "
            "can hold (6.1.1.5)."
        ).format(leader=lead.label())
    else:
        ref = "6.1.1.5"
        seen = {card.number: (card, n) for card, n in status.class_misfits + status.title_misfits}
        misfits = list(seen.values())
        message = _(
            "The leader {leader} has both a class and a title, but the deck meets neither basis: "
            "for the class basis, {class_failure}; for the title basis, {title_failure} "
            "(6.1.1.5 needs at least one; declare the basis with `basis` to check only one)."
        ).format(leader=lead.label(), class_failure=_failure(status, "class"), title_failure=_failure(status, "title"))
    yield rule.violation(
        None,
        message,
        ref=ref,
        cards=[card.number for card, _count in misfits],
        count=sum(n for _card, n in misfits) if misfits else None,
        deck_key=at,
        passes=passes,
    )


_VG_NOTES = {
    "start-amulet": N_("the deck has no card with 【スタートアミュレット】 (14.4.2.1.1)"),
    "trigger-class": N_("a trigger card is not of the leader's class (14.4.2.1.2)"),
}


def _crossover_basis(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    """B-2 6.1.1.5: the class basis only, with both leaders' classes; the title basis cannot be chosen."""
    leaders = crossover_leaders(deck)
    if leaders is None:
        return  # evolve.leader reports the leaders
    declared, valid = declared_basis(deck)
    if declared == "title" or not valid:
        yield rule.violation(
            None,
            _(
                "A crossover deck is built by class only; the basis {value} cannot be chosen "
                "(B-2 6.1.1.5 「タイトルを基準とする構築はできません」)."
            ).format(value=quoted(declared)),
            ref="B-2 6.1.1.5",
            deck_key="basis",
        )
        return
    classes = {card.class_ for card in leaders} | {"neutral"}
    misfits = [(c, n) for c, n in deck.all_cards(("main", "evolve")) if c.class_ is None or c.class_ not in classes]
    if misfits:
        names = " / ".join(class_name(card.class_ or "") for card in leaders)  # both have one (crossover_leaders)
        yield rule.violation(
            None,
            _("{failure} (B-2 6.1.1.5.1: every card must be of one leader's class or Neutral).").format(
                failure=_class_misfits(misfits, names)
            ),
            ref="B-2 6.1.1.5.1",
            cards=[card.number for card, _count in misfits],
            count=sum(n for _card, n in misfits),
        )


@rules.rule(
    "evolve.crossover-classes",
    ref="B-2 6.1.1.5.2",
    refs="B-2 6.1.1.5.2 「メインデッキには、2 枚の各リーダーのクラスのカードが 1 枚以上ずつ入っている必要があります」",
    summary=N_("Crossover: the main deck holds at least 1 card of each leader's class."),
    since=V1_24,
    formats=("crossover",),
)
def crossover_classes(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    leaders = crossover_leaders(deck)
    if leaders is None:
        return
    present = {card.class_ for card, _count in deck.cards("main")}
    for lead in leaders:
        if lead.class_ not in present:
            name = class_name(lead.class_) if lead.class_ else "?"
            yield rule.violation(
                "main",
                _(
                    "The main deck has no {cls} card; a crossover deck needs at least 1 card of each leader's class in "
                    "the main deck ({leader}; B-2 6.1.1.5.2; Neutral and evolve-deck cards do not count)."
                ).format(cls=name, leader=lead.label()),
                cards=[lead.number],
                count=0,
                limit=1,
            )


@rules.rule(
    "evolve.start-amulet",
    ref="14.4.4.1.1",
    refs="14.4.4.1.1 「【スタートアミュレット】能力を持つこのカードと異なるカード名のカードを入れることはできない」, "
    "6.1.2",
    summary=N_("At most 1 name of 【スタートアミュレット】 cards in the deck (every basis and format)."),
    since=V1_24,
)
def start_amulet(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    found = start_amulets(deck)
    names = list(dict.fromkeys(card.name for card, _count in found))
    if len(names) > 1:
        yield rule.violation(
            "main",
            _(
                "The deck holds {n} names of 【スタートアミュレット】 cards ({cards}); "
                "a deck may hold only one such name (14.4.4.1.1, a card's own construction rule, 6.1.2)."
            ).format(n=len(names), cards=_names(c for c, _count in found)),
            cards=[card.number for card, _count in found],
            count=len(names),
            limit=1,
        )


@rules.rule(
    "evolve.vg-start-amulet",
    ref="14.4.2.1.1",
    refs="14.4.2.1.1 「【スタートアミュレット】能力を持つカードを 1 枚以上入れる義務があります」",
    summary=N_("A カードファイト!! ヴァンガード title deck holds at least 1 【スタートアミュレット】 card."),
    since=V1_24,
    formats=("standard",),
)
def vg_start_amulet(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    if vanguard_basis_in_play(deck) is not None and not start_amulets(deck):
        yield rule.violation(
            "main",
            _(
                "A deck built by the title カードファイト!! ヴァンガード must hold at least 1 card with "
                "【スタートアミュレット】 (14.4.2.1.1); it has none."
            ),
            count=0,
            limit=1,
        )


@rules.rule(
    "evolve.vg-trigger-class",
    ref="14.4.2.1.2",
    refs="14.4.2.1.2 「トリガーを持つカード（14.4.1）を入れる場合、そのカードのクラスはリーダーのクラスと"
    "一致している義務」",
    summary=N_("In a カードファイト!! ヴァンガード title deck every trigger card is of the leader's class."),
    since=V1_24,
    formats=("standard",),
)
def vg_trigger_class(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    lead = vanguard_basis_in_play(deck)
    if lead is None:
        return
    leader_class = class_name(lead.class_) if lead.class_ else _("no class")
    for entry in _by_name(off_class_triggers(deck, lead)).values():
        message = ngettext(
            "{card} ({n} copy) is a trigger card of another class than the leader {leader} ({cls}); in a "
            "カードファイト!! ヴァンガード title deck every trigger card must be of the leader's class "
            "(14.4.2.1.2; Neutral is not).",
            "{card} ({n} copies) is a trigger card of another class than the leader {leader} ({cls}); in a "
            "カードファイト!! ヴァンガード title deck every trigger card must be of the leader's class "
            "(14.4.2.1.2; Neutral is not).",
            entry.count,
        )
        yield rule.violation(
            "main",
            message.format(card=entry.label(), n=entry.count, leader=lead.label(), cls=leader_class),
            cards=entry.numbers,
            count=entry.count,
        )


@rules.rule(
    "evolve.sealed-pool",
    ref="B-1 6.1.1",
    refs="B-1 6.1.1 「そのパックに入っていたカードのみでメインデッキとエボルヴデッキを用意します」",
    summary=N_("Sealed: the main and evolve decks hold no more copies of a card than the `pool` section (if given)."),
    since=V1_24,
    formats=("sealed",),
)
def sealed_pool(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    if not deck.section_entries("pool"):
        deck.rules_notes.append(_("sealed: no `pool` section, so the cards were not checked against the opened packs"))
        return
    pool = {_identity(card): n for card, n in _summed(deck.cards("pool"))}
    for identity, (cards, count) in _grouped(deck.all_cards(("main", "evolve"))).items():
        have = pool.get(identity, 0)
        if count > have:
            yield rule.violation(
                "main",
                _(
                    "The deck uses {count} copies of {card}, but the pool holds {have} "
                    "(B-1 6.1.1: only cards from the opened packs)."
                ).format(count=count, card=cards[0].label(), have=have),
                cards=[card.number for card in cards],
                count=count,
                limit=have,
            )


def _identity(card: EvolveCard) -> tuple[str, str, bool, bool, bool]:
    return (card.name, card.type, card.evolve, card.advance, card.token)


def _summed(items: Iterable[tuple[EvolveCard, int]]) -> list[tuple[EvolveCard, int]]:
    return [(cards[0], count) for cards, count in _grouped(items).values()]


def _grouped(
    items: Iterable[tuple[EvolveCard, int]],
) -> dict[tuple[str, str, bool, bool, bool], tuple[list[EvolveCard], int]]:
    groups: dict[tuple[str, str, bool, bool, bool], tuple[list[EvolveCard], int]] = {}
    for card, n in items:
        cards, count = groups.get(_identity(card), ([], 0))
        groups[_identity(card)] = ([*cards, card], count + n)
    return groups


# The card database ------------------------------------------------------------------------------------


def _db_warnings(cards: Sequence[Card]) -> list[str]:
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


# The embedded engine: setup (6.2.1, 14.3.1.2) and the start phase of own turns (7.2) -------------------

HAND_SIZE = 4
MAGIC_ITEM = norm_name("魔法のアイテム")
MAGIC_ITEM_COUNT = 5  # 14.3.1.2; exactly the EX area's limit at game start (4.8.3.1)
CINDERELLA_GIRLS = norm_name("アイドルマスター シンデレラガールズ")
PP_CAP = 10  # 3.2.4.1
SECOND_PLAYER_EP = 3  # 6.2.1.10
LEADER_HEALTH = 20  # 6.2.1.11


def magic_item_token(db: CardLookup[EvolveCard] | None) -> EvolveCard:
    """The 『魔法のアイテム』 token record: from the deck's card database when it holds one, else a stand-in.

    The token appendix of 9.1.2.3 is missing from the rules, and the engine only needs 5 tokens of that name.
    """
    for card in db.named(MAGIC_ITEM) if db is not None else ():
        if getattr(card, "token", False):
            return card
    return EvolveCard(number="TOKEN-魔法のアイテム", name=MAGIC_ITEM, type="amulet", token=True, title=CINDERELLA_GIRLS)


def card_inventory(table: Table[EvolveCard]) -> Counter[str]:
    """The cards of the deck wherever they are: `table.inventory()` without tokens, which come from no deck
    (9.1.1.1; the 『魔法のアイテム』 of 14.3.1.2). This equals the multiset of the deck's leader, main and evolve
    sections after setup and after any number of own turns."""
    return Counter(
        card.number
        for card in [*table.deck, *table.hand, *(c for cards in table.zones.values() for c in cards)]
        if not getattr(card, "token", False)
    )


def _leader_for_setup(deck: Deck[EvolveCard]) -> EvolveCard:
    lead = leader_card(deck)
    if lead is not None:
        return lead
    listed = deck.cards("leader")
    size = deck.size("leader")
    if size == 0:
        reason = _("the leader section is empty")
    elif size > 1:
        reason = ngettext(
            "the leader section has {n} card ({cards})", "the leader section has {n} cards ({cards})", size
        ).format(n=size, cards=_names(c for c, _count in listed))
    elif not listed:
        reason = _("the leader section names a card that is not in the card database")
    else:
        reason = _("{card} in the leader section is not a leader card").format(card=listed[0][0].label())
    raise EngineError(
        _("setup needs exactly 1 leader card for the leader area (6.1.1.1, 6.2.1.2): {reason}").format(reason=reason)
    )


def _setup_basis(deck: Deck[EvolveCard], lead: EvolveCard, choices: dict[str, str]) -> tuple[str | None, str]:
    """The basis setup uses and how it was reached (6.2.1.3). A declared basis must be one the deck meets."""
    status = basis_status(deck)
    assert status is not None  # the leader is known
    raw = choices.get("basis")
    if raw is None:
        basis = status.effective
        if lead.class_ is not None and lead.title is not None:
            how = _(
                "declares the {basis} basis (no `basis` given: title when the title basis holds, else class)"
            ).format(basis=translate(_BASIS_NAMES[basis or "class"]))
        elif basis:
            how = _("no declaration: the leader has only a {basis}").format(basis=translate(_BASIS_NAMES[basis]))
        else:
            how = _("the leader has no class or title")
        return basis, how
    word = _BASIS_WORDS.get(_key(raw))
    if word is None:
        raise EngineError(
            _("the setup choice basis={value} is not a basis; choose class or title (6.2.1.3)").format(
                value=quoted(raw)
            )
        )
    if word == "class" and lead.class_ is None:
        raise EngineError(
            _("basis=class cannot be declared: the leader {leader} has no class (6.2.1.3)").format(leader=lead.label())
        )
    if word == "title" and lead.title is None:
        raise EngineError(
            _("basis=title cannot be declared: the leader {leader} has no title (6.2.1.3)").format(leader=lead.label())
        )
    if word == "class" and not status.class_ok:
        raise EngineError(
            _("basis=class cannot be declared: {reason} (6.1.1.5.1, 6.2.1.3)").format(reason=_failure(status, "class"))
        )
    if word == "title" and not status.title_ok:
        raise EngineError(
            _("basis=title cannot be declared: {reason} (6.1.1.5.2, 6.2.1.3)").format(reason=_failure(status, "title"))
        )
    name = translate(_BASIS_NAMES[word])
    if lead.class_ is not None and lead.title is not None:
        return word, _("declares the {basis} basis").format(basis=name)
    return word, _("no declaration needed: the leader has only a {basis}").format(basis=name)


def _setup_leaders(
    table: Table[EvolveCard], deck: Deck[EvolveCard], choices: dict[str, str]
) -> tuple[EvolveCard | None, str | None]:
    """Steps 2 and 3 (6.2.1.2, 6.2.1.3) as the deck's format has them: the leader(s) to the leader area, the basis."""
    chosen = deck.rules
    if chosen.format == CROSSOVER:
        leaders = crossover_leaders(deck)
        if leaders is None:
            raise EngineError(
                _("setup needs the 2 leader cards of different classes of a crossover deck (B-2 6.1.1.1)")
            )
        table.zone("leader").extend(leaders)
        table.log(N_("leader"), "6.2.1.2", _("put both leader cards in the leader area (crossover, B-2)"), leaders)
        table.log(N_("basis"), "6.2.1.3", _("no declaration: a crossover deck is built by class (B-2 6.1.1.5)"))
        table.notes[N_("basis")] = "class"
        return None, "class"
    if chosen.format == SEALED and deck.size("leader") == 0:
        table.log(N_("leader"), "B-1 6.2.1", _("no leader card: the leader steps are skipped (sealed, B-1 6.2.1)"))
        table.notes[N_("basis")] = "none"
        return None, None
    if deck.size("leader") == 0:  # a registry export records no leader: the leader changes no draw (issue 25)
        table.log(
            N_("leader"),
            "6.2.1.2",
            _(
                "no leader card: dealt without one, as it changes no draw (`deckcheck check` reports it missing; "
                "`deckcheck add DECK NUMBER --section leader` adds one)"
            ),
        )
        table.notes[N_("leader")] = DEALT_WITHOUT.replace("SECTION", "leader")  # (stats recognises this value)
        table.notes[N_("basis")] = "none"
        return None, None
    lead = _leader_for_setup(deck)
    table.zone("leader").append(lead)
    table.log(N_("leader"), "6.2.1.2", _("put the leader card in the leader area (public)"), [lead])
    if chosen.format == SEALED:
        table.log(N_("basis"), "6.2.1.3", _("no basis in sealed (B-1 6.1.1.6)"))
        table.notes[N_("basis")] = "none"
        return lead, None
    basis, how = _setup_basis(deck, lead, choices)
    table.log(N_("basis"), "6.2.1.3", how)
    table.notes[N_("basis")] = basis or "none"
    return lead, basis


def _set_start_amulet_aside(table: Table[EvolveCard], main: list[EvolveCard]) -> None:
    """Step 3a (14.4.3.1): a Vanguard title deck puts 1 【スタートアミュレット】 card from its main deck face down on
    the field before the main deck goes to the deck area (the lowest-numbered one; all share one name)."""
    amulets = sorted((card for card in main if getattr(card, "start_amulet", False)), key=lambda card: card.number)
    if not amulets:
        table.log(
            N_("start amulet"), "14.4.3.1", _("the deck holds no 【スタートアミュレット】 card: the step is skipped")
        )
        return
    amulet = amulets[0]
    main.remove(amulet)
    table.zone(N_("field")).append(amulet)
    table.notes[N_("start amulet")] = _("{card} (face down)").format(card=amulet.label())
    table.log(
        N_("start amulet"),
        "14.4.3.1",
        _("put {card} face down on the field (the main deck: {n})").format(card=amulet.label(), n=len(main)),
        [amulet],
    )


def _prepare(table: Table[EvolveCard], deck: Deck[EvolveCard], choices: dict[str, str]) -> None:
    main = expand(deck.cards("main"))
    evolve_cards = expand(deck.cards("evolve"))
    chosen = deck.rules
    table.notes[N_("rules")] = f"Ver.{chosen.version}, {chosen.format}"
    table.log(
        N_("present"),
        "6.2.1.1",
        _("present the leader, the main deck ({main}) and the evolve deck ({evolve})").format(
            main=len(main), evolve=len(evolve_cards)
        ),
    )
    if not evolve_cards:
        table.log(N_("present"), "6.2.1.1.1", _("declare that there is no evolve deck"))
    if len(main) < HAND_SIZE:
        raise EngineError(
            ngettext(
                "the main deck has {n} card; setup draws {hand} for the opening hand (6.2.1.7)",
                "the main deck has {n} cards; setup draws {hand} for the opening hand (6.2.1.7)",
                len(main),
            ).format(n=len(main), hand=HAND_SIZE)
        )
    lead, basis = _setup_leaders(table, deck, choices)
    if lead is not None and basis == "title" and vanguard_conditions_apply(deck, lead):
        _set_start_amulet_aside(table, main)
    table.deck = main
    table.log(N_("main deck"), "6.2.1.4", _("put the main deck ({n}) in the deck area").format(n=len(main)))
    table.shuffle("6.2.1.4", _("shuffle the main deck (the only shuffle of setup)"))
    table.zone(N_("evolve-deck")).extend(evolve_cards)
    if evolve_cards:
        table.log(
            N_("evolve deck"),
            "6.2.1.5",
            _("put the evolve deck ({n}) face down, unshuffled").format(n=len(evolve_cards)),
            evolve_cards,
        )
    else:
        table.log(N_("evolve deck"), "6.2.1.5", _("no evolve deck: nothing to place"))
    table.notes[N_("evolve deck")] = len(evolve_cards)
    if basis == "title" and lead is not None and lead.title == CINDERELLA_GIRLS:
        token = magic_item_token(deck.db)
        tokens = [token] * MAGIC_ITEM_COUNT
        table.zone(N_("ex-area")).extend(tokens)
        table.log(
            N_("magic items"),
            "14.3.1.2",
            _("create {n} 『{name}』 tokens in the EX area (tokens, not from the deck)").format(
                n=MAGIC_ITEM_COUNT, name=MAGIC_ITEM
            ),
            tokens,
        )
        table.notes[N_("ex area")] = _("{n} × {card} (tokens)").format(n=MAGIC_ITEM_COUNT, card=token.label())
        table.notes[N_("not from the deck")] = ["ex-area"]  # zones whose cards card conservation leaves out
    if table.going == "first":
        table.log(N_("turn order"), "6.2.1.6", _("this player goes first"))
    else:
        table.log(N_("turn order"), "6.2.1.6", _("this player goes second"))
    table.notes[N_("going")] = table.going


def _after_mulligan(table: Table[EvolveCard]) -> None:
    ep = 0 if table.going == "first" else SECOND_PLAYER_EP
    later = str(table.notes.get("rules", "")).startswith(f"Ver.{V1_24}")
    table.log(N_("PP"), "6.2.1.9", _("PP and PP max set to 0"))
    if table.going == "first":
        table.log(N_("EP"), "6.2.1.10", _("EP set to {ep} (first player)").format(ep=ep))
    else:
        table.log(N_("EP"), "6.2.1.10", _("EP set to {ep} (second player)").format(ep=ep))
    table.notes.update({N_("PP max"): 0, N_("EP"): ep})
    if later:
        table.log(N_("SEP"), "6.2.1.11", _("SEP set to 1 (both players; it pays only super evolution, 12.2.4)"))
        table.notes[N_("SEP")] = 1
    if table.zone("leader"):
        table.log(
            N_("leader health"),
            "6.2.1.12" if later else "6.2.1.11",
            _("leader health set to {n}").format(n=LEADER_HEALTH),
        )
        table.notes[N_("leader health")] = LEADER_HEALTH
    if later and "start amulet" in table.notes:  # (asking for the field zone would make an empty one)
        amulet = table.zone(N_("field"))[0]
        table.notes[N_("start amulet")] = _("{card} (face up)").format(card=amulet.label())
        table.log(
            N_("after the mulligan"),
            "6.2.1.13",
            _("{card} is turned face up (14.4.3.2)").format(card=amulet.label()),
            [amulet],
        )
    table.log(N_("start"), "6.2.1.14" if later else "6.2.1.12", _("the first player becomes the turn player"))


def _own_turn(table: Table[EvolveCard], k: int) -> None:
    pp = min(k, PP_CAP)
    if k > PP_CAP:
        table.log(N_("start phase"), "7.2.1", _("own turn {k}: PP max {pp} (the cap)").format(k=k, pp=pp))
    else:
        table.log(N_("start phase"), "7.2.1", _("own turn {k}: PP max {pp}").format(k=k, pp=pp))
    table.log(N_("start phase"), "7.2.2", _("PP refilled to {pp}").format(pp=pp))
    table.log(N_("start phase"), "7.2.3", _("stand every card on the field"))
    table.notes[N_("PP max")] = pp
    if table.going == "first" and k == 1:
        table.log(N_("draw"), "7.2.4.1", _("the first player does not draw on their first turn"))
        return
    if not table.deck:
        raise EngineError(_("own turn {k}: the deck is empty, so drawing loses the game (1.2.1.2, 11.2.2)").format(k=k))
    table.draw(1, N_("draw"), "7.2.4")


SETUP = Setup(
    hand_size=HAND_SIZE,
    mulligan=MulliganKind.FULL_BOTTOM,
    mulligan_ref="6.2.1.8",
    opening_ref="6.2.1.7",
    prepare=_prepare,
    after_mulligan=_after_mulligan,
    own_turn=_own_turn,
    choices=("basis",),
)


def _stats_report(deck: Deck[EvolveCard]) -> list[tuple[str, tuple[str, ...], int]]:
    """Questions a player cannot answer at a glance (nearly every deck has a card of cost <= N by own turn N): a
    follower that uses all of own turn N's PP (PP max = N, 7.2.1) for N = 2..6, the whole follower curve 2-5
    together (each turn's follower is another card: the costs differ), and a follower of the main deck that its
    evolve deck can evolve (an EVOLVE card of the same name, 12.2.2.1) by own turn 3. A cost the deck has no
    follower of says so in its label (its 0% is the deck's, not a typo's)."""
    main = deck.cards("main")
    have = {card.cost for card, _count in main if card.type == "follower"}

    def label(n: int) -> str:
        if n in have:
            return _("a follower of cost {n} on own turn {n} (all {n} PP)").format(n=n)
        return _("a follower of cost {n} on own turn {n} (all {n} PP) — the deck has none").format(n=n)

    lines: list[tuple[str, tuple[str, ...], int]] = [(label(n), (f"type=follower,cost={n}",), n) for n in range(2, 7)]
    curve = tuple(f"type=follower,cost={n}@{n}" for n in range(2, 6))
    missing = [str(n) for n in range(2, 6) if n not in have]
    if missing:
        curve_label = _(
            "the follower curve: a follower of cost N on each own turn N = 2..5 — no follower of cost {costs}"
        ).format(costs=joined(missing))
    else:
        curve_label = _("the follower curve: a follower of cost N on each own turn N = 2..5")
    lines.append((curve_label, curve, 5))
    evolving = {card.name for card, _count in deck.cards("evolve")}
    targets = sorted(
        {
            card.name
            for card, _count in main
            if card.type == "follower" and card.name in evolving and not set(card.name) & set(",|@")
        }
    )  # (a name holding the query grammar's separators cannot be asked for by name; no shipped card's does)
    if targets:
        lines.append(
            (
                _("a follower its evolve deck can evolve, by own turn 3"),
                (f"type=follower,name={'|'.join(targets)}",),
                3,
            )
        )
    return lines


def _home_section(card: Card) -> str:
    if card.type == "leader":
        return "leader"
    return "evolve" if in_evolve_deck(card) else "main"


def _registry_keys(data: dict[str, Any]) -> tuple[dict[str, str], list[str]]:
    """What a registry export's `deck_param2` says (spec evolve-1.24.1 §1, "Output and convert"): the basis as a
    word (クラス / タイトル, class / title); a class (the deck is built on its class); a pair of two classes
    (「エルフ/ロイヤル」: the crossover format, B-2, with no basis; its two leaders are in `p_list`); or a title (the
    deck is built on that title). Any other value is an error naming the field, never taken for a title."""
    raw = data.get("deck_param2")
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return {}, []
    text = norm_name(str(raw)) if isinstance(raw, str) else ""
    if (word := _BASIS_WORDS.get(_key(text))) is not None:
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
_REGISTRY_CLASSES = {_key(name): name for name in CLASS_NAMES if name != "neutral"} | {
    _key(word): name
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
    return _REGISTRY_CLASSES.get(_key(text))


def _title_key(text: str) -> str:
    """A title compared without its spacing or case: 「ウマ娘　プリティーダービー」 is ウマ娘 プリティーダービー."""
    return "".join(_key(text).split())


def _profile(deck: Deck[EvolveCard]) -> list[tuple[str, dict[str, int]]]:
    main = deck.cards("main")
    return [
        (N_("costs"), histogram(main, lambda card: card.cost)),
        (N_("classes"), histogram(main, lambda card: card.class_)),
        (N_("types"), histogram(main, lambda card: card.type)),
        (N_("evolve deck costs"), histogram(deck.cards("evolve"), lambda card: card.cost)),
    ]


GAME: Game[EvolveCard] = Game(
    id="evolve",
    title="Shadowverse EVOLVE",
    rules_document=N_("総合ルール Ver.1.24.1 (2026-01-29; Ver.1.7.0, 2023-08-18, by --rules or --as-of)"),
    sections=("leader", "main", "evolve", "pool"),
    section_words={
        "リーダー": "leader",
        "リーダーカード": "leader",
        "メインデッキ": "main",
        "メイン": "main",
        "デッキ": "main",
        "エボルヴデッキ": "evolve",
        "エボルブデッキ": "evolve",
        "エボルヴ": "evolve",
        "プール": "pool",
    },
    # `≪name≫:3-2` gives a name's copies in the main deck and the evolve deck together
    pasted=PastedWords(pair=("main", "evolve"), one_card=("leader",)),
    rules_versions=(
        RulesVersion("1.7.0", date(2023, 8, 18), "総合ルール Ver.1.7.0"),
        RulesVersion(V1_24, date(2026, 1, 29), "総合ルール ver. 1.24.1"),
    ),
    version_notes={
        "1.7.0": N_(
            "Ver.1.7.0 applied; versions 1.8–1.24.0, in force during part of this period, are not modelled "
            "(Vanguard-title conditions 14.4.2/14.4.4 are not checked)"
        )
    },
    formats=(STANDARD, CROSSOVER, SEALED),
    format_aliases={"クロスオーバー": CROSSOVER, "シールド戦": SEALED, "シールド": SEALED},
    format_since={CROSSOVER: V1_24, SEALED: V1_24},
    format_refs={CROSSOVER: N_("appendix B-2"), SEALED: N_("appendix B-1")},
    format_sections={"pool": (SEALED,)},
    card_model=EvolveCard,
    rules=tuple(rules.rules),
    # Spec example 7: a main record with deck_limit and its EVOLVE record without one are both valid.
    limit_identity=lambda card: (card.name, in_evolve_deck(card)),
    copy_groups=copy_groups,
    default_copies=DEFAULT_COPIES,
    word_keys=("basis",),
    key_words={"basis": tuple(_BASIS_WORDS)},
    db_warnings=_db_warnings,
    setup=SETUP,
    stats_report=_stats_report,
    stats_report_summary=N_(
        "a follower of cost N on own turn N (all its PP), N = 2..6, the follower curve 2..5 together, and a "
        "follower the evolve deck can evolve by own turn 3"
    ),
    home_section=_home_section,
    search_columns=("type", "class_", "cost", "attack", "defense", "evolve", "advance", "traits"),
    hand_column="cost",
    profile=_profile,
    registry_lists={"list": "main", "sub_list": "evolve", "p_list": "leader"},
    registry_keys=_registry_keys,
    section_labels={"leader": N_("Leader"), "main": N_("Main deck"), "evolve": N_("EVOLVE deck")},
    section_phrases={"main": N_("the main deck"), "evolve": N_("the evolve deck")},
    key_labels={"basis": N_("Deck basis")},
    always_listed=("leader", "main"),
    registry_title_id=6,  # seen in real exports of the official deck registry
)
