"""copy-limit: no more copies of a card than the format allows, counted over the zones
the format names (Magic: main deck and sideboard together).

Format key `copy_limit`: `default` (4 in Magic, 3 in Yu-Gi-Oh!), `zones`,
`exempt_basic_lands` (basic lands, Wastes and Snow-Covered basics, listed in
`basic_lands`), and `per_card` for cards whose text overrides the limit
(`Relentless Rats: any`, `Seven Dwarves: 7`, `Nazgûl: 9`). `copy_limit: null` turns the
rule off (Limited). With a card database, basic lands and "any number"/"up to N" cards are
read from the cards themselves (type line and Oracle text), so cards newer than the
bundled lists are covered; an explicit `per_card` entry in the format still wins. Cards
on a banned, restricted or per-card list in force are left to those rules, which state
the stricter limit. A name reported as an `unknown-card` error is left to it (`20 Islands`
is a misspelt basic land, not 20 copies of a card), unless the format's `per_card` names
it; a name the card data lacks that no error reports (a WoW database of one's own cards
warns instead) still counts.

FAIL (mtg/constructed): 3 Lightning Bolt in the main deck and 2 in the sideboard ->
"5 copies of Lightning Bolt (main 3, sideboard 2); at most 4 allowed".
PASS: 30 Island, 20 Relentless Rats, 7 Seven Dwarves.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ..formats import CopyLimit, Format
from ..formats.schema import ZONE_NAMES, kind_list
from ..formats.show import zones_words
from ..games import zone_name
from ..limits import MAX_LINES_NAMED
from ..model import ANY_NUMBER, COMPANION, SIDEBOARD, CardTally, Deck
from ..problem import Problem
from ..schema import AnyOf, Bool, Const, Int, MapOf, Null, Str, Struct
from ..wording import lines_text
from ._listed import banned_cards, limited_cards
from .context import Context

ID = "copy-limit"
KEYS = {
    "copy_limit": AnyOf((
        Null(),  # no copy limit (limited)
        Struct({
            "default": Int(1),
            "zones": kind_list(Str(ZONE_NAMES)),
            "exempt_basic_lands": Bool(),
            "per_card": MapOf(AnyOf((Int(0), Const(ANY_NUMBER)))),
        }),
    )),
}


def where(by_zone: dict[str, int], game: str, lines: Sequence[int] = ()) -> str:
    """`(main 3, sideboard 2)` when copies sit in more than one zone, each zone named in
    the game's words (`(Main Deck 2, Side Deck 1)` in Yu-Gi-Oh!), and the lines that list
    the card when there are several (`(lines 5, 6 and 9)`, `(main 3, sideboard 2; lines 1
    and 62)`): a problem's `line` is the first only."""
    if len(by_zone) < 2 and len(lines) < 2:
        return ""  # most problems: one line, one zone
    parts = []
    if len(by_zone) > 1:
        parts.append(", ".join(f"{zone_name(game, zone)} {count}" for zone, count in by_zone.items()))
    if len(lines) > 1:
        parts.append(lines_text(lines))
    return f" ({'; '.join(parts)})"


def card_lines(card: CardTally) -> Sequence[int]:
    """The lines that list a tallied card, in order, when it is on several (else none): a
    problem about a card written twice names both. From the entries `tally` kept for such
    a card: no pass over the deck."""
    if not card.entries:
        return ()  # one entry: its line is the problem's own
    return sorted({entry.line for entry in card.entries if entry.line is not None})


def lines_details(lines: Sequence[int]) -> dict[str, Any] | None:
    """A problem's `lines` (the first MAX_LINES_NAMED) when the card is on several lines."""
    return None if len(lines) < 2 else {"lines": list(lines[:MAX_LINES_NAMED])}


def limit_for(key: str, name: str | None, fmt: Format, ctx: Context) -> int | None:
    """Copies of a card the format allows (None: any number), the card database first.

    A card's own text only ever raises the limit ("any number", "up to seven"), so cards
    within the format's default never need this.
    """
    limits = fmt.copy_limit
    if limits is None:
        return None
    if key in limits.per_card:
        return limits.per_card[key]
    record = ctx.cards.get(name) if ctx.cards is not None and name else None
    if record is not None:
        if limits.exempt_basic_lands and record.is_basic:
            return None
        own = record.deck_limit
        if own is not None:
            return None if own == ANY_NUMBER else int(own)
    return limits.limit_for(key, fmt.basic_lands)


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format limits copies."""
    return fmt.copy_limit is not None


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    limits = fmt.copy_limit
    if limits is None:
        return ()
    # Within the default limit and without a limit of its own: fine, whatever the lists say
    # (most cards of most decks). Sifted out in one comprehension; most decks stop here,
    # without a generator. Most decks hold no card with a limit of its own, told by one
    # set test in C: the comprehension then compares the totals alone.
    default, per_card = limits.default, limits.per_card
    totals = ctx.totals(deck, limits.zones)
    if per_card and not per_card.keys().isdisjoint(totals.keys()):
        candidates = [(key, total) for key, total in totals.items() if total > default or key in per_card]
    else:
        candidates = [(key, total) for key, total in totals.items() if total > default]
    if candidates and limits.exempt_basic_lands:
        # The many basic lands of most decks, which `_problems` would pass over first.
        basic_lands = fmt.basic_lands
        candidates = [candidate for candidate in candidates if candidate[0] not in basic_lands]
    if not candidates:
        return ()
    return _problems(deck, fmt, ctx, limits, candidates)


def _problems(
    deck: Deck, fmt: Format, ctx: Context, limits: CopyLimit, candidates: list[tuple[str, int]],
) -> Iterator[Problem]:
    per_card = limits.per_card
    listed = (banned_cards(deck, fmt, ctx), fmt.restricted_on(ctx.date, ctx.platform),
              limited_cards(deck, fmt, ctx, limits.zones))
    over: dict[str, int] = {}
    names: dict[str, str] | None = None
    for key, total in candidates:
        if limits.exempt_basic_lands and key in fmt.basic_lands:
            continue  # the many basic lands of a singleton deck
        if any(key in lists for lists in listed):
            continue
        if key in ctx.unknown_cards and key not in per_card:
            continue  # a name reported as an unknown-card error is that problem, not a card to count
        if ctx.cards is not None and names is None:
            names = {entry.key: entry.name for entry in reversed(deck.entries)}
        name = names.get(key) if names is not None else None
        limit = limit_for(key, name, fmt, ctx)
        if limit is not None and total > limit:
            over[key] = limit
    if not over:
        return
    companions = ctx.totals(deck, (COMPANION,))  # copies per card the deck names as its companion
    for card in ctx.tally(deck, limits.zones, only=over).values():
        limit = over[card.key]
        lines = card_lines(card)
        by_zone = _companion_apart(card.by_zone, companions.get(card.key, 0))
        yield Problem(
            rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total, limit=limit,
            message=f"{card.total} copies of {card.name}{where(by_zone, fmt.game, lines)}; at most {limit} allowed",
            details=lines_details(lines),
        )


def _companion_apart(by_zone: dict[str, int], companion: int) -> dict[str, int]:
    """The copies per zone with the sideboard's companion copies named as the companion: the
    companion sits in the sideboard, and "(main 1, sideboard 1)" of a list with no sideboard
    sent the player looking for one (its second copy was the `Companion` section's)."""
    held = by_zone.get(SIDEBOARD, 0)
    if not companion or not held:
        return by_zone
    moved = min(held, companion)
    out = {zone: count for zone, count in by_zone.items() if zone != SIDEBOARD}
    out[COMPANION] = moved
    if held > moved:
        out[SIDEBOARD] = held - moved
    return out


def show(fmt: Format, day: dt.date) -> list[str]:
    limit = fmt.copy_limit
    if limit is None:
        return ["copies: no limit"]
    lines = [f"copies: at most {limit.default} of a card over {zones_words(fmt.game, limit.zones)}"]
    if limit.exempt_basic_lands and fmt.basic_lands:
        lines.append(f"  basic lands exempt: {', '.join(sorted(fmt.option('basic_lands') or []))}")
    for name, value in (fmt.option("copy_limit") or {}).get("per_card", {}).items():
        lines.append(f"  {name}: {'any number' if value == ANY_NUMBER else value}")
    return lines
