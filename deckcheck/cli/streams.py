"""When the standard streams fail a command: the reader of a pipe stops reading, stdout
is closed or will not take the report.

`deckcheck batch registrations/ | head -3` is a normal thing to type: `head` closes the
pipe after three lines and the next write fails with EPIPE. That is no error of deckcheck
nor of the input, so it is said nowhere: the command stops quietly with the status the
shell reports for `cat` in the same place (docs/contracts.md, Exit codes). A stdout that
is closed (`>&-`) or refuses the report (`> /dev/full`) is an error, said in one line.
"""
from __future__ import annotations

import os
import signal
import sys
from typing import TextIO

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


def standard_output() -> TextIO:
    """sys.stdout, or a DeckcheckError (exit 2) saying there is none: a command started
    with stdout closed (`>&-`) has nowhere to put its report."""
    if sys.stdout is None:
        from ..errors import DeckcheckError

        raise DeckcheckError(
            "standard output is closed, so the report has nowhere to go; "
            "redirect it to a file (> report.txt), or to /dev/null to keep only the exit code"
        )
    return sys.stdout


def cannot_write(error: OSError) -> Exception:
    """The one-line error for a report that stdout would not take (a full disk, a device
    that refuses writes), never a broken pipe (reader_gone)."""
    from ..errors import DeckcheckError

    why = error.strerror or type(error).__name__
    return DeckcheckError(
        f"cannot write the report to standard output ({why}); send it to a file on a disk with room (> report.txt)"
    )
