"""`deckcheck games` and `deckcheck rules GAME`: the listings as text for people and JSON for programs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck.model.deck import COMMON_KEYS
from deckcheck.model.game import Game

if TYPE_CHECKING:
    from deckcheck._api import RuleListing


def games_json(games: list[Game]) -> dict[str, Any]:
    listed = [
        {
            "id": game.id,
            "title": game.title,
            "rules_document": game.rules_document,
            "sections": list(game.sections),
            "keys": [*COMMON_KEYS, *game.deck_keys],
        }
        for game in games
    ]
    return {"games": listed}


def games_text(games: list[Game]) -> list[str]:
    lines = []
    for game in games:
        keys = f"; keys: {', '.join(game.deck_keys)}" if game.deck_keys else ""
        lines += [f"{game.id:<14} {game.title}", f"{'':<14} sections: {', '.join(game.sections)}{keys}"]
        lines.append(f"{'':<14} rules: {game.rules_document}")
    return lines


def rules_json(listing: RuleListing) -> dict[str, Any]:
    game = listing.game
    regulations = []
    for regulation in listing.regulations.ordered():
        banned = sum(1 for entry in regulation.listings if entry.limit == 0)
        regulations.append({**regulation.to_json(), "banned": banned, "limited": len(regulation.listings) - banned})
    return {
        "game": game.id,
        "title": game.title,
        "rules_document": game.rules_document,
        "rules": [
            {"id": rule.id, "severity": rule.severity, "ref": rule.ref, "refs": rule.refs, "summary": rule.summary}
            for rule in game.rules
        ],
        "common_rules": [rule.id for rule in listing.shared],
        "regulations": regulations,
    }


def rules_text(listing: RuleListing) -> list[str]:
    game = listing.game
    lines = [f"{game.title} — {game.rules_document}"]
    for rule in game.rules:
        lines += [f"  {rule.id:<32} {rule.severity:<7} [{rule.refs}]", f"  {'':<32} {rule.summary}"]
    lines.append(f"Every game also has: {', '.join(rule.id for rule in listing.shared)}.")
    return lines + listing.regulations.listing()
