"""Decks as data: the entries of a deck file as written (:class:`DeckSource`) and a deck whose cards are looked up
(:class:`Deck`). Reading files is :mod:`deckcheck.formats`; looking cards up is :func:`deckcheck.carddb.resolve_deck`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Protocol

from deckcheck._util.normalize import norm_name
from deckcheck.model.cards import CardT
from deckcheck.model.versions import RulesChoice, choose_rules

if TYPE_CHECKING:
    from deckcheck.errors import DeckcheckError
    from deckcheck.model.game import Game

#: Top-level keys every deck may carry besides `game` and its sections (a game adds its own: Game.deck_keys).
COMMON_KEYS = ("name", "regulation")
#: A count has at most this many digits: a larger number is no count of copies (a `deck.bad-count`), and sums of
#: counts stay far below the 4,300 digits Python prints.
COUNT_DIGITS = 18
MAX_COUNT = 10**COUNT_DIGITS - 1


@dataclass
class Entry(Generic[CardT]):
    """One line or key of a deck: a card reference and its count, as written."""

    section: str
    key: str
    raw_count: Any
    line: int | None = None
    card: CardT | None = None
    end_line: int | None = None  # the last line of an entry written over several lines (else None)
    # A text line read with the card database's help (deckcheck.carddb.resolve_deck): the name written after a card
    # number (`3 BP01-015 name`: the number wins), and the whole line when its count was read from its end
    # (`name 3`: unless the line as a whole is a card's name).
    name: str | None = field(default=None, compare=False)
    whole: str | None = field(default=None, compare=False)
    # What reading it found worth a warning (a name that is not its number's card's): deck.number-name.
    note: str | None = field(default=None, compare=False)
    # A text line's name not as printed that reading took for a card (`べリアルオウル`, a kana slip, or a dot left
    # out): a deck.pasted-reading warning, as a pasted list's is.
    reading: str | None = field(default=None, compare=False)

    @property
    def count(self) -> int | None:
        """The count if it is a positive integer, else None (a `deck.bad-count` error)."""
        value = self.raw_count
        if type(value) is int:  # nearly always (bool is not int here); asked for every entry by every rule
            return value if 1 <= value <= MAX_COUNT else None
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_COUNT:
            return None
        return value

    @property
    def written_other_name(self) -> str | None:
        """The card's other name (Cipher's Japanese name) as printed, where the entry names its card by it (its key,
        or the name written after its number); None otherwise."""
        card = self.card
        if card is None or not card.other_name_fields:
            return None
        for written in (self.name, self.key):
            if written is not None and (name := norm_name(written)) != card.name and name in card.other_names:
                return card.printed_other_name(name)
        return None

    @property
    def shown_name(self) -> str | None:
        """The card's name for people (None: no card), as :attr:`Card.said_name` says it: where the deck names the
        card by its other name (a Japanese name), or the interface is in that name's language, that name first with
        the card's own after it, `救国の英雄 マルス (Savior of His Realm Marth)`."""
        card = self.card
        if card is None:
            return None
        other = self.written_other_name
        if other is not None and card.named != other:  # an entry not looked up by resolve_deck (made by hand)
            card = card.named_by(other)
        return card.said_name


@dataclass
class DeckSource:
    """A deck file as written, before its cards are looked up."""

    path: str | None
    game_id: str
    name: str | None = None
    regulation: str | None = None
    keys: dict[str, str] = field(default_factory=dict)
    entries: list[Entry[Any]] = field(default_factory=list)
    # Sections as written that the game does not have, with the line they start on (text) or None.
    sections: dict[str, int | None] = field(default_factory=dict)
    other: dict[str, Any] = field(default_factory=dict)
    format: str = "toml"
    # Where things stand in the file (line from 1), for findings: filled while reading a text decklist or JSON, and
    # on first need (see locate) for TOML, whose parser keeps no positions.
    section_lines: dict[str, int] = field(default_factory=dict, compare=False)
    key_lines: dict[str, int] = field(default_factory=dict, compare=False)
    # A text decklist's `## ` headings as (line, section, the count it says or None): `## Gデッキ(16)` is compared
    # with the copies of the card lines under it, as a pasted list's subtotal is.
    headings: list[tuple[int, str, int | None]] = field(default_factory=list, compare=False)
    # The lines of those headings that head a part of a section (`## G3`, `グレード2`, `3コスト`): a section's
    # heading counts the card lines up to the next section's heading, a part's up to the next heading.
    part_headings: set[int] = field(default_factory=set, compare=False)
    text: str | None = field(default=None, repr=False, compare=False)
    key_paths: dict[tuple[Any, ...], int] | None = field(default=None, repr=False, compare=False)
    # The lines of a text decklist that could not be read, when it was read as far as it goes (`check`: the file is
    # partly unreadable, reported with its readable lines' violations); else reading it raised this error.
    unreadable: DeckcheckError | None = field(default=None, repr=False, compare=False)
    # A pasted list (deckcheck.formats.pasted.PastedList): its lines are read with the card database, by
    # resolve_deck, which calls its `read(db)`; what the reading guessed is its `notes` (deck.pasted-reading).
    pasted: Any = field(default=None, repr=False, compare=False)

    def set_key(self, key: str, value: str) -> None:
        """Set a deck key: `name`, `regulation` or one of the game's own (`lord`, `basis`, `first_vanguard`)."""
        if key == "name":
            self.name = value
        elif key == "regulation":
            self.regulation = value
        else:
            self.keys[key] = value

    def locate(self) -> None:
        """Give every entry, section and key its line (and where an entry over several lines ends), reading the
        kept TOML or JSON text once (a legal deck never asks)."""
        if self.key_paths is not None or self.text is None or self.format not in ("toml", "json"):
            return
        # deferred: only a deck with findings needs its lines (the scanners are not loaded for a legal deck)
        from deckcheck._util.positions import json_key_lines, toml_key_lines

        ends: dict[tuple[Any, ...], int] = {}  # where entries written over several lines end
        if self.format == "toml":
            self.key_paths = toml_key_lines(self.text, ends)
        else:  # JSON: its lines were applied while reading; only the ends are new
            self.key_paths = json_key_lines(self.text, self.path, ends)
        self.apply_lines(self.key_paths, ends)

    def apply_lines(self, lines: dict[tuple[Any, ...], int], ends: dict[tuple[Any, ...], int] | None = None) -> None:
        for entry in self.entries:
            if entry.line is None:
                entry.line = lines.get((entry.section, entry.key)) or lines.get((entry.section,))
            if ends:
                entry.end_line = ends.get((entry.section, entry.key))
        for path, number in lines.items():
            if len(path) == 1 and isinstance(name := path[0], str):  # a section's header or a top-level key
                self.section_lines.setdefault(name, number)
                self.key_lines.setdefault(name, number)


if TYPE_CHECKING:  # for type checkers only: a Protocol class costs start-up time at run time

    class CardLookup(Protocol[CardT]):
        """What a game's setup may ask of the card database its deck was resolved with (EVOLVE's token)."""

        def named(self, name: str) -> list[CardT]: ...


@dataclass
class Deck(Generic[CardT]):
    """A deck with every entry looked up in its game's card database."""

    game: Game[CardT]
    source: DeckSource
    key_cards: dict[str, CardT | None] = field(default_factory=dict)
    # The database the cards were looked up in (None for a deck built by hand): a setup that needs a card the deck
    # does not list, such as a token, takes it from there.
    db: CardLookup[CardT] | None = field(default=None, repr=False, compare=False)
    # The rules version and format judging it, when a command chose them (--rules, --format, --as-of); else `rules`
    # reads them from the deck's own keys.
    chosen_rules: RulesChoice | None = field(default=None, repr=False, compare=False)
    # What the rules found worth saying without a violation (a title basis that fails where the class basis holds).
    rules_notes: list[str] = field(default_factory=list, repr=False, compare=False)

    @property
    def rules(self) -> RulesChoice:
        """The rules version and format that judge this deck (deckcheck.model.versions)."""
        if self.chosen_rules is None:
            self.chosen_rules = choose_rules(
                self.game, self.source.keys, path=self.source.path, key_lines=self.source.key_lines
            )
        return self.chosen_rules

    @property
    def format(self) -> str:
        return self.rules.format

    def choose_rules(
        self, *, rules: str | None = None, format: str | None = None, as_of: date | None = None
    ) -> RulesChoice:
        """Judge by the rules version `rules` (else the deck's `rules` key, else the one in force `as_of`) in the
        format `format` (else its `format` key), as `--rules`, `--format` and `--as-of` choose; an option the game
        cannot take is an OptionError (exit 2)."""
        source = self.source
        keys, lines = source.keys, source.key_lines
        self.chosen_rules = choose_rules(
            self.game, keys, rules=rules, format=format, as_of=as_of, path=source.path, key_lines=lines
        )
        return self.chosen_rules

    @property
    def path(self) -> str | None:
        return self.source.path

    @property
    def name(self) -> str | None:
        return self.source.name

    @property
    def entries(self) -> list[Entry[CardT]]:
        return self.source.entries

    def key(self, name: str) -> str | None:
        return self.source.keys.get(name)

    # The rules ask for a section's entries, size and cards again and again; a resolved deck is final (edits make
    # a new one), so each is worked out once.

    @cached_property
    def _by_section(self) -> dict[str, list[Entry[CardT]]]:
        grouped: dict[str, list[Entry[CardT]]] = {}
        for entry in self.entries:
            grouped.setdefault(entry.section, []).append(entry)
        return grouped

    @cached_property
    def _sizes(self) -> dict[str, int]:
        return {section: sum(entry.count or 0 for entry in entries) for section, entries in self._by_section.items()}

    @cached_property
    def _cards_by_section(self) -> dict[str, list[tuple[CardT, int]]]:
        return {section: _summed_cards(entries) for section, entries in self._by_section.items()}

    def section_entries(self, section: str) -> list[Entry[CardT]]:
        return list(self._by_section.get(section, ()))

    def size(self, section: str) -> int:
        """Copies in a section, unknown cards included (the player meant a card), bad counts excluded."""
        return self._sizes.get(section, 0)

    def cards(self, section: str) -> list[tuple[CardT, int]]:
        """The known cards of a section with their counts, summed by number, in the order first listed."""
        return list(self._cards_by_section.get(section, ()))

    def all_cards(self, sections: Iterable[str]) -> list[tuple[CardT, int]]:
        return [item for section in sections for item in self.cards(section)]

    def counts(self) -> dict[str, int]:
        sections = self.game.sections_of(self.format) if self.game.play.format_sections else self.game.sections
        return {section: self.size(section) for section in sections}


def _summed_cards(entries: list[Entry[CardT]]) -> list[tuple[CardT, int]]:
    totals: dict[str, list[Any]] = {}
    for entry in entries:
        count = entry.count
        if entry.card is None or count is None:
            continue
        slot = totals.setdefault(entry.card.number, [entry.card, 0])
        slot[1] += count
    return [(card, count) for card, count in totals.values()]
