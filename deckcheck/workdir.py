"""Paths as people and CI tools read them: from the working directory (the repository root
in a CI job), where GitHub and SARIF viewers look files up, and short to read."""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


def from_working_directory(path: str | os.PathLike[str]) -> str:
    """`path` relative to the working directory when it lies inside it, else absolute;
    `/`-separated either way."""
    return from_directory(os.getcwd())(path)


def from_directory(here: str) -> Callable[[str | os.PathLike[str]], str]:
    """`from_working_directory` for a working directory `here` read once: a batch shows
    thousands of paths (os.path.relpath and pathlib per deck cost more than the rest of a
    batch's per-deck bookkeeping)."""
    inside = here.rstrip(os.sep) + os.sep

    def shown(path: str | os.PathLike[str]) -> str:
        # = os.path.abspath(path) (normalised: no `.`, `..` or doubled separators); on POSIX
        # from the folder read once instead of asking the system for it per path.
        # The join by hand: posixpath.join's checks cost about a microsecond per deck, and
        # `inside` already ends in the one separator it would put between the two.
        if os.sep == "/":
            text = os.fspath(path)
            absolute = os.path.normpath(text if text.startswith("/") else inside + text)
        else:
            absolute = os.path.abspath(path)
        if absolute == here:
            return "."
        if absolute.startswith("//") or os.sep != "/":  # POSIX's `//` root, Windows drives: let pathlib judge
            if absolute.startswith(inside):
                return Path(os.path.relpath(absolute, here)).as_posix()
            return Path(absolute).as_posix()
        # Both are normalised absolute paths: what lies after the folder is the relative path.
        return absolute[len(inside):] if absolute.startswith(inside) else absolute

    return shown
