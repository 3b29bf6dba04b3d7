"""Card databases: folders of TOML records, layered shipped → git root → DECKCHECK_CARDDB → --carddb.

A loaded database is kept in the compiled cache (deckcheck.carddb.cache) keyed by the bytes of its files, so a later run
skips parsing and validation; see that module for where it lives and how to turn it off.
"""

from __future__ import annotations

import difflib
import operator
import os
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property, partial
from pathlib import Path
from typing import Any

import tomli

from deckcheck._i18n import N_, _, ngettext, translate
from deckcheck._util.files import read_repository_file
from deckcheck._util.limits import parse_within_limits
from deckcheck._util.normalize import kana_name, loose_name, norm_name, norm_number
from deckcheck._util.safetext import echoed, one_line, quoted
from deckcheck._util.toml_scan import toml_error_position
from deckcheck.carddb import cache as carddb_cache
from deckcheck.carddb.manifest import MANIFEST_FILE, Manifest, load_manifest, product_of, shipped_folder
from deckcheck.errors import CardDatabaseError, DeckcheckError, OptionError, Problem, mention, mention_command
from deckcheck.games import all_games, get_game, is_game_id
from deckcheck.model.cards import Card, RecordError
from deckcheck.model.deck import Deck, DeckSource, Entry
from deckcheck.model.game import Game

ENV_VAR = "DECKCHECK_CARDDB"
CARD_FILE = N_("card file")  # what a file of a database folder is said not to be, when it cannot be one


def shipped_carddb_dir() -> Path:
    """The databases that come with deckcheck: inside the wheel, or the checkout's `carddb/`."""
    return shipped_folder()


def git_root_carddb(start: Path | None = None) -> Path | None:
    """`carddb/` at the root of the git repository holding `start` (the current directory)."""
    # os.getcwd() is already the physical path: resolving it again would cost a system call per path component,
    # on every deck `check` looks up (os.path rather than pathlib, for the same reason).
    here = os.getcwd() if start is None else str(start.resolve())
    while True:
        if os.path.exists(os.path.join(here, ".git")):
            candidate = os.path.join(here, "carddb")
            return Path(candidate) if os.path.isdir(candidate) else None
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def carddb_layers(extra: Iterable[str | Path] = (), cwd: Path | None = None) -> list[Path]:
    """Every database folder in the order they apply (later ones win by number)."""
    return [given for given, _resolved in _layers(extra, cwd)]


def _layers(extra: Iterable[str | Path], cwd: Path | None) -> list[tuple[Path, Path]]:
    """(folder as given, resolved folder) for every layer, each folder once (the first time it appears)."""
    layers = [shipped_carddb_dir()]
    if (root := git_root_carddb(cwd)) is not None:
        layers.append(root)
    if env := os.environ.get(ENV_VAR):
        layers.extend(Path(part) for part in env.split(os.pathsep) if part)
    layers.extend(Path(folder) for folder in extra)
    for layer in layers[1 + (root is not None) :]:  # the git root's carddb/ was found as a folder
        if not os.path.isdir(layer):
            raise OptionError(
                "carddb_dirs",
                _("card database folder does not exist (from {option} or $DECKCHECK_CARDDB)").format(
                    option=mention("carddb_dirs")
                ),
                path=layer,
            )
        _refuse_a_game_folder(layer)
    unique: dict[Path, Path] = {}
    for index, layer in enumerate(layers):
        resolved = _shipped_resolved(layer) if index == 0 else Path(os.path.realpath(layer))
        unique.setdefault(resolved, layer)
    return [(given, resolved) for resolved, given in unique.items()]


def _refuse_a_game_folder(layer: Path) -> None:
    """A layer is a database: one folder per game (`mydb/vanguard/*.toml`). Given one game's folder instead
    (`--carddb mydb/vanguard`), its cards would silently be looked for in `mydb/vanguard/vanguard/`: refused,
    naming the folder to give. A folder named after a game that holds game folders itself is a database."""
    name = os.path.basename(os.path.normpath(layer))
    if not is_game_id(name) or os.path.isdir(os.path.join(layer, name)):
        return
    holds_cards = any(entry.endswith(".toml") for entry in os.listdir(layer))
    if holds_cards or os.path.isdir(os.path.join(layer, "regulations")):
        parent = os.path.dirname(os.path.normpath(layer)) or "."
        raise OptionError(
            "carddb_dirs",
            _(
                "is the {name} folder of a card database, not a card database: give the folder that holds it "
                "({option} {parent}); a database holds one folder per game ({name}/*.toml, ...)"
            ).format(name=name, option=mention("carddb_dirs"), parent=parent),
            path=layer,
        )


@cache
def _shipped_resolved(folder: Path) -> Path:
    return folder.resolve()  # the package's own folder: resolved once per process


@dataclass
class CardDB:
    """All cards of one game, indexed by number and by normalised name.

    The keys are the normalised forms (norm_number, norm_name) that every look-up compares; a card keeps its number
    and name as printed for display (Card.printed_number, Card.printed_name)."""

    game: Game[Any]
    # by (normalised) number; from the cache a LazyCards, which builds each card when it is first asked for
    cards: Mapping[str, Card]
    sources: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    # The resolved layer folders it was loaded from (None: made in code): another game's database of the same
    # folders is loaded from them (other_games_of).
    layers: tuple[Path, ...] | None = None
    # How another game's database of the same folders is had (a Workspace gives its own, loaded once); None: read
    # from the folders.
    others: Callable[[str], CardDB] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._suggestions: dict[tuple[str, int], list[str]] = {}
        self._index: _SuggestIndex | None = None

    @cached_property
    def numbers_by_name(self) -> dict[str, list[str]]:
        """Card numbers by normalised name in `printing_order` (made on the first look-up by name: a deck that
        names its cards by number never pays for it)."""
        if isinstance(self.cards, carddb_cache.LazyCards):
            pairs: Iterable[tuple[str, str]] = self.cards.names()
        else:
            pairs = ((number, card.name) for number, card in self.cards.items())
        numbers_by_name: dict[str, list[str]] = {}
        for number, name in pairs:
            numbers_by_name.setdefault(name, []).append(number)
        for number, other_names in self.other_names_by_number.items():  # a second name of the card (Japanese)
            for name in other_names:
                numbers = numbers_by_name.setdefault(name, [])
                if number not in numbers:
                    numbers.append(number)
        first = self.printing_order
        for numbers in numbers_by_name.values():
            if len(numbers) > 1:  # most names have one card; sorting thousands of one-card lists is not free
                numbers.sort(key=first)
        return numbers_by_name

    @cached_property
    def printing_order(self) -> Callable[[str], tuple[bool, str]]:
        """The order of the numbers of one name: regular printings first (the game's `Cards.regular_number`: the
        printing a player owns, not a special print), each group lowest number first."""
        regular = re.compile(self.game.cards.regular_number, re.IGNORECASE).fullmatch

        def order(number: str) -> tuple[bool, str]:
            return (regular(number) is None, number)

        return order

    @cached_property
    def other_names_by_number(self) -> dict[str, list[str]]:
        """The other names (Card.other_name_fields, normalised) of the cards that have some, by number: from the
        card cache without building a card, else from the cards."""
        if isinstance(self.cards, carddb_cache.LazyCards):
            return self.cards.other_names()
        if not self.game.card_model.other_name_fields:
            return {}
        return {number: card.other_names for number, card in self.cards.items() if card.other_names}

    @cached_property
    def products(self) -> frozenset[str]:
        """The product prefixes of its card numbers (made only when a deck names an unknown number)."""
        return frozenset(product for number in self.cards if (product := product_of(number)) is not None)

    def newer_product(self, key: str) -> tuple[Manifest, str] | None:
        """The shipped data's manifest and the product of an unknown card number whose product is newer than the
        data (`BP22-001` when it ends at BP21), unless a layer holds cards of it; None for anything else (a typo, a
        name, a closed game, a database made in code, a manifest that cannot be read: that is said elsewhere)."""
        number = norm_number(key)
        product = product_of(number)
        if product is None or self.layers is None or product in self.products:
            return None
        try:
            manifest = load_manifest(self.game.id, shipped_carddb_dir())
        except DeckcheckError:
            return None
        if manifest is None or not manifest.is_newer(product):
            return None
        return manifest, product

    def name_label(self, name: str) -> str:
        """'name (number)' as printed for a (normalised) name of the database: a card's other name (its Japanese
        name) is shown as written in the card data, with the number of the card it names."""
        card = self.cards[self.numbers_by_name[name][0]]
        if name == card.name:
            return card.label()
        return f"{card.printed_other_name(name) or name} ({card.printed_number})"

    def unknown_name_note(self, key: str) -> str:
        """What to say after "unknown card" when `key` looks like a name in the script of the cards' other names
        (Japanese, for Cipher's English card list): which sets have such names here, and to give the card number
        instead; "" when there is nothing to add."""
        model = self.game.card_model
        if not model.other_name_fields or not _has_japanese(key):
            return ""
        label = translate(model.other_name_label)
        named = self.other_names_by_number
        sets = _set_ranges(named, self.cards) or _set_ranges(named, ())  # else every set with one
        if not sets:
            return _(" The {game} card database here has no {label}s: write the card number instead.").format(
                game=self.game.said_title, label=label
            )
        return _(
            " {Label}s are known here only for the cards of {sets}: for a card of another set, write its card number "
            "instead."
        ).format(Label=label.capitalize(), sets=sets)

    def __len__(self) -> int:
        return len(self.cards)

    def prepare_search_keys(self) -> None:
        """Every name's search keys, before a search or suggestion looks at all of them: from the card cache, which
        holds them, else worked out in one pass."""
        from deckcheck._util.searchkey import name_keys_of, remember_name_keys  # deferred: as search_key below

        if isinstance(self.cards, carddb_cache.LazyCards):
            remember_name_keys(self.cards.search_keys())
        name_keys_of(self.numbers_by_name)

    def named(self, name: str) -> list[Card]:
        """The cards of a (normalised) name, in `printing_order` (regular printings first, each lowest first)."""
        return [self.cards[number] for number in self.numbers_by_name.get(name, ())]

    @property
    def by_name(self) -> dict[str, list[Card]]:
        """Every card by name (builds every card of a cached database: prefer `named`)."""
        return {name: self.named(name) for name in self.numbers_by_name}

    def resolve(self, key: str, section: str | None = None) -> Card | None:
        """A card by number (or a printed code the game maps to one), else by exact name.

        For a name shared by several numbers, the first number (`printing_order`: the first regular printing, else
        the lowest) among the cards that `section` can hold stands for it (a follower and its EVOLVE card share a
        name: `main` means the follower, `evolve` the EVOLVE card); only when none fits, or no section is given, the
        first number (contract, "Fixed details").
        """
        number = norm_number(key)
        card = self.cards.get(number)
        if card is not None:
            return card
        for candidate in self.game.cards.number_fallbacks(number):
            if (card := self.cards.get(candidate)) is not None:
                return card
        return self.resolve_name(key, section)

    def resolve_name(self, key: str, section: str | None = None) -> Card | None:
        """A card by exact name alone (as `resolve` after the numbers): for a name several cards share, the first
        number (`printing_order`) among those `section` can hold."""
        numbers = self.numbers_named(key)
        if not numbers:
            return None
        if section is not None and len(numbers) > 1:
            home = self.game.cards.home_section
            for candidate in numbers:
                if home(card := self.cards[candidate]) == section:
                    return card
        return self.cards[numbers[0]]

    def numbers_named(self, key: str) -> list[str]:
        """The numbers of the cards a name key means, in `printing_order`: its exact (normalised) name, else the
        same name in another case (Cipher's English names: `prince of a fallen land marth`), else none."""
        name = norm_name(key)
        numbers = self.numbers_by_name.get(name)
        if numbers is None and name.casefold() != name.upper():  # a name with letters that have a case
            numbers = self._numbers_by_folded_name.get(name.casefold())
        return numbers or []

    def loosely_named(self, key: str) -> list[str]:
        """The (normalised) names that equal `key` when white space, middle dots, punctuation and symbols are left
        out and widths are folded (`希望の火エルモ`: `希望の火 エルモ`); several when the key is ambiguous."""
        return list(self._names_by_loose_key.get(loose_name(key), ()))

    def kana_named(self, key: str) -> list[str]:
        """The (normalised) names that equal `key` loosely with hiragana read as katakana (`べリアルオウル`:
        `ベリアルオウル`, the commonest IME slip); several when the key is ambiguous."""
        return list(self._names_by_kana_key.get(kana_name(key), ()))

    def starting(self, key: str) -> list[str]:
        """The (normalised) names that start with `key` compared loosely (a line a web page cut short: `新鋭の騎士 `
        starts `新鋭の騎士 ダヴィド`); [] for a key of fewer than three letters."""
        start = kana_name(key)
        if len(start) < 3:
            return []
        return [name for folded, name in self._names_by_kana_key_list if folded.startswith(start) and folded != start]

    @cached_property
    def _names_by_kana_key(self) -> dict[str, list[str]]:
        """Names by kana key (made only when a name is not found exactly nor loosely)."""
        by_key: dict[str, list[str]] = {}
        for name in self.numbers_by_name:
            by_key.setdefault(kana_name(name), []).append(name)
        return by_key

    @cached_property
    def _names_by_kana_key_list(self) -> list[tuple[str, str]]:
        return [(folded, name) for folded, names in self._names_by_kana_key.items() for name in names]

    @cached_property
    def _names_by_loose_key(self) -> dict[str, list[str]]:
        """Names by loose key (made only when a pasted list names a card not exactly as printed)."""
        by_key: dict[str, list[str]] = {}
        for name in self.numbers_by_name:
            by_key.setdefault(loose_name(name), []).append(name)
        return by_key

    @cached_property
    def _numbers_by_folded_name(self) -> dict[str, list[str]]:
        """Card numbers by case-folded name (made only when a name key is not found as written)."""
        folded: dict[str, list[str]] = {}
        for name, numbers in self.numbers_by_name.items():
            folded.setdefault(name.casefold(), []).extend(numbers)
        for numbers in folded.values():
            numbers.sort(key=self.printing_order)
        return folded

    def suggest(self, key: str, limit: int = 3) -> list[str]:
        """The closest card names (and numbers) to an unknown key, as 'name (number)' as printed.

        Names compare as `cards search` compares them (width, case, hiragana/katakana, separators and furigana
        forgiven): a name that is the key typed another way comes first, then names holding the key (or held by
        it), then the closest spellings. The answer for a key is remembered, and the fuzzy step only compares
        names and numbers of a length that could reach its cutoff, so asking costs little and never more than
        one pass over the database.
        """
        remembered = self._suggestions.get((key, limit))
        if remembered is None:
            remembered = self._suggestions[(key, limit)] = self._closest(key, limit)
        return list(remembered)

    def _closest(self, key: str, limit: int) -> list[str]:
        from deckcheck._util.searchkey import search_key  # deferred: only a card not found asks for suggestions

        index = self._suggest_index()
        wanted = search_key(key)
        names: dict[str, None] = {}  # in order of preference, each once
        if wanted:
            names.update(dict.fromkeys(index.exact.get(wanted, ())))
            if len(started := self.starting(key)) == 1:  # a name cut short that starts exactly one name
                names.update(dict.fromkeys(started))
            close = index.names.scored_matches(wanted, limit, cutoff=0.5)
            # the whole name typed nearly right (ブラスターブレード・スピリッツ) beats a name it merely holds
            names.update(dict.fromkeys(name for name, score in close if score >= NEARLY_THE_NAME))
            if len(names) < limit and len(wanted) >= 2:
                held = [name for folded, name in index.names if wanted in folded or folded in wanted]
                names.update(dict.fromkeys(sorted(held, key=lambda name: abs(len(name) - len(key)))[:limit]))
            if len(names) < limit:
                names.update(dict.fromkeys(name for name, _score in close))
        found = [self.name_label(name) for name in names]  # as printed
        number = norm_number(key)
        if len(found) < limit and any("0" <= char <= "9" for char in number):  # every card number has a digit
            close_numbers = index.numbers.close_matches(number, limit, cutoff=0.7)
            found += [self.cards[n].label() for n in close_numbers if self.cards[n].name not in names]
        return found[:limit]

    def _suggest_index(self) -> _SuggestIndex:
        if self._index is None:
            from deckcheck._util.searchkey import name_keys  # deferred: as search_key above

            self.prepare_search_keys()
            exact: dict[str, list[str]] = {}
            keys: list[tuple[str, str]] = []
            for name in self.numbers_by_name:
                for folded in name_keys(name):
                    exact.setdefault(folded, []).append(name)
                    keys.append((folded, name))
            self._index = _SuggestIndex(exact, _Grams(keys), list(self.cards))
        return self._index


@dataclass
class _SuggestIndex:
    """The names of a database in the form suggestions compare them in (see CardDB.suggest)."""

    exact: dict[str, list[str]]  # search key -> names
    names: _Grams  # (search key, name), a name under each of its keys
    all_numbers: list[str]

    @cached_property
    def numbers(self) -> _Grams:
        """(number, number): made only when a key that may be a number is not found."""
        return _Grams([(number, number) for number in self.all_numbers])


class _Grams:
    """(compared form, answer) pairs with the pairs of adjacent characters of each form indexed, so that only the
    forms sharing the most pairs with a word are compared with it in full."""

    #: Forms compared in full per question: the close ones share most of their character pairs with the word.
    COMPARED = 60

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self.pairs = pairs
        postings: defaultdict[str, list[int]] = defaultdict(list)
        for position, (form, _answer) in enumerate(pairs):
            for gram in set(map(operator.add, form, form[1:])) if len(form) > 1 else (form,):
                postings[gram].append(position)
        self.postings: dict[str, list[int]] = postings

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self.pairs)

    def close_matches(self, word: str, limit: int, cutoff: float) -> list[str]:
        """Like difflib.get_close_matches (the answers of the forms closest to `word`, at least `cutoff`)."""
        return [answer for answer, _score in self.scored_matches(word, limit, cutoff)]

    def scored_matches(self, word: str, limit: int, cutoff: float) -> list[tuple[str, float]]:
        """The answers closest to `word` with their similarity (difflib's ratio), closest first."""
        shared: Counter[int] = Counter()
        for gram in dict.fromkeys(_grams(word)):
            shared.update(self.postings.get(gram, ()))
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(word)
        scored: dict[str, float] = {}
        for position, _shared in shared.most_common(self.COMPARED):
            form, answer = self.pairs[position]
            matcher.set_seq1(form)
            if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
                score = matcher.ratio()
                if score >= cutoff and score > scored.get(answer, 0.0):
                    scored[answer] = score
        return [
            (answer, scored[answer]) for answer in sorted(scored, key=lambda answer: (-scored[answer], answer))[:limit]
        ]


#: A close spelling at least this similar (difflib's ratio) is the name typed nearly right, not another card.
NEARLY_THE_NAME = 0.85


def _grams(text: str) -> list[str]:
    """The pairs of adjacent characters of a text (a one-character text: itself)."""
    return [text[i : i + 2] for i in range(len(text) - 1)] or [text]


def load_carddb(game_id: str, extra: Iterable[str | Path] = (), cwd: Path | None = None) -> CardDB:
    """The layered card database of a game, read from its folders now (through the compiled cache): a
    deckcheck.checking.workspace.Workspace keeps the databases of a run, loaded once."""
    layers = tuple(resolved for _given, resolved in _layers(extra, cwd))
    return load_layers(game_id, layers)


def layer_folders(extra: Iterable[str | Path] = (), cwd: Path | None = None) -> list[Path]:
    """The resolved folder of every layer load_carddb reads, in the order they apply."""
    return [resolved for _given, resolved in _layers(extra, cwd)]


def load_layers(game_id: str, layers: Iterable[Path]) -> CardDB:
    """The database of exactly these resolved layer folders, in order (its notes, `db.warnings`, in the language of
    the run); `cards import` checks the layers around the folder it writes."""
    layers = tuple(layers)
    game = get_game(game_id)
    problems: list[str] = []
    snapshot = _read_layers(game, layers, problems)  # every file read once: hashed for the cache key, then parsed
    key = None if problems else carddb_cache.key_of(game, snapshot)
    if key is not None:
        with carddb_cache.no_collection():
            rebuild = partial(_cards_from_files, game, layers)  # should a cached record prove unusable
            if (cached := carddb_cache.load(game, layers, key, rebuild)) is not None:
                db = CardDB(game=game, cards=cached.cards, sources=cached.sources, layers=layers)
                db.warnings = cached.warnings
                return db
    cards: dict[str, Card] = {}
    sources: dict[str, str] = {}
    for layer in snapshot:
        if layer.files is None:
            continue
        layer_cards, layer_sources = _load_folder(game, layer.files, problems)
        cards.update(layer_cards)
        sources.update(layer_sources)
    problems.extend(limit_disagreements(game, cards, sources))
    if problems:
        raise CardDatabaseError(problems)  # never cached: the error appears on every run
    db = CardDB(game=game, cards=cards, sources=sources, layers=layers)
    db.warnings = game.cards.db_warnings(list(cards.values()))
    if key is not None:
        carddb_cache.store(game, layers, key, cards, sources, db.warnings)
    return db


def _cards_from_files(game: Game[Any], layers: tuple[Path, ...]) -> dict[str, Card]:
    """The cards of the layers read and validated again, without the cache."""
    problems: list[str] = []
    cards: dict[str, Card] = {}
    for layer in _read_layers(game, layers, problems):
        if layer.files is not None:
            cards.update(_load_folder(game, layer.files, problems)[0])
    if problems:
        raise CardDatabaseError(problems)
    return cards


def _read_layers(game: Game[Any], layers: tuple[Path, ...], problems: list[str]) -> list[carddb_cache.LayerFiles]:
    """The bytes of every `*.toml` file of the game's folder in each layer (an unreadable file is a problem, as is
    one that is no regular file or larger than any card file: a cloned repository's `x.toml -> /dev/zero`)."""
    snapshot = []
    for layer in layers:
        folder = layer / game.id
        if not folder.is_dir():
            snapshot.append(carddb_cache.LayerFiles(folder, None))
            continue
        files = []
        for path in sorted(folder.glob("*.toml")):
            if path.name == MANIFEST_FILE:  # what the shipped data is (deckcheck.carddb.manifest), not cards
                continue
            try:
                files.append(carddb_cache.SourceFile(path, read_repository_file(path, CARD_FILE)))
            except DeckcheckError as error:  # unreadable, a FIFO or device, larger than any card file
                problems.append(Problem(f"{one_line(str(path))}: {error.reason}", path))
        snapshot.append(carddb_cache.LayerFiles(folder, tuple(files)))
    return snapshot


def build_carddb(game_id: str, records: Iterable[dict[str, Any]]) -> CardDB:
    """A database made in code from record dicts (tests, importers, Python users)."""
    game = get_game(game_id)
    problems: list[str] = []
    cards: dict[str, Card] = {}
    sources: dict[str, str] = {}
    for index, record in enumerate(records, start=1):
        card = parse_record(game, record, f"record {index}", problems)
        if card is None:
            continue
        if card.number in cards:
            problems.append(
                _("{source}: number {number} is already used by {other}").format(
                    source=f"record {index}", number=card.number, other=sources[card.number]
                )
            )
            continue
        cards[card.number] = card
        sources[card.number] = f"record {index}"
    problems.extend(limit_disagreements(game, cards, sources))
    if problems:
        raise CardDatabaseError(problems)
    db = CardDB(game=game, cards=cards, sources=sources)
    db.warnings = game.cards.db_warnings(list(cards.values()))
    return db


def _load_folder(
    game: Game[Any], files: Iterable[carddb_cache.SourceFile], problems: list[str]
) -> tuple[dict[str, Card], dict[str, str]]:
    cards: dict[str, Card] = {}
    sources: dict[str, str] = {}
    for source in files:
        for index, card in _parse_file(game, source.path, source.data, problems):
            where = f"{source.path} record {index}"
            if card.number in cards:
                text = _(
                    "{source}: number {number} is already used by {other} (a number is unique within one database "
                    "folder)"
                ).format(source=one_line(where), number=card.number, other=one_line(sources[card.number]))
                line = _record_line(source.data, index)
                problems.append(Problem(text, source.path, line))
                continue
            cards[card.number] = card
            sources[card.number] = where
    return cards, sources


def load_file(game: Game[Any], path: Path, problems: list[str]) -> list[tuple[int, Card]]:
    """The valid records of one card file, as (record index, card); every problem is appended. A file that cannot
    be read as one (see read_repository_file) is a DeckcheckError naming it."""
    return _parse_file(game, path, read_repository_file(path, CARD_FILE), problems)


def _parse_file(game: Game[Any], path: Path, data: bytes, problems: list[str]) -> list[tuple[int, Card]]:
    try:
        parsed = parse_within_limits(tomli.loads, data.decode("utf-8-sig"), path, "toml")
    except DeckcheckError as error:  # a number too long or nesting too deep
        problems.append(Problem(f"{error}", path, error.line))
        return []
    except tomli.TOMLDecodeError as error:
        said, line = toml_error_position(error)
        reason = _("is not valid TOML: {reason}").format(reason=said)
        if said.startswith("Cannot "):  # a key written twice: name it and both lines
            from deckcheck._util.positions import toml_duplicate_message  # deferred: a broken card file only

            if (repeated := toml_duplicate_message(data.decode("utf-8-sig", "replace"))) is not None:
                reason, line = repeated
        where = f"{one_line(str(path))}:{line}" if line else one_line(str(path))
        problems.append(Problem(f"{where}: {reason}", path, line))
        return []
    except UnicodeDecodeError:
        problems.append(Problem(f"{one_line(str(path))}: " + _("is not UTF-8 text"), path))
        return []
    file_game = parsed.get("game", game.id)
    if file_game != game.id:
        problems.append(
            Problem(
                f"{one_line(str(path))}: "
                + _("game = {given}, but the file is in the {folder} folder").format(
                    given=repr(file_game), folder=repr(game.id)
                ),
                path,
            )
        )
        return []
    records = parsed.get("cards", [])
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        problems.append(Problem(f"{one_line(str(path))}: " + _("`cards` must be an array of tables ([[cards]])"), path))
        return []
    loaded = []
    for index, record in enumerate(records, start=1):
        before = len(problems)
        card = parse_record(game, record, f"{one_line(str(path))} record {index}", problems)
        if card is not None:
            loaded.append((index, card))
        elif len(problems) > before:  # each problem of the record points at its `[[cards]]` line
            line = _record_line(data, index)
            problems[before:] = [Problem(problem, path, line) for problem in problems[before:]]
    return loaded


def _record_line(data: bytes, index: int) -> int | None:
    """The line where record INDEX (from 1) of a card file starts: its `[[cards]]` header, else the `cards` key
    of an inline array (only asked for when a record has a problem)."""
    from deckcheck._util.positions import toml_key_lines, toml_table_array_lines  # deferred: a broken record only

    text = data.decode("utf-8-sig", "replace").replace("\r\n", "\n").replace("\r", "\n")
    headers = toml_table_array_lines(text, "cards")
    if 1 <= index <= len(headers):
        return headers[index - 1]
    return toml_key_lines(text).get(("cards",))


def parse_record(game: Game[Any], record: dict[str, Any], where: str, problems: list[str]) -> Card | None:
    """Validate one record; every problem is appended as 'where (number): field: reason'."""
    label = f"{where} ({echoed(record_number(record))})"
    if record.get("game", game.id) != game.id:
        disagrees = _("{given} disagrees with its folder {folder}").format(
            given=repr(record["game"]), folder=repr(game.id)
        )
        problems.append(f"{label}: field 'game': {disagrees}")
        return None
    try:
        return game.card_model.validate(record)
    except RecordError as error:
        for detail in error.errors():
            loc = ".".join(str(part) for part in detail["loc"] if not _is_union_tag(part))
            problems.append(f"{label}: field '{loc or '-'}': {_reason(detail)}")
        return None


def record_number(record: dict[str, Any]) -> str:
    """A record's number for a message ("no number" in words when it has none)."""
    return str(record["number"]) if "number" in record else _("no number")


def _is_union_tag(part: Any) -> bool:
    # pydantic names union branches in `loc` (e.g. 'int', "literal['any']"); they are not fields.
    return isinstance(part, str) and (part in {"int", "str", "bool", "float", "none"} or "[" in part)


def _reason(detail: dict[str, Any]) -> str:
    if detail["type"] == "missing":
        return _("is required but missing")
    if detail["type"] == "extra_forbidden":
        return _("is not a field of this game's card record")
    given = detail.get("input")
    message = detail["msg"].removeprefix("Value error, ")
    if given is None or isinstance(given, dict):
        return message
    return _("{message} (got {value})").format(message=message, value=quoted(given))


def limit_disagreements(game: Game[Any], cards: dict[str, Card], sources: dict[str, str]) -> list[str]:
    groups: dict[Any, list[Card]] = defaultdict(list)
    for card in cards.values():
        identity = game.copies.identity(card)
        if identity is not None:
            groups[identity].append(card)
    problems: list[str] = []
    for identity, group in groups.items():
        limits = {card.copy_limit(game.copies.default) for card in group}
        if len(limits) > 1:
            listed = "; ".join(
                f"{one_line(sources[c.number])} {c.number} "
                f"deck_limit={c.deck_limit if c.deck_limit is not None else 'default'}"
                for c in group
            )
            text = _("records of one card ({card}) disagree on deck_limit: {listed}").format(
                card=_identity_text(identity), listed=listed
            )
            problems.append(_at_source(text, sources[group[0].number]))
    return problems


def _at_source(text: str, source: str) -> Problem:
    """A problem placed at a record's file and line, from its source as _load_folder writes it ("PATH record N");
    a record made in code ("record N") has no file."""
    match = re.fullmatch(r"(?P<path>.+) record (?P<index>\d+)", source)
    if match is None:
        return Problem(text)
    path = Path(match["path"])
    try:
        line = _record_line(read_repository_file(path, CARD_FILE), int(match["index"]))
    except DeckcheckError:  # gone or replaced since it was loaded
        line = None
    return Problem(text, path, line)


def _identity_text(identity: Any) -> str:
    if isinstance(identity, tuple):
        return " / ".join(str(part) for part in identity)
    return str(identity)


def other_games_of(db: CardDB, keys: Iterable[str]) -> list[tuple[Game[Any], list[str]]]:
    """The other games whose databases (of the same layer folders) know some of these keys, each with the keys it
    knows, most first: a deck of one game naming another's cards (only asked when a deck has unknown keys; each
    database comes from the card cache, and only its number and name indexes are read)."""
    if db.layers is None:
        return []
    keys = list(dict.fromkeys(keys))
    found = []
    for game_id, game in all_games().items():
        if game_id == db.game.id:
            continue
        try:
            other = db.others(game_id) if db.others is not None else load_layers(game_id, db.layers)
        except DeckcheckError:  # another game's broken database is that game's problem, not this deck's
            continue
        known = [key for key in keys if _knows(other, key)]
        if known:
            found.append((game, known))
    return sorted(found, key=lambda pair: -len(pair[1]))


def _knows(db: CardDB, key: str) -> bool:
    number = norm_number(key)
    if number in db.cards or any(candidate in db.cards for candidate in db.game.cards.number_fallbacks(number)):
        return True
    return bool(db.numbers_named(key))


def resolve_deck(source: DeckSource, db: CardDB) -> Deck[Any]:
    """Look every entry (and card-valued key such as cipher's `lord`) up in the card database. A pasted list's lines
    are read first, with the database (deckcheck.formats.pasted); one that names no card of the game raises
    DeckcheckError, saying which game's cards it names when another game knows them."""
    if source.pasted is not None:
        try:
            source.pasted.read(db)
        except DeckcheckError as error:
            keys = getattr(error, "keys", None)
            if keys and (others := other_games_of(db, keys[:200])):
                game, known = others[0]
                error.reason = _("{reason}; {n} of them are {game} cards: {option} {id}?").format(
                    reason=error.template, n=len(known), game=game.said_title, option=mention("game"), id=game.id
                )
            raise
    for entry in source.entries:
        entry.card = db.resolve(entry.key, entry.section)
        if entry.name is not None or (entry.whole is not None and entry.card is None):
            _read_with_cards(entry, db)  # a text line whose reading the card database decides
        if entry.card is None and source.format == "text":
            _read_as_written(entry, db)  # `「name」`, a kana slip, a dot left out: read, and said
        if entry.card is not None and (other := entry.written_other_name) is not None:
            entry.card = entry.card.named_by(other)  # named in Japanese: shown so wherever the deck's card goes
    # a card key resolves like a `main` key (cipher's `lord`, spec)
    key_cards = {
        key: _as_named(db.resolve(value, "main"), value)
        for key, value in source.keys.items()
        if key in db.game.keys.cards
    }
    return Deck(game=db.game, source=source, key_cards=key_cards, db=db)


def _as_named(card: Card | None, written: str) -> Card | None:
    """The card a deck key names, as the key names it: by its other name (a Japanese name), it shows that name."""
    if card is None or (name := norm_name(written)) == card.name or (other := card.printed_other_name(name)) is None:
        return card
    return card.named_by(other)


_BRACKETS = "「」《》≪≫『』【】〈〉<>"


def _read_with_cards(entry: Entry[Any], db: CardDB) -> None:
    """A text line the card database decides: `3 BP01-015 name` is the number's card (a name that is not that
    card's is a warning; a number that is no card, the two words one name, or else the name's card, with a
    warning); `name 3` is three of `name` unless the whole line is a card's name and `name` none (then the line
    has no count: `deck.bad-count`)."""
    if entry.name is not None:
        number, name = entry.key, entry.name
        if entry.card is None:
            if (joined := db.resolve(f"{number} {name}", entry.section)) is not None:
                entry.key, entry.name, entry.card = f"{number} {name}", None, joined
            elif (named := _by_name(db, name, entry.section)) is not None:
                entry.key, entry.card = name, named
                entry.note = _("{number} is no card's number; counted as {card}, the card named {name}").format(
                    number=quoted(number), card=named.label(), name=quoted(name)
                )
        elif not _same_name(name, entry.card):
            entry.note = _("{written} is not the name of {number} ({name}); the number wins: counted as {card}").format(
                written=quoted(name),
                number=entry.card.printed_number,
                name=entry.card.said_name,
                card=entry.card.label(),
            )
    if entry.card is None and entry.whole is not None:
        whole = db.resolve(entry.whole, entry.section)
        if whole is not None:  # `パーフェクト・レフリー 2`: a card's name, not two of パーフェクト・レフリー
            entry.key, entry.name, entry.card, entry.raw_count = entry.whole, None, whole, None


def _read_as_written(entry: Entry[Any], db: CardDB) -> None:
    """A text line's name that is no card as written: in quotes (`「name」`, read as the name), or the one card it
    names with spaces, dots and punctuation left out or with hiragana read as katakana (read, with a reading
    warning: `entry.reading`); else it stays an unknown card."""
    key = entry.key.strip()
    stripped = key.strip(_BRACKETS + " ")
    if stripped != key and stripped and (card := db.resolve(stripped, entry.section)) is not None:
        entry.key, entry.card = stripped, card
        return
    if not stripped or _NUMBER_LIKE.fullmatch(stripped):
        return
    for kana in (False, True):
        names = db.kana_named(stripped) if kana else db.loosely_named(stripped)
        if len(names) == 1 and (card := db.resolve(names[0], entry.section)) is not None:
            said = (
                _(
                    "{form} is not a printed name; read as {name} ({number}), the card it names with hiragana and "
                    "katakana alike"
                )
                if kana
                else _(
                    "{form} is not a printed name; read as {name} ({number}), the card it names with spaces, "
                    "dots and punctuation left out"
                )
            )
            entry.card = card
            entry.reading = said.format(form=quoted(stripped), name=card.said_name, number=card.printed_number)
            return


# A key that is a card number (letters and digits joined by - or /): never read loosely as a name.
_NUMBER_LIKE = re.compile(r"(?=[^\s]*\d)[A-Za-z0-9]+(?:[-/][A-Za-z0-9]+)+")


def _by_name(db: CardDB, name: str, section: str) -> Card | None:
    stripped = name.strip(_BRACKETS + " ")
    return db.resolve(name, section) or (db.resolve(stripped, section) if stripped != name else None)


def _same_name(written: str, card: Card) -> bool:
    """Whether a name written beside a number is the card's (or one of its other names, a Japanese name), however
    it is typed (width, kana, separators, brackets)."""
    names = [card.name, *card.other_names]
    if norm_name(written) in names:
        return True
    from deckcheck._util.searchkey import search_key  # deferred: only a name that differs as written

    key = search_key(written.strip(_BRACKETS + " "))
    return any(key == search_key(name) for name in names)


def _has_japanese(text: str) -> bool:
    """Whether the text holds kana or kanji (a Japanese name, not an English one or a card number)."""
    return any(
        "\u3040" <= char <= "\u30ff" or "\u3400" <= char <= "\u9fff" or "\uff66" <= char <= "\uff9f" for char in text
    )


def _set_ranges(numbers: Iterable[str], every: Iterable[str]) -> str:
    """The sets (the part of a card number before its `-`) at least half of whose cards (`every` number of the
    database; none given: every set) are among `numbers`, as runs: B01–B06, P01–P06 and S01–S08. A set with a lone
    card among them (B07) is left out: the runs say where names are to be expected."""
    counts = Counter(number.partition("-")[0] for number in numbers)
    sizes = Counter(number.partition("-")[0] for number in every)
    sets = sorted(
        (match[1], int(match[2]), match[2])
        for name, count in counts.items()
        if (not sizes or 2 * count >= sizes[name]) and (match := re.fullmatch(r"([A-Z]+)(\d+)", name)) is not None
    )
    runs: list[list[tuple[str, int, str]]] = []
    for item in sets:
        if runs and runs[-1][-1][0] == item[0] and runs[-1][-1][1] + 1 == item[1]:
            runs[-1].append(item)
        else:
            runs.append([item])
    words = [f"{run[0][0]}{run[0][2]}" + (f"–{run[-1][0]}{run[-1][2]}" if len(run) > 1 else "") for run in runs]
    if len(words) < 2:
        return "".join(words)
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def refuse_unknown_cards(deck: Deck[Any], what: str) -> None:
    """Refuse (exit 2) a deck with entries that name no card of its database (or sit in a section the game does not
    have), naming each with its line and the closest cards: `what` (the odds, a test hand) needs every card, and
    leaving one out would shrink the deck it is about. `deckcheck check` still judges such a deck."""
    db = deck.db
    unknown = [entry for entry in deck.entries if entry.card is None or entry.section not in deck.game.sections]
    if not unknown:
        return
    deck.source.locate()  # a TOML deck's lines, read on first need
    problems = []
    noted = False
    for entry in unknown:
        count = entry.count if entry.count is not None else entry.raw_count
        named = {"count": count, "key": quoted(entry.key), "section": one_line(entry.section)}
        if entry.card is None:
            why = _("{count} × {key} in {section} is not a {game} card number or name in the card database").format(
                **named, game=deck.game.said_title
            )
            newer = db.newer_product(entry.key) if isinstance(db, CardDB) else None
            if newer is not None:  # BP22-001 when the data ends at BP21: which product, and how to add its cards
                why = (
                    _("{problem}. {note}")
                    .format(problem=why, note=newer[0].newer_product_note(newer[1], deck.game.said_title).strip())
                    .rstrip(".。")
                )
            hints = db.suggest(entry.key) if isinstance(db, CardDB) and newer is None else []
            note = db.unknown_name_note(entry.key) if isinstance(db, CardDB) and not noted else ""
            if note:  # once: which sets have Japanese names here, and to write the card number
                why = _("{problem}. {note}").format(problem=why, note=note.strip().rstrip(".。"))
                noted = True
            if hints:
                why = _("{problem}. Did you mean: {hints}?").format(problem=why, hints="; ".join(hints))
        else:
            why = _("{count} × {key} in {section} is in a section {game} does not have ({quoted})").format(
                **named, game=deck.game.said_title, quoted=quoted(entry.section)
            )
        shown = one_line(str(deck.path))  # a file name cannot forge a line of the message
        where = f"{shown}:{entry.line}" if entry.line is not None else shown
        problems.append(Problem(f"{where}: {why}", deck.path, entry.line))
    reason = ngettext(
        "an entry of the deck names no card, and {what} needs every card (fix or remove it; `{check}` lists "
        "every problem of the deck):",
        "{n} entries of the deck name no card, and {what} needs every card (fix or remove them; `{check}` "
        "lists every problem of the deck):",
        len(unknown),
    ).format(n=len(unknown), what=what, check=mention_command("check"))
    raise DeckcheckError(reason + "\n  " + "\n  ".join(problems), details=problems)
