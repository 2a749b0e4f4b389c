"""Cards of a zone as (copies, name) in first-seen order, for the by-name writers."""
from __future__ import annotations

from ...model import Deck


def counted(deck: Deck, zone: str) -> list[tuple[int, str]]:
    """`.ydk` lists every copy on its own line; by-name formats give each card once."""
    totals: dict[str, list] = {}
    for entry in deck.zone(zone):
        name = entry.written if entry.code is not None and entry.written else entry.name
        slot = totals.setdefault(name, [0, name])
        slot[0] += entry.count
    return [(count, name) for count, name in totals.values()]
