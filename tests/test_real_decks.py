"""Real tournament decks (../shared/data/mtg/decklists), validated on their event dates
with card checks on, as a fresh install does (the built-in card data, no database).

MTGO publishes only legal decks, so every MTGO deck must come out legal, on paper (the
default platform) and on Magic Online. Lists from MTGmelee, Topdeck and ManaTraders are
typed in by players and were not checked by anyone; the few that break a rule are listed
below with the reason, found by reading each one, so any new problem (a deckcheck
regression) fails the test.
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
    "57f2ee1561845184": ({"banned"}, "Topdeck Pauper: Sojourner's Companion banned in Pauper since 2021-09-08"),
    "9559bea692b94bdc": ({"banned"}, "Topdeck 'Pauper' event with a 99-card deck: Pauper Commander"),
    "75fbdf3d1abba637": ({"sideboard-size", "copy-limit"}, "ManaTraders Standard: the whole list entered twice (120/30)"),
    "7b45b31fd12ae469": ({"deck-size"}, "MTGmelee Standard: 58/14 entered, two cards missing"),
    "85256e85c94493d5": ({"restricted"}, "Topdeck Vintage: 2 Narset in a 66-card main, entry error"),
    "32a4905bfe59886b": ({"sideboard-size"}, "Topdeck Vintage: 16-card sideboard entered"),
    "a85598f95a4e1cc2": ({"deck-size"}, "MTGmelee 'Vintage' Highlander event: 21 cards entered"),
}


# deck_id -> rules the card data adds to a list already known to be wrong.
MORE_RULES_FOR_KNOWN_BAD = {
    "ecc68ed767aa974a": {"not-in-pool"},  # 100-card singleton deck: Sol Ring, Mana Crypt are not Modern cards
    "b790c3f82818c065": {"not-in-pool"},  # Legacy cards (Natural Order, Sneak Attack) in a 'Modern' event
    "9559bea692b94bdc": {"not-in-pool"},  # Pauper Commander: Sol Ring, Smothering Tithe have no common printing
}
# deck_id -> (rules, why the list, not deckcheck, is wrong), found by reading each deck.
BAD_LISTS_SEEN_WITH_CARDS = {
    "548119c156acd18b": ({"not-in-pool"}, "Topdeck Legacy 2024-10-05 lists Stock Up, first printed in Aetherdrift 2025-02-14: the list was edited after the event"),
    "d4a76b2262aadb3e": ({"not-in-pool"}, "Topdeck Legacy 2024-11-16 lists Stock Up (Aetherdrift, 2025-02-14)"),
    "c8c76d3dd199d803": ({"not-in-pool"}, "Topdeck Legacy 2024-10-05 lists Scythecat Cub, first printed 2024-11-15"),
    "5256e869e8415a17": ({"not-in-pool"}, "Topdeck Modern 2024-08-31 lists Boltwave (Foundations, 2024-11-15)"),
    "172f1c74a9dd857b": ({"not-in-pool"}, "Topdeck Pioneer 2024-06-22 lists Duskmourn and Aetherdrift cards from months later"),
    "a6b5225547a4344e": ({"not-in-pool"}, "Topdeck Pauper 2024-05-11 lists Writhing Chrysalis (Modern Horizons 3, 2024-06-14)"),
    "a5134a3d8b620e4c": ({"not-in-pool"}, "ManaTraders Pauper 'June 2024' lists War Squeak (Bloomburrow, 2024-08-02); the source has no deck dates"),
    "d9e9c615eeca1282": ({"not-in-pool"}, "ManaTraders Pioneer 'October 2024' lists Maelstrom Pulse, Pioneer-legal only from Foundations (2024-11-15)"),
    "604c2705bf02f895": ({"not-in-pool"}, "ManaTraders Standard April 2024 lists Bedeck // Bedazzle, out of Standard since 2020"),
    "26596159fc8a2ff0": ({"not-in-pool"}, "MTGmelee Vintage: 'Waste Land' is the Mystery Booster playtest card, not Wasteland"),
    "b0cdb5980f513f5c": ({"not-in-pool"}, "MTGmelee Vintage: 'Waste Land' (playtest card) for Wasteland"),
    "b1dd90c44a3b1b22": ({"not-in-pool"}, "MTGmelee Vintage: 'Waste Land' (playtest card) for Wasteland"),
    "c512ab3b04ca5359": ({"not-in-pool"}, "MTGmelee Vintage: 'Waste Land' (playtest card) for Wasteland"),
    "f962fe8812bfa3f1": ({"not-in-pool"}, "MTGmelee Vintage: 'Waste Land' (playtest card) for Wasteland"),
    "1d0e0225516b8773": ({"unknown-card"}, "MTGmelee Legacy: half the names typed in Russian, and 'hudroblast'"),
    "4f4ccfc4c2b97f1b": ({"unknown-card"}, "MTGmelee Legacy: names typed in Russian, and 'unlicensed hearth'"),
}
# MTGmelee events a few days before a set's release play its cards legally: since
# Phyrexia: All Will Be One (2023) a set is tournament legal from its prerelease, a week
# before the release (formats/mtg/*.yaml via scripts/data/mtg_sets.csv). These decks are
# legal and must stay so: Vintage 2024-06-08 with Modern Horizons 3 (prerelease 06-07),
# Legacy 2026-04-19 with Secrets of Strixhaven (prerelease 04-17), Standard 2024-11-14
# with Foundations (prerelease 11-08).
PRERELEASE_LEGAL = {"MTGmelee": ("2024-06-08", "2026-04-19", "2024-11-14")}


def expected_rules(deck_id: str) -> set[str]:
    """The rules a deck must break: none, or those its list is known to break."""
    if deck_id in KNOWN_BAD_LISTS:
        return KNOWN_BAD_LISTS[deck_id][0] | MORE_RULES_FOR_KNOWN_BAD.get(deck_id, set())
    if deck_id in BAD_LISTS_SEEN_WITH_CARDS:
        return BAD_LISTS_SEEN_WITH_CARDS[deck_id][0]
    return set()


@pytest.fixture(scope="module")
def real_decks(request):
    shared = request.getfixturevalue("shared_data")
    return list(read_decks(shared))


def test_every_real_deck_legal_on_its_date_except_known_bad_lists(real_decks):
    formats = {fid: load_format(fid) for fid in {format_id(deck) for deck in real_decks}}
    wrong = []
    by_source = collections.Counter()
    warnings = collections.Counter()
    for deck in real_decks:
        # A known-bad list is checked as registered: a main deck and sideboard entered the
        # wrong way round would read as one main deck from MTGO-shaped text.
        text = registered_text(deck) if expected_rules(deck["deck_id"]) else mtgo_text(deck)
        result = validate(text, formats[format_id(deck)], deck["date"])
        rules = {problem.rule for problem in result.problems if problem.is_error}
        warnings.update(problem.rule for problem in result.problems if problem.severity == "warning")
        by_source[deck["event"]["source"]] += 1
        if rules != expected_rules(deck["deck_id"]):
            wrong.append((deck["deck_id"], deck["format"], deck["date"], deck["event"]["source"], rules,
                          [p.message for p in result.problems][:4]))
    assert not wrong, f"{len(wrong)} real decks not as expected: {wrong[:10]}"
    assert len(real_decks) == 6024 and by_source["MTGO"] == 3504
    # Every card of every deck was decided by the card pool: none left to a warning.
    assert warnings["not-in-pool"] == 0 and warnings["unknown-card"] == 0


@pytest.mark.parametrize("platform", ["paper", "mtgo"])
def test_mtgo_decks_are_all_legal(real_decks, platform):
    """MTGO only publishes legal decks: on Magic Online, and as paper decks too."""
    formats = {fid: load_format(fid) for fid in {format_id(deck) for deck in real_decks}}
    mtgo = [deck for deck in real_decks if deck["event"]["source"] == "MTGO"]
    assert not any(expected_rules(deck["deck_id"]) for deck in mtgo)
    assert len(mtgo) == 3504
    flagged = []
    for deck in mtgo:
        result = validate(mtgo_text(deck), formats[format_id(deck)], deck["date"], platform=platform)
        errors = [p.message for p in result.problems if p.is_error]
        if errors:
            flagged.append((deck["deck_id"], deck["date"], errors[:3]))
    assert flagged == []


def test_decks_playing_a_set_from_its_prerelease_are_legal(real_decks):
    """Decks of the days between a set's prerelease and its release that play the new cards."""
    formats = {fid: load_format(fid) for fid in {format_id(deck) for deck in real_decks}}
    early = [deck for deck in real_decks
             if deck["date"] in PRERELEASE_LEGAL.get(deck["event"]["source"], ()) and deck["format"] in ("Vintage", "Legacy", "Standard")]
    assert len(early) >= 40
    for deck in early:
        result = validate(mtgo_text(deck), formats[format_id(deck)], deck["date"])
        assert {p.rule for p in result.problems if p.is_error} == expected_rules(deck["deck_id"]), deck["deck_id"]
    # ... and a day before the prerelease the same cards are not in the pool yet.
    mh3 = next(deck for deck in early if deck["date"] == "2024-06-08" and deck["format"] == "Vintage"
               and any(card["name"] == "Psychic Frog" for card in deck["mainboard"]))
    before = validate(mtgo_text(mh3), formats["mtg/vintage"], "2024-06-06")
    assert ("not-in-pool", "Psychic Frog") in {(p.rule, p.card) for p in before.problems}
