"""One deck registered by two players, or one pool by two players who are not teammates:
a `registration` warning on each of their rows.

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

Pools are the same (`warn_shared_pools`), with teams in the place of players: the members
of a team share the team's pool, but two players of a sealed event, or two teams, each
open their own, so one pool file named by both is a row copied by mistake too. A row whose
pool is its own deck file (`refuse_own_deck_as_pool`) is an error instead: a deck checked
against itself holds every card it uses, so it would pass whatever it held.
"""
from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Optional

from ..limits import MAX_DECK_BYTES_READ_AGAIN, MAX_HOLDERS_LISTED, MAX_INPUT_BYTES
from ..problem import WARNING
from ..tree import FileSeen
from .registration import Registration, player_key, player_keys, shown_player
from ..wording import named_few

# A file by (device, inode), a missing one by its normalised path, a `ydke://` deck by its URL.
DeckKey = tuple[int, int] | tuple[str, str] | str


# A row's deck as the checks below compare it: its DeckKey and the bytes reading it again
# costs (0 for a URL, a missing file or one over the input bound, which is refused unread);
# None for a row without a deck.
DeckFile = Optional[tuple[DeckKey, int]]


def check_shared_files(
    rows: Sequence[Registration], seen: dict[str, FileSeen] | None = None,
) -> tuple[list[Registration], dict[str, DeckKey]]:
    """`rows` with the shared-deck and shared-pool warnings and the read-again bound, each
    row's deck and pool file looked at once (one `os.stat` each, none for a file in `seen`:
    what reading the manifest just saw of it, tree.RealFolders.files), and each pool file's
    DeckKey by the path a row names it by (`pool_keys`), for the batch to tell the pools two
    rows play from as the warnings tell them. What the files are looked at for is dropped on
    return, `seen` emptied: a batch must not hold it per row for the whole run (memory stays
    flat with the event, issue 15)."""
    seen = {} if seen is None else seen
    files, pools = deck_files(rows, seen), pool_files(rows, seen)
    seen.clear()
    warned = warn_shared_pools(warn_shared_decks(rows, files), pools)
    return refuse_own_deck_as_pool(bound_files_read_again(warned, files, pools), files, pools), pool_keys(rows, pools)


def deck_files(rows: Sequence[Registration], seen: Mapping[str, FileSeen]) -> list[DeckFile]:
    """Each row's DeckFile, its file looked at once (one `os.stat`, or what `seen` holds
    of it) for both `warn_shared_decks` and `bound_files_read_again`."""
    # A pasted list is no file two rows can name by mistake: two players who paste the same
    # list registered the same 75, as players of an event do.
    return [None if row.path is None or row.pasted else _deck_file(row, seen) for row in rows]


def pool_files(rows: Sequence[Registration], seen: Mapping[str, FileSeen]) -> list[DeckFile]:
    """Each row's pool file as `deck_files` gives its deck, for `warn_shared_pools` and
    `bound_files_read_again`; a pasted pool is no file, as a pasted deck is not."""
    return [None if row.pool_path is None or row.pool_pasted else _file_key_and_size(row.pool_path, seen) for row in rows]


def pool_keys(rows: Sequence[Registration], pools: Sequence[DeckFile]) -> dict[str, DeckKey]:
    """Each pool file's DeckKey by the path a row names it by (`./pool.txt`, a link to it):
    one entry per path, none for a pasted pool. `pools`: `pool_files(rows)`."""
    return {path: pool[0] for row, pool in zip(rows, pools) if pool is not None and (path := row.pool_path) is not None}


def warn_shared_decks(rows: Sequence[Registration], files: Sequence[DeckFile]) -> list[Registration]:
    """`rows`, each row whose deck (file or `ydke://` URL) another player's row names too
    carrying a `registration` warning naming those players (at most MAX_HOLDERS_LISTED).
    `files`: `deck_files(rows)`."""
    players = _PlayerKeys(rows)
    return _warn_shared(
        rows, [None if file is None else file[0] for file in files], players.of,
        lambda row: f"ydke:// deck {row.deck} (the same URL)" if row.inline else f"deck file {row.deck}",
        "each player registers a deck of their own",
    )


def warn_shared_pools(rows: Sequence[Registration], pools: Sequence[DeckFile]) -> list[Registration]:
    """`rows`, each row whose pool file a row of another player, not a teammate, names
    too carrying a `registration` warning naming those players: each player of a sealed
    event, or each team, opens a pool of its own. Teammates share theirs (team sealed,
    Two-Headed Giant). Run on the pools the rows name, before `assign_pools` gives a
    team's pool to the members who name none. `pools`: `pool_files(rows)`."""
    players = _PlayerKeys(rows)
    return _warn_shared(
        rows, [None if file is None else file[0] for file in pools],
        lambda index: ("team", player_key(team)) if (team := rows[index].team) is not None else ("player", players.of(index)),
        lambda row: f"pool file {row.pool}", "each player or team registers a pool of their own",
        shared_by_design=lambda index: _cube_list(rows[index].pool_path),
    )


# The bytes of a pool file read to tell a cube's list: CubeCobra's header row is some 170.
_CUBE_HEAD_BYTES = 4096


def _cube_list(path: str | None) -> bool:
    """Whether the file at `path` is a cube's list (a CSV export of one copy a row, as
    CubeCobra writes it: decklists/csv_export.py), which a cube draft's organiser gives as
    every player's pool (docs/decklists.md): the players drafted from that one cube, so
    the rows naming it were copied by no mistake. Read only for a pool file rows of two or
    more players name; one that cannot be read is no cube's list (the warning stays)."""
    if path is None:
        return False
    from ..decklists.csv_export import find_header
    from ..errors import InputError
    from ..textio import decode_head, read_head

    # read_head refuses a pipe, device or socket without opening it for reading (a FIFO
    # would block the batch forever: docs/security.md); decode_head reads UTF-16 as decks
    # do, and a head the file goes on past without the character it cut.
    try:
        head = read_head(path, _CUBE_HEAD_BYTES)
        header = find_header(decode_head(head, cut=len(head) == _CUBE_HEAD_BYTES, source=path))
    except InputError:  # unreadable or no regular file: no cube's list (the row says why)
        return False
    return header is not None and header.count is None


def refuse_own_deck_as_pool(
    rows: Sequence[Registration], files: Sequence[DeckFile], pools: Sequence[DeckFile],
) -> list[Registration]:
    """`rows`, each row whose pool is its own deck file (however its path is spelled) left
    without that pool, with a `registration` error: checked against itself a deck holds
    every card it uses, so the check would pass whatever the deck held. As for a pool that
    cannot be read, the deck is still checked, without a pool. `files`, `pools`:
    `deck_files(rows)`, `pool_files(rows)`."""
    refused = list(rows)
    for index, (row, file, pool) in enumerate(zip(rows, files, pools)):
        if file is None or pool is None or row.inline or row.pool_path is None or file[0] != pool[0]:
            continue
        refused[index] = row.replace(pool_path=None).with_problem(
            f"pool {row.pool} is this row's deck file; the deck was not checked against a pool "
            "(name the pool the player opened)")
    return refused


def bound_files_read_again(
    rows: Sequence[Registration], files: Sequence[DeckFile], pools: Sequence[DeckFile],
) -> list[Registration]:
    """`rows`, each row that names a deck or pool file an earlier row named, once such
    files add up to more than MAX_DECK_BYTES_READ_AGAIN, left without it (unchecked, or
    not checked against its pool) with an error saying why. Each row reads and checks its
    deck again (20 rows naming one 10,000-line deck took 5.3 s), and a pool again once
    it has left the few a process keeps (170 rows cycling through 17 pools of 840 KB took
    10 s), so a 4 MiB manifest naming one big file stood for hours; keeping each file's
    verdict instead would keep every deck of an event. A real event's rows copied by
    mistake, or teammates sharing a pool, read a few kilobytes again: only the
    pathological manifest meets the bound. `files`, `pools`: `deck_files(rows)`,
    `pool_files(rows)`."""
    seen: set[DeckKey] = set()
    again = 0
    bounded = list(rows)
    for index, (row, file, pool) in enumerate(zip(rows, files, pools)):
        if pool is None and file is not None and not row.inline and file[0] not in seen:
            # Most rows: one deck file no earlier row named, no pool. Told without the pairs
            # below (two tuples a row, for every row of a big event).
            seen.add(file[0])
            continue
        for found, what in ((None if row.inline else file, "deck"), (pool, "pool")):
            if found is None:
                continue
            key, size = found
            if key not in seen:
                seen.add(key)
                continue
            again += size
            if again > MAX_DECK_BYTES_READ_AGAIN:
                row = bounded[index]
                name = row.deck if what == "deck" else row.pool
                message = (f"{what} file {name} not {'checked' if what == 'deck' else 'read'}: a batch reads at most "
                           f"{MAX_DECK_BYTES_READ_AGAIN:,} bytes of deck and pool files again for rows that name one "
                           "an earlier row named (docs/security.md, limits)")
                changed = {"path": None} if what == "deck" else {"pool_path": None}
                bounded[index] = row.with_problem(message).replace(**changed)
    return bounded


def _warn_shared(
    rows: Sequence[Registration], items: Sequence[Hashable | None],
    owner_of: Callable[[int], Hashable], what: Callable[[Registration], str], rule: str,
    shared_by_design: Callable[[int], bool] | None = None,
) -> list[Registration]:
    """Each row whose item (`items`, one per row: a deck, a pool; None: none) rows of other
    owners (`owner_of` the row's index: a player, a team) name too, warned that they do, naming those rows'
    players (`what` says what the item is, `rule` why one owner has it), unless
    `shared_by_design` says of the item's first row that its item is shared on purpose (a
    cube's list as every player's pool)."""
    first: dict[Hashable, int] = {}  # the row that names each item first
    # The rows of each item more than one row names: a group is built only then, not one
    # list per row (most rows name a file of their own). Groups are disjoint, so their
    # order changes nothing.
    by_item: dict[Hashable, list[int]] = {}
    for index, (row, item) in enumerate(zip(rows, items)):
        if item is None or not row.player:
            continue
        earlier = first.setdefault(item, index)
        if earlier != index:
            group = by_item.get(item)
            if group is None:
                by_item[item] = [earlier, index]
            else:
                group.append(index)
    warned = list(rows)
    for group in by_item.values():
        keys = [owner_of(index) for index in group]
        rows_of = Counter(keys)
        if len(rows_of) < 2 or (shared_by_design is not None and shared_by_design(group[0])):
            continue
        # The players each row names, worked out once per owner: a group of thousands
        # of rows costs a pass over it, not one per row. Each row of the group is named
        # once (`shown`), and owners whose rows name the same players at the same count
        # share one text: a list of fresh names per owner made 40,000 rows naming one
        # deck file peak at 142 MB here (now 77 MB).
        shown: dict[int, str] = {}
        texts: dict[tuple[tuple[int, ...], int], str] = {}
        named: dict[Hashable, str] = {}
        for index, mine in zip(group, keys):
            others = named.get(mine)
            if others is None:
                picked = _first_others(rows, group, keys, mine, shown)
                total = len(group) - rows_of[mine]
                key = (tuple(map(id, picked)), total)
                others = texts.get(key)
                if others is None:
                    others = texts[key] = named_few(picked, "more players", total=total)
                named[mine] = others
            row = rows[index]
            warned[index] = row.with_problem(
                f"{what(row)} is also registered by {others}; {rule} (a row copied by mistake?)", severity=WARNING,
            )
    return warned


class _PlayerKeys:
    """Each row's player as one person (registration.player_keys), worked out for the
    whole event only when a row is asked about: most events have no deck or pool file two
    rows name, and so never ask."""

    def __init__(self, rows: Sequence[Registration]) -> None:
        self._rows = rows
        self._keys: list[str] | None = None

    def of(self, index: int) -> str:
        if self._keys is None:
            self._keys = player_keys(self._rows)
        return self._keys[index]


def _first_others(rows: Sequence[Registration], group: list[int], keys: list[Hashable], mine: Hashable,
                  shown: dict[int, str]) -> list[str]:
    """The first MAX_HOLDERS_LISTED rows of `group` of players other than `mine`, named
    (each row's name kept in `shown` and taken from it again)."""
    found: list[str] = []
    for index, key in zip(group, keys):
        if key != mine:
            name = shown.get(index)
            if name is None:
                name = shown[index] = _named(rows[index])
            found.append(name)
            if len(found) == MAX_HOLDERS_LISTED:
                break
    return found


def _deck_file(row: Registration, seen: Mapping[str, FileSeen]) -> tuple[DeckKey, int]:
    """What two rows share when they name one deck, and the bytes a second reading costs:
    the URL itself for a `ydke://` deck (as a path, `//` in its base64 would be folded to
    `/` and another URL taken for it)."""
    path = str(row.path)
    if row.inline:
        return ("url", path), 0
    return _file_key_and_size(path, seen)


def _file_key_and_size(path: str, seen: Mapping[str, FileSeen]) -> tuple[DeckKey, int]:
    """A file by (device, inode), whatever path reaches it, and its size; one that cannot be
    looked at by its normalised path and 0 (its deck's parse-error costs nothing to repeat),
    as one over the input bound, refused unread. A file in `seen` is not looked at again:
    a file that is no link is to `os.stat` what it was to the manifest's `lstat`."""
    found = seen.get(path)
    if found is None:
        try:
            info = os.stat(path)
        except (OSError, ValueError):  # missing (its deck's parse-error says so), or a name no file can have
            return os.path.normpath(os.path.abspath(path)), 0
        found = (info.st_dev, info.st_ino, info.st_size)
    device, inode, size = found
    return (device, inode), (size if size <= MAX_INPUT_BYTES else 0)


def _named(row: Registration) -> str:
    """The player as the warning names them, cut to MAX_TABLE_CELL_CHARS: each of a
    group's rows names up to MAX_HOLDERS_LISTED others, so one 20,000-character name
    would otherwise be repeated on every row that shares its deck."""
    player = shown_player(str(row.player))
    return f"{player} (manifest line {row.line})" if row.line is not None else player
