"""Opening-hand statistics: exact odds under each game's mulligan rule, the optimal mulligan, and simulation.

May import engine, model, _util and errors (a game plugs its own turns in through its TurnModel)."""
