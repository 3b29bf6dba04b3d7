"""Shell completion (issue 42): `deckcheck --install-completion` installs a script; TAB completes game ids, the
sections of a deck's game and its cards' numbers and names (kana- and width-folded, as the reader matches names).
Driven as the shell drives it: the completion variables in the environment of a real `deckcheck` process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"
RUN = "import sys; sys.argv[0] = 'deckcheck'; from deckcheck.__main__ import main; main()"


def _complete(words: str, index: int) -> list[str]:
    env = os.environ | {"COMP_WORDS": words, "COMP_CWORD": str(index), "_DECKCHECK_COMPLETE": "complete_bash"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-c", RUN], env=env, capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [line for line in done.stdout.splitlines() if line]


def test_game_ids_complete():
    assert _complete("deckcheck check --game v", 3) == ["vanguard"]
    assert _complete("deckcheck check --game ", 3) == ["build-divide", "cipher", "evolve", "ic-dragonball", "vanguard"]


def test_card_names_complete_as_the_reader_matches_them():
    found = _complete(f"deckcheck add {DECK} ぶらすたー", 3)
    assert "ブラスター・ブレード" in found
    assert all(name.startswith("ブラスター") for name in found)
    assert _complete(f"deckcheck add {DECK} G-BT01/00", 3)[:2] == ["G-BT01/001", "G-BT01/002"]


@pytest.mark.parametrize("deck", ["/no/such/deck.toml", str(ROOT / "README.md")])
def test_an_unreadable_deck_completes_no_card_and_breaks_nothing(deck):
    assert _complete(f"deckcheck add {deck} ぶらすたー", 3) == []


def test_sections_complete_with_the_games_sections():
    from deckcheck.cli import completion

    class Known:
        params = {"path": DECK}

    assert completion.sections(Known(), "") == ["main", "g"]  # type: ignore[arg-type]
    every = _complete("deckcheck add --section ", 3)  # the deck not yet typed: every game's sections
    assert {"main", "g", "d", "territory", "leader", "evolve"} <= set(every)
