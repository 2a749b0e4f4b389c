"""Validation speed for Yu-Gi-Oh! and WoW TCG decks with card data.

    python benchmarks/games_bench.py [--data ../shared/data] [--repeat 5]

Imports the shared card data into a temporary database (timed), then prints decks per
second for
- the library validating the 205 shared .ydk decks against yugioh/advanced-tcg with the
  card data (read + parse + passcodes named + every rule), `--repeat` times over,
- a naive baseline in the same run: reading the same files and counting their passcode
  lines (the least any .ydk checker does), so the ratio says what the rules cost,
- the installed CLI validating all 205 files in one `deckcheck validate` call,
- the library validating WoW TCG decks built from the shared WoW card data (60 cards, a
  hero, a 10-card side deck; class and faction checked against the card data),
- the same 205 Yu-Gi-Oh! decks as text lists naming their cards in Japanese (as an OCG
  player writes them) against the same lists in English, through the built-in card data:
  decks per second and the ratio (the Japanese names' table is read once, on the first),
- "did you mean" in both games: milliseconds per unknown name (swapped-letter typos of real
  names) through the catalog's name index, the index's one-off build, and in the same run
  difflib over every name as it was done before (`close_names`), with the answers compared.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckcheck import load_format, validate  # noqa: E402
from deckcheck.games import GAMES  # noqa: E402
from deckcheck.cards import catalog_for  # noqa: E402
from deckcheck.cards.importer import import_file  # noqa: E402
from deckcheck.cards.suggest import close_names  # noqa: E402

DATE = "2026-08-01"


def naive_baseline(paths: list[Path]) -> int:
    return sum(sum(1 for line in path.read_text(encoding="utf-8-sig").splitlines() if line.strip().isdigit())
               for path in paths)


def wow_decks(data: Path, count: int, seed: int = 1) -> list[str]:
    """Decks of a random hero with random cards of the data (legal or not: all are checked)."""
    with gzip.open(data / "wow" / "cards.json.gz", "rt", encoding="utf-8") as handle:
        cards = json.load(handle)
    heroes = sorted({c["name"] for c in cards if c.get("type") == "Hero"})
    others = sorted({c["name"] for c in cards if c.get("name") and c.get("type") not in ("Hero", None)})
    rng = random.Random(seed)
    decks = []
    for _ in range(count):
        main = rng.sample(others, 15)
        side = rng.sample(others, 5)
        decks.append(f"Hero: {rng.choice(heroes)}\nDeck\n" + "".join(f"4 {name}\n" for name in main)
                     + "Sideboard\n" + "".join(f"2 {name}\n" for name in side))
    return decks


def named_lists(data: Path, paths: list[Path]) -> tuple[list[str], list[str]]:
    """The .ydk decks at `paths` as text lists of `COUNT Name` lines, by their cards' English
    names and by their Japanese ones (YAML Yugi's, ruby readings left out), Main Deck only;
    passcodes without a Japanese name are left out of both."""
    from deckcheck.games.yugioh.japanese import printed_name

    names: dict[int, tuple[str, str]] = {}
    with gzip.open(data / "ygo" / "cards.jsonl.gz", "rt", encoding="utf-8") as lines:
        for line in lines:
            card = json.loads(line)
            if card.get("passcode") and card.get("name_ja"):
                names[card["passcode"]] = (card["name"], printed_name(card["name_ja"]))
    english, japanese = [], []
    for path in paths:
        counts: dict[int, int] = {}
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("!"):
                break  # the Side Deck
            if line.strip().isdigit() and int(line) in names:
                counts[int(line)] = counts.get(int(line), 0) + 1
        english.append("".join(f"{count} {names[code][0]}\n" for code, count in counts.items()))
        japanese.append("".join(f"{count} {names[code][1]}\n" for code, count in counts.items()))
    return english, japanese


def misspell(name: str, rng: random.Random) -> str:
    """Swap two neighbouring letters: the commonest typo."""
    if len(name) < 4:
        return name + "x"
    i = rng.randrange(1, len(name) - 2)
    return name[:i] + name[i + 1] + name[i] + name[i + 2:]


def did_you_mean(label: str, catalog: object, names: list[str], count: int = 100) -> None:
    """Milliseconds per unknown name: the catalog's index against difflib over every name."""
    rng = random.Random(1)
    typos = [misspell(name, rng) for name in rng.sample(sorted(set(names)), count)]
    start = time.perf_counter()
    catalog.suggest("qqqq")  # builds the index
    build = time.perf_counter() - start
    start = time.perf_counter()
    answers = [catalog.suggest(typo) for typo in typos]
    indexed = (time.perf_counter() - start) / count
    slow = typos[:20]  # the old way is slow: a sample is enough for its rate
    start = time.perf_counter()
    before = [close_names(typo, names, 3) for typo in slow]
    difflib_all = (time.perf_counter() - start) / len(slow)
    same = sum(a == b for a, b in zip(answers, before))
    print(f"{label} did you mean: {indexed * 1000:5.1f} ms per unknown name (index built once in {build * 1000:.0f} ms); "
          f"difflib over all {len(set(names)):,} names {difflib_all * 1000:.0f} ms ({difflib_all / indexed:.0f}x); "
          f"same answers {same} of {len(slow)}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("DECKCHECK_SHARED_DATA", ROOT.parent / "shared" / "data")))
    parser.add_argument("--repeat", type=int, default=5, help="validate the 205 decks this many times")
    args = parser.parse_args()

    paths = sorted((args.data / "ygo" / "decks").glob("*.ydk"))
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "cards.sqlite"
        start = time.perf_counter()
        import_file(args.data / "ygo" / "cards_derived.cdb", db)
        ygo_import = time.perf_counter() - start
        start = time.perf_counter()
        import_file(args.data / "wow" / "cards.json.gz", db)
        wow_import = time.perf_counter() - start
        start = time.perf_counter()
        ygo = GAMES["yugioh"].load_catalog(db)
        wow = GAMES["wow"].load_catalog(db)
        load = time.perf_counter() - start
        print(f"import:   cards_derived.cdb {ygo_import:.2f} s ({len(ygo):,} passcodes), "
              f"WoW cards.json.gz {wow_import:.2f} s ({len(wow):,} names); both read back in {load:.2f} s")

        fmt = load_format("yugioh/advanced-tcg")
        runs = paths * args.repeat
        start = time.perf_counter()
        naive_baseline(runs)
        baseline = time.perf_counter() - start
        start = time.perf_counter()
        illegal = sum(not validate(path, fmt, DATE, cards=ygo).legal for path in runs)
        elapsed = time.perf_counter() - start
        print(f"ygo lib:  {len(runs) / elapsed:10,.0f} decks/s  ({len(runs)} validations of {len(paths)} .ydk decks, "
              f"{elapsed:.2f} s, {illegal // args.repeat} illegal per pass)")
        print(f"baseline: {len(runs) / baseline:10,.0f} decks/s  (read the files + count passcode lines only)")
        print(f"ratio:    validation costs {elapsed / baseline:.1f}x the naive line count")

        command = shutil.which("deckcheck") or str(Path(sys.executable).parent / "deckcheck")
        start = time.perf_counter()
        done = subprocess.run([command, "validate", *map(str, paths), "-f", "yugioh/advanced-tcg", "--date", DATE,
                               "--cards-db", str(db), "-o", "json"], capture_output=True)
        cli = time.perf_counter() - start
        print(f"ygo CLI:  {len(paths) / cli:10,.0f} decks/s  ({len(paths)} files in one `deckcheck validate` call, "
              f"{cli:.2f} s incl. start-up and card data, exit {done.returncode})")

        decks = wow_decks(args.data, len(paths) * args.repeat)
        wow_fmt = load_format("wow/constructed")
        start = time.perf_counter()
        illegal = sum(not validate(text, wow_fmt, cards=wow).legal for text in decks)
        elapsed = time.perf_counter() - start
        print(f"wow lib:  {len(decks) / elapsed:10,.0f} decks/s  ({len(decks)} random 60+10-card decks with a hero, "
              f"{illegal} illegal)")

        english, japanese = named_lists(args.data, paths)
        builtin, _ = catalog_for("yugioh", None, offline=True)  # the built-in data: it holds the Japanese names
        rates = {}
        for label, texts in (("english", english), ("japanese", japanese)):
            start = time.perf_counter()
            unknown = sum(any(p.rule == "unknown-card" for p in validate(text, fmt, DATE, cards=builtin).problems)
                          for text in texts * args.repeat)
            rates[label] = len(texts) * args.repeat / (time.perf_counter() - start)
            print(f"ygo {label + ' names:':15} {rates[label]:8,.0f} decks/s  ({len(texts) * args.repeat} text lists, "
                  f"{unknown // args.repeat} with an unknown name per pass)")
        print(f"ratio:    Japanese names cost {rates['english'] / rates['japanese']:.2f}x English ones")

        did_you_mean("ygo", ygo, [card.name for card in ygo._by_name.values()])
        did_you_mean("wow", wow, [card.name for card in wow._cards.values()])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
