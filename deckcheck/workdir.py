"""Paths as people and CI tools read them: from the working directory (the repository root
in a CI job), where GitHub and SARIF viewers look files up, and short to read."""
from __future__ import annotations

import os
from pathlib import Path


def from_working_directory(path: str | os.PathLike[str]) -> str:
    """`path` relative to the working directory when it lies inside it, else absolute;
    `/`-separated either way."""
    absolute = os.path.abspath(path)
    here = os.getcwd()
    if absolute == here or absolute.startswith(here.rstrip(os.sep) + os.sep):
        return Path(os.path.relpath(absolute, here)).as_posix()
    return Path(absolute).as_posix()
