"""Deck files a manifest names from the wrong folder: `deckcheck batch forms/reg.csv` run
where `decks/ann.txt` is, the manifest's `decks/ann.txt` read (as every manifest path is)
from the manifest's own folder, `forms/decks/ann.txt`, which does not exist.

Each such row is `decks/ann.txt: no such file`, of a file the organiser can see, and
nothing says why. A batch says it after its report, once: the decks named, the first
MAX_HOLDERS_LISTED of them, and where paths are read from. Only stderr says it, to the
person who ran the batch in that folder: a report (which may be posted) never tells what
lies outside the manifest's folder (docs/security.md), and the rows stay as they are.
Looked up only for a row whose deck file is missing, so an event whose files are all
there pays nothing for it.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..limits import MAX_HOLDERS_LISTED
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
        if not result.unreadable or row.path is None or row.inline or os.path.lexists(row.path):
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
        more = self.total - len(self.named)
        files = listed([*self.named, *([counted(more, "more")] if more else [])], "and")
        folder = os.path.dirname(self.manifest) or os.curdir
        return [f"{self.manifest} names {counted(self.total, 'deck file')} that "
                f"{'is' if self.total == 1 else 'are'} not in its folder ({folder}) but "
                f"{'is' if self.total == 1 else 'are'} in the current folder: {files}; a manifest's paths are read "
                "from the manifest's own folder: move the manifest beside its decks (or the decks beside it)"]


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
