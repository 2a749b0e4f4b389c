"""The ten companions' deck-building conditions, checked against a starting deck.

Each condition is stated as printed (Ikoria: Lair of Behemoths, 2020) and tested on the
cards as they are in a library: a double-faced card by its front face, a split card by
both halves (its mana value is the sum, its mana cost both costs), a land's mana value 0.
`offenders` answers which cards of the starting deck break a companion's condition.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ...record import Record
from . import abilities
from .cards import Card

KAHEERA_TYPES = frozenset({"Cat", "Elemental", "Nightmare", "Dinosaur", "Beast"})


class StartingDeck(Record):
    """The cards a game starts with (`cards`: card and copies), and the format's minimum
    deck size (None: no minimum). `memo` remembers, across decks, whether a card breaks a
    condition checked card by card, by (condition, card name): give one per card catalog
    (names are unique within one)."""

    # A Record, not a dataclass: defined at every start-up (deckcheck/record.py).
    __slots__ = ("cards", "minimum", "memo")
    NOT_COMPARED = frozenset({"memo"})

    def __init__(self, cards: Sequence[tuple[Card, int]], minimum: int | None, memo: dict[Any, bool] | None = None):
        self.cards = cards
        self.minimum = minimum
        self.memo = memo

    @property
    def size(self) -> int:
        return sum(count for _, count in self.cards)


# The test of each condition every card must meet on its own (`_card_test`), and the
# test of one card it is made of (`card_test`).
_CARD_TESTS: dict[Callable[[StartingDeck], list[str]], Callable[[Card], bool]] = {}


def _card_test(breaks: Callable[[Card], bool]) -> Callable[[StartingDeck], list[str]]:
    """A condition every card must meet on its own: the names of the cards that do not."""

    def test(deck: StartingDeck) -> list[str]:
        memo = deck.memo
        if memo is None:
            return [card.name for card, _ in deck.cards if breaks(card)]
        found = []
        for card, _ in deck.cards:
            key = (breaks, card.name)
            broken = memo.get(key)
            if broken is None:
                broken = memo[key] = breaks(card)
            if broken:
                found.append(card.name)
        return found

    _CARD_TESTS[test] = breaks
    return test


def _mv(card: Card) -> int:
    return abilities.mana_value(card)


def _repeats_a_symbol(card: Card) -> bool:
    symbols = [symbol.upper() for symbol in abilities.cost_symbols(card)]
    return len(symbols) != len(set(symbols))


def _not_kaheera_creature(card: Card) -> bool:
    if not abilities.is_creature_card(card):
        return False
    return not (abilities.every_creature_type(card) or KAHEERA_TYPES.intersection(card.subtypes))


def _lutri(deck: StartingDeck) -> list[str]:
    copies: Counter[str] = Counter()
    for card, count in deck.cards:
        if not abilities.is_land_card(card):
            copies[card.name] += count
    return [name for name, count in copies.items() if count > 1]


def _umori(deck: StartingDeck) -> list[str]:
    nonland = [card for card, _ in deck.cards if not abilities.is_land_card(card)]
    if not nonland:
        return []
    types: Counter[str] = Counter()
    for card in nonland:
        types.update(abilities.card_types(card))
    shared = [kind for kind, count in types.items() if count == len(nonland)]
    if shared:
        return []
    most = types.most_common(1)[0][0]
    return [card.name for card in nonland if most not in abilities.card_types(card)]


YORION_OVER_MINIMUM = 20  # the cards over the minimum deck size Yorion's condition asks for


def _yorion(deck: StartingDeck) -> list[str]:
    if deck.minimum is None or deck.size >= deck.minimum + YORION_OVER_MINIMUM:
        return []
    return [f"the starting deck's {deck.size} cards ({deck.minimum + YORION_OVER_MINIMUM} needed)"]


# Companion (front name) -> the condition as printed, and who breaks it.
CONDITIONS: dict[str, tuple[str, Callable[[StartingDeck], list[str]]]] = {
    "Gyruda, Doom of Depths": (
        "your starting deck contains only cards with even mana values", _card_test(lambda card: _mv(card) % 2 == 1)),
    "Jegantha, the Wellspring": (
        "no card in your starting deck has more than one of the same mana symbol in its mana cost",
        _card_test(_repeats_a_symbol)),
    "Kaheera, the Orphanguard": (
        "each creature card in your starting deck is a Cat, Elemental, Nightmare, Dinosaur, or Beast card",
        _card_test(_not_kaheera_creature)),
    "Keruga, the Macrosage": (
        "your starting deck contains only cards with mana value 3 or greater and land cards",
        _card_test(lambda card: not abilities.is_land_card(card) and _mv(card) < 3)),
    "Lurrus of the Dream-Den": (
        "each permanent card in your starting deck has mana value 2 or less",
        _card_test(lambda card: abilities.is_permanent_card(card) and _mv(card) > 2)),
    "Lutri, the Spellchaser": ("each nonland card in your starting deck has a different name", _lutri),
    "Obosh, the Preypiercer": (
        "your starting deck contains only cards with odd mana values and land cards",
        _card_test(lambda card: not abilities.is_land_card(card) and _mv(card) % 2 == 0)),
    "Umori, the Collector": ("each nonland card in your starting deck shares a card type", _umori),
    "Yorion, Sky Nomad": ("your starting deck contains at least twenty cards more than the minimum deck size", _yorion),
    "Zirda, the Dawnwaker": (
        "each permanent card in your starting deck has an activated ability",
        _card_test(lambda card: abilities.is_permanent_card(card) and not abilities.has_activated_ability(card))),
}


def condition(card: Card) -> str | None:
    """The condition of a companion as printed (None: not one of the ten)."""
    known = CONDITIONS.get(card.front_face) or CONDITIONS.get(card.name)
    if known is not None:
        return known[0]
    return abilities.companion_condition(card)


def card_test(card: Card) -> Callable[[Card], bool] | None:
    """Whether a card of a starting deck breaks `card`'s condition, when that is one each
    card meets or breaks on its own (Lurrus's, Jegantha's, Kaheera's; not Lutri's, Umori's
    or Yorion's, which are about the deck as a whole); else None."""
    known = CONDITIONS.get(card.front_face) or CONDITIONS.get(card.name)
    return _CARD_TESTS.get(known[1]) if known is not None else None


def cards_over_minimum(card: Card) -> int | None:
    """How many cards over the minimum deck size `card`'s condition asks a starting deck
    for, when that is all it asks (Yorion's); else None."""
    known = CONDITIONS.get(card.front_face) or CONDITIONS.get(card.name)
    return YORION_OVER_MINIMUM if known is not None and known[1] is _yorion else None


def offenders(card: Card, deck: StartingDeck) -> list[str] | None:
    """The cards of `deck` that break `card`'s companion condition ([] when it holds);
    None for a card with a companion ability this module cannot check."""
    known = CONDITIONS.get(card.front_face) or CONDITIONS.get(card.name)
    if known is None:
        return None
    return known[1](deck)
