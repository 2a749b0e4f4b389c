"""Toy cards (a name and a type) in the card database file, and the catalog read from them."""
from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckcheck.cards.catalog import SUGGESTIONS
from deckcheck.cards.resolve import resolve_by_name
from deckcheck.cards.suggest import close_names
from deckcheck.cards.tables import GameTablesWriter, read_game_tables
from deckcheck.model import CardEntry, Deck
from deckcheck.names import fold
from deckcheck.problem import Problem

from . import GAME

SCHEMA = "CREATE TABLE toy_cards (name TEXT NOT NULL, type TEXT NOT NULL)"


@dataclass(frozen=True)
class ToyCard:
    name: str
    type: str
    is_basic = False
    deck_limit = None

    @property
    def types(self) -> frozenset[str]:
        return frozenset({self.type})


class ToyCatalog:
    game = GAME.id

    def __init__(self, cards: Iterable[ToyCard]):
        self._cards = {fold(card.name): card for card in cards}
        self.memo: dict[Any, Any] = {}

    def get(self, name: str) -> ToyCard | None:
        return self._cards.get(fold(name))

    def lookup(self, entry: CardEntry) -> ToyCard | None:
        return self.get(entry.name)

    def by_code(self, code: int) -> None:
        return None

    def resolve_deck(self, deck: Deck, listed: Collection[str] = ()) -> tuple[Deck, list[Problem]]:
        return resolve_by_name(deck, self, listed=listed)

    def suggest(self, name: str, limit: int = SUGGESTIONS) -> list[str]:
        return close_names(name, (card.name for card in self._cards.values()), limit)

    def is_land(self, name: str) -> bool | None:
        card = self.get(name)
        return None if card is None else card.type == "Land"

    def describe(self) -> str:
        return f"toy cards, {len(self._cards)} names"


def write(db_path: Path, cards: list[ToyCard], meta: dict[str, str]) -> int:
    with GameTablesWriter(db_path, GAME, SCHEMA) as writer:
        writer.insert("INSERT INTO toy_cards VALUES (?, ?)", ((card.name, card.type) for card in cards))
        writer.commit(meta)
        return writer.count


def _read(db: sqlite3.Connection, meta: dict[str, str]) -> ToyCatalog:
    return ToyCatalog(ToyCard(*row) for row in db.execute("SELECT name, type FROM toy_cards"))


def load_catalog(path: Path, *, offline: bool = True, warn: Callable[[str], None] | None = None) -> ToyCatalog:
    return read_game_tables(path, GAME, _read)
