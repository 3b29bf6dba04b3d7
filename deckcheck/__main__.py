"""`python -m deckcheck` and the `deckcheck` command (what their start-up does: deckcheck.cli.startup)."""

from deckcheck.cli import startup


def main() -> None:
    startup.pause()
    from deckcheck.cli.app import main as run  # deferred: after the collector is paused

    run(resume_gc=True)


if __name__ == "__main__":
    main()
