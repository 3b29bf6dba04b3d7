"""Shadowverse EVOLVE under Ver.1.24.1 (shared/spec/evolve-1.24.1.md): choosing the rules version, the crossover and
sealed formats (appendix B), examples 7–12 of its last section."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from conftest import make_db, make_deck, rule_ids, violations_of

from deckcheck import check_deck, load_deck
from deckcheck.checking.run import check_paths
from deckcheck.errors import DeckcheckError, OptionError
from deckcheck.games.evolve import GAME
from deckcheck.model.versions import choose_rules


def rec(number: str, name: str, type_: str = "follower", cls: str | None = "forest", **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"number": number, "name": name, "type": type_, **({"class": cls} if cls else {})}
    if type_ != "leader" and not fields.get("evolve"):
        record["cost"] = 2
    return record | fields


RECORDS = [
    rec("SD01-LD01", "森の長", "leader", "forest"),
    rec("SD02-LD01", "騎士王", "leader", "sword"),
    rec("SD03-LD01", "魔女", "leader", "rune"),
    rec("L-NONE", "旅人", "leader", None),
    *(rec(f"F-{i:02}", f"森人{i:02}") for i in range(10)),
    *(rec(f"S-{i:02}", f"騎士{i:02}", cls="sword") for i in range(10)),
    *(rec(f"N-{i:02}", f"旅芸人{i:02}", cls="neutral") for i in range(4)),
    rec("R-00", "魔導士", cls="rune"),
    rec("T-00", "森の小人", token=True),
    *(rec(f"EV-{i}", f"森人0{i}", evolve=True) for i in range(4)),
    *(rec(f"EVS-{i}", f"騎士0{i}", cls="sword", evolve=True) for i in range(4)),
]
CROSSOVER_LEADERS = {"SD01-LD01": 1, "SD02-LD01": 1}
# 40: 5 forest names × 3 + 5 sword × 3 + 3 neutral × 3 + 1
CROSSOVER_MAIN = (
    {f"F-{i:02}": 3 for i in range(5)} | {f"S-{i:02}": 3 for i in range(5)} | {f"N-{i:02}": 3 for i in range(3)}
)
CROSSOVER_MAIN["N-03"] = 1
CROSSOVER_EVOLVE = {"EV-0": 3, "EVS-0": 3}


@pytest.fixture(scope="module")
def db():
    return make_db("evolve", RECORDS)


def only(violations, rule_id):
    assert rule_ids(violations) == [rule_id], [v.message for v in violations]
    return [v for v in violations if v.rule == rule_id]


# Choosing the version and the format (§1) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "options", "expected"),
    [
        ({}, {}, ("1.26.1", "standard", "default", 0)),  # the newest known version (spec evolve-2026 §1)
        ({}, {"as_of": date(2026, 6, 9)}, ("1.26.1", "standard", "--as-of", 0)),
        ({}, {"as_of": date(2026, 6, 8)}, ("1.24.1", "standard", "--as-of", 0)),
        ({}, {"as_of": date(2026, 3, 22)}, ("1.24.1", "standard", "--as-of", 0)),
        ({}, {"as_of": date(2026, 1, 29)}, ("1.24.1", "standard", "--as-of", 0)),
        ({}, {"as_of": date(2026, 1, 28)}, ("1.7.0", "standard", "--as-of", 1)),  # versions 1.8–1.24.0: the note
        ({}, {"as_of": date(2023, 8, 18)}, ("1.7.0", "standard", "--as-of", 1)),
        ({}, {"as_of": date(2023, 8, 17)}, ("1.7.0", "standard", "--as-of", 1)),  # before every version: the note
        ({"rules": "Ver.1.7.0"}, {"as_of": date(2026, 3, 22)}, ("1.7.0", "standard", "deck", 0)),
        ({"rules": "1.7.0"}, {"rules": "1.24.1"}, ("1.24.1", "standard", "--rules", 0)),
        ({"format": "クロスオーバー"}, {}, ("1.26.1", "crossover", "default", 0)),
        ({"format": "シールド戦"}, {}, ("1.26.1", "sealed", "default", 0)),
        # a format of Ver.1.24.1 chosen on a date of Ver.1.7.0 moves that deck to 1.24.1, with a note (example 12)
        ({"format": "crossover"}, {"as_of": date(2025, 6, 1)}, ("1.24.1", "crossover", "--as-of", 1)),
        ({}, {"format": "sealed"}, ("1.26.1", "sealed", "default", 0)),
        ({}, {"rules": "Ver.1.26.1"}, ("1.26.1", "standard", "--rules", 0)),
    ],
)
def test_the_version_and_format_chosen(keys, options, expected):
    chosen = choose_rules(GAME, keys, **options)
    assert (chosen.version, chosen.format, chosen.by, len(chosen.notes)) == expected


def test_the_notes_say_what_was_applied():
    between = choose_rules(GAME, {}, as_of=date(2024, 6, 27)).notes[0]
    assert "Ver.1.7.0 applied; versions 1.8–1.24.0" in between and "14.4.2/14.4.4 are not checked" in between
    vanguard = choose_rules(GAME, {}, as_of=date(2025, 6, 1)).notes[0]  # spec evolve-2026 §1: from 2024-06-28
    assert vanguard.startswith("Ver.1.7.0 applied, with the Vanguard-title conditions of Ver.1.24.1")
    assert "versions 1.8–1.24.0, in force during part of this period, are not modelled" in vanguard
    before = choose_rules(GAME, {}, as_of=date(2022, 6, 1)).notes[0]
    assert before == "no known rules version was in force on 2022-06-01; Ver.1.7.0 applied"
    moved = choose_rules(GAME, {"format": "crossover"}, as_of=date(2025, 6, 1)).notes[0]
    assert moved == "format crossover is defined in Ver.1.24.1 appendix B-2"


@pytest.mark.parametrize(
    ("keys", "options", "error", "message"),
    [
        ({"rules": "1.9"}, {}, DeckcheckError, "the deck key rules = '1.9' is not a rules version of evolve"),
        (
            {},
            {"rules": "2.0"},
            OptionError,
            "rules '2.0' is not a rules version of evolve (known: 1.7.0, 1.24.1, 1.26.1)",
        ),
        ({"format": "draft"}, {}, DeckcheckError, "format = 'draft' is not a format of evolve"),
        ({}, {"format": "draft"}, OptionError, "known: standard, crossover, sealed"),
        ({"format": "crossover", "rules": "1.7.0"}, {}, DeckcheckError, "format crossover needs rules Ver.1.24.1"),
        ({"format": "crossover"}, {"rules": "1.7.0"}, OptionError, "format crossover needs rules Ver.1.24.1"),
    ],
)
def test_an_unknown_version_or_format_names_the_known_ones(keys, options, error, message):
    with pytest.raises(error) as raised:
        choose_rules(GAME, keys, **options, path="d.deck.toml", key_lines={"rules": 3, "format": 4})
    assert message in str(raised.value)


def test_a_bad_deck_key_is_an_unreadable_file_and_a_bad_option_exit_2(run_cli, tmp_path, isolated_carddb):
    deck = tmp_path / "d.deck.toml"
    deck.write_text('game = "evolve"\nrules = "1.9"\n[leader]\n"BP01-LD01" = 1\n', encoding="utf-8")
    code, _, err = run_cli("check", deck)
    assert code == 2 and "d.deck.toml" in err and "1.9" in err and "known: 1.7.0, 1.24.1, 1.26.1" in err
    code, _, err = run_cli("check", deck, "--rules", "1.7.0", "--format", "draft")
    assert code == 2 and "--format 'draft' is not a format of evolve" in err


# Crossover (B-2), examples 7 and 8 ---------------------------------------------------------------------------------


def crossover(db, **changes: Any):
    sections = {"leader": CROSSOVER_LEADERS, "main": CROSSOVER_MAIN, "evolve": CROSSOVER_EVOLVE, "format": "crossover"}
    return violations_of(db, **(sections | changes))


def test_a_crossover_deck_of_two_classes_is_legal(db):
    assert crossover(db) == []
    deck = make_deck(db, leader=CROSSOVER_LEADERS, main=CROSSOVER_MAIN, format="crossover")
    assert deck.counts() == {"leader": 2, "main": 40, "evolve": 0}


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"leader": {"SD01-LD01": 1}}, ["evolve.leader"]),  # one leader: basis and crossover-classes not reported
        ({"leader": {"SD01-LD01": 2}}, ["evolve.leader"]),  # two copies of one leader
        ({"leader": {"SD01-LD01": 1, "L-NONE": 1}}, ["evolve.leader"]),  # a leader without a class
        ({"main": {k: v for k, v in CROSSOVER_MAIN.items() if k != "N-03"} | {"R-00": 1}}, ["evolve.basis"]),  # rune
        ({"basis": "title"}, ["evolve.basis"]),
        ({"leader": {"SD01-LD01": 1, "SD02-LD01": 1, "SD03-LD01": 1}}, ["evolve.leader"]),
    ],
)
def test_crossover_findings(db, changes, expected):
    assert rule_ids(crossover(db, **changes)) == expected


def test_a_crossover_deck_needs_each_leaders_class_in_main(db):
    # no sword card in main (sword only in the evolve deck, which does not count)
    main = {f"F-{i:02}": 3 for i in range(10)} | {f"N-{i:02}": 3 for i in range(3)} | {"N-03": 1}
    (finding,) = only(crossover(db, main=main), "evolve.crossover-classes")
    assert (finding.count, finding.limit, finding.ref) == (0, 1, "B-2 6.1.1.5.2") and "ロイヤル" in finding.message


def test_crossover_refuses_the_title_basis_with_the_documents_words(db):
    (finding,) = only(crossover(db, basis="title"), "evolve.basis")
    assert "タイトルを基準とする構築はできません" in finding.message


# Sealed (B-1), examples 9 and 10 -----------------------------------------------------------------------------------

SEALED_MAIN = {"F-00": 5, "S-00": 3, "R-00": 3, "N-00": 3} | {f"F-{i:02}": 2 for i in range(1, 9)}  # 30, mixed
SEALED_EVOLVE = {"EV-0": 3, "EV-1": 3, "EVS-0": 3, "EVS-1": 3}  # 12


def sealed(db, **changes: Any):
    return violations_of(db, **({"main": SEALED_MAIN, "evolve": SEALED_EVOLVE, "format": "sealed"} | changes))


def test_a_sealed_deck_without_a_leader_and_with_5_copies_is_legal(db):
    assert sum(SEALED_MAIN.values()) == 30 and sealed(db) == []
    assert sealed(db, leader={"SD03-LD01": 1}) == []  # a leader is allowed, and classes need not match it


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"main": SEALED_MAIN | {"F-08": 1}}, ["evolve.main-size"]),  # 29
        ({"main": SEALED_MAIN | {"T-00": 1}}, ["evolve.main-types"]),
        ({"leader": {"SD01-LD01": 1, "SD02-LD01": 1}}, ["evolve.leader"]),
        (
            {"pool": {"F-00": 4} | {k: v for k, v in SEALED_MAIN.items() if k != "F-00"} | SEALED_EVOLVE},
            ["evolve.sealed-pool"],
        ),
    ],
)
def test_sealed_findings(db, changes, expected):
    assert rule_ids(sealed(db, **changes)) == expected


def test_sealed_findings_cite_appendix_b1s_own_numbers(db):
    """B-1 replaces 6.1.1.2 and 6.1.1.3 in sealed: its findings cite B-1 6.1.1.3 and B-1 6.1.1.4, as evolve.leader
    cites B-1 6.1.1.2; the standard format's findings keep the rules' own numbers."""
    from deckcheck.checking.output import said_once  # noqa: PLC0415

    assert sealed(db) == []  # 30 cards: the boundary that passes
    (size,) = only(sealed(db, main=SEALED_MAIN | {"F-08": 1}), "evolve.main-size")  # 29
    assert (size.ref, size.count, size.limit) == ("B-1 6.1.1.3", 29, 30)
    assert "6.1.1.2" not in said_once(size.message, size.ref, None)
    (token,) = only(sealed(db, main=SEALED_MAIN | {"T-00": 1}), "evolve.main-types")
    assert token.ref == "B-1 6.1.1.3" and "(B-1 6.1.1.3)" in token.message and "6.1.1.2" not in token.message
    (wrong,) = only(sealed(db, evolve=SEALED_EVOLVE | {"F-01": 1}), "evolve.evolve-types")
    assert wrong.ref == "B-1 6.1.1.4" and "(B-1 6.1.1.4)" in wrong.message and "(6.1.1.3)" not in wrong.message
    # the standard format: the rules' own numbers
    standard = violations_of(db, leader={"SD01-LD01": 1}, main=CROSSOVER_MAIN, evolve={"F-01": 1})
    (types,) = [v for v in standard if v.rule == "evolve.evolve-types"]
    assert types.ref == "6.1.1.3" and "(6.1.1.3)" in types.message


def test_rules_evolve_says_the_sealed_minimum():
    (rule,) = [rule for rule in GAME.rules if rule.id == "evolve.main-size"]
    assert "sealed: at least 30" in rule.summary and "B-1 6.1.1.3" in rule.refs


def test_the_pool_counts_each_card_and_is_only_a_sealed_section(db):
    pool = {"F-00": 4} | {k: v for k, v in SEALED_MAIN.items() if k != "F-00"} | SEALED_EVOLVE
    (finding,) = only(sealed(db, pool=pool), "evolve.sealed-pool")
    assert (finding.count, finding.limit) == (5, 4)
    deck = make_deck(db, main=SEALED_MAIN, evolve=SEALED_EVOLVE, pool=pool | {"F-00": 5}, format="sealed")
    assert deck.counts()["pool"] == sum(pool.values()) + 1
    # outside sealed a pool is refused with the reason
    standard = violations_of(db, leader={"SD01-LD01": 1}, main=CROSSOVER_MAIN, pool={"F-00": 1})
    (refused,) = [v for v in standard if v.rule == "deck.unknown-section"]
    assert "belongs to the sealed format only (appendix B-1)" in refused.message


def test_a_sealed_deck_without_a_pool_says_so_in_a_note(db):
    deck = make_deck(db, main=SEALED_MAIN, format="sealed")
    from deckcheck import check  # noqa: PLC0415 - the public API, as a user calls it

    report = check(deck)
    assert report.legal and "no `pool` section" in (report.note or "")
    assert report.rules is not None and report.to_json()["rules"] == {
        "version": "1.26.1",
        "format": "sealed",
        "by": "default",
    }


def test_the_rules_of_1_7_0_know_no_format_and_no_new_rule(db):
    # a standard deck under both versions: the new rules exist only from 1.24.1 on
    deck = make_deck(db, leader={"SD01-LD01": 1}, main=CROSSOVER_MAIN, rules="1.7.0")
    assert [rule.id for rule in GAME.rules if rule.applies(deck.rules.version, deck.format)] == [
        "evolve.leader",
        "evolve.main-size",
        "evolve.main-types",
        "evolve.evolve-size",
        "evolve.evolve-types",
        "evolve.copies",
        "evolve.basis",
    ]


# The 12 real tournament decks (decks/evolve/) under both versions and the dates of the spec's table ------------------

REAL_DECKS = sorted((Path(__file__).resolve().parents[2] / "decks" / "evolve").glob("*.deck.toml"))


@pytest.mark.parametrize("rules", ["1.7.0", "1.24.1", "1.26.1"])
def test_the_real_tournament_decks_are_legal_under_both_versions(isolated_carddb, rules):
    assert len(REAL_DECKS) == 12
    for path in REAL_DECKS:
        deck = load_deck(path)
        deck.chosen_rules = choose_rules(GAME, deck.source.keys, rules=rules)
        assert check_deck(deck) == [], path.name


@pytest.mark.parametrize(
    ("as_of", "version", "regulation", "noted"),
    [
        ("2026-03-22", "1.24.1", "使用制限 2026-01-30", False),  # evolve-2026.md §2: the 2026 standard list
        ("2026-01-29", "1.24.1", "殿堂入り 2024-06-28", False),  # the day before it
        ("2025-06-01", "1.7.0", "殿堂入り 2024-06-28", True),
        # §1's first table gives the note for every date from 2023-08-18 to 2026-01-28 (its regulation table prints no
        # "(with the note)" here; the rule of the first table is followed)
        ("2023-09-01", "1.7.0", "殿堂入り 2022-12-16", True),
        ("2023-08-01", "1.7.0", "殿堂入り 2022-12-16", True),
    ],
)
def test_as_of_chooses_the_version_and_the_regulation_each_on_its_own_timeline(
    isolated_carddb, as_of, version, regulation, noted
):
    run = check_paths([REAL_DECKS[0]], as_of=as_of)
    (report,) = run.reports
    assert report.rules is not None and (report.rules.version, report.rules.by) == (version, "--as-of")
    assert report.regulation is not None and report.regulation.name == regulation
    assert report.legal and bool(report.note) == noted


def test_a_crossover_deck_puts_both_leaders_in_the_leader_area(db):
    from deckcheck.engine.deal import deal  # noqa: PLC0415 - the engine, for this test only

    deck = make_deck(db, leader=CROSSOVER_LEADERS, main=CROSSOVER_MAIN, evolve=CROSSOVER_EVOLVE, format="crossover")
    table = deal(deck, seed=4, going="second", turns=1)
    assert sorted(card.number for card in table.zone("leader")) == ["SD01-LD01", "SD02-LD01"]
    assert table.notes["basis"] == "class" and len(table.deck) == 35  # 40 - 4 - the second player's turn-1 draw
    assert ("basis", "6.2.1.3") in [(event.step, event.ref) for event in table.events]


@pytest.mark.parametrize(
    ("param2", "keys"),
    [
        ("エルフ/ロイヤル", {"format": "crossover"}),  # example 16: a class pair is the crossover format
        ("エルフ／ロイヤル", {"format": "crossover"}),
        ("エルフ", {"basis": "class"}),
        ("アイドルマスター シンデレラガールズ", {"basis": "title"}),
    ],
)
def test_a_registry_export_with_a_class_pair_is_a_crossover_deck(param2, keys):
    found, notes = GAME.registry.keys({"deck_param2": param2})
    assert found == keys and (notes != []) == (keys != {"basis": "class"})


@pytest.mark.parametrize("param2", ["エルフ/エルフ", "エルフ/ネメシス", "ロイヤル/", "未知のタイトル", 7])
def test_any_other_deck_param2_is_an_error_never_a_title(param2):
    """Spec §1 (Output and convert): not a class pair, not a title: an error naming the field, never a title."""
    with pytest.raises(DeckcheckError) as raised:
        GAME.registry.keys({"deck_param2": param2})
    assert raised.value.field == "deck_param2" and repr(param2) in raised.value.reason
