"""One `check` run's state: what it says once per game (cards and regulations: its Workspace), the problems met."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext, suppress
from datetime import date
from typing import TYPE_CHECKING

from deckcheck._i18n import _, ngettext, said_date
from deckcheck._util.files import Decoded
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.carddb import db as carddb
from deckcheck.carddb.db import CardDB, resolve_deck
from deckcheck.carddb.manifest import data_notes
from deckcheck.checking.deck import judge_deck
from deckcheck.checking.judging import Judging
from deckcheck.checking.report import CheckRun, DeckReport
from deckcheck.checking.workspace import refuse_other_game
from deckcheck.errors import DeckcheckError, OptionError, mention, spoken
from deckcheck.formats.read import parse_deck
from deckcheck.games import get_game
from deckcheck.model.deck import DeckSource
from deckcheck.model.versions import choose_rules, options_for

if TYPE_CHECKING:  # deckcheck.checking.regulations is imported only when regulations may apply
    from deckcheck.checking.regulations import BoundRegulation, Regulation, RegulationSet
    from deckcheck.checking.workspace import Workspace

#: How a deck is judged once the session chose its regulation and rules: by them alone.
_AS_CHOSEN = Judging(mode="asked")

#: A progress bar over the deck files: given the paths, yields each as it is done (optionally a context manager).
Progress = Callable[[list[str]], Iterable[str]]


def progress_over(paths: list[str], progress: Progress | None) -> AbstractContextManager[Iterable[str]]:
    """The paths, through the progress bar when there is one (a context manager or a plain iterable)."""
    iterable = progress(paths) if progress else paths
    return iterable if isinstance(iterable, AbstractContextManager) else nullcontext(iterable)


def parse_reporting(path: str, run: CheckRun, text: Decoded | None, game: str | None = None) -> DeckSource | None:
    """The deck at `path`, its readable lines at least; what could not be read is an error of the run (exit 2). With
    `game` (`--game`) a plain-text deck is a pasted list of that game, and a deck of another game an error."""
    try:
        source = parse_source(path, text, game)
        if source.unreadable is not None:  # partly unreadable: said, and the readable lines still checked
            run.errors.append(source.unreadable)
        return source
    except DeckcheckError as error:
        run.errors.append(error)
        return None
    except Exception as error:  # a bug must not cost the other decks their reports (they are still checked)
        run.errors.append(internal_error(path, error))
        return None


def parse_source(path: str, text: Decoded | None, game: str | None = None) -> DeckSource:
    """The deck at `path` (`text`: its contents, if already read), its readable lines at least; with `game` a plain-
    text deck is a pasted list of that game, and a deck of another game a DeckcheckError."""
    source = parse_deck(path, text, partial=True, game=game)
    refuse_other_game(source, game, checked=True)
    return source


def internal_error(path: str, error: Exception) -> DeckcheckError:
    """An unexpected failure on one file, reported for that file (exit 2) so the run goes on."""
    return DeckcheckError(
        _("could not be checked: internal error ({kind}: {error}). This is a bug; the other files were checked").format(
            kind=type(error).__name__, error=error
        ),
        path=path,
    )


class CheckSession:
    """One `check` run: the problems met, said once per game; its cards and regulations come from `workspace`, and
    its decks are judged by `judging` as `check` judges (its mode aside). `game` (`--game`): plain-text decks are
    pasted lists of that game."""

    def __init__(self, run: CheckRun, judging: Judging, workspace: Workspace, *, game: str | None = None) -> None:
        self.game = get_game(game).id if game is not None else None  # an unknown game stops before any work
        self.run, self.judging, self.workspace = run, judging, workspace
        self.today = None
        if not judging.no_regulation:
            from deckcheck.checking.regulations import current_day  # deferred: regulations may apply

            self.today = current_day()  # a bad $DECKCHECK_TODAY stops before any work, as a bad --as-of does
        self.broken: dict[str, DeckcheckError] = {}  # game -> the error that stops its decks (reported once)
        self.warned: set[str] = set()
        self.regulation_sets: dict[str, RegulationSet] = {}  # as read when the run first needed them
        self.bound: dict[tuple[str, str], BoundRegulation | DeckcheckError] = {}
        self.failed_dates: dict[str, str] = {}  # game -> the --as-of problem, reported once
        self.options: dict[str, tuple[str | None, str | None]] = {}  # game -> its --rules and --format
        # (game, format) -> the one in force today
        self.by_default: dict[tuple[str, str | None], Regulation | DeckcheckError | None] = {}
        self.unregulated: dict[str, str] = {}  # game -> why none is in force today (a note at the end of the run)

    @property
    def name(self) -> str | None:
        """The regulation asked for by name (for the decks of every game that has it)."""
        return self.judging.regulation

    @property
    def day(self) -> date | None:
        """The day asked for (`as_of`)."""
        return self.judging.as_of

    def someone_has(self, name: str, games: list[str]) -> bool:
        """Whether some game of the decks (their games, in file order) has the regulation NAME; if none has, the run
        stops with the list."""
        games = list(dict.fromkeys(games))
        sets = [found for game in games if (found := self.regulations(game)) is not None]
        without = [found.game for found in sets if found.get(name) is None]
        if len(without) < len(games):  # some game has it (or is broken, which is reported)
            if without:
                said = _(
                    "{option} {name} is not a regulation of {games}; those decks were checked by their own "
                    "`regulation` key or {as_of}, else by the regulation in force today"
                )
                self.run.notes.append(
                    spoken(
                        said.format(
                            option=mention("regulation"),
                            name=quoted(name),
                            games=joined(without),
                            as_of=mention("as_of"),
                        )
                    )
                )
            return True
        listed = "; ".join(f"{found.game}: {found.names()}" for found in sets)
        self.run.errors.append(
            OptionError(
                "regulation",
                _("{option} {name}: none of the games checked has a regulation of that name ({listed})").format(
                    option=mention("regulation"), name=quoted(name), listed=listed
                ),
            )
        )
        return False

    def db(self, game: str) -> CardDB | None:
        if game in self.broken:
            return None
        try:
            db = self.workspace.carddb(game)
        except DeckcheckError as error:
            self.broken[game] = error  # reported once, not once per deck
            return None
        if game not in self.warned:
            self.warned.add(game)
            self.run.warnings.extend(db.warnings)
        return db

    def regulations(self, game: str) -> RegulationSet | None:
        if game in self.broken:
            return None
        if game not in self.regulation_sets:
            try:
                self.regulation_sets[game] = self.workspace.regulations(game)
            except DeckcheckError as error:
                self.broken[game] = error
                return None
        return self.regulation_sets[game]

    def check(self, source: DeckSource) -> DeckReport | None:
        db = self.db(source.game_id)
        if db is None:
            return None
        try:
            deck = resolve_deck(source, db)  # a pasted list is read here, with the cards
        except DeckcheckError as error:
            self.run.errors.append(error)
            return None
        try:
            rules, format = self.options_for(db)
            deck.chosen_rules = choose_rules(
                db.game,
                source.keys,
                rules=rules,
                format=format,
                as_of=self.day,
                path=source.path,
                key_lines=source.key_lines,
            )
        except OptionError as error:  # --rules or --format the game does not have: said once
            if not any(str(known) == str(error) for known in self.run.errors):
                self.run.errors.append(error)
            return None
        except DeckcheckError as error:  # the deck's own `rules` or `format` key
            self.run.errors.append(error)
            return None
        try:
            bound = self.regulation_of(source, db, deck.chosen_rules.format)  # the newest list of the deck's format
        except _Skipped:
            return None
        except DeckcheckError as error:  # the deck's own `regulation` key names no regulation
            self.run.errors.append(_at_key_line(error, source))
            return None
        try:
            report = judge_deck(deck, db, _AS_CHOSEN, self.workspace, bound)
        except Exception as error:  # a bug on one deck: reported for that deck, the others still checked
            self.run.errors.append(internal_error(source.path or "<deck>", error))
            return None
        if bound is None:
            report.why_no_regulation = self.why_none(source.game_id)
        return report

    def options_for(self, db: CardDB) -> tuple[str | None, str | None]:
        """--rules and --format for this game's decks; one the game has nothing to choose by is a note, said once."""
        game = db.game
        if game.id not in self.options:
            rules, format, notes = options_for(game, rules=self.judging.rules, format=self.judging.format)
            self.options[game.id] = (rules, format)
            self.run.notes.extend(notes)
        return self.options[game.id]

    def regulation_of(self, source: DeckSource, db: CardDB, format: str | None = None) -> BoundRegulation | None:
        """The deck's regulation bound to its game's cards (None: regulations off, or none in force); by date, the
        newest of its `format`."""
        if self.judging.no_regulation:
            return None  # --no-regulation: no regulation file is read
        from deckcheck.checking.regulations import deck_regulation  # deferred: regulations may apply

        chosen = self._chosen(source.game_id, deck_regulation(source), source.path, format)
        return self._bind(chosen, db) if chosen is not None else None

    def replay(self, game: str, key: str | None, path: str | None, format: str | None = None) -> None:
        """What checking a deck of `game` (whose `regulation` key is `key`, in `format`) says once per run, for a
        deck a worker process checked: its database's notes, --rules and --format, the notes on --as-of and today's
        regulation, in the order checking it here would say them."""
        db = self.db(game)
        if db is None:
            return
        with suppress(DeckcheckError):
            self.options_for(db)
        if not self.judging.no_regulation:
            with suppress(_Skipped, DeckcheckError):  # (a problem would have sent the deck back to be checked here)
                self._chosen(game, key, path, format)

    def _chosen(self, game: str, key: str | None, path: str | None, format: str | None = None) -> Regulation | None:
        regulations = self.regulations(game)
        if regulations is None:
            raise _Skipped
        if key is None and (self.name is None or regulations.get(self.name) is None) and self._before_all(regulations):
            return None  # --as-of before the game's first regulation: none was in force (a note, said once)
        try:
            chosen = self.judging.choose(regulations, deck_key=key, deck_path=path, name_required=False, format=format)
        except DeckcheckError as error:
            if error.path is not None:
                raise  # the deck's own key: an error of that deck file
            self._date_failed(game, error)
            raise _Skipped from None
        if chosen is None and self.day is None:
            chosen = self.in_force_today(game, format)
        return chosen

    def in_force_today(self, game: str, format: str | None = None) -> Regulation | None:
        """The game's regulation of `format` in force today, when nothing else selects one (decided once per game
        and format; none in force is a note at the end of the run, two on one day an error of the game's decks)."""
        key = (game, format)
        if key not in self.by_default:
            regulations = self.regulations(game)
            if regulations is None or self.today is None:
                raise _Skipped
            try:
                chosen = regulations.current(self.today, format)
            except DeckcheckError as error:
                self.by_default[key] = error
                self._date_failed(game, error)
            else:
                self.by_default[key] = chosen
                if chosen is None:
                    self.unregulated[game] = regulations.why_none(self.today)
        found = self.by_default[key]
        if isinstance(found, DeckcheckError):
            raise _Skipped
        return found

    def why_none(self, game: str) -> str | None:
        if self.judging.no_regulation:
            return "--no-regulation"
        if game in self.unregulated and self.today is not None:
            return _("none in force on {day}: {why}").format(
                day=said_date(self.today.isoformat()), why=self.unregulated[game]
            )
        return None

    def finish(self) -> None:
        """The run's closing notes: what the card data of the games judged is (old, or invented), and the games judged
        without a regulation because none is in force today."""
        self._data_notes()
        if self.today is None:
            return
        reasons: dict[str, list[str]] = {}
        for game, why in sorted(self.unregulated.items()):
            reasons.setdefault(why, []).append(game)
        for why, games in reasons.items():
            self.run.notes.append(
                ngettext(
                    "no {games} regulation in force today ({day}: {why}); its decks were checked without a regulation",
                    "no {games} regulation in force today ({day}: {why}); their decks were checked without a "
                    "regulation",
                    len(games),
                ).format(
                    games=joined(get_game(one).heading_name for one in games),
                    day=said_date(self.today.isoformat()),
                    why=why,
                )
            )

    def _data_notes(self) -> None:
        """Once per game of the decks judged: its live data is older than its manifest allows on the day of the check
        (`as_of`, else today), or its cards are invented (deckcheck.carddb.manifest.data_notes)."""
        games = [report.game for report in self.run.reports]
        if not games:
            return
        day = self.day or self.today
        if day is None:
            from deckcheck.checking.regulations import current_day  # deferred: as in __init__

            try:
                day = current_day()
            except DeckcheckError:  # a bad $DECKCHECK_TODAY with regulations off: the clock's day
                day = date.today()
        for game in dict.fromkeys(games):
            try:
                self.run.data_notes.extend(data_notes([game], day, carddb.shipped_carddb_dir()))
            except DeckcheckError as error:  # a broken manifest: exit 2, naming its file and field
                self.run.errors.append(error)

    def _before_all(self, regulations: RegulationSet) -> bool:
        """Whether --as-of is before every regulation of the game (or it has none): then none is in force."""
        if self.day is None or any(r.effective <= self.day for r in regulations.regulations.values()):
            return False
        game = regulations.game
        if game not in self.failed_dates:
            self.failed_dates[game] = "before"
            first = min((r.effective for r in regulations.regulations.values()), default=None)
            said = (
                _(
                    "{option} {day}: no {game} regulation was in force (its first takes effect on {first}); its decks "
                    "were checked without a regulation"
                )
                if first
                else _(
                    "{option} {day}: no {game} regulation was in force ({game} has no regulations); its decks were "
                    "checked without a regulation"
                )
            )
            day, first_day = self.day.isoformat(), said_date(first.isoformat()) if first else ""
            self.run.notes.append(spoken(said.format(option=mention("as_of"), day=day, game=game, first=first_day)))
        return True

    def _date_failed(self, game: str, error: DeckcheckError) -> None:
        """--as-of selects nothing for this game: said once, and its decks that rely on the date are not checked."""
        if game not in self.failed_dates:
            self.failed_dates[game] = str(error)
            self.run.errors.append(error)

    def _bind(self, chosen: Regulation, db: CardDB) -> BoundRegulation:
        """Look the regulation's cards up once; a broken one stops only the decks that select it (said once)."""
        key = (chosen.game, chosen.name)
        if key not in self.bound:
            try:
                self.bound[key] = chosen.bind(db)
            except DeckcheckError as error:
                self.bound[key] = error
                self.run.errors.append(error)
        bound = self.bound[key]
        if isinstance(bound, DeckcheckError):
            raise _Skipped
        return bound


def _at_key_line(error: DeckcheckError, source: DeckSource) -> DeckcheckError:
    """An error about a deck key (its `regulation`), placed on that key's line so CI annotations land there."""
    if error.line is None and error.field is not None and error.path == source.path:
        source.locate()
        if line := source.key_lines.get(error.field):
            error.line = line
    return error


class _Skipped(Exception):
    """A deck that cannot be checked; its problem has been reported once for its game."""
