"""Real tournament decks validated WITH a card database imported (`cards import`) from the
Scryfall-shaped copy of the shared card file: names resolved, card pools checked by the
formats' dated set lists (that file has no legalities). A synced database takes
precedence over the built-in data; names it lacks (MTGO's Through the Omenpaths names for
Marvel's Spider-Man cards) are found in the built-in data behind it, so every MTGO deck
stays legal.

The decks expected to break rules, and why, are those of test_real_decks.py: the same
verdicts as with the built-in data alone.
"""
from __future__ import annotations

import pytest

from deckcheck import load_format, validate
from deckcheck.games.mtg.catalog import MtgCatalog
from real_decks import format_id, mtgo_text, read_decks, registered_text
from test_real_decks import expected_rules


@pytest.fixture(scope="module")
def real_decks(request):
    return list(read_decks(request.getfixturevalue("shared_data")))


@pytest.fixture(scope="module")
def catalog(request):
    return MtgCatalog(request.getfixturevalue("shared_cards_db"))


def test_every_real_deck_legal_with_card_data_except_explained_ones(real_decks, catalog):
    formats = {fid: load_format(fid) for fid in {format_id(deck) for deck in real_decks}}
    wrong, warnings = [], 0
    for deck in real_decks:
        # Lists known to be bad are checked as registered (see test_real_decks.py).
        text = registered_text(deck) if expected_rules(deck["deck_id"]) else mtgo_text(deck)
        result = validate(text, formats[format_id(deck)], deck["date"], cards=catalog, offline=True)
        rules = {p.rule for p in result.problems if p.is_error}
        warnings += sum(p.severity == "warning" and p.rule == "not-in-pool" for p in result.problems)
        if rules != expected_rules(deck["deck_id"]):
            wrong.append((deck["deck_id"], deck["format"], deck["date"], rules, [p.message for p in result.problems][:5]))
    assert not wrong, f"{len(wrong)} real decks not as expected: {wrong[:10]}"
    assert warnings == 0  # every card of every deck was decided by the pool, none left to a warning


def test_omenpaths_names_resolve_through_the_built_in_data(catalog):
    """The database (OCTGN's Marvel names only) lacks MTGO's names; the built-in data knows them."""
    assert catalog.get("Fire-Brained Scheme").name == "Heroes' Hangout"
    assert catalog.get("Nia, Skysail Storyteller").name == "Gwen Stacy // Ghost-Spider"
    result = validate("4 Fire-Brained Scheme\n56 Mountain\n", "mtg/standard", "2025-10-01", cards=catalog, platform="mtgo")
    assert result.legal and result.problems == []
