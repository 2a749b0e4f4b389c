"""A manifest row as read (deckcheck/batch/manifest.py): the shortcuts a big event's rows
take give what the whole rules give, for awkward cells (white space of every kind, cells
at and over the length bound, null and number cells, columns deckcheck does not read)."""
from __future__ import annotations

import pytest

from deckcheck.batch import manifest
from deckcheck.limits import MAX_MANIFEST_CELL_CHARS

# White space to str.strip (and so to str.isspace), and characters that only look blank.
SPACES = [" ", "\t", "\r", "\n", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0", "\u2003", "\u3000"]
NOT_SPACES = ["\u200b", "\ufeff", "\x00", "x", "_"]
CELL_LISTS = [[], [""], ["", ""]] + [cells for c in SPACES + NOT_SPACES for cells in ([c], ["", c + c], [c, "", ""])]


@pytest.mark.parametrize("cells", CELL_LISTS, ids=repr)
def test_a_blank_row_is_one_whose_every_cell_strips_to_nothing(cells):
    assert manifest._blank(cells) is (not any(cell.strip() for cell in cells))


LONG = "x" * MAX_MANIFEST_CELL_CHARS


@pytest.mark.parametrize("header, cells", [
    (["player", "deck"], ["Ann", "a.txt"]),
    (["player", "deck", ""], ["Ann", "a.txt", "note"]),                 # a column with no name
    (["player", "deck", "email", "email"], ["Ann", "a.txt", "a@x", "b@x"]),  # an ignored column twice
    (["player", "deck"], ["Ann"]),                                       # a short row
    (["player", "deck"], [LONG, "a.txt"]),                               # at the bound: taken
    (["player", "deck"], [LONG + "x", "a.txt"]),                         # over it: left out, said
    (["player", "deck", "notes"], ["Ann", "a.txt", LONG + "x"]),          # over it, in a column not read
    (["player", "deck", "email", "team", "email"], ["Ann", "a.txt", "a@x", "Blue", "b@x"]),  # named columns only
    (["player", "deck", "team"], ["Ann", "a.txt"]),                      # short, every column named
    (["", "player", "deck"], ["1", "Ann", "a.txt"]),                     # no name first
])
def test_table_cells_take_every_cell_within_the_bound_as_the_cell_by_cell_rule_does(header, cells):
    def refused(cell: str) -> str | None:
        if len(cell) <= MAX_MANIFEST_CELL_CHARS:
            return None
        return f"{len(cell):,} characters, more than a manifest cell may hold ({MAX_MANIFEST_CELL_CHARS:,}); shorten it"

    expected = manifest._row_of((column, cell, refused(cell)) for column, cell in zip(header, cells) if column)
    assert manifest._table_cells(header, cells) == expected
    assert list(manifest._table_cells(header, cells).items()) == list(expected.items())  # in its order too
    if len("".join(cells)) <= MAX_MANIFEST_CELL_CHARS:  # what a table's reading tells it (`_csv_rows`)
        assert list(manifest._table_cells(header, cells, within=True).items()) == list(expected.items())


@pytest.mark.parametrize("row", [
    {"player": "Ann", "deck": "a.txt"},
    {"player": "  Ann ", "deck": "\ta.txt\n", "team": "", "seat": "   ", "format": None, "id": 0, "pool": False},
    {"player": None, "deck": "", "platform": " Arena ", "email": "a@x", "_error": "x"},
    {"PLAYER": "Ann", "deck": 12.5, "seat": "b"},
    {},
])
def test_a_rows_cells_are_its_read_columns_stripped_and_never_empty(row):
    def cell(key: str) -> str | None:  # the rule, one column at a time
        value = row.get(key)
        return None if value is None else (str(value).strip() or None)

    cells = manifest._texts(row)
    assert {key: cells.get(key) for key in manifest.REQUIRED + manifest.OPTIONAL} == {
        key: cell(key) for key in manifest.REQUIRED + manifest.OPTIONAL
    }


@pytest.mark.parametrize("cell", [
    "ydke://abc!def!ghi!", "YDKE://abc!!!", " \ufeffydke://abc!!!", "\tydke://x", "ydke://", "ydke:/x", "ydke//x", "ydke",
    "decks/a.txt", "C:decks/a.txt", "https://example.com/deck", "ydke://a\nb", "", ":", "a:b",
])
def test_a_deck_cell_without_the_url_mark_is_never_a_url(cell):
    """`_registration` asks the URL parsers only about a cell holding `:`: every URL they
    take holds one."""
    from deckcheck.decklists import is_inline

    assert is_inline(cell) is (manifest._URL_MARK in cell and is_inline(cell))
    assert not is_inline(cell.replace(manifest._URL_MARK, ""))
