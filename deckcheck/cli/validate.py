"""`deckcheck validate`: check decklists against a format."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer

if TYPE_CHECKING:
    from ..formats import Format

from .app import (
    CARDS_DB_OPTION,
    DATE_OPTION,
    DECK_ARGUMENT,
    FORMAT_OPTION,
    INPUT_FORMAT_OPTION,
    OFFLINE_OPTION,
    OUTPUT_OPTION,
    app,
    emit,
    handles_errors,
    warn,
    warn_once,
)


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
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    offline: bool = OFFLINE_OPTION,
) -> None:
    """Check decklists against a format and say exactly what is wrong.

    With a card database (deckcheck cards sync) names are made canonical, typos get
    "did you mean" suggestions and cards outside the format's card pool are reported.

    Example: deckcheck validate deck.txt -f mtg/modern --date 2024-06-01 -o json

    Example (CI): deckcheck validate decks/*.txt -f mtg/modern -o junit > deckcheck.xml

    Limited: deckcheck validate deck.txt -f mtg/limited --pool pool.txt
    """
    from .. import decklists as parsers
    from ..formats import load
    from ..pipeline import check_deck, parse_date, read_deck
    from ..registered_pools import read_pool
    from ..report import deliver, resolve
    from ..report.style import wants_color
    from ..result import Report
    from ..textio import read_stdin

    reporter = resolve(output)
    fmt = load(format_id)
    day = parse_date(date)
    # Read before any deck: a pool that cannot be read is a usage error (exit 2).
    pool = read_pool(Path(pool_file), shown=pool_file) if pool_file is not None else None
    if input_format:
        parsers.get(input_format)  # an unknown parser is a usage error before anything is opened
    catalog, note = open_cards(fmt, cards_db, offline=offline)
    results = []
    for source in decks:
        if source == "-":
            deck = parsers.parse_bytes(read_stdin(), source="<stdin>", input_format=input_format)
        elif parsers.is_inline(source):  # a ydke:// URL given instead of a file
            deck = read_deck(source, input_format=input_format)
        else:
            deck = read_deck(Path(source), input_format=input_format)
        results.append(check_deck(deck, fmt, date=day, pool=pool, cards=catalog or False))
    report = Report(results=results)
    emit(deliver(reporter, report, color=wants_color(), warn=warn))
    say_note(note)
    raise typer.Exit(report.exit_code)


def open_cards(fmt: Format, cards_db: Optional[Path], *, offline: bool) -> tuple[object, str | None]:
    """(the card catalog for a command, or None; the note to print once the work is done).

    An explicit --cards-db that does not exist is a usage error. Without a database the
    note says that the card pool went unchecked and how to get one - only for formats
    that have a card pool, so other formats keep a quiet stderr. A database that is there
    but unusable (older schema, not a database) is always worth a note.
    """
    from ..cards import NO_DATABASE_NOTE, catalog_for
    from ..errors import CardDataError

    if cards_db is not None and not cards_db.is_file():
        raise CardDataError(f"--cards-db {cards_db}: no such file; build it with `deckcheck cards import FILE --cards-db {cards_db}`")
    catalog, note = catalog_for(fmt.game, cards_db, offline=offline or None, warn=warn_once())
    if note == NO_DATABASE_NOTE and not fmt.option("card_pool"):
        note = None
    return catalog, note


def say_note(note: str | None) -> None:
    if note:
        typer.echo(f"deckcheck: note: {note}", err=True)
