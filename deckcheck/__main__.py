from deckcheck.cli import main

main()
