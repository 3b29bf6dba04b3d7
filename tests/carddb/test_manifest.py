"""The data manifests (deckcheck/carddb/manifest.py, carddb/<game>/manifest.toml): what the shipped card data of each
game is, how old it is, and what a run says about it (spec evolve-2026.md §4)."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest

from deckcheck.carddb.db import load_carddb, load_layers, shipped_carddb_dir
from deckcheck.carddb.manifest import (
    Manifest,
    data_notes,
    load_manifest,
    product_of,
    product_ranges,
    read_manifest,
)
from deckcheck.errors import DeckcheckError
from deckcheck.games import all_games

SHIPPED = shipped_carddb_dir()
EVOLVE_DAY = date(2026, 7, 18)

GOOD = """\
status = "live"
cards = "real"
date = "2026-07-18"
newest = "BP21"
stale_after_days = 120
products = ["BP01..BP21", "PR"]

[[sources]]
repository = "someone/cards"
path = "cards.json"
commit = "abc123"
date = "2026-07-18"
"""


def write(tmp_path: Path, text: str, game: str = "evolve") -> Path:
    folder = tmp_path / game
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "manifest.toml"
    path.write_text(text, encoding="utf-8")
    return path


def manifest(tmp_path: Path, text: str = GOOD) -> Manifest:
    return read_manifest(write(tmp_path, text), "evolve")


# The shipped manifests -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_game_ships_a_manifest_whose_products_are_the_prefixes_of_its_card_numbers(game: str) -> None:
    found = load_manifest(game, SHIPPED)
    assert found is not None, f"carddb/{game}/manifest.toml is missing"
    prefixes = [product for number in load_carddb(game).cards if (product := product_of(number)) is not None]
    assert list(found.products) == product_ranges(prefixes)  # rewrite `products` when the cards change
    assert found.knows(found.newest)


def test_the_shipped_manifests_say_what_the_spec_says() -> None:
    got = {game: load_manifest(game, SHIPPED) for game in all_games()}
    assert {game: (m.status, m.cards) for game, m in got.items() if m} == {
        "evolve": ("live", "real"),
        "cipher": ("closed", "real"),
        "vanguard": ("closed", "real"),
        "build-divide": ("closed", "invented"),
        "ic-dragonball": ("closed", "invented"),
    }
    evolve = got["evolve"]
    assert evolve is not None and evolve.date == "2026-07-18" and evolve.newest == "BP21"
    assert evolve.stale_after_days == 120
    assert [source.commit for source in evolve.sources] == [
        "b49f3d98",
        "06c4bf25",
        "153427d40d81db0b6b75adac667ef141bebcff85",
    ]
    assert evolve.sources[2].date is None and "153427d4" in dict(evolve.notes)["en"]  # unknown: said, not invented
    assert all(m is not None and not m.sources and m.date is None for g, m in got.items() if g in ("build-divide",))


def test_the_card_loader_does_not_read_a_manifest_as_a_card_file(tmp_path: Path) -> None:
    # `cards = "real"` would be a broken card file ("`cards` must be an array of tables")
    write(tmp_path, GOOD)
    (tmp_path / "evolve" / "mine.toml").write_text(
        'game = "evolve"\n[[cards]]\nnumber = "X-001"\nname = "x"\ntype = "spell"\nclass = "neutral"\ncost = 1\n',
        encoding="utf-8",
    )
    db = load_layers("evolve", [tmp_path])
    assert list(db.cards) == ["X-001"]


# Products ---------------------------------------------------------------------------------------------------------


def test_a_number_s_product_is_what_comes_before_its_last_separator() -> None:
    assert [product_of(n) for n in ("BP01-001", "BP01-LD01", "PR-001", "G-BT01/001", "PR/0471 W", "DC-BD-001")] == [
        "BP01",
        "BP01",
        "PR",
        "G-BT01",
        "PR",
        "DC-BD",
    ]
    assert product_of("ローズクイーン") is None and product_of("-001") is None


def test_product_ranges_write_runs_of_a_series() -> None:
    assert product_ranges(["BP03", "BP01", "BP02", "BP05", "PR", "CSD02A", "CSD02B", "KAD1", "KAD2"]) == [
        "BP01..BP03",
        "BP05",
        "CSD02A",
        "CSD02B",
        "KAD1..KAD2",
        "PR",
    ]


def test_a_newer_product_is_a_higher_number_of_a_series_the_data_holds(tmp_path: Path) -> None:
    found = manifest(tmp_path)
    assert found.is_newer("BP22") and found.is_newer("BP30")
    assert not found.is_newer("BP21") and not found.is_newer("BP01")  # held
    assert not found.is_newer("BP2") and not found.is_newer("BP022")  # typos: not the width the series is written
    assert not found.is_newer("XY01") and not found.is_newer("PR")  # a series the data does not hold; held


def test_a_closed_game_has_no_newer_products(tmp_path: Path) -> None:
    found = manifest(tmp_path, GOOD.replace('"live"', '"closed"'))
    assert not found.is_newer("BP22")


# How old the data is ----------------------------------------------------------------------------------------------


def test_the_data_is_old_only_more_than_stale_after_days_after_its_date(tmp_path: Path) -> None:
    found = manifest(tmp_path)
    assert not found.is_stale(EVOLVE_DAY + timedelta(days=120))  # exactly 120 days after: not yet
    assert found.is_stale(EVOLVE_DAY + timedelta(days=121))
    assert not found.is_stale(EVOLVE_DAY - timedelta(days=400))  # a day before the data: never old
    assert found.days_old(date(2026, 11, 16)) == 121


def test_data_notes_are_said_once_per_game_and_never_for_a_closed_game(tmp_path: Path) -> None:
    write(tmp_path, GOOD)
    write(tmp_path, GOOD.replace('"live"', '"closed"'), "cipher")
    day = EVOLVE_DAY + timedelta(days=121)
    notes = data_notes(["evolve", "cipher", "evolve"], day, tmp_path)
    assert [(note.game, note.kind, note.days_old) for note in notes] == [("evolve", "stale", 121)]
    message = notes[0].message
    assert "121 days old on 2026-11-16" in message and "2026-07-18" in message and "BP21" in message
    assert "deckcheck cards import" in message
    assert data_notes(["evolve"], day - timedelta(days=1), tmp_path) == []
    assert data_notes(["cipher"], date(2030, 1, 1), tmp_path) == []


def test_the_shipped_invented_games_are_said_to_be_invented() -> None:
    notes = data_notes(["build-divide", "ic-dragonball", "cipher"], date(2026, 11, 27), SHIPPED)
    assert [(note.game, note.kind) for note in notes] == [("build-divide", "invented"), ("ic-dragonball", "invented")]
    assert "invented examples, not the real card list" in notes[0].message
    assert notes[0].to_json()["kind"] == "invented" and notes[0].to_json()["date"] is None


def test_the_notes_speak_japanese(tmp_path: Path, japanese: None) -> None:
    write(tmp_path, GOOD)
    (note,) = data_notes(["evolve"], date(2026, 11, 16), tmp_path)
    text = read_manifest(tmp_path / "evolve" / "manifest.toml", "evolve").text()
    assert "2026年11月16日の時点で121日前" in note.message and "（日付：2026年7月18日、" in note.message
    assert text == "データ：2026年7月18日、最新 BP21、継続中、実在のカード"


# A broken manifest ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field", "said"),
    [
        (('status = "live"', 'status = "alive"'), "status", "must be one of live, closed"),
        (('cards = "real"', "cards = 3"), "cards", "must be one of real, invented"),
        (('date = "2026-07-18"', 'date = "18.07.2026"'), "date", "must be a date"),
        (('date = "2026-07-18"', 'date = "2026-02-30"'), "date", "must be a date"),
        (('date = "2026-07-18"', 'date = "2026-07"'), "date", "needs its date as a day"),
        (("stale_after_days = 120", "stale_after_days = 0"), "stale_after_days", "positive whole number"),
        (("stale_after_days = 120", ""), "stale_after_days", "needs its date as a day"),
        (('newest = "BP21"', 'newest = ""'), "newest", "non-empty string"),
        (('products = ["BP01..BP21", "PR"]', "products = []"), "products", "non-empty list"),
        (('"BP01..BP21"', '"BP21..BP01"'), "products[1]", "not a range of one series"),
        (('"BP01..BP21"', '"BP01..CP04"'), "products[1]", "not a range of one series"),
        (('commit = "abc123"', "commit = 5"), "sources[1].commit", "non-empty string"),
        (('commit = "abc123"', 'commit = "abc123"\nurl = "x"'), "sources[1].url", "not a field of a source"),
        (('newest = "BP21"', 'newest = "BP21"\nlatest = "BP21"'), "latest", "not a field of a data manifest"),
        (('newest = "BP21"', 'newest = "BP21"\nnotes = 3'), "notes", "en/ja strings"),
    ],
)
def test_a_broken_manifest_names_its_file_and_field(
    tmp_path: Path, change: tuple[str, str], field: str, said: str
) -> None:
    text = GOOD.replace(*change)
    assert text != GOOD
    path = write(tmp_path, text)
    with pytest.raises(DeckcheckError) as raised:
        read_manifest(path, "evolve")
    assert raised.value.field == field and raised.value.path == str(path)
    assert said in str(raised.value) and str(path) in str(raised.value)


def test_real_cards_need_sources_and_a_manifest_must_be_toml(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.split("[[sources]]")[0])
    with pytest.raises(DeckcheckError, match="need their sources") as raised:
        read_manifest(path, "evolve")
    assert raised.value.field == "sources"
    path.write_text("status = \n", encoding="utf-8")
    with pytest.raises(DeckcheckError, match="is not valid TOML") as raised:
        read_manifest(path, "evolve")
    assert raised.value.path == str(path) and raised.value.line == 1


def test_a_game_without_a_manifest_has_none(tmp_path: Path) -> None:
    assert load_manifest("evolve", tmp_path) is None
    assert data_notes(["evolve"], date(2030, 1, 1), tmp_path) == []
