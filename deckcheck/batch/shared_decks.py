"""One deck registered by two players: a `registration` warning on each of their rows.

Each player registers a deck of their own (teams too: a Two-Headed Giant team or a Team
Sealed team shares its *pool*, the `pool` column, never a deck), so two players naming one
deck file is almost always a row copied by mistake. It stays a warning: both decks are
still checked, and the organiser decides. A file is the same whatever path reaches it
(`./decks/a.txt`, `decks/a.txt`, `decks/sub/../a.txt`, a link to it, another case of its
name on a file system that ignores case): files are told apart by device and inode, and a
file that cannot be looked at (missing) by its normalised path. A deck given as a `ydke://`
URL (Registration.inline) is no file: two rows share it when they give the same URL, and
the warning says so. Rows of one player (a
player registered twice, already an error of its own) do not warn each other. A row's
warning names at most MAX_HOLDERS_LISTED players, each cut to MAX_TABLE_CELL_CHARS, so the
warnings of a big group grow with its rows, not with its longest name.
"""
from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence

from ..limits import MAX_HOLDERS_LISTED
from ..problem import WARNING
from .registration import Registration, player_key
from .team_pools import named_few, shown_player

# A file by (device, inode), a missing one by its normalised path, a `ydke://` deck by its URL.
DeckKey = tuple[int, int] | tuple[str, str] | str


def warn_shared_decks(rows: Sequence[Registration]) -> list[Registration]:
    """`rows`, each row whose deck (file or `ydke://` URL) another player's row names too
    carrying a `registration` warning naming those players (at most MAX_HOLDERS_LISTED)."""
    by_deck: dict[DeckKey, list[int]] = {}
    for index, row in enumerate(rows):
        if row.path is not None and row.player:
            by_deck.setdefault(_deck_key(row), []).append(index)
    warned = list(rows)
    for group in by_deck.values():
        if len(group) < 2:
            continue
        keys = [player_key(rows[index].player or "") for index in group]
        rows_of = Counter(keys)
        if len(rows_of) < 2:
            continue
        # The players each row names, worked out once per player: a group of thousands
        # of rows costs a pass over it, not one per row.
        named: dict[str, list[str]] = {}
        for index, mine in zip(group, keys):
            if mine not in named:
                named[mine] = _first_others(rows, group, keys, mine)
            row = rows[index]
            others = named_few(named[mine], "more players", total=len(group) - rows_of[mine])
            what = f"ydke:// deck {row.deck} (the same URL)" if row.inline else f"deck file {row.deck}"
            warned[index] = row.with_problem(
                f"{what} is also registered by {others}; "
                "each player registers a deck of their own (a row copied by mistake?)",
                severity=WARNING,
            )
    return warned


def _first_others(rows: Sequence[Registration], group: list[int], keys: list[str], mine: str) -> list[str]:
    """The first MAX_HOLDERS_LISTED rows of `group` of players other than `mine`, named."""
    found: list[str] = []
    for index, key in zip(group, keys):
        if key != mine:
            found.append(_named(rows[index]))
            if len(found) == MAX_HOLDERS_LISTED:
                break
    return found


def _deck_key(row: Registration) -> DeckKey:
    """What two rows share when they name one deck: the URL itself for a `ydke://` deck
    (as a path, `//` in its base64 would be folded to `/` and another URL taken for it)."""
    path = str(row.path)
    if row.inline:
        return ("url", path)
    try:
        found = os.stat(path)
    except (OSError, ValueError):  # missing (its deck's parse-error says so), or a name no file can have
        return os.path.normpath(os.path.abspath(path))
    return (found.st_dev, found.st_ino)


def _named(row: Registration) -> str:
    """The player as the warning names them, cut to MAX_TABLE_CELL_CHARS: each of a
    group's rows names up to MAX_HOLDERS_LISTED others, so one 20,000-character name
    would otherwise be repeated on every row that shares its deck."""
    player = shown_player(str(row.player))
    return f"{player} (manifest line {row.line})" if row.line is not None else player
