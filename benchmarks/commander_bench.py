"""Commander benchmark: 100-card Commander decks per second, with the card data.

    python benchmarks/commander_bench.py [--decks 3000] [--jobs 1 2] [--repeat 3]

The card database is built as a judge builds it: the shared card file turned into a
Scryfall `default_cards` bulk file (tests/scryfall_shape.py) and imported with `deckcheck
cards import` (the import is timed too). The decks are the official preconstructed
Commander decks of tests/decks/precons/ (100-card lists in the text conventions of their
source), repeated until there are `--decks` files, with a CSV manifest. Then:

- `deckcheck batch MANIFEST -f mtg/commander --date 2026-08-31 -o json --quiet
  --cards-db DB --jobs N` through the installed command (every rule: command zone,
  color identity, singleton, companions, dated bans, the card pool);
- the library in this process, `check_deck` on the parsed decks with the catalog, and the
  same decks against `mtg/legacy` (no command zone, identity or singleton rules) to show
  what the Commander rules cost.

Each timed run is repeated `--repeat` times and the fastest counts. Printed: wall time,
decks/s, CPU time (user + system, workers included) and peak memory of the process tree.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from batch_bench import write_manifest  # noqa: E402
from child_process import best_of, deckcheck_command  # noqa: E402
from real_decks import find_shared_data  # noqa: E402

PRECONS = ROOT / "tests" / "decks" / "precons"
EVENT_DATE = "2026-08-31"


def build_database(folder: Path, shared: Path, command: str) -> tuple[Path, float]:
    """The card database of the shared card file, and the seconds its import took."""
    from scryfall_shape import convert

    bulk = folder / "default-cards.json"
    convert(shared / "mtg", bulk)
    database = folder / "cards.sqlite"
    start = time.perf_counter()
    subprocess.run([command, "cards", "import", str(bulk), "--cards-db", str(database)], check=True,
                   capture_output=True)
    return database, time.perf_counter() - start


def write_set(folder: Path, count: int) -> tuple[Path, list[str]]:
    """`count` deck files (the precons, repeated) and a manifest naming them."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(PRECONS.glob("*.txt"))]
    return write_manifest(folder, count, lambda index: (texts[index % len(texts)], "mtg/commander")), texts


def library_rate(texts: list[str], count: int, database: Path, format_id: str) -> tuple[float, int]:
    """Decks/s of `check_deck` in this process over `count` decks (parsed beforehand), and
    how many were legal."""
    from deckcheck.decklists import parse_text
    from deckcheck.formats import load
    from deckcheck.games.mtg.store import load_catalog
    from deckcheck.pipeline import check_deck

    fmt = load(format_id)
    catalog = load_catalog(database, offline=True)
    decks = [parse_text(texts[index % len(texts)], source=f"deck {index}") for index in range(count)]
    day = dt.date.fromisoformat(EVENT_DATE)
    check_deck(decks[0], fmt, date=day, cards=catalog)  # warm the catalog's first lookups
    start = time.perf_counter()
    legal = sum(check_deck(deck, fmt, date=day, cards=catalog).legal for deck in decks)
    return count / (time.perf_counter() - start), legal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decks", type=int, default=3000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    shared = find_shared_data()
    if not (shared / "mtg" / "cards.jsonl.gz").is_file():
        sys.exit(f"shared card data not found under {shared} (set DECKCHECK_SHARED_DATA)")
    command = deckcheck_command()
    with tempfile.TemporaryDirectory(prefix="commander-bench-") as temp:
        folder = Path(temp)
        database, import_seconds = build_database(folder, shared, command)
        manifest, texts = write_set(folder, args.decks)
        print(f"{args.decks:,} Commander decks ({len(texts)} precons repeated), 100 cards each, event date {EVENT_DATE}")
        print(f"card database: imported in {import_seconds:.1f} s from the Scryfall-shaped shared card file")
        print(f"{'run':<44} {'wall s':>8} {'decks/s':>9} {'CPU s':>7} {'peak MiB':>9}  result")
        for jobs in args.jobs:
            run = [command, "batch", str(manifest), "-f", "mtg/commander", "--date", EVENT_DATE, "-o", "json",
                   "--quiet", "--cards-db", str(database), "--jobs", str(jobs)]
            elapsed, peak, cpu, done = best_of(args.repeat, run)
            if done.returncode not in (0, 1):
                sys.exit(f"deckcheck batch failed: {done.stderr.strip()}")
            legal = sum(result["legal"] for result in json.loads(done.stdout)["results"])
            print(f"{f'deckcheck batch --jobs {jobs}':<44} {elapsed:>8.2f} {args.decks / elapsed:>9,.0f} {cpu:>7.2f} "
                  f"{peak / 2**20:>9.0f}  {legal:,} legal")
        for format_id in ("mtg/commander", "mtg/legacy"):
            rate, legal = max((library_rate(texts, args.decks, database, format_id) for _ in range(args.repeat)),
                              key=lambda found: found[0])
            print(f"{f'library check_deck, {format_id}':<44} {'':>8} {rate:>9,.0f} {'':>7} {'':>9}  {legal:,} legal")


if __name__ == "__main__":
    main()
