"""The command line in the chosen language (issue 29): the language chosen from --lang, $DECKCHECK_LANG and the locale,
click's and Typer's own words ("Usage:", "Options:", "Error: ...") and every help text served from deckcheck's
catalog."""

from __future__ import annotations

import gettext
import importlib
import os
import sys
from typing import Any, NoReturn

import typer.core

from deckcheck import _i18n
from deckcheck._i18n import N_, _, translate
from deckcheck._util.text import display_width, joined, wrap_width
from deckcheck.errors import DeckcheckError

#: The global option, and its value's forms on the command line (`--lang ja`, `--lang=ja`).
LANG_FLAG = "--lang"

#: click's and Typer's modules that call gettext (they bind `_` and `ngettext` from the standard library's gettext
#: when imported, which looks in gettext's default domain): each is pointed at deckcheck's catalog instead.
_SPEAKERS = ("click.", "typer.")


def split_language(args: list[str]) -> tuple[str | None, int]:
    """The --lang value given before the command's name (global options come first), if any, and the index of what
    follows it in `args`: the command's name when one is named first (len(args) when nothing follows)."""
    given = None
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == LANG_FLAG and index + 1 < len(args):
            given = args[index + 1]
            index += 2
        elif arg.startswith(LANG_FLAG + "="):
            given = arg.partition("=")[2]
            index += 1
        else:  # the command's name, or another option (--help, --version, a wrong one: the whole app answers)
            break
    return given, index


def choose_language(args: list[str], configured: str | None = None) -> None:
    """Choose the language once, at start-up: --lang, else $DECKCHECK_LANG, else the configuration file's `lang`
    (`configured`, valid: see deckcheck.cli.config), else the locale. An unknown value is bad input (exit 2), said
    in the locale's language."""
    given, _index = split_language(args)
    if given is None and configured is not None and not os.environ.get("DECKCHECK_LANG"):
        given = configured
    try:
        tag = _i18n.select(given)
    except _i18n.UnknownLanguage as error:
        speak(_i18n.from_locale())
        languages = ", ".join(f"{tag} ({name})" for tag, name in _i18n.LANGUAGES.items())
        raise DeckcheckError(
            _("unknown language {given!r} (from {source}); the languages are: {languages}").format(
                given=error.given, source=error.source, languages=languages
            )
        ) from None
    speak(tag if shown(tag) else "en")


def shown(tag: str) -> bool:
    """Whether the standard streams can show `tag`'s language: a stream whose encoding lacks Japanese (latin-1,
    ascii) would print every word of it as an escape, so English is spoken there instead (the locale asked for
    Japanese, but the terminal cannot show it)."""
    sample = _i18n.LANGUAGES[tag]  # the language's own name: 日本語
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        if not encoding:
            continue
        try:
            sample.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            return False
    return True


def speak(tag: str) -> None:
    """Speak `tag` from now on: deckcheck's messages, and the gettext words of Typer (and of click, when Typer runs
    on it): each module's `_` and `ngettext` pointed at the catalog (back at gettext's for English)."""
    _i18n.choose(tag)
    translation = _i18n.translation()
    gettext_, ngettext_ = (
        (gettext.gettext, gettext.ngettext) if translation is None else (translation.gettext, translation.ngettext)
    )
    for name, module in list(sys.modules.items()):
        if name.startswith(_SPEAKERS) and module is not None:
            spoken = vars(module)
            if callable(spoken.get("_")) and getattr(spoken["_"], "__name__", "") == "gettext":
                spoken["_"] = gettext_
            if callable(spoken.get("ngettext")) and getattr(spoken["ngettext"], "__name__", "") == "ngettext":
                spoken["ngettext"] = ngettext_


#: The header of a command's examples (its epilog, see deckcheck.cli.app._examples).
EXAMPLES = N_("Examples:")


def translate_help(command: Any) -> None:
    """Every help text of a click command and its subcommands and parameters in the chosen language (their English
    texts are marked with N_ where they are written; a text without a translation stays English)."""
    if _i18n.translation() is None:
        return
    for attribute in ("help", "short_help"):
        if getattr(command, attribute, None):
            setattr(command, attribute, translate(getattr(command, attribute)))
    epilog = getattr(command, "epilog", None)
    if epilog:
        command.epilog = translate(epilog).replace(f"\n{EXAMPLES}\n", f"\n{translate(EXAMPLES)}\n", 1)
    for param in getattr(command, "params", ()):
        if getattr(param, "help", None):
            param.help = translate(param.help)
    command.context_class = _Context  # its help written by _Formatter
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub)


_BaseContext: Any = typer.core.TyperCommand.context_class  # Typer's own click's, else click's
_BaseFormatter: Any = _BaseContext.formatter_class


class _Formatter(_BaseFormatter):
    """Help in the chosen language: the "Usage:" prefix and the help option's text translated (Typer's own click
    writes them as plain English), and text wrapped by display width (a Japanese character takes two columns),
    between Japanese characters or at spaces, never inside a word."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _("Usage:") + " " if prefix is None else prefix)

    def write_text(self, text: str) -> None:
        indent = " " * self.current_indent
        paragraphs = text.split("\n\n")
        for number, paragraph in enumerate(paragraphs):
            if paragraph.startswith("\b"):  # click's mark: printed as written
                lines = paragraph.split("\n")[1:]
            else:
                lines = wrap_width(" ".join(paragraph.split()), max(self.width - self.current_indent, 20))
            self.write("".join(f"{indent}{line}\n" for line in lines))
            if number < len(paragraphs) - 1:
                self.write("\n")

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = [(first, translate(second)) for first, second in rows]  # the help option's text
        first_col = min(max((display_width(first) for first, _second in rows), default=0), col_max) + col_spacing
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if display_width(first) <= first_col - col_spacing:
                self.write(" " * (first_col - display_width(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = wrap_width(" ".join(second.splitlines()), max(self.width - first_col - 2 - self.current_indent, 10))
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n")


class _Context(_BaseContext):
    formatter_class = _Formatter


# Typer's own click writes its errors as plain English (no gettext): in another language they are said here, each
# message matched against these English templates (a {name} stands for any text) and said from the catalog.
CLICK_MESSAGES = (
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Missing parameter: {name}"),
    N_("No such option: {name} Did you mean {possibility}?"),
    N_("No such option: {name} (Possible options: {possibilities})"),
    N_("No such option: {name}"),
    N_("Invalid value for {name}: {message}"),
    N_("{value} is not one of {choices}"),
    N_("Got unexpected extra argument(s) ({args})"),
    N_("Option {name} requires an argument."),
    N_("Option {name} does not take a value."),
    # Typer's suggestion for a command not found, glued to click's message (said from the catalog already, its "."
    # stripped: a Japanese sentence keeps its 。): last, so that click's own messages match first
    N_("{message}. Did you mean {possibility}?"),
)


def said(message: str) -> str:
    """One of click's English messages in the chosen language (an unknown one as it is)."""
    matched = _i18n.match_template(message, CLICK_MESSAGES)
    if matched is None:
        return message
    template, parts = matched
    fields = {name: said(text) if name == "message" else text for name, text in parts.items()}
    if "choices" in fields:  # click's `'a', 'b'`: listed as the chosen language lists (`'a'、'b'`)
        fields["choices"] = joined(fields["choices"].split(", "))
    return translate(template).format(**fields)


def click_exceptions() -> Any:
    """The exceptions module of the click Typer runs on (its own, else click)."""
    vendored = getattr(typer.core, "_click", None)
    return vendored.exceptions if vendored is not None else importlib.import_module("click.exceptions")


def click_abort() -> type[BaseException]:
    """The exception click raises when the user aborts (Ctrl-C at a prompt): Typer's own click keeps it in
    typer.exceptions, click in click.exceptions."""
    abort = getattr(click_exceptions(), "Abort", None)
    return abort if abort is not None else importlib.import_module("typer.exceptions").Abort


def show_click_error(error: Any) -> NoReturn:
    """A usage error or other click error said in the chosen language (usage line, hint, message), with its exit
    code: what click's own `show` prints in English."""
    ctx = getattr(error, "ctx", None)
    no_args = getattr(click_exceptions(), "NoArgsIsHelpError", None)
    if no_args is not None and isinstance(error, no_args):  # a group run without a command: its help, as click does
        typer.echo(error.format_message(), err=True)
        sys.exit(error.exit_code)
    lines = []
    if ctx is not None:
        lines.append(ctx.get_usage())
        if ctx.command.get_help_option(ctx) is not None:
            hint = _("Try '{command} {option}' for help.").format(
                command=ctx.command_path, option=ctx.help_option_names[0]
            )
            lines.append(hint + "\n")
    lines.append(_("Error: {message}").format(message=said(error.format_message())))
    typer.echo("\n".join(lines), err=True)
    sys.exit(error.exit_code)
