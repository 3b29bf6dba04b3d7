"""How a deck is judged (deckcheck.checking.judging): one frozen, picklable value, validated when built, choosing a
deck's rules version and regulation by day."""

from __future__ import annotations

import dataclasses
import pickle
from datetime import date
from pathlib import Path

import pytest
from conftest import LEGAL_VANGUARD_TOML

from deckcheck.checking.judging import Judging
from deckcheck.checking.workspace import Workspace
from deckcheck.errors import OptionError

REPO = Path(__file__).resolve().parents[2]
EVOLVE_DECK = next(iter(sorted((REPO / "decks" / "evolve").glob("*.deck.toml"))))

TEST_A = 'name = "Test A"\neffective = 2030-01-01\nbanned = ["T-108"]\n'
TEST_B = 'name = "Test B"\neffective = 2031-01-01\nsample = true\n'


# Building: validation at its boundaries ----------------------------------------------------------------------


def test_a_day_is_parsed_once_when_built():
    assert Judging.of(as_of="2030-05-01").as_of == date(2030, 5, 1)
    assert Judging.of(as_of=date(2030, 5, 1)) == Judging(as_of=date(2030, 5, 1))
    assert Judging.of(as_of=" 2030-05-01 ").as_of == date(2030, 5, 1)


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("01/05/2030", "as_of must be a date YYYY-MM-DD, not '01/05/2030'"),
        ("2030-02-30", "as_of '2030-02-30' is not a real date"),
        ("", "as_of must be a date YYYY-MM-DD, not ''"),
    ],
)
def test_a_bad_day_is_an_option_error_naming_as_of(given, said):
    with pytest.raises(OptionError) as refused:
        Judging.of(as_of=given)
    assert refused.value.options == ["as_of"] and str(refused.value) == said


@pytest.mark.parametrize(
    "asked", [{"regulation": "Test A"}, {"as_of": "2030-01-01"}, {"as_of": "not a day"}, {"as_of": date(2030, 1, 1)}]
)
def test_no_regulation_with_a_regulation_or_a_day_is_refused(asked):
    with pytest.raises(OptionError) as refused:
        Judging.of(no_regulation=True, **asked)  # (a bad day too: the conflict is said first)
    assert refused.value.options[0] == "no_regulation"
    assert "cannot go together" in str(refused.value)


def test_the_constructor_validates_too():
    with pytest.raises(OptionError):
        Judging(regulation="Test A", no_regulation=True)
    with pytest.raises(TypeError, match="Judging.of parses"):
        Judging(as_of="2030-01-01")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="mode"):
        Judging(mode="sometimes")  # type: ignore[arg-type]
    assert Judging(no_regulation=True, rules="1.7.0", format="crossover").no_regulation  # rules are not regulations


def test_a_judging_is_frozen_hashable_and_survives_pickling():
    judging = Judging.of(regulation="Test A", as_of="2030-05-01", rules="1.7.0", format="crossover", mode="asked")
    copy = pickle.loads(pickle.dumps(judging))
    assert copy == judging and hash(copy) == hash(judging) and copy.as_of == date(2030, 5, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        judging.regulation = "Test B"  # type: ignore[misc]


def test_what_was_asked():
    assert not Judging().asks and not Judging(mode="asked").asks
    for asked in (Judging(regulation="X"), Judging(rules="1.7.0"), Judging(format="f"), Judging(no_regulation=True)):
        assert asked.asks and asked.asked().mode == "asked" and asked.asked().regulation == asked.regulation
    assert Judging.of(as_of="2030-01-01").asks


# The rules version and format --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("day", "version"), [("2023-08-18", "1.7.0"), ("2026-01-28", "1.7.0"), ("2026-01-29", "1.24.1")]
)
def test_the_rules_version_in_force_on_the_day(day, version):
    deck = Workspace().deck(EVOLVE_DECK)
    chosen = Judging.of(as_of=day).choose_rules(deck)
    assert chosen is not None and chosen.version == version and deck.rules is chosen


def test_rules_and_format_asked_for_win_and_nothing_asked_chooses_nothing():
    deck = Workspace().deck(EVOLVE_DECK)
    assert Judging().choose_rules(deck) is None  # the deck's own choice stands
    chosen = Judging.of(rules="1.24.1", format="crossover", as_of="2024-01-01").choose_rules(deck)  # over the day
    assert chosen is not None and (chosen.version, chosen.format) == ("1.24.1", "crossover")
    with pytest.raises(OptionError):
        Judging(format="no-such-format").choose_rules(deck)


# The regulation, by day and by mode ----------------------------------------------------------------------------


@pytest.fixture
def regulated(vanguard_carddb, monkeypatch, tmp_path):
    """The test cards with Test A (2030-01-01) and the sample Test B (2031-01-01), the shipped data hidden; a deck
    without a `regulation` key and one whose key names Test B."""
    empty = tmp_path / "no-shipped"
    empty.mkdir()
    monkeypatch.setattr("deckcheck.carddb.db.shipped_carddb_dir", lambda: empty)
    folder = vanguard_carddb / "vanguard" / "regulations"
    folder.mkdir()
    (folder / "a.toml").write_text(TEST_A, encoding="utf-8")
    (folder / "b.toml").write_text(TEST_B, encoding="utf-8")
    plain = tmp_path / "plain.deck.toml"
    plain.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    keyed = tmp_path / "keyed.deck.toml"
    keyed.write_text(
        LEGAL_VANGUARD_TOML.replace('name = "Test deck"\n', 'name = "Test deck"\nregulation = "Test B"\n'),
        encoding="utf-8",
    )
    workspace = Workspace([vanguard_carddb])
    return workspace, workspace.deck(plain), workspace.deck(keyed)


def chosen(judging, deck, workspace, why_none=None):
    bound = judging.regulation_for(deck, workspace.carddb("vanguard"), workspace, why_none)
    return bound.regulation.name if bound is not None else None


@pytest.mark.parametrize(
    ("day", "name"),
    [("2029-12-31", None), ("2030-01-01", "Test A"), ("2030-12-31", "Test A"), ("2031-01-01", "Test B")],
)
def test_the_regulation_in_force_on_the_day_sample_data_included(regulated, day, name):
    workspace, plain, _keyed = regulated
    assert chosen(Judging.of(as_of=day), plain, workspace) == name


@pytest.mark.parametrize(("today", "name"), [("2029-12-31", None), ("2030-06-01", "Test A"), ("2031-06-01", "Test A")])
def test_today_s_regulation_leaves_sample_data_out(regulated, monkeypatch, today, name):
    workspace, plain, _keyed = regulated
    monkeypatch.setenv("DECKCHECK_TODAY", today)
    why: list[str] = []
    assert chosen(Judging(), plain, workspace, why) == name
    assert bool(why) is (name is None)
    if why:
        assert why == ["none in force on 2029-12-31: the first takes effect on 2030-01-01"]


def test_the_modes_say_whether_the_deck_key_and_today_count(regulated, monkeypatch):
    workspace, plain, keyed = regulated
    monkeypatch.setenv("DECKCHECK_TODAY", "2030-06-01")
    assert chosen(Judging(mode="check"), keyed, workspace) == "Test B"  # the deck's key
    assert chosen(Judging(mode="check"), plain, workspace) == "Test A"  # else today's
    assert chosen(Judging(mode="today"), keyed, workspace) == "Test A"  # today's, the key aside
    assert chosen(Judging(mode="asked"), keyed, workspace) is None  # nothing asked: nothing applied
    assert chosen(Judging(mode="asked", regulation="Test B"), plain, workspace) == "Test B"
    assert chosen(Judging(regulation="Test A"), keyed, workspace) == "Test A"  # a name wins over the key
    assert chosen(Judging.of(as_of="2031-06-01"), keyed, workspace) == "Test B"  # the key wins over the day
    assert chosen(Judging(no_regulation=True), keyed, workspace) is None


def test_nothing_asked_reads_no_regulation_file(regulated, monkeypatch):
    workspace, plain, _keyed = regulated
    monkeypatch.setattr(workspace, "regulations", lambda game: pytest.fail("no regulation file is read"))
    assert chosen(Judging(mode="asked"), plain, workspace) is None
    assert chosen(Judging(no_regulation=True), plain, workspace) is None
