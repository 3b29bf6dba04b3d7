"""One player's side of the table: the deck, the hand and the other zones, and a log of every step for people."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Generic, Literal

from deckcheck._i18n import N_, _, translate
from deckcheck.errors import EngineError
from deckcheck.model.cards import Card, CardT

Going = Literal["first", "second"]


@dataclass
class Event:
    """One step of the setup or a turn, for people: what moved where, under which rule. `step` is an English id
    (the JSON's `step`, marked N_ where it is written: show it with `translate`); `text` is in the chosen language."""

    step: str
    ref: str
    text: str
    cards: list[Card] = field(default_factory=list)


@dataclass
class Table(Generic[CardT]):
    """One player's zones. `deck[0]` is the top card."""

    rng: random.Random
    going: Going
    deck: list[CardT] = field(default_factory=list)
    hand: list[CardT] = field(default_factory=list)
    zones: dict[str, list[CardT]] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    mulliganed: bool = False
    mulligan_returned: list[CardT] = field(default_factory=list)
    mulligan_drawn: list[CardT] = field(default_factory=list)
    turn: int = 0
    notes: dict[str, object] = field(default_factory=dict)
    # Every card that has reached the hand and counts for `stats`: cards that later leave the hand stay here,
    # cards returned by the mulligan do not (they count only if drawn again).
    reached: list[CardT] = field(default_factory=list)
    # The statistics' documented floor instead of the rules: only what every game brings whatever the cards turn
    # out to be (Vanguard: one drive check per attack, no trigger effects). `hand` always plays the rules.
    floor: bool = False
    # len(reached) at the main phase of own turn t, t = 0, 1, ... (per-want deadlines count a prefix of `reached`).
    reached_at: list[int] = field(default_factory=list)

    def log(self, step: str, ref: str, text: str, cards: Iterable[Card] = ()) -> None:
        self.events.append(Event(step, ref, text, list(cards)))

    def zone(self, name: str) -> list[CardT]:
        return self.zones.setdefault(name, [])

    def shuffle(self, ref: str, why: str | None = None) -> None:
        """Shuffle the deck; `why` is the log's text (in the chosen language), by default "shuffle the deck"."""
        self.rng.shuffle(self.deck)
        self.log(N_("shuffle"), ref, _("shuffle the deck") if why is None else why)

    def remove_from_deck(self, card: Card) -> CardT:
        """Take one copy of a card (by number) out of the deck, e.g. the first vanguard or the lord."""
        for index, candidate in enumerate(self.deck):
            if candidate.number == card.number:
                return self.deck.pop(index)
        raise EngineError(_("{card} is not in the deck").format(card=card.label()))

    def take_top(self, count: int) -> list[CardT]:
        taken, self.deck[:count] = self.deck[:count], []
        return taken

    def draw(self, count: int, step: str, ref: str) -> list[CardT]:
        drawn = self.take_top(count)
        self.to_hand(drawn)
        self.log(step, ref, _("draw {n}").format(n=len(drawn)), drawn)
        return drawn

    def to_hand(self, cards: Iterable[CardT]) -> None:
        """Cards that reach the hand by any rule (a draw, a drive check, a search)."""
        cards = list(cards)
        self.hand.extend(cards)
        self.reached.extend(cards)

    def place_top(self, count: int, zone: str, step: str, ref: str, text: str | None = None) -> list[CardT]:
        """Put the top `count` cards into `zone`; the log says `text` (translated, `{n}` the count placed), by
        default "N from the top of the deck to ZONE" (the zone id translated where a game marked it N_)."""
        placed = self.take_top(count)
        self.zone(zone).extend(placed)
        if text is None:
            said = _("{n} from the top of the deck to {zone}").format(n=len(placed), zone=translate(zone))
        else:
            said = text.format(n=len(placed))
        self.log(step, ref, said, placed)
        return placed

    def inventory(self) -> Counter[str]:
        """Every card this player owns, wherever it is (card conservation)."""
        everything = [*self.deck, *self.hand, *(card for cards in self.zones.values() for card in cards)]
        return Counter(card.number for card in everything)
