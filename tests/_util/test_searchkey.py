"""Search keys (deckcheck._util.searchkey): many names at once give the keys each name gives alone."""

from __future__ import annotations

from deckcheck._util import searchkey
from deckcheck._util.searchkey import name_keys, name_keys_of

NAMES = [
    "ブラスター・ブレード",
    "スノーエレメント\u3000ブリーザ",  # a full-width space
    "不滅の聖剣  フィデス",  # two spaces
    "眩き光竜の神子 カムイ(男)",
    "竜(りゅう)の巫女",  # furigana: three keys
    "ＡＢＣ－ｄｅｆ",
    "Ｍｒ.インビンシブル",
]


def test_a_pass_over_many_names_gives_each_names_own_keys(monkeypatch):
    monkeypatch.setattr(searchkey, "_NAME_KEYS", {})
    alone = {name: name_keys(name) for name in NAMES}
    monkeypatch.setattr(searchkey, "_NAME_KEYS", {})
    name_keys_of(NAMES)
    assert set(searchkey._NAME_KEYS) == set(NAMES)
    assert {name: name_keys(name) for name in NAMES} == alone
    assert alone["竜(りゅう)の巫女"] == ("竜の巫女", "竜りゅうの巫女", "りゅうの巫女")
    spaced = alone["スノーエレメント\u3000ブリーザ"]
    assert spaced == name_keys("スノーエレメント ブリーザ") == ("すのーえれめんとぶりーざ",)


def test_a_name_holding_the_joiner_is_left_to_name_keys(monkeypatch):
    monkeypatch.setattr(searchkey, "_NAME_KEYS", {})
    name_keys_of(["a\x00b", "ブラスター"])
    assert set(searchkey._NAME_KEYS) == {"ブラスター"}
    assert name_keys("a\x00b") == ("a\x00b",)
