"""deckcheck's message catalogs: extract the marked strings, compile the .po files into .mo (pure Python: the standard
library has no msgfmt; GNU msgfmt builds an equivalent catalog).

    python tools/catalogs.py extract   # deckcheck/locale/deckcheck.pot from the package; new strings added (empty)
                                       # to every deckcheck/locale/<lang>/LC_MESSAGES/deckcheck.po
    python tools/catalogs.py compile   # every deckcheck.po compiled to the deckcheck.mo beside it

A marked string is the first argument of `_()` or `N_()`, or the first two of `ngettext()`, written as one literal
(adjacent literals joined), anywhere in the package (tests/test_catalogs.py holds the catalogs complete).
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
MARKERS = {"_": 1, "N_": 1, "ngettext": 2}


@dataclass
class Entry:
    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)  # every `#` line kept as written (references, notes)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


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
            if len(texts) < MARKERS[node.func.id] or None in texts:
                raise ValueError(f"{where}: {node.func.id}() of something that is not a string literal")
            found.append(Message(texts[0], texts[1] if len(texts) > 1 else None, where))  # type: ignore[arg-type]
    return sorted(found, key=lambda m: (m.where.split(":")[0], int(m.where.split(":")[1])))


def _template(messages: list[Message]) -> list[Entry]:
    header = Entry("", msgstr=["Content-Type: text/plain; charset=UTF-8\n"])
    by_id: dict[str, Entry] = {}
    for message in messages:
        entry = by_id.setdefault(
            message.msgid,
            Entry(message.msgid, message.msgid_plural, ["", ""] if message.msgid_plural is not None else [""]),
        )
        reference = f"#: {message.where.rpartition(':')[0]}"  # the file (line numbers would go stale at every edit)
        if reference not in entry.comments:
            entry.comments.append(reference)
    return [header, *by_id.values()]


def update(package: Path = PACKAGE, locale: Path = LOCALE, root: Path = ROOT) -> None:
    """Write deckcheck.pot and each .po in the template's order (by file, so that work on different modules edits
    different parts of a catalog): each translation kept, each new string added untranslated. An entry whose string
    is gone (and click's and Typer's own words, which no module of deckcheck marks) stays after them, until a
    translator removes it (tests/test_catalogs.py names it)."""
    template = _template(extract(package, root))
    write_po(locale / f"{DOMAIN}.pot", template)
    for po in sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        entries = read_po(po)
        known = {entry.msgid: entry for entry in entries[1:]}
        forms = re.search(r"nplurals=(\d+)", entries[0].msgstr[0] if entries else "")
        plurals = int(forms.group(1)) if forms else 2  # the language's number of plural forms (Japanese: 1)
        ordered = entries[:1]
        for entry in template[1:]:
            old = known.pop(entry.msgid, None)
            if old is None:
                empty = [""] * (plurals if entry.msgid_plural is not None else 1)
                ordered.append(Entry(entry.msgid, entry.msgid_plural, empty, set(), entry.comments))
            else:
                notes = [line for line in old.comments if not line.startswith("#:")]
                ordered.append(Entry(old.msgid, old.msgid_plural, old.msgstr, old.flags, notes + entry.comments))
        write_po(po, ordered + list(known.values()))


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
