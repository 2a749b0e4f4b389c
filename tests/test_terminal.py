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
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DECKCHECK_", "GITHUB_", "CLICOLOR")) and key != "FORCE_COLOR"}
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


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid` (from /proc: Linux, where the tests run)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Whether `pid` still runs: not ended, nor a zombie left for init to reap."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# `deckcheck` itself, but with the batch's workers started whatever the machine's idle
# cores (planning.py starts none on a busy machine, which the test cannot choose).
WITH_WORKERS = (
    "import sys; from deckcheck.batch import runner; "
    "runner.worker_count = lambda remaining, idle, jobs: jobs - 1; "
    "from deckcheck.entry import main; sys.argv[0] = 'deckcheck'; main()"
)


def _ctrl_c_interrupts() -> None:
    """In the child, before it starts: SIGINT's default action, as a terminal gives it, even
    when this test run ignores SIGINT (a background job of a shell without job control does,
    and a Python started so never raises KeyboardInterrupt)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers in /proc (Linux)")
@pytest.mark.parametrize("how, wait_after_start, code", [
    ("Ctrl-C", 0.0, 130),    # the terminal interrupts the whole job while the workers start
    ("Ctrl-C", 0.5, 130),    # ... and while they check decks
    ("SIGTERM", 0.5, 143),   # `kill PID`, a cancelled CI job: the main process alone
])
def test_an_interrupted_batch_stops_quietly_with_its_workers(tmp_path, how, wait_after_start, code):
    """Exit 130 (Ctrl-C) or 143 (SIGTERM), nothing on stderr, no worker left, no report."""
    import signal
    import sys
    import time

    decks = tmp_path / "decks"
    decks.mkdir()
    text = Path(EXAMPLE).read_text(encoding="utf-8")
    for number in range(12000):  # seconds of work, whatever the machine: the signal comes first
        # Each file its own bytes (a comment line): identical files are checked once a run,
        # and 12,000 copies of one list would be done before the signal.
        (decks / f"{number:05}.txt").write_text(f"{text}\n# registration {number}\n", encoding="utf-8")
    command = [sys.executable, "-c", WITH_WORKERS, "batch", "decks", "-f", "mtg/modern", "--jobs", "3",
               "-o", "json", "--report", "event.json"]
    process = subprocess.Popen(command, cwd=tmp_path, env=environment(), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=_ctrl_c_interrupts)
    deadline = time.monotonic() + 60
    while len(children_of(process.pid)) < 2 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    workers = children_of(process.pid)
    assert len(workers) >= 2, "the batch started no workers"  # a resource tracker may be one more
    time.sleep(wait_after_start)
    workers = children_of(process.pid)  # every one started by now
    assert process.poll() is None, "the batch ended before it could be interrupted"
    if how == "Ctrl-C":
        os.killpg(process.pid, signal.SIGINT)
    else:
        os.kill(process.pid, signal.SIGTERM)
    try:
        stdout, stderr = process.communicate(timeout=60)
        time.sleep(0.5)  # the resource tracker ends once it sees the parent gone
        assert (process.returncode, stderr, stdout) == (code, "", "")
        assert not (tmp_path / "event.json").exists()
        assert [pid for pid in workers if running(pid)] == []
    finally:
        for pid in workers:  # what the test started, should the command have left it
            if running(pid):
                os.kill(pid, signal.SIGKILL)


# An interrupted batch's wait for its workers, met by two more Ctrl-Cs (worker_pool.py):
# `time.sleep` stands for a chunk in hand, since a worker can only run what it can import.
INTERRUPTED_THREE_TIMES = """
import os, signal, threading, time
from deckcheck.batch.worker_pool import submit, worker_pool

def interrupt_after(*delays):
    for delay in delays:
        time.sleep(delay)
        os.kill(os.getpid(), signal.SIGINT)

try:
    with worker_pool(1, time.sleep, (0,)) as pool:
        chunk = submit(pool, time.sleep, 2)
        while not chunk.running():
            time.sleep(0.01)
        threading.Thread(target=interrupt_after, args=(0.2, 0.3, 0.3), daemon=True).start()
        time.sleep(30)
except KeyboardInterrupt:
    print("chunk finished" if chunk.done() else "chunk left running")
"""


def test_more_ctrl_c_while_an_interrupted_batch_waits_for_its_workers_leaves_none_running():
    """The first Ctrl-C stops the batch; the next ones, during its wait for the chunk in
    hand, no longer break that wait (nor print `Exception ignored ... Bad file descriptor`)."""
    import sys

    done = subprocess.run([sys.executable, "-c", INTERRUPTED_THREE_TIMES], capture_output=True, text=True,
                          env=environment(), timeout=120, preexec_fn=_ctrl_c_interrupts)
    assert (done.returncode, done.stdout, done.stderr) == (0, "chunk finished\n", "")


def run_with_stdout(args: list[str], cwd: Path, stdout: str) -> subprocess.CompletedProcess:
    """`deckcheck ARGS >&-` (stdout "closed") or `deckcheck ARGS > /dev/full` (a disk that is full)."""
    command = [str(deckcheck_executable()), *args]
    if stdout == "closed":
        return subprocess.run(command, stderr=subprocess.PIPE, text=True, cwd=cwd, env=environment(), timeout=300,
                              preexec_fn=lambda: os.close(1))
    with open(stdout, "w") as target:
        return subprocess.run(command, stdout=target, stderr=subprocess.PIPE, text=True, cwd=cwd, env=environment(),
                              timeout=300)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="writes to /dev/full, a device every write to fails")
@pytest.mark.parametrize("stdout, error", [
    ("closed", "standard output is closed, so the report has nowhere to go; redirect it to a file"),
    ("/dev/full", "cannot write the report to standard output (No space left on device); send it to a file"),
])
@pytest.mark.parametrize("args", [
    ["validate", EXAMPLE, "-f", "mtg/modern"],
    ["batch", "decks", "-f", "mtg/modern", "-o", "json"],
    ["simulate", EXAMPLE, "-f", "mtg/modern", "--hands", "500"],
    ["formats", "list"],
    ["--help"],
    ["--version"],
], ids=" ".join)
def test_a_stdout_that_takes_no_report_is_one_line_of_error(args, stdout, error, tmp_path):
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "burn.txt").write_text(Path(EXAMPLE).read_text(encoding="utf-8"), encoding="utf-8")
    done = run_with_stdout(args, tmp_path, stdout)
    assert done.returncode == 2
    assert done.stderr.startswith(f"deckcheck: error: {error}") and done.stderr.count("\n") == 1, done.stderr


def run_on_terminal(args: list[str], cwd: Path, env: dict[str, str], columns: int = 80) -> tuple[int, bytes]:
    """The exit code and what a terminal `columns` wide shows (stdout and stderr, both on
    a pseudo-terminal)."""
    import fcntl
    import pty
    import struct
    import termios

    main, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    try:
        process = subprocess.Popen([str(deckcheck_executable()), *args], stdin=subprocess.DEVNULL, stdout=terminal,
                                   stderr=terminal, cwd=cwd, env=env)
    finally:
        os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # EIO: every writer of the terminal has gone
            break
        if not chunk:
            break
        shown += chunk
    os.close(main)
    return process.wait(timeout=300), shown


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal (the pty module), POSIX only")
@pytest.mark.parametrize("setting, coloured", [
    ({}, True), ({"NO_COLOR": "1"}, False), ({"TERM": "dumb"}, False),
    # bixense.com/clicolors: CLICOLOR=0 asks for none, CLICOLOR=1 is the default (a terminal's colour)
    ({"CLICOLOR": "0"}, False), ({"CLICOLOR": "1"}, True), ({"CLICOLOR": "0", "CLICOLOR_FORCE": "1"}, True),
], ids=["colour", "NO_COLOR", "TERM=dumb", "CLICOLOR=0", "CLICOLOR=1", "CLICOLOR=0 CLICOLOR_FORCE=1"])
def test_an_illegal_deck_is_coloured_on_a_terminal_that_shows_colour(setting, coloured, tmp_path):
    (tmp_path / "deck.txt").write_text("5 Lightning Bolt\n55 Mountain\n", encoding="utf-8")
    env = {key: value for key, value in environment().items() if key not in ("NO_COLOR", "TERM")}
    env.update({"TERM": "xterm-256color", **setting})
    code, shown = run_on_terminal(["validate", "deck.txt", "-f", "mtg/modern"], tmp_path, env)
    assert code == 1 and b"ILLEGAL" in shown, shown
    assert (b"\x1b[31mILLEGAL" in shown) == coloured and (b"\x1b[" in shown) == coloured, shown


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal (the pty module), POSIX only")
@pytest.mark.parametrize("columns", [20, 40, 80])
def test_the_batch_progress_bar_fits_the_terminal(columns, tmp_path):
    """A line as wide as the terminal wraps, and every redraw of the bar would leave a row."""
    (tmp_path / "decks").mkdir()
    for number in range(300):
        (tmp_path / "decks" / f"{number:03}.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    env = {key: value for key, value in environment().items() if key != "COLUMNS"}
    code, shown = run_on_terminal(["batch", "decks", "-f", "mtg/modern", "-o", "json", "--report", "event.json"],
                                  tmp_path, env, columns)
    assert code == 0, shown
    drawn = [row for line in shown.decode().replace("\r\n", "\n").split("\n") for row in line.split("\r")]
    bars = [row for row in drawn if "% " in row]  # the table of the report may be wider: it is no bar
    assert bars and bars[-1].endswith("100% 300/300 decks"), drawn
    assert max(len(row) for row in bars) < columns, bars


HOSTILE_NAMES = "4 Lim-Dûl's Vault\n4 Æther Vial\n52 Island\n\nSideboard\n1 Stardust Dragon ☆ − “Assault Mode”\n"


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("args", [
    ["validate", "deck.txt", "-f", "mtg/legacy", "-o", "json"],
    ["validate", "deck.txt", "-f", "mtg/legacy", "-o", "junit"],
    ["validate", "deck.txt", "-f", "mtg/legacy", "-o", "sarif"],
    ["batch", "event", "-f", "mtg/legacy", "-o", "json"],
    ["batch", "event", "-f", "mtg/legacy", "-o", "html"],
    ["simulate", "deck.txt", "-f", "mtg/legacy", "--hands", "100", "-o", "json"],
    ["diff", "deck.txt", "decks/deck.txt", "-o", "json"],
    ["cards", "lookup", "Lim-Dûl's Vault", "-o", "json"],
    ["convert", "deck.txt", "--to", "dek"],  # XML files whose declaration says utf-8
    ["convert", "deck.txt", "--to", "cod"],
], ids=" ".join)
def test_a_report_whose_format_is_utf8_is_utf8_on_any_terminal(args, encoding, tmp_path):
    """JSON must be UTF-8 (RFC 8259), the JUnit XML and the HTML page say they are: on a
    terminal of another encoding (a redirect on Windows is cp1252) they are still UTF-8,
    not `?` for what the terminal lacks nor bytes no parser reads."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "event").mkdir()
    (tmp_path / "deck.txt").write_text(HOSTILE_NAMES, encoding="utf-8")
    (tmp_path / "event" / "deck.txt").write_text(HOSTILE_NAMES, encoding="utf-8")
    (tmp_path / "decks" / "deck.txt").write_text("60 Island\n", encoding="utf-8")  # diff: the names are missing
    done = subprocess.run([str(deckcheck_executable()), *args], capture_output=True, cwd=tmp_path,
                          env={**environment(), "PYTHONIOENCODING": encoding}, timeout=300)
    assert done.returncode in (0, 1), done.stderr
    report = done.stdout.decode("utf-8")  # raises on latin-1 bytes
    names = ("Lim-Dûl's Vault", "Lim-D\\u00fbl's Vault", "Stardust Dragon ☆ − “Assault Mode”",
             "Stardust Dragon \\u2606 \\u2212 \\u201cAssault Mode\\u201d")
    assert any(name in report for name in names), report
    assert "D?l" not in report and "Dragon ?" not in report


@pytest.mark.parametrize("args, shown", [
    (["validate", "deck.txt", "-f", "mtg/legacy"], "unknown card 'Stardust Dragon * - \"Assault Mode\"'"),
    (["validate", "Lim-Dûl's deck.txt", "-f", "mtg/legacy"], "Lim-Dul's deck.txt - mtg/legacy: ILLEGAL"),
    (["simulate", "deck.txt", "-f", "mtg/legacy", "--hands", "100"], "(+/- is one standard error)"),
    (["cards", "lookup", "Lim-Dûl's Vault"], "Lim-Dul's Vault\n"),
], ids=["card name", "file name", "symbol", "cards lookup"])
def test_a_text_report_on_an_ascii_terminal_shows_the_nearest_ascii(args, shown, tmp_path):
    """What the terminal lacks is its nearest ASCII (a name pasted back still finds the
    card), not `?`; never an error."""
    for name in ("deck.txt", "Lim-Dûl's deck.txt"):
        (tmp_path / name).write_text(HOSTILE_NAMES, encoding="utf-8")
    done = subprocess.run([str(deckcheck_executable()), *args], capture_output=True, cwd=tmp_path,
                          env={**environment(), "PYTHONIOENCODING": "ascii"}, timeout=300)
    assert done.returncode in (0, 1) and b"Traceback" not in done.stderr, done.stderr
    assert shown in done.stdout.decode("ascii")


@pytest.mark.parametrize("encoding, shown", [
    ("ascii", "Lim-Dul's deck.txt - mtg/legacy: ILLEGAL"),
    ("latin-1", "Lim-D\u00fbl's deck.txt - mtg/legacy: ILLEGAL"),
    ("cp1252", "Lim-D\u00fbl's deck.txt - mtg/legacy: ILLEGAL"),
])
def test_a_name_written_with_combining_accents_shows_its_letters_on_a_legacy_terminal(encoding, shown, tmp_path):
    """A file name as a Mac writes it (decomposed: `u` then a combining circumflex) on a
    terminal without those marks: `û` where the terminal has it, else `u`; it was `Lim-Du?l's`,
    the mark alone having no nearest character."""
    (tmp_path / "Lim-Du\u0302l's deck.txt").write_text(HOSTILE_NAMES, encoding="utf-8")
    done = subprocess.run([str(deckcheck_executable()), "validate", "Lim-Du\u0302l's deck.txt", "-f", "mtg/legacy"],
                          capture_output=True, cwd=tmp_path, env={**environment(), "PYTHONIOENCODING": encoding},
                          timeout=300)
    assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr
    assert shown in done.stdout.decode(encoding), done.stdout


def test_a_reader_that_stops_part_way_through_a_long_report_ends_the_command_quietly(tmp_path):
    """`deckcheck validate decks/*.txt -o json | head -c 10`: the report (one write, more
    than a pipe holds) is cut where the reader left, and the command says so by its status."""
    text = Path(EXAMPLE).read_text(encoding="utf-8")
    decks = [f"deck{number:03}.txt" for number in range(400)]
    for name in decks:
        (tmp_path / name).write_text(text, encoding="utf-8")
    process = subprocess.Popen([str(deckcheck_executable()), "validate", *decks, "-f", "mtg/modern", "-o", "json"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, env=environment())
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(10) == b'{\n  "deckc'
    process.stdout.close()  # the reader goes, the rest of the report unread
    stderr = process.stderr.read()
    assert (process.wait(timeout=300), stderr) == (READER_GONE, b"")


@pytest.mark.parametrize("args", [
    ["validate", "-", "-f", "mtg/modern", "-o", "json"],
    ["simulate", "-", "-f", "mtg/modern"],
    ["diff", "-", EXAMPLE],
], ids=" ".join)
def test_a_closed_stdin_is_no_deck_rather_than_an_empty_one(args, tmp_path):
    """`deckcheck validate - <&-`: unreadable input (exit 2), not a deck of 0 cards (exit 1)."""
    done = subprocess.run([str(deckcheck_executable()), *args], capture_output=True, text=True, cwd=tmp_path,
                          env=environment(), timeout=300, preexec_fn=lambda: os.close(0))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "<stdin>: standard input is closed; pipe the decklist in" in done.stdout + done.stderr
    assert "deck-size" not in done.stdout


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal (the pty module), POSIX only")
@pytest.mark.parametrize("args", [
    ["convert", "deck.txt", "--to", "arena"],
    ["batch", "event", "-f", "mtg/modern", "-o", "csv"],
    ["diff", "deck.txt", "clean.txt"],
    ["validate", "deck.txt", "-f", "mtg/modern", "-o", "github"],
    ["validate", "deck.txt", "-f", "mtg/modern"],
    ["batch", "event", "-f", "mtg/modern"],
], ids=" ".join)
def test_a_name_cannot_colour_or_hide_text_on_a_terminal(args, tmp_path):
    """Only the colour deckcheck writes reaches a terminal: a card named `Hidden ESC[8m`
    (conceal: the rest of the line vanishes) shows its escape as a symbol in every output,
    the uncoloured ones too (docs/security.md)."""
    (tmp_path / "event").mkdir()
    for hostile in (tmp_path / "deck.txt", tmp_path / "event" / "deck.txt"):
        hostile.write_text("4 Lightning Bolt\n55 Mountain\n1 Hidden\x1b[8m secret\n", encoding="utf-8")
    (tmp_path / "clean.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    env = {key: value for key, value in environment().items() if key not in ("NO_COLOR", "TERM")}
    env["TERM"] = "xterm-256color"
    code, shown = run_on_terminal(args, tmp_path, env)
    assert code in (0, 1), shown
    assert b"Hidden" in shown and b"\x1b[8m" not in shown, shown


def shown_columns(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "latin-1"])
def test_a_table_stays_aligned_on_a_terminal_with_wide_names(encoding, tmp_path):
    """Japanese names take two columns a character: the verdicts still line up; and on a
    legacy terminal, where they are shown as `?`, as well."""
    (tmp_path / "a.txt").write_text("5 Lightning Bolt\n55 Mountain\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    (tmp_path / "reg.csv").write_text("player,team,deck\n山田太郎,チーム,a.txt\nBob,Zeta,b.txt\n", encoding="utf-8")
    done = subprocess.run([str(deckcheck_executable()), "batch", "reg.csv", "-f", "mtg/modern"], capture_output=True,
                          text=True, encoding=encoding, cwd=tmp_path, env={**environment(), "PYTHONIOENCODING": encoding},
                          timeout=300)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    tables = [lines[0:3], lines[4:7]]  # the registrations, then the teams
    assert [line.split()[-2] for line in tables[0] + tables[1]] == ["VERDICT", "ILLEGAL", "LEGAL"] * 2, lines
    for table in tables:
        assert len({shown_columns(line[:line.index(line.split()[-2])]) for line in table}) == 1, table


WIDE_NAMES = "4 稲妻\n4 Æther Vial\n4 Lightning Bolt\n24 Island\n24 Mountain\n"
COSTS = 'costs: {"稲妻": "{R}", "Æther Vial": "{R}", "Lightning Bolt": "{R}"}\n'
CAST = ["--cast", "稲妻", "--cast", "Æther Vial", "--cast", "Lightning Bolt"]
SIMULATE = ["simulate", "deck.txt", "-f", "mtg/modern", "--no-cards"]
LINE_END = ("", "", "end")  # a right-aligned last column: every line of the table ends in one column


def edge(line: str, token: str, side: str) -> int:
    """The terminal column where `token` starts or ends in `line`, looked for after the
    table's first cell (a name, which holds no two blanks in a row); "" is the line's end."""
    if not token:
        return shown_columns(line.rstrip())
    at = line.index(token, line.index("  ", 2))
    return shown_columns(line[:at + (len(token) if side == "end" else 0)])


@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "latin-1"])
@pytest.mark.parametrize("args, title, rows, checks", [
    (["diff", "deck.txt", "lands.txt"], "Missing from the deck", 3, [(None, "(registered", "start")]),
    ([*SIMULATE, "--card", "稲妻", "--card", "Æther Vial", "--card", "Lightning Bolt"], "At least one copy", 4,
     [("copies", "4", "end")]),
    ([*SIMULATE, "--policy", "policy.yaml", *CAST], "given: the chance", 4, [("cost", "{R}", "start"), LINE_END]),
    # Each row and the standard errors under it.
    ([*SIMULATE, "--policy", "policy.yaml", "--hands", "300", *CAST], "given: the chance", 7,
     [("cost", "{R}", "start"), LINE_END]),
    ([*SIMULATE, "--compare", "山田.yaml", "policy.yaml", *CAST[:4]], "exact (multivariate", 7, [LINE_END]),
    ([*SIMULATE, "--hands", "300", "--compare", "山田.yaml", "policy.yaml", *CAST[:4]], "common random numbers", 7,
     [LINE_END]),
], ids=["diff", "simulate by turn", "simulate --cast", "simulate --cast Monte Carlo", "simulate --compare",
        "simulate --compare Monte Carlo"])
def test_every_text_table_stays_aligned_with_wide_names_on_any_terminal(args, title, rows, checks, encoding, tmp_path):
    """A Japanese card name (two columns a character), a policy file named in Japanese, and on
    a legacy terminal a name or a symbol shown longer than it is (`AEther Vial`, `+/-` for
    `±`): every column of every table still lines up, as the batch tables do."""
    (tmp_path / "deck.txt").write_text(WIDE_NAMES, encoding="utf-8")
    (tmp_path / "lands.txt").write_text("30 Island\n30 Mountain\n", encoding="utf-8")
    (tmp_path / "policy.yaml").write_text(COSTS, encoding="utf-8")
    (tmp_path / "山田.yaml").write_text(COSTS + 'keep: {7: "1 <= lands <= 5"}\n', encoding="utf-8")
    done = subprocess.run([str(deckcheck_executable()), *args], capture_output=True, text=True, encoding=encoding,
                          cwd=tmp_path, env={**environment(), "PYTHONIOENCODING": encoding}, timeout=300)
    assert done.returncode in (0, 1), done.stderr
    lines = done.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if title in line)
    table = [line for line in lines[start + 1:] if line]  # the table after its title
    if "--compare" in args:  # its rows only: not its legend nor the policy heading above each policy's rows
        table = [line for line in table if "  " in line.strip()]
    table = table[:rows]
    for header, token, side in checks:
        body = table if header is None else table[1:]
        if header is not None and token:  # the rows that hold it (not the standard errors under a row)
            body = [line for line in body if token in line]
        wanted = {edge(line, token, side) for line in body}
        if header is not None:
            wanted.add(edge(table[0], header, side))
        assert len(wanted) == 1, "\n".join(table)


@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "latin-1"])
def test_the_list_of_formats_stays_aligned_with_a_format_named_in_japanese(encoding, tmp_path):
    """A user format file `mtg/日本.yaml`: its name still starts in the column of the others'."""
    (tmp_path / "mtg").mkdir()
    (tmp_path / "mtg" / "日本.yaml").write_text("name: Japan Cup\nextends: mtg/modern\n", encoding="utf-8")
    (tmp_path / "mtg" / "Æther.yaml").write_text("name: Aether Cup\nextends: mtg/modern\n", encoding="utf-8")
    done = subprocess.run([str(deckcheck_executable()), "formats", "list"], capture_output=True, text=True,
                          encoding=encoding, env={**environment(), "PYTHONIOENCODING": encoding,
                                                  "DECKCHECK_FORMATS_PATH": str(tmp_path)}, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.endswith(" Cup") or line.startswith("mtg/modern ")]
    assert len(lines) == 3 and len({shown_columns(line[:line.rindex("  ") + 2]) for line in lines}) == 1, lines


@pytest.mark.skipif(os.name != "posix", reason="a non-blocking pipe (fcntl O_NONBLOCK) is POSIX")
@pytest.mark.parametrize("args", [
    ["validate", *[f"decks/{number:04}.txt" for number in range(1000)], "-f", "mtg/modern", "-o", "json"],
    ["batch", "decks", "-f", "mtg/modern", "-o", "csv"],
], ids=["validate -o json", "batch -o csv"])
def test_a_non_blocking_pipe_gets_the_whole_report(args, tmp_path):
    """A runner that leaves its pipe non-blocking (Node.js, some CI agents) and reads it
    slowly: the report is the whole report, not the first 64 KiB of it."""
    import fcntl
    import time

    (tmp_path / "decks").mkdir()
    for number in range(1000):
        (tmp_path / "decks" / f"{number:04}.txt").write_text("5 Lightning Bolt\n55 Mountain\n", encoding="utf-8")
    command = [str(deckcheck_executable()), *args]
    whole = subprocess.run(command, capture_output=True, cwd=tmp_path, env=environment(), timeout=300)
    assert len(whole.stdout) > 65536  # more than a pipe holds
    reader, writer = os.pipe()
    fcntl.fcntl(writer, fcntl.F_SETFL, fcntl.fcntl(writer, fcntl.F_GETFL) | os.O_NONBLOCK)
    process = subprocess.Popen(command, stdout=writer, stderr=subprocess.PIPE, cwd=tmp_path, env=environment())
    os.close(writer)
    time.sleep(1)  # the command meets a full pipe before anything is read
    received = b""
    while chunk := os.read(reader, 65536):
        received += chunk
    os.close(reader)
    assert (process.wait(timeout=300), process.stderr.read() if process.stderr else b"") == (whole.returncode, b"")
    assert received == whole.stdout


# Names as a terminal shows them (the widths of wcwidth's wcswidth, which terminals follow):
# players' names of the shared data's MTGO decklists and the marks that take no column.
SHOWN_WIDTHS = [
    ("\U0001F934\U0001F3FE Kevin Punj", 13),  # a skin-tone modifier: one emoji of two columns
    ("PauloPereira84\U0001F918\U0001F1E7\U0001F1F7", 18),  # a flag: two regional indicators
    ("\U0001F3F3\ufe0f\u200d\U0001F308 Alex", 7),  # the rainbow flag: a joined sequence
    ("family\U0001F468\u200d\U0001F469\u200d\U0001F467", 8),  # a family: three emoji, one picture
    ("heart\u2764\ufe0fx", 8),  # a heart in colour (VS16): two columns
    ("zero\u200bwidth", 9),  # a zero-width space
    ("Se\u030dk-un Kho\u0301\u0358", 10),  # combining marks
    ("\u0e01\u0e31\u0e19", 2),  # Thai: a vowel sign above its consonant (combining class 0)
    ("Plain Name", 10),
]


def test_a_table_stays_aligned_with_emoji_and_invisible_marks_in_names(tmp_path):
    """A player's name with an emoji sequence (a skin tone, a joined family, a flag), a
    zero-width space or a mark above a letter: the TEAM column still starts in one column,
    as a terminal shows the names; it was pushed left by each of those a column or more."""
    (tmp_path / "a.txt").write_text("4 Lightning Bolt\n56 Mountain\n", encoding="utf-8")
    rows = "".join(f"{name},a.txt\n" for name, _ in SHOWN_WIDTHS)
    (tmp_path / "reg.csv").write_text("player,deck\n" + rows, encoding="utf-8")
    done = subprocess.run([str(deckcheck_executable()), "batch", "reg.csv", "-f", "mtg/modern"], capture_output=True,
                          text=True, encoding="utf-8", cwd=tmp_path,
                          env={**environment(), "PYTHONIOENCODING": "utf-8"}, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()[1:len(SHOWN_WIDTHS) + 1]
    widest_name = max(width for _, width in SHOWN_WIDTHS)
    for (name, width), line in zip(SHOWN_WIDTHS, lines):
        assert line.startswith(name + " "), (name, line)
        blanks = len(line[len(name):]) - len(line[len(name):].lstrip(" "))
        assert width + blanks == widest_name + 2, (name, line)


# Ctrl-C while deckcheck starts (its imports take a tenth of a second, Typer's more): each
# patch stands for an interrupt at one point of entry.py's way to the command, where a
# Ctrl-C later on (in the command's work) ends it with 130 and nothing on stderr.
INTERRUPTED_AT = [
    ("trusting the working folder", "import deckcheck.formats as m; m.trust_working_folder = interrupt",
     ["validate", EXAMPLE, "-f", "mtg/modern"]),
    ("importing a quick command", "import deckcheck.cli.quick as m; m.run = interrupt",
     ["validate", EXAMPLE, "-f", "mtg/modern"]),
    ("importing Typer's app", "import deckcheck.cli as m; m.typer_app = interrupt", ["convert", EXAMPLE, "--to", "arena"]),
]
STARTED_AND_INTERRUPTED = """
import sys
def interrupt(*args, **kwargs):
    raise KeyboardInterrupt
{patch}
from deckcheck.entry import main
sys.argv = ["deckcheck", *{args!r}]
main()
"""


@pytest.mark.parametrize("where, patch, args", INTERRUPTED_AT, ids=[case[0] for case in INTERRUPTED_AT])
def test_ctrl_c_while_deckcheck_starts_ends_it_as_quietly_as_later(where, patch, args, tmp_path):
    """Exit 130 and nothing on stderr (docs/contracts.md), however early the Ctrl-C: it was
    a traceback before the command line was read and `deckcheck: interrupted` during the
    imports, where a command interrupted at its work says nothing."""
    import sys

    script = STARTED_AND_INTERRUPTED.format(patch=patch, args=args)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path,
                          env=environment(), timeout=120)
    assert (done.returncode, done.stderr) == (130, "")


# What each command writes of the whole list typed (60 cards), on the terminal (which ends
# its lines in CR LF): never the typed lines alone, which the terminal echoes.
TYPED = b"4 Lightning Bolt\n56 Mountain\n"


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal (the pty module), POSIX only")
@pytest.mark.parametrize("args, what, told", [
    (["validate", "-", "-f", "mtg/modern"], "decklist", b": LEGAL (main 60, sideboard 0)"),
    (["simulate", "-", "-f", "mtg/modern"], "decklist", b"60 cards, 56 lands"),
    (["convert", "-", "--to", "arena"], "decklist", b"Deck\r\n4 Lightning Bolt\r\n56 Mountain\r\n"),
], ids=["validate", "simulate", "convert"])
def test_a_list_typed_at_the_terminal_ends_with_one_ctrl_d_and_is_asked_for(args, what, told, tmp_path):
    """`deckcheck validate -` with the terminal as standard input waited without a word,
    and a list pasted there and ended with Ctrl-D was not read until a second Ctrl-D: the
    read went on past the end of input a terminal gives (one read returning nothing). The
    command's answer is read for the whole list: a typed name alone is on the terminal as
    its echo, whatever the command read."""
    import pty
    import select
    import time

    main, terminal = pty.openpty()
    try:
        process = subprocess.Popen([str(deckcheck_executable()), *args], stdin=terminal, stdout=terminal,
                                   stderr=terminal, cwd=tmp_path, env=environment())
    finally:
        os.close(terminal)

    def shown_within(seconds: float) -> bytes:
        found, deadline = b"", time.monotonic() + seconds
        while time.monotonic() < deadline:
            if select.select([main], [], [], 0.1)[0]:
                try:
                    found += os.read(main, 65536)
                except OSError:  # EIO: the command has ended
                    break
            elif process.poll() is not None:
                break
        return found

    try:
        asked, deadline = b"", time.monotonic() + 60
        while b"Ctrl-D" not in asked and time.monotonic() < deadline and process.poll() is None:
            asked += shown_within(0.5)
        assert f"deckcheck: reading the {what} from the terminal: end it with Ctrl-D on a line of its own".encode() in asked, asked
        os.write(main, TYPED)
        time.sleep(0.3)
        os.write(main, b"\x04")  # one Ctrl-D at the start of a line: the end of input
        shown = shown_within(60)
        assert process.wait(timeout=5) in (0, 1), shown
        assert told in shown, shown
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        os.close(main)
