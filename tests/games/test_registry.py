"""The registry of games (deckcheck.games): an unknown game id, in Japanese too (issue 29)."""

from __future__ import annotations

import pytest
from conftest import registered_games

from deckcheck.errors import DeckcheckError
from deckcheck.games import get_game

GAMES_IN_JAPANESE = "ゲーム：" + "、".join(registered_games())  # every game, with the Japanese separator


def test_an_unknown_game_lists_the_games_in_japanese(japanese):
    with pytest.raises(DeckcheckError) as error:
        get_game("pokemon", path="d.toml", line=1)
    assert error.value.describe() == (
        "d.toml:1（フィールド 'game'）: 'pokemon' というゲームはありません。" + GAMES_IN_JAPANESE
    )


def test_the_check_command_says_it_in_japanese(run_cli, tmp_path):
    deck = tmp_path / "d.deck.toml"
    deck.write_text('game = "pokemon"\n[main]\n"x" = 1\n', encoding="utf-8")
    code, _out, err = run_cli("--lang", "ja", "check", deck)
    assert code == 2
    assert "'pokemon' というゲームはありません。" + GAMES_IN_JAPANESE in err
