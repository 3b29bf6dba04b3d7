"""TCG Fire Emblem 0 (Cipher), comprehensive rules Ver. 1.35 (2020-10-26) (shared/spec/cipher.md)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from deckcheck._i18n import N_, _, language, ngettext
from deckcheck._util.normalize import norm_name, norm_number
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.engine.procedure import MulliganKind, Setup, expand
from deckcheck.errors import EngineError
from deckcheck.model.cards import Before, Bounds, Card, as_list, choice, int_or_x, validates_after, validates_before
from deckcheck.model.deck import Deck
from deckcheck.model.game import (
    Cards,
    Copies,
    CopyGroup,
    DeckKeys,
    Distribution,
    FieldWord,
    Game,
    KeyProblem,
    PastedWords,
    Profile,
    Registry,
    Rule,
    RuleBook,
    Tally,
    Wording,
    histogram,
    iter_over_limit,
    tally,
)
from deckcheck.model.violation import Violation

if TYPE_CHECKING:
    from deckcheck.engine.table import Table

DEFAULT_COPIES = 4
MIN_DECK = 50

_TYPE_ALIASES = {
    "ユニット": "unit",
    "ユニットカード": "unit",
    "マーカー": "marker",
    "マーカーカード": "marker",
    "主人公マーカーカード": "marker",
    "スペシャルマーカーカード": "marker",
    "ホロマーカーカード": "marker",
    "バックバトル用主人公マーカーカード": "marker",
}
CardType = choice(("unit", "marker"), _TYPE_ALIASES)
Symbol = choice(
    (
        "blade-of-light",
        "brand",
        "hoshido",
        "nohr",
        "medallion",
        "divine-weapons",
        "holy-war-flag",
        "goddess-crest",
    ),
    {
        "光の剣": "blade-of-light",
        "聖痕": "brand",
        "白夜": "hoshido",
        "暗夜": "nohr",
        "メダリオン": "medallion",
        "神器": "divine-weapons",
        "聖戦旗": "holy-war-flag",
        "女神紋": "goddess-crest",
    },
)
Gender = choice(("male", "female"), {"男性": "male", "女性": "female", "男": "male", "女": "female"})
Weapon = choice(
    ("sword", "lance", "axe", "bow", "magic", "staff", "dragonstone", "hidden-weapon", "fang", "fist"),
    {
        "剣": "sword",
        "槍": "lance",
        "斧": "axe",
        "弓": "bow",
        "魔法": "magic",
        "杖": "staff",
        "竜石": "dragonstone",
        "暗器": "hidden-weapon",
        "牙": "fang",
        "拳": "fist",
    },
)
UnitType = choice(
    ("armor", "beast", "flier", "dragon", "mirage", "monster"),
    {"アーマー": "armor", "獣馬": "beast", "飛行": "flier", "竜": "dragon", "幻影": "mirage", "魔物": "monster"},
)

RANGES = ("1", "2", "3", "1-2", "1-3", "2-3", "-")
# Every dash a card list may print between two ranges (NFKC already turns － into -).
_DASHES = re.compile(r"[\-‐‑‒–—―−～~〜ー]")


def _range(value: Any) -> Any:
    """'1-2' from 1, '１－２', '1～2', '射程1-2'; '-' from '射程-', '「-」', '－'."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return str(value)
    if not isinstance(value, str):
        return value
    text = unicodedata.normalize("NFKC", value).strip()
    text = text.removeprefix("射程").strip().strip("「」\"'").strip()
    text = re.sub(r"\s+", "", _DASHES.sub("-", text))
    return text


Range = Annotated[Literal[RANGES], Before(_range)]  # type: ignore[valid-type]
Cost = Annotated[Annotated[int, Bounds(ge=0)] | Literal["X"], Before(int_or_x)]
Stat = Annotated[int | Literal["X"], Before(int_or_x)]
Symbols = Annotated[list[Symbol], Bounds(max_length=2), Before(as_list)]  # type: ignore[valid-type]
Genders = Annotated[list[Gender], Before(as_list)]  # type: ignore[valid-type]
Weapons = Annotated[list[Weapon], Before(as_list)]  # type: ignore[valid-type]
Types = Annotated[list[UnitType], Before(as_list)]  # type: ignore[valid-type]
JapaneseNames = Annotated[list[Annotated[str, Bounds(min_length=1)]], Before(as_list)]

#: The fields every unit card prints (4.2–4.17); a marker needs none of them.
UNIT_FIELDS = ("title", "unit_name", "cost", "symbols", "attack", "support", "range", "class_name")


def _is_marker(raw_type: Any) -> bool:
    if not isinstance(raw_type, str):
        return False
    key = unicodedata.normalize("NFKC", raw_type).strip().casefold()
    return key == "marker" or _TYPE_ALIASES.get(key) == "marker"


class CipherCard(Card):
    type: CardType  # type: ignore[valid-type]
    # Required for units: a marker gets None for each missing one (see _marker_fields).
    title: str | None
    unit_name: str | None
    cost: Cost | None
    cc_cost: Cost | None = None
    symbols: Symbols | None
    genders: Genders = []
    weapons: Weapons = []
    attack: Stat | None
    support: Stat | None
    range: Range | None
    class_name: str | None
    job: str | None = None
    types: Types = []
    rarity: str | None = None
    # The card's Japanese names as printed (the English `name` is a fan translation): the first is the one shown,
    # any further one a spelling another source gives (癒し / 癒やし). A deck may name the card by any of them.
    names_ja: JapaneseNames = []
    # Every printed code this record stands for (rarity suffix included, e.g. B01-001SR, B01-001SR+): a deck may
    # name a card by any of them (see `printed_code_number`).
    printings: list[str] = []

    other_name_fields: ClassVar[tuple[str, ...]] = ("names_ja",)
    other_name_label: ClassVar[str] = N_("Japanese name")
    # Cipher was sold in Japan only: a Japanese interface shows the Japanese name first (Card.local_name).
    other_name_language: ClassVar[str | None] = "ja"

    @validates_before
    @classmethod
    def _marker_fields(cls, data: Any) -> Any:
        # A marker card (12.1.1.3.1) prints no title, cost, symbols or stats: only number, name and type.
        if isinstance(data, dict) and _is_marker(data.get("type")):
            return {field: None for field in UNIT_FIELDS} | {"symbols": []} | data
        return data

    @validates_after
    def _unit_fields(self) -> CipherCard:
        if self.type == "unit":
            missing = [field for field in UNIT_FIELDS if getattr(self, field) is None]
            if missing:
                raise ValueError(
                    _("a unit card needs {fields} (only a marker may leave them out)").format(fields=joined(missing))
                )
        return self

    @property
    def is_marker(self) -> bool:
        return self.type == "marker"

    @property
    def card_name(self) -> tuple[str, str] | None:
        """The copy-limit key (4.14.1): normalised (title, unit name); parentheses are kept. None for markers.

        The title compares case-insensitively: the real list is an English translation of Japanese cards, and it
        spells one title two ways by case alone (Jemmie "As Strong As One Brigade" B09-072, "As Strong as One
        Brigade" P09-007), which must not split one card name in two."""
        if self.is_marker or self.title is None or self.unit_name is None:
            return None
        return norm_name(self.title).casefold(), norm_name(self.unit_name)

    @property
    def local_unit_name(self) -> str | None:
        """The unit name (4.13) as the Japanese name shown (`local_name`) prints it: its part after the last space
        (the title may hold one, 昏き 愛炎の陰陽師 シャラ); None where no Japanese name is shown or for a marker. A test
        holds this over the card data: one Japanese unit name for each unit name."""
        local = self.local_name
        if local is None or self.unit_name is None or " " not in local.strip():
            return None
        return local.strip().rsplit(" ", 1)[1]

    @property
    def said_unit_name(self) -> str | None:
        """The unit name as the interface says it: in a Japanese interface the Japanese one alone (マルス: a player
        knows the character by it; the card's English name is beside its Japanese one wherever the card is named);
        in English, where the deck names the card in Japanese, the Japanese one with the English beside,
        `マルス (Marth)`; else the unit name as recorded."""
        local = self.local_unit_name
        if local is None:
            return self.unit_name
        return local if language() == "ja" else f"{local} ({self.unit_name})"

    @property
    def printed_cost_one(self) -> bool:
        """Whether the printed cost is the integer 1 (12.1.1.1; X is 0, 4.2.3)."""
        return not self.is_marker and type(self.cost) is int and self.cost == 1


# A printed code: the number (with a variant letter A/B/C) and a rarity suffix such as N, HN, SR+, PR, R+X.
_PRINTED_CODE = re.compile(r"^(?P<number>[A-Z]+\d+-\d+)(?P<variant>[ABC]?)(?P<rarity>[A-Z+]+)$")


# A number without its rarity suffix, and the suffixes printed in the real list (upper-cased, sorted: the lowest
# code comes first, as for a name shared by several numbers).
_BARE_NUMBER = re.compile(r"^[A-Z]+\d+-\d+[ABC]?$")
_RARITIES = sorted(
    ["N", "HN", "R", "R+", "HR", "SR", "SR+", "ST", "ST+", "PR", "PR+", "PRR", "PRX", "R+X", "N+X", "HNX", "+X"]
)


def printed_code_number(number: str) -> list[str]:
    """The database numbers a printed code may stand for: B01-001SR+ → B01-001; B08-047AN → B08-047A, B08-047.
    The records list their printings (`printings`); a number without its rarity suffix is the record's number.
    Where a number's printings differ in their facts, each keeps its code as its record's number (B20-001SR and
    B20-001SR+, male and female Corrin, one card name): the bare number B20-001 then stands for the lowest."""
    printings = [number + rarity for rarity in _RARITIES] if _BARE_NUMBER.match(number) else []
    match = _PRINTED_CODE.match(number)
    if match is None:
        return printings
    base = match["number"]
    return [*printings, base + match["variant"], base] if match["variant"] else [*printings, base]


def limit_identity(card: Card) -> Hashable | None:
    assert isinstance(card, CipherCard)
    return card.card_name


rules = RuleBook()


def _names(cards: Iterable[Card]) -> str:
    """'A (N1), B (N2)' for a message, each card once (listed in the chosen language)."""
    return joined(dict.fromkeys(card.label() for card in cards))


def _name_and_numbers(entry: Tally[CipherCard]) -> dict[str, str]:
    """A message's `{name} ({numbers})`: the first card's name as the interface says it (Card.said_name) and the
    numbers counted, as printed."""
    return {"name": entry.cards[0].said_name, "numbers": joined(entry.printed_numbers)}


def _markers(deck: Deck[CipherCard]) -> list[tuple[CipherCard, int]]:
    return [(card, n) for card, n in deck.cards("main") if isinstance(card, CipherCard) and card.is_marker]


@rules.rule(
    "cipher.main-size",
    ref="12.1.1",
    refs="12.1.1 「50枚以上」",
    summary=N_("The deck has at least 50 cards, marker cards not counted (no maximum)."),
)
def main_size(rule: Rule, deck: Deck[CipherCard]) -> Iterator[Violation]:
    markers = _markers(deck)
    marker_count = sum(n for _card, n in markers)
    size = deck.size("main") - marker_count
    if size < MIN_DECK:
        if marker_count:
            message = _(
                "The deck has {cards} (not counting {markers}: {names}); it must have at least {min} (12.1.1)."
            ).format(
                cards=ngettext("{n} card", "{n} cards", size).format(n=size),
                markers=ngettext("{n} marker card", "{n} marker cards", marker_count).format(n=marker_count),
                names=_names(c for c, _n in markers),
                min=MIN_DECK,
            )
        else:
            message = ngettext(
                "The deck has {n} card; it must have at least {min} (12.1.1).",
                "The deck has {n} cards; it must have at least {min} (12.1.1).",
                size,
            ).format(n=size, min=MIN_DECK)
        yield rule.violation(
            "main",
            message,
            cards=[card.number for card, _n in markers],
            count=size,
            limit=MIN_DECK,
        )


def copy_groups(deck: Deck[CipherCard]) -> Iterator[CopyGroup[Any]]:
    """Copies by card name (title + unit name) over all numbers and rarities (12.1.1.2, 4.14.1); markers have no
    card name and are not counted."""
    units = [(card, n) for card, n in deck.cards("main") if limit_identity(card) is not None]
    for identity, entry in tally(units, lambda card: [limit_identity(card)]).items():
        yield CopyGroup("main", identity, entry, N_("the deck"))


@rules.rule(
    "cipher.copies",
    ref="12.1.1.2",
    refs="12.1.1.2, 4.14.1, 4.14.2",
    summary=N_(
        "At most 4 cards of one card name (title + unit name) over all numbers and rarities "
        "(a card's own deck_limit replaces 4)."
    ),
)
def copies(rule: Rule, deck: Deck[CipherCard]) -> Iterator[Violation]:
    counted = {identity: entry for _section, identity, entry, _scope in copy_groups(deck)}
    for _key, entry, limit in iter_over_limit(counted, lambda _key, entry: entry.copy_limit(DEFAULT_COPIES)):
        message = ngettext(
            "The deck has {count} copies of {name} ({numbers}); at most {limit} card "
            "of one card name (title and unit name, whatever the number or rarity) is allowed (12.1.1.2).",
            "The deck has {count} copies of {name} ({numbers}); at most {limit} cards "
            "of one card name (title and unit name, whatever the number or rarity) are allowed (12.1.1.2).",
            limit,
        )
        yield rule.violation(
            "main",
            message.format(count=entry.count, limit=limit, **_name_and_numbers(entry)),
            cards=entry.numbers,
            count=entry.count,
            limit=limit,
        )


@rules.rule(
    "cipher.lord",
    ref="12.1.1.1",
    refs="12.1.1.1, 4.2.2, 4.2.3, 12.2.1.1, 12.2.1.1.1",
    summary=N_(
        "At least one card with a printed cost of exactly 1 (a lord candidate); cost X is 0. A `lord` key names such "
        "a card of the deck (12.2.1.1)."
    ),
)
def lord(rule: Rule, deck: Deck[CipherCard]) -> Iterator[Violation]:
    yield from _lord_key(rule, deck)
    units = [(card, n) for card, n in deck.cards("main") if isinstance(card, CipherCard) and not card.is_marker]
    if any(card.printed_cost_one for card, _n in units):
        return
    cost_x = [card for card, _n in units if card.cost == "X"]
    if cost_x:
        message = _(
            "The deck has no card with a printed cost of 1, so no lord can be chosen; at least 1 is needed "
            "(12.1.1.1; only the printed cost counts, 12.2.1.1.1). The cost-X cards ({names}) count as cost 0 (4.2.3)."
        ).format(names=_names(cost_x))
    else:
        message = _(
            "The deck has no card with a printed cost of 1, so no lord can be chosen; at least 1 is needed "
            "(12.1.1.1; only the printed cost counts, 12.2.1.1.1)."
        )
    yield rule.violation(
        "main",
        message,
        cards=[card.number for card in cost_x],
        count=0,
        limit=1,
    )


def _lord_key(rule: Rule, deck: Deck[CipherCard]) -> Iterator[Violation]:
    """The deck's `lord` key, on its line: a card the setup cannot choose (12.2.1.1), as `hand` would refuse it. A
    value that names no card is `deck.unknown-card`."""
    value, card = deck.key("lord"), deck.key_cards.get("lord")
    if value is None or card is None:
        return
    problem = lord_problem(deck, "lord", value)
    if problem is not None:
        yield rule.violation("lord", _("{note}.").format(note=problem.reason), ref="12.2.1.1", cards=[card.number])


@rules.rule(
    "cipher.markers",
    ref="12.1.1.3",
    refs="12.1.1.3, 12.1.1.3.1",
    summary=N_("No marker cards in the deck."),
)
def markers(rule: Rule, deck: Deck[CipherCard]) -> Iterator[Violation]:
    found = tally(_markers(deck), lambda card: [card.name])
    for entry in found.values():
        message = ngettext(
            "{name} ({numbers}) is a marker card ({n} copy); "
            "marker cards cannot be used in the deck and do not count toward its 50 cards (12.1.1.3).",
            "{name} ({numbers}) is a marker card ({n} copies); "
            "marker cards cannot be used in the deck and do not count toward its 50 cards (12.1.1.3).",
            entry.count,
        )
        yield rule.violation(
            "main",
            message.format(n=entry.count, **_name_and_numbers(entry)),
            cards=entry.numbers,
        )


def _db_warnings(cards: Sequence[Card]) -> list[str]:
    notes = []
    for card in cards:
        assert isinstance(card, CipherCard)
        if card.is_marker or card.title is None or card.unit_name is None:
            continue
        if card.name != norm_name(f"{card.title} {card.unit_name}"):
            notes.append(
                _("{card}: name is not title + ' ' + unit_name ({title}, {unit_name}) (4.14.1)").format(
                    card=card.label(), title=repr(card.title), unit_name=repr(card.unit_name)
                )
            )
        if card.symbols is not None and len(set(card.symbols)) != len(card.symbols):
            notes.append(_("{card}: the same symbol is listed twice").format(card=card.label()))
    return notes


# Setup (12.2.1) and the first turns (13.2.1) for the engine ------------------------------------------------

HAND_SIZE = 6  # 12.2.1.4
ORBS = 5  # 12.2.1.6
#: The lord, the opening hand and the orbs all come from the deck before the first turn.
SETUP_CARDS = 1 + HAND_SIZE + ORBS


def _main_units(deck: Deck[CipherCard]) -> list[tuple[CipherCard, int]]:
    return [(card, n) for card, n in deck.cards("main") if isinstance(card, CipherCard) and not card.is_marker]


def _lord_in_main(deck: Deck[CipherCard], value: str) -> CipherCard | None:
    """The card of `main` a `lord` value names: a card number, else an exact card name (first listed)."""
    listed = [card for card, _n in deck.cards("main") if isinstance(card, CipherCard)]
    numbers = [norm_number(value), *printed_code_number(norm_number(value))]  # a printed code names its record
    found = next((card for number in numbers for card in listed if card.number == number), None)
    if found is None:
        name = norm_name(value)  # the card's name, or its Japanese name
        found = next((card for card in listed if name == card.name or name in card.other_names), None)
    return found


def lord_problem(deck: Deck[CipherCard], key: str, value: str) -> KeyProblem | None:
    """Why `value` cannot be the lord (12.2.1.1: a card of the deck whose printed cost is 1), or None: said alike by
    `check` (on the key's line), `set`, `hand` and `stats`. A card whose cost is not 1 is the card itself (`set`
    refuses it); a card `main` does not hold may be added yet."""
    found = _lord_in_main(deck, value)
    known = deck.key_cards.get(key) if deck.key(key) == value else None
    card = found if found is not None else known
    if isinstance(card, CipherCard) and not card.printed_cost_one:
        if card.is_marker:
            message = _(
                "lord {value} ({card}) cannot be the lord: it is a marker card, and the lord needs a printed cost "
                "of exactly 1 (12.2.1.1, 12.2.1.1.1; X is 0, 4.2.3)"
            )
        else:
            message = _(
                "lord {value} ({card}) cannot be the lord: its printed cost is {cost}, and the lord needs a printed "
                "cost of exactly 1 (12.2.1.1, 12.2.1.1.1; X is 0, 4.2.3)"
            )
        return KeyProblem(message.format(value=quoted(value), card=card.label(), cost=card.cost), card_itself=True)
    if found is not None:
        return None
    if known is not None:
        message = _("lord {value} cannot be the lord: {card} is not in main (12.2.1.1: the lord comes from the deck)")
    else:
        message = _(
            "lord {value} cannot be the lord: it names no card in main (12.2.1.1: the lord comes from the deck)"
        )
    return KeyProblem(
        message.format(value=quoted(value), card=known.label() if known is not None else ""), card_itself=False
    )


def _chosen_lord(deck: Deck[CipherCard], value: str) -> CipherCard:
    """The card a `lord` value names: a card number in `main`, else an exact card name in `main` (first listed)."""
    problem = lord_problem(deck, "lord", value)
    if problem is not None:
        raise EngineError(problem.reason)
    found = _lord_in_main(deck, value)
    assert found is not None  # no problem: main holds it
    return found


def _default_lord(deck: Deck[CipherCard]) -> CipherCard:
    """The printed-cost-1 card name with the most copies in `main` (counted as for cipher.copies); ties and the
    printing go to the entry listed first."""
    units = _main_units(deck)
    candidates = [card for card, _n in units if card.printed_cost_one]
    if not candidates:
        raise EngineError(
            _(
                "the deck has no card with a printed cost of 1, so no lord can be chosen (12.1.1.1, 12.2.1.1; "
                "cost X is 0, 4.2.3)"
            )
        )
    copies = tally(units, lambda card: [limit_identity(card)])
    first_printing: dict[Hashable, CipherCard] = {}
    for card in candidates:
        first_printing.setdefault(limit_identity(card), card)
    best = max(first_printing, key=lambda name: copies[name].count)  # max keeps the first of equal counts
    return first_printing[best]


def _prepare(table: Table[CipherCard], deck: Deck[CipherCard], choices: dict[str, str]) -> None:
    markers = expand(_markers(deck))
    cards = expand(_main_units(deck))
    if markers:  # cipher.markers fails, but such a deck can still be dealt: the markers stay out of the game
        table.zone(N_("out-of-game")).extend(markers)
        table.log(N_("deck"), "12.1.1.3", _("marker cards are not deck cards and are never dealt"), markers)
    if len(cards) < SETUP_CARDS:
        raise EngineError(
            ngettext(
                "the deck has {n} card; the setup needs at least {need} "
                "(the lord, a {hand}-card hand and {orbs} orbs, 12.2.1.1-12.2.1.6)",
                "the deck has {n} cards; the setup needs at least {need} "
                "(the lord, a {hand}-card hand and {orbs} orbs, 12.2.1.1-12.2.1.6)",
                len(cards),
            ).format(n=len(cards), need=SETUP_CARDS, hand=HAND_SIZE, orbs=ORBS)
        )
    table.deck = cards
    value = choices.get("lord")
    lord = _chosen_lord(deck, value) if value is not None else _default_lord(deck)
    table.zone("lord").append(table.remove_from_deck(lord))
    how = _lord_source(deck, value)
    placed = _("{card} face-down to the front area as the lord ({how})").format(card=lord.label(), how=how)
    table.log(N_("lord"), "12.2.1.1", placed, [lord])
    # the notes' keys are kept in English (JSON keys); their shower translates them
    table.notes[N_("lord")] = lord.label()
    table.notes[N_("lord chosen by")] = how
    table.shuffle("12.2.1.2")


def _lord_source(deck: Deck[CipherCard], value: str | None) -> str:
    """How the lord was chosen: the deck's `lord` key, the command line (`--choose lord=X`), or the default."""
    if value is None:
        return _("the printed-cost-1 name with the most copies")
    if value == deck.key("lord"):
        return _("the deck's lord")
    return _("chosen on the command line")


def _after_mulligan(table: Table[CipherCard]) -> None:
    table.place_top(ORBS, "orbs", N_("orbs"), "12.2.1.6")
    table.notes[N_("orbs")] = _("{n} face-down; hidden even from their owner (6.4.5)").format(n=ORBS)


def _own_turn(table: Table[CipherCard], k: int) -> None:
    if not table.deck:
        raise EngineError(
            _(
                "own turn {turn}: the deck and the retreat area are empty, so the player has lost (3.1.2, 11.3.1)"
            ).format(turn=k)
        )
    if k == 1 and table.going == "first":
        table.log(
            N_("draw"),
            "13.2.1.5.1",
            _("the first player's first turn has no draw (13.2.1.5.1 as corrected: it skips the draw of 13.2.1.5)"),
        )
        return
    table.draw(1, N_("draw"), "13.2.1.5")


SETUP = Setup(
    hand_size=HAND_SIZE,
    mulligan=MulliganKind.FULL_SHUFFLE,
    mulligan_ref="12.2.1.5.1",
    opening_ref="12.2.1.4",
    prepare=_prepare,
    after_mulligan=_after_mulligan,
    own_turn=_own_turn,
    choices=("lord",),
    main_set_aside=1,  # the lord
)


def _stats_report(deck: Deck[CipherCard]) -> list[tuple[str, tuple[str, ...], int]]:
    """The lord's class change: a card with the lord's unit name and a class-change cost, by own turns 1-3."""
    try:
        value = deck.key("lord")
        lord = _chosen_lord(deck, value) if value is not None else _default_lord(deck)
    except EngineError:
        return []
    numbers = sorted(
        {card.number for card, _n in _main_units(deck) if card.unit_name == lord.unit_name and card.cc_cost is not None}
    )
    if not numbers:
        return []
    wants = ("number=" + "|".join(numbers),)
    return [
        (
            _("a class change for the lord {unit_name} by own turn {turn}").format(
                unit_name=lord.said_unit_name, turn=k
            ),
            wants,
            k,
        )
        for k in (1, 2, 3)
    ]


def _profile(deck: Deck[CipherCard]) -> list[Distribution]:
    main = deck.cards("main")
    # the titles are JSON keys of `show --format json`: kept in English here, translated where they are shown
    return [
        Distribution(N_("costs"), "cost", histogram(main, lambda card: card.cost)),
        Distribution(N_("symbols"), "symbols", histogram(main, lambda card: card.symbols or None)),
        Distribution(N_("class-change costs"), "cc_cost", histogram(main, lambda card: card.cc_cost)),
    ]


#: The rules document's words for the printed fields (総合ルール Ver. 1.35, section 4 「カードの内容」): filters take
#: them for the field (`出撃コスト=1`, `戦闘力>=50`). 兵種 (4.16) is a class and an occupation: its left part, クラス,
#: is `class_name`, its right part, 職業, is `job` (4.16.1.1).
FIELD_WORDS = (
    FieldWord("出撃コスト", "cost", "4.2"),
    FieldWord("コスト", "cost", "4.2"),
    FieldWord("クラスチェンジコスト", "cc_cost", "4.3"),
    FieldWord("シンボル", "symbols", "4.4"),
    FieldWord("性別", "genders", "4.5"),
    FieldWord("武器", "weapons", "4.6"),
    FieldWord("タイプ", "types", "4.7"),
    FieldWord("スキル", "text", "4.9"),
    FieldWord("戦闘力", "attack", "4.11"),
    FieldWord("称号", "title", "4.12"),
    FieldWord("ユニット名", "unit_name", "4.13"),
    FieldWord("カード名", "name", "4.14"),
    FieldWord("射程", "range", "4.15"),
    FieldWord("兵種", "class_name", "4.16"),
    FieldWord("クラス", "class_name", "4.16.1.1"),
    FieldWord("職業", "job", "4.16.1.1"),
    FieldWord("支援力", "support", "4.17"),
    FieldWord("カードナンバー", "number", "4.18"),
    FieldWord("レアリティ", "rarity", "4.19"),
)


GAME: Game[CipherCard] = Game(
    id="cipher",
    title=N_("TCG Fire Emblem 0 (Cipher)"),
    rules_document=N_("総合ルール Ver. 1.35 (2020-10-26)"),
    sections=("main",),
    card_model=CipherCard,
    rules=tuple(rules.rules),
    keys=DeckKeys(cards=("lord",), setup_problem=lord_problem),
    setup=SETUP,
    copies=Copies(
        identity=limit_identity,
        groups=copy_groups,
        default=DEFAULT_COPIES,
    ),
    cards=Cards(
        db_warnings=_db_warnings,
        search_columns=("cost", "cc_cost", "symbols", "class_name", "attack", "support", "range"),
        field_words=FIELD_WORDS,
        number_fallbacks=printed_code_number,
        # `B01-001`, `P01-012`; not a printing with a suffix (`B20-001SR`, `B13-003a`)
        regular_number=r"[A-Z]+\d+-\d+",
    ),
    profile=Profile(
        stats_report=_stats_report,
        stats_report_summary=N_("a class-change card for the lord by own turn 1..3"),
        hand_column="cost",
        distributions=_profile,
    ),
    registry=Registry(
        lists={"list": "main", "p_list": "lord"},
    ),
    wording=Wording(
        terms={
            "type": {
                "marker": "10.2.3.5.2",
            },
            "symbols": {
                "blade-of-light": "4.4.4",
                "brand": "4.4.4",
                "hoshido": "4.4.4",
                "nohr": "4.4.4",
                "medallion": "4.4.4",
                "divine-weapons": "4.4.4",
                "holy-war-flag": "4.4.4",
                "goddess-crest": "4.4.4",
            },
            "genders": {
                "male": "4.5.3",
                "female": "4.5.3",
            },
            "weapons": {
                "sword": "4.6.3",
                "lance": "4.6.3",
                "axe": "4.6.3",
                "bow": "4.6.3",
                "magic": "4.6.3",
                "staff": "4.6.3",
                "dragonstone": "4.6.3",
                "hidden-weapon": "4.6.3",
                "fang": "4.6.3",
                "fist": "4.6.3",
            },
            "types": {
                "armor": "4.7.4",
                "beast": "4.7.4",
                "flier": "4.7.4",
                "dragon": "4.7.4",
                "mirage": "4.7.4",
                "monster": "4.7.4",
            },
        },
        section_words={"メインデッキ": "main", "デッキ": "main"},
        # cost headings (`3コスト`) belong to the main deck; the protagonist mark (`★`, `(主人公)`) names the lord
        pasted=PastedWords(headings=((r"\d+\s*(?:コスト|c)", "main"),), marks={"★": "lord", "主人公": "lord"}),
        section_labels={"main": N_("Main deck")},
        section_phrases={"main": N_("the main deck")},
        key_labels={"lord": N_("Lord")},
        always_listed=("main",),
    ),
)
