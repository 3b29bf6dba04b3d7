"""The language deckcheck speaks (deckcheck._i18n): chosen from --lang, $DECKCHECK_LANG and the locale as every
program chooses it; English is the source text, Japanese comes from the compiled catalog."""

from __future__ import annotations

import pytest

from deckcheck import _i18n


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "ja_JP.EUC-JP"}, "ja"),  # an encoding Python may not set: the language is still the tag's
        ({"LANG": "ja"}, "ja"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "jam"}, "en"),  # a tag that starts with the letters ja but is not Japanese
        ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),  # LC_ALL first
        ({"LC_ALL": "ja_JP.UTF-8", "LANG": "C"}, "ja"),
        ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),  # then LC_MESSAGES
        ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}, "ja"),  # empty is unset
        ({"LANGUAGE": "ja", "LANG": "en_US.UTF-8"}, "ja"),  # LANGUAGE comes first, as in GNU gettext
        ({"LANGUAGE": "fr:ja", "LANG": "en_US.UTF-8"}, "ja"),  # its first language deckcheck speaks
        ({"LANGUAGE": "en:ja", "LANG": "ja_JP.UTF-8"}, "en"),
        ({"LANGUAGE": "ja", "LANG": "C"}, "en"),  # ... except under the C locale, where it is ignored
        ({"LANGUAGE": "ja"}, "en"),
    ],
)
def test_the_locale_chooses_as_every_program_does(environ, expected):
    assert _i18n.from_locale(environ) == expected


def test_deckcheck_lang_and_the_flag_win_over_the_locale():
    assert _i18n.select(None, {"LANG": "C", "DECKCHECK_LANG": "ja"}) == "ja"
    assert _i18n.select(None, {"LANG": "ja_JP.UTF-8", "DECKCHECK_LANG": "en"}) == "en"
    assert _i18n.select("en", {"LANG": "ja_JP.UTF-8", "DECKCHECK_LANG": "ja"}) == "en"
    assert _i18n.select("JA", {"LANG": "C"}) == "ja"
    assert _i18n.select(None, {"LANG": "ja_JP.UTF-8", "DECKCHECK_LANG": ""}) == "ja"  # empty: unset


@pytest.mark.parametrize(
    ("flag", "environ", "source"), [("fr", {}, "--lang"), (None, {"DECKCHECK_LANG": "de"}, "DECKCHECK_LANG")]
)
def test_an_unknown_language_is_refused_naming_where_it_came_from(flag, environ, source):
    with pytest.raises(_i18n.UnknownLanguage) as refused:
        _i18n.select(flag, environ)
    assert refused.value.source == source


def test_english_is_the_source_text_and_japanese_comes_from_the_catalog():
    try:
        _i18n.choose("en")
        assert _i18n._("error") == "error"
        assert _i18n.ngettext("{n} banned card", "{n} banned cards", 2) == "{n} banned cards"
        assert _i18n.ngettext("{n} banned card", "{n} banned cards", 1) == "{n} banned card"
        _i18n.choose("ja")
        assert _i18n.language() == "ja"
        assert _i18n._("error") == "エラー"
        assert _i18n.ngettext("{n} banned card", "{n} banned cards", 2) == "禁止{n}枚"
        assert _i18n._("a text no catalog has") == "a text no catalog has"
        assert _i18n.N_("error") == "error"  # N_ only marks
        assert _i18n.translate("error") == "エラー"
    finally:
        _i18n.choose("en")
    with pytest.raises(ValueError):
        _i18n.choose("fr")


def test_another_program_s_english_message_is_matched_to_its_template():
    templates = ("No such option: {name} Did you mean {possibility}?", "No such option: {name}")
    assert _i18n.match_template("No such option: --lnag Did you mean --lang?", templates) == (
        templates[0],
        {"name": "--lnag", "possibility": "--lang"},
    )
    assert _i18n.match_template("No such option: --x", templates) == (templates[1], {"name": "--x"})
    assert _i18n.match_template("Something else", templates) is None


def test_a_data_files_texts_are_read_once_for_every_kind_of_file(monkeypatch):
    # regulations' and manifests' `notes` (issue 38): a string is English, a table gives en/ja, anything else is None
    from deckcheck import _i18n

    assert _i18n.read_texts(None) == ()
    assert _i18n.read_texts("a  b\n c") == (("en", "a b c"),)
    assert _i18n.read_texts({"en": "E", "ja": "日本語", "x": "?"}) is None  # an unknown tag
    assert _i18n.read_texts({"ja": 5}) is None and _i18n.read_texts(5) is None
    texts = _i18n.read_texts({"ja": "日本語", "en": " "})  # a blank text is none
    assert texts == (("ja", "日本語"),)
    monkeypatch.setattr(_i18n, "_language", "en")
    assert _i18n.said_text(texts) == "日本語"  # no English given: the first there is
    assert _i18n.said_text((("en", "E"), ("ja", "J"))) == "E"
    monkeypatch.setattr(_i18n, "_language", "ja")
    assert _i18n.said_text((("en", "E"), ("ja", "J"))) == "J" and _i18n.said_text(()) is None


def test_a_date_is_said_as_the_language_writes_it(monkeypatch):
    from deckcheck import _i18n

    assert _i18n.said_date("2026-01-29") == "2026-01-29"  # English: ISO
    monkeypatch.setattr(_i18n, "_language", "ja")
    monkeypatch.setattr(_i18n, "_translation", object())
    assert _i18n.said_date("2026-01-29") == "2026年1月29日"
    assert _i18n.said_date("2025-12") == "2025年12月"
    assert _i18n.said_date("unknown") == "unknown"
    assert _i18n.said_date("2026-1-2x") == "2026-1-2x"
