"""rules/_fresh.newer_database remembers its answer per catalog, format and day: the answer
must be the one worked out anew, for every day around the snapshot, and a format loaded
again (a file changed since) or another catalog must never get another's answer."""
from __future__ import annotations

import datetime as dt

from deckcheck.formats import load
from deckcheck.rules import _fresh
from deckcheck.rules.context import Context


class _Synced:
    """A stand-in for a synced Magic database: legalities of `day`."""

    game = "mtg"

    def __init__(self, day: dt.date | None) -> None:
        self.legalities_date = day
        self.memo: dict = {}


def test_the_remembered_answer_is_the_one_worked_out_anew():
    fmt = load("mtg/modern")
    known = fmt.lists_known_up_to
    for snapshot in (None, known, known + dt.timedelta(days=30)):
        catalog = _Synced(snapshot)
        for offset in (-400, -1, 0, 29, 30, 31, 400):
            ctx = Context(date=known + dt.timedelta(days=offset), cards=catalog)
            for _ in range(2):  # worked out, then remembered
                assert _fresh.newer_database(fmt, ctx) == _fresh._newer_database(fmt, ctx)
    assert _fresh.newer_database(fmt, Context(date=known, cards=None)) is None


def test_a_format_loaded_again_and_another_catalog_get_their_own_answers():
    fmt = load("mtg/modern")
    day = fmt.lists_known_up_to + dt.timedelta(days=60)
    newer = _Synced(fmt.lists_known_up_to + dt.timedelta(days=30))
    assert _fresh.newer_database(fmt, Context(date=day, cards=newer)) is not None
    older = fmt.replace()
    older.data = {**fmt.data, "lists_known_up_to": day}  # its lists known past the snapshot
    assert _fresh.newer_database(older, Context(date=day, cards=newer)) is None
    assert _fresh.newer_database(fmt, Context(date=day, cards=newer)) is not None
    assert _fresh.newer_database(fmt, Context(date=day, cards=_Synced(None))) is None


def test_the_memo_stays_within_its_bound(monkeypatch):
    monkeypatch.setattr(_fresh, "_NEWER_KEPT", 5)
    fmt = load("mtg/modern")
    catalog = _Synced(fmt.lists_known_up_to + dt.timedelta(days=1))
    for offset in range(50):
        _fresh.newer_database(fmt, Context(date=fmt.lists_known_up_to + dt.timedelta(days=offset), cards=catalog))
        assert len(fmt.memo[_fresh._NEWER]) <= 5
