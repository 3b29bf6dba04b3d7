"""`python -m deckcheck` and the `deckcheck` command (their start-up: deckcheck.cli.startup)."""

from deckcheck.cli.startup import main

if __name__ == "__main__":
    main()
