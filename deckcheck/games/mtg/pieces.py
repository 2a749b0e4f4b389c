"""Game pieces a Magic list may name that are no cards: tokens, emblems and art cards.

Deck sites list a deck's tokens and emblems beside it, and players paste them with the
cards (`1 Treasure Token`, `1 Emblem - Chandra, Torch of Defiance`, `1 Art Card: Lightning
Bolt`). The card data holds none of them (games/mtg/scryfall_import.py skips their
layouts), so such a name was an unknown card "printed since the data", which no sync
mends. Only a name that says what it is counts: the word `Token`, `Emblem` or `Art Card`
(`Art Series`) at its start, before a separator, or as its last words. No card of the data
has such a name that is not a card's own (`Leering Emblem` is a card, and a name the data
holds never gets here), so a typo of a card's name is still told its suggestions.
"""
from __future__ import annotations

import re

from ...lazy_pattern import lazy

# (the word as a name writes it, what the piece is called, its plural)
_PIECES = (("token", "a token", "tokens"), ("emblem", "an emblem", "emblems"),
           ("art card", "an art card", "art cards"), ("art series", "an art card", "art cards"))
_WORDS = "|".join(re.escape(word) for word, _, _ in _PIECES)
# `Emblem - Chandra`, `Token: Goblin`, `Art Card: Lightning Bolt`; `Goblin Token`, `Chandra Emblem`.
_PIECE = lazy(rf"^(?P<first>{_WORDS})\s*[-:\u2013\u2014]|\s(?P<last>{_WORDS})$", re.IGNORECASE)


def game_piece(name: str) -> str | None:
    """Why `name`, a name the card data lacks, is no card of a deck when it names a token,
    an emblem or an art card (above), else None."""
    found = _PIECE.search(name.strip())
    if found is None:
        return None
    word = (found.group("first") or found.group("last")).lower()
    what, plural = next((what, plural) for piece, what, plural in _PIECES if piece == word)
    # A `Tokens` section is outside the deck (decklists/text.py), emblems and art cards too.
    return (f"{name!r} is {what}, not a card: {plural} are not part of a deck; list them under a `Tokens` header, "
            "which is left out of the deck, or leave them out")
