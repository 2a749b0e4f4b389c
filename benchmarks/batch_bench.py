"""Batch benchmark: `deckcheck batch` over 10,000 real decklists, against mtg-parser.

    pip install -e '.[bench]'          # mtg-parser, the yardstick
    python benchmarks/batch_bench.py [--decks 10000] [--jobs 1 2]

The real tournament decks of ../shared/data/mtg/decklists/decks.jsonl.gz are written as
MTGO-style text files (main deck, blank line, sideboard) into a temporary folder, repeated
until there are `--decks` files, with a CSV manifest that gives each deck its player and
its own format (mtg/standard, mtg/modern, ...). Then, in the same run:

- `deckcheck batch MANIFEST -f mtg/legacy --date 2026-08-31 -o json --jobs N` through the
  installed command: read, parse and validate every deck, and write the JSON report;
- the same files read and parsed by mtg-parser (`mtg_parser.parse_deck(text)`, which takes
  the list's text: it parses offline, the network is only for deck-site URLs), in a fresh
  interpreter too, so both sides pay for their start-up and imports.

Each is run `--repeat` times (3) and the fastest run counts: on a shared machine the
others are slowed by whatever else is running. Printed: wall time, decks/s, CPU time (user +
system, workers included: the figure a busy machine disturbs least), and peak memory (resident set of the whole process tree,
sampled from /proc every 10 ms; workers included) for each run.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from real_decks import find_shared_data, format_id, mtgo_text, read_decks  # noqa: E402

EVENT_DATE = "2026-08-31"


def write_set(folder: Path, count: int, shared: Path) -> Path:
    """`count` deck files (the real decks, repeated) and a manifest naming them."""
    decks = list(read_decks(shared))
    (folder / "decks").mkdir()
    manifest = folder / "registrations.csv"
    with open(manifest, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["player", "deck", "format"])
        for index in range(count):
            deck = decks[index % len(decks)]
            name = f"decks/{index:05d}.txt"
            (folder / name).write_text(mtgo_text(deck), encoding="utf-8")
            writer.writerow([f"player {index:05d}", name, format_id(deck)])
    return manifest


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


def mtg_parser_worker(file_list: str) -> None:
    """Runs in a fresh interpreter: read and parse every listed file with mtg-parser."""
    import mtg_parser

    paths = Path(file_list).read_text(encoding="utf-8").splitlines()
    cards = 0
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            cards += len(list(mtg_parser.parse_deck(handle.read()) or ()))
    print(json.dumps({"decks": len(paths), "entries": cards}))


def deckcheck_command() -> str:
    found = shutil.which("deckcheck", path=str(Path(sys.executable).parent)) or shutil.which("deckcheck")
    if not found:
        sys.exit("the deckcheck command is not installed; pip install -e '.[bench]' first")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the fastest counts (shared machines are noisy)")
    parser.add_argument("--mtg-parser-worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.mtg_parser_worker:
        mtg_parser_worker(args.mtg_parser_worker)
        return
    shared = find_shared_data()
    decks_file = shared / "mtg" / "decklists" / "decks.jsonl.gz"
    if not decks_file.is_file():
        sys.exit(f"real decklists not found at {decks_file} (set DECKCHECK_SHARED_DATA)")
    try:
        import mtg_parser  # noqa: F401
    except ImportError:
        sys.exit("mtg-parser is not installed: pip install -e '.[bench]'")
    deckcheck = deckcheck_command()
    with tempfile.TemporaryDirectory(prefix="deckcheck-bench-") as folder:
        root = Path(folder)
        manifest = write_set(root, args.decks, shared)
        files = sorted(str(path) for path in (root / "decks").iterdir())
        file_list = root / "files.txt"
        file_list.write_text("\n".join(files) + "\n", encoding="utf-8")
        print(f"{len(files):,} real decklists (from {decks_file.name}, repeated) on {os.cpu_count()} cores; "
              f"best of {args.repeat} runs each, load average {os.getloadavg()[0]:.2f} at start")
        print(f"{'run':<34} {'seconds':>8} {'decks/s':>9} {'peak MiB':>9} {'CPU s':>8} {'decks/CPUs':>10}")
        rows = []
        for jobs in args.jobs:
            command = [deckcheck, "batch", str(manifest), "-f", "mtg/legacy", "--date", EVENT_DATE,
                       "-o", "json", "--quiet", "--jobs", str(jobs)]
            elapsed, peak, cpu, done = best_of(args.repeat, command)
            if done.returncode not in (0, 1):
                sys.exit(f"deckcheck failed ({done.returncode}): {done.stderr.strip()}")
            report = json.loads(done.stdout)
            legal = sum(result["legal"] for result in report["results"])
            assert len(report["results"]) == len(files)
            rows.append((f"deckcheck batch --jobs {jobs} (validate)", elapsed, peak, cpu, f"{legal:,} legal"))
        elapsed, peak, cpu, done = best_of(args.repeat, [sys.executable, __file__, "--mtg-parser-worker", str(file_list)])
        if done.returncode != 0:
            sys.exit(f"mtg-parser run failed: {done.stderr.strip()}")
        parsed = json.loads(done.stdout)
        rows.append(("mtg-parser parse_deck (parse only)", elapsed, peak, cpu, f"{parsed['entries']:,} entries"))
        for name, elapsed, peak, cpu, note in rows:
            print(f"{name:<34} {elapsed:>8.2f} {len(files) / elapsed:>9,.0f} {peak / 2**20:>9.1f} "
                  f"{cpu:>8.2f} {len(files) / cpu:>10,.0f}  {note}")
        baseline_wall, baseline_cpu = rows[-1][1], rows[-1][3]
        for name, elapsed, _, cpu, _ in rows[:-1]:
            print(f"{name}: {baseline_wall / elapsed:.2f}x the decks/s of mtg-parser's parse alone "
                  f"({baseline_cpu / cpu:.2f}x per CPU-second)")


if __name__ == "__main__":
    main()
