"""not-in-pool: every card comes from the format's card pool on the event date, on the
event's platform (`--platform paper|mtgo|arena`, default paper).

Uses the card data (built in, or a synced database). Format key `card_pool`:

- every pool is bounded by the date: a card with no printing released on the platform by
  the event date is not in the pool (Legacy, Vintage and Pauper included);
- `sets: [m19, {set: dmu, until: 2024-08-02, rotated_by: blb}]` - a printing in one of
  these sets, inside the set's window: from its release on the platform (or `since`) to
  `until`, or to the release of `rotated_by` on the platform;
- `exclude_sets: [unh, ...]` - printings that never count; `exclude_types: [Plane, ...]`
  - cards that are never part of a deck; `rarity: common` - a printing at that rarity
  (Pauper); `commander_rarity: uncommon` - the command zone's own rarity (Pauper
  Commander);
- `legality: pioneer` - the synced database's legality for that key (Scryfall data),
  which decides from the day the data was taken on; it never decides an earlier date,
  nor any date when the data is no newer than the bundled lists (`lists_known_up_to`):
  a Scryfall file of 2019 calls Guilds of Ravnica Standard-legal, the lists know it
  rotated.

Format key `pool_cards`: cards in the pool whatever their printings, a dated list
(Standard Brawl: Arcane Signet and Command Tower from 2022-09-09).

When nothing settles a card, the result is a warning, not an error. Cards the data does
not know are `unknown-card` problems instead.

FAIL (mtg/legacy on 2015-01-01): 4 Ragavan, Nimble Pilferer -> "Ragavan, Nimble Pilferer
was not out by 2015-01-01 (out from 2021-06-18, Modern Horizons 2), so it is not in
Legacy's card pool".
FAIL (mtg/standard on 2024-08-02): 4 Innocent Traveler -> "Innocent Traveler // Malicious
Invader has no printing in a set legal in Standard on 2024-08-02 (it left Standard on
2024-08-02 with Innistrad: Crimson Vow)": a rotated card says when its last set left, and
"one from DAY" when a reprint brings it back.
FAIL (mtg/pauper): 1 Tarmogoyf -> "Tarmogoyf has no printing at common in a set allowed
in Pauper".
PASS (mtg/pioneer): 4 Thoughtseize (printed in Theros, a Pioneer set).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..formats import Format
from ..formats.model import as_date
from ..formats.schema import DATED_LIST, DATED_SET, PLATFORMS, format_word, kind_list, set_list
from ..model import COMMANDER, PLAYED_ZONES, CardEntry, Deck
from ..problem import WARNING, Problem
from ..schema import AnyOf, Keys, Null, SchemaError, Str, Struct
from ..wording import card_kinds, either_of
from .context import Context
from .format_platform import played_on

if TYPE_CHECKING:
    from ..games.mtg.cards import Card
    from ..games.mtg.card_pool import CardPool, Decision, Window

# The card pool's lists a card must be on: empty, they let no card in, and every deck of the
# format was illegal (each card "has no printing at any of the rarities"), while `formats
# check` said OK. Leaving a key out is how a format allows every set or rarity.
_ALLOWING = ("sets", "rarity", "commander_rarity")


def _none_empty(pool: dict[str, Any], keys: Keys) -> None:
    for key in _ALLOWING:
        if pool.get(key) == []:
            raise SchemaError((*keys, key), f"an empty list lets no card into the pool; leave `{key}` out to allow every "
                                            f"{'set' if key == 'sets' else 'rarity'}")


ID = "not-in-pool"
KEYS = {
    "card_pool": AnyOf((
        Null(),
        Struct({
            "legality": format_word(),
            "sets": set_list(AnyOf((Str(), DATED_SET))),
            # Sets whose printings never count (Un-sets, playtest cards, gold borders).
            "exclude_sets": set_list(Str()),
            # Card types that are never part of a deck (planes, schemes, ...).
            "exclude_types": kind_list(format_word()),
            "rarity": AnyOf((format_word(), kind_list(format_word()))),
            # Platforms whose printings qualify a card wherever the event is (Pauper: paper, mtgo).
            "printed_on": kind_list(Str(PLATFORMS)),
            # The command zone's rarity where it differs (Pauper Commander: uncommon).
            "commander_rarity": AnyOf((format_word(), kind_list(format_word()))),
        }, check_whole=_none_empty),
    )),
    # Cards in the pool whatever their printings (Standard Brawl: Arcane Signet, Command Tower).
    "pool_cards": DATED_LIST,
}


def legalities_snapshot(fmt: Format, catalog: Any) -> dt.date | None:
    """The day from which the catalog's legalities decide `fmt`'s pool: their snapshot,
    when it is newer than the bundled lists (`lists_known_up_to`); else None (the
    printings and the format's set lists decide every date)."""
    snapshot = getattr(catalog, "legalities_date", None)
    if snapshot is None:
        return None  # the built-in data's case, asked for every deck: no date to read from the format
    known = fmt.lists_known_up_to
    if known is not None and snapshot <= known:
        return None
    return snapshot


def pool_of(fmt: Format) -> CardPool:
    """The format's CardPool, built once per loaded format (kept in its memo)."""
    found = fmt.memo.get((ID, "pool"))
    if found is None:
        from ..games.mtg.card_pool import pool_from_spec

        found = fmt.memo[(ID, "pool")] = pool_from_spec(fmt.option("card_pool"))
    return found


def _command_pool(fmt: Format) -> CardPool | None:
    """The pool of the command zone when the format gives it its own rarity (Pauper
    Commander: a printing at uncommon), else None: the format's pool serves every zone."""
    rarity = fmt.pool_option("commander_rarity")
    if rarity is None:
        return None
    found = fmt.memo.get((ID, "command pool"))
    if found is None:
        rarities = frozenset(r.lower() for r in ([rarity] if isinstance(rarity, str) else rarity))
        found = fmt.memo[(ID, "command pool")] = pool_of(fmt).replace(rarities=rarities)
    return found


def in_command_pool(entry: CardEntry, fmt: Format, ctx: Context) -> bool:
    """Whether `entry`'s card, moved to the command zone, is in that zone's pool on the
    event's day (Pauper Commander's: a printing at uncommon), as this rule would judge it
    there: what a hint to move a card of the deck there asks first (the verdict of `cards
    lookup` on a commander asks the same of a check of the card alone in the zone): this
    rule's check of a deck of that card alone, in a context of its own."""
    moved = Deck(source=entry.name, entries=[entry.replace(zone=COMMANDER)])
    return not any(check(moved, fmt, ctx.replace()))


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format has a card pool."""
    return bool(fmt.option("card_pool"))


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    catalog = ctx.cards
    if not fmt.option("card_pool") or catalog is None:
        return ()
    pool = pool_of(fmt)
    command = _command_pool(fmt)
    if command is None:
        return _check_zones(deck, fmt, ctx, pool, PLAYED_ZONES)
    return _with_commander(deck, fmt, ctx, pool, command)


def _with_commander(deck: Deck, fmt: Format, ctx: Context, pool: CardPool, command: CardPool) -> Iterator[Problem]:
    # Pauper Commander: the commander comes from its own pool (a printing at uncommon).
    yield from _check_zones(deck, fmt, ctx, pool, tuple(zone for zone in PLAYED_ZONES if zone != COMMANDER))
    yield from _check_zones(deck, fmt, ctx, command, (COMMANDER,))


def _check_zones(deck: Deck, fmt: Format, ctx: Context, pool: CardPool, zones: tuple[str, ...]) -> Iterable[Problem]:
    snapshot = _snapshot(fmt, ctx.cards)
    verdicts = _verdicts(fmt, ctx, pool, snapshot)
    # Decide each distinct name first; the full tally (lines, counts) only when one fails.
    # Most decks of a batch: every name decided on this day before, and in the pool. One
    # subset test in C against the names found in the pool that day tells so before the
    # walk below, which then runs only for a deck with a name new to the day or one out of
    # the pool (and is the only one to start a generator). The names are the context's,
    # gathered once a deck (companion reads them too), when every zone the deck uses is
    # checked here (nearly every deck).
    played = set(zones)
    if ctx.used_zones(deck) <= played:
        names = ctx.names(deck)
    else:
        names = {entry.name for entry in deck.entries if entry.zone in played}
    if names <= verdicts.inside:
        return ()
    return _walk(deck, fmt, ctx, pool, zones, _standings(ctx, pool, snapshot), verdicts, snapshot)


class Verdicts(dict):  # type: ignore[type-arg]
    """A card's verdict on one day by name (None: in the pool, or a name the card data
    lacks; else (card, decision)), and `inside`, the names whose verdict is None: what a
    deck all of whose names are in the pool is told by, in one set test."""

    __slots__ = ("inside",)

    def __init__(self) -> None:
        super().__init__()
        self.inside: set[str] = set()

    def decide(self, name: str, found: tuple[Card, Decision] | None) -> None:
        self[name] = found
        if found is None:
            self.inside.add(name)


def _memos(fmt: Format, ctx: Context, pool: CardPool) -> tuple[dict[str, Any], Verdicts, dt.date | None]:
    """(standings, verdicts, snapshot): where the pool's answers for the deck's catalog are
    kept (a card's standing across days, its verdict on the event's day), and
    legalities_snapshot."""
    snapshot = _snapshot(fmt, ctx.cards)
    return _standings(ctx, pool, snapshot), _verdicts(fmt, ctx, pool, snapshot), snapshot


def _snapshot(fmt: Format, catalog: Any) -> dt.date | None:
    # The snapshot of the database's legalities decides with the pool (the built-in data
    # has none: one attribute tells so, for every deck).
    return getattr(catalog, "legalities_date", None) and legalities_snapshot(fmt, catalog)


def _standings(ctx: Context, pool: CardPool, snapshot: dt.date | None) -> dict[str, Any]:
    """Each card's standing in the pool, by name. A card's standing (legality, the days its
    printings cover on the platform) is worked out once and remembered with the catalog
    whose card it is; each deck then costs a lookup and a date comparison per card.
    Remembered by what the pool holds (not the pool object): pools that hold the same
    share it, and a pool made where a freed one was never reads the freed one's
    (CardPool.holding)."""
    key = (ID, pool.holding(snapshot is not None), ctx.platform, snapshot)
    found = ctx.cards.memo.get(key)
    if found is None:
        found = _new_table(ctx.cards, key, {})
    return found


def _verdicts(fmt: Format, ctx: Context, pool: CardPool, snapshot: dt.date | None) -> Verdicts:
    """Each card's verdict on the event's day, worked out once per day: a batch's decks
    share one. The format's lists_known_up_to decides with a snapshot only (verdict_on).
    What the common deck reads alone (`_check_zones`): no standings table fetched for it."""
    known_up_to = fmt.lists_known_up_to if snapshot is not None else None
    key = (ID, pool.holding(snapshot is not None), ctx.platform, snapshot, known_up_to, ctx.date)
    catalog = ctx.cards
    verdicts = catalog.memo.get(key)
    if verdicts is None:
        verdicts = _new_table(catalog, key, Verdicts())
    return verdicts


def _new_table(catalog: Any, key: tuple[Any, ...], table: Any) -> Any:
    """`table` kept in the catalog's memo under `key`, once the catalog has made room
    (`make_room`: a server's users name a new event day with every request)."""
    make_room = getattr(catalog, "make_room", None)
    if make_room is not None:
        make_room()
    catalog.memo[key] = table
    return table


def _walk(
    deck: Deck, fmt: Format, ctx: Context, pool: CardPool, zones: tuple[str, ...],
    memo: dict[str, Any], verdicts: Verdicts, snapshot: dt.date | None,
) -> Iterator[Problem]:
    """The deck's cards in `zones` not in `pool` on the event's day, deciding each name not
    decided that day yet: its standing kept in `memo`, its verdict in `verdicts`."""
    catalog, day, played = ctx.cards, ctx.date, set(zones)
    extra = fmt.dated_list_on("pool_cards", day, ctx.platform)
    flagged: dict[str, tuple[Card, Decision]] = {}
    for entry in deck.entries:
        name = entry.name
        if entry.zone not in played or name in flagged:
            continue
        found = verdicts.get(name, _UNDECIDED)
        if found is _UNDECIDED:
            found = _not_in(name, catalog, memo, pool, fmt, ctx, snapshot)
            verdicts.decide(name, found)
        if found is not None and entry.key not in extra:
            flagged[name] = found
    if not flagged:
        return
    Verdict = _card_pools().Verdict  # games/mtg/card_pool.py (see `_not_in`)

    banned = fmt.banned_on(ctx.date, ctx.platform)
    # A card neither printings nor legalities place (a warning) is left unsaid where the
    # format is not played on the event's platform (Legacy, Commander on MTG Arena): the
    # format-platform warning says so once, and there is nothing to tell of each card.
    played_here = played_on(fmt, ctx.platform)
    keys = {entry.key for entry in deck.entries if entry.name in flagged}
    for card in ctx.tally(deck, zones, only=keys).values():
        if card.name not in flagged or card.key in banned:
            continue
        record, decision = flagged[card.name]
        where = dict(rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total)
        details = {"decided_by": decision.how, "platform": ctx.platform}
        if decision.verdict is Verdict.OUT:
            known = memo.get(card.name)
            later, left = _printed_later(known, ctx.date), _left_before(known, ctx.date, as_date(fmt.option("since")))
            yield Problem(**where, message=explain(record, decision, pool, fmt, ctx, later=later, left=left),
                          details=details)
        elif decision.how == "sets":  # a day after the bundled lists, before the database's snapshot
            yield Problem(
                **where, severity=WARNING, details=details,
                message=f"cannot tell whether {card.name} is in {fmt.name}'s card pool on {ctx.date.isoformat()}: no set "
                f"of the bundled lists (known up to {fmt.lists_known_up_to}) holds it, and the card database lists it "
                f"{record.legalities.get(pool.legality)} in {pool.legality} only from {legalities_snapshot(fmt, ctx.cards)}",
            )
        elif played_here:
            yield Problem(**where, severity=WARNING, details=details, message=_undecided(record, card.name, pool, fmt, ctx))


# The platform whose own sets the card data lacks (games/mtg/availability.py says so; not
# imported from there: a format without a card pool never loads that module).
ARENA = "arena"
_UNDECIDED = object()
_CARD_POOLS: list[ModuleType] = []


def _card_pools() -> ModuleType:
    """games/mtg/card_pool.py, imported on first use (a format without a card pool, and
    every other game, never needs it)."""
    if not _CARD_POOLS:
        from ..games.mtg import card_pool

        _CARD_POOLS.append(card_pool)
    return _CARD_POOLS[0]


def _not_in(
    name: str, catalog: Any, memo: dict[str, Any], pool: CardPool, fmt: Format, ctx: Context,
    snapshot: dt.date | None,
) -> tuple[Card, Decision] | None:
    """(card, decision) when the card `name` is not plainly in the pool on the event's day
    (out, or undecided), else None (in the pool, or a name the card data lacks). The
    card's standing is remembered in `memo` across days; `snapshot`: legalities_snapshot.
    A standing a pool of the same holding worked out may carry that pool's legality as
    its status: only read from a snapshot on, and with one the legality key is held."""
    # Card pools are Magic's (games/mtg/card_pool.py): it reads printings and set dates
    # (`printings_of`, `availability`) that only the Magic catalog has, beyond the
    # Catalog protocol. The module is imported once (`_card_pools`), not by an import
    # statement on each of a batch's thousands of calls.
    pools = _card_pools()
    Verdict, standing, verdict_on = pools.Verdict, pools.standing, pools.verdict_on
    known = memo.get(name)
    if known is None:
        record = catalog.get(name)
        found = None
        if record is not None:
            found = standing(record, catalog.printings_of(record), pool, availability=catalog.availability,
                             platform=ctx.platform, snapshot=snapshot)
        known = memo[name] = (record, found)
    record, card_standing = known
    if card_standing is None or (card_standing.in_from is not None and card_standing.in_from <= ctx.date):
        return None
    decision = verdict_on(record, card_standing, pool, ctx.date, fmt.lists_known_up_to)
    return None if decision.verdict is Verdict.IN else (record, decision)


def _printed_later(known: tuple[Card, Any] | None, day: dt.date) -> dt.date | None:
    """The first day after `day` a printing of the card puts it in the pool (its standing's
    windows, remembered with its record), or None."""
    standing = known[1] if known is not None else None
    starts = [window.start for window in (standing.windows or ())] if standing is not None else []
    return min((start for start in starts if start > day), default=None)


def _left_before(known: tuple[Card, Any] | None, day: dt.date, began: dt.date | None = None) -> Window | None:
    """The window of the card's printings that closed last by `day` (a rotated Standard
    card's last set), or None: it never was in the pool. A window that closed by `began`,
    the format's first day, never held the card in it: Standard Brawl (2018) takes Standard's
    set windows from 1995, and Sol Ring did not leave it with Revised Edition in 1995."""
    standing = known[1] if known is not None else None
    closed = [(window.end, order, window) for order, window in enumerate(standing.windows or ())
              if window.end is not None and window.end <= day and (began is None or window.end > began)
              ] if standing is not None else []
    return max(closed, key=lambda found: found[:2])[2] if closed else None


def explain(record: Card, decision: Decision, pool: CardPool, fmt: Format, ctx: Context,
            later: dt.date | None = None, left: Window | None = None) -> str:
    """Why a card is not in the format's pool that day; `later`, the first day after it a
    printing puts the card in the pool, is said (a Pauper deck of 2010 with Chainer's
    Edict, first printed at common in 2014: it has such a printing, just not yet), and
    `left`, the window of its printing that closed last (a card of a set that rotated out
    of Standard: when, and with which set)."""
    catalog = ctx.cards
    # Paper's messages name no platform: no import statement to run for each (thousands of
    # old lists of a batch name cards out of the pool).
    on = "" if ctx.platform == "paper" else f" on {_label(ctx.platform)}"
    day = ctx.date.isoformat()
    if decision.how == "legality":
        when = getattr(catalog, "legalities_date", None)
        return f"{record.name} is not legal in {fmt.name} (card database legality of {when}: not_legal)"
    if decision.how == "type":
        kinds = pool.exclude_types.intersection(record.types)
        return f"{record.name} is {card_kinds(kinds)}, which no {fmt.name} deck can hold"
    if decision.how == "unreleased":
        first = _first_release(record, ctx)
        if first is None:
            return f"{record.name} never came out on {_label(ctx.platform)}, so it is not in " \
                   f"{fmt.name}'s card pool"
        return f"{record.name} was not out{on} by {day} (out{on} from {first}), so it is not in " \
               f"{fmt.name}'s card pool"
    if pool.sets is not None:
        where = f"in a set legal in {fmt.name}{on} on {day}"
        notes = [f"it left {fmt.name}{on} on {left.end.isoformat()} with {_name_of(catalog, left.printing.set)}"
                 ] if left is not None and left.end is not None else []
        notes += [f"one from {later.isoformat()}"] if later is not None else []
        if notes:
            where += f" ({'; '.join(notes)})"
    elif ARENA in pool.printed_on and ctx.platform != ARENA:
        # Brawl's pool is Arena's cards, whatever the event's platform: say where the card
        # was looked for, and that the data may miss it there (the sets only Arena has).
        return (f"{record.name} has no printing on MTG Arena in a set allowed in {fmt.name}, as far as the card data "
                f"knows (it lacks the sets only Arena has, such as Kaladesh Remastered; with --platform arena, as an "
                f"Arena deck is checked, such a card is a warning)")
    else:
        where = f"in a set allowed in {fmt.name}"
        if later is not None:
            where += f"{on} on {day} (one from {later.isoformat()})"
    rarity = f" at {either_of(sorted(pool.rarities), 'rarities')}" if pool.rarities else ""
    return f"{record.name} has no printing{rarity} {where}"


def _label(platform: str) -> str:
    """`Magic Online`: the platform as messages name it."""
    from ..games.mtg.availability import PLATFORM_LABELS

    return PLATFORM_LABELS[platform]


def _first_release(record: Card, ctx: Context) -> str | None:
    """`2021-06-18, Modern Horizons 2`: the card's first release on the event's platform."""
    from ..games.mtg.card_pool import first_release

    catalog = ctx.cards
    first = first_release(catalog.printings_of(record), catalog.availability, ctx.platform)
    if first is None:
        return None
    day, printing = first
    return f"{day.isoformat()}, {_name_of(catalog, printing.set)}"


def _name_of(catalog: object, code: str) -> str:
    info = catalog.availability.sets.get(code)  # type: ignore[attr-defined]
    return info.name if info is not None and info.name else code.upper()


def _undecided(record: Card, name: str, pool: CardPool, fmt: Format, ctx: Context) -> str:
    """The warning for a card neither printings nor legalities settle. In a pool of Arena's
    cards (Brawl) checked on Arena it is a card whose printings are all in paper sets the
    data does not have on Arena: it may have come there in a set only Arena has, which the
    card data lacks (docs/card-data.md), so the message says that, and what would settle it
    (the database's legality for such a pool is Arena's own)."""
    if (ctx.platform == ARENA and ARENA in pool.printed_on and pool.legality and ctx.cards.printings_of(record)
            and _first_release(record, ctx) is None):
        return (f"cannot tell whether {name} is in {fmt.name}'s card pool on MTG Arena: the card data knows no "
                f"printing of it there (it lacks the sets only Arena has, such as Kaladesh Remastered and the "
                f"Historic Anthologies), and no {pool.legality!r} legality that decides this date (Scryfall's, which "
                f"`deckcheck cards sync` brings, decides from the day it was taken on)")
    return f"cannot tell whether {name} is in {fmt.name}'s card pool: the card database has {_missing(pool)}"


def _missing(pool: CardPool) -> str:
    if pool.legality:
        return f"no legality for {pool.legality!r} that decides this date, and its printings do not settle it"
    return "no printings for this card to check against the format's sets"


def show(fmt: Format, day: dt.date) -> list[str]:
    if not fmt.option("card_pool"):
        return []
    pool = pool_of(fmt)
    lines = ["card pool:"]
    lines.append("  only cards out (on the event's platform) by the event date")
    if pool.legality:
        lines.append(f"  from a synced database's snapshot on: cards it lists legal in {pool.legality!r}")
    if pool.sets is not None:
        current = _sets_on(fmt, pool, day)
        lines += _wrapped(f"sets on {day.isoformat()} on paper ({len(current)})", current)
    if pool.rarities:
        lines.append(f"  printed at {' or '.join(sorted(pool.rarities))}")
    command = _command_pool(fmt)
    if command is not None and command.rarities:
        lines.append(f"  the command zone: printed at {' or '.join(sorted(command.rarities))}")
    extra = fmt.dated_list_on("pool_cards", day)
    if extra:
        lines.append(f"  also, whatever their printings: {', '.join(sorted(entry.card for entry in extra.values()))}")
    if pool.exclude_sets:
        lines += _wrapped(f"never from these sets ({len(pool.exclude_sets)})", sorted(pool.exclude_sets))
    if pool.exclude_types:
        lines.append(f"  never in a deck: {', '.join(sorted(pool.exclude_types))} cards")
    return lines


def _sets_on(fmt: Format, pool: CardPool, day: dt.date) -> list[str]:
    """The pool's sets on `day` on paper, by the release dates of the game's card data
    (a window without `since` opens on its set's release)."""
    from ..cards import catalog_for

    catalog, _ = catalog_for(fmt.game, offline=True)
    availability = getattr(catalog, "availability", None)
    if availability is not None:
        return pool.sets_on(day, availability)
    return [window.code for window in pool.sets or ()
            if (window.since is None or window.since <= day) and (window.until is None or day < window.until)]


def _wrapped(title: str, codes: list[str]) -> list[str]:
    text = ", ".join(codes) if codes else "none"
    import textwrap  # `formats show` only: not on every check's start-up path

    from ..report.style import TEXT_WIDTH

    return [f"  {title}:", *textwrap.wrap(text, width=TEXT_WIDTH, initial_indent="    ", subsequent_indent="    ")]
