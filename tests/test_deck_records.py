"""The deck, its problems and its results as records (model.py, problem.py, result.py,
registered_pools.py): equal, hashed, copied and pickled the way the dataclasses they
were, and a copy never shares what its original goes on changing."""
from __future__ import annotations

import pickle

import pytest

from deckcheck.model import MAIN, SIDEBOARD, CardEntry, Deck, GuessedSideboard
from deckcheck.problem import LineProblems, Problem
from deckcheck.record import Record
from deckcheck.registered_pools import Pool
from deckcheck.result import DeckResult, Report


def test_entries_are_equal_and_hashed_by_every_field():
    bolt = CardEntry("Lightning Bolt", 4, MAIN, 1)
    assert bolt == CardEntry("Lightning Bolt", 4, MAIN, 1) and len({bolt, CardEntry("Lightning Bolt", 4, MAIN, 1)}) == 1
    assert bolt != CardEntry("Lightning Bolt", 4, MAIN, 2)
    moved = bolt.replace(zone=SIDEBOARD)
    assert (moved.zone, moved.line, bolt.zone) == (SIDEBOARD, 1, MAIN)


def test_problems_compare_without_their_details():
    one = Problem("banned", "Bolt is banned", card="Lightning Bolt", details={"suggestions": ["Shock"]})
    other = Problem("banned", "Bolt is banned", card="Lightning Bolt")
    assert one == other and hash(one) == hash(other) and other.details == {}
    assert one != Problem("banned", "Bolt is banned", card="Shock")
    assert Problem("r", "m").details is not Problem("r", "m").details  # a new dict each, as default_factory gave


def test_a_results_dict_shares_nothing_that_changes_the_result():
    """to_dict() is the result as JSON: a website that trimmed a problem's suggestions in
    it (`.pop()`) or added to a team problem's holders changed the result itself, and the
    next to_dict() and the text report (full_message) said so."""
    problem = Problem("unknown-card", "unknown card 'Lightening Bolt'", card="Lightening Bolt",
                      details={"suggestions": ["Lightning Bolt", "Lightning Helix"], "holders": {"ann": 4}})
    result = DeckResult("<text>", "mtg/modern", [problem], {MAIN: 4})
    out = result.to_dict()
    out["problems"][0]["suggestions"].pop()
    out["problems"][0]["holders"]["bob"] = 1
    out["counts"][MAIN] = 0
    assert problem.details == {"suggestions": ["Lightning Bolt", "Lightning Helix"], "holders": {"ann": 4}}
    assert result.to_dict()["problems"][0]["suggestions"] == ["Lightning Bolt", "Lightning Helix"]
    assert result.counts == {MAIN: 4}


def test_a_deck_copy_changes_only_what_it_is_given_and_decks_are_unhashable():
    deck = Deck("t", [CardEntry("Mountain", 60, MAIN, 1)])
    renamed = deck.copy(name="Mono Red")
    assert (renamed.name, deck.name, renamed.entries is deck.entries) == ("Mono Red", None, True)
    assert renamed.problems is deck.problems and isinstance(deck.problems, LineProblems)
    assert deck == Deck("t", [CardEntry("Mountain", 60, MAIN, 1)]) and renamed != deck
    assert Deck("a").entries is not Deck("b").entries
    with pytest.raises(TypeError):
        hash(deck)
    with pytest.raises(AttributeError):
        deck.copy(colour="red")


def test_the_hand_written_field_lists_follow_the_slots():
    # CardEntry and Problem spell out their compared fields, and Deck.copy every field, for
    # speed: each must say what Record derives from __slots__, or a new field would be left
    # out of ==, the hash or a copy.
    entry = CardEntry("Mountain", 4, MAIN, 3, "mountain", 7)
    assert entry._key() == Record._key(entry)
    problem = Problem("banned", "m", "warning", MAIN, 3, "Bolt", 4, 1, {"x": 1})
    assert problem._key() == Record._key(problem)
    deck = Deck("t", [entry], LineProblems(), "text", "Burn", True, ("Bolt",), GuessedSideboard(frozenset({3}), 4, 2))
    copied = deck.copy()
    assert [getattr(copied, name) for name in Deck.record_fields()] == [getattr(deck, name) for name in Deck.record_fields()]


def test_pools_compare_by_their_cards_not_their_unreadable_lines():
    pool = Pool("pool.txt", {"mountain": 20}, (Problem("parse-error", "pool pool.txt line 3: ?"),))
    assert pool == Pool("pool.txt", {"mountain": 20}) != Pool("pool.txt", {"mountain": 21})


@pytest.mark.parametrize("record", [
    Deck("t", [CardEntry("Mountain", 60, MAIN, 1)], LineProblems([Problem("parse-error", "?", line=2)])),
    Pool("pool.txt", {"mountain": 20}, (Problem("parse-error", "?"),)),
    Report([DeckResult("t", "mtg/modern", [Problem("banned", "m", details={"holders": {"a": 1}})], {MAIN: 60})]),
], ids=["deck", "pool", "report"])
def test_records_survive_pickling(record):
    # Batch workers are spawned: what they are sent and send back is pickled.
    copied = pickle.loads(pickle.dumps(record))
    assert copied == record and repr(copied) == repr(record)
