"""The first vanguard a deck's `first_vanguard` key names (5.4.3: a grade-0 unit of the main deck): what `check`,
`set`, `hand` and `stats` say when the setup cannot use it."""

from __future__ import annotations

from collections.abc import Iterable

from deckcheck._i18n import _
from deckcheck._util.normalize import norm_name, norm_number
from deckcheck._util.safetext import quoted
from deckcheck.games.vanguard.card import VanguardCard, is_unit
from deckcheck.model.deck import Deck
from deckcheck.model.game import KeyProblem

FV_KEY = "first_vanguard"


def matching(main: Iterable[VanguardCard], value: str) -> list[VanguardCard]:
    """The main deck's cards a `first_vanguard` value names: by card number, else by card name."""
    cards = list(main)
    by_number = [card for card in cards if norm_number(card.number) == norm_number(value)]
    return by_number or [card for card in cards if norm_name(card.name) == norm_name(value)]


def first_vanguard_problem(deck: Deck[VanguardCard], key: str, value: str) -> KeyProblem | None:
    """Why `value` cannot be the first vanguard (5.4.3: a grade-0 unit of the main deck), or None: said alike by
    `check` (on the key's line), `set`, `hand` and `stats`. A G unit or a unit of another grade is the card itself
    (`set` refuses it); a card the main deck does not hold may be added yet."""
    matches = matching((card for card, _n in deck.cards("main")), value)
    if any(card.grade == 0 and is_unit(card) for card in matches):
        return None
    known = deck.key_cards.get(key) if deck.key(key) == value else None
    card = matches[0] if matches else known
    if isinstance(card, VanguardCard):
        if card.type == "g-unit":
            message = _("{key} {card} is a G unit; the first vanguard must be a grade-0 unit (5.4.3)")
            return KeyProblem(message.format(key=FV_KEY, card=card.label()), card_itself=True)
        if card.grade != 0:
            message = _("{key} {card} is grade {grade}; the first vanguard must be a grade-0 unit (5.4.3)")
            return KeyProblem(message.format(key=FV_KEY, card=card.label(), grade=card.grade), card_itself=True)
    return KeyProblem(
        _("{key} {value} is not a card of the main deck; the first vanguard is chosen from it (5.4.3)").format(
            key=FV_KEY, value=quoted(value)
        ),
        card_itself=False,
    )
