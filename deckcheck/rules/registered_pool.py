"""registered-pool: in a limited event every card of the deck comes from the player's
registered pool (the cards opened or drafted), at most as many copies as the pool holds,
main deck and sideboard together. Cards of the pool the main deck does not use are the
sideboard, so a decklist need not state one; one it states is checked too.

Checked only when a pool is given (`deckcheck validate --pool POOL`, or a `pool` column in
a batch manifest). Format key `pool`: `free_cards` the organiser provides in any number (in
`mtg/limited` the five basic lands: Wastes and Snow-Covered basics are not provided, so they
must come from the pool), `zones` whose cards must come from the pool (default main and
sideboard: a WoW TCG hero is chosen freely). A name reported as an `unknown-card` error is
left to it (`20 Gebirge`, German for Mountain), as copy-limit leaves it; without card data
every name is compared with the pool's as written. With card data, an event format naming
its sets (`card_pool: {sets: [...]}`) also warns of a pool's card printed in none of them
that the deck does not list (one it lists is the deck's `not-in-pool` error).

FAIL (mtg/limited, pool with 3 Shock): 4 Shock in the main deck ->
"4 copies of Shock; the pool holds 3".
FAIL (mtg/limited, pool without snow lands): 2 Snow-Covered Island ->
"2 copies of Snow-Covered Island; the pool holds none (the organiser provides only Plains,
Island, Swamp, Mountain, Forest)".
PASS: 23 cards of the pool and 17 Mountain.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator

from ..formats import Format
from ..formats.schema import ZONE_NAMES, kind_list
from ..formats.show import zones_words
from ..model import MAIN, PLAYED_ZONES, Deck
from ..registered_pools import Pool, PoolSettings, pool_settings
from ..problem import WARNING, Problem
from ..schema import AnyOf, Bool, ListOf, Null, Str, Struct
from ..wording import named_few
from .context import Context
from .copy_limit import card_lines, lines_details, where

ID = "registered-pool"
KEYS = {
    "pool": AnyOf((
        Null(),
        Struct({
            "free_cards": ListOf(Str()), "zones": kind_list(Str(ZONE_NAMES)),
            "shared_by_team": Bool(), "shared_sideboard": Bool(),
        }),
    )),
}


def silent(fmt: Format, ctx: Context) -> bool:
    """Whether no deck meets this rule: no pool given (rules.speaking), `check`'s test."""
    return ctx.pool is None


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterable[Problem]:
    pool = ctx.pool
    if pool is None:
        return ()  # no pool given (every constructed event): nothing to check, no generator
    if ctx.cards is not None and fmt.pool_option("sets"):
        return [*_problems(deck, fmt, ctx, pool), *_off_the_sets(deck, fmt, ctx, pool)]
    return _problems(deck, fmt, ctx, pool)


def _off_the_sets(deck: Deck, fmt: Format, ctx: Context, pool: Pool) -> list[Problem]:
    """Warnings of the pool's cards printed in none of the sets of an event format naming
    its sets (`card_pool: {sets: [khm]}`): the deck's `not-in-pool` told such a card only
    when played, so a pool opened or typed wrong, or with a card slipped in, passed while
    the card sat in its sideboard. The cards the deck lists are left to that error, and
    those the organiser provides are no one's pool. The pool's lines are checked as a
    deck's would be (not_in_pool.check), each warning naming its line in the pool."""
    from ..registered_pools import pool_problem
    from . import not_in_pool

    # Only the zones not-in-pool checks: a card the deck lists in its maybeboard alone is
    # played nowhere, so it is told here or not at all.
    listed = {entry.key for entry in deck.entries if entry.zone in PLAYED_ZONES} | pool_settings(fmt).free_cards
    entries = [entry.replace(zone=MAIN) for entry in pool.entries if entry.key not in listed]
    if not entries:
        return []
    found = not_in_pool.check(Deck(pool.source, entries), fmt, ctx)
    return [pool_problem(pool.source, problem.replace(
                message=f"{problem.message} (a card of another set in the pool: opened or typed wrong?)",
                details={}),  # the pool's details only (registered-pool's keys, docs/contracts.md)
                rule=ID, severity=WARNING, count=None)
            for problem in found if problem.is_error]


def _problems(deck: Deck, fmt: Format, ctx: Context, pool: Pool) -> Iterator[Problem]:
    settings = pool_settings(fmt)
    # Plain totals first; the full tally (lines, zones) only for the cards reported. A name
    # reported as an unknown-card error is that problem, as copy-limit leaves it: `20
    # Gebirge` is the Mountains the organiser provides, `Grizly Bears` a card the pool may
    # hold, not cards "the pool holds none" of.
    held_of, free, unknown = pool.cards.get, settings.free_cards, ctx.unknown_cards
    over = {
        key: held_of(key, 0) for key, total in ctx.totals(deck, settings.zones).items()
        if total > held_of(key, 0) and key not in free and key not in unknown
    }
    if not over:
        return
    for card in ctx.tally(deck, settings.zones).values():
        held = over.get(card.key)
        if held is None:
            continue
        # Every line that lists the card, as copy-limit names them: the judge counts them all.
        lines = card_lines(card)
        yield Problem(
            rule=ID, zone=card.first_zone, line=card.first_line, card=card.name, count=card.total, limit=held,
            message=f"{card.total} {copies(card.total)} of {card.name}{where(card.by_zone, fmt.game, lines)}; {held_text(held)}"
            + (free_hint(card.key, fmt, settings, held) or maybeboard_hint(card.key, pool, held)),
            details={"pool": pool.source, **(lines_details(lines) or {})},
        )


def copies(count: int) -> str:
    return "copy" if count == 1 else "copies"


def held_text(held: int, whose: str = "the pool") -> str:
    return f"{whose} holds {held if held else 'none'}"


def free_hint(key: str, fmt: Format, settings: PoolSettings, held: int) -> str:
    """Why a basic land counts at all: the organiser does not provide that one."""
    if key in fmt.basic_lands and not held:
        if not settings.free_names:  # a format without free cards (a constructed one, given a pool)
            return f" (in {fmt.name} the organiser provides no cards)"
        # The first few: a format file may list up to MAX_FORMAT_LIST_ENTRIES free cards, and
        # each basic land the pool lacks named them all (400 MB for one deck of a 4 MiB file).
        return f" (the organiser provides only {named_few(settings.free_names, 'more cards')})"
    return ""


def maybeboard_hint(key: str, pool: Pool, held: int) -> str:
    """Why a card the pool's file lists is held none of: it lists it in its maybeboard (a
    cube's considered cards, CubeCobra's `maybeboard` column), which is no part of the pool."""
    if held or key not in pool.maybeboard:
        return ""
    return " (it lists the card in its maybeboard: considered, not in the pool)"


def show(fmt: Format, day: dt.date) -> list[str]:
    if fmt.option("pool") is None:
        return []
    settings = pool_settings(fmt)
    free = ", ".join(settings.free_names) or "nothing"
    lines = [f"registered pool (--pool): {zones_words(fmt.game, settings.zones)} from the pool; organiser provides {free}"]
    if settings.shared_by_team:
        lines.append("  a team registers one pool: each card of it goes to one member's deck")
    if settings.shared_sideboard:
        lines.append("  the cards the team's main decks leave are the team's shared sideboard")
    return lines
