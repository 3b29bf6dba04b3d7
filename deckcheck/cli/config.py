"""The configuration file (issue 42): the options a deck repository would repeat on every command line, read once
from `deckcheck.toml` (the settings as top-level keys) or from the `[tool.deckcheck]` table of `pyproject.toml`.

The file is searched for from the working folder upwards: in each folder `deckcheck.toml` first, then a
`pyproject.toml` that has a `[tool.deckcheck]` table (one without it does not stop the search, as ruff does); the
search stops at the first file found, at the folder that holds `.git` (the repository's root: a file above the
repository never judges its decks, as mypy stops there) or at the filesystem's root. `--config FILE` (or
$DECKCHECK_CONFIG) names the file instead, `--no-config` reads none.

The command line wins over the file, the file over the defaults. The keys are the long options as they are spelled
(`as-of`, `fail-on`); paths in the file are relative to its folder. A command reads the keys for the options it has:
`check` every key, `show` the judging keys and `carddb`, `stats` and `hand` `rules`, `format` and `carddb`; every
command reads `lang` (the language is chosen before the command runs, deckcheck.cli.language). A value of the wrong
type and an unknown key are bad input naming the file, the line and the key (exit 2).

Click's `default_map` would carry the file's values into the options, but it is chosen in the group's callback,
before a command's own `--config` / `--no-config` are parsed, and click's conversion errors for its values name no
file or line: each command's values are merged here instead, by the source click records for each parameter.
"""

from __future__ import annotations

import datetime
import errno
import functools
import inspect
import os
import re
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from deckcheck import _i18n
from deckcheck._i18n import N_, _, translate
from deckcheck._util.safetext import one_line, quoted
from deckcheck._util.text import display_width, joined, pad
from deckcheck.cli import options
from deckcheck.cli.language import split_language
from deckcheck.cli.output import echo, echo_fitted
from deckcheck.errors import DeckcheckError, Spelling, os_reason, speaking

T = TypeVar("T")

#: The configuration file's own name (its settings are top-level keys), and pyproject.toml (its [tool.deckcheck]).
CONFIG_NAME = "deckcheck.toml"
PYPROJECT = "pyproject.toml"
#: The variable naming a configuration file (as --config does; --config wins over it, --no-config over both).
ENV_VAR = "DECKCHECK_CONFIG"
#: A configuration file larger than this is refused unread (a configuration is a few lines; pyproject.toml a few
#: kilobytes).
MAX_CONFIG_BYTES = 1024 * 1024
#: What the file is called in messages about it ("is a folder, not a configuration file").
CONFIG_FILE = N_("configuration file")

_CONFIG_FLAG, _NO_CONFIG_FLAG, _SHOW_FLAG = "--config", "--no-config", "--show-config"


class Key:
    """A setting of the file: its key (the long option's spelling), the command parameter it gives a value to, the
    kind of value it takes, and the commands that read it (None: every command that has the parameter). (A plain
    class: this module is loaded by every command, and a dataclass costs start-up time.)"""

    __slots__ = ("name", "param", "kind", "choices", "commands")

    def __init__(
        self,
        name: str,
        param: str,
        kind: str,  # "string", "date", "bool", "choice", "folders", "globs", "language"
        choices: tuple[str, ...] = (),
        commands: frozenset[str] | None = None,
    ) -> None:
        self.name, self.param, self.kind, self.choices, self.commands = name, param, kind, choices, commands


_CHECK = frozenset({"check"})
KEYS: dict[str, Key] = {
    key.name: key
    for key in (
        Key("as-of", "as_of", "date"),
        Key("regulation", "regulation", "string"),
        Key("no-regulation", "no_regulation", "bool"),
        Key("rules", "rules", "string"),
        Key("format", "deck_format", "string"),
        Key("fail-on", "fail_on", "choice", tuple(level.value for level in options.FailOn), _CHECK),
        Key("output", "output", "choice", tuple(kind.value for kind in options.OutputFormat), _CHECK),
        Key("carddb", "carddb", "folders"),
        Key("include", "include", "globs", commands=_CHECK),
        Key("exclude", "exclude", "globs", commands=_CHECK),
        Key("lang", "lang", "language"),
    )
}
#: The commands that read the file (deckcheck.cli.app marks each with :func:`reads`).
READERS = ("check", "show", "stats", "hand")

_EXPECTED = {
    "string": N_("a string"),
    "date": N_("a date (YYYY-MM-DD)"),
    "bool": N_("true or false"),
    "folders": N_("a list of folder paths (strings)"),
    "globs": N_("a list of glob patterns (strings)"),
}


class Config:
    """The file read for this run (None: no file) and its settings, each validated: key → the value its parameter
    takes, and the line each is written on."""

    def __init__(self, path: Path | None = None, found_by: str | None = None, table: tuple[str, ...] = ()) -> None:
        self.path = path
        self.found_by = found_by  # "search", "--config", "DECKCHECK_CONFIG" (None: no file)
        self.table = table  # where the settings stand in the file: () or ("tool", "deckcheck")
        self.values: dict[str, Any] = {}
        self.lines: _KeyLines | dict[str, int | None] = {}  # the line of each key, found when first asked for

    def shown_path(self) -> str:
        return _shown(self.path) if self.path is not None else ""

    def where(self, key: str) -> str:
        """`deckcheck.toml:3`: where the file sets `key`."""
        line = self.lines.get(key)
        return f"{self.shown_path()}:{line}" if line else self.shown_path()


def _shown(path: Path) -> str:
    """A path as messages name it: relative to the working folder when it is below it."""
    try:
        return os.path.relpath(path) if not os.path.relpath(path).startswith("..") else str(path)
    except ValueError:  # another drive (Windows)
        return str(path)


# Finding the file ------------------------------------------------------------------------------------------------


def _exists(path: str) -> bool:
    """Whether anything is at `path` (a broken link or a link loop too: it is then said to be unreadable)."""
    try:
        os.lstat(path)
    except OSError:
        return False
    return True


def find(start: str | Path) -> tuple[Path, bytes | None] | None:
    """The configuration file for a run in `start`, searched upwards (see the module's help), and the bytes of a
    pyproject.toml that was read to decide (None: a deckcheck.toml, read by :func:`load`). A few `lstat` calls per
    folder; a pyproject.toml is read only when it mentions deckcheck at all."""
    folder = os.path.abspath(start)
    while True:
        candidate = os.path.join(folder, CONFIG_NAME)
        if _exists(candidate):
            return Path(candidate), None
        candidate = os.path.join(folder, PYPROJECT)
        if _may_hold_settings(candidate):
            data = _read(Path(candidate))
            if b"deckcheck" in data and _has_table(Path(candidate), data):
                return Path(candidate), data
        if _exists(os.path.join(folder, ".git")):
            return None
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def _may_hold_settings(path: str) -> bool:
    """Whether a pyproject.toml is read to look for [tool.deckcheck]: not when there is none, nor when it is no
    regular file (a folder, a FIFO, a device or a broken link holds no settings, and pyproject.toml is not named as
    deckcheck's file); one that cannot be looked at (a link loop, no permission) is read, to say why."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return False
    except OSError:
        return _exists(path)
    return stat.S_ISREG(mode)


def _has_table(path: Path, data: bytes) -> bool:
    tool = _parse(path, data).get("tool")
    return isinstance(tool, dict) and "deckcheck" in tool


def _read(path: Path) -> bytes:
    """The file's bytes; a folder, a FIFO or device, a link loop, an unreadable or huge file: a DeckcheckError."""
    from deckcheck._util.files import read_repository_file  # deferred: only when a file is found

    try:
        info = os.stat(path)
    except OSError as error:
        if os.path.islink(path) and not isinstance(error, PermissionError):
            reason = (
                _("is a symbolic link loop")
                if error.errno == errno.ELOOP
                else _("is a broken link (its target does not exist)")
            )
            raise DeckcheckError(reason, path=_shown(path)) from None
        raise DeckcheckError(
            _("cannot be read ({reason})").format(reason=os_reason(error)), path=_shown(path)
        ) from None
    if stat.S_ISREG(info.st_mode) and info.st_size > MAX_CONFIG_BYTES:
        raise _too_large(path)
    data = read_repository_file(Path(_shown(path)), CONFIG_FILE)
    if len(data) > MAX_CONFIG_BYTES:
        raise _too_large(path)
    return data


def _too_large(path: Path) -> DeckcheckError:
    return DeckcheckError(
        _("is larger than {size} MiB: not a {what}").format(
            size=MAX_CONFIG_BYTES // 2**20, what=translate(CONFIG_FILE)
        ),
        path=_shown(path),
    )


@functools.lru_cache(maxsize=8)
def _parse_cached(shown: str, data: bytes) -> dict[str, Any]:
    import tomli  # deferred: only when a file is found (a run without one pays a few lstat calls)

    from deckcheck._util.limits import parse_within_limits  # deferred: as tomli

    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DeckcheckError(_("is not UTF-8 text"), path=shown) from None
    text = text.replace("\r\n", "\n")
    try:
        return parse_within_limits(tomli.loads, text, shown, "toml")
    except tomli.TOMLDecodeError as error:
        from deckcheck._util.toml_scan import toml_error_position  # deferred: a broken file only

        said, line = toml_error_position(error)
        reason = _("is not valid TOML: {reason}").format(reason=said)
        if said.startswith("Cannot ") or "Cannot " in str(error):  # a key written twice: name it and both lines
            from deckcheck._util.positions import toml_duplicate_message  # deferred: a broken file only

            if (repeated := toml_duplicate_message(text)) is not None:
                reason, line = repeated
        raise DeckcheckError(reason, path=shown, line=line) from None


def _parse(path: Path, data: bytes) -> dict[str, Any]:
    return _parse_cached(_shown(path), data)


# Reading and validating -------------------------------------------------------------------------------------------


def load(path: Path, data: bytes | None = None, found_by: str = "search") -> Config:
    """The settings of the configuration file at `path` (its bytes `data` when read already), validated."""
    if data is None:
        data = _read(path)
    parsed = _parse(path, data)
    config = Config(path=Path(os.path.abspath(path)), found_by=found_by)
    if path.name == PYPROJECT:
        tool = parsed.get("tool")
        settings = tool.get("deckcheck") if isinstance(tool, dict) else None
        config.table = ("tool", "deckcheck")
        if settings is None:
            raise DeckcheckError(_("has no [tool.deckcheck] table"), path=_shown(path))
        if not isinstance(settings, dict):
            raise DeckcheckError(
                _("[tool.deckcheck] must be a table of settings"), path=_shown(path), line=_line(data, config.table)
            )
    else:
        settings = parsed
    config.lines = _KeyLines(data, config.table)
    for key, value in settings.items():
        known = KEYS.get(key)
        if known is None:
            raise DeckcheckError(_unknown(key, config), path=_shown(path), line=config.lines.get(key), field=key)
        config.values[key] = _value(known, value, config)
    if config.values.get("no-regulation") and (clash := [k for k in ("regulation", "as-of") if k in config.values]):
        raise DeckcheckError(
            _("no-regulation = true conflicts with {key}: keep one").format(key=clash[0]),
            path=_shown(path),
            line=config.lines.get("no-regulation"),
            field="no-regulation",
        )
    return config


class _KeyLines:
    """The line of each key of the settings table, found when first asked for (a valid file never asks)."""

    def __init__(self, data: bytes, table: tuple[str, ...]) -> None:
        self.data, self.table = data, table
        self.found: dict[tuple[str | int, ...], int] | None = None

    def get(self, key: str) -> int | None:
        if self.found is None:
            from deckcheck._util.positions import toml_key_lines  # deferred: a bad value or --show-config only

            self.found = toml_key_lines(self.data.decode("utf-8-sig", "replace").replace("\r\n", "\n"))
        path = (*self.table, key)
        if path in self.found:
            return self.found[path]
        below = [line for found, line in self.found.items() if found[: len(path)] == path]  # [key.sub] headers
        return min(below, default=None)


def _line(data: bytes, path: tuple[str, ...]) -> int | None:
    from deckcheck._util.positions import toml_key_lines  # deferred: a broken file only

    return toml_key_lines(data.decode("utf-8-sig", "replace").replace("\r\n", "\n")).get(path)


def _unknown(key: str, config: Config) -> str:
    import difflib  # deferred: an unknown key only

    names = list(KEYS)
    if key == "tool" and config.table == ():
        return _(
            "unknown key: {file} holds the settings as top-level keys ([tool.deckcheck] is for pyproject.toml)"
        ).format(file=CONFIG_NAME)
    close = difflib.get_close_matches(key.replace("_", "-"), names, n=1, cutoff=0.6)
    said = _("unknown key; the keys are: {keys}").format(keys=joined(names))
    if close:
        said += _(" (did you mean {key}?)").format(key=close[0])
    return said


def _described(value: object) -> str:
    """A TOML value as a message names it: 'fatal', 3, true, a list, a table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return _("a table")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, str):
        return quoted(value)
    return quoted(value) if not isinstance(value, (int, float)) else str(value)[:40]


def _value(key: Key, value: Any, config: Config) -> Any:
    """The value of `key` as its parameter takes it; a value of the wrong kind is a DeckcheckError at its line."""
    assert config.path is not None

    def wrong(expected: str) -> DeckcheckError:
        reason = _("expected {expected}, not {given}").format(expected=expected, given=_described(value))
        return DeckcheckError(reason, path=config.shown_path(), line=config.lines.get(key.name), field=key.name)

    folder = config.path.parent
    if key.kind == "bool":
        if not isinstance(value, bool):
            raise wrong(translate(_EXPECTED["bool"]))
        return value
    if key.kind == "date":
        if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
            return value.isoformat()
        if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()):
            try:
                return datetime.date.fromisoformat(value.strip()).isoformat()
            except ValueError:
                pass
        raise wrong(translate(_EXPECTED["date"]))
    if key.kind == "choice":
        if isinstance(value, str) and value.strip() in key.choices:
            return value.strip()
        raise wrong(_("one of {choices}").format(choices=joined(key.choices)))
    if key.kind == "language":
        if isinstance(value, str) and value.strip().lower() in _i18n.LANGUAGES:
            return value.strip().lower()
        languages = joined(f"{tag} ({name})" for tag, name in _i18n.LANGUAGES.items())
        raise wrong(_("a language deckcheck speaks: {languages}").format(languages=languages))
    if key.kind == "string":
        if not isinstance(value, str) or not value.strip() or "\x00" in value:
            raise wrong(translate(_EXPECTED["string"]))
        return value.strip()
    # lists: carddb folders, include/exclude globs
    if not isinstance(value, list) or not all(
        isinstance(item, str) and item.strip() and "\x00" not in item for item in value
    ):
        raise wrong(translate(_EXPECTED[key.kind]))
    if key.kind == "folders":
        return [folder / item for item in value]  # an absolute item stays itself
    return [_anchored(item.strip(), folder) for item in value]


def _anchored(pattern: str, folder: Path) -> str:
    """A glob as the folder search takes it (deckcheck.checking.discover): a pattern with a `/` is a path below
    `folder` (made absolute), one without it matches a name at any depth."""
    pattern = pattern.replace("\\", "/") if os.sep == "\\" else pattern
    if "/" not in pattern.rstrip("/"):
        return pattern.rstrip("/")
    if os.path.isabs(pattern):
        return pattern.rstrip("/")
    return os.path.join(str(folder), pattern.removeprefix("./")).rstrip("/")


def anchored_here(patterns: Iterable[str] | None) -> list[str]:
    """--include / --exclude's globs, anchored at the working folder."""
    here = Path(os.getcwd())
    return [_anchored(pattern.strip(), here) for pattern in patterns or () if pattern.strip()]


# The file of this run ----------------------------------------------------------------------------------------------


def chosen(given: Path | None, no_config: bool) -> Config:
    """The configuration of a run: none with --no-config, the file --config or $DECKCHECK_CONFIG names, else the one
    found from the working folder upwards (an empty Config when there is none). Bad input raises DeckcheckError."""
    if no_config:
        return Config()
    if given is None and os.environ.get(ENV_VAR):
        return load(Path(os.environ[ENV_VAR]), found_by=ENV_VAR)
    if given is not None:
        return load(given, found_by=_CONFIG_FLAG)
    try:
        here = os.getcwd()
    except OSError:  # the working folder was removed: no file to find
        return Config()
    found = find(here)
    if found is None:
        return Config()
    return load(found[0], found[1])


def _prescan(args: list[str]) -> tuple[Path | None, bool]:
    """--config FILE and --no-config as the command line gives them (before `--`), read before it is parsed (the
    language is chosen first)."""
    given: Path | None = None
    no_config = False
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == _NO_CONFIG_FLAG:
            no_config = True
        elif arg == _CONFIG_FLAG and index + 1 < len(args):
            given = Path(args[index + 1])
        elif arg.startswith(_CONFIG_FLAG + "="):
            given = Path(arg.partition("=")[2])
    return given, no_config


#: The language the file chose for this run, and where it is written (set by :func:`language_for`).
_language: tuple[str, str] | None = None


def language_for(args: list[str]) -> str | None:
    """The language the configuration file of this command line chooses (None: none), for the start-up
    (deckcheck.cli.app.main), which chooses the language before the command line is parsed. Never raises: a file
    that cannot be read is said by the command that reads it (a broken file still gives its valid `lang`)."""
    global _language
    _language = None
    given, no_config = _prescan(args)
    try:
        config = chosen(given, no_config)
    except DeckcheckError:
        config = _lenient(given, no_config)
    except Exception:  # (never stops the start-up: the command says what is wrong)
        return None
    lang = config.values.get("lang")
    if lang is not None:
        _language = (lang, config.where("lang"))
    global _language_given
    _language_given = (
        "command-line"
        if split_language(args)[0] is not None
        else "environment"
        if os.environ.get("DECKCHECK_LANG")
        else None
    )
    return lang


#: Whether the start-up's language came from the command line or $DECKCHECK_LANG (None: neither).
_language_given: str | None = None


def _lenient(given: Path | None, no_config: bool) -> Config:
    """The `lang` of a file that has another problem, when its TOML can be read."""
    try:
        path = given or (Path(os.environ[ENV_VAR]) if os.environ.get(ENV_VAR) else None)
        data = None
        if path is None:
            found = find(os.getcwd())
            if found is None:
                return Config()
            path, data = found
        data = data if data is not None else _read(path)
        parsed = _parse(path, data)
        table = parsed.get("tool", {}).get("deckcheck", {}) if path.name == PYPROJECT else parsed
        lang = table.get("lang") if isinstance(table, dict) else None
        config = Config(path=Path(os.path.abspath(path)), table=("tool", "deckcheck") if path.name == PYPROJECT else ())
        if isinstance(lang, str) and lang.strip().lower() in _i18n.LANGUAGES:
            config.values["lang"] = lang.strip().lower()
            config.lines = _KeyLines(data, config.table)
        return config
    except Exception:
        return Config()


# The commands that read it -----------------------------------------------------------------------------------------

ConfigOption = Annotated[
    Path | None,
    typer.Option(
        _CONFIG_FLAG,
        metavar="FILE",
        help=N_(
            "Read the settings from FILE (deckcheck.toml's top-level keys, or pyproject.toml's [tool.deckcheck]) "
            "instead of the file found from the working folder upwards. Also read from $DECKCHECK_CONFIG."
        ),
        show_default=False,
    ),
]
NoConfigOption = Annotated[
    bool, typer.Option(_NO_CONFIG_FLAG, help=N_("Read no configuration file (only the command line and defaults)."))
]
ShowConfigOption = Annotated[
    bool,
    typer.Option(
        _SHOW_FLAG,
        help=N_(
            "Print each setting, its value and where it came from (the file and line, the command line or the "
            "default), and exit without checking (with --output json: as JSON)."
        ),
    ),
]
IncludeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--include",
        metavar="GLOB",
        help=N_(
            "Folder search checks only the decks matching GLOB (a name, or a path with '/' below the working "
            "folder; ** spans folders). Repeatable; replaces the file's include."
        ),
        show_default=False,
    ),
]
ExcludeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--exclude",
        metavar="GLOB",
        help=N_(
            "Folder search skips the files and folders matching GLOB (as --include). Repeatable; replaces the "
            "file's exclude. A file named on the command line is always checked."
        ),
        show_default=False,
    ),
]

_CONTEXT = "_config_context"


def reads(command: str, *, show: bool = False) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Mark a command that reads the configuration file: it takes --config and --no-config (`show`: --show-config
    too), and each of its options that the command line does not give takes the file's value (see the module's
    help). Placed above options.judged, so that the file's judging keys reach the judging options."""

    def decorate(body: Callable[..., T]) -> Callable[..., T]:
        signature = inspect.signature(body)
        parameters = []
        for parameter in signature.parameters.values():
            annotation = parameter.annotation
            if isinstance(annotation, str):
                annotation = eval(annotation, body.__globals__)  # noqa: S307 (our own module's annotations)
            parameters.append(parameter.replace(annotation=annotation))
        names = {parameter.name for parameter in parameters}
        kind = inspect.Parameter.KEYWORD_ONLY
        added = [
            inspect.Parameter(_CONTEXT, kind, annotation=typer.Context),
            inspect.Parameter("config", kind, default=None, annotation=ConfigOption),
            inspect.Parameter("no_config", kind, default=False, annotation=NoConfigOption),
        ]
        if show:
            added.append(inspect.Parameter("show_config", kind, default=False, annotation=ShowConfigOption))
        read = {key.name: key for key in KEYS.values() if key.param in names and _reads(key, command)}

        @functools.wraps(body)
        def run(**given: Any) -> T:
            ctx = given.pop(_CONTEXT)
            config = chosen(given.pop("config"), given.pop("no_config"))
            showing = given.pop("show_config", False)
            typed = {key.param for key in read.values() if _from_command_line(ctx, key.param)}
            sources: dict[str, str] = {}
            for name, key in read.items():
                if key.param in typed:
                    sources[name] = "command-line"
                elif name in config.values and not _overridden(name, typed):
                    given[key.param] = _as_parameter(key, config.values[name])
                    sources[name] = "file"
                else:
                    sources[name] = "default"
            for param in ("include", "exclude"):  # the command line's globs, anchored at the working folder
                if param in given and param in typed:
                    given[param] = anchored_here(given[param])
            if showing:
                _show(config, read, given, sources)
                raise typer.Exit(0)
            from_file = {name for name, source in sources.items() if source == "file"}
            if not from_file:
                return body(**given)
            spelling = _spelling(config, from_file)
            with speaking(spelling):  # a note about the file's value names the file's key and line
                try:
                    return body(**given)
                except DeckcheckError as error:
                    said = options.as_flags(error)
                    said.reason = error.spelled(spelling)
                    raise said from None

        run.__signature__ = signature.replace(parameters=[*parameters, *added])  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in [*parameters, *added]}
        return run

    return decorate


#: The library's names of the options the file's keys set, as messages mention them (deckcheck.errors.mention).
_MENTIONED = {"as_of": "as-of", "no_regulation": "no-regulation", "deck_format": "format", "carddb_dirs": "carddb"}


def _spelling(config: Config, from_file: set[str]) -> Spelling:
    """How messages name the options: those whose value is the file's as its key and line (`as-of
    (deckcheck.toml:2)`), the others as their flags."""

    def option(name: str) -> str:
        key = _MENTIONED.get(name, name.replace("_", "-"))
        if key in from_file:
            return _("{key} ({where})").format(key=key, where=config.where(key))
        return options.flag(name)

    return Spelling(option=option, command=options.command_line)


def _reads(key: Key, command: str) -> bool:
    return key.name != "lang" and (key.commands is None or command in key.commands)


def _from_command_line(ctx: Any, param: str) -> bool:
    source = ctx.get_parameter_source(param)
    return source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT", "PROMPT")


def _overridden(name: str, typed: set[str]) -> bool:
    """Whether the command line's judging options set aside this key of the file: --no-regulation the file's
    regulation and as-of, --regulation or --as-of the file's no-regulation (the two would conflict)."""
    if name in ("regulation", "as-of"):
        return "no_regulation" in typed
    if name == "no-regulation":
        return bool({"regulation", "as_of"} & typed)
    return False


def _as_parameter(key: Key, value: Any) -> Any:
    if key.name == "fail-on":
        return options.FailOn(value)
    if key.name == "output":
        return options.OutputFormat(value)
    if isinstance(value, list):
        return list(value)
    return value


class ShowsConfig:
    """A command class (a mixin before typer.core.TyperCommand) whose arguments are not required when
    --show-config is given (`deckcheck check --show-config` checks nothing)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if _SHOW_FLAG in args[: args.index("--") if "--" in args else len(args)]:
            for param in getattr(self, "params", ()):
                if getattr(param, "param_type_name", "") == "argument":
                    param.required = False
        return super().parse_args(ctx, args)  # type: ignore[misc]


# --show-config -----------------------------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """A setting's value as JSON holds it."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, Path):
        return str(value)
    if hasattr(value, "value") and not isinstance(value, (str, bool, int)):  # an enum
        return value.value
    return value


def _show(config: Config, read: dict[str, Key], given: dict[str, Any], sources: dict[str, str]) -> None:
    settings: dict[str, dict[str, Any]] = {}
    for name, key in read.items():
        value = given.get(key.param)
        if key.kind == "folders" and value is not None:
            value = [os.path.abspath(path) for path in value]
        entry: dict[str, Any] = {"value": _plain(value), "source": sources[name]}
        if sources[name] == "file":
            entry |= {"path": str(config.path), "line": config.lines.get(name)}
        settings[name] = entry
    lang_source, lang_where = _language_source(config)
    settings["lang"] = {"value": _i18n.language(), "source": lang_source}
    if lang_source == "file":
        settings["lang"] |= {"path": str(config.path), "line": config.lines.get("lang")}
    if given.get("output") is options.OutputFormat.json:
        import json  # deferred: --show-config --output json only

        document = {
            "config_file": str(config.path) if config.path else None,
            "found_by": config.found_by,
            "settings": settings,
        }
        echo(json.dumps(document, ensure_ascii=False, indent=2), json_text=True)
        return
    if config.path is None:
        lines = [_("Configuration file: none")]
    else:
        lines = [_("Configuration file: {path} ({how})").format(path=one_line(config.shown_path()), how=_how(config))]
    rows = []
    for name, entry in settings.items():
        where = {
            "command-line": _("command line"),
            "default": _("default"),
            "environment": "$DECKCHECK_LANG",
        }.get(entry["source"])
        if where is None:
            where = lang_where if name == "lang" else config.where(name)
        rows.append((name, _shown_value(entry["value"]), where))
    key_width = max(display_width(row[0]) for row in rows)
    value_width = min(max(display_width(row[1]) for row in rows), 36)
    lines.append("")
    for name, value, where in rows:
        lines.append(f"  {pad(name, key_width)}  {pad(value, value_width)}  {one_line(where)}")
    echo_fitted(lines)


def _how(config: Config) -> str:
    if config.found_by == _CONFIG_FLAG:
        return _("given by --config")
    if config.found_by == ENV_VAR:
        return _("named by ${variable}").format(variable=ENV_VAR)
    return _("found from the working folder upwards")


def _shown_value(value: Any) -> str:
    if value is None:
        return _("(not set)")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(one_line(str(item)) for item in value) + "]"
    return one_line(str(value))


def _language_source(config: Config) -> tuple[str, str]:
    """Where this run's language came from: the command line, $DECKCHECK_LANG, the file, or the locale."""
    if _language_given == "command-line":
        return "command-line", _("command line")
    if _language_given == "environment":
        return "environment", "$DECKCHECK_LANG"
    if _language is not None and config.values.get("lang") == _language[0]:
        return "file", _language[1]
    return "default", _("default")
