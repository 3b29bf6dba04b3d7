"""Checking one deck: the rules every game shares, its game's rules, a regulation's, and where each finding stands."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from deckcheck._i18n import _, translate
from deckcheck._util.safetext import quoted
from deckcheck._util.text import joined
from deckcheck.carddb.db import CardDB, other_games_of
from deckcheck.checking.judging import Judging, Mode, ReportKeywords, judging_from
from deckcheck.checking.report import DeckReport
from deckcheck.checking.rules import BAD_COUNT, NUMBER_NAME, PASTED_READING, UNKNOWN_CARD, UNKNOWN_SECTION
from deckcheck.checking.workspace import Workspace, default_workspace
from deckcheck.errors import mention, spoken
from deckcheck.model.deck import COUNT_DIGITS, MAX_COUNT, Deck
from deckcheck.model.violation import Violation

if TYPE_CHECKING:  # deckcheck.checking.regulations is imported only when a regulation may apply
    from typing import Unpack

    from deckcheck.checking.regulations import BoundRegulation, Regulation

# The rules of every game ---------------------------------------------------------------------------


def common_violations(deck: Deck[Any], db: CardDB | None = None) -> list[Violation]:
    """`deck.unknown-section`, `deck.bad-count` and `deck.unknown-card`, in file order."""
    found: list[Violation] = []
    game = deck.game
    for section, line in deck.source.sections.items():
        said = (
            _("Section {section}{at} is not an {game} deck section; the sections are: {sections}.")
            if _vowel(game.title)
            else _("Section {section}{at} is not a {game} deck section; the sections are: {sections}.")
        )
        message = said.format(
            section=quoted(section), at=_in_line(line), game=game.said_title, sections=joined(game.sections)
        )
        found.append(Violation(rule=UNKNOWN_SECTION, severity="error", section=section, message=message))
    found.extend(_sections_of_other_formats(deck))
    if deck.source.pasted is not None:  # what reading a pasted list guessed, or could not read
        found.extend(_reading(note.section, note.message, note.line, note.kind) for note in deck.source.pasted.notes)
    found.extend(_heading_counts(deck))
    sections = game.sections
    asked: set[str] = set()  # the unknown keys suggestions were worked out for
    noted: list[str] = []  # the note on unknown Japanese names, once a deck has had it
    for entry in deck.entries:
        if entry.card is not None and entry.count is not None and entry.note is None and entry.reading is None:
            continue  # nearly every entry: nothing to say
        deck.source.locate()
        at = _on_line(entry.line)
        if entry.reading is not None:  # a text line's name read as the card it names loosely
            cards = [entry.card.number] if entry.card else []
            found.append(_reading(entry.section, entry.reading, entry.line, "name", cards))
        if entry.note is not None:
            found.append(
                Violation(
                    rule=NUMBER_NAME,
                    severity="warning",
                    section=entry.section,
                    message=_sentence(entry.note),
                    cards=[entry.card.number] if entry.card else [],
                    line=entry.line,
                )
            )
        if entry.count is None:
            said = (
                _("{key}{at} names a card but has no count; write its count first.")
                if entry.raw_count is None
                else _("{key}{at} has count {count}; a count must be a positive whole number.")
            )
            found.append(
                Violation(
                    rule=BAD_COUNT,
                    severity="error",
                    section=entry.section,
                    message=said.format(key=quoted(entry.key), at=at, count=_shown_count(entry.raw_count)),
                    cards=[entry.card.number] if entry.card else [],
                    line=entry.line,
                    end_line=entry.end_line,
                )
            )
        if entry.card is None and entry.section in sections:
            note = _name_note(db, entry.key, noted)
            unknown = _unknown_card(
                deck, entry.section, entry.key, at, _suggesting(db, entry.key, asked), entry.line, note
            )
            unknown.end_line = entry.end_line
            found.append(unknown)
    for key, card in deck.key_cards.items():
        if card is None:
            deck.source.locate()
            suggesting, note = _suggesting(db, key, asked), _name_note(db, deck.source.keys[key], noted)
            found.append(
                _unknown_card(deck, key, deck.source.keys[key], "", suggesting, deck.source.key_lines.get(key), note)
            )
    if db is not None and any(violation.rule == UNKNOWN_CARD for violation in found):
        _hint_other_games(deck, db, [violation for violation in found if violation.rule == UNKNOWN_CARD])
    return found


def _heading_counts(deck: Deck[Any]) -> list[Violation]:
    """A text decklist's heading that says its count (`## Gデッキ(16)`) over card lines adding up to another: the
    warning a pasted list's subtotal gives (deck.pasted-reading, kind `subtotal`)."""
    headings = deck.source.headings
    if not any(said is not None for _line, _section, said in headings):
        return []
    found = []
    parts = deck.source.part_headings
    for index, (line, section, said) in enumerate(headings):
        if said is None:
            continue
        # a section's heading counts up to the next section's, a part's (`◆G3(9枚)`) up to the next heading
        end = next(
            (after for after, _section, _said in headings[index + 1 :] if line in parts or after not in parts), None
        )
        copies = sum(
            entry.count
            for entry in deck.entries
            if entry.count is not None
            and entry.line is not None
            and line < entry.line
            and (end is None or entry.line < end)
        )
        if copies != said:
            message = _("the heading says {said} cards, but the card lines under it add up to {copies}").format(
                said=said, copies=copies
            )
            found.append(_reading(section, message, line, "subtotal"))
    return found


def _reading(
    section: str | None, message: str, line: int | None, kind: str, cards: list[str] | None = None
) -> Violation:
    """A deck.pasted-reading warning: what reading the deck guessed or could not read (`kind`: name, subtotal, ...)."""
    return Violation(
        rule=PASTED_READING,
        severity="warning",
        section=section,
        message=_sentence(message),
        cards=cards or [],
        line=line,
        extra={"kind": kind},
    )


def _hint_other_games(deck: Deck[Any], db: CardDB, unknown: list[Violation]) -> None:
    """A deck naming another game's cards (a wrong `game` key): the first unknown-card finding of the game that
    knows most of them says so, `these 12 cards are Shadowverse EVOLVE cards: game = "evolve"?`."""
    keys = [str(violation.extra["key"]) for violation in unknown]
    others = other_games_of(db, keys)
    if not others:
        return
    game, known = others[0]
    count, total = len(known), len(set(keys))
    written = {"toml": f'game = "{game.id}"', "pasted": f"--game {game.id}"}.get(deck.source.format, f"game: {game.id}")
    an = _vowel(game.title)
    if total == 1:
        said = _(" It is an {game} card: {written}?") if an else _(" It is a {game} card: {written}?")
    elif count == total:
        said = _(" These {count} unknown cards are {game} cards: {written}?")
    elif count == 1:
        said = (
            _(" 1 of the {total} unknown cards is an {game} card: {written}?")
            if an
            else _(" 1 of the {total} unknown cards is a {game} card: {written}?")
        )
    else:
        said = _(" {count} of the {total} unknown cards are {game} cards: {written}?")
    first = next(violation for violation in unknown if violation.extra["key"] in known)
    first.message += said.format(game=game.said_title, written=written, count=count, total=total)
    first.extra["other_game"] = {"game": game.id, "cards": count}


def _sections_of_other_formats(deck: Deck[Any]) -> list[Violation]:
    """A section only another format has (EVOLVE's sealed `pool`): not a section of this deck, and why."""
    game, chosen = deck.game, deck.rules
    found = []
    for section, formats in game.play.format_sections.items():
        if chosen.format in formats or not (deck.section_entries(section) or section in deck.source.section_lines):
            continue
        line = deck.source.section_lines.get(section)
        ref = game.play.format_refs.get(formats[0])
        message = _(
            "Section {section}{at} belongs to the {formats} format only ({ref}); this deck's format is {format}."
        ).format(
            section=quoted(section),
            at=_in_line(line),
            formats=" / ".join(formats),
            ref=translate(ref) if ref else _("its rules"),
            format=chosen.format,
        )
        found.append(Violation(rule=UNKNOWN_SECTION, severity="error", section=section, message=message))
    return found


def _shown_count(value: Any) -> str:
    """A bad count as written; a whole number too large to be a count by its size (it may have thousands of
    digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_COUNT:
        return _("{start}… ({digits} digits, more than the {most} a count may have)").format(
            start=repr(value)[:8], digits=f"{len(str(value)):,}", most=COUNT_DIGITS
        )
    return repr(value)


#: Suggestions are worked out for this many different unknown keys of a deck; a deck of thousands of unknown keys
#: (a wrong game, a damaged file) is reported without them, in time proportional to its size.
SUGGESTED_KEYS_PER_DECK = 25


def _name_note(db: CardDB | None, key: str, noted: list[str]) -> str:
    """What an unknown key written in Japanese adds where the card names are English (Cipher): which sets have
    Japanese names here, and to write the card number; said once per deck, on its first such key."""
    if db is None or noted:
        return ""
    note = db.unknown_name_note(key)
    if note:
        noted.append(note)
    return note


def _suggesting(db: CardDB | None, key: str, asked: set[str]) -> CardDB | None:
    """`db` while the deck's budget of suggested keys lasts (a key already asked about costs nothing), else None."""
    if db is None or (key not in asked and len(asked) >= SUGGESTED_KEYS_PER_DECK):
        return None
    asked.add(key)
    return db


def _unknown_card(
    deck: Deck[Any], section: str, key: str, at: str, db: CardDB | None, line: int | None = None, note: str = ""
) -> Violation:
    extra: dict[str, Any] = {}
    newer = db.newer_product(key) if db is not None else None
    if newer is not None:  # BP22-001 when the data ends at BP21: no typo to suggest a card for
        manifest, product = newer
        note += manifest.newer_product_note(product, deck.game.said_title)
        extra["newer_product"] = {"product": product, "newest": manifest.newest, "date": manifest.date}
        db = None
    hints = db.suggest(key) if db is not None else []
    hint = _(" Did you mean: {cards}?").format(cards="; ".join(hints)) if hints else ""
    title = deck.game.title
    said = (
        _("{key}{at} is not an {game} card number or name in the card database.{note}{hint}")
        if _vowel(title)
        else _("{key}{at} is not a {game} card number or name in the card database.{note}{hint}")
    )
    return Violation(
        rule=UNKNOWN_CARD,
        severity="error",
        section=section,
        message=said.format(key=quoted(key), at=at, game=deck.game.said_title, note=note, hint=hint),
        extra={"key": key, "suggestions": hints, **extra},
        line=line,
    )


def check_deck(deck: Deck[Any], db: CardDB | None = None, regulation: BoundRegulation | None = None) -> list[Violation]:
    """Every violation of a deck, in line order; on one line the shared deck rules first, then the game's rules in
    spec order, then the regulation's banned and restricted cards (when one is given)."""
    violations = common_violations(deck, db)
    chosen = deck.rules
    for rule in deck.game.rules:
        if rule.applies(chosen.version, chosen.format, chosen.additions):
            violations.extend(rule.run(deck))
    if regulation is not None:
        violations.extend(regulation.violations(deck))
    if violations:
        place_violations(deck, violations)
        # in line order, as a reader goes down the file (a violation with no line, about the whole deck, first); the
        # sort is stable, so the violations of one line stay in rule order
        violations.sort(key=lambda violation: violation.line or 0)
    return violations


def place_violations(deck: Deck[Any], violations: list[Violation]) -> None:
    """Give each violation its line (contract, "Checking"): the first entry of its cards in the file, else its
    section's header (or its key, for `lord`), else the deck key it is about (evolve's `basis`), else none."""
    source = deck.source
    source.locate()
    for violation in violations:
        if violation.line is None:
            violation.line, violation.end_line = _lines_of(deck, violation)


def _lines_of(deck: Deck[Any], violation: Violation) -> tuple[int | None, int | None]:
    """The violation's line, and the last line of its entry when that entry spans lines; a finding about a card key
    (cipher's `lord`) stands on the key's line, even where the section holds its card too."""
    if violation.section in deck.game.keys.cards and (line := deck.source.key_lines.get(violation.section)):
        return line, None
    if violation.cards:
        wanted = set(violation.cards)
        involved = [e for e in deck.entries if e.card is not None and e.card.number in wanted and e.line]
        in_section = [e for e in involved if e.section == violation.section]
        if in_section or involved:
            first = min(in_section or involved, key=lambda entry: entry.line or 0)
            return first.line, first.end_line
    return _line_of(deck, violation), None


def _line_of(deck: Deck[Any], violation: Violation) -> int | None:
    source = deck.source
    if violation.cards:
        wanted = set(violation.cards)
        keyed = [key for key, card in deck.key_cards.items() if card is not None and card.number in wanted]
        if keyed and (line := source.key_lines.get(keyed[0])):
            return line
    if violation.section is not None:
        section = violation.section
        # its header, else (a text decklist's cards before any header: `main` has none) its first entry
        first_entry = min((e.line for e in deck.entries if e.section == section and e.line), default=None)
        return source.section_lines.get(section) or source.key_lines.get(section) or first_entry
    if violation.deck_key is not None:  # about a key (evolve's `basis`) or a whole section (its leader)
        key = violation.deck_key
        entries = [e.line for e in deck.entries if e.section == key and e.line]
        return source.key_lines.get(key) or min(entries, default=None) or source.section_lines.get(key)
    return None


def report_deck(
    deck: Deck[Any],
    db: CardDB | None = None,
    regulation: str | Regulation | BoundRegulation | None = None,
    *,
    judging: Judging | None = None,
    workspace: Workspace | None = None,
    **keywords: Unpack[ReportKeywords],
) -> DeckReport:
    """The verdict on one deck, judged by `judging` (deckcheck.checking.judging.Judging) with the regulations and, when
    `db` is None, the card database of `workspace` (None: the default workspace of `carddb_dirs`).

    Without `judging` the keywords build one: `regulation` (a name), `as_of` (a date or "YYYY-MM-DD"), `rules`,
    `format`, `no_regulation`; with ``deck_key=True`` or ``today=True`` the deck's own `regulation` key and the
    regulation in force today count too, as `deckcheck check` and :func:`deckcheck.check` judge (mode "check"), and
    with neither only what was asked for (nothing asked: no regulation applies and no regulation file is read).
    `regulation` may also be a Regulation or a BoundRegulation, applied as it is. An unknown name or a broken
    regulation file raises DeckcheckError; a day with no regulation in force selects none (judged without one:
    `note` says so for `as_of`, `why_no_regulation` for today)."""
    given = regulation if regulation is not None and not isinstance(regulation, str) else None
    if judging is None:
        mode: Mode = "check" if keywords.get("deck_key") or keywords.get("today") else "asked"
        judging = judging_from(keywords, mode, regulation if isinstance(regulation, str) else None)
    elif isinstance(regulation, str) or keywords:
        raise TypeError("report_deck takes a Judging or its keywords (and a regulation name), not both")
    if workspace is None:
        workspace = default_workspace(keywords.get("carddb_dirs", ()))
    return judge_deck(deck, db, judging, workspace, given)


def judge_deck(
    deck: Deck[Any],
    db: CardDB | None,
    judging: Judging,
    workspace: Workspace,
    regulation: Regulation | BoundRegulation | None = None,
) -> DeckReport:
    """The verdict on one deck as `judging` says (report_deck without its keywords); `regulation`, if given, is
    applied instead of the one `judging` would choose."""
    started = time.perf_counter()
    judging.choose_rules(deck)  # asked for: over any choice made before
    why_none: list[str] = []
    bound = None
    if not judging.no_regulation:
        bound = _bound_regulation(deck, db, judging, workspace, regulation, why_none)
    report = DeckReport(
        path=deck.path,
        game=deck.game.id,
        name=deck.name,
        counts=deck.counts(),
        violations=check_deck(deck, db, bound),
        regulation=bound.regulation if bound is not None else None,
        why_no_regulation=spoken(mention("no_regulation")) if judging.no_regulation else notes_joined(why_none) or None,
    )
    if (unreadable := deck.source.unreadable) is not None:  # a partly unreadable decklist: which lines
        lines = [problem.line for problem in unreadable.details] or [unreadable.line]
        report.unreadable_lines = sorted({line for line in lines if line})
        report.unread = list(getattr(unreadable, "unread", ()))
    if bound is None and judging.as_of is not None:  # only a date before every regulation of the game selects none
        report.note = spoken(
            _("{option} {day}: no {game} regulation was in force; judged without a regulation").format(
                option=mention("as_of"), day=judging.as_of.isoformat(), game=deck.game.id
            )
        )
    if deck.game.play.versions:
        report.rules = deck.rules
        notes = [*deck.rules.notes, *deck.rules_notes, *([report.note] if report.note else [])]
        report.note = notes_joined(notes) or None
    report.seconds = time.perf_counter() - started
    return report


def _bound_regulation(
    deck: Deck[Any],
    db: CardDB | None,
    judging: Judging,
    workspace: Workspace,
    regulation: Regulation | BoundRegulation | None,
    why_none: list[str],
) -> BoundRegulation | None:
    if regulation is None:
        if judging.regulation is None and judging.as_of is None and judging.mode == "asked":
            return None  # nothing asked: no card database loaded, no regulation file read
        db = db if db is not None else workspace.carddb(deck.game.id)
        return judging.regulation_for(deck, db, workspace, why_none)
    from deckcheck.checking.regulations import BoundRegulation  # deferred: a regulation given

    if isinstance(regulation, BoundRegulation):
        return regulation
    return regulation.bind(db if db is not None else workspace.carddb(deck.game.id))


def _sentence(text: str) -> str:
    """A note as a violation's message: its first letter upper-cased, a full stop at the end (the language's)."""
    return _("{note}.").format(note=f"{text[:1].upper()}{text[1:]}")


def notes_joined(notes: list[str]) -> str:
    """Notes said one after another: 'a; b' ('a。b' in Japanese)."""
    text = notes[0] if notes else ""
    for note in notes[1:]:
        text = _("{note}; {next}").format(note=text, next=note)
    return text


def _vowel(title: str) -> bool:
    """Whether English writes 'an' before `title` (by its first letter): the message is chosen whole, "an {game}"
    or "a {game}", so that another language writes it as it must."""
    return title[:1].lower() in "aeiou"


def _in_line(line: int | None) -> str:
    """' (line 3)' after what a message names, or nothing when the line is not known."""
    return _(" (line {line})").format(line=line) if line else ""


def _on_line(line: int | None) -> str:
    """' on line 3' after what a message names, or nothing when the line is not known."""
    return _(" on line {line}").format(line=line) if line else ""
