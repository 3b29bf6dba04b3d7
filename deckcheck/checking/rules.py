"""The rules every game shares (`deck.*`, `regulation.*`) and deckcheck's own finding about a file it could not read:
one registry, read by the checks that report them, by `deckcheck rules` and by the SARIF and JUnit outputs."""

from __future__ import annotations

from typing import NamedTuple

from deckcheck._i18n import N_


class SharedRule(NamedTuple):
    """A rule of every game: its id, a one-sentence summary (in English, marked: `translate(summary)` where it is
    shown), and the section of the product contract (README) that defines it."""

    id: str
    summary: str
    contract_section: str = ""


class SharedRules(dict[str, SharedRule]):
    """Shared rules by id, in the order they are declared; an id declared twice is a bug caught at import."""

    def declare(self, rule_id: str, summary: str, contract_section: str = "") -> str:
        if rule_id in self:
            raise ValueError(f"the shared rule {rule_id!r} is declared twice")
        self[rule_id] = SharedRule(rule_id, summary, contract_section)
        return rule_id


SHARED_RULES = SharedRules()
UNKNOWN_CARD = SHARED_RULES.declare(
    "deck.unknown-card", N_("A deck entry resolves to no card of the game's card database."), "Deck files"
)
BAD_COUNT = SHARED_RULES.declare("deck.bad-count", N_("A count is not a positive whole number."), "Deck files")
UNKNOWN_SECTION = SHARED_RULES.declare("deck.unknown-section", N_("A section the game does not have."), "Deck files")
NUMBER_NAME = SHARED_RULES.declare(
    "deck.number-name",
    N_("A text line's card number and the name written beside it are not one card (the number wins)."),
    "Deck files",
)
PASTED_READING = SHARED_RULES.declare(
    "deck.pasted-reading",
    N_(
        "Reading a pasted list guessed or could not read a line: a name not as printed, a line not understood, a "
        "total that disagrees with the counts (and in a text decklist, a heading count that does or a name not as "
        "printed)."
    ),
    "Deck files",
)
BANNED = SHARED_RULES.declare("regulation.banned", N_("A card the selected regulation bans."), "Regulations")
RESTRICTED = SHARED_RULES.declare(
    "regulation.restricted", N_("More copies of a card than the selected regulation allows."), "Regulations"
)

#: Not a rule of the games: a file that could not be checked (exit code 2), as the outputs report it.
UNREADABLE = SharedRule(
    "deckcheck.unreadable", N_("A file that could not be read as a deck, or a broken card database (exit code 2).")
)
