"""Terminal safety (issue 14 item 12): no control character from a deck, a card database, a file name or the command
line reaches a terminal raw, in any output of any command; each is shown as a visible escape."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import tomli_w
from conftest import LEGAL_VANGUARD_TOML, VANGUARD_RECORDS

from deckcheck._util.safetext import escape_controls, escape_controls_keeping_style, escape_json_controls

OSC_TITLE = "\x1b]0;pwned\x07"  # retitles a terminal
CSI_CLEAR = "\x1b[2J"  # clears the screen
C1_CSI = "\x9b2J"  # the same with the one-character C1 introducer
SGR = re.compile(r"\x1b\[[0-9;]*m")
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
DECK = f"deck{OSC_TITLE}.deck.toml"


def test_escapes_are_visible_and_keep_only_our_own_colours():
    assert escape_controls(f"a{OSC_TITLE}b") == "a\\x1b]0;pwned\\x07b"
    assert escape_controls(f"{C1_CSI}\x7f") == "\\x9b2J\\x7f"
    assert escape_controls_keeping_style(f"\x1b[1mname\x1b[0m {OSC_TITLE}{CSI_CLEAR}\n") == (
        "\x1b[1mname\x1b[0m \\x1b]0;pwned\\x07\\x1b[2J\n"
    )
    data = json.dumps({"name": f"x{C1_CSI}\x7f{OSC_TITLE}"}, ensure_ascii=False)
    assert RAW.search(data)  # json.dumps leaves DEL and C1 raw
    safe = escape_json_controls(data)
    assert not RAW.search(safe) and json.loads(safe) == json.loads(data)


BIDI_AND_INVISIBLE = (
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\u200c\u200d\u2060\ufeff"
)


@pytest.mark.parametrize("character", BIDI_AND_INVISIBLE + "\u00ad\u2028\u2029\U000e0041")
def test_bidi_controls_and_invisible_characters_are_escaped(character):
    text = f"Alice{character}Knight"
    code = ord(character)
    escape = f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
    for keep_newlines in (False, True):
        assert escape_controls(text, keep_newlines=keep_newlines) == f"Alice{escape}Knight"
    assert escape_controls_keeping_style(f"\x1b[1m{text}\x1b[0m") == f"\x1b[1mAlice{escape}Knight\x1b[0m"
    data = json.dumps({"name": text}, ensure_ascii=False)
    safe = escape_json_controls(data)
    assert character not in safe and json.loads(safe) == {"name": text}  # the same JSON


def test_every_format_character_unicode_knows_is_escaped():
    """The whole category Cf of this Python's Unicode (a newer one adding a format character fails here: add it)."""
    import unicodedata

    format_characters = [chr(code) for code in range(0x110000) if unicodedata.category(chr(code)) == "Cf"]
    assert len(format_characters) > 150
    assert [c for c in format_characters if escape_controls(c) == c] == []
    assert [c for c in format_characters if escape_json_controls(c) == c] == []


def test_japanese_names_and_emoji_are_left_as_they_are():
    for name in (
        "嵐の覇者 サヴァス",
        "蒼波新兵 コスティ",
        "「プリコネ・〈ジオ・ゲヘナ〉」",
        "ｱｸｱﾌｫｰｽ",
        "①②",
        "葛\U000e0100城",
        "A\ufe0f★",
    ):
        assert escape_controls(name) == name and escape_json_controls(name) == name  # an ideographic variation kept


def test_no_card_of_the_shipped_or_real_databases_holds_a_format_character():
    """So escaping all of category Cf (a ZWJ of an emoji sequence among them) breaks no card name we have."""
    import unicodedata

    root = Path(__file__).resolve().parents[2]
    folders = [root / "carddb", root / "deckcheck" / "realdata", root / "decks"]
    found = []
    for folder in folders:
        for path in folder.rglob("*"):
            if path.suffix in {".toml", ".txt", ".json", ".csv", ".py"} and path.is_file():
                text = path.read_text(encoding="utf-8", errors="replace")
                found += [(path.name, hex(ord(c))) for c in set(text) if unicodedata.category(c) == "Cf"]
    assert found == []


@pytest.fixture
def hostile(tmp_path, monkeypatch):
    """A card database, a regulation, a deck and a file name full of terminal commands."""
    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    monkeypatch.chdir(tmp_path)
    records = [dict(record) for record in VANGUARD_RECORDS]
    records[5]["name"] = f"Evil{OSC_TITLE}Knight"  # T-100
    records.append({"number": f"T-9{CSI_CLEAR}", "name": f"Bell{C1_CSI}", "type": "normal", "grade": 1, "clans": ["C"]})
    cards = tmp_path / "cards" / "vanguard"
    (cards / "regulations").mkdir(parents=True)
    (cards / "test.toml").write_text(tomli_w.dumps({"game": "vanguard", "cards": records}), encoding="utf-8")
    regulation = 'name = "Reg\\u001b]0;x\\u0007"\neffective = 2020-01-01\nbanned = ["T-101"]\n'
    (cards / "regulations" / "r.toml").write_text(regulation, encoding="utf-8")
    text = LEGAL_VANGUARD_TOML.replace('name = "Test deck"', 'name = "evil\\u001b]0;pwned\\u0007\\u009b2J"')
    text = text.replace('"T-108" = 1\n', '"T-108" = 1\n"\\u001b[31mNOPE\\u0007" = 1\n"T-9\\u001b[2J" = 1\n')
    Path(DECK).write_text(text, encoding="utf-8")
    Path("plain.deck.toml").write_text(text.replace('notes = "kept as is"\n', ""), encoding="utf-8")
    rows = f"Z-1,Zed{OSC_TITLE},normal,1,C\nZ-2,Bad,nor{OSC_TITLE}mal,1,C\n"  # a rejected row shows its value
    Path("list.csv").write_text(f"number,name,type,grade,clans\n{rows}", encoding="utf-8")
    return tmp_path / "cards"


COMMANDS = [
    ["check", DECK],
    ["check", DECK, "-o", "json"],
    ["check", DECK, "-o", "sarif"],
    ["check", DECK, "-o", "github"],
    ["check", DECK, "-o", "junit"],
    ["check", DECK, "--regulation", "Reg\x1b]0;x\x07"],
    ["show", DECK],
    ["show", DECK, "-o", "json"],
    ["hand", DECK, "--seed", "1", "--log"],
    ["hand", DECK, "--seed", "1", "--count", "2", "-o", "json"],
    ["stats", DECK, "--want", "grade=1", "--explain"],
    ["stats", DECK, "--want", "grade=1", "-o", "json"],
    ["stats", DECK],
    ["convert", "plain.deck.toml", "--to", "text"],
    ["convert", DECK, "--to", "markdown"],
    ["convert", DECK, "--to", "html"],
    ["convert", DECK, "--to", "toml"],
    ["convert", DECK, "--to", "json"],
    ["convert", DECK, "--to", "json", "--out-file", "out\x07.json"],
    ["cards", "search", "Knight", "--game", "vanguard"],
    ["cards", "search", "grade=1", "--game", "vanguard", "-o", "json"],
    ["cards", "import", "list.csv", "--game", "vanguard", "--into", "imported"],
    ["add", DECK, "T-100", "--force"],
    ["remove", DECK, "T-100", "--force"],
    ["set", "plain.deck.toml", "name", f"x{OSC_TITLE}"],
    ["new", "new\x07.deck.toml", "--game", "vanguard", "--name", f"q{OSC_TITLE}"],
    ["rules", "vanguard"],
    ["add", DECK, f"NO{OSC_TITLE}SUCH", "--force"],
    ["hand", f"missing{OSC_TITLE}.toml"],
]


@pytest.mark.parametrize("colour", ["", "1"], ids=["plain", "FORCE_COLOR"])
@pytest.mark.parametrize("args", COMMANDS, ids=lambda args: " ".join(a for a in args if a.isascii())[:40])
def test_no_command_prints_a_control_character_raw(run_cli, hostile, monkeypatch, args, colour):
    monkeypatch.setenv("FORCE_COLOR", colour)
    monkeypatch.delenv("NO_COLOR", raising=False)
    code, out, err = run_cli(*args, "--carddb", hostile)
    assert "internal error" not in err and "Traceback" not in err
    for stream in (out, err):
        assert not RAW.search(SGR.sub("", stream)), (code, stream)
    if not colour:
        assert not SGR.search(out + err)  # nothing but deckcheck's own colour codes passes, and only in colour
    shown = out + err
    assert any(escaped in shown for escaped in ("\\x1b", "\\u001b", "\\x07", "\\x9b", "\\u009b")), shown[:300]


def test_printed_lists_escape_control_characters_in_the_file_too(run_cli, hostile):
    # Markdown escapes the escape's backslash and bracket, so that the list shows the name as `evil\x1b]0;...`
    for fmt, name in (("markdown", "evil\\\\x1b\\]0;pwned\\\\x07"), ("html", "evil\\x1b]0;pwned\\x07")):
        code, _, _ = run_cli("convert", DECK, "--to", fmt, "--out-file", f"list.{fmt}", "--carddb", hostile)
        written = Path(f"list.{fmt}").read_text(encoding="utf-8")
        assert code == 0 and not RAW.search(written) and name in written


# Echoes of the user's input: on one line (item 17 of issue 26) and cut short (item 18) ------------------------------

from deckcheck._util.safetext import ECHO_LIMIT, cut, echoed, one_line, quoted, quoted_list  # noqa: E402


def test_cut_keeps_up_to_the_limit_and_says_the_length_beyond_it():
    assert cut("a" * ECHO_LIMIT) == "a" * ECHO_LIMIT
    assert cut("a" * (ECHO_LIMIT + 1)) == "a" * ECHO_LIMIT + f"… ({ECHO_LIMIT + 1} characters)"
    assert cut("ab" * 20_000) == "ab" * 100 + "… (40,000 characters)"
    assert quoted("x" * 40_000) == "'" + "x" * ECHO_LIMIT + "'… (40,000 characters)"
    assert quoted("it's") == '"it\'s"' and quoted(5) == "5" and quoted("嵐の覇者") == "'嵐の覇者'"
    assert quoted(10**5000) == "a number too long to print"
    assert len(echoed("\x07" * 40_000)) < 5 * ECHO_LIMIT


def test_one_line_escapes_line_breaks_and_tabs_and_bidi():
    assert one_line("a\nb\tc\r\u202ed") == "a\\x0ab\\x09c\\x0d\\u202ed"
    assert quoted("a\nb\tc\u202e\u200b") == "'a\\nb\\tc\\u202e\\u200b'"  # repr escapes them too


def test_a_long_list_of_values_is_cut_with_how_many_there_are():
    assert quoted_list(["a", "b"]) == "'a', 'b'"
    listed = quoted_list([f"column{index}" for index in range(100_000)])
    assert len(listed) < 2 * ECHO_LIMIT and listed.startswith("'column0', 'column1'")
    assert listed.endswith("… (100,000 in all)")
    assert quoted_list(["x" * 50_000]) == quoted("x" * 50_000)  # one long value: cut itself


FORGING = "a\nFORGED LINE\tTAB\u202eevil\u200b"  # a new line, a tab, a bidi override, a zero-width space


def _forged(stream: str) -> list[str]:
    """Where a name or path broke the line it stood in, or reached the terminal with a bidi or zero-width char."""
    found = [line for line in stream.split("\n") if line.startswith("FORGED")]
    found += ["tab"] if "\tTAB" in stream else []
    found += [c for c in "\u202e\u200b" if c in stream]
    return found


@pytest.fixture
def forging(vanguard_carddb, monkeypatch):
    """A deck whose file name and deck name hold FORGING, and a card list whose file name does."""
    text = LEGAL_VANGUARD_TOML.replace('name = "Test deck"', 'name = "x\\nFORGED\\tTAB\\u202e\\u200bname"')
    Path(f"{FORGING}.deck.toml").write_text(text, encoding="utf-8")
    Path(f"{FORGING}.csv").write_text("number,name,type,grade,clans\nZ-1,Zed,normal,1,C\n", encoding="utf-8")
    return vanguard_carddb


ECHOING = [
    ["check", f"{FORGING}.deck.toml"],
    ["show", f"{FORGING}.deck.toml"],
    ["new", f"{FORGING}.new.deck.toml", "--game", "vanguard"],
    ["new", f"{FORGING}.toml", "--game", "vanguard"],  # with the warning that folders will not find it
    ["add", f"{FORGING}.deck.toml", "T-100", "--force"],
    ["remove", f"{FORGING}.deck.toml", "T-100", "--force"],
    ["set", f"{FORGING}.deck.toml", "name", "plain"],
    ["convert", f"{FORGING}.deck.toml", "--to", "json", "--out-file", f"{FORGING}.json"],
    ["cards", "import", f"{FORGING}.csv", "--game", "vanguard", "--into", f"{FORGING}-db"],
    ["hand", f"{FORGING}.deck.toml", "--seed", "1"],
    ["stats", f"{FORGING}.deck.toml", "--want", "grade=1", "--trials", "200"],
    ["stats", f"{FORGING}.deck.toml", "--want", "grade=1", "--plot", f"{FORGING}.svg"],
    ["stats", f"{FORGING}.deck.toml", "--want", "grade=1", "--plot", f"{FORGING}.jpg"],
    ["add", f"{FORGING}.deck.toml", FORGING],
    ["add", f"missing {FORGING}.deck.toml", "T-100"],
    ["cards", "search", FORGING, "--game", "vanguard"],
]


@pytest.mark.parametrize("args", ECHOING, ids=lambda args: " ".join(a for a in args if a.isascii())[:40])
def test_no_path_or_name_forges_a_line_or_reorders_one(run_cli, forging, args):
    if "--plot" in args and args[-1].endswith(".svg"):
        pytest.importorskip("matplotlib")
    code, out, err = run_cli(*args, "--carddb", forging)
    assert "internal error" not in err and "Traceback" not in err
    assert _forged(out) == [] and _forged(err) == [], (code, out, err)
    assert "\\x0aFORGED" in out + err or "\\nFORGED" in out + err  # the name was echoed, escaped


LONG = "ab" * 20_000  # 40,000 characters


@pytest.mark.parametrize(
    "args",
    [
        ["add", "deck.deck.toml", LONG],
        ["remove", "deck.deck.toml", LONG],
        ["set", "deck.deck.toml", LONG, "x"],
        ["set", "deck.deck.toml", "regulation", LONG],
        ["cards", "search", LONG, "--game", "vanguard"],
        ["cards", "search", f"{LONG}=1", "--game", "vanguard"],
        ["cards", "search", f"name={LONG}", "--game", "vanguard"],
        ["stats", "deck.deck.toml", "--want", LONG],
        ["stats", "deck.deck.toml", "--want", f"grade={LONG}"],
        ["check", "deck.deck.toml", "--regulation", LONG],
        ["show", "deck.deck.toml", "--as-of", LONG],
        ["rules", LONG],
        ["odds", "--game", "vanguard", "--deck-size", "50", "--copies", LONG, "--want", "x@1"],
        ["check", "long-key.deck.toml"],
    ],
    ids=lambda args: " ".join(a for a in args if len(a) < 50)[:40],
)
def test_long_input_is_echoed_cut_with_its_length(run_cli, vanguard_carddb, args):
    Path("deck.deck.toml").write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    Path("long-key.deck.toml").write_text(LEGAL_VANGUARD_TOML.replace("[g]", f'"{LONG}" = 1\n[g]'), encoding="utf-8")
    code, out, err = run_cli(*args, *([] if args[0] == "odds" else ["--carddb", vanguard_carddb]))
    assert "internal error" not in err
    assert len(out) + len(err) < 4_000, (code, out[:300], err[:300])  # not 40,000+ characters
    said = " ".join((out + err).split())  # a text line fitted to 80 columns may break before the length
    assert re.search(r"… \(40,0\d\d characters\)", said), (out[:500], err[:500])


def test_a_csv_header_of_100000_unknown_columns_is_cut(run_cli, vanguard_carddb):
    header = ",".join(["number", "name", "type", "grade", "clans"] + [f"extra{i}" for i in range(100_000)])
    Path("wide.csv").write_text(header + "\nZ-1,Zed,normal,1,C\n", encoding="utf-8")
    code, out, err = run_cli("cards", "import", "wide.csv", "--game", "vanguard", "--into", "db")
    assert code == 2 and len(err) < 2_000, err[:500]
    assert "'extra0', 'extra1'" in err and "(100,000 in all)" in err


@pytest.mark.parametrize("broken", ["not toml [", 'game = "vanguard"\n[[cards]]\nnumber = "X-1"\n'])
def test_a_broken_card_file_with_a_forging_name_is_reported_on_one_line(run_cli, forging, tmp_path, broken):
    cards = tmp_path / "hostile-cards" / "vanguard"
    cards.mkdir(parents=True)
    (cards / f"{FORGING}.toml").write_text(broken, encoding="utf-8")
    code, out, err = run_cli("check", f"{FORGING}.deck.toml", "--carddb", forging, "--carddb", cards.parent)
    assert code == 2 and "broken card database" in err
    assert _forged(out) == [] and _forged(err) == [], err


def test_cut_values_are_said_in_japanese(japanese):
    assert cut("ab" * 20_000) == "ab" * 100 + "…（40,000文字）"
    assert quoted("x" * 300).endswith("…（300文字）")
    assert quoted(10**5000) == "表示できないほど長い数"
    assert quoted_list([f"column{i}" for i in range(1000)]).endswith("、…（全1,000個）")


def test_utf8_bytes_keeps_a_file_names_bytes_and_gives_every_other_lone_surrogate_its_own():
    from deckcheck._util.safetext import utf8_bytes

    assert utf8_bytes("a\udcfeb") == b"a\xfeb"  # a file name that is not UTF-8: its own byte
    assert utf8_bytes("k\ud800") == b"k\xed\xa0\x80"  # a JSON escape: bytes no UTF-8 text has
    assert utf8_bytes("k\udc00\udcfe\udbff") == b"k\xed\xb0\x80\xfe\xed\xaf\xbf"
    assert len({utf8_bytes(text) for text in ("k\ud800", "k\\ud800", "k\udbff", "k")}) == 4


def test_json_text_has_no_lone_surrogate_left_raw():
    from deckcheck._util.safetext import escape_json_controls

    text = json.dumps({"k\ud800": "v\udc80", "ok": "名前😀"}, ensure_ascii=False)
    escaped = escape_json_controls(text)
    escaped.encode("utf-8")  # strict
    assert json.loads(escaped) == {"k\ud800": "v\udc80", "ok": "名前😀"}
