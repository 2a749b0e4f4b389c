"""Reporters: functions from a `Report` to the text printed on stdout.

`REPORTERS` maps an output name (`-o NAME`) to a module with `render(report, *, color)`.
Reporters only format; they never decide legality. A reporter may also have
`publish(report) -> warning or None` for what goes beyond stdout (the GitHub job summary);
`deliver` runs both.
"""
from __future__ import annotations

import os
from types import ModuleType

from ..errors import DeckcheckError
from ..result import Report
from . import github, json_report, junit, sarif, text

REPORTERS: dict[str, ModuleType] = {"text": text, "json": json_report, "junit": junit, "github": github, "sarif": sarif}


def resolve(name: str) -> ModuleType:
    """The reporter for `-o NAME`; `auto` is GitHub annotations under GitHub Actions."""
    if name == "auto":
        name = "github" if os.environ.get("GITHUB_ACTIONS") == "true" and "github" in REPORTERS else "text"
    try:
        return REPORTERS[name]
    except KeyError:
        raise DeckcheckError(f"unknown output {name!r}; choose one of: {', '.join([*REPORTERS, 'auto'])}") from None


def deliver(reporter: ModuleType, report: Report, *, color: bool = False, warn=None) -> str:  # type: ignore[no-untyped-def]
    """The reporter's text, after its side effects (if any); `warn(message)` hears failures."""
    publish = getattr(reporter, "publish", None)
    if publish is not None:
        problem = publish(report)
        if problem and warn is not None:
            warn(problem)
    return reporter.render(report, color=color)


def names() -> list[str]:
    """Output names for `-o` (help, completion, error messages)."""
    return [*REPORTERS, "auto"]
