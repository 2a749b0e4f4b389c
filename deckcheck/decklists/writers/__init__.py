"""Decklist writers, one module per output format, for `deckcheck convert`.

A writer module exposes `NAME`, `DESCRIPTION`, `ZONES` (the zones the format can hold)
and `write(deck) -> str`. `write(deck, name)` refuses a deck with cards in a zone the
format cannot hold rather than drop them silently.
"""
from __future__ import annotations

from types import ModuleType

from ...errors import DeckcheckError
from ...model import MAYBEBOARD, Deck
from . import arena, cod, dck, dek, text, ydk, ydke

WRITERS: dict[str, ModuleType] = {module.NAME: module for module in (ydk, ydke, text, arena, dek, cod, dck)}


def get(name: str) -> ModuleType:
    try:
        return WRITERS[name]
    except KeyError:
        raise DeckcheckError(f"--to {name!r}: choose one of {', '.join(WRITERS)}") from None


def write(deck: Deck, name: str) -> str:
    module = get(name)
    lost = sorted({entry.zone for entry in deck.entries if entry.zone not in module.ZONES and entry.zone != MAYBEBOARD})
    if lost:
        raise DeckcheckError(f"{name} cannot hold the {', '.join(lost)} zone{'s' if len(lost) > 1 else ''} of this deck")
    return module.write(deck)
