"""`deckcheck cards import`'s report (deckcheck.commands.importing) in Japanese (issue 29); the English report is
tested with the importer (tests/carddb/test_importer.py)."""

from __future__ import annotations

import json


def test_an_import_is_reported_in_japanese_and_its_json_is_the_same(run_cli, monkeypatch, isolated_carddb):
    cards = isolated_carddb / "c.csv"
    cards.write_text(
        "number,name,type,grade,clans\nX-1,テスト,normal,9,ロイヤルパラディン\nX-2,テスト2,normal,1,ロイヤルパラディン\n",
        encoding="utf-8",
    )
    english = run_cli("cards", "import", cards, "-g", "vanguard", "--into", "en", "-o", "json")
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    japanese = run_cli("cards", "import", cards, "-g", "vanguard", "--into", "en", "-o", "json")
    rows = [[(row["row"], row["field"]) for row in json.loads(said[1])["rejected"]] for said in (english, japanese)]
    assert rows[0] == rows[1] == [(2, "grade")]  # the reason is a human-readable message: it follows the language
    code, out, err = run_cli("cards", "import", "c.csv", "-g", "vanguard", "--into", "db")
    assert code == 1 and err == ""
    assert out.startswith("c.csv を db/vanguard/c.toml に取り込みました：追加 1、置き換え 0、変更なし 0、拒否 1。\n")
    assert "\n2行目、項目 'grade'：" in out


def test_a_json_list_s_items_are_elements_in_japanese(run_cli, monkeypatch, isolated_carddb):
    cards = isolated_carddb / "e.json"
    cards.write_text('[{"number": "X-3", "name": "a", "type": "normal", "grade": "q", "clans": ["C"]}]', "utf-8")
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    code, out, err = run_cli("cards", "import", "e.json", "-g", "vanguard", "--into", "db")
    assert code == 1
    assert out.startswith("注記：すべての要素が拒否されたため、何も書き込んでいません。\n")
    assert "\n1番目の要素、項目 'grade'：" in out
