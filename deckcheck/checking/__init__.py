"""Checking decks and reporting what was found: one deck (deck, with the shared rules of rules), every deck under some
paths (run, with discover, session and parallel), regulations, and the output formats (output).

May import carddb, formats, games and the layers below them. Nothing is re-exported here, so that a command loads
only the modules it uses (`show` judges one deck and never walks folders); deckcheck/__init__.py names the public
ones."""
