"""sideboard-size: the sideboard (side deck) has an allowed number of cards.

Format key `deck.sideboard`: `{max: 15}` (Magic today), `{exactly: 15, or_none: true}`
(Magic under the 2011 tournament rules: exactly 15 or none), `{exactly: 10}` (WoW TCG),
`{max: 0}` (no sideboard, Two-Headed Giant constructed).

FAIL (mtg/constructed): 16 sideboard cards -> "sideboard has 16 cards; at most 15 allowed".
FAIL (yugioh/advanced-tcg): 16 Side Deck cards -> "Side Deck has 16 cards; at most 15 allowed"
(a game's own words for its zones: `zone_labels` of its descriptor, games/game.py).
PASS: 0 to 15 cards.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..formats import Format
from ..model import SIDEBOARD, Deck
from ..problem import Problem
from ..schema import Spec
from ._sizes import check_zone_size
from .context import Context

ID = "sideboard-size"
KEYS: dict[str, Spec] = {}  # reads `deck.sideboard`; `deck` is a key every format shares (formats/schema.py)


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format sizes the sideboard."""
    return "sideboard" in fmt.zones


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    return check_zone_size(deck, fmt, ctx, zone=SIDEBOARD, rule=ID, label="sideboard")
