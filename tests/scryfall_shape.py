"""Turn the shared card file (../shared/data/mtg/cards.jsonl.gz, one line per Oracle card,
not Scryfall's shape) into Scryfall bulk files, so the real importer and the real `sync`
code run on real data.

`default_cards` has one object per printing, as Scryfall's file of that name does;
`oracle_cards` one object per card. The source has no per-format legalities, so the
objects carry none unless `legalities` maps card names to a legality dict: a database
built from them is the "printings alone" kind. Field names and layouts follow Scryfall's
card objects (`card_faces`, `cmc`, `set`, `set_name`, `released_at`, `rarity`, ...).

Also usable from the command line (the benchmark uses it):
    python tests/scryfall_shape.py OUT.json [--oracle] [--limit N]
"""
from __future__ import annotations

import gzip
import json
import re
import sys
import uuid
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

_NAMESPACE = uuid.UUID("6ba7b811-9dad-11d1-80b4-00c04fd430c8")
# Layouts whose faces Scryfall lists in `card_faces` and whose top-level `oracle_text`
# it leaves out; split, flip and adventure cards keep top-level `colors`, the double-faced
# ones only have them on each face.
_FACED = {"split", "flip", "transform", "modal_dfc", "adventure"}
_COLORS_ON_FACES = {"transform", "modal_dfc"}


# The card file writes "&" in rules text as a quote mark with a space on each side (an
# OCTGN export artifact, mended the same way by scripts/build_card_data.py); Scryfall has
# the ampersand ("Partner with Bebop, Skull & Crossbones").
_GARBLED_AMPERSAND = re.compile(r'(?<=\w) " (?=\w)')


def _text(text: str) -> str:
    return _GARBLED_AMPERSAND.sub(" & ", text) if ' " ' in text else text


def read_cards(card_file: Path) -> Iterator[dict[str, Any]]:
    with gzip.open(card_file, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def read_sets(sets_file: Path) -> dict[str, dict[str, Any]]:
    return {entry["code"]: entry for entry in json.loads(sets_file.read_text(encoding="utf-8"))}


def _face_object(face: Mapping[str, Any]) -> dict[str, Any]:
    out = {
        "object": "card_face",
        "name": face["name"],
        "mana_cost": face.get("mana_cost", ""),
        "type_line": face.get("type_line", ""),
        "oracle_text": _text(face.get("oracle_text", "")),
        "colors": face.get("colors", []),
    }
    for key in ("power", "toughness", "loyalty"):
        if key in face:
            out[key] = face[key]
    return out


def card_objects(
    card: Mapping[str, Any], sets: Mapping[str, Mapping[str, Any]], *, oracle: bool = False,
    legalities: Mapping[str, Mapping[str, str]] | None = None,
) -> Iterator[dict[str, Any]]:
    """Scryfall objects for one card of the shared file: one per printing (or one in all)."""
    layout = card["layout"]
    base: dict[str, Any] = {
        "object": "card",
        "oracle_id": str(uuid.uuid5(_NAMESPACE, card["name"])),
        "name": card["name"],
        "lang": "en",
        "layout": layout,
        "mana_cost": card.get("mana_cost", ""),
        "cmc": card.get("mana_value", 0.0),
        "type_line": card.get("type_line", ""),
        "color_identity": card.get("color_identity", []),
        "reserved": False,
    }
    if layout in _FACED and card.get("faces"):
        base["card_faces"] = [_face_object(face) for face in card["faces"]]
        if layout not in _COLORS_ON_FACES:
            base["colors"] = card.get("colors", [])
    else:
        base["oracle_text"] = _text(card.get("oracle_text", ""))
        base["colors"] = card.get("colors", [])
        if layout == "meld" and card.get("faces"):
            base["oracle_text"] = _text(card["faces"][0].get("oracle_text", ""))
    for key in ("power", "toughness", "loyalty"):
        if key in card and "card_faces" not in base:
            base[key] = card[key]
    if legalities is not None and card["name"] in legalities:
        base["legalities"] = dict(legalities[card["name"]])
    printings = card.get("printings") or []
    if oracle:
        printings = printings[-1:]  # Scryfall's oracle_cards picks one recent printing
    for printing in printings:
        info = sets.get(printing["set"], {})
        yield {
            **base,
            "id": printing.get("scryfall_id") or str(uuid.uuid5(_NAMESPACE, f"{card['name']}|{printing['set']}|{printing.get('number')}")),
            "set": printing["set"],
            "set_name": info.get("name", printing["set"].upper()),
            "released_at": info.get("release_date"),
            "collector_number": printing.get("number", ""),
            "rarity": printing["rarity"],
            "digital": False,
        }


def write_bulk(
    out: Path, cards: Iterable[Mapping[str, Any]], sets: Mapping[str, Mapping[str, Any]], *, oracle: bool = False,
    legalities: Mapping[str, Mapping[str, str]] | None = None,
) -> int:
    """Write a Scryfall bulk file (a JSON array, one object a line as Scryfall does); returns objects."""
    count = 0
    with open(out, "w", encoding="utf-8") as handle:
        handle.write("[\n")
        for card in cards:
            for obj in card_objects(card, sets, oracle=oracle, legalities=legalities):
                handle.write(("," if count else "") + json.dumps(obj, ensure_ascii=False) + "\n")
                count += 1
        handle.write("]\n")
    return count


def convert(shared_mtg: Path, out: Path, *, oracle: bool = False, names: set[str] | None = None, limit: int | None = None) -> int:
    """Convert the shared card file; `names` keeps only those cards (by full or front name)."""
    sets = read_sets(shared_mtg / "sets.json")
    cards: Iterable[dict[str, Any]] = read_cards(shared_mtg / "cards.jsonl.gz")
    if names is not None:
        cards = (c for c in cards if c["name"] in names or c["front_face_name"] in names)
    if limit is not None:
        cards = (c for i, c in enumerate(cards) if i < limit)
    return write_bulk(out, cards, sets, oracle=oracle)


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from conftest import SHARED_DATA

    shared = SHARED_DATA / "mtg"
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else None
    written = convert(shared, Path(args[0]), oracle="--oracle" in args, limit=limit)
    print(f"wrote {written} objects to {args[0]}")
