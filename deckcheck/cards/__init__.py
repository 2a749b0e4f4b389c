"""The card database: one SQLite file holding every game's cards, and the catalogs read from it.

    >>> from deckcheck.cards import catalog_for
    >>> catalog, note = catalog_for("mtg")       # the database of DECKCHECK_CARDS_DB or the default place
    >>> catalog.get("lightning bolt").name if catalog else note

Game-independent plumbing only: `catalog` (the `Catalog` protocol every game's catalog
implements), `paths` (where the file lives), `importer` (`cards import`: which game a
file belongs to), `tables` (a game's own tables in the file, written atomically), `resolve`
(names in a deck made the catalog's, `unknown-card`), `suggest` ("did you mean"), `http`
(cached, rate-limited HTTP session), `jsonstream` (streamed JSON). What one game knows
lives in games/<game>/.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .paths import DB_ENV, db_path

if TYPE_CHECKING:
    from .catalog import Catalog

OFFLINE_ENV = "DECKCHECK_OFFLINE"
# The note when there is no database file at all (Magic's `no_data_note`: its checks are
# the ones that need the file).
NO_DATABASE_NOTE = (
    "no card database, so card names and card pools were not checked (unknown-card, not-in-pool); "
    "build one with `deckcheck cards sync`, or `deckcheck cards import FILE` without internet"
)
# Open catalogs by (game, file, its mtime and size, offline, warn): a batch asks once per
# deck, and a catalog remembers its answers. One per game is kept: an older file's is stale.
_OPEN: dict[tuple[Any, ...], Catalog] = {}

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
    (the game's `no_data_note` or `unusable_note`) tells the user how to get it. A game
    deckcheck does not register checks without card data, quietly. Catalogs are reused
    while the file is unchanged.
    """
    from ..errors import CardDataError
    from ..games import find

    described = find(game)
    if described is None:
        return None, None
    if offline is None:
        offline = offline_by_default()
    target = db_path(path)
    try:
        stat = os.stat(target)
    except OSError:
        return None, described.no_data_note
    # A stat, no path resolving, tells whether the file changed.
    key = (described.id, os.fspath(target), stat.st_mtime_ns, stat.st_size, offline, warn)
    catalog = _OPEN.get(key)
    if catalog is None:
        try:
            catalog = described.load_catalog(target, offline=offline, warn=warn)
        except CardDataError as exc:
            return None, described.unusable_note(str(exc))
        for old in [old for old in _OPEN if old[0] == described.id]:
            del _OPEN[old]
        _OPEN[key] = catalog
    return catalog, None
