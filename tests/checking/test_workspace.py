"""Where a run's cards come from (deckcheck.checking.workspace): each game's database and regulations loaded once per
workspace, reused across decks, freed with it."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from conftest import LEGAL_VANGUARD_TOML

import deckcheck
from deckcheck.checking import workspace as workspaces
from deckcheck.checking.judging import Judging
from deckcheck.checking.run import check_paths
from deckcheck.checking.workspace import Workspace, default_workspace
from deckcheck.errors import DeckcheckError


@pytest.fixture
def loads(monkeypatch):
    """Every database read from its folders, by game."""
    seen: list[str] = []
    real = workspaces.load_layers

    def counted(game_id, layers):
        seen.append(game_id)
        return real(game_id, layers)

    monkeypatch.setattr(workspaces, "load_layers", counted)
    return seen


@pytest.fixture
def decks(vanguard_carddb, tmp_path):
    paths = []
    for number in range(3):
        path = tmp_path / f"deck{number}.deck.toml"
        path.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
        paths.append(path)
    return vanguard_carddb, paths


def test_a_game_s_database_is_loaded_once_per_workspace(decks, loads):
    carddb, _paths = decks
    workspace = Workspace([carddb])
    first = workspace.carddb("vanguard")
    assert workspace.carddb("vanguard") is first and loads == ["vanguard"]
    workspace.carddb("cipher")
    assert loads == ["vanguard", "cipher"]
    assert Workspace([carddb]).carddb("vanguard") is not first  # another workspace loads its own
    assert loads == ["vanguard", "cipher", "vanguard"]


def test_one_workspace_serves_many_decks_and_commands(decks, loads):
    carddb, paths = decks
    workspace = Workspace([carddb])
    reports = [deckcheck.check(path, workspace=workspace) for path in paths]
    run = check_paths(paths, workspace=workspace, jobs=1)
    assert [report.legal for report in reports] == [True] * 3 and run.exit_code() == 0
    assert loads == ["vanguard"]
    assert deckcheck.load(paths[0], workspace=workspace).db is workspace.carddb("vanguard")


def test_the_facade_keeps_a_default_workspace_per_set_of_folders(decks, loads):
    carddb, paths = decks
    workspaces.forget_defaults()
    for path in paths:
        deckcheck.check(path, carddb_dirs=[carddb])
        deckcheck.load(path, [carddb])
    assert loads == ["vanguard"]  # repeated calls stay fast
    assert default_workspace([carddb]) is default_workspace((carddb,))
    for number in range(workspaces.DEFAULT_WORKSPACES + 2):  # bounded: the least recently used go
        default_workspace([carddb / f"other{number}"])
    assert len(workspaces._defaults) == workspaces.DEFAULT_WORKSPACES
    workspaces.forget_defaults()


def test_dropping_a_workspace_frees_its_databases(decks):
    carddb, paths = decks
    workspace = Workspace([carddb])
    deckcheck.check(paths[0], workspace=workspace, no_regulation=True)
    db = weakref.ref(workspace.carddb("vanguard"))
    other = weakref.ref(workspace.carddb("cipher"))
    del workspace
    gc.collect()
    assert db() is None and other() is None


def test_forget_loads_afresh(decks, loads):
    carddb, _paths = decks
    workspace = Workspace([carddb])
    workspace.carddb("vanguard")
    workspace.forget()
    workspace.carddb("vanguard")
    assert loads == ["vanguard", "vanguard"]


def test_another_game_s_cards_are_looked_up_in_the_same_workspace(decks, loads, tmp_path):
    """A deck naming another game's cards (the hint `game = "evolve"?`) loads the other databases once, in its
    workspace, not once per deck."""
    carddb, _paths = decks
    workspace = Workspace([carddb])
    for number in range(2):
        deck = tmp_path / f"wrong{number}.txt"
        deck.write_text("game: vanguard\n## main\n4 NO-SUCH-CARD-ANYWHERE\n", encoding="utf-8")
        deckcheck.check(deck, workspace=workspace, no_regulation=True)
    assert sorted(loads) == sorted(set(loads)) and "vanguard" in loads and len(loads) > 1


def test_regulations_are_read_once_and_again_when_a_file_changes(decks, monkeypatch):
    carddb, _paths = decks
    folder = carddb / "vanguard" / "regulations"
    folder.mkdir()
    regulation = folder / "a.toml"
    regulation.write_text('name = "Test A"\neffective = 2030-01-01\n', encoding="utf-8")
    workspace = Workspace([carddb])
    first = workspace.regulations("vanguard")
    assert workspace.regulations("vanguard") is first and first.get("Test A") is not None
    regulation.write_text('name = "Test B"\neffective = 2030-01-01\nbanned = []\n', encoding="utf-8")
    again = workspace.regulations("vanguard")
    assert again is not first and again.get("Test B") is not None and again.get("Test A") is None


def test_on_load_hears_of_each_database_once(decks):
    carddb, _paths = decks
    heard = []
    workspace = Workspace([carddb], on_load=lambda db: heard.append(db.game.id))
    workspace.carddb("vanguard")
    workspace.carddb("vanguard")
    assert heard == ["vanguard"]


def test_a_folder_that_does_not_exist_is_bad_input(tmp_path):
    workspace = Workspace([tmp_path / "missing"])
    with pytest.raises(DeckcheckError):
        workspace.layers()
    with pytest.raises(DeckcheckError):
        check_paths([tmp_path], workspace=workspace, judging=Judging())


def test_a_judging_and_its_keywords_do_not_mix(decks):
    carddb, paths = decks
    with pytest.raises(TypeError):
        deckcheck.check(paths[0], judging=Judging(), no_regulation=True)
    with pytest.raises(TypeError):
        check_paths(paths, judging=Judging(), as_of="2030-01-01")


def test_the_default_workspace_follows_the_current_directory(decks, tmp_path, monkeypatch):
    carddb, _paths = decks
    here = default_workspace([carddb])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert default_workspace([carddb]) is not here  # (a git root's carddb/ is looked for from there)
    assert Path.cwd() == elsewhere
