"""Paths as people and CI tools read them: from the working directory (the repository root
in a CI job), where GitHub and SARIF viewers look files up, and short to read."""
from __future__ import annotations

import os


def from_working_directory(path: str | os.PathLike[str]) -> str:
    """`path` relative to the working directory when it lies inside it, else absolute;
    `/`-separated either way."""
    absolute = os.path.abspath(path)
    here = os.getcwd()
    if absolute == here:
        return "."
    if absolute.startswith("//") or os.sep != "/":  # POSIX's `//` root, Windows drives: let pathlib judge
        from pathlib import Path

        if absolute.startswith(here.rstrip(os.sep) + os.sep):
            return Path(os.path.relpath(absolute, here)).as_posix()
        return Path(absolute).as_posix()
    inside = here.rstrip(os.sep) + os.sep
    # Both are normalised absolute paths: what lies after the folder is the relative path
    # (os.path.relpath and pathlib cost more than the rest of a batch's per-deck bookkeeping).
    return absolute[len(inside):] if absolute.startswith(inside) else absolute
