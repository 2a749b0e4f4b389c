"""card-limit: per-card limits from a format's list (Yu-Gi-Oh! Forbidden 0, Limited 1,
Semi-Limited 2), counted over the zones of the format's `copy_limit`.

Format key `card_limits`: `{card, limit, since, until}` entries (`code` for a passcode).

FAIL (yugioh/advanced-tcg): 2 copies of a Limited card -> "2 copies of X; limited to 1 in ...".
"""
from __future__ import annotations

from collections.abc import Iterator

from ..formats import Format
from ..model import PLAYED_ZONES, Deck
from ..problem import Problem
from .context import Context
from .copy_limit import where

ID = "card-limit"
_STATUS = {0: "forbidden", 1: "limited to 1", 2: "semi-limited to 2"}


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    limits = fmt.card_limits_on(ctx.date)
    if not limits:
        return
    zones = fmt.copy_limit.zones if fmt.copy_limit else PLAYED_ZONES
    totals = ctx.totals(deck, zones)
    if not any(
        limits[key].limit is not None and totals[key] > limits[key].limit for key in totals.keys() & limits.keys()
    ):
        return
    for card in ctx.tally(deck, zones).values():
        entry = limits.get(card.key)
        if entry is None or entry.limit is None or card.total <= entry.limit:
            continue
        status = _STATUS.get(entry.limit, f"limited to {entry.limit}")
        yield Problem(
            rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total, limit=entry.limit,
            message=f"{card.total} copies of {card.name}{where(card.by_zone)}; {status} in {fmt.name}",
        )
