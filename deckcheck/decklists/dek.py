"""MTGO `.dek` XML: `<Deck><Cards CatID= Quantity= Sideboard="true|false" Name=/></Deck>`.

MTGO has no command zone: a Commander deck files its commander (one card, or two) in the
sideboard, which holds nothing else but a companion; a Commander format reads it from there
(rules/_commander_placing.py).

Written with one `<Cards>` element per card and zone, the commanders first in the sideboard."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import COMMANDER, MAIN, SIDEBOARD, Deck
from .common import add_entry, counted, parse_error

if TYPE_CHECKING:
    from .xmlsafe import Element

NAME = "dek"
EXTENSIONS = (".dek",)
XML = True  # chosen by extension only when the content is XML
DESCRIPTION = "MTGO .dek XML"
SNIFF_MARK = "<"  # sniff says no to a file without one in its head (its `<Deck` root): decklists.choose
ZONES = (MAIN, SIDEBOARD)  # what the format can hold (written)
COMMANDER_FILED_IN = SIDEBOARD  # where it files a commander: a sideboard of its own
# How a file of this format names its commander(s) (the `commander` rule's "no commander" says it).
COMMANDER_NAMED_BY = "alone in the sideboard (one card, or two that pair)"


# The `Sideboard` attribute's values (case aside; absent is the main deck).
_SIDEBOARD_VALUES = {"true": SIDEBOARD, "false": MAIN}

# Layouts whose halves Magic Online names together, joined by a bare slash (`Fire/Ice`).
JOINED_LAYOUTS = frozenset({"split", "aftermath"})


def card_name(name: str, front_face: str, layout: str) -> str:
    """How Magic Online names a Magic card (`name`: its Oracle name): split and aftermath
    cards by their halves with a bare slash (`Fire/Ice`), every other card of several faces
    by its front face (`Delver of Secrets`, `Bonecrusher Giant`), as its own files do."""
    return name.replace(" // ", "/") if layout in JOINED_LAYOUTS else front_face


def sniff(text: str) -> bool:
    head = text[:2000]
    return "<Deck" in head and "<Cards" in text[:20000]


def parse(text: str, source: str = "<dek>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
    from .xmlsafe import misplaced, parse_xml  # expat is loaded only for XML decks (start-up: docs/speed.md)

    root = parse_xml(text, source=source)
    # `<Cards>` are children of the deck, with nothing inside them (xmlsafe.py says why).
    cards = [element for top in root.children for element in top.children_named("Cards")]
    if not cards and not _empty_deck(root):
        # Magic Online saves a deck of no card as its <Deck> alone: an empty list (deck-size
        # says so), not XML of another kind.
        deck.problems.append(parse_error("no <Cards> elements: not an MTGO .dek file?", line=1))
    for element in cards:
        attrs = element.attrs
        raw = " ".join(f'{key}="{value}"' for key, value in attrs.items())
        side = attrs.get("Sideboard", "false").strip().lower()
        if side not in _SIDEBOARD_VALUES:
            # Not a zone MTGO writes: guessing main or sideboard would check the card in a
            # zone the file may not mean.
            deck.problems.append(parse_error(f"Sideboard={attrs['Sideboard']!r}: MTGO writes \"true\" or \"false\"", line=element.line, text=raw))
            continue
        zone = _SIDEBOARD_VALUES[side]
        deck.problems.extend(misplaced(element, zone=zone))
        if "Quantity" not in attrs or "Name" not in attrs:
            deck.problems.append(parse_error("<Cards> needs Quantity and Name", line=element.line, text=raw, zone=zone))
            continue
        add_entry(deck, attrs["Quantity"].strip(), attrs["Name"], zone=zone, line=element.line, raw=raw)
    return deck


# What Magic Online writes in a <Deck> besides its <Cards>.
_DECK_METADATA = frozenset({"NetDeckID", "PreconstructedDeckID"})


def _empty_deck(root: Element) -> bool:
    """Whether the document is a <Deck> of nothing but Magic Online's metadata: a deck of
    no card, where cards in elements MTGO does not write (`<Card>`) were left unread."""
    decks = [top for top in root.children if top.tag == "Deck"]
    return bool(decks) and all(child.tag in _DECK_METADATA for deck in decks for child in deck.children)


def write(deck: Deck) -> str:
    # Imported here: xml.sax.saxutils pulls in urllib.request, which reading decks never needs.
    from xml.sax.saxutils import quoteattr

    from .xmlsafe import xml_chars

    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
             "  <NetDeckID>0</NetDeckID>", "  <PreconstructedDeckID>0</PreconstructedDeckID>"]
    for zone, side in ((MAIN, "false"), (COMMANDER, "true"), (SIDEBOARD, "true")):
        for count, name in counted(deck, zone):
            lines.append(f'  <Cards CatID="0" Quantity="{count}" Sideboard="{side}" Name={quoteattr(name)} />')
    lines.append("</Deck>")
    return xml_chars("\n".join(lines) + "\n")
