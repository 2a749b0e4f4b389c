"""Measure one command in a fresh process: wall seconds, CPU seconds and peak memory.

Shared by the benchmarks that run the installed command (`deckcheck_command`) and time
whole CLI runs. `measured`: a small Python parent starts the command and reads the
child's resource usage, so the peak RSS is the command's own and not that of the
benchmark process. `timed` / `best_of`: the peak of the whole process tree (workers
included), sampled from /proc (`TreeMemory`).
"""
from __future__ import annotations

import contextlib
import functools
import os
import resource
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

# The benchmarks measure checking: a batch run again takes the verdicts the run before it
# kept (deckcheck/batch/verdict_store.py), so best-of-N runs would measure the shortcut.
# batch_bench.py's "run again" rows ask for it (`keeping_verdicts`).
NO_CACHE = "DECKCHECK_NO_CACHE"
os.environ.setdefault(NO_CACHE, "1")


@contextlib.contextmanager
def keeping_verdicts() -> Iterator[None]:
    """Within: the commands run keep and take verdicts between runs."""
    before = os.environ.get(NO_CACHE)
    os.environ[NO_CACHE] = "0"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(NO_CACHE, None)
        else:
            os.environ[NO_CACHE] = before


_PARENT = """
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
wall, usage = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
print(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, done.returncode)
"""


def deckcheck_command() -> str:
    """The installed `deckcheck` next to this Python (or on PATH), its bytecode written as
    a regular install has it (`compile_installed_package`); exits when there is none."""
    found = shutil.which("deckcheck", path=str(Path(sys.executable).parent)) or shutil.which("deckcheck")
    if not found:
        sys.exit("the deckcheck command is not installed; pip install -e '.[bench]' first")
    compile_installed_package()
    return found


@functools.cache  # once a run: deckcheck_command is asked for at every measurement
def compile_installed_package() -> None:
    """Write the bytecode of the deckcheck package this Python imports, as `pip install .`
    (the README's install) does at install time. An editable install has none, and where
    PYTHONDONTWRITEBYTECODE is set (this development machine) Python never writes it, so
    every run would compile about 120 modules (~80 ms): a cost no regular install pays,
    and not one the peers measured beside deckcheck pay (pip compiled them)."""
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("deckcheck")
    if spec is not None and spec.origin is not None:
        compileall.compile_dir(str(Path(spec.origin).parent), quiet=1)


def measured(argv: list[str], *, accept: tuple[int, ...] = (0,)) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak RSS (MiB) of one run of `argv`."""
    out = subprocess.run([sys.executable, "-c", _PARENT, *argv], capture_output=True, text=True, check=True).stdout.split()
    if int(out[3]) not in accept:
        raise SystemExit(f"{' '.join(argv[:3])} ... failed (exit {out[3]})")
    return float(out[0]), float(out[1]), int(out[2]) / 1024


class TreeMemory:
    """Peak resident memory of a process and all its descendants, sampled from /proc."""

    def __init__(self, pid: int):
        self.pid = pid
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> TreeMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _children(self, pid: int) -> list[int]:
        found = []
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as handle:
                    found += [int(child) for child in handle.read().split()]
        except OSError:
            pass
        return found

    def _rss(self, pid: int) -> int:
        try:
            with open(f"/proc/{pid}/statm") as handle:
                return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            return 0

    def _run(self) -> None:
        while not self._stop.is_set():
            pids, total = [self.pid], 0
            while pids:
                pid = pids.pop()
                total += self._rss(pid)
                pids += self._children(pid)
            self.peak = max(self.peak, total)
            self._stop.wait(0.01)


def best_of(repeat: int, command: list[str]) -> tuple[float, int, float, subprocess.CompletedProcess]:
    """The fastest of `repeat` runs (wall and CPU each at their best; the highest peak memory seen)."""
    runs = [timed(command) for _ in range(max(1, repeat))]
    fastest = min(runs, key=lambda run: run[0])
    return fastest[0], max(run[1] for run in runs), min(run[2] for run in runs), fastest[3]


def timed(command: list[str]) -> tuple[float, int, float, subprocess.CompletedProcess]:
    """Wall seconds, peak memory of the process tree, CPU seconds (user + system, workers
    included: they are reaped by the command, so they count in its children's usage)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with TreeMemory(process.pid) as memory:
        stdout, stderr = process.communicate()
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, memory.peak, cpu, subprocess.CompletedProcess(command, process.returncode, stdout, stderr)
