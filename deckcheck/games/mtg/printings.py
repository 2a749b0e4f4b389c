"""Each card's printings, gathered while a card file is read and written once at the end.

A Scryfall `default_cards` file has one object per printing (about 2.5 per card), in any
order. The writer (store.py) keeps every printing here as a card id in an array and a
reference to one shared tuple per distinct (set, rarity, date, platforms): a few thousand
tuples for ~80,000 printings, about 12 bytes a printing. When the file is done, the
printings sorted by card give the `printings` table's rows (each printing once, in the
table's key order, so SQLite appends instead of splitting pages) and the
`cards.printings` column: `set:rarity[:released[:platforms]]`, oldest first (a printing
without a date of its own goes by its set's), ties in the table's key order;
`store._printing` reads it back.
"""
from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Mapping
from itertools import groupby
from operator import itemgetter

from .cards import Printing

# (set code, rarity, released, platforms joined by "|"): a `printings` table row without its card id.
PrintingRow = tuple[str, str, str, str]
# A card id and its distinct printings, in the table's key order.
CardRows = tuple[int, list[PrintingRow]]


class CardPrintings:
    """The printings of the cards of a database being built, by card id."""

    def __init__(self) -> None:
        self._card_ids = array("l")
        self._rows: list[PrintingRow] = []
        self._shared: dict[PrintingRow, PrintingRow] = {}

    def add(self, card_id: int, printings: Iterable[Printing]) -> None:
        shared = self._shared
        for printing in printings:
            row = (printing.set, printing.rarity, printing.released, "|".join(printing.platforms))
            self._card_ids.append(card_id)
            self._rows.append(shared.setdefault(row, row))

    def by_card(self) -> list[CardRows]:
        """Every card that has printings, by id, with its distinct printings in key order."""
        pairs = sorted(set(zip(self._card_ids, self._rows)))
        return [(card_id, [row for _, row in group]) for card_id, group in groupby(pairs, key=itemgetter(0))]

    def columns(self, cards: list[CardRows], set_dates: Mapping[str, str | None]) -> Iterator[tuple[str, int]]:
        """(`cards.printings` text, card id) of each of `cards` (from `by_card`)."""
        order: dict[PrintingRow, tuple[bool, str, PrintingRow]] = {}
        texts: dict[PrintingRow, str] = {}
        for row in self._shared:
            set_code, rarity, released, platforms = row
            date = released or set_dates.get(set_code)
            # SQLite sorts a missing date (NULL) first; rows already in key order stay so.
            order[row] = (date is not None, date or "")
            if not released and not platforms:
                texts[row] = f"{set_code}:{rarity}"
            elif not platforms:
                texts[row] = f"{set_code}:{rarity}:{released}"
            else:
                texts[row] = f"{set_code}:{rarity}:{released}:{platforms}"
        for card_id, rows in cards:
            yield ",".join([texts[row] for row in sorted(rows, key=order.__getitem__)]), card_id


def printing_rows(cards: list[CardRows]) -> Iterator[tuple[int, str, str, str, str]]:
    """The `printings` table's rows, in its key order (card id, set, rarity, released, platforms)."""
    for card_id, rows in cards:
        for row in rows:
            yield (card_id, *row)
