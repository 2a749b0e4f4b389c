"""Each card's printings, gathered while a card file is read and written once at the end.

A Scryfall `default_cards` file has one object per printing (about 2.5 per card), in any
order. The writer (store.py) keeps every card's printings here, as references to one
shared tuple per distinct (set, rarity, date, platforms): a few thousand tuples for
~80,000 printings. When the file is done this gives, per card, the `printings` table's
rows (each printing once, in the table's key order, so SQLite appends instead of
splitting pages) and the `cards.printings` column: `set:rarity[:released[:platforms]]`,
oldest first (a printing without a date of its own goes by its set's), ties in the
table's key order; `store._printing` reads it back.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from .cards import Printing

# (set code, rarity, released, platforms joined by "|"): a `printings` table row without its card id.
PrintingRow = tuple[str, str, str, str]


class CardPrintings:
    """Printings by card id (1, 2, ... in the order cards are added)."""

    def __init__(self) -> None:
        self._by_card: list[list[PrintingRow]] = []
        self._shared: dict[PrintingRow, PrintingRow] = {}

    def new_card(self) -> None:
        """Make room for the next card id."""
        self._by_card.append([])

    def add(self, card_id: int, printings: Iterable[Printing]) -> None:
        rows = self._by_card[card_id - 1]
        shared = self._shared
        for printing in printings:
            row = (printing.set, printing.rarity, printing.released, "|".join(printing.platforms))
            rows.append(shared.setdefault(row, row))

    def counts(self) -> Iterator[tuple[int, int]]:
        """(card id, number of distinct printings) of every card that has any."""
        for card_id, rows in enumerate(self._by_card, start=1):
            if rows:
                yield card_id, len(set(rows))

    def table_rows(self) -> Iterator[tuple[int, str, str, str, str]]:
        """The `printings` table, in its key order (card id, set, rarity, released, platforms)."""
        for card_id, rows in enumerate(self._by_card, start=1):
            for row in sorted(set(rows)):
                yield (card_id, *row)

    def columns(self, set_dates: Mapping[str, str | None]) -> Iterator[tuple[str, int]]:
        """(`cards.printings` text, card id) of every card that has printings."""
        order: dict[PrintingRow, tuple[bool, str, PrintingRow]] = {}
        texts: dict[PrintingRow, str] = {}
        for row in self._shared:
            set_code, rarity, released, platforms = row
            date = released or set_dates.get(set_code)
            # SQLite sorts a missing date (NULL) first.
            order[row] = (date is not None, date or "", row)
            if not released and not platforms:
                texts[row] = f"{set_code}:{rarity}"
            elif not platforms:
                texts[row] = f"{set_code}:{rarity}:{released}"
            else:
                texts[row] = f"{set_code}:{rarity}:{released}:{platforms}"
        for card_id, rows in enumerate(self._by_card, start=1):
            if rows:
                yield ",".join([texts[row] for row in sorted(set(rows), key=order.__getitem__)]), card_id
