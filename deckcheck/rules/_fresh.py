"""Bans a synced card database knows and the bundled lists do not yet (`banned`, `restricted`).

The bundled lists are dated history, known up to the format's `lists_known_up_to`. A
database synced later (Scryfall's legalities describe the day it was taken) may know of a
ban announced since: when its snapshot is newer than the bundled lists, for events on or
after that snapshot, a card its legality for the format's `card_pool.legality` key calls
`banned` (or `restricted`) and the bundled lists do not list is reported too, naming the
database and its date. It can only add bans: a card the bundled lists ban stays banned.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from typing import Any

from ..formats import Format
from ..model import PLAYED_ZONES, CardTally, Deck
from .context import Context
from .not_in_pool import legalities_snapshot


def newer_database(fmt: Format, ctx: Context) -> tuple[Any, str, dt.date] | None:
    """(catalog, legality key, snapshot day) when the deck's card data has legalities for the
    format, taken after the bundled lists' last known day and on or before the event; else None.
    Worked out once per catalog, format and day (banned and restricted ask for every deck):
    remembered in the format's memo (the answer lives and dies with the format, which the
    formats cache may drop: kept in the catalog's memo, it kept dropped formats alive), with
    the catalog and the format object it is for (a catalog's data does not change)."""
    catalog = ctx.cards
    if catalog is None:
        return _newer_database(fmt, ctx)
    remembered = fmt.memo.setdefault(_NEWER, {})
    found = remembered.get((id(catalog), ctx.date))
    # The catalog and the format it was worked out for: a copy of a format (`replace`)
    # shares its memo, with data of its own.
    if found is None or found[0] is not catalog or found[1] is not fmt:
        if len(remembered) >= _NEWER_KEPT:
            remembered.clear()
        found = remembered[(id(catalog), ctx.date)] = (catalog, fmt, _newer_database(fmt, ctx))
    return found[2]


_NEWER = ("fresh", "newer database")  # its key in a format's memo
_NEWER_KEPT = 32  # catalogs and days remembered per format (a batch asks about one or two)


def _newer_database(fmt: Format, ctx: Context) -> tuple[Any, str, dt.date] | None:
    catalog = ctx.cards
    key = fmt.pool_option("legality")
    snapshot = legalities_snapshot(fmt, catalog)
    if not key or snapshot is None or ctx.date < snapshot:
        return None
    return catalog, key, snapshot


def listed_only_by_database(deck: Deck, fmt: Format, ctx: Context, status: str) -> Iterable[CardTally]:
    """The deck's cards the newer database lists as `status` (`banned`, `restricted`) in the
    format while the bundled lists in force that day list them nowhere."""
    found = newer_database(fmt, ctx)
    if found is None:
        return ()  # the built-in data's case, asked twice a deck: no generator to start
    return _listed_only_by(found, deck, fmt, ctx, status)


def _listed_only_by(
    found: tuple[Any, str, dt.date], deck: Deck, fmt: Format, ctx: Context, status: str,
) -> Iterator[CardTally]:
    catalog, key, _ = found
    bundled = {**fmt.banned_on(ctx.date, ctx.platform), **fmt.restricted_on(ctx.date, ctx.platform)}
    for card in ctx.tally(deck, PLAYED_ZONES).values():
        if card.key in bundled:
            continue
        record = catalog.get(card.name)
        legalities = getattr(record, "legalities", None)
        if legalities is not None and legalities.get(key) == status:
            yield card


def source(fmt: Format, ctx: Context) -> str:
    """`the card database Scryfall oracle_cards of 2026-11-30 (newer than the bundled lists, known up to 2026-09-02)`."""
    found = newer_database(fmt, ctx)
    assert found is not None
    catalog, _, snapshot = found
    known = fmt.lists_known_up_to
    after = f", known up to {known.isoformat()}" if known else ""
    return f"the card database ({catalog.describe()}; legalities of {snapshot.isoformat()}, newer than the bundled lists{after})"
