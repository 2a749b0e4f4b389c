"""card-limit: per-card limits from a format's list (Yu-Gi-Oh! Forbidden 0, Limited 1,
Semi-Limited 2), counted over the zones of the format's `copy_limit`.

Format key `card_limits`: `{card, limit, since, until}` entries (`code` for a passcode).
A card is matched by passcode first (any passcode the deck lists it under, and, with card
data, the passcode it counts as), then by name, so alternate artworks and "always treated
as" cards count against the card they stand for, as in YGOPro; an entry that gives an
alternate artwork's passcode limits the card it counts as too.

Format key `whitelist: true` (an lflist with `$whitelist`): only the listed cards may be
played; any other card is `not-in-pool`.

FAIL (yugioh/advanced-tcg): 2 copies of a Limited card -> "2 copies of X; limited to 1 in ... (since D)".
FAIL: a Forbidden card -> "Maxx "C" is forbidden in Advanced (TCG) (since 2018-02-01): 1 copy".
The day is the entry's, as banned names a ban's ("; lifted on D" when it ends for good), so
a judge can tell a player which list limits the card; "since D or earlier" for an entry
of the first list the format holds (`lists_known_from`: the OCG's from 2021-01-01).
A card the format's banned list also names that day is left to `banned`.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from ..formats import Format, ListEntry
from ..formats.model import as_date
from ..formats.schema import LIMITS_LIST
from ..formats.show import entry_lines
from ..model import PLAYED_ZONES, Deck
from ..problem import Problem
from ..schema import Bool
from ._listed import banned_cards, limited_cards
from .context import Context
from .copy_limit import card_lines, lines_details, where

ID = "card-limit"
KEYS = {"card_limits": LIMITS_LIST, "whitelist": Bool()}
NOT_IN_POOL = "not-in-pool"
_STATUS = {0: "forbidden", 1: "limited to 1", 2: "semi-limited to 2"}


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format has per-card limits or a whitelist."""
    return bool(fmt.card_limits) or bool(fmt.option("whitelist"))


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    whitelist = bool(fmt.option("whitelist"))
    if not fmt.card_limits_on(ctx.date, ctx.platform) and not whitelist:
        return
    zones = fmt.copy_limit.zones if fmt.copy_limit else PLAYED_ZONES
    totals = ctx.totals(deck, zones)
    limits = limited_cards(deck, fmt, ctx, zones)
    found: dict[str, ListEntry | None] = {}
    for key, total in totals.items():
        entry = limits.get(key)
        if (entry is None and whitelist) or (entry is not None and entry.limit is not None and total > entry.limit):
            found[key] = entry
    if found:
        # A card also banned that day is the `banned` rule's one problem (as in copy-limit).
        for key in found.keys() & banned_cards(deck, fmt, ctx).keys():
            del found[key]
    if not found:
        return
    for card in ctx.tally(deck, zones).values():
        if card.key not in found:
            continue
        entry = found[card.key]
        if entry is None:
            yield Problem(
                rule=NOT_IN_POOL, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total,
                limit=0, message=f"{card.name} is not on the {fmt.name} list (only listed cards may be played)",
            )
            continue
        # Without card data a passcode is all the deck says; the list knows the card's name.
        name = entry.card if card.name.isdigit() and not entry.card.isdigit() else card.name
        copies = f"{card.total} {'copy' if card.total == 1 else 'copies'}"
        # Every line of the card, as copy-limit names them: a .ydk lists each copy on its own
        # line, in any order, and the problem's `line` is the first only.
        lines = card_lines(card)
        place = where(card.by_zone, fmt.game, lines)
        days = _days(fmt, entry, ctx.platform)
        if entry.limit == 0:
            message = f"{name} is forbidden in {fmt.name}{days}: {copies}{place}"
        else:
            status = _STATUS.get(entry.limit, f"limited to {entry.limit}")
            message = f"{copies} of {name}{place}; {status} in {fmt.name}{days}"
        yield Problem(
            rule=ID, zone=card.first_zone, line=card.first_line, card=name, count=card.total, limit=entry.limit,
            message=message, details=lines_details(lines),  # in JSON as copy-limit's
        )


def _days(fmt: Format, entry: ListEntry, platform: str) -> str:
    """` (since D)` of a card's limit (`; lifted on E` when it ends with no limit after,
    as banned says), empty for an entry of no day."""
    text = fmt.dates_text(entry, "card_limits", platform)
    since = entry.window(platform)[0]
    return text.replace(f"since {since.isoformat()}", f"since {since_day(fmt, since)}", 1) if since else text


def since_day(fmt: Format, since: dt.date) -> str:
    """The day a card's limit began, `D or earlier` for the format's first list
    (`lists_known_from`): the lists before it are not held, so the card may have been
    limited before (the OCG lists start on 2021-01-01)."""
    first = as_date(fmt.option("lists_known_from"))
    return f"{since.isoformat()} or earlier" if since == first else since.isoformat()


def show(fmt: Format, day: dt.date) -> list[str]:
    limits = fmt.card_limits_on(day)
    # Each entry's first day as validate's messages and cards lookup say it (`since_day`).
    lines = entry_lines("card limits", limits, day, limits=True, since=lambda first: since_day(fmt, first)) if limits else []
    if fmt.option("whitelist"):
        lines.append("whitelist: only the cards on the card limits list may be played")
    return lines
