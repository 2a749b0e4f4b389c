"""zone-not-in-format: every card is in a zone the format has.

A Magic deck has no Extra Deck, a hero belongs to the World of Warcraft TCG, and a command
zone to the Commander family: cards a list puts in a zone its format lacks are neither
counted by the size rules nor by the copy limit, so without this rule they would pass
unseen (five copies of a card with the fifth under `Extra`). The format's zones are those
its `deck` sizes and `copy_limit` name, the command zone where it has `commander`, the hero
where it has `hero`; the main deck, the sideboard, a companion and a maybeboard are always
allowed (a maybeboard is never part of the deck). A format without `deck` sizes is not
judged.

FAIL (mtg/modern): `Extra` then `15 Shock` -> "Modern has no Extra Deck: 15 cards are listed
there (Shock); a card of the deck goes in the main deck or the sideboard".
PASS (yugioh/advanced-tcg): an Extra Deck.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..formats import Format
from ..games import zone_name
from ..model import COMMANDER, COMPANION, HERO, MAIN, MAYBEBOARD, SIDEBOARD, ZONE_LABELS, ZONES, Deck
from ..problem import Problem
from ..schema import Spec
from ..wording import names_listed
from .context import Context

ID = "zone-not-in-format"
KEYS: dict[str, Spec] = {}  # reads `deck`, `copy_limit`, `commander` and `hero`, which other rules own

ALWAYS = frozenset({MAIN, SIDEBOARD, COMPANION, MAYBEBOARD})


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format says what its deck holds
    (a format with no `deck` sizes, such as the tests' parse-only one, names no zone)."""
    return bool(fmt.zones)


def format_zones(fmt: Format) -> frozenset[str]:
    """The zones a deck of `fmt` may use (worked out once per loaded format)."""
    found = fmt.memo.get(ID)
    if found is None:
        zones = set(ALWAYS) | set(fmt.zones)
        if fmt.copy_limit is not None:
            zones.update(fmt.copy_limit.zones)
        if fmt.option("commander"):
            zones.add(COMMANDER)
        if fmt.option("hero"):
            zones.add(HERO)
        found = fmt.memo[ID] = frozenset(zones)
    return found


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    used = ctx.used_zones(deck)
    allowed = format_zones(fmt)
    if used <= allowed:
        return ()  # every zone the deck uses is the format's (nearly every deck): no generator
    return _problems(deck, fmt, used - allowed)


def _problems(deck: Deck, fmt: Format, stray: frozenset[str]) -> Iterator[Problem]:
    for zone in sorted(stray, key=ZONES.index):
        entries = [entry for entry in deck.entries if entry.zone == zone]
        count = sum(entry.count for entry in entries)
        names = names_listed(dict.fromkeys(entry.name for entry in entries))
        cards = "1 card is" if count == 1 else f"{count} cards are"
        yield Problem(
            rule=ID, zone=zone, line=entries[0].line, count=count, card=entries[0].name if len(entries) == 1 else None,
            message=f"{fmt.name} has no {zone_name(fmt.game, zone, ZONE_LABELS.get(zone))}: {cards} listed there ({names}); "
            f"a card of the deck goes in the {zone_name(fmt.game, MAIN, 'main deck')} or the "
            f"{zone_name(fmt.game, SIDEBOARD, 'sideboard')}",
        )
