"""Make the README's pictures of the paperwork: docs/images/sheet.png (a registration sheet,
drawn by pdftoppm from poppler-utils) and docs/images/event-report.png (the HTML event
report, drawn by headless Chromium).

    apt-get install poppler-utils chromium
    python scripts/paperwork_pictures.py

Both come from the installed `deckcheck` beside this interpreter: the sheet of
examples/burn-modern.txt, and the report of a small made-up event built from it in a
temporary folder (five players, two in a team, two illegal decks, one missing file).
Card data is whatever deckcheck finds (DECKCHECK_CARDS_DB, the synced database or the
built-in data).
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
DECKCHECK = Path(sys.executable).parent / "deckcheck"
BURN = ROOT / "examples" / "burn-modern.txt"
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--hide-scrollbars")


def run(*args: str, cwd: Path | None = None) -> None:
    done = subprocess.run(args, capture_output=True, text=True, timeout=300, cwd=cwd)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} exited {done.returncode}: {done.stderr[-1000:]}")


def event(folder: Path) -> Path:
    burn = BURN.read_text(encoding="utf-8")
    (folder / "ann.txt").write_text(burn, encoding="utf-8")
    (folder / "bruno.txt").write_text(burn.replace("4 Goblin Guide", "4 Goblin Guide\n1 Mox Opal"), encoding="utf-8")
    (folder / "chen.txt").write_text(burn, encoding="utf-8")
    # One card short under a `Sideboard` line: with only a blank line above its 15, a list of
    # 59 and 15 is read as a 74-card main deck with a warning (docs/decklists.md), not illegal.
    (folder / "dana.txt").write_text(burn.replace("4 Mountain", "3 Mountain").replace("\n\n", "\nSideboard\n"), encoding="utf-8")
    (folder / "manifest.csv").write_text(
        "player,team,seat,deck\nAnn Lee,,,ann.txt\nBruno Díaz,Red Aggro,A,bruno.txt\nChen Wei,Red Aggro,B,chen.txt\n"
        "Dana Øster,,,dana.txt\nEli Park,,,eli.txt\n",
        encoding="utf-8",
    )
    return folder / "manifest.csv"


def main() -> int:
    # No options; --help says what the script does rather than drawing the pictures again.
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    chromium = next((shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome") if shutil.which(name)), None)
    if shutil.which("pdftoppm") is None or chromium is None:
        print("needs pdftoppm (poppler-utils) and chromium: apt-get install poppler-utils chromium", file=sys.stderr)
        return 2
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="deckcheck-pictures-") as temp:
        folder = Path(temp)
        run(str(DECKCHECK), "sheet", str(BURN), "-f", "mtg/modern", "--player", "Ann Lee", "--event", "Friday Night Modern",
            "--date", "2024-06-01", "--id", "1234567890", "--out", str(folder / "sheet.pdf"))
        run("pdftoppm", "-png", "-r", "80", "-singlefile", str(folder / "sheet.pdf"), str(IMAGES / "sheet"))
        manifest = event(folder)
        report = folder / "event.html"
        run(str(DECKCHECK), "batch", manifest.name, "-f", "mtg/modern", "--date", "2024-06-01", "--no-unified", "-o", "html",
            "--report", str(report), "--deck-check", "1", "--seed", "7", "-q", cwd=folder)
        run(chromium, *CHROMIUM_FLAGS, f"--user-data-dir={folder / 'profile'}", "--window-size=1100,900",
            f"--screenshot={IMAGES / 'event-report.png'}", report.as_uri())
    for picture in ("sheet.png", "event-report.png"):
        print(f"wrote docs/images/{picture} ({(IMAGES / picture).stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
