"""banned: no card on the format's banned list in force on the event date, in any zone.

Format key `banned`: names, or `{card, since, until}` for dated entries (`since` is the
first day of the ban, `until` the day it was lifted).

FAIL (mtg/legacy on 2024-06-01): 1 Black Lotus -> "Black Lotus is banned in Legacy".
PASS (mtg/legacy on 2010-12-31): Survival of the Fittest (banned from 2011-01-01).
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

ID = "banned"
KEYS = {"banned": DATED_LIST}


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format has a banned list."""
    return bool(fmt.banned)


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    banned = fmt.banned_on(ctx.date)
    if not banned:
        return
    hits = ctx.totals(deck, PLAYED_ZONES).keys() & banned.keys()
    if not hits:
        return
    for card in ctx.tally(deck, PLAYED_ZONES).values():
        if card.key in hits:
            since = banned[card.key].since
            when = f" (since {since.isoformat()})" if since else ""
            yield Problem(
                rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total, limit=0,
                message=f"{card.name} is banned in {fmt.name}{when}",
            )


def show(fmt: Format, day: dt.date) -> list[str]:
    return entry_lines("banned", fmt.banned_on(day), day)
