"""Cardfight!! Vanguard's card record and what the setup, the turns and the odds read of a card or the table."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from deckcheck.model.cards import Before, Bounds, Card, PlainInt, as_list, choice, validates_before
from deckcheck.model.game import FieldWord

if TYPE_CHECKING:
    from deckcheck.engine.table import Table

DEFAULT_COPIES = 4

CardType = choice(
    ("normal", "trigger", "g-unit"),
    {"ノーマルユニット": "normal", "トリガーユニット": "trigger", "Gユニット": "g-unit", "Ｇユニット": "g-unit"},
)


def _spelling(value: str) -> str:
    return unicodedata.normalize("NFKC", value).strip().casefold()


# Spellings of the types whose cards print no trigger icon (for defaulting a missing `trigger` to none).
_ICONLESS_TYPES = {_spelling(v) for v in ("normal", "g-unit", "ノーマルユニット", "Gユニット")}
#: The trigger of a grade-0 unit the real data cannot tell: a stand trigger or no icon (spec, "Real card data").
STAND_OR_NONE = "stand-or-none"
#: The sentinel status the real data cannot tell (spec, "Real card data").
UNKNOWN = "unknown"
#: The trigger icons (a card with one of these is a trigger unit, 2.8.1.1).
TRIGGER_ICONS = ("critical", "draw", "stand", "heal")

Trigger = choice(
    ("none", *TRIGGER_ICONS, STAND_OR_NONE),
    {
        "stand?": STAND_OR_NONE,
        "スタンドまたはなし": STAND_OR_NONE,
        "アイコンなし": "none",
        "なし": "none",
        "クリティカルトリガー": "critical",
        "クリティカル": "critical",
        "☆": "critical",
        "ドロートリガー": "draw",
        "ドロー": "draw",
        "引": "draw",
        "スタンドトリガー": "stand",
        "スタンド": "stand",
        "醒": "stand",
        "ヒールトリガー": "heal",
        "ヒール": "heal",
        "治": "heal",
    },
)
Nation = choice(
    ("united-sanctuary", "dragon-empire", "star-gate", "dark-zone", "magallanica", "zoo", "cray-elemental"),
    {
        "ユナイテッドサンクチュアリ": "united-sanctuary",
        "ドラゴンエンパイア": "dragon-empire",
        "スターゲート": "star-gate",
        "ダークゾーン": "dark-zone",
        "メガラニカ": "magallanica",
        "ズー": "zoo",
        # not a nation of 2.17.3, but the card list prints it on a card of no clan (a クレイエレメンタル card)
        "クレイエレメンタル": "cray-elemental",
    },
)
Skill = choice(
    ("boost", "intercept", "twin-drive", "triple-drive"),
    {
        "ブースト": "boost",
        "インターセプト": "intercept",
        "ツインドライブ!!": "twin-drive",
        "ツインドライブ": "twin-drive",
        "トリプルドライブ!!!": "triple-drive",
        "トリプルドライブ": "triple-drive",
    },
)


def _sentinel_value(value: Any) -> Any:
    if isinstance(value, str) and _spelling(value) in {"unknown", "?", "sentinel?", "不明"}:
        return UNKNOWN
    return value


# 守護者 (11.9): true, false, or "unknown" where the real data cannot tell (spec, "Real card data").
Sentinel = Annotated[bool | Literal["unknown"], Before(_sentinel_value)]


class VanguardCard(Card):
    type: CardType  # type: ignore[valid-type]
    grade: Annotated[PlainInt, Bounds(ge=0, le=4)]
    trigger: Trigger  # type: ignore[valid-type]
    sentinel: Sentinel = False
    clans: Annotated[list[str], Before(as_list)]
    nation: Nation | None = None  # type: ignore[valid-type]
    power: PlainInt | None = None
    shield: PlainInt | None = None
    critical: PlainInt | None = None
    skill: Skill | None = None  # type: ignore[valid-type]

    unknown_facts: ClassVar[dict[str, tuple[Any, ...]]] = {"trigger": (STAND_OR_NONE,), "sentinel": (UNKNOWN,)}

    @validates_before
    @classmethod
    def _default_trigger(cls, data: Any) -> Any:
        # Normal units and G units print no trigger icon; the importer may leave the field out.
        # Only those: a trigger unit without its icon stays an error ("trigger is required").
        if isinstance(data, dict) and "trigger" not in data:
            kind = data.get("type")
            if isinstance(kind, str) and _spelling(kind) in _ICONLESS_TYPES:
                return {**data, "trigger": "none"}
        return data

    def shown_value(self, attribute: str) -> Any:
        """An unknown fact reads as unknown: `stand?` (a stand trigger or no icon) and sentinel `?`."""
        value = getattr(self, attribute, None)
        if attribute == "trigger" and value == STAND_OR_NONE:
            return "stand?"
        if attribute == "sentinel" and value == UNKNOWN:
            return "?"
        return value

    @property
    def is_trigger(self) -> bool:
        """A known trigger icon (never a stand-or-none card: its icon is not known)."""
        return self.trigger in TRIGGER_ICONS

    @property
    def drive(self) -> int:
        """Drive checks per attack (2.16.2, 11.2): 1, +1 twin drive, +2 triple drive."""
        return {"twin-drive": 2, "triple-drive": 3}.get(self.skill or "", 1)


#: How many cards of the deck's top G assist looks at (5.4.3.3).
G_ASSIST_LOOK = 5


def is_unit(card: Card) -> bool:
    return card.type in ("normal", "trigger")


def vanguard_of(table: Table[VanguardCard]) -> VanguardCard:
    return table.zone("vanguard")[-1]


def attack_allowed(table: Table[VanguardCard], k: int) -> bool:
    """Own turn k has a battle with a vanguard attack: every turn but the first player's turn 1 (7.2.1.3)."""
    return k >= 1 and not (table.going == "first" and k == 1)


#: The rules document's words for the printed fields (総合ルール ver. 1.45.4, chapter 2 「カードの情報」; the sentinel
#: 11.9 「守護者 (センチネル)」): filters take them for the field (`グレード=3`, `トリガー=ヒール`).
FIELD_WORDS = (
    FieldWord("カード名", "name", "2.1"),
    FieldWord("クラン", "clans", "2.2"),
    FieldWord("グレード", "grade", "2.4"),
    FieldWord("パワー", "power", "2.5"),
    FieldWord("シールド", "shield", "2.6"),
    FieldWord("クリティカル", "critical", "2.7"),
    FieldWord("トリガーアイコン", "trigger", "2.8"),
    FieldWord("トリガー", "trigger", "2.8"),  # 2.8.1.1's トリガー, as players write it
    FieldWord("タイプ", "type", "2.9"),
    FieldWord("スキルアイコン", "skill", "2.10"),
    FieldWord("スキル", "skill", "2.10"),
    FieldWord("テキスト", "text", "2.11"),
    FieldWord("コレクションID", "number", "2.13"),
    FieldWord("国家", "nation", "2.17"),
    FieldWord("守護者", "sentinel", "11.9"),
    FieldWord("センチネル", "sentinel", "11.9"),
)
