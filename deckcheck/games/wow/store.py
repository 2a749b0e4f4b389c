"""The WoW TCG cards in the card database file: one row a printing's deck-building facts
in `wow_cards` (a name may have several), read whole into a `WowCatalog`; see
cards/tables.py for how the table shares the file with other games."""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path

from ...cards.tables import GameTablesWriter, rows_behind
from ...names import fold
from . import GAME
from .cards import WowProfile
from .catalog import WowCatalog

SCHEMA = "CREATE TABLE wow_cards (name TEXT NOT NULL, profile TEXT NOT NULL)"


def _profile_json(profile: WowProfile) -> str:
    return json.dumps({
        "type": profile.type, "faction": profile.faction, "classes": sorted(profile.classes),
        "tags": sorted(profile.tags), "requires": [sorted(group) for group in profile.requires],
        "traits": sorted(profile.traits), **({"token": True} if profile.token else {}),
        **({"deckbuilding": profile.deckbuilding} if profile.deckbuilding else {}),
        **({"talent": profile.talent} if profile.talent else {}),
        **({"talent_excludes": list(profile.talent_excludes)} if profile.talent_excludes else {}),
        **({"reputation": profile.reputation} if profile.reputation else {}),
    }, ensure_ascii=False)


def _profile(text: str) -> WowProfile:
    data = json.loads(text)
    return WowProfile(
        type=data["type"], faction=data["faction"], classes=frozenset(data["classes"]), tags=frozenset(data["tags"]),
        requires=tuple(frozenset(group) for group in data["requires"]), traits=frozenset(data["traits"]),
        token=bool(data.get("token")), deckbuilding=data.get("deckbuilding", ""),
        talent=data.get("talent", ""), talent_excludes=tuple(data.get("talent_excludes", ())),
        reputation=data.get("reputation", ""),
    )


def write(db_path: Path, cards: Iterable[tuple[str, WowProfile]], meta: dict[str, str]) -> int:
    """Replace the WoW TCG cards of the database at `db_path`; returns the rows written."""
    with GameTablesWriter(db_path, GAME, SCHEMA) as writer:
        writer.insert("INSERT INTO wow_cards VALUES (?, ?)", ((name, _profile_json(profile)) for name, profile in cards))
        writer.commit(meta)
        return writer.count


def _rows(db: sqlite3.Connection, meta: dict[str, str]) -> tuple[list[tuple[str, str]], dict[str, str]]:
    return db.execute("SELECT name, profile FROM wow_cards ORDER BY rowid").fetchall(), meta


def load_catalog(
    path: Path, *, offline: bool = True, warn: Callable[[str], None] | None = None, builtin: bool = False,
) -> WowCatalog:
    """The WoW TCG cards of the database at `path` (CardDataError when it has none);
    `offline` and `warn` do not matter: there are no online lookups. `builtin`: the file is
    deckcheck's built-in data. An imported file has the built-in data behind it: a name it
    lacks is the built-in card (a CSV of one's own cards still knows Hogger); a name it has
    is its own, every printing of it."""
    behind, own, meta = rows_behind(path, GAME, _rows, builtin=builtin)
    mine = {fold(name) for name, _ in own}
    rows = [row for row in behind if fold(row[0]) not in mine] + own
    # Printings share profiles (1,307 distinct among 6,924 rows of the built-in data): each
    # distinct text is decoded once.
    profiles = {text: _profile(text) for text in {text for _, text in rows}}
    catalog = WowCatalog(((name, profiles[text]) for name, text in rows), source=meta.get("source", ""),
                         imported_at=meta.get("imported_at", ""), source_date=meta.get("source_date", ""),
                         own=None if builtin else len(mine))
    catalog.path = Path(path)
    catalog.complete = builtin
    return catalog
