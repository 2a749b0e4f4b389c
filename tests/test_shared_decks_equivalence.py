"""The shared-deck and shared-pool warnings and the read-again bound (batch/shared_decks.py)
skip most rows of a big event on a short path (a deck file of its own, no pool); on any
mix of rows they must give what the plain per-row pass gives, kept here as the reference."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from deckcheck.batch import shared_decks
from deckcheck.batch.registration import Registration, player_key
from deckcheck.batch.team_pools import named_few
from deckcheck.limits import MAX_DECK_BYTES_READ_AGAIN
from deckcheck.problem import WARNING


def plain_warn_shared(rows, items, owner_of, what, rule):
    by_item = {}
    for index, (row, found) in enumerate(zip(rows, items)):
        item = found if row.player else None
        if item is not None:
            by_item.setdefault(item, []).append(index)
    warned = list(rows)
    for group in by_item.values():
        if len(group) < 2:
            continue
        keys = [owner_of(rows[index]) for index in group]
        rows_of = Counter(keys)
        if len(rows_of) < 2:
            continue
        for index, mine in zip(group, keys):
            row = rows[index]
            others = named_few(shared_decks._first_others(rows, group, keys, mine, {}), "more players",
                               total=len(group) - rows_of[mine])
            warned[index] = row.with_problem(
                f"{what(row)} is also registered by {others}; {rule} (a row copied by mistake?)", severity=WARNING)
    return warned


def plain_bound(rows, files, pools, limit):
    seen, again, bounded = set(), 0, list(rows)
    for index, (row, file, pool) in enumerate(zip(rows, files, pools)):
        for found, what in ((None if row.inline else file, "deck"), (pool, "pool")):
            if found is None:
                continue
            key, size = found
            if key not in seen:
                seen.add(key)
                continue
            again += size
            if again > limit:
                row = bounded[index]
                name = row.deck if what == "deck" else row.pool
                message = (f"{what} file {name} not {'checked' if what == 'deck' else 'read'}: a batch reads at most "
                           f"{limit:,} bytes of deck and pool files again for rows that name one "
                           "an earlier row named (docs/security.md, limits)")
                changed = {"path": None} if what == "deck" else {"pool_path": None}
                bounded[index] = row.with_problem(message).replace(**changed)
    return bounded


def random_rows(seed: int) -> tuple[list[Registration], list, list]:
    rng = random.Random(seed)
    rows, files, pools = [], [], []
    for line in range(rng.randint(0, 40)):
        deck = rng.choice(["a.txt", "b.txt", "c.txt", f"own{line}.txt", f"own{line}.txt", "ydke://x"])
        inline = deck.startswith("ydke")
        pool = rng.choice([None, None, "p.txt", "q.txt"])
        row = Registration(deck, None if rng.random() < 0.1 else deck, player=rng.choice(["", "Ann", "ann", "Bob", "Cid", None]),
                           team=rng.choice([None, None, "T1", "T2"]), line=line + 2, pool=pool, pool_path=pool, inline=inline)
        rows.append(row)
        files.append(None if row.path is None else ((("url", deck) if inline else (1, hash(deck) % 97)), 0 if inline else 100))
        pools.append(None if pool is None else ((2, hash(pool) % 97), 300))
    return rows, files, pools


@pytest.mark.parametrize("seed", range(120))
def test_the_warnings_and_the_bound_are_the_plain_pass_s(seed, monkeypatch):
    rows, files, pools = random_rows(seed)
    decks = [None if file is None else file[0] for file in files]
    for items in (decks, [None if pool is None else pool[0] for pool in pools]):
        what = (lambda row: f"file {row.deck}", "one each")
        # The reference asks each row for its owner; _warn_shared asks by the row's index.
        assert shared_decks._warn_shared(rows, items, lambda index: player_key(rows[index].player or ""), *what) == (
            plain_warn_shared(rows, items, lambda row: player_key(row.player or ""), *what))
    for limit in (MAX_DECK_BYTES_READ_AGAIN, 0, 250, 1000):
        monkeypatch.setattr(shared_decks, "MAX_DECK_BYTES_READ_AGAIN", limit)
        assert shared_decks.bound_files_read_again(rows, files, pools) == plain_bound(rows, files, pools, limit)


def test_rows_naming_one_deck_file_name_their_players_without_a_list_each():
    """Every row of a group named its others from a list of fresh names of its own: 10,000
    rows naming one deck file took 19 MB on top of their warnings (40,000 of a 4 MiB
    manifest's rows peaked at 142 MB). Each row is named once and owners that name the
    same players share one text."""
    import tracemalloc

    rows = [Registration("d.txt", "d.txt", player=f"player{number}", line=number + 2) for number in range(10_000)]
    files = [((1, 1), 100)] * len(rows)
    tracemalloc.start()
    try:
        warned = shared_decks.warn_shared_decks(rows, files)
        current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak - current < 5_000_000, f"{peak - current:,} bytes beside the warnings"
    assert warned[5].problems[0].message == (
        "manifest line 7: deck file d.txt is also registered by " + ", ".join(
            f"player{number} (manifest line {number + 2})" for number in range(21) if number != 5)
        + ", and 9,979 more players; each player registers a deck of their own (a row copied by mistake?)")
