"""The commands' bodies that are more than one library call: show, hand, stats, build (new, add, remove, set),
convert, search, importing and the listings. They take plain values and return what to print; no typer, no flags
(the CLI in deckcheck/cli/ declares the options). May import _api and every layer below it."""
