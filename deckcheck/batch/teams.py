"""Team checks: Team Unified Construction (Magic Tournament Rules 8.5) and the shape of
each team as registered.

team-copy-limit: across all decks and sideboards of one team, no more copies of a card by
English name than one deck may hold: the format's copy limit (4 in Magic), basic lands and
"any number" cards exempt, a card that allows N copies allows N per team (`copy_limit` of
the format, with its `per_card`; a Yu-Gi-Oh! card limit likewise); banned cards and
forbidden ones (a Yu-Gi-Oh! limit of 0) are each deck's own problem. Magic teams, by the
Magic Tournament Rules; a Yu-Gi-Oh! or WoW TCG team only where its format says
`team: {unified: true}`, those games' rules having no Team Unified Construction.
FAIL (mtg/legacy, team T1): ann 4 Brainstorm, bob 1 Brainstorm ->
"5 copies of Brainstorm across team T1 (ann 4, bob 1); at most 4 per team".

With `team: {one_deck_per_card: true}` (Unified Deck Construction as the Magic Tournament
Rules 8.4 have put it since about 2018): a card other than a basic land is in one deck of
the team only, whatever its copies; a card that may break the copy limit (Relentless Rats)
does so in that one deck. The bundled formats keep the rule above (a team's 4 copies).
FAIL (mtg/modern with one_deck_per_card, team T1): ann 2 Thoughtseize, bob 2 Thoughtseize ->
"Thoughtseize is in 2 decks of team T1 (ann 2, bob 2); under unified deck construction a card
other than a basic land is in one deck of a team".

team-restricted: a restricted card at most once across the whole team.
FAIL (mtg/vintage): ann 1 Sol Ring, bob 1 Sol Ring -> "2 copies of Sol Ring across team T1
(ann 1, bob 1); it is restricted to 1 per team in Vintage".

The team's registration is its members' decks together (Magic Tournament Rules 8.5): every
error of a member's deck (a banned card, a short main deck, ...) or manifest row (a seat not
A/B/C, no pool) is also a problem of the team, under the same rule id, naming the member
(`player`, and `holders` for a card), also when the members play different formats.
FAIL (mtg/legacy): ann 1 Black Lotus -> team T1: "ann's deck: Black Lotus is banned in Legacy".
FAIL (mtg/legacy): bob in seat D -> team T1: "bob's registration: manifest line 3: seat 'D' is not one of A, B, C".

registered-pool (limited events with pools): members who registered the same pool share
it; see `team_pools.py`.

team-registration: the team as registered cannot be checked or cannot play: a member's
deck is missing or unreadable, a team format (`team.size`, Two-Headed Giant; one size or a
list of the sizes allowed, team sealed's 2 or 3) with the wrong number of players, two players in one seat, a member
without a seat beside members with one (Magic Tournament Rules 8.2; not in Two-Headed Giant, whose team plays
each game together: plays_one_game), members of a team format playing
different formats, members of a team that plays as one on different platforms, a player also
registered for another team; a warning for two teams short of players whose names are alike
(`Team Blue` and `Taem Blue`: one team's name spelt two ways, `spelt_apart`), and for a team,
of a format of no team size, with fewer players than most of the event's teams (`short_of_the_rest`).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ..formats import Format, ListEntry
from ..formats.model import PAPER
from ..cards.resolve import RULE as UNKNOWN_CARD
from ..rules._listed import limited_cards
from ..rules.context import Context
from ..model import MAIN, PLAYED_ZONES, SIDEBOARD, CardEntry, CardTally, Deck, tally
from ..names import card_key
from ..registered_pools import Pool, pool_settings
from ..limits import MAX_HOLDERS_LISTED, MAX_NAME_COMPARED, MAX_PROBLEMS_PER_DECK
from ..problem import INFO, WARNING, Problem, capped
from ..record import Record
from ..wording import counted, listed, named_few
from ..result import TeamResult
from .registration import REGISTRATION, SEATS, player_key, shown_player
from .team_pools import listed_holders, team_pool_problems

TEAM_COPY_LIMIT = "team-copy-limit"
TEAM_RESTRICTED = "team-restricted"
TEAM_REGISTRATION = "team-registration"
RESTRICTED_PER_TEAM = 1


class Member(Record):
    """A player of a team and what the team check needs of their registration."""

    # A Record, not a dataclass: a batch imports no `dataclasses` (deckcheck/record.py).
    __slots__ = ("player", "deck", "format_id", "seat", "entries", "unreadable_reason", "pool", "pool_name", "errors",
                 "platform", "catalog", "line")

    def __init__(
        self, player: str, deck: str, format_id: str, seat: str | None = None,
        entries: Sequence[CardEntry] | None = None, unreadable_reason: str | None = None, pool: Pool | None = None,
        pool_name: str | None = None, errors: tuple[Problem, ...] = (), platform: str | None = None,
        catalog: Any = None, line: int | None = None,
    ) -> None:
        self.player = player
        self.deck = deck
        self.format_id = format_id
        self.seat = seat
        self.entries = entries  # None: the deck could not be read
        self.unreadable_reason = unreadable_reason
        self.pool = pool  # limited events: the registered pool, when it could be read
        self.pool_name = pool_name  # the pool file as the manifest names it
        self.errors = errors  # the errors of the member's own result (row and deck)
        self.platform = platform  # where the member's row says they play (else the batch's)
        self.catalog = catalog  # the card data `entries` were named with (None: none)
        self.line = line  # the member's manifest line (None: a folder's or a zip's entry)


def team_settings(fmt: Format) -> tuple[bool, tuple[int, ...]]:
    """(unified construction always on, the team sizes allowed: () when any) from the
    format's `team` key, whose `size` is one number or a list of them."""
    unified, sizes, _, _ = _team_settings(fmt)
    return unified, sizes


def team_size_allowed(fmt: Format, players: int) -> bool:
    """Whether the format's teams may have `players` players (any number without `team.size`)."""
    allowed = _team_settings(fmt)[2]
    return not allowed or players in allowed


def largest_team(fmt: Format) -> int:
    """The most players the format's teams may have (0 without `team.size`)."""
    return _team_settings(fmt)[3]


def _team_settings(fmt: Format) -> tuple[bool, tuple[int, ...], frozenset[int], int]:
    """`team_settings`, the sizes as a set and the largest, worked out once a format, each
    size once: a format file may list any number of sizes (500,000 in 3.9 MB), and every
    team asks."""
    settings = fmt.memo.get("team_settings")
    if settings is None:
        team = fmt.option("team") or {}
        size = team.get("size")
        sizes = () if size is None else tuple(dict.fromkeys(size)) if isinstance(size, list) else (size,)
        settings = fmt.memo["team_settings"] = (bool(team.get("unified")), sizes, frozenset(sizes), max(sizes, default=0))
    return settings


def unified_unless_told(fmt: Format) -> bool:
    """Whether the event's unified construction (on unless `--no-unified`) reaches `fmt`'s
    teams: a game whose rules count a team's decks together (Magic, Game.unified_teams) or
    one deckcheck does not know, or a format that asks for it (`one_deck_per_card`); a
    Yu-Gi-Oh! or WoW TCG team otherwise only through its format's `team: {unified: true}`
    (team_settings, on even with `--no-unified`), as those games have no such rule."""
    from ..games import find  # deferred: the games package loads their descriptors

    game = find(fmt.game)
    return game is None or game.unified_teams or bool((fmt.option("team") or {}).get("one_deck_per_card"))


def no_team_rules(fmt: Format, day: dt.date) -> str:
    """What a format without team rules (has_team_rules) lacks, for the warning about a
    team column it reads nothing from: a Yu-Gi-Oh! or WoW TCG format may have a copy limit,
    but those games count no team's decks together unless the format says so."""
    from ..games import find  # deferred: the games package loads their descriptors

    if unified_unless_told(fmt) or (fmt.copy_limit is None and not fmt.restricted_on(day)):
        return "no copy limit, restricted list, team size or registered pool to share"
    game = find(fmt.game)
    label = game.label if game is not None else fmt.game
    return (f"{label} counts no team's decks together, and it says no `team: {{unified: true}}`, team size or "
            "registered pool to share")


def spoken_sizes(sizes: Sequence[int]) -> str:
    """`2`, `2 or 3`; past MAX_HOLDERS_LISTED sizes, the first of them and how many more: a
    format file may list any number, and every team of the wrong size was told them all
    (500,000 sizes, 200 teams: out of memory)."""
    shown = [str(size) for size in sizes[:MAX_HOLDERS_LISTED]]
    if len(sizes) > MAX_HOLDERS_LISTED:
        shown.append(f"{len(sizes) - MAX_HOLDERS_LISTED:,} other sizes")
    return listed(shown)


def is_team_format(fmt: Format) -> bool:
    """Played by teams only (Two-Headed Giant, team sealed): unified construction, a team
    size, or one registered pool per team."""
    unified, sizes = team_settings(fmt)
    return unified or bool(sizes) or pool_settings(fmt).shared_by_team


def plays_one_game(fmt: Format) -> bool:
    """Whether the format's teams play each game together (Two-Headed Giant): a team
    format (`team.size`) whose games are multiplayer, as its free first mulligan says
    (`opening_hand.free_mulligan`, Comprehensive Rules 103.5c). Its players have no seats
    to be paired by (the team decides who sits where at each game; EventLink registers
    Two-Headed Giant teams without them), so a seat left empty is no problem."""
    return bool(largest_team(fmt)) and fmt.opening_hand.free_mulligan


def has_team_rules(fmt: Format, members: Sequence[Member], day: dt.date) -> bool:
    """Whether `fmt` checks anything across a team's decks: a team format (its size, one
    pool), a copy limit or restricted list to count per team where unified construction
    reaches its teams (unified_unless_told), or a pool a member registered (team sealed or
    draft). Otherwise a team is only its members' decks, which an organiser
    who wrote a team column is told (check.py)."""
    if is_team_format(fmt) or any(member.pool_name for member in members):
        return True
    return unified_unless_told(fmt) and (
        fmt.copy_limit is not None or bool(fmt.restricted_on(day)) or bool((fmt.option("team") or {}).get("one_deck_per_card")))


def check_team(
    name: str,
    members: Sequence[Member],
    formats: dict[str, Format],
    *,
    day: dt.date,
    unified: bool,
    extra: Iterable[Problem] = (),
) -> TeamResult:
    """The verdict on one team. `formats` holds every format that could be loaded;
    `unified` is the event's choice (`--no-unified`), team formats force it on; it reaches
    only the teams of a game whose rules have it (unified_unless_told)."""
    problems: list[Problem] = list(extra)
    format_ids = list(dict.fromkeys(member.format_id for member in members))
    players = [member.player for member in members]
    if len(format_ids) != 1 or format_ids[0] not in formats:
        known = [formats[fid] for fid in format_ids if fid in formats]
        games = {fmt.game for fmt in known}
        team_format = next((fmt for fmt in known if is_team_format(fmt)), None)
        if len(format_ids) == 1:
            problems.append(_registration(f"format {str(format_ids[0])!r} could not be loaded; the team cannot be checked"))
        elif len(format_ids) > 1:
            listed = named_few([f"{shown_player(member.player)} {member.format_id}" for member in members], "more players")
            if team_format is not None:
                problems += _platform_clash(members)
                problems.append(_registration(f"members play different formats ({listed}); {team_format.name} is played by whole teams"))
            elif not known or any(unified_unless_told(fmt) for fmt in known):
                # Only where the rule would reach the team: a Yu-Gi-Oh! or WoW TCG team is
                # not counted together unless its format says so (unified_unless_told).
                problems.append(_registration(f"members play different formats ({listed}); unified construction not checked", severity=INFO))
            # Not checked as a whole, yet its registration is still its members' (docs/batch.md).
            problems += _seat_clashes(members) + _seats_missing(
                members, game=next(iter(games)) if len(games) == 1 else "")
            problems = _with_members(problems, _members_problems(members), [])
        # Members of several games: each one's problems in their own game's words.
        member_games = {member.player: formats[member.format_id].game for member in members
                        if member.format_id in formats} if len(games) > 1 else None
        return TeamResult(team=name, format=", ".join(map(str, format_ids)), players=players, problems=problems,
                          game=games.pop() if len(games) == 1 else "", member_games=member_games)
    fmt = formats[format_ids[0]]
    always, sizes = team_settings(fmt)
    unified = unified and unified_unless_told(fmt)
    if always or unified:
        problems += _platform_clash(members)
    if not team_size_allowed(fmt, len(members)):
        problems.append(_registration(
            f"team {name} has {counted(len(members), 'player')}; {fmt.name} teams have {spoken_sizes(sizes)}"
        ))
    if not sizes and len(members) > len(SEATS):
        # A format of any team size, but no team event seats more than A, B and C: a team of
        # every player who answered a form's team question "Solo" counted strangers' decks
        # together (unified construction) and nothing said why. Still checked as written.
        problems.append(_registration(
            f"team {name} has {counted(len(members), 'player')}, more than a team event seats ({_SEATS_SAID}); "
            f"if {name!r} is a form's answer for no team, leave the team cell of those rows empty", severity=WARNING))
    problems += _seat_clashes(members) + _seats_beyond(members, sizes, fmt)
    if not plays_one_game(fmt):
        problems += _seats_missing(members, largest_team(fmt) or len(SEATS), game=fmt.game)
    after: list[Problem] = []
    # Names a member's deck reports as unknown-card errors are that problem, not copies of
    # a card for the team to count (as copy-limit and registered-pool leave them in each deck).
    unknown = frozenset(card_key(p.card) for m in members for p in m.errors if p.rule == UNKNOWN_CARD and p.card)
    # Likewise a card a member's deck reports banned or forbidden however the list names it
    # (`banned: [{code: 14558127}]`, a card limit of 0 by passcode, a newer card database's
    # ban): the team's lists by name do not find it, and it was counted as the team's copies.
    banned = frozenset(card_key(p.card) for m in members for p in m.errors if p.card and _banned_in_deck(p))
    if always or unified:
        # The lists of the platform the team plays on: its first member's (one that names
        # another is a registration problem above, _platform_clash).
        platform = next((member.platform for member in members if member.platform), PAPER)
        after += unified_problems(name, [(m.player, m.entries) for m in members if m.entries is not None], fmt, day,
                                  reported=unknown | banned, platform=platform,
                                  cards=next((m.catalog for m in members if m.catalog is not None), None))
    after += team_pool_problems(name, members, fmt, one_pool=pool_settings(fmt).shared_by_team, unknown=unknown)
    return TeamResult(team=name, format=fmt.id, players=players, problems=_with_members(problems, _members_problems(members), after),
                      game=fmt.game)


# Names typed with a slip are alike when both have at least this many letters and digits
# (`Blu Sky` is `Blue Sky`, but `Red` and `Reds` may be two teams).
_ALIKE_LENGTH = 5
# Other teams looked at, per team short of players, for one its players fit with: a team
# names at most MAX_HOLDERS_LISTED of them and counts the rest, and 1,200 teams of one
# name each paired with each took 35 s and 725 MB.
_ALIKE_EXAMINED = 4 * MAX_HOLDERS_LISTED


def spelt_apart(teams: dict[str, Sequence[Member]], formats: dict[str, Format]) -> dict[str, list[Problem]]:
    """A warning for each team short of players whose name is alike another's and whose
    players together with that team's fit one team (`Team Blue` of two and `Taem Blue` of
    one, `Red-Sky` and `Red Sky!`): a team name spelt two ways in the manifest makes two
    teams, each checked alone, so their decks were never counted together and, where the
    format sets no team size, each passed. Alike: the same once folded to letters and
    digits (signs and spaces aside), or, in names of _ALIKE_LENGTH to MAX_NAME_COMPARED
    letters and digits, a letter swapped with the next or left out or doubled, the digits
    the same (`Team 1` and `Team 2`, `Team A` and `Team B` are two teams). One warning a
    team, naming the first MAX_HOLDERS_LISTED such teams and counting the rest.
    A warning, as two teams may be named so.
    Linear in the names: each spelling is looked up by its slips (alike_spellings), never
    compared with every other."""
    seats = {name: _team_size(members, formats) or len(SEATS) for name, members in teams.items()}
    short = [name for name, members in teams.items() if len(members) < seats[name]]
    if len(short) < 2:
        return {}  # most events: every team full
    spellings: dict[str, list[str]] = {}
    for name in short:
        letters = "".join(ch for ch in player_key(name) if ch.isalnum())
        if letters:  # a name of signs alone (`🐍`, `!!!`): no spelling to compare
            spellings.setdefault(letters, []).append(name)
    alike = alike_spellings(spellings)
    problems: dict[str, list[Problem]] = {}
    for letters, names in spellings.items():
        kin = [names, *(spellings[other] for other in alike.get(letters, ()))]
        for name in names:
            partners, looked = [], 0
            for other in (other for group in kin for other in group if other != name):
                looked += 1
                if len(teams[name]) + len(teams[other]) <= max(seats[name], seats[other]):
                    partners.append(other)
                if len(partners) > MAX_HOLDERS_LISTED or looked >= _ALIKE_EXAMINED:
                    break
            if partners:
                # Those not looked at are counted as alike, their players not added up.
                rest = sum(map(len, kin)) - 1 - looked
                problems[name] = [_spelt_apart(name, partners, rest, teams)]
    return problems


def alike_spellings(spellings: Iterable[str]) -> dict[str, list[str]]:
    """For each of `spellings` (names folded to letters and digits) that of the others which
    are it typed with a slip, in order: two letters side by side swapped (`taemblue`,
    `teamblue`), or a letter left out or doubled (`blusky`, `bluesky`), the digits the same.
    Not one letter for another: `Team A` and `Team B`, `Red` and `Rex` are two teams. Only
    spellings of _ALIKE_LENGTH to MAX_NAME_COMPARED characters (a team cell may hold
    131,072). Each spelling is looked up by its one-letter-deleted forms (in the spellings)
    and by its forms with two letters side by side swapped (among the spellings before it):
    linear in the spellings, not each with each, and nothing kept but the spellings (an
    index of each spelling's swap forms held 64 strings a name: 10,000 one-player teams of
    64-letter names took 200 MB)."""
    known = set(spellings)
    seen: set[str] = set()  # the spellings looked at so far: a swap is linked from the later one
    alike: dict[str, list[str]] = {}

    def link(one: str, other: str) -> None:
        alike.setdefault(one, []).append(other)
        alike.setdefault(other, []).append(one)

    for letters in spellings:
        if not _ALIKE_LENGTH <= len(letters) <= MAX_NAME_COMPARED:
            continue
        left_out = set()
        for at, char in enumerate(letters):
            if not char.isdigit():
                shorter = letters[:at] + letters[at + 1:]
                if shorter not in left_out and len(shorter) >= _ALIKE_LENGTH and shorter in known:
                    left_out.add(shorter)
                    link(letters, shorter)
            after = letters[at + 1:at + 2]
            if after and after != char and not (char.isdigit() and after.isdigit()):
                swapped = letters[:at] + after + char + letters[at + 2:]
                if swapped in seen:
                    link(letters, swapped)
        seen.add(letters)
    return {letters: list(dict.fromkeys(others)) for letters, others in alike.items()}


def _spelt_apart(name: str, others: Sequence[str], rest: int, teams: dict[str, Sequence[Member]]) -> Problem:
    def shown(team: str) -> str:
        return f"team {team} ({named_few([shown_player(m.player) for m in teams[team]], 'more players')})"

    if len(others) == 1 and not rest:
        together = len(teams[name]) + len(teams[others[0]])
        return _registration(
            f"{shown(name)} and {shown(others[0])} have {counted(together, 'player')} together, names alike: if they "
            "are one team, write one name in the team cell of their rows (only then are its decks counted together)",
            severity=WARNING)
    listed = named_few([shown(other) for other in others], "more teams",
                       total=len(others) + rest)
    return _registration(
        f"{shown(name)} and {listed} are short of players, names alike: if two of them are one team, write one name "
        "in the team cell of their rows (only then are its decks counted together)", severity=WARNING)


# The fewest other teams of one size that make it the event's (short_of_the_rest): two
# teams of three beside one of two say little of an event's team size.
_USUAL_TEAMS = 3


def short_of_the_rest(
    teams: dict[str, Sequence[Member]], formats: dict[str, Format], told: Iterable[str] = (),
) -> dict[str, list[Problem]]:
    """A warning for each team, of a format that sets no team size, with fewer players than
    more than half the event's other such teams have, three of them at least (two in an
    event of teams of three): a
    trios event checked with a bundled format and a team column has no size to hold a
    team to, so a team whose third row was left out passed, its third deck never counted
    with the others. `told`: teams already told they may be another's name spelt another
    way (spelt_apart), which says why they are short."""
    unsized = {name: len(members) for name, members in teams.items() if not _team_size(members, formats)}
    if len(unsized) <= _USUAL_TEAMS:
        return {}
    sizes: dict[int, int] = {}
    for size in unsized.values():
        sizes[size] = sizes.get(size, 0) + 1
    if len(sizes) < 2:
        return {}  # most events: every team of one size
    told = frozenset(told)
    problems: dict[str, list[Problem]] = {}
    for name, size in unsized.items():
        others = len(unsized) - 1
        usual, many = max(((s, n - (s == size)) for s, n in sizes.items()), key=lambda item: (item[1], item[0]))
        if name in told or not size < usual <= len(SEATS) or many < _USUAL_TEAMS or many * 2 <= others:
            continue
        problems[name] = [_registration(
            f"team {name} has {counted(size, 'player')}, while the event's other teams have {usual} ({many} of {others}): "
            f"a member's row left out, or their team spelt another way? (a format file's `team: {{size: {usual}}}` "
            "makes a team of another size an error)", severity=WARNING)]
    return problems


def _team_size(members: Sequence[Member], formats: dict[str, Format]) -> int:
    """The players a full team of the team's format has (its largest `team.size`), 0 when
    its format sets none: spelt_apart then holds the team to the seats of a team event (A,
    B and C), and short_of_the_rest to the event's other teams."""
    for member in members:
        fmt = formats.get(member.format_id)
        if fmt is not None and largest_team(fmt):
            return largest_team(fmt)
    return 0


def _banned_in_deck(problem: Problem) -> bool:
    """Whether a member's error says its card may not be played at all: banned, or forbidden
    (a Yu-Gi-Oh! card limit of 0)."""
    # Here, not at import, both alike: every batch imports this module, a Magic one runs no
    # card-limit rule, and a batch without teams asks this of no problem.
    from ..rules.banned import ID as BANNED
    from ..rules.card_limit import ID as CARD_LIMIT

    return problem.rule == BANNED or (problem.rule == CARD_LIMIT and problem.limit == 0)


def _with_members(before: list[Problem], members: list[Problem], after: list[Problem]) -> list[Problem]:
    """A team's problems in order, at most MAX_PROBLEMS_PER_DECK and one `problems-not-listed`
    (limits.py): the members' errors, which their own decks list too, are the ones cut first,
    so the team's own problems (unified construction, its pool) stay listed."""
    why = f"a team lists at most {MAX_PROBLEMS_PER_DECK:,} problems"
    room = MAX_PROBLEMS_PER_DECK - len(before) - len(after)
    if len(members) > room:
        members = capped(members, max(room - 1, 0), why=why)  # room - 1 and the one that counts the rest
    return capped([*before, *members, *after], MAX_PROBLEMS_PER_DECK, why=why)


def unified_problems(
    team: str, decks: Sequence[tuple[str, Sequence[CardEntry]]], fmt: Format, day: dt.date,
    *, reported: frozenset[str] = frozenset(), platform: str = PAPER, cards: Any = None,
) -> list[Problem]:
    """Team Unified Construction over the decks of one team, as (player, entries), with the
    lists in force on the team's `platform`; the card keys in `reported` (the members'
    unknown-card errors, and the cards their decks report banned or forbidden) are not
    counted; `cards` the card data the entries were named with (None: none)."""
    problems: list[Problem] = []
    banned, restricted = fmt.banned_on(day, platform), fmt.restricted_on(day, platform)
    ctx = Context(day, cards, platform=platform)
    card_limits = _card_limits(decks, fmt, ctx)
    # Each deck's own problem, not the team's: a banned card, a forbidden Yu-Gi-Oh! card (a
    # card limit of 0, as banned), a name its deck reports as unknown or banned.
    own = frozenset(banned).union(reported, (key for key, entry in card_limits.items() if entry.limit == 0))
    if (fmt.option("team") or {}).get("one_deck_per_card"):
        problems += _in_several_decks(team, decks, fmt, own)
    elif fmt.copy_limit is not None:
        # The limit each deck's copy-limit reads: the format's, then the card data's own (a
        # WoW TCG card's Unlimited tag, a Magic card's "any number" text), for a card over
        # the default only. The rule is loaded by every batch that has a copy limit.
        from ..rules.copy_limit import limit_for

        default, per_card = fmt.copy_limit.default, fmt.copy_limit.per_card
        for card, held in _team_cards(decks, fmt.copy_limit.zones):
            if card.key in own or card.key in restricted:
                continue  # restricted: team-restricted below
            if card.key in card_limits:
                limit = card_limits[card.key].limit
            elif card.total <= default and card.key not in per_card:
                continue
            else:
                limit = limit_for(card.key, card.name, fmt, ctx)
            if limit is None or card.total <= limit:
                continue
            problems.append(_team_problem(TEAM_COPY_LIMIT, team, card.name, card.total, limit, held, f"at most {limit} per team"))
    if restricted:
        for card, held in _team_cards(decks, PLAYED_ZONES):
            if card.key in restricted and card.key not in own and card.total > RESTRICTED_PER_TEAM:
                problems.append(_team_problem(
                    TEAM_RESTRICTED, team, card.name, card.total, RESTRICTED_PER_TEAM, held,
                    f"it is restricted to {RESTRICTED_PER_TEAM} per team in {fmt.name}",
                ))
    return problems


def _card_limits(decks: Sequence[tuple[str, Sequence[CardEntry]]], fmt: Format, ctx: Context) -> dict[str, ListEntry]:
    """The card limits in force, by card key, as each deck's card-limit matches them: by
    name, and by the passcodes the decks list a card under or it counts as (a Yu-Gi-Oh!
    entry by passcode alone, `{code: 14558127, limit: 1}`, rules/_listed.limited_cards)."""
    limits = fmt.card_limits_on(ctx.date, ctx.platform)
    if not fmt.card_limits_by_code_on(ctx.date, ctx.platform):
        return limits
    zones = fmt.copy_limit.zones if fmt.copy_limit else PLAYED_ZONES
    found = dict(limits)
    for player, entries in decks:
        found.update(limited_cards(Deck(player, list(entries)), fmt, ctx, zones))
    return found


def _in_several_decks(
    team: str, decks: Sequence[tuple[str, Sequence[CardEntry]]], fmt: Format, own: frozenset[str],
) -> list[Problem]:
    """`one_deck_per_card`: each card but a basic land held by two or more of the decks
    (main deck and sideboard, the zones of the copy limit); the card keys in `own` (banned,
    forbidden, unknown) are each deck's own problem."""
    zones = fmt.copy_limit.zones if fmt.copy_limit is not None else (MAIN, SIDEBOARD)
    problems = []
    for card, held in _team_cards(decks, zones):
        if len(held) < 2 or card.key in fmt.basic_lands or card.key in own:
            continue
        shown, details = listed_holders(held)
        problems.append(Problem(
            rule=TEAM_COPY_LIMIT, card=card.name, count=card.total, limit=max(held.values()), details=details,
            message=f"{card.name} is in {len(held)} decks of team {team} ({shown}); under unified deck construction "
            "a card other than a basic land is in one deck of a team",
        ))
    return problems


def _team_cards(decks: Sequence[tuple[str, Sequence[CardEntry]]], zones: Iterable[str]) -> Iterator[tuple[CardTally, dict[str, int]]]:
    """Each card of the team's decks in `zones`, in order of appearance: its tally over
    them all, and {player: copies} in team order."""
    zones = set(zones)
    holders: dict[str, dict[str, int]] = {}
    for player, entries in decks:
        for card in tally(e for e in entries if e.zone in zones).values():
            held = holders.setdefault(card.key, {})
            held[player] = held.get(player, 0) + card.total
    for card in tally(e for _, entries in decks for e in entries if e.zone in zones).values():
        yield card, holders[card.key]


def _team_problem(rule: str, team: str, card: str, total: int, limit: int, holders: dict[str, int], rest: str) -> Problem:
    held, details = listed_holders(holders)
    return Problem(
        rule=rule, card=card, count=total, limit=limit,
        message=f"{total} copies of {card} across team {team} ({held}); {rest}",
        details=details,
    )


def _members_problems(members: Sequence[Member]) -> list[Problem]:
    """Each member's errors as the team's; a deck that could not be read, once."""
    problems: list[Problem] = []
    for member in members:
        if member.entries is None:
            reason = f" ({member.unreadable_reason})" if member.unreadable_reason else ""
            problems.append(_registration(
                f"{shown_player(member.player)}'s deck {member.deck or '(none)'} could not be read{reason}; "
                "the team's decks cannot be checked together", player=member.player,
            ))
        else:
            problems += [_member_problem(member.player, problem) for problem in member.errors]
    return problems


def _member_problem(player: str, problem: Problem) -> Problem:
    """A member's error (of the deck, or of the manifest row) as the team's: same rule and
    fields, naming the player."""
    details = {**problem.details, "player": player}
    if problem.card is not None and problem.count is not None:
        details.setdefault("holders", {player: problem.count})
    whose = "registration" if problem.rule == REGISTRATION else "deck"
    return problem.replace(message=f"{shown_player(player)}'s {whose}: {problem.message}", details=details)


def _platform_clash(members: Sequence[Member]) -> list[Problem]:
    """Members who name different platforms (a `platform` column) of a team that plays as
    one (a team format, or unified construction): its games are on one platform (a
    Two-Headed Giant team shares each game), so the registration is wrong whichever member
    is. Teams checked member by member (`--no-unified`, or members of different formats
    outside a team format) are not: each deck is checked on its own platform."""
    platforms = list(dict.fromkeys(member.platform for member in members if member.platform))
    if len(platforms) < 2:
        return []
    listed = named_few([f"{shown_player(member.player)} {member.platform}" for member in members], "more players")
    return [_registration(f"members play on different platforms ({listed}); a team plays its games on one platform")]


def _seat_clashes(members: Sequence[Member]) -> list[Problem]:
    seats: dict[str, list[str]] = {}
    for member in members:
        if member.seat:
            seats.setdefault(member.seat, []).append(shown_player(member.player))
    return [
        _registration(f"seat {seat} is taken by {_players_said(players)}")
        for seat, players in seats.items() if len(players) > 1
    ]


def _seats_beyond(members: Sequence[Member], sizes: Sequence[int], fmt: Format) -> list[Problem]:
    """A seat no team of the format has (seat C in a Two-Headed Giant team of two): its
    teams' seats are the first letters of SEATS, one for each player of the largest team."""
    if not sizes:
        return []
    seats = SEATS[:largest_team(fmt)]
    return [
        _registration(f"{shown_player(member.player)} in seat {member.seat}: {fmt.name} teams have "
                      f"{spoken_sizes(sizes)} players, in seats {listed(list(seats), 'and')}")
        for member in members if member.seat in SEATS and member.seat not in seats
    ]


def _seats_missing(members: Sequence[Member], seats: int = len(SEATS), *, game: str = "mtg") -> list[Problem]:
    """Members without a seat in a team whose other members have one: teams designate each
    player's position when they register (Magic Tournament Rules 8.2, for a Magic team),
    and the pairings seat A against A. A team that gives no seat at all is told nothing (an
    event that does not record seats); a seat that is no letter is its row's problem.
    `seats`: how many a team of the format has; `game` the team's (the rules cited)."""
    seated = [member for member in members if member.seat in SEATS]
    seatless = [member for member in members if member.seat is None]
    if not seated or not seatless:
        return []
    names = _players_said([shown_player(member.player) for member in seated])
    # Each seat once, in order: 3,000 members in three seats named each seat 1,000 times.
    taken = sorted({member.seat for member in seated if member.seat})
    sits = f"{names} {'sits' if len(seated) == 1 else 'sit'} in {listed(taken, 'and')}"
    left = [seat for seat in SEATS[:seats] if seat not in taken]
    who = _players_said([shown_player(member.player) for member in seatless])
    if len(seatless) == 1 and left:
        where = f" (manifest line {seatless[0].line})" if seatless[0].line is not None else ""
        rest = f"; write {listed(left, 'or')} in the seat cell of {who}'s row{where}"
    else:
        rest = (f"; the seat left is {left[0]}" if len(left) == 1
                else f"; the seats left are {listed(left, 'and')}" if left else "")
    rules = " (Magic Tournament Rules 8.2)" if game == "mtg" else ""
    return [_registration(
        f"{who} {'has' if len(seatless) == 1 else 'have'} no seat, while {sits}: a team registers each "
        f"player's seat{rules}{rest}", player=seatless[0].player if len(seatless) == 1 else None,
    )]


def _players_said(names: list[str]) -> str:
    """`ann`, `ann and bob`, `ann, bob and cy`; past MAX_HOLDERS_LISTED, the first of them
    and how many more."""
    return listed(names, "and") if len(names) <= MAX_HOLDERS_LISTED else named_few(names, "more players")


# The seats of a team event as a message says them: "A, B and C".
_SEATS_SAID = listed(list(SEATS), "and")


def _registration(message: str, *, severity: str = "error", player: str | None = None) -> Problem:
    """A team-registration problem; `player` the member it is about, when it is one
    member's (their deck could not be read), as a member's own errors name them."""
    return Problem(rule=TEAM_REGISTRATION, message=message, severity=severity,
                   details={} if player is None else {"player": player})
