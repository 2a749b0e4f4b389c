"""OCTGN `.o8d` XML: `<deck game=...><section name="Main"><card qty="4" id=GUID>Name</card>`.

Magic's sections: `Main`, `Sideboard`, `Command Zone` (the commander) and `Planes/Schemes`
(Planechase and Archenemy cards, never part of a deck: listed as the maybeboard). The WoW
TCG's: `Main` and `Hero`, where OCTGN keeps the back of the hero card (a hero flips) as a
card of its own, `NAME Back` beside `NAME`: the hero's other side, not a second card. The
card's `id` (a Scryfall id in OCTGN's Magic) is not needed: the element's text is the name.
A card printed twice (two `Forest` lines with different ids) stays two entries, each on its
line. An empty `<section name="Sideboard" />` is simply no sideboard.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import COMMANDER, HERO, MAIN, MAYBEBOARD, SIDEBOARD, Deck
from .common import add_entry, parse_error

if TYPE_CHECKING:
    from .xmlsafe import Element

NAME = "o8d"
EXTENSIONS = (".o8d",)
XML = True  # chosen by extension only when the content is XML
DESCRIPTION = "OCTGN .o8d XML"
SNIFF_MARK = "<"  # sniff says no to a file without one in its head (its `<deck>` root): decklists.choose
# How a file of this format names its commander(s) (the `commander` rule's "no commander" says it).
COMMANDER_NAMED_BY = "in a `Command Zone` section (one card, or two that pair)"

_SECTIONS = {"main": MAIN, "sideboard": SIDEBOARD, "command zone": COMMANDER, "planes/schemes": MAYBEBOARD, "hero": HERO}
# How OCTGN's WoW TCG game names the back of a hero card in the Hero section.
_BACK = " Back"


def sniff(text: str) -> bool:
    head = text[:2000]
    return "<deck" in head and "<section" in head


def parse(text: str, source: str = "<o8d>") -> Deck:
    deck = Deck(source=source, input_format=NAME)
    from .xmlsafe import misplaced, parse_xml  # expat is loaded only for XML decks (start-up: docs/speed.md)

    document = parse_xml(text, source=source)
    # Each level from the one above it, never every descendant (xmlsafe.py says why).
    sections = [section for root in document.children_named("deck") for section in root.children_named("section")]
    if not sections:
        deck.problems.append(parse_error("no <deck> with <section> elements: not an OCTGN .o8d file?", line=1))
        return deck
    for section in sections:
        label = section.attrs.get("name", "").strip()
        zone = _SECTIONS.get(label.lower())
        if zone is None:
            deck.problems.append(parse_error("unknown OCTGN section", line=section.line, text=label))
            continue
        deck.problems.extend(misplaced(section, "card", zone=zone))
        cards = section.children_named("card")
        backs = _hero_backs(cards) if zone == HERO else frozenset()
        for card in cards:
            raw = f'qty="{card.attrs.get("qty", "")}" {card.text.strip()}'
            name = card.text.strip()
            if name in backs:
                continue  # the other side of the hero card beside it
            if not name:
                deck.problems.append(parse_error("<card> without a name", line=card.line, text=raw, zone=zone))
                continue
            add_entry(deck, card.attrs.get("qty", "1").strip(), name, zone=zone, line=card.line, raw=raw)
    return deck


def _hero_backs(cards: list[Element]) -> frozenset[str]:
    """The names in a Hero section that are the back of a hero card the section also holds
    (`Graccus Back` beside `Graccus`)."""
    names = {card.text.strip() for card in cards}
    return frozenset(name for name in names if name.endswith(_BACK) and name[: -len(_BACK)].rstrip() in names)
