""""Did you mean": the card names closest to a name no card has.

Every card name and face name is stored, and for each trigram (three-letter piece of a
folded name) the list of spellings that contain it, as the database is built. A
misspelling shares most of its trigrams with the intended name: the few dozen spellings
sharing the most are ranked with difflib. Nothing is loaded or built when the first typo turns up: a suggestion costs
a few milliseconds whether one deck is checked or thousands.

Games whose cards are all in memory (Yu-Gi-Oh!, WoW TCG) build a `NameIndex` of their
folded names on the first unknown name: it gives exactly the answer of difflib's
`get_close_matches` over every name (`close_names`), in a few milliseconds instead of a
hundred, by ranking only the names that could reach the cutoff; their suggestions put
first the names an unknown name is the shortened start of (`Nibiru` -> `Nibiru, the
Primal Being`; a name that goes on with `'s`, `Thrall's Fury`, after the others), then
the names an unknown name starts with before a note (`Graccus (Alliance Paladin)` ->
`Graccus`), then the closest, then the names it starts with before other words (`Graccus
the Paladin`), and when nothing comes close, the names whose first words it nearly is
(`Ash Blosom` -> `Ash Blossom & Joyous Spring`). Magic's suggestions put first the legendary cards an unknown name is the
short name of, the part before the comma (`Kenrith` -> `Kenrith, the Returned King`) or,
for a legendary creature without one, before `the` or `of` (`Lurrus` -> `Lurrus of the Dream-Den`).
"""
from __future__ import annotations

import bisect
import heapq
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterable
from functools import lru_cache

from ..limits import MAX_KEPT_LETTERS_TEXT
from ..names import fold

TABLES = """
CREATE TABLE spellings (id INTEGER PRIMARY KEY, spelling TEXT NOT NULL, key TEXT NOT NULL, card_id INTEGER NOT NULL);
CREATE TABLE grams (gram TEXT PRIMARY KEY, spelling_ids TEXT NOT NULL) WITHOUT ROWID;
"""
CANDIDATES = 30
COMMON = 1500  # a trigram in more spellings than this is common
CUTOFF = 0.6
MIN_COMPLETED = 3  # letters a shortened name needs before it is completed
NEAR = 0.85  # how close a mistyped shortened name's words are to a name's first words
_TRAILING = ",:;.!?&-"  # what ends a name's first words before the rest of it


def close_names(name: str, names: Iterable[str], limit: int) -> list[str]:
    """Up to `limit` of `names` closest to `name` (case and accents aside), closest first."""
    import difflib  # imported for a typo only: not on every validate's start-up path

    by_key = {fold(known): known for known in names}
    return [by_key[key] for key in difflib.get_close_matches(fold(name), list(by_key), n=limit, cutoff=CUTOFF)]


@lru_cache(maxsize=1 << 14)
def could_suggest(word: str, key: str) -> bool:
    """Whether `NameIndex.suggest` could give the name folded as `key` for the name folded as
    `word` (names.fold), whatever other names the index holds: true for every name it could
    give (some it would not), so an index of only these names answers as one of them all.
    `completions` and `near_completions` give only names that start with the word's first
    two letters; `closest` only names whose bound (difflib's quick_ratio, as `closest`
    computes it) reaches CUTOFF. Memoised: one run asks it of the same names deck after deck."""
    if not word or key.startswith(word[:2]):
        return True
    letters = _letters(key)
    shared = sum(min(count, letters.get(letter, 0)) for letter, count in _letters(word).items())
    return 2.0 * shared / (len(word) + len(key)) >= CUTOFF


def _letters(text: str) -> dict[str, int]:
    """How many times each letter is in `text` (could_suggest asks of each name many times),
    kept for a text of a card name's length only: the cache holds 4,096 texts, and texts of
    up to a line (1,024 characters) of as many letters (kanji) held some 150 MB of a
    process that simulates hostile policy names for good."""
    return _kept_letters(text) if len(text) <= MAX_KEPT_LETTERS_TEXT else dict(Counter(text))


@lru_cache(maxsize=1 << 12)
def _kept_letters(text: str) -> dict[str, int]:
    return dict(Counter(text))


@lru_cache(maxsize=1 << 12)
def suggest_among(name: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """`NameIndex(names).suggest(name, 1)`, memoised: the decks of a run that keep the same
    few names for an unknown one (could_suggest) get one answer."""
    return tuple(NameIndex(names).suggest(name, 1))


def one_edit(typed: str, known: str) -> bool:
    """Whether the folded name `known` is `typed` with at most one letter added, dropped,
    changed or two neighbours swapped: a typo of it (`Raze` of Daze, `Waste Land` of
    Wasteland), surely meant though `typed` names a card too."""
    if abs(len(typed) - len(known)) > 1:
        return False
    start = next((i for i, (a, b) in enumerate(zip(typed, known)) if a != b), min(len(typed), len(known)))
    a, b = typed[start:], known[start:]
    return (a[1:] == b[1:] or a[1:] == b or a == b[1:]
            or (len(a) >= 2 and a[:2] == b[1::-1] and a[2:] == b[2:]))


class NameIndex:
    """Names by folded spelling, with each letter's postings: `closest` answers as
    `close_names` over the same names does, without scoring every name.

    difflib's `quick_ratio` (letters shared, order aside) is an upper bound of its `ratio`.
    The postings give every name's shared-letter count at once (for each letter the query
    holds k times, the names holding it at least 1..k times), so only names whose bound
    reaches the cutoff are scored, best bound first, until no bound can beat the worst of
    the `limit` best scores found. The answer, ties included, is get_close_matches'.
    """

    def __init__(self, names: Iterable[str]):
        # Same keying as close_names: the last spelling of a folded key wins.
        self._by_key = {fold(known): known for known in names}
        self._keys = list(self._by_key)
        self._sorted: list[str] | None = None  # the keys in order, for `completions`
        self._lengths = [len(key) for key in self._keys]
        # _postings[letter][k - 1]: ids of the keys holding `letter` at least k times.
        self._postings: dict[str, list[list[int]]] = {}
        for key_id, key in enumerate(self._keys):
            for letter, count in Counter(key).items():
                lists = self._postings.setdefault(letter, [])
                while len(lists) < count:
                    lists.append([])
                for k in range(count):
                    lists[k].append(key_id)

    def suggest(self, name: str, limit: int) -> list[str]:
        """"Did you mean": the names `name` is the start of (`completions`), then the
        names it starts with before a bracket, dash or comma (`heads`: a note after the
        name), then the closest (`closest`), then the names it starts with before more words
        (`Shadow Blot` is Shadow Bolt mistyped before it is the card Shadow), up to `limit`."""
        found = self.completions(name, limit)
        heads = self.heads(name, limit) if len(found) < limit else []
        for marked in (True, False):
            if marked:
                more = [known for known, noted in heads if noted]
            else:
                more = self.closest(name, limit) if len(found) < limit else []
                more += [known for known, noted in heads if not noted]
            found += [known for known in dict.fromkeys(more) if known not in found][:limit - len(found)]
        return found or self.near_completions(name, limit)

    def near_completions(self, name: str, limit: int) -> list[str]:
        """Up to `limit` names whose first words are `name`'s but for a typo, closest
        first (`Ash Blosom` -> `Ash Blossom & Joyous Spring`): asked when nothing else
        comes close, since a shortened name is far from the whole one and, mistyped, is
        the start of none. Only names beginning with its first two letters are scored."""
        word = " ".join(fold(name).split())
        count = len(word.split())
        if len(word) < MIN_COMPLETED + 2 or limit <= 0:
            return []
        if self._sorted is None:
            self._sorted = sorted(self._keys)
        keys, start = self._sorted, word[:2]
        import difflib  # as in close_names

        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(word)
        scored = []
        for index in range(bisect.bisect_left(keys, start), len(keys)):
            key = keys[index]
            if not key.startswith(start):
                break
            parts = key.split()
            if len(parts) <= count:
                continue  # a name as long as the word is `closest`'s to find
            matcher.set_seq1(" ".join(parts[:count]).rstrip(_TRAILING))  # `nibiru,`: the comma is no typo
            score = matcher.ratio()
            if score >= NEAR:
                scored.append((-score, len(key), key))
        return [self._by_key[key] for _, _, key in sorted(scored)[:limit]]

    def completions(self, name: str, limit: int) -> list[str]:
        """Up to `limit` names that begin with the whole words of `name`, shortest first:
        players shorten long names (`Nibiru` for `Nibiru, the Primal Being`, `Ash Blossom`),
        and a shortened name is too far from the whole one for `closest`."""
        word = fold(name).strip()
        if len(word) < MIN_COMPLETED or limit <= 0:
            return []
        if self._sorted is None:
            self._sorted = sorted(self._keys)
        keys = self._sorted
        found = []
        for index in range(bisect.bisect_left(keys, word), len(keys)):
            key = keys[index]
            if not key.startswith(word):
                break
            if len(key) > len(word) and not key[len(word)].isalnum():
                found.append(key)
        found.sort(key=lambda key: (_possessive(key, len(word)), len(key), key))
        return [self._by_key[key] for key in found[:limit]]

    def heads(self, name: str, limit: int) -> list[tuple[str, bool]]:
        """Up to `limit` names that `name` begins with, then more words, longest first, each
        with whether a bracket, dash or comma marks what follows as a note: a list annotates
        a card after its name (`Hero: Graccus (Alliance Paladin)`, `Graccus the Paladin`),
        and the whole is too far from the name for `closest`, which offered nothing for the
        one and Raise the Dead for the other. A name of at least MIN_COMPLETED letters,
        ended by a blank (a comma or the like before it dropped)."""
        word = " ".join(fold(name).split())
        found: dict[str, bool] = {}
        end = len(word)
        while len(found) < limit:
            end = word.rfind(" ", 0, end)
            if end < MIN_COMPLETED:
                break
            key = word[:end]
            noted = key[-1] in _TRAILING or word[end + 1:end + 2] in ("(", "[", "-", "/")
            for head in dict.fromkeys((key, key.rstrip(_TRAILING))):
                if head in self._by_key:
                    found.setdefault(self._by_key[head], noted)
        return list(found.items())[:limit]

    def closest(self, name: str, limit: int) -> list[str]:
        """Up to `limit` names closest to `name` (case and accents aside), closest first."""
        word = fold(name)
        if limit <= 0:
            return []
        if not word:  # only an empty key can match an empty word: no letters to index
            return [self._by_key[""]] if "" in self._by_key else []
        shared: Counter[int] = Counter()
        for letter, count in Counter(word).items():
            for ids in self._postings.get(letter, [])[:count]:
                shared.update(ids)
        size, lengths = len(word), self._lengths
        # The bound computed as difflib computes quick_ratio, so ties compare alike.
        bounds = [(2.0 * matches / (size + lengths[key_id]), key_id) for key_id, matches in shared.items()]
        bounds = sorted((bound for bound in bounds if bound[0] >= CUTOFF), reverse=True)
        import difflib  # as in close_names

        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(word)  # as get_close_matches: b is the word, a each name
        positions: dict[str, int] = {}  # each letter of the word: the bits of its positions
        for position, letter in enumerate(word):
            positions[letter] = positions.get(letter, 0) | 1 << position
        best: list[tuple[float, str]] = []  # a heap of the `limit` best (score, key)
        for bound, key_id in bounds:
            if len(best) == limit and bound < best[0][0]:
                break  # no name left can score above the worst kept
            key = self._keys[key_id]
            # difflib's matching blocks are a common subsequence: the longest one bounds
            # them, in order this time, and costs a tenth of ratio() to find.
            bound = 2.0 * common_subsequence(key, positions, size) / (size + len(key))
            if bound < CUTOFF or (len(best) == limit and bound < best[0][0]):
                continue
            matcher.set_seq1(key)
            score = matcher.ratio()
            if score >= CUTOFF:
                if len(best) < limit:
                    heapq.heappush(best, (score, key))
                else:
                    heapq.heappushpop(best, (score, key))
        return [self._by_key[key] for _, key in sorted(best, reverse=True)]


def _possessive(key: str, end: int) -> bool:
    """Whether the folded name `key` goes on from its first `end` letters with `'s`: a card
    named for the one a shortened name names (`Thrall's Fury`), which `completions` ranks
    after the names that are it (`Thrall, Warchief of the Horde`, `Thrall the Earth-Warder`)."""
    return key[end:end + 2] in ("'s", "’s")


def common_subsequence(text: str, positions: dict[str, int], size: int) -> int:
    """Length of the longest common subsequence of `text` and a word of `size` letters whose
    letters' positions are bit masks in `positions` (the bit-parallel method of Allison and
    Dix: one pass over `text`, the word's letters as bits of one integer)."""
    row = (1 << size) - 1
    for letter in text:
        matched = row & positions.get(letter, 0)
        row = (row + matched) | (row - matched)
    return size - (row & ((1 << size) - 1)).bit_count()


def trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return set(map("".join, zip(padded, padded[1:], padded[2:])))


class SuggestionTables:
    """The `spellings` and `grams` rows of a database being built: each card's name and
    face names are added with the card (`add`); `write` makes the trigram postings (the
    bulk of the memory, so not held while the card file is read) and stores both."""

    def __init__(self) -> None:
        self._spellings: list[tuple[int, str, str, int]] = []

    def add(self, card_id: int, name: str, face_names: Iterable[str]) -> None:
        spellings = self._spellings
        names = (name,) if face_names == (name,) else dict.fromkeys([name, *(face for face in face_names if face)])
        for spelling in names:
            spellings.append((len(spellings) + 1, spelling, fold(spelling), card_id))

    def write(self, db: sqlite3.Connection) -> None:
        postings: defaultdict[str, list[str]] = defaultdict(list)
        posting_list = postings.__getitem__
        for spelling_id, _, key, _ in self._spellings:
            text_id = str(spelling_id)
            for ids in map(posting_list, trigrams(key)):
                ids.append(text_id)
        db.executescript(TABLES)
        db.executemany("INSERT INTO spellings VALUES (?, ?, ?, ?)", self._spellings)
        # One row per trigram (about 9,000), its spellings as text: small and quick to write.
        db.executemany("INSERT INTO grams VALUES (?, ?)", [(gram, ",".join(ids)) for gram, ids in sorted(postings.items())])


def suggest(db: sqlite3.Connection, name: str, limit: int) -> list[str]:
    """Up to `limit` spellings of cards close to `name`, best first (one per card): first
    the cards `name` is the short name of (`completions`), then the closest spellings."""
    key = fold(name)
    grams = sorted(trigrams(key))
    if not grams:
        return []
    completed = completions(db, key, limit)
    if len(completed) >= limit:
        return completed[:limit]  # the short name's cards fill the answer: no closest spellings to look for
    if completed:
        rest = [spelling for spelling in _closest(db, key, grams, limit) if spelling not in completed]
        return (completed + rest)[:limit]
    return _closest(db, key, grams, limit)


# Words that follow a legendary creature's short name when its name has no comma (`Tymna
# the Weaver`, `Lurrus of the Dream-Den`, `Kaalia of the Vast`). Only legendary creatures,
# by their name (not a back face's): many other names begin `Sword of`, `Child of`, and a
# word of them is no one's short name.
_TITLES = (" the ", " of ")


def completions(db: sqlite3.Connection, key: str, limit: int) -> list[str]:
    """Cards whose name is `key` then a comma: the short name players give a legendary card
    (`Kenrith` for Kenrith, the Returned King; `Atraxa` for both Atraxas), and legendary
    creatures whose name is `key` then `the` or `of` (`Tymna`, `Lurrus`), in name order.
    Ranges of the `names` and `cards` tables' keys: an index lookup each."""
    if len(key) < MIN_COMPLETED or "," in key:
        return []
    titled = " OR ".join("(key >= ? AND key < ?)" for _ in _TITLES)
    bounds = [bound for title in _TITLES for bound in (key + title, key + title[:-1] + chr(ord(" ") + 1))]
    rows = db.execute(
        "SELECT cards.name FROM names JOIN cards ON cards.id = names.card_id "
        "WHERE names.key >= ? AND names.key < ? "
        f"UNION SELECT name FROM cards WHERE ({titled}) "
        "AND supertypes LIKE '%Legendary%' AND types LIKE '%Creature%' "
        "ORDER BY 1 LIMIT ?",
        (key + ",", key + chr(ord(",") + 1), *bounds, limit),
    )
    return [found for (found,) in rows]


def shared_trigrams(postings: list[str]) -> Counter[str]:
    """How many of a name's trigrams each spelling id holds, from their postings (the ids
    of the spellings holding each, joined by commas). Trigrams in thousands of names ("er ",
    " of") say little and cost most of the counting: they are left out while enough rarer
    ones remain. A posting's size is its commas and one: a common one is never split."""
    rare = [ids for ids in postings if ids.count(",") < COMMON]
    hits: Counter[str] = Counter()
    for ids in rare if len(rare) >= 3 else postings:
        hits.update(ids.split(","))
    return hits


def _closest(db: sqlite3.Connection, key: str, grams: list[str], limit: int) -> list[str]:
    """Up to `limit` spellings of cards close to the folded name `key` (trigrams, then difflib)."""
    hits = shared_trigrams([ids for (ids,) in db.execute(
        f"SELECT spelling_ids FROM grams WHERE gram IN ({','.join('?' * len(grams))})", grams
    )])
    ids = [int(spelling_id) for spelling_id, _ in hits.most_common(CANDIDATES)]
    if not ids:
        return []
    rows = db.execute(
        f"SELECT spelling, key, card_id FROM spellings WHERE id IN ({','.join('?' * len(ids))})", ids
    ).fetchall()
    import difflib  # as in close_names

    matcher = difflib.SequenceMatcher(None, b=key)  # b is analysed once, a varies
    scored = []
    for spelling, other, card_id in rows:
        matcher.set_seq1(other)
        if matcher.real_quick_ratio() >= CUTOFF and (letters := matcher.quick_ratio()) >= CUTOFF:
            scored.append((matcher.ratio(), letters, spelling, card_id))
    # Equally close, the spelling with more of the letters typed first: two letters swapped
    # (`Lightning Blot`) keeps them all, so Lightning Bolt before Lightning Blow.
    scored.sort(key=lambda item: (-item[0], -item[1], item[2]))
    out: list[str] = []
    cards: set[int] = set()
    for ratio, _, spelling, card_id in scored:
        if ratio < CUTOFF or len(out) == limit:
            break
        # One suggestion per card, and one per spelling (a face may share a card's name).
        if card_id not in cards and spelling not in out:
            cards.add(card_id)
            out.append(spelling)
    return out
