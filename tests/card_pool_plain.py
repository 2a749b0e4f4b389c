"""The plain way of working out a card's standing in a pool: games/mtg/card_pool.py as it
was before its standing took the shortcuts of speed work (a memo of what a card's printings
say per platform, shared by every pool; set windows worked out once per pool). Kept verbatim
so that tests/test_card_pool_equivalence.py can hold the fast way to it: any divergence fails."""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from deckcheck.games.mtg.availability import Availability
from deckcheck.games.mtg.card_pool import CardPool, SetWindow, Standing, Window
from deckcheck.games.mtg.cards import NOT_LEGAL, PAPER, Card, Printing


def _window_span(window: SetWindow, availability: Availability, platform: str,
                 printed: dt.date | None) -> tuple[dt.date, dt.date | None]:
    """[start, end) of a set window on a platform, for a printing out on `printed`."""
    start = printed or dt.date.min
    opens = window.since
    if opens is not None and opens > start:
        start = opens
    end = window.until
    if window.rotated_by:
        rotating = availability.rotation_day(window.rotated_by, platform)
        if rotating is not None:
            end = rotating
    return start, end


def _dates(printings: Iterable[Printing], availability: Availability, platform: str) -> list[tuple[Printing, dt.date]]:
    """(printing, its day on the platform) for every printing out there, umbrella
    printings moved no earlier than the card's first real printing."""
    found: list[tuple[Printing, dt.date, bool]] = []
    first_real: dt.date | None = None
    for printing in printings:
        day = availability.on(printing, platform)
        if day is None:
            continue
        umbrella = availability.umbrella(printing.set)
        found.append((printing, day, umbrella))
        if not umbrella and (first_real is None or day < first_real):
            first_real = day
    if first_real is None:
        return [(printing, day) for printing, day, _ in found]
    return [(printing, max(day, first_real) if umbrella else day) for printing, day, umbrella in found]


def first_release(printings: Iterable[Printing], availability: Availability,
                  platform: str = PAPER) -> tuple[dt.date, Printing] | None:
    """(day, printing) of a card's first release on `platform`, umbrella sets never counting
    before its first real printing; None when it never came out there."""
    return min(((day, printing) for printing, day in _dates(printings, availability, platform)),
               key=lambda pair: (pair[0], availability.umbrella(pair[1].set)), default=None)


def _qualifying(printings: tuple[Printing, ...], availability: Availability, platforms: Iterable[str],
                known: str, known_dates: list[tuple[Printing, dt.date]]) -> list[tuple[Printing, dt.date]]:
    """(printing, its earliest day on any of `platforms`) for the printings that can put a
    card in the pool; `known_dates` are the `_dates` of platform `known`, already worked out."""
    earliest: dict[Printing, dt.date] = {}
    for platform in platforms:
        dated = known_dates if platform == known else _dates(printings, availability, platform)
        for printing, day in dated:
            if printing not in earliest or day < earliest[printing]:
                earliest[printing] = day
    return list(earliest.items())


def _by_name(printings: tuple[Printing, ...], here: list[tuple[Printing, dt.date]], availability: Availability,
             platform: str, first_out: dt.date | None) -> list[tuple[Printing, dt.date]]:
    """(printing, the day it counts on `platform`) for the printings that can put a card in
    the pool there: those out on the platform from their day there, and on Magic Online or
    Arena also the paper printings that never came there, from the day the card itself did.
    A format admits a card by name (any printing of a legal card is legal), so Thoughtseize,
    a Pioneer card of Theros that came to Arena only with Breaking News (not a Pioneer set),
    is Pioneer on Arena from Breaking News's day there. A printing out on the platform keeps
    its own day: a reprint in a new Standard set counts on Arena from the set's release
    there, not from its earlier paper prerelease."""
    if platform == PAPER or first_out is None:
        return here
    carried = {printing for printing, _ in here}
    return here + [(printing, max(day, first_out)) for printing, day in _dates(printings, availability, PAPER)
                   if printing not in carried]


def standing(card: Card, printings: Iterable[Printing], pool: CardPool, *, availability: Availability,
             platform: str = PAPER, snapshot: dt.date | None = None) -> Standing:
    """A card's standing in `pool` on `platform`; `printings` are all its known printings
    (the database's and the built-in data's), `snapshot` the day its legalities describe."""
    status = card.legalities.get(pool.legality) if pool.legality and card.legalities is not None else None
    printings = tuple(printings)
    here = _dates(printings, availability, platform)
    first_out = min((day for _, day in here), default=None)
    on = pool.printed_on or (platform,)
    dated = _by_name(printings, here, availability, platform, first_out) if tuple(on) == (platform,) \
        else _qualifying(printings, availability, on, platform, here)  # Pauper: paper's days are `here`
    windows: tuple[Window, ...] | None = None
    if pool.exclude_types.intersection(card.types):
        windows = ()
    elif printings and all(availability.never_on(printing, platform) for printing in printings):
        windows = ()  # never out on the event's platform (an Arena-only card on paper): outside
    elif pool.decides_by_printings:
        found: list[Window] = []
        unknown_rarity = False
        for printing, day in dated:
            if printing.set in pool.exclude_sets:
                continue
            if pool.rarities is not None:
                if not printing.rarity:
                    unknown_rarity = True
                    continue
                if printing.rarity not in pool.rarities:
                    continue
            set_windows = pool.windows(printing.set)
            if set_windows is None:
                found.append(Window(day, None, printing))
                continue
            for set_window in set_windows:
                start, end = _window_span(set_window, availability, platform, day)
                if end is None or start < end:
                    found.append(Window(start, end, printing))
        # Nothing dated says nothing, except where the pool names its platforms and the card
        # is out, but never there (a paper-only card in Arena's Brawl): that is outside.
        known = bool(dated) or bool(pool.printed_on and here)
        windows = None if not found and (unknown_rarity or not known) else tuple(found)
    in_from = None
    if status is not None and snapshot is not None and status != NOT_LEGAL:
        in_from = snapshot
    if windows:
        open_ended = [window.start for window in windows if window.end is None]
        if open_ended and (status is None or status != NOT_LEGAL or snapshot is None):
            earliest = min(open_ended)
            in_from = earliest if in_from is None else min(in_from, earliest)
    closed_from = _closed_from(printings, pool, availability, platform) if windows is None else None
    return Standing(status, snapshot, windows, first_out, in_from, closed_from)


def _closed_from(printings: tuple[Printing, ...], pool: CardPool, availability: Availability,
                 platform: str) -> dt.date | None:
    """Standing.closed_from: the day the last window of the sets the pool holds ends for the
    card's printings, whatever day each came out (`date.min` when none is in such a set)."""
    if pool.sets is None or not printings:
        return None  # every set counts, or nothing is known of the card's printings
    closed = dt.date.min
    for printing in printings:
        if printing.set in pool.exclude_sets:
            continue
        # Every printing, whatever its rarity: a later closing day is the safe side.
        for set_window in pool.windows(printing.set):  # a list: the pool names its sets
            _, end = _window_span(set_window, availability, platform, None)
            if end is None:
                return None
            closed = max(closed, end)
    return closed
