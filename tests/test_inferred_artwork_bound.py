"""The passcodes a Yu-Gi-Oh! catalog counted as alternate artworks (`infer_artwork`) are
kept up to a bound: a site's users paste any passcode, and each one within 20 of a card's
stayed for ever (2,000 pasted lists of 40 such passcodes: 69,721 kept, 34 MB and growing,
up to about 280,000 of them). Past the bound each is worked out again when asked, so every
answer stays the same, in every thread (nothing is ever dropped that a deck being checked
holds)."""
from __future__ import annotations

import random

from deckcheck import validate
from deckcheck.formats import load
from deckcheck.games.yugioh import catalog as ygo_catalog
from deckcheck.pipeline import card_catalog


def _lists(catalog, count: int) -> list[str]:
    rng = random.Random(3)
    codes = [code for code in catalog._codes if not catalog._by_code[code].alias][:3000]
    return ["#main\n" + "\n".join(str(rng.choice(codes) + rng.randint(1, 20)) for _ in range(30)) + "\n89631139\n" * 4
            for _ in range(count)]


def test_inferred_artworks_are_bounded_and_answers_stay_the_same(monkeypatch):
    catalog = card_catalog(load("yugioh/advanced-tcg"), None, offline=True)
    lists = _lists(catalog, 30)
    catalog._inferred.clear()
    expected = [validate(text, "yugioh/advanced-tcg", "2024-06-01").to_dict() for text in lists]
    assert len(catalog._inferred) > 200  # most of the lists' passcodes were inferred
    monkeypatch.setattr(ygo_catalog, "MAX_INFERRED_KEPT", 50)
    catalog._inferred.clear()
    got = [validate(text, "yugioh/advanced-tcg", "2024-06-01").to_dict() for text in lists]
    assert got == expected
    assert len(catalog._inferred) <= 50


def test_the_bound_leaves_room_for_real_decks():
    assert ygo_catalog.MAX_INFERRED_KEPT >= 10_000
