"""The spellings a card can be found by, gathered while a database is built.

`names` maps every exact spelling (the full name, the front face, each face, each other
printed name, all folded) to one card: where two cards claim one spelling, the lower
priority wins (a card's own name beats another card's face name), then the card with
more printings (the real `Bind` beats the playtest `Bind // Liberate`), then the card
added first. `loose_names` maps spellings without spaces or punctuation, kept only where
they name a single card. Both are resolved here, in memory, when every card is in.
"""
from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Mapping

from ...names import card_key, fold, full_key, loose_key
from .cards import Card

# Priorities of exact spellings (lower wins a clash).
FULL_NAME, FRONT_FACE, FACE, ALIAS = 0, 1, 2, 3
_AMBIGUOUS = 0  # a loose spelling of two cards (card ids start at 1)


class CardNames:
    """The spellings of the cards of a database being built, by card id."""

    def __init__(self) -> None:
        # The exact spellings' (key, card id, priority) rows, as three columns: arrays of
        # numbers take a fifth of the memory of a tuple a row.
        self._exact_keys: list[str] = []
        self._exact_cards = array("l")
        self._exact_priorities = array("b")
        self._loose: dict[str, int] = {}  # key -> its one card id, or _AMBIGUOUS

    def add_card(self, card_id: int, card: Card) -> None:
        """The spellings of a card just added, each key once: the card's other rows for a
        key it already has could never win it."""
        name = card.name
        exact = {full_key(name): FULL_NAME}  # in rising priority: the first is the best
        if "/" in name:  # without a slash the front face is the full name (names.faces)
            exact.setdefault(card_key(name), FRONT_FACE)
        for face in card.face_names:
            exact.setdefault(fold(face), FACE)
        for alias in card.aliases:
            exact.setdefault(fold(alias), ALIAS)
        self._add_exact(card_id, exact)
        # Unfinity's blank names (`________ Goblin`, `_____`) have no loose spelling: without
        # the blanks they would claim `Goblin`, or every name that is all punctuation.
        names = dict.fromkeys((name, card.front_face, *card.face_names, *card.aliases))
        self._add_loose(card_id, [spelling for spelling in names if "_" not in spelling])

    def add_aliases(self, card_id: int, aliases: Iterable[str]) -> None:
        """Other names a later printing of a card carries."""
        aliases = tuple(aliases)
        self._add_exact(card_id, {fold(alias): ALIAS for alias in aliases})
        self._add_loose(card_id, aliases)

    def _add_exact(self, card_id: int, priorities: dict[str, int]) -> None:
        self._exact_keys.extend(priorities)
        self._exact_cards.extend([card_id] * len(priorities))
        self._exact_priorities.extend(priorities.values())

    def _add_loose(self, card_id: int, names: Iterable[str]) -> None:
        loose = self._loose
        for name in names:
            key = loose_key(name)
            if key:
                held = loose.setdefault(key, card_id)
                if held != card_id:
                    loose[key] = _AMBIGUOUS

    def names_rows(self, printing_counts: Mapping[int, int]) -> list[tuple[str, int]]:
        """(key, card id) of the `names` table, by key."""
        best: dict[str, tuple[int, int, int]] = {}
        for key, card_id, priority in zip(self._exact_keys, self._exact_cards, self._exact_priorities):
            rank = (priority, -printing_counts.get(card_id, 0), card_id)
            held = best.get(key)
            if held is None or rank < held:
                best[key] = rank
        return sorted([(key, rank[2]) for key, rank in best.items()])

    def loose_rows(self) -> Iterator[tuple[str, int]]:
        """(key, card id) of the `loose_names` table, by key."""
        for key, card_id in sorted(self._loose.items()):
            if card_id != _AMBIGUOUS:
                yield key, card_id
