"""Read World of Warcraft TCG card files into (name, `WowProfile`) pairs.

- The shared card data (a JSON array of printings, as in seriallos/wowtcg-decktools):
  `name`, `type`, `faction`, class icons as keys with value `"x"` (`DeathKnight`, ...),
  `subtype`..`subtype4` (tags such as `Unlimited`, a hero's talent spec), `rules` (for
  "[Trait] Hero Required"), and for heroes `race`, `class`, `class2`, `profession`,
  `profession2`; a hero's "Deckbuilding:" text is kept apart from its Hero Required clauses.
- A user's card file, CSV (a header row) or YAML (a list of mappings, or `{cards: [...]}`),
  with the columns `name` (required), `type`, `class_icons` (class names), `faction`
  (Alliance, Horde, Neutral or Both), `tags`,
  `hero_traits`, `requires` (traits that satisfy "Hero Required", alternatives separated
  by `|`) and `rules` (card text, read for "Hero Required" when `requires` is empty, for a
  hero's "Deckbuilding:" text, and for a Talent's spec and the Talents it keeps out).
  List cells separate items with `;` or `,`.

`recognise` tells them apart for `cards import`: a `.csv` or `.yaml`/`.yml` file is the
user's own; a JSON array of objects with `cardid` and `setcode` is the shared data.
Readers raise `CardFileError` with a one-line reason.
"""
from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ...cards.importer import CardFile, CardFileError, CardImport, parse_json, parse_yaml, whole_file_import
from .cards import (CLASSES, WowProfile, canonical_class, deckbuilding_from_text, reputation_from_text,
                    requirements_from_text, talent_from_text,
                    trait_key)
from ...lazy_pattern import lazy
from ...limits import quoted
from ...names import fold
from ...wording import listed

_ICON_KEYS = {name.replace(" ", ""): name for name in CLASSES}
_LIST_SPLIT = lazy(r"\s*[;,]\s*")
USER_COLUMNS = ("name", "type", "class_icons", "faction", "tags", "hero_traits", "requires", "rules")


def recognise(file: CardFile) -> CardImport | None:
    """The import of a WoW TCG card file, or None when `file` is not one."""
    if ".csv" in file.suffixes:
        return _import(file, "WoW TCG card file (CSV)", lambda f: read_user_csv(f.text()))
    if ".yaml" in file.suffixes or ".yml" in file.suffixes:
        return _import(file, "WoW TCG card file (YAML)", lambda f: read_user_yaml(parse_yaml(f.text())))
    head = file.head
    if head.lstrip().startswith("[") and '"cardid"' in head and '"setcode"' in head:
        return _import(file, "WoW TCG card data", lambda f: _read_shared_file(parse_json(f.text())))
    return None


def _write(db_path: Path, records: list[tuple[str, WowProfile]], meta: dict[str, str]) -> int:
    # The tables' module (and the catalog it imports) is loaded once a file is recognised:
    # every `cards import`, a Magic one too, asks this module.
    from . import store

    return store.write(db_path, records, meta)


def _import(file: CardFile, source: str, read: Callable[[CardFile], Iterable[tuple[str, WowProfile]]]) -> CardImport:
    # A name printed several times is one card: count names, not printings, folded as the
    # catalog merges them (the shared data spells "Fuel for the Fire" two ways).
    return whole_file_import(file, source, read, _write,
                             count_cards=lambda records: len({fold(name) for name, _ in records}))


def _read_shared_file(document: Any) -> Iterator[tuple[str, WowProfile]]:
    if not looks_like_shared(document):
        raise CardFileError("expected WoW TCG card data: a JSON array of card objects with cardid and setcode")
    return read_shared(document)


def _text(value: Any) -> str:
    return str(value).strip() if value not in (None, "", "None") else ""


# The set the shared card data files its tokens under (Skeleton, Boar, ...).
TOKEN_SET = "TOK"


def profile_from_shared(card: Mapping[str, Any]) -> WowProfile:
    classes = frozenset(name for key, name in _ICON_KEYS.items() if _text(card.get(key)).lower() == "x")
    tags = frozenset(_text(card.get(key)) for key in ("subtype", "subtype2", "subtype3", "subtype4") if _text(card.get(key)))
    card_type = _text(card.get("type"))
    traits: frozenset[str] = frozenset()
    if card_type == "Hero":
        hero_classes = {canonical_class(_text(card.get(key))) for key in ("class", "class2") if _text(card.get(key))}
        traits = frozenset(
            {_text(card.get(key)) for key in ("race", "profession", "profession2") if _text(card.get(key))}
            | hero_classes | tags
        )
        classes = frozenset(hero_classes)  # a hero's class is its class icon
    rules = _text(card.get("rules"))
    requires = requirements_from_text(rules)
    talent, excludes = talent_from_text(rules, tags, requires) if card_type != "Hero" else ("", ())
    return WowProfile(
        type=card_type, faction=_text(card.get("faction")), classes=classes, tags=tags,
        requires=requires, traits=traits, token=_text(card.get("setcode")) == TOKEN_SET,
        deckbuilding=deckbuilding_from_text(rules), talent=talent, talent_excludes=excludes,
        reputation=reputation_from_text(rules),
    )


def read_shared(document: Any) -> Iterator[tuple[str, WowProfile]]:
    if not isinstance(document, list):
        raise CardFileError("expected WoW TCG card data: a JSON array of card objects")
    for index, card in enumerate(document):
        if not isinstance(card, dict):
            raise CardFileError(f"item {index} is not a card object")
        name = _text(card.get("name"))
        if name:  # the data has one empty placeholder object
            yield name, profile_from_shared(card)


def looks_like_shared(document: Any) -> bool:
    return (isinstance(document, list) and bool(document)
            and all(isinstance(card, dict) for card in document[:50])
            and any("cardid" in card and "setcode" in card for card in document[:50]))


# ------------------------------------------------------------------ user files


def _items(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [_text(item) for item in value if _text(item)]
    return [part for part in _LIST_SPLIT.split(_text(value)) if part]


# The factions a card prints (`Both`: Alliance and Horde icons), as the card data spells them.
_FACTIONS = {fold(name): name for name in ("Alliance", "Horde", "Neutral", "Both")}


def _class_icon(text: str, where: str) -> str:
    """A class icon as the card data spells it; a misspelt one would share no icon with any
    hero, and the card be legal in no deck."""
    name = canonical_class(text)
    if name not in CLASSES:
        raise CardFileError(f"{where}: class icon {quoted(text)} is not a class; write {listed(list(CLASSES))} "
                            "(a faction goes in the faction column)")
    return name


def profile_from_user(row: Mapping[str, Any], where: str) -> tuple[str, WowProfile]:
    unknown = [key for key in row if key is not None and str(key).strip().lower() not in USER_COLUMNS]
    if unknown:
        raise CardFileError(f"{where}: unknown column {quoted(unknown[0])}; columns are {', '.join(USER_COLUMNS)}")
    values = {str(key).strip().lower(): value for key, value in row.items() if key is not None}
    name = _text(values.get("name"))
    if not name:
        raise CardFileError(f"{where}: a card needs a name")
    rules = _text(values.get("rules"))
    requires_cell = values.get("requires")
    if requires_cell:
        clauses = requires_cell if isinstance(requires_cell, list) else [requires_cell]
        requires = tuple(frozenset(trait_key(part) for part in str(clause).split("|") if part.strip()) for clause in clauses)
    else:
        requires = requirements_from_text(rules)
    classes = frozenset(_class_icon(item, where) for item in _items(values.get("class_icons")))
    faction = _text(values.get("faction"))
    if faction and fold(faction) not in _FACTIONS:
        # A misspelt faction would make the card neutral (legal in every deck), quietly.
        raise CardFileError(f"{where}: faction {quoted(faction)} is not one; write {listed(list(_FACTIONS.values()))}")
    card_type = _text(values.get("type"))
    traits = frozenset(_items(values.get("hero_traits")))
    tags = frozenset(_items(values.get("tags")))
    talent, excludes = talent_from_text(rules, tags, requires) if card_type != "Hero" else ("", ())
    return name, WowProfile(type=card_type, faction=_FACTIONS.get(fold(faction), ""), classes=classes,
                            tags=tags, requires=requires, traits=traits,
                            deckbuilding=deckbuilding_from_text(rules), talent=talent, talent_excludes=excludes,
                            reputation=reputation_from_text(rules))


def read_user_csv(text: str) -> Iterator[tuple[str, WowProfile]]:
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or "name" not in [field.strip().lower() for field in reader.fieldnames]:
        raise CardFileError("a CSV card file needs a header row with a `name` column")
    for number, row in enumerate(reader, start=2):
        yield profile_from_user(row, f"line {number}")


def read_user_yaml(document: Any) -> Iterator[tuple[str, WowProfile]]:
    rows: Iterable[Any] = document.get("cards") if isinstance(document, dict) else document
    if not isinstance(rows, list):
        raise CardFileError("a YAML card file is a list of cards (or `cards:` with that list)")
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            raise CardFileError(f"card {index + 1}: expected a mapping of columns")
        yield profile_from_user(row, f"card {index + 1}")
