"""A card's identity key (names.card_key: its folded front face) names one card of the
built-in data and no other: copy limits, ban lists and pools count each card as itself.
Mystery Booster playtest cards reuse real cards' names as faces (`Bind // Liberate`,
`Smelt // Herd // Saw`, `Start // Fire`); names.KEYED_WHOLE keys those by their whole
name, and this test finds any card a newer data adds that would share a key."""
from __future__ import annotations

from collections import defaultdict

from deckcheck.cards.builtin import builtin_path
from deckcheck.games.mtg.store import CardDb
from deckcheck.names import KEYED_WHOLE, card_key, full_key


def _names() -> list[str]:
    db = CardDb(builtin_path(), immutable=True)
    try:
        return [name for _id, name, _faces in db.all_names()]
    finally:
        db.close()


def test_no_two_cards_of_the_built_in_data_share_a_key():
    names = _names()
    by_key: dict[str, list[str]] = defaultdict(list)
    for name in names:
        by_key[card_key(name)].append(name)
    assert len(names) > 30_000
    assert {key: found for key, found in by_key.items() if len(found) > 1} == {}


def test_every_card_keyed_whole_is_a_card_of_the_data_whose_front_face_another_card_claims():
    names = _names()
    whole = {full_key(name): name for name in names}
    assert KEYED_WHOLE <= set(whole)
    fronts = {card_key(name) for name in names if full_key(name) not in KEYED_WHOLE}
    for key in KEYED_WHOLE:
        assert card_key(whole[key].split(" // ")[0]) in fronts, whole[key]  # still needed


def test_a_card_keyed_whole_is_one_key_however_its_faces_are_written():
    assert {card_key(name) for name in ("Bind // Liberate", "bind/liberate", "Bind / Liberate", "BIND///LIBERATE")} == {
        "bind // liberate"}
    assert card_key("Bind") == "bind" and card_key("Start // Finish") == card_key("Start") == "start"


def test_a_synced_databases_legalities_compare_a_playtest_card_with_its_own_bans(tmp_path):
    """`formats check-freshness` looked a card up by its name's key, else by its front
    face's: a ban of the real Bind applied to the playtest Bind // Liberate, a disagreement
    with a database that calls it legal."""
    import datetime as dt
    from types import SimpleNamespace

    from deckcheck.formats import load
    from deckcheck.formats.freshness import disagreements
    from deckcheck.games.mtg.cards import Card

    path = tmp_path / "bind.yaml"
    path.write_text("name: Bind banned\ngame: mtg\nextends: mtg/legacy\nbanned:\n  - {card: Bind, since: 2020-01-01}\n",
                    encoding="utf-8")
    cards = [Card("Bind", ("Bind",), legalities={"legacy": "banned"}),
             Card("Bind // Liberate", ("Bind", "Liberate"), "split", legalities={"legacy": "legal"})]
    catalog = SimpleNamespace(legalities_date=dt.date(2026, 1, 1),
                              db=SimpleNamespace(all_cards=lambda: iter(cards)))
    assert disagreements(load(path), catalog) == []


def test_a_front_face_names_the_real_card_whatever_the_printings_of_a_playtest_card():
    """The `names` table ranks a spelling by kind, then by printings: a playtest card keyed
    whole spells its front face only as a face, so `Start` is Start // Finish even where
    a database (a Scryfall sync) gives Start // Fire more printings or reads it first."""
    from deckcheck.games.mtg.card_names import CardNames
    from deckcheck.games.mtg.cards import Card

    names = CardNames()
    names.add_card(1, Card("Start // Fire", ("Start", "Fire"), "split"))
    names.add_card(2, Card("Start // Finish", ("Start", "Finish"), "split"))
    names.add_card(3, Card("Bind // Liberate", ("Bind", "Liberate"), "split"))
    rows = dict(names.names_rows({1: 9, 2: 1, 3: 9}))
    assert rows["start"] == 2 and rows["start // fire"] == 1 and rows["fire"] == 1
    assert rows["bind"] == 3  # no real Bind in this database: the playtest card's face is all there is
