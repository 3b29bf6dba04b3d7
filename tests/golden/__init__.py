"""Golden outputs of the deckcheck command line: cases.py (what runs), runner.py (how), record.py, expected/."""
