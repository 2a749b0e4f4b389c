"""The card database: canonical names, "did you mean", printings and legalities.

    >>> from deckcheck.cards import catalog_for
    >>> catalog, note = catalog_for("mtg")       # the database of DECKCHECK_CARDS_DB or the default place
    >>> catalog.get("lightning bolt").name if catalog else note

Modules: `store` (SQLite schema, atomic builds), `importer` with `scryfall_import` and
`mtgjson_import` (streamed bulk files), `game_import` and `game_store` with `ygo*` and
`wow*` (Yu-Gi-Oh! and WoW TCG cards in tables of their own), `http` (cached,
rate-limited Scryfall session), `sync` (bulk download), `online` (`/cards/collection`), `catalog` (lookups and
suggestions), `pool` (card-pool decisions), `resolve` (canonical names in a deck).
"""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from .paths import DB_ENV, db_path

if TYPE_CHECKING:
    from ..games.mtg.catalog import Catalog

OFFLINE_ENV = "DECKCHECK_OFFLINE"
GAMES_WITH_TABLES = ("yugioh", "wow")  # store.GAME_TABLES, without importing sqlite here
NO_DATABASE_NOTE = (
    "no card database, so card names and card pools were not checked (unknown-card, not-in-pool); "
    "build one with `deckcheck cards sync`, or `deckcheck cards import FILE` without internet"
)
_OPEN: dict[tuple[str, int, int, bool], Catalog] = {}

__all__ = ["catalog_for", "db_path", "offline_by_default", "DB_ENV", "OFFLINE_ENV", "NO_DATABASE_NOTE"]


def offline_by_default() -> bool:
    return os.environ.get(OFFLINE_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def catalog_for(
    game: str,
    path: str | os.PathLike[str] | None = None,
    *,
    offline: bool | None = None,
    warn: Callable[[str], None] | None = None,
) -> tuple[Catalog | None, str | None]:
    """The card catalog to validate `game` with, or (None, a note saying why there is none).

    `path` overrides DECKCHECK_CARDS_DB and the default location. A missing or unusable
    database is not an error here: validation goes on without card data, and the note
    tells the user how to get it. Catalogs are reused while the file is unchanged.
    """
    from ..errors import CardDataError
    from ..games.mtg.catalog import open_catalog
    from ..games.mtg.store import GAME

    target = db_path(path)
    if game in GAMES_WITH_TABLES:  # Yu-Gi-Oh! and WoW TCG: their own tables in the same file
        from .game_store import open_game_catalog

        return open_game_catalog(game, target)
    if game != GAME:
        return None, None  # a game with no card data of its own checks without it
    if offline is None:
        offline = offline_by_default()
    try:
        stat = os.stat(target)
    except OSError:
        return None, NO_DATABASE_NOTE
    # Asked once per deck in a batch: a stat, no path resolving, tells whether it changed.
    key = (os.fspath(target), stat.st_mtime_ns, stat.st_size, offline)
    catalog = _OPEN.get(key)
    if catalog is None:
        try:
            catalog = open_catalog(target, offline=offline, warn=warn)
        except CardDataError as exc:
            return None, f"{exc}; card names and card pools were not checked"
        _OPEN.clear()  # keep one: an older file's catalog is stale
        _OPEN[key] = catalog
    elif warn is not None:
        catalog._warn = warn
    return catalog, None

