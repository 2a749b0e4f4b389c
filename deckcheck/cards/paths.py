"""Where the card database and the HTTP cache live.

The database goes to the user data directory (it is built on purpose and worth keeping),
the HTTP cache to the user cache directory (anything there may be deleted). Both follow
platformdirs, so XDG_DATA_HOME / XDG_CACHE_HOME apply on Linux.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

APP = "deckcheck"
DB_ENV = "DECKCHECK_CARDS_DB"
DB_FILE = "cards.sqlite"


def default_db_path() -> Path:
    # Asked once per deck in a batch; the answer only changes with these variables.
    return _default_db_path(os.environ.get("XDG_DATA_HOME"), os.environ.get("HOME"))


@lru_cache(maxsize=8)
def _default_db_path(_xdg: str | None, _home: str | None) -> Path:
    import platformdirs  # deferred: only card commands need it

    return Path(platformdirs.user_data_dir(APP, appauthor=False)) / DB_FILE


def db_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The database to use: an explicit path, else $DECKCHECK_CARDS_DB, else the default."""
    if explicit:
        return Path(explicit).expanduser()
    from_env = os.environ.get(DB_ENV)
    if from_env:
        return Path(from_env).expanduser()
    return default_db_path()


def cache_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP, appauthor=False))
