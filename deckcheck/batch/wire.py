"""What a batch worker sends back for each deck: a tuple of plain values, not dataclasses.

A pickled dataclass is rebuilt through its `__reduce__`, attribute by attribute, in
Python; tuples, strings and numbers pickle and unpickle in C. A worker's chunk is a list
of `encode(outcome)`, and the parent turns each back into an `Outcome` with `decode` only
when its turn in the report comes. What the parent knows from the task (the deck's name
in the report, its pool's name) does not travel.

    (format, counts, problems, unreadable, as_of, entries, pool, drafter, pool_rest, deck_name)

`counts` is the (zone, count) pairs, each problem is (rule, message, severity, zone,
line, card, count, limit, details or None), `as_of` is (date, platform, lists known up to,
card data date, hint, card data brings lists, game) or None, `entries` (zone, count, name,
line, written, code) tuples or None; a registered `pool` is sent as it is by every deck
whose cards are kept (Task.keep_entries: a team's member, a sheet's deck), else None;
`drafter` the player a draft log given as the row's pool names, or None; `pool_rest` and
`deck_name` the result's (DeckResult.pool_rest, DeckResult.deck_name).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..freshness import AsOf
from ..model import CardEntry
from ..problem import Problem
from ..result import DeckResult

if TYPE_CHECKING:
    from .runner import Outcome, Task

Wire = tuple[Any, ...]

# The parent's AsOf per wire tuple: every deck of a format shares one.
_AS_OF: dict[tuple[Any, ...], AsOf] = {}


def problem_rows(problems: Iterable[Problem]) -> tuple[tuple[Any, ...], ...]:
    """Each problem as its (rule, message, severity, zone, line, card, count, limit, details
    or None) tuple: what a worker sends, and what the verdicts kept between runs hold
    (verdict_store.py)."""
    return tuple((p.rule, p.message, p.severity, p.zone, p.line, p.card, p.count, p.limit, p.details or None)
                 for p in problems)


def problems_from(rows: Iterable[tuple[Any, ...]]) -> list[Problem]:
    """The problems `problem_rows` gave as rows."""
    return [Problem(rule, message, severity, zone, line, card, count, limit, details or {})
            for rule, message, severity, zone, line, card, count, limit, details in rows]


def as_of_stamp(as_of: AsOf) -> tuple[Any, ...]:
    """`as_of` as (date, platform, lists known up to, card data date, hint, card data
    brings lists, game)."""
    return (as_of.date, as_of.platform, as_of.lists_known_up_to, as_of.card_data_date, as_of.hint,
            as_of.card_data_brings_lists, as_of.game)


def as_of_from(stamp: tuple[Any, ...]) -> AsOf:
    """The AsOf of `as_of_stamp`'s `stamp`, one per distinct stamp."""
    as_of = _AS_OF.get(stamp)
    if as_of is None:
        as_of = _AS_OF[stamp] = AsOf(*stamp)
    return as_of


def encode(outcome: Outcome) -> Wire:
    result = outcome.result
    as_of = result.as_of
    stamp = None if as_of is None else as_of_stamp(as_of)
    entries = None if outcome.entries is None else tuple(
        (e.zone, e.count, e.name, e.line, e.written, e.code) for e in outcome.entries
    )
    return (result.format, tuple(result.counts.items()), problem_rows(result.problems), result.unreadable, stamp, entries,
            outcome.pool, outcome.drafter, result.pool_rest, result.deck_name)


def decode(wire: Wire, task: Task) -> Outcome:
    from .runner import Outcome

    format_id, counts, problems, unreadable, stamp, entries, pool, drafter, pool_rest, deck_name = wire
    result = DeckResult(
        deck=task.shown, format=format_id, counts=dict(counts), unreadable=unreadable, pool=task.pool_shown,
        as_of=None if stamp is None else as_of_from(stamp), problems=problems_from(problems), pool_rest=pool_rest,
        deck_name=deck_name,
    )
    cards = None if entries is None else [
        CardEntry(name=name, count=count, zone=zone, line=line, written=written, code=code)
        for zone, count, name, line, written, code in entries
    ]
    return Outcome(result=result, entries=cards, pool=pool, drafter=drafter)
