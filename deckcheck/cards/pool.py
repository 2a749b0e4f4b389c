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
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .model import NOT_LEGAL, Card

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

    def open_on(self, day: dt.date) -> bool:
        """Legal on `day`, counting the digital head start of a newly released set."""
        return (self.since is None or self.since <= day + DIGITAL_HEAD_START) and (self.until is None or day < self.until)


@dataclass(frozen=True)
class CardPool:
    legality: str | None = None
    sets: tuple[SetWindow, ...] | None = None   # None: every set (minus exclude_sets)
    exclude_sets: frozenset[str] = frozenset()
    exclude_types: frozenset[str] = frozenset()
    rarities: frozenset[str] | None = None
    # Sets open per day, worked out once per day asked (a batch asks for few dates).
    _open: dict[dt.date, frozenset[str] | None] = field(default_factory=dict, compare=False, repr=False)

    @property
    def rotates(self) -> bool:
        return self.sets is not None and any(window.until or window.since for window in self.sets)

    @property
    def decides_by_printings(self) -> bool:
        return self.sets is not None or bool(self.exclude_sets) or bool(self.exclude_types) or self.rarities is not None

    def windows_on(self, day: dt.date) -> frozenset[str] | None:
        if self.sets is None:
            return None
        if day not in self._open:
            self._open[day] = frozenset(window.code for window in self.sets if window.open_on(day))
        return self._open[day]


def _date(value: Any) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value))


def pool_from_spec(spec: Mapping[str, Any]) -> CardPool:
    """A CardPool from a format's `card_pool` mapping (already schema-checked)."""
    sets = None
    if spec.get("sets") is not None:
        windows = []
        for item in spec["sets"]:
            if isinstance(item, str):
                windows.append(SetWindow(item.lower()))
            else:
                windows.append(SetWindow(item["set"].lower(), _date(item.get("since")), _date(item.get("until"))))
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


def by_printings(card: Card, pool: CardPool, day: dt.date, released: Callable[[str], dt.date | None]) -> bool | None:
    """True/False from the card's printings, or None when they cannot tell."""
    if not pool.decides_by_printings:
        return None
    if pool.exclude_types.intersection(card.types):
        return False
    if not card.printings:
        return None
    allowed = pool.windows_on(day)
    unknown_rarity = False
    for printing in card.printings:
        if printing.set in pool.exclude_sets or (allowed is not None and printing.set not in allowed):
            continue
        first_day = released(printing.set)
        if first_day is not None and first_day > day + DIGITAL_HEAD_START:
            continue
        if pool.rarities is not None:
            if not printing.rarity:
                unknown_rarity = True
                continue
            if printing.rarity not in pool.rarities:
                continue
        return True
    return None if unknown_rarity else False


def decide(card: Card, pool: CardPool, day: dt.date, released: Callable[[str], dt.date | None]) -> tuple[Verdict, str]:
    """(verdict, how it was decided) for one card on one day."""
    status = None
    if pool.legality and card.legalities is not None:
        status = card.legalities.get(pool.legality)
    if status is not None:
        if status != NOT_LEGAL:
            return Verdict.IN, "legality"
        if pool.rotates and by_printings(card, pool, day, released):
            return Verdict.IN, "sets"
        return Verdict.OUT, "legality"
    printed = by_printings(card, pool, day, released)
    if printed is None:
        return Verdict.UNDECIDED, "none"
    return (Verdict.IN if printed else Verdict.OUT), "sets"
