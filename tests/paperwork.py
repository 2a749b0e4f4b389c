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


def pdf_title(path: Path) -> str:
    """The PDF's Title (its document information), as poppler's pdfinfo reads it."""
    if shutil.which("pdfinfo") is None:
        pytest.skip("pdfinfo (Debian package poppler-utils) is not installed; .ci/run installs it")
    done = subprocess.run(["pdfinfo", "-enc", "UTF-8", str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split("Title:", 1)[1].split("\n", 1)[0].strip()


def red_rows(path: Path, page: int) -> list[float]:
    """Where a page prints red (a pixel of strong red, little green or blue), each row that
    does as a share of the page's height from the top, as poppler's pdftoppm draws it."""
    from io import BytesIO

    from PIL import Image

    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (Debian package poppler-utils) is not installed; .ci/run installs it")
    done = subprocess.run(["pdftoppm", "-r", "60", "-f", str(page), "-l", str(page), str(path)], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    picture = Image.open(BytesIO(done.stdout)).convert("RGB")
    width, height = picture.size
    pixels = picture.load()
    return [row / height for row in range(height)
            if any(pixels[x, row][0] > 120 and pixels[x, row][1] < 70 and pixels[x, row][2] < 70 for x in range(width))]


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


def pdf_words(path: Path) -> list[list[tuple[str, float, float, float, float]]]:
    """Each page's words with their boxes (text, x0, y0, x1, y1 in points), as pdftotext
    -bbox reads them."""
    import xml.etree.ElementTree as ET

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (Debian package poppler-utils) is not installed; .ci/run installs it")
    done = subprocess.run(["pdftotext", "-bbox", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    space = "{http://www.w3.org/1999/xhtml}"
    root = ET.fromstring(done.stdout[done.stdout.index("<html"):])  # past the DOCTYPE
    return [
        [(word.text or "", *(float(word.get(key)) for key in ("xMin", "yMin", "xMax", "yMax"))) for word in page.iter(f"{space}word")]
        for page in root.iter(f"{space}page")
    ]


def overlapping_words(words: list[tuple[str, float, float, float, float]], slack: float = 0.5) -> list[tuple[str, str]]:
    """Pairs of words printed over each other (their boxes meet by more than `slack` points
    both ways)."""
    found = []
    for index, (text, x0, y0, x1, y1) in enumerate(words):
        for other, ox0, oy0, ox1, oy1 in words[index + 1:]:
            if min(x1, ox1) - max(x0, ox0) > slack and min(y1, oy1) - max(y0, oy0) > slack:
                found.append((text, other))
    return found
