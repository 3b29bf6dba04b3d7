"""The public card list formats `cards import` reads besides deckcheck's own columns: what a game's reader of such a
format gives the importer (:class:`ListFormat`), and how it says that an item cannot be mapped (:class:`RowError`) or
is left out on purpose (:class:`LeftOut`).

The importer knows no format of its own here: the layer that may import both the importer and a game's converters
(the CLI) hands it the game's formats (``deckcheck.realdata.list_formats``), so the mapping of a fan list to card
records is written once, in the game's converter, and shared by the shipped data and by an import."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal


class RowError(ValueError):
    """An item of a list that cannot be mapped to a card record: the field (``-``: the item as a whole) and why."""

    def __init__(self, field_name: str, reason: str) -> None:
        super().__init__(f"field '{field_name}': {reason}")
        self.field = field_name
        self.reason = reason


class LeftOut(Exception):  # noqa: N818 (not an error: an item that is not a card of a deck)
    """An item that is not a card of a deck (EVOLVE's EP/SEP point markers): left out, with a note saying why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _no_context(_items: list[Any]) -> Any:
    return None


@dataclass(frozen=True)
class ListFormat:
    """A public card list format of one game.

    - ``id``: a stable name, for the import's JSON output; ``name``: its description for people (marked with N_,
      translated when it is said).
    - ``shape``: ``"table"`` (CSV/TSV: ``recognises`` gets the header cells, NFKC-normalised, trimmed, casefolded; an
      item is ``{header cell: cell text}`` for the row's non-empty cells) or ``"json"`` (``recognises`` gets the
      document; ``items`` gives its items, each one an "item N").
    - ``context``: made once from every item (e.g. the titles of crossover products), passed to ``records``.
    - ``records``: the card records of one item (several when the item stands for several printings); it raises
      :class:`RowError` for an item it cannot map, :class:`LeftOut` for one that is not a card of a deck.
    """

    id: str
    name: str
    shape: Literal["table", "json"]
    recognises: Callable[[Any], bool]
    records: Callable[[Any, Any], list[dict[str, Any]]]
    items: Callable[[Any], list[Any]] | None = None
    context: Callable[[list[Any]], Any] = _no_context
