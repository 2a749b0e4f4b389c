"""Forge `.dck`: `[metadata]` with the deck's name, then `[Main]`, `[Sideboard]`, `[Commander]`."""
from __future__ import annotations

from ...model import COMMANDER, MAIN, SIDEBOARD, Deck
from ._counts import counted

NAME = "dck"
DESCRIPTION = "Forge .dck"
ZONES = (MAIN, SIDEBOARD, COMMANDER)


def write(deck: Deck) -> str:
    lines = ["[metadata]", f"Name={deck.name or 'deck'}"]
    for zone, section in ((COMMANDER, "Commander"), (MAIN, "Main"), (SIDEBOARD, "Sideboard")):
        rows = counted(deck, zone)
        if rows or zone == MAIN:
            lines.append(f"[{section}]")
            lines.extend(f"{count} {name}" for count, name in rows)
    return "\n".join(lines) + "\n"
