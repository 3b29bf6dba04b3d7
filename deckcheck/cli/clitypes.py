"""Fast conversion of command-line values for Typer releases that convert every parameter with pydantic.

Typer 0.2x converts each parameter's text (and each default) through a pydantic TypeAdapter, built when the command
runs. Building the first one imports pydantic's whole schema machinery and each costs a few milliseconds more:
about 100 ms of CPU for `deckcheck check DECK`, which otherwise needs no pydantic schema at all (cards come from the
cache). Our parameters are plain: text, paths, numbers (within bounds), flags and choices (StrEnum), alone, optional or
repeated.
For those this module converts directly, with the same kind of message ("Invalid value for '--output' / '-o':
'x' is not one of ..."); any other parameter (a min/max range, a custom parser, a file) keeps Typer's own way.
Releases of Typer without that machinery (click's types) are left alone.
"""

from __future__ import annotations

import contextlib
import importlib
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from deckcheck._i18n import _
from deckcheck._util.text import joined

_installed = False


def install() -> None:
    """Route Typer's per-parameter conversion through :func:`plain_converter` where it applies, and make help name
    arguments as click does (idempotent)."""
    global _installed
    if _installed:
        return
    _plain_argument_help()
    try:
        from typer import _coercion, core
    except ImportError:  # an older Typer: click's own types convert, nothing to speed up
        return
    original = getattr(core, "build_runtime_param", None)
    base = getattr(_coercion, "RuntimeParam", None)
    if original is None or base is None or not hasattr(core._TyperParameter, "get_runtime_param"):
        return
    plain_type = _plain_param_type(base)

    def build(descriptor: Any) -> Any:
        convert = plain_converter(descriptor)
        if convert is None:
            return original(descriptor)
        return plain_type(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, convert=convert)

    core.build_runtime_param = build
    _installed = True


def _plain_argument_help() -> None:
    """Help that names an argument by its metavar alone, as click does: `Usage: deckcheck check [OPTIONS] PATHS...`
    and `PATHS...  Deck files or folders`, not Typer 0.2x's `{PATHS}...` and `PATHS <list[str]>` (the argument's
    help says what it takes), and that wraps lines at spaces only (never inside `ic-dragonball`). Releases of Typer
    that already print click's names are left alone."""
    try:
        from typer.core import TyperArgument
    except ImportError:  # pragma: no cover - every supported Typer has it
        return
    if not hasattr(TyperArgument, "_usage_display_name") or not hasattr(TyperArgument, "display_type_rich"):
        return

    def usage_name(self: Any) -> str:
        name = self.metavar or self.name.upper()
        name = name if self.required else f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")

    def help_name(self: Any) -> str:
        return (self.metavar or self.name.upper()) + ("..." if self.nargs != 1 else "")

    def no_type(self: Any, ctx: Any) -> None:
        return None

    for module in ("typer._click._textwrap", "click._textwrap"):  # Typer's own click, else click's
        with contextlib.suppress(ImportError):
            wrapper = importlib.import_module(module).TextWrapper
            # "carddb/<game-id>" kept whole: textwrap sets break_on_hyphens per instance, so a class value is a
            # property that ignores it
            wrapper.break_on_hyphens = property(lambda self: False, lambda self, value: None)
            break
    setattr(TyperArgument, "_usage_display_name", usage_name)  # noqa: B010 (methods replaced: mypy would refuse)
    setattr(TyperArgument, "_rich_display_name", help_name)  # noqa: B010
    setattr(TyperArgument, "display_type_rich", no_type)  # noqa: B010


def plain_converter(descriptor: Any) -> Callable[[Any], Any] | None:
    """A converter for a plain parameter (str, Path, int, float, bool, a StrEnum; optional or a list of one), else
    None."""
    info = descriptor.parameter_info
    if getattr(descriptor, "file_annotation", None) is not None:
        return None
    if any(getattr(info, name, None) is not None for name in ("parser", "click_type")):
        return None
    if getattr(info, "clamp", False) or not getattr(info, "case_sensitive", True):
        return None
    annotation = _without_none(descriptor.annotation)
    low, high = getattr(info, "min", None), getattr(info, "max", None)
    if low is not None or high is not None:  # a number within bounds (--count 1 or more)
        convert = {int: _whole_number, float: _number}.get(annotation)
        return None if convert is None else _bounded(convert, low, high)
    if typing.get_origin(annotation) is list:
        (annotation,) = typing.get_args(annotation) or (None,)
        annotation = _without_none(annotation)
    if annotation is str:
        return _text
    if annotation is Path:
        return _path
    if annotation is int:
        return _whole_number
    if annotation is float:
        return _number
    if annotation is bool:
        return _flag
    if isinstance(annotation, type) and issubclass(annotation, Enum) and issubclass(annotation, str):
        return _choice(annotation)
    return None


def _without_none(annotation: Any) -> Any:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        return args[0] if len(args) == 1 else annotation
    return annotation


def _shown(value: Any) -> str:
    """A value for a message: its repr, cut when long (a 5,000-digit number is not printed whole)."""
    from deckcheck._util.safetext import quoted

    return quoted(value)


class ConversionError(ValueError):
    """A value that is not what the parameter takes (becomes Typer's BadParameter: usage error, exit 2)."""


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ConversionError(_("{value} is not text").format(value=_shown(value)))
    return value


def _path(value: Any) -> Path:
    if not isinstance(value, str | Path):
        raise ConversionError(_("{value} is not a path").format(value=_shown(value)))
    return Path(value)


def _whole_number(value: Any) -> int:
    if isinstance(value, bool):
        raise ConversionError(_("{value} is not a whole number").format(value=_shown(value)))
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        raise ConversionError(_("{value} is not a whole number").format(value=_shown(value))) from None


def _number(value: Any) -> float:
    """A decimal number as float() reads it ("0.001", "1e-3"); the command judges its range (nan and inf too)."""
    if isinstance(value, bool):
        raise ConversionError(_("{value} is not a number").format(value=_shown(value)))
    if isinstance(value, int | float):
        return float(value)
    try:
        return float(str(value).strip())
    except ValueError:
        raise ConversionError(_("{value} is not a number").format(value=_shown(value))) from None


def _bounded(convert: Callable[[Any], Any], low: Any, high: Any) -> Callable[[Any], Any]:
    def within(value: Any) -> Any:
        number = convert(value)
        if low is not None and number < low:
            raise ConversionError(_("{number} is less than the minimum of {low}").format(number=number, low=low))
        if high is not None and number > high:
            raise ConversionError(_("{number} is more than the maximum of {high}").format(number=number, high=high))
        return number

    return within


_FLAG_WORDS = {"true": True, "1": True, "yes": True, "on": True, "false": False, "0": False, "no": False, "off": False}


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    word = _FLAG_WORDS.get(str(value).strip().lower())
    if word is None:
        raise ConversionError(_("{value} is not true or false").format(value=_shown(value)))
    return word


def _choice(enum: type[Enum]) -> Callable[[Any], Any]:
    def convert(value: Any) -> Any:
        try:
            return enum(value)
        except ValueError:
            allowed = joined(repr(member.value) for member in enum)  # (listed as the chosen language lists)
            raise ConversionError(
                _("{value} is not one of {choices}").format(value=_shown(value), choices=allowed)
            ) from None

    return convert


def _plain_param_type(base: type) -> type:
    """Typer's RuntimeParam with a plain converter (a subclass made here, as Typer's base is only known now)."""

    @dataclass(frozen=True)
    class PlainRuntimeParam(base):
        convert: Callable[[Any], Any]

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            from typer import BadParameter

            try:
                if isinstance(value, list | tuple):  # a repeated option or a variadic argument: a list, as Typer gives
                    return [self.convert(item) for item in value]
                return self.convert(value)
            except ConversionError as error:
                raise BadParameter(str(error), ctx=ctx, param=param) from None

    return PlainRuntimeParam
