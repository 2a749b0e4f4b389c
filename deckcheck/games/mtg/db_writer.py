"""Building a Magic card database: its schema, cards added one at a time, what needs
every card written at the end, and the other games' tables carried over from the file it
replaces (store.py says what the file holds and opens it to read). Its own module, so that
a `validate`, which only reads a database, never loads what building one takes."""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path

from ...atomic import AtomicDbWriter
from ...cards import suggest
from ...games import Game
from ...names import full_key
from . import GAME
from .card_names import CardNames
from .cards import Card, Printing, SetInfo
from .printings import CardPrintings, printing_rows
from .store import LIST_SEP, SCHEMA_VERSION, other_games

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,
    faces TEXT NOT NULL,
    layout TEXT NOT NULL,
    mana_cost TEXT NOT NULL,
    mana_value REAL,
    type_line TEXT NOT NULL,
    supertypes TEXT NOT NULL,
    types TEXT NOT NULL,
    subtypes TEXT NOT NULL,
    colors TEXT NOT NULL,
    color_identity TEXT NOT NULL,
    oracle_text TEXT NOT NULL,
    legalities TEXT,
    printings TEXT NOT NULL DEFAULT '',
    power TEXT,
    toughness TEXT
);
CREATE TABLE printings (
    card_id INTEGER NOT NULL, set_code TEXT NOT NULL, rarity TEXT NOT NULL,
    released TEXT NOT NULL DEFAULT '', platforms TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (card_id, set_code, rarity, released, platforms)
) WITHOUT ROWID;
CREATE TABLE sets (
    code TEXT PRIMARY KEY, name TEXT NOT NULL, released TEXT,
    kind TEXT NOT NULL DEFAULT '', digital INTEGER NOT NULL DEFAULT 0,
    mtgo TEXT, arena TEXT, paper_legal TEXT
) WITHOUT ROWID;
"""
# Run once all cards are in (card_names.py resolves which card each spelling names).
FINISH = """
CREATE TABLE names (key TEXT PRIMARY KEY, card_id INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE loose_names (key TEXT PRIMARY KEY, card_id INTEGER NOT NULL) WITHOUT ROWID;
-- A catalog's first lookup asks for the meld cards (meld_halves); without an index that reads
-- the whole cards table, oracle text and all: 3-15 ms of every `deckcheck validate`.
CREATE INDEX cards_meld ON cards(layout) WHERE layout = 'meld';
"""


CARD_FIELDS = (
    "id, name, key, faces, layout, mana_cost, mana_value, type_line, supertypes, types, subtypes, colors,"
    " color_identity, oracle_text, legalities, power, toughness, printings"
)
_CARD_PLACEHOLDERS = ", ".join("?" * len(CARD_FIELDS.split(",")))


def carry_over_games(db: sqlite3.Connection, old_path: Path, *, keep: Iterable[Game]) -> None:
    """Copy the tables and `meta` keys of the games in `keep` from the file at `old_path`
    (when it is a readable database) into the new one being built in `db`."""
    if not old_path.is_file():
        return
    db.commit()  # ATTACH is not allowed inside a transaction
    try:
        db.execute("ATTACH DATABASE ? AS old", (str(old_path),))
    except sqlite3.DatabaseError:
        return
    try:
        schema = dict(db.execute("SELECT name, sql FROM old.sqlite_master WHERE type = 'table'").fetchall())
        indexes = db.execute("SELECT tbl_name, sql FROM old.sqlite_master WHERE type = 'index' AND sql IS NOT NULL").fetchall()
        for game in keep:
            for table in game.tables:
                if table not in schema:
                    continue
                db.execute(f"DROP TABLE IF EXISTS main.{table}")
                db.execute(schema[table])
                db.execute(f"INSERT INTO main.{table} SELECT * FROM old.{table}")
                for owner, sql in indexes:
                    if owner == table:
                        db.execute(sql)
            if "meta" in schema:
                db.execute("DELETE FROM main.meta WHERE key LIKE ?", (f"{game.id}.%",))
                db.execute("INSERT INTO main.meta SELECT key, value FROM old.meta WHERE key LIKE ?", (f"{game.id}.%",))
        db.commit()
    except sqlite3.DatabaseError:
        db.rollback()  # an unreadable old file has nothing worth keeping
    finally:
        db.execute("DETACH DATABASE old")


class CardDbWriter(AtomicDbWriter):
    """Builds a new database beside `path`; `commit()` swaps it in, `abort()` drops it.

    Use as a context manager: leaving the block by an exception aborts. Card rows are kept
    until BATCH_ROWS of them are waiting and written with one `executemany`, in the one
    transaction of the build (card ids are given here, in the order SQLite would give
    them). Everything else is small or needs every card before it can be written, and is
    gathered in memory and written at the end: sets (a few hundred, merged), printings
    (printings.py), the spellings cards are found by (card_names.py) and the tables of
    "did you mean" (cards/suggest.py).
    """

    BATCH_ROWS = 2_000

    def __init__(self, path: Path):
        super().__init__(path)
        # Nothing reads this file before it is complete, so skip the journal: a failed
        # build is simply deleted.
        self._db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;" + SCHEMA)
        self._ids: dict[str, int] = {}
        self._card_rows: list[tuple] = []
        self._names = CardNames()
        self._suggestions = suggest.SuggestionTables()
        self._printings = CardPrintings()
        self._sets: dict[str, list] = {}
        self._set_infos: dict[str, SetInfo] = {}
        self._legalities: dict[tuple[tuple[str, str], ...], str] = {}
        self._ids_by_name: dict[str, int] = {}  # the exact names cards were added under

    def knows(self, name: str) -> bool:
        """Whether a card was added under exactly this name: its other printings need only
        `add_reprint`. (A name spelt another way is not known here: `add` then finds its card.)"""
        return name in self._ids_by_name

    def add(self, card: Card) -> int:
        """Add a card (or, when its key is known, only its printings); returns its id."""
        # One row per full name: `Bind` and the playtest card `Bind // Liberate` share a
        # front face but are different cards, and their printings must not mix.
        key = full_key(card.name)
        card_id = self._ids.get(key)
        if card_id is None:
            card_id = self._ids[key] = len(self._ids) + 1
            self._ids_by_name[card.name] = card_id
            join = LIST_SEP.join
            self._card_rows.append((
                card_id, card.name, key, join(card.face_names), card.layout, card.mana_cost, card.mana_value,
                card.type_line, join(card.supertypes), join(card.types), join(card.subtypes),
                join(card.colors), join(card.color_identity), card.oracle_text,
                None if card.legalities is None else self._legalities_text(card.legalities),
                card.power, card.toughness,
            ))
            self._names.add_card(card_id, card)
            self._suggestions.add(card_id, card.name, card.face_names)
            self._printings.add(card_id, card.printings)
            if len(self._card_rows) >= self.BATCH_ROWS:
                self._write_rows()
        else:
            self._add_printing(card_id, card.printings, card.aliases)
        return card_id

    def _legalities_text(self, legalities: Mapping[str, str]) -> str:
        """The column's JSON text; most cards share theirs with many others (legal in the same formats)."""
        items = tuple(legalities.items())
        text = self._legalities.get(items)
        if text is None:
            text = self._legalities[items] = json.dumps(dict(legalities), sort_keys=True)
        return text

    def add_reprint(self, name: str, printings: Iterable[Printing], aliases: tuple[str, ...] = ()) -> int:
        """Another printing of the card `name`, added before: its printings and other names."""
        card_id = self._ids_by_name[name]
        self._add_printing(card_id, printings, aliases)
        return card_id

    def _add_printing(self, card_id: int, printings: Iterable[Printing], aliases: tuple[str, ...]) -> None:
        """Another printing of a card added before."""
        if aliases:  # under another name
            self._names.add_aliases(card_id, aliases)
        self._printings.add(card_id, printings)

    def _write_rows(self) -> None:
        printings = self._printings.new_columns(len(self._ids))
        self._db.executemany(f"INSERT INTO cards ({CARD_FIELDS}) VALUES ({_CARD_PLACEHOLDERS})",
                             [(*row, printings.get(row[0], "")) for row in self._card_rows])
        self._card_rows = []

    def add_set(self, info: SetInfo) -> None:
        """Record a set; a set met again keeps its earliest date and the facts it had (its
        name is the last one met)."""
        if self._set_infos.get(info.code) is info:
            return  # the same facts again (the reader shares one SetInfo between printings)
        self._set_infos[info.code] = info
        row = self._sets.get(info.code)
        if row is None:
            self._sets[info.code] = [info.name or info.code, info.released, info.kind, int(info.digital),
                                     info.mtgo, info.arena, info.paper_legal]
            return
        row[0] = info.name or info.code
        dates = [date for date in (row[1], info.released) if date is not None]
        row[1] = min(dates) if dates else None
        row[2] = row[2] or info.kind
        row[3] = min(row[3], int(info.digital))
        for column, value in ((4, info.mtgo), (5, info.arena), (6, info.paper_legal)):
            if row[column] is None:
                row[column] = value

    @property
    def card_count(self) -> int:
        return len(self._ids)

    def commit(self, meta: dict[str, str]) -> None:
        """Finish the tables, write `meta`, and atomically replace the target file."""
        self._write_rows()
        self._db.executemany("INSERT INTO sets VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                             [(code, *row) for code, row in self._sets.items()])
        printing_counts = self._store_printings()
        info = {
            "schema_version": str(SCHEMA_VERSION),
            "game": GAME.id,
            "cards": str(self.card_count),
            "printings": str(sum(printing_counts.values())),
            "has_legalities": str(int(self._db.execute("SELECT 1 FROM cards WHERE legalities IS NOT NULL LIMIT 1").fetchone() is not None)),
            **meta,
        }
        self._db.executescript(FINISH)
        self._db.executemany("INSERT INTO names VALUES (?, ?)", self._names.names_rows(printing_counts))
        self._db.executemany("INSERT INTO loose_names VALUES (?, ?)", self._names.loose_rows())
        self._suggestions.write(self._db)
        self._db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(info.items()))
        carry_over_games(self._db, self.path, keep=other_games())
        # Every page was written once and nothing of the file was dropped: VACUUM would
        # only copy it (~5% of an import).
        self.finish(compact=False)

    def _store_printings(self) -> dict[int, int]:
        """The `printings` table, and the `printings` column of the cards whose rows were
        written before all their printings were known (printings.py); returns the number
        of printings of each card that has any."""
        cards = self._printings.by_card()
        self._db.executemany("INSERT INTO printings VALUES (?, ?, ?, ?, ?)", printing_rows(cards))
        set_dates = {code: row[1] for code, row in self._sets.items()}
        stale = self._printings.stale
        self._db.executemany("UPDATE cards SET printings = ? WHERE id = ?", self._printings.columns(cards, set_dates, only=stale))
        return {card_id: len(rows) for card_id, rows in cards}
