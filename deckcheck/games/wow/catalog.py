"""World of Warcraft TCG card lookups for validation, by name.

`resolve_deck` gives entries the card data's spelling of their names (the list's own
spelling stays in `written`). A name the data lacks is not an error here: card files
are often partial (a user's own CSV), so the rules that need the card (class-faction)
say, as a warning, which checks they skipped for it.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ...model import CardEntry, Deck
from ...names import fold
from ...problem import Problem
from .cards import GAME, WowCard, WowProfile, merge


class WowCatalog:
    game = GAME

    def __init__(self, cards: Iterable[tuple[str, WowProfile]], *, source: str = "", imported_at: str = ""):
        self.source = source
        self.imported_at = imported_at
        self._cards = merge(cards)

    def __len__(self) -> int:
        return len(self._cards)

    def describe(self) -> str:
        return f"{self.source or 'WoW TCG card data'}, {len(self):,} card names"

    def get(self, name: str) -> WowCard | None:
        return self._cards.get(fold(name))

    def lookup(self, entry: CardEntry) -> WowCard | None:
        return self.get(entry.name)

    def resolve_deck(self, deck: Deck) -> tuple[Deck, list[Problem]]:
        entries = []
        for entry in deck.entries:
            card = self.get(entry.name)
            if card is not None and card.name != entry.name:
                entry = replace(entry, name=card.name, written=entry.written or entry.name)
            entries.append(entry)
        return deck.with_entries(entries), []
