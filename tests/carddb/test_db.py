"""Card databases: layering, broken records, deck_limit agreement, and the shipped data from a wheel."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
import tomli_w
from conftest import VANGUARD_RECORDS, cipher_unit, make_db
from hostile import HOSTILE, plant, within

from deckcheck._api import load_deck
from deckcheck.carddb.db import (
    CardDB,
    build_carddb,
    carddb_layers,
    load_carddb,
    load_layers,
    refuse_unknown_cards,
    resolve_deck,
    shipped_carddb_dir,
)
from deckcheck.errors import CardDatabaseError, DeckcheckError
from deckcheck.formats.read import parse_deck
from deckcheck.games import all_games

ROOT = Path(__file__).resolve().parents[2]


def write_cards(folder: Path, records: list[dict], name: str = "cards.toml", game: str = "vanguard") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(tomli_w.dumps({"game": game, "cards": records}), encoding="utf-8")
    return path


def test_every_game_ships_at_least_60_valid_records(isolated_carddb):
    for game_id in all_games():
        db = load_carddb(game_id)
        assert len(db) >= 60, game_id


def test_records_are_normalised_and_aliases_accepted():
    db = make_db(
        "vanguard",
        [
            {
                "number": " ｄｃ-vg-900 ",
                "name": "ブラスター　 ブレード",
                "type": "Ｇユニット",
                "grade": 4,
                "clans": [],
                "trigger": "アイコンなし",
                "skill": "トリプルドライブ!!!",
            }
        ],
    )
    card = db.resolve("DC-VG-900")
    assert card is not None
    assert (card.number, card.name, card.type, card.skill) == (
        "DC-VG-900",
        "ブラスター ブレード",
        "g-unit",
        "triple-drive",
    )
    assert db.resolve("ブラスター ブレード") is card


def test_a_shared_name_resolves_to_the_lowest_number():
    base = {"name": "Same", "type": "normal", "grade": 1, "clans": []}
    db = make_db("vanguard", [{**base, "number": "B-2"}, {**base, "number": "A-9"}])
    assert db.resolve("Same").number == "A-9"


_SHIPPED: dict[str, CardDB] = {}


def _shipped(game: str) -> CardDB:
    if game not in _SHIPPED:
        _SHIPPED[game] = load_carddb(game, ())
    return _SHIPPED[game]


@pytest.mark.parametrize(
    ("game", "name", "first", "specials"),
    [
        # the shipped databases: by string order a special print came first (`G-BT06/SR01` < `G-TD02/002`)
        ("vanguard", "青天の騎士 アルトマイル", "G-TD02/002", {"G-BT06/SR01", "G-BT08/S15"}),
        ("vanguard", "覚醒を待つ竜 ルアード", "G-TD10/003", {"G-BT09/S13"}),
        ("evolve", "ローズクイーン", "BP01-001", {"BP01-SL01", "BP01-U01"}),
        ("build-divide", "宵闇の剣士クロガネ", "DC-BD-001", {"DC-BD-001P"}),
    ],
)
def test_a_name_shared_by_printings_resolves_to_its_first_regular_printing(game, name, first, specials):
    db = _shipped(game)
    assert db.resolve(name, "main").number == first
    numbers = db.numbers_named(name)
    assert numbers[0] == first and specials <= set(numbers[1:])
    assert min(numbers) != first or game != "vanguard"  # the lowest number is not the one chosen


def test_kana_named_and_starting_fold_hiragana_and_take_only_whole_starts():
    base = {"type": "normal", "grade": 0, "clans": ["C"]}
    names = ["ベリアルオウル", "ばーくがる", "新鋭の騎士 ダヴィド", "新鋭の騎士団 長", "Ab"]
    db = make_db("vanguard", [{**base, "number": f"T-{n}", "name": name} for n, name in enumerate(names)])
    assert db.kana_named("べリアルオウル") == ["ベリアルオウル"] and db.kana_named("バーくがる") == ["ばーくがる"]
    assert db.loosely_named("べリアルオウル") == []  # the loose key keeps the kana: only kana_named folds them
    assert db.starting("新鋭の騎士 ダ") == ["新鋭の騎士 ダヴィド"]
    assert sorted(db.starting("新鋭の騎士")) == ["新鋭の騎士 ダヴィド", "新鋭の騎士団 長"]
    assert db.starting("新鋭の騎士 ダヴィド") == []  # the whole name is no start of it
    assert db.starting("Ab") == [] and db.starting("新鋭") == []  # too short to say


def test_a_cut_name_that_starts_exactly_one_name_is_suggested_first(tmp_path):
    base = {"type": "normal", "grade": 0, "clans": ["C"]}
    names = ["新鋭の騎士 ダヴィド", "新鋭騎士 ルーク", "尖鋭の騎士 パリス"]
    db = make_db("vanguard", [{**base, "number": f"T-{n}", "name": name} for n, name in enumerate(names)])
    assert db.suggest("新鋭の騎士 ")[0] == "新鋭の騎士 ダヴィド (T-0)"


def test_regular_printings_come_first_and_a_name_with_none_keeps_the_lowest():
    base = {"name": "Same", "type": "normal", "grade": 1, "clans": []}
    other = {**base, "name": "Only specials"}
    records = [{**base, "number": "A-01/S01"}, {**base, "number": "Z-01/009"}, {**base, "number": "B-01/SR02"}]
    records += [{**other, "number": "C-01/S09"}, {**other, "number": "C-01/S03"}]
    db = make_db("vanguard", records)
    assert db.numbers_named("Same") == ["Z-01/009", "A-01/S01", "B-01/SR02"]
    assert db.resolve("Same").number == "Z-01/009"
    assert db.resolve("Only specials").number == "C-01/S03"  # no regular printing: the lowest, as before
    assert db.resolve("A-01/S01").number == "A-01/S01"  # a number still names its own printing


def test_a_broken_record_names_file_record_field_and_reason(tmp_path, vanguard_carddb):
    records = [
        {"number": "X-1", "name": "ok", "type": "normal", "grade": 0, "clans": []},
        {"number": "X-2", "name": "bad grade", "type": "normal", "grade": "high", "clans": []},
        {"number": "X-3", "type": "normal", "grade": 1, "clans": []},
    ]
    path = write_cards(tmp_path / "mine" / "vanguard", records)
    with pytest.raises(CardDatabaseError) as caught:
        load_carddb("vanguard", [tmp_path / "mine"])
    text = str(caught.value)
    assert f"{path} record 2 (X-2): field 'grade'" in text
    assert f"{path} record 3 (X-3): field 'name': is required but missing" in text


def test_duplicate_numbers_in_one_layer_and_a_wrong_game_are_broken(tmp_path, vanguard_carddb):
    record = {"number": "X-1", "name": "a", "type": "normal", "grade": 0, "clans": []}
    write_cards(tmp_path / "dup" / "vanguard", [record, record])
    with pytest.raises(CardDatabaseError, match="X-1 is already used"):
        load_carddb("vanguard", [tmp_path / "dup"])
    write_cards(tmp_path / "wrong" / "vanguard", [record], game="cipher")
    with pytest.raises(CardDatabaseError, match="'cipher', but the file is in the 'vanguard' folder"):
        load_carddb("vanguard", [tmp_path / "wrong"])


def test_records_of_one_name_must_agree_on_deck_limit():
    base = {"name": "Limited", "type": "normal", "grade": 1, "clans": []}
    with pytest.raises(CardDatabaseError) as caught:
        make_db(
            "vanguard", [{**base, "number": "L-1", "deck_limit": 4}, {**base, "number": "L-2", "deck_limit": "any"}]
        )
    assert "L-1" in str(caught.value) and "L-2" in str(caught.value) and "deck_limit" in str(caught.value)


def test_layers_replace_by_number_in_order(tmp_path, monkeypatch):
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    sub = repo / "decks"
    sub.mkdir()
    card = {"number": "DC-VG-LAYER", "type": "normal", "grade": 1, "clans": []}
    write_cards(repo / "carddb" / "vanguard", [{**card, "name": "from git root"}])
    write_cards(tmp_path / "env" / "vanguard", [{**card, "name": "from env"}])
    write_cards(tmp_path / "flag" / "vanguard", [{**card, "name": "from flag"}])
    monkeypatch.chdir(sub)
    assert load_carddb("vanguard").resolve("DC-VG-LAYER").name == "from git root"
    monkeypatch.setenv("DECKCHECK_CARDDB", str(tmp_path / "env"))
    assert load_carddb("vanguard").resolve("DC-VG-LAYER").name == "from env"
    assert load_carddb("vanguard", [tmp_path / "flag"]).resolve("DC-VG-LAYER").name == "from flag"
    layers = carddb_layers([tmp_path / "flag"])
    assert layers[0] == shipped_carddb_dir()
    assert layers[1:] == [repo / "carddb", tmp_path / "env", tmp_path / "flag"]
    # the shipped cards are still there underneath
    assert len(load_carddb("vanguard", [tmp_path / "flag"])) > 60


def test_a_missing_extra_folder_is_an_error(tmp_path, isolated_carddb):
    with pytest.raises(DeckcheckError, match="does not exist"):
        load_carddb("vanguard", [tmp_path / "nowhere"])


def test_vanguard_records_fixture_is_valid():
    assert len(make_db("vanguard", VANGUARD_RECORDS)) == len(VANGUARD_RECORDS)


def _borrow_dependencies(python):
    """Let a fresh venv import this interpreter's installed packages (typer, pydantic, ...) without a network.

    `--system-site-packages` would give the *base* interpreter's packages, which are not these when the tests run in
    a venv (issue 15). A .pth file appends this environment's site folders after the new venv's own, so the wheel
    installed into the venv wins over an editable deckcheck here (.pth files in appended folders are not processed).
    """
    folders = [*site.getsitepackages(), site.getusersitepackages()]
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(purelib, "borrowed-dependencies.pth").write_text("\n".join(folders) + "\n")


def test_installed_wheel_finds_the_shipped_databases(tmp_path):
    """Build a wheel, install it into a fresh virtual environment and check the example decks from elsewhere."""
    wheel_dir = tmp_path / "wheel"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", wheel_dir, ROOT],
        capture_output=True,
        text=True,
    )
    if build.returncode != 0:
        pytest.fail(f"building the wheel failed: {build.stderr[-2000:]}")
    wheel = next(wheel_dir.glob("deckcheck-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for game_id in all_games():
        assert any(n.startswith(f"deckcheck/_carddb/{game_id}/") and n.endswith(".toml") for n in names), game_id
        assert f"deckcheck/_carddb/{game_id}/manifest.toml" in names  # what the data is and how old (issue 38)

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    python = venv / "bin" / "python"
    _borrow_dependencies(python)
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", wheel], check=True, capture_output=True
    )
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("DECKCHECK_CARDDB", "PYTHONPATH")}
    locate = subprocess.run(
        [python, "-c", "import deckcheck.carddb.db as c; print(c.shipped_carddb_dir())"],
        cwd=outside,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "_carddb" in locate.stdout and str(venv) in locate.stdout
    result = subprocess.run(
        [python, "-m", "deckcheck", "check", ROOT / "decks"], cwd=outside, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "legal" in result.stdout.splitlines()[-1]
    # the compiled Japanese catalog travels in the wheel too, and is read from site-packages (issue 29)
    assert "deckcheck/locale/ja/LC_MESSAGES/deckcheck.mo" in names
    assert [n for n in names if n.endswith((".po", ".pot"))] == []  # the catalogs' sources stay out (issue 42)
    assert any(n.endswith("licenses/LICENSE") for n in names)
    japanese = subprocess.run(
        [python, "-m", "deckcheck", "games"],
        cwd=outside,
        env=env | {"LANG": "ja_JP.UTF-8", "DECKCHECK_LANG": ""},
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert japanese.returncode == 0 and "セクション：メインデッキ（main）、Gデッキ（g）" in japanese.stdout, (
        japanese.stdout + japanese.stderr
    )
    assert "データ：2026年7月18日、最新 BP21、継続中、実在のカード" in japanese.stdout  # the installed data's manifest


def test_an_explicit_default_limit_agrees_with_a_missing_one():
    base = {"name": "Plain", "type": "normal", "grade": 1, "clans": []}
    db = make_db("vanguard", [{**base, "number": "P-1", "deck_limit": 4}, {**base, "number": "P-2"}])
    assert len(db) == 2


def test_every_problem_points_at_its_card_file_and_record_line(tmp_path, vanguard_carddb):
    # issue 13: a CI annotation of a broken database lands on the record, never on an empty path
    good = {"number": "P-1", "name": "Same", "type": "normal", "grade": 1, "clans": []}
    bad = {"number": "P-2", "name": "Bad", "type": "normal", "grade": "high", "clans": []}
    limited = {"number": "P-3", "name": "Same", "type": "normal", "grade": 1, "clans": [], "deck_limit": 1}
    path = tmp_path / "broken" / "vanguard" / "cards.toml"
    path.parent.mkdir(parents=True)
    path.write_text("".join("[[cards]]\n" + tomli_w.dumps(record) + "\n" for record in (good, bad, limited)), "utf-8")
    with pytest.raises(CardDatabaseError) as caught:
        load_carddb("vanguard", [tmp_path / "broken"])
    headers = [n for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if line == "[[cards]]"]
    places = sorted((d.path, d.line, "grade" in d) for d in caught.value.details)
    assert places == [(str(path), headers[0], False), (str(path), headers[1], True)]  # deck_limit: the first record


# Suggestions for an unknown key ---------------------------------------------------------------------------------

SUGGEST_RECORDS = [
    {"number": "S-001", "name": "ちいさな見習い騎士 ピコル", "type": "normal", "grade": 0, "clans": ["C"]},
    {"number": "S-002", "name": "暁光の騎士王 オーロリアス", "type": "normal", "grade": 3, "clans": ["C"]},
    {"number": "S-003", "name": "蒼穹(そうきゅう)の剣士 アルヴェン", "type": "normal", "grade": 1, "clans": ["C"]},
    {"number": "S-004", "name": "Blaster Blade", "type": "normal", "grade": 2, "clans": ["C"]},
]


@pytest.mark.parametrize(
    ("key", "first"),
    [
        ("ぴこる", "ちいさな見習い騎士 ピコル (S-001)"),  # hiragana for katakana, part of the name
        ("ｵｰﾛﾘｱｽ", "暁光の騎士王 オーロリアス (S-002)"),  # half-width katakana
        ("暁光の騎士王おーろりあす", "暁光の騎士王 オーロリアス (S-002)"),  # no space, hiragana
        ("そうきゅうの剣士", "蒼穹(そうきゅう)の剣士 アルヴェン (S-003)"),  # the furigana's reading
        ("ＢＬＡＳＴＥＲ・ＢＬＡＤＥ", "Blaster Blade (S-004)"),  # full-width, case, a middle dot
        ("Blastr Blade", "Blaster Blade (S-004)"),  # a typo
        ("S-0O2", "暁光の騎士王 オーロリアス (S-002)"),  # a number mistyped
    ],
)
def test_suggestions_forgive_kana_width_and_case(key, first):
    db = make_db("vanguard", SUGGEST_RECORDS)
    assert db.suggest(key)[0] == first


def test_suggestions_name_each_card_once_and_respect_the_limit():
    db = make_db("vanguard", SUGGEST_RECORDS)
    found = db.suggest("騎士", limit=5)
    assert len(found) == len(set(found)) and set(found) >= {"ちいさな見習い騎士 ピコル (S-001)"}
    assert len(db.suggest("騎士", limit=1)) == 1
    assert db.suggest("zzzzzzzz") == [] and db.suggest("・") == []


def test_a_deck_of_many_unknown_keys_gets_suggestions_for_the_first_ones_only():
    from deckcheck.carddb.db import resolve_deck
    from deckcheck.checking.deck import SUGGESTED_KEYS_PER_DECK, check_deck
    from deckcheck.formats.read import source_from_mapping

    db = make_db("vanguard", SUGGEST_RECORDS)
    asked: list[str] = []
    suggest = db.suggest
    db.suggest = lambda key, limit=3: asked.append(key) or suggest(key, limit)  # count the work done
    keys = {f"Blaster Blad{i}": 1 for i in range(SUGGESTED_KEYS_PER_DECK + 10)}
    deck = resolve_deck(source_from_mapping({"game": "vanguard", "main": keys, "g": {"Blaster Blad0": 1}}), db)
    unknown = [v for v in check_deck(deck, db) if v.rule == "deck.unknown-card"]
    assert len(unknown) == SUGGESTED_KEYS_PER_DECK + 11  # every unknown entry is still reported
    assert len(set(asked)) == SUGGESTED_KEYS_PER_DECK  # suggestions for the first keys only
    with_hints = [v for v in unknown if v.extra["suggestions"]]
    assert len(with_hints) == SUGGESTED_KEYS_PER_DECK + 1  # Blaster Blad0 again in [g]: already worked out
    assert all("Did you mean" not in v.message for v in unknown if not v.extra["suggestions"])


def test_a_card_file_key_written_twice_names_the_record_and_both_lines(tmp_path):
    folder = tmp_path / "db" / "vanguard"
    folder.mkdir(parents=True)
    text = 'game = "vanguard"\n[[cards]]\nnumber = "X-1"\nname = "a"\ntype = "normal"\ngrade = 0\nname = "b"\n'
    (folder / "c.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CardDatabaseError) as raised:
        load_layers("vanguard", [tmp_path / "db"])
    assert 'the key "name" of [[cards]] number 1 is written twice, on lines 4 and 7' in str(raised.value)


def test_a_name_in_another_case_resolves_when_no_name_matches_as_written():
    db = make_db(
        "vanguard",
        [
            {"number": "T-500", "name": "Blaster Blade", "type": "normal", "grade": 2, "clans": ["C"]},
            {"number": "T-501", "name": "blaster blade", "type": "normal", "grade": 1, "clans": ["C"]},
            {"number": "T-502", "name": "Ｍａｒｔｈ", "type": "normal", "grade": 1, "clans": ["C"]},
        ],
    )
    assert db.resolve("blaster blade").number == "T-501"  # as written wins
    assert db.resolve("BLASTER BLADE").number == "T-500"  # else the lowest number of the name in any case
    assert db.resolve("MARTH").number == "T-502"  # width and case forgiven together
    assert db.resolve("ﾌﾞﾗｽﾀｰ") is None and db.resolve("nothing") is None


@pytest.mark.parametrize("inside", ["cards.toml", "regulations"])
def test_a_game_folder_given_as_a_database_is_refused_naming_the_folder_to_give(tmp_path, inside):
    game_folder = tmp_path / "mydb" / "vanguard"
    game_folder.mkdir(parents=True)
    if inside == "regulations":
        (game_folder / "regulations").mkdir()
    else:
        (game_folder / inside).write_text('game = "vanguard"\ncards = []\n', encoding="utf-8")
    with pytest.raises(DeckcheckError) as raised:
        carddb_layers([game_folder])
    message = str(raised.value)
    assert "is the vanguard folder of a card database" in message and f"carddb_dirs {tmp_path / 'mydb'})" in message
    assert carddb_layers([tmp_path / "mydb"])[-1] == tmp_path / "mydb"  # the folder above it is a database


def test_a_database_named_after_a_game_is_still_a_database(tmp_path):
    named = tmp_path / "vanguard"  # a database folder that happens to be called vanguard: it holds vanguard/
    (named / "vanguard").mkdir(parents=True)
    (named / "notes.toml").write_text("", encoding="utf-8")
    assert carddb_layers([named])[-1] == named
    empty = tmp_path / "x" / "cipher"  # named after a game but holding nothing of one: left alone
    empty.mkdir(parents=True)
    assert carddb_layers([empty])[-1] == empty


# A card file that is no file: a cloned repository's link to /dev/zero, FIFO, huge sparse file (issue 26 item 3) -----


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_card_file_that_is_no_card_file_is_a_broken_database_at_once(tmp_path, vanguard_carddb, kind):
    write_cards(tmp_path / "repo" / "vanguard", VANGUARD_RECORDS)
    plant(tmp_path / "repo" / "vanguard" / "x.toml", kind)
    with within(10), pytest.raises(CardDatabaseError) as caught:
        load_carddb("vanguard", [tmp_path / "repo"])
    assert f"{tmp_path / 'repo' / 'vanguard' / 'x.toml'}: {HOSTILE[kind]} card file" in str(caught.value)


# Cipher's Japanese names: a second name of the same card (names_ja) --------------------------------------------

# One card of every set family with Japanese names (shared/realdata/cipher/names-ja.json), by the shipped data.
JAPANESE_SAMPLE = {
    "救国の英雄 マルス": "B01-001",
    "神刀に選ばれし皇子 カムイ(男)": "B02-001",
    "神剣の勇将 アイク": "B03-001",
    "セイクリッドアイドル 織部つばさ": "B04-001",
    "封炎を受け継ぎし者 ロイ": "B05-001",
    "光の戦士の末裔 シグルド": "B06-001",
    "妹想いの騎士 マチス": "P04-003",
    "フェレ侯公子 エリウッド": "P06-001",
    "スターロード マルス": "S01-001",
    "クリミアの勇将 アイク": "S05-001",
    "聖なる血を継ぐ者 シグルド": "S08-001",
    "心癒す翼 シーダ": "B01-005",  # the first source's spelling
    "心癒やす翼 シーダ": "B01-005",  # the second source's: both are accepted
    "風の魔道士 マリク": "B01-029",
    "記憶を失くした軍師 ルフレ（女）": "B01-058",  # full-width brackets, as the second source prints them
    "ペレジア王国の呪術師 サーリャ": "B01-081",
    "癒やしの勇者 リフ": "P01-007",
    "小さな魔導士 リヒト": "S02-005",
}


@pytest.fixture(scope="module")
def cipher_db() -> CardDB:
    """The shipped Cipher cards, read once for the module (validated as a load from the files would be)."""
    with open(shipped_carddb_dir() / "cipher" / "cards.toml", "rb") as file:
        return build_carddb("cipher", tomllib.load(file)["cards"])


@pytest.mark.parametrize(("name", "number"), JAPANESE_SAMPLE.items())
def test_a_cipher_japanese_name_resolves_to_its_card(cipher_db, name, number):
    assert cipher_db.resolve(name).number == number
    assert cipher_db.resolve(name.replace(" ", "　")).number == number  # a full-width space, as typed in Japanese


def test_japanese_names_of_every_set_family_resolve_to_a_card_of_that_number(cipher_db):
    """Every shipped Japanese name resolves; a name its reprint shares (P01-003 is B01-003 again) means the lowest
    number of the cards bearing it, as an English name does, and the same card name (so copies count together)."""
    by_family: dict[str, int] = {}
    for number, names in cipher_db.other_names_by_number.items():
        for name in names:
            card = cipher_db.resolve(name)
            assert card is not None and name in card.other_names
            assert card.number == min(cipher_db.numbers_by_name[name]) and number in cipher_db.numbers_by_name[name]
        by_family[number[:1]] = by_family.get(number[:1], 0) + 1
    assert by_family == {"B": 602, "P": 80, "S": 40}
    marth = cipher_db.resolve("アリティアの王子 マルス")
    assert marth.number == "B01-003" and cipher_db.numbers_by_name["アリティアの王子 マルス"] == ["B01-003", "P01-003"]
    assert cipher_db.cards["P01-003"].card_name == marth.card_name


def test_english_names_and_numbers_resolve_as_before(cipher_db):
    """The Japanese names add names; an English name, a number and a printed code find what they found without."""
    with open(shipped_carddb_dir() / "cipher" / "cards.toml", "rb") as file:
        records = tomllib.load(file)["cards"]
    english = build_carddb("cipher", [{k: v for k, v in r.items() if k != "names_ja"} for r in records])
    assert english.other_names_by_number == {}
    for name, numbers in english.numbers_by_name.items():
        assert cipher_db.numbers_by_name[name] == numbers
    for key in ("Savior of His Realm Marth", "savior of his realm marth", "B01-001SR+", "B20-001", "B08-047b"):
        assert cipher_db.resolve(key).number == english.resolve(key).number
    assert english.resolve("救国の英雄 マルス") is None


def test_suggestions_include_japanese_names_as_the_card_data_spells_them(cipher_db):
    assert cipher_db.suggest("救国の英雄マルス")[0] == "救国の英雄 マルス (B01-001)"  # a space left out
    assert (
        cipher_db.suggest("昏き愛炎の陰陽師 シャラ")[0] == "昏き 愛炎の陰陽師 シャラ (B02-047)"
    )  # a source's stray space
    assert "Savior of His Realm Marth (B01-001)" in cipher_db.suggest("Savior of His Realm Marh")
    assert cipher_db.name_label("心癒やす翼 シーダ") == "心癒やす翼 シーダ (B01-005)"
    assert cipher_db.name_label("Soul-Soothing Wings Caeda") == "Soul-Soothing Wings Caeda (B01-005)"


def test_an_unknown_japanese_name_says_which_sets_have_japanese_names(cipher_db):
    note = cipher_db.unknown_name_note("知らない英雄 アイク")
    assert note == (
        " Japanese names are known here only for the cards of B01–B06, P01–P06 and S01–S08: for a card of another "
        "set, write its card number instead."
    )
    assert cipher_db.unknown_name_note("Unknown Hero Ike") == ""  # an English name: "unknown card" says it all
    assert cipher_db.unknown_name_note("B99-001") == ""
    vanguard = make_db("vanguard", VANGUARD_RECORDS)
    assert vanguard.unknown_name_note("知らない ユニット") == ""  # Vanguard's names are Japanese already


def test_the_sets_with_japanese_names_come_from_the_database():
    records = [cipher_unit(f"B0{s}-00{n}", f"T{s}{n}", "U") for s in (1, 2, 4) for n in (1, 2)]
    records[0] |= {"names_ja": ["名前 ア"]}
    records[2] |= {"names_ja": "名前 イ"}  # one name, not in a list
    records[4] |= {"names_ja": ["名前 ウ"]}
    db = make_db("cipher", records)
    assert db.resolve("名前 イ").number == "B02-001"
    assert "known here only for the cards of B01–B02 and B04:" in db.unknown_name_note("名前 エ")
    assert "has no Japanese names: write the card number" in make_db("cipher", records[1:2]).unknown_name_note("名前")


@pytest.mark.parametrize("bad", [[""], [" "], [1], {"a": "b"}])
def test_a_cipher_japanese_name_must_be_text(bad):
    with pytest.raises(CardDatabaseError, match="names_ja"):
        make_db("cipher", [cipher_unit("B01-001", "T", "U") | {"names_ja": bad}])


def test_a_test_hand_of_a_deck_with_unknown_japanese_names_says_once_which_sets_have_them(isolated_carddb, tmp_path):
    path = tmp_path / "ja.txt"
    path.write_text("game: cipher\n4 B01-003\n2 封印の剣を継ぐ者 ロイ\n1 救国の英雄 マルク\n", encoding="utf-8")
    with pytest.raises(DeckcheckError) as raised:
        refuse_unknown_cards(load_deck(path), "a test hand")
    first, second = raised.value.details
    assert "2 × '封印の剣を継ぐ者 ロイ' in main is not a TCG Fire Emblem 0 (Cipher) card number or name" in str(first)
    assert "Japanese names are known here only for the cards of B01–B06, P01–P06 and S01–S08" in str(first)
    assert "Japanese names" not in str(second) and "Did you mean: 救国の英雄 マルス (B01-001)" in str(second)


# Japanese (issue 29): the problems in Japanese, their places (record N, field 'x', path:line) as written ----------


def test_a_broken_database_in_japanese(japanese):
    records = [
        {"number": "T-1", "name": "A", "type": "normal", "grade": 1, "clans": ["C"]},
        {"number": "T-1", "name": "B", "type": "normal", "grade": 1, "clans": ["C"]},
        {"name": "C", "type": "normal", "grade": 1, "clans": ["C"], "bogus": 1},
    ]
    with pytest.raises(CardDatabaseError) as error:
        build_carddb("vanguard", records)
    assert str(error.value) == (
        "カードデータベースが壊れています：\n"
        "  record 2: カード番号 T-1 は record 1 ですでに使われています\n"
        "  record 3 (番号なし): field 'number': 必須ですがありません\n"
        "  record 3 (番号なし): field 'bogus': このゲームのカードレコードの項目ではありません"
    )


def test_a_broken_card_file_in_japanese(tmp_path, japanese):
    folder = tmp_path / "db" / "vanguard"
    folder.mkdir(parents=True)
    (folder / "a.toml").write_text('game = "vanguard"\n[[cards]]\nnumber = "T-1"\nnumber = "T-2"\n', encoding="utf-8")
    (folder / "b.toml").write_text('game = "cipher"\n', encoding="utf-8")
    with pytest.raises(CardDatabaseError) as error:
        load_carddb("vanguard", [tmp_path / "db"])
    text = str(error.value)
    assert text.startswith("カードデータベースが壊れています：\n")
    assert f"{folder / 'b.toml'}: game = 'cipher' ですが、ファイルは 'vanguard' のフォルダにあります" in text
    assert f"{folder / 'a.toml'}:4: " in text  # the key written twice, at its line
    assert [(problem.path, problem.line) for problem in error.value.details] == [
        (str(folder / "a.toml"), 4),
        (str(folder / "b.toml"), None),
    ]


def test_a_number_written_with_another_cards_name_and_unknown_cards_in_japanese(japanese, command_line):
    db = build_carddb(
        "vanguard",
        [
            {"number": "T-1", "name": "A", "type": "normal", "grade": 1, "clans": ["C"]},
            {"number": "T-2", "name": "Bee", "type": "normal", "grade": 0, "clans": ["C"]},
        ],
    )
    deck = resolve_deck(parse_deck("d.txt", "game: vanguard\n4 T-1 Bee\n3 X-9 Bee\n2 Nope\n"), db)
    assert [entry.note for entry in deck.entries] == [
        "'Bee' は T-1（A）の名前ではありません。カード番号を優先し、A (T-1) として数えました",
        "'X-9' はどのカードの番号でもありません。'Bee' という名前のカード Bee (T-2) として数えました",
        None,
    ]
    with pytest.raises(DeckcheckError) as error:
        refuse_unknown_cards(deck, "counting the odds")
    assert str(error.value).endswith(
        "（直すか取り除いてください。`deckcheck check` でデッキの問題をすべて表示します）：\n"
        "  d.txt:4: main の 2 × 'Nope' は、カードデー"
        "タベースにあるカードファイト!! ヴァンガードのカード番号でもカード名でも"
        "ありません"
    )
    assert [(problem.path, problem.line) for problem in error.value.details] == [("d.txt", 4)]
