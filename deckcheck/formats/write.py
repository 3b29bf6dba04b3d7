"""Writing decks: the native TOML (tomli-w), JSON and plain-text formats, from a :class:`DeckSource`.

Every write can be checked by reading it back: :func:`content` is what a deck file says (keys, sections and their
entries in order, counts as written), and :func:`losses` compares two of them in words, so that no command ever
drops a user's entry, count, name or other key without saying so.
"""

from __future__ import annotations

import json
from typing import Any

import tomli_w

from deckcheck._i18n import _
from deckcheck._util.limits import INT_DIGITS
from deckcheck._util.safetext import quoted
from deckcheck.errors import DeckcheckError
from deckcheck.formats.read import parse_deck
from deckcheck.games import get_game
from deckcheck.model.deck import COMMON_KEYS, COUNT_DIGITS, MAX_COUNT, DeckSource, Entry


def merged_entries(source: DeckSource) -> dict[str, list[Entry[Any]]]:
    """Entries per section in file order; one key written twice in a section is one entry, counts summed."""
    sections: dict[str, dict[str, Entry[Any]]] = {section: {} for section in source.sections}
    for entry in source.entries:
        slots = sections.setdefault(entry.section, {})
        if entry.key not in slots:
            slots[entry.key] = Entry(entry.section, entry.key, entry.raw_count, entry.line, entry.card)
            continue
        kept = slots[entry.key]
        if kept.count is None or entry.count is None:
            raise DeckcheckError(
                _(
                    "section [{section}] lists {key} twice with a count that is not a positive whole number; correct "
                    "it before converting"
                ).format(section=entry.section, key=quoted(entry.key)),
                path=source.path,
                line=entry.line,
            )
        kept.raw_count = kept.count + entry.count
        if kept.raw_count > MAX_COUNT:  # a count no deck file may hold (deck.bad-count), as `add` refuses it
            raise DeckcheckError(
                _(
                    "section [{section}] lists {key} on several lines whose counts add up to {count}, more than the "
                    "{digits} digits a count may have; nothing written"
                ).format(
                    section=entry.section, key=repr(entry.key), count=count_text(kept.raw_count), digits=COUNT_DIGITS
                ),
                path=source.path,
                line=entry.line,
            )
    return {section: list(slots.values()) for section, slots in sections.items()}


def count_text(number: int) -> str:
    """A count for a message: in full when short, else cut with its number of digits (str() refuses a number of
    more than INT_DIGITS digits: that is said instead)."""
    try:
        text = str(number)
    except ValueError:  # more digits than Python prints
        return _("a number of more than {digits} digits").format(digits=f"{INT_DIGITS:,}")
    if len(text) <= COUNT_DIGITS + 6:
        return text
    return _("{start}… ({digits} digits)").format(start=text[:6], digits=f"{len(text):,}")


def require_counts(source: DeckSource) -> None:
    """Refuse to write a count of more than COUNT_DIGITS digits (what `check` calls deck.bad-count), as `add` does;
    a count that is no number is the input's own and is written as it is."""
    for entry in source.entries:
        count = entry.raw_count
        if isinstance(count, int) and not isinstance(count, bool) and count > MAX_COUNT:
            raise DeckcheckError(
                _(
                    "[{section}] {key}: the count {count} has more than the {digits} digits a count may have; nothing "
                    "written"
                ).format(section=entry.section, key=repr(entry.key), count=count_text(count), digits=COUNT_DIGITS),
                path=source.path,
                line=entry.line,
                field=entry.section,
            )
    merged_entries(source)  # counts of one card on several lines: their sum


def require_encodable(source: DeckSource) -> None:
    """Refuse a deck holding a string that no UTF-8 file can hold: a lone surrogate, which a JSON deck can spell
    (`"n\\udc80"`) and a command line brings from bytes that are not UTF-8. Names the field; nothing is written."""
    fields: list[tuple[str, Any]] = [("name", source.name), ("regulation", source.regulation)]
    fields += [(key, (key, value)) for key, value in (source.keys | source.other).items()]
    fields += [(section, section) for section in source.sections]
    fields += [(f"{entry.section}.{entry.key}", (entry.key, entry.raw_count)) for entry in source.entries]
    for field, value in fields:
        bad = _lone_surrogate(value)
        if bad is not None:
            raise DeckcheckError(
                _(
                    "holds {bad}, a lone surrogate escape, which no UTF-8 file can hold (bytes that were not UTF-8, "
                    "or a JSON \\udXXX escape); correct it first, nothing written"
                ).format(bad=repr(bad)),
                path=source.path,
                field=field,
            )


def _lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate in a string, or in the strings of a list, tuple or table (None: there is none)."""
    if isinstance(value, str):
        return next((char for char in value if "\ud800" <= char <= "\udfff"), None)
    items = value.items() if isinstance(value, dict) else value if isinstance(value, list | tuple) else ()
    for item in items:
        bad = _lone_surrogate(item)
        if bad is not None:
            return bad
    return None


def deck_mapping(source: DeckSource, *, empty_sections: tuple[str, ...] = ()) -> dict[str, Any]:
    """The native format's mapping: top-level keys, then the game's sections (in order), then any others."""
    game = get_game(source.game_id)
    data: dict[str, Any] = {"game": source.game_id}
    if source.name is not None:
        data["name"] = source.name
    if source.regulation is not None:
        data["regulation"] = source.regulation
    data.update(source.keys)
    data.update(source.other)
    sections = merged_entries(source)
    order = [*game.sections, *(name for name in sections if name not in game.sections)]
    for section in order:
        entries = sections.get(section)
        if entries or (entries is not None and section in source.sections) or section in empty_sections:
            data[section] = {entry.key: entry.raw_count for entry in entries or ()}
    return data


def to_toml(source: DeckSource, *, empty_sections: tuple[str, ...] = ()) -> str:
    return tomli_w.dumps(deck_mapping(source, empty_sections=empty_sections))


def to_json(source: DeckSource) -> str:
    return json.dumps(deck_mapping(source), ensure_ascii=False, indent=2) + "\n"


def to_text(source: DeckSource) -> str:
    """A plain-text decklist: `key: value` headers, then `## section` blocks of `<count> <card>` lines."""
    lines = [f"game: {source.game_id}"]
    if source.name is not None:
        lines.append(f"name: {source.name}")
    if source.regulation is not None:
        lines.append(f"regulation: {source.regulation}")
    lines.extend(f"{key}: {value}" for key, value in source.keys.items())
    for section, entries in merged_entries(source).items():
        lines.append("")
        lines.append(f"## {section}")
        lines.extend(f"{entry.raw_count} {entry.key}" for entry in entries)
    return "\n".join(lines) + "\n"


def render(source: DeckSource, fmt: str) -> str:
    if fmt == "toml":
        return to_toml(source)
    if fmt == "json":
        return to_json(source)
    if fmt == "text":
        return to_text(source)
    raise ValueError(fmt)


# Reading back ---------------------------------------------------------------------------------------


def content(source: DeckSource) -> dict[str, Any]:
    """What a deck file says, for comparing a write with what it should hold."""
    sections = {
        section: [(entry.key, entry.raw_count) for entry in entries]
        for section, entries in merged_entries(source).items()
        if entries
    }
    return {
        "game": source.game_id,
        "name": source.name,
        "regulation": source.regulation,
        "keys": dict(source.keys),
        "other": dict(source.other),
        "sections": sections,
    }


def losses(expected: dict[str, Any], written: dict[str, Any]) -> list[str]:
    """What `written` lacks or changed compared with `expected`, one phrase each (empty: nothing lost)."""
    found: list[str] = []
    for key in ("game", *COMMON_KEYS):
        if expected[key] != written[key]:
            found.append(
                _("`{key}` ({before} became {after})").format(
                    key=key, before=repr(expected[key]), after=repr(written[key])
                )
            )
    for group in ("keys", "other"):
        for key, value in expected[group].items():
            if written[group].get(key) != value:
                found.append(_("the key `{key}` = {value}").format(key=key, value=repr(value)))
    for section, entries in expected["sections"].items():
        have = dict(written["sections"].get(section, []))
        for key, count in entries:
            if key not in have:
                found.append(f"[{section}] {key!r} = {count!r}")
            elif have[key] != count:
                found.append(
                    _("[{section}] {key}: count {before} became {after}").format(
                        section=section, key=repr(key), before=repr(count), after=repr(have[key])
                    )
                )
        kept = [key for key, _count in entries if key in have]
        if kept != [key for key, _count in written["sections"].get(section, [])]:
            found.append(_("the order of [{section}]").format(section=section))
    return found


def read_back(text: str, fmt: str, path: str) -> DeckSource | None:
    """The deck a rendered text reads back as (None when it does not read at all)."""
    try:
        return parse_deck(path, text=text, fmt=fmt)
    except DeckcheckError:
        return None


def check_round_trip(source: DeckSource, text: str, fmt: str) -> list[str]:
    """What writing `source` as `text` would lose (empty: it reads back the same)."""
    back = read_back(text, fmt, source.path or "<deck>")
    if back is None:
        return [_("the whole deck (the written file does not read back)")]
    return losses(content(source), content(back))
