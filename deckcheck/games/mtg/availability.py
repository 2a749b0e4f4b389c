"""When a printing came out on each platform (paper, Magic Online, MTG Arena).

A set is released on paper on its `released` date; Magic Online and Arena usually have it
a few days earlier, and some sets exist on one platform only. The card data records, per
set, the MTGO and Arena release days that were researched (scripts/data/mtg_sets.csv,
with sources), and per printing where the source says it (Scryfall's `games` and
`released_at`). Where nothing is known, these documented defaults apply
(docs/card-data.md#platforms):

- paper: the day the set became tournament legal: its release date, or since Phyrexia:
  All Will Be One (2023) its prerelease a week earlier (`paper_legal`, MTR 3.7); an
  umbrella set's printing counts from its own date; digital-only sets and printings are
  not on paper;
- Magic Online: the researched MTGO day of the set; else a digital printing's own
  date; else the paper date (a paper set counts on MTGO from its paper release);
- Arena: the researched Arena day of the set; else the printing's own date when the
  source says it is on Arena; else the printing is not on Arena (Arena carries the sets
  in the table only).

Umbrella sets (Scryfall set types `promo`, `box`, `memorabilia`, `masterpiece`: Pro
Tour promos, Secret Lair, Mythic Edition, Inventions) carry one date for printings
released over years, so `card_pool` never lets their date make a card older than its
first printing in a real set (Teferi, Hero of Dominaria's Pro Tour promo sits in a set
dated 2007).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from .cards import PLATFORMS, Printing, SetInfo

MTGO, ARENA = PLATFORMS[1], PLATFORMS[2]
NEVER = "none"  # a set's `mtgo`/`arena` value: it never came out there
UMBRELLA_KINDS = frozenset({"promo", "box", "memorabilia", "masterpiece"})
PLATFORM_LABELS = {"paper": "paper", "mtgo": "Magic Online", "arena": "MTG Arena"}
# The first day an event could be played on each digital platform (rule format-platform):
# Magic Online went live on 2002-06-24 (https://www.magicuntapped.com/index.php/articles/item/
# 527-wotc-celebrates-20-years-of-magic-the-gathering-online); MTG Arena's open beta began on
# 2018-09-27, the day the researched Arena release days start (scripts/data/mtg_sets.csv).
PLATFORM_OPENED = {MTGO: (dt.date(2002, 6, 24), ""), ARENA: (dt.date(2018, 9, 27), " (its open beta)")}


_UNASKED = object()  # `Availability.on`'s memo holds None for a printing never out there


def _date(text: str | None) -> dt.date | None:
    if not text or text == NEVER:
        return None
    try:
        return dt.date.fromisoformat(text[:10])
    except ValueError:
        return None


class Availability:
    """Release days of printings per platform, from the sets a catalog knows."""

    def __init__(self, sets: Mapping[str, SetInfo]):
        self.sets = sets
        # The codes of the umbrella sets (see the module's docstring): asked of every printing.
        self.umbrellas = frozenset(code for code, info in sets.items() if info.kind in UMBRELLA_KINDS)
        # `on`'s answers by platform, then printing (no key tuple to build per printing).
        self._memo: dict[str, dict[Printing, dt.date | None]] = {platform: {} for platform in PLATFORMS}
        # What card_pool.py works out from these days (a card's printings on a platform, a
        # pool's set windows), by its own keys: it lives and dies with the sets it comes from.
        self.derived: dict[Any, Any] = {}

    def umbrella(self, code: str) -> bool:
        return code in self.umbrellas

    def rotation_day(self, code: str, platform: str) -> dt.date | None:
        """The day a set's arrival rotates older sets out of a format on `platform`: its
        paper release (not its earlier prerelease legality), or its release there."""
        if platform == PLATFORMS[0]:
            info = self.sets.get(code)
            return _date(info.released) if info is not None else None
        return self.on(Printing(code, ""), platform)

    def on(self, printing: Printing, platform: str) -> dt.date | None:
        """The day `printing` came out on `platform`, or None: never there (or no date known)."""
        memo = self._days(platform)
        found = memo.get(printing, _UNASKED)
        if found is _UNASKED:
            found = memo[printing] = self._on(printing, platform)
        return found

    def _days(self, platform: str) -> dict[Printing, dt.date | None]:
        """`on`'s answers on one platform (a platform no event names is answered too)."""
        memo = self._memo.get(platform)
        return memo if memo is not None else self._memo.setdefault(platform, {})

    def dated(self, printings: Iterable[Printing], platform: str) -> list[tuple[Printing, dt.date]]:
        """(printing, `on` its day) for each of `printings` out on `platform`: `on` for a
        card's printings at once (card_pool asks it of every card a batch meets)."""
        memo = self._days(platform)
        found = []
        for printing in printings:
            day = memo.get(printing, _UNASKED)
            if day is _UNASKED:
                day = memo[printing] = self._on(printing, platform)
            if day is not None:
                found.append((printing, day))
        return found

    def never_on(self, printing: Printing, platform: str) -> bool:
        """Whether `printing` certainly never came out on `platform` (where `on` also says
        None for a day nobody knows): a digital printing or a digital-only set's on paper, a
        set researched as never there. Arena's default (a set missing from the table) is not
        certain: the data lacks Arena-only reprint sets; nor is one paper printing's absence
        from a digital platform (Scryfall's oracle_cards keeps one printing a card)."""
        info = self.sets.get(printing.set)
        if platform == MTGO or platform == ARENA:
            return info is not None and (info.mtgo if platform == MTGO else info.arena) == NEVER
        if printing.platforms:
            return platform not in printing.platforms
        return info is not None and bool(info.digital)

    def _on(self, printing: Printing, platform: str) -> dt.date | None:
        if printing.platforms and platform not in printing.platforms:
            return None
        info = self.sets.get(printing.set) or SetInfo(printing.set)
        own = _date(printing.released)
        paper = own or _date(info.released)
        if platform == MTGO or platform == ARENA:
            researched = info.mtgo if platform == MTGO else info.arena
            if researched == NEVER:
                return None
            if researched and not self.umbrella(printing.set):
                return _date(researched)
            if own is not None and (printing.platforms or info.digital):
                return own  # a digital printing's own day
            if platform == ARENA and not printing.platforms:
                return None  # Arena has only the sets the table names
            return paper
        if info.digital and not printing.platforms:
            return None
        legal = _date(info.paper_legal)
        if legal is not None and not self.umbrella(printing.set):
            return legal
        return paper
