"""MTGO `.dek` XML: one `<Cards>` element per card and zone."""
from __future__ import annotations

from xml.sax.saxutils import quoteattr

from ...model import MAIN, SIDEBOARD, Deck
from ._counts import counted

NAME = "dek"
DESCRIPTION = "MTGO .dek XML"
ZONES = (MAIN, SIDEBOARD)


def write(deck: Deck) -> str:
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
             "  <NetDeckID>0</NetDeckID>", "  <PreconstructedDeckID>0</PreconstructedDeckID>"]
    for zone, side in ((MAIN, "false"), (SIDEBOARD, "true")):
        for count, name in counted(deck, zone):
            lines.append(f'  <Cards CatID="0" Quantity="{count}" Sideboard="{side}" Name={quoteattr(name)} />')
    lines.append("</Deck>")
    return "\n".join(lines) + "\n"
