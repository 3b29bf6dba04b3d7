"""`deckcheck odds` (deckcheck.stats.quick): quick questions answered by the engine `stats` uses, equal to the deck
path on a deck of the same counts, and its bad input."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb

import pytest
from conftest import make_deck, registered_games
from test_answer import EVOLVE, EVOLVE_MAIN, IC_DRAGONBALL, IC_MAIN, VANGUARD, VANGUARD_MAIN
from textfit import says

from deckcheck.errors import DeckcheckError
from deckcheck.games import get_game
from deckcheck.stats.answer import answer
from deckcheck.stats.model import population
from deckcheck.stats.options import StatsOptions
from deckcheck.stats.queries import parse_queries
from deckcheck.stats.quick import run_odds


def quick(game: str, size: int, copies: list[str], wants: list[str], *, anys=(), turn=None, **options):
    options.setdefault("seed", 1)
    asked = dict(deck_size=size, copies=copies, wants=wants, anys=anys, turn=turn, options=StatsOptions(**options))
    return run_odds(get_game(game), **asked)["cells"]


@pytest.mark.parametrize("turn", [0, 1, 2, 3])
@pytest.mark.parametrize("mulligan", [None, "none"])
def test_vanguard_equals_the_deck_path_on_the_floor_without_a_g_deck(turn, mulligan):
    """Deck B has 14 grade-1 cards among the 49 after the first vanguard: `--copies g1=14` in a 50-card deck."""
    deck = make_deck(VANGUARD, main=VANGUARD_MAIN)
    cells = quick("vanguard", 50, ["g1=14", "g3=8"], ["g1@1", "g3"], turn=turn, mulligan=mulligan)
    for seat in ("first", "second"):
        expected = answer(
            deck,
            parse_queries(["grade=1@1", "grade=3"], deck),
            going=seat,
            turn=turn,
            options=StatsOptions(mulligan=mulligan, floor=True, seed=1),
        )
        assert cells[seat].method == expected.method == "exact"
        assert cells[seat].exact.probability == expected.exact.probability
        assert cells[seat].mulligan == expected.mulligan


@pytest.mark.parametrize(
    ("game", "db", "sections", "copies", "wants", "deck_wants"),
    [
        (
            "evolve",
            EVOLVE,
            {"leader": {"L-F": 1}, "main": EVOLVE_MAIN},
            ["two=12"],
            [">=2 two", "<=3 two@1"],
            [">=2 cost=2", "<=3 cost=2@1"],
        ),
        (
            "ic-dragonball",
            IC_DRAGONBALL,
            {"leader": {"L1": 1}, "main": IC_MAIN},
            ["x=3", "extra=9"],
            ["x@1", "<=1 extra"],
            ["number=B01@1", "<=1 type=extra"],
        ),
    ],
)
def test_other_games_equal_the_deck_path(game, db, sections, copies, wants, deck_wants):
    deck = make_deck(db, **sections)
    size = len(population(deck, "first", {})[0].deck)
    cells = quick(game, size, copies, wants, turn=2)
    for seat in ("first", "second"):
        expected = answer(deck, parse_queries(deck_wants, deck), going=seat, turn=2, options=StatsOptions(seed=1))
        assert cells[seat].exact.probability == expected.exact.probability


def test_seventeen_outs_in_fifty_by_turn_3_going_second_is_exact():
    cells = quick("vanguard", 50, ["outs=17"], ["outs@3"], mulligan="none")
    # Going second by own turn 3 on the floor: 10 cards of the 49; P(no out) = C(32, 10) / C(49, 10).
    assert cells["second"].exact.probability == 1 - Fraction(comb(32, 10), comb(49, 10))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (dict(copies=["outs=51"], wants=["outs"]), "add up to 51 (outs 51), more than the 49 (50 less the 1"),
        (dict(copies=["a=30", "b=20"], wants=["a"]), "add up to 50 (a 30 + b 20), more than the 49"),
        (dict(copies=["outs=4"], wants=["combo"]), "'combo' is not a category"),
        (dict(copies=["outs"], wants=["outs"]), "copies takes NAME=N"),
        (dict(copies=["outs=4", "outs=5"], wants=["outs"]), "names 'outs' twice"),
        (dict(copies=["outs=4"], wants=["outs@1"], turn=2), "every want here has its own deadline"),
        (dict(copies=["outs=4"], wants=["outs@31"]), "beyond the turns the engine models"),
        (dict(copies=["outs=4"], wants=["outs"], turn=30), "the player has lost by then"),
        (dict(copies=["outs=4"], wants=["outs"], anys=[""]), "an empty any: give a category, e.g. any outs"),
    ],
)
def test_bad_quick_questions(args, message):
    with pytest.raises(
        DeckcheckError, match=message.replace("(", r"\(").replace(")", r"\)").replace("+", r"\+")
    ) as error:
        quick("vanguard", 50, **args)
    assert "--" not in str(error.value)  # a Python caller gave no flag


def test_odds_command_json_and_exit_2(run_cli):
    code, out, err = run_cli(
        "odds", "--game", "vanguard", "--deck-size", "50", "--copies", "outs=17", "--want", "outs@3", "-o", "json"
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["drawn_from"] == 49 and data["copies"] == {"outs": 17, "other": 32}
    assert data["second"]["wants"] == [{"query": "outs", "turn": 3, "group": "all"}]
    assert data["second"]["method"] == "exact" and data["second"]["mulligan"] == "optimal"
    code, _, err = run_cli("odds", "--game", "vanguard", "--deck-size", "50", "--copies", "outs=60", "--want", "outs")
    assert code == 2 and "add up to 60" in err and "Traceback" not in err
    code, _, err = run_cli("odds", "--game", "nope", "--deck-size", "50", "--copies", "a=1", "--want", "a")
    assert code == 2 and "Traceback" not in err


def test_each_games_set_aside_is_what_its_setup_takes_from_the_main_deck():
    """`Setup.main_set_aside` (what a quick question takes off its deck size) against the setup itself."""
    from test_answer import BD_40, BUILD_DIVIDE, CIPHER, CIPHER_MAIN

    decks = [
        make_deck(VANGUARD, main=VANGUARD_MAIN),
        make_deck(CIPHER, main=CIPHER_MAIN, lord="L-001"),
        make_deck(BUILD_DIVIDE, main=BD_40, d={}, territory={"T-00": 1}),
        make_deck(EVOLVE, leader={"L-F": 1}, main=EVOLVE_MAIN),
        make_deck(IC_DRAGONBALL, leader={"L1": 1}, main=IC_MAIN),
    ]
    for deck in decks:
        drawn_from = len(population(deck, "first", {})[0].deck)
        assert drawn_from == deck.size("main") - deck.game.setup.main_set_aside, deck.game.id


# Categories no want names are pooled (issue 26, item 7) ---------------------------------------------------------


def _unpooled(model, deck, asked, keep=()):
    """The same model with one atom per category, as odds built it before pooling."""
    from dataclasses import replace

    from deckcheck.stats.model import Atom
    from deckcheck.stats.quick import OTHER

    categories = {**deck.copies, OTHER: deck.population - sum(deck.copies.values())}
    atoms = []
    for name, count in categories.items():
        mask = sum(1 << bit for bit, query in enumerate(asked) if name in query.names)
        mask |= (1 << len(asked)) if name in keep else 0
        if count:
            atoms.append(Atom(mask, count, ()))
    return replace(model, atoms=tuple(sorted(atoms, key=lambda atom: atom.mask == 0)))


@pytest.mark.parametrize("game", registered_games(with_setup=True))
@pytest.mark.parametrize("mulligan", [None, "none", "keep:b|c"])
def test_pooled_categories_give_the_unpooled_fraction(game, mulligan):
    """Categories that the same wants name (b, c, d: none; a and e: the same want) are one atom, and the answer
    is the very fraction of one atom per category, under every mulligan policy and rule."""
    from deckcheck.stats.exact import ExactEngine
    from deckcheck.stats.model import keep_filter_plan, no_mulligan
    from deckcheck.stats.options import parse_mulligan
    from deckcheck.stats.quick import parse_copies, parse_keep, parse_quick_query, quick_deck, quick_model

    deck = quick_deck(get_game(game), 24, parse_copies(["a=3", "b=2", "c=2", "d=4", "e=2", "f=3"]))
    wants = [parse_quick_query("a|e@1", deck), parse_quick_query("<=1 f", deck)]
    anys = [parse_quick_query("b@2", deck, "any"), parse_quick_query("f", deck, "any")]
    keep = parse_keep(mulligan, deck)
    for seat in ("first", "second"):
        pooled = quick_model(deck, wants, anys, going=seat, turn=2, keep=keep)
        unpooled = _unpooled(pooled, deck, [*wants, *anys], keep)
        assert len(pooled.atoms) < len(unpooled.atoms)
        values = []
        for model in (pooled, unpooled):
            policy, _ = parse_mulligan(mulligan)
            engine = ExactEngine(model)
            if policy == "none":
                result = engine.evaluate(no_mulligan(model))
            elif policy == "keep":
                result = engine.evaluate(keep_filter_plan(model, "b|c"))
            else:
                result = engine.optimal()
            values.append(result.probability)
        assert values[0] == values[1], (game, seat, mulligan)
        assert 0 < values[0] < 1


def test_two_hundred_unused_categories_are_one_atom_and_exact():
    """Before: one atom per category, too many for the exact engine: simulated (31 s, 830 MB). After: exact, and
    the same fraction as the question without them."""
    unused = [f"c{i}=1" for i in range(200)]
    cells = quick("vanguard", 250, ["outs=17", *unused], ["outs@3"])
    alone = quick("vanguard", 250, ["outs=17"], ["outs@3"])
    for seat in ("first", "second"):
        assert cells[seat].method == "exact"
        assert cells[seat].exact.probability == alone[seat].exact.probability
        assert len(cells[seat].model.atoms) == 2


def test_odds_in_japanese(run_cli):
    code, out, err = run_cli(
        "--lang", "ja", "odds", "--game", "vanguard", "--deck-size", "50", "--copies", "outs=17", "--want", "outs@3"
    )
    assert code == 0, err
    lines = out.splitlines()
    assert says(
        "カードファイト!! ヴァンガード：50枚（ゲームの準備で1枚を取り分ける）。"
        "初手5枚は49枚から引く（outs 17枚、その他 32枚）。",
        out,
    )
    assert "条件 outs：自分の3ターン目まで" in lines and "マリガン方針：最適" in lines
    assert lines[-2].startswith("  先攻  ") and lines[-1].startswith("  後攻  ") and lines[-1].endswith("厳密")
    code, out, err = run_cli(
        "--lang", "ja", "odds", "--game", "vanguard", "--deck-size", "50", "--copies", "outs", "--want", "outs"
    )
    assert code == 2 and "--copies は NAME=N（空白と = < > | @ , : を含まないカテゴリー名と整数）で指定します" in err
