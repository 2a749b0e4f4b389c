"""Where a manifest's paths lead: the file a row's deck, pool or format path names, inside
the manifest's folder (or archive) unless the organiser trusts the manifest, or why it is
not read (docs/batch.md#sources). A `\\` separates folders as `/` does; a Windows drive
letter is a problem of its row that names the path to write instead when the file is beside
the manifest; a name no file can have (a NUL, a lone surrogate) is one too.
"""
from __future__ import annotations

import os
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from .. import tree
from ..lazy_pattern import lazy
from ..record import Record

if TYPE_CHECKING:
    from ..formats import FormatRef


class Place(Record):
    """Where a manifest's paths lead: relative to `base`, confined (unless not) to `root`."""

    # A Record, not a dataclass: a batch imports no `dataclasses` (deckcheck/record.py).
    __slots__ = ("base", "root", "confine", "archive", "folders", "formats", "base_text", "root_text", "label")
    NOT_COMPARED = frozenset({"folders", "formats"})
    NOT_FIELDS = frozenset({"base_text", "root_text", "label"})  # worked out from the others

    def __init__(
        self, base: Path, root: Path, confine: bool, archive: bool, folders: tree.RealFolders | None = None,
        formats: dict[str, tuple[FormatRef | None, str | None]] | None = None,
    ) -> None:
        self.base = base
        self.root = root
        self.confine = confine
        self.archive = archive  # a zip's manifest: "outside the archive" in messages
        # The real paths of the folders the rows name, resolved once per manifest read.
        self.folders = tree.RealFolders() if folders is None else folders
        # Each distinct format cell's reading (`_format_ref`), once per manifest read: thousands
        # of rows name a few formats.
        self.formats: dict[str, tuple[FormatRef | None, str | None]] = {} if formats is None else formats
        # `base` and `root` as text, and `place_label`, worked out once: every row's path is
        # judged against them (a pathlib.Path gives its text through two Python calls).
        self.base_text = os.fspath(base)
        self.root_text = os.fspath(root)
        self.label = place_label(self)


def posix(text: str) -> str:
    """`PurePosixPath(text).as_posix()` (no `.` parts, no doubled or trailing slashes);
    the text itself when it has none of those, as every row of a big event has."""
    if "//" in text or "/./" in text or text.startswith("./") or text.endswith(("/", "/.")) or text in ("", "."):
        return PurePosixPath(text).as_posix()
    return text


def file_path(deck: str, place: Place, *, what: str = "deck") -> tuple[str | None, str | None]:
    """The file a row's deck (or pool) names, as text (a Registration keeps its files as
    text), or why it is not read."""
    invalid = invalid_path(deck)
    if invalid:
        return None, f"{what} path {shown_path(deck)}: {invalid}"
    drive = drive_letter_reason(deck, place)
    if drive:
        return None, f"{what} path {shown_path(deck)}: {drive}"
    if not place.confine:
        relative = Path(deck)
        return os.fspath(relative if relative.is_absolute() else place.base / relative), None
    if names_hidden(deck):
        hint = "" if place.archive else " (batch --allow-outside-paths accepts it for a manifest you wrote)"
        return None, f"{what} path {shown_path(deck)}: a hidden file or folder, which no registration is{hint}"
    path, why = tree.named_inside_text(deck, base=place.base_text, root=place.root_text, where=place.label, folders=place.folders)
    if why:
        hint = "" if place.archive or why.startswith("a symbolic link") else " (batch --allow-outside-paths accepts it for a manifest you wrote)"
        return None, f"{what} path {shown_path(deck)}: {why}{hint}"
    return path, None


def names_hidden(path: str) -> bool:
    """Whether `path` names a hidden file or passes through a hidden folder (a part that
    starts with `.`, but for `.` and `..`): `.git/config` holds a CI checkout's token, `.env`
    a server's secrets; a manifest a pull request or a zip brings must not make either a
    deck whose lines its report quotes. Two searches for the paths of nearly every row."""
    if not (path.startswith(".") or "/." in path or "\\." in path):
        return False
    return any(part.startswith(".") and part not in (".", "..") for part in path.replace("\\", "/").split("/"))


# A Windows drive letter (`C:\decks\ann.txt`, `C:ann.txt`): absolute, or relative to that
# drive's own working folder, never to the manifest's; on POSIX, a name no file has.
_DRIVE = lazy(r"[A-Za-z]:")


def drive_letter_reason(deck: str, place: Place) -> str | None:
    """Why a path with a drive letter is not read, and what to write instead; None for a
    path without one (or with one on Windows, for a manifest trusted to point outside)."""
    if deck[1:2] != ":" or not _DRIVE.match(deck) or (not place.confine and os.name == "nt"):  # most paths: no `:` second
        return None
    why = f"a Windows path from drive {deck[:2]}, which "
    why += f"points outside {place.label}" if place.confine else "this system cannot open"
    beside = _tail_beside_manifest([part for part in deck[2:].split("/") if part and part != "."], place)
    if beside:
        return f"{why}; name it relative to the manifest: {shown_path(beside)}"
    return f"{why}; name the file relative to the manifest's folder, with / between folders"


# The most parts of a drive-letter path tried as a path beside the manifest: a deck sits a
# few folders below its manifest, and a hostile cell of thousands of parts must not cost
# thousands of lookups (each of its whole tail) per row.
_MOST_PARTS_BESIDE = 8


def _tail_beside_manifest(parts: list[str], place: Place) -> str | None:
    """The longest tail, of at most _MOST_PARTS_BESIDE parts, of a path's parts that names
    a file the manifest may name (`decks/ann.txt` of `C:/event/decks/ann.txt`), or None."""
    for start in range(max(0, len(parts) - _MOST_PARTS_BESIDE), len(parts)):
        tail = "/".join(parts[start:])
        try:
            path, why = tree.named_inside(tail, base=place.base, root=place.root, where=place.label, folders=place.folders)
            if why is None and path.is_file():
                return tail
        except OSError:  # a name too long for the file system, say: no file there
            continue
    return None


def place_label(place: Place) -> str:
    """What a path must stay inside, as messages name it."""
    return "the archive" if place.archive else "the manifest's folder"


def invalid_path(text: str) -> str | None:
    """Why no file can have the name `text` (a NUL, a character the file system cannot
    encode such as a lone surrogate), or None."""
    if "\x00" in text:
        return "has a NUL character, which no file name can hold"
    if text.isascii():
        return None  # every file system encodes ASCII: no need to encode each row's path
    try:
        os.fsencode(text)
    except UnicodeError:
        return "has a character no file name can hold"
    return None


def shown_path(text: str, most: int = 120) -> str:
    """A path quoted for a message: control characters escaped (repr), cut to `most` characters."""
    quoted = repr(text)
    return quoted if len(quoted) <= most else quoted[:most] + "…"
