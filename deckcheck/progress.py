"""The progress bar of every long job (card downloads and imports, batch checks), on stderr.

stdout carries reports and must stay clean, so the bar goes to stderr, and only when that
is a terminal; DECKCHECK_PROGRESS=1 forces it (for logs and tests), DECKCHECK_PROGRESS=0
turns it off (docs/contracts.md). Redraws are limited to a few a second, so a fast loop is
not slowed down by printing; the last state is always drawn.

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
_INTERVAL = 0.2  # seconds between redraws


def _human(size: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} GB"


def wanted(stream: TextIO) -> bool:
    """Whether to draw on `stream`: as DECKCHECK_PROGRESS says (1 or 0), else on a terminal."""
    forced = os.environ.get("DECKCHECK_PROGRESS")
    if forced in ("0", "1"):
        return forced == "1"
    return bool(getattr(stream, "isatty", lambda: False)())


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
        return _human(value) if self.unit == BYTES else str(value)

    def _draw(self) -> None:
        if self.total:
            share = min(self.done / self.total, 1.0)
            filled = int(share * _WIDTH)
            bar = "#" * filled + "-" * (_WIDTH - filled)
            amount = f"{self._amount(self.done)}/{self._amount(self.total)}"
            text = f"\r{self.label} [{bar}] {share:4.0%} {amount}"
        else:
            text = f"\r{self.label} {self._amount(self.done)}"
        if self.unit != BYTES:
            text += f" {self.unit}"
        self.stream.write(text)
        self.stream.flush()
        self._drawn = True

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
