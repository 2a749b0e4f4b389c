"""`deckcheck cards sync --game yugioh`: fetch the YGOPRODeck card list and rebuild the
Yu-Gi-Oh! cards of the database.

1. GET `{base}/api/v7/checkDBVer.php`: the version of YGOPRODeck's card database and the
   time it changed. If the database was built from that version, stop: nothing changed.
2. GET `{base}/api/v7/cardinfo.php?misc=yes` (every card; `misc` adds the Konami id and
   the regions, TCG or OCG, a card is legal in) and import it with the YGOPRODeck reader
   (importer.py), atomically, like `cards import`: the other games' cards are kept.

Both answers go through the cached session of cards/http.py (YGOPRODeck asks clients to
cache and allows 20 requests a second; a sync makes two): they are kept for a day, an
expired copy is used when YGOPRODeck cannot be reached, and `--force` asks again. The
server is not trusted (docs/security.md): only the configured base's origin
(DECKCHECK_YGOPRODECK_URL, default https://db.ygoprodeck.com) is fetched, redirects
included, and the card list is refused past MAX_WHOLE_CARD_FILE_BYTES decoded, the bound
of a card file `cards import` reads whole. Any failure leaves the database as it was.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ...cards.http import Servers, make_session, shown_url, sync_step
from ...cards.importer import FetchedFile, SyncResult
from ...cards.tables import game_meta
from ...errors import CardDataError
from ...limits import MAX_WHOLE_CARD_FILE_BYTES
from . import GAME
from .importer import ygoprodeck_import

API_ENV = "DECKCHECK_YGOPRODECK_URL"
DEFAULT_API = "https://db.ygoprodeck.com"
SERVER = "YGOPRODeck"
SOURCE = f"the origin of {API_ENV}"  # where else a refusal says deckcheck fetches from


def api_base() -> str:
    return os.environ.get(API_ENV, DEFAULT_API).rstrip("/")


def _version(answer: Any, url: str) -> tuple[str, str]:
    """(database_version, last_update) of a checkDBVer.php answer: a list of one object."""
    entry = answer[0] if isinstance(answer, list) and answer else answer
    version = entry.get("database_version") if isinstance(entry, dict) else None
    if not isinstance(version, (str, int, float)) or isinstance(version, bool) or not str(version).strip():
        raise CardDataError(f"{shown_url(url)} answered without a database_version (is {API_ENV} YGOPRODeck's API?)")
    updated = entry.get("last_update")
    return str(version).strip(), updated.strip() if isinstance(updated, str) else ""


def _current_version(db_path: Path) -> str | None:
    """The YGOPRODeck database version the Yu-Gi-Oh! cards were synced from, if they are
    of this deckcheck's table version (older tables are rebuilt whatever the version)."""
    meta = game_meta(db_path, GAME.id) if db_path.is_file() else None
    if not meta or meta.get("schema_version") != str(GAME.schema_version):
        return None
    return meta.get("source_version")


def sync(
    db_path: Path,
    *,
    force: bool = False,
    base_url: str | None = None,
    warn: Callable[[str], None] | None = None,
) -> SyncResult:
    """Bring the Yu-Gi-Oh! cards of the database at `db_path` to YGOPRODeck's current
    card list; `force`: ask again and rebuild even when the version is the same."""
    warn = warn or (lambda message: None)
    base = (base_url or api_base()).rstrip("/")
    session = make_session(warn=warn, servers=Servers.of(base, SOURCE), read_limit=MAX_WHOLE_CARD_FILE_BYTES)
    version_url = f"{base}/api/v7/checkDBVer.php"
    answer = sync_step(session, version_url, "the YGOPRODeck database version", force=force, warn=warn, server=SERVER)
    version, updated_at = _version(answer, version_url)
    source = f"YGOPRODeck database version {version}"
    if not force and _current_version(db_path) == version:
        return SyncResult(updated=False, updated_at=updated_at, source=source)
    list_url = f"{base}/api/v7/cardinfo.php?misc=yes"
    response = sync_step(session, list_url, "the YGOPRODeck card list", force=force, warn=warn, server=SERVER, decode=False)
    meta = {
        "source": source,
        "source_file": urlsplit(list_url).path.rsplit("/", 1)[-1],
        "source_uri": list_url,
        "source_version": version,
        "source_updated_at": updated_at,
        "source_date": updated_at[:10],
    }
    fetched = FetchedFile(f"the YGOPRODeck card list ({shown_url(list_url)})", response.content)
    summary = ygoprodeck_import(fetched, meta)(db_path)
    return SyncResult(updated=True, updated_at=updated_at, summary=summary, source=source)
