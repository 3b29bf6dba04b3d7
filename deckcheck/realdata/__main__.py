"""`python -m deckcheck.realdata GAME SOURCE.json CARDDB`, in the language the command line would speak
($DECKCHECK_LANG, else the locale; an unknown $DECKCHECK_LANG: the locale's)."""

import sys

from deckcheck import _i18n
from deckcheck.realdata import main

try:
    _i18n.choose(_i18n.select(None))
except _i18n.UnknownLanguage:
    _i18n.choose(_i18n.from_locale())

sys.exit(main())
