"""The `deckcheck` command line: a thin Typer layer over the library."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn

import typer

from deckcheck import _i18n
from deckcheck._i18n import N_, _, ngettext
from deckcheck._util.text import joined
from deckcheck._version import __version__
from deckcheck.cli import clitypes, language, startup, streams
from deckcheck.errors import DeckcheckError, OptionError

if TYPE_CHECKING:  # for type checkers only (a TypedDict class costs start-up time)
    from typing import TypedDict

    from deckcheck.checking.judging import Judging
    from deckcheck.checking.workspace import Workspace

    class _AppSettings(TypedDict):
        """typer.Typer's options for the app (and for the lean app of one command, see app_for)."""

        name: str
        help: str
        no_args_is_help: bool
        add_completion: bool
        rich_markup_mode: Literal["markdown", "rich"] | None
        pretty_exceptions_enable: bool
        context_settings: dict[str, Any]
        cls: type[typer.core.TyperGroup]


class _Group(typer.core.TyperGroup):
    """The command line, its help texts in the chosen language (translated as it is built, after the language was
    chosen: see deckcheck.cli.language), naming the registry's games as they are printed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        language.translate_help(self)
        _names_the_registry(self)


def _names_the_registry(command: Any) -> None:
    """Every help of `command` and its subcommands fills in the game registry's words as it is printed (see
    deckcheck.cli.gamehelp: a help lists the games without naming one by hand)."""
    command.context_class = _registry_context(command.context_class)
    for sub in getattr(command, "commands", {}).values():
        _names_the_registry(sub)


@functools.cache
def _registry_context(base: Any) -> Any:
    class _RegistryContext(base):
        def get_help(self) -> str:
            from deckcheck.cli import gamehelp  # deferred: only a help names the games (every game's module)

            with gamehelp.filled(self.command):
                return str(super().get_help())

    return _RegistryContext


# Each command imports what it needs (the card models, the engine, the renderers) when it runs: a process pays
# only for its own command.

_APP_SETTINGS: _AppSettings = {
    "name": "deckcheck",
    "help": N_("Deck legality checker and opening-hand lab for {games}."),
    "no_args_is_help": True,
    "add_completion": False,
    "rich_markup_mode": None,
    "pretty_exceptions_enable": False,
    "context_settings": {"help_option_names": ["-h", "--help"]},
    "cls": _Group,
}
app = typer.Typer(**_APP_SETTINGS)
clitypes.install()  # plain parameters converted without a pydantic TypeAdapter each (see deckcheck.cli.clitypes)


cards_app = typer.Typer(
    help=N_("Search the card databases and import card lists into a card database folder."),
    short_help=N_("Search cards, and import card lists into a card database."),
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
app.add_typer(cards_app, name="cards")


def _exits_2_on_bad_input(command: Callable[..., None]) -> Callable[..., None]:
    """Bad input inside a command is a one-line message and exit code 2 (also under Typer's CliRunner)."""

    @functools.wraps(command)
    def run(*args: object, **kwargs: object) -> None:
        startup.resume()
        try:
            command(*args, **kwargs)
        except DeckcheckError as error:
            _say(_error_line(error))
            raise typer.Exit(2) from None

    return run


#: The flag of each library option whose flag is not `--` and its name with `-` for `_` (`as_of` is `--as-of`).
FLAGS = {
    "wants": "--want",
    "turns": "--turn",
    "policy": "--mulligan",
    "carddb_dirs": "--carddb",
    "game_id": "--game",
    "out": "--out-file",
    "deck_format": "--format",
}
#: Options whose `field` the command line has always written as the flag itself (`cards search`: field '--limit');
#: the others as the flag without its dashes (field 'trials', field 'deck-size').
_FIELD_AS_FLAG = {"limit"}


def flag(option: str) -> str:
    """The command line's flag for a library option: `trials` → `--trials`, `as_of` → `--as-of`."""
    return FLAGS.get(option) or "--" + option.replace("_", "-")


def as_flags(error: DeckcheckError) -> DeckcheckError:
    """The error as the command line says it: an OptionError names its options by their flags, its field too."""
    if not isinstance(error, OptionError):
        return error
    field = error.field
    if field is not None and field in error.options:
        field = flag(field) if field in _FIELD_AS_FLAG else flag(field).removeprefix("--")
    return DeckcheckError(error.spelled(flag), path=error.path, line=error.line, field=field, details=error.details)


def _examples(*commands: str) -> str:
    """A command's help epilog: example command lines, printed as written (each runs on the shipped decks and card
    databases: tests/cli/test_help.py runs them)."""
    return f"\b\n{language.EXAMPLES}\n" + "\n".join(f"  {command}" for command in commands)


class _CheckCommand(typer.core.TyperCommand):
    """`check`, whose help says which rules `--fail-on warning` adds, from the games' own rule books (read only when
    the help is printed: listing every game costs a start-up)."""

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        from deckcheck.checking.rules import NUMBER_NAME, PASTED_READING
        from deckcheck.games import all_games, warning_rules

        warned = warning_rules()
        games = sorted({game for game, _rule in warned})
        quiet = [game for game in all_games() if game not in games]
        listed = ", ".join(rule for _game, rule in warned) or _("none")
        text = _("--fail-on warning also fails on warnings, which only these game rules give: {rules}.").format(
            rules=listed
        )
        if quiet:
            said = _("The other games ({games}) have no warning rule of their own.").format(games=joined(quiet))
            text += " " + said if _i18n.language() == "en" else said
        said = _(
            "In every game, reading a text decklist gives {number_name} and reading a pasted list (--game) "
            "{pasted_reading}: --fail-on warning refuses a list that needed guessing."
        ).format(number_name=NUMBER_NAME, pasted_reading=PASTED_READING)
        text += " " + said if _i18n.language() == "en" else said
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(text)
        super().format_epilog(ctx, formatter)


class OutputFormat(StrEnum):
    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"
    junit = "junit"


class FailOn(StrEnum):
    error = "error"
    warning = "warning"


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


def _use_colour() -> bool:
    """Colour on a terminal, by the common conventions: NO_COLOR set to anything but the empty string turns it off
    (no-color.org), FORCE_COLOR set non-empty turns it on even when piped (force-color.org; NO_COLOR wins), and
    TERM=dumb turns it off."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return os.environ.get("TERM") != "dumb" and sys.stdout.isatty()


def _error_line(error: DeckcheckError) -> str:
    """The error as the command line says it (see as_flags), its path and field on one line each (a file named
    `a\nFAKE LINE` cannot forge a line) and a field the user typed cut short."""
    from deckcheck._util.safetext import echoed, one_line

    error = as_flags(error)
    if error.path is None and error.field is None:
        return f"deckcheck: {error}"
    path = one_line(error.path) if error.path is not None else None
    field = echoed(error.field) if error.field is not None else None
    said = DeckcheckError(error.reason, path=path, line=error.line, field=field)
    return f"deckcheck: {said}"


def _say(message: str) -> None:
    """A message on stderr, its control characters made visible (a deck name cannot retitle the terminal)."""
    from deckcheck._util.safetext import escape_controls

    typer.echo(escape_controls(message, keep_newlines=True), err=True)


def _echo_fitted(lines: Iterable[str]) -> None:
    """Lines of a listing, each wrapped to the terminal's width (80 when stdout is not a terminal) and continued
    under its own indent."""
    from deckcheck._util.text import fit_line, output_columns

    columns = output_columns()
    for line in lines:
        for part in fit_line(line, columns):
            _echo(part)


def _say_warning(message: str) -> None:
    _say(_("deckcheck: warning: {message}").format(message=message))


def _echo(
    text: str,
    *,
    colour: bool | None = None,
    json_text: bool = False,
    nl: bool = True,
    language: Literal["json", "toml", "xml"] | None = None,
) -> None:
    """Print a command's output with no control character raw (issue 14 item 12): JSON (and TOML) with DEL and C1 as
    `\\u` escapes, text with every control character made visible, except deckcheck's own colour codes when `colour`.
    On a stdout whose encoding is not a UTF, JSON (`json_text`, or `language` json or toml) and XML (`language`) are
    written in ASCII with their own escapes, so they stay valid; text shows what the encoding lacks as the stream's
    fallback does (see deckcheck.cli.streams)."""
    from deckcheck._util.safetext import escape_controls, escape_controls_keeping_style, escape_json_controls

    if json_text:
        safe = escape_json_controls(text)
    elif colour:
        safe = escape_controls_keeping_style(text)
    else:
        safe = escape_controls(text, keep_newlines=True)
    if json_text or language:
        safe = streams.as_ascii(safe, getattr(sys.stdout, "encoding", None), language or "json")
    typer.echo(safe, color=colour, nl=nl)


def _echo_errors(errors: list[DeckcheckError]) -> None:
    for error in errors:
        _say(_error_line(error))


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


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help=N_("Show the version and exit."))
    ] = False,
    lang: Annotated[
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
    ] = None,
) -> None:
    """Check decks against each game's construction rules, with the rules document's rule numbers."""


@app.command(
    cls=_CheckCommand,
    epilog=_examples(
        "deckcheck check decks",
        "deckcheck check decks/vanguard --fail-on warning",
        "deckcheck check decks/evolve --output json",
    ),
    help=N_(
        "Check decks: every violation of every deck at once.\n\n"
        "Each deck is judged under its game's regulation in force today (sample data only when asked "
        "for), unless --as-of names another day, the deck's `regulation` key or --regulation names one, "
        "or --no-regulation turns regulations off. Exit code 0 when every deck passes, 1 when some deck "
        "breaks a rule, 2 when a file could not be checked."
    ),
    short_help=N_("Check decks: every violation of every deck at once."),
)
@_exits_2_on_bad_input
def check(
    paths: Annotated[
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
    ],
    output: Annotated[
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
    ] = OutputFormat.text,
    fail_on: Annotated[
        FailOn,
        typer.Option(
            "--fail-on",
            metavar="LEVEL",
            help=N_(
                "error or warning: exit 1 when a deck has a violation at or above this severity (the rules that "
                "warn are listed below)."
            ),
        ),
    ] = FailOn.error,
    regulation: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help=N_(
                "Check against this regulation (carddb/<game>/regulations/*.toml), for the decks of every game "
                "that has it; it wins over a deck's own `regulation` key. See `deckcheck rules GAME`."
            ),
            show_default=False,
        ),
    ] = None,
    as_of: Annotated[
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
    ] = None,
    no_regulation: NoRegulationOption = False,
    rules: Annotated[
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
    ] = None,
    deck_format: Annotated[
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
    ] = None,
    carddb: CarddbOption = None,
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            metavar="GAME",
            help=N_(
                "Read every plain-text deck (a .txt file, standard input) as a list pasted from a blog or a shop's "
                "page, of this game: counts and names in the ways players write them, headings, totals; what was "
                "guessed or not understood is a deck.pasted-reading warning. TOML and JSON decks are read as always."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    """`deckcheck check` (its help is the decorator's, translated)."""
    from deckcheck.checking.run import check_paths

    files_progress = _progress if sys.stderr.isatty() else None  # a bar on a terminal only, never on stdout
    judging = judging_of(regulation, as_of, rules, deck_format, no_regulation)
    run = check_paths(paths, progress=files_progress, judging=judging, workspace=workspace_of(carddb), game=game)
    run.errors = [as_flags(error) for error in run.errors]  # every output format names the options by their flags
    for warning in run.warnings:
        _say(_("deckcheck: card data note: {note}").format(note=warning))
    for note in run.notes:
        _say(_("deckcheck: note: {note}").format(note=note))
    from deckcheck.checking.output import render_github, render_json, render_junit, render_sarif, render_text

    if output is OutputFormat.text:
        colour = _use_colour()
        _echo(render_text(run, typer.style if colour else _no_style), colour=colour)
    elif output is OutputFormat.json:
        _echo(render_json(run), json_text=True)
    elif output is OutputFormat.github:
        _echo(render_github(run))
    elif output is OutputFormat.sarif:
        _echo(render_sarif(run), json_text=True)
    else:
        _echo(render_junit(run, fail_on.value), language="xml")
    _echo_errors(run.errors)
    raise typer.Exit(run.exit_code(fail_on.value))


def _no_style(text: str, **_: object) -> str:
    return text


def _progress(files: list[str]) -> Iterable[str]:
    if len(files) < 20:
        return files
    return typer.progressbar(files, label=_("Checking decks"), file=sys.stderr)


class GoingOption(StrEnum):
    first = "first"
    second = "second"


class HandOutput(StrEnum):
    text = "text"
    json = "json"


@app.command(
    short_help=N_("Deal a test hand through the game's real setup and mulligan."),
    epilog=_examples(
        "deckcheck hand decks/vanguard/royal-paladin-altmile.deck.toml --seed 7",
        "deckcheck hand decks/cipher/marth-altea.deck.toml --choose lord=B01-003",
        "deckcheck hand decks/evolve/2026-03-21-rune-XEB3.deck.toml --count 3",
    ),
    help=N_("Deal a test hand through the game's real setup and mulligan (JSON always holds the step-by-step events)."),
)
@_exits_2_on_bad_input
def hand(
    deck: Annotated[
        Path,
        typer.Argument(
            metavar="DECK",
            help=N_("A deck file (TOML, text decklist or JSON); - reads it from standard input."),
            show_default=False,
        ),
    ],
    seed: Annotated[
        int | None, typer.Option(help=N_("Random seed: the same seed deals the same hand. Default: random, printed."))
    ] = None,
    going: Annotated[
        GoingOption | None, typer.Option(help=N_("Deal as the first or second player. Default: a fair coin."))
    ] = None,
    mulligan: Annotated[
        str,
        typer.Option(
            metavar="POLICY",
            help=N_(
                "none; keep:FILTER (return/redraw what does not match), e.g. keep:grade=..1; or optimal (the "
                "decisions `stats` computes for the --want queries by --turn)."
            ),
        ),
    ] = "none",
    want: Annotated[
        list[str] | None,
        typer.Option(
            metavar="QUERY",
            help=N_("What --mulligan optimal aims for (as for `stats`), e.g. grade=1. Repeatable."),
            show_default=False,
        ),
    ] = None,
    any_: Annotated[
        list[str] | None,
        typer.Option(
            "--any",
            metavar="QUERY",
            help=N_("With --mulligan optimal: at least one --any must hold too (as for `stats`). Repeatable."),
            show_default=False,
        ),
    ] = None,
    turn: Annotated[int, typer.Option(help=N_("Show the hand at the main phase of your N-th turn (0 = opening)."))] = 0,
    count: Annotated[int, typer.Option(help=N_("Deal K hands with seeds N, N+1, ..."))] = 1,
    choose: Annotated[
        list[str] | None,
        typer.Option(
            metavar="KEY=VALUE",
            help=N_("A setup choice, e.g. lord=B01-003, basis=title, first_vanguard=<card>. Repeatable."),
        ),
    ] = None,
    log: Annotated[
        bool, typer.Option("--log", help=N_("Also print every step of the setup and turns, with its rule number."))
    ] = False,
    output: Annotated[HandOutput, typer.Option("--output", "-o", help=N_("text or json."))] = HandOutput.text,
    rules: RulesOption = None,
    deck_format: FormatOption = None,
    carddb: CarddbOption = None,
) -> None:
    """`deckcheck hand` (its help is the decorator's, translated)."""
    from deckcheck.commands.hand import HandRequest, iter_hands, render_hand_text

    request = HandRequest(
        seed=seed,
        count=count,
        going=going.value if going else None,
        policy=mulligan,
        turns=turn,
        choices=_choices(choose),
        wants=tuple(want or ()),
        anys=tuple(any_ or ()),
    )
    dealt = iter_hands(deck, request, carddb_dirs=tuple(carddb or ()), rules=rules, format=deck_format)
    # Each hand is printed as it is dealt (--count 1000000000 runs in constant memory; Ctrl-C or a closed pipe
    # stops it), with the same bytes as printing them all at once.
    if output is HandOutput.text:
        with _dealing(count) as paused:
            for index, one in enumerate(dealt):
                text = ("\n" if index else "") + render_hand_text(one, log=log)
                with paused(index + 1):
                    _echo(text)
        return
    import json

    if count == 1:
        _echo(json.dumps(next(dealt).to_json(), ensure_ascii=False, indent=2), json_text=True)
        return
    typer.echo('{\n  "hands": [', nl=False)
    with _dealing(count) as paused:
        for index, one in enumerate(dealt):
            text = json.dumps(one.to_json(), ensure_ascii=False, indent=2).replace("\n", "\n    ")
            with paused(index + 1):
                _echo(f"{',' if index else ''}\n    {text}", json_text=True, nl=False)
    typer.echo("\n  ]\n}")


@contextlib.contextmanager
def _dealing(count: int) -> Iterator[Callable[[int], AbstractContextManager[None]]]:
    """`hand --count N`'s progress over the hands dealt: a bar on stderr when it is a terminal and the run takes over
    a second (deckcheck._util.progress), never in piped output. Yields `paused(dealt)`: the bar is told how many hands
    are dealt, and kept off the screen while the block prints one (stdout may be the same terminal)."""
    if count < 2 or not sys.stderr.isatty():
        yield lambda _dealt: contextlib.nullcontext()
        return
    from deckcheck._util.progress import ProgressBar

    shared = sys.stdout.isatty()  # the hands go to the same terminal: the bar leaves it while one is printed

    with ProgressBar(sys.stderr) as bar:

        @contextlib.contextmanager
        def paused(dealt: int) -> Iterator[None]:
            with bar.paused() if shared else contextlib.nullcontext():
                yield
            detail = ngettext("{dealt:,} of {count:,} hand", "{dealt:,} of {count:,} hands", count).format(
                dealt=dealt, count=count
            )
            bar.update(dealt, count, _("dealing hands"), detail=detail, now=shared)

        yield paused


def _choices(choose: list[str] | None) -> dict[str, str]:
    choices = {}
    for item in choose or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise DeckcheckError(_("--choose takes KEY=VALUE, not {item!r}").format(item=item), field="choose")
        choices[key.strip()] = value.strip()
    return choices


class MethodOption(StrEnum):
    exact = "exact"
    simulate = "simulate"


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

Exact answers (multivariate hypergeometric counting) where the game's model allows; otherwise, or with
--method simulate, a simulation with a 95% interval. The mulligan defaults to the optimal one (computed exactly
by backward induction); --explain prints its decision table.

Without --want, a default report per game: {stats_reports}."""
)


@app.command(
    help=STATS_HELP,
    short_help=N_("Opening-hand odds under the game's mulligan rule, and the optimal mulligan."),
    epilog=_examples(
        "deckcheck stats decks/build-divide/guren.txt",
        "deckcheck stats decks/vanguard/aqua-force-thavas.deck.toml --want grade=1",
        "deckcheck stats decks/cipher/chrom-shepherds.txt --want cost=1 --explain",
    ),
)
@_exits_2_on_bad_input
def stats(
    deck: Annotated[
        Path,
        typer.Argument(
            metavar="DECK",
            help=N_("A deck file (TOML, text decklist or JSON); - reads it from standard input."),
            show_default=False,
        ),
    ],
    want: Annotated[
        list[str] | None,
        typer.Option(
            metavar="QUERY",
            help=N_(
                "What the hand should hold, e.g. grade=1, grade=2.. or 2+trigger=heal; QUERY@N by own turn N. "
                "Repeatable."
            ),
        ),
    ] = None,
    any_: Annotated[
        list[str] | None,
        typer.Option(
            "--any",
            metavar="QUERY",
            help=N_(
                "At least one --any must hold too (same grammar, @N allowed), e.g. --any grade=1 --any name=X. "
                "Repeatable."
            ),
        ),
    ] = None,
    turn: Annotated[
        int | None,
        typer.Option(
            help=N_(
                "By the main phase of your own N-th turn (0 = the opening hand), for the wants without @N. [default: 0]"
            )
        ),
    ] = None,
    going: Annotated[
        GoingOption, typer.Option(help=N_("The seat of the headline answer and of JSON (text shows both)."))
    ] = GoingOption.first,
    floor: Annotated[
        bool,
        typer.Option(
            "--floor",
            help=N_(
                "Vanguard: count the documented floor (one drive check per attack, no trigger effects) instead of "
                "every card the rules bring."
            ),
        ),
    ] = False,
    mulligan: Annotated[
        str | None,
        typer.Option(
            metavar="POLICY", help=N_("optimal, none or keep:FILTER. Default: optimal where it can be computed.")
        ),
    ] = None,
    method: Annotated[
        MethodOption | None,
        typer.Option(
            help=N_(
                "exact or simulate. Default: exact within its budget (about 2 s of work), else simulate; exact "
                "waits up to 10 times as long."
            )
        ),
    ] = None,
    trials: Annotated[
        int | None,
        typer.Option(
            help=N_(
                "Simulated setups per answer; with --precision, the most it may take. "
                "[default: 100000; with --precision 10000000]"
            )
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help=N_("Simulation seed. Default: random, printed."))] = None,
    precision: Annotated[
        float | None,
        typer.Option(
            help=N_(
                "Simulate until the 95% interval lies within ±this of the estimate (e.g. 0.001), up to --trials; "
                "the interval is a confidence sequence, 95% at every look, and the answer says where it stopped or "
                "that --trials came first."
            )
        ),
    ] = None,
    explain: Annotated[bool, typer.Option("--explain", help=N_("Print the mulligan decision table."))] = False,
    hand: Annotated[
        str | None,
        typer.Option(
            metavar="CARDS",
            help=N_(
                "Should I mulligan this hand? The opening hand as dealt, cards by number or name joined by ',': "
                "keep it, or return which cards (the game's rule), with both chances."
            ),
        ),
    ] = None,
    plot: Annotated[
        Path | None, typer.Option(metavar="FILE", help=N_("Also draw the chart to FILE.svg (or .png with matplotlib)."))
    ] = None,
    force: Annotated[bool, typer.Option("--force", help=N_("Overwrite an existing --plot file."))] = False,
    choose: Annotated[
        list[str] | None,
        typer.Option(
            metavar="KEY=VALUE", help=N_("A setup choice, e.g. lord=<card>, first_vanguard=<card>. Repeatable.")
        ),
    ] = None,
    output: Annotated[HandOutput, typer.Option("--output", "-o", help=N_("text or json."))] = HandOutput.text,
    rules: RulesOption = None,
    deck_format: FormatOption = None,
    carddb: CarddbOption = None,
) -> None:
    from deckcheck.commands.stats import StatsOutput, StatsRequest, run_stats
    from deckcheck.stats.options import StatsOptions

    if method is MethodOption.exact and (trials is not None or seed is not None):
        raise DeckcheckError(_("--trials and --seed apply to simulation; they conflict with --method exact"))
    if explain and not (want or any_):
        raise DeckcheckError(_("--explain shows the decisions for a --want query; give at least one --want"))
    if plot is not None and not force and (plot.exists() or plot.is_symlink()):  # as convert --out-file
        raise DeckcheckError(_("already exists; use --force to overwrite it"), path=plot, field="plot")
    request = StatsRequest(tuple(want or ()), tuple(any_ or ()), turn, going.value, hand)
    options = StatsOptions(
        mulligan=mulligan,
        method=method.value if method else None,
        trials=trials,
        seed=seed,
        precision=precision,
        choices=_choices(choose),
        floor=floor,
    )
    shown = StatsOutput(as_json=output is HandOutput.json, colour=_use_colour(), explain=explain, plot=plot)
    text = run_stats(deck, request, options, shown, carddb_dirs=tuple(carddb or ()), rules=rules, format=deck_format)
    _echo(text, colour=output is HandOutput.text and _use_colour(), json_text=output is HandOutput.json)


GameOption = Annotated[str, typer.Option("--game", "-g", metavar="GAME", help=N_("A game id (see `deckcheck games`)."))]
DeckArgument = Annotated[Path, typer.Argument(metavar="DECK", help=N_("A deck file."), show_default=False)]
ReadDeckArgument = Annotated[
    Path, typer.Argument(metavar="DECK", help=N_("A deck file; - reads it from standard input."), show_default=False)
]
CardArgument = Annotated[
    str, typer.Argument(metavar="CARD", help=N_("A card number, or a card name exactly as in the database."))
]
ForceOption = Annotated[
    bool, typer.Option("--force", help=N_("Rewrite even when the file's comments cannot be kept (they are dropped)."))
]


ODDS_HELP = N_(
    """Quick odds without a deck file: "17 outs in 50, by own turn 3 going second". The deck is categories
with their copies (--copies outs=17, repeatable; the rest is 'other'); QUERY is [>=K |<=K ]NAME[|NAME...][@N], e.g.
--want outs@3, --want '>=2 outs|combo', --any a@1 --any b@1. The game (--game) gives the opening hand, the mulligan
rule, what its setup sets aside from the main deck and each own turn's draws; the answer comes from the same exact
engine as `deckcheck stats`, with the optimal mulligan by default, for both seats."""
)


@app.command(
    help=ODDS_HELP,
    short_help=N_("Quick odds from deck size and copies, without a deck file."),
    epilog=_examples("deckcheck odds -g vanguard --deck-size 50 --copies outs=8 --want outs@3"),
)
@_exits_2_on_bad_input
def odds(
    game: GameOption,
    deck_size: Annotated[int, typer.Option("--deck-size", help=N_("Cards in the main deck as built."))],
    copies: Annotated[
        list[str], typer.Option(metavar="NAME=N", help=N_("Copies of a category, e.g. outs=17. Repeatable."))
    ],
    want: Annotated[
        list[str] | None, typer.Option(metavar="QUERY", help=N_("Must hold, e.g. outs@3 or '>=2 outs'. Repeatable."))
    ] = None,
    any_: Annotated[
        list[str] | None,
        typer.Option("--any", metavar="QUERY", help=N_("At least one --any must hold too. Repeatable.")),
    ] = None,
    turn: Annotated[
        int | None, typer.Option(help=N_("By the main phase of own turn N, for the wants without @N. [default: 0]"))
    ] = None,
    mulligan: Annotated[
        str | None, typer.Option(metavar="POLICY", help=N_("optimal (default), none or keep:NAME|NAME."))
    ] = None,
    method: Annotated[
        MethodOption | None,
        typer.Option(
            help=N_(
                "exact or simulate. Default: exact within its budget (about 2 s of work), else simulate; exact "
                "waits up to 10 times as long."
            )
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help=N_("Simulation seed. Default: random, printed."))] = None,
    output: Annotated[HandOutput, typer.Option("--output", "-o", help=N_("text or json."))] = HandOutput.text,
) -> None:
    from deckcheck.games import get_game
    from deckcheck.stats.options import StatsOptions
    from deckcheck.stats.quick import odds_json, odds_text, run_odds

    if not want and not any_:
        raise DeckcheckError(_("give at least one --want QUERY (or --any), e.g. --want outs@3"), field="want")
    result = run_odds(
        get_game(game),
        deck_size=deck_size,
        copies=copies,
        wants=want or [],
        anys=any_ or [],
        turn=turn,
        options=StatsOptions(
            mulligan=mulligan,
            method=method.value if method else None,
            seed=seed,
            say=lambda line: print(f"deckcheck: {line}", file=sys.stderr),  # the line in stats.quick's words
        ),
    )
    if output is HandOutput.json:
        import json

        _echo(json.dumps(odds_json(result), ensure_ascii=False, indent=2), json_text=True)
    else:
        typer.echo(odds_text(result))


@cards_app.command(
    "search",
    epilog=_examples(
        "deckcheck cards search -g vanguard 'grade=3,trigger=none'", "deckcheck cards search -g evolve 騎士"
    ),
    help=N_(
        "Find cards by name, number or field filters.\n\n"
        "Without --game every game is searched (a filter on a field only some games have searches those "
        "games). Tokens come from no deck: they are left out unless --tokens."
    ),
    short_help=N_("Find cards by name, number or field filters."),
)
@_exits_2_on_bad_input
def cards_search(
    query: Annotated[
        str,
        typer.Argument(
            metavar="QUERY",
            help=N_(
                "Part of a name (Japanese full-/half-width, hiragana/katakana alike), a card number, or field "
                "filters such as 'grade=3,trigger=none' or 'cost<=3,class=forest'."
            ),
            show_default=False,
        ),
    ],
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            metavar="GAME",
            help=N_("A game id (see `deckcheck games`). [default: every game, each with its own table]"),
            show_default=False,
        ),
    ] = None,
    limit: Annotated[
        int | None, typer.Option(help=N_("Show at most N cards (per game). [default: 50 for text, all for json]"))
    ] = None,
    tokens: Annotated[
        bool,
        typer.Option(
            "--tokens",
            help=N_(
                "Also list tokens (cards effects make during play, such as EVOLVE's tokens), with a token column. "
                "[default: left out, and counted in a closing line]"
            ),
        ),
    ] = False,
    output: Annotated[HandOutput, typer.Option("--output", "-o", help=N_("text or json."))] = HandOutput.text,
    carddb: CarddbOption = None,
) -> None:
    """`deckcheck cards search` (its help is the decorator's, translated)."""
    from deckcheck.commands.search import find_cards, render_found

    json_output = output is HandOutput.json
    found = find_cards(query, game, limit=limit, carddb_dirs=tuple(carddb or ()), tokens=tokens)
    _echo(render_found(found, json_output=json_output), json_text=json_output)


@cards_app.command(
    "import",
    help=N_(
        "Import a CSV or JSON card list as validated TOML records.\n\n"
        "Columns (or JSON keys) are the game's card record fields; Japanese enum values are accepted. In "
        "CSV, an empty cell is an absent field, list cells are split on '|', ';' or '、', yes/no cells "
        "take true/false, yes/no, 1/0, y/n, ○/× or はい/いいえ. UTF-8 (with or without BOM), UTF-16 and "
        "Shift_JIS (cp932) files are read. Cards whose number is already in the target file are "
        "replaced; importing the same list again changes nothing.\n\n"
        "Exit code 0 when every row was imported, 1 when some rows were rejected (each is listed with "
        "its row number, field and reason; the valid rows are written), 2 when the file cannot be read "
        "at all."
    ),
    short_help=N_("Import a CSV or JSON card list as validated TOML records."),
)
@_exits_2_on_bad_input
def cards_import(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("A CSV or JSON card list."), show_default=False)],
    game: GameOption,
    into: Annotated[
        Path, typer.Option(metavar="DIR", help=N_("The card database folder to write to (DIR/<game>/<FILE>.toml)."))
    ] = Path("carddb"),
    force: ForceOption = False,
    output: Annotated[HandOutput, typer.Option("--output", "-o", help=N_("text or json."))] = HandOutput.text,
    carddb: CarddbOption = None,
) -> None:
    """`deckcheck cards import` (its help is the decorator's, translated)."""
    from deckcheck._util.limits import reading
    from deckcheck.carddb.importer import import_cards
    from deckcheck.commands.importing import exit_code, render_json, render_text

    with reading(file):  # a 5,000-digit number or 10,000 nested arrays in the list: a malformed file
        report = import_cards(file, game, into, force=force, carddb_dirs=tuple(carddb or ()))
    if report.written:
        streams.changed(_("{path} was written").format(path=report.target), exit_code(report))
    json_output = output is HandOutput.json
    _echo(render_json(report) if json_output else render_text(report), json_text=json_output)
    raise typer.Exit(exit_code(report))


@app.command(
    short_help=N_("Create an empty deck file (never overwrites a file)."),
    epilog=_examples("deckcheck new my-deck.deck.toml -g cipher --name 'Marth'"),
    help=N_("Create an empty deck file (never overwrites an existing file) and print its state in one line."),
)
@_exits_2_on_bad_input
def new(
    path: Annotated[
        Path,
        typer.Argument(
            metavar="PATH",
            help=N_(
                "The deck file to create: NAME.deck.toml (TOML), or .txt or .json for those formats; "
                "checking a folder finds no deck named otherwise."
            ),
        ),
    ],
    game: GameOption,
    name: Annotated[str | None, typer.Option(help=N_("The deck's name."))] = None,
    deck_format: Annotated[
        str | None,
        typer.Option(
            "--format",
            metavar="FORMAT",
            help=N_("The format of play, written as the deck's `format` key ({formats})."),
            show_default=False,
        ),
    ] = None,
    carddb: CarddbOption = None,
) -> None:
    """`deckcheck new` (its help is the decorator's, translated)."""
    from deckcheck.commands.build import new_deck

    created = new_deck(path, game, name, workspace_of(carddb), deck_format=deck_format, warn=_say_warning)
    streams.changed(_("{path} was created").format(path=path))
    _echo(created)


@app.command(
    epilog=_examples("deckcheck add decks/cipher/marth-altea.deck.toml B01-003 -n 1"),
    help=N_("Add copies of a card and print the deck's new state in one line."),
    short_help=N_("Add copies of a card and print the deck's new state in one line."),
)
@_exits_2_on_bad_input
def add(
    path: DeckArgument,
    card: CardArgument,
    count: Annotated[int, typer.Option("--count", "-n", min=1, metavar="N", help=N_("How many copies."))] = 1,
    section: Annotated[
        str | None,
        typer.Option(
            help=N_("The section. Default: the card's own (a leader to leader, a G unit to g, ...), else main.")
        ),
    ] = None,
    force: ForceOption = False,
    regulation: RegulationOption = None,
    as_of: AsOfOption = None,
    no_regulation: NoRegulationOption = False,
    rules: RulesOption = None,
    deck_format: FormatOption = None,
    carddb: CarddbOption = None,
) -> None:
    """`deckcheck add` (its help is the decorator's, translated)."""
    _edit(path, card, count, section, force, carddb, judging_of(regulation, as_of, rules, deck_format, no_regulation))


@app.command(
    short_help=N_("Remove copies of a card and print the deck's new state."),
    epilog=_examples("deckcheck remove decks/cipher/marth-altea.deck.toml B01-003"),
    help=N_("Remove copies of a card and print the deck's new state in one line."),
)
@_exits_2_on_bad_input
def remove(
    path: DeckArgument,
    card: CardArgument,
    count: Annotated[int, typer.Option("--count", "-n", min=1, metavar="N", help=N_("How many copies."))] = 1,
    section: Annotated[str | None, typer.Option(help=N_("The section. Default: the one that holds the card."))] = None,
    force: ForceOption = False,
    regulation: RegulationOption = None,
    as_of: AsOfOption = None,
    no_regulation: NoRegulationOption = False,
    rules: RulesOption = None,
    deck_format: FormatOption = None,
    carddb: CarddbOption = None,
) -> None:
    """`deckcheck remove` (its help is the decorator's, translated)."""
    _edit(path, card, -count, section, force, carddb, judging_of(regulation, as_of, rules, deck_format, no_regulation))


def _edit(
    path: Path,
    card: str,
    change: int,
    section: str | None,
    force: bool,
    carddb: list[Path] | None,
    judging: Judging,
) -> None:
    """`add` (a positive change) and `remove` (a negative one), the new state judged by `judging` (--regulation,
    --as-of, --rules, --format)."""
    from deckcheck.commands.build import edit_deck

    workspace = workspace_of(carddb)
    edited = edit_deck(path, card, change, section=section, force=force, judging=judging, workspace=workspace)
    streams.changed(_("{path} was changed").format(path=path))
    _echo(edited)


@app.command(
    "set",
    short_help=N_("Set a deck key and print the deck's new state."),
    epilog=_examples("deckcheck set decks/cipher/marth-altea.deck.toml name 'Marth of Altea'"),
    help=N_(
        "Set a deck key (name, regulation, rules, format, {deck_keys}) and print the "
        "deck's new state in one line.\n\n"
        "Only the key's line changes (comments and layout stay); an unknown card, regulation, rules "
        "version or format changes nothing (exit 2)."
    ),
)
@_exits_2_on_bad_input
def set_key(
    path: DeckArgument,
    key: Annotated[
        str,
        typer.Argument(
            metavar="KEY",
            help=N_("name, regulation, or the game's own key: {game_keys}."),
            show_default=False,
        ),
    ],
    value: Annotated[
        str,
        typer.Argument(
            metavar="VALUE", help=N_("The new value ({card_keys}: a card number or name)."), show_default=False
        ),
    ],
    force: ForceOption = False,
    regulation: RegulationOption = None,
    as_of: AsOfOption = None,
    no_regulation: NoRegulationOption = False,
    rules: RulesOption = None,
    deck_format: FormatOption = None,
    carddb: CarddbOption = None,
) -> None:
    """`deckcheck set` (its help is the decorator's, translated)."""
    from deckcheck.commands.build import set_deck_key

    judging = judging_of(regulation, as_of, rules, deck_format, no_regulation)
    edited = set_deck_key(path, key, value, force=force, judging=judging, workspace=workspace_of(carddb))
    streams.changed(_("{path} was changed").format(path=path))
    _echo(edited)


@app.command(
    short_help=N_("Show a deck: sections, distributions and verdict."),
    epilog=_examples("deckcheck show decks/ic-dragonball/hayate-co-op.txt"),
    help=N_("Show a deck: its sections, the distributions that matter for its game, and the legality verdict."),
)
@_exits_2_on_bad_input
def show(
    path: ReadDeckArgument,
    output: Annotated[HandOutput, typer.Option("--output", "-o", help=N_("text or json."))] = HandOutput.text,
    regulation: RegulationOption = None,
    as_of: AsOfOption = None,
    no_regulation: NoRegulationOption = False,
    rules: RulesOption = None,
    deck_format: FormatOption = None,
    carddb: CarddbOption = None,
) -> None:
    """`deckcheck show` (its help is the decorator's, translated)."""
    from deckcheck.commands.show import render_show_json, render_shown, show_deck

    shown = show_deck(path, judging_of(regulation, as_of, rules, deck_format, no_regulation), workspace_of(carddb))
    if output is HandOutput.json:
        _echo(render_show_json(shown), json_text=True)
        return
    colour = _use_colour()
    _echo(render_shown(shown, colour=colour), colour=colour)


class ConvertFormat(StrEnum):
    toml = "toml"
    text = "text"
    json = "json"
    markdown = "markdown"
    html = "html"


@app.command(
    short_help=N_("Convert a deck between formats, or print a decklist."),
    epilog=_examples(
        "deckcheck convert decks/cipher/chrom-shepherds.txt --to toml",
        "deckcheck convert decks/vanguard/neo-nectar-ahsha.txt --to markdown",
    ),
    help=N_(
        "Convert a deck between formats, import the official registry's JSON, or print a decklist.\n\n"
        "A printed list (markdown, html) of an illegal deck is still written, with every problem listed "
        "at its top and marked on its rows, and a warning on stderr."
    ),
)
@_exits_2_on_bad_input
def convert(
    source: Annotated[
        Path,
        typer.Argument(
            metavar="SRC",
            help=N_("A deck file (TOML, text or JSON), or the JSON the official deck registry returns (needs --game)."),
            show_default=False,
        ),
    ],
    to: Annotated[
        ConvertFormat,
        typer.Option(
            "--to",
            "--output",
            "-o",
            metavar="FORMAT",
            help=N_("toml, text, json, or a printable decklist: markdown or html."),
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out-file", "--out", metavar="FILE", help=N_("Write to FILE (atomically). Default: stdout.")),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            metavar="GAME",
            help=N_(
                "The game of a registry JSON file; with a plain-text file, read it as a list pasted from a blog or "
                "a shop's page (every guess listed on stderr)."
            ),
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help=N_("Overwrite FILE if it exists, and drop what the target format cannot hold.")),
    ] = False,
    player: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help=N_("The player's name on a printed list (default: a blank to fill in)."),
            show_default=False,
        ),
    ] = None,
    event: Annotated[
        str | None,
        typer.Option(
            metavar="NAME", help=N_("The event on a printed list (default: a blank to fill in)."), show_default=False
        ),
    ] = None,
    regulation: RegulationOption = None,
    as_of: AsOfOption = None,
    no_regulation: NoRegulationOption = False,
    rules: RulesOption = None,
    deck_format: FormatOption = None,
    carddb: CarddbOption = None,
) -> None:
    """`deckcheck convert` (its help is the decorator's, translated)."""
    from deckcheck.commands.convert import Printed, run_convert

    sheet = Printed(player, event, judging_of(regulation, as_of, rules, deck_format, no_regulation))
    workspace = workspace_of(carddb)
    printed, notes = run_convert(source, to.value, out, game_id=game, force=force, workspace=workspace, printed=sheet)
    if out is not None:
        streams.changed(_("{path} was written").format(path=out))
    for note in notes:
        _say(f"deckcheck: {note}")
    if printed:  # a TOML or JSON deck's strings take \u escapes; a text decklist or printed list shows them visibly
        deck_text = out is None and to.value in ("toml", "json")
        # HTML as XML: its meta says UTF-8, and character references hold in its text and attributes
        languages: dict[str, Literal["toml", "xml"]] = {"toml": "toml", "html": "xml"}
        language = languages.get(to.value) if out is None else None
        encoding = getattr(sys.stdout, "encoding", None)
        if out is None and not deck_text and language is None and (lacked := streams.escaped(printed, encoding)):
            _say_warning(  # a text decklist or markdown list in latin-1: a name written as escapes is not the name
                ngettext(
                    "stdout's encoding ({encoding}) lacks {n} character of this list, written as escapes (\\u7d05); "
                    "--out-file writes UTF-8",
                    "stdout's encoding ({encoding}) lacks {n} characters of this list, written as escapes (\\u7d05); "
                    "--out-file writes UTF-8",
                    lacked,
                ).format(encoding=encoding, n=lacked)
            )
        _echo(printed, json_text=deck_text, language=language, nl=not printed.endswith("\n"))


@app.command(
    help=N_("List the games, their deck sections, deck keys and rules documents."),
    short_help=N_("List the games, their deck sections and keys."),
    epilog=_examples("deckcheck games", "deckcheck games --output json"),
)
@_exits_2_on_bad_input
def games(
    output: Annotated[HandOutput, typer.Option("--output", "-o", help=N_("text or json."))] = HandOutput.text,
) -> None:
    """`deckcheck games` (its help is the decorator's, translated)."""
    from deckcheck.commands.listing import games_json, games_text
    from deckcheck.games import all_games  # the registry itself: listing needs no card database

    games = list(all_games().values())
    if output is HandOutput.json:
        _echo(_json(games_json(games)), json_text=True)
        return
    _echo_fitted(games_text(games))


@app.command(
    help=N_(
        "Print a game's construction rules with their ids and rule numbers, and its regulations (from every card "
        "database folder, --carddb included)."
    ),
    short_help=N_("Print a game's construction rules and regulations."),
    epilog=_examples("deckcheck rules build-divide", "deckcheck rules evolve --output json"),
)
@_exits_2_on_bad_input
def rules(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help=N_("A game id (see `deckcheck games`)."))],
    output: Annotated[HandOutput, typer.Option("--output", "-o", help=N_("text or json."))] = HandOutput.text,
    carddb: CarddbOption = None,
) -> None:
    """`deckcheck rules GAME` (its help is the decorator's, translated)."""
    from deckcheck._api import list_rules
    from deckcheck.commands.listing import rules_json, rules_text

    listing = list_rules(game_id, workspace=workspace_of(carddb))
    if output is HandOutput.json:
        _echo(_json(rules_json(listing)), json_text=True)
        return
    _echo_fitted(rules_text(listing))  # regulation names come from files


def _json(data: object) -> str:
    import json

    return json.dumps(data, ensure_ascii=False, indent=2)


def main(resume_gc: bool = False) -> None:
    """Entry point: bad input is a message and exit code 2, never a traceback.

    ``resume_gc``: the caller paused the garbage collector for the start-up (deckcheck.cli.startup.main); it is
    switched back on when the command starts its work.
    """
    startup.begin(resume_gc)
    unknown: DeckcheckError | None = None
    try:
        language.choose_language(sys.argv[1:])  # once, first: every message and help text after this follows it
    except DeckcheckError as error:  # said once the streams are guarded
        unknown = error
    streams.install()  # a closed stdout: a message (in the chosen language), exit code 2, nothing done
    try:
        try:
            if unknown is not None:
                raise unknown
            if _i18n.language() == "en":
                app_for(sys.argv[1:])()
            else:
                _run_translated(sys.argv[1:])
        except SystemExit:
            sys.stdout.flush()  # here, not at the interpreter's exit, where a failure would be a traceback
            raise
    except streams.OutputError as error:
        _output_failed(error)
    except DeckcheckError as error:
        _say(_error_line(error))
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as error:  # a bug; keep the traceback for those who ask for it
        if os.environ.get("DECKCHECK_DEBUG"):
            raise
        typer.echo(
            _(
                "deckcheck: internal error ({kind}: {error}). This is a bug; run again with DECKCHECK_DEBUG=1 for "
                "details."
            ).format(kind=type(error).__name__, error=error),
            err=True,
        )
        sys.exit(2)


def _run_translated(args: list[str]) -> NoReturn:
    """Run the command line as app_for(args)() does, click's errors said in the chosen language: Typer's own click
    writes them in English (see deckcheck.cli.language.show_click_error)."""
    exceptions, abort = language.click_exceptions(), language.click_abort()
    try:
        code = app_for(args)(standalone_mode=False)
    except exceptions.ClickException as error:
        language.show_click_error(error)
    except abort:
        typer.echo(_i18n._("Aborted!"), err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


def _output_failed(error: streams.OutputError) -> None:
    """stdout could not be written (issue 26 item 9): "cannot write the output", exit code 2; but a change the
    command made stands: said as made, with the command's own exit code. A closed pipe (`| head`) is no news."""
    import errno

    if streams.change is not None:
        _say(
            _("deckcheck: warning: {done}, but the output could not be written: {reason}").format(
                done=streams.change.done, reason=error
            )
        )
        sys.exit(streams.change.exit_code)
    if error.errno != errno.EPIPE:
        _say(_("deckcheck: cannot write the output: {reason}").format(reason=error))
    sys.exit(2)


def app_for(args: list[str]) -> typer.Typer:
    """The app with only the command named first in ARGS registered (the whole app when none is named).

    Typer turns the signature of every registered command into parameters on each run, which costs more than a
    whole `check` of one deck; a run needs only its own command. Help, usage and errors are the same either way:
    `deckcheck --help` and unknown commands get the whole app.
    """
    at = language.split_language(args)[1]  # the command's name comes after the global options (--lang ja)
    name = args[at] if at < len(args) else ""
    commands = [info for info in app.registered_commands if _command_name(info) == name]
    groups = [info for info in app.registered_groups if info.name == name]
    if not commands and not groups:
        return app
    lean = typer.Typer(**_APP_SETTINGS)
    lean.registered_callback = app.registered_callback
    lean.registered_commands = commands
    lean.registered_groups = groups
    return lean


def _command_name(info: typer.models.CommandInfo) -> str:
    assert info.callback is not None  # (every command here is registered with its function)
    return info.name or typer.main.get_command_name(info.callback.__name__)
