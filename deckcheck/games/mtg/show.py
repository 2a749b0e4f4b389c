"""A Magic card as `deckcheck cards lookup` shows it: canonical name, faces, type, mana,
colours, copies allowed, Oracle text, legalities and printings."""
from __future__ import annotations

from typing import Any

from .cards import Card
from .catalog import MtgCatalog


def find(catalog: MtgCatalog, query: str) -> Card | None:
    """The card any spelling names: the local data first, then (unless offline) Scryfall."""
    return catalog.resolve([query])[query]


def facts(catalog: MtgCatalog, card: Card) -> dict[str, Any]:
    return {
        "name": card.name,
        "faces": list(card.face_names),
        "layout": card.layout,
        "mana_cost": card.mana_cost,
        "mana_value": card.mana_value,
        "type_line": card.type_line,
        "supertypes": list(card.supertypes),
        "types": list(card.types),
        "subtypes": list(card.subtypes),
        "colors": list(card.colors),
        "color_identity": list(card.color_identity),
        "oracle_text": card.oracle_text,
        "basic": card.is_basic,
        "deck_limit": card.deck_limit,
        "legalities": dict(card.legalities) if card.legalities is not None else None,
        "printings": [{"set": p.set, "rarity": p.rarity} for p in card.printings],
    }


def text(catalog: MtgCatalog, card: Card) -> str:
    lines = [card.name]
    if len(card.face_names) > 1:
        lines.append(f"  faces:      {' | '.join(card.face_names)} ({card.layout})")
    lines.append(f"  type:       {card.type_line}")
    if card.mana_cost or card.mana_value is not None:
        value = f" (mana value {card.mana_value:g})" if card.mana_value is not None else ""
        lines.append(f"  mana:       {card.mana_cost or '-'}{value}")
    lines.append(f"  colours:    {''.join(card.colors) or 'colourless'}; identity {''.join(card.color_identity) or 'colourless'}")
    limit = card.deck_limit
    copies = "any number (basic land)" if card.is_basic else {None: "the format's limit", "any": "any number"}.get(limit, f"up to {limit}")
    lines.append(f"  copies:     {copies}")
    for number, line in enumerate(card.oracle_text.splitlines()):
        lines.append(f"  {'text:' if number == 0 else '':<11} {line}")
    if card.legalities is not None:
        legal = [fmt for fmt, status in sorted(card.legalities.items()) if status != "not_legal"]
        shown = ", ".join(f"{fmt} {card.legalities[fmt]}" if card.legalities[fmt] != "legal" else fmt for fmt in legal)
        lines.append(f"  legal in:   {shown or 'no format'}")
    if card.printings:
        sets = ", ".join(f"{p.set}{f' ({p.rarity})' if p.rarity else ''}" for p in card.printings[:12])
        more = f" and {len(card.printings) - 12} more" if len(card.printings) > 12 else ""
        lines.append(f"  printings:  {sets}{more}")
    return "\n".join(lines) + "\n"
