"""A toy game for the tests: the smallest complete game folder, outside the package.

It shows what adding a game takes (docs/extending.md): a descriptor here, `store.py`
(its cards in the card database file and the catalog read from them), `importer.py`
(which files `cards import` reads as its cards) and `show.py` (`cards lookup`).
tests/test_games_registry.py registers it and checks that the format schema,
`cards import`, `cards lookup`, `cards stats` and validation all find it.
"""
from __future__ import annotations

from deckcheck.games import Game

GAME = Game(
    id="toy",
    label="Toy",
    package=__name__,
    tables=("toy_cards",),
    schema_version=1,
    import_example="toy-cards.txt",
    import_files="a toy card list: `# toy cards`, then one `name;type` a line",
)
