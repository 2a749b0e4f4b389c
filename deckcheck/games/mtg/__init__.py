"""Magic: The Gathering. Cards by Oracle name from Scryfall or MTGJSON files (`cards sync`,
`cards import`), card pools by legality or printings, online lookups of missing names."""
from __future__ import annotations

from ...cards import NO_DATABASE_NOTE
from ...model import COMMANDER, COMPANION
from ..game import Game


def _arena_only(name: str, pool: str) -> str:
    return (f"deckcheck bundles no {name}, an MTG Arena format ({pool}) whose card pool the card data cannot tell: it "
            f"lacks the cards and sets only Arena has; write a format file of your own (docs/format-files.md)")


GAME = Game(
    id="mtg",
    label="Magic",
    package=__name__,
    # The Magic tables own the file's unprefixed `meta` keys (see store.py).
    tables=("cards", "printings", "sets", "names", "loose_names", "spellings", "grams"),
    schema_version=3,  # 2: per-printing dates and platforms; 3: power and toughness
    import_example="oracle-cards.json",
    import_files="a Scryfall bulk file (oracle_cards, default_cards) or MTGJSON AtomicCards.json",
    import_last=True,
    missing_note=NO_DATABASE_NOTE,
    lands=True,
    # A Commander list is read commander first, then companion (Arena and Moxfield list them so).
    zone_order=(COMMANDER, COMPANION),
    example_format="mtg/modern",
    # Scryfall's legalities come with the card data: a sync brings newer bans (rules/_fresh.py).
    card_data_brings_lists=True,
    sync_source="Scryfall's bulk data",
    # Magic Tournament Rules 8.5: a team's decks are built together (Team Unified Construction).
    unified_teams=True,
    # Banned and restricted lists are every format's (Comprehensive Rules 100.6).
    ban_lists=True,
    # Planechase, Archenemy, Vanguard, dungeons, sticker sheets and helper cards of type
    # "Card": never part of a deck (every format's `card_pool.exclude_types`, written by
    # scripts/mtg_card_pools.py from the same list).
    outside_deck_types=frozenset({"Card", "Dungeon", "Phenomenon", "Plane", "Scheme", "Stickers", "Vanguard"}),
    # MTG Arena's own formats: Brawl's description ("formerly Historic Brawl") made
    # `-f mtg/historic` a "did you mean mtg/brawl?", a 100-card singleton format. Explorer
    # was Arena's Pioneer of the cards it had (2022), to be renamed Pioneer in time.
    formats_not_bundled={
        "historic": _arena_only("Historic", "non-rotating, Alchemy cards included"),
        "timeless": _arena_only("Timeless", "every card Arena has, with its own banned and restricted lists"),
        "alchemy": _arena_only("Alchemy", "Standard's sets with Arena's digital-only and rebalanced cards"),
        "explorer": "Explorer was MTG Arena's Pioneer; give mtg/pioneer with --platform arena",
    },
)
