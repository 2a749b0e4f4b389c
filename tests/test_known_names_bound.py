"""The names a catalog resolved (`resolve_by_name`'s memo: each spelling a deck wrote, with
the card's name) are bounded for every game, not only for Magic, whose catalog forgets
its names as a whole: a WoW TCG site's users write a card's name in any case and spacing,
and each spelling stayed for ever (4,000 pasted lists of 40 random-case spellings of
`Ragnaros the Firelord`: 137,938 names kept, 29 MB and growing). Forgetting changes no
answer."""
from __future__ import annotations

import random

from deckcheck import validate
from deckcheck.cards import resolve
from deckcheck.formats import load
from deckcheck.pipeline import card_catalog


def _lists(count: int) -> list[str]:
    rng = random.Random(5)
    names = ["Ragnaros the Firelord", "Hogger", "Frostbolt", "Fireball", "Nonsense Card"]
    return ["\n".join(f"1 {''.join(c.upper() if rng.random() < 0.5 else c.lower() for c in rng.choice(names))}"
                      for _ in range(12)) for _ in range(count)]


def test_the_names_a_catalog_resolved_are_bounded_and_answers_stay_the_same(monkeypatch):
    lists = _lists(40)
    catalog = card_catalog(load("wow/constructed"), None, offline=True)
    catalog.memo.clear()
    expected = [validate(text, "wow/constructed", "2012-06-01").to_dict() for text in lists]
    monkeypatch.setattr(resolve, "MAX_NAMES_RESOLVED", 30)
    catalog.memo.clear()
    sizes, got = [], []
    for text in lists:
        got.append(validate(text, "wow/constructed", "2012-06-01").to_dict())
        sizes.append(len(catalog.memo.get(resolve._KNOWN_NAMES, ())))
    assert got == expected
    assert max(sizes) <= 30 + 12  # a list adds at most its own names past the bound
    assert min(sizes[20:]) < 30  # it did forget


def test_the_bound_leaves_room_for_every_card_of_a_game():
    assert resolve.MAX_NAMES_RESOLVED >= 50_000
