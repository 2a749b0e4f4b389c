"""MTGO `.dek` XML: `<Deck><Cards CatID= Quantity= Sideboard="true|false" Name=/></Deck>`.

Written with one `<Cards>` element per card and zone."""
from __future__ import annotations

from ..model import MAIN, SIDEBOARD, Deck
from .common import add_entry, counted, parse_error

NAME = "dek"
EXTENSIONS = (".dek",)
XML = True  # chosen by extension only when the content is XML
DESCRIPTION = "MTGO .dek XML"
ZONES = (MAIN, SIDEBOARD)  # what the format can hold (written)


def sniff(text: str) -> bool:
    head = text[:2000]
    return "<Deck" in head and "<Cards" in text[:20000]


def parse(text: str, source: str = "<dek>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
    from .xmlsafe import parse_xml  # expat is loaded only for XML decks (start-up: docs/speed.md)

    root = parse_xml(text, source=source)
    cards = list(root.iter("Cards"))
    if not cards:
        deck.problems.append(parse_error("no <Cards> elements: not an MTGO .dek file?", line=1))
    for element in cards:
        attrs = element.attrs
        zone = SIDEBOARD if attrs.get("Sideboard", "false").strip().lower() == "true" else MAIN
        raw = " ".join(f'{key}="{value}"' for key, value in attrs.items())
        if "Quantity" not in attrs or "Name" not in attrs:
            deck.problems.append(parse_error("<Cards> needs Quantity and Name", line=element.line, text=raw, zone=zone))
            continue
        add_entry(deck, attrs["Quantity"].strip(), attrs["Name"], zone=zone, line=element.line, raw=raw)
    return deck


def write(deck: Deck) -> str:
    # Imported here: xml.sax.saxutils pulls in urllib.request, which reading decks never needs.
    from xml.sax.saxutils import quoteattr

    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
             "  <NetDeckID>0</NetDeckID>", "  <PreconstructedDeckID>0</PreconstructedDeckID>"]
    for zone, side in ((MAIN, "false"), (SIDEBOARD, "true")):
        for count, name in counted(deck, zone):
            lines.append(f'  <Cards CatID="0" Quantity="{count}" Sideboard="{side}" Name={quoteattr(name)} />')
    lines.append("</Deck>")
    return "\n".join(lines) + "\n"
