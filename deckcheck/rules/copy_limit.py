"""copy-limit: no more copies of a card than the format allows, counted over the zones
the format names (Magic: main deck and sideboard together).

Format key `copy_limit`: `default` (4 in Magic, 3 in Yu-Gi-Oh!), `zones`,
`exempt_basic_lands` (basic lands, Wastes and Snow-Covered basics, listed in
`basic_lands`), and `per_card` for cards whose text overrides the limit
(`Relentless Rats: any`, `Seven Dwarves: 7`, `Nazgûl: 9`). `copy_limit: null` turns the
rule off (Limited). Cards on a banned, restricted or per-card list in force are left to
those rules, which state the stricter limit.

FAIL (mtg/constructed): 3 Lightning Bolt in the main deck and 2 in the sideboard ->
"5 copies of Lightning Bolt (main 3, sideboard 2); at most 4 allowed".
PASS: 30 Island, 20 Relentless Rats, 7 Seven Dwarves.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..formats import Format
from ..model import Deck
from ..problem import Problem
from .context import Context

ID = "copy-limit"


def where(by_zone: dict[str, int]) -> str:
    """`(main 3, sideboard 2)` when copies sit in more than one zone."""
    if len(by_zone) < 2:
        return ""
    return " (" + ", ".join(f"{zone} {count}" for zone, count in by_zone.items()) + ")"


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    limits = fmt.copy_limit
    if limits is None:
        return
    listed = (fmt.banned_on(ctx.date), fmt.restricted_on(ctx.date), fmt.card_limits_on(ctx.date))
    over: dict[str, int] = {}
    for key, total in ctx.totals(deck, limits.zones).items():
        # Within the default limit and without a limit of its own: fine, whatever the lists
        # say (most cards of most decks).
        if total <= limits.default and key not in limits.per_card:
            continue
        if any(key in lists for lists in listed):
            continue
        limit = limits.limit_for(key, fmt.basic_lands)
        if limit is not None and total > limit:
            over[key] = limit
    if not over:
        return
    for card in ctx.tally(deck, limits.zones).values():
        limit = over.get(card.key)
        if limit is None:
            continue
        yield Problem(
            rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total, limit=limit,
            message=f"{card.total} copies of {card.name}{where(card.by_zone)}; at most {limit} allowed",
        )
