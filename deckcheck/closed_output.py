"""What deckcheck does when the reader of its output goes away (`deckcheck formats list |
head -3`): it stops quietly, as a program stopped by SIGPIPE does (docs/contracts.md, exit
codes), instead of calling the closed pipe an internal error."""
from __future__ import annotations

import os
import sys

# 128 + SIGPIPE (13): the status a shell shows for a program whose reader stopped reading.
READER_GONE = 141


def stdout_reader_gone() -> bool:
    """Whether stdout is a pipe (or socket) whose reader has closed it: the one broken pipe
    that is the reader's doing. Another one (a worker process that died) stays an error.
    Where poll cannot tell (Windows), a broken pipe is taken to be stdout's."""
    try:
        import select

        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))
    except (AttributeError, OSError, ValueError):
        return True


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
