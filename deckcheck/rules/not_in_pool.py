"""not-in-pool: every card comes from the format's card pool on the event date.

Needs the card database (`deckcheck cards sync` or `cards import FILE`); without one the
rule is skipped and `validate` says so once. Format key `card_pool`:

- `legality: pioneer` - the card database's legality for that key (Scryfall data):
  `not_legal` fails; banned cards are left to the `banned` rule.
- `sets: [m19, {set: dmu, since: 2022-09-09, until: 2024-08-02}]` - a printing in one of
  these sets on that date; `exclude_sets: [unh, ...]` - printings that never count;
  `exclude_types: [Plane, Scheme, ...]` - cards that are never part of a deck;
  `rarity: common` - a printing at that rarity (Pauper). Used when the database has no
  legalities (built from printings alone) and, for rotating formats, to see that a card
  legal on the event date has rotated out since.

When neither the legality nor the printings settle a card, the result is a warning,
not an error. Cards the database does not know are `unknown-card` problems instead.

FAIL (mtg/pioneer, Scryfall data): 1 Brainstorm -> "Brainstorm is not legal in Pioneer
(card database legality: not_legal)".
FAIL (mtg/pauper, printings only): 1 Tarmogoyf -> "Tarmogoyf has no printing at common in
a set allowed in Pauper".
PASS (mtg/pioneer): 4 Thoughtseize (printed in Theros, a Pioneer set).
"""
from __future__ import annotations

import datetime as dt
import textwrap
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..formats import Format
from ..formats.schema import DATED_SET
from ..model import PLAYED_ZONES, Deck
from ..problem import WARNING, Problem
from ..schema import AnyOf, ListOf, Null, Str, Struct
from .context import Context

if TYPE_CHECKING:
    from ..games.mtg.cards import Card
    from ..games.mtg.card_pool import CardPool, Verdict

ID = "not-in-pool"
KEYS = {
    "card_pool": AnyOf((
        Null(),
        Struct({
            "legality": Str(),
            "sets": ListOf(AnyOf((Str(), DATED_SET))),
            # Sets whose printings never count (Un-sets, playtest cards, gold borders).
            "exclude_sets": ListOf(Str()),
            # Card types that are never part of a deck (planes, schemes, ...).
            "exclude_types": ListOf(Str()),
            "rarity": AnyOf((Str(), ListOf(Str()))),
        }),
    )),
}


_POOLS: dict[int, tuple[Format, CardPool]] = {}


def _pool(fmt: Format) -> CardPool:
    """The format's CardPool, built once per loaded format."""
    from ..games.mtg.card_pool import pool_from_spec

    cached = _POOLS.get(id(fmt))
    if cached is None or cached[0] is not fmt:
        cached = _POOLS[id(fmt)] = (fmt, pool_from_spec(fmt.option("card_pool")))
    return cached[1]


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format has a card pool."""
    return bool(fmt.option("card_pool"))


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    catalog = ctx.cards
    if not fmt.option("card_pool") or catalog is None:
        return
    # Card pools are Magic's (games/mtg/card_pool.py): it reads printings and set dates
    # (`set_released`) that only the Magic catalog has, beyond the Catalog protocol.
    from ..games.mtg.card_pool import Verdict, standing, verdict_on

    pool = _pool(fmt)
    # A card's standing in the pool (legality, the days its printings cover) is worked
    # out once and remembered with the catalog whose card it is; each deck then costs a
    # lookup and a date comparison per card.
    memo = catalog.memo.setdefault((ID, id(pool)), {})
    # Decide each distinct name first; the full tally (lines, counts) only when one fails.
    played = set(PLAYED_ZONES)
    day = ctx.date
    failing: dict[str, tuple[Card, Verdict, str]] = {}
    for entry in deck.entries:
        name = entry.name
        if entry.zone not in played or name in failing:
            continue
        known = memo.get(name)
        if known is None:
            record = catalog.get(name)
            known = memo[name] = (record, standing(record, pool, catalog.set_released) if record else None)
        record, card_standing = known
        if card_standing is None or (card_standing.in_from is not None and card_standing.in_from <= day):
            continue
        verdict, how = verdict_on(card_standing, pool, day)
        if verdict is not Verdict.IN:
            failing[name] = (record, verdict, how)
    if not failing:
        return
    banned = fmt.banned_on(ctx.date)
    for card in ctx.tally(deck, PLAYED_ZONES).values():
        if card.name not in failing or card.key in banned:
            continue
        record, verdict, how = failing[card.name]
        where = dict(rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total)
        if verdict is Verdict.OUT:
            yield Problem(**where, message=_reason(record, pool, how, fmt, ctx), details={"decided_by": how})
        else:
            yield Problem(
                **where, severity=WARNING, details={"decided_by": how},
                message=f"cannot tell whether {card.name} is in {fmt.name}'s card pool: the card database has "
                f"{_missing(pool)}",
            )


def _reason(record: Card, pool: CardPool, how: str, fmt: Format, ctx: Context) -> str:
    if how == "legality":
        return f"{record.name} is not legal in {fmt.name} (card database legality: not_legal)"
    kinds = pool.exclude_types.intersection(record.types)
    if kinds:
        return f"{record.name} is a {'/'.join(sorted(kinds))} card, which no {fmt.name} deck can hold"
    if pool.sets is not None:
        where = f"in a set legal in {fmt.name} on {ctx.date.isoformat()}"
    else:
        where = f"in a set allowed in {fmt.name}"
    rarity = f" at {' or '.join(sorted(pool.rarities))}" if pool.rarities else ""
    return f"{record.name} has no printing{rarity} {where}"


def _missing(pool: CardPool) -> str:
    if pool.legality:
        return f"no legality for {pool.legality!r} and its printings do not settle it"
    return "no printings for this card to check against the format's sets"


def show(fmt: Format, day: dt.date) -> list[str]:
    if not fmt.option("card_pool"):
        return []
    pool = _pool(fmt)
    lines = ["card pool:"]
    if pool.legality:
        lines.append(f"  cards legal in {pool.legality!r} (the card database's legality)")
    if pool.sets is not None:
        current = [window.code for window in pool.sets
                   if (window.since is None or window.since <= day) and (window.until is None or day < window.until)]
        lines += _wrapped(f"sets on {day.isoformat()} ({len(current)})", current)
    if pool.rarities:
        lines.append(f"  printed at {' or '.join(sorted(pool.rarities))}")
    if pool.exclude_sets:
        lines += _wrapped(f"never from these sets ({len(pool.exclude_sets)})", sorted(pool.exclude_sets))
    if pool.exclude_types:
        lines.append(f"  never in a deck: {', '.join(sorted(pool.exclude_types))} cards")
    return lines


def _wrapped(title: str, codes: list[str]) -> list[str]:
    text = ", ".join(codes) if codes else "none"
    return [f"  {title}:", *textwrap.wrap(text, width=96, initial_indent="    ", subsequent_indent="    ")]
