"""MTG Arena import text: `Commander`, `Companion`, `Deck` and `Sideboard` sections."""
from __future__ import annotations

from ...model import COMMANDER, COMPANION, MAIN, SIDEBOARD, Deck
from ._counts import counted

NAME = "arena"
DESCRIPTION = "MTG Arena import text"
ZONES = (COMMANDER, COMPANION, MAIN, SIDEBOARD)
_TITLES = ((COMMANDER, "Commander"), (COMPANION, "Companion"), (MAIN, "Deck"), (SIDEBOARD, "Sideboard"))


def write(deck: Deck) -> str:
    blocks = []
    for zone, title in _TITLES:
        rows = counted(deck, zone)
        if rows or zone == MAIN:
            blocks.append("\n".join([title] + [f"{count} {name}" for count, name in rows]))
    return "\n\n".join(blocks) + "\n"
