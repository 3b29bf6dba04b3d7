"""The deck builder: `new`, `add`, `remove` and `set`, and the one-line state a deck shows after each edit.

An edit changes the file as little as it can: the count on the card's own line, a new line at the end of its
section, or a line removed, so comments, blank lines and the user's layout stay as they were (see
:mod:`deckcheck.formats.edit`). The edited file is read back and compared with what the edit should give before it
replaces the old one; when a small edit is not possible the deck is rewritten whole (tomli-w for TOML), and if
that would drop comments the command refuses unless `--force`. A text decklist's line edit that would not read back
as intended is refused unless `--force` (a whole rewrite would lose the player's headings and style). Writes are
atomic.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckcheck._i18n import _, translate
from deckcheck._util.atomic import atomic_write, edit_lock
from deckcheck._util.files import STDIN, STDIN_SHOWN, read_decoded
from deckcheck._util.normalize import norm_name, norm_number
from deckcheck._util.safetext import one_line, quoted
from deckcheck._util.text import joined
from deckcheck.carddb.db import CardDB, resolve_deck
from deckcheck.checking.deck import judge_deck
from deckcheck.checking.discover import findable_name, folder_finds
from deckcheck.checking.judging import Judging
from deckcheck.checking.workspace import Workspace
from deckcheck.errors import DeckcheckError, OptionError, mention, mention_command, spoken
from deckcheck.formats.edit import Change, comment_lines, edit_text, set_key_text
from deckcheck.formats.read import parse_deck
from deckcheck.formats.write import (
    check_round_trip,
    content,
    count_text,
    losses,
    read_back,
    render,
    require_encodable,
    to_toml,
)
from deckcheck.games import get_game
from deckcheck.model.cards import Card
from deckcheck.model.deck import COMMON_KEYS, COUNT_DIGITS, MAX_COUNT, Deck, DeckSource, Entry
from deckcheck.model.game import Game
from deckcheck.model.versions import FORMAT_KEY, RULES_KEY, choose_rules

#: How a deck is judged by default: as `check` judges it.
AS_CHECK = Judging()
#: A deck whose judging failed (its `regulation` key names none): judged by today's regulation alone, or by none.
_FALLBACK = {False: Judging(mode="today"), True: Judging(mode="asked")}

# Fields that differ between printings of one card and do not change what the card is.
_PRINTING_FIELDS = {"number", "set", "rarity", "text", "game", "printings"}


def new_deck(
    path: str | Path,
    game_id: str,
    name: str | None = None,
    workspace: Workspace | None = None,
    deck_format: str | None = None,
    warn: Callable[[str], None] | None = None,
) -> str:
    """Create an empty deck file of a game; the format follows the suffix (.txt text, .json JSON, else TOML).
    `deck_format` is the game's format of play (evolve: crossover, sealed), written as the deck's `format` key.
    Returns what was done and the new deck's state line (read with the game's card database). `warn` hears that
    a name without a deck suffix (`n3`) is a deck that `check FOLDER` will not find, and the name to use."""
    path = Path(path)
    game = get_game(game_id)
    keys = {}
    if deck_format is not None:
        chosen = choose_rules(game, {}, format=deck_format)
        keys = {FORMAT_KEY: chosen.format} if chosen.format != game.play.formats[0] else {}
    if name is not None and (not name.strip() or not name.isprintable()):  # as `set name` refuses it
        raise DeckcheckError(
            _("the name must be one line of printable text, not {value}").format(value=quoted(name)), field="name"
        )
    if path.exists() or path.is_symlink():
        raise DeckcheckError(
            _("already exists; {new} never overwrites a file (edit it with {add})").format(
                new=mention_command("new"), add=mention_command("add")
            ),
            path=path,
        )
    workspace = workspace or Workspace()
    db = workspace.carddb(game.id)  # a broken card database stops before anything is written
    source = DeckSource(path=str(path), game_id=game.id, name=name, keys=keys)
    sections = game.sections_of(keys.get(FORMAT_KEY, game.play.formats[0]))
    fmt = _format_of(path)
    text = to_toml(source, empty_sections=sections) if fmt == "toml" else render(source, fmt)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DeckcheckError(
            _("cannot create the folder ({reason})").format(reason=error.strerror), path=path.parent
        ) from None
    atomic_write(path, text, exclusive=True)  # a file made meanwhile (another `new`) is never replaced
    shown = one_line(str(path))  # a file name cannot forge a line of output
    if warn is not None and not folder_finds(path):
        findable = one_line(str(findable_name(path)))
        warn(
            spoken(
                _(
                    "{path} is a TOML deck, but checking a folder finds only *.deck.toml, *.toml, *.json and *.txt "
                    "deck files: `{check} {path}` checks it, `{check} {folder}` does not. Name it {findable} "
                    "to be found (mv {path} {findable})."
                ).format(
                    path=shown, folder=one_line(str(path.parent)), findable=findable, check=mention_command("check")
                )
            )
        )
    if keys:
        created = _("Created {path}: an empty {format} {game} deck (sections: {sections}).").format(
            path=shown, format=keys[FORMAT_KEY], game=game.said_title, sections=joined(sections)
        )
    else:
        created = _("Created {path}: an empty {game} deck (sections: {sections}).").format(
            path=shown, game=game.said_title, sections=joined(sections)
        )
    return f"{created}\n{state_line(resolve_deck(source, db), db, workspace)}"


def _format_of(path: Path) -> str:
    suffix = path.suffix.lower()
    return "text" if suffix == ".txt" else "json" if suffix == ".json" else "toml"


@dataclass
class EditPlan:
    """What an edit does to a deck's entries: the changes, and a sentence for the user."""

    changes: list[Change]
    summary: str


def edit_deck(
    path: str | Path,
    card_key: str,
    delta: int,
    *,
    section: str | None = None,
    force: bool = False,
    judging: Judging = AS_CHECK,
    workspace: Workspace | None = None,
) -> str:
    """Add (`delta` > 0) or remove (`delta` < 0) copies of a card; return the summary and the deck's new state, judged
    by `judging` (as `check` judges: its regulation, else the deck's own `regulation` key, else the one in force on
    its day; its rules version and format), with `workspace`'s cards (None: a new workspace)."""
    workspace = workspace or Workspace()
    path = _existing_deck(path)
    with edit_lock(path):  # another add/remove/set of this deck waits: its read would miss this edit
        text = _editable_text(path)
        source = parse_deck(path, text=text)
        db = workspace.carddb(source.game_id)
        deck = resolve_deck(source, db)
        judging.require(deck, db, workspace)  # an option that selects nothing: said before anything is written
        if section is not None:
            section = _known_section(deck.game, section.strip().lower())
        plan = (
            _plan_add(deck, db, card_key, delta, section)
            if delta > 0
            else _plan_remove(deck, db, card_key, -delta, section)
        )
        new_text = _rewrite(path, text, source, plan.changes, force, db)
        atomic_write(path, _as_written(new_text, path.read_bytes()))
    edited = resolve_deck(parse_deck(path, text=new_text), db)
    return f"{plan.summary}\n{state_line(edited, db, workspace, judging=judging)}"


def _editable_text(path: Path) -> str:
    """The deck file's text, to edit in place: UTF-8 only, as it is written back (a Shift_JIS or UTF-16 deck, which
    `check` reads, would silently change its encoding)."""
    decoded = read_decoded(path)
    text = decoded.require_whole(path)
    if decoded.encoding != "utf-8":
        name = "Shift_JIS (cp932)" if decoded.encoding == "cp932" else "UTF-16"
        raise DeckcheckError(
            _(
                "is {encoding} text; add, remove and set write decks as UTF-8 only: save it as UTF-8 first (check, "
                "show, stats and hand read it as it is)"
            ).format(encoding=name),
            path=path,
        )
    return text


def _existing_deck(path: str | Path) -> Path:
    if str(path) == STDIN:
        raise DeckcheckError(
            _("a deck on standard input cannot be edited: name the deck file to change (this command writes it)"),
            path=STDIN_SHOWN,
        )
    path = Path(path)
    if not path.exists():
        said = _("no such deck file (create one with: {new} PATH {game} GAME)")
        raise DeckcheckError(said.format(new=mention_command("new"), game=mention("game_id")), path=path)
    if not path.is_file() and not path.is_dir():  # (a folder is said by the reader)
        # a FIFO or a device is read once and could not be read again to write the edit back
        raise DeckcheckError(
            _("is not a regular file (a FIFO or a device): add, remove and set change a deck file in place"),
            path=path,
        )
    return path


def set_deck_key(
    path: str | Path,
    key: str,
    value: str,
    *,
    force: bool = False,
    judging: Judging = AS_CHECK,
    workspace: Workspace | None = None,
    warn: Callable[[str], None] | None = None,
) -> str:
    """Set a top-level deck key (`name`, `regulation`, or the game's own: `lord`, `basis`, `first_vanguard`);
    return what changed and the deck's new state (judged as edit_deck judges it). Written like `add`: the key's line
    only, atomically. A card the setup can never use there (a lord whose cost is not 1, a first vanguard that is no
    grade-0 unit) is refused; `warn` hears, with the words `check` says, that the deck does not hold the card yet."""
    workspace = workspace or Workspace()
    path = _existing_deck(path)
    with edit_lock(path):
        text = _editable_text(path)
        source = parse_deck(path, text=text)
        db = workspace.carddb(source.game_id)
        deck = resolve_deck(source, db)
        judging.require(deck, db, workspace)  # an option that selects nothing: said before anything is written
        key = key.strip().lower()
        value = _key_value(deck, db, key, value, workspace)
        before = source.name if key == "name" else source.regulation if key == "regulation" else source.keys.get(key)
        edited = _with_key(source, key, value)
        waiting = _setup_problem(edited, db, key, value)  # a card the deck does not hold yet: said once written
        small = set_key_text(text, source.format, key, value)
        new_text = _written_text(path, text, edited, small, force, db)
        atomic_write(path, _as_written(new_text, path.read_bytes()))
    if before is not None:
        changed = _("Set {key} to {value} (was {before}).").format(key=key, value=quoted(value), before=quoted(before))
    else:
        changed = _("Set {key} to {value}.").format(key=key, value=quoted(value))
    state = state_line(resolve_deck(parse_deck(path, text=new_text), db), db, workspace, judging=judging)
    if waiting is not None and warn is not None:
        warn(waiting)
    return f"{changed}\n{state}"


def _setup_problem(edited: DeckSource, db: CardDB, key: str, value: str) -> str | None:
    """Why the setup cannot use the card key `key` = `value` of the edited deck: refused (DeckcheckError, nothing
    written) when the card itself never serves, else returned (the deck does not hold the card yet), else None."""
    check = db.game.keys.setup_problem
    if check is None or key not in db.game.keys.cards:
        return None
    problem = check(resolve_deck(edited, db), key, value)
    if problem is None:
        return None
    if problem.card_itself:
        raise DeckcheckError(_("{reason}; nothing written").format(reason=problem.reason), path=edited.path, field=key)
    return problem.reason


def _key_value(deck: Deck[Any], db: CardDB, key: str, value: str, workspace: Workspace) -> str:
    """The value to write, refused (exit 2) when the key is not a deck key of the game or names nothing."""
    game = deck.game
    keys = (*COMMON_KEYS, *game.deck_keys)
    if key not in keys:
        raise DeckcheckError(
            _("{game} decks have no key {key}; the keys `set` changes are: {keys}").format(
                game=game.said_title, key=quoted(key), keys=joined(keys)
            ),
            field="key",
        )
    value = value.strip()
    if not value or not value.isprintable():
        raise DeckcheckError(
            _("the {key} must be one line of printable text, not {value}").format(key=key, value=quoted(value)),
            field=key,
        )
    if key in game.keys.cards:
        find_card(db, value)  # a value the deck file would not resolve is refused, with the closest names
    elif key == "regulation":
        judge_deck(deck, db, Judging(regulation=value, mode="asked"), workspace)  # an unknown name lists them all
    elif key in game.keys.allowed_words:  # evolve's basis: a word the rules read, or the deck is wrong (evolve.basis)
        words = game.keys.allowed_words[key]
        if _word(value) not in {_word(word) for word in words}:
            raise DeckcheckError(
                _("the {key} must be one of {words} (any case or width), not {value!r}; nothing written").format(
                    key=key, words=joined(words), value=value
                ),
                field=key,
            )
    elif key in (RULES_KEY, FORMAT_KEY):  # an unknown version or format names the known ones; nothing is written
        given = {**deck.source.keys, key: value}
        choose_rules(game, {k: given[k] for k in (RULES_KEY, FORMAT_KEY) if k in given}, path=deck.path)
    return value


def _word(value: str) -> str:
    return unicodedata.normalize("NFKC", value).strip().casefold()


def _with_key(source: DeckSource, key: str, value: str) -> DeckSource:
    edited = _apply(source, [])
    edited.set_key(key, value)
    return edited


def _as_written(text: str, original: bytes) -> str:
    """`text` (lines ending in '\\n') with the file's byte-order mark and line ends, if it had them."""
    if b"\r" in original:
        text = _with_line_ends(text, original.decode("utf-8-sig", "replace"))
    return ("\ufeff" + text) if original.startswith(b"\xef\xbb\xbf") else text


def _with_line_ends(text: str, original: str) -> str:
    """A line kept from `original` keeps its own end (CRLF, LF or CR); a new or changed line takes the end most
    lines of `original` have. So one CRLF line in an LF file stays the only one, and a CRLF file stays CRLF."""
    pieces = re.split(r"(\r\n|\r|\n)", original)
    old_lines, old_ends = pieces[0::2], [*pieces[1::2], ""]
    usual = Counter(end for end in old_ends if end).most_common(1)[0][0]
    new_lines = text.split("\n")
    ends = ["\n"] * (len(new_lines) - 1) + [""]
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for tag, old_start, old_stop, new_start, new_stop in matcher.get_opcodes():
        for offset, index in enumerate(range(new_start, new_stop)):
            if index == len(new_lines) - 1:
                continue  # the text after the last line end has none
            kept = old_start + offset < old_stop and tag in ("equal", "replace")
            ends[index] = (old_ends[old_start + offset] if kept else "") or usual
    return "".join(line + end for line, end in zip(new_lines, ends, strict=True))


def _known_section(game: Game[Any], section: str) -> str:
    if section not in game.sections:
        raise DeckcheckError(
            _("{game} decks have no section {section}; the sections are: {sections}").format(
                game=game.said_title, section=quoted(section), sections=joined(game.sections)
            ),
            field="section",
        )
    return section


# Finding the card -------------------------------------------------------------------------------------


def find_card(db: CardDB, key: str, section: str | None = None) -> Card:
    """The card a CARD argument names, found exactly as a deck file's entry in `section` (`main` when none is
    given) is found (CardDB.resolve): a number or a printed spelling of one, else a name (in any case where no
    name matches as written). A name shared by several cards means the lowest number among those `section` can
    hold, as in a deck file; `other_cards` says which others bear it."""
    card = db.resolve(key, section or "main")
    if card is None:
        raise DeckcheckError(
            _("no {game} card has the number or name {key}").format(game=db.game.said_title, key=quoted(key))
            + _closest(db, key),
            field="card",
        )
    return card


def other_cards(db: CardDB, key: str, card: Card) -> str:
    """' (the name is also …)' when `key` is a name that other cards than `card` bear (printings of the same card
    aside), saying how to name them; '' otherwise."""
    others: dict[str, Card] = {}
    for number in db.numbers_named(key):
        other = db.cards[number]
        if number != card.number and _identity(other) != _identity(card):
            others.setdefault(_identity(other), other)
    if not others:
        return ""
    home = db.game.cards.home_section
    listed = "; ".join(
        other.label() + (f" [{home(other)}]" if home(other) != home(card) else "") for other in others.values()
    )
    sections = [home(other) for other in others.values() if home(other) != home(card)]
    if len(set(sections)) == 1:
        said = _(" ({key} is also the name of {cards}: give its number, or {option} {section} for that card)")
        return spoken(said.format(key=quoted(key), cards=listed, option=mention("section"), section=sections[0]))
    return _(" ({key} is also the name of {cards}: give its number for that card)").format(
        key=quoted(key), cards=listed
    )


def _identity(card: Card) -> str:
    return repr(sorted(card.to_dict(exclude=_PRINTING_FIELDS).items()))


def _closest(db: CardDB, key: str) -> str:
    suggestions = db.suggest(key, limit=5)
    closest = _(". Closest: {cards}").format(cards="; ".join(suggestions)) if suggestions else ""
    note = db.unknown_name_note(key)  # a Japanese name of a set without them here: give the number
    return _("{closest}.{note}").format(closest=closest, note=note) if note else closest


def _entry_is(entry: Entry[Any], card: Card | None, key: str) -> bool:
    if card is not None and entry.card is not None:
        return entry.card.number == card.number
    return norm_number(entry.key) == norm_number(key) or norm_name(entry.key) == norm_name(key)


# Planning -----------------------------------------------------------------------------------------------


def _key_totals(entries: list[Entry[Any]]) -> dict[str, int | None]:
    """Copies per key as written (a key on two text lines is summed); None where a count is not a whole number."""
    totals: dict[str, int | None] = {}
    for entry in entries:
        before = totals.get(entry.key, 0)
        totals[entry.key] = None if before is None or entry.count is None else before + entry.count
    return totals


def _plan_add(deck: Deck[Any], db: CardDB, key: str, copies: int, section: str | None) -> EditPlan:
    card = find_card(db, key, section)
    target = section or deck.game.cards.home_section(card)
    totals = _key_totals([entry for entry in deck.section_entries(target) if _entry_is(entry, card, key)])
    if totals:
        written, total = next(iter(totals.items()))
        if total is None:
            raise DeckcheckError(
                _("the count of {key} in [{section}] is not a positive whole number; correct it first").format(
                    key=quoted(written), section=target
                ),
                path=deck.path,
                field=target,
            )
        change = Change(target, written, total + copies)
    else:
        # the number as printed (it resolves like the key), with the card's name beside it for people: the name the
        # user gave where it is the card's other name (a Japanese name, as the card data spells it)
        other = card.printed_other_name(norm_name(key)) if norm_name(key) != card.name else None
        change = Change(target, card.printed_number, copies, comment=other or card.printed_name)
    if change.count > MAX_COUNT:  # a count no deck file may hold (deck.bad-count): nothing is written
        raise DeckcheckError(
            _(
                "cannot add {copies} × {card}: the count would be {count}, more than the {digits} digits a count "
                "may have"
            ).format(copies=count_text(copies), card=card.label(), count=count_text(change.count), digits=COUNT_DIGITS),
            path=deck.path,
            field="count",
        )
    now = sum(total or 0 for total in totals.values()) + copies
    added = _("Added {copies} × {card} to {section} (now {now}).").format(
        copies=copies, card=card.label(), section=_section_word(deck.game, target), now=now
    )
    return EditPlan([change], added + other_cards(db, key, card))


def _plan_remove(deck: Deck[Any], db: CardDB, key: str, copies: int, section: str | None) -> EditPlan:
    card = db.resolve(key, section)
    holding = [entry for entry in deck.entries if _entry_is(entry, card, key)]
    if not holding:
        if card is None:
            said = _("the deck has no card {key}").format(key=quoted(key)) + _closest(db, key)
            raise DeckcheckError(said, path=deck.path, field="card")
        raise DeckcheckError(_("the deck has no {card}").format(card=card.label()), path=deck.path, field="card")
    sections = list(dict.fromkeys(entry.section for entry in holding))
    if section is None:
        if len(sections) > 1:
            raise OptionError(
                "section",
                _("{card} is in several sections ({sections}); say which with {option}").format(
                    card=_label(card, key), sections=joined(sections), option=mention("section")
                ),
                field="section",
            )
        section = sections[0]
    totals = _key_totals([entry for entry in holding if entry.section == section])
    have = sum(total or 0 for total in totals.values())
    if copies > have:
        raise DeckcheckError(
            _("cannot remove {copies} × {card}: {section} holds {have}").format(
                copies=copies, card=_label(card, key), section=_section_word(deck.game, section), have=have
            ),
            path=deck.path,
            field=section,
        )
    changes, left = [], copies
    for written, total in reversed(totals.items()):  # the last-listed copies go first
        if left and total:
            taken = min(left, total)
            left -= taken
            changes.append(Change(section, written, total - taken))
    summary = _("Removed {copies} × {card} from {section} (now {now}).").format(
        copies=copies, card=_label(card, key), section=_section_word(deck.game, section), now=have - copies
    )
    return EditPlan(changes, summary)


def _label(card: Card | None, key: str) -> str:
    return card.label() if card is not None else repr(key)


def _section_word(game: Game[Any], section: str) -> str:
    phrase = game.wording.section_phrases.get(section)
    return translate(phrase) if phrase is not None else f"[{section}]"


# Writing ------------------------------------------------------------------------------------------------


def _rewrite(path: Path, text: str, source: DeckSource, changes: list[Change], force: bool, db: CardDB) -> str:
    """The file after the changes: a small edit when it reads back right, else a whole rewrite."""
    return _written_text(path, text, _apply(source, changes), edit_text(text, source.format, changes), force, db)


def _written_text(
    path: Path, text: str, edited: DeckSource, small: str | None, force: bool, db: CardDB | None = None
) -> str:
    """`small` (a line edit) when it reads back as `edited` (read with `db` as the deck was), else `edited` written
    whole (refused when that would lose anything, or drop comments without --force). A text decklist's line edit
    that would not read back so is refused (exit 2) without --force: a whole rewrite would lose the player's
    headings and style."""
    require_encodable(edited)  # a name no UTF-8 file can hold (a JSON deck's "\udc80"): refused, nothing written
    expected = content(edited)
    if small is not None:
        back = read_back(small, edited.format, str(path))
        if back is not None and db is not None:
            resolve_deck(back, db)  # its lines read as the deck's were (`3 BP01-015 name`, `name 3`)
        differ = [_("nothing readable")] if back is None else losses(expected, content(back))
        differ += losses(content(back), expected) if back is not None else []
        if not differ:
            return small
        if edited.format == "text" and not force:
            raise OptionError(
                "force",
                _(
                    "this edit would not read back as intended ({differ}); nothing changed. Run again with {option} "
                    "to rewrite the whole deck in the plain form"
                ).format(differ=joined(differ), option=mention("force")),
                path=path,
            )
    whole = render(edited, edited.format)
    lost = check_round_trip(edited, whole, edited.format)
    if lost:
        raise DeckcheckError(
            _("cannot rewrite this deck without losing {lost}; nothing changed").format(lost=joined(lost)), path=path
        )
    dropped = comment_lines(text, edited.format)
    if dropped and not force:
        raise OptionError(
            "force",
            _(
                "this edit needs the whole file rewritten, which would drop its comments (lines {lines}); nothing "
                "changed. Run again with {option} to rewrite it without them"
            ).format(
                lines=", ".join(map(str, dropped[:8])) + (", ..." if len(dropped) > 8 else ""), option=mention("force")
            ),
            path=path,
        )
    return whole


def _apply(source: DeckSource, changes: list[Change]) -> DeckSource:
    """A copy of the deck with the changes made to its entries (counts summed per key, as the file means)."""
    entries: list[Entry[Any]] = [Entry(e.section, e.key, e.raw_count, e.line, e.card) for e in source.entries]
    for change in changes:
        same = [entry for entry in entries if entry.section == change.section and entry.key == change.key]
        if same:
            first = same[0]
            for extra in same[1:]:
                entries.remove(extra)
            if change.count == 0:
                entries.remove(first)
            else:
                first.raw_count = change.count
        elif change.count:
            entries.append(Entry(change.section, change.key, change.count))
    return DeckSource(
        path=source.path,
        game_id=source.game_id,
        name=source.name,
        regulation=source.regulation,
        keys=dict(source.keys),
        entries=entries,
        sections=dict(source.sections),
        other=dict(source.other),
        format=source.format,
    )


# The deck's state ---------------------------------------------------------------------------------------


def state_line(
    deck: Deck[Any],
    db: CardDB | None = None,
    workspace: Workspace | None = None,
    *,
    judging: Judging = AS_CHECK,
) -> str:
    """`main 48 · g 12 — breaks vanguard.main-size (48/50), ...` or `... — legal`, judged by `judging` (as `deckcheck
    check` judges: its regulation, else the deck's, else the one in force on its day, else today's)."""
    workspace = workspace or Workspace()
    try:
        report = judge_deck(deck, db, judging, workspace)
        note = _(" ({note})").format(note=report.note) if report.note else ""
    except DeckcheckError as error:  # the edit is written; say why the regulation could not be applied
        report = judge_deck(deck, db, _FALLBACK[judging.no_regulation], workspace)
        note = _(" (regulation not applied: {reason})").format(reason=error.reason)
    sizes = " · ".join(f"{section} {count}" for section, count in report.counts.items())  # the judged format's
    errors = [v for v in report.violations if v.severity == "error"]
    warnings = [v for v in report.violations if v.severity == "warning"]
    if not errors:
        verdict = _("legal (warnings: {warnings})") if warnings else _("legal")
    else:
        verdict = _("not legal yet: {errors}; warnings: {warnings}") if warnings else _("not legal yet: {errors}")
    verdict = verdict.format(errors=_rules(errors), warnings=_rules(warnings))
    return f"{one_line(str(deck.path))}: {sizes} — {verdict}{note}"


def _rules(violations: list[Any]) -> str:
    seen: dict[str, str] = {}
    for violation in violations:
        numbers = ""
        if violation.count is not None and violation.limit is not None:
            numbers = f" ({violation.count}/{violation.limit})"
        seen.setdefault(violation.rule, f"{violation.rule}{numbers}")
    return joined(seen.values())
