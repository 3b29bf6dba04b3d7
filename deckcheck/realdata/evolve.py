"""Shadowverse EVOLVE's card list (jeyukburrito/sve-meta) as card records (spec/evolve.md, "Importer notes"),
with the facts of rules Ver.1.24.1 (spec/evolve-1.24.1.md §2) from ``facts-1.24.1.json`` beside the source."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from deckcheck._i18n import N_, _
from deckcheck._util.normalize import norm_name, norm_number
from deckcheck.carddb.listformat import LeftOut, ListFormat
from deckcheck.errors import DeckcheckError
from deckcheck.realdata._common import (
    NONE_WORDS,
    Conversion,
    RecordError,
    number_or_none,
    printed_text,
    read_json,
    shown,
    source_text,
)

SOURCE = "jeyukburrito/sve-meta, data/carddb_json/*.json, commit b49f3d98 (March 2026)"
# The facts rules Ver.1.24.1 reads and the source has no field for (start_amulet, trigger), derived from the same
# source's card text (shared/realdata/README.md); read from the source's folder when it is there.
FACTS_FILE = "facts-1.24.1.json"
FACTS_KEYS = ("card_code", "name", "class", "start_amulet", "trigger")
FACTS_TRIGGERS = ("critical", "draw", "stand", "heal")

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
    "クレスト": "crest",  # only as a token (BP20; rules Ver.1.26.1 appendix C)
}
EVOLVE_FLAGS = {"エボルヴ": "evolve", "アドバンス": "advance", "トークン": "token"}
# The kinds the source lists (realdata README); any other combination, e.g. 「リーダー・エボルヴ」 or a
# bare 「イクイップメント」 or 「クレスト」, is an unknown kind that names its record (spec, "Later products"),
# never a guess.
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
    "クレスト・トークン",
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
# A promo takes the title its traits name (the source has no title field); a promo whose traits name none (「-」)
# takes the title of the crossover product that prints the same name: にんじん PR-052 (CP01's にんじん, ウマ娘),
# ドライブポイント PR-259 and PR-285 (CP03's ドライブポイント, ヴァンガード). See `crossover_titles`.
EVOLVE_TRAIT_TITLES = {
    "ウマ娘": UMA_MUSUME,
    "デレマス": CINDERELLA_GIRLS,
    "ヴァンガード": VANGUARD,
    "プリコネ": PRINCESS_CONNECT,
}

# The separator of traits, 「・」, outside a guild name in 〈…〉: 「プリコネ・〈ジオ・ゲヘナ〉」 is two traits,
# プリコネ and 〈ジオ・ゲヘナ〉 (29 records of the source: 〈ジオ・テオゴニア〉 12, 〈レイジ・レギオン〉 9,
# 〈ジオ・ゲヘナ〉 4, 〈ジオ・ニヴルヘル〉 4).
_TRAIT_SEPARATOR = re.compile(r"・(?![^〈〉]*〉)")

_MAIN_LIMIT = re.compile(r"^『(?P<name>.+)』は自分のデッキに(?P<limit>\d{1,4})枚まで入れることができる$")
_EVOLVE_LIMIT = re.compile(r"^これはエボルヴデッキに(?P<limit>\d{1,4})枚まで入れることができる$")
# A limit on every other card while this one is in the deck (BP19-110 機鋒の咎人・カットスロート), NFKC-read.
_OTHERS_LIMIT = re.compile(
    r"^カード名に『(?P<part>[^』]+)』を含まないカードは、メインデッキやエボルヴデッキにそれぞれ(?P<limit>\d{1,4})枚までしか"
    r"入れられない$"
)


def product_title(product: str) -> str | None:
    """The title of a crossover product (CSD02a → CSD02), else None."""
    base = re.sub(r"[a-zA-Z]$", "", product) if product.upper().startswith("CSD") else product
    return EVOLVE_PRODUCT_TITLES.get(base.upper())


def evolve_title(
    product: str, traits: list[str], name: str = "", crossover: dict[str, set[str]] | None = None
) -> str | None:
    """The crossover title of a card: from its product, else from a promo's traits, else, for a promo, the title of
    the crossover products that print its (normalised) `name` (`crossover`, from :func:`crossover_titles`)."""
    title = product_title(product)
    if title is not None:
        return title
    titles = {EVOLVE_TRAIT_TITLES[trait] for trait in traits if trait in EVOLVE_TRAIT_TITLES}
    if len(titles) > 1:
        raise RecordError(
            "sub_type", _("the traits name several titles: {titles}").format(titles=", ".join(sorted(titles)))
        )
    if not titles and product.upper() == "PR" and crossover:
        titles = crossover.get(name, set())
        if len(titles) > 1:
            raise RecordError(
                "name",
                _("crossover products of several titles print this name: {titles}").format(
                    titles=", ".join(sorted(titles))
                ),
            )
    return next(iter(titles)) if titles else None


def crossover_titles(items: list[Any]) -> dict[str, set[str]]:
    """The titles of the crossover products that print each (normalised) card name (point markers aside)."""
    found: dict[str, set[str]] = {}
    for item in items:
        fields = [item.get(key) for key in ("name", "set", "card_type")] if isinstance(item, dict) else []
        if not fields or not all(isinstance(value, str) for value in fields):
            continue
        if norm_name(item["card_type"]).upper() in EVOLVE_POINT_KINDS:
            continue
        title = product_title(source_text(item["set"], "set", required=False))
        if title is not None:
            found.setdefault(norm_name(item["name"]), set()).add(title)
    return found


def evolve_traits(text: str) -> list[str]:
    """The traits of a 「・」-separated list, a guild name in 〈…〉 kept whole; '-' is none."""
    if text in NONE_WORDS:
        return []
    return [trait.strip() for trait in _TRAIT_SEPARATOR.split(text) if trait.strip()]


def evolve_construction(sentences: Any, name: str, in_evolve_deck: bool) -> dict[str, Any]:
    """The card's own construction sentences as record fields (spec; evolve-2026 §3): `deck_limit` for the section a
    sentence names (the card's own limit), or `others_limit` / `others_except` / `construction` for a sentence that
    limits every other card while the card is in the deck
    (「カード名に『X』を含まないカードは…1枚までしか入れられない」)."""
    if sentences is None:
        return {}
    if isinstance(sentences, str):
        sentences = [sentences]
    if not isinstance(sentences, list) or not sentences:
        raise RecordError("deckbuilding", _("must be a list of sentences, not {value}").format(value=repr(sentences)))
    limits = set()
    fields: dict[str, Any] = {}
    for raw in sentences:
        sentence = source_text(raw, "deckbuilding").rstrip("。")
        if (match := _OTHERS_LIMIT.match(sentence)) is not None:
            if "others_limit" in fields:
                raise RecordError("deckbuilding", _("the sentences limit the other cards twice"))
            fields |= {
                "others_limit": int(match["limit"]),
                "others_except": [norm_name(match["part"])],
                "construction": printed_text(raw, "deckbuilding").rstrip("。"),
            }
            continue
        if (match := _EVOLVE_LIMIT.match(sentence)) is not None:
            if not in_evolve_deck:
                raise RecordError(
                    "deckbuilding",
                    _("「{sentence}」 names the evolve deck, but the card is not built there").format(
                        sentence=sentence
                    ),
                )
        elif (match := _MAIN_LIMIT.match(sentence)) is not None:
            if norm_name(match["name"]) != name:
                raise RecordError(
                    "deckbuilding",
                    _("「{sentence}」 is about another card than 『{name}』").format(sentence=sentence, name=name),
                )
            if in_evolve_deck:
                raise RecordError(
                    "deckbuilding",
                    _("「{sentence}」 names the main deck, but the card is built into the evolve deck").format(
                        sentence=sentence
                    ),
                )
        else:
            raise RecordError(
                "deckbuilding",
                _("「{sentence}」 is not a construction sentence deckcheck can read").format(sentence=sentence),
            )
        limits.add(int(match["limit"]))
    if len(limits) > 1:
        raise RecordError(
            "deckbuilding", _("the sentences give several limits: {limits}").format(limits=sorted(limits))
        )
    if limits:
        fields = {"deck_limit": limits.pop(), **fields}
    return fields


def evolve_record(item: Any, crossover: dict[str, set[str]] | None = None) -> dict[str, Any] | None:
    """One EVOLVE card record from a source record; None for a point marker (EP/SEP); RecordError if unmappable.
    The number and name are written as printed (deckcheck compares them normalised); `crossover` gives a promo
    without title traits the title of the crossover products that print its name."""
    if not isinstance(item, dict):
        raise RecordError("-", _("must be an object, not {type}").format(type=type(item).__name__))
    number = printed_text(item.get("card_code"), "card_code")
    name = printed_text(item.get("name"), "name")
    kind_line = source_text(item.get("card_type"), "card_type")
    if kind_line.upper() in EVOLVE_POINT_KINDS:
        return None
    kind, *flag_words = parts = [part.strip() for part in kind_line.split("・")]
    if "・".join(parts) not in EVOLVE_KNOWN_KINDS:
        known = ", ".join([*EVOLVE_KNOWN_KINDS, *sorted(EVOLVE_POINT_KINDS)])
        raise RecordError(
            "card_type", _("unknown kind 「{kind}」 (known: {known})").format(kind=kind_line, known=known)
        )
    record: dict[str, Any] = {"number": number, "name": name, "type": EVOLVE_KINDS[kind]}
    for word in flag_words:
        record[EVOLVE_FLAGS[word]] = True
    class_text = source_text(item.get("class"), "class", required=False)
    if class_text not in NONE_WORDS:
        if class_text not in EVOLVE_CLASSES:
            raise RecordError(
                "class",
                _("unknown class 「{value}」 (known: {known}, or '-')").format(
                    value=class_text, known=", ".join(EVOLVE_CLASSES)
                ),
            )
        record["class"] = EVOLVE_CLASSES[class_text]
    traits = evolve_traits(source_text(item.get("sub_type"), "sub_type", required=False))
    product = source_text(item.get("set"), "set", required=False)
    if title := evolve_title(product, traits, norm_name(name), crossover):
        record["title"] = title
    for source, target in (("cost", "cost"), ("attack", "attack"), ("hp", "defense")):
        value = number_or_none(item.get(source), source)
        if value is not None:
            record[target] = value
    if traits:
        record["traits"] = traits
    if product:
        record["set"] = product
    in_evolve_deck = bool(record.get("evolve") or record.get("advance"))
    record |= evolve_construction(item.get("deckbuilding"), norm_name(name), in_evolve_deck)
    record |= _inline_facts(item)
    return record


def _inline_facts(item: dict[str, Any]) -> dict[str, Any]:
    """start_amulet / trigger given on the record itself (the update files read them from the card text as
    facts-1.24.1.json does); absent = the card has neither."""
    fact: dict[str, Any] = {}
    start_amulet = item.get("start_amulet")
    if start_amulet is not None:
        if not isinstance(start_amulet, bool):
            raise RecordError("start_amulet", _("must be true or false, not {value}").format(value=shown(start_amulet)))
        if start_amulet:
            fact["start_amulet"] = True
    trigger = item.get("trigger")
    if trigger is not None:
        trigger_text = source_text(trigger, "trigger").lower()
        if trigger_text not in FACTS_TRIGGERS:
            raise RecordError(
                "trigger",
                _("unknown trigger {value} (known: {known})").format(
                    value=shown(trigger), known=", ".join(FACTS_TRIGGERS)
                ),
            )
        fact["trigger"] = trigger_text
    return fact


def convert(
    items: list[Any], facts: list[Any] | None = None, *, crossover: dict[str, set[str]] | None = None
) -> Conversion:
    """The records of the source `items`; with `facts` (the entries of facts-1.24.1.json), their start_amulet and
    trigger added to the records they name (an entry that names no written record, or disagrees with it, is
    rejected)."""
    result = Conversion("evolve")
    seen: dict[str, int] = {}
    source_index: dict[str, int] = {}  # every readable number of the source, converted or not
    crossover = crossover_titles(items) if crossover is None else crossover
    for index, item in enumerate(items, start=1):
        number = str(item.get("card_code", "")).strip() if isinstance(item, dict) else ""
        source_index.setdefault(norm_number(number), index)
        try:
            record = evolve_record(item, crossover)
        except RecordError as error:
            result.reject(index, number or _("no number"), str(error))
            continue
        if record is None:
            left_out = _("{kind} (a point marker, not a card of a deck): left out").format(kind=item["card_type"])
            result.note(index, number, left_out)
            continue
        key = norm_number(record["number"])  # numbers compare after NFKC, trimmed, upper-cased (contract)
        if key in seen:
            twice = _("duplicate number (record {record} has it too)").format(record=seen[key])
            result.reject(index, number, f"field 'card_code': {twice}")
            continue
        seen[key] = index
        result.records.append(record)
    if facts is not None:
        add_facts(result, facts, source_index)
    return result


def convert_source(items: list[Any], source: Path) -> Conversion:
    """:func:`convert`, with the facts file of the source's folder when there is one (else a note says so), then the
    card update files of its `updates/` folder merged in name order (:func:`merge_updates`)."""
    path = source.parent / FACTS_FILE
    updates = read_updates(source.parent / UPDATES_FOLDER)
    crossover = crossover_titles([*items, *(item for _name, entries in updates for item in entries)])
    if not path.exists():
        result = convert(items, crossover=crossover)
        what = _("not beside the source: the facts of rules Ver.1.24.1 (start_amulet, trigger) were not added")
        result.note(0, FACTS_FILE, what)
    else:
        result = convert(items, read_facts(path), crossover=crossover)
    merge_updates(result, updates, crossover)
    share_conditions(result)
    return result


CONDITION_FIELDS = ("others_limit", "others_except", "construction")


def share_conditions(result: Conversion) -> None:
    """A construction sentence on the other cards belongs to the card, not to one printing: a printing of the same
    name and kind that the source gives without it (PR-514 機鋒の咎人・カットスロート) takes it from the first that
    has it, with a note (a name stands for every printing of that name)."""
    first: dict[tuple[str, bool], dict[str, Any]] = {}
    for record in result.records:
        if "others_limit" in record:
            first.setdefault(_kind_key(record), record)
    for record in result.records:
        given = first.get(_kind_key(record))
        if given is None or "others_limit" in record:
            continue
        record.update({field: given[field] for field in CONDITION_FIELDS if field in given})
        result.note(
            0,
            record["number"],
            _("takes the construction sentence of {number}, a printing of the same card").format(
                number=given["number"]
            ),
        )


def _kind_key(record: dict[str, Any]) -> tuple[str, bool]:
    return norm_name(record["name"]), bool(record.get("evolve") or record.get("advance"))


UPDATES_FOLDER = "updates"


def read_updates(folder: Path) -> list[tuple[str, list[Any]]]:
    """The card update files of `folder` (``*.json`` objects with a list `cards`), in name order, each as (its name,
    its records). A file without `cards` (the restriction lists beside them) is not a card update and is left alone;
    a file that cannot be read, or whose `cards` is not a list, stops the conversion (nothing is written)."""
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob("*.json"), key=lambda p: p.name):
        data = read_json(path)
        if not isinstance(data, dict):
            raise DeckcheckError(_("must be a JSON object with a list `cards` of card records"), path=path)
        if "cards" not in data:
            continue
        if not isinstance(data["cards"], list):
            raise DeckcheckError(_("must be a JSON object with a list `cards` of card records"), path=path)
        found.append((path.name, data["cards"]))
    return found


def merge_updates(
    result: Conversion, updates: list[tuple[str, list[Any]]], crossover: dict[str, set[str]] | None = None
) -> None:
    """The records of the update files after the source's (spec evolve-2026 §3): a number already known is not
    repeated (a note); a number already known with other facts stops the conversion, naming both records (a
    DeckcheckError: nothing is written). A record that cannot be mapped is rejected, as in the source."""
    known: dict[str, tuple[str, dict[str, Any]]] = {
        norm_number(record["number"]): (_("the source's record of {number}").format(number=record["number"]), record)
        for record in result.records
    }
    conflicts = []
    for file_name, items in updates:
        result.also_from.append(f"SOURCE/evolve/{UPDATES_FOLDER}/{file_name}")
        for index, item in enumerate(items, start=1):
            number = str(item.get("card_code", "")).strip() if isinstance(item, dict) else ""
            where = _("{file} record {index} ({number})").format(file=file_name, index=index, number=number or "-")
            try:
                record = evolve_record(item, crossover)
            except RecordError as error:
                result.reject(index, f"{file_name}: {number or _('no number')}", str(error))
                continue
            if record is None:
                left_out = _("{kind} (a point marker, not a card of a deck): left out").format(kind=item["card_type"])
                result.note(index, f"{file_name}: {number}", left_out)
                continue
            key = norm_number(record["number"])
            if key in known:
                first, earlier = known[key]
                if earlier == record:
                    result.note(
                        index, f"{file_name}: {number}", _("already known ({first}): not repeated").format(first=first)
                    )
                else:
                    conflicts.append(
                        _("{where} repeats the number of {first} with other facts ({fields})").format(
                            where=where, first=first, fields=", ".join(_differing(earlier, record))
                        )
                    )
                continue
            known[key] = (where, record)
            result.records.append(record)
    if conflicts:
        raise DeckcheckError(
            _("the update files give one card number two sets of facts: {conflicts}").format(
                conflicts="; ".join(conflicts)
            )
        )


def _differing(first: dict[str, Any], second: dict[str, Any]) -> list[str]:
    """The fields two records of one number disagree on, as `field: first ≠ second`."""
    return [
        f"{field}: {shown(first.get(field, '-'))} ≠ {shown(second.get(field, '-'))}"
        for field in dict.fromkeys([*first, *second])
        if first.get(field) != second.get(field)
    ]


def read_facts(path: Path) -> list[Any]:
    """The entries of a facts file: a JSON object whose `cards` is a list (nothing is written if it is not)."""
    data = read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise DeckcheckError(_("must be a JSON object with a list `cards` of facts entries"), path=path)
    return data["cards"]


def add_facts(result: Conversion, facts: list[Any], source_index: dict[str, int]) -> None:
    """start_amulet / trigger onto the written records the facts entries name; every entry that cannot be applied
    is rejected, naming the entry (never dropped silently). A note counts what was added."""
    records = {norm_number(record["number"]): record for record in result.records}
    applied: dict[str, int] = {}
    added = {"start_amulet": 0, "trigger": 0}
    for entry_index, entry in enumerate(facts, start=1):
        code = entry.get("card_code") if isinstance(entry, dict) else None
        where = (
            _("{file} entry {index}, {number}").format(file=FACTS_FILE, index=entry_index, number=str(code).strip())
            if isinstance(code, str | int)
            else _("{file} entry {index}").format(file=FACTS_FILE, index=entry_index)
        )
        try:
            key, record, fact = _read_fact(entry, records, source_index)
            if key in applied:
                raise RecordError(
                    "card_code", _("entry {entry} gives the facts of this card already").format(entry=applied[key])
                )
        except RecordError as error:
            result.reject(0, where, str(error))
            continue
        applied[key] = entry_index
        record.update(fact)
        for name in fact:
            added[name] += 1
    result.note(
        0,
        FACTS_FILE,
        _("{n} entries: start_amulet added to {amulets} records, trigger to {triggers}").format(
            n=len(facts), amulets=added["start_amulet"], triggers=added["trigger"]
        ),
    )


def _read_fact(
    entry: Any, records: dict[str, dict[str, Any]], source_index: dict[str, int]
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """(the normalised number, the record it names, the facts to add) of one facts entry; RecordError if it names
    no written record, disagrees with it, or gives an unknown fact."""
    if not isinstance(entry, dict):
        raise RecordError("-", _("must be an object, not {type}").format(type=type(entry).__name__))
    unknown = [str(name) for name in entry if name not in FACTS_KEYS]
    if unknown:
        raise RecordError(
            unknown[0], _("is not a fact deckcheck reads (known: {known})").format(known=", ".join(FACTS_KEYS))
        )
    key = norm_number(printed_text(entry.get("card_code"), "card_code"))
    name = printed_text(entry.get("name"), "name")
    if key not in records:
        if key in source_index:
            reason = _("the source record {record} of this number is not written (see above)").format(
                record=source_index[key]
            )
        else:
            reason = _("no record of the source has this number")
        raise RecordError("card_code", reason)
    record = records[key]
    if norm_name(name) != norm_name(record["name"]):
        raise RecordError(
            "name",
            _("「{given}」, but the source names {number} 「{name}」").format(
                given=name, number=record["number"], name=record["name"]
            ),
        )
    if "class" in entry:
        class_text = source_text(entry["class"], "class", required=False)
        if (None if class_text in NONE_WORDS else EVOLVE_CLASSES.get(class_text, class_text)) != record.get("class"):
            given = record.get("class") or _("no class")
            raise RecordError(
                "class",
                _("「{value}」, but the source gives {number} {given}").format(
                    value=class_text, number=record["number"], given=given
                ),
            )
    fact = _inline_facts(entry)
    if not fact:
        raise RecordError("-", _("gives neither start_amulet = true nor a trigger"))
    return key, record, fact


# The public list formats `cards import` reads (issue 38) -------------------------------------------------------
# A user brings the next set without waiting for a release: the fan CSV the update files were made from, the same
# fields in JSON, and the simulator's JSON, each mapped to the fields above and then through `evolve_record`.

FAN_CSV_COLUMNS = ("card_code", "name", "class", "card_type", "sub_type", "cost", "attack", "hp", "set")
# The card text a row may carry (the fan CSV's `effect`): read only for the card's own construction sentences, start
# amulet keyword and drive-check reminder, as the update files were (updates/*.json, `about`); never copied.
FAN_CSV_TEXT = "effect"
SIMULATOR_CLASSES = {
    "forestcraft": "エルフ",
    "swordcraft": "ロイヤル",
    "runecraft": "ウィッチ",
    "dragoncraft": "ドラゴン",
    "abysscraft": "ナイトメア",
    "havencraft": "ビショップ",
    "neutral": "ニュートラル",
}
SIMULATOR_KINDS = {"follower": "フォロワー", "spell": "スペル", "amulet": "アミュレット", "crest": "クレスト"}
# The rule of ― before the reminders of the tokens a card makes: the text after it is another card's.
_TOKEN_RULE = re.compile(r"―{3,}")
_START_AMULET = re.compile(r"(?:^|\s)【スタートアミュレット】")
_DRIVE_CHECK = "ドライブチェックによってこれが捲れたなら"
_TRIGGER_EFFECTS = {"攻撃力+2": "critical", "1枚引く": "draw", "スタンドする": "stand", "体力+3": "heal"}


def product_of(number: str) -> str:
    """The product prefix of a card number, as the source's `set` (BP21-SL01 → BP21, PR-575 → PR)."""
    return number.strip().split("-", 1)[0].upper()


def text_facts(text: Any, field_name: str = "text") -> dict[str, Any]:
    """The construction facts a card's own text shows (before the ――― rule of token reminders), as source fields:
    `deckbuilding` (its construction sentences, read by :func:`evolve_construction`), `start_amulet` (the keyword
    【スタートアミュレット】 starting a line) and `trigger` (the drive-check reminder's effect, facts-1.24.1.json)."""
    if not isinstance(text, str) or not text.strip():
        return {}
    own = _TOKEN_RULE.split(unicodedata.normalize("NFKC", text), maxsplit=1)[0]
    facts: dict[str, Any] = {}
    sentences = [part.strip() for part in re.split(r"[。\n]", own) if part.strip()]
    found = [s for s in sentences if any(p.match(s) for p in (_MAIN_LIMIT, _EVOLVE_LIMIT, _OTHERS_LIMIT))]
    if found:
        facts["deckbuilding"] = found
    if _START_AMULET.search(own):
        facts["start_amulet"] = True
    if _DRIVE_CHECK in own:
        reminder = own.split(_DRIVE_CHECK, 1)[1].split("。", 1)[0]
        plain = re.sub(r"[【】《》\s]", "", reminder)  # 「【攻撃力】+2」 as printed, 《攻撃力》 or none as icons
        effects = {trigger for words, trigger in _TRIGGER_EFFECTS.items() if words in plain}
        if len(effects) != 1:
            raise RecordError(
                field_name,
                _("the drive-check reminder 「{reminder}」 names no single trigger effect (known: {known})").format(
                    reminder=_DRIVE_CHECK + reminder[:40], known=", ".join(_TRIGGER_EFFECTS)
                ),
            )
        facts["trigger"] = effects.pop()
    return facts


def _mapped(item: dict[str, Any], crossover: dict[str, set[str]] | None) -> list[dict[str, Any]]:
    """The record of a source-shaped item, its `set` the number's product when the item gives none."""
    item = _with_product(item)
    record = evolve_record(item, crossover)
    if record is None:
        raise LeftOut(_("{kind} (a point marker, not a card of a deck): left out").format(kind=item["card_type"]))
    return [record]


def _fan_csv_item(row: dict[str, str]) -> dict[str, Any]:
    item: dict[str, Any] = {key: row[key] for key in FAN_CSV_COLUMNS if key in row}
    return {**item, **text_facts(row.get(FAN_CSV_TEXT), FAN_CSV_TEXT)}


def _fan_csv_records(row: dict[str, str], crossover: dict[str, set[str]] | None) -> list[dict[str, Any]]:
    return _mapped(_fan_csv_item(row), crossover)


def _fan_csv_context(rows: list[dict[str, str]]) -> dict[str, set[str]]:
    """The crossover titles of the list's products (names and products only: a text it cannot read is its row's own
    rejection)."""
    return crossover_titles([_with_product({key: row[key] for key in FAN_CSV_COLUMNS if key in row}) for row in rows])


def _with_product(item: Any) -> Any:
    """The item with its number's product as `set` when it gives none (the fan CSV has no set column)."""
    if isinstance(item, dict) and not item.get("set") and isinstance(item.get("card_code"), str):
        return {**item, "set": product_of(item["card_code"])}
    return item


def _json_items(document: Any) -> list[Any]:
    cards = document.get("cards") if isinstance(document, dict) else document
    return cards if isinstance(cards, list) else []


def _first_object(document: Any) -> dict[str, Any] | None:
    return next((item for item in _json_items(document) if isinstance(item, dict)), None)


def _is_fan_json(document: Any) -> bool:
    first = _first_object(document)
    return first is not None and "card_code" in first and "card_type" in first and "names" not in first


def _fan_json_records(item: Any, crossover: dict[str, set[str]] | None) -> list[dict[str, Any]]:
    if not isinstance(item, dict):
        raise RecordError("-", _("must be an object, not {type}").format(type=type(item).__name__))
    return _mapped(item, crossover)


def _is_simulator_json(document: Any) -> bool:
    first = _first_object(document)
    return first is not None and "names" in first  # an object with `cards` (as the simulator writes), or a list


def simulator_item(card: Any) -> dict[str, Any]:
    """A card of the simulator's JSON in the source's shape (no number: one record per printing), as
    updates/2026-bp21.json's `about` maps it: the Japanese name, the class and kind in the source's words (evolved →
    ・エボルヴ, token → ・トークン), traits joined with ・, cost/attack/defense as text ('-' for none), and the facts
    its Japanese text shows."""
    if not isinstance(card, dict):
        raise RecordError("-", _("must be an object, not {type}").format(type=type(card).__name__))
    names = card.get("names")
    if not isinstance(names, dict):
        raise RecordError("names", _("must be an object of names by language, with a Japanese name (ja)"))
    item: dict[str, Any] = {"name": printed_text(names.get("ja"), "names.ja")}
    class_text = source_text(card.get("class"), "class", required=False)
    if class_text and class_text.casefold() not in SIMULATOR_CLASSES:
        raise RecordError(
            "class",
            _("unknown class 「{value}」 (known: {known})").format(
                value=class_text, known=", ".join(name.capitalize() for name in SIMULATOR_CLASSES)
            ),
        )
    item["class"] = SIMULATOR_CLASSES[class_text.casefold()] if class_text else "-"
    kind_text = source_text(card.get("type"), "type")
    if kind_text.casefold() not in SIMULATOR_KINDS:
        raise RecordError(
            "type",
            _("unknown kind 「{kind}」 (known: {known})").format(kind=kind_text, known=", ".join(SIMULATOR_KINDS)),
        )
    kind = SIMULATOR_KINDS[kind_text.casefold()]
    for flag, word in (("evolved", "エボルヴ"), ("token", "トークン")):
        value = card.get(flag)
        if value is not None and not isinstance(value, bool):
            raise RecordError(flag, _("must be true or false, not {value}").format(value=shown(value)))
        if value:
            kind += f"・{word}"
    item["card_type"] = kind
    traits = card.get("traits")
    if traits is not None and (not isinstance(traits, list) or not all(isinstance(t, str) for t in traits)):
        raise RecordError("traits", _("must be a list of texts, not {value}").format(value=shown(traits)))
    item["sub_type"] = "・".join(trait.strip() for trait in traits or [] if trait.strip()) or "-"
    for source, target in (("cost", "cost"), ("attack", "attack"), ("defense", "hp")):
        value = card.get(source)
        if isinstance(value, bool) or not isinstance(value, int | str | type(None)):
            raise RecordError(source, _("must be a whole number or null, not {value}").format(value=shown(value)))
        item[target] = "-" if value is None else str(value)
    text = card.get("text")
    item |= text_facts(text.get("ja") if isinstance(text, dict) else None, "text.ja")
    return item


def simulator_numbers(card: Any) -> list[str]:
    """The card's printing numbers: its id, then its other printings (each once)."""
    if not isinstance(card, dict):
        return []
    numbers = [printed_text(card.get("id"), "id")]
    printings = card.get("printings")
    if printings is not None:
        if not isinstance(printings, list):
            raise RecordError(
                "printings", _("must be a list of card numbers, not {value}").format(value=shown(printings))
            )
        numbers += [printed_text(number, "printings") for number in printings]
    return list(dict.fromkeys(numbers))


def _simulator_records(card: Any, crossover: dict[str, set[str]] | None) -> list[dict[str, Any]]:
    item = simulator_item(card)
    records = []
    for number in simulator_numbers(card):
        records += _mapped({**item, "card_code": number, "set": product_of(number)}, crossover)
    return records


def _simulator_context(cards: list[Any]) -> dict[str, set[str]]:
    items = []
    for card in cards:
        try:
            item = simulator_item(card)
            items += [{**item, "set": product_of(number)} for number in simulator_numbers(card)]
        except RecordError:  # the card's own rejection, reported with its item
            continue
    return crossover_titles(items)


LIST_FORMATS = (
    ListFormat(
        id="sve_rag_judge-csv",
        name=N_("the fan CSV of jeyukburrito/sve_rag_judge (card_code, name, class, card_type, sub_type, ...)"),
        shape="table",
        recognises=lambda header: "card_code" in header and "card_type" in header,
        records=_fan_csv_records,
        context=_fan_csv_context,
    ),
    ListFormat(
        id="sve-fan-json",
        name=N_("a fan card list in JSON with the fields of the fan CSV (card_code, card_type, ...)"),
        shape="json",
        recognises=_is_fan_json,
        items=_json_items,
        records=_fan_json_records,
        context=lambda items: crossover_titles([_with_product(item) for item in items]),
    ),
    ListFormat(
        id="shadowverse-evolve-next-json",
        name=N_("the simulator JSON of eireetm/ShadowverseEvolve-NEXT (cards with names, type, traits, printings)"),
        shape="json",
        recognises=_is_simulator_json,
        items=_json_items,
        records=_simulator_records,
        context=_simulator_context,
    ),
)
