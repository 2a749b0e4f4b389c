"""`# toy cards` files: one `name;type` a line."""
from __future__ import annotations

from collections.abc import Iterator

from deckcheck.cards.importer import CardFile, CardFileError, CardImport, whole_file_import

from . import store

HEADER = "# toy cards"


def recognise(file: CardFile) -> CardImport | None:
    if not file.head.startswith(HEADER):
        return None
    return whole_file_import(file, "toy card list", _read, store.write)


def _read(file: CardFile) -> Iterator[store.ToyCard]:
    for number, line in enumerate(file.text().splitlines()[1:], start=2):
        if not line.strip():
            continue
        name, sep, kind = line.partition(";")
        if not sep:
            raise CardFileError(f"line {number}: expected `name;type`")
        yield store.ToyCard(name.strip(), kind.strip())
