"""The 2026 EVOLVE restriction lists at their boundaries (issue 38): the standard list (banned, limited, the cards it
releases), the crossover list (its own cards, an entry for the main deck only) and the list in force by the deck's
format and the day; and regulation files that use the 2026 keys wrongly (format, kind, section, card)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from deckcheck.cli.app import app

REPO = Path(__file__).resolve().parents[2]
RUNE_DECK = REPO / "decks" / "evolve" / "2026-03-21-rune-XEB3.deck.toml"  # 40 main, 10 evolve, class rune
STANDARD = "使用制限 2026-01-30"
CROSSOVER = "使用制限 クロスオーバー 2026-01-30"


def evolve_deck(
    folder: Path, main: dict[str, int] | None = None, evolve: dict[str, int] | None = None, **keys: Any
) -> Path:
    """The shipped rune deck (legal), cards replaced (a count of 0 removes a card), deck keys set."""
    text = RUNE_DECK.read_text(encoding="utf-8")
    for section, changes in (("main", main or {}), ("evolve", evolve or {})):
        head, _, rest = text.partition(f"[{section}]\n")
        body, sep, tail = rest.partition("\n[")
        lines = dict(re.findall(r'^"([^"]+)" = (\d+)$', body, re.M))
        lines.update({number: str(copies) for number, copies in changes.items()})
        body = "".join(f'"{n}" = {c}\n' for n, c in lines.items() if c != "0")
        text = f"{head}[{section}]\n{body}" + (sep + tail if sep else "")
    extra = "".join(f"{key} = {json.dumps(value, ensure_ascii=False)}\n" for key, value in keys.items())
    text = text.replace('basis = "class"\n', extra or 'basis = "class"\n')
    path = folder / "deck.deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


def crossover_deck(folder: Path, main: dict[str, int] | None = None, evolve: dict[str, int] | None = None) -> Path:
    """A legal crossover deck (rune + sword, rules B-2): the rune deck with a sword leader and 3 sword cards."""
    path = evolve_deck(
        folder, {"BP07-037": 0, "BP07-103": 0, "BP07-116": 2, "BP01-050": 3, **(main or {})}, evolve, format="crossover"
    )
    path.write_text(
        path.read_text(encoding="utf-8").replace('"BP01-LD05" = 1', '"BP01-LD05" = 1\n"BP01-LD03" = 1'),
        encoding="utf-8",
    )
    return path


def check(deck: Path, *args: str) -> tuple[int, dict[str, Any], str]:
    result = CliRunner().invoke(app, ["check", str(deck), "--output", "json", *args])
    assert "Traceback" not in result.output
    data = json.loads(result.stdout) if result.stdout.strip() else {}
    return result.exit_code, data, result.stderr


def judged(
    deck: Path, *args: str
) -> tuple[str | None, str | None, list[tuple[str, str | None, int | None, int | None]]]:
    """(the regulation's name, its format, the regulation findings as (rule, section, count, limit))."""
    code, data, err = check(deck, *args)
    assert code in (0, 1), err
    (report,) = data["decks"]
    regulation = report["regulation"] or {}
    found = [
        (v["rule"], v["section"], v["count"], v["limit"])
        for v in report["violations"]
        if v["rule"].startswith("regulation.")
    ]
    return regulation.get("name"), regulation.get("format"), found


@pytest.fixture
def here(isolated_carddb: Path) -> Path:
    return isolated_carddb


# The standard list -------------------------------------------------------------------------------------------


def test_the_fixtures_are_legal_decks(here: Path) -> None:
    code, data, err = check(evolve_deck(here), "--as-of", "2026-03-22")
    assert code == 0 and data["decks"][0]["violations"] == [], err
    code, data, err = check(crossover_deck(here), "--as-of", "2026-03-22")
    assert code == 0 and data["decks"][0]["violations"] == [], err
    assert data["decks"][0]["regulation"]["format"] == "crossover"


@pytest.mark.parametrize(
    ("number", "copies", "expected"),
    [
        ("BP07-072", 1, []),  # 紫紺の抵抗者・エンネア, limited: 1 is the limit
        ("BP07-072", 2, [("regulation.restricted", "main", 2, 1)]),  # one over
        ("BP02-062", 1, []),  # 竜巫女の儀式
        ("BP02-062", 3, [("regulation.restricted", "main", 3, 1)]),
        ("ECP01-044", 2, [("regulation.restricted", "main", 2, 1)]),  # マンハッタンカフェ
        ("CSD03a-016", 1, [("regulation.banned", "main", 1, 0)]),  # スターダスト・トランペッター, banned: 0
        ("CSD03a-P08", 1, [("regulation.banned", "main", 1, 0)]),  # its other printing is the same card
        ("BP13-107", 1, [("regulation.banned", "main", 1, 0)]),  # ワールドブレイク
        ("BP12-044", 1, [("regulation.banned", "main", 1, 0)]),  # 運命への反逆
    ],
)
def test_the_standard_list_on_an_event_day(here: Path, number: str, copies: int, expected: list[Any]) -> None:
    deck = evolve_deck(here, {"BP07-035": 3 - copies if copies <= 3 else 0, number: copies})
    assert judged(deck, "--as-of", "2026-03-22") == (STANDARD, "standard", expected)


def test_a_limited_card_counts_every_printing_of_its_name(here: Path) -> None:
    deck = evolve_deck(here, {"BP07-035": 1, "BP07-072": 1, "PR-180": 1})  # エンネア twice, as two printings
    assert judged(deck, "--as-of", "2026-03-22")[2] == [("regulation.restricted", "main", 2, 1)]


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        ("2026-01-29", ("殿堂入り 2024-06-28", [("regulation.restricted", "main", 3, 1)])),  # still 殿堂入り
        ("2026-01-30", (STANDARD, [])),  # released by the 2026 list on its day
    ],
)
def test_the_2026_list_releases_curse_enchanter(here: Path, day: str, expected: tuple[str, list[Any]]) -> None:
    deck = evolve_deck(here, {"BP07-035": 0, "BP06-039": 3})  # カースエンチャンター ×3 (殿堂入り from 2023-10-27)
    name, _, found = judged(deck, "--as-of", day)
    assert (name, found) == expected
    if day == "2026-01-30":
        assert check(deck, "--as-of", day)[0] == 0  # the whole deck is legal, not only the regulation


def test_the_2026_list_releases_shinryu(here: Path) -> None:
    deck = evolve_deck(here, {"BP07-035": 0, "BP01-086": 3})  # 神龍 ×3 (殿堂入り from 2022-12-16), out of class
    assert judged(deck, "--as-of", "2026-01-29")[2] == [("regulation.restricted", "main", 3, 1)]
    assert judged(deck, "--as-of", "2026-01-30")[2] == []


def test_a_limited_card_was_not_limited_the_day_before(here: Path) -> None:
    deck = evolve_deck(here, {"BP07-035": 1, "BP07-072": 2})
    assert judged(deck, "--as-of", "2026-01-29")[2] == []  # エンネア: on no list before 2026-01-30
    assert judged(deck, "--as-of", "2026-01-30")[2] == [("regulation.restricted", "main", 2, 1)]


# The crossover list ------------------------------------------------------------------------------------------


def test_three_houses_of_sweets_are_legal_in_crossover_not_in_standard(here: Path) -> None:
    sweets = {"BP07-035": 0, "BP03-048": 3}  # お菓子の家: limited in standard, on no crossover list
    assert judged(crossover_deck(here, sweets), "--as-of", "2026-03-22") == (CROSSOVER, "crossover", [])
    assert judged(evolve_deck(here, sweets), "--as-of", "2026-03-22")[2] == [("regulation.restricted", "main", 3, 1)]


def test_jiemon_is_limited_in_the_crossover_main_deck_only(here: Path) -> None:
    two = crossover_deck(here, {"BP01-050": 1, "BP14-022": 2})  # 天下の大泥棒・ジエモン ×2 in the main deck
    assert judged(two, "--as-of", "2026-03-22")[2] == [("regulation.restricted", "main", 2, 1)]
    evolved = crossover_deck(here, {"BP01-050": 2, "BP14-022": 1}, {"BP12-036": 0, "BP14-023": 3})
    assert judged(evolved, "--as-of", "2026-03-22") == (CROSSOVER, "crossover", [])  # its EVOLVE card is not counted
    assert check(evolved, "--as-of", "2026-03-22")[0] == 0
    assert judged(evolve_deck(here, {"BP07-035": 1, "BP14-022": 2}), "--as-of", "2026-03-22")[2] == []  # standard


def test_the_crossover_list_has_its_own_cards(here: Path) -> None:
    tin = crossover_deck(here, {"BP07-035": 1, "BP03-101": 2})  # ブリキの兵隊 ×2, out of class (not a finding here)
    assert judged(tin, "--as-of", "2026-03-22")[2] == [("regulation.restricted", "main", 2, 1)]
    andou = crossover_deck(here, {"BP07-035": 2, "CSD03b-016": 1})  # banned in standard only
    assert judged(andou, "--as-of", "2026-03-22")[2] == []
    fate = crossover_deck(here, {"BP07-035": 2, "BP12-044": 1})  # 運命への反逆: banned in both
    assert judged(fate, "--as-of", "2026-03-22")[2] == [("regulation.banned", "main", 1, 0)]


def test_before_the_crossover_list_crossover_decks_follow_the_standard_list(here: Path) -> None:
    deck = crossover_deck(here, {"BP07-035": 0, "BP03-048": 3})
    assert judged(deck, "--as-of", "2026-01-29") == (
        "殿堂入り 2024-06-28",
        "standard",
        [("regulation.restricted", "main", 3, 1)],
    )


def test_the_format_option_chooses_the_list(here: Path) -> None:
    deck = evolve_deck(here, {"BP07-035": 0, "BP03-048": 3}, {}, basis="class")
    assert judged(deck, "--as-of", "2026-03-22", "--format", "crossover")[:2] == (CROSSOVER, "crossover")


# Regulation files that use the 2026 keys wrongly ----------------------------------------------------------------


def layer_with(here: Path, text: str) -> Path:
    folder = here / "layer" / "evolve" / "regulations"
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text(text, encoding="utf-8")
    return here / "layer"


HEAD = 'name = "Mine"\neffective = 2026-10-01\n'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (HEAD + 'format = "draft"\n', ["mine.toml:3", "'format'", "draft"]),
        (HEAD + '[[entries]]\ncard = "BP07-072"\nkind = "forbidden"\n', ["mine.toml:3: entry 1", "forbidden"]),
        (HEAD + '[[entries]]\ncard = "BP07-072"\nkind = "limited"\nsection = "g"\n', ["mine.toml:3: entry 1", "'g'"]),
        (HEAD + '[[entries]]\nkind = "banned"\n', ["mine.toml:3: entry 1", "card"]),
        (HEAD + '[[entries]]\ncard = "BP99-999"\nkind = "banned"\n', ["mine.toml:3: entry 1", "BP99-999"]),
        (HEAD + '[[entries]]\ncard = "BP07-072"\nkind = "banned"\ncopies = 2\n', ["mine.toml:3: entry 1", "copies"]),
        (HEAD + '[[entries]]\ncard = "BP07-072"\nkind = "limited"\ncopies = -1\n', ["mine.toml:3: entry 1", "copies"]),
    ],
)
def test_a_broken_2026_entry_names_its_file_and_stops(here: Path, text: str, expected: list[str]) -> None:
    deck = evolve_deck(here)
    code, data, err = check(deck, "--carddb", str(layer_with(here, text)), "--as-of", "2026-10-02")
    assert code == 2 and data.get("decks", []) == []  # no verdict by a list that cannot be read
    assert "broken regulation data" in err
    for fragment in expected:
        assert fragment in err, err


def test_a_layer_adds_the_october_list(here: Path) -> None:
    text = HEAD + 'format = "standard"\n[[entries]]\ncard = "BP07-072"\nkind = "禁止"\n'  # the publisher's word
    layer = layer_with(here, text)
    deck = evolve_deck(here, {"BP07-035": 2, "BP07-072": 1})
    assert judged(deck, "--carddb", str(layer), "--as-of", "2026-10-01") == (
        "Mine",
        "standard",
        [("regulation.banned", "main", 1, 0)],
    )
    assert judged(deck, "--carddb", str(layer), "--as-of", "2026-09-30")[:2] == (STANDARD, "standard")
    crossover = crossover_deck(here, {"BP07-035": 2, "BP07-072": 1})
    assert judged(crossover, "--carddb", str(layer), "--as-of", "2026-10-01")[0] == CROSSOVER  # another format's list
