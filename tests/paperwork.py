"""Helpers of the paperwork tests: PDFs read back with poppler's pdftotext (skipping, with
the reason, where poppler-utils is not installed) and real events built from ../shared/data."""
from __future__ import annotations

import shutil
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest
from real_decks import mtgo_text, read_decks


def pdf_pages(path: Path) -> list[str]:
    """The text of each page of a PDF, as pdftotext reads it."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (Debian package poppler-utils) is not installed; .ci/run installs it")
    done = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split("\f")[:-1]  # a form feed ends every page


def real_event(shared_data: Path, folder: Path, *, size: int = 40, fmt: str = "Modern") -> list[dict]:
    """The first real event of `fmt` with at least `size` decks, written to `folder` as
    MTGO text files with a manifest (player,deck) in the event's order; its decks."""
    events: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for deck in read_decks(shared_data):
        if deck["format"] == fmt:
            events[(deck["event"]["name"], deck["date"])].append(deck)
            if len(events[(deck["event"]["name"], deck["date"])]) == size:
                break
    decks = next(found for found in events.values() if len(found) >= size)[:size]
    folder.mkdir(parents=True, exist_ok=True)
    rows = ["player,deck"]
    for number, deck in enumerate(decks):
        name = f"deck{number:02}.txt"
        (folder / name).write_text(mtgo_text(deck), encoding="utf-8")
        rows.append(f'"{deck["player"]}",{name}')
    (folder / "manifest.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return decks
