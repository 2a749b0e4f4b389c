"""What a rule may consult besides the deck and the format."""
from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable
from itertools import compress
from operator import is_not
from typing import TYPE_CHECKING, Any

from ..model import MAIN, SIDEBOARD, CardEntry, CardTally, Deck, copy_totals, tally
from ..record import Record

if TYPE_CHECKING:
    from ..cards.catalog import Catalog
    from ..registered_pools import Pool


class Context(Record):
    """`date` picks the lists in force; `cards` is the game's card catalog when there is one;
    `pool` is the player's registered pool in a limited event (None: no pool to check);
    `platform` is where the event is played (`paper`, `mtgo`, `arena`): release days and
    ban dates differ between them. Treated as immutable (change one with `replace`)."""

    # A Record, not a dataclass: imported at every start-up (deckcheck/record.py).
    __slots__ = ("date", "cards", "pool", "platform", "_memo")
    # The memo is not a field: ==, the hash, the repr and `replace` ignore it, and a copy
    # starts with its own.
    NOT_FIELDS = frozenset({"_memo"})

    def __init__(
        self, date: dt.date, cards: Catalog | None = None, pool: Pool | None = None, platform: str = "paper",
    ) -> None:
        self.date = date
        self.cards = cards
        self.pool = pool
        self.platform = platform
        # What the rules ask about the deck, worked out once per list of entries. Keyed by
        # the entries list, not the deck: settling a sideboard or resolving names that were
        # already the catalog's copies the deck but keeps its entries, and a batch shares
        # one context between the two.
        self._memo = _Memo()

    def _scan(self, deck: Deck) -> list[Any]:
        """[entries, their number, cards per zone, zones used]: one pass over the deck."""
        scanned = self._memo.scanned
        entries = deck.entries
        if scanned[0] is not entries or scanned[1] != len(entries):
            # The counts the parser noted on its way (the text fast path sums them in C:
            # most decks of a batch), while the deck lists the same entries: three passes
            # over the entries in Python were about 34,000 instructions a deck.
            noted = deck.zone_counts_noted()
            if noted is not None:
                scanned[:] = [entries, len(entries), *noted]
                return scanned
            # = deck.counts(), with the zones used alongside. Each zone's cards summed in a
            # comprehension: a deck uses two zones or three, and a comprehension per zone
            # costs less than a `+=` per entry. Nearly every deck uses the main deck and the
            # sideboard only: the sideboard is then the rest of the whole deck's cards.
            zones = {entry.zone for entry in entries}
            if zones <= _MAIN_AND_SIDEBOARD:
                main = sum([entry.count for entry in entries if entry.zone == MAIN])
                counts = {MAIN: main, SIDEBOARD: sum([entry.count for entry in entries]) - main}
            else:
                # The zones in the order they first appear (main and sideboard always first,
                # as deck.counts() has them).
                counts = {MAIN: 0, SIDEBOARD: 0}
                for zone in dict.fromkeys([entry.zone for entry in entries]):
                    counts[zone] = sum([entry.count for entry in entries if entry.zone == zone])
            scanned[:] = [entries, len(entries), counts, frozenset(zones)]
        return scanned

    def carry_counts(self, before: list[CardEntry], after: list[CardEntry]) -> None:
        """Count `after` as `before` was counted when it holds the same entries, or copies
        of them in the same zones with the same counts (a deck as the card data names it:
        about half of a batch's decks have a card renamed). The copies are checked, the
        same objects are told apart in C: cheaper than counting the deck again."""
        if after is before:
            return  # a deck with no name renamed: the list counted is the one checked
        scanned = self._memo.scanned
        if scanned[0] is not before or scanned[1] != len(before) or len(after) != len(before):
            return
        for old, new in compress(zip(before, after), map(is_not, before, after)):
            if old.zone != new.zone or old.count != new.count:
                return
        scanned[0] = after

    @property
    def unknown_cards(self) -> frozenset[str]:
        """The card keys of the deck's names that are `unknown-card` errors (pipeline.check_deck
        says which): a rule that counts cards leaves those to that problem."""
        return self._memo.unknown

    def report_unknown_cards(self, keys: frozenset[str]) -> None:
        self._memo.unknown = keys

    def counts(self, deck: Deck) -> dict[str, int]:
        """`deck.counts()` (read-only), worked out once per deck for the size rules and the report."""
        scanned = self._memo.scanned
        if scanned[0] is deck.entries and scanned[1] == len(deck.entries):
            return scanned[2]  # asked about ten times a deck: the memo read here, without a call
        return self._scan(deck)[2]

    def used_zones(self, deck: Deck) -> frozenset[str]:
        """The zones the deck has entries in (a rule skips the walk for a zone not there)."""
        return self._scan(deck)[3]

    def names(self, deck: Deck) -> set[str | None]:
        """The names of the deck's entries, None standing for any numbered one (a Yu-Gi-Oh!
        passcode names its card by the number), read-only: gathered once per list of
        entries for the rules that tell a common deck by a set test against names they
        decided before (not-in-pool, companion), which None is never among."""
        found = self._memo.names
        entries = deck.entries
        if found[0] is not entries or found[1] != len(entries):
            # A comprehension: in Python 3.11 its attribute reads cost less than map(attrgetter).
            found[:] = [entries, len(entries), {entry.name if entry.code is None else None for entry in entries}]
        return found[2]

    def _zones(self, deck: Deck, zones: Iterable[str]) -> tuple[frozenset[str], bool]:
        """The zones of `zones` the deck uses, and whether those are all the zones it uses."""
        present = self._scan(deck)[3]
        used = present.intersection(zones)
        return used, len(used) == len(present)

    def _cached(self, found: tuple[list[CardEntry], int, Any] | None, deck: Deck) -> bool:
        return found is not None and found[0] is deck.entries and found[1] == len(deck.entries)

    def totals(self, deck: Deck, zones: Iterable[str]) -> dict[str, int]:
        """Copies per card key over `zones` (read-only): what most checks need, much cheaper
        than the full `tally`, which rules fetch only for the cards they report."""
        key, every_zone = self._zones(deck, zones)
        cached = self._memo.totals.get(key)
        if self._cached(cached, deck):
            return cached[2]  # type: ignore[index]
        counted = copy_totals(_in_zones(deck, key, every_zone))
        self._memo.totals[key] = (deck.entries, len(deck.entries), counted)
        return counted

    def tally(self, deck: Deck, zones: Iterable[str], only: Collection[str] | None = None) -> dict[str, CardTally]:
        """`model.tally` of the deck's cards in `zones` (read-only). Several rules count the
        same cards (copy-limit over main and sideboard, banned over every played zone, which
        for most decks are the same two zones): count them once. With `only` (card keys),
        just those cards, in the same order: what a rule that reports a few cards needs
        (taken from the whole tally when one is at hand)."""
        key, every_zone = self._zones(deck, zones)
        if only is not None:
            cached = self._memo.tallies.get(key)
            if self._cached(cached, deck):
                return {card: tallied for card, tallied in cached[2].items() if card in only}  # type: ignore[index]
            return tally(_in_zones(deck, key, every_zone), only)
        cached = self._memo.tallies.get(key)
        if self._cached(cached, deck):
            return cached[2]  # type: ignore[index]
        counted = tally(_in_zones(deck, key, every_zone))
        self._memo.tallies[key] = (deck.entries, len(deck.entries), counted)
        return counted


_MAIN_AND_SIDEBOARD = frozenset({MAIN, SIDEBOARD})


def _in_zones(deck: Deck, zones: frozenset[str], every_zone: bool) -> list[CardEntry]:
    """The deck's entries in `zones`: the entries list itself when those are all the zones
    it uses (most decks), else those entries gathered in a comprehension, not a generator."""
    return deck.entries if every_zone else [entry for entry in deck.entries if entry.zone in zones]


class _Memo:
    """A context's answers, each for the entries it was worked out for (`Context`)."""

    __slots__ = ("tallies", "totals", "scanned", "unknown", "names")

    def __init__(self) -> None:
        self.tallies: dict[frozenset[str], tuple[list[CardEntry], int, dict[str, CardTally]]] = {}
        self.totals: dict[frozenset[str], tuple[list[CardEntry], int, dict[str, int]]] = {}
        self.scanned: list[Any] = [None, -1, {}, frozenset()]
        self.unknown: frozenset[str] = frozenset()
        self.names: list[Any] = [None, -1, set()]
