"""`deckcheck stats` end to end: the contract's JSON, both seats, the decision table, charts and bad input."""

from __future__ import annotations

import io
import itertools
import json
import re
import sys
import time
import xml.etree.ElementTree as ET
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from conftest import CIPHER_JAPANESE_TEXT, STARTER_DECKS, for_programs, registered_games
from textfit import says

from deckcheck.errors import DeckcheckError
from deckcheck.games import get_game

ROOT = Path(__file__).resolve().parents[2]
VANGUARD = STARTER_DECKS / "vanguard" / "dawn_knights.deck.toml"  # of the starter cards (starter_carddb)
IC = ROOT / "decks" / "ic-dragonball" / "raiga-martial-artists.deck.toml"
EXAMPLES = sorted(p for p in (ROOT / "decks").rglob("*") if p.suffix in (".toml", ".txt"))


def test_exact_json_follows_the_contract(run_cli, starter_carddb):
    code, out, err = run_cli("stats", VANGUARD, "--want", "grade=1", "--output", "json")
    assert code == 0, err
    data = json.loads(out)
    assert {"probability", "method", "turn", "going", "mulligan", "ci95"} <= set(data)
    assert (data["method"], data["turn"], data["going"], data["mulligan"], data["ci95"]) == (
        "exact",
        0,
        "first",
        "optimal",
        None,
    )
    assert data["probability"] == pytest.approx(0.9710, abs=5e-5)  # spec vanguard: 14 grade-1 of 49, optimal
    numerator, denominator = map(int, data["exact"].split("/"))
    assert numerator / denominator == pytest.approx(data["probability"])
    assert [row["turn"] for row in data["table"]] == [0]


def test_text_shows_both_seats_and_a_per_turn_table(run_cli, starter_carddb):
    code, out, _ = run_cli("stats", VANGUARD, "--want", "grade=1", "--turn", "1", "--mulligan", "none")
    assert code == 0
    assert "going first" in out and "going second" in out
    assert "82.98% exact" in out  # turn 0, none
    assert "98.57% exact" in out  # turn 1 with G assist (spec 0.9857)
    assert "█" in out and "\x1b[" not in out  # bars, no colour when not on a terminal


def test_simulation_reports_interval_seed_and_is_reproducible(run_cli, starter_carddb):
    args = ("stats", VANGUARD, "--want", "grade=2", "--turn", "2", "--seed", "7", "--trials", "20000", "-o", "json")
    code, out, err = run_cli(*args, "--method", "simulate")
    assert code == 0, err
    data = json.loads(out)
    assert data["method"] == "simulate" and data["seed"] == 7 and data["trials"] == 20000
    low, high = data["ci95"]
    assert low <= data["probability"] <= high
    assert any("hand-dependent" in note for note in data["notes"])  # G assist and rides
    assert json.loads(run_cli(*args, "--method", "simulate")[1])["probability"] == data["probability"]


def test_simulate_agrees_with_exact(run_cli, isolated_carddb):
    exact = json.loads(run_cli("stats", IC, "--want", "level=0", "--turn", "2", "-o", "json")[1])
    simulated = json.loads(
        run_cli("stats", IC, "--want", "level=0", "--turn", "2", "--method", "simulate", "--seed", "3", "-o", "json")[1]
    )
    assert exact["method"] == "exact" and simulated["method"] == "simulate"
    low, high = simulated["ci95"]
    width = (high - low) / 2
    assert low - width <= exact["probability"] <= high + width  # within a z≈4 band: not flaky, still sharp


def test_precision_stops_early(run_cli, isolated_carddb):
    code, out, _ = run_cli(
        "stats", IC, "--want", "level=0", "--method", "simulate", "--precision", "0.01",
        "--trials", "5000000", "--seed", "1", "-o", "json",
    )  # fmt: skip
    data = json.loads(out)
    assert code == 0 and data["trials"] < 5_000_000
    assert (data["ci95"][1] - data["ci95"][0]) / 2 <= 0.01


def test_precision_without_trials_goes_past_the_plain_default(run_cli, isolated_carddb):
    # p = 0.545 (exact): a half-width of 0.001 needs about 950,000 setups, far more than the plain 100,000 default
    code, out, err = run_cli(
        "stats", IC, "--want", "level=1", "--mulligan", "none", "--method", "simulate", "--precision", "0.001",
        "--seed", "2", "-o", "json",
    )  # fmt: skip
    data = json.loads(out)
    assert code == 0, err
    assert 100_000 < data["trials"] < 10_000_000
    assert (data["ci95"][1] - data["ci95"][0]) / 2 <= 0.001
    assert any("within ±0.001" in note for note in data["notes"])


def test_precision_says_when_the_trials_cap_comes_first(run_cli, isolated_carddb):
    code, out, _ = run_cli(
        "stats", IC, "--want", "level=1", "--method", "simulate", "--precision", "0.001", "--trials", "2000",
        "--seed", "2",
    )  # fmt: skip
    assert code == 0
    assert "--precision 0.001 not reached: the cap of 2,000 trials (--trials) came first" in " ".join(out.split())


def test_a_long_simulation_says_its_estimate_even_when_piped(monkeypatch, capsys):
    from deckcheck.commands import stats as stats_cli

    clock = iter([0.0, 1.0, 2.0, 17.0, 20.0, 20.1])
    monkeypatch.setattr(stats_cli.time, "monotonic", lambda: next(clock))
    progress = stats_cli.SimulationProgress(terminal=False, stream=sys.stderr)
    progress(0, 10_000_000)
    progress(250_000, 10_000_000)  # 250,000/s: about 39 s left, over LONG_RUN_SECONDS
    progress(500_000, 10_000_000)  # a second later: too soon to say more
    progress(4_250_000, 10_000_000)  # 15 s after the first line
    progress(0, 100_000)  # the next answer: a short one says nothing
    progress(100_000, 100_000)
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "deckcheck: simulating… 250,000 of at most 10,000,000 setups, about 39 s left",
        "deckcheck: simulating… 4,250,000 of at most 10,000,000 setups, about 23 s left",
    ]


def test_precision_runs_say_an_estimate_of_their_setups_once_the_rate_is_known(monkeypatch, capsys):
    """--precision's first look comes after 1,000 setups, mostly set-up time: no estimate is said from it; the
    setups told are the run's estimate ("of about"), not a cap."""
    from deckcheck.commands import stats as stats_cli

    clock = iter([0.0, 0.1, 1.0])
    monkeypatch.setattr(stats_cli.time, "monotonic", lambda: next(clock))
    progress = stats_cli.SimulationProgress(terminal=False, estimated=True, stream=sys.stderr)
    progress(0, 2_500_000)
    progress(1_000, 3_000_000)  # 10,000 a second by then: 300 s "left", but after 0.1 s of work
    assert capsys.readouterr().err == ""
    progress(251_000, 3_000_000)  # 251,000 a second
    assert capsys.readouterr().err == "deckcheck: simulating… 251,000 of about 3,000,000 setups, about 11 s left\n"


@pytest.mark.parametrize(
    ("deck", "reason"),
    [
        # Vanguard (the starter cards): no grade-0 unit, no first vanguard (5.4.3)
        ("game: vanguard\n## main\n4 DC-VG-029\n4 DC-VG-026\n", "no grade-0 unit"),
        # IC Dragon Ball: too few cards for the opening hand and the life
        ("game: ic-dragonball\n## leader\n1 DC-DB-004\n## main\n2 DC-DB-010\n", "card"),
    ],
    ids=["vanguard-no-grade-0", "ic-too-few-cards"],
)
def test_default_report_on_a_deck_that_cannot_be_set_up_exits_2_with_the_reason(
    run_cli, starter_carddb, tmp_path, deck, reason
):
    path = tmp_path / "bad.txt"
    path.write_text(deck, encoding="utf-8")
    for output in ("text", "json"):
        code, out, err = run_cli("stats", path, "-o", output)
        assert code == 2 and out == ""
        assert f"{path}: no odds to give: " in err and reason in err
        assert "Traceback" not in err


def test_unknown_cards_are_refused_never_dropped(run_cli, starter_carddb, tmp_path):
    """An entry that names no card would shrink the deck the odds are about: refused, exit 2, each such entry named
    with its line and the closest cards (issue 25 item 12); `check` still judges the deck."""
    path = tmp_path / "typo.txt"
    deck = "game: vanguard\n## main\n1 DC-VG-021\n4 DC-VG-029\n4 DC-VG-026\n3 NOPE-1\n2 DC-VG-02\n"
    path.write_text(deck, encoding="utf-8")
    for args in ((), ("--want", "grade=1"), ("--want", "grade=1", "-o", "json")):
        code, out, err = run_cli("stats", path, *args)
        assert (code, out) == (2, ""), args
        assert "2 entries of the deck name no card, and counting the odds needs every card" in err
        assert f"{path}:6: 3 × 'NOPE-1' in main is not a" in err
        assert f"{path}:7: 2 × 'DC-VG-02' in main is not a" in err and "Did you mean:" in err
        assert "Traceback" not in err
    path.write_text(deck.replace("2 DC-VG-02\n", ""), encoding="utf-8")
    code, _, err = run_cli("stats", path, "--want", "grade=1")
    assert code == 2 and "an entry of the deck names no card" in err and "fix or remove it;" in err
    code, out, _ = run_cli("check", path)
    assert code == 1 and "deck.unknown-card" in out  # judged as before
    path.write_text(deck.replace("3 NOPE-1\n2 DC-VG-02\n", "3 DC-VG-021\n"), encoding="utf-8")
    code, out, err = run_cli("stats", path, "--want", "grade=1")
    assert code == 0 and "no card" not in out + err  # a deck of known cards says nothing


def test_explain_prints_the_decision_table(run_cli, starter_carddb):
    code, out, _ = run_cli("stats", VANGUARD, "--want", "grade=1", "--explain")
    assert code == 0
    assert "return all 5" in out
    assert "keep the whole hand" in out
    data = json.loads(run_cli("stats", VANGUARD, "--want", "grade=1", "--explain", "-o", "json")[1])
    hands = data["decisions"]["hands"]
    assert sum(h["chance"] for h in hands) == pytest.approx(1)
    no_grade_1 = next(h for h in hands if h["hand"][0] == 0)
    assert no_grade_1["keep"] == [0, 0]


def test_keep_filter_policy_is_reported(run_cli, isolated_carddb):
    out = run_cli("stats", IC, "--want", "level=0", "--mulligan", "keep:level=0", "-o", "json")[1]
    assert json.loads(out)["mulligan"] == "keep:level=0"


def test_turn_a_seat_never_reaches_shows_a_gap_not_a_failure(run_cli, isolated_carddb):
    code, out, _ = run_cli("stats", IC, "--want", "level=0", "--turn", "15", "--mulligan", "none", "-o", "json")
    assert code == 0
    last = json.loads(out)["table"][-1]
    assert "probability" in last["first"] and "error" in last["second"]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_default_report_for_every_example_deck(path, run_cli, isolated_carddb):
    code, out, err = run_cli("stats", path, "--seed", "1", "--trials", "20000", "-o", "json")
    assert code == 0, err
    report = json.loads(out)["report"]
    assert report, "every shipped example deck has a default report"
    for line in report:
        for seat in ("first", "second"):
            assert 0 <= line[seat]["probability"] <= 1


def test_svg_plot(run_cli, starter_carddb, tmp_path):
    target = tmp_path / "odds.svg"
    code, _, err = run_cli("stats", VANGUARD, "--want", "grade=1", "--turn", "1", "--plot", target)
    assert code == 0, err
    root = ET.parse(target).getroot()
    assert root.tag.endswith("svg")


def test_help_documents_the_default_reports(run_cli):
    code, out, _ = run_cli("stats", "--help")
    assert code == 0
    text = " ".join(out.split())
    for game_id in registered_games(with_setup=True):  # a game the engine deals says what its default report asks
        summary = get_game(game_id).profile.stats_report_summary
        assert summary and f"{game_id} — {summary}" in text, game_id


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--want", "colour=red"), "no field 'colour'"),
        (("--want", ">=51 grade=1"), "main deck has only 50"),
        (("--want", "grade=1", "--turn", "31"), "--turn must be between 0 and 30"),
        (("--want", "grade=1", "--trials", "0"), "--trials must be between"),
        (("--want", "grade=1", "--method", "exact", "--trials", "10"), "conflict"),
        (("--want", "grade=1", "--method", "exact", "--precision", "0.01"), "conflicts with --method exact"),
        (("--want", "grade=1", "--mulligan", "sometimes"), "unknown mulligan policy"),
        (("--explain",), "--explain"),
        (("--want", ">=2grade=1"), "cannot read the query"),
        (("--want", "grade=1", "--plot", "chart.gif"), ".svg"),
        (("--want", "grade=1@31"), "beyond the turns the engine models"),
        (("--want", "grade=1@one"), "cannot read the deadline"),
        (("--want", "grade=1", "--any", ""), "an empty --any"),
        (("--want", "grade=1@1", "--want", "grade=2@2", "--turn", "2"), "every want here has its own deadline"),
        (("--turn", "2"), "--turn applies to --want queries"),
        (("--any", "grade=1@1", "--explain", "--turn", "1"), "every want here has its own deadline"),
    ],
)
def test_bad_input_is_a_message_and_exit_2(args, message, run_cli, starter_carddb):
    code, out, err = run_cli("stats", VANGUARD, *args)
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_method_exact_past_its_budget_is_a_message_and_exit_2(run_cli, starter_carddb, monkeypatch):
    """`--method exact` on a question the chain cannot finish within even the patient budget: exit 2, "not
    available". The budget is lowered ($DECKCHECK_EXACT_BUDGET) rather than spent (at 1, ten times about 2 s of
    work): the message names the lowered limit, and the chain stopped just past it, neither at its states' cap nor
    refused by its estimate."""
    from deckcheck.stats import chain, exact

    chains = []

    class Counted(chain.Chain):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            chains.append(self)

    monkeypatch.setattr(exact, "Chain", Counted)
    monkeypatch.setenv("DECKCHECK_EXACT_BUDGET", "0.001")
    wants = [f"--want=number=DC-VG-0{n}@3" for n in ("06", "07", "10", "11")]
    code, out, err = run_cli("stats", VANGUARD, "--method", "exact", *wants)
    assert (code, out) == (2, "")
    limit = chain.MAX_WORK * exact.PATIENT // 1000
    assert err.startswith(
        f"deckcheck: field 'method': --method exact is not available here: the exact turns would need more than "
        f"{limit:,} steps or {chain.MAX_STATES:,} states for 9 card groups; exact would take "
    ), err
    assert "Traceback" not in err
    (ran,) = chains
    assert limit < ran.work < limit * 1.1 and ran.states < chain.MAX_STATES  # the work budget stopped it


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "lots", "1001"])
def test_a_bad_exact_budget_in_the_environment_is_exit_2(value, run_cli, starter_carddb, monkeypatch):
    monkeypatch.setenv("DECKCHECK_EXACT_BUDGET", value)
    code, out, err = run_cli("stats", VANGUARD, "--want", "grade=1")
    assert (code, out) == (2, "")
    assert err == f"deckcheck: $DECKCHECK_EXACT_BUDGET must be between 0 and 1000 (got '{value}')\n"


def test_a_deadline_beyond_the_deck_is_exit_2_naming_the_want(run_cli, isolated_carddb):
    code, _, err = run_cli("stats", IC, "--want", "level=0", "--want", "level=1@15", "--going", "second")
    assert code == 2 and "the deadline @15 of --want 'level=1@15'" in err and "Traceback" not in err


def test_floor_on_a_game_without_one_is_exit_2(run_cli, isolated_carddb):
    code, _, err = run_cli("stats", IC, "--want", "level=0", "--floor")
    assert code == 2 and "no such floor" in err


def test_the_ride_chain_with_deadlines_and_any_in_json(run_cli, starter_carddb):
    args = ("stats", VANGUARD, "--want", "grade=2@2", "--any", "grade=1@1", "--any", "trigger=draw@1", "-o", "json")
    code, out, err = run_cli(*args)
    assert code == 0, err
    data = json.loads(out)
    assert data["method"] == "exact" and data["mulligan"] == "optimal" and data["floor"] is False
    assert data["wants"] == [
        {"query": "grade=2", "turn": 2, "group": "all"},
        {"query": "grade=1", "turn": 1, "group": "any"},
        {"query": "trigger=draw", "turn": 1, "group": "any"},
    ]
    assert [row["turn"] for row in data["table"]] == [2]  # every want has its own deadline: one answer
    floor = json.loads(run_cli(*args, "--floor")[1])
    assert floor["floor"] is True and floor["probability"] <= data["probability"]
    text = run_cli(*args[:-2])[1]
    assert "any  grade=1 by own turn 1" in text and "counting every card the rules bring" in text
    # groups the wants treat alike but the turns apart are told apart: the draw triggers that draw
    explained = run_cli("stats", VANGUARD, "--want", "grade=1@1", "--want", "grade=3@3", "--explain")[1]
    assert "= other (grade 0, a draw trigger that draws)" in explained


def test_turn_beyond_the_deck_for_the_asked_seat(run_cli, isolated_carddb):
    code, _, err = run_cli("stats", IC, "--want", "level=0", "--turn", "15", "--going", "second")
    assert code == 2 and "turn 15" in err


def test_a_plot_is_said_on_stderr_and_stdout_keeps_the_answer(run_cli, starter_carddb, tmp_path):
    target = tmp_path / "odds.svg"
    code, out, err = run_cli("stats", VANGUARD, "--want", "grade=1", "--turn", "1", "--plot", target, "-o", "json")
    assert code == 0, err
    assert f"deckcheck: wrote {target}" in err.splitlines()
    assert json.loads(out)["turn"] == 1  # stdout is still the JSON answer alone
    root = ET.parse(target).getroot()
    titles = [t.text for t in root.iter() if t.get("class") in ("x-title", "y-title")]
    assert any("turn 0 = the opening hand" in title for title in titles) and len(titles) == 2


def test_an_exact_answer_just_under_one_is_not_printed_as_certain(run_cli, isolated_carddb):
    deck = ROOT / "decks" / "evolve" / "2026-03-21-forest-4C1VD.deck.toml"
    args = ("stats", deck, "--want", "cost=..2", "--turn", "2")
    answer = json.loads(run_cli(*args, "-o", "json")[1])
    assert answer["exact"] == "273438879/273438880"
    code, out, _ = run_cli(*args)
    row = next(text for text in out.splitlines() if text.strip().startswith("2  "))
    assert code == 0 and ">99.99% exact" in row and "100.00%" in row  # first not certain, second certain


def test_a_turn_never_reached_is_refused_before_any_odds_are_worked_out(run_cli, starter_carddb, monkeypatch):
    # issue 14 item 11: `stats --turn 30` worked out every earlier turn (40 s and more) before refusing what
    # `hand --turn 30` refuses at once; now it refuses with hand's reason before the first turn's odds
    from deckcheck.commands import stats as stats_cli

    monkeypatch.setattr(stats_cli, "turn_table", lambda *args, **kwargs: pytest.fail("odds worked out"))
    for seat in ("first", "second"):
        _, _, refused = run_cli("hand", VANGUARD, "--turn", "30", "--going", seat, "--seed", "0")
        code, _, err = run_cli("stats", VANGUARD, "--want", "grade=1", "--turn", "30", "--going", seat)
        assert code == 2 and f"going {seat}, --turn 30: " in err
        assert err.split("--turn 30: ", 1)[1] == refused.split("deckcheck: ", 1)[1]


# Shadowverse EVOLVE Ver.1.24.1: the exact odds draw from D' = D - s (spec evolve-1.24.1 §5 "Consequences for hand and
# stats", example 14), on real cards of the shipped database: CP03-LD01 (forest, カードファイト!! ヴァンガード),
# 士官候補生 エリック (its start amulet, an amulet: not a follower, so k' = k) and 12 two-cost followers.

_VG_MAIN = {
    "CP03-021": 1,  # 士官候補生 エリック, set aside face down before the shuffle (14.4.3.1)
    **{number: 3 for number in ("CP03-005", "CP03-010", "CP03-012", "CP03-019")},  # the 12 two-cost followers
    **{number: 3 for number in ("CP03-001", "CP03-003", "CP03-004", "CP03-007", "CP03-008", "CP03-009")},
    **{number: 3 for number in ("CP03-011", "CP03-013", "CP03-014")},
}
_VG_EVOLVE = {"CP03-002": 3, "CP03-006": 3, "CP03-127": 4}
_SEALED_MAIN = {number: 3 for number in ("CP03-005", "CP03-010", "CP03-012")} | {
    number: 3 for number in ("CP03-001", "CP03-003", "CP03-004", "CP03-007", "CP03-008", "CP03-009", "CP03-011")
}


def _evolve_deck(path: Path, keys: str, leader: dict[str, int], main: dict[str, int], evolve: dict[str, int]) -> Path:
    def table(name: str, cards: dict[str, int]) -> str:
        return f"[{name}]\n" + "".join(f'"{number}" = {n}\n' for number, n in cards.items())

    text = f'game = "evolve"\n{keys}\n' + table("leader", leader) + table("main", main) + table("evolve", evolve)
    path.write_text(text, encoding="utf-8")
    return path


def _hit_by_own_turn_2(size: int, k: int, going: str, mulligan: str) -> Fraction:
    """1 - C(D' - k, n) / C(D', n): n = 4 + d kept, 8 + d with a mulligan when the hand misses (the whole hand to the
    bottom, 4 new cards: a miss is 8 + d misses in a row); d = 1 going first (no draw on turn 1), 2 going second."""
    n = (4 if mulligan == "none" else 8) + (1 if going == "first" else 2)
    return 1 - Fraction(comb(size - k, n), comb(size, n))


@pytest.mark.parametrize(
    ("deck", "drawn_from", "spec"),
    [
        # (spec §5's worked values: first none / optimal, second none / optimal)
        ("standard", 40, ((0.851, 0.975), (0.902, 0.985))),  # the same 40 cards declaring the class basis
        ("vg-title", 39, ((0.860, 0.978), (0.909, 0.987))),  # the title basis: the start amulet is set aside
        ("vg-1.7.0", 40, ((0.851, 0.975), (0.902, 0.985))),  # Ver.1.7.0 has no start amulet step
        ("sealed", 30, ((0.857, 0.979), (0.909, 0.988))),  # 30 cards, 9 two-cost followers, no leader
    ],
)
def test_evolve_odds_count_the_deck_without_the_start_amulet(run_cli, isolated_carddb, deck, drawn_from, spec):
    keys = {"standard": 'basis = "class"', "vg-title": "", "vg-1.7.0": 'rules = "1.7.0"', "sealed": 'format = "sealed"'}
    if deck == "sealed":
        path = _evolve_deck(isolated_carddb / "d.deck.toml", keys[deck], {}, _SEALED_MAIN, {})
    else:
        path = _evolve_deck(isolated_carddb / "d.deck.toml", keys[deck], {"CP03-LD01": 1}, _VG_MAIN, _VG_EVOLVE)
    k = 9 if deck == "sealed" else 12
    assert run_cli("check", path)[0] == 0  # every one of them is legal
    for going, figures in zip(("first", "second"), spec, strict=True):
        for mulligan, figure in zip(("none", "optimal"), figures, strict=True):
            args = ("--want", "cost=2,type=follower@2", "--mulligan", mulligan, "--going", going, "-o", "json")
            code, out, err = run_cli("stats", path, *args)
            assert code == 0, err
            data = json.loads(out)
            assert data["method"] == "exact"
            assert Fraction(data["exact"]) == _hit_by_own_turn_2(drawn_from, k, going, mulligan)
            assert round(data["probability"], 3) == figure
    code, out, _ = run_cli("stats", path, "--want", "cost=2,type=follower@2", "--mulligan", "none")
    assert f"({k} of the {drawn_from} cards the hand is drawn from)" in out


def test_a_want_naming_the_start_amulet_counts_the_copies_left_in_the_deck(run_cli, isolated_carddb):
    """Spec §5: a filter matching the start amulet's name counts k - s copies; the one on the field never reaches the
    hand. V's one 士官候補生 エリック: 0 of 39 with the title basis, 1 of 40 (4 / 40 in the opening hand) by class."""
    want = ("--want", "name=士官候補生 エリック", "--mulligan", "none", "-o", "json")
    title = _evolve_deck(isolated_carddb / "t.deck.toml", "", {"CP03-LD01": 1}, _VG_MAIN, _VG_EVOLVE)
    assert Fraction(json.loads(run_cli("stats", title, *want)[1])["exact"]) == 0
    by_class = _evolve_deck(isolated_carddb / "c.deck.toml", 'basis = "class"', {"CP03-LD01": 1}, _VG_MAIN, _VG_EVOLVE)
    assert Fraction(json.loads(run_cli("stats", by_class, *want)[1])["exact"]) == 1 - Fraction(comb(39, 4), comb(40, 4))
    three = _evolve_deck(
        isolated_carddb / "3.deck.toml", "", {"CP03-LD01": 1}, _VG_MAIN | {"CP03-021": 3, "CP03-014": 1}, _VG_EVOLVE
    )
    assert Fraction(json.loads(run_cli("stats", three, *want)[1])["exact"]) == 1 - Fraction(comb(37, 4), comb(39, 4))


@pytest.mark.parametrize(
    "deck",
    [
        "game: ic-dragonball\n## main\n7 DC-DB-025\n3 DC-DB-010\n",  # a registry export records no leader
        "game: ic-dragonball\n## leader\n## main\n7 DC-DB-025\n3 DC-DB-010\n",
    ],
)
def test_a_deck_without_a_leader_is_counted_with_a_note(run_cli, starter_carddb, tmp_path, deck):
    path = tmp_path / "no-leader.txt"
    path.write_text(deck, encoding="utf-8")
    code, out, err = run_cli("stats", path, "--want", "type=battle")
    assert code == 0, err
    assert f"note: {path} has no leader card: dealt without one, as it changes no draw" in out
    assert "--section leader" in out
    code, out, err = run_cli("stats", path, "-o", "json")
    assert code == 0, err
    assert any("has no leader card" in note for note in json.loads(out)["notes"])
    code, out, err = run_cli("hand", path, "--seed", "1")
    assert code == 0, err
    assert "leader: none, dealt without one" in out


def test_a_deck_with_its_leader_gets_no_leader_note(run_cli, starter_carddb, tmp_path):
    path = tmp_path / "led.txt"
    path.write_text("game: ic-dragonball\n## leader\n1 DC-DB-004\n## main\n7 DC-DB-025\n3 DC-DB-010\n", "utf-8")
    code, out, err = run_cli("stats", path, "--want", "type=battle")
    assert code == 0, err
    assert "no leader card" not in out


# A query that matches no card of the main deck is refused, saying why (issue 25 item 9) ----------------------

RP = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"
RUNE = ROOT / "decks" / "evolve" / "2026-03-21-rune-XEB3.deck.toml"


@pytest.mark.parametrize(
    ("deck", "args", "said"),
    [
        (  # no such card anywhere: the closest names of the database
            RUNE,
            ("--want", "name=アリス"),
            ["no card of the Shadowverse EVOLVE database matches it either", "closest names in the database: "],
        ),
        (  # a typo of a card of the deck: the deck's own card first
            RP,
            ("--want", "name=青天の騎士 アルトマイ"),
            ["closest names in the deck: 青天の騎士 アルトマイル (G-TD02/002)"],
        ),
        (  # cards of the database, none in this deck: 0% by construction, said so
            RP,
            ("--want", "name=ブラスター・ブレード"),
            ["Vanguard database match it (ブラスター・ブレード (", "none of them in the main deck"],
        ),
        (  # G units match, but the G deck is never drawn; the main deck's grades are listed
            RP,
            ("--want", "grade=4.."),
            ["in g", "never drawn", "none of them in the main deck", "the main deck's grade values: 0, 1, 2, 3"],
        ),
        (  # each condition alone matches, together none
            RP,
            ("--want", "name~=アルトマイル,grade=0"),
            ["no card meets them all"],
        ),
        (RP, ("--want", "grade=1", "--any", "grade=0", "--any", "name=NOPE"), ["--any 'name=NOPE' matches no card"]),
        (RP, ("--want", "<=0 grade=4"), ["would be certain by construction"]),
    ],
)
def test_a_query_that_matches_no_card_of_the_deck_is_refused(deck, args, said, run_cli, isolated_carddb):
    for output in ("text", "json"):
        code, out, err = run_cli("stats", deck, *args, "-o", output)
        assert (code, out) == (2, ""), err
        assert "matches no card of the main deck" in err and "Traceback" not in err
        for part in said:
            assert part in err, part


def test_a_query_that_matches_one_card_is_answered(run_cli, isolated_carddb):
    code, out, err = run_cli("stats", RP, "--want", "name=天命の騎士 アルトマイル", "-o", "json", "--mulligan", "none")
    assert code == 0, err
    # 2 copies among the 49 cards the hand is drawn from (the first vanguard is set aside): 1 - C(47,5)/C(49,5)
    assert json.loads(out)["exact"] == str(1 - Fraction(comb(47, 5), comb(49, 5)))


def test_hand_refuses_an_optimal_mulligan_for_a_query_that_matches_nothing(run_cli, isolated_carddb):
    code, out, err = run_cli("hand", RP, "--seed", "1", "--mulligan", "optimal", "--want", "name=アリス")
    assert (code, out) == (2, "") and "--want 'name=アリス' matches no card of the main deck" in err


# EVOLVE's default report: questions a player cannot answer at a glance (issue 25 item 11) ---------------------


def _curve_odds(copies: list[int], size: int, reached: list[int]) -> Fraction:
    """P(at least one card of category i among the first reached[i] cards of a shuffled deck, for every i), the
    categories disjoint: an independent count over the stages (multivariate hypergeometric, each stage's draw
    split among the categories still missing and the rest)."""

    def walk(stage: int, left: list[int], rest: int, drawn: int, missing: frozenset[int]) -> Fraction:
        if stage == len(reached):
            return Fraction(1)
        take = reached[stage] - drawn
        total = Fraction(0)
        pool = rest + sum(left)

        def split(i: int, cards: int, ways: int, now: list[int]) -> None:
            nonlocal total
            if i == len(left):
                if cards > rest:
                    return
                ways *= comb(rest, cards)
                found = missing - {j for j, x in enumerate(now) if x}
                if stage in found:
                    return
                chance = Fraction(ways, comb(pool, take))
                total += chance * walk(
                    stage + 1, [c - x for c, x in zip(left, now, strict=True)], rest - cards, reached[stage], found
                )
                return
            for x in range(min(left[i], cards) + 1):
                split(i + 1, cards - x, ways * comb(left[i], x), [*now, x])

        split(0, take, 1, [])
        return total

    return walk(0, copies, size - sum(copies), 0, frozenset(range(len(copies))))


@pytest.mark.parametrize("name", ["2026-03-21-sword-1FN4K", "2026-03-22-abyss-3U38U", "2026-03-21-rune-XEB3"])
def test_the_evolve_default_report_is_exact_and_informative(name, run_cli, isolated_carddb):
    from deckcheck.carddb.db import load_carddb, resolve_deck
    from deckcheck.formats.read import parse_deck

    path = ROOT / "decks" / "evolve" / f"{name}.deck.toml"
    deck = resolve_deck(parse_deck(path), load_carddb("evolve"))
    main = deck.cards("main")
    size = sum(n for _, n in main)
    followers = {c: sum(n for card, n in main if card.type == "follower" and card.cost == c) for c in range(2, 7)}
    code, out, err = run_cli("stats", path, "--mulligan", "none", "-o", "json")
    assert code == 0, err
    report = {line["label"].split(" — ")[0]: line for line in json.loads(out)["report"]}
    for seat, draws in (("first", lambda n: n - 1), ("second", lambda n: n)):
        for n in range(2, 7):  # 4 cards, then a draw per own turn (none on the first player's turn 1)
            line = report[f"a follower of cost {n} on own turn {n} (all {n} PP)"]
            seen = 4 + draws(n)
            assert Fraction(line[seat]["exact"]) == 1 - Fraction(comb(size - followers[n], seen), comb(size, seen))
        curve = report["the follower curve: a follower of cost N on each own turn N = 2..5"]
        expected = _curve_odds([followers[n] for n in range(2, 6)], size, [4 + draws(n) for n in range(2, 6)])
        assert Fraction(curve[seat]["exact"]) == expected
    code, out, _ = run_cli("stats", path, "-o", "json")  # the default: the optimal mulligan, never worse than none
    optimal = {line["label"]: line for line in json.loads(out)["report"]}
    values = []
    for line in optimal.values():
        for seat in ("first", "second"):
            assert line[seat]["method"] == "exact"
            values.append(line[seat]["probability"])
    assert min(values) < 0.9  # informative: not every line is about certain
    none_by_label = {
        line["label"]: line
        for line in json.loads(run_cli("stats", path, "--mulligan", "none", "-o", "json")[1])["report"]
    }
    for label, line in optimal.items():
        assert Fraction(line["first"]["exact"]) >= Fraction(none_by_label[label]["first"]["exact"])


def test_the_evolve_report_says_which_costs_the_deck_has_no_follower_of(run_cli, isolated_carddb):
    code, out, _ = run_cli("stats", ROOT / "decks" / "evolve" / "2026-03-21-forest-4C1VD.deck.toml")
    assert code == 0
    assert "a follower of cost 6 on own turn 6 (all 6 PP) — the deck has none" in out
    assert "a follower of cost 5 on own turn 5 (all 5 PP)  " in out  # a cost it has: no remark
    assert "a follower its evolve deck can evolve, by own turn 3" in out


# `stats --hand`: keep this hand or return which cards (issue 25 item 10) ---------------------------------------


def _at_least(need: int, pool: int, good: int, draws: int) -> Fraction:
    """P(at least `need` good cards among `draws` drawn from `pool` cards of which `good` are good)."""
    if need <= 0:
        return Fraction(1)
    return sum(
        (Fraction(comb(good, x) * comb(pool - good, draws - x), comb(pool, draws)) for x in range(need, draws + 1)),
        Fraction(0),
    )


def _main_cards(path: Path):
    from deckcheck.carddb.db import load_carddb, resolve_deck
    from deckcheck.formats.read import parse_deck

    source = parse_deck(path)
    return resolve_deck(source, load_carddb(source.game_id)).cards("main")


def test_hand_advice_under_a_partial_mulligan_is_the_best_of_every_return(run_cli, isolated_carddb):
    hand = ["G-BT06/051", "G-BT06/051", "G-BT02/011", "G-TD02/002", "G-BT02/010"]  # one grade 3
    grade3 = sum(n for card, n in _main_cards(RP) if card.grade == 3)
    size = 49  # the main deck less the first vanguard, set aside before the draw
    code, out, err = run_cli("stats", RP, "--want", "2+grade=3", "--hand", ",".join(hand), "-o", "json")
    assert code == 0, err
    advice = json.loads(out)
    # every subset of the hand to keep: the returned cards are shuffled back, as many are drawn (Vanguard 5.2.3)
    values = {}
    for kept in itertools.product((0, 1), repeat=5):
        kept_g3 = kept[3]
        values[kept] = _at_least(2 - kept_g3, size - sum(kept), grade3 - kept_g3, 5 - sum(kept))
    best = max(values.values())
    assert Fraction(advice["keep"]["exact"]) == values[(1,) * 5] == 0
    assert Fraction(advice["best"]["exact"]) == best == values[(0, 0, 0, 1, 0)]  # keep the grade 3 alone
    assert advice["decision"] == "return" and advice["mulligan_rule"] == "partial-shuffle"
    assert sorted(card["number"] for card in advice["best"]["return"]) == sorted(hand[:3] + hand[4:])
    code, out, _ = run_cli("stats", RP, "--want", "2+grade=3", "--hand", ",".join(hand))
    assert code == 0 and "advice: return 4 cards (" in out and "keep it" in out


def test_hand_advice_under_a_whole_hand_mulligan(run_cli, isolated_carddb):
    rune = ROOT / "decks" / "evolve" / "2026-03-21-rune-XEB3.deck.toml"
    main = _main_cards(rune)
    cheap = sum(n for card, n in main if isinstance(card.cost, int) and card.cost <= 2)
    size = sum(n for _, n in main)
    hand = ["BP12-035", "BP12-035", "BP12-035", "BP07-035"]  # costs 6, 6, 6, 3
    code, out, err = run_cli("stats", rune, "--want", "cost=..2", "--turn", "2", "--hand", ",".join(hand), "-o", "json")
    assert code == 0, err
    advice = json.loads(out)
    # going first, one draw by own turn 2 (none on turn 1); a redraw puts the 4 on the bottom (6.2.1.8) and draws
    # 4 new cards, then that draw, from the other size - 4
    assert Fraction(advice["keep"]["exact"]) == _at_least(1, size - 4, cheap, 1)
    assert Fraction(advice["best"]["exact"]) == _at_least(1, size - 4, cheap, 5)
    assert advice["decision"] == "redraw" and len(advice["best"]["return"]) == 4
    keep = ["BP17-047", "BP12-035", "BP12-035", "BP07-035"]  # a cost-1 card: kept, certain
    code, out, _ = run_cli("stats", rune, "--want", "cost=..2", "--turn", "2", "--hand", ",".join(keep))
    assert code == 0 and "keep it  100.00% exact" in out and "advice: keep it (no redraw does better)" in out


@pytest.mark.parametrize(
    ("hand", "extra", "said"),
    [
        ("G-BT06/051,G-BT02/011", (), "--hand names 2 cards; Cardfight!! Vanguard deals 5"),
        ("G-BT06/051,G-BT02/011", ("--no-want",), "--hand needs what the hand should hold: give --want"),
        ("G-BT06/051,G-BT02/011,NOPE,G-BT02/011,G-BT02/011", (), "'NOPE' is none of the cards the hand is drawn"),
        ("G-BT06/051," * 4 + "G-BT06/051", (), "more copies of"),
        ("G-BT06/051,G-BT02/011,G-TD02/002,G-BT02/011,G-BT02/011", ("--mulligan", "none"), "--mulligan does not"),
    ],
)
def test_bad_hands_are_exit_2(hand, extra, said, run_cli, isolated_carddb):
    want = () if extra == ("--no-want",) else ("--want", "grade=3")
    extra = () if extra == ("--no-want",) else extra
    code, out, err = run_cli("stats", RP, *want, "--hand", hand, *extra)
    assert (code, out) == (2, "") and said in err, err


# Past the exact budget: simulated, and said on stderr (issue 26, item 7) -----------------------------------------


def test_a_question_past_the_exact_budget_is_simulated_and_said_on_stderr(run_cli, monkeypatch):
    """A tiny budget stands for a large question: the optimal mulligan with --any is simulated (as documented), the
    note says why, and stderr says once what was done."""
    from deckcheck.stats import exact

    monkeypatch.setattr(exact, "MAX_WORK", 10)
    args = ("stats", IC, "--want", "level=1", "--any", "level=2", "--any", "level=3", "--turn", "1", "--seed", "1")
    code, out, err = run_cli(*args, "--trials", "2000", "-o", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["method"] == "simulate" and any("limit 10" in note for note in data["notes"])
    lines = err.splitlines()
    assert "deckcheck: going first by own turn 0: the question is past the exact budget" in lines[0]
    assert all("simulated instead" in line for line in lines) and len(lines) == len(set(lines)) == 4


def test_a_chain_that_ran_out_of_its_budget_is_said_on_stderr(run_cli, monkeypatch):
    from deckcheck.stats import chain

    monkeypatch.setattr(chain, "MAX_WORK", 50)
    code, out, err = run_cli("stats", RP, "--want", "grade=1", "--any", "grade=3", "--turn", "1", "--trials", "2000")
    assert code == 0, err
    assert err.startswith("deckcheck: going first by own turn 1: the question ran out of the exact budget (the exact")
    assert err.count("simulated instead") == 1  # going second by turn 1 is larger: simulated at once, said once
    assert "sim" in out


def test_odds_past_the_exact_budget_says_so_on_stderr(run_cli, monkeypatch):
    from deckcheck.stats import exact

    monkeypatch.setattr(exact, "MAX_WORK", 10)
    code, out, err = run_cli(
        "odds",
        "--game",
        "cipher",
        "--deck-size",
        "50",
        "--copies",
        "a=8",
        "--copies",
        "b=4",
        "--want",
        "a@2",
        "--mulligan",
        "none",
    )
    assert code == 0, err
    assert "sim" in out and err.count("simulated instead") == 2, err


def test_method_exact_waits_longer_than_the_budget_the_default_keeps(run_cli, monkeypatch):
    """Issue 27: a question past the chain's budget is simulated by default, and stderr says how long exact would
    take and that --method exact waits longer; --method exact (PATIENT times the budget) answers it exactly."""
    from deckcheck.carddb.db import load_carddb, resolve_deck
    from deckcheck.formats.read import parse_deck
    from deckcheck.stats import chain, exact
    from deckcheck.stats.model import build_model
    from deckcheck.stats.queries import parse_queries

    source = parse_deck(RP)
    deck = resolve_deck(source, load_carddb(source.game_id))
    needed = []
    for going in ("first", "second"):  # the work each seat's question takes
        model = build_model(
            deck, parse_queries(["grade=1"], deck), going=going, turn=1, anys=parse_queries(["grade=3"], deck)
        )
        engine = exact.ExactEngine(model)
        engine.optimal()
        assert engine.chain is not None
        needed.append(engine.chain.work)
        chain.forget_turns()
    assert max(needed) < 4 * min(needed), needed
    monkeypatch.setattr(chain, "MAX_WORK", min(needed) // 2)  # past the budget, within exact.PATIENT times it
    args = ("stats", RP, "--want", "grade=1", "--any", "grade=3", "--turn", "1")
    code, out, err = run_cli(*args, "--trials", "2000", "-o", "json")
    assert code == 0, err
    cells = json.loads(out)["table"][-1]  # by own turn 1
    assert cells["first"]["method"] == cells["second"]["method"] == "simulate"
    assert "exact would take " in err and "simulated instead (--method exact waits up to 10 times as long)" in err
    chain.forget_turns()
    code, out, err = run_cli(*args, "--method", "exact", "-o", "json")
    assert code == 0, err
    cells = json.loads(out)["table"][-1]
    assert cells["first"]["method"] == cells["second"]["method"] == "exact" and exact.PATIENT == 10


def test_a_question_past_even_the_patient_budget_is_refused_with_how_long_it_would_take(run_cli, monkeypatch):
    from deckcheck.stats import exact

    monkeypatch.setattr(exact, "MAX_WORK", 10)
    code, out, err = run_cli("stats", IC, "--want", "level=1", "--turn", "3", "--method", "exact")
    assert (code, out) == (2, "")
    assert "--method exact is not available here: the exact engine would need about" in err
    assert "(limit 100); exact would take about" in err


def test_the_progress_line_says_which_question_of_the_command_its_estimate_is_for(run_cli, monkeypatch):
    """Issue 26, item 21: "about 5 s left" was for the running simulation while the command had 40 s to go. The
    line now says that its estimate is for this question, and which question of the command's it is."""
    from deckcheck.commands import stats as stats_cli

    ticks = iter(range(10**6))
    monkeypatch.setattr(stats_cli.time, "monotonic", lambda: float(next(ticks)) * 100)  # slow batches
    args = ("stats", IC, "--want", "level=1", "--method", "simulate", "--turn", "1", "--trials", "300000")
    code, _, err = run_cli(*args, "--seed", "1")
    assert code == 0, err
    lines = [line for line in err.splitlines() if "simulating" in line]
    assert lines, err
    assert lines[0].startswith("deckcheck: simulating going first by own turn 0 (question 1 of 4)… ")
    assert all(line.endswith("left for this question") for line in lines)
    assert any("going second by own turn 1 (question 4 of 4)" in line for line in lines)


def test_the_progress_counts_the_questions_of_a_default_report(monkeypatch, capsys):
    from deckcheck.commands import stats as stats_cli

    clock = iter([0.0, 1.0, 2.0, 3.0])
    monkeypatch.setattr(stats_cli.time, "monotonic", lambda: next(clock))
    progress = stats_cli.SimulationProgress(terminal=False, questions=6, stream=sys.stderr)
    for seat, turn in [("first", 1), ("second", 1), ("first", 3)]:
        progress.question(seat, turn)
    progress(0, 10_000_000)
    progress(100_000, 10_000_000)
    assert capsys.readouterr().err == (
        "deckcheck: simulating going first by own turn 3 (question 3 of 6)… 100,000 of at most 10,000,000 setups, "
        "about 2 min left for this question\n"
    )


# Cipher's Japanese names ------------------------------------------------------------------------------------------


def test_a_want_and_a_hand_may_name_cipher_cards_in_japanese(run_cli, isolated_carddb):
    japanese = isolated_carddb / "ja.txt"
    japanese.write_text(CIPHER_JAPANESE_TEXT, encoding="utf-8")
    english = Path(__file__).resolve().parents[2] / "decks" / "cipher" / "marth-altea.deck.toml"

    def probability(deck: Path, *args: str) -> float:
        code, out, err = run_cli("stats", deck, *args, "--output", "json")
        assert code == 0, err
        return json.loads(out)["probability"]

    by_name = probability(japanese, "--want", "name=救国の英雄 マルス")
    assert (
        by_name
        == probability(english, "--want", "name=Savior of His Realm Marth")
        == probability(english, "--want", "number=B01-001")
    )
    assert probability(japanese, "--want", "name~=マルス") == probability(english, "--want", "name~=Marth")
    hand = ",".join(["アリティアの王子 マルス", "救国の英雄 マルス", "亡国の王子 マルス", *["タリスの王女 シーダ"] * 2])
    hand += ",愛を説く翼 シーダ"
    code, out, err = run_cli("stats", japanese, "--hand", hand, "--want", "name~=マルス")
    assert code == 0, err
    assert says("アリティアの王子 マルス (Altean Prince Marth, B01-003)", out)  # (fitted to 80 columns)
    assert says("愛を説く翼 シーダ (Love-Extolling Wings Caeda, B01-004)", out)


# A progress bar on a terminal for a run over a second (issue 27) ---------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _run_on_a_terminal(monkeypatch, capsys, *args):
    """`deckcheck ARGS` with stderr a terminal (stdout captured as a pipe): (exit code, stdout, stderr)."""
    from deckcheck.cli.app import main

    terminal = _Terminal()
    monkeypatch.setenv("COLUMNS", "300")  # (a StringIO has no terminal size: the bar reads $COLUMNS)
    monkeypatch.setattr(sys, "argv", ["deckcheck", *map(str, args)])
    monkeypatch.setattr(sys, "stderr", terminal)
    with pytest.raises(SystemExit) as done:
        main()
    return done.value.code or 0, capsys.readouterr().out, terminal.getvalue()


@pytest.fixture
def slow_questions(monkeypatch):
    """Each exact question takes 0.25 s more, and the bar waits 0.3 s instead of a second: a run of slow questions."""
    from deckcheck._util import progress
    from deckcheck.stats import answer

    exact = answer._exact_answer

    def slow(*args, **kwargs):
        time.sleep(0.25)
        return exact(*args, **kwargs)

    monkeypatch.setattr(answer, "_exact_answer", slow)
    monkeypatch.setattr(progress, "DELAY", 0.3)
    monkeypatch.setattr(progress, "TICK", 0.02)


@pytest.mark.parametrize(
    "extra",
    [("--output", "text"), ("--output", "json"), ("--any", "level=1", "--any", "level=2", "--explain")],
    ids=["text", "json", "any-explain"],
)
def test_a_slow_run_shows_a_bar_on_a_terminal_that_names_the_question(run_cli, monkeypatch, capsys, slow_questions,
                                                                    extra):  # fmt: skip
    args = ("stats", IC, "--want", "level=1", "--turn", "1", *extra)
    code, piped_out, piped_err = run_cli(*args)
    assert code == 0 and "\r" not in piped_err and "[#" not in piped_err  # piped: no bar
    code, out, err = _run_on_a_terminal(monkeypatch, capsys, *args)
    assert code == 0
    assert out == piped_out  # stdout is byte for byte the piped run's (JSON stays JSON)
    assert "\r\033[Kdeckcheck: going " in err and "(question " in err and " of 4)" in err, err
    assert re.search(r"\[[#-]{24}\] +\d+%", err), err
    assert err.endswith("\r\033[K")  # erased at the end: the terminal is left as it was


def test_a_fast_answer_on_a_terminal_prints_nothing_extra(monkeypatch, capsys):
    code, out, err = _run_on_a_terminal(monkeypatch, capsys, "stats", IC, "--want", "level=1")
    assert code == 0 and "exact" in out and err == ""


def test_the_default_report_counts_its_lines_in_the_bar(monkeypatch, capsys, slow_questions):
    code, out, err = _run_on_a_terminal(monkeypatch, capsys, "stats", IC)
    assert code == 0
    report = len(re.findall(r"% exact", out)) // 2  # each line, both seats
    assert f" of {2 * report})" in err, err


def test_a_simulated_question_moves_the_bar_by_its_setups(monkeypatch, capsys):
    from deckcheck._util import progress

    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "REDRAW", 0.0)
    args = ("stats", IC, "--want", "level=1", "--method", "simulate", "--trials", "30000", "--seed", "1")
    from deckcheck.stats import simulate

    batches = simulate.simulate.__kwdefaults__["batch"]
    monkeypatch.setitem(simulate.simulate.__kwdefaults__, "batch", 10_000)
    try:
        code, out, err = _run_on_a_terminal(monkeypatch, capsys, *args)
    finally:
        simulate.simulate.__kwdefaults__["batch"] = batches
    assert code == 0
    assert "simulating 10,000 of 30,000 setups" in err and "simulating 20,000 of 30,000 setups" in err, err
    assert err.endswith("\r\033[K")


@pytest.mark.parametrize("deck", [IC, RP], ids=["plain draws", "vanguard chain"])
def test_an_exact_question_moves_the_bar_by_the_hands_it_has_valued(monkeypatch, capsys, deck):
    """One long exact question moves the bar too: by the opening hands valued of all of them."""
    from deckcheck._util import progress

    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "REDRAW", 0.0)
    want = "level=1" if deck == IC else "grade=3"
    code, out, err = _run_on_a_terminal(monkeypatch, capsys, "stats", deck, "--want", want, "--turn", "2")
    assert code == 0 and "exact" in out
    counts = [tuple(map(int, found)) for found in re.findall(r"counting exactly: (\d+) of (\d+) hands", err)]
    assert counts and all(0 < done <= total for done, total in counts)
    assert any(done == total for done, total in counts) and any(done < total for done, total in counts)
    assert err.endswith("\r\033[K")  # erased at the end: stdout holds the answer alone


def test_the_hand_advice_and_the_chart_show_their_steps(monkeypatch, capsys, tmp_path):
    from deckcheck._util import progress

    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "REDRAW", 0.0)
    vg = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"
    hand = "G-BT06/051,G-BT06/051,G-BT02/011,G-TD02/002,G-BT02/010"
    code, out, err = _run_on_a_terminal(monkeypatch, capsys, "stats", vg, "--want", "grade=3", "--turn", "1",
                                        "--hand", hand)  # fmt: skip
    assert code == 0 and "advice:" in out
    assert "deckcheck: the hand's choices, going first, own turn 1" in err and "100%" in err, err
    chart = tmp_path / "odds.svg"
    code, out, err = _run_on_a_terminal(monkeypatch, capsys, "stats", IC, "--want", "level=1", "--plot", chart)
    assert code == 0 and chart.exists()
    assert f"deckcheck: drawing {chart}" in err
    assert f"\r\033[Kdeckcheck: wrote {chart}\n" in err  # the bar erased before the line, never mixed into it


# In Japanese (issue 29): every word around the numbers, tables aligned by display width, JSON unchanged ----------


def _starts(line: str, pattern: str) -> int:
    """The terminal column where `pattern` first matches in `line` (a Japanese character takes two)."""
    from deckcheck._util.text import display_width

    return display_width(line[: re.search(pattern, line).start()])


def test_stats_in_japanese_names_the_seats_the_method_and_the_turns(run_cli):
    from deckcheck._util.text import display_width

    code, out, err = run_cli("--lang", "ja", "stats", RP, "--want", "grade=1", "--turn", "3")
    assert code == 0, err
    lines = out.splitlines()
    assert "条件 grade=1（手札を引く49枚のうち14枚が該当）" in lines
    assert "自分の3ターン目のメインフェイズまで、マリガン方針：最適" in lines
    assert any(line.startswith(" ▸ 先攻  ") and line.endswith("厳密") for line in lines)
    header = next(line for line in lines if line.lstrip().startswith("ターン"))
    rows = lines[lines.index(header) + 1 : lines.index(header) + 5]
    assert [row.split()[0] for row in rows] == ["0", "1", "2", "3"]
    # every row as wide as the header, each seat's column starting where its heading does
    assert {display_width(row) for row in rows} == {display_width(header)}
    assert {_starts(row, r"\S+% 厳密\s+\S+% 厳密\s*$") for row in rows} == {_starts(header, "先攻")}
    assert {_starts(row, r"\S+% 厳密\s*$") for row in rows} == {_starts(header, "後攻")}
    assert "0ターン目  先攻  " in out and "3ターン目  後攻  " in out
    assert not re.search(r"going|exact|turn \d|mulligan", out)


def test_the_default_report_in_japanese_lines_up_its_columns(run_cli):
    code, out, err = run_cli("--lang", "ja", "stats", "decks/build-divide/guren.txt")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1] == "既定のレポート（deckcheck stats --help）、マリガン方針：最適"
    header = next(line for line in lines if line.strip().startswith("先攻"))
    table = [line for line in lines if "% 厳密" in line]
    assert len(table) == 5
    assert {_starts(line, r"[<>]?\d+\.\d+% 厳密") for line in table} == {_starts(header, "先攻")}
    assert {_starts(line, r"[<>]?\d+\.\d+% 厳密\s*$") for line in table} == {_starts(header, "後攻")}


def test_a_simulation_in_japanese_says_its_seed_and_interval_once(run_cli):
    args = (RP, "--want", "grade=3", "--turn", "1", "--method", "simulate", "--seed", "1", "--precision", "0.01")
    code, out, err = run_cli("--lang", "ja", "stats", *args, "--trials", "200000")
    assert code == 0, err
    assert re.search(r"^ ▸ 先攻  \d+\.\d\d% ±\d\.\d\d 近似$", out, re.M)
    notes = [line for line in out.splitlines() if line.startswith("注記：")]
    assert notes[0].startswith("注記：シード 1 でシミュレーションしました（--seed 1")
    stopped = [note for note in notes if "回の試行で停止しました" in note]
    assert len(stopped) == 1 and re.match(
        r"注記：[\d,]+–[\d,]+回の試行で停止しました：95%信頼区間が±0.01以内", stopped[0]
    )


@pytest.mark.parametrize(
    "args",
    [
        (RP, "--want", "grade=1", "--turn", "2"),
        (RP, "--seed", "1"),
        ("decks/cipher/marth-altea.deck.toml", "--want", "cost=1", "--turn", "1", "--explain"),
        (RP, "--want", "grade=1", "--hand", "G-BT04/011,G-BT02/010,G-BT14/006,G-BT06/003,G-BT02/011"),
    ],
)
def test_the_json_is_the_same_in_japanese(run_cli, args):
    """Keys and values the same; a report line's `label` and the notes (for people) follow the language."""
    english = run_cli("stats", *args, "-o", "json")
    japanese = run_cli("--lang", "ja", "stats", *args, "-o", "json")
    assert english[0] == japanese[0] == 0
    assert for_programs(json.loads(english[1])) == for_programs(json.loads(japanese[1]))


def test_a_simulated_json_keeps_its_keys_and_values_in_japanese_only_notes_follow(run_cli):
    args = ("stats", RP, "--want", "grade=3", "--turn", "1", "--method", "simulate", "--seed", "3", "--trials", "5000")
    english, japanese = (json.loads(run_cli(*lang, *args, "-o", "json")[1]) for lang in ((), ("--lang", "ja")))

    def without_notes(value):
        if isinstance(value, dict):
            return {key: without_notes(item) for key, item in value.items() if key != "notes"}
        return [without_notes(item) for item in value] if isinstance(value, list) else value

    assert without_notes(english) == without_notes(japanese)
    assert japanese["method"] == "simulate" and japanese["going"] == "first" and japanese["mulligan"] == "optimal"
    assert any("ターンの進行が手札に依存します" in note for note in japanese["notes"])


def test_the_decision_table_in_japanese_lines_up(run_cli):
    from deckcheck._util.text import display_width

    code, out, err = run_cli("--lang", "ja", "stats", RP, "--want", "grade=1", "--explain")
    assert code == 0, err
    lines = out.splitlines()
    head = lines.index("マリガンの判断（最適、先攻、0ターン目）：")
    assert lines[head + 1].startswith("  A = grade=1（14枚、例：")
    header = next(line for line in lines if line.startswith("  手札"))
    rows = lines[lines.index(header) + 1 :]
    assert rows[-1].startswith("  その他の手札") and "すべてキープ" in rows[-1]
    chance_ends = _starts(header, "確率") + 4  # (two wide characters)
    for row in rows:  # the chance right-aligned under 確率, the decision under 判断, the value after it under 判断後
        assert _starts(row, r"(?<=\d%)   ") == chance_ends
        assert _starts(row, r"(?<=%   )\S") == _starts(header, "判断")
        assert display_width(row) == display_width(header)


def test_hand_advice_in_japanese(run_cli):
    from deckcheck._util.text import display_width as width

    hand = "G-BT04/011,G-BT02/010,G-BT06/003,G-BT06/003,G-BT02/011"
    code, out, err = run_cli("--lang", "ja", "stats", RP, "--want", "grade=3", "--hand", hand)
    assert code == 0, err
    lines = out.splitlines()
    assert "カードファイト!! ヴァンガード" in lines[0] + lines[1]  # the game's title (not its id), whole
    # fitted to 80 columns: a card's name and its value (the document's グレード) are never broken
    dealt = next(line for line in lines if line.startswith("配られた"))
    assert dealt.startswith("配られた手札（先攻）：変革の騎士 ピール (G-BT04/011) [グレード1]、")
    assert all(width(line) <= 80 for line in lines)
    assert says(
        "条件 grade=3：自分の0ターン目のメインフェイズまで。マリガンのルール：好きな枚数を戻し、同じ枚数を引く", out
    )
    assert "  キープ   0.00% 厳密" in lines
    assert any(line.startswith("  5枚戻す  60.70% 厳密：変革の騎士 ピール") for line in lines)
    assert lines[-1] == "助言：5枚戻す（確率は0.00%から60.70%に上がります）"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--want", "grade=1", "--precision", "0.9"), "--precision は0から0.5の間にしてください（指定値：0.9）"),
        (("--want", "grade=1", "--mulligan", "foo"), "不明なマリガン方針 'foo' です：none、optimal、keep:FILTER"),
        (("--want", "grade=1", "--trials", "0"), "--trials は1から100,000,000の間にしてください（指定値：0）"),
        (("--want", "grade=1", "--turn", "40"), "--turn は0から30の間にしてください（指定値：40）"),
        (("--want", ">=60 grade=1"), "--want '>=60 grade=1' は60枚を求めていますが、メインデッキは50枚しかありません"),
        (("--want", "grade=1@1", "--turn", "2"), "--turn 2 は @N のない条件に使いますが"),
        (
            ("--want", "grade=1", "--hand", "a,b"),
            "--hand は2枚を指定していますが、カードファイト!! ヴァンガードの初手は5枚です",
        ),
        (("--hand", "x"), "--hand には手札に求めるものが必要です：--want を指定してください"),
        (("--want", "grade=1", "--plot", "x.txt"), "--plot x.txt：グラフは .svg か .png で書き出します"),
        (
            ("--want", "name=アルトマイル"),
            "に一致するカードがメインデッキにないため、確率は必ず0%になります。\n"
            "  カードファイト!! ヴァンガードのカードデータベースにも一致するカードはありません。\n"
            "  デッキ内の近い名前：青天の騎士 アルトマイル (G-TD02/002)、",
        ),
    ],
)
def test_bad_queries_are_refused_in_japanese(run_cli, args, said):
    code, out, err = run_cli("--lang", "ja", "stats", RP, *args)
    assert (code, out) == (2, "")
    assert said in err and "Traceback" not in err


def test_a_question_past_the_exact_budget_is_said_in_japanese(run_cli, monkeypatch):
    from deckcheck.stats import chain

    monkeypatch.setattr(chain, "MAX_WORK", 50)
    args = ("stats", RP, "--want", "grade=1", "--any", "grade=3", "--turn", "1", "--trials", "2000")
    code, out, err = run_cli("--lang", "ja", *args)
    assert code == 0, err
    assert err.startswith(
        "deckcheck: 先攻・自分の1ターン目まで：この質問は厳密な計算の予算を使い切りました（ターンの厳密な計算には、"
    )
    assert "厳密に計算すると" in err and err.count("代わりにシミュレーションします") == 1
    assert "近似" in out and "注記：シミュレーションで計算：ターンの厳密な計算には" in out


def test_the_chart_in_japanese(run_cli, tmp_path):
    chart = tmp_path / "odds.svg"
    code, out, err = run_cli("--lang", "ja", "stats", RP, "--want", "grade=1", "--turn", "2", "--plot", chart)
    assert code == 0, err
    assert err == f"deckcheck: {chart} を書き出しました\n"
    svg = chart.read_text(encoding="utf-8")
    for text in (
        "確率（先攻・後攻）",
        "自分のNターン目のメインフェイズまで（0ターン目＝マリガン後の初手）",
        "0ターン目",
    ):
        assert text in svg
    assert "マリガン方針：最適" in svg and "すべての値は厳密な値です。" in svg
    assert re.search(r'class="legend-label"[^>]*>先攻<', svg) and re.search(r'class="legend-label"[^>]*>後攻<', svg)


def test_the_note_for_a_card_dealt_without_is_the_engines_sentence(monkeypatch):
    """The note's one msgid repeats the engine's DEALT_WITHOUT (after its "none, "): in English they are the same."""
    import deckcheck.commands.stats as stats
    from deckcheck.engine.procedure import DEALT_WITHOUT, dealt_without

    class Game:
        sections = ("main", "leader")

    class Deck:
        path = "x.txt"
        game = Game()

        def size(self, section):
            return 0 if section == "leader" else 40

    dealt = type("Table", (), {"notes": {"leader": DEALT_WITHOUT.replace("SECTION", "leader")}})
    monkeypatch.setattr(stats, "deal", lambda *args, **kwargs: dealt)
    [note] = stats._dealt_without(Deck(), {})  # type: ignore[arg-type]
    assert note == f"x.txt has no leader card: {dealt_without('leader').removeprefix('none, ')}"


# The library (issue 37): a Python caller gives the workspace and judging, and is printed nothing ---------------------


def test_run_stats_as_a_library_prints_nothing_and_says_its_lines_on_the_stream_it_is_given(tmp_path, capsys):
    from deckcheck.checking.judging import Judging
    from deckcheck.checking.workspace import Workspace
    from deckcheck.commands.stats import StatsOutput, StatsRequest, render_stats, run_stats
    from deckcheck.stats.options import StatsOptions

    workspace, judging = Workspace(), Judging.of(rules="1.24.1")
    request, asked = StatsRequest(wants=("cost=2",)), StatsOptions(method="exact")
    silent = run_stats(RUNE, request, asked, StatsOutput(plot=tmp_path / "a.svg"), workspace=workspace, judging=judging)
    assert (tmp_path / "a.svg").exists() and capsys.readouterr().err == ""  # no stream: nothing said
    stream = io.StringIO()
    told = StatsOutput(plot=tmp_path / "b.svg", stderr=stream)
    again = run_stats(RUNE, request, asked, told, workspace=workspace, judging=judging)
    assert again.data == silent.data and again.text(False) == silent.text(False)
    assert render_stats(again, as_json=True) == json.dumps(silent.data, ensure_ascii=False, indent=2)
    assert stream.getvalue() == f"deckcheck: wrote {tmp_path / 'b.svg'}\n" and capsys.readouterr().err == ""
    assert len(workspace._carddbs) == 1  # the workspace given is the one read


def test_hand_and_search_read_the_workspace_they_are_given(monkeypatch, tmp_path):
    from deckcheck.checking.judging import Judging
    from deckcheck.checking.workspace import Workspace
    from deckcheck.commands.hand import HandRequest, iter_hands
    from deckcheck.commands.search import find_cards

    monkeypatch.delenv("DECKCHECK_CARDDB", raising=False)
    monkeypatch.chdir(tmp_path)
    workspace = Workspace([STARTER_DECKS.parent])  # the starter cards as a --carddb layer
    (dealt,) = iter_hands(VANGUARD, HandRequest(seed=1), workspace=workspace, judging=Judging())
    assert dealt.seed == 1 and dealt.legal and len(workspace._carddbs) == 1
    found = find_cards("grade=0", "vanguard", workspace=workspace)
    assert found.cards and all(card.grade == 0 for card in found.cards)
    assert len(workspace._carddbs) == 1  # the same database, loaded once
    with pytest.raises(DeckcheckError):  # the starter cards are not in the shipped database alone
        next(iter_hands(VANGUARD, HandRequest(seed=1), workspace=Workspace()))
