"""`deckcheck odds`: quick questions without a deck file ("17 outs in 50, by own turn 3 going second").

The deck is categories of cards with their copies (the rest is `other`); a QUERY names categories instead of card
fields: `[>=K |<=K ]NAME[|NAME...][@N]`. The game gives the opening hand, the mulligan rule, what its setup sets
aside from the main deck before the draw and the cards each own turn brings whatever the hand holds. The model is an
:class:`~deckcheck.stats.model.OddsModel` of one atom per category, answered by the same exact engine (and, past its
limits, the same vectorised simulation) as `deckcheck stats`: nothing here computes a probability itself.

Card details are unknown here, so what depends on them is not counted: Vanguard's G assist, twin drive and draw
triggers (its documented floor), as the answer says.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from deckcheck._i18n import N_, NP_, _, pgettext, translate, translate_as
from deckcheck._util.safetext import quoted
from deckcheck._util.text import display_width, fit_line, joined, output_columns, pad
from deckcheck.engine.deal import MAX_CARDS, MAX_TURN
from deckcheck.engine.procedure import TurnModel
from deckcheck.engine.table import Going, Table
from deckcheck.errors import DeckcheckError, OptionError, mention
from deckcheck.model.game import Game
from deckcheck.model.query import split_deadline
from deckcheck.stats.answer import (
    Answer,
    exact_unavailable,
    optimal_for_simulation,
    optimal_uncomputable,
    say_past_budget,
)
from deckcheck.stats.exact import ExactEngine, ExactUnavailable
from deckcheck.stats.model import Atom, MulliganPlan, OddsModel, Want, keep_filter_plan, no_mulligan
from deckcheck.stats.options import StatsOptions, parse_mulligan
from deckcheck.stats.queries import SEATS, check_turn, turn_for
from deckcheck.stats.render import describe, policy_label, seat_label

OTHER = "other"
_NAME = re.compile(r"^[^\s=<>|@,:]+$")
_QUERY = re.compile(r"^(?:(?P<op>>=|<=)(?P<k>\d{1,6}) )?(?P<names>\S(?:.*\S)?)$")


@dataclass(frozen=True)
class QuickQuery:
    text: str
    at_least: bool
    k: int
    names: tuple[str, ...]
    deadline: int | None


@dataclass(frozen=True)
class QuickDeck:
    game: Game[Any]
    size: int  # the main deck as built
    copies: dict[str, int]  # category -> copies; the rest of the deck is `other`

    @property
    def population(self) -> int:
        """The cards the opening hand is drawn from: the deck less what the setup sets aside (first vanguard, lord)."""
        return self.size - self.game.setup.main_set_aside


def parse_copies(texts: Sequence[str]) -> dict[str, int]:
    """`copies`: NAME=N texts."""
    copies: dict[str, int] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        name = name.strip()
        if not sep or not _NAME.match(name) or not re.fullmatch(r"\d{1,6}", value.strip()):
            raise OptionError(
                "copies",
                _(
                    "{option} takes NAME=N, a category name without spaces or = < > | @ , : and a whole number, not "
                    "{given}"
                ).format(option=mention("copies"), given=quoted(text)),
                field="copies",
            )
        if name == OTHER:
            raise OptionError(
                "copies",
                _("{option} {given}: {other} is the rest of the deck; name categories otherwise").format(
                    option=mention("copies"), given=quoted(text), other=quoted(OTHER)
                ),
            )
        if name in copies:
            raise OptionError(
                "copies",
                _("{option} names {name} twice").format(option=mention("copies"), name=quoted(name)),
                field="copies",
            )
        copies[name] = int(value)
    if not copies:
        raise OptionError(
            "copies",
            _("give at least one {option} NAME=N (e.g. {option} outs=17)").format(option=mention("copies")),
            field="copies",
        )
    return copies


def quick_deck(game: Game[Any], size: int, copies: dict[str, int]) -> QuickDeck:
    if game.setup is None:
        raise DeckcheckError(_("the engine has no setup for {game} yet").format(game=game.said_title), field="game")
    if not 1 <= size <= MAX_CARDS:
        raise OptionError(
            "deck_size",
            _("{option} must be between 1 and {last} (got {value})").format(
                option=mention("deck_size"), last=f"{MAX_CARDS:,}", value=size
            ),
            field="deck_size",
        )
    deck = QuickDeck(game, size, copies)
    total = sum(copies.values())
    if total > deck.population:
        named = " + ".join(f"{name} {n}" for name, n in copies.items())
        aside = game.setup.main_set_aside
        message = (
            _(
                "the copies add up to {total} ({named}), more than the {room} ({size} less the {aside} the setup sets "
                "aside) cards of the deck the hand is drawn from"
            )
            if aside
            else _(
                "the copies add up to {total} ({named}), more than the {size} cards of the deck the hand is drawn from"
            )
        )
        raise DeckcheckError(
            message.format(total=total, named=named, room=deck.population, size=size, aside=aside), field="copies"
        )
    return deck


def parse_quick_query(text: str, deck: QuickDeck, option: str = "want") -> QuickQuery:
    named = mention(option)  # `want`, or `any`
    core, deadline = split_deadline(text)
    match = _QUERY.match(core.strip())
    if not match:
        raise OptionError(
            option, _("an empty {option}: give a category, e.g. {option} outs").format(option=named), field=option
        )
    names = tuple(name.strip() for name in match["names"].split("|"))
    known = [*deck.copies, OTHER]
    for name in names:
        if name not in known:
            raise OptionError(
                option,
                _("{option} {given}: {name} is not a category (the categories: {known})").format(
                    option=named, given=quoted(text), name=quoted(name), known=joined(known)
                ),
                field=option,
            )
    at_least = match["op"] != "<="
    k = int(match["k"]) if match["k"] else 1
    if deadline is not None and deadline > MAX_TURN:
        raise OptionError(
            option,
            _("{option} {given}: own turn {turn} is beyond the turns the engine models (0 to {last})").format(
                option=named, given=quoted(text), turn=deadline, last=MAX_TURN
            ),
            field=option,
        )
    return QuickQuery(core.strip(), at_least, k, names, deadline)


def _draws(game: Game[Any], going: Going, t: int) -> int:
    """What the game's turns bring by own turn t whatever the hand holds (no card details: no set-asides known)."""
    return game.setup.turn_model(Table(rng=random.Random(0), going=going, floor=True), t).draws


def quick_model(
    deck: QuickDeck,
    wants: Sequence[QuickQuery],
    anys: Sequence[QuickQuery],
    *,
    going: Going,
    turn: int,
    keep: Sequence[str] = (),
) -> OddsModel:
    """One atom per category (and `other`), the game's hand, mulligan and draws: the model `stats` answers."""
    setup = deck.game.setup
    asked = [*((q, False) for q in wants), *((q, True) for q in anys)]
    if not asked:
        raise OptionError(
            "want",
            _("give at least one {want} or {any}").format(want=mention("want"), any=mention("any")),
            field="want",
        )
    categories = {**deck.copies, OTHER: deck.population - sum(deck.copies.values())}
    # Categories that the same wants (and the keep filter) name are one atom: the answer is the same
    # hypergeometric sum, and every category no want names joins `other` instead of being a dimension of its own.
    pooled: dict[int, int] = {}
    for name, count in categories.items():
        if not count:
            continue
        mask = sum(1 << bit for bit, (query, _any) in enumerate(asked) if name in query.names)
        if name in keep:
            mask |= 1 << len(asked)
        pooled[mask] = pooled.get(mask, 0) + count
    atoms = [Atom(mask, count, ()) for mask, count in pooled.items()]
    wanted = tuple(
        Want(query.text, query.at_least, query.k, turn if query.deadline is None else query.deadline, any_of)
        for query, any_of in asked
    )
    horizon = max(want.turn for want in wanted)
    draws = [_draws(deck.game, going, t) for t in range(horizon + 1)]
    if setup.hand_size + draws[-1] > deck.population:
        message = (
            _(
                "going first, by own turn {turn} the rules draw {n} cards, but the deck the hand is drawn from has "
                "{size}: the player has lost by then"
            )
            if going == "first"
            else _(
                "going second, by own turn {turn} the rules draw {n} cards, but the deck the hand is drawn from has "
                "{size}: the player has lost by then"
            )
        )
        raise DeckcheckError(
            message.format(turn=horizon, n=setup.hand_size + draws[-1], size=deck.population), field="turn"
        )
    return OddsModel(
        deck=None,  # type: ignore[arg-type]
        going=going,
        turn=turn,
        hand_size=setup.hand_size,
        mulligan=setup.mulligan,
        wants=wanted,
        atoms=tuple(sorted(atoms, key=lambda atom: atom.mask == 0)),
        keep_bit=len(asked) if keep else None,
        seek_bit=None,
        turns=TurnModel(draws=draws[-1]),
        filters=(),
        draws_at=tuple(draws[:-1]),
        floor=bool(setup.floor),
    )


def quick_answer(model: OddsModel, mulligan: str | None, keep: Sequence[str], options: StatsOptions) -> Answer:
    """The exact engine's answer (the optimal mulligan by default), else the vectorised simulation's."""
    policy, _keep = parse_mulligan(mulligan)
    plan: MulliganPlan | None = None
    if policy == "none":
        plan = no_mulligan(model)
    elif policy == "keep":
        plan = keep_filter_plan(model, "|".join(keep))
    notes: list[str] = []
    if options.method != "simulate":
        try:
            engine = ExactEngine(model, patient=options.method == "exact", budget=options.exact_budget)
            result = engine.optimal() if plan is None else engine.evaluate(plan)
            return Answer(
                float(result.probability), "exact", model.turn, model.going, result.plan.name, exact=result, model=model
            )
        except ExactUnavailable as why:
            if options.method == "exact":
                raise exact_unavailable(why) from None
            notes.append(_("simulated: {why}").format(why=why))
            say_past_budget(options, why, model.going, model.turn)
    from deckcheck.stats.simulate import simulate  # deferred: only a question the exact engine cannot answer

    if plan is None:
        plan, _result, _model, reason = optimal_for_simulation(model)
        if reason:
            raise optimal_uncomputable(reason)
    simulated = simulate(model, plan, trials=options.trials or 100_000, seed=options.seed or 0)
    return Answer(
        simulated.probability,
        "simulate",
        model.turn,
        model.going,
        plan.name,
        ci95=simulated.ci95,
        trials=simulated.trials,
        seed=simulated.seed,
        notes=notes,
        model=model,
    )


def parse_keep(mulligan: str | None, deck: QuickDeck) -> list[str]:
    """`keep:NAME|NAME`: the categories a partial mulligan keeps (a full one redraws when none is in hand)."""
    policy, text = parse_mulligan(mulligan)
    if policy != "keep" or text is None:
        return []
    names = [name.strip() for name in text.split("|")]
    for name in names:
        if name not in [*deck.copies, OTHER]:
            raise OptionError(
                "mulligan",
                _("{option} keep:{text}: {name} is not a category").format(
                    option=mention("mulligan"), text=text, name=quoted(name)
                ),
                field="mulligan",
            )
    return names


def run_odds(
    game: Game[Any],
    *,
    deck_size: int,
    copies: Sequence[str],
    wants: Sequence[str],
    anys: Sequence[str] = (),
    turn: int | None = None,
    options: StatsOptions | None = None,
) -> dict[str, Any]:
    """Both seats for the question; every want's deadline is its own turn or `turn`. `options` gives the mulligan,
    method, seed and exact budget; its `say` is told when a seat is past the exact budget and simulated (the command
    writes it on stderr)."""
    deck = quick_deck(game, deck_size, parse_copies(copies))
    queries = [parse_quick_query(text, deck) for text in wants]
    alternatives = [parse_quick_query(text, deck, "any") for text in anys]
    turn = turn_for([query.deadline for query in [*queries, *alternatives]], turn)
    check_turn(turn)
    options = options or StatsOptions()
    keep = parse_keep(options.mulligan, deck)
    cells = {}
    for seat in SEATS:
        model = quick_model(deck, queries, alternatives, going=seat, turn=turn, keep=keep)
        cells[seat] = quick_answer(model, options.mulligan, keep, options)
    return {"deck": deck, "cells": cells, "turn": turn}


def odds_json(result: dict[str, Any]) -> dict[str, Any]:
    deck: QuickDeck = result["deck"]
    return {
        "game": deck.game.id,
        "deck_size": deck.size,
        "drawn_from": deck.population,
        "hand_size": deck.game.setup.hand_size,
        "mulligan_rule": str(deck.game.setup.mulligan),
        "copies": {**deck.copies, OTHER: deck.population - sum(deck.copies.values())},
        "turn": result["turn"],
        **{seat: answer.to_json() for seat, answer in result["cells"].items()},
    }


#: The mulligan rules (engine.procedure.MulliganKind) as `odds` says them: the kind's id in English (as the JSON's
#: `mulligan_rule`), what the rule does in another language.
_MULLIGAN_RULES = (
    NP_("mulligan rule", "partial-shuffle"),
    NP_("mulligan rule", "full-shuffle"),
    NP_("mulligan rule", "full-bottom"),
    NP_("mulligan rule", "full-set-aside"),
)


def _mulligan_rule(kind: str) -> str:
    return translate_as("mulligan rule", kind) if kind in _MULLIGAN_RULES else kind


def odds_text(result: dict[str, Any]) -> str:
    deck: QuickDeck = result["deck"]
    setup = deck.game.setup
    other = deck.population - sum(deck.copies.values())
    counted = [*deck.copies.items(), (translate(N_("other")), other)]  # (the rest: `other` is its name in English)
    cats = joined(f"{name} {pgettext('card count', '{n}').format(n=n)}" for name, n in counted)
    heading = (
        _(
            "{game}: {size} cards, {aside} set aside by the setup; the hand of {hand} is drawn from {drawn} "
            "({categories}); mulligan rule {rule}"
        )
        if setup.main_set_aside
        else _("{game}: {size} cards; the hand of {hand} is drawn from {drawn} ({categories}); mulligan rule {rule}")
    )
    lines = [
        heading.format(
            game=deck.game.said_title,
            size=deck.size,
            aside=setup.main_set_aside,
            hand=setup.hand_size,
            drawn=deck.population,
            categories=cats,
            rule=_mulligan_rule(str(setup.mulligan)),
        )
    ]
    first = result["cells"]["first"]
    for want in first.model.wants:
        line = _("any  {query} by own turn {turn}") if want.any_of else _("want {query} by own turn {turn}")
        lines.append(line.format(query=want.text, turn=want.turn))
    if setup.floor:
        lines.append(
            _("card details unknown: counting the documented floor ({floor}), no G assist").format(
                floor=translate(setup.floor)
            )
        )
    lines.append(_("mulligan {policy}").format(policy=policy_label(first.mulligan)))
    width = max(display_width(seat_label(seat)) for seat in SEATS)
    for seat in SEATS:
        lines.append(f"  {pad(seat_label(seat), width)}  {describe(result['cells'][seat])}")
    columns = output_columns()  # fitted to the terminal (a prose line continues two blanks in)
    return "\n".join(part for line in lines for part in fit_line(line, columns, listing=False))
