"""Atomic file writes: build beside the target, flush to disk, then rename over it.

A file (a card database, a batch's `--report`) is written into a temporary file in the
target's directory and renamed over the old file only when complete (a rename within one
directory is atomic on every file system). A crash or an error half-way leaves the
previous file untouched, and a reader never sees half a file.

The target is never resolved: the temporary file is made beside the path as given, and
the rename replaces a link itself, never the file it points to (callers that write where
a stranger may have put a link refuse links first, tree.link_on_the_way).

`temp_beside`, `replace` and `write_text` raise OSError; each caller says what failed in
its own words (`AtomicDbWriter` for card databases here, `--report` in cli/batch.py).
"""
from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

from .errors import CardDataError


def temp_beside(path: Path, *, private: bool = False) -> Path:
    """An empty temporary file in `path`'s directory (made if missing), with the
    permissions an ordinary new file gets, or readable by the user only when `private`
    (mkstemp's own 0600, whatever the umask)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(handle)
    if not private:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
    return Path(tmp)


def replace(tmp: Path, path: Path) -> None:
    """Flush the finished temporary file to disk and rename it over `path`; the temporary
    file is removed when that fails."""
    try:
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


def write_text(path: Path, text: str, *, private: bool = False) -> None:
    """Write `text` (UTF-8, unencodable characters replaced, newlines as given) to `path`
    atomically; `private`: readable and writable by the user only (mode 0600)."""
    target = Path(os.path.abspath(path))
    tmp = temp_beside(target, private=private)
    try:
        with open(tmp, "w", encoding="utf-8", errors="replace", newline="") as stream:
            stream.write(text)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    replace(tmp, target)


class AtomicDbWriter:
    """A SQLite database being built beside `path`: `finish()` swaps it in, `abort()`
    drops it. As a context manager, leaving the block without finishing aborts."""

    def __init__(self, path: Path):
        self.path = Path(path)
        try:
            self._tmp = temp_beside(self.path)
        except OSError as exc:
            raise CardDataError(
                f"cannot write the card database in {self.path.parent} ({exc.strerror or exc}); "
                "choose another place with --cards-db PATH or DECKCHECK_CARDS_DB"
            ) from None
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
        try:
            replace(self._tmp, self.path)
        except OSError as exc:
            raise CardDataError(f"cannot replace {self.path} ({exc.strerror or exc}); the old database is unchanged") from None
        self._done = True

    def abort(self) -> None:
        self._done = True
        try:
            self._db.close()
        finally:
            self._tmp.unlink(missing_ok=True)
