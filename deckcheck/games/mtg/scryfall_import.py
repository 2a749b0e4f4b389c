"""Scryfall card objects -> `Card`s (bulk files `oracle_cards`, `default_cards`, API answers).

`oracle_cards` has one object per card, `default_cards` one per printing: both are read the
same way and printings of one card are merged by the store. A printing of a card the store
already holds becomes a `Reprint` (its set, rarity and other names: all the store takes
from it), which saves building the card again for each of the file's ~2.5 printings per
card. Missing keys are treated as absent, not as errors, because older Scryfall objects
(2018-2019) lack fields such as `keywords` or the `pioneer` legality. Tokens, emblems and art-series cards are not cards
a deck can hold and are left out.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import Any, cast

from ...record import NamedTuple
from ...cards.jsonstream import JsonStream
from .cards import PLATFORMS, Card, Printing, SetInfo, as_tuple, split_type_line

SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})
# An object that does not say it is a card (`"object": "card"`, as every Scryfall object
# does) must have one of these to be read as one: a list of sets has a `name` too.
CARD_KEYS = ("type_line", "card_faces", "layout", "set", "mana_cost", "oracle_text", "legalities")


class ShapeError(ValueError):
    """An item that is not a Scryfall card object."""


class Reprint(NamedTuple):
    """Another printing of a card already read: what it adds to the card."""

    name: str
    printings: tuple[Printing, ...]
    aliases: tuple[str, ...]


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _strings(value: Any) -> tuple[str, ...]:
    """`as_tuple` of a field, quicker for the JSON list it nearly always is (as_tuple's
    checks of abstract types cost more than the copy)."""
    if type(value) is list:
        return tuple([str(item) for item in value if item is not None])
    return as_tuple(value)


def _stat(value: Any) -> str | None:
    """A power or toughness as printed (`3`, `*`, `1+*`), or None when there is none."""
    return value if isinstance(value, str) and value else None


def _faces(obj: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    faces = obj.get("card_faces")
    if not isinstance(faces, list):
        return []
    return [face for face in faces if isinstance(face, Mapping) and isinstance(face.get("name"), str)]


def _meld_result(obj: Mapping[str, Any]) -> str | None:
    """The name of the card a meld card melds into (its `all_parts` `meld_result`), if any."""
    parts = obj.get("all_parts")
    if not isinstance(parts, list):
        return None
    for part in parts:
        if isinstance(part, Mapping) and part.get("component") == "meld_result" and isinstance(part.get("name"), str):
            return part["name"]
    return None


def _platforms_of(games: list[Any]) -> tuple[str, ...]:
    """The platforms of a printing's `games`, in PLATFORMS order."""
    try:
        return _platforms(tuple(games))  # a handful of lists recur
    except TypeError:  # something unhashable in the list, no platform anyway
        return tuple(game for game in PLATFORMS if game in games)


@lru_cache(maxsize=256)
def _platforms(games: tuple[Any, ...]) -> tuple[str, ...]:
    return tuple(game for game in PLATFORMS if game in games)


@lru_cache(maxsize=4096)
def _set_info(code: str, name: str | None, released: str | None, kind: str, digital: bool) -> SetInfo:
    """One `SetInfo` for the many printings that say the same of their set (the store then
    merges each only once)."""
    return SetInfo(code, name, released, kind=kind, digital=digital)


def card_from_scryfall(obj: Any, index: int = 0) -> tuple[Card, SetInfo | None] | None:
    """The card an object describes (None for tokens and the like). Raises ShapeError."""
    # Without `known` nothing is a Reprint.
    return cast("tuple[Card, SetInfo | None] | None", _from_scryfall(obj, index, None))


def _from_scryfall(
    obj: Any, index: int, known: Callable[[str], bool] | None,
) -> tuple[Card | Reprint, SetInfo | None] | None:
    """`card_from_scryfall`, or only the printing (a `Reprint`) when `known` says a card of
    that name was read before."""
    if not isinstance(obj, dict) and not isinstance(obj, Mapping):  # dict first: Mapping's check is slow
        raise ShapeError(f"item {index + 1} is not a JSON object but {type(obj).__name__}")
    kind = obj.get("object", "card")
    name = obj.get("name")
    if kind != "card" or not isinstance(name, str) or not name.strip():
        what = f"object {kind!r}" if kind != "card" else "no card name"
        raise ShapeError(f"item {index + 1} is not a Scryfall card object ({what})")
    if "object" not in obj and not any(key in obj for key in CARD_KEYS):
        raise ShapeError(f"item {index + 1} is not a Scryfall card object (none of a card's keys: "
                         f"{', '.join(CARD_KEYS)})")
    layout = _text(obj.get("layout")) or "normal"
    if layout in SKIPPED_LAYOUTS:
        return None
    meld = _meld_result(obj) if layout == "meld" else None
    if meld == name:
        return None  # the melded back face (Brisela): printed on the back of a half, no card a deck holds
    faces = None  # found below, where a new card or another name needs them: most objects are reprints
    if layout == "reversible_card":
        faces = _faces(obj)
        if faces:
            # Two printed sides of one card (both usually the same card): the front is the card.
            obj, faces, name = {**obj, **faces[0]}, [], faces[0]["name"]
    set_code = _text(obj.get("set")).lower()
    released = _text(obj.get("released_at"))[:10]
    games = obj.get("games")
    platforms = _platforms_of(games) if isinstance(games, list) else ()
    printings = (Printing(set_code, _text(obj.get("rarity")).lower(), released, platforms),) if set_code else ()
    info = None
    if set_code:
        info = _set_info(set_code, _text(obj.get("set_name")) or None, released or None, _text(obj.get("set_type")),
                         obj.get("digital") is True and "paper" not in platforms)
    reprint = known is not None and known(name)
    flavor_name, printed_name = obj.get("flavor_name"), obj.get("printed_name")
    if reprint and not (flavor_name or printed_name):  # most printings have no other name
        return Reprint(name, printings, ()), info
    if faces is None:
        faces = _faces(obj)
    if faces:
        face_names = tuple(face["name"] for face in faces)
    elif " // " in name:
        face_names = tuple(part for part in name.split(" // ") if part) or (name,)
    else:
        face_names = (name,)
    if meld:
        face_names = (name, meld)  # a half: its back face is the melded card, as MTGJSON lists it
    aliases: tuple[str, ...] = ()
    if flavor_name or printed_name:
        aliases = tuple(dict.fromkeys(
            alias for alias in (_text(flavor_name), _text(printed_name) if obj.get("lang", "en") == "en" else "")
            if alias and alias != name and alias not in face_names
        ))
    if reprint:
        return Reprint(name, printings, aliases), info
    type_line = _text(obj.get("type_line")) or " // ".join(_text(face.get("type_line")) for face in faces)
    oracle_text = _text(obj.get("oracle_text")) or "\n//\n".join(_text(face.get("oracle_text")) for face in faces)
    mana_cost = _text(obj.get("mana_cost")) or " // ".join(
        cost for cost in (_text(face.get("mana_cost")) for face in faces) if cost
    )
    colors = obj.get("colors")
    if colors is None and faces:
        colors = faces[0].get("colors")
    # Power and toughness of the front face: on the object, or on its first face.
    box = obj if "power" in obj or not faces else faces[0]
    supertypes, types, subtypes = split_type_line(type_line)
    cmc = obj.get("cmc")
    legalities = obj.get("legalities")
    if isinstance(legalities, Mapping) and legalities:
        legal_map: dict[str, str] | None = {str(k): str(v) for k, v in legalities.items()}
    else:
        legal_map = None
    card = Card(
        name=name,
        face_names=face_names,
        layout=layout,
        mana_cost=mana_cost,
        mana_value=float(cmc) if isinstance(cmc, (int, float)) and not isinstance(cmc, bool) else None,
        type_line=type_line,
        supertypes=supertypes,
        types=types,
        subtypes=subtypes,
        colors=_strings(colors),
        color_identity=_strings(obj.get("color_identity")),
        oracle_text=oracle_text,
        legalities=legal_map,
        printings=printings,
        aliases=aliases,
        power=_stat(box.get("power")),
        toughness=_stat(box.get("toughness")),
    )
    return card, info


def read_array(
    stream: JsonStream, known: Callable[[str], bool] | None = None,
) -> Iterator[tuple[Card | Reprint | None, SetInfo | None]]:
    """Cards of a Scryfall bulk file (a JSON array of card objects), one item per object
    read; those `known` says were read before as `Reprint`s, an object that is no card
    (a meld card's back face) `(None, None)`, so the import counts the objects it read."""
    for index, obj in enumerate(stream.items()):
        yield _from_scryfall(obj, index, known) or (None, None)
    stream.expect_end()
