"""deckcheck's message catalogs: extract the marked strings, compile the .po files into .mo (pure Python: the standard
library has no msgfmt; GNU msgfmt builds an equivalent catalog).

    python tools/catalogs.py extract   # deckcheck/locale/deckcheck.pot from the package; new strings added (empty)
                                       # to every deckcheck/locale/<lang>/LC_MESSAGES/deckcheck.po
    python tools/catalogs.py compile   # every deckcheck.po compiled to the deckcheck.mo beside it

A marked string is the first argument of `_()` or `N_()`, or the first two of `ngettext()`, written as one literal
(adjacent literals joined), anywhere in the package (tests/test_catalogs.py holds the catalogs complete). With a
context (`msgctxt`): `pgettext(CONTEXT, TEXT)`, `NP_(CONTEXT, TEXT)` and `npgettext(CONTEXT, ONE, MANY, n)` with a
literal context. `pgettext(game_id, TEXT)` with a context that is not a literal (a game's id at run time) is a
shared message a game may say in its own words: TEXT is extracted without a context, and an entry of the same TEXT
with a game's id as its context (`msgctxt "cipher"`), added by a translator, is kept as that game's own wording.
The games' term tables (`Wording.terms`: the documents' words for the values of their cards' fields) are entries
with the context `GAME:FIELD`, read from the games themselves.
"""

from __future__ import annotations

import ast
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "deckcheck"
LOCALE = PACKAGE / "locale"
DOMAIN = "deckcheck"
MARKERS = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2, "NP_": 2, "npgettext": 3}
#: How a term's entry names the rule of its document that defines the word (written at every extraction).
TERM_NOTE = "#. the rules document's term: "
#: Markers whose first argument is the context.
CONTEXT_MARKERS = {"pgettext", "NP_", "npgettext"}


@dataclass
class Entry:
    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)  # every `#` line kept as written (references, notes)
    msgctxt: str | None = None

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def key(self) -> tuple[str | None, str]:
        """(context, msgid): what a catalog entry is known by."""
        return self.msgctxt, self.msgid


# -- reading and writing .po ------------------------------------------------------------------------------------------


def _unquote(text: str) -> str:
    return ast.literal_eval(text)  # a PO string is a C string in double quotes: Python reads its escapes


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file, the header (msgid "") first. Obsolete (`#~`) entries are left out."""
    entries: list[Entry] = []
    current: Entry | None = None
    comments: list[str] = []
    flags: set[str] = set()
    target: tuple[str, int] | None = None  # which string a continuation line extends
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#~"):
            continue
        if line.startswith("#"):
            if current is not None and target is not None and target[0] != "comment":
                entries.append(current)
                current, target = None, ("comment", 0)
            if line.startswith("#,"):
                flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}
            comments.append(raw)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgctxt":
            if current is not None:
                entries.append(current)
            current = Entry("", flags=flags, comments=comments, msgctxt=_unquote(rest))
            comments, flags, target = [], set(), ("msgctxt", 0)
            continue
        if line.startswith('"'):
            if current is None or target is None:
                raise ValueError(f"{path}:{number}: a string continues nothing")
            name, index = target
            if name == "msgstr":
                current.msgstr[index] += _unquote(line)
            else:
                setattr(current, name, getattr(current, name) + _unquote(line))
            continue
        if keyword == "msgid":
            if current is not None and target == ("msgctxt", 0):
                current.msgid, target = _unquote(rest), ("msgid", 0)
                continue
            if current is not None:
                entries.append(current)
            current = Entry(_unquote(rest), flags=flags, comments=comments)
            comments, flags, target = [], set(), ("msgid", 0)
        elif current is None:
            raise ValueError(f"{path}:{number}: {keyword} before msgid")
        elif keyword == "msgid_plural":
            current.msgid_plural, target = _unquote(rest), ("msgid_plural", 0)
        elif keyword == "msgstr":
            current.msgstr, target = [_unquote(rest)], ("msgstr", 0)
        elif (plural := re.fullmatch(r"msgstr\[(\d+)\]", keyword)) is not None:
            index = int(plural.group(1))
            current.msgstr = current.msgstr[:index] + [""] * (index + 1 - len(current.msgstr[:index]))
            current.msgstr[index] = _unquote(rest)
            target = ("msgstr", index)
        else:
            raise ValueError(f"{path}:{number}: unknown keyword {keyword!r}")
    if current is not None:
        entries.append(current)
    return entries


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    if len(lines) == 1:
        return f'"{escaped}"'
    parts = [part + "\\n" for part in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def write_po(path: Path, entries: list[Entry]) -> None:
    out = []
    for entry in entries:
        out += entry.comments
        if entry.fuzzy and not any(line.startswith("#,") for line in entry.comments):
            out.append("#, fuzzy")
        if entry.msgctxt is not None:
            out.append(f"msgctxt {_quoted(entry.msgctxt)}")
        out.append(f"msgid {_quoted(entry.msgid)}")
        if entry.msgid_plural is not None:
            out.append(f"msgid_plural {_quoted(entry.msgid_plural)}")
            out += [f"msgstr[{i}] {_quoted(text)}" for i, text in enumerate(entry.msgstr)]
        else:
            out.append(f"msgstr {_quoted(entry.msgstr[0])}")
        out.append("")
    path.write_text("\n".join(out), encoding="utf-8")


# -- compiling --------------------------------------------------------------------------------------------------------


def compile_po(entries: list[Entry]) -> bytes:
    """A GNU .mo catalog of the translated, non-fuzzy entries (the header always), keys sorted, no hash table."""
    messages: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid and (entry.fuzzy or not all(entry.msgstr)):
            continue
        key = entry.msgid if entry.msgid_plural is None else f"{entry.msgid}\0{entry.msgid_plural}"
        if entry.msgctxt is not None:
            key = f"{entry.msgctxt}\x04{key}"  # how gettext's pgettext looks a context's entry up
        messages[key.encode()] = "\0".join(entry.msgstr).encode()
    keys = sorted(messages)
    header_size = 7 * 4
    originals = header_size
    translations = originals + len(keys) * 8
    data_start = translations + len(keys) * 8
    table_o, table_t, data = [], [], b""
    for key in keys:
        table_o.append((len(key), data_start + len(data)))
        data += key + b"\0"
    for key in keys:
        table_t.append((len(messages[key]), data_start + len(data)))
        data += messages[key] + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, len(keys), originals, translations, 0, 0)
    out += b"".join(struct.pack("<2I", *pair) for pair in table_o)
    out += b"".join(struct.pack("<2I", *pair) for pair in table_t)
    return out + data


def po_files() -> list[Path]:
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def compile_all() -> list[Path]:
    written = []
    for po in po_files():
        mo = po.with_suffix(".mo")
        compiled = compile_po(read_po(po))
        if not mo.exists() or mo.read_bytes() != compiled:
            mo.write_bytes(compiled)
            written.append(mo)
    return written


# -- extracting -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Message:
    msgid: str
    msgid_plural: str | None
    where: str  # path:line
    msgctxt: str | None = None
    note: str | None = None  # an extracted comment (`#.`): a term's rule in its document

    @property
    def key(self) -> tuple[str | None, str]:
        return self.msgctxt, self.msgid


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract(package: Path = PACKAGE, root: Path = ROOT) -> list[Message]:
    """Every marked string of the package, in file and line order. A marker called with anything but literals (an
    f-string, a variable) is an error: its text could not be translated."""
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS):
                continue
            where = f"{path.relative_to(root).as_posix()}:{node.lineno}"
            texts = [_literal(arg) for arg in node.args[: MARKERS[node.func.id]]]
            context: str | None = None
            if node.func.id in CONTEXT_MARKERS:
                context, texts = texts[0], texts[1:]
                if context is None and node.func.id != "pgettext":
                    raise ValueError(f"{where}: {node.func.id}() of a context that is not a string literal")
            if len(texts) < MARKERS[node.func.id] - (node.func.id in CONTEXT_MARKERS) or None in texts:
                raise ValueError(f"{where}: {node.func.id}() of something that is not a string literal")
            plural = texts[1] if len(texts) > 1 else None
            found.append(Message(texts[0], plural, where, context))  # type: ignore[arg-type]
    return sorted(found, key=lambda m: (m.where.split(":")[0], int(m.where.split(":")[1])))


def game_terms() -> list[Message]:
    """Every game's term table (deckcheck.model.game.Wording.terms) as messages of the context `GAME:FIELD`."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from deckcheck.games import all_games

    found = []
    for game_id, game in all_games().items():
        for field_name, values in game.wording.terms.items():
            for value, ref in values.items():
                where = f"deckcheck/games/{game_id.replace('-', '_')}:0"
                found.append(Message(value, None, where, f"{game_id}:{field_name}", ref))
    return found


def game_contexts() -> set[str]:
    """The games' ids: the contexts a shared message (pgettext of a game's id) may have a game's own entry in."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from deckcheck.games import all_games

    return set(all_games())


def _template(messages: list[Message]) -> list[Entry]:
    header = Entry("", msgstr=["Content-Type: text/plain; charset=UTF-8\n"])
    by_id: dict[tuple[str | None, str], Entry] = {}
    for message in messages:
        entry = by_id.setdefault(
            message.key,
            Entry(
                message.msgid,
                message.msgid_plural,
                ["", ""] if message.msgid_plural is not None else [""],
                msgctxt=message.msgctxt,
            ),
        )
        if message.note and f"{TERM_NOTE}{message.note}" not in entry.comments:
            entry.comments.append(f"{TERM_NOTE}{message.note}")
        reference = f"#: {message.where.rpartition(':')[0]}"  # the file (line numbers would go stale at every edit)
        if reference not in entry.comments:
            entry.comments.append(reference)
    return [header, *by_id.values()]


def all_messages() -> list[Message]:
    """The package's marked strings and the games' terms: what the catalogs must translate."""
    return extract() + game_terms()


def _generated(line: str) -> bool:
    """A comment extraction writes (references, a term's rule), replaced at every extraction."""
    return line.startswith("#:") or line.startswith(TERM_NOTE)


def update(package: Path = PACKAGE, locale: Path = LOCALE, root: Path = ROOT) -> None:
    """Write deckcheck.pot and each .po in the template's order (by file, so that work on different modules edits
    different parts of a catalog): each translation kept, each new string added untranslated. An entry whose string
    is gone (and click's and Typer's own words, which no module of deckcheck marks) stays after them, until a
    translator removes it (tests/test_catalogs.py names it)."""
    messages = extract(package, root) + (game_terms() if package == PACKAGE else [])
    template = _template(messages)
    write_po(locale / f"{DOMAIN}.pot", template)
    shared = {message.msgid for message in messages if message.msgctxt is None}
    contexts = game_contexts() if package == PACKAGE else set()
    for po in sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        entries = read_po(po)
        known = {entry.key: entry for entry in entries[1:]}
        forms = re.search(r"nplurals=(\d+)", entries[0].msgstr[0] if entries else "")
        plurals = int(forms.group(1)) if forms else 2  # the language's number of plural forms (Japanese: 1)
        ordered = entries[:1]
        for entry in template[1:]:
            old = known.pop(entry.key, None)
            if old is None:
                empty = [""] * (plurals if entry.msgid_plural is not None else 1)
                ordered.append(Entry(entry.msgid, entry.msgid_plural, empty, set(), entry.comments, entry.msgctxt))
            else:
                notes = [line for line in old.comments if not _generated(line)]
                ordered.append(
                    Entry(old.msgid, old.msgid_plural, old.msgstr, old.flags, notes + entry.comments, old.msgctxt)
                )
            # a game's own wording of a shared message follows the shared entry
            for context in sorted(contexts):
                own = known.pop((context, entry.msgid), None) if entry.msgctxt is None else None
                if own is not None:
                    ordered.append(own)
        rest = [entry for entry in known.values() if not (entry.msgctxt in contexts and entry.msgid in shared)]
        write_po(po, ordered + rest)


def main(argv: list[str]) -> int:
    if argv == ["extract"]:
        update()
        return 0
    if argv == ["compile"]:
        for mo in compile_all():
            print(f"wrote {mo.relative_to(ROOT)}")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
