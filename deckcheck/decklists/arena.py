"""MTG Arena import text: an `About` block with the deck's name, `Commander`, `Companion`,
`Deck` and `Sideboard` sections.

A format deckcheck writes but has no parser of its own: Arena's exports are plain text with
section headers and `(SET) 123` decorations, which the text parser reads (decklists/text.py),
whatever the file is called. So this module declares no `sniff` or `parse`; the registry
lists it among the writers only, and `--input-format` does not offer it.
"""
from __future__ import annotations

from ..model import COMMANDER, COMPANION, MAIN, SIDEBOARD, Deck
from .common import counted, squeeze

NAME = "arena"
EXTENSIONS: tuple[str, ...] = ()
DESCRIPTION = "MTG Arena import text"
ZONES = (COMMANDER, COMPANION, MAIN, SIDEBOARD)  # what the format can hold (written)
# Arena's `About` block is optional: only a name the list read gave is written back.
NAMED_BY_FILE_NAME = False
# MTG Arena plays Alchemy rebalanced cards and names them `A-Name` in its own exports: a name
# the card data lacks for that reason is one Arena reads (decklists/convert.unnamed_cards).
PLAYS_ALCHEMY = True
_TITLES = ((COMMANDER, "Commander"), (COMPANION, "Companion"), (MAIN, "Deck"), (SIDEBOARD, "Sideboard"))
# Layouts whose halves Arena names together (`Fire // Ice`): its import refuses a split card
# by one half, and any other card of several faces by more than its front face.
_WHOLE_LAYOUTS = frozenset({"split", "aftermath"})


def card_name(name: str, front_face: str, layout: str) -> str:
    """How MTG Arena names a Magic card (`name`: its Oracle name): split and aftermath cards
    by both halves (`Fire // Ice`), every other card of several faces by its front face
    (`Delver of Secrets`, `Bonecrusher Giant`), as its exports do and its import asks."""
    return name if layout in _WHOLE_LAYOUTS else front_face


def write(deck: Deck) -> str:
    """Arena's import text: the deck's name (when the file read gave one) in an `About`
    block as Arena exports it, then a block per zone that holds cards (`Deck` always)."""
    blocks = []
    name = squeeze(deck.name or "")  # one line, whatever the file read held
    if name:
        blocks.append(f"About\nName {name}")
    for zone, title in _TITLES:
        rows = counted(deck, zone)
        if rows or zone == MAIN:
            blocks.append("\n".join([title] + [f"{count} {name}" for count, name in rows]))
    return "\n\n".join(blocks) + "\n"
