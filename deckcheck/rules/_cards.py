"""What the rules that need card facts (types, traits) share: the lookup and grouping."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..cards.catalog import CardRecord
from ..model import CardEntry
from ..problem import WARNING, Problem
from .context import Context

IMPORT_HINT = "import card data with `deckcheck cards import FILE`"
# Every bundled game has built-in card data, so no data means the checks were turned off
# (--no-cards, cards=False) or the game is one a user added without cards.
NO_DATA = "no card data (card checks are off: --no-cards or cards=False; a game without built-in cards needs `deckcheck cards import FILE`)"


def card_lookup(ctx: Context) -> Callable[[CardEntry], CardRecord | None] | None:
    """`lookup(entry) -> card or None` of the game's card data, or None without data."""
    return ctx.cards.lookup if ctx.cards is not None else None


def group(entries: Iterable[CardEntry]) -> list[tuple[CardEntry, int]]:
    """One (first entry, copies) per card and zone, in deck order: a `.ydk` lists each copy
    on its own line, and one problem per card reads better than one per line."""
    seen: dict[tuple[str, str], list[Any]] = {}
    for entry in entries:
        slot = seen.setdefault((entry.key, entry.zone), [entry, 0])
        slot[1] += entry.count
    return [(first, count) for first, count in seen.values()]


def skipped(rule: str, what: str) -> Problem:
    """The one warning a rule gives when it had no card data to check with."""
    return Problem(rule=rule, severity=WARNING, message=f"{what} not checked: {NO_DATA}")
