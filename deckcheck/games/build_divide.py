"""Build Divide / Build Divide Bright, comprehensive rules of unknown version, after Ver.3.2.2
(shared/spec/build-divide.md)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.text import joined
from deckcheck.engine.procedure import MulliganKind, Setup, expand
from deckcheck.errors import EngineError
from deckcheck.model.cards import (
    Before,
    Bounds,
    Card,
    Name,
    as_list,
    choice,
    record_field,
    validates_before,
    validates_field,
)
from deckcheck.model.deck import Deck
from deckcheck.model.game import (
    Cards,
    Copies,
    CopyGroup,
    Distribution,
    FieldWord,
    Game,
    PastedWords,
    Profile,
    Registry,
    Rule,
    RuleBook,
    Tally,
    Wording,
    histogram,
    names_of,
    size_violations,
)
from deckcheck.model.violation import Violation

if TYPE_CHECKING:
    from pydantic import ValidationInfo

    from deckcheck.engine.table import Table

DEFAULT_COPIES = 4
MAIN_MIN, MAIN_MAX = 40, 50
D_MAX = 12
BUSTERS = 12
SHOTS_MAX = 12
HAND_SIZE = 5  # 602-1f
LIFE = 10  # 602-1h
ENERGY = 2  # 602-1i

CardType = choice(
    ("unit", "command", "territory"),
    {"ユニット": "unit", "コマンド": "command", "テリトリー": "territory"},
)
Color = choice(
    ("black", "blue", "white", "red"),
    {"黒": "black", "青": "blue", "白": "white", "赤": "red"},
)


def _subtype(value: Any) -> Any:
    """`ace` and its alias エース become "ace"; other subtypes are kept as printed."""
    if isinstance(value, str):
        text = unicodedata.normalize("NFKC", value).strip()
        if text.casefold() in {"ace", "エース"}:
            return "ace"
        return text
    return value


Subtype = Annotated[str, Before(_subtype)]
ListOf = Before(as_list)

# 【名称ルール】「X」 (several 「」 may follow one keyword): the importer's source for `extra_names` (1407-1a).
_NAME_RULE = re.compile(r"【名称ルール】\s*((?:「[^」]+」\s*)+)")
_QUOTED = re.compile(r"「([^」]+)」")


def name_rule_names(text: str) -> list[str]:
    """Every 「（名称）」 given by a 【名称ルール】 ability in a card text."""
    text = unicodedata.normalize("NFKC", text).replace("[名称ルール]", "【名称ルール】")
    return [name for group in _NAME_RULE.findall(text) for name in _QUOTED.findall(group)]


class BuildDivideCard(Card):
    type: CardType  # type: ignore[valid-type]
    colors: Annotated[list[Color], ListOf]  # type: ignore[valid-type]
    cost: Annotated[int, Bounds(ge=0)] | None = record_field(None, validate_default=True)
    total_cost: Annotated[int, Bounds(ge=0)]
    buster: bool = False
    shot: bool = False
    extra_names: Annotated[list[Name], ListOf] = []
    open_name: Name | None = record_field(None, validate_default=True)
    titles: Annotated[list[str], ListOf] = []
    subtypes: Annotated[list[Subtype], ListOf] = []
    work: str | None = None

    @validates_before
    @classmethod
    def _import_name_rule(cls, data: Any) -> Any:
        # Importer note (1407-1a): 【名称ルール】「X」 in the text gives extra_names when the record states none.
        if isinstance(data, dict) and "extra_names" not in data and isinstance(data.get("text"), str):
            found = name_rule_names(data["text"])
            if found:
                return {**data, "extra_names": found}
        return data

    @validates_field("cost")
    @classmethod
    def _cost_by_type(cls, value: int | None, info: ValidationInfo) -> int | None:
        kind = info.data.get("type")
        if kind == "territory" and value is not None:
            raise ValueError(_("a territory has no play cost (306-2e); leave cost out or null"))
        if kind in {"unit", "command"} and value is None:
            raise ValueError(_("is required for a {type} (306-1)").format(type=type_name(kind)))
        return value

    @validates_field("open_name")
    @classmethod
    def _open_name_by_type(cls, value: str | None, info: ValidationInfo) -> str | None:
        kind = info.data.get("type")
        if kind == "territory" and value is None:
            raise ValueError(_("is required for a territory: the card name on its open face (319-2, 601-1e)"))
        if kind in {"unit", "command"} and value is not None:
            raise ValueError(
                _("only a territory has an open face; a {type} must not have open_name").format(type=type_name(kind))
            )
        return value

    @property
    def own_name(self) -> str:
        """The name the card's own text governs: `open_name` for a territory, else `name`."""
        return self.open_name if self.type == "territory" and self.open_name else self.name

    @property
    def name_set(self) -> list[str]:
        """The names copies are counted under: {own name} ∪ extra_names (601-1b, 601-1e, 1407-3)."""
        return list(dict.fromkeys([self.own_name, *self.extra_names]))

    @property
    def is_ace(self) -> bool:
        return "ace" in self.subtypes


#: The card types as messages name them ("a unit"), marked for translation.
TYPE_NAMES = {"unit": N_("unit"), "command": N_("command"), "territory": N_("territory")}


def type_name(kind: object) -> str:
    """A card type as a message names it, in the chosen language (an unknown value as given)."""
    name = TYPE_NAMES.get(kind) if isinstance(kind, str) else None
    return translate(name) if name else str(kind)


rules = RuleBook()


@rules.rule(
    "build-divide.main-size",
    ref="601-1a",
    refs="601-1a 「40枚以上、50枚以下」",
    summary=N_("The main deck has 40–50 cards."),
)
def main_size(rule: Rule, deck: Deck[BuildDivideCard]) -> Iterator[Violation]:
    return size_violations(rule, deck, "main", low=MAIN_MIN, high=MAIN_MAX, ref="601-1a")


@rules.rule(
    "build-divide.d-size",
    ref="601-1a",
    refs="601-1a 「0枚以上12枚以下」",
    summary=N_("The D deck has 0–12 cards."),
)
def d_size(rule: Rule, deck: Deck[BuildDivideCard]) -> Iterator[Violation]:
    return size_violations(rule, deck, "d", high=D_MAX, ref="601-1a")


@rules.rule(
    "build-divide.territory",
    ref="602-1a",
    refs="602-1a, 601-1e",
    summary=N_("The territory section holds exactly one card, and it is a territory."),
)
def territory(rule: Rule, deck: Deck[BuildDivideCard]) -> Iterator[Violation]:
    size = deck.size("territory")
    cards = deck.cards("territory")
    numbers = [card.number for card, _count in cards]
    if size == 0:
        yield rule.violation(
            "territory",
            _("The deck has no starting territory; present exactly one territory card (602-1a)."),
            count=0,
            limit=1,
        )
    elif size > 1:
        counted = ngettext("{n} card", "{n} cards", size).format(n=size)
        if cards:
            message = _(
                "The territory section has {cards} ({names}); the starting territory is exactly one territory card "
                "(602-1a), and further territories belong in the D deck (601-1e)."
            ).format(cards=counted, names=names_of(card for card, _count in cards))
        else:
            message = _(
                "The territory section has {cards}; the starting territory is exactly one territory card (602-1a), "
                "and further territories belong in the D deck (601-1e)."
            ).format(cards=counted)
        yield rule.violation(
            "territory",
            message,
            cards=numbers,
            count=size,
            limit=1,
        )
    else:
        wrong = [card for card, _count in cards if card.type != "territory"]
        for card in wrong:  # an unknown card is left to deck.unknown-card
            yield rule.violation(
                "territory",
                _(
                    "{card} is a {type}, not a territory card; the starting territory must be a territory card "
                    "(602-1a, 601-1e)."
                ).format(card=card.label(), type=type_name(card.type)),
                cards=[card.number],
            )


@rules.rule(
    "build-divide.main-territory",
    ref="601-1e",
    refs="601-1e 「メインデッキ内にはテリトリーカードを入れることはできません」",
    summary=N_("The main deck holds no territory cards."),
)
def main_territory(rule: Rule, deck: Deck[BuildDivideCard]) -> Iterator[Violation]:
    found = [(card, n) for card, n in deck.cards("main") if card.type == "territory"]
    if found:
        count = sum(n for _card, n in found)
        yield rule.violation(
            "main",
            ngettext(
                "The main deck holds {n} territory card ({cards}); territory cards may not be put in the main deck "
                "(601-1e); use one as the starting territory or put it in the D deck.",
                "The main deck holds {n} territory cards ({cards}); territory cards may not be put in the main deck "
                "(601-1e); use one as the starting territory or put it in the D deck.",
                count,
            ).format(n=count, cards=_listing(found)),
            cards=[card.number for card, _count in found],
        )


@dataclass
class NameCount(Tally[Any]):
    """Copies counted under one name string: the total, the cards (each once), each card's copies and the sections
    they sit in."""

    copies: dict[str, int] = field(default_factory=dict)  # number -> copies
    sections: set[str] = field(default_factory=set)

    def add(self, card: BuildDivideCard, count: int, section: str) -> None:
        if card.number not in self.copies:
            self.cards.append(card)
            self.copies[card.number] = 0
        self.copies[card.number] += count
        self.count += count
        self.sections.add(section)

    def listing(self) -> str:
        return joined(f"{card.label()} ×{self.copies[card.number]}" for card in self.cards)


def _name_counts(deck: Deck[BuildDivideCard], sections: Sequence[str], territories: bool) -> dict[str, NameCount]:
    """Copies per name string over the given sections, territories or the other cards: each card counts under every
    name of its name set, never merging names into transitive groups (1407-3)."""
    result: dict[str, NameCount] = {}
    for section in sections:
        for card, count in deck.cards(section):
            assert isinstance(card, BuildDivideCard)
            if (card.type == "territory") != territories:
                continue
            for name in card.name_set:
                result.setdefault(name, NameCount()).add(card, count, section)
    return result


# Territories or the other cards -> (the sections counted together, the first being where a violation is reported
# when it holds some of the copies, else d; where the copies were counted, for messages).
_COPY_SCOPES = {
    False: (("main", "d"), N_("the main deck and D deck together")),
    True: (("territory", "d"), N_("the starting territory and the D deck together")),
}


def _groups(deck: Deck[BuildDivideCard], territories: bool) -> Iterator[CopyGroup[str]]:
    sections, scope = _COPY_SCOPES[territories]
    for name, entry in _name_counts(deck, sections, territories).items():
        yield CopyGroup(sections[0] if sections[0] in entry.sections else "d", name, entry, translate(scope))


def copy_groups(deck: Deck[BuildDivideCard]) -> Iterator[CopyGroup[str]]:
    """Copies by name set (601-1b, 601-1e, 1407-3): unit and command cards in main + D together, territories by
    the name of their open face in the starting territory + D together; regulations count the same way."""
    yield from _groups(deck, territories=False)
    yield from _groups(deck, territories=True)


def _name_limit(name: str, entry: NameCount) -> int | None:
    """limit(n): the deck_limit of the counted cards whose own name is n (they agree), else 4. None: no limit."""
    for card in entry.cards:
        if card.own_name == name:
            return card.copy_limit(DEFAULT_COPIES)
    return DEFAULT_COPIES


def _over_limit(deck: Deck[BuildDivideCard], territories: bool) -> Iterator[tuple[str, NameCount, int]]:
    for _section, name, entry, _scope in _groups(deck, territories):
        assert isinstance(entry, NameCount)
        limit = _name_limit(name, entry)
        if limit is not None and entry.count > limit:
            yield name, entry, limit


def _name_rule_note(name: str, entry: NameCount) -> str:
    """The closing clause of a copies message when some copies count under `name` through 【名称ルール】 (else "")."""
    borrowed = [card for card in entry.cards if card.own_name != name]
    if not borrowed:
        return ""
    return ngettext(
        "; {cards} has {name} as a name through 【名称ルール】, which counts as the same card name (1407-3)",
        "; {cards} have {name} as a name through 【名称ルール】, which counts as the same card name (1407-3)",
        len(borrowed),
    ).format(cards=names_of(borrowed), name=name)


@rules.rule(
    "build-divide.copies",
    ref="601-1b",
    refs="601-1b, 601-2a, 1407-3",
    summary=N_(
        "At most 4 unit/command cards of one name in the main deck and D deck together; names given by "
        "【名称ルール】 count too; a card's own deck_limit counts the main deck only (601-2a)."
    ),
)
def copies(rule: Rule, deck: Deck[BuildDivideCard]) -> Iterator[Violation]:
    """601-1b's 4 over the main deck and D deck together; a card's own limit (its text's 「デッキに1枚まで」) over the
    main deck only, as 601-2a reads 「デッキ」 in a construction ability. A card allowing more than 4 replaces 601-1b's
    4 for its name (601-2): only its own limit counts then, in the main deck."""
    in_main = _name_counts(deck, ("main",), territories=False)
    for _section, name, entry, _scope in _groups(deck, territories=False):
        assert isinstance(entry, NameCount)
        own = _name_limit(name, entry)
        main = in_main.get(name)
        if own != DEFAULT_COPIES and main is not None and own is not None and main.count > own:
            yield rule.violation(
                "main",
                _(
                    "The main deck holds {count} cards named {name} ({cards}); the card's own text allows at most "
                    "{limit} in the deck, which means the main deck (601-2a){name_rule}."
                ).format(
                    count=main.count, name=name, cards=main.listing(), limit=own, name_rule=_name_rule_note(name, main)
                ),
                ref="601-2a",
                cards=main.numbers,
                count=main.count,
                limit=own,
                name=name,
            )
        if (own is None or own > DEFAULT_COPIES) or entry.count <= DEFAULT_COPIES:
            continue
        yield rule.violation(
            "main" if "main" in entry.sections else "d",
            ngettext(
                "The main deck and D deck together hold {count} cards named {name} ({cards}); at most {limit} card "
                "with the same name is allowed in the two decks together (601-1b){name_rule}.",
                "The main deck and D deck together hold {count} cards named {name} ({cards}); at most {limit} cards "
                "with the same name are allowed in the two decks together (601-1b){name_rule}.",
                DEFAULT_COPIES,
            ).format(
                count=entry.count,
                name=name,
                cards=entry.listing(),
                limit=DEFAULT_COPIES,
                name_rule=_name_rule_note(name, entry),
            ),
            cards=entry.numbers,
            count=entry.count,
            limit=DEFAULT_COPIES,
            name=name,
        )


@rules.rule(
    "build-divide.territory-copies",
    ref="601-1e",
    refs="601-1e, 1407-3",
    summary=N_(
        "At most 4 territory cards whose open face has one name, the starting territory and the D deck "
        "together (a card's own deck_limit replaces 4)."
    ),
)
def territory_copies(rule: Rule, deck: Deck[BuildDivideCard]) -> Iterator[Violation]:
    for name, entry, limit in _over_limit(deck, territories=True):
        yield rule.violation(
            "territory" if "territory" in entry.sections else "d",
            _(
                "The starting territory and the D deck together hold {count} territory cards whose open face is "
                "named {name} ({cards}); at most {limit} are allowed (601-1e: territories count by the name on their "
                "open face, not by the unopened face's name){name_rule}."
            ).format(
                count=entry.count, name=name, cards=entry.listing(), limit=limit, name_rule=_name_rule_note(name, entry)
            ),
            cards=entry.numbers,
            count=entry.count,
            limit=limit,
            name=name,
        )


def _icon_cards(deck: Deck[BuildDivideCard], section: str, flag: str) -> list[tuple[Card, int]]:
    return [(card, n) for card, n in deck.cards(section) if getattr(card, flag, False)]


def _listing(items: Iterable[tuple[Card, int]]) -> str:
    return joined(f"{card.label()} ×{n}" for card, n in items)


def _d_note(deck: Deck[BuildDivideCard], flag: str) -> str:
    """`; the D deck's 3 do not count` inside a buster or shot message's parentheses, when the D deck has some."""
    in_d = sum(n for _card, n in _icon_cards(deck, "d", flag))
    if not in_d:
        return ""
    return ngettext("; the D deck's {n} does not count", "; the D deck's {n} do not count", in_d).format(n=in_d)


@rules.rule(
    "build-divide.busters",
    ref="601-1c",
    refs="601-1c 「ちょうど12枚」",
    summary=N_("The main deck has exactly 12 cards with a buster icon (the D deck is exempt)."),
)
def busters(rule: Rule, deck: Deck[BuildDivideCard]) -> Iterator[Violation]:
    found = _icon_cards(deck, "main", "buster")
    count = sum(n for _card, n in found)
    if count != BUSTERS:
        if found:
            message = ngettext(
                "The main deck has {n} buster card ({cards}); it must have exactly {limit} cards with a buster icon "
                "(601-1c{d_note}).",
                "The main deck has {n} buster cards ({cards}); it must have exactly {limit} cards with a buster icon "
                "(601-1c{d_note}).",
                count,
            )
        else:
            message = ngettext(
                "The main deck has {n} buster card; it must have exactly {limit} cards with a buster icon "
                "(601-1c{d_note}).",
                "The main deck has {n} buster cards; it must have exactly {limit} cards with a buster icon "
                "(601-1c{d_note}).",
                count,
            )
        yield rule.counted(
            "main",
            message.format(n=count, cards=_listing(found), limit=BUSTERS, d_note=_d_note(deck, "buster")),
            found,
            count,
            BUSTERS,
        )


@rules.rule(
    "build-divide.shots",
    ref="601-1d",
    refs="601-1d 「12枚まで」",
    summary=N_("The main deck has at most 12 cards with a shot icon (the D deck is exempt)."),
)
def shots(rule: Rule, deck: Deck[BuildDivideCard]) -> Iterator[Violation]:
    found = _icon_cards(deck, "main", "shot")
    count = sum(n for _card, n in found)
    if count > SHOTS_MAX:
        yield rule.counted(
            "main",
            _(
                "The main deck has {n} shot cards ({cards}); it may have at most {limit} cards with a shot icon "
                "(601-1d{d_note})."
            ).format(n=count, cards=_listing(found), limit=SHOTS_MAX, d_note=_d_note(deck, "shot")),
            found,
            count,
            SHOTS_MAX,
        )


def _limit_identity(card: Card) -> Hashable | None:
    # "All records of one name carry the same deck_limit": the name the card's own text governs.
    return card.own_name if isinstance(card, BuildDivideCard) else card.name


def _db_warnings(cards: Sequence[Card]) -> list[str]:
    notes = []
    for card in cards:
        assert isinstance(card, BuildDivideCard)
        if card.cost is not None and card.cost != card.total_cost:
            notes.append(
                _(
                    "{card}: cost {cost} differs from total_cost {total_cost} (the play cost is colour-specified plus "
                    "generic points, 306-2)"
                ).format(card=card.label(), cost=card.cost, total_cost=card.total_cost)
            )
        if card.type == "territory" and not card.titles:
            notes.append(
                _("{card}: a territory with no title, so no Ace can open it (902-2)").format(card=card.label())
            )
        if card.is_ace and card.type != "unit":
            notes.append(
                _("{card}: an Ace that is a {type} (Aces are units, 902-1)").format(
                    card=card.label(), type=type_name(card.type)
                )
            )
        if card.titles and card.type == "command":
            notes.append(
                _("{card}: a command with titles (titles belong to Aces and territories, 308-1)").format(
                    card=card.label()
                )
            )
    return notes


# Setup and first turns (602-1, 703) -------------------------------------------------------------------------


def _prepare(table: Table[BuildDivideCard], deck: Deck[BuildDivideCard], choices: dict[str, str]) -> None:
    """602-1a–e: present the decks, shuffle the main deck, the territory unopened, the D deck; random first player.
    Steps, zones and note keys are English ids (JSON), marked N_ for people; texts are in the chosen language."""
    starting = expand(deck.cards("territory"))
    if len(starting) != 1 or starting[0].type != "territory":
        found = joined(card.label() for card in starting) or _("nothing")
        raise EngineError(
            _(
                "the territory section must hold exactly one territory card to start the game (602-1a); it holds "
                "{found}"
            ).format(found=found)
        )
    main = expand(deck.cards("main"))
    needed = HAND_SIZE + LIFE + ENERGY
    if len(main) < needed:
        raise EngineError(
            ngettext(
                "the main deck has {n} card; the setup moves {needed} from it (hand {hand}, life {life}, energy "
                "{energy}: 602-1f, 602-1h, 602-1i)",
                "the main deck has {n} cards; the setup moves {needed} from it (hand {hand}, life {life}, energy "
                "{energy}: 602-1f, 602-1h, 602-1i)",
                len(main),
            ).format(n=len(main), needed=needed, hand=HAND_SIZE, life=LIFE, energy=ENERGY)
        )
    table.deck = main
    table.log(N_("deck"), "602-1b", _("put the main deck ({n}) into the deck").format(n=len(main)))
    table.shuffle("602-1b")
    (land,) = starting
    table.zone(N_("territory")).append(land)
    table.log(N_("territory"), "602-1c", _("put the territory into the territory zone unopened, standing"), [land])
    table.notes[N_("territory")] = _("{card}, unopened (open face: {open_name})").format(
        card=land.label(), open_name=getattr(land, "open_name", None)
    )
    d_cards = expand(deck.cards("d"))
    if d_cards:
        table.zone(N_("d-deck")).extend(d_cards)
        table.log(
            N_("d deck"), "602-1d", _("put the D deck ({n}) into the D-deck zone").format(n=len(d_cards)), d_cards
        )
    else:
        table.log(N_("d deck"), "602-1d", _("no D deck"))
    table.notes[N_("d deck")] = len(d_cards)
    if table.going == "first":
        chosen = _("chosen at random: this player goes first (no choice, 6.02.1.e.1)")
    else:
        chosen = _("chosen at random: this player goes second (no choice, 6.02.1.e.1)")
    table.log(N_("first player"), "602-1e", chosen)
    table.notes[N_("first player")] = _("random, no choice (602-1e, 6.02.1.e.1)")


def _after_mulligan(table: Table[BuildDivideCard]) -> None:
    """602-1h–k: 10 life, 2 energy face-up, start-of-game abilities (none modelled), the first player starts."""
    table.place_top(LIFE, N_("life"), N_("life"), "602-1h", _("{n} from the top of the deck to the life zone"))
    table.place_top(ENERGY, N_("energy"), N_("energy"), "602-1i", _("{n} from the top of the deck to the energy zone"))
    table.notes[N_("energy")] = _("face-up and standing: the zone is public (409-2, 401-3a, 403-2c)")
    table.log(N_("start-of-game abilities"), "602-1j", _("none modelled"))
    table.log(N_("start"), "602-1k", _("the first player becomes the turn player"))


def _own_turn(table: Table[BuildDivideCard], k: int) -> None:
    """Own turn k up to its main phase: the draw phase draws 1 (703-3), not on the first player's turn 1 (703-3a)."""
    game_turn = 2 * k - 1 if table.going == "first" else 2 * k
    table.log(
        N_("stand"),
        "702-1",
        _("own turn {k} (game turn {game_turn}): stand all cards").format(k=k, game_turn=game_turn),
    )
    if table.going == "first" and k == 1:
        table.log(N_("draw"), "703-3a", _("the first player does not draw on their first turn"))
        return
    if table.deck:
        table.draw(1, N_("draw"), "703-3")
        return
    life = table.zone("life")
    if not life:
        raise EngineError(
            _("own turn {k}: the deck and life are both empty, so this player has lost (507-1b)").format(k=k)
        )
    card = life.pop(0)
    table.to_hand([card])
    table.log(N_("draw"), "507-1a", _("the deck is empty: the top life card goes to the hand instead"), [card])


SETUP = Setup(
    hand_size=HAND_SIZE,
    mulligan=MulliganKind.FULL_SET_ASIDE,
    mulligan_ref="602-1g",
    opening_ref="602-1f",
    prepare=_prepare,
    after_mulligan=_after_mulligan,
    own_turn=_own_turn,
    choices=(),
)


def _stats_report(deck: Deck[BuildDivideCard]) -> list[tuple[str, tuple[str, ...], int]]:
    """An Ace able to open the starting territory (its unopened face's title, 902-2) by own turns 1-3, and the
    first plays: a unit of cost <= 2 by own turn 1 and 2."""
    lines: list[tuple[str, tuple[str, ...], int]] = []
    territory = next((card for card, _count in deck.cards("territory") if card.type == "territory"), None)
    if territory is not None and territory.titles:
        titles = "|".join(territory.titles)
        lines += [
            (
                _("an Ace titled {titles} by own turn {k}").format(titles=titles, k=k),
                (f"subtypes=ace,titles={titles}",),
                k,
            )
            for k in (1, 2, 3)
        ]
    lines += [(_("a unit of cost <= 2 by own turn {k}").format(k=k), ("type=unit,cost=0|1|2",), k) for k in (1, 2)]
    return lines


def _profile(deck: Deck[BuildDivideCard]) -> list[Distribution]:
    """`show`'s distributions; the titles are JSON keys, marked N_ for people."""
    main = deck.cards("main")
    return [
        Distribution(N_("colours"), "colors", histogram(main, lambda card: card.colors or None)),
        Distribution(N_("types"), "type", histogram(main, lambda card: card.type)),
        Distribution(
            N_("busters"), "buster", histogram(main, lambda card: "buster" if card.buster else None, missing=False)
        ),
        Distribution(N_("shots"), "shot", histogram(main, lambda card: "shot" if card.shot else None, missing=False)),
        Distribution(N_("costs"), "cost", histogram(main, lambda card: card.cost)),
    ]


def _home_section(card: BuildDivideCard) -> str:
    return "territory" if card.type == "territory" else "main"


#: The rules document's words for the printed fields (総合ルール, 「300. カードの情報」, 色 203, 名称ルール 1407):
#: filters take them for the field (`総コスト<=2`, `色=赤`).
FIELD_WORDS = (
    FieldWord("色", "colors", "203"),
    FieldWord("カード名", "name", "303"),
    FieldWord("カードタイプ", "type", "304"),
    FieldWord("サブタイプ", "subtypes", "304-3"),
    FieldWord("プレイコスト", "cost", "306"),
    FieldWord("コスト", "cost", "306"),
    FieldWord("総コスト", "total_cost", "306-2a"),
    FieldWord("称号", "titles", "308"),
    FieldWord("バスターアイコン", "buster", "309"),
    FieldWord("バスター", "buster", "309"),
    FieldWord("ショットアイコン", "shot", "309"),
    FieldWord("ショット", "shot", "309"),
    FieldWord("カードテキスト", "text", "312"),
    FieldWord("作品名", "work", "317"),
    FieldWord("名称ルール", "extra_names", "1407-1a"),
)


GAME: Game[BuildDivideCard] = Game(
    id="build-divide",
    title=N_("Build Divide"),
    rules_document=N_("総合ルール, version unknown (after Ver.3.2.2)"),
    sections=("main", "d", "territory"),
    card_model=BuildDivideCard,
    rules=tuple(rules.rules),
    setup=SETUP,
    copies=Copies(
        identity=_limit_identity,
        groups=copy_groups,
    ),
    cards=Cards(
        db_warnings=_db_warnings,
        home_section=_home_section,
        # `DC-BD-001`; not its parallel `DC-BD-001P`
        regular_number=r"[A-Z]+-[A-Z]+-\d+",
        search_columns=("type", "colors", "cost", "total_cost", "buster", "shot"),
        field_words=FIELD_WORDS,
    ),
    profile=Profile(
        stats_report=_stats_report,
        stats_report_summary=N_(
            "an Ace that opens the starting territory by own turn 1..3 and a unit of cost <= 2 by own turn 1..2"
        ),
        hand_column="cost",
        distributions=_profile,
    ),
    registry=Registry(
        lists={"list": "main", "sub_list": "d", "p_list": "territory"},
    ),
    wording=Wording(
        terms={
            "type": {
                "unit": "304-2",
                "command": "304-2",
                "territory": "304-2",
            },
            "colors": {
                "black": "203-1a",
                "blue": "203-1a",
                "white": "203-1a",
                "red": "203-1a",
            },
            # `show`'s buckets of the cards with the icon (601-1c バスターアイコン, 601-1d ショットアイコン)
            "buster": {"buster": "601-1c"},
            "shot": {"shot": "601-1d"},
        },
        section_words={"メインデッキ": "main", "デッキ": "main", "Dデッキ": "d", "テリトリー": "territory"},
        # the icon sections of published lists (`エース(テリトリー解放カード 8枚)`, `アイコンなし(18枚)`) are main deck
        pasted=PastedWords(
            headings=(
                (r"(?:エース|バスター|ショット|アイコンなし|ユニット|コマンド)(?:アイコン)?(?:カード)?", "main"),
            ),
            one_card=("territory",),
        ),
        section_labels={"main": N_("Main deck"), "d": N_("D deck"), "territory": N_("Starting territory")},
        section_phrases={"main": N_("the main deck"), "d": N_("the D deck")},
        always_listed=("main", "territory"),
    ),
)
