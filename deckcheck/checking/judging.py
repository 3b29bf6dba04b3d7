"""How a deck is judged: one value, :class:`Judging`, for the regulation, the day, the rules version, the format, no
regulation, and whether the deck's own `regulation` key and today's regulation count; and the choices it makes for a
deck (its rules version and format, its regulation).

It is built once at the edge (the command line from its options, the library facade from its keywords, with
:meth:`Judging.of`), validated there, and passed down; it is frozen and picklable, so it travels to the worker
processes of a check as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypedDict

from deckcheck._i18n import _, said_date
from deckcheck.errors import OptionError, mention

if TYPE_CHECKING:  # deckcheck.checking.regulations is imported only when a regulation may apply
    from deckcheck.carddb.db import CardDB
    from deckcheck.checking.regulations import BoundRegulation, Regulation, RegulationSet
    from deckcheck.checking.workspace import Workspace
    from deckcheck.model.deck import Deck
    from deckcheck.model.versions import RulesChoice

#: What counts besides what was asked for:
#: "check": as `deckcheck check` judges: the deck's own `regulation` key, and today's regulation when nothing selects
#: one (sample data excepted); "asked": only what was asked for (none asked: no regulation, no file read);
#: "today": today's regulation when nothing asked selects one, the deck's own key aside (a deck whose key names no
#: regulation, judged as well as it can be).
Mode = Literal["check", "asked", "today"]
MODES: tuple[Mode, ...] = ("check", "asked", "today")


@dataclass(frozen=True)
class Judging:
    """How a deck is judged (contract, "Regulations" and "Rules versions"): under `regulation` (a name), else the
    deck's own `regulation` key (mode "check"), else the regulation in force on `as_of`, else the one in force today
    (modes "check" and "today"), or none at all with `no_regulation`; by the rules version `rules`, else the deck's
    `rules` key, else the version in force on `as_of`; in the format `format`, else the deck's `format` key.

    `no_regulation` with `regulation` or `as_of` asks for two things at once: an OptionError, raised on building."""

    regulation: str | None = None
    as_of: date | None = None
    rules: str | None = None
    format: str | None = None
    no_regulation: bool = False
    mode: Mode = "check"

    def __post_init__(self) -> None:
        if self.as_of is not None and not isinstance(self.as_of, date):
            raise TypeError(f"as_of must be a date (Judging.of parses a 'YYYY-MM-DD' string), not {self.as_of!r}")
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {self.mode!r}")
        _refuse_with_no_regulation(self.no_regulation, self.regulation, self.as_of)

    @classmethod
    def of(
        cls,
        *,
        regulation: str | None = None,
        as_of: date | str | None = None,
        rules: str | None = None,
        format: str | None = None,
        no_regulation: bool = False,
        mode: Mode = "check",
    ) -> Judging:
        """A Judging from options as given: `as_of` may be "YYYY-MM-DD" (anything else is an OptionError naming
        `as_of`); `no_regulation` is refused with `regulation` or `as_of` before the day is read."""
        _refuse_with_no_regulation(no_regulation, regulation, as_of)  # before the day is read
        day = None
        if as_of is not None:
            day = as_of if isinstance(as_of, date) else _parse_day(as_of)
        return cls(regulation, day, rules, format, no_regulation, mode)

    @property
    def asks(self) -> bool:
        """Whether anything was asked for (a regulation, a day, a rules version, a format, or none)."""
        return self.no_regulation or any(v is not None for v in (self.regulation, self.as_of, self.rules, self.format))

    def asked(self) -> Judging:
        """The same options, and only them: what an option that selects nothing is refused by."""
        return replace(self, mode="asked")

    # The rules version and format --------------------------------------------------------------------------

    def choose_rules(self, deck: Deck[Any]) -> RulesChoice | None:
        """The rules version and format that judge the deck (deckcheck.model.versions.choose_rules), chosen for it:
        `rules`, else its own `rules` key, else the version in force on `as_of`; `format`, else its `format` key.
        None when none of them is given: the deck's own choice stands (`deck.rules`). An option the deck's game
        cannot take is an OptionError (exit 2)."""
        if self.rules is None and self.format is None and self.as_of is None:
            return None
        return deck.choose_rules(rules=self.rules, format=self.format, as_of=self.as_of)

    def require(self, deck: Deck[Any], db: CardDB, workspace: Workspace) -> None:
        """What was asked for selects something for this deck, or it is bad input (DeckcheckError, OptionError): a
        rules version or format its game cannot take, a regulation name it does not have. Said before a command
        writes anything, without judging the deck (the deck's own key, which a command may judge without, aside)."""
        if self.asks:
            self.choose_rules(deck)
            self.asked().regulation_for(deck, db, workspace)

    # The regulation --------------------------------------------------------------------------------------

    def regulation_for(
        self, deck: Deck[Any], db: CardDB, workspace: Workspace, why_none: list[str] | None = None
    ) -> BoundRegulation | None:
        """The regulation the deck is judged under, bound to the game's cards: None with `no_regulation`, when
        nothing asks for one (no file is read then), when `as_of` is before every regulation of the game, or when
        none is in force today (why, in `why_none`). An unknown name, the deck's key naming no regulation, or a
        broken regulation file raises DeckcheckError."""
        if self.no_regulation:
            return None
        key = (deck.source.regulation or "").strip() or None if self.mode == "check" else None
        today = self.mode != "asked"
        if self.regulation is None and key is None and self.as_of is None and not today:
            return None
        from deckcheck.checking.regulations import NoRegulationInForce, current_day  # deferred: a regulation asked

        regulations = workspace.regulations(deck.game.id)
        try:
            chosen = self.choose(regulations, deck_key=key, deck_path=deck.path, format=deck.format)
        except NoRegulationInForce:
            return None  # only the date asked (a name or the deck's key is chosen before it): none was in force
        if chosen is not None:
            return chosen.bind(db)
        if not today:
            return None
        day = current_day()
        chosen = regulations.current(day, deck.format)
        if chosen is None:
            if why_none is not None:
                why_none.append(
                    _("none in force on {day}: {why}").format(
                        day=said_date(day.isoformat()), why=regulations.why_none(day)
                    )
                )
            return None
        return chosen.bind(db, strict=False)  # a database made in code may lack its cards (Regulation.bind)

    def choose(
        self,
        regulations: RegulationSet,
        *,
        deck_key: str | None = None,
        deck_path: str | None = None,
        name_required: bool = True,
        format: str | None = None,
    ) -> Regulation | None:
        """The contract's order within one game's regulations: `regulation`, else the deck's `regulation` key, else
        the one of the deck's `format` in force on `as_of`, else none (today's is the caller's). With
        ``name_required=False`` (several games in one check) a game without the name falls through."""
        from deckcheck.checking.regulations import choose  # deferred: a regulation asked for

        return choose(
            regulations,
            name=self.regulation,
            deck_key=deck_key,
            day=self.as_of,
            deck_path=deck_path,
            name_required=name_required,
            format=format,
        )


def _refuse_with_no_regulation(no_regulation: bool, regulation: object, as_of: object) -> None:
    """`no_regulation` with `regulation` or `as_of` asks for two things at once: an OptionError (exit 2)."""
    if not no_regulation:
        return
    for option, value in (("regulation", regulation), ("as_of", as_of)):
        if value is not None:
            raise OptionError(
                "no_regulation",
                _("{option} and {other} cannot go together: choose one").format(
                    option=mention("no_regulation"), other=mention(option)
                ),
            )


def _parse_day(text: str) -> date:
    from deckcheck.checking.regulations import parse_day  # deferred: a day asked for

    return parse_day(text, option="as_of")


# The keywords of the library functions that build a Judging ----------------------------------------------------------


class JudgingKeywords(TypedDict, total=False):
    """The keywords of the library's judging functions, each a field of Judging (Judging.of parses `as_of`)."""

    as_of: date | str | None
    rules: str | None
    format: str | None
    no_regulation: bool


class CheckKeywords(JudgingKeywords, total=False):
    """check_paths' keywords: a regulation by name too."""

    regulation: str | None


class FacadeKeywords(CheckKeywords, total=False):
    """deckcheck.check's keywords: `carddb_dirs` chooses the default workspace."""

    carddb_dirs: Iterable[str | Path]


class ReportKeywords(JudgingKeywords, total=False):
    """report_deck's keywords (its regulation is its third argument): `carddb_dirs` chooses the default workspace;
    `deck_key` and `today`, its flags before Judging, both mean mode "check" (as `check` judges), neither "asked"."""

    carddb_dirs: Iterable[str | Path]
    deck_key: bool
    today: bool


def judging_from(keywords: Mapping[str, Any], mode: Mode, regulation: str | None = None) -> Judging:
    """The Judging that a library function's keywords (JudgingKeywords, `carddb_dirs` aside) ask for."""
    return Judging.of(
        regulation=regulation if regulation is not None else keywords.get("regulation"),
        as_of=keywords.get("as_of"),
        rules=keywords.get("rules"),
        format=keywords.get("format"),
        no_regulation=bool(keywords.get("no_regulation", False)),
        mode=mode,
    )
