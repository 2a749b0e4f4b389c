"""A DECK argument as every command reads it (cli/common.py): `-` is standard input, read
through textio's bounded reader, so an endless or oversized input stops at the decklist size
limit with a clear one-line error (exit 2) instead of filling memory."""
from __future__ import annotations

import subprocess
import threading

import pytest

from conftest import deckcheck_executable
from deckcheck.textio import MAX_INPUT_BYTES

COMMANDS = {
    "validate": ["validate", "-", "-f", "mtg/modern", "-o", "json"],
    "simulate": ["simulate", "-", "-f", "mtg/constructed"],
    "convert": ["convert", "-", "--to", "text"],
}
LIMIT_REASON = f"over the {MAX_INPUT_BYTES:,}-byte limit for a decklist; is this the right file?"


def told_the_limit(said: str) -> bool:
    """A line names standard input once and says the limit: `<stdin>: over the ...`, or
    convert's `<stdin>: cannot convert, 1 problem reading it (over the ...)`."""
    return any(line.count("<stdin>") == 1 and LIMIT_REASON in line for line in said.splitlines())


@pytest.mark.parametrize("command", COMMANDS)
def test_stdin_within_the_limit_is_read(cli, command):
    done = cli(*COMMANDS[command], input="20 Mountain\n40 Lightning Bolt\n")
    assert done.returncode in (0, 1), done.stderr
    assert done.stdout


def test_convert_reads_stdin(cli):
    done = cli("convert", "-", "--to", "arena", input="4 Lightning Bolt\n56 Mountain\n\n2 Smash to Smithereens\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Deck\n4 Lightning Bolt\n56 Mountain\n\nSideboard\n2 Smash to Smithereens\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_stdin_over_the_limit_is_refused(cli, command):
    line = b"4 Island\n"
    data = line * (MAX_INPUT_BYTES // len(line) + 1)
    assert len(data) > MAX_INPUT_BYTES
    done = cli(*COMMANDS[command], input=data)
    assert done.returncode == 2
    assert told_the_limit(done.stderr.decode() + done.stdout.decode())
    assert b"Traceback" not in done.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_endless_stdin_stops_at_the_limit(command):
    """The command stops reading one byte past the limit: the writer of an endless input
    finds the pipe closed long before it has written four times the limit."""
    process = subprocess.Popen([str(deckcheck_executable()), *COMMANDS[command]], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    written = 0
    ceiling = 4 * MAX_INPUT_BYTES  # an unbounded reader would take it all; stop there
    chunk = b"4 Island\n" * 7000

    def feed() -> None:
        nonlocal written
        try:
            while written < ceiling:
                process.stdin.write(chunk)
                written += len(chunk)
            process.stdin.close()
        except (BrokenPipeError, OSError):
            pass

    writer = threading.Thread(target=feed)
    writer.start()
    # The error is one line: reading stdout to its end, then stderr, cannot fill a pipe.
    stdout, stderr = process.stdout.read(), process.stderr.read()
    process.wait(timeout=120)
    writer.join(timeout=120)
    assert process.returncode == 2
    assert written < ceiling
    assert told_the_limit((stderr + stdout).decode())
