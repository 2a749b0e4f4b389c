"""A small progress bar on stderr (stdout carries reports and must stay clean).

It draws only on a terminal, or when DECKCHECK_PROGRESS=1 forces it (for logs and
tests); elsewhere it stays silent. Redraws are limited to a few per second so a fast
loop is not slowed down by printing.
"""
from __future__ import annotations

import os
import sys
import time
from typing import TextIO

_WIDTH = 30
_INTERVAL = 0.2


def _human(size: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} GB"


class Progress:
    def __init__(self, label: str, total: int | None, *, stream: TextIO | None = None, enabled: bool | None = None):
        self.label = label
        self.total = total if total and total > 0 else None
        self.stream = stream or sys.stderr
        if enabled is None:
            forced = os.environ.get("DECKCHECK_PROGRESS")
            enabled = forced == "1" if forced in ("0", "1") else self.stream.isatty()
        self.enabled = enabled
        self.done = 0
        self._last = 0.0
        self._drawn = False

    def update(self, done: int) -> None:
        self.done = done
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last < _INTERVAL:
            return
        self._last = now
        self._draw()

    def _draw(self) -> None:
        if self.total:
            share = min(self.done / self.total, 1.0)
            filled = int(share * _WIDTH)
            bar = "#" * filled + "-" * (_WIDTH - filled)
            text = f"\r{self.label} [{bar}] {share:4.0%} {_human(self.done)}/{_human(self.total)}"
        else:
            text = f"\r{self.label} {_human(self.done)}"
        self.stream.write(text)
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self.enabled:
            if self.total:
                self.done = max(self.done, self.total)
            self._draw()
            self.stream.write("\n")
            self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            self.close()
        elif self.enabled and self._drawn:
            self.stream.write("\n")
            self.stream.flush()
