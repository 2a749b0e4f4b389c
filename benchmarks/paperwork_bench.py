"""Paperwork benchmark: registration sheets per second, and the HTML report of a 1,000-deck event.

    python benchmarks/paperwork_bench.py [--decks 1000] [--repeat 3]

The real tournament decks of ../shared/data/mtg/decklists/decks.jsonl.gz are written as
MTGO text files with a manifest (player, deck, format) into a temporary folder, repeated
until there are `--decks`. Then, in one run, through the installed command:

- `deckcheck batch MANIFEST -f mtg/legacy --date 2026-08-31 -q` (the batch alone: the floor
  the paperwork adds to),
- the same with `--sheets sheets.pdf` (one sheet per registration),
- the same with `-o html --report event.html`,
- `deckcheck sheet` for one deck (one player's sheet, start-up included).

Each is run `--repeat` times and the fastest run counts. Printed: wall time, sheets/s (the
whole command and what the sheets add over the bare batch), the PDF's and the page's size,
and peak memory (max RSS of the command, from wait4).
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from real_decks import find_shared_data, format_id, mtgo_text, read_decks  # noqa: E402

DECKCHECK = Path(sys.executable).parent / "deckcheck"


def write_event(folder: Path, size: int) -> Path:
    decks = list(read_decks(find_shared_data()))
    rows = ["player,deck,format"]
    for number in range(size):
        deck = decks[number % len(decks)]
        name = f"deck{number:05}.txt"
        (folder / name).write_text(mtgo_text(deck), encoding="utf-8")
        player = f"{deck['player']} {number}".replace('"', "'")
        rows.append(f'"{player}",{name},{format_id(deck)}')
    manifest = folder / "manifest.csv"
    manifest.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return manifest


def timed(args: list[str], repeat: int) -> tuple[float, float]:
    """(fastest wall seconds, max RSS MiB of that run)."""
    best = (float("inf"), 0.0)
    for _ in range(repeat):
        start = time.perf_counter()
        process = subprocess.Popen([str(DECKCHECK), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):
            raise SystemExit(f"deckcheck {' '.join(args)} exited {code}: {process.stderr.read().decode()[-500:] if process.stderr else ''}")
        best = min(best, (elapsed, usage.ru_maxrss / 1024))
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    if not DECKCHECK.exists():
        raise SystemExit(f"install deckcheck first: {DECKCHECK} is missing")
    folder = Path(tempfile.mkdtemp(prefix="deckcheck-paperwork-"))
    try:
        manifest = write_event(folder, options.decks)
        common = ["batch", str(manifest), "-f", "mtg/legacy", "--date", "2026-08-31", "-q"]
        bare, bare_rss = timed(common, options.repeat)
        sheets, sheets_rss = timed([*common, "--sheets", str(folder / "sheets.pdf")], options.repeat)
        html, html_rss = timed([*common, "-o", "html", "--report", str(folder / "event.html")], options.repeat)
        one, one_rss = timed(["sheet", str(folder / "deck00000.txt"), "-f", "mtg/legacy", "--player", "Ann", "--event", "Bench",
                              "--force", "--out", str(folder / "one.pdf")], options.repeat)
        pdf_size = (folder / "sheets.pdf").stat().st_size
        html_size = (folder / "event.html").stat().st_size
        n = options.decks
        print(f"{n} real decks, fastest of {options.repeat} runs, deckcheck {DECKCHECK}")
        print(f"batch alone              {bare:7.2f} s  {n / bare:7.0f} decks/s   max RSS {bare_rss:6.1f} MiB")
        print(f"batch --sheets           {sheets:7.2f} s  {n / sheets:7.0f} sheets/s  max RSS {sheets_rss:6.1f} MiB"
              f"  (sheets alone: {n / max(sheets - bare, 1e-9):.0f} sheets/s; PDF {pdf_size / 2**20:.1f} MiB, {pdf_size / n / 1024:.1f} KiB a sheet)")
        print(f"batch -o html --report   {html:7.2f} s  {n / html:7.0f} decks/s   max RSS {html_rss:6.1f} MiB"
              f"  (the page adds {html - bare:.2f} s; {html_size / 2**20:.2f} MiB)")
        print(f"one `deckcheck sheet`    {one * 1000:7.0f} ms (start-up, fpdf2 and fonts included)  max RSS {one_rss:6.1f} MiB")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
