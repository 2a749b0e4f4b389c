"""The progress bar of every long job (card downloads and imports, batch checks), on stderr.

stdout carries reports and must stay clean, so the bar goes to stderr, and only when that
is a terminal; DECKCHECK_PROGRESS=1 (or any other "on" word) forces it (for logs and tests),
DECKCHECK_PROGRESS=0 (or `off`, `no`, `false`, `n`) turns it off (docs/contracts.md). Redraws are limited to a few a second, so a fast loop is
not slowed down by printing; the last state is always drawn. The bar narrows to fit a
narrow terminal (a line wider than the terminal wraps, and each redraw would leave a row).

    with Progress("downloading", total_bytes, unit=BYTES) as progress:
        progress.update(done_bytes)          # how much is done so far
    bar = Progress("checking", len(decks), unit="decks")
    bar.advance(3)                           # three more are done
    bar.close()
"""
from __future__ import annotations

import os
import sys
import time
from typing import TextIO

BYTES = "bytes"  # a `unit` shown as B, KB, MB; any other unit is counted: `12/40 decks`

_WIDTH = 30
_NARROWEST = 5  # a bar narrower than this says nothing: the share and the count say it all
_INTERVAL = 0.2  # seconds between redraws


def _human(size: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} GB"


def wanted(stream: TextIO) -> bool:
    """Whether to draw on `stream`: as DECKCHECK_PROGRESS says, read as every other switch is
    (`off`, `no`, `0`... off, any other word on), else (unset or blank) on a terminal."""
    if os.environ.get("DECKCHECK_PROGRESS", "").strip():
        from .cards import switched_on  # the one reading of a switch: `yes` is not "unset"

        return switched_on("DECKCHECK_PROGRESS")
    return bool(getattr(stream, "isatty", lambda: False)())


def _columns(stream: TextIO) -> int | None:
    """The width of the terminal `stream` is, None when it is none (or does not say)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns or None
    except (AttributeError, OSError, ValueError):  # not a terminal, or no descriptor (a StringIO)
        return None


class Progress:
    """`label [#####-----]  50% 6/12 decks`, redrawn in place. `enabled=False` (a --quiet)
    silences it whatever the environment says; None decides by `wanted`. A finished bar
    stays on its line; one left by an error is ended so the message starts a fresh line."""

    def __init__(
        self, label: str, total: int | None, *, unit: str = BYTES, stream: TextIO | None = None,
        enabled: bool | None = None,
    ):
        self.label = label
        self.total = total if total and total > 0 else None
        self.unit = unit
        self.stream = stream or sys.stderr
        # A known total of nothing (an empty batch) has no progress to show.
        self.enabled = (wanted(self.stream) if enabled is None else enabled) and total != 0
        self.done = 0
        self._last = 0.0
        self._drawn = False
        self._width_drawn = 0

    def update(self, done: int) -> None:
        """`done` so far (bytes read, decks checked)."""
        self.done = done
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last < _INTERVAL and (self.total is None or done < self.total):
            return
        self._last = now
        self._draw()

    def advance(self, finished: int) -> None:
        """`finished` more are done."""
        self.update(self.done + finished)

    def _amount(self, value: int) -> str:
        return _human(value) if self.unit == BYTES else f"{value:,}"  # `2,560/12,000 decks`

    def _draw(self) -> None:
        unit = f" {self.unit}" if self.unit != BYTES else ""
        if self.total:
            share = min(self.done / self.total, 1.0)
            count = f"{self._amount(self.done)}/{self._amount(self.total)}"
            after = f" {share:4.0%} {count}{unit}"
            width = _WIDTH
            columns = _columns(self.stream)
            if columns is not None:
                # One column short of the terminal: a line that fills it wraps, and each
                # redraw (a carriage return goes back to the start of the last row only)
                # would leave a line behind.
                width = min(_WIDTH, columns - 1 - len(self.label) - len(" []") - len(after))
            if width >= _NARROWEST:
                filled = int(share * width)
                text = f"{self.label} [{'#' * filled}{'-' * (width - filled)}]{after}"
            else:  # too narrow for a bar: the label goes next, then the unit, then the count
                room = max(1, (columns or 0) - 1)
                # Whole words only: a number cut short (`256/1200` of 12000) would be wrong.
                shorter = (f"{self.label}{after}", after.strip(), f"{share:.0%} {count}", f"{share:.0%}", "")
                text = next(line for line in shorter if len(line) <= room)
        else:
            text = f"{self.label} {self._amount(self.done)}{unit}"
        # Blanks over what a longer line drawn before left (1023.9 KB, then 1.0 MB).
        self.stream.write("\r" + text.ljust(self._width_drawn))
        self.stream.flush()
        self._drawn = True
        self._width_drawn = len(text)

    def close(self) -> None:
        """Draw the finished bar and end its line."""
        if self.enabled:
            if self.total:
                self.done = max(self.done, self.total)
            self._draw()
            self.stream.write("\n")
            self.stream.flush()

    def abandon(self) -> None:
        """End the bar's line as it stands (the job stopped early), if it was drawn."""
        if self.enabled and self._drawn:
            self.stream.write("\n")
            self.stream.flush()
        self.enabled = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            self.close()
        else:
            self.abandon()
