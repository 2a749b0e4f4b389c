"""A batch streams its results: every output of `deckcheck batch` is byte for byte the
report rendered from the results held in memory, in registration order whatever the
number of workers, and the batch keeps no result once its report has it."""
from __future__ import annotations

import csv
import io
import weakref

import pytest
from files import write

from deckcheck import report
from deckcheck.batch import check_source, runner
from deckcheck.report.stream import Spool

DATE = "2024-06-01"
DECKS = {
    "legal": "4 Opt\n56 Island\n",
    "short": "4 Lightning Bolt\n20 Mountain\n",
    "five": "5 Brainstorm\n55 Island\n\nSideboard\n2 Pyroblast\n",
    "banned": "1 Black Lotus\n59 Island\n",
}
BATCH_OUTPUTS = [name for name in report.REPORTERS if report.renders(name, report.BATCH)]


def event(root, players: int) -> str:
    """A manifest of `players` rows cycling through the decks above, teams of three among
    the first twelve, one row whose deck file is missing; returns its name."""
    write(root, {f"decks/{name}.txt": text for name, text in DECKS.items()})
    buffer = io.StringIO()
    out = csv.writer(buffer, lineterminator="\n")
    out.writerow(["player", "deck", "team"])
    names = list(DECKS)
    for index in range(players):
        deck = "decks/missing.txt" if index == 5 else f"decks/{names[index % len(names)]}.txt"
        out.writerow([f"player {index:03d}", deck, f"T{index // 3}" if index < 12 else ""])
    write(root, {"event.csv": buffer.getvalue()})
    return "event.csv"


def reference(manifest: str, output: str, **options) -> str:
    """The report rendered the way a library caller does: results held, then rendered."""
    batch = check_source(manifest, "mtg/legacy", date=DATE, jobs=1, **options)
    assert len(batch.report.results) == len(batch.registrations)
    return report.deliver_batch(report.load(output), batch)


@pytest.mark.parametrize("output", BATCH_OUTPUTS)
def test_the_streamed_report_is_the_rendered_one(cli, tmp_path, monkeypatch, output):
    manifest = event(tmp_path, 40)
    done = cli("batch", manifest, "-f", "mtg/legacy", "--date", DATE, "-o", output, "--quiet",
               "--deck-check", "10%", "--seed", "3", cwd=tmp_path, input=b"")  # bytes: CSV's \r\n as written
    assert done.returncode == 1, done.stderr
    monkeypatch.chdir(tmp_path)
    expected = reference(manifest, output, deck_check="10%", seed=3)
    assert done.stdout == expected.encode("utf-8")
    assert "player 039" in expected and "T3" in expected  # the last row and a team made it


@pytest.mark.parametrize("output", ["json", "junit"])
def test_a_report_file_streams_and_the_text_summary_still_prints(cli, tmp_path, monkeypatch, output):
    manifest = event(tmp_path, 30)
    done = cli("batch", manifest, "-f", "mtg/legacy", "--date", DATE, "-o", output, "--quiet",
               "--report", "out/report", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    monkeypatch.chdir(tmp_path)
    assert (tmp_path / "out" / "report").read_bytes() == reference(manifest, output).encode("utf-8")
    assert done.stdout == reference(manifest, "text")


def _streamed(manifest: str, jobs: int) -> tuple[str, object, list[weakref.ref]]:
    """The JSON report of a batch written as it comes, the batch, and a weak reference
    to each result the report was handed."""
    out = io.StringIO()
    writer = report.load("json").batch_writer(out)
    seen: list[weakref.ref] = []

    def sink(row, result) -> None:
        seen.append(weakref.ref(result))
        writer.add(row, result)

    batch = check_source(manifest, "mtg/legacy", date=DATE, jobs=jobs, sink=sink)
    writer.finish(batch)
    return out.getvalue(), batch, seen


def _in_small_chunks(monkeypatch, tmp_path) -> str:
    """A 120-row event, checked in chunks of 7 decks, with a worker even for so small a
    batch (after a one-chunk sample, whatever the machine's load) when jobs > 1: the
    parallel path, in many pieces. Returns the manifest."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(runner, "SAMPLE_SECONDS", 0.0)
    monkeypatch.setattr(runner, "worker_count", lambda remaining, idle, jobs: jobs - 1)
    monkeypatch.setattr(runner, "MAX_CHUNK", 7)
    return event(tmp_path, 120)


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_batch_keeps_no_result_it_streamed(tmp_path, monkeypatch, jobs):
    manifest = _in_small_chunks(monkeypatch, tmp_path)
    streamed, batch, seen = _streamed(manifest, jobs)
    assert len(seen) == 120
    assert sum(ref() is not None for ref in seen) == 0  # every result went once the report had it
    assert batch.report.results == []
    assert (batch.totals.decks, batch.totals.legal) == (120, 30)  # every fourth row has the legal deck
    assert batch.exit_code == 1
    assert streamed == reference(manifest, "json")  # same bytes, same order, with a worker too


class _Cycle:
    """What a writer may leave behind per result: an object in a reference cycle (an
    indented `json.dumps`, as SARIF's writer makes, leaves its encoder's closures so)."""

    def __init__(self) -> None:
        self.me = self


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_garbage_a_writer_leaves_in_cycles_is_freed_as_the_batch_goes(tmp_path, monkeypatch, jobs):
    manifest = _in_small_chunks(monkeypatch, tmp_path)
    made: list[weakref.ref] = []
    alive_at_the_end: list[int] = []

    def sink(row, result) -> None:
        made.append(weakref.ref(_Cycle()))
        if len(made) == 120:
            alive_at_the_end.append(sum(ref() is not None for ref in made))

    check_source(manifest, "mtg/legacy", date=DATE, jobs=jobs, sink=sink)
    # The collector is paused while a batch runs, but sweeps each chunk's leftovers: at the
    # last result, at most the cycles made since the last chunk ended are still there.
    assert alive_at_the_end and alive_at_the_end[0] <= 7 * 2


@pytest.mark.parametrize("output", ["sarif", "junit"])
def test_an_indented_report_does_not_grow_the_heap_with_the_batch(tmp_path, monkeypatch, output):
    """SARIF and JUnit write each result through an encoder that leaves reference cycles:
    with the collector paused and never sweeping, a 50,000-deck batch held 160 MiB more
    at its end than at 10,000 (docs/speed.md). Counted here as the objects the collector
    tracks, after a short and a long batch."""
    import gc

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(runner, "MAX_CHUNK", 16)
    writer_out = io.StringIO()
    tracked: list[int] = []

    def run(players: int) -> None:
        manifest = event(tmp_path, players)
        writer = report.load(output).batch_writer(writer_out)

        def sink(row, result) -> None:
            writer.add(row, result)
            if row.line == players + 1:  # the last row (line 1 is the header)
                tracked.append(len(gc.get_objects()))

        check_source(manifest, "mtg/legacy", date=DATE, jobs=1, sink=sink)

    run(100)
    run(1000)
    assert tracked[1] - tracked[0] < 1_000, tracked  # without the sweep: 52,000 (SARIF), 5,400 (JUnit)


def test_a_batch_too_small_to_pay_for_a_worker_starts_none(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    manifest = event(tmp_path, 60)
    monkeypatch.setattr(runner, "SAMPLE_SECONDS", 0.0)  # decide after the first chunk
    monkeypatch.setattr(runner, "MAX_CHUNK", 5)

    def no_workers(*args, **kwargs):
        raise AssertionError("a worker was started for a batch of 60 small decks")

    monkeypatch.setattr(runner, "process_pool", no_workers)
    expected = reference(manifest, "json")
    batch = check_source(manifest, "mtg/legacy", date=DATE, jobs=2)
    assert report.deliver_batch(report.load("json"), batch) == expected


def test_the_batch_keeps_only_facts_for_its_deck_checks(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    manifest = event(tmp_path, 20)
    batch = check_source(manifest, "mtg/legacy", date=DATE, jobs=1, deck_check="5", seed=1, sink=lambda row, result: None)
    assert batch.deck_checks is not None and len(batch.deck_checks.picks) == 5
    for pick in batch.deck_checks.picks:
        row = batch.registrations[pick.index]
        assert pick.player == row.player and pick.deck == row.deck and pick.format == "mtg/legacy"
        if row.deck == "decks/missing.txt":
            assert pick.entries is None and not pick.legal
        else:
            assert pick.entries and pick.counts["main"] >= 24


def test_a_spool_outgrows_memory_and_gives_back_whole_lines(tmp_path):
    spool = Spool(memory=64)
    lines = [f"line {index} \udcff caf\u00e9\n" for index in range(500)]  # a lone surrogate survives
    for line in lines:
        spool.write(line)
    chunks = list(spool.chunks())
    assert "".join(chunks) == "".join(lines)
    assert all(chunk.endswith("\n") for chunk in chunks)
    out = io.StringIO()
    spool.copy_to(out)
    assert out.getvalue() == "".join(lines)
    pieces = list(spool.byte_chunks())  # what a batch hands to stdout: the same, as UTF-8
    assert b"".join(pieces) == "".join(lines).encode("utf-8", "surrogatepass")
    assert all(piece.endswith(b"\n") for piece in pieces)
    spool.close()


def test_a_report_files_bytes_are_the_spools_own_a_lone_surrogate_aside(monkeypatch):
    """`--report` writes a spool's UTF-8 bytes as they are (it decoded every piece and
    encoded it again); a piece with a lone surrogate (an undecodable file name) still has
    it written `?`, and a Hangul syllable, whose lead byte a surrogate shares, stays itself."""
    from deckcheck.report import stream

    monkeypatch.setattr(stream, "READ_BACK", 64)  # many pieces: some with a surrogate, most without
    spool = Spool(memory=256)
    surrogate, hangul = "\udcff", "\ud55c"
    lines = [f"line {index} caf\u00e9 \u2014 {surrogate if index % 9 == 0 else ''}{hangul if index % 5 == 0 else ''}\n"
             for index in range(300)]
    for line in lines:
        spool.write(line)
    before = b"".join(chunk.encode("utf-8", errors="replace") for chunk in spool.chunks())  # the old path
    pieces = list(spool.utf8_chunks())
    assert b"".join(pieces) == before == "".join(lines).encode("utf-8", errors="replace")
    assert b"?" in before and hangul.encode() in before
    raws = list(spool.byte_chunks())
    assert len(raws) == len(pieces) and 0 < sum(piece == raw for piece, raw in zip(pieces, raws)) < len(pieces)
    spool.close()


def test_a_spool_keeps_the_order_of_many_small_pieces_across_its_write_behind(monkeypatch):
    """A spool gathers small pieces and writes them to its file joined (stream.WRITE_BEHIND
    characters at a time): what it gives back is every piece, in order, whether read before
    or after a flush, from memory or from disk."""
    from deckcheck.report import stream

    monkeypatch.setattr(stream, "WRITE_BEHIND", 100)
    spool = Spool(memory=1_000)
    pieces = [f"<td>{index}</td>" + ("\n" if index % 7 == 0 else "") for index in range(2_000)]
    assert spool.empty
    for piece in pieces[:3]:
        spool.write(piece)
    assert not spool.empty and "".join(spool.chunks()) == "".join(pieces[:3])  # read before any flush
    for piece in pieces[3:]:
        spool.write(piece)
    spool.write("")
    assert "".join(spool.chunks()) == "".join(pieces)
    spool.close()


def test_workers_keep_a_command_line_format_files_chain_in_the_working_folder(tmp_path, monkeypatch):
    """A format file the command line named may extend files of the working folder
    (`formats.trust_working_folder`, set by entry.py); a worker process starts with the
    library's rule unless told, and refused the chain its parent had loaded."""
    from pathlib import Path

    from deckcheck import formats

    manifest = _in_small_chunks(monkeypatch, tmp_path)
    write(tmp_path, {
        "common/base.yaml": "name: Base\nextends: mtg/legacy\n",
        "formats/cube.yaml": "name: Cube\nextends: ../common/base.yaml\n",
    })
    monkeypatch.setattr(formats, "_working_folder_trees", True)
    cube = Path("formats/cube.yaml")
    alone = check_source(manifest, cube, date=DATE, jobs=1)
    with_worker = check_source(manifest, cube, date=DATE, jobs=2)
    assert (with_worker.totals.decks, with_worker.totals.legal) == (alone.totals.decks, alone.totals.legal) == (120, 30)


def _file_size_limited(limit: int):
    """A child's `preexec_fn`: no file it writes may grow past `limit` bytes, as on a full
    disk (Python ignores SIGXFSZ, so a write past it fails with EFBIG, an OSError)."""
    import resource

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


@pytest.mark.parametrize("output", ["json", "text"])
def test_a_report_the_temporary_folder_cannot_hold_is_a_one_line_error_naming_it(tmp_path, output):
    """A report past the spool's memory goes to a temporary file: a temporary folder on a
    full disk (or a file size limit) was an 'internal error (OSError: ...)' asking for a
    traceback; it is the folder's fault, said so, with what to do (exit 2, no half report)."""
    import subprocess
    import tempfile

    from conftest import deckcheck_executable

    deck = "".join(f"4 Nonexistent Card Number {index:03d}\n" for index in range(60))  # 60 problems a deck
    write(tmp_path, {"decks/a.txt": deck,
                     "reg.csv": "player,deck\n" + "".join(f"p{index},decks/a.txt\n" for index in range(120))})
    limit = 1 << 20  # the spool's memory (SPOOL_MEMORY): the report's temporary file cannot grow
    done = subprocess.run([str(deckcheck_executable()), "batch", "reg.csv", "-f", "mtg/legacy", "-o", output,
                           "--no-cache", "--quiet"], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          preexec_fn=_file_size_limited(limit))
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert "internal error" not in done.stderr
    assert done.stderr == (f"deckcheck: error: cannot keep the report in the temporary folder {tempfile.gettempdir()} "
                           "(File too large): free space there, or set TMPDIR to a folder on a disk with room\n")


def test_a_spool_on_a_full_disk_says_which_folder_is_full(monkeypatch):
    import errno
    import tempfile

    from deckcheck.errors import DeckcheckError

    spool = Spool(memory=64)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "TemporaryFile", full)  # where a spool rolls over to
    with pytest.raises(DeckcheckError, match=r"^cannot keep the report in the temporary folder .* \(No space left on device\)"):
        for index in range(100):
            spool.write(f"line {index}\n" * 1000)
    spool.close()


def test_a_parent_that_runs_no_chunk_ahead_waits_for_its_workers_in_order(tmp_path, monkeypatch):
    """`_parallel` waited for the oldest chunk a worker held as `next(...)` over the pending
    chunks: with RUN_AHEAD 0 (a measuring setup: the parent checks no chunk of its own
    beyond the first) and every chunk sent collected, more left to send, there was none,
    and the batch died with 'RuntimeError: generator raised StopIteration' (review of
    session 33, finding 5). Workers that finish at once (checked in this process) make it
    happen every time; the report is the one-process one."""
    from concurrent.futures import Future
    from contextlib import nullcontext

    class AtOnce:
        """A pool whose every chunk is done as it is submitted."""

        def submit(self, function, *args):
            future: Future = Future()
            future.set_result(function(*args))
            return future

    monkeypatch.chdir(tmp_path)
    manifest = event(tmp_path, 40)
    expected = reference(manifest, "json")
    monkeypatch.setattr(runner, "process_pool", lambda *args: nullcontext(AtOnce()))
    monkeypatch.setattr(runner, "SAMPLE_SECONDS", 0.0)
    monkeypatch.setattr(runner, "worker_count", lambda remaining, idle, jobs: 1)
    monkeypatch.setattr(runner, "MAX_CHUNK", 2)
    monkeypatch.setattr(runner, "RUN_AHEAD", 0)
    batch = check_source(manifest, "mtg/legacy", date=DATE, jobs=2)
    assert report.deliver_batch(report.load("json"), batch) == expected
