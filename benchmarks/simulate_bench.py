"""Benchmark `deckcheck simulate`: vectorised Monte Carlo against a naive sampler, and exact mode;
then `--cast` and `--compare`.

    python benchmarks/simulate_bench.py [--hands 1000000] [--naive-hands 100000] [--cli-hands 5000000] [--skip-basic]

Deck: examples/burn-modern.txt (60 cards) with examples/burn-policy.yaml (London
mulligan; keep 7 with 2-4 lands and two cheap threats, 6 with 1-4 lands and one, any 5;
three cards tracked to turn 3). Both samplers do the same work per game: shuffle, apply
the keep rule to every choice of cards to bottom, pick the preferred kept hand, count the
lands and the tracked cards through turn 3. The naive one is plain Python with
`random.sample` per hand - what one writes first. Both run in this process, one after the
other, so the ratio compares like with like on this machine's current load.

The whole CLI: `deckcheck simulate examples/burn-modern.txt -f mtg/modern --policy
examples/burn-policy.yaml --hands 5000000 --seed 1` in a fresh process (start-up, deck and
policy reading, the report included; best of `--cli-runs`), its wall and CPU time and
peak RSS, against the time the naive sampler would take for as many hands at the rate it
showed in this run (the goal: at least 20x).

`--cast` (Karsten's 60-card deck: 16 Plains, 9 Wastes, 35 spells, `bottom: karsten`): one
exact castability answer; every listed cell of his 2022 table; Monte Carlo castability
against a naive sampler that follows his published script (plain Python, one shuffle per
hand). `--compare` (the burn deck, its policy against `bottom: karsten`): exact, and Monte
Carlo with common random numbers, with the paired standard error of a difference next to
the one two independent runs would give.
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

from child_process import deckcheck_command, measured  # noqa: E402
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


def karsten_sampler(hands: int, seed: int, cards: int = 60, lands: int = 25, good: int = 16, turn: int = 4, colored: int = 2) -> float:
    """His procedure as his script writes it: shuffle a list per hand, bottom, keep, draw."""
    rnd = random.Random(seed)
    library_template = ["spell"] * (cards - lands) + ["good"] * good + ["other"] * (lands - good)
    success = relevant = 0
    for _ in range(hands):
        for bottom in (0, 1, 2, 3):
            library = library_template[:]
            rnd.shuffle(library)
            hand = {"spell": 0, "good": 0, "other": 0}
            for card in library[:7]:
                hand[card] += 1
            spells = hand["spell"]
            down_spells, down_lands = [(0, 0), (1, 0) if spells >= 3 else (0, 1),
                                       (2, 0) if spells >= 4 else (1, 1) if spells == 3 else (0, 2),
                                       (3, 0) if spells >= 4 else (2, 1) if spells == 3 else (1, 2) if spells == 2 else (0, 3)][bottom]
            hand["spell"] -= down_spells
            off = min(hand["other"], down_lands)
            hand["other"] -= off
            hand["good"] -= down_lands - off
            land_count = hand["good"] + hand["other"]
            if bottom == 3 or (2 <= land_count <= (5 if bottom == 0 else 4)):
                break
        for card in library[7 : 7 + turn - 1]:
            hand[card] += 1
        if hand["good"] + hand["other"] >= turn:
            relevant += 1
            success += hand["good"] >= colored
    return success / relevant


def cast_and_compare(args) -> None:
    import tempfile

    from deckcheck.engine.compare import compare

    folder = Path(tempfile.mkdtemp())
    karsten = folder / "karsten.yaml"
    karsten.write_text('bottom: karsten\ncosts: {Target: "{2}{W}{W}"}\n', encoding="utf-8")
    deck = "16 Plains\n9 Wastes\n34 Grizzly Bears\n1 Target\n"
    times = []
    for _ in range(15):
        result, wall, _ = timed(simulate, deck, FORMAT, policy_file=karsten, cast=["Target"])
        times.append(wall)
    exact = result.castable["target"].sides["play"][1].value
    print(f"--cast exact (Karsten 60-card 2CC, 16 sources): P(castable | land drops) = {exact:.6f}; "
          f"whole simulate() call median {statistics.median(times) * 1000:.1f} ms")

    table = yaml_table()
    wall = time.perf_counter()
    cells = 0
    for cost, row in table["table"].items():
        colored = cost.count("C")
        generic = int(cost[:-colored] or 0)
        symbols = (f"{{{generic}}}" if generic else "") + "{W}" * colored
        policy = folder / f"{cost}.yaml"
        policy.write_text(f'bottom: karsten\ncosts: {{Target: "{symbols}"}}\n', encoding="utf-8")
        for size, sources in zip((60, 80, 99, 40), row):
            lands = table["lands"][size]
            fmt = {40: "mtg/limited", 99: ROOT / "tests" / "formats" / "hand-london-free.yaml"}.get(size, FORMAT)
            simulate(f"{sources} Plains\n{lands - sources} Wastes\n{size - lands - 1} Grizzly Bears\n1 Target\n", fmt,
                     policy_file=policy, cast=["Target"])
            cells += 1
    print(f"--cast exact, every cell of Karsten's 2022 table: {cells} cells in {time.perf_counter() - wall:.2f} s")

    sampled, with_cast, _ = timed(simulate, deck, FORMAT, policy_file=karsten, cast=["Target"], hands=args.hands, seed=args.seed)
    _, without_cast, _ = timed(simulate, deck, FORMAT, policy_file=karsten, hands=args.hands, seed=args.seed)
    fast_wall = max(with_cast - without_cast, 1e-9)  # the castability run alone
    estimate = sampled.castable["target"].sides["play"][1]
    naive_hands = max(args.naive_hands // 2, 1)
    naive, naive_wall, _ = timed(karsten_sampler, naive_hands, args.seed)
    print(f"--cast Monte Carlo (the castability run: simulate() with --cast minus without): {args.hands:,} hands in {fast_wall:.2f} s ({args.hands / fast_wall:,.0f} hands/s; "
          f"{estimate.value:.4f} ± {estimate.se:.4f}); naive sampler after his script: {naive_hands:,} hands in "
          f"{naive_wall:.2f} s ({naive_hands / naive_wall:,.0f} hands/s; {naive:.4f}); "
          f"speed-up {(args.hands / fast_wall) / (naive_hands / naive_wall):.1f}x")

    mine = folder / "burn.yaml"
    mine.write_text(POLICY.read_text(encoding="utf-8") + '\ncosts: {Lightning Bolt: "{R}"}\n', encoding="utf-8")
    theirs = folder / "burn-karsten.yaml"
    theirs.write_text(mine.read_text(encoding="utf-8") + "bottom: karsten\n", encoding="utf-8")
    policies = [mine, theirs]
    comparison, wall, _ = timed(compare, DECK, FORMAT, policies, turns=TURNS, cast=["Lightning Bolt"])
    print(f"--compare exact, 2 policies, --cast Lightning Bolt: {wall * 1000:.0f} ms")
    hands = max(args.hands // 5, 1000)
    comparison, wall, _ = timed(compare, DECK, FORMAT, policies, turns=TURNS, hands=hands, seed=args.seed)
    column = f"land_drops({TURNS})"
    first, second = comparison.rows[0], comparison.rows[3]
    independent = (first.values[column].se ** 2 + second.values[column].se ** 2) ** 0.5
    paired = second.differences[column]
    print(f"--compare Monte Carlo, 2 policies x {hands:,} games (common random numbers): {wall:.2f} s; "
          f"{column} difference {paired.value:+.4f} ± {paired.se:.4f} paired vs ± {independent:.4f} independent "
          f"({(independent / paired.se) ** 2:.0f}x fewer games for the same precision)")


def yaml_table() -> dict:
    import yaml

    return yaml.safe_load((ROOT / "tests" / "karsten" / "colored_sources_2022.yaml").read_text(encoding="utf-8"))


def timed(function, *args, **kwargs):
    wall, cpu = time.perf_counter(), time.process_time()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--naive-hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cli-hands", type=int, default=5_000_000, help="hands of the whole-CLI run")
    parser.add_argument("--cli-runs", type=int, default=2, help="whole-CLI runs; the best counts")
    parser.add_argument("--skip-basic", action="store_true", help="only the --cast and --compare figures")
    args = parser.parse_args()
    if not args.skip_basic:
        basic(args)
    cast_and_compare(args)


def whole_cli(args, naive_rate: float, naive_cpu_rate: float) -> None:
    """One whole `deckcheck simulate` run of --cli-hands hands against the naive sampler's rate."""
    argv = [deckcheck_command(), "simulate", str(DECK), "-f", "mtg/modern", "--policy", str(POLICY),
            "--hands", str(args.cli_hands), "--seed", str(args.seed)]
    runs = [measured(argv) for _ in range(args.cli_runs)]
    wall, cpu = min(run[0] for run in runs), min(run[1] for run in runs)
    naive_wall, naive_cpu = args.cli_hands / naive_rate, args.cli_hands / naive_cpu_rate
    print(f"whole CLI, {args.cli_hands:,} hands (`deckcheck simulate ... --hands {args.cli_hands} --seed {args.seed}`): "
          f"{wall:.2f} s wall ({cpu:.2f} s CPU), peak RSS {max(run[2] for run in runs):.0f} MiB; the naive sampler "
          f"at this run's rate: {naive_wall:.1f} s wall ({naive_cpu:.1f} s CPU); speed-up {naive_wall / wall:.1f}x wall, "
          f"{naive_cpu / cpu:.1f}x CPU (target: at least 20x; best of {args.cli_runs})")


def basic(args) -> None:

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
    whole_cli(args, args.naive_hands / naive_wall, args.naive_hands / naive_cpu)
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
