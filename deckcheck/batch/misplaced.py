"""Deck files a manifest names from the wrong folder: `deckcheck batch forms/reg.csv` run
where `decks/ann.txt` is, the manifest's `decks/ann.txt` read (as every manifest path is)
from the manifest's own folder, `forms/decks/ann.txt`, which does not exist; or a manifest
beside `decks/` naming each file alone (`ann.txt`, as a form's upload is named).

Each such row is `decks/ann.txt: no such file`, of a file the organiser can see, and
nothing says why. A batch says it after its report, once a kind: the decks named, the
first MAX_HOLDERS_LISTED of them, and where paths are read from. Only stderr says it, to
the person who ran the batch: a report (which may be posted) never tells what lies outside
the manifest's folder (docs/security.md), and the rows stay as they are. Looked up only for
a row whose deck file is missing, so an event whose files are all there pays nothing for it.
"""
from __future__ import annotations

import os
from bisect import bisect_left
from typing import TYPE_CHECKING

from ..limits import MAX_HOLDERS_LISTED
from ..textio import MAX_NAMES_LOOKED_THROUGH
from ..wording import counted, listed

if TYPE_CHECKING:
    from ..result import DeckResult
    from .registration import Registration


class FromTheCurrentFolder:
    """The deck files of `manifest` (as the report shows it) found missing so far that lie
    where the manifest names them from the current folder instead."""

    def __init__(self, manifest: str) -> None:
        self.manifest = manifest
        self.named: list[str] = []
        self.total = 0

    def hear(self, row: Registration, result: DeckResult) -> None:
        """Note `row` when its deck file is missing but its path names a file from here."""
        if not _deck_missing(row, result):
            return
        here = row.deck
        if os.path.abspath(here) == os.path.abspath(row.path) or not _visible_below(here):
            return
        self.total += 1
        if len(self.named) < MAX_HOLDERS_LISTED:
            self.named.append(here)

    def notes(self) -> list[str]:
        if not self.total:
            return []
        files = _and_more(self.named, self.total)
        folder = os.path.dirname(self.manifest) or os.curdir
        return [f"{self.manifest} names {counted(self.total, 'deck file')} that "
                f"{'is' if self.total == 1 else 'are'} not in its folder ({folder}) but "
                f"{'is' if self.total == 1 else 'are'} in the current folder: {files}; a manifest's paths are read "
                "from the manifest's own folder: move the manifest beside its decks (or the decks beside it)"]


def _deck_missing(row: Registration, result: DeckResult) -> bool:
    """Whether `row` names a deck file that is not there (not a pasted list, nor a file
    that exists and could not be read)."""
    return result.unreadable and row.path is not None and not row.inline and not os.path.lexists(row.path)


def _and_more(named: list[str], total: int) -> str:
    """`named` (the first MAX_HOLDERS_LISTED of `total`) listed, then how many more."""
    more = total - len(named)
    return listed([*named, *([f"{more:,} more"] if more else [])], "and")


def _visible_below(path: str) -> bool:
    """Whether `path` is a regular file below the current folder that a manifest may be told
    of: no absolute path or `..`, nothing hidden, no symbolic link on the way (a link `far`
    to `/` must not tell a manifest whether `far/etc/passwd` exists), as textio's hints."""
    from pathlib import Path

    from ..tree import link_on_the_way
    from .manifest_paths import names_hidden

    if os.path.isabs(path) or ".." in path.replace("\\", "/").split("/") or names_hidden(path):
        return False
    return os.path.isfile(path) and link_on_the_way(Path(path)) is None


class ElsewhereInItsFolder:
    """The deck files of `manifest` found missing so far that one file, and one only, of the
    manifest's folder is, with folders above the path as written (`ann.txt` for
    `decks/ann.txt`, `decks/ann.txt` for `day1/decks/ann.txt`): (as named, as found)."""

    def __init__(self, manifest: str) -> None:
        self.manifest = manifest
        self.found: list[tuple[str, str]] = []
        self.total = 0
        # Where each file lies, written backwards and sorted, the folder looked through once:
        # the files whose path ends in a row's path are then one run of it, found by bisection.
        self._backwards: list[str] | None = None

    def hear(self, row: Registration, result: DeckResult) -> None:
        if not _deck_missing(row, result):
            return
        if self._backwards is None:
            folder = _manifest_folder(row)
            if folder is None:
                return
            self._backwards = sorted(place[::-1] for place in _files_below(folder))
        # Only where the path as written is the file's without its first folders: `decks/ann.txt`
        # is not `old/ann.txt`, last event's list of the same name. The two files from where
        # such a path would sort tell whether one file only ends in it: every row looked
        # through each file of its name, and a submitted folder of 10,000 `a.txt` with a
        # manifest of 20,000 missing `eN/a.txt` cost 200 million comparisons.
        ending = ("/" + row.deck)[::-1]
        at = bisect_left(self._backwards, ending)
        places = [place[::-1] for place in self._backwards[at:at + 2] if place.startswith(ending)]
        if len(places) != 1:
            return
        self.total += 1
        if len(self.found) < MAX_HOLDERS_LISTED:
            self.found.append((row.deck, places[0]))

    def notes(self) -> list[str]:
        if not self.total:
            return []
        each = _and_more([f"{named} is {found}" for named, found in self.found], self.total)
        return [f"{self.manifest} names {counted(self.total, 'deck file')} that {'is' if self.total == 1 else 'are'} "
                f"not where it says but elsewhere in its folder: {each}; write each deck's path from the manifest's folder"]


def _manifest_folder(row: Registration) -> str | None:
    """The folder `row`'s deck path is read from (the manifest's): its file without the path
    as the manifest wrote it (`/`-separated); None when the two do not line up."""
    path = os.fspath(row.path).replace(os.sep, "/") if row.path is not None else ""
    if not path.endswith(row.deck) or (len(path) > len(row.deck) and path[-len(row.deck) - 1] != "/"):
        return None
    return path[:len(path) - len(row.deck)] or os.curdir


def _files_below(folder: str) -> list[str]:
    """Where each file below `folder` lies (`/`-separated, from `folder`), passing over
    hidden names and links; [] for a folder of more than MAX_NAMES_LOOKED_THROUGH entries
    (a manifest in a home folder: no note is worth a walk of it)."""
    found: list[str] = []
    pending, seen = [""], 0
    while pending:
        relative = pending.pop()
        try:
            with os.scandir(os.path.join(folder, relative) if relative else folder) as entries:
                for entry in entries:
                    seen += 1
                    if seen > MAX_NAMES_LOOKED_THROUGH:
                        return []
                    if entry.name.startswith("."):
                        continue
                    inside = f"{relative}/{entry.name}" if relative else entry.name
                    if entry.is_dir(follow_symlinks=False):
                        pending.append(inside)
                    elif entry.is_file(follow_symlinks=False):
                        found.append(inside)
        except OSError:
            continue
    return found
