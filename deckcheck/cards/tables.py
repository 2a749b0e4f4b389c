"""A game's own tables in the card database file: writing them atomically, reading them back.

Every game keeps its cards in tables of its own (`Game.tables`) in the one database
file, with its `meta` keys prefixed by its id (`yugioh.source`,
`yugioh.schema_version`, ...). An import goes through the atomic writer: the current
file is copied into a temporary file beside it, this game's tables are replaced there,
and the finished file is renamed over the old one, so a failed import leaves the
database as it was and the other games' cards are kept. (The Magic tables are built
whole by games/mtg/store.py and carry the other games' tables over the same way.)

What the rows hold is the game's business (games/<game>/store.py); this module knows
tables, versions and files.
"""
from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..atomic import AtomicDbWriter
from ..errors import CardDataError

if TYPE_CHECKING:
    from ..games import Game

T = TypeVar("T")


def connect_read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)


class GameTablesWriter(AtomicDbWriter):
    """Replace `game`'s tables (created by `schema`) in the database at `path`, atomically,
    keeping everything else in the file."""

    def __init__(self, path: Path, game: Game, schema: str):
        super().__init__(path)
        self.game = game
        self.count = 0
        try:
            if self.path.is_file():
                self._copy_current()
            self._db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            for table in game.tables:
                self._db.execute(f"DROP TABLE IF EXISTS {table}")
            self._db.executescript(schema)
        except BaseException:
            self.abort()
            raise

    def _copy_current(self) -> None:
        try:
            source = connect_read_only(self.path)
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

    def insert(self, sql: str, rows: Iterable[tuple[object, ...]]) -> None:
        """Run `sql` (an INSERT into one of the game's tables) for each row; rows are counted."""
        rows = list(rows)
        self._db.executemany(sql, rows)
        self.count += len(rows)

    def commit(self, meta: dict[str, str]) -> None:
        info = {
            "schema_version": str(self.game.schema_version),
            "rows": str(self.count),
            "imported_at": dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat(),
            **meta,
        }
        prefix = self.game.id
        self._db.execute("DELETE FROM meta WHERE key LIKE ?", (f"{prefix}.%",))
        self._db.executemany("INSERT INTO meta VALUES (?, ?)", [(f"{prefix}.{k}", v) for k, v in sorted(info.items())])
        self.finish()


def game_meta(path: Path, game_id: str) -> dict[str, str] | None:
    """The `meta` keys of a game (prefix removed), or None when the file has no such data."""
    try:
        db = connect_read_only(path)
        try:
            rows = db.execute("SELECT key, value FROM meta WHERE key LIKE ?", (f"{game_id}.%",)).fetchall()
        finally:
            db.close()
    except sqlite3.DatabaseError:
        return None
    return {key[len(game_id) + 1:]: value for key, value in rows} or None


def read_game_tables(path: Path, game: Game, read: Callable[[sqlite3.Connection, dict[str, str]], T]) -> T:
    """`read(connection, meta)` on `game`'s tables of the database at `path`, after checking
    they are there and of this version (CardDataError, with the import hint, when not)."""
    meta = game_meta(path, game.id)
    if meta is None:
        raise CardDataError(f"the card database {path} holds no {game.label} cards; import them with {game.import_hint}")
    version = int(meta.get("schema_version", "0") or 0)
    if version != game.schema_version:
        raise CardDataError(
            f"the {game.label} cards in {path} were stored by another deckcheck version (table version "
            f"{version}, this one reads {game.schema_version}); import them again with {game.import_hint}"
        )
    try:
        db = connect_read_only(path)
        try:
            return read(db, meta)
        finally:
            db.close()
    except (sqlite3.DatabaseError, KeyError, ValueError) as exc:
        raise CardDataError(f"cannot read the {game.label} cards of {path} ({exc}); import them again") from None
