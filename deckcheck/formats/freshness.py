"""Where a synced card database's legalities and the bundled lists disagree
(`deckcheck formats check-freshness`): what a maintainer updates the lists from.

For each format with a `card_pool.legality` key, on the day the database's legalities
describe: every card the database calls `banned` or `restricted` that the bundled lists do
not list that way that day, and every card the bundled lists ban or restrict that the
database calls something else (cards the database does not have are not compared). The
bundled lists come from scripts/build_mtg_formats.py; differences are news to add there.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import Format

LISTED = ("banned", "restricted")


@dataclass(frozen=True)
class Disagreement:
    format: str
    card: str
    database: str   # the database's legality for the format
    bundled: str    # the bundled lists' status that day: banned, restricted or legal

    def to_dict(self) -> dict[str, str]:
        return {"format": self.format, "card": self.card, "database": self.database, "bundled": self.bundled}

    def text(self) -> str:
        return f"{self.format}: {self.card}: the database says {self.database}, the bundled lists say {self.bundled}"


def disagreements(fmt: Format, catalog: Any) -> list[Disagreement]:
    """The disagreements of one format with the catalog's legalities (none when the format
    has no legality key or the data has no legalities)."""
    key = fmt.pool_option("legality")
    day = getattr(catalog, "legalities_date", None)
    if not key or day is None:
        return []
    bundled = {**{k: ("banned", e) for k, e in fmt.banned_on(day).items()},
               **{k: ("restricted", e) for k, e in fmt.restricted_on(day).items()}}
    found: list[Disagreement] = []
    for card in catalog.db.all_cards():
        status = (card.legalities or {}).get(key)
        if status is None:
            continue
        # The card's own key (its front face's, but for names.KEYED_WHOLE): the front face
        # alone of the playtest `Bind // Liberate` is the real Bind's, whose bans are not its.
        listed = bundled.get(_key(card.name))
        ours = listed[0] if listed is not None else "legal"
        # A card outside the pool (not_legal) that the lists also ban agrees: it is not played.
        if (status in LISTED or ours in LISTED) and status != ours and not (status == "not_legal" and ours == "banned"):
            found.append(Disagreement(fmt.id, card.name, status, ours))
    return sorted(found, key=lambda item: item.card.casefold())


def _key(name: str) -> str:
    from ..names import card_key

    return card_key(name)
