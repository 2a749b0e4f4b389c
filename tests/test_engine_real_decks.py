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
        simulation = simulate(deck, fmt, keep="2 <= lands <= 5", keep_by_size={5: "true"}, mode="exact")
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
