"""Card databases: the layered card files of each game (shipped, repository, $DECKCHECK_CARDDB, --carddb),
their cache, search and import.  May import: games, model, _util, errors."""

from deckcheck.carddb.db import CardDB, build_carddb, layer_folders, load_carddb

__all__ = ["CardDB", "build_carddb", "layer_folders", "load_carddb"]
