"""`deckcheck cards import FILE`: recognise a card file and let its game import it.

Every registered game is asked, in `games.import_order()`, whether the file is its card
data (`Game.recognise`, from the content: compressed files too); the first that says yes
imports it. The Magic importer comes last and takes any other file, so an unknown file
is refused with what a card file should look like. Nothing is replaced unless the whole
file was read without error. The kinds each game reads are listed in its importer
(games/<game>/importer.py).
"""
from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import os
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

from ..errors import CardDataError
from ..limits import MAX_BULK_BYTES, MAX_WHOLE_CARD_FILE_BYTES, NumberTooLong, whole_number

_COMPRESSED = (
    (b"\x1f\x8b", lambda raw: gzip.GzipFile(fileobj=raw)),
    (b"BZh", bz2.BZ2File),
    (b"\xfd7zXZ\x00", lzma.LZMAFile),
)
_HEAD_CHARS = 65536
READ_ERRORS = (OSError, EOFError, ValueError, zlib.error, lzma.LZMAError)
NOT_CHANGED = "the card database was not changed"
FILE = "the file"
_SQLITE_MAGIC = b"SQLite format 3\x00"
T = TypeVar("T")
F = TypeVar("F", "CardFile", "FetchedFile")


class CardFileError(ValueError):
    """A card file that is not the shape its reader expects (a one-line reason)."""


@dataclass(frozen=True)
class ImportSummary:
    path: Path
    source: str
    cards: int
    objects: int


@dataclass(frozen=True)
class SyncResult:
    """What `cards sync` did: `updated` (False: the database already held this version),
    `source` (`Scryfall oracle_cards`) and `updated_at` (its date and time, as the server
    gives it) of the data, and the import's summary when it was imported."""

    updated: bool
    updated_at: str
    summary: ImportSummary | None = None
    source: str = ""


class FetchedFile:
    """A card file `cards sync` fetched whole (the YGOPRODeck card list): its name in
    messages and its bytes, read as `CardFile.text` reads a file."""

    def __init__(self, name: str, body: bytes):
        self.name = name
        self._body = body

    def text(self) -> str:
        return self._body.decode("utf-8-sig")  # a UnicodeDecodeError: whole_file_import says "not UTF-8"


# An import a game has recognised: builds the database at the path it is given.
CardImport = Callable[[Path], ImportSummary]


class _Bounded(io.RawIOBase):
    """The bytes of `inner` (a decompressor or the file itself), refused past `max_bytes`:
    a few kilobytes of gzip, bzip2 or xz can stand for gigabytes (docs/security.md)."""

    def __init__(self, inner: BinaryIO, *, label: str, max_bytes: int):
        self._inner = inner
        self._label = label
        self._max_bytes = max_bytes
        self._read = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        count = self._inner.readinto(buffer)  # type: ignore[attr-defined]
        self._read += count or 0
        if self._read > self._max_bytes:
            raise CardDataError(
                f"{self._label}: its text (decompressed) is over {self._max_bytes:,} bytes, bigger than any "
                f"card file deckcheck reads; {NOT_CHANGED}")
        return count


def open_text(raw: BinaryIO, *, label: str, max_bytes: int | None = None) -> io.TextIOWrapper:
    """`raw` as UTF-8 text, decompressed when it starts like gzip, bzip2 or xz; reading
    past `max_bytes` decoded bytes (default MAX_BULK_BYTES, as for a download) raises
    CardDataError naming `label`."""
    head = raw.peek(8)[:8] if hasattr(raw, "peek") else b""
    inner = raw
    for magic, opener in _COMPRESSED:
        if head.startswith(magic):
            inner = opener(raw)  # type: ignore[assignment]
            break
    bounded = io.BufferedReader(_Bounded(inner, label=label, max_bytes=MAX_BULK_BYTES if max_bytes is None else max_bytes))
    return io.TextIOWrapper(bounded, encoding="utf-8-sig")


class CardFile:
    """A file given to `cards import`, as the games' importers look at it."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.name = self.path.name

    @cached_property
    def suffixes(self) -> list[str]:
        return [suffix.lower() for suffix in self.path.suffixes]

    @cached_property
    def is_sqlite(self) -> bool:
        """Whether the file starts as an SQLite database does."""
        try:
            with open(self.path, "rb") as raw:
                return raw.read(len(_SQLITE_MAGIC)) == _SQLITE_MAGIC
        except OSError:
            return False

    @cached_property
    def head(self) -> str:
        """The first 64 KiB of its text, decompressed ("" when it is not readable text)."""
        try:
            with open(self.path, "rb") as raw:
                return open_text(raw, label=self.name, max_bytes=MAX_WHOLE_CARD_FILE_BYTES).read(_HEAD_CHARS)  # type: ignore[arg-type]
        except READ_ERRORS:  # (UnicodeDecodeError is a ValueError) then no game's sniffing matches
            return ""

    def text(self) -> str:
        """The whole text, decompressed (these files are a few megabytes; bulk files are
        streamed): CardDataError past MAX_WHOLE_CARD_FILE_BYTES, before it is all in memory."""
        try:
            with open(self.path, "rb") as raw:
                return open_text(raw, label=self.name, max_bytes=MAX_WHOLE_CARD_FILE_BYTES).read()  # type: ignore[arg-type]
        except UnicodeDecodeError:
            raise CardDataError(f"{self.name}: not UTF-8 text; {NOT_CHANGED}") from None
        except READ_ERRORS as exc:
            raise CardDataError(f"cannot read {self.path} ({getattr(exc, 'strerror', None) or exc}); {NOT_CHANGED}") from None


def parse_json(text: str) -> Any:
    """JSON of a card file; CardFileError when it is not JSON or holds a number too long to read."""
    try:
        return json.loads(text, parse_int=whole_number)
    except json.JSONDecodeError as exc:
        raise CardFileError(f"not valid JSON ({json_failure(exc, FILE)})") from None
    except NumberTooLong as exc:
        raise CardFileError(str(exc)) from None
    except RecursionError:  # deeper than Python's decoder recurses: no card file is
        raise CardFileError("not valid JSON (nested too deeply)") from None


def json_failure(exc: json.JSONDecodeError, what: str) -> str:
    """Where and why JSON text is not JSON: `what` (the file, the line) ending inside a value
    is said to be cut short, since the parser's own words ("Unterminated string starting
    at") lose their position when taken alone."""
    cut = exc.msg.startswith("Unterminated") or exc.pos >= len(exc.doc.rstrip())
    why = f"{what} ends in the middle of an item (truncated?)" if cut else exc.msg
    return f"line {exc.lineno}, column {exc.colno}: {why}"


def parse_yaml(text: str) -> Any:
    from ..yamlload import YamlError, load_yaml

    try:
        return load_yaml(text, source="card file", aliases=False, what="card file")
    except YamlError as exc:
        raise CardFileError(f"not valid YAML ({exc.detail})") from None


def whole_file_import(
    file: F,
    source: str,
    read: Callable[[F], Iterable[T]],
    write: Callable[[Path, list[T], dict[str, str]], int],
    *,
    count_cards: Callable[[list[T]], int] | None = None,
) -> CardImport:
    """An import that reads every record of `file` first (`read`, raising CardFileError on
    a bad file), then replaces the game's tables with them (`write`, returning the rows
    written). `count_cards` counts the cards among the records (default: the rows)."""

    def run(db_path: Path) -> ImportSummary:
        try:
            records = list(read(file))
        except CardFileError as exc:
            raise CardDataError(f"{file.name}: {exc}; {NOT_CHANGED}") from None
        except UnicodeDecodeError:
            raise CardDataError(f"{file.name}: not UTF-8 text; {NOT_CHANGED}") from None
        if not records:
            raise CardDataError(f"{file.name}: no cards found; {NOT_CHANGED}")
        try:
            rows = write(db_path, records, {"source": source, "source_file": file.name})
        except OverflowError:  # SQLite holds 64-bit integers; the new database is dropped
            raise CardDataError(f"{file.name}: a number in it is too big for the card database; {NOT_CHANGED}") from None
        cards = count_cards(records) if count_cards is not None else rows
        return ImportSummary(path=db_path, source=source, cards=cards, objects=len(records))

    return run


def import_file(path: str | Path, db_path: Path) -> ImportSummary:
    """Import the card file at `path` into the database at `db_path`: the game that
    recognises it replaces its own cards there and keeps the other games' cards."""
    from ..games import import_order
    from ..textio import not_regular

    # A named pipe would block the first read for ever, /dev/zero never end: only a
    # regular file is read (docs/security.md).
    try:
        kind = not_regular(os.stat(path).st_mode)
    except OSError as exc:
        from ..yamlload import standard_input_advice

        advice = standard_input_advice(path, "card file") if isinstance(exc, FileNotFoundError) else None
        raise CardDataError(f"{path}: {advice}; {NOT_CHANGED}" if advice
                            else f"cannot read {path} ({exc.strerror or exc}); {NOT_CHANGED}") from None
    if kind is not None:
        raise CardDataError(f"{path} is {kind}, not a card file; {NOT_CHANGED}")
    file = CardFile(Path(path))
    for game in import_order():
        if game.import_last and file.is_sqlite:
            # The last game takes any file as its text format: an SQLite file no game
            # before it read is a card database cut short or damaged, not text.
            raise CardDataError(f"{file.name}: an SQLite database that deckcheck cannot read as card data (damaged or cut "
                                f"short? a YGOPro cards.cdb needs its tables datas and texts); {NOT_CHANGED}")
        job = game.recognise(file)
        if job is not None:
            return job(db_path)
    raise CardDataError(f"{file.name}: not a card file deckcheck knows; {NOT_CHANGED}")
