"""Dealing hands for every game's shipped example decks: conservation, reproducibility, uniformity, and the CLI."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path

import pytest
from conftest import STARTER_DECKS, deck_multiset, for_programs
from textfit import says

from deckcheck.carddb.db import load_carddb, resolve_deck
from deckcheck.engine.deal import deal
from deckcheck.formats.read import parse_deck

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "decks").rglob("*") if p.suffix in (".toml", ".txt"))
#: Zones filled from the shuffled deck after the opening hand: they hold random deck cards like the deck itself.
FROM_THE_DECK = {"life", "orbs", "energy"}


def load(path: Path):
    source = parse_deck(path)
    return resolve_deck(source, load_carddb(source.game_id))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("going", ["first", "second"])
def test_every_example_deck_deals_and_conserves_its_cards(path, going, isolated_carddb):
    deck = load(path)
    for turns in (0, 3):
        table = deal(deck, seed=11, going=going, turns=turns)
        owned = table.inventory()
        for zone in table.notes.get("not from the deck", ()):  # e.g. EVOLVE's magic-item tokens
            owned.subtract(Counter(c.number for c in table.zones[zone]))
        assert +owned == deck_multiset(deck), turns
    again = deal(deck, seed=11, going=going, turns=3)
    assert [c.number for c in again.hand] == [c.number for c in deal(deck, seed=11, going=going, turns=3).hand]


@pytest.mark.parametrize("path", EXAMPLES[::2], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_opening_hands_are_uniform(path, isolated_carddb):
    """Chi-square of card frequencies in 3,000 opening hands against their share of the shuffled deck."""
    deck = load(path)
    seen: Counter[str] = Counter()
    population: Counter[str] | None = None
    hands = 3000
    for seed in range(hands):
        table = deal(deck, seed=seed, going="first")
        seen.update(card.number for card in table.hand)
        if population is None:
            shuffled = [*table.hand, *table.deck, *(c for z in FROM_THE_DECK for c in table.zones.get(z, []))]
            population = Counter(card.number for card in shuffled)
            hand_size = len(table.hand)
            size = len(shuffled)
    chi2 = sum(
        (seen[number] - hands * hand_size * copies / size) ** 2 / (hands * hand_size * copies / size)
        for number, copies in population.items()
    )
    df = len(population) - 1
    assert chi2 < df + 6 * math.sqrt(2 * df) + 10, (chi2, df)  # p far below 1e-6: a generous, fixed-seed bound


def test_hand_json_and_text(run_cli, isolated_carddb):
    deck = ROOT / "decks" / "ic-dragonball" / "raiga-martial-artists.deck.toml"
    code, out, _ = run_cli("hand", deck, "--seed", "5", "--going", "second", "--output", "json")
    assert code == 0
    data = json.loads(out)
    assert len(data["hand"]) == 3 and set(data["hand"][0]) == {"number", "name", "level"}
    assert (data["seed"], data["going"], data["mulligan"], data["turn"]) == (5, "second", "none", 0)
    assert run_cli("hand", deck, "--seed", "5", "--going", "second", "--output", "json")[1] == out
    code, out, _ = run_cli("hand", deck, "--seed", "5", "--count", "3")
    assert code == 0 and out.count("hand (3):") == 3 and "seed 7" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "abc"], "seed"),
        (["--turn", "-1"], "--turn"),
        (["--turn", "1000"], "--turn"),
        (["--mulligan", "keep:colour=red"], "no field 'colour'"),
        (["--mulligan", "sometimes"], "unknown mulligan policy"),
        (["--choose", "nonsense"], "KEY=VALUE"),
    ],
)
def test_hand_bad_input(run_cli, isolated_carddb, args, message):
    deck = ROOT / "decks" / "ic-dragonball" / "raiga-martial-artists.deck.toml"
    code, out, err = run_cli("hand", deck, *args)
    assert code == 2
    assert message in out + err
    assert "Traceback" not in out + err


def test_an_absurd_count_is_refused_before_dealing(run_cli, tmp_path, isolated_carddb):
    deck = tmp_path / "huge.txt"
    deck.write_text("game: ic-dragonball\n## leader\n1 DC-DB-001\n## main\n1000000000000 DC-DB-010\n", encoding="utf-8")
    code, _, err = run_cli("hand", deck)
    assert code == 2 and "at most" in err


def test_hand_says_where_the_lord_came_from(run_cli, isolated_carddb):
    deck = ROOT / "decks" / "cipher" / "chrom-shepherds.txt"  # its `lord:` key is B01-053
    code, out, _ = run_cli("hand", deck, "--seed", "1")
    assert code == 0 and "lord chosen by: the deck's lord" in out
    code, out, _ = run_cli("hand", deck, "--seed", "1", "--choose", "lord=B01-056")
    assert code == 0 and "lord chosen by: chosen on the command line" in out
    assert "the deck's lord" not in out


VANGUARD_DECK = STARTER_DECKS / "vanguard" / "dawn_knights.deck.toml"  # of the starter cards (starter_carddb)


def test_hand_mulligan_optimal_plays_the_stats_decisions(starter_carddb):
    from deckcheck.commands.hand import HandRequest, iter_hands

    # The best play for "a grade 3 in the opening hand" under Vanguard's partial mulligan: a hand holding one
    # keeps it; a hand holding none returns all five (any kept card is a slot not redrawn).
    asked = HandRequest(seed=1, count=40, going="first", policy="optimal", wants=("grade=3",))
    dealt = list(iter_hands(VANGUARD_DECK, asked))
    returned_all = kept_a_three = 0
    for hand in dealt:
        table = hand.table
        kept = Counter(c.number for c in table.hand) - Counter(c.number for c in table.mulligan_drawn)
        grades = {c.number: c.grade for c in [*table.hand, *table.mulligan_returned]}
        opening = kept + Counter(c.number for c in table.mulligan_returned)  # the hand before the mulligan
        assert sum(opening.values()) == 5
        if any(grades[number] == 3 for number in opening):
            assert not any(c.grade == 3 for c in table.mulligan_returned)
            kept_a_three += 1
        else:
            assert len(table.mulligan_returned) == 5
            returned_all += 1
        assert hand.policy == "optimal for grade=3 by turn 0"
    assert returned_all and kept_a_three  # both branches seen among the 40 seeds


def _decisions(**aim):
    from deckcheck.commands.hand import HandRequest, iter_hands

    aim = {key: tuple(queries) for key, queries in aim.items()}
    dealt = iter_hands(VANGUARD_DECK, HandRequest(seed=5, count=20, going="second", policy="optimal", **aim))
    return [
        (hand.policy, [c.number for c in hand.table.mulligan_returned], [c.number for c in hand.table.hand])
        for hand in dealt
    ]


def test_hand_mulligan_optimal_with_any(starter_carddb):
    alone = _decisions(wants=["grade=3"])
    as_any = _decisions(anys=["grade=3"])  # one --any alone is one --want
    assert [rest for _, *rest in as_any] == [rest for _, *rest in alone]
    assert {policy for policy, *_ in as_any} == {"optimal for grade=3 by turn 0"}
    # an --any that every hand meets changes no decision
    always = _decisions(wants=["grade=3"], anys=["grade>=0", "grade=2"])
    assert [rest for _, *rest in always] == [rest for _, *rest in alone]
    assert {policy for policy, *_ in always} == {"optimal for grade=3 & (grade>=0 | grade=2) by turn 0"}
    # an --any that asks more than the want does change them: aiming for a grade 3 and a grade 2 keeps a grade 2
    both = _decisions(wants=["grade=3"], anys=["grade=2"])
    assert [rest for _, *rest in both] != [rest for _, *rest in alone]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--mulligan", "optimal"), "--mulligan optimal needs what to aim for"),
        (("--want", "grade=1"), "use it with --mulligan optimal"),
        (("--mulligan", "keep:grade=1", "--want", "grade=1"), "use it with --mulligan optimal"),
        (("--any", "grade=1"), "--any says what --mulligan optimal aims for"),
        (("--mulligan", "best"), "use none, keep:FILTER or optimal"),
    ],
)
def test_hand_mulligan_optimal_needs_a_want_and_a_want_needs_optimal(run_cli, starter_carddb, args, said):
    code, out, err = run_cli("hand", VANGUARD_DECK, "--seed", "1", *args)
    assert code == 2 and out == "" and said in err


def test_hand_log_prints_every_event_in_text(run_cli, starter_carddb):
    args = ("hand", VANGUARD_DECK, "--seed", "3", "--turn", "2", "--going", "second")
    events = json.loads(run_cli(*args, "-o", "json")[1])["events"]
    code, out, _ = run_cli(*args, "--log")
    assert code == 0
    log = out[out.index("log (") :].splitlines()
    assert log[0] == f"log ({len(events)} steps):"
    steps = re.split(r"\n(?= *\d+\. )", "\n".join(log[1:]))  # a step fitted to 80 columns continues below
    for index, (step, event) in enumerate(zip(steps, events, strict=True), 1):
        assert says(f"{index}. {event['step']} [{event['ref']}]: {event['text']}", step)
    assert "log (" not in run_cli(*args)[1]  # only when asked


def test_many_hands_are_printed_as_they_are_dealt(run_cli, isolated_carddb, monkeypatch):
    # issue 14 item 11: --count 1000000000 streams (each hand printed when dealt, none kept), so Ctrl-C after the
    # fourth hand has printed four hands; before, it held every hand in memory and printed nothing.
    from deckcheck.commands import hand as hands

    deck = ROOT / "decks" / "ic-dragonball" / "raiga-martial-artists.deck.toml"
    real, dealt = hands.deal, []

    def deal_then_interrupt(*args, **kwargs):
        if len(dealt) == 4:
            raise KeyboardInterrupt
        dealt.append(kwargs["seed"])
        return real(*args, **kwargs)

    monkeypatch.setattr(hands, "deal", deal_then_interrupt)
    for fmt in ("text", "json"):
        dealt.clear()
        code, out, _ = run_cli("hand", deck, "--seed", "5", "--count", "1000000000", "--output", fmt)
        assert code == 130 and dealt == [5, 6, 7, 8]
        assert out.count("hand (3):") == 4 if fmt == "text" else out.count('"seed": ') == 4


def test_many_hands_print_the_same_as_each_alone(run_cli, isolated_carddb):
    deck = ROOT / "decks" / "ic-dragonball" / "raiga-martial-artists.deck.toml"
    code, out, _ = run_cli("hand", deck, "--seed", "5", "--count", "3", "--output", "json")
    alone = [json.loads(run_cli("hand", deck, "--seed", str(seed), "--output", "json")[1]) for seed in (5, 6, 7)]
    assert code == 0 and json.loads(out) == {"hands": alone}
    code, out, _ = run_cli("hand", deck, "--seed", "5", "--count", "3")
    assert out == "\n".join(run_cli("hand", deck, "--seed", str(seed))[1] for seed in (5, 6, 7))


def test_a_deck_with_unknown_cards_is_refused_not_dealt_short(run_cli, starter_carddb, tmp_path):
    """A test hand of a deck that lost a line would be a hand of another deck: refused, naming the entry and the
    closest cards (issue 25 item 12)."""
    path = tmp_path / "typo.txt"
    path.write_text("game: vanguard\n## main\n1 DC-VG-021\n4 DC-VG-029\n4 DC-VG-02\n", encoding="utf-8")
    for args in ((), ("-o", "json"), ("--count", "3")):
        code, out, err = run_cli("hand", path, "--seed", "1", *args)
        assert (code, out) == (2, "")
        assert "an entry of the deck names no card, and dealing a test hand needs every card" in err
        assert f"{path}:5: 4 × 'DC-VG-02' in main is not a" in err and "Did you mean:" in err
    path.write_text("game: vanguard\n## main\n1 DC-VG-021\n4 DC-VG-029\n4 DC-VG-026\n", encoding="utf-8")
    code, out, err = run_cli("hand", path, "--seed", "1")
    assert "names no card" not in out + err


@pytest.mark.parametrize(
    ("path", "column"),
    [
        ("vanguard/royal-paladin-altmile.deck.toml", "grade"),
        ("evolve/2026-03-21-rune-XEB3.deck.toml", "cost"),
        ("cipher/chrom-shepherds.txt", "cost"),
        ("build-divide/guren.txt", "cost"),
        ("ic-dragonball/hayate-co-op.txt", "level"),
    ],
)
def test_hand_shows_each_cards_grade_cost_or_level(path, column, run_cli, isolated_carddb):
    """Issue 25 item 10: the game's own value beside each card's name, as `cards search` shows it."""
    deck = load(ROOT / "decks" / path)
    code, out, _ = run_cli("hand", ROOT / "decks" / path, "--seed", "3", "-o", "json")
    assert code == 0
    dealt = json.loads(out)
    by_number = {card.printed_number: card for card, _ in deck.all_cards(deck.game.sections)}
    for card in dealt["hand"]:
        assert card[column] == by_number[card["number"]].shown_value(column)
    code, out, _ = run_cli("hand", ROOT / "decks" / path, "--seed", "3")
    lines = out[out.index("hand (") :].splitlines()[1 : 1 + len(dealt["hand"])]
    for line, card in zip(lines, dealt["hand"], strict=True):
        assert line.split()[:3] == [card["number"], column, str(card[column])]
        assert line.endswith(card["name"])


# In Japanese (issue 29) ----------------------------------------------------------------------------------------

RP = ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml"


def test_a_hand_in_japanese(run_cli):
    from deckcheck._util.text import display_width

    code, out, err = run_cli("--lang", "ja", "hand", RP, "--seed", "2")
    assert code == 0, err
    lines = out.splitlines()
    assert "カードファイト!! ヴァンガード “ロイヤルパラディン 「アルトマイル」”" in out  # the title, the name whole
    assert "シード 2・後攻・マリガン方針：なし・0ターン目" in lines
    assert "マリガン：キープ" in lines
    start = lines.index("手札（5枚）：")
    cards = lines[start + 1 : start + 6]
    assert len({display_width(line[: line.index("  グレード") + 2]) for line in cards}) == 1
    # (the zones by the engine's names, each in Japanese where its game marks it for translation)
    zones = r"ゾーン：\S+：閃きの騎士 ミーリウス \(G-TD02/014\)／\S+：-／\S+ 16枚／山札 44枚"
    said = "".join(line.strip() for line in lines[start + 6 :])  # (fitted to 80 columns: continued below)
    assert re.fullmatch(zones.replace(" ", ""), said.replace(" ", "")), said


def test_a_hand_with_a_mulligan_and_its_log_in_japanese(run_cli):
    args = ("--mulligan", "optimal", "--want", "grade=1", "--any", "grade=3", "--seed", "7")
    code, out, err = run_cli("--lang", "ja", "hand", RP, *args)
    assert code == 0, err
    assert says("シード 7・先攻・マリガン方針：最適（grade=1 & grade=3 を0ターン目までに）・0ターン目", out)
    assert "0ターン目" in out  # fitted to 80 columns, never inside a word
    assert "マリガンで戻した4枚：反攻の騎士 スレイマン (G-BT06/003)、" in out and "マリガンで引いた4枚：" in out
    code, out, err = run_cli("--lang", "ja", "hand", RP, "--seed", "7", "--turn", "2", "--log")
    assert code == 0, err
    assert "\nログ（13手順）：\n   1. " in out


@pytest.mark.parametrize(
    "args",
    [
        ("--seed", "7", "--count", "2"),
        ("--mulligan", "optimal", "--want", "grade=1", "--any", "grade=3", "--seed", "7"),
    ],
)
def test_the_hand_json_is_the_same_in_japanese(run_cli, args):
    """Keys, cards, steps and values the same; a log step's `text` (for people) follows the language."""
    english = run_cli("hand", RP, *args, "-o", "json")
    japanese = run_cli("--lang", "ja", "hand", RP, *args, "-o", "json")
    assert english[0] == japanese[0] == 0
    assert for_programs(json.loads(english[1])) == for_programs(json.loads(japanese[1]))


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--count", "0"), "--count は1以上にしてください（指定値：0）"),
        (("--mulligan", "foo"), "不明なマリガン方針 'foo' です：none、keep:FILTER、optimal のいずれかを使ってください"),
        (("--mulligan", "optimal"), "--mulligan optimal には目標が必要です：--want QUERY を指定してください"),
        (("--want", "grade=1"), "--want は --mulligan optimal の目標を指定するものです。--mulligan optimal と一緒に"),
    ],
)
def test_bad_hand_options_are_refused_in_japanese(run_cli, args, said):
    code, out, err = run_cli("--lang", "ja", "hand", RP, *args)
    assert (code, out) == (2, "") and said in err, err
