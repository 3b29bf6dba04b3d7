"""A game's setup procedure as data: what its module declares for the engine (deckcheck.engine) and the statistics.

Kept apart from the engine so that checking a deck, which imports the game's module, does not build the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Generic

from deckcheck._i18n import N_, translate
from deckcheck.errors import mention, mention_command, spoken
from deckcheck.model.cards import CardT

if TYPE_CHECKING:
    from deckcheck.engine.table import Going, Table
    from deckcheck.model.cards import Card
    from deckcheck.model.deck import Deck

#: A table note (`notes[zone] = dealt_without(zone)`) for a deck missing a card that setup places and no draw depends
#: on (a leader a registry export did not record): the deck is dealt without it, and `stats` says so. English, with
#: SECTION standing for the section (kept literally in every translation) and the command and option it names as
#: mentions (`dealt_without` says them, translated, as the caller names them).
DEALT_WITHOUT = N_(
    "none, dealt without one, as it changes no draw (`{check}` reports it missing; "
    "`{add} DECK NUMBER {option} SECTION` adds one)"
)
#: The same without its leading "none, ": why the deck is dealt without the card (a log line's text).
DEALT_WITHOUT_REASON = N_(
    "dealt without one, as it changes no draw (`{check}` reports it missing; "
    "`{add} DECK NUMBER {option} SECTION` adds one)"
)


def dealt_without(section: str, *, translated: bool = True) -> str:
    """The table note for a deck with no card in `section` that setup places, in the chosen language (or English)."""
    return _said(translate(DEALT_WITHOUT) if translated else DEALT_WITHOUT, section)


def dealt_without_reason(section: str) -> str:
    """Why the deck is dealt without a card in `section` (DEALT_WITHOUT_REASON), in the chosen language."""
    return _said(translate(DEALT_WITHOUT_REASON), section)


def _said(template: str, section: str) -> str:
    check, add, option = mention_command("check"), mention_command("add"), mention("section")
    return spoken(template.replace("SECTION", section).format(check=check, add=add, option=option))


def is_dealt_without(value: object, section: str) -> bool:
    """Whether a table note says the deck was dealt without its `section` card (in English or the chosen language,
    or as the note's English template with SECTION filled in)."""
    english = dealt_without(section, translated=False)
    return value in (DEALT_WITHOUT.replace("SECTION", section), english, dealt_without(section))


def note_said(value: object, section: str) -> object:
    """A table note as it is shown: the dealt-without template (a game may store it unsaid) in English words."""
    return dealt_without(section, translated=False) if value == DEALT_WITHOUT.replace("SECTION", section) else value


class MulliganKind(StrEnum):
    PARTIAL_SHUFFLE = "partial-shuffle"  # return any cards, shuffle them in, draw as many (Vanguard, IC Dragon Ball)
    FULL_SHUFFLE = "full-shuffle"  # whole hand back, shuffle, draw a new hand (Cipher)
    FULL_BOTTOM = "full-bottom"  # whole hand to the bottom in a chosen order, draw, no shuffle (EVOLVE)
    FULL_SET_ASIDE = "full-set-aside"  # old hand aside, draw a new hand, old hand back and shuffle (Build Divide)

    @property
    def partial(self) -> bool:
        return self is MulliganKind.PARTIAL_SHUFFLE


def first_player_skips_first_draw(going: Going, k: int) -> int:
    """Cards drawn by the main phase of own turn k: one per turn, none on the first player's turn 1."""
    return max(0, k - 1) if going == "first" else k


@dataclass(frozen=True)
class Seek:
    """A hand-dependent step the exact statistics handle: if no reached card matches `filter`, the topmost matching
    card among the next `look` cards of the deck joins the hand (Vanguard's G assist on own turn 1)."""

    filter: Callable[[Card], bool]
    look: int
    text: str
    ref: str


@dataclass(frozen=True)
class TurnModel(Generic[CardT]):
    """What the game's rules bring to the hand by the main phase of own turn k, for `stats`.

    `draws` counts the cards every game brings whatever the hand holds (draw steps, drive checks). `seek` is a
    hand-dependent step the plain exact engine covers. When the turns depend on the hand turn after turn, `refine`
    names the card detail they read, `process` runs them exactly on card counts (:mod:`deckcheck.stats.chain`) and
    `vector_turns` on arrays of card counts (:mod:`deckcheck.stats.simulate`); `simulate_only` says why only the
    simulation can answer (and with no `vector_turns`, only the engine card by card).
    """

    draws: int
    seek: Seek | None = None
    simulate_only: str | None = None
    refine: Callable[[CardT], object] | None = None
    vector_turns: Callable[..., None] | None = None
    # The hand-dependent turns as exact transitions (a deckcheck.stats.chain.ExactTurns on refined atoms).
    process: Any = None


def plain_turns(table: Table[Any], k: int) -> TurnModel[Any]:
    return TurnModel(draws=first_player_skips_first_draw(table.going, k))


@dataclass(frozen=True)
class Setup:
    """A game's setup and first turns, as its module describes them (see the game's spec, "Setup procedure")."""

    hand_size: int
    mulligan: MulliganKind
    mulligan_ref: str
    # Move the deck's cards into their zones (set-asides, G zone, ...) and shuffle: everything before the draw.
    prepare: Callable[[Table[Any], Deck[Any], dict[str, str]], None]
    # Placements after the mulligan (life, orbs, energy); default none.
    after_mulligan: Callable[[Table[Any]], None] = lambda table: None
    # Own turn k >= 1 up to the start of its main phase (draws, charge, drive checks of the previous turn ...).
    own_turn: Callable[[Table[Any], int], None] = lambda table, k: None
    # Deck keys a player may set to make a setup choice (cipher `lord`, evolve `basis`, ...).
    choices: tuple[str, ...] = ()
    opening_ref: str = ""
    # The statistics' view of own turn k, from the table after `prepare` (see TurnModel).
    turn_model: Callable[[Table[Any], int], TurnModel[Any]] = plain_turns
    # What `stats --floor` leaves out, when the game's count has a documented floor (empty: no such floor).
    floor: str = ""
    # What the odds count instead when the floor is not asked for (said beside them, for a game with a floor).
    floor_counting: str = ""
    # Cards `prepare` takes out of the main deck before the opening hand (the first vanguard, the lord): a quick
    # question (`deckcheck odds`) draws from its deck size less these.
    main_set_aside: int = 0
    # Sections that record cards the deck is not made of (EVOLVE's sealed `pool`, the opened packs): never dealt,
    # nor counted in the size of the deck the engine deals.
    not_dealt: tuple[str, ...] = ()


def expand(items: Iterable[tuple[CardT, int]]) -> list[CardT]:
    """Cards as a list of copies (called only after the size guard of :func:`deal`)."""
    return [card for card, count in items for _copy in range(count)]
