"""Atomic file writes: build beside the target, flush to disk, then rename over it.

A file (a card database, a batch's `--report`) is written into a temporary file in the
target's directory and renamed over the old file only when complete (a rename within one
directory is atomic on every file system). A crash or an error half-way leaves the
previous file untouched, and a reader never sees half a file.

The target is never resolved: a target that is a symbolic link is refused (`LinkRefused`),
so a report or a sheet is never written through a link to somewhere else, and the rename
replaces a directory entry, never what a link points to. (Callers that write where a
stranger may have put a link in a folder on the way refuse that too: cli/common.writable.)

`temp_beside`, `replace` and the `write_*` functions raise OSError; each caller says what
failed in its own words (`AtomicDbWriter` for card databases here, `--report` in
cli/batch.py, `--out` and `--sheets` in cli/common.py).
"""
from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path

from .errors import CardDataError


# How the name of a temporary file `temp_beside` makes ends (`.TARGET.XXXXXXXX.tmp`).
TEMP_SUFFIX = ".tmp"


def is_temp(name: str) -> bool:
    """Whether the file name `name` is one `temp_beside` gives: a write in progress, or one
    that a process killed while writing left behind (a folder's owner cleans those up:
    formats/disk_cache.py, and the card database's writer through remove_abandoned_temps)."""
    return name.startswith(".") and name.endswith(TEMP_SUFFIX)


def remove_abandoned_temps(path: Path, age_seconds: float) -> None:
    """Remove the temporary files `temp_beside` made for `path` (`.NAME.XXXXXXXX.tmp` in its
    folder) last written `age_seconds` ago or more: a process killed while writing (SIGKILL
    runs no clean-up) left them; a younger one may be another process's write in flight."""
    prefix = f".{path.name}."
    remove_stale(path.parent, lambda name: name.startswith(prefix) and is_temp(name), age_seconds)


def remove_stale(folder: Path, matches: Callable[[str], bool], age_seconds: float) -> None:
    """Remove the files of `folder` whose names `matches` last written `age_seconds` ago or
    more (never a link, a folder, or a younger file: another process's write in flight)."""
    import time

    abandoned_before = time.time() - age_seconds
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if not matches(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < abandoned_before:
                os.unlink(entry.path)
        except OSError:  # gone already (its writer renamed it, another process removed it), or not ours
            pass


def temp_beside(path: Path, *, private: bool = False) -> Path:
    """An empty temporary file in `path`'s directory (made if missing), with the
    permissions an ordinary new file gets, or readable by the user only when `private`
    (mkstemp's own 0600, whatever the umask)."""
    import tempfile  # here: importing it (shutil, random) is felt by every command that reads cards

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
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


class LinkRefused(OSError):
    """The target of a write is a symbolic link: deckcheck never writes through one."""


def refuse_link(path: Path) -> None:
    if os.path.islink(path):
        raise LinkRefused(errno.ELOOP, "it is a symbolic link, and deckcheck never writes through links; remove the link or name another file", str(path))


def write_chunks(path: Path, chunks: Iterable[bytes], *, private: bool = False) -> None:
    """Write `chunks` one after another to `path` atomically (a report written as it is
    rendered never sits whole in memory); `private`: mode 0600 (`temp_beside`)."""
    target = Path(path)
    refuse_link(target)
    tmp = temp_beside(target, private=private)
    try:
        with open(tmp, "wb") as stream:
            for chunk in chunks:
                stream.write(chunk)
        refuse_link(target)  # a link made while the file was written is refused all the same
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    replace(tmp, target)


def write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically."""
    write_chunks(path, (data,))


def write_text(path: Path, text: str) -> None:
    """Write `text` (UTF-8, unencodable characters replaced, newlines as given) to `path`
    atomically."""
    write_chunks(path, (text.encode("utf-8", errors="replace"),))


# A database being built beside its file (AtomicDbWriter) is written all along: one whose
# temporary file no one has written for a day was left by a process killed while building it.
ABANDONED_DATABASE_SECONDS = 24 * 60 * 60


class AtomicDbWriter:
    """A SQLite database being built beside `path`: `finish()` swaps it in, `abort()`
    drops it. As a context manager, leaving the block without finishing aborts."""

    def __init__(self, path: Path):
        self.path = Path(path)
        # A database being built that a killed import or sync left (as large as the
        # database: GBs of `all_cards`) is no one's once nothing has written it for a day.
        remove_abandoned_temps(self.path, ABANDONED_DATABASE_SECONDS)
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

    def finish(self, *, compact: bool = True) -> None:
        """Commit, compact (unless the writer says its file has nothing to compact: no
        table dropped, no rows deleted), and rename the new file over the old one."""
        self._db.commit()
        if compact:
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
