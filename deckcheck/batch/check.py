"""A whole registration set checked: every deck against its format, then every team.

The order of the report is the order of the source (manifest rows, or folder paths
sorted), whatever the number of worker processes. Each row appears exactly once, broken
ones too: a row whose deck is missing or whose format is unknown is still a result, with
the problem that says so.
"""
from __future__ import annotations

import datetime as dt
import os
import shlex
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from ..errors import FormatError
from ..formats import Format, load
from ..formats.run_names import FormatNames
from ..model import CardEntry
from ..registered_pools import Pool
from ..problem import PARSE_ERROR, WARNING, Problem, ProblemBudget
from ..record import Record
from ..report.stream import Totals
from ..result import DeckResult, Report, TeamResult
from ..wording import counted, named_few
from ..workdir import from_directory
from .registration import (
    NO_DECK_NAMED, Registration, RegistrationSet, Skipped, check_rows, drafter_problem, fold_teams, namesakes_named, no_player, player_key, player_keys,
    registration_problem, with_unchecked,
)
from .runner import Outcome, Task, card_data, pool_as_named, run, team_cards
from .shared_decks import DeckKey, check_shared_files
from .sources import manifest_saved_as_text
from .team_pools import assign_pools
from .teams import (
    TEAM_REGISTRATION, Member, check_team, has_team_rules, is_team_format, largest_team, no_team_rules, short_of_the_rest,
    spelt_apart, spoken_sizes, team_settings,
)

if TYPE_CHECKING:
    from ..formats import FormatRef
    from ..result import Place
    from .deck_checks import DeckCheckRequest, DeckCheckSample


class BatchReport(Record):
    """The report of one batch: per-deck results (in registration order; none kept when
    they were streamed to a report), teams, skips, and `totals` over the results."""

    # A Record, not a dataclass: a batch imports no `dataclasses` (deckcheck/record.py).
    __slots__ = ("source", "kind", "report", "registrations", "skipped", "manifest", "deck_checks", "totals", "unread",
                 "formats", "formats_in_archive", "notes", "hints")
    __hash__ = None  # type: ignore[assignment]  # mutable

    def __init__(
        self, source: str, kind: str, report: Report, registrations: list[Registration],
        skipped: list[Skipped] | None = None, manifest: str | None = None, deck_checks: DeckCheckSample | None = None,
        totals: Totals | None = None, unread: set[int] | None = None, formats: dict[FormatRef, Format] | None = None,
        formats_in_archive: dict[FormatRef, str] | None = None, notes: list[str] | None = None,
        hints: list[str] | None = None,
    ) -> None:
        self.source = source
        self.kind = kind
        self.report = report
        self.registrations = registrations
        self.skipped: list[Skipped] = [] if skipped is None else skipped
        self.manifest = manifest
        self.deck_checks = deck_checks  # --deck-check: players to check at the table
        self.totals = Totals() if totals is None else totals
        # The registrations (by their place in `registrations`) whose deck could not be read:
        # never checked (NOT CHECKED), so not among the decks a note says were checked.
        self.unread: set[int] = set() if unread is None else unread
        # The formats that loaded (-f, then each row's, in the order rows first name them):
        # read from here, a zip's format files are not loaded again once the archive is gone.
        self.formats: dict[FormatRef, Format] = {} if formats is None else formats
        # A zip's format files as the report shows them: their paths inside the archive.
        self.formats_in_archive: dict[FormatRef, str] = {} if formats_in_archive is None else formats_in_archive
        # Warnings for stderr: the source's (RegistrationSet.notes), then a team column no rule
        # of its format reads (_teams_without_rules).
        self.notes: list[str] = [] if notes is None else notes
        # Notes for stderr after the report: decks whose cards are another game's (other_games.py),
        # deck files a manifest names from the current folder or another of its own (misplaced.py).
        self.hints: list[str] = [] if hints is None else hints

    def to_dict(self) -> dict[str, Any]:
        """The batch as `deckcheck batch -o json` writes it (docs/contracts.md), by the same
        writer (report.deliver_batch): `report.to_dict()` is validate's document, without
        the source, the skipped files, the deck checks or the players of the results.
        Results streamed to a `sink` are not held, and not in it."""
        import json

        from ..report import deliver_batch, load

        return json.loads(deliver_batch(load("json"), self))  # type: ignore[no-any-return]

    @property
    def nothing_to_check(self) -> bool:
        """No registration at all (an empty folder, a header-only manifest): not a pass."""
        return not self.registrations

    @property
    def exit_code(self) -> int:
        # Broken rows and files that could not be checked are problems of their own rows
        # (exit 1); nothing at all to check is an input that cannot be used (exit 2).
        if self.nothing_to_check:
            return 2
        legal = self.totals.all_legal and all(team.legal for team in self.report.teams or [])
        return 0 if legal else 1


# The fields `tasks` gives a Task by position (tests/test_batch_planning.py holds them to Task's).
TASK_FIELDS = ("path", "shown", "format_id", "keep_entries", "pool_path", "pool_shown", "line", "cards_db", "cards",
               "platform", "inline", "format_root", "pool_shared")

OnResult = Callable[[Registration, DeckResult, list[CardEntry] | None, Format | None], None]
# Hears each registration's final result, in order, when a batch streams its report.
Sink = Callable[[Registration, DeckResult], None]


class _Formats:
    """Formats by the id a row gives, each loaded once; the reason when one cannot be.
    A row's format file loads with its `extends:` chain kept in `root` (the set's
    `format_root`), as the manifest that named it loaded it."""

    def __init__(self, default_id: str | None, *, root: Path | None = None):
        self.default_id = default_id
        self.root = root
        # The card names of the formats loaded, bounded: a submitted zip's rows may name
        # many format files, each within its own bound (limits.MAX_FORMAT_NAMES_PER_RUN).
        self.names = FormatNames()
        # -f must load (else exit 2); without it every row names its own format.
        self.loaded: dict[str, Format] = {default_id: self._admitted(load(default_id))} if default_id is not None else {}
        self.errors: dict[str, str] = {}
        self._for_teams: dict[FormatRef, bool] = {}  # is_team_format, once per format, not per row

    def _admitted(self, fmt: Format) -> Format:
        self.names.admit(fmt)
        return fmt

    def root_of(self, format_id: FormatRef | None) -> Path | None:
        """The folder a row's own format file keeps its `extends:` chain in (the batch's `-f`
        loads where `formats.load` keeps a file: it is the organiser's, not the archive's)."""
        return self.root if isinstance(format_id, Path) else None

    def root_text(self, row: Registration) -> str | None:
        """`root_of` the row's own format, as the runner's Task carries it (text)."""
        root = self.root_of(row.format_of(None))
        return None if root is None else str(root)

    def by_task_key(self) -> dict[tuple[str, str | None], Format]:
        """The loaded formats as the runner's tasks name them (Task.format_id, Task.format_root),
        so its processes check against these, not against their files read again."""
        keys = {}
        for ref, fmt in self.loaded.items():
            for root in {None, self.root_of(ref)}:
                keys[(ref, None if root is None else str(root))] = fmt
        return keys  # type: ignore[return-value]  # a format file's id is its Path

    def for_teams(self, format_id: FormatRef) -> bool:
        """The loaded format is played by teams only (`is_team_format`)."""
        found = self._for_teams.get(format_id)
        if found is None:
            fmt = self.loaded.get(format_id)
            found = self._for_teams[format_id] = fmt is not None and is_team_format(fmt)
        return found

    def seats(self, row: Registration) -> int:
        """The seats a team of the row's format has (`largest_team`; 0: any, or not loaded)."""
        fmt = self.loaded.get(row.format_of(self.default_id))  # type: ignore[arg-type]
        return largest_team(fmt) if fmt is not None else 0

    def uses_pools(self, format_id: str) -> bool:
        """The format states how registered pools work (a `pool` key): a limited format."""
        fmt = self.loaded.get(format_id)
        return fmt is not None and fmt.option("pool") is not None

    def error(self, format_id: str) -> str | None:
        if format_id in self.loaded:
            return None
        if format_id not in self.errors:
            refused = self.names.refusal()
            if refused is not None:
                self.errors[format_id] = refused
                return refused
            try:
                root = self.root_of(format_id)  # a zip's temporary folder: not kept for the next run
                self.loaded[format_id] = self._admitted(load(format_id, root=root, keep=root is None))
            except FormatError as exc:
                self.errors[format_id] = str(exc)
        return self.errors.get(format_id)


def check_registrations(
    found: RegistrationSet,
    format_id: str | None,
    *,
    day: dt.date,
    jobs: int | None = None,
    unified: bool = True,
    progress: Callable[[int], None] | None = None,
    deck_check: DeckCheckRequest | None = None,
    cards_db: str | None = None,
    cards: bool = True,
    platform: str = "paper",
    on_result: OnResult | None = None,
    sink: Sink | None = None,
    keep_verdicts: bool = False,
) -> BatchReport:
    """Check every registration. `on_result(row, result, entries, fmt)` hears each registration
    in order as its verdict is known, with the deck's cards as read (None when the deck
    could not be read) and the format it was checked against (None when it has none it
    may use): `batch --sheets` draws each registration's sheet from it.
    `sink(row, result)`: the results go there one at a time, in order, and the batch keeps
    none of them (`report.results` stays empty); it keeps only what the teams and the
    deck-check sample need, and the `totals`. What reading the source saw of the files its
    rows name (`found.files`) serves check_shared_files and is emptied there.
    `keep_verdicts`: use and add to the verdicts kept between runs (verdict_store.py)."""
    formats = _Formats(format_id, root=found.format_root)
    in_archive = _ArchivePaths(found.format_root) if found.format_root is not None else None
    rows = with_unchecked(found, check_rows(fold_teams(found.registrations), format_error=formats.error, seats=formats.seats))
    if any(formats.for_teams(ref) for ref in formats.loaded):  # the rows' formats loaded above (format_error)
        rows = [_team_format_without_team(row, formats) for row in rows]
    rows, pool_keys = check_shared_files(rows, found.files)
    # The rows whose own pool cell names their pool: a draft log's drafter is compared on
    # those only, not on a team member given the team's (a teammate's log) by assign_pools.
    own_pools = {number for number, row in enumerate(rows) if row.pool is not None}
    rows, team_pool_files = assign_pools(
        rows, lambda row: formats.uses_pools(row.format_of(format_id)),
        lambda row, pool: _pool_and_format(pool, formats.loaded.get(row.format_of(format_id)), cards_db, cards),
    )
    # Decided before the tasks go out (Task.pool_shared): a process that checks a deck of a
    # shared pool works out no rest of it, which the report would drop. `pool_keys` (one
    # per pool row) is not kept for the run.
    shared = _shared_pools(rows, team_pool_files, pool_keys)
    del pool_keys
    any_shared = bool(shared)  # most events have none: no lookup per row
    sample = None
    if deck_check is not None:
        # Imported here: `random`, `decimal` and `fractions` are no part of a batch without
        # --deck-check (a run's start-up).
        from .deck_checks import choose

        sample = choose(rows, deck_check)
    picks = {pick.index: pick for pick in sample.picks} if sample is not None else {}

    def tasks() -> Iterator[Task]:
        keep_all = on_result is not None
        for number, row in enumerate(rows):
            if row.path is None:
                continue
            effective = row.format_of(format_id)
            # By position, in TASK_FIELDS' order: one is built per deck, and thirteen
            # keywords matched by name cost more than the tuple itself.
            yield Task(
                row.path, row.deck,  # path, shown: a Registration's files are text
                effective if effective in formats.loaded else None,  # format_id
                keep_all or row.team is not None or number in picks,  # keep_entries
                row.pool_path, row.pool, row.line, cards_db, cards,  # pool_path, pool_shown, line, cards_db, cards
                row.platform or platform, row.inline,  # platform, inline
                None if formats.root is None else formats.root_text(row),  # format_root
                any_shared and _pool_file(row, team_pool_files) in shared,  # pool_shared
            )

    results: list[DeckResult] = []
    totals = Totals()
    unread: set[int] = set()
    location = from_directory(os.getcwd())
    registered_at = _registration_places(found, location)
    members: dict[str, list[Member]] = {}
    places: dict[str, dict[str, Place]] = {}  # team -> member -> where the member registered
    budget = ProblemBudget()  # one report's problems (limits.py): the decks' first, then the teams'
    store = None
    if keep_verdicts:
        from .verdict_store import VerdictStore  # here: a batch that keeps none needs no SQLite store

        store = VerdictStore.open()
    other_games = None
    if cards:  # without card data no card is unknown
        from .other_games import IN_A_FOLDER, IN_A_MANIFEST, OtherGames

        other_games = OtherGames(cards_db, IN_A_MANIFEST if found.manifest is not None else IN_A_FOLDER)
    from .misplaced import ElsewhereInItsFolder, FromTheCurrentFolder  # its imports are the batch's own

    misplaced: list[FromTheCurrentFolder | ElsewhereInItsFolder] = []
    if found.manifest is not None:
        misplaced.append(ElsewhereInItsFolder(found.manifest))
        if found.kind == "manifest":  # a zip's manifest lies in no folder of the user's
            misplaced.append(FromTheCurrentFolder(found.manifest))
    checked = run(tasks(), sum(row.path is not None for row in rows), day=day, jobs=jobs, progress=progress, budget=budget,
                  formats=formats.by_task_key(), store=store)
    namesakes: dict[int, str] | None = None  # worked out at the first team member (namesakes_named)
    players: set[str] | None = None  # the event's players (player_key), for a draft log's drafter
    with closing(checked) as outcomes:  # closed: its workers stop and the collector runs again
        for number, row in enumerate(rows):
            outcome = (next(outcomes) if row.path is not None
                       else Outcome(DeckResult(deck=row.deck, format="", unreadable=row.not_read), None))
            result = outcome.result
            result.format = result.format or row.format_shown(format_id)
            if result.as_of is None and result.counts:  # checked against no format (its cell's could not be loaded)
                from ..games import game_unchecked  # deferred: few rows; the games package loads card modules

                result.unchecked_game = game_unchecked(result.format, result.counts)
            result.player, result.team = row.player, row.team
            result.location = "" if found.kind == "zip" or row.path is None or row.inline else location(row.path)
            if row.problems:
                result.problems = [*row.problems, *result.problems]
            if outcome.drafter is not None and row.player and number in own_pools:
                if players is None:  # once, at the first draft log: most events register none
                    players = {player_key(other.player) for other in rows if other.player}
                drafted = drafter_problem(row, outcome.drafter, players)
                if drafted is not None:
                    result.problems.insert(len(row.problems), drafted)
            if found.manifest is None and not result.legal and _first_line_failed(result.problems):
                # A folder's file that failed on its first line (few do): a manifest saved
                # as .txt is said to be one, not listed as a deck's parse errors.
                result.problems = _manifest_as_deck(found, row) or result.problems
            if not result.location or result.problems:
                # Also for a deck file's problems: a row's own (`manifest line N: ...`) are
                # the manifest's, and CI annotations put them there. Most rows have none.
                result.registered_at = registered_at(row)
                if row.pool_path is not None:  # the pool's own problems go on the pool (pool_line_of)
                    result.pool_location = "" if found.kind == "zip" or row.pool_pasted else location(row.pool_path)
            if in_archive is not None:
                in_archive.show(result)
            totals.count(result)
            if result.unreadable:
                unread.add(number)
            if other_games is not None and not result.legal:
                other_games.hear(row, result, formats.loaded.get(row.format_of(format_id)))
            if misplaced and result.unreadable:
                for kind in misplaced:
                    kind.hear(row, result)
            if sink is not None:
                sink(row, result)
            else:
                results.append(result)
            if on_result is not None:
                on_result(row, result, outcome.entries, formats.loaded.get(row.format_of(format_id)))
            in_team = row.team is not None and not row.duplicate
            if number in picks or in_team:
                # As the card data names them: a team counts `Stomp` and `Bonecrusher Giant`
                # as one card, and a judge reads a .ydk's cards by name, not passcode.
                fmt = formats.loaded.get(row.format_of(format_id))
                entries, pool = team_cards(outcome, fmt, cards_db, cards)
                if number in picks:
                    from ..paperwork.sheet import zone_titles  # a deck check's listing only

                    picks[number].note(result, entries, fmt.game if fmt is not None else "", zone_titles(fmt))
                if in_team:
                    if namesakes is None:
                        namesakes = namesakes_named(rows)
                    member = _member(row, outcome, format_id, entries, pool, platform=row.platform or platform,
                                     player=namesakes.get(number), catalog=card_data(fmt, cards_db, cards))
                    members.setdefault(row.team, []).append(member)
                    places.setdefault(row.team, {})[member.player] = registered_at(row)
    cross_team = _cross_team(rows)
    alike = spelt_apart(members, formats.loaded)
    short = short_of_the_rest(members, formats.loaded, told=alike)
    teams = [
        check_team(name, team, formats.loaded, day=day, unified=unified,
                   extra=[*cross_team.get(name, ()), *alike.get(name, ()), *short.get(name, ())])
        for name, team in members.items()
    ]
    for name, team_result in zip(members, teams):
        team_result.registered_at = places[name]
        # Each member's seat and deck as their row wrote them, by the name the team gives them.
        team_result.member_rows = {member.player: (member.seat, member.deck) for member in members[name]}
        if in_archive is not None:
            in_archive.show(team_result)
        team_result.problems = budget.take(team_result.problems)
    return BatchReport(
        source=found.source, kind=found.kind, manifest=found.manifest,
        report=Report(results=results, teams=teams, skipped=[item for item in found.skipped if not item.unchecked]),
        registrations=rows, skipped=found.skipped,
        deck_checks=sample, totals=totals, unread=unread, formats=formats.loaded,
        formats_in_archive={} if in_archive is None else in_archive.formats(formats.loaded),
        notes=[*found.notes, *_teams_without_rules(found, members, formats.loaded, day)],
        hints=[*(other_games.notes() if other_games is not None else []), *(note for kind in misplaced for note in kind.notes())],
    )


def _shared_pools(rows: list[Registration], team_pool_files: dict[str, str], pool_keys: dict[str, DeckKey]) -> set[str]:
    """The paths of the pool files that two or more rows play from (_pool_file): a team's
    (assign_pools gave a member without a pool the team's, or took its members' files of
    the same cards for one) or a cube's list every drafter registers: the cards their decks
    leave are the team's or the cube's, not one player's sideboard (DeckResult.pool_rest).
    A file is told by its DeckKey (`pool_keys`: device and inode, as the shared-pool
    warnings tell it), so `pool.txt`, `./pool.txt` and a link to it are one pool; a pasted
    pool, no file, by its text."""
    played = [path for row in rows if row.pool is not None and (path := _pool_file(row, team_pool_files)) is not None]
    rows_of = Counter(pool_keys.get(path, path) for path in played)
    return {path for path in played if rows_of[pool_keys.get(path, path)] > 1}


def _pool_file(row: Registration, team_pool_files: dict[str, str]) -> str | None:
    """The file of the pool `row` plays from: its team's one pool (assign_pools' choice
    among files of the same cards, which it gave each member naming none), else the file it
    registers; None for a row with neither. _shared_pools asks it of the rows with a pool,
    the task builder of every row with a deck (Task.pool_shared: a row without a pool
    has no rest to leave out, whatever it is told)."""
    chosen = team_pool_files.get(row.team) if row.team is not None else None
    return chosen if chosen is not None else row.pool_path


def _pool_and_format(pool: Pool, fmt: Format | None, cards_db: str | None, cards: bool) -> tuple[Pool, Format | None]:
    """`pool` as the card data names it for `fmt`, and `fmt`, which says what makes two
    files one pool (team_pools.assign_pools): the same cards, but for those the organiser
    provides."""
    return pool_as_named(pool, fmt, cards_db, cards), fmt


def _teams_without_rules(
    found: RegistrationSet, members: dict[str, list[Member]], loaded: dict[str, Format], day: dt.date,
) -> list[str]:
    """A warning for each format whose teams had no team rule to check (`has_team_rules`):
    the manifest's `team` column was read, the teams listed, yet nothing was counted across
    them, which an organiser who wrote the column would not guess. A team of mixed formats
    is counted under each of them when none has team rules (two Yu-Gi-Oh! formats); where
    Team Unified Construction would reach it, its `info` problem says it was not checked."""
    idle: dict[str, tuple[Format, list[str]]] = {}  # format id -> the format, its teams
    for name, team in members.items():
        format_ids = dict.fromkeys(member.format_id for member in team)
        formats = [loaded.get(format_id) for format_id in format_ids]
        if all(fmt is not None and not has_team_rules(fmt, team, day) for fmt in formats):
            for fmt in formats:
                idle.setdefault(fmt.id, (fmt, []))[1].append(name)  # type: ignore[union-attr]
    where = found.source if found.kind != "zip" else f"{found.source}:{found.manifest}"
    notes = []
    for fmt, teams in idle.values():
        mend = ("give each team's pool in a `pool` column" if fmt.option("pool") is not None
                else "give the format `team:` rules (docs/format-files.md)")
        checked = "was checked as its" if len(teams) == 1 else "were checked as their"
        notes.append(
            f"{where}: column 'team' is read, but {fmt.id} has no team rules ({no_team_rules(fmt, day)}): "
            f"{counted(len(teams), 'team')} ({named_few(teams, 'more teams')}) "
            f"{checked} members' decks only; {mend}, or leave the column empty if the event is not played by teams"
        )
    return notes


def _first_line_failed(problems: list[Problem]) -> bool:
    """Whether an illegal deck's first line could not be read, or was read only as a card
    named with no count (the parse's warning on line 1, listed after the lines that failed:
    a header `Player<TAB>Deck` reads so)."""
    return any(problem.rule == PARSE_ERROR and problem.line == 1 for problem in problems)


def _manifest_as_deck(found: RegistrationSet, row: Registration) -> list[Problem] | None:
    """The one problem of a folder's (or walked zip's) file that is a manifest under a
    decklist's name (`players.txt`, as Excel saves tab-separated text), saying what to do;
    None for a decklist."""
    saved = manifest_saved_as_text(Path(row.path)) if row.path is not None and not row.inline else None
    if saved is None:
        return None
    renamed = PurePosixPath(row.deck).with_suffix(saved.suffix)
    if found.kind == "zip":
        mend = f"rename it {renamed.name} at the top of the archive"
    else:
        mend = f"rename it {renamed.name} and run `deckcheck batch {shlex.quote((Path(found.source) / renamed).as_posix())}`"
    return [registration_problem(
        f"{row.deck} looks like a manifest, not a decklist: its line {saved.line} names the columns player and deck; a manifest is "
        f"read as .csv, .tsv, .yaml or .yml, and given itself: {mend}", None,
    )]


def _registration_places(found: RegistrationSet, shown: Callable[[str], str]) -> Callable[[Registration], Place]:
    """Where a row was registered, for what has no file of its own (an archive entry, a
    row with a URL or no deck, a team): the archive of a zip (a line of the manifest inside
    it is a line of no file), else the manifest and the row's line, else, in a folder, the
    entry that could not be read. Files are named by `shown`, from the working directory."""
    source = shown(found.source)
    if found.kind == "zip":
        return lambda row: (source, None)
    if found.kind == "manifest":
        return lambda row: (source, row.line)
    return lambda row: (shown(os.path.join(found.source, row.deck)), None)


class _ArchivePaths:
    """A zip's files as its report shows them: paths inside the archive
    (`formats/cube.yaml`, as its decks are shown), not in the temporary folder it was
    extracted to, whose name changes from run to run (a report must not)."""

    def __init__(self, root: Path):
        self.root = str(root)
        self.prefix = os.path.join(self.root, "")

    def text(self, text: str) -> str:
        # A file inside: its path in the archive; the folder itself (`extends:` pointing
        # outside it): the archive, as the archive's deck paths say it.
        return text.replace(self.prefix, "").replace(self.root, "the archive")

    def formats(self, refs: Iterable[FormatRef]) -> dict[FormatRef, str]:
        """The archive's own format files among `refs` (not `-f`'s, nor an id), by their
        paths inside it."""
        return {ref: str(ref)[len(self.prefix):] for ref in refs if isinstance(ref, Path) and str(ref).startswith(self.prefix)}

    def show(self, result: DeckResult | TeamResult) -> None:
        """`result`'s format and problem messages, in place."""
        result.format = self.text(result.format)
        result.problems = [
            problem if self.root not in problem.message else problem.replace(message=self.text(problem.message))
            for problem in result.problems
        ]


def _member(
    row: Registration, outcome: Outcome, default_format: str | None, entries: list[CardEntry] | None, pool: Pool | None,
    *, platform: str | None = None, player: str | None = None, catalog: Any = None,
) -> Member:
    """The team member of a row: its deck's cards and its pool as `team_cards` named them;
    `player` the member's name when not the row's own (a namesake's, with their ID)."""
    reason = None
    if outcome.entries is None:
        reasons = [problem.message for problem in (*row.problems, *outcome.result.problems) if problem.is_error]
        # A row that names no deck says so, not its first error ("no player name"), which
        # is not why no deck was read.
        no_deck = [reason for reason in reasons if reason.endswith(NO_DECK_NAMED)]
        reason = (no_deck or reasons or ["no deck"])[0]
    return Member(
        # A row with no player (its own `registration` error) is still a member, counted and
        # checked; named so no one takes it for a player (its deck path was its name).
        player=player or row.player or no_player(row),
        deck=row.deck,
        # The format the member was checked against (a key of the loaded formats), else the
        # refused one as written, for the team's "could not be loaded" message.
        format_id=row.format_of(default_format) or row.format_written or "",
        seat=row.seat,
        line=row.line,
        entries=entries,
        unreadable_reason=reason,
        pool=pool,
        pool_name=row.pool,
        platform=platform,
        catalog=catalog,
        # The errors of the row and its deck, but those the team check states its own way
        # (a player on two teams); a missing deck is the team's `team-registration` instead.
        errors=tuple(problem for problem in outcome.result.problems if problem.is_error and problem not in row.team_states),
    )


def _team_format_without_team(row: Registration, formats: _Formats) -> Registration:
    """A team format (Two-Headed Giant) needs teams; without one, say the team rules were not checked."""
    format_id = row.format_of(formats.default_id)
    if row.team is None and format_id is not None and formats.for_teams(format_id):
        fmt = formats.loaded[format_id]
        sizes = team_settings(fmt)[1]
        players = f" of {spoken_sizes(sizes)}" if sizes else ""
        return row.with_problem(
            f"{fmt.name} is played by teams{players}; no team given, so the team rules were not checked",
            severity=WARNING,
        )
    return row


def _cross_team(rows: list[Registration]) -> dict[str, list[Problem]]:
    """Per team, its members who were registered for another team, or without a team,
    first. A row without a team counts as a first registration too: its player's later row
    for a team is that row's error (`check_rows`), which the team states here, so the team
    is not LEGAL while its member's row is not."""
    first_row: dict[str, Registration] = {}
    problems: dict[str, list[Problem]] = {}
    if all(row.team is None for row in rows):
        return problems  # no team to state anything for (most events): no player looked up
    for row, key in zip(rows, player_keys(rows)):
        if not row.player:
            continue
        earlier = first_row.setdefault(key, row)
        # A duplicate row (the player's second for this team) is no member: its first is.
        if row.team is None or row.duplicate or earlier is row or earlier.team == row.team:
            continue
        where = f" (manifest line {earlier.line})" if earlier.line is not None else ""
        message = (
            f"{row.player} is also registered without a team{where}; a player registers once" if earlier.team is None
            else f"{row.player} is also registered for team {earlier.team}{where}; a player plays for one team"
        )
        problems.setdefault(row.team, []).append(Problem(rule=TEAM_REGISTRATION, message=message))
    return problems
