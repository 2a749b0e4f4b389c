"""`deckcheck validate`: check decklists against a format."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from ..cli import DATE_OPTION, DECK_ARGUMENT, FORMAT_OPTION, INPUT_FORMAT_OPTION, OUTPUT_OPTION, app, emit, handles_errors, warn


@app.command()
@handles_errors
def validate(
    decks: List[str] = DECK_ARGUMENT,
    format_id: str = FORMAT_OPTION,
    date: Optional[str] = DATE_OPTION,
    output: str = OUTPUT_OPTION,
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
    pool_file: Optional[str] = typer.Option(
        None, "--pool", metavar="POOL",
        help="Limited events: the registered pool (a decklist file of the cards opened or drafted); "
        "every card of the deck must come from it.",
    ),
) -> None:
    """Check decklists against a format and say exactly what is wrong.

    Example: deckcheck validate deck.txt -f mtg/modern --date 2024-06-01 -o json

    Example (CI): deckcheck validate decks/*.txt -f mtg/modern -o junit > deckcheck.xml

    Limited: deckcheck validate deck.txt -f mtg/limited --pool pool.txt
    """
    from .. import parsers
    from ..formats import load
    from ..pipeline import check_deck, parse_date, read_deck
    from ..pools import read_pool
    from ..report import deliver, resolve
    from ..report.style import wants_color
    from ..result import Report
    from ..textio import read_stdin

    reporter = resolve(output)
    fmt = load(format_id)
    day = parse_date(date)
    # Read before any deck: a pool that cannot be read is a usage error (exit 2).
    pool = read_pool(Path(pool_file), shown=pool_file) if pool_file is not None else None
    results = []
    for source in decks:
        if source == "-":
            deck = parsers.parse_bytes(read_stdin(), source="<stdin>", input_format=input_format)
        else:
            deck = read_deck(Path(source), input_format=input_format)
        results.append(check_deck(deck, fmt, date=day, pool=pool))
    report = Report(results=results)
    emit(deliver(reporter, report, color=wants_color(), warn=warn))
    raise typer.Exit(report.exit_code)
