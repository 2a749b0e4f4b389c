"""deckcheck: tournament legality for trading-card-game decklists, and opening-hand odds.

    >>> from deckcheck import validate
    >>> validate("deck.txt", "mtg/modern").legal

The names below are imported on first use, so `import deckcheck` stays cheap for the CLI.
"""
from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["validate", "check_deck", "load_format", "parse_deck", "__version__"]


def __getattr__(name: str) -> Any:
    if name in ("validate", "check_deck"):
        from . import pipeline

        return getattr(pipeline, name)
    if name == "load_format":
        from .formats import load

        return load
    if name == "parse_deck":
        from .pipeline import read_deck

        return read_deck
    raise AttributeError(f"module 'deckcheck' has no attribute {name!r}")
