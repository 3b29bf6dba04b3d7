"""IC Carddass Dragon Ball, comprehensive rules v2.00 of 2016-04-01 (shared/spec/ic-dragonball.md).

The rules document never names its game; the spec identifies it by its own terms (エイジ, 乱戦エリア, 【覚醒】).
A deck is one leader card (section `leader`) and a deck of exactly 40 battle and extra cards (section `main`),
at most 3 of one card number (5-1-3-1, 2-16-2-1), a card's own deck_limit replacing the 3 (5-1-3-2).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Annotated, Any

from deckcheck._i18n import N_
from deckcheck._util.text import plural
from deckcheck.engine.procedure import DEALT_WITHOUT, MulliganKind, Setup, expand
from deckcheck.errors import EngineError
from deckcheck.model.cards import Before, Bounds, Card, Name, PlainInt, Record, choice, invalid_fields, validates_after
from deckcheck.model.deck import Deck
from deckcheck.model.game import (
    CopyGroup,
    Game,
    PastedWords,
    Rule,
    RuleBook,
    histogram,
    iter_over_limit,
    names_of,
    size_violations,
    tally,
)
from deckcheck.model.violation import Violation

if TYPE_CHECKING:
    from deckcheck.engine.table import Table

DEFAULT_COPIES = 3
DECK_SIZE = 40
HAND_SIZE = 3  # 5-2-1-5
LIFE = 7  # 5-2-1-6
CO_OP_TRAIT = "共闘"

CardType = choice(
    ("leader", "battle", "extra"),
    {
        "リーダー": "leader",
        "リーダーカード": "leader",
        "バトル": "battle",
        "バトルカード": "battle",
        "エクストラ": "extra",
        "エクストラカード": "extra",
    },
)

Stat = Annotated[PlainInt, Bounds(ge=0)]


def _traits(value: Any) -> Any:
    """A single string is one trait (never split: the document does not say how several are printed)."""
    if isinstance(value, str):
        return [value]
    return value


Traits = Annotated[list[Annotated[str, Bounds(min_length=1)]], Before(_traits)]


def _is_co_op_trait(trait: str) -> bool:
    return unicodedata.normalize("NFKC", trait).strip().strip("<>〈〉《》").strip() == CO_OP_TRAIT


class AwakenFace(Record):
    """The back face of a leader (裏面, 2-3-2-1-2), shown after 【覚醒】 (10-7) or 【共闘】 (10-8-3). All optional."""

    name: Name | None = None
    power: Stat | None = None
    strike: Stat | None = None
    character: str | None = None
    traits: Traits | None = None
    age: str | None = None
    color: str | None = None
    text: str | None = None


# Which fields each card type must have and which it cannot have (spec "Card record"; rules 2-5-4 … 2-10-2).
_REQUIRED: dict[str, tuple[str, ...]] = {
    "leader": ("power", "strike", "character", "traits", "age"),
    "battle": ("level", "power", "strike", "character", "traits", "age"),
    "extra": ("level",),
}
_FORBIDDEN: dict[str, tuple[str, ...]] = {
    "leader": ("level",),
    "battle": ("awaken",),
    "extra": ("power", "strike", "character", "traits", "age", "awaken"),
}
_FIELD_RULE = {
    "level": "2-10",
    "power": "2-8",
    "strike": "2-9",
    "character": "2-5",
    "traits": "2-6",
    "age": "2-7",
    "awaken": "2-3-2-1-2",
}
_ABSENT_RULE = {
    ("leader", "level"): "2-10-2",
    ("extra", "power"): "2-8-2",
    ("extra", "strike"): "2-9-2",
    ("extra", "character"): "2-5-4",
    ("extra", "traits"): "2-6-6",
    ("extra", "age"): "2-7-4",
}
_TYPE_WORD = {"leader": "a leader card", "battle": "a battle card", "extra": "an extra card"}


class DragonBallCard(Card):
    type: CardType  # type: ignore[valid-type]
    level: Stat | None = None
    power: Stat | None = None
    strike: Stat | None = None
    character: Annotated[str, Bounds(min_length=1)] | None = None
    traits: Traits | None = None
    age: Annotated[str, Bounds(min_length=1)] | None = None
    color: str | None = None
    awaken: AwakenFace | None = None
    co_op: bool = False
    melee: bool = False

    @validates_after
    def _fields_of_type(self) -> DragonBallCard:
        problems: list[tuple[str, str, str, Any]] = []  # (field, error type, message, input)
        kind = _TYPE_WORD[self.type]
        for name in _FORBIDDEN[self.type]:
            value = getattr(self, name)
            if value is not None:  # an explicit null (JSON import) is an absent field
                rule = _ABSENT_RULE.get((self.type, name))
                why = f" ({rule})" if rule else ""
                if name == "awaken":
                    reason = f"only a leader card has a back face (2-3-2-1-2), but this is {kind}"
                else:
                    reason = f"{kind} has no {name}{why}; remove the field"
                shown = value.to_dict(exclude_none=True) if isinstance(value, Record) else value
                problems.append((name, "field_not_allowed", reason, shown))
        for name in _REQUIRED[self.type]:
            if getattr(self, name) is None:
                problems.append((name, "missing_for_type", f"is required on {kind} ({_FIELD_RULE[name]})", None))
        if problems:
            raise invalid_fields(type(self).__name__, problems)
        if self.traits and any(_is_co_op_trait(trait) for trait in self.traits):
            self.co_op = True
        return self


rules = RuleBook()


@rules.rule(
    "ic-dragonball.leader",
    ref="5-1-2",
    refs=N_("5-1-2 「リーダーカードは1枚必要です。」 (read as exactly 1); 5-1-1; 2-3-2-1"),
    summary=N_("The leader section holds exactly 1 card, and it is a leader card."),
)
def leader(rule: Rule, deck: Deck[DragonBallCard]) -> Iterator[Violation]:
    size = deck.size("leader")
    cards = deck.cards("leader")
    if size != 1:
        listed = f" ({names_of(card for card, _ in cards)})" if cards else ""
        yield rule.violation(
            "leader",
            f"The leader section has {plural(size, 'card')}{listed}; it must hold exactly 1 leader card "
            "(5-1-2, read as exactly one: the leader area holds the single leader).",
            cards=[card.number for card, _ in cards],
            count=size,
            limit=1,
        )
    for card, _ in cards:
        if card.type != "leader":
            yield rule.violation(
                "leader",
                f"{card.label()} in the leader section is {_TYPE_WORD[card.type]}, not a leader card; "
                "the leader must be a card of type leader (5-1-2, 2-3-2-1).",
                cards=[card.number],
            )


@rules.rule(
    "ic-dragonball.main-size",
    ref="5-1-3",
    refs="5-1-3 「40枚ちょうど」",
    summary=N_("The deck (main) has exactly 40 cards; the leader is not part of it."),
)
def main_size(rule: Rule, deck: Deck[DragonBallCard]) -> Iterator[Violation]:
    return size_violations(
        rule, deck, "main", low=DECK_SIZE, high=DECK_SIZE, note=", not counting the leader", ref="5-1-3"
    )


@rules.rule(
    "ic-dragonball.main-types",
    ref="5-1-3",
    refs="5-1-3 「バトルカードとエクストラカードから」",
    summary=N_("The main deck holds only battle and extra cards (reported once per card number)."),
)
def main_types(rule: Rule, deck: Deck[DragonBallCard]) -> Iterator[Violation]:
    for card, count in deck.cards("main"):
        if card.type not in ("battle", "extra"):
            yield rule.violation(
                "main",
                f"The main deck has {count} × {card.label()}, {_TYPE_WORD[card.type]}; the deck may hold only "
                "battle and extra cards (5-1-3). Put the leader in the leader section.",
                cards=[card.number],
            )


def copy_groups(deck: Deck[DragonBallCard]) -> Iterator[CopyGroup]:
    """Copies by card number, never pooled across numbers (5-1-3-1, 2-16-2-1); the copies rule limits `main`, a
    regulation also sees the leader."""
    for section in ("leader", "main"):
        for number, entry in tally(deck.cards(section), lambda card: [card.number]).items():
            yield CopyGroup(section, number, entry, "the leader section" if section == "leader" else "the main deck")


@rules.rule(
    "ic-dragonball.copies",
    ref="5-1-3-1",
    refs="5-1-3-1, 2-16-2-1, 5-1-3-2, 1-3-1",
    summary=N_(
        "At most 3 cards of one card number in the main deck (a card's own deck_limit replaces 3); "
        "different numbers never pool, even with the same name."
    ),
)
def copies(rule: Rule, deck: Deck[DragonBallCard]) -> Iterator[Violation]:
    counted = {number: entry for section, number, entry, _ in copy_groups(deck) if section == "main"}
    for number, entry, limit in iter_over_limit(counted, lambda _key, entry: entry.copy_limit(DEFAULT_COPIES)):
        card = entry.cards[0]
        if card.deck_limit is None:
            why = f"at most {plural(limit, 'card')} of one card number are allowed in the deck (5-1-3-1, 2-16-2-1)"
        else:
            why = (
                f"its own text sets its limit to {limit} (deck_limit, replacing the limit of {DEFAULT_COPIES} "
                "under 5-1-3-2 and 5-1-3-1)"
            )
        yield rule.violation(
            "main",
            f"The main deck has {entry.count} copies of card number {card.printed_number} ({card.printed_name}); "
            f"{why}.",
            cards=[str(number)],
            count=entry.count,
            limit=limit,
        )


def _db_warnings(cards: Sequence[Card]) -> list[str]:
    notes = []
    for card in cards:
        assert isinstance(card, DragonBallCard)
        if card.melee and card.type != "battle":
            notes.append(
                f"{card.label()}: marked melee but is {_TYPE_WORD[card.type]} (乱戦スキル trigger when a card enters "
                "the 乱戦エリア, which only battle cards do: 10-6-1, 7-3-1-6-2)"
            )
    return notes


# The setup (spec "Setup procedure", 5-2-1) and the charge phase of each own turn (6-2) -------------------------

# The redraw sub-rules are misnumbered children of 5-2-1-5; cite them with their parent (spec, "wrong or unclear").
REDRAW_REF = "5-2-1-5/5-2-1-3-1"
DECK_OUT_REF = "9-2-4"


def _prepare(table: Table[DragonBallCard], deck: Deck[DragonBallCard], choices: dict[str, str]) -> None:
    """Steps 2 and 3: the leader to the leader area front side up (5-2-1-2, 3-5-1), then shuffle the deck (5-2-1-3)."""
    leaders = expand(deck.cards("leader"))
    if deck.size("leader") == 0:  # a registry export records no leader: the leader changes no draw (issue 25)
        table.notes["leader"] = DEALT_WITHOUT.replace("SECTION", "leader")
        table.log(
            "leader", "5-2-1-2", "no leader card: " + DEALT_WITHOUT.removeprefix("none, ").replace("SECTION", "leader")
        )
    elif len(leaders) != 1 or leaders[0].type != "leader":
        found = ", ".join(f"{card.label()} ({card.type})" for card in leaders) or "none"
        raise EngineError(
            "the setup needs exactly 1 leader card in the leader section to put in the leader area "
            f"(5-2-1-2, 5-1-2); found {len(leaders)}: {found}"
        )
    else:
        (leader_card,) = leaders
        table.zone("leader").append(leader_card)
        table.notes["leader"] = leader_card.label()
        table.log("leader", "5-2-1-2", f"{leader_card.label()} to the leader area, front side up", [leader_card])
    table.deck = expand(deck.cards("main"))
    needed = HAND_SIZE + LIFE
    if len(table.deck) < needed:
        raise EngineError(
            f"the deck has {plural(len(table.deck), 'card')}; the setup needs at least {needed} "
            f"({HAND_SIZE} for the opening hand, 5-2-1-5, and {LIFE} for the life, 5-2-1-6)"
        )
    table.shuffle("5-2-1-3", f"shuffle the deck ({plural(len(table.deck), 'card')}) and put it in the deck area")


def _after_mulligan(table: Table[DragonBallCard]) -> None:
    """Step 7: the top 7 cards, as the deck is after the redraws, face down to the life area (5-2-1-6, 3-9-2)."""
    table.place_top(LIFE, "life", "life", "5-2-1-6")


def _deck_out(table: Table[DragonBallCard], k: int, step: str) -> None:
    """A deck that reaches 0 loses at once (9-2-4 with 9-2-1; 1-2-2-2 corrected): turn k's main phase never comes."""
    if not table.deck:
        table.log("deck out", DECK_OUT_REF, f"the deck reaches 0 at the {step} of own turn {k}: the player loses")
        raise EngineError(
            f"the deck reaches 0 cards at the {step} of this player's own turn {k}, and the player loses at once "
            f"({DECK_OUT_REF} with 9-2-1; 1-2-2-2 corrected), so the main phase of turn {k} never starts "
            "(with no effects, a 40-card deck runs out at the second player's turn 15 and the first player's turn 16)"
        )


def _own_turn(table: Table[DragonBallCard], k: int) -> None:
    """The charge phase: draw 1 (6-2-2; not on the first player's turn 1), then charge 1 to energy (6-2-4)."""
    if table.going == "first" and k == 1:
        table.log("draw", "6-2-2", "the first player draws no card on its turn 1 (先攻の1ターン目)")
    else:
        table.draw(1, "draw", "6-2-2")
        _deck_out(table, k, "draw")
    table.place_top(1, "energy", "charge", "6-2-4")
    _deck_out(table, k, "charge")


SETUP = Setup(
    hand_size=HAND_SIZE,
    mulligan=MulliganKind.PARTIAL_SHUFFLE,
    mulligan_ref=REDRAW_REF,
    opening_ref="5-2-1-5",
    prepare=_prepare,
    after_mulligan=_after_mulligan,
    own_turn=_own_turn,
)


def _stats_report(deck: Deck[DragonBallCard]) -> list[tuple[str, tuple[str, ...], int]]:
    """The curve: a card of level <= t to play with the t energy charged by own turn t (6-2-4)."""
    return [
        (f"a card of level <= {t} on own turn {t}", ("level=" + "|".join(str(c) for c in range(t + 1)),), t)
        for t in range(1, 4)
    ]


def _profile(deck: Deck[DragonBallCard]) -> list[tuple[str, dict[str, int]]]:
    main = deck.cards("main")
    return [
        ("levels", histogram(main, lambda card: card.level)),
        ("types", histogram(main, lambda card: card.type)),
        ("colours", histogram(main, lambda card: card.color)),
    ]


GAME: Game[DragonBallCard] = Game(
    id="ic-dragonball",
    title="IC Carddass Dragon Ball",
    rules_document=N_("総合ルール ver.2.00 (2016-04-01)"),
    sections=("leader", "main"),
    section_words={"リーダー": "leader", "リーダーカード": "leader", "メインデッキ": "main", "デッキ": "main"},
    pasted=PastedWords(one_card=("leader",)),
    card_model=DragonBallCard,
    rules=tuple(rules.rules),
    limit_identity=lambda card: card.number,
    copy_groups=copy_groups,
    default_copies=DEFAULT_COPIES,
    db_warnings=_db_warnings,
    setup=SETUP,
    stats_report=_stats_report,
    home_section=lambda card: "leader" if card.type == "leader" else "main",
    search_columns=("type", "level", "power", "strike", "character", "color"),
    hand_column="level",
    profile=_profile,
    registry_lists={"list": "main", "p_list": "leader"},
    section_labels={"leader": "Leader", "main": "Main deck"},
    section_phrases={"main": "the main deck"},
    always_listed=("leader", "main"),
)
