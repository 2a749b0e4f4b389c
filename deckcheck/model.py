"""The deck as every parser produces it and every rule reads it."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from .names import card_key, fold
from .problem import Problem

MAIN = "main"
SIDEBOARD = "sideboard"
EXTRA = "extra"          # Yu-Gi-Oh! Extra Deck
COMMANDER = "commander"
COMPANION = "companion"  # a designation: the companion also sits in the sideboard
HERO = "hero"            # World of Warcraft TCG
MAYBEBOARD = "maybeboard"  # listed for reference only, never counted

ZONES = (MAIN, SIDEBOARD, EXTRA, COMMANDER, COMPANION, HERO, MAYBEBOARD)
# Zones whose cards are part of what a player registers (copies, bans, pool checks).
PLAYED_ZONES = (MAIN, SIDEBOARD, EXTRA, COMMANDER, HERO)


@dataclass(frozen=True)
class CardEntry:
    """One line of a decklist: `count` copies of `name` in `zone`.

    `written` keeps the name as the file spelled it when the card database made it
    canonical; `code` is a game's numeric card id (Yu-Gi-Oh! passcode) when the list
    names cards by number.
    """

    name: str
    count: int
    zone: str = MAIN
    line: int | None = None
    written: str | None = None
    code: int | None = None

    @property
    def key(self) -> str:
        # A numbered card (a Yu-Gi-Oh! passcode) is never a Magic split card: its name is
        # one name even with slashes in it (`D/D/D Flame King Genghis`, `A/D Changer`).
        return fold(self.name) if self.code is not None else card_key(self.name)


@dataclass
class Deck:
    """A parsed decklist. `problems` holds what the parser could not read."""

    source: str
    entries: list[CardEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    input_format: str | None = None
    name: str | None = None
    # True when the file could not be read at all (missing, unreadable, too big): the
    # CLI then exits 2, because the input, not the deck, is at fault.
    unreadable: bool = False

    def zone(self, zone: str) -> list[CardEntry]:
        return [entry for entry in self.entries if entry.zone == zone]

    def in_zones(self, zones: Iterable[str]) -> Iterator[CardEntry]:
        wanted = set(zones)
        return (entry for entry in self.entries if entry.zone in wanted)

    def count(self, zone: str) -> int:
        return sum(entry.count for entry in self.entries if entry.zone == zone)

    def counts(self) -> dict[str, int]:
        """Cards per zone: `main` and `sideboard` always, other zones when used."""
        totals = {MAIN: 0, SIDEBOARD: 0}
        for entry in self.entries:
            totals[entry.zone] = totals.get(entry.zone, 0) + entry.count
        return totals

    def with_entries(self, entries: list[CardEntry]) -> Deck:
        return replace(self, entries=entries)


@dataclass(frozen=True)
class CardTally:
    """How many copies of one card a deck (or a team) holds, and where."""

    key: str
    name: str
    total: int
    by_zone: dict[str, int]
    first_line: int | None
    first_zone: str


def tally(entries: Iterable[CardEntry]) -> dict[str, CardTally]:
    """Add up copies of each card over `entries`, keyed by `card_key`.

    Counts of the same card on several lines add up; the first line and zone it appears on
    are kept so problems can point at it.
    """
    totals: dict[str, int] = {}
    zones: dict[str, dict[str, int]] = {}
    first: dict[str, CardEntry] = {}
    for entry in entries:
        key = entry.key
        totals[key] = totals.get(key, 0) + entry.count
        by_zone = zones.setdefault(key, {})
        by_zone[entry.zone] = by_zone.get(entry.zone, 0) + entry.count
        first.setdefault(key, entry)
    return {
        key: CardTally(
            key=key,
            name=first[key].name,
            total=totals[key],
            by_zone=zones[key],
            first_line=first[key].line,
            first_zone=first[key].zone,
        )
        for key in totals
    }
