"""Reading a registration set sent as a `.zip`, without trusting the archive.

Entries are written only inside a fresh temporary folder that is removed afterwards. An
entry with an absolute path, a drive letter (in any part of its path) or a `..` part is
never written (it is listed as skipped, with the reason), nor is a second entry of a name
already written (zip files may hold two). The number of entries and the total uncompressed
size are bounded, as the archive declares them and again as the bytes come out, so a
decompression bomb stops with a clear error instead of filling the disk.
"""
from __future__ import annotations

import errno
import stat
import struct
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from ..errors import InputError, temporary_folder_full
from ..limits import MAX_ZIP_BYTES, MAX_ZIP_ENTRIES
from ..tree import is_file
from .registration import Skipped
from .zip_names import entry_names
from ..lazy_pattern import lazy

# A registration set is thousands of small text files: these bounds (limits.py) leave room
# for the biggest real events and stop anything that would need gigabytes.
MAX_ENTRIES = MAX_ZIP_ENTRIES
MAX_TOTAL_BYTES = MAX_ZIP_BYTES
_CHUNK = 64 * 1024
_DRIVE = lazy(r"^[A-Za-z]:")
# A write refused for the whole folder, not for one entry: its disk full, a quota reached.
_FOLDER_FULL = frozenset({errno.ENOSPC, errno.EDQUOT})


@contextmanager
def extracted(path: Path, *, shown: str) -> Iterator[tuple[Path, list[Skipped]]]:
    """Extract the archive into a temporary folder; yield (folder, entries not written)."""
    with tempfile.TemporaryDirectory(prefix="deckcheck-zip-") as folder:
        root = Path(folder)
        skipped = extract(path, root, shown=shown)
        yield root, skipped


def unsafe_reason(name: str) -> str | None:
    """Why an entry name must not be written under the target folder, or None."""
    if name.startswith(("/", "\\")) or _DRIVE.match(name):
        return "absolute path in the archive; not extracted"
    parts = PurePosixPath(name.replace("\\", "/")).parts
    if ".." in parts:
        return "path with '..' in the archive; not extracted"
    # Windows joins `root / "decks" / "D:x.txt"` as `D:x.txt`, on drive D, outside the
    # temporary folder; refused on every system, so an archive extracts alike everywhere.
    if any(_DRIVE.match(part) for part in parts):
        return "drive letter inside a path in the archive; not extracted"
    return None


def extract(path: Path, root: Path, *, shown: str) -> list[Skipped]:
    counted = _directory_entries(path)
    if counted is not None and counted > MAX_ENTRIES:
        raise InputError(_too_many(shown, counted))
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:  # ValueError: a name flagged UTF-8 that is not
        raise InputError(f"{shown}: not a readable zip archive ({exc})") from None
    with archive:
        entries = archive.infolist()
        if len(entries) > MAX_ENTRIES:
            raise InputError(_too_many(shown, len(entries)))
        declared = sum(entry.file_size for entry in entries)
        if declared > MAX_TOTAL_BYTES:
            raise InputError(_too_big(shown, declared))
        skipped: list[Skipped] = []
        written = 0
        # A zip may hold two entries of one name: the first is extracted; a later one
        # would silently replace it, so it is not written and is reported instead.
        files: dict[Path, str] = {}  # file written -> the entry's name
        for entry, name in zip(entries, entry_names(entries)):
            reason = unsafe_reason(name)
            if reason:
                skipped.append(Skipped(name, reason, unchecked=True))
                continue
            target = root.joinpath(*PurePosixPath(name.replace("\\", "/")).parts)
            if stat.S_ISLNK(entry.external_attr >> 16):
                skipped.append(Skipped(name, "symbolic link in the archive; not extracted", unchecked=True))
                continue
            if not entry.is_dir() and (target in files or is_file(target)):
                # `is_file`: the same name in another case, on a file system that ignores case.
                earlier = f" ({files[target]})" if files.get(target, name) != name else ""
                skipped.append(Skipped(name, f"the archive holds an earlier entry of the same name{earlier}; "
                                             "not extracted (the earlier one is checked)", unchecked=True))
                continue
            try:
                if entry.is_dir():
                    target.mkdir(parents=True, exist_ok=True)
                else:
                    written = _copy(archive, entry, target, written, shown)
                    files[target] = name
            except (zipfile.BadZipFile, RuntimeError, NotImplementedError, OSError, EOFError) as exc:
                if isinstance(exc, OSError) and exc.errno in _FOLDER_FULL:
                    # Every entry would fail alike, the whole event NOT CHECKED as if the
                    # archive were at fault: the temporary folder is, said once (exit 2).
                    raise temporary_folder_full(f"{shown}: cannot extract it into", exc) from None
                # A name too long, a folder where a file was written (or the reverse), a
                # damaged entry: this entry is passed over, the rest of the set is read.
                if not entry.is_dir() and is_file(target):
                    target.unlink()
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
                skipped.append(Skipped(name, f"cannot extract ({reason})", unchecked=True))
        return skipped


# A central directory entry: its signature, then the lengths of its name, extra field and
# comment at bytes 28 to 34 of its 46 fixed bytes (the zip format's APPNOTE, 4.3.12).
_ENTRY_SIGNATURE = b"PK\x01\x02"
_ENTRY_FIXED = 46


def _directory_entries(path: Path) -> int | None:
    """How many entries the archive's central directory holds, counted in its bytes before
    zipfile builds an object for each (about 500 bytes apiece: a 51 MB zip of 600,000 empty
    entries took 352 MB to refuse). By the directory's size, as zipfile reads it, not by the
    count the end record declares, which may lie. None when the end record cannot be found
    or the directory is damaged: zipfile then says what is wrong, as ever."""
    find_end = getattr(zipfile, "_EndRecData", None)  # zipfile's own reader of the end records (zip64 too)
    try:
        with open(path, "rb") as handle:
            end = find_end(handle) if find_end is not None else None
            if not end:
                return None
            size = end[zipfile._ECD_SIZE]
            start = end[zipfile._ECD_LOCATION] - size
            if end[zipfile._ECD_SIGNATURE] == zipfile.stringEndArchive64:
                start -= zipfile.sizeEndCentDir64 + zipfile.sizeEndCentDir64Locator
            if start < 0:
                return None
            handle.seek(start)
            count = read = 0
            while read + _ENTRY_FIXED <= size:
                fixed = handle.read(_ENTRY_FIXED)
                if len(fixed) < _ENTRY_FIXED or not fixed.startswith(_ENTRY_SIGNATURE):
                    return None
                count += 1
                rest = sum(struct.unpack("<HHH", fixed[28:34]))
                handle.seek(rest, 1)
                read += _ENTRY_FIXED + rest
            return count
    # AttributeError: a Python whose zipfile names its private end-record constants otherwise.
    except (OSError, ValueError, struct.error, IndexError, TypeError, AttributeError):
        return None


def _too_many(shown: str, count: int) -> str:
    return f"{shown}: {count:,} entries is over the limit of {MAX_ENTRIES:,}; {_REFUSED}"


def _copy(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, target: Path, written: int, shown: str) -> int:
    """Copy one entry, counting the bytes that come out. (zipfile already stops an entry at
    its declared size; counting keeps the bound whatever the reader does.)"""
    target.parent.mkdir(parents=True, exist_ok=True)
    with archive.open(entry) as source, open(target, "wb") as sink:
        while chunk := source.read(_CHUNK):
            written += len(chunk)
            if written > MAX_TOTAL_BYTES:
                # The temporary folder, and what was written so far, goes with the error.
                raise InputError(_too_big(shown, written, actual=True))
            sink.write(chunk)
    return written


def _too_big(shown: str, size: int, *, actual: bool = False) -> str:
    amount = "" if actual else f" ({size:,} bytes)"
    return (
        f"{shown}: uncompressed contents{amount} exceed the limit of {MAX_TOTAL_BYTES:,} bytes; {_REFUSED}"
    )


# The limits stop a bomb from a stranger; an organiser's own event that outgrows them is
# checked from its files instead, which have no such limit.
_REFUSED = (
    "refusing to extract (is this a decompression bomb?); "
    "an archive you trust can be unzipped and its folder or manifest checked instead"
)
