"""`deckcheck convert`: between the deck formats, from the official deck registry's JSON, to printable lists.

The registry's JSON is an object with lists `list`, `sub_list` and `p_list` of `{"card_number", "num"}`. Each game
says where its lists go (`Game.registry.lists`: a section, or a card key such as cipher's `lord`); a non-empty list
the game has no place for is reported, never silently dropped.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckcheck._i18n import _, ngettext
from deckcheck._util.atomic import atomic_write, lock_if_file, writes_stdout
from deckcheck._util.files import STDIN, STDIN_SHOWN, read_stdin, read_text
from deckcheck._util.limits import parse_within_limits
from deckcheck._util.normalize import norm_name
from deckcheck._util.safetext import one_line
from deckcheck._util.text import joined, with_article
from deckcheck.carddb.db import resolve_deck
from deckcheck.checking.judging import Judging
from deckcheck.checking.workspace import Workspace
from deckcheck.errors import DeckcheckError, OptionError, mention, mention_command, spoken
from deckcheck.formats.comments import (
    Anchor,
    Comments,
    commented_text,
    commented_toml,
    name_comments,
    text_comments,
    toml_comments,
    written_headings,
)
from deckcheck.formats.edit import comment_lines
from deckcheck.formats.read import deck_format, parse_deck
from deckcheck.formats.write import check_round_trip, count_text, render, require_counts, require_encodable
from deckcheck.games import all_games, get_game
from deckcheck.model.deck import COUNT_DIGITS, MAX_COUNT, DeckSource, Entry
from deckcheck.model.game import Game

REGISTRY_LISTS = ("list", "sub_list", "p_list")
# Keys of the registry's object that may hold the deck's name.
_REGISTRY_NAME_KEYS = ("title", "deck_name", "name")


def registry_game_titles() -> dict[int, str]:
    """The registry's `game_title_id` of each game deckcheck knows it for (Game.registry.title_id)."""
    return {game.registry.title_id: game.id for game in all_games().values() if game.registry.title_id is not None}


@dataclass(frozen=True)
class Printed:
    """What a printed list (markdown, html) carries besides the deck: the player's name and the event (a blank to
    fill in when None), and how the deck is judged for its verdict."""

    player: str | None = None
    event: str | None = None
    judging: Judging = field(default_factory=Judging)

    def given(self) -> list[str]:
        """The options given, by name, in the order they are said: what only a printed list takes."""
        judging = self.judging
        values: dict[str, object] = {"player": self.player, "event": self.event, "regulation": judging.regulation}
        values |= {"as_of": judging.as_of, "rules": judging.rules, "format": judging.format}
        values["no_regulation"] = "yes" if judging.no_regulation else None
        return [name for name, value in values.items() if value is not None]


def run_convert(
    source_path: Path,
    to: str,
    out: Path | None,
    *,
    game_id: str | None = None,
    force: bool = False,
    workspace: Workspace | None = None,
    printed: Printed | None = None,
) -> tuple[str, list[str]]:
    """Convert; return (what to print on stdout, notes for stderr). `workspace` gives the cards (None: a new one);
    `printed`, what a printed list says and how its deck is judged (an option of it given for another format is an
    OptionError). An existing file at `out` (with `force`) stays locked from the read of the source to the write, as
    `add` locks a deck: `convert DECK --out-file DECK --force` rewrites the deck in place, and an `add` landing
    meanwhile would be lost."""
    workspace = workspace or Workspace()
    if workspace.carddb_dirs:  # a folder that does not exist is a bad argument here too, though a format needs no cards
        workspace.layers()
    if out is not None and not force and (out.exists() or out.is_symlink()):  # a dangling link is a file too
        said = _("already exists; use {option} to overwrite it").format(option=mention("force"))
        raise OptionError("out", said, path=out)
    with lock_if_file(out) if out is not None and force else contextlib.nullcontext():
        return _convert(source_path, to, out, game_id=game_id, force=force, workspace=workspace, printed=printed)


def _convert(
    source_path: Path,
    to: str,
    out: Path | None,
    *,
    game_id: str | None,
    force: bool,
    workspace: Workspace,
    printed: Printed | None,
) -> tuple[str, list[str]]:
    source, notes = read_any(source_path, game_id, out=out)
    if source.pasted is not None:
        notes.extend(read_pasted(source, workspace))
    require_encodable(source)  # a JSON deck's "\udc80": no file (nor a TOML deck) holds it
    if to in ("toml", "text", "json"):
        require_counts(source)  # never a deck that `check` then calls deck.bad-count
    printed = printed or Printed()
    given = printed.given()
    if given and to not in ("markdown", "html"):
        said = ngettext(
            "{options} applies to a printed list ({to} markdown or html), not {format}",
            "{options} apply to a printed list ({to} markdown or html), not {format}",
            len(given),
        )
        named = _(" and ").join(mention(name) for name in given)
        raise OptionError(given[0], said.format(options=named, to=mention("to"), format=to))
    if to in ("markdown", "html"):
        text = render_printable(source, to, workspace, notes, printed)
    else:
        text = render(source, to)
    if to in ("toml", "text"):
        text = _commented(source, to, workspace, notes)
    elif to == "json" and (dropped := _comment_count(source)):
        notes.append(
            ngettext(
                "dropped: {n} comment (JSON has no comments)", "dropped: {n} comments (JSON has no comments)", dropped
            ).format(n=dropped)
        )
    if to in ("toml", "text", "json"):
        lost = check_round_trip(source, text, to)
        if lost and not force:
            raise OptionError(
                "to",
                _(
                    "the {format} format cannot hold {lost}; nothing written. Use another format, or {option} to "
                    "convert without them"
                ).format(format=to, lost=joined(lost), option=mention("force")),
                path=source_path,
            )
        notes.extend(
            _("dropped (the {format} format cannot hold it): {item}").format(format=to, item=item) for item in lost
        )
    if out is None:
        return text, notes
    # without --force a file made meanwhile (another command's) is never replaced
    atomic_write(out, text, exclusive=not force)
    if writes_stdout(out):  # the output is the deck alone (`| tomlq`, `>> decks.log`): what was done goes to stderr
        return "", [*notes, _("wrote {path} ({format}).").format(path=one_line(str(out)), format=to)]
    return _("Wrote {path} ({format}).").format(path=one_line(str(out)), format=to), notes


def _commented(source: DeckSource, to: str, workspace: Workspace, notes: list[str]) -> str:
    """The deck written as `to` (TOML or text) with the source's comments kept, each beside what it stood beside,
    and each card number's name beside it as a comment."""
    comments = Comments()
    headings: dict[str, str] = {}
    if source.text and source.format == "toml":
        comments = toml_comments(source.text)
    elif source.text and source.format == "text":  # by the sections its headings name, in their words
        comments = text_comments(source.text, source)
        headings = written_headings(source.text, source) if to == "text" else {}
    if source.pasted is not None:  # its lead-ins, titles, codes and lines not understood, at the top
        said = _("read from a pasted list by {convert} {option}")
        comments.top = [spoken(said.format(convert=mention_command("convert"), option=mention("game_id")))]
        comments.top += source.pasted.comments
    try:
        db = workspace.carddb(source.game_id)
    except DeckcheckError as error:  # the deck converts without names
        notes.append(_("card names not written as comments: {reason}").format(reason=error))
        names = {}
    else:
        # a text line's name after its number (`4 B01-006 タリスの王女 シーダ`): kept as the comment where it is the
        # card's other name (its Japanese name), as the user wrote it
        written = {(entry.section, entry.key): entry.name for entry in source.entries if entry.name is not None}

        def name_of(section: str, key: str) -> str | None:
            card = db.resolve(key, section)
            if card is None or norm_name(key) == card.name or norm_name(key) in card.other_names:
                return None  # the key is a name of the card already (its own, or its Japanese name)
            other = written.get((section, key))
            if other is not None and norm_name(other) in card.other_names:
                return card.printed_other_name(norm_name(other))
            return card.printed_name

        names = name_comments(source, name_of)
    if to == "toml":
        return commented_toml(source, comments, names)
    beside: dict[Anchor, str] = {}  # a text deck's names written after their numbers stay there in text
    if source.format == "text" and to == "text":
        beside = {("entry", e.section, e.key): e.name for e in source.entries if e.name is not None}
    return commented_text(source, comments, names, headings, beside)


def read_pasted(source: DeckSource, workspace: Workspace) -> list[str]:
    """Read a pasted list with its game's cards: every guess as a note for stderr, and every line named card
    without a count refused (nothing is written of a list read by half)."""
    db = workspace.carddb(source.game_id)
    resolve_deck(source, db)
    notes: list[str] = source.pasted.guesses()
    uncounted = [entry for entry in source.entries if not isinstance(entry.raw_count, int) or entry.raw_count < 1]
    if uncounted:
        listed = "; ".join(
            _("line {line}: {key!r} ({count})").format(
                line=entry.line, key=entry.key, count=_count_said(entry.raw_count)
            )
            for entry in uncounted
        )
        raise DeckcheckError(
            ngettext(
                "{n} card line has no count that can be written ({lines}); give it a count and convert again; "
                "nothing written",
                "{n} card lines have no count that can be written ({lines}); give them a count and convert again; "
                "nothing written",
                len(uncounted),
            ).format(n=len(uncounted), lines=listed),
            path=source.path,
            line=uncounted[0].line,
        )
    for entry in source.entries:
        if entry.card is None:
            hints = db.suggest(entry.key)
            if hints:
                said = _("unknown card: line {line}: {key!r} is no {game} card, written as is (did you mean: {cards}?)")
            else:
                said = _("unknown card: line {line}: {key!r} is no {game} card, written as is")
            notes.append(said.format(line=entry.line, key=entry.key, game=db.game.said_title, cards="; ".join(hints)))
    return notes


def _count_said(count: Any) -> str:
    return _("no count") if count is None else _("count {count!r} is not a positive whole number").format(count=count)


def _comment_count(source: DeckSource) -> int:
    """How many comment lines the deck file holds (what a format without comments drops)."""
    return len(comment_lines(source.text, source.format)) if source.text and source.format in ("toml", "text") else 0


def _no_leader(source: DeckSource, out: Path | None) -> str | None:
    """How to add the card a registry export's `p_list` gives (a leader) when the export has none, for a game whose
    p_list fills a section; None otherwise."""
    game = get_game(source.game_id)
    section = game.registry.lists.get("p_list")
    if section not in game.sections or any(entry.section == section for entry in source.entries):
        return None
    deck = str(out) if out is not None else "DECK"
    said = _(
        "note: the export's p_list is empty, so the deck has no [{section}] card ({game} decks need one): add it "
        "with `{add} {deck} NUMBER {option} {section}`; `stats` and `hand` count the deck without it"
    )
    add, option = mention_command("add"), mention("section")
    return spoken(said.format(section=section, game=game.said_title, deck=deck, add=add, option=option))


def render_printable(
    source: DeckSource, to: str, workspace: Workspace, notes: list[str], printed: Printed | None = None
) -> str:
    """A printed list, judged by `printed.judging` (as `check` judges: its regulation, else the deck's own
    `regulation` key, else the one in force on its day, else today's; none with `no_regulation`; its rules version
    and format); an illegal deck is marked on the sheet and said in `notes` (for stderr), so that nobody hands in a
    list unaware. An option that selects nothing is bad input."""
    # deferred: a printed list only (a verdict and the page layout)
    from deckcheck.checking.deck import judge_deck
    from deckcheck.formats.printable import Sheet, render_html, render_markdown

    printed = printed or Printed()
    judging = printed.judging
    db = workspace.carddb(source.game_id)
    deck = resolve_deck(source, db)
    judging.require(deck, db, workspace)  # raises when it selects nothing
    try:
        report = judge_deck(deck, db, judging, workspace)
    except DeckcheckError as error:  # the deck's `regulation` key names no regulation: judged without it
        notes.append(_("regulation not applied: {reason}").format(reason=error.reason))
        report = judge_deck(deck, db, Judging(mode="today"), workspace)
    if report.note:
        notes.append(_("note: {note}").format(note=report.note))
    errors = [v for v in report.violations if v.severity == "error"]
    if errors:
        rules = joined(dict.fromkeys(v.rule for v in errors))
        notes.append(
            ngettext(
                "warning: the deck is not legal ({n} error: {rules}); the printed list marks every problem",
                "warning: the deck is not legal ({n} errors: {rules}); the printed list marks every problem",
                len(errors),
            ).format(n=len(errors), rules=rules)
        )
    sheet = Sheet(player=printed.player, event=printed.event, violations=tuple(report.violations))
    return render_markdown(deck, sheet) if to == "markdown" else render_html(deck, sheet)


def read_any(path: Path, game_id: str | None, *, out: Path | None = None) -> tuple[DeckSource, list[str]]:
    """A deck file of any format, or a registry JSON file (which needs the game); `out`, where the deck is written,
    is named in the notes' commands. `-` is standard input (shown as `<stdin>`), as for `check`."""
    if str(path) == STDIN:
        text = read_stdin().require_whole(STDIN_SHOWN)
        path = Path(STDIN_SHOWN)
    else:
        text = read_text(path)
    data = _registry_object(path, text)
    if data is None and game_id is not None and deck_format(path, text) == "text":
        return parse_deck(path, text=text, game=game_id), []  # a pasted list, read with the cards by _convert
    if data is None:
        source = parse_deck(path, text=text)
        if source.text is None:  # a text decklist: kept to count the comments a conversion drops
            source.text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        if game_id is not None and get_game(game_id).id != source.game_id:
            raise OptionError(
                "game_id",
                (
                    _("is an {game} deck, not {given} ({option} is only needed for registry JSON)")
                    if with_article(source.game_id).startswith("an ")
                    else _("is a {game} deck, not {given} ({option} is only needed for registry JSON)")
                ).format(game=source.game_id, given=game_id, option=mention("game_id")),
                path=path,
            )
        return source, []
    if game_id is None and isinstance(data.get("game"), str):
        game_id = data["game"]
    game_id = _registry_game(data, game_id, path)
    if game_id is None:
        raise OptionError(
            "game_id",
            _(
                "is a deck registry JSON file (list / sub_list / p_list), which does not say its game: give {option}"
            ).format(option=mention("game_id")),
            path=path,
        )
    try:
        source, notes = from_registry(data, get_game(game_id), path)
    except DeckcheckError as error:
        if error.line is None and error.field is not None:
            error.line = _registry_line(text, error.field)
        raise
    if (missing := _no_leader(source, out)) is not None:
        notes.append(missing)
    return source, notes


def _registry_line(text: str, field: str) -> int | None:
    """The line of a registry field such as `list[2].num` (the export may wrap the deck in a `deck` object)."""
    from deckcheck._util.positions import json_key_lines  # deferred: a registry export only

    parts: list[str | int] = [int(index) if index else name for name, index in re.findall(r"(\w+)|\[(\d+)\]", field)]
    try:
        lines = json_key_lines(text)
    except DeckcheckError:
        return None
    return lines.get(tuple(parts)) or lines.get(("deck", *parts))


def _registry_game(data: dict[str, Any], game_id: str | None, path: Path) -> str | None:
    """The game of a registry export: its `game_title_id` where deckcheck knows it, which --game must not contradict
    (an export of another game is refused for a game whose id is known)."""
    raw = data.get("game_title_id")
    if raw is None:
        return game_id
    title_id = _count(raw) if not isinstance(raw, bool) else None
    if title_id is None:
        raise DeckcheckError(
            _("must be a whole number, not {value!r}").format(value=raw), path=path, field="game_title_id"
        )
    titles = registry_game_titles()
    named = titles.get(title_id)
    wanted = get_game(game_id).id if game_id is not None else None
    if named is not None and wanted is not None and named != wanted:
        raise OptionError(
            "game_id",
            _(
                "is a {game} export (game_title_id {id}), not a {given} deck: drop {option} or give the right one"
            ).format(game=get_game(named).title, id=title_id, given=get_game(wanted).title, option=mention("game_id")),
            path=path,
            field="game_title_id",
        )
    if named is None and wanted is not None and wanted in titles.values():
        known = next(number for number, game in titles.items() if game == wanted)
        raise DeckcheckError(
            _("is an export of another game (game_title_id {id}; {game} is {known})").format(
                id=title_id, game=get_game(wanted).title, known=known
            ),
            path=path,
            field="game_title_id",
        )
    if named is None and wanted is None:
        raise OptionError(
            "game_id",
            _("game_title_id {id} is not a game deckcheck knows the registry id of: give {option}").format(
                id=title_id, option=mention("game_id")
            ),
            path=path,
            field="game_title_id",
        )
    return named or wanted


def _registry_object(path: Path, text: str) -> dict[str, Any] | None:
    """The registry's object if the file is one (JSON with a registry list and no native sections)."""
    if path.suffix.lower() != ".json" and not text.lstrip().startswith("{"):
        return None
    try:
        data = parse_within_limits(json.loads, text, path, "json")  # too long a number, too deep: said here
    except json.JSONDecodeError:
        return None  # parse_deck reports it with its line
    if isinstance(data, dict) and isinstance(data.get("deck"), dict):
        # some responses wrap the deck in an object, with keys such as game_title_id beside it
        data = {key: value for key, value in data.items() if key != "deck"} | data["deck"]
    if not isinstance(data, dict):
        return None
    # A native deck has a `game` key and its sections are tables; the registry's lists are arrays.
    if any(isinstance(data.get(key), list) for key in REGISTRY_LISTS):
        return data
    return data if "game" not in data and any(key in data for key in REGISTRY_LISTS) else None


def from_registry(
    data: dict[str, Any], game: Game[Any], path: Path | str = "<registry>"
) -> tuple[DeckSource, list[str]]:
    """The deck a registry object describes, and notes on what had no place in this game's deck."""
    source = DeckSource(path=str(path), game_id=game.id, format="json")
    name = next((data[key] for key in _REGISTRY_NAME_KEYS if isinstance(data.get(key), str) and data[key]), None)
    source.name = name
    notes: list[str] = []
    try:
        keys, key_notes = game.registry.keys(data)
    except DeckcheckError as error:  # a key the game cannot read: said with the file it is in
        if error.path is not None:
            raise
        raise DeckcheckError(error.reason, path=path, field=error.field) from None
    source.keys.update(keys)
    notes.extend(key_notes)
    for list_name in REGISTRY_LISTS:
        items = _registry_items(data.get(list_name), list_name, path)
        if not items:
            continue
        target = game.registry.lists.get(list_name)
        listing = ", ".join(f"{count} × {number}" for number, count in items)
        if target is None:
            notes.append(
                _("not imported: `{list}` ({cards}) has no place in a {game} deck (its lists go to: {lists})").format(
                    list=list_name, cards=listing, game=game.said_title, lists=_mapping_text(game)
                )
            )
        elif target in game.sections:
            source.entries.extend(Entry(target, number, count) for number, count in items)
        else:  # a card key such as cipher's lord: one card
            source.keys[target] = items[0][0]
            if len(items) > 1 or items[0][1] != 1:
                notes.append(
                    _("`{list}` holds {cards}; `{key}` names one card: {card}").format(
                        list=list_name, cards=listing, key=target, card=items[0][0]
                    )
                )
    return source, notes


def _mapping_text(game: Game[Any]) -> str:
    return ", ".join(f"{list_name} → {target}" for list_name, target in game.registry.lists.items())


def _registry_items(value: Any, list_name: str, path: Path | str) -> list[tuple[str, int]]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise DeckcheckError(
            _("must be a list of {{card_number, num}}, not {kind}").format(kind=type(value).__name__),
            path=path,
            field=list_name,
        )
    items: dict[str, int] = {}
    for index, item in enumerate(value):
        where = f"{list_name}[{index}]"
        if not isinstance(item, dict):
            said = _("must be an object with card_number and num, not {value!r}").format(value=item)
            raise DeckcheckError(said, path=path, field=where)
        number = item.get("card_number")
        if not isinstance(number, str) or not number.strip():
            raise DeckcheckError(
                _("card_number must be a card number string, not {value!r}").format(value=number),
                path=path,
                field=f"{where}.card_number",
            )
        count = _count(item.get("num"))
        if count is None:
            raise DeckcheckError(
                _("num must be a positive whole number, not {value!r}").format(value=item.get("num")),
                path=path,
                field=f"{where}.num",
            )
        total = items.get(number.strip(), 0) + count
        if total > MAX_COUNT:  # as `add` refuses it: a count no deck file may hold (deck.bad-count)
            said = (
                _("num {count} has more than the {digits} digits a count may have; nothing written")
                if total == count
                else _(
                    "the nums of {number!r} add up to {count}, more than the {digits} digits a count may have; "
                    "nothing written"
                )
            )
            raise DeckcheckError(
                said.format(count=count_text(total), number=number.strip(), digits=COUNT_DIGITS),
                path=path,
                field=f"{where}.num",
            )
        items[number.strip()] = total
    return list(items.items())


def _count(value: Any) -> int | None:
    if isinstance(value, str) and value.strip().isdecimal() and len(value.strip()) <= COUNT_DIGITS:
        value = int(value.strip())  # "4", "４"; not "²" (a digit that int() refuses) nor 5,000 digits
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return None
    return value
