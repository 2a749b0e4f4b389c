"""The Yu-Gi-Oh! and WoW TCG tables of the card database, and the catalogs read from them.

They live in the same SQLite file as the Magic cards (`store`), each game in its own
table (`store.GAME_TABLES`) with its `meta` keys prefixed by the game
(`yugioh.source`, `yugioh.schema_version`, ...). An import goes through the store's
atomic machinery: the current file is copied into a temporary file beside it, this
game's tables are replaced there, and the finished file is renamed over the old one, so a
failed import leaves the database as it was and the other games' cards are kept.

A game catalog is read into memory whole (14,000 passcodes load in a few tens of
milliseconds) and cached while the file is unchanged.
"""
from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..errors import CardDataError
from ..atomic import AtomicDbWriter
from ..games.mtg.store import GAME_TABLES, SCHEMA_VERSION
from ..games.wow.cards import WowProfile
from ..games.wow.catalog import WowCatalog
from ..games.yugioh.cards import YgoCard
from ..games.yugioh.catalog import YgoCatalog

# Bump a game's version when its table changes; older files are refused with a hint.
GAME_VERSIONS = {"yugioh": 1, "wow": 1}
GAME_LABELS = {"yugioh": "Yu-Gi-Oh!", "wow": "WoW TCG"}
IMPORT_HINTS = {
    "yugioh": "`deckcheck cards import cards.cdb` (a YGOPro/EDOPro database, the YGOPRODeck card JSON or cards.jsonl.gz)",
    "wow": "`deckcheck cards import cards.json.gz` (the WoW TCG card data, or your own CSV/YAML card file)",
}
_SCHEMAS = {
    "yugioh": "CREATE TABLE ygo_cards (code INTEGER PRIMARY KEY, name TEXT NOT NULL, type INTEGER NOT NULL,"
              " alias INTEGER NOT NULL, ot INTEGER NOT NULL, konami_id INTEGER)",
    "wow": "CREATE TABLE wow_cards (name TEXT NOT NULL, profile TEXT NOT NULL)",
}
_CACHE: dict[tuple[str, str, int, int], Any] = {}


def no_data_note(game: str) -> str:
    return (f"no {GAME_LABELS[game]} card data, so the checks that need it were skipped; "
            f"import it with {IMPORT_HINTS[game]}")


# ------------------------------------------------------------------ writing


def _profile_json(profile: WowProfile) -> str:
    return json.dumps({
        "type": profile.type, "faction": profile.faction, "classes": sorted(profile.classes),
        "tags": sorted(profile.tags), "requires": [sorted(group) for group in profile.requires],
        "traits": sorted(profile.traits),
    }, ensure_ascii=False)


def _profile(text: str) -> WowProfile:
    data = json.loads(text)
    return WowProfile(
        type=data["type"], faction=data["faction"], classes=frozenset(data["classes"]), tags=frozenset(data["tags"]),
        requires=tuple(frozenset(group) for group in data["requires"]), traits=frozenset(data["traits"]),
    )


class GameTablesWriter(AtomicDbWriter):
    """Replace one game's tables in the database at `path`, atomically, keeping the rest."""

    def __init__(self, path: Path, game: str):
        if game not in _SCHEMAS:
            raise ValueError(f"no card tables for game {game!r}")
        super().__init__(path)
        self.game = game
        self.count = 0
        try:
            if self.path.is_file():
                self._copy_current()
            self._db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            for table in GAME_TABLES[game]:
                self._db.execute(f"DROP TABLE IF EXISTS {table}")
            self._db.execute(_SCHEMAS[game])
        except BaseException:
            self.abort()
            raise

    def _copy_current(self) -> None:
        try:
            source = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                source.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
                source.backup(self._db)
            finally:
                source.close()
        except sqlite3.DatabaseError as exc:
            raise CardDataError(
                f"{self.path} is not a deckcheck card database ({exc}); choose another file with --cards-db "
                "or remove it"
            ) from None

    def add_ygo(self, cards: Iterable[YgoCard]) -> None:
        rows = [(card.code, card.name, card.type, card.alias, card.ot, card.konami_id) for card in cards]
        # A later row for the same passcode wins (a YGOPRODeck artwork listed twice).
        self._db.executemany("INSERT OR REPLACE INTO ygo_cards VALUES (?, ?, ?, ?, ?, ?)", rows)
        self.count += len(rows)

    def add_wow(self, cards: Iterable[tuple[str, WowProfile]]) -> None:
        rows = [(name, _profile_json(profile)) for name, profile in cards]
        self._db.executemany("INSERT INTO wow_cards VALUES (?, ?)", rows)
        self.count += len(rows)

    def commit(self, meta: dict[str, str]) -> None:
        info = {
            "schema_version": str(GAME_VERSIONS[self.game]),
            "rows": str(self.count),
            "imported_at": dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat(),
            **meta,
        }
        self._db.execute("DELETE FROM meta WHERE key LIKE ?", (f"{self.game}.%",))
        self._db.executemany("INSERT INTO meta VALUES (?, ?)", [(f"{self.game}.{k}", v) for k, v in sorted(info.items())])
        # A file that so far held no Magic cards still says which file layout it has.
        self._db.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
        self.finish()


# ------------------------------------------------------------------ reading


def game_meta(path: Path, game: str) -> dict[str, str] | None:
    """The `meta` keys of `game` (prefix removed), or None when the file has no such data."""
    try:
        db = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
        try:
            rows = db.execute("SELECT key, value FROM meta WHERE key LIKE ?", (f"{game}.%",)).fetchall()
        finally:
            db.close()
    except sqlite3.DatabaseError:
        return None
    return {key[len(game) + 1:]: value for key, value in rows} or None


def load_catalog(path: Path, game: str) -> YgoCatalog | WowCatalog:
    """Read `game`'s cards from the database at `path` (CardDataError when it has none)."""
    meta = game_meta(path, game)
    if meta is None:
        raise CardDataError(f"the card database {path} holds no {GAME_LABELS[game]} cards; import them with {IMPORT_HINTS[game]}")
    version = int(meta.get("schema_version", "0") or 0)
    if version != GAME_VERSIONS[game]:
        raise CardDataError(
            f"the {GAME_LABELS[game]} cards in {path} were stored by another deckcheck version (table version "
            f"{version}, this one reads {GAME_VERSIONS[game]}); import them again with {IMPORT_HINTS[game]}"
        )
    source = meta.get("source", "")
    try:
        db = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
        try:
            if game == "yugioh":
                rows = db.execute("SELECT code, name, type, alias, ot, konami_id FROM ygo_cards").fetchall()
                return YgoCatalog((YgoCard(*row) for row in rows), source=source, imported_at=meta.get("imported_at", ""))
            rows = db.execute("SELECT name, profile FROM wow_cards ORDER BY rowid").fetchall()
            return WowCatalog(((name, _profile(profile)) for name, profile in rows), source=source,
                              imported_at=meta.get("imported_at", ""))
        finally:
            db.close()
    except (sqlite3.DatabaseError, KeyError, ValueError) as exc:
        raise CardDataError(f"cannot read the {GAME_LABELS[game]} cards of {path} ({exc}); import them again") from None


def open_game_catalog(game: str, path: Path) -> tuple[YgoCatalog | WowCatalog | None, str | None]:
    """The catalog of `game` in the database at `path`, or (None, a note saying why not)."""
    try:
        stat = path.stat()
    except OSError:
        return None, no_data_note(game)
    key = (str(path.resolve()), game, stat.st_mtime_ns, stat.st_size)
    catalog = _CACHE.get(key)
    if catalog is None:
        try:
            catalog = load_catalog(path, game)
        except CardDataError as exc:
            return None, str(exc)
        for old in [old for old in _CACHE if old[:2] == key[:2]]:
            del _CACHE[old]
        _CACHE[key] = catalog
    return catalog, None
