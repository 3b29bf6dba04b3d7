"""The library's entry points, which compose the layers below: a deck loaded and checked, hands dealt, odds asked,
the games and their rules listed. deckcheck/__init__.py re-exports them (see README, "As a library")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from deckcheck._i18n import _
from deckcheck.carddb.db import CardDB, load_carddb, refuse_unknown_cards, resolve_deck
from deckcheck.checking.deck import report_as_check
from deckcheck.checking.regulations import RegulationSet, load_regulations
from deckcheck.checking.report import DeckReport
from deckcheck.checking.rules import SHARED_RULES, SharedRule
from deckcheck.formats.read import parse_deck
from deckcheck.games import all_games, get_game
from deckcheck.model.deck import Deck
from deckcheck.model.game import Game

if TYPE_CHECKING:
    from deckcheck.engine.table import Going
    from deckcheck.stats.answer import Answer
    from deckcheck.stats.options import StatsOptions
    from deckcheck.stats.quick import QuickDeck


def load_deck(path: str | Path, carddb_dirs: Iterable[str | Path] = ()) -> Deck:
    """Read a deck file and look its cards up (shipped databases plus any extra folders)."""
    source = parse_deck(path)
    return resolve_deck(source, load_carddb(source.game_id, carddb_dirs))


#: `deckcheck.load(path)`: the short name of :func:`load_deck`.
load = load_deck


def check(
    deck: Deck | str | Path,
    *,
    regulation: str | None = None,
    as_of: date | str | None = None,
    carddb_dirs: Iterable[str | Path] = (),
    rules: str | None = None,
    format: str | None = None,
    no_regulation: bool = False,
) -> DeckReport:
    """The verdict on one deck (a loaded Deck or a deck file), as `deckcheck check` gives it: under `regulation`, else
    the deck's own `regulation` key, else the regulation in force on `as_of`, else the one in force today ($DECKCHECK_
    TODAY, else the clock's date; sample data only when asked for), or none with `no_regulation`; by the rules version
    `rules`, else the deck's `rules` key, else the one in force on `as_of`, in the format `format`, else the deck's
    `format` key."""
    carddb_dirs = tuple(carddb_dirs)
    if not isinstance(deck, Deck):
        deck = load_deck(deck, carddb_dirs)
    db = deck.db if isinstance(deck.db, CardDB) else None
    return report_as_check(
        deck,
        db,
        regulation,
        as_of=as_of,
        carddb_dirs=carddb_dirs,
        rules=rules,
        format=format,
        no_regulation=no_regulation,
    )


def answer(
    deck: Deck,
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


def list_games() -> list[Game]:
    """Every game deckcheck knows, by id."""
    return list(all_games().values())


@dataclass(frozen=True)
class RuleListing:
    """A game's construction rules, the rules every game shares, and the regulations its card databases hold."""

    game: Game
    shared: tuple[SharedRule, ...]
    regulations: RegulationSet


def list_rules(game_id: str, carddb_dirs: Iterable[str | Path] = ()) -> RuleListing:
    """A game's rules and regulations (from every card database folder, `carddb_dirs` included)."""
    game = get_game(game_id)
    return RuleListing(game, tuple(SHARED_RULES.values()), load_regulations(game.id, tuple(carddb_dirs)))
