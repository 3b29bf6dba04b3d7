"""Each game says its own document's words (issue 41): the Japanese a game says (the catalog entries of its own modules,
with its own-context entries, `msgctxt "GAME"`, in place of the shared ones, and its terms, `GAME:FIELD`) never uses
another game's word for a zone or a deck where its document has its own. The table below is per game: the word
another game's document uses, the word this game's document uses instead, and the rules that say it; the documents
(../shared beside the checkout) are read to hold the table itself to them."""

from __future__ import annotations

import importlib.util
import re
import sys
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from deckcheck.games import all_games

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
PO = ROOT / "deckcheck" / "locale" / "ja" / "LC_MESSAGES" / "deckcheck.po"
DOCUMENTS = {
    "vanguard": ("seeds/000_0fb8db238d11ca14.txt",),
    "ic-dragonball": ("seeds/001_aa1cf9ba4a76fa5b.txt",),
    "cipher": ("seeds/002_5f28ee5a5b28c049.txt",),
    "build-divide": ("seeds/003_db370a14a04b3230.txt",),
    "evolve": ("seeds/004_4962968c595c1b1f.txt", "rules/evolve-1.24.1.txt", "rules/evolve-1.26.1.txt"),
}
#: The document a game's quotes are of: its default rules version's (EVOLVE's default is Ver.1.26.1).
QUOTED = {game: names[-1:] for game, names in DOCUMENTS.items()}
#: The modules whose messages a game says (every message of the module is that game's).
MODULES = {
    "vanguard": ("deckcheck/games/vanguard/", "deckcheck/realdata/vanguard.py"),
    "ic-dragonball": ("deckcheck/games/ic_dragonball.py",),
    "cipher": ("deckcheck/games/cipher.py", "deckcheck/realdata/cipher.py"),
    "build-divide": ("deckcheck/games/build_divide.py",),
    "evolve": ("deckcheck/games/evolve/", "deckcheck/realdata/evolve.py"),
}
#: Per game: another game's word -> (this game's document's word, the rules that say it).
FORBIDDEN: dict[str, dict[str, tuple[str, str]]] = {
    "vanguard": {
        # 《 》 marks a clan (2.2.3); the ability is 守護者 (11.9.1), its cards 「守護者」 (11.9.2)
        "《守護者》": ("守護者を持つカード", "5.2.2.5, 11.9.1, 11.9.2"),
    },
    "ic-dragonball": {
        "山札": ("デッキエリア", "3-2"),
        "メインデッキ": ("デッキ", "5-1-3"),
        "エナジー": ("エネルギーエリア", "3-8"),
        "ライフゾーン": ("ライフエリア", "3-9"),
    },
    "cipher": {
        "山札": ("デッキ（置場）", "6.2, 6.2.1"),
        "メインデッキ": ("デッキ（カードの束）", "6.2.1"),
    },
    "build-divide": {
        "エネルギー": ("エナジーゾーン", "409"),
        "ライフエリア": ("ライフゾーン", "407"),
        "デッキエリア": ("山札", "411"),
    },
    "evolve": {
        "山札": ("デッキ置き場", "4.5, 4.5.3"),
    },
}


def _catalogs():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("catalogs", module)
    spec.loader.exec_module(module)
    return module


def folded(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


@cache
def document(game_id: str, documents: tuple[tuple[str, tuple[str, ...]], ...] = ()) -> str:
    paths = [SHARED / name for name in dict(documents).get(game_id, DOCUMENTS[game_id])]
    missing = [str(path) for path in paths if not path.is_file()]
    assert not missing, f"the rules documents are read from ../shared beside the checkout: {missing}"
    return "\n".join(folded(path.read_text(encoding="utf-8")) for path in paths)


@cache
def entries() -> list:
    return _catalogs().read_po(PO)[1:]


def said_by(game_id: str) -> dict[tuple[str | None, str], str]:
    """The Japanese `game_id` says: (context, msgid) -> msgstr of its modules' entries (its own-context entry in place
    of a shared one), its own-context entries and its terms."""
    own = {entry.msgid: entry for entry in entries() if entry.msgctxt == game_id}
    said = {}
    for entry in entries():
        references = [line[3:].strip() for line in entry.comments if line.startswith("#:")]
        if entry.msgctxt is None and any(ref.startswith(MODULES[game_id]) for ref in references):
            chosen = own.get(entry.msgid, entry)
            said[chosen.key] = "\n".join(chosen.msgstr)
        elif entry.msgctxt == game_id or (entry.msgctxt or "").startswith(f"{game_id}:"):
            said[entry.key] = "\n".join(entry.msgstr)
    return said


def test_every_game_has_its_table():
    assert set(FORBIDDEN) == set(MODULES) == set(all_games())


@pytest.mark.parametrize("game_id", sorted(FORBIDDEN))
def test_the_table_is_the_documents(game_id):
    """Each word the table forbids is absent from the game's document, and the word it asks for is there."""
    text = document(game_id)
    for forbidden, (word, _rules) in FORBIDDEN[game_id].items():
        assert folded(forbidden) not in text, (game_id, forbidden)
        assert folded(word) in text, (game_id, word)


@pytest.mark.parametrize("game_id", sorted(FORBIDDEN))
def test_a_game_says_no_other_games_word(game_id):
    said = said_by(game_id)
    assert len(said) > 10, "the game's modules are found in the catalog's references"
    wrong = [
        f"{key[1]!r}: {text!r} says {forbidden}, the document {word} ({rules})"
        for key, text in said.items()
        for forbidden, (word, rules) in FORBIDDEN[game_id].items()
        if forbidden in text
    ]
    assert wrong == []


def test_a_shared_message_of_a_games_own_context_says_the_shared_placeholders():
    """An own-context entry is the shared message in a game's words: the same placeholders."""
    shared = {entry.msgid: entry for entry in entries() if entry.msgctxt is None}
    games = set(all_games())
    for entry in entries():
        if entry.msgctxt in games:
            assert entry.msgid in shared, entry.msgid
            placeholders = _catalogs_placeholders(shared[entry.msgid].msgstr[0])
            assert _catalogs_placeholders(entry.msgstr[0]) == placeholders, (entry.msgctxt, entry.msgid)


def _catalogs_placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))


# -- the documents quoted exactly -------------------------------------------------------------------------------------

#: A rule number of a document (5.2.2.4, 601-2a, 12.2.1.1, B-1 6.1.1.3): a quote shortly after one (within NEAR
#: characters: 「5.2.2.4 を訂正して適用。原文は「…」」) is of that document.
RULE = re.compile(r"(?<![\w.])\d+(?:[.\-]\d+)+[a-z]?(?![\w.])")
NEAR = 24
#: Quotes next to a rule number that are not the document's phrase, each with the reason.
NOT_QUOTES: dict[tuple[str, str], str] = {}
_MARKS = str.maketrans("", "", "「」『』“”‘’\"'")


def quotes(text: str) -> list[tuple[str, str]]:
    """Each outermost 「…」 of `text` with what precedes it (nested 「 」 kept inside)."""
    found, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char == "「":
            if depth == 0:
                start = index
            depth += 1
        elif char == "」" and depth:
            depth -= 1
            if depth == 0:
                found.append((text[:start], text[start + 1 : index]))
    return found


def quoted_rules(game_id: str) -> list[tuple[str, str]]:
    """(msgid, quote) of every phrase the game's messages quote right after a rule number (placeholders left out)."""
    found = []
    for (_context, msgid), said in said_by(game_id).items():
        for text in (msgid, said):
            for before, quote in quotes(text):
                if RULE.search(before[-NEAR:]) and "{" not in quote:
                    found.append((msgid, quote))
    return found


@pytest.mark.parametrize("game_id", sorted(FORBIDDEN))
def test_a_quoted_rule_is_the_documents_text(game_id):
    text = document(game_id, tuple(QUOTED.items())).translate(_MARKS)
    found = quoted_rules(game_id)
    wrong = sorted(
        {
            quote
            for _msgid, quote in found
            if (game_id, quote) not in NOT_QUOTES
            and not all(folded(part).translate(_MARKS) in text for part in quote.split("…") if part.strip())
        }
    )
    assert wrong == [], f"{game_id}: quoted next to a rule number but not in its document"


def test_the_quotes_are_found():
    assert any("トリガーを持つカード" in quote for _msgid, quote in quoted_rules("vanguard"))
    assert len([q for game in FORBIDDEN for q in quoted_rules(game)]) > 10


# -- full-width punctuation inside Japanese sentences -----------------------------------------------------------------

_JAPANESE = r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e、。「」『』（）【】ー〜・]"
#: A half-width ; : ( ) | between Japanese characters (or before a placeholder, which stands for a value), or a range
#: written 1..3 in a Japanese sentence (1〜3), also where a letter stands for the number (（t = 1..3）, not a query).
HALF_WIDTH = re.compile(
    rf"{_JAPANESE}[ \t]*[;:()|][ \t]*(?:{_JAPANESE}|\{{)|{_JAPANESE}(?:\d+|\{{\w+\}})\.\.(?:\d+|\{{\w+\}}){_JAPANESE}"
    rf"|[（、][A-Za-z] = \d+\.\.\d+[）、]"
)
#: What is written as the user types it: code in backquotes, quoted syntax ('key: value'), a file:line, an option
#: with its value (--want 'cost=1|2'), and the program's own name before its messages (deckcheck: ...).
_AS_TYPED = re.compile(r"`[^`]*`|'[^'\n]*'|\S+:\d+|--[\w-]+[= ]\S+|^deckcheck:")


def half_width_inside_japanese(text: str) -> list[str]:
    text = _AS_TYPED.sub(" ", text)
    return [text[max(0, found.start() - 10) : found.end() + 10] for found in HALF_WIDTH.finditer(text)]


def test_japanese_sentences_use_full_width_punctuation():
    wrong = [
        (entry.msgid[:60], part)
        for entry in entries()
        for text in entry.msgstr
        for part in half_width_inside_japanese(text)
    ]
    assert wrong == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("注記: {note}", True),
        ("候補(カード)", True),
        ("手札; 山札", True),
        ("自分の1..3ターン目", True),
        ("自分の{first}..{last}ターン目", True),
        ("レベル t 以下のカード（t = 1..3）", True),
        ("コストNのフォロワー（N = 2〜5）", False),
        ("grade=2..（2以上）", False),
        ("範囲（BP01..BP21）", False),
        ("注記：{note}", False),
        ("`deckcheck games` を参照", False),
        ("'キー: 値' ヘッダー", False),
        ("deckcheck: 注記：{note}", False),
        ("QUERY は [K+|>=K |<=K ]FILTER です", False),
    ],
)
def test_the_punctuation_check_sees_half_width_marks(text, found):
    assert bool(half_width_inside_japanese(text)) is found
