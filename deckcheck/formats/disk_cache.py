"""Merged format files kept between runs, so a command does not parse YAML it parsed before.

A format is read from YAML, checked against the schema and merged along `extends:`
(formats/__init__.py); that takes longer than checking a deck, and reading YAML needs
PyYAML. The merged, checked result is kept as JSON in the user cache directory
(`<cache>/formats/`, platformdirs: XDG_CACHE_HOME on Linux) and used again while

- deckcheck is the same: its version, and the size and time of the modules that read,
  check and merge format files (`code_files`: the loader, the schema, every rule's
  `KEYS`), so a changed schema is never skipped, even between releases;
- every file of the chain (the format and each file it extends) has the size,
  modification time and content (a CRC-32 of its bytes) it had when it was read: a time
  does not always move with an edit (a filesystem with a coarse clock, `cp -p`, `tar x`,
  a CI step that sets each file to its commit's time), and reading a few format files is
  cheap beside the YAML it spares;
- it is asked for the same way: the id or file as written, the tree `extends:` must stay
  in, and the format directories searched.

A cache is only a shortcut: one that is missing, unreadable, corrupt, from another
deckcheck or stale is ignored and replaced; one that cannot be written is not written.
It is never an error. Formats found through DECKCHECK_FORMATS_PATH are not kept: a file
added to an earlier directory there could hide one a cached format extends. At most
MAX_FORMAT_CACHE_ENTRIES entries, of MAX_FORMAT_CACHE_BYTES in all, are kept; the least recently
written go first. An entry is written to a temporary file beside it, then renamed (atomic.py):
those count towards the bound too, and one that a process killed while writing left behind
is removed once it is ABANDONED_AFTER_SECONDS old (a younger one may be another deckcheck's,
still being written).
"""
from __future__ import annotations

import json
import os
import time
import zlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..limits import MAX_FORMAT_CACHE_BYTES, MAX_FORMAT_CACHE_ENTRIES
from .stamps import Stamp, file_stamps

# What decides the merged data besides the format files themselves: the loader, the
# schema, each rule's `KEYS` (formats/schema.py composes them) and how names fold (names.py).
_PACKAGE = Path(__file__).resolve().parent.parent
_CODE_FILES = (_PACKAGE / "__init__.py", _PACKAGE / "schema.py", _PACKAGE / "yamlload.py", _PACKAGE / "names.py")
_CODE_FOLDERS = (_PACKAGE / "formats", _PACKAGE / "rules")


def code_files() -> list[Path]:
    """The modules whose size and time an entry records (see the module doc)."""
    found = list(_CODE_FILES)
    for folder in _CODE_FOLDERS:
        found += sorted(Path(entry.path) for entry in os.scandir(folder) if entry.name.endswith(".py"))
    return found


Merged = tuple[str, Path, dict[str, Any], tuple[str, ...], tuple[Path, ...]]

# An entry's temporary file older than this was left by a write that never finished (a
# process killed between making it and renaming it): writing one takes moments, so any
# younger may be another deckcheck's write in flight, which removing would spoil.
ABANDONED_AFTER_SECONDS = 600


def enabled() -> bool:
    """False when DECKCHECK_FORMATS_PATH names format directories (see the module doc)."""
    return not os.environ.get("DECKCHECK_FORMATS_PATH")


def cache_folder() -> Path:
    from ..cards.paths import cache_dir

    return cache_dir() / "formats"


def _stamps(files: Iterable[Path | str]) -> list[list[Any]] | None:
    """`file_stamps` as JSON keeps them (lists)."""
    found = file_stamps(files)
    return None if found is None else [list(stamp) for stamp in found]


def _with_crcs(found: list[list[Any]] | None, crcs: Mapping[Path, int | None] | None = None) -> list[list[Any]] | None:
    """The format files' `_stamps`, `found`, each with a CRC-32 of its bytes (the module
    doc): from `crcs` (by real path) for a file parsed just before, else read now, and only
    from a regular file of at most the size a format file may have (an entry edited to list
    a named pipe would block every run that asks it); None when `found` is, or one cannot be
    read."""
    from ..errors import InputError
    from ..textio import MAX_INPUT_BYTES, read_head

    if found is None:
        return None
    try:
        for stamp in found:
            crc = crcs.get(Path(stamp[0]).resolve()) if crcs else None
            if crc is None:
                data = read_head(stamp[0], MAX_INPUT_BYTES + 1)
                if len(data) > MAX_INPUT_BYTES:
                    return None
                crc = zlib.crc32(data)
            stamp.append(crc)
    except (OSError, ValueError, InputError):
        return None
    return found


def _version() -> str:
    from .. import __version__

    return __version__


def _entry_file(key: list[str]) -> Path:
    # crc32 names the file (no hashlib: it costs an OpenSSL load); the entry holds its
    # whole key, so two keys that share a name only take turns.
    return cache_folder() / f"{zlib.crc32(json.dumps(key).encode()):08x}.json"


def get(key: list[str], checked: list[Stamp] | None = None) -> Merged | None:
    """The merged format kept for `key`, when it is still what reading the files gives.
    `checked` gets the stamps (path, time, size) the files had when they were found so,
    for the in-process cache (formats/__init__.py): stamped again after, a file edited in
    between would keep the entry's old data under its new stamp."""
    try:
        entry = json.loads(_entry_file(key).read_bytes())
        if (
            entry["key"] != key
            or entry["deckcheck"] != _version()
            or entry["code"] != _stamps(code_files())
            or not _same_files(entry["files"])
        ):
            return None
        resolved_id, path, data, chain = entry["id"], Path(entry["path"]), entry["data"], tuple(entry["chain"])
        if not (isinstance(resolved_id, str) and isinstance(data, dict) and all(isinstance(i, str) for i in chain)):
            return None
        if checked is not None:
            checked[:] = [(str(file), mtime, size) for file, mtime, size, *_ in entry["files"]]
        return resolved_id, path, data, chain, tuple(Path(path) for path, *_ in entry["files"])
    except Exception:  # a cache is a shortcut: whatever is wrong with it, read the files
        return None


def _same_files(kept: list[list[Any]]) -> bool:
    """Whether the files an entry lists are as it recorded them: their sizes and times
    first (a stat each), then their CRCs, read only when those match."""
    now = _stamps(path for path, *_ in kept)
    if now is None or [stamp[:3] for stamp in kept] != now:
        return False
    return kept == _with_crcs(now)


def put(key: list[str], merged: Merged, crcs: Mapping[Path, int | None] | None = None) -> None:
    """Keep `merged` for `key`, when its data survives JSON unchanged (plain YAML data
    does: yamlload keeps dates as text) and its files can still be read. `crcs`: the CRC of
    each file's bytes as they were parsed, by real path (`_with_crcs`)."""
    resolved_id, path, data, chain, files = merged
    stamps = _with_crcs(_stamps(files), crcs)
    code = _stamps(code_files())
    if stamps is None or code is None:
        return
    entry = {
        "key": key, "deckcheck": _version(), "code": code, "files": stamps,
        "id": resolved_id, "path": str(path), "data": data, "chain": list(chain),
    }
    try:
        text = json.dumps(entry, ensure_ascii=False)
        if json.loads(text)["data"] != data:  # tuples, non-text keys: not kept
            return
        from ..atomic import write_text

        write_text(_entry_file(key), text)
        _prune(cache_folder())
    except (OSError, TypeError, ValueError):
        return


def _prune(folder: Path) -> None:
    """Remove the entries least recently written past MAX_FORMAT_CACHE_ENTRIES or
    MAX_FORMAT_CACHE_BYTES (limits.py; a write is rare: only when a format is read from its files, so listing the folder
    then costs little), and the temporary files of writes that never finished
    (ABANDONED_AFTER_SECONDS); those still young count towards the bound, and stay."""
    from ..atomic import is_temp

    entries, in_flight = [], 0
    abandoned_before = time.time() - ABANDONED_AFTER_SECONDS
    for entry in os.scandir(folder):
        try:
            if entry.name.endswith(".json"):
                entries.append((entry.stat(), entry.path))
            elif is_temp(entry.name) and entry.is_file(follow_symlinks=False):
                stat = entry.stat(follow_symlinks=False)
                if stat.st_mtime >= abandoned_before:
                    in_flight += stat.st_size
                    continue
                os.unlink(entry.path)
        except OSError:  # gone already (another deckcheck pruning, or renamed by its writer)
            pass
    total = in_flight + sum(stat.st_size for stat, _ in entries)
    if len(entries) <= MAX_FORMAT_CACHE_ENTRIES and total <= MAX_FORMAT_CACHE_BYTES:
        return
    entries.sort(key=lambda entry: entry[0].st_mtime_ns)
    kept = len(entries)
    for stat, path in entries:
        if kept <= MAX_FORMAT_CACHE_ENTRIES and total <= MAX_FORMAT_CACHE_BYTES:
            break
        try:
            os.unlink(path)
        except OSError:  # gone already (another deckcheck pruning), or not ours to remove
            pass
        kept -= 1
        total -= stat.st_size
