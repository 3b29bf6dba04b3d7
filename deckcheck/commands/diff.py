"""`deckcheck diff`: what a change to a deck changes — its cards per section, its keys, its verdict, and the odds of
its game's default opening-hand report (`deckcheck stats` without --want), each line's change in percentage points.

Two deck files, or one deck file at a git revision (`git show REV:path`) against the working copy or another
revision. Kept out of deckcheck.cli (no Typer here): the command line only reads its options and prints.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from deckcheck._i18n import _, language, ngettext, translate, translate_as
from deckcheck._util.files import decode_text
from deckcheck._util.limits import MAX_INPUT_BYTES
from deckcheck._util.safetext import escape_controls
from deckcheck._util.style import style as styled
from deckcheck._util.text import display_width, output_columns, pad
from deckcheck.carddb.db import refuse_unknown_cards, resolve_deck, shipped_carddb_dir
from deckcheck.carddb.manifest import DataNote, data_notes
from deckcheck.checking.deck import judge_deck
from deckcheck.checking.judging import Judging
from deckcheck.checking.output import fitted, said_once, severity_word
from deckcheck.checking.report import DeckReport
from deckcheck.checking.workspace import Workspace, refuse_other_game
from deckcheck.commands.show import _verdict as verdict_lines  # one look for a verdict, as `show` prints it
from deckcheck.commands.show import shown_sections  # the sections `show` lists
from deckcheck.commands.stats import check_setup  # the same refusal as `stats`
from deckcheck.engine.table import Going
from deckcheck.errors import DeckcheckError, mention, mention_command, spoken
from deckcheck.formats.printable import key_rows
from deckcheck.formats.read import deck_format, parse_deck
from deckcheck.games import get_game
from deckcheck.model.deck import Deck
from deckcheck.stats.answer import Answer, ReportResult, default_report
from deckcheck.stats.options import StatsOptions
from deckcheck.stats.plot import percent
from deckcheck.stats.queries import SEATS
from deckcheck.stats.render import cell_json, policy_label, seat_label

Style = Callable[..., str]
Change = Literal["added", "removed", "changed"]

#: The seed of a default report's simulated lines (most are exact): the same for both decks, so that a line's change
#: is the decks' and not the luck of two runs, and the same on every run (a pull request's comment does not move).
DIFF_SEED = 0
#: How long a git command may run before the diff gives up on it.
GIT_TIMEOUT_SECONDS = 60


def _plain(text: str, **_styles: object) -> str:
    return text


# Reading the two decks ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckInput:
    """One side of a diff: a deck file (`revision` None: as it is on disk), or the file as it was at a git
    revision."""

    path: Path
    revision: str | None = None

    @property
    def shown(self) -> str:
        """The side as messages and output name it: the path, or `REV:path` as git names a file at a revision."""
        return str(self.path) if self.revision is None else f"{self.revision}:{self.path}"


def inputs_of(decks: Sequence[Path], revisions: Sequence[str]) -> tuple[DeckInput, DeckInput]:
    """The two sides a command line names: OLD NEW (two files), DECK --rev REV (the file at REV, then as it is now)
    or DECK --rev A --rev B (at A, then at B); anything else is bad input (DeckcheckError, exit 2)."""
    if len(decks) == 2 and not revisions:
        return DeckInput(decks[0]), DeckInput(decks[1])
    if len(decks) == 1 and len(revisions) == 1:
        return DeckInput(decks[0], revisions[0]), DeckInput(decks[0])
    if len(decks) == 1 and len(revisions) == 2:
        return DeckInput(decks[0], revisions[0]), DeckInput(decks[0], revisions[1])
    rev = mention("rev")
    if len(decks) == 1 and not revisions:
        raise DeckcheckError(_("give the deck to compare it with (OLD NEW), or {rev} REV").format(rev=rev))
    if len(decks) == 2:
        raise DeckcheckError(_("{rev} compares one deck file at a revision: give one DECK with it").format(rev=rev))
    if len(decks) == 1:
        raise DeckcheckError(_("{rev} is given at most twice (the old revision, then the new one)").format(rev=rev))
    raise DeckcheckError(_("give two deck files (OLD NEW), or one deck file and {rev} REV").format(rev=rev))


def read_side(side: DeckInput, workspace: Workspace, game: str | None = None) -> Deck[Any]:
    """The deck of one side, its cards looked up; a malformed or missing file raises DeckcheckError. With `game`
    (`--game`), a plain-text deck is a list pasted from a blog of that game, as `show --game` reads it."""
    if side.revision is None:
        return workspace.deck(side.path, game)
    data = file_at_revision(side.path, side.revision)
    text = decode_text(data)
    if game is not None:
        game = get_game(game).id  # an unknown game stops before the file is read
    source = parse_deck(side.shown, text, fmt=deck_format(side.path, text.text), game=game)
    refuse_other_game(source, game)
    return resolve_deck(source, workspace.carddb(source.game_id))


def file_at_revision(path: Path, revision: str) -> bytes:
    """The bytes of the file at `path` as git holds it at `revision` (`git show REV:PREFIX/NAME`, the path from the
    repository's root: `git rev-parse --show-prefix` in the file's folder). Not a git repository, git missing, an
    unknown revision or a file the revision does not have: a DeckcheckError naming it (exit 2)."""
    shown = f"{revision}:{path}"
    if not revision.strip() or revision.startswith("-"):  # never an option of git's
        raise DeckcheckError(_("{rev} {value!r} is not a revision").format(rev=mention("rev"), value=revision))
    git = shutil.which("git")
    if git is None:
        raise DeckcheckError(_("{rev} needs git, which is not installed (not on PATH)").format(rev=mention("rev")))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise DeckcheckError(_("no such folder: {folder}").format(folder=folder), path=str(path))
    prefix = _git(git, folder, ["rev-parse", "--show-prefix"])
    if prefix is None:
        raise DeckcheckError(_("is not in a git repository: {rev} needs one").format(rev=mention("rev")), path=path)
    if _git(git, folder, ["rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"]) is None:
        raise DeckcheckError(_("no revision {revision} in this git repository").format(revision=revision), path=shown)
    data = _git(git, folder, ["show", f"{revision}:{prefix.strip()}{path.name}"], binary=True)
    if data is None:
        raise DeckcheckError(_("no such file at revision {revision}").format(revision=revision), path=shown)
    if len(data) > MAX_INPUT_BYTES:
        raise DeckcheckError(
            _("is larger than {size} MiB: not a {what}").format(
                size=MAX_INPUT_BYTES // 2**20, what=translate("deck file")
            ),
            path=shown,
        )
    return data


def _git(git: str, folder: Path, args: list[str], *, binary: bool = False) -> Any:
    """git's output (text, or bytes with `binary`), or None when it fails."""
    environment = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}
    try:
        done = subprocess.run(  # noqa: S603 (git, found on PATH, with arguments of our own)
            [git, *args], cwd=folder, capture_output=True, timeout=GIT_TIMEOUT_SECONDS, env=environment, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise DeckcheckError(_("git could not be run: {reason}").format(reason=error)) from None
    if done.returncode != 0:
        return None
    return done.stdout if binary else done.stdout.decode("utf-8", "replace")


# What changed ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardChange:
    """A card of a section whose count changed: added (0 → n), removed (n → 0) or changed (n → m)."""

    change: Change
    key: str  # the card's number, or the key as written when it matched no card
    number: str | None
    name: str | None
    old: int
    new: int

    def to_json(self) -> dict[str, Any]:
        return {
            "change": self.change,
            "key": self.key,
            "number": self.number,
            "name": self.name,
            "old": self.old,
            "new": self.new,
        }


@dataclass(frozen=True)
class SectionDiff:
    """A section of either deck: its size in each and the cards whose count changed (added, removed, changed)."""

    section: str
    known: bool  # a section of the game (else a section only the file has)
    old_size: int
    new_size: int
    cards: list[CardChange]

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "known": self.known,
            "old_count": self.old_size,
            "new_count": self.new_size,
            "cards": [card.to_json() for card in self.cards],
        }


@dataclass(frozen=True)
class KeyChange:
    """A deck key (name, regulation, the game's own keys: a lord, a basis) set, unset or changed."""

    key: str
    old: str | None  # as the file writes it (None: not set)
    new: str | None
    old_shown: str | None = None  # as `show` says it: a card key as its card, a word as the game's document
    new_shown: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "old": self.old, "new": self.new}


@dataclass(frozen=True)
class Side:
    """One deck of a diff: where it came from, the deck, its verdict and its default report (None, with the reason
    in `no_odds`, when its odds cannot be counted: an unknown card, a setup that cannot run)."""

    input: DeckInput
    deck: Deck[Any]
    report: DeckReport
    odds: list[ReportResult] | None
    no_odds: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"path": self.input.shown, "file": str(self.input.path), "revision": self.input.revision} | {
            key: value for key, value in self.report.to_json().items() if key != "path"
        }


@dataclass(frozen=True)
class OddsLine:
    """A line of the default report in both decks (paired by its label, else by its place and turn; a line only
    one deck's report has holds None for the other), each seat's answers before and after."""

    old_label: str | None
    new_label: str | None
    turn: int
    cells: dict[Going, tuple[Answer | str | None, Answer | str | None]]

    @property
    def label(self) -> str:
        return self.new_label if self.new_label is not None else self.old_label or ""


@dataclass(frozen=True)
class DeckDiff:
    """Everything `deckcheck diff` says: the two decks, what changed between them, and the lines of their reports."""

    old: Side
    new: Side
    keys: list[KeyChange]
    sections: list[SectionDiff]
    odds: list[OddsLine]
    seed: int = DIFF_SEED
    notes: list[str] = field(default_factory=list)  # the verdicts' notes (--as-of before the game's regulations)
    # what the game's card data says of itself on the day judged (its age, invented cards): stderr, JSON `card_data`
    data_notes: list[DataNote] = field(default_factory=list)

    @property
    def identical(self) -> bool:
        """The same cards in every section and the same keys (the verdict and odds are then the same too)."""
        return not self.keys and not any(section.cards for section in self.sections)

    def fails(self, fail_on: str = "error") -> bool:
        """The new deck has a violation at or above `fail_on` (as `check --fail-on` judges it): exit code 1."""
        return self.new.report.fails(fail_on)


def diff_decks(
    old: DeckInput,
    new: DeckInput,
    judging: Judging,
    workspace: Workspace,
    *,
    options: StatsOptions | None = None,
    game: str | None = None,
) -> DeckDiff:
    """Read both decks, judge both (as `check` judges: `judging`, the cards of `workspace`) and count both default
    reports (as `stats` counts them, `options` or the default ones with DIFF_SEED). Decks of two games are bad
    input (DeckcheckError). With `game` (`--game`), a plain-text deck is a pasted list of that game."""
    old_deck, new_deck = read_side(old, workspace, game), read_side(new, workspace, game)
    if old_deck.game.id != new_deck.game.id:
        raise DeckcheckError(
            _("{old} is a {old_game} deck and {new} a {new_game} deck: a diff compares two decks of one game").format(
                old=old.shown, old_game=old_deck.game.id, new=new.shown, new_game=new_deck.game.id
            )
        )
    options = options or StatsOptions(seed=DIFF_SEED)
    old_report = _judged(old_deck, judging, workspace)
    new_report = _judged(new_deck, judging, workspace)
    keys = _key_changes(old_deck, new_deck)
    sections = _section_diffs(old_deck, new_deck, old_report, new_report)
    old_odds, old_why = _odds(old_deck, judging, options)
    if not keys and not any(section.cards for section in sections) and _same_judging(old_report, new_report):
        new_odds, new_why = old_odds, old_why  # the same cards, judged alike: the same odds, counted once
    else:
        new_odds, new_why = _odds(new_deck, judging, options)
    old_side = Side(old, old_deck, old_report, old_odds, old_why)
    new_side = Side(new, new_deck, new_report, new_odds, new_why)
    assert options.seed is not None
    notes = list(dict.fromkeys(note for note in (old_report.note, new_report.note) if note))
    card_data = data_notes([new_deck.game.id], judging.as_of or _today(), shipped_carddb_dir())
    lines = _pair_lines(old_odds or [], new_odds or [])
    return DeckDiff(old_side, new_side, keys, sections, lines, options.seed, notes, card_data)


def _today() -> date:
    """The day of the check as `check` takes it ($DECKCHECK_TODAY, else the clock's), as `show` takes it."""
    from deckcheck.checking.regulations import current_day  # deferred: as checking.session reads it

    try:
        return current_day()
    except DeckcheckError:
        return date.today()


def _judged(deck: Deck[Any], judging: Judging, workspace: Workspace) -> DeckReport:
    return judge_deck(deck, workspace.carddb(deck.game.id), judging, workspace)


def _same_judging(old: DeckReport, new: DeckReport) -> bool:
    return old.rules == new.rules


def _key_changes(old: Deck[Any], new: Deck[Any]) -> list[KeyChange]:
    """The deck's name and keys that differ as written, each also as `show` says it."""

    def written(deck: Deck[Any]) -> dict[str, str | None]:
        return {"name": deck.name, **deck.source.keys, "regulation": deck.source.regulation}

    def shown(deck: Deck[Any]) -> dict[str, str | None]:
        return {"name": deck.name, **{key: value for key, _label, value in key_rows(deck)}}

    before, after = written(old), written(new)
    said_before, said_after = shown(old), shown(new)
    ordered = [*before, *(key for key in after if key not in before)]
    return [
        KeyChange(key, before.get(key), after.get(key), said_before.get(key), said_after.get(key))
        for key in ordered
        if before.get(key) != after.get(key)
    ]


def _identity(entry: Any) -> tuple[str, str | None, str | None]:
    """(key, number, name) of an entry: a card by its number (written by number or by name alike), else the key."""
    if entry.card is not None:
        return entry.card.number, entry.card.printed_number, entry.shown_name
    return entry.key, None, None


def _counted(deck: Deck[Any], section: str) -> dict[str, tuple[str | None, str | None, int]]:
    """Each card of the section with its copies (a card written on two lines counts once, summed; a line whose count
    is no whole number counts 0: it is the verdict's deck.bad-count)."""
    found: dict[str, tuple[str | None, str | None, int]] = {}
    for entry in deck.section_entries(section):
        key, number, name = _identity(entry)
        _number, _name, copies = found.get(key, (number, name, 0))
        found[key] = (number, name, copies + (entry.count or 0))
    return found


def _section_diffs(old: Deck[Any], new: Deck[Any], old_report: DeckReport, new_report: DeckReport) -> list[SectionDiff]:
    # the game's sections of the format that judged each deck, a section of another format that either fills
    # (EVOLVE's sealed pool), then the sections either file has that the game lacks
    names = list(dict.fromkeys([*shown_sections(old, old_report), *shown_sections(new, new_report)]))
    diffs = []
    for section in names:
        before, after = _counted(old, section), _counted(new, section)
        cards: dict[Change, list[CardChange]] = {"added": [], "removed": [], "changed": []}
        for key in [*after, *(key for key in before if key not in after)]:
            number, name, was = before.get(key, (None, None, 0))
            number2, name2, now = after.get(key, (number, name, 0))
            if was == now:
                continue
            change: Change = "added" if was == 0 else "removed" if now == 0 else "changed"
            cards[change].append(CardChange(change, key, number2 or number, name2 or name, was, now))
        diffs.append(
            SectionDiff(
                section,
                section in old.game.sections,
                old.size(section),
                new.size(section),
                [*cards["added"], *cards["removed"], *cards["changed"]],
            )
        )
    return diffs


def _odds(deck: Deck[Any], judging: Judging, options: StatsOptions) -> tuple[list[ReportResult] | None, str | None]:
    """The deck's default report as `deckcheck stats DECK` counts it, or None and why it cannot be counted."""
    try:
        refuse_unknown_cards(deck, _("counting the odds"))
        judging.choose_rules(deck)  # the setup (and its odds) of that rules version and format, as `stats`
        check_setup(deck, options.choices)
        return default_report(deck, options), None
    except DeckcheckError as why:  # (an EngineError too: a setup the rules cannot run)
        return None, why.reason.split("\n")[0]


def _pair_lines(old: list[ReportResult], new: list[ReportResult]) -> list[OddsLine]:
    """The lines of both reports side by side: by label, then what is left by place and turn (a label that says
    what the deck lacks, "— the deck has none", is the same question); a line of one report only stands alone."""
    paired: dict[int, int] = {}  # new index → old index
    by_label = {result.line.label: index for index, result in enumerate(old)}
    for index, result in enumerate(new):
        if (at := by_label.get(result.line.label)) is not None and at not in paired.values():
            paired[index] = at
    for index, result in enumerate(new):
        free = index not in paired and index < len(old) and index not in paired.values()
        if free and old[index].line.turn == result.line.turn:
            paired[index] = index
    lines: list[OddsLine] = []
    used = set(paired.values())
    for index, result in enumerate(new):
        was = old[paired[index]] if index in paired else None
        cells = {seat: (was.cells.get(seat) if was else None, result.cells.get(seat)) for seat in SEATS}
        lines.append(OddsLine(was.line.label if was else None, result.line.label, result.line.turn, cells))
    for index, result in enumerate(old):
        if index not in used:
            cells = {seat: (result.cells.get(seat), None) for seat in SEATS}
            lines.append(OddsLine(result.line.label, None, result.line.turn, cells))
    return lines


def change_of(old: Answer | str | None, new: Answer | str | None) -> Fraction | float | None:
    """The change of a line's probability from `old` to `new` (a probability, not points): an exact Fraction when
    both answers are exact, a float when either is simulated, None when either is missing or not reached."""
    if not isinstance(old, Answer) or not isinstance(new, Answer):
        return None
    if old.exact is not None and new.exact is not None:
        return new.exact.probability - old.exact.probability
    return new.probability - old.probability


def points(change: Fraction | float) -> str:
    """A change in percentage points as people read it: `+0.53`, `−1.20`, `±0.00` when there is none."""
    if change == 0:
        return "±0.00"
    text = f"{float(change) * 100:+.2f}"
    return text.replace("-", "−")


def _simulated(answer: Answer | str | None) -> bool:
    return isinstance(answer, Answer) and answer.ci95 is not None


def _value(answer: Answer | str | None) -> str:
    """A probability as `stats` prints it (`99.76%`, `91.80% ±0.17`), `—` when there is none."""
    if answer is None:
        return "—"
    if isinstance(answer, str):
        return _("— (not reached)")
    if answer.ci95 is None:
        return percent(answer.probability)
    low, high = answer.ci95
    return f"{percent(answer.probability)} ±{100 * (high - low) / 2:.2f}"


def _change_text(old: Answer | str | None, new: Answer | str | None) -> str:
    change = change_of(old, new)
    if change is None:
        return ""
    said = points(change)
    return ("≈" + said if _simulated(old) or _simulated(new) else said) + " " + _("pt")


def _policies(diff: DeckDiff) -> str:
    names = sorted(
        {
            answer.mulligan
            for line in diff.odds
            for pair in line.cells.values()
            for answer in pair
            if isinstance(answer, Answer)
        }
    )
    return ", ".join(policy_label(name) for name in names) or "-"


# Text -----------------------------------------------------------------------------------------------------------


def section_title(deck: Deck[Any], section: str) -> str:
    """A section as `show` names it: `main`, under a language other than English the game's own word with the
    file's id after it (`メインデッキ [main]`), a section the game lacks said so."""
    shown = escape_controls(section)
    label = deck.game.wording.section_labels.get(section)
    if section in deck.game.sections and label and language() != "en":
        return _("{label} [{section}]").format(label=translate_as(deck.game.id, label), section=shown)
    if section in deck.game.sections:
        return shown
    return _("{section} (not a {game} section)").format(section=shown, game=deck.game.said_title)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _change_word(change: Change) -> str:
    return {"added": _("added"), "removed": _("removed"), "changed": _("changed")}[change]


def render_diff_text(diff: DeckDiff, *, colour: bool = False, columns: int | None = None) -> str:
    """`deckcheck diff` for people, each line fitted to `columns` (the terminal's, else 80) by display width."""
    style: Style = styled if colour else _plain
    columns = output_columns() if columns is None else columns
    deck = diff.new.deck
    title = escape_controls(deck.name or diff.old.deck.name or Path(diff.new.input.path).name)
    lines = [f"{style(title, bold=True)} — {deck.game.said_title}"]
    lines.append("  " + _("old: {path}").format(path=escape_controls(diff.old.input.shown)))
    lines.append("  " + _("new: {path}").format(path=escape_controls(diff.new.input.shown)))
    if diff.identical:
        lines += [
            "",
            style(_("The decks are identical: the same cards in every section and the same keys."), bold=True),
        ]
    if diff.keys:
        lines += ["", _("keys:")]
        none = _("(none)")
        lines += [
            "  "
            + _("{key}: {old} → {new}").format(
                key=translate(change.key),
                old=escape_controls(change.old_shown or change.old) if change.old is not None else none,
                new=escape_controls(change.new_shown or change.new) if change.new is not None else none,
            )
            for change in diff.keys
        ]
    lines += _section_lines(diff, style)
    lines += ["", *_verdict_text(diff, style)]
    lines += _odds_text(diff, style)
    lines += [_("note: {note}").format(note=note) for note in diff.notes]
    return "\n".join(fitted(lines, columns))


def _section_lines(diff: DeckDiff, style: Style) -> list[str]:
    deck = diff.new.deck
    changes = [card for section in diff.sections for card in section.cards]
    words = {change: _change_word(change) for change in ("added", "removed", "changed")}
    word_width = max(display_width(word) for word in words.values())
    number_width = max((display_width(card.number or card.key) for card in changes), default=0)
    count_width = max((len(str(n)) for card in changes for n in (card.old, card.new)), default=1)
    lines: list[str] = []
    for section in diff.sections:
        title = style(section_title(deck, section.section), bold=True)
        if not section.cards:
            said = _("{section}: {size}, unchanged").format(section=title, size=_cards(section.new_size))
            lines += ["", said]
            continue
        if section.old_size == section.new_size:
            size = _cards(section.new_size)
        else:
            size = _("{old} → {new}").format(old=section.old_size, new=_cards(section.new_size))
        lines += ["", _("{section}: {size}").format(section=title, size=size)]
        for card in section.cards:
            colour = {"added": "green", "removed": "red", "changed": "yellow"}[card.change]
            counts = f"{card.old:>{count_width}} → {card.new:>{count_width}}"
            name = escape_controls(card.name) if card.name is not None else _("(unknown card)")
            number = escape_controls(card.number or card.key)
            word = style(pad(words[card.change], word_width), fg=colour)
            lines.append(f"  {word}  {counts}  {pad(number, number_width)}  {name}")
    return lines


def _verdict_text(diff: DeckDiff, style: Style) -> list[str]:
    """`verdict: legal → not legal, 1 error`, then each deck's violations as `show` lists them (a deck without any
    says nothing more)."""
    before, after = diff.old.report, diff.new.report
    lines = [_("verdict: {old} → {new}").format(old=_verdict_word(before), new=_verdict_word(after))]
    sides = [(diff.new, _("new:"))] if diff.identical else [(diff.old, _("old:")), (diff.new, _("new:"))]
    for side, word in sides:
        if side.report.violations:
            lines.append("  " + word)
            lines += _indented(verdict_lines(side.report, style, side.input.shown), 4)
    return lines


def _indented(lines: list[str], by: int) -> list[str]:
    return [" " * by + line for line in lines]


def _verdict_word(report: DeckReport) -> str:
    errors = sum(violation.severity == "error" for violation in report.violations)
    warnings = len(report.violations) - errors
    if report.legal and not warnings:
        return _("legal")
    if report.legal:
        return ngettext("legal, {n} warning", "legal, {n} warnings", warnings).format(n=warnings)
    return ngettext("not legal, {n} error", "not legal, {n} errors", errors).format(n=errors)


def _odds_text(diff: DeckDiff, style: Style) -> list[str]:
    lines = [""]
    said = _("opening hands, old → new ({stats}; mulligan {policies}):")
    lines.append(spoken(said.format(stats=mention_command("stats"), policies=_policies(diff))))
    for side, word in ((diff.old, _("old")), (diff.new, _("new"))):
        if side.no_odds is not None:
            lines.append("  " + _("{side}: not counted: {reason}").format(side=word, reason=side.no_odds))
    if not diff.odds:
        if diff.old.no_odds is None or diff.new.no_odds is None:
            lines.append("  " + _("{game} has no default report for these decks").format(game=diff.new.deck.game.title))
        return lines
    seat_width = max(display_width(seat_label(seat)) for seat in SEATS)
    values = [_value(answer) for line in diff.odds for pair in line.cells.values() for answer in pair]
    value_width = max(display_width(value) for value in values)
    for line in diff.odds:
        label = escape_controls(line.label)
        if line.old_label is None:
            label = _("{label} (new line)").format(label=label)
        elif line.new_label is None:
            label = _("{label} (no longer asked)").format(label=label)
        lines.append(f"  {label}")
        if line.old_label is not None and line.new_label is not None and line.old_label != line.new_label:
            lines.append("    " + _("(was: {label})").format(label=escape_controls(line.old_label)))
        for seat in SEATS:
            old, new = line.cells[seat]
            moved = f"{pad(_value(old), value_width)} → {pad(_value(new), value_width)}"
            lines.append(f"    {pad(seat_label(seat), seat_width)}  {moved}  {_change_text(old, new)}".rstrip())
    return lines


# JSON -----------------------------------------------------------------------------------------------------------


def diff_json(diff: DeckDiff) -> dict[str, Any]:
    """The diff for programs (README, "deckcheck diff": its keys are stable)."""
    return {
        "game": diff.new.deck.game.id,
        "identical": diff.identical,
        "old": diff.old.to_json(),
        "new": diff.new.to_json(),
        "keys": [change.to_json() for change in diff.keys],
        "sections": [section.to_json() for section in diff.sections],
        "odds": {
            "seed": diff.seed,
            "not_counted": {"old": diff.old.no_odds, "new": diff.new.no_odds},
            "lines": [_line_json(line) for line in diff.odds],
        },
        "notes": diff.notes,
    } | ({"card_data": [note.to_json() for note in diff.data_notes]} if diff.data_notes else {})


def _line_json(line: OddsLine) -> dict[str, Any]:
    data: dict[str, Any] = {"label": line.label, "old_label": line.old_label, "new_label": line.new_label}
    data["turn"] = line.turn
    for seat in SEATS:
        old, new = line.cells[seat]
        change = change_of(old, new)
        data[seat] = {
            "old": cell_json(old) if old is not None else None,
            "new": cell_json(new) if new is not None else None,
            "points": round(float(change) * 100, 10) if change is not None else None,
            "change_exact": f"{change.numerator}/{change.denominator}" if isinstance(change, Fraction) else None,
        }
    return data


def render_diff_json(diff: DeckDiff) -> str:
    return json.dumps(diff_json(diff), ensure_ascii=False, indent=2)


# Markdown -------------------------------------------------------------------------------------------------------

_MARKDOWN_SPECIAL = set("\\`*_[]<>|#~")


def markdown_cell(text: str) -> str:
    """Text safe in a GitHub Markdown table cell: its punctuation escaped (`|` as `\\|`: never a new column; `<`, no
    HTML), a line break as a blank."""
    text = escape_controls(" ".join(text.split("\n")))
    return "".join("\\" + char if char in _MARKDOWN_SPECIAL else char for char in text)


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def render_diff_markdown(diff: DeckDiff) -> str:
    """The diff as Markdown for a pull request's comment or a job summary ($GITHUB_STEP_SUMMARY): a heading, the
    changed cards in a table, the verdicts, and the odds in a table."""
    deck = diff.new.deck
    title = markdown_cell(deck.name or diff.old.deck.name or Path(diff.new.input.path).name)
    lines = [f"### {title} — {markdown_cell(deck.game.said_title)}", ""]
    old_path, new_path = markdown_cell(diff.old.input.shown), markdown_cell(diff.new.input.shown)
    lines += [_("{old} → {new}").format(old=old_path, new=new_path), ""]
    if diff.identical:
        lines += [_("The decks are identical: the same cards in every section and the same keys."), ""]
    if diff.keys:
        none = _("(none)")
        lines += [_row([_("key"), _("old"), _("new")]), _row(["---"] * 3)]
        lines += [
            _row(
                [
                    markdown_cell(translate(change.key)),
                    markdown_cell(change.old_shown or change.old) if change.old is not None else none,
                    markdown_cell(change.new_shown or change.new) if change.new is not None else none,
                ]
            )
            for change in diff.keys
        ]
        lines.append("")
    changed = [section for section in diff.sections if section.cards]
    if changed:
        headers = [_("section"), _("change"), _("number"), _("card"), _("old"), _("new")]
        lines += [_row(headers), "|---|---|---|---|---:|---:|"]
        for section in changed:
            name = markdown_cell(section_title(deck, section.section))
            for card in section.cards:
                shown = markdown_cell(card.name) if card.name is not None else _("(unknown card)")
                number = markdown_cell(card.number or card.key)
                lines.append(_row([name, _change_word(card.change), number, shown, str(card.old), str(card.new)]))
        lines.append("")
    unchanged = [section for section in diff.sections if not section.cards]
    if unchanged and not diff.identical:
        sizes = ", ".join(
            f"{markdown_cell(section_title(deck, section.section))} ({_cards(section.new_size)})"
            for section in unchanged
        )
        lines += [_("Unchanged: {sections}").format(sections=sizes), ""]
    lines += _verdict_markdown(diff)
    lines += _odds_markdown(diff)
    lines += [_("note: {note}").format(note=markdown_cell(note)) for note in diff.notes]
    return "\n".join(lines).rstrip("\n") + "\n"


def _verdict_markdown(diff: DeckDiff) -> list[str]:
    before, after = diff.old.report, diff.new.report
    word = _verdict_word(after)
    new = word if after.legal else f"**{word}**"
    lines = [_("**Verdict:** {old} → {new}").format(old=_verdict_word(before), new=new), ""]
    for side, label in ((diff.old, _("old")), (diff.new, _("new"))):
        if side is diff.old and diff.identical:
            continue
        for violation in side.report.violations:
            ref = f" [{markdown_cell(violation.ref)}]" if violation.ref else ""
            where = f" ({markdown_cell(violation.section)})" if violation.section else ""
            message = markdown_cell(said_once(violation.message, violation.ref, None))
            said = f"{severity_word(violation.severity)} `{violation.rule}`{where}{ref}: {message}"
            lines.append("- " + _("{side}: {violation}").format(side=label, violation=said))
    if lines[-1] != "":
        lines.append("")
    return lines


def _odds_markdown(diff: DeckDiff) -> list[str]:
    said = _("**Opening hands** ({stats} default report; mulligan {policies})")
    lines = [spoken(said.format(stats=f"`{mention_command('stats')}`", policies=markdown_cell(_policies(diff)))), ""]
    for side, word in ((diff.old, _("old")), (diff.new, _("new"))):
        if side.no_odds is not None:
            lines += [_("{side}: not counted: {reason}").format(side=word, reason=markdown_cell(side.no_odds)), ""]
    if not diff.odds:
        return lines
    first, second = (seat_label(seat) for seat in SEATS)
    points_word = _("change (pt)")
    lines += [_row([_("line"), first, points_word, second, points_word]), "|---|---:|---:|---:|---:|"]
    for line in diff.odds:
        cells = [markdown_cell(line.label)]
        for seat in SEATS:
            old, new = line.cells[seat]
            cells.append(f"{markdown_cell(_value(old))} → {markdown_cell(_value(new))}")
            change = change_of(old, new)
            cells.append("" if change is None else markdown_cell(_change_text(old, new).removesuffix(" " + _("pt"))))
        lines.append(_row(cells))
    lines.append("")
    return lines
