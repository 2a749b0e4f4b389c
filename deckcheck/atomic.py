"""Atomic database files: build beside the target, then rename over it.

A card database is built into a temporary file in the target's directory and renamed
over the old file only when complete (a rename within one directory is atomic on every
file system). A crash or an error mid-import leaves the previous database untouched, and
a reader never sees half a file.
"""
from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

from .errors import CardDataError


def temp_beside(path: Path) -> Path:
    """An empty temporary file in `path`'s directory (so the final rename stays atomic)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise CardDataError(
            f"cannot write the card database in {path.parent} ({exc.strerror or exc}); "
            "choose another place with --cards-db PATH or DECKCHECK_CARDS_DB"
        ) from None
    os.close(handle)
    # mkstemp makes the file private; the database is ordinary user data.
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    return Path(tmp)


def swap_in(tmp: Path, path: Path) -> None:
    """Flush the finished temporary file to disk and rename it over `path`."""
    try:
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise CardDataError(f"cannot replace {path} ({exc.strerror or exc}); the old database is unchanged") from None


class AtomicDbWriter:
    """A SQLite database being built beside `path`: `finish()` swaps it in, `abort()`
    drops it. As a context manager, leaving the block without finishing aborts."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._tmp = temp_beside(self.path)
        self._db = sqlite3.connect(self._tmp)
        self._done = False

    def __enter__(self) -> AtomicDbWriter:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if not self._done:
            self.abort()

    def finish(self) -> None:
        """Commit, compact, and rename the new file over the old one."""
        self._db.commit()
        self._db.execute("VACUUM")
        self._db.close()
        swap_in(self._tmp, self.path)
        self._done = True

    def abort(self) -> None:
        self._done = True
        try:
            self._db.close()
        finally:
            self._tmp.unlink(missing_ok=True)
