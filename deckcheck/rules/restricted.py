"""restricted: a card on the restricted list may appear once, main deck and sideboard together.

Format key `restricted`: names or dated entries, like `banned`.

FAIL (mtg/vintage): 1 Sol Ring in the main deck and 1 in the sideboard ->
"2 copies of Sol Ring (main 1, sideboard 1); it is restricted to 1 in Vintage".
PASS: a single Sol Ring.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from ..formats import Format
from ..formats.schema import DATED_LIST
from ..formats.show import entry_lines
from ..model import PLAYED_ZONES, Deck
from ..problem import Problem
from .context import Context
from .copy_limit import where

ID = "restricted"
KEYS = {"restricted": DATED_LIST}
RESTRICTED_LIMIT = 1


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format has a restricted list."""
    return bool(fmt.restricted)


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    restricted = fmt.restricted_on(ctx.date)
    if not restricted:
        return
    totals = ctx.totals(deck, PLAYED_ZONES)
    if not any(totals[key] > RESTRICTED_LIMIT for key in totals.keys() & restricted.keys()):
        return
    for card in ctx.tally(deck, PLAYED_ZONES).values():
        if card.key in restricted and card.total > RESTRICTED_LIMIT:
            yield Problem(
                rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total,
                limit=RESTRICTED_LIMIT,
                message=f"{card.total} copies of {card.name}{where(card.by_zone)}; it is restricted to 1 in {fmt.name}",
            )


def show(fmt: Format, day: dt.date) -> list[str]:
    return entry_lines("restricted", fmt.restricted_on(day), day)
