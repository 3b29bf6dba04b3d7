"""What the shipped card data of a game is and how old it is: `carddb/<game>/manifest.toml` (issue 38).

A manifest says whether the game's products still come out (`status`: "live" or "closed"), whether its cards are
real or invented examples (`cards`), the data's date and newest product, after how many days the data of a live game
is old (`stale_after_days`), the product prefixes of the card numbers it holds (`products`: "BP01..BP21", "PR"), and
its sources (`[[sources]]`: repository, path, commit, date). A date that is not known is left out and `notes`
(a string, or notes.en and notes.ja) says so. Only the shipped database has manifests: a layer's files are its
owner's, and the card loader never reads `manifest.toml` as a card file.

Reading never prints: a broken manifest is a DeckcheckError naming its file and field (exit code 2), and what a run
says about the data (:func:`data_notes`) is returned for the caller to say.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any, Literal

import tomli

from deckcheck._i18n import N_, _, read_texts, said_date, said_text
from deckcheck._util.files import read_repository_file
from deckcheck._util.safetext import one_line, quoted
from deckcheck._util.text import joined
from deckcheck._util.toml_scan import toml_error_position
from deckcheck.errors import DeckcheckError
from deckcheck.games import get_game

MANIFEST_FILE = "manifest.toml"
IMPORT_COMMAND = "deckcheck cards import"  # how cards of a newer product are added (a layer of one's own)
MANIFEST = N_("data manifest")  # what the file is said not to be, when it cannot be read as one

Day = date  # (a manifest's field is named `date`)
_KEYS = ("status", "cards", "date", "newest", "stale_after_days", "products", "notes", "sources")
_SOURCE_KEYS = ("repository", "path", "commit", "date")
_DATE = re.compile(r"\d{4}-\d{2}(-\d{2})?")  # ISO 8601: a day, or only a month where the day is not known
_RANGE = re.compile(r"(?P<first>[^.\s]+)\.\.(?P<last>[^.\s]+)")
# A product prefix as a series and its number: BP21 (BP, 21), CSD02a (CSD, 2, a), G-BT14 (G-BT, 14)
_SERIES = re.compile(r"(?P<series>[A-Z][A-Z-]*?)(?P<digits>\d+)(?P<suffix>[A-Z]?)")


@dataclass(frozen=True)
class Source:
    """Where some of the data comes from: a public repository's file at a commit (`date` None: not known)."""

    repository: str
    path: str
    commit: str
    date: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"repository": self.repository, "path": self.path, "commit": self.commit, "date": self.date}


@dataclass(frozen=True)
class Manifest:
    """A game's shipped card data described (see the module's docstring)."""

    game: str
    path: str
    status: Literal["live", "closed"]
    cards: Literal["real", "invented"]
    date: str | None  # YYYY-MM-DD, or YYYY-MM when only the month is known; None: not known
    newest: str
    products: tuple[str, ...]
    sources: tuple[Source, ...] = ()
    stale_after_days: int | None = None
    notes: tuple[tuple[str, str], ...] = ()  # (language tag, text)

    @property
    def day(self) -> Day | None:
        """The data's date as a day (None when only its month, or nothing, is known)."""
        return Day.fromisoformat(self.date) if self.date is not None and len(self.date) == 10 else None

    @property
    def said_notes(self) -> str | None:
        """The notes in the language deckcheck speaks, else in English."""
        return said_text(self.notes)

    def days_old(self, today: Day) -> int | None:
        """How many days after the data's date `today` is (None: its day is not known)."""
        day = self.day
        return (today - day).days if day is not None else None

    def is_stale(self, today: Day) -> bool:
        """Whether the data of a live game is older than `stale_after_days` on `today` (exactly that many: not)."""
        old = self.days_old(today)
        limit = self.stale_after_days
        return self.status == "live" and limit is not None and old is not None and old > limit

    def knows(self, product: str) -> bool:
        """Whether `product` (a number's prefix, upper-cased) is one of the products the data holds."""
        return product.upper() in _expanded(self.products)

    def is_newer(self, product: str) -> bool:
        """Whether `product` is a product of a live game newer than the data: a series the data holds (BP) with a
        higher number written as wide (BP22 after BP21); a prefix the data holds, or one no series of it explains
        (a typo: BP2, XY01), is not."""
        if self.status != "live" or self.knows(product):
            return False
        match = _SERIES.fullmatch(product.upper())
        if match is None:
            return False
        newest = _series_ends(self.products).get((match["series"], len(match["digits"])))
        return newest is not None and int(match["digits"]) > newest

    def to_json(self) -> dict[str, Any]:
        return {
            "date": self.date,
            "newest": self.newest,
            "status": self.status,
            "cards": self.cards,
            "stale_after_days": self.stale_after_days,
            "products": list(self.products),
            "sources": [source.to_json() for source in self.sources],
            "notes": dict(self.notes),
        }

    def text(self) -> str:
        """`data: 2026-07-18, newest BP21; live; real cards` for people."""
        status = _("live") if self.status == "live" else _("closed")
        cards = _("real cards") if self.cards == "real" else _("invented cards")
        return _("data: {date}, newest {newest}; {status}; {cards}").format(
            date=said_date(self.date) if self.date else _("date unknown"),
            newest=self.newest,
            status=status,
            cards=cards,
        )

    def newer_product_note(self, product: str, title: str) -> str:
        """What a card number of a product newer than the data adds to `deck.unknown-card`."""
        return _(
            " Its product {product} is newer than deckcheck's {game} card data, which ends at {newest} "
            "({date}): add its cards to a card database layer with `{command}`, or use a newer deckcheck."
        ).format(
            product=product,
            game=title,
            newest=self.newest,
            date=said_date(self.date) if self.date else _("date unknown"),
            command=IMPORT_COMMAND,
        )


def product_of(number: str) -> str | None:
    """The product prefix of a (normalised) card number: what comes before its last `/` (G-BT01/001), else before
    its last `-` (BP01-001, DC-BD-001); None for a key with neither (a card name)."""
    head, slash, _tail = number.rpartition("/")
    if slash:
        return head or None
    head, dash, _tail = number.rpartition("-")
    return head or None if dash else None


def product_ranges(prefixes: Iterable[str]) -> list[str]:
    """Product prefixes written as a manifest's `products`: runs of one series as `BP01..BP21`, the rest alone."""
    runs: dict[tuple[str, int, str], list[tuple[int, str]]] = {}
    alone = []
    for prefix in sorted(set(prefixes)):
        match = _SERIES.fullmatch(prefix)
        if match is None or match["suffix"]:
            alone.append(prefix)
            continue
        runs.setdefault((match["series"], len(match["digits"]), ""), []).append((int(match["digits"]), prefix))
    written = list(alone)
    for numbers in runs.values():
        numbers.sort()
        start = 0
        for index in range(1, len(numbers) + 1):
            if index == len(numbers) or numbers[index][0] != numbers[index - 1][0] + 1:
                first, last = numbers[start][1], numbers[index - 1][1]
                written.append(first if first == last else f"{first}..{last}")
                start = index
    return sorted(written)


def _expanded(products: tuple[str, ...]) -> frozenset[str]:
    """Every prefix the `products` patterns name, upper-cased."""
    found: set[str] = set()
    for pattern in products:
        match = _RANGE.fullmatch(pattern)
        if match is None:
            found.add(pattern.upper())
            continue
        first, last = _SERIES.fullmatch(match["first"].upper()), _SERIES.fullmatch(match["last"].upper())
        assert first is not None and last is not None  # checked when read
        width = len(first["digits"])
        found.update(f"{first['series']}{n:0{width}d}" for n in range(int(first["digits"]), int(last["digits"]) + 1))
    return frozenset(found)


def _series_ends(products: tuple[str, ...]) -> dict[tuple[str, int], int]:
    """The highest number of each series (and width of its number) the products name."""
    ends: dict[tuple[str, int], int] = {}
    for prefix in _expanded(products):
        if (match := _SERIES.fullmatch(prefix)) is not None:
            key = (match["series"], len(match["digits"]))
            ends[key] = max(ends.get(key, 0), int(match["digits"]))
    return ends


# Reading ----------------------------------------------------------------------------------------------------------

_read: dict[Path, Manifest] = {}  # by file: a run reads each manifest once


@cache
def _shipped_candidates() -> tuple[Path, Path]:
    package = Path(__file__).resolve().parents[1]  # deckcheck/
    return package / "_carddb", package.parent / "carddb"


def shipped_folder() -> Path:
    """The databases that come with deckcheck: inside the wheel, or the checkout's `carddb/` (deckcheck.carddb.db's
    shipped_carddb_dir, which the card loader reads, says it)."""
    installed, checkout = _shipped_candidates()
    return installed if os.path.isdir(installed) else checkout


def manifest_path(game_id: str, root: Path) -> Path:
    """The manifest of a game's shipped data (`root`: the shipped database folder, db.shipped_carddb_dir())."""
    return root / game_id / MANIFEST_FILE


def load_manifest(game_id: str, root: Path) -> Manifest | None:
    """The manifest of a game's shipped data, read once per process; None when the game's folder has none (a
    database of a game deckcheck ships no data for). A broken one is a DeckcheckError naming its file and field."""
    path = manifest_path(game_id, root)
    if path not in _read:
        if not path.is_file():
            return None
        _read[path] = read_manifest(path, game_id)
    return _read[path]


def read_manifest(path: Path, game_id: str) -> Manifest:
    """Read and check one manifest file (see the module's docstring for its fields)."""
    data = read_repository_file(path, MANIFEST)
    try:
        parsed = tomli.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise DeckcheckError(_("is not UTF-8 text"), path=path) from None
    except tomli.TOMLDecodeError as error:
        said, line = toml_error_position(error)
        raise DeckcheckError(_("is not valid TOML: {reason}").format(reason=said), path=path, line=line) from None
    return _Reader(path, game_id).manifest(parsed)


class _Reader:
    def __init__(self, path: Path, game_id: str) -> None:
        self.path, self.game_id = path, game_id

    def refuse(self, field: str, reason: str) -> DeckcheckError:
        return DeckcheckError(reason, path=one_line(str(self.path)), field=field)

    def manifest(self, parsed: dict[str, Any]) -> Manifest:
        for key in parsed:
            if key not in _KEYS:
                raise self.refuse(
                    key,
                    _("is not a field of a data manifest (the fields are: {fields})").format(fields=", ".join(_KEYS)),
                )
        status = self.choice(parsed, "status", ("live", "closed"))
        cards = self.choice(parsed, "cards", ("real", "invented"))
        day = self.date(parsed.get("date"), "date")
        newest = self.text(parsed, "newest")
        stale = parsed.get("stale_after_days")
        if stale is not None and (not isinstance(stale, int) or isinstance(stale, bool) or stale < 1):
            raise self.refuse(
                "stale_after_days",
                _("must be a positive whole number of days, not {value}").format(value=quoted(stale)),
            )
        if status == "live" and (stale is None or day is None or len(day) != 10):
            raise self.refuse(
                "stale_after_days" if stale is None else "date",
                _("the data of a live game needs its date as a day (YYYY-MM-DD) and stale_after_days"),
            )
        products = self.products(parsed.get("products"))
        sources = self.sources(parsed.get("sources", []))
        if cards == "real" and not sources:
            raise self.refuse("sources", _("real cards need their sources ([[sources]]: repository, path, commit)"))
        notes = self.notes(parsed.get("notes"))
        return Manifest(
            self.game_id,
            str(self.path),
            "live" if status == "live" else "closed",
            "real" if cards == "real" else "invented",
            day,
            newest,
            products,
            sources,
            stale,
            notes,
        )

    def choice(self, parsed: dict[str, Any], field: str, choices: tuple[str, ...]) -> str:
        value = parsed.get(field)
        if value not in choices:
            shown = _("missing") if value is None else quoted(value)
            raise self.refuse(
                field, _("must be one of {choices}, not {value}").format(choices=joined(choices), value=shown)
            )
        return str(value)

    def text(self, parsed: dict[str, Any], field: str) -> str:
        value = parsed.get(field)
        if not isinstance(value, str) or not value.strip():
            shown = _("missing") if value is None else quoted(value)
            raise self.refuse(field, _("must be a non-empty string, not {value}").format(value=shown))
        return value.strip()

    def date(self, value: Any, field: str) -> str | None:
        """An ISO date (YYYY-MM-DD, or YYYY-MM for a month) as written; a TOML date too; None when left out."""
        if value is None:
            return None
        if isinstance(value, date):
            return value.isoformat()
        if isinstance(value, str) and _DATE.fullmatch(value.strip()):
            text = value.strip()
            try:
                date.fromisoformat(text if len(text) == 10 else f"{text}-01")
            except ValueError:
                pass
            else:
                return text
        said = _("must be a date, YYYY-MM-DD (or YYYY-MM when only the month is known), not {value}")
        raise self.refuse(field, said.format(value=quoted(value)))

    def products(self, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not value or not all(isinstance(item, str) and item for item in value):
            said = _('must be a non-empty list of product prefixes ("BP01..BP21", "PR"), not {value}')
            raise self.refuse("products", said.format(value=quoted(value)))
        for index, pattern in enumerate(value, start=1):
            match = _RANGE.fullmatch(pattern)
            if match is None:
                continue
            first, last = _SERIES.fullmatch(match["first"].upper()), _SERIES.fullmatch(match["last"].upper())
            if (
                first is None
                or last is None
                or first["suffix"]
                or last["suffix"]
                or first["series"] != last["series"]
                or len(first["digits"]) != len(last["digits"])
                or int(first["digits"]) > int(last["digits"])
            ):
                said = _("{value} is not a range of one series (BP01..BP21)").format(value=quoted(pattern))
                raise self.refuse(f"products[{index}]", said)
        return tuple(value)

    def sources(self, value: Any) -> tuple[Source, ...]:
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise self.refuse("sources", _("must be an array of tables ([[sources]])"))
        found = []
        for index, table in enumerate(value, start=1):
            where = f"sources[{index}]"
            for key in table:
                if key not in _SOURCE_KEYS:
                    said = _("is not a field of a source (the fields are: {fields})").format(
                        fields=", ".join(_SOURCE_KEYS)
                    )
                    raise self.refuse(f"{where}.{key}", said)
            texts = {}
            for key in ("repository", "path", "commit"):
                try:
                    texts[key] = self.text(table, key)
                except DeckcheckError as error:
                    error.field = f"{where}.{key}"
                    raise
            found.append(Source(**texts, date=self.date(table.get("date"), f"{where}.date")))
        return tuple(found)

    def notes(self, value: Any) -> tuple[tuple[str, str], ...]:
        """A string, or a table of language tags (en, ja) to strings."""
        texts = read_texts(value)
        if texts is None:
            said = _("must be a string or a table of en/ja strings, not {value}").format(value=quoted(value))
            raise self.refuse("notes", said)
        return texts


# What a run says about the data ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DataNote:
    """Said once per run for the decks of a game: its live data is old (`stale`), or its cards are invented."""

    game: str
    kind: Literal["stale", "invented"]
    message: str
    manifest: Manifest
    days_old: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "kind": self.kind,
            "date": self.manifest.date,
            "newest": self.manifest.newest,
            "days_old": self.days_old,
            "message": self.message,
        }


def data_notes(games: Iterable[str], today: date, root: Path) -> list[DataNote]:
    """What a run that judged decks of these games (in order) on `today` says about their data, once per game: the
    data of a live game more than stale_after_days old; the cards of a game whose data is invented. A broken
    manifest is a DeckcheckError naming its file."""
    notes = []
    for game in dict.fromkeys(games):
        manifest = load_manifest(game, root)
        if manifest is None:
            continue
        title = get_game(game).said_title
        if manifest.cards == "invented":
            said = _(
                "the {game} cards deckcheck ships are invented examples, not the real card list: its verdicts say "
                "only whether a deck keeps the construction rules with those cards"
            ).format(game=title)
            notes.append(DataNote(game, "invented", said, manifest))
        if manifest.is_stale(today):
            old = manifest.days_old(today)
            said = _(
                "deckcheck's {game} card data is {days} days old on {today} (its date {date}, newest product "
                "{newest}): cards of later products are unknown to it; add them with `{command}`, or use a newer "
                "deckcheck"
            ).format(
                game=title,
                days=old,
                today=said_date(today.isoformat()),
                date=said_date(manifest.date),
                newest=manifest.newest,
                command=IMPORT_COMMAND,
            )
            notes.append(DataNote(game, "stale", said, manifest, old))
    return notes
