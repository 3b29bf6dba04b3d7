"""The games' term tables (deckcheck.model.game.Wording.terms, issue 41): every value a table lists is said in
Japanese by a catalog entry of the context `GAME:FIELD`, and that word is the rules document's own (it occurs in the
game's document, ../shared beside the checkout as CI has it); `term` says it, and a value the table does not list
reads as stored."""

from __future__ import annotations

import importlib.util
import sys
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from deckcheck import _i18n
from deckcheck.games import all_games
from deckcheck.model.game import term

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
#: Each game's rules documents (the seeds and the newer ones): where its words must occur.
DOCUMENTS = {
    "vanguard": ("seeds/000_0fb8db238d11ca14.txt",),
    "ic-dragonball": ("seeds/001_aa1cf9ba4a76fa5b.txt",),
    "cipher": ("seeds/002_5f28ee5a5b28c049.txt",),
    "build-divide": ("seeds/003_db370a14a04b3230.txt",),
    "evolve": ("seeds/004_4962968c595c1b1f.txt", "rules/evolve-1.24.1.txt", "rules/evolve-1.26.1.txt"),
}


def _catalogs():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("catalogs", module)
    spec.loader.exec_module(module)
    return module


def _folded(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


@cache
def document(game_id: str) -> str:
    paths = [SHARED / name for name in DOCUMENTS[game_id]]
    missing = [str(path) for path in paths if not path.is_file()]
    assert not missing, f"the rules documents are read from ../shared beside the checkout: {missing}"
    return "\n".join(_folded(path.read_text(encoding="utf-8")) for path in paths)


@cache
def japanese_terms() -> dict[tuple[str | None, str], str]:
    catalogs = _catalogs()
    po = ROOT / "deckcheck" / "locale" / "ja" / "LC_MESSAGES" / "deckcheck.po"
    return {entry.key: entry.msgstr[0] for entry in catalogs.read_po(po)[1:] if entry.msgctxt}


def test_every_game_has_its_documents_listed():
    assert set(DOCUMENTS) >= set(all_games())


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_each_term_is_the_rules_documents_own_word(game_id):
    game = all_games()[game_id]
    text = document(game_id) if game.wording.terms else ""
    wrong = []
    for field_name, values in game.wording.terms.items():
        for value, ref in values.items():
            assert ref, f"{game_id}:{field_name} {value!r} names no rule of its document"
            said = japanese_terms().get((f"{game_id}:{field_name}", value), "")
            # a word may be quoted with the document's own marks around it (《 》, 「 」): the word is what is held
            word = _folded(said).strip("《》「」【】")
            if not word or word not in text:
                wrong.append((field_name, value, said))
    assert wrong == [], "not in the rules document (or not in the catalog)"


def test_term_says_a_listed_value_in_the_chosen_language_and_any_other_as_stored(monkeypatch):
    game = all_games()["vanguard"]
    monkeypatch.setitem(game.wording.terms, "_test_field", {"critical": "2.7"})

    class Catalog:
        def pgettext(self, context, message):
            return "クリティカル" if (context, message) == ("vanguard:_test_field", "critical") else message

        def gettext(self, message):
            return message

    monkeypatch.setattr(_i18n, "_translation", Catalog())
    assert term(game, "_test_field", "critical") == "クリティカル"
    assert term(game, "_test_field", "heal") == "heal"
    assert term(game, "no_such_field", "critical") == "critical"
    assert term(game, "_test_field", None) == "—"
    monkeypatch.setattr(_i18n, "_translation", None)
    assert term(game, "_test_field", "critical") == "critical"
