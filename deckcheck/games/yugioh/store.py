"""The Yu-Gi-Oh! cards in the card database file: one row a passcode in `ygo_cards`.

The whole table is read into a `YgoCatalog` (14,000 rows in about 20 ms; a card object
is made only for the passcodes a deck names); see cards/tables.py for how the table shares the file with other games.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ...cards.tables import GameTablesWriter, rows_behind
from . import GAME
from .cards import YgoCard
from .catalog import YgoCatalog

SCHEMA = (
    "CREATE TABLE ygo_cards (code INTEGER PRIMARY KEY, name TEXT NOT NULL, type INTEGER NOT NULL,"
    " alias INTEGER NOT NULL, ot INTEGER NOT NULL, konami_id INTEGER)"
)


def write(db_path: Path, cards: Iterable[YgoCard], meta: dict[str, str]) -> int:
    """Replace the Yu-Gi-Oh! cards of the database at `db_path`; returns the rows written."""
    with GameTablesWriter(db_path, GAME, SCHEMA) as writer:
        # A later row for the same passcode wins (a YGOPRODeck artwork listed twice).
        writer.insert(
            "INSERT OR REPLACE INTO ygo_cards VALUES (?, ?, ?, ?, ?, ?)",
            ((card.code, card.name, card.type, card.alias, card.ot, card.konami_id) for card in cards),
        )
        writer.commit(meta)
        return writer.count


def _rows(db: sqlite3.Connection, meta: dict[str, str]) -> tuple[list[tuple[Any, ...]], dict[str, str]]:
    return db.execute("SELECT code, name, type, alias, ot, konami_id FROM ygo_cards").fetchall(), meta


def load_catalog(
    path: Path, *, offline: bool = True, warn: Callable[[str], None] | None = None, builtin: bool = False,
) -> YgoCatalog:
    """The Yu-Gi-Oh! cards of the database at `path` (CardDataError when it has none);
    `offline` and `warn` do not matter: there are no online lookups. `builtin`: the file is
    deckcheck's built-in data. An imported database has the built-in data behind it: a
    passcode it lacks (an EDOPro prerelease .cdb holds a few dozen) is the built-in card,
    and the database's own row wins where both have one."""
    behind, own, meta = rows_behind(path, GAME, _rows, builtin=builtin)
    rows = behind + own  # later rows win: the database's over the built-in data's
    catalog = YgoCatalog(rows=rows, source=meta.get("source", ""), imported_at=meta.get("imported_at", ""),
                         source_date=meta.get("source_date", ""), own=None if builtin else len(own))
    catalog.path = Path(path)
    return catalog
