"""When the standard streams go away under a command: the reader of a pipe stops reading.

`deckcheck batch registrations/ | head -3` is a normal thing to type: `head` closes the
pipe after three lines and the next write fails with EPIPE. That is no error of deckcheck
nor of the input, so it is said nowhere: the command stops quietly with the status the
shell reports for `cat` in the same place (docs/contracts.md, Exit codes).
"""
from __future__ import annotations

import os
import signal
import sys

# 128 + SIGPIPE: what the shell reports for `cat big.txt | head -1`, whose cat the broken
# pipe ended (`set -o pipefail` scripts see it as for any other command). SIGPIPE is 13
# wherever there is a pipe to break; Windows has no such signal.
READER_GONE = 128 + getattr(signal, "SIGPIPE", 13)


def reader_gone() -> int:
    """Stop writing to the closed pipe and return READER_GONE. Standard output and error
    are pointed at the null device, so what is still buffered (and the interpreter's own
    flush at exit) goes nowhere instead of raising again as "Exception ignored"."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:
            descriptor = stream.fileno()
            null = os.open(os.devnull, os.O_WRONLY)
        except (OSError, ValueError, AttributeError):  # no descriptor behind it (a test's StringIO)
            continue
        os.dup2(null, descriptor)
        os.close(null)
    return READER_GONE
