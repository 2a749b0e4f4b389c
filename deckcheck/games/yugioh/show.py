"""A Yu-Gi-Oh! card as `deckcheck cards lookup` shows it: name, passcode, types, the card
it counts as (alternate artworks, "always treated as"), Main or Extra Deck, regions."""
from __future__ import annotations

from typing import Any

from ...limits import NumberTooLong, whole_number
from .cards import YgoCard, describe_types
from .catalog import YgoCatalog


def find(catalog: YgoCatalog, query: str) -> YgoCard | None:
    """A passcode (all digits) or any spelling of a name."""
    if not query.strip().isdigit():
        return catalog.get(query)
    try:
        return catalog.by_code(whole_number(query))
    except NumberTooLong:  # no passcode has thousands of digits
        return None


def facts(catalog: YgoCatalog, card: YgoCard) -> dict[str, Any]:
    root = catalog.root(card)
    return {
        "name": card.name, "passcode": card.code, "types": sorted(card.types), "type_bits": card.type,
        "extra_deck": card.is_extra_deck, "alias": card.alias or None,
        "counts_as": root.name if card.alias else None,
        "alternate_artwork": card.is_alternate_artwork, "regions": [r for r, bit in (("OCG", 1), ("TCG", 2)) if card.ot & bit],
    }


def text(catalog: YgoCatalog, card: YgoCard) -> str:
    root = catalog.root(card)
    lines = [card.name, f"  passcode:   {card.code}", f"  type:       {describe_types(card.type)} ({', '.join(sorted(card.types))})"]
    if card.alias:
        kind = "alternate artwork of" if card.is_alternate_artwork else "always treated as"
        lines.append(f"  counts as:  {root.name} ({card.alias}; {kind})")
    lines.append(f"  deck:       {'Extra Deck' if card.is_extra_deck else 'Main Deck'}")
    return "\n".join(lines) + "\n"
