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
    thousands of paths."""
    inside = here.rstrip(os.sep) + os.sep

    def shown(path: str | os.PathLike[str]) -> str:
        absolute = os.path.abspath(path)  # normalised: no `.`, `..` or doubled separators
        if absolute == here:
            return "."
        if absolute.startswith(inside):
            return absolute[len(inside):].replace(os.sep, "/")
        return Path(absolute).as_posix()

    return shown
