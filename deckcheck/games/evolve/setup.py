"""Shadowverse EVOLVE in the embedded engine: setup (6.2.1, 14.3.1.2) and the start phase of own turns (7.2)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.normalize import norm_name
from deckcheck._util.safetext import quoted
from deckcheck.engine.procedure import DEALT_WITHOUT, MulliganKind, Setup, dealt_without_reason, expand
from deckcheck.errors import EngineError
from deckcheck.games.evolve.basis import (
    BASIS_NAMES,
    BASIS_WORDS,
    basis_status,
    crossover_leaders,
    failure_reason,
    leader_card,
    vanguard_conditions_apply,
)
from deckcheck.games.evolve.card import CINDERELLA_GIRLS, CROSSOVER, SEALED, V1_24, EvolveCard, word_key
from deckcheck.model.deck import Deck
from deckcheck.model.game import names_of
from deckcheck.model.versions import version_order

if TYPE_CHECKING:
    from deckcheck.engine.table import Table
    from deckcheck.model.deck import CardLookup


HAND_SIZE = 4
MAGIC_ITEM = norm_name("魔法のアイテム")
MAGIC_ITEM_COUNT = 5  # 14.3.1.2; exactly the EX area's limit at game start (4.8.3.1)
PP_CAP = 10  # 3.2.4.1
SECOND_PLAYER_EP = 3  # 6.2.1.10
LEADER_HEALTH = 20  # 6.2.1.11


def magic_item_token(db: CardLookup[EvolveCard] | None) -> EvolveCard:
    """The 『魔法のアイテム』 token record: from the deck's card database when it holds one, else a stand-in.

    The token appendix of 9.1.2.3 is missing from the rules, and the engine only needs 5 tokens of that name.
    """
    for card in db.named(MAGIC_ITEM) if db is not None else ():
        if getattr(card, "token", False):
            return card
    return EvolveCard(number="TOKEN-魔法のアイテム", name=MAGIC_ITEM, type="amulet", token=True, title=CINDERELLA_GIRLS)


def card_inventory(table: Table[EvolveCard]) -> Counter[str]:
    """The cards of the deck wherever they are: `table.inventory()` without tokens, which come from no deck
    (9.1.1.1; the 『魔法のアイテム』 of 14.3.1.2). This equals the multiset of the deck's leader, main and evolve
    sections after setup and after any number of own turns."""
    return Counter(
        card.number
        for card in [*table.deck, *table.hand, *(c for cards in table.zones.values() for c in cards)]
        if not getattr(card, "token", False)
    )


def _leader_for_setup(deck: Deck[EvolveCard]) -> EvolveCard:
    lead = leader_card(deck)
    if lead is not None:
        return lead
    listed = deck.cards("leader")
    size = deck.size("leader")
    if size == 0:
        reason = _("the leader section is empty")
    elif size > 1:
        reason = ngettext(
            "the leader section has {n} card ({cards})", "the leader section has {n} cards ({cards})", size
        ).format(n=size, cards=names_of(c for c, _count in listed))
    elif not listed:
        reason = _("the leader section names a card that is not in the card database")
    else:
        reason = _("{card} in the leader section is not a leader card").format(card=listed[0][0].label())
    raise EngineError(
        _("setup needs exactly 1 leader card for the leader area (6.1.1.1, 6.2.1.2): {reason}").format(reason=reason)
    )


def _setup_basis(deck: Deck[EvolveCard], lead: EvolveCard, choices: dict[str, str]) -> tuple[str | None, str]:
    """The basis setup uses and how it was reached (6.2.1.3). A declared basis must be one the deck meets."""
    status = basis_status(deck)
    assert status is not None  # the leader is known
    raw = choices.get("basis")
    if raw is None:
        basis = status.effective
        if lead.class_ is not None and lead.title is not None:
            how = _(
                "declares the {basis} basis (no `basis` given: title when the title basis holds, else class)"
            ).format(basis=translate(BASIS_NAMES[basis or "class"]))
        elif basis:
            how = _("no declaration: the leader has only a {basis}").format(basis=translate(BASIS_NAMES[basis]))
        else:
            how = _("the leader has no class or title")
        return basis, how
    word = BASIS_WORDS.get(word_key(raw))
    if word is None:
        raise EngineError(
            _("the setup choice basis={value} is not a basis; choose class or title (6.2.1.3)").format(
                value=quoted(raw)
            )
        )
    if word == "class" and lead.class_ is None:
        raise EngineError(
            _("basis=class cannot be declared: the leader {leader} has no class (6.2.1.3)").format(leader=lead.label())
        )
    if word == "title" and lead.title is None:
        raise EngineError(
            _("basis=title cannot be declared: the leader {leader} has no title (6.2.1.3)").format(leader=lead.label())
        )
    if word == "class" and not status.class_ok:
        raise EngineError(
            _("basis=class cannot be declared: {reason} (6.1.1.5.1, 6.2.1.3)").format(
                reason=failure_reason(status, "class")
            )
        )
    if word == "title" and not status.title_ok:
        raise EngineError(
            _("basis=title cannot be declared: {reason} (6.1.1.5.2, 6.2.1.3)").format(
                reason=failure_reason(status, "title")
            )
        )
    name = translate(BASIS_NAMES[word])
    if lead.class_ is not None and lead.title is not None:
        return word, _("declares the {basis} basis").format(basis=name)
    return word, _("no declaration needed: the leader has only a {basis}").format(basis=name)


def _setup_leaders(
    table: Table[EvolveCard], deck: Deck[EvolveCard], choices: dict[str, str]
) -> tuple[EvolveCard | None, str | None]:
    """Steps 2 and 3 (6.2.1.2, 6.2.1.3) as the deck's format has them: the leader(s) to the leader area, the basis."""
    chosen = deck.rules
    if chosen.format == CROSSOVER:
        leaders = crossover_leaders(deck)
        if leaders is None:
            raise EngineError(
                _("setup needs the 2 leader cards of different classes of a crossover deck (B-2 6.1.1.1)")
            )
        table.zone("leader").extend(leaders)
        table.log(N_("leader"), "6.2.1.2", _("put both leader cards in the leader area (crossover, B-2)"), leaders)
        table.log(N_("basis"), "6.2.1.3", _("no declaration: a crossover deck is built by class (B-2 6.1.1.5)"))
        table.notes[N_("basis")] = "class"
        return None, "class"
    if chosen.format == SEALED and deck.size("leader") == 0:
        table.log(N_("leader"), "B-1 6.2.1", _("no leader card: the leader steps are skipped (sealed, B-1 6.2.1)"))
        table.notes[N_("basis")] = "none"
        return None, None
    if deck.size("leader") == 0:  # a registry export records no leader: the leader changes no draw (issue 25)
        table.log(
            N_("leader"),
            "6.2.1.2",
            _("no leader card: {reason}").format(reason=dealt_without_reason("leader")),
        )
        table.notes[N_("leader")] = DEALT_WITHOUT.replace("SECTION", "leader")  # (stats recognises this value)
        table.notes[N_("basis")] = "none"
        return None, None
    lead = _leader_for_setup(deck)
    table.zone("leader").append(lead)
    table.log(N_("leader"), "6.2.1.2", _("put the leader card in the leader area (public)"), [lead])
    if chosen.format == SEALED:
        table.log(N_("basis"), "6.2.1.3", _("no basis in sealed (B-1 6.1.1.6)"))
        table.notes[N_("basis")] = "none"
        return lead, None
    basis, how = _setup_basis(deck, lead, choices)
    table.log(N_("basis"), "6.2.1.3", how)
    table.notes[N_("basis")] = basis or "none"
    return lead, basis


def _set_start_amulet_aside(table: Table[EvolveCard], main: list[EvolveCard]) -> None:
    """Step 3a (14.4.3.1): a Vanguard title deck puts 1 【スタートアミュレット】 card from its main deck face down on
    the field before the main deck goes to the deck area (the lowest-numbered one; all share one name)."""
    amulets = sorted((card for card in main if getattr(card, "start_amulet", False)), key=lambda card: card.number)
    if not amulets:
        table.log(
            N_("start amulet"), "14.4.3.1", _("the deck holds no 【スタートアミュレット】 card: the step is skipped")
        )
        return
    amulet = amulets[0]
    main.remove(amulet)
    table.zone(N_("field")).append(amulet)
    table.notes[N_("start amulet")] = _("{card} (face down)").format(card=amulet.label())
    table.log(
        N_("start amulet"),
        "14.4.3.1",
        _("put {card} face down on the field (the main deck: {n})").format(card=amulet.label(), n=len(main)),
        [amulet],
    )


def _prepare(table: Table[EvolveCard], deck: Deck[EvolveCard], choices: dict[str, str]) -> None:
    main = expand(deck.cards("main"))
    evolve_cards = expand(deck.cards("evolve"))
    chosen = deck.rules
    table.notes[N_("rules")] = f"Ver.{chosen.version}, {chosen.format}"
    table.log(
        N_("present"),
        "6.2.1.1",
        _("present the leader, the main deck ({main}) and the evolve deck ({evolve})").format(
            main=len(main), evolve=len(evolve_cards)
        ),
    )
    if not evolve_cards:
        table.log(N_("present"), "6.2.1.1.1", _("declare that there is no evolve deck"))
    if len(main) < HAND_SIZE:
        raise EngineError(
            ngettext(
                "the main deck has {n} card; setup draws {hand} for the opening hand (6.2.1.7)",
                "the main deck has {n} cards; setup draws {hand} for the opening hand (6.2.1.7)",
                len(main),
            ).format(n=len(main), hand=HAND_SIZE)
        )
    lead, basis = _setup_leaders(table, deck, choices)
    if lead is not None and basis == "title" and vanguard_conditions_apply(deck, lead, setup=True):
        _set_start_amulet_aside(table, main)
    table.deck = main
    table.log(N_("main deck"), "6.2.1.4", _("put the main deck ({n}) in the deck area").format(n=len(main)))
    table.shuffle("6.2.1.4", _("shuffle the main deck (the only shuffle of setup)"))
    table.zone(N_("evolve-deck")).extend(evolve_cards)
    if evolve_cards:
        table.log(
            N_("evolve deck"),
            "6.2.1.5",
            _("put the evolve deck ({n}) face down, unshuffled").format(n=len(evolve_cards)),
            evolve_cards,
        )
    else:
        table.log(N_("evolve deck"), "6.2.1.5", _("no evolve deck: nothing to place"))
    table.notes[N_("evolve deck")] = len(evolve_cards)
    if basis == "title" and lead is not None and lead.title == CINDERELLA_GIRLS:
        token = magic_item_token(deck.db)
        tokens = [token] * MAGIC_ITEM_COUNT
        table.zone(N_("ex-area")).extend(tokens)
        table.log(
            N_("magic items"),
            "14.3.1.2",
            _("create {n} 『{name}』 tokens in the EX area (tokens, not from the deck)").format(
                n=MAGIC_ITEM_COUNT, name=MAGIC_ITEM
            ),
            tokens,
        )
        table.notes[N_("ex area")] = _("{n} × {card} (tokens)").format(n=MAGIC_ITEM_COUNT, card=token.label())
        table.notes[N_("not from the deck")] = ["ex-area"]  # zones whose cards card conservation leaves out
    if table.going == "first":
        table.log(N_("turn order"), "6.2.1.6", _("this player goes first"))
    else:
        table.log(N_("turn order"), "6.2.1.6", _("this player goes second"))
    table.notes[N_("going")] = table.going


def _since_1_24(rules_note: str) -> bool:
    """Whether the `rules` note (`Ver.1.26.1, standard`) names Ver.1.24.1 or later: its setup (SEP, 6.2.1.11-14)."""
    version = rules_note.removeprefix("Ver.").split(",")[0]
    return version != "None" and bool(version) and version_order(version) >= version_order(V1_24)


def _after_mulligan(table: Table[EvolveCard]) -> None:
    ep = 0 if table.going == "first" else SECOND_PLAYER_EP
    later = _since_1_24(str(table.notes.get("rules", "")))
    table.log(N_("PP"), "6.2.1.9", _("PP and PP max set to 0"))
    if table.going == "first":
        table.log(N_("EP"), "6.2.1.10", _("EP set to {ep} (first player)").format(ep=ep))
    else:
        table.log(N_("EP"), "6.2.1.10", _("EP set to {ep} (second player)").format(ep=ep))
    table.notes.update({N_("PP max"): 0, N_("EP"): ep})
    if later:
        table.log(N_("SEP"), "6.2.1.11", _("SEP set to 1 (both players; it pays only super evolution, 12.2.4)"))
        table.notes[N_("SEP")] = 1
    if table.zone("leader"):
        table.log(
            N_("leader health"),
            "6.2.1.12" if later else "6.2.1.11",
            _("leader health set to {n}").format(n=LEADER_HEALTH),
        )
        table.notes[N_("leader health")] = LEADER_HEALTH
    if later and "start amulet" in table.notes:  # (asking for the field zone would make an empty one)
        amulet = table.zone(N_("field"))[0]
        table.notes[N_("start amulet")] = _("{card} (face up)").format(card=amulet.label())
        table.log(
            N_("after the mulligan"),
            "6.2.1.13",
            _("{card} is turned face up (14.4.3.2)").format(card=amulet.label()),
            [amulet],
        )
    table.log(N_("start"), "6.2.1.14" if later else "6.2.1.12", _("the first player becomes the turn player"))


def _own_turn(table: Table[EvolveCard], k: int) -> None:
    pp = min(k, PP_CAP)
    if k > PP_CAP:
        table.log(N_("start phase"), "7.2.1", _("own turn {k}: PP max {pp} (the cap)").format(k=k, pp=pp))
    else:
        table.log(N_("start phase"), "7.2.1", _("own turn {k}: PP max {pp}").format(k=k, pp=pp))
    table.log(N_("start phase"), "7.2.2", _("PP refilled to {pp}").format(pp=pp))
    table.log(N_("start phase"), "7.2.3", _("stand every card on the field"))
    table.notes[N_("PP max")] = pp
    if table.going == "first" and k == 1:
        table.log(N_("draw"), "7.2.4.1", _("the first player does not draw on their first turn"))
        return
    if not table.deck:
        raise EngineError(_("own turn {k}: the deck is empty, so drawing loses the game (1.2.1.2, 11.2.2)").format(k=k))
    table.draw(1, N_("draw"), "7.2.4")


SETUP = Setup(
    hand_size=HAND_SIZE,
    mulligan=MulliganKind.FULL_BOTTOM,
    mulligan_ref="6.2.1.8",
    opening_ref="6.2.1.7",
    prepare=_prepare,
    after_mulligan=_after_mulligan,
    own_turn=_own_turn,
    choices=("basis",),
    not_dealt=("pool",),  # the sealed pool lists the opened cards, of which the deck is built (B-1)
)
