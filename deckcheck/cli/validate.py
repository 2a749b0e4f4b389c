"""`deckcheck validate`: check decklists against a format (the Typer declaration: its options
and help; the work is cli/run_validate.py, which entry.py also runs without Typer)."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from ..report import DECKS
from .app import (
    CARDS_DB_OPTION,
    DATE_OPTION,
    DECK_ARGUMENT,
    FORMAT_OPTION,
    INPUT_FORMAT_OPTION,
    NO_CARDS_OPTION,
    OFFLINE_OPTION,
    PLATFORM_OPTION,
    POOL_OPTION,
    app,
    handles_errors,
)
from .common import output_option
from .help_lists import reports


@app.command(cls=reports(DECKS))
@handles_errors
def validate(
    decks: List[str] = DECK_ARGUMENT,
    format_id: str = FORMAT_OPTION,
    date: Optional[str] = DATE_OPTION,
    output: str = output_option("auto"),
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
    pool_file: Optional[str] = POOL_OPTION,
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    offline: bool = OFFLINE_OPTION,
    platform: str = PLATFORM_OPTION,
    no_cards: bool = NO_CARDS_OPTION,
) -> None:
    """Check decklists against a format and say exactly what is wrong.

    With card data (built in, or a newer database from deckcheck cards sync) names are
    made canonical, typos get "did you mean" suggestions and cards outside the format's
    card pool on the event date (and platform) are reported.

    \b
    Example: deckcheck validate deck.txt -f mtg/modern \\
        --date 2024-06-01 -o json

    \b
    Example (CI): deckcheck validate decks/*.txt \\
        -f mtg/modern -o junit > deckcheck.xml

    \b
    Limited: deckcheck validate deck.txt -f mtg/limited \\
        --pool pool.txt
    """
    from .run_validate import run_validate

    raise typer.Exit(run_validate(
        decks, format_id, date=date, output=output, input_format=input_format, pool_file=pool_file,
        cards_db=cards_db, offline=offline, platform=platform, no_cards=no_cards,
    ))
