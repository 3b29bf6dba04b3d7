"""The package's structure, held: the layers (import-linter, configured in pyproject.toml), no import circle, the
named places where imports are deferred, the modules each command loads, and the games known only inside games/."""

from __future__ import annotations

import ast
import os
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from deckcheck.games import all_games

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "deckcheck"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _imported(node: ast.Import | ast.ImportFrom, importer: str) -> list[str]:
    """The modules an import statement loads: `from pkg import name` is pkg.name when that is a module."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = importer.split(".")
        if _modules()[importer].name != "__init__.py":
            package = package[:-1]
        base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
    found = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in _modules()]
    return found if len(found) == len(node.names) else [base, *found]


def _imports(path: Path) -> Iterator[tuple[ast.Import | ast.ImportFrom, str, bool]]:
    """Every import statement of a module: (node, where: "top" | "function", under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for node in ast.walk(block)
    }
    in_function = {
        id(node)
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, "function" if id(node) in in_function else "top", id(node) in typing_only


@cache
def _graph() -> dict[str, set[str]]:
    """deckcheck's imports between its own modules, every kind counted (top, function, TYPE_CHECKING)."""
    graph: dict[str, set[str]] = {}
    for name, path in _modules().items():
        targets = {target for node, _, _ in _imports(path) for target in _imported(node, name)}
        graph[name] = {target for target in targets if target in _modules() and target != name}
    return graph


def test_the_layers_and_forbidden_imports_hold(monkeypatch):
    """The contracts of pyproject.toml ([tool.importlinter]): each layer imports only the layers below it; typer only
    in the CLI. TYPE_CHECKING imports count."""
    from importlinter import cli

    monkeypatch.chdir(ROOT)
    assert cli.lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0


def test_no_import_circle_between_modules():
    """No module reaches itself through imports of any kind (a package's __init__ re-exporting its own module is the
    package importing its part, not a circle)."""
    graph = _graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(module: str) -> None:  # Tarjan's strongly connected components
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in graph[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while (member := stack.pop()) != module:
                component.append(member)
            component.append(module)
            if len(component) > 1:
                circles.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    for module in graph:
        if module not in index:
            visit(module)
    assert circles == []


def test_a_game_module_is_imported_only_inside_games():
    """Nothing outside deckcheck/games/ imports a game's module: the registry (deckcheck.games) finds them by id."""
    game_modules = {name for name in _modules() if name.startswith("deckcheck.games.")}
    offenders = sorted(
        (importer, target)
        for importer, targets in _graph().items()
        if not importer.startswith("deckcheck.games")
        for target in targets & game_modules
    )
    assert offenders == []


#: Where an import may wait until it is needed, and why (README, "Development"): every other import is at the top of
#: its module. The CLI (deckcheck/cli/app.py, each command imports its own modules), the public API's facade
#: (deckcheck/__init__.py, by importlib) and the game registry (deckcheck/games/__init__.py, by importlib) are the
#: named places; the rest are optional paths and third-party seams, each marked `# deferred: <why>` in the code.
DEFERRED = {
    "deckcheck/__main__.py": {"deckcheck.cli.app"},
    "deckcheck/cli/__init__.py": {"deckcheck.cli.app"},
    # the commands' Judging and Workspace builders: a command that judges or reads cards only
    "deckcheck/cli/options.py": {"deckcheck.checking.judging", "deckcheck.checking.workspace"},
    # the configuration file (issue 42): read only when one is found; its lines only for a bad value or --show-config
    "deckcheck/cli/config.py": {
        "deckcheck._util.files",
        "deckcheck._util.limits",
        "deckcheck._util.positions",
        "deckcheck._util.toml_scan",
        "difflib",
        "json",
        "tomli",
    },
    # `check --sarif/--junit/--summary`: only a run that writes a report file pays for the atomic writes
    "deckcheck/cli/reports.py": {"deckcheck._util.atomic"},
    # what a shell's TAB completes (issue 42): only a completion request pays for the games and the card database
    # (click's completion items come by importlib from the click Typer runs on)
    "deckcheck/cli/completion.py": {
        "deckcheck._util.searchkey",
        "deckcheck.checking.workspace",
        "deckcheck.games",
    },
    "deckcheck/_api.py": {
        "deckcheck.stats.answer",
        "deckcheck.stats.options",
        "deckcheck.stats.queries",
        "deckcheck.stats.quick",
    },
    "deckcheck/games/__init__.py": {"pkgutil"},
    "deckcheck/_util/notes.py": {"logging"},  # a library caller's note only: no command imports logging
    "deckcheck/model/deck.py": {"deckcheck._util.positions"},
    "deckcheck/model/cards.py": {"pydantic", "pydantic_core"},
    "deckcheck/formats/read.py": {"deckcheck._util.positions", "deckcheck.formats.pasted"},  # pasted: --game only
    "deckcheck/carddb/db.py": {"deckcheck._util.searchkey", "deckcheck._util.positions"},
    "deckcheck/carddb/cache.py": {"deckcheck._util.atomic", "tempfile", "importlib.util", "deckcheck._util.searchkey"},
    "deckcheck/carddb/importer.py": {"deckcheck._util.positions"},
    "deckcheck/checking/run.py": {"deckcheck.checking.parallel"},
    "deckcheck/checking/deck.py": {"deckcheck.checking.regulations"},
    "deckcheck/checking/session.py": {"deckcheck.checking.regulations"},
    "deckcheck/checking/judging.py": {"deckcheck.checking.regulations"},
    # rules: the reading notes of a pasted list (`--game`) only
    "deckcheck/checking/workspace.py": {
        "deckcheck.checking.regulations",
        "deckcheck.formats.read",
        "deckcheck.checking.rules",
    },
    "deckcheck/checking/discover.py": {"json"},
    "deckcheck/checking/output.py": {"json", "hashlib", "urllib.parse", "xml.etree"},
    "deckcheck/checking/parallel.py": {"multiprocessing", "concurrent.futures", "concurrent.futures.process", "signal"},
    "deckcheck/commands/convert.py": {
        "deckcheck.checking.deck",
        "deckcheck.formats.printable",
        "deckcheck._util.positions",
    },
    "deckcheck/commands/hand.py": {"deckcheck.stats.answer", "deckcheck.stats.queries"},
    "deckcheck/commands/show.py": {"deckcheck.checking.regulations"},  # the day of the check, as the session reads it
    "deckcheck/commands/diff.py": {"deckcheck.checking.regulations"},  # the day of the check, as `show` takes it
    "deckcheck/stats/answer.py": {"deckcheck.stats.simulate"},
    "deckcheck/stats/quick.py": {"deckcheck.stats.simulate"},
    "deckcheck/stats/plot.py": {"matplotlib", "matplotlib.figure", "logging", "glob", "os.path"},
    "deckcheck/games/vanguard/__init__.py": {"deckcheck.games.vanguard.odds", "deckcheck.games.vanguard.vector"},
}
#: Whole modules whose deferred imports are their job (see each one's docstring).
DEFERRING_MODULES = {"deckcheck/cli/app.py", "deckcheck/cli/clitypes.py"}


def _deferred_imports() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for name, path in _modules().items():
        shown = path.relative_to(ROOT).as_posix()
        for node, where, typing_only in _imports(path):
            if where == "function" and not typing_only:
                found.setdefault(shown, set()).update(_imported(node, name))
    return found


def test_imports_are_deferred_only_in_the_named_places():
    found = {path: modules for path, modules in _deferred_imports().items() if path not in DEFERRING_MODULES}
    assert found == DEFERRED


def test_every_deferred_import_says_why():
    """A `# deferred: <why>` on the import, or above the run of imports it belongs to."""
    unexplained = []
    for path in DEFERRED:
        lines = (ROOT / path).read_text(encoding="utf-8").split("\n")
        for node, where, typing_only in _imports(ROOT / path):
            if where != "function" or typing_only:
                continue
            said = lines[node.lineno - 1 : node.end_lineno]
            above = node.lineno - 2
            while lines[above].strip().startswith(("import ", "from ")):  # the first import of a run speaks for all
                said.append(lines[above])
                above -= 1
            said.append(lines[above])
            if not any("# deferred" in line for line in said):
                unexplained.append(f"{path}:{node.lineno}")
    assert unexplained == []


#: Game ids and the games' own section and key names: a string equal to one of these outside games/ is the core
#: knowing a game by name (adding a sixth game would then mean editing the core). From the registry, so a new game's
#: words are held too; `main` is every game's section (the core's default home of a card).
GAME_WORDS = {
    word
    for game in all_games().values()
    for word in (game.id, game.id.replace("-", "_"), *game.sections, *game.keys.cards, *game.keys.words)
} - {"main"}


def _strings(tree: ast.AST) -> Iterator[ast.Constant]:
    """String constants, leaving out format specs (`{x:g}`) and docstrings (prose may name a game as an example)."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            skipped.update(id(part) for part in ast.walk(node.format_spec))
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skipped.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
            yield node


def test_no_game_is_named_outside_games():
    """Only deckcheck/games/ (and a module named after its game, such as realdata/evolve.py) names a game, its
    sections or its keys."""
    named = []
    for name, path in _modules().items():
        if name.startswith("deckcheck.games") or path.stem.replace("_", "-") in GAME_WORDS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named += [f"{name}:{node.lineno} {node.value!r}" for node in _strings(tree) if node.value in GAME_WORDS]
    assert named == []


# The modules each command loads (a check of one cached deck above all): a command that grows fails here, so start-up
# never regresses silently. A deliberate change updates the list in the same commit, saying why.

DECK = str(ROOT / "decks" / "vanguard" / "royal-paladin-altmile.deck.toml")  # real cards, the shipped database
CORE = [
    "deckcheck",
    "deckcheck._i18n",  # the language deckcheck speaks (issue 29): chosen at start-up, every layer's messages
    "deckcheck._util",
    "deckcheck._util.limits",
    "deckcheck._util.normalize",
    "deckcheck._util.notes",  # the library's notes, which each command says on stderr (issue 37): never printed
    "deckcheck._util.safetext",  # messages quote what the user gave cut short and on one line (issue 26)
    "deckcheck._util.text",
    "deckcheck._version",
    "deckcheck.cli",
    "deckcheck.cli.app",
    "deckcheck.cli.clitypes",
    "deckcheck.cli.config",  # the configuration file (issue 42): searched for at start-up, a few lstat calls
    "deckcheck.cli.completion",  # what TAB completes (issue 42): named by the options, imports nothing more itself
    "deckcheck.cli.language",  # --lang, $DECKCHECK_LANG and the locale read once at start-up; help translated
    "deckcheck.cli.startup",  # what the program does with the garbage collector (issue 37)
    "deckcheck.cli.options",  # every command's options and their help texts (the app declares the commands)
    "deckcheck.cli.output",  # what a command writes, with no control character raw, colour on a terminal only
    "deckcheck.cli.streams",  # the standard streams guarded (issue 26 items 9-11): every command writes through them
    "deckcheck.engine",
    "deckcheck.engine.procedure",
    "deckcheck.errors",
    "deckcheck.games",
    "deckcheck.games.vanguard",
    "deckcheck.games.vanguard.card",
    "deckcheck.games.vanguard.firstvanguard",  # the first_vanguard key (issue 39), read by the rules and the setup
    "deckcheck.model",
    "deckcheck.model.cards",
    "deckcheck.model.deck",
    "deckcheck.model.game",
    "deckcheck.model.versions",  # rules versions and formats: read by every game's declaration (issue 24)
    "deckcheck.model.violation",
]
#: Every game's own module or package, found as the registry finds them (deckcheck.games.all_games).
GAME_MODULES = [f"deckcheck.games.{module.name}" for module in pkgutil.iter_modules([str(PACKAGE / "games")])]
# (card files are read as deck files are: deckcheck._util.files refuses a FIFO, a device, a file of gigabytes)
CARDS = ["deckcheck._util.files", "deckcheck._util.toml_scan", "deckcheck.carddb", "deckcheck.carddb.cache"]
CARDS += ["deckcheck.carddb.db", "deckcheck.carddb.manifest"]
READ = [
    *CARDS,
    "deckcheck.formats",
    "deckcheck.formats.read",
    "deckcheck.formats.text",
    "deckcheck.formats.headings",  # the headings, marks and key words text decks and pasted lists read (issue 40)
]
READ_AND_CHECK = [*READ, "deckcheck.checking", "deckcheck.checking.deck", "deckcheck.checking.report"]
READ_AND_CHECK += ["deckcheck.checking.rules", "deckcheck.checking.judging", "deckcheck.checking.workspace"]
ENGINE = ["deckcheck.engine.deal", "deckcheck.engine.table", "deckcheck.model.query"]
STATS = [
    "deckcheck._util.atomic",
    "deckcheck._util.style",
    "deckcheck.stats",
    "deckcheck.stats.answer",
    "deckcheck.stats.chain",
    "deckcheck.stats.exact",
    "deckcheck.stats.model",
    "deckcheck.stats.options",
    "deckcheck.stats.plot",
    "deckcheck.stats.queries",
    "deckcheck.stats.render",
]
WALK = ["deckcheck.checking.discover", "deckcheck.checking.run", "deckcheck.checking.session"]
COMMANDS = {
    # check and show judge under the regulation in force today: both read the game's regulations
    "check": (
        ["check", DECK],
        [
            *READ_AND_CHECK,
            *WALK,
            "deckcheck.checking.output",
            "deckcheck.checking.regulations",
            "deckcheck.cli.reports",
        ],
    ),
    "show": (
        ["show", DECK],
        [
            *READ_AND_CHECK,
            "deckcheck._util.style",
            "deckcheck.checking.output",
            "deckcheck.checking.regulations",
            "deckcheck.commands",
            "deckcheck.commands.show",
            "deckcheck.formats.printable",
        ],
    ),
    "hand": (
        ["hand", DECK, "--seed", "1"],
        [*READ_AND_CHECK, *ENGINE, "deckcheck.commands", "deckcheck.commands.hand"],
    ),
    "stats": (
        ["stats", DECK, "--want", "grade=1"],
        [
            *READ,
            *ENGINE,
            *STATS,
            "deckcheck.commands",
            "deckcheck.commands.stats",
            "deckcheck._util.progress",  # the bar on a terminal for a run over a second (issue 27)
            "deckcheck.checking",  # the rules version and format that set the hands up, the workspace of its cards
            "deckcheck.checking.judging",
            "deckcheck.checking.workspace",
        ],
    ),
    "odds": (
        ["odds", "--game", "vanguard", "--deck-size", "50", "--copies", "outs=17", "--want", "outs@3"],
        # safetext: the atomic writer's note on an owner it cannot keep is escaped as every message is
        [*ENGINE, *STATS, "deckcheck.stats.quick", "deckcheck._util.safetext"],
    ),
    "convert": (
        ["convert", DECK, "--to", "text"],
        [
            *READ,
            "deckcheck._util.atomic",
            "deckcheck.checking",  # how a printed list is judged, and the workspace its cards come from
            "deckcheck.checking.judging",
            "deckcheck.checking.workspace",
            "deckcheck.commands",
            "deckcheck.commands.convert",
            "deckcheck.formats.comments",  # the deck's comments and each card number's name kept as a comment
            "deckcheck.formats.edit",  # (its comment finder: what a format without comments drops)
            "deckcheck.formats.write",
        ],
    ),
    "games": (
        ["games"],
        ["deckcheck._util.safetext", "deckcheck.commands", "deckcheck.commands.listing"]
        # each game's data manifest (deckcheck.carddb.manifest, in the package of the card databases): no card
        # database is read
        + CARDS
        + [module for module in GAME_MODULES if module not in CORE]  # the registry imports every game
        # evolve is a package: its GAME declaration reads every one of its modules
        + [
            f"deckcheck.games.evolve.{part}"
            for part in ("basis", "card", "conditions", "construction", "profile", "registry", "setup")
        ],
    ),
    "cards search": (
        ["cards", "search", "--game", "vanguard", "ブラスター"],
        [*CARDS, "deckcheck._util.safetext", "deckcheck._util.searchkey", "deckcheck.carddb.search"]
        + ["deckcheck.commands", "deckcheck.commands.search", "deckcheck.model.query"]
        + ["deckcheck.checking", "deckcheck.checking.workspace"],  # the workspace its cards come from (issue 37)
    ),
    "rules": (
        ["rules", "vanguard"],
        [m for m in READ_AND_CHECK if not m.startswith("deckcheck.formats")]  # it reads no deck
        + ["deckcheck._api", "deckcheck.checking.regulations", "deckcheck.commands", "deckcheck.commands.listing"],
    ),
}
_SNAPSHOT = (
    "import sys; from deckcheck.cli import main; sys.argv = ['deckcheck', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "loaded = [m for m in sys.modules if m.startswith('deckcheck') or m in ('pydantic', 'numpy', 'matplotlib')]\n"
    "print(*sorted(loaded), file=sys.stderr)"
)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_command_loads_only_its_own_modules(command, tmp_path):
    args, own = COMMANDS[command]
    env = {**os.environ, "DECKCHECK_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    env.pop("DECKCHECK_CARDDB", None)
    for _ in range(2):  # the first run fills the card database cache; the second is the one a user sees daily
        done = subprocess.run(
            [sys.executable, "-c", _SNAPSHOT, *args], capture_output=True, text=True, env=env, cwd=tmp_path
        )
    loaded = done.stderr.strip().split("\n")[-1].split()
    assert sorted(loaded) == sorted({*CORE, *own})
