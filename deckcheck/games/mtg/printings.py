"""Each card's printings, gathered while a card file is read, and written with the cards.

A Scryfall `default_cards` file has one object per printing (about 2.5 per card), in any
order. The writer (db_writer.py) keeps every printing here as a card id in an array and a
reference to one shared tuple per distinct (set, rarity, date, platforms): a few thousand
tuples for ~80,000 printings, about 12 bytes a printing.

The `cards.printings` column lists a card's printings as `set:rarity[:released[:platforms]]`,
oldest first (a printing without a date of its own goes by its set's), ties in the
`printings` table's key order; `store._printing` reads it back. It is made when the
card's row is written (`new_columns`): a file lists a card's printings together, so by
then they are usually all in. A card that gets a printing after its row was written, or
has one without a date (its set's date is known only at the end), is `stale` and its
column is written again at the end (`columns`). The `printings` table is written at the
end, each printing once, in its key order (`by_card`), so SQLite appends instead of
splitting pages.
"""
from __future__ import annotations

from array import array
from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Mapping
from itertools import groupby
from operator import itemgetter

from .cards import Printing

# (set code, rarity, released, platforms joined by "|"): a `printings` table row without its card id.
PrintingRow = tuple[str, str, str, str]
# A card id and its distinct printings, in the table's key order.
CardRows = tuple[int, list[PrintingRow]]


def _text(row: PrintingRow) -> str:
    set_code, rarity, released, platforms = row
    if platforms:
        return f"{set_code}:{rarity}:{released}:{platforms}"
    return f"{set_code}:{rarity}:{released}" if released else f"{set_code}:{rarity}"


class CardPrintings:
    """The printings of the cards of a database being built, by card id."""

    def __init__(self) -> None:
        self._card_ids = array("l")
        self._rows: list[PrintingRow] = []
        self._shared: dict[PrintingRow, PrintingRow] = {}
        self._texts: dict[PrintingRow, str] = {}
        self._written = 0  # the cards with ids up to this one have their rows written
        self._unseen = 0  # the printings from this index on were added since `new_columns`
        self.stale: set[int] = set()

    def add(self, card_id: int, printings: Iterable[Printing]) -> None:
        if card_id <= self._written:
            self.stale.add(card_id)
        shared = self._shared
        for printing in printings:
            row = (printing.set, printing.rarity, printing.released, "|".join(printing.platforms))
            self._card_ids.append(card_id)
            self._rows.append(shared.setdefault(row, row))

    def _column(self, rows: Iterable[PrintingRow], dates: Mapping[PrintingRow, tuple[bool, str]]) -> str:
        texts = self._texts
        ordered = sorted(rows, key=dates.__getitem__)  # rows come in key order: ties stay so
        return ",".join([texts.get(row) or texts.setdefault(row, _text(row)) for row in ordered])

    def new_columns(self, last_id: int) -> dict[int, str]:
        """The columns of the cards after the last call up to `last_id`, whose rows are
        about to be written; those with a printing without a date become stale."""
        first = self._written + 1
        added: defaultdict[int, set[PrintingRow]] = defaultdict(set)
        for card_id, row in zip(self._card_ids[self._unseen:], self._rows[self._unseen:]):
            if card_id >= first:
                added[card_id].add(row)
        columns = {}
        for card_id, rows in added.items():
            if all(row[2] for row in rows):
                columns[card_id] = self._column(sorted(rows), {row: (True, row[2]) for row in rows})
            else:
                self.stale.add(card_id)
        self._written, self._unseen = last_id, len(self._rows)
        return columns

    def by_card(self) -> list[CardRows]:
        """Every card that has printings, by id, with its distinct printings in key order."""
        pairs = sorted(set(zip(self._card_ids, self._rows)))
        return [(card_id, [row for _, row in group]) for card_id, group in groupby(pairs, key=itemgetter(0))]

    def columns(
        self, cards: list[CardRows], set_dates: Mapping[str, str | None], *, only: Collection[int],
    ) -> Iterator[tuple[str, int]]:
        """(`cards.printings` text, card id) of those of `cards` (from `by_card`) in `only`."""
        dates: dict[PrintingRow, tuple[bool, str]] = {}
        for row in self._shared:
            date = row[2] or set_dates.get(row[0])
            dates[row] = (date is not None, date or "")  # SQLite sorts a missing date (NULL) first
        for card_id, rows in cards:
            if card_id in only:
                yield self._column(rows, dates), card_id


def printing_rows(cards: list[CardRows]) -> Iterator[tuple[int, str, str, str, str]]:
    """The `printings` table's rows, in its key order (card id, set, rarity, released, platforms)."""
    for card_id, rows in cards:
        for row in rows:
            yield (card_id, *row)
