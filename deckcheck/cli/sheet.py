"""`deckcheck sheet`: a player's registration sheet as a PDF, for a deck that is legal."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .app import CARDS_DB_OPTION, FORMAT_OPTION, INPUT_FORMAT_OPTION, OFFLINE_OPTION, POOL_OPTION, app, handles_errors
from ..paperwork import BY_TYPE, PAPERS, SORTS
from ..wording import counted, listed
from .common import coloured, emit, no_blank_name, no_empty_argument, no_empty_pool, one_of, one_of_any_case, open_cards, output_path, pdf_named, pool_not_a_deck, read_deck_argument, read_pool_argument, say, say_note, say_pool_hint, warn, writable, write_file
from .help_lists import Command

PAPER_HELP = f"Paper size: {listed(list(PAPERS))}."
SORT_HELP = f"Main deck order: {listed(list(SORTS))} ({BY_TYPE}: grouped by card type, from the card data)."


@app.command(cls=Command, short_help="Check a deck and print its registration sheet (PDF).")
@handles_errors
def sheet(
    deck: str = typer.Argument(..., metavar="DECK", help="The decklist (any format --input-format names, or a ydke:// URL); '-' reads stdin."),
    format_id: str = FORMAT_OPTION,
    player: str = typer.Option(..., "--player", metavar="NAME", help="The player's name, as printed on the sheet."),
    event: str = typer.Option(..., "--event", metavar="NAME", help="The event's name."),
    date: Optional[str] = typer.Option(None, "--date", metavar="YYYY-MM-DD", help="The event's date: printed, and the lists in force that day decide (default: today)."),
    player_id: Optional[str] = typer.Option(None, "--id", metavar="ID", help="The player's ID (Wizards account, CARD GAME ID, ...)."),
    paper: str = typer.Option(next(iter(PAPERS)), "--paper", metavar="PAPER", help=PAPER_HELP),
    sort: str = typer.Option(BY_TYPE, "--sort", metavar="ORDER", help=SORT_HELP),
    force: bool = typer.Option(False, "--force", help="Write the sheet even when the deck is not legal (the exit code still says so)."),
    out: str = typer.Option(..., "--out", metavar="FILE.pdf", help="Where to write the PDF (replaced atomically; never through a link)."),
    pool_file: Optional[str] = POOL_OPTION,
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    offline: bool = OFFLINE_OPTION,
) -> None:
    """Print a player's deck registration sheet (PDF) after checking the deck.

    Magic: event, date, player and ID, the main deck by card type (or name) in two
    columns, sideboard, totals and a box for judges. Yu-Gi-Oh!: Monster, Spell, Trap,
    Extra and Side decks. WoW TCG: hero, main and side deck. Problems are printed first;
    an illegal deck gets no sheet unless --force (exit 1 either way). A limited deck is
    checked against its registered pool (--pool), as validate does.

    \b
    Example: deckcheck sheet deck.txt -f mtg/modern \\
        --player "Ann Lee" --event "FNM" --out sheet.pdf
    """
    from ..errors import DeckcheckError
    from ..formats import load, reference
    from ..paperwork.pdf import SheetWriter
    from ..paperwork.sheet import Registrant, build_sheet
    from ..pipeline import check_read_deck, parse_date
    from ..report import PLAIN, deliver, load as load_reporter
    from ..result import Report

    no_empty_argument([deck], "DECK", "a decklist file, - for standard input, or a ydke:// URL")
    out_file = output_path("--out", out, "the PDF file to write, such as sheet.pdf")
    no_empty_pool(pool_file)
    pool_not_a_deck(pool_file, [deck])
    no_blank_name("--player", player, "the player's name, as printed on the sheet")
    no_blank_name("--event", event, "the event's name, as printed on the sheet")
    paper = one_of_any_case("--paper", paper, PAPERS)
    one_of("--sort", sort, SORTS)
    format_ref = reference(format_id)
    fmt = load(format_ref)
    day = parse_date(date)
    read = [
        *([Path(deck)] if deck != "-" else []), *([format_ref] if isinstance(format_ref, Path) else []),
        *([Path(pool_file)] if pool_file is not None else []),
    ]
    writable("--out", out_file, inputs=read)
    pdf_named("--out", out_file)
    # Read before the deck, as validate does: a pool that cannot be read is a usage error (exit 2).
    pool = read_pool_argument(pool_file)
    catalog, note = open_cards(fmt, cards_db, offline=offline)
    parsed = read_deck_argument(deck, input_format=input_format)
    result = check_read_deck(parsed, fmt, date=day, cards=catalog or False, offline=offline, pool=pool)
    report = Report(results=[result])
    plain = load_reporter(PLAIN)
    emit(deliver(plain, report, color=coloured(plain)), color=coloured(plain))
    if result.unreadable:
        say_note(note)
        raise DeckcheckError(f"no sheet written: {result.deck} could not be read")
    if not result.legal and not force:
        say_pool_hint(pool, fmt, catalog, cards_db)
        say_note(note)
        errors = sum(problem.is_error for problem in result.problems)
        say(
            f"deckcheck: error: no sheet written: the deck is not legal in {fmt.name} ({counted(errors, 'problem')} above); "
            "fix it, or add --force to print the sheet anyway"
        )
        raise typer.Exit(1)
    registrant = Registrant(player=player, event=event, date=day, player_id=player_id)
    drawn = build_sheet(parsed, fmt, result, registrant=registrant, day=day, catalog=catalog, by_type=sort == BY_TYPE,
                        pool=pool)
    writer = SheetWriter(paper, title=f"{event}: {player}", day=day)
    pages = writer.add(drawn)
    for message in [*drawn.notes, *writer.warnings]:
        warn(message)
    write_file("--out", out_file, [writer.output()], inputs=read)
    emit(f"wrote {out_file} ({counted(pages, 'page')})\n")
    say_note(note)
    raise typer.Exit(report.exit_code)
