"""`deckcheck cards import FILE`: build the card database from a local file.

The kind is recognised from the content: Yu-Gi-Oh! and WoW TCG files first (see
`game_import`), then a JSON array is a Scryfall bulk file (`oracle_cards`,
`default_cards`, ...), an object with `data` is MTGJSON's AtomicCards.json. Files may be
compressed (gzip, bzip2, xz: MTGJSON offers all three). Nothing is replaced unless the whole file was read without error.
"""
from __future__ import annotations

import bz2
import datetime as dt
import gzip
import io
import lzma
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from ..errors import CardDataError
from ..progress import Progress
from .jsonstream import JsonStream, JsonStreamError
from ..games.mtg.cards import Card
from ..games.mtg.mtgjson_import import read_atomic
from ..games.mtg.scryfall_import import SetInfo, ShapeError, read_array
from ..games.mtg.store import CardDbWriter

_MAGIC = (
    (b"\x1f\x8b", lambda raw: gzip.GzipFile(fileobj=raw)),
    (b"BZh", bz2.BZ2File),
    (b"\xfd7zXZ\x00", lzma.LZMAFile),
)


@dataclass(frozen=True)
class ImportSummary:
    path: Path
    source: str
    cards: int
    objects: int


def open_text(raw: BinaryIO) -> io.TextIOWrapper:
    head = raw.peek(8)[:8] if hasattr(raw, "peek") else b""
    for magic, opener in _MAGIC:
        if head.startswith(magic):
            return io.TextIOWrapper(opener(raw), encoding="utf-8-sig")  # type: ignore[arg-type]
    return io.TextIOWrapper(raw, encoding="utf-8-sig")


def _cards(stream: JsonStream, meta: dict[str, str]) -> Iterator[tuple[Card, SetInfo | None]]:
    first = stream.peek()
    if first == "[":
        meta.setdefault("source", "Scryfall bulk file")
        yield from read_array(stream)
    elif first == "{":
        meta.setdefault("source", "MTGJSON AtomicCards")
        yield from read_atomic(stream, meta)
    else:
        shown = "an empty file" if first is None else f"{first!r}"
        raise ShapeError(f"expected a Scryfall bulk file (a JSON array of cards) or MTGJSON AtomicCards.json, found {shown}")


def build_from_stream(
    raw: BinaryIO,
    *,
    db_path: Path,
    label: str,
    total_bytes: int | None,
    meta: dict[str, str],
) -> ImportSummary:
    """Read cards from an open binary file and build the database at `db_path` atomically."""
    objects = 0
    with CardDbWriter(db_path) as writer, Progress(f"importing {label}", total_bytes) as progress:
        try:
            stream = JsonStream(open_text(raw))
            for objects, (card, set_info) in enumerate(_cards(stream, meta), start=1):
                writer.add(card)
                if set_info is not None:
                    writer.add_set(set_info.code, set_info.name, set_info.released)
                if objects % 256 == 0:
                    progress.update(raw.tell())
        except (JsonStreamError, ShapeError) as exc:
            raise CardDataError(f"{label}: {exc}; the card database was not changed") from None
        except UnicodeDecodeError:
            raise CardDataError(f"{label}: not UTF-8 text, so not a card file; the card database was not changed") from None
        except (OSError, EOFError, lzma.LZMAError, zlib.error) as exc:
            reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            raise CardDataError(f"{label}: cannot read ({reason}); the card database was not changed") from None
        if writer.card_count == 0:
            raise CardDataError(f"{label}: no cards found; the card database was not changed")
        if "mtgjson_date" in meta:
            meta["source_date"] = meta["mtgjson_date"]
        meta.setdefault("imported_at", dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat())
        summary = ImportSummary(path=db_path, source=meta["source"], cards=writer.card_count, objects=objects)
        meta["objects"] = str(objects)
        writer.commit(meta)
    return summary


def import_file(path: str | Path, db_path: Path) -> ImportSummary:
    """Build the database at `db_path` from a Scryfall bulk file or MTGJSON AtomicCards.json,
    or replace its Yu-Gi-Oh! or WoW TCG cards from one of their files (see `game_import`)."""
    from .game_import import import_game_file

    path = Path(path)
    summary = import_game_file(path, db_path)
    if summary is not None:
        return summary
    try:
        raw = open(path, "rb")
        size = path.stat().st_size
    except OSError as exc:
        raise CardDataError(f"cannot read {path} ({exc.strerror or exc})") from None
    with raw:
        modified = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.timezone.utc).date().isoformat()
        meta = {"source_file": path.name, "source_date": modified}
        summary = build_from_stream(raw, db_path=db_path, label=path.name, total_bytes=size, meta=meta)
    return summary
