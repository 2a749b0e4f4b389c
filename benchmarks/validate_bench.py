"""Validation speed on real tournament decklists.

    python benchmarks/validate_bench.py [--data ../shared/data] [--repeat 1]

Prints decks per second for
- the library (parse MTGO text + every rule of the deck's format on its event date),
- a naive baseline in the same run: splitting the same texts into lines and summing counts
  (the least any validator must do), so the ratio says what the rules cost beyond reading,
- the installed CLI validating the decks as files in one `deckcheck validate` call,
and the peak memory (tracemalloc peak of the library run, and the process's max RSS).
"""
from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from real_decks import find_shared_data, format_id, mtgo_text, read_decks  # noqa: E402

from deckcheck import load_format, validate  # noqa: E402


def naive_baseline(texts: list[str]) -> int:
    total = 0
    for text in texts:
        for line in text.splitlines():
            if line:
                count, _, _name = line.partition(" ")
                total += int(count)
    return total


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=find_shared_data())
    parser.add_argument("--repeat", type=int, default=1, help="validate the corpus this many times")
    parser.add_argument("--cli-decks", type=int, default=1000, help="decks written to files for the CLI run")
    args = parser.parse_args()

    decks = list(read_decks(args.data)) * args.repeat
    texts = [mtgo_text(deck) for deck in decks]
    formats = {fid: load_format(fid) for fid in {format_id(deck) for deck in decks}}
    print(f"{len(decks):,} real decklists ({len(formats)} formats), validated on their event dates")

    start = time.perf_counter()
    naive_baseline(texts)
    baseline = time.perf_counter() - start

    def run_all() -> int:
        return sum(not validate(text, formats[format_id(deck)], deck["date"]).legal for deck, text in zip(decks, texts))

    start = time.perf_counter()
    illegal = run_all()
    elapsed = time.perf_counter() - start
    # Memory in a second pass: tracemalloc slows Python down several times.
    tracemalloc.start()
    run_all()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    print(f"library:  {len(decks) / elapsed:10,.0f} decks/s  ({elapsed:.2f} s, {illegal} illegal)")
    print(f"baseline: {len(decks) / baseline:10,.0f} decks/s  (split lines + sum counts only)")
    print(f"ratio:    validation costs {elapsed / baseline:.1f}x the naive line split")
    print(f"memory:   tracemalloc peak {peak / 2**20:.1f} MiB during validation; "
          f"max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")

    command = shutil.which("deckcheck") or str(Path(sys.executable).parent / "deckcheck")
    sample = [deck for deck in decks if deck["format"] == "Modern"][: args.cli_decks]
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for index, deck in enumerate(sample):
            path = Path(tmp) / f"deck{index:05}.txt"
            path.write_text(mtgo_text(deck), encoding="utf-8")
            paths.append(str(path))
        start = time.perf_counter()
        done = subprocess.run([command, "validate", *paths, "-f", "mtg/modern", "--date", "2025-01-01", "-o", "json"],
                              capture_output=True)
        cli_elapsed = time.perf_counter() - start
    print(f"CLI:      {len(sample) / cli_elapsed:10,.0f} decks/s  ({len(sample)} Modern files in one "
          f"`deckcheck validate` call, {cli_elapsed:.2f} s incl. start-up, exit {done.returncode})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
