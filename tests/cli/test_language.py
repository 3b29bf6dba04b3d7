"""The command line in the chosen language (deckcheck.cli.language, issue 29): chosen once at start-up from --lang,
$DECKCHECK_LANG and the locale; help, Typer's and click's words and the translated commands (games, rules) in
Japanese; machine output the same in every language."""

from __future__ import annotations

import json
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import registered_games

from deckcheck import _i18n

ROOT = Path(__file__).resolve().parents[2]
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "DECKCHECK_LANG")


def _deckcheck(*args: str, **environ: str) -> subprocess.CompletedProcess[bytes]:
    """`deckcheck ARGS` in a process of its own, under exactly the locale variables given."""
    env = {k: v for k, v in os.environ.items() if k not in _LOCALE_VARIABLES} | environ
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], capture_output=True, env=env, cwd=ROOT)


def test_help_follows_the_locale():
    japanese = _deckcheck("--help", LANG="ja_JP.UTF-8")
    english = _deckcheck("--help", LANG="C")
    assert japanese.returncode == english.returncode == 0
    ja, en = japanese.stdout.decode(), english.stdout.decode()
    for word in (
        "使い方: ",
        "オプション:",
        "コマンド:",
        "このメッセージを表示して終了します。",
        "--lang LANG",
    ):
        assert word in ja
    for word in ("Usage: ", "Options:", "Commands:", "Show this message and exit."):
        assert word in en and word not in ja
    assert "使い方" not in en


def test_a_command_s_help_in_japanese_wraps_by_display_width():
    done = _deckcheck("rules", "--help", LANG="ja_JP.UTF-8")
    text = done.stdout.decode()
    assert "ゲームID（`deckcheck games` を参照）。" in text and "[必須]" in text and "例：" in text
    assert "deckcheck rules build-divide" in text  # the examples as written
    assert all(_i18n_width(line) <= 80 for line in text.splitlines())
    assert "$DECKCHECK_CARDDB" in text  # never cut inside a word


def _i18n_width(line: str) -> int:
    from deckcheck._util.text import display_width

    return display_width(line)


@pytest.mark.parametrize(
    ("args", "environ", "japanese"),
    [
        (["--lang", "ja", "games"], {"LANG": "C"}, True),
        (["--lang=ja", "games"], {"LANG": "C"}, True),
        (["--lang", "en", "games"], {"LANG": "ja_JP.UTF-8"}, False),
        (["games"], {"LANG": "C", "DECKCHECK_LANG": "ja"}, True),
        (["games"], {"LANG": "ja_JP.UTF-8", "DECKCHECK_LANG": "en"}, False),
        (["--lang", "ja", "games"], {"LANG": "C", "DECKCHECK_LANG": "en"}, True),  # the flag wins
        (["games"], {"LANG": "ja_JP.EUC-JP"}, True),  # a locale Python cannot set: no crash, no mojibake
        (["games"], {"LANG": "C"}, False),
        (["games"], {}, False),
    ],
)
def test_the_language_is_chosen_by_flag_then_variable_then_locale(args, environ, japanese):
    done = _deckcheck(*args, **environ)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")  # always valid UTF-8 here (the streams' encoding is UTF-8 in these locales)
    assert ("セクション：メインデッキ（main）、Gデッキ（g）" in out) is japanese  # the game's word, the id beside
    assert ("sections: main, g" in out) is not japanese


@pytest.mark.parametrize(
    ("args", "environ", "source"),
    [
        (["--lang", "fr", "games"], {"LANG": "C"}, "--lang"),
        (["games"], {"DECKCHECK_LANG": "xx", "LANG": "C"}, "DECKCHECK_LANG"),
    ],
)
def test_an_unknown_language_is_a_clear_error(args, environ, source):
    done = _deckcheck(*args, **environ)
    assert done.returncode == 2 and done.stdout == b""
    said = done.stderr.decode()
    assert said.startswith("deckcheck: unknown language") and source in said
    assert "en (English), ja (日本語)" in said and "Traceback" not in said


def test_an_unknown_language_is_said_in_the_locale_s_language():
    said = _deckcheck("--lang", "fr", "games", LANG="ja_JP.UTF-8").stderr.decode()
    assert "言語 'fr' はありません" in said and "en (English), ja (日本語)" in said


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["rules"], "エラー：引数 'GAME' がありません。"),
        (["games", "--nope"], "エラー：--nope というオプションはありません。"),
        (["games", "-o", "xml"], "'xml' は 'text'、'json' のいずれでもありません"),
        (["games", "extra"], "余分な引数があります（extra）"),
        (["nope"], "エラー：'nope' というコマンドはありません。"),
        # Typer's own suggestion, glued to click's message in English: said from the catalog, after the 。
        (["chek"], "エラー：'chek' というコマンドはありません。'check' のことですか？\n"),
    ],
)
def test_click_s_errors_in_japanese(run_cli, monkeypatch, args, expected):
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    code, out, err = run_cli(*args)
    assert code == 2 and out == ""
    assert expected in err and "使い方: " in err and "ヘルプは " in err
    assert "Error" not in err and "Usage" not in err and "Did you mean" not in err


def test_typer_s_suggestion_stays_as_typer_says_it_in_english(run_cli, monkeypatch):
    monkeypatch.setenv("DECKCHECK_LANG", "en")
    code, _out, err = run_cli("chek")
    assert code == 2 and err.endswith("Error: No such command 'chek'. Did you mean 'check'?\n")


def test_the_japanese_path_keeps_exit_codes(run_cli, monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    assert run_cli("--version")[0] == 0
    assert run_cli("games", "--help")[0] == 0
    assert run_cli("check", ROOT / "decks" / "vanguard")[0] == 0
    assert run_cli("check", tmp_path / "missing.deck.toml")[0] == 2


def test_the_lean_app_is_built_after_the_global_language_option():
    from deckcheck.cli.app import app, app_for

    lean = app_for(["--lang", "ja", "games"])
    assert lean is not app and [info.name or info.callback.__name__ for info in lean.registered_commands] == ["games"]
    assert app_for(["--lang=ja"]) is app


@pytest.mark.parametrize("args", [["games", "--output", "json"], ["rules", "vanguard", "--output", "json"]])
def test_json_is_the_same_in_every_language(run_cli, monkeypatch, args):
    monkeypatch.setenv("DECKCHECK_LANG", "en")
    english = run_cli(*args)
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    japanese = run_cli(*args)
    assert english == japanese and json.loads(english[1])


def _english_sentences(sources: tuple[str, ...]) -> list[str]:
    """The fixed English words of every message marked in these files: each piece between placeholders with two
    words or more ("banned card", "the newest by default")."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import catalogs  # tools/catalogs.py
    finally:
        sys.path.remove(str(ROOT / "tools"))
    po = ROOT / "deckcheck" / "locale" / "ja" / "LC_MESSAGES" / "deckcheck.po"
    # a name the Japanese documents write as in English (Shadowverse EVOLVE) is translated as itself, not left out
    as_written = {entry.msgid for entry in catalogs.read_po(po) if entry.msgstr == [entry.msgid]}
    pieces = []
    for message in catalogs.extract():
        if message.where.startswith(sources) and message.msgid not in as_written:
            for text in filter(None, (message.msgid, message.msgid_plural)):
                for literal, *_ in string.Formatter().parse(text):
                    pieces += [
                        p.strip() for p in re.split(r"[;:()—]", literal) if len(re.findall(r"[A-Za-z]{2,}", p)) >= 2
                    ]
    return pieces


@pytest.mark.parametrize(
    "args",
    [["games"], *(["rules", game] for game in registered_games())],
)
def test_the_translated_commands_say_no_english_sentence_in_japanese(run_cli, monkeypatch, args):
    sources = ("deckcheck/commands/listing.py", "deckcheck/checking/regulations.py", "deckcheck/games/")
    english = _english_sentences(sources)
    assert len(english) > 50  # the check sees the messages
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    code, out, err = run_cli(*args)
    assert code == 0 and err == ""
    flat = " ".join(out.split())
    if args[0] == "rules":  # a regulation's name is the data's, printed as written ("Sample Build Divide 2026-07")
        names = [regulation["name"] for regulation in json.loads(run_cli(*args, "--output", "json")[1])["regulations"]]
        for name in names:
            flat = flat.replace(name, "")
    assert [piece for piece in english if piece in flat] == []
    assert _i18n.language() == "ja"
    monkeypatch.setenv("DECKCHECK_LANG", "en")
    code, out, err = run_cli(*args)
    assert any(piece in " ".join(out.split()) for piece in english)  # the check would see English


def test_the_lang_option_refuses_an_unknown_language_without_main_too():
    from typer.testing import CliRunner

    from deckcheck.cli.app import app

    done = CliRunner().invoke(app, ["--lang", "fr", "games"])
    assert done.exit_code == 2 and "the languages are: en (English), ja (日本語)" in done.output


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_pipe_closed_before_the_output_is_no_news_in_either_language(lang):
    """`deckcheck --lang ja rules vanguard | head -0`: exit 2 and nothing said (it was an internal error in Japanese:
    the handler named an Abort that Typer's own click keeps elsewhere)."""
    env = {k: v for k, v in os.environ.items() if k not in _LOCALE_VARIABLES} | {"PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "deckcheck", "--lang", lang, "rules", "vanguard"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before deckcheck has started: its first write finds the pipe closed
    said = process.stderr.read().decode()
    assert process.wait() == 2
    assert said == ""


@pytest.mark.parametrize(
    ("encoding", "japanese"),
    [("utf-8", True), ("cp932", True), ("euc-jp", True), ("ascii", False), ("latin-1", False), ("cp1252", False)],
)
def test_japanese_is_spoken_where_the_output_can_show_it(encoding, japanese):
    """A stream that cannot write Japanese (latin-1, cp1252, ASCII) would show every message as escapes: English
    instead; the Japanese code pages show it."""
    done = _deckcheck("--lang", "ja", "rules", "vanguard", PYTHONIOENCODING=encoding, LANG="ja_JP.UTF-8")
    assert done.returncode == 0
    text = done.stdout.decode("utf-8" if encoding == "ascii" else encoding)
    assert ("メインデッキ" in text) is japanese
    assert ("The main deck" in text) is not japanese
