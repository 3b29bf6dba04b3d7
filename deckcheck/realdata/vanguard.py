"""Cardfight!! Vanguard's original and G-series card list (shared/realdata/vanguard) as card records.

The source is already reduced to deckcheck's fields (its README); this mapping checks every fact against what a
printed card of the G era can be, keeps the facts the source could not tell as unknown (``stand-or-none``,
``"unknown"``: spec/vanguard.md, "Real card data") and never guesses them, and rejects a record it cannot vouch for.
"""

from __future__ import annotations

import re
from typing import Any

from deckcheck._i18n import _
from deckcheck._util.normalize import norm_name, norm_number
from deckcheck.realdata._common import Conversion, RecordError, shown

SOURCE = (
    "shared/realdata/vanguard/cards.json: the official Japanese card list as scraped by nerif7/vanguard-library-db "
    "(cards_jp.json, commit 6148365b) joined with a shop's card pages as scraped by AndrewKFerd/yuyutei-vg-scraper "
    "(card-details-raw.json, commit e4d59a92)"
)

UNIT_TYPES = ("normal", "trigger", "g-unit")
TRIGGER_ICONS = ("critical", "draw", "stand", "heal")
STAND_OR_NONE = "stand-or-none"
UNKNOWN = "unknown"
NATIONS = {
    "ユナイテッドサンクチュアリ": "united-sanctuary",
    "ドラゴンエンパイア": "dragon-empire",
    "スターゲート": "star-gate",
    "ダークゾーン": "dark-zone",
    "メガラニカ": "magallanica",
    "ズー": "zoo",
    "クレイエレメンタル": "cray-elemental",
}
SKILLS = ("boost", "intercept", "twin-drive", "triple-drive")

# A printed number: product code, "/", the number in the product (`001`, `S01`, `SP12`, `Re:01`, `0471`), and the
# printing's suffix where the product printed one (promo `PR`, `B`/`W` art pairs, `SGR`, `WSP`, `RLR`, `PR_`), after a
# space or not, exactly as the card list writes it; one printing writes the card's mask variant in 「」.
_NUMBER = re.compile(
    r"(?P<id>[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)?/(?:Re:\d{2}|[A-Z]{0,3}\d{2,4}))"
    r"(?P<suffix>(?: ?(?:[ABW]|PR_?|SGR|WSP|RLR))?(?: PR)?|「[^「」]{1,40}」)"
)


def printed_number(value: Any) -> str:
    """The number as printed; RecordError for anything else (a tab, two spaces, an unknown suffix, ...)."""
    if not isinstance(value, str) or not value:
        raise RecordError("number", _("is missing or not text"))
    if not _NUMBER.fullmatch(value):
        raise RecordError(
            "number",
            _(
                "{value} is not a printed card number (PRODUCT/NUMBER, e.g. G-BT01/001, BT01/S01, PR/0471, with a "
                "printing suffix such as ' PR', 'B', ' W', ' SGR' where one is printed)"
            ).format(value=shown(value)),
        )
    return value


def _text(item: dict[str, Any], key: str) -> str:
    value = item.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RecordError(key, _("is missing or empty ({value})").format(value=shown(value)))
    if any(ord(char) < 32 or 0x7F <= ord(char) < 0xA0 for char in value):
        raise RecordError(key, _("{value} holds a control character").format(value=shown(value)))
    return value.strip()


def _count(item: dict[str, Any], key: str, high: int) -> int | None:
    value = item.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise RecordError(
            key, _("{value} is not a whole number from 0 to {high}").format(value=shown(value), high=f"{high:,}")
        )
    return value


def _grade(item: dict[str, Any]) -> int:
    grade = item.get("grade")
    if grade is None:
        raise RecordError("grade", _("is missing (every unit prints a grade, 2.4)"))
    if isinstance(grade, bool) or not isinstance(grade, int) or not 0 <= grade <= 4:
        raise RecordError("grade", _("{value} is not a grade of the G era (0–4)").format(value=shown(grade)))
    return grade


def _trigger(item: dict[str, Any], kind: str, grade: int) -> str:
    trigger = item.get("trigger", "none")
    if trigger not in ("none", *TRIGGER_ICONS, STAND_OR_NONE):
        raise RecordError(
            "trigger",
            _("unknown trigger {value} (known: none, {known}, {unknown})").format(
                value=shown(trigger), known=", ".join(TRIGGER_ICONS), unknown=STAND_OR_NONE
            ),
        )
    if trigger in TRIGGER_ICONS and grade != 0:
        raise RecordError(
            "trigger",
            _(
                "a {trigger} trigger on a grade-{grade} unit: every trigger unit before the V series is grade 0 (a "
                "scrape error; the source README says how such records were settled)"
            ).format(trigger=trigger, grade=grade),
        )
    if (kind == "trigger") != (trigger in TRIGGER_ICONS):
        raise RecordError(
            "trigger",
            _("{value} does not fit unit type {kind} (a trigger unit has one of {known}; other units none)").format(
                value=shown(trigger), kind=repr(kind), known=", ".join(TRIGGER_ICONS)
            ),
        )
    if trigger == STAND_OR_NONE and grade != 0:
        raise RecordError(
            "trigger",
            _("{unknown} on a grade-{grade} unit (only a grade-0 unit can be unknown)").format(
                unknown=STAND_OR_NONE, grade=grade
            ),
        )
    return str(trigger)


def _sentinel(item: dict[str, Any], kind: str, grade: int) -> bool | str:
    sentinel = item.get("sentinel", False)
    if not (isinstance(sentinel, bool) or sentinel == "unknown"):  # 1 == True, but a 1 is no printed fact
        raise RecordError("sentinel", _('{value} is not true, false or "unknown"').format(value=shown(sentinel)))
    if sentinel is not False and not (kind == "normal" and grade == 1):
        raise RecordError(
            "sentinel",
            _("{value} on a grade-{grade} {kind} unit (only a grade-1 normal unit can be a sentinel, 11.9)").format(
                value=shown(sentinel), grade=grade, kind=kind
            ),
        )
    return sentinel if isinstance(sentinel, bool) else "unknown"


def _clans(item: dict[str, Any]) -> list[str]:
    clans = item.get("clans", [])
    if not isinstance(clans, list) or not all(isinstance(clan, str) and clan.strip() for clan in clans):
        raise RecordError("clans", _("{value} is not a list of clan names").format(value=shown(clans)))
    return [clan.strip() for clan in clans]


def vanguard_record(item: Any) -> dict[str, Any]:
    """One card record from a source record; RecordError names the field it cannot map."""
    if not isinstance(item, dict):
        raise RecordError("-", _("must be an object, not {type}").format(type=type(item).__name__))
    number = printed_number(item.get("number"))
    name = _text(item, "name")
    kind = item.get("type")
    if kind not in UNIT_TYPES:
        raise RecordError(
            "type",
            _("unknown unit type {value} (known: {known})").format(value=shown(kind), known=", ".join(UNIT_TYPES)),
        )
    grade = _grade(item)
    record: dict[str, Any] = {"number": number, "name": name, "type": kind, "grade": grade}
    record["trigger"] = _trigger(item, kind, grade)
    record["sentinel"] = _sentinel(item, kind, grade)
    record["clans"] = _clans(item)
    if (nation := item.get("nation")) is not None:
        if nation not in NATIONS:
            raise RecordError(
                "nation",
                _("unknown nation {value} (known: {known})").format(value=shown(nation), known=", ".join(NATIONS)),
            )
        record["nation"] = NATIONS[nation]
    if item.get("set") is not None:
        record["set"] = _text(item, "set")
    for key, high in (("power", 1_000_000), ("shield", 1_000_000), ("critical", 99)):
        if (value := _count(item, key, high)) is not None:
            record[key] = value
    if (skill := item.get("skill")) is not None:
        if skill not in SKILLS:
            raise RecordError(
                "skill", _("unknown skill {value} (known: {known})").format(value=shown(skill), known=", ".join(SKILLS))
            )
        record["skill"] = skill
    return record


def _settle_sentinels(result: Conversion, indexes: list[int]) -> None:
    """Sentinel facts the source states but cannot vouch for (spec: a verdict is never built on a guess).

    - Printings of one card (one name, grade and unit kind: the same card, 5.2.2.2.1) that disagree: the printing
      that names 守護者 wins, because the source joined the shop's facts by name and a promo printing it did not
      join kept the default (希望の守り手 PR/0505, 桜吹雪の乙女 リルガ PR/0511).
    - A grade-1 normal unit printed with shield 0 that the source calls no sentinel: that is how a perfect guard is
      printed, and the 2012 errata gave every perfect guard 守護者 (11.9), which the source's facts do not show. Such
      a card is "unknown", never a false "no" (18 printings of BT01–BT07, EB04, EB05 and G-CMB01).
    """
    by_card: dict[tuple[str, str, int], list[int]] = {}
    for position, record in enumerate(result.records):
        by_card.setdefault((norm_name(record["name"]), record["type"], record["grade"]), []).append(position)
    for positions in by_card.values():
        sentinels = [result.records[p] for p in positions if result.records[p]["sentinel"] is True]
        if not sentinels:
            continue
        for position in positions:
            record = result.records[position]
            if record["sentinel"] is not True:
                was = str(record["sentinel"]).lower()
                record["sentinel"] = True
                result.note(
                    indexes[position],
                    record["number"],
                    _("sentinel {was} → true: {number}, a printing of the same card, is a sentinel").format(
                        was=was, number=sentinels[0]["number"]
                    ),
                )
    for position, record in enumerate(result.records):
        if (
            record["sentinel"] is False
            and record["type"] == "normal"
            and record["grade"] == 1
            and record.get("shield") == 0
        ):
            record["sentinel"] = UNKNOWN
            result.note(
                indexes[position],
                record["number"],
                _(
                    "sentinel false → unknown: a grade-1 unit printed with shield 0 is a perfect guard, and the 2012 "
                    "errata gave every perfect guard 守護者 (11.9), which the source's facts do not show"
                ),
            )


def convert(items: list[Any]) -> Conversion:
    result = Conversion("vanguard")
    indexes: list[int] = []  # the source record of each written record
    seen: dict[str, int] = {}
    for index, item in enumerate(items, start=1):
        raw = item.get("number") if isinstance(item, dict) else None
        number = shown(raw, 30) if not isinstance(raw, str) else raw[:30] or _("no number")
        try:
            record = vanguard_record(item)
        except RecordError as error:
            result.reject(index, number, str(error))
            continue
        key = norm_number(record["number"])  # numbers compare as the card database compares them
        if key in seen:
            twice = _("duplicate number (record {record} has it too)").format(record=seen[key])
            result.reject(index, number, f"field 'number': {twice}")
            continue
        seen[key] = index
        result.records.append(record)
        indexes.append(index)
    _settle_sentinels(result, indexes)
    return result
