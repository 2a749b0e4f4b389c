"""Magic card files for `deckcheck cards import`: a JSON array is a Scryfall bulk file
(`oracle_cards`, `default_cards`, ...), an object with `data` is MTGJSON's
AtomicCards.json; gzip, bzip2 and xz files too (MTGJSON offers all three).

Magic is asked last (`import_last`), so any file no other game recognised comes here,
and a file that is not one of these is refused saying what was expected. The file is
streamed, and the whole database is rebuilt atomically (the other games' tables are
carried over, see db_writer.py).
"""
from __future__ import annotations

import datetime as dt
import gc
import lzma
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from ...cards.importer import NOT_CHANGED, CardFile, CardImport, ImportSummary, open_text
from ...cards.jsonstream import JsonStream, JsonStreamError
from ...errors import CardDataError
from ...progress import Progress
from .cards import Card, SetInfo
from .mtgjson_import import read_atomic
from .scryfall_import import Reprint, ShapeError, read_array
from .db_writer import CardDbWriter
from ...lazy_pattern import lazy
from ...schema import day_of


def recognise(file: CardFile) -> CardImport:
    """Every file is read as a Scryfall or MTGJSON file (the reader says when it is neither)."""
    return lambda db_path: import_bulk_file(file.path, db_path)


def _cards(stream: JsonStream, meta: dict[str, str], writer: CardDbWriter) -> Iterator[tuple[Card | Reprint | None, SetInfo | None]]:
    """One item per object the file holds (a card of MTGJSON's `data`, a Scryfall card
    object); `(None, None)` for one that is no card."""
    first = stream.peek()
    if first == "[":
        meta.setdefault("source", "Scryfall bulk file")
        yield from read_array(stream, known=writer.knows)
    elif first == "{":
        meta.setdefault("source", "MTGJSON AtomicCards")
        yield from read_atomic(stream, meta)
    else:
        shown = "an empty file" if first is None else f"{first!r}"
        raise ShapeError(f"expected a Scryfall bulk file (a JSON array of cards) or MTGJSON AtomicCards.json, found {shown}")


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector: the reader makes hundreds of thousands of small
    dicts, lists and tuples, none in a cycle (reference counting frees them), and the
    collector would walk the growing tables of the build again and again for nothing (~6%
    of an import)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


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
    newest = ""  # the latest printing's release day: how old a file without a date can be
    with _collector_paused(), CardDbWriter(db_path) as writer, Progress(f"importing {label}", total_bytes) as progress:
        try:
            stream = JsonStream(open_text(raw, label=label))
            for objects, (card, set_info) in enumerate(_cards(stream, meta, writer), start=1):
                if card is None:  # an object read that is no card
                    continue
                newest = max(newest, max((printing.released for printing in card.printings), default=""))
                if isinstance(card, Reprint):
                    writer.add_reprint(*card)
                else:
                    writer.add(card)
                if set_info is not None:
                    writer.add_set(set_info)
                if objects % 256 == 0:
                    progress.update(raw.tell())
        except (JsonStreamError, ShapeError) as exc:
            raise CardDataError(f"{label}: {exc}; {NOT_CHANGED}") from None
        except UnicodeDecodeError:
            raise CardDataError(f"{label}: not UTF-8 text, so not a card file; {NOT_CHANGED}") from None
        except (OSError, EOFError, lzma.LZMAError, zlib.error) as exc:
            reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            raise CardDataError(f"{label}: cannot read ({reason}); {NOT_CHANGED}") from None
        if writer.card_count == 0:
            raise CardDataError(f"{label}: no cards found; {NOT_CHANGED}")
        if "mtgjson_date" in meta:
            meta["source_date"] = meta["mtgjson_date"]
        elif "source_date" not in meta and "modified_date" in meta:
            # No date in the file or its name: the day it was last written, but never later
            # than its newest printing came out, so a copy of a 2019 file made today does not
            # pass its 2019 legalities for today's (rules/not_in_pool.py legalities_snapshot).
            meta["source_date"] = min(meta["modified_date"], newest) if newest else meta["modified_date"]
        meta.pop("modified_date", None)
        meta.setdefault("imported_at", dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat())
        summary = ImportSummary(path=db_path, source=meta["source"], cards=writer.card_count, objects=objects)
        meta["objects"] = str(objects)
        writer.commit(meta)
    return summary


# Scryfall names each bulk file by when it was made (oracle-cards-20240315090500.json): a
# truer day for its legalities than the file's mtime, which a copy or an unpacking resets.
_STAMP = lazy(r"-(\d{4})(\d{2})(\d{2})\d{6}\.json(?:\.(?:gz|bz2|xz))?$")


def _stamped_day(name: str) -> str | None:
    """The YYYY-MM-DD of a Scryfall bulk file's name, or None."""
    return day_of(_STAMP.search(name))


def import_bulk_file(path: Path, db_path: Path) -> ImportSummary:
    """Build the database at `db_path` from a Scryfall bulk file or MTGJSON AtomicCards.json."""
    try:
        raw = open(path, "rb")
        size = path.stat().st_size
    except OSError as exc:
        raise CardDataError(f"cannot read {path} ({exc.strerror or exc})") from None
    with raw:
        modified = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.timezone.utc).date().isoformat()
        stamped = _stamped_day(path.name)
        meta = {"source_file": path.name, **({"source_date": stamped} if stamped else {"modified_date": modified})}
        return build_from_stream(raw, db_path=db_path, label=path.name, total_bytes=size, meta=meta)
