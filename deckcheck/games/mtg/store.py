"""The SQLite card database: schema, atomic building, and read-only opening.

A database is always built whole: into a temporary file next to the target, committed,
flushed to disk and then renamed over the old one (`os.replace` is atomic on one file
system). A crash or an error mid-import leaves the previous database untouched, and a
reader never sees half a file.

Tables: `meta` (schema version, source, dates, counts), `cards` (one row per Oracle card,
its printings also as one text column so a lookup is one query), `printings` (set code and
rarity per card), `sets` (code, name, release date), `names` (every normalised spelling
-> card), `loose_names` (spellings without punctuation, kept only where they name a single
card), and `spellings`/`grams` for "did you mean" (see suggest.py).

The same file holds the other registered games' cards in tables of their own
(`Game.tables`, written through cards/tables.py, with `<game>.`-prefixed `meta` keys);
the Magic tables own the unprefixed keys. Each import rebuilds only its own game's tables
and carries the others over from the current file, so importing Magic cards never loses
the Yu-Gi-Oh! cards and the other way round.
"""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from ...atomic import AtomicDbWriter
from ...cards.tables import REBUILD_HINT, REINSTALL_HINT, damaged, open_read_only
from ...errors import CardDataError, OutdatedCardData
from ...games import GAMES, Game
from ...names import fold, full_key
from . import GAME
from .cards import Card, Printing, SetInfo
from .card_names import CardNames
from .printings import CardPrintings, printing_rows

if TYPE_CHECKING:
    from .catalog import MtgCatalog

# Bump the descriptor's version when the tables change; older files are refused with a
# message to re-import.
SCHEMA_VERSION = GAME.schema_version
NO_DATABASE = "no card database at {path}; run `deckcheck cards sync` or `deckcheck cards import FILE`"


def other_games() -> list[Game]:
    """The registered games whose tables share the file with the Magic tables."""
    return [game for game in GAMES.values() if game.id != GAME.id]


_LIST_SEP = "\x1f"  # unit separator: never part of a name, a type or a colour

_SCHEMA = """
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
_FINISH = """
CREATE TABLE names (key TEXT PRIMARY KEY, card_id INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE loose_names (key TEXT PRIMARY KEY, card_id INTEGER NOT NULL) WITHOUT ROWID;
-- A catalog's first lookup asks for the meld cards (meld_halves); without an index that reads
-- the whole cards table, oracle text and all: 3-15 ms of every `deckcheck validate`.
CREATE INDEX cards_meld ON cards(layout) WHERE layout = 'meld';
"""


_CARD_FIELDS = (
    "id, name, key, faces, layout, mana_cost, mana_value, type_line, supertypes, types, subtypes, colors,"
    " color_identity, oracle_text, legalities, power, toughness, printings"
)
_CARD_COLUMNS = (
    "cards.name, faces, layout, mana_cost, mana_value, type_line, supertypes, types, subtypes, colors,"
    " color_identity, oracle_text, legalities, printings, power, toughness"
)


def _printing(text: str) -> Printing:
    """`set:rarity[:released[:platform|platform]]`, as printings.py writes it."""
    parts = text.split(":")
    if len(parts) == 2:
        return Printing(parts[0], parts[1])
    platforms = tuple(parts[3].split("|")) if len(parts) > 3 and parts[3] else ()
    return Printing(parts[0], parts[1], parts[2], platforms)


def _card(row: tuple) -> Card:
    printings = tuple(_printing(text) for text in row[13].split(",")) if row[13] else ()
    return Card(
        name=row[0], face_names=_split(row[1]), layout=row[2], mana_cost=row[3], mana_value=row[4],
        type_line=row[5], supertypes=_split(row[6]), types=_split(row[7]), subtypes=_split(row[8]),
        colors=_split(row[9]), color_identity=_split(row[10]), oracle_text=row[11],
        legalities=None if row[12] is None else json.loads(row[12]),
        printings=printings, power=row[14], toughness=row[15],
    )


def _split(text: str) -> tuple[str, ...]:
    return tuple(text.split(_LIST_SEP)) if text else ()


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
        from ...cards import suggest  # the writer's only: not on a validate's start-up path

        super().__init__(path)
        # Nothing reads this file before it is complete, so skip the journal: a failed
        # build is simply deleted.
        self._db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;" + _SCHEMA)
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
            join = _LIST_SEP.join
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
        self._db.executemany(f"INSERT INTO cards ({_CARD_FIELDS}) VALUES ({', '.join('?' * 18)})",
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
        self._db.executescript(_FINISH)
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


class CardDb:
    """A finished database opened read-only (`immutable`: a file nothing ever writes, the
    built-in data: SQLite then skips locking). Raises CardDataError when it cannot be used:
    missing, not a database, truncated, or of another schema version."""

    def __init__(self, path: Path, *, immutable: bool = False):
        self.path = Path(path)
        if not self.path.is_file():
            raise CardDataError(NO_DATABASE.format(path=self.path))
        self._db = open_read_only(self.path, immutable=immutable, fix=REBUILD_HINT if not immutable else REINSTALL_HINT)
        self.meta = dict(self._db.execute("SELECT key, value FROM meta").fetchall())
        version = int(self.meta.get("schema_version", "0") or 0)
        # A file that so far holds only other games' cards has no Magic tables to be wrong.
        if self.has_magic and version != SCHEMA_VERSION:
            age = "an older" if version < SCHEMA_VERSION else "a newer"
            raise OutdatedCardData(
                f"the card database {self.path} was built by {age} deckcheck (schema {version}, this one reads "
                f"{SCHEMA_VERSION}); re-run `deckcheck cards import FILE` or `deckcheck cards sync` to rebuild it"
            )

    def query(self, sql: str, parameters: tuple = ()) -> list[tuple]:
        """Rows of one query; a file damaged after it was opened is a CardDataError too."""
        try:
            return self._db.execute(sql, parameters).fetchall()
        except sqlite3.DatabaseError as exc:
            raise CardDataError(damaged(self.path, exc, REBUILD_HINT)) from None

    @property
    def has_magic(self) -> bool:
        """False for a file that so far holds only other games' cards (no Magic import yet)."""
        return "game" in self.meta

    def game_meta(self) -> dict[str, dict[str, str]]:
        """The `meta` keys of the other games stored here, by game id."""
        others = {game.id for game in other_games()}
        found: dict[str, dict[str, str]] = {}
        for key, value in self.meta.items():
            game, _, rest = key.partition(".")
            if rest and game in others:
                found.setdefault(game, {})[rest] = value
        return found

    def close(self) -> None:
        self._db.close()

    def find(self, first: str, second: str, *, loose: bool = False) -> Card | None:
        """The card that spelling `first` (or else `second`) names: one query."""
        table = "loose_names" if loose else "names"
        joined = f"SELECT {_CARD_COLUMNS} FROM {table} JOIN cards ON cards.id = {table}.card_id"
        if first == second:  # a one-face name: the plain lookup is the cheaper query
            rows = self.query(f"{joined} WHERE {table}.key = ?", (first,))
        else:
            rows = self.query(f"{joined} WHERE {table}.key IN (?, ?) ORDER BY {table}.key <> ? LIMIT 1", (first, second, first))
        return _card(rows[0]) if rows else None

    def meld_halves(self) -> dict[str, list[str]]:
        """The melded back faces (folded) and the front faces of the two cards that meld
        into each: `brisela, voice of nightmares` -> [Bruna, the Fading Light, Gisela, ...]."""
        halves: dict[str, list[str]] = {}
        for name, faces in self._db.execute("SELECT name, faces FROM cards WHERE layout = 'meld' ORDER BY name"):
            face_names = _split(faces)
            if len(face_names) > 1:
                halves.setdefault(fold(face_names[-1]), []).append(face_names[0])
        return halves

    def suggest(self, name: str, limit: int) -> list[str]:
        from ...cards import suggest  # a typo's first suggestion pays for it, not every start-up

        try:
            return suggest.suggest(self._db, name, limit)
        except sqlite3.DatabaseError as exc:
            raise CardDataError(damaged(self.path, exc, REBUILD_HINT)) from None

    def all_cards(self) -> Iterator[Card]:
        for row in self._db.execute(f"SELECT {_CARD_COLUMNS} FROM cards ORDER BY id"):
            yield _card(row)

    def all_names(self) -> list[tuple[int, str, str]]:
        """(card id, name, faces) of every card."""
        return self._db.execute("SELECT id, name, faces FROM cards").fetchall()

    def sets(self) -> dict[str, SetInfo]:
        """Every set the database records, by code."""
        rows = self.query("SELECT code, name, released, kind, digital, mtgo, arena, paper_legal FROM sets")
        return {row[0]: SetInfo(row[0], row[1], row[2], row[3], bool(row[4]), row[5], row[6], row[7]) for row in rows}

    def counts(self) -> dict[str, int]:
        if not self.has_magic:
            return dict.fromkeys(("cards", "printings", "sets", "names", "with_legalities"), 0)
        one = self._db.execute
        return {
            "cards": one("SELECT COUNT(*) FROM cards").fetchone()[0],
            "printings": one("SELECT COUNT(*) FROM printings").fetchone()[0],
            "sets": one("SELECT COUNT(*) FROM sets").fetchone()[0],
            "names": one("SELECT COUNT(*) FROM names").fetchone()[0],
            "with_legalities": one("SELECT COUNT(*) FROM cards WHERE legalities IS NOT NULL").fetchone()[0],
        }


def load_catalog(
    path: Path, *, offline: bool = True, warn: Callable[[str], None] | None = None, builtin: bool = False,
) -> MtgCatalog:
    """The Magic cards of the database at `path` (CardDataError when it is missing or
    unusable); unless `offline`, names it lacks are looked up on Scryfall. `builtin`: the
    file is deckcheck's built-in card data (opened immutable, never looked up online)."""
    from .catalog import MtgCatalog

    if not Path(path).is_file():
        raise CardDataError(NO_DATABASE.format(path=path))
    online = None
    if not offline and not builtin:
        from .online import OnlineLookup

        online = OnlineLookup(warn=warn)
    return MtgCatalog(path, online=online, warn=warn, builtin=builtin)
