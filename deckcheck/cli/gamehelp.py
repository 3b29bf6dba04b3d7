"""Help texts that name what the game registry holds, so that no help names a game by hand (issue 37).

A help text (marked N_ and translated as usual) writes a placeholder where it lists the games or their own data;
the placeholder is filled in from deckcheck.games.all_games() only while that help is printed, since listing the
games imports every game's module (a command that runs never pays for it):

- {games}: the games' titles, as the products name themselves (the app's help);
- {deck_keys}, {game_keys}, {card_keys}: the games' own deck keys, each with its game's id, the keys that hold a card
  (`set`);
- {versioned_games}, {rules_versions}, {formats}: the games that have several rules versions, with them, and those
  with several formats, with them (`--as-of`, `--rules`, `--format`);
- {stats_reports}: what `stats` asks of each game's deck without --want (`Game.profile.stats_report_summary`);
- {field_words}: the words of each game's rules document that filters take for a field (`Game.cards.field_words`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from deckcheck import _i18n
from deckcheck._i18n import _, translate
from deckcheck._util.text import joined, wrap_width
from deckcheck.games import all_games
from deckcheck.model.game import Game

_WORD = re.compile(
    r"\{(games|deck_keys|game_keys|card_keys|versioned_games|rules_versions|formats|stats_reports|field_words)\}"
)


def words() -> dict[str, str]:
    """What each placeholder says, in the chosen language."""
    games = list(all_games().values())
    owned = [(key, game.id) for game in games for key in (*game.keys.cards, *game.keys.words)]
    return {
        "games": _and_last([game.said_title for game in games]),
        "deck_keys": joined(key for key, _game in owned),
        "game_keys": joined(_("{key} ({game})").format(key=key, game=game) for key, game in owned),
        "card_keys": joined(key for game in games for key in game.keys.cards),
        "versioned_games": joined(game.id for game in games if len(game.play.versions) > 1),
        "rules_versions": _per_game(
            (game.id, _(" or ").join(version.version for version in game.play.versions))
            for game in games
            if len(game.play.versions) > 1
        ),
        "formats": _per_game((game.id, joined(game.play.formats)) for game in games if len(game.play.formats) > 1),
        "stats_reports": _stats_reports(games),
        "field_words": _field_lines(games),
    }


#: The width of a help's own text (80 columns, less its indent): a list printed as written is wrapped to it here.
_HELP_WIDTH = 76


def _field_lines(games: list[Game[Any]]) -> str:
    """A paragraph printed as written (click's \\b): a line per game, 'vanguard: カード名 (name), ...', wrapped by
    display width (click wraps by characters, and a Japanese character takes two columns), continued indented."""
    lines = []
    for game in games:
        if game.cards.field_words:
            said = _("{game}: {values}").format(game=game.id, values=field_words(game))
            wide = _i18n.language() != "en"  # Japanese breaks between any two characters, English at spaces
            first = wrap_width(said, _HELP_WIDTH, between_wide=wide)[0]
            rest = said.strip()[len(first) :].strip()
            lines += [first, *(f"  {line}" for line in wrap_width(rest, _HELP_WIDTH - 2, between_wide=wide))]
    return "\b\n" + "\n".join(line for line in lines if line.strip())


def field_words(game: Game[Any]) -> str:
    """'カード名 (name), グレード (grade), ...': the rules document's words a filter takes, each with its field."""
    return joined(_("{word} ({field})").format(word=one.word, field=one.field) for one in game.cards.field_words)


def _and_last(items: list[str]) -> str:
    """'A, B and C' in English, 'A、B、C' in Japanese."""
    if len(items) < 2:
        return joined(items)
    return _("{items} and {last}").format(items=joined(items[:-1]), last=items[-1])


def _per_game(values: Iterator[tuple[str, str]]) -> str:
    """'evolve: 1.7.0 or 1.24.1' for each game that has values."""
    return _("; ").join(_("{game}: {values}").format(game=game, values=said) for game, said in values)


def _stats_reports(games: list[Game[Any]]) -> str:
    """'vanguard — the ride chain (...); evolve — ...': each game's default report, as its module says it."""
    reports = [
        _("{game} — {report}").format(game=game.id, report=translate(game.profile.stats_report_summary))
        for game in games
        if game.profile.stats_report_summary
    ]
    text = reports[0] if reports else ""
    for report in reports[1:]:
        # Translators: between the default reports of two games in `stats --help` (Japanese: 。)
        text = _("{reports}; {report}").format(reports=text, report=report)
    return text


@contextmanager
def filled(command: Any) -> Iterator[None]:
    """The help texts of a click command and its parameters with the placeholders filled in, while its help is
    printed (then as they were: the command line is built once, its helps translated once)."""
    texts = [item for item in (command, *command.params) if item.help and _WORD.search(item.help)]
    if not texts:
        yield
        return
    said = words()
    written = [item.help for item in texts]
    for item in texts:
        item.help = _WORD.sub(lambda match: said[match[1]], item.help)
    try:
        yield
    finally:
        for item, text in zip(texts, written, strict=True):
            item.help = text
