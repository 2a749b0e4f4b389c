"""extra-deck-size: the Yu-Gi-Oh! Extra Deck holds no more cards than allowed.

Format key `deck.extra`: `{max: 15}`.

FAIL (yugioh/advanced-tcg): 16 Extra Deck cards -> "Extra Deck has 16 cards; at most 15 allowed".
"""
from __future__ import annotations

from collections.abc import Iterable

from ..formats import Format
from ..model import EXTRA, Deck
from ..problem import Problem
from ..schema import Spec
from ._sizes import check_zone_size
from .context import Context

ID = "extra-deck-size"
KEYS: dict[str, Spec] = {}  # reads `deck.extra`; `deck` is a key every format shares (formats/schema.py)


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format sizes the Extra Deck."""
    return "extra" in fmt.zones


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    return check_zone_size(deck, fmt, ctx, zone=EXTRA, rule=ID, label="extra deck")
