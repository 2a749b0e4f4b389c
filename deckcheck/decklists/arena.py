"""MTG Arena import text: `Commander`, `Companion`, `Deck` and `Sideboard` sections.

A format deckcheck writes but has no parser of its own: Arena's exports are plain text with
section headers and `(SET) 123` decorations, which the text parser reads (decklists/text.py),
whatever the file is called. So this module declares no `sniff` or `parse`; the registry
lists it among the writers only, and `--input-format` does not offer it.
"""
from __future__ import annotations

from ..model import COMMANDER, COMPANION, MAIN, SIDEBOARD, Deck
from .common import counted

NAME = "arena"
EXTENSIONS: tuple[str, ...] = ()
DESCRIPTION = "MTG Arena import text"
ZONES = (COMMANDER, COMPANION, MAIN, SIDEBOARD)  # what the format can hold (written)
_TITLES = ((COMMANDER, "Commander"), (COMPANION, "Companion"), (MAIN, "Deck"), (SIDEBOARD, "Sideboard"))


def write(deck: Deck) -> str:
    blocks = []
    for zone, title in _TITLES:
        rows = counted(deck, zone)
        if rows or zone == MAIN:
            blocks.append("\n".join([title] + [f"{count} {name}" for count, name in rows]))
    return "\n\n".join(blocks) + "\n"
