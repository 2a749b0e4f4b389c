"""File names as GitHub reads them: from the root of the checkout.

GitHub reads an annotation's `file` and a SARIF result's relative URI from the root of the
checkout (`GITHUB_WORKSPACE`), whatever folder the step runs in (`working-directory:`), so
in a job a deck is named from there, however the command named it (`june/decks/ann.txt`
run in `events/` is `events/june/decks/ann.txt`). Outside Actions, and for a file outside
the checkout, names stay as the command was given them, from the working directory.
"""
from __future__ import annotations

import os
from pathlib import Path

WORKSPACE = "GITHUB_WORKSPACE"


def _workspaces() -> list[str]:
    """The checkout as the runner names it and as the file system does (a link on the way
    gives two spellings; the working directory comes back in the second)."""
    workspace = os.environ.get(WORKSPACE)
    if not workspace:
        return []
    return list(dict.fromkeys([os.path.abspath(workspace), os.path.realpath(workspace)]))


def source_root() -> Path:
    """The folder relative names start from: the checkout when the working directory lies
    in it, else the working directory."""
    cwd = Path.cwd()
    for workspace in _workspaces():
        if cwd == Path(workspace) or Path(workspace) in cwd.parents:
            return Path(workspace)
    return cwd


def from_workspace(deck: str) -> str:
    """`deck` (a file as the command named it) named from the checkout, `/`-separated,
    when it lies in it; else as it was."""
    path = Path(os.path.abspath(deck))
    for workspace in _workspaces():
        try:
            return path.relative_to(workspace).as_posix()
        except ValueError:
            continue
    return deck
