"""What a rule may consult besides the deck and the format."""
from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..model import CardTally, Deck, copy_totals, tally

if TYPE_CHECKING:
    from ..cards.catalog import Catalog
    from ..registered_pools import Pool


@dataclass(frozen=True)
class Context:
    """`date` picks the lists in force; `cards` is the game's card catalog when there is one;
    `pool` is the player's registered pool in a limited event (None: no pool to check);
    `platform` is where the event is played (`paper`, `mtgo`, `arena`): release days and
    ban dates differ between them."""

    date: dt.date
    cards: Catalog | None = None
    pool: Pool | None = None
    platform: str = "paper"
    # What the rules ask about the deck, worked out once per deck (one holder: a frozen
    # dataclass pays a call per field it sets, and a batch builds two contexts per deck).
    _memo: _Memo = field(default_factory=lambda: _Memo(), init=False, repr=False, compare=False)

    def counts(self, deck: Deck) -> dict[str, int]:
        """`deck.counts()`, worked out once per deck for the size rules and the report."""
        cached = self._memo.counts
        if cached[0] is not deck or cached[1] != len(deck.entries):
            cached[:] = [deck, len(deck.entries), deck.counts()]
        return cached[2]

    def _zones(self, deck: Deck, zones: Iterable[str]) -> tuple[frozenset[str], bool]:
        """The zones of `zones` the deck uses, and whether those are all the zones it uses."""
        present = self._memo.present
        if present[0] is not deck or present[1] != len(deck.entries):
            present[:] = [deck, len(deck.entries), frozenset({entry.zone for entry in deck.entries})]
        used = present[2].intersection(zones)
        return used, len(used) == len(present[2])

    def totals(self, deck: Deck, zones: Iterable[str]) -> dict[str, int]:
        """Copies per card key over `zones` (read-only): what most checks need, much cheaper
        than the full `tally`, which rules fetch only for the cards they report."""
        key, every_zone = self._zones(deck, zones)
        cached = self._memo.totals.get(key)
        if cached is not None and cached[0] is deck and cached[1] == len(deck.entries):
            return cached[2]
        counted = copy_totals(deck.entries if every_zone else deck.in_zones(key))
        self._memo.totals[key] = (deck, len(deck.entries), counted)
        return counted

    def tally(self, deck: Deck, zones: Iterable[str], only: Collection[str] | None = None) -> dict[str, CardTally]:
        """`model.tally` of the deck's cards in `zones` (read-only). Several rules count the
        same cards (copy-limit over main and sideboard, banned over every played zone, which
        for most decks are the same two zones): count them once. With `only` (card keys),
        just those cards, in the same order: what a rule that reports a few cards needs
        (taken from the whole tally when one is at hand)."""
        key, _ = self._zones(deck, zones)
        if only is not None:
            cached = self._memo.tallies.get(key)
            if cached is not None and cached[0] is deck and cached[1] == len(deck.entries):
                return {card: tallied for card, tallied in cached[2].items() if card in only}
            return tally(deck.in_zones(key), only)
        cached = self._memo.tallies.get(key)
        if cached is not None and cached[0] is deck and cached[1] == len(deck.entries):
            return cached[2]
        counted = tally(deck.in_zones(key))
        self._memo.tallies[key] = (deck, len(deck.entries), counted)
        return counted


class _Memo:
    """A context's answers, each for the deck it was worked out for (`Context`)."""

    __slots__ = ("tallies", "totals", "present", "counts")

    def __init__(self) -> None:
        self.tallies: dict[frozenset[str], tuple[Deck, int, dict[str, CardTally]]] = {}
        self.totals: dict[frozenset[str], tuple[Deck, int, dict[str, int]]] = {}
        self.present: list[Any] = [None, -1, frozenset()]
        self.counts: list[Any] = [None, -1, {}]
