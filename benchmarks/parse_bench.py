"""Parsing alone, in-process: the distinct decklists of a batch set, each parsed once.

    python benchmarks/parse_bench.py DIR [--repeat 5]

DIR is a folder of deck files (a `batch_bench.write_set` folder: DIR/decks/*.txt, or any
folder of lists). The files are read and identical bytes dropped first (a batch checks
identical files once: batch/runner.check_one), then `decklists.parse_bytes` is timed over
every distinct list; the best of `--repeat` runs is printed, with the time per list. The
parser's caches (names.display_name, the text parser's lines, ...) are cleared before each
run, so each run pays for them as one batch run does.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckcheck import names  # noqa: E402
from deckcheck.decklists import parse_bytes, text  # noqa: E402

# Every functools cache of the modules parsing goes through.
_CACHED = [value for module in (names, text) for value in vars(module).values() if hasattr(value, "cache_clear")]


def distinct_lists(folder: Path) -> list[tuple[str, bytes]]:
    """(path, bytes) of each distinct file under `folder`, in name order."""
    decks = folder / "decks" if (folder / "decks").is_dir() else folder
    seen: dict[bytes, str] = {}
    for path in sorted(decks.rglob("*")):
        if path.is_file():
            seen.setdefault(path.read_bytes(), str(path))
    return [(source, data) for data, source in seen.items()]


def time_once(lists: list[tuple[str, bytes]]) -> float:
    for cached in _CACHED:
        cached.cache_clear()
    start = time.perf_counter()
    for source, data in lists:
        parse_bytes(data, source=source)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    lists = distinct_lists(args.folder)
    best = min(time_once(lists) for _ in range(args.repeat))
    print(f"{len(lists)} distinct lists: best of {args.repeat} {best:.3f} s, {best / len(lists) * 1e6:.1f} us per list")


if __name__ == "__main__":
    main()
