"""What the Commander-family rules (`commander`, `color-identity`, `companion`) share: the
cards of the command zone sorted into commanders and Oathbreaker signature spells, their
colour identity, how identities read in messages, and what may lead a deck (the format's
`eligible` kinds in force on a date).

docs/commander.md describes the rules these helpers serve.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any, Callable

from ..formats import Format
from ..formats.model import as_date
from ..formats.show import entry_lines
from ..games.mtg import abilities
from ..games.mtg.abilities import COLORS
from ..model import COMMANDER, COMPANION, MAIN, CardEntry, Deck
from ..names import card_key
from ..record import Record
from .context import Context

if TYPE_CHECKING:
    from ..games.mtg.cards import Card

SPELL_TYPES = frozenset({"Instant", "Sorcery"})


# What may lead a deck: kind -> (what it means in messages, the test).
ELIGIBLE: dict[str, tuple[str, Callable[[Card], bool]]] = {
    "legendary creature": ("a legendary creature", lambda card: abilities.is_legendary(card) and abilities.is_creature_card(card)),
    "can be your commander": ("a card that says it can be your commander", abilities.says_it_can_be_commander),
    "legendary vehicle": ("a legendary Vehicle", lambda card: abilities.is_legendary(card) and "Vehicle" in card.subtypes),
    "legendary spacecraft with power/toughness": (
        "a legendary Spacecraft with power and toughness",
        lambda card: abilities.is_legendary(card) and "Spacecraft" in card.subtypes and abilities.has_power_toughness(card),
    ),
    "planeswalker": ("a planeswalker", lambda card: "Planeswalker" in card.types),
    "creature": ("a creature", abilities.is_creature_card),
    # Pauper Commander's: its rules (906.1) admit no land creature (Dryad Arbor); a
    # double-faced card is judged by its front face, which `types` holds.
    "nonland creature": ("a nonland creature", lambda card: abilities.is_creature_card(card) and not abilities.is_land_card(card)),
}


def spec(fmt: Format) -> dict[str, Any]:
    """The format's `commander` mapping ({} when it has no command zone)."""
    return fmt.option("commander") or {}


def lookup(ctx: Context, entry: CardEntry) -> Card | None:
    return ctx.cards.lookup(entry) if ctx.cards is not None else None  # type: ignore[return-value]


# The memo of card_identity in a catalog's `memo` (the color-identity rule's id).
_IDENTITIES = ("color-identity",)


def card_identity(entry: CardEntry, ctx: Context) -> frozenset[str] | None:
    """The color identity of `entry`'s card (None: a card the data does not know), worked
    out once per catalog: the color-identity and companion rules ask it of every card."""
    identities = ctx.cards.memo.setdefault(_IDENTITIES, {})  # type: ignore[union-attr]  # asked with card data only
    try:
        return identities[entry.name]
    except KeyError:
        card = lookup(ctx, entry)
        found = identities[entry.name] = frozenset(card.color_identity) if card is not None else None
        return found


class CommandZone(Record):
    """The command zone of a deck: `commanders` and, in Oathbreaker, `spells` (signature
    spells) and `stray` (known cards that are neither: they lead nothing and widen no
    identity), each as (entry, card or None without card data)."""

    # A Record, not a dataclass: defined at every start-up (deckcheck/record.py). Filled
    # in place, so unhashable.
    __slots__ = ("commanders", "spells", "stray")
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, commanders: list[tuple[CardEntry, Card | None]] | None = None,
                 spells: list[tuple[CardEntry, Card | None]] | None = None,
                 stray: list[tuple[CardEntry, Card]] | None = None):
        self.commanders = [] if commanders is None else commanders
        self.spells = [] if spells is None else spells
        self.stray = [] if stray is None else stray

    @property
    def known(self) -> bool:
        """Every commander's card is known (the identity can be worked out)."""
        return all(card is not None for _, card in self.commanders)

    def identity(self) -> frozenset[str]:
        """The union of the commanders' colour identities."""
        return frozenset(color for _, card in self.commanders if card is not None for color in card.color_identity)

    def chosen_colors(self) -> int:
        """How many colours the player picks before the game: one per commander whose text
        says so (The Prismatic Piper, Clara Oswald, Faceless One: "If ... is your commander,
        choose a color before the game begins"; Commander Legends release notes)."""
        return sum(1 for _, card in self.commanders if card is not None and abilities.chooses_a_color_as_commander(card))

    def names(self) -> str:
        return " + ".join(entry.name for entry, _ in self.commanders)

    def deck_identity(self, deck: Deck, ctx: Context, also: Iterable[frozenset[str]] = ()) -> frozenset[str]:
        """The colours the deck may hold: the commanders' identity and the colours their
        player would choose for those that stand for a chosen colour: the choice that
        lets the most cards (copies, not lines) of the starting deck and the companion in
        (`also`: identities of cards the deck does not file there, a sideboard companion),
        the first in WUBRG order of equal ones, so a report is the same from run to run. The `color-identity`
        and `companion` rules ask this one question, so they agree on the choice."""
        allowed = self.identity()
        choices = self.chosen_colors()
        if not choices:
            return allowed
        # Each identity with its copies: "98 Island" on one line is 98 cards the choice
        # lets in, against one stray Swords to Plowshares (a line each would tie them).
        outside = [(identity - allowed, copies) for identity, copies in
                   (*((card_identity(entry, ctx), entry.count) for entry in deck.entries if entry.zone in _CHOICE_ZONES),
                    *((identity, 1) for identity in also))
                   if identity is not None and not identity <= allowed]
        wanted = [color for color in COLORS if any(color in colors for colors, _ in outside)]
        if len(wanted) <= choices:
            return allowed | frozenset(wanted)
        best = max(combinations(wanted, choices),
                   key=lambda chosen: sum(copies for colors, copies in outside if colors <= set(chosen)))
        return allowed | frozenset(best)

    def identity_shown(self, colors: Iterable[str]) -> str:
        """`Name + Name (WU)` for messages, saying when a color in it is a chosen one."""
        chosen = ", with a chosen color" if self.chosen_colors() else ""
        return f"{self.names()} ({identity_text(colors)}{chosen})"


# The cards whose colours a commander's chosen colour is picked for.
_CHOICE_ZONES = (MAIN, COMMANDER, COMPANION)


def is_signature_spell(card: Card) -> bool:
    """An instant or sorcery: what Oathbreaker's command zone holds beside its oathbreakers."""
    return not SPELL_TYPES.isdisjoint(card.types)


def command_zone(deck: Deck, fmt: Format, ctx: Context) -> CommandZone:
    """The deck's command zone; with `signature_spell` in the format, its instants and
    sorceries are signature spells, the known cards that fit none of the format's
    `eligible` kinds on any date are stray, the rest commanders. A stray card is no
    oathbreaker, so it brings no colours to the deck's identity (Oathbreaker: the
    identity is the oathbreaker's, docs/commander.md)."""
    zone = CommandZone()
    spells_allowed = bool(spec(fmt).get("signature_spell"))
    for entry in deck.entries:
        if entry.zone != COMMANDER:
            continue
        card = lookup(ctx, entry)
        if not spells_allowed or card is None:
            zone.commanders.append((entry, card))
        elif is_signature_spell(card):
            zone.spells.append((entry, card))
        elif can_ever_lead(card, fmt):
            zone.commanders.append((entry, card))
        else:
            zone.stray.append((entry, card))
    return zone


def can_ever_lead(card: Card, fmt: Format) -> bool:
    """The card fits one of the format's `eligible` kinds, in force on some date or other
    (one that fits only a kind not yet in force is still a commander: the `commander`
    rule says when it may lead)."""
    return any(ELIGIBLE[kind][1](card) for kind, _, _ in dated_kinds(fmt))


def seconds_only(card: Card, fmt: Format) -> bool:
    """The card leads no deck alone but may be the second commander the format's pairs
    admit: a legendary Background, beside a commander with Choose a Background."""
    return abilities.BACKGROUND in (spec(fmt).get("pairs") or ()) and abilities.is_background(card)


def identity_text(colors: Iterable[str]) -> str:
    """`WUB` style letters in WUBRG order, or `colorless`."""
    letters = "".join(color for color in COLORS if color in set(colors))
    return letters or "colorless"


def ordered(colors: Iterable[str]) -> list[str]:
    wanted = set(colors)
    return [color for color in COLORS if color in wanted]


def dated_kinds(fmt: Format) -> list[tuple[str, dt.date | None, dt.date | None]]:
    """The format's `eligible` kinds, each with the dates it is in force from and until (None: always)."""
    found = []
    for item in spec(fmt).get("eligible") or ():
        if isinstance(item, str):
            found.append((item, None, None))
        else:
            found.append((item["kind"], as_date(item.get("since")), as_date(item.get("until"))))
    return found


def kinds_on(fmt: Format, day: dt.date) -> list[str]:
    """The kinds of card that may lead a deck on `day` (a dated kind only inside its dates)."""
    return [kind for kind, since, until in dated_kinds(fmt) if (since is None or since <= day) and (until is None or day < until)]


def eligible_kinds(card: Card, fmt: Format, day: dt.date) -> list[str]:
    """The kinds in force on `day` that make the card a possible commander."""
    return [kind for kind in kinds_on(fmt, day) if ELIGIBLE[kind][1](card)]


def banned_as_note(fmt: Format, listing: str, name: str, day: dt.date, platform: str, what: str) -> list[str]:
    """What `cards lookup -f` adds about one card on the format's `listing` of a role
    (`banned_as_commander`, `banned_as_companion`) on `day`: `what` ("banned as a
    commander") and the day the listing took effect, or nothing when it is not listed."""
    listed = fmt.dated_list_on(listing, day, platform).get(card_key(name))
    return [] if listed is None else [what + fmt.dates_text(listed, listing, platform)]


def banned_as_lines(fmt: Format, listing: str, day: dt.date, label: str) -> list[str]:
    """`formats show`'s lines of the format's `listing` of a role in force on `day`, under
    `label`; none when the format neither lists a card there nor names the listing."""
    banned = fmt.dated_list_on(listing, day)
    return entry_lines(label, banned, day) if banned or fmt.option(listing) else []

