"""`deckcheck batch`: check a whole registration set (folder, manifest, zip) at once."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Optional

import typer

from ..errors import DeckcheckError
from ..report import BATCH, PLAIN
from .app import CARDS_DB_OPTION, DATE_OPTION, app, handles_errors
from .completion import complete_formats
from .common import emit, open_cards, output_option, reports, say_note, warn


@app.command(cls=reports(BATCH))
@handles_errors
def batch(
    source: str = typer.Argument(..., metavar="SOURCE", help="A folder of decklists, a manifest (.csv/.yaml) or a .zip of either."),
    format_id: Optional[str] = typer.Option(
        None, "--format", "-f", metavar="FORMAT", autocompletion=complete_formats,
        help="Format id (mtg/modern) or path to a format YAML file: the format of every row that names none.",
    ),
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
) -> None:
    """Check a tournament's registrations: every deck and every team.

    With a card database (deckcheck cards sync) names are checked and made canonical and
    card pools are checked; a batch never looks names up online.

    Example: deckcheck batch registrations.csv -f mtg/legacy --date 2024-06-01 -o json

    -f may be left out when every manifest row names its format (a `format` column).

    Example (CI): deckcheck batch decks/ -f mtg/modern -o junit --report deckcheck.xml

    Limited: a `pool` column checks each deck against its registered pool; --deck-check 10%
    --seed 7 adds a reproducible sample of players to deck-check.
    """
    from ..batch import check_source
    from ..formats import load
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

    if format_id is not None:
        load(format_id)  # an unknown -f is a usage error before anything is read
    try:
        result = check_source(
            source, format_id, date=date, jobs=jobs, unified=not no_unified, progress=progress,
            deck_check=deck_check, seed=seed, cards_db=cards_db,
        )
    except BaseException:
        for bar in bars:
            bar.abandon()
        raise
    for bar in bars:
        bar.close()
    # The note about card data, for the game of -f or else of the first row's format.
    shown_format = format_id or next((row.format_id for row in result.registrations if row.format_id), None)
    note = None
    if shown_format is not None:
        _, note = open_cards(load(shown_format), cards_db, offline=True)
    if report_file is not None:
        _write_report(report_file, deliver_batch(reporter, result, warn=warn))
        emit(deliver_batch(load_reporter(PLAIN), result, color=wants_color()))
    else:
        emit(deliver_batch(reporter, result, color=wants_color() and reporter.NAME == PLAIN, warn=warn))
    say_note(note)  # once, after the report: card pools went unchecked without a database
    if result.nothing_to_check:
        skipped = f" ({len(result.skipped)} file{'s' if len(result.skipped) != 1 else ''} skipped)" if result.skipped else ""
        raise DeckcheckError(f"{source}: nothing to check: no decklist or registration found{skipped}")
    raise typer.Exit(result.exit_code)


def _write_report(path: Path, text: str) -> None:
    from ..atomic import write_text

    try:
        write_text(path, text)
    except OSError as exc:
        raise DeckcheckError(f"--report {path}: cannot write ({exc.strerror or exc})") from None
