"""Deck checks: a reproducible random sample of players whose decks a judge checks at the
table against their registration (Magic Tournament Rules 2.8 recommend at least 10% of the
decks of an event).

`--deck-check 10%` asks for a share (rounded up), `--deck-check 5` for a number of players;
at least one when the event has decks, at most all of them. The sample depends only on the
registrations and the seed, never on the order of the manifest, the machine or the Python
version:

1. candidates: every registration with a deck file, sorted by (player name folded for case
   and accents, deck path, manifest line), a player registered on several rows once (their
   first row in that order), so no player is drawn twice;
2. `random.Random(seed)` (Mersenne Twister seeded with the integer `seed`) is used through
   `random()` only, the one method whose sequence Python promises to keep for a seed
   across versions (`randrange`, `sample` and `shuffle` may change): a partial Fisher-Yates
   shuffle swaps position i (from 0) with position i + below(n - i), where
   below(m) = floor(random() * m) (a bias of at most m / 2**53, nothing at event sizes);
3. the first k candidates after the shuffle are the sample, listed in the sorted order.

Without `--seed` a seed is drawn from the operating system and printed with the sample, so
the same list can be produced again.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..errors import OptionError
from ..lazy_pattern import lazy
from ..limits import NumberTooLong, check_seed, whole_number
from ..model import CardEntry, tally
from ..result import DeckResult
from .registration import Registration, no_player, player_keys



@dataclass(frozen=True)
class DeckCheckRequest:
    """How many decks to check: `share` percent (rounded up) or `count` players."""

    text: str
    share: Fraction | None = None
    count: int | None = None
    seed: int | None = None

    def size(self, candidates: int) -> int:
        if candidates == 0:
            return 0
        if self.share is not None:
            wanted = math.ceil(self.share * candidates / 100)
        else:
            assert self.count is not None
            wanted = self.count
        return max(1, min(candidates, wanted))


_DECIMAL_COMMA = lazy(r"\d+,\d+")


def parse_request(text: str, seed: int | None = None) -> DeckCheckRequest:
    """`10%`, `2.5%` or `5`; anything else is a usage error (exit 2)."""
    value = text.strip()
    usage = OptionError("deck_check", f"{text!r}: give a share of the players such as 10% or a number of players such as 5")
    check_seed(seed)
    if value.endswith("%"):
        number = value[:-1].strip()
        try:
            share = Fraction(Decimal(number))
        except (InvalidOperation, ValueError):
            if _DECIMAL_COMMA.fullmatch(number):  # `10,5%`, as most of Europe writes it
                raise OptionError("deck_check", f"{usage.detail}; a decimal is written with a point: "
                                                f"{number.replace(',', '.')}%") from None
            raise usage from None
        if not 0 < share <= 100:
            raise OptionError("deck_check", f"{text!r}: the share must be more than 0% and at most 100%")
        return DeckCheckRequest(text=value, share=share, seed=seed)
    if not (value.isascii() and value.isdigit()):  # `²` is a digit to str.isdigit, not to int()
        raise usage
    try:
        count = whole_number(value)
    except NumberTooLong as exc:
        raise OptionError("deck_check", f"is {exc}; give a number of players such as 5") from None
    if count < 1:
        raise OptionError("deck_check", f"{text!r}: check at least 1 player")
    return DeckCheckRequest(text=value, count=count, seed=seed)


@dataclass
class DeckCheck:
    """One player picked for a deck check: the row's index in the report, the registered
    deck's cards (None when the deck could not be read) and, once it is checked, the facts
    of its result the reports list (`note`), so a batch that streams its results need not
    keep them."""

    index: int
    entries: list[CardEntry] | None = None
    player: str | None = None
    team: str | None = None
    deck: str = ""
    format: str = ""
    pool: str | None = None
    legal: bool = False
    unread: bool = False  # the deck could not be read: NOT CHECKED, as the registrations say
    counts: dict[str, int] = field(default_factory=dict)
    game: str = ""  # the format's game: the listing names the zones in its words
    titles: dict[str, str] | None = None  # the format's words for zones (Oathbreaker's command zone)

    def note(
        self, result: DeckResult, entries: list[CardEntry] | None, game: str = "", titles: dict[str, str] | None = None,
    ) -> None:
        self.entries, self.game, self.titles = entries, game, titles
        self.player, self.team, self.deck, self.format = result.player, result.team, result.deck, result.format
        self.pool, self.legal, self.counts = result.pool, result.legal, dict(result.counts)
        self.unread = result.unreadable


@dataclass
class DeckCheckSample:
    request: DeckCheckRequest
    seed: int
    candidates: int
    picks: list[DeckCheck] = field(default_factory=list)


def new_seed() -> int:
    """A seed for a run that names none (printed with the sample, so it can be repeated)."""
    return random.SystemRandom().randrange(1_000_000)


def candidate_order(rows: Sequence[Registration]) -> list[int]:
    """Indexes of the rows with a deck, sorted so the manifest's order does not matter, one
    for each player: a player registered twice (`ann` and `Ann`, a row copied) is one
    candidate, their row that sorts first, so a sample never checks one player twice and
    still depends on the registrations alone. Namesakes their `id` cells tell apart are
    two players (registration.player_keys). Rows of no player (a folder's decks) are each
    their own."""
    keyed = sorted(
        (player, row.deck, row.line or 0, index)
        for index, (row, player) in enumerate(zip(rows, player_keys(rows))) if row.path is not None
    )
    seen: set[str] = set()
    candidates = []
    for player, _deck, _line, index in keyed:
        if rows[index].player:
            if player in seen:
                continue
            seen.add(player)
        candidates.append(index)
    return candidates


def below(rng: random.Random, bound: int) -> int:
    """An integer in [0, bound) from `random()` alone (see the module docstring)."""
    return min(int(rng.random() * bound), bound - 1)


def choose(rows: Sequence[Registration], request: DeckCheckRequest) -> DeckCheckSample:
    """The sample for `request` (its seed, or a fresh one)."""
    seed = request.seed if request.seed is not None else new_seed()
    order = candidate_order(rows)
    size = request.size(len(order))
    rng = random.Random(seed)
    shuffled = list(order)
    for i in range(size):
        j = i + below(rng, len(shuffled) - i)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    picked = set(shuffled[:size])
    return DeckCheckSample(
        request=request, seed=seed, candidates=len(order),
        picks=[DeckCheck(index=index) for index in order if index in picked],
    )


def picked_as(pick: DeckCheck, row: Registration) -> str | None:
    """Who the reports name for a pick: its player; a manifest row without one by its
    manifest line (`(no player: manifest line 3)`, as its team names it), so the judge has a
    row to find the player by; a folder's file has no player and no line (its deck names it)."""
    if pick.player:
        return pick.player
    return no_player(row) if row.line is not None else None


def zone_title(pick: DeckCheck, zone: str) -> str:
    """The heading of a zone in a pick's listing: the game's own word where it has one
    (Yu-Gi-Oh!'s Extra Deck and Side Deck, WoW TCG's deck and side deck), as its messages
    and its registration sheet say, else the sheet's (Main deck, Sideboard, Commander; in
    Oathbreaker, Oathbreaker + Signature Spell)."""
    from ..games import zone_name
    from ..paperwork.sheet import ZONE_TITLES

    title = zone_name(pick.game, zone, (pick.titles or ZONE_TITLES).get(zone, zone.capitalize()))
    return title[:1].upper() + title[1:]


def zone_cards(pick: DeckCheck, zone: str) -> list[tuple[int, str]]:
    """The copies and name of each card of the pick's registered `zone`, each card once with
    its copies added up where it first appears, for the listing a judge counts the deck at
    the table against (text and the event page; the JSON keeps the lines as registered). A
    `.ydk` writes a line per copy, and a card on two lines of a list was listed twice (`2 Ash
    Blossom`, then `1 Ash Blossom`), for the judge to add up."""
    entries = pick.entries or ()
    return [(card.total, card.name) for card in tally(entry for entry in entries if entry.zone == zone).values()]


def describe(sample: DeckCheckSample) -> str:
    """`3 of 25 decks (10%, rounded up), seed 7`."""
    request = sample.request
    decks = "deck" if sample.candidates == 1 else "decks"
    if request.share is not None:
        asked = f" ({request.text}, rounded up)"
    else:
        asked = f" ({request.text} asked)" if request.count != len(sample.picks) else ""
    return f"{len(sample.picks)} of {sample.candidates} {decks}{asked}, seed {sample.seed}"
