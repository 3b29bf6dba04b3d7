"""Text output is fitted to 80 columns (deckcheck._util.text.fit_line): a test that asserts what a message says,
not how it is laid out, compares with the blanks and line breaks taken out of both sides. The goldens
(tests/golden) hold the layout."""

import re


def unfitted(text: str) -> str:
    """`text` without any blank or line break: where the fitter broke a line makes no difference."""
    return re.sub(r"\s+", "", text)


def says(expected: str, text: str) -> bool:
    """Whether `text` says `expected`, wherever its lines were broken."""
    return unfitted(expected) in unfitted(text)
