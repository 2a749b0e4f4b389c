"""Yu-Gi-Oh! and WoW TCG cards as `deckcheck cards lookup` shows them."""
from __future__ import annotations

from typing import Any

from ..games.wow.cards import WowCard
from ..games.yugioh.cards import YgoCard, describe_types


def ygo_dict(card: YgoCard, root: YgoCard) -> dict[str, Any]:
    return {
        "name": card.name, "passcode": card.code, "types": sorted(card.types), "type_bits": card.type,
        "extra_deck": card.is_extra_deck, "alias": card.alias or None,
        "counts_as": root.name if card.alias else None,
        "alternate_artwork": card.is_alternate_artwork, "regions": [r for r, bit in (("OCG", 1), ("TCG", 2)) if card.ot & bit],
    }


def ygo_text(card: YgoCard, root: YgoCard) -> str:
    lines = [card.name, f"  passcode:   {card.code}", f"  type:       {describe_types(card.type)} ({', '.join(sorted(card.types))})"]
    if card.alias:
        kind = "alternate artwork of" if card.is_alternate_artwork else "always treated as"
        lines.append(f"  counts as:  {root.name} ({card.alias}; {kind})")
    lines.append(f"  deck:       {'Extra Deck' if card.is_extra_deck else 'Main Deck'}")
    return "\n".join(lines) + "\n"


def wow_dict(card: WowCard) -> dict[str, Any]:
    return {
        "name": card.name, "deck_limit": card.deck_limit,
        "printings": [
            {"type": p.type, "faction": p.faction, "icons": sorted(p.icons), "tags": sorted(p.tags),
             "hero_required": [sorted(group) for group in p.requires], "hero_traits": sorted(p.traits)}
            for p in card.profiles
        ],
    }


def wow_text(card: WowCard) -> str:
    lines = [card.name]
    if card.deck_limit:
        lines.append("  copies:     any number (Unlimited)")
    for number, p in enumerate(card.profiles, start=1):
        label = f"  version {number}:" if len(card.profiles) > 1 else "  card:"
        lines.append(f"{label:<14}{p.type or '?'}, {p.faction or 'no faction'}; icons: {p.describe_icons()}")
        if p.tags:
            lines.append(f"  {'':<12}tags: {', '.join(sorted(p.tags))}")
        if p.requires:
            lines.append(f"  {'':<12}hero required: {' and '.join(' or '.join(sorted(g)) for g in p.requires)}")
        if p.traits:
            lines.append(f"  {'':<12}hero traits: {', '.join(sorted(p.traits))}")
    return "\n".join(lines) + "\n"
