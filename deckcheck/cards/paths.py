"""Where the card database and the HTTP cache live.

The database goes to the user data directory (it is built on purpose and worth keeping),
the HTTP cache to the user cache directory (anything there may be deleted). Both follow
platformdirs, so XDG_DATA_HOME / XDG_CACHE_HOME apply on Linux. (The parsed-format cache
lives in the cache directory too: formats/disk_cache.py.)
"""
from __future__ import annotations

import os
import sys
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
    return Path(user_dir("data")) / DB_FILE


# Each user folder deckcheck uses on Linux: the XDG base directory variable, and the
# folder under HOME when it is not set (the XDG Base Directory Specification).
_XDG = {"data": ("XDG_DATA_HOME", ".local/share"), "cache": ("XDG_CACHE_HOME", ".cache")}


def user_dir(kind: str) -> str:
    """platformdirs' `user_<kind>_dir` of deckcheck ("data" or "cache"). On Linux, where
    that is the XDG spec's answer, it is worked out here when the environment makes it
    plain (an absolute XDG variable, else an absolute HOME): importing platformdirs costs
    more than a whole `deckcheck validate` of a deck. Anywhere else platformdirs answers
    (tests/test_user_dirs.py holds the two to the same answers)."""
    if sys.platform.startswith("linux"):
        variable, under_home = _XDG[kind]
        base = os.environ.get(variable, "")
        if os.path.isabs(base):
            return os.path.join(base, APP)
        home = os.environ.get("HOME", "")
        if os.path.isabs(home):
            return os.path.join(f"{home.rstrip('/')}/{under_home}", APP)
    import platformdirs

    ask = platformdirs.user_data_dir if kind == "data" else platformdirs.user_cache_dir
    try:
        return ask(APP, appauthor=False)
    except RuntimeError as exc:
        # No HOME and no password entry for the user (a container run as a bare uid, an
        # emptied environment): platformdirs raises RuntimeError. NoUserFolder is an
        # OSError, as a folder that cannot be made is, so each cache passes itself over,
        # and a DeckcheckError, one line, where a command needs the folder (`cards sync`).
        from ..errors import NoUserFolder

        raise NoUserFolder(f"no user {kind} folder: {exc}") from None


def db_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The database to use: an explicit path, else $DECKCHECK_CARDS_DB, else the default."""
    if explicit:
        return Path(explicit).expanduser()
    from_env = os.environ.get(DB_ENV)
    if from_env:
        return Path(from_env).expanduser()
    return default_db_path()


def refuse_folder(path: str | os.PathLike[str], *, named: bool) -> None:
    """Raise when the card database's path is a folder, naming where the path came from:
    the setting (`named`: `--cards-db`, the library's `cards`, an OptionError) or
    DECKCHECK_CARDS_DB. A folder was "no card database at FOLDER; run `deckcheck cards
    sync`", and that sync "cannot replace FOLDER ...; the old database is unchanged". So is
    `-`, a standard stream everywhere else: `cards import --cards-db -` wrote a file of that name."""
    dash = os.fspath(path) == "-"
    if not dash and not os.path.isdir(path):
        return
    from ..errors import CardDataError, OptionError
    from ..limits import one_line

    shown = one_line(os.fspath(path))
    message = (f"{shown}: a folder, not a card database; name a file in it ({os.path.join(shown, DB_FILE)})" if not dash
               else "-: a card database is a file, and '-' names none here (it is not a standard stream); name the database file")
    if named:
        raise OptionError("cards", message)
    where = DB_ENV if os.environ.get(DB_ENV) else "the default card database"
    raise CardDataError(f"{where} {message}")


def cache_dir() -> Path:
    return Path(user_dir("cache"))
