"""The language deckcheck speaks (issue 29): English (the source text) or Japanese, from gettext catalogs.

Every layer may import this module (it is the bottom layer, below deckcheck.errors). A user-facing string is written
in English and marked:

- ``_("text")`` translates now (at run time, after the language was chosen);
- ``ngettext("one card", "{n} cards", n)`` chooses the plural form and translates it;
- ``N_("text")`` only marks a string defined at import time (a Typer help text, a rule summary): it is translated
  where it is shown, by ``_(text)`` (the CLI translates every help text when it builds the command line);
- ``pgettext(context, "text")`` says the text as a context says it (the catalog's `msgctxt`): with a literal context,
  a word one game or field says its own way; with a game's id (``pgettext(game.id, "the deck")``), a shared message
  in that game's own words where the catalog has an entry for that game, else the shared translation;
  ``NP_(context, "text")`` marks such a text without translating it.

The language is chosen once at start-up, in one place (``deckcheck.cli.app.main`` calls :func:`choose` with
:func:`select`'s answer); until then, and whenever English is chosen, ``_`` returns its argument. The catalogs are
``deckcheck/locale/<lang>/LC_MESSAGES/deckcheck.mo``, compiled from the ``.po`` files beside them by
``tools/catalogs.py`` (README, "Translating deckcheck").
"""

from __future__ import annotations

import io
import os
import re
import stat
from collections.abc import Iterable, Mapping
from functools import cache
from gettext import GNUTranslations, NullTranslations
from pathlib import Path

#: The languages deckcheck speaks, by tag, each with its own name.
LANGUAGES = {"en": "English", "ja": "日本語"}
DOMAIN = "deckcheck"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation: NullTranslations | None = None  # None: English, the source text itself
_language = "en"
#: Largest compiled catalog read (the Japanese one is about 300 KB): a larger file is no catalog of ours.
CATALOG_LIMIT = 32 * 1024 * 1024
# Why the asked language's catalog could not be read (English is spoken instead): (language, path, reason).
_catalog_problem: tuple[str, str, str] | None = None


def N_(message: str) -> str:  # noqa: N802 (the name every gettext extractor knows)
    """Mark a string for translation without translating it (it is translated where it is shown)."""
    return message


def _(message: str) -> str:
    """The message in the chosen language (the English text when it has no translation)."""
    return message if _translation is None else _translation.gettext(message)


def translate(message: str) -> str:
    """`_` for a text held in a variable, marked with N_ where it was written (extractors see only literals)."""
    return message if _translation is None else _translation.gettext(message)


def NP_(context: str, message: str) -> str:  # noqa: N802 (named like N_)
    """Mark a text of a context without translating it (shown with `pgettext(context, text)`)."""
    return message


def pgettext(context: str, message: str) -> str:
    """The message as `context` says it (the catalog's entry of that context), else the message's own translation:
    a game's id as the context gives that game's words where the catalog has them and the shared words elsewhere."""
    return _in_context(context, message)


def _in_context(context: str, message: str) -> str:
    if _translation is None:
        return message
    said = _translation.pgettext(context, message)
    return _translation.gettext(message) if said is message else said


def translate_as(context: str, message: str) -> str:
    """`pgettext` for a text held in a variable (a term, a label marked where it was written)."""
    return _in_context(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """`ngettext` as `context` says it (see pgettext)."""
    if _translation is None:
        return singular if n == 1 else plural
    said = _translation.npgettext(context, singular, plural, n)
    return _translation.ngettext(singular, plural, n) if said in (singular, plural) else said


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for `n`, in the chosen language."""
    if _translation is None:
        return singular if n == 1 else plural
    return _translation.ngettext(singular, plural, n)


@cache
def _template_parts(template: str) -> tuple[list[str], list[str]]:
    """A template's literal texts and, between them, the names of its fields."""
    parts = re.split(r"\{(\w+)\}", template)
    return parts[0::2], parts[1::2]


def match_template(message: str, templates: Iterable[str]) -> tuple[str, dict[str, str]] | None:
    """Which of `templates` (English texts marked with N_, `{name}` standing for any text) another program's English
    `message` is, with the parts it filled in: how the words of click and of the TOML parser, which have no catalog
    of their own, are said from deckcheck's.

    Each field is at least one character and as short as it can be (the first place its following text stands), the
    last field running to the template's end: what a regular expression of lazy groups would find, found with one
    search per literal text, so that a long message (a mistyped option of 60,000 characters) is one pass per
    template, not a try per character and field."""
    for template in templates:
        found = _filled(message, *_template_parts(template))
        if found is not None:
            return template, found
    return None


def _filled(message: str, literals: list[str], names: list[str]) -> dict[str, str] | None:
    if not names:
        return {} if message == literals[0] else None
    if not message.startswith(literals[0]):
        return None
    end = len(message) - len(literals[-1])
    if not message.endswith(literals[-1]) or end < len(literals[0]):
        return None
    fields: dict[str, str] = {}
    at = len(literals[0])
    for name, literal in zip(names[:-1], literals[1:-1], strict=True):
        # the earliest place leaves the most for the fields after it (each takes any text): the first one is right
        found = message.find(literal, at + 1, end)
        if found < 0 or found + len(literal) >= end:  # (the last field needs a character before the end's text)
            return None
        fields[name] = message[at:found]
        at = found + len(literal)
    if at >= end:
        return None
    fields[names[-1]] = message[at:end]
    return fields


_ISO_DAY = re.compile(r"(\d{4})-(\d{2})(?:-(\d{2}))?")


def said_date(value: object) -> str:
    """A date as prose says it in the chosen language: ISO (2026-01-29, or a month 2025-12) in English, 2026年1月29日
    (2025年12月) in Japanese. Anything else (a date the data does not know) is returned as given; JSON and options
    keep the ISO form, so this is for text a person reads."""
    text = str(value)
    found = _ISO_DAY.fullmatch(text)
    if _translation is None or found is None:
        return text
    year, month, day = found.groups()
    if _language != "ja":  # English prose keeps the ISO form
        return text
    return f"{year}年{int(month)}月{int(day)}日" if day else f"{year}年{int(month)}月"


def language() -> str:
    """The chosen language's tag: "en" or "ja"."""
    return _language


#: A data file's own text in the languages it gives (a regulation's or a manifest's `notes`): (tag, text) pairs.
Texts = tuple[tuple[str, str], ...]


def read_texts(value: object) -> Texts | None:
    """A data file's text as written: a string (English) or a table of language tags (`en`, `ja`) to strings, each
    with its blanks folded; () for none, None for any other value (the caller says what is wrong where)."""
    if value is None:
        return ()
    given: dict[object, object] = value if isinstance(value, dict) else {"en": value}
    texts = {tag: text for tag, text in given.items() if tag in ("en", "ja") and isinstance(text, str)}
    if len(texts) != len(given):
        return None
    return tuple((str(tag), " ".join(text.split())) for tag, text in texts.items() if text.strip())


def said_text(texts: Texts) -> str | None:
    """Of a data file's texts, the one in the language deckcheck speaks, else English, else the first given."""
    found = dict(texts)
    return found.get(language()) or found.get("en") or next(iter(found.values()), None)


def translation() -> NullTranslations | None:
    """The chosen language's catalog (None for English): what the command line's own words are looked up in."""
    return _translation


def choose(tag: str) -> None:
    """Speak `tag` ("en" or "ja") from now on (the command line calls this once, at start-up)."""
    global _translation, _language, _catalog_problem
    if tag not in LANGUAGES:
        raise ValueError(f"unknown language {tag!r}")
    _language, _catalog_problem = tag, None
    if tag == "en":
        _translation = None
        return
    path = LOCALE_DIR / tag / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        _translation = _read_catalog(path)
    except _Unreadable as error:  # a broken installation: English, and one note (see catalog_problem), never a crash
        _catalog_problem = (tag, str(path), error.reason)
        _language, _translation = "en", None


def catalog_problem() -> tuple[str, str, str] | None:
    """Why the last language asked for is not spoken (its catalog missing, truncated, not a file, unreadable): its
    tag, the catalog's path and the reason, in English (the catalog is what would have said it in the language);
    None when it is spoken."""
    return _catalog_problem


class _Unreadable(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _read_catalog(path: Path) -> GNUTranslations:
    """A compiled catalog, read only from a regular file of a bounded size (a FIFO, a device such as /dev/zero behind
    a link, a folder: never read, never waited on)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise _Unreadable(error.strerror or type(error).__name__) from None
    try:
        with os.fdopen(descriptor, "rb") as catalog:
            info = os.fstat(catalog.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise _Unreadable(N_("not a regular file"))
            if info.st_size > CATALOG_LIMIT:
                raise _Unreadable(N_("too large"))
            data = catalog.read(CATALOG_LIMIT + 1)
    except OSError as error:
        raise _Unreadable(error.strerror or type(error).__name__) from None
    if len(data) > CATALOG_LIMIT:
        raise _Unreadable(N_("too large"))
    try:
        translation = GNUTranslations(io.BytesIO(data))
    except Exception:  # noqa: BLE001 (whatever a broken file makes gettext raise: struct.error, OSError,
        # UnicodeDecodeError, ValueError, IndexError ... is one answer: not a catalog)
        raise _Unreadable(N_("not a compiled catalog")) from None
    return translation


class UnknownLanguage(ValueError):
    """--lang or $DECKCHECK_LANG names a language deckcheck does not speak."""

    def __init__(self, given: str, source: str) -> None:
        self.given = given
        self.source = source
        super().__init__(given)


def from_locale(environ: Mapping[str, str] = os.environ) -> str:
    """The language the locale asks for, as every program reads it: the first of LC_ALL, LC_MESSAGES and LANG that is
    set decides; LANGUAGE (a GNU list, `ja:en`) comes first unless that locale is C or POSIX. A tag starting with
    `ja` is Japanese, anything else (C, POSIX, en_US, fr_FR, ja-less lists) English. Never an error: an encoding
    Python cannot set (ja_JP.EUC-JP) still says Japanese, and the output's encoding is the streams' concern."""
    locale = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), "")
    if locale and locale.split(".")[0] not in ("C", "POSIX"):
        for tag in environ.get("LANGUAGE", "").split(":"):
            if _tag(tag):
                return _tag(tag)
    return _tag(locale) or "en"


def _tag(locale: str) -> str:
    """ "ja" for ja, ja_JP, ja_JP.UTF-8, ja-JP; "en" for en_*; "" for anything else."""
    primary = locale.strip().lower().replace("-", "_").split("_")[0].split(".")[0].split("@")[0]
    return primary if primary in LANGUAGES else ""


def select(flag: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language to speak: --lang (`flag`), else $DECKCHECK_LANG, else the locale (see from_locale). An unknown
    --lang or $DECKCHECK_LANG value raises UnknownLanguage."""
    for given, source in ((flag, "--lang"), (environ.get("DECKCHECK_LANG") or None, "DECKCHECK_LANG")):
        if given is not None:
            if given.strip().lower() not in LANGUAGES:
                raise UnknownLanguage(given, source)
            return given.strip().lower()
    return from_locale(environ)
