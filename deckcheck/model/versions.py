"""Rules versions and formats: which version of a game's rules document, and which of its formats, judge a deck.

A game lists its versions as dated data (:class:`RulesVersion`, oldest first) and its formats; a deck is judged by
the version chosen in this order (spec evolve-1.24.1 §1): `--rules`, the deck's `rules` key, the newest version in
force on `--as-of`, else the newest version. Its format is `--format`, else the deck's `format` key, else the first
(standard). A format that exists only from some version on moves a dated or default choice to that version (a note),
and is refused (exit 2) when the version was pinned to an older one. A game without versions has one unnamed version
and one format: nothing here changes how it is judged.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from deckcheck._i18n import _, said_date, translate
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.errors import DeckcheckError, OptionError, mention, spoken

if TYPE_CHECKING:  # for type checkers only (deckcheck.model.game imports this module; no circle at any time)
    from typing import Protocol

    class Game(Protocol):
        """What choosing a version reads of a game (deckcheck.model.game.Game)."""

        @property
        def id(self) -> str: ...
        @property
        def play(self) -> Play: ...


#: The deck keys that choose them (a game that has versions or formats accepts these keys).
RULES_KEY, FORMAT_KEY = "rules", "format"


@dataclass(frozen=True)
class RulesVersion:
    """One version of a game's rules document, in force from `effective`."""

    version: str
    effective: date
    document: str = ""

    @property
    def order(self) -> tuple[int, ...]:
        return version_order(self.version)


@dataclass(frozen=True)
class VersionAddition:
    """Rules of a later version that a dated choice of an older `version` applies too from `effective` on (EVOLVE:
    the Vanguard-title conditions of Ver.1.24.1 with the products of 2024-06-28, under Ver.1.7.0), with the note
    that then replaces the version's own note (`Play.version_notes`)."""

    version: str
    effective: date
    rules: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True)
class RulesChoice:
    """The version and format that judge one deck, how the version was chosen, and what a reader should know."""

    version: str | None
    format: str
    by: str  # "default", "--rules", "deck", "--as-of"
    notes: tuple[str, ...] = field(default=())
    # rule ids of later versions that apply as well (a VersionAddition in force on the day asked)
    additions: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, str | None]:
        return {"version": self.version, "format": self.format, "by": self.by}

    def text(self, format_word: Callable[[str], str] = str) -> str:
        """`rules 1.24.1, standard` for a deck's header line (the format as `format_word` says it: the game's
        document's word, `term`)."""
        said = format_word(self.format)
        return _("rules {version}, {format}").format(version=self.version, format=said) if self.version else said


@dataclass(frozen=True)
class Play:
    """The versions of the rules document and the formats the game is played in (this module chooses one of
    each for a deck)."""

    # Versions of the rules document, oldest first (deckcheck.model.versions; none: one unnamed version), the note a
    # dated choice of a version gets while later versions not modelled were in force, and the formats (the first is
    # the default) with their aliases, the version each needs, its rules reference and the sections only it has.
    versions: tuple[RulesVersion, ...] = ()
    version_notes: dict[str, str] = field(default_factory=dict)
    formats: tuple[str, ...] = ("standard",)
    format_aliases: dict[str, str] = field(default_factory=dict)
    format_since: dict[str, str] = field(default_factory=dict)
    format_refs: dict[str, str] = field(default_factory=dict)
    format_sections: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # rules of later versions that a dated choice of an older version applies from a day on
    version_additions: tuple[VersionAddition, ...] = ()


def version_order(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


_VERSION_PREFIX = re.compile(r"^(?:ver(?:sion)?\.?\s*)", re.IGNORECASE)


def known_version(game: Game, text: str) -> str | None:
    """The version a text names (`1.24.1`, `Ver.1.24.1`, `ver 1.7.0`), or None."""
    wanted = _VERSION_PREFIX.sub("", unicodedata.normalize("NFKC", text).strip())
    return next((v.version for v in game.play.versions if v.version == wanted), None)


def known_format(game: Game, text: str) -> str | None:
    wanted = unicodedata.normalize("NFKC", text).strip().casefold()
    for name in game.play.formats:
        if wanted == name:
            return name
    return game.play.format_aliases.get(wanted)


def choose_rules(
    game: Game,
    keys: dict[str, str],
    *,
    rules: str | None = None,
    format: str | None = None,
    as_of: date | None = None,
    path: str | None = None,
    key_lines: dict[str, int] | None = None,
) -> RulesChoice:
    """The rules version and format of a deck with these top-level `keys` (module docstring). A bad option is an
    OptionError, a bad deck key a DeckcheckError naming the file and line (both exit 2)."""
    key_lines = key_lines or {}
    versions = game.play.versions
    if not versions:
        if rules is not None:
            raise OptionError(
                "rules",
                _("{option} {value}: {game} has one rules document, no versions to choose from").format(
                    option=mention("rules"), value=quoted(rules), game=game.id
                ),
            )
        return RulesChoice(None, _format(game, keys, format, path, key_lines), "default")
    notes: list[str] = []
    added: tuple[str, ...] = ()
    known = joined(v.version for v in versions)
    if rules is not None:
        version = known_version(game, rules)
        if version is None:
            raise OptionError(
                "rules",
                _("{option} {value} is not a rules version of {game} (known: {known})").format(
                    option=mention("rules"), value=quoted(rules), game=game.id, known=known
                ),
            )
        by = "--rules"
    elif (deck_rules := keys.get(RULES_KEY)) is not None:
        version = known_version(game, deck_rules)
        if version is None:
            raise DeckcheckError(
                _("the deck key rules = {value} is not a rules version of {game} (known: {known})").format(
                    value=quoted(deck_rules), game=game.id, known=known
                ),
                path=path,
                line=key_lines.get(RULES_KEY),
                field=RULES_KEY,
            )
        by = "deck"
    elif as_of is not None:
        version, notes = _in_force(game, as_of)
        by = "--as-of"
        additions = [a for a in game.play.version_additions if a.version == version and a.effective <= as_of]
        if additions:
            added = tuple(rule for addition in additions for rule in addition.rules)
            notes = [translate(additions[-1].note)] if additions[-1].note else notes
    else:
        version, by = versions[-1].version, "default"
    chosen_format = _format(game, keys, format, path, key_lines)
    since = game.play.format_since.get(chosen_format)
    if since is not None and version_order(version) < version_order(since):
        format_ref = game.play.format_refs.get(chosen_format, "")
        if format_ref:
            needs = _("format {format} needs rules Ver.{since} ({ref})").format(
                format=chosen_format, since=since, ref=format_ref
            )
        else:
            needs = _("format {format} needs rules Ver.{since}").format(format=chosen_format, since=since)
        if by == "--rules":
            raise OptionError(
                "rules",
                _("{needs}; {option} {rules} chooses Ver.{version}").format(
                    needs=needs, option=mention("rules"), rules=rules, version=version
                ),
            )
        if by == "deck":
            raise DeckcheckError(
                _("{needs}; the deck is pinned to Ver.{version}").format(needs=needs, version=version),
                path=path,
                line=key_lines.get(RULES_KEY),
                field=RULES_KEY,
            )
        version, added = since, ()
        if format_ref:
            notes = [
                _("format {format} is defined in Ver.{since} {ref}").format(
                    format=chosen_format, since=since, ref=format_ref
                )
            ]
        else:
            notes = [_("format {format} is defined in Ver.{since}").format(format=chosen_format, since=since)]
    return RulesChoice(version, chosen_format, by, tuple(notes), added)


def _format(game: Game, keys: dict[str, str], option: str | None, path: str | None, lines: dict[str, int]) -> str:
    known = joined(game.play.formats)
    if option is not None:
        found = known_format(game, option)
        if found is None and len(game.play.formats) == 1:
            raise OptionError(
                "format",
                _("{option} {value}: {game} has one format only ({known})").format(
                    option=mention("format"), value=quoted(option), game=game.id, known=known
                ),
            )
        if found is None:
            raise OptionError(
                "format",
                _("{option} {value} is not a format of {game} (known: {known})").format(
                    option=mention("format"), value=quoted(option), game=game.id, known=known
                ),
            )
        return found
    deck_format = keys.get(FORMAT_KEY)
    if deck_format is None:
        return game.play.formats[0]
    found = known_format(game, deck_format)
    if found is None:
        raise DeckcheckError(
            _("the deck key format = {value} is not a format of {game} (known: {known})").format(
                value=quoted(deck_format), game=game.id, known=known
            ),
            path=path,
            line=lines.get(FORMAT_KEY),
            field=FORMAT_KEY,
        )
    return found


def _in_force(game: Game, day: date) -> tuple[str, list[str]]:
    """The newest version in force on `day`, and the game's note on that date (its `version_notes`)."""
    versions = game.play.versions
    in_force = [v for v in versions if v.effective <= day]
    if not in_force:
        first = versions[0]
        return first.version, [
            _("no known rules version was in force on {day}; Ver.{version} applied").format(
                day=said_date(day.isoformat()), version=first.version
            )
        ]
    chosen = in_force[-1]
    later = [v for v in versions if v.effective > day]
    note = game.play.version_notes.get(chosen.version) if later else None
    return chosen.version, [translate(note)] if note else []


def options_for(game: Game, *, rules: str | None, format: str | None) -> tuple[str | None, str | None, list[str]]:
    """`--rules` and `--format` as they apply to one game's decks in a check of several games: an option the game
    has nothing to choose by (one rules document, one format) is left out for its decks, with a note saying so;
    a value the game could take but does not know stays, for choose_rules to refuse."""
    notes = []
    if rules is not None and not game.play.versions:
        notes.append(
            spoken(
                _("{option} {rules}: {game} has one rules document; its decks were judged by it").format(
                    option=mention("rules"), rules=rules, game=game.id
                )
            )
        )
        rules = None
    if format is not None and len(game.play.formats) == 1 and known_format(game, format) is None:
        notes.append(
            spoken(
                _("{option} {format}: {game} has one format ({only}); its decks were judged in it").format(
                    option=mention("format"), format=format, game=game.id, only=game.play.formats[0]
                )
            )
        )
        format = None
    return rules, format, notes
