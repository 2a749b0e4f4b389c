"""`Catalog`: what every game's card catalog answers, whatever its cards look like.

Validation, the rules, `simulate`, `convert` and `cards lookup` use a catalog only
through these members; each game's catalog (games/<game>/catalog.py) implements all of
them, so no caller asks which game it holds.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from typing import Any, Protocol, runtime_checkable

from ..model import CardEntry, Deck
from ..problem import Problem

SUGGESTIONS = 3  # "did you mean" names in an unknown-card problem


def snapshot_day(text: str) -> dt.date | None:
    """The day a catalog's `source_date` names (its source's snapshot); None when it names none."""
    try:
        return dt.date.fromisoformat(text[:10]) if text else None
    except ValueError:
        return None


@runtime_checkable
class CardRecord(Protocol):
    """What the shared rules ask of any game's card (copy-limit, card-type, hero)."""

    name: str

    @property
    def types(self) -> Collection[str]: ...

    @property
    def is_basic(self) -> bool:
        """A basic land (exempt from copy limits where the format says so)."""
        ...

    @property
    def deck_limit(self) -> int | str | None:
        """What the card's own text allows: "any", a number, or None (the format's limit)."""
        ...


@runtime_checkable
class NumberedCard(CardRecord, Protocol):
    """A card a number names (a Yu-Gi-Oh! passcode): `alias` is the number it counts as (0: itself)."""

    code: int
    alias: int


@runtime_checkable
class Catalog(Protocol):
    """A game's cards, as validation uses them.

    `game` is the id of the game the cards belong to. `memo` keeps results worked out
    from these cards by their owners' keys (a rule's verdict per card), so they live and
    die with the catalog.
    """

    game: str
    memo: dict[Any, Any]

    def get(self, name: str) -> CardRecord | None:
        """The card a name spells (case, accents and the game's own spelling variants aside)."""
        ...

    def lookup(self, entry: CardEntry) -> CardRecord | None:
        """The card a deck entry holds: by its number where the game has them, else by name."""
        ...

    def by_code(self, code: int) -> NumberedCard | None:
        """The card a number names (a Yu-Gi-Oh! passcode); None in games without numbers."""
        ...

    def resolve_deck(self, deck: Deck, listed: Collection[str] = ()) -> tuple[Deck, list[Problem]]:
        """The deck with the catalog's names, and `unknown-card` problems. `listed` holds
        the card keys of names the format's lists mention (known even when the data lacks them)."""
        ...

    def suggest(self, name: str, limit: int = SUGGESTIONS) -> list[str]:
        """Up to `limit` card names close to a misspelt one, closest first."""
        ...

    def is_land(self, name: str) -> bool | None:
        """Whether the card is a land for the opening-hand engine; None: unknown card, or a
        game whose cards say nothing about lands (the format's basic lands decide)."""
        ...

    def describe(self) -> str:
        """Where the cards came from and how many, for messages."""
        ...


@runtime_checkable
class PasscodeCatalog(Catalog, Protocol):
    """The catalog of a game whose decks may name cards by number (`Game.passcodes`):
    `convert` bridges numbers and names with it."""

    def get(self, name: str) -> NumberedCard | None: ...

    def artwork_of(self, code: int) -> NumberedCard | None:
        """The card an unknown number most likely is an alternate artwork of, if any."""
        ...

    def suggest_passcodes(self, code: int) -> list[str]:
        """Known cards whose number is one typo away from `code`, as messages name them."""
        ...
