"""`deckcheck cards sync`: fetch Scryfall's current bulk file and rebuild the database.

1. GET `{api}/bulk-data` (cached for 24 h; an expired copy is used if Scryfall is down)
   and pick the entry of the wanted type (`oracle_cards`: one object per card).
2. If the database was built from that same file (`updated_at`), stop: nothing changed.
3. Stream `download_uri` into a fresh temporary file (`mkstemp`) in the cache directory,
   check its length, and import it (atomically, like `cards import`). The bulk file goes
   around the HTTP cache (a plain session): it is 150 MB and more, and the database is its
   useful form.

The server is not trusted (docs/security.md): `download_uri` and every redirect must lead
to Scryfall over https or to the configured API base's origin (cards/http.py), and the
file may not grow past the size the index states (with a margin) nor past
MAX_BULK_BYTES, decoded: a gzip bomb or an endless body stops there. Any failure leaves
the existing database as it was and says so.
"""
from __future__ import annotations

import datetime as dt
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ...cards.http import (
    ResponseTooBig,
    Servers,
    api_base,
    check_status,
    describe_failure,
    download_session,
    make_session,
    refuse_unless_allowed,
    shown_url,
    sync_step,
    timeouts,
)
from ...cards.importer import SyncResult
from ...cards.paths import cache_dir
from ...errors import CardDataError, NetworkError
from ...limits import BULK_SIZE_MARGIN, MAX_BULK_BYTES
from ...progress import Progress
from .importer import build_from_stream

BULK_TYPES = ("oracle_cards", "default_cards", "unique_artwork", "all_cards")
_CHUNK = 1 << 16


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


# A download left in the cache's bulk folder this long after it was last written was a
# sync's that was killed before it removed it (a `finally` runs on errors, Ctrl-C and
# SIGTERM, never on SIGKILL: the OOM killer's): a sync writes its file and imports it within
# minutes, so a file a day old is no running sync's.
ABANDONED_DOWNLOAD_SECONDS = 24 * 60 * 60


def _download_folder() -> Path:
    """The cache directory, or the system temp directory when that cannot be written; in
    the cache directory, downloads a killed sync left are removed first (each is 150 MB
    and more, `all_cards` 2.3 GB, and nothing else would ever remove them)."""
    try:
        folder = cache_dir() / "bulk"  # no user folder (NoUserFolder, an OSError): the temp folder
        folder.mkdir(parents=True, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-", delete=True)
        probe.close()
    except OSError:
        return Path(tempfile.gettempdir())
    _remove_abandoned_downloads(folder)
    return folder


def _remove_abandoned_downloads(folder: Path) -> None:
    """Remove the downloads (`{bulk type}-XXXXXXXX.json`, as `sync` names them) in the cache's
    bulk `folder` last written ABANDONED_DOWNLOAD_SECONDS ago or more; others stay."""
    from ...atomic import remove_stale

    kinds = tuple(f"{kind}-" for kind in BULK_TYPES)
    remove_stale(folder, lambda name: name.endswith(".json") and name.startswith(kinds), ABANDONED_DOWNLOAD_SECONDS)


def bulk_limit(stated_size: int | None) -> int:
    """The most bytes (decoded) a bulk file may have: the size the index states, with a
    margin for a file that grew since, and never over MAX_BULK_BYTES."""
    if stated_size is None or stated_size <= 0:
        return MAX_BULK_BYTES
    return min(MAX_BULK_BYTES, int(stated_size * BULK_SIZE_MARGIN) + (16 << 20))


def download(session: Any, url: str, target: Path, *, expected_size: int | None = None) -> int:
    """Stream `url` into the file `target` (made by the caller), within `bulk_limit`;
    returns the bytes written. `session`: `download_session()` (the cache is bypassed)."""
    import requests
    import urllib3

    limit = bulk_limit(expected_size)
    written = 0
    try:
        response = session.get(url, stream=True, timeout=timeouts())
        with response:
            check_status(response)
            length = response.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() and "Content-Encoding" not in response.headers else None
            if total is not None and total > limit:
                raise ResponseTooBig(_too_big(url, limit))
            with open(target, "wb") as out, Progress("downloading", total or expected_size) as progress:
                for chunk in response.iter_content(_CHUNK):
                    written += len(chunk)
                    if written > limit:
                        raise ResponseTooBig(_too_big(url, limit))
                    out.write(chunk)
                    progress.update(written)
            if total is not None and written != total:
                raise NetworkError(f"{urlsplit(url).netloc} stopped sending after {written:,} of {total:,} bytes")
    except (requests.exceptions.RequestException, urllib3.exceptions.HTTPError) as exc:
        raise NetworkError(describe_failure(url, exc)) from None
    except OSError as exc:
        raise CardDataError(f"cannot save the download to {target} ({exc.strerror or exc})") from None
    return written


def _too_big(url: str, limit: int) -> str:
    return (f"{urlsplit(url).netloc} sent more than {limit:,} bytes for the bulk file (more than the index "
            "says it holds); refusing it")


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
    servers = Servers.of(base_url)
    session = session or make_session(warn=warn, servers=servers)
    index_url = f"{(base_url or api_base()).rstrip('/')}/bulk-data"
    # The index is cached for a day like every answer; --force asks Scryfall again.
    index = sync_step(session, index_url, "the bulk-data index", force=force, warn=warn)
    entry = _bulk_entry(index, bulk_type, index_url)
    updated_at = str(entry.get("updated_at") or "")
    if not force and updated_at and _current_build(db_path) == updated_at:
        return SyncResult(updated=False, updated_at=updated_at, source=f"Scryfall {bulk_type}")
    size = entry.get("size") if isinstance(entry.get("size"), int) else None
    refuse_unless_allowed(entry["download_uri"], servers)
    # A fresh file of our own (mkstemp), never a predictable name another user could
    # have put a link at.
    handle, name = tempfile.mkstemp(prefix=f"{bulk_type}-", suffix=".json", dir=_download_folder())
    os.close(handle)
    target = Path(name)
    try:
        source = shown_url(entry["download_uri"])
        try:
            download(download_session(servers=servers), entry["download_uri"], target, expected_size=size)
        except NetworkError as exc:  # the step first, as for the index
            raise type(exc)(f"the download of {source}: {exc}") from None
        meta = {
            "source": f"Scryfall {bulk_type}",
            "source_file": entry["download_uri"].rsplit("/", 1)[-1],
            "source_uri": entry["download_uri"],
            "source_updated_at": updated_at,
            "source_date": updated_at[:10] or dt.date.today().isoformat(),
        }
        with open(target, "rb") as raw:
            try:
                summary = build_from_stream(raw, db_path=db_path, label=f"Scryfall {bulk_type}", total_bytes=target.stat().st_size, meta=meta)
            except CardDataError as exc:  # what came down is no card file: say where from
                raise CardDataError(f"the download of {source}: {exc}") from None
    finally:
        target.unlink(missing_ok=True)
    return SyncResult(updated=True, updated_at=updated_at, summary=summary, source=f"Scryfall {bulk_type}")
