"""color-identity: every card of the deck is within its commanders' colour identity.

A card's colour identity (CR 903.4) is the colours of every mana symbol in the mana cost
and rules text of all its faces (a hybrid symbol counts as both colours, a Phyrexian one
as its colour), plus its colour indicators and colour-defining abilities; reminder text
does not count. A card with a basic land type may be in the deck only if every colour of
mana it could make is in the identity (CR 903.5d), so Tundra needs white and blue. The
card data states each card's identity with those basic-land colours included (Scryfall's
`color_identity`, which the shared card file computes the same way). The deck's identity
is the union of its commanders' (Oathbreaker: its oathbreakers'; the signature spell and
any stray card of the command zone are among the deck's cards); a colourless commander
allows only colourless cards. A commander whose text says to choose a colour before the
game when it is your commander (The Prismatic Piper, Clara Oswald, Faceless One) stands for
one colour of the player's choice.

Format key `color_identity`: `{colorless_basic_lands: one_type}` (Brawl: a deck with a
colourless commander may hold basic lands of one basic land type) or `{}`. Needs card
data; without it one warning says so. The companion's identity is the `companion` rule's.

FAIL (mtg/commander, commander Omnath, Locus of Mana): 1 Counterspell -> "Counterspell
(identity U) is outside the color identity of Omnath, Locus of Mana (G)".
PASS: 1 Forest, 1 Llanowar Elves, 1 Sol Ring.
"""
from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..formats import Format
from ..model import COMMANDER, MAIN, CardEntry, Deck
from ..problem import Problem
from ..schema import AnyOf, Null, Str, Struct
from ..wording import card_names, listed
from ._cards import group, skipped
from ._commander_placing import lead_together
from ..games.mtg import abilities
from ._command_zone import ELIGIBLE, card_identity, command_zone, dated_kinds, identity_text, lookup, ordered
from .context import Context

if TYPE_CHECKING:
    from ..games.mtg.cards import Card

ID = "color-identity"
ONE_TYPE = "one_type"
KEYS = {"color_identity": AnyOf((Null(), Struct({"colorless_basic_lands": Str((ONE_TYPE, "none"))})))}
_BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format asks for it."""
    return fmt.option("color_identity") is not None


def _meant_to_lead(card: Card, fmt: Format) -> bool:
    """Whether a card of the command zone is one a player could mean as the deck's leader:
    it leads a deck of the format on some day, or it is a creature or planeswalker (a
    Pauper Commander deck checked as Commander: its uncommon creature is the one meant, and
    the colors it allows are still the deck's question), or a Background (whose commander
    is missing). A card of no such kind (Sol Ring, Forest) leads no deck."""
    return (any(ELIGIBLE[kind][1](card) for kind, _, _ in dated_kinds(fmt))
            or not _LEADING_TYPES.isdisjoint(card.types) or abilities.is_background(card))


_LEADING_TYPES = frozenset({"Creature", "Planeswalker"})


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    zone = command_zone(deck, fmt, ctx)
    if not zone.commanders:
        return  # the commander rule says so
    if ctx.cards is None:
        yield skipped(ID, "color identity")
        return
    if not zone.known:
        return  # an unknown commander is an unknown-card problem; its identity is anyone's guess
    if not any(_meant_to_lead(card, fmt) for _, card in zone.commanders):
        # Sol Ring under the `Commander` heading (a line swapped with the commander's): the
        # commander rule says it cannot lead; its identity is no deck's, and measuring the
        # deck by it made every colored card a problem of its own.
        return
    commander_keys = {entry.key for entry, _ in zone.commanders}
    # A card's identity is worked out once per catalog (card_identity); most cards of most
    # decks fit, and only the ones that do not are grouped and reported.
    fixed = zone.deck_identity(deck, ctx)
    outside = []
    for entry in deck.entries:
        if entry.zone not in _ZONES:
            continue
        identity = card_identity(entry, ctx)
        if identity is not None and not identity <= fixed and not (entry.zone == COMMANDER and entry.key in commander_keys):
            outside.append(entry)
    if not outside:
        return
    spare_type = _colorless_basic_type(deck, ctx, fixed, fmt)
    shown = zone.identity_shown(fixed)
    # One commander: a card of the deck that would pair with it is most likely its second,
    # listed among the 99 (a precon's Doctor's companion), which the message says.
    alone = zone.commanders[0] if len(zone.commanders) == 1 and zone.commanders[0][1] is not None else None
    grouped = group(outside)
    pairing = _pairing(alone[1], grouped, fmt, ctx) if alone is not None else []
    for entry, count in grouped:
        card = lookup(ctx, entry)
        # Brawl's exception, named where a basic land of a second type falls outside it.
        why = ""
        if spare_type is not None and card.is_basic and _basic_type(card) is not None:
            if _basic_type(card) == spare_type:
                continue
            why = (f"; a colorless commander's deck may hold basic lands of one basic land type only "
                   f"(here {spare_type}, the type it holds most of)")
        elif alone is not None and entry in pairing:
            why = f"; it pairs with {alone[0].name}{_joins(entry, pairing, alone[0].name)}{_stays(fmt, ctx)}"
        yield Problem(
            rule=ID, zone=entry.zone, line=entry.line, card=entry.name, count=count,
            message=f"{entry.name} (identity {identity_text(card.color_identity)}) is outside the color identity of {shown}{why}",
            details={"identity": ordered(card.color_identity), "commander_identity": ordered(fixed)},
        )


_ZONES = (MAIN, COMMANDER)


def _pairing(commander: Card, grouped: list[tuple[CardEntry, int]], fmt: Format, ctx: Context) -> list[CardEntry]:
    """The cards of the main deck, among those outside the identity, that pair with the
    lone commander and could join it in the command zone (its pool: Pauper Commander's
    holds a card printed at uncommon, which Tymna the Weaver has none of)."""
    found = [entry for entry, _ in grouped
             if entry.zone == MAIN and lead_together(commander, lookup(ctx, entry), fmt, ctx)]
    if not found:
        return found  # nearly every deck with a card outside: no pool to ask
    from .not_in_pool import in_command_pool  # a card that pairs, seldom

    return [entry for entry in found if in_command_pool(entry, fmt, ctx)]


def _joins(entry: CardEntry, pairing: list[CardEntry], commander: str) -> str:
    """`: move it to the command zone beside it`, or, when other cards of the deck pair
    with the commander too (Tymna and Kraum beside Thrasios), `, and so does NAME (line N):
    one of them may move ...`: the command zone holds one of them, not each."""
    others = [other for other in pairing if other is not entry]
    if not others:
        return ": move it to the command zone beside it"
    names = card_names(other.name for other in others)
    shown = listed([name + (f" (line {other.line})" if other.line is not None else "")
                    for name, other in zip(names, others)], "and")
    return (f", and so {'does' if len(others) == 1 else 'do'} {shown}: one of them may move to the command zone "
            f"beside {commander}")


def _stays(fmt: Format, ctx: Context) -> str:
    """` (the deck stays 100 cards)`: the command zone counts toward the format's exact size."""
    size = fmt.zone_size(MAIN, ctx.date, ctx.platform)
    return f" (the deck stays {size.exactly} cards)" if size is not None and size.exactly is not None and size.including else ""


def _basic_type(card) -> str | None:
    return next((kind for kind in _BASIC_TYPES if kind in card.subtypes), None)


def _colorless_basic_type(deck: Deck, ctx: Context, allowed: frozenset[str], fmt: Format) -> str | None:
    """Brawl: with a colorless commander, the basic land type whose basics may stay (the
    one the deck has most of)."""
    option = (fmt.option("color_identity") or {}).get("colorless_basic_lands")
    if option != ONE_TYPE or allowed:
        return None
    types: Counter[str] = Counter()
    for entry in deck.entries:
        card = lookup(ctx, entry) if entry.zone in _ZONES else None
        kind = _basic_type(card) if card is not None and card.is_basic else None
        if kind is not None:
            types[kind] += entry.count
    return types.most_common(1)[0][0] if types else None


def show(fmt: Format, day: dt.date) -> list[str]:
    option = fmt.option("color_identity")
    if option is None:
        return []
    lines = ["color identity: every card within the commanders' identity (CR 903.4, 903.5d)"]
    if option.get("colorless_basic_lands") == ONE_TYPE:
        lines.append("  a colorless commander's deck may hold basic lands of one basic land type")
    return lines

