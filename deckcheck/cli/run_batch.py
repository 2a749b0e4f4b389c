"""The work of `deckcheck batch`, without Typer: cli/batch.py declares the command and calls
`run_batch`; entry.py calls it directly when the command line is one it can read on its own
(cli/quick.py), so a batch does not pay for importing Typer and building every command
before its first deck."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import DeckcheckError
from ..report import BATCH, PAGE, PLAIN, encoding
from .common import (
    coloured, distinct_outputs, emit, emit_utf8, no_blank_name, no_empty_argument, one_of_any_case, open_cards, output_path, pdf_named, say_note, tables_on_stdout, warn,
    warn_unknown_format_names, writable, write_file,
)
from ..wording import counted


def run_batch(
    source: str,
    *,
    format_id: str | None,
    date: str | None,
    jobs: int | None,
    no_unified: bool,
    output: str,
    report_file: str | None,
    quiet: bool,
    deck_check: str | None,
    seed: int | None,
    sheets_file: str | None,
    event: str | None,
    paper: str | None,
    cards_db: Path | None,
    platform: str,
    no_cards: bool,
    allow_outside_paths: bool,
    no_cache: bool,
) -> int:
    """Check the registrations of `source`, write the report(s) and return the exit code
    (docs/contracts.md). Usage errors raise DeckcheckError. The defaults of the options are
    the command's (cli/batch.py), so every one is named."""
    from ..report import choose

    no_empty_argument([source], "SOURCE", "a folder, a manifest or a zip of decklists")
    report_path = output_path("--report", report_file, "the file to write the report to, such as event.html")
    sheets_path = output_path("--sheets", sheets_file, "the PDF file to write, such as sheets.pdf")
    reporter = choose(output, BATCH)
    with _stop_reported(source, output, report_path) as phase:
        from ..batch import check_source
        from ..formats import load, reference
        from ..progress import Progress
        from ..report import ACTIONS, WorkflowCommands, as_filed, load as load_reporter
        from ..report.stream import Spool

        if seed is not None and deck_check is None:
            raise DeckcheckError("--seed only picks the --deck-check sample; add --deck-check 10% (or a number of players)")
        paper = _paper(paper)
        _sheet_options(sheets_path, event=event, paper=paper)
        bars: list[Progress] = []

        def progress(total: int) -> Callable[[int], None]:
            bars.append(Progress("checking", total, unit="decks", enabled=False if quiet else None))
            return bars[-1].advance

        distinct_outputs(("--sheets", sheets_path), ("--report", report_path))
        format_ref = reference(format_id) if format_id is not None else None
        read_first = [Path(source), *([format_ref] if isinstance(format_ref, Path) else [])]
        if report_path is not None:
            writable("--report", report_path, inputs=read_first)  # before the work; again with every input after it
        for option, output_file in (("--report", report_path), ("--sheets", sheets_path)):
            _not_a_deck_of(source, option, output_file)
        # An unknown -f or a missing --cards-db is a usage error before anything is read.
        _, note = open_cards(load(format_ref) if format_ref is not None else None, cards_db, offline=True, no_cards=no_cards)
        sheets = None
        if sheets_path is not None:
            sheets = _sheets(sheets_path, read_first, source=source, event=event, date=date, paper=paper, cards_db=cards_db)
        # Each result goes to the report(s) as it comes, written to spools (memory, then a
        # temporary file) and copied out at the end: the batch never holds its results, and
        # nothing of them reaches stdout or --report unless the whole run succeeds (a usage
        # error that stops it leaves a report that says why: _stop_reported).
        shown, filed = Spool(), Spool() if report_path is not None else None
        # The text report's table measures its cells as a legacy terminal will show them.
        if filed is not None:
            plain = load_reporter(PLAIN)
            color = coloured(plain)
            writers = [reporter.batch_writer(filed, warn=warn), plain.batch_writer(shown, color=color, **tables_on_stdout(plain))]
        else:
            color = coloured(reporter)
            writers = [reporter.batch_writer(shown, color=color, warn=warn, **tables_on_stdout(reporter))]

        def every_writer(row, result) -> None:  # type: ignore[no-untyped-def]
            for writer in writers:
                writer.add(row, result)

        # Nearly every run has one writer: it hears each result itself, a call fewer per row.
        sink = writers[0].add if len(writers) == 1 else every_writer

        keep_verdicts = not no_cache
        if keep_verdicts:  # the store's module (and SQLite) only for a batch that may keep verdicts
            from ..batch.verdict_store import disabled_by_environment

            keep_verdicts = not disabled_by_environment()
        try:
            result = check_source(
                source, format_ref, date=date, jobs=jobs, unified=not no_unified, progress=progress,
                deck_check=deck_check, seed=seed, cards_db=cards_db, cards=not no_cards, platform=platform,
                on_result=sheets.add if sheets else None, allow_outside_paths=allow_outside_paths, sink=sink,
                keep_verdicts=keep_verdicts,
            )
        except BaseException:
            for bar in bars:
                bar.abandon()
            shown.close()
            if filed is not None:
                filed.close()
            raise
        for bar in bars:
            bar.close()
        # The reports are made from here on (a GitHub job's summary too): what fails now is
        # said on stderr alone, never as a second report (_stop_reported).
        phase.writing = True
        for writer in writers:
            writer.finish(result)
        _warn_unknown_names(result, cards_db, no_cards)
        for message in result.notes:
            warn(message)
        if format_id is None:  # the note speaks of the game of the rows' formats
            _, note = open_cards(_row_format(result), cards_db, offline=True, no_cards=no_cards)
        # An event with no registration gets no paperwork: sheets for nobody and an event page
        # of no decks would be printed or posted as if the event were checked. The reports that
        # CI reads (JSON, JUnit, SARIF, CSV, GitHub) are still written: they say nothing was
        # checked, and a job that uploads one must find it (docs/batch.md#reports-and-exit-codes).
        unwritten = _paperwork_not_written(result, sheets_path, report_path, reporter.NAME)
        if sheets is not None and sheets_path is not None and not unwritten:
            for message in sheets.warnings:
                warn(message)
            # Private as the report is: the sheets name the players (and their IDs).
            write_file("--sheets", sheets_path, [sheets.output()], private=True, inputs=_inputs(source, format_ref, result))
            # Said after the report, on stderr as the other notes are: stdout is the report.
            wrote = f"wrote {sheets_path} ({counted(sheets.writer.pages, 'page')})"
        else:
            wrote = None
        if filed is not None and report_path is not None and report_path not in unwritten:
            # It names players: readable by this user only, whatever the umask (docs/security.md).
            write_file("--report", report_path, (as_filed(reporter.NAME, piece) for piece in filed.utf8_chunks()),
                       private=True, inputs=_inputs(source, format_ref, result))
            filed.close()
        commands = filed is None and reporter.NAME == ACTIONS  # the github reporter's own workflow commands
        shown_encoding = None if filed is not None else encoding(reporter)
        if commands:
            for chunk in shown.chunks():
                emit(WorkflowCommands(chunk), encoding=shown_encoding, color=color)
        else:  # the spool's bytes, written as they are when nothing in them needs changing
            for piece in shown.byte_chunks():
                emit_utf8(piece, encoding=shown_encoding, color=color)
        shown.close()
        say_note(wrote)  # as `sheet` says where its PDF went
        for hint in result.hints:  # as validate notes them: decks whose cards are another game's
            say_note(hint)
        say_note(note)  # once, after the report: card pools went unchecked without a database
        say_note(_without_pools(result, format_ref))
        if result.nothing_to_check:
            skipped = f" ({counted(len(result.skipped), 'file')} skipped)" if result.skipped else ""
            untouched = f"; {_listed_files(unwritten)} not written" if unwritten else ""
            raise DeckcheckError(f"{source}: nothing to check: no decklist or registration found{skipped}{untouched}")
        return result.exit_code


class _Phase:
    """How far a batch got: once it writes its outputs (`writing`), an error is no longer
    one that stopped it before its report (a --report that cannot be written, a source
    with nothing to check, whose report says so)."""

    writing = False


@contextmanager
def _stop_reported(source: str, output: str, report_file: Path | None) -> Iterator[_Phase]:
    """A usage error that stops the batch before its report (an unknown -f, a bad --date, a
    source that is not there) reported as `validate`'s and `check`'s are
    (common.report_usage_stop): a SARIF or JUnit document that says why, or a GitHub
    annotation and job summary, on stdout, or in the `--report` file when one is given and
    not there yet; a CI job that uploads or publishes the report met no file at all. The one-line error on
    stderr and exit 2 stay."""
    from ..report import AUTO, as_filed, resolve_auto
    from .common import report_usage_stop

    phase = _Phase()

    def into_report_file(text: str) -> None:
        # Only a file that is not there yet (a CI job's fresh checkout): the run stopped
        # before it knew the files its rows name, so a file there may be one of its decks
        # or pools (`--report decks/ann.txt` by mistake), which it never replaces. Nor into
        # the folder the batch reads as a deck, or through a link (write_file's checks).
        # When the error is about --report itself, the file is left alone; stderr says why.
        if report_file is None or os.path.lexists(report_file):
            return
        try:
            _not_a_deck_of(source, "--report", report_file)
            data = as_filed(resolve_auto(output or AUTO), text.encode("utf-8", errors="replace"))
            write_file("--report", report_file, [data], private=True, inputs=[Path(source)])
        except DeckcheckError:
            pass

    try:
        yield phase
    except DeckcheckError as error:
        if not phase.writing:
            report_usage_stop(output, error, "batch", into=into_report_file if report_file is not None else None)
        raise


def _not_a_deck_of(source: str, option: str, path: Path | None) -> None:
    """Stop (exit 2) when the output `path` would be a deck of the folder `source` in the
    next run: an organiser's `--report decks/summary.txt` was checked as an illegal deck by
    the run after it (and refused as a file that run reads). An output the walk skips (a
    `.json`, a `.pdf`, under a hidden folder) may lie in the folder: it is listed as
    skipped, as CI's `batch . --report deckcheck.xml` has it."""
    from ..batch.sources import walk_would_check

    if path is None or not Path(source).is_dir() or not walk_would_check(Path(source), path):
        return
    raise DeckcheckError(
        f"{option} {path}: cannot write (it lies in the folder {source} this batch checks and is named as a decklist, "
        f"so the next batch of {source} would check it as a deck; name a file outside {source}, or with another extension)"
    )


def _paperwork_not_written(result, sheets_file: Path | None, report_file: Path | None, output: str) -> list[Path]:  # type: ignore[no-untyped-def]
    """The paperwork files a batch with no registration at all does not write: `--sheets`,
    and `--report` of the HTML event page (none when there is something to check)."""
    if not result.nothing_to_check:
        return []
    return [path for path in (sheets_file, report_file if output == PAGE else None) if path is not None]


def _listed_files(paths: list[Path]) -> str:
    return " and ".join(str(path) for path in paths)


def _warn_unknown_names(result, cards_db: Path | None, no_cards: bool) -> None:  # type: ignore[no-untyped-def]
    """As `validate -f FILE.yaml` does: each user's format file (-f, a row's, one found
    through DECKCHECK_FORMATS_PATH, a zip's) whose lists name no card, once."""
    if no_cards:
        return
    for ref, fmt in result.formats.items():
        if fmt.writes_cards:  # a user's file (a bundled format writes none to look up)
            catalog, _ = open_cards(fmt, cards_db, offline=True)
            warn_unknown_format_names(fmt, catalog, in_archive=result.formats_in_archive.get(ref))


def _inputs(source: str, format_ref: object, result) -> Iterator[Path]:  # type: ignore[no-untyped-def]
    """The files a batch read: its source (a manifest or a zip), the format file of -f, and
    every deck, pool and row's format file (made one at a time: an event may have 100,000
    of them); a deck given as a `ydke://` URL or pasted, and a pasted pool, are no file."""
    yield Path(source)
    if isinstance(format_ref, Path):
        yield format_ref
    for row in result.registrations:
        deck = None if row.inline else row.path
        pool = None if row.pool_pasted else row.pool_path
        yield from (Path(path) for path in (deck, pool) if path is not None)
        if isinstance(row.format_id, Path):
            yield row.format_id


def _without_pools(result, default: object) -> str | None:  # type: ignore[no-untyped-def]
    """What a limited event that registers no pool at all left unchecked: its decks were
    checked for their sizes only (in an event that registers pools, a row without one is
    that row's `registration` problem instead)."""
    from ..registered_pools import unchecked_without_pools

    if any(row.pool for row in result.registrations):
        return None
    decks, formats = 0, {}
    for number, row in enumerate(result.registrations):
        fmt = result.formats.get(row.format_of(default))
        if row.path is not None and number not in result.unread and fmt is not None and fmt.option("pool") is not None:
            decks += 1
            formats.setdefault(fmt.id, None)
    return unchecked_without_pools(decks, list(formats), "a manifest with a `pool` column gives each row its pool")


def _row_format(result: object) -> object:
    """The first format of the batch's rows that loaded (without -f every row names one)."""
    return next(iter(result.formats.values()), None)  # type: ignore[attr-defined]


def _sheet_options(sheets_file: Path | None, *, event: str | None, paper: str | None) -> None:
    """`--event` and `--paper` are the `--sheets` pages' alone: either option without
    `--sheets` is a usage error (as `--seed` without `--deck-check` is), since an organiser
    who gave them expects sheets that would never be written (a bad paper is one whether or
    not sheets are asked for: `_paper`). An empty or blank `--event` (`--event "$EVENT"`
    with EVENT unset) is one as `sheet`'s is, not the source's name the sheets print
    without `--event`: the organiser named an event, and it would not be on the sheets."""
    if sheets_file is None:
        if event is not None:
            raise DeckcheckError("--event only names the event on the --sheets pages; add --sheets FILE.pdf")
        if paper is not None:
            raise DeckcheckError("--paper only sets the paper of the --sheets pages; add --sheets FILE.pdf")
    if event is not None:
        no_blank_name("--event", event, "the event's name, as printed on every sheet")


def _paper(paper: str | None) -> str | None:
    """`--paper` as its PAPERS id, in any case (`A4`, `Letter`); a usage error when it is none."""
    from ..paperwork import PAPERS

    return None if paper is None else one_of_any_case("--paper", paper, PAPERS)


def _sheets(path: Path, inputs: list[Path], *, source: str, event: str | None, date: str | None, paper: str | None, cards_db: Path | None):  # type: ignore[no-untyped-def]
    """The sheet writer of `--sheets` (checked before any deck is: exit 2 on bad options)."""
    from ..paperwork import PAPERS
    from ..paperwork.batch_sheets import BatchSheets
    from ..pipeline import parse_date

    writable("--sheets", path, inputs=inputs)
    pdf_named("--sheets", path)
    return BatchSheets(
        event=event or Path(source).name, day=parse_date(date), paper=paper or next(iter(PAPERS)), cards_db=cards_db,
    )
