"""Deck files: reading TOML, JSON and text decklists (read, with the text grammar in text), line-by-line edits that
keep comments (edit), writing (write) and printed lists (printable). May import games and below, never carddb."""
