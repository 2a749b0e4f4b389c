"""Is a card in a format's card pool on a date, on a platform? The decision behind the
`not-in-pool` rule and `cards lookup --format`.

A card is in the pool on a day when one of its printings was out on the event's platform
by then (games/mtg/availability.py) and the format's `card_pool` admits that printing; on
Magic Online and Arena a paper printing the platform never carried also counts, from the
day the card came there in another printing (a format admits a card by name):

- `sets: [...]` - the printing's set is listed, and the day falls in its window: from
  `since` (default: the set's own release on the platform) to `until`, or, with
  `rotated_by: SET`, to that set's release on the platform (Standard's oldest sets leave
  the day the new one arrives, which on Arena and MTGO is days before paper);
- `exclude_sets`, `exclude_types`, `rarity` - printings in those sets never count, cards
  of those types are never deck cards, a printing must be at that rarity (Pauper);
- `printed_on: [paper, mtgo]` - printings on these platforms qualify a card wherever the
  event is played (Pauper: a common printing on paper or on Magic Online); the card must
  still be out on the event's platform by the date. Default: the event's platform only.

Every pool is bounded by the date, whether it names sets or not: a card with no printing
out by the event day is not in the pool (Ragavan in Legacy in 2015). An umbrella set's
printing (a Pro Tour promo dated 2007) never counts before the card's first printing in
a real set.

`legality: KEY` names the card database's legality for the format (Scryfall data). A
legality describes the day the data was taken, so it decides only from that snapshot
day on ("current legalities never decide a past date"); before it, the printings decide.
Where neither settles a card (a pool without set or rarity rules, a card without
printings) the verdict is UNDECIDED and the rule warns instead of guessing.

For speed, a card's printings become, once per card, pool and platform, the date windows
during which it is in the pool (`Standing`); every deck and date after that is a
comparison. What the printings say on a platform whatever the pool (their days there) is
worked out once per card and shared by every pool (`_printed`), and a pool's set windows
once per platform (`CardPool.spans`): a batch meets most cards in several formats.
"""
from __future__ import annotations

import datetime as dt
import weakref
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any

from ...formats.model import as_date
from ...record import Record
from .availability import Availability
from .cards import NOT_LEGAL, PAPER, Card, Printing


class Verdict(Enum):
    IN = "in"
    OUT = "out"
    UNDECIDED = "undecided"


class SetWindow(Record):
    """A set of a pool: in it from `since` (None: its own release on the platform) until
    `until`, or until `rotated_by`'s release on the platform when that is known."""

    # The classes of this module are Records, not dataclasses: defined at every start-up
    # (deckcheck/record.py).
    __slots__ = ("code", "since", "until", "rotated_by")

    def __init__(self, code: str, since: dt.date | None = None, until: dt.date | None = None,
                 rotated_by: str | None = None):
        self.code = code
        self.since = since
        self.until = until
        self.rotated_by = rotated_by


# A pool's set windows on a platform by set code: (since, end) of each, where a printing
# out on day D opens [max(D, since), end) (`_window_span`).
SetSpans = dict[str, list[tuple[dt.date | None, dt.date | None]]]


class Holding:
    """What a pool holds, as a key of the memos of card standings and verdicts
    (rules/not_in_pool.py): one per distinct content (`CardPool.holding`), compared by
    identity. A pool's id would do only while the pool lives: a pool freed and another made
    at its address read the dead one's verdicts."""

    __slots__ = ("__weakref__",)


# The Holding of each content a pool holds, keyed by such a pool (equal pools are one key)
# and weakly: the content goes with that pool, and an equal pool made later gets a Holding
# of its own. A memo's key keeps only the Holding, which holds nothing: keyed by the
# content, this kept every pool's sets while the memos kept their tables (up to
# MAX_MEMO_KEYS), long after the formats were dropped (a server checking decks against
# its users' uploads grew without end).
_HOLDINGS: weakref.WeakKeyDictionary[CardPool, Holding] = weakref.WeakKeyDictionary()


class CardPool(Record):
    # `_by_code` (the windows by set code), `_spans` and `_holdings` live in `__dict__`:
    # not fields, so outside ==, the hash, the repr and `replace`.
    __slots__ = ("legality", "sets", "exclude_sets", "exclude_types", "rarities", "printed_on", "__dict__", "__weakref__")

    def __init__(self, legality: str | None = None,
                 sets: tuple[SetWindow, ...] | None = None,   # None: every set (minus exclude_sets)
                 exclude_sets: frozenset[str] = frozenset(), exclude_types: frozenset[str] = frozenset(),
                 rarities: frozenset[str] | None = None,
                 printed_on: tuple[str, ...] = ()):   # (): the event's platform
        self.legality = legality
        self.sets = sets
        self.exclude_sets = exclude_sets
        self.exclude_types = exclude_types
        self.rarities = rarities
        self.printed_on = printed_on
        self._by_code: dict[str, list[SetWindow]] = {}
        self._spans: dict[str, tuple[Availability, SetSpans]] = {}  # by platform (`spans`)
        # By whether the legality counts (`holding`), with the copy that keys it in _HOLDINGS
        # when that is not this pool.
        self._holdings: dict[bool, tuple[Holding, CardPool | None]] = {}
        for window in sets or ():
            self._by_code.setdefault(window.code, []).append(window)

    @property
    def decides_by_printings(self) -> bool:
        return self.sets is not None or bool(self.exclude_sets) or bool(self.exclude_types) or self.rarities is not None

    def windows(self, code: str) -> list[SetWindow] | None:
        """The windows of a set code (None: the pool names no sets, every set counts)."""
        if self.sets is None:
            return None
        return self._by_code.get(code, [])

    def spans(self, availability: Availability, platform: str) -> SetSpans | None:
        """The pool's set windows on `platform` by set code, as (since, end) pairs: `end` is
        `until`, or `rotated_by`'s release there when that is known (None: the pool names no
        sets). Worked out once per platform for the last availability that asked: every
        card a batch meets in the pool reads them."""
        if self.sets is None:
            return None
        held = self._spans.get(platform)
        if held is not None and held[0] is availability:
            return held[1]
        found: SetSpans = {}
        for window in self.sets:
            found.setdefault(window.code, []).append((window.since, _window_span(window, availability, platform, None)[1]))
        self._spans[platform] = (availability, found)
        return found

    def holding(self, legality_counts: bool) -> Holding:
        """The pool's Holding: the same for every pool with the same fields, the legality
        key aside unless it counts (a card database's legalities decide only from their
        snapshot on: without one, Legacy's and Vintage's pools hold the same cards)."""
        found = self._holdings.get(legality_counts)
        if found is None:
            # The key lives as long as this pool does: the pool, or a copy without the
            # legality kept beside the Holding.
            key = self if legality_counts or self.legality is None else self.replace(legality=None)
            holding = _HOLDINGS.get(key)
            if holding is None:
                holding = _HOLDINGS.setdefault(key, Holding())
            found = self._holdings[legality_counts] = (holding, None if key is self else key)
        return found[0]

    def __getstate__(self) -> tuple[dict[str, Any], dict[str, Any]]:
        # A pool travels to batch workers without its spans (and the availability they came
        # from) and holdings (the memos' keys of this process).
        fields = {name: getattr(self, name) for name in self.record_fields()}
        return {**self.__dict__, "_spans": {}, "_holdings": {}}, fields

    def sets_on(self, day: dt.date, availability: Availability, platform: str = PAPER) -> list[str]:
        """The codes of the sets in the pool on `day` on `platform` (for `formats show`)."""
        found = []
        for window in self.sets or ():
            out = availability.on(Printing(window.code, ""), platform)
            start, end = _window_span(window, availability, platform, out)
            if out is not None and start <= day and (end is None or day < end):
                found.append(window.code)
        return found


def pool_from_spec(spec: Mapping[str, Any]) -> CardPool:
    """A CardPool from a format's `card_pool` mapping (already schema-checked)."""
    sets = None
    if spec.get("sets") is not None:
        windows = []
        for item in spec["sets"]:
            if isinstance(item, str):
                windows.append(SetWindow(item.lower()))
            else:
                rotated_by = item.get("rotated_by")
                windows.append(SetWindow(item["set"].lower(), as_date(item.get("since")), as_date(item.get("until")),
                                         rotated_by.lower() if rotated_by else None))
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
        printed_on=tuple(spec.get("printed_on") or ()),
    )


class Window(Record):
    """Days [start, end) a printing puts the card in the pool (None: open); `printing`
    says which."""

    __slots__ = ("start", "end", "printing")

    def __init__(self, start: dt.date, end: dt.date | None, printing: Printing):
        self.start = start
        self.end = end
        self.printing = printing

    def covers(self, day: dt.date) -> bool:
        return self.start <= day and (self.end is None or day < self.end)


class Standing(Record):
    """Everything a card's verdicts in one pool on one platform depend on, worked out once.

    `status`: the database's legality for the pool's key (None: none), which decides from
    `snapshot` on. `windows`: the days the printings put the card in the pool (None: the
    printings cannot tell). `first_out`: the first day any printing was out on the
    platform (None: never). `in_from`: from this day on the card is in the pool for good
    (None: no such day) - most cards of most decks are decided by this one comparison.
    `closed_from`, when the printings cannot tell: from this day on no printing can put the
    card in the pool, whatever day it came out on the platform (every window of the sets
    the pool holds has ended; Mox Opal in Standard on Arena, where nobody knows whether it
    ever came); None when a window stays open or the pool names no sets.
    """

    __slots__ = ("status", "snapshot", "windows", "first_out", "in_from", "closed_from")

    def __init__(self, status: str | None, snapshot: dt.date | None, windows: tuple[Window, ...] | None,
                 first_out: dt.date | None, in_from: dt.date | None = None, closed_from: dt.date | None = None):
        self.status = status
        self.snapshot = snapshot
        self.windows = windows
        self.first_out = first_out
        self.in_from = in_from
        self.closed_from = closed_from


class Decision(Record):
    """A verdict and how it was reached: `how` is `legality` (the database, on or after
    its snapshot), `sets` (a printing in the pool), `unreleased` (no printing out yet on
    the platform), `type` (never a deck card) or `none`."""

    __slots__ = ("verdict", "how", "window")

    def __init__(self, verdict: Verdict, how: str, window: Window | None = None):
        self.verdict = verdict
        self.how = how
        self.window = window


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
    found = availability.dated(printings, platform)
    umbrellas = availability.umbrellas
    first_real: dt.date | None = None
    umbrella = False
    for printing, day in found:
        if printing.set in umbrellas:
            umbrella = True
        elif first_real is None or day < first_real:
            first_real = day
    if umbrella and first_real is not None:
        return [(printing, max(day, first_real) if printing.set in umbrellas else day) for printing, day in found]
    return found


def first_release(printings: Iterable[Printing], availability: Availability,
                  platform: str = PAPER) -> tuple[dt.date, Printing] | None:
    """(day, printing) of a card's first release on `platform`, umbrella sets never counting
    before its first real printing; None when it never came out there."""
    return min(((day, printing) for printing, day in _dates(printings, availability, platform)),
               key=lambda pair: (pair[0], availability.umbrella(pair[1].set)), default=None)


class _Printed(Record):
    """What a card's printings say on one platform, whatever the pool: worked out once per
    card and platform (`_printed`) and shared by every pool that asks (a batch of six
    formats meets most cards in several).

    `dated`: `_dates` of the platform; `first_out`: the earliest of those days (None: never
    out there); `by_name`: `_by_name`'s printings; `never_there`: every printing certainly
    never came out on the platform (Availability.never_on)."""

    __slots__ = ("dated", "first_out", "by_name", "never_there")

    def __init__(self, dated: list[tuple[Printing, dt.date]], first_out: dt.date | None,
                 by_name: list[tuple[Printing, dt.date]], never_there: bool):
        self.dated = dated
        self.first_out = first_out
        self.by_name = by_name
        self.never_there = never_there


def _printed(printings: tuple[Printing, ...], availability: Availability, platform: str) -> _Printed:
    """`_Printed` of a card's printings on `platform`, remembered with the availability the
    days come from (so never across card data)."""
    key = (printings, platform)
    found = availability.derived.get(key)
    if found is None:
        dated = _dates(printings, availability, platform)
        first_out = min([day for _, day in dated], default=None)
        # A printing out on the platform (dated) never is one never there: only a card with
        # none dated can be never there.
        never_there = not dated and bool(printings) and all(availability.never_on(printing, platform) for printing in printings)
        found = availability.derived[key] = _Printed(
            dated, first_out, _by_name(printings, dated, availability, platform, first_out), never_there)
    return found


def _qualifying(printings: tuple[Printing, ...], availability: Availability,
                platforms: Iterable[str]) -> list[tuple[Printing, dt.date]]:
    """(printing, its earliest day on any of `platforms`) for the printings that can put a
    card in the pool."""
    earliest: dict[Printing, dt.date] = {}
    for platform in platforms:
        for printing, day in _printed(printings, availability, platform).dated:
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
    return here + [(printing, max(day, first_out)) for printing, day in _printed(printings, availability, PAPER).dated
                   if printing not in carried]


def _windows(dated: list[tuple[Printing, dt.date]], pool: CardPool, spans: SetSpans | None,
             known: bool) -> tuple[Window, ...] | None:
    """The windows the `dated` printings open in the pool (`spans`: its set windows);
    None when they cannot tell: none opens, and a printing's rarity is unknown or nothing
    is `known` of the card's days."""
    found: list[Window] = []
    unknown_rarity = False
    excluded, rarities = pool.exclude_sets, pool.rarities
    for printing, day in dated:
        if printing.set in excluded:
            continue
        if rarities is not None:
            if not printing.rarity:
                unknown_rarity = True
                continue
            if printing.rarity not in rarities:
                continue
        if spans is None:
            found.append(Window(day, None, printing))
            continue
        for since, end in spans.get(printing.set, ()):
            start = since if since is not None and since > day else day
            if end is None or start < end:
                found.append(Window(start, end, printing))
    return None if not found and (unknown_rarity or not known) else tuple(found)


def standing(card: Card, printings: Iterable[Printing], pool: CardPool, *, availability: Availability,
             platform: str = PAPER, snapshot: dt.date | None = None) -> Standing:
    """A card's standing in `pool` on `platform`; `printings` are all its known printings
    (the database's and the built-in data's), `snapshot` the day its legalities describe."""
    status = card.legalities.get(pool.legality) if pool.legality and card.legalities is not None else None
    printings = tuple(printings)
    printed = _printed(printings, availability, platform)
    windows: tuple[Window, ...] | None = None
    if pool.exclude_types and not pool.exclude_types.isdisjoint(card.types):
        windows = ()
    elif printed.never_there:
        windows = ()  # never out on the event's platform (an Arena-only card on paper): outside
    elif pool.decides_by_printings:
        if not pool.printed_on or tuple(pool.printed_on) == (platform,):
            dated = printed.by_name
        else:
            dated = _qualifying(printings, availability, pool.printed_on)  # Pauper: paper or MTGO printings
        # Nothing dated says nothing, except where the pool names its platforms and the card
        # is out, but never there (a paper-only card in Arena's Brawl): that is outside.
        known = bool(dated) or bool(pool.printed_on and printed.dated)
        windows = _windows(dated, pool, pool.spans(availability, platform), known)
    in_from = None
    if status is not None and snapshot is not None and status != NOT_LEGAL:
        in_from = snapshot
    if windows:
        open_ended = [window.start for window in windows if window.end is None]
        if open_ended and (status is None or status != NOT_LEGAL or snapshot is None):
            earliest = min(open_ended)
            in_from = earliest if in_from is None else min(in_from, earliest)
    closed_from = _closed_from(printings, pool, availability, platform) if windows is None else None
    return Standing(status, snapshot, windows, printed.first_out, in_from, closed_from)


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


def verdict_on(card: Card, standing: Standing, pool: CardPool, day: dt.date,
               lists_known_up_to: dt.date | None = None) -> Decision:
    """The decision for a card's standing on one day. `lists_known_up_to`: the last day the
    format's set lists are known; on a later day before the database's snapshot, a card no
    listed set holds that the database calls legal is UNDECIDED, not out: a set out since
    the lists may have brought it (the database's legality describes only its snapshot)."""
    if standing.status is not None and standing.snapshot is not None and day >= standing.snapshot:
        return Decision(Verdict.IN if standing.status != NOT_LEGAL else Verdict.OUT, "legality")
    if pool.exclude_types.intersection(card.types):
        return Decision(Verdict.OUT, "type")
    if standing.first_out is None or day < standing.first_out:
        if standing.windows is None and standing.first_out is None:
            return _cannot_tell(standing, day, lists_known_up_to)
        return Decision(Verdict.OUT, "unreleased")
    if standing.windows is None:
        return _cannot_tell(standing, day, lists_known_up_to)
    covering = next((window for window in standing.windows if window.covers(day)), None)
    if covering is None:
        return _out_of_sets(standing, day, lists_known_up_to)
    return Decision(Verdict.IN, "sets", covering)


def _cannot_tell(standing: Standing, day: dt.date, lists_known_up_to: dt.date | None) -> Decision:
    """The printings' days on the platform cannot tell: out all the same once every window
    of the pool's sets has closed for the card, else undecided."""
    if standing.closed_from is not None and day >= standing.closed_from:
        return _out_of_sets(standing, day, lists_known_up_to)
    return Decision(Verdict.UNDECIDED, "none")


def _out_of_sets(standing: Standing, day: dt.date, lists_known_up_to: dt.date | None) -> Decision:
    """No window of the pool's sets covers the day: out, unless the day is after the
    format's set lists and before the database's snapshot, which calls the card legal (a
    set out since the lists may have brought it)."""
    if (lists_known_up_to is not None and day > lists_known_up_to and standing.snapshot is not None
            and standing.status is not None and standing.status != NOT_LEGAL):
        return Decision(Verdict.UNDECIDED, "sets")
    return Decision(Verdict.OUT, "sets")


def decide(card: Card, printings: Iterable[Printing], pool: CardPool, day: dt.date, *, availability: Availability,
           platform: str = PAPER, snapshot: dt.date | None = None) -> Decision:
    """The decision for one card on one day (see `standing` for the arguments)."""
    found = standing(card, printings, pool, availability=availability, platform=platform, snapshot=snapshot)
    return verdict_on(card, found, pool, day)
