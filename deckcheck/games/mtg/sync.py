"""`deckcheck cards sync`: fetch Scryfall's current bulk file and rebuild the database.

1. GET `{api}/bulk-data` (cached for 24 h; an expired copy is used if Scryfall is down)
   and pick the entry of the wanted type (`oracle_cards`: one object per card).
2. If the database was built from that same file (`updated_at`), stop: nothing changed.
3. Stream `download_uri` into a `.part` file in the cache directory, check its length,
   rename it, and import it (atomically, like `cards import`). The bulk file itself is not
   kept in the HTTP cache: it is 150 MB and more, and the database is its useful form.

Any failure leaves the existing database as it was and says so.
"""
from __future__ import annotations

import datetime as dt
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...cards.http import api_base, check_status, describe_failure, make_session, request_json, stale_note, timeouts
from ...cards.importer import ImportSummary
from ...cards.paths import cache_dir
from ...errors import CardDataError, NetworkError
from ...progress import Progress
from .importer import build_from_stream

BULK_TYPES = ("oracle_cards", "default_cards", "unique_artwork", "all_cards")
_CHUNK = 1 << 16


@dataclass(frozen=True)
class SyncResult:
    updated: bool
    updated_at: str
    summary: ImportSummary | None = None


def _bulk_entry(index: Any, bulk_type: str, url: str) -> dict[str, Any]:
    entries = index.get("data") if isinstance(index, dict) else None
    if not isinstance(entries, list):
        raise CardDataError(f"{url} is not a Scryfall bulk-data index (no `data` list)")
    for entry in entries:
        if isinstance(entry, dict) and entry.get("type") == bulk_type:
            if not isinstance(entry.get("download_uri"), str):
                raise CardDataError(f"the {bulk_type} entry of {url} has no download_uri")
            return entry
    found = ", ".join(str(e.get("type")) for e in entries if isinstance(e, dict)) or "nothing"
    raise CardDataError(f"{url} lists no {bulk_type} file (it lists {found})")


def _current_build(db_path: Path) -> str | None:
    """`updated_at` of the bulk file the database was built from, if it is usable."""
    from .store import CardDb

    try:
        db = CardDb(db_path)
    except CardDataError:
        return None
    try:
        return db.meta.get("source_updated_at")
    finally:
        db.close()


def _download_folder() -> Path:
    """The cache directory, or the system temp directory when that cannot be written."""
    folder = cache_dir() / "bulk"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-", delete=True)
        probe.close()
        return folder
    except OSError:
        return Path(tempfile.gettempdir())


def download(session: Any, url: str, target: Path, *, expected_size: int | None = None) -> int:
    """Stream `url` to `target` (via `target.part` and a rename); returns bytes written."""
    import requests
    import urllib3
    from requests_cache import DO_NOT_CACHE

    part = target.with_name(target.name + ".part")
    written = 0
    try:
        response = session.get(url, stream=True, timeout=timeouts(), expire_after=DO_NOT_CACHE)
        with response:
            check_status(response)
            length = response.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() and "Content-Encoding" not in response.headers else None
            with open(part, "wb") as out, Progress("downloading", total or expected_size) as progress:
                for chunk in response.iter_content(_CHUNK):
                    out.write(chunk)
                    written += len(chunk)
                    progress.update(written)
            if total is not None and written != total:
                raise NetworkError(f"the download of {url} stopped after {written:,} of {total:,} bytes")
        os.replace(part, target)
    except (requests.exceptions.RequestException, urllib3.exceptions.HTTPError) as exc:
        part.unlink(missing_ok=True)
        raise NetworkError(describe_failure(url, exc) + " during the download") from None
    except OSError as exc:
        part.unlink(missing_ok=True)
        raise CardDataError(f"cannot save the download to {part} ({exc.strerror or exc})") from None
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    return written


def sync(
    db_path: Path,
    *,
    bulk_type: str = "oracle_cards",
    force: bool = False,
    base_url: str | None = None,
    session: Any = None,
    warn: Callable[[str], None] | None = None,
) -> SyncResult:
    warn = warn or (lambda message: None)
    session = session or make_session(warn=warn)
    index_url = f"{(base_url or api_base()).rstrip('/')}/bulk-data"
    # The index is cached for a day like every answer; --force asks Scryfall again.
    index, response = request_json(session, "GET", index_url, force_refresh=force)
    note = stale_note(response)
    if note:
        warn(note)
    entry = _bulk_entry(index, bulk_type, index_url)
    updated_at = str(entry.get("updated_at") or "")
    if not force and updated_at and _current_build(db_path) == updated_at:
        return SyncResult(updated=False, updated_at=updated_at)
    size = entry.get("size") if isinstance(entry.get("size"), int) else None
    target = _download_folder() / f"{bulk_type}-{os.getpid()}.json"
    try:
        download(session, entry["download_uri"], target, expected_size=size)
        meta = {
            "source": f"Scryfall {bulk_type}",
            "source_file": entry["download_uri"].rsplit("/", 1)[-1],
            "source_uri": entry["download_uri"],
            "source_updated_at": updated_at,
            "source_date": updated_at[:10] or dt.date.today().isoformat(),
        }
        with open(target, "rb") as raw:
            summary = build_from_stream(raw, db_path=db_path, label=f"Scryfall {bulk_type}", total_bytes=target.stat().st_size, meta=meta)
    finally:
        target.unlink(missing_ok=True)
    return SyncResult(updated=True, updated_at=updated_at, summary=summary)
