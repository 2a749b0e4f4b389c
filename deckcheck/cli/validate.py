"""`deckcheck validate`: check decklists against a format."""
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
    app,
    handles_errors,
)
from .common import emit, open_cards, output_option, read_deck_argument, reports, say_note, warn


@app.command(cls=reports(DECKS))
@handles_errors
def validate(
    decks: List[str] = DECK_ARGUMENT,
    format_id: str = FORMAT_OPTION,
    date: Optional[str] = DATE_OPTION,
    output: str = output_option("auto"),
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
    pool_file: Optional[str] = typer.Option(
        None, "--pool", metavar="POOL",
        help="Limited events: the registered pool (a decklist file of the cards opened or drafted); "
        "every card of the deck must come from it.",
    ),
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    offline: bool = OFFLINE_OPTION,
    platform: str = PLATFORM_OPTION,
    no_cards: bool = NO_CARDS_OPTION,
) -> None:
    """Check decklists against a format and say exactly what is wrong.

    With card data (built in, or a newer database from deckcheck cards sync) names are
    made canonical, typos get "did you mean" suggestions and cards outside the format's
    card pool on the event date (and platform) are reported.

    Example: deckcheck validate deck.txt -f mtg/modern --date 2024-06-01 -o json

    Example (CI): deckcheck validate decks/*.txt -f mtg/modern -o junit > deckcheck.xml

    Limited: deckcheck validate deck.txt -f mtg/limited --pool pool.txt
    """
    from .. import decklists
    from ..formats import load, reference
    from ..pipeline import check_deck, check_platform, parse_date
    from ..problem import ProblemBudget
    from ..registered_pools import read_pool
    from ..report import choose, deliver
    from ..report.style import wants_color
    from ..result import Report

    reporter = choose(output, DECKS)
    fmt = load(reference(format_id))
    day = parse_date(date)
    check_platform(platform)
    # Read before any deck: a pool that cannot be read is a usage error (exit 2).
    pool = read_pool(Path(pool_file), shown=pool_file) if pool_file is not None else None
    if input_format:
        decklists.get(input_format)  # an unknown parser is a usage error before anything is opened
    catalog, note = open_cards(fmt, cards_db, offline=offline, no_cards=no_cards)
    results = []
    budget = ProblemBudget()  # the problems one report lists (limits.py)
    for source in decks:
        deck = read_deck_argument(source, input_format=input_format)
        result = check_deck(deck, fmt, date=day, pool=pool, cards=catalog or False, platform=platform)
        result.problems = budget.take(result.problems)
        results.append(result)
    report = Report(results=results)
    emit(deliver(reporter, report, color=wants_color(), warn=warn))
    say_note(note)
    raise typer.Exit(report.exit_code)
