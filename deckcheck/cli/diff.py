"""`deckcheck diff`: a deck check, the registered decklist against the deck as found."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from ..report import DIFFS, PLAIN, encoding
from .app import CARDS_DB_OPTION, INPUT_FORMAT_OPTION, OFFLINE_OPTION, app, handles_errors
from .common import (
    emit, no_empty_argument, no_empty_pool, open_cards, output_option, pool_not_a_deck, read_deck_argument,
    read_pool_argument, say_note, tables_on_stdout, warn,
)
from .help_lists import reports
from ..wording import EMPTY_LIST, counted

if TYPE_CHECKING:
    from ..games.game import Game
    from ..model import Deck

MAX_SHOWN = 20  # unreadable lines listed before diff gives up


@app.command(cls=reports(DIFFS), short_help="Compare a registered decklist with the deck as found.")
@handles_errors
def diff(
    registered: str = typer.Argument(..., metavar="REGISTERED", help="The decklist the player registered (any decklist format, or a ydke:// URL); '-' reads stdin."),
    found: str = typer.Argument(..., metavar="FOUND", help="The deck as found at the table, typed up (any decklist format, or a ydke:// URL); '-' reads stdin."),
    format_id: Optional[str] = typer.Option(
        None, "--format", "-f", metavar="FORMAT",
        help="The event's format: its game's card data makes names canonical on both sides, and both lists are read as validating against it reads them (its deck sizes say where a blank-line list's sideboard is; a Commander deck's commander wherever the file puts it).",
    ),
    output: str = output_option(PLAIN),
    pool_file: Optional[str] = typer.Option(
        None, "--pool", metavar="POOL",
        help="Limited events (with -f): the registered pool (its file, or - for standard input); the sideboard a list does not state is the pool's cards its main deck does not use. Without it such a sideboard is not compared.",
    ),
    input_format: Optional[str] = INPUT_FORMAT_OPTION,
    cards_db: Optional[Path] = CARDS_DB_OPTION,
    offline: bool = OFFLINE_OPTION,
) -> None:
    """Compare a registered decklist with the deck as found: what is missing, what is extra.

    Cards are compared zone by zone, every copy counted; exit 0 when they are the same,
    1 when they differ, 2 when either list cannot be read. Without -f, names are compared
    as written (case, accents and split-card spelling aside), and passcodes and Japanese
    names through the Yu-Gi-Oh! card data; with it, a list grouped by blank lines is also read as validate
    reads it. In a limited event the sideboard is the rest of the pool: give the pool
    (--pool) to compare it.

    \b
    Example: deckcheck diff registered.txt found.txt \\
        -f mtg/modern -o json

    \b
    Example: deckcheck diff registered.txt found.txt \\
        -f mtg/limited --pool pool.txt
    """
    from ..errors import DeckcheckError
    from ..formats import load, reference
    from ..paperwork.diff import compare
    from ..report import choose

    no_empty_argument([registered], "REGISTERED", "the registered decklist's file, - for standard input, or a ydke:// URL")
    no_empty_argument([found], "FOUND", "the found deck's file, - for standard input, or a ydke:// URL")
    no_empty_pool(pool_file)
    reporter = choose(output, DIFFS)
    fmt = load(reference(format_id)) if format_id else None
    pool = None
    if pool_file is not None:
        if fmt is None:
            raise DeckcheckError("--pool compares a limited event's sideboard: give its format too (-f mtg/limited)")
        if fmt.option("pool") is None:
            raise DeckcheckError(f"--pool compares a limited event's sideboard: {fmt.id} is not a limited format "
                                 "(no `pool` key); give the event's limited format (-f mtg/limited)")
        pool_not_a_deck(pool_file, [registered, found])
        # Read before the decks, as validate does: a pool that cannot be read is exit 2.
        pool = read_pool_argument(pool_file)
    decks = [read_deck_argument(source, input_format=input_format) for source in (registered, found)]
    for deck in decks:
        if deck.unreadable:
            raise DeckcheckError(deck.problems[0].message if deck.problems else f"{deck.source}: cannot be read")
    unread = [f"{problem.placed_in(deck.source)}: {problem.message}" for deck in decks for problem in deck.problems
              if problem.is_error]
    # The pool's too (their messages name the pool and the line): its sideboard would lack their cards.
    unread += [problem.message for problem in (pool.problems if pool is not None else ()) if problem.is_error]
    if unread:
        for message in unread[:MAX_SHOWN]:
            warn(message)
        more = f" ({len(unread) - MAX_SHOWN} more not shown)" if len(unread) > MAX_SHOWN else ""
        them = "it" if len(unread) == 1 else "them"
        raise DeckcheckError(f"{counted(len(unread), 'unreadable line')}{more}: fix {them} and compare again; a partial list proves nothing")
    catalog, note, words = None, None, ""
    if fmt is not None:
        # Both lists are read as `validate -f` reads them (compare's rules.read_as): the
        # format's sizes decide whether a last blank-line group is the sideboard.
        catalog, note = open_cards(fmt, cards_db, offline=offline)
    elif (named := _game_naming(decks, cards_db)) is not None:
        # Passcodes, or an OCG player's Japanese names beside an English copy, name no card
        # by themselves: both lists are read through the game whose card data has them.
        from ..cards import catalog_for

        catalog, _ = catalog_for(named.id, cards_db, offline=True, warn=warn)
    else:
        # No format and no passcodes: a title above a typed list is decided by Magic's data.
        from ..decklists.title import titled_without_format

        decks = [titled_without_format(deck, cards_db) for deck in decks]
        # Only the text report names zones in a game's words (JSON gives their ids), and
        # the names cost a catalog's loading (0.1 s) a diff would not pay otherwise.
        words = _game_of_names(decks, cards_db) if reporter.NAME == PLAIN else ""
    # The reader's warnings of the lists as compared: a title line, once the card data says
    # it is one, is no card read without a count (compare decides it again: decklists/title.py).
    from ..decklists import readings
    from ..decklists.title import titled

    for deck in decks:
        for message in readings(titled(deck, catalog) if catalog is not None else deck):
            warn(message)
    comparison = compare(decks[0], decks[1], catalog, fmt, pool, game=words)
    for warning in comparison.unknown:
        warn(warning)
    emit(reporter.render_diff(comparison, **tables_on_stdout(reporter)), encoding=encoding(reporter))
    for deck in decks:
        if not deck.entries:  # (its unreadable lines stopped the command above)
            say_note(f"{deck.source}: {EMPTY_LIST}")  # every card of the other list differs: this is why
    if fmt is None:
        from ..paperwork.diff import commander_elsewhere

        say_note(commander_elsewhere(comparison))
    for reading in comparison.reading_notes:
        say_note(reading)
    say_note(comparison.companion_note)
    say_note(comparison.not_compared)
    say_note(note)
    raise typer.Exit(comparison.exit_code)


def _game_of_names(decks: list[Deck], cards_db: Path | None) -> str:
    """The game whose words name the zones of lists no format, passcode nor Japanese name
    places, as their card names tell (cards/other_game.game_of_names: a Yu-Gi-Oh! list by
    English names has a Side Deck, not a sideboard); "" when a zone only one game has tells
    (compare reads it) or the names do not."""
    from ..cards.other_game import game_of_names
    from ..games import game_of_zones

    if game_of_zones(entry.zone for deck in decks for entry in deck.entries) is not None:
        return ""
    named = game_of_names([entry.name for deck in decks for entry in deck.entries], cards_db)
    return named.id if named is not None else ""


def _game_naming(decks: list[Deck], cards_db: Path | None) -> Game | None:
    """The game whose card data names the lists' cards when no format says (diff without
    -f): the passcode game when a list names a card by number; the game that reads Japanese
    names when a list names its cards mostly by that game's Japanese names (an OCG
    player's), or names a few so among names its card data tells the lists' game by (an
    OCG player's `3 灰流うらら` in a list typed in English: compared as written, it was 3
    missing and 3 Ash Blossom extra); None otherwise (a Magic list's `稲妻` among English
    names stays compared as written)."""
    from ..cards.other_game import game_of_names
    from ..games import japanese_names_game, passcode_game

    if any(entry.code is not None for deck in decks for entry in deck.entries):
        return passcode_game()
    game = japanese_names_game()
    if game is None:
        return None
    for deck in decks:
        names = {entry.name for entry in deck.entries}
        japanese = [name for name in names if game.japanese_card_name(name)]
        if len(japanese) * 2 > len(names):
            return game
    names = [entry.name for deck in decks for entry in deck.entries]
    if any(map(game.japanese_card_name, set(names))):
        named = game_of_names(names, cards_db)
        if named is not None and named.id == game.id:
            return game
    return None
