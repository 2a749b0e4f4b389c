"""`deckcheck batch`: check a whole registration set (folder, manifest, zip) at once (the
Typer declaration: its options and help; the work is cli/run_batch.py, which entry.py also
runs without Typer)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..paperwork import PAPERS
from ..report import BATCH, PLAIN
from .app import CARDS_DB_OPTION, DATE_OPTION, NO_CARDS_OPTION, PLATFORM_OPTION, app, handles_errors
from ..wording import listed
from .common import output_option
from .help_lists import reports
from .completion import complete_formats_to_play


@app.command(cls=reports(BATCH))
@handles_errors
def batch(
    source: str = typer.Argument(..., metavar="SOURCE", help="A folder of decklists, a manifest (.csv/.tsv/.yaml) or a .zip of either."),
    format_id: Optional[str] = typer.Option(
        None, "--format", "-f", metavar="FORMAT", autocompletion=complete_formats_to_play,
        help="Format id (mtg/modern) or path to a format YAML file: the format of every row that names none.",
    ),
    date: Optional[str] = DATE_OPTION,
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, metavar="N", help="At most N processes checking decks (default: the cores this process may use); workers start only when cores are idle and the decks left pay for them."),
    no_unified: bool = typer.Option(False, "--no-unified", help="Do not apply Team Unified Construction to Magic teams (team formats such as 2HG always do; Yu-Gi-Oh! and WoW TCG teams only where their format says team: {unified: true})."),
    output: str = output_option(PLAIN),
    report_file: Optional[str] = typer.Option(None, "--report", metavar="FILE", help="Write the report (in the --output format) to FILE; the text summary still prints."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    deck_check: Optional[str] = typer.Option(
        None, "--deck-check", metavar="SHARE",
        help="Pick players for deck checks: a share (10%, rounded up) or a number (5); printed with their registered decks.",
    ),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="S", help="Seed of the --deck-check sample: the same seed gives the same players."),
    sheets_file: Optional[str] = typer.Option(
        None, "--sheets", metavar="FILE.pdf",
        help="Also write every registration's sheet (player, team, seat, deck) to one PDF, in registration order.",
    ),
    event: Optional[str] = typer.Option(None, "--event", metavar="NAME", help="The event's name on the --sheets pages (default: the source's name)."),
    # No default here: a --paper given without --sheets is told (run_batch), not ignored.
    paper: Optional[str] = typer.Option(
        None, "--paper", metavar="PAPER",
        help=f"Paper of the --sheets pages: {listed([f'{paper} (default)' if index == 0 else paper for index, paper in enumerate(PAPERS)])}.",
    ),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    platform: str = PLATFORM_OPTION,
    no_cards: bool = NO_CARDS_OPTION,
    allow_outside_paths: bool = typer.Option(
        False, "--allow-outside-paths",
        help="Let a manifest you wrote name decks, pools and format files outside its folder (absolute or ../ paths, links); never for a zip.",
    ),
    no_cache: bool = typer.Option(
        False, "--no-cache",
        help="Check every deck: do not take or keep the verdicts of earlier runs on unchanged decks (also DECKCHECK_NO_CACHE=1).",
    ),
) -> None:
    """Check a tournament's registrations: every deck and every team.

    With card data (built in, or a database from deckcheck cards sync) names are checked
    and made canonical and card pools are checked; a batch never looks names up online.
    A manifest's `platform` column sets a row's platform (else --platform).

    \b
    Example: deckcheck batch registrations.csv -f mtg/legacy \\
        --date 2024-06-01 -o json

    -f may be left out when every manifest row names its format (a `format` column).

    \b
    Example (CI): deckcheck batch decks/ -f mtg/modern \\
        -o junit --report deckcheck.xml

    Limited: a `pool` column checks each deck against its registered pool; --deck-check 10%
    --seed 7 adds a reproducible sample of players to deck-check.

    Paperwork: --sheets sheets.pdf prints every registration's sheet; -o html --report
    event.html writes one self-contained page for the event.
    """
    from .run_batch import run_batch

    raise typer.Exit(run_batch(
        source, format_id=format_id, date=date, jobs=jobs, no_unified=no_unified, output=output,
        report_file=report_file, quiet=quiet, deck_check=deck_check, seed=seed, sheets_file=sheets_file, event=event,
        paper=paper, cards_db=cards_db, platform=platform, no_cards=no_cards, allow_outside_paths=allow_outside_paths,
        no_cache=no_cache,
    ))
