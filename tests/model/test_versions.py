"""Choosing a rules version and format (deckcheck.model.versions): its errors and notes in Japanese (issue 29)."""

from __future__ import annotations

from datetime import date

import pytest

from deckcheck.cli.options import COMMAND_LINE
from deckcheck.errors import DeckcheckError, OptionError, speaking
from deckcheck.games import get_game
from deckcheck.model.versions import RulesChoice, choose_rules, options_for

EVOLVE = get_game("evolve")
BUILD_DIVIDE = get_game("build-divide")


def test_japanese_choice_errors(japanese):
    with pytest.raises(OptionError) as error:
        choose_rules(EVOLVE, {}, rules="9.9")
    assert (
        error.value.reason == "rules '9.9' は evolve のルールのバージョンではありません（既知：1.7.0、1.24.1、1.26.1）"
    )
    with pytest.raises(OptionError) as error:
        choose_rules(BUILD_DIVIDE, {}, rules="1.0")
    assert error.value.reason == "rules '1.0'：build-divide の総合ルールは1つだけで、選べるバージョンはありません"
    with pytest.raises(OptionError) as error:
        choose_rules(EVOLVE, {}, format="xx")
    assert (
        error.value.reason == "format 'xx' は evolve のフォーマットではありません（既知：standard、crossover、sealed）"
    )
    with pytest.raises(DeckcheckError) as error:
        choose_rules(EVOLVE, {"format": "xx"}, path="d.toml", key_lines={"format": 3})
    assert error.value.describe() == (
        "d.toml:3（フィールド 'format'）: デッキのキー format = 'xx' は evolve のフォーマットではありません"
        "（既知：standard、crossover、sealed）"
    )
    with pytest.raises(OptionError) as error:
        choose_rules(EVOLVE, {}, rules="1.7.0", format="crossover")
    assert error.value.reason.startswith("フォーマット crossover にはルール Ver.1.24.1 が必要です（")
    assert error.value.reason.endswith("）。rules 1.7.0 は Ver.1.7.0 を選んでいます")


def test_japanese_choice_notes(japanese):
    before = choose_rules(EVOLVE, {}, as_of=date(2022, 6, 1))
    assert before.notes == ("2022年6月1日に施行中の既知のルールのバージョンはありません。Ver.1.7.0 を適用しました",)
    assert RulesChoice("1.24.1", "standard", "default").text() == "ルール 1.24.1、standard"
    assert RulesChoice(None, "standard", "default").text() == "standard"
    with speaking(COMMAND_LINE):  # the command line says the options as flags (a library caller: rules, format)
        _rules, _format, notes = options_for(BUILD_DIVIDE, rules="1.0", format="foo")
    assert notes == [
        "--rules 1.0：build-divide の総合ルールは1つだけなので、build-divide のデッキはその総合ルールで判定しました",
        "--format foo：build-divide のフォーマットは1つだけ（standard）なので、build-divide のデッキは"
        "そのフォーマットで判定しました",
    ]
    _rules, _format, notes = options_for(BUILD_DIVIDE, rules="1.0", format=None)
    assert notes == [
        "rules 1.0：build-divide の総合ルールは1つだけなので、build-divide のデッキはその総合ルールで判定しました"
    ]


def test_the_english_texts_are_unchanged():
    assert RulesChoice("1.24.1", "standard", "default").text() == "rules 1.24.1, standard"
    _rules, _format, notes = options_for(BUILD_DIVIDE, rules="1.0", format=None)
    assert notes == ["rules 1.0: build-divide has one rules document; its decks were judged by it"]  # the library's
    with speaking(COMMAND_LINE):
        _rules, _format, notes = options_for(BUILD_DIVIDE, rules="1.0", format=None)
    assert notes == ["--rules 1.0: build-divide has one rules document; its decks were judged by it"]
