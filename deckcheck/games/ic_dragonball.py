"""IC Carddass Dragon Ball, comprehensive rules v2.00 of 2016-04-01 (shared/spec/ic-dragonball.md).

The rules document never names its game; the spec identifies it by its own terms (エイジ, 乱戦エリア, 【覚醒】).
A deck is one leader card (section `leader`) and a deck of exactly 40 battle and extra cards (section `main`),
at most 3 of one card number (5-1-3-1, 2-16-2-1), a card's own deck_limit replacing the 3 (5-1-3-2).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Annotated, Any

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.text import joined
from deckcheck.engine.procedure import MulliganKind, Setup, dealt_without, dealt_without_reason, expand
from deckcheck.errors import EngineError
from deckcheck.model.cards import Before, Bounds, Card, Name, PlainInt, Record, choice, invalid_fields, validates_after
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
    Wording,
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
# The card types as messages name them, marked for translation (shown with `translate`): a phrase ("a leader card")
# and the short word ("leader") a list puts after a card.
_TYPE_WORD = {"leader": N_("a leader card"), "battle": N_("a battle card"), "extra": N_("an extra card")}
_TYPE_SHORT = {"leader": N_("leader"), "battle": N_("battle"), "extra": N_("extra")}


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
        kind = translate(_TYPE_WORD[self.type])
        for name in _FORBIDDEN[self.type]:
            value = getattr(self, name)
            if value is not None:  # an explicit null (JSON import) is an absent field
                rule = _ABSENT_RULE.get((self.type, name))
                if name == "awaken":
                    reason = _("only a leader card has a back face (2-3-2-1-2), but this is {type}").format(type=kind)
                elif rule:
                    reason = _("{type} has no {field} ({rule}); remove the field").format(
                        type=kind, field=name, rule=rule
                    )
                else:
                    reason = _("{type} has no {field}; remove the field").format(type=kind, field=name)
                shown = value.to_dict(exclude_none=True) if isinstance(value, Record) else value
                problems.append((name, "field_not_allowed", reason, shown))
        for name in _REQUIRED[self.type]:
            if getattr(self, name) is None:
                reason = _("is required on {type} ({rule})").format(type=kind, rule=_FIELD_RULE[name])
                problems.append((name, "missing_for_type", reason, None))
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
        counted = ngettext("{n} card", "{n} cards", size).format(n=size)
        if cards:
            message = _(
                "The leader section has {cards} ({names}); it must hold exactly 1 leader card (5-1-2, read as exactly "
                "one: the leader area holds the single leader)."
            ).format(cards=counted, names=names_of(card for card, _count in cards))
        else:
            message = _(
                "The leader section has {cards}; it must hold exactly 1 leader card (5-1-2, read as exactly one: the "
                "leader area holds the single leader)."
            ).format(cards=counted)
        yield rule.violation(
            "leader",
            message,
            cards=[card.number for card, _count in cards],
            count=size,
            limit=1,
        )
    for card, _count in cards:
        if card.type != "leader":
            yield rule.violation(
                "leader",
                _(
                    "{card} in the leader section is {type}, not a leader card; the leader must be a card of type "
                    "leader (5-1-2, 2-3-2-1)."
                ).format(card=card.label(), type=translate(_TYPE_WORD[card.type])),
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
        rule, deck, "main", low=DECK_SIZE, high=DECK_SIZE, note=N_(", not counting the leader"), ref="5-1-3"
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
                _(
                    "The main deck has {count} × {card}, {type}; the deck may hold only battle and extra cards "
                    "(5-1-3). Put the leader in the leader section."
                ).format(count=count, card=card.label(), type=translate(_TYPE_WORD[card.type])),
                cards=[card.number],
            )


def copy_groups(deck: Deck[DragonBallCard]) -> Iterator[CopyGroup[Any]]:
    """Copies by card number, never pooled across numbers (5-1-3-1, 2-16-2-1); the copies rule limits `main`, a
    regulation also sees the leader."""
    for section in ("leader", "main"):
        for number, entry in tally(deck.cards(section), lambda card: [card.number]).items():
            scope = _("the leader section") if section == "leader" else _("the main deck")
            yield CopyGroup(section, number, entry, scope)


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
    counted = {number: entry for section, number, entry, _scope in copy_groups(deck) if section == "main"}
    for number, entry, limit in iter_over_limit(counted, lambda _key, entry: entry.copy_limit(DEFAULT_COPIES)):
        card = entry.cards[0]
        if card.deck_limit is None:
            message = ngettext(
                "The main deck has {count} copies of card number {number} ({name}); at most {limit} card of one card "
                "number is allowed in the deck (5-1-3-1, 2-16-2-1).",
                "The main deck has {count} copies of card number {number} ({name}); at most {limit} cards of one "
                "card number are allowed in the deck (5-1-3-1, 2-16-2-1).",
                limit,
            )
        else:
            message = _(
                "The main deck has {count} copies of card number {number} ({name}); its own text sets its limit to "
                "{limit} (deck_limit, replacing the limit of {default} under 5-1-3-2 and 5-1-3-1)."
            )
        yield rule.violation(
            "main",
            message.format(
                count=entry.count,
                number=card.printed_number,
                name=card.printed_name,
                limit=limit,
                default=DEFAULT_COPIES,
            ),
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
                _(
                    "{card}: marked melee but is {type} (乱戦スキル trigger when a card enters the 乱戦エリア, which "
                    "only battle cards do: 10-6-1, 7-3-1-6-2)"
                ).format(card=card.label(), type=translate(_TYPE_WORD[card.type]))
            )
    return notes


# The setup (spec "Setup procedure", 5-2-1) and the charge phase of each own turn (6-2) -------------------------

# The redraw sub-rules are misnumbered children of 5-2-1-5; cite them with their parent (spec, "wrong or unclear").
REDRAW_REF = "5-2-1-5/5-2-1-3-1"
DECK_OUT_REF = "9-2-4"


def _prepare(table: Table[DragonBallCard], deck: Deck[DragonBallCard], choices: dict[str, str]) -> None:
    """Steps 2 and 3: the leader to the leader area front side up (5-2-1-2, 3-5-1), then shuffle the deck (5-2-1-3).
    Steps, zones and note keys are English ids (JSON), marked N_ for people; texts are in the chosen language."""
    leaders = expand(deck.cards("leader"))
    if deck.size("leader") == 0:  # a registry export records no leader: the leader changes no draw (issue 25)
        table.notes[N_("leader")] = dealt_without("leader")
        table.log(N_("leader"), "5-2-1-2", _("no leader card: {reason}").format(reason=dealt_without_reason("leader")))
    elif len(leaders) != 1 or leaders[0].type != "leader":
        found = joined(f"{card.label()} ({translate(_TYPE_SHORT[card.type])})" for card in leaders) or _("none")
        raise EngineError(
            _(
                "the setup needs exactly 1 leader card in the leader section to put in the leader area "
                "(5-2-1-2, 5-1-2); found {n}: {found}"
            ).format(n=len(leaders), found=found)
        )
    else:
        (leader_card,) = leaders
        table.zone(N_("leader")).append(leader_card)
        table.notes[N_("leader")] = leader_card.label()
        table.log(
            N_("leader"),
            "5-2-1-2",
            _("{card} to the leader area, front side up").format(card=leader_card.label()),
            [leader_card],
        )
    table.deck = expand(deck.cards("main"))
    needed = HAND_SIZE + LIFE
    if len(table.deck) < needed:
        raise EngineError(
            ngettext(
                "the deck has {n} card; the setup needs at least {needed} ({hand} for the opening hand, 5-2-1-5, "
                "and {life} for the life, 5-2-1-6)",
                "the deck has {n} cards; the setup needs at least {needed} ({hand} for the opening hand, 5-2-1-5, "
                "and {life} for the life, 5-2-1-6)",
                len(table.deck),
            ).format(n=len(table.deck), needed=needed, hand=HAND_SIZE, life=LIFE)
        )
    size = len(table.deck)
    table.shuffle(
        "5-2-1-3",
        ngettext(
            "shuffle the deck ({n} card) and put it in the deck area",
            "shuffle the deck ({n} cards) and put it in the deck area",
            size,
        ).format(n=size),
    )


def _after_mulligan(table: Table[DragonBallCard]) -> None:
    """Step 7: the top 7 cards, as the deck is after the redraws, face down to the life area (5-2-1-6, 3-9-2)."""
    table.place_top(LIFE, N_("life"), N_("life"), "5-2-1-6", _("{n} from the top of the deck to the life area"))


def _deck_out(table: Table[DragonBallCard], k: int, step: str) -> None:
    """A deck that reaches 0 loses at once (9-2-4 with 9-2-1; 1-2-2-2 corrected): turn k's main phase never comes.
    `step` is the step's id ("draw", "charge"), named in the message in the chosen language."""
    if not table.deck:
        shown = translate(step)
        table.log(
            N_("deck out"),
            DECK_OUT_REF,
            _("the deck reaches 0 at the {step} of own turn {k}: the player loses").format(step=shown, k=k),
        )
        raise EngineError(
            _(
                "the deck reaches 0 cards at the {step} of this player's own turn {k}, and the player loses at once "
                "({ref} with 9-2-1; 1-2-2-2 corrected), so the main phase of turn {k} never starts (with no effects, "
                "a 40-card deck runs out at the second player's turn 15 and the first player's turn 16)"
            ).format(step=shown, k=k, ref=DECK_OUT_REF)
        )


def _own_turn(table: Table[DragonBallCard], k: int) -> None:
    """The charge phase: draw 1 (6-2-2; not on the first player's turn 1), then charge 1 to energy (6-2-4)."""
    if table.going == "first" and k == 1:
        table.log(N_("draw"), "6-2-2", _("the first player draws no card on its turn 1 (先攻の1ターン目)"))
    else:
        table.draw(1, N_("draw"), "6-2-2")
        _deck_out(table, k, N_("draw"))
    table.place_top(1, N_("energy"), N_("charge"), "6-2-4", _("{n} from the top of the deck to the energy area"))
    _deck_out(table, k, N_("charge"))


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
        (
            _("a card of level <= {t} on own turn {t}").format(t=t),
            ("level=" + "|".join(str(c) for c in range(t + 1)),),
            t,
        )
        for t in range(1, 4)
    ]


def _profile(deck: Deck[DragonBallCard]) -> list[Distribution]:
    """`show`'s distributions; the titles are JSON keys, marked N_ for people."""
    main = deck.cards("main")
    return [
        Distribution(N_("levels"), "level", histogram(main, lambda card: card.level)),
        Distribution(N_("types"), "type", histogram(main, lambda card: card.type)),
        Distribution(N_("colours"), "color", histogram(main, lambda card: card.color)),
    ]


def _card_number(card: DragonBallCard) -> str:
    """Copies are limited per card number, never pooled across numbers (5-1-3-1, 2-16-2-1)."""
    return card.number


def _home_section(card: DragonBallCard) -> str:
    return "leader" if card.type == "leader" else "main"


#: The rules document's words for the printed fields (総合ルール ver.2.00, 「2. カードの情報」): filters take them for
#: the field (`レベル<=2`, `特徴=サイヤ人`).
FIELD_WORDS = (
    FieldWord("カード名", "name", "2-1"),
    FieldWord("カード種類", "type", "2-3"),
    FieldWord("色", "color", "2-4"),
    FieldWord("キャラクター名", "character", "2-5"),
    FieldWord("特徴", "traits", "2-6"),
    FieldWord("エイジ", "age", "2-7"),
    FieldWord("パワー", "power", "2-8"),
    FieldWord("ストライク", "strike", "2-9"),
    FieldWord("レベル", "level", "2-10"),
    FieldWord("スキル", "text", "2-11"),
    FieldWord("カードテキスト", "text", "2-11"),
    FieldWord("共闘アイコン", "co_op", "2-12"),
    FieldWord("共闘", "co_op", "2-12"),
    FieldWord("乱戦アイコン", "melee", "2-13"),
    FieldWord("乱戦", "melee", "2-13"),
    FieldWord("カード番号", "number", "2-16"),
)


GAME: Game[DragonBallCard] = Game(
    id="ic-dragonball",
    title=N_("IC Carddass Dragon Ball"),
    rules_document=N_("総合ルール ver.2.00 (2016-04-01)"),
    sections=("leader", "main"),
    card_model=DragonBallCard,
    rules=tuple(rules.rules),
    setup=SETUP,
    copies=Copies(
        identity=_card_number,
        groups=copy_groups,
        default=DEFAULT_COPIES,
    ),
    cards=Cards(
        db_warnings=_db_warnings,
        home_section=_home_section,
        # `DC-DB-010`; not a parallel with a suffix
        regular_number=r"[A-Z]+-[A-Z]+-\d+",
        search_columns=("type", "level", "power", "strike", "character", "color"),
        field_words=FIELD_WORDS,
    ),
    profile=Profile(
        stats_report=_stats_report,
        stats_report_summary=N_("a card of level <= t on own turn t (t = 1..3)"),
        hand_column="level",
        distributions=_profile,
    ),
    registry=Registry(
        lists={"list": "main", "p_list": "leader"},
    ),
    wording=Wording(
        terms={
            "type": {
                "leader": "2-3-2-1-1",
                "battle": "2-3-2-2-1",
                "extra": "2-10-1-2",
            },
        },
        section_words={"リーダー": "leader", "リーダーカード": "leader", "メインデッキ": "main", "デッキ": "main"},
        pasted=PastedWords(one_card=("leader",)),
        section_labels={"leader": N_("Leader"), "main": N_("Main deck")},
        section_phrases={"main": N_("the main deck")},
        always_listed=("leader", "main"),
    ),
)
