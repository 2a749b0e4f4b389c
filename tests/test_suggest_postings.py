""""Did you mean" counts only the trigram postings it keeps, without splitting the common
ones it leaves out (cards/suggest.py `shared_trigrams`): the same counts, in the same
order (ties rank alike), as the plain way (every posting split, then the common ones left
out), over typos of built-in names and names of common trigrams only."""
from __future__ import annotations

from collections import Counter

from deckcheck.cards import suggest
from deckcheck.cards.builtin import builtin_path
from deckcheck.games.mtg.store import CardDb
from deckcheck.names import fold


def plain_shared_trigrams(postings: list[str]) -> Counter[str]:
    split = [ids.split(",") for ids in postings]
    rare = [ids for ids in split if len(ids) <= suggest.COMMON]
    hits: Counter[str] = Counter()
    for ids in rare if len(rare) >= 3 else split:
        hits.update(ids)
    return hits


def typos(name: str) -> list[str]:
    """A letter left out, two swapped, one doubled."""
    middle = len(name) // 2
    return [name[:middle] + name[middle + 1:], name[:middle] + name[middle + 1:middle + 2] + name[middle] + name[middle + 2:],
            name[:middle] + name[middle] + name[middle:]]


def test_trigrams_are_counted_as_the_plain_way_counts_them():
    db = CardDb(builtin_path(), immutable=True)
    names = [name for _, name, _ in db.all_names()][::200] + ["er of the", "Lightning Blot", "the", "of", "e"]
    compared = 0
    for typo in (typo for name in names for typo in typos(name)):
        grams = sorted(suggest.trigrams(fold(typo)))
        postings = [ids for (ids,) in db.query(f"SELECT spelling_ids FROM grams WHERE gram IN ({','.join('?' * len(grams))})", tuple(grams))]
        assert list(suggest.shared_trigrams(postings).items()) == list(plain_shared_trigrams(postings).items()), typo
        compared += 1
    assert compared > 400
    # Postings at the edge of common, and fewer than three rare ones.
    edge = [",".join(map(str, range(start, start + size))) for start, size in ((1, suggest.COMMON), (5, suggest.COMMON + 1), (9, 2))]
    for postings in (edge, edge[:2], edge[1:], [""], ["7"]):
        assert list(suggest.shared_trigrams(postings).items()) == list(plain_shared_trigrams(postings).items())
