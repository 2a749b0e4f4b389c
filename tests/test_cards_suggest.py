""""Did you mean" through the name index (cards/suggest.py `NameIndex`): the same answers,
ties and order included, as difflib over every name (`close_names`, the slow way it was
done before), for typos of real card names of Magic, Yu-Gi-Oh! and WoW TCG."""
from __future__ import annotations

import gzip
import json
import random

import pytest

from deckcheck.cards.suggest import NameIndex, close_names
from deckcheck.games import GAMES

ODD_WORDS = ["", " ", "x", "zz", "Dark", "the", "a b c d e f g", "ÆTHER", "Lim-Dûl", "???", "1234 5678"]


def typo(name: str, rng: random.Random) -> str:
    """One of the usual slips: two letters swapped, one left out, one doubled, one wrong."""
    if len(name) < 4:
        return name + rng.choice("aex")
    i = rng.randrange(1, len(name) - 2)
    kind = rng.randrange(5)
    if kind == 0:
        return name[:i] + name[i + 1] + name[i] + name[i + 2:]
    if kind == 1:
        return name[:i] + name[i + 1:]
    if kind == 2:
        return name[:i] + name[i] + name[i:]
    if kind == 3:
        return name[:i] + rng.choice("aeiourst") + name[i + 1:]
    return name.upper()[: len(name) // 2 + 2]  # a half-typed name in capitals


def typos(names: list[str], count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [typo(name, rng) for name in rng.sample(sorted(set(names)), count)] + ODD_WORDS


def assert_same_answers(names: list[str], words: list[str], suggest) -> None:
    for word in words:
        for limit in (1, 3):
            assert suggest(word, limit) == close_names(word, names, limit), (word, limit)


def test_magic_names(shared_data):
    with gzip.open(shared_data / "mtg" / "cards.jsonl.gz", "rt", encoding="utf-8") as handle:
        cards = [json.loads(line) for line in handle]
    names = [name for card in cards for name in dict.fromkeys([card["name"], *card.get("face_names", [])])]
    assert len(names) > 20_000
    index = NameIndex(names)
    assert_same_answers(names, typos(names, 12, seed=1), index.closest)


@pytest.mark.parametrize("game, fixture", [("yugioh", "ygo_cards_db"), ("wow", "wow_cards_db")])
def test_game_catalogs(game, fixture, request):
    """Through the catalog a validation uses, against difflib over the same names."""
    catalog = GAMES[game].load_catalog(request.getfixturevalue(fixture))
    cards = catalog._by_name.values() if game == "yugioh" else catalog._cards.values()
    names = [card.name for card in cards]
    assert len(names) > 5_000
    assert_same_answers(names, typos(names, 25, seed=2), lambda word, limit: catalog.suggest(word, limit))


def test_ties_and_duplicates():
    """Equal scores rank as difflib ranks them; spellings folding alike keep the last one."""
    names = ["Abcd", "Abce", "Abcf", "abcd", "ABCE", "Zzzz", "Ab", "Abcdefgh"]
    index = NameIndex(names)
    for word in ["abcx", "abc", "ab", "abcdefg", "zz", "", "q"]:
        for limit in (1, 2, 3, 10):
            assert index.closest(word, limit) == close_names(word, names, limit), (word, limit)
    # Three keys score 0.75: difflib keeps the greatest keys ("abcf", then "abce", the last
    # spelling of that key).
    assert index.closest("abcx", 2) == ["Abcf", "ABCE"]
    assert index.closest("abcx", 0) == []
