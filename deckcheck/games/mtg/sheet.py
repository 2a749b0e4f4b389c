"""The Magic registration sheet: commander, the main deck by card type (or by name),
sideboard, companion. Used by paperwork/sheet.py."""
from __future__ import annotations

from collections.abc import Collection, Sequence

from ...model import COMMANDER, COMPANION, SIDEBOARD
from ...paperwork.sheet import Section, SheetCard, main_deck, zone_section

TITLE = "Magic: The Gathering deck registration sheet"
# (section, card type) in the order a card is placed: a Dryad Arbor (Land Creature) is a
# land, an artifact creature a creature. The sections appear in this order.
TYPE_GROUPS = (
    ("Lands", "Land"), ("Creatures", "Creature"), ("Planeswalkers", "Planeswalker"), ("Battles", "Battle"),
    ("Instants", "Instant"), ("Sorceries", "Sorcery"), ("Artifacts", "Artifact"), ("Enchantments", "Enchantment"),
)


def sections(cards: Sequence[SheetCard], *, by_type: bool, always: Collection[str] = ()) -> list[Section]:
    return [
        *zone_section(cards, COMMANDER),
        *main_deck(cards, TYPE_GROUPS, by_type=by_type),
        *zone_section(cards, SIDEBOARD, beside=True, always=always),
        *zone_section(cards, COMPANION, "Companion (also in the sideboard)", counted=False),
    ]
