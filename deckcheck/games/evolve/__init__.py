"""Shadowverse EVOLVE, comprehensive rules Ver.1.7.0 (shared/spec/evolve.md), Ver.1.24.1 (evolve-1.24.1.md) and
Ver.1.26.1 (evolve-2026.md): the game as the registry knows it.

Its modules: `card` (the card model, the versions, formats and titles the rules name), `basis` (a deck's leaders and
the basis they set), `construction` (the construction rules), `setup` (the engine's setup and own turns), `profile`
(`stats` and `show` defaults) and `registry` (what the official deck registry's export says besides its lists).

Choices this module makes where the spec leaves room (documented here, tested in tests/games/test_evolve.py):

- A leader with both a class and a title, no declared `basis`, and a deck legal by either basis: the deck is legal
  and no violation is emitted (every violation is an error or a warning, and a warning would fail
  ``--fail-on warning`` for a legal deck). The setup declaration of 6.2.1.3 is left to the engine, which reads
  :func:`effective_basis` (``title`` when the title basis holds, else ``class``); :func:`basis_status` gives the
  full verdict, including which bases pass.
- A `basis` value other than class/title (English or クラス/タイトル, any case or width) is an `evolve.basis`
  violation even when `evolve.leader` fails: it is a mistake in the deck file, not a basis that cannot be judged.
- A leader entry that resolves to no card is reported by `deck.unknown-card` only; `evolve.basis` is then skipped,
  because the leader that sets the reference is unknown.
- The copy limit of a name in a section comes from that section's records of the name; records that belong in the
  section (EVOLVE records in `evolve`, others in `main`) decide, else the others. Records of one limit identity
  (name, EVOLVE flag) agree on `deck_limit`, so the choice is unique.

Engine setup (:data:`SETUP`, spec "Setup procedure"):

- The setup choice `basis` (the deck key, or a `choices` entry that overrides it) must name a basis the leader
  carries and the deck meets (6.1.1.5, 6.2.1.3); otherwise the setup refuses to run. Without one, the engine uses
  :func:`effective_basis`.
- The 5 『魔法のアイテム』 tokens of 14.3.1.2 are the card database's token record of that name (the default
  layers, since a deck does not carry its database), else a stand-in record. Tokens come from no deck, so card
  conservation is measured by :func:`card_inventory` (``table.inventory()`` without tokens), which always equals
  the multiset of the deck's leader, main and evolve sections; ``table.inventory()`` also counts the 5 tokens,
  and ``table.notes["not from the deck"]`` names the zone that holds them (``["ex-area"]``).
- The main deck must hold at least 4 cards (the opening hand, 6.2.1.7); an own-turn draw from an empty deck is
  refused, as it loses the game (1.2.1.2, 11.2.2).
"""

from __future__ import annotations

from datetime import date

from deckcheck._i18n import N_
from deckcheck.games.evolve.basis import (
    BASIS_WORDS,
    VANGUARD_RULES,
    BasisStatus,
    basis_status,
    crossover_leaders,
    declared_basis,
    effective_basis,
    leader_card,
    off_class_triggers,
    start_amulets,
    vanguard_basis_in_play,
    vanguard_conditions_apply,
)
from deckcheck.games.evolve.card import (
    CINDERELLA_GIRLS,
    CLASS_NAMES,
    CROSSOVER,
    DEFAULT_COPIES,
    SEALED,
    STANDARD,
    V1_24,
    V1_26,
    VANGUARD_TITLE,
    CardType,
    ClassName,
    Cost,
    EvolveCard,
    OptionalClass,
    OptionalText,
    OptionalTrigger,
    PrintedName,
    Stat,
    Traits,
    TriggerIcon,
    class_name,
    db_warnings,
    home_section,
    in_evolve_deck,
)
from deckcheck.games.evolve.construction import (
    BASES,
    EVOLVE_MAX,
    MAIN_MAX,
    MAIN_MIN,
    SEALED_MAIN_MIN,
    basis,
    copies,
    copy_groups,
    crossover_classes,
    evolve_size,
    evolve_types,
    leader,
    main_size,
    main_types,
    rules,
    sealed_pool,
    section_limit,
    start_amulet,
    vg_start_amulet,
    vg_trigger_class,
)
from deckcheck.games.evolve.profile import distributions, stats_report
from deckcheck.games.evolve.registry import REGISTRY_TITLES, registry_keys
from deckcheck.games.evolve.setup import (
    HAND_SIZE,
    LEADER_HEALTH,
    MAGIC_ITEM,
    MAGIC_ITEM_COUNT,
    PP_CAP,
    SECOND_PLAYER_EP,
    SETUP,
    card_inventory,
    magic_item_token,
)
from deckcheck.model.game import (
    Cards,
    Copies,
    DeckKeys,
    FieldWord,
    Game,
    PastedWords,
    Profile,
    Registry,
    Wording,
)
from deckcheck.model.versions import Play, RulesVersion, VersionAddition


def _limit_identity(card: EvolveCard) -> tuple[str, bool]:
    """A name's copies are limited in the main deck and the evolve deck separately (6.1.1.4). Spec example 7: a main
    record with deck_limit and its EVOLVE record without one are both valid."""
    return card.name, in_evolve_deck(card)


#: The rules document's words for the printed fields (総合ルール, 「2. カードの情報」; the trigger icons of 14.4.1.1 in
#: Ver.1.24.1): filters take them for the field (`クラス=エルフ`, `コスト<=2`).
FIELD_WORDS = (
    FieldWord("カード名", "name", "2.1"),
    FieldWord("クラス", "class", "2.2"),
    FieldWord("種類", "type", "2.3"),
    FieldWord("エボルヴ", "evolve", "2.3.3.1"),
    FieldWord("タイプ", "traits", "2.4"),
    FieldWord("コスト", "cost", "2.5"),
    FieldWord("カードテキスト", "text", "2.6"),
    FieldWord("攻撃力", "attack", "2.7"),
    FieldWord("体力", "defense", "2.8"),
    FieldWord("トークン", "token", "2.9"),
    FieldWord("タイトル", "title", "2.13"),
    FieldWord("コラボ名", "collab_name", "2.14"),
    FieldWord("トリガー", "trigger", "14.4.1.1"),
)


GAME: Game[EvolveCard] = Game(
    id="evolve",
    title=N_("Shadowverse EVOLVE"),
    rules_document=N_(
        "総合ルール Ver.1.26.1 (2026-06-09; Ver.1.24.1, 2026-01-29, and Ver.1.7.0, 2023-08-18, by {rules} or {as_of})"
    ),
    sections=("leader", "main", "evolve", "pool"),
    card_model=EvolveCard,
    rules=tuple(rules.rules),
    keys=DeckKeys(words=("basis",), allowed_words={"basis": tuple(BASIS_WORDS)}),
    setup=SETUP,
    copies=Copies(
        identity=_limit_identity,
        groups=copy_groups,
        default=DEFAULT_COPIES,
    ),
    cards=Cards(
        db_warnings=db_warnings,
        home_section=home_section,
        # `BP01-001`, `CSD01a-001`, `PR-004`; not `BP01-SL01`, `BP01-P01`, `BP01-U01`, `CP01-SP01`
        regular_number=r"[A-Z]+\d*[A-Z]?-\d+",
        search_columns=("type", "class_", "cost", "attack", "defense", "evolve", "advance", "traits"),
        field_words=FIELD_WORDS,
    ),
    profile=Profile(
        stats_report=stats_report,
        stats_report_summary=N_(
            "a follower of cost N on own turn N (all its PP), N = 2..6, the follower curve 2..5 together, and a "
            "follower the evolve deck can evolve by own turn 3"
        ),
        hand_column="cost",
        distributions=distributions,
    ),
    registry=Registry(
        lists={"list": "main", "sub_list": "evolve", "p_list": "leader"},
        keys=registry_keys,
        title_id=6,  # seen in real exports of the official deck registry
    ),
    wording=Wording(
        terms={
            "type": {"leader": "2.3.2", "follower": "2.3.2", "amulet": "2.3.2", "spell": "2.3.2", "crest": "2.3.2"},
            "class": {
                "forest": "2.2.2",
                "sword": "2.2.2",
                "rune": "2.2.2",
                "dragon": "2.2.2",
                "abyss": "2.2.2",
                "haven": "2.2.2",
                "neutral": "2.2.2",
            },
            # the deck key `format` (付録 B: 「シールド戦」 B-1, 「クロスオーバー」フォーマット B-2); standard is the
            # document's default and has no name in it, so it stays as written
            "format": {"crossover": "B-2", "sealed": "B-1"},
            # the deck key `basis`: クラスを基準とする / タイトルを基準とする (6.1.1.5.1, 6.1.1.5.2)
            "basis": {"class": "6.1.1.5.1", "title": "6.1.1.5.2"},
        },
        section_words={
            "リーダー": "leader",
            "リーダーカード": "leader",
            "メインデッキ": "main",
            "メイン": "main",
            "デッキ": "main",
            "エボルヴデッキ": "evolve",
            "エボルブデッキ": "evolve",
            "エボルヴ": "evolve",
            "プール": "pool",
        },
        # `≪name≫:3-2` gives a name's copies in the main deck and the evolve deck together
        pasted=PastedWords(pair=("main", "evolve"), one_card=("leader",)),
        section_labels={"leader": N_("Leader"), "main": N_("Main deck"), "evolve": N_("EVOLVE deck")},
        section_phrases={"main": N_("the main deck"), "evolve": N_("the evolve deck")},
        key_labels={"basis": N_("Deck basis")},
        always_listed=("leader", "main"),
    ),
    play=Play(
        versions=(
            RulesVersion("1.7.0", date(2023, 8, 18), "総合ルール Ver.1.7.0"),
            RulesVersion(V1_24, date(2026, 1, 29), "総合ルール ver. 1.24.1"),
            # the same text as 1.24.1 in 6.1, 6.2 and appendix B (spec evolve-2026 §1): the same rules and refs
            RulesVersion(V1_26, date(2026, 6, 9), "総合ルール ver. 1.26.1"),
        ),
        version_notes={
            "1.7.0": N_(
                "Ver.1.7.0 applied; versions 1.8–1.24.0, in force during part of this period, are not modelled "
                "(Vanguard-title conditions 14.4.2/14.4.4 are not checked)"
            )
        },
        # The Vanguard-title conditions came with the products that need them, CP03 and CSD03a/b, on 2024-06-28
        # (spec evolve-2026 §1): a day from then up to 2026-01-28 is judged by 1.7.0 plus these rules.
        version_additions=(
            VersionAddition(
                "1.7.0",
                date(2024, 6, 28),
                VANGUARD_RULES,
                N_(
                    "Ver.1.7.0 applied, with the Vanguard-title conditions of Ver.1.24.1 (6.1.1.5.2.1, 14.4.2–14.4.4: "
                    "start amulets and triggers), which came with the collaboration products of 2024-06-28 (CP03, "
                    "CSD03a/b); versions 1.8–1.24.0, in force during part of this period, are not modelled"
                ),
            ),
        ),
        formats=(STANDARD, CROSSOVER, SEALED),
        format_aliases={"クロスオーバー": CROSSOVER, "シールド戦": SEALED, "シールド": SEALED},
        format_since={CROSSOVER: V1_24, SEALED: V1_24},
        format_refs={CROSSOVER: N_("appendix B-2"), SEALED: N_("appendix B-1")},
        format_sections={"pool": (SEALED,)},
    ),
)


# What other modules and tests import from deckcheck.games.evolve (the names the single module had).
__all__ = [
    "BASES",
    "BASIS_WORDS",
    "CINDERELLA_GIRLS",
    "CLASS_NAMES",
    "CROSSOVER",
    "DEFAULT_COPIES",
    "EVOLVE_MAX",
    "GAME",
    "HAND_SIZE",
    "LEADER_HEALTH",
    "MAGIC_ITEM",
    "MAGIC_ITEM_COUNT",
    "MAIN_MAX",
    "MAIN_MIN",
    "PP_CAP",
    "REGISTRY_TITLES",
    "SEALED",
    "SEALED_MAIN_MIN",
    "SECOND_PLAYER_EP",
    "SETUP",
    "STANDARD",
    "V1_24",
    "V1_26",
    "VANGUARD_RULES",
    "VANGUARD_TITLE",
    "BasisStatus",
    "CardType",
    "ClassName",
    "Cost",
    "EvolveCard",
    "OptionalClass",
    "OptionalText",
    "OptionalTrigger",
    "PrintedName",
    "Stat",
    "Traits",
    "TriggerIcon",
    "basis",
    "basis_status",
    "card_inventory",
    "class_name",
    "copies",
    "copy_groups",
    "crossover_classes",
    "crossover_leaders",
    "declared_basis",
    "effective_basis",
    "evolve_size",
    "evolve_types",
    "in_evolve_deck",
    "leader",
    "leader_card",
    "magic_item_token",
    "main_size",
    "main_types",
    "off_class_triggers",
    "rules",
    "sealed_pool",
    "section_limit",
    "start_amulet",
    "start_amulets",
    "vanguard_basis_in_play",
    "vanguard_conditions_apply",
    "vg_start_amulet",
    "vg_trigger_class",
]
