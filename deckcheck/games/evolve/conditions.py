"""Construction conditions a card sets by its own text (6.1.2: permanent abilities that replace the construction
conditions; 1.3.1: text beats rules; 1.3.3: a prohibition beats a permission), as data of the card record.

One mechanism reads both kinds (spec evolve.md "deck_limit override", evolve-2026 §3):

- a card's **own** limit, `deck_limit` (「これはエボルヴデッキに10枚まで入れることができる」): it replaces the 3 of
  6.1.1.4 for its own name in the section the card is built into;
- a limit on **the other cards** while the card is in the deck, `others_limit` with `others_except` and the printed
  sentence `construction` (BP19-110 機鋒の咎人・カットスロート 「カード名に『カットスロート』を含まないカードは、
  メインデッキやエボルヴデッキにそれぞれ1枚までしか入れられない」): every card name that contains none of the
  excepted parts may have at most that many copies in the main deck and in the evolve deck each. It is in force while
  the card is listed in the section it is built into (a follower in the main deck); the card's own name is never
  limited by it. Where it is lower than a name's own limit it wins (1.3.3), so 『オニオン軍団』 (50) is 1 beside it.

The next such card is one more record with these fields, not code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deckcheck.games.evolve.card import DEFAULT_COPIES, EvolveCard, home_section, in_evolve_deck
from deckcheck.model.cards import Card
from deckcheck.model.deck import Deck

#: The sections a limit on the other cards counts in (each separately, as 6.1.1.4 does).
COUNTED_SECTIONS = ("main", "evolve")


@dataclass(frozen=True)
class Condition:
    """A construction condition a card's text sets: the copy limit (None: no limit) of the card names it covers."""

    source: Card  # the card whose text sets it
    limit: int | None
    own: bool  # True: the card's own deck_limit; False: a limit on the other cards while the card is in the deck
    excepted: tuple[str, ...] = ()  # name parts the limit on the other cards leaves alone
    text: str | None = None  # the card's sentence as printed

    def covers(self, name: str) -> bool:
        """Whether a limit on the other cards applies to the card name `name` (never the source's own name)."""
        if self.own:
            return name == self.source.name
        return name != self.source.name and not any(part in name for part in self.excepted)


def card_conditions(card: Card) -> list[Condition]:
    """The construction conditions a card record sets (its own limit first)."""
    found = []
    if card.deck_limit is not None:
        found.append(Condition(card, card.copy_limit(DEFAULT_COPIES), own=True))
    others = getattr(card, "others_limit", None)
    if others is not None:
        excepted = tuple(getattr(card, "others_except", ()) or ())
        found.append(Condition(card, others, own=False, excepted=excepted, text=getattr(card, "construction", None)))
    return found


def imposed_conditions(deck: Deck[EvolveCard]) -> list[Condition]:
    """The limits on the other cards that the deck's cards set: one per card name, from a card listed in the
    section it is built into."""
    found: dict[str, Condition] = {}
    for section in COUNTED_SECTIONS:
        for card, _count in deck.cards(section):
            if home_section(card) != section or card.name in found:
                continue
            for condition in card_conditions(card):
                if not condition.own:
                    found[card.name] = condition
                    break
    return list(found.values())


@dataclass(frozen=True)
class Governing:
    """The copy limit of one name in one section and what sets it: None for the rules' 3 (6.1.1.4), else the
    condition (the card's own deck_limit, or another card's limit on the other cards)."""

    limit: int | None
    by: Condition | None = None


def own_condition(section: str, cards: Sequence[Card]) -> Condition | None:
    """The own limit of one name in one section, from that section's records of the name: those built into the
    section decide, else the others (records of one limit identity agree on deck_limit)."""
    belonging = [card for card in cards if in_evolve_deck(card) == (section == "evolve")]
    for card in belonging or list(cards):
        for condition in card_conditions(card):
            if condition.own:
                return condition
    return None


def governing_limit(section: str, cards: Sequence[Card], imposed: Sequence[Condition]) -> Governing:
    """The limit of the name of `cards` in `section`: its own limit (or 3), lowered by any limit another card of
    the deck sets on it (1.3.3: the prohibition wins); the first of equal limits names the card."""
    own = own_condition(section, cards)
    governing = Governing(own.limit, own) if own is not None else Governing(DEFAULT_COPIES)
    name = cards[0].name
    for condition in imposed:
        if condition.limit is None or not condition.covers(name):
            continue
        if governing.limit is None or condition.limit < governing.limit:
            governing = Governing(condition.limit, condition)
    return governing
