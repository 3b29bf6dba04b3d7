"""Cardfight!! Vanguard, G-era comprehensive rules ver. 1.45.4 (shared/spec/vanguard.md)."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING, Annotated, Any, cast

from deckcheck._util.normalize import norm_name, norm_number
from deckcheck._util.text import plural
from deckcheck.engine.procedure import MulliganKind, Setup, TurnModel, expand
from deckcheck.errors import EngineError
from deckcheck.model.cards import Before, Bounds, Card, PlainInt, as_list, choice, validates_before
from deckcheck.model.deck import Deck
from deckcheck.model.game import CopyGroup, Game, Rule, RuleBook, histogram, names_of, size_violations, tally
from deckcheck.model.violation import Violation

if TYPE_CHECKING:
    from deckcheck.engine.table import Table

DEFAULT_COPIES = 4

CardType = choice(
    ("normal", "trigger", "g-unit"),
    {"ノーマルユニット": "normal", "トリガーユニット": "trigger", "Gユニット": "g-unit", "Ｇユニット": "g-unit"},
)


def _spelling(value: str) -> str:
    return unicodedata.normalize("NFKC", value).strip().casefold()


# Spellings of the types whose cards print no trigger icon (for defaulting a missing `trigger` to none).
_ICONLESS_TYPES = {_spelling(v) for v in ("normal", "g-unit", "ノーマルユニット", "Gユニット")}
Trigger = choice(
    ("none", "critical", "draw", "stand", "heal"),
    {
        "アイコンなし": "none",
        "なし": "none",
        "クリティカルトリガー": "critical",
        "クリティカル": "critical",
        "☆": "critical",
        "ドロートリガー": "draw",
        "ドロー": "draw",
        "引": "draw",
        "スタンドトリガー": "stand",
        "スタンド": "stand",
        "醒": "stand",
        "ヒールトリガー": "heal",
        "ヒール": "heal",
        "治": "heal",
    },
)
Nation = choice(
    ("united-sanctuary", "dragon-empire", "star-gate", "dark-zone", "magallanica", "zoo"),
    {
        "ユナイテッドサンクチュアリ": "united-sanctuary",
        "ドラゴンエンパイア": "dragon-empire",
        "スターゲート": "star-gate",
        "ダークゾーン": "dark-zone",
        "メガラニカ": "magallanica",
        "ズー": "zoo",
    },
)
Skill = choice(
    ("boost", "intercept", "twin-drive", "triple-drive"),
    {
        "ブースト": "boost",
        "インターセプト": "intercept",
        "ツインドライブ!!": "twin-drive",
        "ツインドライブ": "twin-drive",
        "トリプルドライブ!!!": "triple-drive",
        "トリプルドライブ": "triple-drive",
    },
)


class VanguardCard(Card):
    type: CardType  # type: ignore[valid-type]
    grade: Annotated[PlainInt, Bounds(ge=0, le=4)]
    trigger: Trigger  # type: ignore[valid-type]
    sentinel: bool = False
    clans: Annotated[list[str], Before(as_list)]
    nation: Nation | None = None  # type: ignore[valid-type]
    power: PlainInt | None = None
    shield: PlainInt | None = None
    critical: PlainInt | None = None
    skill: Skill | None = None  # type: ignore[valid-type]

    @validates_before
    @classmethod
    def _default_trigger(cls, data: Any) -> Any:
        # Normal units and G units print no trigger icon; the importer may leave the field out.
        # Only those: a trigger unit without its icon stays an error ("trigger is required").
        if isinstance(data, dict) and "trigger" not in data:
            kind = data.get("type")
            if isinstance(kind, str) and _spelling(kind) in _ICONLESS_TYPES:
                return {**data, "trigger": "none"}
        return data

    @property
    def drive(self) -> int:
        """Drive checks per attack (2.16.2, 11.2): 1, +1 twin drive, +2 triple drive."""
        return {"twin-drive": 2, "triple-drive": 3}.get(self.skill or "", 1)


rules = RuleBook()


@rules.rule(
    "vanguard.main-size",
    ref="5.2.2.1",
    refs="5.2.2.1 「50枚ちょうど」",
    summary="The main deck has exactly 50 cards.",
)
def main_size(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    return size_violations(rule, deck, "main", low=50, high=50, ref="5.2.2.1")


_DECK_NAMES = {"main": "main deck", "g": "G deck"}
_COPIES_REFS = {"main": "5.2.2.2", "g": "5.3.2.1"}


def copy_groups(deck: Deck[VanguardCard]) -> Iterator[CopyGroup]:
    """Copies by card name, in the main deck and separately in the G deck (5.2.2.2, 5.3.2.1); regulations too."""
    for section in ("main", "g"):
        for name, entry in tally(deck.cards(section), lambda card: [card.name]).items():
            yield CopyGroup(section, name, entry, f"the {_DECK_NAMES[section]}")


@rules.rule(
    "vanguard.copies",
    ref="5.2.2.2",
    refs="5.2.2.2, 5.2.2.2.1, 5.3.2.1",
    summary="At most 4 cards of one name in the main deck, and separately at most 4 in the G deck "
    "(a card's own deck_limit replaces 4).",
)
def copies(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    for section, name, entry, _scope in copy_groups(deck):
        limit = entry.copy_limit(DEFAULT_COPIES)
        if limit is None or entry.count <= limit:
            continue
        ref = _COPIES_REFS[section]
        if entry.cards[0].deck_limit is None:
            allowed = f"at most {limit} of one card name are allowed in each deck, counted separately ({ref})"
        else:
            allowed = f"its own text allows at most {limit} (1.3.1, replacing the 4 of {ref})"
        yield rule.violation(
            section,
            ref=ref,
            message=f"The {_DECK_NAMES[section]} has {entry.count} copies of {name} ({', '.join(entry.numbers)}); "
            f"{allowed}.",
            cards=entry.numbers,
            count=entry.count,
            limit=limit,
        )


@rules.rule(
    "vanguard.triggers",
    ref="5.2.2.3",
    refs="5.2.2.3 「16枚ちょうど」",
    summary="The main deck has exactly 16 trigger units.",
)
def triggers(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    found = [(card, n) for card, n in deck.cards("main") if card.trigger != "none"]
    count = sum(n for _, n in found)
    if count != 16:
        yield rule.violation(
            "main",
            f"The main deck has {plural(count, 'trigger unit')} ({names_of(c for c, _ in found) or 'none'}); "
            "it must have exactly 16, all names together (5.2.2.3).",
            cards=[card.number for card, _ in found],
            count=count,
            limit=16,
        )


@rules.rule(
    "vanguard.heal-triggers",
    ref="5.2.2.4",
    refs="5.2.2.4 (corrected: heal triggers)",
    summary="At most 4 heal triggers in the main deck (5.2.2.4 as corrected; its text says trigger cards).",
)
def heal_triggers(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    heals = [(card, n) for card, n in deck.cards("main") if card.trigger == "heal"]
    count = sum(n for _, n in heals)
    if count > 4:
        yield rule.violation(
            "main",
            f"The main deck has {count} heal triggers ({names_of(c for c, _ in heals)}); at most 4 are allowed "
            "(5.2.2.4, corrected: its text says 'trigger cards', which would contradict the 16 triggers of "
            "5.2.2.3, so we apply it to heal triggers).",
            cards=[card.number for card, _ in heals],
            count=count,
            limit=4,
        )


@rules.rule(
    "vanguard.sentinels",
    ref="5.2.2.5",
    refs="5.2.2.5, 11.9.1",
    summary="At most 4 sentinels (守護者) in the main deck, all names together.",
)
def sentinels(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    found = [(card, n) for card, n in deck.cards("main") if card.sentinel]
    count = sum(n for _, n in found)
    if count > 4:
        yield rule.violation(
            "main",
            f"The main deck has {count} sentinels ({names_of(c for c, _ in found)}); "
            "at most 4 are allowed, all names together (5.2.2.5).",
            cards=[card.number for card, _ in found],
            count=count,
            limit=4,
        )


@rules.rule(
    "vanguard.main-types",
    ref="5.2.2.6",
    summary="The main deck holds only normal and trigger units.",
)
def main_types(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    wrong = tally([(c, n) for c, n in deck.cards("main") if c.type == "g-unit"], lambda card: [card.name])
    for name, entry in wrong.items():
        yield rule.violation(
            "main",
            f"{name} ({', '.join(entry.numbers)}) is a G unit; the main deck may hold only normal and trigger "
            f"units (5.2.2.6); put its {plural(entry.count, 'copy', 'copies')} in the G deck.",
            cards=entry.numbers,
        )


@rules.rule("vanguard.g-size", ref="5.3.2", refs="5.3.2 「0枚から16枚まで」", summary="The G deck has 0–16 cards.")
def g_size(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    return size_violations(rule, deck, "g", high=16, ref="5.3.2")


@rules.rule("vanguard.g-types", ref="5.3.3", refs="5.3.3 「Gユニットのみ」", summary="The G deck holds only G units.")
def g_types(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    wrong = tally([(c, n) for c, n in deck.cards("g") if c.type != "g-unit"], lambda card: [card.name])
    for name, entry in wrong.items():
        kind = entry.cards[0].type
        yield rule.violation(
            "g",
            f"{name} ({', '.join(entry.numbers)}, {plural(entry.count, 'copy', 'copies')}) is a {kind} unit; "
            "the G deck may hold only G units (5.3.3).",
            cards=entry.numbers,
        )


@rules.rule(
    "vanguard.first-vanguard",
    ref="5.4.3",
    refs="5.4.3 (no chapter-5 rule; required for setup)",
    summary="The main deck holds a grade-0 unit to be the first vanguard.",
)
def first_vanguard(rule: Rule, deck: Deck[VanguardCard]) -> Iterator[Violation]:
    if not any(card.grade == 0 and card.type != "g-unit" for card, _ in deck.cards("main")):
        yield rule.violation(
            "main",
            "The main deck has no grade-0 unit, so no first vanguard can be chosen at setup (5.4.3; "
            "chapter 5 states no such construction rule, but the game cannot be set up without one).",
            count=0,
            limit=1,
        )


def _db_warnings(cards: Sequence[Card]) -> list[str]:
    notes = []
    for card in cards:
        assert isinstance(card, VanguardCard)
        if (card.type == "trigger") != (card.trigger != "none"):
            notes.append(f"{card.label()}: type {card.type} but trigger {card.trigger}")
        if card.type == "g-unit" and card.sentinel:
            notes.append(f"{card.label()}: a G unit marked as sentinel (G units never have 守護者)")
        if card.type == "g-unit" and card.grade != 4:
            notes.append(f"{card.label()}: a G unit of grade {card.grade} (published G units are grade 4)")
        if card.type != "g-unit" and card.grade > 3:
            notes.append(f"{card.label()}: a main-deck unit of grade {card.grade} (published ones are 0–3)")
        if card.type == "trigger" and card.grade != 0:
            notes.append(f"{card.label()}: a trigger unit of grade {card.grade} (published ones are grade 0)")
        if card.type == "g-unit" and card.skill != "triple-drive":
            notes.append(f"{card.label()}: a G unit with skill {card.skill} (published G units have triple-drive)")
        if card.type == "normal" and card.grade == 3 and card.skill != "twin-drive":
            notes.append(
                f"{card.label()}: a grade-3 normal unit with skill {card.skill} (published ones have twin-drive)"
            )
    return notes


# The embedded engine: setup (5.4.3-5.4.3.4, 6.1.1) and own turns up to the main phase ---------------------------

FV_KEY = "first_vanguard"
HAND_SIZE = 5
G_ASSIST_LOOK = 5


def _is_unit(card: Card) -> bool:
    return card.type in ("normal", "trigger")


def _default_first_vanguard(main: list[VanguardCard]) -> VanguardCard:
    """The first grade-0 normal unit listed, else the first grade-0 trigger unit (spec, setup step 2)."""
    for wanted in ("normal", "trigger"):
        for card in main:
            if card.grade == 0 and card.type == wanted:
                return card
    raise EngineError(
        "the main deck has no grade-0 unit, so no first vanguard can be chosen and the game cannot be set up (5.4.3)"
    )


def _chosen_first_vanguard(main: list[VanguardCard], key: str) -> VanguardCard:
    """The `first_vanguard` choice: a card number, else a card name, of a grade-0 unit in the main deck."""
    by_number = [card for card in main if norm_number(card.number) == norm_number(key)]
    matches = by_number or [card for card in main if norm_name(card.name) == norm_name(key)]
    if not matches:
        raise EngineError(
            f"first_vanguard '{key}' is not a card of the main deck; the first vanguard is chosen from it (5.4.3)"
        )
    for card in matches:
        if card.grade == 0 and _is_unit(card):
            return card
    card = matches[0]
    what = "a G unit" if card.type == "g-unit" else f"grade {card.grade}"
    raise EngineError(f"first_vanguard {card.label()} is {what}; the first vanguard must be a grade-0 unit (5.4.3)")


def _prepare(table: Table[VanguardCard], deck: Deck[VanguardCard], choices: dict[str, str]) -> None:
    main = expand(deck.cards("main"))
    if len(main) < 1 + HAND_SIZE:
        raise EngineError(
            f"the main deck has {len(main)} cards; the setup needs at least {1 + HAND_SIZE} "
            f"(the first vanguard and a {HAND_SIZE}-card hand, 5.4.3, 5.4.3.4)"
        )
    key = choices.get(FV_KEY)
    first = _chosen_first_vanguard(main, key) if key else _default_first_vanguard(main)
    table.deck = main
    fv = table.remove_from_deck(first)
    table.zone("vanguard").append(fv)
    table.zone("soul")
    table.notes["first vanguard"] = fv.label()
    table.notes["first vanguard face"] = "down"
    how = "chosen" if key else "default: the first grade-0 normal unit listed, else the first grade-0 trigger"
    table.log("first vanguard", "5.4.3", f"{fv.label()} face down on the vanguard circle ({how})", [fv])
    g_deck = expand(deck.cards("g"))
    table.zone("g-zone").extend(g_deck)
    table.log("G zone", "5.4.3.1", f"the whole G deck ({len(g_deck)}) face down in the G zone", g_deck)
    table.shuffle("5.4.3.1", f"shuffle the main deck ({len(table.deck)} cards become the deck)")
    table.log("vanguard damage", "5.4.3.3", "the vanguard damage is set to 0; no cards move")


def _after_mulligan(table: Table[VanguardCard]) -> None:
    fv = _vanguard(table)
    table.notes["first vanguard face"] = "up"
    table.notes["vanguard"] = fv.label()
    table.log("stand up", "6.1.1", f"the first vanguard {fv.label()} is turned face up", [fv])


def _vanguard(table: Table[VanguardCard]) -> VanguardCard:
    return table.zone("vanguard")[-1]


def _attack_allowed(table: Table[VanguardCard], k: int) -> bool:
    """Own turn k has a battle with a vanguard attack: every turn but the first player's turn 1 (7.2.1.3)."""
    return k >= 1 and not (table.going == "first" and k == 1)


def _need_cards(table: Table[VanguardCard], k: int, count: int, what: str) -> None:
    if len(table.deck) < count:
        raise EngineError(
            f"the deck has {len(table.deck)} cards at {what} of own turn {k}: the fighter has lost by then "
            "(1.2.2.2, an empty deck); the engine models the first turns only"
        )


def _own_turn(table: Table[VanguardCard], k: int) -> None:
    """Own turn k up to the start of its main phase: the previous turn's drive checks, draw, G assist, ride."""
    if _attack_allowed(table, k - 1):
        _drive_checks(table, k)
    _need_cards(table, k, 1, "the draw step")
    table.draw(1, "draw", "6.4.1.1.2")
    _g_assist(table, k)
    _ride(table)
    if not table.deck:
        raise EngineError(
            f"the deck is empty in own turn {k}: the fighter loses at the next check timing (1.2.2.2); "
            "the engine models the first turns only"
        )


def _drive_checks(table: Table[VanguardCard], k: int) -> None:
    """Own turn k-1's vanguard attack: as many checks as the vanguard's drive (2.16.2, 11.2), each card to the hand
    (7.5.1.2.6); a draw trigger of the vanguard's clan first draws a card (7.5.1.2.4, 2.8.1.1.3).

    Only the vanguard circle is modelled (no rear-guards are called), so "a unit of its clan" means the vanguard.
    With `table.floor` (the statistics' documented floor): one check per attack and no trigger effects.
    """
    vanguard = _vanguard(table)
    drive = 1 if table.floor else vanguard.drive
    attack = f"own turn {k - 1}'s vanguard attack ({vanguard.label()}, drive {drive}"
    attack += ", the floor: drive 1 and no trigger effects counted)" if table.floor else ")"
    for check in range(1, drive + 1):
        _need_cards(table, k, 1, "the drive check before")
        card = table.take_top(1)[0]
        table.log("drive check", "7.5.1.2.3", f"{attack}: check {check} of {drive}, to the trigger zone", [card])
        if card.trigger != "none" and not table.floor:
            _trigger(table, k, card, vanguard)
        table.to_hand([card])
        table.log("drive check", "7.5.1.2.6", f"{card.label()} to the hand", [card])


def _trigger(table: Table[VanguardCard], k: int, card: VanguardCard, vanguard: VanguardCard) -> None:
    """A checked trigger's action (7.5.1.2.4): only a draw trigger moves a card (to the hand)."""
    if not _same_clan(card, vanguard):
        table.log("trigger", "7.5.1.2.4", f"{card.trigger} trigger: no unit of its clan on the vanguard circle", [])
        return
    if card.trigger != "draw":
        table.log("trigger", "7.5.1.2.4", f"{card.trigger} trigger: +5000 power and its effect; no card moves")
        return
    _need_cards(table, k, 1, "the draw trigger before")
    drawn = table.take_top(1)
    table.to_hand(drawn)
    table.log("trigger", "2.8.1.1.3", "draw trigger of the vanguard's clan: draw 1 (and +5000 power)", drawn)


def _same_clan(card: VanguardCard, unit: VanguardCard) -> bool:
    return bool(set(card.clans) & set(unit.clans))


def _g_assist(table: Table[VanguardCard], k: int) -> None:
    vanguard = _vanguard(table)
    target = vanguard.grade + 1
    g_zone = table.zone("g-zone")
    if vanguard.grade >= 3:
        table.log("G assist", "6.4.1.2.2.1", "not allowed: the vanguard is grade 3 or more")
        return
    if len(g_zone) < 2:
        table.log("G assist", "6.4.1.2.2.2", f"not allowed: the G zone has {len(g_zone)} cards (fewer than 2)")
        return
    if any(card.grade == target for card in table.hand):
        table.log("G assist", "6.4.1.2.2.3", f"not allowed: the hand holds a grade-{target} card")
        return
    table.log(
        "G assist",
        "6.4.1.2.4",
        "reveal the hand: no vanguard of grade 3 or more, G zone 2 or more, "
        f"no grade-{target} card; take the hand back",
        table.hand,
    )
    looked = table.deck[:G_ASSIST_LOOK]
    found = next((i for i, card in enumerate(looked) if card.grade == target), None)
    if found is None:
        table.log("G assist", "6.4.1.2.5", f"look at the top {len(looked)}: no grade-{target} card, none taken", looked)
    else:
        card = table.deck.pop(found)
        table.log(
            "G assist",
            "6.4.1.2.5",
            f"look at the top {len(looked)}; add the topmost grade-{target} card, {card.label()}, to the hand",
            [card],
        )
        others = sorted(table.hand, key=lambda c: (c.grade, table.rng.random()))[:2]
        for paid in others:
            table.hand.remove(paid)
        table.to_hand([card])
        from_g = [g_zone.pop(i) for i in sorted(table.rng.sample(range(len(g_zone)), 2), reverse=True)]
        table.zone("out-of-game").extend([*others, *from_g])
        table.log(
            "G assist",
            "6.4.1.2.5",
            "pay 2 lowest-grade other hand cards and 2 G-zone cards out of the game",
            [*others, *from_g],
        )
        # cast: the notes hold values of any kind for people; this one is only ever the int counted here
        table.notes["G assists"] = cast(int, table.notes.get("G assists", 0)) + 1
    table.shuffle("6.4.1.2.5", "shuffle the deck (whether or not a card was added)")


def _ride(table: Table[VanguardCard]) -> None:
    vanguard = _vanguard(table)
    target = vanguard.grade + 1
    candidates = [card for card in table.hand if card.grade == target and _is_unit(card)]
    if not candidates:
        table.log("ride", "6.5.1.1.2", f"no grade-{target} unit in the hand: no ride")
        return
    # A normal unit first, then the largest drive (a grade 3 with twin drive); the first listed among equals.
    card = max(candidates, key=_ride_preference)
    table.hand.remove(card)
    table.zone("vanguard").remove(vanguard)
    table.zone("soul").append(vanguard)
    table.zone("vanguard").append(card)
    table.notes["vanguard"] = card.label()
    table.log("ride", "8.5.3.1", f"ride {card.label()}; {vanguard.label()} goes to the soul", [card])


def _ride_preference(card: VanguardCard) -> tuple[bool, int]:
    return (card.type == "normal", card.drive)


def _reached_by_turn(going: str, k: int) -> int:
    """Draw steps (the first player draws on turn 1) plus one drive check per earlier own turn with an attack."""
    attacks = max(0, k - 2) if going == "first" else max(0, k - 1)
    return k + attacks


def _turn_model(table: Table[VanguardCard], k: int) -> TurnModel:
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
    fv = _vanguard(table)
    g_zone = len(table.zone("g-zone"))
    assist = g_zone >= 2 and fv.grade < 3
    checks = _reached_by_turn(table.going, k) - k > 0  # a drive check happens before own turn k's main phase
    vanguards = [fv, *(card for card in table.deck if _is_unit(card) and 1 <= card.grade <= 3)]
    fires: frozenset[str] = frozenset()
    if not table.floor and checks:
        fires, mixed = _firing_draw_triggers(table.deck, vanguards)
        if mixed:
            return TurnModel(
                draws=draws,
                simulate_only=f"the draw trigger {mixed} shares a clan with some vanguards the deck can ride and not "
                "with others, so whether it draws depends on the ride (7.5.1.2.4)",
            )
        varied_drive = any(card.drive != 1 for card in vanguards)
        if not assist and not fires and not varied_drive:
            return TurnModel(draws=draws)
    elif not assist:
        return TurnModel(draws=draws)
    drive = 1 if table.floor else fv.drive
    return TurnModel(
        draws=draws,
        refine=_Detail(fires, table.floor),
        vector_turns=_vector_turns,
        process=_ExactTurns(fv.grade, drive, g_zone, table.going),
    )


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


# A card's detail for the statistics' hand-dependent turns: what the rules read of it.
GRADE, UNIT, NORMAL, FIRES, DRIVE = range(5)


@dataclass(frozen=True)
class _Detail:
    """(grade, is a unit, is a normal unit, a draw trigger that draws, its drive as the vanguard)."""

    fires: frozenset[str]
    floor: bool

    def __call__(self, card: VanguardCard) -> tuple[int, bool, bool, bool, int]:
        drive = 1 if self.floor else card.drive
        return (card.grade, _is_unit(card), card.type == "normal", card.number in self.fires, drive)

    @staticmethod
    def describe(detail: Any) -> str:
        """For people: `grade 0, a draw trigger that draws`, `grade 3, twin drive`."""
        parts = [f"grade {detail[GRADE]}"]
        if detail[FIRES]:
            parts.append("a draw trigger that draws")
        elif not detail[UNIT]:
            parts.append("not a unit")
        elif not detail[NORMAL]:
            parts.append("a trigger unit")
        if detail[DRIVE] > 1:
            parts.append({2: "twin drive", 3: "triple drive"}.get(detail[DRIVE], f"drive {detail[DRIVE]}"))
        return ", ".join(parts)


@dataclass(frozen=True)
class _ExactTurns:
    """`_own_turn` as exact transitions on card counts (deckcheck.stats.chain). Every step leaves the deck uniformly
    shuffled (G assist shuffles it either way), so each card taken is a uniformly random one of the deck's.

    The game values are (vanguard grade, its drive, G zone size, fodder). Hand cards of a grade at most the
    vanguard's are *fodder*: never ridden again, never the grade G assist looks for, and paid for G assist before
    any other card; which of them is paid changes nothing later, so only their number is kept (and not even that
    once G assist can no longer happen). The hand per class holds only the cards above the vanguard's grade.
    """

    fv_grade: int
    fv_drive: int
    g_zone: int
    going: str

    def start(self, chain: Any, hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return _fold(chain, _groups(chain.classes, chain.details), hand, (self.fv_grade, self.fv_drive, self.g_zone, 0))

    def own_turn(self, chain: Any, state: Any, k: int) -> Any:
        # deferred: the odds only (a check of a Vanguard deck loads no statistics)
        from deckcheck.stats.chain import CERTAIN, add_into

        groups = _groups(chain.classes, chain.details)
        dist = {state: CERTAIN}
        if k - 1 >= 1 and not (self.going == "first" and k - 1 == 1):  # own turn k-1 attacked (7.2.1.3)
            dist = chain.expand(dist, lambda s: _exact_drive_checks(chain, groups, s))
        dist = chain.draw(dist)
        dist = chain.expand(dist, lambda s: _exact_g_assist(chain, groups, s))
        ridden: dict[Any, Any] = {}
        for s, weight in dist.items():
            reached, hand, game = _exact_ride(chain, groups, s)
            add_into(ridden, (reached, *_fold(chain, groups, hand, game)), weight)
        return ridden


def _fold(
    chain: Any, groups: _Groups, hand: tuple[int, ...], game: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Move the hand's cards of a grade at most the vanguard's into the fodder count; drop what no longer matters
    (the fodder and the G zone once G assist cannot happen again)."""
    grade, drive, g_zone, fodder = game
    low = groups.classes_up_to(grade)
    if any(hand[c] for c in low):
        fodder += sum(hand[c] for c in low)
        hand = tuple(0 if c in low else x for c, x in enumerate(hand))
    if grade >= 3 or g_zone < 2:
        fodder = g_zone = 0
    return hand, (grade, drive, g_zone, fodder)


@dataclass(frozen=True)
class _Groups:
    """Atom and class indices the exact turns look up, per grade."""

    fires: tuple[bool, ...]  # per atom
    atoms_of_grade: dict[int, tuple[int, ...]]
    classes_of_grade: dict[int, tuple[int, ...]]
    grades: tuple[int, ...]  # ascending: the G assist's cost pays the lowest first
    ride_classes: dict[int, tuple[int, ...]]  # unit classes of a grade, the preferred first (normal, then drive)
    low_classes: dict[int, frozenset[int]]  # classes of a grade at most g

    def classes_up_to(self, grade: int) -> frozenset[int]:
        found = self.low_classes.get(grade)
        if found is None:
            below = [g for g in self.low_classes if g <= grade]
            return self.low_classes[max(below)] if below else frozenset()
        return found


@functools.lru_cache(maxsize=64)
def _groups(classes: tuple[Any, ...], details: tuple[Any, ...]) -> _Groups:
    grades = tuple(sorted({detail[GRADE] for detail in classes}))
    ride = {
        g: tuple(
            sorted(
                (c for c, d in enumerate(classes) if d[GRADE] == g and d[UNIT]),
                key=lambda c: (not classes[c][NORMAL], -classes[c][DRIVE], c),
            )
        )
        for g in grades
    }
    return _Groups(
        fires=tuple(detail[FIRES] for detail in details),
        atoms_of_grade={g: tuple(a for a, d in enumerate(details) if d[GRADE] == g) for g in grades},
        classes_of_grade={g: tuple(c for c, d in enumerate(classes) if d[GRADE] == g) for g in grades},
        grades=grades,
        ride_classes=ride,
        low_classes={g: frozenset(c for c, d in enumerate(classes) if d[GRADE] <= g) for g in grades},
    )


def _exact_drive_checks(chain: Any, groups: _Groups, state: Any) -> Any:
    """The vanguard's drive checks, each card to the hand; a firing draw trigger first draws one more."""
    # deferred: the odds only (a check of a Vanguard deck loads no statistics)
    from deckcheck.stats.chain import CERTAIN

    dist = {state: CERTAIN}
    for _ in range(state[2][1]):
        dist = chain.expand(dist, lambda s: _exact_check(chain, groups, s))
    return [(weight, s) for s, weight in dist.items()]


def _exact_check(chain: Any, groups: _Groups, state: Any) -> Any:
    # deferred: the odds only (a check of a Vanguard deck loads no statistics)
    from deckcheck.stats.chain import DeckOut

    deck = chain.deck(state)
    total = sum(deck)
    if total == 0:
        raise DeckOut
    for atom, n in enumerate(deck):
        if not n:
            continue
        checked = chain.take(state, atom)
        if groups.fires[atom]:
            for (m, of), after in chain.draw_one(checked):
                yield (n * m, total * of), after
        else:
            yield (n, total), checked


def _exact_g_assist(chain: Any, groups: _Groups, state: Any) -> Any:
    """`_g_assist`: when allowed, the topmost grade-(VG+1) card of the top 5 (a uniformly random one of the deck's,
    if any is there) for the 2 lowest-grade other hand cards (random among ties) and 2 G-zone cards."""
    # deferred: the odds only (a check of a Vanguard deck loads no statistics)
    from deckcheck.stats.chain import CERTAIN

    reached, hand, (grade, drive, g_zone, fodder) = state
    target = grade + 1
    if grade >= 3 or g_zone < 2 or any(hand[c] for c in groups.classes_of_grade.get(target, ())):
        return [(CERTAIN, state)]
    deck = chain.deck(state)
    total = sum(deck)
    hits = [(a, deck[a]) for a in groups.atoms_of_grade.get(target, ()) if deck[a]]
    qualifying = sum(n for _, n in hits)
    look = min(G_ASSIST_LOOK, total)
    # None of the qualifying cards among the top `look`: C(R - q, L) of the C(R, L) equally likely tops.
    misses, tops = comb(total - qualifying, look), comb(total, look)
    out = [((misses, tops), state)] if misses else []
    if not qualifying:
        return out
    for (q, q_of), paid, left in _exact_pay_lowest(hand, fodder, grade, groups, 2):
        game = (grade, drive, g_zone - 2, left)
        for atom, n in hits:
            c = chain.class_of[atom]
            added = reached[:atom] + (reached[atom] + 1,) + reached[atom + 1 :]
            kept = paid[:c] + (paid[c] + 1,) + paid[c + 1 :]
            out.append((((tops - misses) * n * q, tops * qualifying * q_of), (added, kept, game)))
    return out


def _exact_pay_lowest(
    hand: tuple[int, ...], fodder: int, grade: int, groups: _Groups, count: int
) -> list[tuple[Any, tuple[int, ...], int]]:
    """(chance, hand per class, fodder left) after paying the `count` lowest-grade hand cards, random among ties.

    Fodder (grade at most the vanguard's, counted or still in a class) goes first; which of it goes is immaterial."""
    # deferred: the odds only (a check of a Vanguard deck loads no statistics)
    from deckcheck.stats.chain import CERTAIN
    from deckcheck.stats.model import compositions

    low = groups.classes_up_to(grade)
    fodder += sum(hand[c] for c in low)
    hand = tuple(0 if c in low else x for c, x in enumerate(hand))
    paid_fodder = min(count, fodder)
    results = [(CERTAIN, hand)]
    need = min(count - paid_fodder, sum(hand))
    for level in groups.grades:
        if not need:
            break
        classes = groups.classes_of_grade[level]
        held = [hand[c] for c in classes]
        there = sum(held)
        if not there:
            continue
        take = min(need, there)
        need -= take
        spread = []
        for paid in compositions(held, take):
            ways = 1
            for h, x in zip(held, paid, strict=True):
                ways *= comb(h, x)
            spread.append(((ways, comb(there, take)), paid))
        updated = []
        for (p, p_of), current in results:
            for (q, q_of), paid in spread:
                left = list(current)
                for c, x in zip(classes, paid, strict=True):
                    left[c] -= x
                updated.append(((p * q, p_of * q_of), tuple(left)))
        results = updated
    return [(p, paid, fodder - paid_fodder) for p, paid in results]


def _exact_ride(chain: Any, groups: _Groups, state: Any) -> Any:
    """`_ride`: a grade-(VG+1) unit from the hand (a normal one, then the largest drive) becomes the vanguard."""
    reached, hand, (grade, drive, g_zone, fodder) = state
    for c in groups.ride_classes.get(grade + 1, ()):
        if hand[c]:
            riding = (grade + 1, chain.classes[c][DRIVE], g_zone, fodder)
            return (reached, hand[:c] + (hand[c] - 1,) + hand[c + 1 :], riding)
    return state


def _take_rows(array: Any, rows: Any) -> Any:
    """array[rows], without the copy when `rows` is every row in order (most trials at the first turns)."""
    return array if len(rows) == len(array) else array[rows]


def _vector_turns(state: Any, rng: Any, model: Any) -> None:
    """`_own_turn` for own turns 1..model.horizon on per-trial atom counts (deckcheck.stats.simulate.VectorState).

    Atom details are :class:`_Detail`'s. Every step leaves the deck uniformly shuffled (G assist shuffles it either
    way), so a draw or drive check is a uniformly random card of the deck's counts and the topmost grade-(VG+1) card
    of the top 5 is a uniformly random one of the deck's grade-(VG+1) cards.
    """
    _VectorTurns(state, rng).run(model.horizon)


class _VectorTurns:
    """The per-trial values (vanguard grade and drive, G zone) and the atom masks the turns look up by grade."""

    def __init__(self, state: Any, rng: Any) -> None:
        # deferred: the odds only (a check of a Vanguard deck loads no statistics)
        import numpy as np

        self.state, self.rng = state, rng
        details = state.details
        self.grade = np.array([detail[GRADE] for detail in details], dtype=np.int64)
        levels = int(self.grade.max(initial=0)) + 2
        of_grade = self.grade[None, :] == np.arange(levels)[:, None]
        unit = np.array([detail[UNIT] for detail in details], dtype=bool)
        self.of_grade = of_grade.astype(state.hand.dtype)  # row g: the atoms of grade g
        self.rideable = (of_grade & unit[None, :]).astype(state.hand.dtype)  # row g: the units of grade g
        self.fires = np.array([detail[FIRES] for detail in details], dtype=bool)
        self.drives = np.array([detail[DRIVE] for detail in details], dtype=np.int64)
        self.preference = np.array([10 * detail[NORMAL] + detail[DRIVE] for detail in details], dtype=np.int64)
        # Grades whose units differ in preference: only there does a ride choose among kinds.
        self.choosy = {
            g for g in range(levels) if len({int(self.preference[a]) for a in np.flatnonzero(self.rideable[g])}) > 1
        }
        self.can_ride = self.rideable.any(axis=1)  # grades with a unit to ride
        self.levels = levels
        fv = _vanguard(state.table)
        trials = state.trials
        self.vanguard = np.full(trials, fv.grade, dtype=np.int64)
        self.drive = np.full(trials, 1 if state.table.floor else fv.drive, dtype=np.int64)
        self.g_zone = np.full(trials, len(state.table.zone("g-zone")), dtype=np.int64)
        state.counters.update({"vanguard grade": self.vanguard, "g-zone": self.g_zone, "drive": self.drive})

    def run(self, horizon: int) -> None:
        state = self.state
        for k in range(1, horizon + 1):
            if _attack_allowed(state.table, k - 1):
                self.drive_checks(k)
            state.draw_one(None, f"the draw step of own turn {k}")
            self.g_assist()
            self.ride()
            if (state.deck_sizes() == 0).any():
                raise EngineError(
                    f"the deck is empty in own turn {k}: the fighter loses at the next check timing (1.2.2.2); "
                    "the engine models the first turns only"
                )
            state.turn_done(k)

    def drive_checks(self, k: int) -> None:
        """`_drive_checks`: check c for the rows whose vanguard's drive is c or more; a firing draw trigger draws
        one more card for its row."""
        # deferred: the odds only (a check of a Vanguard deck loads no statistics)
        import numpy as np

        what = f"the drive check before own turn {k}"
        for check in range(1, int(self.drive.max()) + 1):
            rows = None if check == 1 else np.flatnonzero(self.drive >= check)
            checked = self.state.draw_one(rows, what)
            if self.fires.any():
                triggered = np.flatnonzero(self.fires[checked])
                if triggered.size:
                    self.state.draw_one(triggered if rows is None else rows[triggered], what)

    def g_assist(self) -> None:
        """`_g_assist`: allowed rows look at the top 5; a hit pays the 2 lowest-grade other hand cards."""
        # deferred: the odds only (a check of a Vanguard deck loads no statistics)
        import numpy as np

        # deferred: the odds only (a check of a Vanguard deck loads no statistics)
        from deckcheck.stats.simulate import p_seen, pick_one, row_sums

        state = self.state
        rows = np.flatnonzero((self.vanguard < 3) & (self.g_zone >= 2))
        if not rows.size:
            return
        wanted = self.of_grade[np.minimum(self.vanguard[rows] + 1, self.levels - 1)]
        allowed = row_sums(_take_rows(state.hand, rows) * wanted) == 0
        rows, wanted = rows[allowed], wanted[allowed]
        if not rows.size:
            return
        deck = state.deck[rows]
        qualifying = deck * wanted
        hit = self.rng.random(rows.size) < p_seen(row_sums(deck), row_sums(qualifying), G_ASSIST_LOOK)
        rows = rows[hit]
        if not rows.size:
            return
        found = pick_one(self.rng, qualifying[hit])
        self.pay_lowest(rows, 2)
        state.add_to_hand(rows, found)
        self.g_zone[rows] -= 2

    def pay_lowest(self, rows: Any, count: int) -> None:
        """Remove the `count` lowest-grade hand cards of these rows, random among ties (∝ counts within a grade)."""
        # deferred: the odds only (a check of a Vanguard deck loads no statistics)
        import numpy as np

        # deferred: the odds only (a check of a Vanguard deck loads no statistics)
        from deckcheck.stats.simulate import sample_counts

        hand = self.state.hand[rows]
        need = np.minimum(count, hand.sum(axis=1))
        for level in range(self.levels):
            columns = np.flatnonzero(self.grade == level)
            if not columns.size:
                continue
            take = np.minimum(need, hand[:, columns].sum(axis=1))
            if take.any():
                hand[:, columns] -= sample_counts(self.rng, hand[:, columns], take).astype(hand.dtype)
                need -= take
            if not need.any():
                break
        self.state.hand[rows] = hand

    def ride(self) -> None:
        """`_ride`: a grade VG+1 unit in hand (the preferred kind: normal, then drive) leaves the hand; the vanguard's
        grade goes up by 1 and its drive becomes the ridden unit's."""
        # deferred: the odds only (a check of a Vanguard deck loads no statistics)
        import numpy as np

        # deferred: the odds only (a check of a Vanguard deck loads no statistics)
        from deckcheck.stats.simulate import pick_one, row_sums

        state = self.state
        target = np.minimum(self.vanguard + 1, self.levels - 1)
        rows = np.flatnonzero(self.can_ride[target])
        if not rows.size:
            return
        target = target[rows]
        units = _take_rows(state.hand, rows) * self.rideable[target]
        some = row_sums(units) > 0
        rows, units, target = rows[some], units[some], target[some]
        if not rows.size:
            return
        if self.choosy and np.isin(target, list(self.choosy)).any():
            score = np.where(units > 0, self.preference[None, :], -1)
            units = units * (score == score.max(axis=1)[:, None])
        chosen = pick_one(self.rng, units)
        state.hand[rows, chosen] -= 1
        self.vanguard[rows] += 1
        self.drive[rows] = self.drives[chosen]


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
    floor_counting="each drive check at the vanguard's drive, a checked draw trigger's card",
    floor="one drive check per attack and no trigger effects (twin drive's second check and a draw trigger's card "
    "not counted)",
    main_set_aside=1,  # the first vanguard
)


def _stats_report(deck: Deck[VanguardCard]) -> list[tuple[str, tuple[str, ...], int]]:
    """The ride chain: a card to ride each turn, counted by the ride phase (with G assist when the G deck allows),
    each grade alone and the whole chain together (each grade by its own turn)."""
    lines = [(f"grade {k} by the ride phase of own turn {k}", (f"grade={k}",), k) for k in (1, 2, 3)]
    chain = ("ride chain complete (grade 1, 2, 3 by own turns 1, 2, 3)", ("grade=1@1", "grade=2@2", "grade=3@3"), 3)
    return [*lines, chain]


def _profile(deck: Deck[VanguardCard]) -> list[tuple[str, dict[str, int]]]:
    main = deck.cards("main")
    return [
        ("grades", histogram(main, lambda card: card.grade)),
        ("triggers", histogram(main, lambda card: card.trigger)),
        ("sentinels", histogram(main, lambda card: "sentinel" if card.sentinel else None, missing=False)),
        ("G deck grades", histogram(deck.cards("g"), lambda card: card.grade)),
    ]


GAME: Game[VanguardCard] = Game(
    id="vanguard",
    title="Cardfight!! Vanguard",
    rules_document="総合ルール ver. 1.45.4 (2017-01-12, G era)",
    sections=("main", "g"),
    card_model=VanguardCard,
    rules=tuple(rules.rules),
    limit_identity=lambda card: card.name,
    copy_groups=copy_groups,
    db_warnings=_db_warnings,
    card_keys=(FV_KEY,),
    setup=SETUP,
    stats_report=_stats_report,
    home_section=lambda card: "g" if card.type == "g-unit" else "main",
    search_columns=("type", "grade", "trigger", "clans", "power", "shield"),
    profile=_profile,
    registry_lists={"list": "main", "sub_list": "g"},
    section_labels={"main": "Main deck", "g": "G deck"},
    section_phrases={"main": "the main deck", "g": "the G deck"},
    key_labels={"first_vanguard": "First vanguard"},
    always_listed=("main",),
)
