"""Cipher cards said by their Japanese names (issue 41): first where the deck names a card so or the interface is
Japanese, the English name beside in prose, alone in a list handed in; English as before otherwise."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from conftest import CIPHER_JAPANESE_TEXT
from textfit import says

from deckcheck.games.cipher import CipherCard

ENGLISH_DECK = Path(__file__).resolve().parents[2] / "decks" / "cipher" / "marth-altea.deck.toml"
# the lord written five times: one cipher.copies error naming it
FIVE = CIPHER_JAPANESE_TEXT.replace("4 アリティアの王子 マルス\n", "5 アリティアの王子 マルス\n")


def _japanese_unit(name: str) -> str:
    return unicodedata.normalize("NFKC", name.strip().rsplit(" ", 1)[1])


def test_the_japanese_unit_name_is_the_part_after_the_last_space_over_the_whole_data(shipped) -> None:
    cards = [card for card in shipped("cipher").cards.values() if card.names_ja]
    assert len(cards) >= 722  # names known for 722 cards when this was written
    by_unit: dict[str, set[str]] = {}
    for card in cards:
        assert card.unit_name is not None
        for name in card.names_ja:
            assert " " in name.strip(), (card.number, name)
            by_unit.setdefault(card.unit_name, set()).add(_japanese_unit(name))
    # one Japanese unit name for each unit name, and no Japanese unit name for two
    assert all(len(names) == 1 for names in by_unit.values()), {u: n for u, n in by_unit.items() if len(n) > 1}
    japanese = [next(iter(names)) for names in by_unit.values()]
    assert len(japanese) == len(set(japanese))


def _card(shipped: Any, number: str) -> CipherCard:
    card = shipped("cipher").cards[number]
    assert isinstance(card, CipherCard)
    return card


def test_the_database_s_card_speaks_english_in_english_and_japanese_first_in_japanese(shipped, japanese) -> None:
    card = _card(shipped, "B01-002")
    assert card.said_name == "亡国の王子 マルス（Prince of a Fallen Land Marth）"
    assert card.listed_name == "亡国の王子 マルス"
    assert card.label() == "亡国の王子 マルス（Prince of a Fallen Land Marth、B01-002）"
    assert card.listed_label() == "亡国の王子 マルス（B01-002）"
    assert card.said_unit_name == "マルス"
    assert card.printed_name == "Prince of a Fallen Land Marth"  # JSON's name: unchanged


def test_in_english_the_database_s_card_is_as_before(shipped) -> None:
    card = _card(shipped, "B01-002")
    assert card.said_name == card.listed_name == "Prince of a Fallen Land Marth"
    assert card.label() == card.listed_label() == "Prince of a Fallen Land Marth (B01-002)"
    assert card.said_unit_name == "Marth"


def test_a_card_the_deck_names_in_japanese_says_so_in_english_too(shipped) -> None:
    card = _card(shipped, "B01-005").named_by("心癒やす翼 シーダ")  # the second spelling, as the deck wrote it
    assert card == _card(shipped, "B01-005") and _card(shipped, "B01-005").named is None
    assert card.said_name == "心癒やす翼 シーダ (Soul-Soothing Wings Caeda)"
    assert card.listed_name == "心癒やす翼 シーダ"
    assert card.label() == "心癒やす翼 シーダ (Soul-Soothing Wings Caeda, B01-005)"
    assert card.said_unit_name == "シーダ (Caeda)"


def test_a_card_without_a_japanese_name_is_said_in_english_in_japanese(shipped, japanese) -> None:
    card = next(card for card in shipped("cipher").cards.values() if not card.names_ja and not card.is_marker)
    assert card.said_name == card.listed_name == card.printed_name
    assert card.label() == f"{card.printed_name} ({card.printed_number})"


@pytest.fixture
def deck_files(isolated_carddb: Path) -> dict[str, Path]:
    japanese = isolated_carddb / "ja.txt"
    japanese.write_text(FIVE, encoding="utf-8")
    english = isolated_carddb / "en.deck.toml"
    english.write_text(ENGLISH_DECK.read_text("utf-8").replace('"B01-003" = 4', '"B01-003" = 5'), "utf-8")
    return {"ja": japanese, "en": english}


def _outputs(run_cli: Any, path: Path) -> dict[str, str]:
    said = {}
    for name, args in {
        "check": ("check", path),
        "show": ("show", path),
        "list": ("convert", path, "--to", "markdown"),
        "hand": ("hand", path, "--seed", "5"),
        "stats": ("stats", path),
    }.items():
        _code, out, _err = run_cli(*args)
        said[name] = out
    return said


def test_a_deck_in_japanese_names_speaks_them_in_an_english_interface(run_cli, deck_files) -> None:
    said = _outputs(run_cli, deck_files["ja"])
    assert says("5 copies of アリティアの王子 マルス (Altean Prince Marth) (B01-003)", said["check"])
    assert "  lord: アリティアの王子 マルス (B01-003)\n" in said["show"]
    assert says("    5  B01-003  アリティアの王子 マルス (Altean Prince Marth)\n", said["show"])
    assert "- Lord: アリティアの王子 マルス (B01-003)\n" in said["list"]
    assert "| 5 | B01-003 | アリティアの王子 マルス *" in said["list"]  # a list handed in: one language
    assert "lord: アリティアの王子 マルス (Altean Prince Marth, B01-003)\n" in said["hand"]
    assert "  B01-001  cost 5  救国の英雄 マルス (Savior of His Realm Marth)\n" in said["hand"]
    assert "a class change for the lord マルス (Marth) by" in said["stats"]


def test_a_deck_in_japanese_names_in_a_japanese_interface(run_cli, deck_files, monkeypatch) -> None:
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    said = _outputs(run_cli, deck_files["ja"])
    assert says(
        "カード名「アリティアの王子 マルス（Altean Prince Marth）」のカードが5枚あります（B01-003）", said["check"]
    )
    assert says("  主人公：アリティアの王子 マルス（B01-003）\n", said["show"])
    assert says("    5  B01-003  アリティアの王子 マルス（Altean Prince Marth）\n", said["show"])
    assert "| 5 | B01-003 | アリティアの王子 マルス *" in said["list"] and "Altean" not in said["list"].split("## ")[-1]
    assert "主人公：アリティアの王子 マルス（Altean Prince Marth、B01-003）\n" in said["hand"]
    assert "  B01-001  出撃コスト5  救国の英雄 マルス（Savior of His Realm Marth）\n" in said["hand"]
    assert "主人公「マルス」のクラス" in said["stats"] and "Marth" not in said["stats"]


def test_an_english_deck_in_a_japanese_interface_is_said_in_japanese_first(run_cli, deck_files, monkeypatch) -> None:
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    said = _outputs(run_cli, deck_files["en"])
    assert says(
        "カード名「アリティアの王子 マルス（Altean Prince Marth）」のカードが5枚あります（B01-003）", said["check"]
    )
    assert says("  主人公：アリティアの王子 マルス（B01-003）\n", said["show"])
    assert says("    5  B01-003  アリティアの王子 マルス（Altean Prince Marth）\n", said["show"])
    assert "| 5 | B01-003 | アリティアの王子 マルス *" in said["list"]
    assert "主人公：アリティアの王子 マルス（Altean Prince Marth、B01-003）\n" in said["hand"]
    assert "主人公「マルス」のクラス" in said["stats"]


def test_an_english_deck_in_an_english_interface_stays_english(run_cli, deck_files) -> None:
    said = _outputs(run_cli, deck_files["en"])
    assert says("5 copies of Altean Prince Marth (B01-003)", said["check"])
    assert "  lord: Altean Prince Marth (B01-003)\n" in said["show"]
    assert "| 5 | B01-003 | Altean Prince Marth *" in said["list"]
    assert "lord: Altean Prince Marth (B01-003)\n" in said["hand"]
    assert "a class change for the lord Marth by" in said["stats"]
    joined = "".join(said.values())
    assert "マルス" not in joined and "（" not in joined


def test_json_names_stay_english_for_a_deck_in_japanese_names(run_cli, deck_files) -> None:
    _code, out, _err = run_cli("show", deck_files["ja"], "--output", "json")
    cards = json.loads(out)["sections"]["main"]["cards"]
    assert {card["number"]: card["name"] for card in cards}["B01-003"] == "Altean Prince Marth"
    _code, out, _err = run_cli("hand", deck_files["ja"], "--seed", "5", "--output", "json")
    assert [card["name"] for card in json.loads(out)["hand"]][0] == "Savior of His Realm Marth"
