"""Cockatrice `.cod` XML: `main` and `side` zones."""
from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ...model import MAIN, SIDEBOARD, Deck
from ._counts import counted

NAME = "cod"
DESCRIPTION = "Cockatrice .cod XML"
ZONES = (MAIN, SIDEBOARD)


def write(deck: Deck) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">',
             f"    <deckname>{escape(deck.name or '')}</deckname>", "    <comments></comments>"]
    for zone, label in ((MAIN, "main"), (SIDEBOARD, "side")):
        rows = counted(deck, zone)
        if not rows:
            continue
        lines.append(f'    <zone name="{label}">')
        lines.extend(f"        <card number=\"{count}\" name={quoteattr(name)}/>" for count, name in rows)
        lines.append("    </zone>")
    lines.append("</cockatrice_deck>")
    return "\n".join(lines) + "\n"
