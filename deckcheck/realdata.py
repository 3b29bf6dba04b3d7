"""The real card lists (fan-maintained, facts only) converted into deckcheck card databases.

One command re-creates the shipped databases from the source files, or a newer dump of the same lists:

    python -m deckcheck.realdata evolve SOURCE/evolve/cards.json carddb/
    python -m deckcheck.realdata cipher SOURCE/cipher/cards.json carddb/

Each run writes one file, ``OUT/<game>/cards.toml``, atomically; every source record that is not written is
listed with its record index, number and reason. Records left out on purpose (EVOLVE's EP/SEP point markers; a
Cipher printing that the source lists twice) are notes; a record that cannot be mapped (unknown kind, missing or
duplicate number, a cost that is not a number, ...) is rejected and the exit code is 1, as ``cards import`` does;
the exit code is 2 when the source cannot be read at all (nothing is written then).

The source formats are described in ``carddb/README.md``; the mapping follows ``spec/evolve.md`` ("Importer notes",
"Later products") and ``spec/cipher.md`` (colour → symbol, cost X, ranges, copy identity by title + unit name).
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from deckcheck._util.atomic import atomic_write
from deckcheck._util.normalize import norm_name
from deckcheck.carddb.db import limit_disagreements, parse_record
from deckcheck.errors import DeckcheckError
from deckcheck.games import get_game
from deckcheck.model.cards import Card


class RecordError(ValueError):
    """A source record that cannot be mapped: the field and the reason."""

    def __init__(self, field_name: str, reason: str) -> None:
        super().__init__(f"field '{field_name}': {reason}")
        self.field = field_name
        self.reason = reason


@dataclass
class Conversion:
    """The records made from a source list, and every source record left out (index from 1, number, reason)."""

    game_id: str
    records: list[dict[str, Any]] = field(default_factory=list)
    notes: list[tuple[int, str, str]] = field(default_factory=list)  # left out on purpose
    rejected: list[tuple[int, str, str]] = field(default_factory=list)  # could not be mapped

    def note(self, index: int, number: str, reason: str) -> None:
        self.notes.append((index, number, reason))

    def reject(self, index: int, number: str, reason: str) -> None:
        self.rejected.append((index, number, reason))


def _text(value: Any, field_name: str, *, required: bool = True) -> str:
    """A source string, NFKC-normalised and trimmed (odd widths and spaces become plain ones)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise RecordError(field_name, "is missing or empty")
        return ""
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise RecordError(field_name, f"must be text, not {type(value).__name__} {value!r}")
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", str(value))).strip()


def _shown(value: Any, limit: int = 40) -> str:
    """A value for a message, cut short (a hostile record may hold megabytes)."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


_NONE_WORDS = {"-", "ー", "―", "—", "–", "−", ""}


def _number_or_none(value: Any, field_name: str, *, allow_x: bool = False) -> int | str | None:
    """A printed number: '-' (none printed) is None; full-width digits are read; 'X' only where allowed."""
    text = _text(value, field_name, required=False)
    if text in _NONE_WORDS:
        return None
    if allow_x and text.upper() == "X":
        return "X"
    if not re.fullmatch(r"\d{1,6}", text):  # no card prints more; a longer run of digits is a broken record
        expected = "a whole number (up to 6 digits), X or '-'" if allow_x else "a whole number (up to 6 digits) or '-'"
        raise RecordError(field_name, f"{_shown(value)} is not {expected}")
    return int(text)


# Shadowverse EVOLVE ---------------------------------------------------------------------------------------

EVOLVE_SOURCE = "jeyukburrito/sve-meta, data/carddb_json/*.json, commit b49f3d98 (March 2026)"

EVOLVE_CLASSES = {
    "エルフ": "forest",
    "ロイヤル": "sword",
    "ウィッチ": "rune",
    "ドラゴン": "dragon",
    "ナイトメア": "abyss",
    "ビショップ": "haven",
    "ニュートラル": "neutral",
}
EVOLVE_KINDS = {
    "フォロワー": "follower",
    "スペル": "spell",
    "アミュレット": "amulet",
    "リーダー": "leader",
    "イクイップメント": "equipment",  # only as a token
}
EVOLVE_FLAGS = {"エボルヴ": "evolve", "アドバンス": "advance", "トークン": "token"}
# The kinds the source lists (realdata README); any other combination, e.g. 「リーダー・エボルヴ」 or a bare
# 「イクイップメント」, is an unknown kind that names its record (spec, "Later products"), never a guess.
EVOLVE_KNOWN_KINDS = (
    "フォロワー",
    "スペル",
    "アミュレット",
    "リーダー",
    "フォロワー・エボルヴ",
    "スペル・エボルヴ",
    "アミュレット・エボルヴ",
    "フォロワー・アドバンス",
    "スペル・アドバンス",
    "フォロワー・トークン",
    "スペル・トークン",
    "アミュレット・トークン",
    "イクイップメント・トークン",
)
# Point markers, not cards of a deck (spec, "Later products"): left out with a note.
EVOLVE_POINT_KINDS = {"EP", "SEP"}

UMA_MUSUME = "ウマ娘 プリティーダービー"
CINDERELLA_GIRLS = "アイドルマスター シンデレラガールズ"
VANGUARD = "カードファイト!! ヴァンガード"
PRINCESS_CONNECT = "プリンセスコネクト!Re:Dive"
# The crossover products and their titles (realdata README; CSD03 is the Vanguard starter, as its traits say).
EVOLVE_PRODUCT_TITLES = {
    "CP01": UMA_MUSUME,
    "ECP01": UMA_MUSUME,
    "CSD01": UMA_MUSUME,
    "CP02": CINDERELLA_GIRLS,
    "ECP02": CINDERELLA_GIRLS,
    "CSD02": CINDERELLA_GIRLS,
    "CP03": VANGUARD,
    "CSD03": VANGUARD,
    "CP04": PRINCESS_CONNECT,
    "PCS01": PRINCESS_CONNECT,
}
# A promo takes the title its traits name (the source has no title field).
EVOLVE_TRAIT_TITLES = {
    "ウマ娘": UMA_MUSUME,
    "デレマス": CINDERELLA_GIRLS,
    "ヴァンガード": VANGUARD,
    "プリコネ": PRINCESS_CONNECT,
}

_MAIN_LIMIT = re.compile(r"^『(?P<name>.+)』は自分のデッキに(?P<limit>\d{1,4})枚まで入れることができる$")
_EVOLVE_LIMIT = re.compile(r"^これはエボルヴデッキに(?P<limit>\d{1,4})枚まで入れることができる$")


def evolve_title(product: str, traits: list[str]) -> str | None:
    """The crossover title of a card: from its product (CSD02a → CSD02), else from a promo's traits."""
    base = re.sub(r"[a-zA-Z]$", "", product) if product.upper().startswith("CSD") else product
    title = EVOLVE_PRODUCT_TITLES.get(base.upper())
    if title is not None:
        return title
    titles = {EVOLVE_TRAIT_TITLES[trait] for trait in traits if trait in EVOLVE_TRAIT_TITLES}
    if len(titles) > 1:
        raise RecordError("sub_type", f"the traits name several titles: {', '.join(sorted(titles))}")
    return titles.pop() if titles else None


def evolve_deck_limit(sentences: Any, name: str, in_evolve_deck: bool) -> int | None:
    """`deck_limit` from the card's own construction sentences, for the section each one names (spec)."""
    if sentences is None:
        return None
    if isinstance(sentences, str):
        sentences = [sentences]
    if not isinstance(sentences, list) or not sentences:
        raise RecordError("deckbuilding", f"must be a list of sentences, not {sentences!r}")
    limits = set()
    for raw in sentences:
        sentence = _text(raw, "deckbuilding").rstrip("。")
        if (match := _EVOLVE_LIMIT.match(sentence)) is not None:
            if not in_evolve_deck:
                raise RecordError(
                    "deckbuilding", f"「{sentence}」 names the evolve deck, but the card is not built there"
                )
        elif (match := _MAIN_LIMIT.match(sentence)) is not None:
            if norm_name(match["name"]) != name:
                raise RecordError("deckbuilding", f"「{sentence}」 is about another card than 『{name}』")
            if in_evolve_deck:
                raise RecordError(
                    "deckbuilding", f"「{sentence}」 names the main deck, but the card is built into the evolve deck"
                )
        else:
            raise RecordError("deckbuilding", f"「{sentence}」 is not a construction sentence deckcheck can read")
        limits.add(int(match["limit"]))
    if len(limits) > 1:
        raise RecordError("deckbuilding", f"the sentences give several limits: {sorted(limits)}")
    return limits.pop()


def evolve_record(item: Any) -> dict[str, Any] | None:
    """One EVOLVE card record from a source record; None for a point marker (EP/SEP); RecordError if unmappable."""
    if not isinstance(item, dict):
        raise RecordError("-", f"must be an object, not {type(item).__name__}")
    number = _text(item.get("card_code"), "card_code")
    name = _text(item.get("name"), "name")
    kind_line = _text(item.get("card_type"), "card_type")
    if kind_line.upper() in EVOLVE_POINT_KINDS:
        return None
    kind, *flag_words = parts = [part.strip() for part in kind_line.split("・")]
    if "・".join(parts) not in EVOLVE_KNOWN_KINDS:
        known = ", ".join([*EVOLVE_KNOWN_KINDS, *EVOLVE_POINT_KINDS])
        raise RecordError("card_type", f"unknown kind 「{kind_line}」 (known: {known})")
    record: dict[str, Any] = {"number": number, "name": name, "type": EVOLVE_KINDS[kind]}
    for word in flag_words:
        record[EVOLVE_FLAGS[word]] = True
    class_text = _text(item.get("class"), "class", required=False)
    if class_text not in _NONE_WORDS:
        if class_text not in EVOLVE_CLASSES:
            raise RecordError("class", f"unknown class 「{class_text}」 (known: {', '.join(EVOLVE_CLASSES)}, or '-')")
        record["class"] = EVOLVE_CLASSES[class_text]
    traits_text = _text(item.get("sub_type"), "sub_type", required=False)
    traits = [] if traits_text in _NONE_WORDS else [t.strip() for t in traits_text.split("・") if t.strip()]
    product = _text(item.get("set"), "set", required=False)
    if title := evolve_title(product, traits):
        record["title"] = title
    for source, target in (("cost", "cost"), ("attack", "attack"), ("hp", "defense")):
        value = _number_or_none(item.get(source), source)
        if value is not None:
            record[target] = value
    if traits:
        record["traits"] = traits
    if product:
        record["set"] = product
    in_evolve_deck = bool(record.get("evolve") or record.get("advance"))
    limit = evolve_deck_limit(item.get("deckbuilding"), norm_name(name), in_evolve_deck)
    if limit is not None:
        record["deck_limit"] = limit
    return record


def convert_evolve(items: list[Any]) -> Conversion:
    result = Conversion("evolve")
    seen: dict[str, int] = {}
    for index, item in enumerate(items, start=1):
        number = str(item.get("card_code", "")).strip() if isinstance(item, dict) else ""
        try:
            record = evolve_record(item)
        except RecordError as error:
            result.reject(index, number or "no number", str(error))
            continue
        if record is None:
            result.note(index, number, f"{item['card_type']} (a point marker, not a card of a deck): left out")
            continue
        key = record["number"].upper()  # numbers compare upper-cased (contract, "Fixed details")
        if key in seen:
            result.reject(index, number, f"field 'card_code': duplicate number (record {seen[key]} has it too)")
            continue
        seen[key] = index
        result.records.append(record)
    return result


# Fire Emblem 0 (Cipher) ---------------------------------------------------------------------------------------

CIPHER_SOURCE = "Decksteria/Decksteria.FECipher, Decksteria.FECipher/cardlist.json, commit 8ff15abd (December 2025)"

# The source's colours are the symbols of rules 4.4.4 (realdata README); None = no symbol (4.4.2).
CIPHER_SYMBOLS = {
    "red": "blade-of-light",
    "blue": "brand",
    "white": "hoshido",
    "black": "nohr",
    "green": "medallion",
    "purple": "divine-weapons",
    "yellow": "holy-war-flag",
    "brown": "goddess-crest",
}
CIPHER_GENDERS = {"male": "male", "female": "female"}
CIPHER_WEAPONS = {
    "sword": "sword",
    "lance": "lance",
    "axe": "axe",
    "bow": "bow",
    "tome": "magic",
    "staff": "staff",
    "dragonstone": "dragonstone",
    "knife": "hidden-weapon",
    "fang": "fang",
    "brawl": "fist",
}
CIPHER_TYPES = {
    "armored": "armor",
    "beast": "beast",
    "flier": "flier",
    "dragon": "dragon",
    "mirage": "mirage",
    "monster": "monster",
}
# Cards whose own text lets a deck hold any number of copies ("Character: Title", realdata README).
CIPHER_ANY_NUMBER = {
    ("Anna", "Secret Seller"),
    ("Anna", "Peddler of Many Mysteries"),
    ("Necrodragon", "Resurrected Wyrm"),
    ("Risen", "Grotesque Soldier"),
    ("Legion", "Masked Assassin"),
    ("Faceless", "Heartless Monster"),
    ("Witch", "Sacrifice Fated for Puppetdom"),
    ("Risen", "Defiled Soldier"),
    ("Bael", "Giant Man-Eating Spider"),
    ("Gorgon", "Snake-Haired Demon"),
}
# A printed code: the number (with a variant letter a/b/c where one number has several cards) and the rarity.
_CIPHER_CODE = re.compile(r"^(?P<number>[A-Z]+\d+-\d+[a-c]?)(?P<rarity>[A-Za-z+]*)$")


def _cipher_range(minimum: Any, maximum: Any) -> str:
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (minimum, maximum)):
        raise RecordError("MinRange", f"MinRange/MaxRange must be whole numbers, not {minimum!r}/{maximum!r}")
    if maximum == 0:
        return "-"  # 射程- (a unit that cannot attack, 18.2.1.2.1)
    if minimum == 0 or minimum > maximum:
        raise RecordError("MinRange", f"range {minimum}-{maximum} is not a range of 20.2–20.3")
    return str(minimum) if minimum == maximum else f"{minimum}-{maximum}"


def _cipher_words(values: Any) -> tuple[list[str], list[str], list[str]]:
    """Genders, weapons and unit types from the source's `Type` list (case and stray spaces forgiven)."""
    if not isinstance(values, list):
        raise RecordError("Type", f"must be a list, not {values!r}")
    genders: list[str] = []
    weapons: list[str] = []
    types: list[str] = []
    for raw in values:
        word = _text(raw, "Type").casefold()
        for table, out in ((CIPHER_GENDERS, genders), (CIPHER_WEAPONS, weapons), (CIPHER_TYPES, types)):
            if word in table:
                out.append(table[word])
                break
        else:
            raise RecordError("Type", f"unknown word {raw!r} (genders, weapons and unit types of 4.5–4.7)")
    return genders, weapons, types


def cipher_facts(item: Any) -> dict[str, Any]:
    """The record fields of one source card, without number, set, rarity and printings."""
    if not isinstance(item, dict):
        raise RecordError("-", f"must be an object, not {type(item).__name__}")
    unit_name = _text(item.get("Character"), "Character")
    title = _text(item.get("Title"), "Title")
    colours = item.get("Color")
    colours = [colours] if isinstance(colours, str) else colours
    if not isinstance(colours, list) or not colours:
        raise RecordError("Color", f"must be a list of colours, not {item.get('Color')!r}")
    symbols = []
    for colour in colours:
        key = _text(colour, "Color").casefold()
        if key == "none":
            if len(colours) == 1:
                continue
            raise RecordError("Color", f"None (no symbol) cannot stand beside other colours: {colours!r}")
        if key not in CIPHER_SYMBOLS:
            raise RecordError("Color", f"unknown colour {colour!r} (known: {', '.join(CIPHER_SYMBOLS)}, None)")
        symbols.append(CIPHER_SYMBOLS[key])
    genders, weapons, types = _cipher_words(item.get("Type", []))
    record: dict[str, Any] = {
        "name": f"{title} {unit_name}",
        "type": "unit",
        "title": title,
        "unit_name": unit_name,
        "cost": _required_number(item, "Cost"),
        "symbols": symbols,
        "attack": _required_number(item, "Attack"),
        "support": _required_number(item, "Support"),
        "range": _cipher_range(item.get("MinRange"), item.get("MaxRange")),
        "class_name": _text(item.get("Class"), "Class"),
    }
    cc_cost = _number_or_none(item.get("ClassChangeCost"), "ClassChangeCost", allow_x=True)
    if cc_cost is not None:
        record["cc_cost"] = cc_cost
    for key, values in (("genders", genders), ("weapons", weapons), ("types", types)):
        if values:
            record[key] = values
    if (unit_name, title) in CIPHER_ANY_NUMBER:
        record["deck_limit"] = "any"
    return record


def _required_number(item: dict[str, Any], field_name: str) -> int | str:
    value = _number_or_none(item.get(field_name), field_name, allow_x=True)
    if value is None:
        raise RecordError(field_name, "is missing: every unit card prints it")
    return value


@dataclass
class _Printing:
    index: int  # the source card, from 1
    code: str
    number: str
    rarity: str
    product: str


def convert_cipher(items: list[Any]) -> Conversion:
    """One record per card number without its rarity suffix, listing every printing of that number; where the
    printings of one number differ in their facts, each printing keeps its own code (spec: "keep a rarity suffix
    where one number exists at several rarities")."""
    result = Conversion("cipher")
    facts: dict[int, dict[str, Any]] = {}
    owner_of_code: dict[str, int] = {}
    by_number: dict[str, list[_Printing]] = {}
    for index, item in enumerate(items, start=1):
        first_code = _first_code(item)
        try:
            facts[index] = cipher_facts(item)
            printings = _cipher_printings(index, item)
        except RecordError as error:
            result.reject(index, first_code, str(error))
            continue
        taken = []
        for printing in printings:
            owner = owner_of_code.get(printing.code)
            if owner is not None and facts[owner] != facts[index]:
                taken.append(f"{printing.code} (listed under 『{facts[owner]['name']}』, source record {owner})")
                continue
            if owner is None:
                owner_of_code[printing.code] = index
                by_number.setdefault(printing.number, []).append(printing)
        if taken:
            whole = len(taken) == len(printings)
            result.note(
                index,
                first_code,
                f"『{facts[index]['name']}』: the source lists the printing "
                f"{', '.join(taken)} twice, under two translations; kept with the first"
                + (", so this record is left out" if whole else ""),
            )
    for number, printings in by_number.items():
        distinct = {json.dumps(facts[p.index], sort_keys=True) for p in printings}
        groups = [(number, printings)] if len(distinct) == 1 else [(p.code, [p]) for p in printings]
        if len(distinct) > 1:
            codes = ", ".join(p.code for p in printings)
            result.note(
                printings[0].index, number, f"the printings {codes} differ in their facts: each kept by its code"
            )
        for record_number, group in groups:
            record = {"number": record_number, **facts[group[0].index], "set": group[0].product}
            record["rarity"] = " / ".join(dict.fromkeys(p.rarity for p in group if p.rarity))
            record["printings"] = [p.code for p in group]
            result.records.append(record)
    result.records.sort(key=lambda record: _number_order(record["number"]))
    return result


def _first_code(item: Any) -> str:
    try:
        return str(item["printings"][0]["CardCode"]).strip()
    except (KeyError, IndexError, TypeError):
        return "no number"


def _cipher_printings(index: int, item: dict[str, Any]) -> list[_Printing]:
    printings = item.get("printings")
    if not isinstance(printings, list) or not printings:
        raise RecordError("printings", "is missing or empty: a card needs at least one printed code")
    found = []
    for position, printing in enumerate(printings):
        where = f"printings[{position}].CardCode"
        if not isinstance(printing, dict):
            raise RecordError(f"printings[{position}]", f"must be an object, not {printing!r}")
        code = _text(printing.get("CardCode"), where)
        match = _CIPHER_CODE.match(code)
        if match is None:
            raise RecordError(where, f"{code!r} is not a card code such as B01-001SR")
        product = _text(printing.get("SetCode"), f"printings[{position}].SetCode", required=False)
        found.append(_Printing(index, code, match["number"], match["rarity"], product or code.split("-")[0]))
    return found


def _number_order(number: str) -> tuple[Any, ...]:
    """B01-002 before B01-010 before B02-001; then the rest of the code."""
    match = re.match(r"^([A-Z]+)(\d+)-(\d+)(.*)$", number)
    return (match[1], int(match[2]), int(match[3]), match[4]) if match else (number, 0, 0, "")


# Validation and writing --------------------------------------------------------------------------------------

CONVERTERS: dict[str, tuple[Callable[[list[Any]], Conversion], str]] = {
    "evolve": (convert_evolve, EVOLVE_SOURCE),
    "cipher": (convert_cipher, CIPHER_SOURCE),
}


def validate(conversion: Conversion) -> list[str]:
    """Every record through the game's card model, as the loader will read it; the database's own problems
    (records of one copy identity that disagree on deck_limit) too. Invalid records are rejected."""
    game = get_game(conversion.game_id)
    cards: dict[str, Card] = {}
    sources: dict[str, str] = {}
    kept = []
    for record in conversion.records:
        problems: list[str] = []
        card = parse_record(game, record, "converted record", problems)
        if card is None:
            conversion.reject(0, record["number"], "; ".join(problems))
            continue
        cards[card.number] = card
        sources[card.number] = record["number"]
        kept.append(record)
    conversion.records = kept
    return limit_disagreements(game, cards, sources)


def read_source(path: Path) -> list[Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except OSError as error:
        raise DeckcheckError(f"cannot be read: {error.strerror or error}", path=path) from None
    except UnicodeDecodeError:
        raise DeckcheckError("is not UTF-8 text", path=path) from None
    except json.JSONDecodeError as error:
        raise DeckcheckError(f"is not valid JSON: {error.msg}", path=path, line=error.lineno) from None
    except (ValueError, RecursionError) as error:  # an integer of more than 4,300 digits; nesting too deep
        raise DeckcheckError(f"cannot be read as card records: {error}", path=path) from None
    if not isinstance(data, list):
        raise DeckcheckError(f"must be a JSON list of card records, not {type(data).__name__}", path=path)
    return data


def render_toml(conversion: Conversion, source_path: str) -> str:
    _, origin = CONVERTERS[conversion.game_id]
    header = (
        f"# Generated by `python -m deckcheck.realdata {conversion.game_id} {source_path} carddb/`; do not edit.\n"
        f"# Source: {origin}. An unofficial, fan-maintained list reduced to facts (no card text).\n"
        f"# {len(conversion.records)} records.\n"
    )
    body = "".join(f"\n[[cards]]\n{_toml_table(record)}" for record in conversion.records)
    return f'{header}game = "{conversion.game_id}"\n{body}'


def _toml_value(value: Any) -> str:
    """One value, inline: a JSON string or array of strings is a TOML basic string or array (same escapes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        return json.dumps(value, ensure_ascii=False)
    return tomli_w.dumps({"v": value}).removeprefix("v = ").strip()


def _toml_table(record: dict[str, Any]) -> str:
    return "".join(f"{key} = {_toml_value(value)}\n" for key, value in record.items())


def run(game_id: str, source: Path, out: Path) -> tuple[Conversion, int]:
    """Convert and write OUT/<game>/cards.toml; (the conversion, the exit code)."""
    if game_id not in CONVERTERS:
        raise DeckcheckError(f"no real-data converter for game {game_id!r} (known: {', '.join(CONVERTERS)})")
    items = read_source(source)
    convert, _ = CONVERTERS[game_id]
    conversion = convert(items)
    problems = validate(conversion)
    if problems:  # a database the loader would refuse: nothing is written
        raise DeckcheckError("the converted records would make a broken card database: " + "; ".join(problems))
    if not out.is_dir():
        raise DeckcheckError("is not a folder (give the card database folder, e.g. carddb/)", path=out)
    target = out / game_id / "cards.toml"
    target.parent.mkdir(exist_ok=True)
    atomic_write(target, render_toml(conversion, f"SOURCE/{game_id}/{source.name}"))
    return conversion, 1 if conversion.rejected else 0


def report(conversion: Conversion, target: Path) -> str:
    lines = [f"wrote {target}: {len(conversion.records)} records"]
    for title, entries in (("notes", conversion.notes), ("rejected", conversion.rejected)):
        if entries:
            lines.append(f"{title}: {len(entries)}")
            lines.extend(f"  record {index or '-'} ({number}): {reason}" for index, number, reason in entries)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 3 or args[0] in ("-h", "--help"):
        print("\n\n".join(__doc__.split("\n\n")[1:4]) if args and args[0] in ("-h", "--help") else "", file=sys.stderr)
        print("usage: python -m deckcheck.realdata {evolve|cipher} SOURCE.json CARDDB_FOLDER", file=sys.stderr)
        return 0 if args and args[0] in ("-h", "--help") else 2
    game_id, source, out = args[0], Path(args[1]), Path(args[2])
    try:
        conversion, code = run(game_id, source, out)
    except DeckcheckError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(report(conversion, out / game_id / "cards.toml"))
    return code


if __name__ == "__main__":
    sys.exit(main())
