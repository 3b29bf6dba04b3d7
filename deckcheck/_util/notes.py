"""Notes said from deep inside the library, where no result can carry them (a rewritten file that lost its owner, the
card cache's account of itself): one channel, so that library code never prints.

The command line names where they go (:func:`listen`: stderr, as ``deckcheck: note: …``; debug notes only with
$DECKCHECK_DEBUG). A program that uses deckcheck as a library gets them from the standard ``logging`` logger
``"deckcheck"`` (INFO, debug notes at DEBUG), which has a ``NullHandler``: nothing is printed unless the program
configures logging. ``logging`` is imported only when a note is said to no listener, so no command pays for it.
"""

from __future__ import annotations

from collections.abc import Callable

#: Who hears a note: (message, is it a debug note?). None: the logger "deckcheck".
Listener = Callable[[str, bool], None]

_listener: Listener | None = None
LOGGER_NAME = "deckcheck"


def listen(listener: Listener | None) -> Listener | None:
    """Send every later note to `listener` (None: to the logger again); returns the one it replaces."""
    global _listener
    previous, _listener = _listener, listener
    return previous


def note(message: str, *, debug: bool = False) -> None:
    """Say `message` to whoever listens: a note for the user, or (`debug`) one for whoever looks into deckcheck."""
    if _listener is not None:
        _listener(message, debug)
        return
    import logging  # deferred: a library caller's note, said rarely (no command imports logging for it)

    logger = logging.getLogger(LOGGER_NAME)
    if not any(isinstance(handler, logging.NullHandler) for handler in logger.handlers):
        logger.addHandler(logging.NullHandler())  # the library's habit: silent until the program configures logging
    logger.log(logging.DEBUG if debug else logging.INFO, message)
