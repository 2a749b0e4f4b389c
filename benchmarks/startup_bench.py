"""Start-up cost of the installed command, against a bare interpreter, side by side.

    python benchmarks/startup_bench.py [--runs 21]

Runs each command RUNS times, in turns (one run of each, then again), so a busy machine
slows all of them alike, after two warm-up rounds that also fill the parsed-format cache
(formats/disk_cache.py) as any second run finds it. Prints the median and the fastest
wall time and the median CPU time (user + system of the child) in milliseconds, and the
goal ratios of issue #15 on medians:

- `python -c pass`: the floor;
- `deckcheck --help`: served from deckcheck/_help.py without importing Typer (goal <= 2x);
- `deckcheck validate examples/burn-modern.txt -f mtg/modern`: card checks on, with the
  built-in card data (no database in the user folders the run sees), without Typer
  (cli/quick.py) (goal <= 6x);
- the same with `--no-cards`;
- `deckcheck simulate examples/burn-modern.txt -f mtg/modern --keep "2 <= lands <= 4"
  --assert "keep7 >= 0.7" -o junit`: an exact simulation in CI (keep odds and an
  assertion, no by-turn table), without Typer and, in plain-Python exact mode
  (engine/exact_plain.py), without numpy; next to it `python -c "import numpy"`, what
  that run no longer pays.

The user folders (XDG_DATA_HOME, XDG_CACHE_HOME) are a temporary folder, so a synced card
database of the machine's user is not what is measured. Compiled modules (.pyc) are
written first if PYTHONDONTWRITEBYTECODE would stop Python writing them: an installed
package has them, and compiling every module on each run is not start-up.
"""
from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from child_process import deckcheck_command

ROOT = Path(__file__).resolve().parent.parent
DECK = "examples/burn-modern.txt"


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall ms, child CPU ms) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1000, cpu * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="timed runs of each command (default 21)")
    options = parser.parse_args()
    import deckcheck

    compileall.compile_dir(Path(deckcheck.__file__).parent, quiet=1)
    home = tempfile.mkdtemp(prefix="deckcheck-startup-")
    env = {**os.environ, "NO_COLOR": "1", "XDG_DATA_HOME": f"{home}/data", "XDG_CACHE_HOME": f"{home}/cache"}
    for variable in ("GITHUB_ACTIONS", "DECKCHECK_CARDS_DB", "DECKCHECK_FORMATS_PATH"):
        env.pop(variable, None)
    validate = [deckcheck_command(), "validate", DECK, "-f", "mtg/modern"]
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "deckcheck --help": [deckcheck_command(), "--help"],
        "validate (card data)": validate,
        "validate --no-cards": [*validate, "--no-cards"],
        "simulate, exact, for CI": [
            deckcheck_command(), "simulate", DECK, "-f", "mtg/modern", "--keep", "2 <= lands <= 4",
            "--assert", "keep7 >= 0.7", "-o", "junit",
        ],
        'python -c "import numpy"': [sys.executable, "-c", "import numpy"],
    }
    runs: dict[str, list[tuple[float, float]]] = {label: [] for label in commands}
    for round_number in range(options.runs + 2):
        for label, args in commands.items():
            result = timed(args, env)
            if round_number >= 2:  # two warm-up rounds
                runs[label].append(result)
    print(f"{options.runs} runs each, in turns (ms)   wall median   wall min   cpu median   x floor (wall, cpu)")
    floor_wall = statistics.median(wall for wall, _ in runs["python -c pass"])
    floor_cpu = statistics.median(cpu for _, cpu in runs["python -c pass"])
    for label, results in runs.items():
        wall = statistics.median(wall for wall, _ in results)
        cpu = statistics.median(cpu for _, cpu in results)
        fastest = min(wall for wall, _ in results)
        print(f"{label:32} {wall:11.1f} {fastest:10.1f} {cpu:12.1f}   {wall / floor_wall:5.2f}x {cpu / floor_cpu:5.2f}x")
    print("goals (issue #15): --help <= 2x, validate with card data <= 6x the floor")


if __name__ == "__main__":
    main()
