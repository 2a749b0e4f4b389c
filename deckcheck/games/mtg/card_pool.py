"""Is a card in a format's card pool on a date? The decision behind the `not-in-pool` rule.

A format's `card_pool` says how to decide, and the two kinds of card database give
different evidence:

- `legality: pioneer` - Scryfall's per-card legality for that key. `not_legal` means
  outside the pool; `legal`, `restricted` and `banned` mean inside (bans are the `banned`
  rule's business). Scryfall describes *today*, so for formats whose sets rotate, a card
  that is `not_legal` now but was printed in a set legal on the event date was in the pool
  then (a 2024 Standard deck still had its rotated cards).
- `sets: [...]` (with `since`/`until` where sets rotate), `exclude_sets: [...]`,
  `exclude_types: [Plane, ...]`, `rarity: common` - decided from the card's printings: in the pool when one printing is
  in an allowed set, at an allowed rarity, in a set already released on that date. This is
  what a database built from printings alone (no legalities) relies on.

When the card has no legality for the key and the printings cannot settle it either,
the answer is UNDECIDED and the rule says so with a warning instead of guessing.

For speed, a card's printings are turned once into the date intervals during which the
card was in the pool (`Standing`); every deck and date after that is a comparison.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ...formats.model import as_date
from .cards import NOT_LEGAL, Card

# Magic Online and Arena release a set days before the paper date that Scryfall and
# sets.json record (3 days for Bloomburrow, 8 for Throne of Eldraine), and their events
# play the new cards at once: a set counts from 10 days before its release date.
DIGITAL_HEAD_START = dt.timedelta(days=10)


class Verdict(Enum):
    IN = "in"
    OUT = "out"
    UNDECIDED = "undecided"


@dataclass(frozen=True)
class SetWindow:
    code: str
    since: dt.date | None = None
    until: dt.date | None = None


@dataclass(frozen=True)
class CardPool:
    legality: str | None = None
    sets: tuple[SetWindow, ...] | None = None   # None: every set (minus exclude_sets)
    exclude_sets: frozenset[str] = frozenset()
    exclude_types: frozenset[str] = frozenset()
    rarities: frozenset[str] | None = None
    _by_code: dict[str, list[SetWindow]] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        for window in self.sets or ():
            self._by_code.setdefault(window.code, []).append(window)

    @property
    def rotates(self) -> bool:
        return self.sets is not None and any(window.until or window.since for window in self.sets)

    @property
    def decides_by_printings(self) -> bool:
        return self.sets is not None or bool(self.exclude_sets) or bool(self.exclude_types) or self.rarities is not None

    def windows(self, code: str) -> list[SetWindow] | None:
        """The windows of a set code (None: the pool names no sets, every set counts)."""
        if self.sets is None:
            return None
        return self._by_code.get(code, [])


def pool_from_spec(spec: Mapping[str, Any]) -> CardPool:
    """A CardPool from a format's `card_pool` mapping (already schema-checked)."""
    sets = None
    if spec.get("sets") is not None:
        windows = []
        for item in spec["sets"]:
            if isinstance(item, str):
                windows.append(SetWindow(item.lower()))
            else:
                windows.append(SetWindow(item["set"].lower(), as_date(item.get("since")), as_date(item.get("until"))))
        sets = tuple(windows)
    rarity = spec.get("rarity")
    rarities = None
    if rarity is not None:
        rarities = frozenset(r.lower() for r in ([rarity] if isinstance(rarity, str) else rarity))
    return CardPool(
        legality=spec.get("legality"),
        sets=sets,
        exclude_sets=frozenset(code.lower() for code in spec.get("exclude_sets") or ()),
        exclude_types=frozenset(spec.get("exclude_types") or ()),
        rarities=rarities,
    )


Interval = tuple["dt.date | None", "dt.date | None"]  # [start, end); None: open


@dataclass(frozen=True)
class Standing:
    """Everything a card's pool verdicts depend on, worked out once per card and pool.

    `status`: the legality for the pool's key (None: none). `intervals`: the days the
    printings put the card in the pool (None: the printings cannot tell).
    """

    status: str | None
    intervals: tuple[Interval, ...] | None
    # From this day on the card is in the pool for good (None: no such day): most cards of
    # most decks are decided by this one comparison.
    in_from: dt.date | None = None

    def printed_in_pool(self, day: dt.date) -> bool | None:
        if self.intervals is None:
            return None
        return any((start is None or start <= day) and (end is None or day < end) for start, end in self.intervals)


def _intervals(card: Card, pool: CardPool, released: Callable[[str], dt.date | None]) -> tuple[Interval, ...] | None:
    if not pool.decides_by_printings:
        return None
    if pool.exclude_types.intersection(card.types):
        return ()
    if not card.printings:
        return None
    found: list[Interval] = []
    unknown_rarity = False
    for printing in card.printings:
        if printing.set in pool.exclude_sets:
            continue
        if pool.rarities is not None:
            if not printing.rarity:
                unknown_rarity = True
                continue
            if printing.rarity not in pool.rarities:
                continue
        first_day = released(printing.set)
        out = first_day - DIGITAL_HEAD_START if first_day is not None else None
        windows = pool.windows(printing.set)
        if windows is None:
            found.append((out, None))
            continue
        for window in windows:
            start = out
            if window.since is not None:
                opens = window.since - DIGITAL_HEAD_START
                if start is None or opens > start:
                    start = opens
            if window.until is None or start is None or start < window.until:
                found.append((start, window.until))
    if not found and unknown_rarity:
        return None
    return tuple(found)


def standing(card: Card, pool: CardPool, released: Callable[[str], dt.date | None]) -> Standing:
    status = card.legalities.get(pool.legality) if pool.legality and card.legalities is not None else None
    intervals = _intervals(card, pool, released)
    in_from = None
    if status is not None and status != NOT_LEGAL:
        in_from = dt.date.min
    elif intervals and (status is None or pool.rotates):
        open_ended = [start or dt.date.min for start, end in intervals if end is None]
        in_from = min(open_ended, default=None)
    return Standing(status, intervals, in_from)


def verdict_on(standing: Standing, pool: CardPool, day: dt.date) -> tuple[Verdict, str]:
    """(verdict, how it was decided) for a card's standing on one day."""
    if standing.status is not None:
        if standing.status != NOT_LEGAL:
            return Verdict.IN, "legality"
        if pool.rotates and standing.printed_in_pool(day):
            return Verdict.IN, "sets"
        return Verdict.OUT, "legality"
    printed = standing.printed_in_pool(day)
    if printed is None:
        return Verdict.UNDECIDED, "none"
    return (Verdict.IN if printed else Verdict.OUT), "sets"


def decide(card: Card, pool: CardPool, day: dt.date, released: Callable[[str], dt.date | None]) -> tuple[Verdict, str]:
    """(verdict, how it was decided) for one card on one day."""
    return verdict_on(standing(card, pool, released), pool, day)
