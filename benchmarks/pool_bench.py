"""Limited-event benchmark: `deckcheck batch` over a few thousand sealed decks with pools.

    python benchmarks/pool_bench.py [--decks 3000] [--jobs 1 2] [--repeat 3]

Builds a sealed event from the real cards of ../shared/data/mtg/cards.jsonl.gz: each pool is
six boosters' worth (84 cards: 60 commons, 18 uncommons, 6 rares or mythics) of one of the
ten biggest expansions, drawn with a fixed seed; each deck is 23 cards of its pool plus 17
basic lands, and lists the rest of the pool as its sideboard (which the check counts too).
One player in twenty adds a card the pool does not hold, one in twenty a fourth copy, so
the problem path is exercised. Every third group of three players is a team sealed team
sharing one pool (named on every member's row; the members split it, the third lists
what is left as the sideboard), so team checks run too. Then, in
the same run, through the installed command:

- baseline: the same manifest without the `pool` column (`mtg/limited`: sizes only);
- `--pool` work: the manifest with the `pool` column, `--jobs 1` and `--jobs 2`;
- the same with `--deck-check 10% --seed 1`.

Each is run `--repeat` times and the fastest run counts (the machine is shared). Printed:
wall time, decks/s, CPU seconds (workers included), peak memory of the process tree.
"""
from __future__ import annotations

import argparse
import csv
import gzip
import json
import os
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # real_decks

from child_process import best_of, deckcheck_command  # noqa: E402
from real_decks import find_shared_data  # noqa: E402

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
BOOSTERS = {"common": 60, "uncommon": 18, "rare": 6}


def expansions(shared: Path, count: int = 10) -> list[dict[str, list[str]]]:
    """The `count` sets with the most different cards: {rarity: [names]} for each."""
    by_set: dict[str, dict[str, list[str]]] = {}
    with gzip.open(shared / "mtg" / "cards.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            card = json.loads(line)
            if "Land" in card.get("types", ()) and "Basic" in card.get("supertypes", ()):
                continue
            for printing in card.get("printings", ()):
                rarity = "rare" if printing["rarity"] in ("rare", "mythic") else printing["rarity"]
                if rarity in BOOSTERS:
                    names = by_set.setdefault(printing["set"], {}).setdefault(rarity, [])
                    if not names or names[-1] != card["name"]:
                        names.append(card["name"])
    complete = [sets for sets in by_set.values() if all(len(sets.get(r, ())) >= 10 for r in BOOSTERS)]
    return sorted(complete, key=lambda sets: -sum(len(names) for names in sets.values()))[:count]


def sealed_pool(rng: random.Random, cards: dict[str, list[str]]) -> Counter[str]:
    pool: Counter[str] = Counter()
    for rarity, copies in BOOSTERS.items():
        pool.update(rng.choice(cards[rarity]) for _ in range(copies))
    return pool


def listing(counts: Counter[str] | dict[str, int]) -> str:
    return "".join(f"{count} {name}\n" for name, count in counts.items() if count)


def write_event(root: Path, decks: int, shared: Path) -> tuple[Path, Path]:
    """The decks, pools and two manifests (with and without the pool column)."""
    rng = random.Random(8)
    sets = expansions(shared)
    (root / "decks").mkdir()
    (root / "pools").mkdir()
    with_pools = root / "registrations.csv"
    without = root / "registrations-no-pools.csv"
    with open(with_pools, "w", newline="", encoding="utf-8") as out, open(without, "w", newline="", encoding="utf-8") as bare:
        writer, bare_writer = csv.writer(out), csv.writer(bare)
        writer.writerow(["player", "deck", "team", "pool"])
        bare_writer.writerow(["player", "deck", "team"])
        left: Counter[str] = Counter()
        pool_name = ""
        for index in range(decks):
            group, seat = divmod(index, 3)
            team = f"team {group:04d}" if group % 3 == 2 else ""
            if not team or seat == 0:
                left = sealed_pool(rng, rng.choice(sets))
                pool_name = f"pools/{index:05d}.txt"
                (root / pool_name).write_text(listing(left), encoding="utf-8")
            # Team members split the team's pool: each takes 23 of what is left; the last
            # member (or a lone player) lists the rest as the sideboard.
            main: Counter[str] = Counter()
            for name in rng.sample(sorted(+left), k=min(23, len(+left))):
                main[name] += 1
            left.subtract(main)
            last = not team or seat == 2 or index == decks - 1
            side = listing(+left) if last else ""
            main[rng.choice(BASICS)] += 40 - sum(main.values())  # 17 or more basic lands
            if index % 20 == 7:
                main["Black Lotus"] += 1  # not in any pool
            elif index % 20 == 13:
                main[next(iter(main))] += 3  # more copies than the pool holds
            name = f"decks/{index:05d}.txt"
            (root / name).write_text(listing(main) + "\n" + side, encoding="utf-8")
            writer.writerow([f"player {index:05d}", name, team, pool_name])
            bare_writer.writerow([f"player {index:05d}", name, team])
    return with_pools, without


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=3000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    shared = find_shared_data()
    if not (shared / "mtg" / "cards.jsonl.gz").is_file():
        sys.exit(f"card data not found under {shared} (set DECKCHECK_SHARED_DATA)")
    deckcheck = deckcheck_command()
    with tempfile.TemporaryDirectory(prefix="deckcheck-pool-bench-") as folder:
        root = Path(folder)
        with_pools, without = write_event(root, args.decks, shared)
        print(f"{args.decks:,} sealed decks with 84-card pools on {os.cpu_count()} cores; best of {args.repeat} runs "
              f"each, load average {os.getloadavg()[0]:.2f} at start")
        print(f"{'run':<46} {'seconds':>8} {'decks/s':>9} {'CPU s':>7} {'peak MiB':>9}")
        runs = []
        for jobs in args.jobs:
            runs.append((f"no pool column (sizes only), --jobs {jobs}", without, jobs, []))
            runs.append((f"pool column, --jobs {jobs}", with_pools, jobs, []))
        runs.append((f"pool column + --deck-check 10%, --jobs {args.jobs[-1]}", with_pools, args.jobs[-1],
                     ["--deck-check", "10%", "--seed", "1"]))
        measured = {}
        for name, manifest, jobs, extra in runs:
            command = [deckcheck, "batch", str(manifest), "-f", "mtg/limited", "-o", "json", "--quiet",
                       "--jobs", str(jobs), *extra]
            elapsed, peak, cpu, done = best_of(args.repeat, command)
            if done.returncode not in (0, 1):
                sys.exit(f"deckcheck failed ({done.returncode}): {done.stderr.strip()}")
            report = json.loads(done.stdout)
            assert len(report["results"]) == args.decks
            illegal = sum(not result["legal"] for result in report["results"])
            bad_teams = sum(not team["legal"] for team in report["teams"])
            measured[name] = elapsed
            print(f"{name:<46} {elapsed:>8.2f} {args.decks / elapsed:>9,.0f} {cpu:>7.2f} {peak / 2**20:>9.1f}"
                  f"  {illegal} illegal decks, {len(report['teams'])} teams ({bad_teams} illegal)")
        for jobs in args.jobs:
            base = measured[f"no pool column (sizes only), --jobs {jobs}"]
            pooled = measured[f"pool column, --jobs {jobs}"]
            print(f"--jobs {jobs}: checking against pools takes {pooled / base:.2f}x the time of sizes only")


if __name__ == "__main__":
    main()
