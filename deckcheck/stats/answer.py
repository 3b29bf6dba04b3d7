"""`deckcheck stats` as a library: one answer per seat and turn, the per-turn table, and the default reports.

Which path answers: the exact engine whenever the game's model and the query allow it; otherwise the vectorised
simulation (and the answer says why). The mulligan policy actually used is reported with every answer.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, TypedDict

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.normalize import norm_name, norm_number
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.engine.deal import MAX_TURN, deal
from deckcheck.engine.procedure import TurnModel
from deckcheck.engine.table import Going
from deckcheck.errors import DeckcheckError, EngineError, OptionError, mention, spoken
from deckcheck.model.cards import Card
from deckcheck.model.deck import Deck
from deckcheck.model.query import CardFilter, Query, parse_filter, parse_query
from deckcheck.stats.exact import (
    PATIENT,
    ExactEngine,
    ExactGaveUp,
    ExactResult,
    ExactTooLarge,
    ExactUnavailable,
)
from deckcheck.stats.model import MAX_TRIALS as MAX_TRIALS  # where it always was, for callers
from deckcheck.stats.model import (
    Atom,
    Composition,
    MulliganPlan,
    OddsModel,
    PlanPolicy,
    atom_of,
    build_model,
    check_run,
    keep_filter_plan,
    no_mulligan,
    population,
)

if TYPE_CHECKING:
    from deckcheck.engine.table import Table
    from deckcheck.stats.simulate import SimResult

Method = Literal["exact", "simulate"]
SEATS: tuple[Going, Going] = ("first", "second")
DEFAULT_TRIALS = 100_000
#: The default cap with --precision: a 95% half-width of 0.001 needs at most ~960,000 setups (p = 0.5), 0.0005 about
#: 3.8 million; 10 million reaches about 0.0003.
PRECISION_TRIALS_CAP = 10_000_000

#: --precision's notes (stats.render reads them back, in the chosen language, to say them once for a table).
STOPPED_NOTE = N_("stopped after {trials} trials: {rest}")
REACHED_NOTE = N_("the 95% interval is within ±{precision} (rule: {rule})")
CAPPED_NOTE = N_(
    "{option} {precision} not reached: the cap of {trials} trials ({cap}) came first, with the 95% interval "
    "±{half}; raise {cap} to go on"
)
CAPPED_SEVERAL_NOTE = N_(
    "{option} {precision} not reached: the cap of {trials} trials ({cap}) came first, with 95% intervals up "
    "to ±{half}; raise {cap} to go on"
)
#: The options the capped notes name: {option} is precision, {cap} trials.
CAPPED_MENTIONS = {"option": "precision", "cap": "trials"}


def capped_note(template: str, **values: str) -> str:
    """A capped note (CAPPED_NOTE, CAPPED_SEVERAL_NOTE) in the chosen language, its options said as the caller names
    them."""
    named = {key: mention(option) for key, option in CAPPED_MENTIONS.items()}
    return spoken(translate(template).format(**named, **values))


@dataclass
class StatsOptions:
    """Everything a stats question needs besides the deck and the queries."""

    mulligan: str | None = None  # None: optimal where it can be computed, else none
    method: Method | None = None  # None: exact where feasible, else simulate
    trials: int | None = None  # None: DEFAULT_TRIALS, or PRECISION_TRIALS_CAP with `precision` (then it is a cap)
    seed: int | None = None
    precision: float | None = None
    choices: dict[str, str] = field(default_factory=dict)
    progress: Callable[[int, int], None] | None = None  # (setups done, setups at most) after each batch
    # (opening hands valued, of how many) as an exact question goes: its share done, for the progress bar
    counted: Callable[[int, int], None] | None = None
    floor: bool = False  # count the game's documented floor (Vanguard: drive 1, no trigger effects), not the rules
    # Told (one line, no prefix) when a question is past the exact engine's budget and is simulated instead: the
    # command writes it on stderr, so that a slow or simulated answer is never a surprise.
    say: Callable[[str], None] | None = None
    # Told (seat, turn) as each question of a run begins, exact or simulated: the progress line says which question
    # of the command its estimate is for.
    question: Callable[[Going, int], None] | None = None

    def __post_init__(self) -> None:
        if self.trials is None:
            self.trials = DEFAULT_TRIALS if self.precision is None else PRECISION_TRIALS_CAP
        check_run(self.trials, self.seed)
        if self.precision is not None and not 0 < self.precision < 0.5:
            raise OptionError(
                "precision",
                _("{option} must be between 0 and 0.5 (got {value})").format(
                    option=mention("precision"), value=self.precision
                ),
                field="precision",
            )
        if self.method == "exact" and self.precision is not None:
            raise OptionError(
                "precision",
                _("{option} applies to simulation; it conflicts with {method} exact").format(
                    option=mention("precision"), method=mention("method")
                ),
                field="method",
            )
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(2**32)


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


def parse_mulligan(text: str | None) -> tuple[str, str | None]:
    """(`none` | `optimal` | `keep` | `default`, the keep filter text)."""
    if text is None:
        return "default", None
    text = text.strip()
    if text in ("none", "optimal"):
        return text, None
    if text.startswith("keep:") and text.removeprefix("keep:").strip():
        return "keep", text.removeprefix("keep:").strip()
    raise DeckcheckError(
        _("unknown mulligan policy {policy}: use none, optimal or keep:FILTER").format(policy=quoted(text)),
        field="mulligan",
    )


def parse_queries(texts: Sequence[str], deck: Deck, option: str = "want", *, must_match: bool = True) -> list[Query]:
    """The texts of `option` (`want`, or `any`); a trailing `@N` is the query's own deadline, within the turns the
    engine models. `must_match`: a query whose filter matches no card of the main deck is refused (its odds would
    be 0% by construction); a game's default report asks its own questions and leaves it out."""
    named = mention(option)
    for text in texts:
        if not text.strip():
            raise OptionError(
                option,
                _("an empty {option}: give a QUERY such as grade=1 or '>=2 trigger=heal'").format(option=named),
                field=option,
            )
    queries = [parse_query(text, deck.game) for text in texts]
    total = sum(count for _card, count in deck.cards("main")) if "main" in deck.game.sections else 0
    if must_match:
        for query in queries:
            check_matches(query, deck, option)
    for query in queries:
        if query.at_least and query.k > total:
            raise OptionError(
                option,
                ngettext(
                    "{option} {query} asks for {n} card, but the main deck has only {total}",
                    "{option} {query} asks for {n} cards, but the main deck has only {total}",
                    query.k,
                ).format(option=named, query=quoted(query.text), n=query.k, total=total),
                field=option,
            )
        if query.deadline is not None and query.deadline > MAX_TURN:
            raise OptionError(
                option,
                _(
                    "{option} '{query}@{turn}': the deadline is own turn {turn}, beyond the turns the engine models "
                    "(0 to {last})"
                ).format(option=named, query=query.text, turn=query.deadline, last=MAX_TURN),
                field=option,
            )
    return queries


#: How many cards or values a message about a filter that matches nothing names at most.
_SHOWN = 5


def check_matches(query: Query, deck: Deck, option: str = "want") -> None:
    """Refuse a query whose filter matches no card of the main deck (the cards the hand is drawn from): its odds are
    0% (or 100% for `<=K`) by construction, never what was meant. The message says whether cards of the database
    (or of another section of the deck) match it, and what is close: names for a name, the deck's values for a
    field."""
    main = deck.cards("main")
    card_filter = query.filter
    if any(card_filter(card) for card, _count in main):
        return
    outcome = (
        _("{option} {query} matches no card of the main deck, so its odds would be 0% by construction")
        if query.at_least
        else _("{option} {query} matches no card of the main deck, so its odds would be certain by construction")
    )
    lines = [outcome.format(option=mention(option), query=quoted(query.text))]
    elsewhere = sorted(
        {
            _("{card} in {section}").format(card=card.label(), section=section)
            for section in deck.game.sections
            if section != "main"
            for card, _count in deck.cards(section)
            if card_filter(card)
        }
    )
    if elsewhere:
        lines.append(
            _("it matches cards of the deck that are never drawn: {cards}").format(cards=joined(elsewhere[:_SHOWN]))
        )
    cards = getattr(deck.db, "cards", None)
    in_db = [card for card in cards.values() if card_filter(card)] if cards is not None else []
    if in_db:
        first: dict[str, str] = {}
        for card in in_db:
            first.setdefault(card.name, card.label())  # a name once, by its first printing
        names = list(first.values())
        shown = joined(names[:_SHOWN])
        if len(names) > _SHOWN:
            shown = _("{names} and {n} more").format(names=shown, n=len(names) - _SHOWN)
        lines.append(
            ngettext(
                "{n} card of the {game} database matches it ({names}), none of them in the main deck",
                "{n} cards of the {game} database match it ({names}), none of them in the main deck",
                len(in_db),
            ).format(n=len(in_db), game=deck.game.title, names=shown)
        )
    else:
        lines.append(_("no card of the {game} database matches it either").format(game=deck.game.title))
    hints = _closest(query, deck, main, in_db=bool(in_db))
    if not hints and len(query.filter.conditions) > 1:
        hints.append(_("each of its conditions matches some card of the main deck, but no card meets them all"))
    lines.extend(hints)
    # Translators: the end of each line of a message of several lines but the last (Japanese: 。)
    raise OptionError(option, (_(";") + "\n  ").join(lines))


def _closest(query: Query, deck: Deck, main: Sequence[tuple[Any, int]], *, in_db: bool) -> list[str]:
    """What is close to a filter that matches nothing: names close to a name (in the deck; in the database when none
    of its cards matches), and the main deck's values of each other field whose condition alone matches none."""
    hints = []
    for condition in query.filter.conditions:
        if any(condition.matches(card) for card, _count in main):
            continue
        values = getattr(condition, "values", ())
        if condition.field == "name" and values:
            names = {card.name: card.label() for card, _count in main}
            for card, _count in main:  # a card's other names (Cipher's Japanese names) are names too
                names.update(
                    {name: f"{card.printed_other_name(name)} ({card.printed_number})" for name in card.other_names}
                )
            close: dict[str, None] = {}
            for value in values:
                for name in difflib.get_close_matches(value, list(names), n=3, cutoff=0.4):
                    close[names[name]] = None
                if not getattr(condition, "substring", False):
                    close.update(dict.fromkeys(label for n, label in names.items() if value in n or n in value))
            if close:
                hints.append(_("closest names in the deck: {names}").format(names=joined(list(close)[:_SHOWN])))
            suggest = getattr(deck.db, "suggest", None)
            if suggest is not None and not in_db:  # (cards of the database that match are named already)
                found = [hint for value in values for hint in suggest(value)]
                if found:
                    shown = joined(list(dict.fromkeys(found))[:_SHOWN])
                    hints.append(_("closest names in the database: {names}").format(names=shown))
            continue
        seen = {card.shown_value(condition.field) for card, _count in main}
        listed = sorted((_show(value) for value in seen), key=lambda text: (len(text), text))
        if listed:
            hints.append(
                _("the main deck's {field} values: {values}").format(field=condition.field, values=joined(listed))
            )
    return hints


def _show(value: object) -> str:
    if value is None:
        return _("none")
    if isinstance(value, list | tuple):
        return "/".join(map(str, value)) or _("none")
    return str(value)


def horizon(queries: Sequence[Query], turn: int) -> int:
    """The last turn the rules must run to: the latest deadline (a query without `@N` has --turn)."""
    return max((turn if query.deadline is None else query.deadline for query in queries), default=turn)


def check_turn(turn: int) -> None:
    """A turn the engine models (0 to MAX_TURN): the one check for `stats` and `odds`."""
    if not 0 <= turn <= MAX_TURN:
        raise OptionError(
            "turn",
            _("{option} must be between 0 and {last} (got {value})").format(
                option=mention("turn"), last=MAX_TURN, value=turn
            ),
            field="turn",
        )


def turn_for(deadlines: Sequence[int | None], turn: int | None, *, say_how: bool = False) -> int:
    """The turn of the wants without `@N`: `turn`, else 0 (`deadlines`: each want's own, None without `@N`).

    When every want has its own deadline, the answer is by the latest of them, and a `turn` given would change
    nothing: it is refused (`say_how`: the message says how to fix it). The one check for `stats` and `odds`."""
    dated = [deadline for deadline in deadlines if deadline is not None]
    if not deadlines or len(dated) < len(deadlines):
        return 0 if turn is None else turn
    if turn is not None:
        message = (
            _(
                "{option} {turn} applies to the wants without @N, and every want here has its own deadline; leave "
                "out {option} or a @N"
            )
            if say_how
            else _("{option} {turn} applies to the wants without @N, and every want here has its own deadline")
        )
        raise OptionError("turn", message.format(option=mention("turn"), turn=turn), field="turn")
    return max(dated)


def check_reachable(
    deck: Deck, going: Going, turn: int, choices: dict[str, str], floor: bool = False, asked: str | None = None
) -> None:
    """Refuse a turn the rules never reach with this deck (the player has lost by then), as the engine does.

    `asked` names what asks for the turn when it is a want's own deadline (`--want 'grade=3@9'`)."""
    check_turn(turn)
    try:
        deal(deck, seed=0, going=going, turns=turn, choices=choices, floor=floor)
    except EngineError as error:
        where = _("going first, {asked}: {reason}") if going == "first" else _("going second, {asked}: {reason}")
        raise EngineError(where.format(asked=asked or f"{mention('turn')} {turn}", reason=error.template)) from None


def check_floor(deck: Deck, floor: bool) -> None:
    """`--floor` only for a game whose count has a documented floor (Vanguard's drive checks)."""
    if floor and not deck.game.setup.floor:
        raise OptionError(
            "floor",
            _(
                "{option} counts Vanguard's documented floor (one drive check per attack, no trigger effects); "
                "{game} has no such floor: every count is already what its rules bring"
            ).format(option=mention("floor"), game=deck.game.title),
            field="floor",
        )


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
    deck: Deck,
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
    policy, keep_text = parse_mulligan(options.mulligan)
    keep = parse_filter(keep_text, deck.game) if keep_text else None
    model = build_model(
        deck, queries, going=going, turn=turn, keep=keep, choices=options.choices, anys=anys, floor=options.floor
    )
    notes: list[str] = unknown_fact_notes(deck, [*queries, *anys])
    if gave_up is not None and options.method is None:
        notes.append(_("simulated: {why}").format(why=gave_up))
    elif options.method != "simulate":
        try:
            exact = _exact_answer(model, policy, keep_text, patient=options.method == "exact", counted=options.counted)
            exact.notes = notes
            return exact
        except ExactUnavailable as why:
            if options.method == "exact":
                raise exact_unavailable(why) from None
            notes.append(_("simulated: {why}").format(why=why))
            if isinstance(why, ExactGaveUp):
                gave_up = str(why)
            say_past_budget(options, why, going, turn)
    simulated = _simulated_answer(deck, queries, anys, model, policy, keep, keep_text, options, notes)
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


def unknown_fact_notes(deck: Deck, queries: Sequence[Query]) -> list[str]:
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


def _plan(model: OddsModel, policy: str, keep_text: str | None) -> MulliganPlan | None:
    if policy == "none":
        return no_mulligan(model)
    if policy == "keep":
        return keep_filter_plan(model, keep_text or "")
    return None  # optimal


def _exact_answer(
    model: OddsModel,
    policy: str,
    keep_text: str | None,
    *,
    patient: bool = False,
    counted: Callable[[int, int], None] | None = None,
) -> Answer:
    engine = ExactEngine(model, patient=patient, counted=counted)
    plan = _plan(model, policy, keep_text)
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
    deck: Deck,
    queries: Sequence[Query],
    anys: Sequence[Query],
    model: OddsModel,
    policy: str,
    keep: CardFilter | None,
    keep_text: str | None,
    options: StatsOptions,
    notes: list[str],
) -> Answer:
    from deckcheck.stats.simulate import PRECISION_RULE, simulate, simulate_engine  # deferred: numpy

    turns = model.turns
    if turns.vector_turns is not None:
        model = build_model(
            deck,
            queries,
            going=model.going,
            turn=model.turn,
            keep=keep,
            choices=options.choices,
            refine=True,
            anys=anys,
            floor=options.floor,
        )
    plan = _plan(model, policy, keep_text)
    decisions = decisions_model = None
    if plan is None:
        plan, decisions, decisions_model, why = optimal_for_simulation(model)
        if why:
            if policy == "optimal":
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

    deck: Deck
    queries: Sequence[Query]
    turn: int
    choices: dict[str, str]
    name: str = "optimal"
    anys: Sequence[Query] = ()  # one of them must hold too (`--any`)
    _by_seat: dict[str, PlanPolicy] = field(default_factory=dict)

    def _for(self, table: Table) -> PlanPolicy:
        seat = table.going
        if seat not in self._by_seat:
            model = build_model(
                self.deck, self.queries, going=seat, turn=self.turn, choices=self.choices, anys=self.anys
            )
            try:
                plan = ExactEngine(model).optimal().plan
            except ExactUnavailable:
                plan, _result, _model, why = optimal_for_simulation(model)
                if why:
                    raise optimal_uncomputable(why) from None
            self._by_seat[seat] = PlanPolicy(plan, model)
        return self._by_seat[seat]

    def returns(self, table: Table, hand: list[Card]) -> list[int]:
        return self._for(table).returns(table, hand)

    def redraw(self, table: Table, hand: list[Card]) -> bool:
        return self._for(table).redraw(table, hand)

    def bottom_order(self, table: Table, hand: list[Card]) -> list[Card]:
        return self._for(table).bottom_order(table, hand)


def _merge_by_mask(model: OddsModel) -> tuple[Atom, ...]:
    merged: dict[int, list] = {}
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
    deck: Deck,
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
    deck: Deck, queries: Sequence[Query], *, turn: int, options: StatsOptions, anys: Sequence[Query] = ()
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


def default_report(deck: Deck, options: StatsOptions) -> list[ReportResult]:
    """The game's own report (``Game.stats_report``), each line for both seats."""
    results = []
    for label, wants, turn in deck.game.stats_report(deck):
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
    deck: Deck,
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
    model = build_model(deck, queries, going=going, turn=turn, choices=choices, anys=anys)
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


def _dealt_hand(deck: Deck, model: OddsModel, keys: Sequence[str], choices: dict[str, str]) -> list[Card]:
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
            ).format(option=mention("hand"), n=len(keys), game=deck.game.title, size=model.hand_size),
        )
    by_name = {name: card for card in cards.values() for name in (*card.other_names, card.name)}
    hand = []
    for key in keys:
        found = cards.get(norm_number(key)) or by_name.get(norm_name(key))
        if found is None:
            raise OptionError(
                "hand",
                _(
                    "{option}: {key} is none of the cards the hand is drawn from (a main deck card's number or name)"
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
