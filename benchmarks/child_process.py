"""Measure one command in a fresh process: wall seconds, CPU seconds and peak RSS.

Shared by the benchmarks that run the installed command (`deckcheck_command`) and time whole CLI runs (`measured`). A
small Python parent starts the command and reads the child's resource usage, so the peak
RSS is the command's own and not that of the benchmark process.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

_PARENT = """
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
wall, usage = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
print(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, done.returncode)
"""


def deckcheck_command() -> str:
    """The installed `deckcheck` next to this Python (or on PATH); exits when there is none."""
    found = shutil.which("deckcheck", path=str(Path(sys.executable).parent)) or shutil.which("deckcheck")
    if not found:
        sys.exit("the deckcheck command is not installed; pip install -e '.[bench]' first")
    return found


def measured(argv: list[str], *, accept: tuple[int, ...] = (0,)) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak RSS (MiB) of one run of `argv`."""
    out = subprocess.run([sys.executable, "-c", _PARENT, *argv], capture_output=True, text=True, check=True).stdout.split()
    if int(out[3]) not in accept:
        raise SystemExit(f"{' '.join(argv[:3])} ... failed (exit {out[3]})")
    return float(out[0]), float(out[1]), int(out[2]) / 1024
