"""Which first lines deckcheck/decklists/csv_export.py takes for a CSV export's header: one
without a count column only when it is CubeCobra's (a cube's list, one copy a row); any other
would read a count column of a name it does not know (`#`) as single copies without a word."""
from __future__ import annotations

import pytest

from deckcheck.decklists import csv_export, parse_text


@pytest.mark.parametrize("header, counted", [
    ("name,CMC,Type,Color,Set,Collector Number,Rarity,Color Category,status,Finish,maybeboard", False),
    ("name,CMC,Type,Color,Set,Collector Number,Rarity,Color Category,status,tags,MTGO ID", False),  # older export
    ("Count,Name,Edition", True),
])
def test_header_read(header, counted):
    found = csv_export.find_header(header + "\nShock,1,Instant\n")
    assert found is not None
    assert (found.count is not None) == counted


@pytest.mark.parametrize("header", ["name,Set,Collector Number", "#,Name,Set", "Card,Set,Rarity"])
def test_countless_header_not_cubecobra_is_no_header(header):
    assert csv_export.find_header(header + "\nShock,m19,156\n") is None


def test_cubecobra_rows_one_copy_each_maybeboard_apart():
    deck = parse_text("name,Set,Color Category,maybeboard\nShock,m19,Red,false\nHill Giant,m10,Red,TRUE\n")
    assert [(e.name, e.count, e.zone, e.line) for e in deck.entries] == [
        ("Shock", 1, "main", 2), ("Hill Giant", 1, "maybeboard", 3)]
