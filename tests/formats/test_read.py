"""Deck files: TOML, text and JSON read alike; bad input is a clear DeckcheckError (exit 2)."""

from __future__ import annotations

import json

import pytest
from conftest import LEGAL_VANGUARD_TEXT, LEGAL_VANGUARD_TOML, VANGUARD_RECORDS, make_db, make_deck, rule_ids

from deckcheck.carddb.db import resolve_deck
from deckcheck.checking.deck import check_deck
from deckcheck.errors import DeckcheckError
from deckcheck.formats.read import parse_deck


@pytest.fixture
def db():
    return make_db("vanguard", VANGUARD_RECORDS)


def deck_from(tmp_path, name: str, content: str | bytes, db):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return resolve_deck(parse_deck(path), db)


def test_toml_and_text_give_the_same_deck_and_verdict(tmp_path, db):
    toml_deck = deck_from(tmp_path, "a.deck.toml", LEGAL_VANGUARD_TOML, db)
    text_deck = deck_from(tmp_path, "a.txt", LEGAL_VANGUARD_TEXT, db)
    assert toml_deck.counts() == text_deck.counts() == {"main": 50, "g": 4}
    assert [(c.number, n) for c, n in toml_deck.cards("main")] == [(c.number, n) for c, n in text_deck.cards("main")]
    assert check_deck(toml_deck, db) == check_deck(text_deck, db) == []
    assert toml_deck.name == text_deck.name == "Test deck"


def test_toml_keeps_other_keys(tmp_path, db):
    deck = deck_from(tmp_path, "a.deck.toml", LEGAL_VANGUARD_TOML, db)
    assert deck.source.other == {"notes": "kept as is"}


def test_json_deck(tmp_path, db):
    data = {"game": "vanguard", "main": {"T-000": 1, "T-004": 4}, "g": {}}
    deck = deck_from(tmp_path, "a.json", json.dumps(data), db)
    assert deck.counts() == {"main": 5, "g": 0}


def test_byte_order_mark_and_windows_line_endings(tmp_path, db):
    text = "\ufeff" + LEGAL_VANGUARD_TEXT.replace("\n", "\r\n")
    deck = deck_from(tmp_path, "bom.txt", text.encode("utf-8"), db)
    assert deck.counts() == {"main": 50, "g": 4}
    toml_bytes = ("\ufeff" + LEGAL_VANGUARD_TOML.replace("\n", "\r\n")).encode("utf-8")
    assert deck_from(tmp_path, "bom.deck.toml", toml_bytes, db).counts() == {"main": 50, "g": 4}


def test_lines_listing_one_card_twice_are_summed(tmp_path, db):
    deck = deck_from(tmp_path, "a.txt", "game: vanguard\n2 T-004\n1 Heal\n1 ｔ-００４\n", db)
    assert [(c.number, n) for c, n in deck.cards("main")] == [("T-004", 4)]


def test_names_and_numbers_are_normalised(db):
    deck = make_deck(db, main={" t-000 ": 1, "始まりの騎士": 1, "Ｃｒｉｔ": 1})
    assert [(c.number, n) for c, n in deck.cards("main")] == [("T-000", 2), ("T-001", 1)]


def test_text_header_lines_and_comments(tmp_path, db):
    text = "# my deck\ngame: vanguard\nname: Name: with colon\n\n4 T-004 # heals\n## g\n4 Stride\n"
    deck = deck_from(tmp_path, "a.txt", text, db)
    assert deck.name == "Name: with colon"
    assert deck.counts() == {"main": 4, "g": 4}


def test_a_name_that_starts_with_a_hash_is_a_name_not_a_comment(tmp_path):
    """EVOLVE's 「#UNICUS」 (CP02): a `#` is a comment only with a blank after it (or alone at the line's end)."""
    from deckcheck.formats.read import parse_deck

    text = "game: evolve\n## main\n2 #UNICUS\n1 #UNICUS # two more on order\n3 CP02-001 #\n"
    source = parse_deck(tmp_path / "a.txt", text)
    entries = [(entry.key, entry.raw_count) for entry in source.entries]
    assert entries == [("#UNICUS", 2), ("#UNICUS", 1), ("CP02-001", 3)]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("", "is empty"),
        ("   \n\n", "is empty"),
        (b"\x00\x01\x02binary\xff", "bad.txt:1: is not UTF-8, UTF-16 or Shift_JIS text"),
        (b"\x81\x20 not text\n\x81\x20\n", "bad.txt:1: is not UTF-8, UTF-16 or Shift_JIS text \\(and 1 more line\\)"),
    ],
)
def test_unreadable_files(tmp_path, db, content, expected):
    with pytest.raises(DeckcheckError, match=expected) as caught:
        deck_from(tmp_path, "bad.txt", content, db)
    assert caught.value.path.endswith("bad.txt")


def test_malformed_toml_names_the_line(tmp_path, db):
    with pytest.raises(DeckcheckError, match="not valid TOML") as caught:
        deck_from(tmp_path, "bad.deck.toml", 'game = "vanguard"\n[main]\n"T-000" = = 1\n', db)
    assert caught.value.line == 3


def test_missing_and_unknown_game(tmp_path, db):
    with pytest.raises(DeckcheckError, match="no `game` key"):
        deck_from(tmp_path, "a.deck.toml", '[main]\n"T-000" = 1\n', db)
    with pytest.raises(DeckcheckError, match="unknown game 'pokemon'.*vanguard") as caught:
        deck_from(tmp_path, "b.txt", "game: pokemon\n4 X\n", db)
    assert caught.value.line == 1


def test_an_unreadable_text_line_is_reported_with_its_number(tmp_path, db):
    with pytest.raises(DeckcheckError, match="cannot read this line") as caught:
        deck_from(tmp_path, "a.txt", "game: vanguard\n4 T-000\nfour T-004\n", db)
    assert caught.value.line == 3
    with pytest.raises(DeckcheckError, match="unknown header 'lord:'") as caught:
        deck_from(tmp_path, "b.txt", "game: vanguard\nlord: T-000\n", db)
    assert caught.value.line == 2


def test_unknown_section_is_a_violation(tmp_path, db):
    deck = deck_from(tmp_path, "a.txt", LEGAL_VANGUARD_TEXT + "## side\n4 T-100\n", db)
    violations = check_deck(deck, db)
    assert rule_ids(violations) == ["deck.unknown-section"]
    assert violations[0].section == "side"
    assert "line 20" in violations[0].message
    assert deck.counts() == {"main": 50, "g": 4}  # the side cards count nowhere


@pytest.mark.parametrize("count", [0, -1, 1.5, "four", True])
def test_bad_counts_in_toml(db, count):
    violations = check_deck(make_deck(db, main={"T-000": count}), db)
    bad = [v for v in violations if v.rule == "deck.bad-count"]
    assert len(bad) == 1
    assert "T-000" in bad[0].message and bad[0].cards == ["T-000"]


@pytest.mark.parametrize("line", ["0 T-000", "-1 T-000", "1.5 T-000", "2,5 T-000"])
def test_bad_counts_in_text(tmp_path, db, line):
    deck = deck_from(tmp_path, "a.txt", f"game: vanguard\n{line}\n", db)
    assert "deck.bad-count" in rule_ids(check_deck(deck, db))
    assert "line 2" in [v for v in check_deck(deck, db) if v.rule == "deck.bad-count"][0].message


def test_unknown_card_counts_toward_size_and_suggests_names(db):
    deck = make_deck(db, main={"T-000": 1, "Unit 1": 4, "Unti 2": 45})
    violations = check_deck(deck, db)
    unknown = [v for v in violations if v.rule == "deck.unknown-card"]
    assert len(unknown) == 1
    assert "Unti 2" in unknown[0].message and "Unit 2" in unknown[0].message
    assert unknown[0].section == "main" and unknown[0].ref is None
    assert deck.size("main") == 50
    assert "vanguard.main-size" not in rule_ids(violations)


def test_a_section_that_is_not_a_table_is_malformed(tmp_path, db):
    with pytest.raises(DeckcheckError, match=r"section \[main\] must be a table") as caught:
        deck_from(tmp_path, "a.deck.toml", 'game = "vanguard"\nmain = 4\n', db)
    assert caught.value.field == "main" and caught.value.line == 2
    with pytest.raises(DeckcheckError, match=r"a\.json:3, field 'name': must be a string") as caught:
        deck_from(tmp_path, "a.json", '{"game": "vanguard",\n"main": {},\n"name": 5}', db)


# Lines of entries, duplicate JSON keys, every unreadable line (issues 13, 14 item 3, 15 item 3) -----------------


def lines_of(deck) -> dict[tuple[str, str], int | None]:
    deck.source.locate()
    return {(entry.section, entry.key): entry.line for entry in deck.entries}


def test_every_entry_knows_its_line_in_toml_text_and_json(tmp_path, db):
    toml_deck = deck_from(tmp_path, "a.deck.toml", LEGAL_VANGUARD_TOML, db)
    toml_lines = LEGAL_VANGUARD_TOML.split("\n")
    for (section, key), line in lines_of(toml_deck).items():
        assert toml_lines[line - 1].startswith(f'"{key}" = '), (section, key)
    text_deck = deck_from(tmp_path, "a.txt", LEGAL_VANGUARD_TEXT, db)
    assert lines_of(text_deck)[("main", "Crit")] == 5 and lines_of(text_deck)[("g", "Stride")] == 19
    data = {"game": "vanguard", "name": "x", "main": {"T-000": 1, "Crit": 4}, "g": {"T-201": 4}}
    json_deck = deck_from(tmp_path, "a.json", json.dumps(data, indent=2), db)
    assert lines_of(json_deck) == {("main", "T-000"): 5, ("main", "Crit"): 6, ("g", "T-201"): 9}
    assert json_deck.source.section_lines["main"] == 4


@pytest.mark.parametrize(
    ("text", "key", "line"),
    [
        ('{"game": "vanguard",\n "name": "A",\n "name": "B"}', "'name'", 3),
        ('{"game": "vanguard", "main": {\n"T-000": 1,\n"T-100": 4,\n"T-000": 2}}', "'T-000' in 'main'", 4),
        ('{"game": "vanguard", "main": {"a\\u0041": 1, "aA": 2}}', "'aA' in 'main'", 1),  # the same key, escaped
    ],
)
def test_a_duplicate_json_key_is_a_malformed_deck(tmp_path, db, text, key, line):
    with pytest.raises(DeckcheckError, match=f"duplicate key {key}") as caught:
        deck_from(tmp_path, "dup.json", text, db)
    assert caught.value.line == line and caught.value.path.endswith("dup.json")


def test_the_same_key_in_two_json_objects_is_fine(tmp_path, db):
    text = '{"game": "vanguard", "main": {"T-000": 1}, "g": {"T-000": 1}, "x": [{"k": 1}, {"k": 2}]}'
    deck = deck_from(tmp_path, "ok.json", text, db)
    assert [(e.section, e.key) for e in deck.entries] == [("main", "T-000"), ("g", "T-000")]


def test_a_text_decklist_reports_every_unreadable_line_at_once(tmp_path, db):
    text = "game: vanguard\nfour T-004\n4 T-000\n\n???\n## g\n4 T-201\nx\n"
    with pytest.raises(DeckcheckError) as caught:
        deck_from(tmp_path, "a.txt", text, db)
    error = caught.value
    assert error.line == 2 and "cannot read 3 lines" in str(error)
    assert [(d.line, str(d)) for d in error.details] == [
        (2, "line 2: 'four T-004'"),
        (5, "line 5: '???'"),
        (8, "line 8: 'x'"),
    ]
    assert all(d.path == error.path for d in error.details)


def test_unknown_headers_are_reported_with_the_unreadable_lines(tmp_path, db):
    with pytest.raises(DeckcheckError) as caught:
        deck_from(tmp_path, "a.txt", "game: vanguard\nlord: X\n4 T-000\n???\nbasis: Y\n", db)
    assert [d.line for d in caught.value.details] == [2, 4, 5]
    assert "line 2: unknown header 'lord:'" in str(caught.value) and "line 4: '???'" in str(caught.value)


def test_a_path_is_kept_as_given(tmp_path, db, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    assert parse_deck("./a.deck.toml").path == "./a.deck.toml"
    with pytest.raises(DeckcheckError, match=r"^\./missing\.toml: no such file"):
        parse_deck("./missing.toml")


@pytest.mark.parametrize("key", ["game", "name"])
def test_a_header_given_twice_in_a_text_decklist_names_both_lines(tmp_path, db, key):
    """Read last-wins, one of the two would be ignored without a word."""
    text = "game: vanguard\nname: First\n4 T-100\n" + ("game: cipher\n" if key == "game" else "name: Second\n")
    with pytest.raises(DeckcheckError) as caught:
        deck_from(tmp_path, "d.txt", text, db)
    line = 1 if key == "game" else 2
    assert f"the header '{key}:' is given twice, on lines {line} and 4" in str(caught.value)
    assert caught.value.line == 4 and str(tmp_path / "d.txt") in str(caught.value)


@pytest.mark.parametrize(
    ("text", "said", "line"),
    [
        ('game = "vanguard"\n[main]\n"T-100" = 1\n"T-101" = 2\n"T-100" = 3\n', 'the key "T-100" of [main]', 5),
        ('game = "vanguard"\n[main]\n"T-100" = 1\n[g]\n\n[main]\n"T-101" = 1\n', "the table [main]", 6),
        ('game = "vanguard"\nname = "a"\nname = "b"\n[main]\n', 'the key "name" is written twice', 3),
    ],
)
def test_a_toml_key_written_twice_is_named_with_both_lines(tmp_path, db, text, said, line):
    with pytest.raises(DeckcheckError) as raised:
        deck_from(tmp_path, "d.deck.toml", text, db)
    message = str(raised.value)
    assert said in message and "Cannot overwrite" not in message and "Cannot declare" not in message
    first = {5: 3, 6: 2, 3: 2}[line]
    assert f"written twice, on lines {first} and {line}; keep one" in message
    assert raised.value.line == line


# Japanese (issue 29): the explanation in Japanese, the place (path:line, field) and the file's syntax as written ----


def test_unreadable_text_lines_in_japanese(tmp_path, japanese):
    path = tmp_path / "bad.txt"
    path.write_text("game: vanguard\nfoo: bar\n4 T-001\nthis is garbage\n", encoding="utf-8")
    with pytest.raises(DeckcheckError) as error:
        parse_deck(str(path))
    assert str(error.value) == (
        f"{path}:2: 2行を読めません（'<枚数> <カード番号またはカード名>'、'## セクション' ヘッダー、"
        "'キー: 値' ヘッダー、"
        "'# コメント' のいずれかが必要です）：\n"
        "  2行目：不明なヘッダー 'foo:' です（このゲームのデッキのヘッダー：game、name、regulation、first_vanguard）\n"
        "  4行目：'this is garbage'"
    )
    assert [(problem.line, problem.path) for problem in error.value.details] == [(2, str(path)), (4, str(path))]


def test_one_unreadable_line_and_a_header_given_twice_in_japanese(tmp_path, japanese, command_line):
    one = tmp_path / "one.txt"
    one.write_text("game: vanguard\n4 T-001\n???\n", encoding="utf-8")
    with pytest.raises(DeckcheckError, match=r"one\.txt:3: この行を読めません：'\?\?\?'（'<枚数> "):
        parse_deck(str(one))
    twice = tmp_path / "twice.txt"
    twice.write_text("game: vanguard\nname: a\nname: b\n", encoding="utf-8")
    with pytest.raises(DeckcheckError) as error:
        parse_deck(str(twice))
    assert str(error.value) == (
        f"{twice}:3（フィールド 'name'）: ヘッダー 'name:' が2行目と3行目の2回あります。1つにしてください"
    )
    no_game = tmp_path / "no-game.txt"
    no_game.write_text("4 T-001\n", encoding="utf-8")
    with pytest.raises(DeckcheckError) as error:
        parse_deck(str(no_game))
    assert str(error.value) == (
        f"{no_game}: `game` キーがありません。デッキのゲームを指定してください（`game:` 行が必要です。"
        "ウェブページやブログから貼り付けたリストは `--game GAME` で読みます"
        "（`check`、`show`、`hand`、`stats`、`convert`））"
    )


def test_toml_and_json_deck_errors_in_japanese(tmp_path, japanese, command_line):
    malformed = tmp_path / "m.deck.toml"
    malformed.write_text('game = "vanguard"\n[main\n', encoding="utf-8")
    with pytest.raises(DeckcheckError) as error:
        parse_deck(str(malformed))
    assert error.value.line == 2
    assert str(error.value).startswith(
        f"{malformed}:2: TOML として正しくありません：テーブルの宣言の終わりに ']' が必要です"
    )
    section = tmp_path / "s.deck.toml"
    section.write_text('game = "vanguard"\nmain = 3\n', encoding="utf-8")
    with pytest.raises(DeckcheckError) as error:
        parse_deck(str(section))
    assert str(error.value) == (
        f"{section}:2（フィールド 'main'）: "
        "セクション [main] は「カード = 枚数」のテーブルでなければなりません（int です）"
    )
    empty = tmp_path / "e.deck.toml"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(DeckcheckError, match="空です。デッキ（`game` キーとそのセクション）が必要です$"):
        parse_deck(str(empty))
    export = tmp_path / "export.json"
    export.write_text('{"list": [{"card_number": "X"}]}', encoding="utf-8")
    with pytest.raises(DeckcheckError) as error:
        parse_deck(str(export))
    assert f"`deckcheck convert {export} --to toml > deck.deck.toml`" in str(error.value)
    assert "デッキ登録サイトの書き出し（list / sub_list / p_list）で、デッキファイルではありません" in str(error.value)


def test_the_english_text_line_errors_are_unchanged(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("game: vanguard\nfoo: bar\n4 T-001\nthis is garbage\n", encoding="utf-8")
    with pytest.raises(DeckcheckError) as error:
        parse_deck(str(path))
    assert str(error.value) == (
        f"{path}:2: cannot read 2 lines (expected '<count> <card number or name>', a '## section' header, a "
        "'key: value' header or a '# comment'):\n"
        "  line 2: unknown header 'foo:' (this game's deck headers are: game, name, regulation, first_vanguard)\n"
        "  line 4: 'this is garbage'"
    )
