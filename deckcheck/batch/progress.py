"""A progress bar on stderr, for terminals only: pipes and logs stay clean."""
from __future__ import annotations

import sys
import time
from typing import TextIO

_WIDTH = 30
_REDRAW_SECONDS = 0.1


class ProgressBar:
    """Call it with the number of decks just finished; `close()` clears the line."""

    def __init__(self, total: int, *, stream: TextIO | None = None, enabled: bool | None = None):
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        if enabled is None:
            enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.enabled = enabled and total > 0
        self._drawn = 0.0

    def __call__(self, finished: int) -> None:
        self.done += finished
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._drawn < _REDRAW_SECONDS and self.done < self.total:
            return
        self._drawn = now
        filled = _WIDTH * self.done // self.total
        self.stream.write(f"\r[{'#' * filled}{'.' * (_WIDTH - filled)}] {self.done}/{self.total} decks")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * (_WIDTH + 30) + "\r")
            self.stream.flush()
