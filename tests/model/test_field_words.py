"""The rules documents' field words in filters (issue 40): `グレード=3` is `grade=3` in every filter, each game's words
name fields its cards have, and a word no game has still gets the error that names the fields."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from conftest import registered_games

from deckcheck.errors import DeckcheckError
from deckcheck.games import get_game
from deckcheck.model.query import _field_info, parse_filter, parse_query


def numbers(db, text: str) -> list[str]:
    card_filter = parse_filter(text, db.game)
    return sorted(card.number for card in db.cards.values() if card_filter(card))


@pytest.mark.parametrize("game_id", registered_games())
def test_every_word_names_a_field_of_its_games_cards_once(game_id):
    game = get_game(game_id)
    words = [one.word for one in game.cards.field_words]
    assert words, f"{game_id} declares no rules document words"
    assert len(words) == len(set(words))
    for one in game.cards.field_words:
        assert unicodedata.normalize("NFKC", one.word) == one.word  # compared after NFKC: written so
        assert one.ref and one.ref[0].isdigit()  # the rule that defines the field
        attribute, _info = _field_info(game, one.field)  # a field the cards have (by its name or alias)
        assert _field_info(game, one.word)[0] == attribute


# (game, the rules document's words, the record's fields): the same cards, and some
SAME = [
    ("vanguard", "グレード=3", "grade=3"),
    ("vanguard", "トリガー=ヒール", "trigger=heal"),
    ("vanguard", "トリガーアイコン=critical", "trigger=critical"),
    ("vanguard", "グレード＝１,シールド>=5000", "grade=1,shield>=5000"),  # full-width: after NFKC
    ("vanguard", "クラン=ロイヤルパラディン", "clans=ロイヤルパラディン"),
    ("vanguard", "ｇｒａｄｅ＝２", "grade=2"),  # a field written full-width, as an IME writes it
    ("vanguard", "ｇｒａｄｅ=2", "grade=2"),
    ("vanguard", "カード名~=アルトマイル", "name~=アルトマイル"),
    ("vanguard", "国家=ドラゴンエンパイア", "nation=dragon-empire"),
    ("cipher", "コスト<=2", "cost<=2"),
    ("cipher", "出撃コスト=1,支援力=20", "cost=1,support=20"),
    ("cipher", "戦闘力>=70", "attack>=70"),
    ("cipher", "クラスチェンジコスト=3", "cc_cost=3"),
    ("evolve", "クラス=エルフ,コスト<=2", "class=forest,cost<=2"),
    ("evolve", "攻撃力>=5,体力=..3", "attack>=5,defense=..3"),
    ("evolve", "トリガー=ヒール", "trigger=heal"),
    ("ic-dragonball", "レベル<=1", "level<=1"),
    ("ic-dragonball", "パワー>=15000,カード種類=バトル", "power>=15000,type=battle"),
    ("ic-dragonball", "共闘=true", "co_op=true"),
    ("build-divide", "総コスト<=2,色=赤", "total_cost<=2,colors=red"),
    ("build-divide", "バスター=true", "buster=true"),
    ("build-divide", "カードタイプ=コマンド", "type=command"),
]


@pytest.mark.parametrize(("game_id", "words", "fields"), SAME, ids=[f"{g}:{w}" for g, w, _f in SAME])
def test_the_documents_word_and_the_field_find_the_same_cards(shipped, game_id, words, fields):
    db = shipped(game_id)
    found = numbers(db, words)
    assert found, f"{fields} matches no shipped {game_id} card: the comparison would prove nothing"
    assert found == numbers(db, fields)
    assert len(found) < len(db.cards)  # and not every card


def test_queries_take_the_words_after_a_count_and_before_a_deadline():
    vanguard = get_game("vanguard")
    query = parse_query("2+トリガー=ヒール@3", vanguard)
    assert (query.at_least, query.k, query.deadline) == (True, 2, 3)
    assert query.filter.conditions[0].field == "trigger" and query.filter.conditions[0].values == ("heal",)
    assert (
        parse_query(">=2 グレード=3", vanguard).filter.conditions
        == parse_query(">=2 grade=3", vanguard).filter.conditions
    )


@pytest.mark.parametrize(
    ("game_id", "word", "field"),
    [
        ("vanguard", "ぐれーど", "grade"),
        ("cipher", "グレード", "cost"),
        ("evolve", "戦闘力", "class"),
        ("ic-dragonball", "コスト", "level"),
    ],
)
def test_a_word_the_game_does_not_have_names_the_fields(game_id, word, field):
    with pytest.raises(DeckcheckError) as raised:
        parse_filter(f"{word}=1", get_game(game_id))
    message = str(raised.value)
    assert f"cards have no field '{word}'; the fields are: " in message and field in message


def test_cards_search_and_stats_take_the_words(run_cli, isolated_carddb):
    _code, by_field, _ = run_cli("cards", "search", "-g", "cipher", "cost<=2", "--output", "json")
    code, by_word, err = run_cli("cards", "search", "-g", "cipher", "コスト<=2", "--output", "json")
    assert code == 0, err
    assert [c["number"] for c in json.loads(by_word)["cards"]] == [c["number"] for c in json.loads(by_field)["cards"]]
    code, _, err = run_cli("cards", "search", "-g", "vanguard", "ぐれーど=3")
    assert code == 2 and "have no field 'ぐれーど'; the fields are: " in err and "grade" in err
    shipped_deck = Path(__file__).resolve().parents[2] / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"
    answers = []
    for want in ("grade=1", "グレード=1"):
        code, out, err = run_cli("stats", shipped_deck, "--want", want, "--output", "json")
        assert code == 0, err
        table = json.loads(out)["table"]
        answers.append([(row["first"]["probability"], row["second"]["probability"]) for row in table])
    assert answers[0] == answers[1]


def test_rules_lists_the_words_in_text_and_json(run_cli):
    code, out, err = run_cli("rules", "vanguard", "--output", "json")
    assert code == 0, err
    words = json.loads(out)["field_words"]
    assert {"word": "グレード", "field": "grade", "ref": "2.4"} in words
    code, out, _ = run_cli("rules", "evolve")
    assert code == 0 and "コスト (cost, 2.5)" in " ".join(out.split())
    code, out, _ = run_cli("--lang", "ja", "rules", "cipher")
    assert code == 0 and "戦闘力（attack、4.11）" in "".join(out.split())


@pytest.mark.parametrize("words", [("stats",), ("cards", "search")])
def test_the_filter_help_lists_every_games_words(run_cli, words):
    code, out, _ = run_cli(*words, "--help")
    text = " ".join(out.split())
    assert code == 0
    for game_id in registered_games():
        game = get_game(game_id)
        assert f"{game_id}: " in text
        assert all(f"{one.word} ({one.field})" in text for one in game.cards.field_words)
