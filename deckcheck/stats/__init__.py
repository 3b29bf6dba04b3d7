"""Opening-hand statistics: exact odds under each game's mulligan rule, the optimal mulligan, and simulation."""
