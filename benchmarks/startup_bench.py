"""Start-up cost of the installed command, against a bare interpreter.

    python benchmarks/startup_bench.py [--runs 20]

Runs each command RUNS times (after two warm-up runs) and prints the median and the
fastest wall time and CPU time (user + system of the child) in milliseconds:
`python -c pass` (the floor), `deckcheck --help` (served from deckcheck/_help.py without
importing Typer) and one `deckcheck validate` of examples/burn-modern.txt (Typer, the
pipeline, every rule, one reporter). CPU time is steadier than wall time on a busy machine.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def deckcheck_command() -> str:
    return str(Path(sys.executable).parent / "deckcheck")


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall ms, child CPU ms) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, cwd=ROOT, env=env, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1000, cpu * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="timed runs of each command")
    options = parser.parse_args()
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("GITHUB_ACTIONS", None)
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "deckcheck --help": [deckcheck_command(), "--help"],
        "deckcheck validate": [deckcheck_command(), "validate", "examples/burn-modern.txt", "-f", "mtg/modern"],
    }
    print(f"{options.runs} runs each (ms)          wall median    wall min   cpu median    cpu min")
    for label, args in commands.items():
        for _ in range(2):
            timed(args, env)
        runs = [timed(args, env) for _ in range(options.runs)]
        walls, cpus = [wall for wall, _ in runs], [cpu for _, cpu in runs]
        print(f"{label:30} {statistics.median(walls):11.1f} {min(walls):11.1f} {statistics.median(cpus):12.1f} {min(cpus):10.1f}")


if __name__ == "__main__":
    main()
