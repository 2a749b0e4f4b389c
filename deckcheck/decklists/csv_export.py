"""A deck site's or a spreadsheet's CSV export given as the list.

Deck sites export a deck as CSV beside text: Moxfield and Deckbox
(`"Count","Tradelist Count","Name","Edition",...`), TappedOut (`Board,Qty,Name,Printing,...`),
Archidekt (`Quantity,Name,...,Category`, its columns chosen by the user), and organisers
keep lists in spreadsheets. The first line that is not blank is the header when it names a
count column and a card column (the names a Markdown table's header gives them,
markdown_table.COUNT_COLUMNS and NAME_COLUMNS), split by a comma, a semicolon or a tab.

A WoW TCG deck builder exports a deck with no header: the deck's name in one cell, then
one row a card, `"Name",count,set,type,block` (seriallos/wowtcg-decktools keeps one), the
hero a row of type `Hero` (`find_headerless`): its rows are read as under the header `name,
count, set, type, block`, the type column saying where a card goes (a Hero on the hero line).

Each row is then read as the line `COUNT Name` is, so a row's count says what a line's would
(`0`, `-1`, a word). A column that says where a card goes (`Board`, `Section`, `Zone`,
`Category`) gives the row's zone by the words a text list's headers use (`main`, `side`,
`Sideboard`, `Commander`, `maybe`; a category of the deck's own, `Ramp`, is the main deck);
without one every card is in the main deck, and a warning on the header says the export
named no zones. Other columns (a set, a price, a condition) are left out.

A cube's list has no count column: CubeCobra exports a cube as CSV with a `name` column and
one row a card of the cube (`name,CMC,Type,...,Color Category,...,maybeboard,...`), so a
header with a card column, no count column and one of CubeCobra's own (`Color Category`,
`maybeboard`) is read as one copy a row; a `maybeboard` column of `true` puts its row's card
in the maybeboard (considered, not in the cube). Any other header without a count column is
no header: a count column of another name (`#`) would be read as one copy each, silently.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from ..lazy_pattern import lazy
from ..model import MAIN, MAYBEBOARD, CardEntry, Deck
from ..problem import PARSE_ERROR, WARNING, Problem
from ..record import NamedTuple
from .common import MAX_LINE_CHARS, DeckOnly, category_zone, make_entry, parse_error, split_lines
from .markdown_table import COUNT_COLUMNS, NAME_COLUMNS

DELIMITERS = ",;\t"
# The columns that say where a card goes: TappedOut's `Board`, others' `Section` or `Zone`,
# Archidekt's `Category` (a deck's own categories, `Ramp`, besides `Sideboard`, `Commander`).
ZONE_COLUMNS = frozenset({"board", "section", "zone", "category", "categories"})
# CubeCobra's column saying a row's card was considered, not put in the cube (`true`).
MAYBE_COLUMN = "maybeboard"
# The columns only CubeCobra's export writes, one of which a header without a count column
# must hold to be read as one copy a row.
_CUBE_COLUMNS = frozenset({"color category", MAYBE_COLUMN})


class CsvHeader(NamedTuple):
    """The header of a CSV export: its line (1-based), delimiter, and the indexes of its
    count, name and zone columns (`count` None when each row is one copy, a cube's list;
    `zone` None when it has none), with their names, and of its `maybeboard` column
    (CubeCobra's true or false) when it has one."""

    line: int
    delimiter: str
    count: int | None
    name: int
    zone: int | None
    columns: list[str]
    maybe: int | None = None

    def describe(self) -> str:
        if self.count is None:
            return f"column {self.columns[self.name]}, one copy a row"
        return f"columns {self.columns[self.count]} and {self.columns[self.name]}"


# The first columns of deck sites' own CSV headers: Moxfield's and Deckbox's
# `"Count","Tradelist Count","Name",...` (TappedOut's `Board,Qty,Name` has its board column).
_SITE_HEADERS = (("count", "tradelist count", "name"),)


def names_a_deck(header: CsvHeader) -> bool:
    """Whether `header` is plainly a deck's, not only a table with a count and a name column
    (an organiser's `Name,Email,Amount`, `Card,Qty,Price`): it has a count column and one
    saying where each card goes, or it starts as a deck site's own header does."""
    if header.count is None:
        return False
    if header.zone is not None:
        return True
    folded = tuple(column.lower() for column in header.columns)
    return any(folded[:len(site)] == site for site in _SITE_HEADERS)


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
            if name is not None and (count is not None or not _CUBE_COLUMNS.isdisjoint(folded)):
                zone = next((index for index, key in enumerate(folded) if key in ZONE_COLUMNS), None)
                maybe = folded.index(MAYBE_COLUMN) if MAYBE_COLUMN in folded else None
                return CsvHeader(number, delimiter, count, name, zone, columns, maybe)
        return None
    return None


# The columns of the WoW TCG deck builder's export, which writes no header row.
_HEADERLESS_COLUMNS = ["name", "count", "set", "type", "block"]
# Rows looked at to tell such an export: a decklist is short, and every row must be one.
_HEADERLESS_ROWS = 400
# The card types its type column holds (the WoW TCG card data's `type`, lower case), of
# which a deck has one `Hero` row: what tells the export from other headerless rows (a
# pairings sheet's `Alice Smith,1,Bob Jones,2-0`) where no one said it is a deck.
_WOW_TYPES = frozenset({"ally", "ability", "ability ally", "equipment", "quest", "location", "master hero",
                        "achievement", "hero"})
# A row of that export, `"As Hyjal Burns",2,CoH,...`: a name (quoted or not), then a count.
# The name starts with a character that is not blank, so the blanks before it and the name
# cannot share a run (`[ \t]*` then `[^",\n]+` could, and a long line of blanks with no
# comma was tried at every split: quadratic). No possessive `*+`: Python 3.10 has none.
_HEADERLESS_ROW = lazy(r'^[ \t]*(?:"[^"\n]+"|[^",\n \t][^",\n]*),[ \t]*[0-9]+[ \t]*,', re.MULTILINE)


def find_headerless(text: str, *, typed: bool = False) -> tuple[CsvHeader, str] | None:
    """The header the WoW TCG deck builder's CSV export leaves out (the columns
    `_HEADERLESS_COLUMNS`, its type column read as the zone's), and the deck's name on the
    line above the rows ("" when none), when every line that is not blank, but a first one of
    one cell, is a row of a name, a count (digits), a set and a type; else None. When `typed`
    (a file no one named as a deck: batch's folder walk), each type must also be a WoW TCG
    card type and exactly one row the hero's."""
    if _HEADERLESS_ROW.search(text) is None:
        return None  # no row of a name and a count: a typed list whose names hold commas
    import csv  # here, not at import: as `read`, only for a list that may be such an export

    lines = split_lines(text)
    if len(lines) > _HEADERLESS_ROWS:
        return None
    title = ""
    first_row = None
    rows = heroes = 0
    for number, raw in enumerate(lines, start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        if len(line) > MAX_LINE_CHARS:
            return None
        try:
            cells = next(csv.reader([line]))
        except csv.Error:
            return None
        if rows == 0 and not title and len(cells) == 1:
            title = cells[0].strip()  # the deck's name, above its rows
            continue
        if len(cells) < 4 or not cells[1].strip().isdigit() or not cells[0].strip() or not cells[3].strip():
            return None
        if typed:
            kind = cells[3].strip().lower()
            if kind not in _WOW_TYPES:
                return None
            heroes += kind == "hero"
        first_row = first_row or number
        rows += 1
    if rows < 2 or first_row is None or (typed and heroes != 1):
        return None
    return CsvHeader(first_row - 1, ",", 1, 0, 3, list(_HEADERLESS_COLUMNS)), title


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
        if header.count is None:
            count = "1"  # a cube's list: each row is one card
        else:
            count = cells[header.count].strip() if header.count < len(cells) else ""
        zone = _zone(cells[header.zone], zone_named) if header.zone is not None and header.zone < len(cells) else MAIN
        if header.maybe is not None and header.maybe < len(cells) and cells[header.maybe].strip().lower() == "true":
            zone = MAYBEBOARD
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


class AllInMain(DeckOnly):
    """The warning that an export without a board column put every card into the main deck
    (`read`): a registered pool, which counts every card wherever it is, leaves it out
    (registered_pools.pool_from_deck)."""

    __slots__ = ()


def all_in_main(problem: Problem) -> bool:
    """Whether `problem` is the warning that an export without a board column put every card
    into the main deck (`read`)."""
    return isinstance(problem, AllInMain)


def _zone(cell: str, zone_named: Callable[[str], str | None]) -> str:
    """The zone a row's zone cell names by the words a text list's headers use, else the main
    deck. Archidekt writes several categories, the card's primary first (`Commander,Legendary`,
    `Creature,Commander`): read as its text lines are (`common.category_zone`)."""
    zone = category_zone((word.strip().lower() for word in cell.split(",")),
                         lambda word: _OTHER_BOARDS.get(word) or zone_named(word))
    return zone or MAIN


# Boards deck sites keep beside the deck that no text list's header names: TappedOut's
# `acquire` (cards to buy), Archidekt's and others' wishlists.
_OTHER_BOARDS = {"acquire": MAYBEBOARD, "wishlist": MAYBEBOARD}
