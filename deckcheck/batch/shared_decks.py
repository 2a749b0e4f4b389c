"""One deck file registered by two players: a `registration` warning on each of their rows.

Each player registers a deck of their own (teams too: a Two-Headed Giant team or a Team
Sealed team shares its *pool*, the `pool` column, never a deck), so two players naming one
deck file is almost always a row copied by mistake. It stays a warning: both decks are
still checked, and the organiser decides. A file is the same whatever path reaches it
(`./decks/a.txt`, `decks/a.txt`, `decks/sub/../a.txt`, a link to it, another case of its
name on a file system that ignores case): files are told apart by device and inode, and a
file that cannot be looked at (missing) by its normalised path. Rows of one player (a
player registered twice, already an error of its own) do not warn each other.
"""
from __future__ import annotations

import os
from collections.abc import Sequence

from ..problem import WARNING
from .registration import Registration, player_key
from .team_pools import named_few

FileKey = tuple[int, int] | str


def warn_shared_decks(rows: Sequence[Registration]) -> list[Registration]:
    """`rows`, each row whose deck file another player's row names too carrying a
    `registration` warning naming those players (at most MAX_HOLDERS_LISTED of them)."""
    by_file: dict[FileKey, list[int]] = {}
    for index, row in enumerate(rows):
        if row.path is not None and row.player:
            by_file.setdefault(_file_key(row.path), []).append(index)
    warned = list(rows)
    for indexes in by_file.values():
        if len(indexes) < 2 or len({player_key(rows[index].player or "") for index in indexes}) < 2:
            continue
        for index in indexes:
            row = rows[index]
            mine = player_key(row.player or "")
            others = [_named(rows[other]) for other in indexes if player_key(rows[other].player or "") != mine]
            warned[index] = row.with_problem(
                f"deck file {row.deck} is also registered by {named_few(others, 'more players')}; "
                "each player registers a deck of their own (a row copied by mistake?)",
                severity=WARNING,
            )
    return warned


def _file_key(path: str) -> FileKey:
    try:
        found = os.stat(path)
    except (OSError, ValueError):  # missing (its deck's parse-error says so), or a name no file can have
        return os.path.normpath(os.path.abspath(path))
    return (found.st_dev, found.st_ino)


def _named(row: Registration) -> str:
    return f"{row.player} (manifest line {row.line})" if row.line is not None else str(row.player)
