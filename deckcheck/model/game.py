"""What the core needs to know of a game: its sections, card model and construction rules.

Each module under ``deckcheck/games/`` defines one :class:`Game` named ``GAME``.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

from deckcheck._i18n import _, language, ngettext, translate, translate_as
from deckcheck._util.text import joined
from deckcheck.errors import mention, spoken
from deckcheck.model.cards import Card, CardT
from deckcheck.model.versions import FORMAT_KEY, RULES_KEY, Play, version_order
from deckcheck.model.violation import Severity, Violation

# A rule's check takes the rule and a deck (deckcheck.model.deck.Deck, which imports this module for its `game`:
# Any here keeps the two modules out of an import circle; each game types its checks with Deck).
CheckFunction = Callable[["Rule", Any], Iterable[Violation]]


if TYPE_CHECKING:  # for type checkers only: a Protocol class costs start-up time at run time

    class DeckView(Protocol[CardT]):
        """What the shared helpers below read of a deck (deckcheck.model.deck.Deck)."""

        @property
        def game(self) -> Game[CardT]: ...

        def cards(self, section: str) -> list[tuple[CardT, int]]: ...

        def size(self, section: str) -> int: ...


@dataclass(frozen=True)
class Rule:
    """A named construction rule: its id, the rules document's number and the check itself."""

    id: str
    ref: str
    summary: str
    check: CheckFunction
    severity: Severity = "error"
    refs: str = ""
    # the first rules version that has the rule (None: every version), and the formats it applies in (None: all)
    since: str | None = None
    formats: tuple[str, ...] | None = None

    def applies(self, version: str | None, format: str, additions: Sequence[str] = ()) -> bool:
        """Whether the rule judges a deck of this version and format (`additions`: rule ids of later versions that
        apply too, RulesChoice.additions)."""
        if self.formats is not None and format not in self.formats:
            return False
        if self.id in additions:
            return True
        return self.since is None or version is None or version_order(version) >= version_order(self.since)

    def violation(
        self,
        section: str | None,
        message: str,
        *,
        cards: Iterable[str] = (),
        count: int | None = None,
        limit: int | None = None,
        ref: str | None = None,
        deck_key: str | None = None,
        **extra: object,
    ) -> Violation:
        return Violation(
            rule=self.id,
            severity=self.severity,
            section=section,
            message=message,
            ref=ref or self.ref,
            cards=list(dict.fromkeys(cards)),
            count=count,
            limit=limit,
            extra=dict(extra),
            deck_key=deck_key,
        )

    def counted(
        self, section: str, message: str, found: Sequence[tuple[Card, int]], count: int, limit: int
    ) -> Violation:
        """A violation about the `count` copies `found` (whose numbers it names) against `limit`."""
        return self.violation(section, message, cards=[card.number for card, _count in found], count=count, limit=limit)

    def run(self, deck: DeckView[Any]) -> list[Violation]:
        return list(self.check(self, deck))


class RuleBook:
    """Collects a game's rules in the order they are declared (the order of the spec's table)."""

    def __init__(self) -> None:
        self.rules: list[Rule] = []

    def rule(
        self,
        rule_id: str,
        *,
        ref: str,
        summary: str,
        refs: str = "",
        severity: Severity = "error",
        since: str | None = None,
        formats: tuple[str, ...] | None = None,
    ) -> Callable[[CheckFunction], CheckFunction]:
        if any(rule.id == rule_id for rule in self.rules):
            raise ValueError(f"the rule {rule_id!r} is declared twice")

        def register(check: CheckFunction) -> CheckFunction:
            self.rules.append(Rule(rule_id, ref, summary, check, severity, refs or ref, since, formats))
            return check

        return register


@dataclass(frozen=True)
class PastedWords:
    """How players head and mark a decklist they publish (a blog, a shop's report), for the reader of pasted lists
    (deckcheck.formats.pasted). Patterns are regular expressions matched against a whole line after NFKC, with its
    bullets, decorations (◆ ■ ▼ 【】) and a subtotal `(9枚)` taken off."""

    # heading pattern -> the section its cards go to (grade, trigger and cost headings: the main deck)
    headings: tuple[tuple[str, str], ...] = ()
    # a mark in a card line (`★`, `(主人公)`, `(FV)`; brackets taken off) -> the card key it names that card for
    marks: dict[str, str] = field(default_factory=dict)
    # `name:3-2`: the copies of one name in these two sections (EVOLVE: main deck and evolve deck)
    pair: tuple[str, str] | None = None
    # sections holding one card: a line that only names such a card (`テリトリー:name`, a lone territory) is that card
    one_card: tuple[str, ...] = ()


# What a game declares, grouped by who reads it: a game module fills the groups it needs, each reader reads its own.


def copies_per_section(deck: DeckView[CardT]) -> Iterator[CopyGroup[Hashable]]:
    """Copies per `Copies.identity`, each section counted separately (the default when a game says nothing)."""
    game = deck.game
    for section in game.sections:
        items = [(card, n) for card, n in deck.cards(section) if game.copies.identity(card) is not None]
        for identity, entry in tally(items, lambda card: [game.copies.identity(card)]).items():
            yield CopyGroup(section, identity, entry, _("the {section} section").format(section=section))


@dataclass(frozen=True)
class Copies(Generic[CardT]):
    """How the game counts copies, read by the card database (records of one identity agree on their limit), the
    game's copies rule and regulations (checking.regulations), so that a regulation's limit counts as the game does."""

    # The key under which records must agree on `deck_limit` (None: the record has no copy limit).
    identity: Callable[[CardT], Hashable | None]
    # The copy limit of a card without `deck_limit`; records of one identity agree when their limits match.
    default: int = 4
    # The groups its copies rule limits (identities as `identity` gives them).
    groups: Callable[[Any], Iterable[CopyGroup[Any]]] = copies_per_section


def no_notes(cards: Sequence[Card]) -> list[str]:
    """No consistency notes about a loaded database."""
    return []


def main_section(card: Card) -> str:
    """Every card goes to the main deck."""
    return "main"


def no_other_numbers(number: str) -> Sequence[str]:
    """A key that is no card's number names no card."""
    return ()


class FieldWord(NamedTuple):
    """A word the game's rules document names a printed field of its cards with (`グレード`), the record field a filter
    reads for it (`grade`, as filters name it: a field's alias where it has one) and the rule that defines it."""

    word: str
    field: str
    ref: str


@dataclass(frozen=True)
class Cards(Generic[CardT]):
    """What the card database, `cards search` and the builder (`add`, `show`, registry import) read of the cards."""

    # Consistency notes about a loaded database (printed on stderr, never violations).
    db_warnings: Callable[[Sequence[CardT]], list[str]] = no_notes
    # the section a card goes to when `add` is given no --section (a leader goes to `leader`, ...);
    home_section: Callable[[CardT], str] = main_section
    # other numbers to try for a key that is no card's number (cipher: a printed code with its rarity suffix);
    number_fallbacks: Callable[[str], Sequence[str]] = no_other_numbers
    # the card fields `cards search` shows as columns, after number and name.
    search_columns: tuple[str, ...] = ()
    # A regular printing's number (a regular expression matched against the whole number): for a name shared by
    # printings, the first regular printing (the one a player owns) stands for it, not a special print
    # (`G-BT06/SR01`, `BP01-SL01`); where no printing of the name is regular, the lowest number.
    regular_number: str = r".*[-/]\d+"
    # the rules document's words for the cards' printed fields, which filters (`--want`, `cards search`) take for
    # the field (`グレード=3` is `grade=3`), compared after NFKC; listed in the filter help and `deckcheck rules GAME`.
    field_words: tuple[FieldWord, ...] = ()

    def field_of_word(self, word: str) -> str | None:
        """The record field a rules document's word names (after NFKC), else None."""
        wanted = unicodedata.normalize("NFKC", word).strip()
        return next((one.field for one in self.field_words if one.word == wanted), None)


def no_questions(deck: Any) -> list[tuple[str, tuple[str, ...], int]]:
    """No questions of the game's own for `deckcheck stats` without --want."""
    return []


class Distribution(NamedTuple):
    """One of `show`'s distributions: its title (English, marked N_: a key of `show -o json`'s `profile`, shown with
    `translate`), the card field its buckets are values of (said with `term`; None: buckets of no one field) and the
    copies per bucket."""

    title: str
    field: str | None
    buckets: dict[str, int]


def no_distributions(deck: Any) -> list[Distribution]:
    """No distributions of the game's own for `show`."""
    return []


@dataclass(frozen=True)
class Profile:
    """What the reports show of a deck unasked: `stats` without --want, `show`'s distributions, `hand`'s column."""

    # `deckcheck stats` without --want: (label, wants, own turn) lines that matter for this game's decks.
    stats_report: Callable[[Any], list[tuple[str, tuple[str, ...], int]]] = no_questions
    # what that report asks, for `deckcheck stats --help` (marked N_, shown with `translate`; "": no report).
    stats_report_summary: str = ""
    # `show`'s distributions that matter for this game's decks: (title, field, {bucket: copies}).
    distributions: Callable[[Any], list[Distribution]] = no_distributions
    # the field `hand` shows beside each card's name (Vanguard's grade, a cost, a level), as `shown_value` gives it.
    hand_column: str | None = None


def no_registry_keys(data: dict[str, Any]) -> tuple[dict[str, str], list[str]]:
    """The registry's object carries no deck key of the game's own."""
    return {}, []


def _main_list() -> dict[str, str]:
    return {"list": "main"}


@dataclass(frozen=True)
class Registry:
    """The official deck registry's JSON export, as `convert` reads it."""

    # where the lists of the export (`list`, `sub_list`, `p_list`) go: a section or a card key.
    lists: dict[str, str] = field(default_factory=_main_list)
    # deck keys the export's object carries besides its lists (evolve: the basis or format in `deck_param2`), and
    # notes; a value the game cannot read raises DeckcheckError naming its field
    keys: Callable[[dict[str, Any]], tuple[dict[str, str], list[str]]] = no_registry_keys
    # The registry's `game_title_id` for this game, where it is known (seen in real exports).
    title_id: int | None = None


@dataclass(frozen=True)
class DeckKeys:
    """The game's own top-level deck keys, read by the deck readers, the builder (`set`) and printed lists (the
    rules version and format keys come with `Game.play`: see `Game.deck_keys`)."""

    # keys holding a card (cipher `lord`) or a plain word (evolve `basis`)
    cards: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    # The words a word key may hold (compared after NFKC and case folding), which `set` checks before it writes;
    # a word key not listed takes any one line of text.
    allowed_words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Why the setup cannot use the card a card key names in a deck (deck, key, value): None when it can. `check`
    # reports it on the key's line, `set` refuses it (a card that can never serve) or warns (a card the deck does not
    # hold yet), and `hand` and `stats` refuse the deck with the same words.
    setup_problem: Callable[[Any, str, str], KeyProblem | None] | None = None


class KeyProblem(NamedTuple):
    """Why a card key cannot be used by the setup: the reason (a clause, as an error says it) and whether it is the
    card itself (a cost or grade the setup never takes) rather than a card the deck does not hold."""

    reason: str
    card_itself: bool


@dataclass(frozen=True)
class Wording:
    """How people read and write the sections and keys: printed lists, `show`, the builder's messages, text decklists
    and pasted lists (deckcheck.formats)."""

    # How people read the sections and keys (printed lists and `show`): "G deck", "Deck basis"; an id not listed
    # reads as itself. The builder's messages name a section as `section_phrases` gives it ("the G deck"). Both are
    # English, marked N_ where a game writes them, and shown with `translate` (labels are also read as headings).
    section_labels: dict[str, str] = field(default_factory=dict)
    section_phrases: dict[str, str] = field(default_factory=dict)
    key_labels: dict[str, str] = field(default_factory=dict)
    # The words players head a section of a text decklist with, in the game's own language (`## Gデッキ`): word ->
    # section id. Compared after NFKC and lower-casing; the section ids and `section_labels` are accepted too.
    section_words: dict[str, str] = field(default_factory=dict)
    # Headings and marks of the lists players publish (a pasted list, `check --game`).
    pasted: PastedWords = field(default_factory=PastedWords)
    # Sections a legal deck always fills: a printed list shows them even when empty (it never hides a missing leader).
    always_listed: tuple[str, ...] = ()
    # The rules document's words for the values of the cards' fields, as the game's term table: field -> {value as
    # stored: the rule that names it ("2.7.1")}. The words themselves are the catalog's entries of the context
    # `GAME:FIELD` (tools/catalogs.py reads this table; tests hold each Japanese word to its document); shown by
    # `term`. A field not listed, or a value not in it, reads as stored.
    terms: dict[str, dict[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Game(Generic[CardT]):
    """A game as the core knows it: its id, names, sections, card model and rules, then one group per reader:
    `copies` (the card database, the copies rules, regulations), `keys` (the deck's own keys), `cards` (the card
    database, search, the builder), `profile` (stats, show, hand), `registry` (convert from the official registry),
    `wording` (printed and text lists, the builder's messages) and `play` (rules versions and formats,
    deckcheck.model.versions)."""

    id: str
    # The game's name (as every listing prints it) and its rules document's (marked N_, shown with `translate`).
    title: str
    rules_document: str
    sections: tuple[str, ...]
    card_model: type[CardT]
    rules: tuple[Rule, ...]
    copies: Copies[CardT]
    keys: DeckKeys = field(default_factory=DeckKeys)
    # The setup and first turns for the engine (deckcheck.engine.procedure.Setup); None until the game has one.
    setup: Any = None
    cards: Cards[CardT] = field(default_factory=Cards)
    profile: Profile = field(default_factory=Profile)
    registry: Registry = field(default_factory=Registry)
    wording: Wording = field(default_factory=Wording)
    play: Play = field(default_factory=Play)

    @property
    def said_title(self) -> str:
        """The game's name in the chosen language (its Japanese title in Japanese)."""
        return translate(self.title)

    @property
    def heading_name(self) -> str:
        """The game as the heading of an output names it: its id in English (what a deck file and `--game` write),
        its title in another language (ビルディバイド)."""
        return self.id if language() == "en" else self.said_title

    @property
    def deck_keys(self) -> tuple[str, ...]:
        versions: tuple[str, ...] = (RULES_KEY,) if self.play.versions else ()
        formats: tuple[str, ...] = (FORMAT_KEY,) if len(self.play.formats) > 1 else ()
        return self.keys.cards + self.keys.words + versions + formats

    def sections_of(self, format: str) -> tuple[str, ...]:
        """The sections a deck of that format has (a format-only section, EVOLVE's sealed `pool`, in its own)."""
        return tuple(s for s in self.sections if format in self.play.format_sections.get(s, (format,)))

    def rule(self, rule_id: str) -> Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)


# Helpers the game modules share ------------------------------------------------------------------


@dataclass
class Tally(Generic[CardT]):
    """Copies counted under one key, with the cards (numbers) that made them."""

    count: int = 0
    cards: list[CardT] = field(default_factory=list)

    @property
    def numbers(self) -> list[str]:
        """The database numbers (normalised) of the cards counted: a violation's `cards`."""
        return list(dict.fromkeys(card.number for card in self.cards))

    @property
    def printed_numbers(self) -> list[str]:
        """The same numbers as printed, for a message."""
        return list(dict.fromkeys(card.printed_number for card in self.cards))

    def label(self) -> str:
        """'name (number, number)' as printed (the first card's name), for a message."""
        return self.cards[0].label_with(self.printed_numbers)

    def copy_limit(self, default: int) -> int | None:
        """The copy limit of the cards counted (the records of one identity agree on it: the loader checks)."""
        return self.cards[0].copy_limit(default)


# What a game's copy groups are keyed by (a name, a (name, section kind) pair, ...).
IdentityT = TypeVar("IdentityT", bound=Hashable)


class CopyGroup(NamedTuple, Generic[IdentityT]):
    """Copies a game counts together for a copy limit."""

    section: str  # where a violation about them is reported
    identity: IdentityT  # as `Game.copies.identity` gives it for a card whose limit applies to this group
    tally: Tally[Any]
    # where the copies were counted, for messages, in the chosen language: "the main deck", "the main deck and D deck
    # together"
    scope: str


def size_violations(
    rule: Rule,
    deck: DeckView[Any],
    section: str,
    *,
    ref: str,
    low: int | None = None,
    high: int | None = None,
    note: str = "",
    at_least: str = "must have at least",
) -> Iterator[Violation]:
    """A section-size rule: a violation when the section's copies fall below `low` or above `high` (both the same:
    exactly that many). The message names the section as its game does and ends with the rules document's `ref`.
    `note` (marked N_, shown translated) follows the limit (", not counting the leader"); `at_least` is "must have
    at least" or "needs at least", the wording of a shortfall (each a whole sentence of the catalog)."""
    size = deck.size(section)
    if low is not None and low == high and size != low:
        template, limit = _("{section} has {cards}; it must have exactly {limit}{note} ({ref})."), low
    elif low is not None and size < low:
        if at_least == "needs at least":
            template = _("{section} has {cards}; it needs at least {limit}{note} ({ref}).")
        else:
            template = _("{section} has {cards}; it must have at least {limit}{note} ({ref}).")
        limit = low
    elif high is not None and size > high:
        template, limit = _("{section} has {cards}; it may have at most {limit}{note} ({ref})."), high
    else:
        return
    phrase = section_phrase(deck.game, section)
    message = template.format(
        section=f"{phrase[:1].upper()}{phrase[1:]}",
        cards=ngettext("{n} card", "{n} cards", size).format(n=size),
        limit=limit,
        note=translate(note) if note else "",
        ref=ref,
    )
    yield rule.violation(section, message, count=size, limit=limit)


def term(game: Game[Any], field_name: str, value: object) -> str:
    """A card field's value as the game's rules document says it in the chosen language (`critical` -> クリティカル
    for Vanguard's trigger), from the game's term table (`Wording.terms`); as stored where the table has no word."""
    text = "—" if value is None else str(value)
    if field_name not in game.wording.terms or text not in game.wording.terms[field_name]:
        return text
    return translate_as(f"{game.id}:{field_name}", text)


def field_word(game: Game[Any], field_name: str) -> str:
    """A card field's name as the game's rules document says it (グレード, コスト) in Japanese, from the game's
    `cards.field_words` (its first word for the field); the field's own name in English or where it has none."""
    if language() != "en":
        for one in game.cards.field_words:
            if one.field == field_name:
                return one.word
    return field_name


def shown_value(game: Game[Any], card: Card, column: str | None) -> str:
    """`grade 2`, `cost 3`, `level 1` (`cost -` for a card without one); in Japanese the document's word and value,
    unspaced (グレード2, コスト3)."""
    if column is None:
        return ""
    value = card.shown_value(column)
    said = "-" if value is None else term(game, column, value)
    if language() == "en":
        return f"{column} {said}"
    return f"{field_word(game, column)}{said}"


def section_phrase(game: Game[Any], section: str) -> str:
    """How a message names a section ("the G deck"), in the chosen language: the game's `section_phrases` (marked
    N_; said in the game's own words where the catalog has its context: Cipher's only deck is デッキ), else "the
    SECTION section"."""
    phrase = game.wording.section_phrases.get(section)
    return translate_as(game.id, phrase) if phrase else _("the {section} section").format(section=section)


def tally(
    items: Iterable[tuple[CardT, int]], keys: Callable[[CardT], Iterable[Hashable]]
) -> dict[Hashable, Tally[CardT]]:
    """Count copies under every key a card has (a card may count under several names)."""
    result: dict[Hashable, Tally[CardT]] = {}
    for card, count in items:
        card_keys = list(keys(card))
        for key in card_keys if len(card_keys) == 1 else dict.fromkeys(card_keys):
            entry = result.get(key)
            if entry is None:
                entry = result[key] = Tally()
            entry.count += count
            entry.cards.append(card)
    return result


def names_of(cards: Iterable[Card]) -> str:
    """'A (N1), B (N2)' for a message, each card once."""
    seen = dict.fromkeys(card.label() for card in cards)
    return joined(seen)


def limit_text(limit: int | None) -> str:
    return _("no limit") if limit is None else str(limit)


def iter_over_limit(
    tallies: dict[Hashable, Tally[Any]], limit_of: Callable[[Hashable, Tally[Any]], int | None]
) -> Iterator[tuple[Hashable, Tally[Any], int]]:
    """The keys whose count exceeds their limit, as (key, tally, limit)."""
    for key, entry in tallies.items():
        limit = limit_of(key, entry)
        if limit is not None and entry.count > limit:
            yield key, entry, limit


def histogram(
    items: Iterable[tuple[CardT, int]], key: Callable[[CardT], Any], *, missing: bool = True
) -> dict[str, int]:
    """Copies per value of `key` (lists count under each value), in natural order; no value is '—', last
    (left out with ``missing=False``, for flags such as sentinels)."""
    counts: dict[Any, int] = defaultdict(int)
    for card, count in items:
        value = key(card)
        for item in value if isinstance(value, list | tuple) else [value]:
            if item is not None or missing:
                counts[item] += count

    def order(item: Any) -> tuple[int, Any]:
        value = item[0]
        return (2, "") if value is None else (0, value) if isinstance(value, int) else (1, str(value))

    return {("—" if value is None else str(value)): count for value, count in sorted(counts.items(), key=order)}


def rules_document_of(game: Game[Any], *, translated: bool = True) -> str:
    """The game's rules document as it is said (`rules_document` may name the options that choose a version:
    `{rules}`, `{as_of}`), in the chosen language unless not `translated`."""
    text = translate(game.rules_document) if translated else game.rules_document
    if "{" not in text:
        return text
    return spoken(text.format(rules=mention("rules"), as_of=mention("as_of")))
