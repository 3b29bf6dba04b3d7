"""The library's entry points, which compose the layers below: a deck loaded and checked, hands dealt, odds asked,
the games and their rules listed. deckcheck/__init__.py re-exports them (see README, "As a library")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck._i18n import _
from deckcheck.carddb.db import CardDB, refuse_unknown_cards
from deckcheck.checking.deck import judge_deck
from deckcheck.checking.judging import FacadeKeywords, Judging, judging_from
from deckcheck.checking.regulations import RegulationSet
from deckcheck.checking.report import DeckReport
from deckcheck.checking.rules import SHARED_RULES, SharedRule
from deckcheck.checking.workspace import Workspace, default_workspace
from deckcheck.games import all_games, get_game
from deckcheck.model.deck import Deck
from deckcheck.model.game import Game

if TYPE_CHECKING:
    from typing import Unpack

    from deckcheck.engine.table import Going
    from deckcheck.stats.answer import Answer
    from deckcheck.stats.options import StatsOptions
    from deckcheck.stats.quick import QuickDeck


def load_deck(
    path: str | Path, carddb_dirs: Iterable[str | Path] = (), *, workspace: Workspace | None = None
) -> Deck[Any]:
    """Read a deck file and look its cards up (shipped databases plus any extra folders), in `workspace` (None: the
    default one of `carddb_dirs`, which keeps each database it loaded for the next call)."""
    return (workspace or default_workspace(carddb_dirs)).deck(path)


#: `deckcheck.load(path)`: the short name of :func:`load_deck`.
load = load_deck


def check(
    deck: Deck[Any] | str | Path,
    *,
    judging: Judging | None = None,
    workspace: Workspace | None = None,
    **keywords: Unpack[FacadeKeywords],
) -> DeckReport:
    """The verdict on one deck (a loaded Deck or a deck file), as `deckcheck check` gives it: under `regulation`, else
    the deck's own `regulation` key, else the regulation in force on `as_of`, else the one in force today ($DECKCHECK_
    TODAY, else the clock's date; sample data only when asked for), or none with `no_regulation`; by the rules version
    `rules`, else the deck's `rules` key, else the one in force on `as_of`, in the format `format`, else the deck's
    `format` key. `judging` (a Judging) says all that in one value, instead of those keywords; `workspace` gives the
    cards and regulations (None: the default one of `carddb_dirs`)."""
    if judging is None:
        judging = judging_from(keywords, "check")
    elif set(keywords) - {"carddb_dirs"}:
        raise TypeError("check takes a Judging or its keywords, not both")
    workspace = workspace or default_workspace(keywords.get("carddb_dirs", ()))
    if not isinstance(deck, Deck):
        deck = workspace.deck(deck)
    db = deck.db if isinstance(deck.db, CardDB) else None
    return judge_deck(deck, db, judging, workspace)


def answer(
    deck: Deck[Any],
    wants: Sequence[str],
    *,
    going: Going = "first",
    turn: int = 0,
    anys: Sequence[str] = (),
    options: StatsOptions | None = None,
) -> Answer:
    """How often `deck` holds every want (e.g. "grade=1", "trigger=heal@4") by the main phase of own `turn`, under the
    game's real mulligan (`options.mulligan`, optimal by default): exact where possible, else simulated."""
    # deferred: the statistics are loaded by the programs that ask for odds only
    from deckcheck.stats.answer import answer as answer_queries
    from deckcheck.stats.options import StatsOptions
    from deckcheck.stats.queries import parse_queries

    refuse_unknown_cards(deck, _("counting the odds"))  # never the odds of a deck that silently lost a line
    queries, alternatives = parse_queries(wants, deck), parse_queries(anys, deck, "any")
    return answer_queries(deck, queries, going=going, turn=turn, options=options or StatsOptions(), anys=alternatives)


@dataclass(frozen=True)
class Odds:
    """A quick question's answer for both seats: the deck as described and each seat's answer."""

    deck: QuickDeck
    answers: dict[str, Answer]  # "first", "second"
    turn: int


def odds(
    game_id: str,
    wants: Sequence[str],
    *,
    deck_size: int,
    copies: Sequence[str],
    anys: Sequence[str] = (),
    turn: int | None = None,
    options: StatsOptions | None = None,
) -> Odds:
    """Odds without a deck file, as `deckcheck odds` asks them: a deck of `deck_size` cards with `copies` of each
    kind ("outs=17"), each want by its own `@N` deadline or `turn`; `options` gives the mulligan, method and seed."""
    from deckcheck.stats.options import StatsOptions  # deferred: as answer
    from deckcheck.stats.quick import run_odds

    chosen = options or StatsOptions()
    # (the quick question reads the mulligan, method, seed and exact budget of the options; their trials, precision
    # and listeners are those of a deck's question)
    asked = StatsOptions(mulligan=chosen.mulligan, method=chosen.method, seed=chosen.seed, budget=chosen.budget)
    result = run_odds(
        get_game(game_id), deck_size=deck_size, copies=copies, wants=wants, anys=anys, turn=turn, options=asked
    )
    return Odds(result["deck"], result["cells"], result["turn"])


def list_games() -> list[Game[Any]]:
    """Every game deckcheck knows, by id."""
    return list(all_games().values())


@dataclass(frozen=True)
class RuleListing:
    """A game's construction rules, the rules every game shares, and the regulations its card databases hold."""

    game: Game[Any]
    shared: tuple[SharedRule, ...]
    regulations: RegulationSet


def list_rules(
    game_id: str, carddb_dirs: Iterable[str | Path] = (), *, workspace: Workspace | None = None
) -> RuleListing:
    """A game's rules and regulations (from every card database folder of `workspace`, else of `carddb_dirs`)."""
    game = get_game(game_id)
    workspace = workspace or Workspace(carddb_dirs)
    return RuleListing(game, tuple(SHARED_RULES.values()), workspace.regulations(game.id))
