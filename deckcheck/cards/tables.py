"""A game's own tables in the card database file: writing them atomically, reading them back.

Every game keeps its cards in tables of its own (`Game.tables`) in the one database
file, with its `meta` keys prefixed by its id (`yugioh.source`,
`yugioh.schema_version`, ...). An import goes through the atomic writer: the current
file is copied into a temporary file beside it, this game's tables are replaced there,
and the finished file is renamed over the old one, so a failed import leaves the
database as it was and the other games' cards are kept. (The Magic tables are built
whole by games/mtg/db_writer.py and carry the other games' tables over the same way.)

What the rows hold is the game's business (games/<game>/store.py); this module knows
tables, versions and files.
"""
from __future__ import annotations

import datetime as dt
import os
import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..atomic import AtomicDbWriter
from ..errors import CardDataError, MissingGameData, OutdatedCardData

if TYPE_CHECKING:
    from ..games import Game

T = TypeVar("T")


# What to do about a card database that cannot be read: a user's database is rebuilt (or
# removed, so the built-in data stands in); the built-in data comes with the package.
REBUILD_HINT = (
    "rebuild it with `deckcheck cards sync` or `deckcheck cards import FILE`, or delete it to use the built-in card data"
)
REINSTALL_HINT = "reinstall deckcheck (`pip install --force-reinstall deckcheck`)"


def damaged(path: Path, exc: Exception, fix: str) -> str:
    """The one-line message for a card database file that cannot be read."""
    return f"{path} is not a deckcheck card database or is damaged ({exc}); {fix}"


def open_read_only(path: Path, *, immutable: bool = False, fix: str = REBUILD_HINT) -> sqlite3.Connection:
    """A read-only connection to a card database file, checked before use: a file that is
    not SQLite, has no `meta` table, or is shorter than its header says (a truncated copy
    or download) is a CardDataError naming the file and `fix`. `immutable`: nothing ever
    writes the file (the built-in data), so SQLite skips its locks. Read-only either way:
    `immutable=1` alone opens read-write and creates a file that is not there (an empty
    cards.sqlite in the installed package)."""
    path = Path(path)
    mode = "mode=ro&immutable=1" if immutable else "mode=ro"
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True, check_same_thread=False)
        try:
            expected = db.execute("PRAGMA page_size").fetchone()[0] * db.execute("PRAGMA page_count").fetchone()[0]
            size = os.stat(path).st_size
            if size < expected:
                raise sqlite3.DatabaseError(f"truncated: {size:,} bytes of {expected:,}")
            db.execute("SELECT key, value FROM meta LIMIT 1").fetchall()
        except BaseException:
            db.close()
            raise
    except sqlite3.DatabaseError as exc:
        raise CardDataError(damaged(path, exc, fix)) from None
    except OSError as exc:
        raise CardDataError(damaged(path, exc, fix)) from None
    return db


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
            source = open_read_only(self.path)
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


def _game_meta(db: sqlite3.Connection, game_id: str) -> dict[str, str] | None:
    rows = db.execute("SELECT key, value FROM meta WHERE key LIKE ?", (f"{game_id}.%",)).fetchall()
    return {key[len(game_id) + 1:]: value for key, value in rows} or None


def game_meta(path: Path, game_id: str) -> dict[str, str] | None:
    """The `meta` keys of a game (prefix removed), or None when the file has no such data."""
    try:
        db = open_read_only(path)
    except CardDataError:
        return None
    try:
        return _game_meta(db, game_id)
    except sqlite3.DatabaseError:
        return None
    finally:
        db.close()


def read_game_tables(
    path: Path, game: Game, read: Callable[[sqlite3.Connection, dict[str, str]], T], *, builtin: bool = False,
) -> T:
    """`read(connection, meta)` on `game`'s tables of the database at `path`, after checking
    they are there and of this version (CardDataError, with the import hint, when not).
    `builtin`: the file is deckcheck's built-in data (immutable; the fix is a reinstall)."""
    fix = REINSTALL_HINT if builtin else f"import them again with {game.import_hint}"
    db = open_read_only(path, immutable=builtin, fix=REINSTALL_HINT if builtin else REBUILD_HINT)
    try:
        try:
            meta = _game_meta(db, game.id)
        except sqlite3.DatabaseError as exc:
            raise CardDataError(damaged(path, exc, fix)) from None
        if meta is None:
            raise MissingGameData(f"the card database {path} holds no {game.label} cards; import them with {game.import_hint}")
        version = int(meta.get("schema_version", "0") or 0)
        if version != game.schema_version:
            raise OutdatedCardData(
                f"the {game.label} cards in {path} were stored by another deckcheck version (table version "
                f"{version}, this one reads {game.schema_version}); {fix}"
            )
        try:
            return read(db, meta)
        except (sqlite3.DatabaseError, KeyError, ValueError) as exc:
            raise CardDataError(f"cannot read the {game.label} cards of {path} ({exc}); {fix}") from None
    finally:
        db.close()


def rows_behind(
    path: Path, game: Game, read: Callable[[sqlite3.Connection, dict[str, str]], tuple[list[Any], dict[str, str]]],
    *, builtin: bool = False,
) -> tuple[list[Any], list[Any], dict[str, str]]:
    """(the built-in data's rows, the database's rows, its meta) of `game`, read by `read`
    (-> rows, meta): an imported file is often partial (a prerelease .cdb, a CSV of one's
    own cards), so the built-in data stands behind it; for the built-in data itself there
    is nothing behind (`builtin`)."""
    own, meta = read_game_tables(path, game, read, builtin=builtin)
    if builtin:
        return [], own, meta
    from .builtin import builtin_path

    behind, _ = read_game_tables(builtin_path(), game, read, builtin=True)
    return behind, own, meta
