"""Cardfight!! Vanguard, G-era comprehensive rules ver. 1.45.4 (shared/spec/vanguard.md)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.text import joined
from deckcheck.engine.procedure import MulliganKind, Setup, TurnModel, expand
from deckcheck.errors import EngineError, mention, spoken
from deckcheck.games.vanguard.card import (
    DEFAULT_COPIES,
    FIELD_WORDS,
    G_ASSIST_LOOK,
    STAND_OR_NONE,
    UNKNOWN,
    VanguardCard,
    attack_allowed,
    is_unit,
    vanguard_of,
)
from deckcheck.games.vanguard.firstvanguard import FV_KEY, first_vanguard_problem, matching
from deckcheck.model.cards import Card
from deckcheck.model.deck import Deck
from deckcheck.model.game import (
    Cards,
    Copies,
    CopyGroup,
    DeckKeys,
    Distribution,
    Game,
    PastedWords,
    Profile,
    Registry,
    Rule,
    RuleBook,
    Wording,
    histogram,
    size_violations,
    tally,
)
from deckcheck.model.violation import Violation

if TYPE_CHECKING:
    from deckcheck.engine.table import Table

rules = RuleBook()


@rules.rule(
    "vanguard.main-size",
    ref="5.2.2.1",
    refs="5.2.2.1 「50枚ちょうど」",
    summary=N_("The main deck has exactly 50 cards."),
)
def main_size(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    return size_violations(rule, deck, "main", low=50, high=50, ref="5.2.2.1")


#: Where copies are counted, for messages (shown with `translate`).
_SCOPES = {"main": N_("the main deck"), "g": N_("the G deck")}
_COPIES_REFS = {"main": "5.2.2.2", "g": "5.3.2.1"}


def _names(cards: Iterable[Card]) -> str:
    """'A (N1), B (N2)' for a message, each card once (listed in the chosen language)."""
    return joined(dict.fromkeys(card.label() for card in cards))


def copy_groups(deck: Deck[VanguardCard]) -> Iterator[CopyGroup[Any]]:
    """Copies by card name, in the main deck and separately in the G deck (5.2.2.2, 5.3.2.1); regulations too."""
    for section in ("main", "g"):
        for name, entry in tally(deck.cards(section), lambda card: [card.name]).items():
            yield CopyGroup(section, name, entry, _SCOPES[section])


@rules.rule(
    "vanguard.copies",
    ref="5.2.2.2",
    refs="5.2.2.2, 5.2.2.2.1, 5.3.2.1",
    summary=N_(
        "At most 4 cards of one name in the main deck, and separately at most 4 in the G deck "
        "(a card's own deck_limit replaces 4)."
    ),
)
def copies(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    for section, name, entry, _scope in copy_groups(deck):
        limit = entry.copy_limit(DEFAULT_COPIES)
        if limit is None or entry.count <= limit:
            continue
        ref = _COPIES_REFS[section]
        if entry.cards[0].deck_limit is None:
            allowed = _("at most {limit} of one card name are allowed in each deck, counted separately ({ref})").format(
                limit=limit, ref=ref
            )
        else:
            allowed = _("its own text allows at most {limit} (1.3.1, replacing the 4 of {ref})").format(
                limit=limit, ref=ref
            )
        if section == "main":
            message = _("The main deck has {count} copies of {name} ({numbers}); {allowed}.")
        else:
            message = _("The G deck has {count} copies of {name} ({numbers}); {allowed}.")
        yield rule.violation(
            section,
            ref=ref,
            message=message.format(count=entry.count, name=name, numbers=joined(entry.numbers), allowed=allowed),
            cards=entry.numbers,
            count=entry.count,
            limit=limit,
        )


TRIGGERS = 16  # 5.2.2.3
SENTINELS = 4  # 5.2.2.5


def _known_and_unknown(
    deck: Deck[VanguardCard], known: Callable[[VanguardCard], bool], unknown: Callable[[VanguardCard], bool]
) -> tuple[list[tuple[VanguardCard, int]], int, list[tuple[VanguardCard, int]], int]:
    """The main deck's cards with a fact and those whose fact the data cannot tell, each with its copies summed."""
    cards = deck.cards("main")
    found = [(card, n) for card, n in cards if known(card)]
    maybe = [(card, n) for card, n in cards if unknown(card)]
    return found, sum(n for _card, n in found), maybe, sum(n for _card, n in maybe)


def _trigger_counts(
    deck: Deck[VanguardCard],
) -> tuple[list[tuple[VanguardCard, int]], int, list[tuple[VanguardCard, int]], int]:
    return _known_and_unknown(deck, lambda card: card.is_trigger, lambda card: card.trigger == STAND_OR_NONE)


def _sentinel_counts(
    deck: Deck[VanguardCard],
) -> tuple[list[tuple[VanguardCard, int]], int, list[tuple[VanguardCard, int]], int]:
    return _known_and_unknown(deck, lambda card: card.sentinel is True, lambda card: card.sentinel == UNKNOWN)


def _copies_of(found: Sequence[tuple[VanguardCard, int]]) -> str:
    """`X ×2, Y ×1`: the copies of each name."""
    by_name: dict[str, int] = {}
    for card, n in found:
        by_name[card.name] = by_name.get(card.name, 0) + n
    return joined(f"{name} ×{n}" for name, n in by_name.items())


@rules.rule(
    "vanguard.triggers",
    ref="5.2.2.3",
    refs="5.2.2.3 「16枚ちょうど」",
    summary=N_("The main deck has exactly 16 trigger units."),
)
def triggers(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    found, count, maybe, unknown = _trigger_counts(deck)
    if count > TRIGGERS or (count + unknown < TRIGGERS and not unknown):
        message = ngettext(
            "The main deck has {n} trigger unit ({names}); it must have exactly 16, all names together (5.2.2.3).",
            "The main deck has {n} trigger units ({names}); it must have exactly 16, all names together (5.2.2.3).",
            count,
        ).format(n=count, names=_names(c for c, _n in found) or _("none"))
        yield rule.counted("main", message, found, count, TRIGGERS)
    elif count + unknown < TRIGGERS:
        message = _(
            "The main deck has {triggers} ({names}), and {cards} ({copies}): "
            "{most} at most; it must have exactly 16, all names together (5.2.2.3)."
        ).format(
            triggers=ngettext("{n} trigger unit", "{n} trigger units", count).format(n=count),
            names=_names(c for c, _n in found) or _("none"),
            cards=ngettext(
                "{n} card that may be a stand trigger", "{n} cards that may be stand triggers", unknown
            ).format(n=unknown),
            copies=_copies_of(maybe),
            most=count + unknown,
        )
        yield rule.counted("main", message, found, count, TRIGGERS)


@rules.rule(
    "vanguard.heal-triggers",
    ref="5.2.2.4",
    refs=N_("5.2.2.4 (corrected: heal triggers)"),
    summary=N_("At most 4 heal triggers in the main deck (5.2.2.4 as corrected; its text says trigger cards)."),
)
def heal_triggers(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    heals = [(card, n) for card, n in deck.cards("main") if card.trigger == "heal"]
    count = sum(n for _card, n in heals)
    if count > 4:
        yield rule.counted(
            "main",
            _(
                "The main deck has {count} heal triggers ({names}); at most 4 are allowed "
                "(5.2.2.4, corrected: its text says 'trigger cards', which would contradict the 16 triggers of "
                "5.2.2.3, so we apply it to heal triggers)."
            ).format(count=count, names=_names(c for c, _n in heals)),
            heals,
            count,
            4,
        )


@rules.rule(
    "vanguard.sentinels",
    ref="5.2.2.5",
    refs="5.2.2.5, 11.9.1",
    summary=N_("At most 4 sentinels (守護者) in the main deck, all names together."),
)
def sentinels(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    found, count, _maybe, _unknown = _sentinel_counts(deck)
    if count > SENTINELS:
        yield rule.counted(
            "main",
            _(
                "The main deck has {count} sentinels ({names}); at most 4 are allowed, all names together (5.2.2.5)."
            ).format(count=count, names=_names(c for c, _n in found)),
            found,
            count,
            SENTINELS,
        )


@rules.rule(
    "vanguard.main-types",
    ref="5.2.2.6",
    summary=N_("The main deck holds only normal and trigger units."),
)
def main_types(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    wrong = tally([(c, n) for c, n in deck.cards("main") if c.type == "g-unit"], lambda card: [card.name])
    for name, entry in wrong.items():
        message = ngettext(
            "{name} ({numbers}) is a G unit; the main deck may hold only normal and trigger units (5.2.2.6); "
            "put its {n} copy in the G deck.",
            "{name} ({numbers}) is a G unit; the main deck may hold only normal and trigger units (5.2.2.6); "
            "put its {n} copies in the G deck.",
            entry.count,
        )
        yield rule.violation(
            "main", message.format(name=name, numbers=joined(entry.numbers), n=entry.count), cards=entry.numbers
        )


@rules.rule("vanguard.g-size", ref="5.3.2", refs="5.3.2 「0枚から16枚まで」", summary=N_("The G deck has 0–16 cards."))
def g_size(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    return size_violations(rule, deck, "g", high=16, ref="5.3.2")


@rules.rule(
    "vanguard.g-types", ref="5.3.3", refs="5.3.3 「Gユニットのみ」", summary=N_("The G deck holds only G units.")
)
def g_types(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    wrong = tally([(c, n) for c, n in deck.cards("g") if c.type != "g-unit"], lambda card: [card.name])
    for name, entry in wrong.items():
        if entry.cards[0].type == "normal":
            message = ngettext(
                "{name} ({numbers}, {n} copy) is a normal unit; the G deck may hold only G units (5.3.3).",
                "{name} ({numbers}, {n} copies) is a normal unit; the G deck may hold only G units (5.3.3).",
                entry.count,
            )
        else:
            message = ngettext(
                "{name} ({numbers}, {n} copy) is a trigger unit; the G deck may hold only G units (5.3.3).",
                "{name} ({numbers}, {n} copies) is a trigger unit; the G deck may hold only G units (5.3.3).",
                entry.count,
            )
        yield rule.violation(
            "g", message.format(name=name, numbers=joined(entry.numbers), n=entry.count), cards=entry.numbers
        )


@rules.rule(
    "vanguard.first-vanguard",
    ref="5.4.3",
    refs=N_("5.4.3 (no chapter-5 rule; required for setup)"),
    summary=N_(
        "The main deck holds a grade-0 unit to be the first vanguard; a `first_vanguard` key names one (5.4.3)."
    ),
)
def first_vanguard(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    value, card = deck.key(FV_KEY), deck.key_cards.get(FV_KEY)
    if value is not None and card is not None:  # a value that names no card is deck.unknown-card
        problem = first_vanguard_problem(deck, FV_KEY, value)
        if problem is not None:
            yield rule.violation(FV_KEY, _("{note}.").format(note=problem.reason), cards=[card.number])
    if not any(card.grade == 0 and card.type != "g-unit" for card, _n in deck.cards("main")):
        yield rule.violation(
            "main",
            _(
                "The main deck has no grade-0 unit, so no first vanguard can be chosen at setup (5.4.3; "
                "chapter 5 states no such construction rule, but the game cannot be set up without one)."
            ),
            count=0,
            limit=1,
        )


@rules.rule(
    "vanguard.unverified",
    ref="5.2.2.3",
    refs=N_("5.2.2.3, 5.2.2.5 (cards whose trigger or sentinel the card data cannot tell)"),
    summary=N_("The trigger or sentinel count depends on cards the card data cannot tell (stand?, sentinel?)."),
    severity="warning",
)
def unverified(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    """What `vanguard.triggers` and `vanguard.sentinels` can neither prove broken nor prove to hold (spec, "Real
    card data"): a warning naming the cards and the copies of them that would make the deck legal."""
    _found, count, maybe, unknown = _trigger_counts(deck)
    if unknown and count <= TRIGGERS <= count + unknown:
        need = TRIGGERS - count
        yield _unverified(
            rule,
            "vanguard.triggers",
            "5.2.2.3",
            spoken(
                _(
                    "{known} and {cards} ({copies}): the main deck has exactly 16 "
                    "triggers only if {condition} (5.2.2.3); the card data cannot tell stand triggers from units "
                    "without an icon. Give their trigger in your own card file ({option}) to settle it."
                ).format(
                    option=mention("carddb_dirs"),
                    known=ngettext("{n} known trigger", "{n} known triggers", count).format(n=count),
                    cards=ngettext(
                        "{n} card that may be a stand trigger", "{n} cards that may be stand triggers", unknown
                    ).format(n=unknown),
                    copies=_copies_of(maybe),
                    condition=_stand_triggers_if(need, unknown),
                ),
            ),
            maybe,
            count,
            unknown,
            TRIGGERS,
        )
    _found, count, maybe, unknown = _sentinel_counts(deck)
    if unknown and count <= SENTINELS < count + unknown:
        room = SENTINELS - count
        yield _unverified(
            rule,
            "vanguard.sentinels",
            "5.2.2.5",
            spoken(
                _(
                    "{known} and {cards} ({copies}): the main deck has at most 4 sentinels "
                    "only if {condition} (5.2.2.5); the card data does not say whether they have 守護者. Give their "
                    "sentinel in your own card file ({option}) to settle it."
                ).format(
                    option=mention("carddb_dirs"),
                    known=ngettext("{n} known sentinel", "{n} known sentinels", count).format(n=count),
                    cards=ngettext(
                        "{n} card that may be a sentinel", "{n} cards that may be sentinels", unknown
                    ).format(n=unknown),
                    copies=_copies_of(maybe),
                    condition=_sentinels_if(room, unknown),
                ),
            ),
            maybe,
            count,
            unknown,
            SENTINELS,
        )


def _stand_triggers_if(wanted: int, unknown: int) -> str:
    """`exactly 2 of these 3 copies are stand triggers`, `none of these 3 copies is ...`, `all 2 of these copies
    are ...`: how many of the `unknown` copies must be stand triggers for exactly 16 triggers."""
    if wanted == 0:
        if unknown == 1:
            return _("this copy is not a stand trigger")
        return _("none of these {n} copies is a stand trigger").format(n=unknown)
    if wanted == unknown:
        if unknown == 1:
            return _("this copy is a stand trigger")
        return _("all {n} of these copies are stand triggers").format(n=unknown)
    return ngettext(
        "exactly {wanted} of these {n} copies is a stand trigger",
        "exactly {wanted} of these {n} copies are stand triggers",
        wanted,
    ).format(wanted=wanted, n=unknown)


def _sentinels_if(room: int, unknown: int) -> str:
    """`at most 2 of these 3 copies are sentinels`, `none of these 3 copies is a sentinel`: how many of the
    `unknown` copies may be sentinels for at most 4."""
    if room == 0:
        if unknown == 1:
            return _("this copy is not a sentinel")
        return _("none of these {n} copies is a sentinel").format(n=unknown)
    return ngettext(
        "at most {room} of these {n} copies is a sentinel", "at most {room} of these {n} copies are sentinels", room
    ).format(room=room, n=unknown)


def _unverified(
    rule: Rule,
    of: str,
    ref: str,
    message: str,
    maybe: Sequence[tuple[VanguardCard, int]],
    count: int,
    unknown: int,
    limit: int,
) -> Violation:
    cards = [card.number for card, _n in maybe]
    return rule.violation(
        "main", message, ref=ref, cards=cards, count=count, limit=limit, unverified=of, unknown=unknown
    )


_PRINTING_SUFFIX = re.compile(r"(?P<id>.+/(?:RE:)?[A-Z]{0,3}\d+)(?P<suffix>[A-Z]+_?)")
_DASHED = re.compile(r"(?P<product>(?:[A-Z]+-)?[A-Z]+\d*)-(?P<rest>(?:RE:)?[A-Z]{0,3}\d+.*)")


def printed_spellings(number: str) -> list[str]:
    """The card numbers a typed number may mean (it is normalised: upper case): the printed number's suffix after
    a space or not (`PR/0471W` is `PR/0471 W`, `G-BT01/023PR` is `G-BT01/023 PR`), and a `-` for the `/`
    (`G-BT01-001`)."""
    compact = "".join(number.split())
    if "/" not in compact and (dashed := _DASHED.fullmatch(compact)):
        compact = f"{dashed['product']}/{dashed['rest']}"
    spellings = [compact]
    if match := _PRINTING_SUFFIX.fullmatch(compact):
        base, suffix = match["id"], match["suffix"]
        spellings.append(f"{base} {suffix}")
        if suffix.endswith("PR") and len(suffix) > 2:  # an art pair's promo: `G-CB01/031B PR`
            spellings += [f"{base}{suffix[:-2]} PR", f"{base} {suffix[:-2]} PR"]
    return [spelling for spelling in spellings if spelling != number]


def _db_warnings(cards: Sequence[Card]) -> list[str]:
    notes = []
    for card in cards:
        assert isinstance(card, VanguardCard)
        label, grade = card.label(), card.grade
        if (card.type == "trigger") != card.is_trigger:
            notes.append(
                _("{card}: type {type} but trigger {trigger}").format(card=label, type=card.type, trigger=card.trigger)
            )
        if card.trigger == STAND_OR_NONE and grade != 0:
            notes.append(
                _("{card}: trigger stand-or-none on a grade-{grade} unit (only grade 0 is)").format(
                    card=label, grade=grade
                )
            )
        if card.type == "g-unit" and card.sentinel is not False:
            notes.append(_("{card}: a G unit marked as sentinel (G units never have 守護者)").format(card=label))
        if card.type == "g-unit" and grade != 4:
            notes.append(
                _("{card}: a G unit of grade {grade} (published G units are grade 4)").format(card=label, grade=grade)
            )
        # a grade-4 normal unit is no note: seven were printed (EB09/001, PR/0076, ...) and belong in `main` (spec)
        if card.type == "trigger" and grade != 0:
            notes.append(
                _("{card}: a trigger unit of grade {grade} (published ones are grade 0)").format(
                    card=label, grade=grade
                )
            )
        if card.type == "g-unit" and card.skill != "triple-drive":
            if card.skill:
                note = _("{card}: a G unit with skill {skill} (published G units have triple-drive)")
            else:
                note = _(
                    "{card}: a G unit with no skill given (drive 1 is counted) (published G units have triple-drive)"
                )
            notes.append(note.format(card=label, skill=card.skill))
        if card.type == "normal" and grade == 3 and card.skill != "twin-drive":
            if card.skill:
                note = _("{card}: a grade-3 normal unit with skill {skill} (published ones have twin-drive)")
            else:
                note = _(
                    "{card}: a grade-3 normal unit with no skill given (drive 1 is counted) "
                    "(published ones have twin-drive)"
                )
            notes.append(note.format(card=label, skill=card.skill))
    return notes


# The embedded engine: setup (5.4.3-5.4.3.4, 6.1.1) and own turns up to the main phase ---------------------------

HAND_SIZE = 5


def _default_first_vanguard(main: list[VanguardCard]) -> VanguardCard:
    """The first grade-0 normal unit listed, else the first grade-0 trigger unit (spec, setup step 2)."""
    for wanted in ("normal", "trigger"):
        for card in main:
            if card.grade == 0 and card.type == wanted:
                return card
    raise EngineError(
        _("the main deck has no grade-0 unit, so no first vanguard can be chosen and the game cannot be set up (5.4.3)")
    )


def _chosen_first_vanguard(deck: Deck[VanguardCard], main: list[VanguardCard], key: str) -> VanguardCard:
    """The `first_vanguard` choice: a card number, else a card name, of a grade-0 unit in the main deck."""
    problem = first_vanguard_problem(deck, FV_KEY, key)
    if problem is not None:
        raise EngineError(problem.reason)
    return next(card for card in matching(main, key) if card.grade == 0 and is_unit(card))


def _prepare(table: Table[VanguardCard], deck: Deck[VanguardCard], choices: dict[str, str]) -> None:
    main = expand(deck.cards("main"))
    if len(main) < 1 + HAND_SIZE:
        raise EngineError(
            ngettext(
                "the main deck has {n} card; the setup needs at least {need} "
                "(the first vanguard and a {hand}-card hand, 5.4.3, 5.4.3.4)",
                "the main deck has {n} cards; the setup needs at least {need} "
                "(the first vanguard and a {hand}-card hand, 5.4.3, 5.4.3.4)",
                len(main),
            ).format(n=len(main), need=1 + HAND_SIZE, hand=HAND_SIZE)
        )
    key = choices.get(FV_KEY)
    first = _chosen_first_vanguard(deck, main, key) if key else _default_first_vanguard(main)
    table.deck = main
    fv = table.remove_from_deck(first)
    table.zone("vanguard").append(fv)
    table.zone(N_("soul"))
    # The notes' keys and one-word values, and the steps, are kept in English (JSON); their shower translates them.
    table.notes[N_("first vanguard")] = fv.label()
    table.notes[N_("first vanguard face")] = N_("down")
    if key:
        placed = _("{card} face down on the vanguard circle (chosen)")
    else:
        placed = _(
            "{card} face down on the vanguard circle (default: the first grade-0 normal unit listed, else the first "
            "grade-0 trigger)"
        )
    table.log(N_("first vanguard"), "5.4.3", placed.format(card=fv.label()), [fv])
    g_deck = expand(deck.cards("g"))
    table.zone(N_("g-zone")).extend(g_deck)
    table.log(
        N_("G zone"), "5.4.3.1", _("the whole G deck ({n}) face down in the G zone").format(n=len(g_deck)), g_deck
    )
    shuffled = ngettext(
        "shuffle the main deck ({n} card become the deck)",
        "shuffle the main deck ({n} cards become the deck)",
        len(table.deck),
    )
    table.shuffle("5.4.3.1", shuffled.format(n=len(table.deck)))
    table.log(N_("vanguard damage"), "5.4.3.3", _("the vanguard damage is set to 0; no cards move"))


def _after_mulligan(table: Table[VanguardCard]) -> None:
    fv = vanguard_of(table)
    table.notes[N_("first vanguard face")] = N_("up")
    table.notes[N_("vanguard")] = fv.label()
    table.log(N_("stand up"), "6.1.1", _("the first vanguard {card} is turned face up").format(card=fv.label()), [fv])


def _need_cards(table: Table[VanguardCard], count: int, when: str) -> None:
    """`when`: the step that needs the cards, with its turn ("the draw step of own turn 3")."""
    if len(table.deck) < count:
        raise EngineError(
            ngettext(
                "the deck has {n} card at {when}: the fighter has lost by then (1.2.2.2, an empty deck); "
                "the engine models the first turns only",
                "the deck has {n} cards at {when}: the fighter has lost by then (1.2.2.2, an empty deck); "
                "the engine models the first turns only",
                len(table.deck),
            ).format(n=len(table.deck), when=when)
        )


def _own_turn(table: Table[VanguardCard], k: int) -> None:
    """Own turn k up to the start of its main phase: the previous turn's drive checks, draw, G assist, ride."""
    if attack_allowed(table, k - 1):
        _drive_checks(table, k)
    _need_cards(table, 1, _("the draw step of own turn {turn}").format(turn=k))
    table.draw(1, N_("draw"), "6.4.1.1.2")
    _g_assist(table, k)
    _ride(table)
    if not table.deck:
        raise EngineError(
            _(
                "the deck is empty in own turn {turn}: the fighter loses at the next check timing (1.2.2.2); "
                "the engine models the first turns only"
            ).format(turn=k)
        )


def _drive_checks(table: Table[VanguardCard], k: int) -> None:
    """Own turn k-1's vanguard attack: as many checks as the vanguard's drive (2.16.2, 11.2), each card to the hand
    (7.5.1.2.6); a draw trigger of the vanguard's clan first draws a card (7.5.1.2.4, 2.8.1.1.3).

    Only the vanguard circle is modelled (no rear-guards are called), so "a unit of its clan" means the vanguard.
    With `table.floor` (the statistics' documented floor): one check per attack and no trigger effects.
    """
    vanguard = vanguard_of(table)
    drive = 1 if table.floor else vanguard.drive
    if table.floor:
        attack = _(
            "own turn {turn}'s vanguard attack ({card}, drive {drive}, the floor: drive 1 and no trigger effects "
            "counted)"
        )
    else:
        attack = _("own turn {turn}'s vanguard attack ({card}, drive {drive})")
    attack = attack.format(turn=k - 1, card=vanguard.label(), drive=drive)
    for check in range(1, drive + 1):
        _need_cards(table, 1, _("the drive check of own turn {turn}'s attack").format(turn=k - 1))
        card = table.take_top(1)[0]
        checked = _("{attack}: check {check} of {drive}, to the trigger zone")
        table.log(N_("drive check"), "7.5.1.2.3", checked.format(attack=attack, check=check, drive=drive), [card])
        if card.is_trigger and not table.floor:
            _trigger(table, k, card, vanguard)
        table.to_hand([card])
        table.log(N_("drive check"), "7.5.1.2.6", _("{card} to the hand").format(card=card.label()), [card])


def _trigger(table: Table[VanguardCard], k: int, card: VanguardCard, vanguard: VanguardCard) -> None:
    """A checked trigger's action (7.5.1.2.4): only a draw trigger moves a card (to the hand)."""
    trigger = translate(_TRIGGER_NAMES[card.trigger]) if card.trigger in _TRIGGER_NAMES else f"{card.trigger} trigger"
    if not _same_clan(card, vanguard):
        no_clan = _("{trigger}: no unit of its clan on the vanguard circle").format(trigger=trigger)
        table.log(N_("trigger"), "7.5.1.2.4", no_clan, [])
        return
    if card.trigger != "draw":
        power = _("{trigger}: +5000 power and its effect; no card moves").format(trigger=trigger)
        table.log(N_("trigger"), "7.5.1.2.4", power)
        return
    _need_cards(table, 1, _("the draw trigger checked in own turn {turn}'s attack").format(turn=k - 1))
    drawn = table.take_top(1)
    table.to_hand(drawn)
    table.log(N_("trigger"), "2.8.1.1.3", _("draw trigger of the vanguard's clan: draw 1 (and +5000 power)"), drawn)


#: A checked trigger unit's trigger, by its icon (2.8.1.1), for the log.
_TRIGGER_NAMES = {
    "critical": N_("critical trigger"),
    "draw": N_("draw trigger"),
    "stand": N_("stand trigger"),
    "heal": N_("heal trigger"),
}


def _same_clan(card: VanguardCard, unit: VanguardCard) -> bool:
    return bool(set(card.clans) & set(unit.clans))


def _g_assist(table: Table[VanguardCard], k: int) -> None:
    vanguard = vanguard_of(table)
    target = vanguard.grade + 1
    g_zone = table.zone(N_("g-zone"))
    if vanguard.grade >= 3:
        table.log(N_("G assist"), "6.4.1.2.2.1", _("not allowed: the vanguard is grade 3 or more"))
        return
    if len(g_zone) < 2:
        few = ngettext(
            "not allowed: the G zone has {n} card (fewer than 2)",
            "not allowed: the G zone has {n} cards (fewer than 2)",
            len(g_zone),
        )
        table.log(N_("G assist"), "6.4.1.2.2.2", few.format(n=len(g_zone)))
        return
    if any(card.grade == target for card in table.hand):
        held = _("not allowed: the hand holds a grade-{grade} card").format(grade=target)
        table.log(N_("G assist"), "6.4.1.2.2.3", held)
        return
    table.log(
        N_("G assist"),
        "6.4.1.2.4",
        _(
            "reveal the hand: no vanguard of grade 3 or more, G zone 2 or more, no grade-{grade} card; "
            "take the hand back"
        ).format(grade=target),
        table.hand,
    )
    looked = table.deck[:G_ASSIST_LOOK]
    found = next((i for i, card in enumerate(looked) if card.grade == target), None)
    if found is None:
        none_taken = _("look at the top {n}: no grade-{grade} card, none taken").format(n=len(looked), grade=target)
        table.log(N_("G assist"), "6.4.1.2.5", none_taken, looked)
    else:
        card = table.deck.pop(found)
        table.log(
            N_("G assist"),
            "6.4.1.2.5",
            _("look at the top {n}; add the topmost grade-{grade} card, {card}, to the hand").format(
                n=len(looked), grade=target, card=card.label()
            ),
            [card],
        )
        others = sorted(table.hand, key=lambda c: (c.grade, table.rng.random()))[:2]
        for paid in others:
            table.hand.remove(paid)
        table.to_hand([card])
        from_g = [g_zone.pop(i) for i in sorted(table.rng.sample(range(len(g_zone)), 2), reverse=True)]
        table.zone(N_("out-of-game")).extend([*others, *from_g])
        table.log(
            N_("G assist"),
            "6.4.1.2.5",
            _("pay 2 lowest-grade other hand cards and 2 G-zone cards out of the game"),
            [*others, *from_g],
        )
        # cast: the notes hold values of any kind for people; this one is only ever the int counted here
        table.notes[N_("G assists")] = cast(int, table.notes.get("G assists", 0)) + 1
    table.shuffle("6.4.1.2.5", _("shuffle the deck (whether or not a card was added)"))


def _ride(table: Table[VanguardCard]) -> None:
    vanguard = vanguard_of(table)
    target = vanguard.grade + 1
    candidates = [card for card in table.hand if card.grade == target and is_unit(card)]
    if not candidates:
        table.log(N_("ride"), "6.5.1.1.2", _("no grade-{grade} unit in the hand: no ride").format(grade=target))
        return
    # A normal unit first, then the largest drive (a grade 3 with twin drive); the first listed among equals.
    card = max(candidates, key=_ride_preference)
    table.hand.remove(card)
    table.zone("vanguard").remove(vanguard)
    table.zone(N_("soul")).append(vanguard)
    table.zone("vanguard").append(card)
    table.notes[N_("vanguard")] = card.label()
    rode = _("ride {card}; {vanguard} goes to the soul").format(card=card.label(), vanguard=vanguard.label())
    table.log(N_("ride"), "8.5.3.1", rode, [card])


def _ride_preference(card: VanguardCard) -> tuple[bool, int]:
    return (card.type == "normal", card.drive)


def _reached_by_turn(going: str, k: int) -> int:
    """Draw steps (the first player draws on turn 1) plus one drive check per earlier own turn with an attack."""
    attacks = max(0, k - 2) if going == "first" else max(0, k - 1)
    return k + attacks


def _turn_model(table: Table[VanguardCard], k: int) -> TurnModel[Any]:
    """What own turns 1..k bring to the hand, for `stats` (spec "Statistics").

    The rules (the default): every drive check at the vanguard's drive (twin drive once a grade-3 unit with it is
    the vanguard), the card a checked draw trigger of the vanguard's clan draws, G assist whenever it is allowed and
    a ride at every ride step that can. `table.floor` keeps the documented floor: one check per attack and no trigger
    effects. Plain draws when nothing depends on the hand; otherwise the exact chain (`process`) and the vectorised
    simulation (`vector_turns`) run the turns on atoms refined by :func:`_detail`.
    """
    draws = _reached_by_turn(table.going, k)
    if k == 0 or not table.zone("vanguard"):
        return TurnModel(draws=draws)  # the opening hand, or no cards known (`deckcheck odds`): the fixed draws
    fv = vanguard_of(table)
    g_zone = len(table.zone(N_("g-zone")))
    assist = g_zone >= 2 and fv.grade < 3
    checks = _reached_by_turn(table.going, k) - k > 0  # a drive check happens before own turn k's main phase
    vanguards = [fv, *(card for card in table.deck if is_unit(card) and 1 <= card.grade <= 3)]
    fires: frozenset[str] = frozenset()
    if not table.floor and checks:
        fires, mixed = _firing_draw_triggers(table.deck, vanguards)
        if mixed:
            return TurnModel(
                draws=draws,
                simulate_only=_(
                    "the draw trigger {card} shares a clan with some vanguards the deck can ride and not with others, "
                    "so whether it draws depends on the ride (7.5.1.2.4)"
                ).format(card=mixed),
            )
        varied_drive = any(card.drive != 1 for card in vanguards)
        if not assist and not fires and not varied_drive:
            return TurnModel(draws=draws)
    elif not assist:
        return TurnModel(draws=draws)
    drive = 1 if table.floor else fv.drive
    from deckcheck.games.vanguard.odds import Detail, ExactTurns  # deferred: for odds only

    return TurnModel(
        draws=draws,
        refine=Detail(fires, table.floor),
        vector_turns=_vector_turns,
        process=ExactTurns(fv.grade, drive, g_zone, table.going),
    )


def _vector_turns(state: Any, rng: Any, model: Any) -> None:
    """The simulation's turns (deckcheck.games.vanguard.vector), imported with NumPy only when a simulation runs."""
    from deckcheck.games.vanguard.vector import vector_turns  # deferred: numpy, for simulations only

    vector_turns(state, rng, model)


def _firing_draw_triggers(deck: list[VanguardCard], vanguards: list[VanguardCard]) -> tuple[frozenset[str], str | None]:
    """The numbers of the draw triggers that draw whichever unit is the vanguard (7.5.1.2.4: one of its clan on
    the circle), and the label of one that draws with some vanguards only (the exact models cannot follow it)."""
    fires = set()
    for card in {card.number: card for card in deck if card.trigger == "draw"}.values():
        with_clan = {_same_clan(card, vanguard) for vanguard in vanguards}
        if with_clan == {True}:
            fires.add(card.number)
        elif len(with_clan) > 1:
            return frozenset(), card.label()
    return frozenset(fires), None


SETUP = Setup(
    hand_size=HAND_SIZE,
    mulligan=MulliganKind.PARTIAL_SHUFFLE,
    mulligan_ref="5.4.3.4",
    opening_ref="5.4.3.4",
    prepare=_prepare,
    after_mulligan=_after_mulligan,
    own_turn=_own_turn,
    choices=(FV_KEY,),
    turn_model=_turn_model,
    floor_counting=N_("each drive check at the vanguard's drive, a checked draw trigger's card"),
    floor=N_(
        "one drive check per attack and no trigger effects (twin drive's second check and a draw trigger's card "
        "not counted)"
    ),
    main_set_aside=1,  # the first vanguard
)


def _stats_report(deck: Deck[VanguardCard]) -> list[tuple[str, tuple[str, ...], int]]:
    """The ride chain: a card to ride each turn, counted by the ride phase (with G assist when the G deck allows),
    each grade alone and the whole chain together (each grade by its own turn)."""
    lines = [(_("grade {k} by the ride phase of own turn {k}").format(k=k), (f"grade={k}",), k) for k in (1, 2, 3)]
    chain = (_("ride chain complete (grade 1, 2, 3 by own turns 1, 2, 3)"), ("grade=1@1", "grade=2@2", "grade=3@3"), 3)
    return [*lines, chain]


def _sentinel_bucket(card: VanguardCard) -> str | None:
    return "sentinel?" if card.sentinel == UNKNOWN else "sentinel" if card.sentinel is True else None


def _profile(deck: Deck[VanguardCard]) -> list[Distribution]:
    main = deck.cards("main")
    # the titles are JSON keys of `show --format json`: kept in English here, translated where they are shown
    return [
        Distribution(N_("grades"), "grade", histogram(main, lambda card: card.grade)),
        Distribution(
            N_("triggers"),
            "trigger",
            histogram(main, lambda card: "stand?" if card.trigger == STAND_OR_NONE else card.trigger),
        ),
        Distribution(N_("sentinels"), "sentinel", histogram(main, _sentinel_bucket, missing=False)),
        Distribution(N_("G deck grades"), "grade", histogram(deck.cards("g"), lambda card: card.grade)),
    ]


def _card_name(card: VanguardCard) -> str:
    """Copies are limited per card name (5.2.2.2, 5.3.2.1)."""
    return card.name


def _home_section(card: VanguardCard) -> str:
    return "g" if card.type == "g-unit" else "main"


GAME: Game[VanguardCard] = Game(
    id="vanguard",
    title=N_("Cardfight!! Vanguard"),
    rules_document=N_("総合ルール ver. 1.45.4 (2017-01-12, G era)"),
    sections=("main", "g"),
    card_model=VanguardCard,
    rules=tuple(rules.rules),
    keys=DeckKeys(cards=(FV_KEY,), setup_problem=first_vanguard_problem),
    setup=SETUP,
    copies=Copies(
        identity=_card_name,
        groups=copy_groups,
    ),
    cards=Cards(
        db_warnings=_db_warnings,
        home_section=_home_section,
        number_fallbacks=printed_spellings,
        # `BT01/001`, `G-TD02/002`, `PR/0406`; not `BT01/S01`, `G-BT06/SR01`, `V-BT01/Re:01`, `BT15/004B`
        regular_number=r".*/\d+",
        search_columns=("type", "grade", "trigger", "sentinel", "clans", "power", "shield"),
        field_words=FIELD_WORDS,
    ),
    profile=Profile(
        stats_report=_stats_report,
        stats_report_summary=N_(
            "the ride chain (grade 1/2/3 by the ride phase of own turn 1/2/3, with G assist, each alone and the "
            "whole chain together)"
        ),
        hand_column="grade",
        distributions=_profile,
    ),
    registry=Registry(
        lists={"list": "main", "sub_list": "g"},
    ),
    wording=Wording(
        section_words={"メインデッキ": "main", "メイン": "main", "デッキ": "main", "Gデッキ": "g", "Gゾーン": "g"},
        # grade and trigger headings belong to the main deck, G4 and the G units' headings to the G deck; `(FV)` marks
        # the first vanguard
        pasted=PastedWords(
            headings=(
                (
                    r"(?:G|グレード)\s*(?:[0-3]|ゼロ|イチ|ニ|サン)(?:ユニット)?|トリガー(?:ユニット)?|ノーマル(?:ユニット)?",
                    "main",
                ),
                (r"G\s*4|Gユニット|Gガーディアン|ストライド(?:ユニット)?", "g"),
            ),
            marks={"FV": FV_KEY, "ファーストヴァンガード": FV_KEY},
        ),
        section_labels={"main": N_("Main deck"), "g": N_("G deck")},
        section_phrases={"main": N_("the main deck"), "g": N_("the G deck")},
        key_labels={"first_vanguard": N_("First vanguard")},
        always_listed=("main",),
        terms={
            "type": {"normal": "2.9.2", "trigger": "2.9.2", "g-unit": "2.9.2"},
            # (`none`, no trigger icon: in the main deck a normal unit, 5.2.2.6; `show`'s trigger buckets)
            "trigger": {
                "critical": "2.8.1.1.2",
                "draw": "2.8.1.1.3",
                "stand": "2.8.1.1.4",
                "heal": "2.8.1.1.5",
                "none": "5.2.2.6",
            },
            # `show`'s bucket of the cards with the ability 「守護者」 (11.9.2)
            "sentinel": {"sentinel": "11.9.2"},
            "nation": {
                "united-sanctuary": "2.17.3",
                "dragon-empire": "2.17.3",
                "star-gate": "2.17.3",
                "dark-zone": "2.17.3",
                "magallanica": "2.17.3",
                "zoo": "2.17.3",
            },
            "skill": {
                "boost": "2.10.1.3",
                "intercept": "2.10.1.2",
                "twin-drive": "2.10.1.1",
                "triple-drive": "2.10.1.4",
            },
        },
    ),
)
