"""A readable description of a merged format, for `deckcheck formats show`.

The lines about the keys every format shares (name, file, zones, team, opening hand) are
written here; each rule adds the lines about its own keys with an optional
`show(fmt, day)` in its module, in registry order. `entry_lines` is how the rules with a
dated list (banned, restricted, card limits) print it.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..report.style import fitted
from .model import Dated, Format, ListEntry
from .schema import MULLIGAN_LABELS


def describe(fmt: Format, day: dt.date) -> str:
    from ..rules import RULES  # deferred: the rule modules import the formats package

    lines = [f"{fmt.name} ({fmt.id}, game {fmt.game})", f"  file: {fmt.path}"]
    if len(fmt.chain) > 1:
        lines.append(f"  extends: {' -> '.join(fmt.chain[1:])}")
    description = fmt.option("description")
    if description:
        lines.append(f"  {description}")
    lines.append("deck:")
    for zone, sizes in fmt.zones.items():
        size = fmt.zone_size(zone, day)
        if size is not None:
            named = zone_words(fmt.game, zone)
            lines.append(f"  {named}: {size.describe()}{_dates(size)}" if len(sizes) > 1 else f"  {named}: {size.describe()}")
    for rule in RULES.values():
        show = getattr(rule, "show", None)
        if show is not None:
            lines.extend(show(fmt, day))
    team = fmt.option("team")
    if team:
        lines.append(f"team: {_team(team)}")
    hand = fmt.opening_hand
    lines.append(
        f"opening hand: {hand.size} cards, {MULLIGAN_LABELS.get(hand.mulligan, hand.mulligan)}"
        + (", free first mulligan" if hand.free_mulligan and hand.has_mulligans else "")
        + (", first player draws" if hand.first_player_draws else ", first player skips the first draw")
    )
    # Each line fits an 80-column terminal, its long ones broken between words; but the
    # first two, which hold a file's path, are kept whole for copying.
    rest = "\n".join(lines[2:]).split("\n")
    return "".join(line + "\n" for line in lines[:2]) + "".join(part + "\n" for line in rest for part in fitted(line))


def zone_words(game: str, zone: str) -> str:
    """A zone as `formats show` names it: the game's own word (Yu-Gi-Oh!'s Side Deck, the WoW
    TCG's side deck), as its messages say; Magic's zones by their ids (main, sideboard)."""
    from ..games import zone_name  # deferred: the games package loads card modules

    return zone_name(game, zone, zone)


def zones_words(game: str, zones: Iterable[str]) -> str:
    """`Main Deck + Extra Deck + Side Deck`: zones counted together, in the game's words."""
    return " + ".join(zone_words(game, zone) for zone in zones)


def entry_lines(title: str, entries: Mapping[str, ListEntry], day: dt.date, *, limits: bool = False,
                since: Callable[[dt.date], str] = dt.date.isoformat) -> list[str]:
    """`banned on DAY (N):` and one line per card in force, with its limit when `limits`
    and the dates of its entry (`since`: first day, written by `since` as the rule's
    messages write it; `until`: the day it ends)."""
    lines = [f"{title} on {day.isoformat()} ({len(entries)}):"]
    for entry in sorted(entries.values(), key=lambda e: e.card.casefold()):
        limit = f" [{entry.limit}]" if limits else ""
        lines.append(f"  {entry.card}{limit}{_dates(entry, '  ', since)}")
    return lines


def ban_list_lines(title: str, fmt: Format, entries: Mapping[str, ListEntry], day: dt.date) -> list[str]:
    """`entry_lines` of a banned or restricted list, or nothing when the list is empty and
    the format's list is its card limits (Yu-Gi-Oh!'s Forbidden & Limited List, whose
    forbidden cards have limit 0): "banned (0)" there read as "nothing is forbidden"; or its
    points (Genesys, which has no Forbidden & Limited List: its points take its place); or
    its game keeps no such lists (the WoW TCG: Game.ban_lists), where an empty heading read
    as a list the format has."""
    if not entries and (fmt.card_limits or fmt.option("points") is not None or not _keeps_ban_lists(fmt.game)):
        return []
    return entry_lines(title, entries, day)


def _keeps_ban_lists(game_id: str) -> bool:
    """Whether `game_id`'s formats keep banned and restricted lists (a game deckcheck does
    not know: assume so, and show them)."""
    from ..games import find  # deferred: the games package loads card modules

    game = find(game_id)
    return game is None or game.ban_lists


def _dates(item: Dated, gap: str = " ", since_text: Callable[[dt.date], str] = dt.date.isoformat) -> str:
    """`  (since D, until E; on mtgo since D2)`: an item's days, and other platforms' where
    they differ; each first day as `since_text` writes it."""
    dates = [f"since {since_text(item.since)}"] if item.since else []
    dates += [f"until {item.until.isoformat()}"] if item.until else []
    for platform in sorted({*item.platform_since, *item.platform_until}):
        since, until = item.window(platform)
        window = ([f"since {since_text(since)}"] if since else []) + ([f"until {until.isoformat()}"] if until else [])
        dates.append(f"on {platform} " + ", ".join(window))
    return f"{gap}({', '.join(dates)})" if dates else ""


def names(items: Iterable[Any]) -> str:
    return ", ".join(str(item) for item in items)


def _team(team: Mapping[str, Any]) -> str:
    sizes = team.get("size")
    shown = " or ".join(map(str, sizes)) if isinstance(sizes, list) else sizes
    parts = [f"{shown} players"] if sizes is not None else []
    if team.get("one_deck_per_card"):  # replaces the copies across the team (batch/teams.py)
        parts.append("a card other than a basic land in one deck of the team only")
    elif team.get("unified"):
        parts.append("Team Unified Construction (copy limits across the team's decks)")
    return ", ".join(parts) or "players"
