"""`python -m deckcheck.realdata GAME SOURCE.json CARDDB`."""

import sys

from deckcheck.realdata import main

sys.exit(main())
