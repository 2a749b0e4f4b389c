"""Benchmark `deckcheck simulate` on big decks and far turns: what MAX_SIMULATED_CARDS,
MAX_TURNS and MAX_EXACT_EVENT_WORK (deckcheck/limits.py) let a hostile input ask for.

    python benchmarks/simulate_size_bench.py [--sizes 60,100,250,500] [--turns 50] [--hands 65536]

Each run is the installed command in a fresh process (wall and CPU seconds, peak RSS of
that process), on decks this script writes: 40% Mountain and one copy each of the other
cards ("Spell 0000", ...), read with --no-cards.

- Monte Carlo: `--hands H --seed 1 --card "Spell 0000" -o json` for each deck size; peak
  RSS should stay flat in the deck size (a batch is shuffled a slice of games at a time).
  The sha256 of each JSON report (without its temporary `deck` path) is printed, to
  compare two versions digit for digit.
- The exact by-turn table to `--turns` of every card (the default: every non-land card)
  of the largest deck, and of a deck of 35 Mountains and 30 cards of 1 to 30 copies (the
  most different copy counts 500 cards can hold).
- The same table of the largest deck sampled: `--hands 100000 --seed 1` (every one of its
  singletons tracked to `--turns`).
- An exact event of six cards of its own to turn `--turns` (past MAX_EXACT_EVENT_WORK: it
  is sampled, with a note).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from child_process import deckcheck_command, measured  # noqa: E402


def singletons(size: int) -> str:
    lands = size * 2 // 5
    return f"{lands} Mountain\n" + "".join(f"1 Spell {index:04d}\n" for index in range(size - lands))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="60,100,250,500", help="deck sizes for the Monte Carlo runs")
    parser.add_argument("--turns", type=int, default=50)
    parser.add_argument("--hands", type=int, default=65536)
    args = parser.parse_args()
    command = deckcheck_command()
    folder = Path(tempfile.mkdtemp())
    sizes = [int(size) for size in args.sizes.split(",")]

    def run(label: str, deck_text: str, *options: str) -> None:
        deck = folder / f"{label}.txt"
        deck.write_text(deck_text, encoding="utf-8")
        argv = [command, "simulate", str(deck), "-f", "mtg/constructed", "--no-cards", *options]
        wall, cpu, rss = measured(argv)
        report = json.loads(subprocess.run(argv, capture_output=True, check=True).stdout)
        report.pop("deck")  # the temporary folder's path
        digest = hashlib.sha256(json.dumps(report, sort_keys=True).encode()).hexdigest()[:16]
        print(f"{label:>34}: {wall:6.2f} s wall, {cpu:6.2f} s CPU, peak RSS {rss:6.1f} MiB, report sha256 {digest}")

    print(f"Monte Carlo, {args.hands:,} hands, seed 1:")
    for size in sizes:
        run(f"{size} cards", singletons(size), "--hands", str(args.hands), "--seed", "1", "--card", "Spell 0000", "-o", "json")
    print(f"Exact by-turn table to turn {args.turns}:")
    run(f"{max(sizes)} cards, every card", singletons(max(sizes)), "--turns", str(args.turns), "-o", "json")
    copies = "35 Mountain\n" + "".join(f"{count} Card {count:02d}\n" for count in range(1, 31))
    run("500 cards of 1-30 copies", copies, "--turns", str(args.turns), "-o", "json")
    print(f"Sampled by-turn table to turn {args.turns}, 100,000 hands, seed 1:")
    run(f"{max(sizes)} cards, every card", singletons(max(sizes)), "--turns", str(args.turns), "--hands", "100000",
        "--seed", "1", "-o", "json")
    print(f"Exact event of six cards to turn {args.turns} (sampled past MAX_EXACT_EVENT_WORK):")
    condition = " + ".join(f'count("Card {letter}")' for letter in "ABCDEF")
    deck = "20 Mountain\n" + "".join(f"4 Card {letter}\n" for letter in "ABCDEFGHIJ")
    run("six-card event", deck, "--turns", "1", "--assert", f"p_by_turn({condition} >= 1, {args.turns}) >= 0", "-o", "json")


if __name__ == "__main__":
    main()
