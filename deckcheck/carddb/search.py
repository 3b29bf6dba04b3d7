"""Finding cards by name, number or field filters (`deckcheck cards search`; deckcheck.commands.search prints them).

A text query matches names by substring on a search key that forgives how Japanese is typed: full-width and
half-width alike (NFKC), case-insensitive, katakana and hiragana alike, furigana in parentheses optional, and
spaces, middle dots and dashes ignored. Several words must all match. A query of `field=value` pairs is a filter
in the contract's query language (deckcheck.model.query).
"""

from __future__ import annotations

import bisect
import itertools
import unicodedata
from collections.abc import Iterable, Mapping

from deckcheck._i18n import N_, _, translate
from deckcheck._util.normalize import norm_name, norm_number
from deckcheck._util.safetext import quoted
from deckcheck._util.searchkey import fold_key, name_keys, search_key
from deckcheck.carddb.db import CardDB
from deckcheck.errors import DeckcheckError
from deckcheck.model.cards import Card
from deckcheck.model.query import _field_info, condition_of, parse_filter

TEXT_LIMIT = 50
_WHAT_TO_GIVE = N_("give part of a name, a card number or field=value filters (e.g. grade=3,trigger=none)")

# Matching ---------------------------------------------------------------------------------------------------

EXACT_NUMBER, EXACT_NAME, NAME_PREFIX, SUBSTRING = range(4)


class _Word:
    """One word of a text query, its forms computed once (a search runs it over thousands of names)."""

    def __init__(self, word: str) -> None:
        self.key = search_key(word)
        self.number = norm_number(word)
        self.may_be_in_a_number = bool(self.key) and self.key.isascii()  # numbers are ASCII

    def in_name(self, name: str) -> bool:
        return bool(self.key) and any(self.key in name_key for name_key in name_keys(name))

    def in_number(self, number: str) -> bool:
        if not self.number:
            return False
        return self.number in number or (self.may_be_in_a_number and self.key in fold_key(number))


class _Ranker:
    """Where a matching card (its number and name) stands for a text query; the query's forms computed once (a
    long query is not folded again for every card found)."""

    def __init__(self, query: str) -> None:
        self.number = norm_number(query)
        self.name = norm_name(query)
        self.whole = search_key(query)

    def rank(self, number: str, name: str) -> int:
        if self.number == number:
            return EXACT_NUMBER
        keys = name_keys(name)
        if self.name == name or self.whole in keys:
            return EXACT_NAME
        if self.whole and any(key.startswith(self.whole) for key in keys):
            return NAME_PREFIX
        return SUBSTRING


def _text_words(query: str) -> list[_Word]:
    """The words of a text query, each once (a repeated word asks nothing more); a word that is only separators (a
    lone ・ or -) says nothing."""
    words = dict.fromkeys(unicodedata.normalize("NFKC", query).split())
    return [_Word(word) for word in words if search_key(word) or _is_number(word)]


def _is_number(word: str) -> bool:
    # A lone '-' or '/' would match every number; only a word with a letter or digit searches numbers.
    return any(char.isalnum() for char in norm_number(word))


def text_search(db: CardDB, query: str) -> list[Card]:
    """Cards whose name (or number) matches every word of the query, best matches first. Only the numbers and
    names are read, so a cached database builds just the cards found."""
    words = _text_words(query)
    if not words:
        return []
    ranked = []
    db.prepare_search_keys()
    by_name = db.numbers_by_name
    # A word found in no number at all (a word of a name, mostly) is looked for in the names only, all at once.
    all_numbers = "\n".join(db.cards)
    candidates: Iterable[str]
    if any(word.number and word.in_number(all_numbers) for word in words):
        candidates = by_name
    else:
        index = _NameIndex(by_name)
        found = index.holding(words[0].key)
        for word in words[1:]:
            if not found:
                break
            found &= index.holding(word.key)
        candidates = found
    ranker = _Ranker(query)
    for name in candidates:
        rest = [word for word in words if not word.in_name(name)]  # each name is looked at once, not per number
        for number in by_name[name]:
            if all(word.in_number(number) for word in rest):
                ranked.append((ranker.rank(number, name), number))
    # a card found by its name and by its other name (its Japanese name) once, at its better rank
    best = dict.fromkeys(number for _rank, number in sorted(ranked))
    return [db.cards[number] for number in best]


class _NameIndex:
    """Every search key of every name joined into one text, built once per search: a word is then one substring
    search over it (before, the text was joined again for each word: a query of 2,000 words took 6 s)."""

    def __init__(self, by_name: Mapping[str, object]) -> None:
        self.owners = [name for name in by_name for _key in name_keys(name)]
        folded = [key for name in by_name for key in name_keys(name)]
        self.joined = "\n".join(folded)
        self.starts = list(itertools.accumulate((len(key) + 1 for key in folded), initial=0))

    def holding(self, key: str) -> set[str]:
        """The names one of whose search keys holds `key`."""
        if not key:
            return set()
        found: set[str] = set()
        at = self.joined.find(key)
        while at != -1:
            index = bisect.bisect_right(self.starts, at) - 1
            found.add(self.owners[index])
            at = self.joined.find(key, self.starts[index + 1])  # the next key: a key holding it twice is one name
        return found


def filter_fields(query: str) -> list[str] | None:
    """The field names of a query that looks like `field=value[,field=value]`, else None (a text query)."""
    fields: list[str] = []
    for part in query.split(","):
        match = condition_of(part)
        if match is None:
            return fields if fields else None  # parse_filter reports a later malformed part
        fields.append(match["field"])
    return fields


def search_cards(db: CardDB, query: str) -> list[Card]:
    """Cards matching a query: field filters (`grade=3,trigger=none`) or text (name or number parts).

    Text results come exact number first, then exact name, name prefix, substring; each group (and filter
    results) by number. A filter naming a field the game lacks is a DeckcheckError, unless the query read as
    text matches some card (a name may hold '=').
    """
    check_query(query)
    fields = filter_fields(query)
    if fields is None:
        return text_search(db, query)
    unknown = _unknown_field_error(db, fields)
    if unknown is not None:
        as_text = text_search(db, query)
        if as_text:
            return as_text
        raise unknown
    matches = parse_filter(query, db.game)
    return sorted((card for card in db.cards.values() if matches(card)), key=lambda card: card.number)


def check_query(query: str) -> None:
    """A blank query, or one of separators only (a lone ・ or -), would list every card: say so instead."""
    if not query.strip():
        raise DeckcheckError(_("the search query is empty; {hint}").format(hint=translate(_WHAT_TO_GIVE)))
    if filter_fields(query) is None and not _text_words(query):
        raise DeckcheckError(
            _("the search query {query} has no letters or digits to search for; {hint}").format(
                query=quoted(query), hint=translate(_WHAT_TO_GIVE)
            )
        )


def unknown_field_error(db: CardDB, query: str) -> DeckcheckError | None:
    """The error of a filter query naming a field this game's cards lack (None: a text query, or every field known)."""
    fields = filter_fields(query)
    return None if fields is None else _unknown_field_error(db, fields)


def _unknown_field_error(db: CardDB, fields: list[str]) -> DeckcheckError | None:
    for name in fields:
        try:
            _field_info(db.game, name)
        except DeckcheckError as error:
            return error
    return None


# Output -----------------------------------------------------------------------------------------------------
