"""Card database speed on the shared real data.

    python benchmarks/cards_bench.py [--data ../shared/data] [--decks N] [--import-only] [--baseline DIR]

Prints, in one run:
- import: converting the shared card file to a Scryfall `default_cards` file (one object
  per printing, as tests/scryfall_shape.py does), then side by side, best of `--repeat`
  each, a plain `json.load` of that file in a fresh Python and the installed
  `deckcheck cards import` of it into a new database: wall and CPU seconds, the ratio
  (the goal: <= 4x) and each one's peak RSS (the import streams the file); with
  `--baseline DIR`, the same import by the deckcheck package in DIR (another checkout,
  e.g. main's `git archive` unpacked), interleaved, for a before/after from one run, and
  whether the two databases hold the same rows, table for table;
- lookups per second: every distinct card name of the real decklists, looked up in a
  fresh catalog (cold: SQLite queries) and again (warm: remembered answers); and
  "did you mean" suggestions per second for misspelled names;
- batch validation of the real decks on their dates without card checks (`cards=False`,
  `--no-cards`) and with the imported database (names resolved, card pools checked), and the ratio of the two (the goal: within 2x):
  through the library (a fresh catalog, and one that remembers), and through the
  installed commands as a user runs them: `deckcheck validate` on the 1,013 Modern lists
  as files, and `deckcheck batch` on all 6,024 (a manifest with each deck's format).
"""
from __future__ import annotations

import argparse
import csv
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from child_process import deckcheck_command, measured  # noqa: E402
from conftest import SHARED_DATA  # noqa: E402
from real_decks import format_id, mtgo_text, read_decks  # noqa: E402
from scryfall_shape import convert  # noqa: E402

from deckcheck import load_format, validate  # noqa: E402
from deckcheck.games.mtg.catalog import MtgCatalog  # noqa: E402
from deckcheck.cards.importer import import_file  # noqa: E402


def misspell(name: str, rng: random.Random) -> str:
    """Swap two neighbouring letters: the commonest typo."""
    if len(name) < 4:
        return name + "x"
    i = rng.randrange(1, len(name) - 2)
    return name[:i] + name[i + 1] + name[i] + name[i + 2:]


def import_against_json_load(bulk: Path, tmp: Path, repeat: int, baseline: Path | None = None) -> None:
    """`deckcheck cards import` of `bulk` against a plain json.load of it, interleaved (and,
    given `baseline`, the import of that checkout's deckcheck package too)."""
    command = deckcheck_command()
    load = [sys.executable, "-c", f"import json; json.load(open({str(bulk)!r}, encoding='utf-8'))"]
    loads, imports, baselines = [], [], []
    for run in range(repeat):
        loads.append(measured(load))
        imports.append(measured([command, "cards", "import", str(bulk), "--cards-db", str(tmp / f"import-{run}.sqlite")]))
        if baseline is not None:  # -P: the package on PYTHONPATH, not the one in the current folder
            baselines.append(measured(["env", f"PYTHONPATH={baseline}", sys.executable, "-P", "-m", "deckcheck", "cards", "import",
                                       str(bulk), "--cards-db", str(tmp / f"baseline-{run}.sqlite")]))
    if baselines:
        best, cpu = min(baselines), min(cpu for _, cpu, _ in baselines)
        print(f"import CLI of {baseline}: {best[0]:.2f} s wall ({cpu:.2f} s CPU), peak RSS "
              f"{max(rss for *_, rss in baselines):.0f} MiB; ratio to json.load {best[0] / min(loads)[0]:.2f}x wall")
        differing = differing_tables(tmp / "baseline-0.sqlite", tmp / "import-0.sqlite")
        print(f"import CLI: the two databases are {'the same table for table' if not differing else 'DIFFERENT in ' + ', '.join(differing)}"
              " (meta's imported_at aside)")
    best_load, best_import = min(loads), min(imports)
    cpu_load, cpu_import = min(cpu for _, cpu, _ in loads), min(cpu for _, cpu, _ in imports)
    print(f"import CLI:  `deckcheck cards import` {best_import[0]:.2f} s wall ({cpu_import:.2f} s CPU), peak RSS "
          f"{max(rss for *_, rss in imports):.0f} MiB; plain json.load of the file {best_load[0]:.2f} s "
          f"({cpu_load:.2f} s CPU), peak RSS {max(rss for *_, rss in loads):.0f} MiB; "
          f"ratio {best_import[0] / best_load[0]:.2f}x wall, {cpu_import / cpu_load:.2f}x CPU (best of {repeat})")


def differing_tables(first: Path, second: Path) -> list[str]:
    """The tables (and `schema`) whose rows, sorted, differ between two card databases;
    `meta`'s `imported_at` (the time of the import) is left out."""

    def tables(path: Path) -> dict[str, list[tuple]]:
        db = sqlite3.connect(path)
        try:
            found = {"schema": sorted(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall(), key=repr)}
            for name in [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]:
                rows = db.execute(f'SELECT * FROM "{name}"').fetchall()
                found[name] = sorted((row for row in rows if name != "meta" or row[0] != "imported_at"), key=repr)
        finally:
            db.close()
        return found

    one, other = tables(first), tables(second)
    return sorted(name for name in one.keys() | other.keys() if one.get(name) != other.get(name))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=SHARED_DATA)
    parser.add_argument("--decks", type=int, default=0, help="validate only the first N decks (0: all)")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved runs (import, validation); the best of each counts")
    parser.add_argument("--import-only", action="store_true", help="stop after the import figures")
    parser.add_argument("--baseline", type=Path, help="a checkout (e.g. `git archive main` unpacked) whose `deckcheck cards import` "
                        "is timed too, interleaved, for a before/after in one run")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        bulk = Path(tmp) / "default-cards.json"
        start = time.perf_counter()
        objects = convert(args.data / "mtg", bulk)
        converted = time.perf_counter() - start
        db = Path(tmp) / "cards.sqlite"
        start = time.perf_counter()
        summary = import_file(bulk, db)
        imported = time.perf_counter() - start
        print(f"import:      {summary.cards:,} cards from {objects:,} Scryfall objects "
              f"({bulk.stat().st_size / 2**20:.0f} MiB) in {imported:.1f} s "
              f"({objects / imported:,.0f} objects/s; conversion {converted:.1f} s; database {db.stat().st_size / 2**20:.0f} MiB)")
        import_against_json_load(bulk, Path(tmp), args.repeat, args.baseline)
        if args.import_only:
            return 0

        decks = list(read_decks(args.data))
        if args.decks:
            decks = decks[: args.decks]
        names = sorted({card["name"] for deck in decks for card in deck["mainboard"] + deck["sideboard"]})
        cold = MtgCatalog(db)
        start = time.perf_counter()
        found = sum(cold.get(name) is not None for name in names)
        cold_time = time.perf_counter() - start
        start = time.perf_counter()
        for _ in range(10):
            for name in names:
                cold.get(name)
        warm_time = (time.perf_counter() - start) / 10
        print(f"lookups:     {len(names) / cold_time:10,.0f} names/s cold, {len(names) / warm_time:12,.0f} warm "
              f"({len(names):,} distinct deck names, {found:,} found)")
        rng = random.Random(1)
        typos = [misspell(name, rng) for name in rng.sample(names, 200)]
        start = time.perf_counter()
        cold.suggest(typos[0])
        index_time = time.perf_counter() - start
        start = time.perf_counter()
        hits = sum(bool(cold.suggest(typo)) and cold.suggest(typo)[0] in names for typo in typos[1:])
        suggest_time = time.perf_counter() - start
        print(f"suggestions: {(len(typos) - 1) / suggest_time:10,.0f} typos/s (the first one: {index_time * 1000:.0f} ms) "
              f"({hits} of {len(typos) - 1} swapped-letter typos get the intended card first)")

        formats = {fid: load_format(fid) for fid in {format_id(deck) for deck in decks}}
        texts = [mtgo_text(deck) for deck in decks]

        def run(cards: object) -> tuple[float, int]:
            start = time.perf_counter()
            illegal = sum(
                not validate(text, formats[format_id(deck)], deck["date"], cards=cards, offline=True).legal
                for deck, text in zip(decks, texts)
            )
            return time.perf_counter() - start, illegal

        run(False)  # warm up: format lists per date, parser caches
        # Interleaved and repeated, keeping each one's best time: the machine is shared and
        # noisy, and the best run is the one least disturbed by others.
        without, with_db, again = [], [], []
        for _ in range(args.repeat):
            without.append(run(False))
            catalog = MtgCatalog(db)  # cold: nothing remembered yet
            with_db.append(run(catalog))
            again.append(run(catalog))
        (t_without, bad_without), (t_with, bad_with), (t_again, _) = min(without), min(with_db), min(again)
        print(f"validation:  {len(decks) / t_without:10,.0f} decks/s without the database ({bad_without} illegal)")
        print(f"             {len(decks) / t_with:10,.0f} decks/s with it, fresh catalog ({bad_with} illegal: "
              f"unknown names, card pools)")
        print(f"             {len(decks) / t_again:10,.0f} decks/s with it, second pass (answers remembered)")
        print(f"ratio:       with the database {t_with / t_without:.2f}x the time without (fresh catalog), "
              f"{t_again / t_without:.2f}x (second pass); best of {args.repeat} interleaved runs")
        cli_runs(decks, db, Path(tmp), args.repeat)
    return 0


def cli_runs(decks: list[dict], db: Path, tmp: Path, repeat: int) -> None:
    """The installed commands, with and without the database, best of `repeat` each."""
    command = shutil.which("deckcheck") or str(Path(sys.executable).parent / "deckcheck")
    folder = tmp / "decks"
    folder.mkdir()
    modern, rows = [], []
    for index, deck in enumerate(decks):
        path = folder / f"{index:05d}.txt"
        path.write_text(mtgo_text(deck), encoding="utf-8")
        rows.append([f"player {index:05d}", str(path), format_id(deck)])
        if deck["format"] == "Modern":
            modern.append(str(path))
    manifest = tmp / "registrations.csv"
    with open(manifest, "w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows([["player", "deck", "format"], *rows])
    day = max(deck["date"] for deck in decks)
    runs = {
        f"validate ({len(modern):,} Modern files)": [command, "validate", *modern, "-f", "mtg/modern", "--date", day, "-o", "json"],
        f"batch ({len(rows):,} decks, --jobs 2)": [command, "batch", str(manifest), "-f", "mtg/legacy", "--date", day,
                                                "-o", "json", "--jobs", "2", "--quiet"],
    }
    for label, argv in runs.items():
        times = {"without": [], "with": []}
        for _ in range(repeat):
            # Without: card checks off (with no database the built-in data would be used).
            for kind, extra in (("without", ["--no-cards"]), ("with", ["--cards-db", str(db)])):
                if "validate" in label and kind == "with":
                    extra = extra + ["--offline"]
                start = time.perf_counter()
                subprocess.run(argv + extra, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                times[kind].append(time.perf_counter() - start)
        count = len(modern) if "validate" in label else len(rows)
        best = {kind: min(values) for kind, values in times.items()}
        print(f"cli {label}: {count / best['without']:,.0f} decks/s without, {count / best['with']:,.0f} with "
              f"the database: {best['with'] / best['without']:.2f}x")


if __name__ == "__main__":
    raise SystemExit(main())
