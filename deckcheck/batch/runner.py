"""Checking many decks at once: in this process, or spread over worker processes.

Decks are sent to workers in chunks (a task is a path and a format id, a few hundred
bytes), because thousands of tiny decks would otherwise spend more time travelling
between processes than being checked. Each worker loads a format once (formats are cached
per process) and reads its decks itself, and sends each outcome back as a tuple of plain
values (wire.py). With `--jobs N` the parent checks the first decks itself, then starts
up to N - 1 workers where cores are idle and the decks left pay for them (planning.py),
and keeps checking decks whenever it has nothing to collect.
Outcomes come out one at a time in task order, so the report is the same whatever
`--jobs` is, and a batch that streams them to its report holds only the few that wait
for an earlier chunk. A deck file byte for byte like one a process checked earlier in the
run takes that verdict (`check_one`): an event's players register the same lists.
"""
from __future__ import annotations

import datetime as dt
import gc
import os
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import DeckcheckError, InputError
from ..formats import Format, load
from ..limits import MAX_DECK_NAME_KEPT, MAX_PROBLEMS_PER_REPORT
from ..model import CardEntry, Deck
from ..record import NamedTuple, Record
from ..decklists import extension, is_inline, load_deck, parse_bytes, parse_text, unreadable
from ..decklists.layout import settle_sideboard
from ..pipeline import card_catalog, checked_deck, named_by, read_deck
from ..registered_pools import Pool, named_pool, read_pool
from ..problem import Problem, ProblemBudget
from ..result import DeckResult
from ..rules import read_as
from ..rules.context import Context
from ..textio import IN_FOLDER_ADVICE, read_bounded
from .planning import SAMPLE_SECONDS, Sample, default_jobs, worker_count
from .registration import REGISTRATION, pool_source, registration_problem
from .verdict_store import VerdictStore, context_digest, lasting_key
from .wire import Wire, decode, encode

try:
    # hashlib's own BLAKE2 (hashlib.blake2b is this one), without the OpenSSL module that
    # importing hashlib loads: a few milliseconds of every batch's start-up.
    from _blake2 import blake2b
except ImportError:  # a Python built without it
    from hashlib import blake2b

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from contextlib import AbstractContextManager

# Chunks per worker: enough that a slow chunk does not leave the other workers idle and
# that the progress bar moves, few enough that sending them costs next to nothing.
CHUNKS_PER_JOB = 8
MAX_CHUNK = 256
# The smallest chunk: below this, sending it back and forth costs more than its decks.
MIN_CHUNK = 16
# Chunks sent ahead to each worker (so it never waits for the parent), and chunks the
# parent may check itself before the oldest worker chunk is back.
IN_FLIGHT = 4
RUN_AHEAD = 16


class Task(NamedTuple):
    """One deck to check: the file, its name in the report, and the format to apply
    (None: only read it, the format could not be loaded). `keep_entries` asks for the
    deck's cards (and pool) back, for the team checks. `pool_path` is the registered pool
    of a limited event, `pool_shown` its name in the report, `line` the manifest line.
    `cards_db` names the card database (None: the default one, else the built-in data;
    `cards=False`: none); batches never look names up online, because worker processes could
    not share Scryfall's rate limit and `--jobs` must not change a report. `platform` is
    where the player's event is played. `inline`: `path` is the deck itself (a `ydke://`
    URL), not a file (Registration.inline). `format_root`: the folder a format file's
    `extends:` chain stays in (a zip's archive, RegistrationSet.format_root).

    A named tuple, not a frozen dataclass: one is built per deck, and a frozen dataclass
    sets each of its twelve fields through `object.__setattr__` (2.5 times the cost)."""

    path: str
    shown: str
    format_id: str | None
    keep_entries: bool = False
    pool_path: str | None = None
    pool_shown: str | None = None
    line: int | None = None
    cards_db: str | None = None
    cards: bool = True
    platform: str = "paper"
    inline: bool = False
    format_root: str | None = None
    # The row's pool is one two or more rows play from (a team's, a cube's list): the cards
    # its deck leaves are no one player's sideboard, so none is counted (DeckResult.pool_rest).
    pool_shared: bool = False
    # The file's bytes as the main process read them, for a worker (`_plan`): it checks the
    # bytes whose verdict the main process keeps for their copies, not the file read again,
    # which may have changed since (a submitted folder its owner still writes to).
    data: bytes | None = None


class Outcome(Record):
    # A Record, not a dataclass: a batch imports no `dataclasses` (deckcheck/record.py).
    __slots__ = ("result", "entries", "pool", "drafter")
    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was

    def __init__(
        self, result: DeckResult, entries: list[CardEntry] | None = None, pool: Pool | None = None,
        drafter: str | None = None,
    ) -> None:
        self.result = result
        self.entries = entries
        self.pool = pool
        # The drafter the row's pool names, when it is a draft log (Deck.drafter): the
        # parent compares it with the row's player (batch/check.py, drafter_problem).
        self.drafter = drafter


# Formats by (id, root), per process and run (`forget_run`): `formats.load` looks for the
# file on every call.
_FORMATS: dict[tuple[str, str | None], Format] = {}
# The formats a batch loaded before its decks are checked, as `run` takes them: by (id, root).
Formats = Mapping[tuple[str, str | None], Format]


def _format(format_id: str, root: str | None = None) -> Format:
    fmt = _FORMATS.get((format_id, root))
    if fmt is None:
        # A root is a zip's temporary folder (Task.format_root): gone after the run.
        fmt = _FORMATS[(format_id, root)] = load(format_id, root=Path(root) if root is not None else None, keep=root is None)
    return fmt


# The last pools read, per process: the members of a team share one pool file, and their
# rows sit together, so a few suffice (every pool of an event would hold its cards for nothing).
_POOLS: OrderedDict[tuple[str, str], tuple[tuple[int, int] | None, Pool | str]] = OrderedDict()
POOL_CACHE_SIZE = 16
_PASTED = (0, 0)  # the stamp of a pasted pool (Registration.pool_pasted): its text, the key, never changes


def _pool(task: Task) -> Pool | str:
    """The task's pool, or why it cannot be read."""
    assert task.pool_path is not None
    return registered_pool(task.pool_path, task.pool_shown)


def registered_pool(pool_path: str, pool_shown: str | None) -> Pool | str:
    """A row's pool (its `pool_path`, named `pool_shown` in reports), or why it cannot be
    read: the one this process read last while the file is unchanged, so `batch --sheets`
    (paperwork/batch_sheets.py) lists the pool the row's deck was checked against without
    reading it again."""
    shown = pool_shown or pool_path
    source = pool_source(pool_path)
    stamp: tuple[int, int] | None = _PASTED
    if isinstance(source, Path):
        try:
            stat = os.stat(source)
            stamp = (stat.st_mtime_ns, stat.st_size)
        except OSError:
            stamp = None
    key = (pool_path, shown)
    cached = _POOLS.get(key)
    if cached is not None and stamp is not None and cached[0] == stamp:
        _POOLS.move_to_end(key)
        return cached[1]
    try:
        found: Pool | str = read_pool(source, shown=shown)
    except InputError as exc:
        found = str(exc)
    _POOLS[key] = (stamp, found)
    if len(_POOLS) > POOL_CACHE_SIZE:
        _POOLS.popitem(last=False)
    return found


# Card catalogs by (game, database), per process: found once, not looked up per deck.
_CATALOGS: dict[tuple[str, str | None], Any] = {}


def _catalog(fmt: Format, cards_db: str | None) -> Any:
    """The catalog for `fmt`'s game, or False when there is none (check_deck's "no cards")."""
    key = (fmt.game, cards_db)
    found = _CATALOGS.get(key)
    if found is None:
        found = _CATALOGS[key] = card_catalog(fmt, cards_db, offline=True) or False
    return found


class _Verdict(NamedTuple):
    """What a deck's check found, apart from the row it came from: the deck's name in the
    report is the row's own (check_one)."""

    format: str
    counts: tuple[tuple[str, int], ...]
    problems: tuple[Problem, ...]
    as_of: Any

    def result_for(self, task: Task) -> DeckResult:
        # deck, format, problems and counts by position: every row that reuses a verdict builds one.
        return DeckResult(task.shown, self.format, list(self.problems), dict(self.counts), as_of=self.as_of)


# The verdicts a batch has reached so far in this process, by the digest of the file's
# bytes and what else decides one (_settings): players of an event register the same
# list (a popular deck, a list sent twice, a team's copies), and a list is checked once.
# Kept for one run (`run` forgets them; a worker lives for one run), the oldest forgotten
# first once there are MAX_VERDICTS or they hold more problems than a report may list
# (limits.MAX_PROBLEMS_PER_REPORT): a batch's memory does not grow with its size.
MAX_VERDICTS = 16_384
_VERDICTS: OrderedDict[tuple[int, bytes], _Verdict] = OrderedDict()
_held = [0]  # the problems the verdicts hold
# What else decides a verdict, numbered: the extension (it picks the parser), the format
# and the check's settings (the event day is the run's).
_SETTINGS: dict[tuple[Any, ...], int] = {}
# The counts of the verdicts kept, one tuple per distinct value: most decks are 60 + 15.
_COUNTS: dict[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]] = {}
# The verdicts of earlier runs (verdict_store.py), when the run keeps them (`run`'s
# `store`): the parent's only. A worker (a fresh interpreter, worker_pool.py) has none:
# the parent looks each file up before sending it (`_plan`) and keeps what workers find
# (`_collected`).
_STORE: list[VerdictStore | None] = [None]
# What else decides a verdict beyond the run (verdict_store.context_digest), by settings
# number, worked out when the settings are numbered and the run has a store; absent or
# None: their verdicts are not kept between runs.
_CONTEXTS: dict[int, bytes | None] = {}


def check_one(task: Task, day: dt.date) -> Outcome:
    """The outcome of one task. A deck file checked before in this run, byte for byte, with
    the same extension and settings, is not checked again: its verdict is the same."""
    if not _reusable(task):
        return _check_deck(task, day, _inline_deck(task) if task.inline else load_deck(task.path, folder_advice=IN_FOLDER_ADVICE))
    try:
        # A row whose deck names a folder: the organiser names the file in it (a single
        # deck's advice, to run `deckcheck batch`, is what they are doing).
        data = read_bounded(task.path, folder_advice=IN_FOLDER_ADVICE) if task.data is None else task.data
    except InputError as exc:
        return _check_deck(task, day, unreadable(task.path, str(exc)))
    key = _verdict_key(task, day, data)
    seen = _VERDICTS.get(key) or _kept(key)
    if seen is not None:
        return Outcome(seen.result_for(task))
    outcome = _check_deck(task, day, parse_bytes(data, source=task.path))
    _remember(key, outcome.result, task)
    return outcome


def _inline_deck(task: Task) -> Deck:
    """The deck a manifest row holds itself: a `ydke://` URL, or the list's text pasted
    into its deck cell, whose lines are named as the row's deck."""
    if is_inline(task.path):
        return read_deck(task.path)
    return parse_text(task.path, source=task.shown)


def _kept(key: tuple[int, bytes]) -> _Verdict | None:
    """The verdict an earlier run kept on the file of `key` (verdict_store.py), now also
    this run's; None when there is none or the run keeps none."""
    store = _STORE[0]
    lasting = _lasting_key(key)
    found = None if store is None or lasting is None else store.get(lasting)
    if found is None:
        return None
    format_id, counts, problems, as_of = found
    verdict = _Verdict(format_id, _COUNTS.setdefault(counts, counts), problems, as_of)
    _keep(key, verdict)
    return verdict


def _lasting_key(key: tuple[int, bytes]) -> bytes | None:
    """The key that outlasts the run of the verdict under in-run `key`; None when the run
    keeps no verdicts or its settings' are not kept (`_context`)."""
    index, digest = key
    context = _CONTEXTS.get(index)
    return None if context is None else lasting_key(context, digest)


def _context(settings: tuple[Any, ...], task: Task) -> bytes | None:
    """verdict_store.context_digest of new `settings` (those of `task`); None when their
    verdicts are not kept: a zip's format (its folder is temporary), card data without a
    file, a format or card data that fails to load (the check says why)."""
    if task.format_root is not None or task.format_id is None:
        return None
    try:
        fmt = _format(task.format_id)
        return context_digest(settings, fmt, _catalog(fmt, task.cards_db) if task.cards else False)
    except DeckcheckError:
        return None


def _reusable(task: Task) -> bool:
    """Whether a verdict on `task` may serve another file of the same bytes: not when a
    pool's file or a team's cards are part of it, nor for a deck that is no file."""
    return not (task.inline or task.format_id is None or task.pool_path is not None or task.keep_entries
                or not MAX_VERDICTS)


def _verdict_key(task: Task, day: dt.date, data: bytes) -> tuple[int, bytes]:
    """The key of the verdict on a file of bytes `data` checked as `task` asks on `day`."""
    settings = (extension(task.path), task.format_id, task.format_root, task.cards_db, task.cards, task.platform, day)
    index = _SETTINGS.get(settings)
    if index is None:
        index = _SETTINGS[settings] = len(_SETTINGS)
        if _STORE[0] is not None:  # what outlasts the run, worked out once per settings
            _CONTEXTS[index] = _context(settings, task)
    return (index, blake2b(data, digest_size=16).digest())


def _file_key(task: Task, day: dt.date) -> tuple[tuple[int, bytes] | None, bytes | None]:
    """`_verdict_key` of the task's file as it reads now, and its bytes; (None, None) when
    no verdict on it is reused (`_reusable`) or it cannot be read (the check says why)."""
    if not _reusable(task):
        return None, None
    try:
        data = read_bounded(task.path)
    except InputError:
        return None, None
    return _verdict_key(task, day, data), data


def _remember(key: tuple[int, bytes], result: DeckResult, task: Task) -> None:
    """Keep `result` for the same file met again, unless its messages name the file (a
    parse error's `deck.txt: line 3: ...`): another file of the same bytes is named otherwise."""
    if result.unreadable or any(task.path in problem.message or task.shown in problem.message for problem in result.problems):
        return
    counts = tuple(result.counts.items())
    verdict = _Verdict(result.format, _COUNTS.setdefault(counts, counts), tuple(result.problems), result.as_of)
    _keep(key, verdict)
    store, lasting = _STORE[0], _lasting_key(key)
    if store is not None and lasting is not None:
        store.put(lasting, verdict)


def _keep(key: tuple[int, bytes], verdict: _Verdict) -> None:
    """Keep `verdict` for the rest of the run, within MAX_VERDICTS and the problems a
    report may list."""
    _VERDICTS[key] = verdict
    _held[0] += len(verdict.problems)
    while len(_VERDICTS) > MAX_VERDICTS or _held[0] > MAX_PROBLEMS_PER_REPORT:
        _held[0] -= len(_VERDICTS.popitem(last=False)[1].problems)


def forget_run() -> None:
    """Forget the formats and verdicts of the run that ends: a library caller's process (a
    deck site checking its users' events, each with format files of its own) would hold
    them for ever, and may change a format file or the card data before its next batch."""
    _FORMATS.clear()
    _VERDICTS.clear()
    _held[0] = 0
    _SETTINGS.clear()
    _COUNTS.clear()
    _CONTEXTS.clear()


def _check_deck(task: Task, day: dt.date, deck: Deck) -> Outcome:
    pool: Pool | None = None
    pool_problems: list[Problem] = []
    if task.pool_path is not None:
        found = _pool(task)
        if isinstance(found, Pool):
            pool = found
        else:
            pool_problems.append(registration_problem(f"{found}; the deck was not checked against a pool", task.line))
    if task.format_id is None:
        counts = {} if deck.unreadable else deck.counts()
        result = DeckResult(deck=task.shown, format="", problems=list(deck.problems), counts=counts, unreadable=deck.unreadable)
    else:
        fmt = _format(task.format_id, task.format_root)
        catalog = _catalog(fmt, task.cards_db) if task.cards else False
        # The deck is checked against its pool as the card data names it. The outcome keeps
        # the pool as read (a smaller pickle); the team checks name it again (team_cards).
        named = named_pool(pool, catalog, fmt) if pool is not None and catalog else pool
        # One Context settles the sideboard and checks the deck: the zones are counted once.
        ctx = Context(date=day, cards=catalog or None, pool=named, platform=task.platform)
        deck = settle_sideboard(deck, fmt, day, task.platform, context=ctx)  # the team checks below read the settled zones
        # The settings were checked when the manifest was read (the platform, the day) and
        # the format and catalog are loaded: checked_deck does not check them per deck.
        result = checked_deck(deck, fmt, day, catalog or None, named, task.platform, ctx, with_pool_rest=not task.pool_shared)
        if task.keep_entries and not deck.unreadable:
            # What a deck check prints and a sheet lists: the zones the check read (a
            # Commander deck's commander wherever the file put it).
            deck = read_as(deck, fmt, ctx)
    result.problems[:0] = pool_problems
    result.pool = task.pool_shown
    result.deck = task.shown
    result.name_file_as(task.path, task.shown)
    entries = list(deck.entries) if task.keep_entries and not deck.unreadable else None
    if entries is not None and deck.name:
        # Cut here, in the worker: the name travels back and stays on the kept result.
        result.deck_name = deck.name[:MAX_DECK_NAME_KEPT]
    return Outcome(result=result, entries=entries, pool=pool if task.keep_entries else None,
                   drafter=pool.drafter if pool is not None else None)


def team_cards(
    outcome: Outcome, fmt: Format | None, cards_db: str | None, cards: bool,
) -> tuple[list[CardEntry] | None, Pool | None]:
    """A team member's cards and pool as the card data names them, as the deck's own check
    named them, so a team's totals add up `Stomp` and `Bonecrusher Giant` as one card
    (the lines keep their written names in `written`); as read without card data."""
    entries, pool = outcome.entries, outcome.pool
    catalog = _catalog(fmt, cards_db) if fmt is not None and cards and entries is not None else False
    if not catalog or entries is None:
        return entries, pool
    named, _ = named_by(catalog, Deck(outcome.result.deck, list(entries)), fmt)
    return named.entries, pool_as_named(pool, fmt, cards_db, cards) if pool is not None else None


def card_data(fmt: Format | None, cards_db: str | None, cards: bool) -> Any:
    """The card data `team_cards` names a member's cards with (the passcodes the team check
    matches a list's entries by), None without."""
    return (_catalog(fmt, cards_db) or None) if fmt is not None and cards else None


def pool_as_named(pool: Pool, fmt: Format | None, cards_db: str | None, cards: bool) -> Pool:
    """`pool` as the card data names it for `fmt` (as team_cards names a member's), so two
    files that spell one card two ways (`Stomp`, `Bonecrusher Giant`) hold the same
    cards; as read without card data."""
    catalog = _catalog(fmt, cards_db) if fmt is not None and cards else False
    return named_pool(pool, catalog, fmt) if catalog else pool


def _checked(task: Task, day: dt.date) -> Outcome:
    """`check_one`, or the deck's row as an error saying why it could not be checked
    (a format or card data that fails to load where it loaded before): one row, not the
    whole batch, and the same row in the main process as in a worker, whatever `--jobs`."""
    try:
        return check_one(task, day)
    except DeckcheckError as exc:
        problem = registration_problem(f"the deck could not be checked: {exc}", task.line)
        result = DeckResult(deck=task.shown, format="", problems=[problem])
        result.pool = task.pool_shown
        result.name_file_as(task.path, task.shown)
        return Outcome(result=result)


def _check_chunk(tasks: Sequence[Task], day: dt.date) -> list[Wire]:
    """A worker's chunk: each outcome as a compact tuple (wire.py), which pickles and
    unpickles in C, where a dataclass goes through its __reduce__ field by field."""
    return [encode(_checked(task, day)) for task in tasks]


def use_formats(formats: Formats) -> None:
    """Check this process's decks against `formats`, the batch's as it loaded them, not
    against their files read again: a file edited, removed or broken since would check
    some decks against another format, or none, and the report would change with `--jobs`."""
    _FORMATS.update(formats)


def _start_worker(task: Task, working_folder_trusted: bool = False, formats: Formats | None = None) -> None:
    """A new worker takes the batch's formats and loads the card data of its first deck
    before any chunk reaches it (while the parent is checking decks). `working_folder_trusted`:
    the parent's `formats.trusts_working_folder()` (a command line's), so a format file's
    `extends:` chain stays in the tree it stayed in when the parent loaded it.
    Only a warm-up: what fails here is left to the decks' own checks (`_checked`), since an
    error in a pool's initializer breaks the pool and with it the whole batch."""
    from ..formats import trust_working_folder

    trust_working_folder(working_folder_trusted)
    use_formats(formats or {})
    try:
        fmt = _format(task.format_id, task.format_root) if task.format_id is not None else None
        if fmt is not None and task.cards:
            _catalog(fmt, task.cards_db)
    except DeckcheckError:
        pass


def _chunks(tasks: Iterable[Task], total: int, processes: int) -> Iterator[list[Task]]:
    """The tasks in chunks that shrink as the batch nears its end (chunk_size of the
    decks left), so that the last chunks a worker holds are small and the main process
    does not wait long for them."""
    left = total
    size = chunk_size(left, processes)
    chunk: list[Task] = []
    for task in tasks:
        chunk.append(task)
        if len(chunk) >= size:
            yield chunk
            left -= len(chunk)
            size = chunk_size(left, processes)
            chunk = []
    if chunk:
        yield chunk


def chunk_size(total: int, jobs: int) -> int:
    """Decks per chunk: CHUNKS_PER_JOB chunks per process, MIN_CHUNK to MAX_CHUNK decks."""
    return max(1, min(MAX_CHUNK, max(MIN_CHUNK, -(-total // (jobs * CHUNKS_PER_JOB)))))


def run(
    tasks: Iterable[Task],
    total: int,
    *,
    day: dt.date,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
    budget: ProblemBudget | None = None,
    formats: Formats | None = None,
    store: VerdictStore | None = None,
) -> Iterator[Outcome]:
    """Check every task, yielding outcomes one at a time in task order, their problems
    within the report's budget (limits.py; `budget`, whose rest the caller spends on the
    teams), spent in task order whatever `jobs` is.
    `total` is how many tasks there are. The outcomes are not kept: a caller that
    streams them to a report holds one at a time. `formats`: the formats the caller
    loaded, by (Task.format_id, Task.format_root), which every process checks against
    (use_formats); a task's format not among them is loaded from its file. `store`: the
    verdicts of earlier runs, which this one takes and adds to (closed at the end)."""
    tick = progress or (lambda done: None)
    formats = formats or {}
    use_formats(formats)
    budget = budget or ProblemBudget()
    jobs = jobs or default_jobs()
    chunks = _chunks(tasks, total, jobs)
    collecting = gc.isenabled()
    # The card data, formats and registrations loaded so far live as long as the run:
    # freezing them keeps the collector from walking them again and again; the outcomes
    # hold no cycles (reference counting frees each), so it pauses meanwhile, and sweeps
    # only the young objects once a chunk: what the caller made of the outcomes may hold
    # cycles (an indented `json.dumps`, SARIF's and JUnit's, leaves one per call), which
    # would otherwise stay until the end and grow the batch's memory with its size.
    gc.freeze()
    gc.disable()
    _STORE[0] = store
    try:
        workers = (yield from _sample(chunks, total, day, jobs, budget, tick)) if jobs > 1 else 0
        if workers == 0:
            for chunk in chunks:
                for task in chunk:  # no generator in between: one per deck costs
                    yield _spent(_checked(task, day), budget)
                tick(len(chunk))
                gc.collect(0)
            return
        for chunk, outcomes in _parallel(chunks, day, workers, formats):
            yield from _spend(outcomes, budget)
            tick(len(chunk))
            gc.collect(0)
    finally:
        _STORE[0] = None
        if store is not None:
            store.close()
        forget_run()
        if collecting:
            gc.enable()
        gc.unfreeze()


def _sample(
    chunks: Iterator[list[Task]], total: int, day: dt.date, jobs: int, budget: ProblemBudget, tick: Callable[[int], None],
) -> Generator[Outcome, None, int]:
    """Check the chunks of the first SAMPLE_SECONDS here, yielding their outcomes, and
    return how many workers the rest of the batch should have: from the CPU time a deck
    took and the cores left idle meanwhile (planning.worker_count)."""
    sample = Sample.start()
    sampled, timed, checking = 0, 0, 0.0
    for chunk in chunks:
        began = time.process_time()
        outcomes = [_checked(task, day) for task in chunk]
        if sampled:  # the first chunk also loads formats and card data: not a deck's cost
            checking += time.process_time() - began
            timed += len(chunk)
        sampled += len(chunk)
        yield from _spend(outcomes, budget)
        tick(len(chunk))
        if sample.elapsed() >= SAMPLE_SECONDS:
            break
    per_deck = checking / timed if timed else sample.cpu_spent() / max(1, sampled)
    return worker_count(per_deck * max(0, total - sampled), sample.idle_cores(fallback=jobs - 1), jobs)


def _spend(outcomes: Iterable[Outcome], budget: ProblemBudget) -> Iterator[Outcome]:
    """The outcomes, each `_spent`."""
    for outcome in outcomes:
        yield _spent(outcome, budget)


def _spent(outcome: Outcome, budget: ProblemBudget) -> Outcome:
    """`outcome` with its problems cut to what the report's budget has left."""
    outcome.result.problems = budget.take(outcome.result.problems)
    return outcome


def _parallel(
    chunks: Iterator[list[Task]], day: dt.date, workers: int, formats: Formats,
) -> Iterator[tuple[list[Task], Iterable[Outcome]]]:
    """(chunk, its outcomes) in chunk order: `workers` processes take chunks from the
    queue, and the parent checks one itself whenever it has nothing ready to collect. At
    most IN_FLIGHT chunks per worker are sent ahead, and the parent runs at most
    RUN_AHEAD chunks ahead of the oldest unfinished one, so the outcomes waiting for
    their turn stay few whatever the size of the batch. Once every chunk is handed out,
    the parent takes back the chunks no worker has started."""
    first = next(chunks, None)
    if first is None:
        return
    from concurrent.futures import FIRST_COMPLETED, wait

    from .worker_pool import submit

    pending: deque[tuple[list[Task], Future[list[Wire]] | list[Outcome]]] = deque()
    plans: dict[int, _Plan] = {}  # by id() of the future of each chunk sent to a worker
    sent: set[tuple[int, bytes]] = set()  # the keys of the files sent to workers so far
    with process_pool(workers, first[0], formats) as pool:
        in_pool, exhausted = 0, False
        own: list[Outcome] = []
        pending.append((first, own))
        while True:
            while not exhausted and in_pool < workers * IN_FLIGHT:
                chunk = next(chunks, None)
                if chunk is None:
                    exhausted = True
                    break
                to_send, plan = _plan(chunk, day, sent)
                future = submit(pool, _check_chunk, to_send, day)
                plans[id(future)] = plan
                pending.append((chunk, future))
                in_pool += 1
            if own is not None:  # the first chunk, once the workers are on their way
                own.extend(_checked(task, day) for task in first)
                own = None  # type: ignore[assignment]
            while pending and _ready(pending[0][1]):
                chunk, done = pending.popleft()
                if isinstance(done, list):
                    yield chunk, done
                else:
                    in_pool -= 1
                    yield chunk, _collected(chunk, plans.pop(id(done)), done.result(), day)
            if not pending and exhausted:
                return
            if not exhausted and sum(isinstance(done, list) for _, done in pending) < RUN_AHEAD:
                chunk = next(chunks, None)
                if chunk is None:
                    exhausted = True
                else:
                    pending.append((chunk, [_checked(task, day) for task in chunk]))
                continue
            if exhausted and _take_back(pending, day):
                in_pool -= 1
                continue
            # None when every chunk sent was collected and the parent runs none ahead
            # (RUN_AHEAD 0): the next pass sends more.
            oldest = next((done for _, done in pending if not isinstance(done, list)), None)
            if oldest is not None:
                wait([oldest], return_when=FIRST_COMPLETED)


class _Plan(NamedTuple):
    """A chunk as it went to a worker: each task's verdict key (`_file_key`), and whether
    it stayed here, a file of the same bytes as one sent earlier in the run."""

    keys: list[tuple[int, bytes] | None]
    stays: list[bool]


def _plan(chunk: list[Task], day: dt.date, sent: set[tuple[int, bytes]]) -> tuple[list[Task], _Plan]:
    """The tasks of `chunk` a worker checks, and the plan to put its outcomes back in
    order. Workers share no verdicts (each process keeps its own): the parent reads each
    file's bytes first and keeps back a file of the same bytes as one a worker already
    has, which then takes that verdict here (`_collected`). Without this a second process
    checked again most of what the first had, and `--jobs 2` took longer than `--jobs 1`
    on an event whose players register the same lists. A file checked here before is kept
    back too."""
    keys, stays, to_send = [], [], []
    for task in chunk:
        key, data = _file_key(task, day)
        # Sent, checked here, or kept by an earlier run.
        stay = key is not None and (key in sent or key in _VERDICTS or _kept(key) is not None)
        if key is not None and not stay:
            if len(sent) >= MAX_VERDICTS:  # as many as verdicts are kept: older ones may be gone
                sent.clear()
            sent.add(key)
        keys.append(key)
        stays.append(stay)
        if not stay:
            # The bytes go along: the verdict kept under this key is on them, not on the file
            # as a worker would read it later (one a player rewrites meanwhile would lend
            # its new verdict to every copy of the old bytes).
            to_send.append(task if data is None else task._replace(data=data))
    return to_send, _Plan(keys, stays)


def _collected(chunk: list[Task], plan: _Plan, wires: list[Wire], day: dt.date) -> Iterator[Outcome]:
    """The outcomes of a chunk sent to a worker, in task order: the worker's, each kept
    for the files of the same bytes after it (unless it is a row's error, whose message is
    its row's), and the verdicts of the files kept back; one whose verdict is not kept
    (`_remember` refused or forgot it) is checked here."""
    received = iter(wires)
    for task, key, stay in zip(chunk, plan.keys, plan.stays):
        if not stay:
            outcome = decode(next(received), task)
            result = outcome.result
            if key is not None and result.format and not any(problem.rule == REGISTRATION for problem in result.problems):
                _remember(key, result, task)
            yield outcome
            continue
        seen = _VERDICTS.get(key)  # type: ignore[arg-type]
        yield Outcome(result=seen.result_for(task)) if seen is not None else _checked(task, day)


def process_pool(workers: int, first: Task, formats: Formats | None = None) -> AbstractContextManager[ProcessPoolExecutor]:
    """The pool of `workers` worker processes, each taking the batch's `formats` and
    loading what `first` needs on start while the parent checks decks (worker_pool.py:
    how they stop on Ctrl-C). Imported here: multiprocessing and concurrent.futures cost
    a batch's start-up more than a hundred decks take, and most batches start no worker
    (planning.py)."""
    from ..formats import trusts_working_folder
    from .worker_pool import worker_pool

    # A copy: a Mapping the caller keeps may be a view of its own state, and a dict pickles.
    return worker_pool(workers, _start_worker, (first, trusts_working_folder(), dict(formats or {})))


def _take_back(pending: deque[tuple[list[Task], Future[list[Wire]] | list[Outcome]]], day: dt.date) -> bool:
    """At the end of a batch, rather than wait: check here the newest chunk no worker has
    started (a busy machine may give a worker little time); False when there is none."""
    for index in range(len(pending) - 1, -1, -1):
        chunk, done = pending[index]
        if not isinstance(done, list) and done.cancel():
            pending[index] = (chunk, [_checked(task, day) for task in chunk])
            return True
    return False


def _ready(done: Future[Any] | list[Outcome]) -> bool:
    return isinstance(done, list) or done.done()
