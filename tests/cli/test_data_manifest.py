"""How old the data is, on the command line (spec evolve-2026.md §4): `games` shows each game's data, an unknown
number of a newer product says so, and `check` says once when a live game's data is old or a game's cards invented."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from textfit import says

from deckcheck.carddb.db import shipped_carddb_dir

REPO = Path(__file__).resolve().parents[2]
EVOLVE_DECK = REPO / "decks" / "evolve" / "2026-03-17-forest-22N3Q.deck.toml"
CIPHER_DECK = REPO / "decks" / "cipher" / "marth-altea.deck.toml"
STALE = "deckcheck: card data note: deckcheck's Shadowverse EVOLVE card data is"


def with_main_cards(tmp_path: Path, *lines: str) -> Path:
    """The shipped EVOLVE deck with more lines in its main deck."""
    text = EVOLVE_DECK.read_text(encoding="utf-8").replace("[main]\n", "[main]\n" + "".join(f"{x}\n" for x in lines))
    assert text != EVOLVE_DECK.read_text(encoding="utf-8")
    path = tmp_path / "newer.deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


# games -------------------------------------------------------------------------------------------------------------


def test_games_shows_each_game_s_data(run_cli: Any) -> None:
    code, out, err = run_cli("games")
    assert code == 0 and err == ""
    assert "data: 2026-07-18, newest BP21; live; real cards" in out
    assert "data: 2025-12, newest B22; closed; real cards" in out
    assert "data: 2026-11, newest G-BT14; closed; real cards" in out
    assert out.count("data: date unknown, newest DC-") == 2 and out.count("closed; invented cards") == 2


def test_games_json_has_a_data_object_per_game(run_cli: Any) -> None:
    code, out, _ = run_cli("games", "--output", "json")
    data = {game["id"]: game["data"] for game in json.loads(out)["games"]}
    assert code == 0 and set(data) == {"evolve", "cipher", "vanguard", "build-divide", "ic-dragonball"}
    evolve = data["evolve"]
    assert (evolve["date"], evolve["newest"], evolve["status"], evolve["cards"]) == (
        "2026-07-18",
        "BP21",
        "live",
        "real",
    )
    assert evolve["stale_after_days"] == 120 and "BP01..BP21" in evolve["products"]
    assert evolve["sources"][1] == {
        "repository": "jeyukburrito/sve_rag_judge",
        "path": "data/carddb/*.csv",
        "commit": "06c4bf25",
        "date": "2026-07-18",
    }
    assert evolve["sources"][2]["date"] is None and set(evolve["notes"]) == {"en", "ja"}
    assert (data["build-divide"]["cards"], data["build-divide"]["sources"]) == ("invented", [])
    assert data["vanguard"]["status"] == data["cipher"]["status"] == "closed"


def test_games_in_japanese(run_cli: Any) -> None:
    code, out, _ = run_cli("--lang", "ja", "games")
    assert code == 0 and "データ：2026年7月18日、最新 BP21、継続中、実在のカード" in out
    assert "データ：日付不明、最新 DC-BD、終了、架空のカード" in out


def test_a_broken_manifest_stops_games_naming_its_file_and_field(
    run_cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = tmp_path / "shipped"
    shutil.copytree(shipped_carddb_dir() / "cipher", shipped / "cipher")
    manifest = shipped / "cipher" / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('"closed"', '"over"'), encoding="utf-8")
    monkeypatch.setattr("deckcheck.carddb.db.shipped_carddb_dir", lambda: shipped)
    code, out, err = run_cli("games")
    assert code == 2 and out == ""
    assert f"{manifest}, field 'status': must be one of live, closed, not 'over'" in err


# check: a newer product --------------------------------------------------------------------------------------------


def test_a_number_of_a_product_newer_than_the_data_says_so(run_cli: Any, tmp_path: Path, isolated_carddb: Path) -> None:
    deck = with_main_cards(tmp_path, '"BP22-001" = 1')
    code, out, _ = run_cli("check", deck)
    assert code == 1
    line = out  # the deck's one violation (on several lines: text is fitted to 80 columns)
    assert says("error deck.unknown-card (main): 'BP22-001' is not a Shadowverse EVOLVE card number or name", line)
    assert says(
        "Its product BP22 is newer than deckcheck's Shadowverse EVOLVE card data, which ends at BP21 (2026-07-18): add "
        "its cards to a card database layer with `deckcheck cards import`, or use a newer deckcheck.",
        line,
    )
    assert "Did you mean" not in line  # not a typo of a card the data holds
    code, out, _ = run_cli("check", deck, "--output", "json")
    (found,) = [v for v in json.loads(out)["decks"][0]["violations"] if v["rule"] == "deck.unknown-card"]
    assert found["newer_product"] == {"product": "BP22", "newest": "BP21", "date": "2026-07-18"}
    assert found["suggestions"] == []


@pytest.mark.parametrize("number", ["BP2-001", "BP21-999", "XY01-001", "BP22001"])
def test_an_unknown_number_that_is_no_newer_product_keeps_the_plain_message(
    run_cli: Any, tmp_path: Path, isolated_carddb: Path, number: str
) -> None:
    code, out, _ = run_cli("check", with_main_cards(tmp_path, f'"{number}" = 1'), "--output", "json")
    (found,) = [v for v in json.loads(out)["decks"][0]["violations"] if v["rule"] == "deck.unknown-card"]
    assert code == 1 and "newer" not in found["message"] and "newer_product" not in found


def test_a_newer_product_a_layer_holds_is_no_newer_product(run_cli: Any, tmp_path: Path, isolated_carddb: Path) -> None:
    layer = tmp_path / "mine"
    (layer / "evolve").mkdir(parents=True)
    (layer / "evolve" / "bp22.toml").write_text(
        'game = "evolve"\n[[cards]]\nnumber = "BP22-001"\nname = "新しいカード"\ntype = "spell"\nclass = "neutral"\n'
        "cost = 1\n",
        encoding="utf-8",
    )
    deck = with_main_cards(tmp_path, '"BP22-002" = 1')  # a number of BP22 the layer lacks: a typo there
    code, out, _ = run_cli("check", deck, "--carddb", layer, "--output", "json")
    (found,) = [v for v in json.loads(out)["decks"][0]["violations"] if v["rule"] == "deck.unknown-card"]
    assert code == 1 and "newer_product" not in found and "newer" not in found["message"]


def test_the_newer_product_message_in_japanese(run_cli: Any, tmp_path: Path, isolated_carddb: Path) -> None:
    code, out, _ = run_cli("--lang", "ja", "check", with_main_cards(tmp_path, '"BP22-001" = 1'))
    assert code == 1
    assert says(
        "その商品 BP22 は、deckcheck の Shadowverse EVOLVE のカードデータ（BP21 まで、2026年7月18日）"
        "より新しい商品です。",
        out,
    )


# check: how old the data is ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("today", "said"), [("2026-11-15", False), ("2026-11-16", True), ("2027-06-01", True)])
def test_check_says_once_when_the_evolve_data_is_older_than_120_days(
    run_cli: Any, monkeypatch: pytest.MonkeyPatch, isolated_carddb: Path, today: str, said: bool
) -> None:
    monkeypatch.setenv("DECKCHECK_TODAY", today)
    code, _, err = run_cli("check", EVOLVE_DECK, REPO / "decks" / "evolve")  # the deck twice, and 20 more
    assert code == 0 and err.count(STALE) == int(said)
    if said:
        assert "121 days old on 2026-11-16 (its date 2026-07-18, newest product BP21)" in err or today != "2026-11-16"


def test_the_as_of_day_is_the_day_of_the_check(run_cli: Any, monkeypatch: pytest.MonkeyPatch, isolated_carddb) -> None:
    monkeypatch.setenv("DECKCHECK_TODAY", "2030-01-01")  # years after the data
    assert STALE not in run_cli("check", EVOLVE_DECK, "--as-of", "2026-11-15")[2]  # exactly 120 days
    err = run_cli("check", EVOLVE_DECK, "--as-of", "2026-11-16")[2]
    assert err == f"{STALE} 121 days old on 2026-11-16" + err.removeprefix(f"{STALE} 121 days old on 2026-11-16")
    assert err.count("\n") == 1
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-11-16")
    assert STALE in run_cli("check", EVOLVE_DECK, "--no-regulation")[2]  # today's date with regulations off too


def test_a_closed_game_s_data_is_never_old(run_cli: Any, monkeypatch: pytest.MonkeyPatch, isolated_carddb) -> None:
    monkeypatch.setenv("DECKCHECK_TODAY", "2040-01-01")
    code, out, err = run_cli("check", CIPHER_DECK, REPO / "decks" / "vanguard", "--output", "json")
    assert code == 0 and "card data note" not in err and "card_data" not in json.loads(out)


def test_check_json_says_how_old_the_data_is(run_cli: Any, monkeypatch: pytest.MonkeyPatch, isolated_carddb) -> None:
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-11-16")
    code, out, err = run_cli("check", REPO / "decks", "--output", "json")
    data = json.loads(out)
    assert code == 0 and [(n["game"], n["kind"]) for n in data["card_data"]] == [
        ("build-divide", "invented"),
        ("evolve", "stale"),
        ("ic-dragonball", "invented"),
    ]
    stale = data["card_data"][1]
    assert (stale["date"], stale["newest"], stale["days_old"]) == ("2026-07-18", "BP21", 121)
    assert stale["message"] in err and err.count("card data note") == 3  # said once each, on stderr too
    assert "the Build Divide cards deckcheck ships are invented examples, not the real card list" in err


def test_the_data_notes_in_japanese(run_cli: Any, monkeypatch: pytest.MonkeyPatch, isolated_carddb) -> None:
    monkeypatch.setenv("DECKCHECK_TODAY", "2026-11-16")
    err = run_cli("--lang", "ja", "check", EVOLVE_DECK, REPO / "decks" / "build-divide")[2]
    assert says("deckcheck の Shadowverse EVOLVE のカードデータは、2026年11月16日の時点で121日前のものです", err)
    assert says("deckcheck に付属するビルディバイドのカードは架空の例で、実際のカードリストではありません", err)


def test_a_broken_manifest_stops_check_with_exit_2_naming_it(
    run_cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, isolated_carddb: Path
) -> None:
    shipped = tmp_path / "shipped"
    shutil.copytree(shipped_carddb_dir() / "evolve", shipped / "evolve")
    manifest = shipped / "evolve" / "manifest.toml"
    text = manifest.read_text(encoding="utf-8").replace("stale_after_days = 120", "stale_after_days = -1")
    manifest.write_text(text, encoding="utf-8")
    monkeypatch.setattr("deckcheck.carddb.db.shipped_carddb_dir", lambda: shipped)
    code, out, err = run_cli("check", EVOLVE_DECK)
    assert code == 2 and "legal" in out  # the deck was judged; the data's manifest is broken
    assert f"{manifest}, field 'stale_after_days': must be a positive whole number of days, not -1" in err


def test_workers_say_the_same_data_notes_as_one_process(monkeypatch: pytest.MonkeyPatch, isolated_carddb) -> None:
    from deckcheck.checking.run import check_paths

    monkeypatch.setenv("DECKCHECK_TODAY", "2026-11-16")
    one, two = check_paths([REPO / "decks"], jobs=1), check_paths([REPO / "decks"], jobs=2)
    assert [note.to_json() for note in two.data_notes] == [note.to_json() for note in one.data_notes]
    assert [note.kind for note in one.data_notes] == ["invented", "stale", "invented"]  # the library prints nothing


def test_hand_refuses_a_newer_product_s_number_saying_why(run_cli: Any, tmp_path: Path, isolated_carddb) -> None:
    code, _, err = run_cli("hand", with_main_cards(tmp_path, '"BP22-001" = 1', '"BP21-999" = 1'), "--seed", "1")
    assert code == 2
    (newer,) = [line for line in err.splitlines() if "'BP22-001'" in line]
    assert "Its product BP22 is newer than deckcheck's Shadowverse EVOLVE card data, which ends at BP21" in newer
    assert "Did you mean" not in newer
    (typo,) = [line for line in err.splitlines() if "'BP21-999'" in line]
    assert "is newer than" not in typo and "Did you mean" in typo


@pytest.mark.parametrize(("as_of", "said"), [("2026-11-15", False), ("2026-11-16", True)])  # 120 and 121 days
def test_show_says_how_old_the_data_is_as_check_does(run_cli: Any, isolated_carddb, as_of: str, said: bool) -> None:
    code, out, err = run_cli("show", EVOLVE_DECK, "--as-of", as_of)
    assert code == 0 and err.count(STALE) == int(said) and "Legal" in out
    code, out, _ = run_cli("show", EVOLVE_DECK, "--as-of", as_of, "--output", "json")
    data = json.loads(out)
    assert [(n["kind"], n["days_old"]) for n in data.get("card_data", [])] == ([("stale", 121)] if said else [])


def test_show_of_an_invented_game_says_its_cards_are_invented(run_cli: Any, isolated_carddb) -> None:
    code, out, err = run_cli("show", REPO / "decks" / "build-divide" / "guren.txt", "--output", "json")
    assert code == 0 and err.count("the Build Divide cards deckcheck ships are invented examples") == 1
    assert [n["kind"] for n in json.loads(out)["card_data"]] == ["invented"]
    assert run_cli("show", CIPHER_DECK)[2] == ""  # a closed game of real cards: nothing to say
