"""Built-in card data: how big it is, what opening it costs, and what card checks cost with it.

    python benchmarks/builtin_bench.py [--decks 10000] [--repeat 3] [--runs 21] [--no-wheel]

Prints, in one run (the real decks of ../shared/data; DECKCHECK_SHARED_DATA points elsewhere):
- size: deckcheck/data/cards.sqlite on disk; the wheel built from this checkout (`pip wheel
  --no-deps --no-build-isolation`) and the artifact's compressed size inside it (limit 25 MB);
- open: `catalog_for(game)` on the built-in data, fresh each time (no catalog or table
  check remembered), median and best of 15 per game;
- one `deckcheck validate` of examples/burn-modern.txt through the installed command, with
  the built-in data and with `--no-cards`, medians of `--runs` interleaved runs: the ratio;
- library: the 6,024 real decks on their dates, built-in data (fresh catalog) against
  `cards=False`, best of `--repeat` interleaved runs: the ratio;
- batch: `--decks` files (the real decks repeated, each with its own format in a manifest)
  through `deckcheck batch` at the default `--jobs`, built-in data against `--no-cards`,
  best of `--repeat`: decks/s, CPU seconds, peak memory and the ratio.
Every run is in a clean environment: an empty HOME and no DECKCHECK_CARDS_DB, so no synced
database is found.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from batch_bench import EVENT_DATE, write_set  # noqa: E402
from child_process import best_of, deckcheck_command  # noqa: E402
from real_decks import find_shared_data, format_id, mtgo_text, read_decks  # noqa: E402

ARTIFACT = ROOT / "deckcheck" / "data" / "cards.sqlite"
EXAMPLE = ROOT / "examples" / "burn-modern.txt"
MB = 1_000_000


def clean_env(home: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("DECKCHECK_")}
    return {**env, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "XDG_CACHE_HOME": str(home / "cache"),
            "DECKCHECK_OFFLINE": "1"}


def sizes(tmp: Path, build_wheel: bool) -> None:
    print(f"artifact:   {ARTIFACT.stat().st_size / MB:.1f} MB on disk ({ARTIFACT.relative_to(ROOT)})")
    if not build_wheel:
        return
    out = tmp / "wheel"
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
                           "-q", "-w", str(out)], capture_output=True, text=True)
    if done.returncode != 0:
        print(f"wheel:      not built ({done.stderr.strip().splitlines()[-1] if done.stderr.strip() else done.returncode})")
        return
    (wheel,) = out.glob("deckcheck-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        info = archive.getinfo("deckcheck/data/cards.sqlite")
    print(f"wheel:      {wheel.stat().st_size / MB:.1f} MB ({wheel.name}; limit 25 MB); the artifact in it "
          f"{info.compress_size / MB:.1f} MB compressed, {info.file_size / MB:.1f} MB installed")


def open_cost() -> None:
    import deckcheck.cards as cards
    from deckcheck.cards.builtin import holds

    for game in ("mtg", "yugioh", "wow"):
        times = []
        for _ in range(15):
            cards._OPEN.clear()
            holds.cache_clear()
            start = time.perf_counter()
            catalog, _ = cards.catalog_for(game, ROOT / "no-such-database.sqlite")
            times.append(time.perf_counter() - start)
            assert catalog is not None and getattr(catalog, "path", None) == ARTIFACT, catalog
        print(f"open {game:<7} {statistics.median(times) * 1000:6.1f} ms median, {min(times) * 1000:6.1f} ms best "
              f"(catalog_for on the built-in data, fresh each time)")


def one_validate(env: dict[str, str], runs: int) -> None:
    command = deckcheck_command()
    argv = [command, "validate", str(EXAMPLE), "-f", "mtg/modern", "--date", "2024-06-01"]
    times: dict[str, list[float]] = {"built-in": [], "--no-cards": []}
    for _ in range(runs):
        for kind, extra in (("built-in", []), ("--no-cards", ["--no-cards"])):
            start = time.perf_counter()
            done = subprocess.run(argv + extra, capture_output=True, text=True, env=env)
            times[kind].append(time.perf_counter() - start)
            assert done.returncode == 0, done.stdout + done.stderr
    with_data, without = statistics.median(times["built-in"]), statistics.median(times["--no-cards"])
    print(f"validate:   one `deckcheck validate` of {EXAMPLE.name}: {with_data * 1000:.0f} ms with the built-in data, "
          f"{without * 1000:.0f} ms with --no-cards: {with_data / without:.2f}x (medians of {runs})")


def library(shared: Path, repeat: int) -> None:
    import deckcheck.cards as cards
    from deckcheck import load_format, validate

    decks = list(read_decks(shared))
    formats = {fid: load_format(fid) for fid in {format_id(deck) for deck in decks}}
    texts = [mtgo_text(deck) for deck in decks]

    def run(card_data: object) -> tuple[float, int]:
        start = time.perf_counter()
        illegal = sum(not validate(text, formats[format_id(deck)], deck["date"], cards=card_data).legal
                      for deck, text in zip(decks, texts))
        return time.perf_counter() - start, illegal

    run(False)  # warm up: lists per date, parser caches
    off, on = [], []
    for _ in range(repeat):
        off.append(run(False))
        cards._OPEN.clear()  # a fresh catalog: every card's printings read once
        on.append(run(None))
    (t_off, bad_off), (t_on, bad_on) = min(off), min(on)
    print(f"library:    {len(decks):,} real decks on their dates: {len(decks) / t_on:,.0f} decks/s with the built-in data "
          f"({bad_on} illegal), {len(decks) / t_off:,.0f} with cards=False ({bad_off} illegal): {t_on / t_off:.2f}x")


def batch(shared: Path, tmp: Path, count: int, repeat: int, env: dict[str, str]) -> None:
    manifest = write_set(tmp, count, shared)
    command = [deckcheck_command(), "batch", str(manifest), "-f", "mtg/legacy", "--date", EVENT_DATE, "-o", "json", "--quiet"]
    results = {}
    for kind, extra in (("--no-cards", ["--no-cards"]), ("built-in", [])):
        os.environ.update(env)  # best_of runs the command in this process's environment
        elapsed, peak, cpu, done = best_of(repeat, command + extra)
        if done.returncode not in (0, 1):
            sys.exit(f"deckcheck batch failed ({done.returncode}): {done.stderr.strip()}")
        report = json.loads(done.stdout)
        assert len(report["results"]) == count
        legal = sum(result["legal"] for result in report["results"])
        results[kind] = elapsed
        print(f"batch:      {count:,} decks, {kind:<10} {elapsed:6.2f} s wall, {count / elapsed:7,.0f} decks/s, "
              f"{cpu:6.2f} s CPU, peak {peak / 2**20:.0f} MiB, {legal:,} legal")
    print(f"batch:      the built-in data costs {results['built-in'] / results['--no-cards']:.2f}x the time of --no-cards "
          f"(default --jobs: {os.cpu_count()} cores; best of {repeat})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--no-wheel", action="store_true", help="skip building the wheel")
    args = parser.parse_args()
    shared = find_shared_data()
    with tempfile.TemporaryDirectory(prefix="deckcheck-builtin-") as folder:
        tmp = Path(folder)
        (tmp / "home").mkdir()
        env = clean_env(tmp / "home")
        print(f"load average {os.getloadavg()[0]:.2f} at start, {os.cpu_count()} cores")
        sizes(tmp, not args.no_wheel)
        os.environ.update(env)  # the in-process runs too: no synced database anywhere
        open_cost()
        one_validate(env, args.runs)
        library(shared, args.repeat)
        batch(shared, tmp, args.decks, args.repeat, env)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
