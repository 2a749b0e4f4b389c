"""World of Warcraft TCG card lookups for validation, by name.

`resolve_deck` gives entries the card data's spelling of their names (the list's own
spelling stays in `written`). With the built-in card data (every card printed, `complete`)
a name it lacks is an `unknown-card` error with "did you mean" suggestions; an imported
file has the built-in cards behind it (store.py), and a name neither has is not an error,
because card files are often partial (a user's own CSV of new cards): the rules that need
the card (class-faction) say, as a warning, which checks they skipped for it.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

from ...cards.catalog import SUGGESTIONS, snapshot_day
from ...cards.resolve import resolve_by_name
from ...cards.suggest import NameIndex
from ...model import CardEntry, Deck
from ...names import and_swapped, fold, loose_index, loose_key
from ...problem import Problem
from . import GAME
from .cards import WowCard, WowProfile, merge, trait_key


class WowCatalog:
    """Cards by name, each with every distinct printing (a `cards.catalog.Catalog`)."""

    game = GAME.id

    def __init__(self, cards: Iterable[tuple[str, WowProfile]], *, source: str = "", imported_at: str = "",
                 source_date: str = "", path: Path | None = None, own: int | None = None):
        """`own`: the card names of an imported file when the built-in data's stand behind them."""
        self.source = source
        self.own = own
        self.imported_at = imported_at
        self.source_date = source_date or imported_at[:10]
        self.path = path
        self.complete = False  # the built-in data: every card printed (set by the store)
        self._cards = merge(cards)
        self.memo: dict[Any, Any] = {}
        self._suggester: NameIndex | None = None
        self._trait_names: dict[str, str] | None = None
        self._loose_names: dict[str, WowCard] | None = None

    @property
    def data_date(self) -> dt.date | None:
        """The day the card data describes (its source's snapshot), when known."""
        return snapshot_day(self.source_date)

    def __len__(self) -> int:
        return len(self._cards)

    def describe(self) -> str:
        if self.own is not None:
            return f"{self.source or 'WoW TCG card data'}, {self.own:,} card names, and the built-in data behind it"
        return f"{self.source or 'WoW TCG card data'}, {len(self):,} card names"

    def trait_name(self, key: str) -> str:
        """A trait key (`deathknight`) as the cards print it (`Death Knight`): messages name
        the trait a "Hero Required" card needs."""
        if self._trait_names is None:
            names: dict[str, str] = {}
            for card in self._cards.values():
                for profile in card.profiles:
                    for trait in sorted(profile.traits | profile.tags | profile.icons):
                        if trait[:1].isupper():  # `Orc` over a stray `orc`
                            names.setdefault(trait_key(trait), trait)
            self._trait_names = names
        return self._trait_names.get(key) or key.capitalize()  # `loyal`: no card prints it

    def get(self, name: str) -> WowCard | None:
        found = self._cards.get(fold(name))
        if found is None:  # `Ragnaros, the Firelord`: the one card it spells loosely, if any
            if self._loose_names is None:
                self._loose_names = loose_index((card.name, card) for card in self._cards.values())
            found = self._loose_names.get(loose_key(name))
            if found is None and (other := and_swapped(name)) is not None:  # `Slash & Dash`, exactly
                found = self._cards.get(fold(other))
        return found

    def lookup(self, entry: CardEntry) -> WowCard | None:
        return self.get(entry.name)

    def by_code(self, code: int) -> None:
        """WoW TCG decklists name their cards: no card is known by a number."""
        return None

    def suggest(self, name: str, limit: int = SUGGESTIONS) -> list[str]:
        if self._suggester is None:  # built on the first unknown name: most checks have none
            self._suggester = NameIndex(card.name for card in self._cards.values())
        return self._suggester.suggest(name, limit)

    def is_land(self, name: str) -> None:
        """WoW TCG has no lands."""
        return None

    def resolve_deck(self, deck: Deck, listed: Collection[str] = ()) -> tuple[Deck, list[Problem]]:
        """The data's spelling for every known name; unknown names are `unknown-card` errors
        with complete card data, else left to the rules."""
        return resolve_by_name(deck, self, listed=listed, report_unknown=self.complete)
