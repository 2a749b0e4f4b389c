"""When the standard streams fail a command: the reader of a pipe stops reading, stdout
is closed, will not take the report, or takes it only a part at a time.

`deckcheck batch registrations/ | head -3` is a normal thing to type: `head` closes the
pipe after three lines and the next write fails with EPIPE. That is no error of deckcheck
nor of the input, so it is said nowhere: the command stops quietly with the status the
shell reports for `cat` in the same place (docs/contracts.md, Exit codes). A stdout that
is closed (`>&-`) or refuses the report (`> /dev/full`) is an error, said in one line.
"""
from __future__ import annotations

import os
import sys
from typing import BinaryIO, TextIO

# 128 + SIGPIPE (13 wherever there is a pipe to break): what the shell reports for `cat
# big.txt | head -1`, whose cat the broken pipe ended (`set -o pipefail` scripts see it as
# for any other command). A constant: every report goes through this module, and importing
# `signal` for the number cost each `validate` half a millisecond. `select` is imported
# where a pipe needs it, for the same reason.
READER_GONE = 141


def broken_pipe_code(otherwise: int | None = None) -> int | None:
    """The exit code of a command that met a broken pipe: READER_GONE when it was stdout's
    reader that went away (`stdout_reader_gone`), the quiet end; else `otherwise`, None
    (the default) for a caller that says the error itself. Whenever it answers a code, the
    standard streams go to the null device first (`reader_gone`): nothing more is written,
    the interpreter's flush at exit included."""
    if stdout_reader_gone():
        return reader_gone()
    if otherwise is None:
        return None
    reader_gone()
    return otherwise


def stdout_reader_gone() -> bool:
    """Whether stdout is a pipe (or socket) whose reader has closed it: the one broken pipe
    that is the reader's doing; another one (a worker process that died) stays an error.
    Where poll cannot tell (Windows), a broken pipe is taken to be stdout's."""
    try:
        import select

        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))
    except (AttributeError, OSError, ValueError):
        return True


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


def write_all(stream: BinaryIO, data: bytes) -> None:
    """Write all of `data` to `stream` (stdout's bytes), or raise why not. Two pipes take
    less than they are given and say so only by the count: one whose reader goes away
    part-way through a long report (the next write raises the broken pipe), and one left
    non-blocking by the program reading it (a Node.js or CI runner's), which takes what
    fits and answers None, or BlockingIOError, for the rest: deckcheck waits until it has
    room, where the rest of the report was dropped without a word."""
    view = memoryview(data)
    while view:
        try:
            written = stream.write(view)
        except BlockingIOError as error:
            written = error.characters_written
        if written:
            view = view[written:]
        else:
            _wait_for_room(stream)
    while True:  # what the stream buffered on the way (the BlockingIOError case)
        try:
            stream.flush()
            return
        except BlockingIOError:
            _wait_for_room(stream)


def _wait_for_room(stream: BinaryIO) -> None:
    """Until `stream`'s descriptor can take a write; at once where it has none to wait on."""
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    import select

    select.select([], [descriptor], [])


def standard_output() -> TextIO:
    """sys.stdout, or a DeckcheckError (exit 2) saying there is none: a command started
    with stdout closed (`>&-`) has nowhere to put its report."""
    if sys.stdout is None:
        raise closed_output()
    return sys.stdout


def closed_output() -> Exception:
    """The one-line error for a command started with stdout closed (exit 2)."""
    from ..errors import DeckcheckError

    return DeckcheckError(
        "standard output is closed, so the report has nowhere to go; "
        "redirect it to a file (> report.txt), or to /dev/null to keep only the exit code"
    )


def cannot_write(error: OSError) -> Exception:
    """The one-line error for a report that stdout would not take (a full disk, a device
    that refuses writes), never a broken pipe (reader_gone)."""
    from ..errors import DeckcheckError

    why = error.strerror or type(error).__name__
    return DeckcheckError(
        f"cannot write the report to standard output ({why}); send it to a file on a disk with room (> report.txt)"
    )
