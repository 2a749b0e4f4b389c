"""banned: no card on the format's banned list in force on the event date, in any zone.

Format key `banned`: names, or `{card, since, until}` for dated entries (`since` is the
first day of the ban, `until` the day it was lifted; either may give a day per platform,
`{paper: D, mtgo: D2, arena: D3}`, where the ban took effect on different days). A
Yu-Gi-Oh! entry may give a passcode alone (`{code: 14558127}`): it bans the card the deck
lists under that passcode or counts as it, as `card_limits` entries match (rules/_listed.py).
Without card data a card listed by name has no passcode: a deck that lists one gets one
warning that such bans were not checked for it.

A synced card database newer than the bundled lists adds the bans it knows, for events on
or after its snapshot (rules/_fresh.py); the message names the database and its date.

FAIL (mtg/legacy on 2024-06-01): 1 Black Lotus -> "Black Lotus is banned in Legacy".
PASS (mtg/legacy on 2010-12-31): Survival of the Fittest (banned from 2011-01-01).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from typing import Any

from ..formats import Format
from ..formats.schema import DATED_LIST
from ..formats.show import ban_list_lines
from ..model import PLAYED_ZONES, Deck
from ..problem import WARNING, Problem
from ..wording import named_few
from ._cards import NO_DATA
from ._fresh import listed_only_by_database, newer_database, source
from .copy_limit import card_lines, lines_details, where
from ._listed import banned_cards
from .context import Context

ID = "banned"
KEYS = {"banned": DATED_LIST}


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format has a banned list, or a
    card-pool legality key a newer card database may ban cards by."""
    return bool(fmt.banned) or bool(fmt.pool_option("legality"))


def silent(fmt: Format, ctx: Context) -> bool:
    """Whether no deck meets this rule that day (rules.speaking): no card banned on the
    platform by the bundled lists, and no newer card database that may ban one."""
    return not fmt.banned_on(ctx.date, ctx.platform) and newer_database(fmt, ctx) is None


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    # Most decks hold no card banned that day, and the built-in data has no newer lists: a
    # set intersection (in C) tells so, and the deck costs no generator.
    # A format that bans no card by passcode that day (every Magic one) needs neither the
    # deck's passcodes nor by_code_unchecked's warning: its bans by name alone.
    by_code = fmt.banned_by_code_on(ctx.date, ctx.platform)
    banned = banned_cards(deck, fmt, ctx) if by_code else fmt.banned_on(ctx.date, ctx.platform)
    hits = ctx.totals(deck, PLAYED_ZONES).keys() & banned.keys() if banned else set()
    if not hits and newer_database(fmt, ctx) is None:
        return by_code_unchecked(deck, fmt, ctx) if by_code else ()
    return _problems(deck, fmt, ctx, banned, hits, bool(by_code))


def by_code_unchecked(deck: Deck, fmt: Format, ctx: Context) -> tuple[Problem, ...]:
    """Without card data, the one warning that the bans by passcode alone were not checked
    for the cards the deck lists by name: such a card has no passcode to match (as region
    and card-type say they went unchecked). None for a deck that lists every card by
    passcode (a .ydk), which they are checked against."""
    if ctx.cards is not None:
        return ()
    # An entry that names its card too (`{card: ..., code: ...}`) finds it by name.
    alone = sorted(code for code, entry in fmt.banned_by_code_on(ctx.date, ctx.platform).items() if entry.card == str(code))
    if not alone or all(entry.code is not None for entry in deck.in_zones(PLAYED_ZONES)):
        return ()
    codes = named_few([str(code) for code in alone], "more")
    return (Problem(rule=ID, severity=WARNING, message=f"bans by passcode alone ({codes}) not checked for the cards listed by name: {NO_DATA}"),)


def _problems(
    deck: Deck, fmt: Format, ctx: Context, banned: dict[str, Any], hits: set[str], by_code: bool,
) -> Iterator[Problem]:
    """The deck's cards on the bundled list `banned` in force that day (`hits`: their keys),
    then those only a newer card database bans, then by_code_unchecked's warning (`by_code`:
    the format bans a card by passcode that day)."""
    if hits:
        for card in ctx.tally(deck, PLAYED_ZONES, only=hits).values():
            lines = card_lines(card)
            yield Problem(
                rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total, limit=0,
                message=f"{card.name}{where({}, fmt.game, lines)} is banned in {fmt.name}"
                        f"{fmt.dates_text(banned[card.key], 'banned', ctx.platform)}",
                details=lines_details(lines),
            )
    for card in listed_only_by_database(deck, fmt, ctx, ID):
        lines = card_lines(card)
        yield Problem(
            rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total, limit=0,
            message=f"{card.name}{where({}, fmt.game, lines)} is banned in {fmt.name} according to {source(fmt, ctx)}",
            details={"listed_by": "card database", **(lines_details(lines) or {})},
        )
    if by_code:
        yield from by_code_unchecked(deck, fmt, ctx)


def show(fmt: Format, day: dt.date) -> list[str]:
    return ban_list_lines("banned", fmt, fmt.banned_on(day), day)
