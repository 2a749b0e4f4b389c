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
from deckcheck.names import fold

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
    near = NameIndex(names).near_completions  # its own rule: NEAR_COMPLETIONS below
    for word in typos(names, 25, seed=2):
        for limit in (1, 3):
            assert catalog.suggest(word, limit) == completed_then_closest(word, names, limit, near), (word, limit)


def completed_then_closest(word: str, names: list[str], limit: int, near) -> list[str]:
    """What a game catalog suggests, the slow way: the names that begin with the word's
    whole words (shortest first), then difflib's closest names; only when there are none,
    `near`'s (NameIndex.near_completions, checked against NEAR_COMPLETIONS)."""
    key = fold(word).strip()
    by_key = {fold(name): name for name in names}
    begun = sorted((k for k in by_key if len(key) >= 3 and k.startswith(key) and len(k) > len(key)
                    and not k[len(key)].isalnum()), key=lambda k: (len(k), k))
    found = [by_key[k] for k in begun[:limit]]
    words = " ".join(key.split()).split(" ")
    heads: dict[str, bool] = {}  # each name the word begins with: whether a bracket, dash or comma follows it
    for count in range(len(words) - 1, 0, -1):
        whole = " ".join(words[:count])
        noted = whole[-1] in ",:;.!?&-" or words[count][:1] in ("(", "[", "-", "/")
        for head in dict.fromkeys((whole, whole.rstrip(",:;.!?&-"))):
            if len(whole) >= 3 and head in by_key:
                heads.setdefault(by_key[head], noted)
    heads = dict(list(heads.items())[:limit])
    if len(found) < limit:
        found += [name for name, noted in heads.items() if noted and name not in found][:limit - len(found)]
    if len(found) < limit:
        later = close_names(word, names, limit) + [name for name, noted in heads.items() if not noted]
        found += [name for name in dict.fromkeys(later) if name not in found][:limit - len(found)]
    return found or near(word, limit)


NEAR_NAMES = [
    "Ash Blossom & Joyous Spring", "Ash Blossom", "Ash Blossoms of Spring", "Ash Blossom Tree",
    "Nibiru, the Primal Being", "Dark Magician", "Ashened, the Rising Flame",
]

# (typed, limit, suggested): longer names whose first words (as many as typed) are the
# typed words but for a typo (difflib ratio at least 0.85), closest first, then shortest.
NEAR_COMPLETIONS = [
    ("Ash Blosom", 3, ["Ash Blossom Tree", "Ash Blossom & Joyous Spring", "Ash Blossoms of Spring"]),
    ("Ash Blosom", 1, ["Ash Blossom Tree"]),            # equal scores: the shorter name first
    ("ASH  blosom", 3, ["Ash Blossom Tree", "Ash Blossom & Joyous Spring", "Ash Blossoms of Spring"]),  # case, spaces
    ("Nibru", 3, ["Nibiru, the Primal Being"]),         # the comma after `Nibiru` is no typo
    ("Ashend", 3, ["Ashened, the Rising Flame"]),
    ("Ash Blxxom", 3, []),                              # too far (0.76)
    ("Xsh Blosom", 3, []),                              # only names of its first two letters
    ("Dark", 3, []),                                    # under five letters: too short to guess from
    ("Dark Magician", 3, []),                           # no longer name begins so
    ("Ash Blosom", 0, []),
]


@pytest.mark.parametrize("typed, limit, suggested", NEAR_COMPLETIONS)
def test_near_completions(typed, limit, suggested):
    assert NameIndex(NEAR_NAMES).near_completions(typed, limit) == suggested


def test_shortened_names_are_completed():
    """A name cut after a whole word suggests the names it begins, shortest first; a cut
    inside a word, or under three letters, does not."""
    names = ["Nibiru, the Primal Being", "Unibird", "Ash Blossom & Joyous Spring", "Ashened", "Ash Blossom"]
    index = NameIndex(names)
    assert index.completions("nibiru", 3) == ["Nibiru, the Primal Being"]
    assert index.suggest("Nibiru", 3)[0] == "Nibiru, the Primal Being"
    assert index.completions("ash", 3) == ["Ash Blossom", "Ash Blossom & Joyous Spring"]
    assert index.completions("ash blos", 3) == []
    assert index.completions("as", 3) == []
    assert index.completions("ash", 1) == ["Ash Blossom"]


def test_a_shortened_name_completes_to_the_cards_it_names_before_those_named_for_it():
    """`Thrall` in the WoW TCG was answered with Thrall's Fury, Thrall's Doubt and Thrall's
    Desire (the shortest names it begins), not the heroes Thrall, Warchief of the Horde and
    Thrall the Earth-Warder: a name that goes on with `'s` is another card, named for it."""
    names = ["Thrall's Fury", "Thrall's Doubt", "Thrall, Warchief of the Horde", "Thrall the Earth-Warder",
             "Thrall\u2019s Patience"]
    index = NameIndex(names)
    assert index.completions("thrall", 3) == ["Thrall the Earth-Warder", "Thrall, Warchief of the Horde", "Thrall's Fury"]
    assert index.suggest("Thrall", 5)[-3:] == ["Thrall's Fury", "Thrall's Doubt", "Thrall\u2019s Patience"]


def test_a_mistyped_shortened_name_is_completed_when_nothing_else_comes_close():
    """`Ash Blosom` is the start of no name and too far from the whole one: the names whose
    first words it nearly is are suggested, closest first; not when closer names exist."""
    names = ["Ash Blossom & Joyous Spring", "Ashened, the Rising Flame", "Nibiru, the Primal Being", "Ash Blossom"]
    index = NameIndex(names[:3])
    assert index.suggest("Ash Blosom", 3) == ["Ash Blossom & Joyous Spring"]
    assert index.suggest("Nibru", 3) == ["Nibiru, the Primal Being"]
    assert NameIndex(names).suggest("Ash Blosom", 3) == ["Ash Blossom"]  # the closest name, no completion
    assert index.suggest("Xyz Blosom", 3) == []
    assert index.near_completions("As", 3) == []


# (typed, suggested): a card's name followed by a note a list adds (its faction and class, a
# set) suggests that card first, the longest such name first; followed by other words, after
# the closest names (`Shadow Blot` is Shadow Bolt mistyped, not the card Shadow). The whole
# was too far from it for difflib (Graccus the Paladin: Raise the Dead; with brackets: none).
HEADS = [
    ("Graccus (Alliance Paladin)", ["Graccus"]),
    ("graccus, human paladin", ["Graccus"]),
    ("Graccus - Human Paladin", ["Graccus"]),
    ("Thunderfury, Blessed Blade of the Windseeker (TDP promo)", ["Thunderfury, Blessed Blade of the Windseeker"]),
    ("Graccus the Paladin", ["Raise the Dead", "Graccus"]),
    ("Shadow Blot", ["Shadow Bolt", "Shadow Burst", "Shadow"]),
]


@pytest.mark.parametrize("typed, suggested", HEADS)
def test_a_name_followed_by_more_words_suggests_the_name(typed, suggested, wow_cards_db):
    catalog = GAMES["wow"].load_catalog(wow_cards_db)
    assert catalog.suggest(typed, 3)[:len(suggested)] == suggested


def test_heads_are_whole_words_of_three_letters_or_more():
    index = NameIndex(["Ra", "Rag", "Ragnaros", "Ragnaros the Firelord"])
    assert index.heads("Ragnaros the Firelord (Molten Core)", 3) == [("Ragnaros the Firelord", True), ("Ragnaros", False)]
    assert index.heads("Ra Rag", 3) == []  # `Ra` too short; `Rag` is the whole name, not a head
    assert index.heads("Ragnarosx the", 3) == []  # a head ends at a blank


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


# Names a policy file shared by many decks gives (tests/test_check_command.py), typos of
# real cards, shortened and mistyped shortened names, case and accents, an empty name.
DECK_QUESTIONS = [
    "Lightning Bolt", "Lava Spike", "Lightning Helix", "Skullcrack", "Rift Bolt", "Sacred Foundry", "Arid Mesa",
    "Lightnig Bolt", "Thoughtseize", "Thoughtsieze", "Ragavan", "Ragavan, Nimble Pilfrer", "Urza", "Solitude",
    "Fury", "Omnath", "Ash Blosom", "SNAPCASTER MAGE", "Jötun Grunt", "Mountian", "Island", "Fetch", "X", "",
    "Tarmo", "Murktide", "Expressive Iteration", "Consign to Memory", "Wrenn and Sx", "Scalding", "Eldrazi",
    "Sheoldrd", "Ragavn", "Omnth", "Grief",
]


def test_a_deck_suggests_among_the_names_it_could_suggest_as_among_all_of_them(shared_data):
    """DeckProfile.closest_card asks only the deck's names `could_suggest` keeps (memoised for
    a run, so a thousand decks do not each index all their names): every answer is the one an
    index of the deck's whole main deck gives, on real decks of every format."""
    from itertools import islice

    from real_decks import read_decks

    from deckcheck.cards import suggest
    from deckcheck.engine.categories import DeckCard, DeckProfile

    asked = 0
    for deck in islice(read_decks(shared_data), 0, 3000, 10):
        cards = tuple(DeckCard(key=fold(card["name"]), name=card["name"], copies=card["count"], land=False,
                               tags=frozenset()) for card in deck["mainboard"])
        profile = DeckProfile(cards=cards)
        whole = NameIndex(card.name for card in cards)
        # Each card shortened, and its short name mistyped (a letter left out: a near completion).
        short = [card.name.split(",")[0] for card in cards]
        names = DECK_QUESTIONS + [card.name[:-1] for card in cards[:3]] + short + [name[:-2] + name[-1] for name in short]
        for name in names:
            assert profile.closest_card(name) == whole.suggest(name, 1), (name, [card.name for card in cards])
            asked += 1
    assert asked > 10_000 and suggest.could_suggest.cache_info().hits > 0
