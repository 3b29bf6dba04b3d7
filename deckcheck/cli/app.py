"""The `deckcheck` command line: a thin Typer layer over the library."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn

import typer

from deckcheck import _i18n, errors
from deckcheck._i18n import N_, _, ngettext
from deckcheck._util import notes
from deckcheck._util.text import joined
from deckcheck.cli import clitypes, config, language, options, startup, streams
from deckcheck.cli.output import (
    echo,
    echo_errors,
    echo_fitted,
    error_line,
    no_style,
    progress,
    say,
    say_data_notes,
    say_note,
    say_warning,
    use_colour,
)
from deckcheck.errors import DeckcheckError

if TYPE_CHECKING:  # for type checkers only (a TypedDict class costs start-up time)
    from typing import TypedDict

    from deckcheck.checking.judging import Judging

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
    "add_completion": True,  # `deckcheck --install-completion`: game ids, sections, card names (cli/completion.py)
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
        with errors.speaking(options.COMMAND_LINE):  # (also under Typer's CliRunner, which does not call main)
            try:
                command(*args, **kwargs)
            except DeckcheckError as error:
                say(error_line(error))
                raise typer.Exit(2) from None

    return run


class _CheckCommand(config.ShowsConfig, typer.core.TyperCommand):
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


@app.callback()
def _main(
    ctx: typer.Context,
    version: options.VersionOption = False,
    lang: options.LangOption = None,
) -> None:
    """Check decks against each game's construction rules, with the rules document's rule numbers."""
    previous = notes.listen(say_note)  # the library's notes, on stderr for the length of this command
    ctx.call_on_close(lambda: notes.listen(previous))


@app.command(
    cls=_CheckCommand,
    epilog=options.examples(
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
@config.reads("check", show=True)
@options.judged(check=True)
def check(
    paths: options.CheckPathsArgument,
    include: config.IncludeOption = None,
    exclude: config.ExcludeOption = None,
    output: options.CheckOutputOption = options.OutputFormat.text,
    fail_on: options.FailOnOption = options.FailOn.error,
    judging: Judging = options.JUDGED,
    carddb: options.CarddbOption = None,
    game: options.PastedGameOption = None,
    sarif: options.SarifFileOption = None,
    junit: options.JunitFileOption = None,
    summary: options.SummaryFileOption = None,
    quiet: options.QuietOption = False,
) -> None:
    """`deckcheck check` (its help is the decorator's, translated)."""
    _prompt_for_stdin(*paths)
    from deckcheck.checking.run import check_paths
    from deckcheck.cli import reports

    files_progress = progress if sys.stderr.isatty() else None  # a bar on a terminal only, never on stdout
    workspace = options.workspace_of(carddb)
    run = check_paths(
        paths,
        progress=files_progress,
        judging=judging,
        workspace=workspace,
        game=game,
        include=include,
        exclude=exclude,
    )
    run.errors = [
        options.as_flags(error) for error in run.errors
    ]  # every output format names the options by their flags
    if output is not options.OutputFormat.github:  # (github: `::notice::` lines in its output)
        reports.say_notes(run)
    from deckcheck.checking.output import render_github, render_json, render_junit, render_sarif, render_text

    if output is options.OutputFormat.text:
        colour = use_colour()
        echo(render_text(run, typer.style if colour else no_style, verbose=not quiet), colour=colour)
    elif output is options.OutputFormat.json:
        echo(render_json(run), json_text=True)
    elif output is options.OutputFormat.github:
        echo(render_github(run, full_report=reports.full_report(sarif)))
    elif output is options.OutputFormat.sarif:
        echo(render_sarif(run), json_text=True)
    else:
        echo(render_junit(run, fail_on.value), language="xml")
    echo_errors(run.errors)
    unwritten = reports.write_reports(run, sarif=sarif, junit=junit, summary=summary, fail_on=fail_on.value)
    echo_errors(unwritten)  # a report that could not be written: exit 2, as for any file deckcheck cannot do
    raise typer.Exit(2 if unwritten else run.exit_code(fail_on.value))


@app.command(
    short_help=N_("Deal a test hand through the game's real setup and mulligan."),
    epilog=options.examples(
        "deckcheck hand decks/vanguard/royal-paladin-altmile.deck.toml --seed 7",
        "deckcheck hand decks/cipher/marth-altea.deck.toml --choose lord=B01-003",
        "deckcheck hand decks/evolve/2026-03-21-rune-XEB3.deck.toml --count 3",
    ),
    help=N_("Deal a test hand through the game's real setup and mulligan (JSON always holds the step-by-step events)."),
)
@_exits_2_on_bad_input
@config.reads("hand")
@options.judged(setup_only=True)
def hand(
    deck: options.DeckInputArgument,
    seed: options.HandSeedOption = None,
    going: options.HandGoingOption = None,
    mulligan: options.HandMulliganOption = "none",
    want: options.HandWantOption = None,
    any_: options.HandAnyOption = None,
    turn: options.HandTurnOption = 0,
    count: options.HandCountOption = 1,
    choose: options.HandChooseOption = None,
    log: options.LogOption = False,
    output: options.TextOrJsonOption = options.HandOutput.text,
    judging: Judging = options.JUDGED,
    carddb: options.CarddbOption = None,
    game: options.PastedGameOption = None,
) -> None:
    """`deckcheck hand` (its help is the decorator's, translated)."""
    _prompt_for_stdin(deck)
    from deckcheck.commands.hand import HandRequest, iter_hands, render_hand_text

    request = HandRequest(
        seed=seed,
        count=count,
        going=going.value if going else None,
        policy=mulligan,
        turns=turn,
        choices=options.parse_choices(choose),
        wants=tuple(want or ()),
        anys=tuple(any_ or ()),
    )
    dealt = iter_hands(deck, request, workspace=options.workspace_of(carddb), judging=judging, game=game)
    # Each hand is printed as it is dealt (--count 1000000000 runs in constant memory; Ctrl-C or a closed pipe
    # stops it), with the same bytes as printing them all at once.
    if output is options.HandOutput.text:
        with _dealing(count) as paused:
            for index, one in enumerate(dealt):
                text = ("\n" if index else "") + render_hand_text(one, log=log)
                with paused(index + 1):
                    echo(text)
        return
    import json

    if count == 1:
        echo(json.dumps(next(dealt).to_json(), ensure_ascii=False, indent=2), json_text=True)
        return
    typer.echo('{\n  "hands": [', nl=False)
    with _dealing(count) as paused:
        for index, one in enumerate(dealt):
            text = json.dumps(one.to_json(), ensure_ascii=False, indent=2).replace("\n", "\n    ")
            with paused(index + 1):
                echo(f"{',' if index else ''}\n    {text}", json_text=True, nl=False)
    typer.echo("\n  ]\n}")


def _prompt_for_stdin(*paths: str | Path) -> None:
    """A deck read from standard input when it is a terminal: say how to end it (the library reads it silently)."""
    from deckcheck._util.files import STDIN

    if any(str(path) == STDIN for path in paths) and sys.stdin is not None and sys.stdin.isatty():
        say(_("deckcheck: reading a deck from standard input (end it with Ctrl-D)"))


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


@app.command(
    help=options.STATS_HELP,
    short_help=N_("Opening-hand odds under the game's mulligan rule, and the optimal mulligan."),
    epilog=options.examples(
        "deckcheck stats decks/build-divide/guren.txt",
        "deckcheck stats decks/vanguard/aqua-force-thavas.deck.toml --want grade=1",
        "deckcheck stats decks/cipher/chrom-shepherds.txt --want cost=1 --explain",
        "deckcheck stats decks/ic-dragonball/hayate-co-op.txt --want 'レベル<=1'",
    ),
)
@_exits_2_on_bad_input
@config.reads("stats")
@options.judged(setup_only=True)
def stats(
    deck: options.DeckInputArgument,
    want: options.StatsWantOption = None,
    any_: options.StatsAnyOption = None,
    turn: options.StatsTurnOption = None,
    going: options.StatsGoingOption = options.GoingOption.first,
    floor: options.FloorOption = False,
    mulligan: options.StatsMulliganOption = None,
    method: options.StatsMethodOption = None,
    trials: options.TrialsOption = None,
    seed: options.SeedOption = None,
    precision: options.PrecisionOption = None,
    explain: options.ExplainOption = False,
    hand: options.HandCardsOption = None,
    plot: options.PlotOption = None,
    force: options.PlotForceOption = False,
    choose: options.StatsChooseOption = None,
    output: options.TextOrJsonOption = options.HandOutput.text,
    judging: Judging = options.JUDGED,
    carddb: options.CarddbOption = None,
    game: options.PastedGameOption = None,
) -> None:
    from deckcheck.commands.stats import StatsOutput, StatsRequest, render_stats, run_stats
    from deckcheck.stats.options import StatsOptions

    _prompt_for_stdin(deck)

    if method is options.MethodOption.exact and (trials is not None or seed is not None):
        raise DeckcheckError(_("--trials and --seed apply to simulation; they conflict with --method exact"))
    if explain and not (want or any_):
        raise DeckcheckError(_("--explain shows the decisions for a --want query; give at least one --want"))
    if plot is not None and not force and (plot.exists() or plot.is_symlink()):  # as convert --out-file
        raise DeckcheckError(_("already exists; use --force to overwrite it"), path=plot, field="plot")
    request = StatsRequest(tuple(want or ()), tuple(any_ or ()), turn, going.value, hand)
    asked = StatsOptions(
        mulligan=mulligan,
        method=method.value if method else None,
        trials=trials,
        seed=seed,
        precision=precision,
        choices=options.parse_choices(choose),
        floor=floor,
    )
    as_json, colour = output is options.HandOutput.json, use_colour()
    shown = StatsOutput(explain=explain, plot=plot, stderr=sys.stderr)
    workspace = options.workspace_of(carddb)
    result = run_stats(deck, request, asked, shown, workspace=workspace, judging=judging, game=game)
    echo(
        render_stats(result, as_json=as_json, colour=colour and not as_json),
        colour=colour and not as_json,
        json_text=as_json,
    )


@app.command(
    help=options.ODDS_HELP,
    short_help=N_("Quick odds from deck size and copies, without a deck file."),
    epilog=options.examples("deckcheck odds -g vanguard --deck-size 50 --copies outs=8 --want outs@3"),
)
@_exits_2_on_bad_input
def odds(
    game: options.GameOption,
    deck_size: options.DeckSizeOption,
    copies: options.CopiesOption,
    want: options.OddsWantOption = None,
    any_: options.OddsAnyOption = None,
    turn: options.OddsTurnOption = None,
    mulligan: options.OddsMulliganOption = None,
    method: options.StatsMethodOption = None,
    seed: options.SeedOption = None,
    output: options.TextOrJsonOption = options.HandOutput.text,
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
    if output is options.HandOutput.json:
        import json

        echo(json.dumps(odds_json(result), ensure_ascii=False, indent=2), json_text=True)
    else:
        typer.echo(odds_text(result))


@cards_app.command(
    "search",
    epilog=options.examples(
        "deckcheck cards search -g vanguard 'grade=3,trigger=none'",
        "deckcheck cards search -g evolve 'クラス=エルフ,コスト<=2'",
        "deckcheck cards search -g evolve 騎士",
    ),
    help=N_(
        "Find cards by name, number or field filters.\n\n"
        "Without --game every game is searched (a filter on a field only some games have searches those "
        "games). Tokens come from no deck: they are left out unless --tokens.\n\n"
        "A field is named as the card records name it (grade, cost, class) or by the word of the game's rules "
        "document for it (compared after NFKC):\n\n{field_words}"
    ),
    short_help=N_("Find cards by name, number or field filters."),
)
@_exits_2_on_bad_input
def cards_search(
    query: options.SearchQueryArgument,
    game: options.SearchGameOption = None,
    limit: options.LimitOption = None,
    tokens: options.TokensOption = False,
    output: options.TextOrJsonOption = options.HandOutput.text,
    carddb: options.CarddbOption = None,
) -> None:
    """`deckcheck cards search` (its help is the decorator's, translated)."""
    from deckcheck.commands.search import find_cards, render_found

    json_output = output is options.HandOutput.json
    found = find_cards(query, game, limit=limit, workspace=options.workspace_of(carddb), tokens=tokens)
    echo(render_found(found, json_output=json_output), json_text=json_output)


@cards_app.command(
    "import",
    help=N_(
        "Import a CSV or JSON card list as validated TOML records.\n\n"
        "Columns (or JSON keys) are the game's card record fields; Japanese enum values are accepted. In "
        "CSV, an empty cell is an absent field, list cells are split on '|', ';' or '、', yes/no cells "
        "take true/false, yes/no, 1/0, y/n, ○/× or はい/いいえ. UTF-8 (with or without BOM), UTF-16 and "
        "Shift_JIS (cp932) files are read. Cards whose number is already in the target file are "
        "replaced; importing the same list again changes nothing.\n\n"
        "Some games' public fan lists are read as they are, recognised by their header or shape (Shadowverse "
        "EVOLVE: the fan CSV with the columns card_code, name, class, card_type, sub_type, cost, attack, hp; the "
        "same fields in JSON; the simulator JSON whose cards have names, type and printings); the report says "
        "which format was read.\n\n"
        "Exit code 0 when every row was imported, 1 when some rows were rejected (each is listed with "
        "its row number, field and reason; the valid rows are written), 2 when the file cannot be read "
        "at all."
    ),
    short_help=N_("Import a CSV or JSON card list as validated TOML records."),
)
@_exits_2_on_bad_input
def cards_import(
    file: options.CardListArgument,
    game: options.GameOption,
    into: options.IntoOption = Path("carddb"),
    force: options.ForceOption = False,
    output: options.TextOrJsonOption = options.HandOutput.text,
    carddb: options.CarddbOption = None,
) -> None:
    """`deckcheck cards import` (its help is the decorator's, translated)."""
    from deckcheck._util.limits import reading
    from deckcheck.carddb.importer import import_cards
    from deckcheck.commands.importing import exit_code, render_json, render_text
    from deckcheck.realdata import list_formats  # the game's public list formats: its converter maps them

    formats = list_formats(game)
    with reading(file):  # a 5,000-digit number or 10,000 nested arrays in the list: a malformed file
        report = import_cards(file, game, into, force=force, carddb_dirs=tuple(carddb or ()), formats=formats)
    if report.written:
        streams.changed(_("{path} was written").format(path=report.target), exit_code(report))
    json_output = output is options.HandOutput.json
    echo(render_json(report) if json_output else render_text(report), json_text=json_output)
    raise typer.Exit(exit_code(report))


@app.command(
    short_help=N_("Create an empty deck file (never overwrites a file)."),
    epilog=options.examples("deckcheck new my-deck.deck.toml -g cipher --name 'Marth'"),
    help=N_("Create an empty deck file (never overwrites an existing file) and print its state in one line."),
)
@_exits_2_on_bad_input
def new(
    path: options.NewPathArgument,
    game: options.GameOption,
    name: options.DeckNameOption = None,
    deck_format: options.NewFormatOption = None,
    carddb: options.CarddbOption = None,
) -> None:
    """`deckcheck new` (its help is the decorator's, translated)."""
    from deckcheck.commands.build import new_deck

    created = new_deck(path, game, name, options.workspace_of(carddb), deck_format=deck_format, warn=say_warning)
    streams.changed(_("{path} was created").format(path=path))
    echo(created)


@app.command(
    epilog=options.examples("deckcheck add decks/cipher/marth-altea.deck.toml B01-003 -n 1"),
    help=N_("Add copies of a card and print the deck's new state in one line."),
    short_help=N_("Add copies of a card and print the deck's new state in one line."),
)
@_exits_2_on_bad_input
@options.judged()
def add(
    path: options.DeckArgument,
    card: options.CardArgument,
    count: options.CountOption = 1,
    section: options.AddSectionOption = None,
    force: options.ForceOption = False,
    judging: Judging = options.JUDGED,
    carddb: options.CarddbOption = None,
) -> None:
    """`deckcheck add` (its help is the decorator's, translated)."""
    _edit(path, card, count, section, force, carddb, judging)


@app.command(
    short_help=N_("Remove copies of a card and print the deck's new state."),
    epilog=options.examples("deckcheck remove decks/cipher/marth-altea.deck.toml B01-003"),
    help=N_("Remove copies of a card and print the deck's new state in one line."),
)
@_exits_2_on_bad_input
@options.judged()
def remove(
    path: options.DeckArgument,
    card: options.CardArgument,
    count: options.CountOption = 1,
    section: options.RemoveSectionOption = None,
    force: options.ForceOption = False,
    judging: Judging = options.JUDGED,
    carddb: options.CarddbOption = None,
) -> None:
    """`deckcheck remove` (its help is the decorator's, translated)."""
    _edit(path, card, -count, section, force, carddb, judging)


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

    workspace = options.workspace_of(carddb)
    edited = edit_deck(path, card, change, section=section, force=force, judging=judging, workspace=workspace)
    streams.changed(_("{path} was changed").format(path=path))
    echo(edited)


@app.command(
    "set",
    short_help=N_("Set a deck key and print the deck's new state."),
    epilog=options.examples("deckcheck set decks/cipher/marth-altea.deck.toml name 'Marth of Altea'"),
    help=N_(
        "Set a deck key (name, regulation, rules, format, {deck_keys}) and print the "
        "deck's new state in one line.\n\n"
        "Only the key's line changes (comments and layout stay); an unknown card, regulation, rules "
        "version or format changes nothing (exit 2)."
    ),
)
@_exits_2_on_bad_input
@options.judged()
def set_key(
    path: options.DeckArgument,
    key: options.KeyArgument,
    value: options.ValueArgument,
    force: options.ForceOption = False,
    judging: Judging = options.JUDGED,
    carddb: options.CarddbOption = None,
) -> None:
    """`deckcheck set` (its help is the decorator's, translated)."""
    from deckcheck.commands.build import set_deck_key

    workspace = options.workspace_of(carddb)
    edited = set_deck_key(path, key, value, force=force, judging=judging, workspace=workspace, warn=say_warning)
    streams.changed(_("{path} was changed").format(path=path))
    echo(edited)


@app.command(
    short_help=N_("Show a deck: sections, distributions and verdict."),
    epilog=options.examples("deckcheck show decks/ic-dragonball/hayate-co-op.txt"),
    help=N_("Show a deck: its sections, the distributions that matter for its game, and the legality verdict."),
)
@_exits_2_on_bad_input
@config.reads("show")
@options.judged()
def show(
    path: options.ReadDeckArgument,
    output: options.TextOrJsonOption = options.HandOutput.text,
    judging: Judging = options.JUDGED,
    carddb: options.CarddbOption = None,
    game: options.PastedGameOption = None,
) -> None:
    """`deckcheck show` (its help is the decorator's, translated)."""
    _prompt_for_stdin(path)
    from deckcheck.commands.show import render_show_json, render_shown, show_deck

    shown = show_deck(path, judging, options.workspace_of(carddb), game)
    say_data_notes(shown.data_notes)
    if output is options.HandOutput.json:
        echo(render_show_json(shown), json_text=True)
        return
    colour = use_colour()
    echo(render_shown(shown, colour=colour), colour=colour)


@app.command(
    short_help=N_("What a change to a deck changes: cards, verdict, opening-hand odds."),
    epilog=options.examples(
        "deckcheck diff decks/vanguard/royal-paladin-altmile.deck.toml --rev HEAD",
        "deckcheck diff decks/cipher/marth-altea.deck.toml --rev HEAD -o markdown",
    ),
    help=N_(
        "What a change to a deck changes: the cards added, removed and changed per section, the verdict before "
        "and after, and the game's default opening-hand report (`deckcheck stats DECK`) of both, each line's "
        "change in percentage points.\n\n"
        "OLD NEW compares two deck files; DECK --rev REV the file at a git revision with the file as it is now "
        "(--rev twice: at two revisions). Exit code 0, or 1 when the new deck has a violation at or above "
        "--fail-on (as `check`), 2 when a deck could not be read or the decks are of two games."
    ),
)
@_exits_2_on_bad_input
@options.judged()
def diff(
    decks: options.DiffDecksArgument,
    rev: options.RevOption = None,
    output: options.DiffOutputOption = options.DiffOutput.text,
    fail_on: options.DiffFailOnOption = options.FailOn.error,
    judging: Judging = options.JUDGED,
    carddb: options.CarddbOption = None,
    game: options.PastedGameOption = None,
) -> None:
    """`deckcheck diff` (its help is the decorator's, translated)."""
    from deckcheck.commands.diff import diff_decks, inputs_of, render_diff_json, render_diff_markdown, render_diff_text

    old, new = inputs_of(decks, rev or [])
    _prompt_for_stdin(old.path, new.path)
    compared = diff_decks(old, new, judging, options.workspace_of(carddb), game=game)
    say_data_notes(compared.data_notes)
    if output is options.DiffOutput.json:
        echo(render_diff_json(compared), json_text=True)
    elif output is options.DiffOutput.markdown:
        echo(render_diff_markdown(compared), nl=False)
    else:
        colour = use_colour()
        echo(render_diff_text(compared, colour=colour), colour=colour)
    raise typer.Exit(1 if compared.fails(fail_on.value) else 0)


@app.command(
    short_help=N_("Convert a deck between formats, or print a decklist."),
    epilog=options.examples(
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
@options.judged()
def convert(
    source: options.SourceArgument,
    to: options.ConvertToOption,
    out: options.OutFileOption = None,
    game: options.ConvertGameOption = None,
    force: options.ConvertForceOption = False,
    player: options.PlayerOption = None,
    event: options.EventOption = None,
    judging: Judging = options.JUDGED,
    carddb: options.CarddbOption = None,
) -> None:
    """`deckcheck convert` (its help is the decorator's, translated)."""
    _prompt_for_stdin(source)
    from deckcheck.commands.convert import Printed, run_convert

    sheet = Printed(player, event, judging)
    workspace = options.workspace_of(carddb)
    printed, notes = run_convert(source, to.value, out, game_id=game, force=force, workspace=workspace, printed=sheet)
    if out is not None:
        streams.changed(_("{path} was written").format(path=out))
    for note in notes:
        say(f"deckcheck: {note}")
    if printed:  # a TOML or JSON deck's strings take \u escapes; a text decklist or printed list shows them visibly
        deck_text = out is None and to.value in ("toml", "json")
        # HTML as XML: its meta says UTF-8, and character references hold in its text and attributes
        languages: dict[str, Literal["toml", "xml"]] = {"toml": "toml", "html": "xml"}
        language = languages.get(to.value) if out is None else None
        encoding = getattr(sys.stdout, "encoding", None)
        if out is None and not deck_text and language is None and (lacked := streams.escaped(printed, encoding)):
            say_warning(  # a text decklist or markdown list in latin-1: a name written as escapes is not the name
                ngettext(
                    "stdout's encoding ({encoding}) lacks {n} character of this list, written as escapes (\\u7d05); "
                    "--out-file writes UTF-8",
                    "stdout's encoding ({encoding}) lacks {n} characters of this list, written as escapes (\\u7d05); "
                    "--out-file writes UTF-8",
                    lacked,
                ).format(encoding=encoding, n=lacked)
            )
        echo(printed, json_text=deck_text, language=language, nl=not printed.endswith("\n"))


@app.command(
    help=N_("List the games, their deck sections, deck keys and rules documents."),
    short_help=N_("List the games, their deck sections and keys."),
    epilog=options.examples("deckcheck games", "deckcheck games --output json"),
)
@_exits_2_on_bad_input
def games(
    output: options.TextOrJsonOption = options.HandOutput.text,
) -> None:
    """`deckcheck games` (its help is the decorator's, translated)."""
    from deckcheck.commands.listing import games_json, games_text
    from deckcheck.games import all_games  # the registry itself: listing needs no card database

    games = list(all_games().values())
    if output is options.HandOutput.json:
        echo(_json(games_json(games)), json_text=True)
        return
    echo_fitted(games_text(games))


@app.command(
    help=N_(
        "Print a game's construction rules with their ids and rule numbers, and its regulations (from every card "
        "database folder, --carddb included)."
    ),
    short_help=N_("Print a game's construction rules and regulations."),
    epilog=options.examples("deckcheck rules build-divide", "deckcheck rules evolve --output json"),
)
@_exits_2_on_bad_input
def rules(
    game_id: options.GameArgument,
    output: options.TextOrJsonOption = options.HandOutput.text,
    carddb: options.CarddbOption = None,
) -> None:
    """`deckcheck rules GAME` (its help is the decorator's, translated)."""
    from deckcheck._api import list_rules
    from deckcheck.commands.listing import rules_json, rules_text

    listing = list_rules(game_id, workspace=options.workspace_of(carddb))
    if output is options.HandOutput.json:
        echo(_json(rules_json(listing)), json_text=True)
        return
    echo_fitted(rules_text(listing))  # regulation names come from files


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
    try:  # once, first: every message and help text after this follows it (the configuration file's `lang` too)
        language.choose_language(sys.argv[1:], config.language_for(sys.argv[1:]))
    except DeckcheckError as error:  # said once the streams are guarded
        unknown = error
    streams.install()  # a closed stdout: a message (in the chosen language), exit code 2, nothing done
    try:
        try:
            if (broken := _i18n.catalog_problem()) is not None:  # a broken installation: English, said once
                tag, path, reason = broken
                say_note(
                    _("the catalog of {language} ({path}) cannot be read ({reason}): speaking English").format(
                        language=_i18n.LANGUAGES[tag], path=path, reason=reason
                    ),
                    debug=False,
                )
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
        say(error_line(error))
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
        say(
            _("deckcheck: warning: {done}, but the output could not be written: {reason}").format(
                done=streams.change.done, reason=error
            )
        )
        sys.exit(streams.change.exit_code)
    if error.errno != errno.EPIPE:
        say(_("deckcheck: cannot write the output: {reason}").format(reason=error))
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
