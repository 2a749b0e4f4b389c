"""The passcodes of a zone, for the Yu-Gi-Oh! writers."""
from __future__ import annotations

from ...errors import DeckcheckError
from ...model import Deck


def passcodes(deck: Deck, zone: str) -> list[int]:
    """Each copy's passcode in deck order; a card without one cannot be written."""
    codes: list[int] = []
    for entry in deck.zone(zone):
        if entry.code is None:
            raise DeckcheckError(
                f"{entry.name!r} has no passcode; import Yu-Gi-Oh! card data (`deckcheck cards import cards.cdb`) "
                "so names can be turned into passcodes"
            )
        codes.extend([entry.code] * entry.count)
    return codes
