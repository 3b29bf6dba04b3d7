"""`deckcheck games` and `deckcheck rules GAME`: the listings as text for people and JSON for programs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck._i18n import N_, _, language, pgettext, said_date, translate, translate_as
from deckcheck._util.text import display_width, joined
from deckcheck.carddb import db as carddb
from deckcheck.carddb.manifest import load_manifest
from deckcheck.errors import mention, spoken
from deckcheck.model.deck import COMMON_KEYS
from deckcheck.model.game import Game, rules_document_of, term
from deckcheck.model.versions import FORMAT_KEY

if TYPE_CHECKING:
    from deckcheck._api import RuleListing


def games_json(games: list[Game[Any]]) -> dict[str, Any]:
    listed = [
        {
            "id": game.id,
            "title": game.title,
            "rules_document": rules_document_of(game, translated=False),
            "sections": list(game.sections_of(game.play.formats[0])),
            "keys": [*COMMON_KEYS, *game.deck_keys],
        }
        | _versions_json(game)
        | _data_json(game)
        for game in games
    ]
    return {"games": listed}


def _data_json(game: Game[Any]) -> dict[str, Any]:
    """`data`: what the shipped card data of the game is and how old (its manifest; a broken one is exit 2)."""
    manifest = load_manifest(game.id, carddb.shipped_carddb_dir())
    return {"data": manifest.to_json()} if manifest is not None else {}


def _versions_json(game: Game[Any]) -> dict[str, Any]:
    """A game's rules versions and formats, for a game that has more than one of either."""
    if not game.play.versions and len(game.play.formats) == 1:
        return {}
    return {
        "rules_versions": [{"version": v.version, "effective": v.effective.isoformat()} for v in game.play.versions],
        "formats": list(game.play.formats),
        "format_sections": {section: list(formats) for section, formats in game.play.format_sections.items()},
    }


def games_text(games: list[Game[Any]]) -> list[str]:
    """The games for people, in the chosen language (ids, section and key names, titles and versions as written)."""
    lines = []
    for game in games:
        sections = joined(_named(game, game.sections_of(game.play.formats[0]), game.wording.section_labels))
        if game.deck_keys:
            keys = joined(_named(game, game.deck_keys, _PLAY_KEYS | game.wording.key_labels))
            said = _("sections: {sections}; keys: {keys}").format(sections=sections, keys=keys)
        else:
            said = _("sections: {sections}").format(sections=sections)
        lines += [f"{game.id:<14} {game.said_title}", f"{'':<14} {said}"]
        lines.append(f"{'':<14} " + _("rules: {document}").format(document=rules_document_of(game)))
        lines += _versions_text(game)
        if (manifest := load_manifest(game.id, carddb.shipped_carddb_dir())) is not None:
            lines.append(f"{'':<14} {manifest.text()}")
    return lines


#: The words of the deck keys every game with rules versions or formats has (`Game.deck_keys`).
_PLAY_KEYS = {"rules": N_("Rules version"), "format": N_("Format")}


def _named(game: Game[Any], ids: Any, labels: dict[str, str]) -> list[str]:
    """Section or key ids as a person reads them: the ids themselves in English (what a deck file writes); in another
    language the game's word first and the id beside it (メインデッキ（main）), the id alone where there is no word."""
    if language() == "en":
        return list(ids)
    said = []
    for one in ids:
        label = labels.get(one)
        # Translators: a section or a deck key of a game as `games` lists it: the game's word, the id a deck writes
        said.append(_("{label} ({id})").format(label=translate_as(game.id, label), id=one) if label else one)
    return said


def _formats(game: Game[Any], formats: Any) -> str:
    """A game's formats as its documents name them (シールド戦), the id beside the word outside English."""
    if language() == "en":
        return joined(formats)
    said = ((term(game, FORMAT_KEY, one), one) for one in formats)  # a format without a word of its own: its id
    return joined(label if label == one else _("{label} ({id})").format(label=label, id=one) for label, one in said)


def _clauses(parts: list[str]) -> str:
    # Translators: between two clauses of one line of a listing (`formats: …; `pool` in sealed only`); Japanese
    # ends the first sentence (。)
    return pgettext("between sentences", "; ").join(parts)


def _versions_text(game: Game[Any]) -> list[str]:
    lines = []
    if game.play.versions:
        versions = joined(
            _("{version} (from {date})").format(version=v.version, date=said_date(v.effective.isoformat()))
            for v in game.play.versions
        )
        said = _("rules versions: {versions}; the newest by default, {rules} or {as_of} choose")
        said = spoken(said.format(versions=versions, rules=mention("rules"), as_of=mention("as_of")))
        lines.append(f"{'':<14} " + said)
    if len(game.play.formats) > 1:
        extra = [
            _("`{section}` in {formats} only").format(
                section=s, formats=joined(term(game, FORMAT_KEY, one) for one in f)
            )
            for s, f in game.play.format_sections.items()
        ]
        said = _("formats: {formats} (deck key `format`)").format(formats=_formats(game, game.play.formats))
        lines.append(f"{'':<14} {_clauses([said, *extra])}")
    return lines


def _applies(rule: Any, game: Game[Any]) -> str:
    """' (Ver.1.24.1 on; crossover)': where a rule applies, when not everywhere; ' (Ver.1.24.1 on, and Ver.1.7.0
    from 2024-06-28)' when a dated choice of an older version applies it too (Play.version_additions)."""
    parts = [_("Ver.{version} on").format(version=rule.since)] if rule.since else []
    for addition in game.play.version_additions:
        if parts and rule.id in addition.rules:
            parts[0] = _("{since}, and Ver.{version} from {day}").format(
                since=parts[0], version=addition.version, day=said_date(addition.effective.isoformat())
            )
    parts += [joined(term(game, FORMAT_KEY, one) for one in rule.formats)] if rule.formats else []
    # Translators: where a rule applies, after its summary (the leading blank is the English spacing)
    # Translators: between the parts of that parenthesis (Japanese: the ideographic comma)
    return _(" ({where})").format(where=pgettext("within parentheses", "; ").join(parts)) if parts else ""


def _added_json(game: Game[Any], rule_id: str) -> dict[str, Any]:
    """`also`: the older versions that apply the rule from a day on (Play.version_additions)."""
    also = [
        {"version": addition.version, "from": addition.effective.isoformat()}
        for addition in game.play.version_additions
        if rule_id in addition.rules
    ]
    return {"also": also} if also else {}


def rules_json(listing: RuleListing) -> dict[str, Any]:
    game = listing.game
    regulations = []
    for regulation in listing.regulations.ordered():
        banned = sum(1 for entry in regulation.listings if entry.limit == 0)
        regulations.append({**regulation.to_json(), "banned": banned, "limited": len(regulation.listings) - banned})
    return {
        "game": game.id,
        "title": game.title,
        "rules_document": rules_document_of(game, translated=False),
        "rules": [
            {"id": rule.id, "severity": rule.severity, "ref": rule.ref, "refs": rule.refs, "summary": rule.summary}
            | ({"since": rule.since} if rule.since else {})
            | _added_json(game, rule.id)
            | ({"formats": list(rule.formats)} if rule.formats else {})
            for rule in game.rules
        ],
        "common_rules": [rule.id for rule in listing.shared],
        # the rules document's words that filters take for a card field (`グレード=3` is `grade=3`)
        "field_words": [{"word": one.word, "field": one.field, "ref": one.ref} for one in game.cards.field_words],
        "regulations": regulations,
    } | _versions_json(game)


def rules_text(listing: RuleListing) -> list[str]:
    game = listing.game
    lines = [f"{game.said_title} — {rules_document_of(game)}", *(line.strip() for line in _versions_text(game))]
    severities = {"error": _("error"), "warning": _("warning")}
    width = max(display_width(word) for word in severities.values())
    for rule in game.rules:
        severity = severities.get(rule.severity, rule.severity)
        severity += " " * (width - display_width(severity))
        summary = translate(rule.summary)
        lines += [f"  {rule.id:<32} {severity} [{translate(rule.refs)}]", f"  {'':<32} {summary}{_applies(rule, game)}"]
    lines.append(_("Every game also has: {rules}.").format(rules=joined(rule.id for rule in listing.shared)))
    if game.cards.field_words:
        words = joined(
            _("{word} ({field}, {ref})").format(word=one.word, field=one.field, ref=one.ref)
            for one in game.cards.field_words
        )
        lines.append(
            _("Filters (--want, cards search) take the rules document's field words: {words}.").format(words=words)
        )
    return lines + listing.regulations.listing()
