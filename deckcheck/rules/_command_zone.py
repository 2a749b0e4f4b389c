"""What the Commander-family rules (`commander`, `color-identity`, `companion`) share: the
cards of the command zone sorted into commanders and Oathbreaker signature spells, their
colour identity, and how identities read in messages.

docs/commander.md describes the rules these helpers serve.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..formats import Format
from ..games.mtg.abilities import COLORS
from ..model import COMMANDER, CardEntry, Deck
from ..record import Record
from .context import Context

if TYPE_CHECKING:
    from ..games.mtg.cards import Card

# The Prismatic Piper's colour is chosen before the game: as a commander it stands for
# one colour of its player's choice (Commander Legends release notes).
CHOSEN_COLOR_COMMANDERS = frozenset({"The Prismatic Piper"})
SPELL_TYPES = frozenset({"Instant", "Sorcery"})


def spec(fmt: Format) -> dict[str, Any]:
    """The format's `commander` mapping ({} when it has no command zone)."""
    return fmt.option("commander") or {}


def lookup(ctx: Context, entry: CardEntry) -> Card | None:
    return ctx.cards.lookup(entry) if ctx.cards is not None else None  # type: ignore[return-value]


class CommandZone(Record):
    """The command zone of a deck: `commanders` and, in Oathbreaker, `spells` (signature
    spells), each as (entry, card or None without card data)."""

    # A Record, not a dataclass: defined at every start-up (deckcheck/record.py). Filled
    # in place, so unhashable.
    __slots__ = ("commanders", "spells")
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, commanders: list[tuple[CardEntry, Card | None]] | None = None,
                 spells: list[tuple[CardEntry, Card | None]] | None = None):
        self.commanders = [] if commanders is None else commanders
        self.spells = [] if spells is None else spells

    @property
    def known(self) -> bool:
        """Every commander's card is known (the identity can be worked out)."""
        return all(card is not None for _, card in self.commanders)

    def identity(self) -> frozenset[str]:
        """The union of the commanders' colour identities."""
        return frozenset(color for _, card in self.commanders if card is not None for color in card.color_identity)

    def chosen_colors(self) -> int:
        """How many colours the player picks before the game (one per Prismatic Piper)."""
        return sum(1 for entry, _ in self.commanders if entry.name in CHOSEN_COLOR_COMMANDERS)

    def names(self) -> str:
        return " + ".join(entry.name for entry, _ in self.commanders)


def is_signature_spell(card: Card) -> bool:
    """An instant or sorcery: what Oathbreaker's command zone holds beside its oathbreakers."""
    return not SPELL_TYPES.isdisjoint(card.types)


def command_zone(deck: Deck, fmt: Format, ctx: Context) -> CommandZone:
    """The deck's command zone; with `signature_spell` in the format, its instants and
    sorceries are signature spells, the rest commanders."""
    zone = CommandZone()
    spells_allowed = bool(spec(fmt).get("signature_spell"))
    for entry in deck.entries:
        if entry.zone != COMMANDER:
            continue
        card = lookup(ctx, entry)
        if spells_allowed and card is not None and is_signature_spell(card):
            zone.spells.append((entry, card))
        else:
            zone.commanders.append((entry, card))
    return zone


def identity_text(colors: Iterable[str]) -> str:
    """`WUB` style letters in WUBRG order, or `colorless`."""
    letters = "".join(color for color in COLORS if color in set(colors))
    return letters or "colorless"


def ordered(colors: Iterable[str]) -> list[str]:
    wanted = set(colors)
    return [color for color in COLORS if color in wanted]
