"""One registration: a player's deck as a source (folder, manifest, zip) lists it.

Sources only describe what they found; the checks that need every row at once
(duplicate players, a player on two teams, unknown formats) live in `check_rows`, so each
row's problems are known before any deck is read.
"""
from __future__ import annotations

import heapq
import os
import re
from collections.abc import Callable, Container, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..names import fold_once, nfkc
from ..problem import Problem
from ..record import Record

if TYPE_CHECKING:
    from ..formats import FormatRef
    from ..tree import FileSeen

# Rule id of a row the organiser must fix (no player, unknown format, duplicate player, ...).
REGISTRATION = "registration"
SEATS = ("A", "B", "C")
# What a registration form's optional answer holds when a player has none, as an empty
# cell is (folded as `casefold`): no team, no pool (manifest.py), no player ID.
NO_ANSWER = frozenset({"-", "\u2013", "\u2014", "n/a", "na", "none", "(none)", "no", "null"})
# A row's error when it names no deck file (manifest.py), which is why a team member's deck
# could not be read whatever else the row lacks (check.py).
NO_DECK_NAMED = "no deck file named"


class Registration(Record):
    """A deck to check, and who registered it.

    `deck` is the name the report shows (relative to the source, `/`-separated); `path` is
    the file to read, None when the row names no deck, or the deck itself when `inline`
    (a manifest row's `ydke://` URL, or the list's text a form's paragraph answer holds:
    manifest.py decides it once, and every later step reads this flag). `line` is the
    manifest line.
    A batch holds every row until its end (teams, deck checks), so rows are slotted and
    keep their files as strings: a `Path` given for `path` or `pool_path` is kept as
    its text (a pathlib object costs about 500 bytes, its text a fifth of that).
    A Record (deckcheck/record.py), treated as immutable (change one with `replace`), not a
    frozen dataclass: one is built per manifest row, and a frozen dataclass set each of its
    17 fields through `object.__setattr__`, about a ninth of a row's whole cost in a batch
    whose rows reuse one verdict.
    """

    __slots__ = (
        "deck", "path", "player", "team", "seat", "format_id", "format_refused", "format_written", "line", "problems",
        "pool", "pool_path", "platform", "duplicate", "team_states", "inline", "player_id", "not_read",
    )

    def __init__(
        self,
        deck: str,
        path: str | os.PathLike[str] | None,
        player: str | None = None,
        team: str | None = None,
        seat: str | None = None,
        format_id: FormatRef | None = None,  # this row's own format (an id or a file), else the batch's `-f`
        format_refused: bool = False,  # the row named a format file that may not be read (its problem says why)
        format_written: str | None = None,  # that refused format as the row wrote it, for the report
        line: int | None = None,
        problems: tuple[Problem, ...] = (),
        # Limited events: the registered pool as the manifest names it, and the file to read.
        pool: str | None = None,
        pool_path: str | os.PathLike[str] | None = None,
        platform: str | None = None,  # this row's own platform, else the batch's `--platform`
        # The same player registered again for the same team: reported once, on this row, and
        # never counted in the team's totals a second time.
        duplicate: bool = False,
        # Problems of this row its team's check states in its own words (a player also on
        # another team is the team's `team-registration`): not repeated as the member's.
        team_states: tuple[Problem, ...] = (),
        inline: bool = False,
        player_id: str | None = None,  # the `id` column (Wizards account, CARD GAME ID): printed on the sheets
        # A deck file the source holds that was never read (a named pipe, a link out of the
        # folder, an archive entry not extracted): its result is NOT CHECKED, as a manifest
        # row's deck that cannot be read is, not ILLEGAL; its problems say why.
        not_read: bool = False,
    ) -> None:
        self.deck = deck
        self.path: str | None = path if path is None or path.__class__ is str else os.fspath(path)
        self.player = player
        self.team = team
        self.seat = seat
        self.format_id = format_id
        self.format_refused = format_refused
        self.format_written = format_written
        self.line = line
        self.problems = problems
        self.pool = pool
        self.pool_path: str | None = pool_path if pool_path is None or pool_path.__class__ is str else os.fspath(pool_path)
        self.platform = platform
        self.duplicate = duplicate
        self.team_states = team_states
        self.inline = inline
        self.player_id = player_id
        self.not_read = not_read

    @property
    def pasted(self) -> bool:
        """Whether the row's deck is the list's text itself, pasted into the deck cell (a
        registration form's paragraph answer), not a file or a `ydke://` URL."""
        return self.inline and self.path is not None and is_pasted(self.path)

    @property
    def pool_pasted(self) -> bool:
        """Whether the row's pool is the list's text itself, pasted into the pool cell, not a
        file (`is_pasted`)."""
        return self.pool_path is not None and is_pasted(self.pool_path)

    def format_of(self, default: FormatRef | None) -> FormatRef | None:
        """The format this row is checked against: its own, else the batch's `-f`; None
        when its own was refused (its problem says why): never another in its place."""
        if self.format_refused:
            return None
        return self.format_id or default

    def format_shown(self, default: FormatRef | None) -> str:
        """The row's format as its result names it: the one it is checked against, else
        the refused one as written."""
        return str(self.format_of(default) or self.format_written or '')

    def with_problem(self, message: str, *, severity: str = "error") -> Registration:
        return self.replace(problems=(*self.problems, registration_problem(message, self.line, severity=severity)))


def is_pasted(cell: str) -> bool:
    """Whether a row's deck or pool (`path`, `pool_path`) is a list's text pasted into its
    cell: manifest.py keeps a cell of several lines as the text (no file's name holds a
    line break)."""
    return "\n" in cell


def pool_source(pool_path: str) -> str | Path:
    """A row's `pool_path` as `read_pool` takes it: a pasted pool's text itself
    (Registration.pool_pasted), else the file it names."""
    return pool_path if is_pasted(pool_path) else Path(pool_path)


class Skipped(Record):
    """A file of the source that is not checked, and why (listed in every report).

    `unchecked`: it may be a registration, but could not be read safely (an archive entry
    not extracted, a folder that cannot be read): the batch reports it as a registration
    that could not be checked, which is never a pass. Otherwise it is no decklist (another
    extension, a hidden file) and only listed."""


    # Records, not dataclasses: a batch imports no `dataclasses` (deckcheck/record.py).
    __slots__ = ("file", "reason", "unchecked")

    def __init__(self, file: str, reason: str, unchecked: bool = False) -> None:
        self.file = file
        self.reason = reason
        self.unchecked = unchecked


class RegistrationSet(Record):
    """What a source holds: the registrations in report order and the files skipped.
    `format_root`: the folder a row's format file, with its whole `extends:` chain, stays
    in (a zip's extracted archive: manifest.py loads each such file so); None: where
    `formats.load` keeps a format file by default."""


    __slots__ = ("source", "kind", "registrations", "skipped", "manifest", "format_root", "notes", "unread", "files")
    __hash__ = None  # type: ignore[assignment]  # mutable

    def __init__(
        self, source: str, kind: str, registrations: list[Registration] | None = None,
        skipped: list[Skipped] | None = None, manifest: str | None = None, format_root: Path | None = None,
        notes: list[str] | None = None, unread: dict[str, tuple[str, int | None]] | None = None,
        files: dict[str, FileSeen] | None = None,
    ) -> None:
        self.source = source
        self.kind = kind  # "directory", "manifest" (with `manifest` set) or "zip" of either
        self.registrations: list[Registration] = [] if registrations is None else registrations
        self.skipped: list[Skipped] = [] if skipped is None else skipped
        self.manifest = manifest
        self.format_root = format_root
        # What reading the source passed over that the organiser may have meant to take
        # effect (a manifest's `date` column): warnings for stderr.
        self.notes: list[str] = [] if notes is None else notes
        # A YAML manifest's row settings written above its rows, not read (manifest.py
        # ROW_SETTINGS_AT_TOP): key -> (value as written, its line), for the error that needs one.
        self.unread: dict[str, tuple[str, int | None]] = {} if unread is None else unread
        # What reading a manifest saw of the files its rows name (tree.RealFolders.files, one
        # `lstat` each), for the batch's next look at them (shared_decks.py), which empties it:
        # a batch does not hold it for the whole run.
        self.files: dict[str, FileSeen] = {} if files is None else files


def unchecked_registration(item: Skipped) -> Registration:
    """The row of a file that may be a registration but could not be checked."""
    return Registration(deck=item.file, path=None, problems=(
        registration_problem(f"{item.file} could not be checked: {item.reason}", None),
    ), not_read=True)


def with_unchecked(found: RegistrationSet, rows: list[Registration]) -> list[Registration]:
    """`rows` (the source's registrations) and a row for each file that may be one but
    could not be checked, in the order of the source: a folder's (or a zip walked as one)
    sorted by path, like its registrations; after a manifest's rows, which are no part
    of its order."""
    items = [item for item in found.skipped if item.unchecked]
    if found.manifest is not None:
        rows, items = _rows_naming_unextracted(found, rows, items)
        return [*rows, *map(unchecked_registration, items)]
    unchecked = [unchecked_registration(item) for item in items]
    return list(heapq.merge(rows, sorted(unchecked, key=_by_deck), key=_by_deck))


def _rows_naming_unextracted(
    found: RegistrationSet, rows: list[Registration], items: list[Skipped],
) -> tuple[list[Registration], list[Skipped]]:
    """A zip's manifest rows whose deck or pool is an entry that was not extracted (a link,
    a name the file system refused) say why on the row itself, rather than `no such file`
    beside a row of no player that says why; the entries no row names, to be rows of their
    own. Only where no file of that name was written (a second entry of one name leaves the
    first). A row whose pool was not extracted keeps its deck, checked without a pool, as
    for a pool missing from the archive."""
    if found.kind != "zip" or found.format_root is None or not items:
        return rows, items
    by_path = {os.path.normpath(os.path.join(found.format_root, item.file)): item for item in items}
    named: set[str] = set()
    mended = []
    for row in rows:
        item = _unextracted(by_path, row.path if not row.inline else None)
        if item is not None:
            row = row.replace(path=None, not_read=True).with_problem(f"deck {row.deck}: {item.reason}")
            named.add(item.file)
        item = _unextracted(by_path, row.pool_path)
        if item is not None:
            row = row.replace(pool_path=None).with_problem(
                f"pool {row.pool}: {item.reason}; the deck was not checked against a pool")
            named.add(item.file)
        mended.append(row)
    return mended, [item for item in items if item.file not in named]


def _unextracted(by_path: dict[str, Skipped], path: str | None) -> Skipped | None:
    """The archive entry not extracted that `path` names, when no file of its name was written."""
    if path is None:
        return None
    item = by_path.get(os.path.normpath(path))
    return item if item is not None and not os.path.lexists(path) else None


def _by_deck(row: Registration) -> str:
    return row.deck


def registration_problem(message: str, line: int | None, *, severity: str = "error") -> Problem:
    where = f"manifest line {line}: " if line is not None else ""
    details = {"manifest_line": line} if line is not None else {}
    return Problem(rule=REGISTRATION, message=f"{where}{message}", severity=severity, details=details)


def no_player(row: Registration) -> str:
    """The name of a row without a player where a player's name goes (a team's players and
    problems, a deck check's pick): its manifest line, else its deck, in parentheses so no
    one takes it for a player's name."""
    return f"(no player: {f'manifest line {row.line}' if row.line is not None else row.deck})"


def player_key(name: str) -> str:
    """Players are the same person whatever the case, accents or spaces the rows use (and
    teams the same team, `fold_teams`). Folded without `fold`'s cache of card names: every
    player's name is new, and keeping each one there grew a batch by ~150 bytes a
    registration."""
    return fold_once(name)


def drafter_problem(row: Registration, drafter: str, players: Container[str]) -> Problem | None:
    """The warning of a row whose pool is a Magic Online draft log naming `drafter` when
    that is another of the event's `players` (their player_key), not the row's own
    (registered_pools.other_drafter); None otherwise."""
    from ..registered_pools import other_drafter

    told = other_drafter(row.pool or "", drafter, row.player, players, how="registered on this row")
    return registration_problem(told, row.line, severity="warning") if told is not None else None


def player_keys(rows: Sequence[Registration]) -> list[str]:
    """Each row's player as one person (`player_key` of the name, `""` without one), in
    row order. Namesakes are told apart by their `id` cells: where the rows of one name
    give two or more different player IDs (two John Smiths of a 600-player event, each with
    their Wizards account), a row with an ID is the person of that ID. A row without one
    stays the name's, as do all rows of a name given one ID or none, so a row copied by
    mistake is still its player registered twice."""
    names = [player_key(row.player) if row.player else "" for row in rows]
    if not any(row.player_id for row in rows):
        return names  # most events: no `id` column, nothing more to look up
    given = [_player_id(row.player_id) for row in rows]
    ids: dict[str, set[str]] = {}
    for name, player_id in zip(names, given):
        if name and player_id:
            ids.setdefault(name, set()).add(player_id)
    namesakes = {name for name, found in ids.items() if len(found) > 1}
    return [f"{name}{_BY_ID}{player_id}" if player_id and name in namesakes else name for name, player_id in zip(names, given)]


# Between a namesake's name and ID in their player_keys key: no name or ID holds it.
_BY_ID = "\x00"


def namesakes_named(rows: Sequence[Registration]) -> dict[int, str]:
    """The rows of namesakes `player_keys` tells apart by their IDs, by index: the player as
    a team names its members, with their ID (`John Smith (ID 1111)`), since a team counts
    copies and seats by member name and two John Smiths on one team were one holder."""
    return {index: f"{row.player} (ID {shown_player(row.player_id or '')})" for index, (row, key) in enumerate(zip(rows, player_keys(rows)))
            if _BY_ID in key}


def shown_player(player: str) -> str:
    """A player (or a player ID) as a team problem's message or a registration warning
    names them, cut to MAX_TABLE_CELL_CHARS: a team's problems name its players again and again (up to MAX_HOLDERS_LISTED a message,
    MAX_PROBLEMS_PER_DECK messages), so one 20,000-character name would be copied into
    every one of them. The `holders` and `player` details keep the whole name."""
    from ..limits import MAX_TABLE_CELL_CHARS
    from ..report.style import cut

    return cut(player, MAX_TABLE_CELL_CHARS)


def _player_id(cell: str | None) -> str | None:
    """A row's player ID as rows are compared by it: folded as names are, None for a
    form's answer for none (`N/A`, NO_ANSWER), which tells no two players apart."""
    if cell is None:
        return None
    folded = player_key(cell)
    return None if not folded or folded in NO_ANSWER else folded


def fold_teams(rows: Sequence[Registration]) -> list[Registration]:
    """Rows whose teams are one team as players are one player (`player_key`: case,
    accents, spaces) name it as its first row spells it: `Blue Sky`, `blue sky` and
    `Blue  Sky` are team `Blue Sky`."""
    spelled: dict[str, str] = {}
    folded: list[Registration] = []
    for row in rows:
        if row.team is not None:
            team = spelled.setdefault(player_key(row.team), row.team)
            if team != row.team:
                row = row.replace(team=team)
        folded.append(row)
    return folded


def check_rows(
    rows: Sequence[Registration], *, format_error: Callable[[str], str | None],
    seats: Callable[[Registration], int],
) -> list[Registration]:
    """Add the problems only the whole set reveals: duplicate players (also across teams),
    bad seats, and formats that cannot be loaded (`format_error(id)` says why, or None).
    `seats(row)`: the seats a team of the row's format has (0: any), so a seat cell is not
    told to write one its teams lack (C in Two-Headed Giant)."""
    first_seen: dict[str, Registration] = {}
    # Each player's first row for each team (or without one): a later row of the same
    # player and team is that row's duplicate, even when the player's first row of all
    # named another team, so it is counted in its team once.
    first_in_team: dict[tuple[str, str | None], Registration] = {}
    keys = player_keys(rows)
    # The first row with an ID of each name told apart by IDs (player_keys), which the
    # name's other rows name: a mistyped or missing ID makes two players of one, so they say so.
    first_namesake: dict[str, Registration] = {}
    for row, key in zip(rows, keys):
        if _BY_ID in key:
            first_namesake.setdefault(key.partition(_BY_ID)[0], row)
    # Seats A, B and C are a team's (Magic Tournament Rules 8.2): on a row that names no
    # team, a seat cell is another seat (a booster draft's seat at its pod's table, 1 to
    # 8), which checks nothing and is no row's problem, whatever the other rows' teams.
    checked: list[Registration] = []
    for row, key in zip(rows, keys):
        if row.player:
            earlier = first_seen.get(key)
            same_team = first_in_team.setdefault((key, row.team), row)
            if earlier is None:
                first_seen[key] = row
                namesake = first_namesake.get(key.partition(_BY_ID)[0]) if first_namesake else None
                if namesake is not None and namesake is not row:
                    row = row.with_problem(_namesake(row, namesake, with_id=_BY_ID in key), severity="warning")
            elif same_team is not row:
                where = f"; this row is not counted in team {row.team}" if row.team is not None else ""
                # What to do, not only what is wrong: a form answered again (a corrected
                # list) is the common cause, and only the organiser knows which deck is played.
                row = row.with_problem(f"player {row.player!r} is already registered on {_where(same_team)}{where}"
                                       "; keep the row of the deck they play and delete the other (a form answered twice?)"
                                       ).replace(duplicate=True)
            else:
                row = row.with_problem(_other_team(row, earlier))
                row = row.replace(team_states=(row.problems[-1],))
        # The row's own format loaded first (its seats), its problem still after the seat's.
        why = format_error(row.format_id) if row.format_id is not None else None
        if row.seat is not None and row.team is not None and row.seat not in SEATS:
            meant = seat_meant(row.seat)
            room = seats(row) if meant is not None else 0
            if room and meant not in SEATS[:room]:
                meant = None
            row = row.with_problem(f"seat {row.seat!r} is not one of {', '.join(SEATS)}" + (f"; write {meant}" if meant else ""))
        if why:
            row = row.with_problem(f"format {str(row.format_id)!r}: {why}")
        checked.append(row)
    return checked


def seat_meant(written: str) -> str | None:
    """The one seat letter a form's answer names among other words (`Seat A`, `Player b`),
    or by its number (`1`, `Seat 2`: A, B and C are the first, second and third), for the
    problem of a seat cell that is not a letter alone: the column wants the letter. None
    when the answer names no seat or several (`A or B`, `1 or 2`, a formula `=1+1`), or a
    number past C (`4`)."""
    upper = nfkc(written).upper()
    letters = {word for word in re.split(r"[^A-Z]+", upper) if word in SEATS}
    if not letters:  # the seat by its number, the one number the answer holds (not `=1+1`)
        numbers = [word.lstrip("0") for word in re.split(r"[^0-9]+", upper) if word]
        letters = {_SEAT_NUMBERS[numbers[0]]} if len(numbers) == 1 and numbers[0] in _SEAT_NUMBERS else set()
    return letters.pop() if len(letters) == 1 else None


# A seat by its number, as an organiser who numbers them writes it: 1 is A, 2 B, 3 C.
_SEAT_NUMBERS = {str(number): seat for number, seat in enumerate(SEATS, start=1)}


def _namesake(row: Registration, namesake: Registration, *, with_id: bool) -> str:
    """Why a row of a name that player IDs tell apart (player_keys) may be a player registered
    twice: its ID is another than that of the name's first row with one (`namesake`), or it
    gives none."""
    first = f"the player on {_where(namesake)} (ID {shown_player(namesake.player_id or '')})"
    if with_id:
        return (f"player {shown_player(row.player or '')!r} has the name of {first} but another player ID ({shown_player(row.player_id or '')}), "
                "so the two are checked as two players; if one player is registered twice, keep one row")
    return (f"player {shown_player(row.player or '')!r} gives no player ID, and players of that name are told apart by theirs, as "
            f"{first}; checked as a player of their own: give this row's ID, or keep one row if it is that player's")


def _other_team(row: Registration, earlier: Registration) -> str:
    """Why a player's row names another team than their first row. A row without a team is
    said to be one ("registered without a team"), not "team (none)", which read as a team
    of that name: such a player is registered twice rather than on two teams."""
    if earlier.team is None:
        return (f"player {row.player!r} is on team {row.team} here but registered without a team on "
                f"{_where(earlier)}; a player registers once")
    if row.team is None:
        return f"player {row.player!r} has no team here but is on team {earlier.team} on {_where(earlier)}; a player registers once"
    return (f"player {row.player!r} is on team {row.team} here and on team {earlier.team} on {_where(earlier)}; "
            "a player plays for one team")


def _where(row: Registration) -> str:
    return f"manifest line {row.line}" if row.line is not None else row.deck
