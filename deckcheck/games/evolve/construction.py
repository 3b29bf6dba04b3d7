"""Shadowverse EVOLVE's construction rules (6.1; crossover B-2, sealed B-1; the Vanguard title, 14.4), in the order of
the spec's table."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.games.evolve.basis import (
    BASIS_NAMES,
    BasisStatus,
    basis_status,
    class_misfit_text,
    crossover_leaders,
    declared_basis,
    failure_reason,
    off_class_triggers,
    start_amulets,
    vanguard_basis_in_play,
    vg_failures,
)
from deckcheck.games.evolve.card import CROSSOVER, DEFAULT_COPIES, SEALED, V1_24, EvolveCard, class_name, in_evolve_deck
from deckcheck.games.evolve.conditions import Condition, governing_limit, imposed_conditions
from deckcheck.model.cards import Card
from deckcheck.model.deck import Deck
from deckcheck.model.game import CopyGroup, Rule, RuleBook, Tally, names_of, tally
from deckcheck.model.violation import Violation

MAIN_MIN, MAIN_MAX = 40, 50
SEALED_MAIN_MIN = 30  # B-1 6.1.1.3, no maximum
EVOLVE_MAX = 10
BASES = ("class", "title")


rules = RuleBook()


# evolve.leader ----------------------------------------------------------------------------------------


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
                ).format(n=size, cards=names_of(c for c, _count in listed)),
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
            ).format(n=size, cards=names_of(c for c, _count in listed))
        yield rule.violation(
            "leader",
            message,
            cards=[card.number for card, _count in listed],
            count=size,
            limit=1,
        )
    yield from _not_leaders(rule, listed, "6.1.1.1")


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
            ).format(n=size, cards=names_of(c for c, _count in listed), rule=rule_text)
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
    refs=N_("6.1.1.2 「40 枚以上 50 枚以下」; sealed B-1 6.1.1.3 「30 枚以上」"),
    summary=N_("The main deck has 40–50 cards (sealed: at least 30)."),
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
            message = message.format(n=size, low=SEALED_MAIN_MIN)
            yield rule.violation("main", message, ref="B-1 6.1.1.3", count=size, limit=SEALED_MAIN_MIN)
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


def _by_name(items: Iterable[tuple[Card, int]]) -> dict[Any, Tally[Any]]:
    return tally(items, lambda card: [card.name])


@rules.rule(
    "evolve.main-types",
    ref="6.1.1.2",
    refs=N_(
        "6.1.1.2 「リーダーカードや特殊な種類がエボルヴやアドバンスやトークンであるカードは入れられません」; 9.1.1.1; "
        "sealed B-1 6.1.1.3"
    ),
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
            "EVOLVE or ADVANCE cards or tokens ({ref}): {advice}.",
            "The main deck has {n} copies of {card}, which is {kinds}; the main deck may not hold leader cards, "
            "EVOLVE or ADVANCE cards or tokens ({ref}): {advice}.",
            entry.count,
        )
        ref = "B-1 6.1.1.3" if deck.format == SEALED else rule.ref
        yield rule.violation(
            "main",
            message.format(n=entry.count, card=entry.label(), kinds=_kinds(cards), advice=_clauses(advice), ref=ref),
            ref=ref,
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
    refs=N_("6.1.1.3 「特殊な種類がエボルヴやアドバンスであるカードのみ」; 9.1.1.1, 9.1.4; sealed B-1 6.1.1.4"),
    summary=N_("The evolve deck holds only EVOLVE and ADVANCE cards, and no tokens."),
)
def evolve_types(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    wrong = [(c, n) for c, n in deck.cards("evolve") if not in_evolve_deck(c) or c.token]
    ref = "B-1 6.1.1.4" if deck.format == SEALED else rule.ref
    for entry in _by_name(wrong).values():
        cards: list[EvolveCard] = entry.cards
        message = ngettext(
            "The evolve deck has {n} copy of {card}, which is {kinds}; the evolve deck may hold only EVOLVE cards "
            "({ref}) and ADVANCE cards (a later kind, built into the evolve deck).",
            "The evolve deck has {n} copies of {card}, which is {kinds}; the evolve deck may hold only EVOLVE cards "
            "({ref}) and ADVANCE cards (a later kind, built into the evolve deck).",
            entry.count,
        ).format(n=entry.count, card=entry.label(), kinds=_kinds(cards), ref=ref)
        if any(c.token for c in cards):
            message = _("{message} {note}").format(
                message=message, note=_("Tokens are not cards and are never put in a deck (9.1.1.1, 9.1.4).")
            )
        yield rule.violation("evolve", message, ref=ref, cards=entry.numbers)


# evolve.copies ----------------------------------------------------------------------------------------

_DECK_NAMES = {"main": N_("main deck"), "evolve": N_("evolve deck")}
# Where copies are counted, as messages name it (CopyGroup.scope: "the main deck").
_SCOPES = {"leader": N_("the leader section"), "main": N_("the main deck"), "evolve": N_("the evolve deck")}


def section_limit(section: str, cards: Sequence[Card]) -> int | None:
    """The copy limit of one name in one section from its own records (their deck_limit, else 3; None: no limit);
    the deck's other cards may lower it (conditions.governing_limit)."""
    return governing_limit(section, cards, ()).limit


def copy_groups(deck: Deck[EvolveCard]) -> Iterator[CopyGroup[tuple[str, bool]]]:
    """Copies by card name, each section counted separately (6.1.1.4: 3 in main and 3 in evolve, never a pooled 6).
    The identity is (name, whether the section is the evolve deck), as `Copies.identity` gives it for a record: a
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
        "(a record's deck_limit replaces 3 in its own section; a card's own construction sentence may limit the "
        "other cards while it is in the deck, 6.1.2)."
    ),
    formats=("standard", "crossover"),  # sealed: no copy limit (B-1 6.1.1.5)
)
def copies(rule: Rule, deck: Deck[EvolveCard]) -> Iterator[Violation]:
    imposed = imposed_conditions(deck)
    for section, _identity, entry, _scope in copy_groups(deck):
        if section == "leader":
            continue  # the leader is not counted (6.1.1.4 names the main and evolve decks)
        governing = governing_limit(section, entry.cards, imposed)
        limit = governing.limit
        if limit is None or entry.count <= limit:
            continue
        other = translate(_DECK_NAMES["evolve" if section == "main" else "main"])
        deck_name = translate(_DECK_NAMES[section])
        if governing.by is not None and not governing.by.own:
            yield _imposed_violation(rule, section, entry, governing.by)
            continue
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
            message.format(deck=deck_name, count=entry.count, card=entry.label(), limit=limit, other=other),
            cards=entry.numbers,
            count=entry.count,
            limit=limit,
        )


def _imposed_violation(rule: Rule, section: str, entry: Tally[Any], by: Condition) -> Violation:
    """Over the limit another card of the deck sets on the other cards (6.1.2; spec evolve-2026 §3), naming it."""
    if by.excepted:
        message = _(
            "The {deck} has {count} copies of {card}; while {source} is in the deck, its text allows at most {limit} "
            "of each card whose name does not contain {parts} in the {deck}, and in the {other} separately "
            "(6.1.2: 「{text}」)."
        )
    else:
        message = _(
            "The {deck} has {count} copies of {card}; while {source} is in the deck, its text allows at most {limit} "
            "of each other card in the {deck}, and in the {other} separately (6.1.2: 「{text}」)."
        )
    text = message.format(
        deck=translate(_DECK_NAMES[section]),
        count=entry.count,
        card=entry.label(),
        source=by.source.label(),
        limit=by.limit,
        parts=joined(f"『{part}』" for part in by.excepted),
        other=translate(_DECK_NAMES["evolve" if section == "main" else "main"]),
        text=by.text or "",
    )
    return rule.violation(
        section,
        text,
        ref="6.1.2",
        cards=entry.numbers,
        count=entry.count,
        limit=by.limit,
        imposed_by=by.source.number,
    )


# evolve.basis -----------------------------------------------------------------------------------------


def _basis_failure(
    basis: str, declared: str | None, status: BasisStatus
) -> tuple[str, str, list[tuple[EvolveCard, int]]]:
    """(ref, message, misfits) when the class or title basis does not hold; a declared basis the leader cannot set
    is 6.2.1.3 (only reachable by declaring it)."""
    lead = status.leader
    if basis == "class":
        number, value = "6.1.1.5.1", lead.class_
        rule_text = _("6.1.1.5.1: every card must be of the leader's class or Neutral")
        failure, misfits = failure_reason(status, "class"), status.class_misfits
    else:
        number, value = "6.1.1.5.2", lead.title
        rule_text = _("6.1.1.5.2: every card must have the leader's title")
        failure, misfits = failure_reason(status, "title"), status.title_misfits
    name = translate(BASIS_NAMES[basis])
    if value is None:
        message = _("The deck declares the {basis} basis, but {failure} ({rule}).")
        return "6.2.1.3", message.format(basis=name, failure=failure, rule=rule_text), []
    if declared:
        message = _("The deck declares the {basis} basis, but {failure} ({rule}).")
    else:
        message = _("The leader {leader} sets the {basis} basis, but {failure} ({rule}).")
    return number, message.format(leader=lead.label(), basis=name, failure=failure, rule=rule_text), misfits


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
        reasons = [translate(_VG_NOTES[failure]) for failure in vg_failures(deck, status.leader)]
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
        ).format(
            leader=lead.label(),
            class_failure=failure_reason(status, "class"),
            title_failure=failure_reason(status, "title"),
        )
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
                failure=class_misfit_text(misfits, names)
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
            ).format(n=len(names), cards=names_of(c for c, _count in found)),
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
