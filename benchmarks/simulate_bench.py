"""Benchmark `deckcheck simulate`: vectorised Monte Carlo against a naive sampler, and exact mode.

    python benchmarks/simulate_bench.py [--hands 1000000] [--naive-hands 100000]

Deck: examples/burn-modern.txt (60 cards) with examples/burn-policy.yaml (London
mulligan; keep 7 with 2-4 lands and two cheap threats, 6 with 1-4 lands and one, any 5;
three cards tracked to turn 3). Both samplers do the same work per game: shuffle, apply
the keep rule to every choice of cards to bottom, pick the preferred kept hand, count the
lands and the tracked cards through turn 3. The naive one is plain Python with
`random.sample` per hand - what one writes first. Both run in this process, one after the
other, so the ratio compares like with like on this machine's current load.
"""
from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
import tracemalloc
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckcheck.engine import simulate  # noqa: E402
from deckcheck.engine.montecarlo import run_monte_carlo  # noqa: E402

DECK = ROOT / "examples" / "burn-modern.txt"
POLICY = ROOT / "examples" / "burn-policy.yaml"
FORMAT = "mtg/constructed"
TURNS = 3


def naive_sampler(simulation, hands: int, seed: int) -> dict:
    """Pure Python: one random.sample per hand, rules written out as Python conditions."""
    profile = simulation.profile
    deck = [index for index, card in enumerate(profile.cards) for _ in range(card.copies)]
    is_land = [card.land for card in profile.cards]
    cheap = [bool(card.tags & {"one_drops", "burn"}) for card in profile.cards]
    size, deck_lands = profile.size, profile.lands
    tracked = simulation.tracked
    draws = TURNS  # on the draw: enough for both sides
    rules = {
        7: lambda lands, threats: 2 <= lands <= 4 and threats >= 2,
        6: lambda lands, threats: 1 <= lands <= 4 and threats >= 1,
        5: None,
    }
    rnd = random.Random(seed)
    kept_sizes = {7: 0, 6: 0, 5: 0}
    land_counts = [0] * 8
    seen = {card: [0] * (draws + 1) for card in tracked}
    for _ in range(hands):
        for keep in (7, 6, 5):
            cards = rnd.sample(deck, 7 + draws)
            hand = cards[:7]
            rule = rules[keep]
            best = None
            for kept in combinations(hand, keep):
                lands = sum(is_land[c] for c in kept)
                threats = sum(cheap[c] for c in kept)
                if rule is not None and not rule(lands, threats):
                    continue
                # The documented preference: land count nearest the ratio, then more lands,
                # then more named/tagged cards.
                key = (abs(lands * size - keep * deck_lands), -lands, -threats)
                if best is None or key < best[0]:
                    best = (key, kept, lands)
            if best is not None:
                break
        kept_sizes[keep] += 1
        land_counts[best[2]] += 1
        library = cards[7:]
        for card in tracked:
            copies = best[1].count(card)
            for drawn in range(draws + 1):
                if copies + library[:drawn].count(card) >= 1:
                    seen[card][drawn] += 1
    return {"keep": {k: v / hands for k, v in kept_sizes.items()}}


def timed(function, *args, **kwargs):
    wall, cpu = time.perf_counter(), time.process_time()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--naive-hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    simulation = simulate(DECK, FORMAT, policy_file=POLICY, mode="exact", turns=TURNS)
    profile, atoms, steps = simulation.profile, simulation.atoms, simulation.steps
    max_draws = TURNS
    print(f"deck: {DECK.name}, {profile.size} cards ({profile.lands} lands), London mulligan, "
          f"{len(simulation.tracked)} tracked cards, turns {TURNS}")

    # Warm up numpy and the lookup tables, then time the vectorised sampler.
    run_monte_carlo(profile, atoms, steps, hands=1000, seed=0, tracked=simulation.tracked, max_draws=max_draws)
    fast, fast_wall, fast_cpu = timed(
        run_monte_carlo, profile, atoms, steps, hands=args.hands, seed=args.seed, tracked=simulation.tracked, max_draws=max_draws
    )
    naive, naive_wall, naive_cpu = timed(naive_sampler, simulation, args.naive_hands, args.seed)
    fast_rate, naive_rate = args.hands / fast_wall, args.naive_hands / naive_wall
    print(f"vectorised Monte Carlo: {args.hands:,} hands in {fast_wall:.3f} s wall ({fast_cpu:.3f} s CPU): "
          f"{fast_rate:,.0f} hands/s")
    print(f"naive random.sample:    {args.naive_hands:,} hands in {naive_wall:.3f} s wall ({naive_cpu:.3f} s CPU): "
          f"{naive_rate:,.0f} hands/s")
    print(f"speed-up: {fast_rate / naive_rate:.1f}x wall-clock, "
          f"{(args.hands / fast_cpu) / (args.naive_hands / naive_cpu):.1f}x CPU time (target: at least 20x)")
    exact_keep = simulation.outcome.keep
    print("keep7 exact {:.4f} | vectorised {:.4f} ± {:.4f} | naive {:.4f}".format(
        exact_keep[7].value, fast.keep[7].value, fast.keep[7].se, naive["keep"][7]))

    tracemalloc.start()
    run_monte_carlo(profile, atoms, steps, hands=args.hands, seed=args.seed, tracked=simulation.tracked, max_draws=max_draws)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak memory of the vectorised run (tracemalloc, numpy included): {peak / 2**20:.1f} MiB; "
          f"process peak RSS so far: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")

    # Exact mode: the whole library call (deck parse, policy parse, enumeration, by-turn
    # odds for the tracked cards), warm, median of 15 runs.
    times = []
    for _ in range(15):
        _, wall, _ = timed(simulate, DECK, FORMAT, policy_file=POLICY, mode="exact", turns=TURNS)
        times.append(wall)
    print(f"exact mode, count-based policy: median {statistics.median(times) * 1000:.1f} ms "
          f"(max {max(times) * 1000:.1f} ms; target under 100 ms)")


if __name__ == "__main__":
    main()
