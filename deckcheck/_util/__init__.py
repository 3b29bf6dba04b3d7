"""Leaves every layer may use: text for people (display width, plurals), reading files, the TOML line scanner and the
key-line finder, input limits, atomic and locked writes, terminal styling, control characters made visible, search
keys. Imports nothing of deckcheck but errors."""
