"""The engine on real tournament decklists (../shared/data): every 20th deck of the 6,024,
in exact mode, against the closed-form keep-7 probability of its own land count."""
from __future__ import annotations

import gzip
import json
from math import comb

import pytest

from deckcheck.engine import simulate
from deckcheck.formats import load
from deckcheck.model import MAIN, CardEntry, Deck


def _decks(shared_data, step: int = 20):
    with gzip.open(shared_data / "mtg" / "decklists" / "decks.jsonl.gz", "rt", encoding="utf-8") as lines:
        for index, line in enumerate(lines):
            if index % step == 0:
                yield json.loads(line)


def test_real_decks_keep7_matches_closed_form(shared_data):
    fmt = load("mtg/constructed")
    checked = 0
    for record in _decks(shared_data):
        entries = [CardEntry(name=card["name"], count=card["count"], zone=MAIN) for card in record["mainboard"]]
        deck = Deck(source=record["deck_id"], entries=entries)
        size = deck.count(MAIN)
        # Lands are the basic lands (no card data), whose count the closed form takes.
        simulation = simulate(deck, fmt, keep="2 <= lands <= 5", keep_by_size={5: "true"}, mode="exact", card_data=None)
        lands = simulation.profile.lands
        assert lands == sum(e.count for e in entries if e.key in fmt.basic_lands)
        closed_form = sum(comb(lands, k) * comb(size - lands, 7 - k) for k in range(2, 6)) / comb(size, 7)
        outcome = simulation.outcome
        assert outcome.keep[7].value == pytest.approx(closed_form, abs=1e-12), record["deck_id"]
        assert sum(e.value for e in outcome.keep.values()) == pytest.approx(1.0, abs=1e-12)
        assert sum(e.value for e in outcome.lands.values()) == pytest.approx(1.0, abs=1e-12)
        for index in simulation.tracked[:3]:
            for side in ("play", "draw"):
                assert 0.0 <= simulation.by_turn(index, 3, side).value <= 1.0 + 1e-12
        checked += 1
    assert checked >= 300


def test_real_decks_get_the_same_floats_from_both_exact_enumerations(shared_data):
    """engine/exact_plain.py against exact.py's numpy enumeration on every 20th real deck,
    with a rule that names the deck's first spell (more categories, London bottoms)."""
    from deckcheck.engine.exact import run_exact

    fmt = load("mtg/constructed")
    compared = 0
    for record in _decks(shared_data):
        entries = [CardEntry(name=card["name"], count=card["count"], zone=MAIN) for card in record["mainboard"]]
        deck = Deck(source=record["deck_id"], entries=entries)
        spell = next((e.name for e in entries if e.key not in fmt.basic_lands), None)
        if spell is None or '"' in spell:
            continue
        # No card data: `spell`, the first card that is no basic land, is then no land either.
        simulation = simulate(deck, fmt, keep=f'2 <= lands <= 4 and count("{spell}") + spells >= 3', mode="exact",
                              card_data=None)
        args = (simulation.profile, simulation.atoms, simulation.steps)
        plain, arrays = run_exact(*args, plain=True), run_exact(*args, plain=False)
        assert (plain.keep, plain.lands, plain.expected_lands) == (arrays.keep, arrays.lands, arrays.expected_lands), record["deck_id"]
        index = simulation.profile.index(spell)
        assert plain.by_turn(index, 2, 1) == arrays.by_turn(index, 2, 1)
        compared += 1
    assert compared > 250
