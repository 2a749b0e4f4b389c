"""A catalog forgets the names it was asked once it holds MAX_NAMES_REMEMBERED of them (or
MAX_MEMO_KEYS tables of the rules' answers): a server validating its users' pasted lists
met new names and event days without end, and its memory grew with each list (2,000
lists of random names: 52 MiB and growing). Forgetting changes no answer."""
from __future__ import annotations

import random
import string

import pytest

from deckcheck import validate
from deckcheck.formats import load
from deckcheck.games.mtg import catalog as mtg_catalog
from deckcheck.pipeline import card_catalog


def _lists(count: int) -> list[tuple[str, str]]:
    """(text, date) of lists of made-up names, misspellings and real cards, on many days."""
    rng = random.Random(7)
    out = []
    for index in range(count):
        made_up = ["".join(rng.choice(string.ascii_lowercase) for _ in range(10)) for _ in range(6)]
        text = "\n".join(f"1 {name}" for name in made_up) + "\n4 Lightening Bolt\n4 Ponder\n46 Mountain\n\nSideboard\n1 Lurrus of the Dream-Den\n"
        out.append((text, f"20{12 + index % 14}-0{1 + index % 9}-1{index % 10}"))
    return out


def _verdicts(lists: list[tuple[str, str]]) -> list[list[dict]]:
    return [[problem.to_dict() for problem in validate(text, "mtg/legacy", date).problems] for text, date in lists]


def test_a_catalog_keeps_at_most_its_bound_of_names_and_gives_the_same_answers(monkeypatch):
    lists = _lists(60)
    catalog = card_catalog(load("mtg/legacy"), None, offline=True)
    catalog.forget_names()
    expected = _verdicts(lists)  # within the default bounds: nothing forgotten
    monkeypatch.setattr(mtg_catalog, "MAX_NAMES_REMEMBERED", 40)
    monkeypatch.setattr(mtg_catalog, "MAX_MEMO_KEYS", 8)
    catalog.forget_names()
    sizes = []
    got = []
    for text, date in lists:
        got.append([problem.to_dict() for problem in validate(text, "mtg/legacy", date).problems])
        sizes.append((len(catalog._cards), len(catalog.memo), len(catalog.memo.get(mtg_catalog._SUGGESTED, ()))))
    assert got == expected
    # A list adds at most its own names (and a table a rule needs) past the bound before the next forgets.
    assert max(cards for cards, _, _ in sizes) <= 40 + 12
    assert max(keys for _, keys, _ in sizes) <= 8 + 12
    assert max(suggested for _, _, suggested in sizes) <= 40 + 12
    assert len({cards for cards, _, _ in sizes}) > 1 and min(cards for cards, _, _ in sizes) < 40  # it did forget


@pytest.mark.parametrize("bound", ["MAX_NAMES_REMEMBERED", "MAX_MEMO_KEYS"])
def test_the_bounds_leave_room_for_every_magic_card_and_every_bundled_format(bound):
    # A batch of real decks never forgets: Magic has about 32,000 card names, and the
    # bundled formats, platforms and a few event days make a few hundred tables.
    assert getattr(mtg_catalog, bound) >= {"MAX_NAMES_REMEMBERED": 40_000, "MAX_MEMO_KEYS": 512}[bound]
