"""The card store builds a Card from a row positionally and shares one Printing per
distinct printing text (games/mtg/store.py, for speed): every card of the built-in data
must come out as the plain keyword-by-keyword way builds it, printings included."""
from __future__ import annotations

import json

from deckcheck.cards.builtin import builtin_path
from deckcheck.games.mtg import store
from deckcheck.games.mtg.cards import Card, Printing


def plain_card(row: tuple) -> Card:
    """The row as a Card, each field named (store._card as it was)."""
    def split(text: str) -> tuple[str, ...]:
        return tuple(text.split(store.LIST_SEP)) if text else ()

    def printing(text: str) -> Printing:
        parts = text.split(":")
        if len(parts) == 2:
            return Printing(parts[0], parts[1])
        return Printing(parts[0], parts[1], parts[2], tuple(parts[3].split("|")) if len(parts) > 3 and parts[3] else ())

    return Card(
        name=row[0], face_names=split(row[1]), layout=row[2], mana_cost=row[3], mana_value=row[4],
        type_line=row[5], supertypes=split(row[6]), types=split(row[7]), subtypes=split(row[8]),
        colors=split(row[9]), color_identity=split(row[10]), oracle_text=row[11],
        legalities=None if row[12] is None else json.loads(row[12]),
        printings=tuple(printing(text) for text in row[13].split(",")) if row[13] else (), power=row[14], toughness=row[15],
    )


def fields(card: Card) -> tuple:
    return tuple(getattr(card, name) for name in Card.record_fields())


def test_every_builtin_card_is_built_as_the_plain_way_builds_it():
    db = store.CardDb(builtin_path(), immutable=True)
    rows = db.query(f"SELECT {store._CARD_COLUMNS} FROM cards")
    assert len(rows) > 30_000
    for row in rows:
        assert fields(store._card(row)) == fields(plain_card(row)), row[0]


def test_rows_with_legalities_and_dated_printings_too():
    row = ("Fire // Ice", "Fire\x1fIce", "split", "{1}{R} // {1}{U}", 4.0, "Instant // Instant", "", "Instant", "",
           "R\x1fU", "R\x1fU", "Fire deals 2 damage.\nIce: tap, draw.", json.dumps({"legacy": "legal", "vintage": "legal"}),
           "apc:uncommon,mh2:uncommon:2021-06-18,sld:rare:2022-01-01:paper|mtgo", "*", "1+*")
    built = store._card(row)
    assert fields(built) == fields(plain_card(row))
    assert built.printings[2] == Printing("sld", "rare", "2022-01-01", ("paper", "mtgo"))
    assert store._card(row).printings[0] is built.printings[0]  # one Printing per distinct text
