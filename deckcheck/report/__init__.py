"""Reporters: functions from a `Report` to the text printed on stdout.

`REPORTERS` maps an output name (`-o NAME`) to a module with `render(report, *, color)`.
Reporters only format; they never decide legality.
"""
from __future__ import annotations

import os
from types import ModuleType

from ..errors import DeckcheckError
from . import json_report, text

REPORTERS: dict[str, ModuleType] = {"text": text, "json": json_report}


def register(name: str, module: ModuleType) -> None:
    REPORTERS[name] = module


def resolve(name: str) -> ModuleType:
    """The reporter for `-o NAME`; `auto` is GitHub annotations under GitHub Actions."""
    if name == "auto":
        name = "github" if os.environ.get("GITHUB_ACTIONS") == "true" and "github" in REPORTERS else "text"
    try:
        return REPORTERS[name]
    except KeyError:
        raise DeckcheckError(f"unknown output {name!r}; choose one of: {', '.join([*REPORTERS, 'auto'])}") from None
