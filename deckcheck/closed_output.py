"""What deckcheck does when the reader of its output goes away (`deckcheck formats list |
head -3`): it stops quietly, as a program stopped by SIGPIPE does (docs/contracts.md, exit
codes), instead of calling the closed pipe an internal error."""
from __future__ import annotations

import os
import sys

# 128 + SIGPIPE (13): the status a shell shows for a program whose reader stopped reading.
READER_GONE = 141


def reader_gone() -> int:
    """Point stdout at the null device, so that the flush at exit does not fail on the
    closed pipe again (Python would print "Exception ignored ..." then), and return the
    exit code. Nothing is said: the reader asked for no more, and stderr may be the same
    closed pipe (`2>&1 | head`)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no stdout file descriptor at all: nothing left to flush into
        pass
    return READER_GONE
