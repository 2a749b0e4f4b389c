"""The card names a format file writes that no card of the card data has.

A ban on a misspelt name (`Lightning Blot`) bans nothing: the deck's Lightning Bolt never
matches it, and nothing else says so. `deckcheck formats check` looks every name a user's
format file writes up in the card data of the format's game (docs/format-files.md#errors):
the entries of the dated card lists (by `card`; an entry with a `code` is matched by its
passcode, so its name is only a label), the cards named by `points` and
`copy_limit.per_card`, and the lists of names `basic_lands` and `pool.free_cards`.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..errors import FormatError
from ..schema import Keys, dotted

# Mappings whose keys are card names, and lists of plain card names, by where they sit.
NAMES_AS_KEYS: tuple[Keys, ...] = (("points",), ("copy_limit", "per_card"))
NAME_LISTS: tuple[Keys, ...] = (("basic_lands",), ("pool", "free_cards"))


def _dated_list_keys() -> list[str]:
    """The top-level keys holding a dated card list, read from the format schema."""
    from .schema import CARD_LISTS, format_schema

    return [key for key, spec in format_schema().fields.items() if any(spec is kind for kind in CARD_LISTS)]


def _at(data: Any, keys: Keys) -> Any:
    for key in keys:
        if not isinstance(data, Mapping):
            return None
        data = data.get(key)
    return data


def written_names(data: Mapping[str, Any]) -> Iterator[tuple[Keys, str]]:
    """(where, name) of every card name a format file's own data writes, in file order."""
    for list_key in _dated_list_keys():
        for index, entry in enumerate(data.get(list_key) or ()):
            if isinstance(entry, str):
                yield (list_key, index), entry
            elif isinstance(entry, Mapping) and entry.get("code") is None and isinstance(entry.get("card"), str):
                yield (list_key, index, "card"), entry["card"]
    for keys in NAMES_AS_KEYS:
        for name in _at(data, keys) or {}:
            if isinstance(name, str) and not name.isdigit():  # a passcode is not a name (Genesys points)
                yield (*keys, name), name
    for keys in NAME_LISTS:
        for index, name in enumerate(_at(data, keys) or ()):
            if isinstance(name, str):
                yield (*keys, index), name


def unknown_names(path: Path, game: str, cards_db: Path | None = None) -> tuple[list[FormatError], str | None]:
    """The names `path` writes that no card of `game`'s card data has, each a FormatError
    naming the key and line, with the closest names; and the card data looked in (None when
    the game has no card data, and nothing was checked)."""
    from ..cards import catalog_for
    from ..yamlload import read_yaml_file

    catalog, _note = catalog_for(game, cards_db, offline=True)
    if catalog is None:
        return [], None
    document = read_yaml_file(path, what="format file")
    found = []
    for keys, name in written_names(document.data or {}):
        if catalog.get(name) is not None:
            continue
        close = catalog.suggest(name)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        found.append(FormatError(
            f"no card named {name!r} in the card data{hint}", path=str(path), key=dotted(keys), line=document.line_of(keys),
        ))
    return found, catalog.describe()
