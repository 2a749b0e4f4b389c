"""`deckcheck batch`: check a whole registration set (folder, manifest, zip) at once."""
from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Optional

import typer

from ..errors import DeckcheckError
from ..report import BATCH, PLAIN
from .app import CARDS_DB_OPTION, DATE_OPTION, FORMAT_OPTION, app, handles_errors
from .common import emit, open_cards, output_option, reports, say_note, warn


@app.command(cls=reports(BATCH))
@handles_errors
def batch(
    source: str = typer.Argument(..., metavar="SOURCE", help="A folder of decklists, a manifest (.csv/.yaml) or a .zip of either."),
    format_id: str = FORMAT_OPTION,
    date: Optional[str] = DATE_OPTION,
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, metavar="N", help="Worker processes (default: the machine's cores)."),
    no_unified: bool = typer.Option(False, "--no-unified", help="Do not apply Team Unified Construction (team formats such as 2HG always do)."),
    output: str = output_option(PLAIN),
    report_file: Optional[Path] = typer.Option(None, "--report", metavar="FILE", help="Write the report (in the --output format) to FILE; the text summary still prints."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    deck_check: Optional[str] = typer.Option(
        None, "--deck-check", metavar="SHARE",
        help="Pick players for deck checks: a share (10%, rounded up) or a number (5); printed with their registered decks.",
    ),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="S", help="Seed of the --deck-check sample: the same seed gives the same players."),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    allow_outside_paths: bool = typer.Option(
        False, "--allow-outside-paths",
        help="Let a manifest you wrote name decks, pools and format files outside its folder (absolute or ../ paths, links); never for a zip.",
    ),
) -> None:
    """Check a tournament's registrations: every deck and every team.

    With a card database (deckcheck cards sync) names are checked and made canonical and
    card pools are checked; a batch never looks names up online.

    Example: deckcheck batch registrations.csv -f mtg/legacy --date 2024-06-01 -o json

    Example (CI): deckcheck batch decks/ -f mtg/modern -o junit --report deckcheck.xml

    Limited: a `pool` column checks each deck against its registered pool; --deck-check 10%
    --seed 7 adds a reproducible sample of players to deck-check.
    """
    from ..batch import check_source
    from ..formats import load, reference
    from ..progress import Progress
    from ..report import choose, deliver_batch, load as load_reporter
    from ..report.style import wants_color

    reporter = choose(output, BATCH)
    if seed is not None and deck_check is None:
        raise DeckcheckError("--seed only picks the --deck-check sample; add --deck-check 10% (or a number of players)")
    bars: list[Progress] = []

    def progress(total: int) -> Callable[[int], None]:
        bars.append(Progress("checking", total, unit="decks", enabled=False if quiet else None))
        return bars[-1].advance

    if report_file is not None:
        _check_report_target(report_file, [Path(source)])  # before the work, as well as after it
    format_ref = reference(format_id)
    _, note = open_cards(load(format_ref), cards_db, offline=True)
    try:
        result = check_source(
            source, format_ref, date=date, jobs=jobs, unified=not no_unified, progress=progress,
            deck_check=deck_check, seed=seed, cards_db=cards_db, allow_outside_paths=allow_outside_paths,
        )
    except BaseException:
        for bar in bars:
            bar.abandon()
        raise
    for bar in bars:
        bar.close()
    if report_file is not None:
        _write_report(report_file, deliver_batch(reporter, result, warn=warn), _inputs(source, result))
        emit(deliver_batch(load_reporter(PLAIN), result, color=wants_color()))
    else:
        emit(deliver_batch(reporter, result, color=wants_color() and reporter.NAME == PLAIN, warn=warn))
    say_note(note)  # once, after the report: card pools went unchecked without a database
    raise typer.Exit(result.exit_code)


def _write_report(path: Path, text: str, inputs: list[Path]) -> None:
    """Write the --report file: never through a link, never over a file this run read
    (the manifest, a deck, a pool), readable by the user only (it names players)."""
    from ..atomic import write_text

    _check_report_target(path, inputs)
    try:
        write_text(path, text, private=True)
    except OSError as exc:
        raise DeckcheckError(f"--report {path}: cannot write ({exc.strerror or exc})") from None


def _check_report_target(path: Path, inputs: list[Path]) -> None:
    """DeckcheckError (exit 2) when --report names a link, a path through a link, something
    that is not a regular file, or one of the `inputs`."""
    from ..tree import link_on_the_way

    link = link_on_the_way(path)
    if link is not None:
        where = "" if link == path else f" ({link} is one)"
        raise DeckcheckError(f"--report {path}: deckcheck does not write through symbolic links{where}; choose another path")
    try:
        target = os.stat(path)
    except OSError:
        target = None
    if target is not None:
        if not stat.S_ISREG(target.st_mode):
            raise DeckcheckError(f"--report {path}: not a regular file; choose another path")
        for read in inputs:
            try:
                if os.path.samestat(target, os.stat(read)):
                    raise DeckcheckError(f"--report {path}: this run reads that file ({read}); choose another path")
            except OSError:
                continue


def _inputs(source: str, result) -> list[Path]:  # type: ignore[no-untyped-def]
    """The files a batch read: its source (a manifest or a zip) and every deck and pool."""
    found = [Path(source)]
    for row in result.registrations:
        found += [path for path in (row.path, row.pool_path) if path is not None]
    return found
