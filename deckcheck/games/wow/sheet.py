"""The World of Warcraft TCG registration sheet: the hero, the main deck by card type (or
by name) and the side deck. Used by paperwork/sheet.py."""
from __future__ import annotations

from collections.abc import Collection, Sequence

from ...model import HERO, SIDEBOARD
from ...paperwork.sheet import Section, SheetCard, main_deck, zone_section

TITLE = "World of Warcraft TCG deck registration sheet"
# Master Heroes are deck cards (played from hand); a name also printed as a hero (Highlord
# Tirion Fordring) is listed among them, as the deck holds the Master Hero.
TYPE_GROUPS = (
    ("Allies", "Ally"), ("Abilities", "Ability"), ("Equipment", "Equipment"), ("Quests", "Quest"),
    ("Locations", "Location"), ("Master Heroes", "Master Hero"),
)


def sections(cards: Sequence[SheetCard], *, by_type: bool, always: Collection[str] = ()) -> list[Section]:
    return [*zone_section(cards, HERO), *main_deck(cards, TYPE_GROUPS, by_type=by_type), *zone_section(cards, SIDEBOARD, "Side deck", beside=True, always=always)]
