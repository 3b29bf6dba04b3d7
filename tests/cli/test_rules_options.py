"""`--rules` and `--format` on every command that judges or deals a deck (spec evolve-1.24.1 §1): `show`, `hand`,
`stats`, `add`, `remove`, `set` take them as `check` does; a game with one rules document or one format refuses
them for one deck (exit 2) and notes them in a check of several games."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest
import tomli_w
from textfit import says

from deckcheck import check, load_deck
from deckcheck.errors import OptionError

ROOT = Path(__file__).resolve().parents[2]
REAL_EVOLVE = ROOT / "decks" / "evolve" / "2026-03-17-forest-22N3Q.deck.toml"
REAL_VANGUARD = ROOT / "decks" / "vanguard" / "link-joker-messiah.txt"
VG = "カードファイト!! ヴァンガード"


@pytest.fixture
def title_deck(tmp_path, monkeypatch) -> Path:
    """A Vanguard-title EVOLVE deck (one start amulet, 13 names × 3 of two-cost followers) over its own card layer."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "cards" / "evolve"
    folder.mkdir(parents=True)
    records = [
        {"number": "CP03-LD01", "name": "森のリーダー", "type": "leader", "class": "forest", "title": VG},
        {"number": "CP03-021", "name": "士官候補生 エリック", "type": "amulet", "class": "forest", "title": VG}
        | {"cost": 1, "start_amulet": True},
        *(
            {"number": f"CP03-F{i:02}", "name": f"森の兵{i:02}", "type": "follower", "class": "forest", "title": VG}
            | {"cost": 2}
            for i in range(13)
        ),
    ]
    (folder / "t.toml").write_text(tomli_w.dumps({"game": "evolve", "cards": records}), encoding="utf-8")
    monkeypatch.setenv("DECKCHECK_CARDDB", str(tmp_path / "cards"))
    deck = tmp_path / "vg.deck.toml"
    main = {"CP03-021": 1, **{f"CP03-F{i:02}": 3 for i in range(13)}}
    deck.write_text(tomli_w.dumps({"game": "evolve", "leader": {"CP03-LD01": 1}, "main": main}), encoding="utf-8")
    return deck


def test_show_names_what_judged_the_deck_and_takes_both_options(run_cli, isolated_carddb):
    code, out, _ = run_cli("show", REAL_EVOLVE)  # the regulation in force today (tests: 2026-11-27) by default
    assert code == 0 and "  judged by: rules 1.26.1, standard; regulation 使用制限 2026-01-30 (standard)\n" in out
    code, out, _ = run_cli("show", REAL_EVOLVE, "--no-regulation")
    assert code == 0 and "  judged by: rules 1.26.1, standard; no regulation (--no-regulation)\n" in out
    code, out, _ = run_cli("show", REAL_EVOLVE, "--rules", "Ver.1.7.0", "--as-of", "2026-03-01")
    assert code == 0 and "  judged by: rules 1.7.0, standard; regulation 使用制限 2026-01-30 (standard)\n" in out
    code, out, _ = run_cli("show", REAL_EVOLVE, "--as-of", "2026-01-29")  # the day before the 2026 lists
    assert code == 0 and "  judged by: rules 1.24.1, standard; regulation 殿堂入り 2024-06-28 (standard)\n" in out
    code, out, _ = run_cli("show", REAL_EVOLVE, "--format", "クロスオーバー", "--output", "json")
    shown = json.loads(out)
    assert code == 0 and shown["rules"] == {"version": "1.26.1", "format": "crossover", "by": "default"}
    assert [v["rule"] for v in shown["violations"]] == ["evolve.leader"]  # one leader; crossover needs two


def test_hand_deals_the_setup_of_the_chosen_version(run_cli, title_deck):
    code, out, _ = run_cli("hand", title_deck, "--seed", "3", "--output", "json")
    dealt = json.loads(out)
    assert code == 0 and [c["number"] for c in dealt["zones"]["field"]] == ["CP03-021"]
    assert dealt["deck_count"] == 40 - 1 - 4  # the start amulet leaves the deck before the shuffle (14.4.3.1)
    code, out, _ = run_cli("hand", title_deck, "--seed", "3", "--output", "json", "--rules", "1.7.0")
    dealt = json.loads(out)
    assert code == 0 and "field" not in dealt["zones"] and dealt["deck_count"] == 40 - 4


def test_stats_answers_under_the_chosen_version_and_says_which(run_cli, title_deck):
    """3 copies of one name in the opening 4 without a mulligan: drawn from 39 cards under 1.24.1, 40 under 1.7.0."""
    ask = ("stats", title_deck, "--want", "name=森の兵00", "--mulligan", "none", "--output", "json")
    for options, size in (((), 39), (("--rules", "1.7.0"), 40)):
        code, out, _ = run_cli(*ask, *options)
        result = json.loads(out)
        exact = 1 - comb(size - 3, 4) / comb(size, 4)
        assert code == 0 and result["probability"] == pytest.approx(exact, abs=1e-12)
        assert result["rules"]["version"] == ("1.7.0" if options else "1.26.1")
    code, out, _ = run_cli("stats", title_deck, "--want", "name=森の兵00", "--mulligan", "none", "--rules", "1.7.0")
    # (the heading wraps at 80 columns: a temporary folder's path is long)
    assert code == 0 and " ".join(out.split()).startswith(f"{title_deck} evolve (rules 1.7.0, standard) ")


def test_add_and_set_judge_the_new_state_by_the_options(run_cli, title_deck):
    code, out, _ = run_cli("add", title_deck, "CP03-F00", "--format", "sealed")
    # 4 copies: no copy limit in sealed (B-1); its sections, pool included, counted
    assert code == 0 and "leader 1 · main 41 · evolve 0 · pool 0 — legal (sealed: no `pool` section" in out
    code, out, _ = run_cli("remove", title_deck, "CP03-F00")
    assert code == 0 and out.splitlines()[-1].endswith("— legal")
    before = title_deck.read_bytes()
    code, _, err = run_cli("add", title_deck, "CP03-F00", "--rules", "2.0")
    assert code == 2 and "--rules '2.0' is not a rules version of evolve" in err
    assert title_deck.read_bytes() == before  # refused before anything is written
    code, _, err = run_cli("set", title_deck, "name", "x", "--format", "crossover", "--rules", "1.7.0")
    assert code == 2 and "format crossover needs rules Ver.1.24.1" in err and "--rules 1.7.0" in err
    assert title_deck.read_bytes() == before


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--format", "crossover"), "--format 'crossover': vanguard has one format only (standard)"),
        (("--rules", "1.24.1"), "--rules '1.24.1': vanguard has one rules document, no versions to choose from"),
    ],
)
@pytest.mark.parametrize("command", ["show", "hand", "stats"])
def test_one_deck_of_a_game_without_the_option_is_refused(run_cli, isolated_carddb, command, options, message):
    code, out, err = run_cli(command, REAL_VANGUARD, *options)
    assert code == 2 and message in err and out == ""


def test_a_check_of_several_games_notes_the_games_an_option_does_not_apply_to(run_cli, isolated_carddb):
    code, out, err = run_cli("check", REAL_EVOLVE, REAL_VANGUARD, "--format", "crossover")
    assert code == 1  # the EVOLVE deck is judged as crossover (one leader); the Vanguard deck as standard
    assert says("evolve (rules 1.26.1, crossover; regulation 使用制限 クロスオーバー 2026-01-30 (crossover))", out)
    assert says("link-joker-messiah.txt  vanguard “", out)
    assert says("note: --format crossover: vanguard has one format (standard); its decks were judged in it", err)
    assert says("note: no vanguard regulation in force today", err)  # its regulations are samples
    assert err.count("deckcheck: note:") == 2
    assert err.count("deckcheck: card data note:") == 1  # the EVOLVE data is old on the tests' today, said once
    code, out, err = run_cli("check", REAL_VANGUARD, "--format", "standard", "--rules", "1.24.1")
    assert code == 0 and "--format" not in err  # the game's own format is no note
    assert says("note: --rules 1.24.1: vanguard has one rules document; its decks were judged by it", err)


def test_a_format_a_pinned_option_version_lacks_names_the_option():
    with pytest.raises(OptionError) as raised:
        check(load_deck(REAL_EVOLVE), rules="1.7.0", format="sealed")
    assert raised.value.option == "rules" and "format sealed needs rules Ver.1.24.1 (appendix B-1)" in str(raised.value)
