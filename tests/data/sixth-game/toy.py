"""A toy sixth game: all a new game is, as one module (tests/games/test_sixth_game.py registers it).

A real game is this module in deckcheck/games/ (named after its id, `-` as `_`), its card database in carddb/<id>/
and its spec in docs/spec/<id>.md. Nothing else names it: the registry (deckcheck.games) finds the module's GAME,
and every command, listing and help reads the game from there.
"""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck._i18n import N_
from deckcheck.model.cards import Card
from deckcheck.model.deck import Deck
from deckcheck.model.game import Game, Rule, RuleBook, size_violations
from deckcheck.model.violation import Violation

DECK_SIZE = 20


class ToyCard(Card):
    """A toy card: the fields every game's card has (number, name, type, deck_limit, ...) and a power."""

    power: int = 0


rules = RuleBook()


@rules.rule("toy.main-size", ref="1.1", summary=N_("The main deck has exactly 20 cards."))
def main_size(rule: Rule, deck: Deck[ToyCard]) -> Iterator[Violation]:
    return size_violations(rule, deck, "main", low=DECK_SIZE, high=DECK_SIZE, ref="1.1")


GAME: Game[ToyCard] = Game(
    id="toy",
    title="Toy Duel",
    rules_document="Toy Duel rules 1.0",
    sections=("main",),
    card_model=ToyCard,
    rules=tuple(rules.rules),
    limit_identity=lambda card: card.name,
    search_columns=("type", "power"),
)
