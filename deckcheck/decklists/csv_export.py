"""A deck site's or a spreadsheet's CSV export given as the list.

Deck sites export a deck as CSV beside text: Moxfield and Deckbox
(`"Count","Tradelist Count","Name","Edition",...`), TappedOut (`Board,Qty,Name,Printing,...`),
Archidekt (`Quantity,Name,...,Category`, its columns chosen by the user), and organisers
keep lists in spreadsheets. The first line that is not blank is the header when it names a
count column and a card column (the names a Markdown table's header gives them,
markdown_table.COUNT_COLUMNS and NAME_COLUMNS), split by a comma, a semicolon or a tab.

Each row is then read as the line `COUNT Name` is, so a row's count says what a line's would
(`0`, `-1`, a word). A column that says where a card goes (`Board`, `Section`, `Zone`,
`Category`) gives the row's zone by the words a text list's headers use (`main`, `side`,
`Sideboard`, `Commander`, `maybe`; a category of the deck's own, `Ramp`, is the main deck);
without one every card is in the main deck, and a warning on the header says the export
named no zones. Other columns (a set, a price, a condition) are left out.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..model import MAIN, MAYBEBOARD, CardEntry, Deck
from ..problem import PARSE_ERROR, WARNING, Problem
from .common import MAX_LINE_CHARS, make_entry, parse_error, split_lines
from .markdown_table import COUNT_COLUMNS, NAME_COLUMNS

DELIMITERS = ",;\t"
# The columns that say where a card goes: TappedOut's `Board`, others' `Section` or `Zone`,
# Archidekt's `Category` (a deck's own categories, `Ramp`, besides `Sideboard`, `Commander`).
ZONE_COLUMNS = frozenset({"board", "section", "zone", "category", "categories"})


class CsvHeader(NamedTuple):
    """The header of a CSV export: its line (1-based), delimiter, and the indexes of its
    count, name and zone columns (`zone` None when it has none), with their names."""

    line: int
    delimiter: str
    count: int
    name: int
    zone: int | None
    columns: list[str]

    def describe(self) -> str:
        return f"columns {self.columns[self.count]} and {self.columns[self.name]}"


def find_header(text: str) -> CsvHeader | None:
    """The CSV export's header: the first line that is not blank, when it is one; else None."""
    for number, raw in enumerate(split_lines(text), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        if len(line) > MAX_LINE_CHARS:
            return None
        for delimiter in DELIMITERS:
            columns = [column.strip().strip('"').strip() for column in line.split(delimiter)]
            if len(columns) < 2:
                continue
            folded = [column.lower() for column in columns]
            count = next((index for index, key in enumerate(folded) if key in COUNT_COLUMNS), None)
            name = next((index for index, key in enumerate(folded) if key in NAME_COLUMNS), None)
            if count is not None and name is not None:
                zone = next((index for index, key in enumerate(folded) if key in ZONE_COLUMNS), None)
                return CsvHeader(number, delimiter, count, name, zone, columns)
        return None
    return None


def read(text: str, header: CsvHeader, deck: Deck, zone_named: Callable[[str], str | None]) -> None:
    """The rows below `header` as `deck`'s entries (and their problems). `zone_named`: the
    zone a text list's header of that word switches to, None for no zone's word."""
    import csv  # here, not at import: every list that is no plain one asks find_header

    lines = split_lines(text)[header.line:]
    rows = csv.reader(lines, delimiter=header.delimiter)
    read_to = header.line  # the last line the rows read so far took
    while True:
        try:
            cells = next(rows)
        except StopIteration:
            break
        except csv.Error as exc:  # a cell over csv's field size: the rest cannot be split
            deck.problems.append(parse_error(f"this CSV row cannot be read ({exc}); the rows from here were not read",
                                             line=read_to + 1))
            return
        line = read_to + 1  # a row starts on the line after the last one's end
        read_to = header.line + rows.line_num
        if not any(cell.strip() for cell in cells):
            continue
        raw = header.delimiter.join(cells)
        name = cells[header.name].strip() if header.name < len(cells) else ""
        count = cells[header.count].strip() if header.count < len(cells) else ""
        zone = _zone(cells[header.zone], zone_named) if header.zone is not None and header.zone < len(cells) else MAIN
        if not count:
            deck.problems.append(parse_error(f"no count in column {header.columns[header.count]}", line=line, text=raw, zone=zone))
            continue
        entry = make_entry(count, name, zone=zone, line=line, raw=raw)
        if isinstance(entry, CardEntry):
            deck.entries.append(entry)
        else:
            deck.problems.append(entry)
    if header.zone is None and deck.entries:
        deck.problems.append(AllInMain(
            rule=PARSE_ERROR, line=header.line, severity=WARNING,
            message=f"a CSV export ({header.describe()}) with no column saying where each card goes (such as Board): "
                    "every card was read into the main deck; export the deck as text (`4 Card Name` lines under "
                    "`Sideboard` and `Commander` headers) if it has a sideboard or a commander",
        ))


class AllInMain(Problem):
    """The warning that an export without a board column put every card into the main deck
    (`read`): a registered pool, which counts every card wherever it is, leaves it out
    (registered_pools.pool_from_deck), told by its kind, not its wording."""

    __slots__ = ()


def all_in_main(problem: Problem) -> bool:
    """Whether `problem` is the warning that an export without a board column put every card
    into the main deck (`read`)."""
    return isinstance(problem, AllInMain)


def _zone(cell: str, zone_named: Callable[[str], str | None]) -> str:
    """The zone a row's zone cell names: the first of its words (Archidekt writes several
    categories, `Commander,Legendary`) that a text list's header uses, else the main deck."""
    for word in cell.split(","):
        word = word.strip().lower()
        zone = _OTHER_BOARDS.get(word) or zone_named(word)
        if zone:
            return zone
    return MAIN


# Boards deck sites keep beside the deck that no text list's header names: TappedOut's
# `acquire` (cards to buy), Archidekt's and others' wishlists.
_OTHER_BOARDS = {"acquire": MAYBEBOARD, "wishlist": MAYBEBOARD}
