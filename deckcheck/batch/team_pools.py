"""Team pools of limited events: team sealed and Two-Headed Giant limited.

Team sealed (Magic Tournament Rules 8.6): the team opens one pool and builds its decks from
it; every card is assigned to one player's deck or sideboard and is not passed to another
player. Two-Headed Giant limited: both players build a deck of 40 or more from one shared
pool; the cards neither main deck uses are the team's shared sideboard (format key
`pool: {shared_sideboard: true}`).

registered-pool (team): members of a team who registered the same pool (the same file, or
files listing the same cards) share it, and so do members who name none (`assign_pools`):
over their decks a card is used at most as often as the pool holds it. Each deck is also checked against the pool on its own (the deck's own
`registered-pool`), so a team problem is raised only where two or more members use copies
of a card: it names who holds how many (`holders`).
FAIL (mtg/limited, team T1, pool with 1 Lightning Bolt): ann and bob each play it ->
"2 copies of Lightning Bolt across team T1 (ann 1, bob 1); the team's pool holds 1".

Counted: the zones of the format's `pool` key (main deck and sideboard); with a shared
sideboard the main decks add up and the sideboards listed count once (the largest, held by
the member who lists it: the copies held add up to the count), so two players may both list
the team's sideboard.

team-registration: members of a team in a format whose teams register one pool
(`pool: {shared_by_team: true}`: mtg/team-sealed, mtg/2hg-limited) who registered pools
with different cards. In other limited formats (mtg/limited) members who name different
pools (team draft: each player drafts their own) play each deck against its own pool.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..formats import Format
from ..model import SIDEBOARD, tally
from ..registered_pools import Pool, pool_settings
from ..problem import Problem
from ..rules.registered_pool import ID as REGISTERED_POOL
from ..rules.registered_pool import held_text
from .registration import Registration, pool_source, shown_player
from ..wording import named_few

if TYPE_CHECKING:
    from .teams import Member

NO_POOL = "no pool given; the deck was not checked against a registered pool"
# A pool as the card data names it for the format of the row that named it, and that format
# (None when it could not be loaded).
PoolCards = Callable[[Registration, Pool], tuple[Pool, Format | None]]


def assign_pools(
    rows: list[Registration], uses_pools: Callable[[Registration], bool], cards_of: PoolCards,
) -> tuple[list[Registration], dict[str, str]]:
    """Give each team member without a pool of their own the team's pool (an organiser may
    write a team's pool once): the one file its members name, or the first of the files
    they name when those hold the same cards as `cards_of` names them (one pool,
    docs/batch.md). In an event that
    registers pools, a row of a pooled format (`uses_pools`) that still has none gets a
    `registration` problem. Also returns each team's one pool file so chosen (by team),
    which stands for every file of that team's pool."""
    if not any(row.pool for row in rows):
        return rows, {}
    named: dict[str, dict[tuple[str, str | None], Registration]] = {}  # team -> its pools (and a row naming each), in row order
    for row in rows:
        if row.team is not None and row.pool is not None:
            named.setdefault(row.team, {}).setdefault((row.pool, row.pool_path), row)
    team_pools = {team: _one_pool(pools, cards_of) for team, pools in named.items()}
    assigned: list[Registration] = []
    for row in rows:
        if row.pool is None:
            given = team_pools.get(row.team) if row.team is not None else None
            if given is not None:
                pool, path = given
                row = row.replace(pool=pool, pool_path=path)
            elif uses_pools(row):
                row = row.with_problem(NO_POOL)
        assigned.append(row)
    chosen = {team: given[1] for team, given in team_pools.items() if given is not None and given[1] is not None}
    return assigned, chosen


def _one_pool(
    pools: dict[tuple[str, str | None], Registration], cards_of: PoolCards,
) -> tuple[str, str | None] | None:
    """The team's pool among the (name, file) its members named (each with a row naming
    it): the first, when every file holds the same cards (`cards_of`; the basic lands
    the organiser provides aside, Pool.signature_in); None when they
    differ or one cannot be read (the rows that name them say why when their decks are
    checked)."""
    named = list(pools)
    if len(named) > 1:
        from ..errors import InputError
        from ..registered_pools import read_pool

        if any(path is None for _, path in named):
            return None
        try:
            cards = {pool.signature_in(fmt) for pool, fmt in (
                cards_of(row, read_pool(pool_source(path))) for (_, path), row in pools.items() if path is not None)}
        except InputError:
            return None
        if len(cards) != 1:
            return None
    return named[0]


def team_pool_problems(
    team: str, members: Sequence[Member], fmt: Format, *, one_pool: bool, unknown: frozenset[str] = frozenset(),
) -> list[Problem]:
    """The team's pool problems. `one_pool`: the format's teams build from one pool (team
    sealed, Two-Headed Giant), so members with different pools are a registration problem.
    Card keys in `unknown` (the members' unknown-card errors) are not counted."""
    pooled = [member for member in members if member.pool is not None and member.entries is not None]
    groups: dict[frozenset[tuple[str, int]], list[Member]] = {}
    for member in pooled:
        assert member.pool is not None
        groups.setdefault(member.pool.signature_in(fmt), []).append(member)
    problems: list[Problem] = []
    if len(groups) > 1 and one_pool:
        from .teams import TEAM_REGISTRATION

        listed = named_few([f"{shown_player(member.player)} {member.pool_name}" for member in pooled], "more players")
        problems.append(Problem(
            rule=TEAM_REGISTRATION,
            message=f"members registered pools with different cards ({listed}); a {fmt.name} team builds its decks from one pool",
        ))
    for group in groups.values():
        if len(group) > 1:
            pool = group[0].pool
            assert pool is not None
            problems += _shared_pool_problems(team, group, pool, fmt, unknown)
    return problems


def _shared_pool_problems(
    team: str, members: Sequence[Member], pool: Pool, fmt: Format, unknown: frozenset[str],
) -> list[Problem]:
    settings = pool_settings(fmt)
    shared_zone = SIDEBOARD if settings.shared_sideboard and SIDEBOARD in settings.zones else None
    own_zones = {zone for zone in settings.zones if zone != shared_zone}
    own: dict[str, dict[str, int]] = {}  # card key -> {player: copies in the player's own zones}
    listed: dict[str, dict[str, int]] = {}  # card key -> {player: copies in their listing of the shared sideboard}
    names: dict[str, str] = {}
    for member in members:
        assert member.entries is not None
        for card in tally(entry for entry in member.entries if entry.zone in own_zones).values():
            _hold(own, card.key, member.player, card.total)
            names.setdefault(card.key, card.name)
        if shared_zone is not None:
            for card in tally(entry for entry in member.entries if entry.zone == shared_zone).values():
                _hold(listed, card.key, member.player, card.total)
                names.setdefault(card.key, card.name)
    players = [member.player for member in members]
    problems: list[Problem] = []
    for key in names:
        if key in settings.free_cards or key in unknown:
            continue
        held_by = _holders(players, own.get(key, {}), listed.get(key, {}))
        if len(held_by) < 2:
            continue  # one member alone: that deck's own registered-pool problem
        total = sum(held_by.values())
        in_pool = pool.holds(key)
        if total <= in_pool:
            continue
        held, details = listed_holders(held_by)
        rest = held_text(in_pool, "the team's pool")
        problems.append(Problem(
            rule=REGISTERED_POOL, card=names[key], count=total, limit=in_pool,
            message=f"{total} copies of {names[key]} across team {team} ({held}); {rest}",
            details={**details, "pool": pool.source},
        ))
    return problems


def _holders(players: list[str], own: dict[str, int], listed: dict[str, int]) -> dict[str, int]:
    """Who holds how many copies of a card, in team order: each member's own copies, and
    the shared sideboard's (Two-Headed Giant), which both players may list, counted once,
    for the member who lists most of them (of those, the one holding most copies of their
    own: a member over the pool alone is that deck's problem, not the team's). So the
    copies held add up to the team's count, where each listing of the shared sideboard
    counted for its player made "6 copies across team H (ann 6, bob 4)"."""
    held = dict(own)
    if listed:
        most = max(listed.values())
        lister = max((player for player, count in listed.items() if count == most),
                     key=lambda player: own.get(player, 0))  # max keeps the first of a tie: team order
        held[lister] = held.get(lister, 0) + most
    return {player: held[player] for player in players if held.get(player)}


def _hold(holders: dict[str, dict[str, int]], key: str, player: str, count: int) -> None:
    held = holders.setdefault(key, {})
    held[player] = held.get(player, 0) + count


def listed_holders(held_by: dict[str, int]) -> tuple[str, dict[str, object]]:
    """(`ann 4, bob 1` for a team problem's message, its `holders` details): at most
    MAX_HOLDERS_LISTED players, in team order, and `holders_not_listed` counting the rest."""
    from ..limits import MAX_HOLDERS_LISTED

    held = named_few([f"{shown_player(player)} {count}" for player, count in held_by.items()], "more players")
    listed = dict(list(held_by.items())[:MAX_HOLDERS_LISTED])
    more = len(held_by) - len(listed)
    return held, {"holders": listed, **({"holders_not_listed": more} if more else {})}
