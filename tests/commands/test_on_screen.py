"""`check` and `show` on an 80-column screen in Japanese (issue 41): every line fits by display width, the values are
the game's own words (`term`, here with a term table of the test's own), and a standard deck lists no sealed-only
section."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from deckcheck._util.text import display_width
from deckcheck.cli import language
from deckcheck.cli.app import app
from deckcheck.games import all_games
from deckcheck.model import game as game_module

ROOT = Path(__file__).resolve().parents[2]
#: One shipped deck of each game.
DECKS = {
    "vanguard": "decks/vanguard/royal-paladin-altmile.deck.toml",
    "evolve": "decks/evolve/2026-03-21-sword-11MFC.deck.toml",
    "cipher": "decks/cipher/marth-altea.deck.toml",
    "ic-dragonball": "decks/ic-dragonball/raiga-martial-artists.deck.toml",
    "build-divide": "decks/build-divide/yoiyami.deck.toml",
}
#: A word the test's term table says for any value of a field it lists (a number stays a number).
WORD = "用語"


class _EveryValue(dict[str, str]):
    """A term table's field that lists every value."""

    def __contains__(self, value: object) -> bool:
        return True


@pytest.fixture
def term_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every field a game's distributions name, and the deck keys of words and the format, said as WORD."""
    for game in all_games().values():
        fields = {"format", *game.keys.words}
        fields |= {one.field for one in game.profile.distributions(_EmptyDeck(game)) if one.field}
        for name in fields:
            monkeypatch.setitem(game.wording.terms, name, _EveryValue())
    real = game_module.translate_as

    def said(context: str, text: str) -> str:
        if ":" in context and context.split(":", 1)[0] in all_games():
            return text if re.fullmatch(r"[\d—?]+", text) else WORD
        return real(context, text)

    monkeypatch.setattr(game_module, "translate_as", said)


class _EmptyDeck:
    """A deck with no cards: enough to name a game's distributions' fields."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def cards(self, section: str) -> list[Any]:
        return []


def _run(monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("DECKCHECK_LANG", "ja")
    monkeypatch.setenv("COLUMNS", "80")
    language.speak("ja")  # (the English fixture speaks English again after the test)
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def _english_words(text: str, deck: str) -> list[str]:
    """The English words left on screen once what is no value is taken out: the deck's path and its own name, card
    numbers, the section ids beside their words (`[main]`), the game's title (its catalog's), rule ids."""
    from deckcheck.checking.workspace import Workspace

    loaded = Workspace().deck(Path(deck))
    known = [deck, loaded.name or "", loaded.game.said_title, *(entry.shown_name or "" for entry in loaded.entries)]
    for part in sorted(known, key=len, reverse=True):
        text = text.replace(part, " ") if part else text
    text = text.replace("×", " ")  # a bucket's word apart from its copies (`follower×19`)
    text = re.sub(r"\[[a-z]+\]", " ", text)  # the id beside a section's word: what a deck file writes
    text = re.sub(r"\S*\d\S*", " ", text)  # card numbers, regulation names with a date
    text = re.sub(r"\b[a-z-]+\.[a-z.-]+\b", " ", text)  # rule ids
    # a name wrapped over two lines: its words
    theirs = {word for part in known[1:] for word in re.findall(r"[A-Za-z]{2,}", part)}
    return [word for word in re.findall(r"[A-Za-z]{2,}", text) if word not in theirs]


@pytest.mark.parametrize("game_id", sorted(DECKS))
@pytest.mark.parametrize("command", ["check", "show"])
def test_check_and_show_fit_80_columns_in_the_game_s_own_words(game_id, command, term_table, monkeypatch):
    deck = DECKS[game_id]
    out = _run(monkeypatch, command, deck)
    wide = [line for line in out.splitlines() if display_width(line) > 80]
    assert wide == []
    assert _english_words(out, deck) == []
    assert not re.search(r"^pool", out, re.MULTILINE)  # EVOLVE's sealed-only section, on a standard deck


@pytest.mark.parametrize("game_id", sorted(DECKS))
def test_at_40_columns_only_a_single_word_is_wider(game_id, monkeypatch):
    """A path or a card number is never broken: it may stand wider than the screen, alone on its line."""
    import deckcheck.checking.output as output
    import deckcheck.commands.show as show

    monkeypatch.setattr(output, "output_columns", lambda: 40)
    monkeypatch.setattr(show, "output_columns", lambda: 40)
    for command in ("check", "show"):
        out = _run(monkeypatch, command, DECKS[game_id])
        wide = [line.strip() for line in out.splitlines() if display_width(line) > 40]
        assert [line for line in wide if " " in line] == []


def test_a_distribution_continues_under_its_values_each_bucket_whole(monkeypatch):
    import deckcheck.commands.show as show

    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(show, "output_columns", lambda: 40)
    out = CliRunner().invoke(app, ["show", DECKS["evolve"]]).stdout
    lines = out.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("costs:")))
    profile = lines[start : lines.index("", start)]
    assert len(profile) > 4 and all(display_width(line) <= 40 for line in profile)  # costs, classes, types wrapped
    assert all(re.fullmatch(r"\S+×\d+", bucket) for line in profile for bucket in line.split(":")[-1].split())
    assert all(line.startswith(" " * len("evolve deck costs: ")) for line in profile if ":" not in line)
