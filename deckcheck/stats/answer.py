"""`deckcheck stats` as a library: one answer per seat and turn, the per-turn table, and the default reports.

Which path answers: the exact engine whenever the game's model and the query allow it; otherwise the vectorised
simulation (and the answer says why). The mulligan policy actually used is reported with every answer. The questions
are read and checked in :mod:`deckcheck.stats.queries`; how they are computed is :class:`~deckcheck.stats.options.
StatsOptions`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypedDict

from deckcheck._i18n import _, ngettext, pgettext, translate
from deckcheck._util.normalize import norm_name, norm_number
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.engine.procedure import TurnModel
from deckcheck.engine.table import Going
from deckcheck.errors import EngineError, OptionError, mention, spoken
from deckcheck.model.cards import Card
from deckcheck.model.deck import Deck
from deckcheck.model.query import CardFilter, Query, parse_filter
from deckcheck.stats.exact import (
    PATIENT,
    ExactEngine,
    ExactGaveUp,
    ExactResult,
    ExactTooLarge,
    ExactUnavailable,
)
from deckcheck.stats.model import (
    Atom,
    Composition,
    Dealing,
    MulliganPlan,
    OddsModel,
    PlanPolicy,
    atom_of,
    build_model,
    keep_filter_plan,
    no_mulligan,
    population,
)
from deckcheck.stats.options import (
    CAPPED_NOTE,
    REACHED_NOTE,
    STOPPED_NOTE,
    Method,
    StatsOptions,
    capped_note,
    parse_mulligan,
)
from deckcheck.stats.queries import SEATS, check_floor, check_reachable, check_turn, horizon, parse_queries

if TYPE_CHECKING:
    from deckcheck.engine.table import Table
    from deckcheck.stats.simulate import SimResult


@dataclass
class Answer:
    """The probability that every want holds by the main phase of own turn `turn`, for one seat."""

    probability: float
    method: Method
    turn: int
    going: Going
    mulligan: str
    ci95: tuple[float, float] | None = None
    trials: int | None = None
    seed: int | None = None
    notes: list[str] = field(default_factory=list)
    exact: ExactResult | None = None
    model: OddsModel | None = None
    # The exact decision table behind a simulated `optimal` (computed on `decisions_model`), for --explain.
    decisions: ExactResult | None = None
    decisions_model: OddsModel | None = None
    # Why the exact chain gave up on this question (ExactGaveUp); the same question going second or by a later turn
    # is then simulated at once (see both_seats).
    gave_up: str | None = None

    def to_json(self) -> dict[str, Any]:
        result: dict[str, Any] = {
            "probability": self.probability,
            "method": self.method,
            "turn": self.turn,
            "going": self.going,
            "mulligan": self.mulligan,
            "ci95": list(self.ci95) if self.ci95 else None,
        }
        if self.exact is not None:
            value = self.exact.probability
            result["exact"] = f"{value.numerator}/{value.denominator}"
        if self.method == "simulate":
            result["trials"] = self.trials
            result["seed"] = self.seed
        if self.model is not None:
            result["wants"] = [
                {"query": want.text, "turn": want.turn, "group": "any" if want.any_of else "all"}
                for want in self.model.wants
            ]
            result["floor"] = self.model.floor
        if self.notes:
            result["notes"] = self.notes
        return result


def exact_unavailable(why: object) -> OptionError:
    """`method="exact"` asked where the exact engine cannot answer (why: its ExactUnavailable)."""
    return OptionError(
        "method",
        _("{option} exact is not available here: {why}").format(option=mention("method"), why=why),
        field="method",
    )


def optimal_uncomputable(why: object) -> OptionError:
    """`mulligan="optimal"` asked where the optimal mulligan cannot be computed (why: the exact engine's reason)."""
    return OptionError(
        "mulligan",
        _("{option} optimal cannot be computed here: {why}").format(option=mention("mulligan"), why=why),
        field="mulligan",
    )


def answer(
    deck: Deck[Any],
    queries: Sequence[Query],
    *,
    going: Going,
    turn: int,
    options: StatsOptions,
    anys: Sequence[Query] = (),
    gave_up: str | None = None,
) -> Answer:
    """One seat, one turn: exact where possible, else simulated; the policy used is in the answer.

    Every query holds by its own deadline (`@N`, else `turn`); with `anys`, at least one of them holds too.
    `gave_up`: the exact chain already gave up on a smaller question of this kind (why): simulate without trying."""
    check_floor(deck, options.floor)
    if options.question is not None:
        options.question(going, turn)
    last = horizon([*queries, *anys], turn)
    latest = next((q for q in [*queries, *anys] if q.deadline == last and last != turn), None)
    asked = _("the deadline of '{query}@{turn}'").format(query=latest.text, turn=last) if latest is not None else None
    check_reachable(deck, going, last, options.choices, options.floor, asked)
    mulligan = _Mulligan.parse(options.mulligan, deck)
    model = build_model(deck, queries, going=going, turn=turn, keep=mulligan.keep, dealing=options.dealing, anys=anys)
    notes: list[str] = unknown_fact_notes(deck, [*queries, *anys])
    if gave_up is not None and options.method is None:
        notes.append(_("simulated: {why}").format(why=gave_up))
    elif options.method != "simulate":
        try:
            exact = _exact_answer(model, mulligan, options)
            exact.notes = notes
            return exact
        except ExactUnavailable as why:
            if options.method == "exact":
                raise exact_unavailable(why) from None
            notes.append(_("simulated: {why}").format(why=why))
            if isinstance(why, ExactGaveUp):
                gave_up = str(why)
            say_past_budget(options, why, going, turn)
    simulated = _simulated_answer(queries, anys, model, mulligan, options, notes)
    simulated.gave_up = gave_up
    return simulated


def say_past_budget(options: StatsOptions, why: ExactUnavailable, going: Going, turn: int) -> None:
    """Tell the caller (stderr) that a question was past the documented exact budget and what was done instead."""
    if options.say is None or not isinstance(why, ExactTooLarge):
        return
    if isinstance(why, ExactGaveUp):
        line = (
            _("going first by own turn {turn}: the question ran out of the exact budget ({why}); simulated instead")
            if going == "first"
            else _(
                "going second by own turn {turn}: the question ran out of the exact budget ({why}); simulated instead"
            )
        )
    else:
        line = (
            _("going first by own turn {turn}: the question is past the exact budget ({why}); simulated instead")
            if going == "first"
            else _("going second by own turn {turn}: the question is past the exact budget ({why}); simulated instead")
        )
    line = line.format(turn=turn, why=why)
    if why.waits:
        line += spoken(_(" ({option} exact waits up to {n} times as long)").format(option=mention("method"), n=PATIENT))
    options.say(line)


def unknown_fact_notes(deck: Deck[Any], queries: Sequence[Query]) -> list[str]:
    """What a filter on a fact the card data cannot tell for some cards leaves out (the card model's `unknown_facts`:
    `trigger=stand` counts known stand triggers only where a card's icon may be unknown): the copies of the deck,
    said in a note, so that the odds read as a floor, never as a guess."""
    unknown_values = deck.game.card_model.unknown_facts
    notes: dict[str, None] = {}
    for query in queries:
        for condition in query.filter.conditions:
            unknown = unknown_values.get(condition.field, ())
            if not unknown or any(value in unknown for value in getattr(condition, "values", ())):
                continue
            copies = sum(
                n
                for section in deck.game.sections
                for card, n in deck.cards(section)
                if getattr(card, condition.field, None) in unknown
            )
            if copies:
                note = ngettext(
                    "{filter} counts only cards whose {field} is known: {n} copy of the deck whose {field} the card "
                    "data cannot tell ({values}) is not counted",
                    "{filter} counts only cards whose {field} is known: {n} copies of the deck whose {field} the "
                    "card data cannot tell ({values}) are not counted",
                    copies,
                )
                values = joined(map(str, unknown))
                notes[note.format(filter=quoted(query.filter.text), field=condition.field, n=copies, values=values)] = (
                    None
                )
    return list(notes)


@dataclass(frozen=True)
class _Mulligan:
    """The mulligan asked for, read: `none`, `optimal`, `keep` (with its filter's text and the filter) or `default`."""

    policy: str
    text: str | None = None
    keep: CardFilter | None = None

    @classmethod
    def parse(cls, text: str | None, deck: Deck[Any]) -> _Mulligan:
        policy, keep_text = parse_mulligan(text)
        return cls(policy, keep_text, parse_filter(keep_text, deck.game) if keep_text else None)

    def plan(self, model: OddsModel) -> MulliganPlan | None:
        """The plan on this model's atoms; None for the optimal one (worked out by the path that answers)."""
        if self.policy == "none":
            return no_mulligan(model)
        if self.policy == "keep":
            return keep_filter_plan(model, self.text or "")
        return None  # optimal


def _exact_answer(model: OddsModel, mulligan: _Mulligan, options: StatsOptions) -> Answer:
    engine = ExactEngine(model, patient=options.method == "exact", budget=options.exact_budget, counted=options.counted)
    plan = mulligan.plan(model)
    result = engine.optimal() if plan is None else engine.evaluate(plan)
    return Answer(
        probability=float(result.probability),
        method="exact",
        turn=model.turn,
        going=model.going,
        mulligan=result.plan.name,
        exact=result,
        model=model,
    )


class _SimulationRun(TypedDict):
    """The options :func:`simulate` and :func:`simulate_engine` are both given."""

    trials: int
    seed: int
    precision: float | None
    progress: Callable[[int, int], None] | None


def _simulated_answer(
    queries: Sequence[Query],
    anys: Sequence[Query],
    model: OddsModel,
    mulligan: _Mulligan,
    options: StatsOptions,
    notes: list[str],
) -> Answer:
    from deckcheck.stats.simulate import PRECISION_RULE, simulate, simulate_engine  # deferred: numpy

    turns = model.turns
    if turns.vector_turns is not None:
        model = build_model(
            model.deck,
            queries,
            going=model.going,
            turn=model.turn,
            keep=mulligan.keep,
            dealing=options.dealing,
            refine=True,
            anys=anys,
        )
    plan = mulligan.plan(model)
    decisions = decisions_model = None
    if plan is None:
        plan, decisions, decisions_model, why = optimal_for_simulation(model)
        if why:
            if mulligan.policy == "optimal":
                raise optimal_uncomputable(why)
            plan = no_mulligan(model)
            notes.append(_("mulligan none: the optimal mulligan cannot be computed ({why})").format(why=why))
        elif turns.simulate_only or turns.process is not None:
            why = translate(turns.simulate_only) if turns.simulate_only else _("the turns depend on the hand")
            notes.append(
                _("mulligan decisions are optimal for the draws without the hand-dependent steps ({why})").format(
                    why=why
                )
            )
    assert options.trials is not None  # (StatsOptions.__post_init__ sets it)
    run = _SimulationRun(
        trials=options.trials, seed=options.seed or 0, precision=options.precision, progress=options.progress
    )
    try:
        result = simulate(model, plan, **run)
    except EngineError as why:
        notes.append(_("simulated through the engine card by card: {why}").format(why=why.reason))
        result = simulate_engine(model, plan, choices=options.choices, **run)
    notes.extend(_precision_notes(result, options.precision, PRECISION_RULE))
    return Answer(
        probability=result.probability,
        method="simulate",
        turn=model.turn,
        going=model.going,
        mulligan=plan.name,
        ci95=result.ci95,
        trials=result.trials,
        seed=result.seed,
        notes=notes,
        model=model,
        decisions=decisions,
        decisions_model=decisions_model,
    )


def _precision_notes(result: SimResult, precision: float | None, rule: str) -> list[str]:
    """Where --precision stopped the run and by which rule, or that the cap (--trials) stopped it first."""
    if precision is None:
        return []
    low, high = result.ci95
    half = max(result.probability - low, high - result.probability)
    if result.stopped_early or half <= precision:
        rest = translate(REACHED_NOTE).format(precision=precision, rule=translate(rule))
        return [translate(STOPPED_NOTE).format(trials=f"{result.trials:,}", rest=rest)]
    return [capped_note(CAPPED_NOTE, precision=str(precision), trials=f"{result.trials:,}", half=f"{half:.4g}")]


def optimal_for_simulation(
    model: OddsModel,
) -> tuple[MulliganPlan, ExactResult | None, OddsModel | None, str | None]:
    """Optimal decisions for a simulated model: exact on the plain draws (no hand-dependent steps), by mask."""
    plain = replace(model, turns=TurnModel(draws=model.turns.draws), atoms=_merge_by_mask(model))
    try:
        result = ExactEngine(plain).optimal()
    except ExactUnavailable as why:
        return no_mulligan(model), None, None, str(why)
    index = {atom.mask: i for i, atom in enumerate(plain.atoms)}
    groups = [index[atom.mask] for atom in model.atoms]

    def merged(h: Composition) -> Composition:
        totals = [0] * len(plain.atoms)
        for group, x in zip(groups, h, strict=True):
            totals[group] += x
        return tuple(totals)

    def keep(h: Composition) -> Composition:
        wanted = list(result.plan.keep(merged(h)))
        kept = []
        for group, x in zip(groups, h, strict=True):
            take = min(x, wanted[group])
            wanted[group] -= take
            kept.append(take)
        return tuple(kept)

    plan = MulliganPlan("optimal", keep=keep, redraw=lambda h: result.plan.redraw(merged(h)))
    return plan, result, plain, None


@dataclass
class OptimalMulligan:
    """The optimal mulligan for some wants by a turn (the decisions `stats` computes), played by the engine for
    whichever seat the table turns out to have (`hand` may leave the seat to a coin): `hand --mulligan optimal`."""

    deck: Deck[Any]
    queries: Sequence[Query]
    turn: int
    choices: dict[str, str]
    name: str = "optimal"
    anys: Sequence[Query] = ()  # one of them must hold too (`--any`)
    _by_seat: dict[str, PlanPolicy] = field(default_factory=dict)

    def _for(self, table: Table[Any]) -> PlanPolicy:
        seat = table.going
        if seat not in self._by_seat:
            model = build_model(
                self.deck, self.queries, going=seat, turn=self.turn, dealing=Dealing(self.choices), anys=self.anys
            )
            try:
                plan = ExactEngine(model).optimal().plan
            except ExactUnavailable:
                plan, _result, _model, why = optimal_for_simulation(model)
                if why:
                    raise optimal_uncomputable(why) from None
            self._by_seat[seat] = PlanPolicy(plan, model)
        return self._by_seat[seat]

    def returns(self, table: Table[Any], hand: list[Card]) -> list[int]:
        return self._for(table).returns(table, hand)

    def redraw(self, table: Table[Any], hand: list[Card]) -> bool:
        return self._for(table).redraw(table, hand)

    def bottom_order(self, table: Table[Any], hand: list[Card]) -> list[Card]:
        return self._for(table).bottom_order(table, hand)


def _merge_by_mask(model: OddsModel) -> tuple[Atom, ...]:
    merged: dict[int, list[Any]] = {}
    for atom in model.atoms:
        entry = merged.setdefault(atom.mask, [0, []])
        entry[0] += atom.count
        entry[1].extend(atom.cards)
    return tuple(Atom(mask, count, tuple(cards)) for mask, (count, cards) in merged.items())


# ---- tables and reports -------------------------------------------------------------------------------------


@dataclass
class TurnRow:
    turn: int
    cells: dict[Going, Answer | str]  # an Answer, or why the turn cannot be reached


def both_seats(
    deck: Deck[Any],
    queries: Sequence[Query],
    *,
    turn: int,
    options: StatsOptions,
    anys: Sequence[Query] = (),
    gave_up: dict[Going, str] | None = None,
) -> dict[Going, Answer | str]:
    """Going first and second; a seat that never reaches the turn holds the reason instead of an answer.

    `gave_up` (seat → why) carries the exact chain's giving up to the questions that are larger still: going first
    draws fewer cards than going second, and an earlier turn fewer than a later one (turn_table passes one dict for
    all its turns), so a seat found too large is simulated at once instead of spending the chain's budget again."""
    gave_up = {} if gave_up is None else gave_up
    cells: dict[Going, Answer | str] = {}
    for index, seat in enumerate(SEATS):
        try:
            cell = cells[seat] = answer(
                deck, queries, going=seat, turn=turn, options=options, anys=anys, gave_up=gave_up.get(seat)
            )
        except EngineError as why:
            cells[seat] = why.reason
            continue
        if cell.gave_up is not None and seat not in gave_up:
            found = (
                _("{why} going first by own turn {turn}, and this question needs more")
                if seat == "first"
                else _("{why} going second by own turn {turn}, and this question needs more")
            ).format(why=cell.gave_up, turn=turn)
            for larger in SEATS[index:]:
                gave_up.setdefault(larger, found)
    return cells


def turn_table(
    deck: Deck[Any], queries: Sequence[Query], *, turn: int, options: StatsOptions, anys: Sequence[Query] = ()
) -> list[TurnRow]:
    """Turns 0..turn for both seats (the queries without `@N` by each turn); a turn a seat never reaches holds the
    reason instead. When every query has its own deadline, --turn changes nothing: one row."""
    check_turn(turn)
    if all(query.deadline is not None for query in [*queries, *anys]):
        return [TurnRow(turn, both_seats(deck, queries, turn=turn, options=options, anys=anys))]
    rows = []
    gave_up: dict[Going, str] = {}
    for t in range(turn + 1):
        rows.append(TurnRow(t, both_seats(deck, queries, turn=t, options=options, anys=anys, gave_up=gave_up)))
    return rows


@dataclass(frozen=True)
class ReportLine:
    """One line of a game's default report: a label, the wants, and the turn they are asked for."""

    label: str
    wants: tuple[str, ...]
    turn: int


@dataclass
class ReportResult:
    line: ReportLine
    cells: dict[Going, Answer | str]


def default_report(deck: Deck[Any], options: StatsOptions) -> list[ReportResult]:
    """The game's own report (``Game.profile.stats_report``), each line for both seats."""
    results = []
    for label, wants, turn in deck.game.profile.stats_report(deck):
        cells = both_seats(deck, parse_queries(wants, deck, must_match=False), turn=turn, options=options)
        results.append(ReportResult(ReportLine(label, tuple(wants), turn), cells))
    return results


# ---- one dealt hand: keep it, or return which cards (`stats --hand`) ---------------------------------------------


@dataclass
class HandAdvice:
    """For one opening hand as dealt: the chance of the wants when it is kept, and after the best mulligan the game's
    rule allows (a partial mulligan returns any cards; a full one redraws the whole hand or keeps it)."""

    model: OddsModel
    hand: list[Card]
    keep: Fraction  # keep the hand as dealt
    best: Fraction  # the best decision (keep, when nothing does better)
    returned: list[Card]  # what the best decision returns (the whole hand for a full redraw); empty: keep

    @property
    def decision(self) -> str:
        if not self.returned:
            return "keep"
        return "return" if self.model.mulligan.partial else "redraw"

    def to_json(self) -> dict[str, Any]:
        def exact(value: Fraction) -> dict[str, Any]:
            return {"probability": float(value), "exact": f"{value.numerator}/{value.denominator}"}

        return {
            "going": self.model.going,
            "turn": self.model.turn,
            "mulligan_rule": str(self.model.mulligan),
            "hand": [{"number": card.printed_number, "name": card.printed_name} for card in self.hand],
            "decision": self.decision,
            "keep": exact(self.keep),
            "best": {
                **exact(self.best),
                "return": [{"number": card.printed_number, "name": card.printed_name} for card in self.returned],
            },
        }


def advise_hand(
    deck: Deck[Any],
    queries: Sequence[Query],
    hand_keys: Sequence[str],
    *,
    going: Going,
    turn: int,
    choices: dict[str, str],
    anys: Sequence[Query] = (),
    progress: Callable[[int, int], None] | None = None,
) -> HandAdvice:
    """Keep this opening hand, or return which cards: exact, under the game's own mulligan rule.

    `progress(done, total)` is told before and after each choice the rule allows is worked out (keep, each part
    of the hand to return, or redraw)."""
    check_reachable(deck, going, horizon([*queries, *anys], turn), choices)
    model = build_model(deck, queries, going=going, turn=turn, dealing=Dealing(choices), anys=anys)
    hand = _dealt_hand(deck, model, hand_keys, choices)
    atom_index = atom_of(model)
    atoms = [atom_index(card) for card in hand]
    composition = tuple(atoms.count(a) for a in range(len(model.atoms)))
    try:
        engine = ExactEngine(model)
        subs = _sub_compositions(composition) if model.mulligan.partial else []
        total = 1 + (len(subs) if model.mulligan.partial else 1)
        if progress is not None:
            progress(0, total)
        keep = engine.keep_value(composition)
        best, kept = keep, composition
        if progress is not None:
            progress(1, total)
        if model.mulligan.partial:
            for done, sub in enumerate(subs, 2):
                value = engine.keep_value(sub)
                if value > best or (value == best and sum(sub) > sum(kept)):
                    best, kept = value, sub
                if progress is not None:
                    progress(done, total)
        else:
            redraw = engine.redraw_value(composition)
            if redraw > keep:
                best, kept = redraw, (0,) * len(composition)
            if progress is not None:
                progress(total, total)
    except ExactUnavailable as why:
        raise OptionError(
            "hand",
            _("{option} needs the exact engine, which cannot answer here: {why}").format(
                option=mention("hand"), why=why
            ),
        ) from None
    left = list(kept)
    returned = []
    for card, atom in zip(hand, atoms, strict=True):
        if left[atom] > 0:
            left[atom] -= 1
        else:
            returned.append(card)
    return HandAdvice(model, hand, keep, best, returned)


def _sub_compositions(composition: Composition) -> list[Composition]:
    subs: list[Composition] = [()]
    for x in composition:
        subs = [(*sub, y) for sub in subs for y in range(x + 1)]
    return subs


def _dealt_hand(deck: Deck[Any], model: OddsModel, keys: Sequence[str], choices: dict[str, str]) -> list[Card]:
    """The hand's cards by number or name, each from the cards the hand is drawn from, as many as the game deals."""
    pool: dict[str, int] = {}
    cards: dict[str, Card] = {}
    for atom in model.atoms:
        for card in atom.cards:
            cards[card.number] = card
    for card, count in population(deck, model.going, choices)[1]:
        pool[card.number] = count
    if len(keys) != model.hand_size:
        raise OptionError(
            "hand",
            ngettext(
                "{option} names {n} card; {game} deals {size}",
                "{option} names {n} cards; {game} deals {size}",
                len(keys),
            ).format(option=mention("hand"), n=len(keys), game=deck.game.said_title, size=model.hand_size),
        )
    by_name = {name: card for card in cards.values() for name in (*card.other_names, card.name)}
    hand = []
    for key in keys:
        found = cards.get(norm_number(key)) or by_name.get(norm_name(key))
        if found is None:
            raise OptionError(
                "hand",
                pgettext(
                    deck.game.id,
                    "{option}: {key} is none of the cards the hand is drawn from (a main deck card's number or name)",
                ).format(option=mention("hand"), key=quoted(key)),
            )
        if pool[found.number] == 0:
            raise OptionError(
                "hand",
                _("{option} holds more copies of {card} than the cards it is drawn from").format(
                    option=mention("hand"), card=found.label()
                ),
            )
        pool[found.number] -= 1
        hand.append(cards[found.number])
    return hand
