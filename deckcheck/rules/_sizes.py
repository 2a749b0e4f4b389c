"""Shared check behind the zone-size rules (`deck-size`, `sideboard-size`, `extra-deck-size`)."""
from __future__ import annotations

from collections.abc import Iterator

from ..formats import Format
from ..model import Deck
from ..problem import Problem
from .context import Context


def check_zone_size(deck: Deck, fmt: Format, ctx: Context, *, zone: str, rule: str, label: str) -> Iterator[Problem]:
    spec = fmt.zone_size(zone, ctx.date, ctx.platform)
    if spec is None:
        return
    count = ctx.counts(deck).get(zone, 0)
    if spec.allows(count):
        return
    cards = "card" if count == 1 else "cards"
    if spec.exactly is not None:
        yield Problem(
            rule=rule, zone=zone, count=count, limit=spec.exactly,
            message=f"{label} has {count} {cards}; {spec.describe()} required",
        )
        return
    if spec.min is not None and count < spec.min:
        yield Problem(
            rule=rule, zone=zone, count=count, limit=spec.min,
            message=f"{label} has {count} {cards}; at least {spec.min} required",
        )
    if spec.max is not None and count > spec.max:
        yield Problem(
            rule=rule, zone=zone, count=count, limit=spec.max,
            message=f"{label} has {count} {cards}; at most {spec.max} allowed",
        )
