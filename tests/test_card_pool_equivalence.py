"""A card's standing in a pool, the fast way (games/mtg/card_pool.py: what the printings say
per platform worked out once per card and shared by every pool, set windows once per
pool) against the plain way it replaced (tests/card_pool_plain.py), over every bundled
Magic pool and platform: the cards of the real decks and a slice of the built-in data,
legalities and snapshots made up for some, and hand-made edge cases. Any divergence fails."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

import card_pool_plain as plain
from deckcheck.cards.builtin import builtin_path
from deckcheck.formats import load
from deckcheck.games.mtg import card_pool
from deckcheck.games.mtg.availability import Availability
from deckcheck.games.mtg.card_pool import CardPool, SetWindow
from deckcheck.games.mtg.cards import PLATFORMS, Card, Printing, SetInfo
from deckcheck.games.mtg.catalog import MtgCatalog
from deckcheck.rules.not_in_pool import _command_pool, pool_of

ROOT = Path(__file__).resolve().parent.parent
STATUSES = ("legal", "not_legal", "banned", "restricted")
SNAPSHOTS = (None, dt.date(2019, 1, 1), dt.date(2026, 1, 1))


def bundled_pools() -> list[CardPool]:
    """The distinct card pools of the bundled Magic formats (their command zones' too)."""
    pools: list[CardPool] = []
    for path in sorted((ROOT / "formats" / "mtg").glob("*.yaml")):
        try:
            fmt = load(f"mtg/{path.stem}")
        except Exception:  # a file other formats extend, not one of its own
            continue
        if not fmt.option("card_pool"):
            continue
        for pool in (pool_of(fmt), _command_pool(fmt)):
            if pool is not None and pool not in pools:
                pools.append(pool)
    return pools


@pytest.fixture(scope="module")
def catalog() -> MtgCatalog:
    return MtgCatalog(builtin_path(), builtin=True)


def made_up_legalities(cards: list[Card], pools: list[CardPool]) -> list[Card]:
    """Copies of some cards with a legality for every pool's key, in turn each status."""
    keys = sorted({pool.legality for pool in pools if pool.legality})
    return [card.replace(legalities={key: STATUSES[(number + index) % len(STATUSES)] for index, key in enumerate(keys)})
            for number, card in enumerate(cards)]


def assert_same(cards: list[Card], printings_of, pools: list[CardPool], sets: dict[str, SetInfo],
                snapshots=(None,)) -> int:
    """Every card's standing in every pool on every platform, both ways; how many were compared.
    The fast way keeps one availability for all (its memos shared, as in a batch), the
    plain way one of its own."""
    fast, slow = Availability(sets), Availability(sets)
    compared = 0
    for snapshot in snapshots:
        for platform in PLATFORMS:
            for pool in pools:
                for card in cards:
                    printings = printings_of(card)
                    expected = plain.standing(card, printings, pool, availability=slow, platform=platform, snapshot=snapshot)
                    found = card_pool.standing(card, printings, pool, availability=fast, platform=platform, snapshot=snapshot)
                    assert found == expected, (card.name, pool, platform, snapshot)
                    compared += 1
    return compared


def test_real_deck_cards_stand_alike_both_ways(catalog, shared_data):
    from real_decks import read_decks

    names = sorted({card["name"] for deck in read_decks(shared_data) for zone in ("mainboard", "sideboard") for card in deck[zone]})
    cards = [card for card in map(catalog.get, names[::3]) if card is not None]  # a third: the test takes ~3 s
    assert len(cards) > 1500
    assert assert_same(cards, catalog.printings_of, bundled_pools(), catalog.availability.sets) > 50_000


def test_a_slice_of_the_builtin_cards_stands_alike_both_ways(catalog):
    cards = list(catalog.db.all_cards())[::40]
    assert assert_same(cards, catalog.printings_of, bundled_pools(), catalog.availability.sets) > 10_000


def test_legalities_and_snapshots_decide_alike_both_ways(catalog):
    pools = bundled_pools()
    cards = made_up_legalities(list(catalog.db.all_cards())[::400], pools)
    assert assert_same(cards, catalog.printings_of, pools, catalog.availability.sets, SNAPSHOTS) > 1_000


# Hand-made sets: an umbrella set dated before the card's real printing, a digital-only
# set, one never on Arena, one whose Arena day is researched, one with no date at all.
EDGE_SETS = {
    "old": SetInfo("old", "Old", "2001-01-01", "expansion", mtgo="2002-02-02"),
    "new": SetInfo("new", "New", "2020-06-01", "expansion", mtgo="2020-05-25", arena="2020-05-20", paper_legal="2020-05-29"),
    "pro": SetInfo("pro", "Promos", "1999-01-01", "promo"),
    "dig": SetInfo("dig", "Digital", "2021-01-01", "expansion", digital=True),
    "nat": SetInfo("nat", "Not on Arena", "2022-01-01", "expansion", arena="none", mtgo="none"),
    "rot": SetInfo("rot", "Rotating in", "2023-01-01", "expansion", arena="2022-12-20"),
    "und": SetInfo("und", "Undated", None, "expansion"),
}
EDGE_PRINTINGS = (
    (),
    (Printing("old", "common"),),
    (Printing("pro", "rare"),),
    (Printing("pro", "rare"), Printing("new", "uncommon")),
    (Printing("pro", "rare", "2024-05-05"), Printing("old", "")),
    (Printing("dig", "common", "2021-02-02", ("mtgo", "arena")),),
    (Printing("dig", "common"),),
    (Printing("nat", "common"), Printing("old", "rare")),
    (Printing("nat", "mythic"),),
    (Printing("und", "common"),),
    (Printing("und", ""), Printing("new", "common")),
    (Printing("xyz", "common", "2010-10-10", ("paper",)),),
    (Printing("new", "common", "", ("arena",)), Printing("old", "common", "", ("paper", "mtgo"))),
)
EDGE_POOLS = (
    CardPool(),
    CardPool(legality="legacy", exclude_sets=frozenset({"pro"}), exclude_types=frozenset({"Plane"})),
    CardPool(sets=(SetWindow("old"), SetWindow("new", since=dt.date(2020, 7, 1)), SetWindow("pro"))),
    CardPool(legality="standard", sets=(SetWindow("old", until=dt.date(2021, 1, 1)), SetWindow("new", rotated_by="rot"),
                                        SetWindow("new", since=dt.date(2024, 1, 1)), SetWindow("nat", rotated_by="zzz"))),
    CardPool(sets=(SetWindow("old", until=dt.date(2001, 6, 1)), SetWindow("und"))),
    CardPool(legality="pauper", rarities=frozenset({"common"}), printed_on=("paper", "mtgo")),
    CardPool(rarities=frozenset({"common", "uncommon"}), printed_on=("arena",)),
    CardPool(sets=(SetWindow("dig"), SetWindow("new")), rarities=frozenset({"common"}), printed_on=("mtgo",)),
)


def test_edge_cases_stand_alike_both_ways():
    cards = []
    for number, printings in enumerate(EDGE_PRINTINGS):
        for types in (("Creature",), ("Plane",)):
            cards.append(Card(f"Card {number} {types[0]}", types=types, printings=printings))
    cards += made_up_legalities(cards, list(EDGE_POOLS))
    assert assert_same(cards, lambda card: card.printings, list(EDGE_POOLS), EDGE_SETS, SNAPSHOTS) > 3_000


def test_a_pool_travels_without_its_spans(catalog):
    """A pool pickled for a batch worker leaves the set windows it worked out (and the
    availability they came from) behind, and works them out again there."""
    import pickle

    pool = pool_of(load("mtg/standard"))
    assert pool.spans(catalog.availability, "paper")
    copied = pickle.loads(pickle.dumps(pool))
    assert copied == pool and copied._spans == {}
    assert copied.spans(catalog.availability, "paper") == pool.spans(catalog.availability, "paper")
