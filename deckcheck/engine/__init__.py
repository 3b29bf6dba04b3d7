"""The embedded engine: one player's table (table), a game's setup and turns as data (procedure), and the deal with
each game's real mulligan (deal). May import model, _util and errors."""
