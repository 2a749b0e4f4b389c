"""Real tournament decks (../shared/data/mtg/decklists), validated on their event dates.

MTGO publishes only legal decks, so every MTGO deck must come out legal. Lists from
MTGmelee, Topdeck and ManaTraders are typed in by players and were not checked by anyone;
the few that break a rule are listed below with the reason, found by reading each one, so
any new problem (a deckcheck regression) fails the test.
"""
from __future__ import annotations

import collections

import pytest

from deckcheck import load_format, validate
from real_decks import format_id, mtgo_text, read_decks, registered_text

# deck_id -> (rules raised, why the deck, not deckcheck, is at fault)
KNOWN_BAD_LISTS = {
    "3df9d68f3ecb0bbc": ({"deck-size"}, "MTGmelee Legacy: 47 main / 11 side entered, list incomplete"),
    "aa8c15fa9463a336": ({"deck-size"}, "MTGmelee Legacy: 57-card main entered"),
    "e68098660a578561": ({"deck-size"}, "MTGmelee Modern: only 28 cards entered"),
    "678bcf0114193e34": ({"deck-size", "sideboard-size"}, "Topdeck Modern: main and side mixed up (12/63)"),
    "e483c7c946cc9ea0": ({"deck-size", "sideboard-size"}, "Topdeck Modern: main and side mixed up (20/54)"),
    "ecc68ed767aa974a": ({"banned"}, "Topdeck 'Modern' event with a 100-card singleton deck: not Modern"),
    "3c335dba794514ab": ({"copy-limit"}, "Topdeck Modern: 5 Hardened Scales in a 61-card main, entry error"),
    "44b0898b650a2042": ({"deck-size"}, "Topdeck Modern: 4 cards entered"),
    "9e2e53f80b496393": ({"sideboard-size"}, "Topdeck Modern: 16-card sideboard entered"),
    "abab2b4a9f4a768a": ({"banned"}, "Topdeck Modern: Green Sun's Zenith has been banned in Modern since 2011"),
    "b790c3f82818c065": ({"banned"}, "Topdeck 'Modern' event won with Chrome Mox, Deathrite, Once Upon a Time, SSG, Fury: a different format"),
    "9c10e48c33b278fb": ({"deck-size", "sideboard-size"}, "Topdeck Modern: main and side mixed up (29/47)"),
    "e1547cb75b58e2e8": ({"deck-size", "sideboard-size"}, "Topdeck Modern: main and side mixed up (18/57)"),
    "ff8fe7cabb40e70d": ({"deck-size", "sideboard-size"}, "Topdeck Modern: main and side mixed up (22/53)"),
    "8a385903633e6eda": ({"deck-size", "sideboard-size"}, "ManaTraders Pauper: 55/20 entered"),
    "6747a20979f74099": ({"deck-size"}, "Topdeck Pauper: 59-card main entered"),
    "57f2ee1561845184": ({"banned"}, "Topdeck Pauper: Sojourner's Companion banned in Pauper since 2022-09-19"),
    "9559bea692b94bdc": ({"banned"}, "Topdeck 'Pauper' event with a 99-card deck: Pauper Commander"),
    "75fbdf3d1abba637": ({"sideboard-size", "copy-limit"}, "ManaTraders Standard: the whole list entered twice (120/30)"),
    "7b45b31fd12ae469": ({"deck-size"}, "MTGmelee Standard: 58/14 entered, two cards missing"),
    "85256e85c94493d5": ({"restricted"}, "Topdeck Vintage: 2 Narset in a 66-card main, entry error"),
    "32a4905bfe59886b": ({"sideboard-size"}, "Topdeck Vintage: 16-card sideboard entered"),
    "a85598f95a4e1cc2": ({"deck-size"}, "MTGmelee 'Vintage' Highlander event: 21 cards entered"),
}


@pytest.fixture(scope="module")
def real_decks(request):
    shared = request.getfixturevalue("shared_data")
    return list(read_decks(shared))


def test_every_real_deck_legal_on_its_date_except_known_bad_lists(real_decks):
    formats = {fid: load_format(fid) for fid in {format_id(deck) for deck in real_decks}}
    unexpected = []
    seen_bad = {}
    by_source = collections.Counter()
    for deck in real_decks:
        # A known-bad list is checked as registered: a main deck and sideboard entered the
        # wrong way round would read as one main deck from MTGO-shaped text.
        text = registered_text(deck) if deck["deck_id"] in KNOWN_BAD_LISTS else mtgo_text(deck)
        result = validate(text, formats[format_id(deck)], deck["date"])
        rules = {problem.rule for problem in result.problems if problem.is_error}
        by_source[deck["event"]["source"]] += 1
        if deck["deck_id"] in KNOWN_BAD_LISTS:
            seen_bad[deck["deck_id"]] = rules
            continue
        if rules:
            unexpected.append((deck["deck_id"], deck["format"], deck["date"], deck["event"]["source"],
                               [p.message for p in result.problems]))
    assert not unexpected, f"{len(unexpected)} real decks flagged: {unexpected[:10]}"
    assert len(real_decks) == 6024 and by_source["MTGO"] == 3504
    # The known-bad lists must still be caught, for the stated reason.
    assert {deck_id: rules for deck_id, (rules, _) in KNOWN_BAD_LISTS.items()} == seen_bad


def test_mtgo_decks_are_all_legal(real_decks):
    mtgo = [deck for deck in real_decks if deck["event"]["source"] == "MTGO"]
    assert not any(deck["deck_id"] in KNOWN_BAD_LISTS for deck in mtgo)
    assert len(mtgo) == 3504
