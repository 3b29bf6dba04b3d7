"""Fire Emblem 0 (Cipher)'s card list (Decksteria.FECipher) as card records: the mapping of spec/cipher.md."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckcheck._i18n import _
from deckcheck._util.normalize import norm_name, norm_number
from deckcheck.errors import DeckcheckError
from deckcheck.realdata._common import (
    Conversion,
    RecordError,
    number_or_none,
    printed_text,
    read_json,
    shown,
    source_text,
)

SOURCE = "Decksteria/Decksteria.FECipher, Decksteria.FECipher/cardlist.json, commit 8ff15abd (December 2025)"
# The Japanese names of the first sets (names_ja), from the file beside the source (shared/realdata/cipher/README.md
# and carddb/README.md say where each name came from and how the names were checked).
NAMES_FILE = "names-ja.json"
NAMES_SOURCE = (
    f"{NAMES_FILE}: UDON-man/FE-Cipher-Online, Assets/CSV/*カードリスト.csv, commit df9cfb52, and (a second spelling "
    "where the two differ) jacksonstarry/FECipherVit, release/CardData.fe0db, commit eb57379"
)

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
# Titles the source misspells on one printing of a card, (unit name, title as the source spells it) -> the title of
# the card's other printings; the card name (title + unit name) is the copy identity, so a typo would split one card
# in two and let 4 + 4 copies pass. Found by comparing, per unit name, the titles of records with the same cost,
# colour, attack and support (difflib ratio >= 0.8, or equal but for case; a case difference needs no entry here:
# deckcheck compares titles case-insensitively, deckcheck.games.cipher.CipherCard.card_name). Accepted: a misspelt
# English word on one side, every other fact equal.
CIPHER_TITLE_TYPOS = {
    # P01-006 (source: Faithful Veteran) and S01-003 (source: Faithful Verteran): one card, 忠義の古強者 ジェイガン
    # for both numbers in ../shared/realdata/cipher/names-ja.json; "Verteran" is no English word.
    ("Jagen", "Faithful Verteran"): "Faithful Veteran",
    # B19-023 (source: Enigmatic) and P19-009 (source: Engimatic), alike in every other fact (class, cost, colour,
    # types, range, attack, support); "Engimatic" is no English word.
    ("Sothis", "Lass Possessed of Engimatic Power"): "Lass Possessed of Enigmatic Power",
    # Not a typo but a second translation of one title: B04-003 and P04-005 (High School Dreamer) and P03-002,
    # P03-009 (Dreaming High Schooler) are all 夢見る女子高生 織部つばさ in names-ja.json and alike in every other fact
    # (cost 1, blade of light, attack 40, support 20, range 1, lance, mirage); the first printing's title is kept.
    ("Tsubasa Oribe", "Dreaming High Schooler"): "High School Dreamer",
}
_TITLE_TYPOS = {(norm_name(unit), norm_name(title)): fixed for (unit, title), fixed in CIPHER_TITLE_TYPOS.items()}
_ANY_NUMBER = {(norm_name(unit), norm_name(title)) for unit, title in CIPHER_ANY_NUMBER}
# A printed code: the number (with a variant letter a/b/c where one number has several cards) and the rarity.
_CIPHER_CODE = re.compile(r"^(?P<number>[A-Z]+\d+-\d+[a-c]?)(?P<rarity>[A-Za-z+]*)$")


def _cipher_range(minimum: Any, maximum: Any) -> str:
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (minimum, maximum)):
        raise RecordError(
            "MinRange",
            _("MinRange/MaxRange must be whole numbers, not {minimum}/{maximum}").format(
                minimum=repr(minimum), maximum=repr(maximum)
            ),
        )
    if maximum == 0:
        return "-"  # 射程- (a unit that cannot attack, 18.2.1.2.1)
    if minimum == 0 or minimum > maximum:
        raise RecordError(
            "MinRange",
            _("range {minimum}-{maximum} is not a range of 20.2–20.3").format(minimum=minimum, maximum=maximum),
        )
    return str(minimum) if minimum == maximum else f"{minimum}-{maximum}"


def _cipher_words(values: Any) -> tuple[list[str], list[str], list[str]]:
    """Genders, weapons and unit types from the source's `Type` list (case and stray spaces forgiven)."""
    if not isinstance(values, list):
        raise RecordError("Type", _("must be a list, not {value}").format(value=repr(values)))
    genders: list[str] = []
    weapons: list[str] = []
    types: list[str] = []
    for raw in values:
        word = source_text(raw, "Type").casefold()
        for table, out in ((CIPHER_GENDERS, genders), (CIPHER_WEAPONS, weapons), (CIPHER_TYPES, types)):
            if word in table:
                out.append(table[word])
                break
        else:
            raise RecordError(
                "Type", _("unknown word {word} (genders, weapons and unit types of 4.5–4.7)").format(word=repr(raw))
            )
    return genders, weapons, types


def cipher_facts(item: Any) -> dict[str, Any]:
    """The record fields of one source card, without number, set, rarity and printings."""
    if not isinstance(item, dict):
        raise RecordError("-", _("must be an object, not {type}").format(type=type(item).__name__))
    unit_name = printed_text(item.get("Character"), "Character")  # as the source spells them (not NFKC'd)
    title = printed_text(item.get("Title"), "Title")
    title = _TITLE_TYPOS.get((norm_name(unit_name), norm_name(title)), title)
    colours = item.get("Color")
    colours = [colours] if isinstance(colours, str) else colours
    if not isinstance(colours, list) or not colours:
        raise RecordError("Color", _("must be a list of colours, not {value}").format(value=repr(item.get("Color"))))
    symbols = []
    for colour in colours:
        key = source_text(colour, "Color").casefold()
        if key == "none":
            if len(colours) == 1:
                continue
            raise RecordError(
                "Color",
                _("None (no symbol) cannot stand beside other colours: {colours}").format(colours=repr(colours)),
            )
        if key not in CIPHER_SYMBOLS:
            raise RecordError(
                "Color",
                _("unknown colour {colour} (known: {known}, None)").format(
                    colour=repr(colour), known=", ".join(CIPHER_SYMBOLS)
                ),
            )
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
        "class_name": source_text(item.get("Class"), "Class"),
    }
    cc_cost = number_or_none(item.get("ClassChangeCost"), "ClassChangeCost", allow_x=True)
    if cc_cost is not None:
        record["cc_cost"] = cc_cost
    for key, values in (("genders", genders), ("weapons", weapons), ("types", types)):
        if values:
            record[key] = values
    if (norm_name(unit_name), norm_name(title)) in _ANY_NUMBER:
        record["deck_limit"] = "any"
    return record


def _required_number(item: dict[str, Any], field_name: str) -> int | str:
    value = number_or_none(item.get(field_name), field_name, allow_x=True)
    if value is None:
        raise RecordError(field_name, _("is missing: every unit card prints it"))
    return value


@dataclass
class _Printing:
    index: int  # the source card, from 1
    code: str
    number: str
    rarity: str
    product: str


def convert(items: list[Any]) -> Conversion:
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
            owner = owner_of_code.get(norm_number(printing.code))  # codes and numbers compare normalised
            if owner is not None and facts[owner] != facts[index]:
                taken.append(
                    _("{code} (listed under 『{name}』, source record {record})").format(
                        code=printing.code, name=facts[owner]["name"], record=owner
                    )
                )
                continue
            if owner is None:
                owner_of_code[norm_number(printing.code)] = index
                by_number.setdefault(norm_number(printing.number), []).append(printing)
        if taken:
            whole = len(taken) == len(printings)
            result.note(
                index,
                first_code,
                (
                    _(
                        "『{name}』: the source lists the printing {printings} twice, under two translations; kept "
                        "with the first, so this record is left out"
                    )
                    if whole
                    else _(
                        "『{name}』: the source lists the printing {printings} twice, under two translations; kept "
                        "with the first"
                    )
                ).format(name=facts[index]["name"], printings=", ".join(taken)),
            )
    for printings in by_number.values():
        number = printings[0].number  # as printed (B08-047a), the first printing's spelling
        distinct = {json.dumps(facts[p.index], sort_keys=True) for p in printings}
        groups = [(number, printings)] if len(distinct) == 1 else [(p.code, [p]) for p in printings]
        if len(distinct) > 1:
            codes = ", ".join(p.code for p in printings)
            result.note(
                printings[0].index,
                number,
                _("the printings {codes} differ in their facts: each kept by its code").format(codes=codes),
            )
        for record_number, group in groups:
            record = {"number": record_number, **facts[group[0].index], "set": group[0].product}
            record["rarity"] = " / ".join(dict.fromkeys(p.rarity for p in group if p.rarity))
            record["printings"] = [p.code for p in group]
            result.records.append(record)
    result.records.sort(key=lambda record: _number_order(record["number"]))
    return result


def convert_source(items: list[Any], source: Path) -> Conversion:
    """:func:`convert`, with the Japanese names of names-ja.json beside the source when it is there (else a note
    says they were not added)."""
    result = convert(items)
    path = source.parent / NAMES_FILE
    if not path.exists():
        result.note(0, NAMES_FILE, _("not beside the source: the Japanese names (names_ja) were not added"))
        return result
    entries = read_json(path)
    if not isinstance(entries, list):
        raise DeckcheckError(_("must be a JSON list of {{number, name_ja[, alt_name_ja]}} entries").format(), path=path)
    add_names(result, entries)
    result.also_from.append(NAMES_SOURCE)
    return result


def add_names(result: Conversion, entries: list[Any]) -> None:
    """`names_ja` (name_ja, then alt_name_ja where a second source spells it otherwise) onto the written record of
    each entry's number; an entry that names no written record, repeats a number or has no name is rejected, naming
    the entry (never dropped silently). A note counts what was added."""
    records = {norm_number(record["number"]): record for record in result.records}
    given: dict[str, int] = {}
    added = 0
    for index, entry in enumerate(entries, start=1):
        number = entry.get("number") if isinstance(entry, dict) else None
        where = (
            _("{file} entry {index}, {number}").format(file=NAMES_FILE, index=index, number=str(number).strip())
            if isinstance(number, str | int)
            else _("{file} entry {index}").format(file=NAMES_FILE, index=index)
        )
        try:
            key, names = _read_names(entry, records)
            if key in given:
                raise RecordError(
                    "number", _("entry {entry} gives the names of this card already").format(entry=given[key])
                )
        except RecordError as error:
            result.reject(0, where, str(error))
            continue
        given[key] = index
        record = records[key]
        at = list(record).index("name") + 1  # written right after the English name
        items = list(record.items())
        record.clear()
        record.update([*items[:at], ("names_ja", names), *items[at:]])
        added += 1
    result.note(
        0, NAMES_FILE, _("{n} entries: Japanese names added to {added} records").format(n=len(entries), added=added)
    )


def _read_names(entry: Any, records: dict[str, dict[str, Any]]) -> tuple[str, list[str]]:
    if not isinstance(entry, dict):
        raise RecordError("-", _("must be an object, not {type}").format(type=type(entry).__name__))
    key = norm_number(printed_text(entry.get("number"), "number"))
    if key not in records:
        raise RecordError("number", _("no written record has this number"))
    names = [printed_text(entry.get("name_ja"), "name_ja")]
    alternative = entry.get("alt_name_ja")
    if alternative is not None:
        names.append(printed_text(alternative, "alt_name_ja"))
    for field_name, name in zip(("name_ja", "alt_name_ja"), names, strict=False):
        if any(unicodedata.category(char) in ("Cc", "Cf") for char in name):
            raise RecordError(field_name, _("{value} holds a control or format character").format(value=shown(name)))
    return key, list(dict.fromkeys(names))


def _first_code(item: Any) -> str:
    try:
        return str(item["printings"][0]["CardCode"]).strip()
    except (KeyError, IndexError, TypeError):
        return _("no number")


def _cipher_printings(index: int, item: dict[str, Any]) -> list[_Printing]:
    printings = item.get("printings")
    if not isinstance(printings, list) or not printings:
        raise RecordError("printings", _("is missing or empty: a card needs at least one printed code"))
    found = []
    for position, printing in enumerate(printings):
        where = f"printings[{position}].CardCode"
        if not isinstance(printing, dict):
            raise RecordError(
                f"printings[{position}]", _("must be an object, not {value}").format(value=repr(printing))
            )
        code = printed_text(printing.get("CardCode"), where)  # as printed; read after NFKC where it must be
        match = _CIPHER_CODE.match(code) or _CIPHER_CODE.match(source_text(code, where))
        if match is None:
            raise RecordError(where, _("{code} is not a card code such as B01-001SR").format(code=repr(code)))
        product = source_text(printing.get("SetCode"), f"printings[{position}].SetCode", required=False)
        found.append(_Printing(index, code, match["number"], match["rarity"], product or code.split("-")[0]))
    return found


def _number_order(number: str) -> tuple[Any, ...]:
    """B01-002 before B01-010 before B02-001; then the rest of the code."""
    match = re.match(r"^([A-Z]+)(\d+)-(\d+)(.*)$", number)
    return (match[1], int(match[2]), int(match[3]), match[4]) if match else (number, 0, 0, "")


# Validation and writing --------------------------------------------------------------------------------------
