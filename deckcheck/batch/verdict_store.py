"""Verdicts kept between runs: a batch run again over the same registrations (the desk
checking again after one player fixed a list, CI on every push) checks only the decks
that changed, and reports byte for byte what checking them all would.

A verdict is kept under a key that digests everything that decides it: the in-run key
(runner._verdict_key: the deck file's bytes, its extension, the settings), made to
outlast the process with
- the format as loaded: its id, its file and its merged data (every file of its
  `extends:` chain);
- the card data: the catalog's kind and its file's path, size, modification time and inode;
- the card data switch, the platform, the event day, and today (a verdict's note on how old
  the card data is speaks of today);
- deckcheck itself: its version, Python's, and the size and time of every module of the
  package (a rule changed between releases is never skipped);
- every DECKCHECK_* variable of the environment.
What is no function of those is never kept (runner._reusable, runner._remember): a deck
checked against a registered pool, a deck whose cards the batch keeps (a team member's, for
the team checks; a deck-check pick's; a `--sheets` row's), a `ydke://` URL, a zip's deck
(its format lives in a temporary folder), a verdict whose messages name the file, an
unreadable file. Users' words: docs/batch.md, "Run again"; the trust: docs/security.md.

The store is SQLite (`<cache>/verdicts.sqlite`, the user cache directory): one lookup per
deck and nothing loaded whole, so a batch's memory stays flat. A verdict is JSON, checked
field by field on the way back (never pickle: whoever can write the cache folder must not
run code through it). At most MAX_VERDICTS_KEPT verdicts are kept, the oldest written
going first. The store is only a shortcut: one that is missing, unreadable, locked by another run,
corrupt, of another schema or unwritable is ignored (a damaged one is replaced); that is
never an error. `batch --no-cache`, or DECKCHECK_NO_CACHE=1, checks every deck.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
import stat
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..formats.stamps import file_stamps
from ..freshness import AsOf
from ..limits import MAX_VERDICTS_KEPT
from ..problem import Problem
from .wire import as_of_from, as_of_stamp, problem_rows, problems_from

try:
    from _blake2 import blake2b  # as runner.py: without the OpenSSL module hashlib loads
except ImportError:  # a Python built without it
    from hashlib import blake2b

FILE_NAME = "verdicts.sqlite"
# Verdicts written at once: one transaction per this many new ones, and what a batch holds
# unwritten at most.
WRITE_EVERY = 1_024
# How long a run waits for another that is writing the store: then it goes on without it.
BUSY_SECONDS = 0.2
SCHEMA = 1
DISABLE_VARIABLE = "DECKCHECK_NO_CACHE"

# (format, counts, problems, as_of): runner._Verdict's fields.
Verdict = tuple[str, tuple[tuple[str, int], ...], tuple[Problem, ...], "AsOf | None"]


def disabled_by_environment() -> bool:
    """Whether DECKCHECK_NO_CACHE asks for every deck to be checked."""
    from ..cards import switched_on

    return switched_on(DISABLE_VARIABLE)


def store_path() -> Path:
    from ..cards.paths import cache_dir

    return cache_dir() / FILE_NAME


class VerdictStore:
    """The verdicts of earlier runs (`get`), and this run's new ones (`put`), written in
    batches and at `close`."""

    def __init__(self, connection: sqlite3.Connection, empty: bool = False) -> None:
        self._db: sqlite3.Connection | None = connection
        self._pending: list[tuple[bytes, str]] = []
        # Nothing to find (a first run, or after the file was removed): no lookups, which
        # would all miss (120 M instructions of a first run over 10,000 decks, docs/speed.md).
        self._empty = empty

    @classmethod
    def open(cls, path: Path | None = None) -> VerdictStore | None:
        """The store at `path` (default: `store_path()`), None when it cannot be used."""
        try:
            path = store_path() if path is None else path
        except OSError:  # no user cache folder at all (errors.NoUserFolder): nothing kept
            return None
        if not _plain_file_or_none(path):
            return None
        for attempt in (1, 2):
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                db, empty = _connect(path)
                return cls(db, empty)
            except sqlite3.OperationalError:  # locked by another run, or no file can be made there
                return None
            except sqlite3.DatabaseError:
                # Damaged, or not a database at all: it is ours to replace, once.
                if attempt == 2 or not _remove(path):
                    return None
            except (OSError, sqlite3.Error, ValueError):
                return None
        return None

    def get(self, key: bytes) -> Verdict | None:
        """The verdict kept under `key`, or None (none, or one that does not read back)."""
        if self._db is None or self._empty:
            return None
        try:
            row = self._db.execute("SELECT verdict FROM verdicts WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            self._give_up()
            return None
        return None if row is None else decoded(row[0])

    def put(self, key: bytes, verdict: Verdict) -> None:
        """Keep `verdict` under `key` (written with the next WRITE_EVERY, or at `close`)."""
        if self._db is None:
            return
        text = encoded(verdict)
        if text is None:
            return
        self._pending.append((key, text))
        if len(self._pending) >= WRITE_EVERY:
            self._write()

    def close(self) -> None:
        """Write what is pending, forget the oldest verdicts past MAX_VERDICTS_KEPT, and close."""
        if self._db is None:
            return
        self._write()
        if self._db is not None:
            try:
                with self._db:
                    self._db.execute("DELETE FROM verdicts WHERE rowid <= (SELECT max(rowid) FROM verdicts) - ?", (MAX_VERDICTS_KEPT,))
            except sqlite3.Error:
                pass
        self._give_up()

    def _write(self) -> None:
        if not self._pending or self._db is None:
            return
        pending, self._pending = self._pending, []
        try:
            with self._db:  # one transaction: committed, or rolled back on an error
                self._db.executemany("INSERT OR REPLACE INTO verdicts (key, verdict) VALUES (?, ?)", pending)
        except sqlite3.Error:  # locked by another run past BUSY_SECONDS, full disk, read-only
            self._give_up()

    def _give_up(self) -> None:
        db, self._db = self._db, None
        self._pending = []
        if db is not None:
            try:
                db.close()
            except sqlite3.Error:
                pass


def _connect(path: Path) -> tuple[sqlite3.Connection, bool]:
    """The store at `path`, opened (made, or remade for another schema), and whether it is empty."""
    db = sqlite3.connect(path, timeout=BUSY_SECONDS)
    try:
        # Write-ahead logging: a run reading the store does not hold up one writing it. A
        # cache needs no sync to disk on every commit (a verdict lost is checked again).
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        table = db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'verdicts'").fetchone()[0]
        if version != SCHEMA or not table:  # another deckcheck's, or another program's file
            with db:
                db.execute("DROP TABLE IF EXISTS verdicts")
                db.execute("CREATE TABLE verdicts (key BLOB NOT NULL UNIQUE, verdict TEXT NOT NULL)")
                db.execute(f"PRAGMA user_version = {SCHEMA}")
        empty = not db.execute("SELECT 1 FROM verdicts LIMIT 1").fetchall()  # a damaged file says so here
    except BaseException:
        db.close()
        raise
    return db, empty


def _plain_file_or_none(path: Path) -> bool:
    """Whether `path` is a regular file or nothing: SQLite would write through a link to
    wherever it points, and may wait on a FIFO put there."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False


def _remove(path: Path) -> bool:
    """Remove a damaged store and its journal files; False when it cannot be."""
    try:
        for suffix in ("", "-wal", "-shm"):
            try:
                os.unlink(f"{path}{suffix}")
            except FileNotFoundError:
                pass
    except OSError:
        return False
    return True


def lasting_key(context: bytes, file_digest: bytes) -> bytes:
    """The key of a verdict on a file of digest `file_digest` in `context` (`context_digest`)."""
    return blake2b(context + file_digest, digest_size=20).digest()


def context_digest(settings: tuple[Any, ...], fmt: Any, catalog: Any) -> bytes | None:
    """What decides a verdict besides the deck's bytes (the module doc): `settings` the
    in-run settings (runner._verdict_key), `fmt` the Format, `catalog` the card catalog
    (False: none). None when it cannot be told (a catalog without a file, one that cannot
    be looked at): its verdicts are not kept."""
    if catalog:
        where = getattr(catalog, "path", None)
        if where is None:
            return None
        try:
            info = os.stat(where)
        except (OSError, ValueError):
            return None
        card_data: Any = (type(catalog).__name__, str(where), info.st_size, info.st_mtime_ns, info.st_ino)
    else:
        card_data = None
    try:
        format_data = json.dumps(fmt.data, sort_keys=True, default=repr, ensure_ascii=False)
    except (TypeError, ValueError):
        return None
    whole = repr((
        SCHEMA, _code(), [repr(value) for value in settings], dt.date.today().isoformat(),
        fmt.id, str(fmt.path), tuple(fmt.chain), card_data, _environment(),
    ))
    digest = blake2b(whole.encode("utf-8", "surrogatepass"), digest_size=20)
    digest.update(format_data.encode("utf-8", "surrogatepass"))
    return digest.digest()


@lru_cache(maxsize=1)
def _code() -> tuple[Any, ...]:
    """deckcheck's version, Python's, and each module's path, size and time."""
    from .. import __version__

    package = Path(__file__).resolve().parent.parent
    modules = []
    for folder, folders, files in os.walk(package):
        folders.sort()
        modules += (os.path.join(folder, name) for name in sorted(files) if name.endswith(".py"))
    return (__version__, sys.version, str(package), file_stamps(modules))


def _environment() -> tuple[tuple[str, str], ...]:
    return tuple(sorted((name, value) for name, value in os.environ.items() if name.startswith("DECKCHECK_")))


def encoded(verdict: Verdict) -> str | None:
    """`verdict` as JSON, or None when it would not read back the same (a value JSON does
    not keep: a tuple in a problem's details, a date where none was expected)."""
    format_id, counts, problems, as_of = verdict
    rows = problem_rows(problems)
    if any(row[8] is not None and not _plain(row[8]) for row in rows):
        return None
    stamp = None if as_of is None else _stamp(as_of)
    if stamp is False:
        return None
    try:  # a value JSON cannot hold (a set, a date, NaN) is a TypeError or ValueError
        return _ENCODER.encode((format_id, counts, rows, stamp))
    except (TypeError, ValueError):
        return None


def _stamp(as_of: AsOf) -> tuple[Any, ...] | bool:
    """wire.as_of_stamp with its dates as ISO text, as JSON keeps them (`_as_of` reads it
    back); False when its dates are no dates."""
    return _text_stamp(as_of_stamp(as_of))


@lru_cache(maxsize=256)  # every deck of a format and day has the same stamp
def _text_stamp(stamp: tuple[Any, ...]) -> tuple[Any, ...] | bool:
    day, platform, known_up_to, card_data_date, *rest = stamp
    if type(day) is not dt.date or not all(other is None or type(other) is dt.date for other in (known_up_to, card_data_date)):
        return False
    return (day.isoformat(), platform, _iso(known_up_to), _iso(card_data_date), *rest)


# One encoder for every verdict: `json.dumps` with options builds one per call.
_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _iso(day: dt.date | None) -> str | None:
    return None if day is None else day.isoformat()


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> bool:
    """Whether `value`, once JSON took it, comes back of the same types: JSON would turn
    a tuple into a list, a key that is no text into text, a subclass (an IntEnum) into
    its base. (What JSON cannot hold at all, it refuses: `encoded`.)"""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            if not all(type(key) is str for key in item):
                return False
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        elif kind not in _SCALARS:
            return False
    return True


_OPTIONAL_TEXT, _OPTIONAL_NUMBER = (str, type(None)), (int, float, type(None))


def decoded(text: Any) -> Verdict | None:
    """The verdict `encoded` wrote as `text`; None for anything else (a damaged or
    foreign store is a miss, never an error)."""
    try:
        format_id, counts, rows, stamp = json.loads(text)
        if not isinstance(format_id, str) or not isinstance(counts, list):
            return None
        zone_counts = tuple((zone, count) for zone, count in counts if type(zone) is str and type(count) is int)
        if len(zone_counts) != len(counts) or not isinstance(rows, list):
            return None
        problems = tuple(problems_from(_problem_row(row) for row in rows))
        as_of = None if stamp is None else _as_of(stamp)
    except (ValueError, TypeError, RecursionError):  # RecursionError: JSON nested past Python's stack
        return None
    return format_id, zone_counts, problems, as_of


def _problem_row(row: Any) -> tuple[Any, ...]:
    """`row` as wire.problems_from takes it, once each field is of its kind (TypeError else)."""
    rule, message, severity, zone, line, card, count, limit, details = row
    if not (type(rule) is str and type(message) is str and type(severity) is str and isinstance(zone, _OPTIONAL_TEXT)
            and (line is None or type(line) is int) and isinstance(card, _OPTIONAL_TEXT)
            and isinstance(count, _OPTIONAL_NUMBER) and isinstance(limit, _OPTIONAL_NUMBER)
            and (details is None or type(details) is dict)):
        raise TypeError("not a problem")
    return (rule, message, severity, zone, line, card, count, limit, details)


def _as_of(stamp: Any) -> AsOf:
    """The AsOf of `_stamp`'s `stamp` (wire.as_of_from: one per distinct stamp)."""
    return _as_of_text(tuple(stamp))


@lru_cache(maxsize=256)  # every deck of a format and day has the same stamp
def _as_of_text(stamp: tuple[Any, ...]) -> AsOf:
    day, platform, known_up_to, card_data_date, hint, brings_lists, game = stamp
    if not (type(platform) is str and type(hint) is str and type(brings_lists) is bool and type(game) is str):
        raise TypeError("not an as-of stamp")
    return as_of_from((dt.date.fromisoformat(day), platform, _date(known_up_to), _date(card_data_date), hint, brings_lists,
                       game))


def _date(text: Any) -> dt.date | None:
    return None if text is None else dt.date.fromisoformat(text)
