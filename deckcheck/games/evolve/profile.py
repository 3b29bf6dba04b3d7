"""What `deckcheck stats` asks of a Shadowverse EVOLVE deck without --want, and the distributions `show` prints."""

from __future__ import annotations

from deckcheck._i18n import N_, _
from deckcheck._util.text import joined
from deckcheck.games.evolve.card import EvolveCard
from deckcheck.model.deck import Deck
from deckcheck.model.game import Distribution, histogram


def stats_report(deck: Deck[EvolveCard]) -> list[tuple[str, tuple[str, ...], int]]:
    """Questions a player cannot answer at a glance (nearly every deck has a card of cost <= N by own turn N): a
    follower that uses all of own turn N's PP (PP max = N, 7.2.1) for N = 2..6, the whole follower curve 2-5
    together (each turn's follower is another card: the costs differ), and a follower of the main deck that its
    evolve deck can evolve (an EVOLVE card of the same name, 12.2.2.1) by own turn 3. A cost the deck has no
    follower of says so in its label (its 0% is the deck's, not a typo's)."""
    main = deck.cards("main")
    have = {card.cost for card, _count in main if card.type == "follower"}

    def label(n: int) -> str:
        if n in have:
            return _("a follower of cost {n} on own turn {n} (all {n} PP)").format(n=n)
        return _("a follower of cost {n} on own turn {n} (all {n} PP) — the deck has none").format(n=n)

    lines: list[tuple[str, tuple[str, ...], int]] = [(label(n), (f"type=follower,cost={n}",), n) for n in range(2, 7)]
    curve = tuple(f"type=follower,cost={n}@{n}" for n in range(2, 6))
    missing = [str(n) for n in range(2, 6) if n not in have]
    if missing:
        curve_label = _(
            "the follower curve: a follower of cost N on each own turn N = 2..5 — no follower of cost {costs}"
        ).format(costs=joined(missing))
    else:
        curve_label = _("the follower curve: a follower of cost N on each own turn N = 2..5")
    lines.append((curve_label, curve, 5))
    evolving = {card.name for card, _count in deck.cards("evolve")}
    targets = sorted(
        {
            card.name
            for card, _count in main
            if card.type == "follower" and card.name in evolving and not set(card.name) & set(",|@")
        }
    )  # (a name holding the query grammar's separators cannot be asked for by name; no shipped card's does)
    if targets:
        lines.append(
            (
                _("a follower its evolve deck can evolve, by own turn 3"),
                (f"type=follower,name={'|'.join(targets)}",),
                3,
            )
        )
    return lines


def distributions(deck: Deck[EvolveCard]) -> list[Distribution]:
    main = deck.cards("main")
    return [
        Distribution(N_("costs"), "cost", histogram(main, lambda card: card.cost)),
        Distribution(N_("classes"), "class", histogram(main, lambda card: card.class_)),
        Distribution(N_("types"), "type", histogram(main, lambda card: card.type)),
        Distribution(N_("evolve deck costs"), "cost", histogram(deck.cards("evolve"), lambda card: card.cost)),
    ]
