"""The games' card records are deckcheck.record.Record classes: what the rules and batch
workers rely on from them (equality, hashing, copies, pickling) still holds."""
from __future__ import annotations

import pickle

import pytest

from deckcheck.games.mtg.card_pool import CardPool, SetWindow
from deckcheck.games.mtg.cards import Card, Printing
from deckcheck.games.mtg.companions import StartingDeck
from deckcheck.games.yugioh.cards import TYPE_BITS, YgoCard
from deckcheck.rules._command_zone import CommandZone

BOLT = Card("Lightning Bolt", type_line="Instant", types=("Instant",), oracle_text="Deal 3 damage.",
            legalities={"modern": "legal"}, printings=(Printing("lea", "common"),), aliases=("Bolt",))


def test_card_equality_leaves_out_printings_and_aliases():
    assert BOLT == BOLT.replace(printings=(), aliases=())
    assert BOLT != BOLT.replace(oracle_text="Deal 4 damage.")


def test_card_pickles_with_its_cached_facts():
    card = BOLT.replace(name="Snow-Covered Island", supertypes=("Basic", "Snow"), types=("Land",),
                        oracle_text="A deck can have any number of cards named Snow-Covered Island.")
    assert card.is_basic and card.deck_limit == "any"
    copied = pickle.loads(pickle.dumps(card))
    assert copied == card and copied.printings == card.printings
    assert copied.is_basic and copied.deck_limit == "any"


def test_a_replaced_card_pool_finds_its_set_windows():
    pool = CardPool(legality="pauper", sets=(SetWindow("lea"), SetWindow("mh3")))
    common = pool.replace(rarities=frozenset({"common"}))
    assert common.windows("mh3") == [SetWindow("mh3")] and common.windows("xyz") == []
    assert common.rarities == frozenset({"common"}) and common.sets == pool.sets
    assert pool == CardPool(legality="pauper", sets=pool.sets) and hash(pool) == hash(pool.replace())
    assert "_by_code" not in repr(pool)


def test_command_zones_never_share_lists_and_are_unhashable():
    first, second = CommandZone(), CommandZone()
    first.commanders.append(("entry", None))
    assert second.commanders == [] and first != second
    with pytest.raises(TypeError):
        hash(first)


def test_starting_deck_equality_leaves_out_the_memo():
    assert StartingDeck(((BOLT, 4),), 60, memo={"a": True}) == StartingDeck(((BOLT, 4),), 60)


def test_yugioh_card_replace_works_its_types_out_afresh():
    monster = YgoCard(46986414, "Dark Magician", TYPE_BITS["Monster"] | TYPE_BITS["Normal"])
    assert "Monster" in monster.types
    spell = monster.replace(type=TYPE_BITS["Spell"])
    assert "Spell" in spell.types and "Monster" not in spell.types
