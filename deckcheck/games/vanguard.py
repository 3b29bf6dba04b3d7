"""Cardfight!! Vanguard, G-era comprehensive rules ver. 1.45.4 (shared/spec/vanguard.md)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BeforeValidator, Field, model_validator

from deckcheck.cards import Card, PlainInt, as_list, choice
from deckcheck.decks import Deck
from deckcheck.game import (
    CopyGroup,
    Game,
    Rule,
    RuleBook,
    Tally,
    histogram,
    names_of,
    plural,
    tally,
)
from deckcheck.normalize import norm_name, norm_number
from deckcheck.procedure import EngineError, MulliganKind, Seek, Setup, TurnModel, expand
from deckcheck.violations import Violation

if TYPE_CHECKING:
    from deckcheck.engine import Table

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
    grade: Annotated[PlainInt, Field(ge=0, le=4)]
    trigger: Trigger  # type: ignore[valid-type]
    sentinel: bool = False
    clans: Annotated[list[str], BeforeValidator(as_list)]
    nation: Nation | None = None  # type: ignore[valid-type]
    power: PlainInt | None = None
    shield: PlainInt | None = None
    critical: PlainInt | None = None
    skill: Skill | None = None  # type: ignore[valid-type]

    @model_validator(mode="before")
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
def main_size(rule: Rule, deck: Deck) -> Iterator[Violation]:
    size = deck.size("main")
    if size != 50:
        yield rule.violation(
            "main",
            f"The main deck has {size} cards; it must have exactly 50 (5.2.2.1).",
            count=size,
            limit=50,
        )


_DECK_NAMES = {"main": "main deck", "g": "G deck"}
_COPIES_REFS = {"main": "5.2.2.2", "g": "5.3.2.1"}


def copy_groups(deck: Deck) -> Iterator[CopyGroup]:
    """Copies by card name, in the main deck and separately in the G deck (5.2.2.2, 5.3.2.1); regulations too."""
    for section in ("main", "g"):
        for name, entry in tally(deck.cards(section), lambda card: [card.name]).items():
            yield CopyGroup(section, name, entry, f"the {_DECK_NAMES[section]}")


def _name_limit(name: object, entry: Tally) -> int | None:
    return entry.cards[0].copy_limit(DEFAULT_COPIES)


@rules.rule(
    "vanguard.copies",
    ref="5.2.2.2",
    refs="5.2.2.2, 5.2.2.2.1, 5.3.2.1",
    summary="At most 4 cards of one name in the main deck, and separately at most 4 in the G deck "
    "(a card's own deck_limit replaces 4).",
)
def copies(rule: Rule, deck: Deck) -> Iterator[Violation]:
    for section, name, entry, _scope in copy_groups(deck):
        limit = _name_limit(name, entry)
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
def triggers(rule: Rule, deck: Deck) -> Iterator[Violation]:
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
def heal_triggers(rule: Rule, deck: Deck) -> Iterator[Violation]:
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
def sentinels(rule: Rule, deck: Deck) -> Iterator[Violation]:
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
def main_types(rule: Rule, deck: Deck) -> Iterator[Violation]:
    wrong = tally([(c, n) for c, n in deck.cards("main") if c.type == "g-unit"], lambda card: [card.name])
    for name, entry in wrong.items():
        yield rule.violation(
            "main",
            f"{name} ({', '.join(entry.numbers)}) is a G unit; the main deck may hold only normal and trigger "
            f"units (5.2.2.6); put its {plural(entry.count, 'copy', 'copies')} in the G deck.",
            cards=entry.numbers,
        )


@rules.rule("vanguard.g-size", ref="5.3.2", refs="5.3.2 「0枚から16枚まで」", summary="The G deck has 0–16 cards.")
def g_size(rule: Rule, deck: Deck) -> Iterator[Violation]:
    size = deck.size("g")
    if size > 16:
        yield rule.violation("g", f"The G deck has {size} cards; it may have at most 16 (5.3.2).", count=size, limit=16)


@rules.rule("vanguard.g-types", ref="5.3.3", refs="5.3.3 「Gユニットのみ」", summary="The G deck holds only G units.")
def g_types(rule: Rule, deck: Deck) -> Iterator[Violation]:
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
def first_vanguard(rule: Rule, deck: Deck) -> Iterator[Violation]:
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


def _default_first_vanguard(main: list[Card]) -> Card:
    """The first grade-0 normal unit listed, else the first grade-0 trigger unit (spec, setup step 2)."""
    for wanted in ("normal", "trigger"):
        for card in main:
            if card.grade == 0 and card.type == wanted:
                return card
    raise EngineError(
        "the main deck has no grade-0 unit, so no first vanguard can be chosen and the game cannot be set up (5.4.3)"
    )


def _chosen_first_vanguard(main: list[Card], key: str) -> Card:
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


def _prepare(table: Table, deck: Deck, choices: dict[str, str]) -> None:
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


def _after_mulligan(table: Table) -> None:
    fv = _vanguard(table)
    table.notes["first vanguard face"] = "up"
    table.notes["vanguard"] = fv.label()
    table.log("stand up", "6.1.1", f"the first vanguard {fv.label()} is turned face up", [fv])


def _vanguard(table: Table) -> Card:
    return table.zone("vanguard")[-1]


def _attack_allowed(table: Table, k: int) -> bool:
    """Own turn k has a battle with a vanguard attack: every turn but the first player's turn 1 (7.2.1.3)."""
    return k >= 1 and not (table.going == "first" and k == 1)


def _need_cards(table: Table, k: int, count: int, what: str) -> None:
    if len(table.deck) < count:
        raise EngineError(
            f"the deck has {len(table.deck)} cards at {what} of own turn {k}: the fighter has lost by then "
            "(1.2.2.2, an empty deck); the engine models the first turns only"
        )


def _own_turn(table: Table, k: int) -> None:
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


def _drive_checks(table: Table, k: int) -> None:
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


def _trigger(table: Table, k: int, card: Card, vanguard: Card) -> None:
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


def _same_clan(card: Card, unit: Card) -> bool:
    return bool(set(card.clans) & set(unit.clans))


def _g_assist(table: Table, k: int) -> None:
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
        table.notes["G assists"] = int(table.notes.get("G assists", 0)) + 1
    table.shuffle("6.4.1.2.5", "shuffle the deck (whether or not a card was added)")


def _ride(table: Table) -> None:
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


def _ride_preference(card: Card) -> tuple[bool, int]:
    return (card.type == "normal", card.drive)


def _reached_by_turn(going: str, k: int) -> int:
    """Draw steps (the first player draws on turn 1) plus one drive check per earlier own turn with an attack."""
    attacks = max(0, k - 2) if going == "first" else max(0, k - 1)
    return k + attacks


def _turn_model(table: Table, k: int) -> TurnModel:
    """Stats model (spec "Statistics"): drive 1, no draw triggers; G assist whenever it is allowed.

    Own turn 1 stays exact: G assist then only adds the topmost grade-(FV+1) card of the next 5 when the 6 cards in
    hand hold none. From own turn 2 on, rides and earlier assists decide it, so only simulation answers.
    """
    draws = _reached_by_turn(table.going, k)
    fv_grade = _vanguard(table).grade
    if k == 0 or len(table.zone("g-zone")) < 2 or fv_grade >= 3:
        return TurnModel(draws=draws)
    target = fv_grade + 1
    if k == 1:
        seek = Seek(lambda card: card.grade == target, G_ASSIST_LOOK, f"grade {target} (G assist)", "6.4.1.2")
        return TurnModel(draws=draws, seek=seek)
    return TurnModel(
        draws=draws,
        simulate_only="G assist (6.4.1.2) and rides after own turn 1 depend on the hand turn after turn",
        refine=lambda card: (card.grade, _is_unit(card), card.type == "normal"),
        vector_turns=_vector_turns,
    )


def _vector_turns(state: Any, rng: Any, model: Any) -> None:
    """`_own_turn` for own turns 1..model.turn on per-trial atom counts (deckcheck.stats.simulate.VectorState).

    Atom details are (grade, is_unit, is_normal). Every step leaves the deck uniformly shuffled (G assist shuffles
    it either way), so a draw or drive check is a hypergeometric sample of the deck's counts and the topmost
    grade-(VG+1) card of the top 5 is a uniformly random one of the deck's grade-(VG+1) cards.
    """
    import numpy as np

    grade = np.array([detail[0] for detail in state.details], dtype=np.int64)
    unit = np.array([detail[1] for detail in state.details], dtype=bool)
    normal = np.array([detail[2] for detail in state.details], dtype=bool)
    vanguard = np.full(state.trials, _vanguard(state.table).grade, dtype=np.int64)
    g_zone = np.full(state.trials, len(state.table.zone("g-zone")), dtype=np.int64)
    state.counters.update({"vanguard grade": vanguard, "g-zone": g_zone})
    for k in range(1, model.turn + 1):
        if _attack_allowed(state.table, k - 1):
            _vector_need_cards(state, k, "the drive check before")
            state.draw(1)
        _vector_need_cards(state, k, "the draw step")
        state.draw(1)
        _vector_g_assist(state, rng, grade, vanguard, g_zone)
        _vector_ride(state, rng, grade, unit, normal, vanguard)
        if (state.deck_sizes() == 0).any():
            raise EngineError(
                f"the deck is empty in own turn {k}: the fighter loses at the next check timing (1.2.2.2); "
                "the engine models the first turns only"
            )


def _vector_need_cards(state: Any, k: int, what: str) -> None:
    smallest = int(state.deck_sizes().min()) if state.trials else 1
    if smallest < 1:
        raise EngineError(
            f"the deck has {smallest} cards at {what} of own turn {k}: the fighter has lost by then "
            "(1.2.2.2, an empty deck); the engine models the first turns only"
        )


def _vector_g_assist(state: Any, rng: Any, grade: Any, vanguard: Any, g_zone: Any) -> None:
    """`_g_assist` on counts: allowed rows look at the top 5; a hit pays the 2 lowest-grade other hand cards."""
    import numpy as np

    from deckcheck.stats.simulate import p_seen, pick_one

    wanted = grade[None, :] == (vanguard + 1)[:, None]  # (trials, atoms): grade VG+1
    allowed = (vanguard < 3) & (g_zone >= 2) & ~(state.hand * wanted).any(axis=1)
    rows = np.flatnonzero(allowed)
    if not rows.size:
        return
    deck = state.deck[rows]
    qualifying = deck * wanted[rows]
    hit = rng.random(rows.size) < p_seen(deck.sum(axis=1), qualifying.sum(axis=1), G_ASSIST_LOOK)
    rows = rows[hit]
    if not rows.size:
        return
    found = pick_one(rng, qualifying[hit])
    _vector_pay_lowest(state, rng, rows, grade, 2)
    state.add_to_hand(rows, found)
    g_zone[rows] -= 2


def _vector_pay_lowest(state: Any, rng: Any, rows: Any, grade: Any, count: int) -> None:
    """Remove the `count` lowest-grade hand cards of these rows, random among ties (∝ counts within a grade)."""
    import numpy as np

    from deckcheck.stats.simulate import sample_counts

    hand = state.hand[rows]
    need = np.minimum(count, hand.sum(axis=1))
    for level in np.unique(grade):
        columns = np.flatnonzero(grade == level)
        take = np.minimum(need, hand[:, columns].sum(axis=1))
        if take.any():
            hand[:, columns] -= sample_counts(rng, hand[:, columns], take)
            need -= take
        if not need.any():
            break
    state.hand[rows] = hand


def _vector_ride(state: Any, rng: Any, grade: Any, unit: Any, normal: Any, vanguard: Any) -> None:
    """`_ride` on counts: a grade VG+1 unit in hand (a normal one if any) leaves the hand; VG grade + 1."""
    import numpy as np

    from deckcheck.stats.simulate import pick_one

    wanted = (grade[None, :] == (vanguard + 1)[:, None]) & unit[None, :]
    units = state.hand * wanted
    rows = np.flatnonzero(units.any(axis=1))
    if not rows.size:
        return
    units = units[rows]
    normals = units * normal[None, :]
    choice = np.where(normals.any(axis=1)[:, None], normals, units)
    state.hand[rows, pick_one(rng, choice)] -= 1
    vanguard[rows] += 1


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
)


def _stats_report(deck: Deck) -> list[tuple[str, tuple[str, ...], int]]:
    """The ride chain: a card to ride each turn, counted by the ride phase (with G assist when the G deck allows)."""
    return [(f"grade {k} by the ride phase of own turn {k}", (f"grade={k}",), k) for k in (1, 2, 3)]


def _profile(deck: Deck) -> list[tuple[str, dict[str, int]]]:
    main = deck.cards("main")
    return [
        ("grades", histogram(main, lambda card: card.grade)),
        ("triggers", histogram(main, lambda card: card.trigger)),
        ("sentinels", histogram(main, lambda card: "sentinel" if card.sentinel else None, missing=False)),
        ("G deck grades", histogram(deck.cards("g"), lambda card: card.grade)),
    ]


GAME = Game(
    id="vanguard",
    title="Cardfight!! Vanguard",
    rules_document="総合ルール ver. 1.45.4 (2017-01-12, G era)",
    seed="000_0fb8db238d11ca14.txt",
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
)
