""""Did you mean": the card names closest to a name no card has.

Every card name and face name is stored, and for each trigram (three-letter piece of a
folded name) the list of spellings that contain it, when the database is built. A
misspelling shares most of its trigrams with the intended name: the few dozen spellings
sharing the most are ranked with difflib. Nothing is loaded or built when the first typo turns up: a suggestion costs
a few milliseconds whether one deck is checked or thousands.

Games whose cards are all in memory (Yu-Gi-Oh!, WoW TCG) rank every name with difflib
instead (`close_names`).
"""
from __future__ import annotations

import difflib
import sqlite3
from collections import Counter
from collections.abc import Iterable

from ..names import fold

TABLES = """
CREATE TABLE spellings (id INTEGER PRIMARY KEY, spelling TEXT NOT NULL, key TEXT NOT NULL, card_id INTEGER NOT NULL);
CREATE TABLE grams (gram TEXT PRIMARY KEY, spelling_ids TEXT NOT NULL) WITHOUT ROWID;
"""
CANDIDATES = 30
COMMON = 1500  # a trigram in more spellings than this is common
CUTOFF = 0.6


def close_names(name: str, names: Iterable[str], limit: int) -> list[str]:
    """Up to `limit` of `names` closest to `name` (case and accents aside), closest first."""
    by_key = {fold(known): known for known in names}
    return [by_key[key] for key in difflib.get_close_matches(fold(name), list(by_key), n=limit, cutoff=CUTOFF)]


def trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return {padded[i:i + 3] for i in range(len(padded) - 2)}


def build(db: sqlite3.Connection) -> None:
    """Fill the suggestion tables from the finished `cards` table."""
    db.executescript(TABLES)
    spellings = []
    postings: dict[str, list[str]] = {}
    for card_id, name, faces in db.execute("SELECT id, name, faces FROM cards ORDER BY id").fetchall():
        for spelling in dict.fromkeys([name, *(face for face in faces.split("\x1f") if face)]):
            key = fold(spelling)
            spelling_id = len(spellings) + 1
            spellings.append((spelling_id, spelling, key, card_id))
            for gram in trigrams(key):
                postings.setdefault(gram, []).append(str(spelling_id))
    db.executemany("INSERT INTO spellings VALUES (?, ?, ?, ?)", spellings)
    # One row per trigram (about 9,000), its spellings as text: small and quick to write.
    db.executemany("INSERT INTO grams VALUES (?, ?)", [(gram, ",".join(ids)) for gram, ids in sorted(postings.items())])


def suggest(db: sqlite3.Connection, name: str, limit: int) -> list[str]:
    """Up to `limit` spellings of cards close to `name`, best first (one per card)."""
    key = fold(name)
    grams = sorted(trigrams(key))
    if not grams:
        return []
    postings = [ids.split(",") for (ids,) in db.execute(
        f"SELECT spelling_ids FROM grams WHERE gram IN ({','.join('?' * len(grams))})", grams
    )]
    # Trigrams in thousands of names ("er ", " of") say little and cost most of the
    # counting: leave them out while enough rarer ones remain.
    rare = [ids for ids in postings if len(ids) <= COMMON]
    hits: Counter[str] = Counter()
    for ids in rare if len(rare) >= 3 else postings:
        hits.update(ids)
    ids = [int(spelling_id) for spelling_id, _ in hits.most_common(CANDIDATES)]
    if not ids:
        return []
    rows = db.execute(
        f"SELECT spelling, key, card_id FROM spellings WHERE id IN ({','.join('?' * len(ids))})", ids
    ).fetchall()
    matcher = difflib.SequenceMatcher(None, b=key)  # b is analysed once, a varies
    scored = []
    for spelling, other, card_id in rows:
        matcher.set_seq1(other)
        if matcher.real_quick_ratio() >= CUTOFF and matcher.quick_ratio() >= CUTOFF:
            scored.append((matcher.ratio(), spelling, card_id))
    scored.sort(key=lambda item: (-item[0], item[1]))
    out: list[str] = []
    cards: set[int] = set()
    for ratio, spelling, card_id in scored:
        if ratio < CUTOFF or len(out) == limit:
            break
        # One suggestion per card, and one per spelling (a face may share a card's name).
        if card_id not in cards and spelling not in out:
            cards.add(card_id)
            out.append(spelling)
    return out
