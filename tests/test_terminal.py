"""deckcheck as players and organisers run it in a terminal and in shell pipelines, through
the installed command: a reader that stops reading (`| head`), an interrupt (Ctrl-C),
closed or full standard streams (docs/contracts.md, Exit codes and Streams)."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, deckcheck_executable

EXAMPLE = str(ROOT / "examples" / "burn-modern.txt")
# 128 + SIGPIPE: the status the shell gives `cat` whose reader went away.
READER_GONE = 141


def environment() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DECKCHECK_", "GITHUB_"))}
    env.update(NO_COLOR="1", DECKCHECK_OFFLINE="1")
    return env


def run_into_closed_pipe(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """`deckcheck ARGS | true`: stdout is a pipe whose reader has gone before the first write."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return subprocess.run([str(deckcheck_executable()), *args], stdout=writer, stderr=subprocess.PIPE, text=True,
                              cwd=cwd, env=environment(), timeout=300)
    finally:
        os.close(writer)


@pytest.mark.parametrize("args", [
    ["validate", EXAMPLE, "-f", "mtg/modern"],
    ["validate", EXAMPLE, "-f", "mtg/modern", "-o", "json"],
    ["batch", "decks", "-f", "mtg/modern"],
    ["batch", "decks", "-f", "mtg/modern", "-o", "csv"],
    ["simulate", EXAMPLE, "-f", "mtg/modern", "--hands", "500"],
    ["formats", "list"],
    ["cards", "lookup", "Lightning Bolt", "-o", "json"],
    ["convert", EXAMPLE, "--to", "arena"],
    ["--help"],
    ["--version"],
    ["validate", "--help"],
], ids=" ".join)
def test_a_reader_that_stops_reading_ends_the_command_quietly(args, tmp_path):
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "burn.txt").write_text(Path(EXAMPLE).read_text(encoding="utf-8"), encoding="utf-8")
    done = run_into_closed_pipe(args, tmp_path)
    assert (done.returncode, done.stderr) == (READER_GONE, "")
