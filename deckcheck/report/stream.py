"""What the reporters need to write a report while its results are still coming.

A batch hands each deck's result to the reporter as soon as it is known and keeps none
(batch/check.py). What a report prints before or after the results but computes from all
of them (a summary, JUnit's counts) comes from `Totals`, counted as the results pass; the
exit code a report states (SARIF's) is the command's own, handed to `finish_report`; what a report prints after something that is known only at the end (the
text report's problems after the teams table, SARIF's results after the rules they
introduce) waits in a `Spool`: a temporary file once it outgrows a little memory.

A batch writer (`batch_writer(out, color=..., warn=...)` of a reporter module) has
`add(row, result)` for each registration in order and `finish(batch)` at the end; it
writes to `out` and returns nothing. `deliver_batch` (a batch held in memory) and
`render` are the same writers writing to a string, so the streamed and the rendered
reports are one code.
"""
from __future__ import annotations

import io
import json
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from ..errors import temporary_folder_full
from ..record import Record

if TYPE_CHECKING:
    from ..batch import BatchReport
    from ..batch.registration import Registration
    from ..result import DeckResult, Report

# Held in memory up to this size, then on disk.
SPOOL_MEMORY = 1 << 20
# Lines read back at a time (about this many bytes).
READ_BACK = 1 << 16
# Characters a spool gathers before it writes them to its file in one call.
WRITE_BEHIND = 1 << 16
# How a spool keeps its text: UTF-8, lone surrogates as their own three bytes.
SPOOL_ENCODING = ("utf-8", "surrogatepass")


class Totals(Record):
    """Counts over the results seen so far: what summaries and a batch's exit code need."""

    # A Record, not a dataclass: a batch imports no `dataclasses` (deckcheck/record.py).
    __slots__ = ("decks", "legal", "notes")
    __hash__ = None  # type: ignore[assignment]  # mutable

    def __init__(self, decks: int = 0, legal: int = 0, notes: dict[str, None] | None = None) -> None:
        self.decks = decks
        self.legal = legal
        self.notes: dict[str, None] = {} if notes is None else notes  # distinct, in order

    def count(self, result: DeckResult, legal: bool | None = None) -> None:
        """Count `result`; `legal` is its verdict when the caller has asked it already (a
        writer that prints it too: asked once a row, not again here)."""
        self.decks += 1
        self.legal += result.legal if legal is None else legal
        add_data_note(self.notes, result)

    @property
    def all_legal(self) -> bool:
        return self.legal == self.decks


def stopped_by_config(result: DeckResult) -> bool:
    """Whether `result` is no deck but the deckcheck.yaml error that stopped a run before
    any deck (project/check.py, broken_config_report: its one entry, which cannot be read,
    its error of rule `config`): reports say the run checked no deck, not that a deck
    could not be read."""
    from ..problem import ERROR
    from ..rules.docs import CONFIG

    if not result.unreadable:
        return False
    error = next((problem for problem in result.problems if problem.severity == ERROR), None)
    return error is not None and error.rule == CONFIG


def add_data_note(notes: dict[str, None], result: DeckResult) -> None:
    """Add `result`'s note about the data behind its verdict (an event later than the lists
    known, freshness.py) to `notes`, distinct and in order: every report ends with them."""
    as_of = result.as_of
    if as_of is not None and as_of.note:
        notes[as_of.note] = None


class Spool:
    """Text written now and read back later, line by line: in memory while small, then
    in a temporary file (deleted when closed). Lone surrogates (undecodable file names)
    survive the trip. Kept as UTF-8 bytes (`SPOOL_ENCODING`), which `byte_chunks` hands
    back as they are: a report that needs no change goes to stdout without being decoded
    and encoded again (cli/common.emit_utf8)."""

    def __init__(self, memory: int = SPOOL_MEMORY):
        import tempfile

        self._file = tempfile.SpooledTemporaryFile(max_size=memory, mode="w+b")
        self.empty = True
        # Pieces not yet in the file, and their length. A report comes in small pieces (a
        # JSON line a deck; the HTML page's template yields some 28 a row), and each write
        # to the file costs a size check (`tell`) and an encoder call: the pieces go to it
        # joined, WRITE_BEHIND characters at a time.
        self._pending: list[str] = []
        self._pending_size = 0

    def write(self, text: str) -> None:
        if text:
            self.empty = False
            self._pending.append(text)
            self._pending_size += len(text)
            if self._pending_size >= WRITE_BEHIND:
                self._write_pending()

    def _write_pending(self) -> None:
        if self._pending:
            try:
                self._file.write("".join(self._pending).encode(*SPOOL_ENCODING))
            except OSError as error:
                raise temporary_folder_full("cannot keep the report in", error) from None
            self._pending.clear()
            self._pending_size = 0

    def add_record(self, value: Any) -> None:
        """One JSON value on a line of its own (ASCII: any text survives), for `records`."""
        self.write(json.dumps(value) + "\n")

    def records(self) -> Iterator[Any]:
        """The values `add_record` wrote, in order."""
        return map(json.loads, self.lines())

    def add_cells(self, cells: Sequence[str]) -> None:
        """A row of table cells on a line of its own, for `cell_rows`. The cells are inert
        (style.inert shows every control character as a symbol), so none holds the tab
        between them or a line break: a row costs a join and a split, not a JSON round
        trip (a batch of 10,000 decks writes 10,000 rows)."""
        self.write("\t".join(cells) + "\n")

    def cell_rows(self) -> Iterator[list[str]]:
        """The rows `add_cells` wrote, in order."""
        return (line.split("\t") for line in self.lines())

    def lines(self) -> Iterator[str]:
        """The lines written, without their breaks, empty ones left out (a record's or a
        row's line is never empty)."""
        for chunk in self.chunks():
            for line in chunk.split("\n"):
                if line:
                    yield line

    def chunks(self) -> Iterator[str]:
        """What was written, in pieces of whole lines (a piece ends with a line break,
        except perhaps the last)."""
        for piece in self.byte_chunks():
            yield piece.decode(*SPOOL_ENCODING)

    def byte_chunks(self) -> Iterator[bytes]:
        """`chunks` as their bytes in `SPOOL_ENCODING` (a line break is the byte 0x0A, in no
        other character's UTF-8: a piece of whole lines is whole characters)."""
        self._write_pending()
        try:
            self._file.flush()
        except OSError as error:
            raise temporary_folder_full("cannot keep the report in", error) from None
        self._file.seek(0)
        while True:
            lines = self._file.readlines(READ_BACK)
            if not lines:
                return
            yield b"".join(lines)

    def utf8_chunks(self) -> Iterator[bytes]:
        """What was written as a file of the report keeps it: UTF-8, a lone surrogate (a
        file name's undecodable byte) as `?`. The pieces of `byte_chunks` as they are; only
        one that holds the lead byte of a surrogate's three (0xED, which a few Hangul
        syllables share) is decoded and encoded again: the same bytes, a 5 MB report
        not turned into text and back."""
        for piece in self.byte_chunks():
            yield piece.decode(*SPOOL_ENCODING).encode("utf-8", errors="replace") if b"\xed" in piece else piece

    def copy_to(self, out: TextIO) -> None:
        for chunk in self.chunks():
            out.write(chunk)

    def close(self) -> None:
        self._pending.clear()
        self._file.close()


class BatchWriter(Protocol):
    def add(self, row: Registration, result: DeckResult) -> None: ...

    def finish(self, batch: BatchReport) -> None: ...


# What a batch's report says of a batch whose source holds no registration (its exit 2).
NOTHING_TO_CHECK = "nothing to check: no decklist or registration found"


class ReportWriter:
    """A writer of any command's report (validate, check, batch: junit, sarif, github): it
    has `add_result(result)` and `finish_report(report)`, and a batch drives it through
    these, its BatchWriter side: each registration adds its result, and the batch's report
    finishes it. `finish_report` is told the command's exit code, from the one place that
    decides it (`Report.exit_code` for validate and check, `BatchReport.exit_code` for a
    batch), so a report that states it agrees with the process."""

    def add_result(self, result: DeckResult) -> None:
        raise NotImplementedError

    def finish_report(self, report: Report, exit_code: int) -> None:
        raise NotImplementedError

    def add(self, row: Registration, result: DeckResult) -> None:
        self.add_result(result)

    def finish(self, batch: BatchReport) -> None:
        self.finish_report(batch.report, batch.exit_code)


def render_with(writer: BatchWriter, batch: BatchReport, out: io.StringIO) -> str:
    """A batch whose results are in memory, through a streaming writer: the report as text."""
    for row, result in zip(batch.registrations, batch.report.results):
        writer.add(row, result)
    writer.finish(batch)
    return out.getvalue()


def render_report(writer: ReportWriter, report: Report, out: io.StringIO) -> str:
    """A validate/check report through a streaming writer (junit, sarif, github): one code
    path for every command. `writer` writes into `out`."""
    for result in report.results:
        writer.add_result(result)
    writer.finish_report(report, report.exit_code)
    return out.getvalue()
