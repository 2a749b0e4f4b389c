"""The Yu-Gi-Oh! registration sheet: Monster, Spell and Trap cards of the main deck, then
the Extra and Side decks, each with its total. Konami's sheet always has the three main
deck sections, so `--sort name` only orders cards within them. Used by paperwork/sheet.py."""
from __future__ import annotations

from collections.abc import Collection, Sequence

from ...model import EXTRA, MAIN, SIDEBOARD
from ...paperwork.sheet import Section, SheetCard, main_deck, zone_section

TITLE = "Yu-Gi-Oh! deck registration sheet"
# Konami's decklist form's words: Monster Cards, Spell Cards, Trap Cards, and the Main Deck
# total beside the Extra Deck's and the Side Deck's.
TYPE_GROUPS = (("Monster Cards", "Monster"), ("Spell Cards", "Spell"), ("Trap Cards", "Trap"))
MAIN_TITLE = "Main Deck"
# The totals Konami's form always has, 0 for a deck without an Extra or Side Deck.
TOTALS = (MAIN, EXTRA, SIDEBOARD)


def sections(cards: Sequence[SheetCard], *, by_type: bool, always: Collection[str] = ()) -> list[Section]:
    return [
        *main_deck(cards, TYPE_GROUPS, by_type=True),
        *zone_section(cards, EXTRA, "Extra Deck", beside=True, always=always),
        *zone_section(cards, SIDEBOARD, "Side Deck", always=always),
    ]
