"""The command line's options: the flag of each library option, the choices of the options that take one, and every
option and argument of the commands with its help text (deckcheck.cli.app declares the commands over them)."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from deckcheck import _i18n
from deckcheck._i18n import N_, _
from deckcheck._version import __version__
from deckcheck.cli import completion, language, startup
from deckcheck.errors import DeckcheckError, OptionError, Spelling

T = TypeVar("T")

if TYPE_CHECKING:
    from deckcheck.checking.judging import Judging
    from deckcheck.checking.workspace import Workspace

#: The flag of each library option whose flag is not `--` and its name with `-` for `_` (`as_of` is `--as-of`).
FLAGS = {
    "wants": "--want",
    "turns": "--turn",
    "policy": "--mulligan",
    "carddb_dirs": "--carddb",
    "game_id": "--game",
    "out": "--out-file",
    "deck_format": "--format",
    "json_output": "--output json",  # (a library caller asks for JSON with json_output=True)
}
#: Options whose `field` the command line has always written as the flag itself (`cards search`: field '--limit');
#: the others as the flag without its dashes (field 'trials', field 'deck-size').
_FIELD_AS_FLAG = {"limit"}


def flag(option: str) -> str:
    """The command line's flag for a library option: `trials` → `--trials`, `as_of` → `--as-of`."""
    return FLAGS.get(option) or "--" + option.replace("_", "-")


def command_line(command: str) -> str:
    """The command line of a deckcheck command: `check` → `deckcheck check`."""
    return f"deckcheck {command}"


#: How the command line names what messages mention: options as flags, commands as command lines.
COMMAND_LINE = Spelling(option=flag, command=command_line)


def as_flags(error: DeckcheckError) -> DeckcheckError:
    """The error as the command line says it: the options its reason names by their flags, the commands as command
    lines, and an OptionError's field as the flag too."""
    if not isinstance(error, OptionError):
        if "\x00" not in error.template:
            return error
        return DeckcheckError(
            error.spelled(COMMAND_LINE), path=error.path, line=error.line, field=error.field, details=error.details
        )
    field = error.field
    if field is not None and field in error.options:
        field = flag(field) if field in _FIELD_AS_FLAG else flag(field).removeprefix("--")
    return DeckcheckError(
        error.spelled(COMMAND_LINE), path=error.path, line=error.line, field=field, details=error.details
    )


def examples(*commands: str) -> str:
    """A command's help epilog: example command lines, printed as written (each runs on the shipped decks and card
    databases: tests/cli/test_help.py runs them)."""
    return f"\b\n{language.EXAMPLES}\n" + "\n".join(f"  {command}" for command in commands)


class OutputFormat(StrEnum):
    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"
    junit = "junit"


class FailOn(StrEnum):
    error = "error"
    warning = "warning"


class GoingOption(StrEnum):
    first = "first"
    second = "second"


class HandOutput(StrEnum):
    text = "text"
    json = "json"


class DiffOutput(StrEnum):
    text = "text"
    json = "json"
    markdown = "markdown"


class MethodOption(StrEnum):
    exact = "exact"
    simulate = "simulate"


class ConvertFormat(StrEnum):
    toml = "toml"
    text = "text"
    json = "json"
    markdown = "markdown"
    html = "html"


STATS_HELP = N_(
    """How likely is this deck to open well? The probability that every --want holds for the cards that
have reached your hand by the main phase of your own N-th turn (turn 0 = the opening hand after the mulligan),
under the game's own mulligan rule, going first and second.

QUERY is [K+|>=K |<=K ]FILTER (default: at least 1); FILTER is field=value pairs joined by ',' (AND), values
joined by '|' (OR), e.g. --want grade=1, --want 2+trigger=heal (at least 2), --want 'cost=1|2,class=forest',
--want name~=騎士. Number fields take ranges, no quotes needed: grade=2.. (2 or more), cost=..3 (3 or less),
grade=2..3 (both included); quoted comparisons work too: 'grade>=2', 'power>10000', '>=2 trigger=heal'.
Several --want must all hold; QUERY@N holds by own turn N instead of --turn; with --any (repeatable), at least one
--any must hold too. Vanguard counts every card its rules bring (drive checks at the vanguard's drive, a checked
draw trigger's card); --floor counts the floor.

A field is named as the card records name it (grade, cost, class) or by the word of the game's rules document for
it (compared after NFKC):

{field_words}

Exact answers (multivariate hypergeometric counting) where the game's model allows; otherwise, or with
--method simulate, a simulation with a 95% interval. The mulligan defaults to the optimal one (computed exactly
by backward induction); --explain prints its decision table.

Without --want, a default report per game: {stats_reports}."""
)


ODDS_HELP = N_(
    """Quick odds without a deck file: "17 outs in 50, by own turn 3 going second". The deck is categories
with their copies (--copies outs=17, repeatable; the rest is 'other'); QUERY is [>=K |<=K ]NAME[|NAME...][@N], e.g.
--want outs@3, --want '>=2 outs|combo', --any a@1 --any b@1. The game (--game) gives the opening hand, the mulligan
rule, what its setup sets aside from the main deck and each own turn's draws; the answer comes from the same exact
engine as `deckcheck stats`, with the optimal mulligan by default, for both seats."""
)


CarddbOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--carddb",
        metavar="DIR",
        help=N_(
            "Extra card database folder (carddb/<game-id>/*.toml); its records add to or replace the shipped "
            "ones by number. Repeatable. Also read from $DECKCHECK_CARDDB."
        ),
        show_default=False,
    ),
]


RegulationOption = Annotated[
    str | None,
    typer.Option(
        metavar="NAME",
        help=N_(
            "Judge against this regulation (carddb/<game>/regulations/*.toml); it wins over a deck's own "
            "`regulation` key. See `deckcheck rules GAME`."
        ),
        show_default=False,
    ),
]
AsOfOption = Annotated[
    str | None,
    typer.Option(
        "--as-of",
        metavar="YYYY-MM-DD",
        help=N_(
            "Judge against the game's regulation in force on this date (the latest effective on or before it), "
            "unless --regulation or the deck's `regulation` key names one. Default: today."
        ),
        show_default=False,
    ),
]
NoRegulationOption = Annotated[
    bool,
    typer.Option(
        "--no-regulation",
        help=N_("Judge without any regulation (not today's, nor the deck's own `regulation` key)."),
    ),
]
RulesOption = Annotated[
    str | None,
    typer.Option(
        "--rules",
        metavar="VERSION",
        help=N_(
            "The version of the game's rules document to play by ({rules_versions}), over the deck's "
            "`rules` key. Default: the key, else the newest."
        ),
        show_default=False,
    ),
]
FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        metavar="FORMAT",
        help=N_("The format to play ({formats}), over the deck's `format` key. Default: the key, else standard."),
        show_default=False,
    ),
]


GameOption = Annotated[
    str,
    typer.Option(
        "--game", "-g", metavar="GAME", help=N_("A game id (see `deckcheck games`)."), autocompletion=completion.games
    ),
]
DeckArgument = Annotated[Path, typer.Argument(metavar="DECK", help=N_("A deck file."), show_default=False)]
ReadDeckArgument = Annotated[
    Path, typer.Argument(metavar="DECK", help=N_("A deck file; - reads it from standard input."), show_default=False)
]
CardArgument = Annotated[
    str,
    typer.Argument(
        metavar="CARD",
        help=N_("A card number, or a card name exactly as in the database."),
        shell_complete=completion.cards,
    ),
]
ForceOption = Annotated[
    bool, typer.Option("--force", help=N_("Rewrite even when the file's comments cannot be kept (they are dropped)."))
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckcheck {__version__}")
        raise typer.Exit()


def _lang(value: str | None) -> str | None:
    """--lang was read at start-up (deckcheck.cli.language.choose_language); here it is only checked, for a command
    line run without main() (tests)."""
    if value is not None and value.strip().lower() not in _i18n.LANGUAGES:
        languages = ", ".join(f"{tag} ({name})" for tag, name in _i18n.LANGUAGES.items())
        raise typer.BadParameter(
            _("{value!r} is not a language deckcheck speaks; the languages are: {languages}").format(
                value=value, languages=languages
            )
        )
    return value


VersionOption = Annotated[
    bool, typer.Option("--version", callback=_version, is_eager=True, help=N_("Show the version and exit."))
]


LangOption = Annotated[
    str | None,
    typer.Option(
        language.LANG_FLAG,
        metavar="LANG",
        callback=_lang,
        help=N_(
            "The language of messages and help: en (English) or ja (Japanese). Default: $DECKCHECK_LANG, else "
            "the locale (LC_ALL, LC_MESSAGES, LANG: ja... is Japanese, anything else English)."
        ),
        show_default=False,
    ),
]


CheckPathsArgument = Annotated[
    list[str],  # kept as given: `./a.deck.toml` is reported as `./a.deck.toml`
    typer.Argument(
        metavar="PATHS",
        help=N_(
            "Deck files or folders. Folders are searched recursively for *.deck.toml, *.deck.json, *.toml and "
            "*.json with a `game` key and *.txt decklists with a 'game:' line (any encoding a deck may have), "
            "skipping carddb/ and hidden folders. Each deck is checked once, however often it is reached. - "
            "reads a deck from standard input."
        ),
        show_default=False,
    ),
]


CheckOutputOption = Annotated[
    OutputFormat,
    typer.Option(
        "--output",
        "-o",
        metavar="FORMAT",
        help=N_(
            "text (for people; coloured on a terminal, see NO_COLOR / FORCE_COLOR), json, github (workflow "
            "annotations), sarif (GitHub code scanning) or junit."
        ),
    ),
]


SarifFileOption = Annotated[
    Path | None,
    typer.Option(
        "--sarif",
        metavar="FILE",
        help=N_("Also write a SARIF report (as --output sarif) to FILE, atomically, whatever --output prints."),
        show_default=False,
    ),
]


JunitFileOption = Annotated[
    Path | None,
    typer.Option(
        "--junit",
        metavar="FILE",
        help=N_("Also write a JUnit report (as --output junit) to FILE, atomically, whatever --output prints."),
        show_default=False,
    ),
]


SummaryFileOption = Annotated[
    Path | None,
    typer.Option(
        "--summary",
        metavar="FILE",
        help=N_(
            "Also write a Markdown summary (counts, a table of the problems, the notes) to FILE: appended to "
            "when FILE is $GITHUB_STEP_SUMMARY (a GitHub Actions job summary), else written atomically."
        ),
        show_default=False,
    ),
]


QuietOption = Annotated[
    bool,
    typer.Option(
        "--quiet",
        "-q",
        help=N_(
            "Text output: only the decks with a problem and the closing line, no line per legal deck (notes "
            "still go to stderr; other formats are unchanged)."
        ),
    ),
]


FailOnOption = Annotated[
    FailOn,
    typer.Option(
        "--fail-on",
        metavar="LEVEL",
        help=N_(
            "error or warning: exit 1 when a deck has a violation at or above this severity (the rules that "
            "warn are listed below)."
        ),
    ),
]


CheckRegulationOption = Annotated[
    str | None,
    typer.Option(
        metavar="NAME",
        help=N_(
            "Check against this regulation (carddb/<game>/regulations/*.toml), for the decks of every game "
            "that has it; it wins over a deck's own `regulation` key. See `deckcheck rules GAME`."
        ),
        show_default=False,
    ),
]


CheckAsOfOption = Annotated[
    str | None,
    typer.Option(
        "--as-of",
        metavar="YYYY-MM-DD",
        help=N_(
            "Check each deck against its game's regulation in force on this date (the latest effective on or "
            "before it; default: today), unless --regulation or the deck's `regulation` key names one; for a game "
            "with several versions of its rules ({versioned_games}), also by the version in force that day."
        ),
        show_default=False,
    ),
]


CheckRulesOption = Annotated[
    str | None,
    typer.Option(
        "--rules",
        metavar="VERSION",
        help=N_(
            "Judge by this version of the rules document ({rules_versions}), for the decks of every "
            "game that has versions; it wins over a deck's `rules` key and --as-of. Default: the newest."
        ),
        show_default=False,
    ),
]


CheckFormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        metavar="FORMAT",
        help=N_(
            "Judge in this format ({formats}), for the decks of every game that has "
            "formats; it wins over a deck's `format` key. Default: the deck's key, else standard."
        ),
        show_default=False,
    ),
]


PastedGameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        "-g",
        metavar="GAME",
        autocompletion=completion.games,
        help=N_(
            "Read every plain-text deck (a .txt file, standard input) as a list pasted from a blog or a shop's "
            "page, of this game: counts and names in the ways players write them, headings, totals; what was "
            "guessed or not understood is a deck.pasted-reading warning. TOML and JSON decks are read as always."
        ),
        show_default=False,
    ),
]


DeckInputArgument = Annotated[
    Path,
    typer.Argument(
        metavar="DECK",
        help=N_("A deck file (TOML, text decklist or JSON); - reads it from standard input."),
        show_default=False,
    ),
]


HandSeedOption = Annotated[
    int | None, typer.Option(help=N_("Random seed: the same seed deals the same hand. Default: random, printed."))
]


HandGoingOption = Annotated[
    GoingOption | None, typer.Option(help=N_("Deal as the first or second player. Default: a fair coin."))
]


HandMulliganOption = Annotated[
    str,
    typer.Option(
        metavar="POLICY",
        help=N_(
            "none; keep:FILTER (return/redraw what does not match), e.g. keep:grade=..1, its fields as `stats "
            "--help` lists them (the rules document's words too); or optimal (the decisions `stats` computes for "
            "the --want queries by --turn)."
        ),
    ),
]


HandWantOption = Annotated[
    list[str] | None,
    typer.Option(
        metavar="QUERY",
        help=N_("What --mulligan optimal aims for (as for `stats`), e.g. grade=1. Repeatable."),
        show_default=False,
    ),
]


HandAnyOption = Annotated[
    list[str] | None,
    typer.Option(
        "--any",
        metavar="QUERY",
        help=N_("With --mulligan optimal: at least one --any must hold too (as for `stats`). Repeatable."),
        show_default=False,
    ),
]


HandTurnOption = Annotated[
    int, typer.Option(help=N_("Show the hand at the main phase of your N-th turn (0 = opening)."))
]


HandCountOption = Annotated[int, typer.Option(help=N_("Deal K hands with seeds N, N+1, ..."))]


HandChooseOption = Annotated[
    list[str] | None,
    typer.Option(
        metavar="KEY=VALUE",
        help=N_("A setup choice, e.g. lord=B01-003, basis=title, first_vanguard=<card>. Repeatable."),
    ),
]


LogOption = Annotated[
    bool, typer.Option("--log", help=N_("Also print every step of the setup and turns, with its rule number."))
]


TextOrJsonOption = Annotated[HandOutput, typer.Option("--output", "-o", help=N_("text or json."))]


StatsWantOption = Annotated[
    list[str] | None,
    typer.Option(
        metavar="QUERY",
        help=N_(
            "What the hand should hold, e.g. grade=1, grade=2.. or 2+trigger=heal; QUERY@N by own turn N. Repeatable."
        ),
    ),
]


StatsAnyOption = Annotated[
    list[str] | None,
    typer.Option(
        "--any",
        metavar="QUERY",
        help=N_(
            "At least one --any must hold too (same grammar, @N allowed), e.g. --any grade=1 --any name=X. Repeatable."
        ),
    ),
]


StatsTurnOption = Annotated[
    int | None,
    typer.Option(
        help=N_(
            "By the main phase of your own N-th turn (0 = the opening hand), for the wants without @N. [default: 0]"
        )
    ),
]


StatsGoingOption = Annotated[
    GoingOption, typer.Option(help=N_("The seat of the headline answer and of JSON (text shows both)."))
]


FloorOption = Annotated[
    bool,
    typer.Option(
        "--floor",
        help=N_(
            "Vanguard: count the documented floor (one drive check per attack, no trigger effects) instead of "
            "every card the rules bring."
        ),
    ),
]


StatsMulliganOption = Annotated[
    str | None,
    typer.Option(metavar="POLICY", help=N_("optimal, none or keep:FILTER. Default: optimal where it can be computed.")),
]


StatsMethodOption = Annotated[
    MethodOption | None,
    typer.Option(
        help=N_(
            "exact or simulate. Default: exact within its budget (about 2 s of work), else simulate; exact "
            "waits up to 10 times as long."
        )
    ),
]


TrialsOption = Annotated[
    int | None,
    typer.Option(
        help=N_(
            "Simulated setups per answer; with --precision, the most it may take. "
            "[default: 100000; with --precision 10000000]"
        )
    ),
]


SeedOption = Annotated[int | None, typer.Option(help=N_("Simulation seed. Default: random, printed."))]


PrecisionOption = Annotated[
    float | None,
    typer.Option(
        help=N_(
            "Simulate until the 95% interval lies within ±this of the estimate (e.g. 0.001), up to --trials; "
            "the interval is a confidence sequence, 95% at every look, and the answer says where it stopped or "
            "that --trials came first."
        )
    ),
]


ExplainOption = Annotated[bool, typer.Option("--explain", help=N_("Print the mulligan decision table."))]


HandCardsOption = Annotated[
    str | None,
    typer.Option(
        metavar="CARDS",
        help=N_(
            "Should I mulligan this hand? The opening hand as dealt, cards by number or name joined by ',': "
            "keep it, or return which cards (the game's rule), with both chances."
        ),
    ),
]


PlotOption = Annotated[
    Path | None, typer.Option(metavar="FILE", help=N_("Also draw the chart to FILE.svg (or .png with matplotlib)."))
]


PlotForceOption = Annotated[bool, typer.Option("--force", help=N_("Overwrite an existing --plot file."))]


StatsChooseOption = Annotated[
    list[str] | None,
    typer.Option(metavar="KEY=VALUE", help=N_("A setup choice, e.g. lord=<card>, first_vanguard=<card>. Repeatable.")),
]


DeckSizeOption = Annotated[int, typer.Option("--deck-size", help=N_("Cards in the main deck as built."))]


CopiesOption = Annotated[
    list[str], typer.Option(metavar="NAME=N", help=N_("Copies of a category, e.g. outs=17. Repeatable."))
]


OddsWantOption = Annotated[
    list[str] | None, typer.Option(metavar="QUERY", help=N_("Must hold, e.g. outs@3 or '>=2 outs'. Repeatable."))
]


OddsAnyOption = Annotated[
    list[str] | None,
    typer.Option("--any", metavar="QUERY", help=N_("At least one --any must hold too. Repeatable.")),
]


OddsTurnOption = Annotated[
    int | None, typer.Option(help=N_("By the main phase of own turn N, for the wants without @N. [default: 0]"))
]


OddsMulliganOption = Annotated[
    str | None, typer.Option(metavar="POLICY", help=N_("optimal (default), none or keep:NAME|NAME."))
]


SearchQueryArgument = Annotated[
    str,
    typer.Argument(
        metavar="QUERY",
        help=N_(
            "Part of a name (Japanese full-/half-width, hiragana/katakana alike), a card number, or field "
            "filters such as 'grade=3,trigger=none' or 'cost<=3,class=forest'."
        ),
        show_default=False,
    ),
]


SearchGameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        "-g",
        metavar="GAME",
        autocompletion=completion.games,
        help=N_("A game id (see `deckcheck games`). [default: every game, each with its own table]"),
        show_default=False,
    ),
]


LimitOption = Annotated[
    int | None, typer.Option(help=N_("Show at most N cards (per game). [default: 50 for text, all for json]"))
]


TokensOption = Annotated[
    bool,
    typer.Option(
        "--tokens",
        help=N_(
            "Also list tokens (cards effects make during play, such as EVOLVE's tokens), with a token column. "
            "[default: left out, and counted in a closing line]"
        ),
    ),
]


CardListArgument = Annotated[
    Path, typer.Argument(metavar="FILE", help=N_("A CSV or JSON card list."), show_default=False)
]


IntoOption = Annotated[
    Path, typer.Option(metavar="DIR", help=N_("The card database folder to write to (DIR/<game>/<FILE>.toml)."))
]


NewPathArgument = Annotated[
    Path,
    typer.Argument(
        metavar="PATH",
        help=N_(
            "The deck file to create: NAME.deck.toml (TOML), or .txt or .json for those formats; "
            "checking a folder finds no deck named otherwise."
        ),
    ),
]


DeckNameOption = Annotated[str | None, typer.Option(help=N_("The deck's name."))]


NewFormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        metavar="FORMAT",
        help=N_("The format of play, written as the deck's `format` key ({formats})."),
        show_default=False,
    ),
]


CountOption = Annotated[int, typer.Option("--count", "-n", min=1, metavar="N", help=N_("How many copies."))]


AddSectionOption = Annotated[
    str | None,
    typer.Option(
        help=N_("The section. Default: the card's own (a leader to leader, a G unit to g, ...), else main."),
        autocompletion=completion.sections,
    ),
]


RemoveSectionOption = Annotated[
    str | None,
    typer.Option(help=N_("The section. Default: the one that holds the card."), autocompletion=completion.sections),
]


KeyArgument = Annotated[
    str,
    typer.Argument(
        metavar="KEY",
        help=N_("name, regulation, or the game's own key: {game_keys}."),
        show_default=False,
    ),
]


ValueArgument = Annotated[
    str,
    typer.Argument(metavar="VALUE", help=N_("The new value ({card_keys}: a card number or name)."), show_default=False),
]


SourceArgument = Annotated[
    Path,
    typer.Argument(
        metavar="SRC",
        help=N_("A deck file (TOML, text or JSON), or the JSON the official deck registry returns (needs --game)."),
        show_default=False,
    ),
]


ConvertToOption = Annotated[
    ConvertFormat,
    typer.Option(
        "--to",
        "--output",
        "-o",
        metavar="FORMAT",
        help=N_("toml, text, json, or a printable decklist: markdown or html."),
    ),
]


OutFileOption = Annotated[
    Path | None,
    typer.Option("--out-file", "--out", metavar="FILE", help=N_("Write to FILE (atomically). Default: stdout.")),
]


ConvertGameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        "-g",
        metavar="GAME",
        autocompletion=completion.games,
        help=N_(
            "The game of a registry JSON file; with a plain-text file, read it as a list pasted from a blog or "
            "a shop's page (every guess listed on stderr)."
        ),
    ),
]


ConvertForceOption = Annotated[
    bool,
    typer.Option("--force", help=N_("Overwrite FILE if it exists, and drop what the target format cannot hold.")),
]


PlayerOption = Annotated[
    str | None,
    typer.Option(
        metavar="NAME",
        help=N_("The player's name on a printed list (default: a blank to fill in)."),
        show_default=False,
    ),
]


EventOption = Annotated[
    str | None,
    typer.Option(
        metavar="NAME", help=N_("The event on a printed list (default: a blank to fill in)."), show_default=False
    ),
]


DiffDecksArgument = Annotated[
    list[Path],
    typer.Argument(
        metavar="OLD [NEW]",
        help=N_("Two deck files (TOML, text decklist or JSON), the old then the new; or one deck file with --rev."),
        show_default=False,
    ),
]


RevOption = Annotated[
    list[str] | None,
    typer.Option(
        "--rev",
        metavar="REV",
        help=N_(
            "Compare the deck file as it was at this git revision (HEAD~1, main, a commit) with the file as it is "
            "now; given twice, the file at the first revision with the file at the second."
        ),
        show_default=False,
    ),
]


DiffOutputOption = Annotated[
    DiffOutput,
    typer.Option(
        "--output",
        "-o",
        metavar="FORMAT",
        help=N_("text (for people), json, or markdown (a pull request's comment, a job summary)."),
    ),
]


DiffFailOnOption = Annotated[
    FailOn,
    typer.Option(
        "--fail-on",
        metavar="LEVEL",
        help=N_(
            "error or warning: exit 1 when the new deck has a violation at or above this severity, as `check "
            "--fail-on` judges it."
        ),
    ),
]


GameArgument = Annotated[str, typer.Argument(metavar="GAME", help=N_("A game id (see `deckcheck games`)."))]


def parse_choices(choose: list[str] | None) -> dict[str, str]:
    choices = {}
    for item in choose or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise DeckcheckError(_("--choose takes KEY=VALUE, not {item!r}").format(item=item), field="choose")
        choices[key.strip()] = value.strip()
    return choices


def judging_of(
    regulation: str | None, as_of: str | None, rules: str | None, deck_format: str | None, no_regulation: bool
) -> Judging:
    """How a command's judging options (--regulation, --as-of, --rules, --format, --no-regulation) judge a deck, as
    `check` judges: one Judging, validated here (a bad date, --no-regulation with another: exit 2)."""
    from deckcheck.checking.judging import Judging  # deferred: a judging command only

    return Judging.of(regulation=regulation, as_of=as_of, rules=rules, format=deck_format, no_regulation=no_regulation)


def workspace_of(carddb: list[Path] | None) -> Workspace:
    """The card databases and regulations of this run: the shipped ones and --carddb's, each loaded once (and kept
    out of the garbage collector's sight once loaded: deckcheck.cli.startup)."""
    from deckcheck.checking.workspace import Workspace  # deferred: a command that reads cards only

    return Workspace(carddb or (), on_load=startup.loaded)


# The judging options, declared once ------------------------------------------------------------------------------

#: The judging options of a command that prints a verdict, as (parameter, its option in `check`, elsewhere, default).
_VERDICT_OPTIONS = (
    ("regulation", CheckRegulationOption, RegulationOption, None),
    ("as_of", CheckAsOfOption, AsOfOption, None),
    ("no_regulation", NoRegulationOption, NoRegulationOption, False),
    ("rules", CheckRulesOption, RulesOption, None),
    ("deck_format", CheckFormatOption, FormatOption, None),
)
#: The judging options of a command that deals hands: the rules version and format whose setup deals them.
_SETUP_OPTIONS = tuple(option for option in _VERDICT_OPTIONS if option[0] in ("rules", "deck_format"))


#: A judged body's default for `judging` (its parameters after the first default need one): judged() always passes
#: the Judging its options make, so the body never sees this.
JUDGED: Any = None


def judged(*, check: bool = False, setup_only: bool = False) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Declare a command's judging options in one place: the decorated body takes `judging` (a Judging), and the
    command Typer sees takes --regulation, --as-of, --no-regulation, --rules and --format in its place (`check`:
    with check's own help; `setup_only`: --rules and --format, for `hand` and `stats`), built into one Judging by
    :func:`judging_of` (validated there: a bad date, --no-regulation with another, exit 2). A new judging option is
    one more line of _VERDICT_OPTIONS, and every verdict command takes it."""
    declared = _SETUP_OPTIONS if setup_only else _VERDICT_OPTIONS

    def decorate(body: Callable[..., T]) -> Callable[..., T]:
        signature = inspect.signature(body)
        parameters: list[inspect.Parameter] = []
        for parameter in signature.parameters.values():
            if parameter.name != "judging":
                annotation = parameter.annotation  # a string (postponed annotations): Typer needs the object
                if isinstance(annotation, str):
                    annotation = eval(annotation, body.__globals__)  # noqa: S307 (our own module's annotations)
                parameters.append(parameter.replace(annotation=annotation))
                continue
            kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
            for name, in_check, elsewhere, default in declared:
                option = in_check if check else elsewhere
                parameters.append(inspect.Parameter(name, kind, default=default, annotation=option))

        @functools.wraps(body)
        def command(**given: Any) -> T:
            values = {name: given.pop(name, default) for name, _c, _e, default in _VERDICT_OPTIONS}
            given["judging"] = judging_of(
                values["regulation"], values["as_of"], values["rules"], values["deck_format"], values["no_regulation"]
            )
            return body(**given)

        command.__signature__ = signature.replace(parameters=parameters, return_annotation=None)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in parameters}
        return command

    return decorate
