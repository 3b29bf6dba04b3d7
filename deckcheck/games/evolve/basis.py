"""A Shadowverse EVOLVE deck's leader(s) and the basis they set (6.1.1.1, 6.1.1.5, 6.2.1.3; the Vanguard title's
conditions, 14.4.2): what the construction rules and the setup both read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from deckcheck._i18n import N_, _, ngettext
from deckcheck._util.normalize import norm_name
from deckcheck._util.text import joined
from deckcheck.games.evolve.card import (
    STANDARD,
    V1_24,
    VANGUARD_TITLE,
    EvolveCard,
    class_name,
    word_key,
)
from deckcheck.model.deck import Deck
from deckcheck.model.versions import version_order


def leader_card(deck: Deck[EvolveCard]) -> EvolveCard | None:
    """The deck's leader when `evolve.leader` holds (exactly one card in `leader`, a known leader card)."""
    entries = [entry for entry in deck.section_entries("leader") if entry.count is not None]
    if deck.size("leader") != 1 or len(entries) != 1:
        return None
    card = entries[0].card
    if isinstance(card, EvolveCard) and card.type == "leader":
        return card
    return None


def crossover_leaders(deck: Deck[EvolveCard]) -> list[EvolveCard] | None:
    """A crossover deck's two leaders when `evolve.leader` holds for it (B-2 6.1.1.1), else None."""
    listed = [card for card, n in deck.cards("leader") for _copy in range(n)]
    if deck.size("leader") != 2 or len(listed) != 2 or any(card.type != "leader" for card in listed):
        return None
    first, second = listed
    if first.class_ is None or second.class_ is None or first.class_ == second.class_:
        return None
    return listed


BASIS_WORDS = {"class": "class", "title": "title", "クラス": "class", "タイトル": "title"}


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
    word = BASIS_WORDS.get(word_key(raw))
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
        vg_ok=not vanguard_conditions_apply(deck, lead) or not vg_failures(deck, lead),
    )


#: The Vanguard-title construction rules, which a dated choice of Ver.1.7.0 applies from 2024-06-28 on (spec
#: evolve-2026 §1: they came with the products that need them).
VANGUARD_RULES = ("evolve.start-amulet", "evolve.vg-start-amulet", "evolve.vg-trigger-class")


def vanguard_conditions_apply(deck: Deck[EvolveCard], lead: EvolveCard, *, setup: bool = False) -> bool:
    """The Vanguard title's conditions (14.4.2) exist: Ver.1.24.1 or later (for construction also Ver.1.7.0 on a
    day from 2024-06-28, RulesChoice.additions; its setup stays 1.7.0's), the standard format, a leader of that
    title."""
    chosen = deck.rules
    modelled = chosen.version is not None and version_order(chosen.version) >= version_order(V1_24)
    if not setup and VANGUARD_RULES[1] in chosen.additions:
        modelled = True
    return chosen.format == STANDARD and modelled and norm_name(lead.title or "") == VANGUARD_TITLE


def start_amulets(deck: Deck[EvolveCard]) -> list[tuple[EvolveCard, int]]:
    return [(card, n) for card, n in deck.all_cards(("main", "evolve")) if getattr(card, "start_amulet", False)]


def off_class_triggers(deck: Deck[EvolveCard], lead: EvolveCard) -> list[tuple[EvolveCard, int]]:
    """Trigger cards (14.4.1) whose class is not the leader's (Neutral is not; a classless leader fails them all)."""
    cards = deck.all_cards(("main", "evolve"))
    return [
        (c, n) for c, n in cards if getattr(c, "trigger", None) and (lead.class_ is None or c.class_ != lead.class_)
    ]


def vg_failures(deck: Deck[EvolveCard], lead: EvolveCard) -> list[str]:
    """The 14.4.2.1 conditions a deck fails: `start-amulet` (14.4.2.1.1) and `trigger-class` (14.4.2.1.2)."""
    failures = []
    if not start_amulets(deck):
        failures.append("start-amulet")
    if off_class_triggers(deck, lead):
        failures.append("trigger-class")
    return failures


def vanguard_basis_in_play(deck: Deck[EvolveCard]) -> EvolveCard | None:
    """The leader when the Vanguard title basis is in play (spec §3): the title is declared, or no basis is declared
    and the class basis fails while the title's cards hold, so only the title basis could make the deck legal. A deck
    that meets neither basis is evolve.basis's alone (issue 39: not also the title's own conditions)."""
    status = basis_status(deck)
    if status is None or not vanguard_conditions_apply(deck, status.leader):
        return None
    undeclared = status.declared is None and status.valid_declaration
    if status.declared == "title" or (undeclared and not status.class_ok and status.title_ok):
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


def class_misfit_text(misfits: Sequence[tuple[EvolveCard, int]], classes: str) -> str:
    """'2 cards are neither Forestcraft (エルフ) nor Neutral: A (n1), B (n2)'."""
    names, listed = _misfit_labels(misfits)
    return ngettext(
        "{n} card is neither {classes} nor Neutral: {cards}",
        "{n} cards are neither {classes} nor Neutral: {cards}",
        names,
    ).format(n=names, classes=classes, cards=listed)


def title_misfit_text(misfits: Sequence[tuple[EvolveCard, int]], title: str) -> str:
    """'2 cards lack the leader's title 「…」: A (n1), B (n2)'."""
    names, listed = _misfit_labels(misfits)
    return ngettext(
        "{n} card lacks the leader's title 「{title}」: {cards}",
        "{n} cards lack the leader's title 「{title}」: {cards}",
        names,
    ).format(n=names, title=title, cards=listed)


BASIS_NAMES = {"class": N_("class"), "title": N_("title")}


def failure_reason(status: BasisStatus, basis: str) -> str:
    """Why the class or title basis does not hold: the leader has no such value, or the cards that miss it."""
    lead = status.leader
    value = lead.class_ if basis == "class" else lead.title
    if value is None:
        if basis == "class":
            return _("the leader {leader} has no class, so the class basis cannot hold").format(leader=lead.label())
        return _("the leader {leader} has no title, so the title basis cannot hold").format(leader=lead.label())
    if basis == "class":
        return class_misfit_text(status.class_misfits, class_name(value))
    return title_misfit_text(status.title_misfits, value)
