"""World of Warcraft TCG. Cards by name with every printing's class, faction and hero
requirements, from the WoW TCG card data or a user's own CSV/YAML card file."""
from __future__ import annotations

from ...model import HERO, MAIN, SIDEBOARD
from ..game import Game

GAME = Game(
    id="wow",
    label="WoW TCG",
    package=__name__,
    tables=("wow_cards",),
    schema_version=1,
    import_example="cards.json.gz",
    import_files="the WoW TCG card data, or your own CSV/YAML card file",
    # The Comprehensive Rules' words (100.1, 100.3): messages never call the side deck a sideboard.
    zone_labels={MAIN: "deck", SIDEBOARD: "side deck"},
    # The hero first, as a registration names it before the deck: headings and listings.
    zone_order=(HERO,),
    example_format="wow/constructed",
)
