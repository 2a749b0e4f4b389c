"""`deckcheck validate`: check decklists against a format."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from ..cli import DATE_OPTION, DECK_ARGUMENT, FORMAT_OPTION, INPUT_FORMAT_OPTION, OUTPUT_OPTION, app, emit, handles_errors


@app.command()
@handles_errors
def validate(
    decks: List[str] = DECK_ARGUMENT,
    format_id: str = FORMAT_OPTION,
    date: Optional[str] = DATE_OPTION,
    output: str = OUTPUT_OPTION,
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
) -> None:
    """Check decklists against a format and say exactly what is wrong.

    Example: deckcheck validate deck.txt -f mtg/modern --date 2024-06-01 -o json
    """
    from .. import parsers
    from ..formats import load
    from ..pipeline import check_deck, parse_date, read_deck
    from ..report import resolve
    from ..report.style import wants_color
    from ..result import Report

    reporter = resolve(output)
    fmt = load(format_id)
    day = parse_date(date)
    results = []
    for source in decks:
        if source == "-":
            deck = parsers.parse_bytes(sys.stdin.buffer.read(), source="<stdin>", input_format=input_format)
        elif parsers.is_inline(source):  # a ydke:// URL given instead of a file
            deck = read_deck(source, input_format=input_format)
        else:
            deck = read_deck(Path(source), input_format=input_format)
        results.append(check_deck(deck, fmt, date=day))
    report = Report(results=results)
    emit(reporter.render(report, color=wants_color()))
    raise typer.Exit(report.exit_code)
