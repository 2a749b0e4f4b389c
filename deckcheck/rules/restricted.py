"""restricted: a card on the restricted list may appear once, main deck and sideboard together.

Format key `restricted`: names or dated entries, like `banned`. A synced card database
newer than the bundled lists adds the restrictions it knows (rules/_fresh.py).

FAIL (mtg/vintage): 1 Sol Ring in the main deck and 1 in the sideboard ->
"2 copies of Sol Ring (main 1, sideboard 1); it is restricted to 1 in Vintage".
PASS: a single Sol Ring.
A card the banned list also names that day is left to `banned`, the stricter limit.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from typing import Any

from ..formats import Format
from ..formats.schema import DATED_LIST
from ..formats.show import ban_list_lines
from ..model import PLAYED_ZONES, Deck
from ..names import card_key
from ..problem import Problem
from ._fresh import listed_only_by_database, newer_database, source
from .context import Context
from .copy_limit import card_lines, lines_details, where

ID = "restricted"
KEYS = {"restricted": DATED_LIST}
RESTRICTED_LIMIT = 1


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format has a restricted list, or a
    card-pool legality key a newer card database may restrict cards by."""
    return bool(fmt.restricted) or bool(fmt.pool_option("legality"))


def silent(fmt: Format, ctx: Context) -> bool:
    """Whether no deck meets this rule that day (rules.speaking): no card restricted on
    the platform by the bundled lists, and no newer card database that may restrict one."""
    return not fmt.restricted_on(ctx.date, ctx.platform) and newer_database(fmt, ctx) is None


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    # Most decks hold no card on the restricted list (or only one copy), and the built-in
    # data has no newer lists: a set intersection (in C) tells so, without a generator.
    restricted = fmt.restricted_on(ctx.date, ctx.platform)
    totals = ctx.totals(deck, PLAYED_ZONES) if restricted else {}
    listed = totals.keys() & restricted.keys()
    if listed:
        # A card also banned that day is the `banned` rule's one problem (as in copy-limit).
        listed -= fmt.banned_on(ctx.date, ctx.platform).keys()
    over = bool(listed) and any(totals[key] > RESTRICTED_LIMIT for key in listed)
    if not over and newer_database(fmt, ctx) is None:
        return ()
    return _problems(deck, fmt, ctx, restricted if over else {})


def _problems(deck: Deck, fmt: Format, ctx: Context, restricted: dict[str, Any]) -> Iterator[Problem]:
    """The deck's cards over the limit: `restricted` is the bundled list in force that day
    when the deck breaks it (else empty); then those only a newer card database restricts."""
    if restricted:
        banned = fmt.banned_on(ctx.date, ctx.platform)
        for card in ctx.tally(deck, PLAYED_ZONES, only=restricted).values():
            if card.total > RESTRICTED_LIMIT and card.key not in banned:
                lines = card_lines(card)
                yield Problem(
                    rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total,
                    limit=RESTRICTED_LIMIT, details=lines_details(lines),
                    message=f"{card.total} copies of {card.name}{where(card.by_zone, fmt.game, lines)}; "
                            f"it is restricted to 1 in {fmt.name}",
                )
    for card in listed_only_by_database(deck, fmt, ctx, ID):
        if card.total > RESTRICTED_LIMIT:
            lines = card_lines(card)
            yield Problem(
                rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total,
                limit=RESTRICTED_LIMIT, details={"listed_by": "card database", **(lines_details(lines) or {})},
                message=f"{card.total} copies of {card.name}{where(card.by_zone, fmt.game, lines)}; it is restricted to 1 in {fmt.name} "
                f"according to {source(fmt, ctx)}",
            )


def card_notes(name: str, fmt: Format, day: dt.date, platform: str) -> list[str]:
    """What `cards lookup -f` adds about one card: restricted on `day` (a one-copy deck
    never breaks the rule, so without this Black Lotus read as legal at the copy limit)."""
    listed = fmt.restricted_on(day, platform).get(card_key(name))
    if listed is None:
        return []
    return [f"restricted: at most {RESTRICTED_LIMIT} copy, main deck and sideboard together{fmt.dates_text(listed, 'restricted', platform)}"]


def show(fmt: Format, day: dt.date) -> list[str]:
    return ban_list_lines("restricted", fmt, fmt.restricted_on(day), day)
