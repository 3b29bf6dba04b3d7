"""The golden cases: deckcheck command lines whose stdout, stderr and exit code are recorded in expected/.

A case is the command line of `python -m deckcheck` (written as in a shell, split with shlex; `python -m
deckcheck.realdata` for the real-data converter), optional stdin, environment overrides, and for commands that write
files a work folder (a fresh scratch folder, into which `files` are copied from the repository first) and the files
to record after the run. Cases without a work folder run with the repository root as the working folder. Cases
sharing a work folder run in their listed order, in one folder: that is how the README's "build a deck" and
"convert" sessions are replayed.

Covered: every command line of README.md's ```sh blocks that can run against shipped data (with a fixed --seed where
the README's has none, `DECK` replaced by a shipped deck); every shipped deck (decks/**) through check, show, hand,
stats and convert to every format; `check decks/` in every output format, also under a regulation (so that
violations are printed in every format); games, rules of every game, card searches; files that cannot be checked
(tests/golden/carddb/decks) and other exit-2 paths; colour forced on; --help of every command.

The inputs made for these cases live in tests/golden/carddb/: a folder named carddb, so that `deckcheck check .`
skips them (as it does tests/data/starter/carddb/decks).

Case ids are file names (expected/<id>.out, .err, .code): keep them stable; re-record with
`python tests/golden/record.py` only when an output change is intended.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from deckcheck.games import all_games

_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Case:
    id: str
    argv: tuple[str, ...]
    stdin: str | None = None
    env: tuple[tuple[str, str | None], ...] = ()  # overrides of the base environment; None removes a variable
    workdir: str | None = None  # run in this scratch folder (shared, in order, by the cases naming it)
    files: tuple[tuple[str, str], ...] = ()  # (name in the work folder, repository path) copied in before the group
    capture: tuple[str, ...] = ()  # files of the work folder recorded after the run
    module: str = "deckcheck"

    @property
    def cost(self) -> int:
        """A rough run time, so that the slow cases start first."""
        return {"stats": 10, "hand": 2, "odds": 2}.get(self.argv[0] if self.argv else "", 1)


CASES: list[Case] = []
#: The case the runner runs before the others: it reads a card database of every game (see runner.run_all).
WARM_UP = "readme-check-decks"


def case(case_id: str, command: str, **options) -> None:
    """A case: `command` is what follows `deckcheck` on a shell line; dict options become tuples of their items."""
    options = {key: tuple(value.items()) if isinstance(value, dict) else value for key, value in options.items()}
    CASES.append(Case(case_id, tuple(shlex.split(command)), **options))


_INPUTS = "tests/golden/carddb"
_BAD = f"{_INPUTS}/decks"  # files that cannot be checked, an illegal deck, decks whose setup cannot run
# the invented EVOLVE, Cipher and Vanguard cards, a card database folder with decks
_STARTER = "tests/data/starter/carddb"
_VG = "decks/vanguard/royal-paladin-altmile.deck.toml"
_VG_NAMES = "decks/vanguard/kagerou-overlord-destiny.txt"  # a deck naming its cards by name
_UNKNOWN = f"{_INPUTS}/unknown-facts"  # a Vanguard deck whose verdict depends on facts the card data cannot tell
_CHROM = "decks/cipher/chrom-shepherds.txt"
_FOREST = "decks/evolve/2026-03-21-forest-4C1VD.deck.toml"
_SAMPLE = "'Sample Standard 2026-10'"  # a shipped sample regulation (quoted for the shell-style command)
FORMATS = ("text", "json", "github", "sarif", "junit")

# README.md: "Checking decks" --------------------------------------------------------------------------------------

case("readme-check-decks", "check decks/")
case("readme-check-two-files", f"check {_VG} {_VG_NAMES}")
for fmt in FORMATS[1:]:
    case(f"readme-check-decks-output-{fmt}", f"check decks/ --output {fmt}")
case("readme-check-decks-fail-on-warning", "check decks/ --fail-on warning")
# `deckcheck check deck.toml --carddb my-cards/`: the starter cards are such a folder, with decks of their cards.
case("readme-check-carddb", f"check {_STARTER}/decks/cipher/aozora-kishidan.deck.toml --carddb {_STARTER}")
case("check-carddb-folder", f"check {_STARTER}/decks --carddb {_STARTER}")
case("check-carddb-folder-without-carddb", f"check {_STARTER}/decks")  # their cards are unknown: violations

# README.md: regulations (and the violations they bring, in every output format) -----------------------------------

case("readme-check-regulation", f"check decks/ --regulation {_SAMPLE}")
case("readme-check-as-of", "check decks/ --as-of 2026-09-30")
case("readme-check-no-regulation", "check decks/ --no-regulation")  # the default (today's) is readme-check-decks
case("check-today-2024-06-27", "check decks/evolve", env={"DECKCHECK_TODAY": "2024-06-27"})  # the list before
case("check-no-regulation-with-as-of", "check decks/ --no-regulation --as-of 2026-09-30")  # exit 2
case("show-evolve-no-regulation", f"show {_FOREST} --no-regulation")
# (`deckcheck rules vanguard` is rules-vanguard-text below.)
for fmt in FORMATS[1:]:
    case(f"check-regulation-output-{fmt}", f"check decks/ --regulation {_SAMPLE} --output {fmt}")
case("readme-check-evolve-as-of-2025-06-01", "check decks/evolve --as-of 2025-06-01")
case("readme-check-evolve-rules-1.7.0", "check decks/evolve --rules 1.7.0")
case("readme-check-evolve-format-crossover", "check decks/evolve --format crossover")  # one leader each: exit 1
case("check-evolve-rules-unknown", "check decks/evolve --rules 9.9")  # exit 2
case("check-evolve-as-of-2023-01-01", "check decks/evolve --as-of 2023-01-01")
case("check-evolve-as-of-2024-07-01", "check decks/evolve --as-of 2024-07-01")
case("check-evolve-as-of-2024-07-01-json", "check decks/evolve --as-of 2024-07-01 -o json")
case("check-as-of-before-every-regulation", "check decks/ --as-of 2000-01-01")
case("show-regulation", f"show {_VG} --regulation {_SAMPLE}")
case("show-regulation-json", f"show {_VG} --regulation {_SAMPLE} -o json")
case("show-evolve-as-of", f"show {_FOREST} --as-of 2024-07-01")
case("convert-markdown-regulation", f"convert {_VG} --to markdown --regulation {_SAMPLE}")
case("convert-html-regulation", f"convert {_VG} --to html --regulation {_SAMPLE}")
# a printed list in Japanese: its headings, labels, problems block and marked rows (issue 29)
_JA_LOCALE = {"LANG": "ja_JP.UTF-8", "LC_ALL": None}  # the locale chooses Japanese (LC_ALL, set in the base, would win)
case("convert-markdown-regulation-ja", f"convert {_VG} --to markdown --regulation {_SAMPLE}", env=_JA_LOCALE)

# README.md: "Test hands" (DECK: the Vanguard example deck; a --seed added where the README's line has none) ---------

case("readme-hand-seed-7", f"hand {_CHROM} --seed 7")
case("readme-hand-going-second-turn-3", f"hand {_VG} --going second --turn 3 --seed 7")
case("readme-hand-mulligan-keep-grade-1", f"hand {_VG} --mulligan keep:grade=1 --seed 7")
case("readme-hand-count-5-json", f"hand {_VG} --count 5 --output json --seed 7")
case("readme-hand-mulligan-keep-grade-le-1", f"hand {_VG} --mulligan 'keep:grade<=1' --seed 7")
case("readme-hand-choose-lord", f"hand {_CHROM} --choose lord=B01-053 --seed 7")
case("readme-hand-optimal-want", f"hand {_VG} --mulligan optimal --want grade=1 --turn 1 --seed 7")
case("readme-hand-optimal-want-any", f"hand {_VG} --mulligan optimal --want grade=1 --any grade=3 --seed 7")
case("readme-hand-turn-2-log", f"hand {_VG} --turn 2 --log --seed 7")
case("hand-count-3-text", "hand decks/evolve/2026-03-22-priconne-15M3H.deck.toml --count 3 --seed 11")
case("hand-evolve-choose-basis", "hand decks/evolve/2026-03-21-rune-XEB3.deck.toml --choose basis=class --seed 2")
# Shadowverse EVOLVE in Japanese (issue 29): its violations, its setup log and its stats questions. LC_ALL of the base
# environment is removed, or it would decide the language before LANG.
_JA = {"LANG": "ja_JP.UTF-8", "LC_ALL": None}
case("check-evolve-illegal-ja", f"check {_INPUTS}/evolve-ja/illegal.deck.toml", env=_JA)  # exit 1
case("hand-evolve-log-ja", "hand decks/evolve/2026-03-22-priconne-15M3H.deck.toml --seed 1 --turn 2 --log", env=_JA)
case("stats-evolve-default-ja", f"stats {_FOREST} --seed 1", env=_JA)

# README.md: "Opening-hand odds" (DECK: the Vanguard example deck, or an EVOLVE forest deck for class=forest) -------

# (`deckcheck stats decks/vanguard/royal-paladin-altmile.deck.toml` is
# deck-vanguard-royal-paladin-altmile--stats-default below.)
case("readme-stats-want-grade-1", f"stats {_VG} --want grade=1")
# The README's line says --turn 3, which takes 5 s of exact counting here: --turn 2 runs the same code in 1 s.
case("readme-stats-two-wants-turn-2", f"stats {_VG} --want grade=1 --want '>=2 trigger=heal' --turn 2")
case("readme-stats-evolve-mulligan-none", f"stats {_FOREST} --want 'cost=1|2,class=forest' --mulligan none")
case("readme-stats-explain", f"stats {_VG} --want grade=1 --explain")
# The README's `--precision 0.001` simulates up to 10,000,000 setups (3 s here): a looser precision with a cap keeps
# the case short and still stops on the precision.
case(
    "readme-stats-simulate-precision",
    f"stats {_VG} --want grade=3 --turn 3 --method simulate --seed 1 --precision 0.005 --trials 200000",
)
case("stats-simulate-json", f"stats {_VG} --want grade=2 --method simulate --seed 3 --trials 20000 -o json")
case("readme-stats-number-compare", f"stats {_VG} --want 'grade>=2' --want 'power>10000'")
case(
    "readme-stats-plot-svg",
    "stats rp.deck.toml --want grade=1 --turn 4 --plot odds.svg",
    workdir="stats-plot",
    files={"rp.deck.toml": _VG},
    capture=("odds.svg",),
)
case("readme-stats-each-want-own-turn", f"stats {_VG} --want grade=1@1 --want grade=2@2 --want grade=3@3")
case("readme-stats-any", f"stats {_VG} --any grade=1@1 --any 'name=月桂の騎士 シシルス@1' --want grade=2@2")
case("readme-stats-floor", f"stats {_VG} --want grade=3 --turn 4 --floor")
case("stats-json-explain", "stats decks/cipher/marth-altea.deck.toml --want cost=1 --turn 1 --explain -o json")
case("readme-odds", "odds --game vanguard --deck-size 50 --copies outs=17 --want outs@3")
case("odds-json", "odds --game vanguard --deck-size 50 --copies outs=17 --want outs@3 -o json")
case("odds-cipher-any", "odds --game cipher --deck-size 50 --copies a=8 --copies b=4 --any a@1 --any b@1")
# the same in Japanese (issue 29): the table and the bars aligned by display width, the notes said once
_JA = {"LANG": "ja_JP.UTF-8", "LC_ALL": None}  # (the base environment sets LC_ALL=C.UTF-8, which would decide)
case("stats-two-wants-turn-2-ja", f"stats {_VG} --want grade=1 --want '>=2 trigger=heal' --turn 2", env=_JA)
case(
    "stats-simulate-precision-explain-ja",
    f"stats {_VG} --want grade=3 --turn 3 --method simulate --seed 1 --precision 0.005 --trials 200000 --explain",
    env=_JA,
)
_HAND = "G-BT04/011,G-BT02/010,G-BT06/003,G-BT06/003,G-BT02/011"
case("stats-hand-advice-ja", f"stats {_VG} --want grade=3 --hand {_HAND}", env=_JA)

# README.md: "Building decks", replayed in one work folder ----------------------------------------------------------

_BUILD = {"workdir": "build", "capture": ("rp.deck.toml",)}
case("readme-build-1-new", "new rp.deck.toml --game vanguard --name 'Royal Paladin'", **_BUILD)
case("readme-build-2-add", "add rp.deck.toml G-TD02/002 --count 4", **_BUILD)
case("readme-build-3-add-g-unit", "add rp.deck.toml '飛天の聖騎士 アルトマイル'", **_BUILD)
case("readme-build-4-remove", "remove rp.deck.toml G-TD02/002 --count 1", **_BUILD)
case("readme-build-5-add-first-vanguard", "add rp.deck.toml G-TD02/014", **_BUILD)
case("readme-build-6-set", "set rp.deck.toml first_vanguard G-TD02/014", **_BUILD)
case("readme-build-7-show", "show rp.deck.toml", workdir="build")
case("readme-build-8-show-regulation", f"show rp.deck.toml --regulation {_SAMPLE}", workdir="build")
case("build-9-add-unknown-card", "add rp.deck.toml ぶらすたーぶれーど", **_BUILD)  # exit 2: ブラスター・ブレード?
case("build-10-set-unknown-key", "set rp.deck.toml colour red", **_BUILD)  # exit 2
case("build-11-new-refuses-to-overwrite", "new rp.deck.toml --game vanguard", **_BUILD)  # exit 2
case("readme-cards-search", "cards search あるとまいる --game vanguard")

# README.md: "Converting, registry decks and printable lists", replayed in one work folder -------------------------

case(
    "readme-convert-1-text-to-toml",
    "convert deck.txt --to toml --out-file deck.deck.toml",
    workdir="convert",
    files={"deck.txt": _VG_NAMES, "registry.json": f"{_INPUTS}/registry/registry.json"},
    capture=("deck.deck.toml",),
)
case(
    "readme-convert-2-registry",
    "convert registry.json --to toml --out-file my.deck.toml",
    workdir="convert",
    capture=("my.deck.toml",),
)
case(
    "readme-convert-3-markdown",
    "convert deck.deck.toml --to markdown --out-file deck.md",
    workdir="convert",
    capture=("deck.md",),
)
case(
    "readme-convert-4-html-stdout",
    "convert deck.deck.toml -o html --player '山田 太郎' --event 'Shop Cup'",
    workdir="convert",
)
case("convert-5-refuses-to-overwrite", "convert deck.txt --to toml --out-file deck.deck.toml", workdir="convert")
case("convert-6-check-written", "check deck.deck.toml my.deck.toml", workdir="convert")
case("convert-registry-evolve-crossover", f"convert {_INPUTS}/registry/crossover-export.json --to toml")
case("convert-registry-vanguard", f"convert {_INPUTS}/registry/vanguard-export.json --to toml --game vanguard")
case("convert-registry-without-game", f"convert {_INPUTS}/registry/vanguard-export.json --to toml")  # exit 2
case("check-registry-export", f"check {_INPUTS}/registry/registry.json")  # exit 2: "convert it first"
# deck files that cannot be read, in Japanese: the explanation translated, path:line and the file's syntax as written
case(
    "check-unreadable-decks-ja",
    f"check {_BAD}/bad-lines.txt {_BAD}/duplicate-header.txt {_BAD}/malformed.deck.toml",
    env=_JA_LOCALE,
)
case("convert-notes-to-text-refused", f"convert {_BAD}/with-notes.deck.toml --to text")  # exit 2
case("convert-notes-to-text-forced", f"convert {_BAD}/with-notes.deck.toml --to text --force")

# README.md: "Card databases": the real-data converters and `cards import`, in work folders ------------------------

for game in ("evolve", "cipher", "vanguard"):
    case(
        f"readme-realdata-{game}",
        f"{game} cards.json carddb/",
        module="deckcheck.realdata",
        workdir=f"realdata-{game}",
        # (the README.md copied in only makes the carddb/ folder the command writes into)
        files={"cards.json": f"tests/data/realdata/{game}-cards-excerpt.json", "carddb/README.md": "carddb/README.md"},
        capture=(f"carddb/{game}/cards.toml",),
    )
case("realdata-help-ja", "--help", module="deckcheck.realdata", env=_JA_LOCALE)
case(
    "readme-cards-import-1",
    "cards import new-set.csv --game vanguard --into carddb/",
    workdir="import",
    files={"new-set.csv": f"{_INPUTS}/import/new-set.csv", "bad-rows.csv": f"{_INPUTS}/import/bad-rows.csv"},
    capture=("carddb/vanguard/new-set.toml",),
)
case("cards-import-2-again-unchanged", "cards import new-set.csv --game vanguard --into carddb/", workdir="import")
case(
    "cards-import-3-rejected-rows",
    "cards import bad-rows.csv --game vanguard --into carddb/ -o json",
    workdir="import",
    capture=("carddb/vanguard/bad-rows.toml",),
)

# games, rules, cards search ---------------------------------------------------------------------------------------

GAMES = tuple(all_games())  # every registered game (a new one: record its cases, tests/golden/record.py rules-ID)
case("games-text", "games")
case("games-json", "games -o json")
for game in GAMES:
    case(f"rules-{game}-text", f"rules {game}")
    case(f"rules-{game}-json", f"rules {game} --output json")

_SEARCHES = {
    "vanguard": [
        "grade=3,trigger=none",
        "G-BT01/00",
        "ｱﾙﾄﾏｲﾙ",
        "trigger=stand-or-none",
        "PR/0471W",
        "ブラスターブレード",
    ],
    "evolve": ["cost<=2,class=forest", "cost=1|2,class=エルフ", "ホッコータルマエ", "name~=エルフ"],
    "cipher": ["Chrom", "cost<=1,symbols=brand", "B20-001"],
    "build-divide": ["buster=true", "くろがね"],
    "ic-dragonball": ["level<=1", "ソラ"],
}  # every game has some: tests/test_golden.py holds it
for game, queries in _SEARCHES.items():
    for number, query in enumerate(queries, 1):
        case(f"cards-search-{game}-{number}", f"cards search {shlex.quote(query)} --game {game} --limit 8")
    case(f"cards-search-{game}-json", f"cards search {shlex.quote(queries[0])} --game {game} --limit 3 -o json")
case("cards-search-no-match", "cards search 存在しないカード --game vanguard")
case("cards-search-unknown-field", "cards search colour=red --game build-divide")  # exit 2
case("cards-search-text-field-compare", "cards search 'name>3' --game vanguard")  # exit 2
case("cards-search-unknown-game", "cards search x --game pokemon")  # exit 2
case("cards-search-every-game", "cards search ナイト --limit 3")  # no --game: a table per game
case("cards-search-every-game-json", "cards search 'cost=0' --limit 2 -o json")
case("cards-search-tokens", "cards search BP01-T0 --game evolve --tokens --limit 4")

# Files that cannot be checked, violations, and other exit-2 paths -------------------------------------------------

case("error-check-missing-file", "check decks/no-such-deck.deck.toml")
case("error-check-missing-and-good", f"check decks/no-such-deck.deck.toml {_VG}")
case("error-check-unknown-game", f"check {_BAD}/unknown-game.deck.toml")
case("error-check-malformed-toml", f"check {_BAD}/malformed.deck.toml")
case("error-check-unreadable-lines", f"check {_BAD}/bad-lines.txt")
case("error-check-duplicate-header", f"check {_BAD}/duplicate-header.txt")
case("error-check-duplicate-key-json", f"check {_BAD}/duplicate-key.deck.json")
case("check-illegal-deck", f"check {_BAD}/illegal.deck.toml")  # exit 1
case("check-illegal-deck-json", f"check {_BAD}/illegal.deck.toml -o json")
# Vanguard facts the card data cannot tell: warnings that name the cards (exit 0), and 1 with --fail-on warning
case("check-vanguard-unverified", f"check {_UNKNOWN}")
case("check-vanguard-unverified-json", f"check {_UNKNOWN} -o json")
case("check-vanguard-unverified-fail-on-warning", f"check {_UNKNOWN} --fail-on warning -o github")
case("show-vanguard-unverified", f"show {_UNKNOWN}/royal-paladin-unverified.txt")
case("stats-vanguard-unknown-stand", f"stats {_UNKNOWN}/royal-paladin-unverified.txt --want trigger=stand --turn 1")
# Vanguard and Cipher in Japanese, chosen by the locale (issue 29): every construction rule's message, the unverified
# counts, the setup and turn logs (G assist, drive checks, triggers, rides; the lord, orbs, the skipped first draw).
_JA = {"LANG": "ja_JP.UTF-8", "LC_ALL": None}
case("check-vanguard-cipher-broken-ja", f"check {_INPUTS}/ja {_UNKNOWN}", env=_JA)
case("hand-vanguard-log-ja", f"hand {_VG} --seed 3 --turn 4 --log --going second", env=_JA)
case("hand-cipher-log-ja", f"hand {_CHROM} --seed 1 --turn 2 --log", env=_JA)
for fmt in FORMATS:
    case(f"error-check-mixed-folder-{fmt}", f"check {_BAD} decks/vanguard --output {fmt}")
# check in Japanese (issue 29): headings, verdicts, the summary, notes; violations and files that cannot be checked; a
# SARIF log whose messages and rule descriptions are Japanese and everything else as in English
_JAPANESE = {"LANG": "ja_JP.UTF-8", "LC_ALL": None}  # the locale chooses Japanese (LC_ALL, set in the base, would win)
case("check-decks-ja", "check decks/", env=_JAPANESE)
case("check-mixed-folder-ja", f"check {_BAD} decks/vanguard", env=_JAPANESE)
case("check-regulation-output-sarif-ja", f"check decks/ --regulation {_SAMPLE} --output sarif", env=_JAPANESE)
case("error-check-unknown-regulation", "check decks/ --regulation 'No Such Regulation'")
case("error-check-bad-as-of", "check decks/ --as-of 2026-13-01")
case("error-check-bad-output", "check decks/ --output xml")
case("error-check-missing-carddb", f"check {_VG} --carddb no-such-folder/")
case("error-show-malformed", f"show {_BAD}/malformed.deck.toml")
case("error-show-missing", "show decks/no-such-deck.deck.toml")
case("show-illegal-deck", f"show {_BAD}/illegal.deck.toml")
case("show-illegal-deck-json", f"show {_BAD}/illegal.deck.toml -o json")
# in Japanese (issue 29): the same commands under a Japanese locale
_JA = {"LC_ALL": None, "LANG": "ja_JP.UTF-8"}  # LC_ALL, set for every case, would win
case("show-illegal-deck-ja", f"show {_BAD}/illegal.deck.toml", env=_JA)
case("cards-search-knight-king-ja", "cards search 騎士王 --limit 2", env=_JA)
case("help-check-ja", "check --help", env=_JA)
case("error-hand-missing", "hand decks/no-such-deck.deck.toml --seed 1")
case("hand-illegal-deck-dealt-anyway", f"hand {_INPUTS}/hands/illegal-known-cards.deck.toml --seed 1")
case("error-hand-unknown-card", f"hand {_BAD}/illegal.deck.toml --seed 1")  # refused: it would be dealt short
case("error-stats-unknown-card", f"stats {_BAD}/illegal.deck.toml --want grade=1")
case("hand-no-grade-0-unit", f"hand {_BAD}/no-grade-0.txt --seed 1")
case("error-hand-too-few-cards", f"hand {_BAD}/too-few-cards.txt --seed 1")
case("hand-no-leader-dealt-anyway", f"hand {_BAD}/no-leader.txt --seed 1")
case("error-hand-lord-not-in-deck", "hand decks/cipher/marth-altea.deck.toml --choose lord=B01-053 --seed 7")
case("error-hand-bad-mulligan", f"hand {_VG} --mulligan keep:colour=red --seed 1")
case("error-stats-malformed", f"stats {_BAD}/malformed.deck.toml")
case("error-stats-bad-want", f"stats {_VG} --want grade=")
case("error-convert-unknown-game", f"convert {_BAD}/unknown-game.deck.toml --to text")
case("error-convert-bad-format", f"convert {_VG} --to pdf")
case("error-rules-unknown-game", "rules pokemon")
case("error-odds-unknown-game", "odds --game pokemon --deck-size 50 --copies a=4")
case("error-unknown-command", "frobnicate")
case("error-no-command", "")

# Colour (forced on) and decks read from standard input ------------------------------------------------------------

_COLOUR = {"FORCE_COLOR": "1", "NO_COLOR": None, "TERM": None}
case("colour-check-illegal-deck", f"check {_BAD}/illegal.deck.toml", env=_COLOUR)
case("colour-check-decks", "check decks/vanguard", env=_COLOUR)
case("colour-show", f"show {_VG}", env=_COLOUR)
case("stdin-show", "show /dev/stdin", stdin=(_ROOT / _VG_NAMES).read_text(encoding="utf-8"))
case("stdin-check-pipe-refused", "check /dev/stdin", stdin="game: vanguard\n")  # exit 2: a pipe, not a regular file

# Help and version: the command-line surface ------------------------------------------------------------------------

case("help", "--help")
case("version", "--version")
for command in ("check", "hand", "stats", "odds", "new", "add", "remove", "set", "show", "convert", "games", "rules"):
    case(f"help-{command}", f"{command} --help")
for command in ("", " search", " import"):
    case(f"help-cards{command.replace(' ', '-')}", f"cards{command} --help")

# Every shipped deck, through every command that reads one ---------------------------------------------------------

DECKS = sorted((path for path in (_ROOT / "decks").rglob("*") if path.is_file()), key=lambda path: path.as_posix())
# The default EVOLVE report (the curve, turns 1-5) takes 0.6-2.2 s of exact counting per deck, 15 s for the 12 decks:
# three decks (one per class, among the quicker ones) get it, the others a short question through the same engine.
_EVOLVE_DEFAULT_STATS = {
    "decks/evolve/2026-03-21-abyss-1JNP5.deck.toml",
    "decks/evolve/2026-03-21-forest-4C1VD.deck.toml",
    "decks/evolve/2026-03-21-sword-11MFC.deck.toml",
}


def deck_slug(path: Path) -> str:
    """decks/evolve/2026-03-21-rune-XEB3.deck.toml -> evolve-2026-03-21-rune-XEB3."""
    relative = path.relative_to(_ROOT / "decks").as_posix()
    return re.sub(r"(\.deck)?\.(toml|txt|json)$", "", relative).replace("/", "-")


for path in DECKS:
    deck = path.relative_to(_ROOT).as_posix()
    slug = f"deck-{deck_slug(path)}-"
    # Every shipped deck is legal, so its github and sarif outputs are the same bytes for all 20 decks (a summary
    # line; an empty result list) and its junit one test case: those three formats run for the first deck of each
    # game; `check decks/` (every deck) and the cases with violations above cover them fully.
    first_of_its_game = path == next(other for other in DECKS if other.parent == path.parent)
    for fmt in FORMATS if first_of_its_game else FORMATS[:2]:
        case(f"{slug}-check-{fmt}", f"check {deck} --output {fmt}")
    case(f"{slug}-show-text", f"show {deck}")
    case(f"{slug}-show-json", f"show {deck} -o json")
    case(f"{slug}-hand-seed-5", f"hand {deck} --seed 5")
    case(f"{slug}-hand-seed-5-turn-2-log", f"hand {deck} --seed 5 --turn 2 --log")
    case(f"{slug}-hand-seed-5-json", f"hand {deck} --seed 5 -o json")
    if not deck.startswith("decks/evolve/") or deck in _EVOLVE_DEFAULT_STATS:
        case(f"{slug}-stats-default", f"stats {deck} --seed 1")  # exact: the seed only matters if it simulates
    else:
        case(f"{slug}-stats-cost-2-by-turn-2", f"stats {deck} --want 'cost<=2@2'")
    for fmt in ("toml", "text", "json", "markdown", "html"):
        case(f"{slug}-convert-{fmt}", f"convert {deck} --to {fmt}")


# Japanese (issue 29): Build Divide's and IC Dragon Ball's violations, a setup log, a query error --------------------

_JA = {"LANG": "ja_JP.UTF-8", "LC_ALL": None}  # the locale chooses Japanese (LC_ALL, set in the base, would win)
case("check-build-divide-ic-dragonball-illegal-ja", f"check {_INPUTS}/ja-games", env=_JA)  # exit 1
case(
    "deck-build-divide-guren--hand-seed-5-turn-2-log-ja",
    "hand decks/build-divide/guren.txt --seed 5 --turn 2 --log",
    env=_JA,
)
case("error-stats-ic-dragonball-bad-want-ja", "stats decks/ic-dragonball/hayate-co-op.txt --want 'level~=3'", env=_JA)


def _validate() -> None:
    ids = [case.id for case in CASES]
    duplicates = sorted({case_id for case_id in ids if ids.count(case_id) > 1})
    assert not duplicates, f"duplicate golden case ids: {duplicates}"
    unsafe = [case_id for case_id in ids if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", case_id)]
    assert not unsafe, f"golden case ids must be file-name safe: {unsafe}"


_validate()
