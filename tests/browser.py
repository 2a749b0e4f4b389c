"""Headless Chromium for the tests of the HTML event report: the page is loaded from a
file, with scripts on, and its DOM after the scripts ran or a screenshot comes back.

The browser is the system's (Debian's `chromium`; .ci/run installs it when apt-get can).
A test that needs it skips, saying so, only when no Chromium is installed. Each run gets
a fresh profile folder and no network: background networking is off and the page itself
allows no request (its Content-Security-Policy).
"""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
         "--disable-extensions", "--disable-sync", "--hide-scrollbars", "--mute-audio")


def chromium() -> str:
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no Chromium installed (apt-get install chromium; .ci/run installs it when apt-get is available)")


def _run(args: list[str]) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory(prefix="deckcheck-chromium-") as profile:
        return subprocess.run(
            [chromium(), *FLAGS, f"--user-data-dir={profile}", *args],
            capture_output=True, text=True, timeout=120,
        )


def dom(page: Path, fragment: str = "") -> str:
    """The page's DOM once its scripts ran (`fragment` is the address's `#...`)."""
    done = _run(["--virtual-time-budget=5000", "--dump-dom", page.resolve().as_uri() + fragment])
    assert done.returncode == 0 and "<html" in done.stdout, done.stderr[-2000:]
    return done.stdout


def screenshot(page: Path, picture: Path, *, width: int = 1200, height: int = 900, fragment: str = "") -> Path:
    """A PNG of the page as Chromium draws it at `width` x `height`."""
    done = _run([f"--window-size={width},{height}", f"--screenshot={picture}", "--virtual-time-budget=5000",
                 page.resolve().as_uri() + fragment])
    assert done.returncode == 0 and picture.is_file(), done.stderr[-2000:]
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return picture


def printed(page: Path, pdf: Path, *, fragment: str = "") -> Path:
    """The page printed to PDF as Chromium lays it out (US letter, no header or footer):
    what does not fit the paper's width is cut off, as on a screen that narrow."""
    done = _run(["--no-pdf-header-footer", f"--print-to-pdf={pdf}", "--virtual-time-budget=5000",
                 page.resolve().as_uri() + fragment])
    assert done.returncode == 0 and pdf.is_file(), done.stderr[-2000:]
    return pdf
