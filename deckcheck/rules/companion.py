"""companion: a deck's companion meets its printed deck-building condition.

The companion is the card a `Companion` section names or, without one, the sideboard
card that has a companion ability (of several, the deck is fine when any one of them
could be its companion). Its condition is checked against the starting deck: the main
deck, with the command zone in the Commander family. All ten are known (Gyruda,
Jegantha, Kaheera, Keruga, Lurrus, Lutri, Obosh, Umori, Yorion, Zirda); Yorion's "twenty
cards more than the minimum deck size" can never hold where the size is exact. A deck
has at most one companion; a card named as companion must have the ability.

Format keys: `companion` (`{within_color_identity: true}` in the Commander family: the
companion waits outside the 100 and must fit the commanders' colour identity;
`{named_only: true}` in Limited: the sideboard is the rest of the pool, where a card with
a companion ability may be just a card not played, so only a companion the `Companion`
section names is checked; `{}` elsewhere) and `banned_as_companion`, a dated card list
(Lutri in Commander since 2026-02-09). Applies to every constructed format and to Magic
Limited (Ikoria's companions were drafted; Yorion then needs 60 cards, 20 over Limited's
40). Needs card data; without it the banned-as-companion list is still checked.

FAIL (mtg/vintage): Companion Lurrus of the Dream-Den and 4 Kitchen Finks (mana value 3)
-> "Lurrus of the Dream-Den can't be your companion: each permanent card in your starting
deck has mana value 2 or less; breaking it: Kitchen Finks".
FAIL (mtg/commander on 2026-03-01): Companion Lutri, the Spellchaser -> "Lutri, the
Spellchaser is banned as a companion in Commander (since 2026-02-09)".
PASS (mtg/vintage): Companion Lurrus of the Dream-Den and a main deck of one- and two-drops.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from ..formats import Format
from ..formats.schema import DATED_LIST
from ..games.mtg import abilities, companions
from ..model import COMMANDER, COMPANION, MAIN, SIDEBOARD, CardEntry, Deck
from ..names import card_key
from ..problem import Problem
from ..wording import article, names_listed
from ..schema import AnyOf, Bool, Null, Struct
from ._cards import group
from ._command_zone import banned_as_lines, banned_as_note, command_zone, identity_text, lookup
from .context import Context

if TYPE_CHECKING:
    from ..games.mtg.cards import Card

ID = "companion"
KEYS = {
    "companion": AnyOf((Null(), Struct({"within_color_identity": Bool(), "named_only": Bool()}))),
    "banned_as_companion": DATED_LIST,
}
_SHOWN = 5  # offending cards named in a message
_QUIET = (ID, "no ability")  # in a catalog's memo: the names (without a code) of cards with no companion ability


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format allows companions."""
    return fmt.option("companion") is not None


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    used = ctx.used_zones(deck)  # most decks name no companion: no walk for that zone
    if COMPANION not in used:
        if ctx.cards is None or SIDEBOARD not in used or (fmt.option("companion") or {}).get("named_only"):
            return ()
        # Most decks hold no card with a companion ability: told by a set test of the deck's
        # names (the context's, gathered once a deck) against the names found without one.
        # A name not decided before is decided here, by name, once per catalog: a deck with
        # a card new to the batch is then told by the same set test, not by walks of its
        # sideboard. (A numbered entry stands as None, never among those names: `_problems`
        # decides for it.)
        names = ctx.names(deck)
        quiet = ctx.cards.memo.get(_QUIET)
        if quiet is not None and names <= quiet:
            return ()
        if None not in names:
            _decide_names(names if quiet is None else names - quiet, ctx)
            quiet = ctx.cards.memo.get(_QUIET)
            if quiet is not None and names <= quiet:
                return ()
        # A card with the ability somewhere in the deck (Lurrus in the main deck of some):
        # none in the sideboard is still no companion to check.
        if quiet is not None and {entry.name if entry.code is None else None for entry in deck.entries
                                  if entry.zone == SIDEBOARD} <= quiet:
            return ()
    return _problems(deck, fmt, ctx, used)


def _decide_names(names: Iterable[str], ctx: Context) -> None:
    """Decide for each of `names` (of entries without a number, which the catalog looks up
    by name) whether its card has a companion ability, as `_has_condition` decides for an
    entry: remembered with the catalog, a name without one among those `check` reads."""
    conditions = ctx.cards.memo.setdefault((ID, "condition"), {})
    get = ctx.cards.get
    for name in names:
        key = (name, None)
        if key not in conditions:  # a name decided with the ability is never among the quiet
            _decided(key, get(name), ctx, conditions)


def _problems(deck: Deck, fmt: Format, ctx: Context, used: frozenset[str]) -> Iterator[Problem]:
    listed = [entry for entry in deck.entries if entry.zone == COMPANION] if COMPANION in used else []
    named = [entry for entry, _ in group(listed)] if listed else []
    if len(named) > 1:
        yield Problem(rule=ID, zone=COMPANION, line=named[1].line, card=named[1].name, count=len(named), limit=1,
                      message=f"{len(named)} companions ({names_listed(entry.name for entry in named)}); a deck has at most one")
    if named:
        yield from _banned(named[0], fmt, ctx)
    if ctx.cards is None:
        return
    if named:
        yield from _check_companion(named[0], deck, fmt, ctx, chosen=True)
        return
    if SIDEBOARD not in used or (fmt.option("companion") or {}).get("named_only"):
        return
    # Most sideboards hold no card with a companion ability: tell that from a per-card
    # memo before grouping the sideboard.
    conditions = ctx.cards.memo.setdefault((ID, "condition"), {})
    sideboard = [entry for entry in deck.entries if entry.zone == SIDEBOARD]
    known = list(map(conditions.get, [(entry.name, entry.code) for entry in sideboard]))
    if True not in known and None not in known:
        return  # every card known, none with the ability: told in C, without the call per card below
    if not any(_has_condition(entry, ctx, conditions) for entry in sideboard):
        return
    # Each card of the sideboard decided above or before: told from the memo, not looked up again.
    candidates = [entry for entry, _ in group(sideboard) if _has_condition(entry, ctx, conditions)]
    results = [list(_check_companion(entry, deck, fmt, ctx, chosen=False)) for entry in candidates]
    if results and all(results):
        # No sideboard card could be the companion: each one's reason.
        for found in results:
            yield from found


def _has_condition(entry: CardEntry, ctx: Context, conditions: dict[tuple[str, int | None], bool]) -> bool:
    """Whether the entry's card has a companion ability, remembered per name (and code)."""
    key = (entry.name, entry.code)
    found = conditions.get(key)
    if found is None:
        found = _decided(key, lookup(ctx, entry), ctx, conditions)
    return found


def _decided(key: tuple[str, int | None], card: Card | None, ctx: Context,
             conditions: dict[tuple[str, int | None], bool]) -> bool:
    """Remember whether `card` (None: unknown), the card of entries with `key` (name and
    code), has a companion ability; a name without one among the quiet names `check` reads."""
    found = conditions[key] = card is not None and abilities.companion_condition(card) is not None
    if not found and key[1] is None:
        ctx.cards.memo.setdefault(_QUIET, set()).add(key[0])
    return found


def _banned(entry: CardEntry, fmt: Format, ctx: Context) -> Iterator[Problem]:
    banned = fmt.dated_list_on("banned_as_companion", ctx.date, ctx.platform)
    listed = banned.get(entry.key)
    if listed is None and ctx.cards is not None:
        card = ctx.cards.get(entry.name)
        listed = banned.get(card_key(card.name)) if card is not None else None
    if listed is not None:
        yield Problem(rule=ID, zone=COMPANION, line=entry.line, card=entry.name, count=1, limit=0,
                      message=f"{entry.name} is banned as a companion in {fmt.name}{fmt.dates_text(listed, 'banned_as_companion', ctx.platform)}")


def _check_companion(entry: CardEntry, deck: Deck, fmt: Format, ctx: Context, *, chosen: bool) -> Iterator[Problem]:
    card = lookup(ctx, entry)
    if card is None:
        return  # an unknown-card problem already
    zone = COMPANION if chosen else SIDEBOARD
    where = dict(rule=ID, zone=zone, line=entry.line, card=entry.name, count=1)
    printed = companions.condition(card)
    if printed is None:
        yield Problem(**where, message=f"{entry.name} has no companion ability, so it can't be a companion")
        return
    if not chosen:
        yield from _banned(entry, fmt, ctx)
    broken = _offenders(card, deck, fmt, ctx)
    if broken:
        shown = names_listed(broken[:_SHOWN]) + (f" and {len(broken) - _SHOWN} more" if len(broken) > _SHOWN else "")
        yield Problem(**where, details={"condition": printed, "offending": broken},
                      message=f"{entry.name} can't be your companion: {printed[:1].lower() + printed[1:].rstrip('.')}; "
                              f"breaking it: {shown}{_never_met(entry, card, fmt, ctx)}")
    if (fmt.option("companion") or {}).get("within_color_identity"):
        commanders = command_zone(deck, fmt, ctx)
        if commanders.commanders and commanders.known:
            identity = frozenset(card.color_identity)
            # A commander's chosen color (The Prismatic Piper's) is picked once for the deck
            # and its companion, as the color-identity rule picks it.
            allowed = commanders.deck_identity(deck, ctx, also=() if entry.zone == COMPANION else (identity,))
            if not identity <= allowed:
                yield Problem(**where, details={"identity": list(card.color_identity)},
                              message=f"{entry.name} (identity {identity_text(card.color_identity)}) is outside the color "
                                      f"identity of {commanders.identity_shown(allowed)}, so it can't be the companion")


def could_be_companion(entry: CardEntry, deck: Deck, fmt: Format, ctx: Context) -> bool:
    """Whether `entry`, a card of the deck's main deck, would pass this rule as the deck's
    companion once its list moved it to a `Companion` section (the deck-size hint of a
    Commander deck one over sends it there): not banned as a companion, its condition met
    by the other cards and, in the Commander family, within the commanders' identity. The
    rule's own check of the deck as so listed, with a context of its own (the deck's
    memo stays the listed deck's)."""
    moved = entry.replace(zone=COMPANION)
    listed = deck.with_entries([moved if other is entry else other for other in deck.entries])
    return not any(check(listed, fmt, ctx.replace()))


def _never_met(entry: CardEntry, card: Card, fmt: Format, ctx: Context) -> str:
    """`; a Commander deck is exactly 100 cards, so Yorion, Sky Nomad can never be its
    companion`: a condition of cards over the minimum deck size where the size is exact,
    which "(120 needed)" alone sent the player to meet by adding cards deck-size forbids."""
    size = fmt.zone_size(MAIN, ctx.date, ctx.platform)
    if size is None or size.exactly is None or companions.cards_over_minimum(card) is None:
        return ""
    return f"; {article(fmt.name)} {fmt.name} deck is exactly {size.exactly} cards, so {entry.name} can never be its companion"


_STARTING = (MAIN, COMMANDER)  # the zones of the starting deck


def _offenders(card: Card, deck: Deck, fmt: Format, ctx: Context) -> list[str] | None:
    """`companions.offenders` of the deck's starting deck: [] told first, without the
    starting deck's cards, for a condition each card meets on its own and for Yorion's."""
    breaks = companions.card_test(card)
    if breaks is not None:
        if _each_card_meets(breaks, deck, ctx):
            return []
    else:
        over = companions.cards_over_minimum(card)
        if over is not None and _big_enough(over, deck, fmt, ctx):
            return []
    return companions.offenders(card, _starting_deck(deck, fmt, ctx))


def _each_card_meets(breaks: Callable[[Card], bool], deck: Deck, ctx: Context, *, unknown: bool = True) -> bool:
    """Whether no known card of the deck's starting deck `breaks` a condition each card
    meets on its own (and, with `unknown` False, every card is known). Most decks with a
    companion are told by a set of the names that met it before, remembered per condition
    with the catalog: only the cards of names not among them are looked up and tested (a
    name is among them once its card met it; a known card is always the same one for a
    name; an unknown name, which the catalog may yet learn online, never is). False for
    a card that breaks it or a numbered entry: the full check, which tests the first
    entry of each card, then says who breaks it."""
    met = ctx.cards.memo.setdefault((ID, "met", breaks), set())
    lookup_card = ctx.cards.lookup
    for entry in [entry for entry in deck.entries if entry.zone in _STARTING and entry.name not in met]:
        if entry.code is not None:
            return False
        card = lookup_card(entry)
        if card is None:
            if not unknown:
                return False
            continue  # not among the starting deck's cards
        if breaks(card):
            return False
        met.add(entry.name)
    return True


def _any_card(card: Card) -> bool:
    """The test no card breaks: `_each_card_meets` with it tells that every card is known."""
    return False


def _big_enough(over: int, deck: Deck, fmt: Format, ctx: Context) -> bool:
    """Whether the deck's starting deck holds `over` cards more than the minimum deck size
    (Yorion): told from the zones' counts when every card is known, as the full check
    counts only known cards."""
    minimum = _minimum(fmt, ctx)
    if minimum is None:
        return True
    counts = ctx.counts(deck)
    return (counts[MAIN] + counts.get(COMMANDER, 0) >= minimum + over
            and _each_card_meets(_any_card, deck, ctx, unknown=False))


def _minimum(fmt: Format, ctx: Context) -> int | None:
    """The format's minimum main deck size on the day (its exact size where it has one)."""
    size = fmt.zone_size(MAIN, ctx.date, ctx.platform)
    if size is None:
        return None
    return size.exactly if size.exactly is not None else size.min


def _starting_deck(deck: Deck, fmt: Format, ctx: Context) -> companions.StartingDeck:
    """The main deck (and the command zone), as cards; the format's minimum size."""
    cards = []
    if ctx.cards is not None:
        # The catalog's own lookup, bound once: a deck with a companion in its sideboard
        # (one in ten of a batch's old lists) looks up each card of its main deck.
        lookup_card = ctx.cards.lookup
        for entry, count in group([entry for entry in deck.entries if entry.zone in _STARTING]):
            card = lookup_card(entry)
            if card is not None:
                cards.append((card, count))
    minimum = _minimum(fmt, ctx)
    # Cards checked one by one against a condition: remembered with the catalog they come from.
    memo = ctx.cards.memo.setdefault((ID, "breaks"), {}) if ctx.cards is not None else None
    return companions.StartingDeck(cards, minimum, memo=memo)


def card_notes(name: str, fmt: Format, day: dt.date, platform: str) -> list[str]:
    """What `cards lookup -f` adds about one card: banned as a companion on `day`."""
    return banned_as_note(fmt, "banned_as_companion", name, day, platform, "banned as a companion")


def show(fmt: Format, day: dt.date) -> list[str]:
    option = fmt.option("companion")
    if option is None:
        return []
    lines = ["companion: its deck-building condition holds for the starting deck"
             + ("; outside the deck, within the commanders' color identity" if option.get("within_color_identity") else "")
             + ("; only a companion named in a `Companion` section" if option.get("named_only") else "")]
    return lines + banned_as_lines(fmt, "banned_as_companion", day, "banned as companion")
