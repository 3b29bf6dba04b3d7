"""The compiled card-database cache: a loaded database stored so that the next run skips TOML parsing and validation.

Parsing and validating thousands of records costs far more than reading and hashing their files, so after a card
database loads cleanly its validated cards are written to one file per (game, layer folders) under the user's cache
folder, and later runs rebuild the cards from it without validation and without importing pydantic (each card is
a plain :class:`deckcheck.model.cards.Record` whose fields are restored as they were validated).

Where: ``$DECKCHECK_CACHE_DIR``, else ``$XDG_CACHE_HOME/deckcheck``, else ``~/.cache/deckcheck`` (a relative
``$XDG_CACHE_HOME`` or home folder is ignored, as the XDG Base Directory specification says).
``DECKCHECK_NO_CACHE=1`` turns the cache off (any value but empty or ``0``). When the cache cannot be read or written it
says so as a debug note (deckcheck._util.notes): on stderr under ``DECKCHECK_DEBUG=1``, to a library caller's logging.

It never serves stale data: a cache file is used only when its key matches, and the key is a hash of the bytes of
every source file (mtime alone can miss an edit), the list of files in each layer folder (an added or removed file
changes it), the source of the code that validates the records, the versions of deckcheck, pydantic and Python, and
this file's format. It never fails a command: a cache that cannot be read, is corrupt, truncated, of another version
or not a regular file (a FIFO or device there is never read) is rebuilt; a cache folder that cannot be created or
written, or a folder someone put at the path of a cache file or of the secret, is done without (an empty folder there
is replaced). A broken card database is never stored, so its CardDatabaseError appears on every run.

Its files are private: written to a new temporary file (mode 0600, never through a link) that is renamed over whatever
is at the path (a link planted there is replaced, its target never written or given our data), in a folder made with
mode 0700.

It never serves tampered data: every file carries a MAC (keyed BLAKE2b) over its header and payload, keyed by a
secret of the user (``mac-key-<uid>`` in the cache folder, 32 random bytes, mode 0600). A file edited by anyone
without the secret, checksum recomputed or not, fails the MAC and is rebuilt from the card files; a key file that is
not a regular file of this user readable by no one else is never trusted (a new one replaces it).

A database served from the cache is made with the garbage collector paused (see no_collection), and never frozen
out of its sight: that is a program's own choice (the command line makes it, deckcheck.cli.startup), never a
library's.

The file holds plain data (lists, dicts, strings, numbers) written with :mod:`marshal`, never pickled objects, behind
a header (magic, format, key, MAC).
"""

from __future__ import annotations

import contextlib
import gc
import marshal
import os
import stat
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

try:  # the C module behind hashlib.blake2b: importing hashlib also loads OpenSSL (~2 ms of every run)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b
try:  # what hmac.compare_digest is, without importing hmac (and OpenSSL)
    from _operator import _compare_digest as same_digest
except ImportError:  # pragma: no cover
    # ignore: newer typeshed declares hmac's compare_digest apart from _operator's, a redefinition to mypy
    from hmac import compare_digest as same_digest  # type: ignore[no-redef, unused-ignore]

from deckcheck import _i18n
from deckcheck._i18n import _
from deckcheck._util import notes
from deckcheck._util.normalize import norm_name
from deckcheck._version import __version__
from deckcheck.model.cards import Record

if TYPE_CHECKING:
    from deckcheck.model.cards import Card
    from deckcheck.model.game import Game

FORMAT = 7  # the layout of the file; the key also covers this module's source, so an edit never reads old files
MAGIC = b"deckcheck-carddb"
_MAC_BYTES = 32
_HEADER = len(MAGIC) + 2 + 32 + _MAC_BYTES  # magic, format, key, MAC of all that precedes it and the payload
MAX_FILE_BYTES = 512 * 1024 * 1024  # a larger file is not ours (the cache of a 7,000-card database is ~2 MB)
SECRET_BYTES = 32
# Opening a file of the cache: a FIFO must not block the open, a link (ours never are) is not followed.
_NO_WAIT_NO_LINK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)

CACHE_DIR_ENV = "DECKCHECK_CACHE_DIR"
NO_CACHE_ENV = "DECKCHECK_NO_CACHE"


@dataclass(frozen=True)
class SourceFile:
    """One TOML file of a layer folder, read once: its bytes are both hashed for the key and parsed."""

    path: Path
    data: bytes


@dataclass(frozen=True)
class LayerFiles:
    """The game's folder in one layer (`files` is None when the layer has no folder for the game)."""

    folder: Path
    files: tuple[SourceFile, ...] | None


@dataclass
class Cached:
    cards: LazyCards
    sources: dict[str, str]
    warnings: list[str]


class _Unencodable(Exception):
    """A card value the plain-data format cannot hold: such a database is simply not cached."""


def enabled() -> bool:
    return os.environ.get(NO_CACHE_ENV, "").strip() in {"", "0"}


def cache_dir() -> Path | None:
    """The cache folder (None: there is no home folder to put it in, so no cache)."""
    if folder := os.environ.get(CACHE_DIR_ENV):
        return Path(folder)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):  # the XDG spec: a relative path is invalid and must be ignored
        return Path(xdg) / "deckcheck"
    try:
        home = Path.home()
    except (RuntimeError, KeyError):  # no $HOME and no password entry
        return None
    return home / ".cache" / "deckcheck" if home.is_absolute() else None  # a relative $HOME: no cache in the cwd


def cache_file(game: Game[Any], layers: Sequence[Path]) -> Path | None:
    """One file per game and set of layer folders (a different --carddb is a different database)."""
    folder = cache_dir()
    if folder is None:
        _note(_("no cache folder (set DECKCHECK_CACHE_DIR); working without the card database cache"))
        return None
    name = blake2b(repr((game.id, [str(layer) for layer in layers])).encode(), digest_size=12).hexdigest()
    # the database notes it holds are in the language of the run that wrote it: one file per language
    language = "" if _i18n.language() == "en" else f".{_i18n.language()}"
    return folder / f"{game.id}-{name}{language}.carddb"


def key_of(game: Game[Any], layers: Sequence[LayerFiles]) -> bytes:
    """The hash of everything the loaded database depends on."""
    parts: list[Any] = [FORMAT, _versions(), game.id, _code_fingerprint(game)]
    if _i18n.language() != "en":  # the notes it holds are in that language (and its catalog may change them)
        parts.append((_i18n.language(), _catalog_digest()))
    for layer in layers:
        files = None if layer.files is None else [(f.path.name, _digest(f.data)) for f in layer.files]
        parts.append((str(layer.folder), files))
    return blake2b(repr(parts).encode(), digest_size=32).digest()


def load(
    game: Game[Any], layers: Sequence[Path], key: bytes, rebuild: Callable[[], Mapping[str, Card]] | None = None
) -> Cached | None:
    """The cached database, or None (no cache, another key, unreadable, corrupt or tampered with: the caller
    rebuilds it). `rebuild` gives the cards from the card files, should a cached record prove unusable later."""
    if not enabled():
        return None
    try:
        return _load(game, layers, key, rebuild)
    except OSError as error:  # whatever is in the cache folder: never fail a command over it
        _note(
            _("cannot read the card database cache: {error}; working without it").format(error=error.strerror or error)
        )
        return None


def _load(
    game: Game[Any], layers: Sequence[Path], key: bytes, rebuild: Callable[[], Mapping[str, Card]] | None
) -> Cached | None:
    path = cache_file(game, layers)
    if path is None:
        return None
    data = _read_regular(path)
    if data is None:
        return None
    if len(data) < _HEADER or data[: len(MAGIC)] != MAGIC:
        _note(_("{path} is not a deckcheck card cache; rebuilding it").format(path=path))
        return None
    start = len(MAGIC)
    if int.from_bytes(data[start : start + 2], "big") != FORMAT or data[start + 2 : start + 34] != key:
        return None  # another format, version or source: rebuilt and replaced
    secret = _secret(path.parent, create=False)
    payload = memoryview(data)[_HEADER:]
    stored_mac = data[_HEADER - _MAC_BYTES : _HEADER]
    if secret is None or not same_digest(_mac(secret, data[: _HEADER - _MAC_BYTES], payload), stored_mac):
        _note(_("{path} is corrupt or was not written by this user's deckcheck; rebuilding it").format(path=path))
        return None
    try:
        return _decode_db(game, marshal.loads(payload), path, rebuild)
    except Exception as error:  # any damage the MAC missed (a bug): never fail a command over a cache
        _note(_("{path} cannot be decoded ({error}); rebuilding it").format(path=path, error=type(error).__name__))
        return None


def _read_regular(path: Path) -> bytes | None:
    """The bytes of the cache file, or None: missing, unreadable, not a regular file (a FIFO or a device is never
    read: it could block forever or never end; a folder is not ours) or larger than any cache."""
    read = _read_file(path, MAX_FILE_BYTES)
    if isinstance(read, str):
        if read:
            _note(_("{path} is not a deckcheck card cache ({why}); replacing it").format(path=path, why=read))
        return None
    return read[1]


def _read_file(path: Path, limit: int) -> tuple[os.stat_result, bytes] | str:
    """The status and bytes of the regular file at `path` (never through a link, never waiting on a FIFO), or why
    not ("" when there is nothing there). No OSError escapes."""
    try:
        descriptor = os.open(path, os.O_RDONLY | _NO_WAIT_NO_LINK)
    except (FileNotFoundError, NotADirectoryError):
        return ""
    except OSError as error:  # a link (ours never are), no permission ...
        return _("cannot read it: {error}").format(error=error.strerror or error)
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):  # a folder, a FIFO, a device (opened, never read)
            return _("not a regular file")
        if info.st_size > limit:
            return _("too large")
        chunks, left = [], limit + 1
        while left > 0 and (chunk := os.read(descriptor, min(left, 1 << 24))):
            chunks.append(chunk)
            left -= len(chunk)
        return info, b"".join(chunks)
    except OSError as error:
        return _("cannot read it: {error}").format(error=error.strerror or error)
    finally:
        os.close(descriptor)


@contextmanager
def no_collection() -> Iterator[None]:
    """For making a loaded database: no garbage collection while its tens of thousands of objects are made (none of
    them is garbage; a collection would scan them all, for nothing). The collector's state is restored afterwards,
    nothing frozen: the host program's garbage stays collectable."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def store(
    game: Game[Any],
    layers: Sequence[Path],
    key: bytes,
    cards: dict[str, Card],
    sources: dict[str, str],
    warnings: list[str],
) -> None:
    """Write the database to the cache, atomically; any failure leaves the command working without a cache."""
    if not enabled():
        return
    try:
        _store(game, layers, key, cards, sources, warnings)
    except OSError as error:  # whatever is in the cache folder: never fail a command over it
        _note(
            _("cannot write the card database cache: {error}; working without it").format(error=error.strerror or error)
        )


def _store(
    game: Game[Any],
    layers: Sequence[Path],
    key: bytes,
    cards: dict[str, Card],
    sources: dict[str, str],
    warnings: list[str],
) -> None:
    path = cache_file(game, layers)
    if path is None:
        return
    try:
        payload = marshal.dumps(_encode_db(game, cards, sources, warnings))
    except (_Unencodable, ValueError) as error:  # ValueError: marshal met a type it cannot write
        _note(_("card database of {game} not cached: {error}").format(game=game.id, error=error))
        return
    if len(payload) + _HEADER > MAX_FILE_BYTES:
        _note(
            _("card database of {game} not cached: larger than {limit} bytes").format(
                game=game.id, limit=MAX_FILE_BYTES
            )
        )
        return
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        _note(
            _("cannot write the card database cache {path}: cannot create its folder ({error})").format(
                path=path, error=error.strerror or error
            )
        )
        return
    secret = _secret(path.parent, create=True)
    if secret is None:
        return
    start = MAGIC + FORMAT.to_bytes(2, "big") + key
    header = start + _mac(secret, start, payload)
    try:
        _write_private(path, header + payload)
    except OSError as error:
        _note(
            _("cannot write the card database cache {path}: {error}").format(path=path, error=error.strerror or error)
        )


def _write_private(path: Path, data: bytes) -> None:
    """Put `data` at `path` in one step, as a new file of mode 0600: whatever is there (a link, a FIFO, a device,
    an empty folder) is replaced, never followed or opened, so no one's link can redirect the write or lend its
    target's mode to our file."""
    import tempfile  # deferred: only a cache miss writes

    from deckcheck._util.atomic import TEMP_SUFFIX, remove_stale_temporaries  # deferred: only a cache miss writes

    # mkstemp: a new file (O_EXCL, so never through a link), mode 0600 whatever the umask
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    remove_stale_temporaries(path)


def _replace(temporary: str, path: Path) -> None:
    """Rename `temporary` over `path`; an empty folder there (a rename cannot replace one with a file) is removed
    first. A folder with something in it, or one this user may not remove, stays: OSError."""
    try:
        os.replace(temporary, path)
    except IsADirectoryError:
        os.rmdir(path)
        os.replace(temporary, path)


def _note(message: str) -> None:
    notes.note(message, debug=True)  # the command line says it with $DECKCHECK_DEBUG; a library caller logs it


def _digest(data: bytes) -> bytes:
    return blake2b(data, digest_size=32).digest()


def _mac(secret: bytes, header: bytes, payload: bytes | memoryview) -> bytes:
    """Keyed BLAKE2b (a MAC by design, no HMAC construction needed) of the header before it and the payload: catches a
    damaged or truncated file and one edited by anyone without the user's secret; staleness is the key's business.
    About 1.3 ms per MB, with no OpenSSL to load."""
    mac = blake2b(header, key=secret, digest_size=_MAC_BYTES)
    mac.update(payload)
    return mac.digest()


def _uid() -> int | None:
    return os.geteuid() if hasattr(os, "geteuid") else None


def secret_file(folder: Path) -> Path:
    uid = _uid()
    return folder / ("mac-key" if uid is None else f"mac-key-{uid}")


def _secret(folder: Path, *, create: bool) -> bytes | None:
    """The user's MAC secret of the cache folder (made when `create` and there is no trustworthy one), or None."""
    path = secret_file(folder)
    secret = _read_secret(path)
    if secret is None and create:
        secret = _new_secret(path)
    return secret


def _read_secret(path: Path) -> bytes | None:
    """The secret, if the file is a regular file of this user that no one else may read or write."""
    read = _read_file(path, SECRET_BYTES)
    if isinstance(read, str):
        if read:
            _note(_("{path} is not a private file of this user ({why}); not trusted").format(path=path, why=read))
        return None
    info, secret = read
    uid = _uid()
    if not ((uid is None or info.st_uid == uid) and info.st_mode & 0o077 == 0):
        _note(_("{path} is not a private file of this user; not trusted").format(path=path))
        return None
    return secret if len(secret) == SECRET_BYTES else None


def _new_secret(path: Path) -> bytes | None:
    """Make the secret (mode 0600 from mkstemp); another process's new secret is used rather than replaced."""
    import tempfile  # deferred: only a new secret is written

    from deckcheck._util.atomic import TEMP_SUFFIX  # deferred: only a new secret is written

    secret = os.urandom(SECRET_BYTES)
    temporary = None
    try:
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(secret)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temporary, path)  # never replaces a file: two processes making a secret at once agree on one
        except FileExistsError:
            if (theirs := _read_secret(path)) is not None:
                return theirs
            _replace(temporary, path)  # what is there is not trusted: ours replaces it
        except OSError:  # a file system without hard links
            _replace(temporary, path)
        return secret
    except OSError as error:
        _note(
            _("cannot make the cache secret {path}: {error}; working without the cache").format(
                path=path, error=error.strerror or error
            )
        )
        return None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _catalog_digest() -> bytes:
    """The chosen language's compiled catalog, hashed: a new translation of a database note invalidates the cache."""
    path = _i18n.LOCALE_DIR / _i18n.language() / "LC_MESSAGES" / f"{_i18n.DOMAIN}.mo"
    try:
        return _digest(path.read_bytes())
    except OSError:
        return b"no catalog"


def _versions() -> tuple[str, str, str]:
    return __version__, _pydantic_version(), sys.version


def _pydantic_version() -> str:
    """pydantic's version file (its VERSION), read without importing pydantic, which a cached run never needs."""
    from importlib.util import find_spec  # deferred: a cache key only

    spec = find_spec("pydantic")
    if spec is None or spec.origin is None:
        return "no pydantic"
    version_file = Path(spec.origin).with_name("version.py")
    try:
        return _digest(version_file.read_bytes()).hex()
    except OSError:
        return "unreadable " + str(version_file)


_fingerprints: dict[str, str] = {}  # game id -> its code fingerprint, computed once per process


def _code_fingerprint(game: Game[Any]) -> str:
    """A hash of the modules that validate a game's records and compute its database notes: editing the code (even
    without a new version number) invalidates the cache."""
    if game.id not in _fingerprints:
        _fingerprints[game.id] = _hash_modules(game)
    return _fingerprints[game.id]


# The card loader beside this module (it imports this one, so it is named rather than imported).
_LOADER = f"{__name__.rpartition('.')[0]}.db"


def _hash_modules(game: Game[Any]) -> str:
    modules = {cls.__module__ for cls in game.card_model.__mro__ if cls.__module__.startswith("deckcheck")}
    modules |= {
        game.cards.db_warnings.__module__,
        game.copies.identity.__module__,
        Record.__module__,  # the validators
        _LOADER,
        norm_name.__module__,
        __name__,
    }
    digest = blake2b(digest_size=32)
    for name in sorted(modules):
        module = sys.modules.get(name)
        source = getattr(module, "__file__", None)
        digest.update(name.encode() + b"\0" + (_source_digest(source) if source else b"-"))
    # the search keys the file holds (read by path: a run that does not search never imports the module)
    digest.update(b"search keys\0" + _source_digest(str(_SEARCH_KEYS_SOURCE)))
    return digest.hexdigest()


_SEARCH_KEYS_SOURCE = Path(__file__).resolve().parent.parent / "_util" / "searchkey.py"


def _source_digest(source: str) -> bytes:
    try:
        return _digest(Path(source).read_bytes())
    except OSError:  # e.g. a module inside a zip archive, which cannot be edited in place: its path stands for it
        return b"unreadable " + source.encode()


# Plain data: scalars, lists and dicts as they are; tuples and nested records tagged (a tuple is always a tag). A
# record is (its field values in the order of the file's `fields`, which become its __dict__; the set fields as a bit
# mask over those fields; the indexes of the values that hold a tag and must be decoded); a card's record adds its
# number and name as printed where they differ from the normalised fields (Card.printed: a pair, or None). Values
# without their names keep a 7,000-card file a fifth smaller (3.7 -> 2.9 MB), which is less to read and to MAC on every
# run.

_PLAIN = frozenset({str, int, float, bool, type(None)})  # exact types: a str or int subclass would come back plain


def _encode_db(game: Game[Any], cards: dict[str, Card], sources: dict[str, str], warnings: list[str]) -> dict[str, Any]:
    """Numbers and names as plain lists (the index a run needs), each card's record as its own marshal blob (read
    only when the card is asked for)."""
    model = game.card_model
    fields = list(model.record_fields)
    records = []
    for number, card in cards.items():
        if type(card) is not model:
            raise _Unencodable(f"{number} is a {type(card).__name__}, not a {model.__name__}")
        records.append(marshal.dumps((*_encode_fields(card, fields), card.printed)))
    other_names = {number: card.other_names for number, card in cards.items() if card.other_names}
    every_other_name = list(dict.fromkeys(name for names in other_names.values() for name in names))
    return {
        "fields": fields,
        "numbers": list(cards),
        "names": [card.name for card in cards.values()],
        "search_keys": _search_keys([card.name for card in cards.values()]),
        # the other names (Cipher's Japanese names) of the cards that have some, normalised: the name index needs them
        # without building a card
        "other_names": other_names,
        "other_names_search_keys": _search_keys(every_other_name),  # in the order of the names of other_names
        "records": records,
        "sources": dict(sources),
        "warnings": list(warnings),
    }


def _search_keys(names: list[str]) -> str:
    """Every name's search keys (`cards search`, suggestions), worked out once when the file is written: one string,
    a name's keys apart by KEY_SEPARATOR, names apart by NAME_SEPARATOR (no key holds either: control characters)."""
    # deferred: the search keys' patterns are compiled only by a run that writes the cache or searches
    from deckcheck._util.searchkey import name_keys, name_keys_of

    name_keys_of(names)
    return NAME_SEPARATOR.join(KEY_SEPARATOR.join(name_keys(name)) for name in names)


NAME_SEPARATOR, KEY_SEPARATOR = "\x00", "\x01"


def _encode_fields(card: Record, fields: list[str]) -> tuple[list[Any], int, list[int]]:
    if list(card.__dict__) != fields:
        raise _Unencodable(f"{type(card).__name__} holds more than its fields")
    values = [_encode(card.__dict__[name]) for name in fields]
    mask = sum(1 << index for index, name in enumerate(fields) if name in card.fields_set)
    return values, mask, [index for index, value in enumerate(values) if _has_tag(value)]


def _encode(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if type(value) is list:
        return [_encode(item) for item in value]
    if type(value) is dict and all(type(key) is str for key in value):
        return {key: _encode(item) for key, item in value.items()}
    if type(value) is tuple:
        return ("tuple", [_encode(item) for item in value])
    if isinstance(value, Record):
        cls = type(value)
        fields = list(cls.record_fields)
        return ("model", f"{cls.__module__}:{cls.__qualname__}", fields, *_encode_fields(value, fields))
    raise _Unencodable(f"a value of type {type(value).__name__}")


def _has_tag(value: Any) -> bool:
    if type(value) is tuple:
        return True
    if type(value) is list:
        return any(_has_tag(item) for item in value)
    if type(value) is dict:
        return any(_has_tag(item) for item in value.values())
    return False


def _decode_db(
    game: Game[Any], payload: dict[str, Any], path: Path, rebuild: Callable[[], Mapping[str, Card]] | None = None
) -> Cached:
    model = game.card_model
    fields = payload["fields"]
    if fields != list(model.record_fields):
        raise ValueError("the fields of the card model differ")
    numbers, names, records = payload["numbers"], payload["names"], payload["records"]
    if not (len(numbers) == len(names) == len(records) == len(set(numbers))):
        raise ValueError("the card index is malformed")
    search_keys = payload["search_keys"]
    if not isinstance(search_keys, str):
        raise ValueError("the search keys are malformed")
    other_names, other_keys = payload["other_names"], payload["other_names_search_keys"]
    if not isinstance(other_keys, str):
        raise ValueError("the search keys of the other names are malformed")
    if not (
        isinstance(other_names, dict)
        and other_names.keys() <= set(numbers)
        and all(type(names) is list and all(type(name) is str for name in names) for names in other_names.values())
    ):
        raise ValueError("the other names are malformed")
    sources = payload["sources"]
    warnings = payload["warnings"]
    if not (isinstance(sources, dict) and isinstance(warnings, list) and sources.keys() == set(numbers)):
        raise ValueError("sources or warnings malformed")
    index = NameIndex(search_keys, other_names, other_keys)
    cards = LazyCards(numbers, names, records, _card_builder(model, fields), path, rebuild, index)
    return Cached(cards, sources, warnings)


@dataclass(frozen=True)
class NameIndex:
    """What a cache file holds about the names beside the records: every name's search keys (joined), the other
    names (normalised) of the cards that have some, by number, and their search keys (joined, in that order)."""

    search_keys: str = ""
    other_names: dict[str, list[str]] = field(default_factory=dict)
    other_search_keys: str = ""


class LazyCards(Mapping[str, "Card"]):
    """The cards of a cached database by number, each built from its record the first time it is asked for.

    A check looks up a few dozen cards of a database that may hold thousands: building only those keeps a large
    database nearly as quick as the starter one. The records were checked as a whole (MAC, key, fields) when the
    file was read. A record that still cannot be built (only a bug could write one) is never served: the cache file
    is removed and every card comes from `rebuild` (the card files, validated) from then on."""

    def __init__(
        self,
        numbers: list[str],
        names: list[str],
        records: list[bytes],
        build: Any,
        path: Path,
        rebuild: Callable[[], Mapping[str, Card]] | None = None,
        index: NameIndex | None = None,
    ) -> None:
        index = index or NameIndex()
        self._numbers, self._names = numbers, names
        self._other_names = index.other_names
        self._other_search_keys = index.other_search_keys
        self._search_keys = index.search_keys
        self._records = dict(zip(numbers, records, strict=True))
        self._built: dict[str, Card] = {}
        self._build = build
        self._path = path
        self._rebuild = rebuild
        self._fresh: Mapping[str, Card] | None = None

    def __getitem__(self, number: str) -> Card:
        if self._fresh is not None:
            return self._fresh[number]
        card = self._built.get(number)
        if card is None:
            record = self._records[number]
            try:
                card = self._built[number] = self._build(*marshal.loads(record))
            except Exception as error:  # a record that passed the MAC yet is not a card: never a wrong card
                return self._rebuilt(number, error)[number]
        return card

    def _rebuilt(self, number: str, error: Exception) -> Mapping[str, Card]:
        _note(
            _("card {number} in {path} cannot be built ({kind}: {error}); rebuilding").format(
                number=number, path=self._path, kind=type(error).__name__, error=error
            )
        )
        with contextlib.suppress(OSError):
            self._path.unlink()  # the next run writes a good one
        if self._rebuild is None:  # a LazyCards made without its sources (tests): nothing to rebuild from
            raise KeyError(number) from error
        self._fresh = self._rebuild()
        return self._fresh

    def __contains__(self, number: object) -> bool:
        return number in self._records

    def __iter__(self) -> Iterator[str]:
        return iter(self._numbers)

    def __len__(self) -> int:
        return len(self._numbers)

    def names(self) -> Iterator[tuple[str, str]]:
        """(number, name) of every card, without building any."""
        return zip(self._numbers, self._names, strict=True)

    def other_names(self) -> dict[str, list[str]]:
        """The other names (normalised) of the cards that have some, by number, without building any card."""
        return self._other_names

    def search_keys(self) -> dict[str, tuple[str, ...]]:
        """Every name's search keys as the file holds them, the other names' too (empty if it holds none, or not
        one per name)."""
        found = {}
        every_other_name = list(dict.fromkeys(name for names in self._other_names.values() for name in names))
        for names, joined in ((self._names, self._search_keys), (every_other_name, self._other_search_keys)):
            per_name = joined.split(NAME_SEPARATOR) if joined else []
            if len(per_name) != len(names):
                return {}
            found.update({name: tuple(keys.split(KEY_SEPARATOR)) for name, keys in zip(names, per_name, strict=True)})
        return found


def _card_builder(model: type[Record], fields: list[str]) -> Any:
    """A function (values, mask, tagged, printed) -> card: a record with the spellings of its number and name as
    printed (deckcheck.model.cards.Card.printed), which are not fields."""
    build = _builder(model, fields)

    def build_card(values: list[Any], mask: int, tagged: list[int], printed: Any) -> Any:
        card = build(values, mask, tagged)
        if printed is not None and not (
            type(printed) is tuple and len(printed) == 2 and all(p is None or type(p) is str for p in printed)
        ):
            raise ValueError("the printed number and name are malformed")
        card._printed = printed
        return card

    return build_card


def _builder(model: type[Record], fields: list[str]) -> Any:
    """A function (values, mask, tagged) -> record, with every field as it was validated."""
    field_sets: dict[int, frozenset[str]] = {}

    def build(values: list[Any], mask: int, tagged: list[int]) -> Any:
        if len(values) != len(fields):
            raise ValueError(f"the fields of a {model.__name__} differ")
        for index in tagged:
            values[index] = _decode(values[index])
        if mask not in field_sets:
            field_sets[mask] = frozenset(name for index, name in enumerate(fields) if mask >> index & 1)
        instance = model.__new__(model)
        instance.__dict__ = dict(zip(fields, values, strict=True))
        instance.fields_set = set(field_sets[mask])  # each instance its own set, as validation gives it
        return instance

    return build


def _decode(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if type(value) is list:
        return [_decode(item) for item in value]
    if type(value) is dict:
        return {key: _decode(item) for key, item in value.items()}
    tag = value[0]
    if tag == "tuple":
        return tuple(_decode(item) for item in value[1])
    if tag == "model":
        _tag, where, fields, values, mask, tagged = value
        model = _model_class(where)
        if fields != list(model.record_fields):
            raise ValueError(f"the fields of {where} differ")
        return _builder(model, fields)(values, mask, tagged)
    raise ValueError(f"unknown tag {tag!r}")


def _model_class(where: str) -> type[Record]:
    module_name, _colon, qualname = where.partition(":")
    if not module_name.startswith("deckcheck.") or module_name not in sys.modules:
        raise ValueError(f"unexpected model {where}")  # only classes of the game modules already imported
    found: Any = sys.modules[module_name]
    for part in qualname.split("."):
        found = getattr(found, part)
    if not (isinstance(found, type) and issubclass(found, Record)):
        raise ValueError(f"{where} is not a model")
    return found
