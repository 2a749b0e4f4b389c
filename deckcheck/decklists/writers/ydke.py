"""`ydke://MAIN!EXTRA!SIDE!`: base64 of the passcodes as little-endian uint32, in order."""
from __future__ import annotations

from ...model import EXTRA, MAIN, SIDEBOARD, Deck
from ..ydke import PREFIX, encode_part
from ._passcodes import passcodes

NAME = "ydke"
DESCRIPTION = "ydke:// URL"
ZONES = (MAIN, EXTRA, SIDEBOARD)


def write(deck: Deck) -> str:
    return PREFIX + "".join(encode_part(passcodes(deck, zone)) + "!" for zone in ZONES) + "\n"
