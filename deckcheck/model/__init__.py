"""The domain as data, with no file I/O: cards and their declarative record layer (cards: the only module that
imports pydantic), decks (deck), games and their rules (game), findings (violation) and card filters (query).
May import _util and errors."""
