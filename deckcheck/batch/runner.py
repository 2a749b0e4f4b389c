"""Checking many decks at once: in this process, or spread over worker processes.

Decks are sent to workers in chunks (a task is a path and a format id, a few hundred
bytes), because thousands of tiny decks would otherwise spend more time travelling
between processes than being checked. Each worker loads a format once (formats are cached
per process) and reads its decks itself. Results are put back in task order, so the report
is the same whatever `--jobs` is.
"""
from __future__ import annotations

import datetime as dt
import os
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..formats import Format, load
from ..model import CardEntry
from ..decklists import load_deck
from ..decklists.layout import settle_sideboard
from ..pipeline import card_catalog, check_deck
from ..registered_pools import Pool, read_pool
from ..problem import Problem, ProblemBudget
from ..result import DeckResult
from .registration import registration_problem

# Below this many decks, starting processes costs more than it saves.
PARALLEL_THRESHOLD = 64
# Chunks per worker: enough that a slow chunk does not leave the other workers idle and
# that the progress bar moves, few enough that sending them costs next to nothing.
CHUNKS_PER_JOB = 8
MAX_CHUNK = 256


@dataclass(frozen=True)
class Task:
    """One deck to check: the file, its name in the report, and the format to apply
    (None: only read it, the format could not be loaded). `keep_entries` asks for the
    deck's cards (and pool) back, for the team checks. `pool_path` is the registered pool
    of a limited event, `pool_shown` its name in the report, `line` the manifest line.
    `cards_db` names the card database (None: the default one, else the built-in data;
    `cards=False`: none); batches never look names up online, because worker processes could
    not share Scryfall's rate limit and `--jobs` must not change a report. `platform` is
    where the player's event is played."""

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


@dataclass
class Outcome:
    result: DeckResult
    entries: list[CardEntry] | None = None
    pool: Pool | None = None


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


# Formats by id, per process: `formats.load` looks for the file on every call.
_FORMATS: dict[str, Format] = {}


def _format(format_id: str) -> Format:
    fmt = _FORMATS.get(format_id)
    if fmt is None:
        fmt = _FORMATS[format_id] = load(format_id)
    return fmt


# The last pools read, per process: the members of a team share one pool file, and their
# rows sit together, so a few suffice (every pool of an event would hold its cards for nothing).
_POOLS: OrderedDict[tuple[str, str], tuple[tuple[int, int] | None, Pool | str]] = OrderedDict()
POOL_CACHE_SIZE = 16


def _pool(task: Task) -> Pool | str:
    """The task's pool, or why it cannot be read."""
    assert task.pool_path is not None
    shown = task.pool_shown or task.pool_path
    try:
        stat = os.stat(task.pool_path)
        stamp: tuple[int, int] | None = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        stamp = None
    key = (task.pool_path, shown)
    cached = _POOLS.get(key)
    if cached is not None and stamp is not None and cached[0] == stamp:
        _POOLS.move_to_end(key)
        return cached[1]
    try:
        found: Pool | str = read_pool(Path(task.pool_path), shown=shown)
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


def check_one(task: Task, day: dt.date) -> Outcome:
    deck = load_deck(task.path)
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
        fmt = _format(task.format_id)
        catalog = _catalog(fmt, task.cards_db) if task.cards else False
        deck = settle_sideboard(deck, fmt, day, task.platform)  # the team checks below read the settled zones
        result = check_deck(deck, fmt, date=day, pool=pool, cards=catalog, offline=True, platform=task.platform)
    result.problems[:0] = pool_problems
    result.pool = task.pool_shown
    result.deck = task.shown
    if task.path != task.shown:
        # Messages name the file read (a temporary folder for zips): name it as the report does.
        prefix = f"{task.path}:"
        result.problems = [
            replace(problem, message=task.shown + ":" + problem.message[len(prefix):])
            if problem.message.startswith(prefix) else problem
            for problem in result.problems
        ]
    entries = list(deck.entries) if task.keep_entries and not deck.unreadable else None
    return Outcome(result=result, entries=entries, pool=pool if task.keep_entries else None)


def _check_chunk(tasks: Sequence[Task], day: dt.date) -> list[Outcome]:
    return [check_one(task, day) for task in tasks]


def _chunks(tasks: Sequence[Task], jobs: int) -> list[tuple[int, Sequence[Task]]]:
    size = max(1, min(MAX_CHUNK, -(-len(tasks) // (jobs * CHUNKS_PER_JOB))))
    return [(start, tasks[start:start + size]) for start in range(0, len(tasks), size)]


def run(
    tasks: Sequence[Task],
    *,
    day: dt.date,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Outcome]:
    """Check every task; outcomes come back in task order, their problems within the
    report's budget (limits.py), spent in task order whatever `jobs` is."""
    jobs = jobs or default_jobs()
    tick = progress or (lambda done: None)
    budget = ProblemBudget()
    if jobs <= 1 or len(tasks) < PARALLEL_THRESHOLD:
        outcomes: list[Outcome] = []
        for _, chunk in _chunks(tasks, 1):
            outcomes.extend(_spend(budget, _check_chunk(chunk, day)))
            tick(len(chunk))
        return outcomes
    slots: list[Outcome | None] = [None] * len(tasks)
    chunks = _chunks(tasks, jobs)
    spent = 0  # outcomes before this index have had their problems budgeted
    with ProcessPoolExecutor(max_workers=min(jobs, len(chunks))) as pool:
        futures = {pool.submit(_check_chunk, chunk, day): start for start, chunk in chunks}
        for future in as_completed(futures):
            start = futures[future]
            done = future.result()
            slots[start:start + len(done)] = done
            while spent < len(slots) and slots[spent] is not None:
                _spend(budget, [slots[spent]])  # type: ignore[list-item]
                spent += 1
            tick(len(done))
    return [outcome for outcome in slots if outcome is not None]


def _spend(budget: ProblemBudget, outcomes: list[Outcome]) -> list[Outcome]:
    for outcome in outcomes:
        outcome.result.problems = budget.take(outcome.result.problems)
    return outcomes
