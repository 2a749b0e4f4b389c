"""Monte Carlo's by-turn table: for every tracked card, how many kept games held each number
of its copies after each number of draws, tallied for all tracked cards at once.

Each game's kept hand and library are one sequence of card positions. Sorting a game's
positions by (tracked card, position) puts the copies of each card in the order they
arrive: the copy of rank r (0-based) is the (r + 1)th, and it is in the kept hand (draw 0)
or comes with draw `position - hand + 1`. Counting (card, rank, draw) triples over the games
and summing them over the draws gives how many games held at least r + 1 copies after each
draw, whence the histograms. The work is one sort per game, whatever the number of tracked
cards (comparing every position with every tracked card took 11 s per 100,000 games for a
500-card deck with 300 singletons to turn 50, docs/speed.md). The counts are the same as
counting card by card, so a seed gives the very same table.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# Cells (games x positions) sorted at once: bounds the int32 keys and their temporaries
# (256 KiB of keys, about 2 MiB in all), so memory does not grow with the games of a batch.
SORT_CELLS = 1 << 16


class SeenTally:
    """Histograms `by_card[card][draws, copies]` (games that held exactly `copies` copies of a
    tracked card after `draws` draws), added to batch by batch."""

    def __init__(self, tracked_copies: Mapping[int, int], cards: int, max_draws: int):
        import numpy as np

        self.max_draws = max_draws
        self.by_card = {card: np.zeros((max_draws + 1, copies + 1), dtype=np.int64) for card, copies in tracked_copies.items()}
        self.tracked = list(self.by_card)
        # Slot of each card id among the tracked cards; the others (and the cards bottomed)
        # share the last slot, which sorts after every tracked one and is never counted.
        self.untracked = len(self.tracked)
        self.slot_of = np.full(cards + 1, self.untracked, dtype=np.int16)   # MAX_SIMULATED_CARDS < 2**15
        self.slot_of[self.tracked] = np.arange(len(self.tracked), dtype=np.int16)
        # Where each card's (rank, draw) block starts in the flat count of triples.
        sizes = [copies * (max_draws + 1) for copies in tracked_copies.values()]
        self.offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int32)

    def __bool__(self) -> bool:
        return bool(self.by_card)

    def add(self, hand: Any, kept: Any | None, library: Any, ok: Any) -> None:
        """Add the games `ok` (bool per game): `hand` the drawn cards (positions x games),
        `kept` which of them were kept (None: all), `library` the cards drawn after it."""
        import numpy as np

        slots = self.slot_of[hand[:, ok]]
        if kept is not None:
            slots = np.where(kept[:, ok], slots, self.untracked)
        sequence = np.concatenate([slots, self.slot_of[library[:, ok]]]).T   # games x positions
        games, length = sequence.shape
        if games == 0:
            return
        first_draw = np.maximum(np.arange(length) - hand.shape[0] + 1, 0)
        triples = np.zeros(int(self.offsets[-1]), dtype=np.int64)
        width = max(1, SORT_CELLS // length)
        for start in range(0, games, width):
            keys = sequence[start : start + width].astype(np.int32) * length + np.arange(length, dtype=np.int32)
            keys.sort(axis=1)
            slot, position = np.divmod(keys, length)
            index = np.broadcast_to(np.arange(length, dtype=np.int32), slot.shape)
            arrives = np.ones(slot.shape, dtype=bool)
            arrives[:, 1:] = slot[:, 1:] != slot[:, :-1]
            rank = index - np.maximum.accumulate(np.where(arrives, index, np.int32(0)), axis=1)
            real = slot < self.untracked
            flat = self.offsets[slot[real]] + rank[real] * (self.max_draws + 1) + first_draw[position[real]]
            triples += np.bincount(flat, minlength=len(triples))
        for number, seen in enumerate(self.by_card.values()):
            copies = seen.shape[1] - 1
            block = triples[self.offsets[number] : self.offsets[number + 1]].reshape(copies, self.max_draws + 1)
            at_least = np.cumsum(block, axis=1).T          # draws x (at least 1 .. copies)
            seen[:, 0] += games - at_least[:, 0]
            seen[:, 1:copies] += at_least[:, :-1] - at_least[:, 1:]
            seen[:, copies] += at_least[:, -1]
