"""The message catalogs (deckcheck/locale, tools/catalogs.py): every marked string of the package translated in the
Japanese catalog, not fuzzy, not empty, with the English placeholders; the compiled .mo the .po's; the compiler's
catalog what gettext reads. The check grows with the marking: a string marked with _(), N_() or ngettext() anywhere
in deckcheck/ is held here."""

from __future__ import annotations

import importlib.util
import re
import string
import sys
from gettext import GNUTranslations
from io import BytesIO
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
assert _spec is not None and _spec.loader is not None
catalogs = importlib.util.module_from_spec(_spec)
sys.modules["catalogs"] = catalogs
_spec.loader.exec_module(catalogs)

JA_PO = ROOT / "deckcheck" / "locale" / "ja" / "LC_MESSAGES" / "deckcheck.po"
#: The comment that marks click's and Typer's own words in the catalog (served to them by deckcheck.cli.language).
CLICK_MARK = "#. click's or Typer's own words"


def _placeholders(text: str) -> set[str]:
    """{name} (str.format, with its conversion) and %(name)s (printf) placeholders."""
    fields = {f"{{{name}{'!' + conv if conv else ''}}}" for _, name, _, conv in string.Formatter().parse(text) if name}
    return fields | set(re.findall(r"%\([a-z_]+\)[sdr]", text))


@pytest.fixture(scope="module")
def japanese() -> dict[str, catalogs.Entry]:
    return {entry.key: entry for entry in catalogs.read_po(JA_PO)[1:]}


def test_every_marked_string_is_translated_in_japanese(japanese):
    missing, untranslated = [], []
    for message in catalogs.all_messages():
        entry = japanese.get(message.key)
        if entry is None:
            missing.append(f"{message.where}: {message.msgid!r}")
        elif entry.fuzzy or not all(entry.msgstr):
            untranslated.append(f"{message.where}: {message.msgid!r}")
    assert missing == [], "not in deckcheck/locale/ja/LC_MESSAGES/deckcheck.po (python tools/catalogs.py extract)"
    assert untranslated == [], "fuzzy or empty in the Japanese catalog"


def test_a_translation_keeps_the_english_placeholders(japanese):
    """A placeholder lost or misspelt would print wrong or raise at run time (ngettext's forms may each use either
    form's placeholders)."""
    wrong = []
    for entry in japanese.values():
        english = _placeholders(entry.msgid) | _placeholders(entry.msgid_plural or "")
        for text in entry.msgstr:
            if entry.msgid_plural is None and _placeholders(text) != english or not _placeholders(text) <= english:
                wrong.append((entry.msgid, text))
    assert wrong == []


def test_the_catalog_holds_no_string_nobody_uses(japanese):
    """Every entry is a marked string of the package or click's and Typer's own words (marked so)."""
    messages = catalogs.all_messages()
    used = {message.key for message in messages}
    # a game's own wording of a shared message: the shared text with the game's id as its context
    games = catalogs.game_contexts()
    used |= {(game, message.msgid) for message in messages if message.msgctxt is None for game in games}
    stale = [
        key
        for key, entry in japanese.items()
        if key not in used and not any(line.startswith(CLICK_MARK) for line in entry.comments)
    ]
    assert stale == []


def test_a_context_is_read_written_and_compiled_as_gettext_reads_it(tmp_path):
    """`msgctxt` entries (a game's term, a game's own wording of a shared message) survive a read and a write, and
    the compiled catalog gives them to pgettext; a context without an entry falls back to the shared text."""
    from deckcheck import _i18n

    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "the deck"\nmsgstr "山札"\n\n'
        'msgctxt "cipher"\nmsgid "the deck"\nmsgstr "デッキ"\n\n'
        '#. the rules document\'s term: 2.7\nmsgctxt "vanguard:trigger"\nmsgid "critical"\nmsgstr "クリティカル"\n',
        encoding="utf-8",
    )
    entries = catalogs.read_po(po)
    assert [entry.key for entry in entries[1:]] == [
        (None, "the deck"),
        ("cipher", "the deck"),
        ("vanguard:trigger", "critical"),
    ]
    catalogs.write_po(tmp_path / "again.po", entries)
    assert [(e.key, e.msgstr) for e in catalogs.read_po(tmp_path / "again.po")] == [(e.key, e.msgstr) for e in entries]
    read = GNUTranslations(BytesIO(catalogs.compile_po(entries)))
    saved = _i18n._translation
    try:
        _i18n._translation = read
        assert _i18n.pgettext("cipher", "the deck") == "デッキ"
        assert _i18n.pgettext("evolve", "the deck") == "山札"  # no entry of its own: the shared words
        assert _i18n.translate_as("vanguard:trigger", "critical") == "クリティカル"
        assert _i18n.translate_as("cipher:trigger", "critical") == "critical"
    finally:
        _i18n._translation = saved


def test_a_context_marker_is_extracted_with_its_context(tmp_path):
    """pgettext with a literal context is that context's entry; with a game's id held in a variable, the shared
    entry (a game's own wording is added by a translator and kept)."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.py").write_text(
        'pgettext("vanguard", "one")\npgettext(game.id, "two")\nNP_("x:y", "three")\n', encoding="utf-8"
    )
    found = [message.key for message in catalogs.extract(package, root=tmp_path)]
    assert found == [("vanguard", "one"), (None, "two"), ("x:y", "three")]
    (package / "m.py").write_text('NP_(context, "three")\n', encoding="utf-8")
    with pytest.raises(ValueError, match="m.py:1"):
        catalogs.extract(package, root=tmp_path)


def test_the_placeholder_check_sees_a_lost_placeholder():
    assert _placeholders("{n} banned cards") != _placeholders("禁止枚")
    assert _placeholders("{value!r} is not") == {"{value!r}"} != _placeholders("{value} は")
    assert _placeholders("%(prog)s, version %(version)s") == {"%(prog)s", "%(version)s"}


def test_the_committed_mo_is_the_compiled_po():
    """Edit the .po, then `python tools/catalogs.py compile`: the .mo shipped is never behind its source."""
    for po in catalogs.po_files():
        assert po.with_suffix(".mo").read_bytes() == catalogs.compile_po(catalogs.read_po(po)), po


def test_the_compiled_catalog_is_what_gettext_reads(tmp_path):
    """The pure-Python compiler's .mo, read by the standard library: every translated entry, plurals by the header's
    rule; fuzzy and empty entries left out (English shows instead)."""
    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=1; plural=0;\\n"\n\n'
        'msgid "Usage:"\nmsgstr "使い方:"\n\n'
        'msgid "two\\n"\n"lines \\"quoted\\""\nmsgstr ""\n"二行\\n"\n"「引用」"\n\n'
        '#, fuzzy\nmsgid "fuzzy one"\nmsgstr "あいまい"\n\n'
        'msgid "empty one"\nmsgstr ""\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n}枚"\n',
        encoding="utf-8",
    )
    entries = catalogs.read_po(po)
    assert [entry.msgid for entry in entries][2] == 'two\nlines "quoted"'
    read = GNUTranslations(BytesIO(catalogs.compile_po(entries)))
    assert read.gettext("Usage:") == "使い方:"
    assert read.gettext('two\nlines "quoted"') == "二行\n「引用」"
    assert read.gettext("fuzzy one") == "fuzzy one"
    assert read.gettext("empty one") == "empty one"
    assert read.ngettext("{n} card", "{n} cards", 1) == read.ngettext("{n} card", "{n} cards", 5) == "{n}枚"
    catalogs.write_po(tmp_path / "again.po", entries)  # written back, it reads the same
    again = catalogs.read_po(tmp_path / "again.po")
    assert [(e.msgid, e.msgid_plural, e.msgstr, e.fuzzy) for e in again] == [
        (e.msgid, e.msgid_plural, e.msgstr, e.fuzzy) for e in entries
    ]


def test_a_marker_of_something_not_a_literal_is_refused(tmp_path):
    """An f-string or variable in _() cannot be in a catalog: the extractor names it (use N_ where it is written and
    translate() where it is shown)."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.py").write_text('from x import _\nname = "a"\nprint(_(f"hello {name}"))\n', encoding="utf-8")
    with pytest.raises(ValueError, match="m.py:3"):
        catalogs.extract(package, root=tmp_path)


def test_extract_adds_each_new_string_untranslated_to_every_catalog(tmp_path):
    """A string newly marked reaches the template and, empty, every .po (a plural with the language's number of
    forms); the translations already there stay."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.py").write_text('_("old")\n_("new")\nngettext("{n} card", "{n} cards", 2)\n', encoding="utf-8")
    po = tmp_path / "locale" / "ja" / "LC_MESSAGES" / "deckcheck.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr "Plural-Forms: nplurals=1; plural=0;\\n"\n\nmsgid "gone"\nmsgstr "消えた"\n\n'
        'msgid "old"\nmsgstr "古い"\n',
        encoding="utf-8",
    )
    catalogs.update(package, tmp_path / "locale", tmp_path)
    entries = {entry.msgid: entry for entry in catalogs.read_po(po)}
    assert entries["old"].msgstr == ["古い"]
    assert entries["new"].msgstr == [""] and entries["new"].comments == ["#: pkg/m.py"]
    assert entries["{n} card"].msgid_plural == "{n} cards" and entries["{n} card"].msgstr == [""]
    template = [entry.msgid for entry in catalogs.read_po(tmp_path / "locale" / "deckcheck.pot")]
    assert template == ["", "old", "new", "{n} card"]
    # the catalog in the template's order (work on different modules edits different parts), a stale entry after
    assert list(entries) == [*template, "gone"] and entries["gone"].msgstr == ["消えた"]


@pytest.mark.parametrize("encoding", ["cp932", "shift_jis", "euc_jp"])
def test_every_japanese_character_prints_in_the_japanese_code_pages(japanese, encoding):
    """A Japanese Windows console (cp932) or an EUC-JP terminal shows every translation: each character is in the
    code page, or the output streams have a near character for it (deckcheck.cli.streams), never an escape."""
    from deckcheck.cli import streams

    def prints(char: str) -> bool:
        for candidate in (char, *streams._FALLBACKS.get(char, ())):
            try:
                candidate.encode(encoding)
                return True
            except UnicodeEncodeError:
                continue
        return False

    used = {char for entry in japanese.values() for text in entry.msgstr for char in text}
    assert sorted(char for char in used if not prints(char)) == []
