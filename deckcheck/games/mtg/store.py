"""The SQLite card database opened read-only (db_writer.py holds its schema and builds one).

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
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ...cards.tables import REBUILD_HINT, REINSTALL_HINT, damaged, open_read_only
from ...errors import CardDataError, OutdatedCardData
from ...games import GAMES, Game
from ...names import fold
from . import GAME
from .cards import Card, Printing, SetInfo

if TYPE_CHECKING:
    from .catalog import MtgCatalog

# Bump the descriptor's version when the tables change; older files are refused with a
# message to re-import.
SCHEMA_VERSION = GAME.schema_version
NO_DATABASE = "no card database at {path}; run `deckcheck cards sync` or `deckcheck cards import FILE`"


def other_games() -> list[Game]:
    """The registered games whose tables share the file with the Magic tables."""
    return [game for game in GAMES.values() if game.id != GAME.id]


LIST_SEP = "\x1f"  # unit separator: never part of a name, a type or a colour

_CARD_COLUMNS = (
    "cards.name, faces, layout, mana_cost, mana_value, type_line, supertypes, types, subtypes, colors,"
    " color_identity, oracle_text, legalities, printings, power, toughness"
)


@lru_cache(maxsize=16384)
def _printing(text: str) -> Printing:
    """`set:rarity[:released[:platform|platform]]`, as printings.py writes it. Remembered:
    the built-in data's 66,000 printings are 1,080 distinct texts (a batch's 5,000 cards
    hold 16,000 printings of 1,000), one Printing each, shared by the cards."""
    parts = text.split(":")
    if len(parts) == 2:
        return Printing(parts[0], parts[1])
    platforms = tuple(parts[3].split("|")) if len(parts) > 3 and parts[3] else ()
    return Printing(parts[0], parts[1], parts[2], platforms)


def _card(row: tuple) -> Card:
    printings = tuple(map(_printing, row[13].split(","))) if row[13] else ()
    # Positional, in the order of Card's parameters (name, face_names, layout, mana_cost,
    # mana_value, type_line, supertypes, types, subtypes, colors, color_identity,
    # oracle_text, legalities, printings, aliases, power, toughness): a batch builds a card
    # for each of thousands of names, and sixteen keywords cost more than the rest.
    return Card(
        row[0], _split(row[1]), row[2], row[3], row[4], row[5], _split(row[6]), _split(row[7]), _split(row[8]),
        _split(row[9]), _split(row[10]), row[11], None if row[12] is None else json.loads(row[12]),
        printings, (), row[14], row[15],
    )


def _cards_named_in(table: str, first_columns: str = "") -> str:
    """The query of the cards a name table (`names`, `loose_names`) leads to, before its
    WHERE: `_card`'s columns, after `first_columns` when given."""
    return f"SELECT {first_columns}{_CARD_COLUMNS} FROM {table} JOIN cards ON cards.id = {table}.card_id"


def _split(text: str) -> tuple[str, ...]:
    return tuple(text.split(LIST_SEP)) if text else ()


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
        joined = _cards_named_in(table)
        if first == second:  # a one-face name: the plain lookup is the cheaper query
            rows = self.query(f"{joined} WHERE {table}.key = ?", (first,))
        else:
            rows = self.query(f"{joined} WHERE {table}.key IN (?, ?) ORDER BY {table}.key <> ? LIMIT 1", (first, second, first))
        return _card(rows[0]) if rows else None

    # SQLite's default limit on a statement's parameters is 999 (older builds): chunks stay under it.
    _MANY = 500

    def find_many(self, keys: Iterable[str]) -> dict[str, Card]:
        """The card each of `keys` (card keys, one face each) names in the `names` table, as
        `find(key, key)` gives it one by one: one query per chunk of keys (a batch meets a
        deck's thirty new names at once). Keys no card has are left out."""
        wanted = list(dict.fromkeys(keys))
        found: dict[str, Card] = {}
        joined = _cards_named_in("names", "names.key, ")
        for start in range(0, len(wanted), self._MANY):
            chunk = wanted[start:start + self._MANY]
            for row in self.query(f"{joined} WHERE names.key IN ({', '.join('?' * len(chunk))})", tuple(chunk)):
                found[row[0]] = _card(row[1:])
        return found

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
