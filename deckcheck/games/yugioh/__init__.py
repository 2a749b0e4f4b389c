"""Yu-Gi-Oh!. Cards by passcode (alternate artworks count as their card) from YGOPro
`cards.cdb`, the YGOPRODeck card JSON or YAML Yugi; Forbidden & Limited lists (`lflist`)."""
from __future__ import annotations

from ..game import Game

GAME = Game(
    id="yugioh",
    label="Yu-Gi-Oh!",
    package=__name__,
    tables=("ygo_cards",),
    schema_version=1,
    import_example="cards.cdb",
    import_files="a YGOPro/EDOPro database, the YGOPRODeck card JSON or cards.jsonl.gz",
    passcodes=True,
)
