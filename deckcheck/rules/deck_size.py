"""deck-size: the main deck has the number of cards the format asks for.

Format key `deck.main`: `{min: 60}` (Magic constructed), `{min: 40}` (limited),
`{min: 40, max: 60}` (Yu-Gi-Oh!).

FAIL (mtg/constructed): a 59-card main deck -> "main deck has 59 cards; at least 60 required".
PASS: 60 or more cards.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..formats import Format
from ..model import MAIN, Deck
from ..problem import Problem
from ..schema import Spec
from ._sizes import check_zone_size
from .context import Context

ID = "deck-size"
KEYS: dict[str, Spec] = {}  # reads `deck.main`; `deck` is a key every format shares (formats/schema.py)


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format sizes the main deck."""
    return "main" in fmt.zones


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    return check_zone_size(deck, fmt, ctx, zone=MAIN, rule=ID, label="main deck")
