"""How many worker processes a batch starts: chosen from the work and the idle cores.

`--jobs N` is a ceiling. The main process checks the first decks itself for SAMPLE_SECONDS
while it watches the machine (idle_cores), then starts a worker only where a core sits
idle and the decks left would keep it busy several times as long as starting it costs
(worker_count). A worker is a fresh interpreter that imports the checks and opens the card
data before its first deck (WORKER_START_CPU): on a small batch, or on a machine whose
other cores are busy, one process finishes first (docs/speed.md, Batch).
"""
from __future__ import annotations

import os
import time

from ..record import Record

# CPU seconds a new worker costs beyond the decks it takes over, on this 2-core machine
# (benchmarks/batch_bench.py, docs/speed.md): its start (spawned interpreter, imports, card
# data, ~0.3 s), then the first sight of every card its decks hold, which the main process
# has paid for already (a lookup and a card-pool standing each: ~0.3 s on 10,000 real
# decks), and the chunks and results sent. Measured 2026-12-03: a worker on 10,000 real
# decks added 1.25 CPU seconds and made the run 10% slower than one process.
WORKER_START_CPU = 0.8
# A worker must take on at least this many times the CPU its start costs.
MIN_PAYBACK = 2.0
# No worker for less estimated work than this (CPU seconds): the estimate is the first
# decks' cost times the decks left, and the first decks are all new lists, while a real
# event's lists repeat (netdecks, players' copies), so the later decks cost a verdict
# reused in the main process, which no worker takes over. And with a worker the main
# process still reads every file (to keep back the lists already sent), and those reads
# took ten times their share of its time, for a reason not found yet. Measured 2026-12-03 on the benchmark's real decks
# (6,024 lists repeated): 50,000 decks were estimated at 11-12 s and a worker made the run
# 17% slower (5.24 s against 4.49 s); 10,000 decks, 10% slower.
MIN_WORKER_CPU = 16.0
# How long the main process checks decks alone before deciding: long enough to read the
# per-deck cost and the machine's idle time (/proc/stat counts in 10 ms ticks).
SAMPLE_SECONDS = 0.12


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


def worker_count(remaining_cpu: float, idle: float, jobs: int) -> int:
    """Workers for `remaining_cpu` seconds of checking left, `idle` idle cores besides
    the one the main process runs on, and `--jobs` `jobs`: at most jobs - 1 and one per
    idle core (a worker on a busy core slows the main process as much as it helps), and
    only as many as the work pays for: w workers take w/(w+1) of it, which must be at least
    MIN_PAYBACK times their start; none for less than MIN_WORKER_CPU of work."""
    if remaining_cpu < MIN_WORKER_CPU:
        return 0
    workers = min(jobs - 1, int(idle + 0.25))
    while workers > 0 and remaining_cpu * workers / (workers + 1) < MIN_PAYBACK * WORKER_START_CPU * workers:
        workers -= 1
    return max(0, workers)


def _cpu_ticks() -> dict[str, tuple[int, int]] | None:
    """(idle, total) ticks of each CPU this process may run on, from /proc/stat; None
    where there is no /proc/stat."""
    try:
        allowed = {f"cpu{index}" for index in os.sched_getaffinity(0)}
        with open("/proc/stat", encoding="ascii") as stat:
            lines = stat.read().splitlines()
    except (AttributeError, OSError):
        return None
    ticks = {}
    for line in lines:
        name, _, rest = line.partition(" ")
        if name in allowed:
            values = [int(value) for value in rest.split()]
            ticks[name] = (values[3] + values[4], sum(values[:8]))  # idle + iowait; guest time is inside user
    return ticks or None


class Sample(Record):
    """The main process's first decks, timed: CPU seconds spent per deck and the idle
    cores seen meanwhile."""

    # A Record, not a dataclass: a batch imports no `dataclasses` (deckcheck/record.py).
    __slots__ = ("wall", "cpu", "ticks")
    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was

    def __init__(self, wall: float, cpu: float, ticks: dict[str, tuple[int, int]] | None) -> None:
        self.wall = wall
        self.cpu = cpu
        self.ticks = ticks

    @classmethod
    def start(cls) -> Sample:
        return cls(time.perf_counter(), time.process_time(), _cpu_ticks())

    def elapsed(self) -> float:
        return time.perf_counter() - self.wall

    def cpu_spent(self) -> float:
        return time.process_time() - self.cpu

    def idle_cores(self, fallback: int) -> float:
        """Idle cores since the sample began, the main process's own excluded (it was
        busy checking): what a worker would get. `fallback` where the machine does not say
        (no /proc/stat, or too short a sample to count ticks)."""
        now = _cpu_ticks()
        if self.ticks is None or now is None:
            return float(fallback)
        idle = total = 0
        for name, (idle_then, total_then) in self.ticks.items():
            if name in now:
                idle += now[name][0] - idle_then
                total += now[name][1] - total_then
        cpus = len(self.ticks)
        if total < 4 * cpus:
            return float(fallback)
        return cpus * idle / total
