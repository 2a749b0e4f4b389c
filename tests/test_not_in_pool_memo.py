"""not-in-pool remembers each card's standing and verdict with the card catalog, by the
pool they were worked out for (rules/not_in_pool.py). Keyed by the pool's id, a pool
freed (a format dropped from the formats kept, a user's format file loaded anew) and
another pool made at its address read the dead pool's verdicts: a long-running server
then passed cards the new format's pool does not hold. Keyed by what the pool holds,
pools that hold the same (Legacy's and Vintage's, whose legality keys no snapshot reads)
share them."""
from __future__ import annotations

import datetime as dt
import gc

from deckcheck.cards.builtin import builtin_path
from deckcheck.decklists import parse_text
from deckcheck.formats import load
from deckcheck.games.mtg.card_pool import CardPool, SetWindow
from deckcheck.games.mtg.catalog import MtgCatalog
from deckcheck.rules import not_in_pool
from deckcheck.rules.context import Context

DAY = dt.date(2024, 6, 1)


def problems(fmt, catalog, text: str = "4 Lightning Bolt\n") -> list:
    deck = parse_text(text, source="deck.txt")
    return list(not_in_pool.check(deck, fmt, Context(date=DAY, cards=catalog)))


def test_a_pool_at_a_freed_pools_address_never_reads_its_verdicts(monkeypatch):
    catalog = MtgCatalog(builtin_path(), builtin=True)
    fmt = load("mtg/legacy")  # its own pool comes back at the end (monkeypatch)
    key = (not_in_pool.ID, "pool")
    monkeypatch.setitem(fmt.memo, key, CardPool(sets=(SetWindow("lea"),)))  # Lightning Bolt is in Alpha
    assert problems(fmt, catalog) == []
    freed = id(fmt.memo[key])
    fmt.memo[key] = None
    gc.collect()
    made = []  # pools kept, so that each new one takes new memory until one takes the freed pool's
    for _ in range(10_000):
        made.append(CardPool(sets=(SetWindow("xln"),)))  # not in Ixalan
        if id(made[-1]) == freed:
            break
    else:
        raise AssertionError("no pool was made at the freed address")
    pool = made[-1]
    fmt.memo[key] = pool
    assert [problem.card for problem in problems(fmt, catalog)] == ["Lightning Bolt"]


def test_pools_that_hold_the_same_share_standings(monkeypatch):
    from deckcheck.games.mtg import card_pool

    worked_out = []
    standing = card_pool.standing
    monkeypatch.setattr(card_pool, "standing", lambda card, *args, **kwargs: worked_out.append(card.name) or standing(card, *args, **kwargs))
    catalog = MtgCatalog(builtin_path(), builtin=True)
    legacy, vintage = load("mtg/legacy"), load("mtg/vintage")
    assert not_in_pool.pool_of(legacy) != not_in_pool.pool_of(vintage)  # their legality keys differ
    assert problems(legacy, catalog, "4 Lightning Bolt\n4 Ragavan, Nimble Pilferer\n") == []
    assert problems(vintage, catalog, "4 Lightning Bolt\n1 Black Lotus\n") == []
    assert worked_out == ["Lightning Bolt", "Ragavan, Nimble Pilferer", "Black Lotus"]
    # Not Modern's, which holds other sets.
    assert problems(load("mtg/modern"), catalog) == []
    assert worked_out[-1] == "Lightning Bolt"


def test_a_catalog_without_legalities_dates_is_asked_as_before():
    """A catalog with no `legalities_date` (another game's, a caller's own) is checked as
    legalities_snapshot always took it: no snapshot, not an AttributeError."""

    class Names:
        game = "mtg"
        memo: dict = {}

        def get(self, name):
            return None  # knows no card: not-in-pool leaves names the data lacks to unknown-card

    assert problems(load("mtg/legacy"), Names()) == []


def test_the_names_in_the_pool_on_a_day_are_those_whose_verdict_says_so(shared_data):
    """not-in-pool tells a deck all of whose names are in the pool by one set test against
    `Verdicts.inside`: it must hold exactly the names decided in the pool (or unknown) that
    day, after real decks of several formats, whatever their order."""
    from real_decks import format_id, mtgo_text, read_decks

    catalog = MtgCatalog(builtin_path(), builtin=True)
    for index, deck in enumerate(list(read_decks(shared_data))[::5]):
        day = (dt.date(2026, 8, 31), dt.date(2019, 6, 1))[index % 2]
        fmt = load(format_id(deck))
        parsed = catalog.resolve_deck(parse_text(mtgo_text(deck), source="real"))[0]
        list(not_in_pool.check(parsed, fmt, Context(date=day, cards=catalog)))
    tables = [table for table in catalog.memo.values() if isinstance(table, not_in_pool.Verdicts)]
    assert len(tables) >= 4
    for table in tables:
        assert table.inside == {name for name, verdict in table.items() if verdict is None}
    assert any(verdict is not None for table in tables for verdict in table.values())
