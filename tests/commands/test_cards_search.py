"""`deckcheck cards search`: every game when --game is left out; tokens left out unless --tokens."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from deckcheck.cli.app import app


def search(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["cards", "search", *map(str, args)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_without_game_every_game_is_searched_each_with_its_own_table(isolated_carddb):
    code, out = search("ナイト", "--limit", "2")
    assert code == 0, out
    assert "Shadowverse EVOLVE (--game evolve): " in out and "Cardfight!! Vanguard (--game vanguard): " in out
    assert out.index("(--game evolve)") < out.index("(--game vanguard)")
    # and Cipher, by its cards' Japanese names (ナイト・オブ・マイト エルフィ, ...)
    assert "cards in 3 games match" in out and "TCG Fire Emblem 0 (Cipher) (--game cipher): " in out
    code, out = search("ナイト", "-o", "json")
    data = json.loads(out)
    assert data["game"] is None and set(data["games"]) == {"cipher", "evolve", "vanguard"}
    assert data["count"] == sum(data["games"].values()) == len(data["cards"])
    assert {card["game"] for card in data["cards"]} == {"cipher", "evolve", "vanguard"}


def test_without_game_a_filter_searches_the_games_that_have_its_fields(isolated_carddb):
    code, out = search("grade=3,trigger=none", "-o", "json", "--limit", "1")
    assert code == 0, out
    assert json.loads(out)["games"].keys() == {"vanguard"}
    code, out = search("colour_of_the_sky=blue")
    assert code == 2 and "no field 'colour_of_the_sky'" in out and "no other game's cards have it" in out


def test_without_game_nothing_found_says_so(isolated_carddb):
    code, out = search("zzzqqqxx")
    assert code == 0 and "No card of any game matches 'zzzqqqxx'." in out


def test_tokens_are_left_out_unless_asked_and_then_marked(isolated_carddb):
    code, out = search("BP01-T0", "--game", "evolve", "-o", "json")  # BP01-T01.. are EVOLVE tokens
    assert code == 0 and json.loads(out)["count"] == 0
    code, out = search("BP01-T0", "--game", "evolve")
    assert "No Shadowverse EVOLVE card matches" in out and "tokens also match; --tokens shows them" in out
    code, out = search("BP01-T0", "--game", "evolve", "--tokens")
    header, _, first, *_ = out.splitlines()
    assert header.split()[-1] == "token" and first.startswith("BP01-T01") and first.split()[-1] == "yes"
    code, out = search("BP01-T0", "--tokens", "-o", "json")
    cards = json.loads(out)["cards"]
    assert cards and all(card["token"] for card in cards)


def test_a_game_without_tokens_gets_no_token_column(isolated_carddb):
    code, out = search("ブラスター", "--game", "vanguard", "--tokens")
    assert code == 0 and "token" not in out.splitlines()[0]


def test_a_japanese_name_keeps_eight_characters_a_line_in_80_columns(isolated_carddb):
    """EVOLVE's ten columns left the name 2 characters a line; the last columns give way to it instead, said so."""
    from deckcheck._util.text import display_width

    code, out = search("name~=ナイトメア・ヴェリィ", "--game", "evolve")
    lines = out.splitlines()
    assert code == 0 and max(display_width(line) for line in lines) <= 80
    assert lines[2].startswith("BP16-091  ナイトメア・ヴェリィ  ")  # the whole name on its row's first line
    assert "(left out for the width: advance, traits; --output json has every field)" in lines
    code, out = search("name~=ナイトメア・ヴェリィ", "--game", "evolve", "-o", "json")
    assert code == 0 and "traits" in json.loads(out)["cards"][0]  # JSON keeps every field


# Cipher's Japanese names ------------------------------------------------------------------------------------------


def test_cipher_cards_are_found_and_shown_by_their_japanese_names(isolated_carddb):
    code, out = search("救国の英雄", "--game", "cipher")
    assert code == 0, out
    header, _, row = out.splitlines()[:3]
    assert header.split()[:3] == ["number", "name", "names_ja"]
    assert row.startswith("B01-001") and "救国の英雄" in row and "Savior of His" in row
    # part of a name, a spelling of the second source, the filters name= and name~=, each card once
    assert numbers("癒やす翼") == numbers("心癒す翼") == numbers("name=心癒やす翼 シーダ") == ["B01-005"]
    assert numbers("name~=癒やしの") == ["B01-015", "P01-007"]
    assert numbers("name~=Soul-Soothing") == ["B01-005"]  # English names as before
    assert numbers("B01-005") == ["B01-005"]  # found by its number, its name and its Japanese name: listed once
    code, out = search("name=心癒やす翼 シーダ", "--game", "cipher", "-o", "json")
    [card] = json.loads(out)["cards"]
    assert card["name"] == "Soul-Soothing Wings Caeda"  # the English name stays `name`
    assert card["names_ja"] == ["心癒す翼 シーダ", "心癒やす翼 シーダ"]


def test_a_japanese_name_found_nowhere_asks_for_the_card_number(isolated_carddb):
    code, out = search("封印の剣を継ぐ者", "--game", "cipher")
    assert code == 0, out  # nothing found is an answer, not a failure
    assert "Japanese names are known here only for the cards of B01–B06, P01–P06 and S01–S08" in out


def numbers(query: str) -> list[str]:
    code, out = search(query, "--game", "cipher", "-o", "json", "--limit", "50")
    assert code == 0, out
    return [card["number"] for card in json.loads(out)["cards"]]


def test_the_japanese_name_column_is_left_out_where_no_card_shown_has_one(isolated_carddb):
    code, out = search("number=B08-001", "--game", "cipher")  # a later set: no Japanese names here
    assert code == 0, out
    assert out.splitlines()[0].split()[:3] == ["number", "name", "cost"]
    code, out = search("number=B01-001|B08-001", "--game", "cipher")
    header, _, first, *rest = out.splitlines()
    assert header.split()[:3] == ["number", "name", "names_ja"] and "救国の英雄" in first
    assert any(line.startswith("B08-001") and " — " in line for line in rest)


# -- in Japanese (issue 29) -------------------------------------------------------------------------------------------


def test_search_speaks_japanese_and_its_json_is_the_same(run_cli, monkeypatch, isolated_carddb):
    english = run_cli("cards", "search", "-g", "evolve", "騎士", "-o", "json")
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    assert run_cli("cards", "search", "-g", "evolve", "騎士", "-o", "json") == english
    code, out, err = run_cli("cards", "search", "-g", "vanguard", "騎士王", "--limit", "1")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("カード番号  カード名")
    assert "枚が該当します" in out and "条件を絞り込むか --limit を増やしてください" in out
    code, out, err = run_cli("cards", "search", "騎士", "--limit", "1")
    assert (
        code == 0 and "カードファイト!! ヴァンガード（--game vanguard）：" in out and "ゲームで" in out.splitlines()[-2]
    )
    assert out.splitlines()[-1] == "（トークン2枚も該当します。--tokens で表示します）"  # (BP19–BP21's tokens)
    code, out, err = run_cli("cards", "search", "-g", "vanguard", "zzzqqq")
    assert out == "'zzzqqq' に該当するカードファイト!! ヴァンガードのカードはありません。\n"
    code, out, err = run_cli("cards", "search", "-g", "evolve", "token=true")
    assert out.endswith("（トークン490枚も該当します。--tokens で表示します）\n")
    code, out, err = run_cli("cards", "search", "x", "--limit", "0")
    assert code == 2 and "--limit は1以上にしてください（0 が指定されました）" in err
