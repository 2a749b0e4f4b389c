"""Regular expressions compiled the first time they are used, not when their module loads.

A module-level `re.compile` runs on every start-up whether or not the run meets the text
it reads: about 80 patterns cost a tenth of a `deckcheck validate` (issue 15's start-up
goal), while a run uses a handful. `lazy(pattern)` stands in for the compiled pattern:
its first use compiles it and keeps the compiled pattern's methods on the instance, so
later uses find them in the instance's dict, as cheap as the compiled pattern's own.
"""
from __future__ import annotations

import re
from typing import Any, cast

# What a stand-in forwards once compiled: every method and attribute code reads on a
# `re.Pattern` (a stand-in is never given to `re.sub` and the like: they want the real one).
_FORWARDED = (
    "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer", "scanner",
    "pattern", "flags", "groups", "groupindex",
)


class LazyPattern:
    """`re.compile(pattern, flags)`, done on first use (see the module docstring)."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> Any:
        # Called only for what the instance lacks: the first use of any forwarded name. A
        # special name (`__deepcopy__`, `__setstate__`, asked of an instance `copy` made
        # without `__init__`) is no pattern's: answered as missing, not by compiling.
        if name.startswith("__") or name == "_source":
            raise AttributeError(name)
        compiled = re.compile(*self._source)
        for forwarded in _FORWARDED:
            setattr(self, forwarded, getattr(compiled, forwarded))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self._source[0]!r})"


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """A stand-in for `re.compile(pattern, flags)` that compiles on first use, typed as
    the pattern it stands for: it answers every `re.Pattern` method a caller reads."""
    return cast("re.Pattern[str]", LazyPattern(pattern, flags))
