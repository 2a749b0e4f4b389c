"""Scryfall card objects -> `Card`s (bulk files `oracle_cards`, `default_cards`, API answers).

`oracle_cards` has one object per card, `default_cards` one per printing: both are read the
same way and printings of one card are merged by the store. Missing keys are treated as
absent, not as errors, because older Scryfall objects (2018-2019) lack fields such as
`keywords` or the `pioneer` legality. Tokens, emblems and art-series cards are not cards
a deck can hold and are left out.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ...cards.jsonstream import JsonStream
from .cards import PLATFORMS, Card, Printing, SetInfo, as_tuple, split_type_line

SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})


class ShapeError(ValueError):
    """An item that is not a Scryfall card object."""


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


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


def card_from_scryfall(obj: Any, index: int = 0) -> tuple[Card, SetInfo | None] | None:
    """The card an object describes (None for tokens and the like). Raises ShapeError."""
    if not isinstance(obj, Mapping):
        raise ShapeError(f"item {index + 1} is not a JSON object but {type(obj).__name__}")
    kind = obj.get("object", "card")
    name = obj.get("name")
    if kind != "card" or not isinstance(name, str) or not name.strip():
        what = f"object {kind!r}" if kind != "card" else "no card name"
        raise ShapeError(f"item {index + 1} is not a Scryfall card object ({what})")
    layout = _text(obj.get("layout")) or "normal"
    if layout in SKIPPED_LAYOUTS:
        return None
    faces = _faces(obj)
    meld = _meld_result(obj) if layout == "meld" else None
    if meld == name:
        return None  # the melded back face (Brisela): printed on the back of a half, no card a deck holds
    if layout == "reversible_card" and faces:
        # Two printed sides of one card (both usually the same card): the front is the card.
        obj, faces, name = {**obj, **faces[0]}, [], faces[0]["name"]
    face_names = tuple(face["name"] for face in faces) or tuple(part for part in name.split(" // ") if part) or (name,)
    if meld:
        face_names = (name, meld)  # a half: its back face is the melded card, as MTGJSON lists it
    type_line = _text(obj.get("type_line")) or " // ".join(_text(face.get("type_line")) for face in faces)
    oracle_text = _text(obj.get("oracle_text")) or "\n//\n".join(_text(face.get("oracle_text")) for face in faces)
    mana_cost = _text(obj.get("mana_cost")) or " // ".join(
        cost for cost in (_text(face.get("mana_cost")) for face in faces) if cost
    )
    colors = obj.get("colors")
    if colors is None and faces:
        colors = faces[0].get("colors")
    supertypes, types, subtypes = split_type_line(type_line)
    cmc = obj.get("cmc")
    legalities = obj.get("legalities")
    if isinstance(legalities, Mapping) and legalities:
        legal_map: dict[str, str] | None = {str(k): str(v) for k, v in legalities.items()}
    else:
        legal_map = None
    set_code = _text(obj.get("set")).lower()
    released = _text(obj.get("released_at"))[:10]
    games = obj.get("games")
    platforms = tuple(game for game in PLATFORMS if isinstance(games, list) and game in games)
    printings = (Printing(set_code, _text(obj.get("rarity")).lower(), released, platforms),) if set_code else ()
    aliases = tuple(dict.fromkeys(
        alias for alias in (_text(obj.get("flavor_name")), _text(obj.get("printed_name")) if obj.get("lang", "en") == "en" else "")
        if alias and alias != name and alias not in face_names
    ))
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
        colors=as_tuple(colors),
        color_identity=as_tuple(obj.get("color_identity")),
        oracle_text=oracle_text,
        legalities=legal_map,
        printings=printings,
        aliases=aliases,
    )
    info = None
    if set_code:
        info = SetInfo(
            set_code, _text(obj.get("set_name")) or None, released or None, kind=_text(obj.get("set_type")),
            digital=obj.get("digital") is True and "paper" not in platforms,
        )
    return card, info


def read_array(stream: JsonStream) -> Iterator[tuple[Card, SetInfo | None]]:
    """Cards of a Scryfall bulk file (a JSON array of card objects), one at a time."""
    for index, obj in enumerate(stream.items()):
        found = card_from_scryfall(obj, index)
        if found is not None:
            yield found
    stream.expect_end()
