"""MTGJSON `AtomicCards.json` -> `Card`s.

The file is one object: `{"meta": {"date", "version"}, "data": {card name: [face, ...]}}`,
one entry per face for multi-face cards. It is streamed key by key like the Scryfall
arrays. Atomic data has set codes (`printings`) but no rarities, and legalities only for
the formats a card is legal, banned or restricted in; a format it does not mention is
`not_legal` in Scryfall's terms.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ...cards.jsonstream import JsonStream
from .cards import NOT_LEGAL, Card, Printing, SetInfo, as_tuple
from .scryfall_import import ShapeError

# Format keys MTGJSON knows; a card's missing key means "not legal" there.
KNOWN_FORMATS = (
    "alchemy", "brawl", "commander", "duel", "explorer", "future", "gladiator", "historic", "legacy",
    "modern", "oathbreaker", "oldschool", "pauper", "paupercommander", "penny", "pioneer", "predh",
    "premodern", "standard", "standardbrawl", "timeless", "vintage",
)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def card_from_atomic(name: str, faces: Any) -> Card:
    if not isinstance(faces, list) or not faces or not all(isinstance(face, Mapping) for face in faces):
        raise ShapeError(f"entry {name!r} is not a list of MTGJSON card objects")
    faces = sorted(faces, key=lambda face: _text(face.get("side")) or "a")
    front = faces[0]
    full_name = _text(front.get("name")) or name
    face_names = tuple(_text(face.get("faceName")) or full_name for face in faces) if len(faces) > 1 else (full_name,)
    legalities = front.get("legalities")
    legal_map: dict[str, str] = {fmt: NOT_LEGAL for fmt in KNOWN_FORMATS}
    if isinstance(legalities, Mapping):
        legal_map.update({str(fmt): str(status).lower().replace(" ", "_") for fmt, status in legalities.items()})
    mana_value = front.get("manaValue", front.get("convertedManaCost"))
    printings = tuple(Printing(str(code).lower(), "") for code in as_tuple(front.get("printings")))
    return Card(
        name=full_name,
        face_names=face_names,
        layout=_text(front.get("layout")) or "normal",
        mana_cost=" // ".join(cost for cost in (_text(face.get("manaCost")) for face in faces) if cost),
        mana_value=float(mana_value) if isinstance(mana_value, (int, float)) and not isinstance(mana_value, bool) else None,
        type_line=" // ".join(_text(face.get("type")) for face in faces),
        supertypes=as_tuple(front.get("supertypes")),
        types=as_tuple(front.get("types")),
        subtypes=as_tuple(front.get("subtypes")),
        colors=as_tuple(front.get("colors")),
        color_identity=as_tuple(front.get("colorIdentity")),
        oracle_text="\n//\n".join(_text(face.get("text")) for face in faces),
        legalities=legal_map,
        printings=printings,
        power=_text(front.get("power")) or None,
        toughness=_text(front.get("toughness")) or None,
    )


def read_atomic(stream: JsonStream, meta: dict[str, str]) -> Iterator[tuple[Card, SetInfo | None]]:
    """Cards of an AtomicCards.json file; fills `meta` with the file's date and version."""
    saw_data = False
    for key in stream.keys():
        if key == "meta":
            value = stream.value()
            if isinstance(value, Mapping):
                meta.update({f"mtgjson_{k}": str(v) for k, v in value.items() if isinstance(v, (str, int))})
        elif key == "data":
            saw_data = True
            if stream.peek() != "{":
                raise ShapeError("`data` is not an object of cards keyed by name (not AtomicCards.json?)")
            for name in stream.keys():
                yield card_from_atomic(name, stream.value()), None
        else:
            stream.skip()
    if not saw_data and stream.peek() == "{":
        raise ShapeError("one JSON object a line (JSON Lines): deckcheck reads a Scryfall bulk file (a JSON array "
                         "of cards) or MTGJSON AtomicCards.json")
    stream.expect_end()
    if not saw_data:
        raise ShapeError("no `data` object: not an MTGJSON AtomicCards.json file")
