"""What a format file was when it was read: its path, modification time and size.

Both caches of loaded formats (the in-memory one in formats/__init__.py, the one on disk
in disk_cache.py) keep these for every file of an `extends:` chain and use what they hold
only while every file still has them. The stamps are those the files had before they were
read (yamlload.YamlDocument.stamp, or the disk cache's entry as it found them unchanged): a
stamp taken after the parse gave a file saved during it the new stamp and the old data. The disk cache, which runs share, also keeps a CRC-32
of each file's bytes (an edit does not always move the time: disk_cache.py); the in-memory
one does not, since a process that validates many decks would read every file of the chain
again for each load (docs/format-files.md).
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

Stamp = tuple[str, int, int]


def file_stamps(files: Iterable[Path | str]) -> tuple[Stamp, ...] | None:
    """(path, mtime in ns, size) of each file; None when one cannot be read."""
    try:
        return tuple((str(file), stat.st_mtime_ns, stat.st_size) for file in files for stat in (os.stat(file),))
    except (OSError, ValueError):
        return None
