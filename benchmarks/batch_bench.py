"""Batch benchmark: `deckcheck batch` over 10,000 real decklists, against mtg-parser and a floor.

    pip install -e '.[bench]'          # mtg-parser, the yardstick
    python benchmarks/batch_bench.py [--decks 10000] [--jobs 1 2] [--scale 1000 10000 50000] [--scale-outputs json sarif ...]

The real tournament decks of ../shared/data/mtg/decklists/decks.jsonl.gz are written as
MTGO-style text files (main deck, blank line, sideboard) into a temporary folder, repeated
until there are `--decks` files, with a CSV manifest that gives each deck its player and
its own format (mtg/standard, mtg/modern, ...). Then, in the same run:

- `deckcheck batch MANIFEST -f mtg/legacy --date 2026-08-31 -o json --jobs N` through the
  installed command: read, parse and validate every deck, and write the JSON report; once
  with `--no-cache` (every deck checked), once run again after a run that kept its
  verdicts (only changed decks are checked: here none), the reports byte for byte the same;
- the same files read and parsed by mtg-parser (`mtg_parser.parse_deck(text)`, which takes
  the list's text: it parses offline, the network is only for deck-site URLs), in a fresh
  interpreter too, so both sides pay for their start-up and imports;
- the floor: the same manifest and files checked in the simplest way plain Python allows,
  in a fresh interpreter (`floor_worker`): read each file, split `N Name` lines into main
  deck and sideboard at the blank line, check the sizes (main >= 60, sideboard <= 15), the
  copy limit (4 by name over both, basic lands exempt) and the format's banned list on the
  event day (read once per format from formats/, `extends` followed), and write one JSON
  result per deck as it goes. It knows no other rule, no card data, no other list shape:
  what deckcheck does beyond it is the price of everything else it checks.

Then the scaling runs (`--scale`, 1k, 10k and 50k decks by default, `--jobs` each, one run
each unless `--scale-repeat`, JSON unless `--scale-outputs` names others): wall time,
decks/s and peak memory of the process tree, the 50k/10k memory ratio of each output (a
batch streams its report: memory should barely grow), and the
largest event that fits in one minute at the best rate of the largest run.

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
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from child_process import best_of, deckcheck_command, keeping_verdicts  # noqa: E402
from real_decks import find_shared_data, format_id, mtgo_text, read_decks  # noqa: E402

EVENT_DATE = "2026-08-31"


def write_set(folder: Path, count: int, shared: Path) -> Path:
    """`count` deck files (the real decks, repeated) and a manifest naming them."""
    decks = list(read_decks(shared))

    def deck_at(index: int) -> tuple[str, str]:
        deck = decks[index % len(decks)]
        return mtgo_text(deck), format_id(deck)

    return write_manifest(folder, count, deck_at)


def write_manifest(folder: Path, count: int, deck_at: Callable[[int], tuple[str, str]]) -> Path:
    """`count` deck files under folder/decks and a CSV manifest (player, deck, format)
    naming them; `deck_at(index)` gives each deck's text and format id."""
    (folder / "decks").mkdir()
    manifest = folder / "registrations.csv"
    with open(manifest, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["player", "deck", "format"])
        for index in range(count):
            text, format_id_ = deck_at(index)
            name = f"decks/{index:05d}.txt"
            (folder / name).write_text(text, encoding="utf-8")
            writer.writerow([f"player {index:05d}", name, format_id_])
    return manifest


def mtg_parser_worker(file_list: str) -> None:
    """Runs in a fresh interpreter: read and parse every listed file with mtg-parser."""
    import mtg_parser

    paths = Path(file_list).read_text(encoding="utf-8").splitlines()
    cards = 0
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            cards += len(list(mtg_parser.parse_deck(handle.read()) or ()))
    print(json.dumps({"decks": len(paths), "entries": cards}))


BASIC_LANDS = frozenset({
    "Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes",
    "Snow-Covered Plains", "Snow-Covered Island", "Snow-Covered Swamp", "Snow-Covered Mountain", "Snow-Covered Forest",
})


def floor_banned(format_id: str, day: str, cache: dict[str, frozenset[str]]) -> frozenset[str]:
    """The names banned in `format_id` on `day` (ISO dates compare as text), its `extends` included."""
    if format_id not in cache:
        import yaml

        data = yaml.safe_load((ROOT / "formats" / f"{format_id}.yaml").read_text(encoding="utf-8")) or {}
        names = set(floor_banned(data["extends"], day, cache)) if data.get("extends") else set()
        for entry in data.get("banned") or ():
            if isinstance(entry, str):
                names.add(entry.lower())
            elif str(entry.get("since", "")) <= day and (entry.get("until") is None or day < str(entry["until"])):
                names.add(str(entry["card"]).lower())
        cache[format_id] = frozenset(names)
    return cache[format_id]


def floor_worker(manifest: str) -> None:
    """Runs in a fresh interpreter: the floor (see the module docstring), JSON on stdout."""
    folder = Path(manifest).parent
    banned_lists: dict[str, frozenset[str]] = {}
    out = sys.stdout
    out.write('{"deckcheck": "1", "results": [')
    with open(manifest, newline="", encoding="utf-8") as rows:
        for index, row in enumerate(csv.DictReader(rows)):
            zones: dict[str, dict[str, int]] = {"main": {}, "sideboard": {}}
            zone = zones["main"]
            with open(folder / row["deck"], encoding="utf-8") as handle:
                for line in handle:
                    line = line.strip()
                    if not line:
                        zone = zones["sideboard"]
                        continue
                    count, _, name = line.partition(" ")
                    zone[name] = zone.get(name, 0) + int(count)
            counts = {name: sum(cards.values()) for name, cards in zones.items()}
            problems = []
            if counts["main"] < 60:
                problems.append({"rule": "deck-size", "message": f"main deck has {counts['main']} cards; at least 60"})
            if counts["sideboard"] > 15:
                problems.append({"rule": "sideboard-size", "message": f"sideboard has {counts['sideboard']} cards; at most 15"})
            banned = floor_banned(row["format"], EVENT_DATE, banned_lists)
            totals: dict[str, int] = {}
            for cards in zones.values():
                for name, count in cards.items():
                    totals[name] = totals.get(name, 0) + count
            for name, count in totals.items():
                if name.lower() in banned:
                    problems.append({"rule": "banned", "card": name, "message": f"{name} is banned"})
                elif count > 4 and name not in BASIC_LANDS:
                    problems.append({"rule": "copy-limit", "card": name, "count": count, "limit": 4,
                                     "message": f"{count} copies of {name}; at most 4 allowed"})
            result = {"deck": row["deck"], "format": row["format"], "legal": not problems, "player": row["player"],
                      "counts": counts, "problems": problems}
            out.write(("\n" if index == 0 else ",\n") + json.dumps(result, ensure_ascii=False))
    out.write("\n]}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the fastest counts (shared machines are noisy)")
    parser.add_argument("--scale", type=int, nargs="*", default=[1_000, 10_000, 50_000],
                        help="decks of each scaling run (none: skip them)")
    parser.add_argument("--scale-repeat", type=int, default=1, help="runs of each scaling size; the fastest counts")
    parser.add_argument("--scale-outputs", nargs="+", default=["json"],
                        help="the report formats of the scaling runs (each streams: its memory should barely grow), "
                             "e.g. text json csv junit sarif html github")
    parser.add_argument("--mtg-parser-worker", help=argparse.SUPPRESS)
    parser.add_argument("--floor-worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.mtg_parser_worker:
        mtg_parser_worker(args.mtg_parser_worker)
        return
    if args.floor_worker:
        floor_worker(args.floor_worker)
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
        print(f"{'run':<42} {'seconds':>8} {'decks/s':>9} {'peak MiB':>9} {'CPU s':>8} {'decks/CPUs':>10}")
        rows = []
        # The runs' own cache folder: the verdicts kept between runs (batch/verdict_store.py)
        # and the parsed formats start empty, and the user's are left alone.
        os.environ["XDG_CACHE_HOME"] = str(root / "cache")
        reports = set()
        for jobs in args.jobs:
            command = [deckcheck, "batch", str(manifest), "-f", "mtg/legacy", "--date", EVENT_DATE,
                       "-o", "json", "--quiet", "--jobs", str(jobs)]
            # Every deck checked (--no-cache), then the same run again with the verdicts the
            # run before kept: what an organiser's second run, or CI's next push, costs.
            for what, extra in (("every deck checked", ["--no-cache"]), ("run again", [])):
                if extra:
                    elapsed, peak, cpu, done = best_of(args.repeat, command + extra)
                else:
                    with keeping_verdicts():
                        best_of(1, command)  # keeps the verdicts
                        elapsed, peak, cpu, done = best_of(args.repeat, command)
                if done.returncode not in (0, 1):
                    sys.exit(f"deckcheck failed ({done.returncode}): {done.stderr.strip()}")
                reports.add(done.stdout)
                report = json.loads(done.stdout)
                legal = sum(result["legal"] for result in report["results"])
                assert len(report["results"]) == len(files)
                rows.append((f"deckcheck batch -j {jobs}, {what}", elapsed, peak, cpu, f"{legal:,} legal"))
        assert len(reports) == 1, "the reports differ between runs"
        elapsed, peak, cpu, done = best_of(args.repeat, [sys.executable, __file__, "--mtg-parser-worker", str(file_list)])
        if done.returncode != 0:
            sys.exit(f"mtg-parser run failed: {done.stderr.strip()}")
        parsed = json.loads(done.stdout)
        rows.append(("mtg-parser parse_deck (parse only)", elapsed, peak, cpu, f"{parsed['entries']:,} entries"))
        elapsed, peak, cpu, done = best_of(args.repeat, [sys.executable, __file__, "--floor-worker", str(manifest)])
        if done.returncode != 0:
            sys.exit(f"floor run failed: {done.stderr.strip()}")
        floor = json.loads(done.stdout)["results"]
        rows.append(("floor (parse+3 rules+JSON, plain)", elapsed, peak, cpu, f"{sum(r['legal'] for r in floor):,} legal"))
        for name, elapsed, peak, cpu, note in rows:
            print(f"{name:<42} {elapsed:>8.2f} {len(files) / elapsed:>9,.0f} {peak / 2**20:>9.1f} "
                  f"{cpu:>8.2f} {len(files) / cpu:>10,.0f}  {note}")
        (_, parser_wall, _, parser_cpu, _), (_, floor_wall, _, floor_cpu, _) = rows[-2], rows[-1]
        for name, elapsed, _, cpu, _ in rows[:-2]:
            print(f"{name}: {parser_wall / elapsed:.2f}x the decks/s of mtg-parser's parse alone "
                  f"({parser_cpu / cpu:.2f}x per CPU-second); {elapsed / floor_wall:.2f}x the floor's time "
                  f"({cpu / floor_cpu:.2f}x its CPU time)")
    if args.scale:
        scaling(deckcheck, shared, args.scale, args.jobs, args.scale_repeat, args.scale_outputs)


def scaling(
    deckcheck: str, shared: Path, sizes: list[int], jobs_list: list[int], repeat: int, outputs: list[str],
) -> None:
    """Time and peak memory of `deckcheck batch -o OUTPUT` at each size, for each --jobs."""
    print(f"\nscaling: best of {repeat} run(s) each, load average {os.getloadavg()[0]:.2f} at start")
    print(f"{'decks':>7} {'output':>6} {'jobs':>4} {'seconds':>8} {'decks/s':>9} {'peak MiB':>9} {'CPU s':>8}")
    peaks: dict[tuple[int, str, int], int] = {}
    best_rate = 0.0
    for size in sizes:
        with tempfile.TemporaryDirectory(prefix="deckcheck-scale-") as folder:
            manifest = write_set(Path(folder), size, shared)
            for output in outputs:
                for jobs in jobs_list:
                    command = [deckcheck, "batch", str(manifest), "-f", "mtg/legacy", "--date", EVENT_DATE,
                               "-o", output, "--quiet", "--jobs", str(jobs)]
                    elapsed, peak, cpu, done = best_of(repeat, command)
                    if done.returncode not in (0, 1):
                        sys.exit(f"deckcheck failed ({done.returncode}): {done.stderr.strip()}")
                    peaks[size, output, jobs] = peak
                    if size == max(sizes) and output == "json":
                        best_rate = max(best_rate, size / elapsed)
                    print(f"{size:>7,} {output:>6} {jobs:>4} {elapsed:>8.2f} {size / elapsed:>9,.0f} "
                          f"{peak / 2**20:>9.1f} {cpu:>8.2f}")
    for output in outputs:
        for jobs in jobs_list:
            if (10_000, output, jobs) in peaks and (50_000, output, jobs) in peaks:
                ratio = peaks[50_000, output, jobs] / peaks[10_000, output, jobs]
                print(f"-o {output} --jobs {jobs}: peak memory at 50k decks is {ratio:.2f}x that at 10k")
    if best_rate:
        print(f"largest event in one minute: about {int(best_rate * 60) // 1000 * 1000:,} decks "
              f"(the best JSON rate at {max(sizes):,} decks, {best_rate:,.0f} decks/s)")


if __name__ == "__main__":
    main()
