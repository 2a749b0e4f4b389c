"""MTGO `.dek` XML: `<Deck><Cards CatID= Quantity= Sideboard="true|false" Name=/></Deck>`."""
from __future__ import annotations

from ..model import MAIN, SIDEBOARD, Deck
from ..problem import Problem
from .common import make_entry, parse_error
from .xmlsafe import parse_xml

NAME = "dek"
EXTENSIONS = (".dek",)
XML = True  # chosen by extension only when the content is XML
DESCRIPTION = "MTGO .dek XML"


def sniff(text: str) -> bool:
    head = text[:2000]
    return "<Deck" in head and "<Cards" in text[:20000]


def parse(text: str, source: str = "<dek>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
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
        result = make_entry(attrs["Quantity"].strip(), attrs["Name"], zone=zone, line=element.line, raw=raw)
        if isinstance(result, Problem):
            deck.problems.append(result)
        else:
            deck.entries.append(result)
    return deck
